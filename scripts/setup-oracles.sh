#!/usr/bin/env bash
# Install the independent oracles used by treebench's verification (idempotent).
#
#   bitbully           BitBully Connect-4 solver (Python bindings to its C++ core)
#   bitbully-databases BitBully's 8-ply / 12-ply / 12-ply-distance opening books
#   scipy              for the statistics cross-check
#   chess              python-chess, which reads match PGN (scripts/check_pgn.py)
#   open-spiel         OpenSpiel (pyspiel): othello, connect_four and tic_tac_toe as rules oracles
#                      (tests/othello.rs, tests/openspiel.rs) and its bots as treebench engines
#                      (scripts/openspiel_engine.py)
#   pypdf              reads the report pages printed to PDF (scripts/check_report_print.sh)
#   sgfmill            reads the SGF of Go matches back (scripts/check_sgf.py, tests/go.rs)
#
# Works as root on a fresh machine with Python 3.11 + pip. Prints the directory that holds the
# book files; export it as TREEBENCH_BOOK_DIR to skip the Python lookup in Rust.
set -euo pipefail

. "$(dirname "$0")/oracles.sh" # PYTHON
BITBULLY_VERSION="0.0.79"
BITBULLY_DATABASES_VERSION="0.0.2"
SCIPY_VERSION="1.17.1"
PYTHON_CHESS_VERSION="1.11.2"
OPEN_SPIEL_VERSION="2.0.2"
PYPDF_VERSION="7.1.1"
SGFMILL_VERSION="1.1.1"

export PIP_DISABLE_PIP_VERSION_CHECK=1
export PIP_ROOT_USER_ACTION=ignore

installed_version() {
    "$PYTHON" -m pip show "$1" 2>/dev/null | sed -n 's/^Version: //p'
}

need=()
[ "$(installed_version bitbully)" = "$BITBULLY_VERSION" ] || need+=("bitbully==$BITBULLY_VERSION")
[ "$(installed_version bitbully-databases)" = "$BITBULLY_DATABASES_VERSION" ] ||
    need+=("bitbully-databases==$BITBULLY_DATABASES_VERSION")
[ "$(installed_version scipy)" = "$SCIPY_VERSION" ] || need+=("scipy==$SCIPY_VERSION")
[ "$(installed_version chess)" = "$PYTHON_CHESS_VERSION" ] || need+=("chess==$PYTHON_CHESS_VERSION")
[ "$(installed_version pypdf)" = "$PYPDF_VERSION" ] || need+=("pypdf==$PYPDF_VERSION")
[ "$(installed_version open-spiel)" = "$OPEN_SPIEL_VERSION" ] || need+=("open-spiel==$OPEN_SPIEL_VERSION")
[ "$(installed_version sgfmill)" = "$SGFMILL_VERSION" ] || need+=("sgfmill==$SGFMILL_VERSION")

if [ "${#need[@]}" -gt 0 ]; then
    echo "setup-oracles: installing ${need[*]}" >&2
    "$PYTHON" -m pip install --quiet "${need[@]}"
else
    echo "setup-oracles: bitbully $BITBULLY_VERSION, bitbully-databases $BITBULLY_DATABASES_VERSION, scipy $SCIPY_VERSION, python-chess $PYTHON_CHESS_VERSION, pypdf $PYPDF_VERSION, open-spiel $OPEN_SPIEL_VERSION, sgfmill $SGFMILL_VERSION already installed" >&2
fi

"$PYTHON" - <<'PY'
import os
import bitbully
import bitbully_databases
import scipy
import chess
import pyspiel
import pypdf
import sgfmill

assets = os.path.join(os.path.dirname(os.path.abspath(bitbully_databases.__file__)), "assets")
print(f"bitbully {bitbully.__version__}, bitbully-databases {bitbully_databases.__version__}, scipy {scipy.__version__}, python-chess {chess.__version__}, pypdf {pypdf.__version__}, sgfmill {sgfmill.__version__}, pyspiel {len(pyspiel.registered_names())} games")
for name in ("book_8ply.dat", "book_12ply.dat", "book_12ply_distances.dat"):
    path = os.path.join(assets, name)
    if not os.path.isfile(path):
        raise SystemExit(f"setup-oracles: missing {path}")
    print(f"  {name}: {os.path.getsize(path)} bytes")
print(f"TREEBENCH_BOOK_DIR={assets}")
PY
