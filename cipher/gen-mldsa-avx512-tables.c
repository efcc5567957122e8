/* gen-mldsa-avx512-tables.c - Generator of the ML-DSA AVX-512 NTT tables
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

/* This program writes cipher/mldsa-tables-avx512.h to stdout:
 *
 *   cc -o gen-mldsa-avx512-tables gen-mldsa-avx512-tables.c
 *   ./gen-mldsa-avx512-tables > mldsa-tables-avx512.h
 *
 * The output is checked in; tests/t-mldsa-avx512.c recomputes both
 * tables from cipher/mldsa-tables.h with the rules below and compares.
 *
 * Values.  The kernel multiplies by a twiddle in two ways (see
 * mldsa-ntt-amd64-avx512.S).  Montgomery products, in the forward
 * layer 128 and in the inverse layer 128 merged with the scaling, use
 * a Montgomery pair (z, z q^-1 mod 2^32) with z = zetas[1] =
 * 1753^brv8(1) * 2^32 mod^+- q, F = 2^64/256 mod q or G = -zetas[1]
 * F 2^-32 mod^+- q, as for the AVX2 tables (gen-mldsa-avx2-tables.c).
 * All other layers use Shoup products with plain twiddles,
 * plain[k] = 1753^brv8(k) mod^+- q (negated for the inverse), and
 * their companion shoup (z) = round (z 2^32 / q); a Shoup pair is the
 * two words (shoup (z), z).  So the word the kernel reads with vpmuldq
 * comes first in both kinds of pair, the one it reads with vpmulld
 * second.  A "vector" is 16 first words, one per 32-bit lane of a zmm
 * register, followed by the 16 second words; all vectors are Shoup
 * ones.
 *
 * Which twiddle a lane needs.  The kernel (mldsa-ntt-amd64-avx512.S)
 * shuffles each register pair through the orders C/D, E/F, G/H, I/J
 * described there.  This program applies the same shuffles to the
 * coefficient indices; at a butterfly of distance LEN whose lower
 * operand lane holds coefficient n, the forward twiddle is
 * zetas[128/LEN + n/(2 LEN)] and the inverse one
 * -zetas[256/LEN - 1 - n/(2 LEN)] (FIPS 204 Algorithms 41 and 42).
 * Layer 1 has an "odd" copy of its first words (not of the plain
 * twiddles: the kernel forms lo (b z) with vpmulld, lane by lane) in
 * which lanes 2i and 2i+1 hold lane 2i+1's value (vpmuldq reads the
 * even lanes only); in the other layers both lanes of a 64-bit lane
 * hold the same twiddle.
 *
 * Layout of the forward table (1192 words):
 *   words 0..31:  pair k for twiddle k = 0..15: the Montgomery pair of
 *                 zetas[1] at k = 1, Shoup pairs of plain[k] for
 *                 k = 2..15 (pair 0 unused, zero);
 *   then for each register pair p = 0..7 (coefficients 32p .. 32p+31),
 *   144 words: layer 8, layer 4, layer 2, layer 1 (one vector of 32
 *   words each), layer 1 odd (16 words);
 *   zero words of padding.
 * Layout of the inverse table (1192 words):
 *   for each register pair p, 144 words: layer 1 (32 words), layer 1
 *   odd (16), layer 2, layer 4, layer 8 (32 each);
 *   then at word 1152 the Shoup pairs of layer 16 (-plain[15 - p],
 *   p = 0..7), layer 32 (-plain[7 - g], g = 0..3), layer 64
 *   (-plain[3], -plain[2]), and the Montgomery pairs of F and G;
 *   8 zero words.  */

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#define Q 8380417
#define ZETA 1753
#define NWORDS 1192

#include "gen-tables-common.h"

static int64_t zetas[256], plain[256];

static int32_t
times_qinv (int64_t z)
{
  const uint64_t qinv = 58728449;        /* q^-1 mod 2^32 */

  return (int32_t)(uint32_t)((uint64_t)z * qinv);
}

/* The Montgomery pair of Z.  */
static void
put_pair (int32_t *t, int64_t z)
{
  t[0] = (int32_t)z;
  t[1] = times_qinv (z);
}

/* The Shoup pair of the plain twiddle Z.  */
static void
put_shoup_pair (int32_t *t, int64_t z)
{
  t[0] = shoup_round (z);
  t[1] = (int32_t)z;
}

/* The register shuffles of the kernel on lane contents (coefficient
   indices).  */

/* vshufi64x2: chunks 0, 1 from X, 2, 3 from Y, chosen by IMM.  */
static void
shuf128 (int *d, const int *x, const int *y, unsigned int imm)
{
  unsigned int j, l;

  for (j = 0; j < 4; j++)
    for (l = 0; l < 4; l++)
      d[4 * j + l] = (j < 2 ? x : y)[4 * ((imm >> (2 * j)) & 3) + l];
}

/* vpunpck[lh]qdq: per 128-bit chunk, qword HI of X, then of Y.  */
static void
unpack64 (int *d, const int *x, const int *y, unsigned int hi)
{
  unsigned int c;

  for (c = 0; c < 4; c++)
    {
      d[4 * c + 0] = x[4 * c + 2 * hi];
      d[4 * c + 1] = x[4 * c + 2 * hi + 1];
      d[4 * c + 2] = y[4 * c + 2 * hi];
      d[4 * c + 3] = y[4 * c + 2 * hi + 1];
    }
}

/* The 32-bit interleave (G, H) -> (I, J).  */
static void
xch32 (int *i, int *j, const int *g, const int *h)
{
  unsigned int l;

  for (l = 0; l < 16; l += 2)
    {
      i[l] = g[l];
      i[l + 1] = h[l];
      j[l] = g[l + 1];
      j[l + 1] = h[l + 1];
    }
}

/* Store the vector for the butterfly (X, Y) of distance LEN at T
   (forward twiddles unless INV), with the odd copy of the twiddles
   at T + 32 if ODD.  */
static void
put_vec (int32_t *t, const int *x, const int *y, int len, int inv, int odd)
{
  unsigned int l;

  for (l = 0; l < 16; l++)
    {
      int n = x[l];
      int64_t z;

      if (y[l] != n + len || (n / len) % 2)
        {
          fprintf (stderr, "lane %u: bad butterfly %d, %d\n", l, n, y[l]);
          exit (1);
        }
      if (inv)
        z = -plain[256 / len - 1 - n / (2 * len)];
      else
        z = plain[128 / len + n / (2 * len)];
      t[l] = shoup_round (z);
      t[16 + l] = (int32_t)z;
    }
  if (odd)
    for (l = 0; l < 16; l++)
      t[32 + l] = t[l | 1];
}

/* The per-pair vectors of pair P: forward at FWD, inverse at INV.  */
static void
pair_vectors (int32_t *fwd, int32_t *inv, unsigned int p)
{
  int a[16], b[16], c[16], d[16], e[16], f[16], g[16], h[16];
  int i[16], j[16];
  unsigned int l;

  for (l = 0; l < 16; l++)
    {
      a[l] = 32 * p + l;
      b[l] = 32 * p + 16 + l;
    }
  shuf128 (c, a, b, 0x44);
  shuf128 (d, a, b, 0xee);
  shuf128 (e, c, d, 0x88);
  shuf128 (f, c, d, 0xdd);
  unpack64 (g, e, f, 0);
  unpack64 (h, e, f, 1);
  xch32 (i, j, g, h);

  put_vec (fwd, c, d, 8, 0, 0);
  put_vec (fwd + 32, e, f, 4, 0, 0);
  put_vec (fwd + 64, g, h, 2, 0, 0);
  put_vec (fwd + 96, i, j, 1, 0, 1);

  put_vec (inv, i, j, 1, 1, 1);
  put_vec (inv + 48, g, h, 2, 1, 0);
  put_vec (inv + 80, e, f, 4, 1, 0);
  put_vec (inv + 112, c, d, 8, 1, 0);
}

static void
print_table (const char *name, const int32_t *t)
{
  unsigned int i;

  printf ("static const s32 %s[%d] MLDSA_ALIGN (64) =\n  {", name, NWORDS);
  for (i = 0; i < NWORDS; i++)
    printf ("%s%ld%s", i % 6 ? " " : "\n    ", (long)t[i],
            i + 1 < NWORDS ? "," : "");
  printf ("\n  };\n\n");
}

int
main (void)
{
  static int32_t fwd[NWORDS], inv[NWORDS];
  uint64_t r = ((uint64_t)1 << 32) % Q;
  uint64_t rinv = powmod (r, Q - 2);
  int64_t f, g;
  unsigned int k, p;

  for (k = 0; k < 256; k++)
    {
      plain[k] = centered ((long)powmod (ZETA, bitrev (k, 8)));
      zetas[k] = centered ((long)(modq (plain[k]) * r % Q));
    }
  f = (int64_t)powmod (2, 56);           /* 2^64 / 2^8 */
  g = centered ((long)(modq (-zetas[1]) * f % Q * (int64_t)rinv % Q));

  put_pair (fwd + 2, zetas[1]);
  for (k = 2; k < 16; k++)
    put_shoup_pair (fwd + 2 * k, plain[k]);
  for (p = 0; p < 8; p++)
    pair_vectors (fwd + 32 + 144 * p, inv + 144 * p, p);
  for (p = 0; p < 8; p++)
    put_shoup_pair (inv + 1152 + 2 * p, -plain[15 - p]);
  for (k = 0; k < 4; k++)
    put_shoup_pair (inv + 1168 + 2 * k, -plain[7 - k]);
  put_shoup_pair (inv + 1176, -plain[3]);
  put_shoup_pair (inv + 1178, -plain[2]);
  put_pair (inv + 1180, f);
  put_pair (inv + 1182, g);

  print_license_header ("mldsa-tables-avx512.h - ML-DSA AVX-512 NTT tables"
                        " (generated)");
  printf ("/* Generated by cipher/gen-mldsa-avx512-tables.c; do not edit.\n"
          " * The twiddle factors of mldsa-tables.h (and their negations"
          " for the\n * inverse), laid out in the order the AVX-512 NTT"
          " reads them; the\n * layout is described in the generator."
          "  */\n\n");
  printf ("#ifndef GCRY_MLDSA_TABLES_AVX512_H\n"
          "#define GCRY_MLDSA_TABLES_AVX512_H 1\n\n");
  printf ("#define MLDSA_AVX512_NTT_TABLE_WORDS %d\n\n", NWORDS);
  print_table ("mldsa_avx512_ntt_table", fwd);
  print_table ("mldsa_avx512_invntt_table", inv);
  printf ("#endif /*GCRY_MLDSA_TABLES_AVX512_H*/\n");
  return 0;
}
