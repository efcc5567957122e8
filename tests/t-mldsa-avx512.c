/* t-mldsa-avx512.c - Tests of the ML-DSA AVX-512 kernels and tables
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

/* Checks, for the AVX-512 kernel set of ML-DSA:
 *
 *  - the generated tables of cipher/mldsa-tables-avx512.h, recomputed
 *    from cipher/mldsa-tables.h (itself checked by t-mldsa) and the
 *    register orders documented in cipher/mldsa-ntt-amd64-avx512.S;
 *  - the AVX-512 kernels (transforms, pointwise products) against the
 *    portable ones as residues modulo q within the contract's bounds
 *    (the two sets use different modular products, so their
 *    representatives differ): zeros, extreme values at the bounds,
 *    random inputs, impulses, aliased arguments;
 *  - the entries borrowed from the AVX2 set give the AVX2 set's words.
 *
 * Exits 77 (skip) when the AVX-512 set is not compiled in, or when it
 * is not usable (CPU or GCRYPT_PQC_HWF_DISABLE) and the tables are
 * right.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g10lib.h"
#include "mldsa.h"
#include "mldsa-ops.h"
#include "mldsa-tables.h"
#include "mldsa-avx512.h"
#include "mldsa-sample.h"
#ifdef USE_MLDSA_AVX512
# include "mldsa-tables-avx512.h"
#endif

#define MLDSA_SIMD_TEST "t-mldsa-avx512"
#define MLDSA_SIMD_SEED 0x9e3779b97f4a7c15ULL
#include "t-mldsa-simd.h"


/* The tables.  */

#ifdef USE_MLDSA_AVX512
/* Lane contents (coefficient indices) of the register orders of pair
   P, written chunk by chunk (4 coefficients) as in the kernel's
   header: X lists, per chunk of the result, which chunk of (A, B)
   (0..3 of A, 4..7 of B) it holds.  */
static void
by_chunks (int *v, unsigned int p, const int chunks[4])
{
  unsigned int c, l;

  for (c = 0; c < 4; c++)
    for (l = 0; l < 4; l++)
      v[4 * c + l] = 32 * p + 4 * chunks[c] + l;
}

/* Store the 16 Shoup companions and twiddles of the butterfly (X, Y)
   of distance LEN at T (forward, or negated inverse ones), and the odd
   copy of the companions at T + 32 if ODD.  Returns 0 if (X, Y) are
   not butterfly partners.  */
static int
vec (s32 *t, const int *x, const int *y, int len, int inv, int odd)
{
  unsigned int l;
  int ok = 1;

  for (l = 0; l < 16; l++)
    {
      int n = x[l];
      unsigned int k;
      s32 z;

      ok &= y[l] == n + len;
      k = inv ? 256 / len - 1 - n / (2 * len) : 128 / len + n / (2 * len);
      z = inv ? -plain (k) : plain (k);
      t[l] = shoup (z);
      t[16 + l] = z;
    }
  if (odd)
    for (l = 0; l < 16; l++)
      t[32 + l] = t[l | 1];
  return ok;
}

/* A Montgomery pair (Z, ZQ) or the Shoup pair (shoup (z), z), in the
   order the kernel reads them (gen-mldsa-avx512-tables.c).  */
static void
pair (s32 *t, s32 z, s32 zq)
{
  t[0] = z;
  t[1] = zq;
}

static void
shoup_pair (s32 *t, s32 z)
{
  pair (t, shoup (z), z);
}
#endif /*USE_MLDSA_AVX512*/

static void
check_tables (void)
{
#ifdef USE_MLDSA_AVX512
  static const int cc[4] = { 0, 1, 4, 5 }, dc[4] = { 2, 3, 6, 7 };
  static const int ec[4] = { 0, 4, 2, 6 }, fc[4] = { 1, 5, 3, 7 };
  static s32 fwd[MLDSA_AVX512_NTT_TABLE_WORDS];
  static s32 inv[MLDSA_AVX512_NTT_TABLE_WORDS];
  int c[16], d[16], e[16], f[16], g[16], h[16], i[16], j[16];
  unsigned int p, k, l;
  int ok = 1;

  memset (fwd, 0, sizeof fwd);
  memset (inv, 0, sizeof inv);
  /* Layer 128 multiplies in Montgomery form, the others by Shoup.  */
  pair (fwd + 2, mldsa_zetas[1], mldsa_zetas_qinv[1]);
  for (k = 2; k < 16; k++)
    shoup_pair (fwd + 2 * k, plain (k));
  for (p = 0; p < 8; p++)
    {
      s32 *tf = fwd + 32 + 144 * p, *ti = inv + 144 * p;

      by_chunks (c, p, cc);
      by_chunks (d, p, dc);
      by_chunks (e, p, ec);
      by_chunks (f, p, fc);
      /* G, H: per 128-bit chunk the low resp. high qwords of E and F;
         I, J: the even resp. odd lanes of G and H interleaved.  */
      for (l = 0; l < 16; l++)
        {
          unsigned int base = l & ~3u, w = l & 3;

          g[l] = (w < 2 ? e : f)[base + (w & 1)];
          h[l] = (w < 2 ? e : f)[base + 2 + (w & 1)];
        }
      for (l = 0; l < 16; l++)
        {
          i[l] = (l & 1 ? h : g)[l & ~1u];
          j[l] = (l & 1 ? h : g)[l | 1];
        }
      ok &= vec (tf, c, d, 8, 0, 0);
      ok &= vec (tf + 32, e, f, 4, 0, 0);
      ok &= vec (tf + 64, g, h, 2, 0, 0);
      ok &= vec (tf + 96, i, j, 1, 0, 1);
      ok &= vec (ti, i, j, 1, 1, 1);
      ok &= vec (ti + 48, g, h, 2, 1, 0);
      ok &= vec (ti + 80, e, f, 4, 1, 0);
      ok &= vec (ti + 112, c, d, 8, 1, 0);
    }
  for (k = 0; k < 14; k++)
    {
      /* Layers 16, 32, 64: -zetas[15 - p], -zetas[7 - g], -zetas[3 - g]. */
      unsigned int z = k < 8 ? 15 - k : k < 12 ? 7 - (k - 8) : 3 - (k - 12);

      shoup_pair (inv + 1152 + 2 * k, -plain (z));
    }
  pair (inv + 1180, MLDSA_INVNTT_F, MLDSA_INVNTT_F_QINV);
  pair (inv + 1182, MLDSA_INVNTT_G, MLDSA_INVNTT_G_QINV);
  check (ok, "the documented register orders pair butterfly partners");
  check (!memcmp (fwd, mldsa_avx512_ntt_table, sizeof fwd),
         "forward NTT table recomputed from mldsa-tables.h");
  check (!memcmp (inv, mldsa_avx512_invntt_table, sizeof inv),
         "inverse NTT table recomputed from mldsa-tables.h");
#endif
}


/* Comparisons with the portable set.  */

static void
check_ntt (const mldsa_ops_t *x, const mldsa_ops_t *g)
{
  mldsa_poly_t a, b;
  int round, bad_f = 0, bad_i = 0, bad_r = 0, i;

  for (round = 0; round < 400; round++)
    {
      fill (&a, Q, round < NMODES ? round : 0);
      ntt_both (x, g, &a, 1, &bad_f, &bad_i);
      /* invntt (ntt (a)) = a * 2^32: reduce the NTT output first (the
         inverse wants |a| < q).  */
      b = a;
      x->ntt (&b);
      g->reduce (&b);
      g->caddq (&b);
      for (i = 0; i < MLDSA_N; i++)
        if (b.coeffs[i] > Q / 2)
          b.coeffs[i] -= Q;
      x->invntt_tomont (&b);
      for (i = 0; i < MLDSA_N; i++)
        if ((mldsa_montgomery_reduce (b.coeffs[i]) - (s64)a.coeffs[i]) % Q)
          bad_r++;
    }
  /* Impulses in every position.  */
  ntt_impulses (x, g, 1, &bad_f, &bad_i);
  check (!bad_f, "NTT equals the portable NTT modulo q, |a| < 9q");
  check (!bad_i, "inverse NTT equals the portable one modulo q, |a| < q");
  check (!bad_r, "inverse NTT of the NTT gives a * 2^32 mod q");
}

static void
check_pointwise (const mldsa_ops_t *x, const mldsa_ops_t *g)
{
  static mldsa_poly_t a[8], b[8];
  mldsa_poly_t r1, r2;
  int round, bad = 0, bad_acc = 0;

  for (round = 0; round < 200; round++)
    {
      int mode = round < NMODES * NMODES ? round : 0;

      pointwise_round (x, g, a, b, mode, &bad, &bad_acc);
      /* Both factors at 9q (two NTT outputs).  */
      fill (&r1, 9 * Q, mode % NMODES);
      x->pointwise (&r2, &r1, &b[0]);
      g->pointwise (&r1, &r1, &b[0]);
      bad += !agree (&r2, &r1, -Q + 1, Q - 1);
      /* Aliasing of r with a[0].  */
      r2 = a[0];
      g->pointwise_acc (&r1, a, b, 3);
      x->pointwise_acc (&a[0], a, b, 3);
      bad_acc += !agree (&a[0], &r1, -Q + 1, Q - 1);
      a[0] = r2;
    }
  check (!bad, "pointwise equals the portable one modulo q, |r| < q");
  check (!bad_acc, "pointwise_acc (n = 1..8) equals the portable one "
         "modulo q, |r| < q");
}

/* RejNTTPoly's parsing loop against the portable parser
   (mldsa_rej_uniform_from): the same words and count after the
   loop's bytes plus the portable tail, for random bytes, all
   candidates rejected (0xff), all accepted (0x00), candidates around
   q, several start counts (the loop stops above 240) and lengths.
   Words past the count are not compared (both parsers store
   rejected candidates there).  */
static void
check_rej_uniform (void)
{
#ifdef USE_MLDSA_AVX512
  static const unsigned int ctrs[] = { 0, 1, 100, 239, 240, 241, 250, 256 };
  static const size_t lens[] = { 0, 3, 45, 48, 51, 96, 840, 168 * 6 };
  byte buf[168 * 6];
  s32 a1[MLDSA_N + 16], a2[MLDSA_N + 16];
  unsigned int mode, ci, li, i, c1, c2;
  int bad = 0;

  for (mode = 0; mode < 12; mode++)
    for (ci = 0; ci < DIM (ctrs); ci++)
      for (li = 0; li < DIM (lens); li++)
        {
          size_t pos;

          for (i = 0; i + 3 <= sizeof buf; i += 3)
            {
              u32 v;

              if (mode == 0)
                v = 0xffffff;
              else if (mode == 1)
                v = 0;
              else if (mode == 2)
                v = Q - 1 + (rnd32 () % 3) + ((rnd32 () & 1) << 23);
              else
                v = rnd32 () & 0xffffff;
              buf[i] = v;
              buf[i + 1] = v >> 8;
              buf[i + 2] = v >> 16;
            }
          memset (a1, 0, sizeof a1);
          memset (a2, 0, sizeof a2);
          c1 = c2 = ctrs[ci];
          pos = _gcry_mldsa_rej_uniform_avx512 (a1, &c1, buf, lens[li]);
          if (pos % 48 || pos > lens[li])
            bad++;
          c1 = mldsa_rej_uniform_from (a1, c1, buf, pos, lens[li]);
          c2 = mldsa_rej_uniform_from (a2, c2, buf, 0, lens[li]);
          if (c1 != c2 || memcmp (a1, a2, (c1 < MLDSA_N ? c1 : MLDSA_N) * 4))
            bad++;
          for (i = 0; i < c1 && i < MLDSA_N; i++)
            if (a1[i] < 0 || a1[i] >= Q)
              bad++;
        }
  check (!bad, "RejNTTPoly parsing (vpcompressd) equals the portable one");
#endif
}

/* RejBoundedPoly's parsing loop against the portable parser
   (mldsa_rej_eta_from) for ETA 2 and 4: the same words and count
   after the loop's bytes plus the portable tail, for random bytes,
   all nibbles rejected (0xff), all accepted (0x00), nibbles at the
   bounds (8, 9, 14, 15), several start counts (the last steps store
   under a mask ending at a[255]) and lengths.  The array has guard
   words past a[255] that no store may touch; words past the count
   are not compared.  */
static void
check_rej_eta (void)
{
#ifdef USE_MLDSA_AVX512
  static const unsigned int ctrs[] = { 0, 1, 100, 200, 224, 225, 240,
                                       241, 250, 255, 256 };
  static const size_t lens[] = { 0, 15, 16, 17, 40, 136, 137, 272 };
  static const byte bounds[] = { 0x88, 0x99, 0xee, 0xff, 0x8e, 0xf9 };
  byte buf[272];
  s32 a1[MLDSA_N + 16], a2[MLDSA_N + 16];
  unsigned int mode, ci, li, i, c1, c2;
  int eta, bad = 0, bad_guard = 0;

  for (eta = 2; eta <= 4; eta += 2)
    for (mode = 0; mode < 12; mode++)
      for (ci = 0; ci < DIM (ctrs); ci++)
        for (li = 0; li < DIM (lens); li++)
          {
            size_t pos;

            for (i = 0; i < sizeof buf; i++)
              buf[i] = (mode == 0 ? 0xff : mode == 1 ? 0
                        : mode == 2 ? bounds[rnd32 () % DIM (bounds)]
                        : (byte)rnd32 ());
            memset (a1, 0x55, sizeof a1);
            memset (a2, 0x55, sizeof a2);
            c1 = c2 = ctrs[ci];
            pos = _gcry_mldsa_rej_eta_avx512 (a1, &c1, buf, lens[li], eta);
            if (pos % 16 || pos > lens[li] || c1 > MLDSA_N)
              bad++;
            for (i = MLDSA_N; i < MLDSA_N + 16; i++)
              if (a1[i] != 0x55555555)
                bad_guard++;
            c1 = mldsa_rej_eta_from (a1, c1, buf, pos, lens[li], eta);
            c2 = mldsa_rej_eta_from (a2, c2, buf, 0, lens[li], eta);
            if (c1 != c2
                || memcmp (a1, a2, (c1 < MLDSA_N ? c1 : MLDSA_N) * 4))
              bad++;
            for (i = ctrs[ci]; i < c1 && i < MLDSA_N; i++)
              if (a1[i] < -eta || a1[i] > eta)
                bad++;
          }
  check (!bad, "RejBoundedPoly parsing (vpcompressd) equals the portable "
         "one (eta 2 and 4)");
  check (!bad_guard, "RejBoundedPoly parsing stores nothing past a[255]");
#endif
}

/* The borrowed entries: the AVX2 set's words.  */
static void
check_borrowed (const mldsa_ops_t *x, const mldsa_ops_t *v)
{
  mldsa_poly_t a, b1, b2, c1, c2;
  int round, bad = 0;

  for (round = 0; round < 50; round++)
    {
      fill (&a, Q, round < NMODES ? round : 0);
      b1 = a;
      b2 = a;
      x->caddq (&b1);
      v->caddq (&b2);
      bad += !same (&b1, &b2);
      x->decompose (&b1, &c1, &b2, (Q - 1) / 32);
      v->decompose (&b2, &c2, &b2, (Q - 1) / 32);
      bad += !same (&b1, &b2) || !same (&c1, &c2);
      bad += x->chknorm (&a, 1000 + round) != v->chknorm (&a, 1000 + round);
    }
  x->poly_uniform (&b1, (const byte *)"0123456789abcdef0123456789abcdef",
                   0x0102);
  v->poly_uniform (&b2, (const byte *)"0123456789abcdef0123456789abcdef",
                   0x0102);
  bad += !same (&b1, &b2);
  check (!bad, "borrowed kernels give the AVX2 set's words");
}

int
main (int argc, char **argv)
{
  const mldsa_ops_t *x, *g, *v;

  if (argc > 1 && !strcmp (argv[1], "--verbose"))
    verbose = 1;
  _gcry_global_init ();
  check_tables ();
  x = _gcry_mldsa_get_ops ("avx512");
  g = _gcry_mldsa_get_ops ("generic");
  v = _gcry_mldsa_get_ops ("avx2");
  printf ("t-mldsa-avx512: dispatched mldsa=%s; avx512 set %s\n",
          _gcry_mldsa_backend_name (), x ? "usable" : "not usable");
  if (x && g && v)
    {
      printf ("t-mldsa-avx512: comparing kernel set '%s' with '%s'\n",
              x->name, g->name);
      check_ntt (x, g);
      check_pointwise (x, g);
      check_coeffwise (x, g);
      check_borrowed (x, v);
      check_rej_uniform ();
      check_rej_eta ();
    }
  else
    printf ("t-mldsa-avx512: kernel comparisons skipped\n");
  printf ("t-mldsa-avx512: %lu passed, %lu failed\n", passed, failed);
  if (failed)
    return 1;
  /* Not built, or not usable here: skip.  */
  if (!x || !g || !v)
    return 77;
  return 0;
}
