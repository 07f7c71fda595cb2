#!/usr/bin/env bash
# UCT, PUCT and MCTS-Solver on 9x9 Go (komi 7, area scoring, positional superko) against GNU Go
# 3.8 at level 1 over GTP, each at 100 and 300 playouts a move (issue 56, docs/go.md): a gauntlet,
# GNU Go against each of the six, 8 seeded openings (4 each at plies 2 and 4, seed 1) played
# twice with the colours swapped: 16 games a pairing, 96 in all, two at once. Needs
# /usr/games/gnugo (scripts/setup-engines.sh). 352 s on the loaded 2-core machine (274 s CPU,
# GNU Go's included). The report, the games file and its SGF in report/go9-mcts-gnugo/.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/treebench}
OUT=${OUT:-report/go9-mcts-gnugo}
# the budgets and variants (the committed report: the defaults; report/go9-mcts-gnugo-1000:
# PLAYOUTS="1000 3000" VARIANTS="uct puct" OUT=report/go9-mcts-gnugo-1000)
PLAYOUTS=${PLAYOUTS:-100 300}
VARIANTS=${VARIANTS:-uct puct mcts-solver}
mkdir -p "$OUT"
engines=()
for n in $PLAYOUTS; do
    for v in $VARIANTS; do
        engines+=("go9-$v:playouts=$n")
    done
done
"$BIN" match 'gtp:/usr/games/gnugo --mode gtp --level 1' "${engines[@]}" --gauntlet \
    --game go9 --plies 2,4 --openings 4 --seed 1 --concurrency 2 \
    --games "$OUT/mcts-gnugo.games.csv" --report "$OUT" "$@"
