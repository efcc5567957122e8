/* t-sexp-wipe.c - S-expression buffers are wiped before they are freed
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

/* src/sexp.c promises that every buffer it frees, secure or not, is
 * wiped first, since S-expressions carry secret keys.  This test
 * defines free () itself, so that the library's frees of ordinary
 * memory come here first, and looks in every freed block for the text
 * or the bytes of a "secret" while a parse or a release runs:
 *
 *  - failed parses: hex with a bad digit or an odd number of digits,
 *    base64 with a bad character (the scanners copy the text into the
 *    output before they check it);
 *  - successful parses, gcry_sexp_build and gcry_sexp_release.
 *
 * It needs the GNU C library (__libc_free, malloc_usable_size) and
 * cannot run under AddressSanitizer, which owns free (); there, and
 * whenever a self-check shows that the frees do not arrive here, it
 * skips.  Kept apart from t-sexp, which runs under Valgrind in the
 * CI.  */

#define PGM "t-sexp-wipe"
#include "t-common.h"

#if defined(__GLIBC__) && !defined(T_ASAN)
# define T_WATCH_FREE 1
# include <malloc.h>

/* What free () looks for while WATCHING, and how often it found it.  */
static volatile int watching;
static const unsigned char *pattern;
static size_t patlen;
static unsigned int found;

static int
contains (const unsigned char *p, size_t n)
{
  size_t i;

  for (i = 0; i + patlen <= n; i++)
    if (p[i] == pattern[0] && !memcmp (p + i, pattern, patlen))
      return 1;
  return 0;
}

extern void __libc_free (void *p);
void free (void *p);

void
free (void *p)
{
  if (p && watching && contains (p, malloc_usable_size (p)))
    found++;
  __libc_free (p);
}
#endif /*T_WATCH_FREE*/

#ifdef T_WATCH_FREE

/* The secret: 32 bytes, and its hex and base64 text.  */
static unsigned char secret[32];
static char secret_hex[65];
static char secret_b64[45];

static void
make_secret (void)
{
  static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  unsigned int i, acc = 0, nbits = 0;
  size_t o = 0;

  for (i = 0; i < sizeof secret; i++)
    secret[i] = (unsigned char)(0xa5 ^ (i * 37));
  for (i = 0; i < sizeof secret; i++)
    snprintf (secret_hex + 2 * i, 3, "%02x", secret[i]);
  for (i = 0; i < sizeof secret; i++)
    {
      acc = (acc << 8) | secret[i];
      nbits += 8;
      while (nbits >= 6)
        {
          nbits -= 6;
          secret_b64[o++] = b64[(acc >> nbits) & 63];
        }
    }
  if (nbits)
    secret_b64[o++] = b64[(acc << (6 - nbits)) & 63];
  secret_b64[o++] = '=';
  secret_b64[o] = 0;
}

/* Start watching the frees for the first N bytes of P.  */
static void
watch (const void *p, size_t n)
{
  pattern = p;
  patlen = n;
  found = 0;
  watching = 1;
}

static unsigned int
unwatch (void)
{
  watching = 0;
  return found;
}

/* Does the library's free of ordinary memory reach our free ()?  */
static int
self_check (void)
{
  char *p = gcry_malloc (100);

  if (!p)
    die ("gcry_malloc");
  memset (p, 0, 100);
  memcpy (p + 10, secret_hex, 24);
  watch (secret_hex, 24);
  gcry_free (p);
  return unwatch () == 1;
}

/* Parse TEXT, which must fail; report a freed block that held the
   first 24 characters of WHAT.  */
static void
check_failed_parse (const char *name, const char *text, const char *what)
{
  gcry_sexp_t s = NULL;
  gpg_error_t err;
  unsigned int n;

  watch (what, 24);
  err = gcry_sexp_sscan (&s, NULL, text, strlen (text));
  n = unwatch ();
  gcry_sexp_release (s);
  if (!check (err != 0, "%s: the parse fails", name))
    return;
  check (n == 0, "%s: no freed block holds the digits (%u did)", name, n);
}

static void
check_failed_parses (void)
{
  /* Each format takes the secret's hex (B64 0) or base64 text once.  */
  static const struct
  {
    const char *name, *fmt;
    int b64;
  } cases[] =
    {
      { "hex with a bad digit", "(private-key (mlkem768 (s #%sZ#)))", 0 },
      { "hex with an odd number of digits",
        "(private-key (mlkem768 (s #%s0#)))", 0 },
      { "unterminated hex after a good one", "(a #0a0b# (s #%s", 0 },
      { "base64 with a bad character",
        "(private-key (mlkem768 (s |%s*|)))", 1 },
      { "base64 with data after the padding",
        "(private-key (mlkem768 (s |%sA=|)))", 1 }
    };
  char text[256];
  unsigned int i;

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      const char *what = cases[i].b64 ? secret_b64 : secret_hex;

      snprintf (text, sizeof text, cases[i].fmt, what);
      check_failed_parse (cases[i].name, text, what);
    }
}

/* Successful parses and builds, then their release: no freed block
   may hold the secret's bytes or text.  */
static void
check_released (void)
{
  gcry_sexp_t s = NULL, l;
  char text[256];
  const char *d;
  size_t n;
  unsigned int nf;

  snprintf (text, sizeof text, "(private-key (mlkem768 (s #%s#)))",
            secret_hex);
  watch (secret, sizeof secret);
  if (gcry_sexp_sscan (&s, NULL, text, strlen (text)))
    die ("sscan of a good key");
  l = gcry_sexp_find_token (s, "s", 0);
  d = l ? gcry_sexp_nth_data (l, 1, &n) : NULL;
  check (d && n == sizeof secret && !memcmp (d, secret, n),
         "hex parse decodes the secret");
  gcry_sexp_release (l);
  gcry_sexp_release (s);
  nf = unwatch ();
  check (nf == 0, "hex parse and release: no freed block holds the"
         " bytes (%u did)", nf);

  snprintf (text, sizeof text, "(private-key (mlkem768 (s |%s|)))",
            secret_b64);
  watch (secret_b64, 24);
  if (gcry_sexp_sscan (&s, NULL, text, strlen (text)))
    die ("sscan of a good base64 key");
  gcry_sexp_release (s);
  nf = unwatch ();
  check (nf == 0, "base64 parse and release: no freed block holds the"
         " text (%u did)", nf);

  watch (secret, sizeof secret);
  if (gcry_sexp_build (&s, NULL, "(private-key (mlkem768 (s %b)))",
                       (int)sizeof secret, secret))
    die ("build");
  gcry_sexp_release (s);
  nf = unwatch ();
  check (nf == 0, "build and release: no freed block holds the bytes"
         " (%u did)", nf);
}
#endif /*T_WATCH_FREE*/

int
main (int argc, char **argv)
{
  test_init (argc, argv);
#ifdef T_WATCH_FREE
  make_secret ();
  if (!self_check ())
    skip ("the frees of the library do not reach this program's free ()");
  else
    {
      check_failed_parses ();
      check_released ();
    }
#else
  skip ("needs the GNU C library's free () and no AddressSanitizer");
#endif
  return test_exit ();
}
