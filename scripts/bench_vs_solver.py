#!/usr/bin/env python3
"""Paired timing of treebench's Connect-4 solver against another solver process, position by
position, on Pascal Pons' test sets and the empty board (issue 36: Steininger's c4).

The other solver is any program that reads one move string per line on stdin (digits 1-7 from
the left, Pons' convention; an empty line is the empty board), clears its state, solves the
position and prints `moves score nodes micros` (micros: its own solve time). This script fetches
and builds nothing: it takes the command (`--other "PATH ARGS"`). For c4 (AGPL, not part of this
repository), a wrapper around c4's `Solver` with 1 thread and a 64 MB table is such a command;
its build is the user's (see docs/measurements.md for the one measured here).

treebench runs as one `treebench solve --engine SPEC` process (table reset before every line,
time measured inside the process). Per position the two go in alternating order; both scores
must equal each other and the set's (the script stops otherwise). Output: a Markdown table per
ply (positions, total milliseconds, speed-up = other's time / treebench's, median per-position
speed-up, node ratio = treebench's nodes / other's, ns per node each) and a line over all plies.

    python3 scripts/bench_vs_solver.py --other "/path/c4solve -t 1 -m 64" \\
        --set benches/data/pons/Test_L1_R2 --every 4 --min-ply 8 --max-ply 14
    python3 scripts/bench_vs_solver.py --other "/path/c4solve -t 2" --engine mtdf:threads=2 \\
        --empty-board --set ''
"""

import argparse
import shlex
import statistics
import subprocess
import sys


class Proc:
    """A line-protocol solver process: one position in, `moves score nodes micros` out."""

    def __init__(self, argv, name):
        self.name = name
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def solve(self, moves):
        self.p.stdin.write(moves + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        f = line.split()
        if len(f) == 3:  # the empty board: no moves field
            f = [""] + f
        if len(f) != 4 or f[0] != moves:
            sys.exit(f"{self.name} answered `{line.strip()}` to `{moves}`")
        return int(f[1]), int(f[2]), float(f[3])

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=60)


def read_set(path, every, lo, hi):
    out = []
    with open(path) as f:
        for i, line in enumerate(f):
            moves, score = line.split()
            if i % every == 0 and lo <= len(moves) <= hi:
                out.append((moves, int(score)))
    return out


def table(rows, other):
    """Markdown rows per ply and over all: rows are (ply, tb_us, tb_nodes, o_us, o_nodes)."""
    print(f"| ply | n | treebench ms | {other} ms | speed-up | median speed-up | node ratio "
          f"| treebench ns/node | {other} ns/node |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    plies = sorted({r[0] for r in rows})
    for key in plies + ["all"]:
        rs = [r for r in rows if key == "all" or r[0] == key]
        tb_us, tb_n = sum(r[1] for r in rs), sum(r[2] for r in rs)
        o_us, o_n = sum(r[3] for r in rs), sum(r[4] for r in rs)
        med = statistics.median(r[3] / r[1] for r in rs if r[1] > 0)
        ns = lambda us, n: f"{1000 * us / n:.0f}" if n else "n/a"
        print(f"| {key} | {len(rs)} | {tb_us / 1000:,.1f} | {o_us / 1000:,.1f} | "
              f"{o_us / tb_us:.2f}x | {med:.2f}x | {tb_n / o_n:.2f} | {ns(tb_us, tb_n)} | "
              f"{ns(o_us, o_n)} |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--other", required=True, help="the other solver's command line")
    ap.add_argument("--name", default="c4", help="the other solver's name in the table")
    ap.add_argument("--bin", default="target/release/treebench")
    ap.add_argument("--engine", default="mtdf")
    ap.add_argument("--set", default="benches/data/pons/Test_L1_R2")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--min-ply", type=int, default=0)
    ap.add_argument("--max-ply", type=int, default=42)
    ap.add_argument("--empty-board", action="store_true")
    a = ap.parse_args()
    tb = Proc([a.bin, "solve", "--engine", a.engine], "treebench")
    other = Proc(shlex.split(a.other), a.name)
    positions = read_set(a.set, a.every, a.min_ply, a.max_ply) if a.set else []
    if a.empty_board:
        positions.append(("", None))
    print(f"treebench `{a.engine}` vs {a.name} `{a.other}`: {len(positions)} positions "
          f"({a.set or 'no set'}, every {a.every}, plies {a.min_ply}-{a.max_ply}"
          f"{', and the empty board' if a.empty_board else ''}); order alternated\n")
    rows = []
    for i, (moves, want) in enumerate(positions):
        first, second = (tb, other) if i % 2 == 0 else (other, tb)
        r1, r2 = first.solve(moves), second.solve(moves)
        t, o = (r1, r2) if first is tb else (r2, r1)
        if t[0] != o[0] or (want is not None and t[0] != want):
            sys.exit(f"scores differ on `{moves}`: treebench {t[0]}, {a.name} {o[0]}, set {want}")
        rows.append((len(moves), t[2], t[1], o[2], o[1]))
        if moves == "":
            print(f"empty board: score {t[0]}; treebench {t[2] / 1e6:.2f} s, {t[1]:,} nodes; "
                  f"{a.name} {o[2] / 1e6:.2f} s, {o[1]:,} nodes\n")
    tb.close()
    other.close()
    rows = [r for r in rows if r[0] > 0]
    if rows:
        table(rows, a.name)
    print("\nEvery score equal to the other solver's and to the set's.")


if __name__ == "__main__":
    main()
