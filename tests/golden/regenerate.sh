#!/usr/bin/env bash
# Regenerates tests/golden/expected/ from tests/golden/*.cpp with the built
# qd-translate. Review every change with `git diff tests/golden/expected`
# before committing: a golden file records intended output, never a bug.
#
# Usage: tests/golden/regenerate.sh [build dir, default: build]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../../build}" && pwd)
tool="$build/bin/qd-translate"
[ -x "$tool" ] || { echo "regenerate.sh: build qd-translate first ($tool)" >&2; exit 1; }
cd "$here"
for src in *.cpp; do
  case=${src%.cpp}
  # Relative paths keep the golden files free of machine-specific paths.
  "$tool" "$src" -o "expected/$case.cu" -- 2>/dev/null \
    || { echo "regenerate.sh: $src failed to translate" >&2; exit 1; }
done
echo "regenerated $(ls expected/*.cu | wc -l) golden outputs in tests/golden/expected"
