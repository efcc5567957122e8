/* sha512.c - SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4)
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

/* Portable SHA-512 family.  All four variants share the compression
 * function and differ only in the initial hash value and the number
 * of output bytes.  Words are read and written big endian via
 * bufhelp.h, so the code is byte-order independent.  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "hash-common.h"


/* USE_AVX2 says that the AVX2/BMI2 kernel can be built and linked: the
   user did not disable it, the assembler knows AVX2 and BMI2 and we
   build for x86-64.  */
#undef USE_AVX2
#if defined(ENABLE_AVX2_SUPPORT) && defined(HAVE_GCC_INLINE_ASM_AVX2) \
    && defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) && defined(__x86_64__)
# define USE_AVX2 1
#endif


/* K[t]: the first 64 bits of the fractional parts of the cube roots of
   the first 80 primes (FIPS 180-4, Section 4.2.3), computed exactly
   with integer roots by our generator.  */
static const u64 sha512_k[80] =
  {
    UINT64_C(0x428a2f98d728ae22), UINT64_C(0x7137449123ef65cd),
    UINT64_C(0xb5c0fbcfec4d3b2f), UINT64_C(0xe9b5dba58189dbbc),
    UINT64_C(0x3956c25bf348b538), UINT64_C(0x59f111f1b605d019),
    UINT64_C(0x923f82a4af194f9b), UINT64_C(0xab1c5ed5da6d8118),
    UINT64_C(0xd807aa98a3030242), UINT64_C(0x12835b0145706fbe),
    UINT64_C(0x243185be4ee4b28c), UINT64_C(0x550c7dc3d5ffb4e2),
    UINT64_C(0x72be5d74f27b896f), UINT64_C(0x80deb1fe3b1696b1),
    UINT64_C(0x9bdc06a725c71235), UINT64_C(0xc19bf174cf692694),
    UINT64_C(0xe49b69c19ef14ad2), UINT64_C(0xefbe4786384f25e3),
    UINT64_C(0x0fc19dc68b8cd5b5), UINT64_C(0x240ca1cc77ac9c65),
    UINT64_C(0x2de92c6f592b0275), UINT64_C(0x4a7484aa6ea6e483),
    UINT64_C(0x5cb0a9dcbd41fbd4), UINT64_C(0x76f988da831153b5),
    UINT64_C(0x983e5152ee66dfab), UINT64_C(0xa831c66d2db43210),
    UINT64_C(0xb00327c898fb213f), UINT64_C(0xbf597fc7beef0ee4),
    UINT64_C(0xc6e00bf33da88fc2), UINT64_C(0xd5a79147930aa725),
    UINT64_C(0x06ca6351e003826f), UINT64_C(0x142929670a0e6e70),
    UINT64_C(0x27b70a8546d22ffc), UINT64_C(0x2e1b21385c26c926),
    UINT64_C(0x4d2c6dfc5ac42aed), UINT64_C(0x53380d139d95b3df),
    UINT64_C(0x650a73548baf63de), UINT64_C(0x766a0abb3c77b2a8),
    UINT64_C(0x81c2c92e47edaee6), UINT64_C(0x92722c851482353b),
    UINT64_C(0xa2bfe8a14cf10364), UINT64_C(0xa81a664bbc423001),
    UINT64_C(0xc24b8b70d0f89791), UINT64_C(0xc76c51a30654be30),
    UINT64_C(0xd192e819d6ef5218), UINT64_C(0xd69906245565a910),
    UINT64_C(0xf40e35855771202a), UINT64_C(0x106aa07032bbd1b8),
    UINT64_C(0x19a4c116b8d2d0c8), UINT64_C(0x1e376c085141ab53),
    UINT64_C(0x2748774cdf8eeb99), UINT64_C(0x34b0bcb5e19b48a8),
    UINT64_C(0x391c0cb3c5c95a63), UINT64_C(0x4ed8aa4ae3418acb),
    UINT64_C(0x5b9cca4f7763e373), UINT64_C(0x682e6ff3d6b2b8a3),
    UINT64_C(0x748f82ee5defb2fc), UINT64_C(0x78a5636f43172f60),
    UINT64_C(0x84c87814a1f0ab72), UINT64_C(0x8cc702081a6439ec),
    UINT64_C(0x90befffa23631e28), UINT64_C(0xa4506cebde82bde9),
    UINT64_C(0xbef9a3f7b2c67915), UINT64_C(0xc67178f2e372532b),
    UINT64_C(0xca273eceea26619c), UINT64_C(0xd186b8c721c0c207),
    UINT64_C(0xeada7dd6cde0eb1e), UINT64_C(0xf57d4f7fee6ed178),
    UINT64_C(0x06f067aa72176fba), UINT64_C(0x0a637dc5a2c898a6),
    UINT64_C(0x113f9804bef90dae), UINT64_C(0x1b710b35131c471b),
    UINT64_C(0x28db77f523047d84), UINT64_C(0x32caab7b40c72493),
    UINT64_C(0x3c9ebe0a15c9bebc), UINT64_C(0x431d67c49c100d4c),
    UINT64_C(0x4cc5d4becb3e42b6), UINT64_C(0x597f299cfc657e2a),
    UINT64_C(0x5fcb6fab3ad6faec), UINT64_C(0x6c44198c4a475817)
  };

#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* FIPS 180-4, Section 4.1.3.  */
#define CH(x, y, z)   ((z) ^ ((x) & ((y) ^ (z))))
/* Maj (x, y, z) = y ^ ((x ^ y) & (y ^ z)): x ^ y of one round is the
   y ^ z of the next (the arguments rotate), and the compiler computes
   it once.  */
#define MAJ(x, y, z)  ((y) ^ (((x) ^ (y)) & ((y) ^ (z))))
#define BSIG0(x) (ROR64 ((x), 28) ^ ROR64 ((x), 34) ^ ROR64 ((x), 39))
#define BSIG1(x) (ROR64 ((x), 14) ^ ROR64 ((x), 18) ^ ROR64 ((x), 41))
/* sigma0 and sigma1 with the two rotations nested,
   ROTR^m (x) ^ ROTR^n (x) = ROTR^m (x ^ ROTR^(n-m) (x)), which
   needs fewer register copies; they are off the critical path.  */
#define SSIG0(x) (ROR64 ((x) ^ ROR64 ((x), 7), 1) ^ ((x) >> 7))
#define SSIG1(x) (ROR64 ((x) ^ ROR64 ((x), 42), 19) ^ ((x) >> 6))


/* One round of FIPS 180-4, Section 6.4.2, step 3, with the working
   variables renamed instead of moved (see sha256.c): only D (the new
   e) and H (the new a) change.  KW is K[t] + W[t]; the terms that do
   not depend on e are summed first.  */
#define SHA512_ROUND(a, b, c, d, e, f, g, h, kw)                        \
  do                                                                    \
    {                                                                   \
      u64 t1_ = (h) + (kw);                                             \
      t1_ += CH ((e), (f), (g));                                        \
      t1_ += BSIG1 (e);                                                 \
      (d) += t1_;                                                       \
      (h) = t1_ + BSIG0 (a) + MAJ ((a), (b), (c));                      \
    }                                                                   \
  while (0)

/* W[t] for t >= 16, t = I mod 16 (step 1), in the 16-word ring W; I
   is a constant.  */
#define SHA512_SCHED(i)                                                 \
  (w[i] += (SSIG1 (w[((i) - 2) & 15]) + w[((i) - 7) & 15]              \
            + SSIG0 (w[((i) - 15) & 15])))

#define SHA512_8ROUNDS(i, WT)                                           \
  do                                                                    \
    {                                                                   \
      SHA512_ROUND (a, b, c, d, e, f, g, h, k[(i) + 0] + WT ((i) + 0)); \
      SHA512_ROUND (h, a, b, c, d, e, f, g, k[(i) + 1] + WT ((i) + 1)); \
      SHA512_ROUND (g, h, a, b, c, d, e, f, k[(i) + 2] + WT ((i) + 2)); \
      SHA512_ROUND (f, g, h, a, b, c, d, e, k[(i) + 3] + WT ((i) + 3)); \
      SHA512_ROUND (e, f, g, h, a, b, c, d, k[(i) + 4] + WT ((i) + 4)); \
      SHA512_ROUND (d, e, f, g, h, a, b, c, k[(i) + 5] + WT ((i) + 5)); \
      SHA512_ROUND (c, d, e, f, g, h, a, b, k[(i) + 6] + WT ((i) + 6)); \
      SHA512_ROUND (b, c, d, e, f, g, h, a, k[(i) + 7] + WT ((i) + 7)); \
    }                                                                   \
  while (0)

#define W_LOAD(i)  (w[i] = buf_get_be64 (data + 8 * (i)))
#define W_SCHED(i) SHA512_SCHED (i)

/* Process NBLOCKS 128-byte blocks at DATA (FIPS 180-4, Section
   6.4.2).  The 80 rounds go in groups of 16, one turn of the schedule
   ring, so that every ring index is a compile-time constant.  */
static void
sha512_blocks (u64 hs[8], const byte *data, size_t nblocks)
{
  u64 w[16];
  u64 a, b, c, d, e, f, g, h;
  const u64 *k;

  for (; nblocks; nblocks--, data += 128)
    {
      a = hs[0]; b = hs[1]; c = hs[2]; d = hs[3];
      e = hs[4]; f = hs[5]; g = hs[6]; h = hs[7];

      k = sha512_k;
      SHA512_8ROUNDS (0, W_LOAD);
      SHA512_8ROUNDS (8, W_LOAD);
      for (k += 16; k < sha512_k + 80; k += 16)
        {
          SHA512_8ROUNDS (0, W_SCHED);
          SHA512_8ROUNDS (8, W_SCHED);
        }

      hs[0] += a; hs[1] += b; hs[2] += c; hs[3] += d;
      hs[4] += e; hs[5] += f; hs[6] += g; hs[7] += h;
    }

  wipememory (w, sizeof w);
}


static void
sha512_init_common (sha512_ctx_t *ctx, const u64 iv[8], unsigned int dlen)
{
  memcpy (ctx->h, iv, 8 * sizeof *iv);
  ctx->nbytes_lo = 0;
  ctx->nbytes_hi = 0;
  ctx->buflen = 0;
  ctx->dlen = dlen;
}

/* SHA-384 (FIPS 180-4, Section 5.3.4): the first 64 bits of the
   fractional parts of the square roots of the 9th to 16th primes.  */
void
_gcry_sha384_init (sha512_ctx_t *ctx)
{
  static const u64 iv[8] =
    {
      UINT64_C(0xcbbb9d5dc1059ed8), UINT64_C(0x629a292a367cd507),
      UINT64_C(0x9159015a3070dd17), UINT64_C(0x152fecd8f70e5939),
      UINT64_C(0x67332667ffc00b31), UINT64_C(0x8eb44a8768581511),
      UINT64_C(0xdb0c2e0d64f98fa7), UINT64_C(0x47b5481dbefa4fa4)
    };

  sha512_init_common (ctx, iv, SHA384_DIGEST_LEN);
}

/* SHA-512 (FIPS 180-4, Section 5.3.5): the first 64 bits of the
   fractional parts of the square roots of the first 8 primes.  */
void
_gcry_sha512_init (sha512_ctx_t *ctx)
{
  static const u64 iv[8] =
    {
      UINT64_C(0x6a09e667f3bcc908), UINT64_C(0xbb67ae8584caa73b),
      UINT64_C(0x3c6ef372fe94f82b), UINT64_C(0xa54ff53a5f1d36f1),
      UINT64_C(0x510e527fade682d1), UINT64_C(0x9b05688c2b3e6c1f),
      UINT64_C(0x1f83d9abfb41bd6b), UINT64_C(0x5be0cd19137e2179)
    };

  sha512_init_common (ctx, iv, SHA512_DIGEST_LEN);
}

/* SHA-512/224 (FIPS 180-4, Section 5.3.6.1): the SHA-512 of the ASCII
   string "SHA-512/224" computed from the SHA-512 initial value with
   every word XORed with a5a5a5a5a5a5a5a5 (Section 5.3.6), evaluated
   by our generator.  */
void
_gcry_sha512_224_init (sha512_ctx_t *ctx)
{
  static const u64 iv[8] =
    {
      UINT64_C(0x8c3d37c819544da2), UINT64_C(0x73e1996689dcd4d6),
      UINT64_C(0x1dfab7ae32ff9c82), UINT64_C(0x679dd514582f9fcf),
      UINT64_C(0x0f6d2b697bd44da8), UINT64_C(0x77e36f7304c48942),
      UINT64_C(0x3f9d85a86a1d36c8), UINT64_C(0x1112e6ad91d692a1)
    };

  sha512_init_common (ctx, iv, SHA512_224_DIGEST_LEN);
}

/* SHA-512/256 (FIPS 180-4, Section 5.3.6.2): as above for the string
   "SHA-512/256".  */
void
_gcry_sha512_256_init (sha512_ctx_t *ctx)
{
  static const u64 iv[8] =
    {
      UINT64_C(0x22312194fc2bf72c), UINT64_C(0x9f555fa3c84c64c2),
      UINT64_C(0x2393b86b6f53b151), UINT64_C(0x963877195940eabd),
      UINT64_C(0x96283ee2a88effe3), UINT64_C(0xbe5e1e2553863992),
      UINT64_C(0x2b0199fc2c85b8aa), UINT64_C(0x0eb72ddc81c52ca2)
    };

  sha512_init_common (ctx, iv, SHA512_256_DIGEST_LEN);
}

/* sha512_blocks with the signature _gcry_md_block_write expects.  */
static void
sha512_blocks_fn (void *state, const byte *data, size_t nblocks)
{
  sha512_blocks (state, data, nblocks);
}

#ifdef USE_AVX2
/* cipher/sha512-transform-amd64-avx2.S; it reads the round
   constants from K and wipes its own stack.  */
void _gcry_sha512_transform_amd64_avx2 (u64 state[8], const byte *data,
                                        size_t nblocks, const u64 k[80]);

static void
sha512_blocks_avx2 (void *state, const byte *data, size_t nblocks)
{
  _gcry_sha512_transform_amd64_avx2 (state, data, nblocks, sha512_k);
}

static const md_block_backend_t sha512_avx2 =
  { "avx2", HWF_INTEL_AVX2 | HWF_INTEL_BMI2, sha512_blocks_avx2 };
#endif

static const md_block_backend_t sha512_generic =
  { "generic", 0, sha512_blocks_fn };

/* Fastest first (see doc/HACKING).  */
static const md_block_backend_t *const sha512_backends[] =
  {
#ifdef USE_AVX2
    &sha512_avx2,
#endif
    &sha512_generic
  };

MD_BLOCK_BACKEND_DEFINE (sha512, sha512_backends, sha512_generic)

/* Add INLEN bytes of IN to the message; any split is allowed.  */
void
_gcry_sha512_write (sha512_ctx_t *ctx, const void *in, size_t inlen)
{
  if (!inlen)
    return;
  ctx->nbytes_lo += inlen;
  if (ctx->nbytes_lo < inlen)
    ctx->nbytes_hi++;
  _gcry_md_block_write (ctx->h, sha512_backend->blocks, ctx->buf,
                        &ctx->buflen, 128, in, inlen);
}

/* Pad the message (FIPS 180-4, Section 5.1.2: a 1 bit, zeros, the
   128-bit bit length) and store the first CTX->dlen bytes of the
   final hash value big endian at OUT (Section 6.4.2, step 4, and the
   truncations of Sections 6.5 to 6.7).  */
void
_gcry_sha512_final (sha512_ctx_t *ctx, byte *out)
{
  byte tmp[64];
  unsigned int i;

  ctx->buf[ctx->buflen++] = 0x80;
  if (ctx->buflen > 112)
    {
      buf_memset_lib (ctx->buf + ctx->buflen, 0, 128 - ctx->buflen);
      sha512_backend->blocks (ctx->h, ctx->buf, 1);
      ctx->buflen = 0;
    }
  buf_memset_lib (ctx->buf + ctx->buflen, 0, 112 - ctx->buflen);
  buf_put_be64 (ctx->buf + 112,
                (ctx->nbytes_hi << 3) | (ctx->nbytes_lo >> 61));
  buf_put_be64 (ctx->buf + 120, ctx->nbytes_lo << 3);
  sha512_backend->blocks (ctx->h, ctx->buf, 1);
  ctx->buflen = 0;

  for (i = 0; i < 8; i++)
    buf_put_be64 (tmp + 8 * i, ctx->h[i]);
  memcpy (out, tmp, ctx->dlen);
  wipememory (tmp, sizeof tmp);
  wipememory (ctx->buf, sizeof ctx->buf);
}

/* One-shot SHA-384 of INLEN bytes at IN.  */
void
_gcry_sha384 (byte out[SHA384_DIGEST_LEN], const void *in, size_t inlen)
{
  sha512_ctx_t ctx;

  _gcry_sha384_init (&ctx);
  _gcry_sha512_write (&ctx, in, inlen);
  _gcry_sha512_final (&ctx, out);
  wipememory (&ctx, sizeof ctx);
}

/* One-shot SHA-512 of INLEN bytes at IN.  */
void
_gcry_sha512 (byte out[SHA512_DIGEST_LEN], const void *in, size_t inlen)
{
  sha512_ctx_t ctx;

  _gcry_sha512_init (&ctx);
  _gcry_sha512_write (&ctx, in, inlen);
  _gcry_sha512_final (&ctx, out);
  wipememory (&ctx, sizeof ctx);
}
