/* t-version.c - Version check, configuration report and header values
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

/* Checks that
 *  - gcry_check_version accepts every request up to the libgcrypt API
 *    level 1.12 and rejects later or malformed ones,
 *  - gcry_get_config reports every documented item in libgcrypt's
 *    "name:value:" format, including the project version and the
 *    backend of each kernel set,
 *  - the public header carries libgcrypt 1.12's numeric values (a
 *    sample of them, chosen from every enum a caller is likely to
 *    use), and the error helpers behave as in libgcrypt.  */

#define PGM "t-version"
#include "t-common.h"

#ifndef DIM
# define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#endif


/* Return the line of CONFIG that starts with "NAME:" (without the
   newline) in a static buffer, or NULL.  */
static const char *
config_line (const char *config, const char *name)
{
  static char line[1024];
  size_t nlen = strlen (name);
  const char *p = config;

  while (p && *p)
    {
      const char *end = strchr (p, '\n');
      size_t len = end ? (size_t)(end - p) : strlen (p);

      if (len > nlen && !strncmp (p, name, nlen) && p[nlen] == ':')
        {
          if (len >= sizeof line)
            len = sizeof line - 1;
          memcpy (line, p, len);
          line[len] = 0;
          return line;
        }
      p = end ? end + 1 : NULL;
    }
  return NULL;
}


static void
check_versions (void)
{
  static const char *good[] =
    { "1.12.0", "1.12.9", "1.11.0", "1.10.1", "1.4.0", "1.0.0",
      "0.9.0", "1.12.0-beta42", "1.8.1 extra",
      /* Libgcrypt reads an empty number as 0.  */
      "1.12.", ".9.0" };
  /* Libgcrypt wants three numbers ("1.12" is refused).  */
  static const char *bad[] =
    { "1.13.0", "1.13", "2.0.0", "1.100.0", "abc", "", "1", "1.", "1.12",
      "1.11",
      "01.12.0", "1.012.0", "-1.0.0", "99999999.1.0" };
  const char *v;
  size_t i;

  v = gcry_check_version (NULL);
  check (v && !strcmp (v, GCRYPT_VERSION),
         "check_version (NULL) returns \"%s\" (got \"%s\")",
         GCRYPT_VERSION, v ? v : "(null)");
  check (!strcmp (GCRYPT_VERSION, "1.12.0"), "GCRYPT_VERSION is 1.12.0");
  check (GCRYPT_VERSION_NUMBER == 0x010c00,
         "GCRYPT_VERSION_NUMBER is 0x010c00");
  check (!strcmp (GCRYPT_PQC_VERSION, PACKAGE_VERSION),
         "GCRYPT_PQC_VERSION \"%s\" equals the package version \"%s\"",
         GCRYPT_PQC_VERSION, PACKAGE_VERSION);
  check (GCRYPT_PQC_VERSION_NUMBER > 0, "GCRYPT_PQC_VERSION_NUMBER set");

  for (i = 0; i < DIM (good); i++)
    {
      v = gcry_check_version (good[i]);
      check (v && !strcmp (v, GCRYPT_VERSION),
             "check_version accepts \"%s\"", good[i]);
    }
  for (i = 0; i < DIM (bad); i++)
    check (!gcry_check_version (bad[i]),
           "check_version rejects \"%s\"", bad[i]);
}


static void
check_config (void)
{
  char *all, *one;
  const char *line;
  char expect[256];
  static const char *items[] =
    { "version", "cc", "ciphers", "pubkeys", "digests", "rnd-mod",
      "cpu-arch", "hwflist", "fips-mode", "backends", "compliance" };
  size_t i;

  all = gcry_get_config (0, NULL);
  if (!check (all != NULL, "get_config (0, NULL) returns the report"))
    return;
  if (verbose)
    fputs (all, stderr);

  for (i = 0; i < DIM (items); i++)
    {
      line = config_line (all, items[i]);
      check (line != NULL, "item \"%s\" present", items[i]);
      /* Without its line feed, as in Libgcrypt.  */
      one = gcry_get_config (0, items[i]);
      check (one && line && !strcmp (one, line),
             "get_config (0, \"%s\") returns exactly that line", items[i]);
      gcry_free (one);
    }

  snprintf (expect, sizeof expect, "version:%s:%x:", GCRYPT_VERSION,
            GCRYPT_VERSION_NUMBER);
  line = config_line (all, "version");
  check (line && !strncmp (line, expect, strlen (expect)),
         "version item starts with \"%s\" (got \"%s\")", expect,
         line ? line : "");
  snprintf (expect, sizeof expect, ":libgcrypt-pqc:%s:", GCRYPT_PQC_VERSION);
  check (line && strstr (line, expect),
         "version item shows the project version \"%s\"", expect);

  line = config_line (all, "cpu-arch");
#if defined(HAVE_CPU_ARCH_X86)
  check (line && !strcmp (line, "cpu-arch:x86:"), "cpu-arch is x86");
#elif defined(HAVE_CPU_ARCH_PPC)
  check (line && !strcmp (line, "cpu-arch:ppc:"), "cpu-arch is ppc");
#elif defined(HAVE_CPU_ARCH_S390X)
  check (line && !strcmp (line, "cpu-arch:s390x:"), "cpu-arch is s390x");
#endif

  line = config_line (all, "pubkeys");
#ifdef USE_MLKEM
  check (line && strstr (line, ":mlkem:"), "pubkeys lists mlkem");
#endif
#ifdef USE_MLDSA
  check (line && strstr (line, ":mldsa:"), "pubkeys lists mldsa");
#endif

  line = config_line (all, "digests");
  check (line && strstr (line, ":sha3:") && strstr (line, ":sha512:"),
         "digests lists sha3 and sha512");

  line = config_line (all, "fips-mode");
  /* Libgcrypt's format since 1.9: not in FIPS mode, the obsolete
     enforced flag and the module version empty.  */
  check (line && !strcmp (line, "fips-mode:n:::"), "not in FIPS mode (%s)",
         line ? line : "");
  line = config_line (all, "compliance");
  check (line && !strcmp (line, "compliance:::"), "no compliance claimed (%s)",
         line ? line : "");

  line = config_line (all, "cc");
  check (line && strlen (line) > 4, "cc item has a value");

  /* "backends:keccak:B:keccak-x4:B:keccak-x8:B:[mlkem:B:][mldsa:B:]" */
  line = config_line (all, "backends");
  check (line && !strncmp (line, "backends:keccak:", 16)
         && strstr (line, ":keccak-x4:") && strstr (line, ":keccak-x8:")
         && line[strlen (line) - 1] == ':',
         "backends item has the keccak kernel sets (%s)", line ? line : "");
#ifdef USE_MLKEM
  check (line && strstr (line, ":mlkem:"), "backends lists mlkem");
#endif
#ifdef USE_MLDSA
  check (line && strstr (line, ":mldsa:"), "backends lists mldsa");
#endif

  line = config_line (all, "hwflist");
  check (line && line[strlen (line) - 1] == ':', "hwflist ends with ':'");

  gcry_free (all);

  errno = 0;
  check (!gcry_get_config (0, "no-such-item"),
         "unknown item gives NULL");
  check (!gcry_get_config (1, NULL) && errno == EINVAL,
         "mode 1 gives NULL with EINVAL");
}


/* A sample of libgcrypt 1.12's numeric values from each enum.  */
static void
check_header (void)
{
  check (GCRYCTL_SET_VERBOSITY == 19 && GCRYCTL_INIT_SECMEM == 24
         && GCRYCTL_INITIALIZATION_FINISHED == 38
         && GCRYCTL_ENABLE_QUICK_RANDOM == 44
         && GCRYCTL_PRINT_CONFIG == 53 && GCRYCTL_FIPS_MODE_P == 55
         && GCRYCTL_SELFTEST == 57 && GCRYCTL_DISABLE_HWF == 63
         && GCRYCTL_MD_CUSTOMIZE == 88, "GCRYCTL_* values");
  check (GCRY_MD_SHA256 == 8 && GCRY_MD_SHA512 == 10 && GCRY_MD_SHA224 == 11
         && GCRY_MD_SHA3_224 == 312 && GCRY_MD_SHA3_512 == 315
         && GCRY_MD_SHAKE128 == 316 && GCRY_MD_SHAKE256 == 317
         && GCRY_MD_SHA512_256 == 327 && GCRY_MD_SHA512_224 == 328
         && GCRY_MD_CSHAKE256 == 330, "gcry_md_algos values");
  check (GCRY_PK_RSA == 1 && GCRY_PK_ECC == 18 && GCRY_PK_EDDSA == 303
         && GCRY_PK_KEM == 333, "gcry_pk_algos values");
  check (GCRY_KEM_MLKEM512 == 3 && GCRY_KEM_MLKEM768 == 4
         && GCRY_KEM_MLKEM1024 == 5 && GCRY_KEM_RAW_X25519 == 31
         && GCRY_KEM_DHKEM25519 == 41, "gcry_kem_algos values");
#if defined(GCRY_KEM_MLKEM512) && defined(GCRY_KEM_MLKEM768) \
    && defined(GCRY_KEM_MLKEM1024)
  pass ("GCRY_KEM_MLKEM* usable with #ifdef");
#else
  fail ("GCRY_KEM_MLKEM* usable with #ifdef");
#endif
  check (GCRY_KEM_MLKEM512_PUBKEY_LEN == 800
         && GCRY_KEM_MLKEM512_SECKEY_LEN == 1632
         && GCRY_KEM_MLKEM512_ENCAPS_LEN == 768
         && GCRY_KEM_MLKEM768_PUBKEY_LEN == 1184
         && GCRY_KEM_MLKEM768_SECKEY_LEN == 2400
         && GCRY_KEM_MLKEM768_CIPHER_LEN == 1088
         && GCRY_KEM_MLKEM1024_PUBKEY_LEN == 1568
         && GCRY_KEM_MLKEM1024_SECKEY_LEN == 3168
         && GCRY_KEM_MLKEM1024_ENCAPS_LEN == 1568
         && GCRY_KEM_MLKEM1024_SHARED_LEN == 32
         && GCRY_KEM_MLKEM_RANDOM_LEN == 32,
         "ML-KEM sizes match FIPS 203");
  check (GCRYSEXP_FMT_DEFAULT == 0 && GCRYSEXP_FMT_CANON == 1
         && GCRYSEXP_FMT_BASE64 == 2 && GCRYSEXP_FMT_ADVANCED == 3,
         "GCRYSEXP_FMT_* values");
  check (GCRYMPI_FMT_STD == 1 && GCRYMPI_FMT_PGP == 2 && GCRYMPI_FMT_SSH == 3
         && GCRYMPI_FMT_HEX == 4 && GCRYMPI_FMT_USG == 5
         && GCRYMPI_FMT_OPAQUE == 8 && GCRYMPI_FLAG_SECURE == 1
         && GCRYMPI_FLAG_OPAQUE == 2 && GCRYMPI_FLAG_USER4 == 0x0800,
         "GCRYMPI_* values");
  check (GCRY_WEAK_RANDOM == 0 && GCRY_STRONG_RANDOM == 1
         && GCRY_VERY_STRONG_RANDOM == 2 && GCRY_RNG_TYPE_SYSTEM == 3,
         "random levels");
  check (GCRY_MD_FLAG_SECURE == 1 && GCRY_MD_FLAG_HMAC == 2
         && GCRY_PK_USAGE_SIGN == 1 && GCRY_PK_USAGE_ENCR == 2
         && GCRY_PK_USAGE_AUTH == 8, "flag values");
  check (GCRY_CIPHER_AES256 == 9 && GCRY_CIPHER_CHACHA20 == 316
         && GCRY_CIPHER_MODE_GCM == 9 && GCRY_MAC_HMAC_SHA3_256 == 116
         && GCRY_KDF_HKDF == 98, "cipher, mac and kdf ids");
}


static void
check_errors (void)
{
  gcry_error_t err;

  err = gcry_error_from_errno (ENOMEM);
  check (gcry_err_code (err) == GPG_ERR_ENOMEM
         && gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
         "gcry_error_from_errno (ENOMEM)");
  check (gcry_err_code_from_errno (EINVAL) == GPG_ERR_EINVAL,
         "gcry_err_code_from_errno (EINVAL)");
  check (gcry_err_code_to_errno (GPG_ERR_EINVAL) == EINVAL,
         "gcry_err_code_to_errno");
  err = gcry_err_make_from_errno (GPG_ERR_SOURCE_USER_2, EACCES);
  check (gcry_err_source (err) == GPG_ERR_SOURCE_USER_2
         && gcry_err_code (err) == GPG_ERR_EACCES,
         "gcry_err_make_from_errno");
  err = gcry_err_make (GPG_ERR_SOURCE_GCRYPT, GPG_ERR_INV_OP);
  check (!strcmp (gcry_strerror (err), gpg_strerror (err))
         && *gcry_strerror (err), "gcry_strerror");
  check (!strcmp (gcry_strsource (err), gpg_strsource (err)),
         "gcry_strsource");
}


int
main (int argc, char **argv)
{
  test_init (argc, argv);
  check_versions ();
  check_config ();
  check_header ();
  check_errors ();
  return test_exit ();
}
