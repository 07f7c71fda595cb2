#!/usr/bin/env bash
# The cluster path against a real scheduler, called by scripts/test.sh:
#   1. installs Debian's slurmctld, slurmd, slurm-client and munge with apt-get if missing (root);
#   2. starts a private single-node Slurm: its own munged (own key and socket), slurmctld and
#      slurmd on this host with its CPU count, no cgroups (proctrack/linuxproc, task/none),
#      everything (config, state, logs, ports) in a scratch directory, so a Slurm already on the
#      machine is not touched;
#   3. runs experiments/slurm-array.sh as `sbatch --array=1-4` on a small experiment, waits,
#      merges the shards with `treebench merge`, and compares with a single run of the same
#      experiment: the rows must be equal except for the time columns;
#   4. stops the daemons it started (trap), whatever happened.
# Where Slurm cannot be installed or started the script says why: a failure when
# TREEBENCH_REQUIRE_ORACLES=1, else a SKIPPED line (scripts/oracles.sh). Prints its times.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/oracles.sh
t_start=$SECONDS
say() { echo "ci-slurm: $*"; }
cannot() { # cannot WHY: Slurm is unavailable here
  oracle_missing ci-slurm "$1"
  exit 0
}

# 1. Install.
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
  ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  [ "$(id -u)" = 0 ] || cannot "Slurm is not installed, and installing it needs root (apt-get install slurmctld slurmd slurm-client munge)"
  command -v apt-get >/dev/null || cannot "Slurm is not installed and there is no apt-get"
  pkgs=(slurmctld slurmd slurm-client munge)
  say "installing ${pkgs[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt_log=$(mktemp)
  if ! apt-get install -y -q --no-install-recommends "${pkgs[@]}" >"$apt_log" 2>&1; then
    apt-get update -q >>"$apt_log" 2>&1
    apt-get install -y -q --no-install-recommends "${pkgs[@]}" >>"$apt_log" 2>&1 ||
      cannot "apt-get install ${pkgs[*]} failed: $(tail -1 "$apt_log")"
  fi
  rm -f "$apt_log"
fi
t_installed=$SECONDS
say "installed in $((t_installed - t_start)) s"

# The treebench binary the jobs run: $TREEBENCH if set, else the release binary the tests built
# ($TREEBENCH_BIN from scripts/test.sh), else the release build made here.
if [ -z "${TREEBENCH:-}" ]; then
  TREEBENCH="${TREEBENCH_BIN:-$(bash scripts/cargo-bin.sh --release)}" || {
    say "cargo build --release failed" >&2
    exit 2
  }
fi
export TREEBENCH
[ -x "$TREEBENCH" ] || {
  say "no binary at $TREEBENCH" >&2
  exit 2
}
t_built=$SECONDS

# 2. Start a private single-node Slurm.
work=$(mktemp -d /var/tmp/treebench-slurm.XXXXXX)
chmod 700 "$work"
pids=()
stop() {
  [ -n "${SLURM_CONF:-}" ] && scancel --quiet --user="$(id -un)" 2>/dev/null
  for f in slurmd slurmctld munged; do
    [ -f "$work/$f.pid" ] && kill "$(cat "$work/$f.pid")" 2>/dev/null
  done
  sleep 1
  for f in slurmd slurmctld munged; do
    [ -f "$work/$f.pid" ] && kill -9 "$(cat "$work/$f.pid")" 2>/dev/null
  done
  if [ "${keep:-0}" = 1 ]; then say "logs kept in $work"; else rm -rf "$work"; fi
}
trap stop EXIT
logs() { # print the daemons' logs (on a failure)
  for f in "$work"/*.log; do
    [ -f "$f" ] && { echo "--- $f"; tail -20 "$f"; }
  done >&2
}

host=$(hostname -s)
cpus=$(nproc)
mem=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 9 / 10))
# Free ports: ask the kernel for two.
read -r port_ctld port_d < <("$PYTHON" -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1", 0)) for x in s]
print(*[x.getsockname()[1] for x in s])')

mkdir -p "$work/state" "$work/spool" "$work/run/results"
mungekey --create --keyfile="$work/munge.key" 2>/dev/null ||
  { dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none; }
chmod 600 "$work/munge.key"
munged --force --socket="$work/munge.socket" --key-file="$work/munge.key" \
  --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munged.seed" ||
  { logs; cannot "munged does not start"; }

cat >"$work/slurm.conf" <<CONF
ClusterName=treebenchci
SlurmctldHost=$host(127.0.0.1)
SlurmUser=$(id -un)
SlurmctldPort=$port_ctld
SlurmdPort=$port_d
AuthType=auth/munge
AuthInfo=socket=$work/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmdTimeout=60
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=ci Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -f "$SLURM_CONF" || { logs; cannot "slurmctld does not start"; }
slurmd -f "$SLURM_CONF" -N "$host" || { logs; cannot "slurmd does not start"; }
up=0
for _ in $(seq 1 120); do
  state=$(sinfo --noheader --nodes="$host" --format=%T 2>/dev/null)
  case "$state" in idle | mixed | allocated) up=1 && break ;; esac
  sleep 0.5
done
[ "$up" = 1 ] || { logs; cannot "the node never came up in 60 s (sinfo: ${state:-nothing})"; }
t_up=$SECONDS
say "slurmctld, slurmd and munged up in $((t_up - t_built)) s ($cpus CPUs, node $host)"

# 3. The experiment as a job array, merged, against a single run.
cd "$work/run"
cat >small.toml <<'TOML'
name = "small"
seed = 7
plies = [22, 26]
positions = 4
engines = ["negamax", "mtdf"]
TOML
slurm_script="$OLDPWD/experiments/slurm-array.sh"
failed=0
if ! timeout 900 sbatch --wait --quiet --array=1-4 "$slurm_script" small.toml; then
  say "the job array failed" >&2
  cat results/slurm-*.log >&2 2>/dev/null
  logs
  keep=1
  exit 1
fi
t_jobs=$SECONDS
say "sbatch --array=1-4 done in $((t_jobs - t_up)) s"
"$TREEBENCH" merge --out results/merged.csv results/small.shard-*-of-4.csv || failed=1
"$TREEBENCH" run small.toml --results single --no-report >/dev/null 2>&1 || failed=1
# Rows without the time columns (nanos, wall_nanos: the 11th and 12th), in a stable order.
rows() { cut -d, -f1-10,13- "$1" | sort; }
if [ "$failed" = 0 ] && diff <(rows results/merged.csv) <(rows single/small.csv) >diff.txt; then
  say "merged shards equal the single run ($(($(wc -l <single/small.csv) - 1)) rows, times aside)"
else
  say "merged shards differ from the single run:" >&2
  head -20 diff.txt >&2
  keep=1
  exit 1
fi
say "done in $((SECONDS - t_start)) s (install $((t_installed - t_start)) s, build $((t_built - t_installed)) s, start $((t_up - t_built)) s, jobs $((t_jobs - t_up)) s, merge and single run $((SECONDS - t_jobs)) s)"
