#!/bin/sh
# t-bench-smoke.sh - bench-slope must run and print well-formed output.
# No timing is checked here: benchmarks are not tests.
# Copyright (C) 2026 The libgcrypt-pqc authors
# SPDX-License-Identifier: LGPL-2.1-or-later
set -e
out=$(${TESTS_RUNNER} ./bench-slope --smoke --csv 2>&1) || {
  echo "$out"; echo "FAIL: bench-slope --smoke exited with an error"; exit 1; }
echo "$out"
# Within a section (first field) every CSV row has the same number of
# fields; the layouts differ between sections as in libgcrypt
# (per-byte rows for hash, per-iteration rows for pq and kernels).
n=$(echo "$out" | grep -c ',' || true)
if [ "$n" -lt 1 ]; then
  echo "FAIL: bench-slope printed no CSV rows"; exit 1
fi
bad=$(echo "$out" | grep ',' | awk -F, '!($1 in n){n[$1]=NF} NF!=n[$1]{print}' | head -n 3)
if [ -n "$bad" ]; then
  echo "FAIL: malformed CSV rows:"; echo "$bad"; exit 1
fi
echo "PASS: bench-slope smoke ($n CSV rows)"

# Names: an unknown section or algorithm name is an error that names
# it; the hash section has a SHA-1 row; the portable backend is called
# "generic" as in gcry_get_config; without a clock, --verbose prints
# no "clock 0 MHz".
fail=0
for name in no-such-algo hsah; do
  if msg=$(${TESTS_RUNNER} ./bench-slope --smoke "$name" 2>&1); then
    echo "FAIL: bench-slope $name exited 0"; fail=1
  elif ! echo "$msg" | grep -q "name \`$name'"; then
    echo "FAIL: bench-slope $name does not name it: $msg"; fail=1
  fi
done
if ${TESTS_RUNNER} ./bench-slope --smoke hash ML-KEM-768 >/dev/null 2>&1; then
  echo "FAIL: bench-slope hash ML-KEM-768 (no such row in hash) exited 0"
  fail=1
fi
v=$(${TESTS_RUNNER} ./bench-slope --smoke --verbose hash SHA1 SHA3-256 2>&1) || {
  echo "$v"; echo "FAIL: bench-slope --verbose hash SHA1 SHA3-256 failed"; fail=1; }
echo "$v" | grep -q '^ SHA1 ' || { echo "FAIL: no SHA1 row"; fail=1; }
if echo "$v" | grep -q 'clock 0 MHz'; then
  echo "FAIL: --verbose without a clock prints 'clock 0 MHz'"; fail=1
fi
# The clock after the runs: shown per row with --cpu-mhz auto (a
# positive figure), not without it.
v=$(${TESTS_RUNNER} ./bench-slope --smoke --verbose --cpu-mhz auto \
      kernels keccak-f1600-x1 2>&1) || {
  echo "$v"; echo "FAIL: bench-slope --cpu-mhz auto --verbose failed"; fail=1; }
echo "$v" | grep -q 'MHz (iqr [0-9]*), [1-9][0-9]* after the runs' || {
  echo "$v"; echo "FAIL: no clock after the runs with --cpu-mhz auto"; fail=1; }
v=$(${TESTS_RUNNER} ./bench-slope --smoke --verbose kernels keccak-f1600-x1 \
      2>&1) || {
  echo "$v"; echo "FAIL: bench-slope --verbose kernels failed"; fail=1; }
if echo "$v" | grep -q 'after the runs'; then
  echo "FAIL: a clock after the runs without --cpu-mhz auto"; fail=1
fi
echo "$out" | grep -q '^kernels,[^,]*,generic,' || {
  echo "FAIL: no kernels row for the generic backend"; fail=1; }
# A build with an ML-KEM SIMD backend usable here has a second backend
# configuration, so the pq section must end with the per-backend rows.
if echo "$out" | grep -q '^kernels,mlkem-ntt,[a-z0-9]*,' \
   && echo "$out" | grep '^kernels,mlkem-ntt,' | grep -qv ',generic,'; then
  echo "$out" | grep -q '^pq-backends,ML-KEM-768 decap,generic,' || {
    echo "FAIL: no pq-backends row for the generic backend"; fail=1; }
fi
if echo "$out" | grep -q -i 'portable'; then
  echo "FAIL: bench-slope calls a backend 'portable'"; fail=1
fi
[ $fail = 0 ] || exit 1
echo "PASS: bench-slope names (unknown names, SHA1, generic, clocks)"
