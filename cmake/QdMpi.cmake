# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# MPI for the samples and tests that run several ranks (SPEC section 1,
# "Several GPUs and nodes"): Debian's OpenMPI here and in CI
# (libopenmpi-dev, openmpi-bin), OpenMPI 4.1 on the GPU machines. Without it
# the MPI parts are skipped, with a message.
#
# Sets QD_HAVE_MPI and defines
#   qd_mpirun_command(<out_var> <ranks> <executable> [<arg>...])
#     sets <out_var> to the list that launches <executable> on <ranks> ranks
#     of this machine, for add_test(COMMAND ...);
#   qd_mpirun_launcher(<out_var> <ranks>)
#     the same list up to the executable, for scripts that append it;
#   qd_mpi_compare_test(<test> <reference target> <candidate target> <ranks>
#                       [DISABLED] [RTOL <rtol>] [ARGS <arg>...])
#     a test that runs the reference on one rank and the candidate on
#     <ranks>, both with ARGS, and requires the same output, line for line
#     (tests/compare_with_serial.cmake with EXACT=ON), or with RTOL every
#     value within that relative tolerance (tests/gpu/compare_results.py).
#     DISABLED registers it disabled: ctest lists it as "Not Run (Disabled)".
include_guard(GLOBAL)

option(QD_ENABLE_MPI "Build the MPI samples and tests when MPI is found" ON)
# The MPI samples and tests/mpi use '#pragma qd data', 'update' and 'host
# wait' (SPEC section 1). While this is OFF their translated builds are left
# out of 'all' and the tests that run them are registered but disabled;
# scripts/gpu_stage.sh reads it from CMakeCache.txt.
set(QD_MPI_TRANSLATED ON CACHE INTERNAL "qd-translate translates the MPI programs")
set(QD_MPI_TEST_RANKS 1 2 4) # the rank counts every MPI test runs

# The C++ bindings (removed in MPI 3.0, still in OpenMPI's mpi.h) do not
# compile warning-free; MPI's C API is what programs call.
set(MPI_CXX_SKIP_MPICXX ON)
set(QD_HAVE_MPI OFF)
if(QD_ENABLE_MPI)
  find_package(MPI COMPONENTS CXX)
  if(MPI_CXX_FOUND AND MPIEXEC_EXECUTABLE)
    set(QD_HAVE_MPI ON)
  endif()
endif()
if(NOT QD_HAVE_MPI)
  message(STATUS "qd-translate: no MPI (mpicxx, mpirun) found or QD_ENABLE_MPI=OFF; skipping the MPI "
                 "samples and tests (Debian: apt-get install libopenmpi-dev openmpi-bin)")
  return()
endif()

# OpenMPI refuses to run as root and to start more ranks than cores unless
# told; tests start 4 ranks on 2-core CI machines, as root there. Binding
# ranks to cores would pile the ranks of tests that ctest -j runs at once
# onto the same cores. MPICH needs none of this.
execute_process(COMMAND "${MPIEXEC_EXECUTABLE}" --version OUTPUT_VARIABLE mpiexec_version
                ERROR_QUIET RESULT_VARIABLE mpiexec_status)
set(QD_MPIEXEC_FLAGS "" CACHE STRING
  "Extra mpirun flags of qd_mpirun_command() (default: what OpenMPI needs on CI machines)")
set(qd_mpiexec_flags ${QD_MPIEXEC_FLAGS})
if(mpiexec_status EQUAL 0 AND mpiexec_version MATCHES "Open MPI|OpenRTE")
  # Single-copy transfers between ranks (CMA) need ptrace rights that
  # containers often lack; the copy through shared memory works everywhere.
  list(PREPEND qd_mpiexec_flags --allow-run-as-root --oversubscribe --bind-to none
       --mca btl_vader_single_copy_mechanism none)
endif()
set(QD_MPIEXEC_ALL_FLAGS ${qd_mpiexec_flags} CACHE INTERNAL "")
list(JOIN QD_MPIEXEC_ALL_FLAGS " " flags_text)
message(STATUS "qd-translate: MPI ${MPI_CXX_VERSION}: ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} N ${flags_text}")

function(qd_mpirun_launcher out_var ranks)
  set(${out_var}
      "${MPIEXEC_EXECUTABLE}" ${MPIEXEC_NUMPROC_FLAG} ${ranks} ${QD_MPIEXEC_ALL_FLAGS}
      ${MPIEXEC_PREFLAGS}
      PARENT_SCOPE)
endfunction()

function(qd_mpirun_command out_var ranks executable)
  qd_mpirun_launcher(launcher ${ranks})
  set(${out_var} ${launcher} "${executable}" ${MPIEXEC_POSTFLAGS} ${ARGN} PARENT_SCOPE)
endfunction()

function(qd_mpi_compare_test name reference candidate ranks)
  cmake_parse_arguments(PARSE_ARGV 4 QD "DISABLED" "RTOL" "ARGS")
  qd_mpirun_launcher(reference_launcher 1)
  qd_mpirun_launcher(candidate_launcher ${ranks})
  string(MAKE_C_IDENTIFIER "${name}" out_name)
  if(QD_RTOL)
    find_package(Python3 REQUIRED COMPONENTS Interpreter)
    set(compare "-DPYTHON=${Python3_EXECUTABLE}" "-DRTOL=${QD_RTOL}"
                "-DCOMPARE=${PROJECT_SOURCE_DIR}/tests/gpu/compare_results.py")
  else()
    set(compare -DEXACT=ON -DPYTHON=unused -DCOMPARE=unused)
  endif()
  if(QD_ARGS)
    list(APPEND compare "-DARGS=${QD_ARGS}")
  endif()
  add_test(NAME ${name}
    COMMAND "${CMAKE_COMMAND}"
            "-DREFERENCE=$<TARGET_FILE:${reference}>"
            "-DREFERENCE_LAUNCHER=${reference_launcher}"
            "-DCANDIDATE=$<TARGET_FILE:${candidate}>"
            "-DCANDIDATE_LAUNCHER=${candidate_launcher}"
            ${compare}
            "-DOUT_DIR=${CMAKE_CURRENT_BINARY_DIR}/results/${out_name}"
            -P "${PROJECT_SOURCE_DIR}/tests/compare_with_serial.cmake")
  set_tests_properties(${name} PROPERTIES PROCESSORS ${ranks} DISABLED ${QD_DISABLED})
endfunction()
