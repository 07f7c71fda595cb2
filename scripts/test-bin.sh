#!/usr/bin/env bash
# Prints the path of the dev-profile treebench binary (the program, not its unit-test harness,
# which `--all-targets` also builds under the same target name) with every feature `cargo test
# --all-targets` builds it with (the binary the integration tests run), building it if needed:
# right after `cargo test --all-targets` this is a no-op. Plain `cargo run` would resolve the
# features without the dev-dependencies and, in a cold target directory, compile polars a second
# time (about 15 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/oracles.sh
bin=$(cargo build --all-targets --message-format=json-render-diagnostics |
  "$PYTHON" -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if (m.get("reason") == "compiler-artifact" and m["target"]["name"] == "treebench"
            and "bin" in m["target"]["kind"] and not m["profile"]["test"]
            and m.get("executable")):
        print(m["executable"])' | tail -1)
[ -n "$bin" ] && [ -x "$bin" ] || {
  echo "test-bin: cargo build --all-targets gave no treebench binary" >&2
  exit 2
}
echo "$bin"
