#!/usr/bin/env python3
"""A stand-in for Pascal Pons' solver's output, for testing `ext:` (the real solver is not run).

Usage: fake_pons.py TREEBENCH_BINARY [--short]

Reads move strings on stdin like Pons' `c4solver` and answers `moves score nodes micros`
(with --short: `moves score`), keeping the transposition table from one line to the next as
Pons' solver does. The scores come from `treebench serve` (in `noreset` mode) underneath.
"""
import subprocess
import sys

binary = sys.argv[1]
short = "--short" in sys.argv[2:]
inner = subprocess.Popen([binary, "serve", "--engine", "mtdf"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)
inner.stdin.write("noreset\n")
inner.stdin.flush()
assert inner.stdout.readline().strip() == "ok"
for line in sys.stdin:
    moves = line.strip()
    inner.stdin.write(moves + "\n")
    inner.stdin.flush()
    answer = inner.stdout.readline().split()
    if answer[0] == "error":
        # Pons' solver prints `Invalid move` on stderr and an empty result line.
        print(f"Line: Invalid move {moves}", file=sys.stderr)
        print(f"{moves} error")
    elif short:
        print(f"{moves} {answer[0]}")
    else:
        print(f"{moves} {answer[0]} {answer[1]} {answer[2]}")
    sys.stdout.flush()
