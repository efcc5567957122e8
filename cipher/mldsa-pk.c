/* mldsa-pk.c - gcry_pk interface of ML-DSA (FIPS 204)
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

/* The S-expression layer of ML-DSA: the gcry_pk_spec_t that
 * cipher/pubkey.c dispatches to.  Forms (details and error codes in
 * doc/mldsa.texi):
 *
 *   genkey:   (genkey (dilithium3 [(S #xi#)]))
 *   keys:     (public-key (dilithium3 (p #pk#)))
 *             (private-key (dilithium3 [(p #pk#)] [(s #sk#)] [(S #xi#)]))
 *   data:     (data [(flags F...)] (value #M#) [(label #ctx#)]
 *                   [(random-override #rnd#)])
 *             (data (flags prehash) (hash ALGO #digest#) [(label ...)])
 *             (data (flags prehash) (hash-algo ALGO) (value #M#) ...)
 *             (data (flags external-mu) (value #mu#))
 *   sig:      (sig-val (dilithium3 (s #sig#)))  (the name must be one
 *             of the key's set, or "ML-DSA"; see check_sig_name)
 *
 * F is any of no-prefix (Sign_internal / Verify_internal with
 * M' = value), deterministic (rnd = 0), prehash (HashML-DSA),
 * external-mu; libgcrypt's other generic flags (raw, rfc6979, ...)
 * are accepted and ignored, its encoding flags (pkcs1, pss, eddsa,
 * ...) rejected, and igninvflag makes unknown flags ignored.  The names dilithium2/3/5, mldsa44/65/87 and
 * ml-dsa-44/65/87 are accepted in any case; results always use the
 * libgcrypt names dilithium2/3/5, so that keygrips and key files are
 * the same as libgcrypt's.  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "cipher-proto.h"
#include "const-time.h"
#include "hash-common.h"
#include "mldsa.h"


static const char *const mldsa_names[] =
  {
    "dilithium2", "dilithium3", "dilithium5",
    "mldsa44", "mldsa65", "mldsa87",
    "ml-dsa-44", "ml-dsa-65", "ml-dsa-87",
    NULL
  };

/* Names written into results, by parameter set.  */
static const char *const mldsa_canonical[MLDSA_NALGS] =
  { "dilithium2", "dilithium3", "dilithium5" };


/* Case-insensitive compare of the LEN bytes at B with the string A
   (ASCII only, independent of the locale).  */
static int
name_eq (const char *a, const char *b, size_t len)
{
  size_t i;

  for (i = 0; i < len; i++)
    {
      int ca = (unsigned char)a[i], cb = (unsigned char)b[i];

      if (!ca)
        return 0;
      if (cb >= 'A' && cb <= 'Z')
        cb += 'a' - 'A';
      if (ca != cb)
        return 0;
    }
  return !a[len];
}

/* The parameter set named by the LEN bytes at NAME, or NULL.  */
static const mldsa_params_t *
params_from_name (const char *name, size_t len)
{
  unsigned int i;

  if (!name)
    return NULL;
  for (i = 0; mldsa_names[i]; i++)
    if (name_eq (mldsa_names[i], name, len))
      return _gcry_mldsa_get_params ((mldsa_alg_t)(i % MLDSA_NALGS));
  return NULL;
}

/* The parameter set named by the car of LIST, or NULL.  */
static const mldsa_params_t *
params_from_list (gcry_sexp_t list)
{
  const char *name;
  size_t len;

  name = gcry_sexp_nth_data (list, 0, &len);
  return params_from_name (name, len);
}

/* Find "(TOKEN data)" in LIST: store the data and its length in
   *R_DATA and *R_LEN (an empty string gives length 0) and the sublist
   in *R_L (release it after use of the data).  Without such an
   element *R_DATA and *R_L are NULL.  An element whose second item is
   missing or a list is GPG_ERR_INV_OBJ, not absent: "(value (a b))"
   must not sign the empty message, nor "(label (x))" drop the
   context.  */
static gpg_err_code_t
get_elem (gcry_sexp_t list, const char *token, const byte **r_data,
          size_t *r_len, gcry_sexp_t *r_l)
{
  gcry_sexp_t l;
  const char *d;

  *r_data = NULL;
  *r_len = 0;
  *r_l = NULL;
  l = gcry_sexp_find_token (list, token, 0);
  if (!l)
    return 0;
  d = gcry_sexp_nth_data (l, 1, r_len);
  if (!d)
    {
      gcry_sexp_release (l);
      *r_len = 0;
      return GPG_ERR_INV_OBJ;
    }
  *r_data = (const byte *)d;
  *r_l = l;
  return 0;
}


/*
 * Key generation.
 */

static gpg_err_code_t
mldsa_generate (gcry_sexp_t genparms, gcry_sexp_t *r_skey)
{
  const mldsa_params_t *p = params_from_list (genparms);
  gpg_err_code_t ec;
  gcry_sexp_t l = NULL;
  const byte *seed;
  size_t seedlen;
  byte *sk = NULL, *xi = NULL;
  byte pk[MLDSA_MAX_PK_LEN];
  const char *name;

  if (!p)
    return GPG_ERR_PUBKEY_ALGO;
  name = mldsa_canonical[p->alg];
  sk = xtrymalloc_secure (p->sk_len + MLDSA_XI_LEN);
  if (!sk)
    return gpg_err_code_from_syserror ();
  xi = sk + p->sk_len;

  ec = get_elem (genparms, "S", &seed, &seedlen, &l);
  if (ec)
    goto leave;
  if (seed)
    {
      if (seedlen != MLDSA_XI_LEN)
        {
          ec = GPG_ERR_INV_DATA;
          goto leave;
        }
      memcpy (xi, seed, MLDSA_XI_LEN);
    }
  else
    _gcry_randomize (xi, MLDSA_XI_LEN, GCRY_VERY_STRONG_RANDOM);

  ec = _gcry_mldsa_keygen_internal (p, pk, sk, xi);
  _gcry_burn_stack (MLDSA_STACK_BURN);
  if (!ec)
    ec = gpg_err_code (gcry_sexp_build
                       (r_skey, NULL,
                        "(key-data"
                        " (public-key (%s (p %b)))"
                        " (private-key (%s (p %b) (s %b) (S %b))))",
                        name, (int)p->pk_len, pk,
                        name, (int)p->pk_len, pk, (int)p->sk_len, sk,
                        (int)MLDSA_XI_LEN, xi));

 leave:
  gcry_sexp_release (l);
  wipememory (sk, p->sk_len + MLDSA_XI_LEN);
  xfree (sk);
  return ec;
}


/*
 * Keys from S-expressions.
 */

/* Fetch the encoded secret key of KEYPARMS into a new secure buffer
   *R_SK (sk_len bytes): from (s ...), or else by KeyGen_internal from
   the seed (S ...).  If R_PK is not NULL the caller needs the public
   key (pk_len bytes stored there), which only the seed gives: then
   the key is always derived from (S ...), even next to an (s ...).  */
static gpg_err_code_t
get_secret_key (const mldsa_params_t *p, gcry_sexp_t keyparms,
                byte **r_sk, byte *r_pk)
{
  gcry_sexp_t l = NULL;
  const byte *d = NULL;
  size_t n;
  byte pkbuf[MLDSA_MAX_PK_LEN];
  byte *sk;
  gpg_err_code_t ec = 0;

  *r_sk = NULL;
  sk = xtrymalloc_secure (p->sk_len);
  if (!sk)
    return gpg_err_code_from_syserror ();

  if (!r_pk)
    ec = get_elem (keyparms, "s", &d, &n, &l);
  if (!ec && d)
    {
      if (n != p->sk_len)
        ec = GPG_ERR_BAD_SECKEY;
      else
        memcpy (sk, d, n);
    }
  else if (!ec)
    {
      gcry_sexp_release (l);
      l = NULL;
      ec = get_elem (keyparms, "S", &d, &n, &l);
      if (ec)
        ;
      else if (!d)
        ec = GPG_ERR_NO_OBJ;
      else if (n != MLDSA_XI_LEN)
        ec = GPG_ERR_BAD_SECKEY;
      else
        {
          ec = _gcry_mldsa_keygen_internal (p, pkbuf, sk, d);
          _gcry_burn_stack (MLDSA_STACK_BURN);
          if (!ec && r_pk)
            memcpy (r_pk, pkbuf, p->pk_len);
        }
    }
  gcry_sexp_release (l);
  if (ec)
    {
      wipememory (sk, p->sk_len);
      xfree (sk);
      return ec;
    }
  *r_sk = sk;
  return 0;
}


/*
 * Data S-expressions.
 */

#define FLAG_NO_PREFIX     1
#define FLAG_DETERMINISTIC 2
#define FLAG_PREHASH       4
#define FLAG_EXTERNAL_MU   8

/* A parsed (data ...) object.  Pointers point into the S-expression
   (kept alive by the lists in the structure) or into PREFIX.  */
typedef struct
{
  gcry_sexp_t data, l_value, l_label, l_rnd, l_hash;
  unsigned int flags;
  const byte *value;
  size_t valuelen;
  const byte *rnd;              /* random-override or NULL.  */
  mldsa_mprime_t m;
  byte prefix[MLDSA_MAX_PREFIX_LEN];
  byte digest[64];
} data_ctx_t;

static void
data_release (data_ctx_t *d)
{
  gcry_sexp_release (d->l_value);
  gcry_sexp_release (d->l_label);
  gcry_sexp_release (d->l_rnd);
  gcry_sexp_release (d->l_hash);
  gcry_sexp_release (d->data);
  wipememory (d, sizeof *d);
}

static int
map_hash_name (const char *name, size_t len)
{
  char buf[32];
  const mldsa_prehash_t *ph;
  unsigned int i;
  int algo;

  if (!name || !len || len >= sizeof buf)
    return 0;
  memcpy (buf, name, len);
  buf[len] = 0;
  algo = gcry_md_map_name (buf);
  if (algo)
    return algo;
  for (i = 0; (ph = _gcry_mldsa_prehash_by_index (i)); i++)
    if (name_eq (ph->name, name, len))
      return ph->md_algo;
  return 0;
}

/* Flags of libgcrypt's data objects that ask for another signature
   encoding or scheme (RSA padding, EdDSA, GOST, SM2): an error for
   ML-DSA, whatever else the list says, since ignoring them would sign
   something other than what the caller asked for.  */
static int
is_encoding_flag (const char *f, size_t n)
{
  static const char *const names[] =
    { "pkcs1", "pkcs1-raw", "oaep", "pss", "eddsa", "gost", "sm2",
      "djb-tweak", NULL };
  int i;

  for (i = 0; names[i]; i++)
    if (name_eq (names[i], f, n))
      return 1;
  return 0;
}

/* Flags that libgcrypt knows (pubkey-util.c) and that mean nothing
   for ML-DSA data: libgcrypt accepts and ignores them for every
   algorithm, so programs that pass them to all their signing calls,
   e.g. "(flags rfc6979)", keep working.  "raw" is the default
   encoding.  */
static int
is_ignored_flag (const char *f, size_t n)
{
  static const char *const names[] =
    { "raw", "rfc6979", "param", "noparam", "comp", "nocomp",
      "no-blinding", "no-keytest", "transient-key", "use-x931",
      "use-fips186", "use-fips186-2", NULL };
  int i;

  for (i = 0; names[i]; i++)
    if (name_eq (names[i], f, n))
      return 1;
  return 0;
}

/* Parse S_DATA into D and build M' (or take mu).  SIGNING says
   whether random-override and deterministic are allowed.  */
static gpg_err_code_t
parse_data (data_ctx_t *d, gcry_sexp_t s_data, int signing)
{
  gcry_sexp_t l;
  const byte *label = NULL;
  size_t labellen = 0, n;
  gpg_err_code_t ec;
  int i;

  buf_memset_lib (d, 0, sizeof *d);
  if (!s_data)
    return GPG_ERR_INV_OBJ;
  d->data = gcry_sexp_find_token (s_data, "data", 0);
  if (!d->data)
    return GPG_ERR_INV_OBJ;

  /* Flags.  */
  l = gcry_sexp_find_token (d->data, "flags", 0);
  if (l)
    {
      int unknown = 0, igninvflag = 0;

      for (i = 1; i < gcry_sexp_length (l); i++)
        {
          const char *f = gcry_sexp_nth_data (l, i, &n);

          if (!f)
            continue;
          if (name_eq ("no-prefix", f, n))
            d->flags |= FLAG_NO_PREFIX;
          else if (name_eq ("deterministic", f, n))
            d->flags |= FLAG_DETERMINISTIC;
          else if (name_eq ("prehash", f, n))
            d->flags |= FLAG_PREHASH;
          else if (name_eq ("external-mu", f, n))
            d->flags |= FLAG_EXTERNAL_MU;
          else if (name_eq ("igninvflag", f, n))
            igninvflag = 1;
          else if (is_encoding_flag (f, n))
            {
              gcry_sexp_release (l);
              return GPG_ERR_INV_FLAG;
            }
          else if (!is_ignored_flag (f, n))
            unknown = 1;
        }
      gcry_sexp_release (l);
      if (unknown && !igninvflag)
        return GPG_ERR_INV_FLAG;
    }
  /* At most one of the three ways to form M' or mu.  */
  if (((d->flags & FLAG_NO_PREFIX) != 0) + ((d->flags & FLAG_PREHASH) != 0)
      + ((d->flags & FLAG_EXTERNAL_MU) != 0) > 1)
    return GPG_ERR_CONFLICT;

  ec = get_elem (d->data, "value", &d->value, &d->valuelen, &d->l_value);
  if (!ec)
    ec = get_elem (d->data, "label", &label, &labellen, &d->l_label);
  if (ec)
    return ec;
  if (label && (d->flags & (FLAG_NO_PREFIX | FLAG_EXTERNAL_MU)))
    return GPG_ERR_CONFLICT;    /* No context in these modes.  */
  if (labellen > MLDSA_MAX_CTX_LEN)
    return GPG_ERR_TOO_LARGE;

  /* rnd matters only for signing.  Verification ignores
     random-override and deterministic, as libgcrypt does, so that one
     data object can serve both operations.  */
  if (signing)
    {
      ec = get_elem (d->data, "random-override", &d->rnd, &n, &d->l_rnd);
      if (ec)
        return ec;
    }
  if (d->rnd)
    {
      if (n != MLDSA_RND_LEN)
        return GPG_ERR_INV_DATA;
      if (d->flags & FLAG_DETERMINISTIC)
        return GPG_ERR_CONFLICT;
    }

  if (d->flags & FLAG_PREHASH)
    {
      const mldsa_prehash_t *ph;
      const char *name;
      int algo;

      /* (hash ALGO #digest#) or (hash-algo ALGO) (value #M#).  */
      d->l_hash = gcry_sexp_find_token (d->data, "hash", 0);
      if (d->l_hash)
        {
          const byte *dig;

          if (d->value)
            return GPG_ERR_CONFLICT;
          name = gcry_sexp_nth_data (d->l_hash, 1, &n);
          algo = map_hash_name (name, n);
          ph = _gcry_mldsa_prehash_by_algo (algo);
          if (!ph)
            return GPG_ERR_DIGEST_ALGO;
          dig = (const byte *)gcry_sexp_nth_data (d->l_hash, 2, &n);
          if (!dig || n != ph->digest_len)
            return GPG_ERR_INV_LENGTH;
          memcpy (d->digest, dig, n);
        }
      else
        {
          d->l_hash = gcry_sexp_find_token (d->data, "hash-algo", 0);
          if (!d->l_hash)
            return GPG_ERR_INV_OBJ;
          if (!d->value)
            return GPG_ERR_INV_OBJ;
          name = gcry_sexp_nth_data (d->l_hash, 1, &n);
          algo = map_hash_name (name, n);
          ph = _gcry_mldsa_prehash_by_algo (algo);
          if (!ph)
            return GPG_ERR_DIGEST_ALGO;
          ec = _gcry_md_hash_buffer_internal (algo, d->digest, d->value,
                                              d->valuelen);
          if (ec)
            return ec;
        }
      d->m.pre = d->prefix;
      d->m.prelen = _gcry_mldsa_build_prefix (d->prefix, ph, label,
                                              labellen, d->digest);
      return 0;
    }

  /* A hash without the prehash flag: refuse rather than guess.  */
  d->l_hash = gcry_sexp_find_token (d->data, "hash", 0);
  if (!d->l_hash)
    d->l_hash = gcry_sexp_find_token (d->data, "hash-algo", 0);
  if (d->l_hash)
    return GPG_ERR_INV_FLAG;
  if (!d->value)
    return GPG_ERR_INV_OBJ;

  if (d->flags & FLAG_EXTERNAL_MU)
    {
      if (d->valuelen != MLDSA_MU_LEN)
        return GPG_ERR_INV_LENGTH;
      d->m.mu = d->value;
    }
  else if (d->flags & FLAG_NO_PREFIX)
    {
      d->m.msg = d->value;
      d->m.msglen = d->valuelen;
    }
  else
    {
      d->m.pre = d->prefix;
      d->m.prelen = _gcry_mldsa_build_prefix (d->prefix, NULL, label,
                                              labellen, NULL);
      d->m.msg = d->value;
      d->m.msglen = d->valuelen;
    }
  return 0;
}


/*
 * Sign and verify.
 */

static gpg_err_code_t
mldsa_sign (gcry_sexp_t *r_sig, gcry_sexp_t s_data, gcry_sexp_t keyparms)
{
  const mldsa_params_t *p = params_from_list (keyparms);
  gpg_err_code_t ec;
  data_ctx_t *d;
  byte *sk = NULL;
  byte rnd[MLDSA_RND_LEN];
  byte sig[MLDSA_MAX_SIG_LEN];

  if (!p)
    return GPG_ERR_PUBKEY_ALGO;
  d = xtrymalloc (sizeof *d);
  if (!d)
    return gpg_err_code_from_syserror ();
  ec = parse_data (d, s_data, 1);
  if (ec)
    goto leave;
  ec = get_secret_key (p, keyparms, &sk, NULL);
  if (ec)
    goto leave;

  if (d->rnd)
    memcpy (rnd, d->rnd, MLDSA_RND_LEN);
  else if (d->flags & FLAG_DETERMINISTIC)
    memset (rnd, 0, MLDSA_RND_LEN);
  else
    _gcry_randomize (rnd, MLDSA_RND_LEN, GCRY_STRONG_RANDOM);

  ec = _gcry_mldsa_sign_internal (p, sig, sk, &d->m, rnd);
  _gcry_burn_stack (MLDSA_STACK_BURN);
  if (!ec)
    ec = gpg_err_code (gcry_sexp_build (r_sig, NULL,
                                        "(sig-val (%s (s %b)))",
                                        mldsa_canonical[p->alg],
                                        (int)p->sig_len, sig));

 leave:
  if (sk)
    {
      wipememory (sk, p->sk_len);
      xfree (sk);
    }
  wipememory (rnd, sizeof rnd);
  data_release (d);
  xfree (d);
  return ec;
}


/* Check the algorithm named in the signature LSIG, "(sig-val [(flags
   ...)] (NAME (s ...)))", against the key's parameter set P.  Accepted
   are every name of P and the generic algorithm name "ML-DSA"; a
   sig-val that names no algorithm, "(sig-val (s ...))", is accepted
   too.  Libgcrypt 1.12 itself does not look at the name for ML-DSA
   (only at "s"), so that a signature made with one parameter set and
   relabelled as another would reach the verification; for the other
   algorithms libgcrypt rejects a sig-val of an unexpected algorithm
   with GPG_ERR_CONFLICT (_gcry_pk_util_preparse_sigval), and so do
   we.  */
static gpg_err_code_t
check_sig_name (const mldsa_params_t *p, gcry_sexp_t lsig)
{
  gpg_err_code_t ec = GPG_ERR_CONFLICT;
  gcry_sexp_t l;
  const char *name;
  size_t len;

  l = gcry_sexp_nth (lsig, 1);
  name = l ? gcry_sexp_nth_data (l, 0, &len) : NULL;
  if (name && name_eq ("flags", name, len))
    {
      gcry_sexp_release (l);
      l = gcry_sexp_nth (lsig, 2);
      name = l ? gcry_sexp_nth_data (l, 0, &len) : NULL;
    }
  if (!name)
    ec = GPG_ERR_INV_OBJ;
  else if (name_eq ("s", name, len) || name_eq ("ml-dsa", name, len)
           || params_from_name (name, len) == p)
    ec = 0;
  gcry_sexp_release (l);
  return ec;
}


static gpg_err_code_t
mldsa_verify (gcry_sexp_t s_sig, gcry_sexp_t s_data, gcry_sexp_t keyparms)
{
  const mldsa_params_t *p = params_from_list (keyparms);
  gpg_err_code_t ec;
  data_ctx_t *d;
  gcry_sexp_t lsig = NULL, ls = NULL, lp = NULL;
  const byte *sig, *pk;
  size_t siglen, pklen;
  byte pkbuf[MLDSA_MAX_PK_LEN];

  if (!p)
    return GPG_ERR_PUBKEY_ALGO;
  d = xtrymalloc (sizeof *d);
  if (!d)
    return gpg_err_code_from_syserror ();
  ec = parse_data (d, s_data, 0);
  if (ec)
    goto leave;

  lsig = s_sig ? gcry_sexp_find_token (s_sig, "sig-val", 0) : NULL;
  if (!lsig)
    {
      ec = GPG_ERR_INV_OBJ;
      goto leave;
    }
  ec = check_sig_name (p, lsig);
  if (ec)
    goto leave;
  ec = get_elem (lsig, "s", &sig, &siglen, &ls);
  if (!ec && !sig)
    ec = GPG_ERR_NO_OBJ;
  if (!ec)
    ec = get_elem (keyparms, "p", &pk, &pklen, &lp);
  if (ec)
    goto leave;
  if (!pk)
    {
      /* A private key without its public key: derive that from the
         seed (S ...), the only element that gives it.  */
      byte *sk;

      ec = get_secret_key (p, keyparms, &sk, pkbuf);
      if (ec)
        goto leave;
      wipememory (sk, p->sk_len);
      xfree (sk);
      pk = pkbuf;
      pklen = p->pk_len;
    }

  ec = _gcry_mldsa_verify_internal (p, pk, pklen, &d->m, sig, siglen);

 leave:
  gcry_sexp_release (lp);
  gcry_sexp_release (ls);
  gcry_sexp_release (lsig);
  data_release (d);
  xfree (d);
  return ec;
}


/*
 * Key properties and checks.
 */

static gpg_err_code_t
mldsa_check_secret_key (gcry_sexp_t keyparms)
{
  const mldsa_params_t *p = params_from_list (keyparms);
  gpg_err_code_t ec;
  gcry_sexp_t lp = NULL, ls = NULL, lS = NULL;
  const byte *pk, *skgiven, *seed;
  size_t pklen, sklen, seedlen;
  byte *sk = NULL;
  byte pkbuf[MLDSA_MAX_PK_LEN];

  if (!p)
    return GPG_ERR_PUBKEY_ALGO;
  ec = get_elem (keyparms, "p", &pk, &pklen, &lp);
  if (!ec)
    ec = get_elem (keyparms, "s", &skgiven, &sklen, &ls);
  if (!ec)
    ec = get_elem (keyparms, "S", &seed, &seedlen, &lS);
  if (ec)
    goto leave;
  if (!skgiven && !seed)
    {
      ec = GPG_ERR_NO_OBJ;
      goto leave;
    }
  if ((pk && pklen != p->pk_len) || (skgiven && sklen != p->sk_len)
      || (seed && seedlen != MLDSA_XI_LEN))
    {
      ec = GPG_ERR_BAD_SECKEY;
      goto leave;
    }

  if (skgiven)
    {
      ec = _gcry_mldsa_check_secret_key (p, skgiven, pk);
      if (ec)
        goto leave;
    }
  if (seed)
    {
      /* The seed must reproduce the other parts.  */
      sk = xtrymalloc_secure (p->sk_len);
      if (!sk)
        {
          ec = gpg_err_code_from_syserror ();
          goto leave;
        }
      ec = _gcry_mldsa_keygen_internal (p, pkbuf, sk, seed);
      if (!ec && ((skgiven && !ct_memequal (sk, skgiven, p->sk_len))
                  || (pk && memcmp (pk, pkbuf, p->pk_len))))
        ec = GPG_ERR_BAD_SECKEY;
    }

 leave:
  /* One burn for both checks (a rarely used call).  */
  _gcry_burn_stack (MLDSA_STACK_BURN);
  if (sk)
    {
      wipememory (sk, p->sk_len);
      xfree (sk);
    }
  gcry_sexp_release (lp);
  gcry_sexp_release (ls);
  gcry_sexp_release (lS);
  return ec;
}


/* As libgcrypt: the size of the public key in bits, by name.  */
static unsigned int
mldsa_get_nbits (gcry_sexp_t keyparms)
{
  const mldsa_params_t *p = params_from_list (keyparms);

  return p ? p->nbits : 0;
}


/* As libgcrypt: the libgcrypt name of the set including its NUL, then
   the public key bytes.  */
static gpg_err_code_t
mldsa_comp_keygrip (gcry_md_hd_t md, gcry_sexp_t keyparms)
{
  const mldsa_params_t *p = params_from_list (keyparms);
  const char *name;
  gcry_sexp_t l;
  const byte *pk;
  size_t pklen;
  gpg_err_code_t ec;

  if (!p)
    return GPG_ERR_WRONG_PUBKEY_ALGO;
  ec = get_elem (keyparms, "p", &pk, &pklen, &l);
  if (ec)
    return ec;
  if (!pk)
    return GPG_ERR_NO_OBJ;
  name = mldsa_canonical[p->alg];
  gcry_md_write (md, name, strlen (name) + 1);
  gcry_md_write (md, pk, pklen);
  gcry_sexp_release (l);
  return 0;
}


static gpg_err_code_t
mldsa_selftest (int algo, int extended)
{
  const char *what;
  gpg_err_code_t ec;
  int i;

  if (algo != GCRY_PK_MLDSA)
    return GPG_ERR_PUBKEY_ALGO;
  /* The quick run covers the set with the other eta and the larger
     gamma1 (ML-DSA-65); the extended run all three.  */
  for (i = 0; i < MLDSA_NALGS; i++)
    {
      if (!extended && i != MLDSA_65)
        continue;
      ec = _gcry_mldsa_selftest ((mldsa_alg_t)i, &what);
      if (ec)
        {
          log_error ("ML-DSA selftest for %s failed (%s)\n",
                     _gcry_mldsa_get_params ((mldsa_alg_t)i)->name, what);
          return ec;
        }
    }
  return 0;
}


gcry_pk_spec_t _gcry_pubkey_spec_mldsa =
  {
    GCRY_PK_MLDSA, "ML-DSA", mldsa_names,
    GCRY_PK_USAGE_SIGN,
    mldsa_generate,
    mldsa_check_secret_key,
    mldsa_sign,
    mldsa_verify,
    mldsa_get_nbits,
    mldsa_comp_keygrip,
    mldsa_selftest
  };
