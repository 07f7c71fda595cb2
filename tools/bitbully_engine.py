#!/usr/bin/env python3
"""BitBully as a treebench engine process (line protocol on stdin/stdout).

Each input line is a move string (digits 1..7, Pons' convention; an empty line is the empty
board). The answer is `score nodes micros`: BitBully's score (side to move, 0 draw), its node
counter for this solve, and the solve time in microseconds measured inside this process with
time.perf_counter_ns around the solve call only. Before each position the transposition table
and node counter are reset, unless a line `noreset` turned that off (`reset` turns it back on;
both are answered `ok`; with resets off the node counter still restarts at 0 for each position).
A bad line (bad character, full column, game already over) is answered `error <message>` and the
process keeps serving. Each answer is flushed. EOF exits 0. The opening book is never loaded.
"""

from __future__ import annotations

import argparse
import sys
import time

from bitbully import BitBully, Board

ROWS, COLS = 6, 7


def parse(line: str) -> list[int]:
    """0-based columns of a move string; ValueError with a message on a bad or finished game."""
    heights = [0] * COLS
    grid = [[-1] * ROWS for _ in range(COLS)]
    cols = []
    for i, ch in enumerate(line):
        if ch not in "1234567":
            raise ValueError(f"bad character {ch!r} at move {i + 1} (columns are 1..7)")
        c = ord(ch) - ord("1")
        if heights[c] >= ROWS:
            raise ValueError(f"column {c + 1} is full at move {i + 1}")
        if cols and four_at(grid, cols[-1], heights[cols[-1]] - 1):
            raise ValueError(f"game over: move {i} completed a four-in-a-row")
        grid[c][heights[c]] = i % 2
        heights[c] += 1
        cols.append(c)
    if cols and four_at(grid, cols[-1], heights[cols[-1]] - 1):
        raise ValueError(f"game over: move {len(cols)} completed a four-in-a-row")
    if len(cols) == ROWS * COLS:
        raise ValueError("game over: the board is full")
    return cols


def four_at(grid: list[list[int]], c: int, r: int) -> bool:
    p = grid[c][r]
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        k = 1
        for s in (1, -1):
            cc, rr = c + s * dc, r + s * dr
            while 0 <= cc < COLS and 0 <= rr < ROWS and grid[cc][rr] == p:
                k += 1
                cc, rr = cc + s * dc, rr + s * dr
        if k >= 4:
            return True
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description="BitBully engine process for treebench (line protocol)")
    ap.add_argument("--driver", choices=("mtdf", "negamax", "null_window"), default="mtdf")
    args = ap.parse_args()

    agent = BitBully(opening_book=None)
    solve = getattr(agent, args.driver)
    out = sys.stdout
    reset = True
    for raw in sys.stdin:
        line = raw.strip()
        if line == "noreset":
            reset = False
            out.write("ok\n")
        elif line == "reset":
            reset = True
            out.write("ok\n")
        else:
            try:
                board = Board(parse(line))
            except ValueError as e:
                out.write(f"error {e}\n")
            else:
                if reset:
                    agent.reset_transposition_table()
                agent.reset_node_counter()
                t0 = time.perf_counter_ns()
                score = solve(board)
                t1 = time.perf_counter_ns()
                out.write(f"{score} {agent.get_node_counter()} {(t1 - t0) // 1000}\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
