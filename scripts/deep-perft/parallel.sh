#!/usr/bin/env bash
# Deep perft through work units, run by GNU parallel, locally or over ssh.
#
#   scripts/deep-perft/parallel.sh DIR DEPTH [PLY [SLICES]]
#
# DIR holds everything: units.txt (written by `bb perft split` on the first
# run), results/slice-N.txt (one per slice, appended to by `bb perft unit`),
# joblog (GNU parallel's). Running the same command again resumes: parallel
# (--resume-failed) reruns the slices that failed or never ran, each slice
# skips the units its results file already has, and a last pass recounts
# any unit still missing (a results file cut short, say). Then
# `bb perft merge` checks every unit has exactly one result and prints the
# total.
#
# Environment:
#   BB         the bb binary (default: target/release/bb, built if missing)
#   FEN        root position (default: the initial position)
#   JOBS       parallel jobs per host (default: the number of cores)
#   THREADS    threads per job (default 1)
#   HASH_MB    hash table per job in MB (default 256)
#   SSHLOGIN   parallel's --sshlogin list, e.g. ':,4/alice@host2,4/host3'
#              (':' is this machine). Remote hosts need rsync and `bb` on
#              their PATH (or REMOTE_BB; ':' uses BB); units.txt is sent to
#              them and each slice's results come back to DIR/results.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
driver_arguments "$0" "$@"

bb=$(bb_binary)
ensure_command parallel parallel
mkdir -p "$dir/results"
dir=$(cd "$dir" && pwd)
split_once "$bb" "$dir" "$depth" "$ply" "$slices"

jobs=${JOBS:-$(nproc)}
unit_options=(--threads "${THREADS:-1}" --hash "${HASH_MB:-256}")
remote=()
# parallel hands its command to a shell as one line: paths are quoted for it.
q_bb=$(printf %q "$bb") q_units=$(printf %q "$dir/units.txt") q_results=$(printf %q "$dir/results")
if [ -n "${SSHLOGIN:-}" ]; then
    # parallel copies files with rsync, which remote hosts need too.
    ensure_command rsync rsync
    # A remote job runs in a fresh directory of its own, ~/.parallel/tmp/
    # HOST-PID-SEQ (`--workdir ...`; a fixed one would collide with other
    # jobs, or be DIR itself when a "remote" host is this machine or shares
    # its disk, and --cleanup would then delete the originals). --basefile
    # cannot reach such directories, so units.txt goes with every job, as
    # does the slice's results file: on a resumed run the job skips the units
    # already counted, as a local job does. `DIR/./X` copies X to WORKDIR/X
    # (rsync -R), creating results/ there; --return brings the grown file
    # back to DIR/results, then --cleanup removes the directory.
    slice=$dir/./results/slice-{}.txt
    remote=(--sshlogin "$SSHLOGIN" --workdir ... --transferfile "$dir/./units.txt"
            --transferfile "$slice" --return "$slice" --cleanup)
    # rsync cannot send a file that is not there yet: start empty ones.
    for i in $(seq 1 "$slices"); do : >>"$dir/results/slice-$i.txt"; done
    # Jobs on ':' (this machine) get no copies and would also run in a fresh
    # directory, so they go back to DIR and use $bb; remote ones use REMOTE_BB.
    worker="if [ \"\$PARALLEL_SSHHOST\" = : ]; then cd $(printf %q "$dir") && b=$q_bb;"
    worker+=" else b=${REMOTE_BB:-bb}; fi; \"\$b\""
    units=units.txt results=results
else
    worker=$q_bb units=$q_units results=$q_results
fi

echo "bb perft $depth through $slices slices of $dir/units.txt, $jobs jobs" >&2
status=0
seq 1 "$slices" | parallel --jobs "$jobs" --joblog "$dir/joblog" --resume-failed "${remote[@]}" \
    "$worker" perft unit "$units" --slice "{}/$slices" "${unit_options[@]}" \
    --output "$results/slice-{}.txt" || status=$?
if [ "$status" -ne 0 ]; then
    echo "parallel exited with $status (failed slices, up to 100); run the same command again to resume" >&2
    exit 1
fi

# Units whose result was lost after their slice succeeded (a results file
# cut short or edited): recount them in chunks, into repair files.
missing=$("$bb" perft merge "$dir/units.txt" "$dir"/results/*.txt --missing 2>/dev/null || true)
if [ -n "$missing" ]; then
    echo "recounting $(echo "$missing" | wc -l) units missing from the results" >&2
    echo "$missing" | parallel --jobs "$jobs" -N 256 \
        "$q_bb" perft unit "$q_units" --id {} "${unit_options[@]}" --output "$q_results/repair-{#}.txt"
fi
"$bb" perft merge "$dir/units.txt" "$dir"/results/*.txt
