#!/usr/bin/env python3
"""Check a chess match's PGN (`treebench match --pgn FILE`) with python-chess against its games
file: the same games in the same order, every move legal from the tags' start position, the
same moves (UCI) as the games file's opening and moves, the same players and results, and for
a game the rules ended, python-chess's own verdict on the final position (checkmate, stalemate,
insufficient material, the 50-move rule, threefold repetition).

    python3 scripts/check_pgn.py GAMES.csv GAMES.pgn

Exit 0 when everything agrees, 1 on any difference (each printed), 2 on bad input.
Needs python-chess (pip install chess; scripts/setup-oracles.sh installs it).
"""
import csv
import io
import sys

import chess
import chess.pgn

RULES = {
    "checkmate": lambda b: b.is_checkmate(),
    "stalemate": lambda b: b.is_stalemate(),
    "insufficient material": lambda b: b.is_insufficient_material(),
    "50-move rule": lambda b: b.halfmove_clock >= 100,
    "threefold repetition": lambda b: b.is_repetition(3),
}


def opening_moves(text):
    """The UCI moves of an opening's text (`e2e4 e7e5` or `FEN moves e2e4`)."""
    if "/" in text:
        return text.split(" moves", 1)[1].split() if " moves" in text else []
    return text.split()


def check_game(i, row, game):
    problems = []
    say = lambda m: problems.append(f"game {i + 1} (pair {row['pair']} round {row['round']}): {m}")
    if game.errors:
        say(f"python-chess could not read it: {game.errors[0]}")
        return problems
    h = game.headers
    for tag, col in (("White", "first"), ("Black", "second"), ("Result", "result")):
        if h.get(tag) != row[col]:
            say(f"{tag} {h.get(tag)!r}, games file {row[col]!r}")
    played = [m.uci() for m in game.mainline_moves()]
    expected = opening_moves(row["opening"]) + row["moves"].split()
    if played != expected:
        say(f"moves differ: PGN {' '.join(played)} / games file {' '.join(expected)}")
    if h.get("PlyCount") != str(len(expected)):
        say(f"PlyCount {h.get('PlyCount')}, {len(expected)} moves")
    board = game.end().board()
    if row["termination"] == "rules":
        rule = RULES.get(row["reason"])
        if rule is None:
            say(f"unknown reason {row['reason']!r}")
        elif not rule(board):
            say(f"python-chess does not see {row['reason']!r} at the end ({board.fen()})")
        outcome = board.outcome(claim_draw=True)
        if outcome is None or outcome.result() != row["result"]:
            say(f"python-chess's result {outcome and outcome.result()}, games file {row['result']}")
    elif row["termination"] in ("time", "illegal", "failure") and h.get("Termination") in (None, "normal"):
        say(f"a {row['termination']} forfeit with Termination {h.get('Termination')!r}")
    return problems


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[-3].strip(), file=sys.stderr)
        return 2
    try:
        with open(argv[1], newline="") as f:
            rows = list(csv.DictReader(f))
        with open(argv[2]) as f:
            text = f.read()
    except OSError as e:
        print(f"check_pgn: {e}", file=sys.stderr)
        return 2
    stream = io.StringIO(text)
    games = []
    while (g := chess.pgn.read_game(stream)) is not None:
        games.append(g)
    problems = []
    if len(games) != len(rows):
        problems.append(f"{len(games)} games in the PGN, {len(rows)} rows in the games file")
    for i, (row, game) in enumerate(zip(rows, games)):
        problems += check_game(i, row, game)
    for p in problems:
        print(f"check_pgn: {p}")
    ends = {}
    for r in rows:
        ends[r["reason"]] = ends.get(r["reason"], 0) + 1
    print(f"check_pgn: {len(games)} games read by python-chess {chess.__version__}; "
          f"{len(problems)} differences; endings: {dict(sorted(ends.items()))}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
