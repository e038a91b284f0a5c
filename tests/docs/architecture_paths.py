#!/usr/bin/env python3
"""Every repository path docs/architecture.md names exists.

    python3 tests/docs/architecture_paths.py SOURCE_DIR

Checked:
  - each word of an inline code span (`engine/game.h`, `zetema rules-table
    --out docs/rules.md`) that looks like a path: it contains a '/' or ends
    in a known extension. A path with a '/' is taken from the repository
    root; a bare file name from the root, then docs/, then anywhere in the
    repository. A '*' is a glob that must match something; `file:line`
    is checked as `file`;
  - each link target ([text](target), images too), relative to docs/, and
    its #anchor: a heading of this page or of the linked Markdown file;
  - each citation of this page in the repository's sources and documents
    (`docs/architecture.md, "Card flow"`, a comment's quote may run over a
    line break): every quoted name is a heading of this page.
Left alone: fenced code blocks (commands, examples), URLs, absolute paths,
build outputs (build/...), a word made only of single letters (`i/n`,
`K/Q`), and a missing path that is a placeholder: a capitalised word
(NAME, FILE), '<', '>', '$', '~' or '...'.

Exits 1 listing each path, anchor or cited heading that is missing, else
prints a one-line summary.
"""
import glob
import os
import re
import sys

DOC = os.path.join("docs", "architecture.md")
EXTENSIONS = (".h", ".cpp", ".lua", ".md", ".json", ".py", ".cmake", ".sh", ".zs",
              ".zgn", ".txt", ".log", ".csv", ".sbatch", ".supp", ".yml", ".yaml",
              ".in", ".ini", ".zrb")
EDGE = "()[]{}\"',;"
CODE_SPAN = re.compile(r"(`+)((?:(?!\n\s*\n).)+?)\1", re.S)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
PLACEHOLDER = re.compile(r"(?<![A-Za-z])[A-Z]{2,}(?![a-z])|[<>$~]|\.\.\.")
SKIP_DIRS = {".git", "build"}
CITING = (".h", ".cpp", ".md", ".cmake", ".lua", ".py", ".sh", ".txt", ".zs")
# The page's name, a comma, then one or more quoted headings joined by
# "and" or "or"; comment markers at the start of a line are dropped first.
CITATION = re.compile(r'docs/architecture\.md`?,\s*((?:"[^"]+"(?:,?\s*(?:and|or)\s*)?)+)')
COMMENT_MARK = re.compile(r"\n[ \t]*(?://+|#+|--)[ \t]?")


def slug(heading):
    """GitHub's anchor for a heading."""
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    """The anchors of a Markdown file's headings (outside fenced blocks)."""
    found, seen, fenced = set(), {}, False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            m = None if fenced else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                base = slug(m.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
    return found


def all_files(root):
    """The file names of the repository, and the paths of those that may cite."""
    names, citing = set(), []
    for top, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        names.update(files)
        citing += [os.path.join(top, f) for f in files if f.endswith(CITING)]
    return names, citing


def citations(path):
    """(line, name) for each heading name a file cites this page by."""
    try:
        with open(path, encoding="utf-8") as f:
            text = COMMENT_MARK.sub("\n", f.read())
    except (UnicodeDecodeError, OSError):
        return []
    found = []
    for m in CITATION.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        for name in re.findall(r'"([^"]+)"', m.group(1)):
            found.append((line, re.sub(r"\s+", " ", name)))
    return found


def looks_like_path(word):
    if "://" in word or word.startswith("/") or word.startswith("-"):
        return False
    if "/" in word:
        parts = [p for p in word.split("/") if p]
        return bool(parts) and not all(len(p) == 1 for p in parts)
    return word.endswith(EXTENSIONS) and not word.startswith(".")


def exists(root, word, file_names):
    if "*" in word or "?" in word:
        base = word if "/" in word else os.path.join("**", word)
        return bool(glob.glob(os.path.join(root, base), recursive=True))
    if "/" in word:
        return os.path.exists(os.path.join(root, word.rstrip("/")))
    return (os.path.exists(os.path.join(root, word))
            or os.path.exists(os.path.join(root, "docs", word)) or word in file_names)


def main():
    if len(sys.argv) != 2:
        print("usage: architecture_paths.py SOURCE_DIR", file=sys.stderr)
        return 2
    root = sys.argv[1]
    doc = os.path.join(root, DOC)
    if not os.path.isfile(doc):
        print(f"{DOC}: missing", file=sys.stderr)
        return 1
    file_names, citing = all_files(root)
    own_anchors = anchors(doc)
    missing, paths, links = [], set(), 0
    # The text outside fenced blocks, those lines blanked so that offsets
    # still give line numbers; a span or link may run over a line break.
    fenced, kept = False, []
    with open(doc, encoding="utf-8") as f:
        for line in f.read().split("\n"):
            fence = line.lstrip().startswith("```")
            kept.append("" if fenced or fence else line)
            fenced = fenced != fence
    text = "\n".join(kept)

    def line_of(match):
        return text.count("\n", 0, match.start()) + 1

    for m in LINK.finditer(text):
        target = m.group(1)
        links += 1
        if "://" in target or target.startswith("mailto:"):
            continue
        path, _, anchor = target.partition("#")
        where = os.path.normpath(os.path.join(root, "docs", path)) if path else doc
        if path and not os.path.exists(where):
            missing.append(f"{DOC}:{line_of(m)}: link ({target}): {path} does not exist")
            continue
        if anchor and where.endswith(".md") and anchor not in (
                own_anchors if where == doc else anchors(where)):
            missing.append(f"{DOC}:{line_of(m)}: link ({target}): no heading #{anchor}")
    for m in CODE_SPAN.finditer(text):
        for word in m.group(2).split():
            word = word.strip(EDGE).rstrip(".")
            word = re.sub(r":\d+$", "", word)
            if not looks_like_path(word) or word.startswith("build/"):
                continue
            if exists(root, word, file_names):
                paths.add(word)
            elif not PLACEHOLDER.search(word):
                missing.append(f"{DOC}:{line_of(m)}: `{word}` does not exist")
    headings = set()
    for line in kept:
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            headings.add(m.group(1))
    cited = 0
    for path in sorted(citing):
        for line, name in citations(path):
            cited += 1
            if name not in headings:
                shown = os.path.relpath(path, root)
                missing.append(f'{shown}:{line}: cites {DOC}, "{name}": no such heading')
    if missing:
        print(f"{DOC} names what the repository does not hold:", file=sys.stderr)
        for m in missing:
            print("  " + m, file=sys.stderr)
        return 1
    print(f"{DOC}: all {len(paths)} paths it names exist; {links} links resolve; "
          f"{cited} citations of it name its headings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
