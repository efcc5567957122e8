/* sha1.c - SHA-1 (FIPS 180-4)
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

/* Portable SHA-1.  It is here because libgcrypt's API has it
 * (gcry_md_*, and the SHA-1 keygrip of gcry_pk_get_keygrip); nothing
 * in the post-quantum algorithms depends on it.  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "hash-common.h"


/* USE_SHAEXT says that the SHA-NI kernel can be built and linked: the
   assembler knows the SHA extensions (configure checks it unless
   --disable-asm) and we build for x86-64.  */
#undef USE_SHAEXT
#if defined(HAVE_GCC_INLINE_ASM_SHAEXT) \
    && defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) && defined(__x86_64__)
# define USE_SHAEXT 1
#endif


#define ROL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* The round functions f_t of FIPS 180-4, Section 4.1.1: Ch for
   rounds 0-19, Parity for 20-39 and 60-79, Maj for 40-59.  */
#define F_CH(x, y, z)     ((z) ^ ((x) & ((y) ^ (z))))
#define F_PARITY(x, y, z) ((x) ^ (y) ^ (z))
#define F_MAJ(x, y, z)    (((x) & (y)) | ((z) & ((x) | (y))))

/* W[t] for t >= 16: ROTL1 (W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]),
   computed in place in the 16-word ring W.  */
#define SHA1_SCHED(t)                                                   \
  (tmp = (w[((t) - 3) & 15] ^ w[((t) - 8) & 15]                         \
          ^ w[((t) - 14) & 15] ^ w[(t) & 15]),                          \
   w[(t) & 15] = ROL32 (tmp, 1))
#define SHA1_LOAD(t) (w[t] = buf_get_be32 (data + 4 * (t)))

/* One round of Section 6.1.2, step 3, with the variables renamed
   instead of moved: the new a is written to E (the old e is dead) and
   B is rotated in place; the caller rotates the argument list.  The
   terms that do not depend on a are added first, so the chain from a
   to the new a is one rotation and one addition.  */
#define SHA1_ROUND(a, b, c, d, e, F, k, wt)                             \
  do                                                                    \
    {                                                                   \
      (e) += (k) + (wt);                                                \
      (e) += F ((b), (c), (d));                                         \
      (e) += ROL32 ((a), 5);                                            \
      (b) = ROL32 ((b), 30);                                            \
    }                                                                   \
  while (0)

/* Five rounds from round T (a constant, so the ring indices are
   too).  */
#define SHA1_5ROUNDS(t, F, k, WT)                                       \
  do                                                                    \
    {                                                                   \
      SHA1_ROUND (a, b, c, d, e, F, k, WT ((t) + 0));                   \
      SHA1_ROUND (e, a, b, c, d, F, k, WT ((t) + 1));                   \
      SHA1_ROUND (d, e, a, b, c, F, k, WT ((t) + 2));                   \
      SHA1_ROUND (c, d, e, a, b, F, k, WT ((t) + 3));                   \
      SHA1_ROUND (b, c, d, e, a, F, k, WT ((t) + 4));                   \
    }                                                                   \
  while (0)

/* Twenty rounds with one F and K, from round T.  */
#define SHA1_20ROUNDS(t, F, k, WT)                                      \
  do                                                                    \
    {                                                                   \
      SHA1_5ROUNDS ((t) + 0, F, k, WT);                                 \
      SHA1_5ROUNDS ((t) + 5, F, k, WT);                                 \
      SHA1_5ROUNDS ((t) + 10, F, k, WT);                                \
      SHA1_5ROUNDS ((t) + 15, F, k, WT);                                \
    }                                                                   \
  while (0)

/* Process NBLOCKS 64-byte blocks at DATA (FIPS 180-4, Section 6.1.2)
   with the constants K_t of Section 4.2.1.  All 80 rounds are
   unrolled, so every schedule index is a compile-time constant.  */
static void
sha1_blocks (u32 h[5], const byte *data, size_t nblocks)
{
  u32 w[16];
  u32 a, b, c, d, e, tmp;

  for (; nblocks; nblocks--, data += 64)
    {
      a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4];

      SHA1_5ROUNDS (0, F_CH, 0x5a827999, SHA1_LOAD);
      SHA1_5ROUNDS (5, F_CH, 0x5a827999, SHA1_LOAD);
      SHA1_5ROUNDS (10, F_CH, 0x5a827999, SHA1_LOAD);
      /* Rounds 15-19: W[15] is loaded, 16-19 are scheduled.  */
      SHA1_ROUND (a, b, c, d, e, F_CH, 0x5a827999, SHA1_LOAD (15));
      SHA1_ROUND (e, a, b, c, d, F_CH, 0x5a827999, SHA1_SCHED (16));
      SHA1_ROUND (d, e, a, b, c, F_CH, 0x5a827999, SHA1_SCHED (17));
      SHA1_ROUND (c, d, e, a, b, F_CH, 0x5a827999, SHA1_SCHED (18));
      SHA1_ROUND (b, c, d, e, a, F_CH, 0x5a827999, SHA1_SCHED (19));
      SHA1_20ROUNDS (20, F_PARITY, 0x6ed9eba1, SHA1_SCHED);
      SHA1_20ROUNDS (40, F_MAJ, 0x8f1bbcdc, SHA1_SCHED);
      SHA1_20ROUNDS (60, F_PARITY, 0xca62c1d6, SHA1_SCHED);

      h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
    }

  wipememory (w, sizeof w);
}

/* Initial hash value (FIPS 180-4, Section 5.3.1).  */
void
_gcry_sha1_init (sha1_ctx_t *ctx)
{
  ctx->h[0] = 0x67452301;
  ctx->h[1] = 0xefcdab89;
  ctx->h[2] = 0x98badcfe;
  ctx->h[3] = 0x10325476;
  ctx->h[4] = 0xc3d2e1f0;
  ctx->nbytes = 0;
  ctx->buflen = 0;
}

/* sha1_blocks with the signature _gcry_md_block_write expects.  */
static void
sha1_blocks_fn (void *state, const byte *data, size_t nblocks)
{
  sha1_blocks (state, data, nblocks);
}

#ifdef USE_SHAEXT
/* cipher/sha1-transform-amd64-shaext.S.  */
void _gcry_sha1_transform_amd64_shaext (u32 state[5], const byte *data,
                                        size_t nblocks);

static void
sha1_blocks_shaext (void *state, const byte *data, size_t nblocks)
{
  _gcry_sha1_transform_amd64_shaext (state, data, nblocks);
}

static const md_block_backend_t sha1_shaext =
  { "shaext", HWF_INTEL_SHAEXT, sha1_blocks_shaext };
#endif

static const md_block_backend_t sha1_generic =
  { "generic", 0, sha1_blocks_fn };

/* Fastest first (see doc/HACKING).  */
static const md_block_backend_t *const sha1_backends[] =
  {
#ifdef USE_SHAEXT
    &sha1_shaext,
#endif
    &sha1_generic
  };

MD_BLOCK_BACKEND_DEFINE (sha1, sha1_backends, sha1_generic)

/* Add INLEN bytes of IN to the message; any split is allowed.  */
void
_gcry_sha1_write (sha1_ctx_t *ctx, const void *in, size_t inlen)
{
  if (!inlen)
    return;
  ctx->nbytes += inlen;
  _gcry_md_block_write (ctx->h, sha1_backend->blocks, ctx->buf,
                        &ctx->buflen, 64, in, inlen);
}

/* Pad (FIPS 180-4, Section 5.1.1) and store the 20-byte digest at
   OUT.  */
void
_gcry_sha1_final (sha1_ctx_t *ctx, byte out[SHA1_DIGEST_LEN])
{
  u64 bitlen = ctx->nbytes << 3;
  unsigned int i;

  ctx->buf[ctx->buflen++] = 0x80;
  if (ctx->buflen > 56)
    {
      memset (ctx->buf + ctx->buflen, 0, 64 - ctx->buflen);
      sha1_backend->blocks (ctx->h, ctx->buf, 1);
      ctx->buflen = 0;
    }
  memset (ctx->buf + ctx->buflen, 0, 56 - ctx->buflen);
  buf_put_be64 (ctx->buf + 56, bitlen);
  sha1_backend->blocks (ctx->h, ctx->buf, 1);
  ctx->buflen = 0;

  for (i = 0; i < 5; i++)
    buf_put_be32 (out + 4 * i, ctx->h[i]);
  wipememory (ctx->buf, sizeof ctx->buf);
}

/* One-shot SHA-1 of INLEN bytes at IN.  */
void
_gcry_sha1 (byte out[SHA1_DIGEST_LEN], const void *in, size_t inlen)
{
  sha1_ctx_t ctx;

  _gcry_sha1_init (&ctx);
  _gcry_sha1_write (&ctx, in, inlen);
  _gcry_sha1_final (&ctx, out);
  wipememory (&ctx, sizeof ctx);
}
