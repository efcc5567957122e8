/* gen-mlkem-avx512-tables.c - Generate the twiddle tables of the AVX-512 ML-KEM kernels
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

/* This stand-alone program writes cipher/mlkem-tables-avx512.h to
 * stdout:
 *
 *   cc -o gen-mlkem-avx512-tables gen-mlkem-avx512-tables.c
 *   ./gen-mlkem-avx512-tables > mlkem-tables-avx512.h
 *
 * The AVX-512 kernels (mlkem-ntt-amd64-avx512.S,
 * mlkem-poly-amd64-avx512.S) multiply 32 int16_t lanes at a time by a
 * constant vector C with a Montgomery multiplication that needs C
 * (for the high half of the product) and C * q^-1 mod 2^16 (for the
 * low half that determines the correction t*q).  Each entry is a pair of 32-lane vectors, entry[e][0] = C and
 * entry[e][1] = C * q^-1 mod 2^16 as int16_t (64-byte memory operands).
 *
 * The multipliers are those of the portable kernels (see
 * gen-mlkem-tables.c): zeta_k = 17^BitRev7(k) * R mod q with R = 2^16,
 * centered in [-(q-1)/2, (q-1)/2].  Layer LEN, group g (coefficients
 * 2*LEN*g .. 2*LEN*g + 2*LEN-1) uses zeta_{128/LEN + g} in the forward
 * NTT (FIPS 203 Algorithm 9) and zeta_{256/LEN - 1 - g} in the inverse
 * (Algorithm 10).
 *
 * mlkem_avx512_ntt_zetas:
 *   entry  0        LEN = 128 (broadcast)
 *   entries 1..2    LEN = 64, g = 0..1 (broadcast)
 *   entries 3..6    LEN = 32, g = 0..3 (broadcast)
 *   entries 7..10   LEN = 16 on pair p = 0..3 (see below)
 *   entries 11..14  LEN = 8 on pair p
 *   entries 15..18  LEN = 4 on pair p
 *   entries 19..22  LEN = 2 on pair p
 *
 * mlkem_avx512_invntt_zetas:
 *   entries 0..3    LEN = 2 on pair p
 *   entries 4..7    LEN = 4 on pair p
 *   entries 8..11   LEN = 8 on pair p
 *   entries 12..15  LEN = 16 on pair p
 *   entries 16..19  LEN = 32, g = 0..3 (broadcast)
 *   entries 20..21  LEN = 64, g = 0..1 (broadcast)
 *   entry  22       LEN = 128 times the final factor:
 *                   zeta_1 * R^2 / 128 mod q (broadcast)
 *   entry  23       R^2 / 128 mod q, the final factor of the sums
 *                   (broadcast)
 *
 * mlkem_avx512_gammas (mulcache, mlkem-poly-amd64-avx512.S): entry v,
 * lane l is gamma_{32v + l} = 17^(2*BitRev7(32v + l)+1) * R mod q,
 * centered, as in the portable mulcache.
 *
 * mlkem_avx512_perm: vpermi2d dword controls between the standard
 * order of a register pair and the lane order of the LEN = 2 layer
 * (see below): [0], [1] give A, B from X || Y; [2], [3] give X, Y
 * from A || B (index bit 4 selects the second register).
 *
 * The whole polynomial sits in eight registers, C_i = f[32i .. 32i+31].
 * Layers with LEN < 32 work on a pair p of registers A = C_2p,
 * B = C_2p+1 (64 coefficients).  Before the layer with distance LEN
 * the kernels reorder (A, B) into (X, Y) such that lane l of X and
 * lane l of Y are the two inputs of one butterfly, by a 2x2 transpose
 * of blocks of W = LEN lanes:
 *   T_W (X, Y): per group c of 2W lanes: X' = X[c..c+W-1] Y[c..c+W-1],
 *               Y' = X[c+W..c+2W-1] Y[c+W..c+2W-1]
 * (T16: vshufi64x2, T8: vpermi2q, T4: vpunpck[lh]qdq, T2: shifts and
 * vpblendmd).  LEN = 16 sees T16 (A, B), LEN = 8 sees T8 (T16 (A, B)),
 * and so on.  The kernels apply the transposes one by one on the
 * way in (forward) or out (inverse) of the LEN = 2 layer, and the
 * whole permutation in one vpermi2d per register on the other side.
 * This program follows the coefficient indices through
 * the same transposes, so lane l of entry (LEN, p) is the twiddle of
 * the butterfly whose upper input sits in lane l of X, and it checks
 * that lane l of Y holds the partner at distance LEN.
 *
 * The test suite (tests/t-mlkem-kernels.c) recomputes every value.  */

#include <stdio.h>
#include <stdlib.h>

#define Q 3329
#define ZETA 17
#define R_MOD_Q ((1L << 16) % Q)
#define LANES 32

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

/* T_W above.  */
static void
transpose (int x[LANES], int y[LANES], unsigned int w)
{
  int nx[LANES], ny[LANES];
  unsigned int c, i;

  for (c = 0; c < LANES; c += 2 * w)
    for (i = 0; i < w; i++)
      {
        nx[c + i] = x[c + i];
        nx[c + w + i] = y[c + i];
        ny[c + i] = x[c + w + i];
        ny[c + w + i] = y[c + w + i];
      }
  for (i = 0; i < LANES; i++)
    {
      x[i] = nx[i];
      y[i] = ny[i];
    }
}

static long ntt_tab[23][LANES], invntt_tab[24][LANES], gamma_tab[4][LANES];
static unsigned int perm_tab[4][LANES];

static void
broadcast (long *v, long c)
{
  unsigned int i;

  for (i = 0; i < LANES; i++)
    v[i] = c;
}

/* Fill the entries of the in-register layers LEN = 16, 8, 4, 2 of
 * pair P for both directions.  */
static void
fill_pair (unsigned int p)
{
  int x[LANES], y[LANES];
  unsigned int i, l, len;

  for (i = 0; i < LANES; i++)
    {
      x[i] = 64 * p + i;
      y[i] = 64 * p + LANES + i;
    }
  for (l = 0, len = 16; len >= 2; l++, len /= 2)
    {
      transpose (x, y, len);
      for (i = 0; i < LANES; i++)
        {
          unsigned int g = x[i] / (2 * len);

          if (y[i] != x[i] + (int)len || (x[i] % (2 * len)) >= len)
            {
              fprintf (stderr, "layout error: len %u pair %u lane %u\n",
                       len, p, i);
              exit (1);
            }
          ntt_tab[7 + 4 * l + p][i] = zeta_mont (128 / len + g);
          invntt_tab[4 * (3 - l) + p][i] = zeta_mont (256 / len - 1 - g);
        }
    }
  /* (X, Y) now hold the lane order of the LEN = 2 layer, the same
     for every pair relative to its first coefficient.  As word
     permutations (index bit 5 selects the second source): entries 0, 1
     bring X || Y back to A, B (the end of the forward NTT), entries
     2, 3 build X, Y from A || B (the start of the inverse).  */
  if (p == 0)
    for (i = 0; i < LANES; i++)
      {
        perm_tab[x[i] / LANES][x[i] % LANES] = i;
        perm_tab[y[i] / LANES][y[i] % LANES] = LANES + i;
        perm_tab[2][i] = x[i];
        perm_tab[3][i] = y[i];
      }
}

static void
print_table (const char *name, long (*t)[LANES], unsigned int n,
             const char *comment)
{
  unsigned int e, h, i;

  printf ("/* %s  */\n", comment);
  printf ("static const int16_t %s[%u][2][%u]\n"
          "  __attribute__ ((aligned (64))) =\n  {\n", name, n, LANES);
  for (e = 0; e < n; e++)
    {
      printf ("    {\n");
      for (h = 0; h < 2; h++)
        {
          printf ("      {");
          for (i = 0; i < LANES; i++)
            {
              long v = h ? lowmul (t[e][i]) : t[e][i];

              if (i && i % 8 == 0)
                printf ("\n       ");
              printf (" %6ld%s", v, i < LANES - 1 ? "," : "");
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
  unsigned int i, g, p;
  long inv128;

  /* q^-1 mod 2^16 by Newton iteration (q odd, so q * q = 1 mod 8).  */
  qinv = Q;
  for (i = 0; i < 4; i++)
    qinv = (qinv * (2 - Q * qinv)) & 0xffff;
  inv128 = powmod (128, Q - 2);

  /* Layers across registers.  */
  broadcast (ntt_tab[0], zeta_mont (1));
  for (g = 0; g < 2; g++)
    broadcast (ntt_tab[1 + g], zeta_mont (2 + g));
  for (g = 0; g < 4; g++)
    broadcast (ntt_tab[3 + g], zeta_mont (4 + g));
  for (g = 0; g < 4; g++)
    broadcast (invntt_tab[16 + g], zeta_mont (7 - g));
  for (g = 0; g < 2; g++)
    broadcast (invntt_tab[20 + g], zeta_mont (3 - g));
  broadcast (invntt_tab[22],
             centered (zeta_mont (1) * R_MOD_Q % Q * inv128 % Q));
  broadcast (invntt_tab[23], centered (R_MOD_Q * R_MOD_Q % Q * inv128));
  /* Layers inside register pairs.  */
  for (p = 0; p < 4; p++)
    fill_pair (p);
  for (i = 0; i < 128; i++)
    gamma_tab[i / LANES][i % LANES]
      = centered (powmod (ZETA, 2 * bitrev (i, 7) + 1) * R_MOD_Q);

  print_license_header ("mlkem-tables-avx512.h - Twiddle tables of the"
                        " AVX-512 ML-KEM kernels (generated)");
  printf ("/* Generated by cipher/gen-mlkem-avx512-tables.c; do not edit.\n"
          " * See that file for the formulas and the layout.  Entry [e][0]\n"
          " * holds 32 multipliers C (Montgomery form, centered), entry\n"
          " * [e][1] holds C * q^-1 mod 2^16.  The test suite\n"
          " * (tests/t-mlkem-kernels.c) recomputes every value.\n"
          " */\n\n"
          "#ifndef GCRY_MLKEM_TABLES_AVX512_H\n"
          "#define GCRY_MLKEM_TABLES_AVX512_H 1\n\n"
          "#include <stdint.h>\n\n");
  print_table ("mlkem_avx512_ntt_zetas", ntt_tab, 23,
               "Forward NTT twiddles, by layer and register pair.");
  print_table ("mlkem_avx512_invntt_zetas", invntt_tab, 24,
               "Inverse NTT twiddles, by layer and register pair, and the"
               " final factor.");
  print_table ("mlkem_avx512_gammas", gamma_tab, 4,
               "Base multiplication moduli gamma_i, 32 per entry.");
  /* The transposes never split the two words of a dword, so the
     permutations are dword permutations (vpermi2d, one uop on every
     AVX-512 core, unlike vpermi2w).  */
  for (p = 0; p < 4; p++)
    for (i = 0; i < LANES; i += 2)
      if ((perm_tab[p][i] & 1) || perm_tab[p][i + 1] != perm_tab[p][i] + 1)
        {
          fprintf (stderr, "permutation %u splits dword %u\n", p, i / 2);
          exit (1);
        }
  printf ("/* Dword permutations between the standard order and the lane\n"
          " * order of the LEN = 2 layer, as vpermi2d controls.  */\n"
          "static const uint32_t mlkem_avx512_perm[4][%u]\n"
          "  __attribute__ ((aligned (64))) =\n  {\n", LANES / 2);
  for (p = 0; p < 4; p++)
    {
      printf ("    {");
      for (i = 0; i < LANES; i += 2)
        printf (" %2u%s", perm_tab[p][i] / 2, i < LANES - 2 ? "," : "");
      printf (" }%s\n", p < 3 ? "," : "");
    }
  printf ("  };\n\n");
  printf ("#endif /*GCRY_MLKEM_TABLES_AVX512_H*/\n");
  return 0;
}
