#!/usr/bin/env python3
"""An OpenSpiel bot as a treebench engine: speaks the `ext:` line protocol (docs/engines.md).

    treebench match 'ext:python3 scripts/openspiel_engine.py --sims 300' c4-uct:playouts=300
    treebench match --game tictactoe \\
        'ext[game=tictactoe]:python3 scripts/openspiel_engine.py --game tictactoe' tictactoe-uct

One position a line on stdin, a move string from the start: Connect-4 columns 1-7 (OpenSpiel's
`connect_four`, action = column - 1), tic-tac-toe cells 1-9 row-major from the top left
(`tic_tac_toe`, action = cell - 1), Go `go:N C3 D4 pass` (`--game go9`: OpenSpiel's `go` on
that board at treebench's komi; moves answered in GTP coordinates), Othello boards (`--game
othello`: `BOARD SIDE` as treebench writes them; moves `d3`, `pass`); an empty line is the start
position (Connect-4, tic-tac-toe). One answer a line:
`SCORE NODES MICROS best=MOVE`, or `error MESSAGE` for a bad position (the process goes on).
`reset` and `noreset` are answered `ok` (nothing is kept from one position to the next).

Bots (`--bot`):
  mcts       OpenSpiel's MCTSBot (UCT): --uct-c (2.8: treebench's c=1.4 on rewards in [-1, 1]),
             --sims (simulations a move, at least 2), --rollouts (random rollouts a leaf), --solve on|off
             (OpenSpiel's default: on), --impl python (open_spiel/python/algorithms/mcts.py,
             the default) or cpp (pyspiel.MCTSBot). SCORE is an estimate: the chosen move's
             value for the side to move in hundredths (-100..100; a proven move's outcome x 100),
             NODES the search tree's nodes.
  alphabeta  open_spiel.python.algorithms.minimax.alpha_beta_search to --depth plies (default:
             to the end of the game; a leaf above it is valued 0). SCORE is the value for the
             side to move, +1 win, 0 draw, -1 loss (exact when the search reaches the end);
             NODES is 0 (not counted).
  random     a uniformly random legal move; SCORE 0.
Every answer is a function of the position and --seed alone (the bot's random stream is seeded
by the seed and the position's text), so a match replays exactly. MICROS is the bot's time."""
import argparse
import sys
import time
import zlib

import numpy as np
import pyspiel

GAMES = {
    "connect4": ("connect_four", 7),
    "connect_four": ("connect_four", 7),
    "tictactoe": ("tic_tac_toe", 9),
    "tic_tac_toe": ("tic_tac_toe", 9),
}
# Go on the boards treebench has (`go2`..`go19`): OpenSpiel's `go` at treebench's komi (0 up to
# 6x6, 7 from 7x7: src/game/go). Positions are `go:N M M ...` (GTP coordinates, `pass`), moves
# answered the same way. OpenSpiel's rules differ in the ko rule (simple ko, no superko) and its
# cap (2 x N^2 plies): its bot's playouts follow OpenSpiel's rules, the referee treebench's.
GO_SIZES = (2, 3, 4, 5, 6, 7, 9, 13, 19)
for _n in GO_SIZES:
    GAMES[f"go{_n}"] = ("go", _n)


# Othello: treebench's positions are boards (`BOARD SIDE`, 64 squares of X, O, - row by row from
# a1, then X or O to move: src/game/othello/text.rs), and OpenSpiel builds a state only from its
# actions. So the adapter finds the actions: each position it answers, it remembers the boards
# after its move and each reply (the next position of the game is one of them), and a board it
# has not seen (a match's opening) is searched for from the start, depth first, through moves
# onto squares the board has filled (at most OTHELLO_SEARCH states; else `error`).
GAMES["othello"] = ("othello", 64)
OTHELLO_SEARCH = 2_000_000
SEEN = {}


def othello_text(state):
    lines = str(state).splitlines()
    side = "X" if lines[0].startswith("Black") else "O"
    cells = [c for line in lines[2:10] for c in line.split()[1:9]]
    return "".join({"x": "X", "o": "O"}.get(c, "-") for c in cells) + " " + side


def othello_find(game, board, side):
    """The state of `board` with `side` to move, from the start, or None."""
    filled = {i for i, c in enumerate(board) if c != "-"}
    target, budget = f"{board} {side}", [OTHELLO_SEARCH]

    def dfs(state, depth):
        budget[0] -= 1
        if budget[0] < 0 or state.is_terminal():
            return None
        if depth == 0:
            return state if othello_text(state) == target else None
        for a in state.legal_actions():
            if a == 64 or a in filled:  # a pass, or a square the board has filled
                child = state.clone()
                child.apply_action(a)
                found = dfs(child, depth - (a != 64))
                if found is not None:
                    return found
        return None

    return dfs(game.new_initial_state(), len(filled) - 4)


def othello_replay(game, text):
    t = text.strip().rstrip(";").strip()
    parts = t.split()
    if len(parts) != 2 or len(parts[0]) != 64 or parts[1].upper() not in ("X", "O", "*"):
        raise ValueError(f"`{text}`: not an Othello position (64 squares of X, O, - and a side)")
    board = "".join({"x": "X", "*": "X", "o": "O", ".": "-"}.get(c.lower(), c) for c in parts[0])
    side = "X" if parts[1].upper() in ("X", "*") else "O"
    key = f"{board} {side}"
    state = SEEN.get(key) or othello_find(game, board, side)
    if state is None:
        raise ValueError(f"`{text}`: no line of play from the start found for this board")
    return state.clone()


def othello_remember(state, action):
    """The positions that can follow `action` at `state`: after it and after each reply."""
    if len(SEEN) > 100_000:
        SEEN.clear()
    child = state.clone()
    child.apply_action(action)
    if child.is_terminal():
        return
    for r in child.legal_actions():
        grand = child.clone()
        grand.apply_action(r)
        if not grand.is_terminal():
            SEEN[othello_text(grand)] = grand


def load(name, arg):
    """OpenSpiel's game for --game."""
    if name == "go":
        return pyspiel.load_game("go", {"board_size": arg, "komi": 7.0 if arg >= 7 else 0.0})
    return pyspiel.load_game(name)


def go_name(state, action):
    word = state.action_to_string(action).split()[1]
    return "pass" if word.upper() == "PASS" else word.upper()


def go_replay(game, size, text):
    words = text.split()
    if not words or words[0] != f"go:{size}":
        raise ValueError(f"`{text}`: not a go:{size} position (go:{size} MOVE MOVE ...)")
    state = game.new_initial_state()
    for w in words[1:]:
        if state.is_terminal():
            raise ValueError(f"`{text}`: the game is over before `{w}`")
        named = {go_name(state, a): a for a in state.legal_actions()}
        key = "pass" if w.lower() == "pass" else w.upper()
        if key not in named:
            raise ValueError(f"`{text}`: `{w}` is not a legal move in OpenSpiel's go")
        state.apply_action(named[key])
    if state.is_terminal():
        raise ValueError(f"`{text}`: the game is over")
    return state


def replay(game, cells, text):
    if game.get_type().short_name == "go":
        return go_replay(game, cells, text)
    if game.get_type().short_name == "othello":
        return othello_replay(game, text)
    state = game.new_initial_state()
    for ch in text:
        if not ch.isdigit() or not 1 <= int(ch) <= cells:
            raise ValueError(f"`{text}`: `{ch}` is not a move 1-{cells}")
        if state.is_terminal():
            raise ValueError(f"`{text}`: the game is over before `{ch}`")
        if int(ch) - 1 not in state.legal_actions():
            raise ValueError(f"`{text}`: `{ch}` is not a legal move")
        state.apply_action(int(ch) - 1)
    if state.is_terminal():
        raise ValueError(f"`{text}`: the game is over")
    return state


def count_nodes(node):
    n, stack = 0, [node]
    while stack:
        x = stack.pop()
        n += 1
        stack.extend(x.children)
    return n


def mcts_move(args, game, state, seed):
    """(action, score, nodes) of one MCTS search."""
    player = state.current_player()
    if args.impl == "cpp":
        ev = pyspiel.RandomRolloutEvaluator(args.rollouts, seed)
        bot = pyspiel.MCTSBot(game, ev, args.uct_c, args.sims, 10_000, args.solve == "on", seed, False)
        root = bot.mcts_search(state)
    else:
        from open_spiel.python.algorithms import mcts

        rng = np.random.RandomState(seed)
        ev = mcts.RandomRolloutEvaluator(args.rollouts, rng)
        bot = mcts.MCTSBot(game, args.uct_c, args.sims, ev, solve=args.solve == "on", random_state=rng)
        root = bot.mcts_search(state)
    best = root.best_child()
    if best.outcome:
        value = best.outcome[player]
    else:
        value = best.total_reward / best.explore_count if best.explore_count else 0.0
    return best.action, round(100 * value), count_nodes(root)


def alphabeta_move(args, game, state, _seed):
    from open_spiel.python.algorithms import minimax

    player = state.current_player()
    depth = args.depth if args.depth else game.max_game_length()
    value, action = minimax.alpha_beta_search(
        game, state=state.clone(), value_function=lambda s: 0.0, maximum_depth=depth, maximizing_player_id=player
    )
    return action, round(value), 0


def random_move(_args, _game, state, seed):
    rng = np.random.RandomState(seed)
    return int(rng.choice(state.legal_actions())), 0, 0


BOTS = {"mcts": mcts_move, "alphabeta": alphabeta_move, "random": random_move}


class Parser(argparse.ArgumentParser):
    """Bad arguments are one line on stderr, exit status 2."""

    def error(self, message):
        sys.stderr.write(f"openspiel_engine.py: error: {message}\n")
        sys.exit(2)


def main():
    p = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="connect4", choices=sorted(GAMES))
    p.add_argument("--bot", default="mcts", choices=sorted(BOTS))
    p.add_argument("--impl", default="python", choices=["python", "cpp"])
    p.add_argument("--uct-c", type=float, default=2.8)
    p.add_argument("--sims", type=int, default=1000)
    p.add_argument("--rollouts", type=int, default=1)
    p.add_argument("--solve", default="on", choices=["on", "off"])
    p.add_argument("--depth", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    if args.sims < 2 or args.rollouts < 1 or args.depth < 0:
        # OpenSpiel's first simulation is a rollout from the root, which leaves it no move
        p.error("--sims must be >= 2 (the first is the root's own), --rollouts >= 1, --depth >= 0")
    name, cells = GAMES[args.game]
    game = load(name, cells)
    bot = BOTS[args.bot]
    for line in sys.stdin:
        text = line.strip()
        if text in ("reset", "noreset"):
            print("ok", flush=True)
            continue
        try:
            state = replay(game, cells, text)
        except ValueError as e:
            print(f"error {e}", flush=True)
            continue
        seed = (args.seed * 1_000_003 + zlib.crc32(text.encode())) % 2**31
        start = time.perf_counter()
        action, score, nodes = bot(args, game, state, seed)
        micros = (time.perf_counter() - start) * 1e6
        if name == "othello":
            othello_remember(state, action)
            best = state.action_to_string(state.current_player(), action)
        else:
            best = go_name(state, action) if name == "go" else action + 1
        print(f"{score} {nodes} {micros:.0f} best={best}", flush=True)


if __name__ == "__main__":
    main()
