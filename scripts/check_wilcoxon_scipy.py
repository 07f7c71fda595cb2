#!/usr/bin/env python3
"""Cross-check `treebench analyze` against scipy.stats.wilcoxon.

Usage:
  check_wilcoxon_scipy.py check RESULTS.csv TABLE.csv BASELINE CANDIDATE
  check_wilcoxon_scipy.py make-ties RESULTS.csv

`check`: RESULTS.csv is a results file written by `treebench run`; TABLE.csv the comparison table
that `treebench analyze` wrote for BASELINE vs CANDIDATE (full precision). The pairs are rebuilt
from the records exactly as treebench builds them: solves paired by (seed, ply, index, repeat),
the repeats of a position summed, and the difference baseline − candidate taken in integer
nanoseconds, scaled to a common multiple of the repeat counts (so it is exactly proportional to
the difference of the mean times: ranks, ties and zeros are those of the means). For every ply
and the all-plies row, scipy.stats.wilcoxon(d, alternative=...) with its defaults
(zero_method='wilcox', correction=False, method='auto') must give:
  p_value   = wilcoxon(d, alternative='two-sided').pvalue
  p_greater = wilcoxon(d, alternative='greater').pvalue
  t_plus    = wilcoxon(d, alternative='greater').statistic  (T+)
  n         = the number of nonzero differences
with relative tolerance 1e-9 (n exactly); and the same for the headline's test, the Wilcoxon test
on the per-position log ratios ln(mean baseline ms / mean candidate ms) (columns log_p_value,
log_p_greater, log_t_plus, log_n). Prints one line per row and a summary (rows checked,
rows with tied nonzero differences, rows with zeros, the largest relative difference); exits 1
on any mismatch or when nothing was checked.

`make-ties`: write a synthetic results file (experiment `ties`, engines `negamax` and `mtdf`)
whose times are whole microseconds drawn from a few values, so that differences tie and some are
zero: ply 8 with 10 positions (scipy's exact sign-flip permutation), ply 10 with 30 (normal
approximation with tie correction), ply 12 with 60 (more than 50: normal approximation), and
ply 14 with 12 positions and 2 repeats.
"""
import csv
import math
import random
import sys
from collections import defaultdict

import scipy
from scipy.stats import wilcoxon

RTOL = 1e-9


def rel(a: float, b: float) -> float:
    if a == b:
        return 0.0
    return abs(a - b) / max(abs(a), abs(b))


def differences(results, baseline, candidate):
    """Per ply: the exact scaled integer differences, in (seed, index) order."""
    ns = {}  # (engine, seed, ply, index, repeat) -> nanos
    for r in csv.DictReader(open(results, newline="")):
        if r["engine"] in (baseline, candidate):
            ns[(r["engine"], r["seed"], int(r["ply"]), int(r["index"]), r["repeat"])] = int(r["nanos"])
    sums = defaultdict(lambda: [0, 0, 0])  # (ply, seed, index) -> [b, c, k]
    for (engine, seed, ply, index, repeat), t in ns.items():
        if engine != baseline:
            continue
        c = ns.get((candidate, seed, ply, index, repeat))
        if c is None:
            continue
        s = sums[(ply, seed, index)]
        s[0] += t
        s[1] += c
        s[2] += 1
    scale = 1
    for _, _, k in sums.values():
        scale = scale * k // math.gcd(scale, k)
    per_ply = defaultdict(list)
    logs = defaultdict(list)
    for (ply, seed, index), (b, c, k) in sorted(sums.items(), key=lambda kv: (kv[0][0], int(kv[0][1]), kv[0][2])):
        per_ply[ply].append((b - c) * (scale // k))
        # The log ratio of the mean times in ms, computed as treebench computes it.
        bm, cm = float(b) / k / 1e6, float(c) / k / 1e6
        if bm > 0 and cm > 0:
            logs[ply].append(math.log(bm / cm))
    return per_ply, logs


def check(results, table, baseline, candidate) -> int:
    per_ply, logs = differences(results, baseline, candidate)
    per_ply["all"] = [d for ply in sorted(k for k in per_ply) for d in per_ply[ply]]
    logs["all"] = [d for ply in sorted(k for k in logs) for d in logs[ply]]
    ours = {}
    for r in csv.DictReader(open(table, newline="")):
        key = int(r["ply"]) if r["ply"].isdigit() else r["ply"]
        if r["p_value"] not in ("", "NaN", "nan"):
            ours[key] = r
    bad = checked = tied = zeroed = 0
    worst = 0.0
    for ply in sorted(per_ply, key=lambda p: (p == "all", p if p != "all" else 0)):
        d = per_ply[ply]
        nonzero = [x for x in d if x != 0]
        if not nonzero:
            continue
        if ply not in ours:
            print(f"ply {ply}: missing from {table}")
            bad += 1
            continue
        o = ours[ply]
        two = wilcoxon(d, alternative="two-sided")
        greater = wilcoxon(d, alternative="greater")
        diffs = [
            rel(two.pvalue, float(o["p_value"])),
            rel(greater.pvalue, float(o["p_greater"])),
            rel(greater.statistic, float(o["t_plus"])),
        ]
        ok = max(diffs) <= RTOL and len(nonzero) == int(o["n"])
        # The headline's test: the same Wilcoxon test on the per-position log ratios.
        lg = [x for x in logs[ply] if x != 0]
        if lg:
            ltwo = wilcoxon(logs[ply], alternative="two-sided")
            lgreater = wilcoxon(logs[ply], alternative="greater")
            ldiffs = [
                rel(ltwo.pvalue, float(o["log_p_value"])),
                rel(lgreater.pvalue, float(o["log_p_greater"])),
                rel(lgreater.statistic, float(o["log_t_plus"])),
            ]
            ok = ok and max(ldiffs) <= RTOL and len(lg) == int(o["log_n"])
            diffs += ldiffs
        worst = max(worst, *diffs)
        ties = len(set(abs(x) for x in nonzero)) < len(nonzero)
        zeros = len(d) - len(nonzero)
        tied += ties
        zeroed += zeros > 0
        checked += 1
        bad += not ok
        print(
            f"ply {ply!s:>3} pairs {len(d):3d} n {len(nonzero):3d} zeros {zeros:2d} ties {'yes' if ties else 'no ':3s} "
            f"T+ {greater.statistic:g}/{o['t_plus']} p {two.pvalue:.10g}/{float(o['p_value']):.10g} "
            f"p> {greater.pvalue:.10g}/{float(o['p_greater']):.10g} [{o['test_method']}] "
            f"log-ratio p {o['log_p_value']} {'ok' if ok else 'MISMATCH'}"
        )
    print(
        f"scipy {scipy.__version__}, {baseline} vs {candidate}: {checked} rows checked "
        f"({tied} with tied differences, {zeroed} with zeros), {bad} mismatches, "
        f"largest relative difference {worst:.3g}"
    )
    return 1 if bad or checked == 0 else 0


def make_ties(path) -> int:
    rng = random.Random(7)
    header = "experiment,seed,ply,index,moves,engine,slot,repeat,score,nodes,nanos,wall_nanos,probes"
    lines = [header]
    for ply, positions, repeats in ((8, 10, 1), (10, 30, 1), (12, 60, 1), (14, 12, 2)):
        for index in range(positions):
            moves = "".join(str(1 + (index + i) % 7) for i in range(ply))
            base = rng.choice([5, 6, 8, 10, 12])
            for repeat in range(repeats):
                for slot, (engine, shift) in enumerate((("negamax", 0), ("mtdf", rng.choice([-2, -1, 0, 1, 2, 3])))):
                    us = max(1, base + shift)
                    lines.append(
                        f"ties,1,{ply},{index},{moves},{engine},{(slot + index + repeat) % 2},{repeat},0,"
                        f"{us * 10},{us * 1000},{us * 1000 + 50},1"
                    )
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


def main() -> int:
    if len(sys.argv) == 6 and sys.argv[1] == "check":
        return check(*sys.argv[2:6])
    if len(sys.argv) == 3 and sys.argv[1] == "make-ties":
        return make_ties(sys.argv[2])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
