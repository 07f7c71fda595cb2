#!/usr/bin/env python3
"""Othello switch ablation on FFO positions: each engine spec solves each position in its own
process (scripts/ffo_each.sh: `solve` checks the published score, exit 3 on a difference), the
specs' order rotated per position; a Markdown table per position and in total of nodes and
user CPU seconds, each as a ratio to the first spec (the base). Nodes are exact; CPU seconds
include the process's start and its table's allocation.

    python3 scripts/ffo_switches.py --file experiments/data/othello/fforum-40-59.obf \\
        --first 40 --numbers 40 41 42 43 44 -- BASE_SPEC BASE_SPEC,stable=on ...
"""

import argparse
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", required=True)
    ap.add_argument("--first", type=int, required=True)
    ap.add_argument("--numbers", type=int, nargs="+", required=True)
    ap.add_argument("specs", nargs="+", help="engine specs; the first is the base")
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    res = {}  # (spec, number) -> (nodes, cpu)
    for k, n in enumerate(a.numbers):
        order = a.specs[k % len(a.specs):] + a.specs[: k % len(a.specs)]
        for spec in order:
            out = subprocess.run(
                [f"{here}/ffo_each.sh", spec, a.file, str(a.first), str(n)],
                capture_output=True, text=True, check=True,
            ).stdout.split("\t")
            rc = out[2]
            if rc != "rc=0":
                sys.exit(f"#{n} {spec}: {rc} (3: a score differs from the file's)")
            nodes = int(out[3].split()[1])
            cpu = float(out[4].split()[0])
            res[(spec, n)] = (nodes, cpu)
            print(f"#{n}\t{spec}\t{nodes}\t{cpu}", file=sys.stderr)
    base = a.specs[0]
    print("| spec | " + " | ".join(f"#{n} nodes | #{n} CPU s" for n in a.numbers)
          + " | total nodes | total CPU s | nodes / base | CPU / base |")
    print("|---" * (2 * len(a.numbers) + 5) + "|")
    tb = (sum(res[(base, n)][0] for n in a.numbers), sum(res[(base, n)][1] for n in a.numbers))
    for spec in a.specs:
        cells = []
        for n in a.numbers:
            cells += [f"{res[(spec, n)][0]:,}", f"{res[(spec, n)][1]:.2f}"]
        t = (sum(res[(spec, n)][0] for n in a.numbers), sum(res[(spec, n)][1] for n in a.numbers))
        print(f"| `{spec}` | " + " | ".join(cells)
              + f" | {t[0]:,} | {t[1]:.1f} | {t[0] / tb[0]:.3f} | {t[1] / tb[1]:.3f} |")


if __name__ == "__main__":
    main()
