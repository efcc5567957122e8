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
 * and the self-test hook, and every function on mutated keys,
 * messages and signatures (--mutations N sets the rounds).  The
 * algorithms themselves are tested by t-mlkem and t-mldsa.  Public API
 * only.  */

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
  /* The family name alone: Libgcrypt finds its KEM module by that
     name, which then knows no such parameter set; without the module
     the name is unknown.  */
#ifdef USE_MLKEM
  check_code (gcry_pk_genkey (&r, sx ("(genkey (KEM))")),
              GPG_ERR_WRONG_PUBKEY_ALGO, "genkey KEM");
#else
  check_code (gcry_pk_genkey (&r, sx ("(genkey (KEM))")),
              GPG_ERR_PUBKEY_ALGO, "genkey KEM without ML-KEM");
#endif
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


/*
 * Mutated operands.  The canonical encodings of an ML-DSA-44 key pair,
 * a message and its signature, and of an ML-KEM-512 key pair, changed
 * element by element, go to every gcry_pk_* function that takes them.
 * Each call must return (the sanitize step of .ci/run watches its
 * memory accesses and undefined behaviour there), and a signature
 * must not verify once one bit of the message, the signature or the
 * public key has changed.
 */

/* Rounds of mutations; --mutations N changes it.  */
static unsigned long mutations = 300;

/* Where results that are not checked go.  */
static volatile unsigned long mut_sink;

/* xorshift64: reproducible, independent of the library's RNG.  */
static unsigned long long mut_state = 0x2545f4914f6cdd1dULL;

/* A number below N (N > 0).  */
static size_t
mut_rand (size_t n)
{
  mut_state ^= mut_state << 13;
  mut_state ^= mut_state >> 7;
  mut_state ^= mut_state << 17;
  return (size_t)(mut_state >> 11) % n;
}

/* One element of a canonical S-expression.  */
enum { EL_OPEN, EL_CLOSE, EL_ATOM };
typedef struct
{
  int kind;
  unsigned char *data;          /* An atom's bytes (malloced).  */
  size_t len;
} element_t;

/* Elements of an operand, with room for the insertions.  */
#define MAX_ELEMENTS 48

/* Names the parsers look for, to put where others were.  */
static const char *const mut_names[] =
  {
    "public-key", "private-key", "sig-val", "data", "value", "hash",
    "flags", "raw", "mldsa44", "mldsa65", "dilithium2", "kyber512",
    "ML-KEM-512", "p", "s", "label", "context", "sha256",
    "random-override", "no-blinding", "genkey", ""
  };

static void
mut_set_atom (element_t *e, const void *data, size_t len)
{
  e->kind = EL_ATOM;
  e->data = malloc (len ? len : 1);
  if (!e->data)
    die ("out of core");
  memcpy (e->data, data, len);
  e->len = len;
}

/* Split the canonical encoding of SEXP into EL; return the count.  */
static size_t
mut_split (gcry_sexp_t sexp, element_t *el)
{
  size_t n = gcry_sexp_sprint (sexp, GCRYSEXP_FMT_CANON, NULL, 0);
  unsigned char *src = malloc (n);
  size_t pos = 0, ne = 0, len;

  if (!src)
    die ("out of core");
  n = gcry_sexp_sprint (sexp, GCRYSEXP_FMT_CANON, src, n);
  while (pos < n)
    {
      if (ne == MAX_ELEMENTS / 2)
        die ("S-expression too long for the mutation test");
      if (src[pos] == '(' || src[pos] == ')')
        {
          el[ne].kind = src[pos++] == '(' ? EL_OPEN : EL_CLOSE;
          el[ne++].data = NULL;
          continue;
        }
      for (len = 0; pos < n && src[pos] >= '0' && src[pos] <= '9'; pos++)
        len = 10 * len + (src[pos] - '0');
      if (pos == n || src[pos] != ':' || len > n - pos - 1)
        die ("bad canonical S-expression");
      mut_set_atom (&el[ne++], src + pos + 1, len);
      pos += 1 + len;
    }
  free (src);
  return ne;
}

static void
mut_free (element_t *el, size_t ne)
{
  while (ne--)
    free (el[ne].data);
}

/* Parse the NE elements EL into *R (NULL on error).  */
static void
mut_join (gcry_sexp_t *r, const element_t *el, size_t ne)
{
  unsigned char *buf, *p;
  size_t i, size = 1;

  for (i = 0; i < ne; i++)
    size += (el[i].kind == EL_ATOM ? el[i].len : 0) + 24;
  p = buf = malloc (size);
  if (!buf)
    die ("out of core");
  for (i = 0; i < ne; i++)
    if (el[i].kind == EL_ATOM)
      {
        p += sprintf ((char *)p, "%zu:", el[i].len);
        memcpy (p, el[i].data, el[i].len);
        p += el[i].len;
      }
    else
      *p++ = el[i].kind == EL_OPEN ? '(' : ')';
  if (gcry_sexp_new (r, buf, p - buf, 0))
    *r = NULL;
  free (buf);
}

/* Insert an element of KIND (for EL_ATOM the atom NAME) before
   position AT of the NE elements EL; return the new count.  */
static size_t
mut_insert (element_t *el, size_t ne, size_t at, int kind, const char *name)
{
  memmove (el + at + 1, el + at, (ne - at) * sizeof *el);
  if (kind == EL_ATOM)
    mut_set_atom (&el[at], name, strlen (name));
  else
    {
      el[at].kind = kind;
      el[at].data = NULL;
    }
  return ne + 1;
}

/* One to three random changes to the NE elements EL: a bit or a byte
   of an atom, its length (cut, or grown by random bytes), an atom
   replaced by a known name, a list "(name)" or a stray parenthesis
   inserted, an element deleted.  Returns the new count.  */
static size_t
mut_apply (element_t *el, size_t ne)
{
  size_t k, nk = 1 + mut_rand (3), i, len;
  element_t *e;
  unsigned char *d;

  for (k = 0; k < nk && ne; k++)
    {
      i = mut_rand (ne);
      e = &el[i];
      switch (mut_rand (7))
        {
        case 0:
          if (e->kind == EL_ATOM && e->len)
            e->data[mut_rand (e->len)] ^= 1 << mut_rand (8);
          break;
        case 1:
          if (e->kind == EL_ATOM && e->len)
            e->data[mut_rand (e->len)] = mut_rand (256);
          break;
        case 2:
          if (e->kind != EL_ATOM)
            break;
          len = mut_rand (e->len + 65);
          d = realloc (e->data, len ? len : 1);
          if (!d)
            die ("out of core");
          for (; e->len < len; e->len++)
            d[e->len] = mut_rand (256);
          e->data = d;
          e->len = len;
          break;
        case 3:
          if (e->kind == EL_ATOM)
            {
              const char *name = mut_names[mut_rand (DIM (mut_names))];

              free (e->data);
              mut_set_atom (e, name, strlen (name));
            }
          break;
        case 4:
          if (ne + 3 <= MAX_ELEMENTS)
            {
              ne = mut_insert (el, ne, i, EL_CLOSE, NULL);
              ne = mut_insert (el, ne, i,  EL_ATOM,
                               mut_names[mut_rand (DIM (mut_names))]);
              ne = mut_insert (el, ne, i, EL_OPEN, NULL);
            }
          break;
        case 5:
          if (ne + 1 <= MAX_ELEMENTS)
            ne = mut_insert (el, ne, i, mut_rand (2) ? EL_OPEN : EL_CLOSE,
                             NULL);
          break;
        default:
          free (e->data);
          memmove (e, e + 1, (ne - i - 1) * sizeof *el);
          ne--;
          break;
        }
    }
  return ne;
}

/* Flip one random bit of the atom that follows the first "(NAME" of
   the NE elements EL; return 0 if there is no such atom or it is
   empty.  */
static int
mut_flip_in (element_t *el, size_t ne, const char *name)
{
  size_t i;

  for (i = 0; i + 2 < ne; i++)
    if (el[i].kind == EL_OPEN && el[i + 1].kind == EL_ATOM
        && el[i + 1].len == strlen (name)
        && !memcmp (el[i + 1].data, name, el[i + 1].len)
        && el[i + 2].kind == EL_ATOM && el[i + 2].len)
      {
        el[i + 2].data[mut_rand (el[i + 2].len)] ^= 1 << mut_rand (8);
        return 1;
      }
  return 0;
}

/* Mutate operand W of the four operands OP (the others stay) and
   hand the result to the functions that take such an operand: keygrip,
   nbits and testkey, and, with DSA, verification (OP = public key,
   private key, data, signature) and, for a private key or data,
   signing; with a KEM key (OP = public key, private key, data,
   encrypted value) encryption and decryption, which refuse it.
   Returns 1 if the mutated operand parsed.  */
static int
mut_run (gcry_sexp_t *op, int w, int dsa)
{
  element_t el[MAX_ELEMENTS];
  gcry_sexp_t m[4], r = NULL;
  unsigned char grip[20];
  size_t ne;
  int j;

  for (j = 0; j < 4; j++)
    m[j] = op[j];
  ne = mut_apply (el, mut_split (op[w], el));
  mut_join (&m[w], el, ne);
  mut_free (el, ne);
  if (!m[w])
    return 0;
  /* The results are not checked, but must be computed (nbits is
     declared pure).  */
  mut_sink += gcry_pk_get_keygrip (m[w], grip) != NULL;
  mut_sink += gcry_pk_get_nbits (m[w]);
  mut_sink += gcry_pk_testkey (m[w]) != 0;
  if (dsa)
    {
      gcry_pk_verify (m[3], m[2], m[w == 1 ? 1 : 0]);
      if ((w == 1 || w == 2) && !gcry_pk_sign (&r, m[2], m[1]))
        gcry_sexp_release (r);
    }
  else
    {
      if (!gcry_pk_encrypt (&r, m[2], m[0]))
        gcry_sexp_release (r);
      if (!gcry_pk_decrypt (&r, m[3], m[1]))
        gcry_sexp_release (r);
    }
  gcry_sexp_release (m[w]);
  return 1;
}

/* Generate a key pair with the genkey S-expression SPEC into *KEY and
   put its public and private key into OP[0] and OP[1]; return 0 after
   reporting a failure.  */
static int
mut_keypair (const char *spec, gcry_sexp_t *key, gcry_sexp_t *op)
{
  op[0] = op[1] = NULL;
  *key = NULL;
  if (gcry_pk_genkey (key, sx (spec)))
    {
      fail ("mutations: %s", spec);
      return 0;
    }
  op[0] = gcry_sexp_find_token (*key, "public-key", 0);
  op[1] = gcry_sexp_find_token (*key, "private-key", 0);
  if (!op[0] || !op[1])
    fail ("mutations: %s gives no key pair", spec);
  return op[0] && op[1];
}

#ifdef USE_MLDSA
static void
test_mutated_dsa (void)
{
  /* What verification reads of each operand: the atom after it.  */
  static const char *const read[4] = { "p", NULL, "value", "s" };
  element_t el[MAX_ELEMENTS];
  gcry_sexp_t key, op[4], m;
  unsigned long round, nparsed = 0, nflip = 0, nforged = 0;
  size_t ne;
  int w;

  op[2] = sx ("(data (value 5:hello))");
  op[3] = NULL;
  if (mut_keypair ("(genkey (mldsa44))", &key, op)
      && gcry_pk_sign (&op[3], op[2], op[1]))
    fail ("mutations: ML-DSA-44 signature");
  else if (op[3])
    for (round = 0; round < mutations; round++)
      for (w = 0; w < 4; w++)
        {
          nparsed += mut_run (op, w, 1);
          if (!read[w])
            continue;
          ne = mut_split (op[w], el);
          if (mut_flip_in (el, ne, read[w]))
            {
              gcry_sexp_t save = op[w];

              mut_join (&m, el, ne);
              op[w] = m;
              nflip++;
              if (m && !gcry_pk_verify (op[3], op[2], op[0]))
                nforged++;
              op[w] = save;
              gcry_sexp_release (m);
            }
          mut_free (el, ne);
        }
  /* Most changes keep the text parsable; if not, little was tested.  */
  check (nparsed > mutations, "%lu of %lu mutated ML-DSA operands parsed",
         nparsed, 4 * mutations);
  check (nflip == 3 * mutations && !nforged,
         "%lu of %lu signatures verified with one bit of the public key, "
         "the message or the signature changed", nforged, nflip);
  gcry_sexp_release (op[0]);
  gcry_sexp_release (op[1]);
  gcry_sexp_release (op[3]);
  gcry_sexp_release (key);
}
#endif

#ifdef USE_MLKEM
static void
test_mutated_kem (void)
{
  gcry_sexp_t key, op[4];
  unsigned long round, nparsed = 0;
  int w;

  op[2] = sx ("(data (value 1:a))");
  op[3] = sx ("(enc-val (kyber512 (c 1:a)))");
  if (mut_keypair ("(genkey (ML-KEM-512))", &key, op))
    for (round = 0; round < mutations; round++)
      for (w = 0; w < 2; w++)
        nparsed += mut_run (op, w, 0);
  check (nparsed > mutations / 2, "%lu of %lu mutated ML-KEM keys parsed",
         nparsed, 2 * mutations);
  gcry_sexp_release (op[0]);
  gcry_sexp_release (op[1]);
  gcry_sexp_release (key);
}
#endif


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


/* Libgcrypt's elliptic-curve functions exist and answer "none".  */
static void
test_no_curves (void)
{
  unsigned int nbits = 99;
  gcry_sexp_t r = (gcry_sexp_t)1;
  gcry_ctx_t ctx = NULL;
  static const unsigned char byte1[1] = { 1 };

  check (!gcry_pk_get_curve (NULL, 0, &nbits) && nbits == 0,
         "gcry_pk_get_curve: no curves");
  check (!gcry_pk_get_curve (sx ("(public-key (ecc (curve Ed25519)))"), 0,
                             NULL), "gcry_pk_get_curve of an ECC key");
  check (!gcry_pk_get_param (GCRY_PK_ECC, "NIST P-256"),
         "gcry_pk_get_param: no curves");
  check_code (gcry_pubkey_get_sexp (NULL, 0, NULL), GPG_ERR_INV_VALUE,
              "gcry_pubkey_get_sexp without a result");
  check_code (gcry_pubkey_get_sexp (&r, 7, NULL), GPG_ERR_INV_VALUE,
              "gcry_pubkey_get_sexp with a bad mode");
  check (!r, "gcry_pubkey_get_sexp clears the result");
  check_code (gcry_pubkey_get_sexp (&r, GCRY_PK_GET_PUBKEY, NULL),
              GPG_ERR_NO_CRYPT_CTX, "gcry_pubkey_get_sexp without a context");
  if (gcry_pk_random_override_new (&ctx, byte1, 1))
    die ("gcry_pk_random_override_new");
  check_code (gcry_pubkey_get_sexp (&r, 0, ctx), GPG_ERR_WRONG_CRYPT_CTX,
              "gcry_pubkey_get_sexp with a data context");
  gcry_ctx_release (ctx);
}


int
main (int argc, char **argv)
{
  int algo = 0;

  argc = test_init (argc, argv);
  if (argc == 3 && !strcmp (argv[1], "--mutations"))
    mutations = strtoul (argv[2], NULL, 10);
  else if (argc > 1)
    die ("usage: " PGM " [--mutations N]");

  check (!gcry_control (GCRYCTL_SELFTEST, 0), "GCRYCTL_SELFTEST");
  test_names ();
  test_algo_info ();
  test_structure ();
  test_no_curves ();
#ifdef USE_MLKEM
  test_mutated_kem ();
  test_kem_key ();
#endif
#ifdef USE_MLDSA
  test_mutated_dsa ();
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
