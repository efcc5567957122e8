/* fuzz-md.c - libFuzzer harness for the hash functions (gcry_md_*)
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Input: a 6-byte header, NSPLIT split points of 2 bytes each, then
 * the message:
 *
 *   byte 0     algorithm (value % NALGOS) and a second algorithm
 *              (value / NALGOS % NALGOS) for FLAG_SECOND
 *   byte 1     flags
 *   bytes 2-3  XOF output length, little-endian, % MAX_XOF_LEN (0 is
 *              allowed)
 *   byte 4     NSPLIT (value % 16)
 *   byte 5     seed of the XOF extract chunk lengths
 *
 * The reference is the one-shot hash of the whole message
 * (gcry_md_hash_buffer, or gcry_md_hash_buffers_ext for an XOF
 * output of any length).  Against it: a handle fed at the split
 * points (pieces below 8 bytes through gcry_md_putc with FLAG_PUTC),
 * optionally copied halfway and both copies finished; an XOF read in
 * chunks of fuzzed lengths (zero included); gcry_md_hash_buffers over
 * an iovec cut at the split points; reset and rehash; and with
 * FLAG_HMAC, HMAC through gcry_md_hash_buffers_ext and a handle
 * against HMAC built from the plain hash (FIPS 198-1).  For cSHAKE,
 * which without customization is SHAKE, check_cshake also takes N
 * and S from the message and compares GCRYCTL_MD_CUSTOMIZE on a
 * handle with N and S as the first buffers of
 * gcry_md_hash_buffers_ext.  */

#include "fuzz-common.h"

#define HEADER_LEN 6
#define MAX_SPLITS 16
#define MAX_XOF_LEN 5000
#define MAX_DLEN 64
/* The HMAC reference puts a block and a digest in one buffer.  */
#define MAX_BLOCK 144

/* Flags (byte 1).  */
#define FLAG_SECURE     1   /* Open the handle in secure memory.  */
#define FLAG_SECOND     2   /* Enable a second algorithm too.  */
#define FLAG_PUTC       4   /* Short pieces with gcry_md_putc.  */
#define FLAG_COPY       8   /* Copy the handle halfway.  */
#define FLAG_READ_FIRST 16  /* XOF: gcry_md_read before any extract.  */
#define FLAG_HMAC       32  /* HMAC checks.  */
#define FLAG_IOV        64  /* gcry_md_hash_buffers over pieces.  */
#define FLAG_RESET      128 /* Reset the handle and hash again.  */

/* HMAC block size B: the input block of SHA-1/SHA-2 and the rate of
   SHA-3 (FIPS 202, Table 3), 0 for the XOFs, which have no HMAC.  */
static const struct
{
  int algo;
  unsigned int blocksize;
} algos[] =
  {
    { GCRY_MD_SHA1, 64 },
    { GCRY_MD_SHA224, 64 },
    { GCRY_MD_SHA256, 64 },
    { GCRY_MD_SHA384, 128 },
    { GCRY_MD_SHA512, 128 },
    { GCRY_MD_SHA512_224, 128 },
    { GCRY_MD_SHA512_256, 128 },
    { GCRY_MD_SHA3_224, 144 },
    { GCRY_MD_SHA3_256, 136 },
    { GCRY_MD_SHA3_384, 104 },
    { GCRY_MD_SHA3_512, 72 },
    { GCRY_MD_SHAKE128, 0 },
    { GCRY_MD_SHAKE256, 0 },
    { GCRY_MD_CSHAKE128, 0 },
    { GCRY_MD_CSHAKE256, 0 }
  };
#define NALGOS (sizeof algos / sizeof algos[0])


static int
is_cshake (int algo)
{
  return algo == GCRY_MD_CSHAKE128 || algo == GCRY_MD_CSHAKE256;
}

static int
is_xof (int algo)
{
  return algo == GCRY_MD_SHAKE128 || algo == GCRY_MD_SHAKE256
         || is_cshake (algo);
}


/* Fail unless the LEN bytes at GOT equal those at WANT.  */
static void
expect_equal (const void *got, const void *want, size_t len, int algo,
              const char *what)
{
  if (memcmp (got, want, len))
    {
      fuzz_hexdump ("got", got, len);
      fuzz_hexdump ("want", want, len);
      fuzz_fail ("%s: %s differs from the one-shot hash",
                 gcry_md_algo_name (algo), what);
    }
}


/* Hash with the handle HD the LEN bytes at MSG, cut at the NSPLIT
   split points (each taken mod LEN + 1, never going back), with
   gcry_md_putc for pieces below 8 bytes if PUTC.  If R_COPY, make
   a copy of HD after the middle piece and feed it the rest of the
   message in one write.  */
static void
feed (gcry_md_hd_t hd, const uint8_t *msg, size_t len,
      const size_t *splits, size_t nsplit, int putc, gcry_md_hd_t *r_copy)
{
  size_t i, pos = 0, end;

  for (i = 0; i <= nsplit; i++)
    {
      end = i < nsplit ? splits[i] % (len + 1) : len;
      if (end < pos)
        end = pos;
      if (putc && end - pos < 8)
        for (; pos < end; pos++)
          gcry_md_putc (hd, msg[pos]);
      else
        gcry_md_write (hd, msg + pos, end - pos);
      pos = end;
      if (r_copy && i == nsplit / 2)
        {
          if (gcry_md_copy (r_copy, hd))
            fuzz_fail ("gcry_md_copy");
          gcry_md_write (*r_copy, msg + pos, len - pos);
        }
    }
}


/* Extract OUTLEN bytes of the XOF ALGO from HD into OUT in chunks
   whose lengths follow from SEED.  There is always at least one
   call, possibly of 0 bytes, so that the handle is in extract mode
   afterwards even for OUTLEN 0.  */
static void
extract_chunked (gcry_md_hd_t hd, int algo, unsigned char *out,
                 size_t outlen, unsigned int seed)
{
  size_t got = 0, n;
  gcry_error_t err;

  do
    {
      n = seed % 300;
      if (n > outlen - got)
        n = outlen - got;
      err = gcry_md_extract (hd, algo, out + got, n);
      if (err)
        fuzz_fail ("gcry_md_extract of %zu bytes at %zu: %s", n, got,
                   gcry_strerror (err));
      got += n;
      seed = seed * 5 + 17;
    }
  while (got < outlen);
}


/* Fail unless the output of ALGO in HD is WANT: the digest from
   gcry_md_read, or OUTLEN bytes of an XOF extracted in chunks
   following SEED.  */
static void
expect_output (gcry_md_hd_t hd, int algo, const unsigned char *want,
               size_t outlen, unsigned int seed, const char *what)
{
  const unsigned char *d;
  unsigned char *out;

  if (is_xof (algo))
    {
      out = malloc (outlen ? outlen : 1);
      if (!out)
        fuzz_fail ("out of memory");
      extract_chunked (hd, algo, out, outlen, seed);
      expect_equal (out, want, outlen, algo, what);
      free (out);
    }
  else
    {
      d = gcry_md_read (hd, algo);
      if (!d)
        fuzz_fail ("%s: gcry_md_read returned NULL", what);
      expect_equal (d, want, gcry_md_get_algo_dlen (algo), algo, what);
    }
}


/* HMAC-ALGO of the message at MSG (LEN bytes) with the key KEY
   (KEYLEN bytes), from the plain hash: H((K0 ^ opad) ||
   H((K0 ^ ipad) || msg)), K0 the key, or its hash when longer than
   the block size B, padded with zeros to B bytes (FIPS 198-1,
   Section 4).  */
static void
hmac_reference (unsigned char *mac, int algo, unsigned int b,
                const uint8_t *key, size_t keylen,
                const uint8_t *msg, size_t len)
{
  unsigned int dlen = gcry_md_get_algo_dlen (algo);
  unsigned char k0[MAX_BLOCK], inner[MAX_DLEN], outer[MAX_BLOCK + MAX_DLEN];
  unsigned char *buf;
  unsigned int i;

  memset (k0, 0, sizeof k0);
  if (keylen > b)
    gcry_md_hash_buffer (algo, k0, key, keylen);
  else
    memcpy (k0, key, keylen);

  buf = malloc (b + len);
  if (!buf)
    fuzz_fail ("out of memory");
  for (i = 0; i < b; i++)
    buf[i] = k0[i] ^ 0x36;
  memcpy (buf + b, msg, len);
  gcry_md_hash_buffer (algo, inner, buf, b + len);
  free (buf);

  for (i = 0; i < b; i++)
    outer[i] = k0[i] ^ 0x5c;
  memcpy (outer + b, inner, dlen);
  gcry_md_hash_buffer (algo, mac, outer, b + dlen);
}


/* The HMAC checks of algorithm index A: the first byte of MSG gives
   the key length, the key comes first and the data follows it.  */
static void
check_hmac (unsigned int a, const uint8_t *msg, size_t len,
            const size_t *splits, size_t nsplit, int flags)
{
  int algo = algos[a].algo;
  unsigned int dlen = gcry_md_get_algo_dlen (algo);
  size_t keylen = len ? msg[0] % (len + 1) : 0;
  unsigned char mac[MAX_DLEN], want[MAX_DLEN];
  const unsigned char *d;
  gcry_md_hd_t hd;
  gcry_error_t err;

  err = fuzz_hash_try (algo, GCRY_MD_FLAG_HMAC, mac, -1, msg, keylen,
                       msg + keylen, len - keylen, NULL, 0, NULL, 0);
  if (is_xof (algo))
    {
      /* HMAC needs a fixed-length hash.  */
      if (gcry_err_code (err) != GPG_ERR_DIGEST_ALGO)
        fuzz_fail ("HMAC with %s: got \"%s\"", gcry_md_algo_name (algo),
                   gcry_strerror (err));
      err = gcry_md_open (&hd, algo, GCRY_MD_FLAG_HMAC);
      if (gcry_err_code (err) != GPG_ERR_DIGEST_ALGO || hd)
        fuzz_fail ("HMAC handle with %s: got \"%s\"",
                   gcry_md_algo_name (algo), gcry_strerror (err));
      return;
    }
  if (err)
    fuzz_fail ("gcry_md_hash_buffers_ext (HMAC): %s", gcry_strerror (err));
  hmac_reference (want, algo, algos[a].blocksize, msg, keylen,
                  msg + keylen, len - keylen);
  if (memcmp (mac, want, dlen))
    {
      fuzz_hexdump ("got", mac, dlen);
      fuzz_hexdump ("want", want, dlen);
      fuzz_fail ("%s: HMAC with a %zu-byte key differs from the reference",
                 gcry_md_algo_name (algo), keylen);
    }

  /* A handle fed at the split points, then reset: the key stays.  */
  if (gcry_md_open (&hd, algo, GCRY_MD_FLAG_HMAC
                    | ((flags & FLAG_SECURE) ? GCRY_MD_FLAG_SECURE : 0)))
    fuzz_fail ("gcry_md_open (HMAC)");
  if (gcry_md_setkey (hd, msg, keylen))
    fuzz_fail ("gcry_md_setkey (%zu bytes)", keylen);
  feed (hd, msg + keylen, len - keylen, splits, nsplit, flags & FLAG_PUTC,
        NULL);
  d = gcry_md_read (hd, algo);
  if (!d || memcmp (d, want, dlen))
    fuzz_fail ("%s: HMAC handle differs from the reference",
               gcry_md_algo_name (algo));
  gcry_md_reset (hd);
  gcry_md_write (hd, msg + keylen, len - keylen);
  d = gcry_md_read (hd, algo);
  if (!d || memcmp (d, want, dlen))
    fuzz_fail ("%s: HMAC handle after reset differs from the reference",
               gcry_md_algo_name (algo));
  gcry_md_close (hd);
}


/* Check gcry_md_hash_buffers over the message cut into pieces at the
   split points, each piece given with a non-zero offset into the
   message.  For cSHAKE the pieces follow an empty N and S.  */
static void
check_iov (int algo, const uint8_t *msg, size_t len, const size_t *splits,
           size_t nsplit, const unsigned char *want)
{
  gcry_buffer_t iov[MAX_SPLITS + 3];
  unsigned char digest[MAX_DLEN];
  size_t i, pos = 0, end, first = is_cshake (algo) ? 2 : 0;
  gcry_error_t err;

  memset (iov, 0, sizeof iov);
  for (i = 0; i < first; i++)
    iov[i].data = (void *)msg;
  for (i = 0; i <= nsplit; i++)
    {
      end = i < nsplit ? splits[i] % (len + 1) : len;
      if (end < pos)
        end = pos;
      iov[first + i].data = (void *)msg;
      iov[first + i].off = pos;
      iov[first + i].len = end - pos;
      pos = end;
    }
  err = gcry_md_hash_buffers (algo, 0, digest, iov, first + nsplit + 1);
  if (err)
    fuzz_fail ("gcry_md_hash_buffers: %s", gcry_strerror (err));
  expect_equal (digest, want, gcry_md_get_algo_dlen (algo), algo,
                "gcry_md_hash_buffers over pieces");
}


/* cSHAKE with a function name N and customization string S from the
   message: the first two bytes give their lengths (up to 299 bytes,
   so that both sides of Libgcrypt's limit of 254 for
   GCRYCTL_MD_CUSTOMIZE occur), N and S follow, the rest is the data.
   The reference is gcry_md_hash_buffers_ext with N, S and the data;
   against it a handle customized and fed at the split points, with
   the output extracted in chunks.  With both strings empty it must
   be SHAKE.  */
static void
check_cshake (int algo, const uint8_t *msg, size_t len, size_t outlen,
              const size_t *splits, size_t nsplit, int flags,
              unsigned int seed)
{
  struct gcry_cshake_customization cust;
  size_t nlen, slen, dlen;
  const uint8_t *n, *s, *d;
  unsigned char *want, *shake;
  gcry_md_hd_t hd;
  gcry_error_t err;

  if (len < 2)
    return;
  nlen = msg[0] % 300;
  slen = msg[1] % 300;
  msg += 2;
  len -= 2;
  if (nlen > len)
    nlen = len;
  if (slen > len - nlen)
    slen = len - nlen;
  n = msg;
  s = msg + nlen;
  d = s + slen;
  dlen = len - nlen - slen;

  want = malloc (outlen ? outlen : 1);
  shake = malloc (outlen ? outlen : 1);
  if (!want || !shake)
    fuzz_fail ("out of memory");
  fuzz_hash (algo, want, outlen, n, nlen, s, slen, d, dlen, NULL, 0);
  if (!nlen && !slen)
    {
      fuzz_hash (algo == GCRY_MD_CSHAKE128 ? GCRY_MD_SHAKE128
                 : GCRY_MD_SHAKE256, shake, outlen, d, dlen,
                 NULL, 0, NULL, 0, NULL, 0);
      expect_equal (want, shake, outlen, algo, "cSHAKE without N and S");
    }

  if (gcry_md_open (&hd, algo,
                    (flags & FLAG_SECURE) ? GCRY_MD_FLAG_SECURE : 0))
    fuzz_fail ("gcry_md_open");
  cust.n = n;
  cust.n_len = nlen;
  cust.s = s;
  cust.s_len = slen;
  err = gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust);
  if (nlen >= 255 || slen >= 255)
    {
      if (gcry_err_code (err) != GPG_ERR_TOO_LARGE)
        fuzz_fail ("customization of %zu and %zu bytes: got \"%s\"",
                   nlen, slen, gcry_strerror (err));
    }
  else
    {
      if (err)
        fuzz_fail ("GCRYCTL_MD_CUSTOMIZE: %s", gcry_strerror (err));
      feed (hd, d, dlen, splits, nsplit, flags & FLAG_PUTC, NULL);
      expect_output (hd, algo, want, outlen, seed,
                     "customized handle");
    }
  gcry_md_close (hd);
  free (want);
  free (shake);
}


/* Two seeds per algorithm with complementary flags, so that each
   flag is on in some seed, three split points, and messages of 60 to
   312 bytes, around the block sizes.  */
static void
write_seeds (const char *dir)
{
  static fuzz_seed_t s;
  unsigned int i, j, inv;
  char name[32];

  for (i = 0; i < NALGOS; i++)
    for (inv = 0; inv < 2; inv++)
      {
        s.len = 0;
        fuzz_seed_byte (&s, i + NALGOS * ((i + 3) % NALGOS));
        fuzz_seed_byte (&s, ((0x5a * (i + 1)) & 0xff) ^ (inv ? 0xff : 0));
        fuzz_seed_byte (&s, i * 97);
        fuzz_seed_byte (&s, i & 3);
        fuzz_seed_byte (&s, 3);
        fuzz_seed_byte (&s, i * 7);
        for (j = 0; j < 3; j++)
          {
            fuzz_seed_byte (&s, j * 61 + i);
            fuzz_seed_byte (&s, 0);
          }
        for (j = 0; j < 60 + 21 * i; j++)
          fuzz_seed_byte (&s, j * 7 + i);
        snprintf (name, sizeof name, "md-%u%s", i, inv ? "-b" : "");
        fuzz_seed_write (&s, dir, name);
      }
}


/* Nothing to prepare: each input carries all it needs.  */
static void
harness_init (void)
{
}


int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  unsigned int a, a2;
  int algo, algo2, flags, xof;
  size_t outlen, dlen, nsplit, i, len;
  size_t splits[MAX_SPLITS];
  unsigned int seed;
  const uint8_t *msg;
  unsigned char *want, *out, want2[MAX_DLEN];
  const unsigned char *d;
  gcry_md_hd_t hd, copy = NULL;
  gcry_buffer_t iov;
  gcry_error_t err;

  if (size < HEADER_LEN)
    return 0;
  a = data[0] % NALGOS;
  a2 = data[0] / NALGOS % NALGOS;
  algo = algos[a].algo;
  algo2 = algos[a2].algo;
  flags = data[1];
  nsplit = data[4] % MAX_SPLITS;
  seed = data[5];
  if (size < HEADER_LEN + 2 * nsplit)
    return 0;
  for (i = 0; i < nsplit; i++)
    splits[i] = data[HEADER_LEN + 2 * i] | (data[HEADER_LEN + 2 * i + 1] << 8);
  msg = data + HEADER_LEN + 2 * nsplit;
  len = size - HEADER_LEN - 2 * nsplit;
  xof = is_xof (algo);
  dlen = gcry_md_get_algo_dlen (algo);
  outlen = xof ? (size_t)(data[2] | (data[3] << 8)) % MAX_XOF_LEN : dlen;

  /* The reference.  */
  want = malloc (outlen > dlen ? outlen : dlen);
  out = malloc (outlen > dlen ? outlen : dlen);
  if (!want || !out)
    fuzz_fail ("out of memory");
  memset (&iov, 0, sizeof iov);
  iov.data = (void *)msg;
  iov.len = len;
  if (xof)
    {
      err = gcry_md_hash_buffers_ext (algo, 0, want, outlen, &iov, 1);
      if (err)
        fuzz_fail ("gcry_md_hash_buffers_ext (%zu bytes): %s", outlen,
                   gcry_strerror (err));
      /* gcry_md_hash_buffer gives the first DLEN bytes of the
         stream.  */
      gcry_md_hash_buffer (algo, want2, msg, len);
      expect_equal (want2, want, outlen < dlen ? outlen : dlen, algo,
                    "gcry_md_hash_buffer");
    }
  else
    {
      gcry_md_hash_buffer (algo, want, msg, len);
      err = gcry_md_hash_buffers_ext (algo, 0, out, dlen + 1, &iov, 1);
      if (gcry_err_code (err) != GPG_ERR_DIGEST_ALGO)
        fuzz_fail ("%s: output length %zu accepted", gcry_md_algo_name (algo),
                   dlen + 1);
    }

  /* The handle, fed at the split points.  */
  if (gcry_md_open (&hd, algo,
                    (flags & FLAG_SECURE) ? GCRY_MD_FLAG_SECURE : 0))
    fuzz_fail ("gcry_md_open");
  if ((flags & FLAG_SECOND) && gcry_md_enable (hd, algo2))
    fuzz_fail ("gcry_md_enable");
  feed (hd, msg, len, splits, nsplit, flags & FLAG_PUTC,
        (flags & FLAG_COPY) ? &copy : NULL);

  if (xof && (flags & FLAG_READ_FIRST))
    {
      /* Read gives the first DLEN bytes and ends the stream.  */
      d = gcry_md_read (hd, algo);
      if (!d)
        fuzz_fail ("gcry_md_read of an XOF returned NULL");
      gcry_md_hash_buffer (algo, want2, msg, len);
      expect_equal (d, want2, dlen, algo, "gcry_md_read");
      err = gcry_md_extract (hd, algo, out, 1);
      if (gcry_err_code (err) != GPG_ERR_INV_STATE)
        fuzz_fail ("gcry_md_extract after gcry_md_read: got \"%s\"",
                   gcry_strerror (err));
    }
  else
    {
      expect_output (hd, algo, want, outlen, seed, "incremental hash");
      if (xof && gcry_md_read (hd, algo))
        fuzz_fail ("gcry_md_read after gcry_md_extract is not NULL");
      if (!xof && gcry_err_code (gcry_md_extract (hd, algo, out, 1))
          != GPG_ERR_DIGEST_ALGO)
        fuzz_fail ("gcry_md_extract of a fixed-length hash accepted");
      /* Writing after finalisation is ignored.  */
      gcry_md_write (hd, msg, len);
      if (!xof)
        expect_output (hd, algo, want, outlen, seed,
                       "hash after a late write");
    }

  /* The second algorithm sees the same message.  */
  if ((flags & FLAG_SECOND) && algo2 != algo)
    {
      gcry_md_hash_buffer (algo2, want2, msg, len);
      if (is_xof (algo2))
        {
          /* Its first digest length through gcry_md_read.  */
          d = gcry_md_read (hd, algo2);
          if (!d)
            fuzz_fail ("gcry_md_read of the second algorithm returned NULL");
          expect_equal (d, want2, gcry_md_get_algo_dlen (algo2), algo2,
                        "second algorithm of a handle");
        }
      else
        expect_output (hd, algo2, want2, 0, 0,
                       "second algorithm of a handle");
    }

  if (copy)
    {
      expect_output (copy, algo, want, outlen, seed + 2, "copied handle");
      gcry_md_close (copy);
    }

  if (flags & FLAG_RESET)
    {
      gcry_md_reset (hd);
      gcry_md_write (hd, msg, len);
      expect_output (hd, algo, want, outlen, seed + 1, "hash after reset");
    }
  gcry_md_close (hd);

  if (flags & FLAG_IOV)
    {
      if (xof)
        gcry_md_hash_buffer (algo, want2, msg, len);
      check_iov (algo, msg, len, splits, nsplit, xof ? want2 : want);
    }
  if (flags & FLAG_HMAC)
    check_hmac (a, msg, len, splits, nsplit, flags);
  if (is_cshake (algo))
    check_cshake (algo, msg, len, outlen, splits, nsplit, flags, seed + 3);

  free (want);
  free (out);
  return 0;
}
