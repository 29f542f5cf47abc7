# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DCOMMAND=<launcher;args;exe> -DDECK=<tea.in> -DPROBLEMS=<tea.problems>
#       -DWORK_DIR=<dir> [-DREFERENCE=<output.txt>] -DPYTHON=<python3>
#       -DCOMPARE=<tests/gpu/compare_results.py> -P run_tealeaf.cmake
#
# Runs TeaLeaf in a directory of its own (it reads tea.in and writes tea.out
# in the working directory), requires upstream's own check to pass, and,
# given a reference output, the same numbers within 1e-10 (the sums of 1 and
# 2 ranks differ in the last digits only).
foreach(var COMMAND DECK PROBLEMS WORK_DIR PYTHON COMPARE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_tealeaf.cmake: -D${var}=... is required")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
configure_file("${DECK}" "${WORK_DIR}/tea.in" COPYONLY)
configure_file("${PROBLEMS}" "${WORK_DIR}/tea.problems" COPYONLY)
list(FILTER COMMAND EXCLUDE REGEX "^$")
execute_process(COMMAND ${COMMAND} WORKING_DIRECTORY "${WORK_DIR}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
file(WRITE "${WORK_DIR}/output.txt" "${out}")
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${COMMAND} exited with ${rc}: ${err}")
endif()
if(NOT out MATCHES "This run [^\n]*PASSED")
  message(FATAL_ERROR "TeaLeaf's own check did not pass")
endif()
if(REFERENCE)
  execute_process(COMMAND "${PYTHON}" "${COMPARE}" --rtol 1e-10 "${REFERENCE}" "${WORK_DIR}/output.txt"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the output differs from ${REFERENCE}")
  endif()
endif()
