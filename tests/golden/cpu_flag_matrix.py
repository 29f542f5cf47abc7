#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compiles one generated cpu file with OpenMP in the flag matrix users build it with.

Usage: cpu_flag_matrix.py <file.cpu.cpp> <include dir> <out dir> <compiler>:<openmp flag>...

For each compiler: -O0, -O1, -O2 and -O3, each without and with
-fsanitize=address,undefined, all with -std=c++17 -Wall -Wextra. Any
diagnostic at all (a warning, a note, clang's -Wpass-failed from the
optimizer) fails the case, as does a failed compile: a warning on generated
code is a bug. Every combination runs, and every failure is reported.
"""
import os
import subprocess
import sys


def main(argv):
    if len(argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    source, include, out_dir = argv[:3]
    os.makedirs(out_dir, exist_ok=True)
    stem = os.path.basename(source).replace(".cpu.cpp", "")
    failures = 0
    runs = 0
    for spec in argv[3:]:
        compiler, _, openmp = spec.partition(":")
        for opt in ("-O0", "-O1", "-O2", "-O3"):
            for sanitize in ([], ["-fsanitize=address,undefined"]):
                flags = ["-std=c++17", "-Wall", "-Wextra", openmp, opt] + sanitize
                obj = os.path.join(out_dir, f"{stem}.{os.path.basename(compiler)}{opt}"
                                   f"{'.san' if sanitize else ''}.o")
                cmd = [compiler] + flags + ["-I", include, "-c", source, "-o", obj]
                done = subprocess.run(cmd, capture_output=True, text=True)
                runs += 1
                said = (done.stdout + done.stderr).strip()
                if done.returncode != 0 or said:
                    failures += 1
                    print(f"FAIL ({'exit ' + str(done.returncode) if done.returncode else 'diagnostics'}):"
                          f" {' '.join(cmd)}\n{said}\n")
    print(f"cpu_flag_matrix: {stem}: {runs - failures} of {runs} builds clean")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
