#!/usr/bin/env bash
# Games against the perfect player (issue 34, the textbook's UCT experiment): from balanced
# seeded openings (exact value: a draw), each engine and budget plays both colours against an
# exact player, so every game it loses is its own error.
#  1. tic-tac-toe: UCT at 1 to 10,000 playouts against full-depth PVS (report/perfect-tictactoe/);
#  2. Connect-4: UCT and MCTS-Solver at 30 to 30,000 playouts and depth-limited MTD(f) with the
#     threat evaluation at depths 2-8, against the exact solver `mtdf`, which wins fastest and
#     loses slowest (report/perfect-connect4/; about 5 minutes on 2 cores).
# Games files in results/. Pass --resume to redraw the reports without playing.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/treebench}
uct=(); labels=perfect
for n in 1 3 10 30 100 300 1000 3000 10000; do
  uct+=("tictactoe-uct:playouts=$n"); labels+=",UCT $n"
done
"$BIN" match tictactoe-pvs:depth=9 "${uct[@]}" --gauntlet --balanced --plies 0,1,2 --openings 100 \
    --games results/perfect-tictactoe.games.csv --report report/perfect-tictactoe \
    --labels "$labels" "$@"
"$BIN" match mtdf c4-uct:playouts=30 c4-uct:playouts=300 c4-uct:playouts=3000 c4-uct:playouts=30000 \
    c4-mcts-solver:playouts=300 c4-mcts-solver:playouts=3000 c4-mcts-solver:playouts=30000 \
    mtdf:eval=threats,depth=2 mtdf:eval=threats,depth=4 mtdf:eval=threats,depth=8 \
    --gauntlet --balanced --plies 10,12 --openings 25 --concurrency 2 \
    --games results/perfect-connect4.games.csv --report report/perfect-connect4 \
    --labels "perfect,UCT 30,UCT 300,UCT 3000,UCT 30000,MCTS-Solver 300,MCTS-Solver 3000,MCTS-Solver 30000,MTD(f) d2,MTD(f) d4,MTD(f) d8" "$@"
