/* t-pubkey.c - Tests of the gcry_pk_* dispatcher (cipher/pubkey.c)
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

/* What is tested here is the algorithm-independent layer: name and id
 * lookup, the outer structure of the S-expressions and the error codes
 * libgcrypt gives for it, gcry_pk_algo_info / gcry_pk_ctl, keygrips
 * and the self-test hook.  The algorithms themselves are tested by
 * t-mlkem and t-mldsa.  Public API only.  */

#define PGM "t-pubkey"
#include "t-common.h"

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))


/* Objects made by sx, released at the end.  */
static gcry_sexp_t made[64];
static unsigned int nmade;

/* Parse the advanced-format S-expression S; die on error.  The object
   lives until release_made.  */
static gcry_sexp_t
sx (const char *s)
{
  gcry_sexp_t r;
  gcry_error_t err = gcry_sexp_new (&r, s, strlen (s), 1);

  if (err)
    die ("parsing '%s' failed: %s", s, gpg_strerror (err));
  if (nmade == DIM (made))
    die ("too many objects");
  made[nmade++] = r;
  return r;
}

static void
release_made (void)
{
  while (nmade)
    gcry_sexp_release (made[--nmade]);
}


/* Check that ERR has code WANT.  */
static void
check_code (gcry_error_t err, gpg_err_code_t want, const char *what)
{
  if (gcry_err_code (err) == want)
    pass ("%s", what);
  else
    fail ("%s: got '%s', want '%s'", what, gpg_strerror (err),
          gpg_strerror (gpg_error (want)));
}


static void
test_names (void)
{
  static const char *const kem_names[] =
    { "kyber512", "kyber768", "kyber1024", "mlkem512", "MLKEM768",
      "mlkem1024", "ml-kem-512", "ML-KEM-768", "Ml-Kem-1024", NULL };
  static const char *const dsa_names[] =
    { "dilithium2", "dilithium3", "DILITHIUM5", "mldsa44", "mldsa65",
      "mldsa87", "ml-dsa-44", "ML-DSA-65", "ml-dsa-87", NULL };
  static const char *const bad_names[] =
    { "rsa", "ecc", "kyber", "ml-kem", "ml-kem-76", "ml-kem-7680",
      "mldsa", "", "ml dsa 65", NULL };
  int i;

  for (i = 0; kem_names[i]; i++)
    {
#ifdef USE_MLKEM
      check (gcry_pk_map_name (kem_names[i]) == GCRY_PK_KEM,
             "map_name %s", kem_names[i]);
#endif
    }
  for (i = 0; dsa_names[i]; i++)
    {
#ifdef USE_MLDSA
      check (gcry_pk_map_name (dsa_names[i]) == GCRY_PK_MLDSA,
             "map_name %s", dsa_names[i]);
#endif
    }
  for (i = 0; bad_names[i]; i++)
    check (gcry_pk_map_name (bad_names[i]) == 0,
           "map_name '%s' is unknown", bad_names[i]);
  check (gcry_pk_map_name (NULL) == 0, "map_name NULL");

  check (!strcmp (gcry_pk_algo_name (GCRY_PK_RSA), "?"), "algo_name RSA");
  check (!strcmp (gcry_pk_algo_name (0), "?"), "algo_name 0");
#ifdef USE_MLKEM
  check (strcmp (gcry_pk_algo_name (GCRY_PK_KEM), "?"), "algo_name KEM");
  check (gcry_pk_map_name (gcry_pk_algo_name (GCRY_PK_KEM)) == GCRY_PK_KEM,
         "algo_name KEM maps back");
#endif
#ifdef USE_MLDSA
  check (!strcmp (gcry_pk_algo_name (GCRY_PK_MLDSA), "ML-DSA"),
         "algo_name ML-DSA");
#endif
}


static void
test_algo_info (void)
{
  size_t n;

  check_code (gcry_pk_test_algo (GCRY_PK_RSA), GPG_ERR_PUBKEY_ALGO,
              "test_algo RSA");
  check_code (gcry_pk_algo_info (GCRY_PK_RSA, 12345, NULL, &n),
              GPG_ERR_INV_OP, "algo_info unknown WHAT");
  n = 99;
  check (!gcry_pk_algo_info (GCRY_PK_RSA, GCRYCTL_GET_ALGO_USAGE, NULL, &n)
         && n == 0, "usage of RSA is 0");

#ifdef USE_MLKEM
  check (!gcry_pk_test_algo (GCRY_PK_KEM), "test_algo KEM");
  n = GCRY_PK_USAGE_ENCR;
  check (!gcry_pk_algo_info (GCRY_PK_KEM, GCRYCTL_TEST_ALGO, NULL, &n),
         "KEM usable for ENCR");
  n = GCRY_PK_USAGE_SIGN;
  check_code (gcry_pk_algo_info (GCRY_PK_KEM, GCRYCTL_TEST_ALGO, NULL, &n),
              GPG_ERR_PUBKEY_ALGO, "KEM not usable for SIGN");
  check_code (gcry_pk_algo_info (GCRY_PK_KEM, GCRYCTL_TEST_ALGO, &n, NULL),
              GPG_ERR_INV_ARG, "TEST_ALGO with a buffer");
  n = 0;
  check (!gcry_pk_algo_info (GCRY_PK_KEM, GCRYCTL_GET_ALGO_USAGE, NULL, &n)
         && n == GCRY_PK_USAGE_ENCR, "usage of KEM");
  n = 0;
  check (!gcry_pk_algo_info (GCRY_PK_KEM, GCRYCTL_GET_ALGO_NPKEY, NULL, &n)
         && n == 1, "npkey of KEM");
  check_code (gcry_pk_algo_info (GCRY_PK_KEM, GCRYCTL_GET_ALGO_NPKEY,
                                 NULL, NULL),
              GPG_ERR_INV_ARG, "NPKEY without NBYTES");
#endif
#ifdef USE_MLDSA
  check (!gcry_pk_test_algo (GCRY_PK_MLDSA), "test_algo ML-DSA");
  n = 0;
  check (!gcry_pk_algo_info (GCRY_PK_MLDSA, GCRYCTL_GET_ALGO_USAGE, NULL, &n)
         && n == GCRY_PK_USAGE_SIGN, "usage of ML-DSA");
  n = 0;
  check (!gcry_pk_algo_info (GCRY_PK_MLDSA, GCRYCTL_GET_ALGO_NSKEY, NULL, &n)
         && n == 2, "nskey of ML-DSA");
  n = 0;
  check (!gcry_pk_algo_info (GCRY_PK_MLDSA, GCRYCTL_GET_ALGO_NSIGN, NULL, &n)
         && n == 1, "nsign of ML-DSA");
#endif
}


/* The outer structure of every operation's arguments.  */
static void
test_structure (void)
{
  gcry_sexp_t r = (gcry_sexp_t)1, data = sx ("(data (value 3:abc))");
  unsigned char grip[20];

  check_code (gcry_pk_genkey (&r, sx ("(foo (kyber768))")), GPG_ERR_INV_OBJ,
              "genkey without genkey");
  check (r == NULL, "genkey clears the result on error");
  check_code (gcry_pk_genkey (&r, sx ("(genkey)")), GPG_ERR_NO_OBJ,
              "empty genkey");
  check_code (gcry_pk_genkey (&r, sx ("(genkey (rsa (nbits 4:2048)))")),
              GPG_ERR_PUBKEY_ALGO, "genkey rsa");
  check_code (gcry_pk_genkey (&r, sx ("(genkey (kyber))")),
              GPG_ERR_PUBKEY_ALGO, "genkey kyber without size");
  check_code (gcry_pk_genkey (&r, sx ("(genkey ((kyber768)))")),
              GPG_ERR_INV_OBJ, "genkey with a list as name");
  check_code (gcry_pk_genkey (&r, NULL), GPG_ERR_INV_OBJ, "genkey NULL");
  check_code (gcry_pk_genkey (NULL, sx ("(genkey (kyber768))")),
              GPG_ERR_INV_ARG, "genkey without result pointer");

  check_code (gcry_pk_sign (&r, data, sx ("(public-key (mldsa65 (p 1:a)))")),
              GPG_ERR_INV_OBJ, "sign with a public key");
  check_code (gcry_pk_sign (&r, data, sx ("(private-key (foo (s 1:a)))")),
              GPG_ERR_PUBKEY_ALGO, "sign with an unknown algorithm");
  check_code (gcry_pk_sign (&r, data, sx ("(private-key)")),
              GPG_ERR_INV_OBJ, "sign with an empty private key");
  check_code (gcry_pk_verify (sx ("(sig-val (mldsa65 (s 1:a)))"), data,
                              sx ("(foo-key (mldsa65 (p 1:a)))")),
              GPG_ERR_INV_OBJ, "verify without public-key");
  check_code (gcry_pk_verify (sx ("(sig-val (mldsa65 (s 1:a)))"), data,
                              sx ("(public-key (rsa (n 1:a) (e 1:a)))")),
              GPG_ERR_PUBKEY_ALGO, "verify with RSA");
  check_code (gcry_pk_testkey (sx ("(public-key (kyber768 (p 1:a)))")),
              GPG_ERR_INV_OBJ, "testkey with a public key");
  check_code (gcry_pk_encrypt (&r, data, sx ("(public-key (rsa (n 1:a)))")),
              GPG_ERR_PUBKEY_ALGO, "encrypt with RSA");
  check (gcry_pk_get_nbits (sx ("(public-key (rsa (n 1:a)))")) == 0,
         "nbits of RSA");
  check (gcry_pk_get_nbits (NULL) == 0, "nbits NULL");
  check (gcry_pk_get_keygrip (sx ("(public-key (rsa (n 1:a)))"), grip)
         == NULL, "keygrip of RSA");
  check (gcry_pk_get_keygrip (sx ("(data (value 1:a))"), grip) == NULL,
         "keygrip of a non-key");
}


#ifdef USE_MLKEM
static void
test_kem_key (void)
{
  gcry_sexp_t key, pub, sec, r = NULL;
  unsigned char grip[20], grip2[20], *g;
  gcry_error_t err;

  err = gcry_pk_genkey (&key, sx ("(genkey (ML-KEM-768))"));
  check (!err, "genkey ML-KEM-768: %s", gpg_strerror (err));
  if (err)
    return;
  pub = gcry_sexp_find_token (key, "public-key", 0);
  sec = gcry_sexp_find_token (key, "private-key", 0);
  check (pub && sec, "genkey gives public-key and private-key");
  if (!pub || !sec)
    return;

  check (gcry_pk_get_nbits (pub) == 768, "nbits of ML-KEM-768 (%u)",
         gcry_pk_get_nbits (pub));
  check (gcry_pk_get_keygrip (pub, grip) == grip, "keygrip into ARRAY");
  g = gcry_pk_get_keygrip (sec, NULL);
  check (g && !memcmp (g, grip, 20), "allocated keygrip of the private key");
  gcry_free (g);
  check (gcry_pk_get_keygrip (key, grip2) && !memcmp (grip, grip2, 20),
         "keygrip of key-data");
  check (!gcry_pk_testkey (sec), "testkey ML-KEM");

  /* No PK encryption with KEM keys: libgcrypt says "not implemented"
     and wants gcry_kem_*.  */
  check_code (gcry_pk_encrypt (&r, sx ("(data (value 1:a))"), pub),
              GPG_ERR_NOT_IMPLEMENTED, "encrypt with a KEM key");
  check_code (gcry_pk_decrypt (&r, sx ("(enc-val (kyber768 (c 1:a)))"), sec),
              GPG_ERR_NOT_IMPLEMENTED, "decrypt with a KEM key");
  check_code (gcry_pk_sign (&r, sx ("(data (value 1:a))"), sec),
              GPG_ERR_NOT_IMPLEMENTED, "sign with a KEM key");
  check_code (gcry_pk_verify (sx ("(sig-val (kyber768 (s 1:a)))"),
                              sx ("(data (value 1:a))"), pub),
              GPG_ERR_NOT_IMPLEMENTED, "verify with a KEM key");
  check (r == NULL, "no result from failed operations");

  gcry_sexp_release (pub);
  gcry_sexp_release (sec);
  gcry_sexp_release (key);
}
#endif


#ifdef USE_MLDSA
static void
test_dsa_key (void)
{
  gcry_sexp_t key, pub, sec, sig, data;
  unsigned char grip[20], grip2[20];
  gcry_error_t err;

  err = gcry_pk_genkey (&key, sx ("(genkey (dilithium3))"));
  check (!err, "genkey dilithium3: %s", gpg_strerror (err));
  if (err)
    return;
  pub = gcry_sexp_find_token (key, "public-key", 0);
  sec = gcry_sexp_find_token (key, "private-key", 0);
  check (pub && sec, "genkey gives public-key and private-key");
  if (!pub || !sec)
    return;

  check (gcry_pk_get_nbits (pub) > 0, "nbits of ML-DSA-65");
  check (gcry_pk_get_keygrip (pub, grip) && gcry_pk_get_keygrip (sec, grip2)
         && !memcmp (grip, grip2, 20), "keygrip public = private");
  check (!gcry_pk_testkey (sec), "testkey ML-DSA");

  data = sx ("(data (value 3:abc))");
  sig = NULL;
  err = gcry_pk_sign (&sig, data, sec);
  check (!err, "sign: %s", gpg_strerror (err));
  if (!err)
    {
      check (!gcry_pk_verify (sig, data, pub), "verify with the public key");
      check (!gcry_pk_verify (sig, data, sec), "verify with the private key");
      check (!gcry_pk_verify (sig, data, key), "verify with key-data");
      check_code (gcry_pk_verify (sig, sx ("(data (value 3:abd))"), pub),
                  GPG_ERR_BAD_SIGNATURE, "verify another message");
      check_code (gcry_pk_verify (NULL, data, pub), GPG_ERR_INV_OBJ,
                  "verify without signature");
      gcry_sexp_release (sig);
    }
  check_code (gcry_pk_sign (NULL, data, sec), GPG_ERR_INV_ARG,
              "sign without result pointer");

  /* Disabling the algorithm.  This is the last test: it cannot be
     undone.  */
  {
    int algo = GCRY_PK_MLDSA;

    check (!gcry_pk_ctl (GCRYCTL_DISABLE_ALGO, &algo, sizeof algo),
           "disable ML-DSA");
    check (gcry_pk_map_name ("mldsa65") == 0, "disabled: map_name");
    check_code (gcry_pk_test_algo (GCRY_PK_MLDSA), GPG_ERR_PUBKEY_ALGO,
                "disabled: test_algo");
    check (!strcmp (gcry_pk_algo_name (GCRY_PK_MLDSA), "ML-DSA"),
           "disabled: algo_name kept");
    check_code (gcry_pk_sign (&sig, data, sec), GPG_ERR_PUBKEY_ALGO,
                "disabled: sign");
    check_code (gcry_pk_genkey (&sig, sx ("(genkey (mldsa44))")),
                GPG_ERR_PUBKEY_ALGO, "disabled: genkey");
    check (gcry_pk_get_nbits (pub) == 0, "disabled: nbits");
  }

  gcry_sexp_release (pub);
  gcry_sexp_release (sec);
  gcry_sexp_release (key);
}
#endif


int
main (int argc, char **argv)
{
  int algo = 0;

  argc = test_init (argc, argv);
  (void)argv;

  check (!gcry_control (GCRYCTL_SELFTEST, 0), "GCRYCTL_SELFTEST");
  test_names ();
  test_algo_info ();
  test_structure ();
#ifdef USE_MLKEM
  test_kem_key ();
#endif
#ifdef USE_MLDSA
  test_dsa_key ();
#endif
  check_code (gcry_pk_ctl (GCRYCTL_DISABLE_ALGO, NULL, 0), GPG_ERR_INV_ARG,
              "DISABLE_ALGO without buffer");
  check_code (gcry_pk_ctl (GCRYCTL_DISABLE_ALGO, &algo, 1), GPG_ERR_INV_ARG,
              "DISABLE_ALGO with a wrong length");
  check_code (gcry_pk_ctl (9999, NULL, 0), GPG_ERR_INV_OP, "unknown ctl");
  release_made ();
  return test_exit ();
}
