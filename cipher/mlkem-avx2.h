/* mlkem-avx2.h - The AVX2 kernel set of ML-KEM
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

/* Interface between the ML-KEM front file (cipher/mlkem.c), the AVX2
 * ops table (cipher/mlkem-avx2.c) and the assembler kernels
 * (cipher/mlkem-ntt-amd64-avx2.S, cipher/mlkem-poly-amd64-avx2.S).
 * The NTT kernels and the _perm kernels keep NTT-domain coefficients
 * in an order of their own (the "AVX2 order", see
 * mlkem-ntt-amd64-avx2.S); the others use the standard order of
 * mlkem-ops.h, so that the AVX-512 set can borrow them.  See the file
 * headers of the .S files for the algorithms and bounds.  */

#ifndef GCRY_MLKEM_AVX2_H
#define GCRY_MLKEM_AVX2_H 1

#include "mlkem-ops.h"

/* USE_MLKEM_AVX2 says that the AVX2 kernel set is built and linked:
   the user did not disable it (ENABLE_AVX2_SUPPORT), the assembler
   understands AVX2 and the amd64 ELF syntax, and we build for x86-64.
   At run time it is used only when HWF_INTEL_AVX2 is present.  */
#undef USE_MLKEM_AVX2
#if defined(ENABLE_AVX2_SUPPORT) && defined(HAVE_GCC_INLINE_ASM_AVX2) \
    && defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) && defined(__x86_64__) \
    && defined(__ELF__)
# define USE_MLKEM_AVX2 1
#endif

#ifdef USE_MLKEM_AVX2

/* The kernel set "avx2" (cipher/mlkem-avx2.c).  */
extern const mlkem_ops_t _gcry_mlkem_ops_avx2;

/* Assembler entry points.  The twiddle tables are those of
   mlkem-tables-avx2.h (16 multipliers and their products with
   q^-1 mod 2^16 per entry).  Arrays need no particular alignment.  */

/* R = NTT (A), A in the standard order, R in the AVX2 order.
   In: |a_i| < q.  Out: |r_i| < 0.58 q.  R may equal A.  */
void _gcry_mlkem_ntt_avx2 (s16 r[MLKEM_N], const s16 a[MLKEM_N],
                           const s16 zetas[39][2][16]);
/* R = NTT^-1 (A) * 2^16, A in the AVX2 order, R in the standard
   order.  In: |a_i| < q.  Out: |r_i| < 0.73 q.  R may equal A.  */
void _gcry_mlkem_invntt_avx2 (s16 r[MLKEM_N], const s16 a[MLKEM_N],
                              const s16 zetas[40][2][16]);
/* C_i = b_2i+1 * GAMMAS_i * 2^-16 mod q (GAMMAS_i: lane i of the table);
   with GAMMAS = mlkem_avx2_gammas, B is in the AVX2 order.
   In: |b_i| < 2^15.  Out: |c_i| < q.  */
void _gcry_mlkem_mulcache_avx2 (s16 c[MLKEM_N / 2], const s16 b[MLKEM_N],
                                const s16 gammas[8][2][16]);
/* R = sum_{j<K} A_j x B_j * 2^-16 (mlkem-ops.h BASEMUL_ACC); A, B are
   K polynomials back to back, BC their K mulcaches.  1 <= K <= 4.  */
void _gcry_mlkem_basemul_acc_avx2 (s16 r[MLKEM_N], const s16 *a,
                                   const s16 *b, const s16 *bc,
                                   unsigned int k);
/* C_i = C_i mod q in [0, q).  */
void _gcry_mlkem_reduce_avx2 (s16 c[MLKEM_N]);
/* C_i = C_i * 2^16 mod q, |c_i| < q.  */
void _gcry_mlkem_tomont_avx2 (s16 c[MLKEM_N]);
/* R = SamplePolyCBD_2 (BUF) and SamplePolyCBD_3 (BUF), FIPS 203
   Algorithm 8.  Out: |r_i| <= eta.  */
void _gcry_mlkem_cbd_eta2_avx2 (s16 r[MLKEM_N], const byte buf[128]);
void _gcry_mlkem_cbd_eta3_avx2 (s16 r[MLKEM_N], const byte buf[192]);
/* ByteDecode_12 without the reduction mod q (out: 0..4095), and
   ByteEncode_12 of 0 <= a_i < 4096; FIPS 203 Algorithms 6 and 5.  */
void _gcry_mlkem_frombytes_avx2 (s16 r[MLKEM_N], const byte a[MLKEM_POLYBYTES]);
void _gcry_mlkem_tobytes_avx2 (byte r[MLKEM_POLYBYTES], const s16 a[MLKEM_N]);
/* The same with R resp. A in the AVX2 order.  */
void _gcry_mlkem_frombytes_perm_avx2 (s16 r[MLKEM_N],
                                      const byte a[MLKEM_POLYBYTES]);
void _gcry_mlkem_tobytes_perm_avx2 (byte r[MLKEM_POLYBYTES],
                                    const s16 a[MLKEM_N]);
/* R = A in the AVX2 order, A in the standard order.  R may equal A.  */
void _gcry_mlkem_nttperm_avx2 (s16 r[MLKEM_N], const s16 a[MLKEM_N]);
/* Rejection step of SampleNTT (FIPS 203 Algorithm 7) on public data:
   append the 12-bit candidates of BUF below q to R[CTR..], 24 bytes at
   a time while CTR < 256 and 24 bytes of the BUFLEN remain.  R has
   room for 256 + 16 entries; entries past 255 are to be ignored.
   TABLE is &mlkem_avx2_rej (mlkem-tables-avx2.h).  Stores the bytes
   consumed to *POS and returns the new CTR (at most 271).  */
unsigned int _gcry_mlkem_rej_uniform_avx2 (s16 *r, unsigned int ctr,
                                           const byte *buf,
                                           unsigned int buflen,
                                           const void *table,
                                           unsigned int *pos);

/* ByteEncode_d (Compress_d (A)) to 32 D bytes, |a_i| < q; and
   Decompress_d (ByteDecode_d (B)) from exactly 32 D bytes,
   0 <= r_i < q; D = 4, 5, 10, 11 (mlkem-compress-amd64-avx2.S).  */
void _gcry_mlkem_compress_d4_avx2 (byte *r, const s16 a[MLKEM_N]);
void _gcry_mlkem_compress_d5_avx2 (byte *r, const s16 a[MLKEM_N]);
void _gcry_mlkem_compress_d10_avx2 (byte *r, const s16 a[MLKEM_N]);
void _gcry_mlkem_compress_d11_avx2 (byte *r, const s16 a[MLKEM_N]);
void _gcry_mlkem_decompress_d4_avx2 (s16 r[MLKEM_N], const byte *b);
void _gcry_mlkem_decompress_d5_avx2 (s16 r[MLKEM_N], const byte *b);
void _gcry_mlkem_decompress_d10_avx2 (s16 r[MLKEM_N], const byte *b);
void _gcry_mlkem_decompress_d11_avx2 (s16 r[MLKEM_N], const byte *b);

/* The POLY_COMPRESS and POLY_DECOMPRESS entries of the AVX2 set
   (mlkem-ops.h) around them, in mlkem-avx2.c; the AVX-512 set uses
   them too.  */
void _gcry_mlkem_poly_compress_avx2 (byte *r, const mlkem_poly *a,
                                     unsigned int d);
void _gcry_mlkem_poly_decompress_avx2 (mlkem_poly *r, const byte *a,
                                       unsigned int d);

/* The rejection step of SampleNTT in the standard order (the
   REJ_UNIFORM entry of mlkem-ops.h for a set in the standard order)
   around the assembler above, in mlkem-avx2.c; the AVX-512 set uses
   it.  The AVX2 set's own entry reorders the result.  */
unsigned int _gcry_mlkem_rej_uniform_ntt_avx2 (mlkem_poly_ntt *r,
                                               unsigned int ctr,
                                               const byte *buf,
                                               unsigned int buflen);

#endif /*USE_MLKEM_AVX2*/

#endif /*GCRY_MLKEM_AVX2_H*/
