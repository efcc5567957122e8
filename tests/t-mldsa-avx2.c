/* t-mldsa-avx2.c - Tests of the ML-DSA AVX2 kernels and tables
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

/* Checks, for the AVX2 kernel set of ML-DSA:
 *
 *  - the generated tables of cipher/mldsa-tables-avx2.h, recomputed
 *    from cipher/mldsa-tables.h (itself checked by t-mldsa) with the
 *    layout rules of cipher/gen-mldsa-avx2-tables.c;
 *  - every AVX2 kernel against the portable one: the kernels whose
 *    contract fixes only a residue and a range (transforms, pointwise
 *    products, reduce) as residues modulo q within that range (the
 *    two sets use different modular products, so their representatives
 *    differ), every other kernel (canonical outputs) word for word:
 *    zeros, extreme values at the contract bounds and random inputs,
 *    aliased arguments, and Decompose / UseHint for every 0 <= r < q
 *    (the BitUnpack of z and t1 and w1Encode are checked against
 *    FIPS 204 in t-mldsa-kernels, which runs with the AVX-512 set
 *    disabled too).
 *
 * The kernel comparisons are skipped (and say so) when the AVX2 set is
 * not compiled in or not usable (CPU or GCRYPT_PQC_HWF_DISABLE).  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g10lib.h"
#include "mldsa.h"
#include "mldsa-ops.h"
#include "mldsa-tables.h"
#include "mldsa-avx2.h"
#ifdef USE_MLDSA_AVX2
# include "mldsa-tables-avx2.h"
#endif

#define MLDSA_SIMD_TEST "t-mldsa-avx2"
#define MLDSA_SIMD_SEED 0x2545f4914f6cdd1dULL
#include "t-mldsa-simd.h"


/* The tables: recompute both from mldsa-tables.h.  */

#ifdef USE_MLDSA_AVX2
static s32
tq (s32 z)
{
  return (s32)((u32)z * (u32)MLDSA_QINV);
}

/* Write the entries of the table layout (gen-mldsa-avx2-tables.c):
   vectors of eight words.  */
static s32 *
splat (s32 *t, s32 v)
{
  int l;

  for (l = 0; l < 8; l++)
    t[l] = v;
  return t + 8;
}

static s32 *
bcast (s32 *t, s32 z)
{
  return splat (splat (t, z), shoup (z));
}

static s32 *
montv (s32 *t, s32 z, s32 zq)
{
  return splat (splat (t, z), zq);
}

/* Lane entry: lane i gets SIGN * plain (BASE + STEP * i).  */
static s32 *
lanes (s32 *t, int sign, int base, int step)
{
  int l;

  for (l = 0; l < 8; l++)
    {
      t[l] = sign * plain ((unsigned int)(base + step * l));
      t[8 + l] = shoup (t[l]);
    }
  for (l = 0; l < 8; l++)
    t[16 + l] = t[8 + (l | 1)];
  return t + 24;
}
#endif

static void
check_tables (void)
{
#ifdef USE_MLDSA_AVX2
  static s32 fwd[MLDSA_AVX2_NTT_TABLE_WORDS];
  static s32 inv[MLDSA_AVX2_INVNTT_TABLE_WORDS];
  s32 *t;
  int g, h, k, bad = 0;
  unsigned int m, l, w;

  memset (fwd, 0, sizeof fwd);
  memset (inv, 0, sizeof inv);
  /* Forward: Montgomery zetas[1], broadcast twiddles of layers 64 and
     32, then per group of 64 coefficients layers 16, 8 (broadcast)
     and 4, 2, 1 (per lane, lane i = row i of the transposed group).  */
  t = montv (fwd, mldsa_zetas[1], mldsa_zetas_qinv[1]);
  for (k = 2; k < 8; k++)
    t = bcast (t, plain (k));
  for (g = 0; g < 4; g++)
    {
      for (h = 0; h < 2; h++)
        t = bcast (t, plain (8 + 2 * g + h));
      for (h = 0; h < 4; h++)
        t = bcast (t, plain (16 + 4 * g + h));
      t = lanes (t, 1, 32 + 8 * g, 1);
      for (h = 0; h < 2; h++)
        t = lanes (t, 1, 64 + 16 * g + h, 2);
      for (h = 0; h < 4; h++)
        t = lanes (t, 1, 128 + 32 * g + h, 4);
    }
  if (t != fwd + MLDSA_AVX2_NTT_TABLE_WORDS)
    bad++;
  /* Inverse: negated twiddles in the order of the inverse NTT.  */
  t = inv;
  for (g = 0; g < 4; g++)
    {
      for (h = 0; h < 4; h++)
        t = lanes (t, -1, 255 - (32 * g + h), -4);
      for (h = 0; h < 2; h++)
        t = lanes (t, -1, 127 - (16 * g + h), -2);
      t = lanes (t, -1, 63 - 8 * g, -1);
      for (h = 0; h < 4; h++)
        t = bcast (t, -plain (31 - (4 * g + h)));
      for (h = 0; h < 2; h++)
        t = bcast (t, -plain (15 - (2 * g + h)));
    }
  for (h = 0; h < 4; h++)
    t = bcast (t, -plain (7 - h));
  t = bcast (t, -plain (3));
  t = bcast (t, -plain (2));
  t = montv (t, MLDSA_INVNTT_F, MLDSA_INVNTT_F_QINV);
  t = montv (t, MLDSA_INVNTT_G, MLDSA_INVNTT_G_QINV);
  if (t != inv + MLDSA_AVX2_INVNTT_TABLE_WORDS)
    bad++;

  for (m = 0; m < 256; m++)
    {
      unsigned int n = 0;
      byte idx[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };

      for (l = 0; l < 8; l++)
        if ((m >> l) & 1)
          idx[n++] = l;
      if (memcmp (idx, mldsa_avx2_rej_table + 8 * m, 8)
          || mldsa_avx2_rej_table[2048 + m] != n)
        break;
    }
  check (m == 256, "the rejection table of mldsa-tables-avx2.h is right");

  for (w = 0; w < MLDSA_AVX2_NTT_TABLE_WORDS; w++)
    if (fwd[w] != mldsa_avx2_ntt_table[w])
      bad++;
  for (w = 0; w < MLDSA_AVX2_INVNTT_TABLE_WORDS; w++)
    if (inv[w] != mldsa_avx2_invntt_table[w])
      bad++;
  check (!bad && tq (mldsa_avx2_ntt_table[0]) == mldsa_avx2_ntt_table[8]
         && tq (mldsa_avx2_invntt_table[1168])
            == mldsa_avx2_invntt_table[1176],
         "mldsa-tables-avx2.h matches its layout rules");

  /* The Shoup words satisfy their definition on their own:
     |z' q - z 2^32| < q/2 for every broadcast pair of the forward
     table after the Montgomery entry (words 16 + 16j, +8).  */
  for (w = 16; w < 112; w += 16)
    {
      int64_t d = (int64_t)mldsa_avx2_ntt_table[w + 8] * Q
                  - (int64_t)mldsa_avx2_ntt_table[w] * ((int64_t)1 << 32);

      if (d > Q / 2 || d < -(Q / 2))
        bad++;
    }
  check (!bad, "the Shoup companions are round (z 2^32 / q)");
#else
  printf ("t-mldsa-avx2: AVX2 kernels not built; tables not checked\n");
#endif
}


/* Comparisons with the portable set.  */

static void
check_ntt (const mldsa_ops_t *x, const mldsa_ops_t *g)
{
  mldsa_poly_t a;
  int round, bad_f = 0, bad_i = 0;

  for (round = 0; round < 400; round++)
    {
      fill (&a, Q, round < NMODES ? round : 0);
      ntt_both (x, g, &a, 1, &bad_f, &bad_i);
    }
  /* Impulses in every position (residues only).  */
  ntt_impulses (x, g, 0, &bad_f, &bad_i);
  check (!bad_f, "NTT equals the portable NTT modulo q, |a| < 9q");
  check (!bad_i, "inverse NTT equals the portable one modulo q, |a| < q");
}

static void
check_pointwise (const mldsa_ops_t *x, const mldsa_ops_t *g)
{
  static mldsa_poly_t a[8], b[8];
  int round, bad = 0, bad_acc = 0;

  for (round = 0; round < 200; round++)
    {
      int mode = round < NMODES * NMODES ? round : 0;

      pointwise_round (x, g, a, b, mode, &bad, &bad_acc);
    }
  check (!bad, "pointwise equals the portable one modulo q, |r| < q");
  check (!bad_acc, "pointwise_acc (n = 1..8) equals the portable one modulo q");
}

#ifdef USE_MLDSA_AVX2
/* Reference parse of RejNTTPoly's candidates (Algorithm 14).  */
static unsigned int
ref_rej_uniform (s32 *a, unsigned int ctr, const byte *buf, size_t buflen)
{
  size_t pos;

  for (pos = 0; ctr < MLDSA_N && pos + 3 <= buflen; pos += 3)
    {
      u32 t = buf[pos] | ((u32)buf[pos + 1] << 8)
              | ((u32)(buf[pos + 2] & 0x7f) << 16);

      if (t < Q)
        a[ctr++] = (s32)t;
    }
  return ctr;
}

/* Reference parse of RejBoundedPoly's candidates (Algorithm 15),
   written from the spec: low nibble first, t < 15 gives 2 - t mod 5
   (ETA = 2), t < 9 gives 4 - t (ETA = 4).  */
static unsigned int
ref_rej_eta (s32 *a, unsigned int ctr, const byte *buf, size_t buflen,
             int eta)
{
  size_t pos;
  int k;

  for (pos = 0; pos < buflen; pos++)
    for (k = 0; k < 2; k++)
      {
        int t = k ? buf[pos] >> 4 : buf[pos] & 15;

        if (ctr >= MLDSA_N)
          return ctr;
        if (eta == 2 && t < 15)
          a[ctr++] = 2 - t % 5;
        else if (eta == 4 && t < 9)
          a[ctr++] = 4 - t;
      }
  return ctr;
}
#endif /*USE_MLDSA_AVX2*/

static void
check_uniform (const mldsa_ops_t *x, const mldsa_ops_t *g)
{
  mldsa_poly_t p1[4], p2[4], *q1[4], *q2[4];
  byte rho[MLDSA_SEEDBYTES];
  u16 nonce[4];
  int round, i, bad = 0, bad_asm = 0;

#ifndef USE_MLDSA_AVX2
  (void)bad_asm;                /* Only the assembler checks use it.  */
#endif
  for (i = 0; i < 4; i++)
    {
      q1[i] = &p1[i];
      q2[i] = &p2[i];
    }
  for (round = 0; round < 300; round++)
    {
      for (i = 0; i < MLDSA_SEEDBYTES; i++)
        rho[i] = (byte)rnd32 ();
      for (i = 0; i < 4; i++)
        nonce[i] = (u16)rnd32 ();
      x->poly_uniform_x4 (q1, rho, nonce);
      g->poly_uniform_x4 (q2, rho, nonce);
      for (i = 0; i < 4; i++)
        bad += !same (&p1[i], &p2[i]);
      x->poly_uniform (&p1[0], rho, nonce[round & 3]);
      g->poly_uniform (&p2[0], rho, nonce[round & 3]);
      bad += !same (&p1[0], &p2[0]);
    }
  check (!bad, "RejNTTPoly (4-way and single) equals the portable one");

  /* ExpandMask, both GAMMA1, 4-way and single.  */
  bad = 0;
  for (round = 0; round < 200; round++)
    {
      byte rhopp[MLDSA_CRHBYTES];
      s32 gamma1 = (round & 1) ? 1 << 19 : 1 << 17;

      for (i = 0; i < MLDSA_CRHBYTES; i++)
        rhopp[i] = (byte)rnd32 ();
      for (i = 0; i < 4; i++)
        nonce[i] = (u16)rnd32 ();
      x->poly_uniform_gamma1_x4 (q1, rhopp, nonce, gamma1);
      g->poly_uniform_gamma1_x4 (q2, rhopp, nonce, gamma1);
      for (i = 0; i < 4; i++)
        bad += !same (&p1[i], &p2[i]);
      x->poly_uniform_gamma1 (&p1[0], rhopp, nonce[round & 3], gamma1);
      g->poly_uniform_gamma1 (&p2[0], rhopp, nonce[round & 3], gamma1);
      bad += !same (&p1[0], &p2[0]);
    }
  check (!bad, "ExpandMask (4-way and single) equals the portable one");

  /* RejBoundedPoly, both ETA, 4-way and single.  */
  bad = 0;
  for (round = 0; round < 300; round++)
    {
      byte rhop[MLDSA_CRHBYTES];
      int eta = (round & 1) ? 4 : 2;

      for (i = 0; i < MLDSA_CRHBYTES; i++)
        rhop[i] = (byte)rnd32 ();
      for (i = 0; i < 4; i++)
        nonce[i] = (u16)rnd32 ();
      x->poly_uniform_eta_x4 (q1, rhop, nonce, eta);
      g->poly_uniform_eta_x4 (q2, rhop, nonce, eta);
      for (i = 0; i < 4; i++)
        bad += !same (&p1[i], &p2[i]);
      x->poly_uniform_eta (&p1[0], rhop, nonce[round & 3], eta);
      g->poly_uniform_eta (&p2[0], rhop, nonce[round & 3], eta);
      bad += !same (&p1[0], &p2[0]);
    }
  check (!bad, "RejBoundedPoly (4-way and single) equals the portable one");

  /* SampleInBall for every TAU of FIPS 204 and other lengths.  */
  bad = 0;
  for (round = 0; round < 600; round++)
    {
      static const unsigned int taus[4] = { 39, 49, 60, 1 };
      byte ctilde[64];
      unsigned int len = 32 + 16 * (round % 3);

      for (i = 0; i < (int)len; i++)
        ctilde[i] = (byte)rnd32 ();
      x->poly_challenge (&p1[0], ctilde, len, taus[round & 3]);
      g->poly_challenge (&p2[0], ctilde, len, taus[round & 3]);
      bad += !same (&p1[0], &p2[0]);
    }
  check (!bad, "SampleInBall equals the portable one");

#ifdef USE_MLDSA_AVX2
  /* The assembler loop alone, on buffers with many rejections (a
     candidate's top bits set with probability 1/2 .. 1), from every
     start count near the end, every length class; the caller's scalar
     tail is emulated with the reference.  */
  for (round = 0; round < 3000; round++)
    {
      byte buf[840];
      size_t len = 3 * (1 + rnd32 () % 280), pos;
      unsigned int ctr0 = (round & 1) ? 256 - rnd32 () % 40 : rnd32 () % 256;
      unsigned int c1 = ctr0, c2;
      u32 rej = rnd32 () % 8;

      if (ctr0 > 256)
        ctr0 = c1 = 256;
      for (i = 0; i < (int)sizeof buf; i++)
        buf[i] = (byte)rnd32 ();
      for (i = 2; i < (int)sizeof buf; i += 3)
        if (rnd32 () % 8 < rej)
          buf[i] |= 0x7f;
      memset (&p1[0], 0xaa, sizeof p1[0]);
      memset (&p2[0], 0xaa, sizeof p2[0]);
      pos = _gcry_mldsa_rej_uniform_avx2 (p1[0].coeffs, &c1, buf, len,
                                          mldsa_avx2_rej_table);
      if (pos % 24 || pos > len || (pos + 32 <= len && c1 <= 248))
        bad_asm++;
      c1 = ref_rej_uniform (p1[0].coeffs, c1, buf + pos, len - pos);
      c2 = ref_rej_uniform (p2[0].coeffs, ctr0, buf, len);
      /* Equal on the accepted part; the assembler may leave junk past
         the count, which later candidates overwrite.  */
      bad_asm += c1 != c2
                 || memcmp (p1[0].coeffs, p2[0].coeffs, 4 * c1);
    }
  check (!bad_asm, "the assembler rejection loop parses like Algorithm 14");

  /* The RejBoundedPoly loop alone, likewise, with many rejected
     nibbles.  */
  bad_asm = 0;
  for (round = 0; round < 3000; round++)
    {
      byte buf[272];
      size_t len = 1 + rnd32 () % sizeof buf, pos;
      unsigned int ctr0 = (round & 2) ? 256 - rnd32 () % 40 : rnd32 () % 256;
      unsigned int c1 = ctr0, c2;
      int eta = (round & 1) ? 4 : 2;
      u32 rej = rnd32 () % 8;

      if (ctr0 > 256)
        ctr0 = c1 = 256;
      for (i = 0; i < (int)sizeof buf; i++)
        {
          buf[i] = (byte)rnd32 ();
          if (rnd32 () % 8 < rej)
            buf[i] |= 0x0f;
          if (rnd32 () % 8 < rej)
            buf[i] |= 0xf0;
        }
      memset (&p1[0], 0xaa, sizeof p1[0]);
      memset (&p2[0], 0xaa, sizeof p2[0]);
      pos = _gcry_mldsa_rej_eta_avx2 (p1[0].coeffs, &c1, buf, len, eta,
                                      mldsa_avx2_rej_table);
      if (pos % 8 || pos > len || (pos + 8 <= len && c1 <= 240))
        bad_asm++;
      c1 = ref_rej_eta (p1[0].coeffs, c1, buf + pos, len - pos, eta);
      c2 = ref_rej_eta (p2[0].coeffs, ctr0, buf, len, eta);
      bad_asm += c1 != c2
                 || memcmp (p1[0].coeffs, p2[0].coeffs, 4 * c1);
    }
  check (!bad_asm, "the assembler RejBoundedPoly loop parses like "
         "Algorithm 15");

  /* The swaps of SampleInBall alone, against lines 6-12 of Algorithm
     29 written out, for every TAU up to 64 and position lists that
     stress the move of c[j] to i: all j = 0, all j = i, j = the
     previous i or j, and random j <= i.  */
  bad_asm = 0;
  for (round = 0; round < 4 * 65 * 4; round++)
    {
      unsigned int tau = (round / 4) % 65, kind = round % 4, t;
      byte js[64];
      u64 signs = ((u64)rnd32 () << 32) | rnd32 ();

      if (round / (4 * 65) == 1)
        signs = 0;
      else if (round / (4 * 65) == 2)
        signs = ~(u64)0;
      for (t = 0; t < tau; t++)
        {
          unsigned int ii = MLDSA_N - tau + t;

          switch (kind)
            {
            case 0: js[t] = 0; break;
            case 1: js[t] = (byte)ii; break;
            case 2: js[t] = (byte)(t ? (rnd32 () & 1 ? ii - 1 : js[t - 1])
                                   : ii); break;
            default: js[t] = (byte)(rnd32 () % (ii + 1)); break;
            }
        }
      memset (&p1[0], 0xaa, sizeof p1[0]);
      memset (&p2[0], 0, sizeof p2[0]);
      _gcry_mldsa_challenge_avx2 (p1[0].coeffs, js, tau, signs);
      for (t = 0; t < tau; t++)
        {
          unsigned int ii = MLDSA_N - tau + t;

          p2[0].coeffs[ii] = p2[0].coeffs[js[t]];
          p2[0].coeffs[js[t]] = 1 - 2 * (s32)((signs >> t) & 1);
        }
      bad_asm += !same (&p1[0], &p2[0]);
    }
  check (!bad_asm, "the assembler SampleInBall swaps equal Algorithm 29");
#endif
}

int
main (int argc, char **argv)
{
  const mldsa_ops_t *x, *g;

  if (argc > 1 && !strcmp (argv[1], "--verbose"))
    verbose = 1;
  _gcry_global_init ();
  check_tables ();
  x = _gcry_mldsa_get_ops ("avx2");
  g = _gcry_mldsa_get_ops ("generic");
  printf ("t-mldsa-avx2: dispatched mldsa=%s; avx2 set %s\n",
          _gcry_mldsa_backend_name (), x ? "usable" : "not usable");
  if (x && g)
    {
      printf ("t-mldsa-avx2: comparing kernel set '%s' with '%s'\n",
              x->name, g->name);
      check_ntt (x, g);
      check_pointwise (x, g);
      check_coeffwise (x, g);
      check_uniform (x, g);
    }
  else
    printf ("t-mldsa-avx2: kernel comparisons skipped\n");
  printf ("t-mldsa-avx2: %lu passed, %lu failed\n", passed, failed);
  /* Nothing to test in a build without the AVX2 kernels: skip.  */
  if (!passed && !failed)
    return 77;
  return failed ? 1 : 0;
}
