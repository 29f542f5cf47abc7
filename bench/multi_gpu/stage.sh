#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Translates what bench/multi_gpu/run_on_device.sh builds on a GPU machine,
# which has nvcc, MPI and NCCL but no clang: samples/multi_gpu_jacobi's
# solver in stream and graph mode, each with and without its
# 'priority(high)', and the serial build's output to compare the sample's
# GPU runs with. Writes .device-scaling.tar.xz in the repository root.
#
#   bench/multi_gpu/stage.sh [build dir, default build]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
tool=$build/bin/qd-translate
out=$root/.device-scaling
rm -rf "$out"
mkdir -p "$out"
src=$root/samples/multi_gpu_jacobi
mpi_flags=$(mpicxx --showme:compile)
cuda_inc=$(dirname "$(dirname "$(command -v nvcc || echo "$CUDA_HOME/bin/nvcc")")")/include
for mode in stream graph; do
  for prio in prio noprio; do
    d=$out/${mode}_$prio
    mkdir -p "$d/include"
    input=$src/solver.cpp
    if [ "$prio" = noprio ]; then
      # The same sweep without the clause: what priority(high) buys.
      sed 's/stream_parallel priority(high)/stream_parallel/' "$src/solver.cpp" >"$d/solver.cpp"
      cp "$src/jacobi.h" "$d/"
      input=$d/solver.cpp
    fi
    args=(--header="$d/include/solver.qd.h" --in-root="$(dirname "$input")" -o "$d/solver.cu")
    [ "$mode" = graph ] && args+=(--graphs)
    "$tool" "${args[@]}" "$input" -- -Wno-qd-race -DQD_JACOBI_NCCL -I"$src" -I"$root/include" \
      -I"$cuda_inc" $mpi_flags
  done
done
# The serial build's answer on one rank, which every GPU run must match.
"$build/samples/multi_gpu_jacobi_serial" >"$out/serial.txt"
cp "$root/tests/gpu/compare_results.py" "$out/"
tar -cJf "$root/.device-scaling.tar.xz" -C "$root" .device-scaling
echo "staged $(find "$out" -type f | wc -l) files: $root/.device-scaling.tar.xz ($(du -h "$root/.device-scaling.tar.xz" | cut -f1))"
