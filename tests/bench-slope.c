/* bench-slope.c - Benchmark of libgcrypt-pqc: hashes, ML-KEM, ML-DSA
 *                 and every kernel backend side by side
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

/* The command line and the output follow libgcrypt's
 * tests/bench-slope, so that scripts written for it keep working:
 *
 *   bench-slope [options] [hash|pq|kernels ...] [algonames ...]
 *
 * Sections:
 *   hash     SHA-3, SHAKE and SHA-2 in ns/byte and cycles/byte.
 *   pq       ML-KEM-512/768/1024 (keygen, encap, decap) and
 *            ML-DSA-44/65/87 (keygen, sign, verify) through the public
 *            gcry_kem_* and gcry_pk_* functions, as an application
 *            calls them; ns/iter and cycles/iter.
 *   kernels  (ours) every internal kernel once per backend compiled in
 *            and usable on this CPU, cycles per call and the speed-up
 *            over the portable code.  This is why bench-slope links the
 *            library's internal convenience archive.
 *
 * Method (see doc/bench-slope.texi for the full description):
 *   1. Times are the CPU time of this thread (--wall-clock: the
 *      monotonic clock), so time spent in other processes on a busy
 *      machine is not counted.
 *   2. Warm-up: each operation runs for a few milliseconds, which also
 *      gives a first estimate of its cost.
 *   3. The number of calls per timed run is chosen so that one run
 *      lasts about a millisecond (signing: at least 64 signatures, to
 *      average over the rejection loop).
 *   4. The operations of a group (the pq section, the backends of a
 *      kernel row, the lengths of a hash) are timed in REPETITIONS
 *      interleaved passes (default 64); each figure is the median
 *      time per call, so that disturbed runs do not move it.
 *      --verbose shows minimum, quartiles and maximum.
 *   5. With --cpu-mhz auto the core clock is measured once per pass
 *      with a dependency chain of integer additions (one core cycle
 *      each); cycles = median time * median clock.  This counts core
 *      cycles even where the time-stamp counter ticks at another
 *      rate.  With --verbose a short chain right after each timed run
 *      also gives the clock at which that row left the core ("after
 *      the runs"; lower after wide vector code on some processors).
 *      The cycle figures keep the clock of the group.
 * Hashes are timed at several message lengths and the slope of the
 * fitted line is reported (ns per byte without the fixed costs).
 *
 * --smoke (or GCRYPT_IN_REGRESSION_TEST in the environment) runs
 * everything with a handful of tiny runs; make check uses it to prove
 * that the program works and its output is well formed.  No figure
 * is checked anywhere.  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <time.h>
#include <errno.h>

#include "gcrypt.h"

/* Internal interfaces for the kernels section.  */
#include "types.h"
#include "keccak.h"
#ifdef USE_MLKEM
# include "mlkem-ops.h"
#endif
#ifdef USE_MLDSA
# include "mldsa-ops.h"
#endif

#define PGM "bench-slope"

/* The per-backend accessors are declared weak: a kernel set whose
   accessor is not linked in simply has no columns.  They return the
   kernel table of backend NAME if it is compiled in and usable with
   the current (possibly disabled) hardware features, else NULL (the
   Keccak one fills three function pointers and returns 0, or -1).  */
#if defined(__GNUC__) && defined(__ELF__)
# define BENCH_WEAK __attribute__ ((weak))
#else
# define BENCH_WEAK
#endif

int _gcry_keccak_get_backend (const char *name,
                              keccak_permute_fn_t r_fn[3]) BENCH_WEAK;
keccak_permute_fn_t _gcry_keccak_get_x5 (const char *name) BENCH_WEAK;
keccak_permute_fn_t _gcry_keccak_get_x9 (const char *name) BENCH_WEAK;
unsigned int _gcry_reselect_backends (unsigned int mask) BENCH_WEAK;
const char *_gcry_enum_hw_features (int idx, unsigned int *r_feature) BENCH_WEAK;
#ifdef USE_MLKEM
const mlkem_ops_t *_gcry_mlkem_get_ops (const char *name) BENCH_WEAK;
extern const mlkem_ops_t _gcry_mlkem_ops_generic BENCH_WEAK;
void _gcry_mlkem_gen_matrix_ntt (const mlkem_ops_t *ops, mlkem_poly_ntt *a,
                                 const byte rho[MLKEM_SYMBYTES],
                                 unsigned int k, int transposed) BENCH_WEAK;
#endif
#ifdef USE_MLDSA
const mldsa_ops_t *_gcry_mldsa_get_ops (const char *name) BENCH_WEAK;
extern const mldsa_ops_t _gcry_mldsa_ops_generic BENCH_WEAK;
#endif

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))

#define DEFAULT_REPETITIONS 64


/*
 * Settings.
 */

static int verbose;
static int csv_mode;
static int smoke_mode;
static int repetitions = DEFAULT_REPETITIONS;
static int auto_mhz;            /* --cpu-mhz auto */
static double fixed_mhz;        /* --cpu-mhz N, 0 if not given.  */
static int exit_status;
static int unaligned_mode;      /* --unaligned: odd buffer addresses.  */

/* Target duration of one timed run and of the warm-up, in ns.  */
static double run_target_ns = 1.0e6;
static double warmup_ns = 20.0e6;

/* Algorithm names given on the command line (filter), or none.  */
static char **algo_filter;
static int algo_filter_count;


static void
die (const char *format, ...)
{
  va_list arg_ptr;
  /* Decided before printing: gcc's -Wformat-overflow otherwise warns
     about the format being read after vfprintf.  */
  int need_nl = *format && format[strlen (format) - 1] != '\n';

  fflush (stdout);
  fprintf (stderr, PGM ": ");
  va_start (arg_ptr, format);
  vfprintf (stderr, format, arg_ptr);
  va_end (arg_ptr);
  if (need_nl)
    putc ('\n', stderr);
  exit (1);
}


/* ASCII case-insensitive string compare; 0 if equal.  */
static int
name_cmp (const char *a, const char *b)
{
  unsigned char ca, cb;

  do
    {
      ca = *a++;
      cb = *b++;
      if (ca >= 'A' && ca <= 'Z')
        ca += 'a' - 'A';
      if (cb >= 'A' && cb <= 'Z')
        cb += 'a' - 'A';
    }
  while (ca && ca == cb);
  return ca - cb;
}


/* Return true if the command-line name F selects the row NAME (or its
   alternative spelling ALT, may be NULL): F equals the row name or is
   a prefix of it followed by '-' (so "keccak" selects all Keccak
   rows).  Case is ignored.  */
static int
name_matches (const char *f, const char *name, const char *alt)
{
  const char *cand[2];
  size_t n = strlen (f);
  int j;

  cand[0] = name;
  cand[1] = alt;
  for (j = 0; j < 2; j++)
    {
      if (!cand[j])
        continue;
      if (!name_cmp (f, cand[j]))
        return 1;
      if (strlen (cand[j]) > n && cand[j][n] == '-')
        {
          char *tmp = strdup (cand[j]);
          int match;

          if (!tmp)
            die ("out of core");
          tmp[n] = 0;
          match = !name_cmp (f, tmp);
          free (tmp);
          if (match)
            return 1;
        }
    }
  return 0;
}


/* Return true if the row NAME (or ALT, see name_matches) is selected
   by the algorithm names on the command line.  */
static int
algo_selected (const char *name, const char *alt)
{
  int i;

  if (!algo_filter_count)
    return 1;
  for (i = 0; i < algo_filter_count; i++)
    if (name_matches (algo_filter[i], name, alt))
      return 1;
  return 0;
}


/*
 * Time.
 */

/* The clock used for all measurements.  By default it is the CPU time
   of this thread: time during which another process had the CPU is
   not counted, which keeps the figures stable on a busy machine with
   few cores.  --wall-clock selects CLOCK_MONOTONIC instead.  */
#ifdef CLOCK_THREAD_CPUTIME_ID
static clockid_t bench_clock = CLOCK_THREAD_CPUTIME_ID;
#else
static clockid_t bench_clock = CLOCK_MONOTONIC;
#endif

static double
now_ns (void)
{
  struct timespec ts;

  if (clock_gettime (bench_clock, &ts))
    die ("clock_gettime failed: %s", strerror (errno));
  return ts.tv_sec * 1.0e9 + ts.tv_nsec;
}


/* Fall back to CLOCK_MONOTONIC if the thread CPU-time clock is not
   usable (no support, or coarser than a microsecond).  */
static void
select_clock (int want_wall)
{
  struct timespec ts;

  if (want_wall
      || clock_getres (bench_clock, &ts)
      || ts.tv_sec || ts.tv_nsec > 1000
      || clock_gettime (bench_clock, &ts))
    bench_clock = CLOCK_MONOTONIC;
}


static int
double_cmp (const void *a_, const void *b_)
{
  double a = *(const double *)a_;
  double b = *(const double *)b_;

  return a < b ? -1 : a > b ? 1 : 0;
}


/* Value at fraction F (0..1) of the sorted array V of N entries, by
   linear interpolation between neighbours (F = 0.5 is the median).  */
static double
quantile (const double *v, int n, double f)
{
  double pos = f * (n - 1);
  int i = (int)pos;

  if (i >= n - 1)
    return v[n - 1];
  return v[i] + (pos - i) * (v[i + 1] - v[i]);
}


/*
 * Clock estimation.
 *
 * A chain of integer additions where each one needs the result of the
 * previous one runs at one addition per core cycle on every current
 * x86-64 and most other cores (the loop counter is an independent
 * chain and overlaps).  The empty asm statement after each addition
 * makes the value opaque to the compiler, so it can neither fold nor
 * reassociate the chain.  Timing the chain against CLOCK_MONOTONIC
 * gives the core clock in MHz.  The estimate is the median of several
 * short trials.
 */

#define CHAIN_ADDS_PER_LOOP 512

#if defined(__GNUC__)
# define CHAIN_STEP  x += y; __asm__ ("" : "+r" (x))
#else
# define CHAIN_STEP  x += y
#endif
#define CHAIN_8   CHAIN_STEP; CHAIN_STEP; CHAIN_STEP; CHAIN_STEP; \
                  CHAIN_STEP; CHAIN_STEP; CHAIN_STEP; CHAIN_STEP
#define CHAIN_64  CHAIN_8; CHAIN_8; CHAIN_8; CHAIN_8; \
                  CHAIN_8; CHAIN_8; CHAIN_8; CHAIN_8
#define CHAIN_512 CHAIN_64; CHAIN_64; CHAIN_64; CHAIN_64; \
                  CHAIN_64; CHAIN_64; CHAIN_64; CHAIN_64

static volatile unsigned long chain_sink;
static volatile unsigned long chain_one = 1;

static void
chain_run (unsigned long loops)
{
  unsigned long x = chain_sink;
  unsigned long y = chain_one;

  while (loops--)
    {
      CHAIN_512;
    }
  chain_sink = x;
}


/* Chain loops per clock trial (about 200 us), once calibrated.  */
static unsigned long mhz_loops;

static void
calibrate_chain (void)
{
  double trial_ns = smoke_mode ? 20.0e3 : 200.0e3;
  double t0, t1;

  if (mhz_loops)
    return;
  /* Double until one trial takes TRIAL_NS.  */
  mhz_loops = 16;
  for (;;)
    {
      t0 = now_ns ();
      chain_run (mhz_loops);
      t1 = now_ns ();
      if (t1 - t0 >= trial_ns || mhz_loops > (1UL << 30))
        break;
      mhz_loops *= 2;
    }
}

/* The core clock in MHz from one timed chain of LOOPS loops.  */
static double
chain_mhz (unsigned long loops)
{
  double t0, t1;

  t0 = now_ns ();
  chain_run (loops);
  t1 = now_ns ();
  if (t1 <= t0)
    t1 = t0 + 1;
  return (double)loops * CHAIN_ADDS_PER_LOOP / (t1 - t0) * 1000.0;
}

/* Return the core clock in MHz, the median of NTRIALS (at most 15)
   trials.  */
static double
measure_mhz (int ntrials)
{
  double samples[15];
  int i;

  calibrate_chain ();
  if (ntrials > (int)DIM (samples))
    ntrials = DIM (samples);
  if (smoke_mode)
    ntrials = 1;
  chain_run (mhz_loops);   /* Bring the clock up before the trials.  */
  for (i = 0; i < ntrials; i++)
    samples[i] = chain_mhz (mhz_loops);
  qsort (samples, ntrials, sizeof *samples, double_cmp);
  return quantile (samples, ntrials, 0.5);
}

/* The core clock in MHz from one chain of about a tenth of a trial of
   measure_mhz (20 us), without bringing the clock up first: the clock
   at which the code just before it ran, as far as the processor keeps
   it for a while (a lowered clock after wide vector instructions
   stays for about a millisecond on the Intel cores of doc/PERFORMANCE).  */
static double
probe_mhz (void)
{
  calibrate_chain ();
  return chain_mhz (mhz_loops / 10 ? mhz_loops / 10 : 1);
}


/*
 * Measurement.
 */

/* Run the operation N times.  */
typedef void (*bench_fn_t) (void *priv, unsigned long n);

struct bench_result
{
  double ns;                  /* Median time per call.  */
  double min, q1, q3, max;    /* Spread of the per-call times.  */
  double mhz;                 /* Core clock used for cycles, or 0.  */
  double mhz_diff;            /* Interquartile range of the clock.  */
  double mhz_after;           /* Median clock right after this job's
                                 runs (--cpu-mhz auto), or 0.  */
  unsigned long iters;        /* Calls per timed run.  */
  int runs;
};


/* One operation measured as part of a group.  */
struct bench_job
{
  bench_fn_t fn;
  void *priv;
  unsigned long min_calls;      /* Lower bound of the calls per run.  */
  struct bench_result res;      /* The result.  */
  double *samples;              /* Internal: per-call time of each run.  */
  double *after;                /* Internal: clock after each run.  */
};


/* Measure the NJOBS operations of JOBS together.  Each job is warmed
 * up and its calls per run are chosen; then the timed runs are made in
 * passes, one run of every job per pass, so that a burst of activity
 * of another process spreads over all jobs instead of spoiling the
 * samples of one.  The core clock is measured once per pass when it
 * is needed (--cpu-mhz auto, or FORCE_MHZ without a given clock) and
 * its median is used.  */
static void
measure_group (struct bench_job *jobs, int njobs, int force_mhz)
{
  double *mhz = NULL;
  double t0, t1, per_call, wu;
  unsigned long calls;
  int j, r, k, runs = repetitions;

  for (j = 0; j < njobs; j++)
    {
      struct bench_job *job = &jobs[j];

      /* Warm-up; at least one call.  The first job also brings the
         processor up to speed, the others only warm their caches.  */
      wu = j ? warmup_ns / 4 : warmup_ns;
      calls = 0;
      t0 = now_ns ();
      do
        {
          job->fn (job->priv, 1);
          calls++;
          t1 = now_ns ();
        }
      while (t1 - t0 < wu);
      per_call = (t1 - t0) / calls;
      if (per_call <= 0)
        per_call = 1;
      job->res.iters = (unsigned long)(run_target_ns / per_call);
      if (job->res.iters < job->min_calls)
        job->res.iters = job->min_calls;
      if (job->res.iters < 1)
        job->res.iters = 1;
      job->res.runs = runs;
      job->samples = calloc (runs, sizeof *job->samples);
      job->after = calloc (runs, sizeof *job->after);
      if (!job->samples || !job->after)
        die ("out of core");
    }

  if (fixed_mhz <= 0 && (auto_mhz || force_mhz))
    {
      mhz = calloc (runs, sizeof *mhz);
      if (!mhz)
        die ("out of core");
    }

  for (r = 0; r < runs; r++)
    {
      if (mhz)
        mhz[r] = measure_mhz (3);
      /* Rotate the order so that no job always follows the clock
         measurement or the same neighbour.  */
      for (k = 0; k < njobs; k++)
        {
          struct bench_job *job = &jobs[(r + k) % njobs];

          t0 = now_ns ();
          job->fn (job->priv, job->res.iters);
          t1 = now_ns ();
          job->samples[r] = (t1 - t0) / job->res.iters;
          if (mhz && auto_mhz && verbose)
            job->after[r] = probe_mhz ();
        }
    }

  if (mhz)
    qsort (mhz, runs, sizeof *mhz, double_cmp);
  for (j = 0; j < njobs; j++)
    {
      struct bench_result *res = &jobs[j].res;
      double *v = jobs[j].samples;

      qsort (v, runs, sizeof *v, double_cmp);
      res->ns = quantile (v, runs, 0.5);
      res->min = v[0];
      res->q1 = quantile (v, runs, 0.25);
      res->q3 = quantile (v, runs, 0.75);
      res->max = v[runs - 1];
      if (fixed_mhz > 0)
        res->mhz = fixed_mhz;
      else if (mhz)
        res->mhz = quantile (mhz, runs, 0.5);
      else
        res->mhz = 0;
      res->mhz_diff = mhz ? quantile (mhz, runs, 0.75)
                            - quantile (mhz, runs, 0.25) : 0;
      res->mhz_after = 0;
      if (mhz && auto_mhz && verbose)
        {
          qsort (jobs[j].after, runs, sizeof *jobs[j].after, double_cmp);
          res->mhz_after = quantile (jobs[j].after, runs, 0.5);
        }
      free (v);
      free (jobs[j].after);
      jobs[j].samples = NULL;
      jobs[j].after = NULL;
    }
  free (mhz);
}


/*
 * Printing (layouts as libgcrypt's bench-slope).
 */

static const char *current_section;
static const char *current_algo;

static void
double_to_str (char *out, size_t outlen, double value)
{
  const char *fmt;

  if (value < 1.0)
    fmt = "%.3f";
  else if (value < 100.0)
    fmt = "%.2f";
  else if (value < 1000.0)
    fmt = "%.1f";
  else
    fmt = "%.0f";
  snprintf (out, outlen, fmt, value);
}


static int
show_mhz_column (void)
{
  return auto_mhz;
}


static void
print_section (const char *csvname, const char *title)
{
  current_section = csvname;
  if (!csv_mode)
    printf ("%s:\n", title);
}


/* Print a comment line starting with "#".  In CSV mode it goes to
   stderr, so that stdout is nothing but CSV rows; commas are replaced
   anyway, so that in merged output every line with a comma is a data
   row.  */
static void
print_comment (const char *format, ...)
{
  char buf[1024];
  va_list arg_ptr;
  char *p;

  va_start (arg_ptr, format);
  vsnprintf (buf, sizeof buf, format, arg_ptr);
  va_end (arg_ptr);
  for (p = buf; *p; p++)
    if (*p == ',')
      *p = ';';
  if (csv_mode)
    {
      fflush (stdout);
      fprintf (stderr, "# %s\n", buf);
    }
  else
    printf ("# %s\n", buf);
}


/* Show the spread of RES (--verbose); LABEL names the row within the
   current algorithm (operation or backend).  */
static void
print_spread (const char *label, const struct bench_result *res,
              const char *unit)
{
  char a[16], b[16], c[16], d[16], clk[64];

  if (!verbose)
    return;
  double_to_str (a, sizeof a, res->min);
  double_to_str (b, sizeof b, res->q1);
  double_to_str (c, sizeof c, res->q3);
  double_to_str (d, sizeof d, res->max);
  /* Without --cpu-mhz the clock is not measured outside the kernels
     section: say nothing rather than "0 MHz".  */
  if (res->mhz_after > 0)
    snprintf (clk, sizeof clk, "; clock %.0f MHz (iqr %.0f), %.0f after"
              " the runs", res->mhz, res->mhz_diff, res->mhz_after);
  else if (res->mhz > 0)
    snprintf (clk, sizeof clk, "; clock %.0f MHz (iqr %.0f)",
              res->mhz, res->mhz_diff);
  else
    *clk = 0;
  if (csv_mode)
    print_comment ("spread %s %s: min %s q1 %s q3 %s max %s %s;"
                   " %d runs x %lu calls%s",
                   current_algo ? current_algo : "", label,
                   a, b, c, d, unit, res->runs, res->iters, clk);
  else
    printf ("  %14s   (min %s, q1 %s, q3 %s, max %s %s;"
            " %d runs x %lu calls%s)\n",
            label, a, b, c, d, unit, res->runs, res->iters, clk);
}


/* Header of a per-iteration table (pq).  */
static void
print_header_iter (int width, const char *algo)
{
  current_algo = algo;
  if (csv_mode)
    return;
  printf (" %-*s | ", width, algo);
  if (show_mhz_column ())
    printf ("%14s %13s %9s\n", "nanosecs/iter", "cycles/iter", "auto Mhz");
  else
    printf ("%14s %13s\n", "nanosecs/iter", "cycles/iter");
}


static void
print_footer (int width)
{
  if (!csv_mode)
    printf (" %-*s =\n", width, "");
}


/* One per-iteration result row.  */
static void
print_result_iter (int width, const char *mode, const struct bench_result *res)
{
  char ns[16], cyc[16], mhz[16];

  double_to_str (ns, sizeof ns, res->ns);
  strcpy (cyc, csv_mode ? "" : "-");
  strcpy (mhz, csv_mode ? "" : "-");
  if (res->mhz > 0)
    {
      double_to_str (cyc, sizeof cyc, res->ns * res->mhz / 1000.0);
      double_to_str (mhz, sizeof mhz, res->mhz);
    }

  if (csv_mode)
    {
      if (show_mhz_column ())
        printf ("%s,%s,%s,,,,,,,,,%s,ns/iter,%s,c/iter,%s,Mhz\n",
                current_section, current_algo, mode, ns, cyc, mhz);
      else
        printf ("%s,%s,%s,,,,,,,,,%s,ns/iter,%s,c/iter\n",
                current_section, current_algo, mode, ns, cyc);
    }
  else
    {
      printf (" %*s | ", width, mode);
      if (show_mhz_column ())
        printf ("%14s %13s %9s\n", ns, cyc, mhz);
      else
        printf ("%14s %13s\n", ns, cyc);
    }
  print_spread (mode, res, "ns");
  fflush (stdout);
}


/*
 * Hash section.
 */

struct hash_algo
{
  int algo;
  const char *name;
  int xof;
};

static const struct hash_algo hash_algos[] =
  {
    { GCRY_MD_SHA3_224,   "SHA3-224",    0 },
    { GCRY_MD_SHA3_256,   "SHA3-256",    0 },
    { GCRY_MD_SHA3_384,   "SHA3-384",    0 },
    { GCRY_MD_SHA3_512,   "SHA3-512",    0 },
    { GCRY_MD_SHAKE128,   "SHAKE128",    1 },
    { GCRY_MD_SHAKE256,   "SHAKE256",    1 },
    { GCRY_MD_SHA1,       "SHA1",        0 },
    { GCRY_MD_SHA224,     "SHA224",      0 },
    { GCRY_MD_SHA256,     "SHA256",      0 },
    { GCRY_MD_SHA384,     "SHA384",      0 },
    { GCRY_MD_SHA512,     "SHA512",      0 },
    { GCRY_MD_SHA512_224, "SHA512_224",  0 },
    { GCRY_MD_SHA512_256, "SHA512_256",  0 },
    { 0, NULL, 0 }
  };

struct hash_priv
{
  gcry_md_hd_t hd;
  const struct hash_algo *ha;
  const unsigned char *buf;
  size_t len;
};

/* Hash the message once per call: reset, write, finalise and read the
   digest (32 bytes of output for the XOFs), as an application does.  */
static void
hash_run (void *priv_, unsigned long n)
{
  struct hash_priv *priv = priv_;
  unsigned char out[32];
  gcry_error_t err;

  while (n--)
    {
      gcry_md_reset (priv->hd);
      gcry_md_write (priv->hd, priv->buf, priv->len);
      if (priv->ha->xof)
        {
          err = gcry_md_extract (priv->hd, priv->ha->algo, out, sizeof out);
          if (err)
            die ("gcry_md_extract failed: %s", gpg_strerror (err));
        }
      else
        {
          gcry_md_final (priv->hd);
          if (!gcry_md_read (priv->hd, priv->ha->algo))
            die ("gcry_md_read failed");
        }
    }
}


static void
hash_bench_one (const struct hash_algo *ha, unsigned char *buf)
{
  static const size_t lens_full[] = { 1024, 4096, 8192, 12288, 16384 };
  static const size_t lens_smoke[] = { 256, 1024 };
  const size_t *lens = smoke_mode ? lens_smoke : lens_full;
  int npoints = smoke_mode ? (int)DIM (lens_smoke) : (int)DIM (lens_full);
  struct hash_priv priv[DIM (lens_full)];
  struct bench_job jobs[DIM (lens_full)];
  struct bench_result res;
  gcry_md_hd_t hd;
  double sx = 0, sy = 0, sxx = 0, sxy = 0, slope;
  double mhz_sum = 0, mhz_diff = 0;
  char nsb[16], mbs[16], cb[16], mhz[16];
  gcry_error_t err;
  int i;

  current_algo = ha->name;
  if (gcry_md_test_algo (ha->algo))
    {
      if (!csv_mode)
        printf (" %-14s | %14s\n", ha->name, "<<not available>>");
      return;
    }
  err = gcry_md_open (&hd, ha->algo, 0);
  if (err)
    die ("gcry_md_open (%s) failed: %s", ha->name, gpg_strerror (err));

  /* The message lengths are measured together (interleaved).  */
  memset (jobs, 0, sizeof jobs);
  for (i = 0; i < npoints; i++)
    {
      priv[i].hd = hd;
      priv[i].ha = ha;
      priv[i].buf = buf;
      priv[i].len = lens[i];
      jobs[i].fn = hash_run;
      jobs[i].priv = &priv[i];
      jobs[i].min_calls = 1;
    }
  measure_group (jobs, npoints, 0);
  for (i = 0; i < npoints; i++)
    {
      const struct bench_result *pt = &jobs[i].res;

      sx += lens[i];
      sy += pt->ns;
      sxx += (double)lens[i] * lens[i];
      sxy += lens[i] * pt->ns;
      mhz_sum += pt->mhz;
      if (pt->mhz_diff > mhz_diff)
        mhz_diff = pt->mhz_diff;
    }
  res = jobs[npoints - 1].res;
  gcry_md_close (hd);

  /* Least-squares slope: ns per byte without the fixed cost.  */
  slope = (npoints * sxy - sx * sy) / (npoints * sxx - sx * sx);
  if (slope <= 0)
    slope = res.ns / lens[npoints - 1];
  res.mhz = mhz_sum / npoints;
  res.mhz_diff = mhz_diff;

  double_to_str (nsb, sizeof nsb, slope);
  double_to_str (mbs, sizeof mbs, 1.0e9 / (slope * 1024 * 1024));
  strcpy (cb, csv_mode ? "" : "-");
  strcpy (mhz, csv_mode ? "" : "-");
  if (res.mhz > 0)
    {
      double_to_str (cb, sizeof cb, slope * res.mhz / 1000.0);
      double_to_str (mhz, sizeof mhz, res.mhz);
    }

  if (csv_mode)
    {
      if (show_mhz_column ())
        printf ("%s,%s,%s,,,%s,ns/B,%s,MiB/s,%s,c/B,%s,Mhz\n",
                current_section, ha->name, "", nsb, mbs, cb, mhz);
      else
        printf ("%s,%s,%s,,,%s,ns/B,%s,MiB/s,%s,c/B\n",
                current_section, ha->name, "", nsb, mbs, cb);
    }
  else
    {
      printf (" %-14s | ", ha->name);
      if (show_mhz_column ())
        printf ("%9s ns/B %9s MiB/s %9s c/B %9s\n", nsb, mbs, cb, mhz);
      else
        printf ("%9s ns/B %9s MiB/s %9s c/B\n", nsb, mbs, cb);
    }
  if (verbose)
    {
      char tmp[16];

      double_to_str (tmp, sizeof tmp, res.ns);
      if (csv_mode)
        print_comment ("%s: %s ns per %lu-byte message (median)",
                       ha->name, tmp, (unsigned long)lens[npoints - 1]);
      else
        printf ("  %-14s   (%s ns per %lu-byte message, median)\n",
                "", tmp, (unsigned long)lens[npoints - 1]);
      print_spread ("", &res, "ns");
    }
  fflush (stdout);
}


static void
hash_bench (void)
{
  unsigned char *buf;
  size_t i;
  int k;

  buf = malloc (16384 + 64);
  if (!buf)
    die ("out of core");
  for (i = 0; i < 16384 + 64; i++)
    buf[i] = 0x55 ^ (unsigned char)(i * 7);

  print_section ("hash", "Hash");
  if (!csv_mode)
    {
      printf (" %-14s | ", "");
      if (show_mhz_column ())
        printf ("%14s %15s %13s %9s\n", "nanosecs/byte", "mebibytes/sec",
                "cycles/byte", "auto Mhz");
      else
        printf ("%14s %15s %13s\n", "nanosecs/byte", "mebibytes/sec",
                "cycles/byte");
    }
  for (k = 0; hash_algos[k].name; k++)
    if (algo_selected (hash_algos[k].name, NULL))
      hash_bench_one (&hash_algos[k], buf + (unaligned_mode ? 1 : 0));
  print_footer (14);
  free (buf);
}


/* Print the cell of column COLNAME in the per-backend row ROWNAME
   (kernels, pq-backends): cycles per call of RES and, after the first
   column (FIRST set: the portable code, whose cycles are stored at
   *PORTABLE_CYC), the speed-up over it.  */
static void
print_backend_cell (const char *rowname, const char *colname,
                    const struct bench_result *res, int first,
                    double *portable_cyc)
{
  char cyc[16], spd[16], ns[16], mhz[16], cell[40];
  double c = res->ns * res->mhz / 1000.0;

  if (first)
    *portable_cyc = c;
  double_to_str (cyc, sizeof cyc, c);
  double_to_str (ns, sizeof ns, res->ns);
  double_to_str (mhz, sizeof mhz, res->mhz);
  if (*portable_cyc > 0 && c > 0)
    snprintf (spd, sizeof spd, "%.2f", *portable_cyc / c);
  else
    strcpy (spd, "");
  if (csv_mode)
    {
      printf ("%s,%s,%s,,,,,,,,,%s,ns/iter,%s,c/iter,%s,Mhz,"
              "%s,x-generic\n",
              current_section, rowname, colname, ns, cyc, mhz, spd);
      print_spread (colname, res, "ns");
    }
  else
    {
      if (!first && *spd)
        snprintf (cell, sizeof cell, "%s %sx", cyc, spd);
      else
        snprintf (cell, sizeof cell, "%s", cyc);
      printf (" %17s", cell);
    }
}


/*
 * Post-quantum section (public API only).
 */

struct pq_algo
{
  const char *name;       /* As libgcrypt's bench-slope.  */
  const char *alt;        /* Another spelling accepted on the command line.  */
  int kem_algo;           /* GCRY_KEM_*, or 0 for a signature scheme.  */
  const char *sexp_name;  /* Name in (genkey (NAME)).  */
  size_t pk_len, sk_len, ct_len, ss_len;
};

static const struct pq_algo pq_algos[] =
  {
    { "ML-KEM-512",  "mlkem512",  GCRY_KEM_MLKEM512,  NULL,
      GCRY_KEM_MLKEM512_PUBKEY_LEN, GCRY_KEM_MLKEM512_SECKEY_LEN,
      GCRY_KEM_MLKEM512_CIPHER_LEN, GCRY_KEM_MLKEM512_SHARED_LEN },
    { "ML-KEM-768",  "mlkem768",  GCRY_KEM_MLKEM768,  NULL,
      GCRY_KEM_MLKEM768_PUBKEY_LEN, GCRY_KEM_MLKEM768_SECKEY_LEN,
      GCRY_KEM_MLKEM768_CIPHER_LEN, GCRY_KEM_MLKEM768_SHARED_LEN },
    { "ML-KEM-1024", "mlkem1024", GCRY_KEM_MLKEM1024, NULL,
      GCRY_KEM_MLKEM1024_PUBKEY_LEN, GCRY_KEM_MLKEM1024_SECKEY_LEN,
      GCRY_KEM_MLKEM1024_CIPHER_LEN, GCRY_KEM_MLKEM1024_SHARED_LEN },
    { "ML-DSA-44",   "mldsa44",   0, "mldsa44", 0, 0, 0, 0 },
    { "ML-DSA-65",   "mldsa65",   0, "mldsa65", 0, 0, 0, 0 },
    { "ML-DSA-87",   "mldsa87",   0, "mldsa87", 0, 0, 0, 0 },
    { NULL }
  };

enum pq_oper { PQ_KEYGEN, PQ_ENCAP, PQ_DECAP, PQ_SIGN, PQ_VERIFY };

struct pq_priv
{
  const struct pq_algo *pa;
  /* KEM.  */
  unsigned char *pk, *sk, *ct, *ss;
  /* Signatures.  */
  gcry_sexp_t genparms, key, pkey, skey, data, sig;
};


/* One operation on the keys of one algorithm.  */
struct pq_op
{
  struct pq_priv *p;
  enum pq_oper oper;
  int cfg;                /* Index into pq_cfgs, or -1: leave as is.  */
};

/* The backend configurations of the per-backend table: sets of usable
   hardware features that select different kernel sets.  */
struct pq_cfg
{
  unsigned int mask;      /* For _gcry_reselect_backends.  */
  char label[40];         /* Column head: the ML-KEM/ML-DSA backends.  */
};
static struct pq_cfg pq_cfgs[8];
static int pq_ncfgs;

/* The hardware features the library now runs with (~0u: all, as
   initialised).  The per-backend pq table and the hashing kernel rows
   switch them with use_features.  */
static unsigned int features_in_use = ~0u;

static void
use_features (unsigned int mask)
{
  if (mask == features_in_use || !_gcry_reselect_backends)
    return;
  _gcry_reselect_backends (mask);
  features_in_use = mask;
}

/* Select configuration CFG (-1: all features, as initialised).  */
static void
pq_use_cfg (int cfg)
{
  use_features (cfg < 0 ? ~0u : pq_cfgs[cfg].mask);
}

static void
pq_run (void *priv_, unsigned long n)
{
  struct pq_op *op = priv_;
  struct pq_priv *p = op->p;
  const struct pq_algo *pa = p->pa;
  gcry_error_t err = 0;
  gcry_sexp_t tmp;
  const char *what = "";

  if (op->cfg >= 0)
    pq_use_cfg (op->cfg);
  while (n-- && !err)
    switch (op->oper)
      {
      case PQ_KEYGEN:
        if (pa->kem_algo)
          {
            what = "gcry_kem_keypair";
            err = gcry_kem_keypair (pa->kem_algo, p->pk, pa->pk_len,
                                    p->sk, pa->sk_len);
          }
        else
          {
            what = "gcry_pk_genkey";
            err = gcry_pk_genkey (&tmp, p->genparms);
            if (!err)
              gcry_sexp_release (tmp);
          }
        break;
      case PQ_ENCAP:
        what = "gcry_kem_encap";
        err = gcry_kem_encap (pa->kem_algo, p->pk, pa->pk_len,
                              p->ct, pa->ct_len, p->ss, pa->ss_len, NULL, 0);
        break;
      case PQ_DECAP:
        what = "gcry_kem_decap";
        err = gcry_kem_decap (pa->kem_algo, p->sk, pa->sk_len,
                              p->ct, pa->ct_len, p->ss, pa->ss_len, NULL, 0);
        break;
      case PQ_SIGN:
        what = "gcry_pk_sign";
        err = gcry_pk_sign (&tmp, p->data, p->skey);
        if (!err)
          gcry_sexp_release (tmp);
        break;
      case PQ_VERIFY:
        what = "gcry_pk_verify";
        err = gcry_pk_verify (p->sig, p->data, p->pkey);
        break;
      }
  if (err)
    die ("%s (%s) failed: %s", what, pa->name, gpg_strerror (err));
}


static void
pq_release (struct pq_priv *p)
{
  free (p->pk);
  free (p->sk);
  free (p->ct);
  free (p->ss);
  gcry_sexp_release (p->genparms);
  gcry_sexp_release (p->key);
  gcry_sexp_release (p->pkey);
  gcry_sexp_release (p->skey);
  gcry_sexp_release (p->data);
  gcry_sexp_release (p->sig);
  memset (p, 0, sizeof *p);
}


/* Prepare the keys and inputs of algorithm PA.  Returns an error if the
   algorithm is not available (the row is then skipped).  */
static gcry_error_t
pq_setup (struct pq_priv *p, const struct pq_algo *pa)
{
  unsigned char msg[32];
  gcry_error_t err;
  unsigned int i;

  memset (p, 0, sizeof *p);
  p->pa = pa;
  for (i = 0; i < sizeof msg; i++)
    msg[i] = i * 3 + 1;

  if (pa->kem_algo)
    {
      p->pk = malloc (pa->pk_len);
      p->sk = malloc (pa->sk_len);
      p->ct = malloc (pa->ct_len);
      p->ss = malloc (pa->ss_len);
      if (!p->pk || !p->sk || !p->ct || !p->ss)
        die ("out of core");
      err = gcry_kem_keypair (pa->kem_algo, p->pk, pa->pk_len,
                              p->sk, pa->sk_len);
      if (!err)
        err = gcry_kem_encap (pa->kem_algo, p->pk, pa->pk_len,
                              p->ct, pa->ct_len, p->ss, pa->ss_len, NULL, 0);
      return err;
    }

  err = gcry_sexp_build (&p->genparms, NULL, "(genkey (%s))", pa->sexp_name);
  if (!err)
    err = gcry_pk_genkey (&p->key, p->genparms);
  if (!err)
    {
      p->pkey = gcry_sexp_find_token (p->key, "public-key", 0);
      p->skey = gcry_sexp_find_token (p->key, "private-key", 0);
      if (!p->pkey || !p->skey)
        err = gpg_error (GPG_ERR_INV_OBJ);
    }
  if (!err)
    err = gcry_sexp_build (&p->data, NULL, "(data (value %b))",
                           (int)sizeof msg, msg);
  if (!err)
    err = gcry_pk_sign (&p->sig, p->data, p->skey);
  if (!err)
    err = gcry_pk_verify (p->sig, p->data, p->pkey);
  return err;
}


/* The three operations of a KEM and of a signature scheme.  */
static const struct { enum pq_oper oper; const char *name; } kem_ops[] =
  { { PQ_KEYGEN, "keygen" }, { PQ_ENCAP, "encap" }, { PQ_DECAP, "decap" } };
static const struct { enum pq_oper oper; const char *name; } sig_ops[] =
  { { PQ_KEYGEN, "keygen" }, { PQ_SIGN, "sign" }, { PQ_VERIFY, "verify" } };


/* Copy the value of item KEY of gcry_get_config's "backends" line to
   OUT (OUTLEN bytes), or "-" if it is not there.  */
static void
backend_of (const char *line, const char *key, char *out, size_t outlen)
{
  size_t klen = strlen (key), n;
  const char *p;

  snprintf (out, outlen, "-");
  for (p = strchr (line, ':'); p && p[1]; p = strchr (p + 1, ':'))
    if (!strncmp (p + 1, key, klen) && p[1 + klen] == ':')
      {
        p += 2 + klen;
        n = strcspn (p, ":\n");
        if (n >= outlen)
          n = outlen - 1;
        memcpy (out, p, n);
        out[n] = 0;
        return;
      }
}


/* Return the HWF bits of the features whose names start with
   PREFIX.  */
static unsigned int
features_named (const char *prefix)
{
  unsigned int flag, bits = 0;
  const char *name;
  int i;

  for (i = 0; (name = _gcry_enum_hw_features (i, &flag)); i++)
    if (!strncmp (name, prefix, strlen (prefix)))
      bits |= flag;
  return bits;
}


/* The usable features of the x86-64 AVX2 tier: all but AVX-512 (the
   library also drops what needs it, VBMI2 and the full-width zmm
   hint).  */
static unsigned int
avx2_tier_mask (void)
{
  return ~features_named ("intel-avx512");
}


/* Find the backend configurations worth a column: the portable code,
   each x86 and PowerPC tier, everything usable but the Intel hint (on
   Intel processors the AVX-512 ML-KEM and ML-DSA kernels, which the
   hint leaves out), and everything usable, as far as they select
   different kernel sets.  */
static void
pq_find_cfgs (void)
{
  unsigned int masks[6];
  char *seen[DIM (pq_cfgs)];
  int m, c;

  pq_ncfgs = 0;
  if (!_gcry_reselect_backends || !_gcry_enum_hw_features)
    return;
  masks[0] = 0;
  masks[1] = avx2_tier_mask ();
  masks[2] = ~(features_named ("ppc-arch_3_00")
               | features_named ("ppc-arch_3_10"));
  masks[3] = ~features_named ("ppc-arch_3_10");
  masks[4] = ~features_named ("intel-cpu");
  masks[5] = ~0u;
  for (m = 0; m < (int)DIM (masks); m++)
    {
      char *line, kem[16], dsa[16];

      use_features (masks[m]);
      line = gcry_get_config (0, "backends");
      if (!line)
        die ("gcry_get_config (backends) failed");
      for (c = 0; c < pq_ncfgs && strcmp (seen[c], line); c++)
        ;
      if (c < pq_ncfgs || pq_ncfgs == (int)DIM (pq_cfgs))
        {
          gcry_free (line);
          continue;
        }
      seen[pq_ncfgs] = line;
      backend_of (line, "mlkem", kem, sizeof kem);
      backend_of (line, "mldsa", dsa, sizeof dsa);
      if (!strcmp (kem, dsa) || !strcmp (dsa, "-"))
        snprintf (pq_cfgs[pq_ncfgs].label, sizeof pq_cfgs[0].label,
                  "%s", kem);
      else
        snprintf (pq_cfgs[pq_ncfgs].label, sizeof pq_cfgs[0].label,
                  "%s/%s", kem, dsa);
      /* Tiers that differ only in a kernel set not named in the label
         get their 8-way Keccak backend (such as the default on Intel
         processors with AVX-512: the AVX2 ML-KEM and ML-DSA sets with
         the AVX-512 Keccak), or else a number (SHA-2).  */
      for (c = 0; c < pq_ncfgs; c++)
        if (!strcmp (pq_cfgs[c].label, pq_cfgs[pq_ncfgs].label))
          {
            size_t l = strlen (pq_cfgs[pq_ncfgs].label);
            char x8[16], x8c[16];

            backend_of (line, "keccak-x8", x8, sizeof x8);
            backend_of (seen[c], "keccak-x8", x8c, sizeof x8c);
            if (strcmp (x8, x8c))
              snprintf (pq_cfgs[pq_ncfgs].label + l,
                        sizeof pq_cfgs[0].label - l, " (k:%s)", x8);
            else
              snprintf (pq_cfgs[pq_ncfgs].label + l,
                        sizeof pq_cfgs[0].label - l, "#%d", pq_ncfgs);
            break;
          }
      pq_cfgs[pq_ncfgs].mask = masks[m];
      pq_ncfgs++;
    }
  for (c = 0; c < pq_ncfgs; c++)
    gcry_free (seen[c]);
  use_features (~0u);
}


/* The per-backend view of the pq section: every operation once per
   backend configuration, the configurations of one operation measured
   together (interleaved runs), with the speed-up over the portable
   code.  PRIV holds the keys of the algorithms whose SETUP_ERR is 0.  */
static void
pq_backends_bench (struct pq_priv *priv, const gcry_error_t *setup_err)
{
  struct pq_op ops[DIM (pq_cfgs)];
  struct bench_job jobs[DIM (pq_cfgs)];
  int a, i, c;

  pq_find_cfgs ();
  if (pq_ncfgs < 2)
    return;

  print_section ("pq-backends", "Post-quantum by backend");
  if (!csv_mode)
    {
      printf (" %-22s |", "cycles/iter");
      for (c = 0; c < pq_ncfgs; c++)
        printf (" %17s", pq_cfgs[c].label);
      printf ("\n");
    }
  for (a = 0; pq_algos[a].name; a++)
    {
      const struct pq_algo *pa = &pq_algos[a];

      if (!algo_selected (pa->name, pa->alt) || setup_err[a])
        continue;
      for (i = 0; i < 3; i++)
        {
          char rowname[40];
          double portable_cyc = 0;

          snprintf (rowname, sizeof rowname, "%s %s", pa->name,
                    pa->kem_algo ? kem_ops[i].name : sig_ops[i].name);
          current_algo = rowname;
          memset (jobs, 0, sizeof jobs);
          for (c = 0; c < pq_ncfgs; c++)
            {
              ops[c].p = &priv[a];
              ops[c].oper = pa->kem_algo ? kem_ops[i].oper : sig_ops[i].oper;
              ops[c].cfg = c;
              jobs[c].fn = pq_run;
              jobs[c].priv = &ops[c];
              jobs[c].min_calls = (ops[c].oper == PQ_SIGN
                                   && !smoke_mode) ? 64 : 1;
            }
          measure_group (jobs, pq_ncfgs, 1);
          pq_use_cfg (-1);

          if (!csv_mode)
            printf (" %-22s |", rowname);
          for (c = 0; c < pq_ncfgs; c++)
            print_backend_cell (rowname, pq_cfgs[c].label, &jobs[c].res,
                                !c, &portable_cyc);
          if (!csv_mode)
            {
              printf ("\n");
              for (c = 0; c < pq_ncfgs; c++)
                print_spread (pq_cfgs[c].label, &jobs[c].res, "ns");
            }
          fflush (stdout);
        }
    }
  print_footer (22);
}


/* All selected algorithms and operations are measured as one group
   (interleaved runs, see measure_group), then printed.  */
static void
pq_bench (void)
{
  struct pq_priv priv[DIM (pq_algos)];
  gcry_error_t setup_err[DIM (pq_algos)];
  struct pq_op ops[3 * DIM (pq_algos)];
  struct bench_job jobs[3 * DIM (pq_algos)];
  int a, i, njobs = 0;

  print_section ("pq", "Post-quantum");
  memset (jobs, 0, sizeof jobs);
  for (a = 0; pq_algos[a].name; a++)
    {
      const struct pq_algo *pa = &pq_algos[a];

      memset (&priv[a], 0, sizeof priv[a]);
      setup_err[a] = 0;
      if (!algo_selected (pa->name, pa->alt))
        continue;
      setup_err[a] = pq_setup (&priv[a], pa);
      if (setup_err[a])
        continue;
      for (i = 0; i < 3; i++)
        {
          ops[njobs].p = &priv[a];
          ops[njobs].oper = pa->kem_algo ? kem_ops[i].oper : sig_ops[i].oper;
          ops[njobs].cfg = -1;
          jobs[njobs].fn = pq_run;
          jobs[njobs].priv = &ops[njobs];
          /* The running time of signing varies with the number of
             iterations of the rejection loop; average over several
             signatures per run so that the median of the runs is
             close to the expected cost.  */
          jobs[njobs].min_calls = (ops[njobs].oper == PQ_SIGN
                                   && !smoke_mode) ? 64 : 1;
          njobs++;
        }
    }
  if (njobs)
    measure_group (jobs, njobs, 0);

  njobs = 0;
  for (a = 0; pq_algos[a].name; a++)
    {
      const struct pq_algo *pa = &pq_algos[a];

      if (!algo_selected (pa->name, pa->alt))
        continue;
      print_header_iter (14, pa->name);
      if (setup_err[a])
        {
          /* Not configured is fine (gcry_kem_* then answer
             GPG_ERR_UNKNOWN_ALGORITHM, gcry_pk_* GPG_ERR_PUBKEY_ALGO);
             anything else is a bug that the smoke test in make check
             must report.  */
          switch (gpg_err_code (setup_err[a]))
            {
            case GPG_ERR_PUBKEY_ALGO:
            case GPG_ERR_UNKNOWN_ALGORITHM:
            case GPG_ERR_NOT_IMPLEMENTED:
            case GPG_ERR_NOT_SUPPORTED:
              break;
            default:
              fprintf (stderr, PGM ": setting up %s failed: %s\n",
                       pa->name, gpg_strerror (setup_err[a]));
              exit_status = 1;
              break;
            }
          if (csv_mode)
            print_comment ("%s: not available: %s", pa->name,
                           gpg_strerror (setup_err[a]));
          else
            printf (" %14s | %14s (%s)\n", "", "<<not available>>",
                    gpg_strerror (setup_err[a]));
        }
      else
        for (i = 0; i < 3; i++, njobs++)
          print_result_iter (14, pa->kem_algo ? kem_ops[i].name
                                              : sig_ops[i].name,
                             &jobs[njobs].res);
      print_footer (14);
    }

  pq_backends_bench (priv, setup_err);
  for (a = 0; pq_algos[a].name; a++)
    pq_release (&priv[a]);
}


/*
 * Kernels section (internal interfaces).
 */

/* The backends we know, in column order, by their names in the kernel
   tables and in gcry_get_config's "backends" item ("generic" is the
   portable C code).  A column is shown when at least one kernel set
   has that backend usable on this machine.  */
static const struct
{
  const char *name;
} backends[] =
  {
    { "generic" },
    { "avx2" },
    { "bmi2" },
    { "avx512" },
    { "vsx" },
    { "vsx-p10" },
  };
#define NBACKENDS ((int)DIM (backends))

/* Tiny deterministic generator for kernel inputs (xorshift64).  */
static u64 rng_state = 0x9e3779b97f4a7c15ULL;

static u32
rnd32 (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (u32)(rng_state >> 32);
}

/* Uniform in [0, bound).  Bias is irrelevant here.  */
static u32
rnd_below (u32 bound)
{
  return rnd32 () % bound;
}


#ifdef USE_MLKEM
struct kb_inputs;
#endif

/* Everything a kernel row needs: the kernel set of one backend and the
   inputs.  */
struct kernel_priv
{
  /* The hardware features the row runs with: for the rows whose
     kernel hashes through the library's dispatched Keccak (the
     SampleNTT matrix, ExpandA) those of the column's tier, so that
     the Keccak is the one that backend's operations use (the portable
     code for "generic", no AVX-512 for "avx2", no POWER10 for "vsx");
     kernels_bench restores all features after each row.  */
  unsigned int features;
  keccak_permute_fn_t keccak_fn;
#ifdef USE_MLKEM
  const mlkem_ops_t *mlkem;
  struct kb_inputs *kb;
#endif
#ifdef USE_MLDSA
  const mldsa_ops_t *mldsa;
#endif
};

static u64 keccak_state[25 * 8 + 25];  /* x9: a ninth state after.  */

/* The features of backend B's tier; see kernel_priv.features.  */
static unsigned int
column_features (int b)
{
  const char *name = backends[b].name;

  if (!_gcry_enum_hw_features)
    return ~0u;
  if (!strcmp (name, "generic"))
    return 0;
  if (!strcmp (name, "avx2"))
    return avx2_tier_mask ();
  if (!strcmp (name, "vsx"))
    return ~features_named ("ppc-arch_3_10");
  return ~0u;
}

static void
kr_keccak (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    p->keccak_fn (keccak_state);
}


#ifdef USE_MLKEM
/* ML-KEM inputs, sized for ML-KEM-768 (k = 3).  One set per backend,
   because NTT-domain data is in the backend's own order.  */
#define KB_K 3
struct kb_inputs
{
  mlkem_poly a;                       /* |a_i| < q */
  mlkem_poly r;
  mlkem_poly_ntt ahat;                /* |a_i| < q, backend order */
  mlkem_poly_ntt rhat;
  mlkem_poly_ntt u[KB_K];             /* |u_i| <= 4095 */
  mlkem_poly_ntt v[KB_K];             /* |v_i| < q */
  mlkem_poly_mulcache vc[KB_K];
  mlkem_poly_ntt matrix[KB_K * KB_K];
  byte rho[MLKEM_SYMBYTES];
  byte prf[192];
} __attribute__ ((aligned (64)));
/* Every backend's inputs start on a 64-byte line: the size of the
   struct is not a multiple of 64, and with kb_in[i] 32 bytes off a
   line the AVX-512 basemul row read 83 instead of 69 cycles (each zmm
   load split over two lines), which made rows of binaries with
   different layouts incomparable.  */
static struct kb_inputs kb_in[NBACKENDS];

static void
kb_setup (struct kb_inputs *kb, const mlkem_ops_t *ops)
{
  unsigned int i, j;

  for (i = 0; i < MLKEM_N; i++)
    kb->a.coeffs[i] = (s16)((int)rnd_below (2 * MLKEM_Q - 1) - (MLKEM_Q - 1));
  /* NTT-domain inputs in the backend's own order: made by its NTT.  */
  ops->ntt (&kb->ahat, &kb->a);
  for (j = 0; j < KB_K; j++)
    {
      for (i = 0; i < MLKEM_N; i++)
        kb->u[j].coeffs[i] = (s16)rnd_below (4096);
      for (i = 0; i < MLKEM_N; i++)
        kb->r.coeffs[i] = (s16)rnd_below (MLKEM_Q);
      ops->ntt (&kb->v[j], &kb->r);
      ops->mulcache_compute (&kb->vc[j], &kb->v[j]);
    }
  for (i = 0; i < sizeof kb->rho; i++)
    kb->rho[i] = (byte)rnd32 ();
  for (i = 0; i < sizeof kb->prf; i++)
    kb->prf[i] = (byte)rnd32 ();
}

static void
kr_mlkem_ntt (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    p->mlkem->ntt (&p->kb->rhat, &p->kb->a);
}

static void
kr_mlkem_invntt (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    p->mlkem->invntt_tomont (&p->kb->r, &p->kb->ahat);
}

static void
kr_mlkem_basemul (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    p->mlkem->basemul_acc (&p->kb->rhat, p->kb->u, p->kb->v, p->kb->vc, KB_K);
}

static void
kr_mlkem_matrix (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  use_features (p->features);
  while (n--)
    _gcry_mlkem_gen_matrix_ntt (p->mlkem, p->kb->matrix, p->kb->rho, KB_K, 0);
}

static void
kr_mlkem_cbd2 (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    p->mlkem->poly_cbd_eta2 (&p->kb->r, p->kb->prf);
}

static void
kr_mlkem_cbd3 (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    p->mlkem->poly_cbd_eta3 (&p->kb->r, p->kb->prf);
}
#endif /*USE_MLKEM*/


#ifdef USE_MLDSA
/* ML-DSA inputs, sized for ML-DSA-65 (k = 6, l = 5).  */
#define DB_K 6
#define DB_L 5
#define DB_GAMMA2 ((MLDSA_Q - 1) / 32)
/* On 64-byte lines, as kb_in above, so that rows of two builds are
   comparable.  */
#define DB_ALIGNED __attribute__ ((aligned (64)))
static mldsa_poly_t db_a DB_ALIGNED;       /* |a_i| < q */
static mldsa_poly_t db_pos DB_ALIGNED;     /* 0 <= a_i < q */
static mldsa_poly_t db_hint DB_ALIGNED;    /* 0 or 1 */
static mldsa_poly_t db_work DB_ALIGNED, db_work2 DB_ALIGNED;
static mldsa_poly_t db_u[DB_L] DB_ALIGNED; /* |u_i| < q */
static mldsa_poly_t db_v[DB_L] DB_ALIGNED; /* |v_i| < q */
static mldsa_poly_t db_matrix[DB_K * DB_L] DB_ALIGNED;
static byte db_rho[MLDSA_SEEDBYTES];

static void
db_setup (void)
{
  unsigned int i, j;

  for (i = 0; i < MLDSA_N; i++)
    {
      db_a.coeffs[i] = (s32)rnd_below (2 * MLDSA_Q - 1) - (MLDSA_Q - 1);
      db_pos.coeffs[i] = (s32)rnd_below (MLDSA_Q);
      db_hint.coeffs[i] = (s32)(rnd32 () & 1);
    }
  for (j = 0; j < DB_L; j++)
    for (i = 0; i < MLDSA_N; i++)
      {
        db_u[j].coeffs[i] = (s32)rnd_below (2 * MLDSA_Q - 1) - (MLDSA_Q - 1);
        db_v[j].coeffs[i] = (s32)rnd_below (2 * MLDSA_Q - 1) - (MLDSA_Q - 1);
      }
  for (i = 0; i < sizeof db_rho; i++)
    db_rho[i] = (byte)rnd32 ();
}

/* The NTTs work in place; each call starts from a fresh copy of the
   input so that the bounds hold (the 1 KiB copy is part of the
   figure, and small against the transform).  */
static void
kr_mldsa_ntt (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    {
      memcpy (&db_work, &db_a, sizeof db_work);
      p->mldsa->ntt (&db_work);
    }
}

static void
kr_mldsa_invntt (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    {
      memcpy (&db_work, &db_a, sizeof db_work);
      p->mldsa->invntt_tomont (&db_work);
    }
}

static void
kr_mldsa_pointwise_acc (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    p->mldsa->pointwise_acc (&db_work, db_u, db_v, DB_L);
}

/* ExpandA (FIPS 204 Algorithm 32) for the whole 6x5 matrix as the
   front file does: with the AVX-512 set (the one the front file runs
   8 wide, cipher/mldsa.c mldsa_width), eight entries at a time and
   the last six padded to eight; otherwise four at a time and the
   remainder singly.  */
static void
kr_mldsa_expand_a (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;
  unsigned int e, t;
  unsigned int w = (p->mldsa->poly_uniform_xn
                    && !strcmp (p->mldsa->name, "avx512")) ? 8 : 4;
  mldsa_poly_t pad;

  use_features (p->features);
  while (n--)
    {
      for (e = 0; e < DB_K * DB_L && (w == 8 || e + 4 <= DB_K * DB_L);
           e += w)
        {
          mldsa_poly_t *out[8];
          u16 nonce[8];

          for (t = 0; t < w; t++)
            {
              unsigned int f = e + t < DB_K * DB_L ? e + t : e;

              out[t] = e + t < DB_K * DB_L ? &db_matrix[f] : &pad;
              nonce[t] = (u16)(((f / DB_L) << 8) | (f % DB_L));
            }
          if (w == 8)
            p->mldsa->poly_uniform_xn (out, 8, db_rho, nonce, NULL);
          else
            p->mldsa->poly_uniform_x4 (out, db_rho, nonce);
        }
      for (; e < DB_K * DB_L; e++)
        p->mldsa->poly_uniform (&db_matrix[e], db_rho,
                                (u16)(((e / DB_L) << 8) | (e % DB_L)));
    }
}

static void
kr_mldsa_decompose (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    p->mldsa->decompose (&db_work, &db_work2, &db_pos, DB_GAMMA2);
}

static void
kr_mldsa_use_hint (void *priv_, unsigned long n)
{
  struct kernel_priv *p = priv_;

  while (n--)
    p->mldsa->use_hint (&db_work, &db_pos, &db_hint, DB_GAMMA2);
}
#endif /*USE_MLDSA*/


enum kernel_set { KSET_KECCAK, KSET_MLKEM, KSET_MLDSA };

struct kernel_row
{
  const char *name;       /* Printed and CSV name.  */
  enum kernel_set set;
  int slot;               /* Keccak: 0/1/2/3/4 for x1/x4/x8/x5/x9.  */
  bench_fn_t fn;
  /* Offset of the function pointer in the ops table, to see whether a
     backend has its own kernel or inherits the portable one.  */
  size_t ops_offset;
};

#define OPS_OFF(type, member) ((size_t)&((type *)0)->member)

static const struct kernel_row kernel_rows[] =
  {
    { "keccak-f1600-x1", KSET_KECCAK, 0, kr_keccak, 0 },
    { "keccak-f1600-x4", KSET_KECCAK, 1, kr_keccak, 0 },
    { "keccak-f1600-x8", KSET_KECCAK, 2, kr_keccak, 0 },
    { "keccak-f1600-x5", KSET_KECCAK, 3, kr_keccak, 0 },
    { "keccak-f1600-x9", KSET_KECCAK, 4, kr_keccak, 0 },
#ifdef USE_MLKEM
    { "mlkem-ntt",        KSET_MLKEM, 0, kr_mlkem_ntt,
      OPS_OFF (mlkem_ops_t, ntt) },
    { "mlkem-invntt",     KSET_MLKEM, 0, kr_mlkem_invntt,
      OPS_OFF (mlkem_ops_t, invntt_tomont) },
    { "mlkem-basemul-acc-k3", KSET_MLKEM, 0, kr_mlkem_basemul,
      OPS_OFF (mlkem_ops_t, basemul_acc) },
    { "mlkem-matrix-k3",  KSET_MLKEM, 0, kr_mlkem_matrix,
      OPS_OFF (mlkem_ops_t, rej_uniform) },
    { "mlkem-noise-cbd2", KSET_MLKEM, 0, kr_mlkem_cbd2,
      OPS_OFF (mlkem_ops_t, poly_cbd_eta2) },
    { "mlkem-noise-cbd3", KSET_MLKEM, 0, kr_mlkem_cbd3,
      OPS_OFF (mlkem_ops_t, poly_cbd_eta3) },
#endif
#ifdef USE_MLDSA
    { "mldsa-ntt",        KSET_MLDSA, 0, kr_mldsa_ntt,
      OPS_OFF (mldsa_ops_t, ntt) },
    { "mldsa-invntt",     KSET_MLDSA, 0, kr_mldsa_invntt,
      OPS_OFF (mldsa_ops_t, invntt_tomont) },
    { "mldsa-pointwise-acc-l5", KSET_MLDSA, 0, kr_mldsa_pointwise_acc,
      OPS_OFF (mldsa_ops_t, pointwise_acc) },
    { "mldsa-expanda-6x5", KSET_MLDSA, 0, kr_mldsa_expand_a,
      OPS_OFF (mldsa_ops_t, poly_uniform_x4) },
    { "mldsa-decompose",  KSET_MLDSA, 0, kr_mldsa_decompose,
      OPS_OFF (mldsa_ops_t, decompose) },
    { "mldsa-use-hint",   KSET_MLDSA, 0, kr_mldsa_use_hint,
      OPS_OFF (mldsa_ops_t, use_hint) },
#endif
    { NULL }
  };


/* Look up the Keccak permutations of backend B.  Returns 0 on
   success.  Without the accessor only the portable code is known.  */
static int
get_keccak (int b, keccak_permute_fn_t fn[3])
{
  if (_gcry_keccak_get_backend)
    return _gcry_keccak_get_backend (backends[b].name, fn);
  if (b)
    return -1;
  fn[0] = _gcry_keccak_f1600_generic;
  fn[1] = _gcry_keccak_f1600_x4_generic;
  fn[2] = _gcry_keccak_f1600_x8_generic;
  return 0;
}

#ifdef USE_MLKEM
static const mlkem_ops_t *
get_mlkem (int b)
{
  if (_gcry_mlkem_get_ops)
    return _gcry_mlkem_get_ops (backends[b].name);
  return b ? NULL : &_gcry_mlkem_ops_generic;  /* May be NULL (weak).  */
}
#endif

#ifdef USE_MLDSA
static const mldsa_ops_t *
get_mldsa (int b)
{
  if (_gcry_mldsa_get_ops)
    return _gcry_mldsa_get_ops (backends[b].name);
  return b ? NULL : &_gcry_mldsa_ops_generic;
}
#endif


/* Fill P for ROW on backend B.  Returns 1 if this backend has its own
   kernel for the row (0: not available, or it inherits the portable
   one, which the generic column already shows).  */
static int
kernel_prepare (const struct kernel_row *row, int b, struct kernel_priv *p)
{
  memset (p, 0, sizeof *p);
  p->features = column_features (b);
  switch (row->set)
    {
    case KSET_KECCAK:
      {
        keccak_permute_fn_t fn[3] = { NULL, NULL, NULL };

        if (row->slot == 3)
          {
            /* The 5-way permutation (instances 0-4 of an 8-way
               state) of the backends that have one.  */
            if (!_gcry_keccak_get_x5
                || !(p->keccak_fn = _gcry_keccak_get_x5 (backends[b].name)))
              return 0;
            return 1;
          }
        if (row->slot == 4)
          {
            /* The batch sponge's 9-way permutation (an 8-way state
               and a ninth one after it).  */
            if (!_gcry_keccak_get_x9
                || !(p->keccak_fn = _gcry_keccak_get_x9 (backends[b].name)))
              return 0;
            return 1;
          }
        if (get_keccak (b, fn) || !fn[row->slot])
          return 0;
        p->keccak_fn = fn[row->slot];
        if (b)
          {
            keccak_permute_fn_t gfn[3] = { NULL, NULL, NULL };

            if (!get_keccak (0, gfn) && gfn[row->slot] == p->keccak_fn)
              return 0;
          }
        return 1;
      }
#ifdef USE_MLKEM
    case KSET_MLKEM:
      {
        const mlkem_ops_t *ops, *gen;

        /* The set of that name under the column's features: where
           AVX-512 is usable the first "avx2" set takes AVX-512
           kernels, which the AVX2 column must not show.  */
        use_features (p->features);
        ops = get_mlkem (b);
        gen = get_mlkem (0);

        if (!ops)
          return 0;
        if (b && gen
            && !memcmp ((const char *)ops + row->ops_offset,
                        (const char *)gen + row->ops_offset,
                        sizeof (void (*) (void))))
          return 0;
        p->mlkem = ops;
        p->kb = &kb_in[b];
        kb_setup (p->kb, ops);
        return 1;
      }
#endif
#ifdef USE_MLDSA
    case KSET_MLDSA:
      {
        const mldsa_ops_t *ops, *gen;

        use_features (p->features);   /* As for ML-KEM.  */
        ops = get_mldsa (b);
        gen = get_mldsa (0);

        if (!ops)
          return 0;
        if (b && gen
            && !memcmp ((const char *)ops + row->ops_offset,
                        (const char *)gen + row->ops_offset,
                        sizeof (void (*) (void))))
          return 0;
        p->mldsa = ops;
        return 1;
      }
#endif
    default:
      return 0;
    }
}


/* Return true if backend B is usable for at least one kernel set.  */
static int
backend_present (int b)
{
  keccak_permute_fn_t fn[3];

  if (!get_keccak (b, fn))
    return 1;
#ifdef USE_MLKEM
  if (get_mlkem (b))
    return 1;
#endif
#ifdef USE_MLDSA
  if (get_mldsa (b))
    return 1;
#endif
  return 0;
}


/* Each row measures all its backends together (interleaved runs, see
   measure_group), so that the speed-ups compare figures taken under
   the same conditions.  */
static void
kernels_bench (void)
{
  int present[NBACKENDS], have[NBACKENDS];
  struct kernel_priv priv[NBACKENDS];
  struct bench_job jobs[NBACKENDS];
  int job_of[NBACKENDS];
  double portable_cyc;
  int b, r, i, njobs;

  for (i = 0; i < (int)DIM (keccak_state); i++)
    keccak_state[i] = ((u64)rnd32 () << 32) | rnd32 ();
#ifdef USE_MLDSA
  db_setup ();
#endif

  print_section ("kernels", "Kernels");
  for (b = 0; b < NBACKENDS; b++)
    present[b] = backend_present (b);

  if (!csv_mode)
    {
      printf (" %-22s |", "cycles/call");
      for (b = 0; b < NBACKENDS; b++)
        if (present[b])
          printf (" %17s", backends[b].name);
      printf ("\n");
    }

  for (r = 0; kernel_rows[r].name; r++)
    {
      const struct kernel_row *row = &kernel_rows[r];

      if (!algo_selected (row->name, NULL))
        continue;
      current_algo = row->name;

      memset (jobs, 0, sizeof jobs);
      njobs = 0;
      for (b = 0; b < NBACKENDS; b++)
        {
          have[b] = present[b] && kernel_prepare (row, b, &priv[b]);
          if (!have[b])
            continue;
          job_of[b] = njobs;
          jobs[njobs].fn = row->fn;
          jobs[njobs].priv = &priv[b];
          jobs[njobs].min_calls = 1;
          njobs++;
        }
      if (njobs)
        measure_group (jobs, njobs, 1);
      use_features (~0u);

      if (!csv_mode)
        printf (" %-22s |", row->name);
      portable_cyc = 0;
      for (b = 0; b < NBACKENDS; b++)
        {
          if (!present[b])
            continue;
          if (!have[b])
            {
              if (!csv_mode)
                printf (" %17s", "-");
              continue;
            }
          print_backend_cell (row->name, backends[b].name,
                              &jobs[job_of[b]].res, !b, &portable_cyc);
        }
      if (!csv_mode)
        {
          printf ("\n");
          for (b = 0; b < NBACKENDS; b++)
            if (have[b])
              print_spread (backends[b].name, &jobs[job_of[b]].res, "ns");
        }
      fflush (stdout);
    }
  print_footer (22);
}


/*
 * Header.
 */

static void
print_config_item (const char *what)
{
  char *s = gcry_get_config (0, what);

  /* One line, "name:value:...:", without its line feed.  */
  if (!s)
    return;
  print_comment ("%s", s);
  gcry_free (s);
}


static void
print_header (void)
{
  /* gcry_check_version (NULL) gives the libgcrypt API level; the
     release of libgcrypt-pqc itself is a separate number.  */
  print_comment ("%s: libgcrypt-pqc %s (libgcrypt API %s)%s", PGM,
                 GCRYPT_PQC_VERSION, gcry_check_version (NULL),
                 smoke_mode ? " (smoke mode: figures are meaningless)" : "");
  print_config_item ("hwflist");
  print_config_item ("backends");
  if (fixed_mhz > 0)
    print_comment ("cpu clock: %.0f MHz (given)", fixed_mhz);
  else if (auto_mhz)
    print_comment ("cpu clock: auto (add chain; first estimate %.0f MHz)",
                   measure_mhz (15));
  else
    print_comment ("cpu clock: unknown (kernels section measures it)");
  print_comment ("method: median of %d timed runs after warm-up; %s",
                 repetitions, bench_clock == CLOCK_MONOTONIC
                 ? "wall-clock time" : "thread CPU time");
}


/*
 * Main.
 */

static void
print_help (void)
{
  static const char *const help_lines[] =
    {
      "usage: bench-slope [options] [hash|pq|kernels ...] [algonames ...]",
      "",
      " options:",
      "   --cpu-mhz <mhz|auto>      Set the CPU clock for the cycle figures,",
      "                             or \"auto\" to measure it before and",
      "                             after every row.",
      "   --disable-hwf <features>  Disable hardware feature(s) (repeatable;",
      "                             \"all\" for the portable code only).",
      "   --repetitions <n>         Timed runs per figure (default "
      "64); the median is shown.",
      "   --csv                     Use CSV output format.",
      "   --verbose                 Also show the spread of the runs.",
      "   --unaligned               Use unaligned input buffers (hash).",
      "   --wall-clock              Time with CLOCK_MONOTONIC instead of",
      "                             the thread's CPU time.",
      "   --smoke                   Tiny runs only (for make check).",
      "   --help                    Show this help.",
      "   (--debug, --no-quick-rng and --include-slow are accepted for",
      "   compatibility with libgcrypt's bench-slope.)",
      "",
      " With no section, all sections run.  Algorithm names select rows,",
      " e.g. ML-KEM-768, SHA3-256, mlkem-ntt, keccak; a name that selects",
      " no row of the chosen sections is an error.",
      NULL
    };
  const char *const *line;

  for (line = help_lines; *line; line++)
    printf ("%s\n", *line);
}


/* Exit with an error if a name on the command line selects no row of
   the chosen sections: a misspelt section or algorithm name would
   otherwise print empty tables and succeed.  */
static void
check_algo_filter (int do_hash, int do_pq, int do_kernels)
{
  int i, k;

  for (i = 0; i < algo_filter_count; i++)
    {
      const char *f = algo_filter[i];
      int in_hash = 0, in_pq = 0, in_kernels = 0;

      for (k = 0; hash_algos[k].name; k++)
        in_hash |= name_matches (f, hash_algos[k].name, NULL);
      for (k = 0; pq_algos[k].name; k++)
        in_pq |= name_matches (f, pq_algos[k].name, pq_algos[k].alt);
      for (k = 0; kernel_rows[k].name; k++)
        in_kernels |= name_matches (f, kernel_rows[k].name, NULL);
      if ((do_hash && in_hash) || (do_pq && in_pq)
          || (do_kernels && in_kernels))
        continue;
      if (in_hash || in_pq || in_kernels)
        die ("algorithm `%s' is not in the selected sections (it is in"
             " section %s)", f,
             in_hash ? "hash" : in_pq ? "pq" : "kernels");
      die ("unknown section or algorithm name `%s' (see --help)", f);
    }
}


/* Spin for MS milliseconds so that the CPU leaves its idle clock.  */
static void
warm_up_cpu (double ms)
{
  double t0 = now_ns ();

  while (now_ns () - t0 < ms * 1.0e6)
    chain_run (64);
}


int
main (int argc, char **argv)
{
  int do_hash = 0, do_pq = 0, do_kernels = 0;
  int last_argc = -1;
  int want_wall_clock = 0;
  gcry_error_t err;

  if (argc)
    {
      argc--;
      argv++;
    }

  /* As libgcrypt: skip when run by the test suite without arguments
     and GCRYPT_NO_BENCHMARKS is set.  */
  if (!argc && getenv ("srcdir") && getenv ("GCRYPT_NO_BENCHMARKS"))
    exit (77);
  if (getenv ("GCRYPT_IN_REGRESSION_TEST"))
    smoke_mode = 1;

  while (argc && last_argc != argc)
    {
      last_argc = argc;
      if (!strcmp (*argv, "--"))
        {
          argc--;
          argv++;
          break;
        }
      else if (!strcmp (*argv, "--help"))
        {
          print_help ();
          exit (0);
        }
      else if (!strcmp (*argv, "--verbose"))
        {
          verbose++;
          argc--;
          argv++;
        }
      else if (!strcmp (*argv, "--csv"))
        {
          csv_mode = 1;
          argc--;
          argv++;
        }
      else if (!strcmp (*argv, "--debug"))
        {
          verbose += 2;
          argc--;
          argv++;
        }
      else if (!strcmp (*argv, "--unaligned"))
        {
          unaligned_mode = 1;
          argc--;
          argv++;
        }
      else if (!strcmp (*argv, "--no-quick-rng")
               || !strcmp (*argv, "--include-slow"))
        {
          /* Accepted for compatibility with libgcrypt's bench-slope:
             we never weaken the RNG, and no benchmark here is slow
             enough to be left out by default.  */
          argc--;
          argv++;
        }
      else if (!strcmp (*argv, "--wall-clock"))
        {
          want_wall_clock = 1;
          argc--;
          argv++;
        }
      else if (!strcmp (*argv, "--smoke"))
        {
          smoke_mode = 1;
          argc--;
          argv++;
        }
      else if (!strcmp (*argv, "--disable-hwf"))
        {
          argc--;
          argv++;
          if (!argc)
            die ("option --disable-hwf needs an argument");
          /* Must come before gcry_check_version.  */
          if (gcry_control (GCRYCTL_DISABLE_HWF, *argv, NULL))
            fprintf (stderr, PGM ": unknown hardware feature `%s'"
                     " - option ignored\n", *argv);
          argc--;
          argv++;
        }
      else if (!strcmp (*argv, "--cpu-mhz"))
        {
          argc--;
          argv++;
          if (!argc)
            die ("option --cpu-mhz needs an argument");
          if (!strcmp (*argv, "auto"))
            auto_mhz = 1;
          else
            {
              fixed_mhz = atof (*argv);
              if (fixed_mhz <= 0)
                die ("invalid value for --cpu-mhz: %s", *argv);
            }
          argc--;
          argv++;
        }
      else if (!strcmp (*argv, "--repetitions"))
        {
          argc--;
          argv++;
          if (!argc)
            die ("option --repetitions needs an argument");
          repetitions = atoi (*argv);
          if (repetitions < 1 || repetitions > 100000)
            die ("invalid value for --repetitions: %s", *argv);
          argc--;
          argv++;
        }
      else if (!strncmp (*argv, "--", 2))
        {
          fprintf (stderr, PGM ": unknown option `%s'\n", *argv);
          print_help ();
          exit (1);
        }
    }

  /* Sections, then algorithm names.  */
  while (argc)
    {
      if (!strcmp (*argv, "hash"))
        do_hash = 1;
      else if (!strcmp (*argv, "pq"))
        do_pq = 1;
      else if (!strcmp (*argv, "kernels"))
        do_kernels = 1;
      else
        break;
      argc--;
      argv++;
    }
  algo_filter = argv;
  algo_filter_count = argc;
  if (!do_hash && !do_pq && !do_kernels)
    do_hash = do_pq = do_kernels = 1;
  check_algo_filter (do_hash, do_pq, do_kernels);

  select_clock (want_wall_clock);
  if (smoke_mode)
    {
      /* A few calls per figure, just enough to exercise everything.  */
      if (repetitions > 3)
        repetitions = 3;
      run_target_ns = 20.0e3;
      warmup_ns = 0;
    }

  if (!gcry_check_version (GCRYPT_VERSION))
    die ("version mismatch; pgm=%s, library=%s",
         GCRYPT_VERSION, gcry_check_version (NULL));
  err = gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  if (!err)
    err = gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  if (err)
    die ("initialisation failed: %s", gpg_strerror (err));

  print_header ();
  if (!smoke_mode)
    warm_up_cpu (200);

  if (do_hash)
    hash_bench ();
  if (do_pq)
    pq_bench ();
  if (do_kernels)
    kernels_bench ();

  return exit_status;
}
