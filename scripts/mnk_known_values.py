#!/usr/bin/env python3
"""Known values of the 4x3 three-in-a-row game (examples/mnk.rs, game `mnk433`) by a brute
force written apart from treebench: every position up to PLY plies from the empty board with
its exact value for the side to move (100 win, 0 draw, -100 loss), in the known-values format
of `verify --known` (POSITION<TAB>VALUE<TAB>PLY).

    python3 scripts/mnk_known_values.py 3 > experiments/known/mnk433.tsv
"""
import sys
from functools import lru_cache

W, H, K = 4, 3, 3


def lines():
    out = []
    for r in range(H):
        for c in range(W):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(K)]
                if all(0 <= rr < H and 0 <= cc < W for rr, cc in cells):
                    out.append(frozenset(cells))
    return out


LINES = lines()


def won(cells):
    return any(line <= cells for line in LINES)


@lru_cache(maxsize=None)
def value(mine, theirs):
    """Exact value for the side to move owning `mine`; the opponent just moved."""
    if won(theirs):
        return -100
    free = [(r, c) for r in range(H) for c in range(W) if (r, c) not in mine | theirs]
    if not free:
        return 0
    return max(-value(theirs, mine | {m}) for m in free)


def text(x, o):
    rows = []
    for r in reversed(range(H)):  # the top row first
        rows.append("".join("x" if (r, c) in x else "o" if (r, c) in o else "." for c in range(W)))
    return "/".join(rows)


def main(max_ply):
    seen = set()
    frontier = {(frozenset(), frozenset())}
    print("# mnk433 (4x3, three in a row): exact values by scripts/mnk_known_values.py")
    print("# position\tvalue for the side to move\tply")
    for ply in range(max_ply + 1):
        nxt = set()
        for x, o in sorted(frontier, key=lambda p: text(*p)):
            if (x, o) in seen:
                continue
            seen.add((x, o))
            mine, theirs = (x, o) if ply % 2 == 0 else (o, x)
            print(f"{text(x, o)}\t{value(mine, theirs)}\t{ply}")
            if won(theirs):
                continue
            for r in range(H):
                for c in range(W):
                    if (r, c) not in x | o:
                        nxt.add((x | {(r, c)}, o) if ply % 2 == 0 else (x, o | {(r, c)}))
        frontier = nxt


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
