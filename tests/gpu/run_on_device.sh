#!/usr/bin/env bash
# The GPU suite, run on the GPU machine from the repository root after
# scripts/gpu_stage.sh staged .device-stage/ (docs/testing.md). Builds the
# staged translations with nvcc and cmake, then:
#   1. runs every program and compares its `name value` lines with the serial
#      reference; each `check ... PASS|FAIL` line it prints is a test too;
#   2. reruns the programs under compute-sanitizer memcheck, racecheck and
#      synccheck (short runs: QD_SUITE_QUICK=1);
#   3. runs the benchmarks QD_BENCH_RUNS times (default 3; never a failure,
#      only numbers).
# Prints "PASS|FAIL <test>" lines, the benchmark results, and last
# "N passed, N failed". Logs go to $OUT (or /tmp/qd-gpu-out) as a few files.
set -uo pipefail
root=$PWD
stage=$root/.device-stage
out=${OUT:-/tmp/qd-gpu-out}
build=${QD_GPU_BUILD:-/tmp/qd-gpu-build}
logs=$out/logs
mkdir -p "$logs"
started=$(date +%s)

echo "== device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
if ! { cmake -S tests/gpu/device -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
         -DQD_STAGE="$stage" >"$logs/configure.log" 2>&1 &&
       cmake --build "$build" -j "$(nproc)" >"$logs/build.log" 2>&1; }; then
  tail -60 "$logs/configure.log" "$logs/build.log"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "== built in $(( $(date +%s) - started )) s"

passed=0; failed=0
record() { # PASS|FAIL name [detail]
  echo "$1 $2${3:+  ($3)}"
  if [ "$1" = PASS ]; then passed=$((passed+1)); else failed=$((failed+1)); fi
}

# Executables are named <target>.golden.<case> or <target>.<program>;
# their serial reference is serial/golden.<case>.txt or serial/<program>.txt.
programs=$(cd "$build" && ls | grep -E '^(cuda|hip)\.' | sort)

echo "== correctness"
for exe in $programs; do
  ref=$stage/serial/${exe#*.}.txt
  log=$logs/$exe.txt
  if "$build/$exe" >"$log" 2>"$logs/$exe.stderr"; then
    record PASS "$exe.runs"
  else
    record FAIL "$exe.runs" "exit $?; see logs/$exe.stderr"; tail -5 "$logs/$exe.stderr"
    continue
  fi
  if detail=$(python3 tests/gpu/compare_results.py "$ref" "$log" 2>&1); then
    record PASS "$exe.matches_serial" "$(echo "$detail" | tail -1)"
  else
    record FAIL "$exe.matches_serial"; echo "$detail" | head -20
  fi
  while read -r _ name verdict detail; do
    record "$verdict" "$exe.$name" "$detail"
  done < <(grep '^check ' "$log")
done

echo "== compute-sanitizer"
if command -v compute-sanitizer >/dev/null; then
  sanitize() { # tool exe
    local log=$logs/sanitizer.$1.$2.txt
    QD_SUITE_QUICK=1 timeout 300 compute-sanitizer --tool "$1" --error-exitcode 99 \
      "$build/$2" >"$log" 2>&1
    echo "$? $1 $2"
  }
  export -f sanitize; export build logs
  results=$(for tool in memcheck racecheck synccheck; do
              for exe in $programs; do echo "$tool $exe"; done
            done | xargs -P "$(nproc)" -n 2 bash -c 'sanitize "$@"' _)
  while read -r status tool exe; do
    log=$logs/sanitizer.$tool.$exe.txt
    if [ "$status" = 0 ] && grep -q "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" "$log"; then
      record PASS "sanitizer.$tool.$exe"
    else
      record FAIL "sanitizer.$tool.$exe" "exit $status"; grep -m5 -i "error\|hazard" "$log"
    fi
  done <<<"$(echo "$results" | sort -k2,3)"
else
  echo "compute-sanitizer not found: skipped"
fi

echo "== benchmarks (not tests), ${QD_BENCH_RUNS:-3} runs each"
: >"$out/bench_triad.txt"; : >"$out/bench_streams.txt"
for run in $(seq "${QD_BENCH_RUNS:-3}"); do
  echo "-- run $run"
  "$build/triad_bench" 2>&1 | tee -a "$out/bench_triad.txt"
  "$build/streams_bench" 2>&1 | tee -a "$out/bench_streams.txt"
done

tar -czf "$out/logs.tar.gz" -C "$out" logs && rm -rf "$logs"
echo "== total $(( $(date +%s) - started )) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
