#!/bin/sh
# cross-check.sh - Cross build and test libgcrypt-pqc under qemu
# Copyright (C) 2026 The libgcrypt-pqc authors
#
# This file is part of libgcrypt-pqc.
#
# libgcrypt-pqc is free software; you can redistribute it and/or modify
# it under the terms of the GNU Lesser General Public License as
# published by the Free Software Foundation; either version 2.1 of
# the License, or (at your option) any later version.
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Usage: build-aux/cross-check.sh [ppc64le|power8|power9|power10|s390x|ppc64]...
#
# Runs the matching steps of .ci/run (default: power8 and s390x)
# without its apt-get set-up, so it is quick to repeat during
# development.  Run "bash .ci/run" once first to install the cross
# compilers, qemu and the foreign libraries.  The builds are kept in
# $WORKDIR (default /tmp/libgcrypt-pqc-cross) and reused; the last
# line is "N passed, N failed".

set -e
srcdir=$(cd "$(dirname "$0")/.." && pwd)
steps=
for a in ${*:-power8 s390x}; do
  case "$a" in
    ppc64le)                steps="$steps ppc64le-power8 ppc64le-power9 ppc64le-power10" ;;
    power8|power9|power10)  steps="$steps ppc64le-$a" ;;
    s390x)                  steps="$steps s390x" ;;
    ppc64)                  steps="$steps ppc64-power8" ;;
    *) echo "usage: $0 [ppc64le|power8|power9|power10|s390x|ppc64]..." >&2; exit 2 ;;
  esac
done
CI_SKIP_SETUP=1 CI_WORKDIR=${WORKDIR:-/tmp/libgcrypt-pqc-cross} \
  exec bash "$srcdir/.ci/run" $steps
