/* ct-timing.c - Statistical timing test of the secret-handling kernels
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

/* Valgrind's constant-time runs (.ci/run, t-mlkem and t-mldsa
 * --only ct) cover the portable and AVX2 code only: under valgrind
 * CPUID hides AVX-512.  This program looks at the other side, timing:
 * for every kernel that sees secret data, of every kernel set usable
 * here, and for ML-KEM Encaps and Decaps with the selected backends,
 * it times calls on two classes of input, a fixed input and fresh
 * random ones, interleaved in random order, and compares the two
 * timing distributions with Welch's t-test (the "fixed versus random"
 * method of the dudect paper, Reparaz, Balasch and Verbauwhede, 2017),
 * on all measurements and on those below a few percentiles (cropping
 * removes the long tail of interrupts, which otherwise hides small
 * differences).  A code path whose time depends on the data shows up
 * as a |t| that grows with the number of measurements; the usual
 * reading: below 4.5 no evidence, above 10 a leak.
 *
 * Timing assertions do not belong in "make check" (a loaded machine
 * gives any answer), so this program is built with the tests but run
 * by hand or by .ci/run's optional step, e.g.
 *   tests/ct-timing                      all targets, every kernel set
 *   tests/ct-timing --measurements 1000000 mlkem-ntt
 *   GCRYPT_PQC_HWF_DISABLE=intel-avx512 tests/ct-timing mlkem-decaps
 * It prints one line per target and kernel set and exits 1 if a |t|
 * exceeds --threshold (default 10).
 *
 * Not covered on purpose: the rejection samplers (their count of
 * accepted candidates decides how long they run, as in FIPS 203/204),
 * ML-DSA signing (its number of attempts depends on the key and the
 * message by design) and key generation (SampleNTT/ExpandA on rho are
 * public and variable-time).  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#if defined(__x86_64__)
# include <x86intrin.h>
#endif

#include "g10lib.h"
#ifdef USE_MLKEM
# include "mlkem.h"
# include "mlkem-ops.h"
#endif
#ifdef USE_MLDSA
# include "mldsa.h"
# include "mldsa-ops.h"
#endif

/* The cropping percentiles (0: none).  */
static const double crops[] = { 0, 0.5, 0.75, 0.9, 0.99 };
#define NCROPS (sizeof crops / sizeof crops[0])

static unsigned long measurements = 200000;
static int verbose;
/* --control: both classes random, which must show no difference (a
   check of the harness itself).  */
static int control;
static double threshold = 10;


/* A fast non-cryptographic generator for the inputs (splitmix64).  */
static u64 rng_state = 0x2545f4914f6cdd1dULL;

static u64
rng64 (void)
{
  u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* A uniform value in [LO, HI].  */
static s32
rng_range (s32 lo, s32 hi)
{
  return (s32)((s64)lo + (s64)(rng64 () % (u64)((s64)hi - lo + 1)));
}

static void
rng_bytes (void *p, size_t n)
{
  byte *b = p;

  while (n--)
    *b++ = (byte)rng64 ();
}


/* A timestamp: the TSC on x86 (fenced so that the call is between
   the two readings), else the monotonic clock in ns.  */
static inline u64
now (void)
{
#if defined(__x86_64__)
  u64 t;

  _mm_mfence ();                /* No pending stores of the setup.  */
  _mm_lfence ();
  t = __rdtsc ();
  _mm_lfence ();
  return t;
#else
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (u64)ts.tv_sec * 1000000000u + (u64)ts.tv_nsec;
#endif
}


/* Welch's t statistic of two running samples (Welford's update).  */
typedef struct
{
  double n[2], mean[2], m2[2];
} welch_t;

static void
welch_add (welch_t *w, int cls, double x)
{
  double d = x - w->mean[cls];

  w->n[cls]++;
  w->mean[cls] += d / w->n[cls];
  w->m2[cls] += d * (x - w->mean[cls]);
}

static double
welch_t_value (const welch_t *w)
{
  double v0, v1;

  if (w->n[0] < 2 || w->n[1] < 2)
    return 0;
  v0 = w->m2[0] / (w->n[0] - 1);
  v1 = w->m2[1] / (w->n[1] - 1);
  if (v0 + v1 == 0)
    return 0;
  return (w->mean[0] - w->mean[1]) / sqrt (v0 / w->n[0] + v1 / w->n[1]);
}

static int
cmp_u64 (const void *a, const void *b)
{
  u64 x = *(const u64 *)a, y = *(const u64 *)b;

  return x < y ? -1 : x > y;
}


/* A target: INPUT writes a random input to IN_CUR (with FIXED, the
   one made once for the fixed class, where that needs something else:
   a valid ciphertext), RUN makes the timed call.  */
typedef struct target_s
{
  const char *name;
  void (*input) (int fixed);
  void (*run) (void);
  size_t insize;                /* Bytes of input RUN reads.  */
} target_t;

/* The buffers of all targets.  */
typedef union
{
  s16 c16[16 * 256];
  s32 c32[8 * 256];
  byte b[8192];
} buf_t;
static buf_t in_fixed, in_cur, in_next, in_ctl, out;
static const void *cur_ops;     /* The kernel set under test.  */

/* The input buffer: IN_NEXT for class 1, else FIXED, word by word
   with a mask, so that both classes read and write the same memory
   (selecting a source buffer by class showed as |t| up to 40 for
   constant-time code, through the caches).  */
static void
select_input (size_t n, int cls, const buf_t *fixed)
{
  volatile u64 m = -(u64)cls;   /* No branch on the class either.  */
  u64 *d = (u64 *)in_cur.b;
  const u64 *a = (const u64 *)in_next.b, *b = (const u64 *)fixed->b;
  size_t i;

  for (i = 0; i < (n + 7) / 8; i++)
    d[i] = (a[i] & m) | (b[i] & ~m);
}

/* Measure target T: the fixed input once, then MEASUREMENTS calls in
   classes drawn at random; returns the largest |t| over the crops.
   Both classes prepare their input the same way, outside the timed
   region: a random input is made and select_input writes the input
   buffer from it or from the fixed one, so that only the data differ.
   (A copy for one class only left its stores pending in the timed
   call: |t| up to 360 for constant-time code.)  The stores are
   drained before the timing (now).  */
static double
measure (const target_t *t)
{
  u64 *time = xmalloc (measurements * sizeof *time);
  byte *cls = xmalloc (measurements);
  u64 cut[NCROPS];
  welch_t w[NCROPS];
  unsigned long i, warm = measurements / 10 < 1000 ? 1000 : measurements / 10;
  double tmax = 0;
  unsigned int c;

  t->input (1);
  memcpy (&in_fixed, &in_cur, t->insize);
  for (i = 0; i < measurements; i++)
    {
      u64 t0, t1;

      cls[i] = rng64 () & 1;
      t->input (0);
      memcpy (&in_next, &in_cur, t->insize);
      if (control)
        {
          t->input (0);
          memcpy (&in_ctl, &in_cur, t->insize);
        }
      select_input (t->insize, cls[i], control ? &in_ctl : &in_fixed);
      t0 = now ();
      t->run ();
      t1 = now ();
      time[i] = t1 - t0;
    }

  /* The crop thresholds from the first measurements, which are left
     out of the statistics (they also warm the caches up).  */
  {
    u64 *s = xmalloc (warm * sizeof *s);

    memcpy (s, time, warm * sizeof *s);
    qsort (s, warm, sizeof *s, cmp_u64);
    for (c = 0; c < NCROPS; c++)
      cut[c] = crops[c] ? s[(unsigned long)(crops[c] * (warm - 1))]
                        : ~(u64)0;
    xfree (s);
  }
  memset (w, 0, sizeof w);
  for (i = warm; i < measurements; i++)
    for (c = 0; c < NCROPS; c++)
      if (time[i] <= cut[c])
        welch_add (&w[c], cls[i], (double)time[i]);
  for (c = 0; c < NCROPS; c++)
    {
      double v = fabs (welch_t_value (&w[c]));

      if (verbose)
        printf ("  crop %.2f: fixed %.0f x %.2f, random %.0f x %.2f, "
                "|t| %.2f\n", crops[c], w[c].n[0], w[c].mean[0],
                w[c].n[1], w[c].mean[1], v);
      if (v > tmax)
        tmax = v;
    }
  xfree (time);
  xfree (cls);
  return tmax;
}


#ifdef USE_MLKEM
/*
 * ML-KEM kernels (mlkem-ops.h), on inputs within their contracts.
 */
#define KOPS ((const mlkem_ops_t *)cur_ops)

static void
in_kem_poly_q (int fixed)              /* |a| < q */
{
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 3 * 256; i++)
    in_cur.c16[i] = (s16)rng_range (-(MLKEM_Q - 1), MLKEM_Q - 1);
}

static void
in_kem_poly_canon (int fixed)          /* 0 <= a < q */
{
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 256; i++)
    in_cur.c16[i] = (s16)rng_range (0, MLKEM_Q - 1);
}

static void
in_bytes (int fixed)
{
  (void)fixed;
  rng_bytes (in_cur.b, 192);
}

static void
run_kem_ntt (void)
{
  KOPS->ntt ((mlkem_poly_ntt *)out.c16, (const mlkem_poly *)in_cur.c16);
}

static void
run_kem_invntt (void)
{
  KOPS->invntt_tomont ((mlkem_poly *)out.c16,
                       (const mlkem_poly_ntt *)in_cur.c16);
}

/* The secret operand is A (s-hat), B and its cache are fixed.  */
static void
run_kem_basemul (void)
{
  static mlkem_poly_ntt b[3];
  static mlkem_poly_mulcache bc[3];
  static const void *bc_ops;    /* The set whose cache BC holds.  */
  unsigned int j;

  if (bc_ops != cur_ops)
    {
      for (j = 0; j < 3 * 256; j++)
        b[j / 256].coeffs[j % 256] = (s16)(j * 7 % MLKEM_Q);
      for (j = 0; j < 3; j++)
        KOPS->mulcache_compute (&bc[j], &b[j]);
      bc_ops = cur_ops;
    }
  KOPS->basemul_acc ((mlkem_poly_ntt *)out.c16,
                     (const mlkem_poly_ntt *)in_cur.c16, b, bc, 3);
}

static void
run_kem_cbd2 (void)
{
  KOPS->poly_cbd_eta2 ((mlkem_poly *)out.c16, in_cur.b);
}

static void
run_kem_cbd3 (void)
{
  KOPS->poly_cbd_eta3 ((mlkem_poly *)out.c16, in_cur.b);
}

static void
run_kem_compress10 (void)
{
  KOPS->poly_compress (out.b, (const mlkem_poly *)in_cur.c16, 10);
}

static void
run_kem_compress4 (void)
{
  KOPS->poly_compress (out.b, (const mlkem_poly *)in_cur.c16, 4);
}

static void
run_kem_tobytes (void)
{
  KOPS->poly_ntt_tobytes (out.b, (const mlkem_poly_ntt *)in_cur.c16);
}

static void
run_kem_reduce (void)
{
  KOPS->reduce (in_cur.c16);
}

static const target_t kem_kernels[] =
  {
    { "mlkem-ntt", in_kem_poly_q, run_kem_ntt, 512 },
    { "mlkem-invntt", in_kem_poly_q, run_kem_invntt, 512 },
    { "mlkem-basemul-acc-k3", in_kem_poly_q, run_kem_basemul, 1536 },
    { "mlkem-cbd2", in_bytes, run_kem_cbd2, 128 },
    { "mlkem-cbd3", in_bytes, run_kem_cbd3, 192 },
    { "mlkem-compress10", in_kem_poly_q, run_kem_compress10, 512 },
    { "mlkem-compress4", in_kem_poly_q, run_kem_compress4, 512 },
    { "mlkem-tobytes", in_kem_poly_canon, run_kem_tobytes, 512 },
    { "mlkem-reduce", in_kem_poly_q, run_kem_reduce, 512 }
  };

/* ML-KEM-768 Encaps with a secret m (a fixed key) and Decaps with a
   fixed key of a fixed or a random ciphertext (the implicit rejection
   path), on the selected backends.  */
static const mlkem_param_t *kem_p;
static byte kem_ek[1184], kem_dk[2400];

static void
kem_keys (void)
{
  byte seed[MLKEM_SEED_LEN];

  if (kem_p)
    return;
  kem_p = _gcry_mlkem_param_by_algo (GCRY_KEM_MLKEM768);
  rng_bytes (seed, sizeof seed);
  if (_gcry_mlkem_keygen_internal (kem_p, kem_ek, kem_dk, seed))
    {
      fprintf (stderr, "ct-timing: ML-KEM key generation failed\n");
      exit (2);
    }
}

static void
in_kem_m (int fixed)
{
  (void)fixed;
  kem_keys ();
  rng_bytes (in_cur.b, 32);
}

static void
run_kem_encaps (void)
{
  _gcry_mlkem_encaps (kem_p, out.b, out.b + 2048, kem_ek, in_cur.b);
}

static void
in_kem_ct (int fixed)
{
  kem_keys ();
  if (fixed)
    {
      /* A valid ciphertext: the fixed class takes the accepting path,
         the random one almost surely the rejecting one.  */
      byte m[32], ss[32];

      rng_bytes (m, sizeof m);
      _gcry_mlkem_encaps (kem_p, in_cur.b, ss, kem_ek, m);
    }
  else
    rng_bytes (in_cur.b, 1088);
}

static void
run_kem_decaps (void)
{
  _gcry_mlkem_decaps (kem_p, out.b, kem_dk, in_cur.b);
}

static const target_t kem_ops[] =
  {
    { "mlkem768-encaps", in_kem_m, run_kem_encaps, 32 },
    { "mlkem768-decaps", in_kem_ct, run_kem_decaps, 1088 }
  };
#undef KOPS
#endif /*USE_MLKEM*/


#ifdef USE_MLDSA
/*
 * ML-DSA kernels (mldsa-ops.h) that see secrets in signing and key
 * generation (s1, s2, t0, y, w, z, c s2, c t0).
 */
#define DOPS ((const mldsa_ops_t *)cur_ops)

static void
in_dsa_q (int fixed)                   /* |a| < q, 5 polys */
{
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 5 * 256; i++)
    in_cur.c32[i] = rng_range (-(MLDSA_Q - 1), MLDSA_Q - 1);
}

static void
in_dsa_canon (int fixed)               /* 0 <= a < q */
{
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 256; i++)
    in_cur.c32[i] = rng_range (0, MLDSA_Q - 1);
}

static void
in_dsa_eta (int fixed)                 /* -2 <= a <= 2 */
{
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 256; i++)
    in_cur.c32[i] = rng_range (-2, 2);
}

static void
in_dsa_t0 (int fixed)                  /* -2^12 < a <= 2^12 */
{
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 256; i++)
    in_cur.c32[i] = rng_range (-(1 << 12) + 1, 1 << 12);
}

/* KeyGen's t = NTT^-1 (A s1-hat) + s2 (power2round_add): |a| < q,
   then |b| <= 4.  */
static void
in_dsa_p2r_add (int fixed)
{
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 256; i++)
    {
      in_cur.c32[i] = rng_range (-(MLDSA_Q - 1), MLDSA_Q - 1);
      in_cur.c32[256 + i] = rng_range (-4, 4);
    }
}

/* Signing's z = y + c s1 (add16_chknorm): y as in_dsa_z but 196 less
   each way, then c s1 as 16-bit words below 196, so that every call
   passes the check of ML-DSA-65, each given as ML-KEM's inverse NTT
   may leave it: v, v + 3329 or v - 3329 (the kernel centres it).  */
static void
in_dsa_add16 (int fixed)
{
  s16 *b = (s16 *)(in_cur.c32 + 256);
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 256; i++)
    {
      s32 v = rng_range (-196, 196), m = rng_range (-1, 1);

      in_cur.c32[i] = rng_range (-(1 << 19) + 393, (1 << 19) - 393);
      b[i] = (s16)(v + (m * v < 0 ? m * 3329 : 0));
    }
}

/* Signing's w0 - c s2 + c t0 (add_reduce_chknorm): a below 2^20, b
   (c t0 before its reduction) below q, checked against gamma2 (the
   result varies; the time must not).  */
static void
in_dsa_addred (int fixed)
{
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 256; i++)
    {
      in_cur.c32[i] = rng_range (-(1 << 20), 1 << 20);
      in_cur.c32[256 + i] = rng_range (-(MLDSA_Q - 1), MLDSA_Q - 1);
    }
}

/* Below the bound of the z check of ML-DSA-65 (gamma1 - beta), so
   that every call passes: the result is public, the time must not
   depend on the values.  */
static void
in_dsa_z (int fixed)
{
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 256; i++)
    in_cur.c32[i] = rng_range (-(1 << 19) + 197, (1 << 19) - 197);
}

/* MakeHint's inputs as signing gives them (mldsa-ops.h): a0 with
   |a0| < 2 gamma2, a1 a HighBits value.  */
static void
in_dsa_hint (int fixed)
{
  const s32 g2 = (MLDSA_Q - 1) / 32;
  unsigned int i;

  (void)fixed;
  for (i = 0; i < 256; i++)
    {
      in_cur.c32[i] = rng_range (-2 * g2 + 1, 2 * g2 - 1);
      in_cur.c32[256 + i] = rng_range (0, 15);
    }
}

static mldsa_poly_t dsa_t[2];

static void
run_dsa_ntt (void)
{
  DOPS->ntt ((mldsa_poly_t *)in_cur.c32);
}

static void
run_dsa_invntt (void)
{
  DOPS->invntt_tomont ((mldsa_poly_t *)in_cur.c32);
}

/* s1-hat (secret, A) times the public matrix row (fixed B).  */
static void
run_dsa_pointwise_acc (void)
{
  static mldsa_poly_t b[5];
  static int ready;
  unsigned int j;

  if (!ready)
    {
      for (j = 0; j < 5 * 256; j++)
        b[j / 256].coeffs[j % 256] = (s32)(j * 7919u % MLDSA_Q);
      ready = 1;
    }
  DOPS->pointwise_acc (&dsa_t[0], (const mldsa_poly_t *)in_cur.c32,
                       b, 5);
}

static void
run_dsa_decompose88 (void)
{
  DOPS->decompose (&dsa_t[0], &dsa_t[1], (const mldsa_poly_t *)in_cur.c32,
                   (MLDSA_Q - 1) / 88);
}

static void
run_dsa_decompose32 (void)
{
  DOPS->decompose (&dsa_t[0], &dsa_t[1], (const mldsa_poly_t *)in_cur.c32,
                   (MLDSA_Q - 1) / 32);
}

static void
run_dsa_power2round (void)
{
  DOPS->power2round (&dsa_t[0], &dsa_t[1], (const mldsa_poly_t *)in_cur.c32);
}

static void
run_dsa_power2round_add (void)
{
  if (DOPS->power2round_add)
    DOPS->power2round_add (&dsa_t[0], &dsa_t[1],
                           (const mldsa_poly_t *)in_cur.c32,
                           (const mldsa_poly_t *)(in_cur.c32 + 256));
}

static void
run_dsa_add16_chknorm (void)
{
  if (DOPS->add16_chknorm)
    DOPS->add16_chknorm ((mldsa_poly_t *)in_cur.c32,
                         (const s16 *)(in_cur.c32 + 256), 0,
                         (1 << 19) - 196);
}

static void
run_dsa_add_reduce_chknorm (void)
{
  if (DOPS->add_reduce_chknorm)
    DOPS->add_reduce_chknorm ((mldsa_poly_t *)in_cur.c32,
                              (const mldsa_poly_t *)(in_cur.c32 + 256),
                              (MLDSA_Q - 1) / 32);
}

static void
run_dsa_make_hint (void)
{
  DOPS->make_hint (&dsa_t[0], (const mldsa_poly_t *)in_cur.c32,
                   (const mldsa_poly_t *)(in_cur.c32 + 256),
                   (MLDSA_Q - 1) / 32);
}

static void
run_dsa_chknorm (void)
{
  DOPS->chknorm ((const mldsa_poly_t *)in_cur.c32, (1 << 19) - 196);
}

static void
run_dsa_pack_eta (void)
{
  if (DOPS->pack_eta)
    DOPS->pack_eta (out.b, (const mldsa_poly_t *)in_cur.c32, 2);
  else
    _gcry_mldsa_pack_eta_generic (out.b, (const mldsa_poly_t *)in_cur.c32,
                                  2);
}

static void
run_dsa_pack_t0 (void)
{
  if (DOPS->pack_t0)
    DOPS->pack_t0 (out.b, (const mldsa_poly_t *)in_cur.c32);
  else
    _gcry_mldsa_pack_t0_generic (out.b, (const mldsa_poly_t *)in_cur.c32);
}

static const target_t dsa_kernels[] =
  {
    { "mldsa-ntt", in_dsa_q, run_dsa_ntt, 1024 },
    { "mldsa-invntt", in_dsa_q, run_dsa_invntt, 1024 },
    { "mldsa-pointwise-acc-l5", in_dsa_q, run_dsa_pointwise_acc, 5120 },
    { "mldsa-decompose-88", in_dsa_canon, run_dsa_decompose88, 1024 },
    { "mldsa-decompose-32", in_dsa_canon, run_dsa_decompose32, 1024 },
    { "mldsa-power2round", in_dsa_canon, run_dsa_power2round, 1024 },
    { "mldsa-power2round-add", in_dsa_p2r_add, run_dsa_power2round_add,
      2048 },
    { "mldsa-make-hint", in_dsa_hint, run_dsa_make_hint, 2048 },
    { "mldsa-chknorm", in_dsa_z, run_dsa_chknorm, 1024 },
    { "mldsa-add16-chknorm", in_dsa_add16, run_dsa_add16_chknorm, 1536 },
    { "mldsa-add-reduce-chknorm", in_dsa_addred, run_dsa_add_reduce_chknorm,
      2048 },
    { "mldsa-pack-eta2", in_dsa_eta, run_dsa_pack_eta, 1024 },
    { "mldsa-pack-t0", in_dsa_t0, run_dsa_pack_t0, 1024 }
  };
#undef DOPS
#endif /*USE_MLDSA*/


/* The check of the method (--self-test): a function whose time does
   depend on its input (a loop as long as the input's first byte), as
   a secret-dependent early exit would, must be found.  */
static void
in_selftest (int fixed)
{
  rng_bytes (in_cur.b, 8);
  if (fixed)
    in_cur.b[0] = 0;
}

static void
run_selftest (void)
{
  volatile unsigned int x = 0;
  unsigned int i;

  for (i = 0; i < in_cur.b[0]; i++)
    x += i;
}

static const target_t selftest = { "selftest", in_selftest, run_selftest, 8 };


/* Nonzero if NAME is selected by the command line's names.  */
static int
selected (const char *name, char **names, int nnames)
{
  int i;

  if (!nnames)
    return 1;
  for (i = 0; i < nnames; i++)
    if (!strcmp (names[i], name))
      return 1;
  return 0;
}

static int nleaks, nran;

/* Measure T on kernel set SET and print the verdict.  A |t| above
   the threshold is measured once more (another order of the classes):
   a machine's noise (an interrupt storm, a clock change) can push one
   run over it, a real dependence on the data pushes both, so the
   smaller of the two counts.  */
static void
run_target (const target_t *t, const char *set)
{
  double v = measure (t), v2 = 0;
  const char *verdict;

  if (v > threshold)
    {
      v2 = measure (t);
      if (v2 < v)
        v = v2;
    }
  verdict = v > threshold ? "LEAK?" : v > 4.5 ? "unclear" : "ok";
  printf ("%-24s %-8s |t| = %6.2f%s  %s\n", t->name, set, v,
          v2 ? " (2 runs)" : "", verdict);
  fflush (stdout);
  nran++;
  if (v > threshold)
    nleaks++;
}

int
main (int argc, char **argv)
{
  static const char *const sets[] = { "generic", "avx2", "avx512", "vsx" };
  char **names;
  int nnames, self_test = 0;
  unsigned int s, i;

  argc--, argv++;
  while (argc && !strncmp (argv[0], "--", 2))
    {
      if (!strcmp (argv[0], "--measurements") && argc > 1)
        {
          measurements = strtoul (argv[1], NULL, 0);
          argc -= 2, argv += 2;
        }
      else if (!strcmp (argv[0], "--threshold") && argc > 1)
        {
          threshold = atof (argv[1]);
          argc -= 2, argv += 2;
        }
      else if (!strcmp (argv[0], "--self-test"))
        {
          self_test = 1;
          argc--, argv++;
        }
      else if (!strcmp (argv[0], "--control"))
        {
          control = 1;
          argc--, argv++;
        }
      else if (!strcmp (argv[0], "--verbose"))
        {
          verbose = 1;
          argc--, argv++;
        }
      else if (!strcmp (argv[0], "--seed") && argc > 1)
        {
          rng_state = strtoull (argv[1], NULL, 0);
          argc -= 2, argv += 2;
        }
      else
        {
          fprintf (stderr, "usage: ct-timing [--measurements N] "
                   "[--threshold T] [--seed S] [--control] [--verbose] "
                   "[--self-test] [TARGET...]\n");
          return 2;
        }
    }
  if (measurements < 2000)
    measurements = 2000;
  names = argv;
  nnames = argc;
  if (self_test)
    {
      double v = measure (&selftest);

      printf ("selftest: data-dependent loop, |t| = %.2f: %s\n", v,
              v > threshold ? "found" : "NOT FOUND");
      return v > threshold ? 0 : 1;
    }

  if (!gcry_check_version (NULL))
    return 2;
  printf ("# ct-timing: %lu measurements per target, fixed against "
          "random inputs, Welch's t (largest over %u crops)\n",
          measurements, (unsigned int)NCROPS);
  {
    char *hwf = gcry_get_config (0, "hwflist");

    printf ("# hwflist: %s\n", hwf ? hwf : "(unknown)");
    gcry_free (hwf);
  }

  for (s = 0; s < sizeof sets / sizeof sets[0]; s++)
    {
#ifdef USE_MLKEM
      if ((cur_ops = _gcry_mlkem_get_ops (sets[s])))
        for (i = 0; i < sizeof kem_kernels / sizeof kem_kernels[0]; i++)
          if (selected (kem_kernels[i].name, names, nnames))
            run_target (&kem_kernels[i], sets[s]);
#endif
#ifdef USE_MLDSA
      if ((cur_ops = _gcry_mldsa_get_ops (sets[s])))
        for (i = 0; i < sizeof dsa_kernels / sizeof dsa_kernels[0]; i++)
          if (selected (dsa_kernels[i].name, names, nnames))
            run_target (&dsa_kernels[i], sets[s]);
#endif
    }
#ifdef USE_MLKEM
  {
    unsigned long saved = measurements;

    /* The operations take about a hundred times a kernel.  */
    measurements = measurements / 10 < 2000 ? 2000 : measurements / 10;
    for (i = 0; i < sizeof kem_ops / sizeof kem_ops[0]; i++)
      if (selected (kem_ops[i].name, names, nnames))
        run_target (&kem_ops[i], _gcry_mlkem_backend_name ());
    measurements = saved;
  }
#endif
  if (!nran)
    {
      fprintf (stderr, "ct-timing: no target selected\n");
      return 2;
    }
  printf ("# %d target(s), %d above |t| = %.1f\n", nran, nleaks, threshold);
  return nleaks ? 1 : 0;
}
