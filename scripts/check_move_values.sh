#!/usr/bin/env bash
# The referee of quality runs (`treebench moves`: every legal move's exact score) against
# BitBully's score_all_moves on 110 seeded positions, plies 10-20 (scripts/
# check_move_values_bitbully.py); called by scripts/test.sh. Without BitBully it fails, unless
# TREEBENCH_REQUIRE_ORACLES=0 (then a SKIPPED line).
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/oracles.sh
bin="${TREEBENCH_BIN:-$(bash scripts/cargo-bin.sh --release || true)}"
[ -n "$bin" ] && [ -x "$bin" ] || { echo "check_move_values: no treebench binary" >&2; exit 2; }
"$PYTHON" scripts/check_move_values_bitbully.py --bin "$bin" --plies 10-20 --per-ply 10
rc=$?
if [ "$rc" -eq 2 ]; then
  oracle_missing check_move_values "BitBully is missing (scripts/setup-oracles.sh)"
  exit 0
fi
exit "$rc"
