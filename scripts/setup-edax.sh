#!/usr/bin/env bash
# Build Edax 4.6 (abulmo/edax-reversi, GPL-3) for `scripts/edax_engine.py`, the Othello speed
# anchor paired through `ext:` (docs/othello.md), into $EDAX_DIR (default
# ~/.cache/treebench/edax): the binary `edax` and `eval-zero.dat`, an evaluation file whose
# weights are all 0 (Edax's trained eval.dat is not in its repository; an exact endgame solve's
# values do not depend on it, its move ordering does: results are "Edax with zero weights").
# EDAX_REPO: a clone URL or a local git directory (default the GitHub repository). Needs gcc.
set -euo pipefail
dir="${EDAX_DIR:-$HOME/.cache/treebench/edax}"
repo="${EDAX_REPO:-https://github.com/abulmo/edax-reversi}"
here="$(cd "$(dirname "$0")" && pwd)"
if [ -x "$dir/edax" ] && [ -f "$dir/eval-zero.dat" ]; then
    echo "setup-edax: $dir/edax and $dir/eval-zero.dat are there"
    exit 0
fi
mkdir -p "$dir"
src="$dir/src"
[ -d "$src/.git" ] || git clone -q --depth 1 "$repo" "$src"
arch=x86-64
grep -q avx2 /proc/cpuinfo && grep -q bmi2 /proc/cpuinfo && arch=x86-64-v3
mkdir -p "$src/bin"
(cd "$src/src" && make -s build ARCH="$arch" CC=gcc OS=linux >/dev/null 2>&1)
cp "$src/bin/lEdax-$arch" "$dir/edax"
python3 "$here/edax_engine.py" --make-zero-eval "$dir/eval-zero.dat"
echo "setup-edax: built $dir/edax ($arch, $(git -C "$src" rev-parse --short HEAD)) and $dir/eval-zero.dat"
