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
#include <signal.h>
#include <unistd.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <fcntl.h>

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

  for (i = 0; i < 3 && ok; i++)
    {
      memset (buf, CANARY, len);
      gcry_randomize (buf, len, GCRY_STRONG_RANDOM);
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

/* Run entropy_child in a child process; return its wait status, or
   -1 after a failure of fork.  */
static int
run_entropy_child (int getrandom_errno, int open_errno)
{
  pid_t pid;
  int status;

  fflush (NULL);
  pid = fork ();
  if (pid == -1)
    {
      fail ("fork: %s", strerror (errno));
      return -1;
    }
  if (!pid)
    _exit (entropy_child (getrandom_errno, open_errno));
  if (waitpid (pid, &status, 0) != pid)
    {
      fail ("waitpid: %s", strerror (errno));
      return -1;
    }
  return status;
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


int
main (int argc, char **argv)
{
  test_init (argc, argv);
  check_lengths ();
  check_distinct ();
  check_distribution ();
  check_threads ();
  check_interrupted ();
  check_entropy_failure ();
  return test_exit ();
}
