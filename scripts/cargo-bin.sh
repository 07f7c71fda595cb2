#!/usr/bin/env bash
# scripts/cargo-bin.sh CARGO-BUILD-ARGS...: runs `cargo build ARGS` and prints the path of the
# treebench program it built (the program, not its unit-test harness, which `--all-targets` also
# builds under the same target name; CARGO_TARGET_DIR may be remapped, so cargo is asked).
# `scripts/cargo-bin.sh --release` is the full release binary, a no-op right after
# `cargo test --release` (Cargo.toml names the features the dev-dependencies would add, so both
# resolve the same features and share one build).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/oracles.sh
bin=$(cargo build "$@" --message-format=json-render-diagnostics |
  "$PYTHON" -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if (m.get("reason") == "compiler-artifact" and m["target"]["name"] == "treebench"
            and "bin" in m["target"]["kind"] and not m["profile"]["test"]
            and m.get("executable")):
        print(m["executable"])' | tail -1)
[ -n "$bin" ] && [ -x "$bin" ] || {
  echo "cargo-bin: cargo build $* gave no treebench binary" >&2
  exit 2
}
echo "$bin"
