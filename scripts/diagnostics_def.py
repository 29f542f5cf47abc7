# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reads translator/diagnostics/Diagnostics.def, the table of every qd-translate diagnostic.

Shared by tests/diagnostics/coverage.py and scripts/gen_diagnostics_doc.py.
"""
import re
from dataclasses import dataclass
from typing import List, Optional

_TOKEN = re.compile(r'\s*(?:(?P<id>[A-Za-z_]\w*)|(?P<str>"(?:[^"\\]|\\.)*")|(?P<punct>[(),]))')


@dataclass
class Diagnostic:
    kind: str  # 'error', 'warning', 'note' or 'remark'
    name: str  # 'BlockRace'
    flag: Optional[str]  # 'qd-race' for warnings
    message: str  # clang format: %0, %select{a|b}1

    @property
    def snake(self) -> str:
        """The test file stem: StreamParallelNested -> stream_parallel_nested."""
        return re.sub(r'(?<!^)(?=[A-Z])', '_', self.name).lower()


def _unquote(literal: str) -> str:
    return bytes(literal[1:-1], 'utf-8').decode('unicode_escape')


def read(path: str) -> List[Diagnostic]:
    """The diagnostics of the table, in table order."""
    lines = []
    for line in open(path, encoding='utf-8'):
        stripped = line.strip()
        if stripped.startswith('#') or stripped.startswith('//'):
            continue  # the X-macro defaults, #undef, comments
        lines.append(line)
    text = ''.join(lines)
    tokens = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == '':
            break
        m = _TOKEN.match(text, pos)
        if not m:
            raise ValueError(f'{path}: cannot parse near {text[pos:pos + 40]!r}')
        kind = m.lastgroup
        tokens.append((kind, m.group(kind)))
        pos = m.end()

    result = []
    i = 0

    def expect(kind, value=None):
        nonlocal i
        k, v = tokens[i]
        if k != kind or (value is not None and v != value):
            raise ValueError(f'{path}: expected {value or kind}, got {v!r}')
        i += 1
        return v

    def strings():
        nonlocal i
        parts = []
        while i < len(tokens) and tokens[i][0] == 'str':
            parts.append(_unquote(tokens[i][1]))
            i += 1
        if not parts:
            raise ValueError(f'{path}: expected a string literal')
        return ''.join(parts)

    while i < len(tokens):
        macro = expect('id')
        if macro not in ('QD_ERROR', 'QD_WARNING', 'QD_NOTE', 'QD_REMARK'):
            raise ValueError(f'{path}: unexpected {macro}')
        expect('punct', '(')
        name = expect('id')
        expect('punct', ',')
        flag = None
        if macro == 'QD_WARNING':
            flag = strings()
            expect('punct', ',')
        message = strings()
        expect('punct', ')')
        result.append(Diagnostic(macro[3:].lower(), name, flag, message))
    return result


_PLACEHOLDER = re.compile(r'%select\{([^}]*)\}(\d)|%(\d)')


def message_regex(message: str) -> str:
    """A regular expression for every text the message can print."""
    out = []
    pos = 0
    for m in _PLACEHOLDER.finditer(message):
        out.append(re.escape(message[pos:m.start()]))
        if m.group(1) is not None:
            # An alternative may hold an argument of its own ('%select{|: %2}1').
            out.append('(?:' + '|'.join('.*'.join(re.escape(p) for p in re.split(r'%\d+', a))
                                        for a in m.group(1).split('|')) + ')')
        else:
            out.append('.*')
        pos = m.end()
    out.append(re.escape(message[pos:]))
    return ''.join(out)


def readable_message(message: str) -> str:
    """The message with each argument shown as '…' and each choice as
    '{read|written}'."""
    def replace(m):
        if m.group(1) is not None:
            return '{' + re.sub(r'%\d+', '\u2026', m.group(1)) + '}'
        return '\u2026'
    return _PLACEHOLDER.sub(replace, message)


_EXPECTED = re.compile(
    r'expected-(?P<kind>error|warning|note|remark)(?:@[^\s{]*)?\s*(?:\d+\s*)?\{\{(?P<text>.*?)\}\}')


# 'expected-error-re {{... {{regex}} ...}}': the text runs to the last '}}'
# of the line; each embedded regex stands for a placeholder of the message
# (a path that differs between machines).
_EXPECTED_RE = re.compile(
    r'expected-(?P<kind>error|warning|note|remark)-re(?:@[^\s{]*)?\s*(?:\d+\s*)?\{\{(?P<text>.*)\}\}')
_EMBEDDED_REGEX = re.compile(r'\{\{.*?\}\}')


def expectations(source: str):
    """(kind, text) of each '// expected-...' directive in a source; in the
    text of an 'expected-...-re' directive, each regex becomes 'X'."""
    plain = [(m.group('kind'), m.group('text')) for m in _EXPECTED.finditer(source)]
    regex = [(m.group('kind'), _EMBEDDED_REGEX.sub('X', m.group('text')))
             for m in _EXPECTED_RE.finditer(source)]
    return plain + regex
