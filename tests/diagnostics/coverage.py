#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fails unless every diagnostic of translator/diagnostics/Diagnostics.def has its tests.

Usage: coverage.py <Diagnostics.def> <tests/diagnostics dir>

- Every QD_ERROR and QD_WARNING <Name> has <snake_name>.cpp, which expects it
  (an 'expected-error' or 'expected-warning' whose text is the whole message,
  with any argument), and the valid twin <snake_name>.ok.cpp.
- Every QD_NOTE message is the whole text of some 'expected-note'.
- Every QD_REMARK <Name> has <snake_name>.cpp, which expects it (an
  'expected-remark' with the whole message); run_case.cmake runs a case that
  expects remarks with --remarks. A remark has no valid twin, and may not
  have one: it reports no problem to fix, and under --remarks every parallel
  loop has one, so no source with device work translates silently.
- Every test file belongs to a diagnostic, or to the small allow-list below.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'scripts'))
import diagnostics_def  # noqa: E402

# Tests of clang's own errors, which are not in Diagnostics.def.
ALLOWED_EXTRA = {'clang_syntax_error', 'clang_missing_include'}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    table = diagnostics_def.read(sys.argv[1])
    directory = sys.argv[2]
    files = sorted(os.listdir(directory))
    sources = {}
    for name in files:
        if name.endswith(('.cpp', '.h')):
            with open(os.path.join(directory, name), encoding='utf-8') as f:
                sources[name] = f.read()

    problems = []
    stems = set()
    for d in table:
        if d.kind == 'note':
            continue
        stems.add(d.snake)
        test, twin = d.snake + '.cpp', d.snake + '.ok.cpp'
        if test not in sources:
            problems.append(f'{d.kind} {d.name}: missing {test} (a -verify test that triggers it)')
        else:
            pattern = re.compile(diagnostics_def.message_regex(d.message) + r'(?: \[-W[^\]]*\])?')
            texts = [t for kind, t in diagnostics_def.expectations(sources[test]) if kind == d.kind]
            if not any(pattern.fullmatch(t) for t in texts):
                problems.append(f'{d.kind} {d.name}: {test} has no expected-{d.kind} with the whole '
                                f'message, {diagnostics_def.readable_message(d.message)!r}')
        if d.kind == 'remark':
            if twin in sources:
                problems.append(f'remark {d.name}: {twin} should not exist; remarks have no valid '
                                f'twin (see coverage.py)')
        elif twin not in sources:
            problems.append(f'{d.kind} {d.name}: missing {twin} (the valid twin, the fix)')


    all_notes = [t for text in sources.values()
                 for kind, t in diagnostics_def.expectations(text) if kind == 'note']
    for d in table:
        if d.kind != 'note':
            continue
        pattern = re.compile(diagnostics_def.message_regex(d.message))
        if not any(pattern.fullmatch(t) for t in all_notes):
            problems.append(f'note {d.name}: no test has an expected-note with the whole message, '
                            f'{diagnostics_def.readable_message(d.message)!r}')

    for name in sources:
        if name.endswith('.h'):
            if not any(f'"{name}"' in text for other, text in sources.items() if other != name):
                problems.append(f'{name}: no test includes it')
            continue
        stem = name[:-len('.ok.cpp')] if name.endswith('.ok.cpp') else name[:-len('.cpp')]
        if stem not in stems and stem not in ALLOWED_EXTRA:
            problems.append(f'{name}: matches no diagnostic of {os.path.basename(sys.argv[1])} '
                            f'(and is not in the allow-list of coverage.py)')
        if name.endswith('.ok.cpp') and stem + '.cpp' not in sources:
            problems.append(f'{name}: its -verify test {stem}.cpp is missing')
        if not name.endswith('.ok.cpp') and stem in ALLOWED_EXTRA and stem + '.ok.cpp' not in sources:
            problems.append(f'{name}: its valid twin {stem}.ok.cpp is missing')

    for p in problems:
        print(p)
    counted = len([d for d in table if d.kind in ('error', 'warning')])
    notes = len([d for d in table if d.kind == 'note'])
    remarks = len([d for d in table if d.kind == 'remark'])
    if problems:
        print(f'{len(problems)} problem(s); see tests/diagnostics/coverage.py for the rules')
        sys.exit(1)
    print(f'ok: {counted} errors and warnings, each with a test and a twin; '
          f'{notes} notes, each expected by a test; {remarks} remarks, each with a test')


if __name__ == '__main__':
    main()
