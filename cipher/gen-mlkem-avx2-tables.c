/* gen-mlkem-avx2-tables.c - Generate the twiddle tables of the AVX2 ML-KEM kernels
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

/* This stand-alone program writes cipher/mlkem-tables-avx2.h to
 * stdout:
 *
 *   cc -o gen-mlkem-avx2-tables gen-mlkem-avx2-tables.c
 *   ./gen-mlkem-avx2-tables > mlkem-tables-avx2.h
 *
 * The AVX2 kernels (mlkem-ntt-amd64-avx2.S, mlkem-poly-amd64-avx2.S)
 * multiply sixteen int16_t lanes at a time by a constant vector C with
 * a Montgomery multiplication that needs two operands: C itself (for
 * the high half of the product) and C * q^-1 mod 2^16 (for the low
 * half that determines the correction t*q).  Each table entry is thus
 * a pair of 16-lane vectors, entry[e][0] = C and entry[e][1] =
 * C * q^-1 mod 2^16 as int16_t, so that the assembler can use both as
 * 32-byte memory operands.
 *
 * The multipliers are the ones of the portable kernels (see
 * gen-mlkem-tables.c): zeta_k = 17^BitRev7(k) * R mod q and gamma_i =
 * 17^(2*BitRev7(i)+1) * R mod q with R = 2^16, centered in
 * [-(q-1)/2, (q-1)/2].
 *
 * mlkem_avx2_ntt_zetas (forward NTT, FIPS 203 Algorithm 9): a
 * butterfly layer with distance LEN on group g (coefficients
 * 2*LEN*g .. 2*LEN*g + 2*LEN-1) uses zeta_{128/LEN + g}.
 *   entries  0       LEN = 128 (one vector, all lanes zeta_1)
 *   entries  1..2    LEN = 64, g = 0..1 (broadcast)
 *   entries  3..6    LEN = 32, g = 0..3 (broadcast)
 *   entries  7..14   LEN = 16, g = 0..7 (broadcast)
 *   entries 15..22   LEN = 8 on block m = 0..7 (see below)
 *   entries 23..30   LEN = 4 on block m
 *   entries 31..38   LEN = 2 on block m
 *
 * mlkem_avx2_invntt_zetas (inverse NTT, FIPS 203 Algorithm 10): group
 * g of layer LEN uses zeta_{256/LEN - 1 - g}.
 *   entries  0..7    LEN = 2 on block m = 0..7
 *   entries  8..15   LEN = 4 on block m
 *   entries 16..23   LEN = 8 on block m
 *   entries 24..31   LEN = 16, g = 0..7 (broadcast)
 *   entries 32..35   LEN = 32, g = 0..3 (broadcast)
 *   entries 36..37   LEN = 64, g = 0..1 (broadcast)
 *   entry  38        LEN = 128 times the final factor: the
 *                    Montgomery form of zeta_1 * R / 128, so that one
 *                    Montgomery multiplication gives
 *                    x * zeta_1 * R / 128 (broadcast)
 *   entry  39        R^2 / 128 mod q, the final factor of the sums
 *                    of the last layer (broadcast)
 *
 * Layers with LEN < 16 work inside a block m of 32 coefficients held
 * in two registers A = f[32m .. 32m+15] and B = f[32m+16 .. 32m+31].
 * Before the layer with distance LEN the kernels reorder (A, B) into
 * (X, Y) such that lane p of X and lane p of Y are the two inputs of
 * one butterfly:
 *   S8 (X, Y):  X' = X[0..7] Y[0..7],  Y' = X[8..15] Y[8..15]
 *               (vperm2i128), before LEN = 8;
 *   D (X, Y):   in each 128-bit half, the dwords interleaved
 *               (vpunpckldq, vpunpckhdq):
 *               X' = X.d0 Y.d0 X.d1 Y.d1, Y' = X.d2 Y.d2 X.d3 Y.d3,
 *               before LEN = 4 and again before LEN = 2.
 * This program follows the coefficient indices through the same
 * transposes, so lane p of entry (LEN, m) is the twiddle of the
 * butterfly whose upper input sits in lane p of X, and it checks that
 * lane p of Y holds the partner at distance LEN.  The forward NTT
 * stops after LEN = 2 without undoing the transposes, which gives the
 * NTT-domain order of the AVX2 set: in block m, the 16 words of X
 * hold the residues (fhat_2i, fhat_2i+1) with even i - 16m (in
 * increasing order), the 16 words of Y those with odd i - 16m.  The
 * inverse NTT starts from that order and undoes D, D and S8 (the
 * inverse of D is vshufps, S8 is its own inverse).
 *
 * mlkem_avx2_gammas (mulcache, in the same order): entry v, lane p is
 * gamma_i of the residue i stored in slot 16v + p, i.e.
 * i = 16v + 2p for p < 8 and i = 16v + 2(p - 8) + 1 for p >= 8.
 *
 * mlkem_avx2_rej (rejection sampling of SampleNTT, FIPS 203
 * Algorithm 7): for each 8-bit mask M of accepted candidates among
 * eight 16-bit words, idx[M] is the vpshufb control that moves the
 * accepted words, in order, to the front (bytes 2i, 2i+1 for each set
 * bit i, ascending; the rest 0x80, which yields zero), and cnt[M] is
 * the number of set bits.
 *
 * The test suite (tests/t-mlkem-kernels.c) recomputes every value.  */

#include <stdio.h>
#include <stdlib.h>

#define Q 3329
#define ZETA 17
#define R_MOD_Q ((1L << 16) % Q)

#include "gen-tables-common.h"

static long qinv;

/* zeta_k * R mod q, centered.  */
static long
zeta_mont (unsigned int k)
{
  return centered (powmod (ZETA, bitrev (k, 7)) * R_MOD_Q);
}

/* C * q^-1 mod 2^16 as an int16_t value.  */
static long
lowmul (long c)
{
  long v = (c * qinv) & 0xffff;

  return v >= 0x8000 ? v - 0x10000 : v;
}

/* 2x2 transpose of blocks of 8 lanes (S8 above).  */
static void
transpose8 (int x[16], int y[16])
{
  int nx[16], ny[16];
  unsigned int i;

  for (i = 0; i < 8; i++)
    {
      nx[i] = x[i];
      nx[8 + i] = y[i];
      ny[i] = x[8 + i];
      ny[8 + i] = y[8 + i];
    }
  for (i = 0; i < 16; i++)
    {
      x[i] = nx[i];
      y[i] = ny[i];
    }
}

/* Dword interleave D above: in each half h, X' takes the dwords 0, 1
 * of X and Y alternately, Y' the dwords 2, 3.  */
static void
interleave_dwords (int x[16], int y[16])
{
  int nx[16], ny[16];
  unsigned int h, d, w;

  for (h = 0; h < 16; h += 8)
    for (d = 0; d < 2; d++)
      for (w = 0; w < 2; w++)
        {
          nx[h + 4 * d + w] = x[h + 2 * d + w];
          nx[h + 4 * d + 2 + w] = y[h + 2 * d + w];
          ny[h + 4 * d + w] = x[h + 4 + 2 * d + w];
          ny[h + 4 * d + 2 + w] = y[h + 4 + 2 * d + w];
        }
  for (h = 0; h < 16; h++)
    {
      x[h] = nx[h];
      y[h] = ny[h];
    }
}

static long ntt_tab[39][16], invntt_tab[40][16], gamma_tab[8][16];

static void
broadcast (long *v, long c)
{
  unsigned int i;

  for (i = 0; i < 16; i++)
    v[i] = c;
}

/* Fill the entries of the in-register layers LEN = 8, 4, 2 of block M
 * for both directions.  */
static void
fill_block (unsigned int m)
{
  static const unsigned int lens[3] = { 8, 4, 2 };
  int x[16], y[16];
  unsigned int i, l;

  for (i = 0; i < 16; i++)
    {
      x[i] = 32 * m + i;
      y[i] = 32 * m + 16 + i;
    }
  for (l = 0; l < 3; l++)
    {
      unsigned int len = lens[l];

      if (len == 8)
        transpose8 (x, y);
      else
        interleave_dwords (x, y);
      for (i = 0; i < 16; i++)
        {
          unsigned int g = x[i] / (2 * len);

          if (y[i] != x[i] + (int)len || (x[i] % (2 * len)) >= len)
            {
              fprintf (stderr, "layout error: len %u block %u lane %u\n",
                       len, m, i);
              exit (1);
            }
          ntt_tab[15 + 8 * l + m][i] = zeta_mont (128 / len + g);
          invntt_tab[8 * (2 - l) + m][i] = zeta_mont (256 / len - 1 - g);
        }
    }
  /* The final order: residue 16m + 2p in lane p of X, 16m + 2p + 1
     in lane p of Y (two lanes each).  */
  for (i = 0; i < 16; i++)
    if (x[i] != (int)(32 * m + 4 * (i / 2) + i % 2)
        || y[i] != x[i] + 2)
      {
        fprintf (stderr, "order error: block %u lane %u\n", m, i);
        exit (1);
      }
}

static void
print_table (const char *name, long (*t)[16], unsigned int n,
             const char *comment)
{
  unsigned int e, h, i;

  printf ("/* %s  */\n", comment);
  printf ("static const int16_t %s[%u][2][16]\n"
          "  __attribute__ ((aligned (32))) =\n  {\n", name, n);
  for (e = 0; e < n; e++)
    {
      printf ("    {\n");
      for (h = 0; h < 2; h++)
        {
          printf ("      {");
          for (i = 0; i < 16; i++)
            {
              long v = h ? lowmul (t[e][i]) : t[e][i];

              if (i == 8)
                printf ("\n       ");
              printf (" %6ld%s", v, i < 15 ? "," : "");
            }
          printf (" }%s\n", h ? "" : ",");
        }
      printf ("    }%s\n", e + 1 < n ? "," : "");
    }
  printf ("  };\n\n");
}

int
main (void)
{
  unsigned int i, g, m, cnt[256];
  long inv128;

  /* q^-1 mod 2^16 by Newton iteration (q odd, so q * q = 1 mod 8).  */
  qinv = Q;
  for (i = 0; i < 4; i++)
    qinv = (qinv * (2 - Q * qinv)) & 0xffff;
  inv128 = powmod (128, Q - 2);

  /* Forward, layers across registers.  */
  broadcast (ntt_tab[0], zeta_mont (1));
  for (g = 0; g < 2; g++)
    broadcast (ntt_tab[1 + g], zeta_mont (2 + g));
  for (g = 0; g < 4; g++)
    broadcast (ntt_tab[3 + g], zeta_mont (4 + g));
  for (g = 0; g < 8; g++)
    broadcast (ntt_tab[7 + g], zeta_mont (8 + g));
  /* Inverse, layers across registers.  */
  for (g = 0; g < 8; g++)
    broadcast (invntt_tab[24 + g], zeta_mont (15 - g));
  for (g = 0; g < 4; g++)
    broadcast (invntt_tab[32 + g], zeta_mont (7 - g));
  for (g = 0; g < 2; g++)
    broadcast (invntt_tab[36 + g], zeta_mont (3 - g));
  broadcast (invntt_tab[38],
             centered (zeta_mont (1) * R_MOD_Q % Q * inv128));
  broadcast (invntt_tab[39],
             centered (R_MOD_Q * R_MOD_Q % Q * inv128));
  /* Both directions, layers inside registers.  */
  for (m = 0; m < 8; m++)
    fill_block (m);
  for (i = 0; i < 128; i++)
    {
      unsigned int p = i % 16;
      unsigned int res = i - p + (p < 8 ? 2 * p : 2 * (p - 8) + 1);

      gamma_tab[i / 16][p]
        = centered (powmod (ZETA, 2 * bitrev (res, 7) + 1) * R_MOD_Q);
    }

  print_license_header ("mlkem-tables-avx2.h - Twiddle tables of the AVX2"
                        " ML-KEM kernels (generated)");
  printf ("/* Generated by cipher/gen-mlkem-avx2-tables.c; do not edit.\n"
          " * See that file for the formulas and the layout.  Entry [e][0]\n"
          " * holds 16 multipliers C (Montgomery form, centered), entry [e][1]\n"
          " * holds C * q^-1 mod 2^16.  The test suite\n"
          " * (tests/t-mlkem-kernels.c) recomputes every value.\n"
          " */\n\n"
          "#ifndef GCRY_MLKEM_TABLES_AVX2_H\n"
          "#define GCRY_MLKEM_TABLES_AVX2_H 1\n\n"
          "#include <stdint.h>\n\n");
  print_table ("mlkem_avx2_ntt_zetas", ntt_tab, 39,
               "Forward NTT twiddles, by layer and block.");
  print_table ("mlkem_avx2_invntt_zetas", invntt_tab, 40,
               "Inverse NTT twiddles, by layer and block, and the final factors.");
  print_table ("mlkem_avx2_gammas", gamma_tab, 8,
               "Base multiplication moduli gamma_i in the AVX2 order, 16 per entry.");
  printf ("/* Compaction controls of the rejection sampling.  */\n"
          "typedef struct\n"
          "{\n"
          "  uint8_t idx[256][16];\n"
          "  uint8_t cnt[256];\n"
          "} mlkem_avx2_rej_table_t;\n\n"
          "static const mlkem_avx2_rej_table_t mlkem_avx2_rej\n"
          "  __attribute__ ((aligned (32))) =\n  {\n    {\n");
  for (m = 0; m < 256; m++)
    {
      unsigned int n = 0, b, j;
      int idx[16];

      for (j = 0; j < 16; j++)
        idx[j] = 0x80;
      for (b = 0; b < 8; b++)
        if (m & (1u << b))
          {
            idx[2 * n] = 2 * b;
            idx[2 * n + 1] = 2 * b + 1;
            n++;
          }
      printf ("      {");
      for (j = 0; j < 16; j++)
        printf ("%s0x%02x%s", j == 8 ? "\n        " : " ", idx[j],
                j < 15 ? "," : "");
      printf (" }%s\n", m < 255 ? "," : "");
      cnt[m] = n;
    }
  printf ("    },\n    {\n");
  for (m = 0; m < 256; m++)
    printf ("%s%u%s%s", m % 16 == 0 ? "      " : " ", cnt[m],
            m < 255 ? "," : "", m % 16 == 15 ? "\n" : "");
  printf ("    }\n  };\n\n");
  printf ("#endif /*GCRY_MLKEM_TABLES_AVX2_H*/\n");
  return 0;
}
