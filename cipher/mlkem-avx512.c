/* mlkem-avx512.c - The AVX-512 kernel set of ML-KEM
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

/* The ops table "avx512" (contract: mlkem-ops.h).  It keeps the
 * standard coefficient order of NTT-domain polynomials, so it may
 * replace any subset of the entries.  The forward and inverse NTT run
 * on the whole polynomial in eight zmm registers
 * (mlkem-ntt-amd64-avx512.S); the base multiplication and its cache
 * are 32-lane kernels (mlkem-poly-amd64-avx512.S), and so is
 * SamplePolyCBD (half the time of the AVX2 kernel for eta 2, four
 * fifths for eta 3, Sapphire Rapids); reduce, tomont, the byte coding
 * and the rejection step of SampleNTT without VBMI2 are the
 * standard-order kernels of the AVX2 files (short kernels, where 32
 * lanes gained nothing measurable), not the entries of the AVX2
 * set, which keeps NTT-domain data in an order of its own.  The NTTs
 * return other representatives than the portable ones (equal mod q,
 * within the bounds of mlkem-ops.h; see their file), every other
 * kernel computes exactly what the portable one computes, and the
 * front file canonicalises before encoding, so keys, ciphertexts and
 * shared secrets are bit-identical on all sets.  The front file
 * selects this set when
 * _gcry_get_hw_features () reports HWF_INTEL_AVX512 but not
 * HWF_INTEL_CPU: on Intel processors the zmm multiplications of the
 * NTTs, the base multiplication and compression lower the core clock
 * for milliseconds, and the AVX2 set is chosen there (mlkem.c,
 * _gcry_mlkem_ops_available).  */

#include <config.h>

#include "g10lib.h"
#include "mlkem-ops.h"
#include "mlkem-avx512.h"

#ifdef USE_MLKEM_AVX512

#include "mlkem-tables-avx512.h"

static void
ntt_avx512 (mlkem_poly_ntt *r, const mlkem_poly *a)
{
  _gcry_mlkem_ntt_avx512 (r->coeffs, a->coeffs, mlkem_avx512_ntt_zetas,
                          mlkem_avx512_perm);
}

static void
invntt_tomont_avx512 (mlkem_poly *r, const mlkem_poly_ntt *a)
{
  _gcry_mlkem_invntt_avx512 (r->coeffs, a->coeffs,
                             mlkem_avx512_invntt_zetas, mlkem_avx512_perm);
}

static void
mulcache_compute_avx512 (mlkem_poly_mulcache *c, const mlkem_poly_ntt *b)
{
  _gcry_mlkem_mulcache_avx512 (c->coeffs, b->coeffs, mlkem_avx512_gammas);
}

/* The K polynomials of A and B, and the K caches, are arrays of
 * structs holding only their coefficient arrays, so they are
 * contiguous as the assembler expects.  */
static void
basemul_acc_avx512 (mlkem_poly_ntt *r, const mlkem_poly_ntt *a,
                    const mlkem_poly_ntt *b, const mlkem_poly_mulcache *bc,
                    unsigned int k)
{
  _gcry_mlkem_basemul_acc_avx512 (r->coeffs, a->coeffs, b->coeffs,
                                  bc->coeffs, k);
}

/* The AVX2 entries, called directly (the rejection step of SampleNTT
 * is the C wrapper of mlkem-avx2.c).  */
static void
poly_ntt_tobytes_avx512 (byte r[MLKEM_POLYBYTES], const mlkem_poly_ntt *a)
{
  _gcry_mlkem_tobytes_avx2 (r, a->coeffs);
}

static void
poly_ntt_frombytes_avx512 (mlkem_poly_ntt *r, const byte a[MLKEM_POLYBYTES])
{
  _gcry_mlkem_frombytes_avx2 (r->coeffs, a);
}

/* SamplePolyCBD_eta, 32 lanes; also in the "avx2" set for Intel
   processors with VBMI2 (mlkem-avx2.c).  */
void
_gcry_mlkem_poly_cbd_eta2_avx512 (mlkem_poly *r, const byte buf[128])
{
  _gcry_mlkem_cbd_eta2_avx512 (r->coeffs, buf);
}

void
_gcry_mlkem_poly_cbd_eta3_avx512 (mlkem_poly *r, const byte buf[192])
{
  _gcry_mlkem_cbd_eta3_avx512 (r->coeffs, buf);
}

/* The REJ_UNIFORM entry (mlkem-ops.h) with VBMI2: the assembler
 * writes straight into R in the standard order and never past
 * R[255]; a remainder of less than 24 bytes (the front file's blocks
 * of 504 and 168 bytes leave none) goes one candidate at a time.
 * Public data: branches allowed.  */
static unsigned int
rej_uniform_vbmi2 (mlkem_poly_ntt *r, unsigned int ctr, const byte *buf,
                   unsigned int buflen)
{
  unsigned int pos = 0;

  ctr = _gcry_mlkem_rej_uniform_vbmi2 (r->coeffs, ctr, buf, buflen, &pos);
  for (; ctr < MLKEM_N && pos + 3 <= buflen; pos += 3)
    {
      /* unsigned int: no 16-bit immediates (see rej_uniform in
         mlkem-poly-generic.c).  */
      unsigned int d1 = buf[pos] | ((unsigned int)(buf[pos + 1] & 0x0f)
                                    << 8);
      unsigned int d2 = (buf[pos + 1] >> 4)
                        | ((unsigned int)buf[pos + 2] << 4);

      if (d1 < MLKEM_Q)
        r->coeffs[ctr++] = d1;
      if (d2 < MLKEM_Q && ctr < MLKEM_N)
        r->coeffs[ctr++] = d2;
    }
  return ctr;
}

/* The POLY_COMPRESS entry (mlkem-ops.h) with VBMI2.  */
static void
poly_compress_vbmi2 (byte *r, const mlkem_poly *a, unsigned int d)
{
  switch (d)
    {
    case 4: _gcry_mlkem_compress_d4_vbmi2 (r, a->coeffs); break;
    case 5: _gcry_mlkem_compress_d5_vbmi2 (r, a->coeffs); break;
    case 10: _gcry_mlkem_compress_d10_vbmi2 (r, a->coeffs); break;
    case 11: _gcry_mlkem_compress_d11_vbmi2 (r, a->coeffs); break;
    default: gcry_assert (!"compress width"); break;
    }
}

/* The POLY_DECOMPRESS entry with VBMI2 (reads exactly 32 D bytes).  */
static void
poly_decompress_vbmi2 (mlkem_poly *r, const byte *a, unsigned int d)
{
  switch (d)
    {
    case 4: _gcry_mlkem_decompress_d4_vbmi2 (r->coeffs, a); break;
    case 5: _gcry_mlkem_decompress_d5_vbmi2 (r->coeffs, a); break;
    case 10: _gcry_mlkem_decompress_d10_vbmi2 (r->coeffs, a); break;
    case 11: _gcry_mlkem_decompress_d11_vbmi2 (r->coeffs, a); break;
    default: gcry_assert (!"decompress width"); break;
    }
}

/* The struct layout assumptions of the wrappers: K polynomials or
 * caches back to back are contiguous coefficient arrays.  */
typedef char mlkem_avx512_layout_check
  [(sizeof (mlkem_poly_ntt) == 2 * MLKEM_N
    && sizeof (mlkem_poly) == 2 * MLKEM_N
    && sizeof (mlkem_poly_mulcache) == MLKEM_N) ? 1 : -1];

/* The set, with the rejection step REJ, compression COMPRESS and
 * decompression DECOMPRESS: the AVX2 ones, or VBMI2's where the
 * processor has it.  */
#define MLKEM_OPS_AVX512(rej, compress, decompress) \
  {                                             \
    "avx512",                                   \
    ntt_avx512,                                 \
    invntt_tomont_avx512,                       \
    mulcache_compute_avx512,                    \
    basemul_acc_avx512,                         \
    _gcry_mlkem_reduce_avx2,                    \
    _gcry_mlkem_tomont_avx2,                    \
    poly_ntt_tobytes_avx512,                    \
    poly_ntt_frombytes_avx512,                  \
    rej,                                        \
    _gcry_mlkem_poly_cbd_eta2_avx512,           \
    _gcry_mlkem_poly_cbd_eta3_avx512,           \
    compress,                                   \
    decompress,                                 \
    2500  /* |r_i| < 2497 (mlkem-ntt-amd64-avx512.S).  */ \
  }

const mlkem_ops_t _gcry_mlkem_ops_avx512 =
  MLKEM_OPS_AVX512 (_gcry_mlkem_rej_uniform_ntt_avx2,
                    _gcry_mlkem_poly_compress_avx2,
                    _gcry_mlkem_poly_decompress_avx2);

const mlkem_ops_t _gcry_mlkem_ops_avx512_vbmi2 =
  MLKEM_OPS_AVX512 (rej_uniform_vbmi2, poly_compress_vbmi2,
                    poly_decompress_vbmi2);

#endif /*USE_MLKEM_AVX512*/
