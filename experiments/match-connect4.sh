#!/usr/bin/env bash
# Connect-4 match play, two committed experiments (a few minutes on a 2-core machine):
#  1. an SPRT [0, 10] (normalized Elo) of depth-limited negamax at depth 7 against depth 6
#     (the threat evaluation at the horizon), 300 openings: report/match-connect4-sprt/;
#  2. a round robin of depth-limited alpha-beta (MTD(f), PVS) and Monte Carlo tree search (UCT,
#     PUCT, MCTS-Solver), 300 openings: report/match-connect4/.
# Games files in results/. Pass --resume to redraw the reports of finished runs without playing.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/treebench}
"$BIN" match negamax:depth=7,eval=threats negamax:depth=6,eval=threats \
    --plies 4,6,8 --openings 100 --concurrency 2 --sprt 0,10 \
    --games results/match-connect4-sprt.games.csv --report report/match-connect4-sprt \
    --labels "negamax d7,negamax d6" "$@"
"$BIN" match mtdf:eval=threats,depth=8 c4-pvs:depth=8 c4-uct:playouts=3000 \
    c4-puct:playouts=3000 c4-mcts-solver:playouts=3000 \
    --plies 4,6,8 --openings 100 --concurrency 2 \
    --games results/match-connect4.games.csv --report report/match-connect4 \
    --labels "MTD(f) d8,PVS d8,UCT 3000,PUCT 3000,MCTS-Solver 3000" "$@"
