#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A sweep run by parallel-sweep.sh as 4 processes under GNU parallel is byte for byte the sweep
# run in one process. Exits 77 (skipped, with the reason) when GNU parallel is not installed.
# usage: parallel_test.sh HOLESCOPE_CLI SOURCE_DIR WORK_DIR
set -eu
cli=$1 src=$2 work=$3
if ! command -v parallel >/dev/null; then
    echo "SKIPPED: GNU parallel is not installed (apt-get install parallel)"
    exit 77
fi
rm -rf "$work"
mkdir -p "$work"
export HOLESCOPE_CLI="$cli"
trace="$src/traces/demo-unet.log"
set -- --from 0.3 --to 0.6 --step 0.004 --refine 1 --overhead-limit 2
"$cli" sweep "$trace" "$@" --json --out "$work/single.json"
sh "$src/packaging/cluster/parallel-sweep.sh" 4 "$work/parallel.json" "$trace" "$@"
cmp "$work/single.json" "$work/parallel.json"
echo "parallel-sweep.sh: 4 shards merge to the single sweep's $(wc -c < "$work/single.json") bytes"
if sh "$src/packaging/cluster/parallel-sweep.sh" 0 "$work/z.json" "$trace" "$@" 2> "$work/err.txt"; then
    echo "parallel-sweep.sh accepted N=0" >&2
    exit 1
fi
grep -q "N must be a positive number of shards" "$work/err.txt"
