#!/usr/bin/env bash
# Stages the GPU suite (docs/testing.md): translates, here, everything the GPU
# machine runs (it has nvcc but no Clang) and records the serial reference
# output of each program. Writes .device-stage/:
#   <target>/golden/<case>.<ext>     golden cases that have a driver
#   <target>/programs/<name>.<ext>   tests/gpu programs
#   <target>/samples/<name>/         a sample's translated kernel sources, the
#                                    copies of its headers and include/<stem>.qd.h
#   cudagraph/, hipgraph/            the same as cuda/ and hip/, translated with --graphs
#   cuda/bench/<name>.cu             translated halves of the benchmarks
#   cuda/torch/<name>.cu             kernels of the PyTorch interop library
#   cuda/oot/                        the out-of-tree project's kernels (tests/out_of_tree)
#   <target>/programs/qdsmith_<b>.<ext>  batches of random programs (tests/generator)
#   serial/<name>.txt                serial reference output
# Then, on the GPU machine, from the repository root with .device-stage
# carried along: bash tests/gpu/run_on_device.sh
#
# Usage: scripts/gpu_stage.sh [build dir, default: build]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
stage=$root/.device-stage
tool=$build/bin/qd-translate
cd "$root"

samples=(multi_system concurrent_kernels shallow_water poisson_cg)
programs=(stream_semantics concurrency_proof runtime_stress reduction_semantics graph_semantics vector_semantics)
drivers=(tests/golden/drivers/*.cpp)
serial_targets=(qd-translate)
for s in "${samples[@]}"; do serial_targets+=("${s}_serial"); done
for p in "${programs[@]}"; do serial_targets+=("gpu_suite_${p}_serial"); done
for d in "${drivers[@]}"; do serial_targets+=("golden_$(basename "$d" .cpp)_serial"); done
serial_targets+=(qd_runtime_cpu) # the out-of-tree project's serial reference links it
cmake --build "$build" --target "${serial_targets[@]}" >/dev/null

rm -rf "$stage"
mkdir -p "$stage/serial" "$stage/cuda/bench" "$stage/cuda/torch"
for d in "${drivers[@]}"; do
  case=$(basename "$d" .cpp)
  "$build/tests/golden/drivers/golden_${case}_serial" > "$stage/serial/golden.$case.txt"
done
for s in "${samples[@]}"; do
  "$build/samples/${s}_serial" > "$stage/serial/$s.txt" 2>/dev/null
done
for p in "${programs[@]}"; do
  "$build/tests/gpu/gpu_suite_${p}_serial" > "$stage/serial/$p.txt"
done
# Random valid programs (tests/generator/qdsmith.py), QD_SMITH_PER_BATCH to a
# translation unit: QD_SMITH_FIXED batches of fixed seeds (1, 2, ...), then
# QD_SMITH_FRESH batches of fresh random seeds, recorded in
# serial/qdsmith_seeds.txt. Each batch runs on the device in every target
# and mode, and must print its serial reference exactly.
smith_per_batch=${QD_SMITH_PER_BATCH:-50}
smith_fixed=${QD_SMITH_FIXED:-20}
smith_fresh=${QD_SMITH_FRESH:-20}
smith_dir=$(mktemp -d)
smith_batches=()
: > "$stage/serial/qdsmith_seeds.txt"
for ((b = 0; b < smith_fixed + smith_fresh; ++b)); do
  if ((b < smith_fixed)); then
    seeds="$((b * smith_per_batch + 1))-$(((b + 1) * smith_per_batch))"
  else
    seeds=$(python3 -c "import random; r = random.SystemRandom(); print(','.join(str(r.randrange(10**6, 10**9)) for _ in range($smith_per_batch)))")
  fi
  echo "qdsmith_$b $seeds" >> "$stage/serial/qdsmith_seeds.txt"
  python3 tests/generator/qdsmith.py --seeds "$seeds" -o "$smith_dir/qdsmith_$b.cpp"
  "${CXX:-c++}" -std=c++17 -O1 -Wall -Werror -Wno-unknown-pragmas -Iinclude \
    "$smith_dir/qdsmith_$b.cpp" "$build/runtime/libqd_runtime_cpu.a" -pthread -o "$smith_dir/qdsmith_$b"
  "$smith_dir/qdsmith_$b" > "$stage/serial/qdsmith_$b.txt"
  smith_batches+=("$smith_dir/qdsmith_$b.cpp")
done
# The device also builds concurrency_proof with profiler ranges on; same results.
cp "$stage/serial/concurrency_proof.txt" "$stage/serial/concurrency_proof_ranges.txt"

# stage_target <directory> <target> <extension> [qd-translate options...]
stage_target() {
  local target=$2 ext=$3 dir=$stage/$1
  local -a options=("${@:4}")
  mkdir -p "$dir/golden" "$dir/programs"
  for d in "${drivers[@]}"; do
    local case
    case=$(basename "$d" .cpp)
    "$tool" --target="$target" ${options[@]+"${options[@]}"} "tests/golden/$case.cpp" \
      -o "$dir/golden/$case.$ext" --
  done
  # A sample's kernel sources are the .cpp files with a '#pragma qd kernel';
  # its host sources (built on the device from the repository) include the
  # entry-point headers.
  for s in "${samples[@]}"; do
    local out=$dir/samples/$s src
    mkdir -p "$out/include"
    for src in $(grep -l '^#pragma qd kernel' "samples/$s"/*.cpp); do
      local stem
      stem=$(basename "$src" .cpp)
      "$tool" --target="$target" ${options[@]+"${options[@]}"} "$src" -o "$out/$stem.$ext" \
        --header "$out/include/$stem.qd.h" \
        --in-root "samples/$s" --
    done
  done
  # The suite programs' blocks write disjoint parts of one array on purpose.
  for p in "${programs[@]}"; do
    "$tool" --target="$target" ${options[@]+"${options[@]}"} "tests/gpu/$p.cpp" -o "$dir/programs/$p.$ext" \
      -- -DQD_STREAM_SHIMS -Itests/gpu -Itests/golden/drivers -Wno-qd-race
  done
  for src in "${smith_batches[@]}"; do
    "$tool" --target="$target" ${options[@]+"${options[@]}"} "$src" \
      -o "$dir/programs/$(basename "$src" .cpp).$ext" -- -Iinclude
  done
}
stage_target cuda cuda cu
stage_target hip hip hip
# Everything again in graph mode (--graphs): the same programs must give the
# same results when every kernel call is a cached graph.
stage_target cudagraph cuda cu --graphs
stage_target hipgraph hip hip --graphs
for b in triad streams collapse reduce gemv stencil product jacobi; do
  "$tool" "bench/$b.cpp" -o "$stage/cuda/bench/$b.cu" -- -Ibench
done
# The graph-mode twins of the stream benchmarks' kernels (renamed by the
# device build, see tests/gpu/device/CMakeLists.txt).
"$tool" --graphs bench/streams.cpp -o "$stage/cuda/bench/streams_graph.cu" -- -Ibench
"$tool" tests/gpu/torch_interop/qd_torch_kernels.cpp -o "$stage/cuda/torch/qd_torch_kernels.cu" \
  -- -DQD_STREAM_SHIMS -Wno-qd-race

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
"$tool" --target=cuda "$oot/src/kernels.cpp" --header "$oot_stage/include/kernels.qd.h" \
  --in-root "$oot" -o "$oot_stage/kernels.cu" -- -I"$oot/include" -I"$oot_stage/include"
oot_serial=$(mktemp -d)
"${CXX:-c++}" -std=c++17 -O2 -Wall -Wextra -Werror -Wno-unknown-pragmas -DQD_SERIAL_BUILD \
  -I"$oot/include" -I"$oot/src" -I"$oot_stage/include" -Iinclude \
  "$oot/src/kernels.cpp" "$oot/src/main.cpp" "$oot/src/report.cpp" \
  "$build/runtime/libqd_runtime_cpu.a" -pthread -o "$oot_serial/oot_physics"
"$oot_serial/oot_physics" > "$stage/serial/oot_physics.txt"
rm -rf "$oot_serial"
# --- end out-of-tree project ---
rm -rf "$smith_dir"
echo "staged $(find "$stage" -type f | wc -l) files in .device-stage/"
