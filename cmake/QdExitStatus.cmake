# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DQD_COMMAND=<command;args...> -P QdExitStatus.cmake: runs the
# command, its output going straight to this process's, then prints
# `qd-exit-status: <status>` (0, another number, or the signal's name) and
# exits non-zero unless the status was 0 (QdOutputTest.cmake says why).
execute_process(COMMAND ${QD_COMMAND} RESULT_VARIABLE status)
message("qd-exit-status: ${status}")
if(NOT status STREQUAL "0")
  message(FATAL_ERROR "the command exited with status ${status}: ${QD_COMMAND}")
endif()
