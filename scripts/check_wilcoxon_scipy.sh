#!/usr/bin/env bash
# Runs a small paired experiment, analyses it with treebench, and checks every per-ply p-value
# against scipy.stats.wilcoxon on the same pairs (scripts/check_wilcoxon_scipy.py). Called by
# scripts/test.sh; needs scipy (scripts/setup-oracles.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/oracles.sh
if ! "$PYTHON" -c 'import scipy' 2>/dev/null; then
  oracle_missing check_wilcoxon_scipy "$PYTHON cannot import scipy; run scripts/setup-oracles.sh"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/scipy-check.toml" <<'TOML'
name = "scipy-check"
seed = 99
plies = "14-24:2"
positions = 25
engines = ["negamax", "mtdf"]
repeats = 2
TOML
cargo run --release --quiet -- run "$work/scipy-check.toml" --results "$work/results" --no-report
cargo run --release --quiet -- analyze "$work/results/scipy-check.csv" --out "$work/report" >/dev/null
table=$(ls "$work"/report/scipy-check/*.csv | head -1)
"$PYTHON" scripts/check_wilcoxon_scipy.py "$work/results/scipy-check.csv" "$table" negamax mtdf
