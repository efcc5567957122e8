/* fuzz-mldsa.c - libFuzzer harness for ML-DSA through gcry_pk_*
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Input: byte 0 selects the parameter set (value % 3) and the mode
 * (value / 3 % NMODES), byte 1 holds flags, the rest is the payload.
 *
 *   MODE_SIG     Verification of a fuzzed signature of the valid
 *                message under the valid key.
 *   MODE_EDIT    The valid signature with bytes replaced: records of
 *                (offset low, offset high, value), offsets within the
 *                hint section only with FLAG_HINT.
 *   MODE_TUPLE   Verification of a fuzzed context, message, public
 *                key and signature.
 *   MODE_PK      Verification of the valid signature under a fuzzed
 *                public key.
 *   MODE_SIGN    Signing of a fuzzed message and context with a fuzzed
 *                rnd: pure ML-DSA, Sign_internal on M' (no-prefix) and
 *                the external mu form must give the same signature
 *                (FIPS 204 Algorithms 2 and 7), which verifies, and
 *                stops verifying when the message changes.
 *   MODE_KEYGEN  Key generation from a fuzzed seed xi: the key passes
 *                gcry_pk_testkey, signs, and the signature verifies.
 *   MODE_HASH    gcry_pk_hash_sign with a fuzzed data template (the
 *                caller's format string), a hash handle of a fuzzed
 *                algorithm over a fuzzed message (none with
 *                FLAG_NO_HD) and a data context (FLAG_CTX; two
 *                entries without a handle): a template the builder
 *                refuses gives an error and no result, never a crash;
 *                a signature made verifies with gcry_pk_hash_verify
 *                and the same template; the handle stays usable.
 *
 * ML-DSA is strongly unforgeable: without the secret key no new
 * valid signature can be found for any (key, context, message), not
 * even another encoding of a known one (a hint encoding that is not
 * canonical is rejected, FIPS 204 Algorithm 21).  The only signature
 * the inputs can hold is the valid one (the others stay inside the
 * harness), so whenever a fuzzed input differs from the valid one,
 * verification must fail, with GPG_ERR_BAD_SIGNATURE or the
 * documented argument error (doc/mldsa.texi).  */

#include "fuzz-common.h"

#define SEED_LEN 32
#define RND_LEN 32
#define TR_LEN 64
#define MU_LEN 64
#define MAX_PK_LEN 2592
#define MAX_SIG_LEN 4627

enum
  {
    MODE_SIG,
    MODE_EDIT,
    MODE_TUPLE,
    MODE_PK,
    MODE_SIGN,
    MODE_KEYGEN,
    MODE_HASH,
    NMODES
  };

/* Flags (byte 1).  */
#define FLAG_RAW_LEN   1   /* Lengths from the payload, not the set.  */
#define FLAG_HINT      2   /* EDIT: offsets within the hint section.  */
#define FLAG_EXT_MU    2   /* SIGN: compare with external mu, not M'.  */
#define FLAG_CTX       1   /* HASH: pass a data context.  */
#define FLAG_NO_HD     2   /* HASH: no hash handle, data from the context.  */

/* HASH: the hash algorithms of the handle, chosen by a payload byte.  */
static const int hash_algos[] =
  {
    GCRY_MD_SHA256, GCRY_MD_SHA512, GCRY_MD_SHA3_256, GCRY_MD_SHAKE128,
    GCRY_MD_SHAKE256, GCRY_MD_SHA1, GCRY_MD_SHA3_512, GCRY_MD_SHA224
  };
#define N_HASH_ALGOS (sizeof hash_algos / sizeof *hash_algos)
#define MAX_TMPL_LEN 255

/* FIPS 204, Table 1: the lengths and the hint section's size
   omega + k.  */
typedef struct
{
  const char *name;
  size_t pk_len, sig_len;
  unsigned int omega, k;
} dsa_param_t;

static const dsa_param_t params[3] =
  {
    { "mldsa44", 1312, 2420, 80, 4 },
    { "mldsa65", 1952, 3309, 55, 6 },
    { "mldsa87", 2592, 4627, 75, 8 }
  };

/* The valid key of each set (from a fixed seed), its private key
   S-expression, and the deterministic signature of VALID_MSG with
   context VALID_CTX.  */
static unsigned char valid_pk[3][MAX_PK_LEN];
static unsigned char valid_sig[3][MAX_SIG_LEN];
static gcry_sexp_t valid_skey[3];
static const unsigned char valid_msg[] = "fuzz message";
static const unsigned char valid_ctx[] = "ctx";
#define VALID_MSG_LEN (sizeof valid_msg - 1)
#define VALID_CTX_LEN (sizeof valid_ctx - 1)


/* Copy the value of the element TOKEN of S (exactly LEN bytes) to
   OUT.  */
static void
get_value (gcry_sexp_t s, const char *token, unsigned char *out, size_t len)
{
  gcry_sexp_t l = gcry_sexp_find_token (s, token, 0);
  const char *d;
  size_t n = 0;

  d = l ? gcry_sexp_nth_data (l, 1, &n) : NULL;
  if (!d || n != len)
    fuzz_fail ("no (%s) of %zu bytes (got %zu)", token, len, n);
  memcpy (out, d, len);
  gcry_sexp_release (l);
}


/* gcry_pk_verify of the pure ML-DSA signature SIG (SIG_LEN bytes) of
   MSG with context CTX under the public key PK of set A.  */
static gcry_error_t
verify (unsigned int a, const void *pk, size_t pk_len,
        const void *msg, size_t msg_len, const void *ctx, size_t ctx_len,
        const void *sig, size_t sig_len)
{
  gcry_sexp_t k, d, s;
  gcry_error_t err;

  if (gcry_sexp_build (&k, NULL, "(public-key (%s (p %b)))", params[a].name,
                       (int)pk_len, pk)
      || gcry_sexp_build (&d, NULL, "(data (value %b) (label %b))",
                          (int)msg_len, msg, (int)ctx_len, ctx)
      || gcry_sexp_build (&s, NULL, "(sig-val (%s (s %b)))", params[a].name,
                          (int)sig_len, sig))
    fuzz_fail ("gcry_sexp_build");
  err = gcry_pk_verify (s, d, k);
  gcry_sexp_release (k);
  gcry_sexp_release (d);
  gcry_sexp_release (s);
  return err;
}


/* Sign DATA with SKEY of set A into SIG (the set's length).  */
static void
sign (unsigned int a, gcry_sexp_t skey, gcry_sexp_t data, unsigned char *sig)
{
  gcry_sexp_t s;
  gcry_error_t err;

  err = gcry_pk_sign (&s, data, skey);
  if (err)
    fuzz_fail ("signing with %s: %s", params[a].name, gcry_strerror (err));
  get_value (s, "s", sig, params[a].sig_len);
  gcry_sexp_release (s);
}


/* Fail unless ERR is 0 exactly when the input is the valid one, and
   otherwise GPG_ERR_BAD_SIGNATURE.  */
static void
expect_valid_only (gcry_error_t err, int is_valid, const char *what)
{
  if (is_valid && err)
    fuzz_fail ("%s: the valid signature does not verify: %s", what,
               gcry_strerror (err));
  if (!is_valid && gcry_err_code (err) != GPG_ERR_BAD_SIGNATURE)
    fuzz_fail ("%s: got \"%s\", want \"Bad signature\"", what,
               gcry_strerror (err));
}


/* One seed per set and mode from the valid key and signature.  */
static void
write_seeds (const char *dir)
{
  static fuzz_seed_t s;
  unsigned int a, mode, i;
  char name[64];

  for (a = 0; a < 3; a++)
    for (mode = 0; mode < NMODES; mode++)
      {
        const dsa_param_t *p = &params[a];

        fuzz_seed_begin (&s, a, mode, mode == MODE_EDIT ? FLAG_HINT
                         : mode == MODE_HASH ? FLAG_CTX : 0);
        switch (mode)
          {
          case MODE_SIG:
            fuzz_seed_add (&s, valid_sig[a], p->sig_len);
            break;
          case MODE_EDIT:
            /* One edit that changes nothing, so the seed verifies.  */
            fuzz_seed_byte (&s, 0);
            fuzz_seed_byte (&s, 0);
            fuzz_seed_byte (&s, valid_sig[a][p->sig_len - p->omega - p->k]);
            break;
          case MODE_TUPLE:
            fuzz_seed_byte (&s, VALID_CTX_LEN);
            fuzz_seed_byte (&s, VALID_MSG_LEN);
            fuzz_seed_byte (&s, 0);
            fuzz_seed_add (&s, valid_ctx, VALID_CTX_LEN);
            fuzz_seed_add (&s, valid_msg, VALID_MSG_LEN);
            fuzz_seed_add (&s, valid_pk[a], p->pk_len);
            fuzz_seed_add (&s, valid_sig[a], p->sig_len);
            break;
          case MODE_PK:
            fuzz_seed_add (&s, valid_pk[a], p->pk_len);
            break;
          case MODE_SIGN:
            fuzz_seed_byte (&s, VALID_CTX_LEN);
            for (i = 0; i < RND_LEN; i++)
              fuzz_seed_byte (&s, i);
            fuzz_seed_add (&s, valid_ctx, VALID_CTX_LEN);
            fuzz_seed_add (&s, valid_msg, VALID_MSG_LEN);
            break;
          case MODE_HASH:
            {
              static const char tmpl[] = "(data (flags prehash)"
                                         " (hash %s %b) (label %b))";

              fuzz_seed_byte (&s, a);   /* SHA-256, SHA-512, SHA3-256.  */
              fuzz_seed_byte (&s, sizeof tmpl - 1);
              fuzz_seed_add (&s, tmpl, sizeof tmpl - 1);
              fuzz_seed_add (&s, valid_msg, VALID_MSG_LEN);
            }
            break;
          default:
            for (i = 0; i < SEED_LEN; i++)
              fuzz_seed_byte (&s, 0x11 * a + i);
            fuzz_seed_add (&s, valid_msg, VALID_MSG_LEN);
            break;
          }
        snprintf (name, sizeof name, "mldsa-%u-mode%u", a, mode);
        fuzz_seed_write (&s, dir, name);
      }
}


/* The valid keys and signatures.  */
static void
harness_init (void)
{
  unsigned int a;
  gcry_sexp_t parms, key, data;
  unsigned char seed[SEED_LEN];
  gcry_error_t err;

  for (a = 0; a < 3; a++)
    {
      memset (seed, 0x11 * (a + 1), SEED_LEN);
      if (gcry_sexp_build (&parms, NULL, "(genkey (%s (S %b)))",
                           params[a].name, SEED_LEN, seed))
        fuzz_fail ("gcry_sexp_build");
      err = gcry_pk_genkey (&key, parms);
      if (err)
        fuzz_fail ("key generation for %s: %s", params[a].name,
                   gcry_strerror (err));
      get_value (key, "p", valid_pk[a], params[a].pk_len);
      valid_skey[a] = gcry_sexp_find_token (key, "private-key", 0);
      if (gcry_sexp_build (&data, NULL,
                           "(data (flags deterministic) (value %b)"
                           " (label %b))", (int)VALID_MSG_LEN, valid_msg,
                           (int)VALID_CTX_LEN, valid_ctx))
        fuzz_fail ("gcry_sexp_build");
      sign (a, valid_skey[a], data, valid_sig[a]);
      gcry_sexp_release (data);
      err = verify (a, valid_pk[a], params[a].pk_len, valid_msg,
                    VALID_MSG_LEN, valid_ctx, VALID_CTX_LEN, valid_sig[a],
                    params[a].sig_len);
      if (err)
        fuzz_fail ("the valid signature of %s does not verify: %s",
                   params[a].name, gcry_strerror (err));
      gcry_sexp_release (parms);
      gcry_sexp_release (key);
    }
}


/* Verification with the public key (IS_PK) or the signature from
   the payload and everything else valid.  */
static void
fuzz_one_part (unsigned int a, int flags, const uint8_t *pl, size_t pn,
               int is_pk)
{
  const dsa_param_t *p = &params[a];
  size_t valid_len = is_pk ? p->pk_len : p->sig_len;
  const unsigned char *valid = is_pk ? valid_pk[a] : valid_sig[a];
  size_t len = (flags & FLAG_RAW_LEN) ? pn : valid_len;
  unsigned char *part = fuzz_copy_padded (pl, pn, len);
  int same = len == valid_len && !memcmp (part, valid, len);
  gcry_error_t err;

  if (is_pk)
    err = verify (a, part, len, valid_msg, VALID_MSG_LEN,
                  valid_ctx, VALID_CTX_LEN, valid_sig[a], p->sig_len);
  else
    err = verify (a, valid_pk[a], p->pk_len, valid_msg, VALID_MSG_LEN,
                  valid_ctx, VALID_CTX_LEN, part, len);
  if (is_pk && len != valid_len)
    {
      if (gcry_err_code (err) != GPG_ERR_BAD_PUBKEY)
        fuzz_fail ("public key of %zu bytes: got \"%s\"", len,
                   gcry_strerror (err));
    }
  else
    {
      if (!err && !same)
        fuzz_hexdump (is_pk ? "pk" : "sig", part, len);
      expect_valid_only (err, same, is_pk ? "fuzzed public key"
                                          : "fuzzed signature");
    }
  free (part);
}


/* MODE_SIG.  */
static void
fuzz_sig (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  fuzz_one_part (a, flags, pl, pn, 0);
}


/* MODE_EDIT.  */
static void
fuzz_edit (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  const dsa_param_t *p = &params[a];
  size_t hint_len = p->omega + p->k, off, i;
  unsigned char sig[MAX_SIG_LEN];
  gcry_error_t err;

  memcpy (sig, valid_sig[a], p->sig_len);
  for (i = 0; i + 3 <= pn; i += 3)
    {
      off = pl[i] | (pl[i + 1] << 8);
      if (flags & FLAG_HINT)
        off = p->sig_len - hint_len + off % hint_len;
      else
        off %= p->sig_len;
      sig[off] = pl[i + 2];
    }
  err = verify (a, valid_pk[a], p->pk_len, valid_msg, VALID_MSG_LEN,
                valid_ctx, VALID_CTX_LEN, sig, p->sig_len);
  if (!err && memcmp (sig, valid_sig[a], p->sig_len))
    {
      fuzz_hexdump ("hints", sig + p->sig_len - hint_len, hint_len);
      fuzz_hexdump ("valid hints", valid_sig[a] + p->sig_len - hint_len,
                    hint_len);
    }
  expect_valid_only (err, !memcmp (sig, valid_sig[a], p->sig_len),
                     "edited signature");
}


/* MODE_TUPLE: payload ctx_len (1 byte), msg_len (2 bytes), ctx, msg,
   then the public key and the signature: of the set's lengths, or
   with FLAG_RAW_LEN split at a 2-byte offset.  A context of more than
   255 bytes cannot be expressed by the first byte, so one of 256 + c
   bytes is taken when c is above 250 and the payload has room.  */
static void
fuzz_tuple (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  const dsa_param_t *p = &params[a];
  size_t ctx_len, msg_len, pk_len, sig_len;
  const uint8_t *ctx, *msg;
  unsigned char *pk, *sig;
  gcry_error_t err;
  int is_valid;

  if (pn < 3)
    return;
  ctx_len = pl[0];
  msg_len = pl[1] | (pl[2] << 8);
  pl += 3;
  pn -= 3;
  if (ctx_len > 250 && ctx_len + 256 + msg_len <= pn)
    ctx_len += 256;
  if (ctx_len + msg_len > pn)
    return;
  ctx = pl;
  msg = pl + ctx_len;
  pl += ctx_len + msg_len;
  pn -= ctx_len + msg_len;
  pk_len = p->pk_len;
  sig_len = p->sig_len;
  if (!fuzz_split2 (pl, pn, flags & FLAG_RAW_LEN, &pk, &pk_len,
                    &sig, &sig_len))
    return;

  err = verify (a, pk, pk_len, msg, msg_len, ctx, ctx_len, sig, sig_len);
  is_valid = (pk_len == p->pk_len && !memcmp (pk, valid_pk[a], pk_len)
              && sig_len == p->sig_len && !memcmp (sig, valid_sig[a], sig_len)
              && msg_len == VALID_MSG_LEN
              && !memcmp (msg, valid_msg, msg_len)
              && ctx_len == VALID_CTX_LEN
              && !memcmp (ctx, valid_ctx, ctx_len));
  if (ctx_len > 255 || pk_len != p->pk_len)
    {
      /* Argument errors; with several, any of them.  */
      if (!((ctx_len > 255 && gcry_err_code (err) == GPG_ERR_TOO_LARGE)
            || (pk_len != p->pk_len
                && gcry_err_code (err) == GPG_ERR_BAD_PUBKEY)))
        fuzz_fail ("context of %zu bytes, key of %zu bytes: got \"%s\"",
                   ctx_len, pk_len, gcry_strerror (err));
    }
  else
    {
      if (!err && !is_valid)
        {
          fuzz_hexdump ("ctx", ctx, ctx_len);
          fuzz_hexdump ("msg", msg, msg_len);
          fuzz_hexdump ("pk", pk, pk_len);
          fuzz_hexdump ("sig", sig, sig_len);
        }
      expect_valid_only (err, is_valid, "fuzzed tuple");
    }
  free (pk);
  free (sig);
}


/* MODE_PK.  */
static void
fuzz_pk (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  fuzz_one_part (a, flags, pl, pn, 1);
}


/* Sign MSG with context CTX and randomness RND with SKEY of set A
   (public key PK) in the pure form and, as FLAG_EXT_MU says, in the
   external mu or the no-prefix form, compare, and verify.  */
static void
sign_and_verify (unsigned int a, int flags, gcry_sexp_t skey,
                 const unsigned char *pk,
                 const uint8_t *msg, size_t msg_len,
                 const uint8_t *ctx, size_t ctx_len, const uint8_t *rnd)
{
  const dsa_param_t *p = &params[a];
  unsigned char sig[MAX_SIG_LEN], sig2[MAX_SIG_LEN];
  unsigned char tr[TR_LEN], mu[MU_LEN], prefix[2], *mprime, *msg2;
  size_t mprime_len = 2 + ctx_len + msg_len;
  gcry_sexp_t data;
  gcry_error_t err;

  if (gcry_sexp_build (&data, NULL,
                       "(data (value %b) (label %b) (random-override %b))",
                       (int)msg_len, msg, (int)ctx_len, ctx, RND_LEN, rnd))
    fuzz_fail ("gcry_sexp_build");
  sign (a, skey, data, sig);
  gcry_sexp_release (data);

  /* M' = 0 || len(ctx) || ctx || M (FIPS 204 Algorithm 2, line 10)
     and mu = H(tr || M', 64) (Algorithm 7, line 6), where the secret
     key holds tr = H(pk, 64) (Algorithm 6, line 6).  */
  prefix[0] = 0;
  prefix[1] = ctx_len;
  if (flags & FLAG_EXT_MU)
    {
      fuzz_hash (GCRY_MD_SHAKE256, tr, TR_LEN, pk, p->pk_len,
                 NULL, 0, NULL, 0, NULL, 0);
      fuzz_hash (GCRY_MD_SHAKE256, mu, MU_LEN, tr, TR_LEN, prefix, 2,
                 ctx, ctx_len, msg, msg_len);
      if (gcry_sexp_build (&data, NULL, "(data (flags external-mu)"
                           " (value %b) (random-override %b))",
                           MU_LEN, mu, RND_LEN, rnd))
        fuzz_fail ("gcry_sexp_build");
    }
  else
    {
      mprime = fuzz_copy_padded (prefix, 2, mprime_len);
      memcpy (mprime + 2, ctx, ctx_len);
      memcpy (mprime + 2 + ctx_len, msg, msg_len);
      if (gcry_sexp_build (&data, NULL, "(data (flags no-prefix)"
                           " (value %b) (random-override %b))",
                           (int)mprime_len, mprime, RND_LEN, rnd))
        fuzz_fail ("gcry_sexp_build");
      free (mprime);
    }
  sign (a, skey, data, sig2);
  gcry_sexp_release (data);
  if (memcmp (sig, sig2, p->sig_len))
    fuzz_fail ("%s signature differs from the pure one (%s)",
               (flags & FLAG_EXT_MU) ? "external mu" : "no-prefix",
               p->name);

  err = verify (a, pk, p->pk_len, msg, msg_len, ctx, ctx_len,
                sig, p->sig_len);
  if (err)
    fuzz_fail ("a fresh signature does not verify (%s): %s", p->name,
               gcry_strerror (err));

  /* Another message: M with one more byte.  */
  msg2 = fuzz_copy_padded (msg, msg_len, msg_len + 1);
  err = verify (a, pk, p->pk_len, msg2, msg_len + 1, ctx, ctx_len,
                sig, p->sig_len);
  free (msg2);
  expect_valid_only (err, 0, "fresh signature, longer message");
}


/* MODE_SIGN: payload ctx_len (1 byte), rnd, ctx, message.  */
static void
fuzz_sign (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  size_t ctx_len;

  if (pn < 1 + RND_LEN)
    return;
  ctx_len = pl[0];
  if (1 + RND_LEN + ctx_len > pn)
    return;
  sign_and_verify (a, flags, valid_skey[a], valid_pk[a],
                   pl + 1 + RND_LEN + ctx_len, pn - 1 - RND_LEN - ctx_len,
                   pl + 1 + RND_LEN, ctx_len, pl + 1);
}


/* MODE_KEYGEN: payload xi, message.  */
static void
fuzz_keygen (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  static const unsigned char zeros[RND_LEN];
  gcry_sexp_t parms, key, pkey, skey;
  unsigned char pk[MAX_PK_LEN], pk2[MAX_PK_LEN];
  gcry_error_t err;

  if (pn < SEED_LEN)
    return;
  if (gcry_sexp_build (&parms, NULL, "(genkey (%s (S %b)))", params[a].name,
                       SEED_LEN, pl))
    fuzz_fail ("gcry_sexp_build");
  err = gcry_pk_genkey (&key, parms);
  if (err)
    fuzz_fail ("key generation from a seed: %s", gcry_strerror (err));
  pkey = gcry_sexp_find_token (key, "public-key", 0);
  skey = gcry_sexp_find_token (key, "private-key", 0);
  if (!pkey || !skey)
    fuzz_fail ("key generation gave no public-key or private-key");
  get_value (pkey, "p", pk, params[a].pk_len);
  get_value (skey, "p", pk2, params[a].pk_len);
  if (memcmp (pk, pk2, params[a].pk_len))
    fuzz_fail ("the public key differs from the (p) of the private key");
  err = gcry_pk_testkey (skey);
  if (err)
    fuzz_fail ("gcry_pk_testkey of a fresh key: %s", gcry_strerror (err));
  sign_and_verify (a, flags, skey, pk, pl + SEED_LEN, pn - SEED_LEN,
                   zeros, 0, zeros);
  gcry_sexp_release (pkey);
  gcry_sexp_release (skey);
  gcry_sexp_release (key);
  gcry_sexp_release (parms);
}


/* The digest of HD's algorithm ALGO (32 bytes of output for an XOF)
   to OUT; returns its length.  */
static size_t
read_digest (gcry_md_hd_t hd, int algo, unsigned char *out)
{
  size_t n = gcry_md_get_algo_dlen (algo);
  const unsigned char *d;

  if (!n)
    {
      if (gcry_md_extract (hd, algo, out, 32))
        fuzz_fail ("gcry_md_extract");
      return 32;
    }
  d = gcry_md_read (hd, algo);
  if (!d)
    fuzz_fail ("gcry_md_read");
  memcpy (out, d, n);
  return n;
}


/* MODE_HASH: payload hash selector (1 byte), template length (1
   byte), the template, the message (with FLAG_CTX its first half is
   also the newer context entry and, without a handle, its second half
   the older one).  */
static void
fuzz_hash_sign (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  static int sentinel;
  char tmpl[MAX_TMPL_LEN + 1];
  unsigned char d1[64], d2[64];
  const uint8_t *msg;
  size_t tlen, mlen, half, n;
  int algo;
  gcry_md_hd_t hd = NULL;
  gcry_ctx_t ctx = NULL;
  gcry_sexp_t sig = (gcry_sexp_t)&sentinel, pkey;
  gcry_error_t err;

  if (pn < 2)
    return;
  algo = hash_algos[pl[0] % N_HASH_ALGOS];
  tlen = pl[1];
  if (2 + tlen > pn)
    return;
  memcpy (tmpl, pl + 2, tlen);
  tmpl[tlen] = 0;
  msg = pl + 2 + tlen;
  mlen = pn - 2 - tlen;
  half = mlen / 2;

  if (!(flags & FLAG_NO_HD))
    {
      if (gcry_md_open (&hd, algo, 0))
        fuzz_fail ("gcry_md_open (%d)", algo);
      gcry_md_write (hd, msg, mlen);
    }
  if (flags & FLAG_CTX)
    {
      if ((flags & FLAG_NO_HD)
          && gcry_pk_input_data_push (&ctx, msg + half, mlen - half))
        fuzz_fail ("gcry_pk_input_data_push");
      if (gcry_pk_input_data_push (&ctx, msg, half))
        fuzz_fail ("gcry_pk_input_data_push");
    }

  err = gcry_pk_hash_sign (&sig, tmpl, valid_skey[a], hd, ctx);
  if (err && sig)
    fuzz_fail ("gcry_pk_hash_sign failed (%s) but gave a result",
               gcry_strerror (err));
  if (!err)
    {
      if (!sig || sig == (gcry_sexp_t)&sentinel)
        fuzz_fail ("gcry_pk_hash_sign succeeded without a result");
      if (gcry_sexp_build (&pkey, NULL, "(public-key (%s (p %b)))",
                           params[a].name, (int)params[a].pk_len,
                           valid_pk[a]))
        fuzz_fail ("gcry_sexp_build");
      err = gcry_pk_hash_verify (sig, tmpl, pkey, hd, ctx);
      if (err)
        fuzz_fail ("a signature of gcry_pk_hash_sign does not verify with"
                   " the same template \"%s\": %s", tmpl,
                   gcry_strerror (err));
      gcry_sexp_release (pkey);
      gcry_sexp_release (sig);
    }

  /* The library hashed copies: HD takes more data and gives the digest
     of all of it.  */
  if (hd)
    {
      gcry_md_write (hd, "+", 1);
      n = read_digest (hd, algo, d1);
      fuzz_hash (algo, d2, (int)n, msg, mlen, "+", 1, NULL, 0, NULL, 0);
      if (memcmp (d1, d2, n))
        fuzz_fail ("the hash handle changed in gcry_pk_hash_sign/verify");
      gcry_md_close (hd);
    }
  gcry_ctx_release (ctx);
}


int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const fuzz_mode_t modes[NMODES] =
    { fuzz_sig, fuzz_edit, fuzz_tuple, fuzz_pk, fuzz_sign, fuzz_keygen,
      fuzz_hash_sign };

  return fuzz_run_mode (modes, NMODES, data, size);
}
