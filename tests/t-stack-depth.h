/* t-stack-depth.h - Measure how deep an operation goes on the stack
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

/* For t-mlkem-stack and t-mldsa-stack, after t-common.h.  From one
 * function: stack_paint (), then the operation, then
 * stack_painted_depth () gives how far below that function's frame
 * the operation wrote (the three calls start their frames at the same
 * place).  Reading the painted area back reads memory that no object
 * owns, so STACK_DEPTH_USABLE is 0 without GCC-compatible attributes,
 * and stack_depth_skip () also tells a test to skip under valgrind
 * and in AddressSanitizer builds.
 * Assumes a stack that grows down (all targets of this library).  */

#ifndef T_STACK_DEPTH_H
#define T_STACK_DEPTH_H 1

#ifndef T_COMMON_H
# error Include t-common.h before t-stack-depth.h
#endif
#include "t-valgrind.h"

/* AddressSanitizer builds (T_ASAN, t-common.h) give every frame
   redzones: their depths are not those of the library as shipped.  */
#ifdef T_ASAN
# define STACK_DEPTH_ASAN 1
#else
# define STACK_DEPTH_ASAN 0
#endif

#define STACK_PAINT_BYTES (128 * 1024)
#define STACK_PAINT_BYTE  0xa5
/* A burn runs in its own frame below its caller's: allow for that.  */
#define STACK_BURN_SLACK  256

#ifdef __GNUC__
# define STACK_DEPTH_USABLE 1

static __attribute__ ((noinline)) void
stack_paint (void)
{
  volatile unsigned char area[STACK_PAINT_BYTES];
  size_t i;

  for (i = 0; i < sizeof area; i++)
    area[i] = STACK_PAINT_BYTE;
}

/* AREA is read without being written: that is the point.  */
# pragma GCC diagnostic push
# pragma GCC diagnostic ignored "-Wuninitialized"
# if !defined(__clang__)
#  pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
# endif
static __attribute__ ((noinline)) size_t
stack_painted_depth (void)
{
  volatile unsigned char area[STACK_PAINT_BYTES];
  size_t i;

  for (i = 0; i < sizeof area && area[i] == STACK_PAINT_BYTE; i++)
    ;
  return sizeof area - i;
}

/* The number of zero bytes in the painted area.  */
static __attribute__ ((noinline)) size_t
stack_zero_bytes (void)
{
  volatile unsigned char area[STACK_PAINT_BYTES];
  size_t i, n = 0;

  for (i = 0; i < sizeof area; i++)
    n += !area[i];
  return n;
}

static T_UNUSED int
cmp_u64 (const void *a, const void *b)
{
  u64 x = *(const u64 *)a, y = *(const u64 *)b;

  return x < y ? -1 : x > y;
}

/* The number of byte offsets in the painted area at which 8 bytes
   equal 8 consecutive bytes of SECRET (LEN >= 8; at most 4096).  For
   secrets of random bytes a hit is a copy of the secret.  */
static __attribute__ ((noinline)) T_UNUSED size_t
stack_secret_hits (const unsigned char *secret, size_t len)
{
  volatile unsigned char area[STACK_PAINT_BYTES];
  static u64 win[4096];
  unsigned char b[8];
  size_t i, j, n = len - 7, hits = 0;
  u64 v;

  if (len < 8 || len > 4096)
    die ("stack_secret_hits: bad length %zu", len);
  for (i = 0; i < n; i++)
    memcpy (&win[i], secret + i, 8);
  qsort (win, n, sizeof win[0], cmp_u64);
  for (i = 0; i + 8 <= sizeof area; i++)
    {
      /* In memory order on both sides, whatever the endianness.  */
      for (j = 0; j < 8; j++)
        b[j] = area[i + j];
      memcpy (&v, b, 8);
      if (bsearch (&v, win, n, sizeof win[0], cmp_u64))
        hits++;
    }
  return hits;
}
# pragma GCC diagnostic pop

/* Paint, burn BURN bytes from this frame and check that at least that
   many bytes became zero, no deeper than BURN plus some slack.  */
static __attribute__ ((noinline)) void
stack_burn_check (unsigned int burn)
{
  size_t zeros, depth;

  stack_paint ();
  _gcry_burn_stack (burn);
  zeros = stack_zero_bytes ();
  stack_paint ();
  _gcry_burn_stack (burn);
  depth = stack_painted_depth ();
  check_result (zeros >= burn && depth <= burn + 4 * STACK_BURN_SLACK,
                "_gcry_burn_stack (%u) zeroes %zu bytes, %zu deep",
                burn, zeros, depth);
}
#else
# define STACK_DEPTH_USABLE 0
#endif

/* Nonzero (after reporting the skip) if the measurement cannot run
   here.  */
static int
stack_depth_skip (void)
{
  const char *preload = getenv ("LD_PRELOAD");

  /* The second test finds valgrind when its headers were missing.  */
  if (RUNNING_ON_VALGRIND || (preload && strstr (preload, "vgpreload")))
    {
      skip ("reads unowned stack memory: not under valgrind");
      return 1;
    }
  if (!STACK_DEPTH_USABLE)
    {
      skip ("needs GCC-compatible attributes");
      return 1;
    }
  if (STACK_DEPTH_ASAN)
    {
      skip ("AddressSanitizer build: its frames are not the library's");
      return 1;
    }
  return 0;
}

/* Report that operation OP of parameter set SET went DEPTH bytes deep
   and check that a burn of BURN bytes covers it; keep the maximum in
   *DEEPEST.  */
static T_UNUSED void
stack_depth_check (const char *set, const char *op, size_t depth,
                   size_t burn, size_t *deepest)
{
  info ("%s %s: %zu bytes of stack", set, op, depth);
  check_result (depth + STACK_BURN_SLACK <= burn,
                "%s %s goes %zu bytes deep, within the burn of %zu",
                set, op, depth, burn);
  if (depth > *deepest)
    *deepest = depth;
}

#endif /*T_STACK_DEPTH_H*/
