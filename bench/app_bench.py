# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What bench/tealeaf/run.py and bench/minibude/run.py share: the command
line tests/gpu/run_on_device.sh calls them with, its time budget, running one
process under a time limit, and the verdicts they hand back to it.

Each run.py subclasses Runner with its own decks, checks and table and calls
main(Runner, __doc__).
"""
import argparse
import os
import signal
import subprocess
import time


class Runner:
    # The mode the results file is opened in: run_on_device.sh empties it
    # before the call, so either serves there.
    results_mode = "w"

    def __init__(self, a):
        self.a = a
        self.stage, self.build, self.out, self.logs = a.stage, a.build, a.out, a.logs
        self.dry = a.dry_run
        # run_on_device.sh's deadline and the seconds it keeps after it; run
        # by hand, 9 minutes.
        self.deadline = float(os.environ.get("deadline", time.time() + 540))
        self.reserve = float(os.environ.get("reserve", 20))
        self.verdicts = []
        self.lines = []

    def left(self):
        """Seconds to the deadline, less the reserve."""
        return self.deadline - self.reserve - time.time()

    def verdict(self, v, name, detail=""):
        # run_on_device.sh reads a verdict as one line of three tab-separated
        # fields.
        self.verdicts.append((v, name, detail.replace("\t", " ").replace("\n", " ")))

    def main(self):
        raise NotImplementedError

    def write(self):
        """Writes the app's table into self.out, after main()."""

    def results(self, path):
        with open(path, self.results_mode) as f:
            for v, name, detail in self.verdicts:
                f.write(f"{v}\t{name}\t{detail}\n")

    @staticmethod
    def spawn(command, cwd, log, t, environment=None, mode="w"):
        """The exit status of `command`, its output in `log`, or "timeout"
        after `t` seconds."""
        with open(log, mode) as out:
            # A session of its own: on a time-out, the process and its
            # children (mpirun's ranks, ninja's compilers) are stopped by its
            # process group id.
            proc = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                    env=environment, start_new_session=True)
            try:
                return proc.wait(timeout=t)
            except subprocess.TimeoutExpired:
                for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, None)):
                    try:
                        os.killpg(proc.pid, sig)
                        proc.wait(timeout=wait)
                        break
                    except (ProcessLookupError, subprocess.TimeoutExpired):
                        pass
                return "timeout"


def main(runner_class, doc):
    p = argparse.ArgumentParser(description=doc.split("\n")[0])
    for name in ("stage", "build", "out", "logs", "results"):
        p.add_argument(f"--{name}", required=True)
    p.add_argument("--dry-run", action="store_true")
    runner = runner_class(p.parse_args())
    try:
        runner.main()
        runner.write()
    finally:
        # The verdicts so far even when a run.py fails: run_on_device.sh
        # records them with its FAIL line.
        runner.results(runner.a.results)
    return 0
