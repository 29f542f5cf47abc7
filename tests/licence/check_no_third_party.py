#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Nothing of third_party/ in an installed or packaged tree.

Usage: check_no_third_party.py [--folder-names] <source dir> <tree>
                               [--require <path>]... [--absent <path>]...

<tree> is an install prefix, an unpacked .deb or an unpacked source package.
Fails when a file of <tree>
  - has a path with a component named third_party, or, with --folder-names
    (for installs, where no sample is), named as one of the folders of
    <source dir>/third_party/ (tealeaf, ...): it comes from there by name;
  - has the content (sha256) of a non-empty file of <source dir>/third_party/:
    it comes from there by content, whatever it is called;
or when a --require path (relative to <tree>) is not a file, or an --absent
path exists.
"""
import argparse
import hashlib
import os
import sys


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def files_under(root):
    for dirpath, _, filenames in os.walk(root):
        for name in filenames:
            path = os.path.join(dirpath, name)
            yield os.path.relpath(path, root), path


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source")
    parser.add_argument("tree")
    parser.add_argument("--require", action="append", default=[])
    parser.add_argument("--absent", action="append", default=[])
    parser.add_argument("--folder-names", action="store_true")
    args = parser.parse_args(argv)

    third_party = os.path.join(args.source, "third_party")
    if not os.path.isdir(third_party):
        print(f"check_no_third_party.py: error: {third_party} is not a folder")
        return 2
    names = {"third_party"}
    if args.folder_names:
        names |= {d for d in os.listdir(third_party)
                  if os.path.isdir(os.path.join(third_party, d))}
    theirs = {}
    for rel, path in files_under(third_party):
        if os.path.isfile(path) and not os.path.islink(path) and os.path.getsize(path) > 0:
            theirs.setdefault(sha256(path), os.path.join("third_party", rel))

    errors = []
    count = 0
    for rel, path in sorted(files_under(args.tree)):
        count += 1
        parts = rel.split(os.sep)
        by_name = [p for p in parts if p in names]
        if by_name:
            errors.append(f"{rel}: error: its path names '{by_name[0]}', a third_party/ folder")
        if os.path.isfile(path) and not os.path.islink(path) and os.path.getsize(path) > 0:
            match = theirs.get(sha256(path))
            if match:
                errors.append(f"{rel}: error: the same bytes as {match}")
    for rel in args.require:
        if not os.path.isfile(os.path.join(args.tree, rel)):
            errors.append(f"{rel}: error: missing (it must be in every install and package)")
    for rel in args.absent:
        if os.path.lexists(os.path.join(args.tree, rel)):
            errors.append(f"{rel}: error: present (it must be left out)")
    for line in errors:
        print(line)
    print(f"check_no_third_party.py: {args.tree}: {count} files against {len(theirs)} of "
          f"third_party/ ({', '.join(sorted(names))}): {len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
