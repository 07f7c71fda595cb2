#!/usr/bin/env bash
# Redraws every committed report under report/ from the committed results (no engine is run):
# each experiment's report with its labels, the ablations, the boards' scaling report and the
# probes trace of position 4453 (which re-solves one position, a few seconds), the textbook
# report (its counts computed again, about ten seconds), and the match
# reports (their games files resumed: no game is played). Then checks every
# SVG with scripts/check_figures.py. Usage: scripts/regen_reports.sh [TREEBENCH_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
tb=${1:-${CARGO_TARGET_DIR:-target}/release/treebench}
[ -x "$tb" ] || { echo "regen_reports: no binary at $tb (cargo build --release first)" >&2; exit 2; }

redraw() { # experiment name, then the command that writes report/<name>
  local name=$1; shift
  find "report/$name" -maxdepth 1 -type f -delete 2>/dev/null || true
  "$@" >/dev/null
  echo "report/$name: $(find "report/$name" -maxdepth 1 -name '*.svg' | wc -l) figures"
}

for name in drivers drivers-chess drivers-depth chess-engines counters-tree quality-connect4 quality-chess-suite; do
  labels=(); grep -q 'label *=' "experiments/$name.toml" && labels=(--labels "experiments/$name.toml")
  redraw "$name" "$tb" report "${labels[@]}" "results/$name.csv"
done
for name in ablation-chess ablation-connect4 ablation-connect4-factorial memory-connect4; do
  redraw "$name" "$tb" ablate --no-run "experiments/$name.toml"
done
redraw boards-scaling "$tb" scaling results/boards-*.csv --out report/boards-scaling
redraw probes "$tb" probes 4453 --out report/probes
redraw textbook "$tb" textbook --out report
nim_example=$(dirname "$tb")/examples/nim
if [ -x "$nim_example" ]; then
  redraw nim "$nim_example" report results/nim.csv
else
  echo "report/nim: skipped (build it with cargo build --release --example nim)"
fi
# The match reports: --resume on their finished games files plays nothing and redraws.
for name in match-connect4 match-chess-gauntlet perfect-player; do
  BIN=$tb bash "experiments/$name.sh" --resume >/dev/null
  echo "experiments/$name.sh: reports redrawn"
done
python3 scripts/check_figures.py report
