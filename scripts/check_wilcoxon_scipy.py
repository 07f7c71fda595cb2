#!/usr/bin/env python3
"""Cross-check `treebench analyze` against scipy.stats.wilcoxon.

Usage: check_wilcoxon_scipy.py RESULTS.csv TABLE.csv BASELINE CANDIDATE

RESULTS.csv is a results file written by `treebench run`; TABLE.csv the comparison table that
`treebench analyze` wrote for BASELINE vs CANDIDATE (columns `ply ... p_value`, full precision).
For every ply the paired differences baseline − candidate (repeats of a position averaged, times
in ms) are tested with scipy.stats.wilcoxon(alternative='greater') — the one-sided test that the
candidate is faster — and the p-values must agree to 1e-6. Exits 1 on any mismatch.
"""
import csv
import sys
from collections import defaultdict

import scipy
from scipy.stats import wilcoxon


def main() -> int:
    results, table, baseline, candidate = sys.argv[1:5]
    times = defaultdict(list)  # (engine, seed, ply, index) -> [ms]
    with open(results, newline="") as f:
        for r in csv.DictReader(f):
            if r["engine"] in (baseline, candidate):
                key = (r["engine"], r["seed"], int(r["ply"]), r["index"])
                times[key].append(int(r["nanos"]) / 1e6)
    per_ply = defaultdict(list)
    for (engine, seed, ply, index), ts in times.items():
        if engine != baseline:
            continue
        other = times.get((candidate, seed, ply, index))
        if other:
            per_ply[ply].append(sum(ts) / len(ts) - sum(other) / len(other))
    ours = {}
    with open(table, newline="") as f:
        for r in csv.DictReader(f):
            if r["ply"].isdigit() and r["p_value"] not in ("", "NaN", "nan"):
                ours[int(r["ply"])] = float(r["p_value"])
    bad = 0
    checked = 0
    for ply in sorted(per_ply):
        d = per_ply[ply]
        if all(x == 0 for x in d) or ply not in ours:
            continue
        p = wilcoxon(d, alternative="greater").pvalue
        ok = abs(p - ours[ply]) <= 1e-6
        checked += 1
        bad += not ok
        print(f"ply {ply:2d} n {len(d):3d} scipy p {p:.10g} treebench p {ours[ply]:.10g} {'ok' if ok else 'MISMATCH'}")
    print(f"scipy {scipy.__version__}: {checked} plies checked, {bad} mismatches")
    return 1 if bad or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
