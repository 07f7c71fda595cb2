#!/usr/bin/env bash
# treebench's UCT against OpenSpiel's MCTSBot at equal playouts (issue 54, docs/quality.md):
# Connect-4, 100 seeded openings each of plies 4 and 8 (400 games a match), OpenSpiel's Python
# MCTSBot (uct_c 2.8, one random rollout, solve=True) through scripts/openspiel_engine.py
# against c4-uct as it is ("before") and with OpenSpiel's switches ("after"), at 100, 300 and
# 1,000 playouts. Needs pyspiel (scripts/setup-oracles.sh). About 35 minutes on a 2-core machine
# (the Python bot's time). Games files in results/openspiel-*.games.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/treebench}
OS="ext:${PYTHON:-python3} scripts/openspiel_engine.py"
for n in 100 300 1000; do
    "$BIN" match "c4-uct:playouts=$n" "$OS --sims $n" --plies 4,8 --openings 100 --seed 1 \
        --concurrency 1 --games "results/openspiel-before-$n.games.csv" "$@"
    "$BIN" match "c4-uct:playouts=$n,solver=maxn,root=rollout" "$OS --sims $n" --plies 4,8 \
        --openings 100 --seed 1 --concurrency 1 --games "results/openspiel-after-$n.games.csv" "$@"
done
