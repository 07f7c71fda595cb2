#!/usr/bin/env python3
"""Switch ablation on Pons' sets (issue 36): each engine spec solves the same positions, one
`treebench solve` process per spec kept open, the specs' order rotated per position; per spec
the total nodes and time over the positions and both as ratios to the first spec (the base).
Nodes are deterministic; times ran beside whatever else loads the machine, so rounds > 1
repeats the whole pass and the table takes each spec's median total time.

    python3 scripts/solve_switches.py --set benches/data/pons/Test_L1_R2 --every 4 \\
        --min-ply 8 --max-ply 14 mtdf mtdf:etc=off mtdf:evens=off mtdf@/tmp/old/treebench
"""

import argparse
import statistics
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("specs", nargs="+", help="engine specs; the first is the base")
    ap.add_argument("--bin", default="target/release/treebench")
    ap.add_argument("--set", default="benches/data/pons/Test_L1_R2")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--min-ply", type=int, default=0)
    ap.add_argument("--max-ply", type=int, default=42)
    ap.add_argument("--rounds", type=int, default=1)
    a = ap.parse_args()
    positions = []
    with open(a.set) as f:
        for i, line in enumerate(f):
            moves, score = line.split()
            if i % a.every == 0 and a.min_ply <= len(moves) <= a.max_ply:
                positions.append((moves, int(score)))
    # `SPEC@BINARY` runs another build (e.g. the previous default against a new one).
    argv = [[*(s.split("@", 1)[1:] or [a.bin]), "solve", "--engine", s.split("@")[0]]
            for s in a.specs]
    procs = [subprocess.Popen(x, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              bufsize=1) for x in argv]
    nodes = [0] * len(a.specs)
    times = [[0.0] * a.rounds for _ in a.specs]
    for r in range(a.rounds):
        for i, (moves, want) in enumerate(positions):
            k = len(a.specs)
            for j in [(i + r + x) % k for x in range(k)]:
                procs[j].stdin.write(moves + "\n")
                procs[j].stdin.flush()
                f = procs[j].stdout.readline().split()
                if len(f) < 4 or f[0] != moves or int(f[1]) != want:
                    sys.exit(f"{a.specs[j]} answered `{' '.join(f)}` to `{moves}` (set: {want})")
                if r == 0:
                    nodes[j] += int(f[2])
                times[j][r] += float(f[3])
    for p in procs:
        p.stdin.close()
        p.wait()
    t = [statistics.median(x) for x in times]
    print(f"{len(positions)} positions of {a.set} (every {a.every}, plies {a.min_ply}-"
          f"{a.max_ply}), {a.rounds} round(s), every score equal to the set's\n")
    print("| spec | nodes | node ratio | time s | time ratio | ns/node |")
    print("|---|---:|---:|---:|---:|---:|")
    for s, n, x in zip(a.specs, nodes, t):
        print(f"| `{s}` | {n:,} | {n / nodes[0]:.3f} | {x / 1e6:.2f} | {x / t[0]:.3f} | "
              f"{1000 * x / n:.0f} |")


if __name__ == "__main__":
    main()
