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
 * deviations).
 *
 * The user-space generator (src/random-fke.c) is checked through the
 * internal interface of src/random.h: its construction against
 * SHAKE256 computed by gcry_md, its reseeding and the kernel reads of
 * each RNG type by counters, its fork protection by comparing a
 * child's output with its parent's and by looking at the child's
 * state.  The RNG types must be chosen before the library is
 * initialised, so those checks run in children forked at the start
 * of main.  */

#define PGM "t-random"
#include "t-common.h"

#ifndef DIM
# define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#endif

#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <fcntl.h>
#if defined(__linux__)
# include <sys/syscall.h>
#endif

#include "random.h"

/* The entropy-failure checks install a seccomp filter in a child.
   Only on native x86-64 Linux: the filter needs the architecture's
   system call numbers, and under qemu-user it would filter the
   emulator instead of the test.  */
#if defined(__linux__) && defined(__x86_64__) && defined(__has_include)
# if __has_include(<linux/seccomp.h>) && __has_include(<linux/filter.h>) \
     && __has_include(<linux/audit.h>)
#  define USE_SECCOMP_TESTS 1
#  include <stddef.h>
#  include <sys/prctl.h>
#  include <sys/syscall.h>
#  include <linux/seccomp.h>
#  include <linux/filter.h>
#  include <linux/audit.h>
# endif
#endif

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


/* True if STEPS buffer steps fit short requests of TOTAL bytes in
   all, made one after another with nothing else in between: R held
   0 .. RANDOM_FKE_BUF_LEN bytes at the start, so the requests took
   ceil (TOTAL / BUF_LEN) steps or one fewer.  */
static int
buffer_steps_fit (unsigned long steps, unsigned long total)
{
  unsigned long most = (total + RANDOM_FKE_BUF_LEN - 1) / RANDOM_FKE_BUF_LEN;

  return steps <= most && steps + 1 >= most;
}


static void
check_lengths (void)
{
  static const size_t lens[] =
    { 0, 1, 2, 15, 16, 17, 31, 32, 33, 64, 100, 127, 128, 129, 255, 256,
      511, 512, 513, 1000, 4096, 65537, 1 << 20 };
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


/* Count byte values over the 1 MiB in BUF: each of the 256 values is
   expected 4096 times (standard deviation about 64); accept
   3000..5200.  Also count set bits: expected 4194304 (sd 1448);
   accept +-20000 (13.8 sd).  WHAT names the source.  */
#define DIST_LEN (1u << 20)
static void
check_distribution_of (const unsigned char *buf, const char *what)
{
  size_t i;
  unsigned long counts[256], bits = 0;
  unsigned long lo = ~0ul, hi = 0;

  memset (counts, 0, sizeof counts);
  for (i = 0; i < DIST_LEN; i++)
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
         "%s: byte frequencies plausible (min %lu, max %lu)", what, lo, hi);
  check (bits > 4194304 - 20000 && bits < 4194304 + 20000,
         "%s: bit count plausible (%lu of 8388608)", what, bits);
}

/* The distribution of one 1 MiB request, of 1 MiB made of 32-byte
   requests (one generate step each), of nonces and of the kernel.  */
static void
check_distribution (void)
{
  unsigned char *buf = malloc (DIST_LEN);
  size_t i;

  if (!buf)
    die ("out of core");
  gcry_randomize (buf, DIST_LEN, GCRY_STRONG_RANDOM);
  check_distribution_of (buf, "one 1 MiB request");
  for (i = 0; i < DIST_LEN; i += 32)
    gcry_randomize (buf + i, 32, GCRY_STRONG_RANDOM);
  check_distribution_of (buf, "32-byte requests");
  for (i = 0; i < DIST_LEN; i += 16)
    gcry_create_nonce (buf + i, 16);
  check_distribution_of (buf, "16-byte nonces");
  gcry_randomize (buf, DIST_LEN, GCRY_VERY_STRONG_RANDOM);
  check_distribution_of (buf, "very strong (kernel)");
  free (buf);
}


/* Several threads draw concurrently; every buffer must be filled,
   all must differ, and the generator must have counted every step
   (a step lost to a race would show here).  */
#define NTHREADS 4
#define NPERTHREAD 1024
static unsigned char thread_out[NTHREADS * NPERTHREAD][32];

static void *
thread_main (void *arg)
{
  int t = (int)(long)arg;
  int i;

  for (i = 0; i < NPERTHREAD; i++)
    gcry_randomize (thread_out[t * NPERTHREAD + i], 32,
                    i & 1 ? GCRY_WEAK_RANDOM : GCRY_STRONG_RANDOM);
  return NULL;
}

static int
cmp32 (const void *a, const void *b)
{
  return memcmp (a, b, 32);
}

static int
cmp16 (const void *a, const void *b)
{
  return memcmp (a, b, 16);
}

static void
check_threads (void)
{
  pthread_t th[NTHREADS];
  int t, i, dup = 0, nthreads = 0;
  random_stats_t st0, st1;

  memset (thread_out, 0, sizeof thread_out);
  _gcry_random_get_stats (&st0);
  for (t = 0; t < NTHREADS; t++)
    if (!pthread_create (&th[t], NULL, thread_main, (void *)(long)t))
      nthreads++;
    else
      break;
  for (t = 0; t < nthreads; t++)
    pthread_join (th[t], NULL);
  _gcry_random_get_stats (&st1);
  if (!nthreads)
    {
      skip ("cannot create threads");
      return;
    }
  /* Sorting brings equal outputs (and unwritten zero buffers) next to
     each other.  */
  qsort (thread_out, (size_t)nthreads * NPERTHREAD, 32, cmp32);
  for (i = 1; i < nthreads * NPERTHREAD; i++)
    if (!memcmp (thread_out[i - 1], thread_out[i], 32))
      dup++;
  check (!dup, "%d threads x %d outputs are pairwise distinct",
         nthreads, NPERTHREAD);
  check (st1.fke_requests - st0.fke_requests
         == (unsigned long)nthreads * NPERTHREAD
         && buffer_steps_fit (st1.fke_steps - st0.fke_steps,
                              (unsigned long)nthreads * NPERTHREAD * 32),
         "%d threads: every request counted (%lu), buffer steps"
         " as their bytes ask (%lu)", nthreads,
         st1.fke_requests - st0.fke_requests,
         st1.fke_steps - st0.fke_steps);
}


/*
 * The generator.
 */

/* SHAKE256 of LABEL_GENERATE || KEY, OUTLEN bytes, through gcry_md.  */
static void
shake256_step (const unsigned char *key, unsigned char *out, size_t outlen)
{
  gcry_md_hd_t hd;

  if (gcry_md_open (&hd, GCRY_MD_SHAKE256, 0))
    die ("gcry_md_open (SHAKE256) failed");
  gcry_md_write (hd, RANDOM_FKE_LABEL_GENERATE, RANDOM_FKE_LABEL_LEN);
  gcry_md_write (hd, key, RANDOM_FKE_KEY_LEN);
  if (gcry_md_extract (hd, GCRY_MD_SHAKE256, out, outlen))
    die ("gcry_md_extract (SHAKE256) failed");
  gcry_md_close (hd);
}

/* The construction: a step replaces the key by the first 32 bytes of
   SHAKE256 (label || key) and outputs the following ones, never the
   key itself; and a chain of steps follows the chain of keys.  Output
   lengths around the SHAKE256 rate (136 bytes: 104 fit the first
   block after the key) and beyond a few blocks.  */
static void
check_construction (void)
{
  static const size_t lens[] = { 0, 1, 31, 32, 103, 104, 105, 136,
                                 RANDOM_FKE_BUF_LEN, 1000 };
  unsigned char key[RANDOM_FKE_KEY_LEN], key0[RANDOM_FKE_KEY_LEN];
  unsigned char out[1000], expect[32 + 1000];
  size_t i, j;
  int ok = 1, chain_ok = 1;

  for (i = 0; i < DIM (lens); i++)
    {
      for (j = 0; j < sizeof key0; j++)
        key0[j] = (unsigned char)(j * 7 + i);
      memcpy (key, key0, sizeof key);
      memset (out, 0, sizeof out);
      _gcry_random_fke_step (key, out, lens[i]);
      shake256_step (key0, expect, 32 + lens[i]);
      if (memcmp (key, expect, 32) || memcmp (out, expect + 32, lens[i]))
        {
          fail ("generate step of %zu bytes differs from SHAKE256",
                lens[i]);
          ok = 0;
        }
    }
  check (ok, "generate steps equal SHAKE256 (label || key)");

  /* Three steps from KEY0: each output comes from the previous new
     key.  */
  memset (key0, 0x5c, sizeof key0);
  memcpy (key, key0, sizeof key);
  for (i = 0; i < 3; i++)
    {
      shake256_step (key0, expect, 32 + 48);
      _gcry_random_fke_step (key, out, 48);
      if (memcmp (out, expect + 32, 48) || memcmp (key, expect, 32))
        chain_ok = 0;
      memcpy (key0, expect, sizeof key0);
    }
  check (chain_ok, "three chained steps follow the key chain");
}


/* The standard type: weak and strong requests and nonces cost no
   kernel read except a reseed; very strong ones read the kernel every
   time; a late preference for SYSTEM is refused.  */
static void
check_standard_type (void)
{
  unsigned char buf[64];
  random_stats_t st0, st1;
  int type = 0, i;
  char *cfg;

  check (!gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, &type)
         && type == GCRY_RNG_TYPE_STANDARD, "the default type is standard");
  cfg = gcry_get_config (0, "rng-type");
  check (cfg && !strcmp (cfg, "rng-type:standard:1:0:0:"),
         "config rng-type line (%s)", cfg ? cfg : "null");
  gcry_free (cfg);
  check (!gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, GCRY_RNG_TYPE_SYSTEM)
         && !gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, &type)
         && type == GCRY_RNG_TYPE_STANDARD,
         "SYSTEM after initialisation is ignored");

  gcry_randomize (buf, 32, GCRY_STRONG_RANDOM);   /* Seeded now.  */
  _gcry_random_get_stats (&st0);
  for (i = 0; i < 1000; i++)
    {
      gcry_randomize (buf, 32, GCRY_STRONG_RANDOM);
      gcry_randomize (buf, 16, GCRY_WEAK_RANDOM);
      gcry_create_nonce (buf, 12);
    }
  _gcry_random_get_stats (&st1);
  check (st1.fke_requests - st0.fke_requests == 3000
         && buffer_steps_fit (st1.fke_steps - st0.fke_steps, 60000),
         "3000 short requests (60000 bytes) came from the generator"
         " (%lu requests, %lu buffer steps)",
         st1.fke_requests - st0.fke_requests,
         st1.fke_steps - st0.fke_steps);
  check (_gcry_random_fke_served_is_clear (),
         "the buffer bytes handed out are wiped");
  check (st1.fke_seeds - st0.fke_seeds <= 1
         && st1.kernel_reads - st0.kernel_reads
            == st1.fke_seeds - st0.fke_seeds,
         "3000 requests read the kernel only to reseed"
         " (%lu reads, %lu reseeds)", st1.kernel_reads - st0.kernel_reads,
         st1.fke_seeds - st0.fke_seeds);

  _gcry_random_get_stats (&st0);
  for (i = 0; i < 10; i++)
    gcry_randomize (buf, 32, GCRY_VERY_STRONG_RANDOM);
  _gcry_random_get_stats (&st1);
  check (st1.kernel_reads - st0.kernel_reads == 10
         && st1.fke_steps == st0.fke_steps,
         "10 very strong requests were 10 kernel reads (%lu)",
         st1.kernel_reads - st0.kernel_reads);
}


/* Reseeding.  Short requests for RANDOM_FKE_RESEED_BYTES plus one
   buffer step's worth of bytes generate more than the bound in buffer
   steps, so they must reseed once or twice (depending on the bytes
   generated since the last seeding), and read the kernel for nothing
   else.  A 3 MiB request takes 48 steps of 64 KiB and must reseed
   after each MiB: at least twice.  A reseed drops the rest R of the
   last buffer step: a short request after the 3 MiB needs a buffer
   step even though R held 511 bytes before.  */
static void
check_reseed (void)
{
  unsigned char *buf, b[32];
  random_stats_t st0, st1;
  unsigned long i, seeds, n;

  n = (RANDOM_FKE_RESEED_BYTES + RANDOM_FKE_BUF_LEN) / sizeof b + 1;
  _gcry_random_get_stats (&st0);
  for (i = 0; i < n; i++)
    gcry_randomize (b, sizeof b, GCRY_WEAK_RANDOM);
  _gcry_random_get_stats (&st1);
  seeds = st1.fke_seeds - st0.fke_seeds;
  check (seeds >= 1 && seeds <= 2
         && st1.kernel_reads - st0.kernel_reads == seeds,
         "%lu 32-byte requests reseed (%lu reseeds, %lu kernel reads)",
         n, seeds, st1.kernel_reads - st0.kernel_reads);

  /* Leave R with 511 bytes: one-byte requests until one takes a
     buffer step.  */
  for (i = 0; i <= RANDOM_FKE_BUF_LEN; i++)
    {
      _gcry_random_get_stats (&st0);
      gcry_randomize (b, 1, GCRY_WEAK_RANDOM);
      _gcry_random_get_stats (&st1);
      if (st1.fke_steps != st0.fke_steps)
        break;
    }
  check (i <= RANDOM_FKE_BUF_LEN, "one-byte requests reach a buffer step");

  buf = malloc (3 * RANDOM_FKE_RESEED_BYTES);
  if (!buf)
    die ("out of core");
  memset (buf, CANARY, 3 * RANDOM_FKE_RESEED_BYTES);
  _gcry_random_get_stats (&st0);
  gcry_randomize (buf, 3 * RANDOM_FKE_RESEED_BYTES, GCRY_STRONG_RANDOM);
  _gcry_random_get_stats (&st1);
  seeds = st1.fke_seeds - st0.fke_seeds;
  check (st1.fke_steps - st0.fke_steps
         == 3 * RANDOM_FKE_RESEED_BYTES / RANDOM_FKE_STEP_MAX,
         "3 MiB take %u steps (%lu)",
         3 * RANDOM_FKE_RESEED_BYTES / RANDOM_FKE_STEP_MAX,
         st1.fke_steps - st0.fke_steps);
  check (seeds >= 2 && seeds <= 3
         && st1.kernel_reads - st0.kernel_reads == seeds,
         "3 MiB reseed after each MiB (%lu reseeds)", seeds);
  check (!has_canary_run (buf, 3 * RANDOM_FKE_RESEED_BYTES),
         "3 MiB request filled");
  free (buf);

  _gcry_random_get_stats (&st0);
  gcry_randomize (b, 1, GCRY_WEAK_RANDOM);
  _gcry_random_get_stats (&st1);
  check (st1.fke_steps - st0.fke_steps == 1,
         "a reseed drops the buffered output (%lu steps)",
         st1.fke_steps - st0.fke_steps);
}


/* Short requests of every length 1 .. RANDOM_FKE_SMALL_MAX, several
   times over so that they cross many buffer steps at every offset:
   the bytes of R must be handed out once each.  Bytes handed out
   twice would come the second time from the wiped part, as zeros,
   or, with a wrong offset, repeat earlier output; so look for runs of
   eight zero bytes, for too many zero bytes (expected TOTAL / 256,
   standard deviation about 23; accept 12 of them) and for repeated
   16-byte blocks at the start of the requests.  */
#define SHORT_ROUNDS 16
static void
check_short_sequence (void)
{
  size_t total = SHORT_ROUNDS * RANDOM_FKE_SMALL_MAX
                 * (RANDOM_FKE_SMALL_MAX + 1) / 2;
  size_t nheads = SHORT_ROUNDS * (RANDOM_FKE_SMALL_MAX - 15), nh = 0;
  unsigned char *buf = malloc (total), *heads = malloc (nheads * 16);
  size_t off = 0, i, run = 0, zruns = 0, zeros = 0, dups = 0;
  unsigned int r, len;

  if (!buf || !heads)
    die ("out of core");
  for (r = 0; r < SHORT_ROUNDS; r++)
    for (len = 1; len <= RANDOM_FKE_SMALL_MAX; len++)
      {
        gcry_randomize (buf + off, len, GCRY_STRONG_RANDOM);
        if (len >= 16)
          memcpy (heads + 16 * nh++, buf + off, 16);
        off += len;
      }
  for (i = 0; i < total; i++)
    {
      run = buf[i] ? 0 : run + 1;
      zeros += !buf[i];
      if (run == 8)
        zruns++;
    }
  qsort (heads, nh, 16, cmp16);
  for (i = 1; i < nh; i++)
    if (!memcmp (heads + 16 * (i - 1), heads + 16 * i, 16))
      dups++;
  check (!zruns && zeros < total / 256 + 12 * 23 && !dups,
         "%zu short requests of 1 .. %u bytes: no wiped bytes (%zu zero"
         " runs, %zu zeros of %zu), no repeats (%zu)",
         (size_t)SHORT_ROUNDS * RANDOM_FKE_SMALL_MAX,
         RANDOM_FKE_SMALL_MAX, zruns, zeros, total, dups);
  check (_gcry_random_fke_served_is_clear (),
         "after them the buffer bytes handed out are wiped");
  free (buf);
  free (heads);
}


/*
 * Fork.
 */

/* What a child reports through the pipe.  */
struct fork_report
{
  int state_was_clear;          /* Generator state zero before use.  */
  unsigned long kernel_reads;   /* Kernel reads for its request.  */
  unsigned char out[32];        /* Its first output.  */
};

/* Child side: look at the state, draw 32 bytes, report, exit.  */
static void
fork_child (int fd)
{
  struct fork_report rep;
  random_stats_t st0, st1;
  ssize_t n;

  memset (&rep, 0, sizeof rep);
  rep.state_was_clear = _gcry_random_fke_state_is_clear ();
  _gcry_random_get_stats (&st0);
  gcry_randomize (rep.out, sizeof rep.out, GCRY_STRONG_RANDOM);
  _gcry_random_get_stats (&st1);
  rep.kernel_reads = st1.kernel_reads - st0.kernel_reads;
  n = write (fd, &rep, sizeof rep);
  _exit (n == (ssize_t)sizeof rep ? 0 : 1);
}

/* Fork with FORK_FN (fork, or the raw system call that skips the
   fork handlers); the child and then the parent draw 32 bytes.  The
   two outputs must differ, the child must have found a clear state
   and reseeded from the kernel.  HOW names the variant.  */
static void
check_fork_with (pid_t (*fork_fn) (void), const char *how)
{
  struct fork_report rep;
  unsigned char mine[32];
  int fds[2], status;
  pid_t pid;
  ssize_t n;

  /* The parent's generator is seeded.  */
  gcry_randomize (mine, sizeof mine, GCRY_STRONG_RANDOM);
  check (!_gcry_random_fke_state_is_clear (),
         "%s: the parent's state is seeded", how);
  if (pipe (fds))
    die ("pipe: %s", strerror (errno));
  fflush (NULL);
  pid = fork_fn ();
  if (pid == -1)
    die ("%s: %s", how, strerror (errno));
  if (!pid)
    {
      close (fds[0]);
      fork_child (fds[1]);
    }
  close (fds[1]);
  gcry_randomize (mine, sizeof mine, GCRY_STRONG_RANDOM);
  n = read (fds[0], &rep, sizeof rep);
  close (fds[0]);
  if (waitpid (pid, &status, 0) != pid)
    die ("waitpid: %s", strerror (errno));
  if (!check (n == (ssize_t)sizeof rep && WIFEXITED (status)
              && !WEXITSTATUS (status), "%s: the child reported", how))
    return;
  check (memcmp (rep.out, mine, sizeof mine),
         "%s: parent and child outputs differ", how);
  check (rep.state_was_clear, "%s: the child's state was wiped", how);
  check (rep.kernel_reads == 1,
         "%s: the child reseeded from the kernel (%lu reads)", how,
         rep.kernel_reads);
}

static pid_t
libc_fork (void)
{
  return fork ();
}

#if defined(__linux__) && defined(__x86_64__) && defined(SYS_fork)
/* fork without the C library: no fork handler runs, only
   MADV_WIPEONFORK can protect the child.  */
static pid_t
raw_fork (void)
{
  return (pid_t)syscall (SYS_fork);
}
#endif

/* Fork while other threads draw: the fork handlers must leave the
   child a usable, unlocked generator.  A child that hangs is killed
   by its alarm.  */
static volatile int fork_stress_stop;

static void *
fork_stress_thread (void *arg)
{
  unsigned char buf[48];

  (void)arg;
  while (!__atomic_load_n (&fork_stress_stop, __ATOMIC_RELAXED))
    gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
  return NULL;
}

/* A child of check_fork_threads: draw once, within 20 seconds.  */
static void
fork_stress_child (void *arg)
{
  unsigned char buf[32];

  (void)arg;
  alarm (20);
  memset (buf, CANARY, sizeof buf);
  gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
  _exit (has_canary_run (buf, sizeof buf) ? 1 : 0);
}

static void
check_fork_threads (void)
{
  pthread_t th[2];
  int nth = 0, i, bad = 0;

  fork_stress_stop = 0;
  for (i = 0; i < 2; i++)
    if (!pthread_create (&th[nth], NULL, fork_stress_thread, NULL))
      nth++;
  if (!nth)
    {
      skip ("cannot create threads for the fork check");
      return;
    }
  for (i = 0; i < 20; i++)
    if (!exited_zero (run_in_child (fork_stress_child, NULL)))
      bad++;
  __atomic_store_n (&fork_stress_stop, 1, __ATOMIC_RELAXED);
  for (i = 0; i < nth; i++)
    pthread_join (th[i], NULL);
  check (!bad, "20 forks while %d threads draw: every child got bytes"
         " (%d failed)", nth, bad);
}

static void
check_fork (void)
{
  const char *prot;

  check_fork_with (libc_fork, "fork");
  prot = _gcry_random_fke_fork_protection ();
  info ("fork protection: %s", prot);
  check (!strcmp (prot, "wipeonfork") || !strcmp (prot, "atfork"),
         "fork protection known (%s)", prot);
#if defined(__linux__) && defined(__x86_64__) && defined(SYS_fork)
  /* Only on native x86-64, as the seccomp checks: emulators may
     accept MADV_WIPEONFORK and ignore it.  */
  if (!strcmp (prot, "wipeonfork"))
    check_fork_with (raw_fork, "raw fork system call");
  else
    skip ("no MADV_WIPEONFORK: a raw fork is not covered");
#endif
  check_fork_threads ();
}


/*
 * The RNG types, chosen before initialisation.
 */

/* A case of check_types: the control command BEFORE (0: none), given
   the argument 0, then the preference PREF (0: none, -1: first use the
   RNG, then prefer SYSTEM) and the type EXPECT that must result.  As
   in Libgcrypt, most control commands count as a call of the
   initialisation, after which only STANDARD may still be chosen.  */
struct type_case
{
  int pref, expect;
  enum gcry_ctl_cmds before;
};

/* Child side of check_types: prefer ARG's PREF before initialising,
   then check the type EXPECT, its config line and whether requests
   read the kernel.  Exits with 1 after a failure.  */
static void
type_child (void *arg)
{
  const struct type_case *tc = arg;
  int pref = tc->pref, expect = tc->expect;
  unsigned char buf[32];
  random_stats_t st0, st1;
  int type = 0, i, is_system = expect == GCRY_RNG_TYPE_SYSTEM;
  char line[64], *cfg;

  if (tc->before)
    {
      gpg_error_t err = gcry_control (tc->before, 0);

      check (!err, "control %d before the preference: %s", tc->before,
             gpg_strerror (err));
      /* Of these only DISABLE_SECMEM initialises the library.  */
      check ((gcry_control (GCRYCTL_ANY_INITIALIZATION_P) != 0)
             == (tc->before == GCRYCTL_DISABLE_SECMEM),
             "control %d: ANY_INITIALIZATION_P", tc->before);
    }
  if (pref == -1)
    {
      gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
      pref = GCRY_RNG_TYPE_SYSTEM;
    }
  if (pref)
    gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, pref);
  if (!gcry_check_version (GCRYPT_VERSION))
    die ("version mismatch");
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  if (gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, &type))
    type = -1;
  check (type == expect, "preferred %d: type %d (want %d)",
         pref, type, expect);
  snprintf (line, sizeof line, "rng-type:%s:%d:0:0:",
            is_system ? "system" : "standard", expect);
  cfg = gcry_get_config (0, "rng-type");
  check (cfg && !strcmp (cfg, line), "preferred %d: config %s", pref,
         cfg ? cfg : "null");
  gcry_free (cfg);

  _gcry_random_get_stats (&st0);
  for (i = 0; i < 10; i++)
    {
      gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
      gcry_create_nonce (buf, 16);
    }
  _gcry_random_get_stats (&st1);
  if (is_system)
    check (st1.kernel_reads - st0.kernel_reads == 20
           && st1.fke_steps == st0.fke_steps
           && st1.fke_requests == st0.fke_requests,
           "preferred %d: 20 requests read the kernel 20 times (%lu)",
           pref, st1.kernel_reads - st0.kernel_reads);
  else
    check (st1.fke_requests - st0.fke_requests == 20
           && buffer_steps_fit (st1.fke_steps - st0.fke_steps, 480)
           && st1.kernel_reads - st0.kernel_reads <= 1,
           "preferred %d: 20 requests use the generator (%lu requests,"
           " %lu steps, %lu kernel reads)", pref,
           st1.fke_requests - st0.fke_requests,
           st1.fke_steps - st0.fke_steps,
           st1.kernel_reads - st0.kernel_reads);

  if (is_system)
    {
      /* Upgrading to STANDARD is allowed at any time.  */
      gcry_control (GCRYCTL_SET_PREFERRED_RNG_TYPE, GCRY_RNG_TYPE_STANDARD);
      _gcry_random_get_stats (&st0);
      gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
      gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
      _gcry_random_get_stats (&st1);
      check (!gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, &type)
             && type == GCRY_RNG_TYPE_STANDARD
             && st1.fke_requests - st0.fke_requests == 2
             && st1.fke_steps - st0.fke_steps == 1,
             "preferred %d: a later STANDARD is taken", pref);
    }
  fflush (NULL);
  _exit (test_failed ? 1 : 0);
}

/* Run the type checks in children that start from a fresh library:
   called at the start of main, before the parent initialises it.
   Returns the number of children that failed.  */
static int
check_types (void)
{
  static const struct type_case cases[] =
    {
      { 0, GCRY_RNG_TYPE_STANDARD },
      { GCRY_RNG_TYPE_STANDARD, GCRY_RNG_TYPE_STANDARD },
      { GCRY_RNG_TYPE_SYSTEM, GCRY_RNG_TYPE_SYSTEM },
      { GCRY_RNG_TYPE_FIPS, GCRY_RNG_TYPE_SYSTEM },
      { 42, GCRY_RNG_TYPE_STANDARD },
      { -1, GCRY_RNG_TYPE_STANDARD },
      { GCRY_RNG_TYPE_SYSTEM, GCRY_RNG_TYPE_STANDARD,
        GCRYCTL_SUSPEND_SECMEM_WARN },
      { GCRY_RNG_TYPE_SYSTEM, GCRY_RNG_TYPE_STANDARD,
        GCRYCTL_DISABLE_SECMEM },
      { GCRY_RNG_TYPE_SYSTEM, GCRY_RNG_TYPE_STANDARD,
        GCRYCTL_SET_VERBOSITY },
      { GCRY_RNG_TYPE_SYSTEM, GCRY_RNG_TYPE_STANDARD,
        GCRYCTL_NO_FIPS_MODE },
      { GCRY_RNG_TYPE_SYSTEM, GCRY_RNG_TYPE_SYSTEM,
        GCRYCTL_SET_DEBUG_FLAGS },
      { GCRY_RNG_TYPE_SYSTEM, GCRY_RNG_TYPE_SYSTEM,
        GCRYCTL_REINIT_SYSCALL_CLAMP },
      { GCRY_RNG_TYPE_FIPS, GCRY_RNG_TYPE_SYSTEM,
        GCRYCTL_ANY_INITIALIZATION_P }
    };
  size_t i;
  int bad = 0;

  for (i = 0; i < DIM (cases); i++)
    if (!exited_zero (run_in_child (type_child, (void *)&cases[i])))
      {
        fprintf (stderr, "FAIL: " PGM ": type check for preference %d"
                 " after control %d failed\n", cases[i].pref,
                 cases[i].before);
        bad++;
      }
  return bad;
}


/*
 * Interrupted and short reads.
 */

static volatile sig_atomic_t alarm_count;

static void
alarm_handler (int sig)
{
  (void)sig;
  alarm_count++;
}

/* Large requests (several getrandom chunks) while a fast interval
   timer interrupts the process; the handler is installed without
   SA_RESTART, so getrandom returns early (EINTR or a short count).
   Every byte must still be written.  */
static void
check_interrupted (void)
{
  struct sigaction sa, old_sa;
  struct itimerval it, old_it;
  size_t len = 40u << 20;   /* More than two 16 MiB chunks.  */
  unsigned char *buf = malloc (len);
  int i, ok = 1;

  if (!buf)
    {
      skip ("no memory for the interrupted-read check");
      return;
    }
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = alarm_handler;
  sigemptyset (&sa.sa_mask);
  sa.sa_flags = 0;
  if (sigaction (SIGALRM, &sa, &old_sa))
    {
      skip ("sigaction: %s", strerror (errno));
      free (buf);
      return;
    }
  memset (&it, 0, sizeof it);
  it.it_interval.tv_usec = 50;
  it.it_value.tv_usec = 50;
  if (setitimer (ITIMER_REAL, &it, &old_it))
    {
      skip ("setitimer: %s", strerror (errno));
      sigaction (SIGALRM, &old_sa, NULL);
      free (buf);
      return;
    }

  /* Very strong requests read the kernel directly.  */
  for (i = 0; i < 3 && ok; i++)
    {
      memset (buf, CANARY, len);
      gcry_randomize (buf, len, GCRY_VERY_STRONG_RANDOM);
      if (has_canary_run (buf, len))
        ok = 0;
    }

  memset (&it, 0, sizeof it);
  setitimer (ITIMER_REAL, &it, NULL);
  /* A signal may still be pending (valgrind delivers late); ignoring
     SIGALRM discards it before the old action returns.  */
  sa.sa_handler = SIG_IGN;
  sigaction (SIGALRM, &sa, NULL);
  sigaction (SIGALRM, &old_sa, NULL);
  info ("%d timer signals during the interrupted reads",
        (int)alarm_count);
  check (ok, "40 MiB requests are filled completely under signals"
         " (%d signals)", (int)alarm_count);
  free (buf);
}


/*
 * A failing entropy source.
 */

#ifdef USE_SECCOMP_TESTS
/* Child side: let getrandom fail with GETRANDOM_ERRNO and, unless
   OPEN_ERRNO is 0, open/openat with OPEN_ERRNO, then ask for random
   bytes.  Returns 0 if the bytes arrived, 1 if they are incomplete,
   77 if no filter can be installed; a fatal error aborts.  */
static int
entropy_child (int getrandom_errno, int open_errno)
{
  unsigned int ret_open = open_errno
    ? SECCOMP_RET_ERRNO | ((unsigned int)open_errno & SECCOMP_RET_DATA)
    : SECCOMP_RET_ALLOW;
  struct sock_filter filter[] =
    {
      BPF_STMT (BPF_LD | BPF_W | BPF_ABS,
                offsetof (struct seccomp_data, arch)),
      BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
      BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
      BPF_STMT (BPF_LD | BPF_W | BPF_ABS,
                offsetof (struct seccomp_data, nr)),
      BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_getrandom, 0, 1),
      BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ERRNO
                | ((unsigned int)getrandom_errno & SECCOMP_RET_DATA)),
      BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_openat, 1, 0),
      BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_open, 0, 1),
      BPF_STMT (BPF_RET | BPF_K, ret_open),
      BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
    };
  struct sock_fprog prog;
  unsigned char buf[4096];
  int fd;

  /* Keep the expected fatal message out of the test log.  */
  fd = open ("/dev/null", O_WRONLY);
  if (fd != -1)
    {
      dup2 (fd, 2);
      close (fd);
    }
  /* No descriptor may be left from earlier use.  */
  gcry_control (GCRYCTL_CLOSE_RANDOM_DEVICE);

  prog.len = (unsigned short)DIM (filter);
  prog.filter = filter;
  if (prctl (PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
      || prctl (PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0))
    return 77;

  memset (buf, CANARY, sizeof buf);
  gcry_randomize (buf, sizeof buf, GCRY_STRONG_RANDOM);
  return has_canary_run (buf, sizeof buf) ? 1 : 0;
}

/* The errno values entropy_child gets.  */
struct entropy_errnos
{
  int getrandom_errno, open_errno;
};

static void
entropy_child_main (void *arg)
{
  const struct entropy_errnos *e = arg;

  _exit (entropy_child (e->getrandom_errno, e->open_errno));
}

/* Run entropy_child in a child process; return its wait status, or
   -1 after a failure of fork.  */
static int
run_entropy_child (int getrandom_errno, int open_errno)
{
  struct entropy_errnos e;

  e.getrandom_errno = getrandom_errno;
  e.open_errno = open_errno;
  return run_in_child (entropy_child_main, &e);
}

/* True if STATUS is a normal exit with code 77 (no seccomp here).  */
static int
no_seccomp (int status)
{
  return status != -1 && WIFEXITED (status) && WEXITSTATUS (status) == 77;
}

static void
check_entropy_failure (void)
{
  int st;

  /* getrandom fails hard: the process must die, never go on.  */
  st = run_entropy_child (EIO, 0);
  if (no_seccomp (st))
    {
      skip ("cannot install a seccomp filter here");
      return;
    }
  check (st != -1 && WIFSIGNALED (st) && WTERMSIG (st) == SIGABRT,
         "getrandom failing with EIO is fatal (status 0x%x)", st);

  /* No getrandom (old kernel) or refused by a sandbox: /dev/urandom
     serves.  */
  st = run_entropy_child (ENOSYS, 0);
  check (st != -1 && WIFEXITED (st) && WEXITSTATUS (st) == 0,
         "without getrandom (ENOSYS) /dev/urandom is used (status 0x%x)",
         st);
  st = run_entropy_child (EPERM, 0);
  check (st != -1 && WIFEXITED (st) && WEXITSTATUS (st) == 0,
         "with getrandom refused (EPERM) /dev/urandom is used"
         " (status 0x%x)", st);

  /* Neither source: fatal.  */
  st = run_entropy_child (ENOSYS, EACCES);
  check (st != -1 && WIFSIGNALED (st) && WTERMSIG (st) == SIGABRT,
         "no getrandom and no /dev/urandom is fatal (status 0x%x)", st);
}
#else /*!USE_SECCOMP_TESTS*/
static void
check_entropy_failure (void)
{
  skip ("entropy failure checks need seccomp on native x86-64 Linux");
}
#endif /*!USE_SECCOMP_TESTS*/


/* gcry_random_add_bytes: as Libgcrypt's standard generator, a NULL
   buffer is the only error (any quality is clamped there); the bytes
   are ignored (the output stays unpredictable, checked elsewhere).  */
static void
check_add_bytes (void)
{
  static const unsigned char junk[16];

  check (!gcry_random_add_bytes (junk, sizeof junk, -1)
         && !gcry_random_add_bytes (junk, sizeof junk, 100)
         && !gcry_random_add_bytes (junk, 0, 50)
         && !gcry_random_add_bytes (junk, 1, 101)
         && !gcry_random_add_bytes (junk, 1, -2),
         "random_add_bytes accepts a buffer with any quality");
  check (gpg_err_code (gcry_random_add_bytes (NULL, 1, 50))
         == GPG_ERR_INV_ARG
         && gpg_err_code (gcry_random_add_bytes (NULL, 0, 50))
         == GPG_ERR_INV_ARG, "random_add_bytes refuses a NULL buffer");
}


int
main (int argc, char **argv)
{
  /* First, before this process initialises the library.  */
  int types_failed = check_types ();

  test_init (argc, argv);
  check (!types_failed, "RNG type checks in children (%d failed)",
         types_failed);
  check_lengths ();
  check_distinct ();
  check_construction ();
  check_standard_type ();
  check_distribution ();
  check_threads ();
  check_reseed ();
  check_short_sequence ();
  check_add_bytes ();
  check_fork ();
  check_interrupted ();
  check_entropy_failure ();
  return test_exit ();
}
