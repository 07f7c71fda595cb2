#!/usr/bin/env bash
# The project's test command (the README's second set-up command; .ci/run calls it).
# 1. installs the independent oracles (BitBully, its opening databases, scipy) with pip;
# 2. runs every Rust test (unit, integration, doc);
# 3. runs the cross-checks that need the oracles and the built binary.
set -euo pipefail
cd "$(dirname "$0")/.."

export TREEBENCH_REQUIRE_ORACLES="${TREEBENCH_REQUIRE_ORACLES:-1}"
if [ -x scripts/setup-oracles.sh ]; then
  bash scripts/setup-oracles.sh
fi

echo "== cargo test"
cargo test --all-targets --no-fail-fast 2>&1 | tee /tmp/treebench-cargo-test.log
cargo test --doc 2>&1 | tail -3

for extra in scripts/ci-verify.sh scripts/ci-gate.sh scripts/check_wilcoxon_scipy.sh \
  scripts/check_report_browser.sh; do
  if [ -f "$extra" ]; then
    echo "== $extra"
    bash "$extra"
  fi
done
echo "== all checks passed"
