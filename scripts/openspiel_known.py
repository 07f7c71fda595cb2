#!/usr/bin/env python3
"""Exact values by OpenSpiel's own search, as a known-values file for a served game.

    python3 scripts/openspiel_known.py 'hex(board_size=3)' --plies 2-6 --per-ply 4 > hex3.known
    treebench --game-server 'python3 scripts/openspiel_game.py hex(board_size=3) --name hex3' \\
        verify --game hex3 --known hex3.known

Draws --per-ply random positions at each ply of --plies (random legal actions from the start,
numpy's generator seeded by --seed; a walk that ends the game is drawn again) and values each
by open_spiel.python.algorithms.minimax.alpha_beta_search to the end of the game (OpenSpiel's
code, not treebench's: an outside source). One `POSITION<TAB>VALUE<TAB>PLY` line each, in the
text of scripts/openspiel_game.py (`os:` and the action ids), the value for the player to move
times --scale (default 1), as treebench's `verify --known` reads them.
"""
import argparse
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import minimax


def walk(game, ply, rng):
    for _ in range(1000):
        state, actions = game.new_initial_state(), []
        while len(actions) < ply and not state.is_terminal():
            a = int(rng.choice(state.legal_actions()))
            actions.append(a)
            state.apply_action(a)
        if len(actions) == ply and not state.is_terminal():
            return state, actions
    return None


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("--plies", default="0-4", help="FIRST-LAST")
    p.add_argument("--per-ply", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--scale", type=int, default=1)
    a = p.parse_args()
    game = pyspiel.load_game(a.game)
    first, last = (int(x) for x in a.plies.split("-"))
    rng = np.random.default_rng(a.seed)
    print(f"# {a.game}: exact values by OpenSpiel's alpha_beta_search, seed {a.seed}")
    seen = set()
    for ply in range(first, last + 1):
        for _ in range(a.per_ply):
            drawn = walk(game, ply, rng)
            if drawn is None:
                break
            state, actions = drawn
            text = "os:" + ",".join(map(str, actions))
            if text in seen:
                continue
            seen.add(text)
            player = state.current_player()
            value, _ = minimax.alpha_beta_search(game, state, maximizing_player_id=player)
            v = value * a.scale
            if v != int(v):
                sys.exit(f"{text}: value {v} is not an integer (use --scale)")
            print(f"{text}\t{int(v)}\t{ply}", flush=True)


if __name__ == "__main__":
    main()
