#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Every file of ours carries our SPDX licence line; third_party/ carries none.

Usage: check_spdx.py [--fix] <source dir>

The files are those git tracks or would add (a filesystem walk where the tree is not a git
checkout, as in a source package). A file of ours is any file outside
third_party/ that is not in NO_COMMENT below. It must hold LINE within its
first HEAD_LINES lines, written in its own comment syntax; third_party/ files
must not claim our licence. --fix inserts the line where it is missing: as
line 1, after a shebang line, in the comment syntax of the file's kind.
"""
import os
import re
import sys

sys.dont_write_bytecode = True  # nothing written into the source tree
from tree_files import source_files  # noqa: E402

LINE = "SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception"
HEAD_LINES = 10

# Files that cannot carry a comment, or that are not ours to label. Each entry
# says why; keep the list short.
NO_COMMENT = [
    # The licence texts themselves.
    (r"^LICENSE$", "the licence text"),
    # Raw output of benchmark runs on the GPU machine, kept byte for byte as
    # printed, so that docs/performance.md can be checked against them.
    (r"^bench/results/[^/]+\.txt$", "raw benchmark output"),
    (r"\.png$", "an image"),
    # Translator output, compared byte for byte by the golden tests: each
    # holds its input's SPDX line (the input is ours) after the banner, which
    # names the runtime's licence; the entry-point headers hold no user code.
    (r"^tests/golden/expected/[^/]+\.qd\.h$", "generated entry-point header"),
]

SLASH = ("// ", "")
HASH = ("# ", "")
KINDS = [
    (r"\.(c|cc|cpp|cxx|h|hh|hpp|cu|cuh|hip|def|inc)$", SLASH),
    (r"\.h\.in$", SLASH),
    (r"(^|/)CMakeLists\.txt$", HASH),
    (r"\.cmake(\.in)?$", HASH),
    (r"\.(py|sh|supp|dict|toml|cfg|yml|yaml)$", HASH),
    (r"(^|/)\.gitignore$", HASH),
    (r"^\.ci/run$", HASH),
    (r"\.mustache$", ("{{! ", " }}")),
    (r"\.md$", ("<!-- ", " -->")),
]


def tracked_files(root):
    # A tracked file deleted in the work tree is not there to check.
    return [f for f in source_files(root)[0] if os.path.isfile(os.path.join(root, f))]


def kind_of(path):
    for pattern, kind in KINDS:
        if re.search(pattern, path):
            return kind
    return None


def exempt(path):
    return any(re.search(pattern, path) for pattern, _ in NO_COMMENT)


def head(text):
    return "\n".join(text.split("\n")[:HEAD_LINES])


def fix(path, kind):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    comment = kind[0] + LINE + kind[1] + "\n"
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        text = first + "\n" + comment + rest
    else:
        text = comment + text
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main(argv):
    do_fix = "--fix" in argv
    args = [a for a in argv if a != "--fix"]
    if len(args) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = args[0]
    missing, unknown, claimed = [], [], []
    for rel in sorted(tracked_files(root)):
        path = os.path.join(root, rel)
        try:
            with open(path, encoding="utf-8") as f:
                text = head(f.read())
        except UnicodeDecodeError:
            text = None
        if rel.startswith("third_party/"):
            if text is not None and LINE in text:
                claimed.append(rel)
            continue
        if exempt(rel):
            continue
        if text is not None and LINE in text:
            continue
        kind = kind_of(rel)
        if kind is None or text is None:
            unknown.append(rel)
        elif do_fix:
            fix(path, kind)
            print("added the SPDX line to", rel)
        else:
            missing.append(rel)
    for rel in missing:
        print(f"{rel}:1: error: no '{LINE}' in its first {HEAD_LINES} lines"
              " (tests/licence/check_spdx.py --fix adds it)")
    for rel in unknown:
        print(f"{rel}:1: error: no SPDX line, and check_spdx.py knows no comment"
              " syntax for this kind of file: give it one in KINDS, or, if it"
              " cannot hold a comment, an entry with a reason in NO_COMMENT")
    for rel in claimed:
        print(f"{rel}:1: error: a third_party/ file claims our licence; it keeps"
              " its upstream licence")
    bad = len(missing) + len(unknown) + len(claimed)
    if bad:
        print(f"check_spdx.py: {bad} file(s) wrong")
        return 1
    print("check_spdx.py: every file of ours carries the SPDX line")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
