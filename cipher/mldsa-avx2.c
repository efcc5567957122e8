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
 * mldsa-poly-amd64-avx2.S.  The transforms, the pointwise products
 * and reduce give the residues of the contract within its bounds,
 * every other kernel the same words as its portable counterpart (the
 * front file canonicalises before it encodes anything), so keys and
 * signatures are byte for byte those of the portable set (t-mldsa's
 * known-answer tests, run per backend, and t-mldsa-avx2 check this).
 * The uniform sampler (public matrix A) and RejBoundedPoly (s1, s2)
 * parse their Keccak output with assembler loops, ExpandMask unpacks
 * its output with one, and SampleInBall does its swaps in vector
 * registers; the sponge calls around them are those of the portable
 * samplers.  Verification's t1 unpacking and w1 packing (ML-DSA-65
 * and 87), and KeyGen's packing of t1, t0, s1 and s2, are assembler
 * too.  Chosen by _gcry_mldsa_init when the CPU has HWF_INTEL_AVX2.  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "keccak.h"
#include "mldsa-ops.h"
#include "mldsa-avx2.h"
#include "mldsa-avx512.h"

#ifdef USE_MLDSA_AVX2

#include "mldsa-tables-avx2.h"
#include "mldsa-sample.h"

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

static int
add16_chknorm_avx2 (mldsa_poly_t *a, const s16 *b, int sub, s32 bound)
{
  return _gcry_mldsa_add16_chknorm_avx2 (a->coeffs, b, sub, bound);
}

static int
add_reduce_chknorm_avx2 (mldsa_poly_t *a, const mldsa_poly_t *b, s32 bound)
{
  return _gcry_mldsa_add_reduce_chknorm_avx2 (a->coeffs, b->coeffs, bound);
}

static void
power2round_add_avx2 (mldsa_poly_t *a1, mldsa_poly_t *a0,
                      const mldsa_poly_t *a, const mldsa_poly_t *b)
{
  _gcry_mldsa_power2round_add_avx2 (a1->coeffs, a0->coeffs, a->coeffs,
                                    b->coeffs);
}

/* RejNTTPoly (FIPS 204 Algorithm 30): the sponge calls are those of
   the portable sampler (the shared drivers of mldsa-sample.h: same
   blocks, same order), the parsing of the candidates is vectorised.  */

/* Parse BUF (BUFLEN a multiple of 3) into a[CTR..255] as RejNTTPoly
   does (see mldsa_rej_uniform_from); return the new count.  The
   assembler loop takes whole groups of 8 candidates, the rest is
   parsed by the portable code.  ETA is unused (the signature of
   mldsa_rej_fn_t).  */
static unsigned int
rej_uniform_avx2 (s32 *a, unsigned int ctr, const byte *buf, size_t buflen,
                  int eta)
{
  size_t pos;

  (void)eta;
  pos = _gcry_mldsa_rej_uniform_avx2 (a, &ctr, buf, buflen,
                                      mldsa_avx2_rej_table);
  return mldsa_rej_uniform_from (a, ctr, buf, pos, buflen);
}

static void
poly_uniform_x4_avx2 (mldsa_poly_t *a[4], const byte rho[MLDSA_SEEDBYTES],
                      const u16 nonce[4])
{
  mldsa_sample_uniform_x4 (a, rho, nonce, rej_uniform_avx2);
}

static void
poly_uniform_avx2 (mldsa_poly_t *a, const byte rho[MLDSA_SEEDBYTES],
                   u16 nonce)
{
  mldsa_sample_uniform (a, rho, nonce, rej_uniform_avx2);
}

/* RejBoundedPoly (Algorithm 31): the sponge calls of the portable
   sampler (mldsa-sample.h), the parsing vectorised.  */

/* Parse BUF into a[CTR..255] as RejBoundedPoly does (see
   mldsa_rej_eta_from); return the new count.  The assembler loop
   takes groups of 8 bytes, the rest is parsed by the portable
   code.  */
static unsigned int
rej_eta_avx2 (s32 *a, unsigned int ctr, const byte *buf, size_t buflen,
              int eta)
{
  size_t pos;

  pos = _gcry_mldsa_rej_eta_avx2 (a, &ctr, buf, buflen, eta,
                                  mldsa_avx2_rej_table);
  return mldsa_rej_eta_from (a, ctr, buf, pos, buflen, eta);
}

static void
poly_uniform_eta_x4_avx2 (mldsa_poly_t *a[4],
                          const byte rhoprime[MLDSA_CRHBYTES],
                          const u16 nonce[4], int eta)
{
  mldsa_sample_eta_x4 (a, rhoprime, nonce, eta, rej_eta_avx2);
}

static void
poly_uniform_eta_avx2 (mldsa_poly_t *a, const byte rhoprime[MLDSA_CRHBYTES],
                       u16 nonce, int eta)
{
  mldsa_sample_eta (a, rhoprime, nonce, eta, rej_eta_avx2);
}

/* ExpandMask's per-polynomial step (Algorithm 34, lines 3-5): the
   sponge calls of the portable sampler (mldsa-sample.h), the
   BitUnpack vectorised.  Five SHAKE256 blocks (680 bytes) hold the 576
   or 640 packed bytes plus the 16 bytes the unpacking may read past
   them.  */

static void
unpack_gamma1_avx2 (mldsa_poly_t *a, const byte *buf, s32 gamma1)
{
  if (gamma1 == (1 << 17))
    _gcry_mldsa_unpack_gamma1_17_avx2 (a->coeffs, buf);
  else
    _gcry_mldsa_unpack_gamma1_19_avx2 (a->coeffs, buf);
}

static void
poly_uniform_gamma1_x4_avx2 (mldsa_poly_t *a[4],
                             const byte rhopp[MLDSA_CRHBYTES],
                             const u16 nonce[4], s32 gamma1)
{
  mldsa_sample_gamma1_x4 (a, rhopp, nonce, gamma1, unpack_gamma1_avx2);
}

/* All five blocks (the packed bytes need five permutations anyway),
   so that the bytes read past them are defined.  */
static void
poly_uniform_gamma1_avx2 (mldsa_poly_t *a, const byte rhopp[MLDSA_CRHBYTES],
                          u16 nonce, s32 gamma1)
{
  mldsa_sample_gamma1 (a, rhopp, nonce, gamma1,
                       MLDSA_GAMMA1_NBLOCKS * KECCAK_RATE_SHAKE256,
                       unpack_gamma1_avx2);
}

/* SampleInBall, Algorithm 29 (mldsa-sample.h), the swaps in
   assembler.  */
static void
poly_challenge_avx2 (mldsa_poly_t *c, const byte *ctilde,
                     unsigned int ctildelen, unsigned int tau)
{
  mldsa_sample_in_ball (c, ctilde, ctildelen, tau,
                        _gcry_mldsa_challenge_avx2);
}

/* The t1 unpacking and w1 packing of verification (mldsa-ops.h).  */
static void
unpack_t1_avx2 (mldsa_poly_t *a, const byte *b)
{
  _gcry_mldsa_unpack_t1_avx2 (a->coeffs, b);
}

static void
pack_w1_4_avx2 (byte *r, const mldsa_poly_t *a)
{
  _gcry_mldsa_pack_w1_4_avx2 (r, a->coeffs);
}

/* The BitPack encodings of KeyGen (mldsa-ops.h).  ETA is public (the
   parameter set).  */
static void
pack_w1_6_avx2 (byte *r, const mldsa_poly_t *a)
{
  _gcry_mldsa_pack_w1_6_avx2 (r, a->coeffs);
}

static unsigned int
hint_pack_row_avx2 (byte *y, const mldsa_poly_t *h)
{
  return _gcry_mldsa_hint_pack_avx2 (y, h->coeffs, mldsa_avx2_rej_table);
}

static void
pack_t1_avx2 (byte *r, const mldsa_poly_t *a)
{
  _gcry_mldsa_pack_t1_avx2 (r, a->coeffs);
}

static void
pack_t0_avx2 (byte *r, const mldsa_poly_t *a)
{
  _gcry_mldsa_pack_t0_avx2 (r, a->coeffs);
}

static void
pack_eta_avx2 (byte *r, const mldsa_poly_t *a, unsigned int eta)
{
  if (eta == 2)
    _gcry_mldsa_pack_eta2_avx2 (r, a->coeffs);
  else
    _gcry_mldsa_pack_eta4_avx2 (r, a->coeffs);
}

static void
unpack_t0_avx2 (mldsa_poly_t *a, const byte *b)
{
  _gcry_mldsa_unpack_t0_avx2 (a->coeffs, b);
}

static u32
unpack_eta_avx2 (mldsa_poly_t *a, const byte *b, unsigned int eta)
{
  if (eta == 2)
    return _gcry_mldsa_unpack_eta2_avx2 (a->coeffs, b);
  return _gcry_mldsa_unpack_eta4_avx2 (a->coeffs, b);
}

/* The N-way samplers with a side stream (mldsa-ops.h).  The front
   file calls them with N = 4 for this set (N = 8 through the AVX-512
   set, which borrows them).  */
MLDSA_SAMPLER_XN_ENTRIES (avx2, rej_uniform_avx2, rej_eta_avx2,
                          unpack_gamma1_avx2)

/* The set, with the samplers of RejNTTPoly (the entries
   poly_uniform_x4, poly_uniform and poly_uniform_xn: U4, U1, UN) and
   RejBoundedPoly (poly_uniform_eta_x4, poly_uniform_eta and
   poly_uniform_eta_xn: E4, E1, EN) given: the AVX2 ones, or those of
   the AVX-512 set for the forms below.  */
#define MLDSA_OPS_AVX2(u4, u1, un, e4, e1, en)  \
  {                                             \
    "avx2",                                     \
    ntt_avx2,                                   \
    invntt_tomont_avx2,                         \
    pointwise_avx2,                             \
    pointwise_acc_avx2,                         \
    reduce_avx2,                                \
    caddq_avx2,                                 \
    power2round_avx2,                           \
    decompose_avx2,                             \
    make_hint_avx2,                             \
    use_hint_avx2,                              \
    chknorm_avx2,                               \
    u4,                                         \
    u1,                                         \
    e4,                                         \
    e1,                                         \
    poly_uniform_gamma1_x4_avx2,                \
    poly_uniform_gamma1_avx2,                   \
    poly_challenge_avx2,                        \
    un,                                         \
    en,                                         \
    poly_uniform_gamma1_xn_avx2,                \
    unpack_gamma1_avx2,                         \
    unpack_t1_avx2,                             \
    pack_w1_4_avx2,                             \
    pack_t1_avx2,                               \
    pack_t0_avx2,                               \
    pack_eta_avx2,                              \
    pack_w1_6_avx2,                             \
    unpack_t0_avx2,                             \
    unpack_eta_avx2,                            \
    add16_chknorm_avx2,                         \
    add_reduce_chknorm_avx2,                    \
    power2round_add_avx2,                       \
    NULL,                                       \
    hint_pack_row_avx2                          \
  }

const mldsa_ops_t _gcry_mldsa_ops_avx2 =
  MLDSA_OPS_AVX2 (poly_uniform_x4_avx2, poly_uniform_avx2,
                  poly_uniform_xn_avx2, poly_uniform_eta_x4_avx2,
                  poly_uniform_eta_avx2, poly_uniform_eta_xn_avx2);

#ifdef USE_MLDSA_AVX512
/* The forms for AVX-512 processors (mldsa-avx512.h).  */
const mldsa_ops_t _gcry_mldsa_ops_avx2_avx512 =
  MLDSA_OPS_AVX2 (_gcry_mldsa_poly_uniform_x4_avx512,
                  _gcry_mldsa_poly_uniform_avx512,
                  _gcry_mldsa_poly_uniform_xn_avx512,
                  _gcry_mldsa_poly_uniform_eta_x4_avx512,
                  _gcry_mldsa_poly_uniform_eta_avx512,
                  _gcry_mldsa_poly_uniform_eta_xn_avx512);

const mldsa_ops_t _gcry_mldsa_ops_avx2_vbmi2 =
  MLDSA_OPS_AVX2 (_gcry_mldsa_poly_uniform_x4_avx512,
                  _gcry_mldsa_poly_uniform_avx512,
                  _gcry_mldsa_poly_uniform_xn_avx512,
                  _gcry_mldsa_poly_uniform_eta_x4_vbmi2,
                  _gcry_mldsa_poly_uniform_eta_vbmi2,
                  _gcry_mldsa_poly_uniform_eta_xn_vbmi2);
#endif /*USE_MLDSA_AVX512*/

#endif /*USE_MLDSA_AVX2*/
