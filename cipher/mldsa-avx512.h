/* mldsa-avx512.h - ML-DSA kernels for x86-64 AVX-512
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

/* The AVX-512 kernel set of ML-DSA (contract: mldsa-ops.h) and the
 * assembler entry points of its own.  The transforms and pointwise
 * products are AVX-512 code and give the contract's residues within
 * its bounds; every other entry is that of the AVX2 set (mldsa-avx2.h),
 * which every AVX-512 CPU can run.  Polynomial arguments are the 256
 * coefficients of an mldsa_poly_t in standard order.  Usable only when
 * _gcry_get_hw_features () has HWF_INTEL_AVX512 (which implies AVX2 in
 * the hwf detection).  */

#ifndef GCRY_MLDSA_AVX512_H
#define GCRY_MLDSA_AVX512_H 1

#include "mldsa-ops.h"
#include "mldsa-avx2.h"

/* Built only with AVX-512 support enabled (configure checked the
   assembler) on top of the AVX2 set, whose entries it reuses.  */
#undef USE_MLDSA_AVX512
#if defined(USE_MLDSA_AVX2) && defined(ENABLE_AVX512_SUPPORT) \
    && defined(HAVE_GCC_INLINE_ASM_AVX512)
# define USE_MLDSA_AVX512 1
#endif

#ifdef USE_MLDSA_AVX512
/*-- mldsa-avx512.c --*/
/* The kernel set named "avx512", and the same with the VBMI2 parser of
   RejBoundedPoly (for processors with HWF_INTEL_VBMI2).  */
extern const mldsa_ops_t _gcry_mldsa_ops_avx512;
extern const mldsa_ops_t _gcry_mldsa_ops_avx512_vbmi2;
/* Its rejection samplers (mldsa_ops_t entries of the same names), which
   the AVX2 set's forms for AVX-512 processors take too (mldsa-avx2.c):
   RejNTTPoly parsing 16 candidates per step with vpcompressd, and
   RejBoundedPoly parsing 32 with vpcompressd (suffix avx512) or 64
   with VBMI2's vpcompressb (suffix vbmi2).  */
void _gcry_mldsa_poly_uniform_x4_avx512 (mldsa_poly_t *a[4],
                                         const byte rho[MLDSA_SEEDBYTES],
                                         const u16 nonce[4]);
void _gcry_mldsa_poly_uniform_avx512 (mldsa_poly_t *a,
                                      const byte rho[MLDSA_SEEDBYTES],
                                      u16 nonce);
void _gcry_mldsa_poly_uniform_xn_avx512 (mldsa_poly_t **a, unsigned int n,
                                         const byte rho[MLDSA_SEEDBYTES],
                                         const u16 *nonce,
                                         mldsa_side_t *side);
#define MLDSA_ETA_SAMPLER_PROTOS(sfx)                                   \
  void _gcry_mldsa_poly_uniform_eta_x4_##sfx                            \
    (mldsa_poly_t *a[4], const byte rhoprime[MLDSA_CRHBYTES],           \
     const u16 nonce[4], int eta);                                      \
  void _gcry_mldsa_poly_uniform_eta_##sfx                               \
    (mldsa_poly_t *a, const byte rhoprime[MLDSA_CRHBYTES], u16 nonce,   \
     int eta);                                                          \
  void _gcry_mldsa_poly_uniform_eta_xn_##sfx                            \
    (mldsa_poly_t **a, unsigned int n,                                  \
     const byte rhoprime[MLDSA_CRHBYTES], const u16 *nonce, int eta,    \
     mldsa_side_t *side);
MLDSA_ETA_SAMPLER_PROTOS (avx512)
MLDSA_ETA_SAMPLER_PROTOS (vbmi2)

/*-- mldsa-avx2.c --*/
/* The AVX2 set (named "avx2" too) with the rejection samplers above:
   RejNTTPoly by vpcompressd and RejBoundedPoly by vpcompressd, resp.
   by vpcompressb for processors with HWF_INTEL_VBMI2.  These kernels
   have no zmm multiplication, so they keep their speed in an
   operation that follows other code: on Intel processors
   _gcry_mldsa_ops_available puts them first.  */
extern const mldsa_ops_t _gcry_mldsa_ops_avx2_avx512;
extern const mldsa_ops_t _gcry_mldsa_ops_avx2_vbmi2;

/*-- mldsa-ntt-amd64-avx512.S --*/
/* TABLE is mldsa_avx512_ntt_table resp. mldsa_avx512_invntt_table of
   mldsa-tables-avx512.h.  */
void _gcry_mldsa_ntt_avx512 (s32 a[MLDSA_N], const s32 *table);
void _gcry_mldsa_invntt_avx512 (s32 a[MLDSA_N], const s32 *table);

/*-- mldsa-poly-amd64-avx512.S --*/
void _gcry_mldsa_pointwise_avx512 (s32 r[MLDSA_N], const s32 a[MLDSA_N],
                                   const s32 b[MLDSA_N]);
/* A and B point to arrays of N polynomials (1 <= N <= 8).  */
void _gcry_mldsa_pointwise_acc_avx512 (s32 r[MLDSA_N], const s32 *a,
                                       const s32 *b, unsigned int n);
/* Power2Round of a + b mod q (mldsa_ops_t.power2round_add); |a| < q,
   |b| <= 4.  */
void _gcry_mldsa_power2round_add_avx512 (s32 a1[MLDSA_N], s32 a0[MLDSA_N],
                                         const s32 a[MLDSA_N],
                                         const s32 b[MLDSA_N]);
/* BitPack of t0 (mldsa_ops_t.pack_t0).  */
void _gcry_mldsa_pack_t0_avx512 (byte r[416], const s32 a[MLDSA_N]);
/* The swaps of SampleInBall (mldsa_ball_fn_t, mldsa-sample.h).  */
void _gcry_mldsa_challenge_avx512 (s32 c[MLDSA_N], const byte *js,
                                   unsigned int tau, u64 signs);
/* The checks of signing and verification (mldsa_ops_t.make_hint,
   chknorm, add16_chknorm and add_reduce_chknorm, same contracts).  */
unsigned int _gcry_mldsa_make_hint_avx512 (s32 h[MLDSA_N],
                                           const s32 a0[MLDSA_N],
                                           const s32 a1[MLDSA_N],
                                           s32 gamma2);
int _gcry_mldsa_chknorm_avx512 (const s32 a[MLDSA_N], s32 bound);
int _gcry_mldsa_add16_chknorm_avx512 (s32 a[MLDSA_N], const s16 b[MLDSA_N],
                                      int sub, s32 bound);
int _gcry_mldsa_add_reduce_chknorm_avx512 (s32 a[MLDSA_N],
                                           const s32 b[MLDSA_N], s32 bound);
/* Decompose and UseHint for gamma2 = (q-1)/32 resp. (q-1)/88, as the
   AVX2 kernels of the same names; 0 <= a < q.  */
void _gcry_mldsa_decompose32_avx512 (s32 a1[MLDSA_N], s32 a0[MLDSA_N],
                                     const s32 a[MLDSA_N]);
void _gcry_mldsa_decompose88_avx512 (s32 a1[MLDSA_N], s32 a0[MLDSA_N],
                                     const s32 a[MLDSA_N]);
void _gcry_mldsa_use_hint32_avx512 (s32 b[MLDSA_N], const s32 a[MLDSA_N],
                                    const s32 h[MLDSA_N]);
void _gcry_mldsa_use_hint88_avx512 (s32 b[MLDSA_N], const s32 a[MLDSA_N],
                                    const s32 h[MLDSA_N]);
/* RejNTTPoly's parsing (see mldsa_rej_uniform_from in mldsa-sample.h)
   of BUF[0..BUFLEN-1] into a[*CTR..] in steps of 16 candidates while
   *CTR <= 240 and 48 bytes remain; returns the bytes consumed.  Public
   seeds only.  */
size_t _gcry_mldsa_rej_uniform_avx512 (s32 a[MLDSA_N], unsigned int *ctr,
                                       const byte *buf, size_t buflen);
/* RejBoundedPoly's parsing (see mldsa_rej_eta_from in mldsa-sample.h)
   of BUF[0..BUFLEN-1] into a[*CTR..] in steps of 16 bytes while
   *CTR < 256 (it stops at 256) and 16 bytes remain; returns the bytes
   consumed.  */
size_t _gcry_mldsa_rej_eta_avx512 (s32 a[MLDSA_N], unsigned int *ctr,
                                   const byte *buf, size_t buflen, int eta);

/*-- mldsa-rej-amd64-vbmi2.S --*/
/* The same as _gcry_mldsa_rej_eta_avx512 in steps of 32 bytes (while
   *CTR plus the values parsed is below 256 and 32 bytes remain);
   needs VBMI2.  */
size_t _gcry_mldsa_rej_eta_vbmi2 (s32 a[MLDSA_N], unsigned int *ctr,
                                  const byte *buf, size_t buflen, int eta);

/*-- mldsa-pack-amd64-vbmi2.S (VBMI and VBMI2) --*/
/* BitUnpack of y and z (mldsa_ops_t.unpack_gamma1, gamma1 = 2^17 and
   2^19) and of t1 (unpack_t1), reading no byte past the packed
   ones.  */
void _gcry_mldsa_unpack_gamma1_17_vbmi2 (s32 a[MLDSA_N], const byte *b);
void _gcry_mldsa_unpack_gamma1_19_vbmi2 (s32 a[MLDSA_N], const byte *b);
void _gcry_mldsa_unpack_t1_vbmi2 (s32 a[MLDSA_N], const byte b[320]);
/* BitUnpack of t0 and s (unpack_t0, unpack_eta; the eta ones return
   nonzero if a field exceeds 2 ETA), reading no byte past the packed
   ones.  */
void _gcry_mldsa_unpack_t0_vbmi2 (s32 a[MLDSA_N], const byte b[416]);
u32 _gcry_mldsa_unpack_eta2_vbmi2 (s32 a[MLDSA_N], const byte b[96]);
u32 _gcry_mldsa_unpack_eta4_vbmi2 (s32 a[MLDSA_N], const byte b[128]);
/* BitPack of z (pack_z), writing no byte past the packed ones.  */
void _gcry_mldsa_pack_z_17_vbmi2 (byte r[576], const s32 a[MLDSA_N]);
void _gcry_mldsa_pack_z_19_vbmi2 (byte r[640], const s32 a[MLDSA_N]);
/* w1Encode with 6-bit fields (pack_w1_6), 192 bytes, none past
   them.  */
void _gcry_mldsa_pack_w1_6_vbmi2 (byte r[192], const s32 a[MLDSA_N]);
/* One row of HintBitPack (hint_pack_row).  */
unsigned int _gcry_mldsa_hint_pack_vbmi2 (byte *y, const s32 h[MLDSA_N]);
#endif /*USE_MLDSA_AVX512*/

#endif /*GCRY_MLDSA_AVX512_H*/
