#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""TeaLeaf's cpu target against its serial build, on this machine.

The two programs (samples/tealeaf's tealeaf_serial, the port compiled by
g++ with its pragmas ignored, and tealeaf_cpu, the same port translated with
--target=cpu, both -O3 without OpenMP) are separate executables with the
same global symbols, so unlike bench/cpu_loops_bench they cannot share a
process: they run alternately, each run in its own scratch directory, and
the best solve time of each is kept. The solve time is the driver's last
"Wallclock" line (the time-step loop, set-up excluded).

Each pair of runs must print the same lines, the timings aside: without
OpenMP the cpu target sums in the serial order, so every printed value
(iteration counts, errors, TeaLeaf's own check of the temperature) must be
bit for bit the serial one. A difference fails the run (exit 1).

Usage:
  tealeaf_cpu.py --serial EXE --cpu EXE --deck tea.in --problems tea.problems
                 [--runs N] [--solvers cg,cheby,ppcg,jacobi] [--cells N]
                 [--steps cg=20,jacobi=2] [--quick]
--quick: one run of each solver, one step, for the ctest smoke run; it
checks the results and times nothing worth reading.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SOLVER_KEYS = {
    "cg": "use_cg",
    "cheby": "use_chebyshev",
    "ppcg": "use_ppcg",
    "jacobi": "use_jacobi",
}
# Steps per solver at the default deck (512x512): each run takes a few
# seconds here. Jacobi needs its max_iters (5000) on every step, so it gets
# two.
DEFAULT_STEPS = {"cg": 20, "cheby": 20, "ppcg": 20, "jacobi": 2}
TIMING = re.compile(r"^(Wallclock|Avg\. time per cell):")
ITERATIONS = re.compile(r"^\w+:\s+(\d+) iterations")


def make_deck(text, solver, cells, steps):
    """The deck with one solver chosen, and optionally its size and steps."""
    out = []
    for line in text.splitlines():
        key = line.split("=")[0].strip()
        if key in SOLVER_KEYS.values():
            continue
        if cells and key in ("x_cells", "y_cells"):
            line = f"{key} = {cells}"
        if steps and key == "end_step":
            line = f"end_step = {steps}"
        if line.strip() == "*endtea":
            out.append(SOLVER_KEYS[solver])
        out.append(line)
    return "\n".join(out) + "\n"


def run(exe, deck, problems):
    with tempfile.TemporaryDirectory(prefix="tealeaf_cpu_") as work:
        with open(os.path.join(work, "tea.in"), "w") as f:
            f.write(deck)
        with open(problems) as src, open(os.path.join(work, "tea.problems"), "w") as dst:
            dst.write(src.read())
        proc = subprocess.run([exe], cwd=work, capture_output=True, text=True)
        # The driver also writes tea.out; its lines are the stdout's.
        if proc.returncode != 0:
            sys.exit(f"{exe} exited {proc.returncode}:\n{proc.stdout}{proc.stderr}")
    lines = proc.stdout.splitlines()
    walls = [float(l.split()[-1].rstrip("s")) for l in lines if l.startswith("Wallclock:")]
    if not walls:
        sys.exit(f"{exe} printed no 'Wallclock' line:\n{proc.stdout}")
    iterations = sum(int(m.group(1)) for m in map(ITERATIONS.match, lines) if m)
    values = [l for l in lines if not TIMING.match(l)]
    return walls[-1], iterations, values


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--serial", required=True)
    p.add_argument("--cpu", required=True)
    p.add_argument("--deck", required=True)
    p.add_argument("--problems", required=True)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--solvers", default="cg,cheby,ppcg,jacobi")
    p.add_argument("--cells", type=int, default=0)
    p.add_argument("--steps", default="")
    p.add_argument("--quick", action="store_true")
    args = p.parse_args()
    steps = dict(DEFAULT_STEPS)
    for item in filter(None, args.steps.split(",")):
        name, value = item.split("=")
        steps[name] = int(value)
    if args.quick:
        args.runs = 1
        steps = {name: 1 for name in steps}
    with open(args.deck) as f:
        text = f.read()

    print(f"TeaLeaf, cpu target / serial build, best of {args.runs} alternating runs")
    print(f"{'solver':<8} {'steps':>5} {'iterations':>10} {'serial s':>9} {'cpu s':>9} {'serial/cpu':>10}")
    failed = False
    for solver in args.solvers.split(","):
        deck = make_deck(text, solver, args.cells, steps[solver])
        best = {"serial": float("inf"), "cpu": float("inf")}
        for _ in range(args.runs):
            s_wall, s_iters, s_values = run(args.serial, deck, args.problems)
            c_wall, _, c_values = run(args.cpu, deck, args.problems)
            if s_values != c_values:
                failed = True
                diff = [(a, b) for a, b in zip(s_values, c_values) if a != b][:5]
                print(f"FAIL {solver}: the cpu target printed other values than "
                      f"the serial build: {diff or 'a different number of lines'}")
            best["serial"] = min(best["serial"], s_wall)
            best["cpu"] = min(best["cpu"], c_wall)
        ratio = best["serial"] / best["cpu"] if best["cpu"] > 0 else float("nan")
        print(f"{solver:<8} {steps[solver]:>5} {s_iters:>10} {best['serial']:>9.3f} "
              f"{best['cpu']:>9.3f} {ratio:>10.3f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
