#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The TeaLeaf benchmark on the GPU machine (bench/tealeaf/README.md).

tests/gpu/run_on_device.sh's `bench tealeaf` builds the tealeaf.* targets
(bench/tealeaf/device.cmake) and then runs this, which
  1. builds upstream HEAD's CUDA version with HEAD's own CMake
     (third_party/tealeaf_cuda/head with the staged patched driver);
  2. for the 4000x4000 decks, runs the serial build (tealeaf.serial) with
     mpirun on the CPUs the GPU runs leave free, for QD_TEALEAF_SERIAL_STEPS
     steps, while
  3. every variant runs every deck and solver, one process at a time, in a
     folder of its own, timed around the process (wall) and by the bench
     patch inside it (solve);
  4. compares each run's four field sums (volume, mass, internal energy,
     temperature), step by step, with the serial reference's (staged for the
     small decks, from step 2 for the large): relative QD_TEALEAF_RTOL;
  5. writes one line per run to <out>/tealeaf.txt (bench/tealeaf/table.py
     turns it into the table) and the verdicts, one per deck, solver and
     variant, to <results> for run_on_device.sh to record.
A run whose sums do not match is FAIL and its times are no result.

Usage: run.py --stage DIR --build DIR --out DIR --logs DIR --results FILE [--dry-run]
Knobs (environment):
  QD_TEALEAF_DECKS     small (64 512, default), large (4000), all, or deck names
  QD_TEALEAF_SOLVERS   default "cg cheby ppcg jacobi"
  QD_TEALEAF_VARIANTS  default "qd_stream qd_graph c66cafb c66cafb_syncwarp head"
  QD_TEALEAF_RUNS      runs of each (default 3 on the small decks, 1 on the large)
  QD_TEALEAF_STEPS     steps of the large runs, e.g. "cg=3,jacobi=15" (default: the decks')
  QD_TEALEAF_SERIAL_STEPS  steps of the serial reference of the large decks (default 1)
  QD_TEALEAF_SERIAL_NP     its MPI ranks (default 12)
  QD_TEALEAF_RTOL      relative tolerance of the field sums (default 1e-8)
  QD_TEALEAF_TIMEOUT   seconds one GPU run may take (default 150)
  QD_TEALEAF_MPIRUN=1  start each GPU run with `mpirun -np 1` (default: without
                       mpirun, as an MPI singleton)
and, from run_on_device.sh, `deadline` (epoch seconds), `reserve` and
QD_MPIRUN_FLAGS.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # nothing written into the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # decks.py, bench/app_bench.py
import app_bench  # noqa: E402
import decks  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
VARIANTS = ["qd_stream", "qd_graph", "c66cafb", "c66cafb_syncwarp", "head"]
SUMS = re.compile(r"^bench sums step (\d+) volume (\S+) mass (\S+) ie (\S+) temperature (\S+)$")
SOLVE = re.compile(r"^bench solve_seconds (\S+) steps (\d+)")
# CLOCK_MONOTONIC seconds: the driver's around its time steps (the c66cafb
# driver's patch), and the process's, which run() appends to the output.
CLOCK = re.compile(r"^bench clock (diffuse_begin|diffuse_end|process_start|process_end) (\S+)$")
# The drivers' own counts, per step: "CG: 576 iterations", "Cheby: 159
# iterations (102 estimated)", "PPCG: 1 iterations (350 inner ...)", "Jacobi:
# 5000 iterations" (HEAD's with a leading space).
ITERATIONS = re.compile(r"^\s*(CG|Cheby|PPCG|Jacobi):\s+(\d+) iterations")
OWN_CHECK = re.compile(r"This run \S*(PASSED|FAILED)")


def env(name, default):
    value = os.environ.get(name, "").strip()
    return value if value else default


class Runner(app_bench.Runner):
    def __init__(self, a):
        super().__init__(a)
        self.rtol = float(env("QD_TEALEAF_RTOL", "1e-8"))
        self.timeout = float(env("QD_TEALEAF_TIMEOUT", "150"))
        spec = env("QD_TEALEAF_DECKS", "small").split()
        names = []
        for s in spec:
            names += {"small": decks.SMALL, "large": decks.LARGE,
                      "all": decks.SMALL + decks.LARGE}.get(s, [s])
        self.decks = [d for d in decks.DECKS if d in names]
        unknown = [n for n in names if n not in decks.DECKS]
        self.solvers = env("QD_TEALEAF_SOLVERS", " ".join(decks.SOLVERS)).split()
        self.variants = env("QD_TEALEAF_VARIANTS", " ".join(VARIANTS)).split()
        bad = unknown + [s for s in self.solvers if s not in decks.SOLVERS] + \
            [v for v in self.variants if v not in VARIANTS]
        if bad:
            sys.exit(f"run.py: unknown deck, solver or variant: {' '.join(bad)}")
        self.steps = {}
        for item in env("QD_TEALEAF_STEPS", "").replace(",", " ").split():
            solver, _, n = item.partition("=")
            self.steps[solver] = int(n)
        self.serial_steps = int(env("QD_TEALEAF_SERIAL_STEPS", "1"))
        self.serial_np = int(env("QD_TEALEAF_SERIAL_NP", "12"))
        self.work = tempfile.mkdtemp(prefix="tealeaf-")
        # The GPU runs on the first 4 CPUs, the serial ranks on the others
        # (each rank its own core, none on the GPU runs' cores).
        cpus = sorted(os.sched_getaffinity(0))
        self.gpu_cpus = set(cpus[:4]) if len(cpus) >= 8 else None
        self.serial_cpus = set(cpus[4:]) if len(cpus) >= 8 else None
        self.exes = {v: os.path.join(self.build, f"tealeaf.{v}") for v in VARIANTS}
        self.exes["head"] = os.path.join(self.build, "tealeaf-head", "cuda-tealeaf")
        self.serial_exe = os.path.join(self.build, "tealeaf.serial")
        self.mpirun_flags = env("QD_MPIRUN_FLAGS", "--allow-run-as-root --oversubscribe --bind-to none").split()
        self.launcher = ["mpirun", "-np", "1"] + self.mpirun_flags if env("QD_TEALEAF_MPIRUN", "0") == "1" else []
        self.large_refs = {}  # (deck, solver) -> parsed serial output

    # --- time -------------------------------------------------------------
    def allowed(self, limit):
        left = self.left()
        return 0 if left < 10 else min(limit, left)

    # --- one process --------------------------------------------------------
    def deck_text(self, deck, solver, steps=None):
        with open(os.path.join(self.stage, "decks", f"{deck}.{solver}.in")) as f:
            text = f.read()
        if steps is not None:
            text = decks.set_key(text, "end_step", str(steps))
        return text

    def run(self, name, command, deck_text, limit, cpus, log):
        """Runs `command` in a folder of its own holding the deck, on `cpus`,
        for at most `limit` seconds; returns (exit status, or None when the
        deadline stopped it, or "timeout" when `limit` did; wall seconds;
        its output)."""
        folder = os.path.join(self.work, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "tea.in"), "w") as f:
            f.write(deck_text)
        shutil.copy(os.path.join(self.stage, "decks", "tea.problems"), folder)
        t = self.allowed(limit)
        if t == 0:
            return None, 0.0, ""
        environment = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                           OMPI_MCA_btl_vader_single_copy_mechanism="none")
        if cpus and shutil.which("taskset"):
            command = ["taskset", "-c", ",".join(map(str, sorted(cpus)))] + command
        start = time.monotonic()
        status = self.spawn(command, folder, log, t, environment)
        end = time.monotonic()
        wall = end - start
        if status == "timeout" and t < limit:
            status = None
        with open(log, errors="replace") as f:
            text = f.read()
        # time.monotonic() is CLOCK_MONOTONIC, the driver's clock.
        text += f"\nbench clock process_start {start:.6f}\nbench clock process_end {end:.6f}\n"
        return status, wall, text

    @staticmethod
    def parse(text):
        sums, solve, steps, iterations, own, clock = {}, None, None, 0, None, {}
        for line in text.splitlines():
            m = CLOCK.match(line)
            if m:
                clock[m.group(1)] = float(m.group(2))
            m = SUMS.match(line)
            if m:
                sums[int(m.group(1))] = [float(x) for x in m.groups()[1:]]
            m = SOLVE.match(line)
            if m:
                solve, steps = float(m.group(1)), int(m.group(2))
            m = ITERATIONS.match(line)
            if m:
                iterations += int(m.group(2))
            m = OWN_CHECK.search(line)
            if m:
                own = m.group(1)
        # Before the time steps (start-up: MPI, the device, allocation and
        # initialisation, data-region entry) and after them (teardown).
        before = after = float("nan")
        if {"process_start", "diffuse_begin"} <= clock.keys():
            before = clock["diffuse_begin"] - clock["process_start"]
        if {"process_end", "diffuse_end"} <= clock.keys():
            after = clock["process_end"] - clock["diffuse_end"]
        return {"sums": sums, "solve": solve, "steps": steps, "iterations": iterations, "own": own,
                "before": before, "after": after}

    # --- HEAD's build ---------------------------------------------------------
    def build_head(self):
        src = os.path.join(self.build, "tealeaf-head-src")
        bld = os.path.join(self.build, "tealeaf-head")
        nvcc = "nvcc"
        try:
            with open(os.path.join(self.build, "CMakeCache.txt")) as f:
                for line in f:
                    if line.startswith("CMAKE_CUDA_COMPILER:"):
                        nvcc = line.split("=", 1)[1].strip()
        except OSError:
            pass
        configure = ["cmake", "-S", src, "-B", bld, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                     "-DMODEL=cuda", f"-DCMAKE_CUDA_COMPILER={nvcc}", "-DCUDA_ARCH=sm_90",
                     "-DENABLE_MPI=ON", "-DCUDA_EXTRA_FLAGS=-O3"]
        if self.dry:
            print(f"-- build.tealeaf_head would build HEAD in {bld}: {' '.join(configure)}")
            self.verdict("SKIP", "bench.tealeaf.head.builds", f"dry run: {' '.join(configure)}")
            return
        # A fresh copy each call, with upstream's times (copy2): an up-to-date
        # build stays up to date.
        shutil.rmtree(src, ignore_errors=True)
        shutil.copytree(os.path.join(ROOT, "third_party", "tealeaf_cuda", "head"), src)
        shutil.copy2(os.path.join(self.stage, "patched", "head", "diffuse.cpp"),
                     os.path.join(src, "driver", "diffuse.cpp"))
        log = os.path.join(self.logs, "head_build.log")
        started = time.monotonic()
        status = "timeout"
        t = self.allowed(300)
        if t:
            status = self.spawn(configure, None, log, t)
        t = self.allowed(300)
        if status == 0:
            status = self.spawn(["cmake", "--build", bld, "-j", str(os.cpu_count())], None, log, t,
                                mode="a") if t else "timeout"
        took = time.monotonic() - started
        if status == 0 and os.path.exists(self.exes["head"]):
            self.verdict("PASS", "bench.tealeaf.head.builds", f"{took:.0f} s, HEAD's CMake (-DMODEL=cuda -DCUDA_EXTRA_FLAGS=-O3)")
        elif status == "timeout":
            self.verdict("SKIP", "bench.tealeaf.head.builds", "out of time")
        else:
            tail = ""
            if os.path.exists(log):
                with open(log, errors="replace") as f:
                    errors = [l.strip() for l in f if "error" in l.lower()]
                tail = errors[0][:200] if errors else ""
            self.verdict("FAIL", "bench.tealeaf.head.builds", f"exit {status}: {tail}; see logs/tealeaf/head_build.log")

    # --- the serial reference of the large decks ------------------------------------
    def serial_large(self, pairs):
        for deck, solver in pairs:
            name = f"serial.{deck}.{solver}"
            command = ["mpirun", "-np", str(self.serial_np)] + self.mpirun_flags + [self.serial_exe]
            status, wall, text = self.run(name, command, self.deck_text(deck, solver, self.serial_steps),
                                          self.deadline, self.serial_cpus,
                                          os.path.join(self.logs, f"{name}.txt"))
            parsed = self.parse(text)
            ok = status == 0 and parsed["solve"] is not None
            self.large_refs[(deck, solver)] = parsed if ok else None
            self.lines.append(
                f"serial deck={deck} solver={solver} np={self.serial_np} steps={self.serial_steps} "
                f"exit={status} iterations={parsed['iterations']} wall_s={wall:.3f} "
                f"solve_s={parsed['solve'] if parsed['solve'] is not None else 'none'}")
            if status is None:
                self.verdict("SKIP", f"bench.tealeaf.{name}", "out of time")
            elif ok:
                self.verdict("PASS", f"bench.tealeaf.{name}",
                             f"{self.serial_steps} step(s) on {self.serial_np} ranks in {wall:.0f} s")
            else:
                self.verdict("FAIL", f"bench.tealeaf.{name}", f"exit {status}; see logs/tealeaf/{name}.txt")

    # --- checking ---------------------------------------------------------------------
    def compare(self, ref, got):
        """(max relative difference, steps compared) over the steps both have."""
        common = sorted(set(ref["sums"]) & set(got["sums"]))
        worst = 0.0
        for step in common:
            for r, g in zip(ref["sums"][step], got["sums"][step]):
                diff = abs(g - r) / max(abs(r), 1e-300)
                worst = max(worst, diff if diff == diff else float("inf"))  # NaN: inf
        return worst, len(common)

    def reference(self, deck, solver):
        if deck in decks.LARGE:
            return self.large_refs.get((deck, solver))
        path = os.path.join(self.stage, "serial", f"{deck}.{solver}.txt")
        if not os.path.exists(path):
            return None
        with open(path) as f:
            return self.parse(f.read())

    # --- everything -------------------------------------------------------------------
    def main(self):
        os.makedirs(self.logs, exist_ok=True)
        large = [d for d in self.decks if d in decks.LARGE]
        runs = {d: int(env("QD_TEALEAF_RUNS", "1" if d in decks.LARGE else "3")) for d in self.decks}
        if "head" in self.variants:
            self.build_head()
        if self.dry:
            for deck in large:
                for solver in self.solvers:
                    self.verdict("SKIP", f"bench.tealeaf.serial.{deck}.{solver}",
                                 f"dry run: mpirun -np {self.serial_np} {self.serial_exe}, "
                                 f"{self.serial_steps} step(s) of decks/{deck}.{solver}.in")
            for deck in self.decks:
                for solver in self.solvers:
                    for v in self.variants:
                        ref = "the serial run above" if deck in large else f"serial/{deck}.{solver}.txt"
                        self.verdict("SKIP", f"bench.tealeaf.{deck}.{solver}.{v}",
                                     f"dry run: {self.exes[v]}, {runs[deck]} run(s) of decks/{deck}.{solver}.in, "
                                     f"sums compared with {ref}, into tealeaf.txt")
            return
        missing = [v for v in self.variants if not os.path.exists(self.exes[v])]
        serial = None
        if large:
            if os.path.exists(self.serial_exe):
                pairs = [(d, s) for d in large for s in self.solvers]
                serial = threading.Thread(target=self.serial_large, args=(pairs,))
                serial.start()
            else:
                for d in large:
                    for s in self.solvers:
                        self.verdict("SKIP", f"bench.tealeaf.serial.{d}.{s}", "tealeaf.serial was not built")
        results = {}  # (deck, solver, variant) -> [(run, status, wall, parsed)]
        for r in range(1, max(runs.values(), default=0) + 1):
            for deck in self.decks:
                if r > runs[deck]:
                    continue
                for solver in self.solvers:
                    steps = self.steps.get(solver) if deck in large else None
                    for v in self.variants:
                        if v in missing:
                            continue
                        name = f"{deck}.{solver}.{v}.{r}"
                        status, wall, text = self.run(name, self.launcher + [self.exes[v]],
                                                      self.deck_text(deck, solver, steps),
                                                      self.timeout, self.gpu_cpus,
                                                      os.path.join(self.logs, f"{name}.txt"))
                        results.setdefault((deck, solver, v), []).append((r, status, wall, self.parse(text)))
        if serial:
            # Its runs stop at the deadline on their own.
            serial.join()
        self.report(results, missing)

    def report(self, results, missing):
        for deck in self.decks:
            for solver in self.solvers:
                ref = self.reference(deck, solver)
                for v in self.variants:
                    name = f"bench.tealeaf.{deck}.{solver}.{v}"
                    if v in missing:
                        self.verdict("SKIP", name, f"{self.exes[v]} was not built (see its .builds line)")
                        continue
                    passed, problems = [], []
                    for r, status, wall, p in results.get((deck, solver, v), []):
                        # HEAD's driver exits 1 when its own check against
                        # tea.problems fails, as it does for every deck not
                        # listed there; the sums below decide.
                        finished = p["solve"] is not None and (
                            status == 0 or (v == "head" and status == 1 and p["own"] == "FAILED"))
                        check, diff, n = "FAIL", float("nan"), 0
                        if status is None:
                            check = "SKIP"
                            problems.append(f"run {r} out of time")
                        elif not finished:
                            problems.append(f"run {r} exit {status}" + ("" if p["solve"] is not None else ", no bench lines")
                                            + f" (logs/tealeaf/{deck}.{solver}.{v}.{r}.txt)")
                        elif ref is None:
                            check = "UNCHECKED"
                            problems.append("no serial reference")
                        else:
                            diff, n = self.compare(ref, p)
                            if n and diff <= self.rtol and len(p["sums"]) == p["steps"]:
                                check = "PASS"
                                passed.append((p["solve"] / max(p["iterations"], 1) * 1e3, wall - p["solve"], diff, n))
                            else:
                                problems.append(f"run {r}: sums differ from the serial build's by {diff:.3g} "
                                                f"(over {n} steps; {len(p['sums'])} of {p['steps']} printed)")
                        solve = p["solve"] if p["solve"] is not None else float("nan")
                        iters = max(p["iterations"], 1)
                        self.lines.append(
                            f"run deck={deck} solver={solver} variant={v} run={r} check={check} "
                            f"max_rel_diff={diff:.3g} checked_steps={n} steps={p['steps']} "
                            f"iterations={p['iterations']} solve_s={solve:.6f} wall_s={wall:.3f} "
                            f"outside_s={wall - solve:.3f} before_steps_s={p['before']:.3f} "
                            f"after_steps_s={p['after']:.3f} ms_per_iteration={solve / iters * 1e3:.6f} "
                            f"exit={status} own_check={p['own']} serial_iterations={ref['iterations'] if ref else 'none'}")
                    fails = [x for x in problems if "differ" in x or "exit" in x]
                    if fails:
                        self.verdict("FAIL", name, "; ".join(fails))
                    elif passed:
                        best = min(passed)
                        self.verdict("PASS", name, f"sums within {max(x[2] for x in passed):.2g} of the serial build's "
                                     f"over {best[3]} step(s); best {best[0]:.4g} ms/iteration, "
                                     f"{best[1]:.2f} s outside the solve")
                    else:
                        self.verdict("SKIP", name, "; ".join(dict.fromkeys(problems)) or "not run")

    def write(self):
        if self.dry:
            return
        device = []
        if shutil.which("nvidia-smi"):
            device = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                                    capture_output=True, text=True).stdout.strip().splitlines()
        with open(os.path.join(self.out, "tealeaf.txt"), "a") as f:
            f.write(f"# TeaLeaf benchmark (bench/tealeaf/run.py), {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}\n")
            f.write(f"# device {device[0] if device else 'unknown'}; {os.cpu_count()} CPUs; "
                    f"GPU runs on CPUs {sorted(self.gpu_cpus) if self.gpu_cpus else 'all'}\n")
            f.write(f"# decks {' '.join(self.decks)}; solvers {' '.join(self.solvers)}; "
                    f"variants {' '.join(self.variants)}; rtol {self.rtol:g}; "
                    f"steps {self.steps or 'the decks'}; serial steps {self.serial_steps} on {self.serial_np} ranks\n")
            info = os.path.join(self.stage, "stage-info.txt")
            if os.path.exists(info):
                with open(info) as i:
                    f.writelines(f"# stage: {line}" for line in i)
            for line in self.lines:
                f.write(line + "\n")

    def results(self, path):
        super().results(path)
        shutil.rmtree(self.work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(app_bench.main(Runner, __doc__))
