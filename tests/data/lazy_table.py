#!/usr/bin/env python3
"""A stand-in for an engine that resets its table before every position but zeroes its 64 MiB
table lazily (like the `connect-four-ai` crate): the kernel maps a page on its first write, so
the first solves pay page faults that later solves of the same positions do not.

Usage: lazy_table.py TREEBENCH_BINARY [--keep]

Reads move strings on stdin and answers `moves score nodes micros` (Pons' format). The score
and nodes come from `treebench serve --engine mtdf` underneath (which resets before every
position: the same nodes on every solve of a position). The reported time is what this engine
spends in its own table: it writes one byte to each of 8,000 pages of its table (every 7th page
from a place that depends on the position, as a hashed table spreads a search over its
memory), so a position's first solve faults most of its pages in and a re-solve faults none:
times of the first solves are many times those of the re-solves with no table reuse at all.
--keep makes it a truly warm engine instead (`noreset`: the re-solves take fewer nodes).
"""
import mmap
import subprocess
import sys
import time
import zlib

PAGE = 4096
PAGES = 16384  # 64 MiB
TOUCHED = 8000
STRIDE = 7

binary = sys.argv[1]
keep = "--keep" in sys.argv[2:]
# Anonymous memory: zero pages mapped on first write, never touched before a solve.
table = mmap.mmap(-1, PAGES * PAGE)
inner = subprocess.Popen([binary, "serve", "--engine", "mtdf"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)
if keep:
    inner.stdin.write("noreset\n")
    inner.stdin.flush()
    assert inner.stdout.readline().strip() == "ok"


def touch(moves):
    """Write one byte to TOUCHED pages, every STRIDE-th page from a start the position picks."""
    start = zlib.crc32(moves.encode()) % PAGES
    pages = [(start + STRIDE * i) % PAGES for i in range(TOUCHED)]
    t0 = time.perf_counter_ns()
    for p in pages:
        table[p * PAGE] = 1
    return time.perf_counter_ns() - t0


for line in sys.stdin:
    moves = line.strip()
    inner.stdin.write(moves + "\n")
    inner.stdin.flush()
    answer = inner.stdout.readline().split()
    if answer[0] == "error":
        print(f"{moves} error")
    else:
        nanos = touch(moves)
        print(f"{moves} {answer[0]} {answer[1]} {nanos / 1000:.1f}")
    sys.stdout.flush()
