#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian package, unpacks it into a clean prefix, and runs what it installed: both
# programs' --version, a replay of the demo trace it ships (a budget in its hole and one above),
# the bash completion; and checks the desktop integration files.
# usage: package_test.sh BUILD_DIR SOURCE_DIR WORK_DIR VERSION
set -eu
left_out=0
build=$1 src=$2 work=$3 version=$4
rm -rf "$work"
mkdir -p "$work"
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/pkg" > "$work/cpack.log"
deb=$(ls "$work"/pkg/holescope_*.deb)
echo "built $(basename "$deb")"
[ "$(dpkg-deb -f "$deb" Package)" = holescope ]
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ]
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6core6 libqt6widgets6 libqcustomplot libtbb; do
    case $depends in
        *$lib*) ;;
        *) echo "Depends lacks $lib: $depends" >&2; exit 1 ;;
    esac
done

root="$work/root"
dpkg-deb -x "$deb" "$root"
for f in usr/bin/holescope usr/bin/holescope-cli \
         usr/share/applications/io.github.holescope.Holescope.desktop \
         usr/share/metainfo/io.github.holescope.Holescope.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/io.github.holescope.Holescope.svg \
         usr/share/mime/packages/holescope.xml \
         usr/share/man/man1/holescope-cli.1.gz usr/share/man/man1/holescope.1.gz \
         usr/share/bash-completion/completions/holescope-cli \
         usr/share/holescope/traces/demo-unet.log usr/share/holescope/cluster/submit-slurm.sh \
         usr/share/doc/holescope/copyright; do
    [ -e "$root/$f" ] || { echo "the package does not install /$f" >&2; exit 1; }
done

copyright="$root/usr/share/doc/holescope/copyright"
head -n 1 "$copyright" | grep -qx "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" \
    || { echo "the copyright file is not in Debian's machine-readable format: $(head -n 1 "$copyright")" >&2; exit 1; }
grep -qx "Files: \*" "$copyright" && grep -qx "License: GPL-3.0-or-later" "$copyright" \
    && grep -q '"/usr/share/common-licenses/GPL-3"' "$copyright" \
    || { echo "the copyright file does not give every file as GPL-3.0-or-later" >&2; exit 1; }
echo "the copyright file is machine-readable and names the licence"

cli="$root/usr/bin/holescope-cli"
[ "$("$cli" --version)" = "holescope-cli $version" ]
[ "$(QT_QPA_PLATFORM=offscreen "$root/usr/bin/holescope" --version 2>/dev/null)" = "holescope $version" ]
demo="$root/usr/share/holescope/traces/demo-unet.log"
# traces/README.md: DTR runs out of memory at operator 60 from 3,936 to 4,143 bytes, completes at 4,144.
"$cli" replay "$demo" --budget 4000 | grep -q "outcome *oom"
"$cli" replay "$demo" --budget 4000 --json | grep -q '"outcome":"oom","ops_done":60,'
"$cli" replay "$demo" --budget 4144 --json | grep -q '"outcome":"complete"'
echo "the installed holescope-cli replays the installed demo trace"

completion=$(bash -c '. "$1"; COMP_WORDS=(holescope-cli export-t); COMP_CWORD=1; _holescope_cli; echo "${COMPREPLY[*]}";
                      COMP_WORDS=(holescope-cli replay --overh); COMP_CWORD=2; _holescope_cli; echo "${COMPREPLY[*]}"' \
             _ "$root/usr/share/bash-completion/completions/holescope-cli")
[ "$completion" = "export-trace
--overhead-limit" ] || { echo "completion gave: $completion" >&2; exit 1; }
echo "bash completion completes commands and options"

gunzip -k "$root/usr/share/man/man1/holescope-cli.1.gz" "$root/usr/share/man/man1/holescope.1.gz"
man="$root/usr/share/man/man1/holescope-cli.1"
for c in info replay record sweep holes merge explain "figure outcome" "figure pair" export-trace policies advise census synth bench; do
    grep -q "^\.SS \"$c\"" "$man" || { echo "the man page has no section for $c" >&2; exit 1; }
done
if command -v groff >/dev/null; then
    warnings=$(groff -man -Tutf8 -ww -z "$man" 2>&1; groff -man -Tutf8 -ww -z "$root/usr/share/man/man1/holescope.1" 2>&1)
    [ -z "$warnings" ] || { echo "groff: $warnings" >&2; exit 1; }
else
    echo "SKIPPED: groff is not installed, the man pages were not typeset"
    left_out=1
fi
if command -v desktop-file-validate >/dev/null && command -v appstreamcli >/dev/null; then
    desktop-file-validate "$root/usr/share/applications/io.github.holescope.Holescope.desktop"
    appstreamcli validate --no-net "$root/usr/share/metainfo/io.github.holescope.Holescope.metainfo.xml"
else
    echo "SKIPPED: desktop-file-validate or appstreamcli is not installed (packaging/install-deps.sh installs both)"
    left_out=1
fi
# 77: everything checked passed, but some checks were left out; ctest reports the test as skipped.
[ "$left_out" = 0 ] || exit 77
