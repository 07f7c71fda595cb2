#!/usr/bin/env bash
# Issue 23, item 5: the checks that need a 16-core machine, as one prepared command for the
# `device` tool (a machine with 16 cores, lent to some sessions; nothing can be fetched there).
#
# Here, once (the binary and BitBully's wheel travel in .device/, which git ignores):
#   mkdir -p .device && echo /.device/ >> "$(git rev-parse --git-path info/exclude)"
#   cargo build --release && strip -o .device/treebench target/release/treebench && gzip -f .device/treebench
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
#     --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 -d .device bitbully==0.0.79
# There, one `run` call with carry [".device"] and timeout_s 600:
#   bash scripts/device_check.sh "$OUT"
#
# Each part writes its file into OUT (the folder given) when it ends, so a command stopped at its
# limit still returns the parts before; they run shortest first:
#   solo.txt    the machine (CPU model, cores, transparent huge pages, the binary's --version) and
#               the empty board solved by `mtdf` on 1 thread and by `mtdf:threads=16`
#   threads.csv, threads.svg, threads.png
#               `treebench threads --threads 1,2,4,8,16` on 8 seeded positions of ply 8 (3 repeats)
#   pons.md     `bench_vs_bitbully.py --set benches/data/pons/Test_L1_R2 --min-ply 4`: every
#               position of Pons' Begin-Medium set against BitBully 0.0.79 (4 min 25 s on the
#               2-core AMD VM)
#   log.txt     everything the parts printed
# Timing on 2026-12-02's AMD VM of the first two parts: about 1 min 40 s.
#
# DEVICE_CHECK_QUICK=1 checks the plumbing on any machine in under a minute: the position `4453`
# instead of the empty board and 2 threads instead of 16, threads 1,2 on 2 positions, every 50th
# line of the set. Its numbers answer nothing of the issue.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/device_check.sh OUT_DIR}
mkdir -p "$out"
log=$out/log.txt
: >"$log"
quick=${DEVICE_CHECK_QUICK:-0}

tb=${TB:-}
if [ -z "$tb" ]; then
  if [ -f .device/treebench.gz ]; then
    gunzip -c .device/treebench.gz >/tmp/treebench-device && chmod +x /tmp/treebench-device
    tb=/tmp/treebench-device
  elif [ -x .device/treebench ]; then
    tb=.device/treebench
  else
    echo "device_check: no binary: .device/treebench.gz (see the header), or TB=PATH" >&2
    exit 2
  fi
fi
wheel=$(ls .device/bitbully-0.0.79-*.whl 2>/dev/null | head -1)
python=${PYTHON:-python3}

say() { echo "$*" | tee -a "$log"; }

# 1. The machine and the empty board.
{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "cores: $(nproc)"
  echo "transparent huge pages: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo unreadable)"
  echo "treebench: $("$tb" --version 2>&1 | head -1)"
  if [ "$quick" = 1 ]; then board=(4453); threads=2; else board=(""); threads=16; fi
  for spec in mtdf "mtdf:threads=$threads"; do
    start=$(date +%s%N)
    line=$("$tb" solve --engine "$spec" "${board[@]}" 2>&1)
    rc=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    echo "$spec on ${board[*]:-the empty board}: '$line' (moves score nodes micros), exit $rc, $ms ms with start-up"
  done
} 2>&1 | tee -a "$log" >"$out/solo.txt.part" && mv "$out/solo.txt.part" "$out/solo.txt"

# 2. Parallel scaling: the table and the figure.
if [ "$quick" = 1 ]; then tl=1,2; count=2; else tl=1,2,4,8,16; count=8; fi
fig=$(mktemp -d)
"$tb" threads --threads "$tl" --ply 8 --count "$count" --repeats 3 \
  --csv "$out/threads.csv" --figure "$fig" 2>&1 | tee -a "$log"
cp "$fig/threads.svg" "$fig/threads.png" "$out/" 2>/dev/null || say "device_check: no figure"

# 3. Pons' Begin-Medium set against BitBully.
every=1
[ "$quick" = 1 ] && every=50
# An installed BitBully first; else the wheel carried in .device/ (for that machine's Python).
wheel_arg=()
if ! "$python" -c 'import bitbully' 2>/dev/null && [ -n "$wheel" ]; then
  wheel_arg=(--wheel "$wheel")
fi
if PYTHONUNBUFFERED=1 "$python" scripts/bench_vs_bitbully.py --set benches/data/pons/Test_L1_R2 \
  --every "$every" --min-ply 4 --bin "$tb" "${wheel_arg[@]}" 2>&1 | tee -a "$log" >"$out/pons.md.part"; then
  mv "$out/pons.md.part" "$out/pons.md"
else
  say "device_check: the comparison with BitBully failed (pons.md.part, log.txt)"
fi
say "device_check: done"
