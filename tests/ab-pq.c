/* ab-pq.c - Speed-up of one build over another, alternating in one process
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

/* Usage: ab-pq [--trials N] [--scale S] [--old-disable D] [--only S]
 *              [--spread] [--after-work US] OLD.so NEW.so [DISABLE...]
 *
 * Loads the shared library OLD.so once with every hardware feature
 * disabled (its portable code; --old-disable D disables D instead, ""
 * for its default backends, to compare two commits backend for
 * backend) and NEW.so once per DISABLE value
 * (GCRYPT_PQC_HWF_DISABLE for that copy; "" for the default
 * backends), all in one process: each copy is loaded from a copy of
 * its file under a name of its own (dlopen with RTLD_LOCAL), so that
 * the copies share the C library and its heap, as an application's
 * library does (a dlmopen namespace has a C library of its own, whose
 * malloc made the operations that allocate about 2% slower).  For
 * each ML-KEM and ML-DSA operation, through the public API as an
 * application calls it, a trial times a batch of calls on every copy
 * back to back, in an order that rotates from trial to trial; the
 * figure printed is the median (the upper one for an even number of
 * trials) over the trials of OLD's time divided by each copy's time:
 * the speed-up over the old portable code that issue 10 asks for.
 * Paired ratios are what stays stable on machines whose clock drifts.
 * They still carry the copies' memory layout: OLD.so given as NEW.so
 * too (with --old-disable and DISABLE alike) reads 0.89-0.94 for
 * "--only 'ML-KEM-1024 encaps'" alone and 1.01 for the three
 * ML-KEM-1024 operations (Zen 5, December 2026), so check a small
 * difference with such a control run and with the operations around
 * it, not with one operation alone.
 * Every copy uses the keys made by the first (ML-DSA keys pass as
 * canonical S-expressions) and signs deterministically, the same
 * messages in the same trial, so that all copies run the same
 * number of signing attempts.
 * Default DISABLE set: "" "intel-avx512" "all" on x86-64, "" "all"
 * elsewhere.  --only S (repeatable) times only the operations whose
 * name contains one of the strings S ("ML-KEM-768", "encaps").
 * --spread adds the first and third quartiles of the trials' ratios
 * to each median, to tell a change of a percent from the noise.
 * --after-work US times each call alone, after US microseconds of
 * scalar work that is not timed: an operation as an application that
 * does other things in between sees it.  On Intel processors zmm
 * multiplications run slowly for tens of microseconds after such a
 * pause (doc/PERFORMANCE, "ML-DSA after other code"), which
 * back-to-back batches hide; 3000 shows it fully.  Each call then
 * costs US more, so use a small --scale (1 takes about two minutes
 * for all operations and four copies at 3000 us and 31 trials).
 * Not run by make check; build it with "make ab-pq".  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_COPIES 6
#define MAX_TRIALS 101
/* Distinct messages signed in turn.  */
#define NMSG 64

typedef void *sexp_t;

/* One loaded copy of a library and its keys.  */
typedef struct
{
  const char *label;
  unsigned int (*kem_keypair) (int, void *, size_t, void *, size_t);
  unsigned int (*kem_encap) (int, const void *, size_t, void *, size_t,
                             void *, size_t, const void *, size_t);
  unsigned int (*kem_decap) (int, const void *, size_t, const void *,
                             size_t, void *, size_t, const void *, size_t);
  unsigned int (*pk_genkey) (sexp_t *, sexp_t);
  unsigned int (*pk_sign) (sexp_t *, sexp_t, sexp_t);
  unsigned int (*pk_verify) (sexp_t, sexp_t, sexp_t);
  void (*sexp_release) (sexp_t);
  sexp_t parms[3], pkey[3], skey[3], sig[3], data[NMSG];
  unsigned char pk[3][1568], sk[3][3168], ct[3][1568];
  unsigned char pk2[1568], sk2[3168];   /* Key generation output.  */
} copy_t;

/* The ML-DSA key pairs of the first copy, canonical S-expressions.  */
static char dsa_key[3][16384];
static size_t dsa_key_len[3];

/* ML-KEM-512/768/1024: algorithm numbers of gcrypt.h and lengths.  */
static const int kem_algo[3] = { 3, 4, 5 };
static const size_t kem_pk[3] = { 800, 1184, 1568 };
static const size_t kem_sk[3] = { 1632, 2400, 3168 };
static const size_t kem_ct[3] = { 768, 1088, 1568 };
static const char *const dsa_name[3] = { "mldsa44", "mldsa65", "mldsa87" };

static const char *const op_name[18] =
  {
    "ML-KEM-512 keygen", "ML-KEM-512 encaps", "ML-KEM-512 decaps",
    "ML-KEM-768 keygen", "ML-KEM-768 encaps", "ML-KEM-768 decaps",
    "ML-KEM-1024 keygen", "ML-KEM-1024 encaps", "ML-KEM-1024 decaps",
    "ML-DSA-44 keygen", "ML-DSA-44 sign", "ML-DSA-44 verify",
    "ML-DSA-65 keygen", "ML-DSA-65 sign", "ML-DSA-65 verify",
    "ML-DSA-87 keygen", "ML-DSA-87 sign", "ML-DSA-87 verify"
  };
/* Calls per batch at --scale 1: a few milliseconds of portable code.  */
static const unsigned int op_calls[18] =
  { 40, 40, 40, 30, 30, 30, 20, 20, 20, 10, 4, 10, 6, 3, 6, 4, 2, 4 };

/* A directory for the copies of the library files, whether it was
   made, and the copy not yet unlinked.  */
static char tmpdir[] = "/tmp/ab-pq.XXXXXX";
static int have_tmpdir;
static char *pending_copy;

static void
die (const char *what, const char *detail)
{
  fprintf (stderr, "ab-pq: %s%s%s\n", what, detail ? ": " : "",
           detail ? detail : "");
  if (pending_copy)
    unlink (pending_copy);
  if (have_tmpdir)
    rmdir (tmpdir);
  exit (1);
}

static void *
sym (void *h, const char *name)
{
  void *p = dlsym (h, name);

  if (!p)
    die ("symbol not found", name);
  return p;
}

/* Copy the file at PATH to a new file in TMPDIR; return its name.  */
static char *
copy_file (const char *path)
{
  static unsigned int count;
  char *name, buf[65536];
  FILE *in, *out;
  size_t n;

  name = malloc (sizeof tmpdir + 32);
  if (!name)
    die ("out of memory", NULL);
  snprintf (name, sizeof tmpdir + 32, "%s/copy%u.so", tmpdir, count++);
  pending_copy = name;
  in = fopen (path, "rb");
  if (!in)
    die ("cannot open", path);
  out = fopen (name, "wb");
  if (!out)
    die ("cannot create", name);
  while ((n = fread (buf, 1, sizeof buf, in)))
    if (fwrite (buf, 1, n, out) != n)
      die ("cannot write", name);
  if (ferror (in) || fclose (out))
    die ("cannot copy", path);
  fclose (in);
  return name;
}

/* Load PATH as a new copy C with GCRYPT_PQC_HWF_DISABLE=DISABLE.
   The first copy (REF is NULL) makes the keys and a ciphertext, the
   others take them from REF.  */
static void
load (copy_t *c, const copy_t *ref, const char *path, const char *disable,
      const char *label)
{
  unsigned int (*sexp_new) (sexp_t *, const void *, size_t, int);
  unsigned int (*sexp_build) (sexp_t *, size_t *, const char *, ...);
  size_t (*sexp_sprint) (sexp_t, int, void *, size_t);
  sexp_t (*find_token) (sexp_t, const char *, size_t);
  const char *(*check_version) (const char *);
  unsigned int (*control) (int, ...);
  unsigned char ss[32], msg[32];
  char buf[64];
  sexp_t key;
  char *file;
  void *h;
  int i;

  if (*disable)
    setenv ("GCRYPT_PQC_HWF_DISABLE", disable, 1);
  else
    unsetenv ("GCRYPT_PQC_HWF_DISABLE");
  file = copy_file (path);
  h = dlopen (file, RTLD_NOW | RTLD_LOCAL);
  if (!h)
    die ("cannot load", dlerror ());
  /* The mapping stays; the name is not needed any more.  */
  unlink (file);
  pending_copy = NULL;
  free (file);
  c->label = label;
  check_version = sym (h, "gcry_check_version");
  control = sym (h, "gcry_control");
  if (!check_version (NULL))
    die ("gcry_check_version failed", path);
  control (38 /* GCRYCTL_INITIALIZATION_FINISHED */, 0);
  unsetenv ("GCRYPT_PQC_HWF_DISABLE");

  c->kem_keypair = sym (h, "gcry_kem_keypair");
  c->kem_encap = sym (h, "gcry_kem_encap");
  c->kem_decap = sym (h, "gcry_kem_decap");
  c->pk_genkey = sym (h, "gcry_pk_genkey");
  c->pk_sign = sym (h, "gcry_pk_sign");
  c->pk_verify = sym (h, "gcry_pk_verify");
  c->sexp_release = sym (h, "gcry_sexp_release");
  sexp_new = sym (h, "gcry_sexp_new");
  sexp_build = sym (h, "gcry_sexp_build");
  sexp_sprint = sym (h, "gcry_sexp_sprint");
  find_token = sym (h, "gcry_sexp_find_token");

  for (i = 0; i < 3; i++)
    if (ref)
      {
        memcpy (c->pk[i], ref->pk[i], kem_pk[i]);
        memcpy (c->sk[i], ref->sk[i], kem_sk[i]);
        memcpy (c->ct[i], ref->ct[i], kem_ct[i]);
      }
    else if (c->kem_keypair (kem_algo[i], c->pk[i], kem_pk[i], c->sk[i],
                             kem_sk[i])
             || c->kem_encap (kem_algo[i], c->pk[i], kem_pk[i], c->ct[i],
                              kem_ct[i], ss, sizeof ss, NULL, 0))
      die ("ML-KEM set-up failed", path);

  for (i = 0; i < NMSG; i++)
    {
      memset (msg, 0, sizeof msg);
      msg[0] = i;
      if (sexp_build (&c->data[i], NULL,
                      "(data (flags deterministic) (value %b))",
                      (int)sizeof msg, msg))
        die ("gcry_sexp_build failed", path);
    }
  for (i = 0; i < 3; i++)
    {
      snprintf (buf, sizeof buf, "(genkey (%s))", dsa_name[i]);
      if (sexp_new (&c->parms[i], buf, 0, 1))
        die ("gcry_sexp_new failed", path);
      if (!ref)
        {
          if (c->pk_genkey (&key, c->parms[i]))
            die ("ML-DSA key generation failed", path);
          dsa_key_len[i] = sexp_sprint (key, 1 /* canonical */, dsa_key[i],
                                        sizeof dsa_key[i]);
          if (!dsa_key_len[i])
            die ("key too long", path);
        }
      else if (sexp_new (&key, dsa_key[i], dsa_key_len[i], 1))
        die ("cannot read the key", path);
      c->pkey[i] = find_token (key, "public-key", 0);
      c->skey[i] = find_token (key, "private-key", 0);
      c->sexp_release (key);
      if (!c->pkey[i] || !c->skey[i]
          || c->pk_sign (&c->sig[i], c->data[0], c->skey[i]))
        die ("ML-DSA signing failed", path);
    }
}

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Microseconds of other work before each timed call (--after-work),
   0 for back-to-back calls.  */
static double after_work_us;

/* Keep the core busy for US microseconds with scalar code that touches
   no memory: the work an application does between two operations, as
   far as the vector units and the clock are concerned.  */
static void
other_work (double us)
{
  double end = now () + us * 1e-6;
  volatile unsigned long long sink;
  unsigned long long x = 1;
  int i;

  while (now () < end)
    for (i = 0; i < 100; i++)
      x = x * 6364136223846793005ULL + 1;
  sink = x;
  (void)sink;
}

/* One call of operation OP on copy C; signing takes message number
   *M and advances it.  */
static void
call_op (copy_t *c, unsigned int op, unsigned int *m)
{
  unsigned int a = op / 3 % 3, kind = op % 3;
  unsigned char ss[32];
  sexp_t r;

  if (op < 9)
    {
      unsigned int err =
        kind == 0 ? c->kem_keypair (kem_algo[a], c->pk2, kem_pk[a],
                                    c->sk2, kem_sk[a])
        : kind == 1 ? c->kem_encap (kem_algo[a], c->pk[a], kem_pk[a],
                                    c->ct[a], kem_ct[a], ss, sizeof ss,
                                    NULL, 0)
        : c->kem_decap (kem_algo[a], c->sk[a], kem_sk[a], c->ct[a],
                        kem_ct[a], ss, sizeof ss, NULL, 0);
      if (err)
        die ("ML-KEM operation failed", c->label);
    }
  else if (kind == 0 || kind == 1)
    {
      if (kind == 0 ? c->pk_genkey (&r, c->parms[a])
          : c->pk_sign (&r, c->data[(*m)++ % NMSG], c->skey[a]))
        die ("ML-DSA operation failed", c->label);
      c->sexp_release (r);
    }
  else if (c->pk_verify (c->sig[a], c->data[0], c->pkey[a]))
    die ("ML-DSA verification failed", c->label);
}

/* Seconds for N calls of operation OP on copy C, signing the messages
   from number M on; with --after-work only the calls are timed.  */
static double
batch (copy_t *c, unsigned int op, unsigned int n, unsigned int m)
{
  double t0, sum = 0;

  if (!after_work_us)
    {
      t0 = now ();
      while (n--)
        call_op (c, op, &m);
      return now () - t0;
    }
  while (n--)
    {
      other_work (after_work_us);
      t0 = now ();
      call_op (c, op, &m);
      sum += now () - t0;
    }
  return sum;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
#if defined(__x86_64__)
  static const char *const default_disable[] = { "", "intel-avx512", "all" };
#else
  static const char *const default_disable[] = { "", "all" };
#endif
  static copy_t copy[MAX_COPIES];
  static double ratio[MAX_COPIES][MAX_TRIALS];
  const char *const *disable = default_disable;
  const char *old_disable = "all";
  const char *only[18];
  unsigned int nonly = 0;
  unsigned int ncopies, trials = 11, scale = 1, op, t, i, j;
  int spread = 0;

  for (argc--, argv++; argc >= 2 && !strncmp (*argv, "--", 2);
       argc -= 2, argv += 2)
    if (!strcmp (*argv, "--spread"))
      {
        spread = 1;
        argc++, argv--;         /* No argument.  */
      }
    else if (!strcmp (*argv, "--trials"))
      trials = atoi (argv[1]);
    else if (!strcmp (*argv, "--scale"))
      scale = atoi (argv[1]);
    else if (!strcmp (*argv, "--old-disable"))
      old_disable = argv[1];
    else if (!strcmp (*argv, "--only") && nonly < 18)
      only[nonly++] = argv[1];
    else if (!strcmp (*argv, "--after-work"))
      after_work_us = atof (argv[1]);
    else
      break;
  if (argc < 2 || !strncmp (*argv, "--", 2)
      || !trials || trials > MAX_TRIALS || !scale || after_work_us < 0)
    {
      fputs ("usage: ab-pq [--trials N (<= 101)] [--scale S]"
             " [--old-disable D] [--only S]\n"
             "             [--spread] [--after-work US]"
             " OLD.so NEW.so [DISABLE...]\n",
             stderr);
      return 2;
    }
  ncopies = 1 + (argc > 2 ? (unsigned int)argc - 2
                 : sizeof default_disable / sizeof *default_disable);
  if (ncopies > MAX_COPIES)
    die ("too many DISABLE values", NULL);
  if (argc > 2)
    disable = (const char *const *)argv + 2;

  if (!mkdtemp (tmpdir))
    die ("cannot make a temporary directory", NULL);
  have_tmpdir = 1;
  load (&copy[0], NULL, argv[0], old_disable, "old");
  for (i = 1; i < ncopies; i++)
    load (&copy[i], &copy[0], argv[1], disable[i - 1],
          *disable[i - 1] ? disable[i - 1] : "default");
  rmdir (tmpdir);
  have_tmpdir = 0;

  printf ("# speed-up over %s with hardware features \"%s\" disabled;\n"
          "# median%s of %u trials, copies alternating in each\n",
          argv[0], old_disable,
          spread ? " [first quartile, third quartile]" : "", trials);
  if (after_work_us)
    printf ("# each call timed alone after %g us of other work\n",
            after_work_us);
  printf ("%-20s %10s", "operation", "old us");
  for (i = 1; i < ncopies; i++)
    printf (spread ? " %22.22s" : " %12.12s",
            *disable[i - 1] ? disable[i - 1] : "default");
  putchar ('\n');

  for (op = 0; op < 18; op++)
    {
      unsigned int n = op_calls[op] * scale;
      double old_sum = 0, secs[MAX_COPIES];

      for (i = 0; i < nonly && !strstr (op_name[op], only[i]); i++)
        ;
      if (nonly && i == nonly)
        continue;
      for (t = 0; t < trials; t++)
        {
          for (j = 0; j < ncopies; j++)
            {
              i = (j + t) % ncopies;
              secs[i] = batch (&copy[i], op, n, t * n);
            }
          for (i = 1; i < ncopies; i++)
            ratio[i][t] = secs[0] / secs[i];
          old_sum += secs[0];
        }
      printf ("%-20s %10.1f", op_name[op], old_sum / trials / n * 1e6);
      for (i = 1; i < ncopies; i++)
        {
          qsort (ratio[i], trials, sizeof ratio[i][0], cmp_double);
          if (spread)
            printf (" %9.2f [%4.2f, %4.2f]", ratio[i][trials / 2],
                    ratio[i][trials / 4], ratio[i][(3 * trials) / 4]);
          else
            printf (" %12.2f", ratio[i][trials / 2]);
        }
      putchar ('\n');
      fflush (stdout);
    }
  return 0;
}
