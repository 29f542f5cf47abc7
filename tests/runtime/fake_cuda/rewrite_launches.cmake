# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DINPUT=<generated .cu> -DOUTPUT=<.cpp> -P rewrite_launches.cmake
#
# Makes a .cu file that qd-translate generated compilable by the host
# compiler against the fake CUDA runtime (cuda_runtime.h next to this file):
# `kernel<<<grid, block, shmem, stream>>>(` becomes
# `qd_fake_launch(&kernel, grid, block, shmem, stream)(`. Generated launch
# configurations contain no '>' and kernel template arguments no '<', which
# the pattern relies on; a launch it misses fails to compile.
file(READ "${INPUT}" text)
string(REGEX REPLACE
  "([A-Za-z_][A-Za-z0-9_:]*(<[^<>;]*>)?)<<<([^>;]*)>>>\\("
  "qd_fake_launch(&\\1, \\3)("
  text "${text}")
if(text MATCHES "<<<")
  message(FATAL_ERROR "${INPUT}: a launch was not rewritten")
endif()
file(WRITE "${OUTPUT}.tmp" "// Rewritten from ${INPUT} by rewrite_launches.cmake.\n${text}")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
