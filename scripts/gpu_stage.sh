#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Stages the GPU suite (docs/testing.md, "The GPU suite"): translates, here,
# everything the GPU machine runs (it has nvcc but no Clang), records the
# serial reference output of each program, and packs it all into ONE
# compressed archive, .device-stage.tar.xz in the repository root
# (git-ignored), which the device call carries:
#   run  command "bash tests/gpu/run_on_device.sh <stage>"
#        carry   [".device-stage.tar.xz"]
# The archive holds what .device-stage/ (also kept here, for inspection)
# holds:
#   <target>/golden/<case>.<ext>     golden cases that have a driver
#   <target>/programs/<name>.<ext>   tests/gpu programs
#   <target>/samples/<name>/         a sample's translated kernel sources, the
#                                    copies of its headers and include/<stem>.qd.h
#   <target>/mpi/<name>.<ext>        MPI programs, one file each: samples/mpi_heat
#                                    and tests/mpi (run with mpirun on the device)
#   cudagraph/, hipgraph/            the same as cuda/ and hip/, translated with --graphs
#   cuda/bench/<name>.cu             translated halves of the benchmarks
#   cuda/torch/<name>.cu             kernels of the PyTorch interop library
#   cuda/oot/                        the out-of-tree project's kernels (tests/out_of_tree)
#   tealeaf/                         TeaLeaf (bench/tealeaf/stage.sh): the port
#                                    translated for CUDA in stream and graph mode,
#                                    the patched drivers, the decks, and serial
#                                    references: serial/check.<solver>.np{1,2}.txt
#                                    for the correctness stage (tealeaf part),
#                                    serial/{64,512}.<solver>.txt for the
#                                    benchmark (bench part)
#   minibude/                        the miniBUDE benchmark (bench/minibude/stage.sh)
#   <target>/programs/qdsmith_<b>.<ext>  batches of random programs (tests/generator)
#   serial/<name>.txt                serial reference output
#   translate.log                    every translation's warnings and remarks
#   stage-info.txt                   the commit, the knobs and the seeds it was made with
#
# Usage: scripts/gpu_stage.sh [build dir, default: build]
# Knobs (environment):
#   QD_STAGE_PARTS      which parts to stage (default "core tealeaf generator
#                       bench"): core: golden cases, suite programs, samples,
#                       the out-of-tree project, the PyTorch kernels;
#                       tealeaf: TeaLeaf for the correctness stage (every
#                       solver on the check deck, stream and graph mode, 1
#                       and 2 ranks: its serial references on 1 and 2 ranks,
#                       made here with mpicxx and mpirun, about 30 s on 2
#                       cores); generator: the qdsmith batches; bench: the
#                       benchmarks. A stage of run_on_device.sh whose part is
#                       missing reports SKIP.
#   QD_SMITH_FIXED      batches of fixed seeds 1, 2, ... (default 20)
#   QD_SMITH_FRESH      batches of fresh random seeds (default 20)
#   QD_SMITH_PER_BATCH  programs per batch, one translation unit (default 50)
#                       Default: 40 batches x 50 = 2,000 programs, each batch
#                       in cuda, hip, cudagraph and hipgraph.
#   QD_STAGE_JOBS       parallel jobs for translating and for the serial
#                       builds (default: nproc)
#   QD_STAGE_MAX_MIB    the archive must be smaller (default 60; the device
#                       tool carries 64 MiB in all)
#   QD_STAGE_MPI        1: stage the MPI programs (core, where mpicxx is
#                       found), 0: leave them out (default: 1 where the build's
#                       QD_MPI_TRANSLATED is ON, cmake/QdMpi.cmake)
#   QD_STAGE_NO_BUILD=1 use the build directory as it is (qd-translate, the
#                       serial programs and qd_runtime_cpu already built), e.g.
#                       while another ninja runs in it
#   QD_STAGE_TEALEAF    1 (default): the bench part stages the TeaLeaf
#                       benchmark too (bench/tealeaf/stage.sh: its translations,
#                       patched drivers, decks and the serial reference of its
#                       small decks, about 1 minute on 2 cores); 0: leave it out
#                       (the tealeaf part still stages what correctness runs)
#   QD_STAGE_MINIBUDE   1 (default): the bench part stages the miniBUDE
#                       benchmark too (bench/minibude/stage.sh: its two
#                       translations, a few seconds); 0: leave it out
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
stage=$root/.device-stage
archive=$root/.device-stage.tar.xz
tool=$build/bin/qd-translate
parts=${QD_STAGE_PARTS:-core tealeaf generator bench}
jobs=${QD_STAGE_JOBS:-$(nproc)}
max_mib=${QD_STAGE_MAX_MIB:-60}
smith_per_batch=${QD_SMITH_PER_BATCH:-50}
smith_fixed=${QD_SMITH_FIXED:-20}
smith_fresh=${QD_SMITH_FRESH:-20}
cd "$root"
started=$(date +%s)

for part in $parts; do
  case $part in
    core | tealeaf | generator | bench) ;;
    *) echo "gpu_stage.sh: unknown part '$part' in QD_STAGE_PARTS (core tealeaf generator bench)" >&2
       exit 2 ;;
  esac
done
has_part() { [[ " $parts " == *" $1 "* ]]; }

samples=(multi_system concurrent_kernels shallow_water poisson_cg)
# MPI programs: <name>:<source>:<serial build target>. Each prints what
# samples/mpi_heat prints; the serial reference is its serial build on one
# rank (MPI's singleton start, no mpirun).
mpi_programs=(mpi_heat:samples/mpi_heat/mpi_heat.cpp:mpi_heat_serial
              heat_exchange_in_kernel:tests/mpi/heat_exchange_in_kernel.cpp:mpi_heat_exchange_in_kernel_serial)
mpi_flags=()
stage_mpi=${QD_STAGE_MPI:-$(grep -q '^QD_MPI_TRANSLATED:INTERNAL=ON$' "$build/CMakeCache.txt" 2>/dev/null && echo 1 || echo 0)}
if [ "$stage_mpi" = 1 ] && ! command -v mpicxx >/dev/null; then
  echo "gpu_stage.sh: no mpicxx: the MPI programs are not staged" >&2
  stage_mpi=0
fi
if [ "$stage_mpi" = 1 ]; then
  # Parse with MPI's headers, C API only (as cmake/QdMpi.cmake builds).
  read -r -a mpi_flags <<<"$(mpicxx --showme:compile 2>/dev/null || mpicxx -compile_info | cut -d' ' -f2-)"
  mpi_flags+=(-DOMPI_SKIP_MPICXX -DMPICH_SKIP_MPICXX)
else
  mpi_programs=()
fi
programs=(stream_semantics concurrency_proof runtime_stress reduction_semantics graph_semantics vector_semantics)
drivers=(tests/golden/drivers/*.cpp)
serial_targets=(qd-translate qd_runtime_cpu) # qdsmith and the out-of-tree project link the runtime
if has_part core; then
  for s in "${samples[@]}"; do serial_targets+=("${s}_serial"); done
  for p in "${programs[@]}"; do serial_targets+=("gpu_suite_${p}_serial"); done
  for d in "${drivers[@]}"; do serial_targets+=("golden_$(basename "$d" .cpp)_serial"); done
  for m in ${mpi_programs[@]+"${mpi_programs[@]}"}; do serial_targets+=("${m##*:}"); done
fi
if [ "${QD_STAGE_NO_BUILD:-0}" != 1 ]; then
  cmake --build "$build" --target "${serial_targets[@]}" >/dev/null
elif [ ! -x "$tool" ] || [ ! -f "$build/runtime/libqd_runtime_cpu.a" ]; then
  echo "gpu_stage.sh: QD_STAGE_NO_BUILD=1, but $tool or runtime/libqd_runtime_cpu.a is not built" >&2
  exit 1
fi

rm -rf "$stage" "$archive"
mkdir -p "$stage/serial"

# Translations and the random programs' serial builds run as jobs, QD_STAGE_JOBS
# at a time: each job is one line of shell words in $jobfile.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/diagnostics"
jobfile=$work/jobs
: >"$jobfile"
job() { printf '%q ' "$@" >>"$jobfile"; echo >>"$jobfile"; }
run_jobs() {
  local status=0
  # shellcheck disable=SC2016 # expanded by the job's shell
  xargs -r -P "$jobs" -d '\n' -n 1 bash -c 'eval "$1"' _ <"$jobfile" || status=$?
  : >"$jobfile"
  if [ "$status" != 0 ]; then
    echo "gpu_stage.sh: a job failed (see above)" >&2
    exit 1
  fi
}
export tool stage build root

# translate <target> <output> <source> [qd-translate options...] [-- compiler args]
# Its diagnostics go to $work/diagnostics/ and end up in the stage's
# translate.log (a failed translation prints them here too).
translate() {
  set -euo pipefail
  local target=$1 output=$2 source=$3 log
  shift 3
  log=$work/diagnostics/${output#"$stage"/}.txt
  mkdir -p "$(dirname "$log")"
  if ! "$tool" --target="$target" "$source" -o "$output" "$@" 2>"$log"; then
    cat "$log" >&2
    echo "gpu_stage.sh: translating $source for $target failed" >&2
    return 1
  fi
}
export -f translate

# The four ways every program is staged: directory, target, extension, options.
modes=("cuda cuda cu" "hip hip hip" "cudagraph cuda cu --graphs" "hipgraph hip hip --graphs")

# --- generator: random valid programs (tests/generator/qdsmith.py) ---
# QD_SMITH_PER_BATCH programs to a translation unit: QD_SMITH_FIXED batches
# of fixed seeds (1, 2, ...), then QD_SMITH_FRESH batches of fresh random
# seeds, recorded in serial/qdsmith_seeds.txt. Each batch runs on the device
# in every target and mode, and must print its serial reference exactly.
# smith_batch <b> <seeds>: generates, builds and runs the serial program,
# then translates it four ways.
smith_batch() {
  set -euo pipefail
  local b=$1 seeds=$2 src=$work/qdsmith_$1.cpp mode
  python3 tests/generator/qdsmith.py --seeds "$seeds" -o "$src"
  "${CXX:-c++}" -std=c++17 -O1 -Wall -Werror -Wno-unknown-pragmas -Iinclude \
    "$src" "$build/runtime/libqd_runtime_cpu.a" -pthread -o "$work/qdsmith_$b"
  "$work/qdsmith_$b" >"$stage/serial/qdsmith_$b.txt"
  rm -f "$work/qdsmith_$b"
  for mode in "cuda cuda cu" "hip hip hip" "cudagraph cuda cu --graphs" "hipgraph hip hip --graphs"; do
    # shellcheck disable=SC2086 # the mode's words
    set -- $mode
    translate "$2" "$stage/$1/programs/qdsmith_$b.$3" "$src" "${@:4}" -- -Iinclude
  done
}
export -f smith_batch
export work
if has_part generator; then
  for mode in "${modes[@]}"; do mkdir -p "$stage/${mode%% *}/programs"; done
  : >"$stage/serial/qdsmith_seeds.txt"
  for ((b = 0; b < smith_fixed + smith_fresh; ++b)); do
    if ((b < smith_fixed)); then
      seeds="$((b * smith_per_batch + 1))-$(((b + 1) * smith_per_batch))"
    else
      seeds=$(python3 -c "import random; r = random.SystemRandom(); print(','.join(str(r.randrange(10**6, 10**9)) for _ in range($smith_per_batch)))")
    fi
    echo "qdsmith_$b $seeds" >>"$stage/serial/qdsmith_seeds.txt"
    # The longest jobs first.
    job smith_batch "$b" "$seeds"
  done
fi

# --- core: golden cases, samples, suite programs, PyTorch, out-of-tree ---
if has_part core; then
  missing=()
  for d in "${drivers[@]}"; do
    [ -x "$build/tests/golden/drivers/golden_$(basename "$d" .cpp)_serial" ] ||
      missing+=("golden_$(basename "$d" .cpp)_serial")
  done
  for s in "${samples[@]}"; do [ -x "$build/samples/${s}_serial" ] || missing+=("${s}_serial"); done
  for p in "${programs[@]}"; do [ -x "$build/tests/gpu/gpu_suite_${p}_serial" ] || missing+=("gpu_suite_${p}_serial"); done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "gpu_stage.sh: not built in $build: ${missing[*]}" >&2
    exit 1
  fi
  for d in "${drivers[@]}"; do
    case=$(basename "$d" .cpp)
    "$build/tests/golden/drivers/golden_${case}_serial" >"$stage/serial/golden.$case.txt"
  done
  for s in "${samples[@]}"; do
    "$build/samples/${s}_serial" >"$stage/serial/$s.txt" 2>/dev/null
  done
  for p in "${programs[@]}"; do
    "$build/tests/gpu/gpu_suite_${p}_serial" >"$stage/serial/$p.txt"
  done
  for m in ${mpi_programs[@]+"${mpi_programs[@]}"}; do
    IFS=: read -r name _ serial_target <<<"$m"
    exe=$(find "$build/samples" "$build/tests/mpi" -maxdepth 1 -name "$serial_target" -type f 2>/dev/null | head -1)
    [ -n "$exe" ] || { echo "gpu_stage.sh: $serial_target is not built in $build" >&2; exit 1; }
    "$exe" >"$stage/serial/$name.txt" 2>/dev/null
  done
  # The device also builds concurrency_proof with profiler ranges on; same results.
  cp "$stage/serial/concurrency_proof.txt" "$stage/serial/concurrency_proof_ranges.txt"

  for mode in "${modes[@]}"; do
    # shellcheck disable=SC2086 # the mode's words
    set -- $mode
    dir=$stage/$1 target=$2 ext=$3
    options=("${@:4}")
    mkdir -p "$dir/golden" "$dir/programs"
    for d in "${drivers[@]}"; do
      case=$(basename "$d" .cpp)
      job translate "$target" "$dir/golden/$case.$ext" "tests/golden/$case.cpp" \
        ${options[@]+"${options[@]}"} --
    done
    # A sample's kernel sources are the .cpp files with a '#pragma qd kernel';
    # its host sources (built on the device from the repository) include the
    # entry-point headers.
    for s in "${samples[@]}"; do
      out=$dir/samples/$s
      mkdir -p "$out/include"
      # shellcheck disable=SC2013 # file names without spaces
      for src in $(grep -l '^#pragma qd kernel' "samples/$s"/*.cpp); do
        stem=$(basename "$src" .cpp)
        job translate "$target" "$out/$stem.$ext" "$src" ${options[@]+"${options[@]}"} \
          --header "$out/include/$stem.qd.h" --in-root "samples/$s" --
      done
    done
    for m in ${mpi_programs[@]+"${mpi_programs[@]}"}; do
      IFS=: read -r name source _ <<<"$m"
      mkdir -p "$dir/mpi"
      job translate "$target" "$dir/mpi/$name.$ext" "$source" ${options[@]+"${options[@]}"} \
        -- "${mpi_flags[@]}"
    done
    # The suite programs' blocks write disjoint parts of one array on purpose.
    for p in "${programs[@]}"; do
      job translate "$target" "$dir/programs/$p.$ext" "tests/gpu/$p.cpp" \
        ${options[@]+"${options[@]}"} -- -DQD_STREAM_SHIMS -Itests/gpu -Itests/golden/drivers -Wno-qd-race
    done
  done
  mkdir -p "$stage/cuda/torch"
  job translate cuda "$stage/cuda/torch/qd_torch_kernels.cu" \
    tests/gpu/torch_interop/qd_torch_kernels.cpp -- -DQD_STREAM_SHIMS -Wno-qd-race

  # --- out-of-tree project (tests/out_of_tree/README.md) ---
  # cuda/oot/kernels.cu with its entry-point header (cuda/oot/include/) and the
  # translated copies of the project's own headers, which kernels.cu includes
  # relative to itself; the device builds it with the project's host files as
  # cuda.oot_physics. The serial reference is the annotated sources compiled as
  # written (QD_SERIAL_BUILD: the header's stream entry points run on the
  # calling thread) against that same header and this build's qd::runtime_cpu.
  oot=tests/out_of_tree
  oot_stage=$stage/cuda/oot
  mkdir -p "$oot_stage/include"
  translate cuda "$oot_stage/kernels.cu" "$oot/src/kernels.cpp" --header "$oot_stage/include/kernels.qd.h" \
    --in-root "$oot" -- -I"$oot/include" -I"$oot_stage/include"
  "${CXX:-c++}" -std=c++17 -O2 -Wall -Wextra -Werror -Wno-unknown-pragmas -DQD_SERIAL_BUILD \
    -I"$oot/include" -I"$oot/src" -I"$oot_stage/include" -Iinclude \
    "$oot/src/kernels.cpp" "$oot/src/main.cpp" "$oot/src/report.cpp" \
    "$build/runtime/libqd_runtime_cpu.a" -pthread -o "$work/oot_physics"
  "$work/oot_physics" >"$stage/serial/oot_physics.txt"
  # --- end out-of-tree project ---
fi

# --- bench: the translated halves of the benchmarks ---
if has_part bench; then
  mkdir -p "$stage/cuda/bench"
  for b in triad streams collapse reduce gemv stencil product jacobi polybench; do
    job translate cuda "$stage/cuda/bench/$b.cu" "bench/$b.cpp" -- -Ibench
  done
  # The graph-mode twins of the stream benchmarks' kernels (renamed by the
  # device build, see tests/gpu/device/CMakeLists.txt).
  job translate cuda "$stage/cuda/bench/streams_graph.cu" bench/streams.cpp --graphs -- -Ibench
  job translate cuda "$stage/cuda/bench/polybench_graph.cu" bench/polybench.cpp --graphs -- -Ibench
fi

echo "gpu_stage.sh: $(wc -l <"$jobfile") jobs, $jobs at a time ($parts)"
run_jobs
# --- tealeaf and bench: TeaLeaf (bench/tealeaf/README.md) ---
# Its translations, the patched copies of the drivers (the device has no
# patch tool), its decks, and the serial output of the check deck on 1 and 2
# ranks (tealeaf part: the correctness stage's tealeaf.* runs) and of the
# benchmark's small decks (bench part: TeaLeaf against its authors' CUDA).
# A source package has no third_party/ to build it from.
tealeaf_sets=()
has_part tealeaf && tealeaf_sets+=(check)
has_part bench && [ "${QD_STAGE_TEALEAF:-1}" = 1 ] && tealeaf_sets+=(bench)
if [ ${#tealeaf_sets[@]} -gt 0 ]; then
  if [ -d third_party/tealeaf_cuda ] && [ -d third_party/tealeaf/qd ]; then
    QD_STAGE_JOBS=$jobs QD_TEALEAF_STAGE_DECKS="${tealeaf_sets[*]}" \
      bash bench/tealeaf/stage.sh "$stage/tealeaf" "$build"
  else
    echo "gpu_stage.sh: no third_party/tealeaf or third_party/tealeaf_cuda: TeaLeaf is not staged" >&2
  fi
fi
# --- bench: miniBUDE against its authors' CUDA (bench/minibude/README.md) ---
# The port's model header translated for CUDA, in stream and graph mode; the
# device builds the rest from third_party/minibude/.
if has_part bench && [ "${QD_STAGE_MINIBUDE:-1}" = 1 ]; then
  if [ -f third_party/minibude/qd/serial/fasten.hpp ]; then
    bash bench/minibude/stage.sh "$stage/minibude" "$build"
  else
    echo "gpu_stage.sh: no third_party/minibude: the miniBUDE benchmark is not staged" >&2
  fi
fi
# Every translation's diagnostics, by output file (graph mode's -Wqd-graph
# remarks on the random programs, for one).
find "$work/diagnostics" -type f -size +0 | sort | while read -r log; do
  echo "== ${log#"$work"/diagnostics/}"
  cat "$log"
done >"$stage/translate.log"
if [ -s "$stage/translate.log" ]; then
  echo "gpu_stage.sh: $(grep -c ' warning: ' "$stage/translate.log") warnings in $(grep -c '^== ' "$stage/translate.log") translations, by flag:" \
    "$(grep -o '\[-W[a-z-]*\]' "$stage/translate.log" | sort | uniq -c | tr -s ' \n' ' ')(.device-stage/translate.log)"
fi

{
  echo "commit $(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
  echo "staged $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n)"
  echo "parts $parts"
  if has_part generator; then
    echo "qdsmith $smith_fixed fixed + $smith_fresh fresh batches of $smith_per_batch programs"
  fi
  echo "translator $("$tool" --version 2>/dev/null | head -1)"
} >"$stage/stage-info.txt"

files=$(find "$stage" -type f | wc -l)
raw=$(du -sk "$stage" | cut -f1)
echo "gpu_stage.sh: staged $files files ($((raw / 1024)) MiB) in $(( $(date +%s) - started )) s; compressing"
tar -C "$stage" -cf - . | xz -T"$jobs" -6 >"$archive"
bytes=$(stat -c %s "$archive")
echo "gpu_stage.sh: wrote .device-stage.tar.xz: $bytes bytes ($(( (bytes + 1048575) / 1048576 )) MiB; from $((raw / 1024)) MiB) in $(( $(date +%s) - started )) s"
if ((bytes > max_mib * 1048576)); then
  echo "gpu_stage.sh: the archive is over QD_STAGE_MAX_MIB=$max_mib MiB: the device tool could not carry it with the repository" >&2
  exit 1
fi
echo "device call: run  command \"bash tests/gpu/run_on_device.sh <stage>\"  carry [\".device-stage.tar.xz\"]"
