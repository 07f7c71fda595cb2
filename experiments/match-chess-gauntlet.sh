#!/usr/bin/env bash
# Debian's Stockfish against Glaurung and Toga II (a gauntlet), 200 games at 2 s + 0.02 s a
# move per side, two games at once, from 50 seeded openings (25 at each of plies 4 and 6), each
# opening with both colours; PGN checked with python-chess. Needs scripts/setup-engines.sh.
# About 5-10 minutes on a 2-core machine. Writes results/match-chess-gauntlet.{games.csv,pgn,txt}.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/treebench}
out=results/match-chess-gauntlet
"$BIN" match 'uci:/usr/games/stockfish' 'uci:/usr/games/glaurung' 'uci:/usr/games/toga2' \
    --gauntlet --tc 2+0.02 --plies 4,6 --openings 25 --concurrency 2 \
    --games "$out.games.csv" --pgn "$out.pgn" --report report/match-chess-gauntlet \
    --labels 'Stockfish 15.1,Glaurung 2.2,Toga II 3.0' "$@" | tee "$out.txt"
"${PYTHON:-python3}" scripts/check_pgn.py "$out.games.csv" "$out.pgn" | tee -a "$out.txt"
