#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Stages the TeaLeaf benchmark (bench/tealeaf/README.md) for the GPU machine,
# which has nvcc and MPI but no Clang and no `patch`: called by
# scripts/gpu_stage.sh (its bench part) with the stage's tealeaf/ folder.
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
#                            the reference of their GPU runs
#   translate.log, stage-info.txt
# The patches (third_party/tealeaf_cuda/patches/) are applied here, to copies,
# so that the device needs no patch tool. The serial build is the port
# compiled as written (pragmas ignored) with the patched driver, as
# samples/tealeaf's tealeaf_serial is compiled (mpicxx, -O3).
# Knob: QD_STAGE_JOBS (default nproc): serial runs at a time.
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
  command -v "$need" >/dev/null || { echo "$me: no $need here (QD_STAGE_TEALEAF=0 leaves TeaLeaf out)" >&2; exit 1; }
done
[ -x "$tool" ] || { echo "$me: no $tool" >&2; exit 1; }

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

# --- the serial reference of the small decks ---
serial=$work/tealeaf_serial
(cd "$tl/qd" && mpicxx -std=gnu++17 -O3 -DNDEBUG -Wno-unknown-pragmas -x c++ -I. -Ic_kernels/serial \
   main.c chunk.c comms.c initialise.c parse_config.c profiler.c settings.c shared.c drivers/*.c \
   c_kernels/serial/*.c "$out/patched/driver/diffuse.c" -o "$serial")
# serial_run <deck>.<solver>: in a folder of its own (the driver reads tea.in
# and writes tea.out in the working directory).
serial_run() {
  local name=$1 dir=$work/run/$1 t0
  mkdir -p "$dir"
  cp "$out/decks/$name.in" "$dir/tea.in"
  cp "$out/decks/tea.problems" "$dir/"
  t0=$(date +%s%N)
  (cd "$dir" && "$serial" >"$out/serial/$name.txt" 2>"$dir/stderr") ||
    { echo "$me: the serial build failed on $name:" >&2; cat "$dir/stderr" >&2; return 1; }
  grep -q '^bench solve_seconds' "$out/serial/$name.txt" ||
    { echo "$me: no 'bench solve_seconds' line from $name" >&2; return 1; }
  echo "$name $(( ($(date +%s%N) - t0) / 1000000 )) ms" >"$dir/time"
}
export -f serial_run
export me out work serial
# The longest first: 512's Jacobi (20 steps of 5000 iterations) and PPCG.
names=(512.jacobi 512.ppcg 512.cheby 512.cg 64.jacobi 64.ppcg 64.cheby 64.cg)
# shellcheck disable=SC2016 # expanded by the job's shell
printf '%s\n' "${names[@]}" | xargs -P "$jobs" -n 1 bash -c 'serial_run "$1"' _

stage_info "decks ${#names[@]} small (serial here), large on the device: 4000.{cg,cheby,ppcg,jacobi}" \
  "serial build: mpicxx -std=gnu++17 -O3 -DNDEBUG of third_party/tealeaf/qd with the bench patch ($(mpicxx --version | head -1))" \
  "serial run times here: $(cat "$work"/run/*/time | tr '\n' ',' | sed 's/,$//; s/,/, /g')"
stage_done
