#!/usr/bin/env python3
"""Paired timing of treebench's Connect-4 solver against another solver process, position by
position, on Pascal Pons' test sets and the empty board (issue 36: Steininger's c4).

c4 (AGPL, not part of this repository): `--c4-src DIR` (a checkout of
github.com/ChristopheSteininger/c4) builds scripts/c4_wrapper.cpp against a copy of DIR's
solver sources in a scratch folder (`--c4-build`, reused when present), with c4's own flags
(its CMake preset `optimise`: -std=c++20 -O3 -flto -DNDEBUG), and uses it as the other solver.
c4's thread count and table size are compile-time constants (src/solver/settings.h): the copy's
settings.h gets NUM_THREADS = `--c4-threads` (default 1; 0: c4's default, every core) and
NUM_TABLE_ENTRIES = the first prime at or above `--c4-table-mb` MiB of 8-byte entries (default
64: 8388617, c4's own 64 MB example; 1024 gives its default, 134217757).

`--counters` (node accounting): treebench runs with `count=on` and `solve --counters`, c4 as
the wrapper's counting build (`-s`); the output adds, per set, the interior nodes of both by
ply, the table hit rates and the first-move rates.

The other solver is any program that reads one move string per line on stdin (digits 1-7 from
the left, Pons' convention; an empty line is the empty board), clears its state, solves the
position and prints `moves score nodes micros` (micros: its own solve time). This script fetches
and builds nothing: it takes the command (`--other "PATH ARGS"`). For c4 (AGPL, not part of this
repository), a wrapper around c4's `Solver` with 1 thread and a 64 MB table is such a command;
its build is the user's (see docs/measurements.md for the one measured here).

treebench runs as one `treebench solve --engine SPEC` process (table reset before every line,
time measured inside the process; both solve the first position once, untimed, before the
run). Per position the two go in alternating order; both scores
must equal each other and the set's (the script stops otherwise). Output: a Markdown table per
ply (positions, total milliseconds, speed-up = other's time / treebench's, median per-position
speed-up, node ratio = treebench's nodes / other's, ns per node each) and a line over all plies.

    python3 scripts/bench_vs_solver.py --other "/path/c4solve -t 1 -m 64" \\
        --set benches/data/pons/Test_L1_R2 --every 4 --min-ply 8 --max-ply 14
    python3 scripts/bench_vs_solver.py --other "/path/c4solve -t 2" --engine mtdf:threads=2 \\
        --empty-board --set ''
"""

import argparse
import hashlib
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


class Proc:
    """A line-protocol solver process: one position in, `moves score nodes micros` out."""

    def __init__(self, argv, name):
        self.name = name
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def solve(self, moves):
        self.p.stdin.write(moves + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        f = line.split()
        if moves == "":  # the empty board: no moves field
            f = [""] + f
        extra = dict(x.split("=", 1) for x in f[4:] if "=" in x)
        if len(f) < 4 or f[0] != moves:
            sys.exit(f"{self.name} answered `{line.strip()}` to `{moves}`")
        return int(f[1]), int(f[2]), float(f[3]), extra

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=60)


def read_set(path, every, lo, hi):
    out = []
    with open(path) as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
        for i, line in enumerate(lines):
            moves, score = line.split()[:2]
            if i % every == 0 and lo <= len(moves) <= hi:
                out.append((moves, int(score)))
    return out


def table(rows, other):
    """Markdown rows per ply and over all: rows are (ply, tb_us, tb_nodes, o_us, o_nodes)."""
    print(f"| ply | n | treebench ms | {other} ms | speed-up | median speed-up | node ratio "
          f"| treebench ns/node | {other} ns/node |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    plies = sorted({r[0] for r in rows})
    for key in plies + ["all"]:
        rs = [r for r in rows if key == "all" or r[0] == key]
        tb_us, tb_n = sum(r[1] for r in rs), sum(r[2] for r in rs)
        o_us, o_n = sum(r[3] for r in rs), sum(r[4] for r in rs)
        med = statistics.median(r[3] / r[1] for r in rs if r[1] > 0)
        ns = lambda us, n: f"{1000 * us / n:.0f}" if n else "n/a"
        print(f"| {key} | {len(rs)} | {tb_us / 1000:,.1f} | {o_us / 1000:,.1f} | "
              f"{o_us / tb_us:.2f}x | {med:.2f}x | {tb_n / o_n:.2f} | {ns(tb_us, tb_n)} | "
              f"{ns(o_us, o_n)} |")


def first_prime_at_least(n):
    n |= 1
    while any(n % d == 0 for d in range(3, int(n ** 0.5) + 1, 2)):
        n += 2
    return n


def build_c4(src, build_root, threads, table_mb):
    """The wrapper built against a copy of c4's sources: (plain binary, counting binary)."""
    settings = os.path.join(src, "src", "solver", "settings.h")
    if not os.path.isfile(settings):
        sys.exit(f"--c4-src {src}: no src/solver/settings.h (not a checkout of c4)")
    entries = first_prime_at_least(table_mb * (1 << 20) // 8)
    mine = [os.path.join(HERE, "c4_wrapper.cpp"), os.path.join(HERE, "c4", "ply_progress.cpp")]
    key = hashlib.sha256(repr((os.path.abspath(src), threads, entries)).encode())
    for path in mine:
        key.update(open(path, "rb").read())
    out = os.path.join(build_root, f"c4-t{threads}-e{entries}-{key.hexdigest()[:10]}")
    plain, counting = os.path.join(out, "c4solve"), os.path.join(out, "c4solve-count")
    if os.path.exists(plain) and os.path.exists(counting):
        return plain, counting
    copy = os.path.join(out, "src")
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(os.path.join(src, "src"), copy)
    path = os.path.join(copy, "solver", "settings.h")
    text = open(path).read()
    for name, value in (("NUM_THREADS", str(threads)), ("NUM_TABLE_ENTRIES", str(entries))):
        text, n = re.subn(rf"({name}\s*=\s*)[0-9]+", rf"\g<1>{value}", text)
        if n != 1:
            sys.exit(f"{settings}: no `{name} = N` to set (c4's settings changed?)")
    open(path, "w").write(text)
    solver = [os.path.join(d, f) for d, _, fs in os.walk(os.path.join(copy, "solver"))
              for f in sorted(fs) if f.endswith(".cpp")]
    flags = ["g++", "-std=c++20", "-O3", "-flto", "-DNDEBUG", "-Wall", "-pthread",
             "-I", copy, "-I", os.path.join(copy, "solver")]
    reporter = os.path.join(copy, "solver", "util", "progress.cpp")
    for binary, extra, srcs in (
        (plain, [], solver),
        (counting, ["-DC4W_PLIES"], [f for f in solver if f != reporter] + [mine[1]]),
    ):
        cmd = flags + extra + srcs + [mine[0], "-o", binary]
        print(f"building {binary} (threads {threads}, {entries} table entries)", file=sys.stderr)
        if subprocess.run(cmd).returncode != 0:
            sys.exit(f"building the c4 wrapper failed: {shlex.join(cmd)}")
    return plain, counting


def ply_table(rows, other):
    """Interior nodes by ply (of the node, not of the root) summed over the positions."""
    tb, o = {}, {}
    for r in rows:
        for side, x in ((tb, r[5]), (o, r[6])):
            for item in filter(None, x.get("plies", "").split(",")):
                p, n = item.split(":")
                side[int(p)] = side.get(int(p), 0) + int(n)
    print(f"\n| node ply | treebench interior | {other} interior | ratio |")
    print("|---:|---:|---:|---:|")
    for p in sorted(set(tb) | set(o)):
        ratio = f"{tb.get(p, 0) / o[p]:.2f}" if o.get(p) else "n/a"
        print(f"| {p} | {tb.get(p, 0):,} | {o.get(p, 0):,} | {ratio} |")


def accounting(rows, other):
    """Totals of the counters of both solvers over the positions (`--counters`)."""
    s = lambda i, k: sum(float(r[i].get(k, 0)) for r in rows)
    n = len(rows)
    tb_nodes, o_nodes = sum(r[2] for r in rows), sum(r[4] for r in rows)
    tb_int, o_int = s(5, "interior"), s(6, "interior")
    print(f"\n| counter (sum over {n} positions) | treebench | {other} |")
    print("|---|---:|---:|")
    print(f"| nodes | {tb_nodes:,} | {o_nodes:,} |")
    print(f"| interior nodes | {tb_int:,.0f} | {o_int:,.0f} |")
    print(f"| leaves + table cutoffs (treebench) | {tb_nodes - tb_int:,.0f} | n/a |")
    # c4 reports rates only: weight them by its nodes (hit rate) and interior nodes.
    w = lambda k, wk: sum(float(r[6].get(k, 0)) * float(r[6].get(wk, 0)) for r in rows)
    o_hit = w("hit_rate", "nodes") / max(1, sum(float(r[6].get("nodes", 0)) for r in rows))
    print(f"| table hit rate (lookups that found the position) | "
          f"{s(5, 'hits') / max(1, s(5, 'tt_lookups')):.3f} | {o_hit:.3f} (weighted by nodes) |")
    print(f"| first child cuts (of beta cut-offs) | "
          f"{s(5, 'first_move_cutoffs') / max(1, s(5, 'beta_cutoffs')):.3f} | n/a |")
    print(f"| best move searched first (of interior) | n/a | "
          f"{w('best_first', 'interior') / max(1, o_int):.3f} |")
    ply_table(rows, other)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--other", help="the other solver's command line")
    ap.add_argument("--c4-src", help="a checkout of c4: build the wrapper and use it as --other")
    ap.add_argument("--c4-build", default="/tmp/treebench-c4", help="scratch folder of builds")
    ap.add_argument("--c4-threads", type=int, default=1, help="c4's NUM_THREADS (0: all cores)")
    ap.add_argument("--c4-table-mb", type=int, default=64, help="c4's table size in MiB")
    ap.add_argument("--counters", action="store_true",
                    help="node accounting: counters of both solvers (treebench gets count=on)")
    ap.add_argument("--name", default="c4", help="the other solver's name in the table")
    ap.add_argument("--bin", default="target/release/treebench")
    ap.add_argument("--engine", default="mtdf")
    ap.add_argument("--set", default="benches/data/pons/Test_L1_R2")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--min-ply", type=int, default=0)
    ap.add_argument("--max-ply", type=int, default=42)
    ap.add_argument("--empty-board", action="store_true")
    a = ap.parse_args()
    if (a.other is None) == (a.c4_src is None):
        sys.exit("give exactly one of --other and --c4-src")
    if a.c4_src:
        plain, counting = build_c4(a.c4_src, a.c4_build, a.c4_threads, a.c4_table_mb)
        a.other = f"{counting} -s" if a.counters else plain
    tb_argv = [a.bin, "solve", "--engine", a.engine]
    if a.counters:
        sep = "," if ":" in a.engine else ":"
        tb_argv = [a.bin, "solve", "--counters", "--engine", f"{a.engine}{sep}count=on"]
    tb = Proc(tb_argv, "treebench")
    other = Proc(shlex.split(a.other), a.name)
    positions = read_set(a.set, a.every, a.min_ply, a.max_ply) if a.set else []
    if a.empty_board:
        positions.append(("", None))
    print(f"treebench `{a.engine}` vs {a.name} `{a.other}`: {len(positions)} positions "
          f"({a.set or 'no set'}, every {a.every}, plies {a.min_ply}-{a.max_ply}"
          f"{', and the empty board' if a.empty_board else ''}); order alternated\n")
    # Warm-up, untimed: the first position once each, so that neither pays the first touch of
    # its table's pages inside a timed solve (treebench's reset is lazy; c4 clears its table
    # before every solve, outside its timer). Not for the empty board alone: 30 s, and the
    # first touch is nothing beside it.
    if positions and positions[0][0]:
        tb.solve(positions[0][0])
        other.solve(positions[0][0])
    rows = []
    for i, (moves, want) in enumerate(positions):
        first, second = (tb, other) if i % 2 == 0 else (other, tb)
        r1, r2 = first.solve(moves), second.solve(moves)
        t, o = (r1, r2) if first is tb else (r2, r1)
        if t[0] != o[0] or (want is not None and t[0] != want):
            sys.exit(f"scores differ on `{moves}`: treebench {t[0]}, {a.name} {o[0]}, set {want}")
        o[3]["nodes"] = o[1]
        rows.append((len(moves), t[2], t[1], o[2], o[1], t[3], o[3]))
        if moves == "":
            print(f"empty board: score {t[0]}; treebench {t[2] / 1e6:.2f} s, {t[1]:,} nodes; "
                  f"{a.name} {o[2] / 1e6:.2f} s, {o[1]:,} nodes\n")
    tb.close()
    other.close()
    rows = [r for r in rows if r[0] > 0]
    if rows:
        table(rows, a.name)
        if a.counters:
            accounting(rows, a.name)
    print("\nEvery score equal to the other solver's and to the set's.")


if __name__ == "__main__":
    main()
