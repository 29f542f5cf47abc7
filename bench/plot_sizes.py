#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Plots time against size for the products and stencils of a GPU-suite run.

Reads the benchmarks' output (the suite's bench.txt, as kept in
bench/results/) and draws, per benchmark family, each variant's time (the
best of the runs in the file) against the problem size on log-log axes: the
translated kernels against the hand-written ones and cuBLAS or a device
copy. Needs matplotlib (Debian: python3-matplotlib).

  python3 bench/plot_sizes.py bench/results/h200-2026-11-28.txt \\
      -o docs/images/sizes-h200.png
"""
import argparse
import re
import sys
from collections import defaultdict

# "float product, n = 1024" / "3x3 convolution of 8192 x 8192 floats" /
# "7-point stencil of 512^3 floats": the family, and the size in elements
# along one side.
HEADERS = [
    (re.compile(r'^float product, n = (\d+)$'), 'float product (n x n)'),
    (re.compile(r'^3x3 convolution of (\d+) x \d+ floats$'), '3x3 convolution (n x n)'),
    (re.compile(r'^7-point stencil of (\d+)\^3 floats$'), '7-point stencil (n^3)'),
]
# "<name>   0.081 ms ..."
ROW = re.compile(r'^(?P<name>\S.*?)\s+(?P<ms>\d+\.\d+) ms\b')


def parse(lines):
    """{family: {variant: {size: best ms}}}"""
    data = defaultdict(lambda: defaultdict(dict))
    family = size = None
    for line in lines:
        line = line.rstrip('\n')
        if line.startswith('========'):
            family = None
            continue
        for pattern, name in HEADERS:
            m = pattern.match(line)
            if m:
                family, size = name, int(m.group(1))
                break
        else:
            m = ROW.match(line) if family else None
            if m:
                variant = m.group('name').strip()
                ms = float(m.group('ms'))
                old = data[family][variant].get(size)
                data[family][variant][size] = ms if old is None else min(old, ms)
    return data


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('bench_txt')
    parser.add_argument('-o', '--output', help='the PNG to write')
    parser.add_argument('--list', action='store_true',
                        help='print what would be plotted instead (no matplotlib)')
    args = parser.parse_args()
    if not args.list and not args.output:
        parser.error('-o is required unless --list')
    with open(args.bench_txt) as f:
        lines = f.readlines()
    device = next((l.strip().split(', n =')[0] for l in lines if l.startswith('device ')),
                  'device ?')
    data = parse(lines)
    if not data:
        sys.exit('plot_sizes.py: no product or stencil results in ' + args.bench_txt)
    if args.list:
        for family, variants in sorted(data.items()):
            for variant, points in sorted(variants.items()):
                print('%s | %s | %s' % (family, variant, ' '.join(
                    '%d:%g' % (size, points[size]) for size in sorted(points))))
        return
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, len(data), figsize=(6 * len(data), 5))
    axes = axes if len(data) > 1 else [axes]
    for ax, (family, variants) in zip(axes, sorted(data.items())):
        for variant, points in sorted(variants.items()):
            sizes = sorted(points)
            translated = variant.startswith('qd-translate')
            ax.plot(sizes, [points[s] for s in sizes], marker='o',
                    linestyle='-' if translated else '--',
                    linewidth=2.2 if translated else 1.2, label=variant)
        ax.set_xscale('log', base=2)
        ax.set_yscale('log')
        ax.set_title(family)
        ax.set_xlabel('n')
        ax.set_ylabel('ms (best of the runs)')
        ax.grid(True, which='both', alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle(device + ' (' + args.bench_txt.split('/')[-1] + ')')
    fig.tight_layout()
    fig.savefig(args.output, dpi=110)
    print('plot_sizes.py: wrote ' + args.output)


if __name__ == '__main__':
    main()
