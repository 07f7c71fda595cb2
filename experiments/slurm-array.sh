#!/usr/bin/env bash
# Run one experiment as a Slurm job array: each array task runs one shard of the positions.
#
#   sbatch --array=1-16 experiments/slurm-array.sh experiments/mtdf-vs-negamax.toml
#
# then, once every task has finished, join the shards:
#
#   treebench merge --out results/mtdf-vs-negamax.csv results/mtdf-vs-negamax.shard-*-of-16.csv
#   treebench report results/mtdf-vs-negamax.csv
#
# A task that is preempted or times out can be resubmitted as is: `--resume` continues its shard.
# Each task solves on one core, so ask for one CPU per task; pin the node type so timings compare.
#SBATCH --job-name=treebench
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --time=04:00:00
#SBATCH --output=results/slurm-%A_%a.log
set -euo pipefail
EXPERIMENT="${1:?usage: sbatch --array=1-N experiments/slurm-array.sh EXPERIMENT.toml}"
N="${SLURM_ARRAY_TASK_COUNT:?run through sbatch --array}"
K="${SLURM_ARRAY_TASK_ID:?run through sbatch --array}"
TREEBENCH="${TREEBENCH:-target/release/treebench}"
name=$(sed -n 's/^name *= *"\(.*\)"/\1/p' "$EXPERIMENT")
if [ -f "results/${name}.shard-${K}-of-${N}.csv" ]; then
  exec "$TREEBENCH" run "$EXPERIMENT" --shard "$K/$N" --resume --no-report
else
  exec "$TREEBENCH" run "$EXPERIMENT" --shard "$K/$N" --no-report
fi
