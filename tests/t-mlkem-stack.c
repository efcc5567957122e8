/* t-mlkem-stack.c - The ML-KEM stack burn covers the operations
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

/* The entry points of ML-KEM (cipher/kem.c, the pk interface and the
 * selftest) burn MLKEM_STACK_BURN bytes of stack after an operation
 * (cipher/mlkem.h), so that nothing the compiler spilled into a deeper
 * frame survives.  That only works if no operation goes deeper.  This
 * test measures how deep KeyGen, Encaps and Decaps go for every
 * parameter set with the backend of the current hardware features
 * (the test runner repeats it with the SIMD levels disabled): it
 * paints the stack below its frame, runs the internal operation
 * (which does not burn) from the same frame and finds the deepest
 * byte that changed.  A compiler or an option (-O0, sanitizers) that
 * makes the frames bigger fails here instead of leaving secrets on
 * the stack.
 *
 * The measurement is in t-stack-depth.h (it skips under valgrind).  */

#define PGM "t-mlkem-stack"
#include "t-common.h"
#include "g10lib.h"
#include "mlkem.h"
#include "t-stack-depth.h"

#if STACK_DEPTH_USABLE
static byte ek[1568], dk[3168], ct[1568], ss[32], ss2[32];

/* Run operation OP (0 KeyGen, 1 Encaps, 2 Decaps) of P and return its
   stack depth; *ERR is set if the operation failed.  */
static __attribute__ ((noinline)) size_t
measure (const mlkem_param_t *p, int op, gpg_err_code_t *err)
{
  static const byte seed[MLKEM_SEED_LEN] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  static const byte m[MLKEM_MSG_LEN] = { 9, 10, 11, 12 };

  *err = 0;
  stack_paint ();
  if (op == 0)
    *err = _gcry_mlkem_keygen_internal (p, ek, dk, seed);
  else if (op == 1)
    *err = _gcry_mlkem_encaps (p, ct, ss, ek, m);
  else
    *err = _gcry_mlkem_decaps (p, ss2, dk, ct);
  return stack_painted_depth ();
}

/* Run operation OP of the KEM algorithm ALGO (parameters P) through
   the public API, which burns the stack afterwards, and return the
   number of places in the stack below this frame that hold 8 bytes
   of SECRETS (SLEN bytes).  The secrets are random (or hash
   outputs), and the test's own copies are not on the stack.  */
static __attribute__ ((noinline)) size_t
secret_hits (int algo, const mlkem_param_t *p, int op, const byte *secrets,
             size_t slen)
{
  gpg_error_t err;

  stack_paint ();
  if (op == 0)
    err = gcry_kem_genkey (algo, ek, p->ek_len, dk, p->dk_len,
                           secrets, MLKEM_SEED_LEN);
  else if (op == 1)
    err = gcry_kem_encap (algo, ek, p->ek_len, ct, p->ct_len, ss, 32,
                          secrets + MLKEM_SEED_LEN, MLKEM_MSG_LEN);
  else
    err = gcry_kem_decap (algo, dk, p->dk_len, ct, p->ct_len, ss2, 32,
                          NULL, 0);
  if (err)
    fail ("KEM operation %d of %s failed: %s", op, p->name,
          gpg_strerror (err));
  return stack_secret_hits (secrets, slen);
}

/* Nothing of the secrets stays on the stack after the operations of
   the public API: whatever the workspace, the wipes and the burn
   miss shows up here.  Besides the inputs and outputs (d || z, m,
   dk_PKE, K) it looks for the intermediate seeds sigma (of the noise
   of KeyGen) and r (of Encrypt), which only the operations' own
   sponges and buffers hold: FIPS 203 Algorithms 13 and 17,
   (rho, sigma) = G (d || k), (K, r) = G (m || H (ek)).  */
static void
check_secrets_gone (int algo, const mlkem_param_t *p)
{
  static const char *const names[3] = { "KeyGen", "Encaps", "Decaps" };
  static byte secrets[MLKEM_SEED_LEN + MLKEM_MSG_LEN + 2 * 32
                      + 4 * 384 + 32];
  byte g[64], in[64];
  size_t dkpke = p->k * 384, slen, hits;   /* ByteEncode_12 (s-hat) */
  int op;

  gcry_randomize (secrets, MLKEM_SEED_LEN + MLKEM_MSG_LEN,
                  GCRY_WEAK_RANDOM);
  slen = MLKEM_SEED_LEN + MLKEM_MSG_LEN;
  memcpy (in, secrets, 32);
  in[32] = p->k;
  gcry_md_hash_buffer (GCRY_MD_SHA3_512, g, in, 33);
  memcpy (secrets + slen, g + 32, 32);
  slen += 32;
  for (op = 0; op < 3; op++)
    {
      hits = secret_hits (algo, p, op, secrets, slen);
      check_result (!hits, "%s %s leaves no secret on the stack"
                    " (%zu hits)", p->name, names[op], hits);
      if (op == 0)
        {
          /* r, then dk_PKE.  */
          memcpy (in, secrets + MLKEM_SEED_LEN, 32);
          gcry_md_hash_buffer (GCRY_MD_SHA3_256, in + 32, ek, p->ek_len);
          gcry_md_hash_buffer (GCRY_MD_SHA3_512, g, in, 64);
          memcpy (secrets + slen, g + 32, 32);
          slen += 32;
          memcpy (secrets + slen, dk, dkpke);
          slen += dkpke;
        }
      else if (op == 1)
        {
          check_result (!memcmp (ss, g, 32), "%s: K = G (m || H (ek))",
                        p->name);
          memcpy (secrets + slen, ss, 32);
          slen += 32;
        }
    }
  check_result (!memcmp (ss, ss2, sizeof ss),
                "%s: Decaps gives Encaps' shared secret (public API)",
                p->name);
}
#endif /*STACK_DEPTH_USABLE*/

int
main (int argc, char **argv)
{
#if STACK_DEPTH_USABLE
  static const int algos[3] = { GCRY_KEM_MLKEM512, GCRY_KEM_MLKEM768,
                                GCRY_KEM_MLKEM1024 };
  static const char *const names[3] = { "KeyGen", "Encaps", "Decaps" };
  size_t deepest = 0;
  int a, op;
#endif

  argc = test_init (argc, argv);
  if (argc > 1)
    die ("unknown option '%s'", argv[1]);
  if (stack_depth_skip ())
    return test_exit ();
#if STACK_DEPTH_USABLE
  stack_burn_check (MLKEM_STACK_BURN);
  for (a = 0; a < 3; a++)
    {
      const mlkem_param_t *p = _gcry_mlkem_param_by_algo (algos[a]);

      if (!p)
        die ("no parameters for KEM algorithm %d", algos[a]);
      for (op = 0; op < 3; op++)
        {
          gpg_err_code_t err;
          size_t d = measure (p, op, &err);

          if (err)
            fail ("%s of %s failed: %s", names[op], p->name,
                  gpg_strerror (err));
          stack_depth_check (p->name, names[op], d, MLKEM_STACK_BURN,
                             &deepest);
        }
      check_result (!memcmp (ss, ss2, sizeof ss),
                    "%s: Decaps gives Encaps' shared secret", p->name);
      check_secrets_gone (algos[a], p);
    }
  printf ("%s: deepest operation %zu bytes, burn %u bytes\n", PGM, deepest,
          (unsigned int)MLKEM_STACK_BURN);
#endif
  return test_exit ();
}
