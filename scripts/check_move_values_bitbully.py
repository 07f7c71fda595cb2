#!/usr/bin/env python3
"""The referee of quality runs against an independent oracle: every legal move's exact score by
`treebench moves` (the exact solver `mtdf` on every child) against BitBully's
`score_all_moves` (book off), on the runner's seeded positions (`treebench positions --game
connect4`), by default 10 a ply at plies 8-20 (130 positions). Prints one line per ply and exits
1 on any difference, 2 when BitBully is missing.

    python3 scripts/check_move_values_bitbully.py [--bin target/release/treebench]
        [--plies 8-20] [--per-ply 10] [--seed 2026]
"""
import argparse
import subprocess
import sys
import time


def positions(binary, ply, seed, count):
    out = subprocess.run(
        [binary, "positions", "--game", "connect4", "--ply", str(ply), "--seed", str(seed),
         "-n", str(count)],
        check=True, capture_output=True, text=True, timeout=600).stdout
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def treebench_values(binary, moves):
    """{column index: score} per position from `treebench moves`."""
    out = subprocess.run([binary, "moves", "--engine", "mtdf", *moves], check=True,
                         capture_output=True, text=True, timeout=3600).stdout
    result = {}
    for line in out.splitlines():
        pos, rest = line.split("\t")
        items = rest.split(" moves ", 1)[1].split()
        result[pos] = {int(m) - 1: int(s) for m, s in (i.split(":") for i in items)}
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/treebench")
    ap.add_argument("--plies", default="8-20")
    ap.add_argument("--per-ply", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    try:
        from bitbully import BitBully, Board
    except ImportError:
        print("BitBully is missing: pip install bitbully (scripts/setup-oracles.sh)",
              file=sys.stderr)
        return 2
    lo, hi = (int(x) for x in a.plies.split("-"))
    agent = BitBully(opening_book=None)
    bad = total = 0
    for ply in range(lo, hi + 1):
        ps = positions(a.bin, ply, a.seed, a.per_ply)
        t0 = time.time()
        ours = treebench_values(a.bin, ps)
        t1 = time.time()
        wrong = 0
        for p in ps:
            agent.reset_transposition_table()
            theirs = agent.score_all_moves(Board([int(c) - 1 for c in p]))
            if ours[p] != dict(theirs):
                wrong += 1
                print(f"DIFFERENT {p}: treebench {sorted(ours[p].items())} "
                      f"bitbully {sorted(theirs.items())}")
        t2 = time.time()
        print(f"ply {ply}: {len(ps)} positions, {wrong} different "
              f"(treebench {t1 - t0:.1f} s, bitbully {t2 - t1:.1f} s)")
        bad += wrong
        total += len(ps)
    print(f"move values: {total} positions, every legal move scored, {bad} different from BitBully")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
