#!/usr/bin/env python3
"""Time BitBully on a list of positions, for side-by-side comparison with treebench's solver.

Reads move strings (digits 1..7, Pons' convention; first whitespace-separated field of each line,
extra fields such as a reference score are ignored; blank and `#` lines skipped) from a file or
stdin and prints `moves score nodes micros` per position: the score and node count of the chosen
driver and the median over --repeat solves of the solve time in microseconds
(time.perf_counter_ns around the solve call only). The transposition table and node counter are
reset before every solve; the opening book is off. Bad positions are reported on stderr and
skipped (exit status 1 at the end if there were any).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from bitbully_engine import parse  # noqa: E402  (same move-string checks as the engine process)

from bitbully import BitBully, Board  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input", nargs="?", default="-", help="file of move strings (default stdin)")
    ap.add_argument("--driver", choices=("mtdf", "negamax", "null_window"), default="mtdf")
    ap.add_argument("--repeat", type=int, default=1, help="solves per position; the median time is printed")
    args = ap.parse_args()
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")

    agent = BitBully(opening_book=None)
    solve = getattr(agent, args.driver)
    src = sys.stdin if args.input == "-" else open(args.input)
    bad = 0
    for lineno, raw in enumerate(src, 1):
        if raw.lstrip().startswith("#") or not raw.strip():
            continue
        moves = raw.split()[0]
        try:
            board = Board(parse(moves))
        except ValueError as e:
            print(f"line {lineno}: {moves}: {e}", file=sys.stderr)
            bad += 1
            continue
        times = []
        scores = set()
        nodes = 0
        for _ in range(args.repeat):
            agent.reset_transposition_table()
            agent.reset_node_counter()
            t0 = time.perf_counter_ns()
            score = solve(board)
            t1 = time.perf_counter_ns()
            times.append((t1 - t0) / 1000)
            scores.add(score)
            nodes = agent.get_node_counter()
        if len(scores) != 1:
            print(f"line {lineno}: {moves}: scores differ between repeats: {sorted(scores)}", file=sys.stderr)
            bad += 1
            continue
        print(f"{moves} {score} {nodes} {round(statistics.median(times))}", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
