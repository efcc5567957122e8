/* mlkem-ops.h - ML-KEM kernel contract and dispatch table
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

/* This header is the contract between the ML-KEM front file
 * (cipher/mlkem.c: FIPS 203 algorithms, parameter sets, dispatch) and
 * the kernel sets (cipher/mlkem-poly-generic.c: portable C; later
 * per-architecture files).  A kernel set fills one mlkem_ops_t.  It
 * starts from the portable entries (_gcry_mlkem_ops_generic) and
 * overrides only what it implements, with one exception: the
 * coefficient order of NTT-domain polynomials.
 *
 * Coefficient order.  A normal-domain polynomial (mlkem_poly) always
 * holds f_0..f_255 in natural order.  An NTT-domain polynomial
 * (mlkem_poly_ntt) holds the 128 degree-one residues
 * (fhat_2i, fhat_2i+1) of FIPS 203 section 4.3 in the order the
 * backend chooses; the portable backend uses the order of FIPS 203
 * (natural order of i).  The entries NTT, INVNTT_TOMONT,
 * MULCACHE_COMPUTE, BASEMUL_ACC, POLY_NTT_TOBYTES,
 * POLY_NTT_FROMBYTES and REJ_UNIFORM all see NTT-domain data, so a
 * backend with its own order must provide all seven together (the
 * serialised bytes are always in the standard order).  REDUCE and
 * TOMONT work coefficient-wise and do not care about the order.
 *
 * Arithmetic.  Coefficients are int16_t representatives of Z_q,
 * q = 3329.  "Montgomery multiplication" of a and b is
 * a * b * 2^-16 mod q.  Bounds below are on absolute values and are
 * what a kernel may assume of its inputs and must guarantee of its
 * outputs; the front file relies on exactly these bounds.
 *
 * Aliasing.  Except for the in-place entries REDUCE and TOMONT, an
 * entry's output never overlaps its inputs; the portable kernels
 * declare their pointers restrict on that promise.  */

#ifndef GCRY_MLKEM_OPS_H
#define GCRY_MLKEM_OPS_H 1

#include "types.h"

#define MLKEM_N 256
#define MLKEM_Q 3329
#define MLKEM_SYMBYTES 32                    /* |d|, |z|, |m|, |K|, ...  */
#define MLKEM_POLYBYTES 384                  /* ByteEncode_12 of one poly */
#define MLKEM_K_MAX 4

/* A polynomial in the normal domain, f_0..f_255.  */
typedef struct
{
  s16 coeffs[MLKEM_N];
} mlkem_poly;

/* A polynomial in the NTT domain (T_q), in backend order.  */
typedef struct
{
  s16 coeffs[MLKEM_N];
} mlkem_poly_ntt;

/* Precomputed products for the base multiplication with a fixed
 * right-hand operand b: for the portable backend, entry i is
 * b_2i+1 * gamma_i (Montgomery product, |.| < q), where gamma_i is
 * the modulus of residue i.  Other backends may store anything of the
 * same size.  */
typedef struct
{
  s16 coeffs[MLKEM_N / 2];
} mlkem_poly_mulcache;

typedef struct mlkem_ops_s
{
  /* Name of the kernel set as shown by gcry_get_config ("generic").  */
  const char *name;

  /* R = NTT(A), FIPS 203 Algorithm 9.
   * In: |a_i| < q (e.g. CBD output or a reduced polynomial).
   * Out: |r_i| < q, in backend order.  R and A may not overlap.  */
  void (*ntt) (mlkem_poly_ntt *r, const mlkem_poly *a);

  /* R = NTT^-1(A) * 2^16, FIPS 203 Algorithm 10 with an extra factor
   * R = 2^16 that cancels the R^-1 of BASEMUL_ACC.
   * In: |a_i| < q, backend order.  Out: |r_i| < q.  */
  void (*invntt_tomont) (mlkem_poly *r, const mlkem_poly_ntt *a);

  /* Fill C for later base multiplications with B as right operand.
   * In: |b_i| < q.  */
  void (*mulcache_compute) (mlkem_poly_mulcache *c, const mlkem_poly_ntt *b);

  /* R = sum_{j<k} A[j] x B[j] * 2^-16 (MultiplyNTTs, FIPS 203
   * Algorithm 11, followed by one Montgomery reduction per
   * coefficient; the sum is accumulated unreduced).  BC[j] is the
   * mulcache of B[j].  1 <= K <= 4.
   * In: |a_i| <= 4095 (A may come straight from ByteDecode_12 of a
   * decapsulation key), |b_i| < q.  Out: |r_i| < q.  */
  void (*basemul_acc) (mlkem_poly_ntt *r, const mlkem_poly_ntt *a,
                       const mlkem_poly_ntt *b,
                       const mlkem_poly_mulcache *bc, unsigned int k);

  /* C[i] = C[i] mod q, in [0, q).  In: any int16_t.  */
  void (*reduce) (s16 c[MLKEM_N]);

  /* C[i] = C[i] * 2^16 mod q.  In: any int16_t.  Out: |c_i| < q.  */
  void (*tomont) (s16 c[MLKEM_N]);

  /* R = ByteEncode_12 (A) in standard order, FIPS 203 Algorithm 5.
   * In: 0 <= a_i < q.  */
  void (*poly_ntt_tobytes) (byte r[MLKEM_POLYBYTES], const mlkem_poly_ntt *a);

  /* R = ByteDecode_12 (A) without the reduction mod q, into backend
   * order.  Out: 0 <= r_i <= 4095.  The modulus check of FIPS 203
   * section 7.2 is done by the front file on the bytes.  */
  void (*poly_ntt_frombytes) (mlkem_poly_ntt *r,
                              const byte a[MLKEM_POLYBYTES]);

  /* The rejection step of SampleNTT (FIPS 203 Algorithm 7, lines
   * 5-13): parse BUFLEN bytes of SHAKE128 output (a multiple of 3) as
   * 12-bit candidates d_1, d_2, ... and append those below q to the
   * CTR values R already holds, stopping at MLKEM_N; return the new
   * count (CTR <= count <= MLKEM_N; below MLKEM_N means all of BUF
   * was used).  The front file calls it first with CTR = 0 on the
   * first 504 bytes of the stream, then on each further block of 168
   * bytes while the count is below MLKEM_N.  Once the count reaches
   * MLKEM_N, R is the entry of A-hat in backend order, 0 <= r_i < q;
   * before that R holds the values so far in a layout only this entry
   * reads.  R has exactly MLKEM_N coefficients.  BUF is public (it
   * derives from rho), so the kernel may branch on it.  The SHAKE128
   * streams themselves are run by the front file on the sponges of
   * cipher/keccak.h, some of them together with the other hashes of
   * the operation (see cipher/mlkem.c).  */
  unsigned int (*rej_uniform) (mlkem_poly_ntt *r, unsigned int ctr,
                               const byte *buf, unsigned int buflen);

  /* R = SamplePolyCBD_2 (BUF), FIPS 203 Algorithm 8 with eta = 2;
   * BUF is 128 bytes of PRF output.  Out: |r_i| <= 2.  */
  void (*poly_cbd_eta2) (mlkem_poly *r, const byte buf[128]);

  /* Same with eta = 3; BUF is 192 bytes.  Out: |r_i| <= 3.  */
  void (*poly_cbd_eta3) (mlkem_poly *r, const byte buf[192]);

  /* R = ByteEncode_d (Compress_d (A)) (FIPS 203 Algorithm 14, lines
   * 22-23; eqs. 4.7 and 4.8), 32 D bytes, for D in {4, 5, 10, 11}.
   * In: |a_i| < q (normal domain, so any order-keeping backend may
   * use the portable _gcry_mlkem_poly_compress).  Writes exactly 32 D
   * bytes.  Constant time (A may be secret in Decaps'
   * re-encryption).  */
  void (*poly_compress) (byte *r, const mlkem_poly *a, unsigned int d);

  /* R = Decompress_d (ByteDecode_d (A)) (FIPS 203 Algorithm 15, lines
   * 3-4), reading exactly 32 D bytes, D in {4, 5, 10, 11}.
   * Out: 0 <= r_i < q.  */
  void (*poly_decompress) (mlkem_poly *r, const byte *a, unsigned int d);

  /* Zero, or a bound B < q on the output of INVNTT_TOMONT that holds
   * for every input within its contract: |r_i| < B.  With B + eta_2
   * < q, K-PKE.Encrypt adds e_1 to u and compresses it without the
   * REDUCE pass, as |u_i| < q is all POLY_COMPRESS needs
   * (tests/t-mlkem-kernels.c checks the bound).  */
  unsigned int invntt_bound;
} mlkem_ops_t;

/* The portable kernel set (cipher/mlkem-poly-generic.c).  */
extern const mlkem_ops_t _gcry_mlkem_ops_generic;

/* The PowerPC VSX kernel set "vsx" (cipher/mlkem-ntt-ppc.c, built with
   PPC_VSX_CFLAGS, and on little-endian ELFv2 the assembler
   cipher/mlkem-ntt-ppc64le-vsx.S).  USE_MLKEM_VSX says it is compiled
   in; the front file uses it only when HWF_PPC_ARCH_2_07 (POWER8) is
   present.  */
#undef USE_MLKEM_VSX
#if defined(ENABLE_PPC_CRYPTO_SUPPORT) && defined(HAVE_GCC_INLINE_ASM_PPC_VSX) \
    && defined(__powerpc64__)
# define USE_MLKEM_VSX 1
extern const mlkem_ops_t _gcry_mlkem_ops_vsx;
#endif

/* Its POWER10 tier "vsx-p10" (the assembler's ISA 3.1 functions, on
   little-endian ELFv2 with an assembler that knows POWER10); the
   front file prefers it when HWF_PPC_ARCH_3_10 is present as well.  */
#undef USE_MLKEM_VSX_P10
#if defined(USE_MLKEM_VSX) && defined(HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10) \
    && defined(__LITTLE_ENDIAN__) && defined(_CALL_ELF) && _CALL_ELF == 2
# define USE_MLKEM_VSX_P10 1
extern const mlkem_ops_t _gcry_mlkem_ops_vsx_p10;
#endif

/* The kernel sets usable on this machine (compiled in and supported by
 * the enabled hardware features), best first, the portable set last;
 * NULL for IDX past the end.  _gcry_mlkem_init picks index 0.  For the
 * differential tests (tests/t-mlkem-kernels.c).  */
const mlkem_ops_t *_gcry_mlkem_ops_available (unsigned int idx);

/* SampleNTT of the whole matrix with the kernel set OPS, as KeyGen
 * does it: A = A-hat (or its transpose with TRANSPOSED), A[i*K + j] =
 * entry (i, j) = SampleNTT (rho || j || i) (FIPS 203 Algorithm 13,
 * lines 3-7; Algorithm 14, lines 4-8).  The SHAKE128 streams run on
 * the batch sponge of cipher/keccak.h, and OPS->rej_uniform parses
 * them.  Out: 0 <= a_i < q, backend order.  For the kernel tests and
 * bench-slope.  */
void _gcry_mlkem_gen_matrix_ntt (const mlkem_ops_t *ops, mlkem_poly_ntt *a,
                                 const byte rho[MLKEM_SYMBYTES],
                                 unsigned int k, int transposed);

/* Order-independent helpers, portable C (cipher/mlkem-poly-generic.c).
 * The first two are the portable POLY_COMPRESS and POLY_DECOMPRESS
 * entries (see there), for the tables of other backends too; the
 * message conversions are not dispatched.  */
void _gcry_mlkem_poly_compress (byte *r, const mlkem_poly *a, unsigned int d);
void _gcry_mlkem_poly_decompress (mlkem_poly *r, const byte *a,
                                  unsigned int d);
/* Decompress_1 (ByteDecode_1 (MSG)): r_i = m_i * (q+1)/2.  Constant
 * time.  */
void _gcry_mlkem_poly_frommsg (mlkem_poly *r, const byte msg[32]);
/* ByteEncode_1 (Compress_1 (A)).  In: |a_i| < q.  Constant time.  */
void _gcry_mlkem_poly_tomsg (byte msg[32], const mlkem_poly *a);

#endif /*GCRY_MLKEM_OPS_H*/
