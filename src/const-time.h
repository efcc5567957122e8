/* const-time.h - Constant-time helpers for libgcrypt-pqc
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef GCRYPT_CONST_TIME_H
#define GCRYPT_CONST_TIME_H 1

#include <stddef.h>
#include <string.h>
#include "types.h"

/* All helpers here run in time independent of the *contents* of their
   operands (lengths are public).  They are the only place where the
   library compares or selects secret data.  The value barrier keeps
   the compiler from turning a mask back into a branch.  */

static inline u32
ct_value_barrier_u32 (u32 x)
{
#if defined(__GNUC__)
  __asm__ ("" : "+r" (x));
#endif
  return x;
}

/* Return 1 if the LEN bytes at A and B are equal, else 0.  */
static inline unsigned int
ct_memequal (const void *a, const void *b, size_t len)
{
  const byte *x = a, *y = b;
  u64 d[4] = { 0, 0, 0, 0 }, wx, wy, wdiff;
  u32 diff;
  size_t i;
  unsigned int j;

  /* Eight bytes per word (ML-KEM compares whole ciphertexts, up to
     1568 bytes, where a byte loop cost over a thousand cycles), four
     words per step into four accumulators: with one, the loop waited
     on its chain of ORs (a 1088-byte compare took 1% of Decaps on a
     Zen 4; the compiler does not vectorise a loop of unknown length
     at -O2).  The split depends only on LEN.  The words are read in
     host order, which does not matter for equality.  */
  for (i = 0; i + 32 <= len; i += 32)
    for (j = 0; j < 4; j++)
      {
        memcpy (&wx, x + i + 8 * j, 8);
        memcpy (&wy, y + i + 8 * j, 8);
        d[j] |= wx ^ wy;
      }
  wdiff = (d[0] | d[1]) | (d[2] | d[3]);
  for (; i + 8 <= len; i += 8)
    {
      memcpy (&wx, x + i, 8);
      memcpy (&wy, y + i, 8);
      wdiff |= wx ^ wy;
    }
  for (; i < len; i++)
    wdiff |= x[i] ^ y[i];
  diff = ct_value_barrier_u32 ((u32)wdiff | (u32)(wdiff >> 32));
  return (unsigned int)(1 ^ ((diff | ((u32)0 - diff)) >> 31));
}

/* Return 0xff..ff if X is nonzero, else 0.  */
static inline u32
ct_mask_nonzero_u32 (u32 x)
{
  x = ct_value_barrier_u32 (x);
  return (u32)0 - ((x | ((u32)0 - x)) >> 31);
}

/* If COND (0 or 1) is 1, copy LEN bytes from SRC to DST, else leave
   DST as it is.  */
static inline void
ct_memmov_cond (void *dst, const void *src, size_t len, unsigned int cond)
{
  byte *d = dst;
  const byte *s = src;
  byte mask = (byte)((u32)0 - ct_value_barrier_u32 (cond & 1));
  size_t i;

  for (i = 0; i < len; i++)
    d[i] ^= mask & (d[i] ^ s[i]);
}

#endif /*GCRYPT_CONST_TIME_H*/
