#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that the documentation names only what exists (tests/docs/CMakeLists.txt).

Usage: check_docs.py ROOT [--only map|links|quotes]... [--quote-source PATH=FILE]...

map     Every repository path that README.md's "Where things are" table names
        exists: a path in backticks, or a bare file name, resolved against the
        repository root or else against the folders of the paths named before
        it in the same row ("codegen/X.cpp" after "translator/analysis/...";
        "Y.cpp" after "translator/codegen/X.cpp"); a trailing "/" must be a
        folder; "*" and "{a,b}" must match something. Paths under
        third_party/ count only where the tree has it (a source package
        leaves it out). The table must also name
        every benchmark source (bench/**/*.cu, bench/*_bench.cpp) and every
        clause of translator/pragmas/ClauseParser.cpp's table.
links   Every relative link in README.md and docs/*.md, [text](target) outside
        code, points into the repository at a file or folder that exists, and
        its "#anchor", where it has one and the target is Markdown, at one of
        that page's headings (GitHub's anchors).
quotes  A code block right after a line "<!-- quoted from PATH -->" is PATH
        abridged: its lines, where no line "..." stands between them, are
        consecutive lines of PATH, in the same order and spelled the same.
        --quote-source PATH=FILE reads FILE in place of PATH (to check against
        a fresh translation before the golden files are regenerated).

Prints one line per problem and exits 1 if there is any, else prints what it
checked and exits 0.
"""
import argparse
import glob
import os
import re
import sys
import unicodedata
from urllib.parse import unquote

FENCE = re.compile(r"^\s*(```+|~~~+)")
PATH_TOKEN = re.compile(r"^[A-Za-z0-9_*{][A-Za-z0-9_.*{},/+-]*$")
FILE_SUFFIX = re.compile(r"\.(cpp|h|cu|hip|def|mustache|cmake|py|sh|md|txt|in|json|png)$")


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def outside_code(lines):
    """(line number, text) of the lines outside fenced code blocks."""
    fence = None
    for number, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if m:
            marker = m.group(1)[0] * 3
            if fence is None:
                fence = marker
            elif line.strip().startswith(fence):
                fence = None
            continue
        if fence is None:
            yield number, line


def without_code_spans(text):
    return re.sub(r"(`+)(.+?)\1", " ", text)


def expand_braces(pattern):
    m = re.search(r"\{([^{}]*)\}", pattern)
    if not m:
        return [pattern]
    out = []
    for choice in m.group(1).split(","):
        out += expand_braces(pattern[: m.start()] + choice + pattern[m.end():])
    return out


def matches(root, relative):
    """The repository paths that `relative` (maybe a pattern) names, or []."""
    if relative.startswith("/") or ".." in relative.split("/"):
        return []
    found = []
    for pattern in expand_braces(relative):
        folder = pattern.endswith("/")
        full = os.path.join(root, pattern.rstrip("/"))
        hits = glob.glob(full) if any(c in pattern for c in "*?[") else [full]
        for hit in hits:
            if (os.path.isdir(hit) if folder else os.path.exists(hit)):
                found.append(os.path.relpath(hit, root))
        if not any(True for h in hits if os.path.exists(h)):
            return []
    return found


def left_out(root, relative):
    """Whether `relative` is under third_party/ in a tree without it (a source
    package leaves third_party/ out; samples/CMakeLists.txt skips TeaLeaf)."""
    return relative.split("/")[0] == "third_party" and not os.path.isdir(os.path.join(root, "third_party"))


def split_row(line):
    cells = re.split(r"(?<!\\)\|", line.strip())
    return [c.strip() for c in cells[1:-1]]


def check_map(root, problems):
    readme = os.path.join(root, "README.md")
    lines = read_lines(readme)
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == "## Where things are")
    except StopIteration:
        problems.append("README.md: no '## Where things are' section")
        return 0
    rows = []
    for number in range(start + 1, len(lines)):
        line = lines[number]
        if line.startswith("|"):
            rows.append((number + 1, line))
        elif rows:
            break
    named = set()
    tokens_seen = set()
    checked = 0
    for number, line in rows[2:]:  # the header and its rule
        context = []  # folders of the paths named so far in this row
        for cell in split_row(line):
            for token in re.findall(r"`([^`]+)`", cell):
                token = token.replace("\\|", "|")
                tokens_seen.add(token)
                if not PATH_TOKEN.match(token) or not ("/" in token or FILE_SUFFIX.search(token.rstrip("/"))):
                    continue
                skipped = [t for t in [token] + [os.path.join(f, token) for f in reversed(context)]
                           if left_out(root, t)]
                if skipped:
                    # Not in this tree; what the row names after it is not either.
                    context.append(os.path.dirname(skipped[0].rstrip("/")) if not token.endswith("/")
                                   else skipped[0].rstrip("/"))
                    continue
                checked += 1
                hits = matches(root, token)
                base = ""
                if not hits:
                    for folder in reversed(context):
                        hits = matches(root, os.path.join(folder, token))
                        if hits:
                            base = folder
                            break
                if not hits:
                    problems.append(f"README.md:{number}: the map names `{token}`, which does not exist"
                                    f" (tried from the root{' and ' + ', '.join(reversed(context)) if context else ''})")
                    continue
                named.update(hits)
                resolved = os.path.join(base, token).rstrip("/")
                folder = resolved if token.endswith("/") else os.path.dirname(resolved)
                # The folder of this path and the folders above it, nearest last.
                parts = [p for p in folder.split("/") if p and not any(c in p for c in "*{")]
                for depth in range(1, len(parts) + 1):
                    f = "/".join(parts[:depth])
                    if f in context:
                        context.remove(f)
                    context.append(f)
    # Every benchmark source is in the map.
    benches = sorted(set(glob.glob(os.path.join(root, "bench", "**", "*.cu"), recursive=True))
                     | set(glob.glob(os.path.join(root, "bench", "*_bench.cpp"))))
    for path in benches:
        relative = os.path.relpath(path, root)
        if relative not in named:
            problems.append(f"README.md: the map does not name the benchmark {relative}")
    # Every clause of the clause table is in the map.
    parser = os.path.join(root, "translator", "pragmas", "ClauseParser.cpp")
    clauses = []
    if os.path.exists(parser):
        text = open(parser, encoding="utf-8").read()
        table = re.search(r"const ClauseInfo Clauses\[\] = \{(.*?)\n\};", text, re.S)
        clauses = re.findall(r'\{"(\w+)", "', table.group(1)) if table else []
        if not clauses:
            problems.append("translator/pragmas/ClauseParser.cpp: no clause table found (Clauses[])")
        names = {re.match(r"\w+", t).group(0) for t in tokens_seen if re.match(r"\w+", t)}
        for clause in clauses:
            if clause not in names:
                problems.append(f"README.md: the map does not name the clause `{clause}` "
                                f"of translator/pragmas/ClauseParser.cpp")
    return checked, len(benches), len(clauses)


def slug(heading):
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links: their text
    text = text.replace("`", "").strip().lower()
    text = "".join(c for c in text
                   if c in " -_" or unicodedata.category(c)[0] in "LMN" or unicodedata.category(c) == "Pc")
    return text.replace(" ", "-")


def anchors_of(path, cache):
    if path not in cache:
        seen = {}
        found = set()
        for _, line in outside_code(read_lines(path)):
            m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                base = slug(m.group(1))
                n = seen.get(base, 0)
                found.add(base if n == 0 else f"{base}-{n}")
                seen[base] = n + 1
            for explicit in re.findall(r'<a\s+(?:name|id)="([^"]+)"', line):
                found.add(explicit)
        cache[path] = found
    return cache[path]


def check_links(root, problems):
    pages = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    cache = {}
    checked = 0
    for page in pages:
        name = os.path.relpath(page, root)
        for number, line in outside_code(read_lines(page)):
            for target in re.findall(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)",
                                     without_code_spans(line)):
                if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target):
                    continue  # https:, mailto:
                checked += 1
                path, _, anchor = target.partition("#")
                full = os.path.normpath(os.path.join(os.path.dirname(page), unquote(path))) if path else page
                if os.path.relpath(full, root).startswith(".."):
                    problems.append(f"{name}:{number}: link ({target}) leaves the repository")
                    continue
                if not os.path.exists(full) and not left_out(root, os.path.relpath(full, root)):
                    problems.append(f"{name}:{number}: link ({target}): {os.path.relpath(full, root)} does not exist")
                    continue
                if anchor and full.endswith(".md") and os.path.isfile(full):
                    if unquote(anchor) not in anchors_of(full, cache):
                        problems.append(f"{name}:{number}: link ({target}): no heading of "
                                        f"{os.path.relpath(full, root)} has the anchor #{anchor}")
    return checked, len(pages)


def check_quotes(root, problems, overrides):
    pages = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    checked = 0
    for page in pages:
        name = os.path.relpath(page, root)
        lines = read_lines(page)
        for i, line in enumerate(lines):
            m = re.match(r"^\s*<!--\s*quoted from (\S+)\s*-->\s*$", line)
            if not m:
                continue
            source = m.group(1)
            if i + 1 >= len(lines) or not FENCE.match(lines[i + 1]):
                problems.append(f"{name}:{i + 1}: 'quoted from {source}' is not right before a code block")
                continue
            source_path = overrides.get(source, os.path.join(root, source))
            if not os.path.isfile(source_path):
                problems.append(f"{name}:{i + 1}: quoted from {source}, which does not exist")
                continue
            original = [l.rstrip() for l in read_lines(source_path)]
            block = []
            for j in range(i + 2, len(lines)):
                if FENCE.match(lines[j]):
                    break
                block.append((j + 1, lines[j].rstrip()))
            checked += 1
            # Runs of lines between "..." lines; each run is consecutive in the
            # source, after the previous run.
            runs, run = [], []
            for number, text in block:
                if text.strip() == "...":
                    if run:
                        runs.append(run)
                    run = []
                else:
                    run.append((number, text))
            if run:
                runs.append(run)
            position = 0
            for run in runs:
                texts = [t for _, t in run]
                found = None
                for k in range(position, len(original) - len(texts) + 1):
                    if original[k:k + len(texts)] == texts:
                        found = k
                        break
                if found is None:
                    # Name the first line that breaks the run.
                    first = next((k for k in range(position, len(original)) if original[k] == texts[0]), None)
                    if first is None:
                        problems.append(f"{name}:{run[0][0]}: quoted from {source}, which has no such line"
                                        f" (after line {position}): {texts[0].strip()[:100]}")
                    else:
                        bad = next(n for n, (ln, t) in enumerate(run)
                                   if first + n >= len(original) or original[first + n] != t)
                        theirs = original[first + bad].strip()[:100] if first + bad < len(original) else "(its end)"
                        problems.append(f"{name}:{run[bad][0]}: quoted from {source}, but its line "
                                        f"{first + bad + 1} reads {theirs!r} where this block has "
                                        f"{run[bad][1].strip()[:100]!r} (a left-out part needs a line '...')")
                    break
                position = found + len(texts)
    return checked


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root")
    ap.add_argument("--only", action="append", choices=["map", "links", "quotes"])
    ap.add_argument("--quote-source", action="append", default=[], metavar="PATH=FILE")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    parts = args.only or ["map", "links", "quotes"]
    overrides = {}
    for item in args.quote_source:
        path, _, file = item.partition("=")
        overrides[path] = os.path.abspath(file)
    problems = []
    said = []
    if "map" in parts:
        paths, benches, clauses = check_map(root, problems)
        said.append(f"{paths} paths of the README map, {benches} benchmarks and {clauses} clauses in it")
    if "links" in parts:
        links, pages = check_links(root, problems)
        said.append(f"{links} relative links in {pages} pages")
    if "quotes" in parts:
        said.append(f"{check_quotes(root, problems, overrides)} quoted code blocks")
    for p in problems:
        print(p)
    if problems:
        print(f"check_docs: {len(problems)} problem(s)")
        return 1
    print("check_docs: ok: " + "; ".join(said))
    return 0


if __name__ == "__main__":
    sys.exit(main())
