#!/usr/bin/env python3
"""Side-by-side timing of treebench's Connect-4 solver and BitBully on the same positions.

For each ply, N positions are drawn by a seeded generator (random legal moves; a draw that
completes four in a row, or ends with the side to move able to win at once, is thrown away;
duplicates are skipped). Every position is solved by both engines, interleaved (the engine that
goes first alternates), each with a fresh table and no opening book:

- treebench: one long-running `treebench solve --engine SPEC` process fed one move string per
  line on stdin; it resets its table before each line and prints `moves score nodes micros`
  (micros: the solve alone, timed inside the process).
- BitBully: its Python binding (`bitbully.bitbully_core`), `resetTranspositionTable()` and
  `resetNodeCounter()` before each solve, timed around the `mtdf` call (so it includes the small
  cost of the binding's call).

The scores must agree (the script stops otherwise). It prints a Markdown table per ply: totals of
time and nodes, the speed-up (BitBully's time / treebench's), the node ratio (treebench's /
BitBully's) and each engine's nanoseconds per node (its time / its nodes), and the median of the
per-position speed-ups. `--empty-board` also solves the empty board with both (opt-in: minutes
each), each in its own process with a time limit.

    python3 scripts/bench_vs_bitbully.py                # plies 8..20, 40 positions each
    python3 scripts/bench_vs_bitbully.py --plies 12,14 -n 20 --seed 7
    python3 scripts/bench_vs_bitbully.py --empty-board --plies ''
    python3 scripts/bench_vs_bitbully.py --positions FILE   # one move string a line, any plies
    python3 scripts/bench_vs_bitbully.py --set benches/data/pons/Test_L1_R2 --every 2 --min-ply 6

`--set FILE` reads one of Pascal Pons' test sets (`moves score` a line, see
benches/data/pons/README.md): both engines' scores must also equal the set's. `--every K` keeps
every K-th line of the file (the 1st, K+1-th, ...) and `--min-ply P` drops positions of fewer
than P stones, to keep a run short. The table ends with a line over all plies.

Requires BitBully 0.0.79: `pip install bitbully==0.0.79`, or, on a machine without a package
registry, `--wheel bitbully-0.0.79-....whl` (the wheel file for that machine's Python, fetched
elsewhere with `pip download bitbully==0.0.79 --no-deps`): it is unpacked into a temporary
folder and imported from there, nothing is installed. treebench's release binary is built with
cargo unless `--bin` names one.
"""

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

W, H = 7, 6


class Board:
    """A tiny bitboard (Pons' layout) to draw positions and detect wins."""

    def __init__(self):
        self.current = 0  # stones of the side to move
        self.mask = 0
        self.moves = 0

    def can_play(self, c):
        return self.mask & (1 << (H - 1 + c * (H + 1))) == 0

    def _move_bit(self, c):
        return (self.mask + (1 << (c * (H + 1)))) & (((1 << H) - 1) << (c * (H + 1)))

    @staticmethod
    def _aligned(p):
        for s in (1, H, H + 1, H + 2):
            m = p & (p >> s)
            if m & (m >> (2 * s)):
                return True
        return False

    def is_winning_move(self, c):
        return self._aligned(self.current | self._move_bit(c))

    def can_win_next(self):
        return any(self.can_play(c) and self.is_winning_move(c) for c in range(W))

    def play(self, c):
        self.current ^= self.mask
        self.mask |= self._move_bit(c)
        self.moves += 1

    def key(self):
        return self.current + self.mask


def draw_positions(seed, ply, n):
    """`n` distinct positions of `ply` stones, undecided, side to move unable to win at once."""
    rng = random.Random(f"{seed}:{ply}")
    out, seen, attempts = [], set(), 0
    while len(out) < n:
        attempts += 1
        if attempts > 1000 * n:
            raise SystemExit(f"could not draw {n} distinct positions at ply {ply}")
        b, moves, ok = Board(), [], True
        while b.moves < ply:
            cols = [c for c in range(W) if b.can_play(c)]
            c = rng.choice(cols)
            if b.is_winning_move(c):
                ok = False
                break
            b.play(c)
            moves.append(str(c + 1))
        if not ok or b.can_win_next() or b.key() in seen:
            continue
        seen.add(b.key())
        out.append("".join(moves))
    return out


def treebench_binary(path):
    if path:
        return path
    cmd = ["cargo", "build", "--release", "--bin", "treebench", "--message-format=json"]
    res = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True)
    for line in res.stdout.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and msg.get("executable"):
            if msg["target"]["name"] == "treebench":
                return msg["executable"]
    raise SystemExit("cargo did not report the treebench binary")


class Treebench:
    def __init__(self, binary, spec):
        self.proc = subprocess.Popen(
            [binary, "solve", "--engine", spec],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def solve(self, moves):
        self.proc.stdin.write(moves + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline().split()
        if len(line) != 4 or line[0] != moves:
            raise SystemExit(f"treebench answered {line!r} for {moves!r}")
        return int(line[1]), int(line[2]), int(line[3]) / 1e6

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def use_wheel(path):
    """Import BitBully from a wheel file: unpack it (a zip) and put it first on the path."""
    try:
        folder = tempfile.mkdtemp(prefix="bitbully-wheel-")
        with zipfile.ZipFile(path) as z:
            z.extractall(folder)
    except (OSError, zipfile.BadZipFile) as e:
        raise SystemExit(f"--wheel {path}: {e}")
    sys.path.insert(0, folder)


class BitBully:
    def __init__(self):
        try:
            import bitbully.bitbully_core as bc
        except ImportError as e:
            raise SystemExit(f"cannot import BitBully ({e}): pip install bitbully==0.0.79, "
                             "or pass --wheel FILE")

        self.bc = bc
        self.solver = bc.BitBullyCore()  # no opening book loaded

    def solve(self, moves):
        b = self.bc.BoardCore()
        if not b.setBoard([int(c) - 1 for c in moves]):
            raise SystemExit(f"BitBully rejected {moves!r}")
        self.solver.resetTranspositionTable()
        self.solver.resetNodeCounter()
        t = time.perf_counter()
        score = self.solver.mtdf(b, 0)
        secs = time.perf_counter() - t
        return score, self.solver.getNodeCounter(), secs


EMPTY_BITBULLY = """
import time, bitbully.bitbully_core as bc
s = bc.BitBullyCore(); s.resetTranspositionTable(); s.resetNodeCounter()
t = time.perf_counter(); v = s.mtdf(bc.BoardCore(), 0); dt = time.perf_counter() - t
print(v, s.getNodeCounter(), dt)
"""


def empty_board(binary, spec, limit):
    rows = []
    try:
        t = time.perf_counter()
        out = subprocess.run(
            [binary, "solve", "--engine", spec, ""],
            check=True, stdout=subprocess.PIPE, text=True, timeout=limit,
        ).stdout.split()
        rows.append(("treebench", int(out[0]), int(out[1]), int(out[2]) / 1e6))
    except subprocess.TimeoutExpired:
        rows.append(("treebench", None, None, f"> {limit} s (stopped)"))
    try:
        out = subprocess.run(
            [sys.executable, "-c", EMPTY_BITBULLY],
            check=True, stdout=subprocess.PIPE, text=True, timeout=limit,
        ).stdout.split()
        rows.append(("BitBully", int(out[0]), int(out[1]), float(out[2])))
    except subprocess.TimeoutExpired:
        rows.append(("BitBully", None, None, f"> {limit} s (stopped)"))
    print("\n| empty board | score | nodes | seconds |\n|---|---:|---:|---:|")
    for name, score, nodes, secs in rows:
        s = f"{secs:.1f}" if isinstance(secs, float) else secs
        n = f"{nodes:,}" if nodes is not None else "-"
        print(f"| {name} | {score if score is not None else '-'} | {n} | {s} |")
    if rows[0][1] is not None and rows[1][1] is not None and rows[0][1] != rows[1][1]:
        raise SystemExit("empty board: scores differ")


def read_lines(path, flag, expected):
    """The move strings of `path` (first field of each non-blank line); with `expected`, also
    the second field, the score, into `expected[moves]`."""
    try:
        fields = [l.split() for l in open(path) if l.strip() and not l.startswith("#")]
    except OSError as e:
        raise SystemExit(f"{flag}: {e}")
    bad = [f[0] for f in fields if not f[0].isdigit() or set(f[0]) - set("1234567")]
    if bad:
        raise SystemExit(f"{flag}: not a move string of columns 1-7: {bad[0]!r}")
    if expected is not None:
        for f in fields:
            if len(f) < 2 or not f[1].lstrip("-").isdigit():
                raise SystemExit(f"{flag}: expected `moves score`, got {' '.join(f)!r}")
            expected[f[0]] = int(f[1])
    return [f[0] for f in fields]


def bitbully_version():
    """The version of the BitBully package imported (its dist-info, also from --wheel)."""
    try:
        import importlib.metadata
        return importlib.metadata.version("bitbully")
    except Exception:  # no dist-info found: say so rather than guess
        return "(version unknown)"


def thp_mode():
    """The chosen transparent-huge-page mode (both engines' tables depend on it for TLB misses)."""
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
            text = f.read()
        return text.split("[", 1)[1].split("]", 1)[0]
    except (OSError, IndexError):
        return "unreadable"


def build_line(binary):
    """What `treebench --version` says of the binary: revision, compiler, build target."""
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30)
        return out.stdout.strip() or "treebench --version printed nothing"
    except (OSError, subprocess.SubprocessError) as e:
        return f"treebench --version failed: {e}"


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def os_cpus():
    return os.cpu_count()


def table_row(label, n, t):
    med = f"{statistics.median(t['ratios']):.2f}x" if t["ratios"] else "-"
    return (f"| {label} | {n} | {t['tt'] * 1e3:,.1f} | {t['bt'] * 1e3:,.1f} | "
            f"{t['bt'] / max(t['tt'], 1e-12):.2f}x | {med} | "
            f"{t['tn']:,} | {t['bn']:,} | {t['tn'] / max(t['bn'], 1):.2f} | "
            f"{t['tt'] * 1e9 / max(t['tn'], 1):.0f} | "
            f"{t['bt'] * 1e9 / max(t['bn'], 1):.0f} |")


def print_table(rows):
    """One Markdown row per ply, then one over all plies (sums of times and nodes, the median
    of all per-position speed-ups)."""
    print("| ply | n | treebench ms | BitBully ms | speed-up | median speed-up | "
          "treebench nodes | BitBully nodes | node ratio | treebench ns/node | "
          "BitBully ns/node |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    total = {"tt": 0.0, "bt": 0.0, "tn": 0, "bn": 0, "ratios": []}
    for ply, n, t in rows:
        print(table_row(ply, n, t))
        for k in ("tt", "bt", "tn", "bn", "ratios"):
            total[k] += t[k]
    print(table_row("all", sum(n for _, n, _ in rows), total))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plies", default="8,10,12,14,16,18,20",
                    help="comma-separated plies ('' for none)")
    ap.add_argument("-n", type=int, default=40, help="positions per ply")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--engine", default="mtdf", help="treebench engine spec")
    ap.add_argument("--bin", help="treebench binary (default: cargo build --release)")
    ap.add_argument("--empty-board", action="store_true",
                    help="also solve the empty board with both (minutes each)")
    ap.add_argument("--empty-limit", type=float, default=600,
                    help="seconds allowed per engine for the empty board")
    ap.add_argument("--wheel", help="BitBully wheel file to import from (offline machines)")
    ap.add_argument("--positions", help="file of move strings (one a line) instead of drawn "
                                        "positions; grouped by ply")
    ap.add_argument("--set", help="a Pons test set (`moves score` a line) instead of drawn "
                                  "positions; grouped by ply, scores checked against the set's")
    ap.add_argument("--every", type=int, default=1,
                    help="--set/--positions: keep every K-th line (default 1: all)")
    ap.add_argument("--min-ply", type=int, default=0,
                    help="--set/--positions: drop positions of fewer stones")
    args = ap.parse_args()

    if args.every < 1:
        ap.error("--every must be at least 1")
    if args.wheel:
        use_wheel(args.wheel)
    binary = treebench_binary(args.bin)
    expected = {}
    if args.positions or args.set:
        lines = read_lines(args.set or args.positions, "--set" if args.set else "--positions",
                           expected if args.set else None)
        lines = [l for i, l in enumerate(lines) if i % args.every == 0 and len(l) >= args.min_ply]
        sets = {}
        for l in lines:
            sets.setdefault(len(l), []).append(l)
        plan = sorted(sets.items())
    else:
        plies = [int(p) for p in args.plies.split(",") if p.strip()]
        plan = [(ply, draw_positions(args.seed, ply, args.n)) for ply in plies]
    tb, bb = Treebench(binary, args.engine), BitBully()
    rows = []
    for ply, positions in plan:
        tot = {"tt": 0.0, "bt": 0.0, "tn": 0, "bn": 0, "ratios": []}
        for i, moves in enumerate(positions):
            first, second = (tb, bb) if i % 2 == 0 else (bb, tb)
            r1, r2 = first.solve(moves), second.solve(moves)
            (ts, tn, tt), (bs, bn, bt) = (r1, r2) if first is tb else (r2, r1)
            if ts != bs:
                raise SystemExit(f"ply {ply} {moves}: treebench {ts}, BitBully {bs}")
            if moves in expected and expected[moves] != ts:
                raise SystemExit(f"ply {ply} {moves}: both engines {ts}, the set {expected[moves]}")
            tot["tt"] += tt
            tot["bt"] += bt
            tot["tn"] += tn
            tot["bn"] += bn
            tot["ratios"].append(bt / max(tt, 1e-9))
        rows.append((ply, len(positions), tot))
        print(f"ply {ply}: done", file=sys.stderr)
    tb.close()

    if rows:
        src = args.set or args.positions or f"seed {args.seed}"
        if args.every > 1 or args.min_ply:
            src += f" (every {args.every}. line, plies from {args.min_ply})"
        agree = "scores equal on every position" + (" and to the set's" if args.set else "")
        print(f"treebench `{args.engine}` vs BitBully {bitbully_version()} `mtdf` (no book), "
              f"{src}; {agree}; "
              "order alternated per position; times measured inside each process; "
              f"CPU: {cpu_model()}, {os_cpus()} cores; transparent huge pages: {thp_mode()}; "
              f"{build_line(binary)}.\n")
        print_table(rows)
    if args.empty_board:
        empty_board(binary, args.engine, args.empty_limit)


if __name__ == "__main__":
    main()
