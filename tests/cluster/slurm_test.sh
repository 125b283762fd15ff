#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A sweep run as a Slurm job array (4 tasks, each its own process) and merged is byte for byte
# the sweep run in one process: through sweep-array.sbatch by hand (arrays from 1 and from 0),
# and through submit-slurm.sh with a stand-in for sbatch.
# usage: slurm_test.sh HOLESCOPE_CLI SOURCE_DIR WORK_DIR
set -eu
cli=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
export HOLESCOPE_CLI="$cli"
trace="$src/traces/demo-unet.log"
set -- --from 0.3 --to 0.6 --exact --overhead-limit 2
"$cli" sweep "$trace" "$@" --json --out "$work/single.json"

for first in 1 0; do
    pids=""
    for k in 0 1 2 3; do
        SLURM_ARRAY_TASK_ID=$((first + k)) SLURM_ARRAY_TASK_MIN=$first SLURM_ARRAY_TASK_COUNT=4 \
            sh "$src/packaging/cluster/sweep-array.sbatch" "$work/from$first" "$trace" "$@" &
        pids="$pids $!"
    done
    for p in $pids; do
        wait "$p"
    done
    "$cli" merge "$work/from$first"/shard-1-of-4.json "$work/from$first"/shard-2-of-4.json \
        "$work/from$first"/shard-3-of-4.json "$work/from$first"/shard-4-of-4.json --out "$work/merged$first.json"
    cmp "$work/single.json" "$work/merged$first.json"
    echo "array from $first: 4 shards merge to the single sweep's $(wc -c < "$work/single.json") bytes"
done

mkdir -p "$work/bin"
cp "$src/tests/cluster/fake-sbatch" "$work/bin/sbatch"
chmod +x "$work/bin/sbatch"
PATH="$work/bin:$PATH" sh "$src/packaging/cluster/submit-slurm.sh" 4 "$work/submitted.json" "$trace" "$@"
cmp "$work/single.json" "$work/submitted.json"
echo "submit-slurm.sh: the merged result equals the single sweep"
# The merge job's command goes through a shell: an output path with a space and a quote.
PATH="$work/bin:$PATH" sh "$src/packaging/cluster/submit-slurm.sh" 2 "$work/my runs/it's.json" "$trace" "$@"
cmp "$work/single.json" "$work/my runs/it's.json"
echo "submit-slurm.sh: a path with a space and a quote merges too"

# A task outside an array says so, and a bad shard count is refused.
if sh "$src/packaging/cluster/sweep-array.sbatch" "$work/x" "$trace" "$@" 2> "$work/err.txt"; then
    echo "sweep-array.sbatch ran outside an array" >&2
    exit 1
fi
grep -q "SLURM_ARRAY_TASK_ID is not set" "$work/err.txt"
if sh "$src/packaging/cluster/submit-slurm.sh" x "$work/y.json" "$trace" 2> "$work/err.txt"; then
    echo "submit-slurm.sh accepted N=x" >&2
    exit 1
fi
grep -q "N must be a positive number of shards" "$work/err.txt"
echo "errors: both refused with their reason"
