#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the test suite with AddressSanitizer and UndefinedBehaviorSanitizer
# in build-sanitize/ (Clang 19, no samples, CUDA or HIP) and runs it with
# ctest: translator unit tests, cli, golden translations, diagnostics tests,
# the cpu runtime tests, the golden drivers on the cpu runtime, and the fuzzer
# regression inputs. Compile-only checks of the golden outputs (nvcc, hipcc,
# host compiler) are skipped: they run no code of ours. So are the installed
# package's tests (out_of_tree, package.deb): an installed runtime built with
# the sanitizers cannot be linked by a user project built without them, and
# generator.seeds links its programs, built by g++, against that runtime.
# Usage: scripts/sanitize.sh   (QD_JOBS=<n> limits build and test jobs)
set -euo pipefail
source "$(dirname "$0")/sanitize-common.sh"

start=$SECONDS
configure_sanitize_tree
# -k 0: every target that fails to build is reported, not only the first.
cmake --build "$sanitize_build" --parallel "$jobs" -- -k 0
built=$SECONDS
ctest --test-dir "$sanitize_build" --output-on-failure -j "$jobs" \
  -E '^golden\..*\.(nvcc|hipcc|cpu\.compile|cpu\.compile\.openmp|cpu\.flag_matrix)$|^out_of_tree$|^package\.deb$|^generator\.seeds$'
echo "sanitize: built in $((built - start)) s, tests passed in $((SECONDS - built)) s"
