#!/usr/bin/env python3
"""A protocol engine that misbehaves on purpose, for the failure tests of `ext:`.

Usage: flaky_engine.py TREEBENCH_BINARY MODE N [PIDFILE]

Answers the first N positions correctly (through `treebench serve`), then, on position N+1:
  die     write `flaky: dying after N positions` to stderr and exit with status 7;
  hang    never answer;
  garbage answer `hello world`;
  pidfile write its process id to PIDFILE and wait forever (the test kills it).
"""
import os
import subprocess
import sys
import time

binary, mode, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
inner = subprocess.Popen([binary, "serve", "--engine", "mtdf"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)
done = 0
for line in sys.stdin:
    if done == n:
        if mode == "die":
            print(f"flaky: dying after {n} positions", file=sys.stderr, flush=True)
            sys.exit(7)
        if mode == "garbage":
            print("hello world", flush=True)
            continue
        if mode == "pidfile":
            with open(sys.argv[4] + ".tmp", "w") as f:
                f.write(str(os.getpid()))
            os.rename(sys.argv[4] + ".tmp", sys.argv[4])
        while True:
            time.sleep(1)
    inner.stdin.write(line)
    inner.stdin.flush()
    print(inner.stdout.readline().strip(), flush=True)
    done += 1
