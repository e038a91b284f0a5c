#!/usr/bin/env python3
"""Every rule decision the product cites is written down in docs/decisions.md.

Usage: decisions_cited.py SOURCE_DIR

Scans the product and variant files for citations of rule decisions (D1 to
D99, alone as in "D12", in lists as in "D4, D24", or as ranges as in "D3-D8",
where both ends and everything between are cited) and fails, listing
file:line and the decision, when a cited Dn has no "## Dn" heading in
docs/decisions.md. It also fails when a file still points at a rules or
design document outside the repository (DECISIONS.md, rules/DECISIONS,
DESIGN.md, ../shared). Exit 0 with a one-line summary when all is well.
"""
import os
import re
import sys

SCANNED_DIRS = ["engine", "scripting", "replays", "studio", "variants", "tools", "tests", "docs"]
SCANNED_FILES = ["README.md"]
EXTENSIONS = (".cpp", ".h", ".lua", ".md", ".zs", ".cmake")
NAMES = ("CMakeLists.txt",)
SKIPPED_DIRS = {"build", ".git"}
DOC = os.path.join("docs", "decisions.md")

# A decision: D and one or two digits, no leading zero, standing alone as a
# word ("D800", "QD", "10D", "D3D" are not decisions). A range is two of them
# joined by a hyphen or an en dash, the second D optional ("D3-D8", "D3-8").
DECISION = r"\bD([1-9][0-9]?)\b"
RANGE = re.compile(r"\bD([1-9][0-9]?)\s*[-\u2013]\s*D?([1-9][0-9]?)\b")
SINGLE = re.compile(DECISION)
HEADING = re.compile(r"^##\s+D([1-9][0-9]?)(?:[\s:]|$)")

# References to documents that do not live in the repository.
OUTSIDE = re.compile(r"DECISIONS\.md|rules/DECISIONS|DESIGN\.md|\.\./shared")


def scanned_files(root):
    for name in SCANNED_FILES:
        path = os.path.join(root, name)
        if os.path.isfile(path):
            yield name
    for top in SCANNED_DIRS:
        base = os.path.join(root, top)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS)
            for f in sorted(filenames):
                if not (f.endswith(EXTENSIONS) or f in NAMES):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, f), root)
                if rel == DOC:
                    continue
                yield rel


def citations(line):
    """The decision numbers a line cites, ranges expanded."""
    found = []
    covered = []
    for m in RANGE.finditer(line):
        lo, hi = int(m.group(1)), int(m.group(2))
        if lo <= hi:
            found.extend(range(lo, hi + 1))
        else:  # a reversed range: cite both ends as written
            found.extend([lo, hi])
        covered.append((m.start(), m.end()))
    for m in SINGLE.finditer(line):
        if any(a <= m.start() < b for a, b in covered):
            continue
        found.append(int(m.group(1)))
    return found


def main(argv):
    if len(argv) != 2:
        print("usage: decisions_cited.py SOURCE_DIR", file=sys.stderr)
        return 2
    root = argv[1]
    doc = os.path.join(root, DOC)
    try:
        with open(doc, encoding="utf-8") as f:
            headings = {int(m.group(1)) for m in map(HEADING.match, f) if m}
    except OSError as e:
        print(f"{DOC}: cannot read it: {e}")
        return 1

    missing = []  # (file, line, n)
    outside = []  # (file, line, text)
    cited = {}  # n -> count
    total = 0
    for rel in scanned_files(root):
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                for n in citations(line):
                    total += 1
                    cited[n] = cited.get(n, 0) + 1
                    if n not in headings:
                        missing.append((rel, number, n))
                for m in OUTSIDE.finditer(line):
                    outside.append((rel, number, m.group(0)))

    if missing or outside:
        for rel, number, n in missing:
            print(f"{rel}:{number}: cites D{n}, which has no '## D{n}' heading in {DOC}")
        for rel, number, what in outside:
            print(f"{rel}:{number}: refers to '{what}', a document outside the repository "
                  f"(point at {DOC} or docs/architecture.md instead)")
        print(f"FAILED: {len(missing)} citation(s) of a decision not in {DOC}, "
              f"{len(outside)} reference(s) to a document outside the repository")
        return 1
    print(f"ok: {total} citations of {len(cited)} decisions "
          f"(D{min(cited) if cited else 0}-D{max(cited) if cited else 0}), "
          f"all with a heading among the {len(headings)} in {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
