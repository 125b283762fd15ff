#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what holescope needs to build and test on Debian 12 (bookworm), including the
# validators of the desktop files and GNU parallel for the cluster test; with --fuzz, also clang
# and its runtime for the libFuzzer targets.
set -eu
EXTRA=""
[ "${1:-}" = "--fuzz" ] && EXTRA="clang libclang-rt-14-dev"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
    build-essential cmake pkg-config \
    qt6-base-dev qt6-svg-dev libqcustomplot-dev nlohmann-json3-dev libtbb-dev libmuparser-dev \
    fonts-dejavu-core desktop-file-utils appstream parallel $EXTRA >/dev/null
