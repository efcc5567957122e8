/* t-hwf-deny.c - Parsing of the hardware-feature deny file
 * Copyright (C) 2026 The libgcrypt-pqc authors
 *
 * This file is part of libgcrypt-pqc.
 *
 * libgcrypt-pqc is free software; you can redistribute it and/or modify
 * it under the terms of the GNU Lesser General Public License as
 * published by the Free Software Foundation; either version 2.1 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The library reads /etc/gcrypt/hwf.deny, a path the test suite cannot
 * change.  This test is linked against the internal library and feeds
 * files of its own to the parser behind it, _gcry_hwf_parse_deny_file,
 * checking the features it returns and the warnings it logs (stderr is
 * captured in a temporary file):
 *
 *  - a name that crosses byte 255 of a long line is applied whole;
 *  - a name in the tail of a long comment is not applied;
 *  - a line of 100000 bytes, a last line without a newline, "all";
 *  - an unknown name is reported with the file name and line number,
 *    and the known names of its line still count;
 *  - a missing file gives nothing and says nothing.  */

#define PGM "t-hwf-deny"
#include "t-common.h"

#include <unistd.h>
#include "hwf-common.h"

static char tmpdir[] = "/tmp/t-hwf-deny.XXXXXX";
static char fname[64];


/* Write the LEN bytes of TEXT to the deny file.  */
static void
write_file (const char *text, size_t len)
{
  FILE *fp = fopen (fname, "w");

  if (!fp || fwrite (text, 1, len, fp) != len || fclose (fp))
    die ("cannot write '%s': %s", fname, strerror (errno));
}


/* Parse the deny file with stderr redirected; return the features and
   store what was logged (malloced, NUL-terminated) at R_LOG.  */
static unsigned int
parse (char **r_log)
{
  char logname[80];
  FILE *fp;
  int saved;
  unsigned int flags;
  long n;

  snprintf (logname, sizeof logname, "%s/log", tmpdir);
  fflush (stderr);
  saved = dup (2);
  if (saved < 0 || !freopen (logname, "w", stderr))
    die ("cannot redirect stderr");
  flags = _gcry_hwf_parse_deny_file (fname);
  fflush (stderr);
  if (dup2 (saved, 2) < 0)
    exit (99);
  close (saved);
  fp = fopen (logname, "r");
  if (!fp)
    die ("cannot read '%s'", logname);
  fseek (fp, 0, SEEK_END);
  n = ftell (fp);
  rewind (fp);
  *r_log = calloc (1, n + 1);
  if (!*r_log || fread (*r_log, 1, n, fp) != (size_t)n)
    die ("cannot read '%s'", logname);
  fclose (fp);
  remove (logname);
  return flags;
}


/* Parse TEXT (LEN bytes) and check that it gives exactly the features
   WANT and, if WANT_LOG is not NULL, a log containing it once (else an
   empty log).  */
static void
check_file (const char *what, const char *text, size_t len,
            unsigned int want, const char *want_log)
{
  char *log;
  unsigned int got;
  const char *hit;

  write_file (text, len);
  got = parse (&log);
  check (got == want, "%s: features 0x%x (want 0x%x)", what, got, want);
  if (want_log)
    {
      hit = strstr (log, want_log);
      check (hit && !strstr (hit + 1, want_log),
             "%s: logged '%s' once (log: '%s')", what, want_log, log);
    }
  else
    check (!*log, "%s: nothing logged (log: '%s')", what, log);
  free (log);
}


int
main (int argc, char **argv)
{
  char *buf, *log, want_log[128];
  size_t n;

  argc = test_init (argc, argv);
  if (argc > 1)
    die ("unknown option '%s'", argv[1]);
  if (!mkdtemp (tmpdir))
    die ("mkdtemp: %s", strerror (errno));
  snprintf (fname, sizeof fname, "%s/hwf.deny", tmpdir);
  buf = malloc (100100);
  if (!buf)
    die ("out of core");

  /* 250 blanks, then a name that straddles byte 255 of the line.  */
  memset (buf, ' ', 250);
  n = 250 + sprintf (buf + 250, "intel-avx2\n");
  check_file ("name across byte 255", buf, n, HWF_INTEL_AVX2, NULL);

  /* Commas instead of blanks, and a second name on the next line.  */
  memset (buf, ',', 253);
  n = 253 + sprintf (buf + 253, "intel-avx512:intel-avx\nppc-vsx\n");
  check_file ("two names after 253 commas", buf, n,
              HWF_INTEL_AVX512 | HWF_INTEL_AVX | HWF_PPC_VSX, NULL);

  /* The tail of a long comment holds a name: still a comment.  */
  buf[0] = '#';
  memset (buf + 1, 'x', 299);
  n = 300 + sprintf (buf + 300, " intel-avx\nintel-bmi2\n");
  check_file ("name in a long comment", buf, n, HWF_INTEL_BMI2, NULL);

  /* A line of 100000 bytes ending in a name, then a last line without
     a newline.  */
  memset (buf, '\t', 100000);
  n = 100000 + sprintf (buf + 100000, "ppc-arch_3_00\nINTEL-AVX");
  check_file ("100000-byte line and no final newline", buf, n,
              HWF_PPC_ARCH_3_00 | HWF_INTEL_AVX, NULL);

  n = sprintf (buf, "# disable everything\nall\n");
  check_file ("all", buf, n, ~0u, NULL);

  /* An unknown name on line 4: reported with the file and the line;
     the known name beside it still counts.  */
  n = sprintf (buf, "intel-avx2\n\n# comment\nno-such-feature intel-bmi2\n"
               "ppc-vsx\n");
  snprintf (want_log, sizeof want_log, "unknown feature in '%s', line 4",
            fname);
  check_file ("unknown name", buf, n,
              HWF_INTEL_AVX2 | HWF_INTEL_BMI2 | HWF_PPC_VSX, want_log);

  /* An unknown name after byte 255 of line 2 is reported on line 2,
     not on a line 3 that does not exist.  */
  memset (buf, ' ', 300);
  n = sprintf (buf, "intel-avx\n");
  memset (buf + n, ' ', 300);
  n += 300 + sprintf (buf + n + 300, "bogus\n");
  snprintf (want_log, sizeof want_log, "unknown feature in '%s', line 2",
            fname);
  check_file ("unknown name after byte 255", buf, n, HWF_INTEL_AVX,
              want_log);

  remove (fname);
  check (!parse (&log) && !*log, "missing file: no features, no log");
  free (log);

  free (buf);
  rmdir (tmpdir);
  return test_exit ();
}
