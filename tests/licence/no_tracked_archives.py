#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The tree holds no archive and no binary by mistake.

Usage: no_tracked_archives.py <source dir>

The files are those git would commit: tracked ones, and untracked ones that
.gitignore does not ignore (what `git add -A` would pick up next). Where the
tree is not a git checkout (a source package), every file, but .git and
build trees. A file fails when:
  - its name is an archive's or a build product's (*.tar*, *.zip, *.gz, *.xz,
    *.bz2, *.zst, *.7z, *.so, *.so.N, *.a, *.o, ...);
  - its content is: ELF, an ar archive, gzip, xz, bzip2, zstd, zip, 7z;
  - it is binary (a NUL byte in its first 8 KiB);
  - it has the executable bit and is not a script (does not start with #!).
ALLOWED below lists the exceptions, each with its reason; keep it short.
"""
import fnmatch
import os
import re
import stat
import sys

sys.dont_write_bytecode = True  # nothing written into the source tree
from tree_files import source_files  # noqa: E402

# (glob on the path relative to the source dir, reason). Add an entry only
# for a file that must be in the tree as it is, never for scratch.
ALLOWED = [
    ("docs/images/*.png",
     "figures that docs/*.md show; made by bench/plot_sizes.py from bench/results"),
    ("third_party/minibude/data/bm[12]/*.in",
     "miniBUDE's input decks, upstream's binary files as main.cpp reads them"
     " (third_party/minibude/README.md); samples/minibude and bench/minibude run them"),
]

ARCHIVE_NAME = re.compile(
    r"\.(tar|tgz|tbz2?|txz|zip|gz|xz|bz2|zst|lz4|lzma|7z|rar|jar|whl|deb|rpm|"
    r"so|a|o|obj|lib|dll|dylib|exe|pyc|pyo|cubin|fatbin|ptx|hsaco)$"
    r"|\.tar\.[^/]*$|\.so\.[0-9][^/]*$", re.IGNORECASE)

MAGIC = [
    (b"\x7fELF", "an ELF file"),
    (b"!<arch>\n", "an ar archive (static library)"),
    (b"\x1f\x8b", "gzip data"),
    (b"\xfd7zXZ\x00", "xz data"),
    (b"BZh", "bzip2 data"),
    (b"\x28\xb5\x2f\xfd", "zstd data"),
    (b"PK\x03\x04", "a zip archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7z archive"),
    (b"\xcf\xfa\xed\xfe", "a Mach-O file"),
    (b"MZ", None),  # a PE file only with its "PE\0\0" header; checked below
]


def problems(root, rel, executable):
    path = os.path.join(root, rel)
    if os.path.islink(path) or not os.path.isfile(path):
        return []
    found = []
    if ARCHIVE_NAME.search(rel):
        found.append("an archive's or build product's name")
    with open(path, "rb") as f:
        head = f.read(8192)
    kind = None
    for magic, what in MAGIC:
        if head.startswith(magic):
            if what is None:
                offset = int.from_bytes(head[0x3c:0x40], "little") if len(head) >= 0x40 else -1
                if 0 <= offset <= len(head) - 4 and head[offset:offset + 4] == b"PE\0\0":
                    kind = "a PE (Windows) executable"
            else:
                kind = what
            break
    if kind is None and b"\0" in head:
        kind = "binary content (a NUL byte in its first 8 KiB)"
    if kind:
        found.append(kind)
    if executable is None:
        executable = bool(os.stat(path).st_mode & (stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH))
    if executable and not head.startswith(b"#!"):
        found.append("the executable bit without a #! line")
    return found


def main(argv):
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = argv[0]
    files, source = source_files(root)
    bad = 0
    allowed = 0
    for rel in sorted(files):
        found = problems(root, rel, files[rel])
        if not found:
            continue
        reason = next((why for pattern, why in ALLOWED if fnmatch.fnmatch(rel, pattern)), None)
        if reason:
            allowed += 1
            print(f"allowed: {rel} ({', '.join(found)}): {reason}")
            continue
        bad += 1
        print(f"{rel}: error: {', '.join(found)}; remove it (scratch goes under /scratch/,"
              " which git ignores), or, if it must be in the tree, add it to ALLOWED in"
              " tests/licence/no_tracked_archives.py with its reason")
    print(f"no_tracked_archives.py: {len(files)} files from {source}, {allowed} allowed, "
          f"{bad} wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
