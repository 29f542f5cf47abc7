#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Quick start, step 1 of 2, on a fresh Debian 12 machine:
# installs what is missing, builds qd-translate, the runtimes and the
# samples (translating them at build time), and runs one sample: on the GPU
# when one is present, else its serial reference build. The test suite is
# not built here (QD_BUILD_TESTS=OFF): scripts/test.sh, step 2, turns it on
# in the same build directory, builds it and runs it.
#
# Usage: scripts/bootstrap.sh [build dir, default: build]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}

# clang-19 and libclang-rt-19-dev (ASan, UBSan, libFuzzer runtimes) build
# build-sanitize/ for scripts/sanitize.sh and scripts/fuzz.sh. OpenMPI builds
# and runs the MPI samples (samples/mpi_heat) on several ranks.
packages=(cmake ninja-build g++ python3 libclang-19-dev llvm-19-dev clang-19
          libclang-rt-19-dev llvm-19-tools libgtest-dev libkainjow-mustache-dev hipcc
          xz-utils libopenmpi-dev openmpi-bin libomp-19-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "bootstrap: installing ${missing[*]}"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# nvcc is not a Debian package here; use the toolkit at CUDA_HOME when there
# is one. Without it the CUDA parts are skipped, with a message from CMake.
if [ -z "${CUDACXX:-}" ] && [ -x "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" ]; then
  export CUDACXX="${CUDA_HOME:-/usr/local/cuda}/bin/nvcc"
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DQD_BUILD_TESTS=OFF
cmake --build "$build"

echo
echo "bootstrap: translated samples:"
ls "$build"/samples/qd_generated/*/*.cu 2>/dev/null || echo "  (none: no CUDA compiler found)"
sample=multi_system
if [ -x "$build/samples/$sample" ] && nvidia-smi -L >/dev/null 2>&1; then
  echo "bootstrap: running $sample on the GPU"
  "$build/samples/$sample"
else
  echo "bootstrap: no GPU here; running the serial reference build of $sample"
  "$build/samples/${sample}_serial"
fi
echo "bootstrap: done; scripts/test.sh builds and runs the test suite"

