#!/bin/sh
# hwf-runner.sh - Run one test of libgcrypt-pqc, once per backend.
# Copyright (C) 2026 The libgcrypt-pqc authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Usage: hwf-runner.sh PROGRAM [ARGS...]
#
# Tests whose result depends on the chosen kernels run once for each
# hardware-feature configuration in GCRYPT_PQC_TEST_HWF_CONFIGS
# ("none" = best available; otherwise a value for
# GCRYPT_PQC_HWF_DISABLE), so every backend is exercised explicitly.
# The tests print the backends that ran.  TESTS_RUNNER (e.g.
# "qemu-ppc64le -cpu power8") prefixes each run of a binary.
# Exit: 77 (skip) if every run exited 77, 1 if any run failed (exit
# status other than 0 and 77), else 0; *.sh tests run once and keep
# their own exit status.

prog="$1"
shift
case "$prog" in
  *.sh) exec $SHELL "$prog" "$@" ;;
esac

case "$(basename "$prog")" in
  t-hash*|t-keccak*|t-mlkem*|t-mldsa*|t-control*|t-asm-abi*)
    configs="${GCRYPT_PQC_TEST_HWF_CONFIGS:-none}" ;;
  *)
    configs="none" ;;
esac

rc_all=77
for cfg in $configs; do
  if [ "$cfg" = none ]; then
    echo "== $prog (all hardware features enabled)"
    env -u GCRYPT_PQC_HWF_DISABLE $TESTS_RUNNER "$prog" "$@"
  else
    echo "== $prog (GCRYPT_PQC_HWF_DISABLE=$cfg)"
    GCRYPT_PQC_HWF_DISABLE="$cfg" $TESTS_RUNNER "$prog" "$@"
  fi
  rc=$?
  case $rc in
    0)  [ $rc_all = 77 ] && rc_all=0 ;;
    77) echo "SKIP: $prog with hwf config '$cfg'" ;;
    *)  echo "FAIL: $prog with hwf config '$cfg' (exit $rc)"; rc_all=1 ;;
  esac
done
exit $rc_all
