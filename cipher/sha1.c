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


#define ROL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* Process NBLOCKS 64-byte blocks at DATA (FIPS 180-4, Section 6.1.2).
   The schedule W[t] = ROTL1 (W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) is
   kept as a 16-word ring.  f_t and K_t follow Sections 4.1.1 and
   4.2.1 for the four 20-round stages.  */
static void
sha1_blocks (u32 h[5], const byte *data, size_t nblocks)
{
  u32 w[16];
  u32 a, b, c, d, e, f, k, tmp;
  unsigned int t;

  for (; nblocks; nblocks--, data += 64)
    {
      for (t = 0; t < 16; t++)
        w[t] = buf_get_be32 (data + 4 * t);

      a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4];

      for (t = 0; t < 80; t++)
        {
          if (t >= 16)
            {
              tmp = (w[(t - 3) & 15] ^ w[(t - 8) & 15]
                     ^ w[(t - 14) & 15] ^ w[t & 15]);
              w[t & 15] = ROL32 (tmp, 1);
            }
          if (t < 20)
            {
              f = d ^ (b & (c ^ d));             /* Ch */
              k = 0x5a827999;
            }
          else if (t < 40)
            {
              f = b ^ c ^ d;                     /* Parity */
              k = 0x6ed9eba1;
            }
          else if (t < 60)
            {
              f = (b & c) | (d & (b | c));       /* Maj */
              k = 0x8f1bbcdc;
            }
          else
            {
              f = b ^ c ^ d;                     /* Parity */
              k = 0xca62c1d6;
            }
          tmp = ROL32 (a, 5) + f + e + k + w[t & 15];
          e = d; d = c; c = ROL32 (b, 30); b = a; a = tmp;
        }

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

/* Add INLEN bytes of IN to the message; any split is allowed.  */
void
_gcry_sha1_write (sha1_ctx_t *ctx, const void *in, size_t inlen)
{
  const byte *p = in;
  size_t n;

  if (!inlen)
    return;
  ctx->nbytes += inlen;

  if (ctx->buflen)
    {
      n = 64 - ctx->buflen;
      if (n > inlen)
        n = inlen;
      memcpy (ctx->buf + ctx->buflen, p, n);
      ctx->buflen += n;
      p += n;
      inlen -= n;
      if (ctx->buflen < 64)
        return;
      sha1_blocks (ctx->h, ctx->buf, 1);
      ctx->buflen = 0;
    }

  if (inlen >= 64)
    {
      sha1_blocks (ctx->h, p, inlen / 64);
      p += inlen & ~(size_t)63;
      inlen &= 63;
    }

  memcpy (ctx->buf, p, inlen);
  ctx->buflen = inlen;
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
      sha1_blocks (ctx->h, ctx->buf, 1);
      ctx->buflen = 0;
    }
  memset (ctx->buf + ctx->buflen, 0, 56 - ctx->buflen);
  buf_put_be64 (ctx->buf + 56, bitlen);
  sha1_blocks (ctx->h, ctx->buf, 1);
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
