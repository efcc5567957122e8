/* mldsa-ntt-ppc.c - ML-DSA kernels with PowerPC VSX
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

/* The kernel set "vsx" of ML-DSA (contract: mldsa-ops.h), written
 * with the GCC vector intrinsics of <altivec.h> for POWER8 (ISA 2.07)
 * and later: the NTT, the inverse NTT, the two pointwise products,
 * REDUCE, CADDQ, Power2Round, MakeHint, UseHint and the norm check.
 * Decompose and the samplers (Keccak-bound, and the Keccak is already
 * dispatched to VSX by keccak.h) forward to the portable set.  The NTT
 * domain keeps the standard order of FIPS 204, and every kernel
 * computes, lane by lane, the same integer operations as the portable
 * kernel of cipher/mldsa-poly-generic.c, so the results are
 * bit-identical (and the bound analysis there applies unchanged).
 *
 * Vectors hold four 32-bit coefficients.  ISA 2.07 brought what the
 * portable arithmetic needs: vmuluwm (32-bit low product, vec_mul),
 * vmuleuw/vmulouw (unsigned 32x32->64 products of the even and odd
 * lanes, vec_mule/vec_mulo) and 64-bit add/subtract.  The high words
 * of the even and odd 64-bit products are interleaved back by one
 * vperm, so a Shoup product costs two wide and two low multiplies.
 * The transforms use the standard tables of mldsa-tables.h: the
 * layers with distance >= 4 splat one twiddle; for the distances 2
 * and 1, four groups of four coefficients are transposed (4x4 words),
 * after which the twiddles of four consecutive groups are one
 * unaligned load (plus a vperm where the portable code reads every
 * other entry).
 *
 * The vperm masks index bytes in array (memory) order, as GCC defines
 * vec_perm on both endiannesses; only the position of the high and
 * low word of a 64-bit lane depends on the byte order.
 *
 * Built with PPC_VSX_CFLAGS (-mcpu=power8 -mvsx); used by mldsa.c when
 * _gcry_get_hw_features () reports HWF_PPC_ARCH_2_07.  No branch or
 * index depends on coefficient values.  */

#include <config.h>

#include "g10lib.h"
#include "mldsa-ops.h"

#if defined(USE_MLDSA) && defined(USE_MLDSA_VSX)

#if !defined(__VSX__) || !defined(_ARCH_PWR8)
# error "mldsa-ntt-ppc.c needs -mcpu=power8 -mvsx"
#endif

#include <altivec.h>

#include "mldsa-tables.h"

typedef vector unsigned int vu32;
typedef vector signed int vs32;
typedef vector unsigned long long vu64;
typedef vector unsigned char vu8;

/* High words of the 64-bit lanes of E (to the even words) and O (to
   the odd ones); LO_MASK: the low words.  */
#ifdef __LITTLE_ENDIAN__
static const vu8 hi_mask = { 4, 5, 6, 7, 20, 21, 22, 23,
                             12, 13, 14, 15, 28, 29, 30, 31 };
static const vu8 lo_mask = { 0, 1, 2, 3, 16, 17, 18, 19,
                             8, 9, 10, 11, 24, 25, 26, 27 };
#else
static const vu8 hi_mask = { 0, 1, 2, 3, 16, 17, 18, 19,
                             8, 9, 10, 11, 24, 25, 26, 27 };
static const vu8 lo_mask = { 4, 5, 6, 7, 20, 21, 22, 23,
                             12, 13, 14, 15, 28, 29, 30, 31 };
#endif
/* Even and odd words of A || B.  */
static const vu8 even_mask = { 0, 1, 2, 3, 8, 9, 10, 11,
                               16, 17, 18, 19, 24, 25, 26, 27 };
static const vu8 odd_mask = { 4, 5, 6, 7, 12, 13, 14, 15,
                              20, 21, 22, 23, 28, 29, 30, 31 };

#define LD(p)      vec_xl (0, (const unsigned int *)(p))
#define ST(v, p)   vec_xst ((v), 0, (unsigned int *)(p))
#define SPLAT(x)   vec_splats ((unsigned int)(x))

/* The portable mul_shoup: A Z - floor (A ZS / 2^32) q mod 2^32.  */
static inline vu32
mul_shoup (vu32 a, vu32 z, vu32 zs)
{
  vu32 t = vec_perm ((vu32)vec_mule (a, zs), (vu32)vec_mulo (a, zs),
                     hi_mask);

  return vec_sub (vec_mul (a, z), vec_mul (t, SPLAT (MLDSA_Q)));
}

/* The portable montgomery_reduce_u64 of the 64-bit lanes of E (results
   to the even words) and O (to the odd ones).  */
static inline vu32
mont_reduce64 (vu64 e, vu64 o)
{
  const vu32 q = SPLAT (MLDSA_Q);
  vu32 t = vec_mul (vec_perm ((vu32)e, (vu32)o, lo_mask),
                    SPLAT (MLDSA_QINV));

  e = vec_sub (e, vec_mule (t, q));
  o = vec_sub (o, vec_mulo (t, q));
  return vec_perm ((vu32)e, (vu32)o, hi_mask);
}

/* Transpose the 4x4 word matrix X[0..3] (rows) in place.  */
static inline void
transpose4 (vu32 x[4])
{
  vu64 t0 = (vu64)vec_mergeh (x[0], x[1]);
  vu64 t1 = (vu64)vec_mergel (x[0], x[1]);
  vu64 t2 = (vu64)vec_mergeh (x[2], x[3]);
  vu64 t3 = (vu64)vec_mergel (x[2], x[3]);

  x[0] = (vu32)vec_mergeh (t0, t2);
  x[1] = (vu32)vec_mergel (t0, t2);
  x[2] = (vu32)vec_mergeh (t1, t3);
  x[3] = (vu32)vec_mergel (t1, t3);
}

/* Forward butterfly of the portable transform: X + t, X - t + 2q with
   t the Shoup product of Y.  */
#define CT(x, y, z, zs)                                         \
  do {                                                          \
    vu32 t_ = mul_shoup ((y), (z), (zs));                       \
    (y) = vec_add (vec_sub ((x), t_), SPLAT (2 * MLDSA_Q));     \
    (x) = vec_add ((x), t_);                                    \
  } while (0)

/* Inverse butterfly: X + Y, Shoup product of Y - X + BOUND.  */
#define GS(x, y, z, zs, bound)                                          \
  do {                                                                  \
    vu32 u_ = (x);                                                      \
    (x) = vec_add (u_, (y));                                            \
    (y) = mul_shoup (vec_add (vec_sub ((y), u_), (bound)), (z), (zs));  \
  } while (0)


/* One forward layer with distance LEN >= 4 (portable ntt_layer).  */
static inline void
ntt_layer_vec (u32 *a, unsigned int len, unsigned int k0)
{
  unsigned int start, j;

  for (start = 0; start < MLDSA_N; start += 2 * len)
    {
      unsigned int k = k0 + start / (2 * len);
      vu32 z = SPLAT (mldsa_zetas_plain[k]), zs = SPLAT (mldsa_zetas_shoup[k]);

      for (j = 0; j < len; j += 4)
        {
          vu32 x = LD (a + start + j), y = LD (a + start + j + len);

          CT (x, y, z, zs);
          ST (x, a + start + j);
          ST (y, a + start + j + len);
        }
    }
}

/* FIPS 204 Algorithm 41; the portable ntt_generic.  For the distances
   2 and 1 the groups 4M..4M+3 of four coefficients are transposed, so
   that row R holds coefficient R of each: group i = 4M + g uses
   zetas[64 + i] (rows 0/2, 1/3), then zetas[128 + 2i] (rows 0/1) and
   zetas[129 + 2i] (rows 2/3).  */
static void
ntt_vsx (mldsa_poly_t *p)
{
  u32 *a = (u32 *)p->coeffs;
  const vu32 q = SPLAT (MLDSA_Q), q9 = SPLAT (9 * MLDSA_Q);
  unsigned int m, i;

  for (i = 0; i < MLDSA_N; i += 4)
    ST (vec_add (LD (a + i), q), a + i);
  ntt_layer_vec (a, 128, 1);
  ntt_layer_vec (a, 64, 2);
  ntt_layer_vec (a, 32, 4);
  ntt_layer_vec (a, 16, 8);
  ntt_layer_vec (a, 8, 16);
  ntt_layer_vec (a, 4, 32);
  for (m = 0; m < MLDSA_N / 16; m++)
    {
      u32 *c = a + 16 * m;
      vu32 x[4], z, zs, lo, hi, los, his;

      for (i = 0; i < 4; i++)
        x[i] = LD (c + 4 * i);
      transpose4 (x);

      z = LD (mldsa_zetas_plain + 64 + 4 * m);
      zs = LD (mldsa_zetas_shoup + 64 + 4 * m);
      CT (x[0], x[2], z, zs);
      CT (x[1], x[3], z, zs);

      lo = LD (mldsa_zetas_plain + 128 + 8 * m);
      hi = LD (mldsa_zetas_plain + 132 + 8 * m);
      los = LD (mldsa_zetas_shoup + 128 + 8 * m);
      his = LD (mldsa_zetas_shoup + 132 + 8 * m);
      CT (x[0], x[1], vec_perm (lo, hi, even_mask),
          vec_perm (los, his, even_mask));
      CT (x[2], x[3], vec_perm (lo, hi, odd_mask),
          vec_perm (los, his, odd_mask));

      for (i = 0; i < 4; i++)
        x[i] = vec_sub (x[i], q9);
      transpose4 (x);
      for (i = 0; i < 4; i++)
        ST (x[i], c + 4 * i);
    }
}


/* One inverse layer with distance LEN >= 4 (portable invntt_layer).  */
static inline void
invntt_layer_vec (u32 *a, unsigned int len, unsigned int k0, u32 bound)
{
  const vu32 b = SPLAT (bound);
  unsigned int start, j;

  for (start = 0; start < MLDSA_N; start += 2 * len)
    {
      unsigned int k = k0 - start / (2 * len);
      vu32 z = SPLAT (mldsa_zetas_plain[k]), zs = SPLAT (mldsa_zetas_shoup[k]);

      for (j = 0; j < len; j += 4)
        {
          vu32 x = LD (a + start + j), y = LD (a + start + j + len);

          GS (x, y, z, zs, b);
          ST (x, a + start + j);
          ST (y, a + start + j + len);
        }
    }
}

/* FIPS 204 Algorithm 42 times 2^32; the portable
   invntt_tomont_generic.  In the transposed groups (see ntt_vsx),
   group i = 4M + g uses zetas_inv[2i] (rows 0/1), zetas_inv[2i + 1]
   (rows 2/3), then zetas_inv[128 + i] (rows 0/2, 1/3).  */
static void
invntt_tomont_vsx (mldsa_poly_t *p)
{
  u32 *a = (u32 *)p->coeffs;
  const vu32 q = SPLAT (MLDSA_Q);
  const vu32 b2 = SPLAT (2 * MLDSA_Q), b4 = SPLAT (4 * MLDSA_Q);
  const vu32 fp = SPLAT (MLDSA_INVNTT_FP), fps = SPLAT (MLDSA_INVNTT_FP_SHOUP);
  const vu32 gp = SPLAT (MLDSA_INVNTT_GP), gps = SPLAT (MLDSA_INVNTT_GP_SHOUP);
  const vu32 b256 = SPLAT (256 * MLDSA_Q);
  const vu32 s31 = SPLAT (31);
  unsigned int m, i;

  for (m = 0; m < MLDSA_N / 16; m++)
    {
      u32 *c = a + 16 * m;
      vu32 x[4], z, zs, lo, hi, los, his;

      for (i = 0; i < 4; i++)
        x[i] = vec_add (LD (c + 4 * i), q);
      transpose4 (x);

      lo = LD (mldsa_zetas_inv_plain + 8 * m);
      hi = LD (mldsa_zetas_inv_plain + 4 + 8 * m);
      los = LD (mldsa_zetas_inv_shoup + 8 * m);
      his = LD (mldsa_zetas_inv_shoup + 4 + 8 * m);
      GS (x[0], x[1], vec_perm (lo, hi, even_mask),
          vec_perm (los, his, even_mask), b2);
      GS (x[2], x[3], vec_perm (lo, hi, odd_mask),
          vec_perm (los, his, odd_mask), b2);

      z = LD (mldsa_zetas_inv_plain + 128 + 4 * m);
      zs = LD (mldsa_zetas_inv_shoup + 128 + 4 * m);
      GS (x[0], x[2], z, zs, b4);
      GS (x[1], x[3], z, zs, b4);

      transpose4 (x);
      for (i = 0; i < 4; i++)
        ST (x[i], c + 4 * i);
    }
  invntt_layer_vec (a, 4, 63, 8 * MLDSA_Q);
  invntt_layer_vec (a, 8, 31, 16 * MLDSA_Q);
  invntt_layer_vec (a, 16, 15, 32 * MLDSA_Q);
  invntt_layer_vec (a, 32, 7, 64 * MLDSA_Q);
  invntt_layer_vec (a, 64, 3, 128 * MLDSA_Q);

  /* Last layer merged with the scaling, then one conditional
     subtraction (an arithmetic shift gives the mask).  */
  for (i = 0; i < MLDSA_N / 2; i += 4)
    {
      vu32 u = LD (a + i), v = LD (a + i + 128), x, y;

      x = vec_sub (mul_shoup (vec_add (u, v), fp, fps), q);
      y = vec_sub (mul_shoup (vec_add (vec_sub (v, u), b256), gp, gps), q);
      x = vec_add (x, vec_and (q, (vu32)vec_sra ((vs32)x, s31)));
      y = vec_add (y, vec_and (q, (vu32)vec_sra ((vs32)y, s31)));
      ST (x, a + i);
      ST (y, a + i + 128);
    }
}


/* The portable pointwise: both inputs moved up by 9q, one Montgomery
   reduction of the unsigned 64-bit product.  */
static void
pointwise_vsx (mldsa_poly_t *r, const mldsa_poly_t *a, const mldsa_poly_t *b)
{
  const vu32 q9 = SPLAT (9 * MLDSA_Q);
  unsigned int i;

  for (i = 0; i < MLDSA_N; i += 4)
    {
      vu32 x = vec_add (LD (a->coeffs + i), q9);
      vu32 y = vec_add (LD (b->coeffs + i), q9);

      ST (mont_reduce64 (vec_mule (x, y), vec_mulo (x, y)), r->coeffs + i);
    }
}

/* The portable pointwise_acc: A[j] moved up by q, B[j] by 9q, the
   unsigned 64-bit products summed (in registers, per four
   coefficients) and reduced once.  Like the portable kernel it reads
   the first pair even for N = 0.  */
static void
pointwise_acc_vsx (mldsa_poly_t *r, const mldsa_poly_t *a,
                   const mldsa_poly_t *b, unsigned int n)
{
  const vu32 q = SPLAT (MLDSA_Q), q9 = SPLAT (9 * MLDSA_Q);
  unsigned int i, j, cnt = n ? n : 1;

  for (i = 0; i < MLDSA_N; i += 4)
    {
      vu64 e = vec_splats (0ULL), o = vec_splats (0ULL);

      for (j = 0; j < cnt; j++)
        {
          vu32 x = vec_add (LD (a[j].coeffs + i), q);
          vu32 y = vec_add (LD (b[j].coeffs + i), q9);

          e = vec_add (e, vec_mule (x, y));
          o = vec_add (o, vec_mulo (x, y));
        }
      ST (mont_reduce64 (e, o), r->coeffs + i);
    }
}


/* a - round (a / 2^23) q, as the portable reduce.  */
static void
reduce_vsx (mldsa_poly_t *p)
{
  const vs32 q = vec_splats ((int)MLDSA_Q);
  const vs32 half = vec_splats (1 << 22);
  const vu32 s23 = SPLAT (23);
  unsigned int i;

  for (i = 0; i < MLDSA_N; i += 4)
    {
      vs32 x = (vs32)LD (p->coeffs + i);
      vs32 t = vec_sra (vec_add (x, half), s23);

      ST ((vu32)vec_sub (x, vec_mul (t, q)), p->coeffs + i);
    }
}

/* a + q where a < 0.  */
static void
caddq_vsx (mldsa_poly_t *p)
{
  const vs32 q = vec_splats ((int)MLDSA_Q);
  const vu32 s31 = SPLAT (31);
  unsigned int i;

  for (i = 0; i < MLDSA_N; i += 4)
    {
      vs32 x = (vs32)LD (p->coeffs + i);

      ST ((vu32)vec_add (x, vec_and (vec_sra (x, s31), q)), p->coeffs + i);
    }
}


/* Power2Round with d = 13, as the portable kernel:
   a1 = (a + 2^12 - 1) >> 13, a0 = a - a1 2^13.  A1 may alias A.  */
static void
power2round_vsx (mldsa_poly_t *a1, mldsa_poly_t *a0, const mldsa_poly_t *a)
{
  const vs32 h = vec_splats ((1 << (MLDSA_D - 1)) - 1);
  const vu32 sd = SPLAT (MLDSA_D);
  unsigned int i;

  for (i = 0; i < MLDSA_N; i += 4)
    {
      vs32 r = (vs32)LD (a->coeffs + i);
      vs32 r1 = vec_sra (vec_add (r, h), sd);

      ST ((vu32)vec_sub (r, vec_sl (r1, sd)), a0->coeffs + i);
      ST ((vu32)r1, a1->coeffs + i);
    }
}

/* Decompose, as the portable kernel (see there for the constants):
   r1 = round (ceil (r / 128) / (alpha / 128)) by a multiplication and
   a shift, folded to 0 at m = (q-1)/alpha, then r0 = r - r1 alpha,
   minus q where that exceeds (q-1)/2.  */
static inline void
decompose_vec (vs32 *r1p, vs32 *r0p, vs32 r, s32 gamma2)
{
  const vs32 q = vec_splats ((int)MLDSA_Q);
  const vs32 qh = vec_splats ((int)((MLDSA_Q - 1) / 2));
  const vu32 s31 = SPLAT (31);
  vs32 r1 = vec_sra (vec_add (r, vec_splats (127)), SPLAT (7));

  if (gamma2 == (MLDSA_Q - 1) / 32)
    {
      r1 = vec_sra (vec_add (vec_mul (r1, vec_splats (1025)),
                             vec_splats (1 << 21)), SPLAT (22));
      r1 = vec_and (r1, vec_splats (15));
    }
  else
    {
      r1 = vec_sra (vec_add (vec_mul (r1, vec_splats (11275)),
                             vec_splats (1 << 23)), SPLAT (24));
      r1 = vec_xor (r1, vec_and (vec_sra (vec_sub (vec_splats (43), r1),
                                          s31), r1));
    }
  r = vec_sub (r, vec_mul (r1, vec_splats (2 * gamma2)));
  r = vec_sub (r, vec_and (vec_sra (vec_sub (qh, r), s31), q));
  *r1p = r1;
  *r0p = r;
}

/* MakeHint as the portable kernel: h = 1 iff z > GAMMA2, z < -GAMMA2,
   or z = -GAMMA2 with r1 != 0; the ones are counted per lane and
   summed at the end.  H may alias A0.  */
static unsigned int
make_hint_vsx (mldsa_poly_t *h, const mldsa_poly_t *a0,
               const mldsa_poly_t *a1, s32 gamma2)
{
  const vu32 g = SPLAT (gamma2), one = SPLAT (1), s31 = SPLAT (31);
  vu32 cnt = SPLAT (0);
  unsigned int i;

  for (i = 0; i < MLDSA_N; i += 4)
    {
      vu32 z = LD (a0->coeffs + i), r1 = LD (a1->coeffs + i);
      vu32 eq = vec_add (z, g);
      vu32 out, neq;

      out = vec_or (vec_sr (vec_sub (g, z), s31), vec_sr (eq, s31));
      neq = vec_sr (vec_andc (vec_sub (eq, one), eq), s31);
      out = vec_or (out, vec_and (neq, vec_sr (vec_or (r1, vec_sub (SPLAT (0),
                                                                   r1)),
                                              s31)));
      ST (out, h->coeffs + i);
      cnt = vec_add (cnt, out);
    }
  return vec_extract (cnt, 0) + vec_extract (cnt, 1)
         + vec_extract (cnt, 2) + vec_extract (cnt, 3);
}

/* UseHint: Decompose, then where h != 0 step r1 up (r0 > 0) or down
   modulo m, with selects (the data are public anyway).  B may alias
   A.  */
static void
use_hint_vsx (mldsa_poly_t *b, const mldsa_poly_t *a, const mldsa_poly_t *h,
              s32 gamma2)
{
  const int m1 = gamma2 == (MLDSA_Q - 1) / 32 ? 15 : 43;   /* m - 1 */
  const vs32 zero = vec_splats (0), one = vec_splats (1);
  const vs32 top = vec_splats (m1);
  unsigned int i;

  for (i = 0; i < MLDSA_N; i += 4)
    {
      vs32 r1, r0, up, dn, nb;
      vector bool int hint, pos;

      decompose_vec (&r1, &r0, (vs32)LD (a->coeffs + i), gamma2);
      hint = vec_cmpeq ((vs32)LD (h->coeffs + i), zero);
      pos = vec_cmpgt (r0, zero);
      if (gamma2 == (MLDSA_Q - 1) / 32)
        {
          up = vec_and (vec_add (r1, one), top);
          dn = vec_and (vec_sub (r1, one), top);
        }
      else
        {
          up = vec_sel (vec_add (r1, one), zero, vec_cmpeq (r1, top));
          dn = vec_sel (vec_sub (r1, one), top, vec_cmpeq (r1, zero));
        }
      nb = vec_sel (dn, up, pos);
      ST ((vu32)vec_sel (nb, r1, hint), b->coeffs + i);
    }
}

/* The portable chknorm: centre with t - round (t / 2^23) q, take |t|
   without a branch, OR the sign bits of BOUND - 1 - |t|.  */
static int
chknorm_vsx (const mldsa_poly_t *a, s32 bound)
{
  const vs32 q = vec_splats ((int)MLDSA_Q);
  const vs32 half = vec_splats (1 << 22);
  const vs32 bm1 = vec_splats (bound - 1);
  const vu32 s23 = SPLAT (23), s31 = SPLAT (31);
  vu32 bad = SPLAT (0);
  unsigned int i;

  for (i = 0; i < MLDSA_N; i += 4)
    {
      vs32 t = (vs32)LD (a->coeffs + i);
      vs32 r = vec_sra (vec_add (t, half), s23);

      t = vec_sub (t, vec_mul (r, q));
      t = vec_sub (t, vec_and (vec_sra (t, s31), vec_add (t, t)));
      bad = vec_or (bad, vec_sr ((vu32)vec_sub (bm1, t), s31));
    }
  return (int)(vec_extract (bad, 0) | vec_extract (bad, 1)
               | vec_extract (bad, 2) | vec_extract (bad, 3));
}


/* The entries not written here forward to the portable set (a table
   initialiser cannot copy them, and those kernels are compiled
   without VSX flags, as they should be).  */
/* Decompose alone: GCC 12 vectorises the portable loop at -O2 into
   fewer instructions than decompose_vec (which UseHint uses).  */
static void
decompose_fwd (mldsa_poly_t *a1, mldsa_poly_t *a0, const mldsa_poly_t *a,
               s32 gamma2)
{
  _gcry_mldsa_ops_generic.decompose (a1, a0, a, gamma2);
}

static void
poly_uniform_x4_fwd (mldsa_poly_t *a[4], const byte rho[MLDSA_SEEDBYTES],
                     const u16 nonce[4])
{
  _gcry_mldsa_ops_generic.poly_uniform_x4 (a, rho, nonce);
}

static void
poly_uniform_fwd (mldsa_poly_t *a, const byte rho[MLDSA_SEEDBYTES],
                  u16 nonce)
{
  _gcry_mldsa_ops_generic.poly_uniform (a, rho, nonce);
}

static void
poly_uniform_eta_x4_fwd (mldsa_poly_t *a[4],
                         const byte rhoprime[MLDSA_CRHBYTES],
                         const u16 nonce[4], int eta)
{
  _gcry_mldsa_ops_generic.poly_uniform_eta_x4 (a, rhoprime, nonce, eta);
}

static void
poly_uniform_eta_fwd (mldsa_poly_t *a, const byte rhoprime[MLDSA_CRHBYTES],
                      u16 nonce, int eta)
{
  _gcry_mldsa_ops_generic.poly_uniform_eta (a, rhoprime, nonce, eta);
}

static void
poly_uniform_gamma1_x4_fwd (mldsa_poly_t *a[4],
                            const byte rhopp[MLDSA_CRHBYTES],
                            const u16 nonce[4], s32 gamma1)
{
  _gcry_mldsa_ops_generic.poly_uniform_gamma1_x4 (a, rhopp, nonce, gamma1);
}

static void
poly_uniform_gamma1_fwd (mldsa_poly_t *a, const byte rhopp[MLDSA_CRHBYTES],
                         u16 nonce, s32 gamma1)
{
  _gcry_mldsa_ops_generic.poly_uniform_gamma1 (a, rhopp, nonce, gamma1);
}

static void
poly_challenge_fwd (mldsa_poly_t *c, const byte *ctilde,
                    unsigned int ctildelen, unsigned int tau)
{
  _gcry_mldsa_ops_generic.poly_challenge (c, ctilde, ctildelen, tau);
}

const mldsa_ops_t _gcry_mldsa_ops_vsx =
  {
    "vsx",
    ntt_vsx,
    invntt_tomont_vsx,
    pointwise_vsx,
    pointwise_acc_vsx,
    reduce_vsx,
    caddq_vsx,
    power2round_vsx,
    decompose_fwd,
    make_hint_vsx,
    use_hint_vsx,
    chknorm_vsx,
    poly_uniform_x4_fwd,
    poly_uniform_fwd,
    poly_uniform_eta_x4_fwd,
    poly_uniform_eta_fwd,
    poly_uniform_gamma1_x4_fwd,
    poly_uniform_gamma1_fwd,
    poly_challenge_fwd
  };

#endif /*USE_MLDSA && USE_MLDSA_VSX*/
