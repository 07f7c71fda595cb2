#!/usr/bin/env python3
"""Make a large results file for timing `treebench analyze` (issue 23 item 4).

Usage: scripts/gen_big_results.py SRC DST N

SRC is a results CSV written by `treebench run` (the default experiment: 3 engines, 7 plies);
DST gets N data rows: SRC's rows repeated, each pass with its position indices shifted past
the previous pass's and every solve time (`nanos`, `wall_nanos`) multiplied by a factor drawn
uniformly from [0.9, 1.1] (seeded: the same SRC gives the same DST). No metadata file is
written beside DST, so `analyze` reads the records alone.

The measurement in docs/measurements.md: N = 1,000,000, then
`/usr/bin/time -v target/release/treebench analyze DST --out /tmp/big-report`.
"""
import csv
import random
import sys


def main():
    src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rows = list(csv.reader(open(src)))
    hdr, body = rows[0], rows[1:]
    ix, nn, wn = hdr.index("index"), hdr.index("nanos"), hdr.index("wall_nanos")
    rnd = random.Random(1)
    maxidx = max(int(r[ix]) for r in body) + 1
    with open(dst, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(hdr)
        k, rep = 0, 0
        while k < n:
            for r in body:
                r2 = list(r)
                r2[ix] = str(int(r[ix]) + rep * maxidx)
                j = rnd.uniform(0.9, 1.1)
                r2[nn] = str(max(1, int(int(r[nn]) * j)))
                r2[wn] = str(max(1, int(int(r[wn]) * j)))
                w.writerow(r2)
                k += 1
                if k >= n:
                    break
            rep += 1


if __name__ == "__main__":
    main()
