# Sourced by the CI scripts: the shell's reading of the oracle settings, the same as the Rust
# code's (src/util/oracles.rs):
#   TREEBENCH_REQUIRE_ORACLES  unset, empty or 1: a missing oracle fails; 0: it is skipped
#                              with a SKIPPED line; any other value is an error.
#   PYTHON                     the Python of every oracle (default python3).
PYTHON="${PYTHON:-python3}"
export PYTHON

# oracles_required: exit status 0 when required, 1 when not; a bad value ends the script.
oracles_required() {
  case "${TREEBENCH_REQUIRE_ORACLES:-}" in
    "" | 1) return 0 ;;
    0) return 1 ;;
    *)
      echo "error: TREEBENCH_REQUIRE_ORACLES=${TREEBENCH_REQUIRE_ORACLES}: expected 1 (a missing oracle fails) or 0 (it is skipped)" >&2
      exit 2
      ;;
  esac
}

# oracle_missing WHAT WHY: fail (exit 1) when oracles are required, else print a SKIPPED line
# and return 0 (the caller then skips its check).
oracle_missing() {
  if oracles_required; then
    echo "FAILED: $1: $2 (TREEBENCH_REQUIRE_ORACLES=1: a missing oracle fails)" >&2
    exit 1
  fi
  echo "SKIPPED: $1: $2"
}
