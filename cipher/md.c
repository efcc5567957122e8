/* md.c - The gcry_md_* message digest API
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

/* The gcry_md_* functions with libgcrypt's algorithm ids, names and
 * semantics, for SHA-1, the SHA-2 family, SHA-3, SHAKE and cSHAKE (the
 * algorithms themselves live in sha1.c, sha256.c, sha512.c and
 * keccak.c).  Every algorithm is described once in digest_specs[];
 * all functions look it up there.
 *
 * A handle is one allocation:
 *
 *   +-----+--------+--------+------------- ... --+----------------+
 *   | ctx | bufpos | bufsize| buf (MD_BUFSIZE)   | gcry_md_context|
 *   +-----+--------+--------+------------- ... --+----------------+
 *
 * The first part is libgcrypt's public struct gcry_md_handle, so that
 * the gcry_md_putc macro can fill BUF directly; gcry_md_write hashes
 * the buffered bytes first.  The private context holds a list of the
 * enabled algorithms (gcry_md_enable may add several).  */

#include <config.h>
#include <string.h>
#include <errno.h>

#include "g10lib.h"
#include "hash-common.h"
#include "keccak.h"


/* Size of the public putc buffer.  */
#define MD_BUFSIZE 512

/* Stack cleared after hashing, which may involve secrets (HMAC keys,
   hashed key material): the block functions' schedules and working
   variables and the Keccak permutation's spilled lanes stay below
   1 KiB with gcc 12 on x86-64; doubled for other targets.  */
#define MD_STACK_BURN 2048

/* State of any one algorithm.  */
typedef union
{
  sha1_ctx_t sha1;
  sha256_ctx_t sha256;
  sha512_ctx_t sha512;
  keccak_ctx_t keccak;
} md_algo_ctx_t;

/* What an algorithm provides.  FINAL produces the DLEN digest bytes
   of a fixed-length hash; for an XOF it only pads (the output is then
   squeezed by md_read or gcry_md_extract).  */
typedef struct
{
  int algo;                   /* GCRY_MD_*.  */
  const char *name;           /* As libgcrypt spells it.  */
  unsigned int dlen;          /* gcry_md_get_algo_dlen; default XOF
                                 output length for SHAKE.  */
  unsigned int blocksize;     /* HMAC block size B in bytes.  */
  int is_xof;
  /* DER encoding of the hash's object identifier (tag, length,
     value).  */
  const byte *oid_der;
  unsigned int oid_der_len;
  /* Dotted OIDs accepted by gcry_md_map_name: the hash itself first,
     then signature OIDs that name it.  */
  const char *const *oids;
  void (*init) (md_algo_ctx_t *c);
  void (*write) (md_algo_ctx_t *c, const void *buf, size_t len);
  void (*final) (md_algo_ctx_t *c, byte *digest);
  const char *abc_kat;        /* Hex digest of "abc" (DLEN bytes).  */
} md_spec_t;


/*
 * Algorithm glue.
 */

static void
sha1_init (md_algo_ctx_t *c)
{
  _gcry_sha1_init (&c->sha1);
}

static void
sha1_write (md_algo_ctx_t *c, const void *buf, size_t len)
{
  _gcry_sha1_write (&c->sha1, buf, len);
}

static void
sha1_final (md_algo_ctx_t *c, byte *digest)
{
  _gcry_sha1_final (&c->sha1, digest);
}

static void
sha224_init (md_algo_ctx_t *c)
{
  _gcry_sha224_init (&c->sha256);
}

static void
sha256_init (md_algo_ctx_t *c)
{
  _gcry_sha256_init (&c->sha256);
}

static void
sha256_write (md_algo_ctx_t *c, const void *buf, size_t len)
{
  _gcry_sha256_write (&c->sha256, buf, len);
}

static void
sha256_final (md_algo_ctx_t *c, byte *digest)
{
  _gcry_sha256_final (&c->sha256, digest);
}

static void
sha384_init (md_algo_ctx_t *c)
{
  _gcry_sha384_init (&c->sha512);
}

static void
sha512_init (md_algo_ctx_t *c)
{
  _gcry_sha512_init (&c->sha512);
}

static void
sha512_224_init (md_algo_ctx_t *c)
{
  _gcry_sha512_224_init (&c->sha512);
}

static void
sha512_256_init (md_algo_ctx_t *c)
{
  _gcry_sha512_256_init (&c->sha512);
}

static void
sha512_write (md_algo_ctx_t *c, const void *buf, size_t len)
{
  _gcry_sha512_write (&c->sha512, buf, len);
}

static void
sha512_final (md_algo_ctx_t *c, byte *digest)
{
  _gcry_sha512_final (&c->sha512, digest);
}

static void
sha3_224_init (md_algo_ctx_t *c)
{
  _gcry_keccak_ctx_init (&c->keccak, KECCAK_RATE_SHA3_224, KECCAK_DS_SHA3);
}

static void
sha3_256_init (md_algo_ctx_t *c)
{
  _gcry_keccak_ctx_init (&c->keccak, KECCAK_RATE_SHA3_256, KECCAK_DS_SHA3);
}

static void
sha3_384_init (md_algo_ctx_t *c)
{
  _gcry_keccak_ctx_init (&c->keccak, KECCAK_RATE_SHA3_384, KECCAK_DS_SHA3);
}

static void
sha3_512_init (md_algo_ctx_t *c)
{
  _gcry_keccak_ctx_init (&c->keccak, KECCAK_RATE_SHA3_512, KECCAK_DS_SHA3);
}

static void
shake128_init (md_algo_ctx_t *c)
{
  _gcry_keccak_ctx_init (&c->keccak, KECCAK_RATE_SHAKE128, KECCAK_DS_SHAKE);
}

static void
shake256_init (md_algo_ctx_t *c)
{
  _gcry_keccak_ctx_init (&c->keccak, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
}

static void
keccak_write (md_algo_ctx_t *c, const void *buf, size_t len)
{
  _gcry_keccak_absorb (&c->keccak, buf, len);
}

/* SHA3-d: the digest is the first d/8 bytes of output; the capacity
   2d follows from the rate, so the length is 100 - rate/2 bytes
   (FIPS 202, Section 6.1).  */
static void
sha3_final (md_algo_ctx_t *c, byte *digest)
{
  _gcry_keccak_squeeze (&c->keccak, digest, 100 - c->keccak.rate / 2);
}

static void
shake_final (md_algo_ctx_t *c, byte *digest)
{
  (void)digest;
  _gcry_keccak_finalize (&c->keccak);
}


/*
 * The algorithm table.
 */

/* Object identifiers: SHA-1 is 1.3.14.3.2.26; the NIST hashes are
   2.16.840.1.101.3.4.2.N (N = 1 SHA-256, 2 SHA-384, 3 SHA-512,
   4 SHA-224, 5 SHA-512/224, 6 SHA-512/256, 7-10 SHA3-224..512,
   11 SHAKE128, 12 SHAKE256).  */
#define NIST_HASH_OID(n) \
  { 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, (n) }

static const byte oid_sha1[] = { 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a };
static const byte oid_sha256[] = NIST_HASH_OID (0x01);
static const byte oid_sha384[] = NIST_HASH_OID (0x02);
static const byte oid_sha512[] = NIST_HASH_OID (0x03);
static const byte oid_sha224[] = NIST_HASH_OID (0x04);
static const byte oid_sha512_224[] = NIST_HASH_OID (0x05);
static const byte oid_sha512_256[] = NIST_HASH_OID (0x06);
static const byte oid_sha3_224[] = NIST_HASH_OID (0x07);
static const byte oid_sha3_256[] = NIST_HASH_OID (0x08);
static const byte oid_sha3_384[] = NIST_HASH_OID (0x09);
static const byte oid_sha3_512[] = NIST_HASH_OID (0x0a);
static const byte oid_shake128[] = NIST_HASH_OID (0x0b);
static const byte oid_shake256[] = NIST_HASH_OID (0x0c);

/* The hash OID, then PKCS#1 v1.5 RSA, ECDSA and DSA signature OIDs
   with that hash (RFC 8017, RFC 5758, NIST CSOR), and the RFC 8692
   SHAKE signature OIDs.  */
static const char *const oids_sha1[] =
  { "1.3.14.3.2.26", "1.2.840.113549.1.1.5", "1.2.840.10045.4.1",
    "1.2.840.10040.4.3", "1.3.14.3.2.29", NULL };
static const char *const oids_sha224[] =
  { "2.16.840.1.101.3.4.2.4", "1.2.840.113549.1.1.14",
    "1.2.840.10045.4.3.1", NULL };
static const char *const oids_sha256[] =
  { "2.16.840.1.101.3.4.2.1", "1.2.840.113549.1.1.11",
    "1.2.840.10045.4.3.2", NULL };
static const char *const oids_sha384[] =
  { "2.16.840.1.101.3.4.2.2", "1.2.840.113549.1.1.12",
    "1.2.840.10045.4.3.3", NULL };
static const char *const oids_sha512[] =
  { "2.16.840.1.101.3.4.2.3", "1.2.840.113549.1.1.13",
    "1.2.840.10045.4.3.4", NULL };
static const char *const oids_sha512_224[] =
  { "2.16.840.1.101.3.4.2.5", "1.2.840.113549.1.1.15", NULL };
static const char *const oids_sha512_256[] =
  { "2.16.840.1.101.3.4.2.6", "1.2.840.113549.1.1.16", NULL };
static const char *const oids_sha3_224[] =
  { "2.16.840.1.101.3.4.2.7", "2.16.840.1.101.3.4.3.13",
    "2.16.840.1.101.3.4.3.9", NULL };
static const char *const oids_sha3_256[] =
  { "2.16.840.1.101.3.4.2.8", "2.16.840.1.101.3.4.3.14",
    "2.16.840.1.101.3.4.3.10", NULL };
static const char *const oids_sha3_384[] =
  { "2.16.840.1.101.3.4.2.9", "2.16.840.1.101.3.4.3.15",
    "2.16.840.1.101.3.4.3.11", NULL };
static const char *const oids_sha3_512[] =
  { "2.16.840.1.101.3.4.2.10", "2.16.840.1.101.3.4.3.16",
    "2.16.840.1.101.3.4.3.12", NULL };
static const char *const oids_shake128[] =
  { "2.16.840.1.101.3.4.2.11", "1.3.6.1.5.5.7.6.30",
    "1.3.6.1.5.5.7.6.32", NULL };
static const char *const oids_shake256[] =
  { "2.16.840.1.101.3.4.2.12", "1.3.6.1.5.5.7.6.31",
    "1.3.6.1.5.5.7.6.33", NULL };
/* cSHAKE has no object identifier (as in libgcrypt).  */
static const char *const oids_none[] = { NULL };

#define OID(o) (o), sizeof (o)

/* The "abc" digests are FIPS 180-4 / FIPS 202 example values (SHAKE:
   the first 32 resp. 64 output bytes; cSHAKE without customization is
   SHAKE).  cSHAKE starts as SHAKE; GCRYCTL_MD_CUSTOMIZE or the first
   two buffers of gcry_md_hash_buffers add N and S.  */
static const md_spec_t digest_specs[] =
  {
    { GCRY_MD_SHA1, "SHA1", 20, 64, 0, OID (oid_sha1), oids_sha1,
      sha1_init, sha1_write, sha1_final,
      "a9993e364706816aba3e25717850c26c9cd0d89d" },
    { GCRY_MD_SHA224, "SHA224", 28, 64, 0, OID (oid_sha224), oids_sha224,
      sha224_init, sha256_write, sha256_final,
      "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
    { GCRY_MD_SHA256, "SHA256", 32, 64, 0, OID (oid_sha256), oids_sha256,
      sha256_init, sha256_write, sha256_final,
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
    { GCRY_MD_SHA384, "SHA384", 48, 128, 0, OID (oid_sha384), oids_sha384,
      sha384_init, sha512_write, sha512_final,
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
      "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7" },
    { GCRY_MD_SHA512, "SHA512", 64, 128, 0, OID (oid_sha512), oids_sha512,
      sha512_init, sha512_write, sha512_final,
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
    { GCRY_MD_SHA512_224, "SHA512_224", 28, 128, 0, OID (oid_sha512_224),
      oids_sha512_224, sha512_224_init, sha512_write, sha512_final,
      "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa" },
    { GCRY_MD_SHA512_256, "SHA512_256", 32, 128, 0, OID (oid_sha512_256),
      oids_sha512_256, sha512_256_init, sha512_write, sha512_final,
      "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23" },
    { GCRY_MD_SHA3_224, "SHA3-224", 28, KECCAK_RATE_SHA3_224, 0,
      OID (oid_sha3_224), oids_sha3_224,
      sha3_224_init, keccak_write, sha3_final,
      "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf" },
    { GCRY_MD_SHA3_256, "SHA3-256", 32, KECCAK_RATE_SHA3_256, 0,
      OID (oid_sha3_256), oids_sha3_256,
      sha3_256_init, keccak_write, sha3_final,
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
    { GCRY_MD_SHA3_384, "SHA3-384", 48, KECCAK_RATE_SHA3_384, 0,
      OID (oid_sha3_384), oids_sha3_384,
      sha3_384_init, keccak_write, sha3_final,
      "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c25"
      "96da7cf0e49be4b298d88cea927ac7f539f1edf228376d25" },
    { GCRY_MD_SHA3_512, "SHA3-512", 64, KECCAK_RATE_SHA3_512, 0,
      OID (oid_sha3_512), oids_sha3_512,
      sha3_512_init, keccak_write, sha3_final,
      "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
      "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0" },
    { GCRY_MD_SHAKE128, "SHAKE128", 32, KECCAK_RATE_SHAKE128, 1,
      OID (oid_shake128), oids_shake128,
      shake128_init, keccak_write, shake_final,
      "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8" },
    { GCRY_MD_SHAKE256, "SHAKE256", 64, KECCAK_RATE_SHAKE256, 1,
      OID (oid_shake256), oids_shake256,
      shake256_init, keccak_write, shake_final,
      "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
      "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4" },
    { GCRY_MD_CSHAKE128, "CSHAKE128", 32, KECCAK_RATE_SHAKE128, 1,
      NULL, 0, oids_none, shake128_init, keccak_write, shake_final,
      "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8" },
    { GCRY_MD_CSHAKE256, "CSHAKE256", 64, KECCAK_RATE_SHAKE256, 1,
      NULL, 0, oids_none, shake256_init, keccak_write, shake_final,
      "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
      "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4" }
  };

#define MD_MAX_DIGEST_LEN 64


/* Return the spec of ALGO or NULL.  */
static const md_spec_t *
spec_from_algo (int algo)
{
  unsigned int i;

  for (i = 0; i < DIM (digest_specs); i++)
    if (digest_specs[i].algo == algo)
      return &digest_specs[i];
  return NULL;
}

/* ASCII-only case-insensitive comparison (independent of the
   locale).  */
static int
ascii_strcasecmp (const char *a, const char *b)
{
  for (;; a++, b++)
    {
      int ca = (byte)*a, cb = (byte)*b;

      if (ca >= 'A' && ca <= 'Z')
        ca += 'a' - 'A';
      if (cb >= 'A' && cb <= 'Z')
        cb += 'a' - 'A';
      if (ca != cb || !ca)
        return ca - cb;
    }
}


/*
 * Handles.
 */

/* One enabled algorithm of a handle.  */
typedef struct md_entry_s
{
  struct md_entry_s *next;
  const md_spec_t *spec;
  md_algo_ctx_t ctx;
  md_algo_ctx_t hmac_inner;   /* State after K ^ ipad (HMAC only).  */
  md_algo_ctx_t hmac_outer;   /* State after K ^ opad (HMAC only).  */
  byte digest[MD_MAX_DIGEST_LEN];
  byte finalized;             /* DIGEST (or the XOF stream) is ready.  */
  byte absorbed;              /* Data or a cSHAKE customization went
                                 into CTX since the last (re)start.  */
  byte xof_mode;              /* XOF_NONE, XOF_READ or XOF_EXTRACT.  */
} md_entry_t;

enum { XOF_NONE = 0, XOF_READ = 1, XOF_EXTRACT = 2 };

struct gcry_md_context
{
  unsigned int secure:1;
  unsigned int hmac:1;
  size_t handle_size;         /* Size of the whole allocation.  */
  md_entry_t *list;
};

/* Offset of the private context from the start of the handle:
   behind the public buffer, aligned for any type.  */
#define MD_CTX_OFFSET \
  ((offsetof (struct gcry_md_handle, buf) + MD_BUFSIZE + 15) & ~(size_t)15)


static void md_entry_hmac_key (md_entry_t *e, const void *key, size_t keylen);

static void *
md_alloc (int secure, size_t n)
{
  return secure ? xtrycalloc_secure (1, n) : xtrycalloc (1, n);
}

static void
md_free_entry (md_entry_t *e)
{
  wipememory (e, sizeof *e);
  xfree (e);
}

/* Enable ALGO on HD.  Enabling an enabled algorithm does nothing.  */
static gpg_err_code_t
md_enable (gcry_md_hd_t hd, int algo)
{
  struct gcry_md_context *c = hd->ctx;
  const md_spec_t *spec;
  md_entry_t *e;

  for (e = c->list; e; e = e->next)
    if (e->spec->algo == algo)
      return 0;

  spec = spec_from_algo (algo);
  if (!spec)
    return GPG_ERR_DIGEST_ALGO;
  /* HMAC needs a fixed-length hash (RFC 2104).  */
  if (c->hmac && spec->is_xof)
    return GPG_ERR_DIGEST_ALGO;

  e = md_alloc (c->secure, sizeof *e);
  if (!e)
    return gpg_err_code_from_syserror ();
  e->spec = spec;
  if (c->hmac)
    {
      /* Until gcry_md_setkey: HMAC with the empty key.  */
      md_entry_hmac_key (e, NULL, 0);
      e->ctx = e->hmac_inner;
    }
  else
    spec->init (&e->ctx);
  e->next = c->list;
  c->list = e;
  return 0;
}

static void
md_close (gcry_md_hd_t hd)
{
  md_entry_t *e, *next;

  if (!hd)
    return;
  for (e = hd->ctx->list; e; e = next)
    {
      next = e->next;
      md_free_entry (e);
    }
  wipememory (hd, hd->ctx->handle_size);
  xfree (hd);
}

static gpg_err_code_t
md_open (gcry_md_hd_t *r_hd, int algo, unsigned int flags)
{
  gcry_md_hd_t hd;
  struct gcry_md_context *c;
  size_t n = MD_CTX_OFFSET + sizeof (struct gcry_md_context);
  int secure = !!(flags & GCRY_MD_FLAG_SECURE);
  gpg_err_code_t rc;

  *r_hd = NULL;
  if (flags & ~(GCRY_MD_FLAG_SECURE | GCRY_MD_FLAG_HMAC
                | GCRY_MD_FLAG_BUGEMU1))
    return GPG_ERR_INV_ARG;

  hd = md_alloc (secure, n);
  if (!hd)
    return gpg_err_code_from_syserror ();
  c = (struct gcry_md_context *)((char *)hd + MD_CTX_OFFSET);
  hd->ctx = c;
  hd->bufpos = 0;
  hd->bufsize = MD_BUFSIZE;
  c->secure = secure;
  c->hmac = !!(flags & GCRY_MD_FLAG_HMAC);
  c->handle_size = n;

  if (algo)
    {
      rc = md_enable (hd, algo);
      if (rc)
        {
          md_close (hd);
          return rc;
        }
    }
  *r_hd = hd;
  return 0;
}

/* Hash the bytes buffered by gcry_md_putc, then LEN bytes at BUF.
   Writing after finalisation is accepted and ignored, as libgcrypt
   allows it.  */
static void
md_write (gcry_md_hd_t hd, const void *buf, size_t len)
{
  md_entry_t *e;

  if (hd->bufpos < 0 || hd->bufpos > hd->bufsize)
    hd->bufpos = 0;  /* Corrupted by the caller: drop it.  */
  for (e = hd->ctx->list; e; e = e->next)
    if (!e->finalized)
      {
        if (hd->bufpos)
          e->spec->write (&e->ctx, hd->buf, hd->bufpos);
        if (len)
          e->spec->write (&e->ctx, buf, len);
        if (hd->bufpos || len)
          e->absorbed = 1;
      }
  hd->bufpos = 0;
}

/* Finish all algorithms of HD that are not finished yet (an
   algorithm enabled after gcry_md_final is finished by the next
   call).  For HMAC the outer hash H((K ^ opad) || inner) is computed
   here (RFC 2104, FIPS 198-1).  */
static void
md_final (gcry_md_hd_t hd)
{
  md_entry_t *e;

  md_write (hd, NULL, 0);
  for (e = hd->ctx->list; e; e = e->next)
    {
      if (e->finalized)
        continue;
      e->spec->final (&e->ctx, e->digest);
      if (hd->ctx->hmac && !e->spec->is_xof)
        {
          e->ctx = e->hmac_outer;
          e->spec->write (&e->ctx, e->digest, e->spec->dlen);
          e->spec->final (&e->ctx, e->digest);
        }
      e->finalized = 1;
    }
  _gcry_burn_stack (MD_STACK_BURN);
}

/* Return the entry of ALGO in HD, or the first entry if ALGO is 0.  */
static md_entry_t *
md_find (gcry_md_hd_t hd, int algo)
{
  md_entry_t *e = hd->ctx->list;

  if (!algo)
    return e;
  for (; e; e = e->next)
    if (e->spec->algo == algo)
      return e;
  return NULL;
}

/* Restart every algorithm of HD; for HMAC from the keyed state.  */
static void
md_reset (gcry_md_hd_t hd)
{
  md_entry_t *e;

  hd->bufpos = 0;
  for (e = hd->ctx->list; e; e = e->next)
    {
      e->finalized = 0;
      e->absorbed = 0;
      if (hd->ctx->hmac)
        e->ctx = e->hmac_inner;
      else
        e->spec->init (&e->ctx);
      wipememory (e->digest, sizeof e->digest);
      e->xof_mode = XOF_NONE;
    }
}

/* HMAC key setup of entry E (FIPS 198-1, Section 4): K0 is KEY, or
   its hash when longer than the block size B, padded with zeros to B
   bytes; the inner and outer states absorb K0 ^ ipad and K0 ^ opad.
   KEYLEN 0 gives the valid empty-key HMAC.  */
static void
md_entry_hmac_key (md_entry_t *e, const void *key, size_t keylen)
{
  byte k0[200], pad[200];
  unsigned int i, b = e->spec->blocksize;

  gcry_assert (b <= sizeof k0);
  memset (k0, 0, b);
  if (keylen > b)
    {
      md_algo_ctx_t tmp;

      e->spec->init (&tmp);
      e->spec->write (&tmp, key, keylen);
      e->spec->final (&tmp, k0);
      wipememory (&tmp, sizeof tmp);
    }
  else if (keylen)
    memcpy (k0, key, keylen);

  for (i = 0; i < b; i++)
    pad[i] = k0[i] ^ 0x36;
  e->spec->init (&e->hmac_inner);
  e->spec->write (&e->hmac_inner, pad, b);
  for (i = 0; i < b; i++)
    pad[i] = k0[i] ^ 0x5c;
  e->spec->init (&e->hmac_outer);
  e->spec->write (&e->hmac_outer, pad, b);
  wipememory (k0, sizeof k0);
  wipememory (pad, sizeof pad);
}

/* Key every algorithm of the HMAC handle HD and reset it.  */
static gpg_err_code_t
md_setkey_hmac (gcry_md_hd_t hd, const void *key, size_t keylen)
{
  md_entry_t *e;

  if (!hd->ctx->list)
    return GPG_ERR_DIGEST_ALGO;
  if (keylen && !key)
    return GPG_ERR_INV_ARG;
  for (e = hd->ctx->list; e; e = e->next)
    md_entry_hmac_key (e, key, keylen);
  md_reset (hd);
  return 0;
}


static int
is_cshake (int algo)
{
  return algo == GCRY_MD_CSHAKE128 || algo == GCRY_MD_CSHAKE256;
}

/* GCRYCTL_MD_CUSTOMIZE: set the function name N and customization
   string S (struct gcry_cshake_customization, each shorter than 255
   bytes as in libgcrypt) of every algorithm of HD, which must all be
   cSHAKE.  Like libgcrypt's, this must come before any data; unlike
   libgcrypt's, which would then hash a non-standard string, a handle
   that has absorbed data (or a non-empty customization) since it was
   opened or reset, or is finalized, gives GPG_ERR_INV_STATE.  Both
   strings empty: plain SHAKE, nothing changes.  An algorithm enabled
   later starts fresh, as after gcry_md_enable always: plain SHAKE.  */
static gpg_err_code_t
md_customize (gcry_md_hd_t hd, const void *buffer, size_t buflen)
{
  const struct gcry_cshake_customization *p = buffer;
  md_entry_t *e;

  if (!hd->ctx->list)
    return GPG_ERR_DIGEST_ALGO;
  for (e = hd->ctx->list; e; e = e->next)
    if (!is_cshake (e->spec->algo))
      return GPG_ERR_DIGEST_ALGO;
  if (!p || buflen != sizeof *p)
    return GPG_ERR_INV_ARG;
  if (p->n_len >= 255 || p->s_len >= 255)
    return GPG_ERR_TOO_LARGE;
  if ((p->n_len && !p->n) || (p->s_len && !p->s))
    return GPG_ERR_INV_ARG;
  if (hd->bufpos)
    return GPG_ERR_INV_STATE;
  for (e = hd->ctx->list; e; e = e->next)
    if (e->absorbed || e->finalized)
      return GPG_ERR_INV_STATE;
  if (!p->n_len && !p->s_len)
    return 0;
  for (e = hd->ctx->list; e; e = e->next)
    {
      _gcry_cshake_customize (&e->ctx.keccak, p->n, p->n_len,
                              p->s, p->s_len);
      e->absorbed = 1;
    }
  return 0;
}


/*
 * Public API.
 */

/* Open a hash handle for ALGO (0: enable algorithms later with
   gcry_md_enable).  FLAGS: GCRY_MD_FLAG_SECURE keeps all state in
   secure memory; GCRY_MD_FLAG_HMAC makes it an HMAC handle that needs
   gcry_md_setkey.  *H is NULL on error.  */
gcry_error_t
gcry_md_open (gcry_md_hd_t *h, int algo, unsigned int flags)
{
  gpg_err_code_t rc;
  gcry_md_hd_t hd;

  _gcry_global_init ();
  if (!h)
    return gpg_error (GPG_ERR_INV_ARG);
  rc = md_open (&hd, algo, flags);
  *h = rc ? NULL : hd;
  return gpg_error (rc);
}

void
gcry_md_close (gcry_md_hd_t hd)
{
  md_close (hd);
}

gcry_error_t
gcry_md_enable (gcry_md_hd_t hd, int algo)
{
  if (!hd)
    return gpg_error (GPG_ERR_INV_ARG);
  return gpg_error (md_enable (hd, algo));
}

/* Set the HMAC key of an HMAC handle and reset it.  Plain hash
   handles have no key: GPG_ERR_DIGEST_ALGO, as in libgcrypt.  */
gcry_error_t
gcry_md_setkey (gcry_md_hd_t hd, const void *key, size_t keylen)
{
  if (!hd)
    return gpg_error (GPG_ERR_INV_ARG);
  if (!hd->ctx->hmac)
    return gpg_error (GPG_ERR_DIGEST_ALGO);
  return gpg_error (md_setkey_hmac (hd, key, keylen));
}

/* Create *BHD as a copy of AHD, including buffered data, the state
   of every algorithm and the finalisation state.  */
gcry_error_t
gcry_md_copy (gcry_md_hd_t *bhd, gcry_md_hd_t ahd)
{
  struct gcry_md_context *a, *b;
  gcry_md_hd_t hd;
  md_entry_t *e, *ne, **tail;

  if (!bhd)
    return gpg_error (GPG_ERR_INV_ARG);
  *bhd = NULL;
  if (!ahd)
    return gpg_error (GPG_ERR_INV_ARG);
  a = ahd->ctx;

  hd = md_alloc (a->secure, a->handle_size);
  if (!hd)
    return gpg_error_from_syserror ();
  memcpy (hd, ahd, a->handle_size);
  b = (struct gcry_md_context *)((char *)hd + MD_CTX_OFFSET);
  hd->ctx = b;
  b->list = NULL;

  tail = &b->list;
  for (e = a->list; e; e = e->next)
    {
      ne = md_alloc (a->secure, sizeof *ne);
      if (!ne)
        {
          gpg_error_t err = gpg_error_from_syserror ();
          md_close (hd);
          return err;
        }
      memcpy (ne, e, sizeof *ne);
      ne->next = NULL;
      *tail = ne;
      tail = &ne->next;
    }
  *bhd = hd;
  return 0;
}

void
gcry_md_reset (gcry_md_hd_t hd)
{
  if (hd)
    md_reset (hd);
}

/* Libgcrypt's debugging aid, which writes the hashed data to a file
   named after SUFFIX: accepted and ignored, as GCRYCTL_START_DUMP
   is.  */
void
gcry_md_debug (gcry_md_hd_t hd, const char *suffix)
{
  (void)hd;
  (void)suffix;
}

/* GCRYCTL_FINALIZE finishes the hash; GCRYCTL_MD_CUSTOMIZE sets the
   cSHAKE strings (md_customize); GCRYCTL_START_DUMP and
   GCRYCTL_STOP_DUMP (debug dumps) are accepted and do nothing.  */
gcry_error_t
gcry_md_ctl (gcry_md_hd_t hd, int cmd, void *buffer, size_t buflen)
{
  if (!hd)
    return gpg_error (GPG_ERR_INV_ARG);
  switch (cmd)
    {
    case GCRYCTL_FINALIZE:
      md_final (hd);
      return 0;
    case GCRYCTL_MD_CUSTOMIZE:
      return gpg_error (md_customize (hd, buffer, buflen));
    case GCRYCTL_START_DUMP:
    case GCRYCTL_STOP_DUMP:
      return 0;
    default:
      return gpg_error (GPG_ERR_INV_OP);
    }
}

void
gcry_md_write (gcry_md_hd_t hd, const void *buffer, size_t length)
{
  if (!hd)
    return;
  if (!buffer)
    length = 0;
  md_write (hd, buffer, length);
}

/* Finalise and return the digest of ALGO (0: the first enabled
   algorithm).  For SHAKE it is the first 32 (SHAKE128) or 64
   (SHAKE256) output bytes; afterwards gcry_md_extract refuses to
   continue that stream, and after gcry_md_extract this returns NULL
   (libgcrypt's rules).  NULL also for an algorithm not enabled in
   HD.  */
unsigned char *
gcry_md_read (gcry_md_hd_t hd, int algo)
{
  md_entry_t *e;

  if (!hd)
    return NULL;
  md_final (hd);
  e = md_find (hd, algo);
  if (!e)
    return NULL;
  if (e->spec->is_xof)
    {
      if (e->xof_mode == XOF_EXTRACT)
        return NULL;
      if (e->xof_mode == XOF_NONE)
        {
          _gcry_keccak_squeeze (&e->ctx.keccak, e->digest, e->spec->dlen);
          e->xof_mode = XOF_READ;
        }
    }
  return e->digest;
}

/* Squeeze LENGTH more bytes of XOF output of ALGO (0: the first
   enabled algorithm) into BUFFER.  Consecutive calls continue the
   stream, so any split gives the same bytes.  GPG_ERR_DIGEST_ALGO for
   algorithms that are not XOFs or not enabled, GPG_ERR_INV_STATE
   after gcry_md_read of the same algorithm.  */
gpg_error_t
gcry_md_extract (gcry_md_hd_t hd, int algo, void *buffer, size_t length)
{
  md_entry_t *e;

  if (!hd || (!buffer && length))
    return gpg_error (GPG_ERR_INV_ARG);
  md_final (hd);
  e = md_find (hd, algo);
  if (!e || !e->spec->is_xof)
    return gpg_error (GPG_ERR_DIGEST_ALGO);
  if (e->xof_mode == XOF_READ)
    return gpg_error (GPG_ERR_INV_STATE);
  e->xof_mode = XOF_EXTRACT;
  _gcry_keccak_squeeze (&e->ctx.keccak, buffer, length);
  return 0;
}

int
gcry_md_get_algo (gcry_md_hd_t hd)
{
  if (!hd || !hd->ctx->list)
    return 0;
  return hd->ctx->list->spec->algo;
}

/* Digest length of ALGO in bytes ((c)SHAKE128: 32, (c)SHAKE256: 64,
   the length gcry_md_read returns), 0 for an unknown algorithm.  */
unsigned int
gcry_md_get_algo_dlen (int algo)
{
  const md_spec_t *spec = spec_from_algo (algo);

  return spec ? spec->dlen : 0;
}

const char *
gcry_md_algo_name (int algo)
{
  const md_spec_t *spec = spec_from_algo (algo);

  return spec ? spec->name : "?";
}

/* Map a name ("SHA256", "sha3-256", any case) or a dotted OID (with
   an optional "oid." / "OID." prefix) to the algorithm id; 0 if
   unknown.  */
int
gcry_md_map_name (const char *string)
{
  const char *oid;
  unsigned int i, j;

  if (!string)
    return 0;

  oid = string;
  if (!strncmp (oid, "oid.", 4) || !strncmp (oid, "OID.", 4))
    oid += 4;
  for (i = 0; i < DIM (digest_specs); i++)
    for (j = 0; digest_specs[i].oids[j]; j++)
      if (!strcmp (oid, digest_specs[i].oids[j]))
        return digest_specs[i].algo;

  for (i = 0; i < DIM (digest_specs); i++)
    if (!ascii_strcasecmp (string, digest_specs[i].name))
      return digest_specs[i].algo;
  return 0;
}

/* Write the DER DigestInfo prefix of SPEC (RFC 8017, Section 9.2:
   SEQUENCE { SEQUENCE { OID, NULL }, OCTET STRING of DLEN bytes },
   without the digest) to OUT (NULL: only count).  Returns its
   length: 0 for cSHAKE, which has no OID (libgcrypt's answer too).  */
static size_t
md_digestinfo_prefix (const md_spec_t *spec, byte *out)
{
  size_t algid_len, n;

  if (!spec->oid_der_len)
    return 0;
  algid_len = spec->oid_der_len + 2;   /* OID and NULL.  */
  n = 2 + 2 + algid_len + 2;
  if (out)
    {
      out[0] = 0x30;
      out[1] = (byte)(2 + algid_len + 2 + spec->dlen);
      out[2] = 0x30;
      out[3] = (byte)algid_len;
      memcpy (out + 4, spec->oid_der, spec->oid_der_len);
      out[4 + spec->oid_der_len] = 0x05;
      out[5 + spec->oid_der_len] = 0x00;
      out[6 + spec->oid_der_len] = 0x04;
      out[7 + spec->oid_der_len] = (byte)spec->dlen;
    }
  return n;
}

/* Check the "abc" example value of SPEC.  */
static gpg_err_code_t
md_selftest_one (const md_spec_t *spec)
{
  byte digest[MD_MAX_DIGEST_LEN];
  md_algo_ctx_t c;
  unsigned int i;
  static const char hexdigits[] = "0123456789abcdef";
  gpg_err_code_t rc = 0;

  spec->init (&c);
  spec->write (&c, "abc", 3);
  spec->final (&c, digest);
  if (spec->is_xof)
    _gcry_keccak_squeeze (&c.keccak, digest, spec->dlen);
  for (i = 0; i < spec->dlen; i++)
    if (spec->abc_kat[2 * i] != hexdigits[digest[i] >> 4]
        || spec->abc_kat[2 * i + 1] != hexdigits[digest[i] & 15])
      rc = GPG_ERR_SELFTEST_FAILED;
  wipememory (&c, sizeof c);
  return rc;
}

/* GCRYCTL_TEST_ALGO: 0 if ALGO is available (BUFFER and NBYTES must
   be NULL).  GCRYCTL_GET_ASNOID: the DER DigestInfo prefix into
   BUFFER of *NBYTES bytes (BUFFER NULL: only its length).
   GCRYCTL_SELFTEST: run the known-answer test of ALGO.  */
gcry_error_t
gcry_md_algo_info (int algo, int what, void *buffer, size_t *nbytes)
{
  const md_spec_t *spec = spec_from_algo (algo);
  size_t n;

  _gcry_global_init ();
  switch (what)
    {
    case GCRYCTL_TEST_ALGO:
      if (buffer || nbytes)
        return gpg_error (GPG_ERR_INV_ARG);
      return spec ? 0 : gpg_error (GPG_ERR_DIGEST_ALGO);

    case GCRYCTL_GET_ASNOID:
      if (!spec)
        return gpg_error (GPG_ERR_DIGEST_ALGO);
      if (!nbytes)
        return gpg_error (GPG_ERR_INV_ARG);
      n = md_digestinfo_prefix (spec, NULL);
      if (!buffer)
        {
          *nbytes = n;
          return 0;
        }
      if (*nbytes < n)
        return gpg_error (GPG_ERR_TOO_SHORT);
      md_digestinfo_prefix (spec, buffer);
      *nbytes = n;
      return 0;

    case GCRYCTL_SELFTEST:
      /* No test for an unknown id: libgcrypt's answer.  */
      if (!spec)
        return gpg_error (GPG_ERR_NOT_IMPLEMENTED);
      return gpg_error (md_selftest_one (spec));

    default:
      return gpg_error (GPG_ERR_INV_OP);
    }
}

/* GCRYCTL_IS_SECURE: *NBYTES = 1 if HD uses secure memory.
   GCRYCTL_IS_ALGO_ENABLED: BUFFER points to an int algorithm id,
   *NBYTES (= sizeof (int) on input) becomes 1 if it is enabled.  */
gcry_error_t
gcry_md_info (gcry_md_hd_t hd, int what, void *buffer, size_t *nbytes)
{
  int algo;

  if (!hd)
    return gpg_error (GPG_ERR_INV_ARG);
  switch (what)
    {
    case GCRYCTL_IS_SECURE:
      if (!nbytes)
        return gpg_error (GPG_ERR_INV_ARG);
      *nbytes = hd->ctx->secure;
      return 0;

    case GCRYCTL_IS_ALGO_ENABLED:
      if (!buffer || !nbytes || *nbytes != sizeof (int))
        return gpg_error (GPG_ERR_INV_ARG);
      memcpy (&algo, buffer, sizeof algo);
      *nbytes = md_find (hd, algo) && algo ? 1 : 0;
      return 0;

    default:
      return gpg_error (GPG_ERR_INV_OP);
    }
}

int
gcry_md_is_secure (gcry_md_hd_t hd)
{
  return hd ? hd->ctx->secure : 1;
}

int
gcry_md_is_enabled (gcry_md_hd_t hd, int algo)
{
  return hd && algo && md_find (hd, algo) ? 1 : 0;
}

/* The bytes of buffer B; NULL when it is empty, which may come with
   a NULL DATA (pointer arithmetic on NULL is undefined).  */
static const void *
iov_bytes (const gcry_buffer_t *b)
{
  return b->len ? (const char *)b->data + b->off : NULL;
}

/* Hash the IOVCNT buffers of IOV with ALGO into DIGEST.  With
   GCRY_MD_FLAG_HMAC, IOV[0] is the key.  For cSHAKE with at least two
   buffers, IOV[0] is the function name N and IOV[1] the customization
   string S (any lengths; libgcrypt's convention).  DIGESTLEN: -1 or
   the digest length for fixed-length hashes; for SHAKE and cSHAKE the
   number of output bytes (-1: the default 32/64).  IOV must not be
   NULL, even for no buffers, as in libgcrypt.  */
static gpg_err_code_t
md_hash_buffers (int algo, unsigned int flags, void *digest, int digestlen,
                 const gcry_buffer_t *iov, int iovcnt)
{
  const md_spec_t *spec;
  gcry_md_hd_t hd;
  gpg_err_code_t rc;
  int hmac = !!(flags & GCRY_MD_FLAG_HMAC);
  size_t outlen;

  if (!iov || iovcnt < 0 || !digest)
    return GPG_ERR_INV_ARG;
  if (flags & ~GCRY_MD_FLAG_HMAC)
    return GPG_ERR_INV_ARG;
  if (hmac && iovcnt < 1)
    return GPG_ERR_INV_ARG;
  spec = spec_from_algo (algo);
  if (!spec)
    return GPG_ERR_DIGEST_ALGO;
  /* A fixed-length hash takes only its own length (or -1), as in
     Libgcrypt; an XOF any length but a negative one other than -1.  */
  if (!spec->is_xof && digestlen != -1 && (unsigned int)digestlen != spec->dlen)
    return GPG_ERR_DIGEST_ALGO;
  if (digestlen < -1)
    return GPG_ERR_INV_ARG;
  outlen = digestlen == -1 ? spec->dlen : (size_t)digestlen;

  if (!hmac)
    {
      /* No key and no handle needed: hash on the stack.  */
      md_algo_ctx_t c;
      byte tmp[MD_MAX_DIGEST_LEN];

      spec->init (&c);
      if (is_cshake (algo) && iovcnt >= 2)
        {
          _gcry_cshake_customize (&c.keccak, iov_bytes (&iov[0]), iov[0].len,
                                  iov_bytes (&iov[1]), iov[1].len);
          iov += 2;
          iovcnt -= 2;
        }
      for (; iovcnt; iov++, iovcnt--)
        spec->write (&c, iov_bytes (&iov[0]), iov[0].len);
      spec->final (&c, tmp);
      if (spec->is_xof)
        _gcry_keccak_squeeze (&c.keccak, digest, outlen);
      else
        memcpy (digest, tmp, outlen);
      wipememory (&c, sizeof c);
      wipememory (tmp, sizeof tmp);
      _gcry_burn_stack (MD_STACK_BURN);
      return 0;
    }

  rc = md_open (&hd, algo, GCRY_MD_FLAG_HMAC);
  if (rc)
    return rc;
  rc = md_setkey_hmac (hd, iov_bytes (&iov[0]), iov[0].len);
  if (rc)
    {
      md_close (hd);
      return rc;
    }
  for (iov++, iovcnt--; iovcnt; iov++, iovcnt--)
    md_write (hd, iov_bytes (&iov[0]), iov[0].len);
  md_final (hd);
  memcpy (digest, hd->ctx->list->digest, outlen);
  md_close (hd);
  return 0;
}

gpg_error_t
gcry_md_hash_buffers (int algo, unsigned int flags, void *digest,
                      const gcry_buffer_t *iov, int iovcnt)
{
  _gcry_global_init ();
  return gpg_error (md_hash_buffers (algo, flags, digest, -1, iov, iovcnt));
}

gpg_error_t
gcry_md_hash_buffers_ext (int algo, unsigned int flags, void *digest,
                          int digestlen, const gcry_buffer_t *iov,
                          int iovcnt)
{
  _gcry_global_init ();
  return gpg_error (md_hash_buffers (algo, flags, digest, digestlen,
                                     iov, iovcnt));
}

/* Hash LENGTH bytes of BUFFER into DIGEST (gcry_md_get_algo_dlen
   bytes).  libgcrypt cannot report errors here; for an unknown
   algorithm nothing is written (and a debug message logged).  */
void
gcry_md_hash_buffer (int algo, void *digest, const void *buffer,
                     size_t length)
{
  _gcry_global_init ();
  if (_gcry_md_hash_buffer_internal (algo, digest, buffer, length))
    log_debug ("gcry_md_hash_buffer: algorithm %d not available\n", algo);
}


/*
 * Internal interface (hash-common.h).
 */

gpg_err_code_t
_gcry_md_hash_buffer_internal (int algo, void *digest,
                               const void *buf, size_t len)
{
  const md_spec_t *spec = spec_from_algo (algo);
  md_algo_ctx_t c;

  if (!spec)
    return GPG_ERR_DIGEST_ALGO;
  if (!digest || (!buf && len))
    return GPG_ERR_INV_ARG;
  spec->init (&c);
  spec->write (&c, buf, len);
  spec->final (&c, digest);
  if (spec->is_xof)
    _gcry_keccak_squeeze (&c.keccak, digest, spec->dlen);
  wipememory (&c, sizeof c);
  _gcry_burn_stack (MD_STACK_BURN);
  return 0;
}

unsigned int
_gcry_md_algo_dlen_internal (int algo)
{
  return gcry_md_get_algo_dlen (algo);
}

const byte *
_gcry_md_algo_oid_der (int algo, size_t *r_len)
{
  const md_spec_t *spec = spec_from_algo (algo);

  if (!spec)
    return NULL;
  if (r_len)
    *r_len = spec->oid_der_len;
  return spec->oid_der;
}

/* Run the "abc" known-answer test of every algorithm; for
   GCRYCTL_SELFTEST.  */
gpg_err_code_t
_gcry_md_selftests (void)
{
  unsigned int i;
  gpg_err_code_t rc = 0;

  for (i = 0; i < DIM (digest_specs); i++)
    if (md_selftest_one (&digest_specs[i]))
      {
        log_error ("self-test of %s failed\n", digest_specs[i].name);
        rc = GPG_ERR_SELFTEST_FAILED;
      }
  return rc;
}
