/* t-mlkem-kernels.c - Tests of the ML-KEM kernel sets
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

/* Linked against the internal library.  Every kernel set usable here
 * (_gcry_mlkem_ops_available) is checked against straightforward
 * references written from the FIPS 203 text: the NTT as a sum over
 * powers of zeta, the base multiplication residue by residue,
 * SampleNTT on a plain SHAKE128 stream, SamplePolyCBD bit by bit.
 * NTT-domain results are compared through poly_ntt_tobytes, i.e. in
 * the standard order, so a kernel set with its own coefficient order
 * is tested the same way.  Inputs: zeros, impulses, extremes of the
 * documented bounds and pseudo-random values; outputs are also
 * checked against their documented bounds.  The order-independent
 * helpers (Compress/Decompress) are checked on their whole domain.
 * Each kernel set other than the portable one is also run against the
 * portable set: NTT, NTT^-1 (random and extreme inputs) and the chain
 * NTT -> mulcache -> basemul_acc -> NTT^-1 -> reduce of the
 * encryption, which must agree mod q, within the bounds.  */

#define PGM "t-mlkem-kernels"
#include "t-common.h"
#ifdef HAVE_SYS_MMAN_H
# include <sys/mman.h>
# include <unistd.h>
#endif
#include "g10lib.h"
#include "keccak.h"
#include "mlkem-ops.h"
#include "mlkem.h"
#include "mlkem-avx512.h"
#include "const-time.h"
#include "../cipher/mlkem-tables-avx2.h"
#include "../cipher/mlkem-tables-avx512.h"
#include "../cipher/mlkem-tables-ppc.h"

#define Q 3329

/* Deterministic pseudo-random numbers (xorshift64*).  */
static u64 prng_state = UINT64_C(0x243f6a8885a308d3);

static u64
prng (void)
{
  prng_state ^= prng_state >> 12;
  prng_state ^= prng_state << 25;
  prng_state ^= prng_state >> 27;
  return prng_state * UINT64_C(0x2545f4914f6cdd1d);
}

static void
prng_bytes (byte *p, size_t n)
{
  while (n--)
    *p++ = prng ();
}

static int
modq (long a)
{
  a %= Q;
  return a < 0 ? a + Q : a;
}

static long
powq (long b, unsigned int e)
{
  long r = 1;

  b = modq (b);
  while (e)
    {
      if (e & 1)
        r = r * b % Q;
      b = b * b % Q;
      e >>= 1;
    }
  return r;
}

static unsigned int
bitrev7 (unsigned int i)
{
  unsigned int r = 0, b;

  for (b = 0; b < 7; b++)
    r |= ((i >> b) & 1) << (6 - b);
  return r;
}

/* gamma_i = 17^(2 BitRev7(i) + 1).  */
static long
gamma_i (unsigned int i)
{
  return powq (17, 2 * bitrev7 (i) + 1);
}

/* Standard-order values of an NTT-domain poly, via the kernel set's
 * own reduce and serialisation.  */
static void
ntt_values (const mlkem_ops_t *o, int out[MLKEM_N], const mlkem_poly_ntt *a)
{
  mlkem_poly_ntt t = *a;
  byte b[MLKEM_POLYBYTES];
  unsigned int i;

  o->reduce (t.coeffs);
  o->poly_ntt_tobytes (b, &t);
  for (i = 0; i < MLKEM_N / 2; i++)
    {
      out[2 * i] = b[3 * i] | ((b[3 * i + 1] & 15) << 8);
      out[2 * i + 1] = (b[3 * i + 1] >> 4) | (b[3 * i + 2] << 4);
    }
}

/* Build an NTT-domain poly from standard-order values in [0, 4095].  */
static void
ntt_from_values (const mlkem_ops_t *o, mlkem_poly_ntt *r, const int v[MLKEM_N])
{
  byte b[MLKEM_POLYBYTES];
  unsigned int i;

  for (i = 0; i < MLKEM_N / 2; i++)
    {
      b[3 * i] = v[2 * i];
      b[3 * i + 1] = (v[2 * i] >> 8) | (v[2 * i + 1] << 4);
      b[3 * i + 2] = v[2 * i + 1] >> 4;
    }
  o->poly_ntt_frombytes (r, b);
}

static int
max_abs (const s16 *c)
{
  int i, m = 0;

  for (i = 0; i < MLKEM_N; i++)
    if (abs (c[i]) > m)
      m = abs (c[i]);
  return m;
}

/* FIPS 203 eq. 4.9/4.10: fhat_2i = sum_j f_2j gamma_i^j,
 * fhat_2i+1 = sum_j f_2j+1 gamma_i^j.  */
static void
ref_ntt (int out[MLKEM_N], const mlkem_poly *a)
{
  unsigned int i, j;

  for (i = 0; i < 128; i++)
    {
      long g = gamma_i (i), gp = 1, s0 = 0, s1 = 0;

      for (j = 0; j < 128; j++)
        {
          s0 = (s0 + modq (a->coeffs[2 * j]) * gp) % Q;
          s1 = (s1 + modq (a->coeffs[2 * j + 1]) * gp) % Q;
          gp = gp * g % Q;
        }
      out[2 * i] = s0;
      out[2 * i + 1] = s1;
    }
}

static void
fill_case (mlkem_poly *a, int which)
{
  unsigned int i;

  memset (a, 0, sizeof *a);
  switch (which)
    {
    case 0: break;                                   /* zero */
    case 1: a->coeffs[0] = 1; break;                 /* impulses */
    case 2: a->coeffs[1] = Q - 1; break;
    case 3: a->coeffs[255] = -(Q - 1); break;
    case 4: for (i = 0; i < MLKEM_N; i++) a->coeffs[i] = Q - 1; break;
    case 5: for (i = 0; i < MLKEM_N; i++) a->coeffs[i] = -(Q - 1); break;
    case 6:
      for (i = 0; i < MLKEM_N; i++)
        a->coeffs[i] = (i & 1) ? Q - 1 : -(Q - 1);
      break;
    default:
      for (i = 0; i < MLKEM_N; i++)
        a->coeffs[i] = (int)(prng () % (2 * Q - 1)) - (Q - 1);
      break;
    }
}

#define NCASES 20

/* The bound on INVNTT_TOMONT's output that O promises: its
 * INVNTT_BOUND (the front file then skips a reduction in
 * K-PKE.Encrypt) or the contract's q.  */
static int
invntt_limit (const mlkem_ops_t *o)
{
  return o->invntt_bound ? (int)o->invntt_bound : Q;
}

static void
test_ntt (const mlkem_ops_t *o)
{
  mlkem_poly a, back;
  mlkem_poly_ntt r, r2;
  int got[MLKEM_N], want[MLKEM_N];
  int c, i, ok_val = 1, ok_bound = 1, ok_inv = 1;

  for (c = 0; c < NCASES; c++)
    {
      fill_case (&a, c);
      o->ntt (&r, &a);
      if (max_abs (r.coeffs) >= Q)
        ok_bound = 0;
      ntt_values (o, got, &r);
      ref_ntt (want, &a);
      if (memcmp (got, want, sizeof got))
        ok_val = 0;

      /* NTT (invntt_tomont (x)) = x * 2^16.  */
      o->invntt_tomont (&back, &r);
      if (max_abs (back.coeffs) >= invntt_limit (o))
        ok_bound = 0;
      o->ntt (&r2, &back);
      ntt_values (o, got, &r2);
      for (i = 0; i < MLKEM_N; i++)
        if (got[i] != modq ((long)want[i] * 65536))
          ok_inv = 0;
    }
  check (ok_val, "%s: ntt matches the definition", o->name);
  check (ok_inv, "%s: invntt_tomont is the inverse (times R)", o->name);
  check (ok_bound, "%s: ntt/invntt output bounds", o->name);
}

static void
test_basemul (const mlkem_ops_t *o)
{
  mlkem_poly_ntt a[4], b[4], r;
  mlkem_poly_mulcache bc[4];
  mlkem_poly t;
  int av[4][MLKEM_N], bv[4][MLKEM_N], got[MLKEM_N];
  long rinv = powq (65536, Q - 2);
  int c, k, j, i, ok = 1, ok_bound = 1;

  for (c = 0; c < 12; c++)
    for (k = 1; k <= 4; k++)
      {
        for (j = 0; j < k; j++)
          {
            int v[MLKEM_N];

            /* a: ByteDecode_12 output, up to 4095; b: NTT output.  */
            for (i = 0; i < MLKEM_N; i++)
              v[i] = c == 0 ? 4095 : c == 1 ? 0 : (int)(prng () % 4096);
            ntt_from_values (o, &a[j], v);
            ntt_values (o, av[j], &a[j]);
            for (i = 0; i < MLKEM_N; i++)
              av[j][i] = modq (v[i]);
            fill_case (&t, c == 0 ? 4 : c == 1 ? 5 : c + 7);
            o->ntt (&b[j], &t);
            ntt_values (o, bv[j], &b[j]);
            o->mulcache_compute (&bc[j], &b[j]);
          }
        o->basemul_acc (&r, a, b, bc, k);
        if (max_abs (r.coeffs) >= Q)
          ok_bound = 0;
        ntt_values (o, got, &r);
        for (i = 0; i < 128; i++)
          {
            long s0 = 0, s1 = 0, g = gamma_i (i);

            for (j = 0; j < k; j++)
              {
                long a0 = av[j][2 * i], a1 = av[j][2 * i + 1];
                long b0 = bv[j][2 * i], b1 = bv[j][2 * i + 1];

                s0 = (s0 + a0 * b0 + a1 * b1 % Q * g) % Q;
                s1 = (s1 + a0 * b1 + a1 * b0) % Q;
              }
            if (got[2 * i] != s0 * rinv % Q || got[2 * i + 1] != s1 * rinv % Q)
              ok = 0;
          }
      }
  check (ok, "%s: basemul_acc matches MultiplyNTTs", o->name);
  check (ok_bound, "%s: basemul_acc output bound", o->name);
}

/* Run NTT^-1 of O on XO and of G on the same values V (standard
 * order, [0, 4095]); return 1 if the results agree mod q, and clear
 * *OK_BOUND if O's result is out of its bound.  */
static int
invntt_agrees (const mlkem_ops_t *o, const mlkem_ops_t *g,
               const mlkem_poly_ntt *xo, const int v[MLKEM_N], int *ok_bound)
{
  mlkem_poly_ntt xg;
  mlkem_poly ra, rg;
  int i;

  ntt_from_values (g, &xg, v);
  o->invntt_tomont (&ra, xo);
  g->invntt_tomont (&rg, &xg);
  if (max_abs (ra.coeffs) >= invntt_limit (o))
    *ok_bound = 0;
  for (i = 0; i < MLKEM_N; i++)
    if (modq (ra.coeffs[i]) != modq (rg.coeffs[i]))
      return 0;
  return 1;
}

/* NTT^-1 on inputs made for the lazy reductions of the kernels, placed
 * in O's own order.  In the Gentleman-Sande layers coefficient 0
 * collects, unmultiplied, the even coefficients of its 16-block (LEN
 * = 2, 4, 8) and then coefficient 0 of every other block (LEN = 16
 * .. 128), coefficient 1 likewise the odd ones.  The reduction of a
 * LEN = 8 sum x by round (10 x / 2^15) (AVX2, AVX-512, VSX) leaves at
 * most 2055 = 0.617 q, at x = -24577; eight entries of -3072 or -3073 per
 * parity make that sum in every block, so the sixteen sums meet at
 * LEN = 128 as 16 * 2055 = 32880 > 2^15 - 1: a kernel that skips the
 * reduction it needs between LEN = 8 and LEN = 128 overflows.  Both
 * signs.  Returns 1 if O agrees with G mod q, and clears *OK_BOUND if
 * O's output is out of its bound.  */
static int
invntt_sum_overflow_agrees (const mlkem_ops_t *o, const mlkem_ops_t *g,
                            int *ok_bound)
{
  mlkem_poly_ntt idx, xo;
  int v[MLKEM_N], pos[MLKEM_N];
  unsigned int c, i, j;
  int ok = 1;

  /* Where O keeps standard coefficient i: load the values i + 1.  */
  for (i = 0; i < MLKEM_N; i++)
    v[i] = i + 1;
  ntt_from_values (o, &idx, v);
  for (i = 0; i < MLKEM_N; i++)
    pos[i] = -1;
  for (j = 0; j < MLKEM_N; j++)
    if (idx.coeffs[j] >= 1 && idx.coeffs[j] <= MLKEM_N)
      pos[idx.coeffs[j] - 1] = j;
  for (i = 0; i < MLKEM_N; i++)
    if (pos[i] < 0)
      return 0;

  for (c = 0; c < 2; c++)
    {
      for (i = 0; i < MLKEM_N; i++)
        xo.coeffs[pos[i]] = (c ? 1 : -1) * (i % 16 >= 14 ? 3073 : 3072);
      ntt_values (o, v, &xo);
      ok &= invntt_agrees (o, g, &xo, v, ok_bound);
    }
  return ok;
}

/* Differential tests against the portable set G.  Values are compared
 * mod q (a backend may return other representatives) in the standard
 * order (ntt_values), bounds as documented in mlkem-ops.h.  */
static void
test_vs_generic (const mlkem_ops_t *o, const mlkem_ops_t *g)
{
  mlkem_poly a, ra, rg;
  mlkem_poly_ntt xo, xg;
  int vo[MLKEM_N], vg[MLKEM_N], v[MLKEM_N];
  int c, i, ok_ntt = 1, ok_inv = 1, ok_bound = 1, ok_chain = 1;
  int ok_worst = 1;
  unsigned int k, j;

  for (c = 0; c < NCASES; c++)
    {
      fill_case (&a, c);
      o->ntt (&xo, &a);
      g->ntt (&xg, &a);
      ntt_values (o, vo, &xo);
      ntt_values (g, vg, &xg);
      if (memcmp (vo, vg, sizeof vo))
        ok_ntt = 0;
    }

  /* NTT^-1 on [0, q) values (zero, q - 1, alternating, impulses,
     random), then on the backend's own NTT outputs of the extreme
     polynomials, which may be negative.  */
  for (c = 0; c < 2 * NCASES; c++)
    {
      if (c < NCASES)
        for (i = 0; i < MLKEM_N; i++)
          v[i] = c == 0 ? 0 : c == 1 ? Q - 1 : c == 2 ? (i & 1) * (Q - 1)
            : c == 3 ? (i == 0) : c == 4 ? (i == 255) * (Q - 1)
            : (int)(prng () % Q);
      if (c < NCASES)
        ntt_from_values (o, &xo, v);
      else
        {
          fill_case (&a, c - NCASES);
          o->ntt (&xo, &a);
          ntt_values (o, v, &xo);
        }
      ok_inv &= invntt_agrees (o, g, &xo, v, &ok_bound);
    }

  /* NTT^-1 on inputs at the bound, |a_i| = q - 1, written directly in
     the backend's order (the kernels reduce lazily, so these are the
     inputs that drive the sums furthest): all of one sign, signs
     alternating by coefficient, by residue, by 16 and by 128
     coefficients, and random signs.  */
  for (c = 0; c < 10; c++)
    {
      for (i = 0; i < MLKEM_N; i++)
        {
          int neg = c == 0 ? 0 : c == 1 ? 1 : c == 2 ? i & 1
            : c == 3 ? (i >> 1) & 1 : c == 4 ? (i >> 4) & 1
            : c == 5 ? (i >> 7) & 1 : (int)(prng () & 1);

          xo.coeffs[i] = neg ? -(Q - 1) : Q - 1;
        }
      ntt_values (o, v, &xo);
      ok_worst &= invntt_agrees (o, g, &xo, v, &ok_bound);
    }

  ok_worst &= invntt_sum_overflow_agrees (o, g, &ok_bound);

  /* The same for NTT on random signs at |a_i| = q - 1 (the fixed
     patterns are among the cases above).  */
  for (c = 0; c < 8; c++)
    {
      for (i = 0; i < MLKEM_N; i++)
        a.coeffs[i] = (prng () & 1) ? -(Q - 1) : Q - 1;
      o->ntt (&xo, &a);
      g->ntt (&xg, &a);
      if (max_abs (xo.coeffs) >= Q)
        ok_bound = 0;
      ntt_values (o, vo, &xo);
      ntt_values (g, vg, &xg);
      if (memcmp (vo, vg, sizeof vo))
        ok_worst = 0;
    }

  /* The chain of K-PKE.Encrypt (FIPS 203 Algorithm 14, line 19):
     NTT^-1 (sum_j A[j] x NTT (y_j)), then reduce.  A from
     ByteDecode_12 (up to 4095), y extreme or random.  */
  for (c = 0; c < 8; c++)
    for (k = 1; k <= MLKEM_K_MAX; k++)
      {
        mlkem_poly_ntt ao[MLKEM_K_MAX], ag[MLKEM_K_MAX];
        mlkem_poly_ntt yo[MLKEM_K_MAX], yg[MLKEM_K_MAX];
        mlkem_poly_mulcache co[MLKEM_K_MAX], cg[MLKEM_K_MAX];

        for (j = 0; j < k; j++)
          {
            for (i = 0; i < MLKEM_N; i++)
              v[i] = c == 0 ? 4095 : (int)(prng () % 4096);
            ntt_from_values (o, &ao[j], v);
            ntt_from_values (g, &ag[j], v);
            fill_case (&a, c == 0 ? 4 + j % 3 : c + 7);
            o->ntt (&yo[j], &a);
            g->ntt (&yg[j], &a);
            o->mulcache_compute (&co[j], &yo[j]);
            g->mulcache_compute (&cg[j], &yg[j]);
          }
        o->basemul_acc (&xo, ao, yo, co, k);
        g->basemul_acc (&xg, ag, yg, cg, k);
        if (max_abs (xo.coeffs) >= Q)
          ok_bound = 0;
        o->invntt_tomont (&ra, &xo);
        g->invntt_tomont (&rg, &xg);
        if (max_abs (ra.coeffs) >= invntt_limit (o))
          ok_bound = 0;
        /* u = that + e1 compressed as K-PKE.Encrypt does it with O's
           bound (unreduced if the bound leaves room for eta2 = 2):
           the same bytes as the portable path's reduced u.  */
        {
          mlkem_poly uo, ug;
          byte co_bytes[32 * 11], cg_bytes[32 * 11];
          unsigned int d = 10 + (c & 1);

          for (i = 0; i < MLKEM_N; i++)
            {
              int e = c == 0 ? (i & 1 ? 2 : -2) : (int)(prng () % 5) - 2;

              uo.coeffs[i] = (s16)(ra.coeffs[i] + e);
              ug.coeffs[i] = (s16)(rg.coeffs[i] + e);
            }
          if (!o->invntt_bound || o->invntt_bound + 2 >= Q)
            o->reduce (uo.coeffs);
          g->reduce (ug.coeffs);
          o->poly_compress (co_bytes, &uo, d);
          g->poly_compress (cg_bytes, &ug, d);
          if (memcmp (co_bytes, cg_bytes, 32 * d))
            ok_chain = 0;
        }
        o->reduce (ra.coeffs);
        g->reduce (rg.coeffs);
        if (memcmp (ra.coeffs, rg.coeffs, sizeof ra.coeffs))
          ok_chain = 0;
      }
  check (o->invntt_bound < Q, "%s: invntt_bound below q", o->name);
  check (ok_ntt, "%s: ntt agrees with generic", o->name);
  check (ok_inv, "%s: invntt_tomont agrees with generic mod q", o->name);
  check (ok_worst, "%s: ntt, invntt_tomont agree with generic mod q on"
         " inputs at the bound", o->name);
  check (ok_chain, "%s: ntt, basemul_acc, invntt, reduce (and compress of"
         " u + e1) agree with generic", o->name);
  check (ok_bound, "%s: bounds in the differential tests", o->name);
}

static void
test_coeffwise (const mlkem_ops_t *o)
{
  s16 c[MLKEM_N];
  long x;
  int i, ok_r = 1, ok_m = 1;

  for (x = -32768; x < 32768; x += MLKEM_N)
    {
      for (i = 0; i < MLKEM_N; i++)
        c[i] = x + i;
      o->reduce (c);
      for (i = 0; i < MLKEM_N; i++)
        if (c[i] < 0 || c[i] >= Q || c[i] != modq (x + i))
          ok_r = 0;
      for (i = 0; i < MLKEM_N; i++)
        c[i] = x + i;
      o->tomont (c);
      for (i = 0; i < MLKEM_N; i++)
        if (abs (c[i]) >= Q || modq (c[i]) != modq ((x + i) * 65536L))
          ok_m = 0;
    }
  check (ok_r, "%s: reduce on all int16", o->name);
  check (ok_m, "%s: tomont on all int16", o->name);
}

static void
test_bytes (const mlkem_ops_t *o)
{
  byte in[MLKEM_POLYBYTES], out[MLKEM_POLYBYTES];
  mlkem_poly_ntt r;
  int c, ok = 1;

  for (c = 0; c < 20; c++)
    {
      if (c == 0)
        memset (in, 0xff, sizeof in);   /* All 4095: passes through.  */
      else
        prng_bytes (in, sizeof in);
      o->poly_ntt_frombytes (&r, in);
      o->poly_ntt_tobytes (out, &r);
      if (memcmp (in, out, sizeof in))
        ok = 0;
    }
  check (ok, "%s: poly_ntt_frombytes/tobytes round trip", o->name);
}

/* SampleNTT (FIPS 203 Algorithm 7) on a plain SHAKE128 stream.  */
static void
ref_sample_ntt (int out[MLKEM_N], const byte in[34])
{
  keccak_ctx_t ctx;
  byte c[3];
  int j = 0;

  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE128, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, in, 34);
  while (j < MLKEM_N)
    {
      int d1, d2;

      _gcry_keccak_squeeze (&ctx, c, 3);
      d1 = c[0] + 256 * (c[1] % 16);
      d2 = c[1] / 16 + 16 * c[2];
      if (d1 < Q)
        out[j++] = d1;
      if (d2 < Q && j < MLKEM_N)
        out[j++] = d2;
    }
}

/* REJ_UNIFORM on chunks of one byte string: after each chunk the
 * count is the number of candidates below q in the bytes so far (at
 * most 256), and the complete entry holds the first 256 of them.  The
 * chunk lengths include those the front file uses (504, then 168) and
 * odd multiples of 3 that leave the assembler a remainder; the first
 * strings start with runs of rejected candidates (0xfff).  */
static void
test_rej_uniform (const mlkem_ops_t *o)
{
  static const unsigned int chunks[][6] =
    {
      { 504, 168, 168, 168, 0 },
      { 3, 21, 27, 171, 501, 0 },
      { 48, 6, 24, 336, 3, 504 },
      { 999, 0 }
    };
  byte buf[999];
  int want[MLKEM_N], got[MLKEM_N];
  /* A guard after R: no kernel may write past its 256 entries.  */
  struct { mlkem_poly_ntt r; s16 guard[32]; } rg;
  mlkem_poly_ntt *const rp = &rg.r;
  unsigned int c, t, i, pos, len, ctr, nwant;
  int ok = 1, inrange = 1, guard_ok = 1;

  for (c = 0; c < 40; c++)
    {
      const unsigned int *ch = chunks[c % DIM (chunks)];

      prng_bytes (buf, sizeof buf);
      if (c < 8)
        memset (buf, 0xff, 24 * c + 3 * (c & 1));
      nwant = 0;
      ctr = 0;
      pos = 0;
      for (t = 0; t < 6 && ch[t] && ctr < MLKEM_N; t++)
        {
          len = ch[t];
          if (pos + len > sizeof buf)
            break;
          memset (rg.guard, 0x5a, sizeof rg.guard);
          ctr = o->rej_uniform (rp, ctr, buf + pos, len);
          for (i = 0; i < DIM (rg.guard); i++)
            if (rg.guard[i] != 0x5a5a)
              guard_ok = 0;
          for (i = pos; i < pos + len && nwant < MLKEM_N; i += 3)
            {
              int d1 = buf[i] + 256 * (buf[i + 1] % 16);
              int d2 = buf[i + 1] / 16 + 16 * buf[i + 2];

              if (d1 < Q)
                want[nwant++] = d1;
              if (d2 < Q && nwant < MLKEM_N)
                want[nwant++] = d2;
            }
          pos += len;
          if (ctr != nwant)
            ok = 0;
        }
      if (ctr != MLKEM_N)
        {
          ok = 0;
          continue;
        }
      for (i = 0; i < MLKEM_N; i++)
        if (rp->coeffs[i] < 0 || rp->coeffs[i] >= Q)
          inrange = 0;
      ntt_values (o, got, rp);
      if (memcmp (got, want, sizeof got))
        ok = 0;
    }
  check (ok, "%s: rej_uniform matches SampleNTT's rejection step", o->name);
  check (inrange, "%s: rej_uniform output in [0, q)", o->name);
  check (guard_ok, "%s: rej_uniform writes nothing past R", o->name);
}

/* The matrix driver of the front file with the kernel set O against
 * SampleNTT.  The first rho is 5a 08 00 .. 00, for which entry (0, 0)
 * has only 247 values below q in its first three blocks, so the refill
 * path runs too.  */
static void
test_gen_matrix (const mlkem_ops_t *o)
{
  mlkem_poly_ntt a[16];
  byte in[34];
  int got[MLKEM_N], want[MLKEM_N];
  unsigned int k, i, j, l, tr;
  int ok = 1, inrange = 1, n;

  for (n = 0; n < 3; n++)
    for (k = 2; k <= 4; k++)
      for (tr = 0; tr < 2; tr++)
        {
          if (n == 0)
            {
              memset (in, 0, 32);
              in[0] = 0x5a;
              in[1] = 0x08;
            }
          else
            prng_bytes (in, 32);
          _gcry_mlkem_gen_matrix_ntt (o, a, in, k, tr);
          for (i = 0; i < k; i++)
            for (j = 0; j < k; j++)
              {
                /* A-hat[i,j] = SampleNTT (rho || j || i).  */
                in[32] = tr ? i : j;
                in[33] = tr ? j : i;
                ref_sample_ntt (want, in);
                for (l = 0; l < MLKEM_N; l++)
                  if (a[i * k + j].coeffs[l] < 0
                      || a[i * k + j].coeffs[l] >= Q)
                    inrange = 0;
                ntt_values (o, got, &a[i * k + j]);
                if (memcmp (got, want, sizeof got))
                  ok = 0;
              }
        }
  check (ok, "%s: _gcry_mlkem_gen_matrix_ntt matches SampleNTT", o->name);
  check (inrange, "%s: _gcry_mlkem_gen_matrix_ntt output in [0, q)",
         o->name);
}

static byte *guarded_area (size_t *r_len);

static void
test_cbd (const mlkem_ops_t *o)
{
  byte buf[192];
  mlkem_poly r;
  int c, eta, i, j, ok = 1;

  for (c = 0; c < 40; c++)
    for (eta = 2; eta <= 3; eta++)
      {
        if (c == 0)
          memset (buf, 0xff, sizeof buf);
        else
          prng_bytes (buf, sizeof buf);
        if (eta == 2)
          o->poly_cbd_eta2 (&r, buf);
        else
          o->poly_cbd_eta3 (&r, buf);
        for (i = 0; i < MLKEM_N; i++)
          {
            int x = 0, y = 0;

            for (j = 0; j < eta; j++)
              {
                unsigned int bx = 2 * i * eta + j, by = 2 * i * eta + eta + j;

                x += (buf[bx / 8] >> (bx % 8)) & 1;
                y += (buf[by / 8] >> (by % 8)) & 1;
              }
            if (r.coeffs[i] != x - y)
              ok = 0;
          }
      }
  check (ok, "%s: SamplePolyCBD eta 2 and 3", o->name);

  /* The input against the end of the guarded area and the output at
     its start, then the other way round: a kernel reading or writing
     outside either crashes.  The result must equal that of the stack
     copy.  */
  {
    size_t glen;
    byte *g = guarded_area (&glen);
    mlkem_poly want;
    int pass;

    for (pass = 0; pass < 2; pass++)
      for (eta = 2; eta <= 3; eta++)
        {
          byte *in = pass ? g : g + glen - 64 * eta;
          mlkem_poly *out = (mlkem_poly *)(pass ? g + glen - sizeof want
                                           : g);

          prng_bytes (buf, sizeof buf);
          memcpy (in, buf, 64 * eta);
          if (eta == 2)
            {
              o->poly_cbd_eta2 (&want, buf);
              o->poly_cbd_eta2 (out, in);
            }
          else
            {
              o->poly_cbd_eta3 (&want, buf);
              o->poly_cbd_eta3 (out, in);
            }
          check (!memcmp (out, &want, sizeof want),
                 "%s: SamplePolyCBD eta %d against guard pages (%s)",
                 o->name, eta,
                 pass ? "output at the end" : "input at the end");
        }
  }
}


/* Compress/Decompress on their whole domain, against exact integer
 * rounding: Compress_d (x) = floor ((2^(d+1) x + q) / 2q) mod 2^d,
 * Decompress_d (y) = floor ((2 q y + 2^d) / 2^(d+1)).  */
static unsigned int
get_bits (const byte *b, unsigned int pos, unsigned int d)
{
  unsigned int v = 0, i;

  for (i = 0; i < d; i++)
    v |= ((b[(pos + i) / 8] >> ((pos + i) % 8)) & 1) << i;
  return v;
}

/* A page of memory between two inaccessible ones, so that a kernel
   that reads or writes past either end of a buffer placed against it
   crashes; or a static buffer where there is no mmap.  *R_LEN gets
   its length (at least 4096).  */
static byte *
guarded_area (size_t *r_len)
{
  static byte *area;
  static size_t len;
#if defined(HAVE_SYS_MMAN_H) && defined(MAP_ANONYMOUS)
  if (!area)
    {
      long ps = sysconf (_SC_PAGESIZE);
      byte *p;

      len = ps >= 4096 ? (size_t)ps : 4096;
      p = mmap (NULL, 3 * len, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED || mprotect (p, len, PROT_NONE)
          || mprotect (p + 2 * len, len, PROT_NONE))
        die ("cannot map guard pages");
      area = p + len;
    }
#else
  static byte buf[4096];

  area = buf;
  len = sizeof buf;
#endif
  *r_len = len;
  return area;
}

static void
test_compress (const mlkem_ops_t *o)
{
  static const unsigned int ds[5] = { 1, 4, 5, 10, 11 };
  byte buf[32 * 11 + 1];
  mlkem_poly a;
  unsigned int di, i;
  int ok_c = 1, ok_d = 1;
  long x;

  for (di = 0; di < 5; di++)
    {
      unsigned int d = ds[di];

      for (x = -(Q - 1); x < Q; x += MLKEM_N)
        {
          for (i = 0; i < MLKEM_N; i++)
            a.coeffs[i] = x + i < Q ? x + i : 0;
          /* The byte after the encoding must stay untouched.  */
          buf[32 * d] = 0xa5;
          if (d == 1)
            _gcry_mlkem_poly_tomsg (buf, &a);
          else
            o->poly_compress (buf, &a, d);
          if (buf[32 * d] != 0xa5)
            ok_c = 0;
          for (i = 0; i < MLKEM_N; i++)
            {
              long v = modq (a.coeffs[i]);
              unsigned int want = ((v << (d + 1)) + Q) / (2 * Q) % (1u << d);

              if (get_bits (buf, d * i, d) != want)
                ok_c = 0;
            }
        }

      for (x = 0; x < (1L << d); x += MLKEM_N)
        {
          memset (buf, 0, sizeof buf);
          for (i = 0; i < MLKEM_N; i++)
            {
              unsigned int y = (x + i) % (1u << d), b;

              for (b = 0; b < d; b++)
                buf[(d * i + b) / 8] |= ((y >> b) & 1) << ((d * i + b) % 8);
            }
          if (d == 1)
            _gcry_mlkem_poly_frommsg (&a, buf);
          else
            o->poly_decompress (&a, buf, d);
          for (i = 0; i < MLKEM_N; i++)
            {
              unsigned int y = (x + i) % (1u << d);
              long want = (2L * Q * y + (1L << d)) >> (d + 1);

              if (a.coeffs[i] != want)
                ok_d = 0;
            }
        }
    }
  /* Differential against the portable entries: random coefficients
     in (-q, q) and random bytes, and the extremes (+-(q-1), 0, the
     rounding boundaries of each width, all-ones and all-zero
     encodings).  The inputs and outputs lie against guard pages
     (guarded_area), alternately at the start and the end, so that an
     access past either end of them crashes.  */
  for (di = 1; di < 5 && o != &_gcry_mlkem_ops_generic; di++)
    {
      unsigned int d = ds[di], round;
      byte want[32 * 11], in[32 * 11];
      mlkem_poly b;
      size_t glen;
      byte *g = guarded_area (&glen);

      for (round = 0; round < 200; round++)
        {
          for (i = 0; i < MLKEM_N; i++)
            {
              unsigned int r = prng () % 8;
              long v = (long)(prng () % (2 * Q - 1)) - (Q - 1);

              if (round < 4)
                v = round == 0 ? Q - 1 : round == 1 ? -(Q - 1)
                    : round == 2 ? 0 : (i & 1 ? Q - 1 : -(Q - 1));
              else if (r == 0)
                {
                  /* Next to a rounding boundary: x with 2^d x / q
                     close to k + 1/2.  */
                  long k = prng () % (1L << d);

                  v = (((2 * k + 1) * Q) >> (d + 1)) + (long)(prng () % 3)
                      - 1;
                  if (v >= Q)
                    v = Q - 1;
                  if (prng () & 1)
                    v = v ? v - Q : 0;
                }
              a.coeffs[i] = v;
            }
          memset (want, 0x5a, sizeof want);
          _gcry_mlkem_poly_compress (want, &a, d);
          {
            /* Input at one end of the area, output at the other.  */
            byte *out = round & 1 ? g : g + glen - 32 * d;
            mlkem_poly *ga = (mlkem_poly *)(round & 1 ? g + glen - sizeof a
                                            : g);

            *ga = a;
            o->poly_compress (out, ga, d);
            if (memcmp (want, out, 32 * d))
              ok_c = 0;
          }

          if (round == 0)
            memset (in, 0xff, sizeof in);
          else if (round == 1)
            memset (in, 0, sizeof in);
          else
            prng_bytes (in, sizeof in);
          _gcry_mlkem_poly_decompress (&b, in, d);
          {
            byte *gin = round & 1 ? g : g + glen - 32 * d;
            mlkem_poly *gr = (mlkem_poly *)(round & 1 ? g + glen - sizeof a
                                            : g);

            memcpy (gin, in, 32 * d);
            o->poly_decompress (gr, gin, d);
            if (memcmp (gr, &b, sizeof b))
              ok_d = 0;
          }
        }
    }
  check (ok_c, "%s: Compress_d for d = 1, 4, 5, 10, 11 on all |x| < q,"
         " and against the portable code", o->name);
  check (ok_d, "%s: Decompress_d for d = 1, 4, 5, 10, 11 on all inputs,"
         " and against the portable code", o->name);
}


/* Recompute cipher/mlkem-tables-avx2.h (the twiddle vectors of the
 * AVX2 kernels) from FIPS 203 and a closed form of their lane order,
 * independent of the generator's simulation of the transposes.  With
 * lane p = 8h + 4r2 + 2r1 + r0 (bits h, r2, r1, r0), the upper input
 * of the butterfly in lane p of the entry of block m (coefficients
 * 32m..32m+31) in the layer with distance LEN < 16 is coefficient
 * 32m + avx2_lane_coeff (LEN, p):
 *   LEN = 8:  r0 + 2 r1 + 4 r2 + 16 h  (after S8),
 *   LEN = 4:  r0 + 8 r1 + 2 r2 + 16 h  (after S8, D),
 *   LEN = 2:  r0 + 4 r1 + 8 r2 + 16 h  (after S8, D, D),
 * and the forward twiddle of group g = that coefficient / (2 LEN) is
 * zeta_{128/LEN + g}, the inverse one zeta_{256/LEN - 1 - g}.  Every
 * second vector must be the first times q^-1 mod 2^16.  */
static unsigned int
avx2_lane_coeff (unsigned int len, unsigned int p)
{
  unsigned int r0 = p & 1, r1 = (p >> 1) & 1, r2 = (p >> 2) & 1;
  unsigned int h = p >> 3;

  if (len == 8)
    return r0 + 2 * r1 + 4 * r2 + 16 * h;
  if (len == 4)
    return r0 + 8 * r1 + 2 * r2 + 16 * h;
  return r0 + 4 * r1 + 8 * r2 + 16 * h;
}

static int
avx2_entry_ok (const int16_t e[2][16], const long want[16])
{
  unsigned int p;

  for (p = 0; p < 16; p++)
    {
      long w = modq (want[p] * 65536);

      if (w > Q / 2)
        w -= Q;
      if (e[0][p] != w || (u16)e[1][p] != (u16)((u32)(u16)w * 62209u))
        return 0;
    }
  return 1;
}

static long
zeta_k (unsigned int k)
{
  return powq (17, bitrev7 (k));
}

static void
test_avx2_tables (void)
{
  static const unsigned int lens[3] = { 8, 4, 2 };
  long want[16];
  unsigned int e, l, m, p, g;
  int ok = 1;

  /* Forward: LEN = 128, 64, 32, 16 broadcast, then LEN = 8, 4, 2.  */
  e = 0;
  for (l = 128; l >= 16; l /= 2)
    for (g = 0; g < 128 / l; g++, e++)
      {
        for (p = 0; p < 16; p++)
          want[p] = zeta_k (128 / l + g);
        ok &= avx2_entry_ok (mlkem_avx2_ntt_zetas[e], want);
      }
  for (l = 0; l < 3; l++)
    for (m = 0; m < 8; m++, e++)
      {
        for (p = 0; p < 16; p++)
          want[p] = zeta_k (128 / lens[l] + (32 * m + avx2_lane_coeff
                                             (lens[l], p)) / (2 * lens[l]));
        ok &= avx2_entry_ok (mlkem_avx2_ntt_zetas[e], want);
      }
  ok &= e == DIM (mlkem_avx2_ntt_zetas);

  /* Inverse: LEN = 2, 4, 8 per block, then 16, 32, 64 broadcast, then
     LEN = 128 times the factor 2^16 / 128, then that factor.  */
  e = 0;
  for (l = 3; l-- > 0; )
    for (m = 0; m < 8; m++, e++)
      {
        for (p = 0; p < 16; p++)
          want[p] = zeta_k (256 / lens[l] - 1
                            - (32 * m + avx2_lane_coeff (lens[l], p))
                            / (2 * lens[l]));
        ok &= avx2_entry_ok (mlkem_avx2_invntt_zetas[e], want);
      }
  for (l = 16; l <= 64; l *= 2)
    for (g = 0; g < 128 / l; g++, e++)
      {
        for (p = 0; p < 16; p++)
          want[p] = zeta_k (256 / l - 1 - g);
        ok &= avx2_entry_ok (mlkem_avx2_invntt_zetas[e], want);
      }
  for (p = 0; p < 16; p++)
    want[p] = zeta_k (1) * 65536 % Q * powq (128, Q - 2) % Q;
  ok &= avx2_entry_ok (mlkem_avx2_invntt_zetas[e++], want);
  for (p = 0; p < 16; p++)
    want[p] = 65536L % Q * powq (128, Q - 2) % Q;
  ok &= avx2_entry_ok (mlkem_avx2_invntt_zetas[e++], want);
  ok &= e == DIM (mlkem_avx2_invntt_zetas);

  /* The AVX2 order: slot p of 16 residues holds residue 2p for p < 8
     and 2 (p - 8) + 1 for p >= 8.  */
  for (e = 0; e < DIM (mlkem_avx2_gammas); e++)
    {
      for (p = 0; p < 16; p++)
        want[p] = gamma_i (16 * e + (p < 8 ? 2 * p : 2 * (p - 8) + 1));
      ok &= avx2_entry_ok (mlkem_avx2_gammas[e], want);
    }
  check (ok, "AVX2 twiddle tables (mlkem-tables-avx2.h) match FIPS 203");

  /* Rejection sampling: idx[M] gathers the words of the set bits of
     M, in order, and zeroes the rest; cnt[M] counts them.  */
  ok = 1;
  for (e = 0; e < 256; e++)
    {
      unsigned int n = 0;

      for (p = 0; p < 8; p++)
        if (e & (1u << p))
          {
            ok &= mlkem_avx2_rej.idx[e][2 * n] == 2 * p;
            ok &= mlkem_avx2_rej.idx[e][2 * n + 1] == 2 * p + 1;
            n++;
          }
      ok &= mlkem_avx2_rej.cnt[e] == n;
      for (p = 2 * n; p < 16; p++)
        ok &= mlkem_avx2_rej.idx[e][p] == 0x80;
    }
  check (ok, "AVX2 rejection sampling table (mlkem-tables-avx2.h)");
}


/* Recompute cipher/mlkem-tables-avx512.h the same way.  In the
 * layer with distance LEN < 32 of register pair p (coefficients
 * 64p..64p+63), lane i holds the i-th of the upper inputs in
 * increasing order, the one of butterfly group (32p + i) / LEN.  The
 * four transposes together split the pair into its even and odd
 * dwords, which the vpermi2d controls undo and redo.  */
static int
avx512_entry_ok (const int16_t e[2][32], const long want[32])
{
  unsigned int i;

  for (i = 0; i < 32; i++)
    {
      long w = modq (want[i] * 65536);

      if (w > Q / 2)
        w -= Q;
      if (e[0][i] != w || (u16)e[1][i] != (u16)((u32)(u16)w * 62209u))
        return 0;
    }
  return 1;
}

static void
test_avx512_tables (void)
{
  long want[32];
  unsigned int e, l, p, g, i;
  int ok = 1;

  /* Forward: LEN = 128, 64, 32 broadcast, then LEN = 16, 8, 4, 2.  */
  e = 0;
  for (l = 128; l >= 32; l /= 2)
    for (g = 0; g < 128 / l; g++, e++)
      {
        for (i = 0; i < 32; i++)
          want[i] = zeta_k (128 / l + g);
        ok &= avx512_entry_ok (mlkem_avx512_ntt_zetas[e], want);
      }
  for (l = 16; l >= 2; l /= 2)
    for (p = 0; p < 4; p++, e++)
      {
        for (i = 0; i < 32; i++)
          want[i] = zeta_k ((128 + 32 * p + i) / l);
        ok &= avx512_entry_ok (mlkem_avx512_ntt_zetas[e], want);
      }
  ok &= e == DIM (mlkem_avx512_ntt_zetas);

  /* Inverse: LEN = 2, 4, 8, 16 per pair, then 32, 64 broadcast, then
     LEN = 128 times 2^16 / 128 and the factor 2^16 / 128.  */
  e = 0;
  for (l = 2; l <= 16; l *= 2)
    for (p = 0; p < 4; p++, e++)
      {
        for (i = 0; i < 32; i++)
          want[i] = zeta_k (256 / l - 1 - (32 * p + i) / l);
        ok &= avx512_entry_ok (mlkem_avx512_invntt_zetas[e], want);
      }
  for (l = 32; l <= 64; l *= 2)
    for (g = 0; g < 128 / l; g++, e++)
      {
        for (i = 0; i < 32; i++)
          want[i] = zeta_k (256 / l - 1 - g);
        ok &= avx512_entry_ok (mlkem_avx512_invntt_zetas[e], want);
      }
  /* LEN = 128 carries the final factor, as does the factor of the
     sums.  */
  for (i = 0; i < 32; i++)
    want[i] = zeta_k (1) * 65536 % Q * powq (128, Q - 2) % Q;
  ok &= avx512_entry_ok (mlkem_avx512_invntt_zetas[e++], want);
  for (i = 0; i < 32; i++)
    want[i] = 65536L % Q * powq (128, Q - 2) % Q;
  ok &= avx512_entry_ok (mlkem_avx512_invntt_zetas[e++], want);
  ok &= e == DIM (mlkem_avx512_invntt_zetas);

  for (e = 0; e < DIM (mlkem_avx512_gammas); e++)
    {
      for (i = 0; i < 32; i++)
        want[i] = gamma_i (32 * e + i);
      ok &= avx512_entry_ok (mlkem_avx512_gammas[e], want);
    }
  for (i = 0; i < 16; i++)
    {
      ok &= mlkem_avx512_perm[0][i] == (i & 1) * 16 + i / 2;
      ok &= mlkem_avx512_perm[1][i] == (i & 1) * 16 + 8 + i / 2;
      ok &= mlkem_avx512_perm[2][i] == 2 * i;
      ok &= mlkem_avx512_perm[3][i] == 2 * i + 1;
    }
  check (ok, "AVX-512 twiddle tables (mlkem-tables-avx512.h) match FIPS 203");
}


/* mlkem-tables-ppc.h (cipher/gen-mlkem-ppc-tables.c): every second
 * vector of a (C, C') pair is round (C 2^15 / q) lane by lane (the
 * Barrett companion; the kernel tests check the C), every C is
 * centered and every constant is what the assembler expects.  The
 * vperm controls are checked in element terms: element byte b comes
 * from memory byte 7 - b (b < 8) or 23 - b (lxvd2x on little
 * endian).  */
static int
ppc_pairs_ok (const int16_t (*t)[8], unsigned int first, unsigned int n)
{
  unsigned int e, l;

  for (e = first; e + 1 < first + n; e += 2)
    for (l = 0; l < 8; l++)
      {
        long c = t[e][l], want;

        if (c < -(Q - 1) / 2 || c > (Q - 1) / 2)
          return 0;
        /* round (c 2^15 / q) without a tie; floor division.  */
        want = (2 * c * 32768 + Q) >= 0 ? (2 * c * 32768 + Q) / (2 * Q)
          : -((-(2 * c * 32768 + Q) + 2 * Q - 1) / (2 * Q));
        if (t[e + 1][l] != want)
          return 0;
      }
  return 1;
}

static unsigned int
ppc_perm_byte (unsigned int i, unsigned int b)
{
  return mlkem_ppc_mul_perm[i][b < 8 ? 7 - b : 23 - b];
}

static void
test_ppc_tables (void)
{
  unsigned int l, w;
  int ok = 1;

  ok &= ppc_pairs_ok (mlkem_ppc_ntt_tab, 1, 126);
  ok &= ppc_pairs_ok (mlkem_ppc_invntt_tab, 1, 128);
  ok &= ppc_pairs_ok (mlkem_ppc_mul_tab, 3, 32);
  ok &= ppc_pairs_ok (mlkem_ppc_coef_tab, 2, 2);
  /* The POWER10 tables: the same elements in the lxv order, i.e. the
     doublewords of each vector swapped.  */
  for (w = 0; w < 127 * 8; w++)
    ok &= (mlkem_ppc10_ntt_tab[w / 8][w % 8]
           == mlkem_ppc_ntt_tab[w / 8][(w % 8) ^ 4]);
  for (w = 0; w < 129 * 8; w++)
    ok &= (mlkem_ppc10_invntt_tab[w / 8][w % 8]
           == mlkem_ppc_invntt_tab[w / 8][(w % 8) ^ 4]);
  /* The POWER10 cache swaps the doublewords and the elements I, I ^ 2
     of each: memory halfword J comes from J ^ 6.  */
  ok &= ppc_pairs_ok (mlkem_ppc10_mul_tab, 3, 32);
  for (w = 0; w < 35 * 8; w++)
    ok &= (mlkem_ppc10_mul_tab[w / 8][w % 8]
           == mlkem_ppc_mul_tab[w / 8][w < 3 * 8 ? w % 8 : (w % 8) ^ 6]);
  /* The last pairs of the inverse: F = 2^16 / 128 and zeta_1 F.  */
  ok &= modq (mlkem_ppc_invntt_tab[127][0]) == modq (512);
  ok &= modq (mlkem_ppc_invntt_tab[125][0]) == modq (zeta_k (1) * 512);
  ok &= modq (mlkem_ppc_coef_tab[2][0]) == modq (65536);
  for (l = 0; l < 8; l++)
    {
      ok &= mlkem_ppc_ntt_tab[0][l] == -Q && mlkem_ppc_invntt_tab[0][l] == -Q;
      ok &= mlkem_ppc_mul_tab[0][l] == -Q && mlkem_ppc_coef_tab[0][l] == -Q;
      ok &= mlkem_ppc_coef_tab[1][l] == Q;
      ok &= (u16)mlkem_ppc_mul_tab[1][l] * Q % 65536 == 1;
      /* Memory halfword l: the low half of a word holds -q.  */
      ok &= mlkem_ppc_mul_tab[2][l] == (l & 1 ? 0 : -Q);
    }
  for (w = 0; w < 4; w++)
    {
      ok &= ppc_perm_byte (0, 4 * w) == 16 + 2 * w;
      ok &= ppc_perm_byte (0, 4 * w + 1) == 17 + 2 * w;
      ok &= ppc_perm_byte (1, 4 * w) == 24 + 2 * w;
      ok &= ppc_perm_byte (1, 4 * w + 1) == 25 + 2 * w;
      ok &= ppc_perm_byte (0, 4 * w + 2) == 4 * w + 2;
      ok &= ppc_perm_byte (1, 4 * w + 3) == 4 * w + 3;
      ok &= ppc_perm_byte (2, 4 * w) == 16 + 4 * w;
      ok &= ppc_perm_byte (2, 4 * w + 2) == 4 * w;
      ok &= ppc_perm_byte (3, 2 * w) == 4 * w;
      ok &= ppc_perm_byte (3, 8 + 2 * w + 1) == 17 + 4 * w;
    }
  /* Rejection sampling: the lanes whose bit is clear, in order, in
     front.  */
  for (w = 0; w < 256; w++)
    {
      unsigned int k = 0;

      for (l = 0; l < 8; l++)
        if (!(w & (1u << l)))
          {
            ok &= mlkem_ppc_rej_perm[w][2 * k] == 2 * l;
            ok &= mlkem_ppc_rej_perm[w][2 * k + 1] == 2 * l + 1;
            k++;
          }
    }
  check (ok, "ppc64le tables (mlkem-tables-ppc.h): companions and constants");
}


/* ct_memequal (src/const-time.h), which compares ciphertexts in
 * Decaps: every length from 0 to 100 (32-byte steps, 8-byte words and
 * single bytes in every combination), equal inputs at every alignment,
 * and a single flipped bit at every position.  */
static void
test_ct_memequal (void)
{
  static byte a[128], b[128];
  unsigned int len, off, i;
  int ok = 1;

  for (i = 0; i < sizeof a; i++)
    a[i] = b[i] = prng ();
  for (len = 0; len <= 100; len++)
    for (off = 0; off < 8; off++)
      {
        ok &= ct_memequal (a + off, b + off, len) == 1;
        for (i = 0; i < len; i++)
          {
            b[off + i] ^= 1 << (i % 8);
            ok &= ct_memequal (a + off, b + off, len) == 0;
            b[off + i] ^= 1 << (i % 8);
          }
      }
  check (ok, "ct_memequal on lengths 0..100, every flipped position");
}

/* The schedules of the Keccak runs (mlkem.c: keygen_runs,
 * decaps_g_wide) are chosen from the cost figures of the Keccak
 * backend, so a backend sees only some of them; force each one in
 * turn on the selected kernel set.  Every set of KeyGen runs (2^(k-1)
 * run ends for each k, e with its rows or all at first) and both
 * Decaps runs must give the keys, shared secrets, implicit rejection
 * values and key check results of the chosen schedule.  */
static void
test_schedules (void)
{
  static const int algos[3] =
    { GCRY_KEM_MLKEM512, GCRY_KEM_MLKEM768, GCRY_KEM_MLKEM1024 };
  byte seed[MLKEM_SEED_LEN], m[MLKEM_MSG_LEN];
  byte ek0[1568], dk0[3168], ct0[1568], ctbad[1568], dkbad[3168];
  byte ek[1568], dk[3168], ss0[32], ssr0[32], ss[32];
  unsigned int a, ends, e, wide, n = 0;
  int ok = 1;

  for (a = 0; a < DIM (algos); a++)
    {
      const mlkem_param_t *p = _gcry_mlkem_param_by_algo (algos[a]);
      unsigned int k = p->k;

      prng_bytes (seed, sizeof seed);
      prng_bytes (m, sizeof m);
      if (_gcry_mlkem_keygen_internal (p, ek0, dk0, seed)
          || _gcry_mlkem_encaps (p, ct0, ss0, ek0, m)
          || _gcry_mlkem_decaps (p, ss, dk0, ct0)
          || memcmp (ss, ss0, 32))
        {
          ok = 0;
          continue;
        }
      memcpy (ctbad, ct0, p->ct_len);
      ctbad[p->ct_len / 2] ^= 0x10;
      memcpy (dkbad, dk0, p->dk_len);
      dkbad[384 * k + p->ek_len] ^= 1;  /* A byte of h = H (ek).  */
      if (_gcry_mlkem_decaps (p, ssr0, dk0, ctbad)
          || !memcmp (ssr0, ss0, 32))
        ok = 0;

      for (ends = 0; ends < 1u << (k - 1); ends++)
        for (e = 0; e <= MLKEM_KEYGEN_E_FIRST; e += MLKEM_KEYGEN_E_FIRST)
          for (wide = 0; wide < 2; wide++, n++)
            {
              if (_gcry_mlkem_set_schedule (k, ends | e, wide)
                  || _gcry_mlkem_keygen_internal (p, ek, dk, seed)
                  || memcmp (ek, ek0, p->ek_len)
                  || memcmp (dk, dk0, p->dk_len))
                ok = 0;
              if (_gcry_mlkem_decaps (p, ss, dk0, ct0)
                  || memcmp (ss, ss0, 32))
                ok = 0;
              if (_gcry_mlkem_decaps (p, ss, dk0, ctbad)
                  || memcmp (ss, ssr0, 32))
                ok = 0;
              if (_gcry_mlkem_decaps (p, ss, dkbad, ct0)
                  != GPG_ERR_BAD_SECKEY)
                ok = 0;
            }
    }
  /* Back to the schedules of the cost model.  */
  _gcry_mlkem_init ();
  check (_gcry_mlkem_set_schedule (1, 0, 0) == GPG_ERR_INV_ARG
         && _gcry_mlkem_set_schedule (2, 2, 0) == GPG_ERR_INV_ARG
         && _gcry_mlkem_set_schedule (3, 4, 0) == GPG_ERR_INV_ARG
         && _gcry_mlkem_set_schedule (4, 16, 0) == GPG_ERR_INV_ARG
         && _gcry_mlkem_set_schedule (2, 10, 0) == GPG_ERR_INV_ARG
         && _gcry_mlkem_set_schedule (5, 0, 0) == GPG_ERR_INV_ARG,
         "_gcry_mlkem_set_schedule rejects arguments out of range");
  check (ok && n == 56, "%s: all %u KeyGen runs and Decaps runs agree",
         _gcry_mlkem_backend_name (), n);
}

/* The set _gcry_mlkem_init chooses, the first of
   _gcry_mlkem_ops_available: on an Intel processor (HWF_INTEL_CPU) an
   "avx2" set wherever one is built and usable, AVX-512 or not (zmm
   multiplications lower the clock there), and the one with the VBMI2
   entries where there are two; elsewhere an "avx512" set where one
   is.  */
static void
test_choice (void)
{
  unsigned int hwf = _gcry_get_hw_features (), i;
  const mlkem_ops_t *first = _gcry_mlkem_ops_available (0), *o;
  const mlkem_ops_t *avx2 = NULL, *avx512 = NULL;
  const char *want = NULL;

  for (i = 0; (o = _gcry_mlkem_ops_available (i)); i++)
    {
      if (!avx2 && !strcmp (o->name, "avx2"))
        avx2 = o;
      if (!avx512 && !strcmp (o->name, "avx512"))
        avx512 = o;
    }
  if ((hwf & HWF_INTEL_CPU) && avx2)
    want = "avx2";
  else if (avx512)
    want = "avx512";
  if (want && strcmp (first->name, want))
    fail ("kernel set chosen: %s, expected %s", first->name, want);
#ifdef USE_MLKEM_AVX512
  /* With VBMI2 too, the "avx2" set with the VBMI2 parser.  */
  if ((hwf & HWF_INTEL_CPU) && (hwf & HWF_INTEL_AVX512)
      && (hwf & HWF_INTEL_VBMI2) && first != &_gcry_mlkem_ops_avx2_vbmi2)
    fail ("kernel set chosen: %s without the VBMI2 entries", first->name);
#endif
}

int
main (int argc, char **argv)
{
  const mlkem_ops_t *o;
  unsigned int i;

  argc = test_init (argc, argv);
  if (argc > 1)
    die ("unknown option '%s'", argv[1]);

  test_ct_memequal ();
  test_avx2_tables ();
  test_avx512_tables ();
  test_ppc_tables ();
  test_schedules ();
  test_choice ();
  for (i = 0; (o = _gcry_mlkem_ops_available (i)); i++)
    {
      /* The avx512 set comes twice where VBMI2 is present (with and
         without its entries): number the sets, so that the checks
         below can be told apart in the output.  */
      printf ("%s: kernel set %u, %s\n", PGM, i, o->name);
      if (o != &_gcry_mlkem_ops_generic)
        test_vs_generic (o, &_gcry_mlkem_ops_generic);
      test_coeffwise (o);
      test_bytes (o);
      test_ntt (o);
      test_basemul (o);
      test_rej_uniform (o);
      test_gen_matrix (o);
      test_cbd (o);
      test_compress (o);
    }
  return test_exit ();
}
