/* gen-mldsa-ppc-tables.c - Generator of the ML-DSA PowerPC NTT table
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

/* This program writes cipher/mldsa-tables-ppc.h to stdout:
 *
 *   cc -o gen-mldsa-ppc-tables gen-mldsa-ppc-tables.c
 *   ./gen-mldsa-ppc-tables > mldsa-tables-ppc.h
 *
 * The output is checked in; tests/t-mldsa-kernels.c (on PowerPC)
 * rebuilds the table from cipher/mldsa-tables.h with the layout rules
 * below and compares.
 *
 * Values (as in gen-mldsa-tables.c): zetas_plain[k] = 1753^brv8(k)
 * mod q and its Shoup companion floor (zetas_plain[k] 2^32 / q);
 * FP = 2^24 mod q, GP = zetas_plain[1] FP mod q and their companions.
 * A "vector" V is four 32-bit words, loaded by lxvw4x so that word i
 * of memory is word element i of the register (big-endian element
 * numbering of the ISA, on both byte orders).  A "pair" is a vector
 * of twiddles Z followed by the vector of their companions ZS.
 * "splat k" is a pair with zetas_plain[k] in all four words.
 *
 * Layout (cipher/mldsa-ntt-ppc64le-vsx.S), 556 vectors:
 *   V0..V17   constants: q, 2q, 4q, 8q, 16q, 32q, 64q, 128q, 256q, 9q,
 *             q^-1 mod 2^32, 2^22, the vperm masks HI and LO (the
 *             high and low words of the 64-bit lanes of two vmul[eo]
 *             results, in lane order), FP, FP companion, GP, GP
 *             companion (all splat);
 *   V18       forward layers 1-3: splat 1, ..., splat 7;
 *   V32       forward layers 4-8, block b = 0..7 (32 coefficients) of
 *             32 vectors: splat 8+b, splat 16+2b, splat 17+2b,
 *             splat 32+4b+j (j = 0..3), two zero vectors, then for the
 *             vector pairs j = 0..3 (groups i = 8b+2j, i' = i+1 of four
 *             coefficients) the pair (z[64+i], z[64+i], z[64+i'],
 *             z[64+i']) of layer 7 and the pair (z[128+2i], z[129+2i],
 *             z[128+2i'], z[129+2i']) of layer 8 (the lane orders of
 *             the shuffles in the kernel);
 *   V288      inverse layers 1-5, block b of 32 vectors: for the pairs
 *             j = 0..3, the pair (z'[2i], z'[2i'], z'[2i+1], z'[2i'+1])
 *             of layer 1 and (z'[128+i], z'[128+i], z'[128+i'],
 *             z'[128+i']) of layer 2, where z'[k] = zetas_plain[255-k];
 *             then splat 63-4b-j (j = 0..3), splat 31-2b, splat 30-2b,
 *             splat 15-b, two zero vectors;
 *   V544      inverse layers 6-7: splat 7, 6, 5, 4, 3, 2 (layer 8 uses
 *             FP and GP).
 * The block size is a multiple of 8 vectors so that the kernel walks
 * it with one pointer and eight fixed offsets.  */

#include <stdio.h>
#include <stdint.h>

#define Q 8380417
#define ZETA 1753
#define NVEC 556

#include "gen-tables-common.h"

static uint32_t tab[4 * NVEC];
static uint32_t plain[256];

static uint32_t
shoup (uint32_t z)
{
  return (uint32_t)(((uint64_t)z << 32) / Q);
}

/* A pair at vector V from the four twiddles Z.  */
static void
put_pair4 (unsigned int v, const uint32_t z[4])
{
  unsigned int l;

  for (l = 0; l < 4; l++)
    {
      tab[4 * v + l] = z[l];
      tab[4 * v + 4 + l] = shoup (z[l]);
    }
}

/* Vector V with X in all words.  */
static void
put_splat (unsigned int v, uint32_t x)
{
  unsigned int l;

  for (l = 0; l < 4; l++)
    tab[4 * v + l] = x;
}

/* Pair at V, zetas_plain[K] in all lanes.  */
static void
put_zsplat (unsigned int v, unsigned int k)
{
  put_splat (v, plain[k]);
  put_splat (v + 1, shoup (plain[k]));
}

/* Lanes of a vperm mask: byte i of the register is B[i].  */
static void
put_mask (unsigned int v, const unsigned char b[16])
{
  unsigned int l;

  for (l = 0; l < 4; l++)
    tab[4 * v + l] = ((uint32_t)b[4 * l] << 24) | ((uint32_t)b[4 * l + 1] << 16)
                     | ((uint32_t)b[4 * l + 2] << 8) | b[4 * l + 3];
}

int
main (void)
{
  static const unsigned char hi[16] =
    { 0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27 };
  static const unsigned char lo[16] =
    { 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31 };
  uint32_t fp, gp, z[4];
  unsigned int k, b, j, v, i, n;

  for (k = 0; k < 256; k++)
    plain[k] = (uint32_t)powmod (ZETA, bitrev (k, 8));
  fp = (uint32_t)powmod (2, 24);
  gp = (uint32_t)((uint64_t)plain[1] * fp % Q);

  /* Constants.  */
  for (k = 0; k < 9; k++)
    put_splat (k, (uint32_t)Q << k);
  put_splat (9, 9 * Q);
  put_splat (10, 58728449);               /* q^-1 mod 2^32 */
  put_splat (11, 1u << 22);
  put_mask (12, hi);
  put_mask (13, lo);
  put_splat (14, fp);
  put_splat (15, shoup (fp));
  put_splat (16, gp);
  put_splat (17, shoup (gp));

  /* Forward layers 1-3.  */
  for (k = 1; k < 8; k++)
    put_zsplat (18 + 2 * (k - 1), k);

  /* Forward layers 4-8.  */
  for (b = 0; b < 8; b++)
    {
      v = 32 + 32 * b;
      put_zsplat (v, 8 + b);
      put_zsplat (v + 2, 16 + 2 * b);
      put_zsplat (v + 4, 17 + 2 * b);
      for (j = 0; j < 4; j++)
        put_zsplat (v + 6 + 2 * j, 32 + 4 * b + j);
      for (j = 0; j < 4; j++)
        {
          i = 8 * b + 2 * j;
          z[0] = z[1] = plain[64 + i];
          z[2] = z[3] = plain[64 + i + 1];
          put_pair4 (v + 16 + 4 * j, z);
          z[0] = plain[128 + 2 * i];
          z[1] = plain[129 + 2 * i];
          z[2] = plain[128 + 2 * (i + 1)];
          z[3] = plain[129 + 2 * (i + 1)];
          put_pair4 (v + 18 + 4 * j, z);
        }
    }

  /* Inverse layers 1-5.  */
  for (b = 0; b < 8; b++)
    {
      v = 288 + 32 * b;
      for (j = 0; j < 4; j++)
        {
          i = 8 * b + 2 * j;
          z[0] = plain[255 - 2 * i];
          z[1] = plain[255 - 2 * (i + 1)];
          z[2] = plain[255 - (2 * i + 1)];
          z[3] = plain[255 - (2 * (i + 1) + 1)];
          put_pair4 (v + 4 * j, z);
          z[0] = z[1] = plain[255 - (128 + i)];
          z[2] = z[3] = plain[255 - (128 + i + 1)];
          put_pair4 (v + 2 + 4 * j, z);
        }
      for (j = 0; j < 4; j++)
        put_zsplat (v + 16 + 2 * j, 63 - 4 * b - j);
      put_zsplat (v + 24, 31 - 2 * b);
      put_zsplat (v + 26, 30 - 2 * b);
      put_zsplat (v + 28, 15 - b);
    }

  /* Inverse layers 6-7.  */
  for (k = 7; k >= 2; k--)
    put_zsplat (544 + 2 * (7 - k), k);

  print_license_header ("mldsa-tables-ppc.h - ML-DSA PowerPC NTT table"
                        " (generated)");
  printf ("/* Generated by cipher/gen-mldsa-ppc-tables.c; do not edit.\n"
          " * The layout is described there and in"
          " cipher/mldsa-ntt-ppc64le-vsx.S.  */\n\n"
          "#ifndef GCRY_MLDSA_TABLES_PPC_H\n"
          "#define GCRY_MLDSA_TABLES_PPC_H 1\n\n");
  n = 4 * NVEC;
  printf ("static const u32 mldsa_ppc_table[%u] MLDSA_ALIGN (16) =\n  {", n);
  for (i = 0; i < n; i++)
    printf ("%s%lu%s", i % 6 ? " " : "\n    ", (unsigned long)tab[i],
            i + 1 < n ? "," : "");
  printf ("\n  };\n\n#endif /*GCRY_MLDSA_TABLES_PPC_H*/\n");
  return 0;
}
