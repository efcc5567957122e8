/* mldsa-sample.h - The sponge side of the ML-DSA samplers
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

/* The Keccak calls around RejNTTPoly (FIPS 204 Algorithm 30, used by
 * ExpandA), RejBoundedPoly (Algorithm 31, ExpandS) and the BitUnpack
 * of ExpandMask (Algorithm 34), written once for every kernel set.  A
 * backend passes only the function that turns squeezed bytes into
 * coefficients, so all sets squeeze the same blocks in the same order
 * and give the same polynomials.  The drivers are static inline and
 * meant to be called with constant arguments, so that the compiler
 * specialises them per backend (the function pointer becomes a direct
 * call).  Only the kernel files include this header.  */

#ifndef GCRY_MLDSA_SAMPLE_H
#define GCRY_MLDSA_SAMPLE_H 1

#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "keccak.h"
#include "mldsa-ops.h"

/* Number of SHAKE128 blocks that give 256 uniform coefficients with
   overwhelming probability: 5 * 168 bytes = 280 candidates, each
   accepted with probability q / 2^23 > 0.999, enough with probability
   about 1 - 2^-30; then one block at a time.  */
#define MLDSA_UNIFORM_NBLOCKS 5
/* Blocks of SHAKE256 output: one block of 136 bytes gives 272
   candidates for ETA = 2 (each accepted with probability 15/16), two
   blocks for ETA = 4 (probability 9/16).  */
#define MLDSA_ETA2_NBLOCKS 1
#define MLDSA_ETA4_NBLOCKS 2
/* ExpandMask needs 576 or 640 bytes: five SHAKE256 blocks (680).  The
   vector unpacking may read 16 bytes past the packed ones, which the
   fifth block covers.  */
#define MLDSA_GAMMA1_NBLOCKS 5

/* The largest first squeeze of the drivers (the uniform sampler's
   840 bytes); every later squeeze is a single, smaller block.  */
#define MLDSA_SAMPLE_BUFBYTES (MLDSA_UNIFORM_NBLOCKS * KECCAK_RATE_SHAKE128)

/* A rejection parser: consume candidates from BUF[0..BUFLEN-1] into
   a[CTR..255] in order and return the new count (at most 256).  ETA is
   the bound of RejBoundedPoly, unused by RejNTTPoly.  */
typedef unsigned int (*mldsa_rej_fn_t) (s32 *a, unsigned int ctr,
                                        const byte *buf, size_t buflen,
                                        int eta);

/* BitUnpack of ExpandMask: A from the packed bytes at BUF for the
   given GAMMA1 (2^17 or 2^19).  */
typedef void (*mldsa_unpack_fn_t) (mldsa_poly_t *a, const byte *buf,
                                   s32 gamma1);


/* RejNTTPoly's parsing (Algorithm 30, lines 4-10) of
   BUF[POS..BUFLEN-1] into a[CTR..255]: CoeffFromThreeBytes
   (Algorithm 14) of each group of three bytes, keeping the candidates
   below q in order; return the new count.  Branch-free: every
   candidate is stored and the count advances only if it is below q.
   Backends call it with POS = 0 or for the bytes their vector loop
   left.  */
static inline unsigned int
mldsa_rej_uniform_from (s32 *a, unsigned int ctr, const byte *buf,
                        size_t pos, size_t buflen)
{
  while (ctr < MLDSA_N && pos + 3 <= buflen)
    {
      u32 t = buf[pos] | ((u32)buf[pos + 1] << 8)
              | ((u32)(buf[pos + 2] & 0x7f) << 16);

      pos += 3;
      a[ctr] = (s32)t;
      ctr += (t - MLDSA_Q) >> 31;
    }
  return ctr;
}


/* CoeffFromHalfByte (Algorithm 15) of a nibble T below the bound of
   ETA (2 or 4).  For ETA = 2, T mod 5 is computed as
   T - 5 floor (T * 205 / 1024), exact for T < 16.  */
static inline s32
mldsa_eta_coeff (u32 t, int eta)
{
  if (eta == 2)
    return 2 - (s32)(t - ((205 * t) >> 10) * 5);
  return 4 - (s32)t;
}


/* RejBoundedPoly's parsing (Algorithm 31, lines 4-11) of
   BUF[POS..BUFLEN-1] into a[CTR..255], the low nibble of each byte
   first, keeping the nibbles below 15 (ETA = 2) resp. 9 (ETA = 4) in
   order; return the new count.  The main loop is branch-free (store,
   then advance the count by the acceptance bit); it runs while two
   more coefficients fit.  The last coefficient, if needed, is taken
   nibble by nibble.  Backends call it with POS = 0 or for the bytes
   their vector loop left.  */
static inline unsigned int
mldsa_rej_eta_from (s32 *a, unsigned int ctr, const byte *buf, size_t pos,
                    size_t buflen, int eta)
{
  u32 bound = eta == 2 ? 15 : 9;

  while (ctr + 2 <= MLDSA_N && pos < buflen)
    {
      u32 t0 = buf[pos] & 0x0f;
      u32 t1 = buf[pos] >> 4;

      pos++;
      a[ctr] = mldsa_eta_coeff (t0, eta);
      ctr += (t0 - bound) >> 31;
      a[ctr] = mldsa_eta_coeff (t1, eta);
      ctr += (t1 - bound) >> 31;
    }
  /* At most one coefficient is missing here.  */
  while (ctr < MLDSA_N && pos < buflen)
    {
      u32 t0 = buf[pos] & 0x0f;
      u32 t1 = buf[pos] >> 4;

      pos++;
      if (t0 < bound)
        a[ctr++] = mldsa_eta_coeff (t0, eta);
      else if (t1 < bound)
        a[ctr++] = mldsa_eta_coeff (t1, eta);
    }
  return ctr;
}


/* IN = SEED (SEEDLEN bytes) || NONCE (two bytes, little endian), the
   input of every sampler's sponge (FIPS 204 Algorithms 32-34).  */
static inline void
mldsa_sample_input (byte *in, const byte *seed, size_t seedlen, u16 nonce)
{
  /* Two fixed lengths, so that the copies are a few moves (with the
     length variable gcc 12 emits "rep movsq", about 25 TSC ticks each
     on Intel cores; bufhelp.h).  */
  if (seedlen == MLDSA_CRHBYTES)
    memcpy (in, seed, MLDSA_CRHBYTES);
  else
    {
      gcry_assert (seedlen == MLDSA_SEEDBYTES);
      memcpy (in, seed, MLDSA_SEEDBYTES);
    }
  in[seedlen] = nonce & 0xff;
  in[seedlen + 1] = nonce >> 8;
}


/* The side stream (mldsa_side_t) in the batch sponge, whose lane I is
   S[I * N] (lane N-1 of the interleaved state, or the ninth state with
   N = 1), before one permutation: load its state and XOR in its next
   block, or its last partial block and the padding.  Returns 1 if its
   lanes carry a block, 0 if the side stream is finished or waits for
   input.  */
static inline int
mldsa_side_load (u64 *s, unsigned int n, mldsa_side_t *side)
{
  keccak_ctx_t *ctx = side->ctx;
  const unsigned int rate = ctx->rate;
  unsigned int i, t;

  if (!mldsa_side_ready (side))
    return 0;
  for (i = 0; i < 25; i++)
    s[i * n] = ctx->state[i];
  if (side->inlen >= rate)
    {
      for (i = 0; i < rate / 8; i++)
        s[i * n] ^= buf_get_le64 (side->in + 8 * i);
      side->in += rate;
      side->inlen -= rate;
      return 1;
    }
  t = side->inlen;
  for (i = 0; i < t / 8; i++)
    s[i * n] ^= buf_get_le64 (side->in + 8 * i);
  for (i = t & ~7u; i < t; i++)
    s[(i >> 3) * n] ^= (u64)side->in[i] << (8 * (i & 7));
  s[(t >> 3) * n] ^= (u64)ctx->dsbyte << (8 * (t & 7));
  s[((rate - 1) >> 3) * n] ^= (u64)0x80 << (8 * ((rate - 1) & 7));
  side->in += t;
  side->inlen = 0;
  side->done = 1;
  return 1;
}

/* After the permutation: store the side stream's lanes back to its
   sponge; a finalizing block switches it to squeezing (the first
   output block is then in its state, as after _gcry_keccak_finalize).  */
static inline void
mldsa_side_store (const u64 *s, unsigned int n, mldsa_side_t *side)
{
  keccak_ctx_t *ctx = side->ctx;
  unsigned int i;

  for (i = 0; i < 25; i++)
    ctx->state[i] = s[i * n];
  if (side->done)
    {
      ctx->pos = 0;
      ctx->squeezing = 1;
    }
}

/* Squeeze NBLOCKS blocks from B into OUTP[i] + k * rate, the side
   stream SIDE (may be NULL) riding along: in lane N-1, or as the ninth
   state if mldsa_side_ninth (N).  */
static inline void
mldsa_side_squeeze (keccak_batch_t *b, byte **outp, unsigned int nblocks,
                    mldsa_side_t *side)
{
  byte *o[KECCAK_BATCH_MAX];
  unsigned int k, i, used, stride;
  int ninth;
  u64 *s;

  if (!side || side->done)
    {
      _gcry_keccak_batch_squeezeblocks (b, outp, nblocks);
      return;
    }
  ninth = mldsa_side_ninth (b->n);
  s = ninth ? b->state + 25 * KECCAK_BATCH_MAX : b->state + b->n - 1;
  stride = ninth ? 1 : b->n;
  for (i = 0; i < b->n; i++)
    o[i] = outp[i];
  for (k = 0; k < nblocks; k++)
    {
      used = mldsa_side_load (s, stride, side);
      b->ninth = used && ninth;
      _gcry_keccak_batch_squeezeblocks (b, o, 1);
      b->ninth = 0;
      if (used)
        mldsa_side_store (s, stride, side);
      for (i = 0; i < b->n; i++)
        o[i] += b->rate;
    }
}


/* Absorb SEED || NONCE[i] into stream i of the batch sponge B (N = 4
   or 8 streams, SHAKE with rate RATE), using IN as the input buffer,
   and point OUTP[i] at BUF[i].  */
static inline void
mldsa_sample_absorb_xn (keccak_batch_t *b, unsigned int n,
                        byte in[][MLDSA_CRHBYTES + 2],
                        const byte *seed, size_t seedlen, const u16 *nonce,
                        unsigned int rate,
                        byte buf[][MLDSA_SAMPLE_BUFBYTES], byte **outp)
{
  const byte *inp[KECCAK_BATCH_MAX];
  unsigned int i;

  for (i = 0; i < n; i++)
    {
      mldsa_sample_input (in[i], seed, seedlen, nonce[i]);
      inp[i] = in[i];
      outp[i] = buf[i];
    }
  _gcry_keccak_batch_absorb (b, n, rate, KECCAK_DS_SHAKE, inp, seedlen + 2);
}


/* Rejection sampling of N (4 or 8) polynomials at once: stream i is
   SHAKE (rate RATE) of SEED || NONCE[i]; NBLOCKS blocks are squeezed
   first, then, while any polynomial is short, one more block of every
   stream (all streams advance together).  REJ parses.  SECRET asks
   for the sponge state and the buffers to be wiped.  With a side
   stream SIDE in lane N-1 (not mldsa_side_ninth (N)), A[N-1] is not
   written.  */
static inline void
mldsa_rej_sample_xn (mldsa_poly_t **a, unsigned int n, const byte *seed,
                     size_t seedlen, const u16 *nonce, unsigned int rate,
                     unsigned int nblocks, mldsa_rej_fn_t rej, int eta,
                     int secret, mldsa_side_t *side)
{
  byte in[KECCAK_BATCH_MAX][MLDSA_CRHBYTES + 2];
  byte buf[KECCAK_BATCH_MAX][MLDSA_SAMPLE_BUFBYTES];
  byte *outp[KECCAK_BATCH_MAX];
  u16 nc[KECCAK_BATCH_MAX];
  keccak_batch_t b;
  unsigned int ctr[KECCAK_BATCH_MAX], i, more;
  unsigned int m = side && !mldsa_side_ninth (n) ? n - 1 : n;

  for (i = 0; i < n; i++)
    nc[i] = nonce[i < m ? i : 0];
  mldsa_sample_absorb_xn (&b, n, in, seed, seedlen, nc, rate, buf, outp);
  mldsa_side_squeeze (&b, outp, nblocks, side);
  more = 0;
  for (i = 0; i < m; i++)
    {
      ctr[i] = rej (a[i]->coeffs, 0, buf[i], nblocks * rate, eta);
      more |= ctr[i] < MLDSA_N;
    }
  while (more)
    {
      mldsa_side_squeeze (&b, outp, 1, side);
      more = 0;
      for (i = 0; i < m; i++)
        {
          ctr[i] = rej (a[i]->coeffs, ctr[i], buf[i], rate, eta);
          more |= ctr[i] < MLDSA_N;
        }
    }
  if (secret)
    {
      _gcry_keccak_batch_wipe (&b);
      wipememory (buf, n * sizeof buf[0]);
      wipememory (in, n * sizeof in[0]);
    }
}


/* The same for one polynomial with the incremental sponge.  */
static inline void
mldsa_rej_sample (mldsa_poly_t *a, const byte *seed, size_t seedlen,
                  u16 nonce, unsigned int rate, unsigned int nblocks,
                  mldsa_rej_fn_t rej, int eta, int secret)
{
  byte in[MLDSA_CRHBYTES + 2];
  byte buf[MLDSA_SAMPLE_BUFBYTES];
  keccak_ctx_t ctx;
  unsigned int ctr;

  mldsa_sample_input (in, seed, seedlen, nonce);
  _gcry_keccak_ctx_init (&ctx, rate, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, in, seedlen + 2);
  _gcry_keccak_squeeze (&ctx, buf, nblocks * rate);
  ctr = rej (a->coeffs, 0, buf, nblocks * rate, eta);
  while (ctr < MLDSA_N)
    {
      _gcry_keccak_squeeze (&ctx, buf, rate);
      ctr = rej (a->coeffs, ctr, buf, rate, eta);
    }
  if (secret)
    {
      _gcry_keccak_ctx_wipe (&ctx);
      wipememory (buf, sizeof buf);
      wipememory (in, sizeof in);
    }
}


/* RejNTTPoly (Algorithm 30) of the four or eight (rho, nonce[i]) resp.
   of (rho, nonce): public, nothing is wiped.  */
static inline void
mldsa_sample_uniform_x4 (mldsa_poly_t *a[4], const byte rho[MLDSA_SEEDBYTES],
                         const u16 nonce[4], mldsa_rej_fn_t rej)
{
  mldsa_rej_sample_xn (a, 4, rho, MLDSA_SEEDBYTES, nonce,
                       KECCAK_RATE_SHAKE128, MLDSA_UNIFORM_NBLOCKS, rej, 0, 0,
                       NULL);
}

/* The same for N = 4 or 8 with a side stream (mldsa_ops_t's
   poly_uniform_xn).  */
static inline void
mldsa_sample_uniform_xn (mldsa_poly_t **a, unsigned int n,
                         const byte rho[MLDSA_SEEDBYTES], const u16 *nonce,
                         mldsa_side_t *side, mldsa_rej_fn_t rej)
{
  if (n == 8)
    mldsa_rej_sample_xn (a, 8, rho, MLDSA_SEEDBYTES, nonce,
                         KECCAK_RATE_SHAKE128, MLDSA_UNIFORM_NBLOCKS, rej, 0,
                         0, side);
  else
    mldsa_rej_sample_xn (a, 4, rho, MLDSA_SEEDBYTES, nonce,
                         KECCAK_RATE_SHAKE128, MLDSA_UNIFORM_NBLOCKS, rej, 0,
                         0, side);
}

static inline void
mldsa_sample_uniform (mldsa_poly_t *a, const byte rho[MLDSA_SEEDBYTES],
                      u16 nonce, mldsa_rej_fn_t rej)
{
  mldsa_rej_sample (a, rho, MLDSA_SEEDBYTES, nonce, KECCAK_RATE_SHAKE128,
                    MLDSA_UNIFORM_NBLOCKS, rej, 0, 0);
}


/* RejBoundedPoly (Algorithm 31) for ETA = 2 or 4: secret, wiped.  */
static inline void
mldsa_sample_eta_x4 (mldsa_poly_t *a[4], const byte rhoprime[MLDSA_CRHBYTES],
                     const u16 nonce[4], int eta, mldsa_rej_fn_t rej)
{
  mldsa_rej_sample_xn (a, 4, rhoprime, MLDSA_CRHBYTES, nonce,
                       KECCAK_RATE_SHAKE256,
                       eta == 2 ? MLDSA_ETA2_NBLOCKS : MLDSA_ETA4_NBLOCKS,
                       rej, eta, 1, NULL);
}

static inline void
mldsa_sample_eta_xn (mldsa_poly_t **a, unsigned int n,
                     const byte rhoprime[MLDSA_CRHBYTES], const u16 *nonce,
                     int eta, mldsa_side_t *side, mldsa_rej_fn_t rej)
{
  unsigned int nblocks = eta == 2 ? MLDSA_ETA2_NBLOCKS : MLDSA_ETA4_NBLOCKS;

  if (n == 8)
    mldsa_rej_sample_xn (a, 8, rhoprime, MLDSA_CRHBYTES, nonce,
                         KECCAK_RATE_SHAKE256, nblocks, rej, eta, 1, side);
  else
    mldsa_rej_sample_xn (a, 4, rhoprime, MLDSA_CRHBYTES, nonce,
                         KECCAK_RATE_SHAKE256, nblocks, rej, eta, 1, side);
}

static inline void
mldsa_sample_eta (mldsa_poly_t *a, const byte rhoprime[MLDSA_CRHBYTES],
                  u16 nonce, int eta, mldsa_rej_fn_t rej)
{
  mldsa_rej_sample (a, rhoprime, MLDSA_CRHBYTES, nonce, KECCAK_RATE_SHAKE256,
                    eta == 2 ? MLDSA_ETA2_NBLOCKS : MLDSA_ETA4_NBLOCKS,
                    rej, eta, 1);
}


/* ExpandMask's per-polynomial step (Algorithm 34, lines 3-5) for N
   (4 or 8) nonces: MLDSA_GAMMA1_NBLOCKS blocks of SHAKE256
   (RHOPP || NONCE[i]), unpacked by UNPACK, with a side stream SIDE
   (may be NULL) riding along as in mldsa_rej_sample_xn.  Secret,
   wiped.  */
static inline void
mldsa_sample_gamma1_n (mldsa_poly_t **a, unsigned int n,
                       const byte rhopp[MLDSA_CRHBYTES],
                       const u16 *nonce, s32 gamma1,
                       mldsa_unpack_fn_t unpack, mldsa_side_t *side)
{
  byte in[KECCAK_BATCH_MAX][MLDSA_CRHBYTES + 2];
  byte buf[KECCAK_BATCH_MAX][MLDSA_SAMPLE_BUFBYTES];
  byte *outp[KECCAK_BATCH_MAX];
  u16 nc[KECCAK_BATCH_MAX];
  keccak_batch_t b;
  unsigned int i, m = side && !mldsa_side_ninth (n) ? n - 1 : n;

  for (i = 0; i < n; i++)
    nc[i] = nonce[i < m ? i : 0];
  mldsa_sample_absorb_xn (&b, n, in, rhopp, MLDSA_CRHBYTES, nc,
                          KECCAK_RATE_SHAKE256, buf, outp);
  mldsa_side_squeeze (&b, outp, MLDSA_GAMMA1_NBLOCKS, side);
  for (i = 0; i < m; i++)
    unpack (a[i], buf[i], gamma1);
  _gcry_keccak_batch_wipe (&b);
  wipememory (buf, n * sizeof buf[0]);
  wipememory (in, n * sizeof in[0]);
}

static inline void
mldsa_sample_gamma1_x4 (mldsa_poly_t *a[4], const byte rhopp[MLDSA_CRHBYTES],
                        const u16 nonce[4], s32 gamma1,
                        mldsa_unpack_fn_t unpack)
{
  mldsa_sample_gamma1_n (a, 4, rhopp, nonce, gamma1, unpack, NULL);
}

static inline void
mldsa_sample_gamma1_xn (mldsa_poly_t **a, unsigned int n,
                        const byte rhopp[MLDSA_CRHBYTES], const u16 *nonce,
                        s32 gamma1, mldsa_side_t *side,
                        mldsa_unpack_fn_t unpack)
{
  if (n == 8)
    mldsa_sample_gamma1_n (a, 8, rhopp, nonce, gamma1, unpack, side);
  else
    mldsa_sample_gamma1_n (a, 4, rhopp, nonce, gamma1, unpack, side);
}


/* The same for one nonce; NBYTES (at most MLDSA_SAMPLE_BUFBYTES) bytes
   are squeezed: the packed ones, or more if UNPACK reads past them.  */
static inline void
mldsa_sample_gamma1 (mldsa_poly_t *a, const byte rhopp[MLDSA_CRHBYTES],
                     u16 nonce, s32 gamma1, size_t nbytes,
                     mldsa_unpack_fn_t unpack)
{
  byte in[MLDSA_CRHBYTES + 2];
  byte buf[MLDSA_SAMPLE_BUFBYTES];
  keccak_ctx_t ctx;

  mldsa_sample_input (in, rhopp, MLDSA_CRHBYTES, nonce);
  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, in, sizeof in);
  _gcry_keccak_squeeze (&ctx, buf, nbytes);
  unpack (a, buf, gamma1);
  _gcry_keccak_ctx_wipe (&ctx);
  wipememory (buf, sizeof buf);
  wipememory (in, sizeof in);
}


/* The four table entries poly_uniform_x4_SFX, poly_uniform_SFX,
   poly_uniform_gamma1_x4_SFX and poly_uniform_gamma1_SFX of a kernel
   set with its own candidate parser REJ (an mldsa_rej_fn_t) and its
   own BitUnpack UNPACK (an mldsa_unpack_fn_t that may read 16 bytes
   past the packed ones: the single sampler squeezes all five blocks,
   which the packed bytes need anyway, so that those are defined).  */
#define MLDSA_SAMPLER_ENTRIES(sfx, rej, unpack)                         \
  static void                                                           \
  poly_uniform_x4_##sfx (mldsa_poly_t *a[4],                            \
                         const byte rho[MLDSA_SEEDBYTES],               \
                         const u16 nonce[4])                            \
  {                                                                     \
    mldsa_sample_uniform_x4 (a, rho, nonce, rej);                       \
  }                                                                     \
  static void                                                           \
  poly_uniform_##sfx (mldsa_poly_t *a, const byte rho[MLDSA_SEEDBYTES], \
                      u16 nonce)                                        \
  {                                                                     \
    mldsa_sample_uniform (a, rho, nonce, rej);                          \
  }                                                                     \
  static void                                                           \
  poly_uniform_gamma1_x4_##sfx (mldsa_poly_t *a[4],                     \
                                const byte rhopp[MLDSA_CRHBYTES],       \
                                const u16 nonce[4], s32 gamma1)         \
  {                                                                     \
    mldsa_sample_gamma1_x4 (a, rhopp, nonce, gamma1, unpack);           \
  }                                                                     \
  static void                                                           \
  poly_uniform_gamma1_##sfx (mldsa_poly_t *a,                           \
                             const byte rhopp[MLDSA_CRHBYTES],          \
                             u16 nonce, s32 gamma1)                     \
  {                                                                     \
    mldsa_sample_gamma1 (a, rhopp, nonce, gamma1,                       \
                         MLDSA_GAMMA1_NBLOCKS * KECCAK_RATE_SHAKE256,   \
                         unpack);                                       \
  }

/* The optional N-way entry poly_uniform_eta_xn (mldsa-ops.h), as the
   function NAME, of a kernel set with the parser REJ_ETA
   (mldsa_rej_fn_t).  The expansion starts with the return type, so
   "static" may precede it.  */
#define MLDSA_SAMPLER_ETA_XN_ENTRY(name, rej_eta)                       \
  void                                                                  \
  name (mldsa_poly_t **a, unsigned int n,                               \
        const byte rhoprime[MLDSA_CRHBYTES], const u16 *nonce, int eta, \
        mldsa_side_t *side)                                             \
  {                                                                     \
    mldsa_sample_eta_xn (a, n, rhoprime, nonce, eta, side, rej_eta);    \
  }

/* The three optional N-way entries poly_uniform_xn_SFX,
   poly_uniform_eta_xn_SFX and poly_uniform_gamma1_xn_SFX (mldsa-ops.h)
   of a kernel set with the parsers REJ and REJ_ETA (mldsa_rej_fn_t)
   and the BitUnpack UNPACK (mldsa_unpack_fn_t).  */
#define MLDSA_SAMPLER_XN_ENTRIES(sfx, rej, rej_eta, unpack)             \
  static void                                                           \
  poly_uniform_xn_##sfx (mldsa_poly_t **a, unsigned int n,              \
                         const byte rho[MLDSA_SEEDBYTES],               \
                         const u16 *nonce, mldsa_side_t *side)          \
  {                                                                     \
    mldsa_sample_uniform_xn (a, n, rho, nonce, side, rej);              \
  }                                                                     \
  static MLDSA_SAMPLER_ETA_XN_ENTRY (poly_uniform_eta_xn_##sfx, rej_eta) \
  static void                                                           \
  poly_uniform_gamma1_xn_##sfx (mldsa_poly_t **a, unsigned int n,       \
                                const byte rhopp[MLDSA_CRHBYTES],       \
                                const u16 *nonce, s32 gamma1,           \
                                mldsa_side_t *side)                     \
  {                                                                     \
    mldsa_sample_gamma1_xn (a, n, rhopp, nonce, gamma1, side, unpack);  \
  }

/* The swaps of SampleInBall (FIPS 204 Algorithm 29, lines 6-12) once
   the positions are known: C from the TAU positions JS[0..TAU-1] and
   the sign bits SIGNS, with JS an array of 64 bytes (the kernels may
   read all of them).  */
typedef void (*mldsa_ball_fn_t) (s32 c[MLDSA_N], const byte *js,
                                 unsigned int tau, u64 signs);

/* SampleInBall, Algorithm 29, with the swaps done by SWAPS.  The
   positions j are drawn here with the rejection loop of the algorithm
   (only the number of rejected bytes shows, as in the portable code);
   the swaps, where j would otherwise be a memory index, are done by
   the kernel without any j-dependent address.  TAU <= 64 (FIPS 204
   Table 1: at most 60).  */
static inline void
mldsa_sample_in_ball (mldsa_poly_t *c, const byte *ctilde,
                      unsigned int ctildelen, unsigned int tau,
                      mldsa_ball_fn_t swaps)
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
  memset (js, 0, sizeof js);
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
  swaps (c->coeffs, js, tau, signs);
  _gcry_keccak_ctx_wipe (&ctx);
  wipememory (buf, sizeof buf);
  wipememory (js, sizeof js);
  wipememory (&signs, sizeof signs);
}

#endif /*GCRY_MLDSA_SAMPLE_H*/
