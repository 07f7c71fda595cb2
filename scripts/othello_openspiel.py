#!/usr/bin/env python3
"""OpenSpiel's `othello` as an independent oracle of treebench's Othello rules.

Plays GAMES seeded uniformly random games (argv: GAMES SEED) and prints one line a position:
`BOARD SIDE<TAB>moves M M ...` (OpenSpiel's legal moves as a1..h8 / pass, sorted) for a position
that goes on, `BOARD X<TAB>over R` for a finished game (R: OpenSpiel's return for Black, +1 / 0 /
-1). BOARD is treebench's text (X Black, O White, - empty, a1 first)."""
import random
import sys

import pyspiel


def board_text(state):
    rows = [l for l in str(state).splitlines() if l[:1].isdigit()]
    cells = "".join("".join(r.split()[1:9]) for r in rows)
    return cells.replace("x", "X").replace("o", "O")


def main():
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    game = pyspiel.load_game("othello")
    out = []
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            side = "X" if s.current_player() == 0 else "O"
            legal = s.legal_actions()
            names = sorted(s.action_to_string(a) for a in legal)
            out.append(f"{board_text(s)} {side}\tmoves {' '.join(names)}")
            s.apply_action(rng.choice(legal))
        out.append(f"{board_text(s)} X\tover {int(round(s.returns()[0]))}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
