#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Test of scripts/port_diff.py: a port that moves a function (original.cpp
to port.cpp: 'step' moved below its callees, as a callee-first rule once
asked) counts the move as moved, not as rewritten lines, and passes --check;
a two-line move is too short to be a block and stays 'other'.

Usage: port_diff_test.py <python> <port_diff.py>
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(python, script, serial, port):
    result = subprocess.run([python, script, '--check', serial, port],
                            capture_output=True, text=True)
    counts = dict(re.findall(r'^changed lines, (\w+): (\d+)$', result.stdout, re.M))
    plain = re.search(r'^plain diff rule .*: (\d+)$', result.stdout, re.M)
    return result, {k: int(v) for k, v in counts.items()}, plain and int(plain.group(1))


def expect(what, got, want):
    if got != want:
        print(f'FAIL: {what}: got {got!r}, expected {want!r}')
        return False
    return True


def main():
    python, script = sys.argv[1], sys.argv[2]
    result, counts, plain = run(python, script, os.path.join(HERE, 'original.cpp'),
                                os.path.join(HERE, 'port.cpp'))
    print(result.stdout, result.stderr)
    ok = expect('exit status', result.returncode, 0)
    # 5 non-blank lines of 'step', removed and added; 3 '#pragma qd kernel'
    # lines; the printf line changed, removed and added.
    ok &= expect('counts', counts, {'directive': 3, 'memory': 0, 'moved': 10, 'other': 2})
    ok &= expect('plain diff rule', plain, 15)
    ok &= expect('moved block', 'moved: serial lines 20-24 to port lines 39-43'
                 in result.stdout, True)

    with tempfile.TemporaryDirectory() as tmp:
        serial = ['int a;', 'int b;', 'int c;', 'int d;', 'int e;', 'int f;']
        port = ['int c;', 'int d;', 'int a;', 'int b;', 'int e;', 'int f;']
        paths = []
        for name, lines in (('serial.cpp', serial), ('port.cpp', port)):
            paths.append(os.path.join(tmp, name))
            with open(paths[-1], 'w') as f:
                f.write('\n'.join(lines) + '\n')
        _, counts, _ = run(python, script, *paths)
        ok &= expect('short move', (counts.get('moved'), counts.get('other')), (0, 4))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
