#!/usr/bin/env python3
"""The FFO table: `treebench solve` output (MOVES SCORE NODES MICROS per line, the positions of
an .obf file in order) beside the file's exact scores. argv: OBF SOLVE_OUTPUT FIRST_NUMBER.
Positions the output does not reach are listed as not solved."""
import sys

obf, out, first = sys.argv[1], sys.argv[2], int(sys.argv[3])
want = [l for l in open(obf) if l.strip()]
got = [l.split() for l in open(out) if l.strip() and not l.startswith(("probe", "line"))]
print("| # | empties | exact (file) | found | wrong | nodes | seconds | Mnodes/s |")
print("|---|---|---|---|---|---|---|---|")
tot_n = tot_us = wrong = 0
for i, line in enumerate(want):
    board = line.split()[0]
    empties = board.count("-")
    exact = max(int(f.split(":")[1]) for f in line.split(";")[1:] if ":" in f)
    if i >= len(got):
        print(f"| {first + i} | {empties} | {exact:+d} | not solved in the time | | n/a | n/a | n/a |")
        continue
    score, nodes, us = int(got[i][2]), int(got[i][3]), int(got[i][4])
    bad = score != exact
    wrong += bad
    tot_n += nodes
    tot_us += us
    print(f"| {first + i} | {empties} | {exact:+d} | {score:+d} | {'WRONG' if bad else '0'} "
          f"| {nodes:,} | {us / 1e6:.2f} | {nodes / us:.2f} |")
print()
print(f"{len(got)} of {len(want)} positions solved, {wrong} wrong; {tot_n:,} nodes in "
      f"{tot_us / 1e6:.1f} s ({tot_n / max(tot_us, 1):.2f} Mnodes/s).")
