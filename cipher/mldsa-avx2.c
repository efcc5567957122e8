/* mldsa-avx2.c - The x86-64 AVX2 kernel set of ML-DSA
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

/* The "avx2" kernel set (contract: mldsa-ops.h).  The NTTs and the
 * coefficient-wise kernels are in mldsa-ntt-amd64-avx2.S and
 * mldsa-poly-amd64-avx2.S; they give the same words as the portable
 * kernels, so keys and signatures are byte for byte the same.  The
 * samplers are the portable ones (their time goes to Keccak, which is
 * dispatched on its own), reached through the portable table because
 * C cannot copy function pointers from one const table into another
 * at compile time.  Chosen by _gcry_mldsa_init when the CPU has
 * HWF_INTEL_AVX2.  */

#include <config.h>

#include "g10lib.h"
#include "mldsa-ops.h"
#include "mldsa-avx2.h"

#ifdef USE_MLDSA_AVX2

#include "mldsa-tables-avx2.h"

#define GAMMA2_32 ((MLDSA_Q - 1) / 32)

static void
ntt_avx2 (mldsa_poly_t *a)
{
  _gcry_mldsa_ntt_avx2 (a->coeffs, mldsa_avx2_ntt_table);
}

static void
invntt_tomont_avx2 (mldsa_poly_t *a)
{
  _gcry_mldsa_invntt_avx2 (a->coeffs, mldsa_avx2_invntt_table);
}

static void
pointwise_avx2 (mldsa_poly_t *r, const mldsa_poly_t *a,
                const mldsa_poly_t *b)
{
  _gcry_mldsa_pointwise_avx2 (r->coeffs, a->coeffs, b->coeffs);
}

static void
pointwise_acc_avx2 (mldsa_poly_t *r, const mldsa_poly_t *a,
                    const mldsa_poly_t *b, unsigned int n)
{
  _gcry_mldsa_pointwise_acc_avx2 (r->coeffs, a->coeffs, b->coeffs, n);
}

static void
reduce_avx2 (mldsa_poly_t *a)
{
  _gcry_mldsa_reduce_avx2 (a->coeffs);
}

static void
caddq_avx2 (mldsa_poly_t *a)
{
  _gcry_mldsa_caddq_avx2 (a->coeffs);
}

static void
power2round_avx2 (mldsa_poly_t *a1, mldsa_poly_t *a0, const mldsa_poly_t *a)
{
  _gcry_mldsa_power2round_avx2 (a1->coeffs, a0->coeffs, a->coeffs);
}

/* GAMMA2 is public (the parameter set): choosing the variant by it
   leaks nothing.  */
static void
decompose_avx2 (mldsa_poly_t *a1, mldsa_poly_t *a0, const mldsa_poly_t *a,
                s32 gamma2)
{
  if (gamma2 == GAMMA2_32)
    _gcry_mldsa_decompose32_avx2 (a1->coeffs, a0->coeffs, a->coeffs);
  else
    _gcry_mldsa_decompose88_avx2 (a1->coeffs, a0->coeffs, a->coeffs);
}

static unsigned int
make_hint_avx2 (mldsa_poly_t *h, const mldsa_poly_t *a0,
                const mldsa_poly_t *a1, s32 gamma2)
{
  return _gcry_mldsa_make_hint_avx2 (h->coeffs, a0->coeffs, a1->coeffs,
                                     gamma2);
}

static void
use_hint_avx2 (mldsa_poly_t *b, const mldsa_poly_t *a, const mldsa_poly_t *h,
               s32 gamma2)
{
  if (gamma2 == GAMMA2_32)
    _gcry_mldsa_use_hint32_avx2 (b->coeffs, a->coeffs, h->coeffs);
  else
    _gcry_mldsa_use_hint88_avx2 (b->coeffs, a->coeffs, h->coeffs);
}

static int
chknorm_avx2 (const mldsa_poly_t *a, s32 bound)
{
  return _gcry_mldsa_chknorm_avx2 (a->coeffs, bound);
}

/* The samplers: the portable kernels.  */

static void
poly_uniform_x4_avx2 (mldsa_poly_t *a[4], const byte rho[MLDSA_SEEDBYTES],
                      const u16 nonce[4])
{
  _gcry_mldsa_ops_generic.poly_uniform_x4 (a, rho, nonce);
}

static void
poly_uniform_avx2 (mldsa_poly_t *a, const byte rho[MLDSA_SEEDBYTES],
                   u16 nonce)
{
  _gcry_mldsa_ops_generic.poly_uniform (a, rho, nonce);
}

static void
poly_uniform_eta_x4_avx2 (mldsa_poly_t *a[4],
                          const byte rhoprime[MLDSA_CRHBYTES],
                          const u16 nonce[4], int eta)
{
  _gcry_mldsa_ops_generic.poly_uniform_eta_x4 (a, rhoprime, nonce, eta);
}

static void
poly_uniform_eta_avx2 (mldsa_poly_t *a, const byte rhoprime[MLDSA_CRHBYTES],
                       u16 nonce, int eta)
{
  _gcry_mldsa_ops_generic.poly_uniform_eta (a, rhoprime, nonce, eta);
}

static void
poly_uniform_gamma1_x4_avx2 (mldsa_poly_t *a[4],
                             const byte rhopp[MLDSA_CRHBYTES],
                             const u16 nonce[4], s32 gamma1)
{
  _gcry_mldsa_ops_generic.poly_uniform_gamma1_x4 (a, rhopp, nonce, gamma1);
}

static void
poly_uniform_gamma1_avx2 (mldsa_poly_t *a, const byte rhopp[MLDSA_CRHBYTES],
                          u16 nonce, s32 gamma1)
{
  _gcry_mldsa_ops_generic.poly_uniform_gamma1 (a, rhopp, nonce, gamma1);
}

static void
poly_challenge_avx2 (mldsa_poly_t *c, const byte *ctilde,
                     unsigned int ctildelen, unsigned int tau)
{
  _gcry_mldsa_ops_generic.poly_challenge (c, ctilde, ctildelen, tau);
}

const mldsa_ops_t _gcry_mldsa_ops_avx2 =
  {
    "avx2",
    ntt_avx2,
    invntt_tomont_avx2,
    pointwise_avx2,
    pointwise_acc_avx2,
    reduce_avx2,
    caddq_avx2,
    power2round_avx2,
    decompose_avx2,
    make_hint_avx2,
    use_hint_avx2,
    chknorm_avx2,
    poly_uniform_x4_avx2,
    poly_uniform_avx2,
    poly_uniform_eta_x4_avx2,
    poly_uniform_eta_avx2,
    poly_uniform_gamma1_x4_avx2,
    poly_uniform_gamma1_avx2,
    poly_challenge_avx2
  };

#endif /*USE_MLDSA_AVX2*/
