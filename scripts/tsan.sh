#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the runtime and its tests with ThreadSanitizer in build-tsan/ (Clang
# 19 by default; no translator, samples, CUDA or HIP) and runs them: the cpu
# runtime tests (qd_runtime_tests) and the fake-device tests
# (qd_runtime_fake_tests: 16 threads x 10,000 region cycles on the pools,
# failures mid-region, several devices). The first data race, deadlock
# (lock-order inversion) or other TSan report fails the run. Prints one
# summary line. See docs/testing.md.
# Usage: scripts/tsan.sh   (QD_JOBS=<n> limits build jobs; QD_TSAN_CXX and
#                           QD_TSAN_CC pick the compilers, e.g. g++ and gcc)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-tsan
jobs=${QD_JOBS:-$(nproc)}
cxx=${QD_TSAN_CXX:-clang++-19} cc=${QD_TSAN_CC:-clang-19}
command -v "$cxx" >/dev/null || { echo "tsan: $cxx not found; run scripts/bootstrap.sh" >&2; exit 1; }
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}

start=$SECONDS
# -O1 and line tables: TSan's slowdown stays bearable, reports stay readable.
# No -DNDEBUG: the pool's assertions stay on.
cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
  "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
  -DQD_SANITIZE=thread -DQD_BUILD_TRANSLATOR=OFF -DQD_BUILD_SAMPLES=OFF \
  -DQD_ENABLE_CUDA=OFF -DQD_ENABLE_HIP=OFF >/dev/null
cmake --build "$build" --parallel "$jobs" --target qd_runtime_tests qd_runtime_fake_tests
built=$SECONDS

tests=$build/tests/runtime
log=$build/tsan.log
: >"$log"
run() { # run <command...>: output to the terminal and the log
  "$@" 2>&1 | tee -a "$log"
  return "${PIPESTATUS[0]}"
}
# One process per binary (the fixtures keep the pools clean between tests),
# plus the limit read from the environment, which needs fresh processes.
run "$tests/qd_runtime_tests"
QD_FAKE_DEVICES=2 run "$tests/qd_runtime_fake_tests"
QD_STREAM_POOL_LIMIT=5 run "$tests/qd_runtime_fake_tests" --gtest_filter='FakeLimitEnvironment.*'
QD_STREAM_POOL_LIMIT=x run "$tests/qd_runtime_fake_tests" --gtest_filter='FakeLimitEnvironment.*'

# A report that did not halt (it should) still fails the run.
if grep -q "WARNING: ThreadSanitizer" "$log"; then
  echo "tsan: ThreadSanitizer reported a problem (see $log)" >&2
  exit 1
fi
passed=$(grep -o '^\[  PASSED  \] [0-9]*' "$log" | awk '{s += $4} END {print s + 0}')
# [qd-stress] lines: name: threads=T cycles=C limit=L streams acquired=A
# created=N reused=R shared=S ...
stress=$(grep '^\[qd-stress\]' "$log" | sed -E \
  's/^\[qd-stress\] ([^:]*): threads=([0-9]+) cycles=([0-9]+) limit=([0-9]+) streams acquired=([0-9]+) created=([0-9]+) reused=([0-9]+) shared=([0-9]+).*/\1 (limit \4): \2x\3, streams created\/reused\/shared \6\/\7\/\8/' |
  paste -sd ';' - | sed 's/;/; /g')
echo "tsan: $passed tests passed, no reports; $stress; built in $((built - start)) s, ran in $((SECONDS - built)) s"
