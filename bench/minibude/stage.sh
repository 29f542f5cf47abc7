#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Stages the miniBUDE benchmark (bench/minibude/README.md) for the GPU
# machine, which has nvcc but no Clang: called by scripts/gpu_stage.sh (its
# bench part) with the stage's minibude/ folder.
#
#   bench/minibude/stage.sh <output folder> <build dir with bin/qd-translate>
#
# Writes into the output folder:
#   qd_stream/fasten.cu   the port's model header (third_party/minibude/qd/
#                         serial/fasten.hpp) translated for CUDA, as
#                         samples/minibude's minibude_cuda translates it
#   qd_graph/fasten.cu    the same with --graphs
#   translate.log, stage-info.txt
# Everything else the device builds comes from the repository itself
# (third_party/minibude/: upstream's main.cpp, bude.h, CUDA model and the
# decks), by bench/minibude/device.cmake. No serial run is needed: upstream's
# main.cpp checks every run's energies against the deck's ref_energies.out.
set -euo pipefail
me=bench/minibude/stage.sh
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
build=$(cd "$2" && pwd)
tool=$build/bin/qd-translate
mb=$root/third_party/minibude
started=$(date +%s)
# shellcheck source=bench/app_stage.sh
source "$root/bench/app_stage.sh"
[ -x "$tool" ] || { echo "$me: no $tool" >&2; exit 1; }
[ -f "$mb/qd/serial/fasten.hpp" ] || { echo "$me: no $mb/qd/serial/fasten.hpp" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The parser's arguments of samples/minibude/CMakeLists.txt
# (MINIBUDE_TRANSLATE_ARGS, with the target's -D and -I), run in the input
# root so that the #line names are relative (serial/fasten.hpp).
args=(-DSERIAL -I"$mb/qd" -I"$mb/qd/serial" -I"$root/include"
      -include cmath -include algorithm -include stdexcept
      -Wno-pragma-once-outside-header -Wno-missing-template-arg-list-after-template-kw)
# translate_port <mode> <folder> [--graphs]
translate_port() {
  local mode=$1 d=$2
  shift 2
  translate_cuda "$mb/qd" "serial/fasten.hpp ($mode)" "qd_$mode/fasten.cu" "$@" serial/fasten.hpp -o "$d/fasten.cu" \
    --in-root "$mb/qd" -- "${args[@]}"
}
translate_modes translate_port

stage_info "port: third_party/minibude/qd/serial/fasten.hpp (upstream UoB-HPC/miniBUDE 570f66c), translated --target=cuda, and --graphs"
stage_done
