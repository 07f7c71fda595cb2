#!/usr/bin/env bash
# `treebench analyze` against the notebook a researcher would write
# (scripts/notebook_baseline.py: pandas, a group-by, scipy's Wilcoxon) on a results file of
# 1,000,000 records (issue 23, item 4), side by side in one run: the two alternated RUNS times,
# each after the file is read into the page cache, then each one's times, median and peak
# memory, and the ratio of the medians.
#
# Usage: scripts/bench_analyze.sh [RUNS] [BINARY]   (defaults: 5, target/release/treebench)
#
# The file is made once, in $TMPDIR/treebench-bench-analyze/: the built-in default experiment
# (`treebench run --no-report`), then scripts/gen_big_results.py repeats its rows to 1,000,000
# (seeded: the same default run gives the same file). The machine's speed moves; only the
# ratio of one run's alternated medians is a measurement, not a time compared across runs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
bin=${2:-target/release/treebench}
[ -x "$bin" ] || { echo "bench_analyze: $bin not found (cargo build --release)" >&2; exit 2; }
python3 -c 'import pandas, scipy' 2>/dev/null ||
  { echo "bench_analyze: the notebook needs pandas and scipy (pip install pandas scipy)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench_analyze: needs /usr/bin/time (apt install time)" >&2; exit 2; }

dir=${TMPDIR:-/tmp}/treebench-bench-analyze
mkdir -p "$dir"
big=$dir/big1m.csv
if [ ! -s "$big" ]; then
  "$bin" run --results "$dir" --no-report --force >/dev/null 2>"$dir/run.log" ||
    { echo "bench_analyze: the default run failed (see $dir/run.log)" >&2; exit 1; }
  python3 scripts/gen_big_results.py "$dir/default.csv" "$big.part" 1000000
  mv "$big.part" "$big"
fi

# One timed command: "wall_s max_rss_kb", its output discarded.
timed() {
  cat "$big" >/dev/null
  /usr/bin/time -o "$dir/time" -f "%e %M" "$@" >/dev/null 2>"$dir/stderr" ||
    { echo "bench_analyze: failed: $* (see $dir/stderr)" >&2; exit 1; }
  cat "$dir/time"
}

tb=() nb=() tb_mem=0 nb_mem=0
for i in $(seq "$runs"); do
  out=$(timed "$bin" analyze "$big" --out "$dir/report")
  read -r w m <<<"$out"
  tb+=("$w"); tb_mem=$((m > tb_mem ? m : tb_mem))
  out=$(timed python3 scripts/notebook_baseline.py "$big")
  read -r w m <<<"$out"
  nb+=("$w"); nb_mem=$((m > nb_mem ? m : nb_mem))
  echo "run $i: treebench ${tb[-1]} s, notebook ${nb[-1]} s"
done

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
mt=$(median "${tb[@]}") mn=$(median "${nb[@]}")
echo "treebench analyze: median $mt s of $runs runs, peak memory $((tb_mem / 1024)) MB"
echo "notebook:          median $mn s of $runs runs, peak memory $((nb_mem / 1024)) MB"
awk -v t="$mt" -v n="$mn" 'BEGIN {printf "treebench is %.2fx the notebook (ratio of the medians)\n", n / t}'
