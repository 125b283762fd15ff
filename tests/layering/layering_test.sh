#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The core's layering: the real tree passes check_layers.sh, and a made-up tree with one of each
# violation (tests/data/layering) is refused with exactly the expected messages.
#
# usage: layering_test.sh SOURCE_DIR LAYERS WORK_DIR
set -eu
src=$1
layers=$2
work=$3
here=$(dirname "$0")
mkdir -p "$work"

if ! sh "$here/check_layers.sh" "$src" "$layers" > "$work/tree.out"; then
  echo "FAIL: the core's includes break its declared layers ($layers):"
  cat "$work/tree.out"
  exit 1
fi
echo "ok: the core's includes follow the layers declared in core/CMakeLists.txt"

data=$src/tests/data/layering
rc=0
sh "$here/check_layers.sh" "$data" "$data/layers.txt" > "$work/fixture.actual" || rc=$?
if [ "$rc" -ne 1 ]; then
  echo "FAIL: the made-up violations gave exit status $rc, not 1"
  exit 1
fi
if ! diff -u "$data/expected.txt" "$work/fixture.actual"; then
  echo "FAIL: the made-up violations were reported differently (expected $data/expected.txt, got $work/fixture.actual)"
  exit 1
fi
echo "ok: the made-up violations are each reported with file and line"

rc=0
sh "$here/check_layers.sh" "$data" "$work/no-such-file" 2> "$work/missing.err" || rc=$?
if [ "$rc" -ne 2 ] || ! grep -q "no-such-file: cannot read the layer declarations" "$work/missing.err"; then
  echo "FAIL: a missing declarations file gave status $rc and: $(cat "$work/missing.err")"
  exit 1
fi
echo "ok: a missing declarations file is named"
