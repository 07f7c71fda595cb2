#!/usr/bin/env python3
"""A stand-in for Pascal Pons' solver's output, for testing `ext:` (the real solver is not run).

Usage: fake_pons.py TREEBENCH_BINARY [--short] [--forget] [--sleep-ms N]

Reads move strings on stdin like Pons' `c4solver` and answers `moves score nodes micros`
(with --short: `moves score`, no time and no nodes, as the real solver prints), keeping the
transposition table from one line to the next as Pons' solver does. The scores come from
`treebench serve` (in `noreset` mode) underneath. --forget resets the table before every
position instead; --sleep-ms N makes every answer take N ms longer (a slow engine).
"""
import subprocess
import sys
import time

binary = sys.argv[1]
args = sys.argv[2:]
short = "--short" in args
forget = "--forget" in args
sleep_s = float(args[args.index("--sleep-ms") + 1]) / 1000 if "--sleep-ms" in args else 0.0
inner = subprocess.Popen([binary, "serve", "--engine", "mtdf"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)
if not forget:
    inner.stdin.write("noreset\n")
    inner.stdin.flush()
    assert inner.stdout.readline().strip() == "ok"
for line in sys.stdin:
    if sleep_s:
        time.sleep(sleep_s)
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
