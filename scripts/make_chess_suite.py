#!/usr/bin/env python3
"""Build treebench's chess reference suite: seeded positions (`treebench positions --game
chess`) whose best move a deep reference search names with a clear margin, written as EPD with
`bm` (SAN), an `id` and a `c0` comment naming the reference. The best moves come from a named
engine at a named depth: a reference, never an oracle (an engine's best move can be wrong).

A position is kept when the reference's best move is a mate, or beats the second-best move
(MultiPV 2) by at least --margin centipawns, and the side to move is not already lost or won
by more than --max-eval centipawns (so the position asks for a decision, not a technique).

    python3 scripts/make_chess_suite.py --bin target/release/treebench \
        --engine /usr/games/stockfish --depth 16 --plies 12,16,20,24,30,40 --per-ply 20 \
        --seed 7 --out experiments/suites/reference.epd
Needs python-chess (pip install chess).
"""
import argparse
import subprocess
import sys

import chess
import chess.engine


def candidates(binary, ply, seed, count):
    out = subprocess.run(
        [binary, "positions", "--game", "chess", "--ply", str(ply), "--seed", str(seed),
         "-n", str(count)],
        check=True, capture_output=True, text=True, timeout=600).stdout
    return [line.split("\t")[1] for line in out.splitlines() if "\t" in line]


def judge(engine, fen, depth, margin, max_eval):
    """(SAN of the best move, gap text) when the position qualifies, else None."""
    board = chess.Board(fen)
    infos = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=2)
    if len(infos) < 2:
        return None
    best, second = infos[0], infos[1]
    s1, s2 = best["score"].relative, second["score"].relative
    move = best["pv"][0]
    if s1.is_mate():
        if s1.mate() <= 0 or (s2.is_mate() and s2.mate() > 0):
            return None  # being mated, or several mates
        return board.san(move), f"mate {s1.mate()}, second best {s2}"
    c1, c2 = s1.score(), s2.score(mate_score=100000)
    if abs(c1) > max_eval or c1 - c2 < margin:
        return None
    return board.san(move), f"{c1} cp, second best {c2} cp"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/treebench")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--plies", default="12,16,20,24,30,40")
    ap.add_argument("--per-ply", type=int, default=20)
    ap.add_argument("--draw", type=int, default=80, help="candidates drawn a ply")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--margin", type=int, default=150)
    ap.add_argument("--max-eval", type=int, default=600)
    ap.add_argument("--out", default="experiments/suites/reference.epd")
    a = ap.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(a.engine)
    engine.configure({"Threads": 1, "Hash": 64})
    name = engine.id.get("name", a.engine)
    lines = [
        f"# treebench chess reference suite: seeded positions (treebench positions --game chess,",
        f"# seed {a.seed}) whose best move {name} at depth {a.depth} (MultiPV 2, 1 thread, 64 MB)",
        f"# names with a margin of {a.margin} cp or more over the second best (or a mate); |eval| <= "
        f"{a.max_eval} cp.",
        "# A reference search, not an oracle: a solve rate here is agreement with that reference.",
        f"# Made by scripts/make_chess_suite.py --depth {a.depth} --plies {a.plies} "
        f"--per-ply {a.per_ply} --draw {a.draw} --seed {a.seed} --margin {a.margin} "
        f"--max-eval {a.max_eval}",
    ]
    kept = 0
    for ply in (int(p) for p in a.plies.split(",")):
        n = 0
        for i, fen in enumerate(candidates(a.bin, ply, a.seed, a.draw)):
            if n == a.per_ply:
                break
            got = judge(engine, fen, a.depth, a.margin, a.max_eval)
            if got is None:
                continue
            san, why = got
            fields = " ".join(fen.split()[:4])
            lines.append(f'{fields} bm {san}; id "tb.p{ply}.{i}"; c0 "{name} depth {a.depth}: {why}";')
            n += 1
        print(f"ply {ply}: {n} positions kept", file=sys.stderr)
        kept += n
    engine.quit()
    with open(a.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {a.out}: {kept} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
