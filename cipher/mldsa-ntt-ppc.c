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

/* The kernel set "vsx" of ML-DSA (contract: mldsa-ops.h) for POWER8
 * (ISA 2.07) and later.  On ppc64le (ELFv2) the NTT, the inverse NTT,
 * the two pointwise products, REDUCE and CADDQ are assembly
 * (mldsa-ntt-ppc64le-vsx.S, with the generated table
 * mldsa-tables-ppc.h); this file holds their C entries, which pass
 * the table, and forwards them to the portable set where the assembly
 * is not built (big-endian, ELFv1).  Power2Round and MakeHint are
 * written here with the GCC vector intrinsics of <altivec.h> and
 * compute, lane by lane, the same integer operations as the portable
 * kernels of cipher/mldsa-poly-generic.c; UseHint and the norm check
 * take shorter routes to the same values.  The candidate parser of
 * RejNTTPoly, the BitUnpack of ExpandMask, z and t1 and the w1Encode
 * of ML-DSA-65/87 are vector code too (on little endian), and the
 * N-way samplers carry side streams as on x86-64 (with the shared
 * parser of RejBoundedPoly); Decompose, SampleInBall and the 4-way
 * and single RejBoundedPoly forward to the portable set.  The NTT domain keeps the standard order of FIPS 204.
 *
 * Two tables: _gcry_mldsa_ops_vsx (POWER8 tier, ISA 2.07 instructions
 * only) and, with an assembler that knows ISA 3.1,
 * _gcry_mldsa_ops_vsx_p10 (transforms and the single product with
 * vmulhuw/vmulhsw); both are named "vsx", and mldsa.c picks one from
 * HWF_PPC_ARCH_2_07 / HWF_PPC_ARCH_3_10.
 *
 * Built with PPC_VSX_CFLAGS (-mcpu=power8 -mvsx).  No branch or index
 * depends on secret coefficient values (the RejNTTPoly parser's
 * branches see public data; RejBoundedPoly's shared parser is as
 * constant-time as the portable one).  */

#include <config.h>

#include "g10lib.h"
#include "mldsa-ops.h"

#if defined(USE_MLDSA) && defined(USE_MLDSA_VSX)

#if !defined(__VSX__) || !defined(_ARCH_PWR8)
# error "mldsa-ntt-ppc.c needs -mcpu=power8 -mvsx"
#endif

#include <altivec.h>

#ifdef USE_MLDSA_PPC_ASM
# include "mldsa-tables-ppc.h"
# include "mldsa-sample.h"
#endif

typedef vector unsigned int vu32;
typedef vector signed int vs32;

#define LD(p)      vec_xl (0, (const unsigned int *)(p))
#define ST(v, p)   vec_xst ((v), 0, (unsigned int *)(p))
#define SPLAT(x)   vec_splats ((unsigned int)(x))


#ifdef USE_MLDSA_PPC_ASM
/* The NTT, the inverse NTT, the products, REDUCE and CADDQ are in
   mldsa-ntt-ppc64le-vsx.S, with the table of mldsa-tables-ppc.h.  */
void _gcry_mldsa_ntt_ppc_p8 (s32 *a, const u32 *table);
void _gcry_mldsa_invntt_ppc_p8 (s32 *a, const u32 *table);
void _gcry_mldsa_pointwise_acc_ppc_p8 (s32 *r, const s32 *a, const s32 *b,
                                       unsigned int n, const u32 *table);
void _gcry_mldsa_reduce_ppc_p8 (s32 *a, const u32 *table);
void _gcry_mldsa_caddq_ppc_p8 (s32 *a, const u32 *table);

static void
ntt_p8 (mldsa_poly_t *a)
{
  _gcry_mldsa_ntt_ppc_p8 (a->coeffs, mldsa_ppc_table);
}

static void
invntt_tomont_p8 (mldsa_poly_t *a)
{
  _gcry_mldsa_invntt_ppc_p8 (a->coeffs, mldsa_ppc_table);
}

/* One signed product per coefficient: |a b| < 81 q^2 is within the
   product sum's input range (see the .S file), so the sum of one pair
   is the plain product.  R may alias A or B: each block of 32
   coefficients is read before it is written.  */
static void
pointwise_p8 (mldsa_poly_t *r, const mldsa_poly_t *a, const mldsa_poly_t *b)
{
  _gcry_mldsa_pointwise_acc_ppc_p8 (r->coeffs, a->coeffs, b->coeffs, 1,
                                    mldsa_ppc_table);
}

/* Like the portable kernel, N = 0 is treated as 1.  */
static void
pointwise_acc_p8 (mldsa_poly_t *r, const mldsa_poly_t *a,
                  const mldsa_poly_t *b, unsigned int n)
{
  _gcry_mldsa_pointwise_acc_ppc_p8 (r->coeffs, a->coeffs, b->coeffs,
                                    n ? n : 1, mldsa_ppc_table);
}

static void
reduce_p8 (mldsa_poly_t *a)
{
  _gcry_mldsa_reduce_ppc_p8 (a->coeffs, mldsa_ppc_table);
}

static void
caddq_p8 (mldsa_poly_t *a)
{
  _gcry_mldsa_caddq_ppc_p8 (a->coeffs, mldsa_ppc_table);
}

# ifdef HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10
void _gcry_mldsa_ntt_ppc_p10 (s32 *a, const u32 *table);
void _gcry_mldsa_invntt_ppc_p10 (s32 *a, const u32 *table);
void _gcry_mldsa_pointwise_ppc_p10 (s32 *r, const s32 *a, const s32 *b,
                                    const u32 *table);

static void
ntt_p10 (mldsa_poly_t *a)
{
  _gcry_mldsa_ntt_ppc_p10 (a->coeffs, mldsa_ppc_table);
}

static void
invntt_tomont_p10 (mldsa_poly_t *a)
{
  _gcry_mldsa_invntt_ppc_p10 (a->coeffs, mldsa_ppc_table);
}

static void
pointwise_p10 (mldsa_poly_t *r, const mldsa_poly_t *a, const mldsa_poly_t *b)
{
  _gcry_mldsa_pointwise_ppc_p10 (r->coeffs, a->coeffs, b->coeffs,
                                 mldsa_ppc_table);
}
# endif /*HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10*/

#else /*!USE_MLDSA_PPC_ASM*/
/* Big-endian or ELFv1: the assembly is not built; these kernels
   forward to the portable set.  */
static void
ntt_p8 (mldsa_poly_t *a)
{
  _gcry_mldsa_ops_generic.ntt (a);
}

static void
invntt_tomont_p8 (mldsa_poly_t *a)
{
  _gcry_mldsa_ops_generic.invntt_tomont (a);
}

static void
pointwise_p8 (mldsa_poly_t *r, const mldsa_poly_t *a, const mldsa_poly_t *b)
{
  _gcry_mldsa_ops_generic.pointwise (r, a, b);
}

static void
pointwise_acc_p8 (mldsa_poly_t *r, const mldsa_poly_t *a,
                  const mldsa_poly_t *b, unsigned int n)
{
  _gcry_mldsa_ops_generic.pointwise_acc (r, a, b, n);
}

static void
reduce_p8 (mldsa_poly_t *a)
{
  _gcry_mldsa_ops_generic.reduce (a);
}

static void
caddq_p8 (mldsa_poly_t *a)
{
  _gcry_mldsa_ops_generic.caddq (a);
}
#endif /*!USE_MLDSA_PPC_ASM*/

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

/* UseHint without r0: with r1u = round (ceil (a / 128) / (alpha /
   128)) before the fold to 0 (r1u = m in the wrap case a > q - 1 -
   GAMMA2), r0 > 0 exactly when a > r1u alpha, also in the wrap case
   (there r1u alpha = q - 1 >= a, and the true r0 is negative).  The
   step is d = h where r0 > 0, -h elsewhere: with pos the mask of
   r0 > 0, d = pos - (h ^ pos).  Then (r1u + d) mod m: an AND for
   m = 16; for m = 44 the value lies in [-1, 44], and two unsigned
   minima fold -1 to 43 and 44 to 0.  B may alias A.
   USE_HINT_STEP gives r1u + d for one vector, with Decompose's
   rounding MUL, RND and SHIFT for this GAMMA2; a negative R (|r| < q,
   the contract) is first made r + q by an unsigned minimum.  */
static inline vu32
use_hint_step (vu32 r, vu32 hv, vs32 mul, vu32 rnd, vu32 shift, vs32 alpha)
{
  vs32 t;
  vu32 r1, pos;

  r = vec_min (r, vec_add (r, SPLAT (MLDSA_Q)));
  t = (vs32)vec_sr (vec_add (r, SPLAT (127)), SPLAT (7));
  r1 = vec_sr (vec_add ((vu32)vec_mul (t, mul), rnd), shift);
  pos = (vu32)vec_cmpgt ((vs32)r, vec_mul ((vs32)r1, alpha));

  return vec_add (r1, vec_sub (pos, vec_xor (hv, pos)));
}

static void
use_hint_vsx (mldsa_poly_t *b, const mldsa_poly_t *a, const mldsa_poly_t *h,
              s32 gamma2)
{
  const vs32 alpha = vec_splats (2 * gamma2);
  unsigned int i;

  if (gamma2 == (MLDSA_Q - 1) / 32)
    for (i = 0; i < MLDSA_N; i += 4)
      ST (vec_and (use_hint_step (LD (a->coeffs + i), LD (h->coeffs + i),
                                  vec_splats (1025), SPLAT (1 << 21),
                                  SPLAT (22), alpha), SPLAT (15)),
          b->coeffs + i);
  else
    for (i = 0; i < MLDSA_N; i += 4)
      {
        const vu32 m = SPLAT (44);
        vu32 t = use_hint_step (LD (a->coeffs + i), LD (h->coeffs + i),
                                vec_splats (11275), SPLAT (1 << 23),
                                SPLAT (24), alpha);

        t = vec_min (t, vec_add (t, m));
        ST (vec_min (t, vec_sub (t, m)), b->coeffs + i);
      }
}

/* The norm check: centre with t - round (t / 2^23) q (as the
   portable kernel), then |t| as max (t, -t) and a signed compare with
   BOUND - 1; the masks are OR-ed and looked at once at the end.  */
static int
chknorm_vsx (const mldsa_poly_t *a, s32 bound)
{
  const vs32 q = vec_splats ((int)MLDSA_Q);
  const vs32 half = vec_splats (1 << 22);
  const vs32 bm1 = vec_splats (bound - 1);
  const vs32 zero = vec_splats (0);
  const vu32 s23 = SPLAT (23);
  vu32 bad = SPLAT (0);
  unsigned int i;

  for (i = 0; i < MLDSA_N; i += 4)
    {
      vs32 t = (vs32)LD (a->coeffs + i);

      t = vec_sub (t, vec_mul (vec_sra (vec_add (t, half), s23), q));
      t = vec_max (t, vec_sub (zero, t));
      bad = vec_or (bad, (vu32)vec_cmpgt (t, bm1));
    }
  return !vec_all_eq (bad, SPLAT (0));
}


/* The entries not written here forward to the portable set (a table
   initialiser cannot copy them, and those kernels are compiled
   without VSX flags, as they should be).  */
/* Decompose: GCC 12 vectorises the portable loop at -O2 into fewer
   instructions than an intrinsics version of it took.  */
static void
decompose_fwd (mldsa_poly_t *a1, mldsa_poly_t *a0, const mldsa_poly_t *a,
               s32 gamma2)
{
  _gcry_mldsa_ops_generic.decompose (a1, a0, a, gamma2);
}

#ifdef USE_MLDSA_PPC_ASM
/* RejNTTPoly (FIPS 204 Algorithm 30): the sponge calls are the shared
   drivers of mldsa-sample.h (same blocks in the same order as the
   portable sampler), the candidates are parsed sixteen at a time: the
   48 bytes are three loads, a two-source vperm puts the bytes 3i,
   3i+1, 3i+2 into 32-bit lane i (any byte on top), an AND keeps 23
   bits, and when none of the sixteen is q or more (each is below q
   with probability q / 2^23 > 0.999, so all sixteen in about 98.4
   percent of the groups) the four vectors are stored as they are; any
   other group goes to the portable parser.  Once fewer than sixteen
   values are missing, groups of eight (24 bytes, loaded from offsets
   0 and 8), and the portable parser takes the bytes after the last
   whole group and the last values.  No load passes the end.  BUF is
   public (it derives from rho), so the branches may depend on it.
   Little endian (the byte order of the vperm masks).  */
unsigned int
_gcry_mldsa_rej_uniform_vsx (s32 *a, unsigned int ctr, const byte *buf,
                             size_t buflen)
{
  static const vector unsigned char m0 = { 0, 1, 2, 16, 3, 4, 5, 16,
                                           6, 7, 8, 16, 9, 10, 11, 16 };
  static const vector unsigned char m1 = { 4, 5, 6, 16, 7, 8, 9, 16,
                                           10, 11, 12, 16, 13, 14, 15, 16 };
  /* Bytes 0..23 of x0 || x1 and 24..47 (as 8..31) of x1 || x2.  */
  static const vector unsigned char w0 = { 0, 1, 2, 0, 3, 4, 5, 0,
                                           6, 7, 8, 0, 9, 10, 11, 0 };
  static const vector unsigned char w1 = { 12, 13, 14, 0, 15, 16, 17, 0,
                                           18, 19, 20, 0, 21, 22, 23, 0 };
  static const vector unsigned char w2 = { 8, 9, 10, 0, 11, 12, 13, 0,
                                           14, 15, 16, 0, 17, 18, 19, 0 };
  static const vector unsigned char w3 = { 20, 21, 22, 0, 23, 24, 25, 0,
                                           26, 27, 28, 0, 29, 30, 31, 0 };
  const vector unsigned char zero = vec_splats ((unsigned char)0);
  const vu32 mask = SPLAT (0x7fffff), qm1 = SPLAT (MLDSA_Q - 1);
  size_t pos = 0;

  while (ctr + 16 <= MLDSA_N && pos + 48 <= buflen)
    {
      vector unsigned char x0 = vec_xl (0, buf + pos);
      vector unsigned char x1 = vec_xl (16, buf + pos);
      vector unsigned char x2 = vec_xl (32, buf + pos);
      vu32 c0 = vec_and ((vu32)vec_perm (x0, x1, w0), mask);
      vu32 c1 = vec_and ((vu32)vec_perm (x0, x1, w1), mask);
      vu32 c2 = vec_and ((vu32)vec_perm (x1, x2, w2), mask);
      vu32 c3 = vec_and ((vu32)vec_perm (x1, x2, w3), mask);

      if (vec_any_gt (vec_max (vec_max (c0, c1), vec_max (c2, c3)), qm1))
        ctr = mldsa_rej_uniform_from (a, ctr, buf, pos, pos + 48);
      else
        {
          ST (c0, a + ctr);
          ST (c1, a + ctr + 4);
          ST (c2, a + ctr + 8);
          ST (c3, a + ctr + 12);
          ctr += 16;
        }
      pos += 48;
    }
  while (ctr + 8 <= MLDSA_N && pos + 24 <= buflen)
    {
      vector unsigned char x0 = vec_xl (0, buf + pos);
      vector unsigned char x1 = vec_xl (0, buf + pos + 8);
      vu32 c0 = vec_and ((vu32)vec_perm (x0, zero, m0), mask);
      vu32 c1 = vec_and ((vu32)vec_perm (x1, zero, m1), mask);

      if (vec_any_gt (vec_max (c0, c1), qm1))
        ctr = mldsa_rej_uniform_from (a, ctr, buf, pos, pos + 24);
      else
        {
          ST (c0, a + ctr);
          ST (c1, a + ctr + 4);
          ctr += 8;
        }
      pos += 24;
    }
  return mldsa_rej_uniform_from (a, ctr, buf, pos, buflen);
}

/* The parser in the shape of mldsa_rej_fn_t (ETA is unused).  */
static unsigned int
rej_uniform_vsx (s32 *a, unsigned int ctr, const byte *buf, size_t buflen,
                 int eta)
{
  (void)eta;
  return _gcry_mldsa_rej_uniform_vsx (a, ctr, buf, buflen);
}

/* BitUnpack of z and of ExpandMask (the optional UNPACK_GAMMA1 of
   mldsa-ops.h): a = GAMMA1 - the 18-bit (GAMMA1 = 2^17) or 20-bit
   (2^19) little-endian fields of BUF.  Four fields take 9 or 10
   bytes; field i starts in byte floor (18 i / 8) resp. floor (20 i /
   8) at bit 2i mod 8 resp. 4 (i mod 2), so a vperm puts its three
   bytes into 32-bit lane i, a shift by that bit offset and a mask
   leave the field.  Each load of 16 bytes serves four fields; the
   last reads 7 or 6 bytes past the packed ones (16 are allowed).
   Little endian.  Constant time (z is public, but the mask of
   signing is secret).  */
static void
unpack_gamma1_vsx (mldsa_poly_t *a, const byte *buf, s32 gamma1)
{
  static const vector unsigned char m17 = { 0, 1, 2, 16, 2, 3, 4, 16,
                                            4, 5, 6, 16, 6, 7, 8, 16 };
  static const vector unsigned char m19 = { 0, 1, 2, 16, 2, 3, 4, 16,
                                            5, 6, 7, 16, 7, 8, 9, 16 };
  static const vu32 sh17 = { 0, 2, 4, 6 };
  static const vu32 sh19 = { 0, 4, 0, 4 };
  const vector unsigned char zero = vec_splats ((unsigned char)0);
  int g17 = gamma1 == (1 << 17);
  const vector unsigned char m = g17 ? m17 : m19;
  const vu32 sh = g17 ? sh17 : sh19;
  const vu32 mask = SPLAT (2 * gamma1 - 1), g = SPLAT (gamma1);
  unsigned int step = g17 ? 9 : 10, i;

  for (i = 0; i < MLDSA_N / 4; i++)
    {
      vector unsigned char x = vec_xl (0, buf + step * i);
      vu32 v = vec_and (vec_sr ((vu32)vec_perm (x, zero, m), sh), mask);

      ST (vec_sub (g, v), a->coeffs + 4 * i);
    }
}

/* SimpleBitUnpack of t1 (the optional UNPACK_T1 of mldsa-ops.h).
   Field i (10 bits) starts in byte 5 (i / 4) + i mod 4 at bit
   2 (i mod 4), so a vperm puts bytes k and k+1 of a 5-byte group into
   32-bit lane i mod 4, and a shift by 0, 2, 4 or 6 and a mask leave
   the field.  One 16-byte load serves three groups (12 fields): 21
   loads at 0, 15, ..., 300, then the last group (bytes 315..319)
   from the load at 304, so no byte past the 320 is read.  Little
   endian.  */
static void
unpack_t1_vsx (mldsa_poly_t *a, const byte *b)
{
  static const vector unsigned char m0 = { 0, 1, 16, 16, 1, 2, 16, 16,
                                           2, 3, 16, 16, 3, 4, 16, 16 };
  static const vector unsigned char m1 = { 5, 6, 16, 16, 6, 7, 16, 16,
                                           7, 8, 16, 16, 8, 9, 16, 16 };
  static const vector unsigned char m2 = { 10, 11, 16, 16, 11, 12, 16, 16,
                                           12, 13, 16, 16, 13, 14, 16, 16 };
  static const vector unsigned char m3 = { 11, 12, 16, 16, 12, 13, 16, 16,
                                           13, 14, 16, 16, 14, 15, 16, 16 };
  static const vu32 sh = { 0, 2, 4, 6 };
  const vector unsigned char zero = vec_splats ((unsigned char)0);
  const vu32 mask = SPLAT (0x3ff);
  unsigned int i;

  for (i = 0; i < 21; i++)
    {
      vector unsigned char x = vec_xl (0, b + 15 * i);
      s32 *o = a->coeffs + 12 * i;

      ST (vec_and (vec_sr ((vu32)vec_perm (x, zero, m0), sh), mask), o);
      ST (vec_and (vec_sr ((vu32)vec_perm (x, zero, m1), sh), mask), o + 4);
      ST (vec_and (vec_sr ((vu32)vec_perm (x, zero, m2), sh), mask), o + 8);
    }
  ST (vec_and (vec_sr ((vu32)vec_perm (vec_xl (0, b + 304), zero, m3), sh),
               mask), a->coeffs + 252);
}

/* w1Encode for GAMMA2 = (q-1)/32 (the optional PACK_W1_4): two
   packs (modulo) take 32 coefficients below 16 to 32 bytes in order;
   as halfwords (LE) these are c[2j] | c[2j+1] << 8, and OR-ing in
   the halfword shifted right by 4 puts c[2j+1] << 4 into the low
   byte, which a third pack keeps.  Little endian.  */
static void
pack_w1_4_vsx (byte *r, const mldsa_poly_t *a)
{
  const vector unsigned short s4 = vec_splats ((unsigned short)4);
  unsigned int i;

  for (i = 0; i < MLDSA_N; i += 32)
    {
      const s32 *c = a->coeffs + i;
      vector unsigned short h0 = vec_pack (LD (c), LD (c + 4));
      vector unsigned short h1 = vec_pack (LD (c + 8), LD (c + 12));
      vector unsigned short h2 = vec_pack (LD (c + 16), LD (c + 20));
      vector unsigned short h3 = vec_pack (LD (c + 24), LD (c + 28));
      vector unsigned short t0 = (vector unsigned short)vec_pack (h0, h1);
      vector unsigned short t1 = (vector unsigned short)vec_pack (h2, h3);

      t0 = vec_or (t0, vec_sr (t0, s4));
      t1 = vec_or (t1, vec_sr (t1, s4));
      vec_xst (vec_pack (t0, t1), 0, r + i / 2);
    }
}

/* The samplers: the shared drivers of mldsa-sample.h with the parser
   and the BitUnpack above.  */
MLDSA_SAMPLER_ENTRIES (vsx, rej_uniform_vsx, unpack_gamma1_vsx)

/* CoeffFromHalfByte for the N-way RejBoundedPoly below: the shared
   parser.  */
static unsigned int
rej_eta_vsx (s32 *a, unsigned int ctr, const byte *buf, size_t buflen,
             int eta)
{
  return mldsa_rej_eta_from (a, ctr, buf, 0, buflen, eta);
}

/* The N-way samplers with a side stream (mldsa-ops.h), used with
   N = 4.  The 4-way permutation of POWER8 and POWER9 (the portable
   code, which the compiler runs two states per vector) costs about
   two single ones, so a side stream such as verification's
   tr = H (pk) (15 permutations for ML-DSA-65) costs half as much in
   a spare lane as in its own sponge (ML-DSA-65 verification under
   qemu -cpu power8: 648.4k -> 622.9k instructions).  The portable
   set has none: on x86-64, where gcc's 4-way code costs 2.5 to 3
   single calls, they made verification 3-8% slower.  */
MLDSA_SAMPLER_XN_ENTRIES (vsx, rej_uniform_vsx, rej_eta_vsx,
                          unpack_gamma1_vsx)
#else /*!USE_MLDSA_PPC_ASM*/
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

/* The portable samplers, and no own BitUnpack (the front file then
   uses the portable one).  */
# define poly_uniform_x4_vsx poly_uniform_x4_fwd
# define poly_uniform_vsx poly_uniform_fwd
# define poly_uniform_gamma1_x4_vsx poly_uniform_gamma1_x4_fwd
# define poly_uniform_gamma1_vsx poly_uniform_gamma1_fwd
# define unpack_gamma1_vsx NULL
# define poly_uniform_xn_vsx NULL
# define poly_uniform_eta_xn_vsx NULL
# define poly_uniform_gamma1_xn_vsx NULL
# define unpack_t1_vsx NULL
# define pack_w1_4_vsx NULL
#endif /*!USE_MLDSA_PPC_ASM*/

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
poly_challenge_fwd (mldsa_poly_t *c, const byte *ctilde,
                    unsigned int ctildelen, unsigned int tau)
{
  _gcry_mldsa_ops_generic.poly_challenge (c, ctilde, ctildelen, tau);
}

/* The tables of the two tiers differ in the transforms and the single
   product only.  */
#define VSX_OPS(ntt, invntt, pointwise)                                 \
  {                                                                     \
    "vsx", ntt, invntt, pointwise, pointwise_acc_p8, reduce_p8,         \
    caddq_p8, power2round_vsx, decompose_fwd, make_hint_vsx,            \
    use_hint_vsx, chknorm_vsx, poly_uniform_x4_vsx, poly_uniform_vsx,   \
    poly_uniform_eta_x4_fwd, poly_uniform_eta_fwd,                      \
    poly_uniform_gamma1_x4_vsx, poly_uniform_gamma1_vsx,                \
    poly_challenge_fwd, poly_uniform_xn_vsx, poly_uniform_eta_xn_vsx,   \
    poly_uniform_gamma1_xn_vsx, unpack_gamma1_vsx, unpack_t1_vsx,       \
    pack_w1_4_vsx                                                       \
  }

const mldsa_ops_t _gcry_mldsa_ops_vsx =
  VSX_OPS (ntt_p8, invntt_tomont_p8, pointwise_p8);

#ifdef USE_MLDSA_VSX_P10
/* The POWER10 tier: the transforms and the single product use
   vmulhuw/vmulhsw.  Same name: it is the "vsx" set on a CPU with
   HWF_PPC_ARCH_3_10 (mldsa.c picks the tier).  */
const mldsa_ops_t _gcry_mldsa_ops_vsx_p10 =
  VSX_OPS (ntt_p10, invntt_tomont_p10, pointwise_p10);
#endif /*USE_MLDSA_VSX_P10*/

#endif /*USE_MLDSA && USE_MLDSA_VSX*/
