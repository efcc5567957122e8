/* mlkem-avx2.c - The AVX2 kernel set of ML-KEM
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

/* The ops table "avx2" (contract: mlkem-ops.h).  It keeps the
 * standard coefficient order, so it may replace any subset of the
 * entries: the NTT, the inverse NTT, the base multiplication with its
 * cache, reduce, tomont and SamplePolyCBD are the assembler kernels of
 * mlkem-ntt-amd64-avx2.S and mlkem-poly-amd64-avx2.S; everything else
 * is the portable code, reached through _gcry_mlkem_ops_generic (its
 * functions are static, and a const table cannot copy another one's
 * members in its initializer).  The front file selects this set when
 * _gcry_get_hw_features () reports HWF_INTEL_AVX2.  */

#include <config.h>

#include "g10lib.h"
#include "mlkem-ops.h"
#include "mlkem-avx2.h"

#ifdef USE_MLKEM_AVX2

#include "mlkem-tables-avx2.h"

static void
ntt_avx2 (mlkem_poly_ntt *r, const mlkem_poly *a)
{
  _gcry_mlkem_ntt_avx2 (r->coeffs, a->coeffs, mlkem_avx2_ntt_zetas);
}

static void
invntt_tomont_avx2 (mlkem_poly *r, const mlkem_poly_ntt *a)
{
  _gcry_mlkem_invntt_avx2 (r->coeffs, a->coeffs, mlkem_avx2_invntt_zetas);
}

static void
mulcache_compute_avx2 (mlkem_poly_mulcache *c, const mlkem_poly_ntt *b)
{
  _gcry_mlkem_mulcache_avx2 (c->coeffs, b->coeffs, mlkem_avx2_gammas);
}

/* The K polynomials of A and B, and the K caches, are arrays of
 * structs holding only their coefficient arrays, so they are
 * contiguous as the assembler expects.  */
static void
basemul_acc_avx2 (mlkem_poly_ntt *r, const mlkem_poly_ntt *a,
                  const mlkem_poly_ntt *b, const mlkem_poly_mulcache *bc,
                  unsigned int k)
{
  _gcry_mlkem_basemul_acc_avx2 (r->coeffs, a->coeffs, b->coeffs,
                                bc->coeffs, k);
}

/* The portable entries this set does not replace.  */
static void
poly_ntt_tobytes_avx2 (byte r[MLKEM_POLYBYTES], const mlkem_poly_ntt *a)
{
  _gcry_mlkem_ops_generic.poly_ntt_tobytes (r, a);
}

static void
poly_ntt_frombytes_avx2 (mlkem_poly_ntt *r, const byte a[MLKEM_POLYBYTES])
{
  _gcry_mlkem_ops_generic.poly_ntt_frombytes (r, a);
}

static void
gen_matrix_ntt_avx2 (mlkem_poly_ntt *a, const byte rho[MLKEM_SYMBYTES],
                     unsigned int k, int transposed)
{
  _gcry_mlkem_ops_generic.gen_matrix_ntt (a, rho, k, transposed);
}

/* SamplePolyCBD_eta (FIPS 203 Algorithm 8), in assembler.  */
static void
poly_cbd_eta2_avx2 (mlkem_poly *r, const byte buf[128])
{
  _gcry_mlkem_cbd_eta2_avx2 (r->coeffs, buf);
}

static void
poly_cbd_eta3_avx2 (mlkem_poly *r, const byte buf[192])
{
  _gcry_mlkem_cbd_eta3_avx2 (r->coeffs, buf);
}

/* The struct layout assumptions of the wrappers above.  */
typedef char mlkem_avx2_layout_check
  [(sizeof (mlkem_poly_ntt) == 2 * MLKEM_N
    && sizeof (mlkem_poly_mulcache) == MLKEM_N) ? 1 : -1];

const mlkem_ops_t _gcry_mlkem_ops_avx2 =
  {
    "avx2",
    ntt_avx2,
    invntt_tomont_avx2,
    mulcache_compute_avx2,
    basemul_acc_avx2,
    _gcry_mlkem_reduce_avx2,
    _gcry_mlkem_tomont_avx2,
    poly_ntt_tobytes_avx2,
    poly_ntt_frombytes_avx2,
    gen_matrix_ntt_avx2,
    poly_cbd_eta2_avx2,
    poly_cbd_eta3_avx2
  };

#endif /*USE_MLKEM_AVX2*/
