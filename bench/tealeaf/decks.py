#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The decks of the TeaLeaf benchmark (bench/tealeaf/README.md).

Every deck is one of upstream's, read from third_party/, with a few keys set
here and one solver keyword: no deck text of upstream's is kept in bench/.

  64    the CI deck, third_party/tealeaf/tea.in (64x64 cells, 1 step)
  check the GPU suite's correctness deck (tests/gpu/run_on_device.sh,
        tealeaf.*): the CI deck at 128x128 cells, 5 steps. The suite compares
        the field sums of every step with the serial build's; upstream's
        tea.problems has no answer for it, so bench/tealeaf/stage.sh adds the
        serial build's to the staged copy (the driver's own check is always
        on). Every solver converges in well under a second here (CG 135
        iterations a step, Jacobi 818). Not a benchmark deck.
  512   upstream's tea.in, third_party/tealeaf/original/tea.in (512x512, 20 steps)
  4000  upstream's Benchmarks/tea_bm_5.in: the same states and geometry as
        tea.in (checked against tea_bm_5.in of commit e70261c), 4000x4000
        cells, max_iters 10000, and the defaults it relies on for presteps,
        ppcg_inner_steps and epslim written out (upstream's DEF_* values);
        the steps per solver are ours (STEPS_4000), and Jacobi, which would
        not converge in any time here, stops after max_iters 1000 a step.

Usage: decks.py <root of the repository> <output folder>
writes <output folder>/<deck>.<solver>.in for every deck and solver.
"""
import os
import sys

SOLVERS = {
    "cg": "use_cg",
    "cheby": "use_chebyshev",
    "ppcg": "use_ppcg",
    "jacobi": "use_jacobi",
}
SMALL = ["64", "512"]
LARGE = ["4000"]
CHECK = ["check"]
# Steps of the 4000x4000 runs on the GPU, each run a few seconds on an H200.
# run.py's QD_TEALEAF_STEPS overrides them on the device (same results: a step
# does not depend on how many follow).
STEPS_4000 = {"cg": 3, "cheby": 3, "ppcg": 3, "jacobi": 15}
JACOBI_MAX_ITERS_4000 = 1000

DECKS = {
    "64": ("third_party/tealeaf/tea.in", {}),
    "check": ("third_party/tealeaf/tea.in", {
        "x_cells": "128",
        "y_cells": "128",
        "end_step": "5",
    }),
    "512": ("third_party/tealeaf/original/tea.in", {}),
    "4000": ("third_party/tealeaf/original/tea.in", {
        "x_cells": "4000",
        "y_cells": "4000",
        "max_iters": "10000",
        "presteps": "30",
        "ppcg_inner_steps": "10",
        "epslim": "1.0e-5",
    }),
}


def key_of(line):
    """The key of a 'key = value' (or 'key value', or switch) line."""
    return line.replace("=", " ").split()[0] if line.strip() else ""


def set_key(text, key, value):
    """The deck with `key = value`: the line replaced, or added at the end."""
    out, done = [], False
    for line in text.splitlines():
        if key_of(line) == key:
            line, done = f"{key} = {value}", True
        elif line.strip() == "*endtea" and not done:
            out.append(f"{key} = {value}")
            done = True
        out.append(line)
    return "\n".join(out) + "\n"


def get_key(text, key):
    for line in text.splitlines():
        if key_of(line) == key:
            return line.replace("=", " ").split()[1]
    return None


def deck(root, name, solver):
    """The text of deck `name` with `solver` chosen."""
    base, keys = DECKS[name]
    with open(os.path.join(root, base)) as f:
        text = f.read()
    keys = dict(keys)
    if name == "4000":
        keys["end_step"] = str(STEPS_4000[solver])
        if solver == "jacobi":
            keys["max_iters"] = str(JACOBI_MAX_ITERS_4000)
    for key, value in keys.items():
        text = set_key(text, key, value)
    out = []
    for line in text.splitlines():
        if key_of(line) in SOLVERS.values():
            continue  # the last one read wins: keep only ours
        if line.strip() == "*endtea":
            out.append(SOLVERS[solver])
        out.append(line)
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    root, folder = argv
    os.makedirs(folder, exist_ok=True)
    for name in DECKS:
        for solver in SOLVERS:
            with open(os.path.join(folder, f"{name}.{solver}.in"), "w") as f:
                f.write(deck(root, name, solver))
    print(f"decks.py: {len(DECKS) * len(SOLVERS)} decks in {folder}")


if __name__ == "__main__":
    main(sys.argv[1:])
