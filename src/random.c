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

/* All random bytes, whatever the requested level, come straight from
 * the kernel's CSPRNG: getrandom(2) without flags, which blocks only
 * until the kernel pool has been initialised once after boot, and
 * /dev/urandom where the system call does not exist (old kernels,
 * some emulators) or is refused by a sandbox (ENOSYS, EPERM).  There
 * is no user-space pool to seed or reseed, so
 * GCRYCTL_ENABLE_QUICK_RANDOM cannot weaken anything.
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

/* getrandom returns at most 32 MiB - 1 per call; ask for less.  */
#define MAX_CHUNK (1u << 24)

static pthread_mutex_t urandom_lock = PTHREAD_MUTEX_INITIALIZER;
static int urandom_fd = -1;


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


/* Fill BUFFER with LENGTH random bytes.  LEVEL is accepted for API
   compatibility; every level gets the kernel CSPRNG.  Interrupted and
   short reads are continued; any other failure terminates the
   process.  */
void
_gcry_randomize (void *buffer, size_t length, enum gcry_random_level level)
{
  unsigned char *p = buffer;

  (void)level;
  while (length)
    {
      size_t n = length > MAX_CHUNK ? MAX_CHUNK : length;
      long got = do_getrandom (p, n);

      if (got < 0)
        {
          if (errno == EINTR)
            continue;
          /* No such system call (old kernel, emulator) or blocked by a
             seccomp filter: the device is as good a source.  */
          if (errno == ENOSYS || errno == EPERM)
            {
              read_urandom (p, length);
              return;
            }
          _gcry_fatal_error (gpg_err_code_from_errno (errno),
                             "getrandom failed");
        }
      if (got == 0)
        _gcry_fatal_error (GPG_ERR_EOF, "getrandom returned no data");
      p += got;
      length -= (size_t)got;
    }
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

/* Nonces need unpredictability, not secrecy; the same source serves
   them.  */
void
gcry_create_nonce (void *buffer, size_t length)
{
  _gcry_randomize (buffer, length, GCRY_WEAK_RANDOM);
}
