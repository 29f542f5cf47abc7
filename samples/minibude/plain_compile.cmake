# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake [-DNVCC=<nvcc> -DCUDA_MAIN=<main.cpp copy>] [-DHIPCC=<hipcc>
#       -DHIP_MAIN=<main.cpp copy> -DHIP_ARCH=<gfx...>] -DINCLUDES=<dir;...>
#       -DWORK_DIR=<dir> -P plain_compile.cmake
#
# Compiles miniBUDE's main.cpp with the translated model (the build's copy of
# main.cpp next to a serial/fasten.hpp that includes the .cu or .hip, see
# CMakeLists.txt) by a plain vendor command: `nvcc -std=c++17` and
# `hipcc -std=c++17`, upstream's -DSERIAL model selection and the include
# paths, no flag of ours (no --expt-relaxed-constexpr). It must compile with
# no output at all: zero warnings.
foreach(var INCLUDES WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "plain_compile.cmake: -D${var}=... is required")
  endif()
endforeach()
file(MAKE_DIRECTORY "${WORK_DIR}")
set(incs)
foreach(dir IN LISTS INCLUDES)
  list(APPEND incs "-I${dir}")
endforeach()
set(failed "")
foreach(vendor NVCC HIPCC)
  if(NOT DEFINED ${vendor})
    continue()
  endif()
  if(vendor STREQUAL "NVCC")
    set(cmd "${NVCC}" -std=c++17 -x cu -c "${CUDA_MAIN}")
  else()
    set(cmd "${HIPCC}" -std=c++17 -x hip "--offload-arch=${HIP_ARCH}" -c "${HIP_MAIN}")
  endif()
  list(APPEND cmd -DSERIAL ${incs} -o "${WORK_DIR}/${vendor}.o")
  execute_process(COMMAND ${cmd} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(JOIN " " shown ${cmd})
  if(NOT rc EQUAL 0 OR NOT "${out}${err}" STREQUAL "")
    message("FAIL: ${shown}\n  exit ${rc}\n${out}${err}")
    string(APPEND failed " ${vendor}")
  else()
    message("ok: ${shown}: no output")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "plain compiles with output or errors:${failed}")
endif()
