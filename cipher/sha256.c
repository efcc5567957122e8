/* sha256.c - SHA-224 and SHA-256 (FIPS 180-4)
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

/* Portable SHA-224/SHA-256.  The gcry_md glue is in md.c; HashML-DSA
 * reaches these functions through md.c as well.  Words are read and
 * written big endian via bufhelp.h, so the code is byte-order
 * independent.  */

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


/* K[t]: the first 32 bits of the fractional parts of the cube roots of
   the first 64 primes (FIPS 180-4, Section 4.2.2), computed exactly
   with integer roots by our generator.  */
static const u32 sha256_k[64] =
  {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
    0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
    0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
    0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
    0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
  };

#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* FIPS 180-4, Section 4.1.2.  Ch and Maj are written with fewer
   operations but compute the same bits.  */
#define CH(x, y, z)   ((z) ^ ((x) & ((y) ^ (z))))
/* Maj (x, y, z) = y ^ ((x ^ y) & (y ^ z)): x ^ y of one round is the
   y ^ z of the next (the arguments rotate), and the compiler computes
   it once.  */
#define MAJ(x, y, z)  ((y) ^ (((x) ^ (y)) & ((y) ^ (z))))
#define BSIG0(x) (ROR32 ((x), 2) ^ ROR32 ((x), 13) ^ ROR32 ((x), 22))
#define BSIG1(x) (ROR32 ((x), 6) ^ ROR32 ((x), 11) ^ ROR32 ((x), 25))
/* sigma0 and sigma1 with the two rotations nested,
   ROTR^m (x) ^ ROTR^n (x) = ROTR^m (x ^ ROTR^(n-m) (x)), which
   needs fewer register copies; they are off the critical path.  */
#define SSIG0(x) (ROR32 ((x) ^ ROR32 ((x), 11), 7) ^ ((x) >> 3))
#define SSIG1(x) (ROR32 ((x) ^ ROR32 ((x), 2), 17) ^ ((x) >> 10))


/* One round of FIPS 180-4, Section 6.2.2, step 3, with the working
   variables renamed instead of moved: the caller rotates the argument
   list, so the round only updates D (the new e) and H (the new a).
   KW is K[t] + W[t].  The terms that do not depend on e are summed
   first, so the dependency chain from e to the new e is Sigma1 and two
   additions.  */
#define SHA256_ROUND(a, b, c, d, e, f, g, h, kw)                        \
  do                                                                    \
    {                                                                   \
      u32 t1_ = (h) + (kw);                                             \
      t1_ += CH ((e), (f), (g));                                        \
      t1_ += BSIG1 (e);                                                 \
      (d) += t1_;                                                       \
      (h) = t1_ + BSIG0 (a) + MAJ ((a), (b), (c));                      \
    }                                                                   \
  while (0)

/* W[I] for t >= 16, t = I mod 16 (step 1), computed in place in the
   16-word ring W: W[t] overwrites W[t-16], which is no longer needed.
   I is a constant, so the ring indices are too.  */
#define SHA256_SCHED(i)                                                 \
  (w[i] += (SSIG1 (w[((i) - 2) & 15]) + w[((i) - 7) & 15]              \
            + SSIG0 (w[((i) - 15) & 15])))

/* Eight rounds starting at ring index I (0 or 8) with the constants
   at K; W[t] from WT (a macro name).  */
#define SHA256_8ROUNDS(i, WT)                                           \
  do                                                                    \
    {                                                                   \
      SHA256_ROUND (a, b, c, d, e, f, g, h, k[(i) + 0] + WT ((i) + 0)); \
      SHA256_ROUND (h, a, b, c, d, e, f, g, k[(i) + 1] + WT ((i) + 1)); \
      SHA256_ROUND (g, h, a, b, c, d, e, f, k[(i) + 2] + WT ((i) + 2)); \
      SHA256_ROUND (f, g, h, a, b, c, d, e, k[(i) + 3] + WT ((i) + 3)); \
      SHA256_ROUND (e, f, g, h, a, b, c, d, k[(i) + 4] + WT ((i) + 4)); \
      SHA256_ROUND (d, e, f, g, h, a, b, c, k[(i) + 5] + WT ((i) + 5)); \
      SHA256_ROUND (c, d, e, f, g, h, a, b, k[(i) + 6] + WT ((i) + 6)); \
      SHA256_ROUND (b, c, d, e, f, g, h, a, k[(i) + 7] + WT ((i) + 7)); \
    }                                                                   \
  while (0)

#define W_LOAD(i)  (w[i] = buf_get_be32 (data + 4 * (i)))
#define W_SCHED(i) SHA256_SCHED (i)

/* Process NBLOCKS 64-byte blocks at DATA (FIPS 180-4, Section 6.2.2).
   The rounds go in groups of 16, one turn of the schedule ring, so
   that every ring index is a compile-time constant; eight rounds
   return the working variables to their names.  */
static void
sha256_blocks (u32 hs[8], const byte *data, size_t nblocks)
{
  u32 w[16];
  u32 a, b, c, d, e, f, g, h;
  const u32 *k;

  for (; nblocks; nblocks--, data += 64)
    {
      a = hs[0]; b = hs[1]; c = hs[2]; d = hs[3];
      e = hs[4]; f = hs[5]; g = hs[6]; h = hs[7];

      k = sha256_k;
      SHA256_8ROUNDS (0, W_LOAD);
      SHA256_8ROUNDS (8, W_LOAD);
      for (k += 16; k < sha256_k + 64; k += 16)
        {
          SHA256_8ROUNDS (0, W_SCHED);
          SHA256_8ROUNDS (8, W_SCHED);
        }

      hs[0] += a; hs[1] += b; hs[2] += c; hs[3] += d;
      hs[4] += e; hs[5] += f; hs[6] += g; hs[7] += h;
    }

  wipememory (w, sizeof w);
}


/* Initial hash value of SHA-224 (FIPS 180-4, Section 5.3.2): the
   second 32 bits of the fractional parts of the square roots of the
   9th to 16th primes.  */
void
_gcry_sha224_init (sha256_ctx_t *ctx)
{
  static const u32 iv[8] =
    {
      0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
      0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
    };

  memcpy (ctx->h, iv, sizeof iv);
  ctx->nbytes = 0;
  ctx->buflen = 0;
  ctx->dlen = SHA224_DIGEST_LEN;
}

/* Initial hash value of SHA-256 (FIPS 180-4, Section 5.3.3): the first
   32 bits of the fractional parts of the square roots of the first 8
   primes.  */
void
_gcry_sha256_init (sha256_ctx_t *ctx)
{
  static const u32 iv[8] =
    {
      0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    };

  memcpy (ctx->h, iv, sizeof iv);
  ctx->nbytes = 0;
  ctx->buflen = 0;
  ctx->dlen = SHA256_DIGEST_LEN;
}

/* sha256_blocks with the signature _gcry_md_block_write expects.  */
static void
sha256_blocks_fn (void *state, const byte *data, size_t nblocks)
{
  sha256_blocks (state, data, nblocks);
}

#ifdef USE_SHAEXT
/* cipher/sha256-transform-amd64-shaext.S; it reads the round
   constants from K.  */
void _gcry_sha256_transform_amd64_shaext (u32 state[8], const byte *data,
                                          size_t nblocks, const u32 k[64]);

static void
sha256_blocks_shaext (void *state, const byte *data, size_t nblocks)
{
  _gcry_sha256_transform_amd64_shaext (state, data, nblocks, sha256_k);
}

static const md_block_backend_t sha256_shaext =
  { "shaext", HWF_INTEL_SHAEXT, sha256_blocks_shaext };
#endif

static const md_block_backend_t sha256_generic =
  { "generic", 0, sha256_blocks_fn };

/* Fastest first (see doc/HACKING).  */
static const md_block_backend_t *const sha256_backends[] =
  {
#ifdef USE_SHAEXT
    &sha256_shaext,
#endif
    &sha256_generic
  };

MD_BLOCK_BACKEND_DEFINE (sha256, sha256_backends, sha256_generic)

/* Add INLEN bytes of IN to the message; any split is allowed.  */
void
_gcry_sha256_write (sha256_ctx_t *ctx, const void *in, size_t inlen)
{
  if (!inlen)
    return;
  ctx->nbytes += inlen;
  _gcry_md_block_write (ctx->h, sha256_backend->blocks, ctx->buf,
                        &ctx->buflen, 64, in, inlen);
}

/* Pad the message (FIPS 180-4, Section 5.1.1: a 1 bit, zeros, the
   64-bit bit length) and store the first CTX->dlen bytes of the
   final hash value big endian at OUT (Section 6.2.2, step 4; for
   SHA-224 the truncation of Section 6.3).  */
void
_gcry_sha256_final (sha256_ctx_t *ctx, byte *out)
{
  u64 bitlen = ctx->nbytes << 3;
  byte tmp[32];
  unsigned int i;

  ctx->buf[ctx->buflen++] = 0x80;
  if (ctx->buflen > 56)
    {
      memset (ctx->buf + ctx->buflen, 0, 64 - ctx->buflen);
      sha256_backend->blocks (ctx->h, ctx->buf, 1);
      ctx->buflen = 0;
    }
  memset (ctx->buf + ctx->buflen, 0, 56 - ctx->buflen);
  buf_put_be64 (ctx->buf + 56, bitlen);
  sha256_backend->blocks (ctx->h, ctx->buf, 1);
  ctx->buflen = 0;

  for (i = 0; i < 8; i++)
    buf_put_be32 (tmp + 4 * i, ctx->h[i]);
  memcpy (out, tmp, ctx->dlen);
  wipememory (tmp, sizeof tmp);
  wipememory (ctx->buf, sizeof ctx->buf);
}

/* One-shot SHA-224 of INLEN bytes at IN.  */
void
_gcry_sha224 (byte out[SHA224_DIGEST_LEN], const void *in, size_t inlen)
{
  sha256_ctx_t ctx;

  _gcry_sha224_init (&ctx);
  _gcry_sha256_write (&ctx, in, inlen);
  _gcry_sha256_final (&ctx, out);
  wipememory (&ctx, sizeof ctx);
}

/* One-shot SHA-256 of INLEN bytes at IN.  */
void
_gcry_sha256 (byte out[SHA256_DIGEST_LEN], const void *in, size_t inlen)
{
  sha256_ctx_t ctx;

  _gcry_sha256_init (&ctx);
  _gcry_sha256_write (&ctx, in, inlen);
  _gcry_sha256_final (&ctx, out);
  wipememory (&ctx, sizeof ctx);
}
