#!/usr/bin/env bash
# Stages the GPU suite: translates the samples and benchmarks here (the GPU
# machine has no Clang) into .device-stage/generated/, and records the serial
# reference results in .device-stage/serial/. Then run, on the GPU machine,
# from the repository root with .device-stage carried along:
#   bash tests/gpu/run_on_device.sh
#
# Usage: scripts/gpu_stage.sh [build dir, default: build]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
stage=$root/.device-stage
cmake --build "$build" --target qd-translate multi_system_serial concurrent_kernels_serial >/dev/null
rm -rf "$stage"; mkdir -p "$stage/generated" "$stage/serial"
tool=$build/bin/qd-translate
cd "$root"
for sample in multi_system concurrent_kernels; do
  "$tool" "samples/$sample/$sample.cpp" -o "$stage/generated/$sample.cu" --
  "$build/samples/${sample}_serial" > "$stage/serial/$sample.txt"
done
"$tool" bench/triad.cpp -o "$stage/generated/triad.cu" --
echo "staged $(ls "$stage"/generated | wc -l) translated sources in .device-stage/"
