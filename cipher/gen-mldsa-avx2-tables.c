/* gen-mldsa-avx2-tables.c - Generator of the ML-DSA AVX2 NTT tables
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

/* This program writes cipher/mldsa-tables-avx2.h to stdout:
 *
 *   cc -o gen-mldsa-avx2-tables gen-mldsa-avx2-tables.c
 *   ./gen-mldsa-avx2-tables > mldsa-tables-avx2.h
 *
 * The output is checked in; tests/t-mldsa-avx2.c recomputes both
 * tables from cipher/mldsa-tables.h with the layout rules below and
 * compares.
 *
 * Values.  mont[k] = 1753^brv8(k) * 2^32 mod^+- q, the Montgomery
 * twiddles of mldsa-tables.h (zetas[k] there), with the companion
 * mont[k] * q^-1 mod 2^32; plain[k] = 1753^brv8(k) mod^+- q (the
 * centred zetas_plain[k] of mldsa-tables.h), with the Shoup companion
 *   shoup (z) = round (z * 2^32 / q)   (|shoup (z)| < 2^31 for |z| < q/2),
 * so that for any signed 32-bit b, with h = floor (b * shoup (z) / 2^32),
 * r = b z - h q satisfies r = b z mod q and r / q in [-e, 1 - e) with
 * |e| <= |b| / 2^33 (see cipher/mldsa-ntt-amd64-avx2.S).  F = 2^64/256
 * mod q and G = -mont[1] F 2^-32 mod^+- q (MLDSA_INVNTT_F and
 * MLDSA_INVNTT_G) with their q^-1 companions.  The inverse transform
 * uses -plain[k].
 *
 * Every entry is a vector of eight 32-bit words, one per lane of a ymm
 * register, read as a memory operand.  A "broadcast" entry of z is two
 * vectors: z in every lane, then shoup (z) in every lane.  A "lane"
 * entry is three vectors for per-lane values z_l: z_l, shoup (z_l),
 * and shoup (z_l) of the odd lanes moved down (lanes 2i and 2i+1 get
 * shoup (z_{2i+1}), so that vpmuldq reads it next to the odd
 * coefficients shifted into the even lanes).  A "Montgomery" entry is
 * two vectors: z and z q^-1 mod 2^32 in every lane.
 *
 * Layout of the forward table (1168 words; the kernel's pass 1 works
 * on columns, pass 2 on groups g = 0..3 of 64 coefficients, which it
 * transposes as an 8 x 8 matrix for layers 4, 2, 1, so that lane i of
 * register j holds coefficient 64g + 8i + j):
 *   word 0:    Montgomery mont[1] (layer 128);
 *   word 16:   broadcast plain[2], plain[3] (layer 64), then plain[4]
 *              .. plain[7] (layer 32), 16 words each;
 *   word 112 + 264 g, for group g:
 *     +0    broadcast plain[8 + 2g], plain[9 + 2g]      (layer 16)
 *     +32   broadcast plain[16 + 4g + h], h = 0..3      (layer 8)
 *     +96   lane, lane i: plain[32 + 8g + i]            (layer 4)
 *     +120  lane, lane i: plain[64 + 16g + 2i + h], h = 0, 1
 *           (layer 2)
 *     +168  lane, lane i: plain[128 + 32g + 4i + h], h = 0..3
 *           (layer 1)
 *
 * Layout of the inverse table (1184 words):
 *   word 264 g, for group g:
 *     +0    lane, lane i: -plain[255 - (32g + 4i + h)], h = 0..3
 *           (layer 1)
 *     +96   lane, lane i: -plain[127 - (16g + 2i + h)], h = 0, 1
 *           (layer 2)
 *     +144  lane, lane i: -plain[63 - (8g + i)]         (layer 4)
 *     +168  broadcast -plain[31 - (4g + h)], h = 0..3   (layer 8)
 *     +232  broadcast -plain[15 - (2g + h)], h = 0, 1   (layer 16)
 *   word 1056: broadcast -plain[7 - h], h = 0..3 (layer 32), then
 *              -plain[3], -plain[2] (layer 64);
 *   word 1152: Montgomery F, then Montgomery G (layer 128 with the
 *              scaling).
 *
 * The rejection table of the uniform sampler (RejNTTPoly, FIPS 204
 * Algorithm 30; cipher/mldsa-poly-amd64-avx2.S), 2304 bytes: for
 * each 8-bit mask m of accepted candidates, bytes 8m..8m+7 list the
 * positions of the set bits of m in increasing order (vpermd indices
 * that move the accepted candidates to the front), padded with 0;
 * byte 2048 + m is the number of set bits of m.  */

#include <stdio.h>
#include <stdint.h>

#define Q 8380417
#define ZETA 1753
#define FWD_WORDS 1168
#define INV_WORDS 1184

#include "gen-tables-common.h"

/* Z * q^-1 mod 2^32 as a signed value.  */
static int32_t
times_qinv (int64_t z)
{
  const uint64_t qinv = 58728449;        /* q^-1 mod 2^32 */

  return (int32_t)(uint32_t)((uint64_t)z * qinv);
}

static int64_t mont[256], plain[256];

/* Store the vector with V in every lane at T; return T + 8.  */
static int32_t *
put_splat (int32_t *t, int32_t v)
{
  unsigned int l;

  for (l = 0; l < 8; l++)
    t[l] = v;
  return t + 8;
}

/* Store the broadcast entry of Z at T; return the next free word.  */
static int32_t *
put_bcast (int32_t *t, int64_t z)
{
  t = put_splat (t, (int32_t)z);
  return put_splat (t, shoup_round (z));
}

/* Store the Montgomery entry of Z at T; return the next free word.  */
static int32_t *
put_mont (int32_t *t, int64_t z)
{
  t = put_splat (t, (int32_t)z);
  return put_splat (t, times_qinv (z));
}

/* Store the lane entry of Z[0..7] at T; return the next free word.  */
static int32_t *
put_lanes (int32_t *t, const int64_t z[8])
{
  unsigned int l;

  for (l = 0; l < 8; l++)
    {
      t[l] = (int32_t)z[l];
      t[8 + l] = shoup_round (z[l]);
      t[16 + l] = shoup_round (z[l | 1]);
    }
  return t + 24;
}

static void
print_table (const char *name, const char *size, const int32_t *t,
             unsigned int n)
{
  unsigned int i;

  printf ("static const s32 %s[%s] MLDSA_ALIGN (32) =\n  {", name, size);
  for (i = 0; i < n; i++)
    printf ("%s%ld%s", i % 6 ? " " : "\n    ", (long)t[i],
            i + 1 < n ? "," : "");
  printf ("\n  };\n\n");
}

static void
print_rej_table (void)
{
  static unsigned char t[2304];
  unsigned int m, i, n;

  for (m = 0; m < 256; m++)
    {
      for (i = n = 0; i < 8; i++)
        if (m & (1u << i))
          t[8 * m + n++] = (unsigned char)i;
      t[2048 + m] = (unsigned char)n;
    }
  printf ("static const byte mldsa_avx2_rej_table[2304] MLDSA_ALIGN (32) ="
          "\n  {");
  for (i = 0; i < 2304; i++)
    printf ("%s%u%s", i % 16 ? " " : "\n    ", t[i], i + 1 < 2304 ? "," : "");
  printf ("\n  };\n\n");
}

int
main (void)
{
  static int32_t fwd[FWD_WORDS], inv[INV_WORDS];
  uint64_t r = ((uint64_t)1 << 32) % Q;
  uint64_t rinv = powmod (r, Q - 2);
  int64_t f, g, z[8];
  unsigned int k, h, i, grp;
  int32_t *t;

  for (k = 0; k < 256; k++)
    {
      plain[k] = centered ((long)powmod (ZETA, bitrev (k, 8)));
      mont[k] = centered ((long)(powmod (ZETA, bitrev (k, 8)) * r % Q));
    }
  f = (int64_t)powmod (2, 56);           /* 2^64 / 2^8 */
  g = centered ((long)(modq ((long)-mont[1]) * f % Q * (int64_t)rinv % Q));

  /* Forward table.  */
  t = put_mont (fwd, mont[1]);
  for (k = 2; k < 8; k++)
    t = put_bcast (t, plain[k]);
  for (grp = 0; grp < 4; grp++)
    {
      for (h = 0; h < 2; h++)
        t = put_bcast (t, plain[8 + 2 * grp + h]);
      for (h = 0; h < 4; h++)
        t = put_bcast (t, plain[16 + 4 * grp + h]);
      for (i = 0; i < 8; i++)
        z[i] = plain[32 + 8 * grp + i];
      t = put_lanes (t, z);
      for (h = 0; h < 2; h++)
        {
          for (i = 0; i < 8; i++)
            z[i] = plain[64 + 16 * grp + 2 * i + h];
          t = put_lanes (t, z);
        }
      for (h = 0; h < 4; h++)
        {
          for (i = 0; i < 8; i++)
            z[i] = plain[128 + 32 * grp + 4 * i + h];
          t = put_lanes (t, z);
        }
    }
  if (t != fwd + FWD_WORDS)
    return 1;

  /* Inverse table.  */
  t = inv;
  for (grp = 0; grp < 4; grp++)
    {
      for (h = 0; h < 4; h++)
        {
          for (i = 0; i < 8; i++)
            z[i] = -plain[255 - (32 * grp + 4 * i + h)];
          t = put_lanes (t, z);
        }
      for (h = 0; h < 2; h++)
        {
          for (i = 0; i < 8; i++)
            z[i] = -plain[127 - (16 * grp + 2 * i + h)];
          t = put_lanes (t, z);
        }
      for (i = 0; i < 8; i++)
        z[i] = -plain[63 - (8 * grp + i)];
      t = put_lanes (t, z);
      for (h = 0; h < 4; h++)
        t = put_bcast (t, -plain[31 - (4 * grp + h)]);
      for (h = 0; h < 2; h++)
        t = put_bcast (t, -plain[15 - (2 * grp + h)]);
    }
  for (h = 0; h < 4; h++)
    t = put_bcast (t, -plain[7 - h]);
  t = put_bcast (t, -plain[3]);
  t = put_bcast (t, -plain[2]);
  t = put_mont (t, f);
  t = put_mont (t, g);
  if (t != inv + INV_WORDS)
    return 1;

  print_license_header ("mldsa-tables-avx2.h - ML-DSA AVX2 NTT tables"
                        " (generated)");
  printf ("/* Generated by cipher/gen-mldsa-avx2-tables.c; do not edit.\n"
          " * The twiddle factors of mldsa-tables.h (and their negations"
          " for the\n * inverse), laid out in the order the AVX2 NTT reads"
          " them, and the\n * compaction table of the AVX2 uniform sampler;"
          " the layouts are\n * described in the generator.  */\n\n");
  printf ("#ifndef GCRY_MLDSA_TABLES_AVX2_H\n"
          "#define GCRY_MLDSA_TABLES_AVX2_H 1\n\n");
  printf ("#define MLDSA_AVX2_NTT_TABLE_WORDS %d\n", FWD_WORDS);
  printf ("#define MLDSA_AVX2_INVNTT_TABLE_WORDS %d\n\n", INV_WORDS);
  print_table ("mldsa_avx2_ntt_table", "MLDSA_AVX2_NTT_TABLE_WORDS", fwd,
               FWD_WORDS);
  print_table ("mldsa_avx2_invntt_table", "MLDSA_AVX2_INVNTT_TABLE_WORDS",
               inv, INV_WORDS);
  print_rej_table ();
  printf ("#endif /*GCRY_MLDSA_TABLES_AVX2_H*/\n");
  return 0;
}
