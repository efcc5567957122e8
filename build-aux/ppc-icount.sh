#!/bin/sh
# ppc-icount.sh - Instructions per call of the PowerPC kernels, under qemu
# Copyright (C) 2026 The libgcrypt-pqc authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Usage: build-aux/ppc-icount.sh [--check BUDGET] CPU
#        build-aux/ppc-icount.sh --profile CPU NAME BACKEND
#
#   CPU is power8, power9 or power10 (qemu's -cpu name).
#
# Prints one line "KERNEL BACKEND INSTRUCTIONS-PER-CALL" for every
# kernel of every backend usable on CPU that has its own code for it,
# and for the whole operations (ML-KEM-768 encaps/decaps, ML-DSA-65
# sign/verify through the public API) with every backend the library
# can choose there.  A count is (count(N2) - count(N1)) / (N2 - N1)
# for two runs of tests/icount-driver with N1 and N2 calls, which
# cancels start-up and input preparation.  The guest instructions are
# counted by our TCG plugin build-aux/qemu-icount-plugin.c, built here
# with the host compiler.
#
# With --check BUDGET, the lines of BUDGET ("CPU NAME BACKEND MAX",
# '#' comments) for this CPU are compared with the counts: the script
# fails if a count exceeds MAX by more than 5 percent or if a line of
# the budget has no count.  Counts far below their budget are reported
# as a hint to lower it.
#
# With --profile, the script measures only kernel or operation NAME
# of BACKEND (as listed by the first form; an operation with BACKEND
# generic runs with all hardware features disabled) and prints where
# its instructions per call go: "INSTRUCTIONS PERCENT FUNCTION", most
# first, from the same two runs with the plugin's per-instruction
# profile.  Functions of the library and the driver are named from
# qemu's symbol table, other code as "FILE:SYMBOL", the nearest symbol
# at or below it in nm's list of FILE (or of its debug file, e.g. of
# the C library with libc6-dbg:ppc64el installed; else its exported
# symbols only, so the CPU-specific string functions show under an
# exported neighbour).
#
# The build directory is a cross build for powerpc64le-linux-gnu
# (see .ci/run, step ppc64le-power8): ICOUNT_BUILDDIR, default the
# current directory.  tests/icount-driver is made (brought up to date)
# there.
# QEMU (default qemu-ppc64le) and HOST_CC (default cc) may be set.

set -e

budget=
profile=
if [ "$1" = "--profile" ] && [ $# -eq 4 ]; then
  profile=1
  shift
  pname=$2 pbackend=$3
elif [ "$1" = "--check" ]; then
  budget=$2
  shift 2
  [ -r "$budget" ] || { echo "ppc-icount.sh: cannot read $budget" >&2; exit 2; }
  budget=$(cd "$(dirname "$budget")" && pwd)/$(basename "$budget")
fi
cpu=$1
case "$cpu" in
  power8|power9|power10) ;;
  *) echo "usage: ppc-icount.sh [--check BUDGET] power8|power9|power10" >&2
     echo "       ppc-icount.sh --profile power8|power9|power10 NAME BACKEND" >&2
     exit 2 ;;
esac

srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=$(cd "${ICOUNT_BUILDDIR:-.}" && pwd)
qemu=$(command -v "${QEMU:-qemu-ppc64le}") \
  || { echo "ppc-icount.sh: ${QEMU:-qemu-ppc64le} not found" >&2; exit 2; }

# Calls per run: kernels, and whole operations (which cycle through 8
# messages, so N2 - N1 is a multiple of 8).
kn1=100 kn2=600
on1=4 on2=12

# Always through make: a driver older than the library would count
# the old code.
make -s -C "$builddir/tests" icount-driver >&2

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ppc-icount.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"${HOST_CC:-cc}" -shared -fPIC -O2 -o "$tmp/icount.so" \
  "$srcdir/build-aux/qemu-icount-plugin.c"

# guest ENV... ARGS: run the driver under qemu in a fixed, minimal
# environment (its size moves the guest stack, and so could change
# alignment-dependent paths of the C library).
guest ()
{
  (cd "$builddir/tests" && env -i "$@")
}

# count HWF NAME BACKEND N [PROFILE]: the instructions of one run;
# HWF is the value of GCRYPT_PQC_HWF_DISABLE, "none" for the empty
# one.  With PROFILE, the plugin writes its profile there.
count ()
{
  hwfval=$1
  [ "$hwfval" != none ] || hwfval=
  plugarg="$tmp/icount.so,out=$tmp/count"
  [ -z "$5" ] || plugarg="$plugarg,prof=$5"
  rm -f "$tmp/count"
  guest GCRYPT_PQC_HWF_DISABLE="$hwfval" "$qemu" -cpu "$cpu" \
        -plugin "$plugarg" \
        ./icount-driver run "$2" "$3" "$(printf %04d "$4")" >&2 \
    || { echo "ppc-icount.sh: $2 $3 $4 failed" >&2; return 1; }
  cat "$tmp/count"
}

# profile NAME BACKEND: the per-function table of --profile.
profile ()
{
  case "$1" in
    mlkem[0-9]*|mldsa[0-9]*)
      n1=$on1 n2=$on2
      hwf=none
      [ "$2" != generic ] || hwf=all ;;
    *) n1=$kn1 n2=$kn2 hwf=none ;;
  esac
  count "$hwf" "$1" "$2" "$n1" "$tmp/prof1" >/dev/null || exit 1
  count "$hwf" "$1" "$2" "$n2" "$tmp/prof2" >/dev/null || exit 1
  # The mappings of the shared libraries, and their exported symbols.
  hwfval=$hwf
  [ "$hwfval" != none ] || hwfval=
  guest GCRYPT_PQC_HWF_DISABLE="$hwfval" "$qemu" -cpu "$cpu" \
        ./icount-driver maps >"$tmp/maps" \
    || { echo "ppc-icount.sh: icount-driver maps failed" >&2; exit 1; }
  : >"$tmp/dynsyms"
  for lib in $(awk '$6 ~ /^\// && $2 ~ /x/ { print $6 }' "$tmp/maps" \
               | sort -u); do
    [ -r "$lib" ] || continue
    # All symbols: from the file itself, or from its detached debug
    # file (Debian's libc6-dbg:ppc64el has the C library's), else the
    # exported ones.
    dbg=$(readelf -n "$lib" 2>/dev/null \
          | awk '/Build ID:/ { print substr ($3, 1, 2) "/" substr ($3, 3) }')
    dbg=/usr/lib/debug/.build-id/$dbg.debug
    nm --defined-only "$lib" >"$tmp/nm" 2>/dev/null || :
    [ -s "$tmp/nm" ] || [ ! -r "$dbg" ] \
      || nm --defined-only "$dbg" >"$tmp/nm" 2>/dev/null || :
    [ -s "$tmp/nm" ] || nm -D --defined-only "$lib" >"$tmp/nm" 2>/dev/null \
      || :
    awk -v lib="$lib" '$2 ~ /^[TtWwiI]$/ { print lib, $1, $3 }' "$tmp/nm" \
      >>"$tmp/dynsyms"
  done
  awk -v n1="$n1" -v n2="$n2" -v maps="$tmp/maps" \
      -v dynsyms="$tmp/dynsyms" -v p1="$tmp/prof1" '
    function hex(s,   i, v) {
      s = tolower (s)
      sub (/^0x/, "", s)
      v = 0
      for (i = 1; i <= length (s); i++)
        v = v * 16 + index ("0123456789abcdef", substr (s, i, 1)) - 1
      return v
    }
    # The exported symbol of LIB at or below offset OFF.
    function libsym(lib, off,   lo, hi, mid) {
      lo = 1
      hi = nsym[lib]
      if (!hi || off < symoff[lib, 1])
        return "?"
      while (lo < hi)
        {
          mid = int ((lo + hi + 1) / 2)
          if (symoff[lib, mid] <= off)
            lo = mid
          else
            hi = mid - 1
        }
      return symname[lib, lo]
    }
    function where(vaddr,   a, i, lib) {
      a = hex(vaddr)
      for (i = 1; i <= nmap; i++)
        if (a >= mstart[i] && a < mend[i])
          {
            lib = mpath[i]
            sub (/.*\//, "", lib)
            return lib ":" libsym(mpath[i], a - base[mpath[i]])
          }
      return "?" vaddr
    }
    BEGIN {
      while ((getline line < maps) > 0)
        {
          split (line, f, " ")
          if (f[6] !~ /^\//)
            continue
          split (f[1], r, "-")
          if (hex(f[3]) == 0 && !(f[6] in base))
            base[f[6]] = hex(r[1])
          if (f[2] ~ /x/)
            {
              nmap++
              mstart[nmap] = hex(r[1])
              mend[nmap] = hex(r[2])
              mpath[nmap] = f[6]
            }
        }
      # Sorted by offset, for the binary search.
      cmd = "sort -k2,2 " dynsyms
      while ((cmd | getline line) > 0)
        {
          split (line, f, " ")
          k = ++nsym[f[1]]
          symoff[f[1], k] = hex(f[2])
          symname[f[1], k] = f[3]
        }
      close (cmd)
    }
    {
      sign = FILENAME == p1 ? -1 : 1
      sym = $3
      if (sym == "-")
        {
          if (!($1 in cache))
            cache[$1] = where($1)
          sym = cache[$1]
        }
      per[sym] += sign * $2
      total += sign * $2
    }
    END {
      d = n2 - n1
      for (s in per)
        if (per[s] != 0)
          printf "%.0f %.1f%% %s\n", per[s] / d, 100 * per[s] / total, s
      printf "%.0f 100.0%% TOTAL\n", total / d
    }' "$tmp/prof1" "$tmp/prof2" | sort -k1,1nr
}

if [ -n "$profile" ]; then
  profile "$pname" "$pbackend"
  exit 0
fi

# What to measure: the kernels and the operations with the best
# backends, then the operations with all features disabled (the
# portable code).
guest GCRYPT_PQC_HWF_DISABLE= "$qemu" -cpu "$cpu" ./icount-driver list \
      >"$tmp/best" \
  && guest GCRYPT_PQC_HWF_DISABLE=all "$qemu" -cpu "$cpu" \
           ./icount-driver list >"$tmp/portable" \
  && [ -s "$tmp/best" ] \
  || { echo "ppc-icount.sh: icount-driver list failed" >&2; exit 1; }
sed 's/$/ none/' "$tmp/best" >"$tmp/list"
awk '$1 ~ /^(mlkem|mldsa)[0-9]/ { print $0, "all" }' "$tmp/portable" \
  >>"$tmp/list"

# Keep the first line of each NAME BACKEND, in the driver's order.
awk '!seen[$1 " " $2]++' "$tmp/list" >"$tmp/list.u"
: >"$tmp/out"
while read -r name backend hwf; do
  case "$name" in
    mlkem[0-9]*|mldsa[0-9]*) n1=$on1 n2=$on2 ;;
    *) n1=$kn1 n2=$kn2 ;;
  esac
  c1=$(count "$hwf" "$name" "$backend" "$n1") || exit 1
  c2=$(count "$hwf" "$name" "$backend" "$n2") || exit 1
  awk -v n="$name" -v b="$backend" -v c1="$c1" -v c2="$c2" \
      -v n1="$n1" -v n2="$n2" \
      'BEGIN { printf "%s %s %.0f\n", n, b, (c2 - c1) / (n2 - n1) }' \
    | tee -a "$tmp/out"
done <"$tmp/list.u"

[ -n "$budget" ] || exit 0

# Compare with the budget.
awk -v cpu="$cpu" -v budget="$budget" '
  FILENAME == budget {
    if ($0 ~ /^[ \t]*(#|$)/ || $1 != cpu)
      next
    key = $2 " " $3
    max[key] = $4
    order[++nb] = key
    next
  }
  { got[$1 " " $2] = $3 }
  END {
    bad = 0
    for (i = 1; i <= nb; i++)
      {
        k = order[i]
        if (!(k in got))
          {
            printf "FAIL: %s %s: no count\n", cpu, k
            bad = 1
          }
        else if (got[k] * 100 > max[k] * 105)
          {
            printf "FAIL: %s %s: %d instructions, budget %d (+%.1f%%)\n",
                   cpu, k, got[k], max[k], (got[k] / max[k] - 1) * 100
            bad = 1
          }
        else if (got[k] * 100 < max[k] * 95)
          printf "note: %s %s: %d instructions, budget %d: lower it\n",
                 cpu, k, got[k], max[k]
      }
    if (!nb)
      {
        printf "FAIL: no budget for %s in %s\n", cpu, budget
        bad = 1
      }
    if (!bad)
      printf "%s: %d counts within their budgets\n", cpu, nb
    exit bad
  }' "$budget" "$tmp/out" >&2
