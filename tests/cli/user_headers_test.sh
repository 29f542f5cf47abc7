#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# End-to-end tests of user headers (--in-root) and the entry-point header
# (--header) on a small project, tests/cli/user_headers/: the translated
# copies, --check, -MD, determinism, refusals, paths with odd characters and
# how diagnostics name the source. See docs/cli.md.
# Usage: user_headers_test.sh <qd-translate> [<nvcc>]
# Without nvcc (or with an empty second argument) the nvcc checks are skipped.
set -u
tool=$1
case $tool in */*) tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool");; esac
nvcc=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0
pass() { echo "ok: $1"; }
fail() { # description, optional file to show
  echo "FAIL: $1"
  if [ -n "${2:-}" ] && [ -f "$2" ]; then sed 's/^/  | /' "$2"; fi
  failures=$((failures+1))
}
expect() { # description, expected status, actual status, optional stderr file
  if [ "$2" -ne "$3" ]; then fail "$1: exit $3, expected $2" "${4:-}"; else pass "$1"; fi
}
check() { # description, command...: ok when the command succeeds
  local what=$1; shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}
one_line() { [ "$(wc -l < "$1")" -eq 1 ] && [ -n "$(head -c1 "$1")" ]; }
has_line() { grep -qxF -- "$2" "$1"; }        # file, exact line
lacks() { ! grep -qF -- "$2" "$1"; }          # file, text
# Every file under a directory, with its checksum (names included, so an
# added or removed file shows too).
sums() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }
# The prerequisites of a Make-style dependency file, one a line.
deps_of() { sed 's/\\$//' "$1" | tr ' \t' '\n\n' | grep -v '^$' | sed 1d; }
# Every '#line' directive of the files is well-formed: its name is a string
# literal whose '"' and '\' are escaped.
lines_escaped() {
  grep -qh '^#line' "$@" && ! grep -h '^#line' "$@" | grep -qvE '^#line [0-9]+ "([^"\\]|\\.)*"$'
}

cp -R "$here/user_headers" tree
proj=tree/project
src=$proj/src/kernels.cpp
copies=out/kernels.cu.qd-headers
sums tree > tree.sums
mkdir out

# ---- 1. --header, -o and --in-root: the output, the header, the copies -----
translate() { # extra options...; the standard run of tests 1 to 4
  "$tool" "$src" -o out/kernels.cu --header out/kernels.qd.h --in-root "$proj" "$@" -- -I out
}
translate 2>t1.err; expect "1: --header, -o, --in-root" 0 $? t1.err
[ -s t1.err ] && fail "1: printed something" t1.err
default_sig='void scaled_dots(const vm::Vec2* a, const vm::Vec2* b, float* out, float s, int n);'
stream_sig='void scaled_dots(const vm::Vec2* a, const vm::Vec2* b, float* out, float s, int n, qd::StreamRef qd_stream);'
check "1: header declares the default entry point" has_line out/kernels.qd.h "$default_sig"
check "1: header declares the stream entry point" has_line out/kernels.qd.h "$stream_sig"
check "1: header includes the parameter types' header, from its own directory" \
  has_line out/kernels.qd.h '#include "../tree/project/inc/vec.h"'
check "1: output defines the stream entry point" \
  grep -qF "${stream_sig%;} {" out/kernels.cu
# The copies: the headers device code needs (vec.h for vm::dot, util.h for
# vm::detail::mul_add) and the entry-point header, which leads to them; not
# unused.h, which only host code uses.
expected_copies=$'./inc/detail/util.h\n./inc/vec.h\n./kernels.qd.h'
actual_copies=$( (cd "$copies" 2>/dev/null && find . -type f | LC_ALL=C sort) )
[ "$actual_copies" = "$expected_copies" ] && pass "1: exactly the needed copies" \
  || fail "1: copies are [$(tr '\n' ' ' <<<"$actual_copies")], expected [$(tr '\n' ' ' <<<"$expected_copies")]"
[ ! -e "$copies/inc/unused.h" ] && pass "1: a header device code does not need is not copied" \
  || fail "1: inc/unused.h was copied"
check "1: copy of vec.h: vm::dot is __host__ __device__" \
  grep -qF "__host__ __device__ inline float dot(const Vec2& a, const Vec2& b)" "$copies/inc/vec.h"
check "1: copy of util.h: vm::detail::mul_add is __host__ __device__" \
  grep -qF "__host__ __device__ inline float mul_add(float a, float b, float c)" "$copies/inc/detail/util.h"
check "1: copy of vec.h includes util.h next to it (the copy)" \
  has_line "$copies/inc/vec.h" '#include "detail/util.h"'
check "1: output includes the copy of vec.h" has_line out/kernels.cu '#include "kernels.cu.qd-headers/inc/vec.h"'
check "1: output includes the copy of the entry-point header" \
  has_line out/kernels.cu '#include "kernels.cu.qd-headers/kernels.qd.h"'
check "1: output keeps the include of unused.h as written" has_line out/kernels.cu '#include "../inc/unused.h"'
check "1: user's files unchanged" cmp -s tree.sums <(sums tree)
lacks_attrs() { ! grep -rqF "__host__" "$proj/inc"; }
check "1: user's headers carry no attributes" lacks_attrs

# ---- 2. Determinism: a second run writes the same bytes ---------------------
cp -R out run1
rm -rf out; mkdir out
translate 2>/dev/null; expect "2: second run" 0 $?
check "2: two runs give byte-identical outputs, header and copies" diff -r run1 out

# ---- 3. --check covers the copies and the header ----------------------------
translate --check 2>t3a.err; expect "3: --check after a fresh run" 0 $? t3a.err
stale_check() { # description, file edited, missing|out of date
  cp "$2" t3.ref 2>/dev/null || rm -f t3.ref
  translate --check 2>t3.err; expect "3: --check, $1" 4 $? t3.err
  one_line t3.err && head -n1 t3.err | grep -q "^qd-translate: " \
    || fail "3: --check, $1: not one 'qd-translate: ' line" t3.err
  grep -qF "$2 is $3" t3.err || fail "3: --check, $1: message does not say '$2 is $3'" t3.err
  if [ -e t3.ref ]; then cmp -s t3.ref "$2" || fail "3: --check, $1: changed the file"
  else [ ! -e "$2" ] || fail "3: --check, $1: wrote the missing file"; fi
  rm -rf out; cp -R run1 out
}
echo "// edited" >> "$copies/inc/detail/util.h"; stale_check "a copy edited" "$copies/inc/detail/util.h" "out of date"
echo "// edited" >> out/kernels.qd.h;             stale_check "the header edited" out/kernels.qd.h "out of date"
echo "// edited" >> "$copies/kernels.qd.h";       stale_check "the header's copy edited" "$copies/kernels.qd.h" "out of date"
rm "$copies/inc/vec.h";                           stale_check "a copy missing" "$copies/inc/vec.h" missing
rm out/kernels.qd.h;                              stale_check "the header missing" out/kernels.qd.h missing

# ---- 4. -MD and -MF: the original headers, not the copies, not the header ---
translate -MD 2>t4.err; expect "4: -MD" 0 $? t4.err
deps_of out/kernels.cu.d > t4.deps
head -n1 out/kernels.cu.d | grep -q "^out/kernels.cu:" || fail "4: dependency file's target is not out/kernels.cu" out/kernels.cu.d
lists_same_file() { # deps list, file: some entry is that very file
  local d; while IFS= read -r d; do [ "$d" -ef "$2" ] && return 0; done < "$1"; return 1
}
check "4: lists the source" lists_same_file t4.deps "$src"
check "4: lists the original inc/vec.h" lists_same_file t4.deps "$proj/inc/vec.h"
check "4: lists the original inc/detail/util.h" lists_same_file t4.deps "$proj/inc/detail/util.h"
check "4: lists no copy" lacks t4.deps "qd-headers"
check "4: does not list the entry-point header" lacks t4.deps "kernels.qd.h"
translate -MF out/kernels.deps 2>t4f.err; expect "4: -MF" 0 $? t4f.err
check "4: -MF writes the same dependencies" cmp -s out/kernels.cu.d out/kernels.deps

# ---- 5. --header with two sources is refused, and nothing is written --------
mkdir out5
"$tool" "$src" "$here/good_input.cpp" --out-dir out5 --header out5/k.qd.h --in-root "$proj" -- -I out5 2>t5.err
expect "5: --header with two sources" 6 $? t5.err
one_line t5.err && head -n1 t5.err | grep -q "^qd-translate: " && pass "5: one 'qd-translate: ' line" \
  || fail "5: message is not one 'qd-translate: ' line" t5.err
[ -z "$(ls -A out5)" ] && pass "5: nothing written" || fail "5: wrote $(ls -A out5 | tr '\n' ' ')"

# ---- 5b. All or nothing: a dependency file that cannot be written leaves no
# output, no header and no copies
mkdir out5b
"$tool" "$src" -o out5b/k.cu --header out5b/kernels.qd.h --in-root "$proj" -MF out5b/missing/k.d \
  -- -I out5b 2>t5b.err
expect "5b: dependency file in a missing directory" 5 $? t5b.err
[ -z "$(ls -A out5b)" ] && pass "5b: no output, no header, no copies" \
  || fail "5b: wrote $(ls -A out5b | tr '\n' ' ')"

# ---- 6. A callee in a header outside --in-root ------------------------------
mkdir out6
"$tool" "$proj/src/outside_callee.cpp" -o out6/k.cu --header out6/k.qd.h --in-root "$proj" \
  -- -fno-color-diagnostics -I out6 2>t6.err
expect "6: callee outside --in-root" 1 $? t6.err
message="outside_callee.cpp:12:18: error: function 'ext_twice' cannot be called from device code: it is defined in '[^']*lib/ext\.h', outside the input root '[^']*project', so qd-translate does not translate it; pass '--in-root' with a directory that contains the header, or mark the function QD_HOST_DEVICE \(<qd/detail/config\.h>\)$"
check "6: clang-style error naming the header and the root" grep -qE -- "$message" t6.err
[ -z "$(ls -A out6)" ] && pass "6: no output, no header, no copies" || fail "6: wrote $(ls -A out6 | tr '\n' ' ')"

# ---- 7. Path hygiene: a project under we"ird\dir -----------------------------
# The source is named by a relative path through the directory, so the name
# reaches the '#line' directives and the launch checks' C strings. The
# outputs go to we"ird\dir/build, the header next to the source. The
# compilers run in build/: nvcc itself refuses a '"' in its arguments.
weird='we"ird\dir'
cp -R "$here/user_headers/project" "$weird"
mkdir "$weird/build"
wsrc="$weird/src/kernels.cpp"
wout="$weird/build"
"$tool" "$wsrc" -o "$wout/kernels.cu" --header "$weird/src/kernels.qd.h" --in-root "$weird" \
  -- -I "$weird/src" 2>t7c.err
expect "7: cuda, odd directory" 0 $? t7c.err
"$tool" --target=cpu "$wsrc" -o "$wout/kernels.cpu.cpp" --header "$weird/src/kernels.qd.h" --in-root "$weird" \
  -- -I "$weird/src" 2>t7p.err
expect "7: cpu, odd directory" 0 $? t7p.err
escaped='we\"ird\\dir/src/kernels.cpp'
check "7: cuda: launch check names the source as an escaped C string" \
  grep -qF "qd::detail::check_launch(cudaGetLastError(), \"scaled_dots\", \"$escaped\", 15);" "$wout/kernels.cu"
check "7: cuda: #line names the source as an escaped C string" has_line "$wout/kernels.cu" "#line 16 \"$escaped\""
check "7: cpu: #line names the source as an escaped C string" has_line "$wout/kernels.cpu.cpp" "#line 16 \"$escaped\""
check "7: copy of vec.h: #line names the header as an escaped C string" \
  has_line "$wout/kernels.cu.qd-headers/inc/vec.h" '#line 1 "we\"ird\\dir/inc/vec.h"'
check "7: every #line is a well-formed string literal" \
  lines_escaped "$wout/kernels.cu" "$wout/kernels.cpu.cpp" "$wout/kernels.cu.qd-headers/kernels.qd.h" \
  "$wout/kernels.cu.qd-headers/inc/vec.h" "$wout/kernels.cu.qd-headers/inc/detail/util.h"
(cd "$wout" && g++ -std=c++17 -Wall -Wextra -Werror -c kernels.cpu.cpp -I "$repo/include" -I ../src \
  -o cpu.o) >t7g.err 2>&1
expect "7: cpu output compiles with g++ -Wall -Wextra -Werror" 0 $? t7g.err
if [ -n "$nvcc" ]; then
  (cd "$wout" && "$nvcc" -std=c++17 -arch=sm_90 -Werror all-warnings --expt-relaxed-constexpr \
    -c kernels.cu -I "$repo/include" -o cuda.o) >t7n.err 2>&1
  expect "7: cuda output compiles with nvcc -Werror all-warnings" 0 $? t7n.err
else
  echo "skipped: 7: nvcc checks (no nvcc given)"
fi

# ---- 7b. A path a quoted #include cannot hold is refused -----------------
# The entry-point header outside the odd directory would have to include a
# header under '../we"ird\dir/'; an output named k"x.cu would include
# 'k"x.cu.qd-headers/...'. Neither can be written as '#include "..."'.
mkdir out7b
"$tool" "$wsrc" -o out7b/kernels.cu --header out7b/kernels.qd.h --in-root "$weird" -- -I out7b 2>t7b.err
expect "7b: header whose include would hold a '\"'" 6 $? t7b.err
one_line t7b.err && grep -qF "would include '../we\"ird\\dir/" t7b.err && grep -qF "a quoted #include cannot hold" t7b.err \
  && pass "7b: one line naming the path" || fail "7b: message" t7b.err
"$tool" "$src" -o 'out7b/k"x.cu' --header out7b/kernels.qd.h --in-root "$proj" -- -I out7b 2>t7b2.err
expect "7b: output name with a '\"'" 6 $? t7b2.err
grep -qF "would include 'k\"x.cu.qd-headers/" t7b2.err && pass "7b: names the copy's path" || fail "7b: message" t7b2.err
[ -z "$(ls -A out7b)" ] && pass "7b: nothing written" || fail "7b: wrote $(ls -A out7b | tr '\n' ' ')"

# ---- 8. Diagnostics name the source as the user gave it ----------------------
mkdir sub; cp "$here/user_headers/sub/bad.cpp" sub/
"$tool" sub/bad.cpp -o sub/bad.cu -- -fno-color-diagnostics 2>t8r.err
expect "8: error, relative path" 1 $? t8r.err
starts_with() { [[ "$(head -n1 "$1")" == "$2"* ]]; } # file, prefix
starts_with t8r.err "sub/bad.cpp:4:19: error: " && pass "8: relative path as given" \
  || fail "8: first line does not start with 'sub/bad.cpp:4:19: error: '" t8r.err
"$tool" "$work/sub/bad.cpp" -o sub/bad.cu -- -fno-color-diagnostics 2>t8a.err
expect "8: error, absolute path" 1 $? t8a.err
starts_with t8a.err "$work/sub/bad.cpp:4:19: error: " && pass "8: absolute path as given" \
  || fail "8: first line does not start with '$work/sub/bad.cpp:4:19: error: '" t8a.err

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
