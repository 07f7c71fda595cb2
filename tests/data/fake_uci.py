#!/usr/bin/env python3
"""A stand-in UCI engine for treebench's protocol tests (no chess knowledge: it knows the
answers of a few positions, the start position and those of src/verify/chess_mates.txt).

Modes (first argument, default `normal`):
  normal      answers as a deterministic engine whose `ucinewgame` clears its table
  no-uciok    never sends `uciok`
  crash       writes to stderr and exits with status 3 in the middle of a search
  none        answers `bestmove (none)`
  no-nodes    its info lines carry no `nodes` (and no `time`)
  no-score    its info lines carry no score
  keep-table  keeps its table across `ucinewgame`: a position searched again takes fewer nodes
  wrong-mate  reports every mate one move too long
  hang        never answers `go`
  illegal     answers a best move that is not legal
  log=FILE    (a later argument) appends every command it reads to FILE
  pid=FILE    (a later argument) writes its process id to FILE once it has started
"""
import sys

# position command argument -> (best move, score kind, value)
KNOWN = {
    "startpos": ("e2e4", "cp", 30),
    "startpos moves e2e4": ("e7e5", "cp", -25),
    "startpos moves f2f3 e7e5 g2g4": ("d8h4", "mate", 1),
    "startpos moves e2e4 e7e5 f1c4 b8c6 d1h5 g8f6": ("h5f7", "mate", 1),
    "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1": ("a1a8", "mate", 1),
    "fen 6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1": ("g5f7", "mate", 1),
    "startpos moves e2e4 e7e5 g1f3 d7d6 f1c4 c8g4 b1c3 g7g6 f3e5 g4d1": ("c4f7", "mate", 2),
    "fen 7k/8/5K2/8/8/8/8/R7 w - - 0 1": ("f6g6", "mate", 2),
    "fen 5k2/8/5K2/8/8/8/8/4R3 w - - 0 1": ("f6g6", "mate", 2),
    "fen r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1": ("f6a6", "mate", 3),
}


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "normal"
    log = None
    for a in sys.argv[2:]:
        if a.startswith("log="):
            log = open(a[4:], "a")
        if a.startswith("pid="):
            import os
            with open(a[4:] + ".tmp", "w") as f:
                f.write(str(os.getpid()))
            os.rename(a[4:] + ".tmp", a[4:])
    table = {}
    position = "startpos"
    for raw in sys.stdin:
        cmd = raw.strip()
        if log:
            log.write(cmd + "\n")
            log.flush()
        if cmd == "uci":
            out("id name FakeUCI " + mode)
            out("id author treebench tests")
            out("option name Hash type spin default 16 min 1 max 1024")
            out("option name Threads type spin default 1 min 1 max 8")
            out("option name Skill Level type spin default 20 min 0 max 20")
            out("option name OwnBook type check default false")
            if mode != "no-uciok":
                out("uciok")
        elif cmd == "isready":
            out("readyok")
        elif cmd == "ucinewgame":
            if mode != "keep-table":
                table.clear()
        elif cmd.startswith("position "):
            position = cmd[len("position "):]
        elif cmd.startswith("go"):
            if mode == "hang":
                continue
            if mode == "crash":
                out("info depth 1 score cp 0 nodes 10 time 0")
                sys.stderr.write("fake_uci: segmentation fault (pretend)\n")
                sys.stderr.flush()
                sys.exit(3)
            known = KNOWN.get(position)
            if known is None:
                sys.stderr.write("fake_uci: unknown position " + position + "\n")
                out("bestmove 0000")
                continue
            move, kind, value = known
            if kind == "mate" and mode == "wrong-mate":
                value += 1
            nodes = 1000 + 37 * len(position)
            if position in table:
                nodes //= 2
            table[position] = True
            score = "" if mode == "no-score" else " score %s %d" % (kind, value)
            counts = "" if mode in ("no-nodes",) else " nodes %d time 3" % nodes
            out("info depth 1 seldepth 1%s%s pv %s" % (score, counts, move))
            out("info depth 2 seldepth 3 score cp 999 lowerbound" + counts)
            out("info depth 2 seldepth 4%s%s pv %s" % (score, counts, move))
            if mode == "none":
                out("bestmove (none)")
            elif mode == "illegal":
                out("bestmove e2e5")
            else:
                out("bestmove " + move)
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
