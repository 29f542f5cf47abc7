# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# One diagnostic test case, run from tests/diagnostics with relative paths.
#   cmake -DTOOL=<qd-translate> -DCASE=<name> -DMODE=verify|valid
#         -DOUT_DIR=<dir> [-DNVCC=<nvcc> -DQD_INCLUDE=<repo>/include] -P run_case.cmake
# verify: '<name>.cpp' under clang's -verify must exit 0 (the diagnostics are
#         exactly its 'expected-*' comments) and write no output file. A case
#         with an 'expected-remark' runs with --remarks (the remarks of
#         Diagnostics.def), which every other case runs without.
# valid:  '<name>.ok.cpp' must translate with exit 0, nothing on stderr, and
#         an output file; with NVCC, the output must then compile with nvcc.
foreach(var TOOL CASE MODE OUT_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_case.cmake needs -D${var}=...")
  endif()
endforeach()
get_filename_component(here "${CMAKE_CURRENT_LIST_FILE}" DIRECTORY)
file(MAKE_DIRECTORY "${OUT_DIR}")

if(MODE STREQUAL "verify")
  set(output "${OUT_DIR}/${CASE}.verify.cu")
  file(REMOVE "${output}")
  file(READ "${here}/${CASE}.cpp" case_text)
  set(remarks "")
  if(case_text MATCHES "expected-remark")
    set(remarks --remarks)
  endif()
  execute_process(
    COMMAND "${TOOL}" ${remarks} "${CASE}.cpp" -o "${output}" -- -Xclang -verify
    WORKING_DIRECTORY "${here}"
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${CASE}.cpp: the diagnostics differ from its expected-* comments "
                        "(exit status ${status}):\n${out}${err}")
  endif()
  if(EXISTS "${output}")
    message(FATAL_ERROR "${CASE}.cpp: -verify wrote an output file, ${output}")
  endif()
elseif(MODE STREQUAL "valid")
  set(output "${OUT_DIR}/${CASE}.cu")
  file(REMOVE "${output}" "${OUT_DIR}/${CASE}.o")
  execute_process(
    COMMAND "${TOOL}" "${CASE}.ok.cpp" -o "${output}" --
    WORKING_DIRECTORY "${here}"
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${CASE}.ok.cpp: exit status ${status}, expected 0:\n${out}${err}")
  endif()
  if(NOT err STREQUAL "" OR NOT out STREQUAL "")
    message(FATAL_ERROR "${CASE}.ok.cpp: the valid twin must translate silently, but printed:\n${out}${err}")
  endif()
  if(NOT EXISTS "${output}")
    message(FATAL_ERROR "${CASE}.ok.cpp: no output file ${output}")
  endif()
  if(NVCC)
    # Every generated .cu of the tests is compiled. Quoted includes are looked
    # up next to the output, so the twin's own directory goes on the path.
    execute_process(
      COMMAND "${NVCC}" -std=c++17 -arch=sm_90 -Werror all-warnings --expt-relaxed-constexpr
              -I "${QD_INCLUDE}" -I "${here}"
              -c "${output}" -o "${OUT_DIR}/${CASE}.o"
      RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "${CASE}.ok.cpp: nvcc cannot compile the output ${output}:\n${out}${err}")
    endif()
  endif()
else()
  message(FATAL_ERROR "run_case.cmake: unknown MODE '${MODE}'")
endif()
