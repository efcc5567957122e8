/* random.h - Internal interface between the random number modules
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

/* src/random.c owns the kernel source (getrandom, /dev/urandom), the
 * choice of the RNG type and the public functions; src/random-fke.c
 * is the user-space generator of the standard type.  The rest of the
 * library sees only g10lib.h.  The statistics and the functions
 * marked "tests only" exist for tests/t-random.c, which links the
 * internal library; none of them is exported.  */

#ifndef GCRY_RANDOM_H
#define GCRY_RANDOM_H 1

#include <stddef.h>
#include "types.h"

/* The generator (random-fke.c).  The key is 32 bytes.  Requests of
   at most RANDOM_FKE_SMALL_MAX bytes are served from the output of a
   buffer step, which generates RANDOM_FKE_BUF_LEN bytes (with the new
   key exactly four SHAKE256 blocks); longer requests take steps of
   their own, each of at most RANDOM_FKE_STEP_MAX bytes.  The
   generator reseeds from the kernel before a step once
   RANDOM_FKE_RESEED_BYTES bytes have been generated since the last
   (re)seeding.  */
#define RANDOM_FKE_KEY_LEN        32
#define RANDOM_FKE_BUF_LEN        (4u * 136 - RANDOM_FKE_KEY_LEN)
#define RANDOM_FKE_SMALL_MAX      128u
#define RANDOM_FKE_STEP_MAX       (64u * 1024)
#define RANDOM_FKE_RESEED_BYTES   (1u << 20)

/* The domain-separation labels, each absorbed before the key.  Both
   are 16 bytes, so the two uses never hash the same string.  */
#define RANDOM_FKE_LABEL_LEN      16
#define RANDOM_FKE_LABEL_GENERATE "gcrypt-pqc fke g"
#define RANDOM_FKE_LABEL_MIX      "gcrypt-pqc fke m"

/*-- random.c --*/
/* Fill BUF with N bytes from the kernel CSPRNG.  Fatal on failure.  */
void _gcry_random_read_kernel (void *buf, size_t n);

/*-- random-fke.c --*/
/* Fill BUF with N bytes from the generator; seeds it on first use
   and after a fork.  Thread safe.  */
void _gcry_random_fke_randomize (void *buf, size_t n);

/* One generate step on KEY without locking or reseeding (the buffer
   steps of the generator, and the tests of the construction): OUT
   gets bytes 32 .. 32+N-1 of SHAKE256 (LABEL_GENERATE || KEY), then
   KEY is replaced by bytes 0..31; the sponge is wiped and the stack
   burnt.  */
void _gcry_random_fke_step (byte key[RANDOM_FKE_KEY_LEN], void *out,
                            size_t n);

/* How the generator's state is kept out of child processes:
   "wipeonfork" (the kernel zeroes its page in every child, and the
   fork handler clears it as well), "atfork" (only the fork handler
   clears it) or "unset" before the first use.  */
const char *_gcry_random_fke_fork_protection (void);

/* True if the generator state is all zero, i.e. not seeded: before
   the first use and in a child process after fork.  Tests only.  */
int _gcry_random_fke_state_is_clear (void);

/* True if the bytes of the buffer step that were handed out are
   wiped, i.e. only the unread rest of its output is kept.  Tests
   only.  */
int _gcry_random_fke_served_is_clear (void);

/* Seedings of the generator (the first one included), generate steps
   (buffer steps included) and requests it served, since the start of
   the process; a child process starts with its parent's values.  */
void _gcry_random_fke_counters (unsigned long *r_seeds,
                                unsigned long *r_steps,
                                unsigned long *r_requests);

/*-- random.c --*/
/* Counters since the start of the process, for tests and
   GCRYCTL_DUMP_RANDOM_STATS.  */
typedef struct
{
  unsigned long kernel_reads;   /* Calls of _gcry_random_read_kernel.  */
  unsigned long fke_seeds;      /* As _gcry_random_fke_counters.  */
  unsigned long fke_steps;
  unsigned long fke_requests;
} random_stats_t;

void _gcry_random_get_stats (random_stats_t *r_stats);

#endif /*GCRY_RANDOM_H*/
