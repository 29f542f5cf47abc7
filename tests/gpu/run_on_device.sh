#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, after
# scripts/gpu_stage.sh staged .device-stage/ here. Builds with nvcc, runs
# every sample against its serial reference, then the benchmarks.
# Results go to $OUT (if set) and stdout; the last line is "N passed, N failed".
set -uo pipefail
stage=$PWD/.device-stage
out=${OUT:-/tmp/qd-gpu-out}
build=/tmp/qd-gpu-build
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
cmake -S tests/gpu -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DQD_STAGE="$stage" >"$out/configure.log" 2>&1 \
  && cmake --build "$build" >"$out/build.log" 2>&1 \
  || { tail -40 "$out/configure.log" "$out/build.log"; echo "0 passed, 1 failed"; exit 1; }

passed=0; failed=0
check() { # name, command...
  local name=$1; shift
  if "$@"; then echo "PASS $name"; passed=$((passed+1)); else echo "FAIL $name"; failed=$((failed+1)); fi
}
for sample in multi_system concurrent_kernels; do
  check "sample.$sample.runs" sh -c "'$build/$sample' > '$out/$sample.gpu.txt'"
  check "sample.$sample.matches_serial" \
    python3 tests/gpu/compare_results.py "$stage/serial/$sample.txt" "$out/$sample.gpu.txt"
done
echo "--- bench: triad bandwidth ---"
"$build/triad_bench" | tee "$out/triad_bench.txt"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
