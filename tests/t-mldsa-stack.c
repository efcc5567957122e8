/* t-mldsa-stack.c - The ML-DSA stack burn covers the operations
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

/* The same check as t-mlkem-stack (see there) for ML-DSA: KeyGen,
 * Sign and the secret key check run with secrets in their frames and
 * those of their kernels; their callers burn MLDSA_STACK_BURN bytes
 * afterwards (cipher/mldsa.h), which must cover how deep they go with
 * every backend.  Verify handles public data only and is measured for
 * information.  */

#define PGM "t-mldsa-stack"
#include "t-common.h"
#include "g10lib.h"
#include "mldsa.h"
#include "t-stack-depth.h"

#if STACK_DEPTH_USABLE
static byte pk[2592], sk[4896], sig[4627];

/* Run operation OP (0 KeyGen, 1 Sign, 2 secret key check, 3 Verify)
   of P and return its stack depth; *ERR is set if it failed.  */
static __attribute__ ((noinline)) size_t
measure (const mldsa_params_t *p, int op, gpg_err_code_t *err)
{
  static const byte xi[MLDSA_XI_LEN] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  static const byte rnd[MLDSA_RND_LEN] = { 9, 10, 11, 12 };
  static const byte msg[32] = { 13, 14, 15, 16 };
  static const byte pre[2] = { 0, 0 };
  mldsa_mprime_t m;

  m.pre = pre;
  m.prelen = sizeof pre;
  m.msg = msg;
  m.msglen = sizeof msg;
  m.mu = NULL;
  stack_paint ();
  if (op == 0)
    *err = _gcry_mldsa_keygen_internal (p, pk, sk, xi);
  else if (op == 1)
    *err = _gcry_mldsa_sign_internal (p, sig, sk, &m, rnd);
  else if (op == 2)
    *err = _gcry_mldsa_check_secret_key (p, sk, pk);
  else
    *err = _gcry_mldsa_verify_internal (p, pk, p->pk_len, &m, sig,
                                        p->sig_len);
  return stack_painted_depth ();
}
#endif /*STACK_DEPTH_USABLE*/

/* The working memory of each operation is the table of
   doc/mldsa.texi, "Memory use" (without the alignment slack).  */
static void
check_workspace_sizes (void)
{
  static const size_t doc[3][3] =
    { { 26624, 48128, 22528 }, { 33792, 73728, 26624 },
      { 46080, 114688, 34816 } };
  static const mldsa_alg_t algs[3] = { MLDSA_44, MLDSA_65, MLDSA_87 };
  int a;

  for (a = 0; a < 3; a++)
    {
      const mldsa_params_t *p = _gcry_mldsa_get_params (algs[a]);

      check_result (_gcry_mldsa_keygen_workspace_size (p) == doc[a][0]
                    && _gcry_mldsa_sign_workspace_size (p) == doc[a][1]
                    && _gcry_mldsa_verify_workspace_size (p) == doc[a][2],
                    "%s: working memory %zu / %zu / %zu as documented",
                    p->name, _gcry_mldsa_keygen_workspace_size (p),
                    _gcry_mldsa_sign_workspace_size (p),
                    _gcry_mldsa_verify_workspace_size (p));
    }
}

int
main (int argc, char **argv)
{
#if STACK_DEPTH_USABLE
  static const mldsa_alg_t algs[3] = { MLDSA_44, MLDSA_65, MLDSA_87 };
  static const char *const names[4] = { "KeyGen", "Sign", "key check",
                                        "Verify" };
  size_t deepest = 0;
  int a, op;
#endif

  argc = test_init (argc, argv);
  if (argc > 1)
    die ("unknown option '%s'", argv[1]);
  check_workspace_sizes ();
  if (stack_depth_skip ())
    return test_exit ();
#if STACK_DEPTH_USABLE
  stack_burn_check (MLDSA_STACK_BURN);
  for (a = 0; a < 3; a++)
    {
      const mldsa_params_t *p = _gcry_mldsa_get_params (algs[a]);

      if (!p)
        die ("no parameters for ML-DSA set %d", a);
      for (op = 0; op < 4; op++)
        {
          gpg_err_code_t err;
          size_t d = measure (p, op, &err);

          if (err)
            fail ("%s of %s failed: %s", names[op], p->name,
                  gpg_strerror (err));
          if (op == 3)
            info ("%s %s: %zu bytes of stack", p->name, names[op], d);
          else
            stack_depth_check (p->name, names[op], d, MLDSA_STACK_BURN,
                               &deepest);
        }
    }
  printf ("%s: deepest secret operation %zu bytes, burn %u bytes\n", PGM,
          deepest, (unsigned int)MLDSA_STACK_BURN);
#endif
  return test_exit ();
}
