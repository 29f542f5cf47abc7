# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The files of a source tree that the licence checks read: what git would
commit (tracked files, and untracked ones that .gitignore does not ignore),
or, where the tree is not a git checkout of its own (a source package), every
file but .git and the top-level build trees."""
import os
import subprocess


def git_files(root):
    """{path: executable} of every file git would commit, with None for an
    untracked file (its mode is the file system's), or None when \\p root is
    not the top of a git work tree."""
    try:
        inside = subprocess.run(["git", "-C", root, "rev-parse", "--show-toplevel"],
                                check=True, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    if os.path.realpath(inside) != os.path.realpath(root):
        return None  # a source tree unpacked inside some other checkout
    staged = subprocess.run(["git", "-C", root, "ls-files", "-s", "-z"], check=True,
                            capture_output=True).stdout.decode()
    files = {}
    for entry in staged.split("\0"):
        if entry:
            info, path = entry.split("\t", 1)
            files[path] = info.split()[0] == "100755"
    others = subprocess.run(["git", "-C", root, "ls-files", "-z", "--others",
                             "--exclude-standard"], check=True,
                            capture_output=True).stdout.decode()
    for path in others.split("\0"):
        if path:
            files[path] = None
    return files


def walked_files(root):
    """{path: None} of every file of \\p root but .git and the top-level
    build trees."""
    files = {}
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        dirnames[:] = [d for d in dirnames
                       if d != ".git" and not (rel_dir == "." and d.startswith("build"))]
        for name in filenames:
            files[os.path.normpath(os.path.join(rel_dir, name))] = None
    return files


def source_files(root):
    """(files, where they came from): git_files, else walked_files."""
    files = git_files(root)
    if files is not None:
        return files, "git (tracked, and untracked but not ignored)"
    return walked_files(root), "a walk of the tree (not a git checkout)"
