#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Generated sources built by plain vendor commands, with no flags of ours, as
# users who keep them in a repository build them (Make, Bazel, setup.py): the
# result is right with zero warnings, or the build stops at an #error that
# names the flag it needs. Never a warning and a wrong result (issue 27).
# Usage: plain_compilers_test.sh <qd-translate> <nvcc or ""> <hipcc or "">
set -u
tool=$1
case $tool in */*) tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool");; esac
nvcc=${2:-}
hipcc=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
include=$(cd "$here/../../include" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0
pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; [ -n "${2:-}" ] && [ -f "$2" ] && sed 's/^/  | /' "$2"; failures=$((failures+1)); }

cat > uses_min.cpp <<'CPP'
#include <algorithm>
float clamp01(float v) { return std::min(std::max(v, 0.0f), 1.0f); }
#pragma qd kernel
void clamp_all(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = clamp01(a[i]) + std::min(a[i], 2.0f);
}
CPP
# A call that has no text of its own (inside a macro of a helper) cannot be
# renamed to its device twin: the build must stop at the #error.
cat > min_in_macro.cpp <<'CPP'
#include <algorithm>
#define SMALLER(a, b) std::min(a, b)
float smaller(float a, float b) { return SMALLER(a, b); }
#pragma qd kernel
void smallest(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = smaller(a[i], 1.0f);
}
CPP
# A standard function object as a comparator is constexpr only: the
# comparator runs on the device, so the build must stop at the #error.
cat > std_comparator.cpp <<'CPP'
#include <algorithm>
#include <functional>
#pragma qd kernel
void larger(const float* a, float* b, int n)
{
    for (int i = 0; i < n; ++i)
        b[i] = std::max(a[i], b[i], std::less<float>());
}
CPP
cat > plain.cpp <<'CPP'
#include <cmath>
#pragma qd kernel
void roots(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = std::sqrt(std::fabs(a[i]));
}
CPP
for src in uses_min min_in_macro std_comparator plain; do
  "$tool" "$src.cpp" -o "$src.cu" -- 2> "$src.err" || fail "$src: translates for cuda" "$src.err"
  "$tool" --target=hip "$src.cpp" -o "$src.hip" -- 2> "$src.err" || fail "$src: translates for hip" "$src.err"
done

if [ -n "$nvcc" ]; then
  # std::min is constexpr only: the output calls its device twin, so a plain
  # nvcc build computes the serial result, with zero warnings.
  if "$nvcc" -std=c++17 -Werror all-warnings -I "$include" -c uses_min.cu -o uses_min.o > min.log 2>&1 &&
     grep -q "qd::min" uses_min.cu; then
    pass "std::min in device code builds with plain nvcc and zero warnings, through its twin"
  else
    fail "std::min in device code builds with plain nvcc and zero warnings, through its twin" min.log
  fi
  if "$nvcc" -std=c++17 -I "$include" -c min_in_macro.cu -o min_in_macro.o > macro.log 2>&1; then
    fail "plain nvcc refuses a file whose std::min call cannot be renamed" macro.log
  elif grep -q "device code calls std::min.*--expt-relaxed-constexpr" macro.log; then
    pass "plain nvcc stops at the #error that names --expt-relaxed-constexpr"
  else
    fail "plain nvcc's error names the flag" macro.log
  fi
  if "$nvcc" -std=c++17 --expt-relaxed-constexpr -Werror all-warnings -I "$include" -c min_in_macro.cu -o min_in_macro.o > macro_flag.log 2>&1; then
    pass "with --expt-relaxed-constexpr it builds with zero warnings"
  else
    fail "with --expt-relaxed-constexpr it builds with zero warnings" macro_flag.log
  fi
  if "$nvcc" -std=c++17 -I "$include" -c std_comparator.cu -o std_comparator.o > comparator.log 2>&1; then
    fail "plain nvcc refuses a std::less comparator in device code" comparator.log
  elif grep -q "device code calls std::less.*operator().*--expt-relaxed-constexpr" comparator.log; then
    pass "a std::less comparator stops plain nvcc at the #error that names the flag"
  else
    fail "plain nvcc's error names the comparator and the flag" comparator.log
  fi
  if "$nvcc" -std=c++17 --expt-relaxed-constexpr -Werror all-warnings -I "$include" -c std_comparator.cu -o std_comparator.o > comparator_flag.log 2>&1; then
    pass "a std::less comparator builds with --expt-relaxed-constexpr and zero warnings"
  else
    fail "a std::less comparator builds with --expt-relaxed-constexpr and zero warnings" comparator_flag.log
  fi
  if "$nvcc" -std=c++17 -Werror all-warnings -I "$include" -c plain.cu -o plain.o > plain.log 2>&1; then
    pass "<cmath> in device code builds with plain nvcc and zero warnings"
  else
    fail "<cmath> in device code builds with plain nvcc and zero warnings" plain.log
  fi
else
  echo "skip: no nvcc"
fi
if [ -n "$hipcc" ]; then
  for src in uses_min min_in_macro std_comparator plain; do
    if "$hipcc" -std=c++17 -Wall -Werror --offload-arch=gfx90a -I "$include" -c "$src.hip" -o "$src.hip.o" > "$src.hip.log" 2>&1; then
      pass "$src.hip builds with plain hipcc and zero warnings"
    else
      fail "$src.hip builds with plain hipcc and zero warnings" "$src.hip.log"
    fi
  done
else
  echo "skip: no hipcc"
fi
[ "$failures" -eq 0 ]
