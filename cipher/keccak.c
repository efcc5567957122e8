/* keccak.c - Keccak-f[1600], the SHA-3 sponge and its batch variants
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

/* This is the front file of the Keccak kernel set (see keccak.h for
 * the contract).  It holds
 *
 *  - the portable Keccak-f[1600] (FIPS 202, Section 3.3/3.4) on one
 *    state and on 4 or 8 lane-interleaved states,
 *  - the dispatch: one const keccak_ops_t per implementation, one of
 *    which _gcry_keccak_init selects from the hardware features,
 *  - the incremental sponge and the batch sponge built on top of the
 *    dispatched permutations (FIPS 202, Algorithm 8).
 *
 * SIMD backends live in their own files and only provide the
 * permutations:
 *   keccak-x4-amd64-avx2.S       _gcry_keccak_f1600_x4_avx2,
 *                                _gcry_keccak_f1600_x8_avx2,
 *                                _gcry_keccak_f1600_x5_avx2,
 *                                _gcry_keccak_f1600_x9_avx2
 *   keccak-x8-amd64-avx512.S     _gcry_keccak_f1600_x8_avx512,
 *                                _gcry_keccak_f1600_x4_avx512,
 *                                _gcry_keccak_f1600_x4s8_avx512
 *                                (and their _intel variants),
 *                                _gcry_keccak_f1600_x9_avx512
 *   keccak-scalar-amd64.h        the scalar round of the x5 and x9
 *                                kernels
 *   keccak-f1600-amd64-avx512.S  _gcry_keccak_f1600_avx512,
 *                                _gcry_keccak_absorb_avx512
 *                                (and their _intel variants)
 *   keccak-f1600-ppc64le-power10.S  _gcry_keccak_f1600_power10,
 *                                _gcry_keccak_f1600_x4_power10,
 *                                _gcry_keccak_f1600_x8_power10
 *
 * Adding a backend: gate its declarations with a USE_* macro below,
 * write a keccak_<name>_ops table (portable entries for what it does
 * not provide), add it to _gcry_keccak_init in order of speed, and
 * extend the hwf configurations the tests run with.
 */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "keccak.h"


/* USE_AVX2 says that the AVX2 4-way permutation can be built and
   linked: the user did not disable it (ENABLE_AVX2_SUPPORT), the
   compiler and assembler understand AVX2 and the amd64 ELF assembler
   syntax, and we are building for x86-64.  */
#undef USE_AVX2
#if defined(ENABLE_AVX2_SUPPORT) && defined(HAVE_GCC_INLINE_ASM_AVX2) \
    && defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) && defined(__x86_64__)
# define USE_AVX2 1
#endif

/* USE_AVX512 says the same for the AVX-512 single-state, 4-way and
   8-way permutations.  */
#undef USE_AVX512
#if defined(ENABLE_AVX512_SUPPORT) && defined(HAVE_GCC_INLINE_ASM_AVX512) \
    && defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) && defined(__x86_64__)
# define USE_AVX512 1
#endif

/* USE_PPC_POWER10: the POWER10 (xxeval) single, 4-way and 8-way
   permutations of keccak-f1600-ppc64le-power10.S are available: the
   PowerPC kernels are enabled, the assembler knows POWER10 code
   (HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10: xxeval, paddi), and we are
   building for little-endian ELFv2.  There is no POWER8/9 Keccak:
   this kernel rewritten without xxeval (chi as xxlandc and xxlxor,
   four xxlxor per column parity, 131 instead of 96 instructions per
   round) measured 6689 instructions per 4-way call under qemu against
   8515 for the portable code, which gcc vectorises itself (1.27x; the
   former VSX intrinsics: 8705).  That is below the 1.5x we ask of a
   kernel.  */
#undef USE_PPC_POWER10
#if defined(ENABLE_PPC_CRYPTO_SUPPORT) \
    && defined(HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10) && defined(__powerpc64__) \
    && defined(__LITTLE_ENDIAN__) && defined(_CALL_ELF) && _CALL_ELF == 2
# define USE_PPC_POWER10 1
#endif

/* USE_BMI2: the scalar permutation can also be compiled for BMI2
   with a function target attribute (no assembler needed).  */
#undef USE_BMI2
#if defined(ENABLE_BMI2_SUPPORT) && defined(HAVE_GCC_ATTRIBUTE_TARGET_BMI2) \
    && defined(__x86_64__)
# define USE_BMI2 1
#endif

#ifdef USE_AVX2
/* State: 25 lanes x 4 or 8 instances, lane-interleaved (keccak.h);
   the 8-way entry runs the 4-way code on both halves in place.  */
void _gcry_keccak_f1600_x4_avx2 (u64 *state);
void _gcry_keccak_f1600_x8_avx2 (u64 *state);
/* Instances 0-4 of an 8-way state: four on AVX2, the fifth in
   general-purpose registers alongside (needs BMI1 and BMI2).  */
void _gcry_keccak_f1600_x5_avx2 (u64 *state);
void _gcry_keccak_f1600_x9_avx2 (u64 *state);
/* The first NLANES lanes of the N (4 or 8) instances of an N-way
   state to OUT[0..N-1], little endian (the batch sponge's squeeze).  */
void _gcry_keccak_lanes_out_avx2 (byte *const out[], const u64 *state,
                                  unsigned int n, unsigned int nlanes);
#endif
#ifdef USE_AVX512
/* State: 25 lanes, host order.  */
void _gcry_keccak_f1600_avx512 (u64 *state);
/* keccak_absorb_fn_t on the same state.  */
void _gcry_keccak_absorb_avx512 (u64 *state, const byte *in, size_t nblocks,
                                 unsigned int rate);
/* State: 25 lanes x 4 or 8 instances, lane-interleaved.  */
void _gcry_keccak_f1600_x4_avx512 (u64 *state);
void _gcry_keccak_f1600_x8_avx512 (u64 *state);
/* The 4-way permutation of instances 0-3 of an 8-way state.  */
void _gcry_keccak_f1600_x4s8_avx512 (u64 *state);
/* The 8-way permutation of an 8-way state and a ninth state after it
   in general-purpose registers alongside (needs BMI1 and BMI2).  */
void _gcry_keccak_f1600_x9_avx512 (u64 *state);
/* The same with the round for Intel cores (keccak-amd64-avx512.h).  */
void _gcry_keccak_f1600_avx512_intel (u64 *state);
void _gcry_keccak_absorb_avx512_intel (u64 *state, const byte *in,
                                       size_t nblocks, unsigned int rate);
void _gcry_keccak_f1600_x4_avx512_intel (u64 *state);
void _gcry_keccak_f1600_x8_avx512_intel (u64 *state);
void _gcry_keccak_f1600_x4s8_avx512_intel (u64 *state);
#endif
#ifdef USE_PPC_POWER10
/* State: 25 lanes (host order), or 25 lanes x 4 or 8 instances,
   lane-interleaved; RC: keccak_round_consts.  */
void _gcry_keccak_f1600_power10 (u64 *state, const u64 *rc);
void _gcry_keccak_f1600_x4_power10 (u64 *state, const u64 *rc);
void _gcry_keccak_f1600_x8_power10 (u64 *state, const u64 *rc);
#endif


/* Stack to clear when a sponge is wiped: the portable permutations
   spill lanes of the (possibly secret) state into frames of about 100
   (single) and 340 (batch) bytes with gcc 12 on x86-64; the sponge
   and dispatch frames above them add little.  Generous margin for
   other compilers and targets.  */
#define KECCAK_STACK_BURN 1024


/* One table per implementation.  Every entry is valid; a backend
   that lacks a permutation keeps the portable one (or an adapter
   built from its other permutations) in that slot.  */
typedef struct keccak_ops_s
{
  const char *name;            /* Backend of the single permutation.  */
  void (*f1600) (u64 *state);
  keccak_absorb_fn_t absorb;   /* Whole blocks, same backend as f1600.  */
  const char *x4_name;         /* Backend of the 4-way permutation.  */
  void (*f1600_x4) (u64 *state);
  const char *x8_name;         /* Backend of the 8-way permutation.  */
  void (*f1600_x8) (u64 *state);
  /* Relative cost of one call of f1600, f1600_x4 and f1600_x8: the
     cost model of the multi-stream scheduler; COST[3] is that of
     F1600_X5, 0 if the scheduler is not to use it.  */
  unsigned int cost[KECCAK_NWIDTHS];
  /* A 5-way permutation of instances 0-4 of an 8-way state, for the
     scheduler only (width index 3); NULL for none.  */
  void (*f1600_x5) (u64 *state);
  /* A 9-way permutation of an 8-way state and a ninth one after it,
     for the batch sponge (keccak_batch_t); NULL for none.  Used where
     its ninth state pays (keccak_ninth_pays).  */
  void (*f1600_x9) (u64 *state);
  /* F1600_X4's permutation on instances 0-3 of an 8-way state (the
     state plus 4 u64 for instances 4-7), leaving the other four
     alone, at F1600_X4's cost; NULL for none.  The scheduler uses it
     for an 8-way step whose streams all sit in one half of the state
     (keccak_multi_steps).  */
  void (*f1600_x4_half) (u64 *state);
} keccak_ops_t;



/*
 * Portable Keccak-f[1600].
 */

/* Round constants RC[ir] of the iota step: bit 2^j - 1 of RC[ir] is
   rc(j + 7*ir) for j = 0..6, where rc(t) is the output of the LFSR
   x^8 + x^6 + x^5 + x^4 + 1 of FIPS 202, Algorithm 5.  Produced by
   a small generator script implementing exactly that formula.  */
static const u64 keccak_round_consts[24] =
  {
    UINT64_C(0x0000000000000001), UINT64_C(0x0000000000008082),
    UINT64_C(0x800000000000808a), UINT64_C(0x8000000080008000),
    UINT64_C(0x000000000000808b), UINT64_C(0x0000000080000001),
    UINT64_C(0x8000000080008081), UINT64_C(0x8000000000008009),
    UINT64_C(0x000000000000008a), UINT64_C(0x0000000000000088),
    UINT64_C(0x0000000080008009), UINT64_C(0x000000008000000a),
    UINT64_C(0x000000008000808b), UINT64_C(0x800000000000008b),
    UINT64_C(0x8000000000008089), UINT64_C(0x8000000000008003),
    UINT64_C(0x8000000000008002), UINT64_C(0x8000000000000080),
    UINT64_C(0x000000000000800a), UINT64_C(0x800000008000000a),
    UINT64_C(0x8000000080008081), UINT64_C(0x8000000000008080),
    UINT64_C(0x0000000080000001), UINT64_C(0x8000000080008008)
  };

/* Rotate left by N, 0 < N < 64.  */
#define ROL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

/* One round Rnd(A, ir) = iota(chi(pi(rho(theta(A))))) of FIPS 202,
 * Section 3.3, reading the 25 lanes A00..A24 and writing E00..E24
 * (lane (x,y) is Axy' with index x + 5y).
 *
 * theta:  C[x] = xor of column x,  D[x] = C[x-1] ^ rot(C[x+1], 1),
 *         every lane of column x gets ^ D[x].
 * rho:    lane (x,y) is rotated by r[x,y] = (t+1)(t+2)/2 mod 64 with
 *         t its position on the rho walk (Algorithm 2):
 *           y=0:  0  1 62 28 27      y=3: 41 45 15 21  8
 *           y=1: 36 44  6 55 20      y=4: 18  2 61 56 14
 *           y=2:  3 10 43 25 39
 * pi:     lane (x,y) moves to (y, 2x+3y).  Hence output row Y takes,
 *         at X = 0..4, the input lane (X+3Y mod 5, X): row 0 reads
 *         lanes 0 6 12 18 24, row 1 reads 3 9 10 16 22, row 2 reads
 *         1 7 13 19 20, row 3 reads 4 5 11 17 23, row 4 reads
 *         2 8 14 15 21.
 * chi:    E[X,Y] = B[X] ^ (~B[X+1] & B[X+2]) within each output row.
 * iota:   lane (0,0) ^= RC.
 *
 * All of it is done row by row so that only five B values are live.
 *
 * Lane complementing.  Written as above, chi needs a NOT for each of
 * the 25 lanes.  Instead, six lanes are kept complemented in the
 * variables during the whole permutation: (x,y) = (1,0), (2,0),
 * (3,1), (2,2), (2,3), (0,4), i.e. indices 1 2 8 12 17 20
 * (keccak_f1600_strided complements them on load and store).  Then:
 *  - theta: C[x] computed from the stored lanes is complemented iff
 *    column x holds an odd number of complemented lanes, which is
 *    true for x = 0..3; so the stored D[x] = C[x-1] ^ rot(C[x+1], 1)
 *    is complemented for x = 0 and 3 (a rotation of all-ones is
 *    all-ones), and a stored B is complemented iff exactly one of its
 *    source lane and its D is.  Per output row that makes B[X]
 *    complemented for X in {0,2,3}, {0,2}, {0,2}, {1,3,4}, {0,3}.
 *  - chi: with these inputs every output of the complemented pattern
 *    can be written as B[X] ^ (B[X+1] op B[X+2]), op AND or OR (De
 *    Morgan), with one NOT per row, shared where two outputs need the
 *    same negated value.  We found these forms by trying all 16
 *    variants of each output (NOT or not on each of the three inputs,
 *    AND or OR) against the truth table of chi, keeping the cheapest.
 *  - iota XORs a constant, which keeps a lane's complement state.
 * This replaces 25 NOTs per round by 5.  */
#define KECCAK_ROUND(A, E, rc)                                          \
  do                                                                    \
    {                                                                   \
      u64 c0, c1, c2, c3, c4, d0, d1, d2, d3, d4, b0, b1, b2, b3, b4;   \
                                                                        \
      c0 = A##00 ^ A##05 ^ A##10 ^ A##15 ^ A##20;                       \
      c1 = A##01 ^ A##06 ^ A##11 ^ A##16 ^ A##21;                       \
      c2 = A##02 ^ A##07 ^ A##12 ^ A##17 ^ A##22;                       \
      c3 = A##03 ^ A##08 ^ A##13 ^ A##18 ^ A##23;                       \
      c4 = A##04 ^ A##09 ^ A##14 ^ A##19 ^ A##24;                       \
      d0 = c4 ^ ROL64 (c1, 1);                                          \
      d1 = c0 ^ ROL64 (c2, 1);                                          \
      d2 = c1 ^ ROL64 (c3, 1);                                          \
      d3 = c2 ^ ROL64 (c4, 1);                                          \
      d4 = c3 ^ ROL64 (c0, 1);                                          \
                                                                        \
      /* Row 0; B complemented at 0, 2, 3.  */                          \
      b0 = A##00 ^ d0;                                                  \
      b1 = ROL64 (A##06 ^ d1, 44);                                      \
      b2 = ROL64 (A##12 ^ d2, 43);                                      \
      b3 = ROL64 (A##18 ^ d3, 21);                                      \
      b4 = ROL64 (A##24 ^ d4, 14);                                      \
      E##00 = b0 ^ (b1 | b2) ^ (rc);                                    \
      E##01 = b1 ^ (~b2 | b3);                                          \
      E##02 = b2 ^ (b3 & b4);                                           \
      E##03 = b3 ^ (b4 | b0);                                           \
      E##04 = b4 ^ (b0 & b1);                                           \
                                                                        \
      /* Row 1; B complemented at 0, 2.  */                             \
      b0 = ROL64 (A##03 ^ d3, 28);                                      \
      b1 = ROL64 (A##09 ^ d4, 20);                                      \
      b2 = ROL64 (A##10 ^ d0, 3);                                       \
      b3 = ROL64 (A##16 ^ d1, 45);                                      \
      b4 = ROL64 (A##22 ^ d2, 61);                                      \
      E##05 = b0 ^ (b1 | b2);                                           \
      E##06 = b1 ^ (b2 & b3);                                           \
      E##07 = b2 ^ (b3 | ~b4);                                          \
      E##08 = b3 ^ (b4 | b0);                                           \
      E##09 = b4 ^ (b0 & b1);                                           \
                                                                        \
      /* Row 2; B complemented at 0, 2.  */                             \
      b0 = ROL64 (A##01 ^ d1, 1);                                       \
      b1 = ROL64 (A##07 ^ d2, 6);                                       \
      b2 = ROL64 (A##13 ^ d3, 25);                                      \
      b3 = ROL64 (A##19 ^ d4, 8);                                       \
      b4 = ROL64 (A##20 ^ d0, 18);                                      \
      E##10 = b0 ^ (b1 | b2);                                           \
      E##11 = b1 ^ (b2 & b3);                                           \
      b3 = ~b3;                                                         \
      E##12 = b2 ^ (b3 & b4);                                           \
      E##13 = b3 ^ (b4 | b0);                                           \
      E##14 = b4 ^ (b0 & b1);                                           \
                                                                        \
      /* Row 3; B complemented at 1, 3, 4.  */                          \
      b0 = ROL64 (A##04 ^ d4, 27);                                      \
      b1 = ROL64 (A##05 ^ d0, 36);                                      \
      b2 = ROL64 (A##11 ^ d1, 10);                                      \
      b3 = ROL64 (A##17 ^ d2, 15);                                      \
      b4 = ROL64 (A##23 ^ d3, 56);                                      \
      E##15 = b0 ^ (b1 & b2);                                           \
      E##16 = b1 ^ (b2 | b3);                                           \
      b3 = ~b3;                                                         \
      E##17 = b2 ^ (b3 | b4);                                           \
      E##18 = b3 ^ (b4 & b0);                                           \
      E##19 = b4 ^ (b0 | b1);                                           \
                                                                        \
      /* Row 4; B complemented at 0, 3.  */                             \
      b0 = ROL64 (A##02 ^ d2, 62);                                      \
      b1 = ROL64 (A##08 ^ d3, 55);                                      \
      b2 = ROL64 (A##14 ^ d4, 39);                                      \
      b3 = ROL64 (A##15 ^ d0, 41);                                      \
      b4 = ROL64 (A##21 ^ d1, 2);                                       \
      E##22 = b2 ^ (b3 & b4);                                           \
      E##23 = b3 ^ (b4 | b0);                                           \
      E##24 = b4 ^ (b0 & b1);                                           \
      b1 = ~b1;                                                         \
      E##20 = b0 ^ (b1 & b2);                                           \
      E##21 = b1 ^ (b2 | b3);                                           \
    }                                                                   \
  while (0)

#define KECCAK_LANES(P) \
  P(00) P(01) P(02) P(03) P(04) P(05) P(06) P(07) P(08) P(09) \
  P(10) P(11) P(12) P(13) P(14) P(15) P(16) P(17) P(18) P(19) \
  P(20) P(21) P(22) P(23) P(24)

/* Sponge absorbing of NBLOCKS blocks (FIPS 202, Algorithm 8, steps
   6 and 8): for each block, XOR its first NLANES little-endian u64 at
   IN into the lanes 0..NLANES-1 and apply Keccak-f[1600] (Algorithm 7
   with b = 1600, 24 rounds), on the 25 lanes S[0], S[STRIDE], ...,
   S[24*STRIDE].  With NLANES 0 and NBLOCKS 1 (and IN unused) this is
   the plain permutation.  STRIDE 1 is a single state; STRIDE N with S
   pointing at instance j permutes that instance of an N-way
   interleaved state.  The lanes are kept in local variables across
   all the blocks so that the compiler can hold as many as possible in
   registers; two rounds per loop iteration swap the roles of the A
   and E variable sets without copying.  XOR into a complemented lane
   gives the complement of the XOR, so the input needs no
   adjustment.  No data-dependent branches or memory indices.  */
static inline __attribute__ ((always_inline)) void
keccak_absorb_strided (u64 *s, size_t stride, const byte *in,
                       size_t nblocks, unsigned int nlanes)
{
#define KECCAK_DECL(i) u64 a##i, e##i;
  KECCAK_LANES (KECCAK_DECL)
#undef KECCAK_DECL
  unsigned int round;

#define KECCAK_LOAD(i) a##i = s[(1##i - 100) * stride];
  KECCAK_LANES (KECCAK_LOAD)
#undef KECCAK_LOAD
  /* Enter the lane-complemented representation (see KECCAK_ROUND).  */
  a01 = ~a01; a02 = ~a02; a08 = ~a08; a12 = ~a12; a17 = ~a17; a20 = ~a20;

  do
    {
#define KECCAK_XOR_IN(i) \
      if ((1##i - 100) < nlanes) \
        a##i ^= buf_get_le64 (in + 8 * (1##i - 100));
      KECCAK_LANES (KECCAK_XOR_IN)
#undef KECCAK_XOR_IN
      in += 8 * nlanes;

      for (round = 0; round < 24; round += 2)
        {
          KECCAK_ROUND (a, e, keccak_round_consts[round]);
          KECCAK_ROUND (e, a, keccak_round_consts[round + 1]);
        }
    }
  while (--nblocks);

  a01 = ~a01; a02 = ~a02; a08 = ~a08; a12 = ~a12; a17 = ~a17; a20 = ~a20;
#define KECCAK_STORE(i) s[(1##i - 100) * stride] = a##i;
  KECCAK_LANES (KECCAK_STORE)
#undef KECCAK_STORE
}

/* Keccak-f[1600] on the 25 lanes S[0], S[STRIDE], ..., S[24*STRIDE]
   (see keccak_absorb_strided).  */
static inline __attribute__ ((always_inline)) void
keccak_f1600_strided (u64 *s, size_t stride)
{
  /* No lane is read from it, but the absorbing loop advances it by
     zero: a null pointer there is undefined behaviour (clang's UBSan
     reports it).  */
  static const byte no_input[1];

  keccak_absorb_strided (s, stride, no_input, 1, 0);
}

#ifdef USE_BMI2
/* Keccak-f[1600] on one state, the portable code compiled for BMI2:
   the rotations become RORX, which does not destroy its source and so
   saves register copies.  Same contract as _gcry_keccak_f1600_generic;
   selected only when the CPU reports BMI2 (HWF_INTEL_BMI2).

   We also tried the round without lane complementing, whose chi then
   maps to ANDN: it was no faster on Zen 3, and ANDN is a BMI1
   instruction, for which the hardware features have no bit.  */
static __attribute__ ((target ("bmi2"))) void
keccak_f1600_bmi2 (u64 state[25])
{
  keccak_f1600_strided (state, 1);
}

/* The sponge's whole-block absorbing (keccak_absorb_fn_t) with the
   BMI2 build of the portable code.  */
static __attribute__ ((target ("bmi2"))) void
keccak_absorb_bmi2 (u64 state[25], const byte *in, size_t nblocks,
                    unsigned int rate)
{
  keccak_absorb_strided (state, 1, in, nblocks, rate / 8);
}
#endif /*USE_BMI2*/

/* Keccak-f[1600] on one state of 25 lanes (FIPS 202, Section 3.4).  */
void
_gcry_keccak_f1600_generic (u64 state[25])
{
  keccak_f1600_strided (state, 1);
}

/* Absorb NBLOCKS >= 1 whole blocks of RATE bytes (a multiple of 8, at
   most 192) at IN into STATE, permuting after each (the portable
   keccak_absorb_fn_t).  */
static void
keccak_absorb_generic (u64 state[25], const byte *in, size_t nblocks,
                       unsigned int rate)
{
  keccak_absorb_strided (state, 1, in, nblocks, rate / 8);
}

/* Keccak-f[1600] on each of the 4 instances of a lane-interleaved
   state (lane i of instance j at STATE[i*4 + j]).  */
void
_gcry_keccak_f1600_x4_generic (u64 state[25 * 4])
{
  unsigned int j;

  for (j = 0; j < 4; j++)
    keccak_f1600_strided (state + j, 4);
}

/* Keccak-f[1600] on each of the 8 instances of a lane-interleaved
   state (lane i of instance j at STATE[i*8 + j]).  */
void
_gcry_keccak_f1600_x8_generic (u64 state[25 * 8])
{
  unsigned int j;

  for (j = 0; j < 8; j++)
    keccak_f1600_strided (state + j, 8);
}


/* The cost figures below are cycles per call of the single, 4-way
   and 8-way permutation on an AMD Zen 4 (the measurements of the
   AVX-512 kernels' commit); only their ratios matter (see
   keccak_multi_width).  A backend that borrows a slot copies the
   lender's figure.  The portable batch loops cost about 3 and 6
   single calls, not 4 and 8, because gcc vectorises them with SSE2
   (Zen 3: 2550 and 5230 against 850 TSC ticks).  The BMI2 build was
   not measured there; on Zen 3 it is within a few percent of the
   portable one, so it gets the same figure.  */
#define KECCAK_COST_GENERIC  782
#define KECCAK_COST_BMI2     KECCAK_COST_GENERIC
#define KECCAK_COST_GENERIC_X4 (3 * KECCAK_COST_GENERIC)
#define KECCAK_COST_GENERIC_X8 (6 * KECCAK_COST_GENERIC)

static const keccak_ops_t keccak_generic_ops =
  {
    "generic", _gcry_keccak_f1600_generic,
    keccak_absorb_generic,
    "generic", _gcry_keccak_f1600_x4_generic,
    "generic", _gcry_keccak_f1600_x8_generic,
    { KECCAK_COST_GENERIC, KECCAK_COST_GENERIC_X4, KECCAK_COST_GENERIC_X8 }
  };


#ifdef USE_BMI2
/* BMI2 without AVX2: only the single permutation changes.  */
static const keccak_ops_t keccak_bmi2_ops =
  {
    "bmi2", keccak_f1600_bmi2,
    keccak_absorb_bmi2,
    "generic", _gcry_keccak_f1600_x4_generic,
    "generic", _gcry_keccak_f1600_x8_generic,
    { KECCAK_COST_BMI2, KECCAK_COST_GENERIC_X4, KECCAK_COST_GENERIC_X8 }
  };
#endif /*USE_BMI2*/


#ifdef USE_AVX2
/* The AVX2 8-way call runs its two 4-way halves interleaved, round by
   round: on Zen 5 it costs 1.85 4-way calls (2650 against 1430
   cycles), so eight streams or more go to x8.  */
#define KECCAK_COST_AVX2_X8  1894

/* The 5-way call, four instances on AVX2 and a fifth in the integer
   pipes beside them, costs 1.04 4-way calls on Zen 5 (bench-slope
   kernels: 1483 against 1413-1430 cycles, x8 2590-2601), a fifth less
   per lane than the 4-way one and 9% less than the 8-way one.  That
   needs integer pipes of their own beside the vector ones, as AMD's
   Zen cores have.  */
#define KECCAK_COST_AVX2_X5  1045

/* AVX2 has no single-state kernel of its own: one state fills a
   quarter of a ymm register, and the scalar code is faster.  */
static const keccak_ops_t keccak_avx2_ops =
  {
    "generic", _gcry_keccak_f1600_generic,
    keccak_absorb_generic,
    "avx2", _gcry_keccak_f1600_x4_avx2,
    "avx2", _gcry_keccak_f1600_x8_avx2,
    { KECCAK_COST_GENERIC, 1024, KECCAK_COST_AVX2_X8 }
  };
#endif /*USE_AVX2*/


#if defined(USE_AVX2) && defined(USE_BMI2)
/* AVX2 batch permutations with the BMI2 scalar one (every AVX2 CPU
   made so far also has BMI2, but the features are separate bits).  */
static const keccak_ops_t keccak_avx2_bmi2_ops =
  {
    "bmi2", keccak_f1600_bmi2,
    keccak_absorb_bmi2,
    "avx2", _gcry_keccak_f1600_x4_avx2,
    "avx2", _gcry_keccak_f1600_x8_avx2,
    { KECCAK_COST_BMI2, 1024, KECCAK_COST_AVX2_X8, KECCAK_COST_AVX2_X5 },
    _gcry_keccak_f1600_x5_avx2,
    _gcry_keccak_f1600_x9_avx2
  };

/* On Intel processors (HWF_INTEL_CPU) the scheduler leaves the 5-way
   call out (cost 0): there scalar and vector instructions share ports
   0, 1 and 5, so the fifth state is not free.  Measured on a Sapphire
   Rapids (bench-slope kernels, December 2026): BMI2 x1 869, AVX2 x4
   1580, x8 3125, x5 2096, x9 3516 cycles, i.e. 563, 1024, 2025 and
   1358 scaled.  With those figures (x5 priced) ML-KEM-1024 Decaps was
   3% faster but ML-KEM-768 KeyGen 5-7% and ML-KEM-1024 KeyGen 2-3%
   slower, and the ninth state that the priced x5 also turns on for
   ML-DSA's batch sampling (keccak_ninth_pays) made ML-DSA KeyGen and
   verification 4-10% slower (ab-pq, 101 trials, both orders); the
   same figures without x5 changed no schedule.  */
static const unsigned int keccak_avx2_intel_cost[KECCAK_NWIDTHS] =
  { KECCAK_COST_BMI2, 1024, KECCAK_COST_AVX2_X8, 0 };

/* AMD processors without HWF_INTEL_WIDE_ALU (Zen 2 to Zen 4, four
   integer ALUs): the fifth state is not free there.  Measured on a
   Zen 4 (bench-slope kernels, AVX-512 disabled): BMI2 x1 967, x4
   1332, x8 2604, x5 1821 cycles, scaled to x4 = 1024.  With the Zen 5
   figures above the scheduler put most ML-KEM runs on x5 and made
   AVX2 ML-KEM 5-20% and ML-DSA signing 4-10% slower there (ab-pq).  */
static const unsigned int keccak_avx2_narrow_cost[KECCAK_NWIDTHS] =
  { 743, 1024, 2002, 1400 };
#endif


#ifdef USE_AVX512
/* AVX-512 (F and VL): the single state keeps one lane per xmm
   register; the 4-way kernel uses ymm registers with the AVX-512VL
   forms of the ternary-logic and rotate instructions.  */
static const keccak_ops_t keccak_avx512_ops =
  {
    "avx512", _gcry_keccak_f1600_avx512,
    _gcry_keccak_absorb_avx512,
    "avx512", _gcry_keccak_f1600_x4_avx512,
    "avx512", _gcry_keccak_f1600_x8_avx512,
    { 619, 621, 1165 },
    NULL,
#ifdef USE_BMI2
    _gcry_keccak_f1600_x9_avx512,
#else
    NULL,
#endif
    _gcry_keccak_f1600_x4s8_avx512
  };

/* The same kernels where HWF_INTEL_FAST_ZMM says that 512-bit
   instructions run at full width (AMD Zen 5 desktop and server
   parts): measured on an EPYC of family 1Ah (bench-slope kernels,
   core cycles per call, with the round of keccak-amd64-avx512.h) the
   single, 4-way and 8-way permutations all cost about 750 (751, 751
   and 758; before that round 944, 962 and 943).  x4 is entered a
   shade dearer than x8, so that two streams or more go to x8 and a
   run never switches between the two equal widths; a lone stream
   stays on x1 (ties go to the smaller width).  */
static const unsigned int keccak_avx512_fast_zmm_cost[KECCAK_NWIDTHS] =
  { 750, 760, 750 };

/* On an Intel processor (HWF_INTEL_CPU), the kernels with the round
   for Intel cores (4-5% faster there, keccak-amd64-avx512.h), whose
   lookup name is "avx512-intel" (for the tests); gcry_get_config and
   the kernel tables call them "avx512".  Intel cores execute zmm
   instructions at full width, but on two ports where ymm ones have
   three, so an 8-way call costs about 1.4 4-way ones.  Measured on a
   Xeon of the Sapphire Rapids generation (tests/bench-slope kernels,
   median cycles per call as it reports them, about 1.3 times the
   best-of TSC counts quoted in NEWS; two runs, the other round):
   single 986-1012, 4-way 992-1057, 8-way 1380-1386.  So a run goes
   to x8 where its permutations outnumber its longest chain by about 6
   to 1 (nine 3-block matrix streams), to x4 beside a long chain, and
   ML-DSA samples eight polynomials at a time
   (_gcry_keccak_x8_per_lane).  The single state has had a layout of
   its own since December 2026 (row pairs, keccak-f1600-amd64-avx512.S):
   726-728 against 793-797 for x4 in one run of the same tool, hence
   915.  With that figure the KeyGen of ML-KEM-512 takes one run and
   hashes ek alone (keygen_runs), 5% faster (tests/ab-pq, 101 trials,
   both orders); the 8-way figure of that run (1449) changed nothing
   and stays.  */
static const keccak_ops_t keccak_avx512_intel_ops =
  {
    "avx512", _gcry_keccak_f1600_avx512_intel,
    _gcry_keccak_absorb_avx512_intel,
    "avx512", _gcry_keccak_f1600_x4_avx512_intel,
    "avx512", _gcry_keccak_f1600_x8_avx512_intel,
    { 915, 1000, 1385 },
    NULL, NULL,
    _gcry_keccak_f1600_x4s8_avx512_intel
  };
#endif /*USE_AVX512*/


#ifdef USE_PPC_POWER10
/* POWER10: two instances per vector register (a single state uses
   one half), the 24 rounds in assembler with xxeval.  The kernels
   take the round constants as an argument so that they stay in one
   table.  */
static void
keccak_f1600_power10 (u64 state[25])
{
  _gcry_keccak_f1600_power10 (state, keccak_round_consts);
}

/* keccak_absorb_fn_t for the single POWER10 permutation.  */
static void
keccak_absorb_power10 (u64 state[25], const byte *in, size_t nblocks,
                       unsigned int rate)
{
  unsigned int i;

  do
    {
      for (i = 0; i < rate / 8; i++)
        state[i] ^= buf_get_le64 (in + 8 * i);
      in += rate;
      _gcry_keccak_f1600_power10 (state, keccak_round_consts);
    }
  while (--nblocks);
}

static void
keccak_f1600_x4_power10 (u64 state[25 * 4])
{
  _gcry_keccak_f1600_x4_power10 (state, keccak_round_consts);
}

static void
keccak_f1600_x8_power10 (u64 state[25 * 8])
{
  _gcry_keccak_f1600_x8_power10 (state, keccak_round_consts);
}

/* No POWER10 machine to time: the costs are KECCAK_COST_GENERIC
   scaled by instructions per call under qemu-ppc64le -cpu power10
   (build-aux/ppc-icount.sh: portable single 4007; these kernels 2514
   and 4873), except that x8 (9591, 1.6% below two x4 calls) gets
   exactly twice the x4 figure, so that the scheduler keeps to x4 (ties
   go to the smaller width): packing 8 streams on x8 and re-packing the
   rest cost ML-KEM-768 encapsulation 10% and decapsulation 5% more
   instructions than x4 alone (measured).  */
static const keccak_ops_t keccak_ppc_power10_ops =
  {
    "vsx-p10", keccak_f1600_power10,
    keccak_absorb_power10,
    "vsx-p10", keccak_f1600_x4_power10,
    "vsx-p10", keccak_f1600_x8_power10,
    { 491, 951, 2 * 951 }
  };
#endif /*USE_PPC_POWER10*/



/* The selected table.  It starts as the portable one so that the
   permutations work even before _gcry_keccak_init ran (the internal
   unit tests call them directly).  */
static const keccak_ops_t *keccak_ops = &keccak_generic_ops;

/* The cost figures the scheduler uses: those of the selected table,
   or a machine-specific set chosen by _gcry_keccak_init from the
   detected hardware (never from timing, so that schedules are
   reproducible).  */
static const unsigned int *keccak_cost = keccak_generic_ops.cost;

/* The figures _gcry_keccak_init chose (keccak_cost may be a test's
   own; _gcry_keccak_test_set_cost).  */
static const unsigned int *keccak_cost_chosen = keccak_generic_ops.cost;

/* The batch sponge's squeeze copy: 4 x 4 transpositions with AVX2
   where the processor has it (chosen by _gcry_keccak_init), else
   NULL for the portable lane loop.  */
static keccak_lanes_out_fn_t keccak_batch_lanes_out;

/* The batch sponge's 9-way permutation, or NULL (chosen by
   _gcry_keccak_init; see keccak_ops_t.f1600_x9).  */
static keccak_permute_fn_t keccak_batch_x9;


/* The 9-way permutation of OPS if this machine can run it, else NULL:
   its ninth state needs BMI1 and BMI2 (the AVX2 table that has one is
   chosen only with BMI2, the AVX-512 table also without).  */
static keccak_permute_fn_t
keccak_x9 (const keccak_ops_t *ops, unsigned int hwf)
{
  return (hwf & HWF_INTEL_BMI2) ? ops->f1600_x9 : NULL;
}

/* Nonzero if the batch sponge is to carry a ninth state with OPS and
   the cost figures chosen for this machine: where the ninth costs
   next to nothing beside the vector work.  With AVX2, where the
   figures price the scheduler's 5-way call (keccak_cost[3]: integer
   pipes beside the vector ones, not Intel); with AVX-512, where zmm
   instructions run in two halves (no intel-fast-zmm hint, Zen 4: 1528
   against 1424 cycles for the 8-way call; at full width, Zen 5, an
   8-way call costs about one single permutation, less than the
   scalar ninth state).  */
static int
keccak_ninth_pays (const keccak_ops_t *ops, unsigned int hwf)
{
  (void)ops;
  (void)hwf;
  if (keccak_cost[3])
    return 1;
#ifdef USE_AVX512
  if (ops == &keccak_avx512_ops && !(hwf & HWF_INTEL_FAST_ZMM))
    return 1;
#endif
  return 0;
}

/* Select the fastest usable implementation, best first, from the
   hardware features that survived the user's disable requests.
   Called once from _gcry_global_init (which serialises it); calling
   it again is harmless.  */
void
_gcry_keccak_init (void)
{
  unsigned int hwf = _gcry_get_hw_features ();
  const keccak_ops_t *ops = &keccak_generic_ops;

  (void)hwf;
#ifdef USE_AVX512
  if (ops == &keccak_generic_ops && (hwf & HWF_INTEL_AVX512))
    ops = (hwf & HWF_INTEL_CPU) ? &keccak_avx512_intel_ops
                                : &keccak_avx512_ops;
#endif
#if defined(USE_AVX2) && defined(USE_BMI2)
  if (ops == &keccak_generic_ops
      && (hwf & HWF_INTEL_AVX2) && (hwf & HWF_INTEL_BMI2))
    ops = &keccak_avx2_bmi2_ops;
#endif
#ifdef USE_AVX2
  if (ops == &keccak_generic_ops && (hwf & HWF_INTEL_AVX2))
    ops = &keccak_avx2_ops;
#endif
#ifdef USE_BMI2
  if (ops == &keccak_generic_ops && (hwf & HWF_INTEL_BMI2))
    ops = &keccak_bmi2_ops;
#endif
#ifdef USE_PPC_POWER10
  if (ops == &keccak_generic_ops && (hwf & HWF_PPC_ARCH_3_10))
    ops = &keccak_ppc_power10_ops;
#endif
  keccak_ops = ops;
  keccak_cost = ops->cost;
  keccak_batch_lanes_out = NULL;
#ifdef USE_AVX2
  if (hwf & HWF_INTEL_AVX2)
    keccak_batch_lanes_out = _gcry_keccak_lanes_out_avx2;
#endif
#if defined(USE_AVX2) && defined(USE_BMI2)
  if (ops == &keccak_avx2_bmi2_ops && (hwf & HWF_INTEL_CPU))
    keccak_cost = keccak_avx2_intel_cost;
  else if (ops == &keccak_avx2_bmi2_ops && !(hwf & HWF_INTEL_WIDE_ALU))
    keccak_cost = keccak_avx2_narrow_cost;
#endif
#ifdef USE_AVX512
  if (ops == &keccak_avx512_ops && (hwf & HWF_INTEL_FAST_ZMM))
    keccak_cost = keccak_avx512_fast_zmm_cost;
#endif
  keccak_cost_chosen = keccak_cost;
  keccak_batch_x9 = keccak_ninth_pays (ops, hwf) ? keccak_x9 (ops, hwf) : NULL;
}

/* See keccak.h.  */
void
_gcry_keccak_test_set_cost (const unsigned int *cost)
{
  keccak_cost = cost ? cost : keccak_cost_chosen;
}

int
_gcry_keccak_batch_has_ninth (void)
{
  return keccak_batch_x9 != NULL;
}

int
_gcry_keccak_batch_set_ninth (int enable)
{
  keccak_batch_x9 = enable ? keccak_x9 (keccak_ops,
                                         _gcry_get_hw_features ()) : NULL;
  return keccak_batch_x9 != NULL;
}

/* Return the backend name of the single-state permutation.  */
const char *
_gcry_keccak_backend_name (void)
{
  return keccak_ops->name;
}

/* Return the backend name of the N-way permutation, N = 4 or 8, or
   NULL for another N.  */
const char *
_gcry_keccak_batch_backend_name (unsigned int n)
{
  if (n == 4)
    return keccak_ops->x4_name;
  if (n == 8)
    return keccak_ops->x8_name;
  return NULL;
}

/* See keccak.h.  */
int
_gcry_keccak_x8_cheap (void)
{
  return 4 * keccak_cost[2] <= 5 * keccak_cost[0];
}

/* See keccak.h.  */
int
_gcry_keccak_x4_cheap (void)
{
  return 4 * keccak_cost[1] <= 5 * keccak_cost[0];
}

/* See keccak.h.  */
int
_gcry_keccak_x8_per_lane (void)
{
  return 5 * keccak_cost[2] <= 8 * keccak_cost[1];
}

/* Keccak-f[1600] on STATE through the selected backend; the x4 and
   x8 variants take lane-interleaved states (keccak.h).  */
void
_gcry_keccak_f1600 (u64 state[25])
{
  keccak_ops->f1600 (state);
}

void
_gcry_keccak_f1600_x4 (u64 state[25 * 4])
{
  keccak_ops->f1600_x4 (state);
}

void
_gcry_keccak_f1600_x8 (u64 state[25 * 8])
{
  keccak_ops->f1600_x8 (state);
}



/*
 * Incremental sponge (FIPS 202, Algorithm 8, with the pad10*1 rule
 * and the domain bits folded into DSBYTE as in FIPS 202, B.2).
 */

/* Start a sponge with RATE bytes per block (a multiple of 8, at most
   168) and the domain byte DSBYTE (KECCAK_DS_SHA3 or
   KECCAK_DS_SHAKE).  */
void
_gcry_keccak_ctx_init (keccak_ctx_t *ctx, unsigned int rate, byte dsbyte)
{
  gcry_assert (rate > 0 && rate <= 200 - 16 && !(rate % 8));
  memset (ctx->state, 0, sizeof ctx->state);
  ctx->rate = rate;
  ctx->pos = 0;
  ctx->dsbyte = dsbyte;
  ctx->squeezing = 0;
}

/* XOR byte B into byte position POS (< 200) of the state: byte k of
   the state is byte k%8 (little endian) of lane k/8.  */
static inline void
keccak_xor_byte (u64 *state, unsigned int pos, byte b)
{
  state[pos >> 3] ^= (u64)b << (8 * (pos & 7));
}

/* Absorb INLEN bytes of IN.  May be called any number of times with
   any split of the message.  Ignored once squeezing started (the
   callers never do that; the sponge would be undefined).  */
void
_gcry_keccak_absorb (keccak_ctx_t *ctx, const void *in, size_t inlen)
{
  const byte *p = in;
  unsigned int rate = ctx->rate;
  unsigned int pos = ctx->pos;

  if (ctx->squeezing)
    return;

  /* Bytes up to the next lane boundary.  */
  while (inlen && (pos & 7))
    {
      keccak_xor_byte (ctx->state, pos++, *p++);
      inlen--;
      if (pos == rate)
        {
          _gcry_keccak_f1600 (ctx->state);
          pos = 0;
        }
    }

  /* Whole lanes, and whole blocks in one call of the backend's
     absorbing function whenever a block starts.  The rate is a
     multiple of 8, so POS stays aligned.  */
  while (inlen >= 8)
    {
      if (!pos && inlen >= rate)
        {
          size_t nblocks = inlen / rate;

          keccak_ops->absorb (ctx->state, p, nblocks, rate);
          p += nblocks * rate;
          inlen -= nblocks * rate;
          continue;
        }
      ctx->state[pos >> 3] ^= buf_get_le64 (p);
      p += 8;
      pos += 8;
      inlen -= 8;
      if (pos == rate)
        {
          _gcry_keccak_f1600 (ctx->state);
          pos = 0;
        }
    }

  /* Tail: fewer than 8 bytes, never completing a block.  */
  while (inlen)
    {
      keccak_xor_byte (ctx->state, pos++, *p++);
      inlen--;
    }

  ctx->pos = pos;
}

/* Append the domain bits and pad10*1, run the final absorbing
   permutation and switch to squeezing.  Idempotent.  */
void
_gcry_keccak_finalize (keccak_ctx_t *ctx)
{
  if (ctx->squeezing)
    return;
  keccak_xor_byte (ctx->state, ctx->pos, ctx->dsbyte);
  keccak_xor_byte (ctx->state, ctx->rate - 1, 0x80);
  _gcry_keccak_f1600 (ctx->state);
  ctx->pos = 0;
  ctx->squeezing = 1;
}

/* Squeeze OUTLEN bytes into OUT.  Consecutive calls continue the
   output stream, so any split of the output gives the same bytes as
   one call.  Finalizes first if still absorbing.  */
void
_gcry_keccak_squeeze (keccak_ctx_t *ctx, void *out, size_t outlen)
{
  byte *q = out;
  unsigned int rate = ctx->rate;
  unsigned int pos;

  if (!ctx->squeezing)
    _gcry_keccak_finalize (ctx);
  pos = ctx->pos;

  while (outlen)
    {
      if (pos == rate)
        {
          _gcry_keccak_f1600 (ctx->state);
          pos = 0;
        }
      if (!(pos & 7) && outlen >= 8)
        {
          buf_put_le64 (q, ctx->state[pos >> 3]);
          q += 8;
          pos += 8;
          outlen -= 8;
        }
      else
        {
          *q++ = ctx->state[pos >> 3] >> (8 * (pos & 7));
          pos++;
          outlen--;
        }
    }

  ctx->pos = pos;
}

/* Wipe CTX and the stack the permutations used below the caller.  */
void
_gcry_keccak_ctx_wipe (keccak_ctx_t *ctx)
{
  wipememory (ctx, sizeof *ctx);
  _gcry_burn_stack (KECCAK_STACK_BURN);
}


/*
 * One-shot helpers (FIPS 202, Section 6).
 */

/* One sponge over IN, OUTLEN bytes out; the context is wiped, the
   stack is not burnt (keccak.h).  */
void
_gcry_keccak_oneshot (unsigned int rate, byte dsbyte, void *out,
                      size_t outlen, const void *in, size_t inlen)
{
  keccak_ctx_t ctx;

  _gcry_keccak_ctx_init (&ctx, rate, dsbyte);
  _gcry_keccak_absorb (&ctx, in, inlen);
  _gcry_keccak_squeeze (&ctx, out, outlen);
  wipememory (&ctx, sizeof ctx);
}

static void
keccak_oneshot (unsigned int rate, byte dsbyte, void *out, size_t outlen,
                const void *in, size_t inlen)
{
  _gcry_keccak_oneshot (rate, dsbyte, out, outlen, in, inlen);
  _gcry_burn_stack (KECCAK_STACK_BURN);
}

/* SHA3-256 (FIPS 202, Section 6.1).  */
void
_gcry_sha3_256 (byte out[32], const void *in, size_t inlen)
{
  keccak_oneshot (KECCAK_RATE_SHA3_256, KECCAK_DS_SHA3, out, 32, in, inlen);
}

/* SHA3-512 (FIPS 202, Section 6.1).  */
void
_gcry_sha3_512 (byte out[64], const void *in, size_t inlen)
{
  keccak_oneshot (KECCAK_RATE_SHA3_512, KECCAK_DS_SHA3, out, 64, in, inlen);
}

/* SHAKE128 with OUTLEN bytes of output (FIPS 202, Section 6.2).  */
void
_gcry_shake128 (void *out, size_t outlen, const void *in, size_t inlen)
{
  keccak_oneshot (KECCAK_RATE_SHAKE128, KECCAK_DS_SHAKE, out, outlen,
                  in, inlen);
}

/* SHAKE256 with OUTLEN bytes of output (FIPS 202, Section 6.2).  */
void
_gcry_shake256 (void *out, size_t outlen, const void *in, size_t inlen)
{
  keccak_oneshot (KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE, out, outlen,
                  in, inlen);
}


/* left_encode of NIST SP 800-185, Section 2.3.1, for the 72-bit
   big-endian value BE: the number n of bytes of the value without
   leading zero bytes (at least one), then those n bytes.  Returns the
   length written to OUT (at most 10).  */
static unsigned int
sp800_185_left_encode (byte out[10], const byte be[9])
{
  unsigned int skip = 0;

  while (skip < 8 && !be[skip])
    skip++;
  out[0] = 9 - skip;
  memcpy (out + 1, be + skip, 9 - skip);
  return 10 - skip;
}

/* Absorb encode_string (X) of SP 800-185, Section 2.3.2: left_encode
   of the bit length of X, then X.  Returns the bytes absorbed.  */
static size_t
cshake_absorb_string (keccak_ctx_t *ctx, const void *x, size_t len)
{
  byte be[9], enc[10];
  u64 bits = (u64)len << 3;     /* Without the top 3 bits.  */
  unsigned int i, n;

  be[0] = (byte)((u64)len >> 61);
  for (i = 0; i < 8; i++)
    be[1 + i] = (byte)(bits >> (56 - 8 * i));
  n = sp800_185_left_encode (enc, be);
  _gcry_keccak_absorb (ctx, enc, n);
  _gcry_keccak_absorb (ctx, x, len);
  return n + len;
}

/* cSHAKE (SP 800-185, Section 3.3).  CTX is a SHAKE sponge that has
   absorbed nothing yet.  If the function name N or the customization
   string S is non-empty, absorb
     bytepad (encode_string (N) || encode_string (S), rate)
   (left_encode of the rate in bytes, the two strings, zeros up to a
   whole block) and change the domain byte to KECCAK_DS_CSHAKE; else
   cSHAKE is SHAKE and CTX stays as it is.  */
void
_gcry_cshake_customize (keccak_ctx_t *ctx, const void *n, size_t nlen,
                        const void *s, size_t slen)
{
  static const byte zeros[KECCAK_RATE_SHAKE128];
  byte be[9] = { 0 }, enc[10];
  size_t total, pad;

  gcry_assert (!ctx->squeezing && !ctx->pos
               && ctx->rate <= sizeof zeros);
  if (!nlen && !slen)
    return;

  be[8] = (byte)ctx->rate;      /* 168 or 136: one byte.  */
  total = sp800_185_left_encode (enc, be);
  _gcry_keccak_absorb (ctx, enc, total);
  total += cshake_absorb_string (ctx, n, nlen);
  total += cshake_absorb_string (ctx, s, slen);
  pad = (ctx->rate - total % ctx->rate) % ctx->rate;
  _gcry_keccak_absorb (ctx, zeros, pad);
  ctx->dsbyte = KECCAK_DS_CSHAKE;
}


/* The lane copies of the batch sponge and of the scheduler.  They are
   as frequent as the permutations are rare: an x8 call of ML-KEM-768
   KeyGen comes with about 130 lanes squeezed and 60 unparked or
   parked, one load and one store each.  Written as plain loops, the
   loop control cost as much as the copies; so four lanes are done per
   iteration, and all four are loaded before the first store, which
   (through a byte or lane pointer that may alias the state) would
   otherwise force the compiler to reload.  The callers make the
   stride W a constant: one loop per width.  */

/* Store the NL lanes L[0], L[W], ..., L[(NL-1)*W] to OUT, little
   endian.  */
static inline __attribute__ ((always_inline)) void
keccak_lanes_out (byte *out, const u64 *l, size_t w, size_t nl)
{
  size_t i;

  for (i = 0; i + 4 <= nl; i += 4, l += 4 * w, out += 32)
    {
      u64 v0 = l[0], v1 = l[w], v2 = l[2 * w], v3 = l[3 * w];

      buf_put_le64 (out, v0);
      buf_put_le64 (out + 8, v1);
      buf_put_le64 (out + 16, v2);
      buf_put_le64 (out + 24, v3);
    }
  for (; i < nl; i++, l += w, out += 8)
    buf_put_le64 (out, *l);
}

/* XOR the NL little-endian u64 at IN into the lanes L[0], L[W], ...,
   L[(NL-1)*W].  */
static inline __attribute__ ((always_inline)) void
keccak_lanes_xor_in (u64 *l, size_t w, const byte *in, size_t nl)
{
  size_t i;

  for (i = 0; i + 4 <= nl; i += 4, l += 4 * w, in += 32)
    {
      u64 v0 = buf_get_le64 (in), v1 = buf_get_le64 (in + 8);
      u64 v2 = buf_get_le64 (in + 16), v3 = buf_get_le64 (in + 24);

      l[0] ^= v0;
      l[w] ^= v1;
      l[2 * w] ^= v2;
      l[3 * w] ^= v3;
    }
  for (; i < nl; i++, l += w, in += 8)
    l[0] ^= buf_get_le64 (in);
}

/* Copy the 25 lanes SRC[0], SRC[SW], ... to DST[0], DST[DW], ...;
   one of the strides is 1 (park or unpark).  */
static inline __attribute__ ((always_inline)) void
keccak_lanes_copy (u64 *dst, size_t dw, const u64 *src, size_t sw)
{
  unsigned int i;

  for (i = 0; i < 25; i += 5, dst += 5 * dw, src += 5 * sw)
    {
      u64 v0 = src[0], v1 = src[sw], v2 = src[2 * sw];
      u64 v3 = src[3 * sw], v4 = src[4 * sw];

      dst[0] = v0;
      dst[dw] = v1;
      dst[2 * dw] = v2;
      dst[3 * dw] = v3;
      dst[4 * dw] = v4;
    }
}

/*
 * Batch sponge: N = 4 or 8 independent sponges with equal input
 * lengths, one interleaved state, one N-way permutation per block.
 */

static inline void
keccak_batch_permute (keccak_batch_t *b)
{
  if (b->n == 8 && b->ninth)
    keccak_batch_x9 (b->state);
  else if (b->n == 8)
    _gcry_keccak_f1600_x8 (b->state);
  else
    _gcry_keccak_f1600_x4 (b->state);
}

/* Absorb IN[0..N-1] (INLEN bytes each, any length) into N fresh
   sponges of RATE bytes per block, then append DSBYTE and pad10*1.
   The final permutation is left to the first squeeze, so that
   _gcry_keccak_batch_squeezeblocks always permutes before it copies
   out a block.  N must be 4 or 8; RATE a multiple of 8 up to 168.  */
void
_gcry_keccak_batch_absorb (keccak_batch_t *b, unsigned int n,
                           unsigned int rate, byte dsbyte,
                           const byte *const in[], size_t inlen)
{
  size_t off = 0;
  unsigned int i, j, t;

  gcry_assert (n == 4 || n == 8);
  gcry_assert (rate > 0 && rate <= 200 - 16 && !(rate % 8));

  /* The ninth state is its owner's to load (keccak.h).  */
  memset (b->state, 0, 25 * n * sizeof b->state[0]);
  b->n = n;
  b->rate = rate;
  b->ninth = 0;

  /* Whole blocks.  */
  while (inlen - off >= rate)
    {
      for (i = 0; i < rate / 8; i++)
        for (j = 0; j < n; j++)
          b->state[i * n + j] ^= buf_get_le64 (in[j] + off + 8 * i);
      keccak_batch_permute (b);
      off += rate;
    }

  /* The last partial block: T < RATE bytes, then the padding.  */
  t = inlen - off;
  for (i = 0; i < t / 8; i++)
    for (j = 0; j < n; j++)
      b->state[i * n + j] ^= buf_get_le64 (in[j] + off + 8 * i);
  for (i = t & ~7u; i < t; i++)
    for (j = 0; j < n; j++)
      b->state[(i >> 3) * n + j] ^= (u64)in[j][off + i] << (8 * (i & 7));
  for (j = 0; j < n; j++)
    {
      b->state[(t >> 3) * n + j] ^= (u64)dsbyte << (8 * (t & 7));
      b->state[((rate - 1) >> 3) * n + j] ^= (u64)0x80 << 56;
    }
}

/* Squeeze NBLOCKS blocks of RATE bytes from each of the N sponges:
   block k of instance j goes to OUT[j] + k*RATE.  */
void
_gcry_keccak_batch_squeezeblocks (keccak_batch_t *b,
                                  byte *const out[], size_t nblocks)
{
  unsigned int n = b->n;
  unsigned int lanes = b->rate / 8;
  size_t k;
  unsigned int j;

  /* With the stride a constant (one loop per width, as in the
     scheduler) the copies go four lanes at a time.  */
  for (k = 0; k < nblocks; k++)
    {
      keccak_batch_permute (b);
      if (keccak_batch_lanes_out)
        {
          byte *o[KECCAK_BATCH_MAX];

          for (j = 0; j < n; j++)
            o[j] = out[j] + k * b->rate;
          keccak_batch_lanes_out (o, b->state, n, lanes);
        }
      else if (n == 8)
        for (j = 0; j < 8; j++)
          keccak_lanes_out (out[j] + k * b->rate, b->state + j, 8, lanes);
      else
        for (j = 0; j < 4; j++)
          keccak_lanes_out (out[j] + k * b->rate, b->state + j, 4, lanes);
    }
}

/* Wipe B and the stack the permutations used below the caller.  */
void
_gcry_keccak_batch_wipe (keccak_batch_t *b)
{
  wipememory (b, sizeof *b);
  _gcry_burn_stack (KECCAK_STACK_BURN);
}


/*
 * Multi-stream sponge (keccak.h): any number of independent sponges
 * of mixed functions scheduled onto the 1-, 4- or 8-way permutation.
 */

/* Rate, domain byte and digest length (0: XOF) of each function.  */
static const struct
{
  unsigned char rate;
  byte dsbyte;
  unsigned char mdlen;
} keccak_functions[] =
  {
    { KECCAK_RATE_SHA3_224, KECCAK_DS_SHA3, 28 },
    { KECCAK_RATE_SHA3_256, KECCAK_DS_SHA3, 32 },
    { KECCAK_RATE_SHA3_384, KECCAK_DS_SHA3, 48 },
    { KECCAK_RATE_SHA3_512, KECCAK_DS_SHA3, 64 },
    { KECCAK_RATE_SHAKE128, KECCAK_DS_SHAKE, 0 },
    { KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE, 0 }
  };

/* The permutations that stream S, still absorbing its input, needs
   for that and OUTLEN bytes of output (the cost model of keccak.h).  */
static unsigned int
keccak_stream_cost (const keccak_stream_t *s, size_t outlen)
{
  if (s->open)
    return s->inlen / s->ctx.rate;
  return s->inlen / s->ctx.rate + 1
         + (outlen ? (outlen - 1) / s->ctx.rate : 0);
}

/* Start stream S; see keccak.h.  */
void
_gcry_keccak_stream_init (keccak_stream_t *s, enum keccak_function fn,
                          const void *in, size_t inlen,
                          void *out, size_t outlen)
{
  gcry_assert ((unsigned int)fn < DIM (keccak_functions));
  gcry_assert (!keccak_functions[fn].mdlen || !outlen
               || outlen == keccak_functions[fn].mdlen);
  /* The lanes stay unset: a fresh stream's state is all zero, which
     keccak_stream_unpark writes directly into its slot.  */
  s->ctx.rate = keccak_functions[fn].rate;
  s->ctx.pos = 0;
  s->ctx.dsbyte = keccak_functions[fn].dsbyte;
  s->ctx.squeezing = 0;
  s->fresh = 1;
  s->running = 0;
  s->last = !!keccak_functions[fn].mdlen;
  s->in = in;
  s->inlen = inlen;
  s->out = out;
  s->outlen = outlen;
  s->open = 0;
  s->rem = keccak_stream_cost (s, outlen);
}

/* Make stream S, not yet run, absorb only a prefix; see keccak.h.  */
void
_gcry_keccak_stream_open (keccak_stream_t *s)
{
  gcry_assert (s->fresh && !s->ctx.squeezing);
  s->open = 1;
  s->rem = keccak_stream_cost (s, s->outlen);
}

/* More input for open stream S; see keccak.h.  */
void
_gcry_keccak_stream_input (keccak_stream_t *s, const void *in,
                           size_t inlen, int final)
{
  gcry_assert (s->open && !s->running && inlen >= s->inlen);
  s->in = in;
  s->inlen = inlen;
  s->open = !final;
  s->rem = keccak_stream_cost (s, s->outlen);
}

/* Ask XOF stream S for OUTLEN more bytes to OUT; see keccak.h.  */
void
_gcry_keccak_stream_more (keccak_stream_t *s, void *out, size_t outlen)
{
  unsigned int avail;

  gcry_assert (s->ctx.dsbyte == KECCAK_DS_SHAKE && !s->last);
  s->out = out;
  s->outlen = outlen;
  /* Squeezing: what the current block still holds is free.  */
  avail = s->ctx.squeezing ? s->ctx.rate - s->ctx.pos : 0;
  if (!s->ctx.squeezing)
    s->rem = keccak_stream_cost (s, outlen);
  else
    s->rem = outlen > avail
             ? (outlen - avail + s->ctx.rate - 1) / s->ctx.rate : 0;
}

/* Mark XOF stream S as getting no further request; see keccak.h.  */
void
_gcry_keccak_stream_last (keccak_stream_t *s)
{
  s->last = 1;
}

static inline int
keccak_stream_has_work (const keccak_stream_t *s)
{
  if (s->ctx.squeezing)
    return !!s->outlen;
  return !s->open || s->inlen >= s->ctx.rate;
}

/* S has work and is not in a slot.  */
static inline int
keccak_stream_waiting (const keccak_stream_t *s)
{
  return !s->running && keccak_stream_has_work (s);
}

/* Do the sponge work of stream S, whose lanes are L[0], L[W], ...,
   L[24*W] of an interleaved state, up to its next permutation: XOR in
   one input block, or the last partial one with the padding, or copy
   out what the state holds of the request.  Returns 1 if S now needs
   the permutation, 0 if its request is complete (then no permutation
   is owed: like the incremental sponge, squeezing permutes lazily).
   S->ctx.pos and .squeezing describe the state after that
   permutation, so a stream can be parked between steps.  */
static inline __attribute__ ((always_inline)) int
keccak_stream_step (u64 *l, size_t w, keccak_stream_t *s)
{
  keccak_ctx_t *c = &s->ctx;
  unsigned int rate = c->rate;
  unsigned int pos, i, t;
  byte *out;
  size_t outlen;

  if (!c->squeezing)
    {
      /* An open stream stops before a partial block: the rest of
         its message comes with _gcry_keccak_stream_input.  */
      if (s->open && s->inlen < rate)
        return 0;
      t = s->inlen < rate ? s->inlen : rate;
      keccak_lanes_xor_in (l, w, s->in, t / 8);
      if (t < rate)
        {
          /* The last block: its bytes after the whole lanes and the
             domain byte share lane T/8; they are gathered in a
             register and XORed in at once.  */
          u64 v = (u64)c->dsbyte << (8 * (t & 7));

          for (i = t & ~7u; i < t; i++)
            v ^= (u64)s->in[i] << (8 * (i & 7));
          l[(t >> 3) * w] ^= v;
          l[((rate - 1) >> 3) * w] ^= (u64)0x80 << (8 * ((rate - 1) & 7));
          c->squeezing = 1;
          c->pos = 0;
        }
      s->in += t;
      s->inlen -= t;
      return 1;
    }

  /* The output pointer and length in locals: stores through OUT
     could alias *S, so the compiler would otherwise reload and store
     them around every lane, a dependency through memory that made
     this loop cost about as much as the permutation.  Whole lanes go
     in a loop of their own (every rate is a multiple of 8), then the
     bytes of a partial lane at either end.  */
  pos = c->pos;
  out = s->out;
  outlen = s->outlen;
  if (!(pos & 7))
    {
      size_t nl = (rate - pos) / 8;

      if (nl > outlen / 8)
        nl = outlen / 8;
      keccak_lanes_out (out, l + (pos >> 3) * w, w, nl);
      out += 8 * nl;
      pos += 8 * nl;
      outlen -= 8 * nl;
    }
  while (outlen && pos < rate)
    {
      *out++ = l[(pos >> 3) * w] >> (8 * (pos & 7));
      outlen--;
      pos++;
    }
  s->out = out;
  s->outlen = outlen;
  if (!outlen)
    {
      c->pos = pos;
      return 0;
    }
  c->pos = 0;
  return 1;
}

/* Copy the 25 lanes of stream S between its context and the lanes
   L[0], L[W], ... of an interleaved state.  A fresh stream (never
   parked) has the all-zero state: it is written without reading its
   context, and not at all if ZEROED says that the lanes are zero
   already.  */
static inline __attribute__ ((always_inline)) void
keccak_stream_unpark (u64 *l, size_t w, const keccak_stream_t *s, int zeroed)
{
  unsigned int i;

  if (!s->fresh)
    keccak_lanes_copy (l, w, s->ctx.state, 1);
  else if (!zeroed)
    for (i = 0; i < 25; i += 5, l += 5 * w)
      {
        l[0] = 0;
        l[w] = 0;
        l[2 * w] = 0;
        l[3 * w] = 0;
        l[4 * w] = 0;
      }
}

static inline __attribute__ ((always_inline)) void
keccak_stream_park (const u64 *l, size_t w, keccak_stream_t *s)
{
  keccak_lanes_copy (s->ctx.state, 1, l, w);
  s->fresh = 0;
  s->running = 0;
}

/* The permutations still needed by the streams at S with work: the
   total in *TOTAL, the longest chain (the most any one stream needs)
   in *LONGEST and the second longest in *SECOND.  */
static void
keccak_multi_work (const keccak_stream_t *s, size_t n, size_t *total,
                   size_t *longest, size_t *second)
{
  size_t i;

  *total = *longest = *second = 0;
  for (i = 0; i < n; i++)
    if (keccak_stream_has_work (&s[i]))
      {
        *total += s[i].rem;
        if (s[i].rem > *longest)
          {
            *second = *longest;
            *longest = s[i].rem;
          }
        else if (s[i].rem > *second)
          *second = s[i].rem;
      }
}

/* Instances per call at each width index (keccak.h): x1, x4, x8 and
   the 5-way call of some backends (keccak_ops_t.f1600_x5), whose
   state has the 8-way layout.  */
static const unsigned int keccak_width[KECCAK_NWIDTHS] = { 1, 4, 8, 5 };

/* The width indexes the scheduler may use with the selected backend,
   as a mask (bit I for index I).  */
static unsigned int
keccak_usable_widths (void)
{
  return 7 | (keccak_ops->f1600_x5 && keccak_cost[3] ? 8 : 0);
}

/* Working state of keccak_multi_width.  */
struct keccak_width_pick
{
  u64 c[KECCAK_NWIDTHS], two[KECCAK_NWIDTHS], cmin;
  unsigned int best, best2;
};

/* Cost width index I of W lanes (a constant at every call, so that the
   divisions become shifts or multiplications) for keccak_multi_width;
   the callers go by increasing W, so that ties keep the smaller
   width.  */
static inline __attribute__ ((always_inline)) void
keccak_width_consider (struct keccak_width_pick *p, const unsigned int *cost,
                       unsigned int widths, unsigned int i,
                       const unsigned int w, size_t total, size_t longest,
                       size_t second, int tail)
{
  size_t calls, k;

  if (!(widths & (1u << i)))
    return;
  calls = (total + w - 1) / w;
  p->c[i] = (u64)cost[i] * (calls > longest ? calls : longest);
  if (p->best == KECCAK_NWIDTHS || p->c[i] < p->c[p->best])
    p->best = i;
  if (tail && w > 1 && calls < longest)
    {
      /* The longest chain outlasts the rest: the other streams fill
         the other lanes for K calls, then the chain runs alone at the
         cheapest width (the scheduler chooses again when a slot finds
         nothing to refill it).  */
      k = (total - longest + w - 2) / (w - 1);
      if (k < second)
        k = second;
      if (k < longest)
        {
          p->two[i] = (u64)cost[i] * k + p->cmin * (longest - k);
          if (p->best2 == KECCAK_NWIDTHS || p->two[i] < p->two[p->best2])
            p->best2 = i;
        }
    }
}

/* The width index (0, 1, 2, 3 for x1, x4, x8, x5) among those in
   WIDTHS that minimises the cost of the rest of the run, COST[i] times the
   shortest schedule at that width, max (ceil (TOTAL / width),
   LONGEST) calls, for TOTAL permutations still needed and a longest
   chain of LONGEST; ties go to the smaller width.  SECOND, the second
   longest chain, is only looked at with TAIL (the start of a run):
   then a chain that outlasts the rest may instead be costed as the run
   the scheduler makes of it, the rest in the other lanes for as many
   calls as they need (at least SECOND) and then the chain alone at the
   cheapest width (keccak.h).  That estimate is a guess about packing,
   so it wins only if it is at least 10% below the cheapest plain
   schedule.  CUR is the width index in use (KECCAK_NWIDTHS for none):
   it is kept unless another width is strictly cheaper, since switching
   costs a re-pack of every running stream.  The cost of the rest of
   the run at the width returned goes to *R_COST if R_COST is not
   NULL.
   With R_WIDE not NULL (the start of a run of NSTREAMS streams with
   work), a third plan is costed: K calls of x8 and then x4 for the
   rest, K the fewest 8-way calls after which the rest fits into
   LONGEST - K 4-way calls, so that the x4 part is bound by the chain.
   Where an 8-way call costs less than two 4-way ones but more than
   one (Intel's zmm instructions: 1.4 of them), that beats both plain
   widths on runs with more work than 4 lanes can carry along their
   chain: ML-KEM-1024 Encaps, H (ek) (12 blocks) beside 48 matrix
   permutations, 3 x8 and 9 x4 calls instead of 15 x4 ones.  It needs
   eight streams to fill the 8-way calls and wins only if at least 5%
   below the plan chosen otherwise; then x8 is returned and K goes to
   *R_WIDE, after which the scheduler chooses again (0 otherwise).  */
static unsigned int
keccak_multi_width (const unsigned int *cost, unsigned int widths,
                    size_t total, size_t longest, size_t second,
                    unsigned int cur, int tail, u64 *r_cost,
                    size_t nstreams, size_t *r_wide)
{
  const unsigned int none = KECCAK_NWIDTHS;
  struct keccak_width_pick p;
  unsigned int i, best;

  p.best = p.best2 = none;
  p.cmin = 0;
  for (i = 0; i < KECCAK_NWIDTHS; i++)
    {
      p.c[i] = p.two[i] = 0;
      if ((widths & (1u << i)) && (!p.cmin || cost[i] < p.cmin))
        p.cmin = cost[i];
    }
  /* By increasing width: x1, x4, x5, x8.  */
  keccak_width_consider (&p, cost, widths, 0, 1, total, longest, second,
                         tail);
  keccak_width_consider (&p, cost, widths, 1, 4, total, longest, second,
                         tail);
  keccak_width_consider (&p, cost, widths, 3, 5, total, longest, second,
                         tail);
  keccak_width_consider (&p, cost, widths, 2, 8, total, longest, second,
                         tail);
  best = p.best;
  if (p.best2 < none && 10 * p.two[p.best2] < 9 * p.c[best])
    {
      p.c[p.best2] = p.two[p.best2];
      best = p.best2;
    }
  if (cur < none && cur != best && (widths & (1u << cur))
      && !(p.c[best] < p.c[cur]))
    best = cur;
  if (r_wide)
    {
      *r_wide = 0;
      if ((widths & 6) == 6 && nstreams >= 8 && total > 4 * longest
          && cost[2] < 2 * cost[1])
        {
          size_t k = (total - 4 * longest + 3) / 4;
          u64 mix = (u64)cost[2] * k + (u64)cost[1] * (longest - k);

          if (k < longest && 20 * mix < 19 * p.c[best])
            {
              best = 2;
              p.c[best] = mix;
              *r_wide = k;
            }
        }
    }
  if (r_cost)
    *r_cost = p.c[best];
  return best;
}

/* See keccak.h.  */
unsigned long
_gcry_keccak_multi_cost (size_t total, size_t longest)
{
  u64 c;

  keccak_multi_width (keccak_cost, keccak_usable_widths (), total, longest,
                      0, KECCAK_NWIDTHS, 0, &c, 0, NULL);
  return c;
}

/* See keccak.h.  */
unsigned int
_gcry_keccak_cost_figure (unsigned int wi)
{
  return wi < KECCAK_NWIDTHS && (keccak_usable_widths () & (1u << wi))
         ? keccak_cost[wi] : 0;
}

/* Return the first of the N streams at S from index *NEXT on that has
   work, with its lanes copied to L[0], L[W], ... (ZEROED: as for
   keccak_stream_unpark), and advance *NEXT past it; NULL if there is
   none.  */
static inline __attribute__ ((always_inline)) keccak_stream_t *
keccak_multi_take (keccak_stream_t *s, size_t n, size_t *next,
                   u64 *l, size_t w, int zeroed)
{
  while (*next < n && !keccak_stream_waiting (&s[*next]))
    ++*next;
  if (*next == n)
    return NULL;
  keccak_stream_unpark (l, w, &s[*next], zeroed);
  s[*next].running = 1;
  return &s[(*next)++];
}

/* Move the streams in the slots SLOT[0..7] of the 8-way state ST, at
   most four, into one half of it: the half that holds more of them
   keeps its streams, the others get its free slots.  */
static inline __attribute__ ((always_inline)) void
keccak_multi_to_half (u64 *st, keccak_stream_t **slot)
{
  unsigned int lo = 0, hi = 0, from, to, j;

  for (j = 0; j < 4; j++)
    {
      lo += !!slot[j];
      hi += !!slot[j + 4];
    }
  if (!lo || !hi)
    return;
  from = lo < hi ? 0 : 4;
  to = 4 - from;
  for (j = from; j < from + 4; j++)
    if (slot[j])
      {
        while (slot[to])
          to++;
        keccak_lanes_copy (st + to, 8, st + j, 8);
        slot[to] = slot[j];
        slot[j] = NULL;
      }
}

/* The steps of the scheduler at width index WI with NACTIVE streams
   in SLOT[0..W-1] of the interleaved state ST, whose lane stride is
   STRIDE, and LANES instances per call: W = STRIDE = LANES for x1, x4
   and x8; the 5-way call has W = STRIDE = 8 and LANES = 5, its slots
   5-7 staying empty (NULL).  W and STRIDE are constants at every call
   site, so that the slot loops unroll: sponge work,
   refills from the N streams at S (from *NEXT on, *PENDING of them
   still waiting), one W-way permutation per step, until no stream has
   work, a smaller stream count calls for another width, or SWITCH_AT
   steps are done (the planned switch of keccak_multi_width's R_WIDE;
   (size_t)-1 for none); in the last two cases the running streams
   are parked.
   HALF, where not NULL (only at W = 8 with the 8-way call, where the
   backend has keccak_ops_t.f1600_x4_half, x4 is allowed and costs
   less than x8), takes the step of at most four streams: they are
   moved into one half of the state if they are spread over both (25
   lane copies each) and permuted by one 4-way call there, which
   counts as an x4 call.  So a run that shrinks from 8 streams to 4 or
   fewer goes on at the 4-way cost without parking and re-packing its
   streams, and the nine 3-block SampleNTT streams of ML-KEM-768, whose
   fourth x8 step carries three of them, take 3 x8 calls and one
   x4.  */
static inline __attribute__ ((always_inline)) void
keccak_multi_steps (keccak_stream_t *s, size_t n, size_t *next,
                    size_t *pending, u64 *st, keccak_stream_t **slot,
                    unsigned int nactive, const unsigned int w,
                    const unsigned int stride, unsigned int lanes,
                    unsigned int wi, void (*permute) (u64 *state),
                    void (*half) (u64 *state),
                    const unsigned int *cost, unsigned int widths,
                    size_t switch_at,
                    unsigned long r_calls[KECCAK_NWIDTHS])
{
  unsigned int j, jmin;
  size_t i, len, step = 0, urgent_at, total, longest;

  /* The shortest schedule at this width (LEN calls): every remaining
     permutation in a full call, and no stream's chain cut short.
     URGENT_AT is the first step at which a waiting stream must start
     to finish within it; before it no stream is looked at.  Nothing
     of this is needed when no stream waits.  */
  urgent_at = (size_t)-1;
  len = 0;
  if (*pending)
    {
      size_t total = 0, maxwait = 0;

      for (i = 0; i < n; i++)
        if (keccak_stream_has_work (&s[i]))
          {
            total += s[i].rem;
            if (s[i].rem > len)
              len = s[i].rem;
            if (!s[i].running && s[i].rem > maxwait)
              maxwait = s[i].rem;
          }
      if ((total + lanes - 1) / lanes > len)
        len = (total + lanes - 1) / lanes;
      if (maxwait)
        urgent_at = len - maxwait;
    }

  for (;;)
    {
      int shrunk = 0;

      /* Deadlines: a waiting stream whose remaining permutations
         would no longer fit into the shortest possible schedule (LEN
         calls) if it waited another step takes the slot of the
         running stream with the most slack.  Otherwise streams run in
         order, as packed.  So a matrix of nine 3-block streams takes
         4 x8 calls instead of 3 for eight of them and 3 more for the
         ninth, while equal streams that fill the lanes evenly are
         never swapped.  */
      if (*pending && step >= urgent_at)
        {
          urgent_at = (size_t)-1;
          for (i = *next; i < n; i++)
            if (keccak_stream_waiting (&s[i]) && s[i].rem)
              {
                if (s[i].rem + step < len)
                  {
                    if (len - s[i].rem < urgent_at)
                      urgent_at = len - s[i].rem;
                    continue;
                  }
                /* A running stream with nothing left to permute
                   leaves its slot in this step anyway.  */
                for (jmin = w, j = 0; j < w; j++)
                  if (slot[j] && slot[j]->rem
                      && (jmin == w || slot[j]->rem < slot[jmin]->rem))
                    jmin = j;
                if (jmin == w || slot[jmin]->rem + step + 1 > len)
                  {
                    /* No slack anywhere: look again next step.  */
                    urgent_at = step + 1;
                    break;
                  }
                keccak_stream_park (st + jmin, stride, slot[jmin]);
                if ((size_t)(slot[jmin] - s) < *next)
                  *next = slot[jmin] - s;
                if (len - slot[jmin]->rem < urgent_at)
                  urgent_at = len - slot[jmin]->rem;
                keccak_stream_unpark (st + jmin, stride, &s[i], 0);
                s[i].running = 1;
                slot[jmin] = &s[i];
              }
        }
      step++;

      for (j = 0; j < w; j++)
        {
          while (slot[j] && !keccak_stream_step (st + j, stride, slot[j]))
            {
              /* Done: park it and refill the slot.  A stream that gets
                 no more requests (SHA-3, or marked last) need not keep
                 its lanes, unless more of its input is to come.  */
              if (!slot[j]->last || slot[j]->open)
                keccak_stream_park (st + j, stride, slot[j]);
              else
                slot[j]->running = 0;
              if ((slot[j] = keccak_multi_take (s, n, next, st + j, stride,
                                                0)))
                --*pending;
              else
                {
                  nactive--;
                  shrunk = 1;
                }
            }
          /* The stream in the slot gets this step's permutation.  */
          if (slot[j] && slot[j]->rem)
            slot[j]->rem--;
        }
      if (!nactive)
        break;
      if (w == 8 && half && nactive <= 4)
        {
          keccak_multi_to_half (st, slot);
          half (slot[0] || slot[1] || slot[2] || slot[3] ? st : st + 4);
          if (r_calls)
            r_calls[1]++;
        }
      else
        {
          permute (st);
          if (r_calls)
            r_calls[wi]++;
        }
      /* The planned switch to x4 (SWITCH_AT): if at most four streams
         still need permutations, they stay in this state for the 4-way
         calls on half of it (the others only copy out their last
         output, from any slot).  */
      if (step == switch_at && w == 8 && half)
        {
          size_t left = 0;

          for (i = 0; i < n; i++)
            left += keccak_stream_has_work (&s[i]) && s[i].rem;
          if (left <= 4)
            switch_at = (size_t)-1;
        }
      /* A slot found no stream to refill it, so every stream with
         work is running: the rest of the run is that of the slots.
         With HALF the run is on x4 from now on, unless a width below
         that is cheaper.  */
      if (shrunk)
        for (total = longest = 0, j = 0; j < w; j++)
          if (slot[j])
            {
              total += slot[j]->rem;
              if (slot[j]->rem > longest)
                longest = slot[j]->rem;
            }
      if ((shrunk
           && keccak_multi_width (cost, widths, total, longest, 0,
                                  w == 8 && half && nactive <= 4 ? 1 : wi,
                                  0, NULL, 0, NULL)
              != (w == 8 && half && nactive <= 4 ? 1 : wi))
          || step == switch_at)
        {
          for (j = 0; j < w; j++)
            if (slot[j])
              keccak_stream_park (st + j, stride, slot[j]);
          break;
        }
    }
}

/* The scheduler; see keccak.h for the contract and cost model.  */
void
_gcry_keccak_multi_run_widths (keccak_stream_t *s, size_t n,
                               unsigned int widths,
                               unsigned long r_calls[KECCAK_NWIDTHS])
{
  const keccak_ops_t *ops = keccak_ops;
  const unsigned int *cost = keccak_cost;
  unsigned int tcost[KECCAK_NWIDTHS];
  u64 st[25 * KECCAK_BATCH_MAX];
  keccak_stream_t *slot[KECCAK_BATCH_MAX];
  void (*permute) (u64 *state), (*half) (u64 *state);
  size_t next, pending, i, total, longest, second, wide, switch_at;
  unsigned int wi, w, stride, smax = 0, j, nactive;
  size_t clear;

  /* A test may ask for x5 where the backend has the kernel but the
     scheduler leaves it out (cost 0: Intel processors), so that the
     5-way paths are tested on every machine that can run them: it
     gets the figure of the backend's table.  */
  if ((widths & 8) && ops->f1600_x5 && !cost[3])
    {
      memcpy (tcost, cost, sizeof tcost);
      tcost[3] = ops->cost[3];
      cost = tcost;
    }
  widths &= 7 | (ops->f1600_x5 ? 8 : 0);
  gcry_assert (widths);
  half = (widths & 6) == 6 && cost[1] < cost[2] ? ops->f1600_x4_half : NULL;

  for (;;)
    {
      /* (Re)pack: every stream with work is parked here.  */
      for (pending = i = 0; i < n; i++)
        pending += keccak_stream_has_work (&s[i]);
      if (!pending)
        break;
      keccak_multi_work (s, n, &total, &longest, &second);
      wi = keccak_multi_width (cost, widths, total, longest, second,
                               KECCAK_NWIDTHS, 1, NULL, pending, &wide);
      switch_at = wide ? wide : (size_t)-1;
      w = keccak_width[wi];
      stride = wi == 3 ? 8 : w;
      permute = wi == 0 ? ops->f1600 : wi == 1 ? ops->f1600_x4
                : wi == 2 ? ops->f1600_x8 : ops->f1600_x5;
      /* Clearing the state at once leaves only parked streams to copy
         in: fresh ones and idle instances are all zero.  */
      if (stride > smax)
        smax = stride;
      /* The size hidden from the compiler: knowing it at most 1600
         bytes, gcc 12 inlines "rep stosq", whose start-up cost made
         ML-KEM with AVX-512 1-2% slower than the library's memset.  */
      clear = 25 * stride * sizeof *st;
      __asm__ ("" : "+r" (clear));
      memset (st, 0, clear);
      next = 0;
      for (j = w; j < stride; j++)
        slot[j] = NULL;   /* x5: slots 5-7 stay empty.  */
      for (j = nactive = 0; j < w; j++)
        if ((slot[j] = keccak_multi_take (s, n, &next, st + j, stride, 1)))
          {
            nactive++;
            pending--;
          }

      /* Steps at width W until a change of the stream count calls
         for another width; one copy of the loop per lane stride, so
         that the strides are constants.  x8 and x5 share the copy of
         stride 8 (x5 with slots 5-7 empty): a fourth copy made the
         function 3 KiB larger and ML-KEM 1-3% slower on every
         backend (Zen 5, ab-pq).  */
      if (wi == 0)
        keccak_multi_steps (s, n, &next, &pending, st, slot, nactive, 1, 1,
                            1, 0, permute, NULL, cost, widths, switch_at,
                            r_calls);
      else if (wi == 1)
        keccak_multi_steps (s, n, &next, &pending, st, slot, nactive, 4, 4,
                            4, 1, permute, NULL, cost, widths, switch_at,
                            r_calls);
      else
        keccak_multi_steps (s, n, &next, &pending, st, slot, nactive, 8, 8,
                            w, wi, permute, wi == 2 ? half : NULL, cost,
                            widths, switch_at, r_calls);
    }

  /* Only the lanes of the widest state used held stream data.  */
  wipememory (st, 25 * smax * sizeof *st);
}

/* Run the N streams at S; see keccak.h.  */
void
_gcry_keccak_multi_run (keccak_stream_t *s, size_t n)
{
  _gcry_keccak_multi_run_widths (s, n, keccak_usable_widths (), NULL);
}

/* Wipe the N streams at S and the stack the permutations used: they
   ran below the scheduler's frame, which holds the interleaved state
   (wiped by the scheduler itself) and a few words more.  */
void
_gcry_keccak_multi_wipe (keccak_stream_t *s, size_t n)
{
  wipememory (s, n * sizeof *s);
  _gcry_burn_stack (KECCAK_STACK_BURN + 25 * KECCAK_BATCH_MAX * sizeof (u64)
                    + 256);
}


/* The table of backend NAME, or NULL if it is not compiled in or not
   usable with the current hardware features (the test
   _gcry_keccak_init applies).  */
static const keccak_ops_t *
keccak_lookup_backend (const char *name)
{
  const keccak_ops_t *ops = NULL;
  unsigned int hwf = _gcry_get_hw_features ();

  (void)hwf;
  if (!name)
    return NULL;
  if (!strcmp (name, "generic"))
    ops = &keccak_generic_ops;
#ifdef USE_AVX2
  else if (!strcmp (name, "avx2") && (hwf & HWF_INTEL_AVX2))
    ops = &keccak_avx2_ops;
#endif
#ifdef USE_BMI2
  else if (!strcmp (name, "bmi2") && (hwf & HWF_INTEL_BMI2))
    ops = &keccak_bmi2_ops;
#endif
#ifdef USE_AVX512
  /* "avx512" is the table _gcry_keccak_init would choose; the tests
     reach both variants by their own names.  */
  else if (!strcmp (name, "avx512") && (hwf & HWF_INTEL_AVX512))
    ops = (hwf & HWF_INTEL_CPU) ? &keccak_avx512_intel_ops
                                : &keccak_avx512_ops;
  else if (!strcmp (name, "avx512-amd") && (hwf & HWF_INTEL_AVX512))
    ops = &keccak_avx512_ops;
  else if (!strcmp (name, "avx512-intel") && (hwf & HWF_INTEL_AVX512))
    ops = &keccak_avx512_intel_ops;
#endif
#ifdef USE_PPC_POWER10
  else if (!strcmp (name, "vsx-p10") && (hwf & HWF_PPC_ARCH_3_10))
    ops = &keccak_ppc_power10_ops;
#endif
  return ops;
}

/* Nonzero if a slot whose backend is SLOT belongs to the table looked
   up as NAME: NAME is SLOT or names a variant of it ("avx512-intel"
   for "avx512"), not a backend the table borrows from.  */
static int
keccak_slot_of (const char *slot, const char *name)
{
  size_t n = strlen (slot);

  return !strncmp (slot, name, n) && (!name[n] || name[n] == '-');
}

/* Return the permutations of backend NAME; see keccak.h.  */
int
_gcry_keccak_get_backend (const char *name, keccak_permute_fn_t r_fn[3])
{
  const keccak_ops_t *ops = keccak_lookup_backend (name);

  if (!ops)
    return -1;
  r_fn[0] = keccak_slot_of (ops->name, name) ? ops->f1600 : NULL;
  r_fn[1] = keccak_slot_of (ops->x4_name, name) ? ops->f1600_x4 : NULL;
  r_fn[2] = keccak_slot_of (ops->x8_name, name) ? ops->f1600_x8 : NULL;
  return 0;
}

/* Return the batch squeeze copy of backend NAME; see keccak.h.  */
keccak_lanes_out_fn_t
_gcry_keccak_get_lanes_out (const char *name)
{
  unsigned int hwf = _gcry_get_hw_features ();

  (void)hwf;
  if (!name)
    return NULL;
#ifdef USE_AVX2
  if (!strcmp (name, "avx2") && (hwf & HWF_INTEL_AVX2))
    return _gcry_keccak_lanes_out_avx2;
#endif
  return NULL;
}

/* The table of backend NAME if it is the one with the scheduler's
   5-way and the batch's 9-way permutation and usable here, else
   NULL.  */
static const keccak_ops_t *
keccak_scalar_side_ops (const char *name)
{
  unsigned int hwf = _gcry_get_hw_features ();

  (void)hwf;
  if (!name)
    return NULL;
#if defined(USE_AVX2) && defined(USE_BMI2)
  if (!strcmp (name, "avx2") && (hwf & HWF_INTEL_AVX2)
      && (hwf & HWF_INTEL_BMI2))
    return &keccak_avx2_bmi2_ops;
#endif
#if defined(USE_AVX512) && defined(USE_BMI2)
  /* Only the AMD variant has a 9-way call.  */
  if ((!strcmp (name, "avx512") || !strcmp (name, "avx512-amd"))
      && (hwf & HWF_INTEL_AVX512) && (hwf & HWF_INTEL_BMI2))
    return &keccak_avx512_ops;
#endif
  return NULL;
}

/* Return the 5-way permutation of backend NAME; see keccak.h.  */
keccak_permute_fn_t
_gcry_keccak_get_x5 (const char *name)
{
  const keccak_ops_t *ops = keccak_scalar_side_ops (name);

  return ops ? ops->f1600_x5 : NULL;
}

/* Return the 4-way permutation of backend NAME on half an 8-way
   state; see keccak.h.  */
keccak_permute_fn_t
_gcry_keccak_get_x4_half (const char *name)
{
  const keccak_ops_t *ops = keccak_lookup_backend (name);

  return ops && keccak_slot_of (ops->x4_name, name) ? ops->f1600_x4_half
                                                     : NULL;
}

/* Return the 9-way permutation of backend NAME; see keccak.h.  */
keccak_permute_fn_t
_gcry_keccak_get_x9 (const char *name)
{
  const keccak_ops_t *ops = keccak_scalar_side_ops (name);

  return ops ? ops->f1600_x9 : NULL;
}

/* Return the whole-block absorbing function of backend NAME; see
   keccak.h.  */
keccak_absorb_fn_t
_gcry_keccak_get_absorb (const char *name)
{
  const keccak_ops_t *ops = keccak_lookup_backend (name);

  if (!ops || !keccak_slot_of (ops->name, name))
    return NULL;
  return ops->absorb;
}
