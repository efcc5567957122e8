#!/bin/bash
# run-fuzzers.sh - Run the libFuzzer harnesses of libgcrypt-pqc
# Copyright (C) 2026 The libgcrypt-pqc authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Usage: tests/fuzz/run-fuzzers.sh BUILDDIR SECONDS [HARNESS...]
#
# Runs each harness built by build-fuzzers.sh in BUILDDIR (default:
# all of them; names as fuzz-kem or kem) for SECONDS once per
# hardware-feature configuration, starting from the seed corpus the
# harness writes itself (GCRYPT_PQC_FUZZ_SEEDS).  Prints a PASS or
# FAIL line per run with its runs and runs/second, and at the end
# "N passed, N failed".  A run fails on a crash, an abort (every
# check of the harnesses aborts), a sanitizer report, a timeout, or
# when the backends it reports do not match the configuration.
# Exit status 0 if every run passed, 1 otherwise.
#
# Environment:
#   FUZZ_HWF_CONFIGS   configurations (default "none intel-avx512 all"):
#                      "none" runs with every hardware feature, any
#                      other word is a value for GCRYPT_PQC_HWF_DISABLE
#   FUZZ_JOBS          runs at the same time (default: the number of
#                      CPUs, at most 2)
#   FUZZ_CORPUS_DIR    keep the corpus of each harness in
#                      FUZZ_CORPUS_DIR/NAME across runs (default: a
#                      temporary directory, removed at the end)
#   FUZZ_WORKDIR       logs and crashing inputs (default: a new
#                      temporary directory, kept only if a run failed)
#   FUZZ_FLAGS         more libFuzzer options for every run

set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILDDIR SECONDS [HARNESS...]" >&2
  exit 2
fi
builddir=$(cd "$1" && pwd) || exit 2
seconds=$2
shift 2
case $seconds in
  ''|*[!0-9]*) echo "$0: SECONDS must be a number" >&2; exit 2 ;;
esac

if [ $# -gt 0 ]; then
  harnesses=
  for h in "$@"; do
    harnesses="$harnesses fuzz-${h#fuzz-}"
  done
else
  harnesses=$(cd "$builddir" && ls fuzz-* 2>/dev/null | grep -v '\.' || true)
fi
[ -n "$harnesses" ] || { echo "$0: no harness in $builddir" >&2; exit 2; }
for h in $harnesses; do
  [ -x "$builddir/$h" ] || { echo "$0: $builddir/$h not built" >&2; exit 2; }
done

configs=${FUZZ_HWF_CONFIGS:-none intel-avx512 all}
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -gt 2 ] && [ -z "${FUZZ_JOBS:-}" ] && jobs=2
if [ -n "${FUZZ_WORKDIR:-}" ]; then
  work=$FUZZ_WORKDIR
  mkdir -p "$work" || exit 2
  keep_work=1
else
  work=$(mktemp -d /tmp/gcrypt-pqc-fuzz.XXXXXX) || exit 2
  keep_work=0
fi
mkdir -p "$work/seeds" "$work/logs" "$work/artifacts" "$work/corpus"

# The largest input worth trying: a whole ML-KEM-1024 dk and ct, an
# ML-DSA-87 key and signature with a context and message, a few keys
# in text form, a message of several hash blocks.
max_len ()
{
  case $1 in
    fuzz-kem)   echo 5000 ;;
    fuzz-mldsa) echo 10000 ;;
    fuzz-sexp)  echo 16384 ;;
    *)          echo 8192 ;;
  esac
}

# What a sanitizer, libFuzzer or a failed check of a harness prints.
report='ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)'
report="$report|runtime error:|^fuzz: check failed"

# check_backends CFG LOG: the kernels reported in LOG must be those
# CFG allows: only the portable ones for "all", no AVX-512 ones for
# "intel-avx512".
check_backends ()
{
  local cfg=$1 line
  line=$(sed -n 's/^fuzz: backends://p' "$2" | head -n 1)
  [ -n "$line" ] || { echo "no backends line"; return 1; }
  case $cfg in
    all)
      echo "$line" | awk -F: '{ for (i = 2; i < NF; i += 2)
                                  if ($i != "generic") exit 1 }' \
        || { echo "not portable: $line"; return 1; } ;;
    intel-avx512)
      case $line in
        *avx512*) echo "AVX-512 kernels in use: $line"; return 1 ;;
      esac ;;
  esac
  return 0
}

# run_one HARNESS CFG: fuzz for SECONDS; write the result line to
# $work/logs/HARNESS-CFG.result.
run_one ()
{
  local h=$1 cfg=$2 tag=$1-$2 log rc t0 t1 runs rate why msg corpus
  log=$work/logs/$tag.log
  corpus=${FUZZ_CORPUS_DIR:+$FUZZ_CORPUS_DIR/$h}
  corpus=${corpus:-$work/corpus/$h}
  mkdir -p "$corpus"
  # "none": the variable must be unset, not empty.
  if [ "$cfg" = none ]; then
    set -- env -u GCRYPT_PQC_HWF_DISABLE
  else
    set -- env GCRYPT_PQC_HWF_DISABLE="$cfg"
  fi
  t0=$(date +%s)
  "$@" "$builddir/$h" -max_total_time="$seconds" -timeout=60 \
    -max_len="$(max_len "$h")" -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/$tag-" ${FUZZ_FLAGS:-} \
    "$corpus" "$work/seeds/$h" >"$log" 2>&1
  rc=$?
  t1=$(date +%s)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  runs=${runs:-0}
  rate=$((runs / (t1 - t0 > 0 ? t1 - t0 : 1)))
  why=
  if [ $rc -ne 0 ]; then
    why="exit $rc"
  elif grep -q -E "$report" "$log"; then
    why="sanitizer or check report"
  elif ! msg=$(check_backends "$cfg" "$log"); then
    why=$msg
  fi
  if [ -z "$why" ]; then
    echo "PASS: $h (hwf $cfg): $runs runs in $((t1 - t0)) s, $rate runs/s" \
      >"$work/logs/$tag.result"
  else
    echo "FAIL: $h (hwf $cfg): $why; $runs runs in $((t1 - t0)) s; log $log" \
      >"$work/logs/$tag.result"
  fi
}

# Seeds, once per harness (they do not depend on the backend).
for h in $harnesses; do
  mkdir -p "$work/seeds/$h"
  if ! GCRYPT_PQC_FUZZ_SEEDS=$work/seeds/$h "$builddir/$h" \
       >"$work/logs/$h-seeds.log" 2>&1; then
    cat "$work/logs/$h-seeds.log"
    echo "FAIL: $h could not write its seeds"
    exit 1
  fi
done

echo "fuzzing $(echo $harnesses) for $seconds s each with hwf configs" \
     "$(echo $configs), $jobs at a time; logs in $work/logs"
tasks=
for h in $harnesses; do
  for cfg in $configs; do
    tasks="$tasks $h:$cfg"
  done
done

npassed=0
nfailed=0
set -- $tasks
while [ $# -gt 0 ]; do
  batch=
  while [ $# -gt 0 ] && [ $(echo $batch | wc -w) -lt "$jobs" ]; do
    batch="$batch $1"
    shift
  done
  for t in $batch; do
    run_one "${t%%:*}" "${t#*:}" &
  done
  wait
  for t in $batch; do
    result=$(cat "$work/logs/${t%%:*}-${t#*:}.result")
    echo "$result"
    case $result in
      PASS:*)
        npassed=$((npassed + 1)) ;;
      *)
        nfailed=$((nfailed + 1))
        # The report without its stack, and where the input went.
        grep -E "$report|^SUMMARY|^    #[0-9] |Test unit written" \
             "$work/logs/${t%%:*}-${t#*:}.log" | head -n 30 | sed 's/^/    /'
        ;;
    esac
  done
done

for cfg in $configs; do
  line=$(sed -n 's/^fuzz: backends://p' \
           "$work/logs/$(echo $harnesses | cut -d' ' -f1)-$cfg.log" \
           2>/dev/null | head -n 1)
  echo "backends with hwf $cfg: $line"
done
if [ $nfailed -gt 0 ]; then
  echo "crashing inputs in $work/artifacts:"
  ls "$work/artifacts" | sed 's/^/    /'
elif [ $keep_work = 0 ]; then
  rm -rf "$work"
fi
echo "$npassed passed, $nfailed failed"
[ $nfailed -eq 0 ]
