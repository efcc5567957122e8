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
    _gcry_mlkem_keygen_internal (p, ek, dk, seed);
  else if (op == 1)
    *err = _gcry_mlkem_encaps (p, ct, ss, ek, m);
  else
    *err = _gcry_mlkem_decaps (p, ss2, dk, ct);
  return stack_painted_depth ();
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
    }
  printf ("%s: deepest operation %zu bytes, burn %u bytes\n", PGM, deepest,
          (unsigned int)MLKEM_STACK_BURN);
#endif
  return test_exit ();
}
