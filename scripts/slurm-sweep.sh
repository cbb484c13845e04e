#!/bin/bash
# One shard of a sudokusim design-space sweep as a Slurm job-array task
# (docs/cluster.md). Usage:
#
#   sbatch --array=0-(N-1) scripts/slurm-sweep.sh N OUT [sweep flags] PUZZLES...
#
# Task I runs shard I/N of the sweep into OUT/shard-I. N is given, not taken
# from the array's size, so one task can be submitted again on its own
# (sbatch --array=I ...) with the same arguments: it continues its journal
# (OUT/shard-I/points.jsonl) and runs only the points not yet finished. When
# every task has finished, merge (sweep merge refuses shards of another
# sweep, missing or unfinished ones):
#
#   sbatch --dependency=afterok:JOBID --wrap 'sudokusim sweep merge --out OUT/merged OUT/shard-*'
#
# The binary is $SUDOKUSIM, else sudokusim on PATH; the #SBATCH lines below
# are defaults that sbatch's command-line options override.
#SBATCH --job-name=sudokusim-sweep
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --output=sudokusim-sweep-%A_%a.log
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: sbatch --array=0-(N-1) $0 N OUT [sweep flags] PUZZLES..." >&2
  exit 2
fi
N=$1 OUT=$2
shift 2
if ! [[ $N =~ ^[1-9][0-9]*$ ]]; then
  echo "$0: the shard count N=$N is not a positive integer" >&2
  exit 2
fi
if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
  echo "$0: not a job-array task: submit with sbatch --array=0-$((N - 1))" >&2
  exit 2
fi
I=$SLURM_ARRAY_TASK_ID
if ! [[ $I =~ ^[0-9]+$ ]] || [ "$I" -ge "$N" ]; then
  echo "$0: array task $I is not a shard of N=$N (use --array=0-$((N - 1)))" >&2
  exit 2
fi
SUDOKUSIM=${SUDOKUSIM:-sudokusim}
echo "shard $I/$N of job ${SLURM_ARRAY_JOB_ID:-?} on $(hostname), ${SLURM_CPUS_PER_TASK:-all} CPUs"
exec "$SUDOKUSIM" sweep --quiet --jobs "${SLURM_CPUS_PER_TASK:-0}" --shard "$I/$N" \
  --out "$OUT/shard-$I" "$@"
