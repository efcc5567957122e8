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
