#!/usr/bin/env python3
"""OpenSpiel's `go` as an independent oracle of treebench's Go rules.

Plays GAMES seeded uniformly random games on the SIZE x SIZE board (argv: GAMES SEED SIZE; komi
0.5, OpenSpiel's default cap of 2 x SIZE^2 plies) and prints one line a position:
`go:SIZE M M ...<TAB>moves M M ...` (the moves so far, then OpenSpiel's legal moves in GTP
coordinates, `A1`.. and `pass`, sorted) for a position that goes on, `go:SIZE M ...<TAB>over R`
for a finished game (R: OpenSpiel's return for Black, +1 or -1). OpenSpiel forbids suicide and
has the simple ko rule only (no superko): where it allows a move that positional superko
refuses, treebench's test says so. `perft SIZE DEPTH` prints the leaf counts of the game tree
from the empty board at depths 1..DEPTH instead.

`mask GAMES SEED SIZE` (the large boards, 19x19: a line of 362 move names a position would be
too slow to write and read) plays the same kind of games with komi 7.5 from 7x7 on (0.5 below)
and prints one line a position, `MOVE<TAB>mask HEX`: the move that led here (`start` for the
empty board that begins each game) and OpenSpiel's legal actions as a bit set, HEX its bytes
(bit `a % 8` of byte `a / 8` for action `a = row * SIZE + column` from A1, pass `SIZE^2`); a
finished game's last line is `MOVE<TAB>over R`."""
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


def masks(games, seed, size):
    """The `mask` mode (see the module's text)."""
    import numpy as np

    rng = random.Random(seed)
    komi = 7.5 if size >= 7 else 0.5
    game = pyspiel.load_game("go", {"board_size": size, "komi": komi})
    bits = np.zeros(size * size + 1, dtype=bool)
    out = []
    for _ in range(games):
        s = game.new_initial_state()
        last = "start"
        while not s.is_terminal():
            legal = s.legal_actions()
            bits[:] = False
            bits[legal] = True
            out.append(f"{last}\tmask {np.packbits(bits, bitorder='little').tobytes().hex()}")
            a = rng.choice(legal)
            last = name(s, a)
            s.apply_action(a)
        out.append(f"{last}\tover {int(round(s.returns()[0]))}")
    sys.stdout.write("\n".join(out) + "\n")


def main():
    if sys.argv[1] == "mask":
        masks(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
        return
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
