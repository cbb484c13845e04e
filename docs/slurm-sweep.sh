#!/bin/bash
# Slurm job array for a large design-space sweep (docs/resource-model.md §7).
# Each array task runs one shard of the points into its own directory; a
# dependent job merges them. Submit with:
#   sbatch --array=0-15 docs/slurm-sweep.sh
#   sbatch --dependency=afterok:<jobid> --wrap \
#     'sudokusim sweep merge --out sweep-all sweep-shard-*'
# Re-submitting a failed task resumes it: finished points are in its journal.
#SBATCH --job-name=sudokusim-sweep
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00
#SBATCH --output=sweep-%A_%a.log
set -euo pipefail
N=${SLURM_ARRAY_TASK_COUNT:?run as a job array}
I=${SLURM_ARRAY_TASK_ID:?run as a job array}
sudokusim sweep --quiet --jobs "${SLURM_CPUS_PER_TASK:-0}" --shard "$I/$N" \
  --out "sweep-shard-$I" \
  --cpc 1,2,4,8,16,32 --max-order 9,11,15 --clock-mhz 50,100,200 \
  ../shared/data/fpt09
