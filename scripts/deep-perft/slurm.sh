#!/usr/bin/env bash
# Deep perft through work units, run as a Slurm job array, then merged.
#
#   scripts/deep-perft/slurm.sh DIR DEPTH [PLY [SLICES]]
#
# Splits once into DIR/units.txt, submits one array task per slice
# (slurm.sbatch) and waits for the array (sbatch --wait), then checks and
# adds up the results with `bb perft merge`. Running the same command again
# resubmits the array: every task skips the units its results file already
# has, so a killed or cut-short run is completed and nothing is counted
# twice. DIR must be visible from every node. Extra sbatch options (a
# partition, an account, --cpus-per-task) go in SBATCH_OPTIONS.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
driver_arguments "$0" "$@"

export BB=${BB:-$(bb_binary)}
mkdir -p "$dir/results" "$dir/logs"
dir=$(cd "$dir" && pwd)
split_once "$BB" "$dir" "$depth" "$ply" "$slices"

echo "bb perft $depth through $slices array tasks on $dir/units.txt" >&2
# shellcheck disable=SC2086 # SBATCH_OPTIONS is a list of options
if ! sbatch --wait --array="1-$slices" --output="$dir/logs/%A_%a.log" ${SBATCH_OPTIONS:-} \
    "$here/slurm.sbatch" "$dir" "$slices" >&2; then
    echo "some array tasks failed (see $dir/logs); run the same command again to resume" >&2
    exit 1
fi
"$BB" perft merge "$dir/units.txt" "$dir"/results/*.txt
