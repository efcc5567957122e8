/* t-mldsa-simd.h - Scaffolding shared by the ML-DSA SIMD kernel tests
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

/* The tests of the SIMD kernel sets of ML-DSA (t-mldsa-avx2,
 * t-mldsa-avx512) compare a kernel set X with the portable set G the
 * same way: the same pass/fail counting, the same generator of
 * inputs, the same comparisons of polynomials.  This header holds
 * that common part as static functions; each test keeps what is
 * specific to its kernel set.
 *
 * Before including it, a test defines
 *   MLDSA_SIMD_TEST  the test's name (a string) for its PASS/FAIL lines,
 *   MLDSA_SIMD_SEED  the nonzero u64 seed of its input generator
 * (each test keeps its own seed, hence its own inputs).  */

#ifndef T_MLDSA_SIMD_H
#define T_MLDSA_SIMD_H 1

#include <stdio.h>
#include <string.h>

#include "g10lib.h"
#include "mldsa-ops.h"

#if !defined (MLDSA_SIMD_TEST) || !defined (MLDSA_SIMD_SEED)
# error "define MLDSA_SIMD_TEST and MLDSA_SIMD_SEED before t-mldsa-simd.h"
#endif

#define Q MLDSA_Q

/* The twiddle values of the SIMD tables, recomputed from
   mldsa-tables.h (which the test includes first); inline, so that a
   test that recomputes no table does not warn.  */
#ifdef GCRY_MLDSA_TABLES_H
/* zeta^brv8(k) mod q, centred.  */
static inline s32
plain (unsigned int k)
{
  s32 z = (s32)mldsa_zetas_plain[k];

  return z > Q / 2 ? z - Q : z;
}

/* Z * 2^32 / q rounded to the nearest integer (the Shoup companion):
   the truncated quotient, moved away from zero when the remainder
   exceeds q/2.  */
static inline s32
shoup (s32 z)
{
  int64_t n = (int64_t)z * ((int64_t)1 << 32);
  int64_t h = n / Q, rem = n % Q;

  if (2 * rem > Q)
    h++;
  else if (2 * rem < -Q)
    h--;
  return (s32)h;
}
#endif

static int verbose;
static unsigned long passed, failed;

/* Count one check, named WHAT, as passed if COND; a failure is always
   printed, a pass only with --verbose.  */
static void
check (int cond, const char *what)
{
  if (cond)
    {
      passed++;
      if (verbose)
        printf ("PASS: " MLDSA_SIMD_TEST ": %s\n", what);
    }
  else
    {
      failed++;
      printf ("FAIL: " MLDSA_SIMD_TEST ": %s\n", what);
    }
}


/* Inputs: a deterministic xorshift generator, so that a failure can
   be replayed.  */

static u64 rng_state = MLDSA_SIMD_SEED;

/* The next 32 pseudo-random bits (bits 16..47 of the state).  */
static u32
rnd32 (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (u32)(rng_state >> 16);
}

/* Uniform in (-bound, bound); 0 < BOUND < 2^31.  */
static s32
rnd_sym (s32 bound)
{
  /* In 64 bits: for BOUND near 2^31 the draw exceeds INT32_MAX.  */
  return (s32)((int64_t)(rnd32 () % (2 * (u32)bound - 1)) - (bound - 1));
}

/* Fill A: mode 0 random in (-bound, bound), 1 all bound - 1,
   2 all -(bound - 1), 3 alternating signs at the bound, 4 zero.
   Only mode 0 draws from the generator.  */
static void
fill (mldsa_poly_t *a, s32 bound, int mode)
{
  int i;

  for (i = 0; i < MLDSA_N; i++)
    switch (mode)
      {
      case 0: a->coeffs[i] = rnd_sym (bound); break;
      case 1: a->coeffs[i] = bound - 1; break;
      case 2: a->coeffs[i] = -(bound - 1); break;
      case 3: a->coeffs[i] = (i & 1) ? bound - 1 : -(bound - 1); break;
      default: a->coeffs[i] = 0; break;
      }
}

#define NMODES 5


/* Comparisons with the portable set.  */

/* Whether A and B are the same word for word.  */
static int
same (const mldsa_poly_t *a, const mldsa_poly_t *b)
{
  return !memcmp (a, b, sizeof *a);
}

/* Whether A and B hold the same residues modulo q.  */
static int
same_mod_q (const mldsa_poly_t *a, const mldsa_poly_t *b)
{
  int i;

  for (i = 0; i < MLDSA_N; i++)
    if (((s64)a->coeffs[i] - b->coeffs[i]) % Q)
      return 0;
  return 1;
}

/* Whether A holds the residues of B with every coefficient in
   [LO, HI].  */
static int
agree (const mldsa_poly_t *a, const mldsa_poly_t *b, s32 lo, s32 hi)
{
  int i;

  for (i = 0; i < MLDSA_N; i++)
    if (a->coeffs[i] < lo || a->coeffs[i] > hi)
      return 0;
  return same_mod_q (a, b);
}

/* Transform A (|a| < q) with both sets: count in *BAD_F a forward
   NTT whose residues differ from G's, and in *BAD_I such an inverse
   NTT (FIPS 204 Algorithms 41, 42).  If BOUNDED, X's outputs must
   also lie within the contract, |ntt| < 9q and |invntt| < q.  */
static void
ntt_both (const mldsa_ops_t *x, const mldsa_ops_t *g, const mldsa_poly_t *a,
          int bounded, int *bad_f, int *bad_i)
{
  mldsa_poly_t b = *a, c = *a;

  x->ntt (&b);
  g->ntt (&c);
  *bad_f += bounded ? !agree (&b, &c, -9 * Q + 1, 9 * Q - 1)
                    : !same_mod_q (&b, &c);
  b = *a;
  c = *a;
  x->invntt_tomont (&b);
  g->invntt_tomont (&c);
  *bad_i += bounded ? !agree (&b, &c, -Q + 1, Q - 1) : !same_mod_q (&b, &c);
}

/* Transform impulses +-(q - 1), one in every position, with both
   sets, counting as ntt_both does.  */
static void
ntt_impulses (const mldsa_ops_t *x, const mldsa_ops_t *g, int bounded,
              int *bad_f, int *bad_i)
{
  mldsa_poly_t a;
  int i;

  for (i = 0; i < MLDSA_N; i++)
    {
      memset (&a, 0, sizeof a);
      a.coeffs[i] = (i & 1) ? Q - 1 : -(Q - 1);
      ntt_both (x, g, &a, bounded, bad_f, bad_i);
    }
}

/* Fill the 8 pairs A[n], B[n], |a| < q in fill mode MODE % NMODES,
   |b| < 9q in mode MODE / NMODES (0 <= MODE < NMODES^2), and compare
   the pointwise products of both sets on them: one product, the
   product written over either factor, and the accumulated products
   of the first n pairs for n = 1..8.  Counts in *BAD resp. *BAD_ACC
   the results whose residues differ from G's or lie outside
   (-q, q).  */
static void
pointwise_round (const mldsa_ops_t *x, const mldsa_ops_t *g,
                 mldsa_poly_t a[8], mldsa_poly_t b[8], int mode,
                 int *bad, int *bad_acc)
{
  mldsa_poly_t r1, r2;
  int n;

  for (n = 0; n < 8; n++)
    {
      fill (&a[n], Q, mode % NMODES);
      fill (&b[n], 9 * Q, mode / NMODES);
    }
  x->pointwise (&r1, &a[0], &b[0]);
  g->pointwise (&r2, &a[0], &b[0]);
  *bad += !agree (&r1, &r2, -Q + 1, Q - 1);
  /* Aliasing: r = a, r = b.  */
  r1 = a[1];
  x->pointwise (&r1, &r1, &b[1]);
  g->pointwise (&r2, &a[1], &b[1]);
  *bad += !agree (&r1, &r2, -Q + 1, Q - 1);
  r1 = b[2];
  x->pointwise (&r1, &a[2], &r1);
  g->pointwise (&r2, &a[2], &b[2]);
  *bad += !agree (&r1, &r2, -Q + 1, Q - 1);
  for (n = 1; n <= 8; n++)
    {
      x->pointwise_acc (&r1, a, b, n);
      g->pointwise_acc (&r2, a, b, n);
      *bad_acc += !agree (&r1, &r2, -Q + 1, Q - 1);
    }
}

#endif /*T_MLDSA_SIMD_H*/
