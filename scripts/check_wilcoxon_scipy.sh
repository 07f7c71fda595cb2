#!/usr/bin/env bash
# Checks treebench's Wilcoxon tests against scipy.stats.wilcoxon on the same pairs
# (scripts/check_wilcoxon_scipy.py): p (two-sided and one-sided), T+ and n of every ply and of the
# all-plies row, for every pair of engines, on
#   1. a small experiment with repeats (2 per position),
#   2. the default experiment (what `treebench run` runs with no argument),
#   3. a synthetic results file whose integer-nanosecond times tie and give zero differences
#      (exact sign-flip permutation, tie-corrected normal approximation, n > 50, repeats).
# Called by scripts/test.sh; needs scipy (scripts/setup-oracles.sh installs it).
# TREEBENCH_BIN overrides the binary (default: scripts/cargo-bin.sh --release, the release binary
# `cargo test --release` already built: no second build).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/oracles.sh
if ! "$PYTHON" -c 'import scipy' 2>/dev/null; then
  oracle_missing check_wilcoxon_scipy "$PYTHON cannot import scipy; run scripts/setup-oracles.sh"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin="${TREEBENCH_BIN:-$(bash scripts/cargo-bin.sh --release)}"
tb() { "$bin" "$@"; }
check() { # results-file experiment baseline candidate
    local stem
    stem="$(echo "$4" | sed 's/[^A-Za-z0-9.-]/_/g')_vs_$(echo "$3" | sed 's/[^A-Za-z0-9.-]/_/g')"
    "$PYTHON" scripts/check_wilcoxon_scipy.py check "$1" "$work/report/$2/$stem.csv" "$3" "$4"
}

cat > "$work/scipy-check.toml" <<'TOML'
name = "scipy-check"
seed = 99
plies = "14-24:2"
positions = 25
engines = ["negamax", "mtdf"]
repeats = 2
TOML
tb run "$work/scipy-check.toml" --results "$work/results" --no-report
tb analyze "$work/results/scipy-check.csv" --out "$work/report" >/dev/null
check "$work/results/scipy-check.csv" scipy-check negamax mtdf

tb run --results "$work/results" --no-report
tb analyze "$work/results/default.csv" --pairs all --out "$work/report" >/dev/null
check "$work/results/default.csv" default negamax mtdf
check "$work/results/default.csv" default negamax null-window
check "$work/results/default.csv" default mtdf null-window

"$PYTHON" scripts/check_wilcoxon_scipy.py make-ties "$work/ties.csv"
tb analyze "$work/ties.csv" --out "$work/report" >/dev/null
check "$work/ties.csv" ties negamax mtdf
echo "check_wilcoxon_scipy: all checks passed"
