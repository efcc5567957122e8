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

/* The coefficient-wise kernels of X against those of G: reduce (mod q
   and range), caddq, power2round, decompose and use_hint (for every
   0 <= r < q), make_hint, chknorm and the optional add16_chknorm,
   add_reduce_chknorm and power2round_add (word for word, against
   their definitions in G's kernels), with extreme and aliased
   inputs.  */
static void
check_coeffwise (const mldsa_ops_t *x, const mldsa_ops_t *g)
{
  static const s32 gammas[2] = { (Q - 1) / 88, (Q - 1) / 32 };
  const s32 rmax = 2147483647 - (1 << 22);
  mldsa_poly_t a, b, c, d, e, h;
  int round, i, gi;
  int bad_red = 0, bad_cadd = 0, bad_p2r = 0, bad_dec = 0, bad_hint = 0;
  int bad_mk = 0, bad_chk = 0, bad_add16 = 0, bad_addred = 0;
  int bad_p2radd = 0;
  s32 r;
  int neg;

  for (round = 0; round < 200; round++)
    {
      int mode = round < NMODES ? round : 0;

      fill (&a, rmax + 1, mode);
      if (round == 1)
        a.coeffs[0] = -rmax, a.coeffs[1] = rmax;
      b = a;
      c = a;
      x->reduce (&b);
      g->reduce (&c);
      bad_red += !agree (&b, &c, -6283008, 6283008);

      fill (&a, Q, mode);
      b = a;
      c = a;
      x->caddq (&b);
      g->caddq (&c);
      bad_cadd += !same (&b, &c);

      /* power2round on 0 <= a < q, also with a1 aliasing a.  */
      g->caddq (&a);
      x->power2round (&b, &c, &a);
      g->power2round (&d, &e, &a);
      bad_p2r += !same (&b, &d) || !same (&c, &e);
      b = a;
      x->power2round (&b, &c, &b);
      bad_p2r += !same (&b, &d) || !same (&c, &e);
    }

  /* Decompose and UseHint for every 0 <= r < q, both gamma2, with the
     hint pattern and its complement; then the same for r - q (r > 0),
     which stands for r (the contract's |a| < q).  */
  for (neg = 0; neg < 2; neg++)
    for (r = 0; r < Q; r += MLDSA_N)
      {
        for (i = 0; i < MLDSA_N; i++)
          {
            s32 v = r + i < Q ? r + i : Q - 1;

            a.coeffs[i] = neg && v ? v - Q : v;
            h.coeffs[i] = (i ^ (r >> 8)) & 1;
          }
        for (gi = 0; gi < 2; gi++)
          {
            x->decompose (&b, &c, &a, gammas[gi]);
            g->decompose (&d, &e, &a, gammas[gi]);
            bad_dec += !same (&b, &d) || !same (&c, &e);
            x->use_hint (&b, &a, &h, gammas[gi]);
            g->use_hint (&d, &a, &h, gammas[gi]);
            bad_hint += !same (&b, &d);
            for (i = 0; i < MLDSA_N; i++)
              h.coeffs[i] ^= 1;
            b = a;
            x->use_hint (&b, &b, &h, gammas[gi]);
            g->use_hint (&d, &a, &h, gammas[gi]);
            bad_hint += !same (&b, &d);
          }
        /* Aliased decompose (a1 = a).  */
        b = a;
        x->decompose (&b, &c, &b, gammas[r & 1]);
        g->decompose (&d, &e, &a, gammas[r & 1]);
        bad_dec += !same (&b, &d) || !same (&c, &e);
      }

  /* MakeHint: a0 in (-2 gamma2, 2 gamma2) with the edges +-gamma2
     frequent, a1 in [0, m) with 0 frequent.  */
  for (round = 0; round < 2000; round++)
    {
      s32 gamma2 = gammas[round & 1], m = (Q - 1) / (2 * gamma2);
      unsigned int n1, n2;

      for (i = 0; i < MLDSA_N; i++)
        {
          u32 k = rnd32 ();

          a.coeffs[i] = rnd_sym (2 * gamma2);
          if ((k & 3) == 0)
            a.coeffs[i] = (k & 4) ? gamma2 : -gamma2;
          else if ((k & 7) == 1)
            a.coeffs[i] = ((k & 8) ? gamma2 : -gamma2) + (k & 16 ? 1 : -1);
          b.coeffs[i] = (k & 32) ? 0 : (s32)((k >> 8) % m);
        }
      n1 = x->make_hint (&c, &a, &b, gamma2);
      n2 = g->make_hint (&d, &a, &b, gamma2);
      bad_mk += n1 != n2 || !same (&c, &d);
    }

  /* chknorm: random polynomials near the bound, single coefficients
     at the bound in every position, representatives shifted by q.  */
  for (round = 0; round < 3000; round++)
    {
      s32 bound = (round & 1) ? (1 << 19) - 196 : ((Q - 1) / 88) - 78;
      int pos = round % MLDSA_N;

      if (round < 1000)
        {
          fill (&a, bound + 1, 0);
          if (round & 2)
            a.coeffs[pos] += (round & 4) ? Q : -Q;
        }
      else
        {
          memset (&a, 0, sizeof a);
          a.coeffs[pos] = ((round & 2) ? -1 : 1)
                          * (bound - ((round >> 2) & 1))
                          + ((round & 8) ? Q : 0) - ((round & 16) ? Q : 0);
        }
      bad_chk += x->chknorm (&a, bound) != g->chknorm (&a, bound);
      fill (&a, rmax + 1, 0);
      bad_chk += x->chknorm (&a, bound) != g->chknorm (&a, bound);
    }

  /* add16_chknorm against its definition (the loop of mldsa.c and the
     portable chknorm): random a and products v at signing's sizes,
     each given as b = v, v + 3329 or v - 3329 where |b| < 3329 (the
     kernel adds the representative v in [-1664, 1664]), and single
     sums at -bound, -(bound - 1), bound - 1 and bound in every
     position, for both signs; then every |b| < 3329, a = 0.  */
  for (round = 0; round < 2000 + 27; round++)
    {
      s32 bound = (round & 1) ? (1 << 19) - 196 : ((Q - 1) / 88) - 78;
      int sub = (round >> 1) & 1, pos = round % MLDSA_N, want, got;
      s16 b16[MLDSA_N], v16[MLDSA_N];

      if (!x->add16_chknorm)
        break;
      fill (&a, bound + 8, 0);
      for (i = 0; i < MLDSA_N; i++)
        v16[i] = (s16)(rnd32 () % 393) - 196;
      if (round >= 1000 && round < 2000)
        {
          /* Sum exactly at one of the four edge values in POS.  */
          s32 v = ((round >> 2) & 1 ? bound : bound - 1)
                  * ((round >> 3) & 1 ? -1 : 1);

          memset (&a, 0, sizeof a);
          a.coeffs[pos] = sub ? v + v16[pos] : v - v16[pos];
        }
      for (i = 0; i < MLDSA_N; i++)
        {
          u32 m = rnd32 () % 3;

          b16[i] = v16[i];
          if (m == 1 && v16[i] < 0)
            b16[i] += 3329;
          else if (m == 2 && v16[i] > 0)
            b16[i] -= 3329;
        }
      if (round >= 2000)
        {
          /* Every b from -3328 to 3328 (27 rounds of 256), a = 0.  */
          memset (&a, 0, sizeof a);
          bound = 1665;
          for (i = 0; i < MLDSA_N; i++)
            {
              s32 t = -3328 + (s32)((round - 2000) * MLDSA_N + i);

              if (t > 3328)
                t = 3328;
              b16[i] = (s16)t;
              v16[i] = (s16)(t > 1664 ? t - 3329 : t < -1664 ? t + 3329 : t);
            }
        }
      b = a;
      c = a;
      got = x->add16_chknorm (&b, b16, sub, bound);
      for (i = 0; i < MLDSA_N; i++)
        c.coeffs[i] += sub ? -v16[i] : v16[i];
      want = g->chknorm (&c, bound);
      bad_add16 += got != want || !same (&b, &c);
    }

  /* add_reduce_chknorm against reduce, chknorm and the sum: random b
     below q (inverse NTT outputs) and over the whole input range,
     single reduced values at the edges of the bound in every
     position.  */
  for (round = 0; round < 2000; round++)
    {
      s32 bound = (round & 1) ? (Q - 1) / 32 : (Q - 1) / 88;
      int pos = round % MLDSA_N, want, got;

      if (!x->add_reduce_chknorm)
        break;
      fill (&a, 1 << 20, 0);
      fill (&b, (round & 2) ? rmax + 1 : Q, 0);
      if (round >= 1000)
        {
          s32 v = ((round >> 2) & 1 ? bound : bound - 1)
                  * ((round >> 3) & 1 ? -1 : 1);

          fill (&b, bound, 0);
          b.coeffs[pos] = v + ((round & 16) ? Q : 0)
                          - ((round & 32) ? Q : 0);
        }
      c = a;
      d = b;
      e = b;
      got = x->add_reduce_chknorm (&c, &b, bound);
      g->reduce (&e);
      want = g->chknorm (&e, bound);
      for (i = 0; i < MLDSA_N; i++)
        a.coeffs[i] += e.coeffs[i];
      bad_addred += got != want || !same (&a, &c) || !same (&b, &d);
    }

  /* power2round_add against the loop, reduce, caddq and power2round
     of the portable set: random a below q and b up to 4 in size, and
     the extremes a = +-(q - 1), b = +-4; A0 aliasing A as in KeyGen.  */
  for (round = 0; round < 400; round++)
    {
      if (!x->power2round_add)
        break;
      fill (&a, Q, round < NMODES ? round : 0);
      fill (&b, 5, round < NMODES ? round : 0);
      if (round == 1)
        for (i = 0; i < MLDSA_N; i++)
          {
            a.coeffs[i] = (i & 1) ? Q - 1 : -(Q - 1);
            b.coeffs[i] = (i & 2) ? 4 : -4;
          }
      c = a;
      x->power2round_add (&d, &c, &c, &b);
      e = a;
      for (i = 0; i < MLDSA_N; i++)
        e.coeffs[i] += b.coeffs[i];
      g->reduce (&e);
      g->caddq (&e);
      g->power2round (&h, &e, &e);
      bad_p2radd += !same (&c, &e) || !same (&d, &h);
    }

  check (!bad_red, "reduce equals the portable one modulo q, in range");
  check (!bad_cadd, "caddq equals the portable one word for word");
  check (!bad_p2r, "power2round equals the portable one");
  check (!bad_dec, "decompose equals the portable one for every "
         "-q < r < q");
  check (!bad_hint, "use_hint equals the portable one for every "
         "-q < r < q");
  check (!bad_mk, "make_hint equals the portable one (hints and count)");
  check (!bad_chk, "chknorm equals the portable one");
  if (x->add16_chknorm)
    check (!bad_add16, "add16_chknorm adds or subtracts the centred "
           "representative mod 3329 exactly and "
           "checks the bound as chknorm does");
  if (x->add_reduce_chknorm)
    check (!bad_addred, "add_reduce_chknorm adds b reduced as reduce does "
           "and checks it as chknorm does");
  if (x->power2round_add)
    check (!bad_p2radd, "power2round_add equals the sum, reduce, caddq "
           "and power2round of the portable set");
}

#endif /*T_MLDSA_SIMD_H*/
