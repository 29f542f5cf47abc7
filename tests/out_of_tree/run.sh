#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds this out-of-tree project against an installed qd-translate, once per
# backend, and runs what this machine can run (README.md):
#   serial  the annotated sources compiled as written: the reference output
#   cpu     translated to plain C++; built, run, output identical to serial
#   cuda    when nvcc works ($CUDACXX, or $CUDA_HOME/bin/nvcc, default
#           /usr/local/cuda): built by nvcc with warnings as errors and no
#           "warning" in the build log; run and compared with serial when
#           `nvidia-smi -L` finds a GPU
#   hip     when hipcc exists: built the same way, not run (no AMD GPU)
#   cuda_graphs, hip_graphs
#           the same two in graph mode (QD_OOT_GRAPHS=ON: qd_translate_sources
#           GRAPHS), built, and the CUDA one run where there is a GPU
# Prints one "PASS|FAIL|SKIP <backend>: <detail>" line per step and exits
# non-zero if any failed. Each backend builds in a fresh <work dir>/<backend>/
# (removed first; logs and outputs are there too).
#
# Usage: run.sh <qd install prefix> <work dir>
set -uo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 <qd install prefix> <work dir>" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
prefix=$(cd "$1" && pwd) || { echo "FAIL setup: no install prefix $1"; exit 1; }
mkdir -p "$2" && work=$(cd "$2" && pwd) || { echo "FAIL setup: cannot create $2"; exit 1; }
generator=${QD_OOT_GENERATOR:-Ninja}

passed=0; failed=0; skipped=0
record() { # PASS|FAIL|SKIP <step> <detail>
  echo "$1 $2: $3"
  case $1 in
    PASS) passed=$((passed + 1)) ;;
    SKIP) skipped=$((skipped + 1)) ;;
    *) failed=$((failed + 1)) ;;
  esac
}
show_tail() { # <log>: the end of a log, indented, after a FAIL line
  tail -n "${2:-40}" "$1" | sed 's/^/    /'
}
# The install has the runtime of a backend (lib/ or lib/<multiarch>/).
installed_runtime() {
  find "$prefix" -name "libqd_runtime_$1.*" -print -quit 2>/dev/null | grep -q .
}

# build <name> <backend> [cmake args...]: a fresh configure and build in
# $work/<name>/build; logs in $work/<name>/{configure,build}.log.
# Fails (FAIL line) on a configure or build error, or on any "warning" in the
# build log: the compile flags make warnings errors, and this also catches
# what they cannot (qd-translate's own warnings, the linker's).
build() {
  local name=$1 backend=$2 dir=$work/$1
  shift 2
  rm -rf "$dir"
  mkdir -p "$dir"
  if ! cmake -S "$here" -B "$dir/build" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
         -DCMAKE_PREFIX_PATH="$prefix" -DQD_OOT_BACKEND="$backend" "$@" \
         >"$dir/configure.log" 2>&1; then
    record FAIL "$name.build" "cmake configure failed (see $dir/configure.log)"
    show_tail "$dir/configure.log"
    return 1
  fi
  if ! cmake --build "$dir/build" >"$dir/build.log" 2>&1; then
    record FAIL "$name.build" "build failed (see $dir/build.log)"
    show_tail "$dir/build.log" 60
    return 1
  fi
  if grep -qi "warning" "$dir/build.log"; then
    record FAIL "$name.build" "the build log has warnings (see $dir/build.log)"
    grep -i -B2 -A4 "warning" "$dir/build.log" | head -n 40 | sed 's/^/    /'
    return 1
  fi
  record PASS "$name.build" "$(grep -c '^\[' "$dir/build.log") build steps, no warnings"
  return 0
}

# run <backend>: runs the built program; its output goes to
# $work/<backend>/output.txt.
run() {
  local backend=$1 dir=$work/$1 status=0
  "$dir/build/qd_oot_physics" >"$dir/output.txt" 2>"$dir/stderr.txt" || status=$?
  if [ "$status" -eq 0 ]; then
    record PASS "$backend.run" "exit 0, $(grep -c '^check .* PASS' "$dir/output.txt") self-checks passed"
    return 0
  fi
  record FAIL "$backend.run" "exit $status (see $dir/output.txt, $dir/stderr.txt)"
  grep -v '^check .* PASS' "$dir/output.txt" | head -n 20 | sed 's/^/    /'
  show_tail "$dir/stderr.txt" 10
  return 1
}

# same_as_serial <backend>: the outputs must be identical, to the last digit.
same_as_serial() {
  local backend=$1
  if [ ! -s "$work/serial/output.txt" ]; then
    record FAIL "$backend.matches_serial" "no serial reference output"
    return 1
  fi
  if diff -u "$work/serial/output.txt" "$work/$backend/output.txt" >"$work/$backend/diff.txt"; then
    record PASS "$backend.matches_serial" "$(wc -l <"$work/serial/output.txt") lines identical"
  else
    record FAIL "$backend.matches_serial" "output differs from serial (see $work/$backend/diff.txt)"
    head -n 40 "$work/$backend/diff.txt" | sed 's/^/    /'
    return 1
  fi
}

echo "== qd_oot_physics against $prefix (work dir $work)"

# serial: the reference.
if build serial serial && run serial; then
  sed 's/^/    /' "$work/serial/output.txt"
fi

# cpu: translated to plain C++, same output.
if build cpu cpu && run cpu; then
  same_as_serial cpu
  # The same project checked out in two places, each built in its own
  # build directory at the same place relative to its sources: the
  # generated files must be byte-identical (SPEC section 2), so that
  # compiler caches and generated sources kept in a repository work.
  for copy in relocated/a relocated/b/deeper; do
    rm -rf "$work/$copy/source" && mkdir -p "$work/$copy/source" && cp -r "$here/." "$work/$copy/source/"
    here=$work/$copy/source build "$copy/tree" cpu
  done
  if diff -r -x '*.d' "$work/relocated/a/tree/build/qd_generated" \
       "$work/relocated/b/deeper/tree/build/qd_generated" >"$work/relocated/diff.txt"; then
    record PASS relocated.identical "$(find "$work/relocated/a/tree/build/qd_generated" -type f ! -name '*.d' | wc -l) generated files identical"
  else
    record FAIL relocated.identical "generated files differ (see $work/relocated/diff.txt)"
    head -n 20 "$work/relocated/diff.txt" | sed 's/^/    /'
  fi
fi

# cuda: built with nvcc; run where there is a GPU.
nvcc=${CUDACXX:-${CUDA_HOME:-/usr/local/cuda}/bin/nvcc}
if ! "$nvcc" --version >/dev/null 2>&1; then
  record SKIP cuda "no working nvcc ($nvcc)"
elif ! installed_runtime cuda; then
  record SKIP cuda "the install has no qd::runtime_cuda (built without CUDA)"
else
  for name in cuda cuda_graphs; do
    mode=OFF
    [ "$name" = cuda_graphs ] && mode=ON
    if build "$name" cuda -DCMAKE_CUDA_COMPILER="$nvcc" -DQD_OOT_GRAPHS=$mode; then
      if nvidia-smi -L >/dev/null 2>&1; then
        if run "$name"; then
          same_as_serial "$name"
        fi
      else
        record SKIP "$name.run" "no NVIDIA GPU (nvidia-smi -L failed)"
      fi
    fi
  done
fi

# hip: built with HIP's clang; never run here.
if ! command -v hipcc >/dev/null 2>&1; then
  record SKIP hip "no hipcc"
elif ! installed_runtime hip; then
  record SKIP hip "the install has no qd::runtime_hip (built without HIP)"
else
  for name in hip hip_graphs; do
    mode=OFF
    [ "$name" = hip_graphs ] && mode=ON
    if build "$name" hip -DQD_OOT_GRAPHS=$mode; then
      record SKIP "$name.run" "not run: no AMD GPU here"
    fi
  done
fi

echo "== qd_oot_physics: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
