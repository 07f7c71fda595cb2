#!/usr/bin/env bash
# UCT, PUCT and MCTS-Solver on 9x9 Go (komi 7, area scoring, positional superko) against Pachi
# 12.90 built from source without its neural network (scripts/setup-pachi.sh: DCNN=0) over GTP,
# both sides at 1,000 playouts a move: Pachi `-t =1000` (fixed simulations a move), one thread,
# seed 1, `pass_all_alive` (it passes only once the dead stones are off the board: the game is
# counted by Tromp-Taylor area, as it stands), and `go9-uct`, `go9-puct`, `go9-mcts-solver`
# at `playouts=1000` (issue 56, docs/go.md). A gauntlet, Pachi against each of the three, 4
# seeded openings (2 each at plies 2 and 4, seed 1) played twice with the colours swapped: 8
# games a pairing, 24 in all, two at once; then the same against Pachi at `-t =500` (ONLY=500
# runs that part alone). Needs /usr/games/pachi (scripts/setup-pachi.sh).
# On the loaded 2-core machine: the first part 899 s wall, 370 s CPU (Pachi's included), the
# second 1,365 s wall, 347 s CPU. The reports, the games files and their SGF in
# report/go9-pachi/ and report/go9-pachi/pachi500/.
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
pachi() { echo "gtp:$PACHI -t =$1 -s 1 -d 0 threads=1,pass_all_alive"; }
if [ "${ONLY:-}" != 500 ]; then
    "$BIN" match "$(pachi 1000)" "${engines[@]}" --gauntlet \
        --game go9 --plies 2,4 --openings 2 --seed 1 --concurrency 2 \
        --games "$OUT/mcts-pachi.games.csv" --report "$OUT" "$@"
fi
# the same against Pachi at half the simulations, its least (Pachi refuses `-t =N` below 500):
# the report in $OUT/pachi500/
mkdir -p "$OUT/pachi500"
"$BIN" match "$(pachi 500)" "${engines[@]}" --gauntlet \
    --game go9 --plies 2,4 --openings 2 --seed 1 --concurrency 2 \
    --games "$OUT/pachi500/mcts-pachi500.games.csv" --report "$OUT/pachi500" "$@"
