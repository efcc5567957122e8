#!/bin/sh
# t-asm-vex.sh - No legacy SSE instruction in the AVX2/AVX-512 kernels
# Copyright (C) 2026 The libgcrypt-pqc authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# An instruction with the legacy SSE encoding (movq, pxor, ... without
# the VEX or EVEX prefix) executed while the upper halves of the ymm or
# zmm registers are dirty costs an AVX-SSE transition on Intel cores:
# on a Sapphire Rapids one legacy movq in the tail of the AVX2 squeeze
# copy made that copy 15 times slower (650 instead of 43 cycles for
# eight instances of 21 lanes) and ML-DSA 5-37% slower.  The kernels'
# results are right either way, so only the encoding can show it.
#
# This test disassembles the objects of every x86-64 assembler file
# whose code runs with the upper halves in use (all but the SHA-NI
# ones, which are legacy SSE throughout and entered with clean upper
# halves, as t-asm-abi checks on every kernel's exit) and fails on any
# instruction that names an xmm, ymm or zmm register without a "v"
# mnemonic.  SKIP (77) on other architectures, without objdump, or
# without x86-64 assembler objects (--disable-asm).

objdump="${OBJDUMP:-objdump}"
objdir=../cipher

if ! command -v "$objdump" >/dev/null 2>&1; then
  echo "SKIP: t-asm-vex: objdump ('$objdump') not found"
  exit 77
fi

# libtool keeps the objects of the shared library in .libs; a static
# only build has them beside the sources' .lo files.
objs=
for o in "$objdir"/.libs/*-amd64-*.o "$objdir"/*-amd64-*.o; do
  [ -f "$o" ] || continue
  case "$o" in
    *-shaext.o) continue ;;
  esac
  objs="$objs $o"
done
if [ -z "$objs" ]; then
  echo "SKIP: t-asm-vex: no x86-64 assembler objects in $objdir"
  exit 77
fi

failed=0
n=0
for o in $objs; do
  if ! out=$("$objdump" -d --no-show-raw-insn "$o" 2>&1); then
    echo "SKIP: t-asm-vex: '$objdump' cannot read $o:"
    echo "$out"
    exit 77
  fi
  # Lines "  ADDR:<TAB>MNEMONIC OPERANDS"; the function is the last
  # "ADDR <NAME>:" line.
  bad=$(echo "$out" | awk '
    /^[0-9a-f]+ <.*>:$/ { fn = $2 }
    /^ *[0-9a-f]+:\t/ {
      split ($0, f, "\t"); insn = f[2]
      m = insn; sub (/ .*/, "", m)
      if (insn ~ /%[xyz]mm[0-9]/ && m !~ /^v/)
        print "  " fn " " insn
    }')
  if [ -n "$bad" ]; then
    echo "FAIL: t-asm-vex: legacy SSE instructions in $o:"
    echo "$bad"
    failed=1
  fi
  n=$((n + 1))
done

if [ $failed -ne 0 ]; then
  exit 1
fi
echo "PASS: t-asm-vex: $n objects, VEX/EVEX encodings only"
exit 0
