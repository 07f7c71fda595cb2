#!/usr/bin/env python3
"""OpenSpiel's exact values of Pig positions, by its own expectiminimax, for treebench's test.

    python3 scripts/pig_openspiel.py WINSCORE HORIZON COUNT SEED

Plays COUNT seeded random walks in OpenSpiel's `pig(winscore=WINSCORE,horizon=HORIZON)` (one
die, `roll` or `stop` at any turn total, a win at WINSCORE, HORIZON decisions of both players in
all, then a draw) and stops each at a random decision node; values it with
open_spiel.python.algorithms.minimax.expectiminimax to the end of the game (OpenSpiel's code,
not treebench's: no table, so only small games and late positions are in reach) for player 0.
Prints `S0-S1 +TURN max|min DONE<TAB>VALUE` a line: the position in the text of
examples/pig.rs under OpenSpiel's rules (player 0 is MAX; DONE the decisions made, OpenSpiel's
total_moves_) and OpenSpiel's value for player 0 on [-1, 1], as `repr` of a float.
The first line is always the start position.
"""
import random
import sys

import pyspiel
from open_spiel.python.algorithms import minimax


def text(state, done):
    # OpenSpiel's pig state string: "Scores: A B, Turn total: T\nCurrent player: P"
    first, second = str(state).splitlines()[:2]
    scores, turn = first.split(", Turn total: ")
    a, b = scores.removeprefix("Scores: ").split()
    player = int(second.removeprefix("Current player: "))
    return f"{a}-{b} +{int(turn)} {['max', 'min'][player]} {done}"


def walk(game, rng):
    """A random decision node and the decisions made to it, or None when the game ended first."""
    state, done = game.new_initial_state(), 0
    stop_at = rng.randrange(1, 4 * game.max_game_length())
    for _ in range(stop_at):
        if state.is_terminal():
            return None
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            done += 1  # OpenSpiel's total_moves_: the decisions, rolls and stops
    if state.is_terminal() or state.is_chance_node() or len(state.legal_actions()) == 1:
        return None  # (one legal action: the stop OpenSpiel forces at the target, a win here)
    return state, done


def main():
    winscore, horizon, count, seed = (int(x) for x in sys.argv[1:5])
    game = pyspiel.load_game("pig", {"winscore": winscore, "horizon": horizon})
    rng = random.Random(seed)
    states = [(game.new_initial_state(), 0)]
    while len(states) < count:
        w = walk(game, rng)
        if w is not None:
            states.append(w)
    for state, done in states:
        value, _ = minimax.expectiminimax(state, 10_000, lambda s: 0.0, 0)
        print(f"{text(state, done)}\t{value!r}", flush=True)


if __name__ == "__main__":
    main()
