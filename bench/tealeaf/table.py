#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The TeaLeaf benchmark's table for docs/performance.md (bench/tealeaf/README.md).

Usage: table.py tealeaf.txt [tealeaf.txt ...]
reads the `run ...` lines that bench/tealeaf/run.py wrote (one file per
device call: the small decks' and the large deck's) and prints a markdown
table: a row per deck and solver, a column per variant, each cell
  ms per iteration (ratio to the faster correct hand-written CUDA) / seconds
  outside the solve
The solve time per iteration is the best of a variant's correct runs; the
time outside the solve (process wall time less solve time: start-up,
set-up, the field summaries, teardown) likewise the least. A variant with a
run whose field sums differ from the serial build's is FAIL and shows no
time; "unchecked": no serial reference (it ran out of time); "-": not run.
"""
import sys

VARIANTS = [("qd_stream", "qd stream"), ("qd_graph", "qd graph"), ("c66cafb", "c66cafb"),
            ("c66cafb_syncwarp", "c66cafb + `__syncwarp`"), ("head", "HEAD (e70261c)")]
HAND_WRITTEN = ["c66cafb", "c66cafb_syncwarp", "head"]
DECKS = {"64": "64x64", "512": "512x512", "4000": "4000x4000"}
SOLVERS = {"cg": "CG", "cheby": "Chebyshev", "ppcg": "PPCG", "jacobi": "Jacobi"}


def read(paths):
    runs = []
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.startswith("run "):
                    runs.append(dict(item.split("=", 1) for item in line.split()[1:]))
    return runs


def cells(runs, deck, solver):
    """variant -> (verdict, best ms/iteration, least outside seconds)."""
    out = {}
    for v, _ in VARIANTS:
        mine = [r for r in runs if (r["deck"], r["solver"], r["variant"]) == (deck, solver, v)]
        if not mine:
            continue
        if any(r["check"] == "FAIL" for r in mine):
            out[v] = ("FAIL", None, None)
            continue
        good = [r for r in mine if r["check"] == "PASS"]
        if not good:
            out[v] = ("unchecked" if any(r["check"] == "UNCHECKED" for r in mine) else "-", None, None)
            continue
        out[v] = ("PASS", min(float(r["ms_per_iteration"]) for r in good),
                  min(float(r["outside_s"]) for r in good))
    return out


def main(paths):
    if not paths:
        sys.exit(__doc__)
    runs = read(paths)
    head = ["deck", "solver", "steps", "iterations"] + [name for _, name in VARIANTS]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * 4 + "---:|" * len(VARIANTS))
    for deck in DECKS:
        for solver in SOLVERS:
            c = cells(runs, deck, solver)
            if not c:
                continue
            good = [r for r in runs if (r["deck"], r["solver"]) == (deck, solver) and r["check"] == "PASS"]
            steps = sorted({r["steps"] for r in good}) or ["-"]
            iters = sorted({int(r["iterations"]) for r in good})
            iters = "-" if not iters else str(iters[0]) if len(iters) == 1 else f"{iters[0]}-{iters[-1]}"
            ref = [c[v][1] for v in HAND_WRITTEN if v in c and c[v][0] == "PASS"]
            row = [DECKS[deck], SOLVERS[solver], "/".join(steps), iters]
            for v, _ in VARIANTS:
                verdict, ms, outside = c.get(v, ("-", None, None))
                if verdict != "PASS":
                    row.append(verdict)
                    continue
                ratio = f" ({ms / min(ref):.2f}x)" if ref else ""
                row.append(f"{ms:.4g}{ratio} / {outside:.2f} s")
            print("| " + " | ".join(row) + " |")
    print()
    print("ms per iteration (ratio to the faster correct hand-written CUDA: c66cafb, "
          "c66cafb + `__syncwarp`, HEAD) / seconds outside the solve; iterations: the drivers' "
          "counts summed over the steps (for Chebyshev and PPCG, their CG presteps included).")


if __name__ == "__main__":
    main(sys.argv[1:])
