#!/usr/bin/env bash
# scripts/cargo-bin.sh CARGO-BUILD-ARGS...: runs `cargo build ARGS` and prints the path of the
# treebench program it built (the program, not its unit-test harness, which `--all-targets` also
# builds under the same target name; CARGO_TARGET_DIR may be remapped, so cargo is asked).
# `scripts/cargo-bin.sh --all-targets` is the dev-profile binary with every feature `cargo test
# --all-targets` builds it with (a no-op right after the tests): plain `cargo run` would resolve
# the features without the dev-dependencies and, in a cold target directory, compile polars a
# second time (about 15 minutes on 2 cores).
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
