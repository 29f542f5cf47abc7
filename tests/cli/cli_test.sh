#!/usr/bin/env bash
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
grep -q "bad_input.cpp:4:29: error: '#pragma qd stream_parallel' takes no arguments" "$work/bad.err" \
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
"$tool" --target=cpu "$work/kern.cpp" -o "$work/kern.cpp" -- 2>"$work/same.err"; expect "-o naming the source" 2 $?
cmp -s good_input.cpp "$work/kern.cpp" || { echo "FAIL: -o overwrote the source"; failures=$((failures+1)); }
grep -q "would overwrite its source" "$work/same.err" || { echo "FAIL: no message for -o naming the source"; failures=$((failures+1)); }

"$tool" good_input.cpp bad_input.cpp -o "$work/x.cu" -- 2>/dev/null; expect "-o with two inputs" 2 $?
"$tool" --target=nope good_input.cpp -- 2>/dev/null; expect "unknown target" 2 $?
"$tool" missing_file.cpp -o "$work/m.cu" -- 2>/dev/null; expect "missing input" 3 $?
"$tool" good_input.cpp -o "$work/no/such/dir/out.cu" -- 2>/dev/null; expect "unwritable output" 3 $?

"$tool" good_input.cpp -o "$work/good.cu" --check -- 2>/dev/null; expect "--check, up to date" 0 $?
echo "// edited" >> "$work/good.cu"
"$tool" good_input.cpp -o "$work/good.cu" --check -- 2>/dev/null; expect "--check, stale" 4 $?

"$tool" good_input.cpp -o "$work/dep.cu" -MD -- 2>/dev/null; expect "-MD" 0 $?
grep -q "good_input.cpp" "$work/dep.cu.d" || { echo "FAIL: dependency file lacks the source"; failures=$((failures+1)); }

"$tool" good_input.cpp -MD -- >/dev/null 2>&1; expect "-MD to standard output without -MF" 2 $?

"$tool" --version | grep -q "^qd-translate " ; expect "--version" 0 $?
echo "$failures failure(s)"
[ "$failures" -eq 0 ]
