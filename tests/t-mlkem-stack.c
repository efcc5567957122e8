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
 * Reading the painted area back reads memory that no object owns, so
 * the test skips itself under valgrind and without GCC-compatible
 * attributes, and it assumes a stack that grows down (all targets of
 * this library).  */

#define PGM "t-mlkem-stack"
#include "t-common.h"
#include "g10lib.h"
#include "mlkem.h"

#if defined(__has_include)
# if __has_include(<valgrind/valgrind.h>)
#  include <valgrind/valgrind.h>
# endif
#endif

#define PAINT_BYTES (128 * 1024)
#define PAINT_BYTE  0xa5
/* The burn runs in its own frame below the caller's: allow for it.  */
#define BURN_SLACK  256

#ifdef __GNUC__
static byte ek[1568], dk[3168], ct[1568], ss[32], ss2[32];

/* Fill PAINT_BYTES of stack below the caller's frame.  */
static __attribute__ ((noinline)) void
paint (void)
{
  volatile byte area[PAINT_BYTES];
  size_t i;

  for (i = 0; i < sizeof area; i++)
    area[i] = PAINT_BYTE;
}

/* How far below the caller's frame the paint was overwritten.  AREA
   is read without being written: that is the point.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#if !defined(__clang__)
# pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
static __attribute__ ((noinline)) size_t
painted_depth (void)
{
  volatile byte area[PAINT_BYTES];
  size_t i;

  for (i = 0; i < sizeof area && area[i] == PAINT_BYTE; i++)
    ;
  return sizeof area - i;
}
#pragma GCC diagnostic pop

/* Run operation OP (0 KeyGen, 1 Encaps, 2 Decaps) of P and return its
   stack depth; *ERR is set if the operation failed.  */
static __attribute__ ((noinline)) size_t
measure (const mlkem_param_t *p, int op, gpg_err_code_t *err)
{
  static const byte seed[MLKEM_SEED_LEN] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  static const byte m[MLKEM_MSG_LEN] = { 9, 10, 11, 12 };

  *err = 0;
  paint ();
  if (op == 0)
    _gcry_mlkem_keygen_internal (p, ek, dk, seed);
  else if (op == 1)
    *err = _gcry_mlkem_encaps (p, ct, ss, ek, m);
  else
    *err = _gcry_mlkem_decaps (p, ss2, dk, ct);
  return painted_depth ();
}
#endif /*__GNUC__*/

int
main (int argc, char **argv)
{
#ifdef __GNUC__
  static const int algos[3] = { GCRY_KEM_MLKEM512, GCRY_KEM_MLKEM768,
                                GCRY_KEM_MLKEM1024 };
  static const char *const names[3] = { "KeyGen", "Encaps", "Decaps" };
  size_t deepest = 0;
  int a, op;
#endif

  argc = test_init (argc, argv);
  if (argc > 1)
    die ("unknown option '%s'", argv[1]);
#ifdef RUNNING_ON_VALGRIND
  if (RUNNING_ON_VALGRIND)
    {
      skip ("reads unowned stack memory: not under valgrind");
      return test_exit ();
    }
#endif
#ifdef __GNUC__
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
          info ("%s %s: %zu bytes of stack", p->name, names[op], d);
          check_result (d + BURN_SLACK <= MLKEM_STACK_BURN,
                        "%s %s goes %zu bytes deep, within the burn of %u",
                        p->name, names[op], d,
                        (unsigned int)MLKEM_STACK_BURN);
          if (d > deepest)
            deepest = d;
        }
      check_result (!memcmp (ss, ss2, sizeof ss),
                    "%s: Decaps gives Encaps' shared secret", p->name);
    }
  printf ("%s: deepest operation %zu bytes, burn %u bytes\n", PGM, deepest,
          (unsigned int)MLKEM_STACK_BURN);
#else
  skip ("needs GCC-compatible attributes");
#endif
  return test_exit ();
}
