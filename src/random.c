/* random.c - Random numbers from the kernel CSPRNG
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

/* The random number front: the kernel source, the RNG types and the
 * public functions.
 *
 * RNG types, as in libgcrypt.  GCRY_RNG_TYPE_STANDARD, the default,
 * serves GCRY_WEAK_RANDOM, GCRY_STRONG_RANDOM and nonces from the
 * user-space generator of random-fke.c, which the kernel seeds and
 * reseeds; GCRY_VERY_STRONG_RANDOM still comes straight from the
 * kernel, as in libgcrypt, where that level draws fresh entropy.
 * GCRY_RNG_TYPE_SYSTEM reads the kernel for every request.  There is
 * no SP 800-90A DRBG here, so a preference for GCRY_RNG_TYPE_FIPS is
 * served like SYSTEM (the kernel's generator is what a FIPS-validated
 * platform certifies) and reported as SYSTEM.
 *
 * As in libgcrypt, GCRYCTL_SET_PREFERRED_RNG_TYPE may choose STANDARD
 * at any time, but SYSTEM or FIPS only before the library is
 * initialised or the RNG first used: a library that initialises
 * libgcrypt-pqc early cannot be talked into a weaker type later by
 * another one, and the application decides first.
 *
 * The kernel source is getrandom(2) without flags, which blocks only
 * until the kernel pool has been initialised once after boot, and
 * /dev/urandom where the system call does not exist (old kernels,
 * some emulators) or is refused by a sandbox (ENOSYS, EPERM).
 * GCRYCTL_ENABLE_QUICK_RANDOM weakens nothing.
 *
 * A failing entropy source is a fatal error, as in libgcrypt: the
 * caller would otherwise continue with predictable "random" bytes.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <pthread.h>
#ifdef HAVE_SYS_RANDOM_H
# include <sys/random.h>
#endif
#if defined(__linux__)
# include <sys/syscall.h>
#endif

#include "g10lib.h"
#include "random.h"

/* getrandom returns at most 32 MiB - 1 per call; ask for less.  */
#define MAX_CHUNK (1u << 24)

static pthread_mutex_t urandom_lock = PTHREAD_MUTEX_INITIALIZER;
static int urandom_fd = -1;

/* The RNG type in use, GCRY_RNG_TYPE_STANDARD or _SYSTEM.  */
static int rng_type = GCRY_RNG_TYPE_STANDARD;
/* Set once STANDARD has been asked for: it then stays.  */
static int rng_standard_requested;
/* Set at initialisation or first use: SYSTEM and FIPS are refused
   from then on.  */
static int rng_fixed;

/* Calls of _gcry_random_read_kernel (random.h).  */
static unsigned long kernel_reads;


/* One getrandom call.  Returns the number of bytes, or -1 with errno
   (ENOSYS when there is no such system call).  */
static long
do_getrandom (void *buf, size_t n)
{
#if defined(HAVE_GETRANDOM)
  return getrandom (buf, n, 0);
#elif defined(__linux__) && defined(SYS_getrandom)
  return syscall (SYS_getrandom, buf, n, 0);
#else
  (void)buf;
  (void)n;
  errno = ENOSYS;
  return -1;
#endif
}


/* Fill BUF with N bytes from /dev/urandom.  The descriptor is kept
   open (close-on-exec) for later calls.  Fatal on any error.  */
static void
read_urandom (unsigned char *buf, size_t n)
{
  int fd;

  pthread_mutex_lock (&urandom_lock);
  if (urandom_fd == -1)
    {
      do
        urandom_fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);
      while (urandom_fd == -1 && errno == EINTR);
      if (urandom_fd == -1)
        {
          pthread_mutex_unlock (&urandom_lock);
          _gcry_fatal_error (gpg_err_code_from_errno (errno),
                             "can't open /dev/urandom");
        }
    }
  fd = urandom_fd;
  while (n)
    {
      ssize_t nread = read (fd, buf, n > MAX_CHUNK ? MAX_CHUNK : n);

      if (nread < 0 && errno == EINTR)
        continue;
      if (nread <= 0)
        {
          pthread_mutex_unlock (&urandom_lock);
          _gcry_fatal_error (nread ? gpg_err_code_from_errno (errno)
                                   : GPG_ERR_EOF,
                             "reading from /dev/urandom failed");
        }
      buf += nread;
      n -= (size_t)nread;
    }
  pthread_mutex_unlock (&urandom_lock);
}


/* Fill BUF with N bytes from the kernel CSPRNG (random.h).
   Interrupted and short reads are continued; any other failure
   terminates the process.  */
void
_gcry_random_read_kernel (void *buf, size_t n)
{
  unsigned char *p = buf;

  __atomic_add_fetch (&kernel_reads, 1, __ATOMIC_RELAXED);
  while (n)
    {
      size_t chunk = n > MAX_CHUNK ? MAX_CHUNK : n;
      long got = do_getrandom (p, chunk);

      if (got < 0)
        {
          if (errno == EINTR)
            continue;
          /* No such system call (old kernel, emulator) or blocked by a
             seccomp filter: the device is as good a source.  */
          if (errno == ENOSYS || errno == EPERM)
            {
              read_urandom (p, n);
              return;
            }
          _gcry_fatal_error (gpg_err_code_from_errno (errno),
                             "getrandom failed");
        }
      if (got == 0)
        _gcry_fatal_error (GPG_ERR_EOF, "getrandom returned no data");
      p += got;
      n -= (size_t)got;
    }
}


/* Record GCRYCTL_SET_PREFERRED_RNG_TYPE: STANDARD is always taken;
   SYSTEM and FIPS (served as SYSTEM) only before initialisation and
   first use and when STANDARD was not asked for; anything else is
   ignored, as in libgcrypt.  */
void
_gcry_set_preferred_rng_type (int type)
{
  if (type == GCRY_RNG_TYPE_STANDARD)
    {
      __atomic_store_n (&rng_standard_requested, 1, __ATOMIC_SEQ_CST);
      __atomic_store_n (&rng_type, GCRY_RNG_TYPE_STANDARD, __ATOMIC_SEQ_CST);
    }
  else if ((type == GCRY_RNG_TYPE_SYSTEM || type == GCRY_RNG_TYPE_FIPS)
           && !__atomic_load_n (&rng_fixed, __ATOMIC_SEQ_CST)
           && !__atomic_load_n (&rng_standard_requested, __ATOMIC_SEQ_CST))
    __atomic_store_n (&rng_type, GCRY_RNG_TYPE_SYSTEM, __ATOMIC_SEQ_CST);
}


/* The RNG type in use (GCRYCTL_GET_CURRENT_RNG_TYPE).  */
int
_gcry_get_rng_type (void)
{
  return __atomic_load_n (&rng_type, __ATOMIC_SEQ_CST);
}


/* Called by the library initialisation and by every gcry_control
   command that Libgcrypt counts as a call of it (global.c,
   control_is_init_call): from now on the type can only become
   STANDARD.  */
void
_gcry_random_initialize (void)
{
  __atomic_store_n (&rng_fixed, 1, __ATOMIC_SEQ_CST);
}


/* Fill BUFFER with LENGTH random bytes of quality LEVEL.  Weak and
   strong requests of the standard type come from the user-space
   generator; very strong requests, unknown levels and every request
   of the system type come from the kernel.  */
void
_gcry_randomize (void *buffer, size_t length, enum gcry_random_level level)
{
  if (!__atomic_load_n (&rng_fixed, __ATOMIC_RELAXED))
    _gcry_random_initialize ();
  if ((level == GCRY_WEAK_RANDOM || level == GCRY_STRONG_RANDOM)
      && __atomic_load_n (&rng_type, __ATOMIC_RELAXED)
         == GCRY_RNG_TYPE_STANDARD)
    _gcry_random_fke_randomize (buffer, length);
  else
    _gcry_random_read_kernel (buffer, length);
}


void
_gcry_random_get_stats (random_stats_t *r_stats)
{
  r_stats->kernel_reads = __atomic_load_n (&kernel_reads, __ATOMIC_RELAXED);
  _gcry_random_fke_counters (&r_stats->fke_seeds, &r_stats->fke_steps,
                             &r_stats->fke_requests);
}


/* GCRYCTL_DUMP_RANDOM_STATS.  */
void
_gcry_random_dump_stats (void)
{
  random_stats_t st;

  _gcry_random_get_stats (&st);
  log_info ("random: type %s; generator: SHAKE256 fast key erasure,"
            " fork protection %s, %lu seedings, %lu steps, %lu requests;"
            " %lu kernel reads\n",
            _gcry_get_rng_type () == GCRY_RNG_TYPE_STANDARD
            ? "standard" : "system",
            _gcry_random_fke_fork_protection (),
            st.fke_seeds, st.fke_steps, st.fke_requests, st.kernel_reads);
}


/* Close the cached /dev/urandom descriptor (GCRYCTL_CLOSE_RANDOM_DEVICE).
   It is reopened when needed.  */
void
_gcry_random_close_fds (void)
{
  pthread_mutex_lock (&urandom_lock);
  if (urandom_fd != -1)
    {
      close (urandom_fd);
      urandom_fd = -1;
    }
  pthread_mutex_unlock (&urandom_lock);
}


/*
 * The public API.
 */

void
gcry_randomize (void *buffer, size_t length, enum gcry_random_level level)
{
  _gcry_randomize (buffer, length, level);
}

void *
gcry_random_bytes (size_t nbytes, enum gcry_random_level level)
{
  void *p = _gcry_xmalloc (nbytes);

  _gcry_randomize (p, nbytes, level);
  return p;
}

void *
gcry_random_bytes_secure (size_t nbytes, enum gcry_random_level level)
{
  void *p = _gcry_xmalloc_secure (nbytes);

  _gcry_randomize (p, nbytes, level);
  return p;
}

/* Nonces need unpredictability, not secrecy.  The generator serves
   them with the other weak and strong requests: every step's output
   is independent of the key that remains, so a published nonce tells
   nothing about later secret output.  */
void
gcry_create_nonce (void *buffer, size_t length)
{
  _gcry_randomize (buffer, length, GCRY_WEAK_RANDOM);
}

/* Libgcrypt's standard generator mixes the LENGTH bytes at BUFFER
   into its entropy pool (QUALITY -1 for unknown, otherwise clamped to
   0..100); a NULL BUFFER is its only error.  The generators here are
   seeded by the kernel only, as Libgcrypt's system generator is,
   which ignores the bytes: so do we, after that one check.  */
gcry_error_t
gcry_random_add_bytes (const void *buffer, size_t length, int quality)
{
  (void)length;
  (void)quality;
  if (!buffer)
    return gpg_error (GPG_ERR_INV_ARG);
  return 0;
}
