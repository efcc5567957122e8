/* t-hash.c - Tests of the gcry_md_* API (SHA-1, SHA-2, SHA-3, (c)SHAKE)
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

/* Known answers from FIPS 180-4 / FIPS 202 example messages (empty,
 * "abc", the 448-bit and 896-bit messages, one million 'a'), HMAC
 * values of RFC 2202/4231 test cases 1, 2 and 7, the streaming XOF
 * property (any split of gcry_md_extract output equals the one-shot
 * output), copy/reset, the multi-buffer functions, name and OID
 * mapping, cSHAKE (check_cshake), and the errors for unknown
 * algorithms and misuse.  The SHAKE entries are the first 32
 * (SHAKE128) / 64 (SHAKE256) output bytes, which is what gcry_md_read
 * returns.
 *
 * The Keccak backend in use is printed by test_init; the test driver
 * runs this program once per backend (GCRYPT_PQC_HWF_DISABLE), and
 * check_backend_forced proves that a disabled feature is really not
 * used (also for "--disable-hwf all", i.e. GCRYCTL_DISABLE_HWF);
 * check_sha_backend_forced does the same for the SHA-1/SHA-2 block
 * functions and prints which of them ran.  check_lengths covers every
 * length up to 1000 bytes, written in odd-sized chunks, and
 * check_block_runs up to 40 whole SHA-512 blocks in one call.  */

#define PGM "t-hash"
#include "t-common.h"

#define M448 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
#define M896 "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn" \
             "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"

static const int all_algos[] =
  { GCRY_MD_SHA1, GCRY_MD_SHA224, GCRY_MD_SHA256, GCRY_MD_SHA384,
    GCRY_MD_SHA512, GCRY_MD_SHA512_224, GCRY_MD_SHA512_256,
    GCRY_MD_SHA3_224, GCRY_MD_SHA3_256, GCRY_MD_SHA3_384,
    GCRY_MD_SHA3_512, GCRY_MD_SHAKE128, GCRY_MD_SHAKE256 };
#define N_ALGOS (sizeof all_algos / sizeof *all_algos)

/* Expected digests of "", "abc", M448, M896 and 10^6 'a'.  */
static const struct
{
  int algo;
  const char *hex[5];
} kat[] =
  {
    { GCRY_MD_SHA1,
      {
        "da39a3ee5e6b4b0d3255bfef95601890afd80709",
        "a9993e364706816aba3e25717850c26c9cd0d89d",
        "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
        "a49b2446a02c645bf419f995b67091253a04a259",
        "34aa973cd4c4daa4f61eeb2bdbad27316534016f"
      } },
    { GCRY_MD_SHA224,
      {
        "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
        "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
        "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
        "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
        "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"
      } },
    { GCRY_MD_SHA256,
      {
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
      } },
    { GCRY_MD_SHA384,
      {
        "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
        "274edebfe76f65fbd51ad2f14898b95b",
        "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
        "8086072ba1e7cc2358baeca134c825a7",
        "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6"
        "b0455a8520bc4e6f5fe95b1fe3c8452b",
        "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
        "fcc7c71a557e2db966c3e9fa91746039",
        "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
        "07b8b3dc38ecc4ebae97ddd87f3d8985"
      } },
    { GCRY_MD_SHA512,
      {
        "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
        "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
        "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
        "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
        "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
        "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
        "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
        "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"
      } },
    { GCRY_MD_SHA512_224,
      {
        "6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4",
        "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
        "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174",
        "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9",
        "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287"
      } },
    { GCRY_MD_SHA512_256,
      {
        "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a",
        "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
        "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461",
        "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a",
        "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21"
      } },
    { GCRY_MD_SHA3_224,
      {
        "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7",
        "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf",
        "8a24108b154ada21c9fd5574494479ba5c7e7ab76ef264ead0fcce33",
        "543e6868e1666c1a643630df77367ae5a62a85070a51c14cbf665cbc",
        "d69335b93325192e516a912e6d19a15cb51c6ed5c15243e7a7fd653c"
      } },
    { GCRY_MD_SHA3_256,
      {
        "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
        "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
        "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376",
        "916f6061fe879741ca6469b43971dfdb28b1a32dc36cb3254e812be27aad1d18",
        "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1"
      } },
    { GCRY_MD_SHA3_384,
      {
        "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
        "c3713831264adb47fb6bd1e058d5f004",
        "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
        "98d88cea927ac7f539f1edf228376d25",
        "991c665755eb3a4b6bbdfb75c78a492e8c56a22c5c4d7e429bfdbc32b9d4ad5a"
        "a04a1f076e62fea19eef51acd0657c22",
        "79407d3b5916b59c3e30b09822974791c313fb9ecc849e406f23592d04f625dc"
        "8c709b98b43b3852b337216179aa7fc7",
        "eee9e24d78c1855337983451df97c8ad9eedf256c6334f8e948d252d5e0e7684"
        "7aa0774ddb90a842190d2c558b4b8340"
      } },
    { GCRY_MD_SHA3_512,
      {
        "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
        "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26",
        "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
        "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0",
        "04a371e84ecfb5b8b77cb48610fca8182dd457ce6f326a0fd3d7ec2f1e91636d"
        "ee691fbe0c985302ba1b0d8dc78c086346b533b49c030d99a27daf1139d6e75e",
        "afebb2ef542e6579c50cad06d2e578f9f8dd6881d7dc824d26360feebf18a4fa"
        "73e3261122948efcfd492e74e82e2189ed0fb440d187f382270cb455f21dd185",
        "3c3a876da14034ab60627c077bb98f7e120a2a5370212dffb3385a18d4f38859"
        "ed311d0a9d5141ce9cc5c66ee689b266a8aa18ace8282a0e0db596c90b0a7b87"
      } },
    { GCRY_MD_SHAKE128,
      {
        "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
        "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8",
        "1a96182b50fb8c7e74e0a707788f55e98209b8d91fade8f32f8dd5cff7bf21f5",
        "7b6df6ff181173b6d7898d7ff63fb07b7c237daf471a5ae5602adbccef9ccf4b",
        "9d222c79c4ff9d092cf6ca86143aa411e369973808ef97093255826c5572ef58"
      } },
    { GCRY_MD_SHAKE256,
      {
        "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
        "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be",
        "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
        "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4",
        "4d8c2dd2435a0128eefbb8c36f6f87133a7911e18d979ee1ae6be5d4fd2e3329"
        "40d8688a4e6a59aa8060f1f9bc996c05aca3c696a8b66279dc672c740bb224ec",
        "98be04516c04cc73593fef3ed0352ea9f6443942d6950e29a372a681c3deaf45"
        "35423709b02843948684e029010badcc0acd8303fc85fdad3eabf4f78cae1656",
        "3578a7a4ca9137569cdf76ed617d31bb994fca9c1bbf8b184013de8234dfd13a"
        "3fd124d4df76c0a539ee7dd2f6e1ec346124c815d9410e145eb561bcd97b18ab"
      } }
  };


/* Hash the message of KAT column K with a handle for ALGO; the
   million 'a' are fed in chunks of 1000, for K == 4 and USE_PUTC 1
   byte by byte through gcry_md_putc, and for USE_PUTC 2 in one
   gcry_md_write (thousands of blocks in one call of the kernel).  */
static void
hash_message (int algo, int k, int use_putc, unsigned char *out)
{
  static const char *const msgs[4] = { "", "abc", M448, M896 };
  gcry_md_hd_t hd;
  gpg_error_t err;
  unsigned int dlen = gcry_md_get_algo_dlen (algo);
  const unsigned char *p;

  err = gcry_md_open (&hd, algo, 0);
  if (err)
    die ("gcry_md_open (%d): %s", algo, gcry_strerror (err));
  if (k < 4)
    {
      if (use_putc)
        {
          const char *s;

          for (s = msgs[k]; *s; s++)
            gcry_md_putc (hd, *s);
        }
      else
        gcry_md_write (hd, msgs[k], strlen (msgs[k]));
    }
  else
    {
      char chunk[1000];
      int i;

      memset (chunk, 'a', sizeof chunk);
      if (use_putc == 2)
        {
          char *all = malloc (1000000);

          if (!all)
            die ("out of memory");
          memset (all, 'a', 1000000);
          gcry_md_write (hd, all, 1000000);
          free (all);
        }
      else if (use_putc)
        for (i = 0; i < 1000000; i++)
          gcry_md_putc (hd, 'a');
      else
        for (i = 0; i < 1000; i++)
          gcry_md_write (hd, chunk, sizeof chunk);
    }
  p = gcry_md_read (hd, 0);
  if (!p)
    die ("gcry_md_read (%d) returned NULL", algo);
  memcpy (out, p, dlen);
  gcry_md_close (hd);
}

static void
check_kats (void)
{
  static const char *const names[5] =
    { "empty", "abc", "448-bit", "896-bit", "million a" };
  unsigned char out[64];
  unsigned int i;
  int k;

  for (i = 0; i < sizeof kat / sizeof *kat; i++)
    {
      int algo = kat[i].algo;
      unsigned int dlen = gcry_md_get_algo_dlen (algo);

      check (dlen * 2 == strlen (kat[i].hex[1]),
             "%s: digest length %u", gcry_md_algo_name (algo), dlen);
      for (k = 0; k < 5; k++)
        {
          hash_message (algo, k, 0, out);
          check (!strcmp (test_buf2hex (out, dlen), kat[i].hex[k]),
                 "%s (%s)", gcry_md_algo_name (algo), names[k]);
        }
      /* Same through gcry_md_putc (the million only for two
         algorithms, to keep the test short).  */
      for (k = 0; k < 4; k++)
        {
          hash_message (algo, k, 1, out);
          check (!strcmp (test_buf2hex (out, dlen), kat[i].hex[k]),
                 "%s (%s) via putc", gcry_md_algo_name (algo), names[k]);
        }
      if (algo == GCRY_MD_SHA256 || algo == GCRY_MD_SHAKE128)
        {
          hash_message (algo, 4, 1, out);
          check (!strcmp (test_buf2hex (out, dlen), kat[i].hex[4]),
                 "%s (million a) via putc", gcry_md_algo_name (algo));
        }
      hash_message (algo, 4, 2, out);
      check (!strcmp (test_buf2hex (out, dlen), kat[i].hex[4]),
             "%s (million a) in one write", gcry_md_algo_name (algo));
      /* One-shot.  */
      memset (out, 0, sizeof out);
      gcry_md_hash_buffer (algo, out, "abc", 3);
      check (!strcmp (test_buf2hex (out, dlen), kat[i].hex[1]),
             "%s: gcry_md_hash_buffer", gcry_md_algo_name (algo));
    }
  check (sizeof kat / sizeof *kat == N_ALGOS, "all algorithms have KATs");
}


/* Every message length 0..1000 (so every position of the padding and
 * 1 to 15 whole blocks, odd and even counts), message byte i of length
 * L being (31 i + L) mod 251.  Each message is written in chunks of
 * odd sizes that cross the block boundaries at varying offsets; its
 * digest must equal the one-shot digest, and the hash of all digests
 * in order must be the value below (computed with an independent
 * implementation, Python's hashlib).  */
static void
check_lengths (void)
{
  static const struct
  {
    int algo;
    const char *hex;
  } acc[] =
    {
      { GCRY_MD_SHA1, "fb51f81b7ef01a3b05e51262f0147973137d45b9" },
      { GCRY_MD_SHA224,
        "bb27daab1423e6b0eb6cac2a0ad5045b31a97ded6ead27eadc4a6488" },
      { GCRY_MD_SHA256,
        "7c805ffeb147060f39fd950c9390e08917a89af916f5c809dda0ed841d5ac9c5" },
      { GCRY_MD_SHA384,
        "f5aa7a4097d679158e602587455ec6c1f47e2a5f8498727129f8f7bc3f00bf63"
        "45b8da3953bcfce1c3cd609b37f54f6d" },
      { GCRY_MD_SHA512,
        "6bfce51d246f2c3e2cf0612f8b5f5b353c499e76ed5fdba90256407dab4b0cff"
        "57ca116989a5dd0031a981252b96d00ec9e15efae40752e0c12ba54a6a68b904" },
      { GCRY_MD_SHA512_224,
        "898eb7fd84c3aec1dab22b6b2b4c0930b736e11859f6c091100250de" },
      { GCRY_MD_SHA512_256,
        "7f7bf0cb45d27a30e45ff88c274df8c23c28fec6d7e77f7689ea92bb393576eb" }
    };
  static const unsigned int chunks[] = { 1, 3, 7, 13, 31, 63, 127, 131, 257 };
  enum { MAXLEN = 1000 };
  static unsigned char msg[MAXLEN];
  static unsigned char all[(MAXLEN + 1) * 64];
  unsigned char one[64], out[64];
  unsigned int i, len, pos, c, dlen;
  int bad;

  for (i = 0; i < sizeof acc / sizeof *acc; i++)
    {
      gcry_md_hd_t hd;
      gpg_error_t err;

      dlen = gcry_md_get_algo_dlen (acc[i].algo);
      err = gcry_md_open (&hd, acc[i].algo, 0);
      if (err)
        die ("gcry_md_open: %s", gcry_strerror (err));
      bad = 0;
      for (len = 0; len <= MAXLEN; len++)
        {
          for (pos = 0; pos < len; pos++)
            msg[pos] = (31 * pos + len) % 251;
          gcry_md_reset (hd);
          for (pos = 0, c = len % 9; pos < len; c = (c + 1) % 9)
            {
              unsigned int n = chunks[c] < len - pos ? chunks[c] : len - pos;

              gcry_md_write (hd, msg + pos, n);
              pos += n;
            }
          memcpy (all + len * dlen, gcry_md_read (hd, 0), dlen);
          gcry_md_hash_buffer (acc[i].algo, one, msg, len);
          if (memcmp (one, all + len * dlen, dlen) && !bad++)
            fail ("%s: chunked and one-shot digests of %u bytes differ",
                  gcry_md_algo_name (acc[i].algo), len);
        }
      gcry_md_close (hd);
      gcry_md_hash_buffer (acc[i].algo, out, all, (MAXLEN + 1) * dlen);
      check (!strcmp (test_buf2hex (out, dlen), acc[i].hex),
             "%s: digests of the lengths 0..%u",
             gcry_md_algo_name (acc[i].algo), MAXLEN);
    }
}


/* Messages of N = 1 .. 40 whole 128-byte blocks, each hashed with one
 * gcry_md_hash_buffer call, so that the SHA-512 block function gets
 * all N blocks at once: up to 20 pairs, the loads of a following
 * pair during the current one, a first block paired with itself when
 * N is odd.  Message byte i of N blocks is (7 i + 13 N + i / 128) mod
 * 256.  Each message is hashed at three alignments, which must agree,
 * and the hash of the digests for N = 1 .. 40 in order must be the
 * value below (computed with an independent implementation, Python's
 * hashlib).  */
static void
check_block_runs (void)
{
  static const struct
  {
    int algo;
    const char *hex;
  } acc[] =
    {
      { GCRY_MD_SHA384,
        "1495f88073952bbf0ec0f193c34e501bd387772e7d0c3c991cf902a74b3b6594"
        "8ff97f92c06dada056f358c202f40147" },
      { GCRY_MD_SHA512,
        "ac922f6185dce7c265b449f25653fd71b64eaa2a966f5207bd4f142aa65d9823"
        "f68868f5d1b908ec1281900a0a74b1b854db2f1ba835d763b2f10c709251f7de" }
    };
  enum { MAXBLOCKS = 40, NALIGN = 3 };
  static unsigned char buf[MAXBLOCKS * 128 + NALIGN];
  unsigned char all[MAXBLOCKS * 64], one[64], out[64];
  unsigned int i, n, pos, off, dlen;
  int bad;

  for (i = 0; i < sizeof acc / sizeof *acc; i++)
    {
      dlen = gcry_md_get_algo_dlen (acc[i].algo);
      bad = 0;
      for (n = 1; n <= MAXBLOCKS; n++)
        for (off = 0; off < NALIGN; off++)
          {
            for (pos = 0; pos < n * 128; pos++)
              buf[off + pos] = (7 * pos + 13 * n + pos / 128) % 256;
            gcry_md_hash_buffer (acc[i].algo, one, buf + off, n * 128);
            if (!off)
              memcpy (all + (n - 1) * dlen, one, dlen);
            else if (memcmp (one, all + (n - 1) * dlen, dlen) && !bad++)
              fail ("%s: %u blocks at offset %u differ from offset 0",
                    gcry_md_algo_name (acc[i].algo), n, off);
          }
      gcry_md_hash_buffer (acc[i].algo, out, all, MAXBLOCKS * dlen);
      check (!strcmp (test_buf2hex (out, dlen), acc[i].hex),
             "%s: digests of 1..%u whole blocks",
             gcry_md_algo_name (acc[i].algo), MAXBLOCKS);
    }
}


/* The acceptance values: SHAKE128("") begins 7f9c2ba4..., and the
   first SHAKE256("") bytes.  */
static void
check_shake_empty (void)
{
  gcry_md_hd_t hd;
  unsigned char out[32];

  if (gcry_md_open (&hd, GCRY_MD_SHAKE128, 0))
    die ("gcry_md_open (SHAKE128)");
  check (!gcry_md_extract (hd, GCRY_MD_SHAKE128, out, 16)
         && !strcmp (test_buf2hex (out, 16),
                     "7f9c2ba4e88f827d616045507605853e"),
         "SHAKE128 of the empty string");
  gcry_md_close (hd);

  if (gcry_md_open (&hd, GCRY_MD_SHAKE256, 0))
    die ("gcry_md_open (SHAKE256)");
  check (!gcry_md_extract (hd, 0, out, 16)
         && !strcmp (test_buf2hex (out, 16),
                     "46b9dd2b0ba88d13233b3feb743eeb24"),
         "SHAKE256 of the empty string");
  gcry_md_close (hd);
}


/* XOF streaming: for both SHAKEs and many split points S, output
   extracted as S bytes and then in chunks of varying size equals the
   one-shot output of gcry_md_hash_buffers_ext.  Input is also split.  */
static void
check_xof_streaming (void)
{
  static const int xofs[2] = { GCRY_MD_SHAKE128, GCRY_MD_SHAKE256 };
  enum { OUTLEN = 1100, INLEN = 500 };
  unsigned char in[INLEN], ref[OUTLEN], out[OUTLEN];
  gcry_buffer_t iov[1];
  gcry_md_hd_t hd;
  gpg_error_t err;
  int x, bad;
  size_t s, i, chunk;

  for (i = 0; i < INLEN; i++)
    in[i] = (unsigned char)(i * 31 + 7);

  for (x = 0; x < 2; x++)
    {
      memset (iov, 0, sizeof iov);
      iov[0].data = in;
      iov[0].len = INLEN;
      err = gcry_md_hash_buffers_ext (xofs[x], 0, ref, OUTLEN, iov, 1);
      if (!check (!err, "%s: hash_buffers_ext (%s)",
                  gcry_md_algo_name (xofs[x]), gcry_strerror (err)))
        continue;

      bad = 0;
      for (s = 0; s <= 400; s += (s < 180 ? 1 : 13))
        {
          if (gcry_md_open (&hd, xofs[x], 0))
            die ("gcry_md_open");
          gcry_md_write (hd, in, s % INLEN);
          gcry_md_write (hd, in + s % INLEN, INLEN - s % INLEN);
          memset (out, 0, sizeof out);
          gcry_md_extract (hd, xofs[x], out, s);
          for (i = s; i < OUTLEN; i += chunk)
            {
              chunk = 1 + (i * 7 + s) % 211;
              if (chunk > OUTLEN - i)
                chunk = OUTLEN - i;
              gcry_md_extract (hd, xofs[x], out + i, chunk);
            }
          gcry_md_close (hd);
          if (memcmp (out, ref, OUTLEN))
            {
              bad++;
              fail ("%s: streaming output differs at split %zu",
                    gcry_md_algo_name (xofs[x]), s);
              break;
            }
        }
      if (!bad)
        pass ("%s: streaming extract equals one-shot",
              gcry_md_algo_name (xofs[x]));

      /* gcry_md_read gives the first dlen bytes of the same stream.  */
      if (gcry_md_open (&hd, xofs[x], 0))
        die ("gcry_md_open");
      gcry_md_write (hd, in, INLEN);
      check (!memcmp (gcry_md_read (hd, 0), ref,
                      gcry_md_get_algo_dlen (xofs[x])),
             "%s: gcry_md_read is the stream prefix",
             gcry_md_algo_name (xofs[x]));
      /* ... and then extract is refused (libgcrypt's rule).  */
      check (gpg_err_code (gcry_md_extract (hd, 0, out, 1))
             == GPG_ERR_INV_STATE, "%s: extract after read refused",
             gcry_md_algo_name (xofs[x]));
      gcry_md_close (hd);

      /* Read after extract returns NULL.  */
      if (gcry_md_open (&hd, xofs[x], 0))
        die ("gcry_md_open");
      gcry_md_extract (hd, 0, out, 3);
      check (gcry_md_read (hd, 0) == NULL,
             "%s: read after extract gives NULL",
             gcry_md_algo_name (xofs[x]));
      gcry_md_close (hd);
    }
}


/* Copy and reset: a copy continues independently from the state at
   the time of copying (including putc-buffered bytes); reset starts
   over.  */
static void
check_copy_reset (void)
{
  unsigned int i;
  unsigned char expect[64], out[64];

  for (i = 0; i < N_ALGOS; i++)
    {
      int algo = all_algos[i];
      unsigned int dlen = gcry_md_get_algo_dlen (algo);
      gcry_md_hd_t a, b;
      const char *name = gcry_md_algo_name (algo);

      gcry_md_hash_buffer (algo, expect, M896, strlen (M896));

      if (gcry_md_open (&a, algo, 0))
        die ("gcry_md_open");
      gcry_md_write (a, M896, 50);
      gcry_md_putc (a, M896[50]);
      gcry_md_putc (a, M896[51]);
      if (!check (!gcry_md_copy (&b, a), "%s: gcry_md_copy", name))
        die ("gcry_md_copy");
      gcry_md_write (a, "garbage", 7);
      gcry_md_write (b, M896 + 52, strlen (M896) - 52);
      check (!memcmp (gcry_md_read (b, algo), expect, dlen),
             "%s: copy continues the original state", name);
      /* A copy of a finalised handle keeps its digest.  */
      gcry_md_close (a);
      if (!gcry_md_copy (&a, b))
        {
          check (!memcmp (gcry_md_read (a, algo), expect, dlen),
                 "%s: copy of a finalised handle", name);
          gcry_md_close (a);
        }
      else
        fail ("%s: copy of a finalised handle", name);

      gcry_md_reset (b);
      gcry_md_write (b, M896, strlen (M896));
      check (!memcmp (gcry_md_read (b, 0), expect, dlen),
             "%s: reset starts over", name);
      gcry_md_reset (b);
      gcry_md_write (b, "abc", 3);
      memcpy (out, gcry_md_read (b, 0), dlen);
      gcry_md_hash_buffer (algo, expect, "abc", 3);
      check (!memcmp (out, expect, dlen), "%s: second reset", name);
      gcry_md_close (b);
    }
}


/* gcry_md_hash_buffers (_ext) with several buffers and offsets.  */
static void
check_hash_buffers (void)
{
  unsigned int i;
  unsigned char expect[64], out[200], xof[200];
  gcry_buffer_t iov[3];
  char buf0[] = "xxab", buf1[] = "c";
  gpg_error_t err;

  memset (iov, 0, sizeof iov);
  iov[0].data = buf0;
  iov[0].off = 2;
  iov[0].len = 2;
  iov[1].data = buf1;
  iov[1].len = 1;
  iov[2].data = buf1;
  iov[2].len = 0;

  for (i = 0; i < N_ALGOS; i++)
    {
      int algo = all_algos[i];
      unsigned int dlen = gcry_md_get_algo_dlen (algo);
      const char *name = gcry_md_algo_name (algo);

      gcry_md_hash_buffer (algo, expect, "abc", 3);
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers (algo, 0, out, iov, 3);
      check (!err && !memcmp (out, expect, dlen),
             "%s: hash_buffers", name);
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers_ext (algo, 0, out, -1, iov, 3);
      check (!err && !memcmp (out, expect, dlen),
             "%s: hash_buffers_ext (-1)", name);
      err = gcry_md_hash_buffers_ext (algo, 0, out, dlen, iov, 3);
      check (!err && !memcmp (out, expect, dlen),
             "%s: hash_buffers_ext (dlen)", name);
      if (algo == GCRY_MD_SHAKE128 || algo == GCRY_MD_SHAKE256)
        {
          gcry_md_hd_t hd;

          err = gcry_md_hash_buffers_ext (algo, 0, out, 200, iov, 3);
          if (gcry_md_open (&hd, algo, 0))
            die ("gcry_md_open");
          gcry_md_write (hd, "abc", 3);
          gcry_md_extract (hd, algo, xof, 200);
          gcry_md_close (hd);
          check (!err && !memcmp (out, xof, 200),
                 "%s: hash_buffers_ext with 200 output bytes", name);
        }
      else
        check (gpg_err_code (gcry_md_hash_buffers_ext (algo, 0, out,
                                                       dlen + 1, iov, 3))
               == GPG_ERR_DIGEST_ALGO
               && gpg_err_code (gcry_md_hash_buffers_ext (algo, 0, out,
                                                          -2, iov, 3))
               == GPG_ERR_DIGEST_ALGO,
               "%s: hash_buffers_ext with a wrong length", name);
    }

  check (gpg_err_code (gcry_md_hash_buffers (GCRY_MD_SHA256, 0, out,
                                             NULL, 1)) == GPG_ERR_INV_ARG
         && gpg_err_code (gcry_md_hash_buffers (GCRY_MD_SHA256, 0, out,
                                                NULL, 0)) == GPG_ERR_INV_ARG,
         "hash_buffers with NULL iov");
  check (gpg_err_code (gcry_md_hash_buffers (GCRY_MD_SHA256, 0, out,
                                             iov, -1)) == GPG_ERR_INV_ARG,
         "hash_buffers with a negative count");
  gcry_md_hash_buffer (GCRY_MD_SHA256, expect, "", 0);
  check (!gcry_md_hash_buffers (GCRY_MD_SHA256, 0, out, iov, 0)
         && !memcmp (out, expect, 32), "hash_buffers of no buffers");
  check (gpg_err_code (gcry_md_hash_buffers (GCRY_MD_SHA256, 0x100, out,
                                             iov, 1)) == GPG_ERR_INV_ARG,
         "hash_buffers with bad flags");
  check (gpg_err_code (gcry_md_hash_buffers (GCRY_MD_MD5, 0, out,
                                             iov, 1)) == GPG_ERR_DIGEST_ALGO,
         "hash_buffers with MD5 (not implemented)");
}


/* cSHAKE (NIST SP 800-185) through GCRYCTL_MD_CUSTOMIZE and through
   gcry_md_hash_buffers_ext with N and S as the first two buffers
   (libgcrypt's two interfaces).  Known answers: the four cSHAKE and
   two of the KMAC examples that NIST publishes for SP 800-185 (KMAC
   built here on cSHAKE as GnuPG does, which exercises a non-empty N
   and a two-byte length encoding), and further cases computed with
   pycryptodome's Keccak and an independent encoder (itself checked
   against the KMAC examples): N of 33 bytes, S of 200 bytes (the
   prefix fills more than a block), N and S of 254 bytes (the largest
   customization libgcrypt accepts), S of 8193 bytes (a three-byte
   length, only through hash_buffers) and prefixes of exactly one
   block.  */
static const struct
{
  int algo;
  const char *n;          /* Function name: "" or a string.  */
  const char *s;          /* Customization: "" or a string.  */
  unsigned int nrep, srep;  /* Repeat N / S that often (0: once).  */
  int data;               /* 0: bytes 00..03, 1: 00..c7, 2: "abc",
                             3: 3 x 00..ff, 4: 200 'x', 5: "", 6: "d".  */
  const char *hex;
} cshake_kat[] =
  {
    /* SP 800-185 examples, cSHAKE samples 1-4.  */
    { GCRY_MD_CSHAKE128, "", "Email Signature", 0, 0, 0,
      "c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5" },
    { GCRY_MD_CSHAKE128, "", "Email Signature", 0, 0, 1,
      "c5221d50e4f822d96a2e8881a961420f294b7b24fe3d2094baed2c6524cc166b" },
    { GCRY_MD_CSHAKE256, "", "Email Signature", 0, 0, 0,
      "d008828e2b80ac9d2218ffee1d070c48b8e4c87bff32c9699d5b6896eee0edd1"
      "64020e2be0560858d9c00c037e34a96937c561a74c412bb4c746469527281c8c" },
    { GCRY_MD_CSHAKE256, "", "Email Signature", 0, 0, 1,
      "07dc27b11e51fbac75bc7b3c1d983e8b4b85fb1defaf218912ac864302730917"
      "27f42b17ed1df63e8ec118f04b23633c1dfb1574c8fb55cb45da8e25afb092bb" },
    /* Computed (see above).  */
    { GCRY_MD_CSHAKE128, "N", "S", 33, 40, 2,
      "461a2234e654c62cd65ac6ee1563b52a67703889b7a868b495ce3dc82e1dd694" },
    { GCRY_MD_CSHAKE256, "F", "", 254, 254, 3,
      "fbd8853d9b8fd0e45557cdae56712bcc9f6425c19e01fd2251b6a1e0dac9ac29"
      "65242cdabeecf232012c78e496bf23681e1844e58360bc51049b8595c7032b3c"
      "b9260c9bd64856d41aedc0e85924c3e745ed14820ab4b541051becfe9c1bab20"
      "b15bab23" },
    { GCRY_MD_CSHAKE128, "", "s", 0, 200, 4,
      "999a2377a1a7063920647cb114e33e51471e6a1fcd8080d5808625d6060e13bc"
      "b280f64cc325b687685d0229c31e1750" },
    { GCRY_MD_CSHAKE256, "N", "", 0, 0, 5,
      "146218c188a425498f7782129ccfeda679c04731d12fd6d6d29d4adf38598a4c" },
    { GCRY_MD_CSHAKE128, "", "S", 0, 8193, 6,
      "b6894e877b8a5717eeb76eecf2448386dcc34daa51d31837ec8626872ffca736" },
    /* Prefixes of exactly one block (2 + 2 + 3 + 161 = 168 and
       2 + 2 + 3 + 129 = 136 bytes): no zero padding.  */
    { GCRY_MD_CSHAKE128, "", "S", 0, 161, 2,
      "b2a55544e2dc7948ce61bac981d2d6c1bb74c2e1f6bb893a46877efc01d689c3" },
    { GCRY_MD_CSHAKE256, "", "S", 0, 129, 2,
      "95a87baf40d180916e9470bfc17309319b06d3d054892c4998aa127e998864f3" }
  };

/* STR repeated REP times (0: once; an empty STR with REP gives REP
   zero bytes) in a malloced buffer.  */
static unsigned char *
cshake_string (const char *str, unsigned int rep, size_t *r_len)
{
  size_t n = strlen (str), len = rep ? (n ? n * rep : rep) : n, i;
  unsigned char *buf = malloc (len + 1);

  if (!buf)
    die ("out of core");
  for (i = 0; i < len; i++)
    buf[i] = n ? (unsigned char)str[i % n] : 0;
  *r_len = len;
  return buf;
}

static unsigned char *
cshake_data (int which, size_t *r_len)
{
  unsigned char *buf = malloc (768);
  size_t i, len = 0;

  if (!buf)
    die ("out of core");
  switch (which)
    {
    case 0: len = 4; break;
    case 1: len = 200; break;
    case 2: len = 3; memcpy (buf, "abc", 3); break;
    case 3: len = 768; break;
    case 4: len = 200; memset (buf, 'x', 200); break;
    case 5: len = 0; break;
    case 6: len = 1; buf[0] = 'd'; break;
    }
  if (which <= 1 || which == 3)
    for (i = 0; i < len; i++)
      buf[i] = (unsigned char)i;
  *r_len = len;
  return buf;
}

/* Byte string of SP 800-185's right_encode (X) / left_encode (X) for
   X < 2^32 into OUT; returns its length.  */
static size_t
sp800_185_encode (unsigned char *out, unsigned long x, int right)
{
  unsigned char be[4];
  size_t n = 0, i;

  for (i = 0; i < 4; i++)
    be[i] = (unsigned char)(x >> (24 - 8 * i));
  while (n < 3 && !be[n])
    n++;
  if (right)
    {
      memcpy (out, be + n, 4 - n);
      out[4 - n] = (unsigned char)(4 - n);
    }
  else
    {
      out[0] = (unsigned char)(4 - n);
      memcpy (out + 1, be + n, 4 - n);
    }
  return 4 - n + 1;
}

/* KMAC128/256 (SP 800-185, Section 4.3) of DATA with KEY, S and an
   output of OUTLEN bytes, built on the cSHAKE handle as GnuPG's KMAC
   is.  Returns the error of the customization.  */
static gpg_error_t
kmac (int algo, const void *key, size_t keylen, const char *s,
      const void *data, size_t datalen, unsigned char *out, size_t outlen)
{
  struct gcry_cshake_customization cust;
  unsigned int rate = algo == GCRY_MD_CSHAKE128 ? 168 : 136;
  unsigned char enc[8], zeros[168] = { 0 };
  size_t n, total;
  gcry_md_hd_t hd;
  gpg_error_t err;

  if (gcry_md_open (&hd, algo, 0))
    die ("gcry_md_open (cSHAKE)");
  cust.n = "KMAC";
  cust.n_len = 4;
  cust.s = s;
  cust.s_len = strlen (s);
  err = gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust);
  if (!err)
    {
      /* bytepad (encode_string (K), rate) || X || right_encode (L).  */
      total = n = sp800_185_encode (enc, rate, 0);
      gcry_md_write (hd, enc, n);
      total += n = sp800_185_encode (enc, keylen * 8, 0);
      gcry_md_write (hd, enc, n);
      gcry_md_write (hd, key, keylen);
      total += keylen;
      gcry_md_write (hd, zeros, (rate - total % rate) % rate);
      gcry_md_write (hd, data, datalen);
      n = sp800_185_encode (enc, outlen * 8, 1);
      gcry_md_write (hd, enc, n);
      err = gcry_md_extract (hd, algo, out, outlen);
    }
  gcry_md_close (hd);
  return err;
}

static void
check_cshake (void)
{
  struct gcry_cshake_customization cust;
  unsigned char out[128], ref[128], key[32], data4[4];
  gcry_md_hd_t hd, hd2;
  gcry_buffer_t iov[3];
  unsigned int i;
  gpg_error_t err;
  size_t j;

  for (i = 0; i < sizeof cshake_kat / sizeof *cshake_kat; i++)
    {
      int algo = cshake_kat[i].algo;
      size_t nlen, slen, dlen, elen;
      unsigned char *n = cshake_string (cshake_kat[i].n,
                                        cshake_kat[i].nrep, &nlen);
      unsigned char *s = cshake_string (cshake_kat[i].s,
                                        cshake_kat[i].srep, &slen);
      unsigned char *d = cshake_data (cshake_kat[i].data, &dlen);
      unsigned char *expect = test_hex2buf (cshake_kat[i].hex, &elen);

      if (!expect || elen > sizeof out)
        die ("bad cSHAKE vector %u", i);

      /* hash_buffers_ext: N, S, then the data split in two.  */
      memset (iov, 0, sizeof iov);
      iov[0].data = n;
      iov[0].len = nlen;
      iov[1].data = s;
      iov[1].len = slen;
      iov[2].data = d;
      iov[2].len = dlen;
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers_ext (algo, 0, out, (int)elen, iov, 3);
      check (!err && !memcmp (out, expect, elen),
             "cSHAKE vector %u through hash_buffers_ext: %s", i,
             err ? gpg_strerror (err) : test_buf2hex (out, elen));

      /* The handle, with the data in odd pieces and through putc.  */
      if (gcry_md_open (&hd, algo, 0))
        die ("gcry_md_open (cSHAKE)");
      cust.n = n;
      cust.n_len = nlen;
      cust.s = s;
      cust.s_len = slen;
      err = gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust);
      if (nlen >= 255 || slen >= 255)
        check (gpg_err_code (err) == GPG_ERR_TOO_LARGE,
               "cSHAKE vector %u: customization of 255 bytes or more", i);
      else
        {
          check (!err, "cSHAKE vector %u: customize: %s", i,
                 gpg_strerror (err));
          for (j = 0; j < dlen; j += 7)
            {
              size_t k = dlen - j < 7 ? dlen - j : 7;

              if (j % 2)
                {
                  gcry_md_putc (hd, d[j]);
                  gcry_md_write (hd, d + j + 1, k - 1);
                }
              else
                gcry_md_write (hd, d + j, k);
            }
          memset (out, 0, sizeof out);
          err = gcry_md_extract (hd, algo, out, 5);
          if (!err)
            err = gcry_md_extract (hd, algo, out + 5, elen - 5);
          check (!err && !memcmp (out, expect, elen),
                 "cSHAKE vector %u through a handle: %s", i,
                 test_buf2hex (out, elen));
        }
      gcry_md_close (hd);
      free (n);
      free (s);
      free (d);
      free (expect);
    }

  /* KMAC examples of SP 800-185 (KMAC128 sample 1, KMAC256 sample 4):
     key 0x40..0x5f, data 00 01 02 03.  */
  for (i = 0; i < 32; i++)
    key[i] = (unsigned char)(0x40 + i);
  for (i = 0; i < 4; i++)
    data4[i] = (unsigned char)i;
  err = kmac (GCRY_MD_CSHAKE128, key, 32, "", data4, 4, out, 32);
  check (!err && !strcmp (test_buf2hex (out, 32),
                          "e5780b0d3ea6f7d3a429c5706aa43a00"
                          "fadbd7d49628839e3187243f456ee14e"),
         "KMAC128 sample 1");
  err = kmac (GCRY_MD_CSHAKE256, key, 32, "My Tagged Application",
              data4, 4, out, 64);
  check (!err && !strcmp (test_buf2hex (out, 64),
                          "20c570c31346f703c9ac36c61c03cb64"
                          "c3970d0cfc787e9b79599d273a68d2f7"
                          "f69d4cc3de9d104a351689f27cf6f595"
                          "1f0103f33f4f24871024d9c27773a8dd"),
         "KMAC256 sample 4");

  /* Without N and S (empty strings, fewer than two buffers, or no
     customization at all) cSHAKE is SHAKE.  */
  memset (iov, 0, sizeof iov);
  iov[0].data = NULL;           /* Empty buffers may have no data.  */
  iov[1].data = (void *)"";
  iov[2].data = (void *)"abc";
  iov[2].len = 3;
  for (i = 0; i < 2; i++)
    {
      int algo = i ? GCRY_MD_CSHAKE256 : GCRY_MD_CSHAKE128;
      int shake = i ? GCRY_MD_SHAKE256 : GCRY_MD_SHAKE128;
      unsigned int dl = gcry_md_get_algo_dlen (algo);

      check (dl == (i ? 64u : 32u), "cSHAKE%d digest length %u",
             i ? 256 : 128, dl);
      gcry_md_hash_buffer (shake, ref, "abc", 3);
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers (algo, 0, out, iov, 3);
      check (!err && !memcmp (out, ref, dl), "cSHAKE with empty N and S");
      memset (out, 0, sizeof out);
      err = gcry_md_hash_buffers (algo, 0, out, iov + 2, 1);
      check (!err && !memcmp (out, ref, dl), "cSHAKE with one buffer");
      memset (out, 0, sizeof out);
      gcry_md_hash_buffer (algo, out, "abc", 3);
      check (!memcmp (out, ref, dl), "cSHAKE through hash_buffer");
      if (gcry_md_open (&hd, algo, 0))
        die ("gcry_md_open (cSHAKE)");
      cust.n = NULL;
      cust.n_len = 0;
      cust.s = NULL;
      cust.s_len = 0;
      err = gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust);
      gcry_md_write (hd, "abc", 3);
      check (!err && !memcmp (gcry_md_read (hd, 0), ref, dl),
             "cSHAKE customized with nothing");
      gcry_md_close (hd);
    }

  /* gcry_md_read gives the first 64 bytes; a copy keeps the
     customization; a reset drops it.  */
  if (gcry_md_open (&hd, GCRY_MD_CSHAKE256, 0))
    die ("gcry_md_open (cSHAKE256)");
  cust.n = "";
  cust.n_len = 0;
  cust.s = "Email Signature";
  cust.s_len = 15;
  if (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust))
    die ("customize");
  gcry_md_write (hd, data4, 2);
  if (gcry_md_copy (&hd2, hd))
    die ("gcry_md_copy");
  gcry_md_write (hd, data4 + 2, 2);
  gcry_md_write (hd2, data4 + 2, 2);
  check (!strcmp (test_buf2hex (gcry_md_read (hd, 0), 64),
                  cshake_kat[2].hex)
         && !strcmp (test_buf2hex (gcry_md_read (hd2, 0), 64),
                     cshake_kat[2].hex),
         "cSHAKE256 read and copy");
  check (gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust,
                                    sizeof cust)) == GPG_ERR_INV_STATE,
         "customize after final");
  gcry_md_reset (hd);
  gcry_md_write (hd, "abc", 3);
  gcry_md_hash_buffer (GCRY_MD_SHAKE256, ref, "abc", 3);
  check (!memcmp (gcry_md_read (hd, 0), ref, 64),
         "reset drops the customization");
  gcry_md_close (hd2);

  /* Misuse.  */
  gcry_md_reset (hd);
  gcry_md_final (hd);
  check (gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust,
                                    sizeof cust)) == GPG_ERR_INV_STATE,
         "customize a finalized handle without data");
  gcry_md_reset (hd);
  gcry_md_write (hd, "a", 1);
  check (gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust,
                                    sizeof cust)) == GPG_ERR_INV_STATE,
         "customize after data");
  gcry_md_reset (hd);
  gcry_md_putc (hd, 'a');
  check (gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust,
                                    sizeof cust)) == GPG_ERR_INV_STATE,
         "customize after putc");
  gcry_md_reset (hd);
  check (!gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust)
         && gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust,
                                       sizeof cust)) == GPG_ERR_INV_STATE,
         "customize twice");
  /* An empty customization changes nothing, so a real one may
     follow.  */
  gcry_md_reset (hd);
  {
    struct gcry_cshake_customization none = { NULL, 0, NULL, 0 };

    check (!gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &none, sizeof none)
           && !gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust),
           "customize after an empty customization");
    gcry_md_write (hd, data4, 4);
    check (!strcmp (test_buf2hex (gcry_md_read (hd, 0), 64),
                    cshake_kat[2].hex),
           "cSHAKE256 customized after an empty customization");
  }
  gcry_md_reset (hd);
  check (gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust,
                                    sizeof cust - 1)) == GPG_ERR_INV_ARG
         && gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, NULL,
                                       sizeof cust)) == GPG_ERR_INV_ARG,
         "customize with a bad buffer");
  cust.s = NULL;
  check (gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust,
                                    sizeof cust)) == GPG_ERR_INV_ARG,
         "customize with S NULL");
  cust.s = "x";
  cust.s_len = 1;
  cust.n_len = 255;
  check (gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust,
                                    sizeof cust)) == GPG_ERR_TOO_LARGE,
         "customize with N of 255 bytes");
  /* A handle with another algorithm cannot be customized, nor an
     empty one; cSHAKE has no HMAC.  */
  check (!gcry_md_enable (hd, GCRY_MD_SHA256)
         && gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust,
                                       sizeof cust)) == GPG_ERR_DIGEST_ALGO,
         "customize a handle with SHA-256 too");
  gcry_md_close (hd);
  if (gcry_md_open (&hd, 0, 0))
    die ("gcry_md_open (0)");
  check (gpg_err_code (gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust,
                                    sizeof cust)) == GPG_ERR_DIGEST_ALGO,
         "customize a handle without algorithms");
  gcry_md_close (hd);
  check (gpg_err_code (gcry_md_open (&hd, GCRY_MD_CSHAKE128,
                                     GCRY_MD_FLAG_HMAC))
         == GPG_ERR_DIGEST_ALGO, "HMAC with cSHAKE");

  /* cSHAKE128 and cSHAKE256 in one handle are customized together.  */
  if (gcry_md_open (&hd, GCRY_MD_CSHAKE128, 0)
      || gcry_md_enable (hd, GCRY_MD_CSHAKE256))
    die ("gcry_md_open (two cSHAKEs)");
  cust.n = "";
  cust.n_len = 0;
  cust.s = "Email Signature";
  cust.s_len = 15;
  err = gcry_md_ctl (hd, GCRYCTL_MD_CUSTOMIZE, &cust, sizeof cust);
  gcry_md_write (hd, data4, 4);
  check (!err
         && !strcmp (test_buf2hex (gcry_md_read (hd, GCRY_MD_CSHAKE128), 32),
                     cshake_kat[0].hex)
         && !strcmp (test_buf2hex (gcry_md_read (hd, GCRY_MD_CSHAKE256), 64),
                     cshake_kat[2].hex),
         "cSHAKE128 and cSHAKE256 in one handle");
  gcry_md_close (hd);
}

/* HMAC known answers: RFC 4231 test cases 1, 2 and 7 (keys 0x0b*20,
   "Jefe" and 0xaa*131 longer than any block), for every fixed-length
   hash, through handles and through hash_buffers.  */
static const struct
{
  int algo;
  const char *hex[3];
} hmac_kat[] =
  {
    { GCRY_MD_SHA1,
      {
        "b617318655057264e28bc0b6fb378c8ef146be00",
        "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79",
        "217e44bb08b6e06a2d6c30f3cb9f537f97c63356"
      } },
    { GCRY_MD_SHA224,
      {
        "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
        "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
        "3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1"
      } },
    { GCRY_MD_SHA256,
      {
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
      } },
    { GCRY_MD_SHA384,
      {
        "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
        "faea9ea9076ede7f4af152e8b2fa9cb6",
        "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
        "8e2240ca5e69e2c78b3239ecfab21649",
        "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5"
        "a678cc31e799176d3860e6110c46523e"
      } },
    { GCRY_MD_SHA512,
      {
        "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
        "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854",
        "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
        "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
        "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
        "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"
      } },
    { GCRY_MD_SHA512_224,
      {
        "b244ba01307c0e7a8ccaad13b1067a4cf6b961fe0c6a20bda3d92039",
        "4a530b31a79ebcce36916546317c45f247d83241dfb818fd37254bde",
        "82a9619b47af0cea73a8b9741355ce902d807ad87ee9078522a246e1"
      } },
    { GCRY_MD_SHA512_256,
      {
        "9f9126c3d9c3c330d760425ca8a217e31feae31bfe70196ff81642b868402eab",
        "6df7b24630d5ccb2ee335407081a87188c221489768fa2020513b2d593359456",
        "6ea83f8e7315072c0bdaa33b93a26fc1659974637a9db8a887d06c05a7f35a66"
      } },
    { GCRY_MD_SHA3_224,
      {
        "3b16546bbc7be2706a031dcafd56373d9884367641d8c59af3c860f7",
        "7fdb8dd88bd2f60d1b798634ad386811c2cfc85bfaf5d52bbace5e66",
        "05d8cd6d00faea8d1eb68ade28730bbd3cbab6929f0a086b29cd62a0"
      } },
    { GCRY_MD_SHA3_256,
      {
        "ba85192310dffa96e2a3a40e69774351140bb7185e1202cdcc917589f95e16bb",
        "c7d4072e788877ae3596bbb0da73b887c9171f93095b294ae857fbe2645e1ba5",
        "65c5b06d4c3de32a7aef8763261e49adb6e2293ec8e7c61e8de61701fc63e123"
      } },
    { GCRY_MD_SHA3_384,
      {
        "68d2dcf7fd4ddd0a2240c8a437305f61fb7334cfb5d0226e1bc27dc10a2e723a"
        "20d370b47743130e26ac7e3d532886bd",
        "f1101f8cbf9766fd6764d2ed61903f21ca9b18f57cf3e1a23ca13508a93243ce"
        "48c045dc007f26a21b3f5e0e9df4c20a",
        "026fdf6b50741e373899c9f7d5406d4eb09fc6665636fc1a530029ddf5cf3ca5"
        "a900edce01f5f61e2f408cdf2fd3e7e8"
      } },
    { GCRY_MD_SHA3_512,
      {
        "eb3fbd4b2eaab8f5c504bd3a41465aacec15770a7cabac531e482f860b5ec7ba"
        "47ccb2c6f2afce8f88d22b6dc61380f23a668fd3888bb80537c0a0b86407689e",
        "5a4bfeab6166427c7a3647b747292b8384537cdb89afb3bf5665e4c5e709350b"
        "287baec921fd7ca0ee7a0c31d022a95e1fc92ba9d77df883960275beb4e62024",
        "38a456a004bd10d32c9ab8336684112862c3db61adcca31829355eaf46fd5c73"
        "d06a1f0d13fec9a652fb3811b577b1b1d1b9789f97ae5b83c6f44dfcf1d67eba"
      } }
  };

static void
check_hmac (void)
{
  unsigned char key[3][131];
  size_t keylen[3] = { 20, 4, 131 };
  const char *data[3] =
    { "Hi There", "what do ya want for nothing?",
      "This is a test using a larger than block-size key and a larger "
      "than block-size data. The key needs to be hashed before being "
      "used by the HMAC algorithm." };
  unsigned char out[64];
  unsigned int i, t, dlen;
  gcry_md_hd_t hd;
  gcry_buffer_t iov[2];
  gpg_error_t err;

  memset (key[0], 0x0b, 20);
  memcpy (key[1], "Jefe", 4);
  memset (key[2], 0xaa, 131);

  for (i = 0; i < sizeof hmac_kat / sizeof *hmac_kat; i++)
    {
      int algo = hmac_kat[i].algo;
      const char *name = gcry_md_algo_name (algo);

      dlen = gcry_md_get_algo_dlen (algo);
      err = gcry_md_open (&hd, algo, GCRY_MD_FLAG_HMAC);
      if (!check (!err, "HMAC-%s: open", name))
        continue;
      for (t = 0; t < 3; t++)
        {
          err = gcry_md_setkey (hd, key[t], keylen[t]);
          gcry_md_write (hd, data[t], strlen (data[t]));
          check (!err && !strcmp (test_buf2hex (gcry_md_read (hd, 0), dlen),
                                  hmac_kat[i].hex[t]),
                 "HMAC-%s test case %u", name, t);
          /* Reset keeps the key.  */
          gcry_md_reset (hd);
          gcry_md_write (hd, data[t], 3);
          gcry_md_write (hd, data[t] + 3, strlen (data[t]) - 3);
          check (!strcmp (test_buf2hex (gcry_md_read (hd, 0), dlen),
                          hmac_kat[i].hex[t]),
                 "HMAC-%s test case %u after reset", name, t);

          memset (iov, 0, sizeof iov);
          iov[0].data = key[t];
          iov[0].len = keylen[t];
          iov[1].data = (void *)data[t];
          iov[1].len = strlen (data[t]);
          memset (out, 0, sizeof out);
          err = gcry_md_hash_buffers (algo, GCRY_MD_FLAG_HMAC, out, iov, 2);
          check (!err && !strcmp (test_buf2hex (out, dlen),
                                  hmac_kat[i].hex[t]),
                 "HMAC-%s test case %u via hash_buffers", name, t);
        }
      gcry_md_close (hd);
    }

  check (gpg_err_code (gcry_md_open (&hd, GCRY_MD_SHAKE128,
                                     GCRY_MD_FLAG_HMAC))
         == GPG_ERR_DIGEST_ALGO && !hd, "HMAC with an XOF is refused");
  if (!gcry_md_open (&hd, GCRY_MD_SHA256, 0))
    {
      check (gpg_err_code (gcry_md_setkey (hd, "k", 1))
             == GPG_ERR_DIGEST_ALGO, "setkey on a plain hash handle");
      gcry_md_close (hd);
    }
}


/* Names and OIDs map back and forth.  */
static void
check_names (void)
{
  static const struct { const char *name; int algo; } extra[] =
    {
      { "sha256", GCRY_MD_SHA256 },
      { "Sha3-512", GCRY_MD_SHA3_512 },
      { "shake256", GCRY_MD_SHAKE256 },
      { "CSHAKE128", GCRY_MD_CSHAKE128 },
      { "cshake256", GCRY_MD_CSHAKE256 },
      { "sha512_224", GCRY_MD_SHA512_224 },
      { "2.16.840.1.101.3.4.2.1", GCRY_MD_SHA256 },
      { "oid.2.16.840.1.101.3.4.2.8", GCRY_MD_SHA3_256 },
      { "OID.2.16.840.1.101.3.4.2.11", GCRY_MD_SHAKE128 },
      { "1.3.14.3.2.26", GCRY_MD_SHA1 },
      { "1.2.840.113549.1.1.11", GCRY_MD_SHA256 },
      { "SHA-256", 0 },
      { "MD5", 0 },
      { "", 0 },
      { "2.16.840.1.101.3.4.2.99", 0 },
    };
  static const char *const expected_names[N_ALGOS] =
    { "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "SHA512_224",
      "SHA512_256", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512",
      "SHAKE128", "SHAKE256" };
  unsigned int i;

  for (i = 0; i < N_ALGOS; i++)
    {
      const char *name = gcry_md_algo_name (all_algos[i]);

      check (!strcmp (name, expected_names[i]), "name of %d is %s",
             all_algos[i], name);
      check (gcry_md_map_name (name) == all_algos[i],
             "map_name (%s)", name);
      check (!gcry_md_test_algo (all_algos[i]), "test_algo (%s)", name);
    }
  for (i = 0; i < sizeof extra / sizeof *extra; i++)
    check (gcry_md_map_name (extra[i].name) == extra[i].algo,
           "map_name (\"%s\") = %d", extra[i].name, extra[i].algo);
  check (gcry_md_map_name (NULL) == 0, "map_name (NULL)");
  check (!strcmp (gcry_md_algo_name (4711), "?"), "algo_name (4711)");
  check (!strcmp (gcry_md_algo_name (GCRY_MD_MD5), "?"), "algo_name (MD5)");
}


/* Errors for unknown, unimplemented and misused algorithms.  */
static void
check_errors (void)
{
  gcry_md_hd_t hd = (gcry_md_hd_t)1;
  unsigned char buf[64], asn[32];
  size_t n;
  int algo;

  check (gpg_err_code (gcry_md_open (&hd, 4711, 0)) == GPG_ERR_DIGEST_ALGO
         && !hd, "open of an unknown algorithm");
  check (gpg_err_code (gcry_md_open (&hd, GCRY_MD_MD5, 0))
         == GPG_ERR_DIGEST_ALGO, "open of MD5 (not implemented)");
  check (gpg_err_code (gcry_md_open (&hd, GCRY_MD_SHA256, 0x80))
         == GPG_ERR_INV_ARG, "open with bad flags");
  check (gpg_err_code (gcry_md_test_algo (4711)) == GPG_ERR_DIGEST_ALGO,
         "test_algo of an unknown algorithm");
  check (gpg_err_code (gcry_md_test_algo (GCRY_MD_BLAKE2B_512))
         == GPG_ERR_DIGEST_ALGO, "test_algo of BLAKE2b");
  check (gcry_md_get_algo_dlen (4711) == 0, "dlen of an unknown algorithm");
  check (gcry_md_get_algo_dlen (GCRY_MD_SHAKE128) == 32
         && gcry_md_get_algo_dlen (GCRY_MD_SHAKE256) == 64,
         "SHAKE digest lengths");

  /* The DER DigestInfo prefix of SHA-256 (RFC 8017, 9.2 note 1).  */
  n = sizeof asn;
  check (!gcry_md_get_asnoid (GCRY_MD_SHA256, asn, &n)
         && n == 19
         && !strcmp (test_buf2hex (asn, n),
                     "3031300d060960864801650304020105000420"),
         "ASN.1 prefix of SHA-256");
  n = sizeof asn;
  check (!gcry_md_get_asnoid (GCRY_MD_SHA1, asn, &n) && n == 15
         && !strcmp (test_buf2hex (asn, n), "3021300906052b0e03021a05000414"),
         "ASN.1 prefix of SHA-1");
  n = 3;
  check (gpg_err_code (gcry_md_get_asnoid (GCRY_MD_SHA256, asn, &n))
         == GPG_ERR_TOO_SHORT, "ASN.1 prefix into a short buffer");
  check (gpg_err_code (gcry_md_get_asnoid (4711, asn, &n))
         == GPG_ERR_DIGEST_ALGO, "ASN.1 prefix of an unknown algorithm");
  check (gpg_err_code (gcry_md_algo_info (GCRY_MD_SHA256, 4711, NULL, NULL))
         == GPG_ERR_INV_OP, "algo_info with an unknown command");
  check (!gcry_md_algo_info (GCRY_MD_SHA3_256, GCRYCTL_SELFTEST, NULL, NULL)
         && !gcry_md_algo_info (GCRY_MD_CSHAKE128, GCRYCTL_SELFTEST,
                                NULL, NULL),
         "self-test of SHA3-256 and cSHAKE128");
  check (gpg_err_code (gcry_md_algo_info (4711, GCRYCTL_SELFTEST, NULL, NULL))
         == GPG_ERR_NOT_IMPLEMENTED, "self-test of an unknown algorithm");
  /* cSHAKE has no OID: an empty prefix, as in libgcrypt.  */
  n = sizeof asn;
  check (!gcry_md_get_asnoid (GCRY_MD_CSHAKE256, asn, &n) && n == 0,
         "ASN.1 prefix of cSHAKE256");
  check (!strcmp (gcry_md_algo_name (GCRY_MD_CSHAKE128), "CSHAKE128")
         && !strcmp (gcry_md_algo_name (GCRY_MD_CSHAKE256), "CSHAKE256")
         && !gcry_md_test_algo (GCRY_MD_CSHAKE256),
         "cSHAKE names");

  if (gcry_md_open (&hd, GCRY_MD_SHA256, GCRY_MD_FLAG_SECURE))
    die ("gcry_md_open (secure)");
  check (gcry_md_is_secure (hd) == 1, "secure handle reports secure");
  check (gpg_err_code (gcry_md_extract (hd, 0, buf, 8))
         == GPG_ERR_DIGEST_ALGO, "extract from SHA-256");
  check (gcry_md_read (hd, GCRY_MD_SHA1) == NULL,
         "read of an algorithm not enabled");
  check (gpg_err_code (gcry_md_ctl (hd, 4711, NULL, 0)) == GPG_ERR_INV_OP,
         "md_ctl with an unknown command");
  check (!gcry_md_start_debug (hd, "t-hash") && !gcry_md_stop_debug (hd, 0),
         "debug dump requests are accepted");
  gcry_md_debug (hd, "t-hash");
  gcry_md_debug (hd, NULL);
  gcry_md_close (hd);
  gcry_md_close (NULL);

  /* Several algorithms in one handle.  */
  if (gcry_md_open (&hd, 0, 0))
    die ("gcry_md_open (0)");
  check (gcry_md_get_algo (hd) == 0, "no algorithm enabled");
  check (gcry_md_is_secure (hd) == 0, "normal handle is not secure");
  check (!gcry_md_enable (hd, GCRY_MD_SHA256)
         && !gcry_md_enable (hd, GCRY_MD_SHA3_256)
         && !gcry_md_enable (hd, GCRY_MD_SHA256),
         "enable two algorithms");
  check (gpg_err_code (gcry_md_enable (hd, 4711)) == GPG_ERR_DIGEST_ALGO,
         "enable an unknown algorithm");
  check (gcry_md_is_enabled (hd, GCRY_MD_SHA3_256)
         && !gcry_md_is_enabled (hd, GCRY_MD_SHA512),
         "is_enabled");
  algo = GCRY_MD_SHA256;
  n = sizeof algo;
  check (!gcry_md_info (hd, GCRYCTL_IS_ALGO_ENABLED, &algo, &n) && n == 1,
         "md_info IS_ALGO_ENABLED");
  gcry_md_write (hd, "abc", 3);
  gcry_md_final (hd);
  gcry_md_hash_buffer (GCRY_MD_SHA256, buf, "abc", 3);
  check (!memcmp (gcry_md_read (hd, GCRY_MD_SHA256), buf, 32),
         "SHA-256 in a two-algorithm handle");
  gcry_md_hash_buffer (GCRY_MD_SHA3_256, buf, "abc", 3);
  check (!memcmp (gcry_md_read (hd, GCRY_MD_SHA3_256), buf, 32),
         "SHA3-256 in a two-algorithm handle");
  /* Writes after finalisation are ignored.  */
  gcry_md_write (hd, "more", 4);
  check (!memcmp (gcry_md_read (hd, GCRY_MD_SHA3_256), buf, 32),
         "write after final does not change the digest");
  /* An algorithm enabled after finalisation starts fresh and is
     finished by the next read.  */
  check (!gcry_md_enable (hd, GCRY_MD_SHA512), "enable after final");
  gcry_md_write (hd, "abc", 3);
  gcry_md_hash_buffer (GCRY_MD_SHA512, buf, "abc", 3);
  check (!memcmp (gcry_md_read (hd, GCRY_MD_SHA512), buf, 64),
         "algorithm enabled after final");
  gcry_md_hash_buffer (GCRY_MD_SHA256, buf, "abc", 3);
  check (!memcmp (gcry_md_read (hd, GCRY_MD_SHA256), buf, 32),
         "old algorithm unchanged after a late enable");
  gcry_md_close (hd);
}


/* True if each of the Keccak fields "keccak", "keccak-x4" and
   "keccak-x8" in the backends line CFG names the portable backend
   "generic".  A positive test: a new SIMD backend with an unexpected
   name cannot slip through.  */
static int
keccak_all_generic (const char *cfg)
{
  static const char *const sets[] = { "keccak", "keccak-x4", "keccak-x8" };
  char want[32];
  int i;

  for (i = 0; i < 3; i++)
    {
      snprintf (want, sizeof want, ":%s:generic:", sets[i]);
      if (!strstr (cfg, want))
        return 0;
    }
  return 1;
}

/* With GCRYPT_PQC_HWF_DISABLE=all the Keccak permutations must be the
   portable ones, and a disabled SIMD level must not be chosen: the
   proof that the per-backend runs test what they claim.  */
static void
check_backend_forced (const char *disabled_opt)
{
  const char *env = getenv ("GCRYPT_PQC_HWF_DISABLE");
  char *cfg = gcry_get_config (0, "backends");
  char *p, *keccak_part;

  if (!cfg)
    {
      fail ("gcry_get_config (backends) returned NULL");
      return;
    }
  /* Only the keccak fields: "keccak:X:keccak-x4:Y:keccak-x8:Z:".  */
  keccak_part = strstr (cfg, "keccak:");
  if (!check (keccak_part != NULL, "backends list names keccak"))
    {
      gcry_free (cfg);
      return;
    }
  p = strstr (keccak_part, "keccak-x8:");
  if (p && (p = strchr (p + 10, ':')))
    p[1] = 0;

  if (disabled_opt && !strcmp (disabled_opt, "all"))
    check (keccak_all_generic (cfg),
           "GCRYCTL_DISABLE_HWF \"all\" gives the portable Keccak (%s)",
           keccak_part);
  else if (env && !strcmp (env, "all"))
    check (keccak_all_generic (cfg),
           "GCRYPT_PQC_HWF_DISABLE=all gives the portable Keccak (%s)",
           keccak_part);
  else if (env && strstr (env, "intel-avx512"))
    check (!strstr (keccak_part, "avx512"),
           "disabled AVX-512 is not used (%s)", keccak_part);
  else
    info ("keccak backends: %s", keccak_part);
  gcry_free (cfg);
}


/* The SHA-1/SHA-2 backend of SET ("sha1", "sha256", "sha512") in the
   backends line CFG, copied to BUF; "" if missing.  */
static const char *
sha_backend (const char *cfg, const char *set, char *buf, size_t size)
{
  char want[16];
  const char *p;
  size_t n;

  snprintf (want, sizeof want, ":%s:", set);
  buf[0] = 0;
  if (!(p = strstr (cfg, want)))
    return buf;
  p += strlen (want);
  n = strcspn (p, ":");
  if (n >= size)
    n = size - 1;
  memcpy (buf, p, n);
  buf[n] = 0;
  return buf;
}

/* Print the SHA backends that run, and check that "all" selects the
   portable ones and that a disabled feature is not used: SHA-NI
   (intel-shaext) for SHA-1 and SHA-256, AVX2 for SHA-512.  */
static void
check_sha_backend_forced (const char *disabled_opt)
{
  const char *env = getenv ("GCRYPT_PQC_HWF_DISABLE");
  char *cfg = gcry_get_config (0, "backends");
  char b1[16], b256[16], b512[16];
  int all = ((disabled_opt && !strcmp (disabled_opt, "all"))
             || (env && !strcmp (env, "all")));

  if (!cfg)
    {
      fail ("gcry_get_config (backends) returned NULL");
      return;
    }
  sha_backend (cfg, "sha1", b1, sizeof b1);
  sha_backend (cfg, "sha256", b256, sizeof b256);
  sha_backend (cfg, "sha512", b512, sizeof b512);
  info ("sha backends: sha1 %s, sha256 %s, sha512 %s", b1, b256, b512);
  check (*b1 && *b256 && *b512, "backends list names sha1, sha256, sha512");
  if (all)
    check (!strcmp (b1, "generic") && !strcmp (b256, "generic")
           && !strcmp (b512, "generic"),
           "disabling all hardware features gives the portable SHA code");
  if (env && strstr (env, "intel-shaext"))
    check (strcmp (b1, "shaext") && strcmp (b256, "shaext"),
           "disabled SHA-NI is not used");
  if (env && strstr (env, "intel-avx2"))
    check (strcmp (b512, "avx2"), "disabled AVX2 is not used for SHA-512");
  gcry_free (cfg);
}


int
main (int argc, char **argv)
{
  const char *disabled_opt = NULL;
  int i;

  /* Remember "--disable-hwf all" (test_init consumes it) so that the
     control-call path is checked like the environment variable.  */
  for (i = 1; i + 1 < argc; i++)
    if (!strcmp (argv[i], "--disable-hwf"))
      disabled_opt = argv[i + 1];

  argc = test_init (argc, argv);
  if (argc > 1)
    {
      fprintf (stderr, "usage: " PGM " [--verbose] [--disable-hwf NAME]\n");
      return 2;
    }

  check_backend_forced (disabled_opt);
  check_sha_backend_forced (disabled_opt);
  check_kats ();
  check_lengths ();
  check_block_runs ();
  check_shake_empty ();
  check_xof_streaming ();
  check_copy_reset ();
  check_hash_buffers ();
  check_cshake ();
  check_hmac ();
  check_names ();
  check_errors ();

  return test_exit ();
}
