#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The ctest `out_of_tree` (tests/CMakeLists.txt): installs the qd-translate
# build tree into a fresh prefix, then builds and runs this project against
# that install with run.sh, the way a user outside the build would.
#
# Usage: ctest_driver.sh <cmake> <qd build dir> <test binary dir>
# Writes <test binary dir>/oot-prefix (the install) and
# <test binary dir>/oot-work (run.sh's builds, logs and outputs).
set -uo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 <cmake> <qd build dir> <test binary dir>" >&2
  exit 2
fi
cmake_cmd=$1 build=$2 bin=$3
here=$(cd "$(dirname "$0")" && pwd)
prefix=$bin/oot-prefix

mkdir -p "$bin"
rm -rf "$prefix"
echo "== cmake --install $build --prefix $prefix"
if ! "$cmake_cmd" --install "$build" --prefix "$prefix" >"$bin/oot-install.log" 2>&1; then
  echo "FAIL install: cmake --install failed (see $bin/oot-install.log)"
  tail -n 30 "$bin/oot-install.log" | sed 's/^/    /'
  exit 1
fi
exec bash "$here/run.sh" "$prefix" "$bin/oot-work"
