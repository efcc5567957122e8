/* mpi.c - Big integers as byte strings for S-expressions
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

/* The gcry_mpi_* subset of libgcrypt's API that S-expressions and
 * their callers need: creation, copying, opaque values, flags,
 * conversion from and to the external formats USG, STD, PGP, SSH, HEX
 * and OPAQUE, bit length and comparison.  See mpi.h for the
 * representation.  Numbers are never used for arithmetic here, so
 * nothing in this file runs on secret data in a way that depends on
 * its value except the conversions, whose output length is public
 * anyway (it is the length of the external representation).  */

#include <config.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include "g10lib.h"
#include "mpi.h"

/* Longest external representation gcry_mpi_scan accepts (the limit
   of libgcrypt).  */
#define MAX_EXTERN_SCAN_BYTES (16 * 1024 * 1024)

/* Flags that a copy of an MPI does not inherit.  */
#define MPI_FLAGS_NOT_COPIED (GCRYMPI_FLAG_IMMUTABLE | GCRYMPI_FLAG_CONST)

/* The application's own flags, which gcry_mpi_set takes from its
   source and gcry_mpi_set_ui clears, as in Libgcrypt.  */
#define MPI_FLAGS_USER (GCRYMPI_FLAG_USER1 | GCRYMPI_FLAG_USER2 \
                        | GCRYMPI_FLAG_USER3 | GCRYMPI_FLAG_USER4)

/* The longest value of GCRYMPI_FMT_PGP, in bits (Libgcrypt's and
   GnuPG's limit).  */
#define MAX_EXTERN_MPI_BITS 16384


/* Allocate N bytes for MPI data, in secure memory if SECURE.  N may
 * be 0, in which case NULL is returned without error (check N before
 * treating NULL as out-of-core).  */
static byte *
alloc_data (size_t n, int secure)
{
  if (!n)
    return NULL;
  return secure ? _gcry_malloc_secure (n) : _gcry_malloc (n);
}


/* Wipe and free the data buffer of A and reset A's value to zero
 * (flags are kept).  */
static void
free_data (gcry_mpi_t a)
{
  if (a->d)
    {
      wipememory (a->d, a->alloced);
      xfree (a->d);
    }
  a->d = NULL;
  a->alloced = 0;
  a->nbytes = 0;
  a->nbits = 0;
  a->sign = 0;
}


/* Return true (and log once per call) if A must not be modified.  */
static int
check_immutable (gcry_mpi_t a)
{
  if (a && (a->flags & GCRYMPI_FLAG_IMMUTABLE))
    {
      log_info ("Warning: trying to change an immutable MPI\n");
      return 1;
    }
  return 0;
}


/* Allocate an MPI object holding zero.  */
static gcry_mpi_t
mpi_alloc (int secure)
{
  gcry_mpi_t a;

  a = xtrycalloc (1, sizeof *a);
  if (!a)
    return NULL;
  if (secure)
    a->flags |= GCRYMPI_FLAG_SECURE;
  return a;
}


/* Store the unsigned big-endian number BUF of N bytes (leading zeros
 * allowed) with SIGN as the new value of A, leaving A an ordinary
 * number.  BUF may point into A's own buffer.  Returns 0 or an error
 * code (A unchanged on error).  */
static gpg_err_code_t
assign_magnitude (gcry_mpi_t a, const byte *buf, size_t n, int sign)
{
  byte *d;

  while (n && !*buf)
    {
      buf++;
      n--;
    }
  d = alloc_data (n, (a->flags & GCRYMPI_FLAG_SECURE));
  if (n && !d)
    return gpg_err_code_from_syserror ();
  if (n)
    memcpy (d, buf, n);
  free_data (a);
  a->flags &= ~GCRYMPI_FLAG_OPAQUE;
  a->d = d;
  a->alloced = n;
  a->nbytes = n;
  a->sign = n ? !!sign : 0;
  return 0;
}


/* Negate the N-byte big-endian two's complement value at BUF in
 * place: BUF = (2^(8N) - BUF) mod 2^(8N).  */
static void
twos_complement (byte *buf, size_t n)
{
  unsigned int carry = 1;
  size_t i;

  for (i = n; i > 0; i--)
    {
      unsigned int v = (byte)~buf[i - 1] + carry;
      buf[i - 1] = (byte)v;
      carry = v >> 8;
    }
}


gcry_mpi_t
_gcry_mpi_from_usg (const void *buf, size_t nbytes, int secure)
{
  gcry_mpi_t a = mpi_alloc (secure);

  if (a && assign_magnitude (a, buf, nbytes, 0))
    {
      xfree (a);
      a = NULL;
    }
  return a;
}


const byte *
_gcry_mpi_get_bytes (gcry_mpi_t a, size_t *r_nbytes)
{
  if (!a)
    {
      *r_nbytes = 0;
      return NULL;
    }
  *r_nbytes = a->nbytes;
  return a->d;
}


/* Return the magnitude of A as a pointer and a length without leading
 * zero bytes.  An opaque value is read as an unsigned number.  */
static const byte *
get_magnitude (gcry_mpi_t a, size_t *r_n)
{
  const byte *p = a->d;
  size_t n = a->nbytes;

  while (n && !*p)
    {
      p++;
      n--;
    }
  *r_n = n;
  return p;
}


/* Return the number of significant bits of the byte B.  */
static unsigned int
byte_bits (byte b)
{
  unsigned int n = 0;

  while (b)
    {
      n++;
      b >>= 1;
    }
  return n;
}



/*
 * Creation, copying and release.
 */

/* Return a new MPI holding 0.  NBITS is only a size hint.  Running
 * out of core is fatal, as in libgcrypt.  */
gcry_mpi_t
gcry_mpi_new (unsigned int nbits)
{
  gcry_mpi_t a;

  (void)nbits;  /* Only a size hint in libgcrypt; we allocate lazily.  */
  a = mpi_alloc (0);
  if (!a)
    _gcry_fatal_error (gpg_err_code_from_syserror (), NULL);
  return a;
}


/* As gcry_mpi_new, but the value will live in secure memory.  */
gcry_mpi_t
gcry_mpi_snew (unsigned int nbits)
{
  gcry_mpi_t a;

  (void)nbits;
  a = mpi_alloc (1);
  if (!a)
    _gcry_fatal_error (gpg_err_code_from_syserror (), NULL);
  return a;
}


/* Wipe and free A (NULL is allowed; constants are never freed).  */
void
gcry_mpi_release (gcry_mpi_t a)
{
  if (!a)
    return;
  if ((a->flags & GCRYMPI_FLAG_CONST))
    return;  /* Constants live forever.  */
  free_data (a);
  wipememory (a, sizeof *a);
  xfree (a);
}


/* Make W hold a copy of U's value (number or opaque), keeping W's own
 * flags except OPAQUE; W becomes secure if U is.  */
static gpg_err_code_t
copy_value (gcry_mpi_t w, gcry_mpi_t u)
{
  byte *d;

  if (w == u)
    return 0;
  if ((u->flags & GCRYMPI_FLAG_SECURE))
    w->flags |= GCRYMPI_FLAG_SECURE;
  d = alloc_data (u->nbytes, (w->flags & GCRYMPI_FLAG_SECURE));
  if (u->nbytes && !d)
    return gpg_err_code_from_syserror ();
  if (u->nbytes)
    memcpy (d, u->d, u->nbytes);
  free_data (w);
  w->d = d;
  w->alloced = u->nbytes;
  w->nbytes = u->nbytes;
  w->nbits = u->nbits;
  w->sign = u->sign;
  if ((u->flags & GCRYMPI_FLAG_OPAQUE))
    w->flags |= GCRYMPI_FLAG_OPAQUE;
  else
    w->flags &= ~GCRYMPI_FLAG_OPAQUE;
  return 0;
}


/* Return a new MPI with A's value and flags, except IMMUTABLE and
 * CONST.  */
gcry_mpi_t
gcry_mpi_copy (const gcry_mpi_t a)
{
  gcry_mpi_t b;

  if (!a)
    return NULL;
  b = mpi_alloc ((a->flags & GCRYMPI_FLAG_SECURE));
  if (!b)
    _gcry_fatal_error (gpg_err_code_from_syserror (), NULL);
  b->flags |= (a->flags & ~MPI_FLAGS_NOT_COPIED);
  if (copy_value (b, a))
    _gcry_fatal_error (gpg_err_code_from_syserror (), NULL);
  return b;
}


/* W = U (numbers and opaque values); a new MPI if W is NULL.  W
   takes U's user flags, as in Libgcrypt.  */
gcry_mpi_t
gcry_mpi_set (gcry_mpi_t w, const gcry_mpi_t u)
{
  if (!u)
    return w;
  if (!w)
    return gcry_mpi_copy (u);
  if (check_immutable (w))
    return w;
  if (copy_value (w, u))
    _gcry_fatal_error (gpg_err_code_from_syserror (), NULL);
  w->flags = (w->flags & ~MPI_FLAGS_USER) | (u->flags & MPI_FLAGS_USER);
  return w;
}


/* Set W to a random non-negative number of NBITS bits rounded up to
   whole bytes, as Libgcrypt documents it: (NBITS + 7) / 8 random bytes
   from the generator of LEVEL (GCRY_WEAK_RANDOM: the nonce
   generator), kept in secure memory if W is secure.  An immutable W is
   left unchanged (with a warning); out of core is fatal, as for
   Libgcrypt's void functions.  */
void
gcry_mpi_randomize (gcry_mpi_t w, unsigned int nbits,
                    enum gcry_random_level level)
{
  size_t n = ((size_t)nbits + 7) / 8;
  int secure;
  byte *p;

  if (!w || check_immutable (w))
    return;
  secure = !!(w->flags & GCRYMPI_FLAG_SECURE);
  p = n ? (secure ? _gcry_xmalloc_secure (n) : _gcry_xmalloc (n)) : NULL;
  if (level == GCRY_WEAK_RANDOM)
    gcry_create_nonce (p, n);
  else
    gcry_randomize (p, n, level);
  if (assign_magnitude (w, p, n, 0))
    _gcry_fatal_error (GPG_ERR_ENOMEM, "out of core");
  if (p)
    {
      wipememory (p, n);
      xfree (p);
    }
}

/* W = U; a new MPI if W is NULL.  */
gcry_mpi_t
gcry_mpi_set_ui (gcry_mpi_t w, unsigned long u)
{
  byte buf[sizeof (unsigned long)];
  size_t i;

  if (!w)
    w = gcry_mpi_new (0);
  if (check_immutable (w))
    return w;
  for (i = sizeof buf; i > 0; i--)
    {
      buf[i - 1] = (byte)u;
      u >>= 8;
    }
  if (assign_magnitude (w, buf, sizeof buf, 0))
    _gcry_fatal_error (gpg_err_code_from_syserror (), NULL);
  /* A fresh number: no user flags, as in Libgcrypt.  */
  w->flags &= ~MPI_FLAGS_USER;
  return w;
}


/* Move the value of U into W and release U.  */
void
gcry_mpi_snatch (gcry_mpi_t w, gcry_mpi_t u)
{
  if (!u)
    return;
  if ((u->flags & GCRYMPI_FLAG_CONST))
    {
      /* A constant keeps its buffer; copy it instead.  */
      if (w)
        gcry_mpi_set (w, u);
      return;
    }
  if (w && w != u && !check_immutable (w))
    {
      free_data (w);
      w->d = u->d;
      w->alloced = u->alloced;
      w->nbytes = u->nbytes;
      w->nbits = u->nbits;
      w->sign = u->sign;
      w->flags = ((w->flags & ~(GCRYMPI_FLAG_OPAQUE | GCRYMPI_FLAG_SECURE))
                  | (u->flags & (GCRYMPI_FLAG_OPAQUE | GCRYMPI_FLAG_SECURE)));
      u->d = NULL;
      u->alloced = 0;
    }
  if (w != u)
    gcry_mpi_release (u);
}


void
gcry_mpi_swap (gcry_mpi_t a, gcry_mpi_t b)
{
  struct gcry_mpi tmp;

  if (!a || !b || a == b)
    return;
  tmp = *a;
  *a = *b;
  *b = tmp;
}


int
gcry_mpi_is_neg (gcry_mpi_t a)
{
  return (a && !mpi_is_opaque (a) && a->sign);
}


void
gcry_mpi_neg (gcry_mpi_t w, gcry_mpi_t u)
{
  if (!w || !u || mpi_is_opaque (u) || check_immutable (w))
    return;
  if (w != u && copy_value (w, u))
    _gcry_fatal_error (gpg_err_code_from_syserror (), NULL);
  w->sign = w->nbytes ? !u->sign : 0;
}


void
gcry_mpi_abs (gcry_mpi_t w)
{
  if (w && !mpi_is_opaque (w) && !check_immutable (w))
    w->sign = 0;
}



/*
 * Opaque values and flags.
 */

/* Make A (a new MPI if A is NULL) the opaque value of NBITS bits at P
 * and take ownership of P, which must come from gcry_malloc or
 * gcry_malloc_secure (A is secure iff P is in secure memory).  */
gcry_mpi_t
gcry_mpi_set_opaque (gcry_mpi_t a, void *p, unsigned int nbits)
{
  if (!a)
    a = gcry_mpi_new (0);
  if (check_immutable (a))
    return a;
  free_data (a);
  a->flags &= ~GCRYMPI_FLAG_SECURE;
  a->flags |= GCRYMPI_FLAG_OPAQUE;
  if (p && _gcry_is_secure (p))
    a->flags |= GCRYMPI_FLAG_SECURE;
  a->d = p;
  a->nbits = p ? nbits : 0;
  a->nbytes = ((size_t)a->nbits + 7) / 8;
  /* We only know that P holds at least NBYTES bytes, so that is what
     gets wiped on release.  */
  a->alloced = a->nbytes;
  return a;
}


/* As gcry_mpi_set_opaque with a copy of the (NBITS+7)/8 bytes at P;
 * the copy is in secure memory if P is.  NULL if out of core.  */
gcry_mpi_t
gcry_mpi_set_opaque_copy (gcry_mpi_t a, const void *p, unsigned int nbits)
{
  size_t n = ((size_t)nbits + 7) / 8;
  byte *d = NULL;

  if (a && check_immutable (a))
    return a;
  if (p && n)
    {
      d = alloc_data (n, _gcry_is_secure (p));
      if (!d)
        return NULL;
      memcpy (d, p, n);
    }
  return gcry_mpi_set_opaque (a, d, d ? nbits : 0);
}


/* Return the bytes of the opaque value A (still owned by A) and store
 * its bit length at *NBITS.  */
void *
gcry_mpi_get_opaque (gcry_mpi_t a, unsigned int *nbits)
{
  if (!a || !(a->flags & GCRYMPI_FLAG_OPAQUE))
    {
      /* libgcrypt treats this as a fatal usage bug; a NULL result is
         the safer answer for a library that must never crash.  */
      if (nbits)
        *nbits = 0;
      return NULL;
    }
  if (nbits)
    *nbits = a->nbits;
  return a->d;
}


void
gcry_mpi_set_flag (gcry_mpi_t a, enum gcry_mpi_flag flag)
{
  if (!a)
    return;
  switch (flag)
    {
    case GCRYMPI_FLAG_SECURE:
      if (!(a->flags & GCRYMPI_FLAG_SECURE))
        {
          byte *d = alloc_data (a->nbytes, 1);

          if (a->nbytes && !d)
            _gcry_fatal_error (gpg_err_code_from_syserror (), NULL);
          if (a->nbytes)
            memcpy (d, a->d, a->nbytes);
          if (a->d)
            {
              wipememory (a->d, a->alloced);
              xfree (a->d);
            }
          a->d = d;
          a->alloced = a->nbytes;
          a->flags |= GCRYMPI_FLAG_SECURE;
        }
      break;
    case GCRYMPI_FLAG_CONST:
      a->flags |= GCRYMPI_FLAG_CONST | GCRYMPI_FLAG_IMMUTABLE;
      break;
    case GCRYMPI_FLAG_IMMUTABLE:
      a->flags |= GCRYMPI_FLAG_IMMUTABLE;
      break;
    case GCRYMPI_FLAG_USER1:
    case GCRYMPI_FLAG_USER2:
    case GCRYMPI_FLAG_USER3:
    case GCRYMPI_FLAG_USER4:
      a->flags |= flag;
      break;
    default:
      /* OPAQUE can only be set with gcry_mpi_set_opaque.  */
      log_error ("gcry_mpi_set_flag: invalid flag value %d\n", (int)flag);
      break;
    }
}


void
gcry_mpi_clear_flag (gcry_mpi_t a, enum gcry_mpi_flag flag)
{
  if (!a)
    return;
  switch (flag)
    {
    case GCRYMPI_FLAG_IMMUTABLE:
      if (!(a->flags & GCRYMPI_FLAG_CONST))
        a->flags &= ~GCRYMPI_FLAG_IMMUTABLE;
      break;
    case GCRYMPI_FLAG_USER1:
    case GCRYMPI_FLAG_USER2:
    case GCRYMPI_FLAG_USER3:
    case GCRYMPI_FLAG_USER4:
      a->flags &= ~(unsigned int)flag;
      break;
    default:
      /* SECURE, OPAQUE and CONST cannot be cleared (as in libgcrypt).  */
      log_error ("gcry_mpi_clear_flag: invalid flag value %d\n", (int)flag);
      break;
    }
}


int
gcry_mpi_get_flag (gcry_mpi_t a, enum gcry_mpi_flag flag)
{
  if (!a)
    return 0;
  switch (flag)
    {
    case GCRYMPI_FLAG_SECURE:
    case GCRYMPI_FLAG_OPAQUE:
    case GCRYMPI_FLAG_IMMUTABLE:
    case GCRYMPI_FLAG_CONST:
    case GCRYMPI_FLAG_USER1:
    case GCRYMPI_FLAG_USER2:
    case GCRYMPI_FLAG_USER3:
    case GCRYMPI_FLAG_USER4:
      return !!(a->flags & flag);
    default:
      log_error ("gcry_mpi_get_flag: invalid flag value %d\n", (int)flag);
      return 0;
    }
}



/*
 * Inspection.
 */

/* Return the bit length of |A| (0 for zero), or the stored length of
 * an opaque value.  */
unsigned int
gcry_mpi_get_nbits (gcry_mpi_t a)
{
  const byte *p;
  size_t n;

  if (!a)
    return 0;
  if ((a->flags & GCRYMPI_FLAG_OPAQUE))
    return a->nbits;
  p = get_magnitude (a, &n);
  if (!n)
    return 0;
  return (unsigned int)((n - 1) * 8 + byte_bits (p[0]));
}


int
gcry_mpi_test_bit (gcry_mpi_t a, unsigned int n)
{
  size_t byteidx = n / 8;

  if (!a || (a->flags & GCRYMPI_FLAG_OPAQUE) || byteidx >= a->nbytes)
    return 0;
  return (a->d[a->nbytes - 1 - byteidx] >> (n % 8)) & 1;
}


/* Compare the magnitudes of two unsigned big-endian byte strings
 * without leading zeros.  Returns -1, 0 or 1.  */
static int
cmp_magnitude (const byte *a, size_t an, const byte *b, size_t bn)
{
  int r;

  if (an != bn)
    return an < bn ? -1 : 1;
  if (!an)
    return 0;
  r = memcmp (a, b, an);
  return r < 0 ? -1 : r > 0;
}


/* Return -1, 0 or 1 as U < V, U == V or U > V.  */
int
gcry_mpi_cmp (const gcry_mpi_t u, const gcry_mpi_t v)
{
  const byte *up, *vp;
  size_t un, vn;
  int r;

  if (!u || !v)
    return (!u && !v) ? 0 : (!u ? -1 : 1);

  /* As in libgcrypt, an opaque value sorts before every number and
     two opaque values are ordered by bit length, then bytewise.  */
  if (mpi_is_opaque (u) || mpi_is_opaque (v))
    {
      if (!mpi_is_opaque (v))
        return -1;
      if (!mpi_is_opaque (u))
        return 1;
      if (u->nbits != v->nbits)
        return u->nbits < v->nbits ? -1 : 1;
      if (!u->nbits)
        return 0;
      r = memcmp (u->d, v->d, u->nbytes);
      return r < 0 ? -1 : r > 0;
    }

  if (u->sign != v->sign)
    return u->sign ? -1 : 1;
  up = get_magnitude (u, &un);
  vp = get_magnitude (v, &vn);
  r = cmp_magnitude (up, un, vp, vn);
  return u->sign ? -r : r;
}


/* Return -1, 0 or 1 as U < V, U == V or U > V.  */
int
gcry_mpi_cmp_ui (const gcry_mpi_t u, unsigned long v)
{
  byte buf[sizeof (unsigned long)];
  const byte *up, *vp;
  size_t un, vn, i;

  /* An opaque value counts as zero here, as in Libgcrypt (which
     holds no number for it).  */
  if (!u || mpi_is_opaque (u))
    return v ? -1 : 0;
  if (u->sign)
    return -1;
  for (i = sizeof buf; i > 0; i--)
    {
      buf[i - 1] = (byte)v;
      v >>= 8;
    }
  vp = buf;
  vn = sizeof buf;
  while (vn && !*vp)
    {
      vp++;
      vn--;
    }
  up = get_magnitude (u, &un);
  return cmp_magnitude (up, un, vp, vn);
}



/*
 * External formats.
 */

/* Return the value of the hex digit C or -1.  */
static int
hexval (int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}


/* Set A to the two's complement big-endian value BUF of N bytes
 * (GCRYMPI_FMT_STD).  */
static gpg_err_code_t
assign_std (gcry_mpi_t a, const byte *buf, size_t n)
{
  gpg_err_code_t rc;
  byte *tmp;

  if (!n || !(buf[0] & 0x80))
    return assign_magnitude (a, buf, n, 0);

  /* Negative: the magnitude is the two's complement of BUF.  */
  tmp = alloc_data (n, (a->flags & GCRYMPI_FLAG_SECURE));
  if (!tmp)
    return gpg_err_code_from_syserror ();
  memcpy (tmp, buf, n);
  twos_complement (tmp, n);
  rc = assign_magnitude (a, tmp, n, 1);
  wipememory (tmp, n);
  xfree (tmp);
  return rc;
}


/* Set A from the NUL terminated hex string S: an optional '-', an
 * optional "0x", then hex digits (an odd count is allowed).  */
static gpg_err_code_t
assign_hex (gcry_mpi_t a, const char *s)
{
  gpg_err_code_t rc;
  int sign = 0;
  size_t ndig, nbytes, i;
  byte *tmp;

  if (*s == '-')
    {
      sign = 1;
      s++;
    }
  /* Only a lower-case prefix, as in Libgcrypt.  */
  if (s[0] == '0' && s[1] == 'x')
    s += 2;
  for (ndig = 0; s[ndig]; ndig++)
    if (hexval ((byte)s[ndig]) < 0)
      return GPG_ERR_INV_OBJ;
  if (!ndig)
    return assign_magnitude (a, NULL, 0, 0);

  nbytes = (ndig + 1) / 2;
  tmp = alloc_data (nbytes, (a->flags & GCRYMPI_FLAG_SECURE));
  if (!tmp)
    return gpg_err_code_from_syserror ();
  i = 0;
  if ((ndig & 1))
    tmp[i++] = hexval ((byte)*s++);
  for (; i < nbytes; i++, s += 2)
    tmp[i] = (hexval ((byte)s[0]) << 4) | hexval ((byte)s[1]);
  rc = assign_magnitude (a, tmp, nbytes, sign);
  wipememory (tmp, nbytes);
  xfree (tmp);
  return rc;
}


/* Read an MPI in FORMAT from the BUFLEN bytes at BUFFER_ARG (a C
 * string and BUFLEN 0 for GCRYMPI_FMT_HEX; for GCRYMPI_FMT_SSH BUFLEN
 * 0 trusts the length header, as in Libgcrypt) into a new *RET_MPI,
 * or only check it if RET_MPI is NULL, and store the bytes consumed
 * at *NSCANNED.  The MPI is secure if the buffer is in secure
 * memory.  */
gcry_error_t
gcry_mpi_scan (gcry_mpi_t *ret_mpi, enum gcry_mpi_format format,
               const void *buffer_arg, size_t buflen, size_t *nscanned)
{
  const byte *buffer = buffer_arg;
  gpg_err_code_t rc = 0;
  gcry_mpi_t a;
  size_t n, used;
  int secure;

  if (ret_mpi)
    *ret_mpi = NULL;
  if (!buffer && (buflen || format == GCRYMPI_FMT_HEX
                  || format == GCRYMPI_FMT_SSH))
    return gpg_error (GPG_ERR_INV_ARG);
  /* A HEX string is a C string: a length is an error (and the string
     is not looked at).  */
  if (format == GCRYMPI_FMT_HEX && buflen)
    return gpg_error (GPG_ERR_INV_ARG);
  if (buflen > MAX_EXTERN_SCAN_BYTES
      || (format == GCRYMPI_FMT_HEX
          && strlen ((const char *)buffer) > MAX_EXTERN_SCAN_BYTES))
    return gpg_error (GPG_ERR_INV_OBJ);

  /* Values read from secure memory stay in secure memory.  */
  secure = buffer && _gcry_is_secure (buffer);
  a = mpi_alloc (secure);
  if (!a)
    return gpg_error_from_syserror ();

  switch (format)
    {
    case GCRYMPI_FMT_STD:
      rc = assign_std (a, buffer, buflen);
      used = buflen;
      break;

    case GCRYMPI_FMT_USG:
      rc = assign_magnitude (a, buffer, buflen, 0);
      used = buflen;
      break;

    case GCRYMPI_FMT_PGP:
      /* A 16 bit big-endian bit count, at most 16384 as in Libgcrypt,
         then the unsigned value.  */
      if (buflen < 2
          || ((size_t)buffer[0] << 8 | buffer[1]) > MAX_EXTERN_MPI_BITS)
        {
          rc = GPG_ERR_INV_OBJ;
          break;
        }
      n = (((size_t)buffer[0] << 8 | buffer[1]) + 7) / 8;
      if (n > buflen - 2)
        {
          rc = GPG_ERR_INV_OBJ;  /* As libgcrypt for a truncated value.  */
          break;
        }
      rc = assign_magnitude (a, buffer + 2, n, 0);
      used = 2 + n;
      break;

    case GCRYMPI_FMT_SSH:
      /* A 32 bit big-endian byte count, then the STD value.  With
         BUFLEN 0 the header is trusted, as Libgcrypt always does;
         otherwise it must fit into BUFLEN.  */
      if (buflen && buflen < 4)
        {
          rc = GPG_ERR_TOO_SHORT;
          break;
        }
      n = ((size_t)buffer[0] << 24 | (size_t)buffer[1] << 16
           | (size_t)buffer[2] << 8 | buffer[3]);
      if (buflen && n > buflen - 4)
        {
          rc = GPG_ERR_TOO_LARGE;  /* The length exceeds the buffer.  */
          break;
        }
      if (n > MAX_EXTERN_SCAN_BYTES)
        {
          rc = GPG_ERR_INV_OBJ;
          break;
        }
      rc = assign_std (a, buffer + 4, n);
      used = 4 + n;
      break;

    case GCRYMPI_FMT_HEX:
      /* A C string (BUFLEN 0, checked above).  */
      rc = assign_hex (a, (const char *)buffer);
      used = strlen ((const char *)buffer);
      break;

    default:
      /* GCRYMPI_FMT_OPAQUE included, as in Libgcrypt: opaque values
         are made with gcry_mpi_set_opaque.  */
      rc = GPG_ERR_INV_ARG;
      break;
    }

  if (rc)
    {
      gcry_mpi_release (a);
      return gpg_error (rc);
    }
  if (nscanned)
    *nscanned = used;
  if (ret_mpi)
    *ret_mpi = a;
  else
    gcry_mpi_release (a);
  return 0;
}


/* Write A in FORMAT to OUT (if not NULL) and return the length in
 * *R_LEN.  OUT must have room for the length that a call with OUT ==
 * NULL reports.  */
static gpg_err_code_t
do_print (enum gcry_mpi_format format, byte *out, size_t *r_len,
          gcry_mpi_t a)
{
  static const char hexdigits[] = "0123456789ABCDEF";
  const byte *m;
  size_t n, len, i;
  int neg, pad, ext, opaque = mpi_is_opaque (a);

  /* An opaque value is printed as its bytes, leading zeros included,
     and never negative, as in Libgcrypt; a number by its magnitude.  */
  if (opaque)
    {
      m = a->d;
      n = a->d ? a->nbytes : 0;
    }
  else
    m = get_magnitude (a, &n);
  neg = !opaque && a->sign && n;

  /* For STD (and SSH) a positive value whose top bit is set needs a
     leading 0x00 so that it does not read as negative.  A negative
     value -M fits into the N bytes of its magnitude as two's
     complement iff M <= 2^(8N-1); otherwise it needs a leading 0xff.  */
  ext = 0;
  if (n)
    {
      if (!neg)
        ext = (m[0] & 0x80) != 0;
      else
        {
          if (m[0] > 0x80)
            ext = 1;
          else if (m[0] == 0x80)
            for (i = 1; i < n && !ext; i++)
              ext = m[i] != 0;
        }
    }

  switch (format)
    {
    case GCRYMPI_FMT_USG:
      /* The sign is ignored for USG as in libgcrypt.  */
      if (out && n)
        memcpy (out, m, n);
      *r_len = n;
      return 0;

    case GCRYMPI_FMT_STD:
    case GCRYMPI_FMT_SSH:
      len = n + ext;
      pad = format == GCRYMPI_FMT_SSH ? 4 : 0;
      if (format == GCRYMPI_FMT_SSH && len > 0xffffffffu)
        return GPG_ERR_TOO_LARGE;
      if (out)
        {
          if (pad)
            {
              out[0] = (byte)(len >> 24);
              out[1] = (byte)(len >> 16);
              out[2] = (byte)(len >> 8);
              out[3] = (byte)len;
            }
          if (ext)
            out[pad] = neg ? 0xff : 0x00;
          if (n)
            memcpy (out + pad + ext, m, n);
          if (neg)
            twos_complement (out + pad + ext, n);
        }
      *r_len = pad + len;
      return 0;

    case GCRYMPI_FMT_PGP:
      {
        unsigned int nbits;

        if (neg)
          return GPG_ERR_INV_ARG;
        /* An opaque value gives its own bit count.  */
        if (opaque)
          nbits = n ? a->nbits : 0;
        else
          nbits = n ? (unsigned int)((n - 1) * 8 + byte_bits (m[0])) : 0;
        if (nbits > 0xffff)
          return GPG_ERR_TOO_LARGE;
        if (out)
          {
            out[0] = (byte)(nbits >> 8);
            out[1] = (byte)nbits;
            if (n)
              memcpy (out + 2, m, n);
          }
        *r_len = 2 + n;
        return 0;
      }

    case GCRYMPI_FMT_HEX:
      /* Like libgcrypt: an optional '-', "00" for zero or when the top
         bit is set, two upper case digits per byte, a NUL; the length
         includes the NUL.  */
      pad = (!n || (m[0] & 0x80)) ? 2 : 0;
      len = neg + pad + 2 * n + 1;
      if (out)
        {
          byte *o = out;

          if (neg)
            *o++ = '-';
          if (pad)
            {
              *o++ = '0';
              *o++ = '0';
            }
          for (i = 0; i < n; i++)
            {
              *o++ = hexdigits[m[i] >> 4];
              *o++ = hexdigits[m[i] & 15];
            }
          *o = 0;
        }
      *r_len = len;
      return 0;

    default:
      return GPG_ERR_INV_ARG;
    }
}


/* Write A in FORMAT to BUFFER of BUFLEN bytes (GPG_ERR_TOO_SHORT if
 * it does not fit) and store the length at *NWRITTEN; with BUFFER NULL
 * only the length is computed.  For HEX the length includes the NUL.  */
gcry_error_t
gcry_mpi_print (enum gcry_mpi_format format, unsigned char *buffer,
                size_t buflen, size_t *nwritten, const gcry_mpi_t a)
{
  gpg_err_code_t rc;
  size_t len;

  if (nwritten)
    *nwritten = 0;
  if (!a)
    return gpg_error (GPG_ERR_INV_ARG);
  rc = do_print (format, NULL, &len, a);
  if (rc)
    return gpg_error (rc);
  if (buffer)
    {
      if (len > buflen)
        return gpg_error (GPG_ERR_TOO_SHORT);
      rc = do_print (format, buffer, &len, a);
      if (rc)
        return gpg_error (rc);
    }
  if (nwritten)
    *nwritten = len;
  return 0;
}


/* As gcry_mpi_print into a new buffer from gcry_malloc (secure if A
 * is).  */
gcry_error_t
gcry_mpi_aprint (enum gcry_mpi_format format, unsigned char **buffer,
                 size_t *nwritten, const gcry_mpi_t a)
{
  gpg_err_code_t rc;
  size_t len;
  byte *out;

  if (nwritten)
    *nwritten = 0;
  if (!buffer)
    return gpg_error (GPG_ERR_INV_ARG);
  *buffer = NULL;
  if (!a)
    return gpg_error (GPG_ERR_INV_ARG);
  rc = do_print (format, NULL, &len, a);
  if (rc)
    return gpg_error (rc);
  /* Allocate at least one byte so that a zero length result is still
     a valid buffer; secret values stay in secure memory.  */
  out = (a->flags & GCRYMPI_FLAG_SECURE)
    ? _gcry_malloc_secure (len ? len : 1) : _gcry_malloc (len ? len : 1);
  if (!out)
    return gpg_error_from_syserror ();
  out[0] = 0;  /* The content of a zero length result.  */
  rc = do_print (format, out, &len, a);
  if (rc)
    {
      xfree (out);
      return gpg_error (rc);
    }
  *buffer = out;
  if (nwritten)
    *nwritten = len;
  return 0;
}


void
gcry_mpi_dump (const gcry_mpi_t a)
{
  unsigned char *hex = NULL;

  if (!a)
    {
      log_debug (" [MPI_NULL]");
      return;
    }
  if (mpi_is_opaque (a))
    {
      gcry_mpi_t tmp = _gcry_mpi_from_usg (a->d, a->nbytes, 0);

      if (tmp && !gcry_mpi_aprint (GCRYMPI_FMT_HEX, &hex, NULL, tmp))
        log_debug (" [%u bit: %s]", a->nbits, (char *)hex);
      gcry_mpi_release (tmp);
    }
  else if (!gcry_mpi_aprint (GCRYMPI_FMT_HEX, &hex, NULL, a))
    log_debug (" %s", (char *)hex);
  if (hex)
    {
      wipememory (hex, strlen ((char *)hex));
      xfree (hex);
    }
}
