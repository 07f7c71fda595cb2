#!/usr/bin/env bash
# Install the three UCI chess engines of Debian that treebench's chess tests, `bench`, `gate`
# and `experiments/chess-engines.toml` run (idempotent): Stockfish 15.1 (NNUE net embedded),
# Glaurung 2.2 and Toga II 3.0, the GTP Go engine GNU Go 3.8 (`gtp:` engines, tests/go.rs) and
# the GTP Othello engine gtp-rhino 0.16.1 (Debian package grhino; tests/othello.rs), into
# /usr/games/. Needs root (apt-get); does nothing when all five are there. (Debian's `pachi`
# package is a platform game, not the Pachi Go engine: it is not installed; scripts/setup-pachi.sh
# builds the engine from source.)
set -euo pipefail

# program in /usr/games -> its Debian package
declare -A package=([stockfish]=stockfish [glaurung]=glaurung [toga2]=toga2 [gnugo]=gnugo [gtp-rhino]=grhino)
need=()
for e in stockfish glaurung toga2 gnugo gtp-rhino; do
    [ -x "/usr/games/$e" ] || need+=("${package[$e]}")
done
if [ "${#need[@]}" -eq 0 ]; then
    echo "setup-engines: stockfish, glaurung, toga2, gnugo and gtp-rhino are installed in /usr/games"
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "setup-engines: installing ${need[*]} needs root (apt-get)" >&2
    exit 2
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
for e in stockfish glaurung toga2 gnugo gtp-rhino; do
    [ -x "/usr/games/$e" ] || { echo "setup-engines: /usr/games/$e missing after the install" >&2; exit 2; }
done
echo "setup-engines: installed ${need[*]} into /usr/games"
