#!/usr/bin/env python3
"""Sizes of the product's code: no source file over MAX_FILE lines and no
function over MAX_FUNCTION lines (from its signature to its closing brace),
so every file and function can be read at once.

Functions are found as clang-format lays them out: a definition starts at a
line in column 0 (or, in a class, at its indentation) whose signature has a
parenthesis and ends in a brace block; comments, strings and character
literals are blanked first, so braces inside them do not count.

Usage: sizes.py SOURCE_DIR        check engine/ scripting/ replays/ studio/
       sizes.py --self-test       check that an oversized function is found
"""
import os
import re
import sys

MAX_FILE = 600
MAX_FUNCTION = 80
PRODUCT = ("engine", "scripting", "replays", "studio")
NOT_A_FUNCTION = re.compile(
    r"^\s*(namespace|struct|class|union|enum|extern|using|typedef|template|return|"
    r"if|for|while|switch|do|else|case|default|#)\b")


def blank_literals(text):
    """The text with comments, strings and character literals blanked (their
    newlines kept, so line numbers stay)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (j - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(text):
    """(first line, length, signature) of every function definition."""
    lines = blank_literals(text).split("\n")
    found = []
    i = 0
    while i < len(lines):
        line = lines[i]
        indent = len(line) - len(line.lstrip())
        starts = (line.strip() and not line[indent] in "{}):,;&|+-*/<>=?.[]"
                  and not NOT_A_FUNCTION.match(line) and indent <= 2)
        if not starts:
            i += 1
            continue
        # The signature runs to the first '{' or ';' at parenthesis depth 0.
        head, j, depth, brace = "", i, 0, None
        while j < len(lines) and brace is None:
            for k, ch in enumerate(lines[j]):
                if ch == "(":
                    depth += 1
                elif ch == ")":
                    depth -= 1
                elif depth == 0 and ch in "{;":
                    brace = (j, k) if ch == "{" else False
                    break
            if brace is None:
                head += lines[j] + "\n"
                j += 1
            elif brace:
                head += lines[j][:brace[1]]
        if not brace or "(" not in head or re.search(r"=\s*$|^[^(]*=", head.strip()):
            i = j + 1 if brace is False else i + 1
            continue
        # The body: to the brace that closes it.
        depth, end = 0, None
        for row in range(brace[0], len(lines)):
            start = brace[1] if row == brace[0] else 0
            for ch in lines[row][start:]:
                depth += ch == "{"
                depth -= ch == "}"
                if depth == 0:
                    end = row
                    break
            if end is not None:
                break
        end = len(lines) - 1 if end is None else end
        found.append((i + 1, end - i + 1, " ".join(head.split())[:90]))
        i = end + 1
    return found


def check(root):
    problems = []
    for top in PRODUCT:
        for folder, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if not name.endswith((".cpp", ".h")):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root)
                text = open(path, encoding="utf-8").read()
                count = text.count("\n")
                if count > MAX_FILE:
                    problems.append(f"{rel}: {count} lines (at most {MAX_FILE})")
                for line, length, head in functions(text):
                    if length > MAX_FUNCTION:
                        problems.append(f"{rel}:{line}: a function of {length} lines "
                                        f"(at most {MAX_FUNCTION}): {head}")
    return problems


SAMPLE = '''namespace x {
// a comment with a brace {
int short_one(int a) {
  return a;
}
std::string long_one(const std::string& s,
                     int n) {
  const char* t = "}}}";
''' + "  ++n;\n" * 85 + '''  return s + t;
}
struct S {
  int member(int a) const {
''' + "    ++a;\n" * 81 + '''    return a;
  }
};
const int kTable[] = {
''' + "  1,\n" * 90 + '''};
}  // namespace x
'''


def self_test():
    found = {head.split("(")[0].split()[-1]: length for _, length, head in functions(SAMPLE)}
    expected = {"short_one": 3, "long_one": 90, "member": 84}
    if found != expected:
        print(f"self-test: found {found}, expected {expected}")
        return 1
    print("self-test: the sample's functions and their lengths are found")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    problems = check(sys.argv[1] if len(sys.argv) > 1 else ".")
    for p in problems:
        print(p)
    print(f"{len(problems)} file(s) or function(s) over the limits")
    sys.exit(1 if problems else 0)
