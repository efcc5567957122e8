#!/bin/sh
# t-hwf-runner.sh - hwf-runner.sh combines the exit codes of its runs.
# Copyright (C) 2026 The libgcrypt-pqc authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A stand-in program (a shell script named like a backend-dependent
# test, so that it runs once per configuration) exits with the status
# given for the configuration it runs in; the runner must report 77
# only if every run skipped, 1 if any run failed, else 0.

srcdir=${srcdir:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/t-hwf-runner.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
prog="$tmp/t-mlkem-standin"
cat >"$prog" <<'EOS'
#!/bin/sh
# Exit with the status listed for this configuration in STANDIN_RC
# ("none=0 a=77 ...").
cfg=${GCRYPT_PQC_HWF_DISABLE:-none}
for pair in $STANDIN_RC; do
  [ "${pair%%=*}" = "$cfg" ] && exit "${pair#*=}"
done
exit 98
EOS
chmod +x "$prog"
printf 'exit 77\n' >"$tmp/t-skip.sh"

nfail=0
# check WANT STANDIN_RC: run the runner over the configurations
# none, a and b.
check ()
{
  STANDIN_RC=$2 TESTS_RUNNER= GCRYPT_PQC_TEST_HWF_CONFIGS="none a b" \
    ${SHELL:-/bin/sh} "$srcdir/hwf-runner.sh" "$prog" >"$tmp/out" 2>&1
  rc=$?
  if [ $rc -eq "$1" ]; then
    echo "PASS: runs $2: exit $rc"
  else
    echo "FAIL: runs $2: exit $rc, want $1"; cat "$tmp/out"
    nfail=$((nfail + 1))
  fi
}
export STANDIN_RC
check 77 "none=77 a=77 b=77"
check 0  "none=0 a=0 b=0"
check 0  "none=0 a=77 b=77"
check 0  "none=77 a=77 b=0"
check 1  "none=0 a=1 b=0"
check 1  "none=77 a=77 b=1"
check 1  "none=1 a=0 b=77"
check 1  "none=0 a=99 b=0"

TESTS_RUNNER= ${SHELL:-/bin/sh} "$srcdir/hwf-runner.sh" "$tmp/t-skip.sh" \
  >/dev/null 2>&1
rc=$?
if [ $rc -eq 77 ]; then
  echo "PASS: a *.sh test that skips: exit 77"
else
  echo "FAIL: a *.sh test that skips: exit $rc, want 77"
  nfail=$((nfail + 1))
fi
[ $nfail -eq 0 ]
