#!/usr/bin/env bash
# Instructions per node of treebench's solver, technique by technique, under cachegrind.
#
#   scripts/profile_techniques.sh BINARY POSITIONS_FILE [SPEC ...]
#
# For every engine spec (default: mtdf, then mtdf with each technique switched off), solves the
# positions (one move string a line, e.g. from `treebench positions EXPERIMENT`) in one
# `treebench solve` process under `valgrind --tool=cachegrind --cache-sim=no`, the table reset
# before every position, and prints a Markdown table: nodes, instructions of the solves (the
# process's total less that of the same process given no position: start-up and the table's
# allocation), instructions per node, and both relative to the first spec. Instruction counts
# do not depend on the machine's load, which wall times on a shared 2-core machine do; they
# ignore cache misses, which the wall-time columns of `bench_vs_bitbully.py` show.
# Cachegrind files are kept in $OUT (default /tmp/treebench-profile) for `cg_annotate`.
set -euo pipefail
bin=${1:?usage: $0 BINARY POSITIONS_FILE [SPEC ...]}
positions=${2:?usage: $0 BINARY POSITIONS_FILE [SPEC ...]}
shift 2
specs=("$@")
if [ ${#specs[@]} -eq 0 ]; then
    specs=(mtdf mtdf:etc=off mtdf:mirror=off mtdf:ways=1 mtdf:prefetch=off mtdf:dthreat=off
        mtdf:order=centre mtdf:ttmin=0 mtdf:tt=off)
fi
command -v valgrind >/dev/null || { echo "$0: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
[ -r "$positions" ] || { echo "$0: cannot read $positions" >&2; exit 2; }
out=${OUT:-/tmp/treebench-profile}
mkdir -p "$out"

irefs() { # cachegrind's total instruction count of: solve --engine SPEC < INPUT
    local spec=$1 input=$2 file=$3
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$file" \
        "$bin" solve --engine "$spec" <"$input" >"$file.out" 2>"$file.log"
    sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$file"
}

echo "| spec | nodes | instructions (M) | instructions / node | nodes vs first | instr. vs first |"
echo "|---|---:|---:|---:|---:|---:|"
base_nodes="" base_ir=""
for spec in "${specs[@]}"; do
    tag=$(echo "$spec" | tr ':=,' '_.-')
    fixed=$(irefs "$spec" /dev/null "$out/cg.$tag.empty")
    total=$(irefs "$spec" "$positions" "$out/cg.$tag")
    nodes=$(awk '{n += $3} END {print n}' "$out/cg.$tag.out")
    ir=$((total - fixed))
    : "${base_nodes:=$nodes}" "${base_ir:=$ir}"
    awk -v s="$spec" -v n="$nodes" -v ir="$ir" -v bn="$base_nodes" -v bi="$base_ir" 'BEGIN {
        printf "| `%s` | %d | %.1f | %.1f | %.3f | %.3f |\n", s, n, ir / 1e6, ir / n, n / bn, ir / bi }'
done
