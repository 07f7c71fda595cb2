#!/usr/bin/env python3
"""Generate random Connect-4 positions scored by BitBully, in Pons' test-set format.

Positions are drawn by a seeded Python `random.Random` (independent of treebench's Rust
generator): for each ply in --min-ply..--max-ply, random legal playouts of that length are drawn
until --per-ply positions are found. A playout in which a four-in-a-row appears is discarded
(game over: the side to move has already lost). Positions where the side to move can win at once
are kept (at most --max-immediate per ply) only if BitBully scores them (43 - n) // 2 as the
convention says; otherwise they are excluded and the header says so.

Each position is solved by BitBully with the opening book off and the transposition table reset
before every solve, with all three drivers (mtdf, negamax, null_window); they must agree.

With --min-remaining R only positions whose perfect play lasts at least R more moves are kept
(Pons' rating of a set: his Begin-Hard set, held out here, keeps 28 to 42 remaining moves at 0 to
14 stones); --drivers solves them with fewer of BitBully's drivers (they are slow on such positions).

Output: `moves score` per line (moves are column digits 1..7, Pons' convention) preceded by `#`
comment lines (generator, seed, bitbully version, checks of the convention examples).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import bitbully
from bitbully import BitBully, Board

ROWS, COLS = 6, 7
DRIVERS = ("mtdf", "negamax", "null_window")
# Convention examples (Pons): moves -> score. The empty board is solved only with --with-empty.
EXAMPLES = {"4453": -2, "4455": 18, "44455554221": -15}


class Pos:
    """Tiny independent board: grid[c] is the list of players (0 first, 1 second) bottom->top."""

    def __init__(self) -> None:
        self.grid: list[list[int]] = [[] for _ in range(COLS)]
        self.n = 0

    def cell(self, c: int, r: int) -> int | None:
        if 0 <= c < COLS and 0 <= r < len(self.grid[c]):
            return self.grid[c][r]
        return None

    def wins_at(self, c: int, r: int, p: int) -> bool:
        """Would a stone of player p at (c, r) complete four (the cell itself counted as p)?"""
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            k = 1
            for s in (1, -1):
                cc, rr = c + s * dc, r + s * dr
                while self.cell(cc, rr) == p:
                    k += 1
                    cc, rr = cc + s * dc, rr + s * dr
            if k >= 4:
                return True
        return False

    def legal(self) -> list[int]:
        return [c for c in range(COLS) if len(self.grid[c]) < ROWS]

    def play(self, c: int) -> bool:
        """Play column c (0-based); return True if the move completed a four."""
        p = self.n % 2
        r = len(self.grid[c])
        won = self.wins_at(c, r, p)
        self.grid[c].append(p)
        self.n += 1
        return won

    def can_win_now(self) -> bool:
        p = self.n % 2
        return any(self.wins_at(c, len(self.grid[c]), p) for c in self.legal())


def remaining_moves(score: int, ply: int) -> int:
    """Moves left under perfect play from a position of `ply` stones scored `score`, counted as
    Pons rates his sets (one less than the stones still to be played: Begin-Easy 0-13,
    Begin-Medium 14-27)."""
    if score == 0:
        return ROWS * COLS - ply - 1
    winner_stones = (ROWS * COLS + 2) // 2 - abs(score)
    winner_moves_first = (score > 0) == (ply % 2 == 0)
    return 2 * winner_stones - (1 if winner_moves_first else 0) - ply - 1


def solve_all(agent: BitBully, moves: str, drivers=DRIVERS) -> tuple[int, dict[str, tuple[int, int, float]]]:
    board = Board([int(ch) - 1 for ch in moves])
    out = {}
    for d in drivers:
        agent.reset_transposition_table()
        agent.reset_node_counter()
        t0 = time.perf_counter()
        s = getattr(agent, d)(board)
        out[d] = (s, agent.get_node_counter(), time.perf_counter() - t0)
    scores = {v[0] for v in out.values()}
    if len(scores) != 1:
        raise AssertionError(f"drivers disagree on {moves!r}: {out}")
    return scores.pop(), out


def random_position(rng: random.Random, ply: int) -> tuple[str, bool] | None:
    pos = Pos()
    moves = []
    for _ in range(ply):
        c = rng.choice(pos.legal())
        if pos.play(c):
            return None  # game over before/at the end: side to move has lost
        moves.append(str(c + 1))
    return "".join(moves), pos.can_win_now()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--min-ply", type=int, default=6)
    ap.add_argument("--max-ply", type=int, default=36)
    ap.add_argument("--per-ply", type=int, default=10)
    ap.add_argument("--max-immediate", type=int, default=1, help="immediate wins kept per ply at most")
    ap.add_argument("--with-empty", action="store_true", help="also solve the empty board (mtdf, minutes)")
    ap.add_argument("--min-remaining", type=int, default=0,
                    help="keep only positions lasting at least this many more moves (Begin-Hard: 28)")
    ap.add_argument("--drivers", default=",".join(DRIVERS), help="BitBully drivers that must agree")
    ap.add_argument("-o", "--output", default="tests/data/bitbully_scores.txt")
    args = ap.parse_args()

    drivers = tuple(args.drivers.split(","))
    if not drivers or any(d not in DRIVERS for d in drivers):
        ap.error(f"--drivers: a comma-separated subset of {','.join(DRIVERS)}")
    agent = BitBully(opening_book=None)
    assert not agent.is_book_loaded()
    t_start = time.perf_counter()

    notes = []
    for moves, want in EXAMPLES.items():
        got, _ = solve_all(agent, moves)
        notes.append(f"{moves} -> {got} (expected {want}, {'ok' if got == want else 'MISMATCH'})")
        if got != want:
            print(f"example {moves}: BitBully {got}, convention {want}", file=sys.stderr)
    if args.with_empty:
        agent.reset_transposition_table()
        agent.reset_node_counter()
        t0 = time.perf_counter()
        got = agent.mtdf(Board())
        dt = time.perf_counter() - t0
        notes.append(f"empty -> {got} (expected 1, {'ok' if got == 1 else 'MISMATCH'}; mtdf only, {dt:.0f} s)")
    else:
        notes.append("empty board not solved here (run with --with-empty)")

    rng = random.Random(args.seed)
    rows: list[tuple[str, int]] = []
    imm_kept = imm_bad = 0
    seen: set[str] = set()
    for ply in range(args.min_ply, args.max_ply + 1):
        got_here = imm_here = 0
        t_ply = time.perf_counter()
        while got_here < args.per_ply:
            drawn = random_position(rng, ply)
            if drawn is None:
                continue
            moves, immediate = drawn
            if moves in seen:
                continue
            if immediate and imm_here >= args.max_immediate:
                continue
            seen.add(moves)
            score, _ = solve_all(agent, moves, drivers)
            if remaining_moves(score, ply) < args.min_remaining:
                continue
            if immediate:
                if score != (43 - ply) // 2:
                    imm_bad += 1
                    print(f"excluded immediate win {moves}: BitBully {score}, convention {(43 - ply) // 2}",
                          file=sys.stderr)
                    continue
                imm_here += 1
                imm_kept += 1
            rows.append((moves, score))
            got_here += 1
        print(f"ply {ply}: {got_here} positions ({imm_here} immediate wins) in {time.perf_counter() - t_ply:.1f} s",
              file=sys.stderr, flush=True)

    elapsed = time.perf_counter() - t_start
    with open(args.output, "w") as f:
        f.write(
            f"# generator=scripts/gen_bitbully_positions.py seed={args.seed} plies={args.min_ply}-{args.max_ply}"
            f" per_ply={args.per_ply} min_remaining={args.min_remaining} bitbully={bitbully.__version__}"
            f" book=off tt_reset=each drivers={','.join(drivers)}(agree) n={len(rows)}"
            f" gen_seconds={elapsed:.0f}\n"
        )
        f.write("# convention examples: " + "; ".join(notes) + "\n")
        f.write(
            f"# immediate wins for the side to move: {imm_kept} kept (BitBully = (43-n)/2),"
            f" {imm_bad} excluded (BitBully disagreed); game-over positions skipped\n"
        )
        for moves, score in rows:
            f.write(f"{moves} {score}\n")
    print(f"wrote {len(rows)} positions to {args.output} in {elapsed:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
