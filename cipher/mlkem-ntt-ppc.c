/* mlkem-ntt-ppc.c - ML-KEM kernels for PowerPC VSX
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

/* The kernel set "vsx" of ML-KEM (contract: mlkem-ops.h) for POWER8
 * (ISA 2.07) and later.  The arithmetic kernels (NTT, NTT^-1, the
 * base multiplication and its cache, REDUCE, TOMONT) are assembler,
 * cipher/mlkem-ntt-ppc64le-vsx.S, with tables from
 * cipher/gen-mlkem-ppc-tables.c (mlkem-tables-ppc.h); this file holds
 * their wrappers and, written with the GCC vector intrinsics of
 * <altivec.h>, ByteEncode_12/ByteDecode_12, SamplePolyCBD and, on
 * little endian only, the rejection step of SampleNTT (REJ_UNIFORM),
 * Compress for d = 4 and 10 and Decompress for d = 10.
 * NTT-domain polynomials keep the standard order of
 * FIPS 203, so the byte-level kernels are those of the standard
 * order; the assembler results agree with the portable kernels mod q
 * within the bounds of mlkem-ops.h (its header comment gives the
 * analysis), not bit for bit.  The assembler is for little-endian
 * ELFv2 only; a big-endian build uses the portable arithmetic
 * kernels.  The set "vsx-p10" (POWER10, ISA 3.1) is the same but for
 * the arithmetic kernels of the assembler's POWER10 tier, which loads
 * and stores register pairs (lxvp/stxvp).
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

typedef vector signed short v16;
typedef vector unsigned char vu8;

#define LD(p)      vec_xl (0, (const short *)(p))
#define ST(v, p)   vec_xst ((v), 0, (short *)(p))


/* The assembler kernels (cipher/mlkem-ntt-ppc64le-vsx.S).  */
#if defined(__LITTLE_ENDIAN__) && defined(_CALL_ELF) && _CALL_ELF == 2
# define USE_MLKEM_VSX_ASM 1

#include "mlkem-tables-ppc.h"

void _gcry_mlkem_ntt_vsx (s16 r[MLKEM_N], const s16 a[MLKEM_N],
                          const int16_t tab[127][8]);
void _gcry_mlkem_invntt_vsx (s16 r[MLKEM_N], const s16 a[MLKEM_N],
                             const int16_t tab[129][8]);
void _gcry_mlkem_basemul_acc_vsx (s16 r[MLKEM_N], const s16 *a,
                                  const s16 *b, const s16 *bc,
                                  unsigned int k, const int16_t tab[35][8],
                                  const unsigned char perm[4][16]);
void _gcry_mlkem_mulcache_vsx (s16 c[MLKEM_N / 2], const s16 b[MLKEM_N],
                               const int16_t tab[35][8],
                               const unsigned char perm[4][16]);
void _gcry_mlkem_reduce_vsx (s16 c[MLKEM_N], const int16_t tab[4][8]);
void _gcry_mlkem_tomont_vsx (s16 c[MLKEM_N], const int16_t tab[4][8]);

static void
ntt_vsx (mlkem_poly_ntt *r, const mlkem_poly *a)
{
  _gcry_mlkem_ntt_vsx (r->coeffs, a->coeffs, mlkem_ppc_ntt_tab);
}

static void
invntt_tomont_vsx (mlkem_poly *r, const mlkem_poly_ntt *a)
{
  _gcry_mlkem_invntt_vsx (r->coeffs, a->coeffs, mlkem_ppc_invntt_tab);
}

static void
mulcache_compute_vsx (mlkem_poly_mulcache *c, const mlkem_poly_ntt *b)
{
  _gcry_mlkem_mulcache_vsx (c->coeffs, b->coeffs, mlkem_ppc_mul_tab,
                            mlkem_ppc_mul_perm);
}

/* The K polynomials of A and B, and the K caches, are arrays of
 * structs holding only their coefficient arrays, so they are
 * contiguous as the assembler expects.  */
static void
basemul_acc_vsx (mlkem_poly_ntt *r, const mlkem_poly_ntt *a,
                 const mlkem_poly_ntt *b, const mlkem_poly_mulcache *bc,
                 unsigned int k)
{
  _gcry_mlkem_basemul_acc_vsx (r->coeffs, a->coeffs, b->coeffs, bc->coeffs,
                               k, mlkem_ppc_mul_tab, mlkem_ppc_mul_perm);
}

static void
reduce_vsx (s16 c[MLKEM_N])
{
  _gcry_mlkem_reduce_vsx (c, mlkem_ppc_coef_tab);
}

static void
tomont_vsx (s16 c[MLKEM_N])
{
  _gcry_mlkem_tomont_vsx (c, mlkem_ppc_coef_tab);
}

#ifdef USE_MLKEM_VSX_P10
/* The POWER10 tier: the same kernels with lxvp/stxvp and tables in
   the lxv lane order; its cache layout is its own.  */
void _gcry_mlkem_ntt_vsx_p10 (s16 r[MLKEM_N], const s16 a[MLKEM_N],
                              const int16_t tab[127][8]);
void _gcry_mlkem_invntt_vsx_p10 (s16 r[MLKEM_N], const s16 a[MLKEM_N],
                                 const int16_t tab[129][8]);
void _gcry_mlkem_reduce_vsx_p10 (s16 c[MLKEM_N], const int16_t tab[4][8]);
void _gcry_mlkem_tomont_vsx_p10 (s16 c[MLKEM_N], const int16_t tab[4][8]);
void _gcry_mlkem_basemul_acc_vsx_p10 (s16 r[MLKEM_N], const s16 *a,
                                      const s16 *b, const s16 *bc,
                                      unsigned int k,
                                      const int16_t tab[35][8],
                                      const unsigned char perm[4][16]);
void _gcry_mlkem_mulcache_vsx_p10 (s16 c[MLKEM_N / 2],
                                   const s16 b[MLKEM_N],
                                   const int16_t tab[35][8],
                                   const unsigned char perm[4][16]);

static void
mulcache_compute_vsx_p10 (mlkem_poly_mulcache *c, const mlkem_poly_ntt *b)
{
  _gcry_mlkem_mulcache_vsx_p10 (c->coeffs, b->coeffs, mlkem_ppc10_mul_tab,
                                mlkem_ppc_mul_perm);
}

static void
basemul_acc_vsx_p10 (mlkem_poly_ntt *r, const mlkem_poly_ntt *a,
                     const mlkem_poly_ntt *b, const mlkem_poly_mulcache *bc,
                     unsigned int k)
{
  _gcry_mlkem_basemul_acc_vsx_p10 (r->coeffs, a->coeffs, b->coeffs,
                                   bc->coeffs, k, mlkem_ppc10_mul_tab,
                                   mlkem_ppc_mul_perm);
}

static void
ntt_vsx_p10 (mlkem_poly_ntt *r, const mlkem_poly *a)
{
  _gcry_mlkem_ntt_vsx_p10 (r->coeffs, a->coeffs, mlkem_ppc10_ntt_tab);
}

static void
invntt_tomont_vsx_p10 (mlkem_poly *r, const mlkem_poly_ntt *a)
{
  _gcry_mlkem_invntt_vsx_p10 (r->coeffs, a->coeffs, mlkem_ppc10_invntt_tab);
}

static void
reduce_vsx_p10 (s16 c[MLKEM_N])
{
  _gcry_mlkem_reduce_vsx_p10 (c, mlkem_ppc_coef_tab);
}

static void
tomont_vsx_p10 (s16 c[MLKEM_N])
{
  _gcry_mlkem_tomont_vsx_p10 (c, mlkem_ppc_coef_tab);
}
#endif /*USE_MLKEM_VSX_P10*/

/* The struct layout assumptions of the wrappers above.  */
typedef char mlkem_ppc_layout_check
  [(sizeof (mlkem_poly_ntt) == 2 * MLKEM_N
    && sizeof (mlkem_poly_mulcache) == MLKEM_N) ? 1 : -1];

#else /*!USE_MLKEM_VSX_ASM*/

/* Big-endian: the portable arithmetic kernels (a table initialiser
   cannot copy the entries).  */
static void
ntt_vsx (mlkem_poly_ntt *r, const mlkem_poly *a)
{
  _gcry_mlkem_ops_generic.ntt (r, a);
}

static void
invntt_tomont_vsx (mlkem_poly *r, const mlkem_poly_ntt *a)
{
  _gcry_mlkem_ops_generic.invntt_tomont (r, a);
}

static void
mulcache_compute_vsx (mlkem_poly_mulcache *c, const mlkem_poly_ntt *b)
{
  _gcry_mlkem_ops_generic.mulcache_compute (c, b);
}

static void
basemul_acc_vsx (mlkem_poly_ntt *r, const mlkem_poly_ntt *a,
                 const mlkem_poly_ntt *b, const mlkem_poly_mulcache *bc,
                 unsigned int k)
{
  _gcry_mlkem_ops_generic.basemul_acc (r, a, b, bc, k);
}

static void
reduce_vsx (s16 c[MLKEM_N])
{
  _gcry_mlkem_ops_generic.reduce (c);
}

static void
tomont_vsx (s16 c[MLKEM_N])
{
  _gcry_mlkem_ops_generic.tomont (c);
}

#endif /*!USE_MLKEM_VSX_ASM*/


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

/* The vperm masks of ByteDecode_12 (below): halfword lane 2i gets the
   bytes 3i, 3i+1 and lane 2i+1 the bytes 3i+1, 3i+2 of a 12-byte group
   at offset 0 (DEC12_M0) or 4 (DEC12_M1) of the vector.  */
static const vu8 dec12_m0 = { HW (0, 1), HW (1, 2), HW (3, 4), HW (4, 5),
                              HW (6, 7), HW (7, 8), HW (9, 10), HW (10, 11) };
static const vu8 dec12_m1 = { HW (4, 5), HW (5, 6), HW (7, 8), HW (8, 9),
                              HW (10, 11), HW (11, 12), HW (13, 14),
                              HW (14, 15) };

/* Eight 12-bit values from the group of X that M selects.  */
static inline vu16
dec12 (vu8 x, vu8 m)
{
  const vu16 sh = { 0, 4, 0, 4, 0, 4, 0, 4 };

  return vec_and (vec_sr ((vu16)vec_perm (x, x, m), sh),
                  vec_splats ((unsigned short)0xfff));
}

/* ByteDecode_12 without the reduction: a vperm gives halfword lane
   2i the bytes 3i, 3i+1 and lane 2i+1 the bytes 3i+1, 3i+2; the odd
   lanes are shifted right by 4 and all masked to 12 bits.  The second
   half of each 24-byte group is loaded from offset 8 (not 12), so no
   load passes the end of the input.  */
static void
poly_ntt_frombytes_vsx (mlkem_poly_ntt *r, const byte a[MLKEM_POLYBYTES])
{
  unsigned int i;

  for (i = 0; i < MLKEM_N / 16; i++)
    {
      vu8 x0 = LDB (a + 24 * i), x1 = LDB (a + 24 * i + 8);
      vu16 c0 = dec12 (x0, dec12_m0), c1 = dec12 (x1, dec12_m1);

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


#ifdef USE_MLKEM_VSX_ASM
/* The rejection step of SampleNTT (REJ_UNIFORM of mlkem-ops.h), 16
   candidates per step: the 24 bytes are spread to two vectors of
   halfword lanes as in ByteDecode_12 above, each vector is compared
   with q - 1, vbpermq gathers the 8 results (set for the rejected
   lanes) into one byte B, and entry B of mlkem_ppc_rej_perm moves the
   accepted lanes to the front for an unaligned 16-byte store at
   R + CTR; CTR advances by 8 minus the popcount of B.  (Testing for
   the rejected lanes saves GCC's complement of "below q".)  The two
   stores write up to 16 lanes from CTR, so the vector loop runs while
   CTR + 16 <= MLKEM_N and the portable code takes the rest.  The
   values are in the standard order, as the portable kernel leaves
   them.  BUF is public (derived from rho), so the table index may
   depend on it.  Little-endian only: the bit
   numbers given to vbpermq are those of the LE lane order.  */
static unsigned int
rej_uniform_vsx (mlkem_poly_ntt *r, unsigned int ctr, const byte *buf,
                 unsigned int buflen)
{
  /* vbpermq numbers the bits of the register from the most
     significant one (bit 0) on; the sign bit of halfword lane j (LE
     element order) is bit 112 - 16 j, and index byte j of the control
     gives result bit j.  128 gives a zero bit.  */
  static const vu8 signbits = { 112, 96, 80, 64, 48, 32, 16, 0,
                                128, 128, 128, 128, 128, 128, 128, 128 };
  const vu16 qm1 = vec_splats ((unsigned short)(MLKEM_Q - 1));
  unsigned int pos = 0;

  while (ctr + 16 <= MLKEM_N && pos + 24 <= buflen)
    {
      vu8 x0 = LDB (buf + pos), x1 = LDB (buf + pos + 8);
      vu16 c0 = dec12 (x0, dec12_m0), c1 = dec12 (x1, dec12_m1);
      vu8 r0 = (vu8)vec_cmpgt (c0, qm1), r1 = (vu8)vec_cmpgt (c1, qm1);
      unsigned int i0, i1;

      i0 = vec_extract ((vector unsigned long long)vec_vbpermq (r0, signbits),
                        1);
      i1 = vec_extract ((vector unsigned long long)vec_vbpermq (r1, signbits),
                        1);
      ST (vec_perm ((v16)c0, (v16)c0, LDB (mlkem_ppc_rej_perm[i0])),
          r->coeffs + ctr);
      ctr += 8 - __builtin_popcount (i0);
      ST (vec_perm ((v16)c1, (v16)c1, LDB (mlkem_ppc_rej_perm[i1])),
          r->coeffs + ctr);
      ctr += 8 - __builtin_popcount (i1);
      pos += 24;
    }
  if (ctr < MLKEM_N && pos < buflen)
    ctr = _gcry_mlkem_ops_generic.rej_uniform (r, ctr, buf + pos,
                                               buflen - pos);
  return ctr;
}

/* Compress_d (FIPS 203 eq. 4.7) of 8 lanes of A, |a_i| < q, for d = 4
   or 10: after x = a + q (a < 0), Compress_d (x) = floor ((x M + C) /
   2^K) mod 2^d with (M, C, K) = (315, 32758, 16) for d = 4 and
   (161271, 262065, 19) for d = 10 in 32-bit lanes (x M + C < 2^30).
   M = round (2^(K+d) / q) and C = round (1664 2^K / q) (the 1664 of
   round (N / q) = floor ((N + 1664) / q)); checked for every x against
   the exact formula (the C that work: 32701 .. 32775 and
   261911 .. 262129).  DMASK = 2^d - 1.  */
static inline vu16
compress8 (v16 a, vu32 m, vu32 c, vu32 k, vu16 dmask)
{
  const v16 q = vec_splats ((short)MLKEM_Q);
  v16 x = vec_add (a, vec_and (vec_sra (a, vec_splats ((unsigned short)15)),
                               q));
  vu32 h = (vu32)vec_unpackh (x), l = (vu32)vec_unpackl (x);

  h = vec_sr (vec_add (vec_mul (h, m), c), k);
  l = vec_sr (vec_add (vec_mul (l, m), c), k);
  return vec_and (vec_pack (h, l), dmask);
}

/* ByteEncode_d (Compress_d (A)) for d = 4 and 10 (the other widths,
   ML-KEM-1024's 5 and 11, go to the portable code).  d = 4: vmsumuhm
   with (1, 16) makes one byte per 32-bit lane, two vpkuwum/vpkuhum
   steps 16 bytes of 32 values.  d = 10: vmsumuhm with (1, 1024) makes
   20-bit pairs; in each doubleword the upper pair is moved down by 12
   bits (vsrd, vsel), so bytes 0-4 and 8-12 hold the 10 bytes of 8
   values, which a vperm gathers to the front of a 16-byte store at
   offset 10 i; the next store overwrites the 6 bytes past them.  The
   last group shares a store at offset 304 with the 6 bytes before it,
   so nothing is written past the 320 bytes.  Little endian: the
   doubleword and byte positions are those of LE.  Constant time.  */
static void
poly_compress_vsx (byte *r, const mlkem_poly *a, unsigned int d)
{
  unsigned int i;

  if (d == 10)
    {
      static const vu8 gather = { 0, 1, 2, 3, 4, 8, 9, 10, 11, 12,
                                  0, 0, 0, 0, 0, 0 };
      static const vu8 last = { 4, 5, 6, 7, 8, 9, 16, 17, 18, 19, 20, 21,
                                22, 23, 24, 25 };
      const vu32 m = vec_splats (161271u), c = vec_splats (262065u);
      const vu32 k = vec_splats (19u);
      const vu16 dmask = vec_splats ((unsigned short)0x3ff);
      const vu16 f = { 1, 1024, 1, 1024, 1, 1024, 1, 1024 };
      const vector unsigned long long sh = vec_splats (12ull);
      const vector unsigned long long m20 = vec_splats (0xfffffull);
      vu8 g = vec_splats ((unsigned char)0), prev;

      for (i = 0; i < MLKEM_N / 8; i++)
        {
          vu16 t = compress8 (LD (a->coeffs + 8 * i), m, c, k, dmask);
          vector unsigned long long w;

          w = (vector unsigned long long)vec_msum (t, f, vec_splats (0u));
          w = vec_sel (vec_sr (w, sh), w, m20);
          prev = g;
          g = vec_perm ((vu8)w, (vu8)w, gather);
          if (i < MLKEM_N / 8 - 1)
            STB (g, r + 10 * i);
        }
      STB (vec_perm (prev, g, last), r + 304);
    }
  else if (d == 4)
    {
      const vu32 m = vec_splats (315u), c = vec_splats (32758u);
      const vu32 k = vec_splats (16u);
      const vu16 dmask = vec_splats ((unsigned short)15);
      const vu16 f = { 1, 16, 1, 16, 1, 16, 1, 16 };
      const vu32 zero = vec_splats (0u);
      vu32 w[4];
      unsigned int j;

      for (i = 0; i < MLKEM_N / 32; i++)
        {
          for (j = 0; j < 4; j++)
            w[j] = vec_msum (compress8 (LD (a->coeffs + 32 * i + 8 * j),
                                        m, c, k, dmask), f, zero);
          STB (vec_pack (vec_pack (w[0], w[1]), vec_pack (w[2], w[3])),
               r + 16 * i);
        }
    }
  else
    _gcry_mlkem_poly_compress (r, a, d);
}

/* Decompress_d (ByteDecode_d (A)) for d = 10 (the other widths go to
   the portable code, which GCC vectorises well for d = 4: 295
   instructions against 610 of this scheme):
   Decompress_d (y) = floor ((q y + 2^(d-1)) / 2^d) is exactly
   vmhraddshs (y 2^(15-d), q, 0) = floor ((y 2^(15-d) q + 2^14) / 2^15),
   as y 2^(15-d) < 2^15.  The d-bit fields come from a vperm of the
   two bytes that hold each (d = 10: at bit offsets 0, 2, 4, 6 of
   byte pairs; 16 values from 20 bytes, loaded at offsets 0 and 4 so
   that no load passes the end), a shift and a mask.  */
static void
poly_decompress_vsx (mlkem_poly *r, const byte *a, unsigned int d)
{
  const v16 q = vec_splats ((short)MLKEM_Q);
  const v16 zero = vec_splats ((short)0);
  unsigned int i;

  if (d == 10)
    {
      static const vu8 m0 = { HW (0, 1), HW (1, 2), HW (2, 3), HW (3, 4),
                              HW (5, 6), HW (6, 7), HW (7, 8), HW (8, 9) };
      static const vu8 m1 = { HW (6, 7), HW (7, 8), HW (8, 9), HW (9, 10),
                              HW (11, 12), HW (12, 13), HW (13, 14),
                              HW (14, 15) };
      const vu16 sh = { 0, 2, 4, 6, 0, 2, 4, 6 };
      const vu16 mask = vec_splats ((unsigned short)0x3ff);
      const vu16 five = vec_splats ((unsigned short)5);

      for (i = 0; i < MLKEM_N / 16; i++)
        {
          vu8 x0 = LDB (a + 20 * i), x1 = LDB (a + 20 * i + 4);
          vu16 y0 = vec_and (vec_sr ((vu16)vec_perm (x0, x0, m0), sh), mask);
          vu16 y1 = vec_and (vec_sr ((vu16)vec_perm (x1, x1, m1), sh), mask);

          ST (vec_mradds ((v16)vec_sl (y0, five), q, zero),
              r->coeffs + 16 * i);
          ST (vec_mradds ((v16)vec_sl (y1, five), q, zero),
              r->coeffs + 16 * i + 8);
        }
    }
  else
    _gcry_mlkem_poly_decompress (r, a, d);
}
#else /*!USE_MLKEM_VSX_ASM*/
/* Big-endian: the portable rejection step (a table initialiser cannot
   copy the entry).  */
static unsigned int
rej_uniform_vsx (mlkem_poly_ntt *r, unsigned int ctr, const byte *buf,
                 unsigned int buflen)
{
  return _gcry_mlkem_ops_generic.rej_uniform (r, ctr, buf, buflen);
}
# define poly_compress_vsx _gcry_mlkem_poly_compress
# define poly_decompress_vsx _gcry_mlkem_poly_decompress
#endif /*!USE_MLKEM_VSX_ASM*/

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
    rej_uniform_vsx,
    poly_cbd_eta2_vsx,
    poly_cbd_eta3_vsx,
    poly_compress_vsx,
    poly_decompress_vsx,
    0
  };

#ifdef USE_MLKEM_VSX_P10
const mlkem_ops_t _gcry_mlkem_ops_vsx_p10 =
  {
    "vsx-p10",
    ntt_vsx_p10,
    invntt_tomont_vsx_p10,
    mulcache_compute_vsx_p10,
    basemul_acc_vsx_p10,
    reduce_vsx_p10,
    tomont_vsx_p10,
    poly_ntt_tobytes_vsx,
    poly_ntt_frombytes_vsx,
    rej_uniform_vsx,
    poly_cbd_eta2_vsx,
    poly_cbd_eta3_vsx,
    poly_compress_vsx,
    poly_decompress_vsx,
    0
  };
#endif

#endif /*USE_MLKEM && USE_MLKEM_VSX*/
