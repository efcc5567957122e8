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
 * is not built (big-endian, ELFv1).  Power2Round, MakeHint, UseHint
 * and the norm check are written here with the GCC vector intrinsics
 * of <altivec.h> and compute, lane by lane, the same integer
 * operations as the portable kernels of cipher/mldsa-poly-generic.c.
 * The candidate parser of RejNTTPoly and the BitUnpack of
 * ExpandMask and of z are vector code too (on little endian);
 * Decompose and the other samplers (Keccak-bound) forward to the
 * portable set.  The NTT
 * domain keeps the standard order of FIPS 204.
 *
 * Two tables: _gcry_mldsa_ops_vsx (POWER8 tier, ISA 2.07 instructions
 * only) and, with an assembler that knows ISA 3.1,
 * _gcry_mldsa_ops_vsx_p10 (transforms and the single product with
 * vmulhuw/vmulhsw); both are named "vsx", and mldsa.c picks one from
 * HWF_PPC_ARCH_2_07 / HWF_PPC_ARCH_3_10.
 *
 * Built with PPC_VSX_CFLAGS (-mcpu=power8 -mvsx).  No branch or index
 * depends on coefficient values.  */

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

#ifdef USE_MLDSA_PPC_ASM
/* RejNTTPoly (FIPS 204 Algorithm 30): the sponge calls are the shared
   drivers of mldsa-sample.h (same blocks in the same order as the
   portable sampler), the candidates are parsed eight at a time: a
   vperm puts the bytes 3i, 3i+1, 3i+2 of a 12-byte group into 32-bit
   lane i (a zero byte on top), an AND keeps 23 bits, and when none of
   the eight is q or more (each is below q with probability
   q / 2^23 > 0.999, so all eight in about 99.2 percent of the groups)
   both vectors are stored as they are; any other group goes to the
   portable parser, which also takes the bytes after the last whole
   group and the last values once fewer than eight are missing.  The
   24 bytes are loaded from offsets 0 and 8, so no load passes the
   end.  BUF is public (it derives from rho), so the branch may depend
   on it.  Little endian (the byte order of the vperm masks).  */
unsigned int
_gcry_mldsa_rej_uniform_vsx (s32 *a, unsigned int ctr, const byte *buf,
                             size_t buflen)
{
  static const vector unsigned char m0 = { 0, 1, 2, 16, 3, 4, 5, 16,
                                           6, 7, 8, 16, 9, 10, 11, 16 };
  static const vector unsigned char m1 = { 4, 5, 6, 16, 7, 8, 9, 16,
                                           10, 11, 12, 16, 13, 14, 15, 16 };
  const vector unsigned char zero = vec_splats ((unsigned char)0);
  const vu32 mask = SPLAT (0x7fffff), qm1 = SPLAT (MLDSA_Q - 1);
  size_t pos = 0;

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

/* The samplers: the shared drivers of mldsa-sample.h with the parser
   and the BitUnpack above.  */
MLDSA_SAMPLER_ENTRIES (vsx, rej_uniform_vsx, unpack_gamma1_vsx)
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
    poly_challenge_fwd, NULL, NULL, NULL, unpack_gamma1_vsx             \
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
