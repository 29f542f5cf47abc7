# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DREFERENCE=<serial exe> -DCANDIDATE=<translated exe> -DOUT_DIR=<dir>
#       -DPYTHON=<python3> -DCOMPARE=<tests/gpu/compare_results.py>
#       [-DREFERENCE_LAUNCHER=<command;args>] [-DCANDIDATE_LAUNCHER=<command;args>]
#       [-DEXACT=ON | -DRTOL=<relative tolerance>] [-DARGS=<arg;...>] -P compare_with_serial.cmake
#
# Runs a sample's serial build (the reference meaning) and a translated build
# of the same source, and compares their "name value" lines with the GPU
# suite's comparer, so every target is held to the same tolerance. A
# launcher runs the program under it (the mpirun command line of
# qd_mpirun_command(), cmake/QdMpi.cmake, for MPI programs). EXACT=ON
# requires the same output line for line: for programs whose arithmetic does
# not depend on the target or on the number of ranks.
cmake_policy(VERSION 3.25)
foreach(var REFERENCE CANDIDATE OUT_DIR PYTHON COMPARE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compare_with_serial.cmake: -D${var}=... is required")
  endif()
endforeach()

file(MAKE_DIRECTORY "${OUT_DIR}")
foreach(run REFERENCE CANDIDATE)
  get_filename_component(name "${${run}}" NAME)
  set(${run}_OUT "${OUT_DIR}/${name}.txt")
  # The serial build on more ranks against itself on one.
  if(run STREQUAL "CANDIDATE" AND CANDIDATE_OUT STREQUAL REFERENCE_OUT)
    set(${run}_OUT "${OUT_DIR}/${name}.candidate.txt")
  endif()
  execute_process(COMMAND ${${run}_LAUNCHER} "${${run}}" ${ARGS} OUTPUT_FILE "${${run}_OUT}"
                  RESULT_VARIABLE rc)
  list(JOIN ${run}_LAUNCHER " " ${run}_SHOWN)
  string(APPEND ${run}_SHOWN " ${${run}}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${${run}_SHOWN} exited with ${rc}")
  endif()
endforeach()
if(EXACT)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${REFERENCE_OUT}" "${CANDIDATE_OUT}"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    file(READ "${REFERENCE_OUT}" reference_text)
    file(READ "${CANDIDATE_OUT}" candidate_text)
    message(FATAL_ERROR "${CANDIDATE_SHOWN} printed\n${candidate_text}"
                        "where ${REFERENCE_SHOWN} printed\n${reference_text}")
  endif()
  message(STATUS "identical output (${REFERENCE_OUT}, ${CANDIDATE_OUT})")
  return()
endif()
set(rtol_args)
if(DEFINED RTOL)
  set(rtol_args --rtol "${RTOL}")
endif()
execute_process(COMMAND "${PYTHON}" "${COMPARE}" "${REFERENCE_OUT}" "${CANDIDATE_OUT}" ${rtol_args}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CANDIDATE} differs from ${REFERENCE}")
endif()
