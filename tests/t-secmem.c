/* t-secmem.c - Secure memory
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

/* Checks the secure-memory pool through the public API:
 *
 *  - secure and ordinary allocations are told apart by gcry_is_secure,
 *    payloads are 16-byte aligned, calloc zeroes and detects overflow,
 *    realloc and strdup keep memory secure;
 *  - the pool grows: many allocations, far beyond the initial pool,
 *    all succeed, do not overlap and stay secure; a single allocation
 *    larger than the pool succeeds;
 *  - a freed block is wiped (the pool stays mapped, so the test can
 *    look at the bytes after gcry_free);
 *  - concurrent allocation from several threads;
 *  - where mlock is not permitted (a child process that drops root and
 *    sets RLIMIT_MEMLOCK to 0 before it touches the library), secure
 *    allocations still succeed, and exactly one "insecure memory"
 *    warning is printed, none with GCRYCTL_DISABLE_SECMEM_WARN or
 *    GCRYCTL_DISABLE_SECMEM, and a suspended warning appears at
 *    GCRYCTL_RESUME_SECMEM_WARN; GCRYCTL_INIT_SECMEM reports the
 *    failure to lock (GPG_ERR_GENERAL) unless locking was disabled.  */

#define PGM "t-secmem"
#include "t-common.h"

#include <stdint.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/resource.h>
#include <sys/mman.h>

#define WARNING_TEXT "insecure memory"

/* The huge allocations in check_basic need malloc (SIZE_MAX) to fail
   normally.  */
T_ASAN_ALLOCATOR_MAY_RETURN_NULL;


/*
 * The low-RLIMIT_MEMLOCK children.
 */

/* Child side: make mlock fail, then exercise the pool in MODE
   ("warn", "nowarn", "suspend", "disable").  Exit 0 on success, 77 if mlock
   cannot be made to fail here, 1 on error.  */
static int
lowlock_child (const char *mode)
{
  struct rlimit rl;
  void *probe;
  void *ptrs[64];
  int i, ok = 1;

  if (geteuid () == 0)
    {
      /* Root may lock regardless of the limit (CAP_IPC_LOCK), so
         become "nobody".  Only the user id matters for that; some
         sandboxes refuse setgid to root, so its result is ignored.  */
      if (setgid (65534))
        ;
      if (setuid (65534))
        return 77;
    }
  rl.rlim_cur = rl.rlim_max = 0;
  if (setrlimit (RLIMIT_MEMLOCK, &rl))
    return 77;
  probe = mmap (NULL, 4096, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (probe == MAP_FAILED)
    return 1;
  if (!mlock (probe, 4096))
    return 77;   /* Locking still works: nothing to test.  */
  munmap (probe, 4096);

  if (!strcmp (mode, "nowarn"))
    gcry_control (GCRYCTL_DISABLE_SECMEM_WARN);
  else if (!strcmp (mode, "disable"))
    {
      /* The application asks for no locked memory at all: no warning
         is due, and secure allocations must still work.  */
      if (gcry_control (GCRYCTL_DISABLE_SECMEM, 0))
        return 1;
    }
  else if (!strcmp (mode, "suspend"))
    gcry_control (GCRYCTL_SUSPEND_SECMEM_WARN);

  /* INIT_SECMEM tells the application that its pool could not be
     locked (GPG_ERR_GENERAL, as in Libgcrypt), unless it asked for no
     locking.  */
  {
    gpg_error_t err = gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0);
    gpg_err_code_t want = !strcmp (mode, "disable") ? GPG_ERR_NO_ERROR
                                                    : GPG_ERR_GENERAL;

    if (gpg_err_code (err) != want)
      {
        fprintf (stderr, "INIT_SECMEM gave %s\n", gpg_strerror (err));
        ok = 0;
      }
  }

  /* 64 blocks of 4 KiB exceed the default pool, so several areas are
     added, each failing to lock; still only one warning.  */
  for (i = 0; i < 64; i++)
    {
      ptrs[i] = gcry_malloc_secure (4096);
      if (!ptrs[i] || !gcry_is_secure (ptrs[i]))
        ok = 0;
      else
        memset (ptrs[i], i, 4096);
    }
  for (i = 0; i < 64; i++)
    {
      if (ptrs[i] && ((unsigned char *)ptrs[i])[4095] != i)
        ok = 0;
      gcry_free (ptrs[i]);
    }

  fprintf (stderr, "MARK\n");
  fflush (stderr);
  if (!strcmp (mode, "suspend"))
    gcry_control (GCRYCTL_RESUME_SECMEM_WARN);
  fflush (stderr);
  return ok ? 0 : 1;
}

/* Count the occurrences of WORD in S.  */
static int
count_word (const char *s, const char *word)
{
  int n = 0;

  while ((s = strstr (s, word)))
    {
      n++;
      s += strlen (word);
    }
  return n;
}

/* Parent side: run lowlock_child (MODE) with stderr captured.  */
static void
run_lowlock_child (const char *mode)
{
  int pfd[2];
  pid_t pid;
  int status;
  char out[8192];
  size_t len = 0;
  ssize_t n;
  const char *mark;

  fflush (NULL);
  if (pipe (pfd))
    {
      fail ("pipe: %s", strerror (errno));
      return;
    }
  pid = fork ();
  if (pid == -1)
    {
      fail ("fork: %s", strerror (errno));
      return;
    }
  if (!pid)
    {
      close (pfd[0]);
      dup2 (pfd[1], 2);
      close (pfd[1]);
      _exit (lowlock_child (mode));
    }
  close (pfd[1]);
  while ((n = read (pfd[0], out + len, sizeof out - 1 - len)) > 0
         || (n < 0 && errno == EINTR))
    if (n > 0)
      len += (size_t)n;
  out[len] = 0;
  close (pfd[0]);
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status))
    {
      fail ("low RLIMIT_MEMLOCK child (%s) crashed", mode);
      return;
    }
  if (WEXITSTATUS (status) == 77)
    {
      skip ("cannot make mlock fail here (%s)", mode);
      return;
    }
  if (verbose)
    fprintf (stderr, "  child (%s) stderr: %s", mode, out);
  check (WEXITSTATUS (status) == 0,
         "secure allocations work without mlock (%s)", mode);
  mark = strstr (out, "MARK");
  if (!strcmp (mode, "warn"))
    check (count_word (out, WARNING_TEXT) == 1,
           "exactly one insecure-memory warning");
  else if (!strcmp (mode, "nowarn"))
    check (count_word (out, WARNING_TEXT) == 0,
           "no warning with DISABLE_SECMEM_WARN");
  else if (!strcmp (mode, "disable"))
    check (count_word (out, WARNING_TEXT) == 0,
           "no warning with DISABLE_SECMEM");
  else
    check (count_word (out, WARNING_TEXT) == 1 && mark
           && count_word (mark, WARNING_TEXT) == 1,
           "suspended warning printed at RESUME_SECMEM_WARN");
}


/*
 * Tests in this process.
 */

static void
check_basic (void)
{
  unsigned char *s, *h, *r;
  char *str, *sstr;
  int stackvar = 0;
  size_t i;
  int all_zero;

  s = gcry_malloc_secure (100);
  h = gcry_malloc (100);
  check (s && gcry_is_secure (s), "malloc_secure is secure");
  check (h && !gcry_is_secure (h), "malloc is not secure");
  check (!gcry_is_secure (NULL) && !gcry_is_secure (&stackvar),
         "NULL and stack are not secure");
  check (s && ((uintptr_t)s & 15) == 0, "secure payload is 16-byte aligned");
  check (s && gcry_is_secure (s + 99), "last byte of a block is secure");

  memset (s, 0x5a, 100);
  r = gcry_realloc (s, 5000);
  check (r && gcry_is_secure (r) && r[0] == 0x5a && r[99] == 0x5a,
         "realloc of secure memory keeps contents and stays secure");
  s = r;
  r = gcry_realloc (s, 10);
  check (r && gcry_is_secure (r) && r[9] == 0x5a, "shrinking realloc");
  s = r;
  check (gcry_realloc (s, 0) == NULL, "realloc to 0 frees");
  s = NULL;

  r = gcry_realloc (NULL, 32);
  check (r && !gcry_is_secure (r), "realloc (NULL) is malloc");
  gcry_free (r);

  s = gcry_calloc_secure (33, 7);
  all_zero = 1;
  for (i = 0; s && i < 33 * 7; i++)
    if (s[i])
      all_zero = 0;
  check (s && gcry_is_secure (s) && all_zero, "calloc_secure zeroes");
  gcry_free (s);

  errno = 0;
  check (!gcry_calloc_secure (SIZE_MAX / 2, 3) && errno == ENOMEM,
         "calloc_secure overflow gives NULL/ENOMEM");
  errno = 0;
  check (!gcry_calloc (SIZE_MAX / 4, 8) && errno == ENOMEM,
         "calloc overflow gives NULL/ENOMEM");

  errno = 0;
  check (!gcry_malloc_secure (SIZE_MAX) && errno == ENOMEM,
         "malloc_secure (SIZE_MAX) gives NULL/ENOMEM");
  errno = 0;
  check (!gcry_malloc_secure (SIZE_MAX - 8) && errno == ENOMEM,
         "malloc_secure (SIZE_MAX - 8) gives NULL/ENOMEM");
  errno = 0;
  check (!gcry_malloc (SIZE_MAX) && errno == ENOMEM,
         "malloc (SIZE_MAX) gives NULL/ENOMEM");

  sstr = gcry_xmalloc_secure (6);
  memcpy (sstr, "hello", 6);
  str = gcry_strdup (sstr);
  check (str && gcry_is_secure (str) && !strcmp (str, "hello"),
         "strdup of a secure string is secure");
  gcry_free (str);
  str = gcry_xstrdup ("plain");
  check (str && !gcry_is_secure (str) && !strcmp (str, "plain"),
         "xstrdup of a plain string");
  gcry_free (str);
  gcry_free (sstr);

  s = gcry_xcalloc_secure (4, 4);
  check (s && gcry_is_secure (s) && !s[15], "xcalloc_secure");
  s = gcry_xrealloc (s, 64);
  check (s && gcry_is_secure (s), "xrealloc keeps secure");
  gcry_free (s);

  gcry_free (h);
  gcry_free (NULL);
  pass ("free (NULL)");
}


/* A freed block must be wiped.  The pool memory stays mapped after
   gcry_free, so reading it is safe here (it would not be for the
   ordinary heap).  */
static void
check_wipe (void)
{
  volatile unsigned char *p;
  unsigned char *q;
  size_t i, leftover = 0;

  q = gcry_malloc_secure (256);
  if (!q)
    {
      fail ("malloc_secure (256)");
      return;
    }
  memset (q, 0xa5, 256);
  gcry_free (q);
  p = q;
  for (i = 0; i < 256; i++)
    if (p[i] == 0xa5)
      leftover++;
  check (!leftover, "freed secure block is wiped (%zu bytes left)", leftover);
  check (gcry_is_secure (q), "freed block address is still pool memory");

  /* Blocks freed by realloc are wiped as well.  */
  q = gcry_malloc_secure (64);
  memset (q, 0xa5, 64);
  p = q;
  q = gcry_realloc (q, 200000);   /* Forces a move to a new area.  */
  leftover = 0;
  for (i = 0; i < 64; i++)
    if (p[i] == 0xa5)
      leftover++;
  check (q && (void *)q != (void *)p && !leftover,
         "old block of a moving realloc is wiped");
  gcry_free (q);
}


/* Many allocations, far more than the 64 KiB initial pool.  */
static void
check_growth (void)
{
  enum { N = 3000 };
  static unsigned char *ptrs[N];
  static size_t sizes[N];
  size_t i, j, total = 0;
  int ok_secure = 1, ok_content = 1;
  unsigned char *big;

  for (i = 0; i < N; i++)
    {
      sizes[i] = 1 + (i * 7919) % 700;
      ptrs[i] = gcry_malloc_secure (sizes[i]);
      if (!ptrs[i])
        {
          fail ("malloc_secure #%zu (%zu bytes) failed", i, sizes[i]);
          return;
        }
      if (!gcry_is_secure (ptrs[i]))
        ok_secure = 0;
      memset (ptrs[i], (int)(i & 0xff), sizes[i]);
      total += sizes[i];
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < sizes[i]; j++)
      if (ptrs[i][j] != (unsigned char)(i & 0xff))
        {
          ok_content = 0;
          break;
        }
  check (ok_secure, "%d allocations (%zu bytes) are all secure", N, total);
  check (ok_content, "%d allocations do not overlap", N);

  /* Free every second block, then allocate again into the holes.  */
  for (i = 0; i < N; i += 2)
    {
      gcry_free (ptrs[i]);
      ptrs[i] = NULL;
    }
  for (i = 0; i < N; i += 2)
    {
      ptrs[i] = gcry_malloc_secure (sizes[i]);
      if (ptrs[i])
        memset (ptrs[i], (int)(i & 0xff), sizes[i]);
    }
  ok_content = 1;
  for (i = 0; i < N; i++)
    for (j = 0; ptrs[i] && j < sizes[i]; j++)
      if (ptrs[i][j] != (unsigned char)(i & 0xff))
        {
          ok_content = 0;
          break;
        }
  check (ok_content, "reuse of freed blocks keeps neighbours intact");
  for (i = 0; i < N; i++)
    gcry_free (ptrs[i]);

  big = gcry_malloc_secure (3 << 20);
  check (big && gcry_is_secure (big) && gcry_is_secure (big + (3 << 20) - 1),
         "3 MiB secure allocation (larger than the pool)");
  if (big)
    memset (big, 1, 3 << 20);
  gcry_free (big);

  /* After everything was freed, a pool-sized block fits again.  */
  big = gcry_malloc_secure (60000);
  check (big && gcry_is_secure (big), "pool-sized block after frees");
  gcry_free (big);
}


#define NTHREADS 4
static void *
thread_main (void *arg)
{
  unsigned int seed = (unsigned int)(long)arg * 2654435761u + 1;
  unsigned char *ptrs[32];
  size_t sizes[32];
  int i, k;
  long bad = 0;

  memset (ptrs, 0, sizeof ptrs);
  for (k = 0; k < 2000; k++)
    {
      seed = seed * 1103515245u + 12345u;
      i = (int)((seed >> 16) % 32);
      if (ptrs[i])
        {
          size_t j;

          for (j = 0; j < sizes[i]; j++)
            if (ptrs[i][j] != (unsigned char)i)
              bad++;
          gcry_free (ptrs[i]);
          ptrs[i] = NULL;
        }
      else
        {
          sizes[i] = 1 + (seed >> 8) % 2000;
          ptrs[i] = gcry_malloc_secure (sizes[i]);
          if (!ptrs[i] || !gcry_is_secure (ptrs[i]))
            bad++;
          else
            memset (ptrs[i], i, sizes[i]);
        }
    }
  for (i = 0; i < 32; i++)
    gcry_free (ptrs[i]);
  return (void *)bad;
}

static void
check_threads (void)
{
  pthread_t th[NTHREADS];
  int t, n = 0;
  long bad = 0;

  for (t = 0; t < NTHREADS; t++)
    if (!pthread_create (&th[t], NULL, thread_main, (void *)(long)t))
      n++;
    else
      break;
  for (t = 0; t < n; t++)
    {
      void *r;

      pthread_join (th[t], &r);
      bad += (long)r;
    }
  if (!n)
    skip ("cannot create threads");
  else
    check (!bad, "%d threads allocating concurrently (%ld errors)", n, bad);
}


/* TERM_SECMEM wipes free space but must leave live blocks alone.  */
static void
check_term (void)
{
  unsigned char *p = gcry_malloc_secure (32);

  if (!p)
    {
      fail ("malloc_secure (32)");
      return;
    }
  memset (p, 0x3c, 32);
  check (!gcry_control (GCRYCTL_TERM_SECMEM), "TERM_SECMEM");
  check (p[0] == 0x3c && p[31] == 0x3c, "live block survives TERM_SECMEM");
  gcry_free (p);
  p = gcry_malloc_secure (32);
  check (p && gcry_is_secure (p), "allocation after TERM_SECMEM");
  gcry_free (p);
}


int
main (int argc, char **argv)
{
  int i;

  for (i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--verbose"))
      verbose = 1;
  /* The children must start from a library that has no pool yet.  */
  run_lowlock_child ("warn");
  run_lowlock_child ("nowarn");
  run_lowlock_child ("suspend");
  run_lowlock_child ("disable");

  test_init (argc, argv);
  check_basic ();
  check_wipe ();
  check_growth ();
  check_threads ();
  check_term ();
  if (verbose)
    gcry_control (GCRYCTL_DUMP_SECMEM_STATS);
  return test_exit ();
}
