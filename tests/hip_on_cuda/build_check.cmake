# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DSOURCE_DIR=<repo> -DBINARY_DIR=<dir> -DGENERATOR=<gen> -DCUDA_COMPILER=<nvcc>
#       -DCUDA_ARCHITECTURES=<archs separated by |> -P build_check.cmake
#
# The ctest hip_on_cuda.build: configures the repository with QD_HIP_ON_CUDA
# (runtime and tests only) and builds qd::runtime_hip plus the HIP smoke test
# with nvcc. Compile and link only, so it needs no GPU; running the result is
# the GPU suite's job.
foreach(var SOURCE_DIR BINARY_DIR GENERATOR CUDA_COMPILER CUDA_ARCHITECTURES)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "build_check.cmake: -D${var}=... is required")
  endif()
endforeach()
string(REPLACE "|" ";" CUDA_ARCHITECTURES "${CUDA_ARCHITECTURES}")

# Reuse an earlier build for speed, unless it was made from another source tree.
if(EXISTS "${BINARY_DIR}/CMakeCache.txt")
  file(STRINGS "${BINARY_DIR}/CMakeCache.txt" home REGEX "^CMAKE_HOME_DIRECTORY:")
  if(NOT home STREQUAL "CMAKE_HOME_DIRECTORY:INTERNAL=${SOURCE_DIR}")
    file(REMOVE_RECURSE "${BINARY_DIR}")
  endif()
endif()

execute_process(
  COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${BINARY_DIR}"
          -G "${GENERATOR}" -DQD_HIP_ON_CUDA=ON -DQD_BUILD_TRANSLATOR=OFF
          "-DCMAKE_CUDA_COMPILER=${CUDA_COMPILER}"
          "-DCMAKE_CUDA_ARCHITECTURES=${CUDA_ARCHITECTURES}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "hip_on_cuda: configure failed")
endif()
# -j2: the suite shares small machines with other builds.
execute_process(
  COMMAND "${CMAKE_COMMAND}" --build "${BINARY_DIR}" --target qd_runtime_hip_smoke -j 2
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "hip_on_cuda: build failed")
endif()
