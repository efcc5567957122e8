/* gen-tables-common.h - Arithmetic shared by the table generators
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

/* Modular arithmetic, bit reversal and the license header for the
 * stand-alone programs gen-mlkem-tables.c, gen-mlkem-avx2-tables.c,
 * gen-mldsa-tables.c and gen-mldsa-avx2-tables.c.  The including file
 * defines Q, the prime modulus (3329 or 8380417, below 2^32, so the
 * product of two residues fits in 64 bits), before it includes this
 * header.  Not part of the library.  */

#ifndef GEN_TABLES_COMMON_H
#define GEN_TABLES_COMMON_H 1

#include <stdio.h>
#include <stdint.h>

#ifndef Q
# error "define Q before including gen-tables-common.h"
#endif

/* B^E mod Q, in [0, Q), by square and multiply.  */
static inline uint64_t
powmod (uint64_t b, uint64_t e)
{
  uint64_t r = 1;

  b %= Q;
  while (e)
    {
      if (e & 1)
        r = r * b % Q;
      b = b * b % Q;
      e >>= 1;
    }
  return r;
}

/* Reverse the NBITS low bits of I (BitRev7 of FIPS 203 for NBITS = 7,
   brv8 of FIPS 204 for NBITS = 8).  */
static inline unsigned int
bitrev (unsigned int i, unsigned int nbits)
{
  unsigned int r = 0, b;

  for (b = 0; b < nbits; b++)
    r |= ((i >> b) & 1) << (nbits - 1 - b);
  return r;
}

/* A mod Q in [0, Q), for any sign of A.  */
static inline long
modq (long a)
{
  a %= Q;
  return a < 0 ? a + Q : a;
}

/* A mod Q as the centered representative, in [-(Q-1)/2, (Q-1)/2].  */
static inline long
centered (long a)
{
  a = modq (a);
  return a > Q / 2 ? a - Q : a;
}


/* The Shoup companion round (Z * 2^32 / Q) of a twiddle Z with
   |Z| < Q/2 (then it is below 2^31 in magnitude): floor ((2 Z 2^32 + Q)
   / 2Q), with a floor division that is right for negative
   numerators.  */
static inline int32_t
shoup_round (int64_t z)
{
  int64_t n = z * ((int64_t)1 << 33) + Q, d = 2 * (int64_t)Q;
  int64_t f = n / d;

  if (f * d > n)
    f--;
  return (int32_t)f;
}


/* Print the LGPL comment that starts a generated file, with
   FIRSTLINE (the file's name and what it holds) on its first line,
   and a blank line.  */
static inline void
print_license_header (const char *firstline)
{
  printf ("/* %s\n"
          " * Copyright (C) 2026 The libgcrypt-pqc authors\n"
          " *\n"
          " * This file is part of libgcrypt-pqc.\n"
          " *\n"
          " * libgcrypt-pqc is free software; you can redistribute it"
          " and/or modify\n"
          " * it under the terms of the GNU Lesser General Public License"
          " as\n"
          " * published by the Free Software Foundation; either version"
          " 2.1 of\n"
          " * the License, or (at your option) any later version.\n"
          " *\n"
          " * SPDX-License-Identifier: LGPL-2.1-or-later\n"
          " */\n\n", firstline);
}

#endif /*GEN_TABLES_COMMON_H*/
