#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The -W options on each qd warning, and clang's own errors, end to end.

Usage: warning_flags.py <qd-translate> <Diagnostics.def> <out dir> <flag>|clang-errors

For a warning flag (such as qd-race), its test file <snake_name>.cpp (which
has only that warning) is translated with each option below and the exit
status, stderr and output file are checked. 'clang-errors' checks that
clang's own errors exit 1, print as clang prints them, and write nothing.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'scripts'))
import diagnostics_def  # noqa: E402

OLD = 'previous contents\n'
failures = []


def run(tool, source, output, *args):
    if os.path.exists(output):
        os.remove(output)
    p = subprocess.run([tool, source, '-o', output] + list(args), cwd=HERE,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stderr + p.stdout


def check(what, condition, details=''):
    if condition:
        print(f'ok: {what}')
    else:
        failures.append(what)
        print(f'FAIL: {what}\n{details}')


def expect_warning(tool, source, output, flag, args, label):
    status, err = run(tool, source, output, *args)
    check(f'{label}: exit 0', status == 0, err)
    check(f'{label}: warns with [-W{flag}]', 'warning: ' in err and f' [-W{flag}]' in err, err)
    check(f'{label}: no error', 'error:' not in err and '-Werror' not in err, err)
    check(f'{label}: writes the output', os.path.exists(output))


def expect_silent(tool, source, output, args, label):
    status, err = run(tool, source, output, *args)
    check(f'{label}: exit 0', status == 0, err)
    check(f'{label}: nothing on stderr', err == '', err)
    check(f'{label}: writes the output', os.path.exists(output))


def expect_error(tool, source, output, args, label, must_contain):
    status, err = run(tool, source, output, *args)
    check(f'{label}: exit 1', status == 1, err)
    for text in must_contain:
        check(f'{label}: prints {text!r}', text in err, err)
    check(f'{label}: writes no output', not os.path.exists(output))
    with open(output, 'w') as f:
        f.write(OLD)
    status = subprocess.run([tool, source, '-o', output] + list(args), cwd=HERE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    with open(output) as f:
        check(f'{label}: leaves an old output unchanged', status == 1 and f.read() == OLD)
    os.remove(output)


def check_flag(tool, table, out_dir, flag):
    warnings = [d for d in table if d.kind == 'warning']
    matches = [d for d in warnings if d.flag == flag]
    if not matches:
        sys.exit(f'{flag} is not the flag of a QD_WARNING')
    source = matches[0].snake + '.cpp'
    output = os.path.join(out_dir, matches[0].snake + '.flags.cu')
    other = next((d.flag for d in warnings if d.flag != flag), None)

    expect_warning(tool, source, output, flag, ['--'], 'default')
    expect_silent(tool, source, output, ['--', f'-Wno-{flag}'], f'-Wno-{flag}')
    expect_silent(tool, source, output, [f'--extra-arg=-Wno-{flag}', '--'],
                  f'--extra-arg=-Wno-{flag}')
    expect_warning(tool, source, output, flag, ['--', f'-Wno-{flag}', f'-W{flag}'],
                   f'-Wno-{flag} -W{flag} (the later option wins)')
    expect_silent(tool, source, output, ['--', '-Wno-qd'], '-Wno-qd')
    expect_silent(tool, source, output, ['--', '-w'], '-w')
    if other:
        expect_warning(tool, source, output, flag, ['--', f'-Wno-{other}'],
                       f'-Wno-{other} (another warning)')
    expect_error(tool, source, output, ['--', f'-Werror={flag}'], f'-Werror={flag}',
                 ['error: ', f' [-Werror,-W{flag}]'])
    expect_error(tool, source, output, [f'--extra-arg=-Werror={flag}', '--'],
                 f'--extra-arg=-Werror={flag}', [f' [-Werror,-W{flag}]'])
    expect_error(tool, source, output, ['--', '-Werror'], '-Werror',
                 [f' [-Werror,-W{flag}]'])
    expect_error(tool, source, output, ['--', '-Werror=qd'], '-Werror=qd',
                 [f' [-Werror,-W{flag}]'])
    expect_warning(tool, source, output, flag, ['--', '-Werror', f'-Wno-error={flag}'],
                   f'-Werror -Wno-error={flag}')
    # An error made from a warning does not turn off: -Wno-<flag> wins over -Werror.
    expect_silent(tool, source, output, ['--', '-Werror', f'-Wno-{flag}'],
                  f'-Werror -Wno-{flag}')


def check_clang_errors(tool, out_dir):
    cases = {
        'clang_syntax_error.cpp': ["clang_syntax_error.cpp:9:17: error: expected ';' after expression"],
        'clang_missing_include.cpp': ["clang_missing_include.cpp:5:10: fatal error: 'vec_math.h' file not found"],
    }
    for source, texts in cases.items():
        output = os.path.join(out_dir, source + '.cu')
        expect_error(tool, source, output, ['--', '-fno-color-diagnostics'], source, texts)
        status, err = run(tool, source, output, '--', '-fno-color-diagnostics')
        check(f'{source}: no qd diagnostic after a clang error', '#pragma qd' not in err, err)


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    tool, def_path, out_dir, what = sys.argv[1:]
    tool = os.path.abspath(tool)
    os.makedirs(out_dir, exist_ok=True)
    out_dir = os.path.abspath(out_dir)
    if what == 'clang-errors':
        check_clang_errors(tool, out_dir)
    else:
        check_flag(tool, diagnostics_def.read(def_path), out_dir, what)
    print(f'{len(failures)} failure(s)')
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
