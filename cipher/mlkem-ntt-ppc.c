/* mlkem-ntt-ppc.c - ML-KEM kernels with PowerPC VSX
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

/* The kernel set "vsx" of ML-KEM (contract: mlkem-ops.h), written
 * with the GCC vector intrinsics of <altivec.h> for POWER8 (ISA 2.07)
 * and later.  It overrides NTT, NTT^-1, the base multiplication and
 * its cache, REDUCE and TOMONT; the other entries are the portable
 * ones.  NTT-domain polynomials keep the standard order of FIPS 203,
 * and every kernel performs, lane by lane, the same integer
 * operations as the portable kernel of cipher/mlkem-poly-generic.c,
 * so the results are bit-identical, not only equal mod q (and the
 * bound analysis there applies unchanged).
 *
 * Vectors hold eight int16_t coefficients.  Arithmetic:
 *  - lo16 (a * b): vmladduhm (vec_mladd with a zero addend);
 *  - the signed high half of a * b has no POWER8 instruction; the
 *    even and odd 32-bit products (vmulesh/vmulosh) are formed and
 *    their high halves interleaved by one vperm.  A Montgomery
 *    product (fqmul) subtracts t * q in 32 bits first, which is exact
 *    because the low halves cancel, so it needs one vperm, not two;
 *  - sums of two products per 32-bit lane: vmsumshm (vec_msum), which
 *    fits the base multiplication, where each output is a sum of
 *    products of adjacent pairs.
 * The twiddles are the standard tables of mlkem-tables.h: the layers
 * with distance >= 8 splat one twiddle; for the layers with distance
 * 4 and 2 eight blocks of eight coefficients are transposed (8x8
 * halfwords, vmrghh/vmrglh), after which butterfly partners sit in
 * different vectors and the twiddles of eight consecutive blocks are
 * one unaligned load (plus a vperm for every other twiddle).  The
 * products t = a * (zeta * q^-1 mod 2^16) use the same low half as
 * the portable (a * zeta mod 2^16) * q^-1 mod 2^16.
 *
 * The vperm masks index bytes in array (memory) order, as GCC defines
 * vec_perm on both endiannesses; only the position of the high half
 * of a 32-bit lane depends on the byte order.
 *
 * Built with PPC_VSX_CFLAGS (-mcpu=power8 -mvsx); used by mlkem.c when
 * _gcry_get_hw_features () reports HWF_PPC_ARCH_2_07.  No branch or
 * index depends on coefficient values.  */

#include <config.h>

#include "g10lib.h"
#include "mlkem-ops.h"

#if defined(USE_MLKEM) && defined(USE_MLKEM_VSX)

#if !defined(__VSX__) || !defined(_ARCH_PWR8)
# error "mlkem-ntt-ppc.c needs -mcpu=power8 -mvsx"
#endif

#include <altivec.h>
#include <string.h>

#include "mlkem-tables.h"

typedef vector signed short v16;
typedef vector signed int v32;
typedef vector unsigned char vu8;

/* High halves of the 32-bit lanes of E (to the even halfwords) and O
   (to the odd ones); LOW_MASK: the low halves.  */
#ifdef __LITTLE_ENDIAN__
static const vu8 hi_mask = { 2, 3, 18, 19, 6, 7, 22, 23,
                             10, 11, 26, 27, 14, 15, 30, 31 };
#else
static const vu8 hi_mask = { 0, 1, 16, 17, 4, 5, 20, 21,
                             8, 9, 24, 25, 12, 13, 28, 29 };
#endif
/* Odd halfwords of A || B.  */
static const vu8 odd_mask = { 2, 3, 6, 7, 10, 11, 14, 15,
                              18, 19, 22, 23, 26, 27, 30, 31 };
/* Even halfwords of A || B.  */
static const vu8 even_mask = { 0, 1, 4, 5, 8, 9, 12, 13,
                               16, 17, 20, 21, 24, 25, 28, 29 };
/* Halfwords 15, 13, ..., 1 and 14, 12, ..., 0 of A || B, and 7..0 of
   A: twiddles read backwards for the inverse transform.  */
static const vu8 rodd_mask = { 30, 31, 26, 27, 22, 23, 18, 19,
                               14, 15, 10, 11, 6, 7, 2, 3 };
static const vu8 reven_mask = { 28, 29, 24, 25, 20, 21, 16, 17,
                                12, 13, 8, 9, 4, 5, 0, 1 };
static const vu8 rev_mask = { 14, 15, 12, 13, 10, 11, 8, 9,
                              6, 7, 4, 5, 2, 3, 0, 1 };
/* Base multiplication: (b_2i, c_i) per 32-bit lane, where B is one
   vector of 4 pairs and C the mulcache vector of 8 entries whose
   first (BC0) or second (BC1) half belongs to B; SWAP: (b_2i+1, b_2i).  */
static const vu8 bc0_mask = { 0, 1, 16, 17, 4, 5, 18, 19,
                              8, 9, 20, 21, 12, 13, 22, 23 };
static const vu8 bc1_mask = { 0, 1, 24, 25, 4, 5, 26, 27,
                              8, 9, 28, 29, 12, 13, 30, 31 };
static const vu8 swap_mask = { 2, 3, 0, 1, 6, 7, 4, 5,
                               10, 11, 8, 9, 14, 15, 12, 13 };

#define LD(p)      vec_xl (0, (const short *)(p))
#define ST(v, p)   vec_xst ((v), 0, (short *)(p))
#define SPLAT(x)   vec_splats ((short)(x))

/* lo16 (a * b).  */
static inline v16
mullo (v16 a, v16 b)
{
  return vec_mladd (a, b, SPLAT (0));
}

/* Montgomery product A * Z * 2^-16 mod q, ZQ = Z * q^-1 mod 2^16: the
   portable fqmul.  The 32-bit differences a*z - t*q have zero low
   halves, so their high halves are the exact quotients.  */
static inline v16
fqmul (v16 a, v16 z, v16 zq)
{
  const v16 q = SPLAT (MLKEM_Q);
  v16 t = mullo (a, zq);
  v32 e = vec_sub (vec_mule (a, z), vec_mule (t, q));
  v32 o = vec_sub (vec_mulo (a, z), vec_mulo (t, q));

  return vec_perm ((v16)e, (v16)o, hi_mask);
}

/* Z * q^-1 mod 2^16 for a vector of twiddles.  */
static inline v16
tw_qinv (v16 z)
{
  return mullo (z, SPLAT (MLKEM_QINV));
}

/* The portable Barrett reduction: centered representative for any
   int16_t.  */
static inline v16
barrett (v16 a)
{
  const v16 v = SPLAT (MLKEM_BARRETT_V);
  v16 hi = vec_perm ((v16)vec_mule (a, v), (v16)vec_mulo (a, v), hi_mask);
  v16 t = vec_sra (vec_add (hi, SPLAT (1 << 9)),
                   vec_splats ((unsigned short)10));

  return vec_sub (a, mullo (t, SPLAT (MLKEM_Q)));
}

/* Transpose the 8x8 halfword matrix X[0..7] (rows) in place.  */
static inline void
transpose8 (v16 x[8])
{
  v16 a0, a1, a2, a3, a4, a5, a6, a7;
  v16 b0, b1, b2, b3, b4, b5, b6, b7;

  a0 = vec_mergeh (x[0], x[4]);
  a1 = vec_mergel (x[0], x[4]);
  a2 = vec_mergeh (x[1], x[5]);
  a3 = vec_mergel (x[1], x[5]);
  a4 = vec_mergeh (x[2], x[6]);
  a5 = vec_mergel (x[2], x[6]);
  a6 = vec_mergeh (x[3], x[7]);
  a7 = vec_mergel (x[3], x[7]);
  b0 = vec_mergeh (a0, a4);
  b1 = vec_mergel (a0, a4);
  b2 = vec_mergeh (a1, a5);
  b3 = vec_mergel (a1, a5);
  b4 = vec_mergeh (a2, a6);
  b5 = vec_mergel (a2, a6);
  b6 = vec_mergeh (a3, a7);
  b7 = vec_mergel (a3, a7);
  x[0] = vec_mergeh (b0, b4);
  x[1] = vec_mergel (b0, b4);
  x[2] = vec_mergeh (b1, b5);
  x[3] = vec_mergel (b1, b5);
  x[4] = vec_mergeh (b2, b6);
  x[5] = vec_mergel (b2, b6);
  x[6] = vec_mergeh (b3, b7);
  x[7] = vec_mergel (b3, b7);
}

/* Cooley-Tukey butterfly (portable ntt_layer).  */
#define CT(x, y, z, zq)                         \
  do {                                          \
    v16 t_ = fqmul ((y), (z), (zq));            \
    (y) = vec_sub ((x), t_);                    \
    (x) = vec_add ((x), t_);                    \
  } while (0)

/* Gentleman-Sande butterfly (portable invntt_layer), sum unreduced.  */
#define GS(x, y, z, zq)                                 \
  do {                                                  \
    v16 t_ = (x);                                       \
    (x) = vec_add (t_, (y));                            \
    (y) = fqmul (vec_sub ((y), t_), (z), (zq));         \
  } while (0)


/* One whole-vector layer with distance LEN >= 8 and twiddles
   zetas[K..] (portable ntt_layer).  */
static inline void
ntt_layer_vec (s16 *r, unsigned int len, unsigned int k)
{
  unsigned int start, j;

  for (start = 0; start < MLKEM_N; start += 2 * len)
    {
      v16 z = SPLAT (mlkem_zetas_mont[k++]);
      v16 zq = tw_qinv (z);

      for (j = 0; j < len; j += 8)
        {
          v16 x = LD (r + start + j), y = LD (r + start + j + len);

          CT (x, y, z, zq);
          ST (x, r + start + j);
          ST (y, r + start + j + len);
        }
    }
}

/* FIPS 203 Algorithm 9 (NTT); the portable ntt_generic.  Blocks M of
   64 coefficients are transposed for the distances 4 and 2: row G
   then holds coefficient G of the eight 8-coefficient blocks
   8M..8M+7, so block B = 8M + g uses zetas[32 + B] at distance 4 and
   zetas[64 + 2B] (rows 0-3) and zetas[65 + 2B] (rows 4-7) at
   distance 2.  */
static void
ntt_vsx (mlkem_poly_ntt *rp, const mlkem_poly *ap)
{
  s16 *r = rp->coeffs;
  unsigned int m, i;

  memcpy (r, ap->coeffs, sizeof rp->coeffs);
  ntt_layer_vec (r, 128, 1);
  ntt_layer_vec (r, 64, 2);
  ntt_layer_vec (r, 32, 4);
  ntt_layer_vec (r, 16, 8);
  ntt_layer_vec (r, 8, 16);
  for (m = 0; m < 4; m++)
    {
      s16 *p = r + 64 * m;
      v16 x[8], z, zq, lo, hi;

      for (i = 0; i < 8; i++)
        x[i] = LD (p + 8 * i);
      transpose8 (x);

      z = LD (mlkem_zetas_mont + 32 + 8 * m);
      zq = tw_qinv (z);
      CT (x[0], x[4], z, zq);
      CT (x[1], x[5], z, zq);
      CT (x[2], x[6], z, zq);
      CT (x[3], x[7], z, zq);

      lo = LD (mlkem_zetas_mont + 64 + 16 * m);
      hi = LD (mlkem_zetas_mont + 72 + 16 * m);
      z = vec_perm (lo, hi, even_mask);
      zq = tw_qinv (z);
      CT (x[0], x[2], z, zq);
      CT (x[1], x[3], z, zq);
      z = vec_perm (lo, hi, odd_mask);
      zq = tw_qinv (z);
      CT (x[4], x[6], z, zq);
      CT (x[5], x[7], z, zq);

      for (i = 0; i < 8; i++)
        x[i] = barrett (x[i]);
      transpose8 (x);
      for (i = 0; i < 8; i++)
        ST (x[i], p + 8 * i);
    }
}


/* One whole-vector inverse layer with distance LEN >= 8, twiddles
   zetas[K], zetas[K-1], ..., sums Barrett-reduced when REDUCE
   (portable invntt_layer).  */
static inline void
invntt_layer_vec (s16 *r, unsigned int len, unsigned int k, int reduce)
{
  unsigned int start, j;

  for (start = 0; start < MLKEM_N; start += 2 * len)
    {
      v16 z = SPLAT (mlkem_zetas_mont[k--]);
      v16 zq = tw_qinv (z);

      for (j = 0; j < len; j += 8)
        {
          v16 x = LD (r + start + j), y = LD (r + start + j + len);

          GS (x, y, z, zq);
          if (reduce)
            x = barrett (x);
          ST (x, r + start + j);
          ST (y, r + start + j + len);
        }
    }
}

/* FIPS 203 Algorithm 10 times 2^16; the portable
   invntt_tomont_generic.  In the transposed blocks (see ntt_vsx),
   block B = 8M + g uses zetas[127 - 2B] (rows 0-3) and zetas[126 - 2B]
   (rows 4-7) at distance 2 and zetas[63 - B] at distance 4.  */
static void
invntt_tomont_vsx (mlkem_poly *rp, const mlkem_poly_ntt *ap)
{
  s16 *r = rp->coeffs;
  unsigned int m, i;
  v16 f, fq;

  memcpy (r, ap->coeffs, sizeof rp->coeffs);
  for (m = 0; m < 4; m++)
    {
      s16 *p = r + 64 * m;
      v16 x[8], z, zq, lo, hi;

      for (i = 0; i < 8; i++)
        x[i] = LD (p + 8 * i);
      transpose8 (x);

      lo = LD (mlkem_zetas_mont + 112 - 16 * m);
      hi = LD (mlkem_zetas_mont + 120 - 16 * m);
      z = vec_perm (lo, hi, rodd_mask);
      zq = tw_qinv (z);
      GS (x[0], x[2], z, zq);
      GS (x[1], x[3], z, zq);
      z = vec_perm (lo, hi, reven_mask);
      zq = tw_qinv (z);
      GS (x[4], x[6], z, zq);
      GS (x[5], x[7], z, zq);

      z = LD (mlkem_zetas_mont + 56 - 8 * m);
      z = vec_perm (z, z, rev_mask);
      zq = tw_qinv (z);
      GS (x[0], x[4], z, zq);
      GS (x[1], x[5], z, zq);
      GS (x[2], x[6], z, zq);
      GS (x[3], x[7], z, zq);

      transpose8 (x);
      for (i = 0; i < 8; i++)
        ST (x[i], p + 8 * i);
    }
  invntt_layer_vec (r, 8, 31, 1);
  invntt_layer_vec (r, 16, 15, 0);
  invntt_layer_vec (r, 32, 7, 0);
  invntt_layer_vec (r, 64, 3, 1);
  invntt_layer_vec (r, 128, 1, 0);

  f = SPLAT (MLKEM_INVNTT_F);
  fq = tw_qinv (f);
  for (i = 0; i < MLKEM_N; i += 8)
    ST (fqmul (LD (r + i), f, fq), r + i);
}


/* Entry i of the cache is b_2i+1 * gamma_i * 2^-16 (the portable
   mulcache).  */
static void
mulcache_compute_vsx (mlkem_poly_mulcache *c, const mlkem_poly_ntt *b)
{
  unsigned int i;

  for (i = 0; i < MLKEM_N / 2; i += 8)
    {
      v16 odd = vec_perm (LD (b->coeffs + 2 * i), LD (b->coeffs + 2 * i + 8),
                          odd_mask);
      v16 g = LD (mlkem_gammas_mont + i);

      ST (fqmul (odd, g, tw_qinv (g)), c->coeffs + i);
    }
}


/* Montgomery reduction of the 32-bit lanes of E (results to the even
   halfwords) and O (to the odd ones): the portable montgomery_reduce,
   t = lo16 (x * q^-1) sign-extended, result hi16 (x - t q).  */
static inline v16
mont_reduce32 (v32 e, v32 o)
{
  const v32 qinv = vec_splats ((int)MLKEM_QINV);
  const v32 q = vec_splats ((int)MLKEM_Q);
  const vector unsigned int sh = vec_splats (16u);
  v32 te = vec_sra (vec_sl (vec_mul (e, qinv), sh), sh);
  v32 to = vec_sra (vec_sl (vec_mul (o, qinv), sh), sh);

  e = vec_sub (e, vec_mul (te, q));
  o = vec_sub (o, vec_mul (to, q));
  return vec_perm ((v16)e, (v16)o, hi_mask);
}

/* The portable basemul_acc: per pair i, 32-bit sums over j of
   a_2i b_2i + a_2i+1 c_i (even) and a_2i b_2i+1 + a_2i+1 b_2i (odd),
   each a vmsumshm on the pairs (a_2i, a_2i+1) and (b_2i, c_i) or
   (b_2i+1, b_2i); the sums are exact in 32 bits (see the portable
   kernel), so one Montgomery reduction gives the same result.  The
   partial sums stay in registers.  */
static void
basemul_acc_vsx (mlkem_poly_ntt *r, const mlkem_poly_ntt *a,
                 const mlkem_poly_ntt *b, const mlkem_poly_mulcache *bc,
                 unsigned int k)
{
  unsigned int v, j;

  for (v = 0; v < MLKEM_N / 8; v++)
    {
      const vu8 bcm = (v & 1) ? bc1_mask : bc0_mask;
      v32 even = vec_splats (0), odd = vec_splats (0);

      for (j = 0; j < k; j++)
        {
          v16 av = LD (a[j].coeffs + 8 * v);
          v16 bv = LD (b[j].coeffs + 8 * v);
          v16 cv = LD (bc[j].coeffs + 8 * (v / 2));

          even = vec_msum (av, vec_perm (bv, cv, bcm), even);
          odd = vec_msum (av, vec_perm (bv, bv, swap_mask), odd);
        }
      ST (mont_reduce32 (even, odd), r->coeffs + 8 * v);
    }
}


/* C_i mod q in [0, q): Barrett, then add q to negative values.  */
static void
reduce_vsx (s16 c[MLKEM_N])
{
  const v16 q = SPLAT (MLKEM_Q);
  const vector unsigned short s15 = vec_splats ((unsigned short)15);
  unsigned int i;

  for (i = 0; i < MLKEM_N; i += 8)
    {
      v16 x = barrett (LD (c + i));

      ST (vec_add (x, vec_and (vec_sra (x, s15), q)), c + i);
    }
}

/* C_i * R: Montgomery product with R^2 mod q.  */
static void
tomont_vsx (s16 c[MLKEM_N])
{
  const v16 f = SPLAT (MLKEM_MONT_R2);
  const v16 fq = tw_qinv (f);
  unsigned int i;

  for (i = 0; i < MLKEM_N; i += 8)
    ST (fqmul (LD (c + i), f, fq), c + i);
}


/* The entries not written here forward to the portable set (a table
   initialiser cannot copy them, and those kernels are compiled
   without VSX flags, as they should be).  */
static void
poly_ntt_tobytes_fwd (byte r[MLKEM_POLYBYTES], const mlkem_poly_ntt *a)
{
  _gcry_mlkem_ops_generic.poly_ntt_tobytes (r, a);
}

static void
poly_ntt_frombytes_fwd (mlkem_poly_ntt *r, const byte a[MLKEM_POLYBYTES])
{
  _gcry_mlkem_ops_generic.poly_ntt_frombytes (r, a);
}

static void
gen_matrix_ntt_fwd (mlkem_poly_ntt *a, const byte rho[MLKEM_SYMBYTES],
                    unsigned int k, int transposed)
{
  _gcry_mlkem_ops_generic.gen_matrix_ntt (a, rho, k, transposed);
}

static void
poly_cbd_eta2_fwd (mlkem_poly *r, const byte buf[128])
{
  _gcry_mlkem_ops_generic.poly_cbd_eta2 (r, buf);
}

static void
poly_cbd_eta3_fwd (mlkem_poly *r, const byte buf[192])
{
  _gcry_mlkem_ops_generic.poly_cbd_eta3 (r, buf);
}

const mlkem_ops_t _gcry_mlkem_ops_vsx =
  {
    "vsx",
    ntt_vsx,
    invntt_tomont_vsx,
    mulcache_compute_vsx,
    basemul_acc_vsx,
    reduce_vsx,
    tomont_vsx,
    poly_ntt_tobytes_fwd,
    poly_ntt_frombytes_fwd,
    gen_matrix_ntt_fwd,
    poly_cbd_eta2_fwd,
    poly_cbd_eta3_fwd
  };

#endif /*USE_MLKEM && USE_MLKEM_VSX*/
