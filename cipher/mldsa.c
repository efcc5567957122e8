/* mldsa.c - ML-DSA (FIPS 204): parameter sets, encodings, algorithms
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

/* Front file of ML-DSA (FIPS 204, August 2024).  It holds
 *
 *  - the parameter table (one const entry per parameter set; every
 *    length and bound below is read from it),
 *  - the byte encodings of Section 7.2 (pkEncode, skEncode, sigEncode,
 *    w1Encode and their strict decoders),
 *  - ML-DSA.KeyGen_internal, Sign_internal and Verify_internal
 *    (Algorithms 6-8) and the M' prefixes of the pure and pre-hash
 *    variants (Algorithms 2 and 4),
 *  - the kernel dispatch: one mldsa_ops_t chosen in _gcry_mldsa_init.
 *
 * The S-expression glue for gcry_pk_* is in mldsa-pk.c; the
 * arithmetic kernels are in mldsa-poly-*.c (contract: mldsa-ops.h).
 *
 * Memory.  Key generation and verification stream the matrix A: each
 * entry is sampled when it is needed and used once, and each row of
 * w1 is hashed before the next is computed.  Signing keeps A in NTT
 * form because every iteration of the rejection loop uses all of it.
 * Each operation allocates its working memory once, sized by the
 * parameter set alone (see the *_workspace_size functions): public
 * data (A) on the ordinary heap, everything derived from the secret
 * key or the mask in secure memory; all of it is wiped before it is
 * released.
 */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "const-time.h"
#include "keccak.h"
#include "mldsa.h"
#include "mldsa-ops.h"
#include "mldsa-avx2.h"
#include "mldsa-avx512.h"
#ifdef USE_MLKEM
# include "mlkem-ops.h"
# include "mlkem.h"
#endif


/* FIPS 204 Table 1 and Table 2.  */
static const mldsa_params_t mldsa_params[MLDSA_NALGS] =
  {
    /* name        alg       k  l eta tau beta gamma1  gamma2
       omega ctilde polyeta polyz polyw1  pk    sk    sig   nbits */
    { "ML-DSA-44", MLDSA_44, 4, 4, 2, 39,  78, 1 << 17, (MLDSA_Q - 1) / 88,
      80, 32, 96, 576, 192, 1312, 2560, 2420, 1312 * 8 },
    { "ML-DSA-65", MLDSA_65, 6, 5, 4, 49, 196, 1 << 19, (MLDSA_Q - 1) / 32,
      55, 48, 128, 640, 128, 1952, 4032, 3309, 1952 * 8 },
    { "ML-DSA-87", MLDSA_87, 8, 7, 2, 60, 120, 1 << 19, (MLDSA_Q - 1) / 32,
      75, 64, 96, 640, 128, 2592, 4896, 4627, 2592 * 8 }
  };

#define POLYT1_BYTES 320        /* 256 * 10 bits */
/* mu || w1Encode (w1), the input of the challenge hash: at most
   64 + 8 * 128 bytes (ML-DSA-87; ML-DSA-44 has 64 + 4 * 192).  */
#define MLDSA_W1BUF_LEN (MLDSA_MU_LEN + 8 * 128)
#define POLYT0_BYTES 416        /* 256 * 13 bits */

/* FIPS 204 Section 5.4.1: the pre-hash functions and their OIDs
   2.16.840.1.101.3.4.2.X (DER 06 09 60 86 48 01 65 03 04 02 X).  */
static const mldsa_prehash_t mldsa_prehash[] =
  {
    { GCRY_MD_SHA224,     "sha224",     0x04, 28 },
    { GCRY_MD_SHA256,     "sha256",     0x01, 32 },
    { GCRY_MD_SHA384,     "sha384",     0x02, 48 },
    { GCRY_MD_SHA512,     "sha512",     0x03, 64 },
    { GCRY_MD_SHA512_224, "sha512-224", 0x05, 28 },
    { GCRY_MD_SHA512_256, "sha512-256", 0x06, 32 },
    { GCRY_MD_SHA3_224,   "sha3-224",   0x07, 28 },
    { GCRY_MD_SHA3_256,   "sha3-256",   0x08, 32 },
    { GCRY_MD_SHA3_384,   "sha3-384",   0x09, 48 },
    { GCRY_MD_SHA3_512,   "sha3-512",   0x0a, 64 },
    { GCRY_MD_SHAKE128,   "shake128",   0x0b, 32 },
    { GCRY_MD_SHAKE256,   "shake256",   0x0c, 64 },
    { 0, NULL, 0, 0 }
  };

static const byte mldsa_oid_prefix[MLDSA_OID_DER_LEN - 1] =
  { 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02 };


/* The kernel set in use.  Set once by _gcry_mldsa_init; the generic
   table until then, so that a missed initialisation is slow, not
   broken.  */
static const mldsa_ops_t *mldsa_ops = &_gcry_mldsa_ops_generic;

/* Groups of fewer than four polynomials are padded to a 4-way sampler
   call when they have at least this many members, and sampled one by
   one otherwise.  It depends on the relative cost of the 4-way and the
   single Keccak permutation (measured on x86-64): portable 4-way
   about 2.5 portable single ones (pad groups of 3); AVX2 4-way about
   1.4 portable single ones (pad groups of 2 and 3); AVX-512 4-way
   about one AVX-512 single one (always pad).  The scalar BMI2 single
   permutation costs about the portable one (Zen 3: 1050 against 1590
   cycles of the AVX2 4-way call), so it pads like the portable one.  */
static unsigned int mldsa_pad_from = 3;

/* The width of the batch samplers: 8 if the kernel set has the N-way
   samplers (poly_uniform_xn, ...) and the 8-way Keccak permutation
   is cheaper per lane than the 4-way one: AVX-512 on a processor with
   the tuning hint HWF_INTEL_FAST_ZMM, where it costs what the 4-way
   one does (as in the Keccak scheduler's cost figures), or on an Intel
   one, where it costs about 1.4 of them (_gcry_keccak_x8_per_lane),
   and AVX2, whose 8-way call runs two 4-way halves interleaved for
   about 1.85 4-way calls (Zen 5: 2620 against 1420 cycles), and
   wherever the 8-way batch carries a ninth state
   (_gcry_keccak_batch_has_ninth; Zen 4's AVX-512, whose 8-way call
   costs two 4-way calls, but whose 9-way call adds a state for a
   tenth of one: KeyGen 2-6% and verification 4-8% faster than at
   width 4, signing the same); 4 otherwise.  */
static unsigned int mldsa_width = 4;

/* Nonzero if the 8-way permutation costs what the 4-way one does
   (the first case above; _gcry_keccak_x8_cheap): then a group of
   five members already goes to one 8-way call.  With AVX2's dearer
   8-way call a group needs six members (five are cheaper as a 4-way
   call and one single permutation of 880 cycles).  */
static int mldsa_cheap_x8;

/* Nonzero if a call of the samplers' width costs about one single
   permutation: the 8-way one where mldsa_cheap_x8 holds, or the
   4-way one of AVX-512 where zmm instructions run at half width (Zen
   4: 730 cycles for either; _gcry_keccak_x4_cheap).  Then a hash that
   would otherwise run on single permutations gets a lane in the
   samplers' calls whenever it has input (KeyGen's tr), and signing
   samples the next mask early beside c~ at width 4 too (see line 15;
   Zen 4, ML-DSA-44/65/87 signing 6/11/5% faster, KeyGen-65 3%).  */
static int mldsa_cheap_batch;

#ifdef USE_MLKEM
/* Whether signing computes c s1 and c s2 in ML-KEM's ring
   (small_product; test hook _gcry_mldsa_set_small_mul).  */
static int mldsa_small_mul = 1;
#endif

/* Nonzero if the kernel set has the N-way samplers, which can carry a
   side stream (mldsa_side_t) in a spare lane.  */
static int mldsa_have_xn;

#ifdef USE_MLDSA_VSX
/* The tier of the VSX set for this CPU (the one dispatch point of the
   PowerPC kernels): the POWER10 table with ISA 3.1, else the POWER8
   one, which uses ISA 2.07 instructions only (POWER9 gains nothing
   from ISA 3.0 in these kernels).  NULL without POWER8.  */
static const mldsa_ops_t *
mldsa_vsx_ops (void)
{
  unsigned int hwf = _gcry_get_hw_features ();

  if (!(hwf & HWF_PPC_ARCH_2_07))
    return NULL;
#ifdef USE_MLDSA_VSX_P10
  if (hwf & HWF_PPC_ARCH_3_10)
    return &_gcry_mldsa_ops_vsx_p10;
#endif
  return &_gcry_mldsa_ops_vsx;
}
#endif

void
_gcry_mldsa_init (void)
{
  /* The fastest usable set; the one list of them with its gates is
     _gcry_mldsa_ops_available.  */
  mldsa_ops = _gcry_mldsa_ops_available (0);

  if (!strcmp (_gcry_keccak_batch_backend_name (4), "generic"))
    mldsa_pad_from = 3;
  else if (!strcmp (_gcry_keccak_backend_name (), "generic")
           || !strcmp (_gcry_keccak_backend_name (), "bmi2"))
    mldsa_pad_from = 2;
  else
    mldsa_pad_from = 1;

  mldsa_have_xn = (mldsa_ops->poly_uniform_xn
                   && mldsa_ops->poly_uniform_eta_xn
                   && mldsa_ops->poly_uniform_gamma1_xn);
  {
    const char *x8 = _gcry_keccak_batch_backend_name (8);

    mldsa_cheap_x8 = _gcry_keccak_x8_cheap ();
    mldsa_width = (mldsa_have_xn
                   && (_gcry_keccak_x8_per_lane () || !strcmp (x8, "avx2")
                       || _gcry_keccak_batch_has_ninth ())
                   ? 8 : 4);
    mldsa_cheap_batch = (mldsa_width == 8 ? mldsa_cheap_x8
                         : _gcry_keccak_x4_cheap ());
  }
}

gpg_err_code_t
_gcry_mldsa_set_small_mul (int on)
{
#ifdef USE_MLKEM
  mldsa_small_mul = !!on;
  return 0;
#else
  return on ? GPG_ERR_NOT_SUPPORTED : 0;
#endif
}

gpg_err_code_t
_gcry_mldsa_set_shape (unsigned int width, int cheap)
{
  if (width != 4 && width != 8)
    return GPG_ERR_INV_ARG;
  if (!mldsa_have_xn && (width == 8 || cheap))
    return GPG_ERR_NOT_SUPPORTED;
  mldsa_width = width;
  mldsa_cheap_batch = !!cheap;
  mldsa_cheap_x8 = width == 8 && cheap;
  return 0;
}

const char *
_gcry_mldsa_backend_name (void)
{
  return mldsa_ops->name;
}

/* Return the kernel set named NAME if it is compiled in and usable
   with the current (possibly disabled) hardware features, else NULL.
   For bench-slope and the differential kernel tests; it must accept
   exactly the sets _gcry_mldsa_init may choose.  */
const mldsa_ops_t *
_gcry_mldsa_get_ops (const char *name)
{
  const mldsa_ops_t *ops;
  unsigned int i;

  for (i = 0; name && (ops = _gcry_mldsa_ops_available (i)); i++)
    if (!strcmp (name, ops->name))
      return ops;
  return NULL;
}

/* Kernel set IDX (0, 1, ...) of those usable here, fastest first (the
   first is the one _gcry_mldsa_init chooses), the portable set last;
   NULL past it.  The AVX-512 set borrows the AVX2 set's other kernels,
   so it needs both features; it comes twice where VBMI2 is present,
   with and without the VBMI2 parser.  Where AVX-512 is usable the AVX2
   set comes in its forms with the AVX-512 set's rejection samplers
   too (mldsa-avx512.h; 3-8% faster KeyGen and verification), named
   "avx2" as well: _gcry_mldsa_get_ops returns the first of a name,
   the kernel tests run all.  The AVX-512 sets come before the AVX2
   ones except on Intel processors (HWF_INTEL_CPU), as for ML-KEM
   (_gcry_mlkem_ops_available): there the zmm multiplications of the
   AVX-512 NTTs and products run slowly for tens of microseconds
   whenever an operation follows other code, so that such an
   operation takes up to 60% longer than with the AVX2 set and
   AVX-512 Keccak (ML-DSA-87 KeyGen after 3 ms of other work: 48.5
   against 30.9 us), although the AVX-512 set is 5-16% faster in a
   loop of back-to-back operations (doc/PERFORMANCE, "ML-DSA after
   other code").  */
const mldsa_ops_t *
_gcry_mldsa_ops_available (unsigned int idx)
{
  const mldsa_ops_t *list[8], *x86[2][3];
  unsigned int n = 0, nx[2] = { 0, 0 }, g, i;
  unsigned int hwf = _gcry_get_hw_features ();
  unsigned int intel = !!(hwf & HWF_INTEL_CPU);

  /* X86[0] holds the AVX-512 sets, X86[1] the AVX2 ones: with the
     AVX-512 rejection samplers first where AVX-512 is usable.  */
#ifdef USE_MLDSA_AVX512
  if ((hwf & (HWF_INTEL_AVX512 | HWF_INTEL_AVX2))
      == (HWF_INTEL_AVX512 | HWF_INTEL_AVX2))
    {
      if (hwf & HWF_INTEL_VBMI2)
        {
          x86[0][nx[0]++] = &_gcry_mldsa_ops_avx512_vbmi2;
          x86[1][nx[1]++] = &_gcry_mldsa_ops_avx2_vbmi2;
        }
      x86[0][nx[0]++] = &_gcry_mldsa_ops_avx512;
      x86[1][nx[1]++] = &_gcry_mldsa_ops_avx2_avx512;
    }
#endif
#ifdef USE_MLDSA_AVX2
  if (hwf & HWF_INTEL_AVX2)
    x86[1][nx[1]++] = &_gcry_mldsa_ops_avx2;
#endif
  for (g = 0; g < 2; g++)
    for (i = 0; i < nx[g ^ intel]; i++)
      list[n++] = x86[g ^ intel][i];
#ifdef USE_MLDSA_VSX
  if (mldsa_vsx_ops ())
    list[n++] = mldsa_vsx_ops ();
#endif
  list[n++] = &_gcry_mldsa_ops_generic;

  return idx < n ? list[idx] : NULL;
}

const mldsa_params_t *
_gcry_mldsa_get_params (mldsa_alg_t alg)
{
  if ((unsigned int)alg >= MLDSA_NALGS)
    return NULL;
  return &mldsa_params[alg];
}

const mldsa_prehash_t *
_gcry_mldsa_prehash_by_index (unsigned int i)
{
  if (i >= DIM (mldsa_prehash) - 1)
    return NULL;
  return &mldsa_prehash[i];
}

const mldsa_prehash_t *
_gcry_mldsa_prehash_by_algo (int md_algo)
{
  unsigned int i;

  for (i = 0; mldsa_prehash[i].name; i++)
    if (mldsa_prehash[i].md_algo == md_algo)
      return &mldsa_prehash[i];
  return NULL;
}

size_t
_gcry_mldsa_build_prefix (byte *buf, const mldsa_prehash_t *ph,
                          const byte *ctx, size_t ctxlen,
                          const byte *digest)
{
  size_t n = 0;

  buf[n++] = ph ? 1 : 0;
  buf[n++] = (byte)ctxlen;
  if (ctxlen)
    memcpy (buf + n, ctx, ctxlen);
  n += ctxlen;
  if (ph)
    {
      memcpy (buf + n, mldsa_oid_prefix, sizeof mldsa_oid_prefix);
      n += sizeof mldsa_oid_prefix;
      buf[n++] = ph->oid_last;
      memcpy (buf + n, digest, ph->digest_len);
      n += ph->digest_len;
    }
  return n;
}


/*
 * Helpers for vectors of polynomials.
 */

/* Run the batch samplers over COUNT polynomials A[i] with nonces
   NONCE[i], and carry the side stream SIDE (may be NULL) in their
   spare lanes if the kernel set can (mldsa_have_xn; otherwise the
   caller's mldsa_side_finish does all its work).  Groups have
   mldsa_width members, one fewer while the side stream rides along
   in a lane (not as the ninth state of an 8-way call,
   mldsa_side_ninth);
   on AVX-512 a group of at most four uses the 4-way sampler (the same
   Keccak cost, less copying).  A short last group is padded with
   copies of its first entry, or sampled singly if it has fewer than
   mldsa_pad_from members and no side stream.  KIND selects the
   sampler.  */
enum sample_kind { SAMPLE_UNIFORM, SAMPLE_ETA, SAMPLE_GAMMA1 };

static void
sample_polys (enum sample_kind kind, mldsa_poly_t **a, const u16 *nonce,
              unsigned int count, const byte *seed, s32 param,
              mldsa_side_t *side)
{
  const mldsa_ops_t *ops = mldsa_ops;
  mldsa_poly_t dummy;
  mldsa_poly_t *ptr[8];
  u16 nc[8];
  unsigned int i = 0, j, rest, w, take, sidehere, lane;

  for (;;)
    {
      rest = count - i;
      sidehere = mldsa_have_xn && mldsa_side_ready (side);
      w = (mldsa_width == 8
           && rest + sidehere >= (mldsa_cheap_x8 ? 5u : 6u)) ? 8 : 4;
      lane = sidehere && !mldsa_side_ninth (w);
      take = rest < w - lane ? rest : w - lane;
      if (!take || (take < w && !sidehere && take < mldsa_pad_from))
        break;
      for (j = 0; j < w; j++)
        {
          /* Padding: copies of the group's first entry, sampled into
             a scratch polynomial.  The side stream's slot is
             ignored by the sampler.  */
          ptr[j] = j < take ? a[i + j] : &dummy;
          nc[j] = nonce[i + (j < take ? j : 0)];
        }
      i += take;
      if (mldsa_have_xn)
        switch (kind)
          {
          case SAMPLE_UNIFORM:
            ops->poly_uniform_xn (ptr, w, seed, nc,
                                  sidehere ? side : NULL);
            break;
          case SAMPLE_ETA:
            ops->poly_uniform_eta_xn (ptr, w, seed, nc, param,
                                      sidehere ? side : NULL);
            break;
          case SAMPLE_GAMMA1:
            ops->poly_uniform_gamma1_xn (ptr, w, seed, nc, param,
                                         sidehere ? side : NULL);
            break;
          }
      else
        switch (kind)
          {
          case SAMPLE_UNIFORM:
            ops->poly_uniform_x4 (ptr, seed, nc);
            break;
          case SAMPLE_ETA:
            ops->poly_uniform_eta_x4 (ptr, seed, nc, param);
            break;
          case SAMPLE_GAMMA1:
            ops->poly_uniform_gamma1_x4 (ptr, seed, nc, param);
            break;
          }
    }
  for (; i < count; i++)
    switch (kind)
      {
      case SAMPLE_UNIFORM:
        ops->poly_uniform (a[i], seed, nonce[i]);
        break;
      case SAMPLE_ETA:
        ops->poly_uniform_eta (a[i], seed, nonce[i], param);
        break;
      case SAMPLE_GAMMA1:
        ops->poly_uniform_gamma1 (a[i], seed, nonce[i], param);
        break;
      }
  if (kind != SAMPLE_UNIFORM)
    wipememory (&dummy, sizeof dummy);
}

/* Start the side stream SIDE: SHAKE256 of the INLEN bytes at IN into
   the caller's sponge CTX.  */
static void
mldsa_side_init (mldsa_side_t *side, keccak_ctx_t *ctx, const byte *in,
                 size_t inlen)
{
  _gcry_keccak_ctx_init (ctx, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
  side->ctx = ctx;
  side->in = in;
  side->inlen = inlen;
  side->more = 0;
  side->done = 0;
}

/* Absorb what the samplers left of the side stream's input, which is
   complete now; then its sponge is ready to be squeezed.  */
static void
mldsa_side_finish (mldsa_side_t *side)
{
  if (!side->done)
    _gcry_keccak_absorb (side->ctx, side->in, side->inlen);
  side->inlen = 0;
  side->more = 0;
  side->done = 1;
}

/* Rows of A that a_stream_t keeps.  Three: with two, a group could
   not run past the next row, so for ML-DSA-44 (l = 4) with an 8-way
   sampler and a side stream the groups of verification were 7 and 5
   (8-way), 3 (4-way) and a single sampling; with three they are 7, 7
   and 2 (4-way): 6% faster with AVX2.  */
#define A_STREAM_ROWS 3

/* A stream of the entries of A (ExpandA, Algorithm 32: A[i][j] from
   rho || j || i, NTT domain, 0 <= a < q) in row-major order, sampled
   four or eight at a time across row boundaries.  BUF holds
   A_STREAM_ROWS slots of STRIDE >= l polynomials: row i lives in the
   first l of slot i mod A_STREAM_ROWS, so a group that starts in
   row i may run into the next A_STREAM_ROWS - 1 rows but no further.
   Polynomials past the first l of a slot are the caller's (see
   verification).  */
typedef struct
{
  const mldsa_params_t *p;
  const byte *rho;
  mldsa_poly_t *buf;            /* A_STREAM_ROWS stride polynomials.  */
  unsigned int stride;          /* Polynomials per slot.  */
  unsigned int next;            /* Flat index of the next entry.  */
  mldsa_side_t *side;           /* Side stream for the samplers, or NULL.  */
  int side_if_spare;            /* Give SIDE a lane only if one is spare.  */
} a_stream_t;

/* Return row I (l polynomials); rows must be requested in order.  */
static const mldsa_poly_t *
a_stream_row (a_stream_t *s, unsigned int i)
{
  const unsigned int l = s->p->l, total = s->p->k * l;
  unsigned int end = (i + 1) * l;
  unsigned int limit = ((i + A_STREAM_ROWS) * l < total
                        ? (i + A_STREAM_ROWS) * l : total);

  while (s->next < end)
    {
      mldsa_poly_t *ptr[8];
      u16 nonce[8];
      mldsa_side_t *side = s->side;
      unsigned int n, j, width, rest = total - s->next;
      unsigned int groups = (rest + mldsa_width - 1) / mldsa_width;
      int ninth = mldsa_side_ninth (mldsa_width);

      /* One group: up to mldsa_width entries, one fewer while the side
         stream rides along, ending in row i + A_STREAM_ROWS - 1 at the
         latest (with l >= 4 a group of eight always does).  With
         SIDE_IF_SPARE, the side stream takes only lanes the remaining
         entries can spare, and only in the last groups: it waits
         until the spare lanes of the ceil (rest / width) groups left
         are at least as many as those groups, so that it rides in
         each of them.  A side stream that absorbs rows as they come
         (KeyGen's tr) has the most input there: ML-DSA-65 on Intel
         AVX-512 (30 entries, groups 8, 8, 7 and 7) leaves 6 blocks
         of tr to single permutations instead of 8 with groups 8, 7,
         7 and 8.  As the ninth state of an 8-way call it takes no
         lane.  */
      if (!mldsa_have_xn || !mldsa_side_ready (side)
          || (s->side_if_spare && !ninth
              && groups * mldsa_width - rest < groups))
        side = NULL;
      width = mldsa_width - (side && !ninth ? 1 : 0);
      n = limit - s->next < width ? limit - s->next : width;
      for (j = 0; j < n; j++)
        {
          unsigned int f = s->next + j, row = f / l, col = f % l;

          ptr[j] = s->buf + (row % A_STREAM_ROWS) * s->stride + col;
          nonce[j] = (u16)((row << 8) | col);
        }
      sample_polys (SAMPLE_UNIFORM, ptr, nonce, n, s->rho, 0, side);
      s->next += n;
    }
  return s->buf + (i % A_STREAM_ROWS) * s->stride;
}

/* All of A, k * l entries, row-major, grouping entries of different
   rows into the 4-way sampler.  */
static void
expand_a (const mldsa_params_t *p, mldsa_poly_t *mat,
          const byte rho[MLDSA_SEEDBYTES])
{
  mldsa_poly_t *ptr[64];
  u16 nonce[64];
  unsigned int i, j, n = 0;

  for (i = 0; i < p->k; i++)
    for (j = 0; j < p->l; j++, n++)
      {
        ptr[n] = mat + n;
        nonce[n] = (u16)((i << 8) | j);
      }
  sample_polys (SAMPLE_UNIFORM, ptr, nonce, n, rho, 0, NULL);
}


/*
 * Encodings (FIPS 204 Section 7.2).  All little-endian bit packing
 * (SimpleBitPack / BitPack, Algorithms 16-19).
 */

/* SimpleBitPack of t1 (10 bits), Algorithm 16.  In: 0 <= t1 < 1024. */
static void
pack_t1 (byte *r, const mldsa_poly_t *a)
{
  if (mldsa_ops->pack_t1)
    mldsa_ops->pack_t1 (r, a);
  else
    _gcry_mldsa_pack_t1_generic (r, a);
}

/* SimpleBitUnpack of t1, every 10-bit value valid.  */
static void
unpack_t1 (mldsa_poly_t *a, const byte *b)
{
  unsigned int i;

  if (mldsa_ops->unpack_t1)
    {
      mldsa_ops->unpack_t1 (a, b);
      return;
    }

  for (i = 0; i < MLDSA_N / 4; i++)
    {
      const byte *p = b + 5 * i;

      a->coeffs[4 * i + 0] = (p[0] | ((u32)p[1] << 8)) & 0x3ff;
      a->coeffs[4 * i + 1] = ((p[1] >> 2) | ((u32)p[2] << 6)) & 0x3ff;
      a->coeffs[4 * i + 2] = ((p[2] >> 4) | ((u32)p[3] << 4)) & 0x3ff;
      a->coeffs[4 * i + 3] = ((p[3] >> 6) | ((u32)p[4] << 2)) & 0x3ff;
    }
}

/* BitPack (t0, 2^12 - 1, 2^12): 13-bit fields of 2^12 - t0.  */
static void
pack_t0 (byte *r, const mldsa_poly_t *a)
{
  if (mldsa_ops->pack_t0)
    mldsa_ops->pack_t0 (r, a);
  else
    _gcry_mldsa_pack_t0_generic (r, a);
}

/* BitUnpack of t0 (the ops' kernel or the portable one); every 13-bit
   value gives a t0 in [-(2^12-1), 2^12], so there is nothing to
   reject.  */
static void
unpack_t0 (mldsa_poly_t *a, const byte *b)
{
  if (mldsa_ops->unpack_t0)
    mldsa_ops->unpack_t0 (a, b);
  else
    _gcry_mldsa_unpack_t0_generic (a, b);
}

/* BitPack (s, eta, eta): 3-bit (eta = 2) or 4-bit (eta = 4) fields of
   eta - s.  */
static void
pack_eta (byte *r, const mldsa_poly_t *a, unsigned int eta)
{
  if (mldsa_ops->pack_eta)
    mldsa_ops->pack_eta (r, a, eta);
  else
    _gcry_mldsa_pack_eta_generic (r, a, eta);
}

/* BitUnpack for s1/s2.  Returns a nonzero mask if a field exceeds
   2 eta (a malformed key; FIPS 204 skDecode leaves such keys
   undefined, we reject them).  Constant time in the key bits.  */
static u32
unpack_eta (mldsa_poly_t *a, const byte *b, unsigned int eta)
{
  if (mldsa_ops->unpack_eta)
    return mldsa_ops->unpack_eta (a, b, eta);
  return _gcry_mldsa_unpack_eta_generic (a, b, eta);
}

/* BitPack (z, gamma1 - 1, gamma1) with the kernel set's code if it
   has some.  */
static void
pack_z (byte *r, const mldsa_poly_t *a, s32 gamma1)
{
  if (mldsa_ops->pack_z)
    mldsa_ops->pack_z (r, a, gamma1);
  else
    _gcry_mldsa_pack_z_generic (r, a, gamma1);
}

/* BitUnpack (BUF, gamma1 - 1, gamma1) of z or of a mask y (FIPS 204
   Algorithm 19) with the kernel set's code if it has some.  The
   kernels may read 16 bytes past the packed polynomial.  */
static void
unpack_gamma1 (mldsa_poly_t *a, const byte *buf, s32 gamma1)
{
  if (mldsa_ops->unpack_gamma1)
    mldsa_ops->unpack_gamma1 (a, buf, gamma1);
  else
    _gcry_mldsa_unpack_gamma1_generic (a, buf, gamma1);
}

/* SimpleBitPack (w1, (q-1)/(2 gamma2) - 1): 6 bits (ML-DSA-44) or
   4 bits, eight fields (48 or 32 bits) per step.  */
static void
pack_w1 (byte *r, const mldsa_poly_t *a, s32 gamma2)
{
  unsigned int i;

  if (gamma2 == (MLDSA_Q - 1) / 32 && mldsa_ops->pack_w1_4)
    {
      mldsa_ops->pack_w1_4 (r, a);
      return;
    }
  if (gamma2 == (MLDSA_Q - 1) / 88 && mldsa_ops->pack_w1_6)
    {
      mldsa_ops->pack_w1_6 (r, a);
      return;
    }

  if (gamma2 == (MLDSA_Q - 1) / 88)
    for (i = 0; i < MLDSA_N / 8; i++)
      {
        const s32 *c = a->coeffs + 8 * i;
        u64 v = (u64)c[0] | ((u64)c[1] << 6) | ((u64)c[2] << 12)
                | ((u64)c[3] << 18) | ((u64)c[4] << 24) | ((u64)c[5] << 30)
                | ((u64)c[6] << 36) | ((u64)c[7] << 42);

        buf_put_le32 (r + 6 * i, (u32)v);
        buf_put_le16 (r + 6 * i + 4, (u16)(v >> 32));
      }
  else
    for (i = 0; i < MLDSA_N / 8; i++)
      {
        const s32 *c = a->coeffs + 8 * i;
        u32 v = (u32)c[0] | ((u32)c[1] << 4) | ((u32)c[2] << 8)
                | ((u32)c[3] << 12) | ((u32)c[4] << 16) | ((u32)c[5] << 20)
                | ((u32)c[6] << 24) | ((u32)c[7] << 28);

        buf_put_le32 (r + 4 * i, v);
      }
}

/* HintBitUnpack (Algorithm 21) as a check only: the hint section Y
   (omega + k bytes) is well formed if the running counts are
   non-decreasing and at most omega, the indices of each polynomial
   strictly increase and the unused index bytes are zero.  Returns 1
   if well formed.  The signature is public.  */
static int
hint_check (const mldsa_params_t *p, const byte *y)
{
  unsigned int i, idx = 0, first;

  for (i = 0; i < p->k; i++)
    {
      unsigned int end = y[p->omega + i];

      if (end < idx || end > p->omega)
        return 0;
      first = idx;
      for (; idx < end; idx++)
        if (idx > first && y[idx - 1] >= y[idx])
          return 0;
    }
  for (; idx < p->omega; idx++)
    if (y[idx])
      return 0;
  return 1;
}

/* Hint polynomial I from a checked hint section Y.  */
static void
hint_row (const mldsa_params_t *p, mldsa_poly_t *h, const byte *y,
          unsigned int i)
{
  unsigned int idx = i ? y[p->omega + i - 1] : 0;
  unsigned int end = y[p->omega + i];

  memset (h, 0, sizeof *h);
  for (; idx < end; idx++)
    h->coeffs[y[idx]] = 1;
}


/*
 * Hashing.  H = SHAKE256 (FIPS 204 Section 3.7).
 */

/* mu = H (tr || M', 64), or the external mu.  */
static void
compute_mu (byte mu[MLDSA_MU_LEN], const byte tr[MLDSA_TR_LEN],
            const mldsa_mprime_t *m)
{
  keccak_ctx_t ctx;

  if (m->mu)
    {
      memcpy (mu, m->mu, MLDSA_MU_LEN);
      return;
    }
  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, tr, MLDSA_TR_LEN);
  if (m->prelen)
    _gcry_keccak_absorb (&ctx, m->pre, m->prelen);
  if (m->msglen)
    _gcry_keccak_absorb (&ctx, m->msg, m->msglen);
  _gcry_keccak_squeeze (&ctx, mu, MLDSA_MU_LEN);
  _gcry_keccak_ctx_wipe (&ctx);
}


/*
 * Workspaces.  Counts in polynomials.
 */

/* Key generation and the secret key check keep the polynomials that
   depend on the secret key in secure memory (keygen_secret_npolys)
   and only the public rows of A on the ordinary heap.  */
static unsigned int
keygen_secret_npolys (const mldsa_params_t *p)
{
  /* s1 (l), s2 (k), s1hat (l), t (1), t1 (1).  */
  return 2 * p->l + p->k + 2;
}

static unsigned int
keygen_npolys (const mldsa_params_t *p)
{
  /* Rows of A (A_STREAM_ROWS l).  */
  return A_STREAM_ROWS * p->l;
}

/* Signing keeps only the matrix A, which is public, on the ordinary
   heap.  Everything that depends on the secret key or on the mask y
   is in secure memory, in two allocations so that each fits an area
   of the default 32 KiB secure pool (src/secmem.c keeps such areas
   for reuse, so the pool grows once instead of mapping a large area
   for every signature).  */
static unsigned int
sign_secret_npolys (const mldsa_params_t *p)
{
  /* s1hat (l), s2hat (k), t0hat (k), c hat (1), temporary for c s1,
     c s2 and c t0 (1), scratch for c s1 and c s2 in ML-KEM's ring
     (1, small_scratch_t).  */
  return p->l + 2 * p->k + 3;
}

static unsigned int
sign_mask_npolys (const mldsa_params_t *p)
{
  /* y / z (l), yhat (l), w1 (k), w0 (k).  */
  return 2 * p->l + 2 * p->k;
}

static unsigned int
sign_npolys (const mldsa_params_t *p)
{
  /* A (k l).  */
  return p->k * p->l;
}

static unsigned int
verify_npolys (const mldsa_params_t *p)
{
  /* zhat (l) and NTT (t1) (1), A_STREAM_ROWS slots of a row of A
     and -NTT (c 2^d) (l + 1 each), w (1), h (1).  */
  return (1 + A_STREAM_ROWS) * (p->l + 1) + 2;
}

size_t
_gcry_mldsa_keygen_workspace_size (const mldsa_params_t *p)
{
  return (keygen_npolys (p) + keygen_secret_npolys (p))
         * sizeof (mldsa_poly_t);
}

size_t
_gcry_mldsa_sign_workspace_size (const mldsa_params_t *p)
{
  return (sign_npolys (p) + sign_secret_npolys (p) + sign_mask_npolys (p))
         * sizeof (mldsa_poly_t);
}

size_t
_gcry_mldsa_verify_workspace_size (const mldsa_params_t *p)
{
  return verify_npolys (p) * sizeof (mldsa_poly_t);
}

static mldsa_poly_t *
ws_alloc (unsigned int npolys)
{
  /* The kernels need 32-byte alignment only for future SIMD code;
     the heap gives 16, so over-allocate and align by hand.  */
  return xtrymalloc (npolys * sizeof (mldsa_poly_t) + 32);
}

/* Same in secure memory.  */
static mldsa_poly_t *
ws_alloc_secure (unsigned int npolys)
{
  return xtrymalloc_secure (npolys * sizeof (mldsa_poly_t) + 32);
}

static mldsa_poly_t *
ws_align (void *mem)
{
  return (mldsa_poly_t *)(((uintptr_t)mem + 31) & ~(uintptr_t)31);
}

/* Free a workspace.  Only public data (rows of A, the values of
   verification) lives on the ordinary heap, so a workspace of
   ws_alloc is freed without wiping.  A workspace of ws_alloc_secure
   holds secrets, but the secure pool wipes every block it frees
   (src/secmem.c); wiping it here as well would only write its
   20 to 40 KiB a second time.  NPOLYS documents the size.  */
static void
ws_free (void *mem, unsigned int npolys)
{
  (void)npolys;
  xfree (mem);
}


/* Copy N polynomials.  A runtime length makes this a call of the C
   library's memcpy (vector loads and stores): an assignment of one
   mldsa_poly_t compiles to rep movsq, 3 times slower per KiB on the
   Intel cores of doc/PERFORMANCE (44 against 14 TSC ticks).  */
static void
poly_copy (mldsa_poly_t *dst, const mldsa_poly_t *src, unsigned int n)
{
  memcpy (dst, src, n * sizeof *dst);
}


/* The optional fused entries of mldsa-ops.h, with the portable steps
   where the kernel set has none.  */

/* (T1, T) = Power2Round (T + S2 mod q), reduced and made non-negative
   as reduce and caddq do: a row of KeyGen's t.  */
static void
power2round_add (const mldsa_ops_t *ops, mldsa_poly_t *t1, mldsa_poly_t *t,
                 const mldsa_poly_t *s2)
{
  unsigned int j;

  if (ops->power2round_add)
    {
      ops->power2round_add (t1, t, t, s2);
      return;
    }
  for (j = 0; j < MLDSA_N; j++)
    t->coeffs[j] += s2->coeffs[j];
  ops->reduce (t);
  ops->caddq (t);
  ops->power2round (t1, t, t);
}

/* B mod^+- q, A = A + B, and 1 if the norm of B reaches BOUND, else
   0: the check of signing's c t0 and w0 + c t0 (B is scratch here).
   The caller decides on the result: a branch here would be one on
   secret data outside the signing function, whose rejection
   decisions alone are allowed to depend on it (the constant-time
   test's suppressions).  */
static int
add_reduce_chknorm (const mldsa_ops_t *ops, mldsa_poly_t *a, mldsa_poly_t *b,
                    s32 bound)
{
  unsigned int j;
  int r;

  if (ops->add_reduce_chknorm)
    return ops->add_reduce_chknorm (a, b, bound);
  ops->reduce (b);
  r = ops->chknorm (b, bound);
  for (j = 0; j < MLDSA_N; j++)
    a->coeffs[j] += b->coeffs[j];
  return r;
}


/*
 * Key generation.
 */

/* Compute from RHO, s1 (standard domain) and s2 row by row
   t = NTT^-1 (A o NTT (s1)) + s2, split it with Power2Round, and
   hand t1 and t0 of each row to the caller's buffers: PK (pk_len
   bytes, RHO already in its first 32; t1 follows, k * 320 bytes) and
   T0 (k * 416 bytes, may be NULL).  Then TR = H (PK, 64): with 8-way
   samplers the hash absorbs the rows of t1 as they are packed, in a
   spare lane of the samplers of A.  ROWS provides 2 l
   scratch polynomials for A, T two for t and t1; S1HAT (l) receives
   NTT (s1).  */
static void
compute_t (const mldsa_params_t *p, const byte rho[MLDSA_SEEDBYTES],
           const mldsa_poly_t *s1, const mldsa_poly_t *s2,
           mldsa_poly_t *s1hat, mldsa_poly_t *rows, mldsa_poly_t *t,
           byte *pk, byte *t0out, byte tr[MLDSA_TR_LEN])
{
  const mldsa_ops_t *ops = mldsa_ops;
  mldsa_poly_t *t1 = t + 1;
  keccak_ctx_t trctx;
  mldsa_side_t side;
  a_stream_t as;
  unsigned int i, j;

  mldsa_side_init (&side, &trctx, pk, MLDSA_SEEDBYTES);
  side.more = 1;
  as.p = p;
  as.rho = rho;
  as.buf = rows;
  as.stride = p->l;
  as.next = 0;
  /* The hash waits for the rows; only 8 wide does a group lose nothing
     by giving it a lane (measured: with AVX2, groups of three entries
     and the hash are 4% slower than groups of four and the hash
     afterwards).  With AVX2's 8-way call (two 4-way ones), a lane is
     not worth an extra group: for ML-DSA-44 (16 entries) a group of 7
     and the hash would leave one entry for a 4-way call of five
     permutations (about 7.1k cycles) and three single ones after the
     last row, where two groups of 8 and all ten blocks of the hash
     single (8.7k) are cheaper.  With a cheap 8-way call (AVX-512) a
     single permutation costs as much as a whole call, so the hash
     takes every lane it can, and so with a 4-way call that costs a
     single permutation (mldsa_cheap_batch): there, groups of three
     entries and the hash made ML-DSA-65 KeyGen 3% faster than
     giving the hash only spare lanes, and 44 and 87 no slower.  */
  as.side = mldsa_width == 8 || mldsa_cheap_batch ? &side : NULL;
  as.side_if_spare = !mldsa_cheap_batch;
  /* Where the groups of A fill every lane (ML-DSA-44 and 87: 16 and 56
     entries, 8 wide), giving the hash only spare lanes leaves all its
     blocks (10 and 19) to single permutations.  Where a 4-way call
     costs about one single permutation (_gcry_keccak_x4_cheap:
     AVX-512 on Intel cores), the hash rides in every group instead:
     groups of 7 and the hash, and a last group of a few entries and
     the hash as a 4-way call that costs what the single permutations
     it replaces would; only the blocks of the last rows remain for
     single permutations.  Sapphire Rapids, ab-pq 61 trials in both
     orders: KeyGen-87 4-7% faster, -44 the same (the extra 4-way
     group costs what it saves there).  Not with AVX2, whose 4-way
     call costs 1.8 single ones (see above).  */
  if (as.side_if_spare && mldsa_width == 8
      && !((p->k * p->l) % mldsa_width) && _gcry_keccak_x4_cheap ())
    as.side_if_spare = 0;

  poly_copy (s1hat, s1, p->l);
  for (j = 0; j < p->l; j++)
    ops->ntt (&s1hat[j]);
  for (i = 0; i < p->k; i++)
    {
      ops->pointwise_acc (t, a_stream_row (&as, i), s1hat, p->l);
      ops->invntt_tomont (t);
      power2round_add (ops, t1, t, &s2[i]);
      pack_t1 (pk + MLDSA_SEEDBYTES + i * POLYT1_BYTES, t1);
      side.inlen += POLYT1_BYTES;
      if (t0out)
        pack_t0 (t0out + i * POLYT0_BYTES, t);
    }
  mldsa_side_finish (&side);
  _gcry_keccak_squeeze (&trctx, tr, MLDSA_TR_LEN);
  _gcry_keccak_ctx_wipe (&trctx);
}

/* ExpandS (Algorithm 33): s1 from nonces 0..l-1, s2 from l..l+k-1.  */
static void
expand_s (const mldsa_params_t *p, mldsa_poly_t *s1, mldsa_poly_t *s2,
          const byte rhoprime[MLDSA_CRHBYTES])
{
  mldsa_poly_t *ptr[15];
  u16 nonce[15];
  unsigned int i, n = p->l + p->k;

  for (i = 0; i < n; i++)
    {
      ptr[i] = i < p->l ? s1 + i : s2 + (i - p->l);
      nonce[i] = i;
    }
  sample_polys (SAMPLE_ETA, ptr, nonce, n, rhoprime, p->eta, NULL);
}

/* ExpandMask (Algorithm 34): y[j] from rho'' and nonce kappa + j.  */
static void
expand_mask (const mldsa_params_t *p, mldsa_poly_t *y,
             const byte rhopp[MLDSA_CRHBYTES], unsigned int kappa)
{
  mldsa_poly_t *ptr[8];
  u16 nonce[8];
  unsigned int j;

  for (j = 0; j < p->l; j++)
    {
      ptr[j] = y + j;
      nonce[j] = (u16)(kappa + j);
    }
  sample_polys (SAMPLE_GAMMA1, ptr, nonce, p->l, rhopp, p->gamma1, NULL);
}

gpg_err_code_t
_gcry_mldsa_keygen_internal (const mldsa_params_t *p, byte *pk, byte *sk,
                             const byte xi[MLDSA_XI_LEN])
{
  byte seedbuf[MLDSA_SEEDBYTES + 2];
  byte expanded[2 * MLDSA_SEEDBYTES + MLDSA_CRHBYTES];
  const byte *rho, *rhoprime, *key;
  mldsa_poly_t *rows, *s1, *s2, *s1hat, *t;
  void *mem, *smem;
  byte *o;
  unsigned int i;

  mem = ws_alloc (keygen_npolys (p));
  smem = mem ? ws_alloc_secure (keygen_secret_npolys (p)) : NULL;
  if (!smem)
    {
      gpg_err_code_t ec = gpg_err_code_from_syserror ();

      xfree (mem);
      return ec;
    }
  rows = ws_align (mem);
  s1 = ws_align (smem);
  s2 = s1 + p->l;
  s1hat = s2 + p->k;
  t = s1hat + p->l;

  /* (rho, rho', K) = H (xi || k || l, 128), Algorithm 6 line 1.  */
  memcpy (seedbuf, xi, MLDSA_SEEDBYTES);
  seedbuf[MLDSA_SEEDBYTES] = p->k;
  seedbuf[MLDSA_SEEDBYTES + 1] = p->l;
  _gcry_shake256 (expanded, sizeof expanded, seedbuf, sizeof seedbuf);
  rho = expanded;
  rhoprime = expanded + MLDSA_SEEDBYTES;
  key = expanded + MLDSA_SEEDBYTES + MLDSA_CRHBYTES;

  expand_s (p, s1, s2, rhoprime);

  /* skEncode (Algorithm 24): rho || K || tr || s1 || s2 || t0, with tr
     filled in once pk is complete.  */
  o = sk;
  memcpy (o, rho, MLDSA_SEEDBYTES);
  o += MLDSA_SEEDBYTES;
  memcpy (o, key, MLDSA_SEEDBYTES);
  o += MLDSA_SEEDBYTES + MLDSA_TR_LEN;
  for (i = 0; i < p->l; i++, o += p->polyeta_bytes)
    pack_eta (o, s1 + i, p->eta);
  for (i = 0; i < p->k; i++, o += p->polyeta_bytes)
    pack_eta (o, s2 + i, p->eta);

  /* pkEncode (Algorithm 22): rho || t1; tr = H (pk, 64).  */
  memcpy (pk, rho, MLDSA_SEEDBYTES);
  compute_t (p, rho, s1, s2, s1hat, rows, t, pk, o,
             sk + 2 * MLDSA_SEEDBYTES);

  ws_free (mem, keygen_npolys (p));
  ws_free (smem, keygen_secret_npolys (p));
  wipememory (seedbuf, sizeof seedbuf);
  wipememory (expanded, sizeof expanded);
  return 0;
}


/*
 * Secret key decoding (skDecode, Algorithm 25) with range check.
 */

typedef struct
{
  const byte *rho, *key, *tr;
  const byte *s1, *s2, *t0;     /* Packed vectors.  */
} sk_parts_t;

static void
sk_split (const mldsa_params_t *p, const byte *sk, sk_parts_t *r)
{
  r->rho = sk;
  r->key = sk + MLDSA_SEEDBYTES;
  r->tr = sk + 2 * MLDSA_SEEDBYTES;
  r->s1 = r->tr + MLDSA_TR_LEN;
  r->s2 = r->s1 + p->l * p->polyeta_bytes;
  r->t0 = r->s2 + p->k * p->polyeta_bytes;
}


/*
 * Signing.
 */

/* Bound of the rejection loop of Sign_internal.  FIPS 204 Appendix C
   allows an implementation to stop after a fixed number of iterations
   and return an error, if that number is at least 814; a valid key
   then practically never reaches the bound.  With a
   secret key that decodes but is inconsistent (e.g. a t0 that does not
   belong to s1 and s2) almost every iteration may be rejected; without
   a bound signing would then run for a long time, and since the mask
   counter kappa is 16 bits wide in ExpandMask, the masks y would
   repeat after 65536 / l iterations and the loop would never end.
   814 * l < 65536 for every set, so kappa never wraps here.  */
#define MLDSA_SIGN_MAX_ITERATIONS 814

/* Lines 11 and 15 of Sign_internal in one multi-stream run (keccak.h):
 * the mask Y = ExpandMask (rho'', KAPPA) (Algorithm 34: l SHAKE256
 * streams of rho'' || IntegerToBytes (KAPPA + r, 2), polyz_bytes each,
 * then BitUnpacked) and, if CHBUF is not NULL, the c~ =
 * H (mu || w1Encode (w1)) of CHLEN bytes at CHBUF to CTILDE.
 *
 * Where the kernel set has 8-way samplers (AVX2, AVX-512), signing
 * samples the next iteration's mask with this iteration's c~ (see the
 * loop), and the scheduler packs the l + 1 streams: with AVX2, whose
 * 8-way permutation is two 4-way ones, into 4-way calls (the chain of
 * c~ would make 8-way calls as many), ML-DSA-65 taking 8 calls for c~
 * (7 blocks) and the mask (5 streams of 5) where the batch samplers
 * took 5 4-way calls, 5 single ones and c~ 7 more single ones; with
 * AVX-512 into 8-way calls, as many as the chain of c~, except on
 * Intel cores, whose 8-way call costs 1.4 4-way ones: there all three
 * parameter sets take 4-way calls (ML-DSA-87: 11 for the 44
 * permutations, whose 9 8-way calls would cost more).  The mask of an
 * accepted iteration is wasted.
 * Every buffer here holds secrets and is wiped, like the sampling
 * buffers of the batch samplers (on the stack too, under the callers'
 * burn).  */
static void
mask_run (const mldsa_params_t *p, mldsa_poly_t *y,
          const byte rhopp[MLDSA_CRHBYTES], unsigned int kappa,
          const byte *chbuf, size_t chlen, byte *ctilde)
{
  keccak_stream_t st[8];
  byte seed[7][MLDSA_CRHBYTES + 2];
  /* l <= 7 masks of at most 640 bytes, and the 16 bytes unpack_gamma1
     may read past the last.  */
  byte buf[7 * 640 + 16];
  unsigned int j, n = 0;

  /* The longest chain first.  */
  if (chbuf)
    {
      _gcry_keccak_stream_init (&st[n], KECCAK_SHAKE256, chbuf, chlen,
                                ctilde, p->ctildelen);
      _gcry_keccak_stream_last (&st[n++]);
    }
  for (j = 0; j < p->l; j++)
    {
      memcpy (seed[j], rhopp, MLDSA_CRHBYTES);
      seed[j][MLDSA_CRHBYTES] = (byte)(kappa + j);
      seed[j][MLDSA_CRHBYTES + 1] = (byte)((kappa + j) >> 8);
      _gcry_keccak_stream_init (&st[n], KECCAK_SHAKE256, seed[j],
                                sizeof seed[j], buf + j * p->polyz_bytes,
                                p->polyz_bytes);
      _gcry_keccak_stream_last (&st[n++]);
    }
  _gcry_keccak_multi_run (st, n);
  for (j = 0; j < p->l; j++)
    unpack_gamma1 (&y[j], buf + j * p->polyz_bytes, p->gamma1);
  wipememory (st, n * sizeof st[0]);
  wipememory (seed, p->l * sizeof seed[0]);
  wipememory (buf, p->l * p->polyz_bytes);
}

#ifdef USE_MLKEM
/*
 * c s1 and c s2 in ML-KEM's ring.
 *
 * c has tau coefficients +-1 and the rest 0, and |s| <= eta, so every
 * coefficient of c s1 and c s2 in Z[x]/(x^256 + 1) is at most
 * tau eta <= 196 (ML-DSA-65: 49 * 4) in absolute value, far below
 * (3329 - 1) / 2.  ML-KEM's ring is Z_3329[x]/(x^256 + 1), the same
 * polynomial modulus, so the product computed there, taken in
 * (-3329/2, 3329/2], is the exact integer product, which is what
 * lines 21-22 of FIPS 204 Algorithm 7 need modulo q.  ML-KEM's
 * transforms work on 16-bit lanes, twice as many per vector as
 * ML-DSA's 32-bit ones, and take a third of their time (Zen 4,
 * AVX-512: 180 against 568 cycles per transform).  c t0 (up to
 * tau 2^12) stays in ML-DSA's ring.
 */

/* s in ML-KEM's NTT domain and its base multiplication cache; lives
   in the slot of a polynomial of the signing workspace (768 of its
   1024 bytes).  */
typedef struct
{
  mlkem_poly_ntt p;
  mlkem_poly_mulcache c;
} small_ntt_t;

/* The scratch slot of signing: NTT (c) in ML-KEM's ring and a base
   product, 1024 bytes.  */
typedef struct
{
  mlkem_poly_ntt c;
  mlkem_poly_ntt prod;
} small_scratch_t;

/* R = NTT (A) in ML-KEM's ring, T scratch.  In: |a| < 3329 (ML-KEM's
   NTT contract; c and s are far smaller).  */
static void
small_ntt_of (const mlkem_ops_t *kops, mlkem_poly_ntt *r, const s32 *a,
              mlkem_poly *t)
{
  unsigned int j;

  for (j = 0; j < MLDSA_N; j++)
    t->coeffs[j] = (s16)a[j];
  kops->ntt (r, t);
}

/* Move the polynomial in slot A to ML-KEM's NTT domain in the same
   slot, as a small_ntt_t with its cache; T is scratch.  */
static void
small_ntt (const mlkem_ops_t *kops, mldsa_poly_t *a, mlkem_poly *t)
{
  small_ntt_t *r = (small_ntt_t *)a;

  small_ntt_of (kops, &r->p, a->coeffs, t);
  kops->mulcache_compute (&r->c, &r->p);
}

/* The representatives in (-3329/2, 3329/2] of R's coefficients,
   |r| < 3329, in place; no branch on them (the compares compile to
   masks, 16-bit lanes).  */
static void
small_lift (mlkem_poly *r)
{
  unsigned int j;

  for (j = 0; j < MLKEM_N; j++)
    {
      s16 a = r->coeffs[j];

      a -= MLKEM_Q & -(s16)(a > MLKEM_Q / 2);
      a += MLKEM_Q & -(s16)(a < -(MLKEM_Q / 2));
      r->coeffs[j] = a;
    }
}

/* R = c s mod 3329 (|r| < 3329, in the normal domain) from the
   NTT-domain c in SC and s in S; its representative in
   (-3329/2, 3329/2] is the exact product (small_lift, or inside
   add16_chknorm).  SC->prod is scratch.  */
static void
small_product (const mlkem_ops_t *kops, mlkem_poly *r, small_scratch_t *sc,
               const small_ntt_t *s)
{
  kops->basemul_acc (&sc->prod, &sc->c, &s->p, &s->c, 1);
  kops->invntt_tomont (r, &sc->prod);
}

/* A = A + B, or A - B with SUB, for B from small_product, lifted to
   the exact product (so A needs no reduction), then chknorm (A,
   BOUND): the kernel set's fused pass where it has one (which lifts B
   itself; B is scratch).  */
static int
small_add_chknorm (const mldsa_ops_t *ops, mldsa_poly_t *a,
                   mlkem_poly *b, int sub, s32 bound)
{
  unsigned int j;

  if (ops->add16_chknorm)
    return ops->add16_chknorm (a, b->coeffs, sub, bound);
  small_lift (b);
  if (sub)
    for (j = 0; j < MLDSA_N; j++)
      a->coeffs[j] -= b->coeffs[j];
  else
    for (j = 0; j < MLDSA_N; j++)
      a->coeffs[j] += b->coeffs[j];
  return ops->chknorm (a, bound);
}
#endif /*USE_MLKEM*/

/* See mldsa.h.  */
gpg_err_code_t
_gcry_mldsa_small_mul_test (s32 r[MLDSA_N], const s32 c[MLDSA_N],
                            const s32 s[MLDSA_N])
{
#ifdef USE_MLKEM
  const mlkem_ops_t *kops = _gcry_mlkem_current_ops ();
  mldsa_poly_t sp MLDSA_ALIGN (64);
  small_scratch_t sc MLDSA_ALIGN (64);
  mlkem_poly t MLDSA_ALIGN (64);
  unsigned int j;

  memcpy (sp.coeffs, s, sizeof sp.coeffs);
  small_ntt (kops, &sp, &t);
  small_ntt_of (kops, &sc.c, c, &t);
  small_product (kops, &t, &sc, (small_ntt_t *)&sp);
  small_lift (&t);
  for (j = 0; j < MLDSA_N; j++)
    r[j] = t.coeffs[j];
  return 0;
#else
  (void)r;
  (void)c;
  (void)s;
  return GPG_ERR_NOT_SUPPORTED;
#endif
}

/* HintBitPack (FIPS 204 Algorithm 20) of the k hint polynomials H
 * (coefficients 0 or nonzero, at most omega of them nonzero) to the
 * omega + k bytes at Y, a row at a time by the kernel set's
 * hint_pack_row if it has one (0.3k TSC ticks per ML-DSA-44
 * signature with VBMI2, 0.5k with AVX2).  The portable loop stores
 * every index and advances the count by the bit: the bits fall at
 * random, so testing them (even eight at a time) mispredicted often:
 * 3.2-4.3k TSC ticks per signature on a Sapphire Rapids against
 * 1.2-1.5k (a 64-bit mask per block walked with ctz, 1.1-1.2k; the
 * same walk without branches, a fixed omega + k N / 64 steps, 1.3k).
 * IDX stays <= omega; a store at index omega lands on the first count
 * byte, and the last store beyond the hints on a byte that must be
 * zero: both are written after the loop.
 * The hints are public once the signature is accepted, but the stores
 * go to addresses that depend on them: the constant-time check under
 * valgrind (.ci/run, step valgrind) expects exactly this function's
 * own reports (and those of the AVX2 row kernel), hence it is never
 * inlined.  */
static GCC_ATTR_NOINLINE void
hint_bit_pack (const mldsa_params_t *p, byte *y, const mldsa_poly_t *h)
{
  unsigned int ends[MLDSA_K_MAX];
  unsigned int i, j, idx = 0;

  if (mldsa_ops->hint_pack_row)
    {
      /* At most omega indices in all, and a row's kernel may write 8
         bytes past its last one: BUF has room.  The bytes past the
         last index are then zeroed without a branch on the count.  */
      byte buf[MLDSA_OMEGA_MAX + 8];

      for (i = 0; i < p->k; i++)
        {
          idx += mldsa_ops->hint_pack_row (buf + idx, &h[i]);
          y[p->omega + i] = (byte)idx;
        }
      for (j = 0; j < p->omega; j++)
        y[j] = buf[j] & (byte)(0 - ((j - idx) >> (8 * sizeof j - 1)));
      return;
    }
  memset (y, 0, p->omega + p->k);
  for (i = 0; i < p->k; i++)
    {
      for (j = 0; j < MLDSA_N; j++)
        {
          y[idx] = (byte)j;
          idx += h[i].coeffs[j] != 0;
        }
      ends[i] = idx;
    }
  y[idx] = 0;
  for (i = 0; i < p->k; i++)
    y[p->omega + i] = (byte)ends[i];
}

gpg_err_code_t
_gcry_mldsa_sign_internal (const mldsa_params_t *p, byte *sig,
                           const byte *sk, const mldsa_mprime_t *m,
                           const byte rnd[MLDSA_RND_LEN])
{
  const mldsa_ops_t *ops = mldsa_ops;
  const unsigned int k = p->k, l = p->l;
  gpg_err_code_t ec = 0;
  sk_parts_t parts;
  byte mu[MLDSA_MU_LEN];
  byte rhopp[MLDSA_CRHBYTES];
  byte chbuf[MLDSA_W1BUF_LEN];
  keccak_ctx_t ctx;
  mldsa_poly_t *mat, *s1hat, *s2hat, *t0hat, *y, *yhat, *w1, *w0, *cp, *tmp;
#ifdef USE_MLKEM
  /* c s1 and c s2 in ML-KEM's ring (small_product): its kernel set,
     or NULL for ML-DSA's own transforms.  Then s1hat and s2hat hold
     small_ntt_t, SC is the extra scratch slot and R16 the product,
     in TMP's slot.  */
  const mlkem_ops_t *kops = mldsa_small_mul ? _gcry_mlkem_current_ops () : NULL;
  small_scratch_t *sc;
  mlkem_poly *r16;
#endif
  void *mem, *smem, *ymem;
  unsigned int iter, kappa, chlen = MLDSA_MU_LEN + k * p->polyw1_bytes;
  /* With 8-way samplers, or 4-way ones as cheap as a single
     permutation, the next mask is sampled early, see line 15 and
     mask_run.  */
  const int pipelined = mldsa_width == 8 || mldsa_cheap_batch;
  u32 bad = 0;
  unsigned int i, j;

  mem = ws_alloc (sign_npolys (p));
  smem = mem ? ws_alloc_secure (sign_secret_npolys (p)) : NULL;
  ymem = smem ? ws_alloc_secure (sign_mask_npolys (p)) : NULL;
  if (!ymem)
    {
      ec = gpg_err_code_from_syserror ();
      xfree (smem);
      xfree (mem);
      return ec;
    }
  mat = ws_align (mem);
  s1hat = ws_align (smem);
  s2hat = s1hat + l;
  t0hat = s2hat + k;
  cp = t0hat + k;
  tmp = cp + 1;
#ifdef USE_MLKEM
  sc = (small_scratch_t *)(tmp + 1);
  r16 = (mlkem_poly *)tmp;
#endif
  y = ws_align (ymem);
  yhat = y + l;
  w1 = yhat + l;
  w0 = w1 + k;

  /* Lines 1-5: decode sk and move s1, s2, t0 to the NTT domain (s1
     and s2 to ML-KEM's where c s1 and c s2 are computed there).  */
#ifdef USE_MLKEM
# define SIGN_S_NTT(a) \
  do { if (kops) small_ntt (kops, (a), r16); else ops->ntt (a); } while (0)
#else
# define SIGN_S_NTT(a) ops->ntt (a)
#endif
  sk_split (p, sk, &parts);
  for (i = 0; i < l; i++)
    {
      bad |= unpack_eta (&s1hat[i], parts.s1 + i * p->polyeta_bytes, p->eta);
      SIGN_S_NTT (&s1hat[i]);
    }
  for (i = 0; i < k; i++)
    {
      bad |= unpack_eta (&s2hat[i], parts.s2 + i * p->polyeta_bytes, p->eta);
      SIGN_S_NTT (&s2hat[i]);
      unpack_t0 (&t0hat[i], parts.t0 + i * POLYT0_BYTES);
      ops->ntt (&t0hat[i]);
    }
#undef SIGN_S_NTT
  if (bad)
    {
      ec = GPG_ERR_BAD_SECKEY;
      goto leave;
    }
  expand_a (p, mat, parts.rho);

  /* Lines 6-7: mu = H (tr || M'), rho'' = H (K || rnd || mu).  */
  compute_mu (mu, parts.tr, m);
  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, parts.key, MLDSA_SEEDBYTES);
  _gcry_keccak_absorb (&ctx, rnd, MLDSA_RND_LEN);
  _gcry_keccak_absorb (&ctx, mu, MLDSA_MU_LEN);
  _gcry_keccak_squeeze (&ctx, rhopp, MLDSA_CRHBYTES);

  for (iter = 0, kappa = 0; ; iter++, kappa += l)
    {
      byte *hints = sig + p->ctildelen + l * p->polyz_bytes;
      unsigned int nhints;

      if (iter == MLDSA_SIGN_MAX_ITERATIONS)
        {
          /* Not a key FIPS 204 KeyGen can produce (see above).  The
             signature buffer holds the challenge of a rejected
             iteration: wipe it with the workspace.  */
          wipememory (sig, p->sig_len);
          ec = GPG_ERR_BAD_SECKEY;
          goto leave;
        }

      /* Line 11: y = ExpandMask (rho'', kappa), unless the previous
         iteration sampled it already.  */
      if (pipelined && !iter)
        mask_run (p, y, rhopp, kappa, NULL, 0, NULL);
      else if (!pipelined)
        expand_mask (p, y, rhopp, kappa);

      /* Lines 12-13: w = NTT^-1 (A o NTT (y)), (w1, w0) = Decompose
         (w); decompose takes the inverse NTT's |w| < q as it is.  */
      poly_copy (yhat, y, l);
      for (j = 0; j < l; j++)
        ops->ntt (&yhat[j]);
      for (i = 0; i < k; i++)
        {
          ops->pointwise_acc (&w1[i], mat + i * l, yhat, l);
          ops->invntt_tomont (&w1[i]);
          ops->decompose (&w1[i], &w0[i], &w1[i], p->gamma2);
        }

      /* Line 15: c~ = H (mu || w1Encode (w1)).  When PIPELINED,
         this hash runs with the next iteration's ExpandMask (l <= 7
         streams, mask_run), sampled now into yhat, which is free
         until then: most iterations are rejected, and the hash alone
         would take as many calls.  */
      memcpy (chbuf, mu, MLDSA_MU_LEN);
      for (i = 0; i < k; i++)
        pack_w1 (chbuf + MLDSA_MU_LEN + i * p->polyw1_bytes, &w1[i],
                 p->gamma2);
      if (pipelined)
        mask_run (p, yhat, rhopp, kappa + l, chbuf, chlen, sig);
      else
        {
          _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE256,
                                 KECCAK_DS_SHAKE);
          _gcry_keccak_absorb (&ctx, chbuf, chlen);
          _gcry_keccak_squeeze (&ctx, sig, p->ctildelen);
        }

      /* Lines 16-18.  */
      ops->poly_challenge (cp, sig, p->ctildelen, p->tau);
#ifdef USE_MLKEM
      /* With c s1 and c s2 in ML-KEM's ring, c in ML-DSA's NTT domain
         serves only c t0, which most attempts do not reach: its NTT
         waits for them (ML-DSA-44 signing about 2% faster).  */
      if (kops)
        small_ntt_of (kops, &sc->c, cp->coeffs, r16);
      else
#endif
        ops->ntt (cp);

      /* Lines 19-23.  The checks are done in the order that rejects
         soonest on average: the r0 bound fails in about 57-68% of the
         iterations, the z bound in 34-46% (FIPS 204 Table 1 sets), and
         the order does not change the result.

         r0 = LowBits (w - c s2) = w0 - c s2 (no carry into w1 once
         ||w0 - c s2|| < gamma2 - beta is checked).  */
      for (i = 0; i < k; i++)
        {
#ifdef USE_MLKEM
          if (kops)
            {
              /* c s2 mod 3329, centred by small_add_chknorm, is exact
                 (|c s2| <= tau eta), so |w0 - c s2| <= gamma2 + 196
                 < 2^22: already the centred residue, which reduce
                 would leave as it is.  */
              small_product (kops, r16, sc, (small_ntt_t *)&s2hat[i]);
              if (small_add_chknorm (ops, &w0[i], r16, 1,
                                     p->gamma2 - p->beta))
                goto retry;
              continue;
            }
#endif
          ops->pointwise (tmp, cp, &s2hat[i]);
          ops->invntt_tomont (tmp);
          for (j = 0; j < MLDSA_N; j++)
            w0[i].coeffs[j] -= tmp->coeffs[j];
          ops->reduce (&w0[i]);
          if (ops->chknorm (&w0[i], p->gamma2 - p->beta))
            goto retry;
        }

      /* z = y + c s1, reject if ||z|| >= gamma1 - beta.  z overwrites
         y (a retry samples y afresh).  */
      for (j = 0; j < l; j++)
        {
#ifdef USE_MLKEM
          if (kops)
            {
              /* Exact as above: |y + c s1| <= gamma1 + 196.  */
              small_product (kops, r16, sc, (small_ntt_t *)&s1hat[j]);
              if (small_add_chknorm (ops, &y[j], r16, 0,
                                     p->gamma1 - p->beta))
                goto retry;
              continue;
            }
#endif
          ops->pointwise (tmp, cp, &s1hat[j]);
          ops->invntt_tomont (tmp);
          for (i = 0; i < MLDSA_N; i++)
            y[j].coeffs[i] += tmp->coeffs[i];
          ops->reduce (&y[j]);
          if (ops->chknorm (&y[j], p->gamma1 - p->beta))
            goto retry;
        }

      /* Lines 25-28: c t0, its norm and the hint.  The hint bits
         overwrite w0 (no longer needed); they are packed only once
         the signature is accepted, because until then they are
         secret.  */
#ifdef USE_MLKEM
      if (kops)
        ops->ntt (cp);
#endif
      nhints = 0;
      for (i = 0; i < k; i++)
        {
          ops->pointwise (tmp, cp, &t0hat[i]);
          ops->invntt_tomont (tmp);
          /* w0 is rewritten by the next attempt if this one fails.  */
          if (add_reduce_chknorm (ops, &w0[i], tmp, p->gamma2))
            goto retry;
          nhints += ops->make_hint (&w0[i], &w0[i], &w1[i], p->gamma2);
          if (nhints > p->omega)
            goto retry;
        }

      /* Accepted: HintBitPack (Algorithm 20); the hints are now part
         of the public signature.  */
      hint_bit_pack (p, hints, w0);

      /* Line 33: sigEncode (Algorithm 26); c~ is already in place.  */
      for (j = 0; j < l; j++)
        pack_z (sig + p->ctildelen + j * p->polyz_bytes, &y[j], p->gamma1);
      break;

    retry:
      if (pipelined)
        {
          /* The next y is in yhat.  */
          mldsa_poly_t *t = y;

          y = yhat;
          yhat = t;
        }
    }

 leave:
  _gcry_keccak_ctx_wipe (&ctx);
  wipememory (mu, sizeof mu);
  wipememory (rhopp, sizeof rhopp);
  wipememory (chbuf, sizeof chbuf);
  ws_free (mem, sign_npolys (p));
  ws_free (smem, sign_secret_npolys (p));
  ws_free (ymem, sign_mask_npolys (p));
  return ec;
}


/*
 * Verification.
 */

/* For verification, once the side stream of tr = H (pk) in TRCTX is
   done (or with an external mu): squeeze tr, compute mu into MU and
   CHBUF, and start the side stream CHSIDE (sponge CHCTX) of
   H (mu || w1Encode (w1')) with the NROWS rows of w1' already packed
   in CHBUF.  */
static void
verify_start_challenge (const mldsa_params_t *p, const mldsa_mprime_t *m,
                        keccak_ctx_t *trctx, byte tr[MLDSA_TR_LEN],
                        byte mu[MLDSA_MU_LEN], byte *chbuf,
                        unsigned int nrows, mldsa_side_t *chside,
                        keccak_ctx_t *chctx)
{
  if (!m->mu)
    _gcry_keccak_squeeze (trctx, tr, MLDSA_TR_LEN);
  compute_mu (mu, tr, m);
  memcpy (chbuf, mu, MLDSA_MU_LEN);
  mldsa_side_init (chside, chctx, chbuf,
                   MLDSA_MU_LEN + nrows * p->polyw1_bytes);
}

gpg_err_code_t
_gcry_mldsa_verify_internal (const mldsa_params_t *p,
                             const byte *pk, size_t pklen,
                             const mldsa_mprime_t *m,
                             const byte *sig, size_t siglen)
{
  const mldsa_ops_t *ops = mldsa_ops;
  const unsigned int k = p->k, l = p->l;
  gpg_err_code_t ec = 0;
  const byte *hints;
  byte tr[MLDSA_TR_LEN];
  byte mu[MLDSA_MU_LEN];
  byte ctilde2[64];
  byte chbuf[MLDSA_W1BUF_LEN];
  keccak_ctx_t trctx, chctx;
  mldsa_side_t side, chside;
  int chstarted = 0;
  mldsa_poly_t *zhat, *row, *cp, *w, *t1hat, *h;
  a_stream_t as;
  void *mem;
  unsigned int i, j;

  if (pklen != p->pk_len)
    return GPG_ERR_BAD_PUBKEY;
  if (siglen != p->sig_len)
    return GPG_ERR_BAD_SIGNATURE;
  hints = sig + p->ctildelen + l * p->polyz_bytes;
  if (!hint_check (p, hints))
    return GPG_ERR_BAD_SIGNATURE;

  mem = ws_alloc (verify_npolys (p));
  if (!mem)
    return gpg_err_code_from_syserror ();
  zhat = ws_align (mem);
  t1hat = zhat + l;
  row = t1hat + 1;
  cp = row + l;
  w = row + A_STREAM_ROWS * (l + 1);
  h = w + 1;

  /* z and its norm (Algorithm 8 line 13), checked before any work.
     The hint section follows z (omega + k >= 84 bytes), so the kernel
     may read 16 bytes past each packed polynomial.  */
  for (j = 0; j < l; j++)
    {
      const byte *zp = sig + p->ctildelen + j * p->polyz_bytes;

      unpack_gamma1 (&zhat[j], zp, p->gamma1);
      if (ops->chknorm (&zhat[j], p->gamma1 - p->beta))
        {
          ec = GPG_ERR_BAD_SIGNATURE;
          goto leave;
        }
      ops->ntt (&zhat[j]);
    }

  /* c 2^d instead of t1 2^d of line 9: the NTT is linear, so
     NTT (c 2^d) o NTT (t1) = NTT (c) o NTT (t1 2^d), and |c 2^d| <=
     2^13 < q meets the NTT's input bound.  One scaling instead of one
     per row.  The product is subtracted as one more term of the sum
     over A o NTT (z): -NTT (c 2^d), reduced below q as pointwise_acc
     wants its first factors, follows the row of A in each slot of the
     row stream (l + 1 <= 8 terms), and NTT (t1) follows NTT (z).  */
  ops->poly_challenge (cp, sig, p->ctildelen, p->tau);
  for (j = 0; j < MLDSA_N; j++)
    cp->coeffs[j] *= 1 << MLDSA_D;
  ops->ntt (cp);
  ops->reduce (cp);
  for (j = 0; j < MLDSA_N; j++)
    cp->coeffs[j] = -cp->coeffs[j];
  for (i = 1; i < A_STREAM_ROWS; i++)
    cp[i * (l + 1)] = *cp;

  /* Lines 9-12, one row at a time:
     w'_approx = NTT^-1 (A o NTT (z) - NTT (c 2^d) o NTT (t1)),
     w1' = UseHint (h, w'_approx), encoded after mu in CHBUF.
     Line 6, tr = H (pk) (15 Keccak calls for ML-DSA-65), rides in a
     spare lane of the samplers of A (see sample_polys).  With 8-way
     samplers, once tr is done, mu = H (tr || M') (line 7) follows,
     and line 12's c~' = H (mu || w1Encode (w1')) rides in the spare
     lanes of the remaining rows, absorbing the rows of w1' packed so
     far.  Not at width 4, even where that call costs a single
     permutation (mldsa_cheap_batch): groups of three entries made
     verification 3-4% slower on Zen 4 than the hash alone after the
     last row.  */
  as.p = p;
  as.rho = pk;
  as.buf = row;
  as.stride = l + 1;
  as.next = 0;
  as.side_if_spare = 0;
  as.side = NULL;
  if (!m->mu)
    {
      mldsa_side_init (&side, &trctx, pk, p->pk_len);
      as.side = &side;
    }
  for (i = 0; i < k; i++)
    {
      if (!chstarted && mldsa_width == 8 && (m->mu || side.done))
        {
          verify_start_challenge (p, m, &trctx, tr, mu, chbuf, i, &chside,
                                  &chctx);
          chside.more = 1;
          as.side = &chside;
          chstarted = 1;
        }
      unpack_t1 (t1hat, pk + MLDSA_SEEDBYTES + i * POLYT1_BYTES);
      ops->ntt (t1hat);
      ops->pointwise_acc (w, a_stream_row (&as, i), zhat, l + 1);
      ops->invntt_tomont (w);

      /* use_hint takes the inverse NTT's |w| < q as it is.  */
      hint_row (p, h, hints, i);
      ops->use_hint (w, w, h, p->gamma2);
      pack_w1 (chbuf + MLDSA_MU_LEN + i * p->polyw1_bytes, w, p->gamma2);
      if (chstarted)
        chside.inlen += p->polyw1_bytes;
    }
  if (!chstarted)
    {
      if (!m->mu)
        mldsa_side_finish (&side);
      verify_start_challenge (p, m, &trctx, tr, mu, chbuf, k, &chside,
                              &chctx);
    }
  mldsa_side_finish (&chside);
  _gcry_keccak_squeeze (&chctx, ctilde2, p->ctildelen);

  /* Line 13: c~ = c~'.  Public data, an ordinary compare is fine.  */
  if (memcmp (ctilde2, sig, p->ctildelen))
    ec = GPG_ERR_BAD_SIGNATURE;

 leave:
  ws_free (mem, verify_npolys (p));
  return ec;
}


/*
 * Secret key check.
 */

gpg_err_code_t
_gcry_mldsa_check_secret_key (const mldsa_params_t *p, const byte *sk,
                              const byte *pk)
{
  gpg_err_code_t ec = 0;
  sk_parts_t parts;
  mldsa_poly_t *rows, *s1, *s2, *s1hat, *t;
  byte *pkbuf = NULL, *t0buf = NULL;
  byte tr[MLDSA_TR_LEN];
  void *mem, *smem;
  u32 bad = 0;
  unsigned int i;

  mem = ws_alloc (keygen_npolys (p));
  smem = ws_alloc_secure (keygen_secret_npolys (p));
  pkbuf = xtrymalloc (p->pk_len);
  t0buf = xtrymalloc_secure (p->k * POLYT0_BYTES);
  if (!mem || !smem || !pkbuf || !t0buf)
    {
      ec = gpg_err_code_from_syserror ();
      goto leave;
    }
  rows = ws_align (mem);
  s1 = ws_align (smem);
  s2 = s1 + p->l;
  s1hat = s2 + p->k;
  t = s1hat + p->l;

  sk_split (p, sk, &parts);
  for (i = 0; i < p->l; i++)
    bad |= unpack_eta (s1 + i, parts.s1 + i * p->polyeta_bytes, p->eta);
  for (i = 0; i < p->k; i++)
    bad |= unpack_eta (s2 + i, parts.s2 + i * p->polyeta_bytes, p->eta);
  if (bad)
    {
      ec = GPG_ERR_BAD_SECKEY;
      goto leave;
    }
  memcpy (pkbuf, parts.rho, MLDSA_SEEDBYTES);
  compute_t (p, parts.rho, s1, s2, s1hat, rows, t, pkbuf, t0buf, tr);
  if (!ct_memequal (t0buf, parts.t0, p->k * POLYT0_BYTES)
      || !ct_memequal (tr, parts.tr, MLDSA_TR_LEN)
      || (pk && memcmp (pk, pkbuf, p->pk_len)))
    ec = GPG_ERR_BAD_SECKEY;

 leave:
  ws_free (mem, keygen_npolys (p));
  ws_free (smem, keygen_secret_npolys (p));
  if (t0buf)
    {
      wipememory (t0buf, p->k * POLYT0_BYTES);
      xfree (t0buf);
    }
  xfree (pkbuf);
  return ec;
}


/*
 * Known-answer self-test.
 */

/* First step of the accumulated test of issue 4 / tests/t-mldsa.c:
   xi = the first 32 bytes of SHAKE128 (""), (pk, sk) =
   KeyGen_internal (xi), sig = Sign_internal (sk, M' = 00 00,
   rnd = 0), expected = SHAKE128 (pk || sig) truncated to 32 bytes.  */
static const byte mldsa_selftest_kat[MLDSA_NALGS][32] =
  {
    { 0xc5, 0x2f, 0x32, 0x8d, 0x2a, 0xfa, 0x9e, 0x9d,
      0xb7, 0x3e, 0x66, 0xbb, 0xfd, 0xbc, 0xeb, 0x9c,
      0xfd, 0x80, 0x12, 0xc9, 0xf2, 0xee, 0x90, 0x9a,
      0xe4, 0xfd, 0xd3, 0x65, 0x74, 0x88, 0x52, 0x5f },
    { 0x5b, 0xc9, 0xcb, 0xab, 0x41, 0x95, 0xc9, 0x35,
      0xa9, 0x7e, 0xef, 0x64, 0x6a, 0xa2, 0xeb, 0xca,
      0x53, 0x0e, 0xe4, 0x93, 0x6e, 0x1d, 0xa4, 0xbf,
      0x68, 0x73, 0xd9, 0x64, 0x4f, 0xce, 0x9d, 0x46 },
    { 0xbb, 0x57, 0xb7, 0x8d, 0x4b, 0xdb, 0xbe, 0xf3,
      0x59, 0xdc, 0x85, 0x0b, 0x89, 0x76, 0x62, 0x02,
      0xa7, 0xb3, 0x71, 0xac, 0x42, 0x25, 0x6b, 0x11,
      0x10, 0xa6, 0xcc, 0xbf, 0xa3, 0xc4, 0x97, 0xca }
  };

gpg_err_code_t
_gcry_mldsa_selftest (mldsa_alg_t alg, const char **r_what)
{
  const mldsa_params_t *p = _gcry_mldsa_get_params (alg);
  static const byte pre[2] = { 0, 0 };
  mldsa_mprime_t m = { pre, 2, NULL, 0, NULL };
  byte xi[MLDSA_XI_LEN], rnd[MLDSA_RND_LEN], out[32];
  byte *pk = NULL, *sk = NULL, *sig = NULL;
  keccak_ctx_t ctx;
  gpg_err_code_t ec;

  *r_what = "allocation";
  pk = xtrymalloc (p->pk_len + p->sig_len);
  sk = xtrymalloc_secure (p->sk_len);
  if (!pk || !sk)
    {
      ec = gpg_err_code_from_syserror ();
      goto leave;
    }
  sig = pk + p->pk_len;
  _gcry_shake128 (xi, sizeof xi, "", 0);
  memset (rnd, 0, sizeof rnd);

  *r_what = "keygen";
  ec = _gcry_mldsa_keygen_internal (p, pk, sk, xi);
  if (ec)
    goto leave;
  *r_what = "sign";
  ec = _gcry_mldsa_sign_internal (p, sig, sk, &m, rnd);
  _gcry_burn_stack (MLDSA_STACK_BURN);
  if (ec)
    goto leave;
  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE128, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, pk, p->pk_len);
  _gcry_keccak_absorb (&ctx, sig, p->sig_len);
  _gcry_keccak_squeeze (&ctx, out, sizeof out);
  *r_what = "known answer";
  if (memcmp (out, mldsa_selftest_kat[alg], sizeof out))
    {
      ec = GPG_ERR_SELFTEST_FAILED;
      goto leave;
    }
  *r_what = "verify";
  ec = _gcry_mldsa_verify_internal (p, pk, p->pk_len, &m, sig, p->sig_len);
  if (ec)
    {
      ec = GPG_ERR_SELFTEST_FAILED;
      goto leave;
    }
  *r_what = "verify of a bad signature";
  sig[p->ctildelen] ^= 1;
  if (_gcry_mldsa_verify_internal (p, pk, p->pk_len, &m, sig, p->sig_len)
      != GPG_ERR_BAD_SIGNATURE)
    {
      ec = GPG_ERR_SELFTEST_FAILED;
      goto leave;
    }
  *r_what = NULL;

 leave:
  if (sk)
    {
      wipememory (sk, p->sk_len);
      xfree (sk);
    }
  xfree (pk);
  return ec;
}
