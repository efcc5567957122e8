/* random-fke.c - The user-space generator of the standard RNG type
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

/* A fast-key-erasure generator on SHAKE256 (FIPS 202), seeded and
 * reseeded from the kernel.  It serves GCRY_WEAK_RANDOM,
 * GCRY_STRONG_RANDOM and nonces of the standard RNG type without a
 * system call: on a virtual machine one system call costs about as
 * much as a quarter of an ML-KEM-768 encapsulation.
 *
 * Construction.  The state is a 32-byte key K and the unread rest R
 * of the last buffer step's output.
 *
 *   Generate step of N bytes (N <= RANDOM_FKE_STEP_MAX):
 *     S = SHAKE256 (LABEL_GENERATE || K), 32 + N bytes
 *     K = S[0..31], the output is S[32..32+N-1]
 *   A request of N bytes, N > RANDOM_FKE_SMALL_MAX (128): steps of
 *     its own.
 *   A request of N <= 128 bytes: the next N bytes of R; where R runs
 *     out, a buffer step of RANDOM_FKE_BUF_LEN (512) bytes refills
 *     it.  Each byte is wiped from R as it is handed out.
 *   Mix data D (seeding, reseeding):
 *     K = SHAKE256 (LABEL_MIX || K || D), 32 bytes; R is dropped.
 *
 * Why the buffer.  A step costs at least one permutation however
 * short its output; 32 + 512 bytes are four.  So short requests (an
 * ML-KEM encapsulation's 32 bytes, an ML-DSA signature's rnd, nonces)
 * cost a quarter of a permutation instead of one: 3-8% of an ML-KEM
 * encapsulation with AVX2 or AVX-512 (tests/ab-pq on a Zen 5).  This is the scheme of
 * OpenBSD's arc4random: the buffered output is future output, which
 * whoever reads the state could predict anyway from K, and what was
 * handed out is gone from memory.
 *
 * Why it is sound.  SHAKE256 with a secret 256-bit prefix is a
 * pseudorandom function (the keyed sponge; capacity 512 bits), so S
 * looks uniformly random to anyone who does not know K.  The new key
 * and the output are disjoint parts of S, so the output says nothing
 * about the new key.
 *  - Backtracking resistance: once a request is served, only the new
 *    K and the unread part of R are left (the sponge is wiped and the
 *    stack the permutation used is burnt).  Someone who reads the
 *    state later would have to invert SHAKE256 to recover the old K
 *    or any earlier output.
 *  - Prediction resistance, in the "recovering" sense: someone who
 *    learnt the state can predict the output only until the next
 *    reseed, which mixes 32 fresh bytes from the kernel into K and
 *    drops R.  Mixing
 *    instead of replacing keeps K as strong as it was even if a
 *    kernel read were weak.
 *  - The two labels have the same length and differ, so a generate
 *    input never equals a mix input.
 *
 * Reseeding bound.  Before a step, the generator reseeds once its
 * steps have generated RANDOM_FKE_RESEED_BYTES (1 MiB; a buffer step
 * counts all its 512 bytes) since the last seeding, so after 2048
 * buffer steps at the most.  A reseed costs one kernel read (about
 * 1.3 us here) and one permutation, about 0.1 percent of the time to
 * generate 1 MiB, while it bounds how much output a stolen state
 * predicts.  There is no bound in time: reading the clock is
 * itself a system call on some virtual machines.  GCRY_VERY_STRONG_RANDOM
 * never comes from here (random.c reads the kernel for it).
 *
 * Threads.  One mutex guards K and R.  A long request holds it for
 * one permutation per step: absorbing the label and K, squeezing the
 * new K.  The rest of that sponge belongs to the caller alone, who
 * squeezes the output after unlocking.  A short request holds it
 * while it copies from R, and for the four permutations of a buffer
 * step when R runs out.  Long requests take several steps of at most
 * 64 KiB, so the lock is released regularly and the reseeding bound
 * in bytes holds.
 *
 * Fork.  A child must never repeat its parent's output (two processes
 * with the same key would, for instance, encapsulate the same ML-KEM
 * secret).  Checking the process id on every call is a system call,
 * which is what this generator avoids.  Instead the state lives in a
 * page of its own, marked MADV_WIPEONFORK (Linux 4.14): the kernel
 * gives every child a zeroed page, and a zero state means "not
 * seeded", so the child reseeds on its first request.  This also
 * covers children made by a raw fork or clone system call.  A
 * pthread_atfork child handler clears the state as well; where
 * MADV_WIPEONFORK is missing (older kernels, other systems, emulators
 * that accept but ignore it) it is the only protection, and children
 * created without the C library's fork (a raw clone or fork system
 * call) would then inherit the key.  The fork handlers also hold the
 * mutex across fork, so a child never inherits it locked by a thread
 * that does not exist in the child.  Neither mechanism notices a
 * virtual machine that is snapshotted and resumed twice.
 *
 * The page is also marked MADV_DONTDUMP (no key in core dumps) and
 * locked with mlock where the limits allow (no key in swap).  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <pthread.h>
#ifdef HAVE_SYS_MMAN_H
# include <sys/mman.h>
#endif

#include "g10lib.h"
#include "random.h"
#include "../cipher/keccak.h"

/* The value of MADV_WIPEONFORK in the Linux ABI, for C libraries whose
   headers predate it; older kernels reject it with EINVAL.  */
#if defined(__linux__) && defined(HAVE_SYS_MMAN_H) && !defined(MADV_WIPEONFORK)
# define MADV_WIPEONFORK 18
#endif

/* Fresh kernel bytes per (re)seeding: as many as the key has.  */
#define FKE_SEED_LEN 32

/* The state.  All zero means "not seeded".  */
typedef struct
{
  byte key[RANDOM_FKE_KEY_LEN];
  u32 seeded;          /* 1 once seeded.  */
  u32 avail;           /* R: the last AVAIL bytes of BUF.  */
  u64 bytes;           /* Bytes generated since the last seeding.  */
  byte buf[RANDOM_FKE_BUF_LEN];  /* The last buffer step's output.  */
} fke_state_t;

static pthread_once_t fke_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t fke_lock = PTHREAD_MUTEX_INITIALIZER;

/* The state, in its own page (see above).  */
static fke_state_t *fke_state;
#if !defined(HAVE_SYS_MMAN_H) || !defined(MAP_ANONYMOUS)
static fke_state_t fke_static_state;
#endif

/* "wipeonfork" or "atfork"; see _gcry_random_fke_fork_protection.  */
static const char *fke_protection = "unset";

/* Counters; see _gcry_random_fke_counters.  Guarded by fke_lock.  */
static unsigned long fke_seeds;
static unsigned long fke_steps;
static unsigned long fke_requests;


/* Fork handlers.  The parent holds the lock across fork, so the state
   is consistent and nobody holds the lock in the child; the child
   clears the state so that its first request reseeds.  */
static void
fke_atfork_prepare (void)
{
  pthread_mutex_lock (&fke_lock);
}

static void
fke_atfork_parent (void)
{
  pthread_mutex_unlock (&fke_lock);
}

static void
fke_atfork_child (void)
{
  wipememory (fke_state, sizeof *fke_state);
  pthread_mutex_unlock (&fke_lock);
}


/* Allocate the state and register the fork handlers.  Runs once.
   Fatal if the page cannot be had or the handlers cannot be
   registered: a generator without fork protection must not run.  */
static void
fke_setup (void)
{
  const char *protection = "atfork";

#if defined(HAVE_SYS_MMAN_H) && defined(MAP_ANONYMOUS)
  long pagesize = sysconf (_SC_PAGESIZE);
  size_t page_len;
  void *p;

  page_len = pagesize > (long)sizeof (fke_state_t)
                 ? (size_t)pagesize : sizeof (fke_state_t);
  p = mmap (NULL, page_len, PROT_READ | PROT_WRITE,
            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    _gcry_fatal_error (gpg_err_code_from_errno (errno),
                       "can't map the random generator's page");
# ifdef MADV_WIPEONFORK
  if (!madvise (p, page_len, MADV_WIPEONFORK))
    protection = "wipeonfork";
# endif
# ifdef MADV_DONTDUMP
  madvise (p, page_len, MADV_DONTDUMP);
# endif
# ifdef HAVE_MLOCK
  /* May fail under RLIMIT_MEMLOCK; the key may then be swapped out
     like any other memory.  */
  mlock (p, page_len);
# endif
  fke_state = p;
#else
  fke_state = &fke_static_state;
#endif

  if (pthread_atfork (fke_atfork_prepare, fke_atfork_parent,
                      fke_atfork_child))
    _gcry_fatal_error (GPG_ERR_ENOMEM,
                       "can't register the random generator's"
                       " fork handler");
  fke_protection = protection;
}


/* Start a generate step on KEY: absorb LABEL_GENERATE || KEY into CTX
   and squeeze the next key over KEY.  CTX then holds the rest of the
   output stream, which is independent of the new key.  */
static void
fke_begin_step (keccak_ctx_t *ctx, byte key[RANDOM_FKE_KEY_LEN])
{
  _gcry_keccak_ctx_init (ctx, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (ctx, RANDOM_FKE_LABEL_GENERATE, RANDOM_FKE_LABEL_LEN);
  _gcry_keccak_absorb (ctx, key, RANDOM_FKE_KEY_LEN);
  _gcry_keccak_squeeze (ctx, key, RANDOM_FKE_KEY_LEN);
}


/* Seed or reseed: mix FKE_SEED_LEN fresh kernel bytes into the key,
   K = SHAKE256 (LABEL_MIX || K || fresh), and restart the counts.
   Called with fke_lock held.  Wipes the fresh bytes, the sponge and
   the stack it used.  */
static void
fke_reseed_locked (void)
{
  byte fresh[FKE_SEED_LEN];
  keccak_ctx_t ctx;

  _gcry_random_read_kernel (fresh, sizeof fresh);
  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, RANDOM_FKE_LABEL_MIX, RANDOM_FKE_LABEL_LEN);
  _gcry_keccak_absorb (&ctx, fke_state->key, RANDOM_FKE_KEY_LEN);
  _gcry_keccak_absorb (&ctx, fresh, sizeof fresh);
  _gcry_keccak_squeeze (&ctx, fke_state->key, RANDOM_FKE_KEY_LEN);
  wipememory (fresh, sizeof fresh);
  _gcry_keccak_ctx_wipe (&ctx);
  wipememory (fke_state->buf, sizeof fke_state->buf);
  fke_state->avail = 0;
  fke_state->seeded = 1;
  fke_state->bytes = 0;
  fke_seeds++;
}


/* Reseed if the state is not seeded (first use, a child after fork)
   or the bound is reached, before a step of N bytes.  Called with
   fke_lock held.  */
static void
fke_prepare_step_locked (size_t n)
{
  if (fke_state->seeded != 1
      || fke_state->bytes >= RANDOM_FKE_RESEED_BYTES)
    fke_reseed_locked ();
  fke_state->bytes += n;
  fke_steps++;
}


/* Serve a short request (N <= RANDOM_FKE_SMALL_MAX) from R, wiping
   what it hands out and refilling R by a buffer step (the generate
   step of _gcry_random_fke_step, under the lock) when it runs out.
   An unseeded state is all zero, so AVAIL is 0 then.  */
static void
fke_randomize_short (byte *p, size_t n)
{
  size_t take;
  byte *r;

  pthread_mutex_lock (&fke_lock);
  fke_requests++;
  while (n)
    {
      if (!fke_state->avail)
        {
          fke_prepare_step_locked (RANDOM_FKE_BUF_LEN);
          _gcry_random_fke_step (fke_state->key, fke_state->buf,
                                 RANDOM_FKE_BUF_LEN);
          fke_state->avail = RANDOM_FKE_BUF_LEN;
        }
      take = n < fke_state->avail ? n : fke_state->avail;
      r = fke_state->buf + RANDOM_FKE_BUF_LEN - fke_state->avail;
      memcpy (p, r, take);
      wipememory (r, take);
      fke_state->avail -= take;
      p += take;
      n -= take;
    }
  pthread_mutex_unlock (&fke_lock);
}


/* Fill BUF with N bytes.  Short requests come from R; longer ones
   take one generate step per RANDOM_FKE_STEP_MAX bytes, each under
   the lock only until the key is replaced.  Seeds on first use and
   in a child after fork, and reseeds after the bound given above.  */
void
_gcry_random_fke_randomize (void *buf, size_t n)
{
  byte *p = buf;
  keccak_ctx_t ctx;

  if (!n)
    return;
  pthread_once (&fke_once, fke_setup);
  if (n <= RANDOM_FKE_SMALL_MAX)
    {
      fke_randomize_short (p, n);
      return;
    }
  while (n)
    {
      size_t len = n < RANDOM_FKE_STEP_MAX ? n : RANDOM_FKE_STEP_MAX;

      pthread_mutex_lock (&fke_lock);
      if (p == buf)
        fke_requests++;
      fke_prepare_step_locked (len);
      fke_begin_step (&ctx, fke_state->key);
      pthread_mutex_unlock (&fke_lock);

      _gcry_keccak_squeeze (&ctx, p, len);
      p += len;
      n -= len;
    }
  _gcry_keccak_ctx_wipe (&ctx);
}


/* One generate step on KEY (random.h): the buffer steps use it, and
   the tests check it against SHAKE256.  */
void
_gcry_random_fke_step (byte key[RANDOM_FKE_KEY_LEN], void *out, size_t n)
{
  keccak_ctx_t ctx;

  fke_begin_step (&ctx, key);
  _gcry_keccak_squeeze (&ctx, out, n);
  _gcry_keccak_ctx_wipe (&ctx);
}


const char *
_gcry_random_fke_fork_protection (void)
{
  return fke_protection;
}


int
_gcry_random_fke_state_is_clear (void)
{
  const byte *s;
  size_t i;
  byte acc = 0;

  pthread_mutex_lock (&fke_lock);
  s = (const byte *)fke_state;
  if (s)
    for (i = 0; i < sizeof *fke_state; i++)
      acc |= s[i];
  pthread_mutex_unlock (&fke_lock);
  return !acc;
}


int
_gcry_random_fke_served_is_clear (void)
{
  size_t i;
  byte acc = 0;

  pthread_mutex_lock (&fke_lock);
  if (fke_state)
    for (i = 0; i < RANDOM_FKE_BUF_LEN - fke_state->avail; i++)
      acc |= fke_state->buf[i];
  pthread_mutex_unlock (&fke_lock);
  return !acc;
}


void
_gcry_random_fke_counters (unsigned long *r_seeds, unsigned long *r_steps,
                           unsigned long *r_requests)
{
  pthread_mutex_lock (&fke_lock);
  *r_seeds = fke_seeds;
  *r_steps = fke_steps;
  *r_requests = fke_requests;
  pthread_mutex_unlock (&fke_lock);
}
