#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The miniBUDE benchmark on the GPU machine (bench/minibude/README.md).

tests/gpu/run_on_device.sh's `bench minibude` builds the minibude.* targets
(bench/minibude/device.cmake) and then runs this, which
  1. runs every variant on every deck, QD_MINIBUDE_RUNS processes each, one
     at a time, in the order deck, run, variant (so that a deck's variants
     run back to back), timed around the process (wall);
  2. reads main.cpp's own report of each process: for every PPWI (and, for
     upstream's CUDA, work-group size) it ran, whether every energy matched
     the deck's ref_energies.out (main.cpp's check, 0.025 %), the largest
     difference, the kernel time per iteration (the mean over the timed
     iterations, warm-up excluded) and the GFLOP/s it derives from it;
  3. writes one line per run and configuration to <out>/minibude.txt, and the
     verdicts, one per deck and variant, to <results> for run_on_device.sh.
A run that exits non-zero, reports no result or an invalid one is FAIL, and
its times are no result.

Usage: run.py --stage DIR --build DIR --out DIR --logs DIR --results FILE [--dry-run]
Knobs (environment):
  QD_MINIBUDE_DECKS     default "bm1" (third_party/minibude/data/<deck>; bm2
                        takes about 2.5 s an iteration on an H200: its own call)
  QD_MINIBUDE_VARIANTS  default "qd_stream qd_graph cuda"
  QD_MINIBUDE_RUNS      processes of each deck and variant (default: bm1 3, bm2 1)
  QD_MINIBUDE_ITER      timed iterations of each process (main.cpp's --iter;
                        default: bm1 10, bm2 2; main.cpp adds 2 warm-up ones)
  QD_MINIBUDE_PPWI      poses per work-item (main.cpp's --ppwi; default:
                        bm1 1,2,4,8, bm2 2,4: on an H200 both sides were
                        slowest above 4, qd 35-355 ms at 32-128 against 6)
  QD_MINIBUDE_WGSIZE    upstream CUDA's work-group sizes (--wgsize; default
                        64,128,256); the qd port's block size is its own (256,
                        the kernel's default) and runs with --wgsize 1, the only
                        value its serial model accepts
  QD_MINIBUDE_TIMEOUT   seconds one process may take (default 120)
and, from run_on_device.sh, `deadline` (epoch seconds) and `reserve`.
"""
import os
import re
import shutil
import sys
import time

sys.dont_write_bytecode = True  # nothing written into the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # bench/app_bench.py
import app_bench  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(ROOT, "third_party", "minibude", "data")
VARIANTS = ["qd_stream", "qd_graph", "cuda"]
DEFAULT_RUNS = {"bm1": 3, "bm2": 1}
DEFAULT_ITER = {"bm1": 10, "bm2": 2}
DEFAULT_PPWI = {"bm1": "1,2,4,8", "bm2": "2,4"}
# main.cpp's human-readable report, one block per configuration.
OUTCOME = re.compile(r"^\s*- outcome:\s*\{ valid: (true|false), max_diff_%: (\S+) \}")
PARAM = re.compile(r"^\s*param:\s*\{ ppwi: (\d+), wgsize: (\d+) \}")
FIELD = re.compile(r"^\s*(avg_ms|min_ms|max_ms|gflop/s|giga_interactions/s|context_ms):\s*(\S+)")
DEVICE = re.compile(r'^device: \{ index: \d+,\s+name: "(.*)" \}')


def env_list(name, default):
    return os.environ.get(name, default).replace(",", " ").split()


def parse(text):
    """main.cpp's report: [{ppwi, wgsize, valid, max_diff_pct, avg_ms, ...}]."""
    configs, current, device = [], None, None
    for line in text.splitlines():
        m = DEVICE.match(line)
        if m:
            device = m.group(1)
            continue
        m = OUTCOME.match(line)
        if m:
            current = {"valid": m.group(1) == "true", "max_diff_pct": m.group(2)}
            configs.append(current)
            continue
        if current is None:
            continue
        m = PARAM.match(line)
        if m:
            current["ppwi"], current["wgsize"] = int(m.group(1)), int(m.group(2))
            continue
        m = FIELD.match(line)
        if m:
            current[m.group(1).replace("/", "_per_").replace("giga_interactions_per_s", "ginteractions_s")
                    .replace("gflop_per_s", "gflops")] = m.group(2)
    return device, configs


class Runner(app_bench.Runner):
    # After what the file holds: run by hand, several calls can share one.
    results_mode = "a"

    def __init__(self, a):
        super().__init__(a)
        self.decks = env_list("QD_MINIBUDE_DECKS", "bm1")
        self.variants = env_list("QD_MINIBUDE_VARIANTS", " ".join(VARIANTS))
        self.wgsize = os.environ.get("QD_MINIBUDE_WGSIZE", "64,128,256")
        self.timeout = float(os.environ.get("QD_MINIBUDE_TIMEOUT", 120))
        self.exes = {v: os.path.join(self.build, f"minibude.{v}") for v in VARIANTS}

    def runs(self, deck):
        return int(os.environ.get("QD_MINIBUDE_RUNS", DEFAULT_RUNS.get(deck, 1)))

    def command(self, deck, variant):
        iters = os.environ.get("QD_MINIBUDE_ITER", str(DEFAULT_ITER.get(deck, 2)))
        ppwi = os.environ.get("QD_MINIBUDE_PPWI", DEFAULT_PPWI.get(deck, "1,4,8,16"))
        wgsize = self.wgsize if variant == "cuda" else "1"
        return [self.exes[variant], "--deck", os.path.join(DATA, deck), "--iter", iters,
                "--ppwi", ppwi, "--wgsize", wgsize]

    def run(self, command, log):
        """(exit status or "timeout"/"deadline", wall seconds, output)."""
        limit = min(self.timeout, self.left())
        if limit < 5:
            return "deadline", 0.0, ""
        # CPUs 0-3, as bench/tealeaf does, where the machine has 8 or more.
        cmd = list(command)
        if (os.cpu_count() or 1) >= 8 and shutil.which("taskset"):
            cmd = ["taskset", "-c", "0-3"] + cmd
        shown = "$ " + " ".join(cmd) + "\n"
        with open(log, "w") as f:
            f.write(shown)
        t0 = time.monotonic()
        status = self.spawn(cmd, os.path.dirname(log), log, limit, mode="a")
        wall = time.monotonic() - t0
        if status == "timeout" and limit < self.timeout:
            status = "deadline"  # not this process's own time-out
        with open(log, errors="replace") as f:
            text = f.read()[len(shown):]
        return status, wall, text

    def main(self):
        os.makedirs(self.out, exist_ok=True)
        os.makedirs(self.logs, exist_ok=True)
        header = [f"# miniBUDE benchmark (bench/minibude/README.md), {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}",
                  f"# decks {' '.join(self.decks)}; variants {' '.join(self.variants)}; "
                  f"wgsize (cuda) {self.wgsize}; timeout {self.timeout:g} s"]
        info = os.path.join(self.stage, "stage-info.txt")
        if os.path.exists(info):
            header += ["# stage: " + l for l in open(info).read().splitlines()]
        for deck in self.decks:
            if not os.path.isfile(os.path.join(DATA, deck, "poses.in")):
                self.verdict("SKIP", f"bench.minibude.{deck}", f"no deck {deck} in third_party/minibude/data")
                continue
            for v in self.variants:
                if v not in VARIANTS:
                    self.verdict("FAIL", f"bench.minibude.{deck}.{v}", f"unknown variant (one of {' '.join(VARIANTS)})")
            variants = [v for v in self.variants if v in VARIANTS]
            if self.dry:
                for v in variants:
                    self.verdict("SKIP", f"bench.minibude.{deck}.{v}",
                                 f"dry run: {self.runs(deck)} run(s) of {' '.join(self.command(deck, v))}")
                continue
            results = {v: [] for v in variants}
            for r in range(1, self.runs(deck) + 1):
                for v in variants:
                    if not os.path.exists(self.exes[v]):
                        continue
                    log = os.path.join(self.logs, f"{deck}.{v}.run{r}", "output.txt")
                    os.makedirs(os.path.dirname(log), exist_ok=True)
                    status, wall, text = self.run(self.command(deck, v), log)
                    device, configs = parse(text)
                    if device and not any(l.startswith("# device:") for l in header):
                        header.append(f"# device: {device}")
                    results[v].append((r, status, wall, configs))
                    if not configs:
                        self.lines.append(f"run deck={deck} variant={v} run={r} exit={status} "
                                          f"wall_s={wall:.3f} configs=0")
                    for c in configs:
                        self.lines.append(
                            f"run deck={deck} variant={v} run={r} ppwi={c.get('ppwi')} wgsize={c.get('wgsize')} "
                            f"valid={str(c['valid']).lower()} max_diff_pct={c['max_diff_pct']} "
                            f"avg_ms={c.get('avg_ms')} min_ms={c.get('min_ms')} gflops={c.get('gflops')} "
                            f"ginteractions_s={c.get('ginteractions_s')} context_ms={c.get('context_ms')} "
                            f"wall_s={wall:.3f} exit={status}")
            for v in variants:
                self.judge(deck, v, results[v])
        with open(os.path.join(self.out, "minibude.txt"), "w") as f:
            f.write("\n".join(header + self.lines) + "\n")

    def judge(self, deck, v, runs):
        name = f"bench.minibude.{deck}.{v}"
        if not os.path.exists(self.exes[v]):
            self.verdict("SKIP", name, f"not built: {self.exes[v]}")
            return
        if not runs or all(status == "deadline" for _, status, _, _ in runs):
            self.verdict("SKIP", name, "out of time")
            return
        bad = []
        for r, status, wall, configs in runs:
            if status == "deadline":
                continue
            if status != 0:
                bad.append(f"run {r} exit {status}")
            elif not configs:
                bad.append(f"run {r}: no result in main.cpp's output")
            for c in configs:
                if not c["valid"]:
                    bad.append(f"run {r} ppwi={c.get('ppwi')} wgsize={c.get('wgsize')}: "
                               f"energies off by {c['max_diff_pct']} % (main.cpp's check)")
        if bad:
            self.verdict("FAIL", name, "; ".join(bad[:3]) + f"; see logs/minibude/{deck}.{v}.run*/")
            return
        best = min(((float(c["avg_ms"]), c) for _, _, _, cs in runs for c in cs if c.get("avg_ms")),
                   key=lambda t: t[0], default=None)
        worst = max(float(c["max_diff_pct"]) for _, _, _, cs in runs for c in cs)
        detail = f"{len(runs)} run(s), every energy within 0.025 % (largest {worst:g} %)"
        if best:
            c = best[1]
            detail += (f"; best {best[0]:g} ms per iteration, {c.get('gflops')} GFLOP/s, "
                       f"ppwi={c.get('ppwi')} wgsize={c.get('wgsize')}")
        self.verdict("PASS", name, detail)


if __name__ == "__main__":
    sys.exit(app_bench.main(Runner, __doc__))
