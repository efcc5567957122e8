/* icount-driver.c - Call one kernel or operation N times, for counting
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

/* The program build-aux/ppc-icount.sh runs under qemu with an
 * instruction-counting plugin.  Usage:
 *
 *   icount-driver list
 *       Print "KERNEL BACKEND" for every kernel of every backend
 *       usable here that has its own code for it (an entry inherited
 *       from the portable set is not listed, as in bench-slope), then
 *       "OPERATION BACKEND" for the whole operations with the backend
 *       the library chose (GCRYPT_PQC_HWF_DISABLE changes it).
 *   icount-driver run NAME BACKEND N
 *       Prepare the inputs, then call NAME N times (N <= MAX_CALLS).
 *   icount-driver maps
 *       Print /proc/self/maps: under qemu the guest's mappings, which
 *       ppc-icount.sh --profile needs to name the code of shared
 *       libraries (qemu maps them at the same addresses in every run
 *       of the same program and environment).
 *
 * The preparation does not depend on N, so the difference of the
 * counts for two values of N, divided by their difference, is the
 * cost of one call without start-up and preparation.  The inputs come
 * from a fixed seed and the operations use fixed keys, messages and
 * randomness (deterministic signing), so the counts are reproducible.
 * In-place kernels work on a fresh copy of the input in every call:
 * MAX_CALLS copies are made beforehand, so no copying is counted.
 * Operations cycle through OP_MSGS messages; give N values that
 * differ by a multiple of OP_MSGS to average over all of them.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcrypt.h"

#include "types.h"
#include "keccak.h"
#ifdef USE_MLKEM
# include "mlkem-ops.h"
#endif
#ifdef USE_MLDSA
# include "mldsa-ops.h"
#endif

#define PGM "icount-driver"
#define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#define MAX_CALLS 600
#define OP_MSGS 8

int _gcry_keccak_get_backend (const char *name, keccak_permute_fn_t r_fn[3]);
#ifdef USE_MLKEM
const mlkem_ops_t *_gcry_mlkem_get_ops (const char *name);
#endif
#ifdef USE_MLDSA
const mldsa_ops_t *_gcry_mldsa_get_ops (const char *name);
#endif

/* The backend names of gcry_get_config ("backends").  */
static const char *const backend_names[] =
  { "generic", "avx2", "bmi2", "avx512", "vsx", "vsx-p10" };


static void
die (const char *format, const char *arg)
{
  fprintf (stderr, PGM ": ");
  fprintf (stderr, format, arg);
  fputc ('\n', stderr);
  exit (1);
}


/* Deterministic inputs (xorshift64 from a fixed seed).  */
static u64 rng_state = 0x2545f4914f6cdd1dULL;

static u32
rnd32 (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (u32)(rng_state >> 32);
}

/* In [-(B-1), B-1].  */
static s32
rnd_signed (s32 b)
{
  return (s32)(rnd32 () % (u32)(2 * b - 1)) - (b - 1);
}

static void
rnd_bytes (byte *p, size_t n)
{
  while (n--)
    *p++ = (byte)rnd32 ();
}


/*
 * Kernels.
 */

enum kset { KS_KECCAK, KS_MLKEM, KS_MLDSA };

enum kid
  {
    K_KECCAK_X1, K_KECCAK_X4, K_KECCAK_X8,
    K_MLKEM_NTT, K_MLKEM_INVNTT, K_MLKEM_BASEMUL, K_MLKEM_MULCACHE,
    K_MLKEM_REDUCE, K_MLKEM_TOMONT, K_MLKEM_MATRIX, K_MLKEM_COMPRESS,
    K_MLKEM_DECOMPRESS,
    K_MLDSA_NTT, K_MLDSA_INVNTT, K_MLDSA_POINTWISE, K_MLDSA_POINTWISE_ACC,
    K_MLDSA_REDUCE, K_MLDSA_CADDQ, K_MLDSA_EXPANDA
  };

struct kernel
{
  const char *name;
  enum kset set;
  enum kid id;
  unsigned int arg;        /* k or l, or the Keccak width slot.  */
  size_t ops_offset;       /* Of the entry in the ops table.  */
};

#define OFF(type, member) ((size_t)&((type *)0)->member)

static const struct kernel kernels[] =
  {
    { "keccak-f1600-x1", KS_KECCAK, K_KECCAK_X1, 0, 0 },
    { "keccak-f1600-x4", KS_KECCAK, K_KECCAK_X4, 1, 0 },
    { "keccak-f1600-x8", KS_KECCAK, K_KECCAK_X8, 2, 0 },
#ifdef USE_MLKEM
    { "mlkem-ntt", KS_MLKEM, K_MLKEM_NTT, 0, OFF (mlkem_ops_t, ntt) },
    { "mlkem-invntt", KS_MLKEM, K_MLKEM_INVNTT, 0,
      OFF (mlkem_ops_t, invntt_tomont) },
    { "mlkem-basemul-acc-k2", KS_MLKEM, K_MLKEM_BASEMUL, 2,
      OFF (mlkem_ops_t, basemul_acc) },
    { "mlkem-basemul-acc-k3", KS_MLKEM, K_MLKEM_BASEMUL, 3,
      OFF (mlkem_ops_t, basemul_acc) },
    { "mlkem-basemul-acc-k4", KS_MLKEM, K_MLKEM_BASEMUL, 4,
      OFF (mlkem_ops_t, basemul_acc) },
    { "mlkem-mulcache", KS_MLKEM, K_MLKEM_MULCACHE, 0,
      OFF (mlkem_ops_t, mulcache_compute) },
    { "mlkem-reduce", KS_MLKEM, K_MLKEM_REDUCE, 0, OFF (mlkem_ops_t, reduce) },
    { "mlkem-tomont", KS_MLKEM, K_MLKEM_TOMONT, 0, OFF (mlkem_ops_t, tomont) },
    /* SampleNTT of the 3 x 3 matrix, Keccak included (as in
       bench-slope): the parser's share is the difference between the
       backends.  */
    { "mlkem-matrix-k3", KS_MLKEM, K_MLKEM_MATRIX, 3,
      OFF (mlkem_ops_t, rej_uniform) },
    { "mlkem-compress-d4", KS_MLKEM, K_MLKEM_COMPRESS, 4,
      OFF (mlkem_ops_t, poly_compress) },
    { "mlkem-compress-d10", KS_MLKEM, K_MLKEM_COMPRESS, 10,
      OFF (mlkem_ops_t, poly_compress) },
    /* Not d = 4: no set has code of its own for it (the VSX entry
       passes it to the portable one, which GCC vectorises well).  */
    { "mlkem-decompress-d10", KS_MLKEM, K_MLKEM_DECOMPRESS, 10,
      OFF (mlkem_ops_t, poly_decompress) },
#endif
#ifdef USE_MLDSA
    { "mldsa-ntt", KS_MLDSA, K_MLDSA_NTT, 0, OFF (mldsa_ops_t, ntt) },
    { "mldsa-invntt", KS_MLDSA, K_MLDSA_INVNTT, 0,
      OFF (mldsa_ops_t, invntt_tomont) },
    { "mldsa-pointwise", KS_MLDSA, K_MLDSA_POINTWISE, 0,
      OFF (mldsa_ops_t, pointwise) },
    { "mldsa-pointwise-acc-l4", KS_MLDSA, K_MLDSA_POINTWISE_ACC, 4,
      OFF (mldsa_ops_t, pointwise_acc) },
    { "mldsa-pointwise-acc-l5", KS_MLDSA, K_MLDSA_POINTWISE_ACC, 5,
      OFF (mldsa_ops_t, pointwise_acc) },
    { "mldsa-pointwise-acc-l7", KS_MLDSA, K_MLDSA_POINTWISE_ACC, 7,
      OFF (mldsa_ops_t, pointwise_acc) },
    { "mldsa-reduce", KS_MLDSA, K_MLDSA_REDUCE, 0, OFF (mldsa_ops_t, reduce) },
    { "mldsa-caddq", KS_MLDSA, K_MLDSA_CADDQ, 0, OFF (mldsa_ops_t, caddq) },
    /* ExpandA of ML-DSA-65 through the 4-way and single samplers,
       Keccak included.  */
    { "mldsa-expanda-6x5", KS_MLDSA, K_MLDSA_EXPANDA, 30,
      OFF (mldsa_ops_t, poly_uniform_x4) },
#endif
  };


/* The function of kernel K in backend BACKEND, as the address of the
   entry in its table (or of FN for Keccak), or NULL if the backend is
   not usable here or inherits the portable entry.  */
static const void *
kernel_entry (const struct kernel *k, const char *backend,
              keccak_permute_fn_t fn[3])
{
  const char *table = NULL, *generic = NULL;

  switch (k->set)
    {
    case KS_KECCAK:
      if (_gcry_keccak_get_backend (backend, fn) || !fn[k->arg])
        return NULL;
      return &fn[k->arg];
#ifdef USE_MLKEM
    case KS_MLKEM:
      table = (const char *)_gcry_mlkem_get_ops (backend);
      generic = (const char *)_gcry_mlkem_get_ops ("generic");
      break;
#endif
#ifdef USE_MLDSA
    case KS_MLDSA:
      table = (const char *)_gcry_mldsa_get_ops (backend);
      generic = (const char *)_gcry_mldsa_get_ops ("generic");
      break;
#endif
    default:
      break;
    }
  if (!table)
    return NULL;
  if (table != generic
      && !memcmp (table + k->ops_offset, generic + k->ops_offset,
                  sizeof (void (*) (void))))
    return NULL;
  return table + k->ops_offset;
}


static u64 keccak_state[25 * 8];

#ifdef USE_MLKEM
static mlkem_poly kem_a, kem_r;
static mlkem_poly_ntt kem_ahat, kem_rhat;
static mlkem_poly_ntt kem_u[MLKEM_K_MAX], kem_v[MLKEM_K_MAX];
static mlkem_poly_mulcache kem_vc[MLKEM_K_MAX];
static mlkem_poly kem_copies[MAX_CALLS];
static mlkem_poly_ntt kem_matrix[MLKEM_K_MAX * MLKEM_K_MAX];
static byte kem_bytes[32 * 11];
#endif
#ifdef USE_MLDSA
#define DSA_L_MAX 7
static mldsa_poly_t dsa_a, dsa_r;
static mldsa_poly_t dsa_u[DSA_L_MAX], dsa_v[DSA_L_MAX];
static mldsa_poly_t dsa_copies[MAX_CALLS];
static mldsa_poly_t dsa_matrix[30];
#endif


static void
run_kernel (const struct kernel *k, const char *backend, unsigned long n)
{
  keccak_permute_fn_t fn[3] = { NULL, NULL, NULL };
  unsigned long c;
  unsigned int i, j;

  if (!kernel_entry (k, backend, fn))
    die ("backend %s has no own kernel here", backend);

  for (i = 0; i < DIM (keccak_state); i++)
    keccak_state[i] = ((u64)rnd32 () << 32) | rnd32 ();

  switch (k->set)
    {
    case KS_KECCAK:
      for (c = 0; c < n; c++)
        fn[k->arg] (keccak_state);
      break;

#ifdef USE_MLKEM
    case KS_MLKEM:
      {
        const mlkem_ops_t *ops = _gcry_mlkem_get_ops (backend);

        /* Inputs within the bounds of mlkem-ops.h; NTT-domain data in
           the backend's order, made by its own NTT.  */
        for (i = 0; i < MLKEM_N; i++)
          kem_a.coeffs[i] = (s16)rnd_signed (MLKEM_Q);
        ops->ntt (&kem_ahat, &kem_a);
        for (j = 0; j < MLKEM_K_MAX; j++)
          {
            for (i = 0; i < MLKEM_N; i++)
              kem_u[j].coeffs[i] = (s16)(rnd32 () % 4096);
            for (i = 0; i < MLKEM_N; i++)
              kem_r.coeffs[i] = (s16)rnd_signed (MLKEM_Q);
            ops->ntt (&kem_v[j], &kem_r);
            ops->mulcache_compute (&kem_vc[j], &kem_v[j]);
          }
        for (c = 0; c < MAX_CALLS; c++)
          for (i = 0; i < MLKEM_N; i++)
            kem_copies[c].coeffs[i] = (s16)rnd32 ();
        rnd_bytes (kem_bytes, sizeof kem_bytes);

        for (c = 0; c < n; c++)
          switch (k->id)
            {
            case K_MLKEM_NTT:
              ops->ntt (&kem_rhat, &kem_a);
              break;
            case K_MLKEM_INVNTT:
              ops->invntt_tomont (&kem_r, &kem_ahat);
              break;
            case K_MLKEM_BASEMUL:
              ops->basemul_acc (&kem_rhat, kem_u, kem_v, kem_vc, k->arg);
              break;
            case K_MLKEM_MULCACHE:
              ops->mulcache_compute (&kem_vc[0], &kem_v[0]);
              break;
            case K_MLKEM_REDUCE:
              ops->reduce (kem_copies[c].coeffs);
              break;
            case K_MLKEM_TOMONT:
              ops->tomont (kem_copies[c].coeffs);
              break;
            case K_MLKEM_MATRIX:
              /* rho: the first 32 input bytes.  */
              _gcry_mlkem_gen_matrix_ntt (ops, kem_matrix, kem_bytes, k->arg,
                                          0);
              break;
            case K_MLKEM_COMPRESS:
              ops->poly_compress (kem_bytes, &kem_a, k->arg);
              break;
            case K_MLKEM_DECOMPRESS:
              ops->poly_decompress (&kem_r, kem_bytes, k->arg);
              break;
            default:
              abort ();
            }
      }
      break;
#endif /*USE_MLKEM*/

#ifdef USE_MLDSA
    case KS_MLDSA:
      {
        const mldsa_ops_t *ops = _gcry_mldsa_get_ops (backend);

        for (i = 0; i < MLDSA_N; i++)
          dsa_a.coeffs[i] = rnd_signed (MLDSA_Q);
        for (j = 0; j < DSA_L_MAX; j++)
          for (i = 0; i < MLDSA_N; i++)
            {
              dsa_u[j].coeffs[i] = rnd_signed (MLDSA_Q);
              dsa_v[j].coeffs[i] = rnd_signed (9 * MLDSA_Q);
            }
        /* Fresh inputs for the in-place kernels: |a| < q fits the NTTs
           and caddq; reduce takes |a| < 2^31 - 2^22.  */
        for (c = 0; c < MAX_CALLS; c++)
          for (i = 0; i < MLDSA_N; i++)
            dsa_copies[c].coeffs[i]
              = k->id == K_MLDSA_REDUCE ? rnd_signed ((1 << 30) + (1 << 29))
                                        : rnd_signed (MLDSA_Q);

        for (c = 0; c < n; c++)
          switch (k->id)
            {
            case K_MLDSA_NTT:
              ops->ntt (&dsa_copies[c]);
              break;
            case K_MLDSA_INVNTT:
              ops->invntt_tomont (&dsa_copies[c]);
              break;
            case K_MLDSA_POINTWISE:
              ops->pointwise (&dsa_r, &dsa_u[0], &dsa_v[0]);
              break;
            case K_MLDSA_POINTWISE_ACC:
              ops->pointwise_acc (&dsa_r, dsa_u, dsa_v, k->arg);
              break;
            case K_MLDSA_REDUCE:
              ops->reduce (&dsa_copies[c]);
              break;
            case K_MLDSA_CADDQ:
              ops->caddq (&dsa_copies[c]);
              break;
            case K_MLDSA_EXPANDA:
              /* rho: bytes of the first input polynomial.  */
              for (i = 0; i < k->arg; i += 4)
                {
                  mldsa_poly_t *ptr[4];
                  u16 nonce[4];

                  for (j = 0; j < 4 && i + j < k->arg; j++)
                    {
                      ptr[j] = &dsa_matrix[i + j];
                      nonce[j] = (u16)((((i + j) / 5) << 8) | ((i + j) % 5));
                    }
                  if (j == 4)
                    ops->poly_uniform_x4 (ptr, (const byte *)dsa_u, nonce);
                  else
                    while (j--)
                      ops->poly_uniform (ptr[j], (const byte *)dsa_u,
                                         nonce[j]);
                }
              break;
            default:
              abort ();
            }
      }
      break;
#endif /*USE_MLDSA*/

    default:
      abort ();
    }
}


/*
 * Whole operations through the public API.
 */

/* The backend the library uses for SET ("mlkem", "mldsa"), from
   gcry_get_config; a static buffer, "" if unknown.  */
static const char *
active_backend (const char *set)
{
  static char name[32];
  char *cfg = gcry_get_config (0, "backends");
  char *p, *e;
  size_t len = strlen (set);

  *name = 0;
  for (p = cfg; p && (p = strstr (p, set)); p += len)
    if (p[-1] == ':' && p[len] == ':')
      {
        p += len + 1;
        e = strchr (p, ':');
        if (e && (size_t)(e - p) < sizeof name)
          {
            memcpy (name, p, e - p);
            name[e - p] = 0;
          }
        break;
      }
  gcry_free (cfg);
  return name;
}

static void
check_err (gcry_error_t err, const char *what)
{
  if (err)
    {
      fprintf (stderr, PGM ": %s: %s\n", what, gcry_strerror (err));
      exit (1);
    }
}

#ifdef USE_MLKEM
static void
run_mlkem768 (int decaps, unsigned long n)
{
  static byte pk[1184], sk[2400], ct[1088], ss[32];
  byte seed[64], m[OP_MSGS][32];
  unsigned long c;

  rnd_bytes (seed, sizeof seed);
  rnd_bytes (&m[0][0], sizeof m);
  check_err (gcry_kem_genkey (GCRY_KEM_MLKEM768, pk, sizeof pk, sk, sizeof sk,
                              seed, sizeof seed), "genkey");
  check_err (gcry_kem_encap (GCRY_KEM_MLKEM768, pk, sizeof pk, ct, sizeof ct,
                             ss, sizeof ss, m[0], sizeof m[0]), "encap");
  for (c = 0; c < n; c++)
    if (decaps)
      {
        /* Alternate between the valid ciphertext and one with a
           flipped bit (implicit rejection): decapsulation must cost
           the same for both.  */
        ct[c % OP_MSGS] ^= (c & 1);
        check_err (gcry_kem_decap (GCRY_KEM_MLKEM768, sk, sizeof sk,
                                   ct, sizeof ct, ss, sizeof ss, NULL, 0),
                   "decap");
        ct[c % OP_MSGS] ^= (c & 1);
      }
    else
      check_err (gcry_kem_encap (GCRY_KEM_MLKEM768, pk, sizeof pk,
                                 ct, sizeof ct, ss, sizeof ss,
                                 m[c % OP_MSGS], sizeof m[0]), "encap");
}
#endif

#ifdef USE_MLDSA
static void
run_mldsa65 (int verify, unsigned long n)
{
  byte xi[32], msg[OP_MSGS][32];
  gcry_sexp_t parms, key, pkey, skey, data[OP_MSGS], sig[OP_MSGS];
  unsigned long c;
  int i;

  rnd_bytes (xi, sizeof xi);
  rnd_bytes (&msg[0][0], sizeof msg);
  check_err (gcry_sexp_build (&parms, NULL, "(genkey (dilithium3 (S %b)))",
                              (int)sizeof xi, xi), "sexp");
  check_err (gcry_pk_genkey (&key, parms), "genkey");
  pkey = gcry_sexp_find_token (key, "public-key", 0);
  skey = gcry_sexp_find_token (key, "private-key", 0);
  if (!pkey || !skey)
    die ("no key in the genkey result%s", "");
  for (i = 0; i < OP_MSGS; i++)
    {
      check_err (gcry_sexp_build (&data[i], NULL,
                                  "(data (flags deterministic) (value %b))",
                                  (int)sizeof msg[i], msg[i]), "sexp");
      sig[i] = NULL;
      if (verify)
        check_err (gcry_pk_sign (&sig[i], data[i], skey), "sign");
    }

  for (c = 0; c < n; c++)
    if (verify)
      check_err (gcry_pk_verify (sig[c % OP_MSGS], data[c % OP_MSGS], pkey),
                 "verify");
    else
      {
        gcry_sexp_t s;

        check_err (gcry_pk_sign (&s, data[c % OP_MSGS], skey), "sign");
        gcry_sexp_release (s);
      }

  for (i = 0; i < OP_MSGS; i++)
    {
      gcry_sexp_release (data[i]);
      gcry_sexp_release (sig[i]);
    }
  gcry_sexp_release (pkey);
  gcry_sexp_release (skey);
  gcry_sexp_release (key);
  gcry_sexp_release (parms);
}
#endif

struct operation
{
  const char *name;
  const char *set;            /* For active_backend.  */
  void (*fn) (int, unsigned long);
  int arg;
};

static const struct operation operations[] =
  {
#ifdef USE_MLKEM
    { "mlkem768-encaps", "mlkem", run_mlkem768, 0 },
    { "mlkem768-decaps", "mlkem", run_mlkem768, 1 },
#endif
#ifdef USE_MLDSA
    { "mldsa65-sign", "mldsa", run_mldsa65, 0 },
    { "mldsa65-verify", "mldsa", run_mldsa65, 1 },
#endif
    { NULL }
  };


int
main (int argc, char **argv)
{
  unsigned int i, b;
  const struct operation *op;

  if (!gcry_check_version (GCRYPT_VERSION))
    die ("library version mismatch (%s)", gcry_check_version (NULL));
  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  if (argc == 2 && !strcmp (argv[1], "list"))
    {
      keccak_permute_fn_t fn[3];

      for (i = 0; i < DIM (kernels); i++)
        for (b = 0; b < DIM (backend_names); b++)
          if (kernel_entry (&kernels[i], backend_names[b], fn))
            printf ("%s %s\n", kernels[i].name, backend_names[b]);
      for (op = operations; op->name; op++)
        printf ("%s %s\n", op->name, active_backend (op->set));
      return 0;
    }

  if (argc == 2 && !strcmp (argv[1], "maps"))
    {
      FILE *fp = fopen ("/proc/self/maps", "r");
      int ch;

      if (!fp)
        die ("cannot read %s", "/proc/self/maps");
      while ((ch = getc (fp)) != EOF)
        putchar (ch);
      fclose (fp);
      return 0;
    }

  if (argc == 5 && !strcmp (argv[1], "run"))
    {
      char *end;
      unsigned long n = strtoul (argv[4], &end, 10);

      if (*end || n > MAX_CALLS)
        die ("bad call count %s", argv[4]);
      for (i = 0; i < DIM (kernels); i++)
        if (!strcmp (argv[2], kernels[i].name))
          {
            run_kernel (&kernels[i], argv[3], n);
            return 0;
          }
      for (op = operations; op->name; op++)
        if (!strcmp (argv[2], op->name))
          {
            /* The library picks the backend; the caller selects it
               with GCRYPT_PQC_HWF_DISABLE.  */
            if (strcmp (active_backend (op->set), argv[3]))
              die ("the library does not use backend %s here", argv[3]);
            op->fn (op->arg, n);
            return 0;
          }
      die ("unknown kernel or operation %s", argv[2]);
    }

  fprintf (stderr, "usage: " PGM " list\n"
           "       " PGM " maps\n"
           "       " PGM " run KERNEL|OPERATION BACKEND N\n");
  return 2;
}
