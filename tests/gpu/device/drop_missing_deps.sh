#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The CUDA compiler launcher of tests/gpu/device (CMAKE_CUDA_COMPILER_LAUNCHER):
# runs the compile, then drops from its depfile (-MF) the files that do not
# exist. nvcc lists the file names of the generated code's #line directives
# ("one_loop.cpp", or the path of the file qd-translate read, on the machine
# that staged it) as dependencies; ninja takes a missing dependency for a
# changed one, so without this every translation would be rebuilt on every
# build, and a machine that stays warm between device calls would gain
# nothing from its build directory. Right after the compile every real
# dependency exists, so only those names go. (Paths with spaces are not
# handled: the depfile's escaped blanks would split them.)
depfile=
previous=
for arg in "$@"; do
  [ "$previous" = -MF ] && depfile=$arg
  previous=$arg
done
"$@" || exit
[ -n "$depfile" ] && [ -f "$depfile" ] || exit 0
words=()
while read -r -a line; do
  words+=("${line[@]}")
done < <(sed 's/\\$//' "$depfile")
[ ${#words[@]} -gt 0 ] || exit 0
kept=${words[0]} # the target, "object:"
for word in "${words[@]:1}"; do
  if [[ $word == *: ]] || [ -e "$word" ]; then
    kept+=$' \\\n  '"$word"
  fi
done
printf '%s\n' "$kept" >"$depfile"
