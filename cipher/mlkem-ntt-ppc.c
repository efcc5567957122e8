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
 * and later: NTT, NTT^-1, the base multiplication and its cache,
 * REDUCE, TOMONT, ByteEncode_12/ByteDecode_12 and SamplePolyCBD.
 * REJ_UNIFORM, the scalar rejection step of SampleNTT, forwards to the
 * portable set.  NTT-domain
 * polynomials keep the standard order of FIPS 203, and every kernel
 * computes, lane by lane, the same integer operations as the portable
 * kernel of cipher/mlkem-poly-generic.c, so the results are
 * bit-identical, not only equal mod q (and the bound analysis there
 * applies unchanged).  The byte-level kernels are vperm shuffles
 * around the portable formulas; their comments say which.
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
   (to the odd ones); LO_MASK: the low halves.  */
#ifdef __LITTLE_ENDIAN__
static const vu8 hi_mask = { 2, 3, 18, 19, 6, 7, 22, 23,
                             10, 11, 26, 27, 14, 15, 30, 31 };
static const vu8 lo_mask = { 0, 1, 16, 17, 4, 5, 20, 21,
                             8, 9, 24, 25, 12, 13, 28, 29 };
#else
static const vu8 hi_mask = { 0, 1, 16, 17, 4, 5, 20, 21,
                             8, 9, 24, 25, 12, 13, 28, 29 };
static const vu8 lo_mask = { 2, 3, 18, 19, 6, 7, 22, 23,
                             10, 11, 26, 27, 14, 15, 30, 31 };
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
   halfwords) and O (to the odd ones): the portable montgomery_reduce.
   t = lo16 (x) * q^-1 mod 2^16 is formed on the gathered low halves
   with one vmladduhm, t q in 32 bits with vmulesh/vmulosh, and the
   result is hi16 (x - t q).  */
static inline v16
mont_reduce32 (v32 e, v32 o)
{
  const v16 q = SPLAT (MLKEM_Q);
  v16 t = mullo (vec_perm ((v16)e, (v16)o, lo_mask), SPLAT (MLKEM_QINV));

  e = vec_sub (e, vec_mule (t, q));
  o = vec_sub (o, vec_mulo (t, q));
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

  /* Two vectors of pairs per step share one vector of the cache.  */
  for (v = 0; v < MLKEM_N / 16; v++)
    {
      v32 even0 = vec_splats (0), odd0 = vec_splats (0);
      v32 even1 = vec_splats (0), odd1 = vec_splats (0);

      for (j = 0; j < k; j++)
        {
          v16 a0 = LD (a[j].coeffs + 16 * v), a1 = LD (a[j].coeffs + 16 * v + 8);
          v16 b0 = LD (b[j].coeffs + 16 * v), b1 = LD (b[j].coeffs + 16 * v + 8);
          v16 cv = LD (bc[j].coeffs + 8 * v);

          even0 = vec_msum (a0, vec_perm (b0, cv, bc0_mask), even0);
          odd0 = vec_msum (a0, vec_perm (b0, b0, swap_mask), odd0);
          even1 = vec_msum (a1, vec_perm (b1, cv, bc1_mask), even1);
          odd1 = vec_msum (a1, vec_perm (b1, b1, swap_mask), odd1);
        }
      ST (mont_reduce32 (even0, odd0), r->coeffs + 16 * v);
      ST (mont_reduce32 (even1, odd1), r->coeffs + 16 * v + 8);
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


/* Byte positions for the vperm masks of the byte-level kernels below:
   HW (LO, HI) lists, in memory order, the bytes that make a halfword
   lane LO + 256 HI; WB (I, B) is the memory position of value byte B
   (0 = least significant) of 32-bit lane I.  */
#ifdef __LITTLE_ENDIAN__
# define HW(lo, hi)  (lo), (hi)
# define WB(i, b)    (4 * (i) + (b))
#else
# define HW(lo, hi)  (hi), (lo)
# define WB(i, b)    (4 * (i) + 3 - (b))
#endif
#define LDB(p)     vec_xl (0, (const unsigned char *)(p))
#define STB(v, p)  vec_xst ((v), 0, (unsigned char *)(p))

typedef vector unsigned short vu16;
typedef vector unsigned int vu32;

/* ByteEncode_12 (FIPS 203 Algorithm 5) of 0 <= a_i < 4096: vmsumuhm
   with (1, 4096) forms c_2i + 4096 c_2i+1 in 32-bit lane i, and three
   vperms pick the low three bytes of the 16 lanes of 32 coefficients
   into 48 output bytes.  */
static void
poly_ntt_tobytes_vsx (byte r[MLKEM_POLYBYTES], const mlkem_poly_ntt *a)
{
  static const vu8 m0 = { WB (0, 0), WB (0, 1), WB (0, 2),
                          WB (1, 0), WB (1, 1), WB (1, 2),
                          WB (2, 0), WB (2, 1), WB (2, 2),
                          WB (3, 0), WB (3, 1), WB (3, 2),
                          16 + WB (0, 0), 16 + WB (0, 1), 16 + WB (0, 2),
                          16 + WB (1, 0) };
  static const vu8 m1 = { WB (1, 1), WB (1, 2),
                          WB (2, 0), WB (2, 1), WB (2, 2),
                          WB (3, 0), WB (3, 1), WB (3, 2),
                          16 + WB (0, 0), 16 + WB (0, 1), 16 + WB (0, 2),
                          16 + WB (1, 0), 16 + WB (1, 1), 16 + WB (1, 2),
                          16 + WB (2, 0), 16 + WB (2, 1) };
  static const vu8 m2 = { WB (2, 2),
                          WB (3, 0), WB (3, 1), WB (3, 2),
                          16 + WB (0, 0), 16 + WB (0, 1), 16 + WB (0, 2),
                          16 + WB (1, 0), 16 + WB (1, 1), 16 + WB (1, 2),
                          16 + WB (2, 0), 16 + WB (2, 1), 16 + WB (2, 2),
                          16 + WB (3, 0), 16 + WB (3, 1), 16 + WB (3, 2) };
  const vu16 f = { 1, 4096, 1, 4096, 1, 4096, 1, 4096 };
  const vu32 zero = vec_splats (0u);
  unsigned int i;

  for (i = 0; i < MLKEM_N / 32; i++)
    {
      const s16 *c = a->coeffs + 32 * i;
      vu8 w0 = (vu8)vec_msum ((vu16)LD (c), f, zero);
      vu8 w1 = (vu8)vec_msum ((vu16)LD (c + 8), f, zero);
      vu8 w2 = (vu8)vec_msum ((vu16)LD (c + 16), f, zero);
      vu8 w3 = (vu8)vec_msum ((vu16)LD (c + 24), f, zero);

      STB (vec_perm (w0, w1, m0), r + 48 * i);
      STB (vec_perm (w1, w2, m1), r + 48 * i + 16);
      STB (vec_perm (w2, w3, m2), r + 48 * i + 32);
    }
}

/* ByteDecode_12 without the reduction: a vperm gives halfword lane
   2i the bytes 3i, 3i+1 and lane 2i+1 the bytes 3i+1, 3i+2; the odd
   lanes are shifted right by 4 and all masked to 12 bits.  The second
   half of each 24-byte group is loaded from offset 8 (not 12), so no
   load passes the end of the input.  */
static void
poly_ntt_frombytes_vsx (mlkem_poly_ntt *r, const byte a[MLKEM_POLYBYTES])
{
  static const vu8 m0 = { HW (0, 1), HW (1, 2), HW (3, 4), HW (4, 5),
                          HW (6, 7), HW (7, 8), HW (9, 10), HW (10, 11) };
  static const vu8 m1 = { HW (4, 5), HW (5, 6), HW (7, 8), HW (8, 9),
                          HW (10, 11), HW (11, 12), HW (13, 14),
                          HW (14, 15) };
  const vu16 sh = { 0, 4, 0, 4, 0, 4, 0, 4 };
  const vu16 mask = vec_splats ((unsigned short)0xfff);
  unsigned int i;

  for (i = 0; i < MLKEM_N / 16; i++)
    {
      vu8 x0 = LDB (a + 24 * i), x1 = LDB (a + 24 * i + 8);
      vu16 c0 = vec_and (vec_sr ((vu16)vec_perm (x0, x0, m0), sh), mask);
      vu16 c1 = vec_and (vec_sr ((vu16)vec_perm (x1, x1, m1), sh), mask);

      ST ((v16)c0, r->coeffs + 16 * i);
      ST ((v16)c1, r->coeffs + 16 * i + 8);
    }
}

/* SamplePolyCBD_2 (FIPS 203 Algorithm 8): per byte the 2-bit sums of
   the portable kernel, d = (b & 0x55) + ((b >> 1) & 0x55), on 16 bytes
   at once; a vperm puts byte i into halfword lanes 2i and 2i+1 (high
   byte zero), and the lanes take (d & 3) - ((d >> 2) & 3) of d or of
   d >> 4.  */
static void
poly_cbd_eta2_vsx (mlkem_poly *r, const byte buf[128])
{
  /* Separate constants, not an array: a vperm mask that the compiler
     knows is adjusted for little endian at compile time.  */
  static const vu8 m0 = { HW (0, 16), HW (0, 16), HW (1, 16), HW (1, 16),
                          HW (2, 16), HW (2, 16), HW (3, 16), HW (3, 16) };
  static const vu8 m1 = { HW (4, 16), HW (4, 16), HW (5, 16), HW (5, 16),
                          HW (6, 16), HW (6, 16), HW (7, 16), HW (7, 16) };
  static const vu8 m2 = { HW (8, 16), HW (8, 16), HW (9, 16), HW (9, 16),
                          HW (10, 16), HW (10, 16), HW (11, 16), HW (11, 16) };
  static const vu8 m3 = { HW (12, 16), HW (12, 16), HW (13, 16), HW (13, 16),
                          HW (14, 16), HW (14, 16), HW (15, 16), HW (15, 16) };
  const vu8 m55 = vec_splats ((unsigned char)0x55);
  const vu8 zero = vec_splats ((unsigned char)0);
  const vu16 sh = { 0, 4, 0, 4, 0, 4, 0, 4 };
  const vu16 three = vec_splats ((unsigned short)3);
  const vu16 two = vec_splats ((unsigned short)2);
  unsigned int i;

#define CBD2_LANES(m, off)                                              \
  do {                                                                  \
    vu16 x_ = vec_sr ((vu16)vec_perm (d, zero, (m)), sh);               \
    ST (vec_sub ((v16)vec_and (x_, three),                              \
                 (v16)vec_and (vec_sr (x_, two), three)),               \
        r->coeffs + 32 * i + (off));                                    \
  } while (0)

  for (i = 0; i < 128 / 16; i++)
    {
      vu8 b = LDB (buf + 16 * i);
      vu8 d = vec_add (vec_and (b, m55),
                       vec_and (vec_sr (b, vec_splats ((unsigned char)1)),
                                m55));

      CBD2_LANES (m0, 0);
      CBD2_LANES (m1, 8);
      CBD2_LANES (m2, 16);
      CBD2_LANES (m3, 24);
    }
#undef CBD2_LANES
}

/* SamplePolyCBD_3: the portable 3-bit sums over each 24-bit group t,
   d = (t & 0x249249) + ((t >> 1) & 0x249249) + ((t >> 2) & 0x249249),
   in 32-bit lanes (12 input bytes per step); then halfword lane 4w+j
   gets the two bytes of d_w that hold bits 6j..6j+5, shifted by
   0, 6, 4, 10 and masked, and coefficient j is (x & 7) - (x >> 3).
   The last step loads from 4 bytes earlier (mask shifted), so no load
   passes the end of the input.  */
static void
poly_cbd_eta3_vsx (mlkem_poly *r, const byte buf[192])
{
  static const unsigned char wm[16] =
    {
      [WB (0, 0)] = 0, [WB (0, 1)] = 1, [WB (0, 2)] = 2, [WB (0, 3)] = 16,
      [WB (1, 0)] = 3, [WB (1, 1)] = 4, [WB (1, 2)] = 5, [WB (1, 3)] = 16,
      [WB (2, 0)] = 6, [WB (2, 1)] = 7, [WB (2, 2)] = 8, [WB (2, 3)] = 16,
      [WB (3, 0)] = 9, [WB (3, 1)] = 10, [WB (3, 2)] = 11, [WB (3, 3)] = 16
    };
  static const vu8 h0 = { HW (WB (0, 0), WB (0, 1)), HW (WB (0, 0), WB (0, 1)),
                          HW (WB (0, 1), WB (0, 2)), HW (WB (0, 1), WB (0, 2)),
                          HW (WB (1, 0), WB (1, 1)), HW (WB (1, 0), WB (1, 1)),
                          HW (WB (1, 1), WB (1, 2)), HW (WB (1, 1), WB (1, 2)) };
  static const vu8 h1 = { HW (WB (2, 0), WB (2, 1)), HW (WB (2, 0), WB (2, 1)),
                          HW (WB (2, 1), WB (2, 2)), HW (WB (2, 1), WB (2, 2)),
                          HW (WB (3, 0), WB (3, 1)), HW (WB (3, 0), WB (3, 1)),
                          HW (WB (3, 1), WB (3, 2)), HW (WB (3, 1), WB (3, 2)) };
  const vu8 zero = vec_splats ((unsigned char)0);
  const vu32 m249 = vec_splats (0x249249u);
  const vu16 sh = { 0, 6, 4, 10, 0, 6, 4, 10 };
  const vu16 m63 = vec_splats ((unsigned short)63);
  const vu16 seven = vec_splats ((unsigned short)7);
  const vu16 three = vec_splats ((unsigned short)3);
  const vu8 wmask = LDB (wm);
  unsigned int i;

  for (i = 0; i < 192 / 12; i++)
    {
      /* Public loop index only: the last group sits at offset 4 of
         the vector loaded from 176.  */
      unsigned int off = 12 * i <= 176 ? 0 : 4;
      vu8 b = LDB (buf + 12 * i - off);
      vu8 idx = vec_add (wmask, vec_splats ((unsigned char)off));
      vu32 t, d;
      vu16 x0, x1;

      /* Entries 16 (zero) stay 16 + off, which still selects zero
         bytes as OFF is at most 4 and ZERO fills 16..31.  */
      t = (vu32)vec_perm (b, zero, idx);
      d = vec_add (vec_add (vec_and (t, m249),
                            vec_and (vec_sr (t, vec_splats (1u)), m249)),
                   vec_and (vec_sr (t, vec_splats (2u)), m249));
      x0 = vec_and (vec_sr ((vu16)vec_perm ((vu8)d, zero, h0), sh), m63);
      x1 = vec_and (vec_sr ((vu16)vec_perm ((vu8)d, zero, h1), sh), m63);
      ST (vec_sub ((v16)vec_and (x0, seven), (v16)vec_sr (x0, three)),
          r->coeffs + 16 * i);
      ST (vec_sub ((v16)vec_and (x1, seven), (v16)vec_sr (x1, three)),
          r->coeffs + 16 * i + 8);
    }
}


/* The rejection step of SampleNTT forwards to the portable set (a
   table initialiser cannot copy the entry); the SHAKE128 streams
   around it, which dominate, run on the Keccak that keccak.h
   dispatches to VSX.  */
static unsigned int
rej_uniform_fwd (mlkem_poly_ntt *r, unsigned int ctr, const byte *buf,
                 unsigned int buflen)
{
  return _gcry_mlkem_ops_generic.rej_uniform (r, ctr, buf, buflen);
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
    poly_ntt_tobytes_vsx,
    poly_ntt_frombytes_vsx,
    rej_uniform_fwd,
    poly_cbd_eta2_vsx,
    poly_cbd_eta3_vsx,
    _gcry_mlkem_poly_compress,
    _gcry_mlkem_poly_decompress
  };

#endif /*USE_MLKEM && USE_MLKEM_VSX*/
