#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The ctest licence.installed_has_no_third_party: what `cmake --install` and
# the source package (package_source) hold comes from no file of
# third_party/, by path or by content, and holds our licence. (The .deb is
# checked the same way by tests/package/check_deb.sh, which builds it.)
#
# Usage: installed_has_no_third_party.sh <build dir> <source dir> <work dir>
# The work dir is removed first. $CMAKE, $CPACK and $PYTHON name the tools
# (default: cmake, cpack and python3 on PATH).
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 <build dir> <source dir> <work dir>" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$3
cmake_cmd=${CMAKE:-cmake}
cpack_cmd=${CPACK:-cpack}
python=${PYTHON:-python3}
check=$(cd "$(dirname "$0")" && pwd)/check_no_third_party.py

step() { echo; echo "== $*"; }
die() { echo "installed_has_no_third_party.sh: FAIL: $*" >&2; exit 1; }

[ -d "$src/third_party" ] || die "$src/third_party is missing: nothing to check against"
[ -f "$build/CPackSourceConfig.cmake" ] \
  || die "$build/CPackSourceConfig.cmake is missing: configure the build with cmake/QdPackaging.cmake included"
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
status=0

step "cmake --install $build --prefix $work/prefix"
"$cmake_cmd" --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 \
  || { tail -n 30 "$work/install.log" >&2; die "cmake --install failed"; }
"$python" "$check" --folder-names "$src" "$work/prefix" \
    --require share/doc/qd-translate/copyright --require share/doc/qd-translate/LICENSE \
  || status=1
if [ -f "$work/prefix/share/doc/qd-translate/copyright" ]; then
  head -n 1 "$work/prefix/share/doc/qd-translate/copyright" \
    | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
    || { echo "share/doc/qd-translate/copyright: error: its first line is not DEP-5's Format:"; status=1; }
fi

step "cpack -G TGZ --config $build/CPackSourceConfig.cmake (package_source)"
(cd "$build" && "$cpack_cmd" -G TGZ --config CPackSourceConfig.cmake -B "$work/source") \
  >"$work/source.log" 2>&1 || { tail -n 30 "$work/source.log" >&2; die "cpack (package_source) failed"; }
shopt -s nullglob
tarballs=("$work"/source/*.tar.gz)
shopt -u nullglob
[ ${#tarballs[@]} -eq 1 ] || die "expected one .tar.gz in $work/source, found ${#tarballs[@]}"
echo "source package: $(basename "${tarballs[0]}") ($(stat -c %s "${tarballs[0]}") bytes)"
mkdir "$work/source/unpacked"
tar -xzf "${tarballs[0]}" -C "$work/source/unpacked"
tops=("$work"/source/unpacked/*)
[ ${#tops[@]} -eq 1 ] && [ -d "${tops[0]}" ] || die "the source package has no single top folder"
# Ours must be there (the sample's CMake is; its GPL sources are not); the
# VCS, build trees, scratch and the GPU stage must not.
"$python" "$check" "$src" "${tops[0]}" \
    --require LICENSE --require CMakeLists.txt --require samples/tealeaf/CMakeLists.txt \
    --absent third_party --absent .git --absent build --absent scratch \
    --absent .device-stage --absent .device-stage.tar.xz \
  || status=1
for dir in "${tops[0]}"/build*; do
  [ -e "$dir" ] && { echo "$(basename "$dir"): error: a build tree in the source package"; status=1; }
done

echo
if [ $status -ne 0 ]; then
  die "third_party/ content, or a missing licence file, in the install or the source package (above)"
fi
echo "installed_has_no_third_party: OK"
