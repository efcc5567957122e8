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
 * samplers.  Chosen by _gcry_mldsa_init when the CPU has
 * HWF_INTEL_AVX2.  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "keccak.h"
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

/* RejNTTPoly (FIPS 204 Algorithm 30): the sponge calls are those of
   the portable sampler (same blocks, same order), the parsing of the
   candidates is vectorised.  */

/* Five SHAKE128 blocks give 280 candidates, enough with probability
   about 1 - 2^-30; then one block at a time.  */
#define UNIFORM_NBLOCKS 5

/* Parse BUF (BUFLEN a multiple of 3) into a[CTR..255], CoeffFromThreeBytes
   (Algorithm 14) keeping candidates below q in order; return the new
   count.  The assembler loop takes whole groups of 8 candidates, the
   rest is done here.  A comes from a public seed, so the branch is
   harmless.  */
static unsigned int
rej_uniform_avx2 (s32 *a, unsigned int ctr, const byte *buf, size_t buflen)
{
  size_t pos;

  pos = _gcry_mldsa_rej_uniform_avx2 (a, &ctr, buf, buflen,
                                      mldsa_avx2_rej_table);
  while (ctr < MLDSA_N && pos + 3 <= buflen)
    {
      u32 t = buf[pos] | ((u32)buf[pos + 1] << 8)
              | ((u32)(buf[pos + 2] & 0x7f) << 16);

      pos += 3;
      if (t < MLDSA_Q)
        a[ctr++] = (s32)t;
    }
  return ctr;
}

static void
poly_uniform_x4_avx2 (mldsa_poly_t *a[4], const byte rho[MLDSA_SEEDBYTES],
                      const u16 nonce[4])
{
  byte in[4][MLDSA_SEEDBYTES + 2];
  byte buf[4][UNIFORM_NBLOCKS * KECCAK_RATE_SHAKE128];
  const byte *inp[4];
  byte *outp[4];
  keccak_batch_t b;
  unsigned int ctr[4], i, more;

  for (i = 0; i < 4; i++)
    {
      memcpy (in[i], rho, MLDSA_SEEDBYTES);
      in[i][MLDSA_SEEDBYTES] = nonce[i] & 0xff;
      in[i][MLDSA_SEEDBYTES + 1] = nonce[i] >> 8;
      inp[i] = in[i];
      outp[i] = buf[i];
    }
  _gcry_keccak_batch_absorb (&b, 4, KECCAK_RATE_SHAKE128, KECCAK_DS_SHAKE,
                             inp, sizeof in[0]);
  _gcry_keccak_batch_squeezeblocks (&b, outp, UNIFORM_NBLOCKS);
  more = 0;
  for (i = 0; i < 4; i++)
    {
      ctr[i] = rej_uniform_avx2 (a[i]->coeffs, 0, buf[i], sizeof buf[i]);
      more |= ctr[i] < MLDSA_N;
    }
  /* All four streams advance together, as in the portable code.  */
  while (more)
    {
      _gcry_keccak_batch_squeezeblocks (&b, outp, 1);
      more = 0;
      for (i = 0; i < 4; i++)
        {
          ctr[i] = rej_uniform_avx2 (a[i]->coeffs, ctr[i], buf[i],
                                     KECCAK_RATE_SHAKE128);
          more |= ctr[i] < MLDSA_N;
        }
    }
}

static void
poly_uniform_avx2 (mldsa_poly_t *a, const byte rho[MLDSA_SEEDBYTES],
                   u16 nonce)
{
  byte in[MLDSA_SEEDBYTES + 2];
  byte buf[UNIFORM_NBLOCKS * KECCAK_RATE_SHAKE128];
  keccak_ctx_t ctx;
  unsigned int ctr;

  memcpy (in, rho, MLDSA_SEEDBYTES);
  in[MLDSA_SEEDBYTES] = nonce & 0xff;
  in[MLDSA_SEEDBYTES + 1] = nonce >> 8;
  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE128, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, in, sizeof in);
  _gcry_keccak_squeeze (&ctx, buf, sizeof buf);
  ctr = rej_uniform_avx2 (a->coeffs, 0, buf, sizeof buf);
  while (ctr < MLDSA_N)
    {
      _gcry_keccak_squeeze (&ctx, buf, KECCAK_RATE_SHAKE128);
      ctr = rej_uniform_avx2 (a->coeffs, ctr, buf, KECCAK_RATE_SHAKE128);
    }
}

/* The other samplers: the portable kernels.  */

/* RejBoundedPoly (Algorithm 31): the sponge calls of the portable
   sampler, the parsing vectorised.  One SHAKE256 block gives 272
   candidates for ETA = 2 (each accepted with probability 15/16), two
   blocks for ETA = 4 (probability 9/16).  */
#define ETA2_NBLOCKS 1
#define ETA4_NBLOCKS 2

/* CoeffFromHalfByte (Algorithm 15) of a nibble below the bound.  */
static inline s32
eta_coeff (u32 t, int eta)
{
  if (eta == 2)
    return 2 - (s32)(t - ((205 * t) >> 10) * 5);
  return 4 - (s32)t;
}

/* Parse BUF into a[CTR..255], the low nibble of each byte first,
   keeping the nibbles below 15 (ETA = 2) resp. 9 (ETA = 4) in order;
   return the new count.  The assembler loop takes groups of 8 bytes;
   the rest is parsed here as in the portable code: branch-free
   (store, then advance the count by the acceptance bit) while two
   more coefficients fit, then nibble by nibble for the last one.  */
static unsigned int
rej_eta_avx2 (s32 *a, unsigned int ctr, const byte *buf, size_t buflen,
              int eta)
{
  u32 bound = eta == 2 ? 15 : 9;
  size_t pos;

  pos = _gcry_mldsa_rej_eta_avx2 (a, &ctr, buf, buflen, eta,
                                  mldsa_avx2_rej_table);
  while (ctr + 2 <= MLDSA_N && pos < buflen)
    {
      u32 t0 = buf[pos] & 0x0f;
      u32 t1 = buf[pos] >> 4;

      pos++;
      a[ctr] = eta_coeff (t0, eta);
      ctr += (t0 - bound) >> 31;
      a[ctr] = eta_coeff (t1, eta);
      ctr += (t1 - bound) >> 31;
    }
  while (ctr < MLDSA_N && pos < buflen)
    {
      u32 t0 = buf[pos] & 0x0f;
      u32 t1 = buf[pos] >> 4;

      pos++;
      if (t0 < bound)
        a[ctr++] = eta_coeff (t0, eta);
      else if (t1 < bound)
        a[ctr++] = eta_coeff (t1, eta);
    }
  return ctr;
}

static void
poly_uniform_eta_x4_avx2 (mldsa_poly_t *a[4],
                          const byte rhoprime[MLDSA_CRHBYTES],
                          const u16 nonce[4], int eta)
{
  byte in[4][MLDSA_CRHBYTES + 2];
  byte buf[4][ETA4_NBLOCKS * KECCAK_RATE_SHAKE256];
  const byte *inp[4];
  byte *outp[4];
  keccak_batch_t b;
  unsigned int ctr[4], i, more, nblocks;

  nblocks = eta == 2 ? ETA2_NBLOCKS : ETA4_NBLOCKS;
  for (i = 0; i < 4; i++)
    {
      memcpy (in[i], rhoprime, MLDSA_CRHBYTES);
      in[i][MLDSA_CRHBYTES] = nonce[i] & 0xff;
      in[i][MLDSA_CRHBYTES + 1] = nonce[i] >> 8;
      inp[i] = in[i];
      outp[i] = buf[i];
    }
  _gcry_keccak_batch_absorb (&b, 4, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE,
                             inp, sizeof in[0]);
  _gcry_keccak_batch_squeezeblocks (&b, outp, nblocks);
  more = 0;
  for (i = 0; i < 4; i++)
    {
      ctr[i] = rej_eta_avx2 (a[i]->coeffs, 0, buf[i],
                             nblocks * KECCAK_RATE_SHAKE256, eta);
      more |= ctr[i] < MLDSA_N;
    }
  while (more)
    {
      _gcry_keccak_batch_squeezeblocks (&b, outp, 1);
      more = 0;
      for (i = 0; i < 4; i++)
        {
          ctr[i] = rej_eta_avx2 (a[i]->coeffs, ctr[i], buf[i],
                                 KECCAK_RATE_SHAKE256, eta);
          more |= ctr[i] < MLDSA_N;
        }
    }
  _gcry_keccak_batch_wipe (&b);
  wipememory (buf, sizeof buf);
  wipememory (in, sizeof in);
}

static void
poly_uniform_eta_avx2 (mldsa_poly_t *a, const byte rhoprime[MLDSA_CRHBYTES],
                       u16 nonce, int eta)
{
  byte in[MLDSA_CRHBYTES + 2];
  byte buf[ETA4_NBLOCKS * KECCAK_RATE_SHAKE256];
  keccak_ctx_t ctx;
  unsigned int ctr, nbytes;

  nbytes = (eta == 2 ? ETA2_NBLOCKS : ETA4_NBLOCKS) * KECCAK_RATE_SHAKE256;
  memcpy (in, rhoprime, MLDSA_CRHBYTES);
  in[MLDSA_CRHBYTES] = nonce & 0xff;
  in[MLDSA_CRHBYTES + 1] = nonce >> 8;
  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, in, sizeof in);
  _gcry_keccak_squeeze (&ctx, buf, nbytes);
  ctr = rej_eta_avx2 (a->coeffs, 0, buf, nbytes, eta);
  while (ctr < MLDSA_N)
    {
      _gcry_keccak_squeeze (&ctx, buf, KECCAK_RATE_SHAKE256);
      ctr = rej_eta_avx2 (a->coeffs, ctr, buf, KECCAK_RATE_SHAKE256, eta);
    }
  _gcry_keccak_ctx_wipe (&ctx);
  wipememory (buf, sizeof buf);
  wipememory (in, sizeof in);
}

/* ExpandMask's per-polynomial step (Algorithm 34, lines 3-5): the
   sponge calls of the portable sampler, the BitUnpack vectorised.
   Five SHAKE256 blocks (680 bytes) hold the 576 or 640 packed bytes
   plus the 16 bytes the unpacking may read past them.  */
#define GAMMA1_NBLOCKS 5

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
  byte in[4][MLDSA_CRHBYTES + 2];
  byte buf[4][GAMMA1_NBLOCKS * KECCAK_RATE_SHAKE256];
  const byte *inp[4];
  byte *outp[4];
  keccak_batch_t b;
  unsigned int i;

  for (i = 0; i < 4; i++)
    {
      memcpy (in[i], rhopp, MLDSA_CRHBYTES);
      in[i][MLDSA_CRHBYTES] = nonce[i] & 0xff;
      in[i][MLDSA_CRHBYTES + 1] = nonce[i] >> 8;
      inp[i] = in[i];
      outp[i] = buf[i];
    }
  _gcry_keccak_batch_absorb (&b, 4, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE,
                             inp, sizeof in[0]);
  _gcry_keccak_batch_squeezeblocks (&b, outp, GAMMA1_NBLOCKS);
  for (i = 0; i < 4; i++)
    unpack_gamma1_avx2 (a[i], buf[i], gamma1);
  _gcry_keccak_batch_wipe (&b);
  wipememory (buf, sizeof buf);
  wipememory (in, sizeof in);
}

static void
poly_uniform_gamma1_avx2 (mldsa_poly_t *a, const byte rhopp[MLDSA_CRHBYTES],
                          u16 nonce, s32 gamma1)
{
  byte in[MLDSA_CRHBYTES + 2];
  byte buf[GAMMA1_NBLOCKS * KECCAK_RATE_SHAKE256];
  keccak_ctx_t ctx;

  memcpy (in, rhopp, MLDSA_CRHBYTES);
  in[MLDSA_CRHBYTES] = nonce & 0xff;
  in[MLDSA_CRHBYTES + 1] = nonce >> 8;
  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, in, sizeof in);
  /* All five blocks (the packed bytes need five permutations anyway),
     so that the bytes read past them are defined.  */
  _gcry_keccak_squeeze (&ctx, buf, sizeof buf);
  unpack_gamma1_avx2 (a, buf, gamma1);
  _gcry_keccak_ctx_wipe (&ctx);
  wipememory (buf, sizeof buf);
  wipememory (in, sizeof in);
}

/* SampleInBall, Algorithm 29.  The positions j are drawn here with
   the rejection loop of the algorithm (only the number of rejected
   bytes shows, as in the portable code); the swaps, where j would
   otherwise be a memory index, are done by the assembler routine
   without any j-dependent address.  TAU <= 64 (FIPS 204 Table 1: at
   most 60).  */
static void
poly_challenge_avx2 (mldsa_poly_t *c, const byte *ctilde,
                     unsigned int ctildelen, unsigned int tau)
{
  byte buf[KECCAK_RATE_SHAKE256];
  byte js[64];
  keccak_ctx_t ctx;
  unsigned int i, pos;
  u64 signs;

  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, ctilde, ctildelen);
  _gcry_keccak_squeeze (&ctx, buf, sizeof buf);
  signs = buf_get_le64 (buf);
  pos = 8;
  for (i = MLDSA_N - tau; i < MLDSA_N; i++)
    {
      unsigned int j;

      do
        {
          if (pos >= sizeof buf)
            {
              _gcry_keccak_squeeze (&ctx, buf, sizeof buf);
              pos = 0;
            }
          j = buf[pos++];
        }
      while (j > i);
      js[i - (MLDSA_N - tau)] = (byte)j;
    }
  _gcry_mldsa_challenge_avx2 (c->coeffs, js, tau, signs);
  _gcry_keccak_ctx_wipe (&ctx);
  wipememory (buf, sizeof buf);
  wipememory (js, sizeof js);
  wipememory (&signs, sizeof signs);
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
