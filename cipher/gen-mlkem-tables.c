/* gen-mlkem-tables.c - Generate the constant tables of ML-KEM
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

/* This stand-alone program writes cipher/mlkem-tables.h to stdout:
 *
 *   cc -o gen-mlkem-tables gen-mlkem-tables.c
 *   ./gen-mlkem-tables > mlkem-tables.h
 *
 * Everything follows from FIPS 203, section 4.3: q = 3329, n = 256,
 * and zeta = 17, a primitive 256-th root of unity mod q.  The
 * kernels work in the Montgomery domain with R = 2^16, so every
 * constant that is a multiplier of a Montgomery multiplication is
 * stored as c * R mod q, as the representative in [-(q-1)/2, (q-1)/2].
 *
 *  - mlkem_zetas_mont[i] = 17^BitRev7(i) * R mod q, i = 0..127: the
 *    twiddle factors of the forward NTT (FIPS 203 Algorithm 9) in the
 *    order in which the layers use them (index 0 is unused).
 *  - mlkem_gammas_mont[i] = 17^(2*BitRev7(i)+1) * R mod q, i = 0..127:
 *    the moduli X^2 - gamma_i of the base multiplication (FIPS 203
 *    Algorithm 11, equation 4.13).
 *  - mlkem_ntt_tail_mont[3][64] and mlkem_invntt_head_mont[3][64]:
 *    the twiddles of the two layers with len = 4 and len = 2 (the last
 *    two of the NTT, the first two of the inverse), repeated for each
 *    coefficient of a pair, so that the portable kernels can run these
 *    layers on four separated quarters of the polynomial with unit
 *    stride.  Entry i belongs to the block of eight coefficients
 *    b = floor(i/2):
 *      tail[0][i] = zetas[32 + b]       (len 4),
 *      tail[1][i] = zetas[64 + 2b]      (len 2, coefficients 0..3),
 *      tail[2][i] = zetas[65 + 2b]      (len 2, coefficients 4..7),
 *      head[0][i] = zetas[127 - 2b]     (len 2, coefficients 0..3),
 *      head[1][i] = zetas[126 - 2b]     (len 2, coefficients 4..7),
 *      head[2][i] = zetas[63 - b]       (len 4).
 *  - MLKEM_INVNTT_F = R^2 / 128 mod q: the final factor of the
 *    inverse NTT.  A Montgomery multiplication by it divides by 128
 *    (FIPS 203 Algorithm 10, last step) and multiplies by R, which
 *    cancels the R^-1 of a preceding base multiplication.
 *  - MLKEM_MONT_R2 = R^2 mod q: a Montgomery multiplication by it
 *    converts into the Montgomery domain (x -> x * R).
 *
 * The Montgomery and Barrett constants are derived here too, so that
 * the test suite can compare all of them with an independent
 * recomputation.  */

#include <stdio.h>
#include <stdlib.h>

#define Q 3329
#define ZETA 17
#define R_MOD_Q ((1L << 16) % Q)

#include "gen-tables-common.h"

static void
print_table (const char *name, const long *t, unsigned int n)
{
  unsigned int i;

  printf ("static const int16_t %s[%u] =\n  {\n", name, n);
  for (i = 0; i < n; i++)
    {
      if (i % 8 == 0)
        printf ("   ");
      printf (" %5ld%s", t[i], i + 1 < n ? "," : "");
      if (i % 8 == 7 || i + 1 == n)
        printf ("\n");
    }
  printf ("  };\n\n");
}

static void
print_table3 (const char *name, long t[3][64])
{
  unsigned int i, j;

  printf ("static const int16_t %s[3][64] =\n  {\n", name);
  for (j = 0; j < 3; j++)
    {
      printf ("    {\n");
      for (i = 0; i < 64; i++)
        {
          if (i % 8 == 0)
            printf ("     ");
          printf (" %5ld%s", t[j][i], i + 1 < 64 ? "," : "");
          if (i % 8 == 7)
            printf ("\n");
        }
      printf ("    }%s\n", j < 2 ? "," : "");
    }
  printf ("  };\n\n");
}

int
main (void)
{
  long zetas[128], gammas[128], tail[3][64], head[3][64];
  long inv128, qinv;
  unsigned int i;

  for (i = 0; i < 128; i++)
    {
      zetas[i] = centered (powmod (ZETA, bitrev (i, 7)) * R_MOD_Q);
      gammas[i] = centered (powmod (ZETA, 2 * bitrev (i, 7) + 1) * R_MOD_Q);
    }

  for (i = 0; i < 64; i++)
    {
      unsigned int b = i / 2;

      tail[0][i] = zetas[32 + b];
      tail[1][i] = zetas[64 + 2 * b];
      tail[2][i] = zetas[65 + 2 * b];
      head[0][i] = zetas[127 - 2 * b];
      head[1][i] = zetas[126 - 2 * b];
      head[2][i] = zetas[63 - b];
    }

  inv128 = powmod (128, Q - 2);  /* q is prime.  */

  /* q^-1 mod 2^16 by Newton iteration: each step doubles the number
     of correct low bits (q is odd, so q * q = 1 mod 8).  */
  qinv = Q;
  for (i = 0; i < 4; i++)
    qinv = (qinv * (2 - Q * qinv)) & 0xffff;

  printf ("/* mlkem-tables.h - Constant tables of ML-KEM (generated)\n"
          " * Copyright (C) 2026 The libgcrypt-pqc authors\n"
          " *\n"
          " * This file is part of libgcrypt-pqc.\n"
          " *\n"
          " * libgcrypt-pqc is free software; you can redistribute it and/or modify\n"
          " * it under the terms of the GNU Lesser General Public License as\n"
          " * published by the Free Software Foundation; either version 2.1 of\n"
          " * the License, or (at your option) any later version.\n"
          " *\n"
          " * SPDX-License-Identifier: LGPL-2.1-or-later\n"
          " */\n\n"
          "/* Generated by cipher/gen-mlkem-tables.c; do not edit.\n"
          " * See that file for the formulas.  The test suite\n"
          " * (tests/t-mlkem.c) recomputes every value.\n"
          " */\n\n"
          "#ifndef GCRY_MLKEM_TABLES_H\n"
          "#define GCRY_MLKEM_TABLES_H 1\n\n"
          "#include <stdint.h>\n\n");

  printf ("/* q^-1 mod 2^16, as a signed 16-bit value.  */\n"
          "#define MLKEM_QINV %ld\n", qinv >= 0x8000 ? qinv - 0x10000 : qinv);
  printf ("/* round(2^26 / q), the Barrett multiplier.  */\n"
          "#define MLKEM_BARRETT_V %ld\n",
          ((1L << 26) + Q / 2) / Q);
  printf ("/* R^2 mod q (R = 2^16), centered.  */\n"
          "#define MLKEM_MONT_R2 %ld\n", centered (R_MOD_Q * R_MOD_Q));
  printf ("/* R^2 / 128 mod q, centered.  */\n"
          "#define MLKEM_INVNTT_F %ld\n\n",
          centered (R_MOD_Q * R_MOD_Q % Q * inv128));

  printf ("/* 17^BitRev7(i) * 2^16 mod q, centered.  */\n");
  print_table ("mlkem_zetas_mont", zetas, 128);
  printf ("/* 17^(2*BitRev7(i)+1) * 2^16 mod q, centered.  */\n");
  print_table ("mlkem_gammas_mont", gammas, 128);
  printf ("/* Twiddles of the NTT layers len = 4 and 2 per coefficient"
          " pair.  */\n");
  print_table3 ("mlkem_ntt_tail_mont", tail);
  printf ("/* Twiddles of the inverse NTT layers len = 2 and 4 per"
          " coefficient pair.  */\n");
  print_table3 ("mlkem_invntt_head_mont", head);

  printf ("#endif /*GCRY_MLKEM_TABLES_H*/\n");
  return 0;
}
