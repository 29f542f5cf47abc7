#!/usr/bin/env bash
# The CUDA compiler launcher of tests/gpu/device (CMAKE_CUDA_COMPILER_LAUNCHER):
# runs the compile, then drops from its depfile (-MF) the relative names that
# do not exist. nvcc lists the file names of the generated code's #line
# directives ("one_loop.cpp", relative, nowhere in the build directory) as
# dependencies; ninja takes a missing dependency for a changed one, so without
# this every translation would be rebuilt on every build, and a machine that
# stays warm between device calls would gain nothing from its build directory.
depfile=
previous=
for arg in "$@"; do
  [ "$previous" = -MF ] && depfile=$arg
  previous=$arg
done
"$@" || exit
[ -n "$depfile" ] && [ -f "$depfile" ] || exit 0
awk '
  { line = line " " $0 }
  END {
    gsub(/\\[ \t]*/, " ", line)
    n = split(line, word, /[ \t]+/)
    out = ""
    for (i = 1; i <= n; ++i) {
      w = word[i]
      if (w == "") continue
      if (out == "") { out = w; continue } # the target, "object:"
      if (w ~ /^\// || w ~ /:$/ || system("test -e \"" w "\"") == 0)
        out = out " \\\n  " w
    }
    print out
  }' "$depfile" >"$depfile.kept" && mv "$depfile.kept" "$depfile"
