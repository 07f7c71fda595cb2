#!/usr/bin/env python3
"""The notebook a researcher would write instead of `treebench analyze` (issue 23 item 4): the
yardstick for the analysis' speed. Usage: scripts/notebook_baseline.py RESULTS.csv

pandas reads the records, a group-by pairs the engines per position (repeats averaged), and
scipy's Wilcoxon signed-rank test runs per ply and pair of engines on the time differences."""
import itertools
import sys

import pandas as pd
from scipy.stats import wilcoxon

df = pd.read_csv(sys.argv[1])
keys = ["experiment", "seed", "ply", "index"]
t = df.groupby(keys + ["engine"])["nanos"].mean().unstack("engine")
engines = list(df["engine"].unique())
for b, c in itertools.combinations(engines, 2):
    pairs = t[[b, c]].dropna()
    for ply, g in pairs.groupby(level="ply"):
        r = wilcoxon(g[b] - g[c])
        ratio = (g[b] / g[c]).median()
        print(f"{c} vs {b} ply {ply}: n {len(g)}, median ratio {ratio:.3f}, p {r.pvalue:.3g}")
    r = wilcoxon(pairs[b] - pairs[c])
    print(f"{c} vs {b} all: n {len(pairs)}, p {r.pvalue:.3g}")
