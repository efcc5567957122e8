/* t-random.c - Random bytes and nonces
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

/* Statistical tests cannot prove randomness; these catch the failures
 * that matter in practice: buffers not (fully) filled, repeated
 * output, output that ignores the requested length, the secure
 * variant not using secure memory, breakage under concurrency.  The
 * bounds are wide enough that a correct generator fails them with
 * negligible probability (each is far beyond 10 standard
 * deviations).  */

#define PGM "t-random"
#include "t-common.h"

#ifndef DIM
# define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#endif

#include <pthread.h>

/* Byte value used to detect bytes the generator did not write.  The
   check "no run of 16 canary bytes" fails for a correct generator
   with probability about 2^-128 per position.  */
#define CANARY 0xa5

/* True if BUF of LEN bytes contains 16 consecutive CANARY bytes, i.e.
   a part that was not overwritten.  */
static int
has_canary_run (const unsigned char *buf, size_t len)
{
  size_t i, run = 0;

  for (i = 0; i < len; i++)
    {
      run = buf[i] == CANARY ? run + 1 : 0;
      if (run >= 16)
        return 1;
    }
  return 0;
}


static void
check_lengths (void)
{
  static const size_t lens[] =
    { 0, 1, 2, 15, 16, 17, 31, 32, 33, 64, 100, 255, 256, 1000, 4096,
      65537, 1 << 20 };
  size_t i;

  for (i = 0; i < DIM (lens); i++)
    {
      size_t len = lens[i];
      /* Guard bytes on both sides must stay untouched.  */
      unsigned char *buf = malloc (len + 32);

      if (!buf)
        die ("out of core");
      memset (buf, CANARY, len + 32);
      gcry_randomize (buf + 16, len, GCRY_STRONG_RANDOM);
      check (!memcmp (buf, buf + len + 16, 16) && buf[0] == CANARY
             && buf[15] == CANARY && buf[len + 16] == CANARY
             && buf[len + 31] == CANARY,
             "randomize (%zu) writes exactly the buffer", len);
      if (len >= 16)
        check (!has_canary_run (buf + 16, len),
               "randomize (%zu) fills the whole buffer", len);
      free (buf);
    }
}


static void
check_distinct (void)
{
  unsigned char a[32], b[32], c[32], zero[32];
  void *p, *q;

  memset (zero, 0, sizeof zero);
  gcry_randomize (a, sizeof a, GCRY_STRONG_RANDOM);
  gcry_randomize (b, sizeof b, GCRY_VERY_STRONG_RANDOM);
  gcry_randomize (c, sizeof c, GCRY_WEAK_RANDOM);
  check (memcmp (a, zero, 32) && memcmp (b, zero, 32)
         && memcmp (c, zero, 32), "outputs are not all zero");
  check (memcmp (a, b, 32) && memcmp (b, c, 32) && memcmp (a, c, 32),
         "three calls give three different outputs");

  gcry_create_nonce (a, sizeof a);
  gcry_create_nonce (b, sizeof b);
  check (memcmp (a, zero, 32) && memcmp (a, b, 32),
         "two nonces differ and are not zero");

  p = gcry_random_bytes (48, GCRY_STRONG_RANDOM);
  q = gcry_random_bytes (48, GCRY_STRONG_RANDOM);
  check (p && q && memcmp (p, q, 48), "random_bytes gives distinct buffers");
  check (p && !gcry_is_secure (p), "random_bytes is ordinary memory");
  gcry_free (p);
  gcry_free (q);

  p = gcry_random_bytes_secure (48, GCRY_VERY_STRONG_RANDOM);
  check (p && gcry_is_secure (p), "random_bytes_secure is secure memory");
  check (p && memcmp (p, zero, 32), "random_bytes_secure is filled");
  gcry_free (p);
}


/* Count byte values over 1 MiB: each of the 256 values is expected
   4096 times (standard deviation about 64); accept 3000..5200.  Also
   count set bits: expected 4194304 (sd 1448); accept +-20000.  */
static void
check_distribution (void)
{
  size_t len = 1 << 20, i;
  unsigned char *buf = malloc (len);
  unsigned long counts[256], bits = 0;
  unsigned long lo = ~0ul, hi = 0;

  if (!buf)
    die ("out of core");
  memset (counts, 0, sizeof counts);
  gcry_randomize (buf, len, GCRY_STRONG_RANDOM);
  for (i = 0; i < len; i++)
    {
      unsigned int v = buf[i];

      counts[v]++;
      while (v)
        {
          bits += v & 1;
          v >>= 1;
        }
    }
  for (i = 0; i < 256; i++)
    {
      if (counts[i] < lo)
        lo = counts[i];
      if (counts[i] > hi)
        hi = counts[i];
    }
  check (lo >= 3000 && hi <= 5200,
         "byte frequencies plausible (min %lu, max %lu)", lo, hi);
  check (bits > 4194304 - 20000 && bits < 4194304 + 20000,
         "bit count plausible (%lu of 8388608)", bits);
  free (buf);
}


/* Several threads draw concurrently; every buffer must be filled and
   all must differ.  */
#define NTHREADS 4
static unsigned char thread_out[NTHREADS][64][32];

static void *
thread_main (void *arg)
{
  int t = (int)(long)arg;
  int i;

  for (i = 0; i < 64; i++)
    gcry_randomize (thread_out[t][i], 32, GCRY_STRONG_RANDOM);
  return NULL;
}

static void
check_threads (void)
{
  pthread_t th[NTHREADS];
  int t, i, t2, j, dup = 0, nthreads = 0;

  for (t = 0; t < NTHREADS; t++)
    if (!pthread_create (&th[t], NULL, thread_main, (void *)(long)t))
      nthreads++;
    else
      break;
  for (t = 0; t < nthreads; t++)
    pthread_join (th[t], NULL);
  if (!nthreads)
    {
      skip ("cannot create threads");
      return;
    }
  for (t = 0; t < nthreads; t++)
    for (i = 0; i < 64; i++)
      for (t2 = t; t2 < nthreads; t2++)
        for (j = (t2 == t ? i + 1 : 0); j < 64; j++)
          if (!memcmp (thread_out[t][i], thread_out[t2][j], 32))
            dup++;
  check (!dup, "%d threads x 64 outputs are pairwise distinct", nthreads);
}


int
main (int argc, char **argv)
{
  test_init (argc, argv);
  check_lengths ();
  check_distinct ();
  check_distribution ();
  check_threads ();
  return test_exit ();
}
