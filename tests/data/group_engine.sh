#!/bin/sh
# A stand-in engine for the process-group tests: a shell wrapper that starts a child of its own
# (`sleep`), writes "WRAPPER_PID CHILD_PID" to PIDFILE, then, on the first request, either hangs
# without answering (MODE hang) or answers garbage (MODE garbage) and waits.
# Usage: group_engine.sh MODE PIDFILE
mode=$1
pidfile=$2
sleep 100000 &
echo "$$ $!" > "$pidfile.tmp" && mv "$pidfile.tmp" "$pidfile"
read -r line
if [ "$mode" = garbage ]; then
  echo "hello world"
fi
wait
