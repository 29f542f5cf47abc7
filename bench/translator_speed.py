#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Translator speed (docs/performance.md).

Wall time of qd-translate on a large generated input (gen_large_input.py:
100 kernels, over 5,000 lines) and on each sample, against
`clang++ -fsyntax-only` on the same file with the same flags. Runs here, not
on the GPU machine (it has no Clang). The two commands take turns, RUNS times
each; prints the medians and their ratio (target <= 1.3).

Usage: bench/translator_speed.py [--build build] [--runs 11] [--clang clang++-19]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def wall(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--runs", type=int, default=11)
    p.add_argument("--clang", default="clang++-19")
    a = p.parse_args()
    tool = os.path.join(os.path.abspath(a.build), "bin", "qd-translate")
    flags = ["-std=c++17", "-I", os.path.join(ROOT, "include")]
    with tempfile.TemporaryDirectory() as work:
        large = os.path.join(work, "large_input.cpp")
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_large_input.py"), large],
                       check=True)
        inputs = [large,
                  os.path.join(ROOT, "samples/multi_system/step_systems.cpp"),
                  os.path.join(ROOT, "samples/concurrent_kernels/work.cpp")]
        print(f"{'input':<24} {'lines':>6} {'qd-translate s':>15} {'clang -fsyntax-only s':>22} {'ratio':>6}")
        for src in inputs:
            out = os.path.join(work, "out.cu")
            qd, clang = [], []
            for _ in range(a.runs):
                qd.append(wall([tool, src, "-o", out, "--"] + flags))
                clang.append(wall([a.clang, "-fsyntax-only"] + flags + [src]))
            q, c = statistics.median(qd), statistics.median(clang)
            with open(src) as f:
                lines = sum(1 for _ in f)
            print(f"{os.path.basename(src):<24} {lines:>6} {q:>15.3f} {c:>22.3f} {q / c:>6.2f}")


if __name__ == "__main__":
    main()
