#!/usr/bin/env python3
"""Which of OpenSpiel's games treebench can serve (issue 54): a census, one row a game.

    python3 scripts/openspiel_census.py [TREEBENCH] > census.md

For every game pyspiel registers, loads it with its default parameters and sorts it by what the
game protocol (docs/game-protocol.md, scripts/openspiel_game.py) takes: two players, sequential,
deterministic, perfect information. Each game that passes is served to the treebench binary
(TREEBENCH, default target/release/treebench, or $TREEBENCH_BIN) and its start position solved
by `os_GAME-negamax:depth=2` within 60 s: `served` when that answers, else the first line of what
went wrong (a player that moves twice in a row, a move word the server cannot name, ...). Prints
a Markdown table and the counts by verdict.
"""
import collections
import os
import subprocess
import sys

import pyspiel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from openspiel_game import short_name  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def kind(game):
    """Why the protocol cannot take the game, or None."""
    t = game.get_type()
    if t.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        return "simultaneous moves"
    if game.num_players() != 2:
        return f"{game.num_players()} players"
    if t.information != pyspiel.GameType.Information.PERFECT_INFORMATION:
        return "imperfect information"
    if t.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC:
        return "chance nodes"
    return None


def serve(binary, short, name):
    server = f"{sys.executable} {HERE}/openspiel_game.py {short} --name {name}"
    cmd = [binary, "--game-server", server, "solve", "--engine", f"{name}-negamax:depth=2", "os:"]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "no answer in 60 s"
    if out.returncode == 0:
        return "served"
    lines = (out.stderr.strip() or out.stdout.strip() or f"exit {out.returncode}").splitlines()
    return lines[0][:160].replace("|", "/")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.environ.get(
        "TREEBENCH_BIN", "target/release/treebench")
    rows, counts = [], collections.Counter()
    for t in sorted(pyspiel.registered_games(), key=lambda t: t.short_name):
        try:
            game = pyspiel.load_game(t.short_name)
        except Exception as e:  # noqa: BLE001 - a game that needs parameters, or broken
            verdict = "does not load with default parameters: " + str(e).splitlines()[0][:80]
            rows.append((t.short_name, verdict))
            counts["does not load with default parameters"] += 1
            continue
        why = kind(game)
        if why is None:
            # `os_`: a name of treebench's own (othello, chess) is taken
            verdict = serve(binary, t.short_name, "os_" + short_name(game))
            counts["served" if verdict == "served" else "refused by treebench"] += 1
        else:
            verdict = why
            counts[why] += 1
        rows.append((t.short_name, verdict))
        print(f"{t.short_name}: {verdict}", file=sys.stderr, flush=True)
    print("| game | verdict |\n|---|---|")
    for name, verdict in rows:
        print(f"| `{name}` | {verdict} |")
    print(f"\n{len(rows)} games: " + ", ".join(f"{k} {v}" for k, v in counts.most_common()))


if __name__ == "__main__":
    main()
