# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# NCCL for the multi-GPU sample and benchmark (SPEC section 1, "Several GPUs
# and nodes"). NCCL is not in Debian's main archive; it comes with the CUDA
# toolkit's redistributables, with Python's nvidia-nccl-cu* wheel (the GPU
# machines: nvidia/nccl/{include,lib} in site-packages), or from NVIDIA's
# packages under /usr. Searched in NCCL_ROOT / NCCL_HOME, the CUDA toolkit,
# every Python's nvidia/nccl, and the system paths.
#
# Sets QD_HAVE_NCCL and, when found, the imported target QdNccl::nccl
# (header and libnccl). Without it the NCCL builds are skipped, with a
# message; the same sources still build and run with MPI on the cpu target.
include_guard(GLOBAL)

set(QD_HAVE_NCCL OFF)
if(NOT QD_HAVE_CUDA)
  return()
endif()

set(qd_nccl_hints)
foreach(var NCCL_ROOT NCCL_HOME)
  if(DEFINED ENV{${var}})
    list(APPEND qd_nccl_hints "$ENV{${var}}")
  endif()
endforeach()
if(CUDAToolkit_LIBRARY_ROOT)
  list(APPEND qd_nccl_hints "${CUDAToolkit_LIBRARY_ROOT}")
endif()
if(CMAKE_CUDA_COMPILER)
  get_filename_component(qd_cuda_bin "${CMAKE_CUDA_COMPILER}" DIRECTORY)
  get_filename_component(qd_cuda_root "${qd_cuda_bin}" DIRECTORY)
  list(APPEND qd_nccl_hints "${qd_cuda_root}")
endif()
# Python's wheel: nvidia is a namespace package, so ask for its path list.
foreach(python python3 python)
  find_program(qd_python_${python} ${python})
  if(qd_python_${python})
    execute_process(
      COMMAND "${qd_python_${python}}" -c
              "import nvidia.nccl as m; print(';'.join(list(m.__path__)))"
      OUTPUT_VARIABLE qd_nccl_python OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
      RESULT_VARIABLE qd_nccl_python_status)
    if(qd_nccl_python_status EQUAL 0 AND qd_nccl_python)
      list(APPEND qd_nccl_hints ${qd_nccl_python})
    endif()
  endif()
endforeach()

find_path(QD_NCCL_INCLUDE_DIR nccl.h HINTS ${qd_nccl_hints} PATH_SUFFIXES include)
# The wheel ships only libnccl.so.2, no unversioned link.
find_library(QD_NCCL_LIBRARY NAMES nccl libnccl.so.2 HINTS ${qd_nccl_hints}
             PATH_SUFFIXES lib lib64 lib/x86_64-linux-gnu)
if(QD_NCCL_INCLUDE_DIR AND QD_NCCL_LIBRARY)
  set(QD_HAVE_NCCL ON)
  file(STRINGS "${QD_NCCL_INCLUDE_DIR}/nccl.h" qd_nccl_version_lines
       REGEX "^#define NCCL_(MAJOR|MINOR|PATCH) ")
  string(REGEX REPLACE ".*NCCL_MAJOR ([0-9]+).*NCCL_MINOR ([0-9]+).*NCCL_PATCH ([0-9]+).*"
         "\\1.\\2.\\3" qd_nccl_version "${qd_nccl_version_lines}")
  if(NOT TARGET QdNccl::nccl)
    add_library(QdNccl::nccl UNKNOWN IMPORTED)
    set_target_properties(QdNccl::nccl PROPERTIES
      IMPORTED_LOCATION "${QD_NCCL_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${QD_NCCL_INCLUDE_DIR}")
  endif()
  message(STATUS "qd-translate: NCCL ${qd_nccl_version}: ${QD_NCCL_LIBRARY}")
else()
  message(STATUS "qd-translate: no NCCL (nccl.h, libnccl) found; skipping the NCCL builds of "
                 "samples/multi_gpu_jacobi and bench/ (set NCCL_ROOT to its install)")
endif()
