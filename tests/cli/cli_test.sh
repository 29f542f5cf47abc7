#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# End-to-end tests of the qd-translate command line: exit statuses, atomic
# and error-safe output, --check, -MD, targets and the file names they get.
# Usage: cli_test.sh <qd-translate>
set -u
tool=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$here"
failures=0
expect() { # description, expected status, actual status
  if [ "$2" -ne "$3" ]; then echo "FAIL: $1: exit $3, expected $2"; failures=$((failures+1)); else echo "ok: $1"; fi
}

"$tool" good_input.cpp -o "$work/good.cu" -- 2>/dev/null; expect "valid input" 0 $?
grep -q "__global__" "$work/good.cu" || { echo "FAIL: no __global__ in output"; failures=$((failures+1)); }

echo "previous contents" > "$work/bad.cu"
"$tool" bad_input.cpp -o "$work/bad.cu" -- 2>"$work/bad.err"; expect "input with errors" 1 $?
[ "$(cat "$work/bad.cu")" = "previous contents" ] || { echo "FAIL: old output changed on error"; failures=$((failures+1)); }
grep -q "bad_input.cpp:5:29: error: '#pragma qd stream_parallel' takes no arguments" "$work/bad.err" \
  || { echo "FAIL: diagnostic missing:"; cat "$work/bad.err"; failures=$((failures+1)); }
"$tool" bad_input.cpp -o "$work/new.cu" -- 2>/dev/null
[ ! -e "$work/new.cu" ] || { echo "FAIL: output created on error"; failures=$((failures+1)); }

"$tool" --target=hip good_input.cpp -o "$work/good.hip" -- 2>/dev/null; expect "--target=hip" 0 $?
grep -q "hipGetLastError" "$work/good.hip" || { echo "FAIL: no hipGetLastError in hip output"; failures=$((failures+1)); }
"$tool" --target=cpu good_input.cpp -o "$work/good.cpu.cpp" -- 2>/dev/null; expect "--target=cpu" 0 $?
if grep -q "__global__\|cuda\|hip" "$work/good.cpu.cpp"; then echo "FAIL: GPU code in cpu output"; failures=$((failures+1)); fi

# --out-dir names outputs by target; a cpu output next to its source must not replace it.
cp good_input.cpp "$work/kern.cpp"
for target in cuda hip cpu; do
  "$tool" --target=$target "$work/kern.cpp" --out-dir "$work" -- 2>/dev/null; expect "--out-dir, --target=$target" 0 $?
done
for name in kern.cu kern.hip kern.cpu.cpp; do
  [ -f "$work/$name" ] || { echo "FAIL: --out-dir did not write $name"; failures=$((failures+1)); }
done
cmp -s good_input.cpp "$work/kern.cpp" || { echo "FAIL: --out-dir changed the source"; failures=$((failures+1)); }
"$tool" --target=cpu "$work/kern.cpp" -o "$work/kern.cpp" -- 2>"$work/same.err"; expect "-o naming the source" 6 $?
cmp -s good_input.cpp "$work/kern.cpp" || { echo "FAIL: -o overwrote the source"; failures=$((failures+1)); }
grep -q "would overwrite its source" "$work/same.err" || { echo "FAIL: no message for -o naming the source"; failures=$((failures+1)); }


"$tool" good_input.cpp -o "$work/good.cu" --check -- 2>/dev/null; expect "--check, up to date" 0 $?
echo "// edited" >> "$work/good.cu"
"$tool" good_input.cpp -o "$work/good.cu" --check -- 2>/dev/null; expect "--check, stale" 4 $?

"$tool" good_input.cpp -o "$work/dep.cu" -MD -- 2>/dev/null; expect "-MD" 0 $?
grep -q "good_input.cpp" "$work/dep.cu.d" || { echo "FAIL: dependency file lacks the source"; failures=$((failures+1)); }

"$tool" good_input.cpp -MD -- >/dev/null 2>&1; expect "-MD to standard output without -MF" 6 $?

"$tool" --version | grep -q "^qd-translate " ; expect "--version" 0 $?

# --graphs: every kernel in graph mode on GPU targets (its launches described
# to a qd::detail::GraphCall, no <<<>>>); the cpu target ignores it, so its
# output is byte for byte the one without.
"$tool" --graphs good_input.cpp -o "$work/graphs.cu" -- 2>/dev/null; expect "--graphs" 0 $?
grep -q "qd::detail::GraphCall qd_graph" "$work/graphs.cu" && ! grep -q "<<<" "$work/graphs.cu" \
  || { echo "FAIL: --graphs output is not in graph mode"; failures=$((failures+1)); }
grep -q "qd::detail::GraphCall" "$work/good.cu" \
  && { echo "FAIL: graph mode without --graphs"; failures=$((failures+1)); }
"$tool" --graphs --target=hip good_input.cpp -o "$work/graphs.hip" -- 2>/dev/null; expect "--graphs --target=hip" 0 $?
grep -q "qd_graph.launch(" "$work/graphs.hip" || { echo "FAIL: --graphs hip output is not in graph mode"; failures=$((failures+1)); }
mkdir -p "$work/graphs" # the same file name: '#line' directives name the output
"$tool" --graphs --target=cpu good_input.cpp -o "$work/graphs/good.cpu.cpp" -- 2>/dev/null; expect "--graphs --target=cpu" 0 $?
cmp -s "$work/good.cpu.cpp" "$work/graphs/good.cpu.cpp" || { echo "FAIL: --graphs changed the cpu output"; failures=$((failures+1)); }

# --remarks: remarks on stderr, and the output byte for byte the one without,
# for every target (the same file name: '#line' directives name the output).
# Without it, and when the source has errors, there are none; with --header
# (two passes) each is printed once.
for target in cuda hip cpu; do
  mkdir -p "$work/remarks/$target" "$work/plain/$target"
  "$tool" --target=$target --remarks remarks_input.cpp -o "$work/remarks/$target/out" -- \
    -fno-color-diagnostics 2>"$work/remarks/$target.err"; expect "--remarks --target=$target" 0 $?
  "$tool" --target=$target remarks_input.cpp -o "$work/plain/$target/out" -- 2>"$work/plain/$target.err"
  cmp -s "$work/remarks/$target/out" "$work/plain/$target/out" \
    || { echo "FAIL: --remarks changed the $target output"; failures=$((failures+1)); }
  [ -s "$work/plain/$target.err" ] && { echo "FAIL: remarks without --remarks ($target):"; cat "$work/plain/$target.err"; failures=$((failures+1)); }
  grep -q "^remarks_input.cpp:6:3: remark: parallel loop over 'i': blocks of 256 threads" "$work/remarks/$target.err" \
    && grep -q "^remarks_input.cpp:8:38: remark: 'A\[i \* n + j\]' reads addresses 4 \* n bytes apart in neighbouring threads, so its loads do not coalesce; make the loop over 'j' a '#pragma qd loop vector reduction(+: t)' loop" "$work/remarks/$target.err" \
    && grep -q "^remarks_input.cpp:14:5: remark: collapse(2) loop over 'c', 'r': blocks of 128 threads" "$work/remarks/$target.err" \
    && grep -q "^remarks_input.cpp:15:35: remark: 'y\[r \* n + c\]' writes addresses 4 \* n bytes apart .*make the loop over 'c' the innermost loop of the collapse(2) nest" "$work/remarks/$target.err" \
    && grep -q "^remarks_input.cpp:24:3: remark: parallel loop over 'i': blocks of 256 threads" "$work/remarks/$target.err" \
    && grep -q "^remarks_input.cpp:26:37: remark: 'A\[i \* n + j\]' reads addresses 4 \* n bytes apart in neighbouring threads, so its loads do not coalesce$" "$work/remarks/$target.err" \
    || { echo "FAIL: --remarks --target=$target: remarks missing:"; cat "$work/remarks/$target.err"; failures=$((failures+1)); }
  [ "$(grep -c ': remark: ' "$work/remarks/$target.err")" -eq 6 ] \
    || { echo "FAIL: --remarks --target=$target: not 6 remarks"; failures=$((failures+1)); }
done
"$tool" --remarks remarks_input.cpp -o "$work/remarks/h.cu" --header "$work/remarks/h.qd.h" -- 2>"$work/remarks/h.err"; expect "--remarks --header" 0 $?
[ "$(grep -c ': remark: ' "$work/remarks/h.err")" -eq 6 ] \
  || { echo "FAIL: --remarks --header: not 6 remarks:"; cat "$work/remarks/h.err"; failures=$((failures+1)); }
"$tool" --remarks bad_input.cpp -o "$work/remarks/bad.cu" -- 2>"$work/remarks/bad.err"; expect "--remarks, input with errors" 1 $?
grep -q "remark:" "$work/remarks/bad.err" && { echo "FAIL: remarks for a source with errors"; failures=$((failures+1)); }

# '#pragma clang diagnostic ignored "-Wqd-race"' silences the race at its site;
# clang must not call the qd group unknown, even under -Werror. A misspelled
# group still gets clang's warning.
cat > "$work/pragma.cpp" <<'SRC'
#pragma qd kernel
void f(float* a, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i) a[i] = 1.0f;
    }
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wqd-race"
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i) a[i] += 1.0f;
    }
#pragma clang diagnostic pop
}
SRC
"$tool" "$work/pragma.cpp" -o "$work/pragma.cu" -- -Werror 2>"$work/pragma.err"; expect "qd group in '#pragma clang diagnostic', -Werror" 0 $?
[ -s "$work/pragma.err" ] && { echo "FAIL: pragma-silenced race printed:"; cat "$work/pragma.err"; failures=$((failures+1)); }
sed 's/clang diagnostic ignored/GCC diagnostic error/' "$work/pragma.cpp" > "$work/pragma_error.cpp"
"$tool" "$work/pragma_error.cpp" -o "$work/pragma_error.cu" -- 2>"$work/pragma.err"; expect "'#pragma GCC diagnostic error \"-Wqd-race\"'" 1 $?
grep -q "error: 'a' is written by stream_parallel block 2.*\[-Werror,-Wqd-race\]" "$work/pragma.err" \
  || { echo "FAIL: pragma error: no [-Werror,-Wqd-race] error"; cat "$work/pragma.err"; failures=$((failures+1)); }
[ ! -e "$work/pragma_error.cu" ] || { echo "FAIL: pragma error: output written"; failures=$((failures+1)); }
sed -i 's/"-Wqd-race"/"-Wqd-rcae"/' "$work/pragma.cpp"
"$tool" "$work/pragma.cpp" -o "$work/pragma.cu" -- 2>"$work/pragma.err"; expect "misspelled group in '#pragma clang diagnostic'" 0 $?
grep -q "unknown warning group '-Wqd-rcae'" "$work/pragma.err" && grep -q "\[-Wqd-race\]" "$work/pragma.err" \
  || { echo "FAIL: misspelled group: expected clang's warning and the race"; cat "$work/pragma.err"; failures=$((failures+1)); }

# ---- Exit statuses: each value of enum ExitStatus in translator/driver/main.cpp -----
# For each failure: the status, the tool's own message on exactly one line of
# stderr, no output file created, and an existing output left byte for byte.
fail() { echo "FAIL: $1"; [ -n "${2:-}" ] && cat "$2"; failures=$((failures+1)); }
one_line() { [ "$(wc -l < "$1")" -eq 1 ] && [ -n "$(head -c1 "$1")" ]; }
starts_with_tool() { head -n1 "$1" | grep -q "^qd-translate: "; }
printf 'old output\nkept byte for byte\n' > "$work/old.ref"
with_old() { cp "$work/old.ref" "$1"; }     # an existing output from an earlier run
unchanged() { cmp -s "$work/old.ref" "$1"; }
status_case() { # description, expected status, stderr file, output that must not appear, actual status
  expect "$1" "$2" "$5"
  [ -e "$4" ] && fail "$1: created $4"
  return 0
}
tool_message() { # description, stderr file: one line, from the tool itself
  one_line "$2" || fail "$1: message is not exactly one line" "$2"
  starts_with_tool "$2" || fail "$1: message does not start with 'qd-translate: '" "$2"
}
echo "plain file" > "$work/file.txt"

# 0: success.
"$tool" good_input.cpp -o "$work/s0.cu" -- 2>"$work/s0.err"; expect "status 0" 0 $?
[ -s "$work/s0.err" ] && fail "status 0: printed something" "$work/s0.err"

# 1: the input has errors (qd's own, and clang's): an old output stays.
"$tool" bad_input.cpp -o "$work/s1.cu" -- 2>"$work/s1.err"; status_case "status 1: qd error" 1 "$work/s1.err" "$work/s1.cu" $?
grep -q "error: " "$work/s1.err" || fail "status 1: no diagnostic" "$work/s1.err"
with_old "$work/s1.cu"; "$tool" bad_input.cpp -o "$work/s1.cu" -- 2>/dev/null
unchanged "$work/s1.cu" || fail "status 1: old output changed"
printf '#pragma qd kernel\nvoid fill(float* x, int n) {\n  for (int i = 0; i < n; ++i) x[i] = 1.f\n}\n' > "$work/syntax.cpp"
"$tool" "$work/syntax.cpp" -o "$work/syntax.cu" -- -fno-color-diagnostics 2>"$work/syntax.err"
status_case "status 1: clang syntax error" 1 "$work/syntax.err" "$work/syntax.cu" $?
grep -q "syntax.cpp:3:41: error: expected ';' after expression" "$work/syntax.err" \
  || fail "status 1: clang's error not shown as clang shows it" "$work/syntax.err"
with_old "$work/syntax.cu"; "$tool" "$work/syntax.cpp" -o "$work/syntax.cu" -- 2>/dev/null; expect "status 1: clang syntax error, old output" 1 $?
unchanged "$work/syntax.cu" || fail "status 1: clang syntax error changed the old output"

# 2: unknown option, unknown --target value.
"$tool" --target=foo good_input.cpp -o "$work/s2.cu" -- 2>"$work/s2t.err"; status_case "status 2: --target=foo" 2 "$work/s2t.err" "$work/s2.cu" $?
tool_message "status 2: --target=foo" "$work/s2t.err"
grep -q "foo" "$work/s2t.err" || fail "status 2: --target=foo: message does not name 'foo'" "$work/s2t.err"
"$tool" --bogus good_input.cpp -o "$work/s2.cu" -- 2>"$work/s2o.err"; status_case "status 2: unknown option" 2 "$work/s2o.err" "$work/s2.cu" $?
grep -q -- "--bogus" "$work/s2o.err" || fail "status 2: unknown option not named" "$work/s2o.err"
# llvm::cl's own lines, each with the program name, are joined into one.
one_line "$work/s2o.err" || fail "status 2: unknown option: not one line" "$work/s2o.err"
! grep -q "qd-translate: qd-translate:" "$work/s2o.err" \
  || fail "status 2: unknown option: doubled 'qd-translate:'" "$work/s2o.err"
grep -q "Did you mean" "$work/s2o.err" \
  || fail "status 2: unknown option: llvm::cl's suggestion lost" "$work/s2o.err"

# 3: an input that is missing, or is a directory.
with_old "$work/s3.cu"
"$tool" missing_file.cpp -o "$work/s3.cu" -- 2>"$work/s3m.err"; expect "status 3: missing input" 3 $?
tool_message "status 3: missing input" "$work/s3m.err"
unchanged "$work/s3.cu" || fail "status 3: missing input changed the old output"
"$tool" "$work" -o "$work/s3.cu" -- 2>"$work/s3d.err"; expect "status 3: directory as input" 3 $?
tool_message "status 3: directory as input" "$work/s3d.err"
unchanged "$work/s3.cu" || fail "status 3: directory input changed the old output"
"$tool" missing_file.cpp -o "$work/s3new.cu" -- 2>/dev/null; status_case "status 3: nothing created" 3 /dev/null "$work/s3new.cu" $?

# 4: --check finds the output out of date or missing; it writes nothing.
"$tool" good_input.cpp -o "$work/s4.cu" -- 2>/dev/null
echo "// edited" >> "$work/s4.cu"; cp "$work/s4.cu" "$work/s4.ref"
"$tool" good_input.cpp -o "$work/s4.cu" --check -- 2>"$work/s4.err"; expect "status 4: --check, out of date" 4 $?
tool_message "status 4: --check, out of date" "$work/s4.err"
grep -q "out of date" "$work/s4.err" || fail "status 4: message does not say 'out of date'" "$work/s4.err"
cmp -s "$work/s4.ref" "$work/s4.cu" || fail "status 4: --check changed the output"
"$tool" good_input.cpp -o "$work/s4new.cu" --check -- 2>"$work/s4m.err"; status_case "status 4: --check, missing" 4 "$work/s4m.err" "$work/s4new.cu" $?
tool_message "status 4: --check, missing" "$work/s4m.err"

# 5: an output that cannot be written: under a regular file (a read-only
# directory would not do: the tests may run as root), in a missing directory,
# or where a directory is; no temporary file is left behind.
"$tool" good_input.cpp -o "$work/file.txt/out.cu" -- 2>"$work/s5f.err"; expect "status 5: output under a file" 5 $?
tool_message "status 5: output under a file" "$work/s5f.err"
"$tool" good_input.cpp -o "$work/no/such/dir/out.cu" -- 2>"$work/s5d.err"; status_case "status 5: output in a missing directory" 5 "$work/s5d.err" "$work/no" $?
tool_message "status 5: output in a missing directory" "$work/s5d.err"
mkdir "$work/s5dir"; ls -A "$work" > "$work/s5.before"
"$tool" good_input.cpp -o "$work/s5dir" -- 2>"$work/s5x.err"; expect "status 5: output is a directory" 5 $?
tool_message "status 5: output is a directory" "$work/s5x.err"
ls -A "$work" | grep -v '^s5x\.err$' | diff - "$work/s5.before" >/dev/null \
  || fail "status 5: files left behind: $(ls -A "$work" | grep -v '^s5x\.err$' | diff - "$work/s5.before" | tr '\n' ' ')"
[ -z "$(ls -A "$work/s5dir")" ] || fail "status 5: wrote into the directory"
[ "$(grep -o "file.txt/out.cu" "$work/s5f.err" | wc -l)" -eq 1 ] \
  || fail "status 5: message does not name the path exactly once" "$work/s5f.err"
# An unwritable -MF leaves the old output as it was.
with_old "$work/s5dep.cu"
"$tool" good_input.cpp -o "$work/s5dep.cu" -MF "$work/file.txt/dep.d" -- 2>/dev/null; expect "status 5: dependency file cannot be written" 5 $?
unchanged "$work/s5dep.cu" || fail "status 5: unwritable -MF changed the old output"
# An unwritable output removes the dependency file written just before it.
"$tool" good_input.cpp -o "$work/s5dir" -MF "$work/s5dir.d" -- 2>/dev/null; expect "status 5: output cannot be written, with -MF" 5 $?
[ ! -e "$work/s5dir.d" ] || fail "status 5: dependency file left without its output"

# 6: options that do not fit each other or the inputs.
"$tool" good_input.cpp bad_input.cpp -o "$work/s6.cu" -- 2>"$work/s6a.err"; status_case "status 6: -o with two inputs" 6 "$work/s6a.err" "$work/s6.cu" $?
tool_message "status 6: -o with two inputs" "$work/s6a.err"
"$tool" good_input.cpp -o "$work/s6.cu" --out-dir "$work" -- 2>"$work/s6b.err"; status_case "status 6: -o with --out-dir" 6 "$work/s6b.err" "$work/s6.cu" $?
tool_message "status 6: -o with --out-dir" "$work/s6b.err"
[ -e "$work/good_input.cu" ] && fail "status 6: -o with --out-dir wrote into --out-dir"
cp good_input.cpp "$work/self.cpp"
"$tool" "$work/self.cpp" -o "$work/self.cpp" -- 2>"$work/s6c.err"; expect "status 6: output would overwrite its source" 6 $?
tool_message "status 6: output would overwrite its source" "$work/s6c.err"
cmp -s good_input.cpp "$work/self.cpp" || fail "status 6: the source was changed"
"$tool" good_input.cpp --check -- 2>"$work/s6d.err"; expect "status 6: --check without -o" 6 $?
tool_message "status 6: --check without -o" "$work/s6d.err"

# 7: clang's builtin headers not found. Not produced here: the last place
# searched is the resource directory of the Clang the tool was built with,
# which exists wherever the tool could be built, and hiding it would need
# changing system files.

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
