#!/usr/bin/env python3
"""Edax (abulmo/edax-reversi) as a treebench engine for Othello: speaks the `ext:` line protocol.

    scripts/setup-edax.sh        # builds Edax and a zero weight file into $EDAX_DIR
    treebench solve -e 'ext[game=othello]:python3 scripts/edax_engine.py' < FILE.obf

`--edax` and `--eval` default to `$EDAX_DIR/edax` and `$EDAX_DIR/eval-zero.dat`, `EDAX_DIR`
to `~/.cache/treebench/edax` (where scripts/setup-edax.sh puts them).

One position a line on stdin, treebench's Othello text (64 squares from a1, `X` `O` `-`, a
space, the side to move: the .obf board format); one answer a line, `SCORE NODES MICROS`: the
exact disc difference for the side to move (empties to the winner), Edax's node count and its
own CPU time for the solve (`cpu =` of its summary line: millisecond resolution, the search
alone, not the process's start or the weights' loading). `reset` and `noreset`
are answered `ok`. A bad position is answered `error MESSAGE`.

Each position is solved by a fresh `edax -solve FILE -l 60 -n THREADS -h HASHBITS` (level 60:
an exact search to the end for every FFO-sized endgame), so nothing is kept from one position
to the next.

Edax's evaluation weights (`eval.dat`) are not in its repository. An exact endgame solve does
not need them for its value, only for move ordering at the shallow plies where Edax sorts moves
by a short evaluated search: with `--eval` a weight file of zeros (`--make-zero-eval PATH`
writes one) the values stay exact but the ordering is worse than the real Edax's, so its times
and node counts are those of **Edax with zero weights**, not of Edax as released.
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile

ROW = re.compile(r"^\s*1\|\s*(\d+)@?\S*\s+([+-]\d+)\s+(\S+)\s+(\d+)")
CPU = re.compile(r"\(cpu =\s*([0-9:.]+)\)")


def make_zero_eval(path):
    """An Edax 4.x evaluation file with every weight 0 (61 plies x 114364 packed weights)."""
    with open(path, "wb") as f:
        f.write(struct.pack("<IIIIId", 0x45444158, 0x4556414C, 4, 6, 0, 0.0))
        f.write(b"\0" * (61 * 114364 * 2))


def seconds(text):
    """Edax's time `M:SS.mmm` or `H:MM:SS.mmm` in seconds."""
    total = 0.0
    for part in text.split(":"):
        total = total * 60 + float(part)
    return total


def solve(args, position):
    board, _, side = position.strip().partition(" ")
    if len(board) != 64 or side not in ("X", "O"):
        return "error not an 8x8 Othello position: want 64 squares, a space, X or O"
    with tempfile.NamedTemporaryFile("w", suffix=".obf", delete=False) as f:
        f.write(f"{board} {side};\n")
        name = f.name
    try:
        cmd = [args.edax, "-eval-file", args.eval, "-solve", name, "-l", "60",
               "-n", str(args.threads), "-h", str(args.hash_bits)]
        out = subprocess.run(cmd, capture_output=True, text=True,
                             cwd=os.path.dirname(os.path.abspath(args.edax)))
    finally:
        os.unlink(name)
    cpu = CPU.search(out.stdout)
    for line in out.stdout.splitlines():
        m = ROW.match(line)
        if m and cpu:
            score, nodes = int(m.group(2)), int(m.group(4))
            return f"{score} {nodes} {seconds(cpu.group(1)) * 1e6:.0f}"
    tail = " ".join((out.stdout + out.stderr).split()[-20:])
    return f"error edax gave no result line (exit {out.returncode}): {tail}"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    home = os.environ.get("EDAX_DIR", os.path.expanduser("~/.cache/treebench/edax"))
    p.add_argument("--edax", default=os.path.join(home, "edax"),
                   help="the Edax binary (src/Makefile's `make build`)")
    p.add_argument("--eval", default=os.path.join(home, "eval-zero.dat"),
                   help="the evaluation weights file (eval.dat, or zeros)")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--hash-bits", type=int, default=22)
    p.add_argument("--make-zero-eval", metavar="PATH", help="write a zero weight file and exit")
    args = p.parse_args()
    if args.make_zero_eval:
        make_zero_eval(args.make_zero_eval)
        return
    for path in (args.edax, args.eval):
        if not os.path.exists(path):
            p.error(f"{path} is missing: run scripts/setup-edax.sh or give --edax and --eval")
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line.strip() in ("reset", "noreset"):
            print("ok", flush=True)
            continue
        print(solve(args, line), flush=True)


if __name__ == "__main__":
    main()
