/* pubkey.c - Public-key dispatcher (gcry_pk_*) of libgcrypt-pqc
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

/* This file is the thin, algorithm-independent layer between the
 * public gcry_pk_* functions and the algorithm front files.  It knows
 * nothing about ML-KEM or ML-DSA beyond their gcry_pk_spec_t
 * (src/cipher-proto.h): it locates the key or parameter list inside
 * the caller's S-expression, finds the spec by the algorithm name
 * written there (or by the algorithm id), and calls the matching
 * slot.  Its error behaviour follows libgcrypt 1.12:
 *
 *  - the object does not have the expected outer structure
 *    ("genkey", "public-key", "private-key" missing, no name)
 *      -> GPG_ERR_INV_OBJ (GPG_ERR_NO_OBJ for an empty "genkey");
 *  - the name is not one of ours, or the algorithm has been disabled
 *      -> GPG_ERR_PUBKEY_ALGO;
 *  - the algorithm has no such operation (e.g. gcry_pk_encrypt with
 *    an ML-KEM key: use gcry_kem_encap)
 *      -> GPG_ERR_NOT_IMPLEMENTED.
 *
 * Everything deeper (the parameters inside the key, data and
 * signature lists) is checked by the spec's slot.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g10lib.h"
#include "cipher-proto.h"
#include "../src/context.h"


/* The algorithms compiled in.  Order does not matter: names and ids
   are unique.  */
static gcry_pk_spec_t * const pubkey_list[] =
  {
#ifdef USE_MLKEM
    &_gcry_pubkey_spec_mlkem,
#endif
#ifdef USE_MLDSA
    &_gcry_pubkey_spec_mldsa,
#endif
    NULL
  };

#define PUBKEY_LIST_LEN (DIM (pubkey_list) - 1)

/* One flag per entry of PUBKEY_LIST, set by GCRYCTL_DISABLE_ALGO.
   The spec structures are shared and const in spirit, so the flag
   lives here.  Disabling is meant to happen during initialisation;
   a plain int store is good enough for a flag that only ever goes
   from 0 to 1.  The extra element keeps the array non-empty when no
   algorithm is configured.  */
static volatile int pubkey_disabled[PUBKEY_LIST_LEN + 1];

/* Number of parameters in the public key, the secret key, an
   encryption result and a signature, as libgcrypt reports them via
   gcry_pk_algo_info (GCRYCTL_GET_ALGO_NPKEY etc.).  They follow the
   element lists libgcrypt uses for these algorithms: ML-KEM "p" / "s"
   / "k" / "", ML-DSA "p" / "sS" / "" / "s".  */
struct pubkey_elems
{
  int algo;
  unsigned char npkey, nskey, nenc, nsig;
};

static const struct pubkey_elems pubkey_elems_table[] =
  {
    { GCRY_PK_KEM,   1, 1, 1, 0 },
    { GCRY_PK_MLDSA, 1, 2, 0, 1 },
    { 0, 0, 0, 0, 0 }
  };


/* Compare the NUL-terminated lower-case ASCII string A with the LEN
   bytes at B, ignoring the case of B.  Return true when equal.  We do
   not use strcasecmp: it depends on the locale (a Turkish dotless i
   would make "ml-kem" and "ML-KEM" differ).  */
static int
name_equal (const char *a, const char *b, size_t len)
{
  size_t i;

  for (i = 0; i < len; i++)
    {
      unsigned char ca = a[i];
      unsigned char cb = b[i];

      if (!ca)
        return 0;
      if (ca >= 'A' && ca <= 'Z')
        ca += 'a' - 'A';
      if (cb >= 'A' && cb <= 'Z')
        cb += 'a' - 'A';
      if (ca != cb)
        return 0;
    }
  return !a[len];
}


/* Return the index into PUBKEY_LIST of the algorithm spelt NAME (LEN
   bytes, not necessarily NUL terminated), matching the canonical name
   and every alias without regard to case, or -1.  */
static int
index_from_name (const char *name, size_t len)
{
  int i;
  const char *const *al;

  if (!name || !len)
    return -1;
  for (i = 0; pubkey_list[i]; i++)
    {
      if (pubkey_list[i]->name && name_equal (pubkey_list[i]->name, name, len))
        return i;
      for (al = pubkey_list[i]->aliases; al && *al; al++)
        if (name_equal (*al, name, len))
          return i;
    }
  return -1;
}


/* Return the index into PUBKEY_LIST of the algorithm with id ALGO, or
   -1.  */
static int
index_from_algo (int algo)
{
  int i;

  for (i = 0; pubkey_list[i]; i++)
    if (pubkey_list[i]->algo == algo)
      return i;
  return -1;
}


/* Return the spec of ALGO or NULL if it is unknown or disabled.  */
static gcry_pk_spec_t *
spec_from_algo (int algo)
{
  int i = index_from_algo (algo);

  if (i < 0 || pubkey_disabled[i])
    return NULL;
  return pubkey_list[i];
}


/* Find the algorithm named by the first element of LIST, "(NAME ...)".
   On success store the spec at R_SPEC and return 0.  Returns
   GPG_ERR_INV_OBJ when LIST has no name and GPG_ERR_PUBKEY_ALGO for an
   unknown or disabled algorithm.  */
static gpg_err_code_t
spec_from_list (gcry_sexp_t list, gcry_pk_spec_t **r_spec)
{
  const char *name;
  size_t namelen;
  int i;

  name = gcry_sexp_nth_data (list, 0, &namelen);
  if (!name || !namelen)
    return GPG_ERR_INV_OBJ;
  i = index_from_name (name, namelen);
  if (i < 0 || pubkey_disabled[i])
    return GPG_ERR_PUBKEY_ALGO;
  *r_spec = pubkey_list[i];
  return 0;
}


/* Locate the key inside SEXP and the spec of its algorithm.  With
   WANT_PRIVATE only a "private-key" list is accepted; otherwise a
   "public-key" list is preferred and a "private-key" list accepted
   (so that a whole key pair or a private key can be used for
   verification, as with libgcrypt).  The search is by token, so the
   key may also be given inside a larger list such as the "key-data"
   returned by gcry_pk_genkey.  On success store the spec at R_SPEC
   and the algorithm list "(NAME (p ...) ...)" at R_PARMS (to be
   released by the caller).  */
static gpg_err_code_t
spec_from_sexp (gcry_sexp_t sexp, int want_private,
                gcry_pk_spec_t **r_spec, gcry_sexp_t *r_parms)
{
  gcry_sexp_t list, l2;
  gpg_err_code_t rc;

  *r_spec = NULL;
  *r_parms = NULL;
  if (!sexp)
    return GPG_ERR_INV_OBJ;

  list = gcry_sexp_find_token (sexp, want_private ? "private-key"
                                                  : "public-key", 0);
  if (!list && !want_private)
    list = gcry_sexp_find_token (sexp, "private-key", 0);
  if (!list)
    return GPG_ERR_INV_OBJ;

  l2 = gcry_sexp_nth (list, 1);
  gcry_sexp_release (list);
  if (!l2)
    return GPG_ERR_INV_OBJ;

  rc = spec_from_list (l2, r_spec);
  if (rc)
    {
      gcry_sexp_release (l2);
      return rc;
    }
  *r_parms = l2;
  return 0;
}


/* Initialise a result S-expression pointer for the failure paths.  */
static void
clear_result (gcry_sexp_t *r)
{
  if (r)
    *r = NULL;
}


/*
 * Public interface.
 */

/* Encrypt DATA with the public key PKEY.  None of our algorithms is a
   public-key encryption scheme: ML-KEM keys are used with
   gcry_kem_encap, and libgcrypt, like us, answers
   GPG_ERR_NOT_IMPLEMENTED for them.  Unknown or malformed keys give
   the usual errors.  */
gcry_error_t
gcry_pk_encrypt (gcry_sexp_t *r_ciph, gcry_sexp_t s_data, gcry_sexp_t s_pkey)
{
  gcry_pk_spec_t *spec;
  gcry_sexp_t keyparms;
  gpg_err_code_t rc;

  (void)s_data;
  _gcry_global_init ();
  clear_result (r_ciph);
  if (!r_ciph)
    return gpg_error (GPG_ERR_INV_ARG);

  rc = spec_from_sexp (s_pkey, 0, &spec, &keyparms);
  if (rc)
    return gpg_error (rc);
  gcry_sexp_release (keyparms);
  return gpg_error (GPG_ERR_NOT_IMPLEMENTED);
}


/* Decrypt DATA with the private key SKEY.  As gcry_pk_encrypt: not
   available for ML-KEM keys (use gcry_kem_decap).  */
gcry_error_t
gcry_pk_decrypt (gcry_sexp_t *r_plain, gcry_sexp_t s_data, gcry_sexp_t s_skey)
{
  gcry_pk_spec_t *spec;
  gcry_sexp_t keyparms;
  gpg_err_code_t rc;

  (void)s_data;
  _gcry_global_init ();
  clear_result (r_plain);
  if (!r_plain)
    return gpg_error (GPG_ERR_INV_ARG);

  rc = spec_from_sexp (s_skey, 1, &spec, &keyparms);
  if (rc)
    return gpg_error (rc);
  gcry_sexp_release (keyparms);
  return gpg_error (GPG_ERR_NOT_IMPLEMENTED);
}


/* Sign S_DATA with the private key S_SKEY and store the new
   "(sig-val ...)" S-expression at R_SIG.  The data forms are those of
   the algorithm (see the manual); this layer only routes.  */
gcry_error_t
gcry_pk_sign (gcry_sexp_t *r_sig, gcry_sexp_t s_data, gcry_sexp_t s_skey)
{
  gcry_pk_spec_t *spec;
  gcry_sexp_t keyparms;
  gpg_err_code_t rc;

  _gcry_global_init ();
  clear_result (r_sig);
  if (!r_sig)
    return gpg_error (GPG_ERR_INV_ARG);

  rc = spec_from_sexp (s_skey, 1, &spec, &keyparms);
  if (rc)
    return gpg_error (rc);
  if (!s_data)
    rc = GPG_ERR_INV_OBJ;
  else if (spec->sign)
    rc = spec->sign (r_sig, s_data, keyparms);
  else
    rc = GPG_ERR_NOT_IMPLEMENTED;
  gcry_sexp_release (keyparms);
  if (rc)
    {
      /* Never hand out a half-made result.  */
      gcry_sexp_release (*r_sig);
      *r_sig = NULL;
    }
  return gpg_error (rc);
}


/* Check the signature S_SIG over S_DATA with the public key S_PKEY
   (a private key or a whole key pair is accepted too).  Returns 0 for
   a good signature and GPG_ERR_BAD_SIGNATURE (or an argument error)
   otherwise.  */
gcry_error_t
gcry_pk_verify (gcry_sexp_t s_sig, gcry_sexp_t s_data, gcry_sexp_t s_pkey)
{
  gcry_pk_spec_t *spec;
  gcry_sexp_t keyparms;
  gpg_err_code_t rc;

  _gcry_global_init ();
  rc = spec_from_sexp (s_pkey, 0, &spec, &keyparms);
  if (rc)
    return gpg_error (rc);
  if (!s_sig || !s_data)
    rc = GPG_ERR_INV_OBJ;
  else if (spec->verify)
    rc = spec->verify (s_sig, s_data, keyparms);
  else
    rc = GPG_ERR_NOT_IMPLEMENTED;
  gcry_sexp_release (keyparms);
  return gpg_error (rc);
}


/* The data S-expression of gcry_pk_hash_sign and gcry_pk_hash_verify,
   as Libgcrypt 1.11/1.12 builds it.  With a hash handle HD the
   template TMPL must contain "(hash " followed either by "%s %b" (the
   name and digest of the first algorithm of HD) or by a fixed name
   and "%b" (the digest of that algorithm, which must be enabled in
   HD); the digest is read from a copy, so HD stays usable.  A data
   context CTX adds one "%b" after those: its first (most recently
   pushed) entry, e.g. for "(random-override %b)".  Without HD the
   template is filled from CTX alone, up to two entries, most recently
   pushed first.  A template that wants more arguments than there are,
   or another type than a directive's argument (e.g. "%s" where a
   digest is given), gives GPG_ERR_INV_ARG: the arguments go to the
   builder with their types.  */
static gpg_err_code_t
hash_data_sexp (gcry_sexp_t *r_data, const char *tmpl, gcry_md_hd_t hd,
                gcry_ctx_t ctx)
{
  void *args[7];
  char types[7];
  int lens[2] = { 0, 0 }, nargs = 0, algo, dlen;
  const void *ptrs[2] = { NULL, NULL };
  const byte *digest;
  const char *s, *name;
  int with_name;
  gcry_md_hd_t copy;
  gpg_err_code_t rc;

  *r_data = NULL;
  if (!tmpl)
    return GPG_ERR_INV_ARG;
  memset (args, 0, sizeof args);
  memset (types, 0, sizeof types);

  if (!hd)
    {
      nargs = _gcry_ctx_data_args (ctx, args, lens, ptrs, 2, 1);
      if (nargs <= 0)
        return GPG_ERR_INV_ARG;       /* No data at all, or a bad CTX.  */
      memcpy (types, nargs == 2 ? "ipip" : "ip", 2 * nargs);
      return _gcry_sexp_build_typed (r_data, tmpl, args, types);
    }

  s = strstr (tmpl, "(hash ");
  if (!s)
    return GPG_ERR_DIGEST_ALGO;
  s += 6;
  with_name = !strncmp (s, "%s", 2);
  if (with_name)
    {
      algo = gcry_md_get_algo (hd);
      if (!algo)
        return GPG_ERR_DIGEST_ALGO;
    }
  else
    {
      char buf[32];
      size_t n = strcspn (s, " )");

      if (n >= sizeof buf)
        return GPG_ERR_DIGEST_ALGO;
      memcpy (buf, s, n);
      buf[n] = 0;
      algo = gcry_md_map_name (buf);
      if (!algo || !gcry_md_is_enabled (hd, algo))
        return GPG_ERR_DIGEST_ALGO;
    }

  rc = gpg_err_code (gcry_md_copy (&copy, hd));
  if (rc)
    return rc;
  digest = gcry_md_read (copy, algo);
  dlen = (int)gcry_md_get_algo_dlen (algo);
  name = gcry_md_algo_name (algo);
  if (!digest)
    rc = GPG_ERR_NOT_IMPLEMENTED;    /* An XOF already extracted.  */
  else
    {
      if (with_name)
        {
          types[nargs] = 's';
          args[nargs++] = &name;
        }
      lens[0] = dlen;
      ptrs[0] = digest;
      types[nargs] = 'i';
      args[nargs++] = &lens[0];
      types[nargs] = 'p';
      args[nargs++] = &ptrs[0];
      if (ctx && _gcry_ctx_data_args (ctx, args + nargs, lens + 1,
                                      ptrs + 1, 1, 0) != 1)
        rc = GPG_ERR_INV_ARG;
      else
        {
          if (ctx)
            memcpy (types + nargs, "ip", 2);
          rc = _gcry_sexp_build_typed (r_data, tmpl, args, types);
        }
    }
  gcry_md_close (copy);
  return rc;
}


/* Sign the hash in HD (or data from CTX) with the private key SKEY,
   the data S-expression made from the template DATA_TMPL
   (hash_data_sexp).  For ML-DSA, "(data (flags prehash) (hash %s
   %b))" is HashML-DSA with the hash of HD.  */
gcry_error_t
gcry_pk_hash_sign (gcry_sexp_t *result, const char *data_tmpl,
                   gcry_sexp_t skey, gcry_md_hd_t hd, gcry_ctx_t ctx)
{
  gcry_sexp_t s_data;
  gpg_err_code_t rc;

  _gcry_global_init ();
  clear_result (result);
  if (!result)
    return gpg_error (GPG_ERR_INV_ARG);
  rc = hash_data_sexp (&s_data, data_tmpl, hd, ctx);
  if (rc)
    return gpg_error (rc);
  rc = gpg_err_code (gcry_pk_sign (result, s_data, skey));
  gcry_sexp_release (s_data);
  return gpg_error (rc);
}


/* Verify SIGVAL over the hash in HD (or data from CTX) with the public
   key PKEY; the counterpart of gcry_pk_hash_sign.  */
gcry_error_t
gcry_pk_hash_verify (gcry_sexp_t sigval, const char *data_tmpl,
                     gcry_sexp_t pkey, gcry_md_hd_t hd, gcry_ctx_t ctx)
{
  gcry_sexp_t s_data;
  gpg_err_code_t rc;

  _gcry_global_init ();
  rc = hash_data_sexp (&s_data, data_tmpl, hd, ctx);
  if (rc)
    return gpg_error (rc);
  rc = gpg_err_code (gcry_pk_verify (sigval, s_data, pkey));
  gcry_sexp_release (s_data);
  return gpg_error (rc);
}


/* Check that the private key S_KEY is consistent (the checks are the
   algorithm's: FIPS 203 section 7.3 for ML-KEM, sk/pk consistency for
   ML-DSA).  */
gcry_error_t
gcry_pk_testkey (gcry_sexp_t s_key)
{
  gcry_pk_spec_t *spec;
  gcry_sexp_t keyparms;
  gpg_err_code_t rc;

  _gcry_global_init ();
  rc = spec_from_sexp (s_key, 1, &spec, &keyparms);
  if (rc)
    return gpg_error (rc);
  if (spec->check_secret_key)
    rc = spec->check_secret_key (keyparms);
  else
    rc = GPG_ERR_NOT_IMPLEMENTED;
  gcry_sexp_release (keyparms);
  return gpg_error (rc);
}


/* Generate a key pair as described by S_PARMS, "(genkey (NAME ...))",
   and store "(key-data (public-key ...) (private-key ...))" at R_KEY.
   The inner list "(NAME ...)" is passed unchanged to the algorithm,
   which interprets its optional parameters (e.g. derive-parms).  */
gcry_error_t
gcry_pk_genkey (gcry_sexp_t *r_key, gcry_sexp_t s_parms)
{
  gcry_pk_spec_t *spec;
  gcry_sexp_t list, l2;
  gpg_err_code_t rc;

  _gcry_global_init ();
  clear_result (r_key);
  if (!r_key)
    return gpg_error (GPG_ERR_INV_ARG);
  if (!s_parms)
    return gpg_error (GPG_ERR_INV_OBJ);

  list = gcry_sexp_find_token (s_parms, "genkey", 0);
  if (!list)
    return gpg_error (GPG_ERR_INV_OBJ);   /* No genkey data.  */
  l2 = gcry_sexp_nth (list, 1);
  gcry_sexp_release (list);
  if (!l2)
    return gpg_error (GPG_ERR_NO_OBJ);    /* Just "(genkey)".  */

  rc = spec_from_list (l2, &spec);
  if (!rc)
    {
      if (spec->generate)
        rc = spec->generate (l2, r_key);
      else
        rc = GPG_ERR_NOT_IMPLEMENTED;
    }
  gcry_sexp_release (l2);
  if (rc)
    {
      gcry_sexp_release (*r_key);
      *r_key = NULL;
    }
  return gpg_error (rc);
}


/* Return the "key length" of KEY in bits as libgcrypt defines it for
   the algorithm, or 0 for an invalid or unknown key.  */
unsigned int
gcry_pk_get_nbits (gcry_sexp_t key)
{
  gcry_pk_spec_t *spec;
  gcry_sexp_t keyparms;
  unsigned int nbits;

  _gcry_global_init ();
  if (spec_from_sexp (key, 0, &spec, &keyparms))
    return 0;
  nbits = spec->get_nbits ? spec->get_nbits (keyparms) : 0;
  gcry_sexp_release (keyparms);
  return nbits;
}


/* Named elliptic curves are Libgcrypt's; there are none here: NULL,
   as Libgcrypt answers for keys of other algorithms.  */
const char *
gcry_pk_get_curve (gcry_sexp_t key, int iterator, unsigned int *r_nbits)
{
  (void)key;
  (void)iterator;
  if (r_nbits)
    *r_nbits = 0;
  return NULL;
}

/* The parameters of a named curve: NULL, as in Libgcrypt for every
   algorithm that is not ECC.  */
gcry_sexp_t
gcry_pk_get_param (int algo, const char *name)
{
  (void)algo;
  (void)name;
  return NULL;
}

/* Key from an EC context: there are no EC contexts here, so after
   Libgcrypt's argument checks a context is always of the wrong
   kind.  */
gcry_error_t
gcry_pubkey_get_sexp (gcry_sexp_t *r_sexp, int mode, gcry_ctx_t ctx)
{
  if (!r_sexp)
    return gpg_error (GPG_ERR_INV_VALUE);
  *r_sexp = NULL;
  if (mode && mode != GCRY_PK_GET_PUBKEY && mode != GCRY_PK_GET_SECKEY)
    return gpg_error (GPG_ERR_INV_VALUE);
  if (!ctx)
    return gpg_error (GPG_ERR_NO_CRYPT_CTX);
  return gpg_error (GPG_ERR_WRONG_CRYPT_CTX);
}


/* Compute the keygrip of KEY: SHA-1 over the material the algorithm's
   comp_keygrip slot feeds (for ML-KEM and ML-DSA: name, NUL, public
   key).  The 20 bytes are stored at ARRAY, or in a buffer allocated
   with gcry_malloc when ARRAY is NULL.  Returns the buffer, or NULL
   on any error (unknown algorithm, missing key, allocation).  Like
   libgcrypt, public, private, protected-private and shadowed-private
   keys are accepted.  */
unsigned char *
gcry_pk_get_keygrip (gcry_sexp_t key, unsigned char *array)
{
  static const char *const tokens[] =
    { "public-key", "private-key",
      "protected-private-key", "shadowed-private-key", NULL };
  gcry_sexp_t list = NULL, l2;
  gcry_pk_spec_t *spec;
  gcry_md_hd_t md = NULL;
  unsigned char *result = NULL;
  const unsigned char *digest;
  int i;

  _gcry_global_init ();
  if (!key)
    return NULL;
  for (i = 0; tokens[i] && !list; i++)
    list = gcry_sexp_find_token (key, tokens[i], 0);
  if (!list)
    return NULL;
  l2 = gcry_sexp_nth (list, 1);
  gcry_sexp_release (list);
  list = l2;
  if (!list)
    return NULL;

  if (spec_from_list (list, &spec) || !spec->comp_keygrip)
    goto leave;
  if (gcry_md_open (&md, GCRY_MD_SHA1, 0))
    goto leave;
  if (spec->comp_keygrip (md, list))
    goto leave;
  digest = gcry_md_read (md, GCRY_MD_SHA1);
  if (!digest)
    goto leave;

  if (!array)
    {
      array = gcry_malloc (20);
      if (!array)
        goto leave;
    }
  memcpy (array, digest, 20);
  result = array;

 leave:
  gcry_md_close (md);
  gcry_sexp_release (list);
  return result;
}


/* Map the algorithm name STRING (any spelling we accept in
   S-expressions, without regard to case) to its algorithm id:
   GCRY_PK_KEM for the ML-KEM names, GCRY_PK_MLDSA for the ML-DSA
   names.  Returns 0 for unknown or disabled algorithms.  */
int
gcry_pk_map_name (const char *string)
{
  int i;

  if (!string)
    return 0;
  i = index_from_name (string, strlen (string));
  if (i < 0 || pubkey_disabled[i])
    return 0;
  return pubkey_list[i]->algo;
}


/* Return the canonical name of the algorithm with id ALGO, or "?"
   for an unknown one (as libgcrypt).  A disabled algorithm keeps its
   name.  */
const char *
gcry_pk_algo_name (int algo)
{
  int i = index_from_algo (algo);

  if (i < 0 || !pubkey_list[i]->name)
    return "?";
  return pubkey_list[i]->name;
}


/* Return 0 if ALGO is available for the GCRY_PK_USAGE_* bits in USE
   (0: any use), GPG_ERR_WRONG_PUBKEY_ALGO if it is available but not
   for that use, or GPG_ERR_PUBKEY_ALGO.  */
static gpg_err_code_t
check_pubkey_algo (int algo, unsigned int use)
{
  gcry_pk_spec_t *spec = spec_from_algo (algo);

  if (!spec)
    return GPG_ERR_PUBKEY_ALGO;
  if (((use & GCRY_PK_USAGE_SIGN) && !(spec->use & GCRY_PK_USAGE_SIGN))
      || ((use & GCRY_PK_USAGE_ENCR) && !(spec->use & GCRY_PK_USAGE_ENCR)))
    return GPG_ERR_WRONG_PUBKEY_ALGO;
  return 0;
}


/* Return the element counts of ALGO or NULL.  Like libgcrypt, this
   information is given for disabled algorithms too.  */
static const struct pubkey_elems *
elems_from_algo (int algo)
{
  int i;

  if (index_from_algo (algo) < 0)
    return NULL;
  for (i = 0; pubkey_elems_table[i].algo; i++)
    if (pubkey_elems_table[i].algo == algo)
      return &pubkey_elems_table[i];
  return NULL;
}


/* Information about the algorithm ALGO, as libgcrypt:
 *  GCRYCTL_TEST_ALGO: BUFFER must be NULL; NBYTES NULL or pointing to
 *    the wanted GCRY_PK_USAGE_* bits.  Returns 0 if usable, else
 *    GPG_ERR_PUBKEY_ALGO.  (gcry_pk_test_algo is this call.)
 *  GCRYCTL_GET_ALGO_USAGE: store the usage bits at *NBYTES (0 for an
 *    unknown algorithm; a disabled one still reports its bits).
 *  GCRYCTL_GET_ALGO_NPKEY / NSKEY / NSIGN / NENCR: store the number of
 *    parameters of the public key, secret key, signature and
 *    encryption result at *NBYTES (0 for an unknown algorithm).
 * Anything else gives GPG_ERR_INV_OP.  */
gcry_error_t
gcry_pk_algo_info (int algo, int what, void *buffer, size_t *nbytes)
{
  const struct pubkey_elems *el;
  int i;

  _gcry_global_init ();
  switch (what)
    {
    case GCRYCTL_TEST_ALGO:
      if (buffer)
        return gpg_error (GPG_ERR_INV_ARG);
      if (check_pubkey_algo (algo, nbytes ? (unsigned int)*nbytes : 0))
        return gpg_error (GPG_ERR_PUBKEY_ALGO);
      return 0;

    case GCRYCTL_GET_ALGO_USAGE:
      if (!nbytes)
        return gpg_error (GPG_ERR_INV_ARG);
      /* Reported for disabled algorithms too, as libgcrypt.  */
      i = index_from_algo (algo);
      *nbytes = i < 0 ? 0 : pubkey_list[i]->use;
      return 0;

    case GCRYCTL_GET_ALGO_NPKEY:
    case GCRYCTL_GET_ALGO_NSKEY:
    case GCRYCTL_GET_ALGO_NSIGN:
    case GCRYCTL_GET_ALGO_NENCR:
      if (!nbytes)
        return gpg_error (GPG_ERR_INV_ARG);
      el = elems_from_algo (algo);
      if (!el)
        *nbytes = 0;
      else if (what == GCRYCTL_GET_ALGO_NPKEY)
        *nbytes = el->npkey;
      else if (what == GCRYCTL_GET_ALGO_NSKEY)
        *nbytes = el->nskey;
      else if (what == GCRYCTL_GET_ALGO_NSIGN)
        *nbytes = el->nsig;
      else
        *nbytes = el->nenc;
      return 0;

    default:
      return gpg_error (GPG_ERR_INV_OP);
    }
}


/* Miscellaneous operations.  GCRYCTL_DISABLE_ALGO: BUFFER points to an
   int holding the algorithm id, BUFLEN is sizeof (int); the algorithm
   is then refused everywhere (GPG_ERR_PUBKEY_ALGO).  Disabling an
   unknown id is not an error (as libgcrypt).  */
gcry_error_t
gcry_pk_ctl (int cmd, void *buffer, size_t buflen)
{
  int i;

  switch (cmd)
    {
    case GCRYCTL_DISABLE_ALGO:
      if (!buffer || buflen != sizeof (int))
        return gpg_error (GPG_ERR_INV_ARG);
      i = index_from_algo (*(int *)buffer);
      if (i >= 0)
        pubkey_disabled[i] = 1;
      return 0;

    default:
      return gpg_error (GPG_ERR_INV_OP);
    }
}


/* Run the known-answer self-test of every compiled-in algorithm (the
   extended variant if EXTENDED).  Called by gcry_control
   (GCRYCTL_SELFTEST).  All tests run even if one fails; the first
   failure's code is returned.  An algorithm without a selftest slot
   counts as a failure: every algorithm must register one.  */
gpg_err_code_t
_gcry_pk_selftest_all (int extended)
{
  gpg_err_code_t rc, first = 0;
  int i;

  for (i = 0; pubkey_list[i]; i++)
    {
      if (pubkey_list[i]->selftest)
        rc = pubkey_list[i]->selftest (pubkey_list[i]->algo, extended);
      else
        rc = GPG_ERR_NOT_IMPLEMENTED;
      if (rc)
        {
          log_error ("self-test for %s failed: %s\n",
                     pubkey_list[i]->name, gpg_strerror (rc));
          if (!first)
            first = rc;
        }
    }
  return first;
}
