/* t-mlkem.c - Tests of ML-KEM (FIPS 203)
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

/* Everything goes through the public API (gcry_kem_*, gcry_pk_*), with
 * the documented OPTIONAL seed and message arguments for the
 * deterministic cases.  Parts:
 *
 *   tables       recompute cipher/mlkem-tables.h from the formulas
 *   accumulated  SHAKE-128-driven KeyGen/Encaps/Decaps, 100 and 10000
 *                iterations (no external data needed)
 *   acvp         NIST ACVP keyGen and encapDecap (both revisions)
 *   wycheproof   all four ML-KEM file kinds, all three sizes
 *   cctv         strcmp, modulus, unlucky sample, intermediate
 *   api          round trips through both APIs, keygrip, testkey,
 *                GCRYCTL_SELFTEST
 *   bad          bad input of every kind
 *   ct           encaps/decaps with the secrets marked for Valgrind
 *
 * Options: the common ones of t-common.h (--verbose, --disable-hwf
 * NAME, --data DIR), plus --only PART (repeatable), --quick (100
 * accumulated iterations instead of 10000) and --iterations N (run
 * the accumulated test for N iterations, e.g. 1000000; the digests at
 * 100 and 10000 are checked on the way, the final one is printed).
 *
 * The file is built twice (tests/Makefile.am): t-mlkem runs the parts
 * that need no external data, t-mlkem-vectors (T_VECTORS defined to
 * 1) the parts acvp, wycheproof and cctv, which read the shared
 * vectors.  Without the vectors t-mlkem-vectors exits 77, so that
 * make check reports the missing vectors as a SKIP of its own (or, with
 * GCRYPT_PQC_REQUIRE_VECTORS=1, as a failure).  */

#ifndef T_VECTORS
# define T_VECTORS 0
#endif
#if T_VECTORS
# define PGM "t-mlkem-vectors"
#else
# define PGM "t-mlkem"
#endif
#include "t-common.h"
#ifdef __linux__
# include <sys/resource.h>
#endif
#include "../cipher/mlkem-tables.h"

#include "t-valgrind.h"

/* Parameter sets under test, with the expected accumulated-test
 * digests.  */
struct pset
{
  int algo;
  const char *name;        /* S-expression name.  */
  const char *acvp_name;   /* ACVP / Wycheproof parameterSet.  */
  unsigned int nbits;
  size_t ek_len, dk_len, ct_len;
  const char *acc100, *acc10k;
};

static const struct pset psets[3] =
  {
    { GCRY_KEM_MLKEM512, "kyber512", "ML-KEM-512", 512,
      GCRY_KEM_MLKEM512_PUBKEY_LEN, GCRY_KEM_MLKEM512_SECKEY_LEN,
      GCRY_KEM_MLKEM512_CIPHER_LEN,
      "449120c6e320ef3e9fbfa2316e5f2d2e1e6dd37d8ff5d086d5d2db7d42aff0a1",
      "705dcffc87f4e67e35a09dcaa31772e86f3341bd3ccf1e78a5fef99ae6a35a13" },
    { GCRY_KEM_MLKEM768, "kyber768", "ML-KEM-768", 768,
      GCRY_KEM_MLKEM768_PUBKEY_LEN, GCRY_KEM_MLKEM768_SECKEY_LEN,
      GCRY_KEM_MLKEM768_CIPHER_LEN,
      "8d65b902f28edc683cebee2872962fd165a4d197c9e24ec74caa4470270df0b7",
      "f959d18d3d1180121433bf0e05f11e7908cf9d03edc150b2b07cb90bef5bc1c1" },
    { GCRY_KEM_MLKEM1024, "kyber1024", "ML-KEM-1024", 1024,
      GCRY_KEM_MLKEM1024_PUBKEY_LEN, GCRY_KEM_MLKEM1024_SECKEY_LEN,
      GCRY_KEM_MLKEM1024_CIPHER_LEN,
      "c3ffe9ebecfa479c142656cbfbc6417efa05b77e994fe538eef4daed166363df",
      "e3bf82b013307b2e9d47dde791ff6dfc82e694e6382404abdb948b908b75bad5" }
  };

static int quick;
static long iterations = 10000;
static const char *only_parts[16];
static int n_only;

/* True if PART reads the shared vectors (it belongs to
   t-mlkem-vectors).  */
static int
vector_part (const char *part)
{
  return (!strcmp (part, "acvp") || !strcmp (part, "wycheproof")
          || !strcmp (part, "cctv"));
}

/* True if PART is to run: it belongs to this program (see above) and
   --only did not leave it out.  */
static int
want (const char *part)
{
  int i;

  if (vector_part (part) != T_VECTORS)
    return 0;
  if (!n_only)
    return 1;
  for (i = 0; i < n_only; i++)
    if (!strcmp (only_parts[i], part))
      return 1;
  return 0;
}

static const struct pset *
pset_by_acvp_name (const char *name)
{
  int i;

  for (i = 0; name && i < 3; i++)
    if (!strcmp (psets[i].acvp_name, name))
      return &psets[i];
  return NULL;
}

static void *
xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);

  if (!p)
    die ("out of core");
  return p;
}

static int
bufeq (const void *a, size_t alen, const void *b, size_t blen)
{
  return a && b && alen == blen && !memcmp (a, b, alen);
}

/* K = J (z || c) = SHAKE256 (z || c, 32): the implicit-rejection key
 * (FIPS 203 Algorithm 18 line 7), computed independently through
 * gcry_md.  */
static void
reject_key (unsigned char out[32], const unsigned char z[32],
            const unsigned char *c, size_t clen)
{
  gcry_md_hd_t h;

  if (gcry_md_open (&h, GCRY_MD_SHAKE256, 0))
    die ("gcry_md_open SHAKE256 failed");
  gcry_md_write (h, z, 32);
  gcry_md_write (h, c, clen);
  gcry_md_extract (h, GCRY_MD_SHAKE256, out, 32);
  gcry_md_close (h);
}



/*
 * tables: recompute every constant of cipher/mlkem-tables.h from the
 * formulas of FIPS 203 section 4.3 (zeta = 17, BitRev7), without
 * looking at the generator.
 */

static long
powmod_q (long b, long e)
{
  long r = 1;

  for (; e > 0; e--)
    r = r * b % 3329;
  return r;
}

static long
centered_q (long a)
{
  a %= 3329;
  if (a < 0)
    a += 3329;
  return a > 1664 ? a - 3329 : a;
}

static void
test_tables (void)
{
  int i, b, ok = 1;
  long r = 65536 % 3329;

  for (i = 0; i < 128; i++)
    {
      int br = 0;

      for (b = 0; b < 7; b++)
        if (i & (1 << b))
          br |= 1 << (6 - b);
      if (mlkem_zetas_mont[i] != centered_q (powmod_q (17, br) * r)
          || mlkem_gammas_mont[i] != centered_q (powmod_q (17, 2 * br + 1) * r))
        ok = 0;
    }
  check (ok, "tables: zetas and gammas");

  /* The per-pair copies for the layers len = 4 and 2: entry i belongs
     to the block of eight b = i/2 and repeats the twiddle 17^BitRev7(k)
     of that block's butterflies (len 4: k = 32 + b; len 2: k = 64 + 2b
     and 65 + 2b; the inverse NTT takes them in reverse order).  */
  ok = 1;
  for (i = 0; i < 64; i++)
    {
      int bl = i / 2, k[6], j;

      k[0] = 32 + bl;
      k[1] = 64 + 2 * bl;
      k[2] = 65 + 2 * bl;
      k[3] = 127 - 2 * bl;
      k[4] = 126 - 2 * bl;
      k[5] = 63 - bl;
      for (j = 0; j < 6; j++)
        {
          int br = 0;
          long want;

          for (b = 0; b < 7; b++)
            if (k[j] & (1 << b))
              br |= 1 << (6 - b);
          want = centered_q (powmod_q (17, br) * r);
          if ((j < 3 ? mlkem_ntt_tail_mont[j][i]
               : mlkem_invntt_head_mont[j - 3][i]) != want)
            ok = 0;
        }
    }
  check (ok, "tables: twiddles per coefficient pair");
  check ((MLKEM_QINV * 3329) % 65536 == 1
         || (MLKEM_QINV * 3329) % 65536 == -65535,
         "tables: QINV");
  check (MLKEM_BARRETT_V == ((1L << 26) + 3329 / 2) / 3329, "tables: Barrett");
  check (MLKEM_MONT_R2 == centered_q (r * r), "tables: R^2");
  /* F * 128 = R^2 mod q.  */
  check (centered_q ((long)MLKEM_INVNTT_F * 128) == centered_q (r * r),
         "tables: INVNTT_F");
}



/*
 * accumulated: a SHAKE-128 stream with empty input supplies d, z, m
 * and a random ciphertext per iteration; ek, dk, c, K and the
 * decapsulation of the random ciphertext go into a second SHAKE-128.
 */

static void
test_accumulated (const struct pset *ps)
{
  gcry_md_hd_t src, acc, snap;
  unsigned char seed[64], m[32], k[32], k2[32], digest[32];
  unsigned char *ek = xmalloc (ps->ek_len), *dk = xmalloc (ps->dk_len);
  unsigned char *ct = xmalloc (ps->ct_len), *rct = xmalloc (ps->ct_len);
  long n, total = quick ? 100 : iterations;
  int bad = 0;
  gcry_error_t err;

  if (gcry_md_open (&src, GCRY_MD_SHAKE128, 0)
      || gcry_md_open (&acc, GCRY_MD_SHAKE128, 0))
    die ("gcry_md_open SHAKE128 failed");

  for (n = 1; n <= total; n++)
    {
      gcry_md_extract (src, GCRY_MD_SHAKE128, seed, 64);
      gcry_md_extract (src, GCRY_MD_SHAKE128, m, 32);
      gcry_md_extract (src, GCRY_MD_SHAKE128, rct, ps->ct_len);

      err = gcry_kem_genkey (ps->algo, ek, ps->ek_len, dk, ps->dk_len,
                             seed, 64);
      if (!err)
        err = gcry_kem_encap (ps->algo, ek, ps->ek_len, ct, ps->ct_len,
                              k, 32, m, 32);
      if (!err)
        err = gcry_kem_decap (ps->algo, dk, ps->dk_len, ct, ps->ct_len,
                              k2, 32, NULL, 0);
      if (err || memcmp (k, k2, 32))
        bad++;
      gcry_md_write (acc, ek, ps->ek_len);
      gcry_md_write (acc, dk, ps->dk_len);
      gcry_md_write (acc, ct, ps->ct_len);
      gcry_md_write (acc, k, 32);
      err = gcry_kem_decap (ps->algo, dk, ps->dk_len, rct, ps->ct_len,
                            k2, 32, NULL, 0);
      if (err)
        bad++;
      gcry_md_write (acc, k2, 32);

      if (n == 100 || n == 10000)
        {
          const char *expected = n == 100 ? ps->acc100 : ps->acc10k;

          if (gcry_md_copy (&snap, acc))
            die ("gcry_md_copy failed");
          gcry_md_extract (snap, GCRY_MD_SHAKE128, digest, 32);
          gcry_md_close (snap);
          check (!strcmp (test_buf2hex (digest, 32), expected) && !bad,
                 "accumulated %s, %ld iterations: %s (expected %s)",
                 ps->acvp_name, n, test_buf2hex (digest, 32), expected);
        }
    }
  if (total != 100 && total != 10000)
    {
      /* No expected value known: report the digest.  */
      gcry_md_extract (acc, GCRY_MD_SHAKE128, digest, 32);
      printf ("%s: accumulated %s, %ld iterations: %s\n", PGM,
              ps->acvp_name, total, test_buf2hex (digest, 32));
      check (!bad, "accumulated %s, %ld iterations: round trips",
             ps->acvp_name, total);
    }
  gcry_md_close (src);
  gcry_md_close (acc);
  free (ek);
  free (dk);
  free (ct);
  free (rct);
}



/*
 * acvp: NIST ACVP sample vectors (internalProjection files carry the
 * inputs and the expected results).
 */

#ifdef HAVE_JSON_C
static void
test_acvp_keygen (void)
{
  json_object *root, *groups;
  size_t gi, ti;
  unsigned long n = 0, nbad = 0;

  root = test_load_json ("acvp/ML-KEM-keyGen-FIPS203.internalProjection.json");
  if (!root)
    return;
  json_object_object_get_ex (root, "testGroups", &groups);
  for (gi = 0; gi < json_object_array_length (groups); gi++)
    {
      json_object *g = json_object_array_get_idx (groups, gi), *tests;
      const struct pset *ps = pset_by_acvp_name (test_json_str (g, "parameterSet"));

      if (!ps || !json_object_object_get_ex (g, "tests", &tests))
        {
          fail ("acvp keyGen: bad group %zu", gi);
          continue;
        }
      for (ti = 0; ti < json_object_array_length (tests); ti++)
        {
          json_object *t = json_object_array_get_idx (tests, ti);
          size_t dlen, zlen, eklen, dklen;
          unsigned char *d = test_json_hex (t, "d", &dlen);
          unsigned char *z = test_json_hex (t, "z", &zlen);
          unsigned char *ek = test_json_hex (t, "ek", &eklen);
          unsigned char *dk = test_json_hex (t, "dk", &dklen);
          unsigned char seed[64];
          unsigned char *ek2 = xmalloc (ps->ek_len), *dk2 = xmalloc (ps->dk_len);

          n++;
          if (!d || !z || dlen != 32 || zlen != 32 || !ek || !dk)
            {
              nbad++;
              fail ("acvp keyGen tc %s: bad data", test_json_str (t, "tcId"));
            }
          else
            {
              memcpy (seed, d, 32);
              memcpy (seed + 32, z, 32);
              if (gcry_kem_genkey (ps->algo, ek2, ps->ek_len, dk2, ps->dk_len,
                                   seed, 64)
                  || !bufeq (ek2, ps->ek_len, ek, eklen)
                  || !bufeq (dk2, ps->dk_len, dk, dklen))
                {
                  nbad++;
                  fail ("acvp keyGen tc %s: mismatch", test_json_str (t, "tcId"));
                }
            }
          free (d); free (z); free (ek); free (dk); free (ek2); free (dk2);
        }
    }
  check (n == 75 && !nbad, "acvp keyGen: %lu cases, %lu bad", n, nbad);
  json_object_put (root);
}


/* One encapDecap file: groups "encapsulation", "decapsulation"
 * (expanded and seed keys), "encapsulationKeyCheck",
 * "decapsulationKeyCheck".  */
static void
test_acvp_encapdecap (const char *file)
{
  json_object *root, *groups;
  size_t gi, ti;
  unsigned long n[4] = { 0 }, nbad = 0;
  char path[256];

  snprintf (path, sizeof path, "acvp/%s.internalProjection.json", file);
  root = test_load_json (path);
  if (!root)
    return;
  json_object_object_get_ex (root, "testGroups", &groups);
  for (gi = 0; gi < json_object_array_length (groups); gi++)
    {
      json_object *g = json_object_array_get_idx (groups, gi), *tests;
      const struct pset *ps = pset_by_acvp_name (test_json_str (g, "parameterSet"));
      const char *fn = test_json_str (g, "function");
      const char *kf = test_json_str (g, "keyFormat");

      if (!ps || !fn || !json_object_object_get_ex (g, "tests", &tests))
        {
          fail ("acvp %s: bad group %zu", file, gi);
          continue;
        }
      for (ti = 0; ti < json_object_array_length (tests); ti++)
        {
          json_object *t = json_object_array_get_idx (tests, ti), *tp;
          const char *tc = test_json_str (t, "tcId");
          size_t eklen = 0, dklen = 0, clen = 0, klen = 0, mlen = 0, dlen = 0, zlen = 0;
          unsigned char *ek = test_json_hex (t, "ek", &eklen);
          unsigned char *dk = test_json_hex (t, "dk", &dklen);
          unsigned char *c = test_json_hex (t, "c", &clen);
          unsigned char *k = test_json_hex (t, "k", &klen);
          unsigned char *m = test_json_hex (t, "m", &mlen);
          unsigned char *d = test_json_hex (t, "d", &dlen);
          unsigned char *z = test_json_hex (t, "z", &zlen);
          unsigned char *ct2 = xmalloc (ps->ct_len);
          unsigned char *ek2 = xmalloc (ps->ek_len), *dk2 = xmalloc (ps->dk_len);
          unsigned char k2[32], seed[64];
          gcry_error_t err;
          int ok = 0;

          if (!strcmp (fn, "encapsulation"))
            {
              n[0]++;
              err = gcry_kem_encap (ps->algo, ek, eklen, ct2, ps->ct_len,
                                    k2, 32, m, mlen);
              ok = !err && bufeq (ct2, ps->ct_len, c, clen)
                   && bufeq (k2, 32, k, klen);
            }
          else if (!strcmp (fn, "decapsulation"))
            {
              n[1]++;
              if (kf && !strcmp (kf, "seed"))
                {
                  /* Seed keys: derive dk with KeyGen_internal first.  */
                  ok = d && z && dlen == 32 && zlen == 32;
                  if (ok)
                    {
                      memcpy (seed, d, 32);
                      memcpy (seed + 32, z, 32);
                      ok = !gcry_kem_genkey (ps->algo, ek2, ps->ek_len,
                                             dk2, ps->dk_len, seed, 64);
                    }
                  if (ok && dk)
                    ok = bufeq (dk2, ps->dk_len, dk, dklen);
                }
              else
                {
                  ok = dk && dklen == ps->dk_len;
                  if (ok)
                    memcpy (dk2, dk, dklen);
                }
              if (ok)
                {
                  err = gcry_kem_decap (ps->algo, dk2, ps->dk_len, c, clen,
                                        k2, 32, NULL, 0);
                  ok = !err && bufeq (k2, 32, k, klen);
                }
            }
          else if (!strcmp (fn, "encapsulationKeyCheck"))
            {
              int expect = json_object_object_get_ex (t, "testPassed", &tp)
                           && json_object_get_boolean (tp);

              n[2]++;
              err = gcry_kem_encap (ps->algo, ek, eklen, ct2, ps->ct_len,
                                    k2, 32, NULL, 0);
              /* Failures are a modulus overflow (GPG_ERR_BAD_PUBKEY) or,
                 in these sample files, a wrong length
                 (GPG_ERR_INV_ARG).  */
              ok = expect ? !err
                   : (gpg_err_code (err) == (eklen == ps->ek_len
                                             ? GPG_ERR_BAD_PUBKEY
                                             : GPG_ERR_INV_ARG));
            }
          else if (!strcmp (fn, "decapsulationKeyCheck"))
            {
              int expect = json_object_object_get_ex (t, "testPassed", &tp)
                           && json_object_get_boolean (tp);

              n[3]++;
              memset (ct2, 0, ps->ct_len);
              err = gcry_kem_decap (ps->algo, dk, dklen, ct2, ps->ct_len,
                                    k2, 32, NULL, 0);
              ok = expect ? !err
                   : (gpg_err_code (err) == (dklen == ps->dk_len
                                             ? GPG_ERR_BAD_SECKEY
                                             : GPG_ERR_INV_ARG));
            }
          else
            fail ("acvp %s: unknown function %s", file, fn);

          if (!ok)
            {
              nbad++;
              fail ("acvp %s %s %s tc %s: wrong result", file, fn,
                    ps->acvp_name, tc);
            }
          free (ek); free (dk); free (c); free (k); free (m); free (d);
          free (z); free (ct2); free (ek2); free (dk2);
        }
    }
  check (n[0] == 75 && n[1] == 60 && n[2] == 30 && n[3] == 30 && !nbad,
         "acvp %s: %lu encaps, %lu decaps, %lu ek checks, %lu dk checks, "
         "%lu bad", file, n[0], n[1], n[2], n[3], nbad);
  json_object_put (root);
}


/*
 * wycheproof.
 */

static void
test_wycheproof (const struct pset *ps, const char *kind)
{
  json_object *root, *groups;
  size_t gi, ti;
  unsigned long n = 0, ninvalid = 0, nbad = 0;
  char path[256];
  int bits = ps->nbits;

  snprintf (path, sizeof path, "wycheproof/mlkem_%d_%s.json", bits, kind);
  root = test_load_json (path);
  if (!root)
    return;
  json_object_object_get_ex (root, "testGroups", &groups);
  for (gi = 0; gi < json_object_array_length (groups); gi++)
    {
      json_object *g = json_object_array_get_idx (groups, gi), *tests;

      if (pset_by_acvp_name (test_json_str (g, "parameterSet")) != ps
          || !json_object_object_get_ex (g, "tests", &tests))
        {
          fail ("wycheproof %s: bad group %zu", path, gi);
          continue;
        }
      for (ti = 0; ti < json_object_array_length (tests); ti++)
        {
          json_object *t = json_object_array_get_idx (tests, ti);
          const char *tc = test_json_str (t, "tcId");
          const char *result = test_json_str (t, "result");
          int valid = result && !strcmp (result, "valid");
          size_t seedlen = 0, eklen = 0, dklen = 0, clen = 0, klen = 0, mlen = 0;
          unsigned char *seed = test_json_hex (t, "seed", &seedlen);
          unsigned char *ek = test_json_hex (t, "ek", &eklen);
          unsigned char *dk = test_json_hex (t, "dk", &dklen);
          unsigned char *c = test_json_hex (t, "c", &clen);
          unsigned char *k = test_json_hex (t, "K", &klen);
          unsigned char *m = test_json_hex (t, "m", &mlen);
          unsigned char *ek2 = xmalloc (ps->ek_len), *dk2 = xmalloc (ps->dk_len);
          unsigned char *ct2 = xmalloc (ps->ct_len);
          unsigned char k2[32];
          gcry_error_t err = 0;
          int ok = 0;

          n++;
          ninvalid += !valid;
          if (!strcmp (kind, "keygen_seed_test"))
            {
              err = gcry_kem_genkey (ps->algo, ek2, ps->ek_len, dk2, ps->dk_len,
                                     seed, seedlen);
              ok = valid && !err && bufeq (ek2, ps->ek_len, ek, eklen)
                   && bufeq (dk2, ps->dk_len, dk, dklen);
            }
          else if (!strcmp (kind, "encaps_test"))
            {
              err = gcry_kem_encap (ps->algo, ek, eklen, ct2, ps->ct_len,
                                    k2, 32, m, mlen);
              if (valid)
                ok = !err && bufeq (ct2, ps->ct_len, c, clen)
                     && bufeq (k2, 32, k, klen);
              else  /* Not reduced mod q, or too short / too long.  */
                ok = gpg_err_code (err) == (eklen == ps->ek_len
                                            ? GPG_ERR_BAD_PUBKEY
                                            : GPG_ERR_INV_ARG);
            }
          else if (!strcmp (kind, "test"))
            {
              /* seed -> (ek, dk); Decaps (dk, c) = K.  Invalid: seed
                 or ciphertext of the wrong length.  */
              err = gcry_kem_genkey (ps->algo, ek2, ps->ek_len, dk2, ps->dk_len,
                                     seed, seedlen);
              if (err)
                ok = !valid && seedlen != 64
                     && gpg_err_code (err) == GPG_ERR_INV_ARG;
              else
                {
                  int ekok = !ek || bufeq (ek2, ps->ek_len, ek, eklen);

                  err = gcry_kem_decap (ps->algo, dk2, ps->dk_len, c, clen,
                                        k2, 32, NULL, 0);
                  if (valid)
                    ok = ekok && !err && bufeq (k2, 32, k, klen);
                  else
                    ok = clen != ps->ct_len
                         && gpg_err_code (err) == GPG_ERR_INV_ARG;
                }
            }
          else if (!strcmp (kind, "semi_expanded_decaps_test"))
            {
              err = gcry_kem_decap (ps->algo, dk, dklen, c, clen,
                                    k2, 32, NULL, 0);
              if (valid)
                ok = !err && bufeq (k2, 32, k, klen);
              else if (dklen != ps->dk_len || clen != ps->ct_len)
                ok = gpg_err_code (err) == GPG_ERR_INV_ARG;
              else  /* Corrupted H (ek) or embedded ek.  */
                ok = gpg_err_code (err) == GPG_ERR_BAD_SECKEY;
            }
          if (!ok)
            {
              nbad++;
              fail ("wycheproof %s tc %s (%s): wrong result (%s)", path, tc,
                    result, gpg_strerror (err));
            }
          free (seed); free (ek); free (dk); free (c); free (k); free (m);
          free (ek2); free (dk2); free (ct2);
        }
    }
  check (n && !nbad, "wycheproof %s: %lu cases (%lu invalid), %lu bad",
         path, n, ninvalid, nbad);
  json_object_put (root);
}
#endif /*HAVE_JSON_C*/



/*
 * cctv: text files of "name = hex" lines.
 */

/* The fields of one record we use; others are ignored.  */
struct cctv_rec
{
  char *ek, *dk, *m, *k, *c;
};

static void
cctv_rec_clear (struct cctv_rec *r)
{
  free (r->ek); free (r->dk); free (r->m); free (r->k); free (r->c);
  memset (r, 0, sizeof *r);
}

/* Run what the record allows: Encaps (ek, m) = (c, K) and Decaps (dk,
 * c) = K.  Return the number of failed checks; add the number of
 * checks to *N.  */
static int
cctv_run (const struct pset *ps, struct cctv_rec *r, unsigned long *n)
{
  size_t eklen, dklen, mlen, klen, clen;
  unsigned char *ek = test_hex2buf (r->ek, &eklen);
  unsigned char *dk = test_hex2buf (r->dk, &dklen);
  unsigned char *m = test_hex2buf (r->m, &mlen);
  unsigned char *k = test_hex2buf (r->k, &klen);
  unsigned char *c = test_hex2buf (r->c, &clen);
  unsigned char *ct2 = xmalloc (ps->ct_len), k2[32];
  int bad = 0;

  if (r->ek && r->m && r->c && r->k)
    {
      (*n)++;
      if (gcry_kem_encap (ps->algo, ek, eklen, ct2, ps->ct_len, k2, 32, m, mlen)
          || !bufeq (ct2, ps->ct_len, c, clen) || !bufeq (k2, 32, k, klen))
        bad++;
    }
  if (r->dk && r->c && r->k)
    {
      (*n)++;
      if (gcry_kem_decap (ps->algo, dk, dklen, c, clen, k2, 32, NULL, 0)
          || !bufeq (k2, 32, k, klen))
        bad++;
    }
  free (ek); free (dk); free (m); free (k); free (c); free (ct2);
  return bad;
}

static void
test_cctv_text (const struct pset *ps, const char *dir)
{
  const char *vdir = test_vectors_dir ();
  char path[4096], *line = NULL;
  size_t cap = 0;
  ssize_t len;
  FILE *fp;
  struct cctv_rec r = { 0 };
  unsigned long n = 0;
  int bad = 0;

  if (!vdir)
    return;
  snprintf (path, sizeof path, "%s/cctv/ML-KEM/%s/%s.txt", vdir, dir,
            ps->acvp_name);
  fp = fopen (path, "r");
  if (!fp)
    {
      vectors_unavailable ("cannot open '%s'", path);
      return;
    }
  while ((len = getline (&line, &cap, fp)) >= 0)
    {
      char *eq = strstr (line, " = "), **slot = NULL;

      while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = 0;
      if (!eq)
        continue;
      *eq = 0;
      if (!strcmp (line, "ek"))
        slot = &r.ek;
      else if (!strcmp (line, "dk"))
        slot = &r.dk;
      else if (!strcmp (line, "m"))
        slot = &r.m;
      else if (!strcmp (line, "K"))
        slot = &r.k;
      else if (!strcmp (line, "c"))
        slot = &r.c;
      if (!slot)
        continue;
      if (*slot)
        {
          /* A field repeats: the previous record is complete.  */
          bad += cctv_run (ps, &r, &n);
          cctv_rec_clear (&r);
        }
      *slot = strdup (eq + 3);
    }
  bad += cctv_run (ps, &r, &n);
  cctv_rec_clear (&r);
  free (line);
  fclose (fp);
  check (n && !bad, "cctv %s %s: %lu checks, %d bad", dir, ps->acvp_name,
         n, bad);
}

/* Every line of modulus/ML-KEM-N.txt.gz is an ek with one coefficient
 * in [q, 4095]: all must fail the modulus check.  */
static void
test_cctv_modulus (const struct pset *ps)
{
  const char *vdir = test_vectors_dir ();
  char cmd[4200], *line = NULL;
  size_t cap = 0;
  ssize_t len;
  FILE *fp;
  unsigned long n = 0, bad = 0;
  unsigned char *ct = xmalloc (ps->ct_len), k[32];

  if (!vdir)
    {
      free (ct);
      return;
    }
  snprintf (cmd, sizeof cmd, "gzip -dc '%s/cctv/ML-KEM/modulus/%s.txt.gz'",
            vdir, ps->acvp_name);
  fp = popen (cmd, "r");
  if (!fp)
    {
      vectors_unavailable ("cannot run '%s'", cmd);
      free (ct);
      return;
    }
  while ((len = getline (&line, &cap, fp)) >= 0)
    {
      size_t eklen;
      unsigned char *ek;
      gcry_error_t err;

      while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = 0;
      if (!len)
        continue;
      ek = test_hex2buf (line, &eklen);
      n++;
      err = gcry_kem_encap (ps->algo, ek, eklen, ct, ps->ct_len, k, 32,
                            NULL, 0);
      if (!ek || eklen != ps->ek_len
          || gpg_err_code (err) != GPG_ERR_BAD_PUBKEY)
        bad++;
      free (ek);
    }
  free (line);
  if (pclose (fp) && !n)
    {
      vectors_unavailable ("gzip failed for %s", ps->acvp_name);
      free (ct);
      return;
    }
  check (n > 700 && !bad, "cctv modulus %s: %lu keys, %lu accepted",
         ps->acvp_name, n, bad);
  free (ct);
}



/*
 * api: round trips through both APIs.
 */

/* Return a copy of the value of "(TOKEN value)" inside KEY's
 * WHICH-key list, or NULL.  */
static unsigned char *
sexp_value (gcry_sexp_t key, const char *which, const char *token,
            size_t *r_len)
{
  gcry_sexp_t l1, l2;
  const char *data;
  unsigned char *buf = NULL;
  size_t len;

  l1 = gcry_sexp_find_token (key, which, 0);
  if (!l1)
    return NULL;
  l2 = gcry_sexp_find_token (l1, token, 0);
  gcry_sexp_release (l1);
  if (!l2)
    return NULL;
  data = gcry_sexp_nth_data (l2, 1, &len);
  if (data)
    {
      buf = xmalloc (len);
      memcpy (buf, data, len);
      *r_len = len;
    }
  gcry_sexp_release (l2);
  return buf;
}

static void
test_api (const struct pset *ps)
{
  static const char *const spellings[3] = { "kyber", "mlkem", "ML-KEM-" };
  unsigned char seed[64], m[32], k1[32], k2[32], grip[20], grip2[20];
  unsigned char *ek = xmalloc (ps->ek_len), *dk = xmalloc (ps->dk_len);
  unsigned char *ct = xmalloc (ps->ct_len), *buf;
  unsigned char *p = NULL, *s = NULL, *sd = NULL;
  size_t plen = 0, slen = 0, sdlen = 0;
  gcry_sexp_t parms, key;
  char name[32], *hash_in;
  int i;

  gcry_randomize (seed, 64, GCRY_STRONG_RANDOM);
  gcry_randomize (m, 32, GCRY_STRONG_RANDOM);

  /* gcry_pk_genkey with derive-parms equals gcry_kem_genkey with the
     same seed, and the result has exactly the documented shape.  */
  if (gcry_kem_genkey (ps->algo, ek, ps->ek_len, dk, ps->dk_len, seed, 64))
    fail ("api %s: gcry_kem_genkey failed", ps->name);
  for (i = 0; i < 3; i++)
    {
      gcry_error_t err;

      snprintf (name, sizeof name, "%s%s%u", spellings[i],
                i == 2 ? "" : "", ps->nbits);
      err = gcry_sexp_build (&parms, NULL,
                             "(genkey (%s (derive-parms (seed %b))))",
                             name, 64, seed);
      if (!err)
        err = gcry_pk_genkey (&key, parms);
      gcry_sexp_release (parms);
      if (err)
        {
          fail ("api %s: gcry_pk_genkey (%s): %s", ps->name, name,
                gpg_strerror (err));
          continue;
        }
      {
        gcry_sexp_t expected;

        err = gcry_sexp_build (&expected, NULL,
                               "(key-data (public-key (%s (p %b)))"
                               " (private-key (%s (p %b) (s %b) (seed %b))))",
                               ps->name, (int)ps->ek_len, ek,
                               ps->name, (int)ps->ek_len, ek,
                               (int)ps->dk_len, dk, 64, seed);
        if (!err)
          {
            size_t n1 = gcry_sexp_sprint (key, GCRYSEXP_FMT_CANON, NULL, 0);
            size_t n2 = gcry_sexp_sprint (expected, GCRYSEXP_FMT_CANON, NULL, 0);
            char *b1 = xmalloc (n1), *b2 = xmalloc (n2);

            gcry_sexp_sprint (key, GCRYSEXP_FMT_CANON, b1, n1);
            gcry_sexp_sprint (expected, GCRYSEXP_FMT_CANON, b2, n2);
            check (n1 == n2 && !memcmp (b1, b2, n1),
                   "api %s: genkey (%s) derive-parms result", ps->name, name);
            free (b1);
            free (b2);
          }
        gcry_sexp_release (expected);
      }
      check (gcry_pk_get_nbits (key) == ps->nbits, "api %s: get_nbits",
             ps->name);
      gcry_sexp_release (key);
      check (gcry_pk_map_name (name) == GCRY_PK_KEM, "api: map_name %s", name);
    }

  /* A random key from gcry_pk_genkey used with gcry_kem_*.  */
  snprintf (name, sizeof name, "(genkey (%s))", ps->name);
  if (gcry_sexp_new (&parms, name, 0, 1) || gcry_pk_genkey (&key, parms))
    fail ("api %s: random gcry_pk_genkey failed", ps->name);
  else
    {
      p = sexp_value (key, "public-key", "p", &plen);
      s = sexp_value (key, "private-key", "s", &slen);
      sd = sexp_value (key, "private-key", "seed", &sdlen);
      check (p && s && sd && plen == ps->ek_len && slen == ps->dk_len
             && sdlen == 64, "api %s: random key shape", ps->name);
      if (p && s && plen == ps->ek_len && slen == ps->dk_len)
        check (!gcry_kem_encap (ps->algo, p, plen, ct, ps->ct_len, k1, 32,
                                NULL, 0)
               && !gcry_kem_decap (ps->algo, s, slen, ct, ps->ct_len, k2, 32,
                                   NULL, 0)
               && !memcmp (k1, k2, 32),
               "api %s: pk key used with gcry_kem", ps->name);
      check (!gcry_pk_testkey (key), "api %s: testkey of generated key",
             ps->name);
      gcry_sexp_release (key);
    }
  gcry_sexp_release (parms);
  free (p); free (s); free (sd);

  /* A key from gcry_kem_genkey used through gcry_pk: testkey, nbits,
     keygrip (SHA-1 over "kyber768", NUL, p).  */
  if (gcry_kem_encap (ps->algo, ek, ps->ek_len, ct, ps->ct_len, k1, 32,
                      NULL, 0))
    fail ("api %s: encap failed", ps->name);
  hash_in = xmalloc (strlen (ps->name) + 1 + ps->ek_len);
  strcpy (hash_in, ps->name);
  memcpy (hash_in + strlen (ps->name) + 1, ek, ps->ek_len);
  gcry_md_hash_buffer (GCRY_MD_SHA1, grip2, hash_in,
                       strlen (ps->name) + 1 + ps->ek_len);
  free (hash_in);

  if (!gcry_sexp_build (&key, NULL, "(private-key (%s (p %b) (s %b)))",
                        ps->name, (int)ps->ek_len, ek, (int)ps->dk_len, dk))
    {
      check (!gcry_pk_testkey (key), "api %s: testkey (p, s)", ps->name);
      check (gcry_pk_get_keygrip (key, grip) && !memcmp (grip, grip2, 20),
             "api %s: keygrip", ps->name);
      gcry_sexp_release (key);
    }
  snprintf (name, sizeof name, "ml-kem-%u", ps->nbits);
  if (!gcry_sexp_build (&key, NULL, "(public-key (%s (p %b)))",
                        name, (int)ps->ek_len, ek))
    {
      check (gcry_pk_get_keygrip (key, grip) && !memcmp (grip, grip2, 20),
             "api %s: keygrip of %s public key", ps->name, name);
      check (gcry_pk_get_nbits (key) == ps->nbits, "api %s: nbits %s",
             ps->name, name);
      gcry_sexp_release (key);
    }
  /* Seed-only private key: expanded on use.  */
  if (!gcry_sexp_build (&key, NULL, "(private-key (%s (seed %b)))",
                        ps->name, 64, seed))
    {
      check (!gcry_pk_testkey (key), "api %s: testkey (seed only)", ps->name);
      check (gcry_pk_get_keygrip (key, grip) && !memcmp (grip, grip2, 20),
             "api %s: keygrip (seed only)", ps->name);
      gcry_sexp_release (key);
    }
  /* Inconsistent parts.  */
  buf = xmalloc (ps->dk_len);
  memcpy (buf, dk, ps->dk_len);
  buf[ps->dk_len - 40] ^= 1;   /* Inside H (ek).  */
  if (!gcry_sexp_build (&key, NULL, "(private-key (%s (p %b) (s %b)))",
                        ps->name, (int)ps->ek_len, ek, (int)ps->dk_len, buf))
    {
      check (gpg_err_code (gcry_pk_testkey (key)) == GPG_ERR_BAD_SECKEY,
             "api %s: testkey with bad H(ek)", ps->name);
      gcry_sexp_release (key);
    }
  buf[ps->dk_len - 40] ^= 1;
  buf[0] ^= 1;   /* Inside s: only the seed comparison can see it.  */
  if (!gcry_sexp_build (&key, NULL,
                        "(private-key (%s (p %b) (s %b) (seed %b)))",
                        ps->name, (int)ps->ek_len, ek, (int)ps->dk_len, buf,
                        64, seed))
    {
      check (gpg_err_code (gcry_pk_testkey (key)) == GPG_ERR_BAD_SECKEY,
             "api %s: testkey with s not matching seed", ps->name);
      gcry_sexp_release (key);
    }
  if (!gcry_sexp_build (&key, NULL, "(private-key (%s (seed %b)))",
                        ps->name, 63, seed))
    {
      check (gpg_err_code (gcry_pk_testkey (key)) == GPG_ERR_BAD_SECKEY,
             "api %s: testkey with 63-byte seed", ps->name);
      gcry_sexp_release (key);
    }
  if (!gcry_sexp_build (&key, NULL, "(private-key (%s (p %b)))",
                        ps->name, (int)ps->ek_len, ek))
    {
      check (gpg_err_code (gcry_pk_testkey (key)) == GPG_ERR_NO_OBJ,
             "api %s: testkey without secret part", ps->name);
      gcry_sexp_release (key);
    }
  free (buf);

  /* Bad genkey requests.  */
  snprintf (name, sizeof name, "kyber%u", ps->nbits + 1);
  if (!gcry_sexp_build (&parms, NULL, "(genkey (%s))", name))
    {
      check (gpg_err_code (gcry_pk_genkey (&key, parms)) == GPG_ERR_PUBKEY_ALGO
             && !key, "api: genkey %s rejected", name);
      gcry_sexp_release (parms);
    }
  if (!gcry_sexp_build (&parms, NULL,
                        "(genkey (%s (derive-parms (seed %b))))",
                        ps->name, 63, seed))
    {
      check (gpg_err_code (gcry_pk_genkey (&key, parms)) == GPG_ERR_INV_ARG
             && !key, "api %s: genkey with 63-byte seed rejected", ps->name);
      gcry_sexp_release (parms);
    }
  /* A seed anywhere but as (derive-parms (seed ...)) is an error, not
     silently a random key: the caller asked for a deterministic one.  */
  {
    static const char *const misplaced[] =
      {
        "(genkey (%s (seed %b)))",
        "(genkey (%s (S %b)))",
        "(genkey (%s (d %b)))",
        "(genkey (%s (z %b)))",
        "(genkey (%s (foo (seed %b))))",
        "(genkey (%s (derive-parms (S %b))))",
        "(genkey (%s (derive-parms (d %b))))",
        NULL
      };
    int j;

    for (j = 0; misplaced[j]; j++)
      {
        gcry_error_t err;

        key = NULL;
        if (gcry_sexp_build (&parms, NULL, misplaced[j], ps->name, 64, seed))
          {
            fail ("api %s: building %s failed", ps->name, misplaced[j]);
            continue;
          }
        err = gcry_pk_genkey (&key, parms);
        check (gpg_err_code (err) == GPG_ERR_INV_ARG && !key,
               "api %s: genkey %s rejected (got %s)", ps->name,
               misplaced[j], gpg_strerror (err));
        gcry_sexp_release (key);
        gcry_sexp_release (parms);
      }
    /* A misplaced seed next to a proper one is rejected as well.  */
    key = NULL;
    if (!gcry_sexp_build (&parms, NULL,
                          "(genkey (%s (derive-parms (seed %b)) (S %b)))",
                          ps->name, 64, seed, 64, seed))
      {
        check (gpg_err_code (gcry_pk_genkey (&key, parms)) == GPG_ERR_INV_ARG
               && !key, "api %s: genkey with a second, misplaced seed "
               "rejected", ps->name);
        gcry_sexp_release (key);
        gcry_sexp_release (parms);
      }
  }
  /* derive-parms without a seed: a random key, as in libgcrypt.  */
  {
    static const char *const fmt[2] =
      { "(genkey (%s (derive-parms)))",
        "(genkey (%s (derive-parms (foo #00#))))" };
    int j;

    for (j = 0; j < 2; j++)
      {
        gcry_sexp_t parms2;

        key = NULL;
        if (gcry_sexp_build (&parms2, NULL, fmt[j], ps->name))
          continue;
        p = s = sd = NULL;
        if (!gcry_pk_genkey (&key, parms2))
          {
            p = sexp_value (key, "public-key", "p", &plen);
            s = sexp_value (key, "private-key", "s", &slen);
            sd = sexp_value (key, "private-key", "seed", &sdlen);
          }
        check (key && p && s && sd && plen == ps->ek_len
               && slen == ps->dk_len && sdlen == 64
               && !gcry_pk_testkey (key),
               "api %s: genkey without seed (%s) gives a random key",
               ps->name, fmt[j]);
        free (p); free (s); free (sd);
        p = s = sd = NULL;
        gcry_sexp_release (key);
        gcry_sexp_release (parms2);
      }
  }
  /* Malformed S-expressions: no name, empty values, unknown names.  */
  {
    static const char *const bad_genkey[] =
      {
        "(genkey)",
        "(genkey ())",
        "(genkey (kyber))",
        "(genkey (kyber768 (derive-parms (seed))))",
        "(genkey (kyber768 (derive-parms (seed \"\"))))",
        "(genkey (ml-kem-768x))",
        NULL
      };
    int j, okm = 1;

    for (j = 0; bad_genkey[j]; j++)
      {
        key = NULL;
        if (gcry_sexp_new (&parms, bad_genkey[j], 0, 1))
          continue;   /* Rejected by the parser: fine too.  */
        if (!gcry_pk_genkey (&key, parms) || key)
          {
            okm = 0;
            info ("genkey accepted %s", bad_genkey[j]);
          }
        gcry_sexp_release (parms);
      }
    check (okm, "api %s: malformed genkey requests rejected", ps->name);

    okm = 1;
    if (!gcry_sexp_new (&key, "(private-key (kyber768 (s)))", 0, 1))
      {
        okm &= !!gcry_pk_testkey (key);
        okm &= !gcry_pk_get_keygrip (key, grip);
        gcry_sexp_release (key);
      }
    if (!gcry_sexp_new (&key, "(public-key (kyber768))", 0, 1))
      {
        okm &= !gcry_pk_get_keygrip (key, grip);
        gcry_sexp_release (key);
      }
    if (!gcry_sexp_new (&key, "(public-key (kyber999 (p #00#)))", 0, 1))
      {
        okm &= gcry_pk_get_nbits (key) == 0;
        okm &= !gcry_pk_get_keygrip (key, grip);
        gcry_sexp_release (key);
      }
    if (!gcry_sexp_new (&key, "(private-key (kyber768 (seed #0001#)))", 0, 1))
      {
        okm &= gpg_err_code (gcry_pk_testkey (key)) == GPG_ERR_BAD_SECKEY;
        okm &= !gcry_pk_get_keygrip (key, grip);
        gcry_sexp_release (key);
      }
    check (okm, "api %s: malformed keys rejected", ps->name);
  }

  free (ek);
  free (dk);
  free (ct);
}



/*
 * ct: Encaps with a secret m and Decaps with a secret s and z, the
 * secrets marked undefined for Valgrind's memcheck.  Run as
 *   valgrind --error-exitcode=1 ./t-mlkem --only ct --disable-hwf all
 * to check that no branch and no memory index depends on a secret.
 * (KeyGen is left out: the matrix is sampled from rho, which derives
 * from the secret seed but is public, by rejection.)
 */

#ifdef __linux__
/* Grow the stack by about 64 KiB now, so that the stack need not grow
   while the address space is capped.  */
static __attribute__ ((noinline)) void
enomem_touch_stack (void)
{
  volatile unsigned char buf[64 * 1024];
  size_t i;

  for (i = 0; i < sizeof buf; i += 512)
    buf[i] = 0;
}

/* The pages the process maps now (/proc/self/statm), in bytes, or 0.  */
static size_t
enomem_vm_size (void)
{
  FILE *fp = fopen ("/proc/self/statm", "r");
  unsigned long pages = 0;

  if (fp)
    {
      if (fscanf (fp, "%lu", &pages) != 1)
        pages = 0;
      fclose (fp);
    }
  return pages * (size_t)sysconf (_SC_PAGESIZE);
}

/* In a child: with the address space capped at its current size and
   the secure pool full, each gcry_kem_* operation, which needs its
   working memory, fails with GPG_ERR_ENOMEM and writes nothing; once
   the pool has room again they work.  Exits 0 if all that holds.  */
static void
enomem_child (void *arg)
{
  const struct pset *ps = arg;
  static unsigned char ek[1568], dk[3168], ct[1568], ss[32], ss2[32];
  static unsigned char ek2[1568], dk2[3168];
  static void *fill[8192];
  size_t nfill = 0, vm, i;
  struct rlimit rl;
  gpg_error_t e1, e2, e3;
  int ok;

  if (gcry_kem_keypair (ps->algo, ek, ps->ek_len, dk, ps->dk_len))
    _exit (2);
  enomem_touch_stack ();
  vm = enomem_vm_size ();
  if (!vm)
    _exit (77);
  rl.rlim_cur = rl.rlim_max = vm;
  if (setrlimit (RLIMIT_AS, &rl))
    _exit (77);
  while (nfill < sizeof fill / sizeof fill[0]
         && (fill[nfill] = gcry_malloc_secure (256)))
    nfill++;
  /* 2 MiB more without a failure: the cap does not work here (so under
     qemu-user, which maps the guest's memory itself).  */
  if (nfill == sizeof fill / sizeof fill[0])
    _exit (77);

  memset (ct, 0x5a, sizeof ct);
  memset (ss, 0x5a, sizeof ss);
  memset (ss2, 0x5a, sizeof ss2);
  memset (ek2, 0x5a, sizeof ek2);
  memset (dk2, 0x5a, sizeof dk2);
  e1 = gcry_kem_encap (ps->algo, ek, ps->ek_len, ct, ps->ct_len, ss, 32,
                       NULL, 0);
  e2 = gcry_kem_decap (ps->algo, dk, ps->dk_len, ct, ps->ct_len, ss2, 32,
                       NULL, 0);
  e3 = gcry_kem_keypair (ps->algo, ek2, ps->ek_len, dk2, ps->dk_len);
  ok = (gpg_err_code (e1) == GPG_ERR_ENOMEM
        && gpg_err_code (e2) == GPG_ERR_ENOMEM
        && gpg_err_code (e3) == GPG_ERR_ENOMEM);
  for (i = 0; i < sizeof ct; i++)
    ok &= ct[i] == 0x5a;
  for (i = 0; i < 32; i++)
    ok &= ss[i] == 0x5a && ss2[i] == 0x5a;
  for (i = 0; i < ps->dk_len; i++)
    ok &= dk2[i] == 0x5a && (i >= ps->ek_len || ek2[i] == 0x5a);

  while (nfill)
    gcry_free (fill[--nfill]);
  ok &= (!gcry_kem_encap (ps->algo, ek, ps->ek_len, ct, ps->ct_len, ss, 32,
                          NULL, 0)
         && !gcry_kem_decap (ps->algo, dk, ps->dk_len, ct, ps->ct_len, ss2,
                             32, NULL, 0)
         && !memcmp (ss, ss2, 32));
  _exit (ok ? 0 : 1);
}
#endif /*__linux__*/

/* Out of memory: a clear error, no output, and no damage.  */
static void
test_enomem (const struct pset *ps)
{
#ifdef __linux__
  int status;

  if (RUNNING_ON_VALGRIND)
    {
      skip ("%s: ENOMEM test: not under valgrind", ps->name);
      return;
    }
  status = run_in_child (enomem_child, (void *)ps);
  if (status != -1 && WIFEXITED (status) && WEXITSTATUS (status) == 77)
    skip ("%s: ENOMEM test: cannot cap the address space here", ps->name);
  else
    check (exited_zero (status), "%s: out of memory gives GPG_ERR_ENOMEM,"
           " writes nothing, and the next calls work (status %d)",
           ps->name, status);
#else
  skip ("%s: ENOMEM test: needs Linux", ps->name);
#endif
}

static void
test_ct (const struct pset *ps)
{
  unsigned char seed[64], m[32], k1[32], k2[32];
  unsigned char *ek = xmalloc (ps->ek_len), *dk = xmalloc (ps->dk_len);
  unsigned char *ct = xmalloc (ps->ct_len);
  size_t slen = ps->dk_len - 64 - ps->ek_len;
  int ok = 1, i;

  memset (seed, 0x11, 64);
  memset (m, 0x22, 32);
  ok &= !gcry_kem_genkey (ps->algo, ek, ps->ek_len, dk, ps->dk_len, seed, 64);

  VALGRIND_MAKE_MEM_UNDEFINED (m, 32);
  ok &= !gcry_kem_encap (ps->algo, ek, ps->ek_len, ct, ps->ct_len, k1, 32,
                         m, 32);
  VALGRIND_MAKE_MEM_DEFINED (ct, ps->ct_len);

  for (i = 0; i < 2; i++)
    {
      /* Valid and modified ciphertext: both paths look the same.  */
      ct[7] ^= i;
      VALGRIND_MAKE_MEM_UNDEFINED (dk, slen);
      VALGRIND_MAKE_MEM_UNDEFINED (dk + ps->dk_len - 32, 32);
      ok &= !gcry_kem_decap (ps->algo, dk, ps->dk_len, ct, ps->ct_len, k2, 32,
                             NULL, 0);
      VALGRIND_MAKE_MEM_DEFINED (dk, ps->dk_len);
      VALGRIND_MAKE_MEM_DEFINED (k1, 32);
      VALGRIND_MAKE_MEM_DEFINED (k2, 32);
      ok &= i ? !!memcmp (k1, k2, 32) : !memcmp (k1, k2, 32);
    }
  check (ok, "ct %s: encaps/decaps with secrets marked", ps->name);
  free (ek);
  free (dk);
  free (ct);
}



/*
 * bad: wrong lengths, NULL buffers, unknown algorithms, modified keys
 * and ciphertexts.
 */

static void
test_bad (const struct pset *ps)
{
  static const int unknown[] = { 0, 1, 2, 6, 31, 41, 45, -1, 1000 };
  unsigned char seed[64], m[32], k1[32], k2[32], kr[32];
  size_t big = ps->dk_len + 64;
  unsigned char *ek = xmalloc (big), *dk = xmalloc (big), *ct = xmalloc (big);
  unsigned char *x = xmalloc (big);
  int i, ok;
  const int d[2] = { -1, 1 };

#define EC(e) gpg_err_code (e)
  memset (seed, 7, 64);
  memset (m, 9, 32);
  if (gcry_kem_genkey (ps->algo, ek, ps->ek_len, dk, ps->dk_len, seed, 64)
      || gcry_kem_encap (ps->algo, ek, ps->ek_len, ct, ps->ct_len, k1, 32,
                         m, 32))
    {
      fail ("bad %s: setup failed", ps->name);
      goto leave;
    }

  /* Every length off by one, in each argument.  */
  ok = 1;
  for (i = 0; i < 2; i++)
    {
      ok &= EC (gcry_kem_genkey (ps->algo, x, ps->ek_len + d[i], x,
                                 ps->dk_len, NULL, 0)) == GPG_ERR_INV_ARG;
      ok &= EC (gcry_kem_genkey (ps->algo, x, ps->ek_len, x,
                                 ps->dk_len + d[i], NULL, 0)) == GPG_ERR_INV_ARG;
      ok &= EC (gcry_kem_genkey (ps->algo, x, ps->ek_len, x, ps->dk_len,
                                 seed, 64 + d[i])) == GPG_ERR_INV_ARG;
      ok &= EC (gcry_kem_keypair (ps->algo, x, ps->ek_len + d[i], x,
                                  ps->dk_len)) == GPG_ERR_INV_ARG;
      ok &= EC (gcry_kem_encap (ps->algo, ek, ps->ek_len + d[i], x, ps->ct_len,
                                k2, 32, NULL, 0)) == GPG_ERR_INV_ARG;
      ok &= EC (gcry_kem_encap (ps->algo, ek, ps->ek_len, x, ps->ct_len + d[i],
                                k2, 32, NULL, 0)) == GPG_ERR_INV_ARG;
      ok &= EC (gcry_kem_encap (ps->algo, ek, ps->ek_len, x, ps->ct_len,
                                k2, 32 + d[i], NULL, 0)) == GPG_ERR_INV_ARG;
      ok &= EC (gcry_kem_encap (ps->algo, ek, ps->ek_len, x, ps->ct_len,
                                k2, 32, m, 32 + d[i])) == GPG_ERR_INV_ARG;
      ok &= EC (gcry_kem_decap (ps->algo, dk, ps->dk_len + d[i], ct,
                                ps->ct_len, k2, 32, NULL, 0)) == GPG_ERR_INV_ARG;
      ok &= EC (gcry_kem_decap (ps->algo, dk, ps->dk_len, ct,
                                ps->ct_len + d[i], k2, 32, NULL, 0))
            == GPG_ERR_INV_ARG;
      ok &= EC (gcry_kem_decap (ps->algo, dk, ps->dk_len, ct, ps->ct_len,
                                k2, 32 + d[i], NULL, 0)) == GPG_ERR_INV_ARG;
    }
  check (ok, "bad %s: lengths off by one", ps->name);

  /* NULL buffers, misused OPTIONAL.  */
  ok = EC (gcry_kem_genkey (ps->algo, NULL, ps->ek_len, x, ps->dk_len,
                            NULL, 0)) == GPG_ERR_INV_ARG;
  ok &= EC (gcry_kem_genkey (ps->algo, x, ps->ek_len, NULL, ps->dk_len,
                             NULL, 0)) == GPG_ERR_INV_ARG;
  ok &= EC (gcry_kem_encap (ps->algo, NULL, ps->ek_len, x, ps->ct_len,
                            k2, 32, NULL, 0)) == GPG_ERR_INV_ARG;
  ok &= EC (gcry_kem_encap (ps->algo, ek, ps->ek_len, NULL, ps->ct_len,
                            k2, 32, NULL, 0)) == GPG_ERR_INV_ARG;
  ok &= EC (gcry_kem_encap (ps->algo, ek, ps->ek_len, x, ps->ct_len,
                            NULL, 32, NULL, 0)) == GPG_ERR_INV_ARG;
  ok &= EC (gcry_kem_decap (ps->algo, NULL, ps->dk_len, ct, ps->ct_len,
                            k2, 32, NULL, 0)) == GPG_ERR_INV_ARG;
  ok &= EC (gcry_kem_decap (ps->algo, dk, ps->dk_len, NULL, ps->ct_len,
                            k2, 32, NULL, 0)) == GPG_ERR_INV_ARG;
  ok &= EC (gcry_kem_decap (ps->algo, dk, ps->dk_len, ct, ps->ct_len,
                            NULL, 32, NULL, 0)) == GPG_ERR_INV_ARG;
  ok &= EC (gcry_kem_decap (ps->algo, dk, ps->dk_len, ct, ps->ct_len,
                            k2, 32, m, 32)) == GPG_ERR_INV_ARG;
  check (ok, "bad %s: NULL buffers and OPTIONAL misuse", ps->name);

  /* A length with a NULL OPTIONAL is ignored by KeyGen and Encaps, as
     in Libgcrypt: random key and message.  Decaps, which takes no
     OPTIONAL, refuses the length, as Libgcrypt does.  */
  {
    unsigned char *ek2 = xmalloc (big), *dk2 = xmalloc (big);
    unsigned char *ct2 = xmalloc (big);

    ok = !gcry_kem_genkey (ps->algo, ek2, ps->ek_len, dk2, ps->dk_len,
                           NULL, 64)
         && memcmp (ek2, ek, ps->ek_len)
         && !gcry_kem_encap (ps->algo, ek2, ps->ek_len, ct2, ps->ct_len,
                             k2, 32, NULL, 32)
         && gpg_err_code (gcry_kem_decap (ps->algo, dk2, ps->dk_len, ct2,
                                          ps->ct_len, kr, 32, NULL, 1))
            == GPG_ERR_INV_ARG
         && !gcry_kem_decap (ps->algo, dk2, ps->dk_len, ct2, ps->ct_len,
                             kr, 32, NULL, 0)
         && !memcmp (k2, kr, 32)
         && !gcry_kem_encap (ps->algo, ek, ps->ek_len, ct2, ps->ct_len,
                             k2, 32, NULL, 32)
         && memcmp (ct2, ct, ps->ct_len)
         && !gcry_kem_decap (ps->algo, dk, ps->dk_len, ct2, ps->ct_len,
                             kr, 32, NULL, 0)
         && !memcmp (k2, kr, 32);
    check (ok, "bad %s: OPTIONAL_LEN with a NULL OPTIONAL",
           ps->name);
    free (ek2);
    free (dk2);
    free (ct2);
  }

  /* Every truncation and a few extensions of each input (cf. the
     habit of trying all lengths): only the exact length is accepted.  */
  ok = 1;
  for (i = 0; i <= (int)ps->dk_len + 2; i++)
    {
      if (i != (int)ps->ek_len)
        ok &= EC (gcry_kem_encap (ps->algo, ek, i, x, ps->ct_len, k2, 32,
                                  NULL, 0)) == GPG_ERR_INV_ARG;
      if (i != (int)ps->ct_len)
        ok &= EC (gcry_kem_decap (ps->algo, dk, ps->dk_len, ct, i, k2, 32,
                                  NULL, 0)) == GPG_ERR_INV_ARG;
      if (i != (int)ps->dk_len)
        ok &= EC (gcry_kem_decap (ps->algo, dk, i, ct, ps->ct_len, k2, 32,
                                  NULL, 0)) == GPG_ERR_INV_ARG;
    }
  check (ok, "bad %s: every other length rejected", ps->name);

  /* Random single-bit flips: an ek either passes (the flip kept all
     coefficients below q) or fails the modulus check; a dk flip in
     the hashed part fails the hash check, elsewhere it decapsulates
     to some key; a ciphertext flip gives the rejection key.  Never
     anything else.  */
  ok = 1;
  for (i = 0; i < 64; i++)
    {
      size_t pos;
      gcry_error_t err;

      memcpy (x, ek, ps->ek_len);
      pos = (size_t)rand () % ps->ek_len;
      x[pos] ^= 1 << (rand () % 8);
      err = gcry_kem_encap (ps->algo, x, ps->ek_len, x + ps->ek_len,
                            ps->ct_len, k2, 32, NULL, 0);
      ok &= !err || EC (err) == GPG_ERR_BAD_PUBKEY;

      memcpy (x, dk, ps->dk_len);
      pos = (size_t)rand () % ps->dk_len;
      x[pos] ^= 1 << (rand () % 8);
      err = gcry_kem_decap (ps->algo, x, ps->dk_len, ct, ps->ct_len, k2, 32,
                            NULL, 0);
      if (pos >= ps->dk_len - 64 - ps->ek_len && pos < ps->dk_len - 32)
        ok &= EC (err) == GPG_ERR_BAD_SECKEY;
      else
        ok &= !err;

      memcpy (x, ct, ps->ct_len);
      pos = (size_t)rand () % ps->ct_len;
      x[pos] ^= 1 << (rand () % 8);
      err = gcry_kem_decap (ps->algo, dk, ps->dk_len, x, ps->ct_len, k2, 32,
                            NULL, 0);
      reject_key (kr, dk + ps->dk_len - 32, x, ps->ct_len);
      ok &= !err && !memcmp (k2, kr, 32);
    }
  check (ok, "bad %s: random bit flips in ek, dk and c", ps->name);

  /* Flips at every offset of the first and the last 32 bytes of c
     (the comparison of c and c' goes by 8-byte words, then bytes),
     and coefficients of ek set to q - 1 (valid) and q (invalid) as the
     first and the last value of each of its polynomials.  */
  ok = 1;
  for (i = 0; i < 64; i++)
    {
      size_t pos = i < 32 ? (size_t)i : ps->ct_len - 64 + i;

      memcpy (x, ct, ps->ct_len);
      x[pos] ^= 0x80 >> (i % 8);
      ok &= !gcry_kem_decap (ps->algo, dk, ps->dk_len, x, ps->ct_len, k2,
                             32, NULL, 0);
      reject_key (kr, dk + ps->dk_len - 32, x, ps->ct_len);
      ok &= !memcmp (k2, kr, 32);
    }
  for (i = 0; i < 4 * (int)(ps->ek_len / 384); i++)
    {
      size_t pos = (i / 4) * 384 + (i & 1 ? 384 - 3 : 0);
      unsigned int v = i & 2 ? 3329 : 3328;
      gcry_error_t err;

      memcpy (x, ek, ps->ek_len);
      if (i & 1)
        {
          /* The second value of the last three bytes.  */
          x[pos + 1] = (x[pos + 1] & 0x0f) | (v & 0x0f) << 4;
          x[pos + 2] = v >> 4;
        }
      else
        {
          x[pos] = v & 0xff;
          x[pos + 1] = (x[pos + 1] & 0xf0) | v >> 8;
        }
      err = gcry_kem_encap (ps->algo, x, ps->ek_len, x + ps->ek_len,
                            ps->ct_len, k2, 32, NULL, 0);
      ok &= v == 3328 ? !err : EC (err) == GPG_ERR_BAD_PUBKEY;
    }
  check (ok, "bad %s: flips at word offsets of c, q - 1 and q in ek",
         ps->name);

  /* Algorithms that are not available.  */
  ok = 1;
  for (i = 0; i < (int)(sizeof unknown / sizeof *unknown); i++)
    {
      ok &= EC (gcry_kem_genkey (unknown[i], x, 32, x, 32, NULL, 0))
            == GPG_ERR_UNKNOWN_ALGORITHM;
      ok &= EC (gcry_kem_encap (unknown[i], x, 32, x, 32, k2, 32, NULL, 0))
            == GPG_ERR_UNKNOWN_ALGORITHM;
      ok &= EC (gcry_kem_decap (unknown[i], x, 32, x, 32, k2, 32, NULL, 0))
            == GPG_ERR_UNKNOWN_ALGORITHM;
    }
  check (ok, "bad %s: unknown algorithms", ps->name);

  /* ek with a coefficient equal to q (the modulus check) at the first
     and the last position.  */
  memcpy (x, ek, ps->ek_len);
  x[0] = 3329 & 0xff;
  x[1] = (x[1] & 0xf0) | (3329 >> 8);
  ok = EC (gcry_kem_encap (ps->algo, x, ps->ek_len, ct + 0, ps->ct_len, k2, 32,
                           NULL, 0)) == GPG_ERR_BAD_PUBKEY;
  memcpy (x, ek, ps->ek_len);
  x[ps->ek_len - 33] = 0xff;   /* Top 8 bits of the last coefficient.  */
  ok &= EC (gcry_kem_encap (ps->algo, x, ps->ek_len, x + ps->ek_len,
                            ps->ct_len, k2, 32, NULL, 0)) == GPG_ERR_BAD_PUBKEY;
  check (ok, "bad %s: ek modulus check", ps->name);

  /* dk with a changed H (ek) or embedded ek: the hash check.  */
  memcpy (x, dk, ps->dk_len);
  x[ps->dk_len - 64] ^= 0x80;
  ok = EC (gcry_kem_decap (ps->algo, x, ps->dk_len, ct, ps->ct_len, k2, 32,
                           NULL, 0)) == GPG_ERR_BAD_SECKEY;
  memcpy (x, dk, ps->dk_len);
  x[ps->dk_len - 64 - ps->ek_len] ^= 1;
  ok &= EC (gcry_kem_decap (ps->algo, x, ps->dk_len, ct, ps->ct_len, k2, 32,
                            NULL, 0)) == GPG_ERR_BAD_SECKEY;
  check (ok, "bad %s: dk hash check", ps->name);

  /* On error nothing is written: the output buffers keep their
     pattern after a failed modulus check, hash check and length
     check.  */
  {
    unsigned char *out = xmalloc (ps->ct_len), pat[32];
    size_t j;

    memset (pat, 0xa5, sizeof pat);
    memcpy (x, ek, ps->ek_len);
    x[1] |= 0x0f;
    x[0] = 0xff;   /* First coefficient 4095.  */
    memset (out, 0xa5, ps->ct_len);
    memset (k2, 0xa5, 32);
    ok = EC (gcry_kem_encap (ps->algo, x, ps->ek_len, out, ps->ct_len,
                             k2, 32, NULL, 0)) == GPG_ERR_BAD_PUBKEY;
    ok &= EC (gcry_kem_encap (ps->algo, ek, ps->ek_len, out, ps->ct_len,
                              k2, 32, m, 31)) == GPG_ERR_INV_ARG;
    memcpy (x, dk, ps->dk_len);
    x[ps->dk_len - 40] ^= 1;
    ok &= EC (gcry_kem_decap (ps->algo, x, ps->dk_len, ct, ps->ct_len,
                              k2, 32, NULL, 0)) == GPG_ERR_BAD_SECKEY;
    ok &= EC (gcry_kem_decap (ps->algo, dk, ps->dk_len, ct, ps->ct_len - 1,
                              k2, 32, NULL, 0)) == GPG_ERR_INV_ARG;
    for (j = 0; j < ps->ct_len; j++)
      ok &= out[j] == 0xa5;
    ok &= !memcmp (k2, pat, 32);
    check (ok, "bad %s: no output on error", ps->name);
    free (out);
  }

  /* Modified ciphertexts (first byte, last byte, a middle bit): the
     result is the implicit-rejection key J (z || c').  */
  ok = 1;
  for (i = 0; i < 3; i++)
    {
      size_t pos = i == 0 ? 0 : i == 1 ? ps->ct_len - 1 : ps->ct_len / 2;

      memcpy (x, ct, ps->ct_len);
      x[pos] ^= 1 << i;
      ok &= !gcry_kem_decap (ps->algo, dk, ps->dk_len, x, ps->ct_len, k2, 32,
                             NULL, 0);
      reject_key (kr, dk + ps->dk_len - 32, x, ps->ct_len);
      ok &= !memcmp (k2, kr, 32) && memcmp (k2, k1, 32);
    }
  check (ok, "bad %s: modified ciphertexts rejected implicitly", ps->name);

  /* A modified z changes only the rejection key; a modified s gives a
     different key (decryption fails, implicit rejection).  */
  memcpy (x, dk, ps->dk_len);
  x[ps->dk_len - 1] ^= 1;
  ok = !gcry_kem_decap (ps->algo, x, ps->dk_len, ct, ps->ct_len, k2, 32,
                        NULL, 0) && !memcmp (k1, k2, 32);
  memcpy (x, dk, ps->dk_len);
  for (i = 0; i < 64; i++)
    x[i] ^= 0x55;
  ok &= !gcry_kem_decap (ps->algo, x, ps->dk_len, ct, ps->ct_len, k2, 32,
                         NULL, 0) && memcmp (k1, k2, 32);
  check (ok, "bad %s: modified secret parts", ps->name);

 leave:
  free (ek);
  free (dk);
  free (ct);
  free (x);
#undef EC
}



int
main (int argc, char **argv)
{
  int i;
  char *cfg;

  argc = test_init (argc, argv);
  for (i = 1; i < argc; i++)
    {
      if (!strcmp (argv[i], "--quick"))
        quick = 1;
      else if (!strcmp (argv[i], "--iterations") && i + 1 < argc)
        {
          iterations = atol (argv[++i]);
          if (iterations < 1)
            die ("bad --iterations value");
        }
      else if (!strcmp (argv[i], "--only") && i + 1 < argc && n_only < 16)
        {
          only_parts[n_only++] = argv[++i];
          if (vector_part (argv[i]) != T_VECTORS)
            die ("part '%s' is run by %s", argv[i],
                 T_VECTORS ? "t-mlkem" : "t-mlkem-vectors");
        }
      else
        die ("unknown option '%s'", argv[i]);
    }

  cfg = gcry_get_config (0, "backends");
  if (cfg && strstr (cfg, "mlkem"))
    printf ("%s: ML-KEM backend line: %s\n", PGM, strstr (cfg, "mlkem"));
  gcry_free (cfg);

  if (want ("tables"))
    test_tables ();
  for (i = 0; i < 3; i++)
    {
      if (want ("bad"))
        {
          test_bad (&psets[i]);
          test_enomem (&psets[i]);
        }
      if (want ("api"))
        test_api (&psets[i]);
      if (want ("accumulated"))
        test_accumulated (&psets[i]);
      if (want ("ct"))
        test_ct (&psets[i]);
    }
  /* The library's known-answer selftest, with the kernel set chosen
     for this run.  */
  if (want ("api"))
    check (!gcry_control (GCRYCTL_SELFTEST, 0),
           "GCRYCTL_SELFTEST (includes the ML-KEM known answers)");

#ifdef HAVE_JSON_C
  if (want ("acvp") && test_vectors_dir ())
    {
      test_acvp_keygen ();
      test_acvp_encapdecap ("ML-KEM-encapDecap-FIPS203");
      test_acvp_encapdecap ("ML-KEM-encapDecap-FIPS203-tr1");
    }
  if (want ("wycheproof") && test_vectors_dir ())
    for (i = 0; i < 3; i++)
      {
        test_wycheproof (&psets[i], "keygen_seed_test");
        test_wycheproof (&psets[i], "encaps_test");
        test_wycheproof (&psets[i], "test");
        test_wycheproof (&psets[i], "semi_expanded_decaps_test");
      }
#else
  if (want ("acvp") || want ("wycheproof"))
    vectors_unavailable ("ACVP and Wycheproof need json-c (not found by"
                         " configure)");
#endif
  if (want ("cctv") && test_vectors_dir ())
    for (i = 0; i < 3; i++)
      {
        test_cctv_text (&psets[i], "strcmp");
        test_cctv_text (&psets[i], "unluckysample");
        test_cctv_text (&psets[i], "intermediate");
        test_cctv_modulus (&psets[i]);
      }

  return test_exit ();
}
