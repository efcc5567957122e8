/* keccak-f1600-amd64-avx512.S - Keccak-f[1600] on one state, AVX-512
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
 * 3.4) on a single state.  Each round is theta, rho, pi, chi, iota
 * (FIPS 202 Algorithms 1-6).
 *
 * Layout (cipher/keccak.h): 25 u64 lanes, lane (x,y) at index x + 5*y,
 * host byte order; the state may be only 8-byte aligned.
 *
 * Method: the 25 lanes are held one per xmm register (low qword) in
 * xmm0-xmm24 and the lane-per-register round of keccak-amd64-avx512.h
 * runs on them: AVX-512VL gives 32 xmm registers, three-input
 * vpternlogq (theta's xors, chi in one instruction per lane) and
 * vprolq.  Per round this is 100 vector instructions (and 23 register
 * moves, which rename eliminates) against roughly 150 for the scalar
 * code, with no loads or stores inside the rounds.  A row-per-zmm
 * layout needs half the instructions, but a 5x5 transpose and three
 * more shuffles sit on the critical path of every round and a single
 * state has no independent work to overlap: an experimental version
 * of it took 954 cycles against 622 for the previous schedule of this
 * file and 707 for the portable C (AMD Zen 4, rdtsc).  On Zen 5 this
 * file takes about 750 cycles (bench-slope), the portable C about 900.
 *
 * Zen 5 (family 1Ah) was measured again before keeping this layout.
 * vpxorq, vprolq, vprolvq, vpshufd, vpunpck[lh]qdq and vpblendmq have
 * 2 cycles of latency, vpternlogq 2 from its destination and 3 from
 * its other operands; all run on four pipes, the rotates on two.  The
 * lane-crossing zmm shuffles (vpermq, vpermt2q, valignq, vshufi64x2)
 * have 5 cycles (vpermq with an immediate 4) and issue about 1.6 per
 * cycle.  A row-per-zmm round has at least three of them in series
 * (theta's column rotation, pi, chi's lane rotations) besides five
 * 2-cycle steps, so it cannot reach the 30 cycles per round of this
 * file.  A row-pair layout was also tried: rows 0-1 and 2-3 as lane
 * pairs in xmm registers and row 4 duplicated in both halves, so that
 * theta's column sums take one vpshufd, rho is one vprolvq per pair,
 * pi is 14 vpunpck[lh]qdq into the other half of the register file
 * and chi is 15 vpternlogq: 85 instructions per round instead of 100,
 * but a longer critical path (20-22 cycles, against 17-18 here).  It
 * measured 1-2% faster than this file, and 2-5% slower with theta's
 * D folded into a three-source vpternlogq, so it was not adopted.
 *
 * Register plan: see keccak-amd64-avx512.h with V = xmm.  No stack is
 * used.  On exit all vector registers are zeroed and vzeroupper is
 * executed.
 *
 * Requires: AVX-512F and AVX-512VL (HWF_INTEL_AVX512).
 *
 * The sponge's whole-block absorbing runs here too: the state stays in
 * the registers from the first block to the last, each block is
 * XORed in by one vpxorq with a broadcast 8-byte memory operand per
 * lane (so no byte beyond the block is read), and the rate is tested
 * lane by lane (a well-predicted compare and branch on the integer
 * side).
 *
 * Both functions come in two variants of the round (the end of the
 * comment of keccak-amd64-avx512.h): the plain names for AMD cores,
 * the suffix _intel for Intel cores.
 *
 * C prototypes:
 *   void _gcry_keccak_f1600_avx512 (u64 *state);  // 25 u64
 *   void _gcry_keccak_absorb_avx512 (u64 *state, const byte *in,
 *                                    size_t nblocks, unsigned int rate);
 *     nblocks >= 1 blocks of rate bytes (a multiple of 8, 8..192),
 *     as keccak_absorb_fn_t in keccak.h;
 *   void _gcry_keccak_f1600_avx512_intel (u64 *state);
 *   void _gcry_keccak_absorb_avx512_intel (u64 *state, const byte *in,
 *                                          size_t nblocks,
 *                                          unsigned int rate);  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX512_SUPPORT)))

#include "keccak-amd64-avx512.h"

.text

#define VNAME xmm
#define BCST {1to2}

/* The permutation NAME of the state at %rdi.  */
#define KECCAK_X1_FUNC(name) \
        .align 64; \
        ELF(.type name,@function;) \
        .globl name; \
    name: \
        CFI_STARTPROC(); \
        PERMUTE_BODY(vmovq, 8) \
        ret_spec_stop; \
        CFI_ENDPROC(); \
        ELF(.size name,.-name;)

/* Lane I ^= the little-endian u64 at 8*I(%rsi); done with the block
 * if the rate (%ecx) ends after it.  */
#define XOR_LANE(i) \
        vpxorq (8*(i))(%rsi)BCST, VREG(i), VREG(i); \
        cmpl $(8*((i)+1)), %ecx; \
        je 2f;

/* The whole-block absorbing NAME: state at %rdi, input at %rsi,
 * %rdx blocks (>= 1) of %ecx bytes (the rate).  */
#define KECCAK_ABSORB_FUNC(name) \
        .align 64; \
        ELF(.type name,@function;) \
        .globl name; \
    name: \
        CFI_STARTPROC(); \
        movl %ecx, %ecx; \
        LOAD_STATE(vmovq, 8) \
        .align 16; \
    3:  XOR_LANE(0)  XOR_LANE(1)  XOR_LANE(2)  XOR_LANE(3) \
        XOR_LANE(4)  XOR_LANE(5)  XOR_LANE(6)  XOR_LANE(7) \
        XOR_LANE(8)  XOR_LANE(9)  XOR_LANE(10) XOR_LANE(11) \
        XOR_LANE(12) XOR_LANE(13) XOR_LANE(14) XOR_LANE(15) \
        XOR_LANE(16) XOR_LANE(17) XOR_LANE(18) XOR_LANE(19) \
        XOR_LANE(20) XOR_LANE(21) XOR_LANE(22) XOR_LANE(23) \
    2:  PERMUTE_REGS() \
        addq %rcx, %rsi; \
        decq %rdx; \
        jnz 3b; \
        STORE_STATE(vmovq, 8) \
        CLEAR_ALL() \
        ret_spec_stop; \
        CFI_ENDPROC(); \
        ELF(.size name,.-name;)

#define COL_PARITY COL_PARITY_XOR
KECCAK_X1_FUNC(_gcry_keccak_f1600_avx512)
KECCAK_ABSORB_FUNC(_gcry_keccak_absorb_avx512)
#undef COL_PARITY

#define COL_PARITY COL_PARITY_TERN
KECCAK_X1_FUNC(_gcry_keccak_f1600_avx512_intel)
KECCAK_ABSORB_FUNC(_gcry_keccak_absorb_avx512_intel)
#undef COL_PARITY

ELF(.section .rodata)
KECCAK_RC_TABLE_DATA()

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
