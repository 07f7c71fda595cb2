#!/usr/bin/env python3
"""OpenSpiel's `connect_four` and `tic_tac_toe` as independent oracles of treebench's rules.

argv: GAME GAMES SEED (GAME: connect4 or tictactoe). Plays GAMES seeded uniformly random games
and prints one line a position: `MOVES<TAB>moves M M ...` (OpenSpiel's legal moves in
treebench's text: Connect-4 columns 1-7, tic-tac-toe cells 1-9, action + 1, sorted) for a
position that goes on, `MOVES<TAB>over R` for a finished game (R: OpenSpiel's return for the
first player, +1 / 0 / -1). MOVES is the move string from the start."""
import random
import sys

import pyspiel

NAMES = {"connect4": "connect_four", "tictactoe": "tic_tac_toe"}


def main():
    name, games, seed = NAMES[sys.argv[1]], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    game = pyspiel.load_game(name)
    out = []
    for _ in range(games):
        s, moves = game.new_initial_state(), ""
        while not s.is_terminal():
            legal = s.legal_actions()
            out.append(f"{moves}\tmoves {' '.join(sorted(str(a + 1) for a in legal))}")
            a = rng.choice(legal)
            s.apply_action(a)
            moves += str(a + 1)
        out.append(f"{moves}\tover {int(round(s.returns()[0]))}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
