#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Quick start, step 2 of 2: turns the test suite on (QD_BUILD_TESTS=ON, in
# the build directory scripts/bootstrap.sh configured without it), builds
# everything and runs the whole test suite (unit, golden, nvcc compile
# checks of golden outputs, runtime, samples' serial builds, MPI programs on
# 1, 2 and 4 ranks), then the sanitizer build of the tests (scripts/sanitize.sh,
# in build-sanitize/), one minute of fuzzing (scripts/fuzz.sh 60) and the
# runtime under ThreadSanitizer (scripts/tsan.sh, in build-tsan/). Run
# scripts/bootstrap.sh once first on a fresh machine.
#
# Usage: scripts/test.sh [build dir, default: build]
#        QD_SANITIZE_TESTS=0 scripts/test.sh   skips the sanitizer, fuzzing and TSan steps
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
if [ -z "${CUDACXX:-}" ] && [ -x "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" ]; then
  export CUDACXX="${CUDA_HOME:-/usr/local/cuda}/bin/nvcc"
fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DQD_BUILD_TESTS=ON
cmake --build "$build"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
if [ "${QD_SANITIZE_TESTS:-1}" != 0 ]; then
  "$root/scripts/sanitize.sh"
  "$root/scripts/fuzz.sh" 60
  "$root/scripts/tsan.sh"
fi
