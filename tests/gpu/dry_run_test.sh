#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# shellcheck disable=SC2015 # "a && b || fail": fail when either is false
# ctest gpu_suite.scripts.dry_run: the GPU suite's device-side scripts,
# checked without a GPU or nvcc (docs/testing.md, "The GPU suite"). Builds a
# small stage archive from golden outputs, then runs
# tests/gpu/run_on_device.sh with QD_GPU_DRY_RUN=1 over every stage and
# checks what it would build and run (TeaLeaf's runs among them), its two
# output files, the archive checksum reuse, filters, the deadline, and
# drop_missing_deps.sh. Then the verdicts, on synthetic logs that
# QD_GPU_REPLAY hands the runner in place of runs: compute-sanitizer's
# reports of programs with conditional graph nodes against the WHILE-node
# probe's (SKIP only for the probe's own kinds of report), a ThreadSanitizer
# build that fails (FAIL), and TeaLeaf's field sums against the serial ones
# (tests/gpu/compare_tealeaf.py).
# Usage: dry_run_test.sh <scratch directory>
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$1
rm -rf "$dir"
mkdir -p "$dir/stage/serial"
cd "$root"
fail() { echo "FAIL: $*" >&2; exit 1; }

for script in tests/gpu/run_on_device.sh scripts/gpu_stage.sh tests/gpu/device/drop_missing_deps.sh; do
  bash -n "$script"
  if command -v shellcheck >/dev/null; then shellcheck "$script"; fi
done

# A stage of three golden cases, the suite programs' names, one qdsmith
# batch, an MPI program, the benchmarks, the PyTorch kernels, the
# out-of-tree project and TeaLeaf's check deck with serial references (the
# sums of a real 128x128 CG run, the same for every solver here).
s=$dir/stage
for t in cuda hip cudagraph hipgraph; do
  case $t in hip*) ext=hip ;; *) ext=cu ;; esac
  mkdir -p "$s/$t/golden" "$s/$t/programs" "$s/$t/samples/poisson_cg/include" "$s/$t/mpi"
  echo "// mpi_heat" >"$s/$t/mpi/mpi_heat.$ext"
  for c in one_loop reduction graph_loops; do
    cp "tests/golden/expected/$c.$ext" "$s/$t/golden/"
  done
  for p in concurrency_proof runtime_stress qdsmith_0; do echo "// $p" >"$s/$t/programs/$p.$ext"; done
done
mkdir -p "$s/cuda/bench" "$s/cuda/torch" "$s/cuda/oot"
for b in triad streams collapse reduce gemv stencil product jacobi polybench streams_graph polybench_graph; do echo >"$s/cuda/bench/$b.cu"; done
echo >"$s/cuda/torch/qd_torch_kernels.cu"
echo >"$s/cuda/oot/kernels.cu"
echo "qdsmith_0 1-50" >"$s/serial/qdsmith_seeds.txt"
mkdir -p "$s/tealeaf/decks" "$s/tealeaf/serial"
echo "staged by dry_run_test.sh" >"$s/tealeaf/stage-info.txt"
echo "64 64 1 1.084697720003111e+02" >"$s/tealeaf/decks/tea.problems"
tealeaf_sums() { # <temperature of step 3>: what the bench patch's driver prints
  local t3=$1
  printf 'bench sums step %d volume 1.00000000000000000e+02 mass 8.29699279785156250e+03 ie 3.55322265625000000e+00 temperature %s\n' \
    1 1.05668024660052595e+02 2 1.11662763875308556e+02 3 "$t3" 4 1.14870195691741830e+02 5 1.15436278437218870e+02
  echo "bench solve_seconds 0.05 steps 5 ranks 1"
}
for solver in cg cheby ppcg jacobi; do
  echo "*tea" >"$s/tealeaf/decks/check.$solver.in"
  for np in 1 2; do tealeaf_sums 1.13852610388925299e+02 >"$s/tealeaf/serial/check.$solver.np$np.txt"; done
done
echo "commit dry-run test" >"$s/stage-info.txt"
tar -C "$s" -cf - . | xz >"$dir/stage.tar.xz"

run() { # <out dir> <arguments...>: the runner's exit status in $status
  local o=$1
  shift
  status=0
  QD_STAGE_ARCHIVE=$dir/stage.tar.xz QD_GPU_STAGE=$dir/unpacked QD_GPU_BUILD=$dir/build \
    OUT=$o QD_GPU_DRY_RUN=1 bash tests/gpu/run_on_device.sh "$@" >"$o.log" 2>&1 || status=$?
}
mkdir -p "$dir/all"
run "$dir/all" all
[ "$status" = 0 ] || fail "dry run of all: exit $status (see $dir/all.log)"
summary=$dir/all/summary.txt
[ -f "$summary" ] && [ -f "$dir/all/logs.tar.gz" ] || fail "no summary.txt or logs.tar.gz"
[ "$(find "$dir/all" -type f | wc -l)" -le 8 ] || fail "more than 8 files in \$OUT"
grep -q "unpacked" "$dir/all.log" || fail "the archive was not unpacked"
for line in \
  "SKIP cuda.golden.graph_loops.runs" "SKIP plaincuda.golden.one_loop.runs" \
  "SKIP hipgraph.golden.reduction.runs" "SKIP cuda.concurrency_proof_ranges.runs" \
  "SKIP cuda.oot_physics.runs" "SKIP cuda.poisson_cg.runs" \
  "SKIP cuda.mpi_heat.np2_1gpu.runs" "SKIP hipgraph.mpi_heat.np2_2gpu.runs" \
  "SKIP cudagraph.qdsmith_0.runs" "SKIP hip.qdsmith_0.runs" \
  "SKIP probe.none.plain" "SKIP probe.synccheck.while" \
  "SKIP sanitizer.racecheck.cudagraph.golden.graph_loops" \
  "SKIP sanitizer.memcheck.cuda.qdsmith_0" \
  "SKIP nsys.concurrency_proof_ranges" "SKIP torch_interop" \
  "SKIP tsan.runtime_stress" "SKIP bench.jacobi" "SKIP bench.present" \
  "SKIP tealeaf.cg.cuda.1rank.runs" "SKIP tealeaf.cheby.cuda.2rank.runs" \
  "SKIP tealeaf.ppcg.cudagraph.1rank.runs" "SKIP tealeaf.jacobi.cudagraph.2rank.runs"; do
  grep -q "^$line " "$summary" || fail "no '$line' in the summary"
done
# TeaLeaf: 4 solvers x 2 modes x 1 and 2 ranks, the two executables built
# with the correctness stage's, 2 ranks under mpirun on one GPU.
[ "$(grep -c '^SKIP tealeaf\.[a-z]*\.\(cuda\|cudagraph\)\.[12]rank\.runs ' "$summary")" = 16 ] ||
  fail "not 16 TeaLeaf runs: $(grep -c '^SKIP tealeaf\.' "$summary")"
grep -q "^SKIP tealeaf.cg.cudagraph.2rank.runs  (dry run: mpirun -np 2 .*/tealeaf.check_graph in a folder with decks/check.cg.in as tea.in, on one GPU; sums compared with serial/check.cg.np2.txt" "$summary" ||
  fail "TeaLeaf's 2-rank graph-mode run: $(grep -m1 'tealeaf.cg.cudagraph.2rank' "$summary")"
grep -q "build.correctness would build .* tealeaf.check_stream .*tealeaf.check_graph" "$dir/all.log" ||
  fail "correctness does not build tealeaf.check_stream and tealeaf.check_graph"
! grep -q "^SKIP tealeaf\.[a-z]*\.\(hip\|hipgraph\|plaincuda\)\." "$summary" || fail "TeaLeaf runs in a HIP or plaincuda target"
grep -q "^SKIP cuda.mpi_heat.np2_2gpu.runs  (dry run: mpirun -np 2 --allow-run-as-root .* on 2 GPU(s)" "$summary" ||
  fail "the MPI program's 2-GPU run: $(grep -m1 'mpi_heat.np2_2gpu' "$summary")"
# The timing-sensitive programs run alone, before the others.
first=$(grep -m1 '^SKIP cuda\..*\.runs' "$summary" | cut -d' ' -f2)
[ "$first" = cuda.concurrency_proof.runs ] || fail "the first program run is $first"
grep -q "build.all would build .*probe.while_node_barrier" "$dir/all.log" || fail "build does not build the probe"
grep -q "build.generator would build 4 targets" "$dir/all.log" || fail "generator: not 4 targets"
tail -1 "$summary" | grep -qE '^0 passed, 0 failed, [0-9]+ skipped$' || fail "last line: $(tail -1 "$summary")"

# The same archive again: not unpacked again. Filters select.
mkdir -p "$dir/again"
run "$dir/again" generator 0 hip sanitizers cuda synccheck bench triad
[ "$status" = 0 ] || fail "second dry run: exit $status"
grep -q "already holds this archive" "$dir/again.log" || fail "the archive was unpacked again"
grep -q "build.generator would build 1 targets: hip.qdsmith_0$" "$dir/again.log" || fail "generator 0 hip"
! grep -q "sanitizer\.memcheck\|sanitizer\.synccheck\.cudagraph" "$dir/again/summary.txt" || fail "sanitizers cuda synccheck ran more"
grep -q "^SKIP sanitizer.synccheck.cuda.golden.reduction " "$dir/again/summary.txt" || fail "sanitizers cuda synccheck"
grep -q "build.bench would build 1 targets: triad_bench$" "$dir/again.log" || fail "bench triad"

# A filter that no stage knows fails; an unknown stage is a usage error.
mkdir -p "$dir/bad"
run "$dir/bad" correctness cuda nonsense
[ "$status" = 1 ] && grep -q "^FAIL correctness.arguments " "$dir/bad/summary.txt" || fail "a bad filter passed"
run "$dir/bad" nonsense
[ "$status" = 2 ] || fail "an unknown stage: exit $status"

# Past the deadline a stage is skipped, not run.
mkdir -p "$dir/late"
QD_STAGE_BUDGET_S=5 run "$dir/late" correctness bench
grep -q "^SKIP stage.correctness  (out of time)" "$dir/late/summary.txt" || fail "no deadline"

# --- verdicts on synthetic logs (QD_GPU_REPLAY) ---
# Each file under $r is the log a run would have written (its path under the
# runner's logs/), with its exit status in <file>.status.
r=$dir/replay
mkdir -p "$r/sanitizer" "$r/build" "$r/run"
canned() { # <path under logs/> <exit status> <lines...>
  local f=$r/$1 status=$2
  shift 2
  printf '%s\n' "========= COMPUTE-SANITIZER" "$@" >"$f"
  echo "$status" >"$f.status"
}
barrier=("========= Barrier error detected. Divergent thread(s) in warp"
         "=========     at 0x2c8 in qd_sweep_loop0(float*, float*)"
         "=========     by thread (0,0,0) in block (3,0,0)")
# synccheck: the probe's WHILE variant reports a barrier error. The same
# report in a graph-mode program with WHILE nodes is the tool's (SKIP); with
# an invalid read besides, a FAIL; in a program without conditional nodes, a
# FAIL; a clean run passes.
canned sanitizer/synccheck.probe.while_node_barrier.while.txt 99 "${barrier[@]}" \
  "=========     at 0x1f0 in jacobi_sweep(const float*, float*)" "========= ERROR SUMMARY: 1 error"
canned sanitizer/synccheck.cudagraph.golden.graph_loops.txt 99 "${barrier[@]}" "========= ERROR SUMMARY: 7 errors"
canned sanitizer/synccheck.cuda.golden.graph_loops.txt 99 "${barrier[@]}" \
  "========= Invalid __global__ read of size 4 bytes" "=========     at 0x90 in qd_sweep_loop0(float*, float*)" \
  "========= ERROR SUMMARY: 2 errors"
canned sanitizer/synccheck.cuda.golden.reduction.txt 99 "${barrier[@]}" "========= ERROR SUMMARY: 1 error"
canned sanitizer/synccheck.cuda.golden.one_loop.txt 0 "========= ERROR SUMMARY: 0 errors"
# memcheck: the probe's while_update variant hits an unsupported call. The
# same call's error in a program is the probe's (SKIP); another call's, not.
unsupported() { echo "========= Program hit cudaErrorNotSupported (error 801) due to \"operation not supported\" on CUDA API call to $1."; }
canned sanitizer/memcheck.probe.while_node_barrier.while_update.txt 99 "$(unsupported cudaGraphExecKernelNodeSetParams)" \
  "=========     Saved host backtrace up to driver entry point at error" "========= ERROR SUMMARY: 1 error"
canned sanitizer/memcheck.cuda.golden.graph_loops.txt 99 "$(unsupported cudaGraphExecKernelNodeSetParams)" \
  "========= ERROR SUMMARY: 3 errors"
canned sanitizer/memcheck.cudagraph.golden.graph_loops.txt 99 "$(unsupported cudaGraphInstantiate)" \
  "========= ERROR SUMMARY: 1 error"
# racecheck: the probe's WHILE variant crashes under the tool. A program that
# crashes the same way is the probe's (SKIP); one that reports a race, or
# whose own check fails besides, is a FAIL.
crash=("========= Error: process didn't terminate successfully" "========= Target application returned an error")
canned sanitizer/racecheck.probe.while_node_barrier.while.txt 11 "${crash[@]}"
canned sanitizer/racecheck.cuda.golden.graph_loops.txt 11 "${crash[@]}"
canned sanitizer/racecheck.cudagraph.golden.graph_loops.txt 99 \
  "========= Error: Race reported between Write access at 0x50 in qd_sweep_loop0(float*, float*)" \
  "=========     and Read access at 0x90 in qd_sweep_loop0(float*, float*) [64 hazards]" \
  "========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)"
canned sanitizer/racecheck.cudagraph.golden.reduction.txt 0 "========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)"
canned sanitizer/racecheck.cudagraph.concurrency_proof.txt 11 "check graph.equal FAIL 3 of 100 differ" "${crash[@]}"
# The ThreadSanitizer build fails to compile.
echo "-- Configuring done" >"$r/build/tsan_configure.log"
echo 0 >"$r/build/tsan_configure.log.status"
printf '%s\n' "FAILED: CMakeFiles/tsan.runtime_stress.dir/runtime_stress.cu.o" \
  "runtime_stress.cu(12): error: identifier \"undefined_thing\" is undefined" >"$r/build/tsan_build.log"
echo 1 >"$r/build/tsan_build.log.status"
# TeaLeaf: the serial sums (PASS); within 1e-11 (PASS); one temperature off
# by 1e-9 (FAIL); a run that stopped after step 4 (FAIL); a crash (FAIL).
tealeaf_sums 1.13852610388925299e+02 >"$r/run/tealeaf.cg.cuda.1rank.txt"
tealeaf_sums 1.13852610388926299e+02 >"$r/run/tealeaf.jacobi.cuda.2rank.txt"
tealeaf_sums 1.13852610500000000e+02 >"$r/run/tealeaf.cg.cudagraph.1rank.txt"
tealeaf_sums 1.13852610388925299e+02 | sed '/step 5\|solve_seconds/d' >"$r/run/tealeaf.cheby.cuda.2rank.txt"
tealeaf_sums 1.13852610388925299e+02 | sed -n '1,2p' >"$r/run/tealeaf.ppcg.cudagraph.2rank.txt"
echo 139 >"$r/run/tealeaf.ppcg.cudagraph.2rank.txt.status"

mkdir -p "$dir/replay-out"
QD_GPU_REPLAY=$r run "$dir/replay-out" correctness cuda cudagraph sanitizers cuda cudagraph tsan
summary=$dir/replay-out/summary.txt
[ "$status" = 1 ] || fail "replayed failures: exit $status (see $dir/replay-out.log)"
for line in \
  "INFO probe.synccheck.while" "SKIP sanitizer.synccheck.cudagraph.golden.graph_loops" \
  "FAIL sanitizer.synccheck.cuda.golden.graph_loops" "FAIL sanitizer.synccheck.cuda.golden.reduction" \
  "PASS sanitizer.synccheck.cuda.golden.one_loop" \
  "INFO probe.memcheck.while_update" "SKIP sanitizer.memcheck.cuda.golden.graph_loops" \
  "FAIL sanitizer.memcheck.cudagraph.golden.graph_loops" \
  "INFO probe.racecheck.while" "SKIP sanitizer.racecheck.cuda.golden.graph_loops" \
  "FAIL sanitizer.racecheck.cudagraph.golden.graph_loops" "PASS sanitizer.racecheck.cudagraph.golden.reduction" \
  "FAIL tsan.runtime_stress.builds" \
  "PASS tealeaf.cg.cuda.1rank.runs" "PASS tealeaf.cg.cuda.1rank.matches_serial" \
  "PASS tealeaf.jacobi.cuda.2rank.matches_serial" "FAIL tealeaf.cg.cudagraph.1rank.matches_serial" \
  "FAIL tealeaf.cheby.cuda.2rank.matches_serial" "FAIL tealeaf.ppcg.cudagraph.2rank.runs" \
  "SKIP tealeaf.cg.cuda.2rank.runs"; do
  grep -qE "^$line( |\$)" "$summary" || fail "replay: no '$line' in the summary: $(grep -m1 " ${line#* }" "$summary")"
done
grep -q "^FAIL sanitizer.synccheck.cuda.golden.graph_loops .*reports the WHILE-node probe did not show under synccheck: Invalid __global__ read (the probe's: Barrier error detected. Divergent thread(s) in warp)" "$summary" ||
  fail "replay: the invalid read's detail: $(grep -m1 'synccheck.cuda.golden.graph_loops' "$summary")"
grep -q "^FAIL sanitizer.memcheck.cudagraph.golden.graph_loops .*Program hit cudaErrorNotSupported on CUDA API call to cudaGraphInstantiate" "$summary" ||
  fail "replay: the other unsupported call's detail"
grep -q "^SKIP sanitizer.synccheck.cudagraph.golden.graph_loops  (tool limit: the same reports as the hand-written WHILE-node probe under synccheck (Barrier error detected. Divergent thread(s) in warp)" "$summary" ||
  fail "replay: the probe's report's detail: $(grep -m1 'synccheck.cudagraph.golden.graph_loops' "$summary")"
# concurrency_proof has no conditional nodes: its crash is a FAIL whatever the probe did.
grep -q "^FAIL sanitizer.racecheck.cudagraph.concurrency_proof " "$summary" || fail "replay: a program without conditional nodes"
grep -q "^FAIL tealeaf.cg.cudagraph.1rank.matches_serial  (1 differences: .*largest relative difference 9.76e-10 (temperature, step 3)" "$summary" ||
  fail "replay: TeaLeaf's differing sum: $(grep -m1 'tealeaf.cg.cudagraph.1rank.matches' "$summary")"
grep -q "^FAIL tsan.runtime_stress.builds  (the ThreadSanitizer build exited 1: FAILED: " "$summary" ||
  fail "replay: the TSan build's detail: $(grep -m1 'tsan.runtime_stress' "$summary")"
! grep -q "^[A-Z]* tsan.runtime_stress " "$summary" || fail "replay: tsan.runtime_stress recorded after a failed build"

# QD_SANITIZER_STRICT=1 counts even the probe's reports; a configure that
# fails is a failed TSan build too.
echo 1 >"$r/build/tsan_configure.log.status"
mkdir -p "$dir/strict"
QD_SANITIZER_STRICT=1 QD_GPU_REPLAY=$r run "$dir/strict" sanitizers cudagraph synccheck tsan
[ "$status" = 1 ] || fail "strict replay: exit $status"
grep -q "^FAIL sanitizer.synccheck.cudagraph.golden.graph_loops .*QD_SANITIZER_STRICT=1" "$dir/strict/summary.txt" ||
  fail "strict replay: $(grep -m1 'synccheck.cudagraph.golden.graph_loops' "$dir/strict/summary.txt")"
grep -q "^FAIL tsan.runtime_stress.builds  (the ThreadSanitizer build's configure exited 1" "$dir/strict/summary.txt" ||
  fail "strict replay: the TSan configure: $(grep -m1 'tsan' "$dir/strict/summary.txt")"

# The depfile launcher drops what does not exist, keeps the rest.
printf 'obj.o: %s \\\n /nonexistent/x.cpp one_loop.cpp \\\n %s\n' "$root/README.md" "$root/tests/gpu/dry_run_test.sh" >"$dir/t.d"
bash tests/gpu/device/drop_missing_deps.sh true -MF "$dir/t.d"
[ "$(grep -c 'README.md\|dry_run_test.sh' "$dir/t.d")" = 2 ] && ! grep -q 'nonexistent\|one_loop' "$dir/t.d" ||
  fail "drop_missing_deps.sh: $(cat "$dir/t.d")"
echo "gpu suite scripts: dry runs as expected"
