#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs qdsmith programs: the serial build against the cpu translation (with
and without OpenMP), bit for bit, and, for the --fake-seeds, against the CUDA
translation in stream and graph mode run on the fake device (the runtime's
graphs, conditional nodes, scratch slots and reductions, on CPU threads);
compiles the CUDA and HIP translations (stream and graph mode) with nvcc and
hipcc, with warnings as errors. A
program whose outputs differ is shrunk to the fewest units that still differ
(the generator's own reduction, qdsmith.py --only) and written to the output
directory with the command that reproduces it.

Usage:
  run_seeds.py --tool qd-translate --include DIR --runtime-lib LIB --out DIR
               [--seeds 1-24 | --seeds 3,7,9] [--fresh N]
               [--nvcc NVCC --nvcc-seeds 1,2 [--nvcc-plain]] [--hipcc HIPCC --hipcc-seeds 1,2]
               [--fake-runtime-lib LIB --fake-include DIR --runtime-dir DIR
                --rewrite-launches CMAKE_SCRIPT --fake-seeds 1-20]
               [--features +name,-name]
Prints one line per program and ends with 'N passed, N failed'.
"""
import argparse
import concurrent.futures
import itertools
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = os.path.join(HERE, 'qdsmith.py')
sys.path.insert(0, HERE)
from qdsmith import parse_seeds  # noqa: E402  (the generator's own syntax)


def run(cmd, cwd, timeout=600, env=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=timeout, env=env)
    return p.returncode, p.stdout.decode(errors='replace')


class Runner:
    def __init__(self, args):
        self.args = args

    def generate(self, seed, work, only=None):
        cmd = [sys.executable, GENERATOR, '--seed', str(seed), '-o', 'p.cpp']
        if self.args.features:
            cmd.append('--features=' + self.args.features)
        if only is not None:
            cmd += ['--only', ','.join(map(str, sorted(only)))]
        rc, out = run(cmd, work)
        if rc:
            raise RuntimeError('generator failed: ' + out)

    def translate(self, work, target, out, extra=()):
        # -Wqd-graph says which graph-mode kernels keep stream mode, which a
        # generated nest of 'loop seq' loops may do.
        rc, log = run([self.args.tool, f'--target={target}', *extra, 'p.cpp', '-o', out,
                       '--', '-I' + self.args.include, '-Wno-qd-graph'], work)
        # A valid program translates silently: any other diagnostic is a finding.
        return rc == 0 and log.strip() == '', log

    def build_and_run(self, work, source, exe, extra=(), runtime_lib=None, env=None):
        rc, log = run(['g++', '-std=c++17', '-O1', '-Wall', '-Wno-unknown-pragmas', '-Werror',
                       *extra, '-I' + self.args.include, source,
                       runtime_lib or self.args.runtime_lib, '-pthread', '-o', exe], work)
        if rc:
            return None, 'build failed:\n' + log
        rc, out = run(['./' + exe], work, timeout=300, env=env)
        if rc:
            return None, f'{exe} exited {rc}:\n' + out
        return out, ''

    def fake_runs(self, work):
        """The CUDA translation in stream and graph mode, its launches
        rewritten for the fake device (the tests' own rewrite_launches.cmake),
        built by g++ and run: (name, output or None, error) each."""
        a = self.args
        for mode, extra in (('fake_stream', ()), ('fake_graph', ('--graphs',))):
            ok, log = self.translate(work, 'cuda', f'p.{mode}.cu', extra)
            if not ok:
                yield mode, None, 'translation for cuda: ' + log
                continue
            rc, log = run(['cmake', f'-DINPUT=p.{mode}.cu', f'-DOUTPUT=p.{mode}.cpp',
                           '-P', a.rewrite_launches], work)
            if rc:
                yield mode, None, 'rewrite_launches: ' + log
                continue
            out, err = self.build_and_run(
                work, f'p.{mode}.cpp', mode, ('-I' + a.fake_include, '-I' + a.runtime_dir),
                runtime_lib=a.fake_runtime_lib, env=dict(os.environ, QD_FAKE_DEVICES='1'))
            yield mode, out, err

    def differs(self, seed, work, only=None):
        """None when the program agrees everywhere, else what went wrong."""
        self.generate(seed, work, only)
        ok, log = self.translate(work, 'cpu', 'p.cpu.cpp')
        if not ok:
            return 'translation for cpu: ' + log
        ref, err = self.build_and_run(work, 'p.cpp', 'serial')
        if ref is None:
            return 'serial ' + err
        if not ref.strip():
            return 'the serial build printed nothing'
        runs = [(name, *self.build_and_run(work, 'p.cpu.cpp', name, extra))
                for name, extra in (('cpu', ()), ('cpu_openmp', ('-fopenmp',)))]
        if self.args.fake_runtime_lib and seed in self.args.fake_seeds:
            runs = itertools.chain(runs, self.fake_runs(work))
        for name, out, err in runs:
            if out is None:
                return f'{name} ' + err
            if out != ref:
                diff = [f'  serial: {a}\n  {name}: {b}' for a, b in
                        zip(ref.splitlines(), out.splitlines()) if a != b]
                return f'{name} differs from serial:\n' + '\n'.join(diff[:5])
        return None

    def vendor_checks(self, seed, work):
        problems = []
        for compiler, seeds, target, ext, flags in (
                (self.args.nvcc, self.args.nvcc_seeds, 'cuda', 'cu',
                 ['-std=c++17', '-arch=sm_90', '--expt-relaxed-constexpr', '-Werror',
                  'all-warnings']),
                (self.args.hipcc, self.args.hipcc_seeds, 'hip', 'hip',
                 ['-std=c++17', '--offload-arch=gfx90a', '-Wall', '-Werror'])):
            if not compiler or seed not in seeds:
                continue
            for mode, extra in (('stream', ()), ('graph', ('--graphs',))):
                out = f'p.{mode}.{ext}'
                ok, log = self.translate(work, target, out, extra)
                if not ok:
                    problems.append(f'translation for {target} {mode}: {log}')
                    continue
                rc, log = run([compiler, *flags, '-I' + self.args.include, '-c', out,
                               '-o', out + '.o'], work)
                if rc:
                    problems.append(f'{os.path.basename(compiler)} {mode}: {log[-3000:]}')
                # As a Make build compiles a kept .cu: none of our flags.
                if target == 'cuda' and self.args.nvcc_plain:
                    rc, log = run([compiler, '-std=c++17', '-Werror', 'all-warnings',
                                   '-I' + self.args.include, '-c', out, '-o', out + '.plain.o'],
                                  work)
                    if rc:
                        problems.append(f'plain {os.path.basename(compiler)} {mode}: {log[-3000:]}')
        return problems

    def shrink(self, seed, work):
        """The fewest units that still differ, removing one unit at a time."""
        with open(os.path.join(work, 'p.cpp')) as f:
            units = sum(1 for line in f if line.strip().startswith('{ // unit '))
        keep = list(range(units))
        changed = True
        while changed and len(keep) > 1:
            changed = False
            for u in list(keep):
                if len(keep) == 1:  # no program at all would print nothing
                    break
                trial = [x for x in keep if x != u]
                if self.differs(seed, work, trial):
                    keep = trial
                    changed = True
        self.differs(seed, work, keep)
        return keep

    def one(self, seed):
        work = os.path.join(self.args.out, f'seed{seed}')
        os.makedirs(work, exist_ok=True)
        try:
            problem = self.differs(seed, work)
            problems = [problem] if problem else []
            problems += self.vendor_checks(seed, work)
        except Exception as e:  # a hang or a crash of the harness itself
            problems = [f'harness: {e}']
        if problems and problem:
            keep = self.shrink(seed, work)
            problems.append(f'shrunk to units {keep}: {work}/p.cpp '
                            f'(qdsmith.py --seed {seed} --only {",".join(map(str, keep))}'
                            + (f' --features={self.args.features}' if self.args.features else '') + ')')
        return seed, problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--include', required=True)
    ap.add_argument('--runtime-lib', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--seeds', default='1-24')
    ap.add_argument('--fresh', type=int, default=0, help='also N random seeds')
    ap.add_argument('--nvcc', default='')
    ap.add_argument('--nvcc-seeds', default='')
    ap.add_argument('--nvcc-plain', action='store_true',
                    help='also compile the --nvcc-seeds with plain nvcc -std=c++17 (no -arch, '
                         'no --expt-relaxed-constexpr), warnings as errors')
    ap.add_argument('--hipcc', default='')
    ap.add_argument('--hipcc-seeds', default='')
    ap.add_argument('--fake-runtime-lib', default='')
    ap.add_argument('--fake-include', default='', help="the fake device's cuda_runtime.h folder")
    ap.add_argument('--runtime-dir', default='', help="the runtime's sources (fake_device.h)")
    ap.add_argument('--rewrite-launches', default='', help='tests/runtime/fake_cuda/rewrite_launches.cmake')
    ap.add_argument('--fake-seeds', default='', help='also run these on the fake device')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--features', default='',
                    help="qdsmith.py's --features: options on top of its defaults, e.g. "
                         "'+c_linkage,+member_bare_names' (qdsmith.py --list-features)")
    args = ap.parse_args()
    args.tool = os.path.abspath(args.tool)
    args.include = os.path.abspath(args.include)
    args.runtime_lib = os.path.abspath(args.runtime_lib)
    args.out = os.path.abspath(args.out)
    args.nvcc_seeds = set(parse_seeds(args.nvcc_seeds))
    args.hipcc_seeds = set(parse_seeds(args.hipcc_seeds))
    args.fake_seeds = set(parse_seeds(args.fake_seeds))
    for name in ('fake_runtime_lib', 'fake_include', 'runtime_dir', 'rewrite_launches'):
        if getattr(args, name):
            setattr(args, name, os.path.abspath(getattr(args, name)))
    seeds = parse_seeds(args.seeds)
    if args.fresh:
        rng = random.SystemRandom()
        fresh = [rng.randrange(10**6, 10**9) for _ in range(args.fresh)]
        seeds += fresh
        # Fresh programs run everywhere the fixed set's chosen ones do.
        if args.fake_runtime_lib:
            args.fake_seeds.update(fresh)
    runner = Runner(args)
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for seed, problems in pool.map(runner.one, seeds):
            if problems:
                failed += 1
                print(f'FAIL seed {seed}:')
                for p in problems:
                    print('  ' + p.replace('\n', '\n  '))
            else:
                print(f'ok seed {seed}')
            sys.stdout.flush()
    print(f'{len(seeds) - failed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
