#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a holescope sweep as N shard processes with GNU parallel (on one machine, or on several
# with parallel's --sshlogin given in PARALLEL_OPTIONS) and merges them.
#
#   parallel-sweep.sh N OUT.json TRACE [sweep options...]
#
# OUT.json is byte for byte the output of one `holescope-cli sweep TRACE [options] --json`.
set -eu
if [ $# -lt 3 ]; then
    echo "usage: parallel-sweep.sh N OUT.json TRACE [sweep options...]" >&2
    exit 2
fi
n=$1 out=$2
shift 2
case $n in
    ''|*[!0-9]*|0) echo "parallel-sweep.sh: N must be a positive number of shards, found \"$n\"" >&2; exit 2 ;;
esac
command -v parallel >/dev/null || { echo "parallel-sweep.sh: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }
cli=${HOLESCOPE_CLI:-holescope-cli}
shards=$(mktemp -d)
trap 'rm -rf "$shards"' EXIT
# -q keeps every sweep option one argument, spaces and all; a failing shard stops the rest.
# shellcheck disable=SC2086
seq 1 "$n" | parallel ${PARALLEL_OPTIONS:-} --halt now,fail=1 -q "$cli" sweep "$@" --jobs 1 \
    --shard "{}/$n" --json --out "$shards/shard-{}.json"
set --
k=1
while [ "$k" -le "$n" ]; do
    set -- "$@" "$shards/shard-$k.json"
    k=$((k + 1))
done
"$cli" merge "$@" --out "$out"
