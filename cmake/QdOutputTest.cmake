# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Tests that pass on what they print. CTest ignores a test's exit status
# once PASS_REGULAR_EXPRESSION is set, so a program that printed its lines
# and then failed (an assert after the output, a crash in a destructor, a
# check that exits 1) would pass. qd_add_output_test runs the command
# through QdExitStatus.cmake, which prints `qd-exit-status: <status>` after
# the command's own output, and fails the test on any status but 0 as well
# as on its own FAIL expressions.
#
#   qd_add_output_test(<name> PASS <regex> [FAIL <regex>...]
#                      COMMAND <command> [<arg>...])
#
# Not installed: for this project's tests, samples and benchmarks only.

set(QD_EXIT_STATUS_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/QdExitStatus.cmake")

function(qd_add_output_test name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "PASS" "FAIL;COMMAND")
  if(NOT ARG_PASS OR NOT ARG_COMMAND)
    message(FATAL_ERROR "qd_add_output_test(${name}): PASS and COMMAND are required")
  endif()
  # The command travels as one list argument (CMake escapes the semicolons
  # inside its arguments).
  add_test(NAME ${name}
    COMMAND "${CMAKE_COMMAND}" "-DQD_COMMAND=${ARG_COMMAND}" -P "${QD_EXIT_STATUS_SCRIPT}")
  set(fail "qd-exit-status: [^0]" ${ARG_FAIL})
  set_tests_properties(${name} PROPERTIES
    PASS_REGULAR_EXPRESSION "${ARG_PASS}"
    FAIL_REGULAR_EXPRESSION "${fail}")
endfunction()
