#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Fuzzes the whole translation pipeline (tests/fuzz/translate_fuzzer.cpp) for
# a fixed time, with ASan and UBSan, in build-sanitize/. The corpus starts
# fresh from the repository's annotated sources; the dictionary is
# tests/fuzz/qd.dict. On a crash, exits 1 and prints where the input is kept
# (build-sanitize/fuzz-artifacts/); see docs/testing.md for turning it into a
# regression test.
# Usage: scripts/fuzz.sh [seconds, default 60]
set -euo pipefail
source "$(dirname "$0")/sanitize-common.sh"
seconds=${1:-60}
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh [seconds]" >&2; exit 2; }

configure_sanitize_tree
cmake --build "$sanitize_build" --parallel "$jobs" --target translate_fuzzer
fuzzer=$sanitize_build/tests/fuzz/translate_fuzzer

corpus=$sanitize_build/fuzz-corpus
artifacts=$sanitize_build/fuzz-artifacts
rm -rf "$corpus"
mkdir -p "$corpus" "$artifacts"
shopt -s nullglob
for seed in "$root"/tests/golden/*.cpp "$root"/samples/*/*.cpp \
            "$root"/tests/cli/*.cpp "$root"/tests/diagnostics/*.cpp \
            "$root"/tests/fuzz/seeds/*.cpp; do
  rel=${seed#"$root"/}
  cp "$seed" "$corpus/${rel//\//_}"
done
shopt -u nullglob

log=$sanitize_build/fuzz.log
set +e
"$fuzzer" "$corpus" -dict="$root/tests/fuzz/qd.dict" -max_len=16384 \
  -max_total_time="$seconds" -timeout=30 \
  -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1
status=$?
set -e

if [ "$status" -ne 0 ]; then
  tail -n 60 "$log"
  artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
  echo "fuzz: FAILED (exit $status); log: $log"
  if [ -n "$artifact" ]; then
    echo "fuzz: input kept at $artifact"
    echo "fuzz: reproduce with: $fuzzer $artifact"
  fi
  exit 1
fi
runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
elapsed=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -n 1)
echo "fuzz: ${runs:-?} runs in ${elapsed:-$seconds} s, no crash"
