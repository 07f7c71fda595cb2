#!/usr/bin/env bash
# The project's test command (the README's second set-up command; .ci/run calls it).
# 1. installs the independent oracles (BitBully, its opening databases, scipy) with pip;
# 2. runs every Rust test (unit, integration, doc);
# 3. runs the cross-checks that need the oracles, the built binary, a single-node Slurm and the
#    gate against the previous revision.
# TREEBENCH_REQUIRE_ORACLES defaults to 1 here: a missing oracle (or a Slurm that cannot start)
# fails. With TREEBENCH_REQUIRE_ORACLES=0 each shows as a `SKIPPED: ...` line, counted at the end.
# PYTHON names the Python of every oracle (default python3). Each step's time is printed.
set -euo pipefail
cd "$(dirname "$0")/.."

export TREEBENCH_REQUIRE_ORACLES="${TREEBENCH_REQUIRE_ORACLES-1}"
. scripts/oracles.sh
oracles_required || true # refuses a bad value now, not after the build

log=$(mktemp -d)/treebench-test
mkdir -p "$log"
trap 'echo "== logs in $log"' EXIT
step() { # step NAME COMMAND...: run, tee its output into $log/NAME.log, print its time
  local name=$1 t0=$SECONDS
  shift
  echo "== $name"
  "$@" 2>&1 | tee "$log/$name.log"
  local rc=${PIPESTATUS[0]}
  echo "== $name: $((SECONDS - t0)) s (exit $rc)"
  return "$rc"
}

if ! step setup-oracles bash scripts/setup-oracles.sh; then
  oracle_missing setup-oracles "scripts/setup-oracles.sh failed (no pip or no network?)"
fi
# The three UCI chess engines of Debian (stockfish, glaurung, toga2) for the chess tests.
if ! step setup-engines bash scripts/setup-engines.sh; then
  oracle_missing setup-engines "scripts/setup-engines.sh failed (not root, or no apt?)"
fi

# One build for everything: the tests run in the release profile, so they share the compiled
# dependencies (polars above all) with the README's `cargo run --release`, and the full
# target/release/treebench they build is the one every script below runs (no second build).
step cargo-test cargo test --release --all-targets --no-fail-fast
step cargo-doctest cargo test --release --doc
TREEBENCH_BIN="${TREEBENCH_BIN:-$(bash scripts/cargo-bin.sh --release)}"
export TREEBENCH_BIN

for extra in ci-verify ci-gate check_wilcoxon_scipy check_move_values check_report_browser ci-slurm check_readme; do
  [ -f "scripts/$extra.sh" ] || { echo "test.sh: scripts/$extra.sh is missing" >&2; exit 2; }
  step "$extra" bash "scripts/$extra.sh"
done

# Every committed figure: text inside the canvas, no two labels overlapping (scripts/regen_reports.sh redraws them).
step check_figures python3 scripts/check_figures.py report

# grep exits 1 when nothing was skipped; under pipefail that must not end the script
skipped_lines=$(cat "$log"/*.log | { grep -o 'SKIPPED: .*' || true; } | sort -u)
skipped=$(printf '%s' "$skipped_lines" | grep -c . || true)
if [ "$skipped" -gt 0 ]; then
  echo "== $skipped checks SKIPPED for missing oracles (TREEBENCH_REQUIRE_ORACLES=${TREEBENCH_REQUIRE_ORACLES}):"
  printf '%s\n' "$skipped_lines"
fi
echo "== all checks passed in $SECONDS s"
