/* t-hwf-limit.c - Re-selecting the kernel sets for benchmarks
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

/* bench-slope's per-backend pq table switches the whole library
 * between backend configurations with _gcry_reselect_backends.  This
 * test, linked against the internal library, checks that
 *
 *  - a mask of 0 selects the portable code for every kernel set and
 *    leaves no feature usable;
 *  - each single feature taken away is gone, the others stay, except
 *    those that need it (intel-vbmi2 and intel-fast-zmm go with
 *    intel-avx512), which also holds for features disabled before
 *    initialisation;
 *  - ~0u restores exactly the features and backends of the
 *    initialisation, never a feature that was disabled
 *    (GCRYPT_PQC_HWF_DISABLE, as the backend runners set it);
 *  - digests and an ML-KEM key pair from a fixed seed are the same
 *    bytes under every configuration.  */

#define PGM "t-hwf-limit"
#include "t-common.h"

#include "g10lib.h"


/* True if every value of the "backends" line LINE is "generic".  */
static int
all_generic (const char *line)
{
  const char *p = strchr (line, ':');
  int idx = 0;

  /* backends:NAME:VALUE:NAME:VALUE:...  */
  for (; p && p[1] && p[1] != '\n'; p = strchr (p + 1, ':'), idx++)
    if ((idx & 1) && strncmp (p + 1, "generic:", 8))
      return 0;
  return idx > 0;
}


/* Compute a fingerprint of public results under the current
   configuration: SHA-256, SHA-512 and SHA3-256 of a buffer, and the
   public key of ML-KEM-768 from a fixed seed, all into OUT.  */
static void
results (unsigned char out[32 + 64 + 32], gcry_sexp_t *r_key)
{
  static unsigned char buf[3000];
  unsigned char seed[64];
  gcry_sexp_t parms;
  gpg_error_t err;
  size_t i;

  for (i = 0; i < sizeof buf; i++)
    buf[i] = (unsigned char)(i * 7 + (i >> 8));
  for (i = 0; i < sizeof seed; i++)
    seed[i] = (unsigned char)(i + 1);
  gcry_md_hash_buffer (GCRY_MD_SHA256, out, buf, sizeof buf);
  gcry_md_hash_buffer (GCRY_MD_SHA512, out + 32, buf, sizeof buf);
  gcry_md_hash_buffer (GCRY_MD_SHA3_256, out + 96, buf, sizeof buf);
  *r_key = NULL;
  err = gcry_sexp_build (&parms, NULL,
                         "(genkey (mlkem768 (derive-parms (seed %b))))",
                         (int)sizeof seed, seed);
  if (!err)
    err = gcry_pk_genkey (r_key, parms);
  gcry_sexp_release (parms);
  if (err && gpg_err_code (err) != GPG_ERR_PUBKEY_ALGO)
    fail ("ML-KEM-768 genkey: %s", gpg_strerror (err));
}


/* Compare the public key of KEY with that of REF.  */
static int
same_public_key (gcry_sexp_t key, gcry_sexp_t ref)
{
  gcry_sexp_t a, b;
  char ba[4096], bb[4096];
  size_t la, lb;

  if (!key || !ref)
    return key == ref;
  a = gcry_sexp_find_token (key, "public-key", 0);
  b = gcry_sexp_find_token (ref, "public-key", 0);
  la = gcry_sexp_sprint (a, GCRYSEXP_FMT_CANON, ba, sizeof ba);
  lb = gcry_sexp_sprint (b, GCRYSEXP_FMT_CANON, bb, sizeof bb);
  gcry_sexp_release (a);
  gcry_sexp_release (b);
  return la && la == lb && !memcmp (ba, bb, la);
}


/* The HWF bit of feature NAME, 0 if the library does not know it.  */
static unsigned int
bit_named (const char *name)
{
  unsigned int flag;
  const char *n;
  int i;

  for (i = 0; (n = _gcry_enum_hw_features (i, &flag)); i++)
    if (!strcmp (n, name))
      return flag;
  return 0;
}


int
main (int argc, char **argv)
{
  unsigned char ref[128], got[128];
  gcry_sexp_t refkey, key;
  char *orig, *line;
  unsigned int all, flag, hwf, avx512, needs_avx512, want;
  const char *name;
  int i;

  if (argc > 1 && !strcmp (argv[1], "--verbose"))
    verbose = 1;
  else if (argc > 1)
    die ("unknown option '%s'", argv[1]);
  if (!gcry_check_version (NULL))
    die ("gcry_check_version failed");

  all = _gcry_get_hw_features ();
  avx512 = bit_named ("intel-avx512");
  needs_avx512 = bit_named ("intel-vbmi2") | bit_named ("intel-fast-zmm");
  check ((all & avx512) || !(all & needs_avx512),
         "no AVX-512 extension without intel-avx512 (features %#x)", all);
  orig = gcry_get_config (0, "backends");
  if (!orig)
    die ("gcry_get_config (backends) failed");
  results (ref, &refkey);

  hwf = _gcry_reselect_backends (0);
  check (hwf == 0 && _gcry_get_hw_features () == 0,
         "mask 0 leaves features %#x", hwf);
  line = gcry_get_config (0, "backends");
  check (line && all_generic (line), "mask 0 selects: %s", line);
  gcry_free (line);
  results (got, &key);
  check (!memcmp (got, ref, sizeof ref), "digests equal under mask 0");
  check (same_public_key (key, refkey), "ML-KEM key equal under mask 0");
  gcry_sexp_release (key);

  for (i = 0; (name = _gcry_enum_hw_features (i, &flag)); i++)
    {
      if (!(all & flag))
        continue;
      want = all & ~flag;
      if (flag == avx512)
        want &= ~needs_avx512;
      hwf = _gcry_reselect_backends (~flag);
      check (hwf == want, "without %s: features %#x, want %#x",
             name, hwf, want);
      results (got, &key);
      check (!memcmp (got, ref, sizeof ref), "digests equal without %s",
             name);
      check (same_public_key (key, refkey), "ML-KEM key equal without %s",
             name);
      gcry_sexp_release (key);
    }

  hwf = _gcry_reselect_backends (~0u);
  check (hwf == all, "~0u restores %#x (got %#x)", all, hwf);
  line = gcry_get_config (0, "backends");
  check (line && !strcmp (line, orig), "~0u restores the backends: %s / %s",
         line, orig);
  info ("backends: %s", orig);
  gcry_free (line);
  gcry_free (orig);
  gcry_sexp_release (refkey);
  return test_exit ();
}
