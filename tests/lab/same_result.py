#!/usr/bin/env python3
"""Compares two zetema lab results (JSON): every field the same, the games
exactly, each real number within a relative 1e-9 (the intervals' last digits
depend on how the sums of squares are rounded, docs/lab.md). Exit 1 with the
first difference."""
import json
import math
import sys


def same(a, b, path):
    if isinstance(a, float) or isinstance(b, float):
        if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
            return f"{path}: {a!r} != {b!r}"
        if math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12):
            return None
        return f"{path}: {a!r} != {b!r}"
    if type(a) is not type(b):
        return f"{path}: {a!r} != {b!r}"
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"{path}: keys {list(a)} != {list(b)}"
        for k in a:
            why = same(a[k], b[k], f"{path}.{k}")
            if why:
                return why
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} entries != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            why = same(x, y, f"{path}[{i}]")
            if why:
                return why
        return None
    return None if a == b else f"{path}: {a!r} != {b!r}"


def main():
    with open(sys.argv[1]) as f:
        a = json.load(f)
    with open(sys.argv[2]) as f:
        b = json.load(f)
    # The engine's version changes with releases, not with the lab.
    a.pop("engine", None)
    b.pop("engine", None)
    if a.get("games") != b.get("games"):
        print("the games differ")
        return 1
    why = same(a, b, "$")
    if why:
        print(why)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
