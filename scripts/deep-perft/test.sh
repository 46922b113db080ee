#!/usr/bin/env bash
# Tests deep perft through units for real on this machine, run by GNU
# parallel or by a Slurm job array on a one-node cluster (slurm-local.sh,
# started and stopped here): perft(DEPTH) of the initial position (default
# 8) on 2 workers, then a run killed half-way (SIGKILL to the workers) and
# resumed, a results file cut mid-line and resumed, and results refused by
# a units file of another depth. Each must give the known total (or be
# refused).
#
#   scripts/deep-perft/test.sh parallel|slurm [DEPTH]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
engine=${1:?usage: test.sh parallel|slurm [DEPTH]}
depth=${2:-8}
work=$repo/target/deep-perft-test/$engine
export BB=${BB:-$(bb_binary)} JOBS=2
case $engine in
    parallel)
        ensure_command parallel parallel
        ;;
    slurm)
        "$here/slurm-local.sh" start >&2
        trap '"$here/slurm-local.sh" stop >&2' EXIT
        export SLURM_CONF=${BB_SLURM_DIR:-/tmp/bb-slurm}/slurm.conf
        ;;
    *)
        echo "usage: test.sh parallel|slurm [DEPTH]" >&2
        exit 2
        ;;
esac
driver=$here/$engine.sh
rm -rf "$work"
mkdir -p "$work"

echo "== 1. perft $depth through units on 2 workers ($engine)" >&2
start=$(date +%s)
expect_total "$("$driver" "$work/whole" "$depth")" "$depth"
echo "   $(( $(date +%s) - start )) s" >&2

echo "== 2. killed half-way with SIGKILL, then resumed" >&2
mkdir -p "$work/killed"
setsid "$driver" "$work/killed" "$depth" >/dev/null 2>&1 &
leader=$!
units=$(grep -c '' "$work/whole/units.txt")
until [ "$(results_lines "$work/killed")" -ge $(( units / 2 )) ]; do
    kill -0 "$leader" 2>/dev/null || { echo "FAIL: the run ended before it was killed" >&2; exit 1; }
    sleep 0.2
done
# The workers run in process groups of their own (parallel's jobs, Slurm's
# tasks): kill them by name, and keep Slurm from starting the next tasks.
pkill -KILL -f "perft unit $work/killed/" || true
[ "$engine" != slurm ] || scancel --name=bb-perft
kill -KILL -- -"$leader"
pkill -KILL -f "perft unit $work/killed/" || true
wait "$leader" 2>/dev/null || true
done_lines=$(results_lines "$work/killed")
echo "   killed with $done_lines of about $units result lines written" >&2
if "$BB" perft merge "$work/killed/units.txt" "$work"/killed/results/*.txt >/dev/null 2>&1; then
    echo "FAIL: merge accepted the results of a killed run" >&2
    exit 1
fi
expect_total "$("$driver" "$work/killed" "$depth")" "$depth"

echo "== 3. a results file cut mid-line, then resumed" >&2
cut_mid_line "$work/whole/results/slice-1.txt"
if "$BB" perft merge "$work/whole/units.txt" "$work"/whole/results/*.txt >/dev/null 2>&1; then
    echo "FAIL: merge accepted a results file cut short" >&2
    exit 1
fi
expect_total "$("$driver" "$work/whole" "$depth")" "$depth"

echo "== 4. results of another depth are refused" >&2
mkdir -p "$work/other"
"$BB" perft split $(( depth - 1 )) --ply 4 --output "$work/other/units.txt" >/dev/null
set +e
refusal=$("$BB" perft merge "$work/other/units.txt" "$work"/whole/results/*.txt 2>&1 >/dev/null)
code=$?
set -e
if [ "$code" -eq 0 ] || ! grep -q "another units file" <<<"$refusal"; then
    echo "FAIL: merge did not refuse results of another depth (exit $code)" >&2
    exit 1
fi
echo "ok: refused (exit $code): $(head -n 1 <<<"$refusal")" >&2
echo "all deep-perft tests under $engine passed" >&2
