#!/usr/bin/env bash
# UCT, PUCT and MCTS-Solver on 9x9 Go (komi 7, area scoring, positional superko) against Pachi
# 12.90 built from source without its neural network (scripts/setup-pachi.sh: DCNN=0) over GTP,
# both sides at 1,000 playouts a move: Pachi `-t =1000` (fixed simulations a move), one thread,
# seed 1, `pass_all_alive` (it passes only once the dead stones are off the board: the game is
# counted by Tromp-Taylor area, as it stands), and `go9-uct`, `go9-puct`, `go9-mcts-solver`
# at `playouts=1000` (issue 56, docs/go.md). A gauntlet, Pachi against each of the three, 4
# seeded openings (2 each at plies 2 and 4, seed 1) played twice with the colours swapped: 8
# games a pairing, 24 in all, two at once. Needs /usr/games/pachi (scripts/setup-pachi.sh).
# 899 s wall on the loaded 2-core machine, 370 s CPU (Pachi's included). The report, the games
# file and its SGF in report/go9-pachi/.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/treebench}
OUT=${OUT:-report/go9-pachi}
PACHI=${PACHI:-/usr/games/pachi}
mkdir -p "$OUT"
engines=()
for e in uct puct mcts-solver; do
    engines+=("go9-$e:playouts=1000")
done
"$BIN" match "gtp:$PACHI -t =1000 -s 1 -d 0 threads=1,pass_all_alive" "${engines[@]}" --gauntlet \
    --game go9 --plies 2,4 --openings 2 --seed 1 --concurrency 2 \
    --games "$OUT/mcts-pachi.games.csv" --report "$OUT" "$@"
