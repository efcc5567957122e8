/* t-compat.c - A program written for libgcrypt 1.12 builds and runs
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

/* This test plays an application written against libgcrypt 1.12: it
 * uses only <gcrypt.h> and the idioms found in such programs
 * (version check with NEED_LIBGCRYPT_VERSION, the secure-memory
 * initialisation dance, gcry_md_open/write/putc/read/close, one-shot
 * hashing, random, S-expressions).  It also names algorithms and
 * control codes this library does not implement; they must compile,
 * and at run time the library must answer with libgcrypt's error for
 * an unavailable algorithm or command.  Unlike the other tests it
 * does not call test_init: the initialisation is the point.  */

#include <gcrypt.h>     /* As an application includes it.  */

#define PGM "t-compat"
#include "t-common.h"

/* The minimum version as applications usually spell it.  */
#define NEED_LIBGCRYPT_VERSION "1.10.0"

/* Compile-time checks of sizes and values an application may build
   into its own tables.  ML-KEM sizes: FIPS 203, table 3.  */
#define COMPAT_ASSERT(name, cond) \
  typedef char compat_assert_ ## name[(cond) ? 1 : -1]
COMPAT_ASSERT (mlkem512_pk, GCRY_KEM_MLKEM512_PUBKEY_LEN == 800);
COMPAT_ASSERT (mlkem512_sk, GCRY_KEM_MLKEM512_SECKEY_LEN == 1632);
COMPAT_ASSERT (mlkem512_ct, GCRY_KEM_MLKEM512_CIPHER_LEN == 768);
COMPAT_ASSERT (mlkem768_pk, GCRY_KEM_MLKEM768_PUBKEY_LEN == 1184);
COMPAT_ASSERT (mlkem768_sk, GCRY_KEM_MLKEM768_SECKEY_LEN == 2400);
COMPAT_ASSERT (mlkem768_ct, GCRY_KEM_MLKEM768_ENCAPS_LEN == 1088);
COMPAT_ASSERT (mlkem1024_pk, GCRY_KEM_MLKEM1024_PUBKEY_LEN == 1568);
COMPAT_ASSERT (mlkem1024_sk, GCRY_KEM_MLKEM1024_SECKEY_LEN == 3168);
COMPAT_ASSERT (mlkem1024_ct, GCRY_KEM_MLKEM1024_CIPHER_LEN == 1568);
COMPAT_ASSERT (mlkem_ss, GCRY_KEM_MLKEM768_SHARED_LEN == 32);
COMPAT_ASSERT (api_level, GCRYPT_VERSION_NUMBER >= 0x010c00);

/* Programs test for newer algorithms with #ifdef.  */
#ifndef GCRY_KEM_MLKEM768
# error GCRY_KEM_MLKEM768 is not a macro
#endif

/* Old programs still carry the thread callback boilerplate; it must
   compile (with a deprecation warning in libgcrypt too, hence the
   pragma) and gcry_control must accept it.  */
#ifdef __GNUC__
# pragma GCC diagnostic push
# pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
GCRY_THREAD_OPTION_PTHREAD_IMPL;
#ifdef __GNUC__
# pragma GCC diagnostic pop
#endif


/* True if ERR has code CODE and the gcrypt error source.  */
static int
is_gcry_err (gcry_error_t err, gcry_err_code_t code)
{
  return gcry_err_code (err) == code
         && gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT;
}

/* True if the LEN bytes at BUF equal the hex string HEX.  */
static int
equal_hex (const void *buf, size_t len, const char *hex)
{
  size_t n;
  unsigned char *want = test_hex2buf (hex, &n);
  int ok = want && n == len && buf && !memcmp (buf, want, len);

  free (want);
  return ok;
}


/* The initialisation sequence of the libgcrypt manual, section
   "Initializing the library".  */
static void
init_like_an_application (void)
{
  const char *v;
  gpg_error_t err;

  /* The minimum version an application asks for.  */
  v = gcry_check_version (NEED_LIBGCRYPT_VERSION);
  if (!v)
    die ("gcry_check_version (\"%s\") failed", NEED_LIBGCRYPT_VERSION);
  check (!strcmp (v, GCRYPT_VERSION),
         "gcry_check_version returns the API version '%s' (got '%s')",
         GCRYPT_VERSION, v);
  /* And the header's own version, as AM_PATH_LIBGCRYPT users do.  */
  check (gcry_check_version (GCRYPT_VERSION) != NULL,
         "gcry_check_version (GCRYPT_VERSION)");

#ifdef __GNUC__
# pragma GCC diagnostic push
# pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
  check (!gcry_control (GCRYCTL_SET_THREAD_CBS, &gcry_threads_pthread),
         "GCRYCTL_SET_THREAD_CBS accepted");
#ifdef __GNUC__
# pragma GCC diagnostic pop
#endif

  check (!gcry_control (GCRYCTL_SUSPEND_SECMEM_WARN),
         "GCRYCTL_SUSPEND_SECMEM_WARN");
  /* GPG_ERR_GENERAL only says that the pool could not be locked (a
     small RLIMIT_MEMLOCK without root): it is usable either way.  */
  err = gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0);
  check (!err || gpg_err_code (err) == GPG_ERR_GENERAL,
         "GCRYCTL_INIT_SECMEM 16384");
  check (!gcry_control (GCRYCTL_RESUME_SECMEM_WARN),
         "GCRYCTL_RESUME_SECMEM_WARN");
  check (!gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0),
         "GCRYCTL_INITIALIZATION_FINISHED");
  check (gcry_control (GCRYCTL_INITIALIZATION_FINISHED_P)
         == gpg_err_make (GPG_ERR_SOURCE_GCRYPT, GPG_ERR_GENERAL),
         "GCRYCTL_INITIALIZATION_FINISHED_P is true afterwards");
  check (!gcry_fips_mode_active (), "gcry_fips_mode_active () is 0");
}


/* Version checks beyond the API level fail; lower ones pass.  */
static void
check_versions (void)
{
  check (gcry_check_version ("1.5.0") != NULL, "version 1.5.0 accepted");
  check (gcry_check_version ("1.12.0") != NULL, "version 1.12.0 accepted");
  /* A bug-fix release of the same API level (libgcrypt 1.12.1).  */
  check (gcry_check_version ("1.12.1") != NULL, "version 1.12.1 accepted");
  check (gcry_check_version ("1.13.0") == NULL, "version 1.13.0 refused");
  /* Libgcrypt requires all three numbers.  */
  check (gcry_check_version ("1.12") == NULL, "version 1.12 refused");
  check (gcry_check_version ("1") == NULL, "version 1 refused");
  check (gcry_check_version ("1.5.0-beta3") != NULL,
         "version 1.5.0-beta3 accepted");
  check (gcry_check_version ("2.0.0") == NULL, "version 2.0.0 refused");
  check (gcry_check_version (NULL) != NULL, "gcry_check_version (NULL)");
}


/* The classic hashing idioms.  */
static void
check_hashing (void)
{
  static const char sha256_abc[] =
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  static const char sha256_million_a[] =
    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
  static const char sha3_256_abc[] =
    "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532";
  static const char sha512_abc[] =
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
  static const char hmac_sha256_rfc4231_1[] =
    "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7";
  gcry_md_hd_t hd;
  gcry_error_t err;
  unsigned char digest[64], key[20];
  unsigned char *p;
  const char *s;
  int i;

  /* open / write / putc / read / close.  */
  err = gcry_md_open (&hd, GCRY_MD_SHA256, 0);
  if (!check (!err, "gcry_md_open SHA256: %s", gcry_strerror (err)))
    return;
  gcry_md_write (hd, "a", 1);
  gcry_md_putc (hd, 'b');
  gcry_md_putc (hd, 'c');
  p = gcry_md_read (hd, 0);
  check (equal_hex (p, 32, sha256_abc), "SHA-256 via write+putc");
  gcry_md_reset (hd);
  /* Enough putc calls to wrap the handle's buffer many times.  */
  for (i = 0; i < 1000000; i++)
    gcry_md_putc (hd, 'a');
  gcry_md_final (hd);
  p = gcry_md_read (hd, GCRY_MD_SHA256);
  check (equal_hex (p, 32, sha256_million_a),
         "SHA-256 of a million putc ('a')");
  gcry_md_close (hd);
  gcry_md_close (NULL);   /* Allowed, as in libgcrypt.  */

  /* One-shot hashing.  */
  gcry_md_hash_buffer (GCRY_MD_SHA3_256, digest, "abc", 3);
  check (equal_hex (digest, 32, sha3_256_abc), "SHA3-256 (\"abc\")");
  gcry_md_hash_buffer (GCRY_MD_SHA512, digest, "abc", 3);
  check (equal_hex (digest, 64, sha512_abc), "SHA-512 (\"abc\")");

  /* HMAC through the md interface (RFC 4231, test case 1).  */
  memset (key, 0x0b, sizeof key);
  err = gcry_md_open (&hd, GCRY_MD_SHA256, GCRY_MD_FLAG_HMAC);
  if (check (!err, "gcry_md_open HMAC-SHA256: %s", gcry_strerror (err)))
    {
      err = gcry_md_setkey (hd, key, sizeof key);
      check (!err, "gcry_md_setkey: %s", gcry_strerror (err));
      gcry_md_write (hd, "Hi There", 8);
      check (equal_hex (gcry_md_read (hd, 0), 32, hmac_sha256_rfc4231_1),
             "HMAC-SHA-256 (RFC 4231 case 1)");
      gcry_md_close (hd);
    }

  /* Names, lengths and availability.  */
  check (gcry_md_map_name ("SHA256") == GCRY_MD_SHA256,
         "gcry_md_map_name (\"SHA256\")");
  check (gcry_md_map_name ("sha3-256") == GCRY_MD_SHA3_256,
         "gcry_md_map_name (\"sha3-256\")");
  s = gcry_md_algo_name (GCRY_MD_SHA512);
  check (s && !strcmp (s, "SHA512"), "gcry_md_algo_name (SHA512) = '%s'",
         s ? s : "(null)");
  check (gcry_md_get_algo_dlen (GCRY_MD_SHA384) == 48,
         "gcry_md_get_algo_dlen (SHA384)");
  check (!gcry_md_test_algo (GCRY_MD_SHA256), "gcry_md_test_algo (SHA256)");
}


/* Random idioms.  */
static void
check_random (void)
{
  unsigned char a[32], b[32], zero[32];
  void *p;

  memset (zero, 0, sizeof zero);
  gcry_randomize (a, sizeof a, GCRY_STRONG_RANDOM);
  gcry_randomize (b, sizeof b, GCRY_VERY_STRONG_RANDOM);
  check (memcmp (a, zero, sizeof a) && memcmp (a, b, sizeof a),
         "gcry_randomize gives fresh output");
  gcry_create_nonce (b, sizeof b);
  check (memcmp (a, b, sizeof a) != 0, "gcry_create_nonce");

  p = gcry_random_bytes_secure (32, GCRY_VERY_STRONG_RANDOM);
  check (p && gcry_is_secure (p), "gcry_random_bytes_secure is secure");
  gcry_free (p);
  p = gcry_xmalloc_secure (64);
  check (gcry_is_secure (p), "gcry_xmalloc_secure is secure");
  gcry_free (p);
  gcry_fast_random_poll ();
}


/* S-expression idioms: build with format specifiers, print in
   canonical and advanced form, parse the advanced text back.  */
static void
check_sexp (void)
{
  static const char canon[] =
    "(4:data(5:flags3:raw)(5:value3:abc)(4:salt6:pepper)(3:num2:42))";
  gcry_sexp_t s = NULL, s2 = NULL, l = NULL;
  gcry_error_t err;
  size_t n, erroff;
  char *buf;
  const char *d;

  err = gcry_sexp_build (&s, &erroff,
                         "(data (flags raw) (value %b) (salt %s) (num %d))",
                         3, "abc", "pepper", 42);
  if (!check (!err, "gcry_sexp_build: %s", gcry_strerror (err)))
    return;

  n = gcry_sexp_sprint (s, GCRYSEXP_FMT_CANON, NULL, 0);
  buf = gcry_xmalloc (n);
  check (gcry_sexp_sprint (s, GCRYSEXP_FMT_CANON, buf, n) == n - 1
         && n - 1 == strlen (canon) && !memcmp (buf, canon, n - 1),
         "canonical form of the built S-expression");
  gcry_free (buf);

  n = gcry_sexp_sprint (s, GCRYSEXP_FMT_ADVANCED, NULL, 0);
  buf = gcry_xmalloc (n);
  if (check (n && gcry_sexp_sprint (s, GCRYSEXP_FMT_ADVANCED, buf, n),
             "advanced form printed"))
    {
      err = gcry_sexp_sscan (&s2, &erroff, buf, strlen (buf));
      check (!err, "advanced form parses back: %s", gcry_strerror (err));
    }
  gcry_free (buf);

  l = gcry_sexp_find_token (s2 ? s2 : s, "value", 0);
  d = l ? gcry_sexp_nth_data (l, 1, &n) : NULL;
  check (d && n == 3 && !memcmp (d, "abc", 3), "find_token + nth_data");
  gcry_sexp_release (l);
  gcry_sexp_release (s2);
  gcry_sexp_release (s);
}


/* Algorithms and commands libgcrypt has but this library does not:
   the constants compile, the run-time answers are libgcrypt's
   "unavailable" errors.  */
static void
check_unavailable (void)
{
  gcry_md_hd_t hd = NULL;
  gcry_sexp_t parms = NULL, key = NULL;
  gcry_error_t err;
  unsigned char pk[GCRY_KEM_ECC_X25519_PUBKEY_LEN];
  unsigned char sk[GCRY_KEM_ECC_X25519_SECKEY_LEN];
  /* Identifiers an application may have in tables.  */
  static const int ciphers[] = { GCRY_CIPHER_AES256, GCRY_CIPHER_CHACHA20,
                                 GCRY_CIPHER_MODE_GCM, GCRY_CIPHER_SECURE };
  static const int macs[] = { GCRY_MAC_HMAC_SHA256, GCRY_MAC_CMAC_AES,
                              GCRY_MAC_POLY1305 };
  static const int kdfs[] = { GCRY_KDF_PBKDF2, GCRY_KDF_ARGON2,
                              GCRY_KDF_ARGON2ID, GCRY_KDF_HKDF };
  static const unsigned int fipsflags = GCRY_FIPS_FLAG_REJECT_DEFAULT;

  check (ciphers[0] == 9 && macs[0] == 101 && kdfs[0] == 34 && fipsflags,
         "cipher, MAC, KDF and FIPS flag identifiers compile");

  err = gcry_md_open (&hd, GCRY_MD_MD5, 0);
  check (is_gcry_err (err, GPG_ERR_DIGEST_ALGO) && !hd,
         "gcry_md_open (MD5) -> GPG_ERR_DIGEST_ALGO (got %s <%s>)",
         gcry_strerror (err), gcry_strsource (err));
  check (gcry_md_test_algo (GCRY_MD_BLAKE2B_512) != 0,
         "gcry_md_test_algo (BLAKE2B_512) fails");
  check (gcry_md_get_algo_dlen (GCRY_MD_RMD160) == 0,
         "gcry_md_get_algo_dlen (RMD160) is 0");

  check (gcry_pk_map_name ("rsa") == 0, "gcry_pk_map_name (\"rsa\") is 0");
  err = gcry_pk_test_algo (GCRY_PK_RSA);
  check (is_gcry_err (err, GPG_ERR_PUBKEY_ALGO),
         "gcry_pk_test_algo (RSA) -> GPG_ERR_PUBKEY_ALGO (got %s)",
         gcry_strerror (err));
  err = gcry_sexp_build (&parms, NULL, "(genkey (rsa (nbits 4:2048)))");
  if (!err)
    {
      err = gcry_pk_genkey (&key, parms);
      check (is_gcry_err (err, GPG_ERR_PUBKEY_ALGO) && !key,
             "gcry_pk_genkey (rsa) -> GPG_ERR_PUBKEY_ALGO (got %s)",
             gcry_strerror (err));
      gcry_sexp_release (key);
      gcry_sexp_release (parms);
    }
  else
    fail ("gcry_sexp_build of an RSA genkey request: %s",
          gcry_strerror (err));

  err = gcry_kem_keypair (GCRY_KEM_RAW_X25519, pk, sizeof pk, sk, sizeof sk);
  check (is_gcry_err (err, GPG_ERR_UNKNOWN_ALGORITHM),
         "gcry_kem_keypair (RAW_X25519) -> GPG_ERR_UNKNOWN_ALGORITHM"
         " (got %s)", gcry_strerror (err));

  err = gcry_control ((enum gcry_ctl_cmds) 4711);
  check (is_gcry_err (err, GPG_ERR_INV_OP),
         "gcry_control (4711) -> GPG_ERR_INV_OP (got %s)",
         gcry_strerror (err));
  err = gcry_control (GCRYCTL_SET_CBC_CTS, 1);
  check (is_gcry_err (err, GPG_ERR_INV_OP),
         "gcry_control (GCRYCTL_SET_CBC_CTS) -> GPG_ERR_INV_OP (got %s)",
         gcry_strerror (err));
  err = gcry_get_fips_service_indicator ();
  check (is_gcry_err (err, GPG_ERR_NOT_IMPLEMENTED),
         "gcry_get_fips_service_indicator () -> GPG_ERR_NOT_IMPLEMENTED"
         " (got %s)", gcry_strerror (err));
  check (!gcry_control (GCRYCTL_FIPS_REJECT_NON_FIPS,
                        GCRY_FIPS_FLAG_REJECT_DEFAULT),
         "GCRYCTL_FIPS_REJECT_NON_FIPS accepted outside FIPS mode");
  check (!gcry_control (GCRYCTL_ENABLE_QUICK_RANDOM, 0),
         "GCRYCTL_ENABLE_QUICK_RANDOM accepted");
}


/* The post-quantum algorithms through the libgcrypt 1.12 KEM API, as
   an application would call them.  */
static void
check_kem (void)
{
#ifdef USE_MLKEM
  unsigned char *sk, pk[GCRY_KEM_MLKEM768_PUBKEY_LEN];
  unsigned char ct[GCRY_KEM_MLKEM768_CIPHER_LEN];
  unsigned char ss1[GCRY_KEM_MLKEM768_SHARED_LEN];
  unsigned char ss2[GCRY_KEM_MLKEM768_SHARED_LEN];
  gcry_error_t err;

  sk = gcry_xmalloc_secure (GCRY_KEM_MLKEM768_SECKEY_LEN);
  err = gcry_kem_keypair (GCRY_KEM_MLKEM768, pk, sizeof pk,
                          sk, GCRY_KEM_MLKEM768_SECKEY_LEN);
  if (check (!err, "gcry_kem_keypair (MLKEM768): %s", gcry_strerror (err)))
    {
      err = gcry_kem_encap (GCRY_KEM_MLKEM768, pk, sizeof pk, ct, sizeof ct,
                            ss1, sizeof ss1, NULL, 0);
      check (!err, "gcry_kem_encap (MLKEM768): %s", gcry_strerror (err));
      err = gcry_kem_decap (GCRY_KEM_MLKEM768,
                            sk, GCRY_KEM_MLKEM768_SECKEY_LEN,
                            ct, sizeof ct, ss2, sizeof ss2, NULL, 0);
      check (!err && !memcmp (ss1, ss2, sizeof ss1),
             "gcry_kem_decap (MLKEM768) recovers the secret: %s",
             gcry_strerror (err));
    }
  gcry_free (sk);
#else
  skip ("ML-KEM not configured");
#endif
}


int
main (int argc, char **argv)
{
  if (argc > 1 && !strcmp (argv[1], "--verbose"))
    verbose = 1;

  init_like_an_application ();
  check_versions ();
  check_hashing ();
  check_random ();
  check_sexp ();
  check_unavailable ();
  check_kem ();

  return test_exit ();
}
