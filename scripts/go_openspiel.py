#!/usr/bin/env python3
"""OpenSpiel's `go` as an independent oracle of treebench's Go rules.

Plays GAMES seeded uniformly random games on the SIZE x SIZE board (argv: GAMES SEED SIZE; komi
0.5, OpenSpiel's default cap of 2 x SIZE^2 plies) and prints one line a position:
`go:SIZE M M ...<TAB>moves M M ...` (the moves so far, then OpenSpiel's legal moves in GTP
coordinates, `A1`.. and `pass`, sorted) for a position that goes on, `go:SIZE M ...<TAB>over R`
for a finished game (R: OpenSpiel's return for Black, +1 or -1). OpenSpiel forbids suicide and
has the simple ko rule only (no superko): where it allows a move that positional superko
refuses, treebench's test says so. `perft SIZE DEPTH` prints the leaf counts of the game tree
from the empty board at depths 1..DEPTH instead."""
import random
import sys

import pyspiel


def name(state, action):
    word = state.action_to_string(action).split()[1]
    return "pass" if word.upper() == "PASS" else word.upper()


def perft(state, depth):
    """Leaves of the tree `depth` plies deep (a finished game is one leaf wherever it ends)."""
    if depth == 0 or state.is_terminal():
        return 1
    n = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        n += perft(child, depth - 1)
    return n


def main():
    if sys.argv[1] == "perft":
        size, depth = int(sys.argv[2]), int(sys.argv[3])
        game = pyspiel.load_game("go", {"board_size": size, "komi": 0.5})
        s = game.new_initial_state()
        print(" ".join(str(perft(s, d)) for d in range(1, depth + 1)))
        return
    games, seed, size = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    game = pyspiel.load_game("go", {"board_size": size, "komi": 0.5})
    out = []
    for _ in range(games):
        s = game.new_initial_state()
        played = [f"go:{size}"]
        while not s.is_terminal():
            legal = s.legal_actions()
            names = sorted(name(s, a) for a in legal)
            out.append(f"{' '.join(played)}\tmoves {' '.join(names)}")
            a = rng.choice(legal)
            played.append(name(s, a))
            s.apply_action(a)
        out.append(f"{' '.join(played)}\tover {int(round(s.returns()[0]))}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
