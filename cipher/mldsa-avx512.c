/* mldsa-avx512.c - The x86-64 AVX-512 kernel set of ML-DSA
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

/* The "avx512" kernel set (contract: mldsa-ops.h).  The forward and
 * inverse NTT (mldsa-ntt-amd64-avx512.S, the whole polynomial in 16
 * zmm registers) are AVX-512 code and give the contract's residues
 * within its bounds; so are, in mldsa-poly-amd64-avx512.S, the
 * pointwise products, RejNTTPoly's and RejBoundedPoly's parsing,
 * KeyGen's Power2Round and t0 packing, SampleInBall's swaps, Decompose,
 * MakeHint, UseHint and the norm checks.  The N-way samplers are run
 * 8 wide by the front file.  A second table, chosen where the
 * processor has VBMI2 (HWF_INTEL_VBMI2, which implies VBMI), parses
 * RejBoundedPoly with vpcompressb (mldsa-rej-amd64-vbmi2.S) and
 * unpacks y, z and t1, packs z and w1 with vpermb and packs the hints
 * with vpcompressb (mldsa-pack-amd64-vbmi2.S).  Every other kernel is the
 * AVX2 set's (the AVX-512 CPUs we select this set on have AVX2 too),
 * called through its table: cheap next to the Keccak work around
 * them.  Keys and signatures are byte for byte
 * those of the portable set (t-mldsa's known-answer tests per
 * backend, t-mldsa-kernels and t-mldsa-avx512).  Chosen by
 * _gcry_mldsa_init when the CPU has HWF_INTEL_AVX512 and
 * HWF_INTEL_AVX2.  */

#include <config.h>

#include "g10lib.h"
#include "mldsa-ops.h"
#include "mldsa-avx512.h"

#ifdef USE_MLDSA_AVX512

#include "mldsa-tables-avx512.h"
#include "mldsa-sample.h"

#define AVX2 _gcry_mldsa_ops_avx2

static void
ntt_avx512 (mldsa_poly_t *a)
{
  _gcry_mldsa_ntt_avx512 (a->coeffs, mldsa_avx512_ntt_table);
}

static void
invntt_tomont_avx512 (mldsa_poly_t *a)
{
  _gcry_mldsa_invntt_avx512 (a->coeffs, mldsa_avx512_invntt_table);
}

static void
pointwise_avx512 (mldsa_poly_t *r, const mldsa_poly_t *a,
                  const mldsa_poly_t *b)
{
  _gcry_mldsa_pointwise_avx512 (r->coeffs, a->coeffs, b->coeffs);
}

static void
pointwise_acc_avx512 (mldsa_poly_t *r, const mldsa_poly_t *a,
                      const mldsa_poly_t *b, unsigned int n)
{
  _gcry_mldsa_pointwise_acc_avx512 (r->coeffs, a->coeffs, b->coeffs, n);
}

/* The entries borrowed from the AVX2 set.  A const table cannot copy
   another one's members, so each is a one-line forwarder.  */

static void
reduce_avx512 (mldsa_poly_t *a)
{
  AVX2.reduce (a);
}

static void
caddq_avx512 (mldsa_poly_t *a)
{
  AVX2.caddq (a);
}

static void
power2round_avx512 (mldsa_poly_t *a1, mldsa_poly_t *a0,
                    const mldsa_poly_t *a)
{
  AVX2.power2round (a1, a0, a);
}

/* KeyGen's Power2Round of t = a + b with zmm registers, the
   reduction by two masked corrections (mldsa-poly-amd64-avx512.S).  */
static void
power2round_add_avx512 (mldsa_poly_t *a1, mldsa_poly_t *a0,
                        const mldsa_poly_t *a, const mldsa_poly_t *b)
{
  _gcry_mldsa_power2round_add_avx512 (a1->coeffs, a0->coeffs, a->coeffs,
                                      b->coeffs);
}

/* Decompose with zmm registers: two ports on Intel cores where ymm
   has three, but twice the lanes (see mldsa-poly-amd64-avx512.S).
   GAMMA2 is public (the parameter set).  */
static void
decompose_avx512 (mldsa_poly_t *a1, mldsa_poly_t *a0, const mldsa_poly_t *a,
                  s32 gamma2)
{
  if (gamma2 == (MLDSA_Q - 1) / 32)
    _gcry_mldsa_decompose32_avx512 (a1->coeffs, a0->coeffs, a->coeffs);
  else
    _gcry_mldsa_decompose88_avx512 (a1->coeffs, a0->coeffs, a->coeffs);
}

static unsigned int
make_hint_avx512 (mldsa_poly_t *h, const mldsa_poly_t *a0,
                  const mldsa_poly_t *a1, s32 gamma2)
{
  return _gcry_mldsa_make_hint_avx512 (h->coeffs, a0->coeffs, a1->coeffs,
                                       gamma2);
}

static void
use_hint_avx512 (mldsa_poly_t *b, const mldsa_poly_t *a,
                 const mldsa_poly_t *h, s32 gamma2)
{
  if (gamma2 == (MLDSA_Q - 1) / 32)
    _gcry_mldsa_use_hint32_avx512 (b->coeffs, a->coeffs, h->coeffs);
  else
    _gcry_mldsa_use_hint88_avx512 (b->coeffs, a->coeffs, h->coeffs);
}

static int
chknorm_avx512 (const mldsa_poly_t *a, s32 bound)
{
  return _gcry_mldsa_chknorm_avx512 (a->coeffs, bound);
}

static int
add16_chknorm_avx512 (mldsa_poly_t *a, const s16 *b, int sub, s32 bound)
{
  return _gcry_mldsa_add16_chknorm_avx512 (a->coeffs, b, sub, bound);
}

static int
add_reduce_chknorm_avx512 (mldsa_poly_t *a, const mldsa_poly_t *b,
                           s32 bound)
{
  return _gcry_mldsa_add_reduce_chknorm_avx512 (a->coeffs, b->coeffs,
                                                bound);
}

/* RejNTTPoly (Algorithm 30): the sponge calls of the shared drivers
   (mldsa-sample.h), the parsing 16 candidates at a time with
   vpcompressd; the portable code parses the last bytes.  ETA is
   unused (the signature of mldsa_rej_fn_t).  */
static unsigned int
rej_uniform_avx512 (s32 *a, unsigned int ctr, const byte *buf, size_t buflen,
                    int eta)
{
  size_t pos;

  (void)eta;
  pos = _gcry_mldsa_rej_uniform_avx512 (a, &ctr, buf, buflen);
  return mldsa_rej_uniform_from (a, ctr, buf, pos, buflen);
}

/* The samplers of this file have external linkage: the AVX2 set's
   forms for AVX-512 processors take them too (mldsa-avx2.c).  */
void
_gcry_mldsa_poly_uniform_x4_avx512 (mldsa_poly_t *a[4],
                                    const byte rho[MLDSA_SEEDBYTES],
                                    const u16 nonce[4])
{
  mldsa_sample_uniform_x4 (a, rho, nonce, rej_uniform_avx512);
}

void
_gcry_mldsa_poly_uniform_avx512 (mldsa_poly_t *a,
                                 const byte rho[MLDSA_SEEDBYTES], u16 nonce)
{
  mldsa_sample_uniform (a, rho, nonce, rej_uniform_avx512);
}

/* RejBoundedPoly (Algorithm 31): the sponge calls of the shared
   drivers (the single, 4-way and N-way samplers, suffix SFX), the
   parsing by the assembler routine PARSE, the last bytes by the
   portable code.  */
#define MLDSA_ETA_SAMPLERS(sfx, parse)                                  \
  static unsigned int                                                   \
  rej_eta_##sfx (s32 *a, unsigned int ctr, const byte *buf,             \
                 size_t buflen, int eta)                                \
  {                                                                     \
    size_t pos = parse (a, &ctr, buf, buflen, eta);                     \
                                                                        \
    return mldsa_rej_eta_from (a, ctr, buf, pos, buflen, eta);          \
  }                                                                     \
  void                                                                  \
  _gcry_mldsa_poly_uniform_eta_x4_##sfx                                 \
    (mldsa_poly_t *a[4], const byte rhoprime[MLDSA_CRHBYTES],           \
     const u16 nonce[4], int eta)                                       \
  {                                                                     \
    mldsa_sample_eta_x4 (a, rhoprime, nonce, eta, rej_eta_##sfx);       \
  }                                                                     \
  void                                                                  \
  _gcry_mldsa_poly_uniform_eta_##sfx                                    \
    (mldsa_poly_t *a, const byte rhoprime[MLDSA_CRHBYTES], u16 nonce,   \
     int eta)                                                           \
  {                                                                     \
    mldsa_sample_eta (a, rhoprime, nonce, eta, rej_eta_##sfx);          \
  }                                                                     \
  MLDSA_SAMPLER_ETA_XN_ENTRY (_gcry_mldsa_poly_uniform_eta_xn_##sfx,     \
                              rej_eta_##sfx)

/* 32 candidates per step with vpcompressd (Zen 4: a fifth of the time
   of the AVX2 kernel's 16).  */
MLDSA_ETA_SAMPLERS (avx512, _gcry_mldsa_rej_eta_avx512)
/* 64 candidates per step with VBMI2's vpcompressb (Sapphire Rapids:
   2.5-3.3x faster parsing than the above).  */
MLDSA_ETA_SAMPLERS (vbmi2, _gcry_mldsa_rej_eta_vbmi2)

static void
poly_uniform_gamma1_x4_avx512 (mldsa_poly_t *a[4],
                               const byte rhopp[MLDSA_CRHBYTES],
                               const u16 nonce[4], s32 gamma1)
{
  AVX2.poly_uniform_gamma1_x4 (a, rhopp, nonce, gamma1);
}

static void
poly_uniform_gamma1_avx512 (mldsa_poly_t *a,
                            const byte rhopp[MLDSA_CRHBYTES],
                            u16 nonce, s32 gamma1)
{
  AVX2.poly_uniform_gamma1 (a, rhopp, nonce, gamma1);
}

/* SampleInBall, Algorithm 29 (mldsa-sample.h), the swaps with zmm
   and mask registers (mldsa-poly-amd64-avx512.S).  */
static void
poly_challenge_avx512 (mldsa_poly_t *c, const byte *ctilde,
                       unsigned int ctildelen, unsigned int tau)
{
  mldsa_sample_in_ball (c, ctilde, ctildelen, tau,
                        _gcry_mldsa_challenge_avx512);
}

/* The N-way samplers.  On the CPUs this set is chosen on, the
   AVX-512 8-way Keccak permutation costs about what the 4-way and the
   single one do (Zen 5: 943, 962 and 944 cycles), so the front file
   calls these with N = 8: eight streams per call halve the Keccak
   work of the 4-way samplers, and a spare lane carries a side
   stream.  */

void
_gcry_mldsa_poly_uniform_xn_avx512 (mldsa_poly_t **a, unsigned int n,
                                    const byte rho[MLDSA_SEEDBYTES],
                                    const u16 *nonce, mldsa_side_t *side)
{
  mldsa_sample_uniform_xn (a, n, rho, nonce, side, rej_uniform_avx512);
}

static void
poly_uniform_gamma1_xn_avx512 (mldsa_poly_t **a, unsigned int n,
                               const byte rhopp[MLDSA_CRHBYTES],
                               const u16 *nonce, s32 gamma1,
                               mldsa_side_t *side)
{
  AVX2.poly_uniform_gamma1_xn (a, n, rhopp, nonce, gamma1, side);
}

static void
unpack_gamma1_avx512 (mldsa_poly_t *a, const byte *buf, s32 gamma1)
{
  AVX2.unpack_gamma1 (a, buf, gamma1);
}

static void
unpack_t1_avx512 (mldsa_poly_t *a, const byte *b)
{
  AVX2.unpack_t1 (a, b);
}

/* With VBMI (the VBMI2 table): BitUnpack of y, z and t1, BitPack of z
   and w1Encode by vpermb, HintBitPack by vpcompressb
   (mldsa-pack-amd64-vbmi2.S).  GAMMA1 is public.  */
static void
unpack_gamma1_vbmi2 (mldsa_poly_t *a, const byte *buf, s32 gamma1)
{
  if (gamma1 == (1 << 17))
    _gcry_mldsa_unpack_gamma1_17_vbmi2 (a->coeffs, buf);
  else
    _gcry_mldsa_unpack_gamma1_19_vbmi2 (a->coeffs, buf);
}

static void
unpack_t1_vbmi2 (mldsa_poly_t *a, const byte *b)
{
  _gcry_mldsa_unpack_t1_vbmi2 (a->coeffs, b);
}

static unsigned int
hint_pack_row_avx512 (byte *y, const mldsa_poly_t *h)
{
  return AVX2.hint_pack_row (y, h);
}

static void
pack_z_vbmi2 (byte *r, const mldsa_poly_t *a, s32 gamma1)
{
  if (gamma1 == (1 << 17))
    _gcry_mldsa_pack_z_17_vbmi2 (r, a->coeffs);
  else
    _gcry_mldsa_pack_z_19_vbmi2 (r, a->coeffs);
}

static unsigned int
hint_pack_row_vbmi2 (byte *y, const mldsa_poly_t *h)
{
  return _gcry_mldsa_hint_pack_vbmi2 (y, h->coeffs);
}

static void
pack_w1_6_vbmi2 (byte *r, const mldsa_poly_t *a)
{
  _gcry_mldsa_pack_w1_6_vbmi2 (r, a->coeffs);
}

static void
pack_w1_4_avx512 (byte *r, const mldsa_poly_t *a)
{
  AVX2.pack_w1_4 (r, a);
}

static void
pack_w1_6_avx512 (byte *r, const mldsa_poly_t *a)
{
  AVX2.pack_w1_6 (r, a);
}

static void
pack_t1_avx512 (byte *r, const mldsa_poly_t *a)
{
  AVX2.pack_t1 (r, a);
}

/* The BitPack of t0 with zmm registers, 32 coefficients per step
   (mldsa-poly-amd64-avx512.S).  */
static void
pack_t0_avx512 (byte *r, const mldsa_poly_t *a)
{
  _gcry_mldsa_pack_t0_avx512 (r, a->coeffs);
}

static void
pack_eta_avx512 (byte *r, const mldsa_poly_t *a, unsigned int eta)
{
  AVX2.pack_eta (r, a, eta);
}

static void
unpack_t0_avx512 (mldsa_poly_t *a, const byte *b)
{
  AVX2.unpack_t0 (a, b);
}

static u32
unpack_eta_avx512 (mldsa_poly_t *a, const byte *b, unsigned int eta)
{
  return AVX2.unpack_eta (a, b, eta);
}

/* With VBMI: BitUnpack of t0 and of s1, s2 (skDecode), one vpermb per
   16 fields.  ETA is public (the parameter set).  */
static void
unpack_t0_vbmi2 (mldsa_poly_t *a, const byte *b)
{
  _gcry_mldsa_unpack_t0_vbmi2 (a->coeffs, b);
}

static u32
unpack_eta_vbmi2 (mldsa_poly_t *a, const byte *b, unsigned int eta)
{
  if (eta == 2)
    return _gcry_mldsa_unpack_eta2_vbmi2 (a->coeffs, b);
  return _gcry_mldsa_unpack_eta4_vbmi2 (a->coeffs, b);
}

/* Without VBMI the portable BitPack of z (the AVX2 set has none).  */
static void
pack_z_avx512 (byte *r, const mldsa_poly_t *a, s32 gamma1)
{
  _gcry_mldsa_pack_z_generic (r, a, gamma1);
}

/* The set.  The entries named NAME_##X differ between the two tables:
   X = avx512 for the AVX-512 (or forwarded AVX2) kernels, X = vbmi2
   for the table chosen where the processor has VBMI2: RejBoundedPoly's
   samplers, the BitUnpack of y, z, t1, t0 and s, w1Encode, the BitPack
   of z and HintBitPack.  */
#define MLDSA_OPS_AVX512(x)                     \
  {                                             \
    "avx512",                                   \
    ntt_avx512,                                 \
    invntt_tomont_avx512,                       \
    pointwise_avx512,                           \
    pointwise_acc_avx512,                       \
    reduce_avx512,                              \
    caddq_avx512,                               \
    power2round_avx512,                         \
    decompose_avx512,                           \
    make_hint_avx512,                           \
    use_hint_avx512,                            \
    chknorm_avx512,                             \
    _gcry_mldsa_poly_uniform_x4_avx512,         \
    _gcry_mldsa_poly_uniform_avx512,            \
    _gcry_mldsa_poly_uniform_eta_x4_##x,        \
    _gcry_mldsa_poly_uniform_eta_##x,           \
    poly_uniform_gamma1_x4_avx512,              \
    poly_uniform_gamma1_avx512,                 \
    poly_challenge_avx512,                      \
    _gcry_mldsa_poly_uniform_xn_avx512,         \
    _gcry_mldsa_poly_uniform_eta_xn_##x,        \
    poly_uniform_gamma1_xn_avx512,              \
    unpack_gamma1_##x,                          \
    unpack_t1_##x,                              \
    pack_w1_4_avx512,                           \
    pack_t1_avx512,                             \
    pack_t0_avx512,                             \
    pack_eta_avx512,                            \
    pack_w1_6_##x,                              \
    unpack_t0_##x,                              \
    unpack_eta_##x,                             \
    add16_chknorm_avx512,                       \
    add_reduce_chknorm_avx512,                  \
    power2round_add_avx512,                     \
    pack_z_##x,                                 \
    hint_pack_row_##x                           \
  }

const mldsa_ops_t _gcry_mldsa_ops_avx512 = MLDSA_OPS_AVX512 (avx512);

const mldsa_ops_t _gcry_mldsa_ops_avx512_vbmi2 = MLDSA_OPS_AVX512 (vbmi2);

#endif /*USE_MLDSA_AVX512*/
