/* mldsa-avx2.h - ML-DSA kernels for x86-64 AVX2
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

/* The AVX2 kernel set of ML-DSA (contract: mldsa-ops.h) and the
 * assembler entry points it is made of.  The transforms, pointwise
 * products and reduce give the contract's residues within its
 * bounds, every other entry point the same words as the corresponding
 * portable kernel; the polynomial
 * arguments are the 256 coefficients of an mldsa_poly_t, in standard
 * order.  Usable only when _gcry_get_hw_features () has
 * HWF_INTEL_AVX2.  */

#ifndef GCRY_MLDSA_AVX2_H
#define GCRY_MLDSA_AVX2_H 1

#include "mldsa-ops.h"

/* Built only with AVX2 support enabled and an assembler that accepts
   the amd64 ELF syntax of our .S files.  */
#undef USE_MLDSA_AVX2
#if defined(ENABLE_AVX2_SUPPORT) \
    && defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS)
# define USE_MLDSA_AVX2 1
#endif

#ifdef USE_MLDSA_AVX2
/*-- mldsa-avx2.c --*/
/* The kernel set named "avx2".  */
extern const mldsa_ops_t _gcry_mldsa_ops_avx2;

/*-- mldsa-ntt-amd64-avx2.S --*/
/* TABLE is mldsa_avx2_ntt_table resp. mldsa_avx2_invntt_table of
   mldsa-tables-avx2.h.  */
void _gcry_mldsa_ntt_avx2 (s32 a[MLDSA_N], const s32 *table);
void _gcry_mldsa_invntt_avx2 (s32 a[MLDSA_N], const s32 *table);

/*-- mldsa-poly-amd64-avx2.S --*/
void _gcry_mldsa_pointwise_avx2 (s32 r[MLDSA_N], const s32 a[MLDSA_N],
                                 const s32 b[MLDSA_N]);
/* A and B point to arrays of N polynomials (N <= 8).  */
void _gcry_mldsa_pointwise_acc_avx2 (s32 r[MLDSA_N], const s32 *a,
                                     const s32 *b, unsigned int n);
void _gcry_mldsa_reduce_avx2 (s32 a[MLDSA_N]);
void _gcry_mldsa_caddq_avx2 (s32 a[MLDSA_N]);
void _gcry_mldsa_power2round_avx2 (s32 a1[MLDSA_N], s32 a0[MLDSA_N],
                                   const s32 a[MLDSA_N]);
/* GAMMA2 = (q-1)/32 resp. (q-1)/88.  */
void _gcry_mldsa_decompose32_avx2 (s32 a1[MLDSA_N], s32 a0[MLDSA_N],
                                   const s32 a[MLDSA_N]);
void _gcry_mldsa_decompose88_avx2 (s32 a1[MLDSA_N], s32 a0[MLDSA_N],
                                   const s32 a[MLDSA_N]);
void _gcry_mldsa_use_hint32_avx2 (s32 b[MLDSA_N], const s32 a[MLDSA_N],
                                  const s32 h[MLDSA_N]);
void _gcry_mldsa_use_hint88_avx2 (s32 b[MLDSA_N], const s32 a[MLDSA_N],
                                  const s32 h[MLDSA_N]);
unsigned int _gcry_mldsa_make_hint_avx2 (s32 h[MLDSA_N],
                                         const s32 a0[MLDSA_N],
                                         const s32 a1[MLDSA_N], s32 gamma2);
int _gcry_mldsa_chknorm_avx2 (const s32 a[MLDSA_N], s32 bound);
/* a +/-= b (SUB: -), exactly, then chknorm without the reduction: the
   add16_chknorm entry of mldsa-ops.h.  */
int _gcry_mldsa_add16_chknorm_avx2 (s32 a[MLDSA_N], const s16 b[MLDSA_N],
                                    int sub, s32 bound);
/* a += b mod^+- q, with chknorm of the reduced b: the
   add_reduce_chknorm entry of mldsa-ops.h.  */
int _gcry_mldsa_add_reduce_chknorm_avx2 (s32 a[MLDSA_N],
                                         const s32 b[MLDSA_N], s32 bound);
/* Power2Round of a + b, reduced and made non-negative first: the
   power2round_add entry of mldsa-ops.h.  */
void _gcry_mldsa_power2round_add_avx2 (s32 a1[MLDSA_N], s32 a0[MLDSA_N],
                                       const s32 a[MLDSA_N],
                                       const s32 b[MLDSA_N]);
/* Parses whole groups of 24 bytes of BUF into a[*CTR..] while
   *CTR <= 248 and 32 bytes remain; returns the bytes consumed.  TABLE
   is mldsa_avx2_rej_table.  Public seeds only.  */
size_t _gcry_mldsa_rej_uniform_avx2 (s32 a[MLDSA_N], unsigned int *ctr,
                                     const byte *buf, size_t buflen,
                                     const byte *table);
/* Parses whole groups of 8 bytes of BUF into a[*CTR..] (RejBoundedPoly,
   ETA 2 or 4) while *CTR <= 240; returns the bytes consumed.  TABLE
   is mldsa_avx2_rej_table.  */
size_t _gcry_mldsa_rej_eta_avx2 (s32 a[MLDSA_N], unsigned int *ctr,
                                 const byte *buf, size_t buflen, int eta,
                                 const byte *table);
/* a = GAMMA1 - BitUnpack (BUF), GAMMA1 = 2^17 resp. 2^19; BUF must be
   readable 16 bytes past the 576 resp. 640 packed bytes.  */
void _gcry_mldsa_unpack_gamma1_17_avx2 (s32 a[MLDSA_N], const byte *buf);
void _gcry_mldsa_unpack_gamma1_19_avx2 (s32 a[MLDSA_N], const byte *buf);
/* SimpleBitUnpack of t1: the 256 10-bit fields of the 320 bytes at
   B, reading none past them.  */
void _gcry_mldsa_unpack_t1_avx2 (s32 a[MLDSA_N], const byte *b);
/* w1Encode with 4-bit fields: r[i] = a[2i] | a[2i+1] << 4, a < 16.  */
void _gcry_mldsa_pack_w1_4_avx2 (byte r[128], const s32 a[MLDSA_N]);
/* BitPack for KeyGen, nothing written past the packed bytes: t1
   (10-bit fields, 0 <= a < 1024), t0 (13-bit fields of 2^12 - a,
   -2^12 < a <= 2^12), s1 and s2 (3- or 4-bit fields of ETA - a,
   |a| <= ETA = 2 resp. 4).  Constant time.  */
void _gcry_mldsa_pack_t1_avx2 (byte r[320], const s32 a[MLDSA_N]);
void _gcry_mldsa_pack_t0_avx2 (byte r[416], const s32 a[MLDSA_N]);
void _gcry_mldsa_pack_eta2_avx2 (byte r[96], const s32 a[MLDSA_N]);
void _gcry_mldsa_pack_eta4_avx2 (byte r[128], const s32 a[MLDSA_N]);
/* w1Encode for gamma2 = (q-1)/88: 6-bit fields, 192 bytes, none past
   them.  In: 0 <= a < 44.  */
void _gcry_mldsa_pack_w1_6_avx2 (byte r[192], const s32 a[MLDSA_N]);
/* One row of HintBitPack (hint_pack_row): the n indices of the
   nonzero h[i] to Y[0 .. n-1], returns n; Y[n .. n+7] may be written
   too.  TABLE is mldsa_avx2_rej_table.  */
unsigned int _gcry_mldsa_hint_pack_avx2 (byte *y, const s32 h[MLDSA_N],
                                         const byte *table);
/* BitUnpack for skDecode, reading no byte past the packed bytes: s1
   and s2 (a = ETA - the 3- or 4-bit fields; nonzero if a field
   exceeds 2 ETA) and t0 (a = 2^12 - the 13-bit fields).  Constant
   time.  */
u32 _gcry_mldsa_unpack_eta2_avx2 (s32 a[MLDSA_N], const byte b[96]);
u32 _gcry_mldsa_unpack_eta4_avx2 (s32 a[MLDSA_N], const byte b[128]);
void _gcry_mldsa_unpack_t0_avx2 (s32 a[MLDSA_N], const byte b[416]);
/* The swaps of SampleInBall: for t < TAU, i = 256 - TAU + t,
   c[i] = c[JS[t]], c[JS[t]] = (-1)^(bit t of SIGNS), from c = 0;
   JS[t] <= i.  Constant time in JS and SIGNS.  */
void _gcry_mldsa_challenge_avx2 (s32 c[MLDSA_N], const byte *js,
                                 unsigned int tau, u64 signs);
#endif /*USE_MLDSA_AVX2*/

#endif /*GCRY_MLDSA_AVX2_H*/
