/* gen-mlkem-ppc-tables.c - Generate the tables of the ppc64le ML-KEM kernels
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

/* This stand-alone program writes cipher/mlkem-tables-ppc.h to
 * stdout:
 *
 *   cc -o gen-mlkem-ppc-tables gen-mlkem-ppc-tables.c
 *   ./gen-mlkem-ppc-tables > mlkem-tables-ppc.h
 *
 * The kernels of cipher/mlkem-ntt-ppc64le-vsx.S multiply eight
 * int16_t lanes by constants C with a Barrett multiplication that
 * needs C and its twisted companion
 *   C' = round (C * 2^15 / q)
 * (vmhraddshs forms t = round (x * C' / 2^15), two vmladduhm form
 * x * C - t * q mod 2^16; see the .S file for the bound).  A table
 * entry is one 16-byte vector; C and C' sit in consecutive entries.
 * The constants are plain residues (no Montgomery factor), centered
 * in [-(q-1)/2, (q-1)/2]:
 *   zeta_k  = 17^BitRev7(k) mod q  (NTT twiddles, FIPS 203 4.3),
 *   gamma_i = 17^(2 BitRev7(i) + 1) mod q  (base multiplication).
 *
 * Lane order.  The kernels load and store with lxvd2x/stxvd2x, which
 * on little-endian POWER8 put memory halfword j of a 16-byte vector
 * into (big-endian numbered) element 3 - j for j < 4 and 11 - j for
 * j >= 4; the same map takes element e back to memory (it is its own
 * inverse).  All lane maps below are in element numbers, as the ISA
 * numbers them, and this program writes each entry in the memory
 * order that lxvd2x turns into the wanted elements.  vperm controls
 * are written the same way byte by byte (element byte b comes from
 * memory byte 7 - b for b < 8 and 23 - b for b >= 8).
 *
 * The NTT and its inverse pair registers X, Y (coefficients 8v..8v+7
 * and 8v+8..8v+15, v even) for the distances 4 and 2 by
 *   P = xxpermdi (X, Y, 0), Q = xxpermdi (X, Y, 3)   (distance 4)
 *   U = vmrgew (P, Q),      V = vmrgow (P, Q)        (distance 2)
 * both involutions.  The program follows the coefficient index of
 * every lane through them, derives each lane's twiddle from the index
 * of the butterfly's upper input, and checks that the partner lane
 * holds the coefficient at the right distance.
 *
 * mlkem_ppc_ntt_tab (forward NTT, FIPS 203 Algorithm 9; group g of
 * the layer with distance LEN uses zeta_{128/LEN + g}):
 *   entry 0          -q in every lane
 *   entries 1..14    (C, C') of zeta_1 .. zeta_7, broadcast (pass 1:
 *                    LEN = 128, 64, 32)
 *   entries 15..126  pass 2, 28 per block b of 64 coefficients:
 *                    LEN = 16 (2 pairs), LEN = 8 (4 pairs), then per
 *                    register pair m = 0..3 the pairs for LEN = 4
 *                    (on P, Q) and LEN = 2 (on V, U)
 *
 * mlkem_ppc_invntt_tab (FIPS 203 Algorithm 10 times 2^16; group g of
 * the layer with distance LEN uses zeta_{256/LEN - 1 - g}):
 *   entry 0          -q in every lane
 *   entries 1..112   pass 1, 28 per block b: per register pair m the
 *                    pairs for LEN = 2 and LEN = 4, then LEN = 8
 *                    (4 pairs) and LEN = 16 (2 pairs)
 *   entries 113..128 pass 2: LEN = 32 (zeta_7..zeta_4), LEN = 64
 *                    (zeta_3, zeta_2), then LEN = 128 with the final
 *                    factor F = 2^16 / 128 mod q folded in:
 *                    (zeta_1 F, F)
 *
 * mlkem_ppc_mul_tab (mulcache, base multiplication):
 *   entry 0          -q in every lane
 *   entry 1          q^-1 mod 2^16 in every lane
 *   entry 2          per 32-bit word: element 2w = 0, 2w+1 = -q
 *   entries 3..34    (C, C') per block v of 16 coefficients: element
 *                    e of the cache vector of block v holds
 *                    b_(2p+1) gamma_p for the pair p given below
 * mlkem_ppc_mul_perm (vperm controls, element bytes):
 *   0  B0' = vperm (B0, C): the high halfword of word w replaced by
 *      cache element w
 *   1  B1' = vperm (B1, C): ... by cache element 4 + w
 *   2  R = vperm (E, O): word w = high half of O.w (odd coefficient),
 *      high half of E.w (even coefficient)
 *   3  C = vperm (B0, B1): the high (odd-coefficient) halfwords
 *
 * mlkem_ppc_coef_tab (reduce, tomont): -q, q, (C, C') of
 * 2^16 mod q.
 *
 * mlkem_ppc10_mul_tab: the constants of mlkem_ppc_mul_tab and the
 * gammas of the POWER10 cache, whose element I holds what element
 * I ^ 2 holds on POWER8 (the doublewords of B are swapped, and the
 * vperm controls are shared), written in the lxv order.
 *
 * mlkem_ppc10_ntt_tab, mlkem_ppc10_invntt_tab: the same element
 * values for the POWER10 kernels, which load with lxv/lxvp (memory
 * halfword j into element 7 - j): in memory the two doublewords of
 * each vector are swapped.  The kernels undo the swap of their data
 * in the xxpermdi steps, so P, Q, U and V, and the twiddles, are the
 * same elements as on POWER8.  The reduce/tomont table holds
 * broadcast constants only and serves both.
 *
 * mlkem_ppc_rej_perm (the rejection step of SampleNTT,
 * cipher/mlkem-ntt-ppc.c): entry M is the vec_perm control (byte
 * indices in memory order, as GCC's vec_perm takes them on both
 * endiannesses) that moves the halfword lanes i with bit i of M
 * clear (the accepted candidates; M has the rejected ones), in
 * increasing order, to the front of the vector; the other bytes
 * select byte 0.
 *
 * The test suite (tests/t-mlkem-kernels.c) checks every companion
 * C' and the vperm controls, and runs the kernels against the
 * portable ones.  */

#include <stdio.h>
#include <stdlib.h>

#define Q 3329
#define ZETA 17

#include "gen-tables-common.h"

/* Memory halfword of element E (and the reverse).  */
static unsigned int
mem_of (unsigned int e)
{
  return e < 4 ? 3 - e : 11 - e;
}

/* Output table of int16_t vectors.  */
static long tab[256][8];
static unsigned int ntab;

/* Memory order of the tables being written: 0 for lxvd2x (POWER8),
   1 for lxv / lxvp (POWER10), which put memory halfword j into element
   7 - j.  */
static int lxv_order;

/* Append the vector with element values R (element order).  */
static void
put (const long r[8])
{
  unsigned int e;

  for (e = 0; e < 8; e++)
    tab[ntab][lxv_order ? 7 - e : mem_of (e)] = r[e];
  ntab++;
}

/* round (C * 2^15 / q), C centered; never a tie as q is odd.  */
static long
twist (long c)
{
  long n = c * 32768L;

  return n >= 0 ? (2 * n + Q) / (2 * Q) : -((-2 * n + Q) / (2 * Q));
}

/* Append (C, C') for the element constants R.  */
static void
put_pair (const long r[8])
{
  long t[8];
  unsigned int e;

  put (r);
  for (e = 0; e < 8; e++)
    t[e] = twist (r[e]);
  put (t);
}

/* Append the vector with V in every element (PAIR = 0), or the
   pair (V, V') of such vectors (PAIR = 1).  */
static void
put_splat (long v, int pair)
{
  long r[8];
  unsigned int e;

  for (e = 0; e < 8; e++)
    r[e] = v;
  if (pair)
    put_pair (r);
  else
    put (r);
}

static long
zeta (unsigned int k)
{
  return centered (powmod (ZETA, bitrev (k, 7)));
}

static long
gamma_p (unsigned int p)
{
  return centered (powmod (ZETA, 2 * bitrev (p, 7) + 1));
}

static void
fail (const char *what)
{
  fprintf (stderr, "gen-mlkem-ppc-tables: %s\n", what);
  exit (1);
}

/* Coefficient indices of the registers X, Y, P, Q, U, V for the
   register pair whose X starts at coefficient BASE.  */
struct lanes
{
  int x[8], y[8], p[8], q[8], u[8], v[8];
};

static void
follow (struct lanes *l, unsigned int base)
{
  unsigned int e, w, j;

  for (e = 0; e < 8; e++)
    {
      l->x[e] = base + mem_of (e);
      l->y[e] = base + 8 + mem_of (e);
    }
  /* xxpermdi DM = 0: doubleword 0 of each; DM = 3: doubleword 1.  */
  for (e = 0; e < 4; e++)
    {
      l->p[e] = l->x[e];
      l->p[e + 4] = l->y[e];
      l->q[e] = l->x[e + 4];
      l->q[e + 4] = l->y[e + 4];
    }
  /* vmrgew: words P.0, Q.0, P.2, Q.2; vmrgow: P.1, Q.1, P.3, Q.3.  */
  for (w = 0; w < 4; w++)
    for (j = 0; j < 2; j++)
      {
        const int *s = (w & 1) ? l->q : l->p;

        l->u[2 * w + j] = s[2 * (w & 2) + j];
        l->v[2 * w + j] = s[2 * ((w & 2) + 1) + j];
      }
}

/* Twiddles for a butterfly layer with distance LEN on registers A
   (upper inputs) and B; INV selects the index of the inverse
   transform.  */
static void
put_layer (const int *a, const int *b, unsigned int len, int inv)
{
  long r[8];
  unsigned int e;

  for (e = 0; e < 8; e++)
    {
      unsigned int g = a[e] / (2 * len);

      if (b[e] != a[e] + (int)len || (a[e] / len) % 2)
        fail ("lane map broken");
      r[e] = zeta (inv ? 256 / len - 1 - g : 128 / len + g);
    }
  put_pair (r);
}

static void
gen_ntt (void)
{
  unsigned int b, m, g;
  struct lanes l;

  put_splat (-Q, 0);
  for (g = 1; g < 8; g++)
    put_splat (zeta (g), 1);
  for (b = 0; b < 4; b++)
    {
      for (g = 0; g < 2; g++)
        put_splat (zeta (8 + 2 * b + g), 1);
      for (g = 0; g < 4; g++)
        put_splat (zeta (16 + 4 * b + g), 1);
      for (m = 0; m < 4; m++)
        {
          follow (&l, 64 * b + 16 * m);
          put_layer (l.p, l.q, 4, 0);
          put_layer (l.v, l.u, 2, 0);
        }
    }
  if (ntab != 127)
    fail ("ntt table size");
}

static void
gen_invntt (void)
{
  long f = modq (65536L * powmod (128, Q - 2));
  unsigned int b, m, g;
  struct lanes l;

  put_splat (-Q, 0);
  for (b = 0; b < 4; b++)
    {
      for (m = 0; m < 4; m++)
        {
          follow (&l, 64 * b + 16 * m);
          put_layer (l.v, l.u, 2, 1);
          put_layer (l.p, l.q, 4, 1);
        }
      for (g = 0; g < 4; g++)
        put_splat (zeta (31 - (4 * b + g)), 1);
      for (g = 0; g < 2; g++)
        put_splat (zeta (15 - (2 * b + g)), 1);
    }
  for (g = 0; g < 4; g++)
    put_splat (zeta (7 - g), 1);
  put_splat (zeta (3), 1);
  put_splat (zeta (2), 1);
  put_splat (centered (zeta (1) * f), 1);
  put_splat (centered (f), 1);
  if (ntab != 129)
    fail ("invntt table size");
}

/* Element E of B0 (E < 8: coefficient mem_of (E) of the block).  The
   cache element I < 4 takes the high halfword of word I of B0, I >= 4
   that of word I - 4 of B1.  */
static void
gen_mul (unsigned char perm[4][16])
{
  long r[8];
  unsigned int v, i, w, e;
  unsigned char img[16];

  put_splat (-Q, 0);
  put_splat (62209 - 65536, 0);                    /* q^-1 mod 2^16 */
  for (e = 0; e < 8; e++)
    r[e] = e & 1 ? -Q : 0;
  put (r);
  for (v = 0; v < 16; v++)
    {
      for (i = 0; i < 8; i++)
        {
          /* In the lxv order the cache element I holds what element
             I ^ 2 holds in the lxvd2x order (see the .S file).  */
          unsigned int ii = lxv_order ? i ^ 2 : i;
          unsigned int c = 16 * v + 8 * (ii / 4) + mem_of (2 * (ii % 4));

          if (c % 2 != 1)
            fail ("cache lane map broken");
          r[i] = gamma_p (c / 2);
        }
      put_pair (r);
    }

  /* vperm controls in element bytes (0..15 first source, 16..31
     second).  */
  for (w = 0; w < 4; w++)
    {
      /* B0', B1': bytes 4w, 4w+1 (high halfword) from the cache.  */
      perm[0][4 * w] = 16 + 2 * w;
      perm[0][4 * w + 1] = 16 + 2 * w + 1;
      perm[1][4 * w] = 24 + 2 * w;
      perm[1][4 * w + 1] = 24 + 2 * w + 1;
      perm[0][4 * w + 2] = perm[1][4 * w + 2] = 4 * w + 2;
      perm[0][4 * w + 3] = perm[1][4 * w + 3] = 4 * w + 3;
      /* R: high halfword from O (second source), low from E.  */
      perm[2][4 * w] = 16 + 4 * w;
      perm[2][4 * w + 1] = 16 + 4 * w + 1;
      perm[2][4 * w + 2] = 4 * w;
      perm[2][4 * w + 3] = 4 * w + 1;
      /* C: high halfwords of B0, then of B1.  */
      perm[3][2 * w] = 4 * w;
      perm[3][2 * w + 1] = 4 * w + 1;
      perm[3][8 + 2 * w] = 16 + 4 * w;
      perm[3][8 + 2 * w + 1] = 16 + 4 * w + 1;
    }
  for (i = 0; i < 4; i++)
    {
      for (e = 0; e < 16; e++)
        img[e < 8 ? 7 - e : 23 - e] = perm[i][e];
      for (e = 0; e < 16; e++)
        perm[i][e] = img[e];
    }
  if (ntab != 35)
    fail ("mul table size");
}

static void
gen_coef (void)
{
  put_splat (-Q, 0);
  put_splat (Q, 0);
  put_splat (centered (65536), 1);
}

static void
print_tab (const char *name, const char *comment)
{
  unsigned int i, e;

  printf ("/* %s  */\n"
          "static const int16_t %s[%u][8]\n"
          "  __attribute__ ((aligned (16))) =\n"
          "  {\n", comment, name, ntab);
  for (i = 0; i < ntab; i++)
    {
      printf ("    {");
      for (e = 0; e < 8; e++)
        printf (" %6ld%s", tab[i][e], e < 7 ? "," : "");
      printf (" }%s\n", i + 1 < ntab ? "," : "");
    }
  printf ("  };\n\n");
  ntab = 0;
}

int
main (void)
{
  unsigned char perm[4][16], perm10[4][16];
  unsigned int i, e;

  print_license_header ("mlkem-tables-ppc.h - Tables of the ppc64le ML-KEM"
                        " kernels (generated)");
  printf ("/* Generated by cipher/gen-mlkem-ppc-tables.c; do not edit.\n"
          " * See that file for the formulas and the layout: entries are\n"
          " * in the memory order that lxvd2x loads into the wanted\n"
          " * elements on little-endian POWER.  The test suite\n"
          " * (tests/t-mlkem-kernels.c) checks the companions and the\n"
          " * vperm controls.\n"
          " */\n\n"
          "#ifndef GCRY_MLKEM_TABLES_PPC_H\n"
          "#define GCRY_MLKEM_TABLES_PPC_H 1\n\n"
          "#include <stdint.h>\n\n");

  gen_ntt ();
  print_tab ("mlkem_ppc_ntt_tab", "Forward NTT: -q, then (C, C') pairs.");
  gen_invntt ();
  print_tab ("mlkem_ppc_invntt_tab",
             "Inverse NTT: -q, then (C, C') pairs.");
  lxv_order = 1;
  gen_ntt ();
  print_tab ("mlkem_ppc10_ntt_tab",
             "Forward NTT, POWER10 (lxv order): -q, then (C, C') pairs.");
  gen_invntt ();
  print_tab ("mlkem_ppc10_invntt_tab",
             "Inverse NTT, POWER10 (lxv order): -q, then (C, C') pairs.");
  lxv_order = 0;
  gen_mul (perm);
  print_tab ("mlkem_ppc_mul_tab",
             "Base multiplication: -q, q^-1, (0, -q) words, then the"
             " gammas.");
  lxv_order = 1;
  gen_mul (perm10);
  print_tab ("mlkem_ppc10_mul_tab",
             "Base multiplication, POWER10 (lxv order, the gammas in the"
             " POWER10\n   cache layout).");
  lxv_order = 0;
  gen_coef ();
  print_tab ("mlkem_ppc_coef_tab", "Reduce and tomont: -q, q, 2^16 mod q.");

  printf ("/* vperm controls of the base multiplication, memory order.  */\n"
          "static const unsigned char mlkem_ppc_mul_perm[4][16]\n"
          "  __attribute__ ((aligned (16))) =\n"
          "  {\n");
  for (i = 0; i < 4; i++)
    {
      printf ("    {");
      for (e = 0; e < 16; e++)
        printf (" %2u%s", perm[i][e], e < 15 ? "," : "");
      printf (" }%s\n", i < 3 ? "," : "");
    }
  printf ("  };\n\n");

  printf ("/* Rejection sampling: entry M packs the halfword lanes i with"
          " bit i of M\n"
          "   clear to the front (vec_perm control, memory order).  */\n"
          "static const unsigned char mlkem_ppc_rej_perm[256][16]\n"
          "  __attribute__ ((aligned (16))) =\n"
          "  {\n");
  for (i = 0; i < 256; i++)
    {
      unsigned char c[16] = { 0 };
      unsigned int k = 0;

      for (e = 0; e < 8; e++)
        if (!(i & (1u << e)))
          {
            c[2 * k] = 2 * e;
            c[2 * k + 1] = 2 * e + 1;
            k++;
          }
      printf ("    {");
      for (e = 0; e < 16; e++)
        printf (" %2u%s", c[e], e < 15 ? "," : "");
      printf (" }%s\n", i < 255 ? "," : "");
    }
  printf ("  };\n\n"
          "#endif /*GCRY_MLKEM_TABLES_PPC_H*/\n");
  return 0;
}
