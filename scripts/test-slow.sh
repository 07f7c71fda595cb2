#!/usr/bin/env bash
# The slow checks, on demand (not part of scripts/test.sh, which CI runs): every test marked
# #[ignore] (BitBully's positions at plies 6-8 under three drivers in tests/solver_oracle.rs;
# the full textbook report in tests/textbook.rs), then the loom model of the shared table's
# bucket protocol (tools/loom-tt: every interleaving of two writers and a reader). Each step's
# time is printed; the first failure ends the script with its exit status.
#   bash scripts/test-slow.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/oracles.sh
oracles_required || true # refuses a bad TREEBENCH_REQUIRE_ORACLES now, not after the build

step() { # step NAME COMMAND...: run it and print its time
  local name=$1 t0=$SECONDS
  shift
  echo "== $name"
  "$@"
  echo "== $name: $((SECONDS - t0)) s"
}

step ignored-tests cargo test --release --test solver_oracle --test textbook -- --ignored
# loom's crate has its own target directory (it never enters the main build).
step loom bash -c 'cd tools/loom-tt && CARGO_TARGET_DIR="${LOOM_TARGET_DIR:-target}" cargo test --release'
echo "== slow checks passed in $SECONDS s"
