/* hwf-demo.c - Show the hardware features and backends in use
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

/* A short demonstration for the README's quick start, written the way
 * an application uses the library (public API only):
 *
 *   hwf-demo [--disable-hwf NAMES]
 *
 * prints the library version, the hardware features detected and the
 * backend chosen for each kernel set, then runs one ML-KEM-768
 * encapsulation round trip and one ML-DSA-65 signature and says
 * whether they worked.  --disable-hwf passes NAMES ("intel-avx512",
 * "all", ...) to GCRYCTL_DISABLE_HWF before initialisation, so the
 * effect of disabling a feature can be seen.  Exit status 0 if every
 * step worked or was not built, 1 otherwise.
 *
 * It needs no config.h, so it also builds as an application against
 * an installed copy:
 *   cc hwf-demo.c $(pkg-config --cflags --libs libgcrypt-pqc)
 * (.ci/run does that in its "install" step).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include <gcrypt.h>

#define PGM "hwf-demo"

static int failures;


/* Print the gcry_get_config line WHAT, indented, or a note that the
   item is missing.  */
static void
show_config (const char *what)
{
  char *s = gcry_get_config (0, what);

  if (!s)
    {
      printf ("  %-9s (not reported)\n", what);
      return;
    }
  /* A single item comes without its line feed; the line already
     names the item.  */
  printf ("  %s\n", s);
  gcry_free (s);
}


/* Report the result ERR of demo step WHAT.  An algorithm that was
   configured out is not a failure.  */
static void
report (const char *what, gcry_error_t err)
{
  if (!err)
    printf ("  %-34s ok\n", what);
  else if (gcry_err_code (err) == GPG_ERR_PUBKEY_ALGO
           || gcry_err_code (err) == GPG_ERR_NOT_IMPLEMENTED)
    printf ("  %-34s not built (%s)\n", what, gcry_strerror (err));
  else
    {
      printf ("  %-34s FAILED: %s\n", what, gcry_strerror (err));
      failures++;
    }
}


/* ML-KEM-768 through the gcry_kem API: key pair, encapsulation,
   decapsulation; the two shared secrets must agree.  */
static void
demo_mlkem (void)
{
  unsigned char pk[GCRY_KEM_MLKEM768_PUBKEY_LEN];
  unsigned char *sk;
  unsigned char ct[GCRY_KEM_MLKEM768_CIPHER_LEN];
  unsigned char k1[GCRY_KEM_MLKEM768_SHARED_LEN];
  unsigned char k2[GCRY_KEM_MLKEM768_SHARED_LEN];
  gcry_error_t err;

  /* The secret key belongs in secure memory.  */
  sk = gcry_malloc_secure (GCRY_KEM_MLKEM768_SECKEY_LEN);
  if (!sk)
    {
      report ("ML-KEM-768 key pair", gcry_error_from_errno (errno));
      return;
    }
  err = gcry_kem_keypair (GCRY_KEM_MLKEM768, pk, sizeof pk,
                          sk, GCRY_KEM_MLKEM768_SECKEY_LEN);
  if (!err)
    err = gcry_kem_encap (GCRY_KEM_MLKEM768, pk, sizeof pk, ct, sizeof ct,
                          k1, sizeof k1, NULL, 0);
  if (!err)
    err = gcry_kem_decap (GCRY_KEM_MLKEM768, sk, GCRY_KEM_MLKEM768_SECKEY_LEN,
                          ct, sizeof ct, k2, sizeof k2, NULL, 0);
  if (!err && memcmp (k1, k2, sizeof k1))
    err = gpg_error (GPG_ERR_BAD_DATA);
  report ("ML-KEM-768 keypair/encap/decap", err);
  gcry_free (sk);
}


/* ML-DSA-65 through the gcry_pk API with S-expressions: generate a
   key, sign a message, verify it, and check that a changed message
   does not verify.  */
static void
demo_mldsa (void)
{
  static const char msg[] = "libgcrypt-pqc demo message";
  gcry_sexp_t parms = NULL, key = NULL, pub = NULL, sec = NULL;
  gcry_sexp_t data = NULL, data2 = NULL, sig = NULL;
  gcry_error_t err;

  err = gcry_sexp_build (&parms, NULL, "(genkey (dilithium3))");
  if (!err)
    err = gcry_pk_genkey (&key, parms);
  if (!err)
    {
      pub = gcry_sexp_find_token (key, "public-key", 0);
      sec = gcry_sexp_find_token (key, "private-key", 0);
      if (!pub || !sec)
        err = gpg_error (GPG_ERR_NO_OBJ);
    }
  if (!err)
    err = gcry_sexp_build (&data, NULL, "(data (value %b))",
                           (int)strlen (msg), msg);
  if (!err)
    err = gcry_pk_sign (&sig, data, sec);
  if (!err)
    err = gcry_pk_verify (sig, data, pub);
  if (!err)
    {
      err = gcry_sexp_build (&data2, NULL, "(data (value %b))",
                             (int)strlen (msg) - 1, msg);
      if (!err)
        err = gcry_pk_verify (sig, data2, pub);
      if (gcry_err_code (err) == GPG_ERR_BAD_SIGNATURE)
        err = 0;
      else if (!err)
        err = gpg_error (GPG_ERR_BAD_DATA);
    }
  report ("ML-DSA-65 genkey/sign/verify", err);
  gcry_sexp_release (sig);
  gcry_sexp_release (data2);
  gcry_sexp_release (data);
  gcry_sexp_release (sec);
  gcry_sexp_release (pub);
  gcry_sexp_release (key);
  gcry_sexp_release (parms);
}


int
main (int argc, char **argv)
{
  gcry_error_t err;

  if (argc > 1 && !strcmp (argv[1], "--help"))
    {
      puts ("usage: " PGM " [--disable-hwf NAMES]");
      return 0;
    }
  if (argc == 3 && !strcmp (argv[1], "--disable-hwf"))
    {
      /* Must come before the library is initialised.  */
      err = gcry_control (GCRYCTL_DISABLE_HWF, argv[2], NULL);
      if (err)
        {
          fprintf (stderr, PGM ": --disable-hwf %s: %s\n",
                   argv[2], gcry_strerror (err));
          return 1;
        }
    }
  else if (argc != 1)
    {
      fputs ("usage: " PGM " [--disable-hwf NAMES]\n", stderr);
      return 1;
    }

  if (!gcry_check_version (GCRYPT_VERSION))
    {
      fprintf (stderr, PGM ": libgcrypt API %s required, library has %s\n",
               GCRYPT_VERSION, gcry_check_version (NULL));
      return 1;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  printf ("libgcrypt-pqc %s (libgcrypt API %s)\n",
          GCRYPT_PQC_VERSION, gcry_check_version (NULL));
  puts ("Configuration (gcry_get_config):");
  show_config ("cpu-arch");
  show_config ("hwflist");
  show_config ("backends");
  puts ("Demo:");
  demo_mlkem ();
  demo_mldsa ();

  return failures ? 1 : 0;
}
