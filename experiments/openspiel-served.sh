#!/usr/bin/env bash
# Three of OpenSpiel's games that treebench does not have, served over the game protocol
# (docs/game-protocol.md): hex 3x3, clobber 3x4 and breakthrough 4x4. For each:
#   1. a known-values file of seeded positions valued by OpenSpiel's own alpha_beta_search;
#   2. `verify --game NAME --known FILE` (structure, oracle, drivers, end of game, known values);
#   3. `run experiments/served-NAME.toml`: negamax, PVS, MTD(f) and null-window searched to the
#      end, paired on seeded positions (nodes compare the drivers; times include the requests),
#      its report in report/served-NAME.
# Verify's and run's outputs: results/openspiel-served/.
# Run from the repository root: bash experiments/openspiel-served.sh (needs pyspiel).
set -uo pipefail
cd "$(dirname "$0")/.."
bin="${TREEBENCH_BIN:-target/release/treebench}"
py="${PYTHON:-python3}"
out=results/openspiel-served
mkdir -p "$out"
while read -r name spec known_plies; do
  server="$py scripts/openspiel_game.py '$spec' --name $name"
  "$py" scripts/openspiel_known.py "$spec" --plies "$known_plies" --per-ply 2 --seed 1 > "$out/$name.known"
  echo "== $name: verify"
  "$bin" --game-server "$server" verify --game "$name" --per-ply 1 --known "$out/$name.known" \
    > "$out/$name.verify.md" 2> "$out/$name.verify.err"
  echo "verify exit $?"; tail -1 "$out/$name.verify.err"
  echo "== $name: run"
  "$bin" --game-server "$server" run "experiments/served-$name.toml" 2> "$out/$name.run.err"
  echo "run exit $?"; tail -1 "$out/$name.run.err"
done <<'GAMES'
hex3 hex(board_size=3) 1-6
clobber34 clobber(rows=3,columns=4) 2-8
breakthrough44 breakthrough(rows=4,columns=4) 14-22
GAMES
