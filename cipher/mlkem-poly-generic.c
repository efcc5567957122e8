/* mlkem-poly-generic.c - Portable C kernels of ML-KEM
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

/* The portable kernel set of ML-KEM: the contract is in mlkem-ops.h.
 * Arithmetic only; the FIPS 203 algorithms are in mlkem.c.
 *
 * Coefficients are int16_t.  Products are formed in int32_t and
 * brought back with a Montgomery reduction (R = 2^16) or a Barrett
 * reduction.  Reductions are lazy: the bound analysis at each kernel
 * says how far values may grow before the next reduction.  Nothing
 * here branches on or indexes by secret data, and nothing allocates
 * memory; local arrays that may hold secret data are wiped.
 * NTT-domain polynomials are kept in the order of FIPS 203.
 *
 * Kernels that read bytes and write coefficients (or the reverse)
 * mark both pointers restrict: a byte pointer may alias anything, and
 * without the promise that the buffers are distinct the compiler
 * would need a run-time overlap check, which GCC's default -O2 cost
 * model does not pay for, and would leave the loop scalar (SamplePolyCBD
 * runs about 8 times faster vectorised).  The callers never pass
 * overlapping buffers.  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "mlkem-ops.h"
#include "mlkem-tables.h"


/* Montgomery reduction: return r = A * 2^-16 mod q.
 *
 * With t = A * q^-1 mod 2^16 (as a signed 16-bit value), A - t*q is
 * divisible by 2^16, so the shift is exact.  As |t| <= 2^15,
 * |r| <= (|A| + 2^15 q) / 2^16; for |A| < 2^15 q that is |r| < q.  */
static inline s16
montgomery_reduce (s32 a)
{
  s16 t = (s16)(u16)((u32)a * (u32)(u16)MLKEM_QINV);

  return (s16)((a - (s32)t * MLKEM_Q) >> 16);
}

/* Montgomery multiplication A * B * 2^-16 mod q, written with 16-bit
 * halves only: with lo = A*B mod 2^16 and t = lo * q^-1 mod 2^16, the
 * low halves of A*B and t*q agree, so (A*B - t*q) / 2^16 equals
 * hi(A*B) - hi(t*q) exactly.  Compilers map this to 16-bit multiply
 * and multiply-high instructions on every SIMD unit, which lets the
 * NTT loops vectorise.  With |B| <= q/2 (all table constants) and
 * |A| < 2^15 the result is below 0.75 q.  */
static inline s16
fqmul (s16 a, s16 b)
{
  s16 lo = (s16)(u16)((u32)(u16)a * (u16)b);
  s16 t = (s16)(u16)((u32)(u16)lo * (u16)MLKEM_QINV);
  s16 hi = (s16)(((s32)a * b) >> 16);
  s16 tq = (s16)(((s32)t * MLKEM_Q) >> 16);

  return hi - tq;
}

/* Barrett reduction: return the representative of A mod q in
 * [-(q-1)/2, (q-1)/2] for any int16_t A.  v = round(2^26/q); the
 * quotient estimate round(A*v / 2^26) is exact for |A| < 2^15.  It is
 * computed as floor((hi + 2^9) / 2^10) with hi = floor(A*v / 2^16),
 * which is the same value (floor(floor(x)/n) = floor(x/n)) but needs
 * only a 16-bit multiply-high, so that the loops over it vectorise
 * with 16-bit lanes (|hi| <= 10080, so hi + 2^9 fits int16_t; the
 * cast to s16 tells the compiler so, else Clang widens the shift to
 * 32 bits).  The test suite checks every int16_t.  */
static inline s16
barrett_reduce (s16 a)
{
  s16 hi = (s16)(((s32)a * MLKEM_BARRETT_V) >> 16);
  s16 t = (s16)(hi + (1 << 9)) >> 10;

  return a - t * MLKEM_Q;
}

/* Map A with |A| < q to [0, q) without a branch.  */
static inline s16
caddq (s16 a)
{
  return a + ((a >> 15) & MLKEM_Q);
}


/* One layer of Cooley-Tukey butterflies with distance LEN, using the
 * twiddles ZETAS[K..].  LEN is a constant at every call site, so the
 * inner loop has a fixed trip count and vectorises.  */
static inline void
ntt_layer (s16 *r, const unsigned int len, unsigned int k)
{
  unsigned int start, j;

  for (start = 0; start < MLKEM_N; start += 2 * len)
    {
      s16 zeta = mlkem_zetas_mont[k++];

      for (j = 0; j < len; j++)
        {
          s16 t = fqmul (r[start + j + len], zeta);

          r[start + j + len] = r[start + j] - t;
          r[start + j] = r[start + j] + t;
        }
    }
}

/* Quarters.  The layers with len = 4 and len = 2 work inside blocks
 * of eight coefficients, so their inner loops are only four or two
 * long, too short to vectorise well.  They run instead on four
 * quarters Q[c] (c = 0..3) that hold coefficient pairs 2c, 2c+1 of
 * every block: Q[c][2b + j] = r[8b + 2c + j].  Then len = 4 pairs
 * Q[0] with Q[2] and Q[1] with Q[3], len = 2 pairs Q[0] with Q[1] and
 * Q[2] with Q[3], all with unit stride, and the twiddles come from
 * tables with one entry per coefficient pair (mlkem-tables.h).  The
 * arithmetic per coefficient is exactly that of the plain layers.  */

static inline void
quarters_split (s16 q[4][MLKEM_N / 4], const s16 *r)
{
  unsigned int b;

  for (b = 0; b < MLKEM_N / 8; b++)
    {
      memcpy (&q[0][2 * b], r + 8 * b, 4);
      memcpy (&q[1][2 * b], r + 8 * b + 2, 4);
      memcpy (&q[2][2 * b], r + 8 * b + 4, 4);
      memcpy (&q[3][2 * b], r + 8 * b + 6, 4);
    }
}

static inline void
quarters_join (s16 *r, const s16 q[4][MLKEM_N / 4])
{
  unsigned int b;

  for (b = 0; b < MLKEM_N / 8; b++)
    {
      memcpy (r + 8 * b, &q[0][2 * b], 4);
      memcpy (r + 8 * b + 2, &q[1][2 * b], 4);
      memcpy (r + 8 * b + 4, &q[2][2 * b], 4);
      memcpy (r + 8 * b + 6, &q[3][2 * b], 4);
    }
}

/* The NTT layers len = 4 and len = 2 and the final Barrett reduction,
 * on quarters.  */
static void
ntt_tail (s16 *r)
{
  const s16 *z4 = mlkem_ntt_tail_mont[0];
  const s16 *z2a = mlkem_ntt_tail_mont[1], *z2b = mlkem_ntt_tail_mont[2];
  s16 q[4][MLKEM_N / 4];
  unsigned int i;

  quarters_split (q, r);
  for (i = 0; i < MLKEM_N / 4; i++)
    {
      s16 t = fqmul (q[2][i], z4[i]);
      s16 u = fqmul (q[3][i], z4[i]);

      q[2][i] = q[0][i] - t;
      q[0][i] = q[0][i] + t;
      q[3][i] = q[1][i] - u;
      q[1][i] = q[1][i] + u;
    }
  for (i = 0; i < MLKEM_N / 4; i++)
    {
      s16 t = fqmul (q[1][i], z2a[i]);
      s16 u = fqmul (q[3][i], z2b[i]);

      q[1][i] = barrett_reduce (q[0][i] - t);
      q[0][i] = barrett_reduce (q[0][i] + t);
      q[3][i] = barrett_reduce (q[2][i] - u);
      q[2][i] = barrett_reduce (q[2][i] + u);
    }
  quarters_join (r, q);
  wipememory (q, sizeof q);
}

/* FIPS 203 Algorithm 9 (NTT), Cooley-Tukey butterflies, layers with
 * len = 128 down to 2, twiddles 17^BitRev7(k) for k = 1..127 (stored
 * in Montgomery form, so fqmul yields the exact product).
 *
 * Bounds: each layer adds |t| < 0.75 q to the bound, so with input
 * |a_i| < q the values stay below 6.25 q < 2^15 through all seven
 * layers without reduction.  One Barrett pass at the end gives
 * |r_i| <= q/2.  */
static void
ntt_generic (mlkem_poly_ntt *rp, const mlkem_poly *ap)
{
  s16 *r = rp->coeffs;

  memcpy (r, ap->coeffs, sizeof rp->coeffs);
  ntt_layer (r, 128, 1);
  ntt_layer (r, 64, 2);
  ntt_layer (r, 32, 4);
  ntt_layer (r, 16, 8);
  ntt_layer (r, 8, 16);
  ntt_tail (r);
}


/* One layer of Gentleman-Sande butterflies with distance LEN and
 * twiddles ZETAS[K], ZETAS[K-1], ...; the sums are Barrett-reduced
 * when REDUCE.  */
static inline void
invntt_layer (s16 *r, const unsigned int len, unsigned int k, const int reduce)
{
  unsigned int start, j;

  for (start = 0; start < MLKEM_N; start += 2 * len)
    {
      s16 zeta = mlkem_zetas_mont[k--];

      for (j = 0; j < len; j++)
        {
          s16 t = r[start + j];
          s16 u = r[start + j + len];
          s16 s = t + u;

          r[start + j] = reduce ? barrett_reduce (s) : s;
          r[start + j + len] = fqmul (u - t, zeta);
        }
    }
}

/* The inverse NTT layers len = 2 and len = 4 (without reduction), on
 * quarters.  */
static void
invntt_head (s16 *r)
{
  const s16 *z2a = mlkem_invntt_head_mont[0];
  const s16 *z2b = mlkem_invntt_head_mont[1];
  const s16 *z4 = mlkem_invntt_head_mont[2];
  s16 q[4][MLKEM_N / 4];
  unsigned int i;

  quarters_split (q, r);
  for (i = 0; i < MLKEM_N / 4; i++)
    {
      s16 t0 = q[0][i], u0 = q[1][i], t1 = q[2][i], u1 = q[3][i];

      q[0][i] = t0 + u0;
      q[1][i] = fqmul (u0 - t0, z2a[i]);
      q[2][i] = t1 + u1;
      q[3][i] = fqmul (u1 - t1, z2b[i]);
    }
  for (i = 0; i < MLKEM_N / 4; i++)
    {
      s16 t0 = q[0][i], u0 = q[2][i], t1 = q[1][i], u1 = q[3][i];

      q[0][i] = t0 + u0;
      q[2][i] = fqmul (u0 - t0, z4[i]);
      q[1][i] = t1 + u1;
      q[3][i] = fqmul (u1 - t1, z4[i]);
    }
  quarters_join (r, q);
  wipememory (q, sizeof q);
}

/* FIPS 203 Algorithm 10 (NTT^-1), Gentleman-Sande butterflies, layers
 * len = 2 up to 128, twiddles used in reverse order, followed by a
 * Montgomery multiplication with R^2/128 (the division by 128 of the
 * spec plus the factor R that cancels the R^-1 of basemul).
 *
 * Bounds with input |a_i| < q: a layer at most doubles the bound of
 * the sums, while the differences go through fqmul and end below
 * 0.75 q.  Sums are Barrett-reduced in the layers len = 8 and len = 64
 * only, so the bounds entering the layers are q, 2q, 4q, 0.75q, 1.5q,
 * 3q, 0.75q.  A difference is below twice the entering bound, at most
 * 8q < 2^15, so it fits int16_t, and fqmul of it is below 0.75 q.  The
 * final product is
 * below q.  */
static void
invntt_tomont_generic (mlkem_poly *rp, const mlkem_poly_ntt *ap)
{
  s16 *r = rp->coeffs;
  unsigned int j;

  memcpy (r, ap->coeffs, sizeof rp->coeffs);
  invntt_head (r);
  invntt_layer (r, 8, 31, 1);
  invntt_layer (r, 16, 15, 0);
  invntt_layer (r, 32, 7, 0);
  invntt_layer (r, 64, 3, 1);
  invntt_layer (r, 128, 1, 0);
  for (j = 0; j < MLKEM_N; j++)
    r[j] = fqmul (r[j], MLKEM_INVNTT_F);
}


/* Entry i of the cache is b_{2i+1} * gamma_i mod q (|.| < 0.75 q).  */
static void
mulcache_compute_generic (mlkem_poly_mulcache *c, const mlkem_poly_ntt *b)
{
  s16 odd[MLKEM_N / 2];
  unsigned int i;

  /* Gather first, so that the multiplication loop has unit stride and
     vectorises.  */
  for (i = 0; i < MLKEM_N / 2; i++)
    odd[i] = b->coeffs[2 * i + 1];
  for (i = 0; i < MLKEM_N / 2; i++)
    c->coeffs[i] = fqmul (odd[i], mlkem_gammas_mont[i]);
  wipememory (odd, sizeof odd);
}


/* Sum over j < K of the products in T_q (FIPS 203 Algorithm 11 and
 * Algorithm 12, BaseCaseMultiply):
 *   c_2i   = a_2i b_2i + a_2i+1 b_2i+1 gamma_i
 *   c_2i+1 = a_2i b_2i+1 + a_2i+1 b_2i
 * Each term is below 4095 * q, at most 2K = 8 terms are added in
 * int32, and 8 * 4095 * 3328 < 2^15 q, so one Montgomery reduction at
 * the end yields |r_i| < q (times 2^-16).  The even and odd sums are
 * kept in separate arrays, so that every loop has unit stride in its
 * accumulators and vectorises without shuffles on the 32-bit side.  */
static void
basemul_acc_generic (mlkem_poly_ntt *restrict r,
                     const mlkem_poly_ntt *restrict a,
                     const mlkem_poly_ntt *restrict b,
                     const mlkem_poly_mulcache *restrict bc, unsigned int k)
{
  s32 even[MLKEM_N / 2], odd[MLKEM_N / 2];
  unsigned int i, j;

  for (i = 0; i < MLKEM_N / 2; i++)
    {
      s32 a0 = a[0].coeffs[2 * i], a1 = a[0].coeffs[2 * i + 1];
      s32 b0 = b[0].coeffs[2 * i], b1 = b[0].coeffs[2 * i + 1];

      even[i] = a0 * b0 + a1 * bc[0].coeffs[i];
      odd[i] = a0 * b1 + a1 * b0;
    }
  for (j = 1; j < k; j++)
    for (i = 0; i < MLKEM_N / 2; i++)
      {
        s32 a0 = a[j].coeffs[2 * i], a1 = a[j].coeffs[2 * i + 1];
        s32 b0 = b[j].coeffs[2 * i], b1 = b[j].coeffs[2 * i + 1];

        even[i] += a0 * b0 + a1 * bc[j].coeffs[i];
        odd[i] += a0 * b1 + a1 * b0;
      }
  for (i = 0; i < MLKEM_N / 2; i++)
    {
      r->coeffs[2 * i] = montgomery_reduce (even[i]);
      r->coeffs[2 * i + 1] = montgomery_reduce (odd[i]);
    }
  wipememory (even, sizeof even);
  wipememory (odd, sizeof odd);
}


/* Reduce to [0, q): Barrett to the centered representative, then add
 * q to the negative ones.  */
static void
reduce_generic (s16 c[MLKEM_N])
{
  unsigned int i;

  for (i = 0; i < MLKEM_N; i++)
    c[i] = caddq (barrett_reduce (c[i]));
}


/* Multiply by R: Montgomery product with R^2 mod q (|R^2 mod q| <=
 * q/2 and |c_i| < 2^15, so the result is below 0.75 q).  */
static void
tomont_generic (s16 c[MLKEM_N])
{
  unsigned int i;

  for (i = 0; i < MLKEM_N; i++)
    c[i] = fqmul (c[i], MLKEM_MONT_R2);
}


/* ByteEncode_12: two coefficients in three bytes, little endian.
 * Eight coefficients (96 bits) are gathered into one 64-bit and one
 * 32-bit word and stored with two wide stores, which takes about half
 * the time of the byte-wise form.  */
static void
poly_ntt_tobytes_generic (byte *restrict r, const mlkem_poly_ntt *restrict a)
{
  unsigned int i;

  for (i = 0; i < MLKEM_N / 8; i++)
    {
      const s16 *c = a->coeffs + 8 * i;
      u64 lo = (u64)(u16)c[0] | ((u64)(u16)c[1] << 12)
               | ((u64)(u16)c[2] << 24) | ((u64)(u16)c[3] << 36)
               | ((u64)(u16)c[4] << 48) | ((u64)(u16)c[5] << 60);
      u32 hi = ((u32)(u16)c[5] >> 4) | ((u32)(u16)c[6] << 8)
               | ((u32)(u16)c[7] << 20);

      buf_put_le64 (r + 12 * i, lo);
      buf_put_le32 (r + 12 * i + 8, hi);
    }
}


/* ByteDecode_12 without the reduction mod q: values in [0, 4095].  */
static void
poly_ntt_frombytes_generic (mlkem_poly_ntt *restrict r,
                            const byte *restrict a)
{
  unsigned int i;

  for (i = 0; i < MLKEM_N / 2; i++)
    {
      u16 b0 = a[3 * i], b1 = a[3 * i + 1], b2 = a[3 * i + 2];

      r->coeffs[2 * i] = b0 | ((b1 & 0x0f) << 8);
      r->coeffs[2 * i + 1] = (b1 >> 4) | (b2 << 4);
    }
}


/* The rejection step of SampleNTT (FIPS 203 Algorithm 7, lines 5-13)
 * over BUFLEN bytes (a multiple of 3): append the accepted 12-bit
 * values to R[CTR..LEN-1] and return the new count.  The input is
 * public (it derives from rho), so branching on it would be allowed,
 * but about one candidate in five is rejected at random, which makes
 * a branch on it mispredict often.  While enough room is left, each
 * candidate is therefore stored unconditionally and the count
 * advanced by the comparison result; the last few values take the
 * plain loop.  */
static unsigned int
rej_uniform (s16 *r, unsigned int ctr, unsigned int len,
             const byte *buf, unsigned int buflen)
{
  unsigned int pos = 0;

  /* Four candidates from one 64-bit load (6 of its 8 bytes).  The
     candidates are unsigned int, not u16: as u16, gcc 12 masked and
     compared them with 16-bit immediates ("and $0xfff,%r10w"), whose
     operand-size prefix changes the instruction length.  Intel cores
     decode such an instruction slowly (a length-changing-prefix
     stall) whenever the loop is not served from the decoded-uop
     cache, which depended on its placement: portable ML-KEM ran 15-20%
     slower on a Sapphire Rapids after unrelated edits elsewhere moved
     this function by 16 bytes (doc/PERFORMANCE, "December 6").  */
  while (ctr + 4 <= len && pos + 8 <= buflen)
    {
      u64 w = buf_get_le64 (buf + pos);
      unsigned int d0 = w & 0xfff;
      unsigned int d1 = (w >> 12) & 0xfff;
      unsigned int d2 = (w >> 24) & 0xfff;
      unsigned int d3 = (w >> 36) & 0xfff;

      pos += 6;
      r[ctr] = d0;
      ctr += d0 < MLKEM_Q;
      r[ctr] = d1;
      ctr += d1 < MLKEM_Q;
      r[ctr] = d2;
      ctr += d2 < MLKEM_Q;
      r[ctr] = d3;
      ctr += d3 < MLKEM_Q;
    }
  while (ctr + 2 <= len && pos + 3 <= buflen)
    {
      unsigned int d1 = buf[pos] | ((unsigned int)(buf[pos + 1] & 0x0f)
                                    << 8);
      unsigned int d2 = (buf[pos + 1] >> 4)
                        | ((unsigned int)buf[pos + 2] << 4);

      pos += 3;
      r[ctr] = d1;
      ctr += d1 < MLKEM_Q;
      r[ctr] = d2;
      ctr += d2 < MLKEM_Q;
    }
  while (ctr < len && pos + 3 <= buflen)
    {
      unsigned int d1 = buf[pos] | ((unsigned int)(buf[pos + 1] & 0x0f)
                                    << 8);
      unsigned int d2 = (buf[pos + 1] >> 4)
                        | ((unsigned int)buf[pos + 2] << 4);

      pos += 3;
      if (d1 < MLKEM_Q)
        r[ctr++] = d1;
      if (d2 < MLKEM_Q && ctr < len)
        r[ctr++] = d2;
    }
  return ctr;
}

/* The REJ_UNIFORM entry: the portable backend keeps the standard
 * order, so the values go straight into R.  */
static unsigned int
rej_uniform_generic (mlkem_poly_ntt *r, unsigned int ctr, const byte *buf,
                     unsigned int buflen)
{
  return rej_uniform (r->coeffs, ctr, MLKEM_N, buf, buflen);
}


/* SamplePolyCBD_2 (FIPS 203 Algorithm 8): coefficient i is
 * (b_4i + b_4i+1) - (b_4i+2 + b_4i+3) over the bits of BUF, so each
 * byte gives two coefficients.  Adding each bit to its neighbour
 * leaves the 2-bit sums in every other pair of bits.  No
 * secret-dependent branch or index; the byte loop vectorises.  */
static void
poly_cbd_eta2_generic (mlkem_poly *restrict r, const byte *restrict buf)
{
  unsigned int i;

  for (i = 0; i < MLKEM_N / 2; i++)
    {
      unsigned int d = (buf[i] & 0x55) + ((buf[i] >> 1) & 0x55);

      r->coeffs[2 * i] = (s16)(d & 3) - (s16)((d >> 2) & 3);
      r->coeffs[2 * i + 1] = (s16)((d >> 4) & 3) - (s16)((d >> 6) & 3);
    }
}

/* SamplePolyCBD_3: 3-bit sums over 24-bit groups, 4 coefficients per
 * 3 bytes.  */
static void
poly_cbd_eta3_generic (mlkem_poly *restrict r, const byte *restrict buf)
{
  unsigned int i, j;

  for (i = 0; i < MLKEM_N / 4; i++)
    {
      const byte *p = buf + 3 * i;
      u32 t = (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16);
      u32 d = (t & 0x249249) + ((t >> 1) & 0x249249) + ((t >> 2) & 0x249249);

      for (j = 0; j < 4; j++)
        {
          s16 x = (d >> (6 * j)) & 7;
          s16 y = (d >> (6 * j + 3)) & 7;

          r->coeffs[4 * i + j] = x - y;
        }
    }
}


const mlkem_ops_t _gcry_mlkem_ops_generic =
  {
    "generic",
    ntt_generic,
    invntt_tomont_generic,
    mulcache_compute_generic,
    basemul_acc_generic,
    reduce_generic,
    tomont_generic,
    poly_ntt_tobytes_generic,
    poly_ntt_frombytes_generic,
    rej_uniform_generic,
    poly_cbd_eta2_generic,
    poly_cbd_eta3_generic,
    _gcry_mlkem_poly_compress,
    _gcry_mlkem_poly_decompress,
    0
  };



/* Order-independent helpers.  */

/* Compress_d (X) = round (2^d X / q) mod 2^d for 0 <= X < q (FIPS 203
 * eq. 4.7).  As q is odd, round (N/q) = floor ((N + 1664) / q) for
 * integer N; the division is a multiplication by
 * ceil (2^35 / q) = 10321340 and a shift, exact for N < 2^23 (the
 * error is below N / 2^35 < 1/q).  The test suite checks all X and d
 * against a division.  */
static inline u32
compress_d (s16 x, unsigned int d)
{
  u32 n = ((u32)(u16)caddq (x) << d) + MLKEM_Q / 2;

  /* A 32x32->64-bit product, which vectorises.  */
  return (u32)(((u64)n * 10321340u) >> 35) & ((1u << d) - 1);
}

/* Decompress_d (Y) = round (q Y / 2^d) (FIPS 203 eq. 4.8).  */
static inline s16
decompress_d (u32 y, unsigned int d)
{
  return (s16)((y * MLKEM_Q + (1u << (d - 1))) >> d);
}

void
_gcry_mlkem_poly_compress (byte *r, const mlkem_poly *a, unsigned int d)
{
  u16 t[MLKEM_N];
  unsigned int i, j;

  /* Compress first (a loop that vectorises), then pack.  */
  for (i = 0; i < MLKEM_N; i++)
    t[i] = compress_d (a->coeffs[i], d);

  if (d == 4)
    {
      for (i = 0; i < MLKEM_N / 2; i++)
        r[i] = t[2 * i] | (t[2 * i + 1] << 4);
    }
  else if (d == 10)
    {
      /* Four 10-bit values in five bytes.  */
      for (i = 0; i < MLKEM_N / 4; i++)
        {
          const u16 *v = t + 4 * i;

          r[5 * i + 0] = v[0];
          r[5 * i + 1] = (v[0] >> 8) | (v[1] << 2);
          r[5 * i + 2] = (v[1] >> 6) | (v[2] << 4);
          r[5 * i + 3] = (v[2] >> 4) | (v[3] << 6);
          r[5 * i + 4] = v[3] >> 2;
        }
    }
  else
    {
      /* d = 5 or 11: eight values in D bytes.  */
      for (i = 0; i < MLKEM_N / 8; i++)
        {
          u64 lo = 0, hi = 0;

          for (j = 0; j < 8; j++)
            {
              u64 v = t[8 * i + j];
              unsigned int sh = d * j;

              if (sh < 64)
                {
                  lo |= v << sh;
                  if (sh + d > 64)
                    hi |= v >> (64 - sh);
                }
              else
                hi |= v << (sh - 64);
            }
          for (j = 0; j < d; j++)
            r[d * i + j] = j < 8 ? lo >> (8 * j) : hi >> (8 * (j - 8));
        }
    }
  wipememory (t, sizeof t);
}

void
_gcry_mlkem_poly_decompress (mlkem_poly *restrict r, const byte *restrict a,
                             unsigned int d)
{
  unsigned int i, j;

  if (d == 4)
    {
      for (i = 0; i < MLKEM_N / 2; i++)
        {
          r->coeffs[2 * i] = decompress_d (a[i] & 15, 4);
          r->coeffs[2 * i + 1] = decompress_d (a[i] >> 4, 4);
        }
    }
  else if (d == 10)
    {
      for (i = 0; i < MLKEM_N / 4; i++)
        {
          u64 t = buf_get_le32 (a + 5 * i) | ((u64)a[5 * i + 4] << 32);

          for (j = 0; j < 4; j++)
            r->coeffs[4 * i + j] = decompress_d ((t >> (10 * j)) & 0x3ff, 10);
        }
    }
  else
    {
      for (i = 0; i < MLKEM_N / 8; i++)
        {
          u64 lo = 0, hi = 0;
          u32 mask = (1u << d) - 1;

          for (j = 0; j < d; j++)
            {
              if (j < 8)
                lo |= (u64)a[d * i + j] << (8 * j);
              else
                hi |= (u64)a[d * i + j] << (8 * (j - 8));
            }
          for (j = 0; j < 8; j++)
            {
              unsigned int sh = d * j;
              u64 v;

              if (sh >= 64)
                v = hi >> (sh - 64);
              else if (sh + d > 64)
                v = (lo >> sh) | (hi << (64 - sh));
              else
                v = lo >> sh;
              r->coeffs[8 * i + j] = decompress_d ((u32)v & mask, d);
            }
        }
    }
}

/* Each message byte is spread to eight 0/1 bytes without a branch:
 * the multiplication copies it into every byte, byte j keeps bit j,
 * and adding 0x7f to its low seven bits moves "nonzero" to bit 7
 * (no carry leaves a byte).  The 0/1 bytes then become masks in a
 * loop that vectorises.  */
void
_gcry_mlkem_poly_frommsg (mlkem_poly *restrict r, const byte msg[32])
{
  byte t[MLKEM_N];
  unsigned int i;

  for (i = 0; i < 32; i++)
    {
      u64 e = (msg[i] * (u64)0x0101010101010101ULL)
              & (u64)0x8040201008040201ULL;

      e = (((e & (u64)0x7f7f7f7f7f7f7f7fULL) + (u64)0x7f7f7f7f7f7f7f7fULL)
           | e) >> 7;
      buf_put_le64 (t + 8 * i, e & (u64)0x0101010101010101ULL);
    }
  for (i = 0; i < MLKEM_N; i++)
    r->coeffs[i] = -(s16)t[i] & ((MLKEM_Q + 1) / 2);
  wipememory (t, sizeof t);
}

/* Compress_1 (x) for 0 <= x < q is 1 exactly if q/4 < x < 3q/4,
 * i.e. 833 <= x <= 2496, which two sign bits tell without a
 * multiplication (the loop vectorises with 16-bit lanes).  The eight
 * 0/1 bytes of each message byte are gathered by one multiplication
 * with sum 2^(56 - 7j): byte j lands on bit 56 + j and no two partial
 * products share a bit, so nothing carries.  */
void
_gcry_mlkem_poly_tomsg (byte msg[32], const mlkem_poly *restrict a)
{
  byte t[MLKEM_N];
  unsigned int i;

  for (i = 0; i < MLKEM_N; i++)
    {
      s16 x = caddq (a->coeffs[i]);

      t[i] = (u16)((x - 2497) & ~(x - 833)) >> 15;
    }
  for (i = 0; i < 32; i++)
    msg[i] = (buf_get_le64 (t + 8 * i) * (u64)0x0102040810204080ULL) >> 56;
  wipememory (t, sizeof t);
}
