#!/usr/bin/env bash
# Solve FFO positions one process each, so each gets its own CPU time and time limit:
#   scripts/ffo_each.sh SPEC FILE.obf FIRST_NUMBER NUMBERS... >> OUT.tsv
# e.g. scripts/ffo_each.sh othello-mtdf:depth=120,tt=24,draft=ge,parity=on,last=6 \
#        experiments/data/othello/fforum-40-59.obf 40 40 41 42
# Each line: number, spec, exit code of `treebench solve` (which checks the file's published
# scores: 3 on a difference; 124 past the limit), `score nodes micros` as solve prints them,
# and the process's user CPU seconds and wall seconds (GNU time). LIMIT: wall seconds a
# position (default 900). CPU_LIMIT: CPU seconds a position (`ulimit -t`; unset: none): on a
# machine shared with other work the fairer limit; a position stopped by it exits 137 or 152
# (the kernel's SIGKILL or SIGXCPU). TREEBENCH: the binary (default target/release/treebench).
set -uo pipefail
spec=$1 file=$2 first=$3
shift 3
bin=${TREEBENCH:-target/release/treebench}
tmp=$(mktemp -d)
for n in "$@"; do
    line=$(grep -v '^\s*$' "$file" | sed -n "$((n - first + 1))p")
    /usr/bin/time -f "%U %e" -o "$tmp/time" timeout "${LIMIT:-900}" \
        bash -c 'if [ -n "${CPU_LIMIT:-}" ]; then ulimit -t "$CPU_LIMIT"; fi; exec "$@"' _ \
        "$bin" solve -e "$spec" -- "$line" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    printf '%s\t%s\trc=%s\t%s\t%s\n' "$n" "$spec" "$rc" "$(awk '{print $(NF-2), $(NF-1), $NF}' "$tmp/out")" "$(tail -1 "$tmp/time")"
done
rm -rf "$tmp"
