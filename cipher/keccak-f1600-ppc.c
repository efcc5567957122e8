/* keccak-f1600-ppc.c - Keccak-f[1600] on 4 or 8 states, PowerPC VSX
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

/* Algorithm: Keccak-p[1600,24] = Keccak-f[1600] (FIPS 202, 3.3 and
 * 3.4), two states at a time: each 128-bit vector holds the same lane
 * of two instances, and the 25 lane vectors stay in vector registers
 * for all 24 rounds (the 32 VMX registers hold them; vrld, the
 * POWER8 per-doubleword rotate, needs them there).  The 4- and 8-way
 * entry points run this over instance pairs (0,1), (2,3), ...
 *
 * Layout (cipher/keccak.h): lane i of instance j of an N-way state is
 * at s[N*i + j]; instances j and j+1 of lane i are adjacent, so one
 * unaligned 16-byte load fetches a lane of a pair.  Which doubleword
 * of the vector holds which instance does not matter: every operation
 * is element-wise, and the store undoes the load.
 *
 * Round (FIPS 202 Algorithms 1-6), on two sets of 25 variables that
 * swap roles every round: theta's column parities C and D, then per
 * output row rho (vrld), pi (choice of the source variable), chi
 * (vandc, vxor) and, for row 0, iota.
 *
 * Built with PPC_VSX_CFLAGS (-mcpu=power8 -mvsx).
 * Requires: POWER8, ISA 2.07 (HWF_PPC_ARCH_2_07, implies VSX).
 *
 * The state may be secret.  25 lanes, 10 column values and the
 * rotation counts do not all fit into the 32 VMX registers, so the
 * compiler spills a few lane vectors; the pair permutation is
 * therefore a separate function whose stack frame the entry points
 * burn after the last call.  */

#include <config.h>

#if defined(ENABLE_PPC_CRYPTO_SUPPORT) && defined(__powerpc64__) \
    && defined(__VSX__) && defined(_ARCH_PWR8)

#include <altivec.h>
#include "g10lib.h"
#include "keccak.h"

/* Bound on the stack frame of keccak_f1600_x2_vsx (720 bytes with
   GCC 12 -O2, mostly callee-saved registers and a few spills).  */
#define KECCAK_VSX_STACK_BURN 1024

typedef vector unsigned long long vec_u64;

/* Round constants RC[i] (FIPS 202 Algorithms 5 and 6), i = 0..23.  */
static const u64 keccak_vsx_rc[24] =
  {
    0x0000000000000001ULL, 0x0000000000008082ULL,
    0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL,
    0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL,
    0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL,
    0x0000000080000001ULL, 0x8000000080008008ULL
  };

#define XOR(a, b)   vec_xor ((a), (b))
#define ROL(v, n)   vec_rl ((v), vec_splats ((unsigned long long)(n)))
/* ~B & C.  */
#define ANDN(b, c)  vec_andc ((c), (b))

/* Apply X(lane) to the 25 lane indices.  */
#define LANES(X) \
  X(00) X(01) X(02) X(03) X(04) X(05) X(06) X(07) X(08) X(09) \
  X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19) \
  X(20) X(21) X(22) X(23) X(24)

/* Output row Y of rho, pi and chi: the inputs B0..B4 are
 * rol(A[x,X] ^ D[x], r[x,X]) with x = X + 3Y mod 5 (pi moves lane
 * (x,y) to (y, 2x+3y)); the caller passes them already rotated.  */
#define CHI_ROW(E, i0, i1, i2, i3, i4, b0, b1, b2, b3, b4) \
  do { \
    vec_u64 B0 = (b0), B1 = (b1), B2 = (b2), B3 = (b3), B4 = (b4); \
    E##i0 = XOR (B0, ANDN (B1, B2)); \
    E##i1 = XOR (B1, ANDN (B2, B3)); \
    E##i2 = XOR (B2, ANDN (B3, B4)); \
    E##i3 = XOR (B3, ANDN (B4, B0)); \
    E##i4 = XOR (B4, ANDN (B0, B1)); \
  } while (0)

/* One round from the variables A00..A24 into E00..E24.  The rho
 * offsets r[x,y] (FIPS 202 Table 2) appear as the ROL amounts.  */
#define ROUND(A, E, rc) \
  do { \
    vec_u64 C0, C1, C2, C3, C4, D0, D1, D2, D3, D4; \
    C0 = XOR (XOR (XOR (A##00, A##05), XOR (A##10, A##15)), A##20); \
    C1 = XOR (XOR (XOR (A##01, A##06), XOR (A##11, A##16)), A##21); \
    C2 = XOR (XOR (XOR (A##02, A##07), XOR (A##12, A##17)), A##22); \
    C3 = XOR (XOR (XOR (A##03, A##08), XOR (A##13, A##18)), A##23); \
    C4 = XOR (XOR (XOR (A##04, A##09), XOR (A##14, A##19)), A##24); \
    D0 = XOR (C4, ROL (C1, 1)); \
    D1 = XOR (C0, ROL (C2, 1)); \
    D2 = XOR (C1, ROL (C3, 1)); \
    D3 = XOR (C2, ROL (C4, 1)); \
    D4 = XOR (C3, ROL (C0, 1)); \
    CHI_ROW (E, 00, 01, 02, 03, 04, \
             XOR (A##00, D0),           ROL (XOR (A##06, D1), 44), \
             ROL (XOR (A##12, D2), 43), ROL (XOR (A##18, D3), 21), \
             ROL (XOR (A##24, D4), 14)); \
    E##00 = XOR (E##00, vec_splats ((unsigned long long)(rc))); \
    CHI_ROW (E, 05, 06, 07, 08, 09, \
             ROL (XOR (A##03, D3), 28), ROL (XOR (A##09, D4), 20), \
             ROL (XOR (A##10, D0), 3),  ROL (XOR (A##16, D1), 45), \
             ROL (XOR (A##22, D2), 61)); \
    CHI_ROW (E, 10, 11, 12, 13, 14, \
             ROL (XOR (A##01, D1), 1),  ROL (XOR (A##07, D2), 6), \
             ROL (XOR (A##13, D3), 25), ROL (XOR (A##19, D4), 8), \
             ROL (XOR (A##20, D0), 18)); \
    CHI_ROW (E, 15, 16, 17, 18, 19, \
             ROL (XOR (A##04, D4), 27), ROL (XOR (A##05, D0), 36), \
             ROL (XOR (A##11, D1), 10), ROL (XOR (A##17, D2), 15), \
             ROL (XOR (A##23, D3), 56)); \
    CHI_ROW (E, 20, 21, 22, 23, 24, \
             ROL (XOR (A##02, D2), 62), ROL (XOR (A##08, D3), 55), \
             ROL (XOR (A##14, D4), 39), ROL (XOR (A##15, D0), 41), \
             ROL (XOR (A##21, D1), 2)); \
  } while (0)

/* Keccak-f[1600] on instances J and J+1 of an N-way interleaved
 * state: lane i of the pair is the 16 bytes at S + N*i, N = STRIDE.  */
static void __attribute__ ((noinline))
keccak_f1600_x2_vsx (u64 *s, size_t stride)
{
#define DECL(i) vec_u64 a##i, e##i;
  LANES (DECL)
#undef DECL
  unsigned int round;

#define LOAD(i) a##i = vec_xl (0, (unsigned long long *)(s + (1##i - 100) \
                                                              * stride));
  LANES (LOAD)
#undef LOAD

  for (round = 0; round < 24; round += 2)
    {
      ROUND (a, e, keccak_vsx_rc[round]);
      ROUND (e, a, keccak_vsx_rc[round + 1]);
    }

#define STORE(i) vec_xst (a##i, 0, (unsigned long long *)(s + (1##i - 100) \
                                                              * stride));
  LANES (STORE)
#undef STORE
}

/* Keccak-f[1600] on each instance of a 4-way interleaved state (lane
 * i of instance j at STATE[4*i + j]).  */
void
_gcry_keccak_f1600_x4_vsx (u64 state[25 * 4])
{
  keccak_f1600_x2_vsx (state, 4);
  keccak_f1600_x2_vsx (state + 2, 4);
  _gcry_burn_stack (KECCAK_VSX_STACK_BURN);
}

/* Keccak-f[1600] on each instance of an 8-way interleaved state (lane
 * i of instance j at STATE[8*i + j]).  */
void
_gcry_keccak_f1600_x8_vsx (u64 state[25 * 8])
{
  unsigned int j;

  for (j = 0; j < 8; j += 2)
    keccak_f1600_x2_vsx (state + j, 8);
  _gcry_burn_stack (KECCAK_VSX_STACK_BURN);
}

#endif /* ENABLE_PPC_CRYPTO_SUPPORT && __powerpc64__ && POWER8 VSX */
