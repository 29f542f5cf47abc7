# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# qd_enable_hip_language(): enables CMake's HIP language when a HIP compiler
# works, and sets QD_HAVE_HIP to ON or OFF. A macro, because enable_language()
# must run at directory scope.
#
# CMake's own detection (check_language) is tried first; it works with ROCm's
# /opt/rocm layout and with CMake >= 3.27. CMake 3.25 and 3.26 cannot use the
# Debian/Ubuntu ROCm packages (CMake issue 24562), for three reasons:
#   - they look for hip-lang-config.cmake in <rocm>/lib/cmake/hip-lang, while
#     Debian installs it under <rocm>/lib/<multiarch>/cmake/hip-lang;
#   - the packages it depends on (amd_comgr) are found only in multiarch
#     directories, which the HIP compiler-check project does not know about;
#   - Debian's clang needs --rocm-path and --hip-device-lib-path, which hipcc
#     normally adds behind the user's back.
# So when the first attempt fails and hipcc exists, we ask hipcc which clang
# and flags it uses, give CMake a ROCm root in the build tree whose
# lib/cmake/hip-lang links to the real directory, and check the result in a
# scratch project before enabling HIP here (a failing enable_language() would
# be a hard configure error, and a missing HIP toolchain must only skip the
# HIP parts). What works is cached, so later configures skip all this and -D
# overrides win; a failure is not, so installing HIP later is noticed.
include_guard(GLOBAL)
include(CheckLanguage)

# The clang that hipcc drives and the flags it adds for it, from hipcc's own
# verbose output. Sets <prefix>_COMPILER and <prefix>_FLAGS (empty if unknown).
function(_qd_hipcc_clang_and_flags prefix)
  set(${prefix}_COMPILER "" PARENT_SCOPE)
  set(${prefix}_FLAGS "" PARENT_SCOPE)
  find_program(QD_HIPCC hipcc)
  if(NOT QD_HIPCC)
    return()
  endif()
  set(probe "${PROJECT_BINARY_DIR}/CMakeFiles/QdHipProbe/probe.hip")
  file(WRITE "${probe}" "__global__ void qd_probe() {}\n")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env HIPCC_VERBOSE=1
            "${QD_HIPCC}" -fsyntax-only "${probe}"
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "hipcc-cmd: *([^ \n]+)([^\n]*)")
    return()
  endif()
  set(compiler "${CMAKE_MATCH_1}")
  set(args "${CMAKE_MATCH_2}")
  set(flags)
  foreach(option rocm-path hip-device-lib-path)
    if(args MATCHES "--${option}=\"?([^\" ]+)")
      list(APPEND flags "--${option}=${CMAKE_MATCH_1}")
    endif()
  endforeach()
  list(JOIN flags " " flags)
  set(${prefix}_COMPILER "${compiler}" PARENT_SCOPE)
  set(${prefix}_FLAGS "${flags}" PARENT_SCOPE)
endfunction()

# A ROCm root for CMake: <root>/lib/cmake/hip-lang links to the multiarch
# directory. The package resolves its own location through symlinks, so it
# still finds the real headers and libraries. Sets <out_var> ("" on failure).
function(_qd_debian_rocm_root out_var rocm_path)
  set(${out_var} "" PARENT_SCOPE)
  set(real "${rocm_path}/lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/hip-lang")
  if(NOT CMAKE_LIBRARY_ARCHITECTURE OR NOT EXISTS "${real}/hip-lang-config.cmake")
    return()
  endif()
  set(root "${PROJECT_BINARY_DIR}/qd-rocm-root")
  file(MAKE_DIRECTORY "${root}/lib/cmake")
  file(CREATE_LINK "${real}" "${root}/lib/cmake/hip-lang" SYMBOLIC RESULT rc)
  if(rc EQUAL 0)
    set(${out_var} "${root}" PARENT_SCOPE)
  endif()
endfunction()

# Configures a scratch project with the given settings; <out_var> is TRUE when
# the HIP language works with them.
function(_qd_hip_settings_work out_var compiler rocm_root flags archs)
  set(dir "${PROJECT_BINARY_DIR}/CMakeFiles/QdCheckHip")
  file(REMOVE_RECURSE "${dir}")
  file(WRITE "${dir}/CMakeLists.txt"
    "cmake_minimum_required(VERSION ${CMAKE_VERSION})\n"
    "project(QdCheckHip CXX)\n"
    "set(CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CMAKE_LIBRARY_ARCHITECTURE)\n"
    "enable_language(HIP)\n")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -S "${dir}" -B "${dir}/build" -G "${CMAKE_GENERATOR}"
            "-DCMAKE_MAKE_PROGRAM=${CMAKE_MAKE_PROGRAM}"
            "-DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}"
            "-DCMAKE_HIP_COMPILER=${compiler}"
            "-DCMAKE_HIP_COMPILER_ROCM_ROOT=${rocm_root}"
            "-DCMAKE_HIP_FLAGS=${flags}"
            "-DCMAKE_HIP_ARCHITECTURES=${archs}"
    OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(rc EQUAL 0)
    set(${out_var} TRUE PARENT_SCOPE)
  else()
    set(${out_var} FALSE PARENT_SCOPE)
    message(STATUS "qd-translate: HIP language check with ${compiler} failed:\n${err}")
  endif()
endfunction()

macro(qd_enable_hip_language)
  set(QD_HAVE_HIP OFF)
  if(NOT DEFINED CMAKE_HIP_ARCHITECTURES)
    # CDNA2 (MI200); set -DCMAKE_HIP_ARCHITECTURES for your GPUs.
    set(CMAKE_HIP_ARCHITECTURES gfx90a CACHE STRING "AMD GPU architectures to build for")
  endif()
  check_language(HIP)
  if(NOT CMAKE_HIP_COMPILER)
    _qd_hipcc_clang_and_flags(_qd_hipcc)
    if(_qd_hipcc_COMPILER AND _qd_hipcc_FLAGS MATCHES "--rocm-path=([^ ]+)")
      _qd_debian_rocm_root(_qd_rocm_root "${CMAKE_MATCH_1}")
      if(_qd_rocm_root)
        _qd_hip_settings_work(_qd_hip_ok "${_qd_hipcc_COMPILER}" "${_qd_rocm_root}"
                              "${_qd_hipcc_FLAGS}" "${CMAKE_HIP_ARCHITECTURES}")
        if(_qd_hip_ok)
          message(STATUS "qd-translate: HIP through hipcc's clang with Debian's "
                         "ROCm layout (${_qd_hipcc_COMPILER}, ${_qd_hipcc_FLAGS})")
          set(CMAKE_HIP_COMPILER "${_qd_hipcc_COMPILER}" CACHE FILEPATH "HIP compiler" FORCE)
          set(CMAKE_HIP_COMPILER_ROCM_ROOT "${_qd_rocm_root}" CACHE PATH "ROCm root for CMake" FORCE)
          string(STRIP "${_qd_hipcc_FLAGS} ${CMAKE_HIP_FLAGS}" _qd_hip_flags)
          set(CMAKE_HIP_FLAGS "${_qd_hip_flags}" CACHE STRING "Flags for the HIP compiler" FORCE)
          # check_language() left a normal variable that would hide the cache.
          unset(CMAKE_HIP_COMPILER)
        endif()
      endif()
    endif()
  endif()
  if(CMAKE_HIP_COMPILER)
    # The HIP compiler check needs the multiarch directory to find the
    # packages hip-lang depends on; CXX, enabled before, knows it.
    list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CMAKE_LIBRARY_ARCHITECTURE)
    enable_language(HIP)
    set(CMAKE_HIP_STANDARD 17)
    set(CMAKE_HIP_STANDARD_REQUIRED ON)
    set(CMAKE_HIP_EXTENSIONS OFF)
    set(QD_HAVE_HIP ON)
  endif()
endmacro()
