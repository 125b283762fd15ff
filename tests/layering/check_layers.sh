#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the includes of ROOT/core against the layers core/CMakeLists.txt declares (LAYERS: a
# line per layer, the layer then the layers it uses). A file in core/L (or below it) may include
# headers of L and of the layers L uses, in quotes or in angle brackets (core/ is on the include
# path of every layer, so the compiler would take either), never a path with "..", and no Qt
# header; a quoted include must be of a layer or of a file beside it (a library's goes in <>).
# Every folder of core/ must be a declared layer, and no source lies in core/ itself. Includes are
# read line by line (lines a backslash continues joined, as the compiler joins them), strictly:
# one inside a block comment or an #if 0 counts too (a // comment ended by a backslash takes the
# next line into it, as the compiler does).
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
folders=$(cd "$root/core" && find . -mindepth 1 -maxdepth 1 -type d | sed 's|^\./||' | sort | tr '\n' ' ')
sources='( -name *.h -o -name *.hh -o -name *.hpp -o -name *.ipp -o -name *.inl -o -name *.c -o -name *.cc -o -name *.cpp -o -name *.cxx )'
# shellcheck disable=SC2086
loose=$(cd "$root/core" && set -f && find . -mindepth 1 -maxdepth 1 -type f $sources | sed 's|^\./||' | sort)
if [ -n "$loose" ]; then
  printf '%s\n' "$loose" | sed "s|^\(.*\)\$|core/\1: a source outside any layer's folder|"
  status=1
fi
for layer in $folders; do
  if ! uses=$(awk -v l="$layer" '$1 == l { $1 = ""; sub(/^ +/, ""); print; found = 1 } END { exit !found }' "$layers"); then
    echo "core/$layer: a folder for which core/CMakeLists.txt declares no layer"
    status=1
    continue
  fi
  # One awk over the layer's files, in a fixed order; FILENAME is then relative to core/.
  # shellcheck disable=SC2086
  if ! (cd "$root/core" && set -f && find "$layer" -type f $sources | sort | xargs -d '\n' awk -v self="$layer" -v uses="$uses" -v folders="$folders" '
    BEGIN {
      n = split(uses, used, " ")
      allowed[self] = 1
      for (i = 1; i <= n; ++i)
        allowed[used[i]] = 1
      m = split(folders, all, " ")
      for (i = 1; i <= m; ++i)
        isFolder[all[i]] = 1
      if (uses == "")
        uses = "no other layer"
    }
    # One logical line (see below), at line `at` of the file being read.
    function check(text, at,    quoted, h, first) {
      # A block comment before the directive hides nothing; "%:" is "#" spelled as a digraph.
      sub(/^[ \t]*\/\*([^*]|\*+[^*\/])*\*+\//, "", text)
      if (text !~ /^[ \t]*(#|%:)[ \t]*(include|include_next|import)[ \t]*[<"]/)
        return
      quoted = text ~ /^[^<"]*"/
      h = text
      if (quoted) { sub(/^[^"]*"/, "", h); sub(/".*/, "", h) } else { sub(/^[^<]*</, "", h); sub(/>.*/, "", h) }
      while (sub(/^\.\//, "", h) || sub(/\/\.\//, "/", h)) {}
      first = h; sub(/\/.*/, "", first)
      # Q-named headers (the classes and modules of Qt); its lower-case ones (qglobal.h) would not
      # compile anyway, Qt being on no include path of a layer, and look like others (quadmath.h).
      if (h ~ /^Qt/ || first ~ /^Q[A-Za-z]/) {
        print file ":" at ": includes " (quoted ? "\"" h "\"" : "<" h ">") "; core/ is plain C++, without Qt"
        bad = 1
        return
      }
      if (h ~ /(^|\/)\.\.(\/|$)/) {
        print file ":" at ": includes \"" h "\", a path with \"..\": name a layer'"'"'s header from core/"
        bad = 1
        return
      }
      if (h !~ /\//)
        return   # a file beside it, or a standard or library header
      if (first in isFolder) {
        if (!(first in allowed)) {
          print file ":" at ": includes " (quoted ? "\"" h "\"" : "<" h ">") ", but core/" self " uses " uses
          bad = 1
        }
      } else if (quoted) {
        print file ":" at ": includes \"" h "\", which is no layer'"'"'s header (a library'"'"'s goes in <>)"
        bad = 1
      }
    }
    { sub(/\r$/, "") }
    # A file that ends inside a continued line: what was held is its last line.
    FNR == 1 {
      if (holding)
        check(held, heldAt)
      holding = 0
      file = "core/" FILENAME
      sub(/^\357\273\277/, "")
    }
    # Lines ending in a backslash (GCC allows blanks after it) are one line to the compiler, which
    # splices them before anything else: held until the line that ends them, and reported at the
    # first of them.
    {
      line = holding ? held $0 : $0
      at = holding ? heldAt : FNR
      holding = 0
      if (line ~ /\\[ \t]*$/) {
        sub(/\\[ \t]*$/, "", line)
        held = line
        heldAt = at
        holding = 1
        next
      }
      check(line, at)
    }
    END {
      if (holding)
        check(held, heldAt)
      exit bad
    }'); then
    status=1
  fi
done
exit $status
