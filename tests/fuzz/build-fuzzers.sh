#!/bin/sh
# build-fuzzers.sh - Build the libFuzzer harnesses of libgcrypt-pqc
# Copyright (C) 2026 The libgcrypt-pqc authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Usage: tests/fuzz/build-fuzzers.sh BUILDDIR
#
# Configures a separate static build of the library in BUILDDIR with
# clang, AddressSanitizer, UndefinedBehaviorSanitizer (any report
# fatal) and libFuzzer's coverage instrumentation, builds only the
# library (mpi, cipher, src), then links each harness tests/fuzz/fuzz-*.c
# against it as BUILDDIR/fuzz-NAME.  The normal build is not touched;
# BUILDDIR must not be the source tree or a configured normal build.
# A second run reuses the configured tree and rebuilds what changed.
#
# Environment: CC (default clang), JOBS (parallel make jobs, default
# the number of CPUs, at most 2).

set -e

if [ $# -ne 1 ]; then
  echo "usage: $0 BUILDDIR" >&2
  exit 2
fi
fuzzdir=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$fuzzdir/../.." && pwd)
mkdir -p "$1"
builddir=$(cd "$1" && pwd)
CC=${CC:-clang}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -gt 2 ] && jobs=2

san="-fsanitize=address,undefined -fno-sanitize-recover=all"
cflags="-O1 -g -fno-omit-frame-pointer $san"

# Fail early, with the fix, when the compiler has no libFuzzer (gcc,
# or clang without its runtime package).
echo 'int LLVMFuzzerTestOneInput (const char *d, unsigned long n)' \
     '{ return 0; }' >"$builddir/probe.c"
if ! $CC $cflags -fsanitize=fuzzer -o "$builddir/probe" "$builddir/probe.c" \
     >/dev/null 2>&1; then
  echo "$0: $CC cannot link a libFuzzer program;" \
       "install clang (apt-get install clang) or set CC" >&2
  exit 1
fi
rm -f "$builddir/probe" "$builddir/probe.c"

# The library: coverage instrumentation without libFuzzer's main.
# Static only, so that the harnesses need no LD_LIBRARY_PATH and the
# secure-memory wrapper (fuzz-secmem.c) can replace the pool's entry
# points at link time.
if [ ! -f "$builddir/Makefile" ]; then
  if [ ! -x "$srcdir/configure" ]; then
    (cd "$srcdir" && ./autogen.sh)
  fi
  (cd "$builddir" \
   && "$srcdir/configure" -q CC="$CC" \
        CFLAGS="$cflags -fsanitize=fuzzer-no-link" LDFLAGS="$san" \
        --enable-static --disable-shared)
fi
for d in mpi cipher src; do
  make -s -C "$builddir/$d" -j"$jobs" >/dev/null
done

gpg_error_libs=$(sed -n 's/^GPG_ERROR_LIBS = //p' "$builddir/src/Makefile")
# Each reference from another object file of the archive to the
# secure pool goes to the __wrap_ functions of fuzz-secmem.c.
wrap=
for f in _gcry_secmem_malloc _gcry_secmem_free _gcry_secmem_realloc \
         _gcry_private_is_secure; do
  wrap="$wrap -Wl,--wrap=$f"
done

for src in "$fuzzdir"/fuzz-*.c; do
  name=$(basename "$src" .c)
  [ "$name" = fuzz-secmem ] && continue
  $CC $cflags -fsanitize=fuzzer -I"$srcdir/src" \
      -o "$builddir/$name" "$src" "$fuzzdir/fuzz-secmem.c" $wrap \
      "$builddir/src/.libs/libgcrypt-pqc.a" $gpg_error_libs -lpthread
  echo "built $builddir/$name"
done
