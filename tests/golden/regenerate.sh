#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Regenerates tests/golden/expected/ from tests/golden/*.cpp with the built
# qd-translate, for every target: <case>.cu, <case>.hip and <case>.cpu.cpp,
# the names --out-dir picks. Review every change with
# `git diff tests/golden/expected` before committing: a golden file records
# intended output, never a bug.
#
# Usage: tests/golden/regenerate.sh [build dir, default: build]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../../build}" && pwd)
tool="$build/bin/qd-translate"
[ -x "$tool" ] || { echo "regenerate.sh: build qd-translate first ($tool)" >&2; exit 1; }
cd "$here"
targets="cuda hip cpu"
for src in *.cpp; do
  for target in $targets; do
    # Relative paths keep the golden files free of machine-specific paths.
    "$tool" --target="$target" "$src" --out-dir expected -- 2>/dev/null \
      || { echo "regenerate.sh: $src failed to translate for $target" >&2; exit 1; }
  done
done
echo "regenerated $(ls *.cpp | wc -l) golden cases for $targets in tests/golden/expected"
