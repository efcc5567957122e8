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
 * standard coefficient order of NTT-domain polynomials, so it could
 * replace any subset of the entries; it replaces all of them.  The
 * arithmetic (NTT, inverse NTT, base multiplication and its cache,
 * reduce, tomont, SamplePolyCBD, ByteEncode_12/ByteDecode_12 and the
 * rejection step of SampleNTT) is in mlkem-ntt-amd64-avx2.S and
 * mlkem-poly-amd64-avx2.S; this file holds the thin wrappers and the
 * SHAKE128 driver of SampleNTT, which uses the batch sponge of
 * keccak.h (itself dispatched to AVX2 or AVX-512).  Every kernel
 * computes exactly what the portable one computes, so the two sets
 * give bit-identical results.  The front file selects this set when
 * _gcry_get_hw_features () reports HWF_INTEL_AVX2.  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "keccak.h"
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

/* ByteEncode_12 / ByteDecode_12 (FIPS 203 Algorithms 5 and 6) in the
 * standard order, in assembler.  */
static void
poly_ntt_tobytes_avx2 (byte r[MLKEM_POLYBYTES], const mlkem_poly_ntt *a)
{
  _gcry_mlkem_tobytes_avx2 (r, a->coeffs);
}

static void
poly_ntt_frombytes_avx2 (mlkem_poly_ntt *r, const byte a[MLKEM_POLYBYTES])
{
  _gcry_mlkem_frombytes_avx2 (r->coeffs, a);
}

/* The rejection step of SampleNTT (FIPS 203 Algorithm 7, lines 5-13)
 * over BUFLEN bytes of SHAKE128 output (a multiple of 3): append the
 * accepted values to R[CTR..] and return the new count; R has room
 * for MLKEM_N + 16 entries, and a count of MLKEM_N or more means done
 * (values past MLKEM_N are ignored).  The assembler takes 16
 * candidates at a time; a remainder of less than 24 bytes, which the
 * buffer sizes used here never leave, goes one by one.  The data are
 * public, so the branches are allowed.  */
static unsigned int
rej_uniform_avx2 (s16 *r, unsigned int ctr, const byte *buf,
                  unsigned int buflen)
{
  unsigned int pos = 0;

  ctr = _gcry_mlkem_rej_uniform_avx2 (r, ctr, buf, buflen, &mlkem_avx2_rej,
                                      &pos);
  for (; ctr < MLKEM_N && pos + 3 <= buflen; pos += 3)
    {
      u16 d1 = buf[pos] | ((u16)(buf[pos + 1] & 0x0f) << 8);
      u16 d2 = (buf[pos + 1] >> 4) | ((u16)buf[pos + 2] << 4);

      if (d1 < MLKEM_Q)
        r[ctr++] = d1;
      if (d2 < MLKEM_Q && ctr < MLKEM_N)
        r[ctr++] = d2;
    }
  return ctr;
}

/* Room for the overshoot of the assembler.  */
#define REJ_SLACK 16

/* Three SHAKE128 blocks (504 bytes, 336 candidates) give 256 accepted
 * values in all but a small fraction of cases; then one more block at
 * a time.  */
#define GEN_MATRIX_NBLOCKS 3

/* The 34-byte SHAKE128 input of entry E of A-hat: A-hat[i,j] =
 * SampleNTT (rho || j || i) (FIPS 203 Algorithm 13, lines 3-7); the
 * transpose (Algorithm 14) swaps the indices.  */
static void
gen_matrix_seed (byte in[MLKEM_SYMBYTES + 2], const byte rho[MLKEM_SYMBYTES],
                 unsigned int k, int transposed, unsigned int e)
{
  unsigned int i = e / k, j = e % k;

  memcpy (in, rho, MLKEM_SYMBYTES);
  in[MLKEM_SYMBYTES] = transposed ? i : j;
  in[MLKEM_SYMBYTES + 1] = transposed ? j : i;
}

/* Entries E .. E+NUSED-1 of A with one N-way SHAKE128 (N = 4 or 8,
 * NUSED <= N); the unused lanes repeat the first input and are not
 * sampled.  */
static void
gen_matrix_batch (mlkem_poly_ntt *a, const byte rho[MLKEM_SYMBYTES],
                  unsigned int k, int transposed, unsigned int e,
                  unsigned int n, unsigned int nused)
{
  keccak_batch_t b;
  byte in[KECCAK_BATCH_MAX][MLKEM_SYMBYTES + 2];
  byte buf[KECCAK_BATCH_MAX][GEN_MATRIX_NBLOCKS * KECCAK_RATE_SHAKE128];
  const byte *inp[KECCAK_BATCH_MAX];
  byte *outp[KECCAK_BATCH_MAX];
  s16 tmp[KECCAK_BATCH_MAX][MLKEM_N + REJ_SLACK];
  unsigned int ctr[KECCAK_BATCH_MAX], l, done;

  for (l = 0; l < n; l++)
    {
      gen_matrix_seed (in[l], rho, k, transposed, e + (l < nused ? l : 0));
      inp[l] = in[l];
      outp[l] = buf[l];
    }
  _gcry_keccak_batch_absorb (&b, n, KECCAK_RATE_SHAKE128, KECCAK_DS_SHAKE,
                             inp, sizeof in[0]);
  _gcry_keccak_batch_squeezeblocks (&b, outp, GEN_MATRIX_NBLOCKS);
  done = 1;
  for (l = 0; l < nused; l++)
    {
      ctr[l] = rej_uniform_avx2 (tmp[l], 0, buf[l], sizeof buf[l]);
      done &= ctr[l] >= MLKEM_N;
    }
  while (!done)
    {
      _gcry_keccak_batch_squeezeblocks (&b, outp, 1);
      done = 1;
      for (l = 0; l < nused; l++)
        {
          if (ctr[l] < MLKEM_N)
            ctr[l] = rej_uniform_avx2 (tmp[l], ctr[l], buf[l],
                                       KECCAK_RATE_SHAKE128);
          done &= ctr[l] >= MLKEM_N;
        }
    }
  for (l = 0; l < nused; l++)
    memcpy (a[e + l].coeffs, tmp[l], sizeof a[e + l].coeffs);
}

/* Entry E of A with a single SHAKE128 stream.  */
static void
gen_matrix_single (mlkem_poly_ntt *a, const byte rho[MLKEM_SYMBYTES],
                   unsigned int k, int transposed, unsigned int e)
{
  keccak_ctx_t ctx;
  byte in[MLKEM_SYMBYTES + 2];
  byte buf[GEN_MATRIX_NBLOCKS * KECCAK_RATE_SHAKE128];
  s16 tmp[MLKEM_N + REJ_SLACK];
  unsigned int ctr;

  gen_matrix_seed (in, rho, k, transposed, e);
  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE128, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, in, sizeof in);
  _gcry_keccak_squeeze (&ctx, buf, sizeof buf);
  ctr = rej_uniform_avx2 (tmp, 0, buf, sizeof buf);
  while (ctr < MLKEM_N)
    {
      _gcry_keccak_squeeze (&ctx, buf, KECCAK_RATE_SHAKE128);
      ctr = rej_uniform_avx2 (tmp, ctr, buf, KECCAK_RATE_SHAKE128);
    }
  memcpy (a[e].coeffs, tmp, sizeof a[e].coeffs);
}

/* A-hat (or its transpose), K*K entries: eight at a time while more
 * than four are left, then four, and a last single one alone (k = 2:
 * 4; k = 3: 8 + 1; k = 4: 8 + 8).  The 8-way sponge runs two 4-way
 * permutations where the hardware has no wider one, so it never costs
 * more than two 4-way batches.  */
static void
gen_matrix_ntt_avx2 (mlkem_poly_ntt *a, const byte rho[MLKEM_SYMBYTES],
                     unsigned int k, int transposed)
{
  unsigned int total = k * k, e = 0;

  while (e < total)
    {
      unsigned int left = total - e;

      if (left == 1)
        {
          gen_matrix_single (a, rho, k, transposed, e);
          e++;
        }
      else if (left > 4)
        {
          unsigned int nused = left < 8 ? left : 8;

          gen_matrix_batch (a, rho, k, transposed, e, 8, nused);
          e += nused;
        }
      else
        {
          gen_matrix_batch (a, rho, k, transposed, e, 4, left);
          e += left;
        }
    }
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
