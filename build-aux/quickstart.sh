#!/bin/bash
# quickstart.sh - Build libgcrypt-pqc and run its benchmark or tests
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
# Usage: build-aux/quickstart.sh [bench|check|build|deps]
#
#   bench  Build the library, print the hardware features and the
#          backend chosen for each kernel set, then run
#          "tests/bench-slope --cpu-mhz auto pq kernels".
#   check  Build the library and run the whole test suite ("make check",
#          which runs the backend-dependent tests once per backend).
#   build  Only configure and build.
#   deps   Only install the missing build dependencies (Debian, root).
#
# The two quick-start commands of the README are "bench" and "check";
# .ci/run runs "check" as its first step.  Missing Debian packages are
# installed with apt-get when running as root; otherwise the script
# lists them and stops.
#
# Environment:
#   BUILDDIR         build directory (default: build/ in the source tree)
#   CONFIGURE_FLAGS  extra arguments for configure; an existing build
#                    directory is configured again when they differ from
#                    those of its last configure run by this script
#   APT_LOCK_TIMEOUT seconds to wait for another apt or dpkg to finish
#                    (default 600; see build-aux/apt-get-wait)
#   JOBS             parallel make jobs (default: number of cores, max 2)

set -euo pipefail

srcdir=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-bench}
builddir=${BUILDDIR:-$srcdir/build}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -gt 2 ] && jobs=2

# Build dependencies on Debian 12: name of a command or file that proves
# the package is installed, and the package.
deps_table="
autoconf:autoconf
automake:automake
libtoolize:libtool
pkg-config:pkg-config
make:make
gcc:gcc
/usr/include/stdio.h:libc6-dev
/usr/include/x86_64-linux-gnu/gpg-error.h:libgpg-error-dev
/usr/include/gpg-error.h:libgpg-error-dev
/usr/include/json-c/json.h:libjson-c-dev
makeinfo:texinfo
bzip2:bzip2
"

# Print the packages whose marker is missing.
missing_packages ()
{
  local line marker pkg have_gpgerr=no
  # gpg-error.h is in the multiarch include directory on Debian.
  if pkg-config --exists gpg-error 2>/dev/null; then have_gpgerr=yes; fi
  for line in $deps_table; do
    marker=${line%%:*}
    pkg=${line##*:}
    if [ "$pkg" = libgpg-error-dev ]; then
      [ $have_gpgerr = yes ] && continue
      [ -e /usr/include/gpg-error.h ] && continue
      [ -e "/usr/include/$(gcc -dumpmachine 2>/dev/null)/gpg-error.h" ] \
        && continue
      echo "$pkg"
      continue
    fi
    case "$marker" in
      /*) [ -e "$marker" ] || echo "$pkg" ;;
      *)  command -v "$marker" >/dev/null 2>&1 || echo "$pkg" ;;
    esac
  done | sort -u
}

install_deps ()
{
  local missing
  missing=$(missing_packages | tr '\n' ' ')
  missing=${missing% }
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "quickstart: missing build dependencies: $missing" >&2
    echo "quickstart: install them (Debian: apt-get install $missing)" >&2
    exit 1
  fi
  echo "quickstart: installing $missing"
  export DEBIAN_FRONTEND=noninteractive
  # A failing secondary mirror must not stop us; the install below
  # reports what is really missing.  Both wait if another package
  # manager is running.
  "$srcdir/build-aux/apt-get-wait" update -q || true
  # shellcheck disable=SC2086
  "$srcdir/build-aux/apt-get-wait" install -y -q --no-install-recommends \
    $missing
}

build ()
{
  local flags old_flags configure
  install_deps
  if [ ! -x "$srcdir/configure" ]; then
    (cd "$srcdir" && ./autogen.sh)
  fi
  mkdir -p "$builddir"
  cd "$builddir"
  # The flags of the last configure run are kept beside the build, so
  # that changed CONFIGURE_FLAGS take effect in an existing build/.
  flags=${CONFIGURE_FLAGS:-}
  old_flags=$(cat quickstart-configure-flags 2>/dev/null || true)
  configure=no
  if [ ! -f Makefile ]; then
    configure=yes
  elif [ "$flags" != "$old_flags" ]; then
    echo "quickstart: CONFIGURE_FLAGS changed from '$old_flags' to" \
         "'$flags': configuring $builddir again"
    configure=yes
  fi
  if [ $configure = yes ]; then
    echo "quickstart: configuring in $builddir${flags:+ with $flags}"
    # shellcheck disable=SC2086
    "$srcdir/configure" -q $flags
    printf '%s\n' "$flags" >quickstart-configure-flags
  fi
  echo "quickstart: building (log: $builddir/quickstart-build.log)"
  if ! make -j"$jobs" >quickstart-build.log 2>&1; then
    tail -n 40 quickstart-build.log
    echo "quickstart: the build failed; see $builddir/quickstart-build.log" >&2
    exit 1
  fi
}

case "$mode" in
  deps)
    install_deps
    ;;
  build)
    build
    ;;
  bench)
    build
    make -j"$jobs" -C tests bench-slope hwf-demo >>quickstart-build.log 2>&1
    echo
    echo "== tests/hwf-demo: hardware features and backends in use"
    tests/hwf-demo
    echo
    echo "== tests/bench-slope --cpu-mhz auto pq kernels"
    tests/bench-slope --cpu-mhz auto pq kernels
    ;;
  check)
    build
    make -j"$jobs" check
    ;;
  *)
    echo "usage: $0 [bench|check|build|deps]" >&2
    exit 2
    ;;
esac
