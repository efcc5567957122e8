/* hash-common.h - Internal SHA-1/SHA-2 and message digest helpers
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

/* Interfaces for other modules of the library:
 *
 *  - the SHA-1 and SHA-2 block functions (cipher/sha1.c, sha256.c,
 *    sha512.c): incremental contexts and one-shot helpers,
 *  - internal entry points of cipher/md.c that hash without a handle
 *    and never call the public (exported) functions.
 *
 * SHA-3 and SHAKE are in cipher/keccak.h.  */

#ifndef GCRY_HASH_COMMON_H
#define GCRY_HASH_COMMON_H 1

#include <stddef.h>
#include "types.h"
#include "bufhelp.h"

#include <string.h>

/* The buffering shared by the Merkle-Damgard hashes (SHA-1, SHA-2):
   add INLEN bytes of IN to a message whose partial last block of
   BLOCKSIZE bytes is BUF with *BUFLEN bytes in it.  Whole blocks go to
   BLOCKS (STATE, data, nblocks) straight from IN; the tail stays in
   BUF.  The caller counts the message length.  Static inline so that
   each hash gets its own copy with BLOCKS called directly.  */
static inline void
_gcry_md_block_write (void *state,
                      void (*blocks) (void *state, const byte *data,
                                      size_t nblocks),
                      byte *buf, unsigned int *buflen, size_t blocksize,
                      const void *in, size_t inlen)
{
  const byte *p = in;
  size_t n;

  if (*buflen)
    {
      n = blocksize - *buflen;
      if (n > inlen)
        n = inlen;
      buf_memcpy_lib (buf + *buflen, p, n);
      *buflen += n;
      p += n;
      inlen -= n;
      if (*buflen < blocksize)
        return;
      blocks (state, buf, 1);
      *buflen = 0;
    }

  if (inlen >= blocksize)
    {
      blocks (state, p, inlen / blocksize);
      p += inlen - inlen % blocksize;
      inlen %= blocksize;
    }

  buf_memcpy_lib (buf, p, inlen);
  *buflen = inlen;
}

/* A backend of the SHA-1 or SHA-2 block function: NAME for
   gcry_get_config (0, "backends"), the HWF_* bits it needs (all of
   them), and BLOCKS, which processes NBLOCKS >= 0 whole blocks (64
   or 128 bytes) at DATA into the chaining value STATE (u32 h[5], u32
   h[8] or u64 h[8] in host order).  Each hash lists its backends
   fastest first, ending with the portable one (HWF 0).  */
typedef struct
{
  const char *name;
  unsigned int hwf;
  void (*blocks) (void *state, const byte *data, size_t nblocks);
} md_block_backend_t;

/* The first backend of LIST whose features are all in HWF; the last
   entry must need none.  */
static inline const md_block_backend_t *
_gcry_md_block_backend_pick (const md_block_backend_t *const *list,
                             unsigned int hwf)
{
  while (((*list)->hwf & hwf) != (*list)->hwf)
    list++;
  return *list;
}

/* The backend called NAME in LIST if its features are all in HWF,
   else NULL.  */
static inline const md_block_backend_t *
_gcry_md_block_backend_find (const md_block_backend_t *const *list,
                             const char *name, unsigned int hwf)
{
  for (;; list++)
    {
      if (((*list)->hwf & hwf) == (*list)->hwf
          && !strcmp ((*list)->name, name))
        return *list;
      if (!(*list)->hwf)
        return NULL;
    }
}

/* Define the backend state of one block function and its three
   entry points (declared below): the backend in use,
   ALGO##_backend, is GENERIC until _gcry_ALGO_backend_init has picked
   the first usable one of LIST (which _gcry_global_init does once);
   _gcry_ALGO_backend_name and _gcry_ALGO_get_backend read it and
   LIST.
   Needs _gcry_get_hw_features (g10lib.h).  */
#define MD_BLOCK_BACKEND_DEFINE(algo, list, generic)                    \
  static const md_block_backend_t *algo##_backend = &(generic);         \
                                                                        \
  void                                                                  \
  _gcry_##algo##_backend_init (void)                                    \
  {                                                                     \
    algo##_backend = _gcry_md_block_backend_pick (list,                 \
                                                  _gcry_get_hw_features ()); \
  }                                                                     \
                                                                        \
  const char *                                                          \
  _gcry_##algo##_backend_name (void)                                    \
  {                                                                     \
    return algo##_backend->name;                                        \
  }                                                                     \
                                                                        \
  const md_block_backend_t *                                            \
  _gcry_##algo##_get_backend (const char *bname)                        \
  {                                                                     \
    return _gcry_md_block_backend_find (list, bname,                    \
                                        _gcry_get_hw_features ());      \
  }

/* Digest sizes in bytes.  */
#define SHA1_DIGEST_LEN        20
#define SHA224_DIGEST_LEN      28
#define SHA256_DIGEST_LEN      32
#define SHA384_DIGEST_LEN      48
#define SHA512_DIGEST_LEN      64
#define SHA512_224_DIGEST_LEN  28
#define SHA512_256_DIGEST_LEN  32

/* SHA-1 (FIPS 180-4, Section 6.1).  */
typedef struct
{
  u32 h[5];
  u64 nbytes;            /* Message bytes absorbed so far.  */
  byte buf[64];          /* Partial block.  */
  unsigned int buflen;
} sha1_ctx_t;

void _gcry_sha1_init (sha1_ctx_t *ctx);
void _gcry_sha1_write (sha1_ctx_t *ctx, const void *in, size_t inlen);
/* Pad, and store the 20-byte digest at OUT.  The context must be
   re-initialised before further use.  */
void _gcry_sha1_final (sha1_ctx_t *ctx, byte out[SHA1_DIGEST_LEN]);
void _gcry_sha1 (byte out[SHA1_DIGEST_LEN], const void *in, size_t inlen);


/* SHA-224 and SHA-256 (FIPS 180-4, Sections 6.2 and 6.3).  */
typedef struct
{
  u32 h[8];
  u64 nbytes;
  byte buf[64];
  unsigned int buflen;
  unsigned int dlen;     /* 28 (SHA-224) or 32 (SHA-256).  */
} sha256_ctx_t;

void _gcry_sha224_init (sha256_ctx_t *ctx);
void _gcry_sha256_init (sha256_ctx_t *ctx);
void _gcry_sha256_write (sha256_ctx_t *ctx, const void *in, size_t inlen);
/* Pad and store CTX->dlen digest bytes at OUT.  */
void _gcry_sha256_final (sha256_ctx_t *ctx, byte *out);
void _gcry_sha224 (byte out[SHA224_DIGEST_LEN], const void *in, size_t inlen);
void _gcry_sha256 (byte out[SHA256_DIGEST_LEN], const void *in, size_t inlen);

/* SHA-384, SHA-512, SHA-512/224, SHA-512/256 (FIPS 180-4, Sections
   6.4 to 6.7).  */
typedef struct
{
  u64 h[8];
  u64 nbytes_lo;         /* 128-bit count of message bytes.  */
  u64 nbytes_hi;
  byte buf[128];
  unsigned int buflen;
  unsigned int dlen;     /* 28, 32, 48 or 64.  */
} sha512_ctx_t;

void _gcry_sha384_init (sha512_ctx_t *ctx);
void _gcry_sha512_init (sha512_ctx_t *ctx);
void _gcry_sha512_224_init (sha512_ctx_t *ctx);
void _gcry_sha512_256_init (sha512_ctx_t *ctx);
void _gcry_sha512_write (sha512_ctx_t *ctx, const void *in, size_t inlen);
/* Pad and store CTX->dlen digest bytes at OUT.  */
void _gcry_sha512_final (sha512_ctx_t *ctx, byte *out);
void _gcry_sha384 (byte out[SHA384_DIGEST_LEN], const void *in, size_t inlen);
void _gcry_sha512 (byte out[SHA512_DIGEST_LEN], const void *in, size_t inlen);

/* Backend selection, called once from _gcry_global_init, and the name
   of the chosen backend ("generic", "shaext", "avx2"): the same for
   SHA-1 and for SHA-224/256 and for the four SHA-512 variants.
   _gcry_sha*_get_backend returns the backend NAME if it is compiled
   in and the CPU has its features, else NULL (for tests).  */
void _gcry_sha1_backend_init (void);
const char *_gcry_sha1_backend_name (void);
const md_block_backend_t *_gcry_sha1_get_backend (const char *name);
void _gcry_sha256_backend_init (void);
const char *_gcry_sha256_backend_name (void);
const md_block_backend_t *_gcry_sha256_get_backend (const char *name);
void _gcry_sha512_backend_init (void);
const char *_gcry_sha512_backend_name (void);
const md_block_backend_t *_gcry_sha512_get_backend (const char *name);


/*-- md.c --*/

/* Hash LEN bytes of BUF with the gcry_md algorithm ALGO (a
   GCRY_MD_* value) and store gcry_md_get_algo_dlen (ALGO) bytes at
   DIGEST.  SHAKE128 and SHAKE256 give 32 and 64 bytes, which is the
   output length HashML-DSA uses (FIPS 204, Algorithm 4).  Returns 0
   or GPG_ERR_DIGEST_ALGO for an algorithm we do not implement.  */
gpg_err_code_t _gcry_md_hash_buffer_internal (int algo, void *digest,
                                              const void *buf, size_t len);

/* Digest length of ALGO in bytes (32/64 for SHAKE128/256), 0 if
   unknown.  */
unsigned int _gcry_md_algo_dlen_internal (int algo);

/* DER encoding (tag 06, length, value) of the object identifier of
   ALGO, as HashML-DSA puts it into M' (FIPS 204, Algorithm 4), e.g.
   06 09 60 86 48 01 65 03 04 02 01 for SHA-256.  Returns a pointer
   to static data and stores its length at R_LEN, or NULL for an
   algorithm without an OID.  */
const byte *_gcry_md_algo_oid_der (int algo, size_t *r_len);

/* Check the "abc" example digest of every algorithm (FIPS 180-4,
   FIPS 202).  Returns 0 or GPG_ERR_SELFTEST_FAILED; part of
   GCRYCTL_SELFTEST.  */
gpg_err_code_t _gcry_md_selftests (void);

#endif /*GCRY_HASH_COMMON_H*/
