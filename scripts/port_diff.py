#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Counts how much a port to qd changed a serial program.

Usage: port_diff.py [--check] [--max-ratio R] <serial.cpp> <port.cpp>

Prints the unified diff, the blocks of text the port moved, then each
changed line's kind:
  directive   a '#pragma qd' or '_Pragma("qd ...")' line
  memory      a line that allocates, frees or names device memory
              ('qd::Buffer', 'd_x.data()', 'new T[n]', 'delete[]',
              '#include <qd/qd.h>')
  moved       a line of a moved block: at least MIN_MOVED consecutive
              non-blank lines (blank lines between them are skipped) that the
              diff removes in one place and adds in another, equal but for
              leading and trailing whitespace; counted where removed and
              where added, as the diff shows them
  other       anything else, comments included: what the port rewrote
Blank lines are not counted. Also prints the plain diff rule's count,
`diff -u serial port | grep -c '^[+-][^+-]'`, on this script's diff.
With --check, exits 1 when the other lines exceed R (default 0.1) of the
serial program's non-blank lines: SPEC section 1 asks that a port change at
most one line in ten beyond directives and allocation; moving text is not
rewriting it.
"""
import argparse
import difflib
import re
import sys

DIRECTIVE = re.compile(r'^\s*(#\s*pragma\s+qd\b|_Pragma\s*\(\s*"qd\b)')
MEMORY = re.compile(r'qd::Buffer|\b\w+\s*=\s*d_\w+\.data\(\)|\bnew\s+\w+\s*\[|'
                    r'\bdelete\s*\[\]|#\s*include\s*<qd/qd\.h>')
PLAIN_RULE = re.compile(r'^[+-][^+-]')
# Fewer lines than this that happen to reappear (a '}', 'return 0;', two
# lines of a loop header) are edits, not a move.
MIN_MOVED = 3


def kind(line):
    if DIRECTIVE.search(line):
        return 'directive'
    if MEMORY.search(line):
        return 'memory'
    return 'other'


def changed_runs(opcodes, removed):
    """The diff's runs of removed (serial) or added (port) line indices."""
    runs = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == 'equal':
            continue
        lo, hi = (i1, i2) if removed else (j1, j2)
        if hi > lo:
            runs.append(range(lo, hi))
    return runs


def sequence(lines, runs, side):
    """The non-blank lines of \\p runs, stripped, with a separator that
    matches nothing between runs, so a block cannot span two of them; and
    each element's line index (None for a separator)."""
    items, where = [], []
    for k, run in enumerate(runs):
        for i in run:
            if lines[i].strip():
                items.append(lines[i].strip())
                where.append(i)
        items.append(('\0', side, k))
        where.append(None)
    return items, where


def moved_blocks(serial, port, opcodes):
    """Blocks removed in one place and added in another, longest first, as
    (serial line indices, port line indices)."""
    removed, removed_at = sequence(serial, changed_runs(opcodes, True), 'r')
    added, added_at = sequence(port, changed_runs(opcodes, False), 'a')
    blocks = []
    while True:
        matcher = difflib.SequenceMatcher(None, removed, added, autojunk=False)
        a, b, size = matcher.find_longest_match(0, len(removed), 0, len(added))
        if size < MIN_MOVED:
            return blocks
        blocks.append((removed_at[a:a + size], added_at[b:b + size]))
        # Each line moves once: what matched matches nothing again.
        for k in range(size):
            removed[a + k] = ('\0', 'r-moved', a + k)
            added[b + k] = ('\0', 'a-moved', b + k)


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
    # The same matcher unified_diff uses, so the lines classified below are
    # the diff's '-' and '+' lines.
    opcodes = difflib.SequenceMatcher(None, serial, port).get_opcodes()
    blocks = moved_blocks(serial, port, opcodes)
    moved_serial = {i for block in blocks for i in block[0]}
    moved_port = {j for block in blocks for j in block[1]}

    counts = {'directive': 0, 'memory': 0, 'moved': 0, 'other': 0}
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == 'equal':
            continue
        for lines, lo, hi, moved in ((serial, i1, i2, moved_serial),
                                     (port, j1, j2, moved_port)):
            for i in range(lo, hi):
                if not lines[i].strip():
                    continue
                counts['moved' if i in moved else kind(lines[i])] += 1
    plain = sum(1 for line in diff
                if not line.startswith(('---', '+++')) and PLAIN_RULE.match(line))

    lines = sum(1 for line in serial if line.strip())
    limit = args.max_ratio * lines
    print()
    for removed, added in sorted(blocks, key=lambda block: block[0][0]):
        print(f'moved: serial lines {removed[0] + 1}-{removed[-1] + 1} to port '
              f'lines {added[0] + 1}-{added[-1] + 1} ({len(removed)} non-blank lines)')
    print(f'serial program: {lines} non-blank lines')
    for name, count in counts.items():
        print(f'changed lines, {name}: {count}')
    print(f"plain diff rule (diff -u | grep -c '^[+-][^+-]'): {plain}")
    print(f'other changes: {counts["other"]} of at most {limit:.1f} '
          f'({counts["other"] / lines:.3f} of the serial lines)')
    if args.check and counts['other'] > limit:
        print('FAIL: the port rewrote more than it annotated', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
