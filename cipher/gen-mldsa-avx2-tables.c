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
 * Values.  zetas[k] = 1753^brv8(k) * 2^32 mod^+- q and
 * zq[k] = zetas[k] * q^-1 mod 2^32, exactly as in mldsa-tables.h
 * (see gen-mldsa-tables.c for the derivation), F = 2^64/256 mod q and
 * G = -zetas[1] F 2^-32 mod^+- q.  The inverse table holds -zetas[k]
 * and -zq[k] (mod 2^32).  A "pair" is the two words (z, zq); a
 * "vector" is eight words, one per 32-bit lane of a ymm register.
 *
 * Layout of the forward table (cipher/mldsa-ntt-amd64-avx2.S,
 * 1104 words):
 *   words 0..15:  pairs for zetas[0..7] (layers 128, 64, 32; pair 0
 *                 unused);
 *   then for each block m = 0..7 of 32 coefficients, 136 words:
 *     +0   pairs zetas[8+m] (layer 16), zetas[16+2m], zetas[17+2m]
 *          (layer 8), two zero words;
 *     +8   for the half p = 0 (coefficients 32m..32m+15), then +72
 *          for p = 1 (32m+16..32m+31), 64 words each:
 *            +0  Z4, +8 ZQ4:  lane l gets zetas[32 + 4m + 2p + l/4]
 *            +16 Z2, +24 ZQ2: lane l gets zetas[64 + 8m + 4p + l/2]
 *            +32 Z1, +40 ZQ1: lane l gets zetas[128 + 16m + 8p + l]
 *            +48 Z1O, +56 ZQ1O: lanes 2i and 2i+1 get the Z1/ZQ1
 *                value of lane 2i+1 (the odd lanes moved to the
 *                positions vpmuldq reads).
 *   The lane order of the per-lane vectors is the order the kernel
 *   shuffles the coefficients into for layers 4, 2 and 1.
 *
 * Layout of the inverse table (1104 words):
 *   for each block m = 0..7, 136 words:
 *     +0   pairs -zetas[31-2m], -zetas[30-2m] (layer 8),
 *          -zetas[15-m] (layer 16), two zero words;
 *     +8   for p = 0, then +72 for p = 1, 64 words each:
 *            +0  Z1, +8 ZQ1:  lane l gets -zetas[255 - (16m + 8p + l)]
 *            +16 Z1O, +24 ZQ1O: odd lanes as above
 *            +32 Z2, +40 ZQ2: lane l gets -zetas[127 - (8m + 4p + l/2)]
 *            +48 Z4, +56 ZQ4: lane l gets -zetas[63 - (4m + 2p + l/4)]
 *   then at word 1088, pairs -zetas[7], -zetas[6], -zetas[5],
 *   -zetas[4] (layer 32), -zetas[3], -zetas[2] (layer 64), F, G.
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
#define NWORDS 1104

#include "gen-tables-common.h"

/* Z * q^-1 mod 2^32 as a signed value.  */
static int32_t
times_qinv (int64_t z)
{
  const uint64_t qinv = 58728449;        /* q^-1 mod 2^32 */

  return (int32_t)(uint32_t)((uint64_t)z * qinv);
}

static int64_t zetas[256];

/* Store the pair (Z, Z q^-1) at T.  */
static void
put_pair (int32_t *t, int64_t z)
{
  t[0] = (int32_t)z;
  t[1] = times_qinv (z);
}

/* Store a per-lane vector and its q^-1 companion at T and T + 8;
   IDX gives the zetas index of each lane, NEG negates.  With ODD the
   vectors for the odd lanes follow at T + 16 and T + 24.  */
static void
put_vec (int32_t *t, const unsigned int idx[8], int neg, int odd)
{
  unsigned int l;

  for (l = 0; l < 8; l++)
    {
      int64_t z = neg ? -zetas[idx[l]] : zetas[idx[l]];

      t[l] = (int32_t)z;
      t[8 + l] = times_qinv (z);
    }
  if (odd)
    for (l = 0; l < 8; l++)
      {
        t[16 + l] = t[(l | 1)];
        t[24 + l] = t[8 + (l | 1)];
      }
}

static void
print_table (const char *name, const int32_t *t)
{
  unsigned int i;

  printf ("static const s32 %s[%d] MLDSA_ALIGN (32) =\n  {", name, NWORDS);
  for (i = 0; i < NWORDS; i++)
    printf ("%s%ld%s", i % 6 ? " " : "\n    ", (long)t[i],
            i + 1 < NWORDS ? "," : "");
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
  static int32_t fwd[NWORDS], inv[NWORDS];
  uint64_t r = ((uint64_t)1 << 32) % Q;
  uint64_t rinv = powmod (r, Q - 2);
  int64_t f, g;
  unsigned int k, m, p, l, idx[8];

  for (k = 0; k < 256; k++)
    {
      int64_t z = (int64_t)(powmod (ZETA, bitrev (k, 8)) * r % Q);

      if (z > Q / 2)
        z -= Q;
      zetas[k] = z;
    }
  f = (int64_t)powmod (2, 56);           /* 2^64 / 2^8 */
  g = ((Q - zetas[1]) % Q) * f % Q * (int64_t)rinv % Q;
  if (g > Q / 2)
    g -= Q;

  /* Forward table.  */
  for (k = 0; k < 8; k++)
    put_pair (fwd + 2 * k, zetas[k]);
  for (m = 0; m < 8; m++)
    {
      int32_t *b = fwd + 16 + 136 * m;

      put_pair (b, zetas[8 + m]);
      put_pair (b + 2, zetas[16 + 2 * m]);
      put_pair (b + 4, zetas[17 + 2 * m]);
      for (p = 0; p < 2; p++)
        {
          int32_t *v = b + 8 + 64 * p;

          for (l = 0; l < 8; l++)
            idx[l] = 32 + 4 * m + 2 * p + l / 4;
          put_vec (v, idx, 0, 0);
          for (l = 0; l < 8; l++)
            idx[l] = 64 + 8 * m + 4 * p + l / 2;
          put_vec (v + 16, idx, 0, 0);
          for (l = 0; l < 8; l++)
            idx[l] = 128 + 16 * m + 8 * p + l;
          put_vec (v + 32, idx, 0, 1);
        }
    }

  /* Inverse table.  */
  for (m = 0; m < 8; m++)
    {
      int32_t *b = inv + 136 * m;

      put_pair (b, -zetas[31 - 2 * m]);
      put_pair (b + 2, -zetas[30 - 2 * m]);
      put_pair (b + 4, -zetas[15 - m]);
      for (p = 0; p < 2; p++)
        {
          int32_t *v = b + 8 + 64 * p;

          for (l = 0; l < 8; l++)
            idx[l] = 255 - (16 * m + 8 * p + l);
          put_vec (v, idx, 1, 1);
          for (l = 0; l < 8; l++)
            idx[l] = 127 - (8 * m + 4 * p + l / 2);
          put_vec (v + 32, idx, 1, 0);
          for (l = 0; l < 8; l++)
            idx[l] = 63 - (4 * m + 2 * p + l / 4);
          put_vec (v + 48, idx, 1, 0);
        }
    }
  for (k = 0; k < 6; k++)
    put_pair (inv + 1088 + 2 * k, -zetas[7 - k]);
  put_pair (inv + 1100, f);
  put_pair (inv + 1102, g);

  print_license_header ("mldsa-tables-avx2.h - ML-DSA AVX2 NTT tables"
                        " (generated)");
  printf ("/* Generated by cipher/gen-mldsa-avx2-tables.c; do not edit.\n"
          " * The twiddle factors of mldsa-tables.h (and their negations"
          " for the\n * inverse), laid out in the order the AVX2 NTT reads"
          " them, and the\n * compaction table of the AVX2 uniform sampler;"
          " the layouts are\n * described in the generator.  */\n\n");
  printf ("#ifndef GCRY_MLDSA_TABLES_AVX2_H\n"
          "#define GCRY_MLDSA_TABLES_AVX2_H 1\n\n");
  printf ("#define MLDSA_AVX2_NTT_TABLE_WORDS %d\n\n", NWORDS);
  print_table ("mldsa_avx2_ntt_table", fwd);
  print_table ("mldsa_avx2_invntt_table", inv);
  print_rej_table ();
  printf ("#endif /*GCRY_MLDSA_TABLES_AVX2_H*/\n");
  return 0;
}
