# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# qd_translate_sources(<target> [BACKEND cuda|hip|cpu|serial] [PROFILE_RANGES]
#                      [GRAPHS] [REMARKS] [IN_ROOT <dir>] SOURCES <file>...
#                      [ARGS <arg>...])
#
# Translates annotated C++ sources at build time and adds the results to
# <target>, and links the matching runtime:
#   cuda    <stem>.cu,  CMake's CUDA language, qd::runtime_cuda
#   hip     <stem>.hip, CMake's HIP language,  qd::runtime_hip
#   cpu     <stem>.cpu.cpp, the C++ compiler,  qd::runtime_cpu
#   serial  the sources as written (the pragmas are ignored: the reference
#           meaning), the C++ compiler with QD_SERIAL_BUILD, qd::runtime_cpu
# For each source it also writes the entry-point header <stem>.qd.h, the
# declarations of both host entry points of every kernel, and puts its
# directory on <target>'s include path (PUBLIC), so other translation units
# include it instead of declaring the entry points by hand.
# The translation reruns when a source or any header it includes changes
# (qd-translate writes a dependency file).
#
#   BACKEND  cuda (the default), hip, cpu or serial.
#   SOURCES  the annotated .cpp files.
#   IN_ROOT  device code may call functions defined in headers under this
#            directory (default: PROJECT_SOURCE_DIR); qd-translate writes
#            translated copies of those it needs next to the generated file.
#   ARGS     extra compiler arguments for parsing (after the target's own
#            include directories and definitions).
#   PROFILE_RANGES  compile the generated files with QD_PROFILE_RANGES: NVTX
#            (cuda) or roctx (hip) ranges around each kernel call, region and
#            block (docs/runtime.md). The cache option QD_PROFILE_RANGES
#            turns them on for every call of this function.
#   GRAPHS   graph mode for every kernel of SOURCES (qd-translate --graphs):
#            each call launches a cached CUDA/HIP graph (docs/pragmas.md,
#            "The `graph` clause"). A kernel can also ask for it with
#            '#pragma qd kernel graph'. cpu and serial ignore it.
#   REMARKS  qd-translate --remarks: each translation prints, in the build
#            log, every parallel loop's launch shape and the accesses whose
#            loads or stores do not coalesce, with what would fix them
#            (docs/cli.md). The generated files are the same as without it.
include_guard(GLOBAL)

option(QD_PROFILE_RANGES
  "Compile the outputs of qd_translate_sources() with NVTX/roctx profiler ranges (docs/runtime.md)" OFF)

# qd_profile_ranges_setup(<target> <backend> <out_var>): links what the ranges
# of <backend> need and sets <out_var> to the compile definitions of the
# generated files.
function(qd_profile_ranges_setup target backend out_var)
  set(defs QD_PROFILE_RANGES)
  if(backend STREQUAL "cuda" OR QD_HIP_ON_CUDA)
    # NVTX 3 is header-only (in the CUDA toolkit's include directory, which
    # nvcc searches); it finds the profiler with dlopen.
    target_link_libraries(${target} PRIVATE ${CMAKE_DL_LIBS})
  elseif(backend STREQUAL "hip")
    find_library(QD_ROCTX_LIBRARY NAMES roctx64
                 HINTS "$ENV{ROCM_PATH}/lib" /opt/rocm/lib)
    find_path(QD_ROCTX_INCLUDE_DIR roctracer/roctx.h
              HINTS "$ENV{ROCM_PATH}/include" /opt/rocm/include)
    if(QD_ROCTX_LIBRARY AND QD_ROCTX_INCLUDE_DIR)
      target_link_libraries(${target} PRIVATE "${QD_ROCTX_LIBRARY}")
      target_include_directories(${target} PRIVATE "${QD_ROCTX_INCLUDE_DIR}")
    else()
      # Without roctracer (Debian 12's HIP 5.2 has none) the ranges are
      # no-ops; say so once, and keep a header found elsewhere from asking
      # for a library that is not linked.
      list(APPEND defs QD_PROFILE_NO_ROCTX)
      if(NOT QD_ROCTX_WARNED)
        set(QD_ROCTX_WARNED ON CACHE INTERNAL "")
        message(STATUS "qd_translate_sources: roctx (roctracer) not found; "
                       "HIP profile ranges compile to nothing")
      endif()
    endif()
  endif()
  set(${out_var} "${defs}" PARENT_SCOPE)
endfunction()

function(qd_translate_sources target)
  # The option QD_PROFILE_RANGES, read before the keyword of the same name
  # (QD_ prefix) hides it.
  set(ranges_everywhere "${QD_PROFILE_RANGES}")
  cmake_parse_arguments(PARSE_ARGV 1 QD "PROFILE_RANGES;GRAPHS;REMARKS" "BACKEND;IN_ROOT" "SOURCES;ARGS")
  set(mode_args)
  if(QD_GRAPHS)
    list(APPEND mode_args --graphs)
  endif()
  if(QD_REMARKS)
    list(APPEND mode_args --remarks)
  endif()
  if(NOT QD_BACKEND)
    set(QD_BACKEND cuda)
  endif()
  # QD_HIP_ON_CUDA (qd-translate's own tests only): .hip compiled by nvcc.
  set(language "")
  if(QD_BACKEND STREQUAL "cuda")
    set(ext cu)
    set(runtime qd::runtime_cuda)
  elseif(QD_BACKEND STREQUAL "hip")
    set(ext hip)
    set(runtime qd::runtime_hip)
    if(QD_HIP_ON_CUDA)
      set(language CUDA)
    else()
      get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
      if(NOT "HIP" IN_LIST languages)
        message(FATAL_ERROR "qd_translate_sources: BACKEND hip needs the HIP language; "
                            "call enable_language(HIP) first (see docs/cmake.md)")
      endif()
    endif()
  elseif(QD_BACKEND STREQUAL "cpu" OR QD_BACKEND STREQUAL "serial")
    set(ext cpu.cpp) # as qd-translate --out-dir names it
    set(runtime qd::runtime_cpu)
  else()
    message(FATAL_ERROR "qd_translate_sources: BACKEND ${QD_BACKEND} is not supported; use cuda, hip, cpu or serial")
  endif()
  if(NOT QD_SOURCES)
    message(FATAL_ERROR "qd_translate_sources: no SOURCES given for ${target}")
  endif()

  set(range_defs "")
  if((QD_PROFILE_RANGES OR ranges_everywhere) AND NOT QD_BACKEND MATCHES "^(cpu|serial)$")
    qd_profile_ranges_setup(${target} ${QD_BACKEND} range_defs)
  endif()

  if(TARGET qd-translate)
    set(tool "$<TARGET_FILE:qd-translate>")
  elseif(TARGET qd::qd-translate)
    set(tool "$<TARGET_FILE:qd::qd-translate>")
  else()
    message(FATAL_ERROR "qd_translate_sources: qd-translate not found; use find_package(QdTranslate)")
  endif()

  # Parse with the target's own include paths and definitions.
  set(incs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(parse_args
      "$<$<BOOL:${incs}>:-I$<JOIN:${incs},$<SEMICOLON>-I>>"
      "$<$<BOOL:${defs}>:-D$<JOIN:${defs},$<SEMICOLON>-D>>"
      ${QD_ARGS})

  if(NOT QD_IN_ROOT)
    set(QD_IN_ROOT "${PROJECT_SOURCE_DIR}")
  endif()
  get_filename_component(in_root "${QD_IN_ROOT}" ABSOLUTE)
  set(gen_dir "${CMAKE_CURRENT_BINARY_DIR}/qd_generated/${target}")
  # The entry-point headers: other sources of the target and its users
  # include them, and so may the annotated sources themselves.
  file(MAKE_DIRECTORY "${gen_dir}/include")
  target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${gen_dir}/include>")

  foreach(src IN LISTS QD_SOURCES)
    get_filename_component(abs "${src}" ABSOLUTE)
    get_filename_component(stem "${src}" NAME_WE)
    set(out "${gen_dir}/${stem}.${ext}")
    set(header "${gen_dir}/include/${stem}.qd.h")
    add_custom_command(
      OUTPUT "${out}" "${header}"
      COMMAND "${tool}" "--target=$<IF:$<STREQUAL:${QD_BACKEND},serial>,cpu,${QD_BACKEND}>"
              ${mode_args} "${abs}" -o "${out}" -MF "${out}.d" --header "${header}"
              --in-root "${in_root}" -- ${parse_args}
      DEPENDS "${abs}" "${tool}"
      DEPFILE "${out}.d"
      # Names of sources under the input root are written relative to it:
      # the same project gives the same generated files wherever it is built.
      WORKING_DIRECTORY "${in_root}"
      COMMENT "qd-translate ${src} -> ${stem}.${ext}, ${stem}.qd.h"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    get_filename_component(src_dir "${abs}" DIRECTORY)
    if(QD_BACKEND STREQUAL "serial")
      # The reference build compiles the annotated source itself; the
      # translation only provides the entry-point header, so it must come
      # first.
      target_sources(${target} PRIVATE "${abs}" "${header}")
      set_property(SOURCE "${abs}" APPEND PROPERTY COMPILE_OPTIONS
                   "$<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:-Wno-unknown-pragmas>"
                   "$<$<COMPILE_LANG_AND_ID:CXX,Clang,AppleClang>:-Wno-unknown-warning-option>")
      set_property(SOURCE "${abs}" APPEND PROPERTY OBJECT_DEPENDS "${header}")
      continue()
    endif()
    target_sources(${target} PRIVATE "${out}" "${header}")
    if(language)
      set_source_files_properties("${out}" PROPERTIES LANGUAGE ${language})
    endif()
    if(range_defs)
      set_property(SOURCE "${out}" APPEND PROPERTY COMPILE_DEFINITIONS ${range_defs})
    endif()
    if(QD_BACKEND STREQUAL "cuda" OR language STREQUAL "CUDA")
      # Device code may call constexpr functions of the standard library
      # (std::min, std::max, std::clamp); without this flag nvcc warns
      # (#20013) and the call may compute garbage on the device.
      set_property(SOURCE "${out}" APPEND PROPERTY COMPILE_OPTIONS --expt-relaxed-constexpr)
    endif()
    # The generated file lives in the build tree; quoted includes of the
    # annotated source must still resolve next to it.
    set_property(SOURCE "${out}" APPEND PROPERTY INCLUDE_DIRECTORIES "${src_dir}")
  endforeach()
  if(QD_BACKEND STREQUAL "serial")
    target_compile_definitions(${target} PUBLIC QD_SERIAL_BUILD)
  endif()
  target_link_libraries(${target} PRIVATE ${runtime})
  if(QD_BACKEND STREQUAL "cuda" OR language STREQUAL "CUDA")
    # The runtime uses the shared cudart; one instance holds the current
    # device and the last launch error for both.
    set_target_properties(${target} PROPERTIES CUDA_RUNTIME_LIBRARY Shared)
  endif()
endfunction()
