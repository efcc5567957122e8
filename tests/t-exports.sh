#!/bin/sh
# t-exports.sh - The shared library exports the public API and nothing else
# Copyright (C) 2026 The libgcrypt-pqc authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Three checks on the dynamic symbol table of the built library:
#  1. every defined symbol is a gcry_* function (or the version node
#     of src/libgcrypt-pqc.vers), so no internal _gcry_* or helper
#     symbol can clash with another library in the same process;
#  2. every gcry_* symbol is declared in gcrypt.h (nothing internal
#     leaks out merely because of its name);
#  3. every function declared in gcrypt.h is exported, so a program
#     that compiles against the header also links.
# nm reads foreign ELF files as well, so this also runs in cross
# builds.  SKIP (77) when there is no shared library or no usable nm.

lib=../src/.libs/libgcrypt-pqc.so
header="${srcdir:-.}/../src/gcrypt.h"
nm="${NM:-nm}"

if [ ! -f "$lib" ]; then
  echo "SKIP: t-exports: no shared library at $lib (--disable-shared?)"
  exit 77
fi
if [ ! -f "$header" ]; then
  echo "FAIL: t-exports: header $header not found"
  exit 1
fi
# libtool's NM may carry options ("nm -B"); the first word is the tool.
set -- $nm
if ! command -v "$1" >/dev/null 2>&1; then
  echo "SKIP: t-exports: nm ('$nm') not found"
  exit 77
fi

tmp="${TMPDIR:-/tmp}/t-exports.$$"
trap 'rm -f "$tmp".*' 0 1 2 15

if ! $nm -D --defined-only "$lib" > "$tmp.nm" 2> "$tmp.err"; then
  echo "SKIP: t-exports: '$nm -D' cannot read $lib:"
  cat "$tmp.err"
  exit 77
fi

failed=0

# "VALUE TYPE NAME[@@VERSION]"; absolute (A) entries are version nodes.
awk 'NF >= 3 && $2 != "A" { n = $3; sub (/@.*/, "", n); print n }' \
    "$tmp.nm" | sort -u > "$tmp.exp"
grep -v '^gcry_' "$tmp.exp" > "$tmp.bad"
if [ -s "$tmp.bad" ]; then
  echo "FAIL: t-exports: symbols outside the gcry_* namespace exported:"
  cat "$tmp.bad"
  failed=1
fi

# Function prototypes in the header: a line that starts with a type
# and names gcry_NAME followed by " (".  Static inline wrappers
# (gcry_err_make etc.) have their name at the start of the line and
# are not library symbols, so they do not match.
grep -E '^[A-Za-z_][A-Za-z0-9_ *]*[ *]gcry_[a-z0-9_]+ \(' "$header" \
  | sed -E 's/.*[ *](gcry_[a-z0-9_]+) \(.*/\1/' | sort -u > "$tmp.decl"
if [ ! -s "$tmp.decl" ]; then
  echo "FAIL: t-exports: no prototypes found in $header"
  failed=1
fi

comm -23 "$tmp.exp" "$tmp.decl" | grep '^gcry_' > "$tmp.undecl"
if [ -s "$tmp.undecl" ]; then
  echo "FAIL: t-exports: exported but not declared in gcrypt.h:"
  cat "$tmp.undecl"
  failed=1
fi

comm -13 "$tmp.exp" "$tmp.decl" > "$tmp.missing"
if [ -s "$tmp.missing" ]; then
  echo "FAIL: t-exports: declared in gcrypt.h but not exported:"
  cat "$tmp.missing"
  failed=1
fi

if [ $failed = 0 ]; then
  echo "PASS: t-exports: $(wc -l < "$tmp.exp") gcry_* symbols exported," \
       "all declared in gcrypt.h, every declared function exported"
fi
exit $failed
