#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the includes of ROOT/core against the layers core/CMakeLists.txt declares (LAYERS: a
# line per layer, the layer then the layers it uses). A file in core/L may include headers of L
# and of the layers L uses, and no Qt header; every folder of core/ must be a declared layer.
# Prints each violation as FILE:LINE: what, and exits 1 if there is any.
#
# usage: check_layers.sh ROOT LAYERS
set -eu
export LC_ALL=C
if [ $# -ne 2 ]; then
  echo "usage: check_layers.sh ROOT LAYERS" >&2
  exit 2
fi
root=$1
layers=$2
if [ ! -r "$layers" ]; then
  echo "$layers: cannot read the layer declarations" >&2
  exit 2
fi
if [ ! -d "$root/core" ]; then
  echo "$root/core: no such folder" >&2
  exit 2
fi
status=0
for dir in "$root"/core/*/; do
  layer=$(basename "$dir")
  if ! uses=$(awk -v l="$layer" '$1 == l { $1 = ""; sub(/^ +/, ""); print; found = 1 } END { exit !found }' "$layers"); then
    echo "core/$layer: a folder for which core/CMakeLists.txt declares no layer"
    status=1
    continue
  fi
  for file in "$dir"*; do
    [ -f "$file" ] || continue
    awk -v self="$layer" -v uses="$uses" -v file="core/$layer/${file##*/}" '
      BEGIN {
        n = split(uses, used, " ")
        allowed[self] = 1
        for (i = 1; i <= n; ++i)
          allowed[used[i]] = 1
        if (uses == "")
          uses = "no other layer"
      }
      /^[ \t]*#[ \t]*include[ \t]*</ {
        h = $0; sub(/^[^<]*</, "", h); sub(/>.*/, "", h)
        if (h ~ /^Q/) {
          print file ":" FNR ": includes <" h ">; core/ is plain C++, without Qt"
          bad = 1
        }
      }
      /^[ \t]*#[ \t]*include[ \t]*"/ {
        h = $0; sub(/^[^"]*"/, "", h); sub(/".*/, "", h)
        if (h !~ /\//)
          next
        l = h; sub(/\/.*/, "", l)
        if (!(l in allowed)) {
          print file ":" FNR ": includes \"" h "\", but core/" self " uses " uses
          bad = 1
        }
      }
      END { exit bad }' "$file" || status=1
  done
done
exit $status
