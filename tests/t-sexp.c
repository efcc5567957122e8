/* t-sexp.c - Tests of the S-expression API
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

/* Covers parsing of the canonical and advanced formats, printing in
 * all modes with round trips, the build formats (also through the
 * array variant), the accessors, gcry_sexp_extract_param, secure
 * memory propagation, gcry_sexp_canon_len, a corpus of malformed
 * inputs with their exact error codes and offsets, and a deterministic
 * random and mutation test (--fuzz N sets the iterations per kind).
 * Every input is copied into an exactly sized heap buffer first, so
 * that a run under AddressSanitizer catches any read past the end.  */

#define PGM "t-sexp"
#include "t-common.h"
#include "t-valgrind.h"

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))

static unsigned long fuzz_iterations = 3000;


/* Print one PASS or FAIL line per group of checks.  */
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


/* Return N malloced bytes (at least one); die if there are none.  */
static char *
alloc_or_die (size_t n)
{
  char *buf = malloc (n ? n : 1);

  if (!buf)
    die ("out of core");
  return buf;
}

/* Return a malloced copy of the N bytes at P without a terminator.  */
static char *
exact_copy (const void *p, size_t n)
{
  char *buf = alloc_or_die (n);

  if (n)
    memcpy (buf, p, n);
  return buf;
}


/* Parse N bytes at TEXT (through an exact copy).  */
static gpg_error_t
scan (gcry_sexp_t *r, size_t *erroff, const char *text, size_t n)
{
  char *copy = exact_copy (text, n);
  gpg_error_t err;

  err = gcry_sexp_sscan (r, erroff, copy, n);
  free (copy);
  return err;
}


/* Return SEXP printed in MODE as a malloced string and its length.  */
static char *
print_sexp (gcry_sexp_t sexp, int mode, size_t *r_len)
{
  size_t n = gcry_sexp_sprint (sexp, mode, NULL, 0);
  char *buf;
  size_t m;

  buf = malloc (n);
  if (!buf)
    die ("out of core");
  m = gcry_sexp_sprint (sexp, mode, buf, n);
  if (m + 1 != n || buf[m])
    fail ("sprint mode %d: length %zu vs. %zu", mode, m, n);
  if (r_len)
    *r_len = m;
  return buf;
}


/* Check that SEXP in canonical form is the N bytes EXPECT.  */
static int
check_canon (gcry_sexp_t sexp, const char *expect, size_t n,
             const char *what)
{
  size_t len;
  char *buf = print_sexp (sexp, GCRYSEXP_FMT_CANON, &len);
  int ok = len == n && !memcmp (buf, expect, n);

  if (!ok)
    fail ("%s: canonical form is '%.*s', expected '%.*s'", what,
          (int)len, buf, (int)n, expect);
  else
    pass ("%s", what);
  free (buf);
  return ok;
}


/* Parse ADV and compare its canonical form with CANON (CANON NULL:
   the expected object is NULL, i.e. empty input or "()").  */
static void
check_parse (const char *adv, size_t advlen, const char *canon,
             size_t canonlen)
{
  gcry_sexp_t s;
  gpg_error_t err;
  size_t erroff;

  err = scan (&s, &erroff, adv, advlen);
  if (err)
    {
      fail ("parsing '%.*s': %s at %zu", (int)advlen, adv,
            gpg_strerror (err), erroff);
      return;
    }
  if (!canon)
    check (!s, "'%.*s' gives NULL", (int)advlen, adv);
  else if (!s)
    fail ("'%.*s' gave NULL", (int)advlen, adv);
  else
    check_canon (s, canon, canonlen, adv);
  gcry_sexp_release (s);
}

#define CP(adv, canon) \
  check_parse ((adv), sizeof (adv) - 1, (canon), sizeof (canon) - 1)


static void
test_parse (void)
{
  unsigned long before = test_failed;
  static const char *canon_samples[] =
    {
      "(3:foo4:abcd)",
      "(10:public-key(6:ml-kem(1:p4:\x01\x02\x03\x04)))",
      "(1:a(1:b(1:c(1:d)))1:e)",
      "(4:data(5:flags3:raw)(5:value3:\0\xff\x80))",
      "(0:)",
      "((1:a)(1:b))",
      "3:abc",
    };
  size_t i;

  /* Canonical text reads back as itself.  */
  for (i = 0; i < DIM (canon_samples); i++)
    {
      size_t n = strlen (canon_samples[i]);

      if (i == 3)
        n = sizeof "(4:data(5:flags3:raw)(5:value3:\0\xff\x80))" - 1;
      check_parse (canon_samples[i], n, canon_samples[i], n);
    }

  /* Advanced text.  */
  CP ("(a b c)", "(1:a1:b1:c)");
  CP ("  (a\n\tb\r\v\f c)  \n", "(1:a1:b1:c)");
  CP ("(public-key (ml-kem-768 (p #01020304#)))",
      "(10:public-key(10:ml-kem-768(1:p4:\x01\x02\x03\x04)))");
  CP ("(x #01 02\n0a\tFf#)", "(1:x4:\x01\x02\x0a\xff)");
  CP ("(x \"hello world\")", "(1:x11:hello world)");
  CP ("(x \"a\\nb\\x41\\101\\\\\\\"\\'\\t\\b\\v\\f\\r\")",
      "(1:x13:a\nbAA\\\"'\t\b\v\f\r)");
  CP ("(x \"ab\\\ncd\" \"ef\\\r\ngh\" \"ij\\\n\rkl\")",
      "(1:x4:abcd4:efgh4:ijkl)");
  CP ("(x \"\")", "(1:x0:)");
  CP ("(x \"\xe4\xf6\")", "(1:x2:\xe4\xf6)");
  CP ("(x |YWJj| |YWI=| |YQ==| |YWI| |YQ| ||)",
      "(1:x3:abc2:ab1:a2:ab1:a0:)");
  /* Base64 is read leniently, as in libgcrypt.  */
  CP ("(x |YQ=| |YQ===| |Y| |YWJjZA|)", "(1:x1:a1:a0:4:abcd)");
  CP ("(x 3:abc 5\"hello\" 2#4142# 3|YWJj|)",
      "(1:x3:abc5:hello2:AB3:abc)");
  CP ("(x 0:)", "(1:x0:)");
  CP ("([text/plain]foo)", "(10:text/plain3:foo)");
  CP ("([4:text]3:abc)", "(4:text3:abc)");
  CP ("(a-b.c/d_e:f*g+h=i -x .y /z)", "(17:a-b.c/d_e:f*g+h=i2:-x2:.y2:/z)");
  CP ("(abc(def)ghi)", "(3:abc(3:def)3:ghi)");
  CP ("(a\"b\"#63#|ZA==|)", "(1:a1:b1:c1:d)");
  CP ("foo", "3:foo");
  CP ("\"two words\"", "9:two words");
  CP ("()", NULL);
  CP ("", NULL);
  CP ("   ", NULL);
  CP (" ( ) ", NULL);
  /* Lengths that count the string's terminator (sizeof), which
     Libgcrypt takes after a list: NUL bytes after complete expressions
     end the input (a top-level token is kept, where Libgcrypt drops
     it; doc/gcrypt.texi, differences).  */
  check_parse ("(a)", 4, "(1:a)", 5);
  check_parse ("(a b)\0\0", 8, "(1:a1:b)", 8);
  check_parse ("foo", 4, "3:foo", 5);

  /* gcry_sexp_new and gcry_sexp_create.  */
  {
    gcry_sexp_t s;
    gpg_error_t err;
    char *buf;

    err = gcry_sexp_new (&s, "(3:abc)junk", 0, 0);
    check (!err && s, "gcry_sexp_new takes the canonical length");
    if (s)
      check_canon (s, "(3:abc)", 7, "gcry_sexp_new canonical");
    gcry_sexp_release (s);

    err = gcry_sexp_new (&s, "(abc \"d e\")", 0, 1);
    check (!err && s, "gcry_sexp_new autodetect with strlen");
    if (s)
      check_canon (s, "(3:abc3:d e)", 12, "gcry_sexp_new advanced");
    gcry_sexp_release (s);

    {
      static const char text[] = "(public-key (ml-kem-768 (p #01#)))";

      err = gcry_sexp_new (&s, text, sizeof text, 1);
      check (!err && s, "gcry_sexp_new with the terminator counted");
      if (s)
        check_canon (s, "(10:public-key(10:ml-kem-768(1:p1:\x01)))", 38,
                     "gcry_sexp_new with the terminator counted");
      gcry_sexp_release (s);
    }

    err = gcry_sexp_new (&s, "3:abc", 0, 0);
    check (gpg_err_code (err) == GPG_ERR_SEXP_NOT_CANONICAL && !s,
           "gcry_sexp_new rejects a non-canonical start");

    buf = gcry_malloc (7);
    memcpy (buf, "(3:xyz)", 7);
    err = gcry_sexp_create (&s, buf, 7, 0, gcry_free);
    check (!err && s, "gcry_sexp_create");
    if (s)
      check_canon (s, "(3:xyz)", 7, "gcry_sexp_create result");
    gcry_sexp_release (s);
  }
  group_result ("parse canonical and advanced", before);
}


static void
test_print (void)
{
  unsigned long before = test_failed;
  static const char text[] = "(a b (c #00FF#) \"1x\")";
  static const char advanced[] = "(a b \n (c #00FF#)\n \"1x\")\n";
  static const char deflt[] = "(1:a1:b\n (1:c2:\x00\xff)\n 2:1x)\n";
  gcry_sexp_t s, s2;
  char *buf;
  size_t len, n;
  char small[64];

  if (scan (&s, NULL, text, strlen (text)))
    {
      fail ("parse print sample");
      return;
    }
  buf = print_sexp (s, GCRYSEXP_FMT_ADVANCED, &len);
  check (len == strlen (advanced) && !memcmp (buf, advanced, len),
         "advanced layout: got '%s'", buf);
  free (buf);
  buf = print_sexp (s, GCRYSEXP_FMT_DEFAULT, &len);
  check (len == sizeof deflt - 1 && !memcmp (buf, deflt, len),
         "default layout");
  free (buf);

  /* Exact buffer sizes: the NUL must fit.  */
  n = gcry_sexp_sprint (s, GCRYSEXP_FMT_CANON, NULL, 0);
  check (n == 22, "canonical length query gives %zu", n);
  check (gcry_sexp_sprint (s, GCRYSEXP_FMT_CANON, small, n) == n - 1
         && small[n - 1] == 0, "sprint into exact buffer");
  check (gcry_sexp_sprint (s, GCRYSEXP_FMT_CANON, small, n - 1) == 0,
         "sprint into too small buffer returns 0");
  check (gcry_sexp_sprint (s, GCRYSEXP_FMT_ADVANCED, small, 5) == 0,
         "advanced sprint into too small buffer returns 0");

  /* The advanced and default outputs parse back to the same object.  */
  buf = print_sexp (s, GCRYSEXP_FMT_ADVANCED, &len);
  if (!scan (&s2, NULL, buf, len))
    {
      check_canon (s2, "(1:a1:b(1:c2:\x00\xff)2:1x)", 21,
                   "advanced output reads back");
      gcry_sexp_release (s2);
    }
  else
    fail ("advanced output does not parse");
  free (buf);
  buf = print_sexp (s, GCRYSEXP_FMT_DEFAULT, &len);
  if (!scan (&s2, NULL, buf, len))
    {
      check_canon (s2, "(1:a1:b(1:c2:\x00\xff)2:1x)", 21,
                   "default output reads back");
      gcry_sexp_release (s2);
    }
  else
    fail ("default output does not parse");
  free (buf);
  gcry_sexp_release (s);

  /* Data encodings chosen by the advanced printer.  */
  {
    static const struct { const char *in; const char *out; } enc[] =
      {
        { "(3:abc)",         "(abc)\n" },
        { "(3:1ab)",         "(\"1ab\")\n" },
        { "(3:a b)",         "(\"a b\")\n" },
        { "(4:a\nb\")",      "(\"a\\nb\\\"\")\n" },
        { "(2:\x01\x02)",    "(#0102#)\n" },
        { "(2:\x80\x41)",    "(#8041#)\n" },
        { "(0:)",            "(\"\")\n" },
        { "(3:a:b)",         "(a:b)\n" },
        { "(2:\x7f\x41)",    "(#7F41#)\n" },
      };
    size_t i;

    for (i = 0; i < DIM (enc); i++)
      {
        if (scan (&s, NULL, enc[i].in, strlen (enc[i].in)) || !s)
          {
            fail ("encoding sample %zu does not parse", i);
            continue;
          }
        buf = print_sexp (s, GCRYSEXP_FMT_ADVANCED, &len);
        check (!strcmp (buf, enc[i].out), "advanced encoding of %s: '%s'",
               enc[i].in, buf);
        free (buf);
        gcry_sexp_release (s);
      }
  }

  /* NULL prints as the empty list.  */
  n = gcry_sexp_sprint (NULL, GCRYSEXP_FMT_CANON, small, sizeof small);
  check (n == 2 && !strcmp (small, "()"), "NULL prints as ()");
  group_result ("sprint modes and layout", before);
}


static void
test_build (void)
{
  unsigned long before = test_failed;
  gcry_sexp_t s, inner;
  gcry_mpi_t m, mneg;
  gpg_error_t err;
  size_t erroff;
  unsigned char *secbuf;

  err = gcry_sexp_build (&s, NULL, "(data (value %b))", 3, "abc");
  if (check (!err && s, "build %%b"))
    check_canon (s, "(4:data(5:value3:abc))", 22, "build %b result");
  gcry_sexp_release (s);

  err = gcry_sexp_build (&s, NULL, "(p%b)", 2, "\0\1");
  if (check (!err && s, "build %%b right after a token"))
    check_canon (s, "(1:p2:\0\1)", 9, "build (p%b)");
  gcry_sexp_release (s);

  err = gcry_sexp_build (&s, NULL, "(a %s %d %u %d)", "hello world",
                         -42, 4000000000u, 0);
  if (check (!err && s, "build %%s %%d %%u"))
    check_canon (s, "(1:a11:hello world3:-4210:40000000001:0)", 40,
                 "build %s %d %u result");
  gcry_sexp_release (s);

  m = gcry_mpi_set_ui (NULL, 0x80);
  gcry_mpi_scan (&mneg, GCRYMPI_FMT_STD, "\xff\x7f", 2, NULL);
  err = gcry_sexp_build (&s, NULL, "(n %m %M %m)", m, m, mneg);
  if (check (!err && s, "build %%m %%M"))
    check_canon (s, "(1:n2:\0\x80" "1:\x80" "2:\xff\x7f)", 16,
                 "build %m (STD) %M (USG)");
  gcry_sexp_release (s);

  err = gcry_sexp_build (&s, &erroff, "(n %M)", mneg);
  check (gpg_err_code (err) == GPG_ERR_INV_ARG && !s,
         "build %%M rejects a negative MPI");

  /* Opaque MPIs go in as their bytes.  */
  {
    gcry_mpi_t o = gcry_mpi_set_opaque_copy (NULL, "\0opq", 32);

    err = gcry_sexp_build (&s, NULL, "(o %m)", o);
    if (check (!err && s, "build %%m opaque"))
      check_canon (s, "(1:o4:\0opq)", 11, "build opaque result");
    gcry_sexp_release (s);
    gcry_mpi_release (o);
  }

  /* %S inserts a copy of another object.  */
  err = gcry_sexp_build (&inner, NULL, "(q #0102#)");
  err |= gcry_sexp_build (&s, NULL, "(outer %S (r %S))", inner, inner);
  if (check (!err && s, "build %%S"))
    check_canon (s, "(5:outer(1:q2:\1\2)(1:r(1:q2:\1\2)))", 32,
                 "build %S result");
  gcry_sexp_release (s);
  err = gcry_sexp_build (&s, NULL, "%S", inner);
  if (check (!err && s, "build %%S alone"))
    check_canon (s, "(1:q2:\1\2)", 9, "build %S alone result");
  gcry_sexp_release (s);
  err = gcry_sexp_build (&s, NULL, "%S %S", inner, NULL);
  if (check (!err && s, "build %%S with NULL after a complete list"))
    check_canon (s, "(1:q2:\1\2)", 9, "build %S NULL result");
  gcry_sexp_release (s);
  /* Several top-level elements are accepted, as in libgcrypt.  */
  err = gcry_sexp_build (&s, &erroff, "%S %S", inner, inner);
  if (check (!err && s, "build with two top-level elements"))
    check_canon (s, "(1:q2:\1\2)(1:q2:\1\2)", 18,
                 "build with two top-level elements result");
  gcry_sexp_release (s);

  /* The array variant.  */
  {
    int len = 3, ival = -7;
    const char *str = "xyz";
    const void *ptr = "\x01\x02\x03";
    void *args[7];

    args[0] = &len;
    args[1] = &ptr;
    args[2] = &str;
    args[3] = &ival;
    args[4] = &m;
    args[5] = &inner;
    args[6] = NULL;
    err = gcry_sexp_build_array (&s, NULL, "(a %b %s %d %m %S)", args);
    if (check (!err && s, "build_array"))
      check_canon (s, "(1:a3:\1\2\3" "3:xyz2:-72:\0\x80(1:q2:\1\2))", 32,
                   "build_array result");
    gcry_sexp_release (s);
    err = gcry_sexp_build_array (&s, NULL, "(a %b %s %d %m %S %s)", args);
    check (gpg_err_code (err) == GPG_ERR_INV_ARG && !s,
           "build_array with too few arguments");
  }

  /* Errors.  */
  err = gcry_sexp_build (&s, &erroff, "(a %x)", 1);
  check (gpg_err_code (err) == GPG_ERR_SEXP_INV_LEN_SPEC && erroff == 4
         && !s, "build with unknown directive (erroff %zu)", erroff);
  err = gcry_sexp_build (&s, &erroff, "(a %b)", -1, "x");
  check (gpg_err_code (err) == GPG_ERR_INV_ARG && !s,
         "build %%b with negative length");
  err = gcry_sexp_build (&s, &erroff, "(a %s", "x");
  check (gpg_err_code (err) == GPG_ERR_SEXP_UNMATCHED_PAREN && !s,
         "build with unclosed list");

  /* Secret inputs give secret objects.  */
  secbuf = gcry_malloc_secure (4);
  memcpy (secbuf, "\x11\x22\x33\x44", 4);
  err = gcry_sexp_build (&s, NULL, "(private-key (s %b))", 4, secbuf);
  if (check (!err && s, "build with a secure buffer"))
    {
      const char *d;
      size_t n;
      gcry_mpi_t sm;

      check (gcry_is_secure (s), "object from secure %%b is secure");
      gcry_sexp_release (inner);
      inner = gcry_sexp_find_token (s, "s", 0);
      d = gcry_sexp_nth_data (inner, 1, &n);
      check (d && n == 4 && gcry_is_secure (d) && gcry_is_secure (inner),
             "sublists of a secure object are secure");
      sm = gcry_sexp_nth_mpi (inner, 1, GCRYMPI_FMT_USG);
      check (sm && gcry_mpi_get_flag (sm, GCRYMPI_FLAG_SECURE),
             "MPI from a secure object is secure");
      gcry_mpi_release (sm);
      gcry_sexp_release (inner);
      inner = NULL;
    }
  gcry_sexp_release (s);
  err = gcry_sexp_build (&s, NULL, "(public-key (p %b))", 4, "abcd");
  check (!err && s && !gcry_is_secure (s), "public object is not secure");
  gcry_sexp_release (s);
  {
    gcry_mpi_t sm = gcry_mpi_snew (0);

    gcry_mpi_set_ui (sm, 5);
    err = gcry_sexp_build (&s, NULL, "(x (y %m))", sm);
    check (!err && s && gcry_is_secure (s), "object from secure %%m is secure");
    gcry_sexp_release (s);
    gcry_mpi_release (sm);
  }
  /* Scanning secure text gives a secure object.  */
  memcpy (secbuf, "(a)", 3);
  err = gcry_sexp_sscan (&s, NULL, (char *)secbuf, 3);
  check (!err && s && gcry_is_secure (s), "sscan of secure text is secure");
  gcry_sexp_release (s);
  gcry_free (secbuf);

  gcry_sexp_release (inner);
  gcry_mpi_release (m);
  gcry_mpi_release (mneg);
  group_result ("build formats", before);
}


static void
test_access (void)
{
  unsigned long before = test_failed;
  static const char text[] =
    "(public-key (ml-kem (p #0102#) (q \"str\")) (flags a b) (z \"\"))";
  gcry_sexp_t s, l, l2, l3;
  const char *d;
  size_t n;
  char *str;
  void *buf;
  gcry_mpi_t m;

  if (scan (&s, NULL, text, strlen (text)))
    {
      fail ("parse access sample");
      return;
    }
  check (gcry_sexp_length (s) == 4, "length of top list");
  d = gcry_sexp_nth_data (s, 0, &n);
  check (d && n == 10 && !memcmp (d, "public-key", 10), "nth_data 0");
  check (!gcry_sexp_nth_data (s, 1, &n) && n == 0,
         "nth_data of a sublist is NULL");
  check (!gcry_sexp_nth_data (s, 4, &n), "nth_data past the end");
  d = gcry_sexp_nth_data (s, -1, &n);
  check (d && n == 10 && !memcmp (d, "public-key", 10),
         "nth_data with a negative index reads element 0");
  check (!gcry_sexp_nth (s, 4), "nth past the end");

  l = gcry_sexp_find_token (s, "ml-kem", 0);
  check (l && gcry_sexp_length (l) == 3, "find_token ml-kem");
  l2 = gcry_sexp_car (l);
  d = gcry_sexp_nth_data (l2, 0, &n);
  check (d && n == 6 && !memcmp (d, "ml-kem", 6)
         && gcry_sexp_length (l2) == 1, "car of data is a one-element list");
  check (!gcry_sexp_nth_data (l2, 1, &n), "car has no element 1");
  gcry_sexp_release (l2);
  /* A top-level data element is its own element 0.  */
  if (!scan (&l2, NULL, "atom", 4))
    {
      d = gcry_sexp_nth_data (l2, 0, &n);
      check (d && n == 4 && !memcmp (d, "atom", 4)
             && gcry_sexp_length (l2) == 0 && !gcry_sexp_nth (l2, 0)
             && !gcry_sexp_nth_data (l2, 1, &n), "top-level data element");
      gcry_sexp_release (l2);
    }
  else
    fail ("parse top-level data element");
  /* The cdr holds element 1 only, as libgcrypt's does.  */
  l2 = gcry_sexp_cdr (l);
  check (l2 && gcry_sexp_length (l2) == 1, "cdr has 1 element");
  if (l2)
    check_canon (l2, "((1:p2:\1\2))", 11, "cdr");
  gcry_sexp_release (l2);
  l2 = gcry_sexp_cadr (l);
  if (check (l2 != NULL, "cadr"))
    check_canon (l2, "(1:p2:\1\2)", 9, "cadr value");
  l3 = gcry_sexp_nth (l, 1);
  if (check (l3 != NULL, "nth 1"))
    check_canon (l3, "(1:p2:\1\2)", 9, "nth 1 value");
  gcry_sexp_release (l3);
  l3 = gcry_sexp_nth (l2, 1);
  d = gcry_sexp_nth_data (l3, 0, &n);
  check (l3 && d && n == 2 && !memcmp (d, "\1\2", 2), "nth of a data element reads as element 0");
  gcry_sexp_release (l3);

  m = gcry_sexp_nth_mpi (l2, 1, GCRYMPI_FMT_USG);
  check (m && !gcry_mpi_cmp_ui (m, 0x102), "nth_mpi USG");
  gcry_mpi_release (m);
  m = gcry_sexp_nth_mpi (l2, 1, 0);
  check (m && !gcry_mpi_cmp_ui (m, 0x102), "nth_mpi default format");
  gcry_mpi_release (m);
  m = gcry_sexp_nth_mpi (l2, 1, GCRYMPI_FMT_OPAQUE);
  {
    unsigned int nbits;
    const void *p = m ? gcry_mpi_get_opaque (m, &nbits) : NULL;

    check (p && nbits == 16 && !memcmp (p, "\1\2", 2), "nth_mpi opaque");
  }
  gcry_mpi_release (m);
  check (!gcry_sexp_nth_mpi (l2, 0, GCRYMPI_FMT_HEX),
         "nth_mpi HEX is refused");
  check (!gcry_sexp_nth_mpi (l2, 2, GCRYMPI_FMT_USG), "nth_mpi missing");
  gcry_sexp_release (l2);
  gcry_sexp_release (l);

  l = gcry_sexp_find_token (s, "q", 1);
  str = gcry_sexp_nth_string (l, 1);
  check (str && !strcmp (str, "str"), "nth_string");
  gcry_free (str);
  buf = gcry_sexp_nth_buffer (l, 1, &n);
  check (buf && n == 3 && !memcmp (buf, "str", 3), "nth_buffer");
  gcry_free (buf);
  gcry_sexp_release (l);

  l = gcry_sexp_find_token (s, "z", 0);
  d = gcry_sexp_nth_data (l, 1, &n);
  check (d && n == 0, "nth_data of empty data");
  check (!gcry_sexp_nth_string (l, 1), "nth_string of empty data is NULL");
  check (!gcry_sexp_nth_buffer (l, 1, &n), "nth_buffer of empty data");
  check (!gcry_sexp_nth_mpi (l, 1, GCRYMPI_FMT_OPAQUE),
         "nth_mpi opaque of empty data is NULL");
  gcry_sexp_release (l);

  l = gcry_sexp_find_token (s, "flagsXYZ", 5);
  check (l && gcry_sexp_length (l) == 3, "find_token with toklen");
  gcry_sexp_release (l);
  l = gcry_sexp_find_token (s, "public-key", 0);
  check (l && gcry_sexp_length (l) == 4, "find_token finds the top list");
  gcry_sexp_release (l);
  check (!gcry_sexp_find_token (s, "a", 0), "find_token ignores non-cars");
  check (!gcry_sexp_find_token (s, "nope", 0), "find_token missing");
  check (!gcry_sexp_find_token (NULL, "p", 0), "find_token on NULL");
  check (gcry_sexp_length (NULL) == 0 && !gcry_sexp_car (NULL)
         && !gcry_sexp_cdr (NULL) && !gcry_sexp_nth_data (NULL, 0, &n),
         "accessors accept NULL");

  /* The cdr of (flags a b) is (a), whose cdr is NULL.  */
  l = gcry_sexp_find_token (s, "flags", 0);
  l2 = gcry_sexp_cdr (l);
  if (check (l2 != NULL, "cdr of flags"))
    check_canon (l2, "(1:a)", 5, "cdr of flags value");
  l3 = gcry_sexp_cdr (l2);
  check (!l3, "cdr of one element list is NULL");
  gcry_sexp_release (l2);
  gcry_sexp_release (l);

  gcry_sexp_dump (s);
  gcry_sexp_release (s);
  group_result ("accessors", before);
}


static void
test_extract (void)
{
  unsigned long before = test_failed;
  static const char text[] =
    "(key (ml-kem (p #00AB#) (q #0102#) (s \"hi\") (n \"42\") (neg #FF#)"
    " (flags a (w) b) (long-name #77#)))";
  gcry_sexp_t s;
  gcry_mpi_t p = NULL, q = NULL, x = NULL, neg = NULL;
  gpg_error_t err;
  unsigned int nbits, u;
  int i;
  char *str = NULL;
  gcry_buffer_t b1, b2;
  char area[8];
  size_t z;

  if (scan (&s, NULL, text, strlen (text)))
    {
      fail ("parse extract sample");
      return;
    }
  err = gcry_sexp_extract_param (s, NULL, "pq", &p, &q, NULL);
  check (!err && p && q && !gcry_mpi_cmp_ui (p, 0xab)
         && !gcry_mpi_cmp_ui (q, 0x102), "extract two MPIs");
  gcry_mpi_release (p);
  gcry_mpi_release (q);
  p = q = NULL;

  err = gcry_sexp_extract_param (s, "key!ml-kem", "/p-neg+ 'neg'",
                                 &p, &neg, &q, NULL);
  check (err, "'neg' parses as three names n e g: %s", gpg_strerror (err));
  check (!p && !neg && !q, "results are reset on error");

  err = gcry_sexp_extract_param (s, "key!ml-kem", "/p -'neg' +'neg'",
                                 &p, &neg, &q, NULL);
  check (!err && p && neg && q, "extract with modes and quoted names");
  if (!err)
    {
      const unsigned char *o = gcry_mpi_get_opaque (p, &nbits);

      check (gcry_mpi_get_flag (p, GCRYMPI_FLAG_OPAQUE) && nbits == 16
             && o[0] == 0 && o[1] == 0xab, "'/' gives opaque");
      check (gcry_mpi_is_neg (neg) && gcry_mpi_cmp_ui (neg, 1) < 0,
             "'-' gives signed (-1)");
      check (!gcry_mpi_is_neg (q) && !gcry_mpi_cmp_ui (q, 0xff),
             "'+' gives unsigned (255)");
    }
  gcry_mpi_release (p);
  gcry_mpi_release (neg);
  gcry_mpi_release (q);
  p = q = neg = NULL;

  err = gcry_sexp_extract_param (s, NULL, "p x? q", &p, &x, &q, NULL);
  check (!err && p && !x && q, "optional parameter absent");
  gcry_mpi_release (p);
  gcry_mpi_release (q);
  p = q = NULL;

  err = gcry_sexp_extract_param (s, NULL, "px q", &p, &x, &q, NULL);
  check (gpg_err_code (err) == GPG_ERR_NO_OBJ && !p && !x && !q,
         "missing parameter: NO_OBJ and earlier results released");

  err = gcry_sexp_extract_param (s, "key!nothere", "p", &p, NULL);
  check (gpg_err_code (err) == GPG_ERR_NOT_FOUND && !p, "bad path");
  err = gcry_sexp_extract_param (s, "key!!ml-kem", "p", &p, NULL);
  check (gpg_err_code (err) == GPG_ERR_NOT_FOUND && !p, "empty path part");

  err = gcry_sexp_extract_param (s, NULL, "pq", &p, NULL);
  check (gpg_err_code (err) == GPG_ERR_MISSING_VALUE && !p,
         "too few result pointers");
  err = gcry_sexp_extract_param (s, NULL, "p'q", &p, &q, NULL);
  check (gpg_err_code (err) == GPG_ERR_SYNTAX, "unterminated quote");

  /* Buffer descriptors: allocated by us, then into caller memory.  */
  memset (&b1, 0, sizeof b1);
  memset (&b2, 0, sizeof b2);
  b2.data = area;
  b2.size = sizeof area;
  b2.off = 2;
  err = gcry_sexp_extract_param (s, NULL, "&q'long-name'", &b1, &b2, NULL);
  check (!err && b1.data && b1.len == 2 && b1.size == 2 && b1.off == 0
         && !memcmp (b1.data, "\1\2", 2), "'&' allocates a buffer");
  check (!err && b2.len == 1 && area[2] == 0x77, "'&' fills a buffer");
  gcry_free (b1.data);
  b2.size = 2;
  err = gcry_sexp_extract_param (s, NULL, "&q", &b2, NULL);
  /* libgcrypt leaves LEN as it was (1 from the call before).  */
  check (gpg_err_code (err) == GPG_ERR_BUFFER_TOO_SHORT && b2.len == 1,
         "'&' into a too small buffer");
  memset (&b1, 0, sizeof b1);
  err = gcry_sexp_extract_param (s, NULL, "&x?", &b1, NULL);
  check (!err && !b1.data && b1.len == 0, "'&' optional absent");

  /* Strings and integers.  */
  err = gcry_sexp_extract_param (s, NULL, "%ss%un%dn%zun", &str, &u, &i, &z,
                                 NULL);
  check (!err && str && !strcmp (str, "hi") && u == 42 && i == 42 && z == 42,
         "%%s %%u %%d %%zu modes");
  gcry_free (str);
  str = NULL;
  err = gcry_sexp_extract_param (s, NULL, "%#s'flags'", &str, NULL);
  check (!err && str && !strcmp (str, "a () b"), "%%#s mode: '%s'",
         str ? str : "(null)");
  gcry_free (str);
  gcry_sexp_release (s);
  group_result ("extract_param", before);
}


/* The builder's output buffer grows by doubling and usually becomes
   the object itself (sexp.c, sb_finish); a buffer that reserved much
   more than it holds is copied instead.  Objects of every size around
   the doubling steps, with the switch to secure memory in the middle
   of a build, must hold exactly the canonical encoding.  */
static void
test_build_buffers (void)
{
  static const size_t sizes[] = { 0, 1, 20, 40, 50, 60, 64, 100, 120, 128,
                                  200, 250, 256, 1000, 1952, 2000, 2040,
                                  2048, 4032, 4060, 4096, 8000, 8180,
                                  8192, 9000 };
  unsigned long before = test_failed;
  size_t i, j, n, len;
  char *pub, *exp, *quoted;
  unsigned char *sec;
  gcry_sexp_t s;
  gpg_error_t err;

  pub = malloc (9000);
  exp = malloc (2 * 9000 + 100);
  quoted = malloc (4 * 3000 + 10);
  sec = gcry_malloc_secure (9000);
  if (!pub || !exp || !quoted || !sec)
    die ("out of core");
  for (n = 0; n < 9000; n++)
    {
      pub[n] = (char)(n * 13 + 5);
      sec[n] = (unsigned char)(n * 29 + 3);
    }
  /* The first format's size is known before parsing (one buffer, in
     secure memory from the start if NS > 0); the quoted string of the
     second defeats that, so its buffer grows and switches.  */
  for (i = 0; i < 2 * DIM (sizes); i++)
    for (j = 0; j < DIM (sizes); j += 3)
      {
        size_t np = sizes[i % DIM (sizes)], ns = sizes[j];

        if (i < DIM (sizes))
          err = gcry_sexp_build (&s, NULL, "(k (p %b) (s %b) (x %s))",
                                 (int)np, pub, (int)ns, sec, "abc");
        else
          err = gcry_sexp_build (&s, NULL, "(k (p %b) (s %b) (x \"abc\"))",
                                 (int)np, pub, (int)ns, sec);
        len = sprintf (exp, "(1:k(1:p%zu:", np);
        memcpy (exp + len, pub, np);
        len += np;
        len += sprintf (exp + len, ")(1:s%zu:", ns);
        memcpy (exp + len, sec, ns);
        len += ns;
        len += sprintf (exp + len, ")(1:x3:abc))");
        if (err || !s)
          fail ("build of %zu + %zu bytes: %s", np, ns, gpg_strerror (err));
        else
          {
            size_t m;
            char *out = print_sexp (s, GCRYSEXP_FMT_CANON, &m);

            if (m != len || memcmp (out, exp, len))
              fail ("build of %zu + %zu bytes: wrong encoding", np, ns);
            if (!ns != !gcry_is_secure (s))
              fail ("build of %zu + %zu bytes: secure is %d", np, ns,
                    gcry_is_secure (s));
            free (out);
          }
        gcry_sexp_release (s);
      }
  /* A quoted string of escapes reserves four times what it decodes
     to: copied into an object of its own size.  */
  for (n = 0; n < 3000; n += 1499)
    {
      len = 0;
      quoted[len++] = '"';
      for (i = 0; i < n; i++)
        len += sprintf (quoted + len, "\\x%02x", (unsigned char)pub[i]);
      quoted[len++] = '"';
      err = gcry_sexp_sscan (&s, NULL, quoted, len);
      if (err || !s)
        fail ("quoted string of %zu escapes: %s", n, gpg_strerror (err));
      else
        {
          size_t m;
          const char *d = gcry_sexp_nth_data (s, 0, &m);

          if (!d || m != n || memcmp (d, pub, n))
            fail ("quoted string of %zu escapes: wrong data", n);
        }
      gcry_sexp_release (s);
    }
  /* The array variant sized up front, with a secure %S.  */
  {
    int nb = 1952, zero = 0;
    unsigned int u = 4294967295u;
    const void *pp = pub, *np0 = NULL;
    gcry_sexp_t inner;
    void *args[6];

    err = gcry_sexp_build (&inner, NULL, "(s %b)", 4, sec);
    args[0] = &nb;
    args[1] = &pp;
    args[2] = &u;
    args[3] = &inner;
    args[4] = &zero;
    args[5] = &np0;
    if (!err)
      err = gcry_sexp_build_array (&s, NULL, "(k (p %b) %u %S (e %b))",
                                   args);
    len = sprintf (exp, "(1:k(1:p1952:");
    memcpy (exp + len, pub, 1952);
    len += 1952;
    len += sprintf (exp + len, ")10:4294967295(1:s4:");
    memcpy (exp + len, sec, 4);
    len += 4;
    len += sprintf (exp + len, ")(1:e0:))");
    if (err || !s)
      fail ("sized build_array: %s", gpg_strerror (err));
    else
      {
        size_t m;
        char *out = print_sexp (s, GCRYSEXP_FMT_CANON, &m);

        if (m != len || memcmp (out, exp, len) || !gcry_is_secure (s))
          fail ("sized build_array: wrong encoding or not secure");
        free (out);
      }
    gcry_sexp_release (s);
    gcry_sexp_release (inner);
  }
  check (test_failed == before, "builds of 0..9000 bytes at the buffer's "
         "doubling steps or sized up front, public and secure, and "
         "escaped strings give their canonical encodings");
  gcry_free (sec);
  free (quoted);
  free (exp);
  free (pub);
}


/* Large data (beyond 16 bit lengths) and deep nesting.  */
static void
test_sizes (void)
{
  unsigned long before = test_failed;
  size_t sizes[] = { 4896, 70000 };
  size_t i, n, depth;
  gcry_sexp_t s, l;
  gpg_error_t err;
  char *buf, *out;
  const char *d;

  for (i = 0; i < DIM (sizes); i++)
    {
      buf = malloc (sizes[i]);
      if (!buf)
        die ("out of core");
      for (n = 0; n < sizes[i]; n++)
        buf[n] = (char)(n * 7 + 1);
      err = gcry_sexp_build (&s, NULL, "(private-key (ml-dsa-87 (s %b)))",
                             (int)sizes[i], buf);
      l = err ? NULL : gcry_sexp_find_token (s, "s", 0);
      d = gcry_sexp_nth_data (l, 1, &n);
      check (d && n == sizes[i] && !memcmp (d, buf, n),
             "%zu byte data element", sizes[i]);
      if (!err)
        {
          size_t len;
          gcry_sexp_t s2;

          out = print_sexp (s, GCRYSEXP_FMT_ADVANCED, &len);
          check (!scan (&s2, NULL, out, len) && s2
                 && gcry_sexp_length (s2) == 2,
                 "%zu byte data element through advanced format", sizes[i]);
          gcry_sexp_release (s2);
          free (out);
        }
      gcry_sexp_release (l);
      gcry_sexp_release (s);
      free (buf);
    }

  /* Deep nesting: canonical round trip at depth 20000, advanced
     (quadratic indentation) at depth 500.  */
  for (depth = 500; depth <= 20000; depth += 19500)
    {
      size_t len = 2 * depth + 3;

      buf = malloc (len);
      if (!buf)
        die ("out of core");
      for (n = 0; n < depth; n++)
        buf[n] = '(';
      memcpy (buf + depth, "1:x", 3);
      for (n = 0; n < depth; n++)
        buf[depth + 3 + n] = ')';
      err = scan (&s, NULL, buf, len);
      if (check (!err && s, "nesting depth %zu parses", depth))
        {
          check_canon (s, buf, len, "deep nesting round trip");
          l = gcry_sexp_find_token (s, "x", 0);
          check (l && gcry_sexp_length (l) == 1, "find_token at depth %zu",
                 depth);
          gcry_sexp_release (l);
          if (depth == 500)
            {
              out = print_sexp (s, GCRYSEXP_FMT_ADVANCED, &n);
              free (out);
            }
        }
      gcry_sexp_release (s);
      free (buf);
    }
  group_result ("large data and deep nesting", before);
}


static void
test_canon_len (void)
{
  unsigned long before = test_failed;
  gcry_error_t err;
  size_t n, erroff;

  n = gcry_sexp_canon_len ((const unsigned char *)"(3:abc)junk", 0,
                           &erroff, &err);
  check (n == 7 && !err, "canon_len stops after the list");
  n = gcry_sexp_canon_len ((const unsigned char *)"(3:abc(1:d))", 12,
                           &erroff, &err);
  check (n == 12 && !err, "canon_len nested");
  n = gcry_sexp_canon_len ((const unsigned char *)"([4:text]3:abc)", 15,
                           &erroff, &err);
  check (n == 15 && !err, "canon_len with display hint");
  n = gcry_sexp_canon_len ((const unsigned char *)"(0:)", 4, &erroff, &err);
  check (n == 4 && !err, "canon_len empty data");
  n = gcry_sexp_canon_len ((const unsigned char *)"(3:abc)", 6,
                           &erroff, &err);
  check (!n && gpg_err_code (err) == GPG_ERR_SEXP_STRING_TOO_LONG,
         "canon_len with short limit");
  n = gcry_sexp_canon_len ((const unsigned char *)"(9:abc)", 7,
                           &erroff, &err);
  check (!n && gpg_err_code (err) == GPG_ERR_SEXP_STRING_TOO_LONG,
         "canon_len with long data");
  n = gcry_sexp_canon_len ((const unsigned char *)"3:abc", 5, &erroff, &err);
  check (!n && gpg_err_code (err) == GPG_ERR_SEXP_NOT_CANONICAL,
         "canon_len needs a list");
  n = gcry_sexp_canon_len ((const unsigned char *)"(01:a)", 6,
                           &erroff, &err);
  check (!n && gpg_err_code (err) == GPG_ERR_SEXP_ZERO_PREFIX
         && erroff == 1, "canon_len zero prefix");
  n = gcry_sexp_canon_len ((const unsigned char *)"(3 abc)", 7,
                           &erroff, &err);
  check (!n && gpg_err_code (err) == GPG_ERR_SEXP_INV_LEN_SPEC,
         "canon_len bad length");
  n = gcry_sexp_canon_len ((const unsigned char *)"(a)", 3, &erroff, &err);
  check (!n && gpg_err_code (err) == GPG_ERR_SEXP_BAD_CHARACTER
         && erroff == 1, "canon_len rejects tokens");
  n = gcry_sexp_canon_len ((const unsigned char *)"([1:a[1:b]])", 12,
                           &erroff, &err);
  check (!n && gpg_err_code (err) == GPG_ERR_SEXP_NESTED_DH,
         "canon_len nested hint");
  n = gcry_sexp_canon_len ((const unsigned char *)"(1:a&)", 6,
                           &erroff, &err);
  check (!n && gpg_err_code (err) == GPG_ERR_SEXP_UNEXPECTED_PUNC,
         "canon_len reserved punctuation");
  n = gcry_sexp_canon_len ((const unsigned char *)"(99999999999999999999999:",
                           25, &erroff, &err);
  check (!n && gpg_err_code (err) == GPG_ERR_SEXP_STRING_TOO_LONG,
         "canon_len huge length");
  group_result ("canon_len", before);
}


/* Malformed inputs with the error code and offset we expect.  */
static void
test_malformed (void)
{
  unsigned long before = test_failed;
  static const struct
  {
    const char *text;
    int len;            /* -1: strlen.  */
    gpg_err_code_t code;
    int erroff;         /* -1: do not check.  */
  } bad[] =
    {
      { "(a",              -1, GPG_ERR_SEXP_UNMATCHED_PAREN, 2 },
      { ")",               -1, GPG_ERR_SEXP_UNMATCHED_PAREN, 0 },
      { "(a))",            -1, GPG_ERR_SEXP_UNMATCHED_PAREN, 3 },
      { "a)",              -1, GPG_ERR_SEXP_UNMATCHED_PAREN, 1 },
      { "(3:ab)",          -1, GPG_ERR_SEXP_UNMATCHED_PAREN, 6 },
      { "(4:ab)",          -1, GPG_ERR_SEXP_STRING_TOO_LONG, 2 },
      { "(99999999999999999999:a)", -1, GPG_ERR_SEXP_STRING_TOO_LONG, 21 },
      { "(01:a)",          -1, GPG_ERR_SEXP_ZERO_PREFIX, 1 },
      { "(3x)",            -1, GPG_ERR_SEXP_INV_LEN_SPEC, 2 },
      { "12",              -1, GPG_ERR_SEXP_INV_LEN_SPEC, 2 },
      { "(a 12",           -1, GPG_ERR_SEXP_UNMATCHED_PAREN, 5 },
      { "(a \"abc)",       -1, GPG_ERR_SEXP_UNMATCHED_PAREN, -1 },
      { "\"abc",           -1, GPG_ERR_SEXP_BAD_QUOTATION, -1 },
      { "(a \"\\q\")",     -1, GPG_ERR_SEXP_BAD_QUOTATION, 5 },
      { "(a \"\\x4\")",    -1, GPG_ERR_SEXP_BAD_QUOTATION, 5 },
      { "(a \"\\x4",       -1, GPG_ERR_SEXP_BAD_QUOTATION, 5 },
      { "(a \"\\400\")",   -1, GPG_ERR_SEXP_BAD_QUOTATION, 5 },
      { "(a \"\\08\")",    -1, GPG_ERR_SEXP_BAD_QUOTATION, 5 },
      { "\"\\",            -1, GPG_ERR_SEXP_BAD_QUOTATION, -1 },
      { "(a #123#)",       -1, GPG_ERR_SEXP_ODD_HEX_NUMBERS, 7 },
      { "(a #12G4#)",      -1, GPG_ERR_SEXP_BAD_HEX_CHAR, 6 },
      { "#12",             -1, GPG_ERR_SEXP_BAD_HEX_CHAR, -1 },
      { "(a |YW*|)",       -1, GPG_ERR_SEXP_BAD_CHARACTER, 6 },
      { "(a |YQ=A|)",      -1, GPG_ERR_SEXP_BAD_CHARACTER, 7 },
      { "(a |Y Q|)",       -1, GPG_ERR_SEXP_BAD_CHARACTER, 5 },
      { "(0 a)",           -1, GPG_ERR_SEXP_ZERO_PREFIX, 1 },
      { "(a)(b",           -1, GPG_ERR_SEXP_UNMATCHED_PAREN, 5 },
      { "(a) #1#",         -1, GPG_ERR_SEXP_ODD_HEX_NUMBERS, 6 },
      { "|YWJj",           -1, GPG_ERR_SEXP_BAD_CHARACTER, -1 },
      { "(a [b [c]])",     -1, GPG_ERR_SEXP_NESTED_DH, 6 },
      { "(a b])",          -1, GPG_ERR_SEXP_UNMATCHED_DH, 4 },
      { "([a(b)])",        -1, GPG_ERR_SEXP_UNMATCHED_DH, 3 },
      { "([a)",            -1, GPG_ERR_SEXP_UNMATCHED_DH, 3 },
      { "[a",              -1, GPG_ERR_SEXP_UNMATCHED_DH, 2 },
      { "(a {YWJj})",      -1, GPG_ERR_SEXP_UNEXPECTED_PUNC, 3 },
      { "(a &b)",          -1, GPG_ERR_SEXP_UNEXPECTED_PUNC, 3 },
      { "(a \\b)",         -1, GPG_ERR_SEXP_UNEXPECTED_PUNC, 3 },
      { "(a %b)",          -1, GPG_ERR_SEXP_BAD_CHARACTER, 3 },
      { "(a\x01)",         -1, GPG_ERR_SEXP_BAD_CHARACTER, 2 },
      { "(a\0)",            4, GPG_ERR_SEXP_BAD_CHARACTER, 2 },
      { "(a)\0b",           5, GPG_ERR_SEXP_BAD_CHARACTER, 3 },
      { "(a\0",             3, GPG_ERR_SEXP_BAD_CHARACTER, 2 },
      { "[a\0",             3, GPG_ERR_SEXP_BAD_CHARACTER, 2 },
      { "(a\xff)",         -1, GPG_ERR_SEXP_BAD_CHARACTER, 2 },
      { "(a ,b)",          -1, GPG_ERR_SEXP_BAD_CHARACTER, 3 },
    };
  size_t i;

  for (i = 0; i < DIM (bad); i++)
    {
      size_t n = bad[i].len < 0 ? strlen (bad[i].text) : (size_t)bad[i].len;
      gcry_sexp_t s = (gcry_sexp_t)1;
      size_t erroff = 12345;
      gpg_error_t err;

      err = scan (&s, &erroff, bad[i].text, n);
      if (gpg_err_code (err) != bad[i].code || s)
        fail ("malformed %zu '%.*s': got %s (%d), expected %s", i, (int)n,
              bad[i].text, gpg_strerror (err), gpg_err_code (err),
              gpg_strerror (gpg_error (bad[i].code)));
      else if (gpg_err_source (err) != GPG_ERR_SOURCE_GCRYPT)
        fail ("malformed %zu: wrong error source", i);
      else if (bad[i].erroff >= 0 && erroff != (size_t)bad[i].erroff)
        fail ("malformed %zu '%.*s': erroff %zu, expected %d", i, (int)n,
              bad[i].text, erroff, bad[i].erroff);
      else
        pass ("malformed %zu", i);
      gcry_sexp_release (s == (gcry_sexp_t)1 ? NULL : s);
    }
  check (gpg_err_code (gcry_sexp_sscan (NULL, NULL, "(a)", 3))
         == GPG_ERR_INV_ARG, "sscan without result pointer");
  group_result ("malformed corpus", before);
}



/*
 * Random and mutated input.
 */

static unsigned long long prng_state = 0x9e3779b97f4a7c15ULL;

/* xorshift64*: deterministic, good enough for test inputs.  */
static unsigned int
prng (void)
{
  prng_state ^= prng_state >> 12;
  prng_state ^= prng_state << 25;
  prng_state ^= prng_state >> 27;
  return (unsigned int)((prng_state * 0x2545f4914f6cdd1dULL) >> 32);
}


/* Check an object that parsed successfully: it prints in every mode,
   the printed forms read back to the same canonical form, and the
   accessors behave.  */
static void
check_parsed (gcry_sexp_t s, const char *what, size_t iter)
{
  static const int modes[] = { GCRYSEXP_FMT_ADVANCED, GCRYSEXP_FMT_DEFAULT };
  char *canon, *out;
  size_t clen, olen, i;
  gcry_sexp_t s2, l;
  int n;

  canon = print_sexp (s, GCRYSEXP_FMT_CANON, &clen);
  for (i = 0; i < DIM (modes); i++)
    {
      out = print_sexp (s, modes[i], &olen);
      if (scan (&s2, NULL, out, olen) || !s2)
        fail ("%s %zu: mode %d output does not read back", what, iter,
              modes[i]);
      else
        {
          char *c2;
          size_t c2len;

          c2 = print_sexp (s2, GCRYSEXP_FMT_CANON, &c2len);
          if (c2len != clen || memcmp (c2, canon, clen))
            fail ("%s %zu: mode %d round trip differs", what, iter,
                  modes[i]);
          free (c2);
        }
      gcry_sexp_release (s2);
      free (out);
    }
  /* canon_len reports the length of the first list of the canonical
     form, which is all of it unless another element follows.  */
  if (canon[0] == '(')
    {
      char *copy = exact_copy (canon, clen);
      gcry_error_t err;
      size_t k;

      k = gcry_sexp_canon_len ((unsigned char *)copy, clen, NULL, &err);
      if (!k || k > clen
          || (k < clen && canon[k] != '(' && !(canon[k] >= '1'
                                               && canon[k] <= '9')
              && canon[k] != '0'))
        fail ("%s %zu: canon_len disagrees: %s", what, iter,
              gpg_strerror (err));
      free (copy);
    }
  free (canon);

  n = gcry_sexp_length (s);
  for (i = 0; i < (size_t)n + 1; i++)
    {
      size_t dlen;

      l = gcry_sexp_nth (s, (int)i);
      gcry_sexp_nth_data (s, (int)i, &dlen);
      gcry_sexp_release (l);
    }
  /* The cdr wraps element 1 alone, which gcry_sexp_nth returns.  */
  l = gcry_sexp_cdr (s);
  if (l && gcry_sexp_length (l) != 1)
    fail ("%s %zu: cdr length", what, iter);
  gcry_sexp_release (l);
  l = gcry_sexp_find_token (s, "a", 1);
  gcry_sexp_release (l);
}


static int
is_sexp_error (gpg_err_code_t ec)
{
  return ec >= GPG_ERR_SEXP_INV_LEN_SPEC && ec <= GPG_ERR_SEXP_BAD_OCT_CHAR;
}


static void
fuzz_one (const char *input, size_t n, const char *what, size_t iter)
{
  gcry_sexp_t s;
  gpg_error_t err;
  size_t erroff;
  char *copy;

  err = scan (&s, &erroff, input, n);
  if (err)
    {
      if (!is_sexp_error (gpg_err_code (err)))
        fail ("%s %zu: unexpected error %s", what, iter, gpg_strerror (err));
      else if (erroff > n)
        fail ("%s %zu: erroff %zu beyond input (%zu)", what, iter, erroff, n);
      if (s)
        fail ("%s %zu: object returned with error", what, iter);
    }
  else if (s)
    check_parsed (s, what, iter);
  gcry_sexp_release (s);

  /* canon_len must stay inside the given length.  */
  copy = exact_copy (input, n);
  if (n)
    gcry_sexp_canon_len ((unsigned char *)copy, n, NULL, NULL);
  free (copy);
}


static void
test_fuzz (void)
{
  unsigned long before = test_failed;
  static const char alphabet[] = "()()[]\"\"##||:0123456789abcxyz \\%&{}\n-";
  static const char *seeds[] =
    {
      "(public-key(ml-kem-768(p #0102030405060708#)(q \"a\\nb\")))",
      "(10:public-key(6:ml-kem(1:p4:abcd)))",
      "(a [hint]b |YWJjZA==| 3:xyz 4\"quot\" 2#4142#)",
      "(data (flags raw) (value #00ff#) (label \"x\\x41\\101\"))",
      "((a)(b (c (d e))) f)",
    };
  char buf[128];
  size_t iter, n, i;

  /* Random strings over an alphabet rich in S-expression syntax, and
     fully random bytes.  */
  for (iter = 0; iter < fuzz_iterations; iter++)
    {
      n = prng () % 64;
      for (i = 0; i < n; i++)
        buf[i] = (iter & 1) ? (char)prng ()
                            : alphabet[prng () % (sizeof alphabet - 1)];
      fuzz_one (buf, n, "random", iter);
    }

  /* Mutations of valid expressions: flips, insertions, deletions and
     truncations.  */
  for (iter = 0; iter < fuzz_iterations; iter++)
    {
      const char *seed = seeds[iter % DIM (seeds)];
      int k, nmut = 1 + prng () % 4;

      n = strlen (seed);
      memcpy (buf, seed, n);
      for (k = 0; k < nmut && n; k++)
        {
          size_t pos = prng () % n;

          switch (prng () % 4)
            {
            case 0:
              buf[pos] ^= 1 << (prng () % 8);
              break;
            case 1:
              if (n < sizeof buf)
                {
                  memmove (buf + pos + 1, buf + pos, n - pos);
                  buf[pos] = alphabet[prng () % (sizeof alphabet - 1)];
                  n++;
                }
              break;
            case 2:
              memmove (buf + pos, buf + pos + 1, n - pos - 1);
              n--;
              break;
            default:
              n = pos;
              break;
            }
        }
      fuzz_one (buf, n, "mutated", iter);
    }
  group_result ("random and mutated input", before);
}


/* Append a random, mostly valid, build format for one list of depth
   at most DEPTH to BUF (of SIZE bytes, N used); returns the new N.  */
static size_t
gen_format (char *buf, size_t size, size_t n, int depth)
{
  static const char *items[] =
    { "%m", "%M", "%s", "%d", "%u", "%b", "%S", "tok", "a-b", "[h]x" };
  int k, count = prng () % 5;

  if (n + 2 >= size)
    return n;
  buf[n++] = '(';
  for (k = 0; k < count; k++)
    {
      const char *it;
      size_t len;

      if (depth > 0 && prng () % 4 == 0)
        {
          n = gen_format (buf, size, n, depth - 1);
          continue;
        }
      it = items[prng () % DIM (items)];
      len = strlen (it);
      if (n + len + 3 >= size)
        break;
      if (prng () % 2)
        buf[n++] = ' ';
      memcpy (buf + n, it, len);
      n += len;
    }
  if (n + 1 < size)
    buf[n++] = ')';
  return n;
}


/* Random build formats through gcry_sexp_build_array: balanced
   templates, a third of them mutated by inserting, deleting or
   replacing a character.  The formats contain no characters that could
   hide a '%' inside data (quotes, hex, base64, ':'), so every '%' the
   parser reaches is a directive and the argument array can be typed by
   scanning the format beforehand.  */
static void
test_build_fuzz (void)
{
  unsigned long before = test_failed;
  static const char alphabet[] = "()[]ab- %mMsdubSx";
  char fmt[256];
  void *args[sizeof fmt];
  gcry_mpi_t mpi = gcry_mpi_set_ui (NULL, 0x8001);
  gcry_sexp_t inner = NULL, s;
  const char *str = "str";
  const void *ptr = "xyz";
  int ival = -5, blen = 3;
  unsigned int uval = 7;
  size_t iter, i, n, nargs, nok = 0;
  gpg_error_t err;

  if (gcry_sexp_build (&inner, NULL, "(in #00#)"))
    die ("build inner");
  for (iter = 0; iter < fuzz_iterations; iter++)
    {
      n = gen_format (fmt, sizeof fmt - 2, 0, 3);
      if (n && prng () % 3 == 0)
        {
          size_t pos = prng () % n;

          switch (prng () % 3)
            {
            case 0:
              memmove (fmt + pos + 1, fmt + pos, n - pos);
              fmt[pos] = alphabet[prng () % (sizeof alphabet - 1)];
              n++;
              break;
            case 1:
              memmove (fmt + pos, fmt + pos + 1, n - pos - 1);
              n--;
              break;
            default:
              fmt[pos] = alphabet[prng () % (sizeof alphabet - 1)];
              break;
            }
        }
      fmt[n] = 0;
      for (i = nargs = 0; i + 1 < n; i++)
        {
          if (fmt[i] != '%')
            continue;
          switch (fmt[++i])
            {
            case 'm': case 'M': args[nargs++] = &mpi; break;
            case 's': args[nargs++] = &str; break;
            case 'd': args[nargs++] = &ival; break;
            case 'u': args[nargs++] = &uval; break;
            case 'S': args[nargs++] = &inner; break;
            case 'b':
              args[nargs++] = &blen;
              args[nargs++] = &ptr;
              break;
            default: i--; break;
            }
        }
      args[nargs] = NULL;
      err = gcry_sexp_build_array (&s, NULL, fmt, args);
      if (err)
        {
          gpg_err_code_t ec = gpg_err_code (err);

          if (!is_sexp_error (ec) && ec != GPG_ERR_INV_ARG)
            fail ("format %zu '%s': unexpected error %s", iter, fmt,
                  gpg_strerror (err));
          if (s)
            fail ("format %zu: object returned with error", iter);
        }
      else if (s)
        {
          check_parsed (s, "format", iter);
          nok++;
        }
      gcry_sexp_release (s);
    }
  /* Make sure the generator is not degenerate.  */
  check (nok > fuzz_iterations / 2, "%zu of %lu random formats built",
         nok, fuzz_iterations);
  gcry_sexp_release (inner);
  gcry_mpi_release (mpi);
  group_result ("random build formats", before);
}


/*
 * compat: the behaviour of libgcrypt's code (src/sexp.c) where it
 * differs from what its manual suggests: several top-level elements,
 * cdr, negative indices, empty lists, %m with an empty opaque MPI,
 * %S, canon_len of NULL and the extract_param limit.
 */

/* Check that the result L has the canonical form EXPECT (NULL: L is
   NULL) and release it.  */
static void
check_object (gcry_sexp_t l, const char *expect, const char *what)
{
  if (!expect)
    check (!l, "%s is NULL", what);
  else if (check (l != NULL, "%s", what))
    check_canon (l, expect, strlen (expect), what);
  gcry_sexp_release (l);
}


/* Check element NUMBER of S by gcry_sexp_nth as check_object.  */
static void
check_nth (gcry_sexp_t s, int number, const char *expect, const char *what)
{
  char buf[80];

  snprintf (buf, sizeof buf, "%s: nth %d", what, number);
  check_object (gcry_sexp_nth (s, number), expect, buf);
}


/* Parse TEXT (which must succeed) into *R.  */
static int
scan_ok (gcry_sexp_t *r, const char *text)
{
  return check (!scan (r, NULL, text, strlen (text)) && *r,
                "'%s' is accepted", text);
}


/* Check that "(x %S)" with INNER parsed from TEXT gives EXPECT.  */
static void
check_build_first_list (const char *text, const char *expect)
{
  gcry_sexp_t inner, s;
  gpg_error_t err;

  if (!scan_ok (&inner, text))
    return;
  err = gcry_sexp_build (&s, NULL, "(x %S)", inner);
  if (check (!err && s, "build %%S of '%s'", text))
    check_canon (s, expect, strlen (expect), "build %S: first list");
  gcry_sexp_release (s);
  gcry_sexp_release (inner);
}


static void
test_compat (void)
{
  unsigned long before = test_failed;
  gcry_sexp_t s;
  gcry_mpi_t m, v[21];
  gcry_error_t err;
  const char *d;
  char *out;
  size_t n;
  int i;

  /* Several top-level lists: the counts run on into the next list,
     and the position just after the end of the first list is no
     element.  */
  if (scan_ok (&s, "(a b)(c d)"))
    {
      check_canon (s, "(1:a1:b)(1:c1:d)", 16, "two lists: canonical");
      check (gcry_sexp_length (s) == 4, "two lists: length adds up");
      check_nth (s, 1, "(1:b)", "two lists");
      check_nth (s, 2, NULL, "two lists");
      check_nth (s, 3, "(1:d)", "two lists");
      d = gcry_sexp_nth_data (s, 3, &n);
      check (d && n == 1 && *d == 'd', "two lists: nth_data 3");
      check (!gcry_sexp_nth_data (s, 2, &n), "two lists: nth_data 2");
      check_object (gcry_sexp_find_token (s, "c", 0), "(1:c1:d)",
                    "two lists: find_token in the second");
      check_object (gcry_sexp_cdr (s), "(1:b)", "two lists: cdr");
      out = print_sexp (s, GCRYSEXP_FMT_ADVANCED, NULL);
      check (!strcmp (out, "(a b)(c d)\n"), "two lists: printed as '%s'",
             out);
      free (out);
      gcry_sexp_release (s);
    }

  /* Top-level data elements: element 0 only, no length.  */
  if (scan_ok (&s, "a b"))
    {
      d = gcry_sexp_nth_data (s, 0, &n);
      check (d && n == 1 && *d == 'a' && !gcry_sexp_nth_data (s, 1, &n)
             && gcry_sexp_length (s) == 0 && !gcry_sexp_nth (s, 0)
             && !gcry_sexp_cdr (s), "two data elements");
      out = print_sexp (s, GCRYSEXP_FMT_ADVANCED, NULL);
      check (!strcmp (out, "a b \n"), "two data elements printed as '%s'",
             out);
      free (out);
      gcry_sexp_release (s);
    }
  if (scan_ok (&s, "(a) b"))
    {
      check (gcry_sexp_length (s) == 1, "list and data: length");
      check_canon (s, "(1:a)1:b", 8, "list and data: canonical");
      gcry_sexp_release (s);
    }

  /* An object that starts with "()" is NULL; one that ends with it is
     not.  */
  check (!scan (&s, NULL, "()(a)", 5) && !s, "'()(a)' gives NULL");
  if (scan_ok (&s, "(a)()"))
    {
      check (gcry_sexp_length (s) == 1, "'(a)()': length");
      gcry_sexp_release (s);
    }

  /* cdr holds element 1 only; cadr is car of cdr; a negative index
     means element 0.  */
  if (scan_ok (&s, "(a (b c) d)"))
    {
      check_object (gcry_sexp_cdr (s), "((1:b1:c))", "cdr of (a (b c) d)");
      check_object (gcry_sexp_cadr (s), "(1:b1:c)", "cadr of (a (b c) d)");
      check_nth (s, -1, "(1:a)", "negative index");
      check_nth (s, -5, "(1:a)", "negative index");
      gcry_sexp_release (s);
    }
  if (scan_ok (&s, "(a b c)"))
    {
      check_object (gcry_sexp_cdr (s), "(1:b)", "cdr of (a b c)");
      check_object (gcry_sexp_cadr (s), "(1:b)", "cadr of (a b c)");
      gcry_sexp_release (s);
    }

  /* canon_len of NULL: 0 without an error code.  */
  err = 1;
  n = 7;
  check (!gcry_sexp_canon_len (NULL, 0, &n, &err) && !err && !n,
         "canon_len of NULL");

  /* %m with an opaque MPI without bytes inserts nothing.  */
  m = gcry_mpi_set_opaque (NULL, NULL, 0);
  err = gcry_sexp_build (&s, NULL, "(a %m)", m);
  if (check (!err && s, "build %%m empty opaque"))
    check_canon (s, "(1:a)", 5, "build %m empty opaque: nothing inserted");
  gcry_sexp_release (s);
  gcry_mpi_release (m);

  /* %S inserts the first top-level list.  */
  check_build_first_list ("(a)(b)", "(1:x(1:a))");
  check_build_first_list ("a (b)", "(1:x(1:b))");

  /* extract_param takes at most 20 names; anything after the 20th
     (even a '?') is an error.  */
  if (scan_ok (&s, "(k (a#01#)(b#01#)(c#01#)(d#01#)(e#01#)(f#01#)(g#01#)"
               "(h#01#)(i#01#)(j#01#)(l#01#)(m#01#)(n#01#)(o#01#)(p#01#)"
               "(q#01#)(r#01#)(s#01#)(t#01#)(u#01#)(v#01#))"))
    {
      memset (v, 0, sizeof v);
#define V20 &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], \
            &v[8], &v[9], &v[10], &v[11], &v[12], &v[13], &v[14], \
            &v[15], &v[16], &v[17], &v[18], &v[19]
      err = gcry_sexp_extract_param (s, NULL, "abcdefghijlmnopqrstu",
                                     V20, NULL);
      check (!err && v[19] && !gcry_mpi_cmp_ui (v[19], 1),
             "extract_param with 20 names");
      for (i = 0; i < 21; i++)
        {
          gcry_mpi_release (v[i]);
          v[i] = NULL;
        }
      err = gcry_sexp_extract_param (s, NULL, "abcdefghijlmnopqrstuv",
                                     V20, &v[20], NULL);
      check (gpg_err_code (err) == GPG_ERR_LIMIT_REACHED && !v[0],
             "extract_param with 21 names");
      err = gcry_sexp_extract_param (s, NULL, "abcdefghijlmnopqrstu?",
                                     V20, NULL);
      check (gpg_err_code (err) == GPG_ERR_LIMIT_REACHED && !v[0],
             "extract_param with 20 names and a '?'");
#undef V20
      gcry_sexp_release (s);
    }
  group_result ("libgcrypt compatibility", before);
}


/*
 * ct: a secret key read from hex and base64 text and printed in the
 * advanced format, the secret marked undefined for Valgrind's
 * memcheck.  Run as
 *   valgrind -q --error-exitcode=99 --suppressions=t-sexp-ct.supp \
 *     ./t-sexp --only ct
 * to check that no branch and no memory index depends on the secret
 * (the suppressions cover only the delimiter tests of the scanners).
 */

/* Parse TEXT with the LEN secret bytes at offset OFF marked undefined,
 * then print it in the advanced format (still undefined) and compare
 * both with the expectations.  */
static void
ct_one (const char *what, const char *text, size_t off, size_t len,
        const unsigned char *secret, size_t slen, const char *expect_adv)
{
  size_t n = strlen (text), dlen, plen;
  char *copy = exact_copy (text, n), *out;
  gcry_sexp_t s, l;
  gpg_error_t err;
  const char *d;
  int ok;

  VALGRIND_MAKE_MEM_UNDEFINED (copy + off, len);
  err = gcry_sexp_sscan (&s, NULL, copy, n);
  VALGRIND_MAKE_MEM_DEFINED (copy, n);
  free (copy);
  if (!check (!err && s, "ct %s: parse", what))
    return;

  plen = gcry_sexp_sprint (s, GCRYSEXP_FMT_ADVANCED, NULL, 0);
  out = alloc_or_die (plen);
  ok = gcry_sexp_sprint (s, GCRYSEXP_FMT_ADVANCED, out, plen) + 1 == plen;
  VALGRIND_MAKE_MEM_DEFINED (out, plen);
  check (ok && !strcmp (out, expect_adv), "ct %s: printed as '%s'", what,
         out);
  free (out);

  l = gcry_sexp_find_token (s, "s", 1);
  d = gcry_sexp_nth_data (l, 1, &dlen);
  if (d)
    VALGRIND_MAKE_MEM_DEFINED (d, dlen);
  check (d && dlen == slen && !memcmp (d, secret, slen),
         "ct %s: secret read back", what);
  gcry_sexp_release (l);
  gcry_sexp_release (s);
}


static void
test_ct (void)
{
  unsigned long before = test_failed;
  /* A secret that covers every hex digit in both cases and every
     base64 character, and bytes that would print as a token, a
     quoted string or hex.  */
  static const char b64chars[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  unsigned char secret[48];
  char hex[2 * sizeof secret + 1], b64[sizeof b64chars];
  char text[256], expect[256];
  gcry_sexp_t s;
  unsigned char *sbuf;
  char *out;
  size_t i, n;
  unsigned long acc = 0;
  int nbits = 0;

  /* The base64 string decodes to SECRET; its hex form mixes cases.  */
  memcpy (b64, b64chars, sizeof b64);
  for (i = n = 0; i < 64; i++)
    {
      acc = ((acc << 6) | i) & 0xffff;
      nbits += 6;
      if (nbits >= 8)
        {
          nbits -= 8;
          secret[n++] = (unsigned char)(acc >> nbits);
        }
    }
  for (i = 0; i < sizeof secret; i++)
    snprintf (hex + 2 * i, 3, (i & 1) ? "%02x" : "%02X", secret[i]);
  snprintf (expect, sizeof expect, "(private-key \n (dilithium3 \n  (s #");
  for (i = 0; i < sizeof secret; i++)
    snprintf (expect + strlen (expect), 3, "%02X", secret[i]);
  strcat (expect, "#)\n  )\n )\n");

  snprintf (text, sizeof text, "(private-key (dilithium3 (s #%s#)))", hex);
  ct_one ("hex", text, strlen ("(private-key (dilithium3 (s #"),
          2 * sizeof secret, secret, sizeof secret, expect);
  snprintf (text, sizeof text, "(private-key (dilithium3 (s |%s|)))", b64);
  ct_one ("base64", text, strlen ("(private-key (dilithium3 (s |"),
          64, secret, sizeof secret, expect);

  /* Data of a secure object prints as hex, whatever it looks like
     ("abc" would be a token); the list names keep their encoding.  */
  sbuf = gcry_malloc_secure (3);
  if (!sbuf)
    die ("out of secure memory");
  memcpy (sbuf, "abc", 3);
  VALGRIND_MAKE_MEM_UNDEFINED (sbuf, 3);
  if (!check (!gcry_sexp_build (&s, NULL, "(data (value %b))", 3, sbuf),
              "ct: build from secure memory"))
    s = NULL;
  n = gcry_sexp_sprint (s, GCRYSEXP_FMT_ADVANCED, NULL, 0);
  out = alloc_or_die (n);
  gcry_sexp_sprint (s, GCRYSEXP_FMT_ADVANCED, out, n);
  VALGRIND_MAKE_MEM_DEFINED (out, n);
  check (!strcmp (out, "(data \n (value #616263#)\n )\n"),
         "ct: secure data printed as hex: '%s'", out);
  free (out);
  gcry_sexp_release (s);
  gcry_free (sbuf);
  group_result ("constant-time text formats", before);
}


/* The list constructors Libgcrypt declares but never implemented
   return NULL here (Libgcrypt would stop the process).  */
static void
test_unimplemented_lists (void)
{
  gcry_sexp_t a = NULL, arr[2];

  if (gcry_sexp_new (&a, "(a)", 0, 1))
    die ("gcry_sexp_new");
  arr[0] = a;
  arr[1] = NULL;
  check (!gcry_sexp_cons (a, a) && !gcry_sexp_alist (arr)
         && !gcry_sexp_vlist (a, a, NULL) && !gcry_sexp_append (a, a)
         && !gcry_sexp_prepend (a, a), "cons, alist, vlist, append and "
         "prepend give NULL");
  gcry_sexp_release (a);
}


int
main (int argc, char **argv)
{
  int i, only_ct = 0;

  argc = test_init (argc, argv);
  for (i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--fuzz") && i + 1 < argc)
      fuzz_iterations = strtoul (argv[++i], NULL, 10);
    else if (!strcmp (argv[i], "--only") && i + 1 < argc
             && !strcmp (argv[i + 1], "ct"))
      {
        only_ct = 1;
        i++;
      }
    else
      die ("usage: " PGM " [--fuzz N] [--only ct]");

  if (only_ct)
    {
      test_ct ();
      return test_exit ();
    }
  test_parse ();
  test_print ();
  test_unimplemented_lists ();
  test_build ();
  test_access ();
  test_extract ();
  test_sizes ();
  test_build_buffers ();
  test_canon_len ();
  test_malformed ();
  test_fuzz ();
  test_build_fuzz ();
  test_compat ();
  /* Under Valgrind the ct part needs its suppressions (--only ct).  */
  if (!RUNNING_ON_VALGRIND)
    test_ct ();
  return test_exit ();
}
