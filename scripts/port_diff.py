#!/usr/bin/env python3
"""Counts how much a port to qd changed a serial program.

Usage: port_diff.py [--check] [--max-ratio R] <serial.cpp> <port.cpp>

Prints the unified diff, then each changed line's kind:
  directive   a '#pragma qd' or '_Pragma("qd ...")' line
  memory      a line that allocates, frees or names device memory
              ('qd::Buffer', 'd_x.data()', 'new T[n]', 'delete[]',
              '#include <qd/qd.h>')
  other       anything else, comments included: what the port rewrote
Blank lines are not counted. With --check, exits 1 when the other lines
exceed R (default 0.1) of the serial program's non-blank lines: SPEC
section 1 asks that a port change at most one line in ten beyond
directives and allocation.
"""
import argparse
import difflib
import re
import sys

DIRECTIVE = re.compile(r'^\s*(#\s*pragma\s+qd\b|_Pragma\s*\(\s*"qd\b)')
MEMORY = re.compile(r'qd::Buffer|\b\w+\s*=\s*d_\w+\.data\(\)|\bnew\s+\w+\s*\[|'
                    r'\bdelete\s*\[\]|#\s*include\s*<qd/qd\.h>')


def kind(line):
    if DIRECTIVE.search(line):
        return 'directive'
    if MEMORY.search(line):
        return 'memory'
    return 'other'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--check', action='store_true')
    parser.add_argument('--max-ratio', type=float, default=0.1)
    parser.add_argument('serial')
    parser.add_argument('port')
    args = parser.parse_args()
    with open(args.serial) as f:
        serial = f.read().splitlines()
    with open(args.port) as f:
        port = f.read().splitlines()

    diff = list(difflib.unified_diff(serial, port, args.serial, args.port,
                                     lineterm='', n=1))
    print('\n'.join(diff))
    counts = {'directive': 0, 'memory': 0, 'other': 0}
    for line in diff:
        if line.startswith(('---', '+++', '@@')):
            continue
        if line[:1] in '+-' and line[1:].strip():
            counts[kind(line[1:])] += 1
    lines = sum(1 for line in serial if line.strip())
    limit = args.max_ratio * lines
    print()
    print(f'serial program: {lines} non-blank lines')
    for name, count in counts.items():
        print(f'changed lines, {name}: {count}')
    print(f'other changes: {counts["other"]} of at most {limit:.1f} '
          f'({counts["other"] / lines:.3f} of the serial lines)')
    if args.check and counts['other'] > limit:
        print('FAIL: the port rewrote more than it annotated', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
