/* fuzz-kem.c - libFuzzer harness for ML-KEM through gcry_kem_*
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Input: byte 0 selects the parameter set (value % 3) and the mode
 * (value / 3 % NMODES), byte 1 holds flags, the rest is the payload.
 *
 *   MODE_ENCAPS  Encapsulation with a fuzzed key ek.  FIPS 203,
 *                section 7.2: a key of the wrong length is an argument
 *                error, a key failing the modulus check is
 *                GPG_ERR_BAD_PUBKEY, any other key is accepted.
 *   MODE_CT      Decapsulation of a fuzzed ciphertext with a valid
 *                key: the honest ciphertext gives the encapsulated
 *                secret, every other one the implicit rejection
 *                secret J(z || c) (FIPS 203 Algorithm 18, lines 7-11).
 *   MODE_DK      Decapsulation with a fuzzed key dk and ciphertext:
 *                the hash check of section 7.3, and a key with
 *                unreduced coefficients of s decapsulates as the
 *                reduced one (ByteDecode_12 reduces mod q).
 *   MODE_KEYGEN  Key generation from a fuzzed seed d || z, then
 *                encapsulation with a fuzzed m, decapsulation, and
 *                decapsulation of the ciphertext with one bit flipped.
 *   MODE_CT_EDIT As MODE_CT, on the honest ciphertext with bytes
 *                changed: records of (offset low, offset high, xor
 *                mask).  Small changes of the honest ciphertext are
 *                what a faulty comparison of c and c' lets through,
 *                and random mutations of a whole ciphertext rarely
 *                make only those.
 *
 * Every error return must leave the output buffers as they were
 * (cipher/kem.c promises that).  */

#include "fuzz-common.h"

#define MLKEM_Q 3329
#define SS_LEN 32
#define SEED_LEN 64
#define MSG_LEN 32
#define MAX_EK_LEN GCRY_KEM_MLKEM1024_PUBKEY_LEN
#define MAX_DK_LEN GCRY_KEM_MLKEM1024_SECKEY_LEN
#define MAX_CT_LEN GCRY_KEM_MLKEM1024_CIPHER_LEN

enum
  {
    MODE_ENCAPS,
    MODE_CT,
    MODE_DK,
    MODE_KEYGEN,
    MODE_CT_EDIT,
    NMODES
  };

/* Flags (byte 1).  */
#define FLAG_RAW_LEN   1   /* Lengths from the payload, not the set.  */
#define FLAG_CANON     2   /* ENCAPS: reduce ek's coefficients first.  */
#define FLAG_FIX_HASH  2   /* DK: make h = H(ek) so the check passes.  */
#define FLAG_WITH_M    4   /* ENCAPS: m from the payload.  */
#define FLAG_BAD_ARGS  8   /* Also try argument errors.  */

/* What differs between the parameter sets (FIPS 203, Table 2).  */
typedef struct
{
  int algo;
  unsigned int k;
  size_t ek_len, dk_len, ct_len;
} kem_param_t;

static const kem_param_t params[3] =
  {
    { GCRY_KEM_MLKEM512, 2, GCRY_KEM_MLKEM512_PUBKEY_LEN,
      GCRY_KEM_MLKEM512_SECKEY_LEN, GCRY_KEM_MLKEM512_CIPHER_LEN },
    { GCRY_KEM_MLKEM768, 3, GCRY_KEM_MLKEM768_PUBKEY_LEN,
      GCRY_KEM_MLKEM768_SECKEY_LEN, GCRY_KEM_MLKEM768_CIPHER_LEN },
    { GCRY_KEM_MLKEM1024, 4, GCRY_KEM_MLKEM1024_PUBKEY_LEN,
      GCRY_KEM_MLKEM1024_SECKEY_LEN, GCRY_KEM_MLKEM1024_CIPHER_LEN }
  };

/* One valid key pair per set, made from a fixed seed, and one honest
   encapsulation under it.  */
static unsigned char valid_ek[3][MAX_EK_LEN];
static unsigned char valid_dk[3][MAX_DK_LEN];
static unsigned char valid_ct[3][MAX_CT_LEN];
static unsigned char valid_ss[3][SS_LEN];
static unsigned char valid_seed[3][SEED_LEN];
static unsigned char valid_m[3][MSG_LEN];


/* Where the parts of dk = s || ek || H(ek) || z start (FIPS 203,
   Algorithm 16, line 3).  */
static size_t
dk_ek_off (const kem_param_t *p)
{
  return 384 * p->k;
}

static size_t
dk_h_off (const kem_param_t *p)
{
  return 384 * p->k + p->ek_len;
}

static size_t
dk_z_off (const kem_param_t *p)
{
  return 384 * p->k + p->ek_len + 32;
}


/* The implicit rejection secret J(z || c) = SHAKE256(z || c, 32) of
   the key DK for the ciphertext CT (FIPS 203, Algorithm 18,
   line 7).  */
static void
rejection_secret (const kem_param_t *p, unsigned char out[SS_LEN],
                  const unsigned char *dk, const unsigned char *ct)
{
  fuzz_hash (GCRY_MD_SHAKE256, out, SS_LEN, dk + dk_z_off (p), 32,
             ct, p->ct_len, NULL, 0, NULL, 0);
}


/* Return 1 if the 384*K bytes at B are the ByteEncode_12 of
   coefficients below q, i.e. pass the modulus check of FIPS 203,
   section 7.2.  With REDUCE, instead reduce every coefficient mod q
   in place (and return 1).  Two 12-bit coefficients per three bytes,
   little-endian.  */
static int
coeffs_canonical (unsigned char *b, unsigned int k, int reduce)
{
  size_t i;
  unsigned int c0, c1;
  int ok = 1;

  for (i = 0; i < 384 * k; i += 3)
    {
      c0 = b[i] | ((b[i + 1] & 0x0f) << 8);
      c1 = (b[i + 1] >> 4) | (b[i + 2] << 4);
      if (reduce)
        {
          c0 %= MLKEM_Q;
          c1 %= MLKEM_Q;
          b[i] = c0;
          b[i + 1] = (c0 >> 8) | (c1 << 4);
          b[i + 2] = c1 >> 4;
        }
      else if (c0 >= MLKEM_Q || c1 >= MLKEM_Q)
        ok = 0;
    }
  return ok;
}


/* Fail unless ERR has the code WANT.  */
static void
expect_error (gcry_error_t err, gpg_err_code_t want, const char *what)
{
  if (gcry_err_code (err) != want)
    fuzz_fail ("%s: got \"%s\", want \"%s\"", what, gcry_strerror (err),
               gcry_strerror (gpg_error (want)));
}


/* Fail unless the LEN bytes at BUF all equal C: an output buffer an
   error return must not have written.  */
static void
expect_untouched (const unsigned char *buf, size_t len, int c,
                  const char *what)
{
  size_t i;

  for (i = 0; i < len; i++)
    if (buf[i] != c)
      fuzz_fail ("%s written on error (byte %zu)", what, i);
}


/* One seed per set and mode from the valid keys, each also with the
   lengths taken from the payload (FLAG_RAW_LEN; a two-byte split
   point in front for MODE_DK).  */
static void
write_seeds (const char *dir)
{
  static fuzz_seed_t s;
  unsigned int a, mode, raw;
  char name[64];

  for (a = 0; a < 3; a++)
    for (mode = 0; mode < NMODES; mode++)
      for (raw = 0; raw < (mode >= MODE_KEYGEN ? 1 : 2); raw++)
        {
          const kem_param_t *p = &params[a];
          int flags = raw ? FLAG_RAW_LEN : 0;

          if (mode == MODE_ENCAPS)
            flags |= FLAG_WITH_M;
          else if (mode == MODE_DK)
            flags |= FLAG_FIX_HASH;
          fuzz_seed_begin (&s, a, mode, flags);
          switch (mode)
            {
            case MODE_ENCAPS:
              fuzz_seed_add (&s, valid_ek[a], p->ek_len);
              fuzz_seed_add (&s, valid_m[a], MSG_LEN);
              break;
            case MODE_CT:
              fuzz_seed_add (&s, valid_ct[a], p->ct_len);
              break;
            case MODE_DK:
              if (raw)
                {
                  fuzz_seed_byte (&s, p->dk_len & 0xff);
                  fuzz_seed_byte (&s, p->dk_len >> 8);
                }
              fuzz_seed_add (&s, valid_dk[a], p->dk_len);
              fuzz_seed_add (&s, valid_ct[a], p->ct_len);
              break;
            case MODE_KEYGEN:
              fuzz_seed_add (&s, valid_seed[a], SEED_LEN);
              fuzz_seed_add (&s, valid_m[a], MSG_LEN);
              fuzz_seed_byte (&s, 17);    /* Bit to flip in ct.  */
              break;
            default:
              /* One edit of the last byte, one of the first.  */
              fuzz_seed_byte (&s, (p->ct_len - 1) & 0xff);
              fuzz_seed_byte (&s, (p->ct_len - 1) >> 8);
              fuzz_seed_byte (&s, 1);
              fuzz_seed_byte (&s, 0);
              fuzz_seed_byte (&s, 0);
              fuzz_seed_byte (&s, 0x10);
              break;
            }
          snprintf (name, sizeof name, "kem-%u-mode%u%s", a, mode,
                    raw ? "-raw" : "");
          fuzz_seed_write (&s, dir, name);
        }
}


/* The valid key pairs and encapsulations.  */
static void
harness_init (void)
{
  unsigned int a;
  gcry_error_t err;

  for (a = 0; a < 3; a++)
    {
      const kem_param_t *p = &params[a];

      memset (valid_seed[a], 0x40 + a, SEED_LEN);
      memset (valid_m[a], 0x70 + a, MSG_LEN);
      err = gcry_kem_genkey (p->algo, valid_ek[a], p->ek_len,
                             valid_dk[a], p->dk_len, valid_seed[a], SEED_LEN);
      if (!err)
        err = gcry_kem_encap (p->algo, valid_ek[a], p->ek_len,
                              valid_ct[a], p->ct_len, valid_ss[a], SS_LEN,
                              valid_m[a], MSG_LEN);
      if (err)
        fuzz_fail ("set-up of set %u: %s", a, gcry_strerror (err));
    }
}


/* MODE_ENCAPS.  */
static void
fuzz_encaps (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  const kem_param_t *p = &params[a];
  size_t ek_len = (flags & FLAG_RAW_LEN) ? pn : p->ek_len;
  unsigned char *ek = fuzz_copy_padded (pl, pn, ek_len);
  unsigned char ct[MAX_CT_LEN], ct2[MAX_CT_LEN], ss[SS_LEN], ss2[SS_LEN];
  const unsigned char *m = NULL;
  gcry_error_t err;

  if ((flags & FLAG_WITH_M) && pn >= ek_len + MSG_LEN)
    m = pl + ek_len;
  if ((flags & FLAG_CANON) && ek_len == p->ek_len)
    coeffs_canonical (ek, p->k, 1);

  memset (ct, 0xa5, sizeof ct);
  memset (ss, 0xa5, sizeof ss);
  err = gcry_kem_encap (p->algo, ek, ek_len, ct, p->ct_len, ss, SS_LEN,
                        m, m ? MSG_LEN : 0);
  if (ek_len != p->ek_len || !coeffs_canonical (ek, p->k, 0))
    {
      expect_error (err, ek_len != p->ek_len ? GPG_ERR_INV_ARG
                                             : GPG_ERR_BAD_PUBKEY,
                    "encapsulation with an invalid key");
      expect_untouched (ct, p->ct_len, 0xa5, "ciphertext");
      expect_untouched (ss, SS_LEN, 0xa5, "shared secret");
      free (ek);
      return;
    }
  if (err)
    {
      fuzz_hexdump ("ek", ek, ek_len);
      fuzz_fail ("encapsulation key passing the modulus check rejected: %s",
                 gcry_strerror (err));
    }

  /* With m given, Encaps_internal is deterministic.  */
  if (m)
    {
      err = gcry_kem_encap (p->algo, ek, ek_len, ct2, p->ct_len, ss2, SS_LEN,
                            m, MSG_LEN);
      if (err || memcmp (ct, ct2, p->ct_len) || memcmp (ss, ss2, SS_LEN))
        fuzz_fail ("encapsulation with the same m differs");
    }
  /* Under the valid key, decapsulation gives the same secret.  */
  if (!memcmp (ek, valid_ek[a], p->ek_len))
    {
      err = gcry_kem_decap (p->algo, valid_dk[a], p->dk_len, ct, p->ct_len,
                            ss2, SS_LEN, NULL, 0);
      if (err || memcmp (ss, ss2, SS_LEN))
        fuzz_fail ("decapsulation of an encapsulation under the valid key"
                   " gives another secret (%s)", gcry_strerror (err));
    }

  if (flags & FLAG_BAD_ARGS)
    {
      err = gcry_kem_encap (p->algo, ek, ek_len, ct, p->ct_len - 1,
                            ss, SS_LEN, NULL, 0);
      expect_error (err, GPG_ERR_INV_ARG, "ciphertext length - 1");
      err = gcry_kem_encap (p->algo, ek, ek_len, ct, p->ct_len,
                            ss, SS_LEN - 1, NULL, 0);
      expect_error (err, GPG_ERR_INV_ARG, "shared secret length - 1");
      err = gcry_kem_encap (p->algo, ek, ek_len, ct, p->ct_len,
                            ss, SS_LEN, valid_m[a], MSG_LEN - 1);
      expect_error (err, GPG_ERR_INV_ARG, "m length - 1");
    }
  free (ek);
}


/* Decapsulate the ciphertext CT (CT_LEN bytes) with the valid key of
   set A and check the result: an argument error for the wrong length,
   else the encapsulated secret for the honest ciphertext and J(z || c)
   for any other one.  */
static void
check_decaps_valid_key (unsigned int a, const unsigned char *ct,
                        size_t ct_len)
{
  const kem_param_t *p = &params[a];
  unsigned char ss[SS_LEN], want[SS_LEN];
  gcry_error_t err;

  memset (ss, 0xa5, sizeof ss);
  err = gcry_kem_decap (p->algo, valid_dk[a], p->dk_len, ct, ct_len,
                        ss, SS_LEN, NULL, 0);
  if (ct_len != p->ct_len)
    {
      expect_error (err, GPG_ERR_INV_ARG, "ciphertext of the wrong length");
      expect_untouched (ss, SS_LEN, 0xa5, "shared secret");
      return;
    }
  if (err)
    fuzz_fail ("decapsulation with the valid key: %s", gcry_strerror (err));
  /* Another honest ciphertext would need an encapsulation under the
     valid key that the fuzzer cannot compute; with overwhelming
     probability every other ciphertext re-encrypts differently.  */
  if (!memcmp (ct, valid_ct[a], p->ct_len))
    memcpy (want, valid_ss[a], SS_LEN);
  else
    rejection_secret (p, want, valid_dk[a], ct);
  if (memcmp (ss, want, SS_LEN))
    {
      fuzz_hexdump ("ct", ct, ct_len);
      fuzz_fail ("decapsulation gives neither K nor J(z || c)");
    }
}


/* MODE_CT.  */
static void
fuzz_ct (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  size_t ct_len = (flags & FLAG_RAW_LEN) ? pn : params[a].ct_len;
  unsigned char *ct = fuzz_copy_padded (pl, pn, ct_len);

  check_decaps_valid_key (a, ct, ct_len);
  free (ct);
}


/* MODE_CT_EDIT.  */
static void
fuzz_ct_edit (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  const kem_param_t *p = &params[a];
  unsigned char ct[MAX_CT_LEN];
  size_t i;

  (void)flags;
  memcpy (ct, valid_ct[a], p->ct_len);
  for (i = 0; i + 3 <= pn; i += 3)
    ct[(pl[i] | (pl[i + 1] << 8)) % p->ct_len] ^= pl[i + 2];
  check_decaps_valid_key (a, ct, p->ct_len);
}


/* MODE_DK.  */
static void
fuzz_dk (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  const kem_param_t *p = &params[a];
  size_t dk_len = p->dk_len, ct_len = p->ct_len;
  unsigned char *dk, *ct, *dk2;
  unsigned char ss[SS_LEN], ss2[SS_LEN], h[32];
  gcry_error_t err;

  if (!fuzz_split2 (pl, pn, flags & FLAG_RAW_LEN, &dk, &dk_len, &ct, &ct_len))
    return;
  if ((flags & FLAG_FIX_HASH) && dk_len == p->dk_len)
    fuzz_hash (GCRY_MD_SHA3_256, dk + dk_h_off (p), 32,
               dk + dk_ek_off (p), p->ek_len, NULL, 0, NULL, 0, NULL, 0);

  memset (ss, 0xa5, sizeof ss);
  err = gcry_kem_decap (p->algo, dk, dk_len, ct, ct_len, ss, SS_LEN,
                        NULL, 0);
  if (dk_len != p->dk_len || ct_len != p->ct_len)
    {
      expect_error (err, GPG_ERR_INV_ARG, "key or ciphertext length");
      expect_untouched (ss, SS_LEN, 0xa5, "shared secret");
      goto leave;
    }
  fuzz_hash (GCRY_MD_SHA3_256, h, 32, dk + dk_ek_off (p), p->ek_len,
             NULL, 0, NULL, 0, NULL, 0);
  if (memcmp (h, dk + dk_h_off (p), 32))
    {
      expect_error (err, GPG_ERR_BAD_SECKEY, "key failing the hash check");
      expect_untouched (ss, SS_LEN, 0xa5, "shared secret");
      goto leave;
    }
  if (err)
    {
      fuzz_hexdump ("dk", dk, dk_len);
      fuzz_fail ("key passing the hash check rejected: %s",
                 gcry_strerror (err));
    }

  /* The key with s reduced mod q must give the same secret.  */
  dk2 = fuzz_copy_padded (dk, dk_len, dk_len);
  coeffs_canonical (dk2, p->k, 1);
  if (memcmp (dk2, dk, dk_len))
    {
      err = gcry_kem_decap (p->algo, dk2, dk_len, ct, ct_len, ss2, SS_LEN,
                            NULL, 0);
      if (err || memcmp (ss, ss2, SS_LEN))
        {
          fuzz_hexdump ("dk", dk, dk_len);
          fuzz_hexdump ("ct", ct, ct_len);
          fuzz_fail ("s with unreduced coefficients gives another secret"
                     " than s mod q (%s)", gcry_strerror (err));
        }
    }
  free (dk2);

  /* Only the honest ciphertext can re-encrypt to itself (see
     fuzz_ct): any other one must be rejected implicitly, whatever
     the key.  */
  if (memcmp (ct, valid_ct[a], ct_len))
    {
      rejection_secret (p, ss2, dk, ct);
      if (memcmp (ss, ss2, SS_LEN))
        {
          fuzz_hexdump ("dk", dk, dk_len);
          fuzz_hexdump ("ct", ct, ct_len);
          fuzz_fail ("a fuzzed key accepted a ciphertext that is not the"
                     " honest one");
        }
    }

  if (flags & FLAG_BAD_ARGS)
    {
      err = gcry_kem_decap (p->algo, dk, dk_len, ct, ct_len, ss, SS_LEN,
                            ct, MSG_LEN);
      expect_error (err, GPG_ERR_INV_ARG, "decapsulation with OPTIONAL");
      err = gcry_kem_decap (p->algo, dk, dk_len, ct, ct_len, ss, SS_LEN / 2,
                            NULL, 0);
      expect_error (err, GPG_ERR_INV_ARG, "shared secret length 16");
      err = gcry_kem_decap (params[(a + 1) % 3].algo, dk, dk_len,
                            ct, ct_len, ss, SS_LEN, NULL, 0);
      expect_error (err, GPG_ERR_INV_ARG, "another parameter set");
    }
 leave:
  free (dk);
  free (ct);
}


/* MODE_KEYGEN.  */
static void
fuzz_keygen (unsigned int a, int flags, const uint8_t *pl, size_t pn)
{
  const kem_param_t *p = &params[a];
  unsigned char ek[MAX_EK_LEN], dk[MAX_DK_LEN], ct[MAX_CT_LEN];
  unsigned char ss[SS_LEN], ss2[SS_LEN], h[32], g[64];
  unsigned char kbyte = p->k;
  gcry_error_t err;

  (void)flags;
  if (pn < SEED_LEN + MSG_LEN)
    return;
  err = gcry_kem_genkey (p->algo, ek, p->ek_len, dk, p->dk_len,
                         pl, SEED_LEN);
  if (err)
    fuzz_fail ("key generation from a seed: %s", gcry_strerror (err));

  /* FIPS 203 Algorithms 13 and 16: ek passes its own check, ends in
     rho, the first half of G(d || k); dk = s || ek || H(ek) || z.  */
  if (!coeffs_canonical (ek, p->k, 0))
    fuzz_fail ("key generation made ek failing the modulus check");
  fuzz_hash (GCRY_MD_SHA3_512, g, 64, pl, 32, &kbyte, 1, NULL, 0, NULL, 0);
  if (memcmp (ek + 384 * p->k, g, 32))
    fuzz_fail ("rho of ek is not the first half of G(d || k)");
  fuzz_hash (GCRY_MD_SHA3_256, h, 32, ek, p->ek_len, NULL, 0, NULL, 0,
             NULL, 0);
  if (memcmp (dk + dk_ek_off (p), ek, p->ek_len)
      || memcmp (dk + dk_h_off (p), h, 32)
      || memcmp (dk + dk_z_off (p), pl + 32, 32))
    fuzz_fail ("dk is not s || ek || H(ek) || z");
  if (!coeffs_canonical (dk, p->k, 0))
    fuzz_fail ("key generation made s with unreduced coefficients");

  err = gcry_kem_encap (p->algo, ek, p->ek_len, ct, p->ct_len, ss, SS_LEN,
                        pl + SEED_LEN, MSG_LEN);
  if (err)
    fuzz_fail ("encapsulation under a fresh key: %s", gcry_strerror (err));
  err = gcry_kem_decap (p->algo, dk, p->dk_len, ct, p->ct_len, ss2, SS_LEN,
                        NULL, 0);
  if (err || memcmp (ss, ss2, SS_LEN))
    fuzz_fail ("decapsulation under a fresh key gives another secret (%s)",
               gcry_strerror (err));

  if (pn > SEED_LEN + MSG_LEN)
    {
      size_t bit = (pl[SEED_LEN + MSG_LEN] * 8 + pn) % (p->ct_len * 8);

      ct[bit / 8] ^= 1 << (bit % 8);
      err = gcry_kem_decap (p->algo, dk, p->dk_len, ct, p->ct_len,
                            ss2, SS_LEN, NULL, 0);
      rejection_secret (p, ss, dk, ct);
      if (err || memcmp (ss, ss2, SS_LEN))
        fuzz_fail ("ciphertext with bit %zu flipped not rejected (%s)",
                   bit, gcry_strerror (err));
    }

  err = gcry_kem_genkey (p->algo, ek, p->ek_len, dk, p->dk_len,
                         pl, SEED_LEN - 1);
  expect_error (err, GPG_ERR_INV_ARG, "key generation from a 63-byte seed");
}


int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const fuzz_mode_t modes[NMODES] =
    { fuzz_encaps, fuzz_ct, fuzz_dk, fuzz_keygen, fuzz_ct_edit };

  return fuzz_run_mode (modes, NMODES, data, size);
}
