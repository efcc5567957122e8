/* t-mldsa-kernels.c - Tests of the ML-DSA polynomial kernels
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

/* Checks every kernel of every ML-DSA kernel set usable here
 * (_gcry_mldsa_ops_available: the dispatched one first, the portable
 * one last) against literal transcriptions of the FIPS 204
 * pseudocode:
 *
 *  - Power2Round, Decompose (both GAMMA2) and UseHint for every
 *    0 <= r < q (Algorithms 35, 36, 40),
 *  - MakeHint in the form signing uses it, on pseudo-random inputs
 *    that meet its precondition (Algorithm 39),
 *  - NTT against direct evaluation at the roots zeta^(2 brv8(i) + 1),
 *    the inverse NTT as its inverse (times 2^32), the pointwise
 *    products against schoolbook products modulo q,
 *  - reduce, caddq and the norm check on boundary values,
 *  - the 4-way samplers against the single ones, and the single ones
 *    against the coefficient ranges of Algorithms 30, 31 and 34, and
 *    SampleInBall's weight,
 *  - the transforms on inputs found by a greedy search for the
 *    largest outputs (the bounds of lazy reductions),
 *  - the optional encodings (BitUnpack of z and t1, w1Encode) against
 *    the portable code or bit-by-bit definitions, t1's input ending
 *    at an inaccessible page,
 *  - each set's NTT, inverse NTT, products, reduce and caddq against
 *    the portable set (residues and the contract's bounds, on random
 *    and extreme inputs), and on PowerPC the generated table of the
 *    assembly against its formulas,
 *  - the assembler parsers of RejNTTPoly and RejBoundedPoly (VSX,
 *    AVX-512, VBMI2) against Algorithms 30 and 31 on buffers with
 *    many rejections, odd lengths and counts near 256.
 *
 * It prints which kernel set ran.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(HAVE_MMAP) && defined(HAVE_SYS_MMAN_H)
# include <sys/mman.h>
# include <unistd.h>
#endif

#include "g10lib.h"
#include "mldsa.h"
#include "mldsa-ops.h"
#include "keccak.h"
#include "mldsa-avx512.h"

static int verbose;
static unsigned long passed, failed;

static void
check (int cond, const char *what)
{
  if (cond)
    {
      passed++;
      if (verbose)
        printf ("PASS: t-mldsa-kernels: %s\n", what);
    }
  else
    {
      failed++;
      printf ("FAIL: t-mldsa-kernels: %s\n", what);
    }
}

#define Q MLDSA_Q

/* A small deterministic generator for test inputs.  */
static u64 rng_state = 0x9e3779b97f4a7c15ULL;

static u32
rnd32 (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (u32)(rng_state >> 16);
}

static s32
mod_q (s64 a)
{
  a %= Q;
  return (s32)(a < 0 ? a + Q : a);
}

/* r mod+- m for even m (FIPS 204 Section 2.3): in (-m/2, m/2].  */
static s32
mod_pm (s32 r, s32 m)
{
  s32 t = r % m;

  if (t < 0)
    t += m;
  if (t > m / 2)
    t -= m;
  return t;
}

/* Algorithm 36, literally.  */
static void
spec_decompose (s32 r, s32 gamma2, s32 *r1, s32 *r0)
{
  s32 rp = mod_q (r), a0 = mod_pm (rp, 2 * gamma2);

  if (rp - a0 == Q - 1)
    {
      *r1 = 0;
      *r0 = a0 - 1;
    }
  else
    {
      *r1 = (rp - a0) / (2 * gamma2);
      *r0 = a0;
    }
}

/* Algorithm 40, literally.  */
static s32
spec_use_hint (int h, s32 r, s32 gamma2)
{
  s32 m = (Q - 1) / (2 * gamma2), r1, r0;

  spec_decompose (r, gamma2, &r1, &r0);
  if (h && r0 > 0)
    return (r1 + 1) % m;
  if (h && r0 <= 0)
    return (r1 - 1 + m) % m;
  return r1;
}

static s32
spec_highbits (s32 r, s32 gamma2)
{
  s32 r1, r0;

  spec_decompose (r, gamma2, &r1, &r0);
  return r1;
}

static void
check_rounding (const mldsa_ops_t *ops)
{
  static const s32 gammas[2] = { (Q - 1) / 88, (Q - 1) / 32 };
  mldsa_poly_t a, a1, a0, h, b;
  unsigned long bad_p2r = 0, bad_dec = 0, bad_hint = 0;
  s32 r;
  int g, i;

  for (r = 0; r < Q; r += MLDSA_N)
    {
      for (i = 0; i < MLDSA_N; i++)
        a.coeffs[i] = r + i < Q ? r + i : Q - 1;
      ops->power2round (&a1, &a0, &a);
      for (i = 0; i < MLDSA_N; i++)
        {
          s32 rp = a.coeffs[i], t0 = mod_pm (rp, 1 << MLDSA_D);

          if (a0.coeffs[i] != t0 || a1.coeffs[i] != (rp - t0) >> MLDSA_D)
            bad_p2r++;
        }
      for (g = 0; g < 2; g++)
        {
          ops->decompose (&a1, &a0, &a, gammas[g]);
          for (i = 0; i < MLDSA_N; i++)
            {
              s32 s1, s0;

              spec_decompose (a.coeffs[i], gammas[g], &s1, &s0);
              if (a1.coeffs[i] != s1 || a0.coeffs[i] != s0)
                bad_dec++;
            }
          for (i = 0; i < MLDSA_N; i++)
            h.coeffs[i] = (i + r / MLDSA_N) & 1;
          ops->use_hint (&b, &a, &h, gammas[g]);
          for (i = 0; i < MLDSA_N; i++)
            if (b.coeffs[i] != spec_use_hint (h.coeffs[i], a.coeffs[i],
                                              gammas[g]))
              bad_hint++;
          for (i = 0; i < MLDSA_N; i++)
            h.coeffs[i] ^= 1;
          ops->use_hint (&b, &a, &h, gammas[g]);
          for (i = 0; i < MLDSA_N; i++)
            if (b.coeffs[i] != spec_use_hint (h.coeffs[i], a.coeffs[i],
                                              gammas[g]))
              bad_hint++;
        }
    }
  check (!bad_p2r, "Power2Round for every 0 <= r < q");
  check (!bad_dec, "Decompose for every 0 <= r < q, both gamma2");
  check (!bad_hint, "UseHint for every 0 <= r < q, h = 0 and 1");

  /* Decompose and UseHint of a negative r stand for r + q (the
     contract's |a| < q), every -q < r < 0, both gamma2, A1 aliasing A
     in turn.  */
  bad_dec = bad_hint = 0;
  for (r = -(Q - 1); r < 0; r += MLDSA_N)
    for (g = 0; g < 2; g++)
      {
        for (i = 0; i < MLDSA_N; i++)
          a.coeffs[i] = r + i < 0 ? r + i : -1;
        b = a;
        if (g)
          ops->decompose (&a1, &a0, &a, gammas[g]);
        else
          {
            ops->decompose (&b, &a0, &b, gammas[g]);
            a1 = b;
          }
        for (i = 0; i < MLDSA_N; i++)
          {
            s32 s1, s0;

            spec_decompose (a.coeffs[i] + Q, gammas[g], &s1, &s0);
            if (a1.coeffs[i] != s1 || a0.coeffs[i] != s0)
              bad_dec++;
          }
        for (i = 0; i < MLDSA_N; i++)
          h.coeffs[i] = (i + r / MLDSA_N) & 1;
        for (i = 0; i < 2; i++)
          {
            unsigned int j;

            b = a;
            ops->use_hint (&b, &b, &h, gammas[g]);
            for (j = 0; j < MLDSA_N; j++)
              if (b.coeffs[j] != spec_use_hint (h.coeffs[j],
                                                a.coeffs[j] + Q, gammas[g]))
                bad_hint++;
            for (j = 0; j < MLDSA_N; j++)
              h.coeffs[j] ^= 1;
          }
      }
  check (!bad_dec, "Decompose of every -q < r < 0 as of r + q, both "
         "gamma2");
  check (!bad_hint, "UseHint of every -q < r < 0 as of r + q, h = 0 "
         "and 1 (B aliasing A)");

  /* KeyGen's Power2Round of t = a + b mod q (the optional entry): a
     takes every value of (-q, q) once, b runs through -4..4 beside
     it, then the extremes a = +-(q - 1) with b = +-4; A1 and A0 alias
     A and B in turn.  */
  if (!ops->power2round_add)
    return;
  bad_p2r = 0;
  for (r = -(Q - 1); r < Q + 2 * MLDSA_N; r += MLDSA_N)
    {
      mldsa_poly_t b2, t;

      for (i = 0; i < MLDSA_N; i++)
        {
          if (r < Q)
            {
              a.coeffs[i] = r + i < Q ? r + i : Q - 1;
              b2.coeffs[i] = (r + i) % 9 - 4;
              if (b2.coeffs[i] < -4)
                b2.coeffs[i] += 9;
            }
          else
            {
              a.coeffs[i] = (i & 1) ? Q - 1 : -(Q - 1);
              b2.coeffs[i] = (i >> 1) & 1 ? 4 : -4;
            }
          t.coeffs[i] = mod_q (a.coeffs[i] + b2.coeffs[i]);
        }
      h = a;
      b = b2;
      if ((r / MLDSA_N) & 1)
        ops->power2round_add (&h, &b, &h, &b);
      else
        ops->power2round_add (&b, &h, &h, &b);
      if (!((r / MLDSA_N) & 1))
        {
          a1 = b;
          a0 = h;
        }
      else
        {
          a1 = h;
          a0 = b;
        }
      for (i = 0; i < MLDSA_N; i++)
        {
          s32 t0 = mod_pm (t.coeffs[i], 1 << MLDSA_D);

          if (a0.coeffs[i] != t0
              || a1.coeffs[i] != (t.coeffs[i] - t0) >> MLDSA_D)
            bad_p2r++;
        }
    }
  check (!bad_p2r, "Power2Round of a + b mod q for every |a| < q, "
         "|b| <= 4");
}

/* MakeHint as signing uses it: a1 = HighBits (w), a0 = w0 + u + e
   with |w0 + u| < gamma2 - beta (the r0 check passed) and
   |e| < gamma2 (the c t0 check passed).  Then the hint must be
   HighBits (w + u) != HighBits (w + u + e), i.e. Algorithm 39 applied
   to (-e, w + u + e).  */
static void
check_make_hint (const mldsa_ops_t *ops)
{
  static const s32 gammas[2] = { (Q - 1) / 88, (Q - 1) / 32 };
  static const s32 betas[2] = { 78, 196 };
  unsigned long bad = 0, count_bad = 0;
  mldsa_poly_t a0, a1, h;
  s32 v[MLDSA_N], e[MLDSA_N];
  int g, round, i;

  for (g = 0; g < 2; g++)
    for (round = 0; round < 2000; round++)
      {
        s32 gamma2 = gammas[g], lim = gamma2 - betas[g];
        unsigned int n, want_n = 0;

        for (i = 0; i < MLDSA_N; i++)
          {
            s32 w = (s32)(rnd32 () % Q), w1, w0, u, x;

            /* Bias towards the interval edges every few rounds.  */
            if (round % 4 == 0)
              w = (s32)((rnd32 () % (Q / (2 * gamma2) + 1)) * 2 * gamma2
                        + (s32)(rnd32 () % 9) - 4);
            w = mod_q (w);
            spec_decompose (w, gamma2, &w1, &w0);
            /* u with |w0 + u| < lim.  */
            x = (s32)(rnd32 () % (2 * lim - 1)) - (lim - 1);
            u = x - w0;
            v[i] = mod_q ((s64)w + u);
            e[i] = (s32)(rnd32 () % (2 * gamma2 - 1)) - (gamma2 - 1);
            if (round % 8 == 1)
              e[i] = (rnd32 () & 1) ? gamma2 - 1 : -(gamma2 - 1);
            a1.coeffs[i] = w1;
            a0.coeffs[i] = x + e[i];
          }
        n = ops->make_hint (&h, &a0, &a1, gamma2);
        for (i = 0; i < MLDSA_N; i++)
          {
            int want = spec_highbits (v[i], gamma2)
                       != spec_highbits (mod_q ((s64)v[i] + e[i]), gamma2);

            want_n += want;
            if (h.coeffs[i] != want)
              bad++;
          }
        if (n != want_n)
          count_bad++;
      }
  check (!bad && !count_bad, "MakeHint against Algorithm 39");
}

static unsigned int
brv8 (unsigned int k)
{
  unsigned int r = 0, i;

  for (i = 0; i < 8; i++)
    r |= ((k >> i) & 1) << (7 - i);
  return r;
}

static s32
pow_q (s64 b, unsigned int e)
{
  s64 r = 1;

  b = mod_q (b);
  while (e)
    {
      if (e & 1)
        r = r * b % Q;
      b = b * b % Q;
      e >>= 1;
    }
  return (s32)r;
}

static void
random_poly (mldsa_poly_t *a, s32 bound)
{
  int i;

  for (i = 0; i < MLDSA_N; i++)
    a->coeffs[i] = (s32)(rnd32 () % (2 * (u32)bound - 1)) - (bound - 1);
}

static void
check_ntt (const mldsa_ops_t *ops)
{
  mldsa_poly_t a, b, c, r, acc[2], accb[2];
  s32 root[MLDSA_N];
  int round, i, j, bad_ntt = 0, bad_inv = 0, bad_mul = 0, bad_acc = 0;
  const s64 rinv = 8265825;                   /* 2^-32 mod q */

  for (i = 0; i < MLDSA_N; i++)
    root[i] = pow_q (1753, 2 * brv8 (i) + 1);
  for (round = 0; round < 6; round++)
    {
      /* Zero, an impulse, then random values in the input range.  */
      if (round == 0)
        memset (&a, 0, sizeof a);
      else if (round == 1)
        {
          memset (&a, 0, sizeof a);
          a.coeffs[1] = Q - 1;
        }
      else
        random_poly (&a, Q);
      b = a;
      ops->ntt (&b);
      for (i = 0; i < MLDSA_N; i++)
        {
          s64 x = 0, p = 1;

          for (j = 0; j < MLDSA_N; j++)
            {
              x = (x + (s64)mod_q (a.coeffs[j]) * p) % Q;
              p = p * root[i] % Q;
            }
          if (mod_q (b.coeffs[i]) != x || b.coeffs[i] <= -9 * Q
              || b.coeffs[i] >= 9 * Q)
            bad_ntt++;
        }
      /* invntt_tomont (NTT (a) mod+- q) = a * 2^32.  */
      for (i = 0; i < MLDSA_N; i++)
        {
          c.coeffs[i] = mod_q (b.coeffs[i]);
          if (c.coeffs[i] > Q / 2)
            c.coeffs[i] -= Q;
        }
      ops->invntt_tomont (&c);
      for (i = 0; i < MLDSA_N; i++)
        if (mod_q ((s64)c.coeffs[i] * rinv) != mod_q (a.coeffs[i])
            || c.coeffs[i] <= -Q || c.coeffs[i] >= Q)
          bad_inv++;

      /* Pointwise product: NTT^-1 (NTT (a) o NTT (s) / 2^32) * 2^32 is
         the negacyclic product a * s.  */
      random_poly (&c, 5);
      r = c;
      ops->ntt (&r);
      {
        mldsa_poly_t ahat = a, prod;
        s64 want[MLDSA_N];

        for (i = 0; i < MLDSA_N; i++)
          ahat.coeffs[i] = mod_q (a.coeffs[i]) > Q / 2
                           ? mod_q (a.coeffs[i]) - Q : mod_q (a.coeffs[i]);
        prod = ahat;
        ops->ntt (&ahat);
        ops->pointwise (&prod, &ahat, &r);
        ops->invntt_tomont (&prod);
        for (i = 0; i < MLDSA_N; i++)
          want[i] = 0;
        for (i = 0; i < MLDSA_N; i++)
          for (j = 0; j < MLDSA_N; j++)
            {
              s64 t = (s64)mod_q (a.coeffs[i]) * c.coeffs[j] % Q;

              if (i + j < MLDSA_N)
                want[i + j] += t;
              else
                want[i + j - MLDSA_N] -= t;
            }
        for (i = 0; i < MLDSA_N; i++)
          if (mod_q (prod.coeffs[i]) != mod_q (want[i]))
            bad_mul++;

        /* Accumulating product of two terms = sum of two products.
           The first factors must be below q (the contract), the
           second ones may be NTT outputs.  */
        for (i = 0; i < MLDSA_N; i++)
          {
            acc[0].coeffs[i] = mod_q (ahat.coeffs[i]);
            acc[1].coeffs[i] = mod_q (r.coeffs[i]);
          }
        accb[0] = r;
        accb[1] = r;
        ops->pointwise_acc (&prod, acc, accb, 2);
        ops->pointwise (&acc[0], &ahat, &r);
        ops->pointwise (&acc[1], &r, &r);
        for (i = 0; i < MLDSA_N; i++)
          if (mod_q ((s64)prod.coeffs[i] - acc[0].coeffs[i] - acc[1].coeffs[i])
              || prod.coeffs[i] <= -Q || prod.coeffs[i] >= Q)
            bad_acc++;
      }
    }
  check (!bad_ntt, "NTT against direct evaluation");
  check (!bad_inv, "inverse NTT inverts NTT (times 2^32)");
  check (!bad_mul, "NTT-domain product equals the negacyclic product");
  check (!bad_acc, "pointwise_acc equals the sum of pointwise products");
}

/* The transforms and products at the edges of their input ranges
   (the contract of mldsa-ops.h): every coefficient at +-(q-1) for the
   transforms, at the largest NTT output (9q-1) for the products.
   Checks the bounds of the outputs and their residues.  */
static void
check_extremes (const mldsa_ops_t *ops)
{
  static const s32 pattern_sign[3][2] = { { 1, 1 }, { -1, -1 }, { 1, -1 } };
  mldsa_poly_t a, b, c, acc[8], accb[8];
  s32 root[MLDSA_N];
  const s64 rinv = 8265825;                   /* 2^-32 mod q */
  int p, i, j, bad_ntt = 0, bad_inv = 0, bad_mul = 0, bad_acc = 0;

  for (i = 0; i < MLDSA_N; i++)
    root[i] = pow_q (1753, 2 * brv8 (i) + 1);
  for (p = 0; p < 3; p++)
    {
      for (i = 0; i < MLDSA_N; i++)
        a.coeffs[i] = pattern_sign[p][i & 1] * (Q - 1);

      /* Forward: NTT (a) by direct evaluation, |out| < 9q.  */
      b = a;
      ops->ntt (&b);
      for (i = 0; i < MLDSA_N; i++)
        {
          s64 x = 0, w = 1;

          for (j = 0; j < MLDSA_N; j++)
            {
              x = (x + (s64)mod_q (a.coeffs[j]) * w) % Q;
              w = w * root[i] % Q;
            }
          if (mod_q (b.coeffs[i]) != x || b.coeffs[i] <= -9 * Q
              || b.coeffs[i] >= 9 * Q)
            bad_ntt++;
        }

      /* Inverse: |out| < q and NTT (out) = a * 2^32.  */
      c = a;
      ops->invntt_tomont (&c);
      for (i = 0; i < MLDSA_N; i++)
        if (c.coeffs[i] <= -Q || c.coeffs[i] >= Q)
          bad_inv++;
      ops->ntt (&c);
      for (i = 0; i < MLDSA_N; i++)
        if (mod_q ((s64)c.coeffs[i] * rinv) != mod_q (a.coeffs[i]))
          bad_inv++;

      /* Products of the largest NTT outputs, and a sum of eight.  */
      for (i = 0; i < MLDSA_N; i++)
        {
          b.coeffs[i] = pattern_sign[p][i & 1] * (9 * Q - 1);
          c.coeffs[i] = pattern_sign[p][(i >> 1) & 1] * (9 * Q - 1);
        }
      ops->pointwise (&a, &b, &c);
      for (i = 0; i < MLDSA_N; i++)
        if (a.coeffs[i] <= -Q || a.coeffs[i] >= Q
            || mod_q ((s64)a.coeffs[i]
                      - mod_q ((s64)b.coeffs[i] * c.coeffs[i]) * rinv))
          bad_mul++;
      for (j = 0; j < 8; j++)
        for (i = 0; i < MLDSA_N; i++)
          {
            acc[j].coeffs[i] = pattern_sign[p][(i + j) & 1] * (Q - 1);
            accb[j].coeffs[i] = b.coeffs[i];
          }
      ops->pointwise_acc (&a, acc, accb, 8);
      for (i = 0; i < MLDSA_N; i++)
        {
          s64 want = 0;

          for (j = 0; j < 8; j++)
            want += mod_q ((s64)acc[j].coeffs[i] * accb[j].coeffs[i]);
          if (a.coeffs[i] <= -Q || a.coeffs[i] >= Q
              || mod_q ((s64)a.coeffs[i] - mod_q (want) * rinv))
            bad_acc++;
        }
    }
  check (!bad_ntt, "NTT of inputs +-(q-1)");
  check (!bad_inv, "inverse NTT of inputs +-(q-1)");
  check (!bad_mul, "pointwise product of inputs +-(9q-1)");
  check (!bad_acc, "pointwise_acc of eight maximal products");
}

/* Largest |a[i]| of A.  */
static s32
max_abs (const mldsa_poly_t *a)
{
  s32 m = 0;
  int i;

  for (i = 0; i < MLDSA_N; i++)
    {
      s32 v = a->coeffs[i] < 0 ? -a->coeffs[i] : a->coeffs[i];

      if (v > m)
        m = v;
    }
  return m;
}

/* Worst-case inputs for the lazy reductions of the transforms: a
   greedy search over inputs with every coefficient in
   {-(q-1), 0, q-1} that raises the largest output magnitude of
   OPS->ntt (resp. OPS->invntt_tomont), one coefficient at a time, for
   two sweeps, from alternating signs.  The outputs must stay within
   the contract (|out| < 9q resp. |out| < q) and agree with the
   portable transforms modulo q.  Backends with exact reductions
   (e.g. the portable one) simply stay far below.  */
static void
check_bound_search (const mldsa_ops_t *ops)
{
  static const s32 vals[3] = { Q - 1, 0, -(Q - 1) };
  const mldsa_ops_t *gen = _gcry_mldsa_get_ops ("generic");
  mldsa_poly_t a, b, c;
  s32 worst[2] = { 0, 0 }, limit[2] = { 9 * Q, Q };
  int dir, sweep, i, v, bad = 0;

  for (dir = 0; dir < 2; dir++)
    {
      void (*fn) (mldsa_poly_t *) = dir ? ops->invntt_tomont : ops->ntt;
      void (*ref) (mldsa_poly_t *) = dir ? gen->invntt_tomont : gen->ntt;

      for (i = 0; i < MLDSA_N; i++)
        a.coeffs[i] = (i & 1) ? -(Q - 1) : Q - 1;
      b = a;
      fn (&b);
      worst[dir] = max_abs (&b);
      for (sweep = 0; sweep < 2; sweep++)
        for (i = 0; i < MLDSA_N; i++)
          for (v = 0; v < 3; v++)
            {
              s32 old = a.coeffs[i], m;

              a.coeffs[i] = vals[v];
              b = a;
              fn (&b);
              m = max_abs (&b);
              if (m > worst[dir])
                worst[dir] = m;
              else
                a.coeffs[i] = old;
            }
      /* The input found, through both transforms.  */
      b = a;
      c = a;
      fn (&b);
      ref (&c);
      for (i = 0; i < MLDSA_N; i++)
        if (mod_q (b.coeffs[i]) != mod_q (c.coeffs[i]))
          bad++;
      if (verbose)
        printf ("t-mldsa-kernels: %s: largest %s output found: %.3f q\n",
                ops->name, dir ? "inverse NTT" : "NTT",
                (double)worst[dir] / Q);
    }
  check (worst[0] < limit[0] && worst[1] < limit[1] && !bad,
         "transforms of searched worst-case inputs within bounds");
}

static void
check_reductions (const mldsa_ops_t *ops)
{
  static const s32 vals[] =
    { 0, 1, -1, Q - 1, Q, -Q, Q + 1, 2 * Q, -2 * Q, (1 << 22), -(1 << 22),
      2147483647 - (1 << 22), -2147483647 + (1 << 22), 6283008, -6283008 };
  mldsa_poly_t a, b;
  int i, bad = 0;

  for (i = 0; i < MLDSA_N; i++)
    a.coeffs[i] = i < (int)DIM (vals) ? vals[i] : (s32)rnd32 () / 2;
  b = a;
  ops->reduce (&b);
  for (i = 0; i < MLDSA_N; i++)
    if (mod_q ((s64)b.coeffs[i] - a.coeffs[i]) || b.coeffs[i] < -6283008
        || b.coeffs[i] > 6283008)
      bad++;
  check (!bad, "reduce");
  random_poly (&a, Q);
  b = a;
  ops->caddq (&b);
  bad = 0;
  for (i = 0; i < MLDSA_N; i++)
    if (b.coeffs[i] != mod_q (a.coeffs[i]))
      bad++;
  check (!bad, "caddq");

  /* chknorm: a single coefficient at +-(bound - 1) passes, at +-bound
     fails, in every position class; also as a representative + q.  */
  bad = 0;
  for (i = 0; i < 64; i++)
    {
      s32 bound = (i & 1) ? (1 << 19) - 196 : ((Q - 1) / 88) - 78;
      int pos = (i * 37) % MLDSA_N, sign = (i & 2) ? -1 : 1;

      memset (&a, 0, sizeof a);
      a.coeffs[pos] = sign * (bound - 1) + ((i & 4) ? Q : 0);
      if (ops->chknorm (&a, bound))
        bad++;
      a.coeffs[pos] = sign * bound + ((i & 4) ? Q : 0);
      if (!ops->chknorm (&a, bound))
        bad++;
    }
  check (!bad, "chknorm at the bound");
}

static void
check_samplers (const mldsa_ops_t *ops)
{
  byte seed[64];
  mldsa_poly_t x4[4], one, *ptr[4];
  u16 nonce[4] = { 0x0000, 0x0102, 0x0503, 0xffff };
  int i, j, bad_u = 0, bad_e = 0, bad_g = 0, bad_c = 0, eta, g;

  for (i = 0; i < 64; i++)
    seed[i] = (byte)(i * 13 + 1);
  for (i = 0; i < 4; i++)
    ptr[i] = &x4[i];

  ops->poly_uniform_x4 (ptr, seed, nonce);
  for (i = 0; i < 4; i++)
    {
      ops->poly_uniform (&one, seed, nonce[i]);
      if (memcmp (&one, &x4[i], sizeof one))
        bad_u++;
      for (j = 0; j < MLDSA_N; j++)
        if (one.coeffs[j] < 0 || one.coeffs[j] >= Q)
          bad_u++;
    }
  check (!bad_u, "RejNTTPoly: 4-way equals single, range");

  for (eta = 2; eta <= 4; eta += 2)
    {
      ops->poly_uniform_eta_x4 (ptr, seed, nonce, eta);
      for (i = 0; i < 4; i++)
        {
          ops->poly_uniform_eta (&one, seed, nonce[i], eta);
          if (memcmp (&one, &x4[i], sizeof one))
            bad_e++;
          for (j = 0; j < MLDSA_N; j++)
            if (one.coeffs[j] < -eta || one.coeffs[j] > eta)
              bad_e++;
        }
    }
  check (!bad_e, "RejBoundedPoly: 4-way equals single, range");

  for (g = 17; g <= 19; g += 2)
    {
      s32 gamma1 = 1 << g;

      ops->poly_uniform_gamma1_x4 (ptr, seed, nonce, gamma1);
      for (i = 0; i < 4; i++)
        {
          ops->poly_uniform_gamma1 (&one, seed, nonce[i], gamma1);
          if (memcmp (&one, &x4[i], sizeof one))
            bad_g++;
          for (j = 0; j < MLDSA_N; j++)
            if (one.coeffs[j] <= -gamma1 || one.coeffs[j] > gamma1)
              bad_g++;
        }
    }
  check (!bad_g, "ExpandMask: 4-way equals single, range");

  for (i = 0; i < 3; i++)
    {
      static const unsigned int taus[3] = { 39, 49, 60 };
      unsigned int weight = 0;

      ops->poly_challenge (&one, seed, 32 + 16 * i, taus[i]);
      for (j = 0; j < MLDSA_N; j++)
        {
          if (one.coeffs[j] < -1 || one.coeffs[j] > 1)
            bad_c++;
          weight += one.coeffs[j] != 0;
        }
      if (weight != taus[i])
        bad_c++;
    }
  check (!bad_c, "SampleInBall: weight tau, coefficients in {-1,0,1}");
}

/* The optional N-way samplers (N = 4 and 8): each entry equals the
   single sampler's output, with and without a side stream in the last
   lane (or, with NINTH, as the ninth state of the 8-way batch, where
   the last entry is sampled too), and the side stream's sponge gives
   SHAKE256 of its input, for input lengths around the block
   boundaries, inputs longer than the batch's permutations can take
   (the caller finishes them), and input that arrives in pieces (MORE
   set).  */
static void
check_samplers_xn_mode (const mldsa_ops_t *ops, int ninth)
{
  static const size_t lens[] =
    { 0, 1, 7, 8, 135, 136, 137, 271, 272, 543, 679, 680, 681, 1312, 4000 };
  byte seed[64], in[4000], want[64], got[64];
  mldsa_poly_t polys[8], one, *ptr[8];
  u16 nonce[8];
  keccak_ctx_t ctx;
  mldsa_side_t side;
  unsigned int n, i, j, kind, li, piece;
  int bad_s = 0, bad_h = 0, eta;

  if (!ops->poly_uniform_xn || !ops->poly_uniform_eta_xn
      || !ops->poly_uniform_gamma1_xn)
    {
      check (!ops->poly_uniform_xn && !ops->poly_uniform_eta_xn
             && !ops->poly_uniform_gamma1_xn,
             "N-way samplers all present or all absent");
      return;
    }
  for (i = 0; i < sizeof seed; i++)
    seed[i] = (byte)(i * 29 + 7);
  for (i = 0; i < sizeof in; i++)
    in[i] = (byte)(rnd32 () >> 8);
  for (i = 0; i < 8; i++)
    {
      ptr[i] = &polys[i];
      nonce[i] = (u16)((i << 8) | (7 - i)) ^ 0x0300;
    }

  for (n = 4; n <= 8; n += 4)
    for (kind = 0; kind < 5; kind++)
      for (li = 0; li < DIM (lens) + 1; li++)
        {
          /* li == DIM (lens): no side stream.  Otherwise LENS[li] bytes,
             given in one piece or (PIECE) as 100 bytes and the rest
             after the call.  */
          size_t len = li < DIM (lens) ? lens[li] : 0;
          mldsa_side_t *sp = li < DIM (lens) ? &side : NULL;
          unsigned int m = sp && !(ninth && n == 8) ? n - 1 : n;

          piece = (li & 1) && len > 100;
          if (sp)
            {
              _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE256,
                                     KECCAK_DS_SHAKE);
              side.ctx = &ctx;
              side.in = in;
              side.inlen = piece ? 100 : len;
              side.more = piece;
              side.done = 0;
            }
          memset (polys, 0x55, sizeof polys);
          eta = kind == 2 ? 4 : 2;
          switch (kind)
            {
            case 0:
              ops->poly_uniform_xn (ptr, n, seed, nonce, sp);
              break;
            case 1: case 2:
              ops->poly_uniform_eta_xn (ptr, n, seed, nonce, eta, sp);
              break;
            case 3: case 4:
              ops->poly_uniform_gamma1_xn (ptr, n, seed, nonce,
                                           kind == 3 ? 1 << 17 : 1 << 19,
                                           sp);
              break;
            }
          for (i = 0; i < n; i++)
            {
              switch (kind)
                {
                case 0:
                  ops->poly_uniform (&one, seed, nonce[i]);
                  break;
                case 1: case 2:
                  ops->poly_uniform_eta (&one, seed, nonce[i], eta);
                  break;
                default:
                  ops->poly_uniform_gamma1 (&one, seed, nonce[i],
                                            kind == 3 ? 1 << 17 : 1 << 19);
                  break;
                }
              if (i < m && memcmp (&one, &polys[i], sizeof one))
                bad_s++;
              /* The side stream's slot is left alone.  */
              if (i >= m)
                for (j = 0; j < MLDSA_N; j++)
                  if (polys[i].coeffs[j] != 0x55555555)
                    bad_s++;
            }
          if (!sp)
            continue;
          /* Finish as the front file does: append the rest, absorb what
             the samplers left, squeeze.  */
          if (side.more)
            {
              side.inlen += len - 100;
              side.more = 0;
            }
          if (!side.done)
            _gcry_keccak_absorb (&ctx, side.in, side.inlen);
          _gcry_keccak_squeeze (&ctx, got, sizeof got);
          _gcry_shake256 (want, sizeof want, in, len);
          if (memcmp (got, want, sizeof got))
            bad_h++;
        }
  check (!bad_s, ninth ? "N-way samplers (N = 4, 8) equal the single "
         "ones, with and without a side stream (the ninth state of 8)"
         : "N-way samplers (N = 4, 8) equal the single ones, with and "
         "without a side stream (in the last lane)");
  check (!bad_h, ninth ? "side stream gives SHAKE256 of its input (the "
         "ninth state of 8)" : "side stream gives SHAKE256 of its input "
         "(in the last lane)");
}

/* Both places of the side stream where the 9-way permutation exists
   (on Intel processors too), then the production choice again.  */
static void
check_samplers_xn (const mldsa_ops_t *ops)
{
  int prod = _gcry_keccak_batch_has_ninth ();

  if (_gcry_keccak_batch_set_ninth (0) == 0)
    check_samplers_xn_mode (ops, 0);
  if (_gcry_keccak_batch_set_ninth (1))
    check_samplers_xn_mode (ops, 1);
  _gcry_keccak_batch_set_ninth (prod);
}

/* The optional BitUnpack of z: the portable words for random bytes
   and for all-zero and all-one fields (the ends of the range), with
   the 16 bytes past the packed ones readable.  */
static void
check_unpack_gamma1 (const mldsa_ops_t *ops)
{
  byte buf[640 + 16];
  mldsa_poly_t a, b;
  int round, g, bad = 0;
  unsigned int i;

  if (!ops->unpack_gamma1)
    return;
  for (g = 17; g <= 19; g += 2)
    for (round = 0; round < 40; round++)
      {
        s32 gamma1 = 1 << g;

        for (i = 0; i < sizeof buf; i++)
          buf[i] = round == 0 ? 0 : round == 1 ? 0xff : (byte)(rnd32 () >> 8);
        ops->unpack_gamma1 (&a, buf, gamma1);
        _gcry_mldsa_unpack_gamma1_generic (&b, buf, gamma1);
        if (memcmp (&a, &b, sizeof a))
          bad++;
        for (i = 0; i < MLDSA_N; i++)
          if (a.coeffs[i] <= -gamma1 || a.coeffs[i] > gamma1)
            bad++;
      }
  check (!bad, "unpack_gamma1 equals the portable one, in range");
}


/* A buffer of LEN bytes whose end touches an inaccessible page where
   the system can make one (so a read past it crashes the test), else
   plain memory; release with guarded_free.  */
static byte *
guarded_alloc (size_t len, void **base, size_t *maplen)
{
#if defined(HAVE_MMAP) && defined(HAVE_SYS_MMAN_H)
  long page = sysconf (_SC_PAGESIZE);

  if (page > 0 && len <= (size_t)page)
    {
      byte *m = mmap (NULL, 2 * page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      if (m != MAP_FAILED && !mprotect (m + page, page, PROT_NONE))
        {
          *base = m;
          *maplen = 2 * page;
          return m + page - len;
        }
      if (m != MAP_FAILED)
        munmap (m, 2 * page);
    }
#endif
  *base = malloc (len);
  *maplen = 0;
  return *base;
}

static void
guarded_free (void *base, size_t maplen)
{
#if defined(HAVE_MMAP) && defined(HAVE_SYS_MMAN_H)
  if (maplen)
    {
      munmap (base, maplen);
      return;
    }
#endif
  free (base);
}

/* The optional SimpleBitUnpack of t1 against bit-by-bit extraction
   (field i = bits 10i .. 10i+9), for all-zero, all-one and random
   bytes; the 320 bytes end at an inaccessible page.  */
static void
check_unpack_t1 (const mldsa_ops_t *ops)
{
  mldsa_poly_t a;
  void *base;
  size_t maplen;
  byte *buf;
  int round, bad = 0;
  unsigned int i, k;

  if (!ops->unpack_t1)
    return;
  buf = guarded_alloc (320, &base, &maplen);
  if (!buf)
    {
      check (0, "memory for the unpack_t1 test");
      return;
    }
  for (round = 0; round < 40; round++)
    {
      for (i = 0; i < 320; i++)
        buf[i] = round == 0 ? 0 : round == 1 ? 0xff : (byte)(rnd32 () >> 8);
      memset (&a, 0x55, sizeof a);
      ops->unpack_t1 (&a, buf);
      for (i = 0; i < MLDSA_N; i++)
        {
          s32 want = 0;

          for (k = 0; k < 10; k++)
            want |= ((buf[(10 * i + k) / 8] >> ((10 * i + k) % 8)) & 1) << k;
          if (a.coeffs[i] != want)
            bad++;
        }
    }
  guarded_free (base, maplen);
  check (!bad, maplen ? "unpack_t1 against bit extraction, no read past "
         "the end (guard page)"
         : "unpack_t1 against bit extraction (no guard page here)");
}

/* The optional w1Encode with 4-bit fields against its definition,
   for random values and the ends of [0, 16); nothing written past the
   128 bytes.  */
static void
check_pack_w1_4 (const mldsa_ops_t *ops)
{
  byte out[128 + 16];
  mldsa_poly_t a;
  int round, bad = 0;
  unsigned int i;

  if (!ops->pack_w1_4)
    return;
  for (round = 0; round < 40; round++)
    {
      for (i = 0; i < MLDSA_N; i++)
        a.coeffs[i] = round == 0 ? 0 : round == 1 ? 15
                      : round == 2 ? (i & 1) * 15 : (s32)(rnd32 () & 15);
      memset (out, 0xa5, sizeof out);
      ops->pack_w1_4 (out, &a);
      for (i = 0; i < 128; i++)
        if (out[i] != (a.coeffs[2 * i] | (a.coeffs[2 * i + 1] << 4)))
          bad++;
      for (; i < sizeof out; i++)
        if (out[i] != 0xa5)
          bad++;
    }
  check (!bad, "pack_w1_4 against w1Encode, nothing past 128 bytes");
}

/* The same for the 6-bit fields (GAMMA2 = (q-1)/88): 192 bytes,
   values in [0, 44).  */
static void
check_pack_w1_6 (const mldsa_ops_t *ops)
{
  byte out[192 + 16];
  mldsa_poly_t a;
  int round, bad = 0;
  unsigned int i, b;

  if (!ops->pack_w1_6)
    return;
  for (round = 0; round < 40; round++)
    {
      for (i = 0; i < MLDSA_N; i++)
        a.coeffs[i] = round == 0 ? 0 : round == 1 ? 43
                      : round == 2 ? (i & 1) * 43 : (s32)(rnd32 () % 44);
      memset (out, 0xa5, sizeof out);
      ops->pack_w1_6 (out, &a);
      for (i = 0; i < MLDSA_N; i++)
        for (b = 0; b < 6; b++)
          if (((out[(6 * i + b) / 8] >> ((6 * i + b) % 8)) & 1)
              != ((a.coeffs[i] >> b) & 1))
            bad++;
      for (i = 192; i < sizeof out; i++)
        if (out[i] != 0xa5)
          bad++;
    }
  check (!bad, "pack_w1_6 against w1Encode, nothing past 192 bytes");
}

/* One optional BitPack kernel (K = 10: pack_t1, 13: pack_t0, 3 or 4:
   pack_eta with ETA, 18 or 20: pack_z with GAMMA1 = C) against the
   portable one and against the definition: field i of the output,
   bits K i .. K i + K - 1 little endian, is C - a[i] (NEG 1) or a[i]
   (NEG 0), for inputs A in [LO, HI]: all LO, all HI, alternating, and
   random; nothing written past the 32 K bytes.  Returns the number of
   mismatches.  */
static int
check_pack_one (const mldsa_ops_t *ops, unsigned int k, s32 c, int neg,
                s32 lo, s32 hi, unsigned int eta)
{
  byte out[640 + 16], ref[640];
  mldsa_poly_t a;
  unsigned int i, b, round, len = 32 * k;
  int bad = 0;

  for (round = 0; round < 40; round++)
    {
      for (i = 0; i < MLDSA_N; i++)
        a.coeffs[i] = round == 0 ? lo : round == 1 ? hi
                      : round == 2 ? ((i & 1) ? hi : lo)
                      : lo + (s32)(rnd32 () % (u32)(hi - lo + 1));
      memset (out, 0xa5, sizeof out);
      if (k == 10)
        {
          ops->pack_t1 (out, &a);
          _gcry_mldsa_pack_t1_generic (ref, &a);
        }
      else if (k == 13)
        {
          ops->pack_t0 (out, &a);
          _gcry_mldsa_pack_t0_generic (ref, &a);
        }
      else if (k >= 18)
        {
          ops->pack_z (out, &a, c);
          _gcry_mldsa_pack_z_generic (ref, &a, c);
        }
      else
        {
          ops->pack_eta (out, &a, eta);
          _gcry_mldsa_pack_eta_generic (ref, &a, eta);
        }
      if (memcmp (out, ref, len))
        bad++;
      for (i = 0; i < MLDSA_N; i++)
        {
          u32 want = (u32)(neg ? c - a.coeffs[i] : a.coeffs[i]), got = 0;

          for (b = 0; b < k; b++)
            got |= (u32)((out[(k * i + b) / 8] >> ((k * i + b) % 8)) & 1) << b;
          if (got != want)
            bad++;
        }
      for (i = len; i < sizeof out; i++)
        if (out[i] != 0xa5)
          bad++;
    }
  return bad;
}

/* The optional BitPack kernels of KeyGen (t1, t0, s1 and s2).  */
static void
check_pack_keygen (const mldsa_ops_t *ops)
{
  if (ops->pack_t1)
    check (!check_pack_one (ops, 10, 0, 0, 0, 1023, 0),
           "pack_t1 against the portable one and the 10-bit fields, "
           "nothing past 320 bytes");
  if (ops->pack_t0)
    check (!check_pack_one (ops, 13, 1 << 12, 1, -(1 << 12) + 1, 1 << 12, 0),
           "pack_t0 against the portable one and the 13-bit fields of "
           "2^12 - t0, nothing past 416 bytes");
  if (ops->pack_eta)
    check (!check_pack_one (ops, 3, 2, 1, -2, 2, 2)
           && !check_pack_one (ops, 4, 4, 1, -4, 4, 4),
           "pack_eta against the portable one and the 3- and 4-bit "
           "fields of eta - s, nothing past 96 resp. 128 bytes");
}


/* The optional BitPack of z (sigEncode), both widths.  */
static void
check_pack_z (const mldsa_ops_t *ops)
{
  if (ops->pack_z)
    check (!check_pack_one (ops, 18, 1 << 17, 1, -(1 << 17) + 1, 1 << 17, 0)
           && !check_pack_one (ops, 20, 1 << 19, 1, -(1 << 19) + 1,
                               1 << 19, 0),
           "pack_z against the portable one and the 18- and 20-bit "
           "fields of gamma1 - z, nothing past 576 resp. 640 bytes");
}

/* The optional row of HintBitPack against the definition: for rows
   of 0/1 coefficients (none, all, every block boundary's neighbours,
   64 ones from a random start, and random ones at densities 1/64 to
   1/2), the count returned, the indices in increasing order, and no
   byte written more than 8 past them (the contract's room).  */
static void
check_hint_pack_row (const mldsa_ops_t *ops)
{
  byte out[MLDSA_N + 24];
  mldsa_poly_t h;
  unsigned int round, i, n, got;
  int bad = 0;

  if (!ops->hint_pack_row)
    return;
  for (round = 0; round < 400; round++)
    {
      unsigned int start = rnd32 () % (MLDSA_N - 63);

      for (i = 0; i < MLDSA_N; i++)
        h.coeffs[i] = round == 0 ? 0 : round == 1 ? 1
                      : round == 2 ? ((i % 64) == 0 || (i % 64) == 63)
                      : round < 20 ? (i >= start && i < start + 64)
                      : !(rnd32 () & ((2u << (round % 6)) - 1));
      memset (out, 0xa5, sizeof out);
      got = ops->hint_pack_row (out, &h);
      for (i = 0, n = 0; i < MLDSA_N; i++)
        if (h.coeffs[i])
          {
            if (n >= MLDSA_N || out[n] != i)
              bad++;
            n++;
          }
      if (got != n)
        bad++;
      for (i = n + 8; i < sizeof out; i++)
        if (out[i] != 0xa5)
          bad++;
    }
  check (!bad, "hint_pack_row against HintBitPack's indices (400 rows), "
         "nothing more than 8 bytes past them");
}


/* One optional skDecode BitUnpack kernel (K = 13: unpack_t0, 3 or 4:
   unpack_eta with ETA) against the portable one and against the
   definition: a[i] = C - field i (field i = bits K i .. K i + K - 1,
   little endian), and for unpack_eta a nonzero result exactly when a
   field exceeds 2 ETA.  Bytes all zero, all 0xff, random, random
   valid fields, and valid fields but one of 2 ETA + 1 (the smallest
   invalid value) at a random place; the 32 K bytes end at an
   inaccessible page where the system allows one.  Returns the number of mismatches, -1 without
   memory.  */
static int
check_unpack_one (const mldsa_ops_t *ops, unsigned int k, s32 c,
                  unsigned int eta, int *r_guarded)
{
  unsigned int len = 32 * k, i, b, round, nbad = 0;
  mldsa_poly_t a, ref;
  void *base;
  size_t maplen;
  byte *buf = guarded_alloc (len, &base, &maplen);
  int bad = 0;

  if (!buf)
    return -1;
  *r_guarded = maplen != 0;
  for (round = 0; round < 80; round++)
    {
      u32 r1 = 0, r2 = 0;
      int want_bad = 0;

      if (round < 40)
        for (i = 0; i < len; i++)
          buf[i] = round == 0 ? 0 : round == 1 ? 0xff : (byte)(rnd32 () >> 8);
      else
        {
          /* Valid fields only (t0: every field is valid), from round
             60 on one of them 2 ETA + 1.  */
          unsigned int wrong = round >= 60 ? rnd32 () % MLDSA_N : MLDSA_N;

          memset (buf, 0, len);
          for (i = 0; i < MLDSA_N; i++)
            {
              u32 f = k == 13 ? rnd32 () & 0x1fff : rnd32 () % (2 * eta + 1);

              if (i == wrong && k != 13)
                f = 2 * eta + 1;

              for (b = 0; b < k; b++)
                buf[(k * i + b) / 8] |= ((f >> b) & 1) << ((k * i + b) % 8);
            }
        }
      memset (&a, 0x55, sizeof a);
      memset (&ref, 0xaa, sizeof ref);
      if (k == 13)
        {
          ops->unpack_t0 (&a, buf);
          _gcry_mldsa_unpack_t0_generic (&ref, buf);
        }
      else
        {
          r1 = ops->unpack_eta (&a, buf, eta);
          r2 = _gcry_mldsa_unpack_eta_generic (&ref, buf, eta);
        }
      if (memcmp (&a, &ref, sizeof a) || !r1 != !r2)
        bad++;
      for (i = 0; i < MLDSA_N; i++)
        {
          u32 f = 0;

          for (b = 0; b < k; b++)
            f |= (u32)((buf[(k * i + b) / 8] >> ((k * i + b) % 8)) & 1) << b;
          if (a.coeffs[i] != c - (s32)f)
            bad++;
          if (k != 13 && f > 2 * eta)
            want_bad = 1;
        }
      if (k != 13)
        {
          if (!r1 != !want_bad)
            bad++;
          nbad += want_bad;
        }
    }
  guarded_free (base, maplen);
  /* The random rounds must have exercised both outcomes.  */
  if (k != 13 && (nbad == 0 || nbad == 80))
    bad++;
  return bad;
}

/* The optional BitUnpack kernels of skDecode (t0, s1 and s2).  */
static void
check_unpack_sk (const mldsa_ops_t *ops)
{
  int guarded = 0, bad;

  if (ops->unpack_t0)
    {
      bad = check_unpack_one (ops, 13, 1 << 12, 0, &guarded);
      check (!bad, guarded ? "unpack_t0 against the portable one and "
             "2^12 - the 13-bit fields, no read past 416 bytes (guard page)"
             : "unpack_t0 against the portable one and 2^12 - the 13-bit "
             "fields (no guard page here)");
    }
  if (ops->unpack_eta)
    {
      bad = check_unpack_one (ops, 3, 2, 2, &guarded);
      if (!bad)
        bad = check_unpack_one (ops, 4, 4, 4, &guarded);
      check (!bad, guarded ? "unpack_eta against the portable one, "
             "eta - the 3- and 4-bit fields and the check of fields > "
             "2 eta, no read past 96 resp. 128 bytes (guard page)"
             : "unpack_eta against the portable one, eta - the 3- and "
             "4-bit fields and the check of fields > 2 eta (no guard page "
             "here)");
    }
}


/* A polynomial for the differential tests: KIND 0 random in (-B, B),
   1 all B - 1, 2 all -(B - 1), 3 alternating +-(B - 1), 4 random
   extremes +-(B - 1) and 0.  */
static void
pattern_poly (mldsa_poly_t *a, int kind, s32 bound)
{
  int i;

  for (i = 0; i < MLDSA_N; i++)
    switch (kind)
      {
      case 0:
        a->coeffs[i] = (s32)((s64)(rnd32 () % (2 * (u32)bound - 1))
                             - bound + 1);
        break;
      case 1: a->coeffs[i] = bound - 1; break;
      case 2: a->coeffs[i] = -(bound - 1); break;
      case 3: a->coeffs[i] = (i & 1) ? -(bound - 1) : bound - 1; break;
      default: a->coeffs[i] = (s32)(rnd32 () % 3 - 1) * (bound - 1); break;
      }
}

/* Count the coefficients of A and B that differ modulo q or where A
   is outside [LO, HI].  */
static int
diff_mod_q (const mldsa_poly_t *a, const mldsa_poly_t *b, s32 lo, s32 hi)
{
  int i, bad = 0;

  for (i = 0; i < MLDSA_N; i++)
    if (mod_q ((s64)a->coeffs[i] - b->coeffs[i]) || a->coeffs[i] < lo
        || a->coeffs[i] > hi)
      bad++;
  return bad;
}

/* Apply F (OPS) and G (the portable set) to copies of A and count the
   differences as diff_mod_q does.  */
static int
diff_unary (void (*f) (mldsa_poly_t *), void (*g) (mldsa_poly_t *),
            const mldsa_poly_t *a, s32 lo, s32 hi)
{
  mldsa_poly_t x = *a, y = *a;

  f (&x);
  g (&y);
  return diff_mod_q (&x, &y, lo, hi);
}

/* R = NTT^-1 (NTT (A) o NTT (B)) with the kernels of OPS, the product
   written over the first factor.  */
static void
ntt_product (const mldsa_ops_t *ops, mldsa_poly_t *r, const mldsa_poly_t *a,
             const mldsa_poly_t *b)
{
  mldsa_poly_t y = *b;

  *r = *a;
  ops->ntt (r);
  ops->ntt (&y);
  ops->pointwise (r, r, &y);
  ops->invntt_tomont (r);
}

/* Differential tests of OPS against the portable set GEN on random
   and extreme inputs within the contract: same residues, and OPS's
   outputs within the contract's bounds.  The chain NTT, pointwise,
   inverse NTT (the order the front file uses) is compared too, with
   the product written over one of its inputs.  */
static void
check_against_generic (const mldsa_ops_t *ops, const mldsa_ops_t *gen)
{
  mldsa_poly_t a, b, x, y, r1, r2, acc[8], accb[8];
  int round, n, j, i, bad_ntt = 0, bad_inv = 0, bad_mul = 0, bad_acc = 0;
  int bad_chain = 0, bad_red = 0, bad_cadd = 0;

  for (round = 0; round < 40; round++)
    {
      int kind = round % 5;

      pattern_poly (&a, kind, Q);
      bad_ntt += diff_unary (ops->ntt, gen->ntt, &a, -9 * Q + 1, 9 * Q - 1);
      bad_inv += diff_unary (ops->invntt_tomont, gen->invntt_tomont, &a,
                             -Q + 1, Q - 1);

      pattern_poly (&a, kind, 9 * Q);
      pattern_poly (&b, (kind + round / 5) % 5, 9 * Q);
      ops->pointwise (&r1, &a, &b);
      gen->pointwise (&r2, &a, &b);
      bad_mul += diff_mod_q (&r1, &r2, -Q + 1, Q - 1);

      for (n = 1; n <= 8; n++)
        {
          for (j = 0; j < n; j++)
            {
              pattern_poly (&acc[j], (kind + j) % 5, Q);
              pattern_poly (&accb[j], (kind + 2 * j + round / 5) % 5, 9 * Q);
            }
          ops->pointwise_acc (&r1, acc, accb, n);
          gen->pointwise_acc (&r2, acc, accb, n);
          bad_acc += diff_mod_q (&r1, &r2, -Q + 1, Q - 1);
        }

      /* s hat = NTT (s), then NTT^-1 (c hat o s hat) in place.  */
      pattern_poly (&a, kind, Q);
      pattern_poly (&b, (kind + 1) % 5, Q);
      ntt_product (ops, &r1, &a, &b);
      ntt_product (gen, &r2, &a, &b);
      bad_chain += diff_mod_q (&r1, &r2, -Q + 1, Q - 1);

      /* REDUCE on its whole input range, CADDQ on (-q, q).  */
      pattern_poly (&a, kind, 2147483647 - (1 << 22) + 1);
      bad_red += diff_unary (ops->reduce, gen->reduce, &a, -6283008, 6283008);
      pattern_poly (&a, kind, Q);
      x = a;
      y = a;
      ops->caddq (&x);
      gen->caddq (&y);
      for (i = 0; i < MLDSA_N; i++)
        if (x.coeffs[i] != y.coeffs[i])
          bad_cadd++;
    }
  check (!bad_ntt, "NTT equals the portable one mod q, |out| < 9q");
  check (!bad_inv, "inverse NTT equals the portable one mod q, |out| < q");
  check (!bad_mul, "pointwise equals the portable one mod q, |out| < q");
  check (!bad_acc, "pointwise_acc (n = 1..8) equals the portable one");
  check (!bad_chain, "NTT, pointwise in place, inverse NTT as portable");
  check (!bad_red, "reduce equals the portable one mod q, in range");
  check (!bad_cadd, "caddq equals the portable one");

  /* SampleInBall word for word, for the TAU of each parameter set,
     the smallest (1) and the largest a kernel takes (64), and c~ of
     every length of FIPS 204 Table 1.  */
  bad_red = 0;
  for (round = 0; round < 600; round++)
    {
      static const unsigned int taus[5] = { 39, 49, 60, 1, 64 };
      byte ctilde[64];
      unsigned int len = 32 + 16 * (round % 3);

      for (i = 0; i < (int)len; i++)
        ctilde[i] = (byte)rnd32 ();
      ops->poly_challenge (&x, ctilde, len, taus[round % 5]);
      gen->poly_challenge (&y, ctilde, len, taus[round % 5]);
      for (i = 0; i < MLDSA_N; i++)
        if (x.coeffs[i] != y.coeffs[i])
          bad_red++;
    }
  check (!bad_red, "SampleInBall equals the portable one (tau 1 to 64)");
}

/* The output of a parser under test and of its reference: 256
   coefficients and a guard after them.  */
struct parsed
{
  s32 c[MLDSA_N];
  s32 guard[8];
};

/* Nonzero if the parser's count NGOT and values GOT match the
   reference's (NWANT, WANT) from CTR0 on, and the guard is intact.  */
static int
parsed_ok (const struct parsed *got, unsigned int ngot,
           const struct parsed *want, unsigned int nwant, unsigned int ctr0)
{
  return ngot == nwant
         && !memcmp (got->c + ctr0, want->c + ctr0,
                     (nwant - ctr0) * sizeof (s32))
         && !memcmp (got->guard, want->guard, sizeof got->guard);
}

/* A candidate parser of RejNTTPoly (FIPS 204 Algorithm 30) for public
 * seeds, as the kernel sets use it: A[CTR..] from the 3-byte
 * candidates of BUF (LEN bytes) until 256 coefficients; returns the
 * new count.  */
typedef unsigned int (*rej_parser_t) (s32 *a, unsigned int ctr,
                                      const byte *buf, size_t len);

/* PARSE against a plain reading of FIPS 204 Algorithm 30, lines 4-10
 * (CoeffFromThreeBytes, keep the values below q in order): random
 * buffers with no, a few, half or only special candidates (q - 1 and
 * q, 0 and 2^23 - 1, and the same with the top bit of the third byte
 * set, which CoeffFromThreeBytes drops), lengths that leave partial
 * groups of sixteen and eight, counts at the start up to 255, and a
 * guard after the 256 coefficients.  */
static void
check_rej_uniform (rej_parser_t parse, const char *what)
{
  static const u32 special[6] = { Q - 1, Q, 0, 0x7fffff,
                                  (Q - 1) | 0x800000, Q | 0x800000 };
  byte buf[3 * 400];
  struct parsed got, want;
  unsigned int round, i, len, ctr0, ngot, nwant;
  int bad = 0;

  for (round = 0; round < 600; round++)
    {
      unsigned int dens = round % 4;

      len = round % 7 == 0 ? sizeof buf : 3 * (1 + rnd32 () % 400);
      ctr0 = round % 5 == 0 ? 0 : round % 5 == 1 ? 248 + round % 8
        : rnd32 () % MLDSA_N;
      for (i = 0; i < len; i++)
        buf[i] = (byte)rnd32 ();
      for (i = 0; i + 3 <= len; i += 3)
        if (dens == 3 || (dens == 1 && rnd32 () % 16 == 0)
            || (dens == 2 && (rnd32 () & 1)))
          {
            u32 v = special[rnd32 () % 6];

            buf[i] = (byte)v;
            buf[i + 1] = (byte)(v >> 8);
            buf[i + 2] = (byte)(v >> 16);
          }
      memset (&got, 0x55, sizeof got);
      memset (&want, 0x55, sizeof want);
      nwant = ctr0;
      for (i = 0; i + 3 <= len && nwant < MLDSA_N; i += 3)
        {
          u32 t = buf[i] + 256 * buf[i + 1] + 65536 * (buf[i + 2] % 128);

          if (t < Q)
            want.c[nwant++] = (s32)t;
        }
      ngot = parse (got.c, ctr0, buf, len);
      if (!parsed_ok (&got, ngot, &want, nwant, ctr0))
        bad++;
    }
  check (!bad, what);
}

/* A candidate parser of RejBoundedPoly (FIPS 204 Algorithm 31) as the
 * kernel sets use it: A[CTR..] from the nibbles of BUF (LEN bytes,
 * the low nibble first) until 256 coefficients; returns the new
 * count.  */
typedef unsigned int (*rej_eta_parser_t) (s32 *a, unsigned int ctr,
                                          const byte *buf, size_t len,
                                          int eta);

/* PARSE against a plain reading of FIPS 204 Algorithm 31, lines 5-15,
 * with CoeffFromHalfByte (Algorithm 15) for both ETA: random buffers
 * with no, a few, half or only rejected nibbles (15, and 9..15 for
 * eta 4), all nibbles 0 or all at the largest accepted value (14 resp.
 * 8), lengths from 1 to 400 bytes, counts at the start up to 255, and
 * a guard after the 256 coefficients.  */
static void
check_rej_eta (rej_eta_parser_t parse, const char *what)
{
  byte buf[400];
  struct parsed got, want;
  unsigned int round, i, len, ctr0, ngot, nwant;
  int bad = 0;

  for (round = 0; round < 1200; round++)
    {
      int eta = round & 1 ? 4 : 2;
      unsigned int kind = (round / 2) % 6, bound = eta == 2 ? 15 : 9;

      len = round % 7 == 0 ? sizeof buf : 1 + rnd32 () % sizeof buf;
      ctr0 = round % 5 == 0 ? 0 : round % 5 == 1 ? 248 + round % 8
        : rnd32 () % MLDSA_N;
      for (i = 0; i < 2 * len; i++)
        {
          unsigned int t = rnd32 () % 16;

          if (kind == 1 && rnd32 () % 8 == 0)
            t = bound + rnd32 () % (16 - bound);
          else if (kind == 2 && (rnd32 () & 1))
            t = bound + rnd32 () % (16 - bound);
          else if (kind == 3)
            t = bound + rnd32 () % (16 - bound);
          else if (kind == 4)
            t = 0;
          else if (kind == 5)
            t = bound - 1;
          else if (kind == 1 || kind == 2)
            t = rnd32 () % bound;
          if (i & 1)
            buf[i / 2] |= t << 4;
          else
            buf[i / 2] = t;
        }
      memset (&got, 0x55, sizeof got);
      memset (&want, 0x55, sizeof want);
      nwant = ctr0;
      for (i = 0; i < 2 * len && nwant < MLDSA_N; i++)
        {
          unsigned int t = i & 1 ? buf[i / 2] >> 4 : buf[i / 2] & 15;

          if (eta == 2 && t < 15)
            want.c[nwant++] = 2 - (s32)(t % 5);
          else if (eta == 4 && t < 9)
            want.c[nwant++] = 4 - (s32)t;
        }
      ngot = parse (got.c, ctr0, buf, len, eta);
      if (!parsed_ok (&got, ngot, &want, nwant, ctr0))
        bad++;
    }
  check (!bad, what);
}

/* The portable tail of the kernel sets' RejBoundedPoly parsers
   (mldsa_rej_eta_from): the bytes from POS on.  */
static unsigned int
parse_eta_tail (s32 *a, unsigned int ctr, const byte *buf, size_t pos,
                size_t len, int eta)
{
  unsigned int k;

  for (; ctr < MLDSA_N && pos < len; pos++)
    for (k = 0; k < 2 && ctr < MLDSA_N; k++)
      {
        unsigned int t = k ? buf[pos] >> 4 : buf[pos] & 15;

        if (t < (eta == 2 ? 15u : 9u))
          a[ctr++] = eta == 2 ? 2 - (s32)(t % 5) : 4 - (s32)t;
      }
  return ctr;
}

#ifdef USE_MLDSA_AVX512
static unsigned int
parse_eta_avx512 (s32 *a, unsigned int ctr, const byte *buf, size_t len,
                  int eta)
{
  size_t pos = _gcry_mldsa_rej_eta_avx512 (a, &ctr, buf, len, eta);

  return parse_eta_tail (a, ctr, buf, pos, len, eta);
}

static unsigned int
parse_eta_vbmi2 (s32 *a, unsigned int ctr, const byte *buf, size_t len,
                 int eta)
{
  size_t pos = _gcry_mldsa_rej_eta_vbmi2 (a, &ctr, buf, len, eta);

  return parse_eta_tail (a, ctr, buf, pos, len, eta);
}

/* The AVX-512 parser, which takes whole groups of 16 candidates while
   the count is at most 240, with the portable tail of the kernel set
   (mldsa_rej_uniform_from).  */
static unsigned int
parse_avx512 (s32 *a, unsigned int ctr, const byte *buf, size_t len)
{
  size_t pos = _gcry_mldsa_rej_uniform_avx512 (a, &ctr, buf, len);

  for (; ctr < MLDSA_N && pos + 3 <= len; pos += 3)
    {
      u32 t = buf[pos] | ((u32)buf[pos + 1] << 8)
              | ((u32)(buf[pos + 2] & 0x7f) << 16);

      if (t < Q)
        a[ctr++] = (s32)t;
    }
  return ctr;
}
#endif

#ifdef USE_MLDSA_PPC_ASM
# include "mldsa-tables-ppc.h"

/* Rebuild the PowerPC table (layout: cipher/gen-mldsa-ppc-tables.c)
   from the FIPS 204 formulas and compare.  */
static void
check_ppc_table (void)
{
  static u32 t[4 * 556];
  const u32 fp = (1u << 24) % Q;             /* 2^32 / 256 mod q */
  u32 z[256], w[4];
  int k, b, j, l, i, bad = 0;

#define SH(x) ((u32)(((u64)(x) << 32) / Q))
#define SPLATV(v, x) do { for (l = 0; l < 4; l++) t[4 * (v) + l] = (x); } \
                     while (0)
#define PAIRV(v, x) do { SPLATV ((v), z[x]); SPLATV ((v) + 1, SH (z[x])); } \
                    while (0)
#define LANESV(v) do { for (l = 0; l < 4; l++) { t[4 * (v) + l] = w[l];   \
                         t[4 * (v) + 4 + l] = SH (w[l]); } } while (0)
  memset (t, 0, sizeof t);
  for (k = 0; k < 256; k++)
    z[k] = (u32)pow_q (1753, brv8 (k));
  for (k = 0; k < 9; k++)
    SPLATV (k, (u32)Q << k);
  SPLATV (9, 9 * Q);
  SPLATV (10, MLDSA_QINV);
  SPLATV (11, 1 << 22);
  t[48] = 0x00010203; t[49] = 0x10111213; t[50] = 0x08090a0b;
  t[51] = 0x18191a1b;
  t[52] = 0x04050607; t[53] = 0x14151617; t[54] = 0x0c0d0e0f;
  t[55] = 0x1c1d1e1f;
  SPLATV (14, fp);
  SPLATV (15, SH (fp));
  SPLATV (16, (u32)((u64)z[1] * fp % Q));
  SPLATV (17, SH ((u64)z[1] * fp % Q));
  for (k = 1; k < 8; k++)
    PAIRV (18 + 2 * (k - 1), k);
  for (b = 0; b < 8; b++)
    {
      int v = 32 + 32 * b;

      PAIRV (v, 8 + b);
      PAIRV (v + 2, 16 + 2 * b);
      PAIRV (v + 4, 17 + 2 * b);
      for (j = 0; j < 4; j++)
        PAIRV (v + 6 + 2 * j, 32 + 4 * b + j);
      for (j = 0; j < 4; j++)
        {
          i = 8 * b + 2 * j;
          w[0] = w[1] = z[64 + i];
          w[2] = w[3] = z[65 + i];
          LANESV (v + 16 + 4 * j);
          w[0] = z[128 + 2 * i];
          w[1] = z[129 + 2 * i];
          w[2] = z[130 + 2 * i];
          w[3] = z[131 + 2 * i];
          LANESV (v + 18 + 4 * j);
        }
      v = 288 + 32 * b;
      for (j = 0; j < 4; j++)
        {
          i = 8 * b + 2 * j;
          w[0] = z[255 - 2 * i];
          w[1] = z[253 - 2 * i];
          w[2] = z[254 - 2 * i];
          w[3] = z[252 - 2 * i];
          LANESV (v + 4 * j);
          w[0] = w[1] = z[127 - i];
          w[2] = w[3] = z[126 - i];
          LANESV (v + 2 + 4 * j);
        }
      for (j = 0; j < 4; j++)
        PAIRV (v + 16 + 2 * j, 63 - 4 * b - j);
      PAIRV (v + 24, 31 - 2 * b);
      PAIRV (v + 26, 30 - 2 * b);
      PAIRV (v + 28, 15 - b);
    }
  for (k = 7; k >= 2; k--)
    PAIRV (544 + 2 * (7 - k), k);
#undef SH
#undef SPLATV
#undef PAIRV
#undef LANESV
  for (i = 0; i < 4 * 556; i++)
    if (t[i] != mldsa_ppc_table[i])
      bad++;
  check (DIM (mldsa_ppc_table) == 4 * 556 && !bad,
         "PowerPC table matches its formulas");
}

/* The VSX candidate parser.  */
static unsigned int
parse_vsx (s32 *a, unsigned int ctr, const byte *buf, size_t len)
{
  return _gcry_mldsa_rej_uniform_vsx (a, ctr, buf, len);
}
#endif /*USE_MLDSA_PPC_ASM*/

/* Signing's c s1 and c s2 in ML-KEM's ring (mldsa.c, small_product)
   against the schoolbook product in Z[x]/(x^256 + 1): random
   challenges of weight tau with |s| <= eta for the three sets, and the
   extremes where every coefficient of c is +-1 and s is +-4 with signs
   that add up (|c s| up to 1024, past any set's tau eta <= 196 but
   below 3329 / 2).  */
static void
check_small_mul (void)
{
  static const unsigned int taus[3] = { 39, 49, 60 };
  static const s32 etas[3] = { 2, 4, 2 };
  s32 c[256], sv[256], got[256], want[256];
  unsigned int round, i, j, bad = 0, seen_max = 0;

  memset (c, 0, sizeof c);
  memset (sv, 0, sizeof sv);
  if (_gcry_mldsa_small_mul_test (got, c, sv) == GPG_ERR_NOT_SUPPORTED)
    return;
  for (round = 0; round < 120; round++)
    {
      unsigned int set = round % 3, tau = taus[set];
      s32 eta = etas[set];

      memset (c, 0, sizeof c);
      if (round < 100)
        {
          for (i = 0; i < tau; )
            {
              j = rnd32 () & 255;
              if (c[j])
                continue;
              c[j] = (rnd32 () & 1) ? 1 : -1;
              i++;
            }
          for (i = 0; i < 256; i++)
            sv[i] = (s32)(rnd32 () % (2 * eta + 1)) - eta;
        }
      else
        {
          /* c all +-1 and s = 4 sign (c_{k-i}) for coefficient k of
             the product (negacyclic: the wrapped terms flip sign), so
             that coefficient is 4 * 256 = 1024 (or -1024).  */
          unsigned int k = rnd32 () & 255;
          s32 sign = (round & 1) ? 1 : -1;

          for (i = 0; i < 256; i++)
            c[i] = (rnd32 () & 1) ? 1 : -1;
          for (i = 0; i < 256; i++)
            {
              /* Term c_a s_i lands on a + i; it reaches k as
                 a = k - i (no wrap, i <= k) or a = k - i + 256
                 (wrap, sign flipped).  */
              s32 ca = i <= k ? c[k - i] : -c[k - i + 256];

              sv[i] = 4 * sign * ca;
            }
        }
      memset (want, 0, sizeof want);
      for (i = 0; i < 256; i++)
        for (j = 0; j < 256; j++)
          {
            s32 t = c[i] * sv[j];

            if (i + j < 256)
              want[i + j] += t;
            else
              want[i + j - 256] -= t;
          }
      for (i = 0; i < 256; i++)
        if (want[i] == 1024 || want[i] == -1024)
          seen_max++;
      if (_gcry_mldsa_small_mul_test (got, c, sv)
          || memcmp (got, want, sizeof got))
        bad++;
    }
  check (!bad && seen_max >= 20, "c s in ML-KEM's ring equals the "
         "schoolbook product (random c of weight tau and |s| <= eta; "
         "|c s| up to 1024)");
}

/* The sampling shapes (mldsa.c: mldsa_width, mldsa_cheap_batch) are
   chosen from the Keccak cost figures, so a machine sees only one of
   them per backend: KeyGen's tr in a sampler lane or not, signing's
   next mask sampled early beside c~ or not, groups of 4 or 8.  Force
   each in turn on the dispatched kernel set: every one must give the
   keys and signatures of the chosen shape (signing with rnd, several
   messages so that several iterations and both rejection points
   occur) and accept them.  */
static void
check_shapes (void)
{
  static const mldsa_alg_t algs[3] = { MLDSA_44, MLDSA_65, MLDSA_87 };
  static byte pk0[2592], sk0[4896], sig0[4][4627];
  static byte pk[2592], sk[4896], sig[4627];
  byte xi[MLDSA_XI_LEN], rnd[MLDSA_RND_LEN], msg[4][33], mu[MLDSA_MU_LEN];
  mldsa_mprime_t m[4];
  unsigned int a, i, width, n = 0;
  int cheap, ok = 1, rej = 1;

  for (a = 0; a < 3; a++)
    {
      const mldsa_params_t *p = _gcry_mldsa_get_params (algs[a]);

      for (i = 0; i < sizeof xi; i++)
        xi[i] = (byte)rnd32 ();
      for (i = 0; i < sizeof rnd; i++)
        rnd[i] = (byte)rnd32 ();
      for (i = 0; i < sizeof mu; i++)
        mu[i] = (byte)rnd32 ();
      _gcry_mldsa_init ();
      if (_gcry_mldsa_keygen_internal (p, pk0, sk0, xi))
        ok = 0;
      for (i = 0; i < 4; i++)
        {
          unsigned int j;

          for (j = 0; j < sizeof msg[i]; j++)
            msg[i][j] = (byte)rnd32 ();
          m[i].pre = msg[i];
          m[i].prelen = 1;
          m[i].msg = msg[i] + 1;
          m[i].msglen = sizeof msg[i] - 1;
          /* The last one with external mu (verification skips tr).  */
          m[i].mu = i == 3 ? mu : NULL;
          if (_gcry_mldsa_sign_internal (p, sig0[i], sk0, &m[i], rnd))
            ok = 0;
        }
      for (width = 4; width <= 8; width += 4)
        for (cheap = 0; cheap < 4; cheap++)
          {
            gpg_err_code_t ec = _gcry_mldsa_set_shape (width, cheap & 1);

            if (ec == GPG_ERR_NOT_SUPPORTED
                || _gcry_mldsa_set_small_mul (cheap >> 1))
              continue;
            n++;
            if (ec || _gcry_mldsa_keygen_internal (p, pk, sk, xi)
                || memcmp (pk, pk0, p->pk_len)
                || memcmp (sk, sk0, p->sk_len))
              ok = 0;
            for (i = 0; i < 4; i++)
              if (_gcry_mldsa_sign_internal (p, sig, sk0, &m[i], rnd)
                  || memcmp (sig, sig0[i], p->sig_len)
                  || _gcry_mldsa_verify_internal (p, pk0, p->pk_len, &m[i],
                                                  sig, p->sig_len))
                ok = 0;
            /* A signature of another message must fail.  */
            if (_gcry_mldsa_verify_internal (p, pk0, p->pk_len, &m[0],
                                             sig0[1], p->sig_len)
                != GPG_ERR_BAD_SIGNATURE)
              rej = 0;
          }
    }
  _gcry_mldsa_init ();
  _gcry_mldsa_set_small_mul (1);
  check (_gcry_mldsa_set_shape (2, 0) == GPG_ERR_INV_ARG
         && _gcry_mldsa_set_shape (16, 1) == GPG_ERR_INV_ARG,
         "sampling shape: widths other than 4 and 8 refused");
  check (ok && n >= 3, "every sampling shape (width 4 or 8, cheap or not), "
         "c s1 and c s2 in either ring, gives the keys and signatures of "
         "the chosen one");
  check (rej, "every sampling shape rejects a signature of another "
         "message");
}

static void
check_set (const mldsa_ops_t *ops)
{
  printf ("t-mldsa-kernels: testing kernel set '%s'\n", ops->name);
  check_rounding (ops);
  check_make_hint (ops);
  check_ntt (ops);
  check_extremes (ops);
  check_bound_search (ops);
  check_reductions (ops);
  check_samplers (ops);
  check_samplers_xn (ops);
  check_unpack_gamma1 (ops);
  check_unpack_t1 (ops);
  check_pack_w1_4 (ops);
  check_pack_w1_6 (ops);
  check_pack_keygen (ops);
  check_pack_z (ops);
  check_hint_pack_row (ops);
  check_unpack_sk (ops);
}

int
main (int argc, char **argv)
{
  const mldsa_ops_t *dispatched, *generic, *ops;
  unsigned int i;

  if (argc > 1 && !strcmp (argv[1], "--verbose"))
    verbose = 1;
  _gcry_global_init ();
  dispatched = _gcry_mldsa_get_ops (_gcry_mldsa_backend_name ());
  generic = _gcry_mldsa_get_ops ("generic");
  printf ("t-mldsa-kernels: backends: mldsa=%s\n",
          _gcry_mldsa_backend_name ());
  if (!dispatched || !generic || dispatched != _gcry_mldsa_ops_available (0))
    {
      printf ("FAIL: t-mldsa-kernels: kernel sets not found\n");
      return 1;
    }
  /* Every set usable here, the dispatched one first: the AVX-512 set
     comes twice where VBMI2 is present (with and without its
     RejBoundedPoly parser).  */
  for (i = 0; (ops = _gcry_mldsa_ops_available (i)); i++)
    {
      printf ("t-mldsa-kernels: kernel set %u\n", i);
      check_set (ops);
      if (ops != generic)
        check_against_generic (ops, generic);
    }
#ifdef USE_MLDSA_PPC_ASM
  check_ppc_table ();
  check_rej_uniform (parse_vsx,
                     "VSX RejNTTPoly parser against Algorithm 30 (600 buffers)");
#endif
#ifdef USE_MLDSA_AVX512
  if (_gcry_get_hw_features () & HWF_INTEL_AVX512)
    {
      check_rej_uniform (parse_avx512, "AVX-512 RejNTTPoly parser against "
                         "Algorithm 30 (600 buffers)");
      check_rej_eta (parse_eta_avx512, "AVX-512 RejBoundedPoly parser "
                     "against Algorithm 31 (1200 buffers)");
    }
  if ((_gcry_get_hw_features () & (HWF_INTEL_AVX512 | HWF_INTEL_VBMI2))
      == (HWF_INTEL_AVX512 | HWF_INTEL_VBMI2))
    check_rej_eta (parse_eta_vbmi2, "VBMI2 RejBoundedPoly parser against "
                   "Algorithm 31 (1200 buffers)");
#endif
  check_shapes ();
  check_small_mul ();
  printf ("t-mldsa-kernels: %lu passed, %lu failed\n", passed, failed);
  return failed ? 1 : 0;
}
