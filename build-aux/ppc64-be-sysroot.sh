#!/bin/sh
# ppc64-be-sysroot.sh - Static libgpg-error and json-c for big-endian PowerPC
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
# Usage: build-aux/ppc64-be-sysroot.sh DIR
#
# Debian's main archive has the big-endian PowerPC cross compiler
# (gcc-powerpc64-linux-gnu) and C library (libc6-dev-ppc64-cross), but
# no ppc64 build of libgpg-error or json-c: ppc64 is one of Debian's
# ports architectures.  This script fetches the Debian source packages
# of both (apt-get source --download-only; it needs a deb-src entry,
# which .ci/run adds), builds them as static libraries for
# powerpc64-linux-gnu and installs them under DIR, with their
# pkg-config files in DIR/lib/pkgconfig.  It does nothing if those
# files are there already.  Used by the ppc64-power8 step of .ci/run.

set -e
[ $# = 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
mkdir -p "$1"
root=$(cd "$1" && pwd)
host=powerpc64-linux-gnu
pc=$root/lib/pkgconfig
if [ -f "$pc/gpg-error.pc" ] && [ -f "$pc/json-c.pc" ]; then
  echo "ppc64-be-sysroot: $root is complete"
  exit 0
fi
jobs=$(nproc 2>/dev/null || echo 1)
[ "$jobs" -gt 2 ] && jobs=2
mkdir -p "$root/src"
cd "$root/src"

# The upstream tarball of a source package (the Debian patches touch
# packaging only, nothing the static library needs).
fetch ()
{
  ls "$1"_*.orig.tar.* >/dev/null 2>&1 \
    || apt-get source -q --download-only "$1" >/dev/null
  rm -rf "$1.build"
  mkdir "$1.build"
  tar -xf "$(ls "$1"_*.orig.tar.* | grep -v '\.asc$' | head -n 1)" \
      -C "$1.build" --strip-components=1
}

if [ ! -f "$pc/gpg-error.pc" ]; then
  fetch libgpg-error
  # Its source has the pre-generated lock object header for this
  # triplet (src/syscfg), so it cross-compiles without running code.
  (cd libgpg-error.build \
   && ./configure -q --host=$host --prefix="$root" --enable-static \
                  --disable-shared --disable-doc --disable-tests \
                  --disable-nls --disable-languages \
   && make -j"$jobs" && make install) >"$root/libgpg-error.log" 2>&1 \
    || { tail -n 30 "$root/libgpg-error.log"; exit 1; }
fi

if [ ! -f "$pc/json-c.pc" ]; then
  fetch json-c
  mkdir -p json-c.build/build
  (cd json-c.build/build \
   && cmake .. -DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=ppc64 \
               -DCMAKE_C_COMPILER=$host-gcc -DCMAKE_INSTALL_PREFIX="$root" \
               -DCMAKE_INSTALL_LIBDIR=lib -DBUILD_SHARED_LIBS=OFF \
               -DBUILD_STATIC_LIBS=ON -DBUILD_TESTING=OFF \
               -DDISABLE_WERROR=ON \
   && make -j"$jobs" && make install) >"$root/json-c.log" 2>&1 \
    || { tail -n 30 "$root/json-c.log"; exit 1; }
fi
echo "ppc64-be-sysroot: built libgpg-error and json-c in $root"
