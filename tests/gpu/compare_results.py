#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compares the 'name value' lines of a GPU run with the serial reference.

Usage: compare_results.py SERIAL GPU [--rtol 1e-4]
Exit 0 when both have the same names and every value agrees within rtol
(relative, with an absolute floor of rtol for values near zero).
"""
import argparse
import math
import sys


def read(path):
    values = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2:
                try:
                    values[parts[0]] = float(parts[1])
                except ValueError:
                    pass
    return values


def main():
    p = argparse.ArgumentParser()
    p.add_argument("serial")
    p.add_argument("gpu")
    p.add_argument("--rtol", type=float, default=1e-4)
    a = p.parse_args()
    ref, got = read(a.serial), read(a.gpu)
    if not ref:
        print(f"no results in {a.serial}")
        return 1
    bad = 0
    for name in sorted(set(ref) | set(got)):
        if name not in ref or name not in got:
            print(f"  {name}: missing in {'gpu' if name in ref else 'serial'} output")
            bad += 1
            continue
        r, g = ref[name], got[name]
        if not math.isclose(r, g, rel_tol=a.rtol, abs_tol=a.rtol):
            print(f"  {name}: serial {r!r} gpu {g!r}")
            bad += 1
    print(f"compared {len(ref)} values: {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
