# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DQD_TRANSLATE=<qd-translate> -DQD_SOURCE_DIR=<repo> -DWORK=<dir>
#       [-DGENERATOR=<generator>] -P check.cmake
# Configures and builds tests/cmake_remarks: the target translated with
# REMARKS prints the remarks in the build log, the one without prints none,
# and both generate the same file.
foreach(var QD_TRANSLATE QD_SOURCE_DIR WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check.cmake needs -D${var}=...")
  endif()
endforeach()
if(NOT GENERATOR)
  set(GENERATOR Ninja)
endif()
get_filename_component(here "${CMAKE_CURRENT_LIST_FILE}" DIRECTORY)
file(REMOVE_RECURSE "${WORK}")
execute_process(
  COMMAND "${CMAKE_COMMAND}" -S "${here}" -B "${WORK}" -G "${GENERATOR}"
          "-DQD_TRANSLATE=${QD_TRANSLATE}" "-DQD_SOURCE_DIR=${QD_SOURCE_DIR}"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "configure failed:\n${out}")
endif()

foreach(target with_remarks without_remarks)
  execute_process(
    COMMAND "${CMAKE_COMMAND}" --build "${WORK}" --target ${target}
    RESULT_VARIABLE status OUTPUT_VARIABLE log_${target} ERROR_VARIABLE log_${target})
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "building ${target} failed:\n${log_${target}}")
  endif()
endforeach()

set(expected "kernels.cpp:7:38: remark: 'A[i * n + j]' reads addresses 4 * n bytes apart")
string(FIND "${log_with_remarks}" "${expected}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "REMARKS: the build log lacks \"${expected}\":\n${log_with_remarks}")
endif()
if(log_without_remarks MATCHES "remark:")
  message(FATAL_ERROR "without REMARKS the build log has remarks:\n${log_without_remarks}")
endif()
file(READ "${WORK}/qd_generated/with_remarks/kernels.cpu.cpp" with)
file(READ "${WORK}/qd_generated/without_remarks/kernels.cpu.cpp" without)
if(NOT with STREQUAL without)
  message(FATAL_ERROR "REMARKS changed the generated file")
endif()
message(STATUS "REMARKS: remarks in the build log, the same generated file")
