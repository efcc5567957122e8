/* keccak-amd64-avx512.h - Keccak-f[1600] round macros for AVX-512
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

/* Shared by keccak-x8-amd64-avx512.S (8 and 4 states, zmm and ymm)
 * and keccak-f1600-amd64-avx512.S (one state, xmm): the same
 * lane-per-register round, instantiated for a register width.
 *
 * Before using PERMUTE_BODY the includer defines
 *   VNAME  zmm, ymm or xmm (the register width), and
 *   BCST   the matching embedded broadcast, {1to8}, {1to4} or {1to2}.
 *
 * Register plan (V = VNAME):
 *   V0-V24   lane i = x + 5*y in register i, for the whole permutation
 *   V25-V29  C[0..4] in theta, then chi temporaries
 *   V30,V31  temporaries
 * The lanes keep their registers across rounds:
 *   theta:   C[x] by vpxorq, vpternlogq (3-way xor), vpxorq per
 *            column (no register copies: they are not free on every
 *            core); then
 *            A[x,y] ^= C[x-1] ^ rol(C[x+1], 1) by one vpternlogq;
 *   rho/pi:  pi moves lane (x,y) to (y, 2x+3y), which permutes the 24
 *            lanes other than (0,0) in a single cycle.  Walking the
 *            cycle backwards, every non-destructive vprolq writes the
 *            register whose value has just been consumed; the first
 *            lane of the cycle is parked in V30;
 *   chi:     out = a ^ (~b & c) is vpternlogq imm 0xd2; per row two
 *            inputs are copied first because they are overwritten
 *            before their last use;
 *   iota:    vpxorq with the broadcast round constant.
 * Per round: 45 theta, 25 rho/pi, 34 chi and 1 iota instructions.  */

#ifndef GCRY_KECCAK_AMD64_AVX512_H
#define GCRY_KECCAK_AMD64_AVX512_H 1

#define KECCAK_CAT_(a, b)  a ## b
#define KECCAK_CAT(a, b)   KECCAK_CAT_(a, b)
/* Register N of the current width: %zmmN, %ymmN or %xmmN.  */
#define VREG(n)  %KECCAK_CAT(VNAME, n)

#define A0   VREG(0)
#define A1   VREG(1)
#define A2   VREG(2)
#define A3   VREG(3)
#define A4   VREG(4)
#define A5   VREG(5)
#define A6   VREG(6)
#define A7   VREG(7)
#define A8   VREG(8)
#define A9   VREG(9)
#define A10  VREG(10)
#define A11  VREG(11)
#define A12  VREG(12)
#define A13  VREG(13)
#define A14  VREG(14)
#define A15  VREG(15)
#define A16  VREG(16)
#define A17  VREG(17)
#define A18  VREG(18)
#define A19  VREG(19)
#define A20  VREG(20)
#define A21  VREG(21)
#define A22  VREG(22)
#define A23  VREG(23)
#define A24  VREG(24)
#define C0   VREG(25)
#define C1   VREG(26)
#define C2   VREG(27)
#define C3   VREG(28)
#define C4   VREG(29)
#define T    VREG(30)
#define U    VREG(31)

/* 3-way xor into D: D ^= X ^ Y.  */
#define XOR3(d, x, y)  vpternlogq $0x96, y, x, d;

/* Theta for column X with neighbours' parities CM = C[x-1] and
 * CP = C[x+1]; R is a temporary.  */
#define THETA_COL(a0, a1, a2, a3, a4, cm, cp, r) \
        vprolq $1, cp, r; \
        XOR3(a0, cm, r) \
        XOR3(a1, cm, r) \
        XOR3(a2, cm, r) \
        XOR3(a3, cm, r) \
        XOR3(a4, cm, r)

#define THETA() \
        vpxorq A5, A0, C0;  XOR3(C0, A10, A15)  vpxorq A20, C0, C0; \
        vpxorq A6, A1, C1;  XOR3(C1, A11, A16)  vpxorq A21, C1, C1; \
        vpxorq A7, A2, C2;  XOR3(C2, A12, A17)  vpxorq A22, C2, C2; \
        vpxorq A8, A3, C3;  XOR3(C3, A13, A18)  vpxorq A23, C3, C3; \
        vpxorq A9, A4, C4;  XOR3(C4, A14, A19)  vpxorq A24, C4, C4; \
        THETA_COL(A0, A5, A10, A15, A20, C4, C1, T) \
        THETA_COL(A1, A6, A11, A16, A21, C0, C2, U) \
        THETA_COL(A2, A7, A12, A17, A22, C1, C3, T) \
        THETA_COL(A3, A8, A13, A18, A23, C2, C4, U) \
        THETA_COL(A4, A9, A14, A19, A24, C3, C0, T)

/* Rho and pi together: the new lane L(k) is rol(old lane L(k+1)) with
 * the rho offset of L(k+1), along the pi cycle 1, 6, 9, 22, 14, 20,
 * 2, 12, 13, 19, 23, 15, 4, 24, 21, 8, 16, 5, 3, 18, 17, 11, 7, 10.
 * Lane 0 has offset 0 and stays.  */
#define RHO_PI() \
        vprolq $1, A1, T; \
        vprolq $44, A6, A1; \
        vprolq $20, A9, A6; \
        vprolq $61, A22, A9; \
        vprolq $39, A14, A22; \
        vprolq $18, A20, A14; \
        vprolq $62, A2, A20; \
        vprolq $43, A12, A2; \
        vprolq $25, A13, A12; \
        vprolq $8, A19, A13; \
        vprolq $56, A23, A19; \
        vprolq $41, A15, A23; \
        vprolq $27, A4, A15; \
        vprolq $14, A24, A4; \
        vprolq $2, A21, A24; \
        vprolq $55, A8, A21; \
        vprolq $45, A16, A8; \
        vprolq $36, A5, A16; \
        vprolq $28, A3, A5; \
        vprolq $21, A18, A3; \
        vprolq $15, A17, A18; \
        vprolq $10, A11, A17; \
        vprolq $6, A7, A11; \
        vprolq $3, A10, A7; \
        vmovdqa64 T, A10;

/* Chi on one row B0..B4 in place, given S0 = B0 and S1 = B1 (B0 and
 * B1 are overwritten before their last use).  */
#define CHI_ROW_COPIED(b0, b1, b2, b3, b4, s0, s1) \
        vpternlogq $0xd2, b2, b1, b0; \
        vpternlogq $0xd2, b3, b2, b1; \
        vpternlogq $0xd2, b4, b3, b2; \
        vpternlogq $0xd2, s0, b4, b3; \
        vpternlogq $0xd2, s1, s0, b4;

/* Same with the copies made here; S0, S1 are temporaries.  */
#define CHI_ROW(b0, b1, b2, b3, b4, s0, s1) \
        vmovdqa64 b0, s0; \
        vmovdqa64 b1, s1; \
        CHI_ROW_COPIED(b0, b1, b2, b3, b4, s0, s1)

/* Row 2 starts with lane 10, which RHO_PI left in T as well.  */
#define CHI() \
        CHI_ROW(A0, A1, A2, A3, A4, C0, C1) \
        CHI_ROW(A5, A6, A7, A8, A9, C2, C3) \
        vmovdqa64 A11, C4; \
        CHI_ROW_COPIED(A10, A11, A12, A13, A14, T, C4) \
        CHI_ROW(A15, A16, A17, A18, A19, U, C0) \
        CHI_ROW(A20, A21, A22, A23, A24, C1, C2)

/* One full round; %rax points to its round constant.  */
#define ROUND() \
        THETA() \
        RHO_PI() \
        CHI() \
        vpxorq (%rax)BCST, A0, A0;

/* Permutation body: the state at %rdi, lane i at byte offset
 * STRIDE * i, MOVU the unaligned move between memory and a register
 * (vmovdqu64, or vmovq for one state).  Uses %rax and %rcx; leaves
 * all vector registers zeroed.  */
#define PERMUTE_BODY(MOVU, STRIDE) \
        MOVU 0*STRIDE(%rdi), A0;   MOVU 1*STRIDE(%rdi), A1; \
        MOVU 2*STRIDE(%rdi), A2;   MOVU 3*STRIDE(%rdi), A3; \
        MOVU 4*STRIDE(%rdi), A4;   MOVU 5*STRIDE(%rdi), A5; \
        MOVU 6*STRIDE(%rdi), A6;   MOVU 7*STRIDE(%rdi), A7; \
        MOVU 8*STRIDE(%rdi), A8;   MOVU 9*STRIDE(%rdi), A9; \
        MOVU 10*STRIDE(%rdi), A10; MOVU 11*STRIDE(%rdi), A11; \
        MOVU 12*STRIDE(%rdi), A12; MOVU 13*STRIDE(%rdi), A13; \
        MOVU 14*STRIDE(%rdi), A14; MOVU 15*STRIDE(%rdi), A15; \
        MOVU 16*STRIDE(%rdi), A16; MOVU 17*STRIDE(%rdi), A17; \
        MOVU 18*STRIDE(%rdi), A18; MOVU 19*STRIDE(%rdi), A19; \
        MOVU 20*STRIDE(%rdi), A20; MOVU 21*STRIDE(%rdi), A21; \
        MOVU 22*STRIDE(%rdi), A22; MOVU 23*STRIDE(%rdi), A23; \
        MOVU 24*STRIDE(%rdi), A24; \
        leaq KECCAK_RC_TABLE rRIP, %rax; \
        leaq (24*8)(%rax), %rcx; \
        .align 16; \
    1:  ROUND() \
        addq $8, %rax; \
        ROUND() \
        addq $8, %rax; \
        cmpq %rcx, %rax; \
        jb 1b; \
        MOVU A0, 0*STRIDE(%rdi);   MOVU A1, 1*STRIDE(%rdi); \
        MOVU A2, 2*STRIDE(%rdi);   MOVU A3, 3*STRIDE(%rdi); \
        MOVU A4, 4*STRIDE(%rdi);   MOVU A5, 5*STRIDE(%rdi); \
        MOVU A6, 6*STRIDE(%rdi);   MOVU A7, 7*STRIDE(%rdi); \
        MOVU A8, 8*STRIDE(%rdi);   MOVU A9, 9*STRIDE(%rdi); \
        MOVU A10, 10*STRIDE(%rdi); MOVU A11, 11*STRIDE(%rdi); \
        MOVU A12, 12*STRIDE(%rdi); MOVU A13, 13*STRIDE(%rdi); \
        MOVU A14, 14*STRIDE(%rdi); MOVU A15, 15*STRIDE(%rdi); \
        MOVU A16, 16*STRIDE(%rdi); MOVU A17, 17*STRIDE(%rdi); \
        MOVU A18, 18*STRIDE(%rdi); MOVU A19, 19*STRIDE(%rdi); \
        MOVU A20, 20*STRIDE(%rdi); MOVU A21, 21*STRIDE(%rdi); \
        MOVU A22, 22*STRIDE(%rdi); MOVU A23, 23*STRIDE(%rdi); \
        MOVU A24, 24*STRIDE(%rdi); \
        CLEAR_YMM0_15() \
        CLEAR_YMM16_31() \
        vzeroupper;

/* The round constants RC[i] (FIPS 202 Algorithms 5 and 6), i = 0..23,
 * emitted once per object file under the local label below.  */
#define KECCAK_RC_TABLE  .Lkeccak_avx512_rc
#define KECCAK_RC_TABLE_DATA() \
        .align 64; \
    .Lkeccak_avx512_rc: \
        .quad 0x0000000000000001, 0x0000000000008082; \
        .quad 0x800000000000808a, 0x8000000080008000; \
        .quad 0x000000000000808b, 0x0000000080000001; \
        .quad 0x8000000080008081, 0x8000000000008009; \
        .quad 0x000000000000008a, 0x0000000000000088; \
        .quad 0x0000000080008009, 0x000000008000000a; \
        .quad 0x000000008000808b, 0x800000000000008b; \
        .quad 0x8000000000008089, 0x8000000000008003; \
        .quad 0x8000000000008002, 0x8000000000000080; \
        .quad 0x000000000000800a, 0x800000008000000a; \
        .quad 0x8000000080008081, 0x8000000000008080; \
        .quad 0x0000000080000001, 0x8000000080008008;

#endif /*GCRY_KECCAK_AMD64_AVX512_H*/
