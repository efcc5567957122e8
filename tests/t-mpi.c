/* t-mpi.c - Tests of the gcry_mpi_t subset
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

/* Covers gcry_mpi_scan/print/aprint for USG, STD, PGP, SSH, HEX and
 * OPAQUE (STD exhaustively for all 1 and 2 byte inputs against an
 * independent reference), opaque values, flags and secure memory,
 * comparisons and bit lengths.  */

#define PGM "t-mpi"
#include "t-common.h"

#include <unistd.h>
#include <sys/mman.h>

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))


static void
group_result (const char *name, unsigned long failed_before)
{
  if (test_failed == failed_before)
    printf ("PASS: " PGM ": %s\n", name);
  else
    printf ("FAIL: " PGM ": %s (%lu failures)\n", name,
            test_failed - failed_before);
  fflush (stdout);
}


/* Scan N bytes at P in FMT from an exactly sized copy.  */
static gcry_mpi_t
scan (enum gcry_mpi_format fmt, const void *p, size_t n, gpg_error_t *r_err)
{
  unsigned char *copy = malloc (n ? n : 1);
  gcry_mpi_t a = NULL;
  gpg_error_t err;

  if (!copy)
    die ("out of core");
  if (n)
    memcpy (copy, p, n);
  err = gcry_mpi_scan (&a, fmt, copy, n, NULL);
  free (copy);
  if (r_err)
    *r_err = err;
  return a;
}


/* Check that A printed in FMT is the N bytes EXPECT, through
   gcry_mpi_print (length query, exact buffer, short buffer) and
   gcry_mpi_aprint.  */
static void
check_print (gcry_mpi_t a, enum gcry_mpi_format fmt, const void *expect,
             size_t n, const char *what)
{
  unsigned char buf[64], *abuf = NULL;
  size_t len = 12345;
  gpg_error_t err;

  err = gcry_mpi_print (fmt, NULL, 0, &len, a);
  if (err || len != n)
    {
      fail ("%s: length query gives %zu (%s), expected %zu", what, len,
            gpg_strerror (err), n);
      return;
    }
  err = gcry_mpi_print (fmt, buf, n, &len, a);
  if (err || len != n || memcmp (buf, expect, n))
    fail ("%s: print gives %s (%s), expected %s", what,
          test_buf2hex (buf, len), gpg_strerror (err),
          test_buf2hex (expect, n));
  else
    pass ("%s: print", what);
  if (n)
    {
      err = gcry_mpi_print (fmt, buf, n - 1, &len, a);
      check (gpg_err_code (err) == GPG_ERR_TOO_SHORT,
             "%s: print into short buffer", what);
    }
  err = gcry_mpi_aprint (fmt, &abuf, &len, a);
  check (!err && abuf && len == n && !memcmp (abuf, expect, n),
         "%s: aprint", what);
  gcry_free (abuf);
}


/* Independent reference for STD: the shortest big-endian two's
   complement encoding of V (empty for 0).  */
static size_t
std_ref (long v, unsigned char *out)
{
  size_t k;
  int i;

  if (!v)
    return 0;
  for (k = 1; k < 8; k++)
    if (v >= -(1L << (8 * k - 1)) && v < (1L << (8 * k - 1)))
      break;
  for (i = (int)k - 1; i >= 0; i--)
    {
      out[i] = (unsigned char)(v & 0xff);
      v >>= 8;   /* Arithmetic shift of a negative value: gcc semantics.  */
    }
  return k;
}


static void
test_std_exhaustive (void)
{
  unsigned long before = test_failed;
  unsigned char in[2], ref[8], out[8];
  unsigned int x;
  size_t n, rn, len;
  int bad = 0;

  for (x = 0; x < 256 + 65536 && bad < 5; x++)
    {
      long v;
      gcry_mpi_t a;

      if (x < 256)
        {
          in[0] = x;
          n = 1;
          v = (signed char)x;
        }
      else
        {
          in[0] = (x - 256) >> 8;
          in[1] = (x - 256) & 0xff;
          n = 2;
          v = (short)((in[0] << 8) | in[1]);
        }
      a = scan (GCRYMPI_FMT_STD, in, n, NULL);
      rn = std_ref (v, ref);
      if (!a || gcry_mpi_print (GCRYMPI_FMT_STD, out, sizeof out, &len, a)
          || len != rn || memcmp (out, ref, rn)
          || gcry_mpi_is_neg (a) != (v < 0)
          || (v >= 0 && gcry_mpi_cmp_ui (a, (unsigned long)v)))
        {
          fail ("STD %s: got %s", test_buf2hex (in, n),
                test_buf2hex (out, len));
          bad++;
        }
      gcry_mpi_release (a);
    }
  if (!bad)
    pass ("STD round trips for all 1 and 2 byte inputs");
  group_result ("STD exhaustive", before);
}


static void
test_formats (void)
{
  unsigned long before = test_failed;
  gcry_mpi_t a, b;
  gpg_error_t err;
  size_t n;
  unsigned char *hex;

  /* USG.  */
  a = scan (GCRYMPI_FMT_USG, "\0\0\x01\x02", 4, &err);
  check (a && !err && gcry_mpi_get_nbits (a) == 9, "USG scan strips zeros");
  check_print (a, GCRYMPI_FMT_USG, "\x01\x02", 2, "USG 0x102");
  check_print (a, GCRYMPI_FMT_STD, "\x01\x02", 2, "STD 0x102");
  check_print (a, GCRYMPI_FMT_PGP, "\x00\x09\x01\x02", 4, "PGP 0x102");
  check_print (a, GCRYMPI_FMT_SSH, "\0\0\0\x02\x01\x02", 6, "SSH 0x102");
  check_print (a, GCRYMPI_FMT_HEX, "0102", 5, "HEX 0x102");
  gcry_mpi_release (a);

  a = scan (GCRYMPI_FMT_USG, "\x80", 1, NULL);
  check_print (a, GCRYMPI_FMT_USG, "\x80", 1, "USG 0x80");
  check_print (a, GCRYMPI_FMT_STD, "\x00\x80", 2, "STD 0x80");
  check_print (a, GCRYMPI_FMT_SSH, "\0\0\0\x02\x00\x80", 6, "SSH 0x80");
  check_print (a, GCRYMPI_FMT_HEX, "0080", 5, "HEX 0x80");
  gcry_mpi_release (a);

  a = scan (GCRYMPI_FMT_USG, "", 0, NULL);
  check (a && !gcry_mpi_cmp_ui (a, 0) && gcry_mpi_get_nbits (a) == 0,
         "USG empty is zero");
  check_print (a, GCRYMPI_FMT_USG, "", 0, "USG 0");
  check_print (a, GCRYMPI_FMT_STD, "", 0, "STD 0");
  check_print (a, GCRYMPI_FMT_HEX, "00", 3, "HEX 0");
  check_print (a, GCRYMPI_FMT_PGP, "\0\0", 2, "PGP 0");
  gcry_mpi_release (a);

  /* Negative values.  */
  a = scan (GCRYMPI_FMT_STD, "\xff\x7f", 2, NULL);
  check (a && gcry_mpi_is_neg (a), "STD -129 is negative");
  check_print (a, GCRYMPI_FMT_STD, "\xff\x7f", 2, "STD -129");
  check_print (a, GCRYMPI_FMT_HEX, "-0081", 6, "HEX -129");
  check_print (a, GCRYMPI_FMT_USG, "\x81", 1, "USG ignores the sign");
  check_print (a, GCRYMPI_FMT_SSH, "\0\0\0\x02\xff\x7f", 6, "SSH -129");
  err = gcry_mpi_print (GCRYMPI_FMT_PGP, NULL, 0, &n, a);
  check (gpg_err_code (err) == GPG_ERR_INV_ARG, "PGP refuses negative");
  gcry_mpi_release (a);

  /* HEX scanning.  */
  err = gcry_mpi_scan (&a, GCRYMPI_FMT_HEX, NULL, 0, NULL);
  check (!a && gpg_err_code (err) == GPG_ERR_INV_ARG, "HEX needs a string");
  err = gcry_mpi_scan (&a, GCRYMPI_FMT_HEX, "1aB", 0, &n);
  check (!err && !gcry_mpi_cmp_ui (a, 0x1ab) && n == 3, "HEX odd digits");
  gcry_mpi_release (a);
  err = gcry_mpi_scan (&a, GCRYMPI_FMT_HEX, "-0x0100", 0, NULL);
  check (!err && gcry_mpi_is_neg (a) && gcry_mpi_get_nbits (a) == 9,
         "HEX negative with 0x");
  gcry_mpi_release (a);
  err = gcry_mpi_scan (&a, GCRYMPI_FMT_HEX, "12Z4", 0, NULL);
  check (gpg_err_code (err) == GPG_ERR_INV_OBJ && !a, "HEX bad digit");
  err = gcry_mpi_scan (&a, GCRYMPI_FMT_HEX, "12", 2, NULL);
  check (gpg_err_code (err) == GPG_ERR_INV_ARG && !a, "HEX with length");
  /* With a length the string is not read at all: here it has no NUL
     and ends at an unmapped page.  */
  {
    long pg = sysconf (_SC_PAGESIZE);
    char *map = mmap (NULL, 2 * pg, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    if (map != MAP_FAILED && !mprotect (map + pg, pg, PROT_NONE))
      {
        memcpy (map + pg - 2, "12", 2);
        err = gcry_mpi_scan (&a, GCRYMPI_FMT_HEX, map + pg - 2, 2, NULL);
        check (gpg_err_code (err) == GPG_ERR_INV_ARG && !a,
               "HEX with length does not read the string");
      }
    else
      skip ("no guard page for the HEX length check");
    if (map != MAP_FAILED)
      munmap (map, 2 * pg);
  }
  /* Only a lower-case "0x" prefix, as in Libgcrypt.  */
  err = gcry_mpi_scan (&a, GCRYMPI_FMT_HEX, "0X12", 0, NULL);
  check (gpg_err_code (err) == GPG_ERR_INV_OBJ && !a, "HEX with 0X");

  /* PGP and SSH scanning.  */
  err = gcry_mpi_scan (&a, GCRYMPI_FMT_PGP, "\x00\x09\x01\x02\xff", 5, &n);
  check (!err && !gcry_mpi_cmp_ui (a, 0x102) && n == 4, "PGP scan");
  gcry_mpi_release (a);
  a = scan (GCRYMPI_FMT_PGP, "\x00\x11\x01\x02", 4, &err);
  check (!a && gpg_err_code (err) == GPG_ERR_INV_OBJ, "PGP truncated");
  a = scan (GCRYMPI_FMT_PGP, "\x00", 1, &err);
  check (!a && gpg_err_code (err) == GPG_ERR_INV_OBJ, "PGP no header");
  /* At most 16384 bits, as in Libgcrypt.  */
  {
    static unsigned char big[2 + 2049];

    memset (big, 0x5a, sizeof big);
    big[0] = 0x40;
    big[1] = 0x00;
    big[2] = 0x80;
    err = gcry_mpi_scan (&a, GCRYMPI_FMT_PGP, big, 2 + 2048, &n);
    check (!err && gcry_mpi_get_nbits (a) == 16384 && n == 2 + 2048,
           "PGP scan of 16384 bits");
    gcry_mpi_release (a);
    big[1] = 0x01;
    a = scan (GCRYMPI_FMT_PGP, big, sizeof big, &err);
    check (!a && gpg_err_code (err) == GPG_ERR_INV_OBJ,
           "PGP scan of 16385 bits refused");
  }
  err = gcry_mpi_scan (&a, GCRYMPI_FMT_SSH, "\0\0\0\x02\xff\x7f", 6, &n);
  check (!err && gcry_mpi_is_neg (a) && n == 6, "SSH scan negative");
  gcry_mpi_release (a);
  a = scan (GCRYMPI_FMT_SSH, "\0\0\0\x03\x01\x02", 6, &err);
  check (!a && gpg_err_code (err) == GPG_ERR_TOO_LARGE, "SSH truncated");
  a = scan (GCRYMPI_FMT_SSH, "\xff\xff\xff\xff", 4, &err);
  check (!a && gpg_err_code (err) == GPG_ERR_TOO_LARGE, "SSH huge length");
  a = scan (GCRYMPI_FMT_SSH, "\0\0\0", 3, &err);
  check (!a && gpg_err_code (err) == GPG_ERR_TOO_SHORT, "SSH no header");
  /* Length 0 trusts the header, as in Libgcrypt.  */
  err = gcry_mpi_scan (&a, GCRYMPI_FMT_SSH, "\0\0\0\x02\x01\x02junk", 0,
                       &n);
  check (!err && !gcry_mpi_cmp_ui (a, 0x102) && n == 6,
         "SSH scan with length 0");
  gcry_mpi_release (a);
  /* Without a result pointer the value is only checked.  */
  n = 0;
  err = gcry_mpi_scan (NULL, GCRYMPI_FMT_SSH, "\0\0\0\x02\x01\x02", 6, &n);
  check (!err && n == 6, "scan without a result");
  err = gcry_mpi_scan (NULL, GCRYMPI_FMT_PGP, "\x00\x11\x01\x02", 4, NULL);
  check (gpg_err_code (err) == GPG_ERR_INV_OBJ, "scan without a result: bad");

  a = scan (7, "\1", 1, &err);
  check (!a && gpg_err_code (err) == GPG_ERR_INV_ARG, "unknown format");
  /* Opaque values come from gcry_mpi_set_opaque, not from a scan.  */
  a = scan (GCRYMPI_FMT_OPAQUE, "\1", 1, &err);
  check (!a && gpg_err_code (err) == GPG_ERR_INV_ARG, "OPAQUE scan refused");

  /* HEX through aprint for a larger value.  */
  a = scan (GCRYMPI_FMT_USG, "\x12\x34\x56\x78\x9a\xbc\xde\xf0", 8, NULL);
  err = gcry_mpi_aprint (GCRYMPI_FMT_HEX, &hex, &n, a);
  check (!err && n == 17 && !strcmp ((char *)hex, "123456789ABCDEF0"),
         "HEX aprint");
  b = NULL;
  if (!err)
    err = gcry_mpi_scan (&b, GCRYMPI_FMT_HEX, hex, 0, NULL);
  check (!err && b && !gcry_mpi_cmp (a, b), "HEX round trip");
  gcry_free (hex);
  gcry_mpi_release (a);
  gcry_mpi_release (b);
  group_result ("scan and print formats", before);
}


static void
test_opaque (void)
{
  unsigned long before = test_failed;
  gcry_mpi_t a, b, c;
  unsigned int nbits;
  const unsigned char *p;
  void *mem;
  gpg_error_t err;
  size_t n;

  a = gcry_mpi_set_opaque_copy (NULL, "\0abc", 32);
  p = gcry_mpi_get_opaque (a, &nbits);
  check (a && gcry_mpi_get_flag (a, GCRYMPI_FLAG_OPAQUE) && nbits == 32
         && !memcmp (p, "\0abc", 4), "opaque copy");
  check (gcry_mpi_get_nbits (a) == 32, "nbits of opaque is its length");
  /* Printed as its bytes, the leading zero included, as in
     Libgcrypt.  */
  err = gcry_mpi_print (GCRYMPI_FMT_OPAQUE, NULL, 0, &n, a);
  check (gpg_err_code (err) == GPG_ERR_INV_ARG, "OPAQUE print refused");
  check_print (a, GCRYMPI_FMT_USG, "\0abc", 4, "opaque printed as USG");
  check_print (a, GCRYMPI_FMT_STD, "\0abc", 4, "opaque printed as STD");
  check_print (a, GCRYMPI_FMT_PGP, "\0\x20\0abc", 6, "opaque printed as PGP");
  check_print (a, GCRYMPI_FMT_SSH, "\0\0\0\x04\0abc", 8,
               "opaque printed as SSH");
  check_print (a, GCRYMPI_FMT_HEX, "00616263", 9, "opaque printed as HEX");
  check (gcry_mpi_cmp_ui (a, 0) == 0 && gcry_mpi_cmp_ui (a, 1) < 0,
         "cmp_ui takes an opaque value as zero");

  b = gcry_mpi_set_opaque_copy (NULL, "\0abc", 32);
  check (b && !gcry_mpi_cmp (a, b), "opaque copies compare equal");
  c = gcry_mpi_copy (a);
  check (c && gcry_mpi_get_flag (c, GCRYMPI_FLAG_OPAQUE)
         && !gcry_mpi_cmp (a, c), "copy of opaque");
  gcry_mpi_release (c);

  /* Ordering of opaque values: shorter first, then bytewise; any
     opaque value sorts before any number.  */
  c = gcry_mpi_set_opaque_copy (NULL, "\0abd", 32);
  check (gcry_mpi_cmp (a, c) < 0 && gcry_mpi_cmp (c, a) > 0,
         "opaque compare bytewise");
  gcry_mpi_release (c);
  c = gcry_mpi_set_opaque_copy (NULL, "\xff", 8);
  check (gcry_mpi_cmp (c, a) < 0, "opaque compare by length");
  gcry_mpi_release (c);
  c = gcry_mpi_set_ui (NULL, 0);
  check (gcry_mpi_cmp (a, c) < 0 && gcry_mpi_cmp (c, a) > 0,
         "opaque before numbers");
  check (!gcry_mpi_get_opaque (c, &nbits) && nbits == 0,
         "get_opaque of a number is NULL");
  gcry_mpi_release (c);

  /* Odd bit lengths keep all bytes.  */
  c = gcry_mpi_set_opaque_copy (NULL, "\x0f\xff", 12);
  p = gcry_mpi_get_opaque (c, &nbits);
  check (nbits == 12 && p[0] == 0x0f && p[1] == 0xff, "opaque 12 bits");
  check_print (c, GCRYMPI_FMT_USG, "\x0f\xff", 2, "opaque 12 bits as USG");
  check_print (c, GCRYMPI_FMT_PGP, "\0\x0c\x0f\xff", 4,
               "opaque 12 bits as PGP");
  gcry_mpi_release (c);

  /* set_opaque takes ownership (released by gcry_mpi_release).  */
  mem = gcry_malloc (3);
  memcpy (mem, "xyz", 3);
  c = gcry_mpi_set_opaque (NULL, mem, 24);
  check (gcry_mpi_get_opaque (c, &nbits) == mem && nbits == 24,
         "set_opaque keeps the pointer");
  gcry_mpi_set_opaque (c, NULL, 0);
  check (!gcry_mpi_get_opaque (c, &nbits) && nbits == 0, "empty opaque");
  gcry_mpi_release (c);

  mem = gcry_malloc_secure (2);
  memcpy (mem, "ab", 2);
  c = gcry_mpi_set_opaque_copy (NULL, mem, 16);
  check (gcry_mpi_get_flag (c, GCRYMPI_FLAG_SECURE)
         && gcry_is_secure (gcry_mpi_get_opaque (c, NULL)),
         "opaque copy of secure data is secure");
  gcry_mpi_release (c);
  gcry_free (mem);

  gcry_mpi_release (a);
  gcry_mpi_release (b);
  group_result ("opaque values", before);
}


static void
test_compare (void)
{
  unsigned long before = test_failed;
  static const unsigned char std[][3] =
    {
      /* Sorted ascending: -65536, -256, -2, -1, 0, 1, 2, 255, 256.  */
      { 3, 0xff, 0x00 }, { 2, 0xff, 0x00 }, { 1, 0xfe, 0 }, { 1, 0xff, 0 },
      { 0, 0, 0 }, { 1, 0x01, 0 }, { 1, 0x02, 0 }, { 2, 0x00, 0xff },
      { 2, 0x01, 0x00 }
    };
  gcry_mpi_t v[DIM (std)];
  size_t i, j;
  int bad = 0;

  for (i = 0; i < DIM (std); i++)
    {
      if (std[i][0] == 3)
        v[i] = scan (GCRYMPI_FMT_STD, "\xff\x00\x00", 3, NULL);
      else
        v[i] = scan (GCRYMPI_FMT_STD, std[i] + 1, std[i][0], NULL);
      if (!v[i])
        die ("scan failed");
    }
  for (i = 0; i < DIM (v); i++)
    for (j = 0; j < DIM (v); j++)
      {
        int r = gcry_mpi_cmp (v[i], v[j]);
        int want = i < j ? -1 : i > j;

        if ((r < 0 ? -1 : r > 0) != want)
          {
            fail ("cmp %zu %zu gives %d", i, j, r);
            bad++;
          }
      }
  if (!bad)
    pass ("cmp orders all pairs");

  check (gcry_mpi_cmp_ui (v[3], 0) < 0, "cmp_ui -1 < 0");
  check (gcry_mpi_cmp_ui (v[4], 0) == 0, "cmp_ui 0 == 0");
  check (gcry_mpi_cmp_ui (v[7], 255) == 0, "cmp_ui 255");
  check (gcry_mpi_cmp_ui (v[7], 256) < 0, "cmp_ui 255 < 256");
  check (gcry_mpi_cmp_ui (v[8], 255) > 0, "cmp_ui 256 > 255");
  check (gcry_mpi_get_nbits (v[4]) == 0 && gcry_mpi_get_nbits (v[5]) == 1
         && gcry_mpi_get_nbits (v[7]) == 8 && gcry_mpi_get_nbits (v[8]) == 9
         && gcry_mpi_get_nbits (v[0]) == 17, "nbits");
  check (gcry_mpi_test_bit (v[8], 8) && !gcry_mpi_test_bit (v[8], 0)
         && !gcry_mpi_test_bit (v[8], 100), "test_bit");

  {
    gcry_mpi_t a = gcry_mpi_set_ui (NULL, ~0UL);

    check (gcry_mpi_cmp_ui (a, ~0UL) == 0
           && gcry_mpi_get_nbits (a) == 8 * sizeof (unsigned long),
           "set_ui of ULONG_MAX");
    gcry_mpi_release (a);
  }
  for (i = 0; i < DIM (v); i++)
    gcry_mpi_release (v[i]);
  group_result ("comparisons and bit lengths", before);
}


static void
test_misc (void)
{
  unsigned long before = test_failed;
  gcry_mpi_t a, b, c;
  unsigned char *buf;
  unsigned char secbytes[2] = { 0x12, 0x34 };
  void *sec;

  a = gcry_mpi_new (256);
  check (a && !gcry_mpi_cmp_ui (a, 0) && !gcry_mpi_get_flag (a,
         GCRYMPI_FLAG_SECURE), "new is zero, not secure");
  gcry_mpi_set_ui (a, 1000);
  b = gcry_mpi_copy (a);
  check (!gcry_mpi_cmp (a, b) && !gcry_mpi_cmp_ui (b, 1000), "copy");
  c = gcry_mpi_set (NULL, a);
  check (!gcry_mpi_cmp_ui (c, 1000), "set into NULL");
  gcry_mpi_set_ui (c, 7);
  gcry_mpi_set (b, c);
  check (!gcry_mpi_cmp_ui (b, 7), "set");
  gcry_mpi_swap (a, b);
  check (!gcry_mpi_cmp_ui (a, 7) && !gcry_mpi_cmp_ui (b, 1000), "swap");
  gcry_mpi_neg (c, b);
  check (gcry_mpi_is_neg (c) && gcry_mpi_cmp_ui (c, 0) < 0, "neg");
  gcry_mpi_abs (c);
  check (!gcry_mpi_cmp (c, b), "abs");
  gcry_mpi_snatch (a, c);
  check (!gcry_mpi_cmp_ui (a, 1000), "snatch");

  /* Immutable values do not change.  */
  gcry_mpi_set_flag (a, GCRYMPI_FLAG_IMMUTABLE);
  gcry_mpi_set_ui (a, 1);
  check (!gcry_mpi_cmp_ui (a, 1000)
         && gcry_mpi_get_flag (a, GCRYMPI_FLAG_IMMUTABLE),
         "immutable MPI unchanged");
  gcry_mpi_clear_flag (a, GCRYMPI_FLAG_IMMUTABLE);
  gcry_mpi_set_ui (a, 1);
  check (!gcry_mpi_cmp_ui (a, 1), "cleared immutable flag");
  gcry_mpi_set_flag (a, GCRYMPI_FLAG_USER2);
  check (gcry_mpi_get_flag (a, GCRYMPI_FLAG_USER2)
         && !gcry_mpi_get_flag (a, GCRYMPI_FLAG_USER1), "user flags");
  /* As in Libgcrypt: set takes the source's user flags, set_ui clears
     them.  */
  c = gcry_mpi_set_ui (NULL, 7);
  gcry_mpi_set_flag (c, GCRYMPI_FLAG_USER1);
  gcry_mpi_set (a, c);
  check (gcry_mpi_get_flag (a, GCRYMPI_FLAG_USER1)
         && !gcry_mpi_get_flag (a, GCRYMPI_FLAG_USER2)
         && !gcry_mpi_cmp_ui (a, 7), "set takes the user flags");
  gcry_mpi_set_ui (a, 1);
  check (!gcry_mpi_get_flag (a, GCRYMPI_FLAG_USER1), "set_ui clears them");
  gcry_mpi_release (c);

  /* Secure memory.  */
  c = gcry_mpi_snew (0);
  gcry_mpi_set_ui (c, 0x1234);
  check (gcry_mpi_get_flag (c, GCRYMPI_FLAG_SECURE), "snew is secure");
  check (!gcry_mpi_aprint (GCRYMPI_FMT_USG, &buf, NULL, c)
         && gcry_is_secure (buf), "aprint of secure MPI is secure");
  gcry_free (buf);
  gcry_mpi_release (c);
  gcry_mpi_set_flag (b, GCRYMPI_FLAG_SECURE);
  check (gcry_mpi_get_flag (b, GCRYMPI_FLAG_SECURE)
         && !gcry_mpi_cmp_ui (b, 1000), "set_flag SECURE keeps the value");
  c = gcry_mpi_copy (b);
  check (gcry_mpi_get_flag (c, GCRYMPI_FLAG_SECURE), "copy stays secure");
  gcry_mpi_release (c);
  sec = gcry_malloc_secure (2);
  memcpy (sec, secbytes, 2);
  check (!gcry_mpi_scan (&c, GCRYMPI_FMT_USG, sec, 2, NULL)
         && gcry_mpi_get_flag (c, GCRYMPI_FLAG_SECURE)
         && !gcry_mpi_cmp_ui (c, 0x1234), "scan of secure buffer is secure");
  gcry_mpi_release (c);
  gcry_free (sec);

  gcry_mpi_dump (a);
  gcry_mpi_release (a);
  gcry_mpi_release (b);
  gcry_mpi_release (NULL);
  group_result ("copy, set, flags and secure memory", before);
}


/* gcry_mpi_randomize: NBITS rounded up to bytes, different values,
   secure stays secure, an immutable MPI is left alone.  */
static void
test_randomize (void)
{
  gcry_mpi_t a = gcry_mpi_new (0), b = gcry_mpi_new (0);
  gcry_mpi_t s = gcry_mpi_snew (0);
  int i, big = 0;

  for (i = 0; i < 20; i++)
    {
      gcry_mpi_randomize (a, 100, i % 2 ? GCRY_STRONG_RANDOM
                                        : GCRY_WEAK_RANDOM);
      check (gcry_mpi_get_nbits (a) <= 104, "randomize 100: %u bits",
             gcry_mpi_get_nbits (a));
      if (gcry_mpi_get_nbits (a) > 90)
        big++;
    }
  /* All 20 below 2^90 has probability 2^-280.  */
  check (big > 0, "randomize 100 reaches the top bits");
  gcry_mpi_randomize (a, 256, GCRY_STRONG_RANDOM);
  gcry_mpi_randomize (b, 256, GCRY_STRONG_RANDOM);
  check (gcry_mpi_cmp (a, b), "two random values differ");
  gcry_mpi_randomize (a, 0, GCRY_STRONG_RANDOM);
  check (!gcry_mpi_cmp_ui (a, 0), "randomize 0 bits gives 0");
  gcry_mpi_randomize (s, 64, GCRY_VERY_STRONG_RANDOM);
  check (gcry_mpi_get_flag (s, GCRYMPI_FLAG_SECURE)
         && gcry_mpi_get_nbits (s) <= 64, "randomize a secure MPI");
  gcry_mpi_set_ui (b, 7);
  gcry_mpi_set_flag (b, GCRYMPI_FLAG_IMMUTABLE);
  gcry_mpi_randomize (b, 64, GCRY_STRONG_RANDOM);
  check (!gcry_mpi_cmp_ui (b, 7), "randomize leaves an immutable MPI");
  gcry_mpi_release (a);
  gcry_mpi_release (b);
  gcry_mpi_release (s);
}

int
main (int argc, char **argv)
{
  test_init (argc, argv);
  test_formats ();
  test_std_exhaustive ();
  test_opaque ();
  test_compare ();
  test_misc ();
  test_randomize ();
  return test_exit ();
}
