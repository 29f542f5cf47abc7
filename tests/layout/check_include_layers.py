#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The translator's floors follow its pipeline: a file includes headers of
its own phase or of the phases below it, never of a later one, and names
them by their path from translator/ ("analysis/loops/LoopForm.h"), so that
each include shows its direction.

    check_include_layers.py TRANSLATOR_DIR     check the tree
    check_include_layers.py --self-test        check that the check fails

Exits 1 and lists every offending include, file:line, when one is found."""
import argparse
import os
import re
import sys
import tempfile

# Folder -> floor. support/ and diagnostics/ are what every phase uses;
# remarks/ and codegen/ both read the analysis's model and stay apart.
FLOORS = {
    "support": 0,
    "diagnostics": 0,
    "pragmas": 1,
    "analysis": 2,
    "remarks": 3,
    "codegen": 3,
    "driver": 4,
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def phase(path):
    return path.split("/", 1)[0]


def check(root):
    """Returns the problems of the tree under root, one line each."""
    problems = []
    headers = set()
    sources = []
    for directory, _, names in os.walk(root):
        for name in names:
            relative = os.path.relpath(os.path.join(directory, name), root)
            relative = relative.replace(os.sep, "/")
            if name.endswith((".h", ".def")):
                headers.add(relative)
            if name.endswith((".h", ".cpp")):
                sources.append(relative)
    basenames = {h.rsplit("/", 1)[-1]: h for h in headers}
    for source in sorted(sources):
        own = phase(source)
        if "/" not in source or own not in FLOORS:
            problems.append(f"{source}: not in a phase folder "
                            f"({', '.join(sorted(FLOORS))})")
            continue
        with open(os.path.join(root, source), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                target = match.group(1)
                where = f"{source}:{number}"
                if target not in headers:
                    if target.rsplit("/", 1)[-1] in basenames:
                        problems.append(
                            f"{where}: include \"{target}\" by its path from "
                            f"translator/, \"{basenames[target.rsplit('/', 1)[-1]]}\"")
                    continue  # clang's, llvm's, the mustache library's
                other = phase(target)
                if other == own:
                    continue
                if other not in FLOORS or FLOORS[other] >= FLOORS[own]:
                    problems.append(
                        f"{where}: {own}/ includes \"{target}\", of "
                        f"{other}/, which is not below it")
    return problems


def self_test():
    """A tree with each kind of mistake must fail; a clean one must pass."""
    files = {
        "analysis/A.h": '#include "diagnostics/D.h"\n',
        "analysis/A.cpp": '#include "analysis/A.h"\n#include "clang/AST/Expr.h"\n',
        "diagnostics/D.h": "\n",
        "codegen/C.cpp": '#include "analysis/A.h"\n',
    }
    mistakes = {
        "analysis/B.cpp": '#include "codegen/C.h"\n',   # a later phase
        "codegen/C.h": "\n",
        "remarks/R.cpp": '#include "codegen/C.h"\n',    # a sibling phase
        "driver/M.cpp": '#include "A.h"\n',             # a bare name
    }
    with tempfile.TemporaryDirectory() as clean, \
            tempfile.TemporaryDirectory() as dirty:
        for root, tree in ((clean, files), (dirty, {**files, **mistakes})):
            for path, text in tree.items():
                os.makedirs(os.path.join(root, os.path.dirname(path)),
                            exist_ok=True)
                with open(os.path.join(root, path), "w") as f:
                    f.write(text)
        found_clean = check(clean)
        found_dirty = check(dirty)
    expected = ["analysis/B.cpp:1", "remarks/R.cpp:1", "driver/M.cpp:1"]
    ok = not found_clean and all(
        any(p.startswith(e) for p in found_dirty) for e in expected) and \
        len(found_dirty) == len(expected)
    if not ok:
        print("self-test failed: clean tree:", found_clean,
              "tree with mistakes:", found_dirty, file=sys.stderr)
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", help="the translator/ directory")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return 0 if self_test() else 1
    if not args.root:
        parser.error("give the translator/ directory, or --self-test")
    problems = check(args.root)
    for problem in problems:
        print(problem)
    sys.stdout.flush()
    if problems:
        print(f"{len(problems)} include(s) against the floors of "
              "translator/CMakeLists.txt", file=sys.stderr)
        return 1
    print("translator/: every include is by path and goes down the floors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
