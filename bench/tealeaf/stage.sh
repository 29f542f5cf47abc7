#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Stages TeaLeaf (bench/tealeaf/README.md) for the GPU machine, which has
# nvcc and MPI but no Clang and no `patch`: called by scripts/gpu_stage.sh
# (its tealeaf part, for the GPU suite's correctness stage, and its bench
# part, for the benchmark) with the stage's tealeaf/ folder.
#
#   bench/tealeaf/stage.sh <output folder> <build dir with bin/qd-translate>
#
# Writes into the output folder:
#   decks/<deck>.<solver>.in, decks/tea.problems   the decks (decks.py)
#   qd_stream/, qd_graph/    the port's sources that hold directives,
#                            translated for CUDA (graph: --graphs), with their
#                            include/<stem>.qd.h
#   patched/driver/diffuse.c             c66cafb's driver with the bench patch
#   patched/c66cafb_syncwarp/cuknl_shared.h  c66cafb's reduction with __syncwarp
#   patched/head/diffuse.cpp             HEAD's driver with the bench patch
#   serial/<deck>.<solver>.txt   the serial build's output on the small decks:
#                            the reference of the benchmark's GPU runs
#   serial/check.<solver>.np1.txt, .np2.txt   the serial build's output on the
#                            check deck on 1 rank and on 2 ranks (mpirun): the
#                            reference of the correctness stage's runs
#                            (tests/gpu/run_on_device.sh, tealeaf.*)
#   translate.log, stage-info.txt
# The patches (third_party/tealeaf_cuda/patches/) are applied here, to copies,
# so that the device needs no patch tool. The serial build is the port
# compiled as written (pragmas ignored) with the patched driver, as
# samples/tealeaf's tealeaf_serial is compiled (mpicxx, -O3).
# Knobs: QD_STAGE_JOBS (default nproc): serial runs at a time;
# QD_TEALEAF_STAGE_DECKS (default "check bench"): whose serial references to
# compute: check (the check deck of every solver, on 1 and 2 ranks, checked
# to agree within QD_TEALEAF_CHECK_RTOL, default 1e-11: the stage fails
# otherwise) and bench (the benchmark's 64 and 512 decks, about a minute on 2
# cores). The translations and decks are staged either way.
set -euo pipefail
me=bench/tealeaf/stage.sh
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
build=$(cd "$2" && pwd)
tool=$build/bin/qd-translate
jobs=${QD_STAGE_JOBS:-$(nproc)}
tl=$root/third_party/tealeaf
tc=$root/third_party/tealeaf_cuda
started=$(date +%s)
# shellcheck source=bench/app_stage.sh
source "$root/bench/app_stage.sh"
cd "$root"
for need in mpicxx patch; do
  command -v "$need" >/dev/null ||
    { echo "$me: no $need here (QD_STAGE_PARTS without tealeaf, and QD_STAGE_TEALEAF=0 for the bench part, leave TeaLeaf out)" >&2; exit 1; }
done
[ -x "$tool" ] || { echo "$me: no $tool" >&2; exit 1; }
deck_sets=${QD_TEALEAF_STAGE_DECKS:-check bench}
for set in $deck_sets; do
  case $set in check | bench) ;; *) echo "$me: unknown deck set '$set' in QD_TEALEAF_STAGE_DECKS (check bench)" >&2; exit 2 ;; esac
done
if [[ " $deck_sets " == *" check "* ]] && ! command -v mpirun >/dev/null; then
  echo "$me: no mpirun here: the check deck's 2-rank reference needs it" >&2
  exit 1
fi

rm -rf "$out"
mkdir -p "$out/patched/driver" "$out/patched/c66cafb_syncwarp" "$out/patched/head" "$out/serial"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 bench/tealeaf/decks.py "$root" "$out/decks" >/dev/null
cp "$tl/original/tea.problems" "$out/decks/"

# --- the patched copies ---
# The port's diffuse.c is upstream's (no directive in it): one patched file
# serves the port and upstream's driver.
cmp -s "$tl/original/diffuse.c" "$tl/qd/diffuse.c" ||
  { echo "$me: qd/diffuse.c is no longer original/diffuse.c; patch both" >&2; exit 1; }
mkdir -p "$work/c66cafb/c_kernels/cuda" "$work/head/driver"
cp "$tl/original/diffuse.c" "$work/c66cafb/"
cp "$tc/c66cafb/cuknl_shared.h" "$work/c66cafb/c_kernels/cuda/"
cp "$tc/head/driver/diffuse.cpp" "$work/head/driver/"
patch -s -p1 -d "$work/c66cafb" <"$tc/patches/c66cafb-bench-driver.patch"
patch -s -p1 -d "$work/c66cafb" <"$tc/patches/c66cafb-syncwarp.patch"
patch -s -p1 -d "$work/head" <"$tc/patches/head-bench-driver.patch"
cp "$work/c66cafb/diffuse.c" "$out/patched/driver/"
cp "$work/c66cafb/c_kernels/cuda/cuknl_shared.h" "$out/patched/c66cafb_syncwarp/"
cp "$work/head/driver/diffuse.cpp" "$out/patched/head/"

# --- the port, translated (as samples/tealeaf's qd_translate_sources does) ---
# Its sources that hold directives; the others are compiled as they are.
qd_sources=(c_kernels/serial/{cg,cheby,field_summary,jacobi,local_halos,pack_halos,ppcg,solver_methods,store_energy,kernel_initialise,kernel_interface,set_chunk_data,set_chunk_state}.c
            chunk.c drivers/remote_halo_driver.c)
read -r -a mpi_flags <<<"$(mpicxx --showme:compile 2>/dev/null || mpicxx -compile_info | cut -d' ' -f2-)"
# translate_port <mode> <folder> [--graphs]
translate_port() {
  local mode=$1 d=$2 src stem
  shift 2
  mkdir -p "$d/include"
  for src in "${qd_sources[@]}"; do
    stem=$(basename "$src" .c)
    translate_cuda "$root" "$src ($mode)" "qd_$mode/$stem.cu" "$@" "$tl/qd/$src" -o "$d/$stem.cu" \
      --header "$d/include/$stem.qd.h" --in-root "$tl/qd" -- \
      -I"$tl/qd" -I"$tl/qd/c_kernels/serial" -I"$d/include" "${mpi_flags[@]}" -I"$root/include" \
      -DMPICH_SKIP_MPICXX -DOMPI_SKIP_MPICXX -D_MPICC_H
  done
}
translate_modes translate_port

# --- the serial references: the check deck and the benchmark's small decks ---
serial=$work/tealeaf_serial
(cd "$tl/qd" && mpicxx -std=gnu++17 -O3 -DNDEBUG -Wno-unknown-pragmas -x c++ -I. -Ic_kernels/serial \
   main.c chunk.c comms.c initialise.c parse_config.c profiler.c settings.c shared.c drivers/*.c \
   c_kernels/serial/*.c "$out/patched/driver/diffuse.c" -o "$serial")
# serial_run <deck>.<solver> <ranks> <output>: in a folder of its own (the
# driver reads tea.in and writes tea.out in the working directory); 1 rank
# without mpirun (an MPI singleton), more with mpirun and the flags the
# suite's MPI tests use with Open MPI (cmake/QdMpi.cmake).
mpirun_flags=
if mpirun --version 2>/dev/null | grep -q 'Open MPI'; then
  mpirun_flags="--allow-run-as-root --oversubscribe --bind-to none --mca btl_vader_single_copy_mechanism none"
fi
serial_run() {
  local name=$1 np=$2 output=$3 dir=$work/run/$1.np$2 t0 cmd
  mkdir -p "$dir"
  cp "$out/decks/$name.in" "$dir/tea.in"
  cp "$out/decks/tea.problems" "$dir/"
  cmd=("$serial")
  # shellcheck disable=SC2206 # the flags' words
  [ "$np" = 1 ] || cmd=(mpirun -np "$np" $mpirun_flags "$serial")
  t0=$(date +%s%N)
  (cd "$dir" && "${cmd[@]}" >"$output" 2>"$dir/stderr") ||
    { echo "$me: the serial build failed on $name ($np ranks):" >&2; cat "$dir/stderr" >&2; return 1; }
  grep -q '^bench solve_seconds' "$output" ||
    { echo "$me: no 'bench solve_seconds' line from $name ($np ranks)" >&2; return 1; }
  echo "$name.np$np $(( ($(date +%s%N) - t0) / 1000000 )) ms" >"$dir/time"
}
export -f serial_run
export me out work serial mpirun_flags
# <deck>.<solver> <ranks> <output>, the longest first: 512's Jacobi (20 steps
# of 5000 iterations) and PPCG; the check deck's 2-rank runs.
runs=()
bench_names=()
if [[ " $deck_sets " == *" bench "* ]]; then
  bench_names=(512.jacobi 512.ppcg 512.cheby 512.cg 64.jacobi 64.ppcg 64.cheby 64.cg)
  for n in 512.jacobi 512.ppcg 512.cheby 512.cg; do runs+=("$n 1 $out/serial/$n.txt"); done
fi
check_solvers=()
if [[ " $deck_sets " == *" check "* ]]; then
  check_solvers=(cg cheby ppcg jacobi)
  for s in "${check_solvers[@]}"; do runs+=("check.$s 2 $out/serial/check.$s.np2.txt"); done
  for s in "${check_solvers[@]}"; do runs+=("check.$s 1 $out/serial/check.$s.np1.txt"); done
fi
if [[ " $deck_sets " == *" bench "* ]]; then
  for n in 64.jacobi 64.ppcg 64.cheby 64.cg; do runs+=("$n 1 $out/serial/$n.txt"); done
fi
# shellcheck disable=SC2016 # expanded by the job's shell
[ ${#runs[@]} = 0 ] || printf '%s\n' "${runs[@]}" | xargs -P "$jobs" -L 1 bash -c 'serial_run "$@"' _
# The check deck on 1 and on 2 ranks: the same sums within the tolerance the
# GPU runs are held to, or the references themselves would be in doubt.
check_rtol=${QD_TEALEAF_CHECK_RTOL:-1e-11}
ranks_diff=()
for s in ${check_solvers[@]+"${check_solvers[@]}"}; do
  if ! line=$(python3 "$root/tests/gpu/compare_tealeaf.py" --rtol "$check_rtol" \
                "$out/serial/check.$s.np1.txt" "$out/serial/check.$s.np2.txt"); then
    echo "$line" >&2
    echo "$me: the serial build's check.$s sums on 1 and 2 ranks differ by more than $check_rtol" >&2
    exit 1
  fi
  ranks_diff+=("$s $(tail -1 <<<"$line" | sed -n 's/.*largest relative difference \([^ ]*\) .*/\1/p')")
done
# The driver's own check (always on) looks the deck up in tea.problems, which
# has no answer for the check deck: the staged copy gets the serial build's
# final temperature, so that a GPU run's log says PASSED or FAILED against it
# rather than "Problem was not found" (the suite judges the sums, above all).
if [ ${#check_solvers[@]} -gt 0 ]; then
  echo "$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import decks; k = decks.DECKS["check"][1]; print(k["x_cells"], k["y_cells"], k["end_step"])' "$root/bench/tealeaf") $(sed -n 's/^Actual *//p' "$out/serial/check.cg.np1.txt")" \
    >>"$out/decks/tea.problems"
fi

info=("deck sets: $deck_sets")
[ ${#bench_names[@]} = 0 ] ||
  info+=("decks ${#bench_names[@]} small (serial here), large on the device: 4000.{cg,cheby,ppcg,jacobi}")
[ ${#check_solvers[@]} = 0 ] ||
  info+=("check deck: ${#check_solvers[@]} solvers, serial here on 1 and 2 ranks; largest relative difference of their sums (1 against 2 ranks): $(printf '%s, ' "${ranks_diff[@]}" | sed 's/, $//')")
stage_info "${info[@]}" \
  "serial build: mpicxx -std=gnu++17 -O3 -DNDEBUG of third_party/tealeaf/qd with the bench patch ($(mpicxx --version | head -1))" \
  "serial run times here: $(cat "$work"/run/*/time 2>/dev/null | tr '\n' ',' | sed 's/,$//; s/,/, /g')"
stage_done
