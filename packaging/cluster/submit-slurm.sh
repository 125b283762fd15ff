#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Submits a holescope sweep to Slurm as an N-task job array and a merge job that runs once every
# task has succeeded.
#
#   submit-slurm.sh N OUT.json TRACE [sweep options...]
#
# The shards go to OUT.json.shards/; the merged sweep, byte for byte the output of one
# `holescope-cli sweep TRACE [options] --json`, to OUT.json. Extra sbatch options (partition,
# account, time) can be given in SBATCH_OPTIONS.
set -eu
if [ $# -lt 3 ]; then
    echo "usage: submit-slurm.sh N OUT.json TRACE [sweep options...]" >&2
    exit 2
fi
n=$1 out=$2
shift 2
case $n in
    ''|*[!0-9]*|0) echo "submit-slurm.sh: N must be a positive number of shards, found \"$n\"" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
cli=${HOLESCOPE_CLI:-holescope-cli}
shards="$out.shards"
mkdir -p "$shards"
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array=1-"$n" --output="$shards/slurm-%A_%a.out" \
    "$here/sweep-array.sbatch" "$shards" "$@")
array=${array%%;*}
# The merge job's command is run by a shell: every path in it is quoted (spaces, quotes).
quote() {
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}
list=""
k=1
while [ "$k" -le "$n" ]; do
    list="$list $(quote "$shards/shard-$k-of-$n.json")"
    k=$((k + 1))
done
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} --dependency=afterok:"$array" --job-name=holescope-merge \
    --output="$shards/slurm-merge-%j.out" --wrap="$(quote "$cli") merge$list --out $(quote "$out")")
echo "submitted sweep array $array ($n tasks) and merge job ${merge%%;*}; the result will be $out"
