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
 * Method (the AMD variants; the Intel ones are described below): the
 * 25 lanes are held one per xmm register (low qword) in xmm0-xmm24
 * and the lane-per-register round of keccak-amd64-avx512.h runs on
 * them: AVX-512VL gives 32 xmm registers, three-input
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
 * D folded into a three-source vpternlogq, so it was not adopted for
 * AMD cores.  On Intel cores, where the single state is bound by its
 * instruction count rather than by latency, the _intel functions use
 * it (with D folded, 80 instructions per round; see "The Intel
 * variants" below).
 *
 * Register plan (AMD variants): see keccak-amd64-avx512.h with
 * V = xmm.  No stack is used.  On exit all vector registers are
 * zeroed and vzeroupper is executed.
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
 * Both functions come in two variants: the plain names, for AMD cores,
 * with the lane-per-register round (COL_PARITY_XOR, the end of the
 * comment of keccak-amd64-avx512.h), the suffix _intel, for Intel
 * cores, with the row-pair layout below.
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

/* The two functions for a state layout L, given as the prefix of its
 * macros: L_SETUP () (constants), L_LOAD () and L_STORE () (the state
 * at %rdi to registers and back), L_PERMUTE () (the 24 rounds on the
 * registers) and L_XOR_BLOCK () (one block at %rsi XORed in, lane by
 * lane with XOR_LANE).  */

/* The permutation NAME of the state at %rdi.  */
#define KECCAK_X1_FUNC(name, L) \
        .align 64; \
        ELF(.type name,@function;) \
        .globl name; \
    name: \
        CFI_STARTPROC(); \
        L##_SETUP() \
        L##_LOAD() \
        L##_PERMUTE() \
        L##_STORE() \
        CLEAR_ALL() \
        ret_spec_stop; \
        CFI_ENDPROC(); \
        ELF(.size name,.-name;)

/* Lane I ^= the little-endian u64 at 8*I(%rsi), in register REG
 * (under MASK if not empty); done with the block if the rate (%ecx)
 * ends after it.  */
#define XOR_LANE(i, reg, mask) \
        vpxorq (8*(i))(%rsi)BCST, reg, reg mask; \
        cmpl $(8*((i)+1)), %ecx; \
        je 2f;

/* The whole-block absorbing NAME: state at %rdi, input at %rsi,
 * %rdx blocks (>= 1) of %ecx bytes (the rate).  */
#define KECCAK_ABSORB_FUNC(name, L) \
        .align 64; \
        ELF(.type name,@function;) \
        .globl name; \
    name: \
        CFI_STARTPROC(); \
        movl %ecx, %ecx; \
        L##_SETUP() \
        L##_LOAD() \
        .align 16; \
    3:  L##_XOR_BLOCK() \
    2:  L##_PERMUTE() \
        addq %rcx, %rsi; \
        decq %rdx; \
        jnz 3b; \
        L##_STORE() \
        CLEAR_ALL() \
        ret_spec_stop; \
        CFI_ENDPROC(); \
        ELF(.size name,.-name;)

/* The AMD variants: lane i in register i (keccak-amd64-avx512.h).  */
#define LPR_SETUP()
#define LPR_LOAD()     LOAD_STATE(vmovq, 8)
#define LPR_STORE()    STORE_STATE(vmovq, 8)
#define LPR_PERMUTE()  PERMUTE_REGS()
#define LPR_XOR(i)     XOR_LANE(i, VREG(i), )
#define LPR_XOR_BLOCK() \
        LPR_XOR(0)  LPR_XOR(1)  LPR_XOR(2)  LPR_XOR(3)  LPR_XOR(4) \
        LPR_XOR(5)  LPR_XOR(6)  LPR_XOR(7)  LPR_XOR(8)  LPR_XOR(9) \
        LPR_XOR(10) LPR_XOR(11) LPR_XOR(12) LPR_XOR(13) LPR_XOR(14) \
        LPR_XOR(15) LPR_XOR(16) LPR_XOR(17) LPR_XOR(18) LPR_XOR(19) \
        LPR_XOR(20) LPR_XOR(21) LPR_XOR(22) LPR_XOR(23)

#define COL_PARITY COL_PARITY_XOR
KECCAK_X1_FUNC(_gcry_keccak_f1600_avx512, LPR)
KECCAK_ABSORB_FUNC(_gcry_keccak_absorb_avx512, LPR)
#undef COL_PARITY

/* The Intel variants: the row-pair layout.
 *
 * Intel cores issue xmm instructions on three ports, so the single
 * state is bound by its instruction count (the lane-per-register
 * round of ROUND_TERN, 90 instructions, takes about 31.5 cycles on a
 * Sapphire Rapids).  This layout needs 80 per round (and 7 register
 * moves):
 *   P[x] = (A[x,0], A[x,1]), Q[x] = (A[x,2], A[x,3]) (low, high
 *   quadword) and F[x] = (A[x,4], A[x,4]) (row 4 in both halves),
 *   15 xmm registers; lane (x,y) is A[x,y], index x + 5y.
 *   theta:  C[x] in both halves of one register: T = P[x] ^ Q[x],
 *           C[x] = T ^ swap (T) ^ F[x] (vpxorq, vpshufd, vpternlogq),
 *           R[x] = rol (C[x], 1); each register of column x gets
 *           ^= C[x-1] ^ R[x+1] in one vpternlogq (15 + 5 + 15);
 *   rho:    one vprolvq per register, the two offsets of FIPS 202
 *           Table 2 from a 16-byte vector (15);
 *   pi:     A'[X,Y] = A[X+3Y, X], so the pair (A'[X,0], A'[X,1]) is
 *           (A[X,X], A[X+3,X]): both from the half of row X (low for
 *           X = 0, 2, 4, high for 1, 3) of two registers, one
 *           vpunpck[lh]qdq; likewise (A'[X,2], A'[X,3]) =
 *           (A[X+1,X], A[X+4,X]), and A'[X,4] = A[X+2,X] duplicated
 *           (free for X = 4, whose source F[1] is duplicated already)
 *           (14 shuffles, into the other register set);
 *   chi:    one vpternlogq per register along X (15), in place, with
 *           copies of the first two registers of each group (6 moves,
 *           eliminated at rename);
 *   iota:   vpxorq into the low half of P[0] under mask k1.
 * The rotates (20) and shuffles (19) go to two ports each, the rest
 * to three: at best 26.7 cycles per round.  On the Sapphire Rapids
 * (best of 300 x 20 calls, TSC ticks, 1.33 per core cycle there):
 * 519 against 570 for the lane-per-register round of ROUND_TERN,
 * i.e. about 29 cycles per round.  Not for AMD cores (above).
 *
 * Registers: set A = xmm0-xmm14 (P0-P4, Q0-Q4, F0-F4), set B =
 * xmm15-xmm29 in the same order, X0 and X1 = xmm30, xmm31.  A round
 * reads set S and leaves the state in set T: theta's C and R use T's
 * P and Q registers, pi writes T, chi works in T.  Two rounds per
 * loop iteration (A to B, B to A).  The state is in set A between
 * iterations; VEX vmovq / vpinsrq / vpextrq / vpbroadcastq (AVX and
 * AVX2 only) load and store it there.  */

#define RA_P0 %xmm0
#define RA_P1 %xmm1
#define RA_P2 %xmm2
#define RA_P3 %xmm3
#define RA_P4 %xmm4
#define RA_Q0 %xmm5
#define RA_Q1 %xmm6
#define RA_Q2 %xmm7
#define RA_Q3 %xmm8
#define RA_Q4 %xmm9
#define RA_F0 %xmm10
#define RA_F1 %xmm11
#define RA_F2 %xmm12
#define RA_F3 %xmm13
#define RA_F4 %xmm14
#define RB_P0 %xmm15
#define RB_P1 %xmm16
#define RB_P2 %xmm17
#define RB_P3 %xmm18
#define RB_P4 %xmm19
#define RB_Q0 %xmm20
#define RB_Q1 %xmm21
#define RB_Q2 %xmm22
#define RB_Q3 %xmm23
#define RB_Q4 %xmm24
#define RB_F0 %xmm25
#define RB_F1 %xmm26
#define RB_F2 %xmm27
#define RB_F3 %xmm28
#define RB_F4 %xmm29
#define RP_X0 %xmm30
#define RP_X1 %xmm31

#define RG_(s, n) R##s##_##n
#define RG(s, n)  RG_(s, n)

/* The rho offset vector of register N of a set (P0-P4, Q0-Q4, F0-F4)
 * at 16*N(%r8).  */
#define RP_ROT(n)  (16*(n))(%r8)

/* Theta's column parity C[x] into T's P[x], rol (C[x], 1) into T's
 * Q[x].  */
#define RP_COL(SR, DS, x) \
        vpxorq RG(SR, Q##x), RG(SR, P##x), RG(DS, P##x); \
        vpshufd $0x4e, RG(DS, P##x), RP_X0; \
        vpternlogq $0x96, RG(SR, F##x), RP_X0, RG(DS, P##x); \
        vprolq $1, RG(DS, P##x), RG(DS, Q##x);

/* Register G of column X (G = P, Q or F, register number N of the
 * set): ^= C[x-1] ^ R[x+1] (XM = x-1, XP = x+1 mod 5), then rho.  */
#define RP_THRHO(SR, DS, G, x, xm, xp, n) \
        vpternlogq $0x96, RG(DS, Q##xp), RG(DS, P##xm), RG(SR, G##x); \
        vprolvq RP_ROT(n), RG(SR, G##x), RG(SR, G##x);

#define RP_THETA_RHO(SR, DS, x, xm, xp) \
        RP_THRHO(SR, DS, P, x, xm, xp, x) \
        RP_THRHO(SR, DS, Q, x, xm, xp, 5 + x) \
        RP_THRHO(SR, DS, F, x, xm, xp, 10 + x)

/* Chi of the registers G0-G4 of set T, in place.  */
#define RP_CHI(DS, G) \
        vmovdqa64 RG(DS, G##0), RP_X0; \
        vmovdqa64 RG(DS, G##1), RP_X1; \
        vpternlogq $0xd2, RG(DS, G##2), RG(DS, G##1), RG(DS, G##0); \
        vpternlogq $0xd2, RG(DS, G##3), RG(DS, G##2), RG(DS, G##1); \
        vpternlogq $0xd2, RG(DS, G##4), RG(DS, G##3), RG(DS, G##2); \
        vpternlogq $0xd2, RP_X0, RG(DS, G##4), RG(DS, G##3); \
        vpternlogq $0xd2, RP_X1, RP_X0, RG(DS, G##4);

/* One round from set S to set T; the round constant at OFF(%rax).  */
#define RP_ROUND(SR, DS, off) \
        RP_COL(SR, DS, 0) RP_COL(SR, DS, 1) RP_COL(SR, DS, 2) \
        RP_COL(SR, DS, 3) RP_COL(SR, DS, 4) \
        RP_THETA_RHO(SR, DS, 0, 4, 1) \
        RP_THETA_RHO(SR, DS, 1, 0, 2) \
        RP_THETA_RHO(SR, DS, 2, 1, 3) \
        RP_THETA_RHO(SR, DS, 3, 2, 4) \
        RP_THETA_RHO(SR, DS, 4, 3, 0) \
        /* pi: (A'[X,0], A'[X,1]) = (A[X,X], A[X+3,X]).  */ \
        vpunpcklqdq RG(SR, P3), RG(SR, P0), RG(DS, P0); \
        vpunpckhqdq RG(SR, P4), RG(SR, P1), RG(DS, P1); \
        vpunpcklqdq RG(SR, Q0), RG(SR, Q2), RG(DS, P2); \
        vpunpckhqdq RG(SR, Q1), RG(SR, Q3), RG(DS, P3); \
        vpunpcklqdq RG(SR, F2), RG(SR, F4), RG(DS, P4); \
        /* (A'[X,2], A'[X,3]) = (A[X+1,X], A[X+4,X]).  */ \
        vpunpcklqdq RG(SR, P4), RG(SR, P1), RG(DS, Q0); \
        vpunpckhqdq RG(SR, P0), RG(SR, P2), RG(DS, Q1); \
        vpunpcklqdq RG(SR, Q1), RG(SR, Q3), RG(DS, Q2); \
        vpunpckhqdq RG(SR, Q2), RG(SR, Q4), RG(DS, Q3); \
        vpunpcklqdq RG(SR, F3), RG(SR, F0), RG(DS, Q4); \
        /* A'[X,4] = A[X+2,X] in both halves.  */ \
        vpunpcklqdq RG(SR, P2), RG(SR, P2), RG(DS, F0); \
        vpunpckhqdq RG(SR, P3), RG(SR, P3), RG(DS, F1); \
        vpunpcklqdq RG(SR, Q4), RG(SR, Q4), RG(DS, F2); \
        vpunpckhqdq RG(SR, Q0), RG(SR, Q0), RG(DS, F3); \
        vmovdqa64 RG(SR, F1), RG(DS, F4); \
        RP_CHI(DS, P) RP_CHI(DS, Q) RP_CHI(DS, F) \
        vpxorq (off)(%rax){1to2}, RG(DS, P0), RG(DS, P0){%k1};

/* Load the state at %rdi into set A, and store it back: OP (REG, I,
 * J) for each register holding lanes I and J, OP4 (REG, I) for each
 * holding lane I of row 4.  */
#define RP_EACH(OP, OP4) \
        OP(RA_P0, 0, 5)   OP(RA_P1, 1, 6)   OP(RA_P2, 2, 7) \
        OP(RA_P3, 3, 8)   OP(RA_P4, 4, 9)   OP(RA_Q0, 10, 15) \
        OP(RA_Q1, 11, 16) OP(RA_Q2, 12, 17) OP(RA_Q3, 13, 18) \
        OP(RA_Q4, 14, 19) OP4(RA_F0, 20)    OP4(RA_F1, 21) \
        OP4(RA_F2, 22)    OP4(RA_F3, 23)    OP4(RA_F4, 24)
#define RP_LOAD_PAIR(reg, i, j) \
        vmovq (8*(i))(%rdi), reg; \
        vpinsrq $1, (8*(j))(%rdi), reg, reg;
#define RP_LOAD_ROW4(reg, i) \
        vpbroadcastq (8*(i))(%rdi), reg;
#define RP_STORE_PAIR(reg, i, j) \
        vmovq reg, (8*(i))(%rdi); \
        vpextrq $1, reg, (8*(j))(%rdi);
#define RP_STORE_ROW4(reg, i) \
        vmovq reg, (8*(i))(%rdi);
#define RP_LOAD()   RP_EACH(RP_LOAD_PAIR, RP_LOAD_ROW4)
#define RP_STORE()  RP_EACH(RP_STORE_PAIR, RP_STORE_ROW4)

/* The masks k1 (low quadword) and k2 (high quadword), the rho table
 * in %r8.  */
#define RP_SETUP() \
        movl $1, %eax; \
        kmovw %eax, %k1; \
        movl $2, %eax; \
        kmovw %eax, %k2; \
        leaq .Lkeccak_rp_rho rRIP, %r8;

/* Keccak-f[1600] on the state in set A.  Uses %rax, %r11.  */
#define RP_PERMUTE() \
        leaq KECCAK_RC_TABLE rRIP, %rax; \
        leaq (24*8)(%rax), %r11; \
        .align 16; \
    1:  RP_ROUND(A, B, 0) \
        RP_ROUND(B, A, 8) \
        addq $16, %rax; \
        cmpq %r11, %rax; \
        jb 1b;

/* Lane I in the half chosen by MASK ({%k1} low, {%k2} high, none for
 * row 4, whose lanes are in both halves).  */
#define RP_XOR_BLOCK() \
        XOR_LANE(0, RA_P0, {%k1})  XOR_LANE(1, RA_P1, {%k1}) \
        XOR_LANE(2, RA_P2, {%k1})  XOR_LANE(3, RA_P3, {%k1}) \
        XOR_LANE(4, RA_P4, {%k1})  XOR_LANE(5, RA_P0, {%k2}) \
        XOR_LANE(6, RA_P1, {%k2})  XOR_LANE(7, RA_P2, {%k2}) \
        XOR_LANE(8, RA_P3, {%k2})  XOR_LANE(9, RA_P4, {%k2}) \
        XOR_LANE(10, RA_Q0, {%k1}) XOR_LANE(11, RA_Q1, {%k1}) \
        XOR_LANE(12, RA_Q2, {%k1}) XOR_LANE(13, RA_Q3, {%k1}) \
        XOR_LANE(14, RA_Q4, {%k1}) XOR_LANE(15, RA_Q0, {%k2}) \
        XOR_LANE(16, RA_Q1, {%k2}) XOR_LANE(17, RA_Q2, {%k2}) \
        XOR_LANE(18, RA_Q3, {%k2}) XOR_LANE(19, RA_Q4, {%k2}) \
        XOR_LANE(20, RA_F0, )      XOR_LANE(21, RA_F1, ) \
        XOR_LANE(22, RA_F2, )      XOR_LANE(23, RA_F3, )

KECCAK_X1_FUNC(_gcry_keccak_f1600_avx512_intel, RP)
KECCAK_ABSORB_FUNC(_gcry_keccak_absorb_avx512_intel, RP)

ELF(.section .rodata)
KECCAK_RC_TABLE_DATA()

/* The rho offsets (FIPS 202 Table 2) of the row-pair registers, two
 * per 16-byte vector: P[x] rows 0 and 1, Q[x] rows 2 and 3, F[x] row
 * 4 twice.  */
        .align 16
.Lkeccak_rp_rho:
        .quad  0, 36,  1, 44, 62,  6, 28, 55, 27, 20
        .quad  3, 41, 10, 45, 43, 15, 25, 21, 39,  8
        .quad 18, 18,  2,  2, 61, 61, 56, 56, 14, 14

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
