#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes docs/diagnostics.md from translator/diagnostics/Diagnostics.def and tests/diagnostics/.

Usage:
  scripts/gen_diagnostics_doc.py <qd-translate> [--output <file>]
  scripts/gen_diagnostics_doc.py <qd-translate> --check <file>

For each diagnostic, in table order: its kind and flag, its message, the
leading comment of its test tests/diagnostics/<snake_name>.cpp, that test
without its '// expected-...' comments, what qd-translate really prints for
it (with --remarks for a remark), and the fix (the twin <snake_name>.ok.cpp;
remarks have none). --check regenerates into a
temporary file and fails with the difference if <file> is not up to date.
"""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'scripts'))
import diagnostics_def  # noqa: E402

TESTS = os.path.join(ROOT, 'tests', 'diagnostics')
DEF = os.path.join(ROOT, 'translator', 'diagnostics', 'Diagnostics.def')
REGENERATE = 'python3 scripts/gen_diagnostics_doc.py build/bin/qd-translate'
CLANG_CASES = ['clang_syntax_error', 'clang_missing_include']

_EXPECTED_COMMENT = re.compile(r'\s*//\s*expected-(?:error|warning|note|remark|no-diagnostics).*$')
# The tests' licence line is not part of the example they show.
_SPDX_LINE = re.compile(r'^//\s*SPDX-License-Identifier:.*$')


def strip_expected(text):
    """The source without its '// expected-...' comments and its SPDX line; a
    line that held only such a comment goes away."""
    out = []
    for line in text.splitlines():
        stripped = _EXPECTED_COMMENT.sub('', _SPDX_LINE.sub('', line))
        if stripped != line and stripped.strip() == '':
            continue
        out.append(stripped.rstrip())
    return '\n'.join(out) + '\n'


def split_leading_comment(text):
    """(the leading '//' comment as prose, the rest without leading blank lines)."""
    lines = text.splitlines()
    prose = []
    i = 0
    while i < len(lines) and lines[i].startswith('//'):
        prose.append(lines[i][2:].strip())
        i += 1
    while i < len(lines) and lines[i].strip() == '':
        i += 1
    return ' '.join(p for p in prose if p), '\n'.join(lines[i:]) + '\n'


def local_headers(text):
    """The headers of tests/diagnostics that a source includes with quotes."""
    names = re.findall(r'#\s*include\s+"([^"]+)"', text)
    return [n for n in names if os.path.exists(os.path.join(TESTS, n))]


def read(name):
    with open(os.path.join(TESTS, name), encoding='utf-8') as f:
        return f.read()


def run_tool(tool, files, options=()):
    """Runs qd-translate (with \\p options before the source) on the first of
    \\p files ({name: text}), written to a temporary directory, and returns
    (status, stderr with that directory removed from paths)."""
    with tempfile.TemporaryDirectory() as top:
        # Laid out as in tests/, so '../' includes (headers outside the input
        # root) land inside the temporary directory.
        work = os.path.join(top, 'diagnostics')
        for name, text in files.items():
            path = os.path.normpath(os.path.join(work, name))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
        main = next(iter(files))
        p = subprocess.run([tool, *options, main, '-o', os.path.join(work, 'out.cu'), '--',
                            '-fno-color-diagnostics'],
                           cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        err = p.stderr
        for d in (work, top):
            err = err.replace(os.path.realpath(d) + os.sep, '').replace(d + os.sep, '')
        return p.returncode, err


def fence(text, lang=''):
    text = text.rstrip('\n') + '\n'
    return f'\n```{lang}\n{text}```\n\n'


_QUOTED = re.compile(r"(?<![\w'])'([^'\n]+?)'(?![\w'])")


def markdown(prose):
    """Prose from a test's comment: 'code' in quotes becomes `code`; '<' and
    '*' elsewhere are escaped."""
    parts = _QUOTED.split(prose)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append('`' + part + '`')
        else:
            out.append(part.replace('<', '&lt;').replace('*', '\\*'))
    return ''.join(out)


def example(tool, stem, out, options=()):
    """The example, its output and its fix, for tests/diagnostics/<stem>.cpp;
    qd-translate runs with \\p options."""
    source = read(stem + '.cpp')
    prose, body = split_leading_comment(strip_expected(source))
    out.append(markdown(prose) + '\n\n')
    files = {stem + '.cpp': body}
    for header in local_headers(source):
        files[header] = strip_expected(read(header))
    out.append(f'Example ([tests/diagnostics/{stem}.cpp](../tests/diagnostics/{stem}.cpp), '
               'without its `expected-` comments):\n')
    out.append(fence(body, 'c++'))
    for header in local_headers(source):
        out.append(f'with `{header}`:\n')
        out.append(fence(files[header], 'c++'))
    status, err = run_tool(tool, files, options)
    command = ' '.join(['qd-translate', *options, f'{stem}.cpp -o {stem}.cu --'])
    out.append(f'`{command}` prints (exit status {status}):\n')
    out.append(fence(err or '(nothing)\n', 'text'))
    if os.path.exists(os.path.join(TESTS, stem + '.ok.cpp')):
        twin = read(stem + '.ok.cpp')
        fix_prose, fix_body = split_leading_comment(strip_expected(twin))
        out.append(f'**Fix.** {markdown(fix_prose)} '
                   f'([tests/diagnostics/{stem}.ok.cpp](../tests/diagnostics/{stem}.ok.cpp))\n')
        out.append(fence(fix_body, 'c++'))
        for header in local_headers(twin):
            out.append(f'with `{header}`:\n')
            out.append(fence(strip_expected(read(header)), 'c++'))


INTRO = '''\
<!-- SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception -->
# Diagnostics

<!-- Generated by scripts/gen_diagnostics_doc.py from translator/diagnostics/Diagnostics.def
     and tests/diagnostics/; do not edit. Regenerate after changing either:
       {regenerate}
     (ctest's diag.doc_up_to_date fails while this file is out of date.) -->

Every error and warning that qd-translate reports on its input is listed
here, in the order of its table, `translator/diagnostics/Diagnostics.def`. Each comes
with a small example (a test in `tests/diagnostics/`, checked with `-verify`),
the tool's real output on it, and the fix (the test's valid twin, which
translates without a word and compiles with nvcc). The remarks of
`--remarks`, which report no problem, come last in the table.

Contents: [How diagnostics look](#how-diagnostics-look) ·
[Warning options](#warning-options) · [Testing your own sources with
-verify](#testing-your-own-sources-with--verify) ·
[The race warning](#the-race-warning) · [Remarks](#remarks) ·
[Every diagnostic](#every-diagnostic) · [Clang's own errors](#clangs-own-errors)

## How diagnostics look

Diagnostics are clang's: `file:line:column: kind: message`, the source line
and a caret, then any notes that belong to the message. Color follows
clang's rules (on for a terminal); `-- -fno-color-diagnostics` turns it
off. The source is named as you passed it to qd-translate, and a header as
clang found it (`./vec.h` for one next to a source in the current
directory).

```text
{race_excerpt}```

- **Errors** stop the translation: the exit status is 1 and no output
  file is written (an existing one is left as it was). A run ends with
  clang's `N errors generated.` and `Error while processing <file>.`
- **Warnings** end with their option, `[-Wqd-race]`; the translation goes
  on and the exit status is 0, unless `-Werror` makes them errors, which
  show `[-Werror,-Wqd-race]`.
- **Order of checks.** Clang parses the source first; after a C++ error
  (or a missing header) qd's own checks do not run. A syntax error in a
  `#pragma qd` line (the first group below) also stops the checks of the
  kernels, so fix those first; the other errors are all reported together.
- Exit statuses for the command line itself (unknown options, missing
  files, `--check`) are listed in [cli.md](cli.md#exit-statuses).

## Warning options

qd's warnings take clang's `-W` options, after `--` or with `--extra-arg=`:

| option | effect |
|---|---|
| `-Wno-qd-race` (any flag below) | silences that warning |
| `-Wqd-race` | turns it back on (the last option wins) |
| `-Werror=qd-race` | makes it an error: `[-Werror,-Wqd-race]`, exit status 1, nothing written |
| `-Werror` | makes every warning an error, clang's and qd's |
| `-Werror -Wno-error=qd-race` | every warning an error, except this one |
| `-Wno-qd`, `-Werror=qd`, `-Wno-error=qd` | the same, for every qd warning at once |
| `-w` | silences every warning |

The qd warnings are {flags}. They are all on by default. The options apply
to the whole source. To silence or change one warning at one site, use
`#pragma clang diagnostic` (or `#pragma GCC diagnostic`) as for any clang
warning; the state in force at the warning's location wins over the
command line, except `-w`:

```c++
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wqd-race"   // also: warning, error
    #pragma qd stream_parallel
    {{ ... }}
#pragma clang diagnostic pop
```

The `#pragma` lines must be written out; `_Pragma("clang diagnostic ...")`
does not reach the qd warnings (clang reports their group as unknown).

Prefer the `clang` form. The serial build of the same source, by g++, reads
`#pragma clang ...` as an unknown pragma, which the `-Wno-unknown-pragmas`
that `#pragma qd` already needs keeps quiet; a `#pragma GCC diagnostic`
line naming a `-Wqd-...` group makes g++ warn (`-Wpragmas`). clang++
knows both forms but not the qd groups: its serial build needs
`-Wno-unknown-warning-option` as well, which `qd_translate(... BACKEND
serial)` adds for clang, as it adds `-Wno-unknown-pragmas`. In the files
qd-translate writes, every such line outside a kernel is rewritten on its
own line, so that g++, nvcc and hipcc build them without a warning: a
pragma naming a qd group becomes a comment
(`// read by qd-translate: #pragma clang diagnostic ignored "-Wqd-race"`),
and `#pragma clang diagnostic push`/`pop` become `#pragma GCC diagnostic
push`/`pop`, which every one of those compilers reads (and clang treats as
its own). Lines inside a kernel's definition go with the kernel's text,
which the generated code replaces. Pragmas in your own headers stay as
they are.

```sh
qd-translate kernels.cpp -o kernels.cu -- -Werror=qd-race -Wno-qd-serial-loop
```

## Testing your own sources with -verify

Clang's `-verify` works with qd-translate: it compares the diagnostics with
`// expected-error {{{{...}}}}`, `// expected-warning {{{{...}}}}` and
`// expected-note {{{{...}}}}` comments in the source (with `--remarks`,
`// expected-remark {{{{...}}}}` too; `expected-error@+1`
for the next line, `expected-note@-2`, `expected-error@header.h:3`;
`// expected-no-diagnostics` for none), exits 0 when they match and 1 with
the differences otherwise, and writes no output. The text in braces is a
part of the message. This is how `tests/diagnostics/` checks every example
below:

```sh
qd-translate kernels.cpp -- -Xclang -verify
```

```c++
#pragma qd kernel
void scale(float* x, float s, int n)
{{
    for (int i = n - 1; i >= 0; --i) // expected-error {{{{unsupported parallel loop form}}}}
        x[i] *= s;
}}
```

## The race warning

The blocks of a `stream_parallel` region (consecutive blocks with nothing
between them) run at the same time, each on its own stream. `-Wqd-race`
warns when two blocks of one region use the same memory and at least one of
them writes it. Blocks of different regions, and a block and the statements
before or after its region, are ordered by the region's fork and join and
are not compared. The rules (translator/analysis/memory/RaceAnalysis.cpp):

- **Memory** is named by what the kernel receives: its pointer (and array)
  parameters, the pointer members of its struct parameters, by value or
  `const&` (`m.x` and `m.y` are different memory, nested members too), and
  host pointers declared before the region (`float* upper = a + n / 2;` is
  `a`).
- **Aliases are followed** inside a block: a local pointer or reference
  initialized or assigned from that memory is that memory
  (`float* row = a + i * n;`, `float* p = &a[i];`, `p = a + 1;`), through
  pointer arithmetic, casts, `?:` and `,`. A pointer loaded *from* memory
  (`rows[i]` of a `float**`) is not followed.
- **A write** is an assignment (also `+=` and the like) to the memory,
  `++` or `--` on it, passing a pointer to it to a function parameter that
  is a pointer to non-const (`float*`, `void*`: `memcpy`'s destination, a
  helper, `qd::atomic_add`) or a non-const reference, a non-const member
  function called on an object in it, and passing it to a call whose
  callee is not known (a dependent call in a template, a variadic
  function, a function pointer). **A read** is any other use, including
  passing it as `const float*`.
- **Distinct parameters are assumed not to alias**: calling
  `k(a, a)` for `void k(float* x, float* y)` is not caught.
- **Slices of one buffer.** Indices are compared in one common shape only:
  blocks that touch `out[i]`, `out[n + i]`, `out[k * n + i]` (`k` a
  constant, any order of the terms), where `i` is the variable of an
  enclosing `for (int i = 0; i < n; ...)` and `n` comes from outside the
  block, each touch slice `k` of `n` elements; blocks whose slices all
  differ do not race. Any other index, a pointer computed from the buffer
  (`a + n / 2`), a loop bound `<=` or another bound than the stride makes
  the whole buffer count.
- **Atomics count as writes:** blocks only adding to one total with
  `qd::atomic_add` are warned about. A false positive is preferred to a
  race that goes unnoticed; pass halves as separate parameters, give each
  block its own total, or silence that site with\n  `#pragma clang diagnostic ignored "-Wqd-race"`.
- **Where it points:** at the first use in the block that does not write
  (or at the second block's first write, when both write), with notes on
  the other block's first write and on its `#pragma qd stream_parallel`.
  Blocks are numbered from 1, in source order within their region. Each
  pair of blocks and each memory is reported once.
- **Rows through a helper.** Blocks that write different rows of one
  buffer through a helper (`jacobi_point(a, anew, nx, row, ix)`, the
  boundary rows in one block and the interior in another) are warned about:
  the helper's pointer parameter is a write of the whole buffer. Translate
  that file with `-Wno-qd-race` (`samples/multi_gpu_jacobi` does), or use
  the pragma above; the pragma's lines outside kernels stay in the output,
  where g++'s `-Wall` warns about `#pragma clang` in the cpu target's
  output.

## Remarks

`--remarks` makes qd-translate say what it made of each parallel loop, in
clang's `remark:` lines on standard error, like NVHPC's `-Minfo=accel` or
clang's `-Rpass`. Remarks never change the output (it is the same byte for
byte), are printed only when the source has no errors, and leave the exit
status at 0. They describe the launch on the GPU targets, whatever
`--target` is (translator/remarks/LoopRemarks.cpp):

- **At each parallel loop's `for`:** its launch shape: the block size, one
  iteration per thread (a grid-stride loop covers what the grid does not)
  and, for a `collapse` nest, which index neighbouring threads take.
- **At each access through a pointer** (`p[e]`, `*(p + e)`) whose
  addresses in neighbouring threads are more than one element apart: the
  access, the distance in bytes (in elements when the element type is a
  template parameter), and what would make it coalesce: making a loop of
  the body a `#pragma qd loop vector` loop, with the `reduction` it needs,
  when that loop's index moves the address one element; or, in a
  `collapse` nest, making innermost the loop whose index does. Without
  either, the remark says only that the loads or stores do not coalesce.
- **Where the distance cannot be known** (an index loaded from memory, or
  one that goes through `/`, `%`, a call or a condition), the remark says
  so and why, instead of guessing.

The distance is the coefficient of the thread's index in the index
(translator/analysis/loops/AccessAnalysis.h): a local initialized once and never changed
is followed to its initializer (`int row = i * n; a[row + j]`), and the
variables of loops inside the body are the same in every thread at a time.
Reading the same element in every thread (`x[j]` in a row-per-thread loop)
is a broadcast and coalesces. Each access is reported once.

## Every diagnostic

'''


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('tool', help='the qd-translate binary')
    group = parser.add_mutually_exclusive_group()
    group.add_argument('--output', default=os.path.join(ROOT, 'docs', 'diagnostics.md'))
    group.add_argument('--check', metavar='FILE')
    args = parser.parse_args()
    tool = os.path.abspath(args.tool)
    if not shutil.which(tool):
        sys.exit(f'gen_diagnostics_doc.py: {args.tool} is not an executable')

    table = diagnostics_def.read(DEF)
    flags = ', '.join(f'`-W{d.flag}`' for d in table if d.kind == 'warning')
    # The first warning of the race example, with its notes.
    race = split_leading_comment(strip_expected(read('block_race.cpp')))[1]
    _, race_output = run_tool(tool, {'block_race.cpp': race})
    race_lines = race_output.splitlines(True)
    end = next((i for i, line in enumerate(race_lines) if i and ': warning: ' in line),
               len(race_lines))
    out = [INTRO.format(regenerate=REGENERATE, flags=flags,
                        race_excerpt=''.join(race_lines[:end]))]

    # Contents.
    out.append('| diagnostic | kind | message |\n|---|---|---|\n')
    for d in table:
        kind = f'warning `-W{d.flag}`' if d.flag else d.kind
        message = diagnostics_def.readable_message(d.message).replace('|', '\\|').replace('<', '&lt;')
        out.append(f'| [{d.name}](#{d.name.lower()}) | {kind} | {message} |\n')
    out.append('\n')

    # Which diagnostics' tests expect each note.
    note_users = {}
    stems = {d.snake: d for d in table if d.kind != 'note'}
    for d in table:
        if d.kind != 'note':
            continue
        pattern = re.compile(diagnostics_def.message_regex(d.message))
        users = []
        for stem, owner in stems.items():
            path = os.path.join(TESTS, stem + '.cpp')
            if os.path.exists(path) and any(
                    kind == 'note' and pattern.fullmatch(text)
                    for kind, text in diagnostics_def.expectations(read(stem + '.cpp'))):
                users.append(owner.name)
        note_users[d.name] = users

    for d in table:
        out.append(f'### {d.name}\n\n')
        if d.kind == 'warning':
            out.append(f'**Warning**, `-W{d.flag}` (on by default).\n\n')
        elif d.kind == 'remark':
            out.append('**Remark**, only with `--remarks`.\n\n')
        else:
            out.append(f'**{d.kind.capitalize()}.**\n\n')
        out.append(f'> {diagnostics_def.readable_message(d.message).replace("<", "&lt;")}\n\n')
        if d.kind == 'note':
            users = ', '.join(f'[{u}](#{u.lower()})' for u in note_users[d.name])
            out.append(f'Follows {users or "(no test shows it)"}; see the example there.\n\n')
            continue
        if not os.path.exists(os.path.join(TESTS, d.snake + '.cpp')):
            out.append('(No example yet: tests/diagnostics/' + d.snake + '.cpp is missing.)\n\n')
            continue
        example(tool, d.snake, out, ('--remarks',) if d.kind == 'remark' else ())
        out.append('\n')

    out.append("## Clang's own errors\n\n")
    out.append('Errors in the C++ itself are clang\'s, printed as clang prints them. '
               'The exit status is 1 and nothing is written.\n\n')
    for stem in CLANG_CASES:
        out.append(f'### {stem}\n\n')
        example(tool, stem, out)
        out.append('\n')

    text = ''.join(out).rstrip('\n') + '\n'
    text = re.sub(r'\n{3,}', '\n\n', text)

    if args.check:
        try:
            with open(args.check, encoding='utf-8') as f:
                current = f.read()
        except OSError:
            current = ''
        if current != text:
            sys.stdout.writelines(difflib.unified_diff(
                current.splitlines(True), text.splitlines(True),
                args.check, 'regenerated'))
            print(f'\n{args.check} is out of date; regenerate it from the repository root with:\n'
                  f'  {REGENERATE}')
            sys.exit(1)
        print(f'{args.check} is up to date')
        return
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    with open(args.output, 'w', encoding='utf-8') as f:
        f.write(text)


if __name__ == '__main__':
    main()
