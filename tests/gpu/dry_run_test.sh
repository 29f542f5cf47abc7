#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# shellcheck disable=SC2015 # "a && b || fail": fail when either is false
# ctest gpu_suite.scripts.dry_run: the GPU suite's device-side scripts,
# checked without a GPU or nvcc (docs/testing.md, "The GPU suite"). Builds a
# small stage archive from golden outputs, then runs
# tests/gpu/run_on_device.sh with QD_GPU_DRY_RUN=1 over every stage and
# checks what it would build and run, its two output files, the archive
# checksum reuse, filters, the deadline, and drop_missing_deps.sh.
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
# batch, an MPI program, the benchmarks, the PyTorch kernels and the
# out-of-tree project.
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
  "SKIP tsan.runtime_stress" "SKIP bench.jacobi" "SKIP bench.present"; do
  grep -q "^$line " "$summary" || fail "no '$line' in the summary"
done
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

# The depfile launcher drops what does not exist, keeps the rest.
printf 'obj.o: %s \\\n /nonexistent/x.cpp one_loop.cpp \\\n %s\n' "$root/README.md" "$root/tests/gpu/dry_run_test.sh" >"$dir/t.d"
bash tests/gpu/device/drop_missing_deps.sh true -MF "$dir/t.d"
[ "$(grep -c 'README.md\|dry_run_test.sh' "$dir/t.d")" = 2 ] && ! grep -q 'nonexistent\|one_loop' "$dir/t.d" ||
  fail "drop_missing_deps.sh: $(cat "$dir/t.d")"
echo "gpu suite scripts: dry runs as expected"
