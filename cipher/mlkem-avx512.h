/* mlkem-avx512.h - The AVX-512 kernel set of ML-KEM
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

/* Interface between the ML-KEM front file (cipher/mlkem.c), the
 * AVX-512 ops table (cipher/mlkem-avx512.c) and its assembler kernels
 * (cipher/mlkem-ntt-amd64-avx512.S, cipher/mlkem-poly-amd64-avx512.S).
 * The kernels keep the standard coefficient order of mlkem-ops.h and
 * compute the portable set's results mod q (the NTTs with other
 * representatives); see the file headers of the .S files for the
 * algorithms and bounds.  The entries without an AVX-512 kernel are
 * the standard-order AVX2 kernels, which the AVX-512 hardware also
 * runs.  */

#ifndef GCRY_MLKEM_AVX512_H
#define GCRY_MLKEM_AVX512_H 1

#include "mlkem-ops.h"
#include "mlkem-avx2.h"

/* USE_MLKEM_AVX512 says that the AVX-512 kernel set is built and
   linked: the user did not disable it (ENABLE_AVX512_SUPPORT), the
   assembler understands AVX-512 (HAVE_GCC_INLINE_ASM_AVX512), and the
   AVX2 set it borrows from is built too (USE_MLKEM_AVX2: x86-64, ELF,
   AVX2 enabled).  At run time it is used only when HWF_INTEL_AVX512
   is present (F, BW, VL and DQ; every such CPU also has AVX2).  */
#undef USE_MLKEM_AVX512
#if defined(USE_MLKEM_AVX2) && defined(ENABLE_AVX512_SUPPORT) \
    && defined(HAVE_GCC_INLINE_ASM_AVX512)
# define USE_MLKEM_AVX512 1
#endif

#ifdef USE_MLKEM_AVX512

/* The kernel set "avx512" (cipher/mlkem-avx512.c), and the same set
   with the VBMI2 rejection step, compression and decompression, used
   when HWF_INTEL_VBMI2 is also present (same name: it is the same
   kernel set, with three entries replaced for the processors that
   have the extension).  Not chosen on Intel processors (mlkem.c,
   _gcry_mlkem_ops_available).  */
extern const mlkem_ops_t _gcry_mlkem_ops_avx512;
extern const mlkem_ops_t _gcry_mlkem_ops_avx512_vbmi2;
/* The AVX2 set with the VBMI2 rejection parser and the AVX-512
   SamplePolyCBD (cipher/mlkem-avx2.c, name "avx2"), for Intel
   processors.  */
extern const mlkem_ops_t _gcry_mlkem_ops_avx2_vbmi2;

/* The SamplePolyCBD entries of the AVX-512 set (mlkem-avx512.c).  */
void _gcry_mlkem_poly_cbd_eta2_avx512 (mlkem_poly *r, const byte buf[128]);
void _gcry_mlkem_poly_cbd_eta3_avx512 (mlkem_poly *r, const byte buf[192]);

/* Assembler entry points.  The twiddle tables are those of
   mlkem-tables-avx512.h (32 multipliers and their products with
   q^-1 mod 2^16 per entry), PERM is mlkem_avx512_perm of the same
   file.  Arrays need no particular alignment.  */

/* R = NTT (A), standard order.  In: |a_i| < q.  Out: |r_i| <= (q-1)/2.
   R may equal A.  */
void _gcry_mlkem_ntt_avx512 (s16 r[MLKEM_N], const s16 a[MLKEM_N],
                             const s16 zetas[23][2][32],
                             const u32 perm[4][16]);
/* R = NTT^-1 (A) * 2^16.  In: |a_i| < q.  Out: |r_i| < q.  R may equal
   A.  */
void _gcry_mlkem_invntt_avx512 (s16 r[MLKEM_N], const s16 a[MLKEM_N],
                                const s16 zetas[24][2][32],
                                const u32 perm[4][16]);
/* C_i = b_2i+1 * gamma_i * 2^-16 mod q (the portable mulcache).
   In: |b_i| < 2^15.  Out: |c_i| < q.  GAMMAS is mlkem_avx512_gammas.  */
void _gcry_mlkem_mulcache_avx512 (s16 c[MLKEM_N / 2], const s16 b[MLKEM_N],
                                  const s16 gammas[4][2][32]);
/* SamplePolyCBD_2 (mlkem-ops.h POLY_CBD_ETA2), as the portable code.  */
void _gcry_mlkem_cbd_eta2_avx512 (s16 r[MLKEM_N], const byte buf[128]);
/* SamplePolyCBD_3 (POLY_CBD_ETA3), as the portable code.  */
void _gcry_mlkem_cbd_eta3_avx512 (s16 r[MLKEM_N], const byte buf[192]);
/* R = sum_{j<K} A_j x B_j * 2^-16 (mlkem-ops.h BASEMUL_ACC); A, B are
   K polynomials back to back, BC their K mulcaches.  1 <= K <= 4.  */
void _gcry_mlkem_basemul_acc_avx512 (s16 r[MLKEM_N], const s16 *a,
                                     const s16 *b, const s16 *bc,
                                     unsigned int k);
/* The rejection step of SampleNTT with vpcompressw (AVX-512 VL/BW and
   VBMI2), mlkem-rej-amd64-vbmi2.S: appends the candidates below q of
   whole 24-byte chunks of BUF to R[CTR..] while CTR < 256, never past
   R[255]; stores the bytes used to *POS, returns the new CTR.  */
unsigned int _gcry_mlkem_rej_uniform_vbmi2 (s16 r[MLKEM_N], unsigned int ctr,
                                            const byte *buf,
                                            unsigned int buflen,
                                            unsigned int *pos);
/* R = ByteEncode_d (Compress_d (A)) with vpcompressb (AVX-512 BW and
   VBMI2), mlkem-compress-amd64-vbmi2.S, d = 4, 5, 10, 11: writes
   exactly 32 d bytes.  In: |a_i| < q.  */
void _gcry_mlkem_compress_d4_vbmi2 (byte *r, const s16 a[MLKEM_N]);
void _gcry_mlkem_compress_d5_vbmi2 (byte *r, const s16 a[MLKEM_N]);
void _gcry_mlkem_compress_d10_vbmi2 (byte *r, const s16 a[MLKEM_N]);
void _gcry_mlkem_compress_d11_vbmi2 (byte *r, const s16 a[MLKEM_N]);
/* R = Decompress_d (ByteDecode_d (B)) with vpexpandb, the same file:
   reads exactly 32 d bytes.  Out: 0 <= r_i < q.  */
void _gcry_mlkem_decompress_d4_vbmi2 (s16 r[MLKEM_N], const byte *b);
void _gcry_mlkem_decompress_d5_vbmi2 (s16 r[MLKEM_N], const byte *b);
void _gcry_mlkem_decompress_d10_vbmi2 (s16 r[MLKEM_N], const byte *b);
void _gcry_mlkem_decompress_d11_vbmi2 (s16 r[MLKEM_N], const byte *b);

#endif /*USE_MLKEM_AVX512*/

#endif /*GCRY_MLKEM_AVX512_H*/
