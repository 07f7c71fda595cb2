#!/usr/bin/env bash
# A short `treebench verify` for CI, with every oracle required (scripts/setup-oracles.sh installs
# them): drivers, mirror, units, both opening books, BitBully's solver, brute force on 4×4 and
# 5×4 — then a short mutant matrix, in which every mutant must be caught. About a minute here.
# TREEBENCH_REQUIRE_ORACLES defaults to 1 here; with 0 a missing oracle shows as "not run".
set -euo pipefail
cd "$(dirname "$0")/.."
export TREEBENCH_REQUIRE_ORACLES="${TREEBENCH_REQUIRE_ORACLES-1}"
. scripts/oracles.sh
# The release binary the tests built ($TREEBENCH_BIN from scripts/test.sh; else built here).
bin="${TREEBENCH_BIN:-$(bash scripts/cargo-bin.sh --release)}"
"$bin" verify --positions 400 --book-samples 40 --brute-5x4 400
# 100 book samples a mutant: since fpass (a forced node passes its window to its one child
# without a table lookup) mirror-wrong-key is not caught with 10 or 40 (measured) and is with
# 100 (by the 8-ply book); a check stops at its first failure, so caught mutants cost little.
"$bin" verify --only-mutants --mutant-first-catch --mutant-positions 300 --mutant-book-samples 100 --brute-5x4 300
