/* t-keccak.c - Differential tests of the Keccak kernel set
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

/* This test is linked against the internal (static) library and uses
 * only cipher/keccak.h.  It checks
 *
 *  - the portable permutation against a FIPS 202 known answer,
 *  - the dispatched single, 4-way and 8-way permutations, and those of
 *    every other backend usable here, against the portable
 *    single-state permutation on zero, all-ones, one-bit and
 *    pseudo-random states,
 *  - the whole-block absorbing of every usable backend against the
 *    portable permutation, for every rate and many block counts,
 *  - the batch sponge against N independent incremental sponges for
 *    several rates, input lengths and output splits,
 *  - that an incremental sponge gives the same bytes for any split of
 *    input and output.
 *
 * It prints the backend of each permutation, so that the per-backend
 * runs (GCRYPT_PQC_HWF_DISABLE=...) show which code was tested.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#include "types.h"
#include "keccak.h"

static int verbose;
static int errors;

static void
fail (const char *what, unsigned int a, unsigned int b)
{
  errors++;
  fprintf (stderr, "t-keccak: FAIL: %s (%u, %u)\n", what, a, b);
}

/* Deterministic pseudo-random numbers (xorshift64*); the test must be
   reproducible, not unpredictable.  */
static u64 prng_state = UINT64_C(0x9e3779b97f4a7c15);

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
    *p++ = prng () >> 56;
}


static void make_state (u64 s[25], unsigned int k);

/* A literal transcription of FIPS 202, Algorithms 1-7, as the
   reference for the optimised portable permutation: lanes A[x][y]
   with lane index x + 5y, theta, rho (offsets from the walk of
   Algorithm 2), pi, chi, and iota with RC from the LFSR of Algorithm
   5.  Slow, obviously right, independent of cipher/keccak.c.  */
static int
ref_rc_bit (unsigned int t)
{
  unsigned int r = 0x80, i;     /* R = 10000000, bit 7 is R[0].  */

  if (t % 255 == 0)
    return 1;
  for (i = 1; i <= t % 255; i++)
    {
      /* R = 0 || R; R[0] ^= R[8]; R[4] ^= R[8]; R[5] ^= R[8];
         R[6] ^= R[8]; R = Trunc8 (R).  Bit k of R is bit 7-k here,
         so R[8] is the bit shifted out on the right.  */
      unsigned int r8 = r & 1;

      r >>= 1;
      if (r8)
        r ^= 0x80 | 0x08 | 0x04 | 0x02;
    }
  return (r >> 7) & 1;
}

static void
ref_keccak_f1600 (u64 s[25])
{
  u64 a[5][5], b[5][5], c[5], d[5];
  unsigned int x, y, t, ir, j, r[5][5];

  /* rho offsets (Algorithm 2).  */
  r[0][0] = 0;
  x = 1;
  y = 0;
  for (t = 0; t < 24; t++)
    {
      unsigned int nx = y, ny = (2 * x + 3 * y) % 5;

      r[x][y] = ((t + 1) * (t + 2) / 2) % 64;
      x = nx;
      y = ny;
    }

  for (x = 0; x < 5; x++)
    for (y = 0; y < 5; y++)
      a[x][y] = s[x + 5 * y];

  for (ir = 0; ir < 24; ir++)
    {
      /* theta */
      for (x = 0; x < 5; x++)
        c[x] = a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4];
      for (x = 0; x < 5; x++)
        d[x] = c[(x + 4) % 5] ^ ((c[(x + 1) % 5] << 1)
                                 | (c[(x + 1) % 5] >> 63));
      for (x = 0; x < 5; x++)
        for (y = 0; y < 5; y++)
          a[x][y] ^= d[x];
      /* rho and pi: B[y][2x+3y] = rot (A[x][y], r[x][y]).  */
      for (x = 0; x < 5; x++)
        for (y = 0; y < 5; y++)
          b[y][(2 * x + 3 * y) % 5] = r[x][y]
            ? (a[x][y] << r[x][y]) | (a[x][y] >> (64 - r[x][y]))
            : a[x][y];
      /* chi */
      for (x = 0; x < 5; x++)
        for (y = 0; y < 5; y++)
          a[x][y] = b[x][y] ^ (~b[(x + 1) % 5][y] & b[(x + 2) % 5][y]);
      /* iota */
      for (j = 0; j <= 6; j++)
        if (ref_rc_bit (j + 7 * ir))
          a[0][0] ^= (u64)1 << ((1u << j) - 1);
    }

  for (x = 0; x < 5; x++)
    for (y = 0; y < 5; y++)
      s[x + 5 * y] = a[x][y];
}


/* Keccak-f[1600] of the all-zero state: lanes 0 and 24 of the result,
   from the FIPS 202 example "KeccakF-1600 intermediate values".  */
static void
check_known_answer (void)
{
  u64 s[25];

  memset (s, 0, sizeof s);
  _gcry_keccak_f1600_generic (s);
  if (s[0] != UINT64_C(0xf1258f7940e1dde7)
      || s[24] != UINT64_C(0xeaf1ff7b5ceca249))
    fail ("generic Keccak-f[1600] of zero state", 0, 0);

  memset (s, 0, sizeof s);
  _gcry_keccak_f1600 (s);
  if (s[0] != UINT64_C(0xf1258f7940e1dde7)
      || s[24] != UINT64_C(0xeaf1ff7b5ceca249))
    fail ("dispatched Keccak-f[1600] of zero state", 0, 0);
}


/* The optimised portable permutation against the literal reference on
   the structured and pseudo-random test states.  */
static void
check_reference (unsigned int nstates)
{
  u64 s[25], r[25];
  unsigned int k;

  for (k = 0; k < nstates; k++)
    {
      make_state (s, k);
      memcpy (r, s, sizeof r);
      _gcry_keccak_f1600_generic (s);
      ref_keccak_f1600 (r);
      if (memcmp (s, r, sizeof s))
        {
          fail ("generic permutation differs from the FIPS 202 reference",
                k, 0);
          return;
        }
    }
}


/* Fill the 25 lanes of test state number K: 0 = zeros, 1 = all ones,
   2..1601 = a single set bit, later ones pseudo-random.  */
static void
make_state (u64 s[25], unsigned int k)
{
  unsigned int i;

  if (k == 0)
    memset (s, 0, 25 * 8);
  else if (k == 1)
    memset (s, 0xff, 25 * 8);
  else if (k < 2 + 1600)
    {
      memset (s, 0, 25 * 8);
      s[(k - 2) / 64] = (u64)1 << ((k - 2) % 64);
    }
  else
    for (i = 0; i < 25; i++)
      s[i] = prng ();
}

/* Compare the N-way permutation FN with N calls of the portable
   single-state permutation over NSTATES test states, each instance of
   a batch getting a different state; the batch has STRIDE instances
   (N = STRIDE = 1, 4, 8, or N = 5 of STRIDE = 8 for the 5-way call),
   FN gets the batch plus FIRST u64 and permutes instances FIRST ..
   FIRST + N - 1 (FIRST 0 or 4 for the 4-way call on one half of an
   8-way state), and the others, which hold other states, must come
   back unchanged.  Each batch is also permuted twice, to catch kernels that
   leave garbage in lanes they do not use on the way out.  WHAT names
   FN in messages.  */
static void
check_permutation_strided (const char *what, keccak_permute_fn_t fn,
                           unsigned int first, unsigned int n,
                           unsigned int stride, unsigned int nstates)
{
  u64 batch[25 * 8], ref[8][25];
  unsigned int k, i, j, rep;

  for (k = 0; k < nstates; k += n)
    {
      for (j = 0; j < stride; j++)
        {
          make_state (ref[j], (k + j) % nstates);
          for (i = 0; i < 25; i++)
            batch[i * stride + j] = ref[j][i];
        }
      for (rep = 0; rep < 2; rep++)
        {
          fn (batch + first);
          for (j = first; j < first + n; j++)
            _gcry_keccak_f1600_generic (ref[j]);
          for (j = 0; j < stride; j++)
            for (i = 0; i < 25; i++)
              if (batch[i * stride + j] != ref[j][i])
                {
                  fail (what, k + j, i);
                  return;
                }
        }
    }
}

static void
check_permutation_fn (const char *what, keccak_permute_fn_t fn,
                      unsigned int n, unsigned int nstates)
{
  check_permutation_strided (what, fn, 0, n, n, nstates);
}

/* The same for a 9-way permutation: eight states interleaved with
   stride 8 and a ninth one after them (lane i at 200 + i), all
   permuted, twice.  */
static void
check_permutation_x9 (const char *what, keccak_permute_fn_t fn,
                      unsigned int nstates)
{
  u64 batch[25 * 8 + 25], ref[9][25];
  unsigned int k, i, j, rep;

  for (k = 0; k < nstates; k += 9)
    {
      for (j = 0; j < 9; j++)
        {
          make_state (ref[j], (k + j) % nstates);
          for (i = 0; i < 25; i++)
            batch[j < 8 ? i * 8 + j : 200 + i] = ref[j][i];
        }
      for (rep = 0; rep < 2; rep++)
        {
          fn (batch);
          for (j = 0; j < 9; j++)
            {
              _gcry_keccak_f1600_generic (ref[j]);
              for (i = 0; i < 25; i++)
                if (batch[j < 8 ? i * 8 + j : 200 + i] != ref[j][i])
                  {
                    fail (what, k + j, i);
                    return;
                  }
            }
        }
    }
}

/* Nonzero if the selected backend has the 5-way permutation, which
   _gcry_keccak_multi_run_widths then uses for width bit 3 (even where
   the default schedule does not).  */
static int
have_x5 (void)
{
  return _gcry_keccak_get_x5 (_gcry_keccak_batch_backend_name (4)) != NULL;
}

/* Test the dispatched permutations, then every compiled-in backend
   that this CPU (with the disabled features) can run, slot by slot;
   _gcry_keccak_get_backend gives NULL for slots a backend borrows
   from another one.  Both variants of the AVX-512 round run on any
   processor with AVX-512 (the dispatched one is tested above).  */
static void
check_all_permutations (unsigned int nstates)
{
  static const char *const backends[] =
    { "generic", "bmi2", "avx2", "avx512-amd", "avx512-intel", "vsx-p10" };
  static const char *const slot[3] = { "single", "x4", "x8" };
  static const unsigned int slot_n[3] = { 1, 4, 8 };
  keccak_permute_fn_t fn[3];
  char what[64];
  unsigned int b, i, tested;

  check_permutation_fn ("dispatched single permutation",
                        _gcry_keccak_f1600, 1, nstates);
  check_permutation_fn ("dispatched x4 permutation",
                        _gcry_keccak_f1600_x4, 4, nstates);
  check_permutation_fn ("dispatched x8 permutation",
                        _gcry_keccak_f1600_x8, 8, nstates);

  for (b = 0; b < sizeof backends / sizeof *backends; b++)
    {
      if (_gcry_keccak_get_backend (backends[b], fn))
        {
          if (verbose)
            printf ("t-keccak: backend %s: not available\n", backends[b]);
          continue;
        }
      for (i = tested = 0; i < 3; i++)
        if (fn[i])
          {
            snprintf (what, sizeof what, "%s %s permutation",
                      backends[b], slot[i]);
            check_permutation_fn (what, fn[i], slot_n[i], nstates);
            tested++;
          }
      if ((fn[0] = _gcry_keccak_get_x5 (backends[b])))
        {
          snprintf (what, sizeof what, "%s x5 permutation", backends[b]);
          check_permutation_strided (what, fn[0], 0, 5, 8, nstates);
          tested++;
        }
      if ((fn[0] = _gcry_keccak_get_x4_half (backends[b])))
        {
          snprintf (what, sizeof what, "%s x4 permutation on half 0",
                    backends[b]);
          check_permutation_strided (what, fn[0], 0, 4, 8, nstates);
          snprintf (what, sizeof what, "%s x4 permutation on half 1",
                    backends[b]);
          check_permutation_strided (what, fn[0], 4, 4, 8, nstates);
          tested++;
        }
      if ((fn[0] = _gcry_keccak_get_x9 (backends[b])))
        {
          snprintf (what, sizeof what, "%s x9 permutation", backends[b]);
          check_permutation_x9 (what, fn[0], nstates);
          tested++;
        }
      printf ("t-keccak: backend %s: %u permutation(s) tested\n",
              backends[b], tested);
    }

  /* The portable batch versions must be there, whatever the
     dispatch chose: they are the reference of the SIMD backends.  */
  check_permutation_fn ("portable x4 permutation",
                        _gcry_keccak_f1600_x4_generic, 4, 64);
  check_permutation_fn ("portable x8 permutation",
                        _gcry_keccak_f1600_x8_generic, 8, 64);
}


/* The whole-block absorbing function of every backend usable here
   against the portable permutation with the block XORed in byte by
   byte: every rate from 8 to 192 bytes, 1 to 20 blocks (more for the
   SHA-3/SHAKE rates), pseudo-random states and input at every offset
   modulo 8 (the kernels must not assume aligned input).  */
static void
check_all_absorbs (void)
{
  static const char *const backends[] =
    { "generic", "bmi2", "avx2", "avx512-amd", "avx512-intel", "vsx-p10" };
  static byte buf[7 + 40 * 192];
  u64 s[25], ref[25];
  unsigned int b, rate, nblocks, maxblocks, k, i, off, tested;
  keccak_absorb_fn_t fn;
  const byte *in;

  for (b = 0; b < sizeof backends / sizeof *backends; b++)
    {
      fn = _gcry_keccak_get_absorb (backends[b]);
      if (!fn)
        continue;
      tested = 0;
      for (rate = 8; rate <= 192; rate += 8)
        {
          maxblocks = (rate == 72 || rate == 104 || rate == 136
                       || rate == 144 || rate == 168) ? 40 : 20;
          for (nblocks = 1; nblocks <= maxblocks; nblocks++)
            {
              off = (rate / 8 + nblocks) % 8;
              for (i = 0; i < 25; i++)
                s[i] = ref[i] = prng ();
              for (i = 0; i < nblocks * rate; i++)
                buf[off + i] = prng () >> 56;
              /* Make the byte after the input differ from anything a
                 kernel reading too far could have seen.  */
              buf[off + nblocks * rate] = 0xa5;
              in = buf + off;
              fn (s, in, nblocks, rate);
              for (k = 0; k < nblocks; k++)
                {
                  for (i = 0; i < rate; i++)
                    ref[i / 8] ^= (u64)in[k * rate + i] << (8 * (i % 8));
                  _gcry_keccak_f1600_generic (ref);
                }
              if (memcmp (s, ref, sizeof s))
                {
                  char what[64];

                  snprintf (what, sizeof what, "%s absorb (rate, blocks)",
                            backends[b]);
                  fail (what, rate, nblocks);
                  return;
                }
              tested++;
            }
        }
      printf ("t-keccak: backend %s: absorb tested (%u calls)\n",
              backends[b], tested);
    }
}


/* Compare the batch sponge with N incremental sponges: N inputs of
   INLEN bytes each, NBLOCKS blocks squeezed in two calls.  */
static void
check_batch_sponge (unsigned int n, unsigned int rate, byte dsbyte,
                    size_t inlen, size_t nblocks)
{
  byte *in[8], *out[8], *ref;
  const byte *cin[8] = { NULL };   /* Lanes >= N stay unused.  */
  keccak_batch_t b;
  keccak_ctx_t ctx;
  size_t first = nblocks / 2;
  byte *out_second[8];
  unsigned int j;

  ref = malloc (nblocks * rate);
  if (!ref)
    {
      perror ("malloc");
      exit (2);
    }
  for (j = 0; j < n; j++)
    {
      in[j] = malloc (inlen + 1);
      out[j] = malloc (nblocks * rate);
      if (!in[j] || !out[j])
        {
          perror ("malloc");
          exit (2);
        }
      prng_bytes (in[j], inlen);
      cin[j] = in[j];
      out_second[j] = out[j] + first * rate;
    }

  _gcry_keccak_batch_absorb (&b, n, rate, dsbyte, cin, inlen);
  _gcry_keccak_batch_squeezeblocks (&b, out, first);
  _gcry_keccak_batch_squeezeblocks (&b, out_second, nblocks - first);
  _gcry_keccak_batch_wipe (&b);

  for (j = 0; j < n; j++)
    {
      _gcry_keccak_ctx_init (&ctx, rate, dsbyte);
      _gcry_keccak_absorb (&ctx, in[j], inlen);
      _gcry_keccak_squeeze (&ctx, ref, nblocks * rate);
      if (memcmp (ref, out[j], nblocks * rate))
        fail ("batch sponge differs from single sponge", n,
              (unsigned int)inlen);
      free (in[j]);
      free (out[j]);
    }
  free (ref);
}


/* Absorb and squeeze the same data with every split point of input
   and output, compared with one-call absorb and squeeze.  */
static void
check_sponge_splits (unsigned int rate, byte dsbyte)
{
  byte in[400], ref[450], out[450];
  keccak_ctx_t ctx;
  size_t inlen = sizeof in, split, i;

  prng_bytes (in, inlen);
  _gcry_keccak_ctx_init (&ctx, rate, dsbyte);
  _gcry_keccak_absorb (&ctx, in, inlen);
  _gcry_keccak_squeeze (&ctx, ref, sizeof ref);

  for (split = 0; split <= inlen; split++)
    {
      _gcry_keccak_ctx_init (&ctx, rate, dsbyte);
      _gcry_keccak_absorb (&ctx, in, split);
      _gcry_keccak_absorb (&ctx, in + split, inlen - split);
      /* Output in chunks of growing odd sizes starting at SPLIT%13.  */
      for (i = 0; i < sizeof out; )
        {
          size_t chunk = 1 + (split + i) % 13;

          if (chunk > sizeof out - i)
            chunk = sizeof out - i;
          _gcry_keccak_squeeze (&ctx, out + i, chunk);
          i += chunk;
        }
      if (memcmp (ref, out, sizeof out))
        {
          fail ("sponge split", rate, (unsigned int)split);
          return;
        }
    }

  /* Explicit finalize, then absorb (ignored), then squeeze.  */
  _gcry_keccak_ctx_init (&ctx, rate, dsbyte);
  _gcry_keccak_absorb (&ctx, in, inlen);
  _gcry_keccak_finalize (&ctx);
  _gcry_keccak_finalize (&ctx);
  _gcry_keccak_absorb (&ctx, in, 5);
  _gcry_keccak_squeeze (&ctx, out, sizeof out);
  if (memcmp (ref, out, sizeof out))
    fail ("sponge finalize", rate, 0);
  _gcry_keccak_ctx_wipe (&ctx);
}


/* The multi-stream sponge.  */

static const enum keccak_function multi_fns[] =
  {
    KECCAK_SHA3_224, KECCAK_SHA3_256, KECCAK_SHA3_384, KECCAK_SHA3_512,
    KECCAK_SHAKE128, KECCAK_SHAKE256
  };
static const unsigned int multi_rate[] = { 144, 136, 104, 72, 168, 136 };
static const unsigned int multi_mdlen[] = { 28, 32, 48, 64, 0, 0 };

#define MULTI_MAX_STREAMS 24
#define MULTI_MAX_LEN 1200

/* A length that makes a stream of rate RATE finish at an interesting
   point: 0, 1, RATE-1, RATE, RATE+1, several blocks, long, or
   random.  */
static size_t
multi_length (unsigned int rate)
{
  switch (prng () % 8)
    {
    case 0: return 0;
    case 1: return 1;
    case 2: return rate - 1;
    case 3: return rate;
    case 4: return rate + 1;
    case 5: return 3 * rate + prng () % 8;
    case 6: return MULTI_MAX_LEN - prng () % 64;
    default: return prng () % MULTI_MAX_LEN;
    }
}

/* Run NSTREAMS random streams (mixed functions, lengths that finish at
   different times) with the widths WIDTHS, then ROUNDS rounds of more
   output for a random subset (often a single lane), and compare every
   byte with one incremental sponge per stream.  Adds the permutation
   calls to CALLS.  */
static void
check_multi_random (unsigned int nstreams, unsigned int widths,
                    unsigned int rounds,
                    unsigned long calls[KECCAK_NWIDTHS])
{
  static byte in[MULTI_MAX_STREAMS][MULTI_MAX_LEN];
  static byte out[MULTI_MAX_STREAMS][MULTI_MAX_LEN];
  static byte ref[MULTI_MAX_LEN];
  keccak_stream_t st[MULTI_MAX_STREAMS];
  keccak_ctx_t ctx[MULTI_MAX_STREAMS];
  size_t outlen[MULTI_MAX_STREAMS];
  unsigned int f[MULTI_MAX_STREAMS];
  int last[MULTI_MAX_STREAMS];
  unsigned int i, r;

  for (i = 0; i < nstreams; i++)
    {
      size_t inlen;

      f[i] = prng () % 6;
      inlen = multi_length (multi_rate[f[i]]);
      prng_bytes (in[i], inlen);
      if (multi_mdlen[f[i]])
        outlen[i] = prng () % 4 ? multi_mdlen[f[i]] : 0;
      else
        outlen[i] = multi_length (multi_rate[f[i]]);
      memset (out[i], 0xa5, sizeof out[i]);
      _gcry_keccak_stream_init (&st[i], multi_fns[f[i]], in[i], inlen,
                                out[i], outlen[i]);
      /* Some XOF streams promise to ask for nothing more (their state
         is then dropped when served).  */
      last[i] = !multi_mdlen[f[i]] && prng () % 4 == 0;
      if (last[i])
        _gcry_keccak_stream_last (&st[i]);
      _gcry_keccak_ctx_init (&ctx[i], multi_rate[f[i]],
                             multi_mdlen[f[i]] ? KECCAK_DS_SHA3
                             : KECCAK_DS_SHAKE);
      _gcry_keccak_absorb (&ctx[i], in[i], inlen);
    }
  /* The input must not be read after the run.  */
  _gcry_keccak_multi_run_widths (st, nstreams, widths, calls);
  for (i = 0; i < nstreams; i++)
    memset (in[i], 0x5a, sizeof in[i]);

  for (r = 0; ; r++)
    {
      for (i = 0; i < nstreams; i++)
        {
          _gcry_keccak_squeeze (&ctx[i], ref, outlen[i]);
          if (memcmp (ref, out[i], outlen[i]))
            fail ("multi-stream sponge differs from single sponge",
                  widths, i);
          if (outlen[i] < sizeof out[i] && out[i][outlen[i]] != 0xa5)
            fail ("multi-stream sponge writes past the request", widths, i);
        }
      if (r == rounds)
        break;

      /* More output for some XOF streams: single lanes, single bytes,
         or lengths that cross block boundaries.  */
      for (i = 0; i < nstreams; i++)
        {
          outlen[i] = 0;
          memset (out[i], 0xa5, sizeof out[i]);
          if (multi_mdlen[f[i]] || last[i] || prng () % 3 == 0)
            continue;
          switch (prng () % 4)
            {
            case 0: outlen[i] = 8; break;
            case 1: outlen[i] = 1; break;
            case 2: outlen[i] = multi_length (multi_rate[f[i]]); break;
            default: outlen[i] = prng () % 300; break;
            }
          _gcry_keccak_stream_more (&st[i], out[i], outlen[i]);
        }
      _gcry_keccak_multi_run_widths (st, nstreams, widths, calls);
    }
  _gcry_keccak_multi_wipe (st, nstreams);
}

/* Open streams (_gcry_keccak_stream_open): random mixed streams, some
   of which get their message in three pieces over three runs (a
   prefix, more of it, then the rest with FINAL), cut at random or at
   the block edges; after the first two runs an open stream must have
   absorbed exactly its whole blocks and written no output; at the
   end every output must equal one incremental sponge over the whole
   message.  */
static void
check_multi_open (unsigned int widths, unsigned long calls[KECCAK_NWIDTHS])
{
  static byte msg[MULTI_MAX_STREAMS][MULTI_MAX_LEN];
  static byte out[MULTI_MAX_STREAMS][MULTI_MAX_LEN];
  static byte ref[MULTI_MAX_LEN];
  keccak_stream_t st[MULTI_MAX_STREAMS];
  keccak_ctx_t ctx;
  size_t len[MULTI_MAX_STREAMS], cut[MULTI_MAX_STREAMS][2];
  size_t outlen[MULTI_MAX_STREAMS];
  unsigned int f[MULTI_MAX_STREAMS];
  int open[MULTI_MAX_STREAMS];
  unsigned int n = 1 + prng () % 12, i, r, c;

  for (i = 0; i < n; i++)
    {
      unsigned int rate;

      f[i] = prng () % 6;
      rate = multi_rate[f[i]];
      len[i] = multi_length (rate);
      prng_bytes (msg[i], len[i]);
      outlen[i] = multi_mdlen[f[i]] ? multi_mdlen[f[i]]
                                    : 1 + prng () % 400;
      open[i] = prng () % 3 != 0;
      for (c = 0; c < 2; c++)
        {
          size_t from = c ? cut[i][0] : 0, t;

          /* At the edge of a block, beside it, or anywhere.  */
          t = from + (prng () % 2 ? rate * (prng () % 4)
                      + (prng () % 3) - 1 : prng () % (len[i] + 1));
          if (t < from || t > len[i])
            t = from + prng () % (len[i] - from + 1);
          cut[i][c] = open[i] ? t : len[i];
        }
      memset (out[i], 0xa5, sizeof out[i]);
      _gcry_keccak_stream_init (&st[i], multi_fns[f[i]], msg[i],
                                cut[i][0], out[i], outlen[i]);
      if (open[i])
        _gcry_keccak_stream_open (&st[i]);
    }

  for (r = 0; r < 3; r++)
    {
      _gcry_keccak_multi_run_widths (st, n, widths, calls);
      if (r == 2)
        break;
      for (i = 0; i < n; i++)
        if (open[i])
          {
            size_t rate = multi_rate[f[i]];
            size_t done = cut[i][r] - cut[i][r] % rate;

            if (st[i].in != msg[i] + done || st[i].inlen != cut[i][r] % rate)
              fail ("open stream absorbs its whole blocks only", widths, i);
            if (out[i][0] != 0xa5)
              fail ("open stream writes output early", widths, i);
            _gcry_keccak_stream_input (&st[i], st[i].in,
                                       (r ? len[i] : cut[i][1]) - done, r);
          }
    }

  for (i = 0; i < n; i++)
    {
      _gcry_keccak_ctx_init (&ctx, multi_rate[f[i]],
                             multi_mdlen[f[i]] ? KECCAK_DS_SHA3
                             : KECCAK_DS_SHAKE);
      _gcry_keccak_absorb (&ctx, msg[i], len[i]);
      _gcry_keccak_squeeze (&ctx, ref, outlen[i]);
      if (memcmp (ref, out[i], outlen[i]) || out[i][outlen[i]] != 0xa5)
        fail ("open stream differs from single sponge", widths, i);
    }
  _gcry_keccak_multi_wipe (st, n);
}

/* Permutations a stream of rate RATE owes for INLEN input bytes and
   OUTLEN output bytes (keccak.h, cost model).  */
static unsigned long
multi_cost (unsigned int rate, size_t inlen, size_t outlen)
{
  return inlen / rate + 1 + (outlen ? (outlen + rate - 1) / rate - 1 : 0);
}

/* The scheduler's permutation counts: N equal SHAKE128 streams on the
   single width WIDTH (bit index WI) need exactly ceil (N / width)
   times the permutations of one stream, and x1 alone exactly their
   sum, also for mixed streams; the default schedule never needs more
   instance-permutations than x1 alone.  */
static void
check_multi_counts (void)
{
  static const unsigned int width[KECCAK_NWIDTHS] = { 1, 4, 8, 5 };
  /* IN holds the longest input below, 37 * 19 bytes.  */
  static byte in[20][704], out[20][1600], ek512[800];
  keccak_stream_t st[20];
  unsigned long calls[KECCAK_NWIDTHS], want;
  unsigned int wi, n, i, k;

  for (wi = 0; wi < KECCAK_NWIDTHS; wi++)
    for (n = 1; n <= 20; n += 3)
      {
        for (i = 0; i < n; i++)
          _gcry_keccak_stream_init (&st[i], KECCAK_SHAKE128, in[i], 400,
                                    out[i], 600);
        if (wi == 3 && !have_x5 ())
          continue;   /* No 5-way kernel here.  */
        memset (calls, 0, sizeof calls);
        _gcry_keccak_multi_run_widths (st, n, 1u << wi, calls);
        /* The optimum for N equal chains of C steps on W lanes:
           enough calls for all N*C instance-permutations, and at
           least C.  */
        want = multi_cost (168, 400, 600);
        if ((n * want + width[wi] - 1) / width[wi] > want)
          want = (n * want + width[wi] - 1) / width[wi];
        for (k = 0; k < KECCAK_NWIDTHS; k++)
          if (k != wi && calls[k])
            want = 0;
        if (calls[wi] != want)
          {
            if (verbose)
              printf ("t-keccak: %u streams on x%u: %lu calls, want %lu\n",
                      n, width[wi], calls[wi], want);
            fail ("multi-stream permutation count", width[wi], n);
          }
      }

  /* The shapes of ML-KEM KeyGen on x8: nine (K = 3) SampleNTT
     streams of three blocks alone (4 calls, not 3 + 3), and with six
     one-block noise streams (5 calls, not 6); on x5, where the
     backend has it, 27 and 33 permutations in 6 and 7 calls, the
     fewest five lanes allow.  */
  for (n = 9; n <= 15; n += 6)
    for (wi = 2; wi < KECCAK_NWIDTHS; wi++)
      {
        if (wi == 3 && !have_x5 ())
          continue;
        for (i = 0; i < n; i++)
          _gcry_keccak_stream_init (&st[i], i < 9 ? KECCAK_SHAKE128
                                    : KECCAK_SHAKE256, in[i],
                                    i < 9 ? 34 : 33, out[i],
                                    i < 9 ? 504 : 128);
        memset (calls, 0, sizeof calls);
        _gcry_keccak_multi_run_widths (st, n, 1u << wi, calls);
        want = wi == 2 ? (n == 9 ? 4 : 5) : (n == 9 ? 6 : 7);
        for (k = 0; k < KECCAK_NWIDTHS; k++)
          if (calls[k] != (k == wi ? want : 0))
            fail ("multi-stream ML-KEM KeyGen shape count", n,
                  (unsigned int)calls[wi]);
      }

  want = 0;
  for (i = 0; i < 20; i++)
    {
      unsigned int fi = i % 6;
      size_t inlen = 37 * i, outlen = multi_mdlen[fi] ? multi_mdlen[fi]
                                      : 31 * i;

      _gcry_keccak_stream_init (&st[i], multi_fns[fi], in[i], inlen,
                                out[i], outlen);
      want += multi_cost (multi_rate[fi], inlen, outlen);
    }
  memset (calls, 0, sizeof calls);
  _gcry_keccak_multi_run_widths (st, 20, 1, calls);
  if (calls[0] != want || calls[1] || calls[2])
    fail ("multi-stream x1 permutation count", (unsigned int)calls[0],
          (unsigned int)want);

  /* The shape of ML-KEM-512 Encaps on x1 and x4: H (ek) (800 bytes,
     6 blocks) beside four 3-block SampleNTT streams.  With the
     portable figures x1 alone and x4 alone tie (18 single calls
     against 6 x4 calls of 3 singles), and the run starts on x4 and
     finishes H on x1 (4 + 4 calls); the SIMD figures keep it on x4
     (6 calls).  Either way x4 is used, in fewer calls than the 18 of
     x1.  */
  _gcry_keccak_stream_init (&st[0], KECCAK_SHA3_256, ek512, sizeof ek512,
                            out[0], 32);
  for (i = 1; i < 5; i++)
    _gcry_keccak_stream_init (&st[i], KECCAK_SHAKE128, in[i], 34,
                              out[i], 504);
  memset (calls, 0, sizeof calls);
  _gcry_keccak_multi_run_widths (st, 5, 3, calls);
  if (verbose)
    printf ("t-keccak: ML-KEM-512 Encaps shape: %lu x1, %lu x4 calls\n",
            calls[0], calls[1]);
  if (calls[1] < 3 || calls[0] + calls[1] >= 18 || calls[2])
    fail ("multi-stream ML-KEM-512 Encaps shape", (unsigned int)calls[0],
          (unsigned int)calls[1]);

  /* Chains that the two-phase estimate must not misjudge (the second
     longest keeps the other lanes busy as long as it runs): by the
     backend's own figures the default schedule never costs more than
     x1 alone.  Each list ends with 0.  */
  {
    static const unsigned int shapes[][7] = {
      { 8, 7, 0 }, { 3, 3, 3, 0 }, { 9, 7, 7, 7, 7, 7, 0 },
      { 6, 3, 3, 3, 3, 0 }
    };
    unsigned int si;

    for (si = 0; si < sizeof shapes / sizeof shapes[0]; si++)
      {
        unsigned long weighted = 0, alone = 0;

        for (n = 0; shapes[si][n]; n++)
          {
            _gcry_keccak_stream_init (&st[n], KECCAK_SHAKE128, in[n], 34,
                                      out[n], 168 * shapes[si][n]);
            alone += shapes[si][n];
          }
        memset (calls, 0, sizeof calls);
        _gcry_keccak_multi_run_widths (st, n, 7, calls);
        for (wi = 0; wi < 3; wi++)
          weighted += calls[wi] * _gcry_keccak_cost_figure (wi);
        alone *= _gcry_keccak_cost_figure (0);
        if (verbose)
          printf ("t-keccak: shape %u: %lu x1, %lu x4, %lu x8 calls,"
                  " cost %lu (x1 alone %lu)\n", si, calls[0], calls[1],
                  calls[2], weighted, alone);
        if (weighted > alone)
          fail ("multi-stream shape costs more than x1 alone", si,
                (unsigned int)(weighted / 1000));
      }
  }

  /* A single stream with all widths allowed: every backend's cost
     model puts a lone stream on x1.  */
  _gcry_keccak_stream_init (&st[0], KECCAK_SHAKE256, in[0], 300,
                            out[0], 500);
  memset (calls, 0, sizeof calls);
  _gcry_keccak_multi_run_widths (st, 1, 7, calls);
  if (calls[0] != multi_cost (136, 300, 500) || calls[1] || calls[2])
    fail ("multi-stream lone stream not on x1", (unsigned int)calls[1],
          (unsigned int)calls[2]);
  _gcry_keccak_multi_wipe (st, 20);
}

/* The streams of ML-KEM-768 Decaps (H (ek), J (z || c), the nine
   SampleNTT streams of A-hat and the seven noise streams) as one run:
   on a single width W the scheduler refills lanes as streams finish,
   so it needs exactly the calls that a perfect packing needs (9 on x8,
   bounded by the 9 blocks of H (ek); 13 on x4, the 52
   instance-permutations over 4 lanes; 52 on x1), and every stream's
   output equals that of its own sponge (checked by
   check_multi_random's comparison for the random runs; here the
   digests are compared with the one-shot helpers).  The schedule over
   every width the backend has (x5 included where it has that kernel)
   never needs more calls than x1 alone.  */
static void
check_multi_mlkem_shape (void)
{
  static const unsigned int want[3] = { 52, 13, 9 };
  static byte ek[1184], zc[1120], seed[16][34], out[18][504], ref[504];
  keccak_stream_t st[18];
  unsigned long calls[KECCAK_NWIDTHS];
  unsigned int wi, i, n;

  prng_bytes (ek, sizeof ek);
  prng_bytes (zc, sizeof zc);
  for (wi = 0; wi < 4; wi++)
    {
      n = 0;
      _gcry_keccak_stream_init (&st[n++], KECCAK_SHA3_256, ek, sizeof ek,
                                out[0], 32);
      _gcry_keccak_stream_init (&st[n++], KECCAK_SHAKE256, zc, sizeof zc,
                                out[1], 32);
      for (i = 0; i < 9; i++)
        {
          prng_bytes (seed[i], 34);
          _gcry_keccak_stream_init (&st[n], KECCAK_SHAKE128, seed[i], 34,
                                    out[n], 504);
          n++;
        }
      for (i = 0; i < 7; i++)
        {
          prng_bytes (seed[9 + i], 33);
          _gcry_keccak_stream_init (&st[n], KECCAK_SHAKE256, seed[9 + i],
                                    33, out[n], 128);
          n++;
        }
      memset (calls, 0, sizeof calls);
      _gcry_keccak_multi_run_widths (st, n, wi < 3 ? 1u << wi : 15, calls);
      if (wi < 3 && (calls[wi] != want[wi] || calls[(wi + 1) % 3]
                     || calls[(wi + 2) % 3]))
        fail ("multi-stream ML-KEM shape, permutation count", wi,
              (unsigned int)calls[wi]);
      if (wi == 3)
        {
          /* Instance capacity used at most that of x1 alone.  */
          if (calls[0] + calls[1] + calls[2] + calls[3] > want[0])
            fail ("multi-stream ML-KEM shape, all widths", 0, 0);
          if (verbose)
            printf ("t-keccak: ML-KEM-768 Decaps shape: %lu x1, %lu x4,"
                    " %lu x8, %lu x5 calls\n", calls[0], calls[1], calls[2],
                    calls[3]);
        }
      _gcry_sha3_256 (ref, ek, sizeof ek);
      if (memcmp (ref, out[0], 32))
        fail ("multi-stream ML-KEM shape, H", wi, 0);
      _gcry_shake256 (ref, 32, zc, sizeof zc);
      if (memcmp (ref, out[1], 32))
        fail ("multi-stream ML-KEM shape, J", wi, 0);
      for (i = 0; i < 16; i++)
        {
          size_t len = i < 9 ? 504 : 128;

          if (i < 9)
            _gcry_shake128 (ref, len, seed[i], 34);
          else
            _gcry_shake256 (ref, len, seed[i], 33);
          if (memcmp (ref, out[2 + i], len))
            fail ("multi-stream ML-KEM shape, SHAKE", wi, i);
        }
    }
  _gcry_keccak_multi_wipe (st, 18);
}

/* Every count of whole lanes and every tail of 0 to 7 bytes, in the
   input and in the output, from lane-aligned and unaligned squeeze
   positions, with mixed functions side by side, on x1, x4, x8 and the
   default schedule: the scheduler copies whole lanes in groups of four
   and gathers the bytes of a partial lane, so each remainder must
   occur.  Every byte is compared with one incremental sponge per
   stream.  */
static void
check_multi_lanes (void)
{
  static const unsigned int widths[] = { 1, 2, 4, 7 };
  static byte in[24][3 * 168 + 8], out[24][2 * 168 + 8], ref[2 * 168 + 8];
  keccak_stream_t st[24];
  keccak_ctx_t ctx[24];
  size_t outlen[24];
  unsigned int wi, i, r, f, rate;

  for (wi = 0; wi < sizeof widths / sizeof *widths; wi++)
    {
      for (i = 0; i < 24; i++)
        {
          size_t inlen;

          f = (i + wi) % 6;
          rate = multi_rate[f];
          /* 0 to 2 whole blocks, then I*5 mod RATE/8 whole lanes and
             I mod 8 bytes.  */
          inlen = (i % 3) * rate + 8 * ((i * 5) % (rate / 8)) + i % 8;
          prng_bytes (in[i], inlen);
          /* 0 to RATE/8 + 1 whole lanes (the last ones in the next
             block), plus 3 bytes on every third stream, so that the
             next request starts inside a lane.  */
          outlen[i] = multi_mdlen[f] ? multi_mdlen[f]
                      : 8 * (i % (rate / 8 + 2)) + (i % 3 == 1 ? 3 : 0);
          _gcry_keccak_stream_init (&st[i], multi_fns[f], in[i], inlen,
                                    out[i], outlen[i]);
          _gcry_keccak_ctx_init (&ctx[i], rate, multi_mdlen[f]
                                 ? KECCAK_DS_SHA3 : KECCAK_DS_SHAKE);
          _gcry_keccak_absorb (&ctx[i], in[i], inlen);
        }
      for (r = 0; r < 3; r++)
        {
          if (r)
            for (i = 0; i < 24; i++)
              {
                f = (i + wi) % 6;
                outlen[i] = 0;
                if (multi_mdlen[f])
                  continue;
                /* Odd lengths, then more than a block.  */
                outlen[i] = r == 1 ? 8 * ((i * 7) % 23) + i % 5
                            : multi_rate[f] + 1 + i;
                _gcry_keccak_stream_more (&st[i], out[i], outlen[i]);
              }
          for (i = 0; i < 24; i++)
            memset (out[i], 0xa5, sizeof out[i]);
          _gcry_keccak_multi_run_widths (st, 24, widths[wi], NULL);
          for (i = 0; i < 24; i++)
            {
              _gcry_keccak_squeeze (&ctx[i], ref, outlen[i]);
              if (memcmp (ref, out[i], outlen[i]))
                fail ("multi-stream lane remainders", widths[wi], i);
              if (out[i][outlen[i]] != 0xa5)
                fail ("multi-stream lane remainders overrun", widths[wi], i);
            }
        }
      _gcry_keccak_multi_wipe (st, 24);
    }
}

/* The planned switch from x8 to x4 (keccak_multi_width's third
   plan) on the streams of ML-KEM-1024 Encaps, H (ek) of 12 blocks
   beside sixteen 3-block SampleNTT streams: 60 permutations along a
   chain of 12.  With Intel's AVX-512 figures the plan is 3 x8 calls,
   then the rest on x4 along the chain, 9 calls, where x4 alone takes
   15; with Zen 5's (an x8 call no dearer than an x4 one) and Zen 4's
   (1.9 x4 calls, only 2.5% to gain) it is not taken and the run stays
   on one width.  Every output is compared with the one-shot
   functions, so a stream parked at the switch must resume exactly
   where it stopped.  The figures are set with the test hook, so this
   runs on every machine, on the selected backend.  */
static void
check_multi_switch (void)
{
  static const unsigned int cost[3][KECCAK_NWIDTHS] =
    { { 990, 1000, 1385, 0 }, { 750, 760, 750, 0 }, { 619, 621, 1165, 0 } };
  static byte ek[1568], seed[16][34], out[17][504], ref[504];
  keccak_stream_t st[17];
  unsigned long calls[KECCAK_NWIDTHS];
  unsigned int ci, i, n;

  for (ci = 0; ci < 3; ci++)
    {
      prng_bytes (ek, sizeof ek);
      n = 0;
      _gcry_keccak_stream_init (&st[n++], KECCAK_SHA3_256, ek, sizeof ek,
                                out[0], 32);
      for (i = 0; i < 16; i++)
        {
          prng_bytes (seed[i], 34);
          _gcry_keccak_stream_init (&st[n], KECCAK_SHAKE128, seed[i], 34,
                                    out[n], 504);
          n++;
        }
      memset (calls, 0, sizeof calls);
      _gcry_keccak_test_set_cost (cost[ci]);
      _gcry_keccak_multi_run_widths (st, n, 6, calls);
      _gcry_keccak_test_set_cost (NULL);
      if (verbose)
        printf ("t-keccak: switch plan, figures %u: %lu x4, %lu x8 calls\n",
                ci, calls[1], calls[2]);
      if (ci == 0 && (calls[2] != 3 || calls[1] != 9))
        fail ("multi-stream x8-then-x4 plan, calls", (unsigned int)calls[2],
              (unsigned int)calls[1]);
      if (ci > 0 && calls[1] && calls[2])
        fail ("multi-stream plan switched widths", ci,
              (unsigned int)calls[1]);
      _gcry_sha3_256 (ref, ek, sizeof ek);
      if (memcmp (ref, out[0], 32))
        fail ("multi-stream x8-then-x4 plan, H", ci, 0);
      for (i = 0; i < 16; i++)
        {
          _gcry_shake128 (ref, 504, seed[i], 34);
          if (memcmp (ref, out[1 + i], 504))
            fail ("multi-stream x8-then-x4 plan, SHAKE", ci, i);
        }
    }
  _gcry_keccak_multi_wipe (st, 17);
}

/* The 4-way call on half the 8-way state (keccak_multi_steps): where
   the selected backend has it and x4 costs less than x8, an 8-way run
   that shrinks to four streams or fewer, or reaches its planned switch
   to x4 with at most four streams left, finishes on that half, moving
   streams from the other half if needed, without re-packing.  Each
   shape lists its streams as (function index of multi_fns, input
   length, output length):
   A: nine 3-block SampleNTT streams (ML-KEM-768's matrix), whose
      fourth step carries three streams: 3 x8 calls and 1 x4;
   B: sixteen SHAKE128 streams, the first and the eighth of three
      blocks, the others of one: in the third step the two long
      streams (slots 0 and 7) and the last two short ones (slots 1 and
      2) are left, so the stream of slot 7 moves to slot 3: 2 x8 calls
      and 1 x4;
   C: the shape of ML-KEM-512 Decaps (two hashes of five blocks, as
      H (ek) and J (z || c) are there, four SampleNTT and five noise
      streams): 3 x8 calls, then the planned switch with the two
      hashes left, 2 x4.
   The call counts are those of the cost figures of AVX-512 on Intel
   processors, which the check sets for its runs (other figures, such
   as those for other vendors' AVX-512, plan these shapes on x4 from
   the start).  On every backend each output must equal that of its
   own sponge.  */
static void
check_multi_half (void)
{
  static const unsigned int fig[KECCAK_NWIDTHS] = { 915, 1000, 1385, 0 };
  static const unsigned short shape[3][17][3] = {
    { { 4, 34, 504 }, { 4, 34, 504 }, { 4, 34, 504 }, { 4, 34, 504 },
      { 4, 34, 504 }, { 4, 34, 504 }, { 4, 34, 504 }, { 4, 34, 504 },
      { 4, 34, 504 } },
    { { 4, 34, 504 }, { 4, 34, 168 }, { 4, 34, 168 }, { 4, 34, 168 },
      { 4, 34, 168 }, { 4, 34, 168 }, { 4, 34, 168 }, { 4, 34, 504 },
      { 4, 34, 168 }, { 4, 34, 168 }, { 4, 34, 168 }, { 4, 34, 168 },
      { 4, 34, 168 }, { 4, 34, 168 }, { 4, 34, 168 }, { 4, 34, 168 } },
    { { 1, 600, 32 }, { 1, 600, 32 }, { 4, 34, 504 }, { 4, 34, 504 },
      { 4, 34, 504 }, { 4, 34, 504 }, { 5, 33, 192 }, { 5, 33, 192 },
      { 5, 33, 128 }, { 5, 33, 128 }, { 5, 33, 128 } }
  };
  static const unsigned long want[3][2] = { { 1, 3 }, { 1, 2 }, { 2, 3 } };
  static byte in[17][600], out[17][505], ref[504];
  keccak_stream_t st[17];
  keccak_ctx_t ctx;
  unsigned long calls[KECCAK_NWIDTHS];
  unsigned int si, n, i;
  int half = !!_gcry_keccak_get_x4_half (_gcry_keccak_batch_backend_name (4));

  _gcry_keccak_test_set_cost (fig);

  for (si = 0; si < 3; si++)
    {
      for (n = 0; n < 17 && shape[si][n][1]; n++)
        {
          prng_bytes (in[n], shape[si][n][1]);
          memset (out[n], 0xa5, sizeof out[n]);
          _gcry_keccak_stream_init (&st[n], multi_fns[shape[si][n][0]],
                                    in[n], shape[si][n][1], out[n],
                                    shape[si][n][2]);
        }
      memset (calls, 0, sizeof calls);
      _gcry_keccak_multi_run_widths (st, n, 7, calls);
      if (verbose)
        printf ("t-keccak: half shape %u: %lu x1, %lu x4, %lu x8 calls\n",
                si, calls[0], calls[1], calls[2]);
      if (half && (calls[0] || calls[1] != want[si][0]
                   || calls[2] != want[si][1]))
        fail ("multi-stream x4 on half the x8 state, calls", si,
              (unsigned int)calls[1]);
      for (i = 0; i < n; i++)
        {
          unsigned int f = shape[si][i][0], outlen = shape[si][i][2];

          _gcry_keccak_ctx_init (&ctx, multi_rate[f],
                                 multi_mdlen[f] ? KECCAK_DS_SHA3
                                 : KECCAK_DS_SHAKE);
          _gcry_keccak_absorb (&ctx, in[i], shape[si][i][1]);
          _gcry_keccak_squeeze (&ctx, ref, outlen);
          if (memcmp (ref, out[i], outlen) || out[i][outlen] != 0xa5)
            fail ("multi-stream x4 on half the x8 state, output", si, i);
        }
      _gcry_keccak_multi_wipe (st, n);
    }
  _gcry_keccak_test_set_cost (NULL);
  _gcry_keccak_ctx_wipe (&ctx);
}

/* Random mixed streams on every combination of widths.  */
static void
check_multi (unsigned int iterations)
{
  unsigned long calls[KECCAK_NWIDTHS];
  unsigned int widths, k;

  check_multi_counts ();
  check_multi_mlkem_shape ();
  check_multi_switch ();
  check_multi_half ();
  check_multi_lanes ();
  /* Every combination of the widths this backend has (x5 is bit 3).  */
  for (widths = 1; widths <= (have_x5 () ? 15u : 7u);
       widths++)
    {
      memset (calls, 0, sizeof calls);
      for (k = 0; k < iterations; k++)
        {
          check_multi_random (1 + prng () % MULTI_MAX_STREAMS, widths,
                              k % 4, calls);
          check_multi_open (widths, calls);
        }
      if (verbose || widths == 7 || widths == 15)
        printf ("t-keccak: multi-stream widths %u: %lu x1, %lu x4, %lu x8,"
                " %lu x5 calls\n", widths, calls[0], calls[1], calls[2],
                calls[3]);
    }
}


int
main (int argc, char **argv)
{
  static const unsigned int rates[] =
    { KECCAK_RATE_SHAKE128, KECCAK_RATE_SHAKE256, KECCAK_RATE_SHA3_224,
      KECCAK_RATE_SHA3_384, KECCAK_RATE_SHA3_512 };
  unsigned int r, n, nstates = 1700, multi_iterations = 40;
  size_t inlen;

  for (argc--, argv++; argc; argc--, argv++)
    {
      if (!strcmp (*argv, "--verbose"))
        verbose = 1;
      else if (!strcmp (*argv, "--long"))
        {
          nstates = 20000;
          multi_iterations = 1000;
        }
      else
        {
          fprintf (stderr, "usage: t-keccak [--verbose] [--long]\n");
          return 2;
        }
    }

  /* Select the backends from the (possibly disabled) hw features.  */
  _gcry_keccak_init ();
  printf ("t-keccak: backends: single=%s x4=%s x8=%s\n",
          _gcry_keccak_backend_name (),
          _gcry_keccak_batch_backend_name (4),
          _gcry_keccak_batch_backend_name (8));
  if (_gcry_keccak_batch_backend_name (5) != NULL)
    fail ("backend name of a 5-way batch", 5, 0);

  check_known_answer ();
  check_reference (nstates);
  check_all_permutations (nstates);
  check_all_absorbs ();

  for (n = 4; n <= 8; n += 4)
    for (r = 0; r < sizeof rates / sizeof *rates; r++)
      {
        static const size_t lens[] = { 0, 1, 7, 8, 9, 33, 34 };

        for (inlen = 0; inlen < sizeof lens / sizeof *lens; inlen++)
          check_batch_sponge (n, rates[r], KECCAK_DS_SHAKE, lens[inlen], 3);
        for (inlen = rates[r] - 9; inlen <= rates[r] + 9; inlen++)
          check_batch_sponge (n, rates[r], KECCAK_DS_SHAKE, inlen, 2);
        check_batch_sponge (n, rates[r], KECCAK_DS_SHA3, 3 * rates[r] + 5, 1);
        check_batch_sponge (n, rates[r], KECCAK_DS_SHAKE, 2 * rates[r], 5);
      }
  /* Every lane count mod 4 of the squeeze copy (the AVX2 one moves
     four lanes at a time, the rest one by one): rates of 1 to 23
     lanes.  */
  for (n = 4; n <= 8; n += 4)
    for (r = 8; r <= 184; r += 8)
      check_batch_sponge (n, r, KECCAK_DS_SHAKE, 2 * r + 3, 3);

  for (r = 0; r < sizeof rates / sizeof *rates; r++)
    {
      check_sponge_splits (rates[r], KECCAK_DS_SHAKE);
      check_sponge_splits (rates[r], KECCAK_DS_SHA3);
    }

  check_multi (multi_iterations);

  if (verbose || errors)
    printf ("t-keccak: %d error(s)\n", errors);
  return errors ? 1 : 0;
}
