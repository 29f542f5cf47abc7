#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compares a TeaLeaf run's four field sums with the serial program's.

TeaLeaf's driver with the bench patch (third_party/tealeaf_cuda/patches/
c66cafb-bench-driver.patch, staged as tealeaf/patched/driver/diffuse.c)
prints, on the master rank, after every time step:

    bench sums step N volume V mass M ie E temperature T

and at the end "bench solve_seconds S steps N ranks R". The GPU suite's
correctness stage (tests/gpu/run_on_device.sh, tealeaf.*) runs the port on
the GPU and compares its output with the serial build's (staged by
bench/tealeaf/stage.sh): every step the reference printed, all four sums.

Usage: compare_tealeaf.py [--rtol R] REFERENCE CANDIDATE
Exit 0 when the candidate finished (its "bench solve_seconds" line), printed
the same steps as the reference and every sum agrees within relative R
(default 1e-10); 1 when not, with one line per difference; 2 when the
reference has no sums. The last line printed is the summary.
"""
import argparse
import math
import re
import sys

SUMS = re.compile(r"^bench sums step (\d+) volume (\S+) mass (\S+) ie (\S+) temperature (\S+)\s*$")
DONE = re.compile(r"^bench solve_seconds \S+ steps (\d+) ranks (\d+)")
# The drivers' counts per step: "CG: 135 iterations", "Cheby: 69 iterations
# (43 estimated)", "PPCG: 1 iterations (...)", "Jacobi: 818 iterations".
ITERATIONS = re.compile(r"^\s*(CG|Cheby|PPCG|Jacobi):\s+(\d+) iterations")
NAMES = ("volume", "mass", "ie", "temperature")


def read(path):
    sums, done, iterations = {}, None, 0
    with open(path, errors="replace") as f:
        for line in f:
            m = SUMS.match(line)
            if m:
                values = []
                for text in m.groups()[1:]:
                    try:
                        values.append(float(text))
                    except ValueError:
                        values.append(float("nan"))
                sums[int(m.group(1))] = values
                continue
            m = DONE.match(line)
            if m:
                done = (int(m.group(1)), int(m.group(2)))
                continue
            m = ITERATIONS.match(line)
            if m:
                iterations += int(m.group(2))
    return sums, done, iterations


def main():
    p = argparse.ArgumentParser()
    p.add_argument("reference")
    p.add_argument("candidate")
    p.add_argument("--rtol", type=float, default=1e-10)
    a = p.parse_args()
    ref, ref_done, ref_iterations = read(a.reference)
    got, got_done, got_iterations = read(a.candidate)
    if not ref:
        print(f"no 'bench sums' lines in {a.reference}")
        return 2
    problems = []
    if got_done is None:
        problems.append("the run did not finish: no 'bench solve_seconds' line")
    for step in sorted(set(ref) - set(got)):
        problems.append(f"step {step}: no sums printed")
    for step in sorted(set(got) - set(ref)):
        problems.append(f"step {step}: printed, but not by the reference")
    worst, where = 0.0, "none"
    for step in sorted(set(ref) & set(got)):
        for name, r, g in zip(NAMES, ref[step], got[step]):
            if not math.isfinite(g):
                problems.append(f"step {step} {name}: {g!r} (reference {r!r})")
                continue
            diff = abs(g - r) / max(abs(r), 1e-300)
            if diff > worst:
                worst, where = diff, f"{name}, step {step}"
            if diff > a.rtol:
                problems.append(f"step {step} {name}: {g!r}, reference {r!r} (relative {diff:.3g})")
    for line in problems[:20]:
        print(f"  {line}")
    steps = len(set(ref) & set(got))
    summary = (f"{steps} of {len(ref)} steps x 4 sums; largest relative difference {worst:.3g} "
               f"({where}); rtol {a.rtol:g}; iterations {got_iterations} (reference {ref_iterations})")
    if problems:
        print(f"{len(problems)} differences: {summary}")
        return 1
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
