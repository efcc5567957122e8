/* mldsa-poly-generic.c - Portable C kernels for ML-DSA (FIPS 204)
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

/* The portable kernel set of ML-DSA (see mldsa-ops.h for the contract
 * every function here follows).  The arithmetic uses signed 32-bit
 * coefficients and Montgomery multiplication with R = 2^32 for the
 * pointwise products, Shoup multiplication by the plain twiddles in
 * the transforms (which the compiler can vectorise); reductions
 * are done lazily, only where a bound of the contract would otherwise
 * be exceeded.  The samplers are driven by the Keccak batch sponge of
 * keccak.h, four streams at a time.  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "keccak.h"
#include "mldsa-ops.h"
#include "mldsa-tables.h"
#include "mldsa-sample.h"


/* Shoup's multiplication by a constant: for 0 <= a < 2^32, 0 <= z < q
   and ZS = floor (z 2^32 / q) (mldsa-tables.h) return r = a z mod q with
   0 <= r < 2q.  With t = floor (a ZS / 2^32) we have
   a z / q - a / 2^32 - 1 < t <= a z / q, so 0 <= a z - t q < 2q and the
   difference can be computed modulo 2^32.  Only unsigned 32x32->64
   high products and 32-bit low products are needed, which compilers
   vectorise on every SIMD target (SSE2 included), unlike the signed
   64-bit products of a Montgomery reduction.  */
static inline u32
mul_shoup (u32 a, u32 z, u32 zs)
{
  u32 t = (u32)(((u64)a * zs) >> 32);

  return a * z - t * MLDSA_Q;
}


/* The transforms below work on the coefficients as unsigned values
   with a known upper bound B (the input plus q, so B = 2q at the
   start); a difference x - y is computed as x - y + B to stay
   non-negative.  Every loop has a constant trip count and independent
   iterations so that the compiler can vectorise it.  */

/* One forward layer (Algorithm 41 lines 3-10) of butterflies at
   distance LEN >= 4, blocks of 2 LEN using zetas[K0 + block].  In:
   a < B; out: a < B + 2q.  */
static inline void
ntt_layer (u32 *a, unsigned int len, unsigned int k0)
{
  unsigned int start, j;

  for (start = 0; start < MLDSA_N; start += 2 * len)
    {
      unsigned int k = k0 + start / (2 * len);
      u32 z = mldsa_zetas_plain[k], zs = mldsa_zetas_shoup[k];
      u32 *x = a + start, *y = x + len;

      for (j = 0; j < len; j++)
        {
          u32 t = mul_shoup (y[j], z, zs);
          u32 u = x[j];

          x[j] = u + t;
          y[j] = u - t + 2 * MLDSA_Q;
        }
    }
}

/* Forward NTT, FIPS 204 Algorithm 41, with plain (non-Montgomery)
   twiddles, so the output is NTT(a) mod q exactly.  In: |a| < q, moved
   to 0 < a + q < 2q.  Each layer adds less than 2q to the bound (a
   Shoup product is below 2q) and keeps the lower bound 1, so after 8
   layers 0 < a < 18q, and subtracting 9q gives the contract's
   |a| < 9q.  The last two layers (LEN = 2, 1) work on groups of four
   consecutive coefficients.  */
static void
ntt_generic (mldsa_poly_t *p)
{
  u32 *a = (u32 *)p->coeffs;
  unsigned int i;

  for (i = 0; i < MLDSA_N; i++)
    a[i] = (u32)(p->coeffs[i] + MLDSA_Q);
  ntt_layer (a, 128, 1);
  ntt_layer (a, 64, 2);
  ntt_layer (a, 32, 4);
  ntt_layer (a, 16, 8);
  ntt_layer (a, 8, 16);
  ntt_layer (a, 4, 32);
  for (i = 0; i < MLDSA_N / 4; i++)
    {
      u32 *c = a + 4 * i;
      u32 x0 = c[0], x1 = c[1], x2 = c[2], x3 = c[3], t, z, zs;

      z = mldsa_zetas_plain[64 + i];
      zs = mldsa_zetas_shoup[64 + i];
      t = mul_shoup (x2, z, zs);
      x2 = x0 - t + 2 * MLDSA_Q;
      x0 = x0 + t;
      t = mul_shoup (x3, z, zs);
      x3 = x1 - t + 2 * MLDSA_Q;
      x1 = x1 + t;
      z = mldsa_zetas_plain[128 + 2 * i];
      zs = mldsa_zetas_shoup[128 + 2 * i];
      t = mul_shoup (x1, z, zs);
      x1 = x0 - t + 2 * MLDSA_Q;
      x0 = x0 + t;
      z = mldsa_zetas_plain[129 + 2 * i];
      zs = mldsa_zetas_shoup[129 + 2 * i];
      t = mul_shoup (x3, z, zs);
      x3 = x2 - t + 2 * MLDSA_Q;
      x2 = x2 + t;
      c[0] = x0 - 9 * MLDSA_Q;
      c[1] = x1 - 9 * MLDSA_Q;
      c[2] = x2 - 9 * MLDSA_Q;
      c[3] = x3 - 9 * MLDSA_Q;
    }
}


/* One inverse layer (Algorithm 42 lines 3-11) at distance LEN >= 4:
   block b uses -zetas[K0 - b]; the product (x - y) (-zeta) is computed
   as (y - x + B) zeta.  In: a < B; out: a < 2B (sums) or < 2q.
   Requires 2B <= 2^32.  */
static inline void
invntt_layer (u32 *a, unsigned int len, unsigned int k0, u32 bound)
{
  unsigned int start, j;

  for (start = 0; start < MLDSA_N; start += 2 * len)
    {
      unsigned int k = k0 - start / (2 * len);
      u32 z = mldsa_zetas_plain[k], zs = mldsa_zetas_shoup[k];
      u32 *x = a + start, *y = x + len;

      for (j = 0; j < len; j++)
        {
          u32 u = x[j], v = y[j];

          x[j] = u + v;
          y[j] = mul_shoup (v - u + bound, z, zs);
        }
    }
}

/* Inverse NTT times 2^32, FIPS 204 Algorithm 42, plain twiddles.
   In: |a| < q, moved to 0 < a + q < 2q.  Layer LEN (1, 2, ..., 128)
   gets inputs below B = 2 LEN q (sums double the bound, products are
   below 2q), so the last layer's sums and differences stay below
   512 q < 2^32.  The last layer is merged with the scaling by
   FP = 2^32 / 256 mod q: the sum is multiplied by FP, the difference
   by GP = zeta_1 FP.  Both results are below 2q; one conditional
   subtraction gives the output 0 <= a < q (|a| < q of the contract).
   The first two layers (LEN = 1, 2) work on groups of four
   consecutive coefficients, with the twiddles zetas[255 - 2i],
   zetas[254 - 2i] and zetas[127 - i] of group i read from the reversed
   table.  */
static void
invntt_tomont_generic (mldsa_poly_t *p)
{
  u32 *a = (u32 *)p->coeffs;
  unsigned int i;

  for (i = 0; i < MLDSA_N / 4; i++)
    {
      u32 *c = a + 4 * i;
      u32 x0 = (u32)((s32)c[0] + MLDSA_Q), x1 = (u32)((s32)c[1] + MLDSA_Q);
      u32 x2 = (u32)((s32)c[2] + MLDSA_Q), x3 = (u32)((s32)c[3] + MLDSA_Q);
      u32 t;

      t = x0;
      x0 = t + x1;
      x1 = mul_shoup (x1 - t + 2 * MLDSA_Q, mldsa_zetas_inv_plain[2 * i],
                      mldsa_zetas_inv_shoup[2 * i]);
      t = x2;
      x2 = t + x3;
      x3 = mul_shoup (x3 - t + 2 * MLDSA_Q, mldsa_zetas_inv_plain[2 * i + 1],
                      mldsa_zetas_inv_shoup[2 * i + 1]);
      t = x0;
      x0 = t + x2;
      x2 = mul_shoup (x2 - t + 4 * MLDSA_Q, mldsa_zetas_inv_plain[128 + i],
                      mldsa_zetas_inv_shoup[128 + i]);
      t = x1;
      x1 = t + x3;
      x3 = mul_shoup (x3 - t + 4 * MLDSA_Q, mldsa_zetas_inv_plain[128 + i],
                      mldsa_zetas_inv_shoup[128 + i]);
      c[0] = x0;
      c[1] = x1;
      c[2] = x2;
      c[3] = x3;
    }
  invntt_layer (a, 4, 63, 8 * MLDSA_Q);
  invntt_layer (a, 8, 31, 16 * MLDSA_Q);
  invntt_layer (a, 16, 15, 32 * MLDSA_Q);
  invntt_layer (a, 32, 7, 64 * MLDSA_Q);
  invntt_layer (a, 64, 3, 128 * MLDSA_Q);
  for (i = 0; i < MLDSA_N / 2; i++)
    {
      u32 u = a[i], v = a[i + 128], x, y;

      x = mul_shoup (u + v, MLDSA_INVNTT_FP, MLDSA_INVNTT_FP_SHOUP);
      y = mul_shoup (v - u + 256 * MLDSA_Q, MLDSA_INVNTT_GP,
                     MLDSA_INVNTT_GP_SHOUP);
      x -= MLDSA_Q;
      y -= MLDSA_Q;
      /* Add q back where the subtraction went negative.  */
      x += MLDSA_Q & (u32)((s32)x >> 31);
      y += MLDSA_Q & (u32)((s32)y >> 31);
      a[i] = x;
      a[i + 128] = y;
    }
}


/* Montgomery reduction of an unsigned 64-bit A: returns
   (A - t q) / 2^32 with t = A q^-1 mod 2^32, which is A 2^-32 mod q and
   lies in (-q, A / 2^32).  The difference is exact modulo 2^64 and
   divisible by 2^32, so its high word is the signed result; written
   with unsigned operations only so that it vectorises.  */
static inline s32
montgomery_reduce_u64 (u64 a)
{
  u32 t = (u32)a * (u32)MLDSA_QINV;

  return (s32)(u32)((a - (u64)t * MLDSA_Q) >> 32);
}

/* In: |a| < 9q and |b| < 9q.  Both are moved up by 9q (a multiple of
   q, so the residue of the product is unchanged): the product is
   below 324 q^2 < 0.64 q 2^32 and the result |r| < q.  */
static void
pointwise_generic (mldsa_poly_t *r, const mldsa_poly_t *a,
                   const mldsa_poly_t *b)
{
  unsigned int i;

  for (i = 0; i < MLDSA_N; i++)
    r->coeffs[i] = montgomery_reduce_u64
      ((u64)(u32)(a->coeffs[i] + 9 * MLDSA_Q)
       * (u32)(b->coeffs[i] + 9 * MLDSA_Q));
}


/* In: |a| < q and |b| < 9q, moved up by q and 9q (multiples of q):
   each product is below 36 q^2 and eight of them below
   288 q^2 < 0.57 q 2^32, so the result is |r| < q.  The sums are kept
   in a 64-bit array and each loop runs over all coefficients, so that
   the compiler vectorises it.  The sums depend on secret data (y, s1):
   wiped at the end.  */
static void
pointwise_acc_generic (mldsa_poly_t *r, const mldsa_poly_t *a,
                       const mldsa_poly_t *b, unsigned int n)
{
  u64 acc[MLDSA_N];
  unsigned int i, j;

  for (i = 0; i < MLDSA_N; i++)
    acc[i] = 0;
  for (j = 0; j + 1 < n; j++)
    for (i = 0; i < MLDSA_N; i++)
      acc[i] += (u64)(u32)(a[j].coeffs[i] + MLDSA_Q)
                * (u32)(b[j].coeffs[i] + 9 * MLDSA_Q);
  for (i = 0; i < MLDSA_N; i++)
    r->coeffs[i] = montgomery_reduce_u64
      (acc[i] + (u64)(u32)(a[j].coeffs[i] + MLDSA_Q)
       * (u32)(b[j].coeffs[i] + 9 * MLDSA_Q));
  wipememory (acc, sizeof acc);
}


/* t = round (a / 2^23) is within one of a / q; a - t q then lies in
   [-6283008, 6283008] for |a| < 2^31 - 2^22.  */
static void
reduce_generic (mldsa_poly_t *p)
{
  unsigned int i;

  for (i = 0; i < MLDSA_N; i++)
    {
      s32 a = p->coeffs[i];
      s32 t = (a + (1 << 22)) >> 23;

      p->coeffs[i] = a - t * MLDSA_Q;
    }
}


static void
caddq_generic (mldsa_poly_t *p)
{
  unsigned int i;

  for (i = 0; i < MLDSA_N; i++)
    {
      s32 a = p->coeffs[i];

      p->coeffs[i] = a + ((a >> 31) & MLDSA_Q);
    }
}


/* a1 = floor ((a + 2^12 - 1) / 2^13) gives a0 = a - a1 2^13 in
   (-2^12, 2^12], which is r mod^+- 2^13 of Algorithm 35.  */
static void
power2round_generic (mldsa_poly_t *a1, mldsa_poly_t *a0,
                     const mldsa_poly_t *a)
{
  unsigned int i;

  for (i = 0; i < MLDSA_N; i++)
    {
      s32 r = a->coeffs[i];
      s32 r1 = (r + (1 << (MLDSA_D - 1)) - 1) >> MLDSA_D;

      a0->coeffs[i] = r - (r1 << MLDSA_D);
      a1->coeffs[i] = r1;
    }
}


/* Decompose without a division (the input is secret).  With
   alpha = 2 GAMMA2, r1 is r / alpha rounded to nearest (ties down),
   folded to 0 when it reaches m = (q-1)/alpha.  First b = ceil (r/128);
   alpha/128 is 2046 (GAMMA2 = (q-1)/32) or 744 (GAMMA2 = (q-1)/88),
   and b / (alpha/128) rounded is (b * M + 2^(S-1)) >> S with
   M / 2^S = 1025 / 2^22 resp. 11275 / 2^24 close enough to 128/alpha
   for all b < 2^16.  The exhaustive test in tests/t-mldsa.c checks all
   0 <= r < q against Algorithm 36.  r1 = m is folded to 0 by the mask
   (m = 16) or a select (m = 44).  Then r0 = r - r1 alpha, and in the
   folded case (r >= q - GAMMA2) r0 exceeds (q-1)/2 and becomes r - q,
   in [-GAMMA2, -1]: Algorithm 36 lines 4-6.  A negative input
   (|r| < q, the contract) is first made r + q.  */
static void
decompose_generic (mldsa_poly_t *a1, mldsa_poly_t *a0,
                   const mldsa_poly_t *a, s32 gamma2)
{
  unsigned int i;

  if (gamma2 == (MLDSA_Q - 1) / 32)
    {
      for (i = 0; i < MLDSA_N; i++)
        {
          s32 r = a->coeffs[i];
          s32 r1;

          r += (r >> 31) & MLDSA_Q;
          r1 = (r + 127) >> 7;
          r1 = (r1 * 1025 + (1 << 21)) >> 22;
          r1 &= 15;
          r = r - r1 * 2 * gamma2;
          r -= (((MLDSA_Q - 1) / 2 - r) >> 31) & MLDSA_Q;
          a0->coeffs[i] = r;
          a1->coeffs[i] = r1;
        }
    }
  else
    {
      for (i = 0; i < MLDSA_N; i++)
        {
          s32 r = a->coeffs[i];
          s32 r1;

          r += (r >> 31) & MLDSA_Q;
          r1 = (r + 127) >> 7;
          r1 = (r1 * 11275 + (1 << 23)) >> 24;
          r1 ^= ((43 - r1) >> 31) & r1;
          r = r - r1 * 2 * gamma2;
          r -= (((MLDSA_Q - 1) / 2 - r) >> 31) & MLDSA_Q;
          a0->coeffs[i] = r;
          a1->coeffs[i] = r1;
        }
    }
}


/* With r1 = HighBits(w) and z = w0 - cs2 + ct0, the value
   v = r1 alpha + z mod q has HighBits r1 exactly when
   -GAMMA2 < z <= GAMMA2, except at z = -GAMMA2: for r1 = 0 the value
   q - GAMMA2 falls into the folded interval of Decompose (high part 0,
   no hint), for r1 != 0 it decomposes as (r1 - 1, GAMMA2) (hint).  */
static unsigned int
make_hint_generic (mldsa_poly_t *h, const mldsa_poly_t *a0,
                   const mldsa_poly_t *a1, s32 gamma2)
{
  unsigned int i, n = 0;

  for (i = 0; i < MLDSA_N; i++)
    {
      s32 z = a0->coeffs[i];
      u32 r1 = (u32)a1->coeffs[i];
      u32 eq = (u32)(z + gamma2);           /* 0 iff z == -GAMMA2 */
      u32 out;

      out = ((u32)(gamma2 - z) >> 31) | ((u32)(z + gamma2) >> 31);
      out |= (((eq - 1) & ~eq) >> 31) & ((r1 | ((u32)0 - r1)) >> 31);
      h->coeffs[i] = (s32)out;
      n += out;
    }
  return n;
}


/* UseHint, Algorithm 40: move r1 one step towards the side r0 lies
   on, modulo m = (q-1)/alpha (16 or 44).  The hint bits are public
   (they come from the signature), r is public too (verification).  */
static void
use_hint_generic (mldsa_poly_t *b, const mldsa_poly_t *a,
                  const mldsa_poly_t *h, s32 gamma2)
{
  mldsa_poly_t a0;
  unsigned int i;

  decompose_generic (b, &a0, a, gamma2);
  if (gamma2 == (MLDSA_Q - 1) / 32)
    {
      for (i = 0; i < MLDSA_N; i++)
        if (h->coeffs[i])
          {
            if (a0.coeffs[i] > 0)
              b->coeffs[i] = (b->coeffs[i] + 1) & 15;
            else
              b->coeffs[i] = (b->coeffs[i] - 1) & 15;
          }
    }
  else
    {
      for (i = 0; i < MLDSA_N; i++)
        if (h->coeffs[i])
          {
            if (a0.coeffs[i] > 0)
              b->coeffs[i] = b->coeffs[i] == 43 ? 0 : b->coeffs[i] + 1;
            else
              b->coeffs[i] = b->coeffs[i] == 0 ? 43 : b->coeffs[i] - 1;
          }
    }
}


/* The bound check must not reveal which coefficient failed or by how
   much: |a| is computed branch-free and the comparisons are OR-ed.  */
static int
chknorm_generic (const mldsa_poly_t *a, s32 bound)
{
  unsigned int i;
  u32 bad = 0;

  for (i = 0; i < MLDSA_N; i++)
    {
      s32 t = a->coeffs[i];
      s32 r = (t + (1 << 22)) >> 23;

      t -= r * MLDSA_Q;               /* centred */
      t = t - ((t >> 31) & 2 * t);    /* |t| */
      bad |= (u32)(bound - 1 - t) >> 31;
    }
  return (int)bad;
}


/* Rejection samplers.  Each consumes candidates from BUF and returns
   the new count; callers squeeze more blocks while it is short.  */

/* CoeffFromThreeBytes (Algorithm 14): the shared parser of
   mldsa-sample.h.  ETA is unused (the signature of mldsa_rej_fn_t).  */
static unsigned int
rej_uniform (s32 *a, unsigned int ctr, const byte *buf, size_t buflen,
             int eta)
{
  (void)eta;
  return mldsa_rej_uniform_from (a, ctr, buf, 0, buflen);
}


/* CoeffFromHalfByte (Algorithm 15): the shared parser of
   mldsa-sample.h.  */
static unsigned int
rej_eta (s32 *a, unsigned int ctr, const byte *buf, size_t buflen, int eta)
{
  return mldsa_rej_eta_from (a, ctr, buf, 0, buflen, eta);
}


/* The samplers: the drivers of mldsa-sample.h with the parsers
   above.  */
static void
poly_uniform_x4_generic (mldsa_poly_t *a[4], const byte rho[MLDSA_SEEDBYTES],
                         const u16 nonce[4])
{
  mldsa_sample_uniform_x4 (a, rho, nonce, rej_uniform);
}


static void
poly_uniform_generic (mldsa_poly_t *a, const byte rho[MLDSA_SEEDBYTES],
                      u16 nonce)
{
  mldsa_sample_uniform (a, rho, nonce, rej_uniform);
}


static void
poly_uniform_eta_x4_generic (mldsa_poly_t *a[4],
                             const byte rhoprime[MLDSA_CRHBYTES],
                             const u16 nonce[4], int eta)
{
  mldsa_sample_eta_x4 (a, rhoprime, nonce, eta, rej_eta);
}


static void
poly_uniform_eta_generic (mldsa_poly_t *a,
                          const byte rhoprime[MLDSA_CRHBYTES],
                          u16 nonce, int eta)
{
  mldsa_sample_eta (a, rhoprime, nonce, eta, rej_eta);
}


/* BitUnpack (Algorithm 19) with a = GAMMA1 - 1, b = GAMMA1: each
   coefficient is GAMMA1 minus an 18-bit (GAMMA1 = 2^17) or 20-bit
   (2^19) little-endian field; 4 resp. 2 coefficients per group of 9
   resp. 5 bytes.  Out: -GAMMA1 < a <= GAMMA1.  */
void
_gcry_mldsa_unpack_gamma1_generic (mldsa_poly_t *a, const byte *buf,
                                   s32 gamma1)
{
  unsigned int i;

  if (gamma1 == (1 << 17))
    {
      for (i = 0; i < MLDSA_N / 4; i++)
        {
          const byte *p = buf + 9 * i;
          u32 t0, t1, t2, t3;

          t0 = p[0] | ((u32)p[1] << 8) | ((u32)(p[2] & 0x03) << 16);
          t1 = (p[2] >> 2) | ((u32)p[3] << 6) | ((u32)(p[4] & 0x0f) << 14);
          t2 = (p[4] >> 4) | ((u32)p[5] << 4) | ((u32)(p[6] & 0x3f) << 12);
          t3 = (p[6] >> 6) | ((u32)p[7] << 2) | ((u32)p[8] << 10);
          a->coeffs[4 * i + 0] = gamma1 - (s32)t0;
          a->coeffs[4 * i + 1] = gamma1 - (s32)t1;
          a->coeffs[4 * i + 2] = gamma1 - (s32)t2;
          a->coeffs[4 * i + 3] = gamma1 - (s32)t3;
        }
    }
  else
    {
      for (i = 0; i < MLDSA_N / 2; i++)
        {
          const byte *p = buf + 5 * i;
          u32 t0, t1;

          t0 = p[0] | ((u32)p[1] << 8) | ((u32)(p[2] & 0x0f) << 16);
          t1 = (p[2] >> 4) | ((u32)p[3] << 4) | ((u32)p[4] << 12);
          a->coeffs[2 * i + 0] = gamma1 - (s32)t0;
          a->coeffs[2 * i + 1] = gamma1 - (s32)t1;
        }
    }
}


/* The BitPack encodings of KeyGen (FIPS 204 Section 7.2); the front
   file calls them where the kernel set has no pack_t1, pack_t0 or
   pack_eta (mldsa-ops.h).  */

/* SimpleBitPack of t1 (10 bits), Algorithm 16.  In: 0 <= t1 < 1024. */
void
_gcry_mldsa_pack_t1_generic (byte *r, const mldsa_poly_t *a)
{
  unsigned int i;

  for (i = 0; i < MLDSA_N / 4; i++)
    {
      const s32 *c = a->coeffs + 4 * i;

      r[5 * i + 0] = c[0];
      r[5 * i + 1] = (c[0] >> 8) | (c[1] << 2);
      r[5 * i + 2] = (c[1] >> 6) | (c[2] << 4);
      r[5 * i + 3] = (c[2] >> 4) | (c[3] << 6);
      r[5 * i + 4] = c[3] >> 2;
    }
}

/* BitPack (t0, 2^12 - 1, 2^12): 13-bit fields of 2^12 - t0.  Eight
   fields (104 bits) per step: the first four and the low 12 bits of
   the fifth as one little-endian 64-bit word, the rest in 40 bits.  */
void
_gcry_mldsa_pack_t0_generic (byte *r, const mldsa_poly_t *a)
{
  unsigned int i, j;

  for (i = 0; i < MLDSA_N / 8; i++)
    {
      u64 t[8], lo, hi;
      byte *o = r + 13 * i;

      for (j = 0; j < 8; j++)
        t[j] = (u32)((1 << (MLDSA_D - 1)) - a->coeffs[8 * i + j]);
      lo = t[0] | (t[1] << 13) | (t[2] << 26) | (t[3] << 39) | (t[4] << 52);
      hi = (t[4] >> 12) | (t[5] << 1) | (t[6] << 14) | (t[7] << 27);
      buf_put_le64 (o, lo);
      buf_put_le32 (o + 8, (u32)hi);
      o[12] = (byte)(hi >> 32);
    }
}

/* BitPack (s, eta, eta): 3-bit (eta = 2) or 4-bit (eta = 4) fields of
   eta - s, written out term by term so that the compiler needs no
   variable shifts.  */
void
_gcry_mldsa_pack_eta_generic (byte *r, const mldsa_poly_t *a,
                              unsigned int eta)
{
  unsigned int i;

  if (eta == 2)
    for (i = 0; i < MLDSA_N / 8; i++)
      {
        const s32 *c = a->coeffs + 8 * i;
        u32 v = (u32)(2 - c[0]) | ((u32)(2 - c[1]) << 3)
                | ((u32)(2 - c[2]) << 6) | ((u32)(2 - c[3]) << 9)
                | ((u32)(2 - c[4]) << 12) | ((u32)(2 - c[5]) << 15)
                | ((u32)(2 - c[6]) << 18) | ((u32)(2 - c[7]) << 21);

        r[3 * i + 0] = v;
        r[3 * i + 1] = v >> 8;
        r[3 * i + 2] = v >> 16;
      }
  else
    for (i = 0; i < MLDSA_N / 8; i++)
      {
        const s32 *c = a->coeffs + 8 * i;
        u32 v = (u32)(4 - c[0]) | ((u32)(4 - c[1]) << 4)
                | ((u32)(4 - c[2]) << 8) | ((u32)(4 - c[3]) << 12)
                | ((u32)(4 - c[4]) << 16) | ((u32)(4 - c[5]) << 20)
                | ((u32)(4 - c[6]) << 24) | ((u32)(4 - c[7]) << 28);

        buf_put_le32 (r + 4 * i, v);
      }
}

/* BitPack (z, gamma1 - 1, gamma1): fields of gamma1 - z, eight at a
   time (18 or 20 bytes) in whole little-endian words, no store past
   the polynomial's bytes.  In: -gamma1 < z <= gamma1.  */
void
_gcry_mldsa_pack_z_generic (byte *r, const mldsa_poly_t *a, s32 gamma1)
{
  unsigned int i;

  for (i = 0; i < MLDSA_N / 8; i++)
    {
      const s32 *c = a->coeffs + 8 * i;
      u64 t0 = (u32)(gamma1 - c[0]), t1 = (u32)(gamma1 - c[1]);
      u64 t2 = (u32)(gamma1 - c[2]), t3 = (u32)(gamma1 - c[3]);
      u64 t4 = (u32)(gamma1 - c[4]), t5 = (u32)(gamma1 - c[5]);
      u64 t6 = (u32)(gamma1 - c[6]), t7 = (u32)(gamma1 - c[7]);

      if (gamma1 == (1 << 17))
        {
          /* 18-bit fields: bits 0-63, 64-127, 128-143.  */
          byte *o = r + 18 * i;

          buf_put_le64 (o, t0 | (t1 << 18) | (t2 << 36) | (t3 << 54));
          buf_put_le64 (o + 8, (t3 >> 10) | (t4 << 8) | (t5 << 26)
                               | (t6 << 44) | (t7 << 62));
          buf_put_le16 (o + 16, (u16)(t7 >> 2));
        }
      else
        {
          /* 20-bit fields: bits 0-63, 64-127, 128-159.  */
          byte *o = r + 20 * i;

          buf_put_le64 (o, t0 | (t1 << 20) | (t2 << 40) | (t3 << 60));
          buf_put_le64 (o + 8, (t3 >> 4) | (t4 << 16) | (t5 << 36)
                               | (t6 << 56));
          buf_put_le32 (o + 16, (u32)((t6 >> 8) | (t7 << 12)));
        }
    }
}


static void
poly_uniform_gamma1_x4_generic (mldsa_poly_t *a[4],
                                const byte rhopp[MLDSA_CRHBYTES],
                                const u16 nonce[4], s32 gamma1)
{
  mldsa_sample_gamma1_x4 (a, rhopp, nonce, gamma1,
                          _gcry_mldsa_unpack_gamma1_generic);
}


/* Only the packed bytes (576 or 640) are squeezed.  */
static void
poly_uniform_gamma1_generic (mldsa_poly_t *a, const byte rhopp[MLDSA_CRHBYTES],
                             u16 nonce, s32 gamma1)
{
  mldsa_sample_gamma1 (a, rhopp, nonce, gamma1,
                       gamma1 == (1 << 17) ? 576 : 640,
                       _gcry_mldsa_unpack_gamma1_generic);
}


/* The swaps of SampleInBall, Algorithm 29 (mldsa_ball_fn_t).  The
   challenge of an accepted signature is public, but the challenges of
   rejected iterations are not, so the swap "c[i] = c[j]; c[j] = sign"
   must not use j as a memory index.  The polynomial is kept as two
   256-bit masks (coefficient nonzero, coefficient negative) of four
   words each; bit j is read and written by touching all four words
   under a mask, and the coefficients are expanded at the end.  Never
   inlined: the constant-time check of .ci/run suppresses the reports
   of the driver's own code (its rejection loop leaks, as the
   algorithm allows, how many bytes were rejected), and these swaps
   must stay outside that.  */
static GCC_ATTR_NOINLINE void
challenge_swaps_generic (s32 c[MLDSA_N], const byte *js, unsigned int tau,
                         u64 signs)
{
  u64 nz[4] = { 0, 0, 0, 0 }, neg[4] = { 0, 0, 0, 0 };
  unsigned int i, t, w;

  for (t = 0; t < tau; t++)
    {
      u64 s = signs & 1, nzj = 0, negj = 0, bit;
      u32 j = js[t];

      i = MLDSA_N - tau + t;
      /* Read bit j (the word index j/64 is secret: scan all four).  */
      bit = (u64)1 << (j & 63);
      for (w = 0; w < 4; w++)
        {
          u64 m = (u64)0 - ((((u64)(w ^ (j >> 6))) - 1) >> 63);

          nzj |= nz[w] & bit & m;
          negj |= neg[w] & bit & m;
        }
      nzj = (u64)0 - ((nzj | ((u64)0 - nzj)) >> 63);     /* 0 or ~0 */
      negj = (u64)0 - ((negj | ((u64)0 - negj)) >> 63);
      /* c[i] = c[j]; i is public.  */
      nz[i >> 6] = (nz[i >> 6] & ~((u64)1 << (i & 63)))
                   | (nzj & ((u64)1 << (i & 63)));
      neg[i >> 6] = (neg[i >> 6] & ~((u64)1 << (i & 63)))
                    | (negj & ((u64)1 << (i & 63)));
      /* c[j] = (-1)^s.  */
      for (w = 0; w < 4; w++)
        {
          u64 m = ((u64)0 - ((((u64)(w ^ (j >> 6))) - 1) >> 63)) & bit;

          nz[w] |= m;
          neg[w] = (neg[w] & ~m) | (m & ((u64)0 - s));
        }
      signs >>= 1;
    }
  for (i = 0; i < MLDSA_N; i++)
    {
      s32 n = (s32)((nz[i >> 6] >> (i & 63)) & 1);
      s32 g = (s32)((neg[i >> 6] >> (i & 63)) & 1);

      c[i] = n - 2 * (n & g);
    }
  wipememory (nz, sizeof nz);
  wipememory (neg, sizeof neg);
}

/* SampleInBall, Algorithm 29 (the driver of mldsa-sample.h: only the
   number of rejected bytes, j > i, shows).  */
static void
poly_challenge_generic (mldsa_poly_t *c, const byte *ctilde,
                        unsigned int ctildelen, unsigned int tau)
{
  mldsa_sample_in_ball (c, ctilde, ctildelen, tau, challenge_swaps_generic);
}


const mldsa_ops_t _gcry_mldsa_ops_generic =
  {
    "generic",
    ntt_generic,
    invntt_tomont_generic,
    pointwise_generic,
    pointwise_acc_generic,
    reduce_generic,
    caddq_generic,
    power2round_generic,
    decompose_generic,
    make_hint_generic,
    use_hint_generic,
    chknorm_generic,
    poly_uniform_x4_generic,
    poly_uniform_generic,
    poly_uniform_eta_x4_generic,
    poly_uniform_eta_generic,
    poly_uniform_gamma1_x4_generic,
    poly_uniform_gamma1_generic,
    poly_challenge_generic
  };

/* BitUnpack of t0: 2^12 - the 13-bit fields, thirteen bytes for
   eight of them.  */
void
_gcry_mldsa_unpack_t0_generic (mldsa_poly_t *a, const byte *b)
{
  unsigned int i;

  for (i = 0; i < MLDSA_N / 8; i++)
    {
      const byte *p = b + 13 * i;
      u64 lo = buf_get_le64 (p);
      u64 hi = buf_get_le32 (p + 8) | ((u64)p[12] << 32);
      s32 *c = a->coeffs + 8 * i;

      c[0] = (1 << (MLDSA_D - 1)) - (s32)(lo & 0x1fff);
      c[1] = (1 << (MLDSA_D - 1)) - (s32)((lo >> 13) & 0x1fff);
      c[2] = (1 << (MLDSA_D - 1)) - (s32)((lo >> 26) & 0x1fff);
      c[3] = (1 << (MLDSA_D - 1)) - (s32)((lo >> 39) & 0x1fff);
      c[4] = ((1 << (MLDSA_D - 1))
              - (s32)(((lo >> 52) | (hi << 12)) & 0x1fff));
      c[5] = (1 << (MLDSA_D - 1)) - (s32)((hi >> 1) & 0x1fff);
      c[6] = (1 << (MLDSA_D - 1)) - (s32)((hi >> 14) & 0x1fff);
      c[7] = (1 << (MLDSA_D - 1)) - (s32)((hi >> 27) & 0x1fff);
    }
}

/* Eight fields of W bits (3 or 4) from V into C[0..7] as ETA - field;
   returns a nonzero mask if a field exceeds 2 ETA.  Called with
   constant W and ETA, and unrolled, so that all shifts are by
   constants.  */
static inline u32
unpack_eta8 (s32 *c, u32 v, unsigned int w, unsigned int eta)
{
  u32 bad = 0;
  unsigned int j;

#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
# pragma GCC unroll 8
#endif
  for (j = 0; j < 8; j++)
    {
      u32 t = (v >> (w * j)) & ((1u << w) - 1);

      bad |= (2 * eta - t) >> 31;
      c[j] = (s32)eta - (s32)t;
    }
  return bad;
}

/* BitUnpack for s1/s2 (see mldsa-ops.h).  Constant time in the key
   bits.  */
u32
_gcry_mldsa_unpack_eta_generic (mldsa_poly_t *a, const byte *b,
                                unsigned int eta)
{
  unsigned int i;
  u32 bad = 0;

  if (eta == 2)
    for (i = 0; i < MLDSA_N / 8; i++)
      bad |= unpack_eta8 (a->coeffs + 8 * i,
                          b[3 * i] | ((u32)b[3 * i + 1] << 8)
                          | ((u32)b[3 * i + 2] << 16), 3, 2);
  else
    for (i = 0; i < MLDSA_N / 8; i++)
      bad |= unpack_eta8 (a->coeffs + 8 * i, buf_get_le32 (b + 4 * i), 4, 4);
  return bad;
}

