#!/usr/bin/env bash
# Runs every `cargo run --release -- ...` command of README.md's sh blocks (the set-up's main job
# and "Compare your own engine in five minutes"), with the built binary ($TREEBENCH_BIN) in a
# scratch copy of experiments/, so no README command goes stale. `bash scripts/test.sh` itself
# is the command running this. Fails on the first command that fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${TREEBENCH_BIN:-target/release/treebench}"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r experiments "$scratch/"
mkdir -p "$scratch/target/release"
ln -s "$bin" "$scratch/target/release/treebench" # the README's ext: command line names this path
mapfile -t cmds < <(awk '/^```sh/{on=1; next} /^```/{on=0} on' README.md |
  sed 's/[[:space:]]*#.*$//' | grep '^cargo run --release -- ' | sed 's/^cargo run --release -- //')
[ "${#cmds[@]}" -ge 3 ] || { echo "check_readme: found only ${#cmds[@]} commands in README.md" >&2; exit 1; }
for c in "${cmds[@]}"; do
  echo "README: treebench $c"
  # shellcheck disable=SC2086 # the README's arguments are words
  (cd "$scratch" && "$bin" $c >/dev/null)
done
echo "README: ${#cmds[@]} commands ran"
