#!/usr/bin/env bash
# Build Pachi, the Monte Carlo Go engine (pasky/pachi, GPL-2), from source into /usr/games/pachi
# for `gtp:/usr/games/pachi -t =N` (fixed playouts a move; experiments/go9-pachi.sh). Debian's
# `pachi` package is a platform game, not this engine. Built without a network: from
# PACHI_REPO, a clone URL or a local git directory (default /work/.mirror/pasky+pachi/repo, the
# bare mirror of the GitHub repository), with DCNN=0 (no Caffe, no neural network),
# JOSEKIFIX=0 (no KataGo) and GENERIC=1, `make -j2` in PACHI_BUILD (default
# /var/tmp/pachi-build); its pattern and joseki files into /usr/local/share/pachi-go, the
# directory the binary is built to read (the opening book and the DCNN weights are downloads
# and are left out: Pachi plays without them). Idempotent: does nothing when /usr/games/pachi
# answers GTP. Needs gcc, make, git, and root to install (PACHI_BIN, PACHI_DATA elsewhere).
set -euo pipefail
repo="${PACHI_REPO:-/work/.mirror/pasky+pachi/repo}"
build="${PACHI_BUILD:-/var/tmp/pachi-build}"
bin="${PACHI_BIN:-/usr/games/pachi}"
data="${PACHI_DATA:-/usr/local/share/pachi-go}"
# GTP's `name` and `version` answered by $bin (empty when it does not run)
said() {
    printf 'name\nversion\nquit\n' | "$bin" 2>/dev/null | sed -n 's/^= //p' | head -2 |
        tr '\n' ' ' || true
}
if [ -x "$bin" ] && [[ "$(said)" == Pachi* ]]; then
    echo "setup-pachi: $bin is there ($(said))"
    exit 0
fi
[ -d "$build/.git" ] || git clone -q "$repo" "$build"
make -C "$build" -j2 -s DCNN=0 JOSEKIFIX=0 BUILD_KATAGO=0 GENERIC=1 DATADIR="$data" \
    >"$build/build.log" 2>&1 || {
    echo "setup-pachi: make failed in $build (the log's end:)" >&2
    tail -20 "$build/build.log" >&2
    exit 2
}
install -d "$(dirname "$bin")" "$data"
install -m 755 "$build/pachi" "$bin"
for f in patterns_mm.gamma patterns_mm.spat joseki19.gtp; do
    [ -f "$build/$f" ] && install -m 644 "$build/$f" "$data/"
done
[[ "$(said)" == Pachi* ]] || {
    echo "setup-pachi: $bin built but does not answer GTP's name" >&2
    exit 2
}
echo "setup-pachi: built $bin ($(said)git $(git -C "$build" rev-parse --short HEAD)) and $data"
