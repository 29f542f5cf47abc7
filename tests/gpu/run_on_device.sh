#!/usr/bin/env bash
# The GPU suite, run on the GPU machine from the repository root after
# scripts/gpu_stage.sh staged .device-stage/ (docs/testing.md). Builds the
# staged translations with nvcc and cmake, then:
#   1. runs every program and compares its `name value` lines with the serial
#      reference; each `check ... PASS|FAIL` line it prints is a test too;
#      the CUDA programs run twice, the second time built by nvcc with no
#      flags of ours (plaincuda.*);
#   2. reruns the programs under compute-sanitizer memcheck, racecheck and
#      synccheck (short runs: QD_SUITE_QUICK=1);
#   3. profiling: concurrency_proof with NVTX ranges under Nsight Systems,
#      when nsys is installed (the plain ranges build runs in step 1);
#   4. PyTorch interop: tests/gpu/torch_interop/torch_interop.py with the
#      library built from the staged kernels;
#   5. ThreadSanitizer: runtime_stress with its host code and the runtime
#      instrumented (QD_GPU_TSAN=0 leaves it out);
#   6. runs the benchmarks QD_BENCH_RUNS times (default 3; never a failure,
#      only numbers).
# Prints "PASS|FAIL|SKIP <test>" lines, the benchmark results, and last
# "N passed, N failed, N skipped" (SKIP: could not run here, e.g. a second
# GPU; never counted as passed). Logs go to $OUT (or /tmp/qd-gpu-out) as a
# few files.
set -uo pipefail
root=$PWD
stage=$root/.device-stage
out=${OUT:-/tmp/qd-gpu-out}
build=${QD_GPU_BUILD:-/tmp/qd-gpu-build}
logs=$out/logs
mkdir -p "$logs"
started=$(date +%s)

echo "== device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
# A build directory left by a checkout elsewhere cannot be reused.
for dir in "$build" "$build-tsan"; do
  if [ -f "$dir/CMakeCache.txt" ] &&
     ! grep -qx "CMAKE_HOME_DIRECTORY:INTERNAL=$root/tests/gpu/device" "$dir/CMakeCache.txt"; then
    rm -rf "$dir"
  fi
done
if ! { cmake -S tests/gpu/device -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
         -DQD_STAGE="$stage" >"$logs/configure.log" 2>&1 &&
       cmake --build "$build" -j "$(nproc)" >"$logs/build.log" 2>&1; }; then
  tail -n 60 "$logs/configure.log" "$logs/build.log"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "== built in $(( $(date +%s) - started )) s"

passed=0; failed=0; skipped=0
record() { # PASS|FAIL|SKIP name [detail]
  echo "$1 $2${3:+  ($3)}"
  case $1 in
    PASS) passed=$((passed+1)) ;;
    SKIP) skipped=$((skipped+1)) ;;
    *) failed=$((failed+1)) ;;
  esac
}
# record_checks <prefix> <log>: one test per `check <name> <verdict> <detail>` line.
record_checks() {
  while read -r _ name verdict detail; do
    record "$verdict" "$1.$name" "$detail"
  done < <(grep '^check ' "$2")
}

# Executables are named <target>.golden.<case> or <target>.<program>
# (targets cuda, hip, and cudagraph, hipgraph: the same in graph mode;
# plaincuda: the cuda sources built by nvcc with no flags of ours); their
# serial reference is serial/golden.<case>.txt or serial/<program>.txt.
programs=$(cd "$build" && ls | grep -E '^(cuda|hip|cudagraph|hipgraph|plaincuda)\.' | sort)

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
  if [[ $exe == *.qdsmith_* ]]; then
    # Random programs print hashes of their outputs: equal bit for bit, or
    # not. The differing lines name the program (s<seed>.) and unit; rerun
    # it alone with tests/generator/qdsmith.py --seed <seed> [--only units].
    if cmp -s "$ref" "$log"; then
      record PASS "$exe.identical_to_serial" "$(wc -l <"$log") outputs"
    else
      record FAIL "$exe.identical_to_serial"
      diff "$ref" "$log" | grep '^[<>]' | head -10
    fi
    continue
  fi
  if detail=$(python3 tests/gpu/compare_results.py "$ref" "$log" 2>&1); then
    record PASS "$exe.matches_serial" "$(echo "$detail" | tail -1)"
  else
    record FAIL "$exe.matches_serial"; echo "$detail" | head -20
  fi
  record_checks "$exe" "$log"
done

# --- out-of-tree project (tests/out_of_tree/README.md) ---
# cuda.oot_physics ran in the loop above (runs, matches_serial within 1e-4,
# its check lines). Its inputs make every result exact, so its output must
# also equal the serial reference line for line, as in tests/out_of_tree/run.sh.
if [ -f "$stage/cuda/oot/kernels.cu" ]; then
  if [ ! -x "$build/cuda.oot_physics" ]; then
    record FAIL cuda.oot_physics.builds "staged, but the executable was not built"
  elif diff -u "$stage/serial/oot_physics.txt" "$logs/cuda.oot_physics.txt" \
         >"$logs/cuda.oot_physics.diff" 2>&1; then
    record PASS cuda.oot_physics.identical_to_serial "$(wc -l <"$logs/cuda.oot_physics.txt") lines"
  else
    record FAIL cuda.oot_physics.identical_to_serial "see logs/cuda.oot_physics.diff"
    head -20 "$logs/cuda.oot_physics.diff"
  fi
fi
# --- end out-of-tree project ---

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
              # Of the random programs' batches, only the first: the rest
              # would take hours under the sanitizers.
              for exe in $programs; do
                # The plain builds run the same device code as cuda.*.
                case $exe in plaincuda.*) continue ;; *.qdsmith_0) ;; *.qdsmith_*) continue ;; esac
                echo "$tool $exe"
              done
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

echo "== profiling ranges under Nsight Systems"
nsys=$(command -v nsys || ls -d /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null | tail -1)
if [ -n "$nsys" ] && [ -x "$build/cuda.concurrency_proof_ranges" ]; then
  # The ranges with a profiler attached, the case where a range that
  # synchronized would serialize the blocks (docs/profiling.md).
  log=$logs/nsys.concurrency_proof_ranges.txt
  if timeout 300 "$nsys" profile --trace=cuda,nvtx --sample=none --cpuctxsw=none \
       --force-overwrite=true -o "$out/proof_ranges" "$build/cuda.concurrency_proof_ranges" \
       >"$log" 2>&1; then
    record_checks nsys.concurrency_proof_ranges "$log"
    # The ranges were recorded: the summary lists the blocks' ranges.
    "$nsys" stats --report nvtx_sum --format csv "$out/proof_ranges.nsys-rep" \
      >"$logs/nsys.nvtx_sum.csv" 2>&1 ||
      "$nsys" stats --report nvtxsum --format csv "$out/proof_ranges.nsys-rep" \
        >"$logs/nsys.nvtx_sum.csv" 2>&1
    if grep -q "qd block 4" "$logs/nsys.nvtx_sum.csv" && grep -q "qd kernel spin4_parallel" "$logs/nsys.nvtx_sum.csv"; then
      record PASS nsys.ranges_recorded "$(grep -c 'qd ' "$logs/nsys.nvtx_sum.csv") qd ranges in the NVTX summary"
    else
      record FAIL nsys.ranges_recorded "no 'qd block 4' range; see logs/nsys.nvtx_sum.csv"
      head -20 "$logs/nsys.nvtx_sum.csv"
    fi
    rm -f "$out/proof_ranges.sqlite"
  else
    record FAIL nsys.concurrency_proof_ranges.runs "exit $?; see logs/nsys.concurrency_proof_ranges.txt"
    tail -5 "$log"
  fi
else
  record SKIP nsys.concurrency_proof_ranges "nsys not installed"
fi

echo "== pytorch interop"
log=$logs/torch_interop.txt
if [ ! -f "$build/libqd_torch_interop.so" ]; then
  record FAIL torch_interop.builds "libqd_torch_interop.so was not built"
else
  timeout 300 python3 tests/gpu/torch_interop/torch_interop.py "$build/libqd_torch_interop.so" \
    >"$log" 2>&1
  status=$?
  grep '^info ' "$log"
  if [ "$status" != 0 ] || ! grep -q '^check ' "$log"; then
    record FAIL torch_interop.runs "exit $status; see logs/torch_interop.txt"; tail -8 "$log"
  fi
  record_checks torch_interop "$log"
fi

echo "== thread sanitizer"
if [ "${QD_GPU_TSAN:-1}" = 0 ]; then
  record SKIP tsan.runtime_stress "QD_GPU_TSAN=0"
elif ! { cmake -S tests/gpu/device -B "$build-tsan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
           -DQD_STAGE="$stage" -DQD_GPU_SUITE_TSAN=ON >"$logs/tsan_configure.log" 2>&1 &&
         timeout 300 cmake --build "$build-tsan" -j "$(nproc)" --target tsan.runtime_stress \
           >"$logs/tsan_build.log" 2>&1; }; then
  record SKIP tsan.runtime_stress "the ThreadSanitizer build failed: see logs/tsan_build.log"
  tail -n 15 "$logs/tsan_configure.log" "$logs/tsan_build.log"
else
  # 16 threads x QD_STRESS_CALLS calls; timing checks off (QD_SUITE_QUICK).
  # The CUDA driver is not instrumented: its own threads and locks are
  # suppressed, and nothing else (tests/gpu/tsan.supp).
  log=$logs/tsan.runtime_stress.txt
  QD_SUITE_QUICK=1 QD_STRESS_CALLS=${QD_TSAN_CALLS:-300} \
    TSAN_OPTIONS="suppressions=$root/tests/gpu/tsan.supp halt_on_error=0 exitcode=66 second_deadlock_stack=1 history_size=4" \
    timeout 400 "$build-tsan/tsan.runtime_stress" >"$log" 2>&1
  status=$?
  reports=$(grep -c '^WARNING: ThreadSanitizer' "$log")
  suppressed=$(sed -n 's/^ThreadSanitizer: Matched \([0-9]*\) suppressions.*/\1/p' "$log" | head -1)
  if ! ldd "$build-tsan/tsan.runtime_stress" | grep -q libtsan; then
    record FAIL tsan.runtime_stress "the executable does not load libtsan: not instrumented"
  elif grep -q 'FATAL: ThreadSanitizer' "$log"; then
    record SKIP tsan.runtime_stress "ThreadSanitizer could not run with the CUDA driver: $(grep -m1 'FATAL: ThreadSanitizer' "$log")"
  elif [ "$status" = 0 ] && [ "$reports" = 0 ]; then
    record PASS tsan.runtime_stress "no reports; ${suppressed:-0} suppressed in libcuda"
  else
    record FAIL tsan.runtime_stress "exit $status, $reports reports; see logs/tsan.runtime_stress.txt"
    grep -m1 -A14 '^WARNING: ThreadSanitizer' "$log"
  fi
  grep -A12 'Matched.*suppressions' "$log" | head -14
fi

echo "== benchmarks (not tests), ${QD_BENCH_RUNS:-3} runs each"
: >"$out/bench_triad.txt"; : >"$out/bench_streams.txt"; : >"$out/bench_collapse.txt"
: >"$out/bench_reduce.txt"; : >"$out/bench_gemv.txt"; : >"$out/bench_stencil.txt"
: >"$out/bench_product.txt"; : >"$out/bench_jacobi.txt"
for run in $(seq "${QD_BENCH_RUNS:-3}"); do
  echo "-- run $run"
  "$build/triad_bench" 2>&1 | tee -a "$out/bench_triad.txt"
  "$build/streams_bench" 2>&1 | tee -a "$out/bench_streams.txt"
  "$build/collapse_bench" 2>&1 | tee -a "$out/bench_collapse.txt"
  "$build/reduce_bench" 2>&1 | tee -a "$out/bench_reduce.txt"
  "$build/gemv_bench" 2>&1 | tee -a "$out/bench_gemv.txt"
  "$build/stencil_bench" 2>&1 | tee -a "$out/bench_stencil.txt"
  "$build/product_bench" 2>&1 | tee -a "$out/bench_product.txt"
  "$build/jacobi_bench" 2>&1 | tee -a "$out/bench_jacobi.txt"
done

tar -czf "$out/logs.tar.gz" -C "$out" logs && rm -rf "$logs"
echo "== total $(( $(date +%s) - started )) s"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
