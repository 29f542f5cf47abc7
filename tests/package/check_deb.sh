#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The Debian package, end to end: `cpack -G DEB` in a build tree, the
# package's metadata and contents, its copyright file (DEP-5) and that no
# file of it comes from third_party/, the unpacked tool (it runs and
# translates), a relocatable CMake package, then the out-of-tree project
# check (tests/out_of_tree/run.sh) against the unpacked tree.
#
# Usage: check_deb.sh <build dir> <source dir> <work dir>
# The work dir is removed first. $CPACK names cpack (default: cpack on PATH),
# $PYTHON python3 (default: python3 on PATH).
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 <build dir> <source dir> <work dir>" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$3
cpack_cmd=${CPACK:-cpack}
python=${PYTHON:-python3}

step() { echo; echo "== $*"; }
die() { echo "check_deb.sh: FAIL: $*" >&2; exit 1; }

for tool in "$cpack_cmd" dpkg-deb "$python"; do
  command -v "$tool" >/dev/null || die "'$tool' not found"
done
[ -f "$build/CPackConfig.cmake" ] \
  || die "$build/CPackConfig.cmake is missing: configure the build with cmake/QdPackaging.cmake included"

step "fresh work dir $work"
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)

step "cpack -G DEB in $build"
(cd "$build" && "$cpack_cmd" -G DEB -B "$work/cpack") || die "cpack -G DEB failed"
shopt -s nullglob
debs=("$work"/cpack/*.deb)
shopt -u nullglob
[ ${#debs[@]} -eq 1 ] || die "expected one .deb in $work/cpack, found ${#debs[@]}"
deb=${debs[0]}
echo "package: $(basename "$deb") ($(stat -c %s "$deb") bytes)"

step "dpkg-deb -I"
dpkg-deb -I "$deb" | tee "$work/info.txt" || die "dpkg-deb -I failed"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = "qd-translate" ] || die "Package is '$(field Package)', expected qd-translate"
[ -n "$(field Version)" ] || die "no Version field"
[ "$(field Section)" = "devel" ] || die "Section is '$(field Section)', expected devel"
depends=$(field Depends)
for dep in libclang-cpp19 libllvm19 libclang-common-19-dev cmake; do
  grep -Eq "(^|, )$dep( |,|$)" <<<"$depends" || die "Depends lacks $dep: '$depends'"
done

step "dpkg-deb -c"
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' > "$work/contents.txt" \
  || die "dpkg-deb -c failed"
cat "$work/contents.txt"
missing=()
expect() { # description, extended regular expression for a path in the package
  grep -Eq "$2" "$work/contents.txt" || missing+=("$1 ($2)")
}
libdir='/usr/lib(/[^/]+)?'
expect "the tool" '^/usr/bin/qd-translate$'
expect "the public header qd/qd.h" '^/usr/include/qd/qd\.h$'
expect "the CMake package config" "^$libdir/cmake/QdTranslate/QdTranslateConfig\.cmake$"
expect "the CMake package version file" "^$libdir/cmake/QdTranslate/QdTranslateConfigVersion\.cmake$"
expect "the exported targets" "^$libdir/cmake/QdTranslate/QdTranslateTargets\.cmake$"
expect "qd_translate_sources() (QdTranslate.cmake)" "^$libdir/cmake/QdTranslate/QdTranslate\.cmake$"
expect "the copyright file (DEP-5)" '^/usr/share/doc/qd-translate/copyright$'
# Every runtime this build installs: qd::runtime_cpu always, runtime_cuda and
# runtime_hip when the build made (and installs) them.
runtimes=(qd_runtime_cpu)
for backend in cuda hip; do
  if grep -q "libqd_runtime_$backend\." "$build/runtime/cmake_install.cmake" 2>/dev/null; then
    runtimes+=("qd_runtime_$backend")
  fi
done
echo "runtimes this build installs: ${runtimes[*]}"
for lib in "${runtimes[@]}"; do
  expect "the runtime library $lib" "^$libdir/lib$lib\.(a|so)$"
done
if [ ${#missing[@]} -ne 0 ]; then
  printf 'missing from the package: %s\n' "${missing[@]}" >&2
  die "${#missing[@]} expected file(s) missing from $(basename "$deb")"
fi
echo "all expected files present"

step "dpkg-deb -x into $work/root"
dpkg-deb -x "$deb" "$work/root" || die "dpkg-deb -x failed"
prefix=$work/root/usr

step "the copyright file is DEP-5, with our licence; nothing comes from third_party/"
copyright=$prefix/share/doc/qd-translate/copyright
format='Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/'
[ "$(head -n 1 "$copyright")" = "$format" ] \
  || die "the first line of /usr/share/doc/qd-translate/copyright is '$(head -n 1 "$copyright")', not '$format'"
for field in 'Upstream-Name: qd-translate' 'Files: \*' 'License: Apache-2.0 WITH LLVM-exception' \
             ' ---- LLVM Exceptions to the Apache 2.0 License ----'; do
  grep -qx "$field" "$copyright" || die "the copyright file has no line '$field'"
done
echo "$copyright: DEP-5 ($(wc -l <"$copyright") lines)"
if [ -d "$src/third_party" ]; then
  "$python" "$src/tests/licence/check_no_third_party.py" --folder-names "$src" "$work/root" \
    || die "the package holds files of third_party/ (above)"
else
  echo "no third_party/ in $src: nothing to compare with"
fi

step "the unpacked tool runs"
"$prefix/bin/qd-translate" --version || die "the unpacked qd-translate --version failed"
if ldd "$prefix/bin/qd-translate" | grep -q "not found"; then
  ldd "$prefix/bin/qd-translate" >&2
  die "the unpacked qd-translate has unresolved shared libraries"
fi

step "the unpacked tool translates (clang's resource headers and qd/qd.h found)"
mkdir -p "$work/translate"
cat > "$work/translate/kern.cpp" <<'EOF'
#include <cstddef>
#include <stddef.h>
#include <qd/qd.h>

#pragma qd kernel
void scale(float* x, std::size_t n, float a) {
  for (std::size_t i = 0; i < n; ++i) x[i] *= a;
}
EOF
for target in cpu cuda; do
  "$prefix/bin/qd-translate" --target=$target "$work/translate/kern.cpp" \
      --out-dir "$work/translate" -- \
    || die "the unpacked qd-translate could not translate a small file (--target=$target)"
done
grep -q "__global__" "$work/translate/kern.cu" || die "no __global__ in the CUDA output"
[ -s "$work/translate/kern.cpu.cpp" ] || die "no cpu output"
echo "translated kern.cpp to kern.cu and kern.cpu.cpp"

step "the CMake package is relocatable"
cmake_dir=$(dirname "$(grep -E "^$libdir/cmake/QdTranslate/QdTranslateConfig\.cmake$" "$work/contents.txt")")
bad=0
for path in "$build" "$src" "$work"; do
  if grep -rnF "$path" "$work/root$cmake_dir"; then
    echo "the files above name $path" >&2
    bad=1
  fi
done
[ $bad -eq 0 ] || die "the installed CMake package names paths of the build machine"
echo "no path of the build, source or work dir in $cmake_dir"

step "out-of-tree project against the unpacked package"
oot=$src/tests/out_of_tree/run.sh
[ -f "$oot" ] || die "$oot is missing (the out-of-tree project check is part of this test)"
bash "$oot" "$prefix" "$work/oot" || die "the out-of-tree project check failed against $prefix"

echo
echo "package.deb: OK ($(basename "$deb"))"
