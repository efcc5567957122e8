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
 * Before using these macros the includer defines
 *   VNAME       zmm, ymm or xmm (the register width),
 *   BCST        the matching embedded broadcast, {1to8}, {1to4} or
 *               {1to2}, and
 *   COL_PARITY  COL_PARITY_XOR or COL_PARITY_TERN (the round
 *               variant; see the end of this comment).
 *
 * Register plan (V = VNAME):
 *   V0-V24   the 25 lanes, one per register (which lane is in which
 *            register changes from round to round, see below)
 *   V25-V29  C[0..4] in theta, then D[1], D[2], D[4] and the two
 *            chi temporaries
 *   V30,V31  D[0] and D[3]
 *
 * One round, in program order:
 *   theta:  C[x] = xor of column x by vpxorq, vpternlogq, vpxorq (the
 *           lane of row 4, written last by the previous round, enters
 *           through the last vpxorq); then D[x] = C[x-1] ^ rol(C[x+1],
 *           1) once per column (5 vprolq, 5 vpxorq, no copies);
 *   per output row Y = 0..4 of pi: its five source lanes get
 *           A ^= D[x] and the rho rotation in place (vpxorq, vprolq),
 *           and chi of the previous output row follows, so that the
 *           ternary-logic chi of one row overlaps the xors and
 *           rotates of the next;
 *   chi:    out = a ^ (~b & c), vpternlogq imm 0xd2, in place; the first
 *           two lanes of a row are copied (register moves, eliminated
 *           at rename) because they are overwritten before their last
 *           use;
 *   iota:   vpxorq with the broadcast round constant after chi of row 0.
 * Per round: 15 + 10 theta, 25 + 24 theta-apply and rho, 25 chi and
 * 1 iota instructions, plus 10 moves.
 *
 * Rotating in place means that pi is done by renaming: after a round,
 * the new lane (X,Y) sits in the register of its source lane
 * (X+3Y mod 5, X).  The round macro therefore takes the 25 registers
 * as parameters (lane i in register number a<i>), and the loop runs
 * two rounds, the second with the registers as the first left them,
 * followed by 26 moves that bring lane i back to register i.
 *
 * Why this order: on AMD Zen 5 vprolq runs on two of the four vector
 * pipes, vpxorq on all four, and vpternlogq has 2 cycles of latency
 * from its destination operand but 3 from the other two.  The
 * previous schedule (theta column by column with vpternlogq, then all
 * 24 rotates of rho along the pi cycle, then chi) left the rotate
 * pipes idle during theta and chi and the others idle during rho;
 * this one costs about 20% fewer cycles for x1, x4 and x8 on Zen 5
 * (bench-slope; see the commit message), with 5 more instructions per
 * round.  Fully
 * unrolling the 24 rounds (no moves at all) was slower: the 17 KiB
 * of code do not stay in the op cache and one 4-wide decoder cannot
 * feed the vector pipes.  The moves themselves cost nothing here
 * (dropping the 26 of TWO_ROUNDS does not change the time, doubling
 * them adds 1%).  Also slower on Zen 5 (x8, same harness): applying
 * theta to all 25 lanes first so that the next parities can be
 * accumulated as the chi rows finish, 5% (rho and chi no longer
 * overlap); the same with D kept on the stack so that the
 * accumulation overlaps the interleaved rho and chi, 40% (store
 * forwarding on the critical path); with the five outputs of chi row
 * 0 kept on the stack instead (their registers accumulating the
 * parities, two areas used alternately, reloaded a round later), 3%.
 * So the round is not held up by the low parallelism of theta.  Nor
 * can rotations move to other pipes: vpshldq and vpmultishiftqb (a
 * rotate with per-byte offsets) run on the same two pipes as vprolq
 * (0.5 cycles each, also interleaved), vpsllq/vpsrlq likewise.  An
 * independent mix of the round's 100 instructions takes 25-28
 * cycles, the round 31.  Nor does packing two lanes of four states
 * into one zmm (an x4 kernel on 13 registers: about 84 instructions
 * per round, but 18 of them vshufi64x2 for the column parities and
 * pi besides 20 rotates): vshufi64x2 runs on the rotate pipes, and an
 * independent mix of those 84 instructions ran no faster than one of
 * the current 100 (18.0 against 18.4 TSC cycles, December 2026).
 *
 * Intel cores are another matter: zmm instructions issue on two ports
 * (ymm and xmm ones on three), so the round is bound by its
 * instruction count, not by theta's latency.  On a Sapphire Rapids
 * Xeon (best of 20 x 100 calls, TSC cycles) the x8 round takes 47.7
 * cycles, its 100 instructions at two per cycle.  The column parity
 * with two vpternlogq (COL_PARITY_TERN, 95 instructions per round)
 * made x8 4.4%, x4 4.1% and x1 4.6% faster there (1144 -> 1094,
 * 820 -> 786, 824 -> 786); with it the includer also gets the round
 * ROUND_TERN below (theta by vpternlogq, 90 instructions), which the
 * Intel 4- and 8-way kernels (suffix _intel) use (the Intel single
 * state has a layout of its own, keccak-f1600-amd64-avx512.S),
 * the others keep the form tuned on Zen 5 (not timed there with
 * COL_PARITY_TERN: no such machine at hand), whose round is bound by
 * theta's latency, and a vpternlogq source operand there takes 3
 * cycles where vpxorq takes 1.  */

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

/* C = A[l0] ^ A[l1] ^ ... ^ A[l4], the parity of one column; the
 * lane L4 of output row 4 is written last by the previous round.
 * Two forms, chosen by the includer as COL_PARITY (see the header):
 * COL_PARITY_XOR lets L4 in through a vpxorq, one cycle before C is
 * ready (three executed uops); COL_PARITY_TERN is also three
 * instructions, but one is a register move that is eliminated at
 * rename, so it executes one uop less, and L4 goes through a
 * vpternlogq source operand.  */
#define COL_PARITY_XOR(c, l0, l1, l2, l3, l4) \
        vpxorq VREG(l1), VREG(l0), c; \
        XOR3(c, VREG(l2), VREG(l3)) \
        vpxorq VREG(l4), c, c;
#define COL_PARITY_TERN(c, l0, l1, l2, l3, l4) \
        vmovdqa64 VREG(l0), c; \
        XOR3(c, VREG(l1), VREG(l2)) \
        XOR3(c, VREG(l3), VREG(l4))

/* D[x] = C[x-1] ^ rol(C[x+1], 1) for x = 0..4, from C0..C4, in an
 * order that needs only T and U besides: D0 = T, D1 = C4, D2 = C0,
 * D3 = U, D4 = C2; C1 and C3 are free afterwards.  */
#define D0  T
#define D1  C4
#define D2  C0
#define D3  U
#define D4  C2
#define S0  C1
#define S1  C3
#define THETA_D() \
        vprolq $1, C1, T;   vpxorq C4, T, T; \
        vprolq $1, C4, U;   vpxorq C2, U, U; \
        vprolq $1, C2, C4;  vpxorq C0, C4, C4; \
        vprolq $1, C0, C2;  vpxorq C3, C2, C2; \
        vprolq $1, C3, C0;  vpxorq C1, C0, C0;

/* Theta and rho on the lane in register L: L = rol(L ^ d, r).  */
#define THETA_RHO(l, d, r) \
        vpxorq d, VREG(l), VREG(l); \
        vprolq $r, VREG(l), VREG(l);

/* Chi on one row in registers B0..B4, in place; S0, S1 temporaries.  */
#define CHI_ROW(b0, b1, b2, b3, b4) \
        vmovdqa64 VREG(b0), S0; \
        vmovdqa64 VREG(b1), S1; \
        vpternlogq $0xd2, VREG(b2), VREG(b1), VREG(b0); \
        vpternlogq $0xd2, VREG(b3), VREG(b2), VREG(b1); \
        vpternlogq $0xd2, VREG(b4), VREG(b3), VREG(b2); \
        vpternlogq $0xd2, S0, VREG(b4), VREG(b3); \
        vpternlogq $0xd2, S1, S0, VREG(b4);

/* C0..C4, the parities of the five columns of lanes a0..a24.  */
#define COL_PARITIES(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, \
                     a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, \
                     a22, a23, a24) \
        COL_PARITY(C0, a0, a5, a10, a15, a20) \
        COL_PARITY(C1, a1, a6, a11, a16, a21) \
        COL_PARITY(C2, a2, a7, a12, a17, a22) \
        COL_PARITY(C3, a3, a8, a13, a18, a23) \
        COL_PARITY(C4, a4, a9, a14, a19, a24)

/* One round Rnd(A, ir) of FIPS 202, 3.3, with lane i in register a<i>
 * and the round constant at RC.  Output row Y of pi reads the lanes
 * (X+3Y mod 5, X), X = 0..4 (keccak.c lists them), which are rotated
 * by their rho offsets r[x,y]; afterwards output lane X+5Y is in the
 * register of its source.  */
#define ROUND_XOR(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, \
                  a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, \
                  a23, a24, rc) \
        COL_PARITIES(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, \
                     a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, \
                     a22, a23, a24) \
        THETA_D() \
        /* Output row 0: lanes 0 6 12 18 24.  */ \
        vpxorq D0, VREG(a0), VREG(a0); \
        THETA_RHO(a6, D1, 44)  THETA_RHO(a12, D2, 43) \
        THETA_RHO(a18, D3, 21) THETA_RHO(a24, D4, 14) \
        /* Row 1: lanes 3 9 10 16 22.  */ \
        THETA_RHO(a3, D3, 28)  THETA_RHO(a9, D4, 20) \
        THETA_RHO(a10, D0, 3)  THETA_RHO(a16, D1, 45) \
        THETA_RHO(a22, D2, 61) \
        CHI_ROW(a0, a6, a12, a18, a24) \
        vpxorq rc BCST, VREG(a0), VREG(a0); \
        /* Row 2: lanes 1 7 13 19 20.  */ \
        THETA_RHO(a1, D1, 1)   THETA_RHO(a7, D2, 6) \
        THETA_RHO(a13, D3, 25) THETA_RHO(a19, D4, 8) \
        THETA_RHO(a20, D0, 18) \
        CHI_ROW(a3, a9, a10, a16, a22) \
        /* Row 3: lanes 4 5 11 17 23.  */ \
        THETA_RHO(a4, D4, 27)  THETA_RHO(a5, D0, 36) \
        THETA_RHO(a11, D1, 10) THETA_RHO(a17, D2, 15) \
        THETA_RHO(a23, D3, 56) \
        CHI_ROW(a1, a7, a13, a19, a20) \
        /* Row 4: lanes 2 8 14 15 21.  */ \
        THETA_RHO(a2, D2, 62)  THETA_RHO(a8, D3, 55) \
        THETA_RHO(a14, D4, 39) THETA_RHO(a15, D0, 41) \
        THETA_RHO(a21, D1, 2) \
        CHI_ROW(a4, a5, a11, a17, a23) \
        CHI_ROW(a2, a8, a14, a15, a21)

/* Theta on the five lanes of column X in registers L0..L4:
 * A ^= C[x-1] ^ rol (C[x+1], 1) with CM = C[x-1] and RP = rol (C[x+1],
 * 1), one vpternlogq per lane.  */
#define THETA_COL(l0, l1, l2, l3, l4, cm, rp) \
        XOR3(VREG(l0), cm, rp) XOR3(VREG(l1), cm, rp) \
        XOR3(VREG(l2), cm, rp) XOR3(VREG(l3), cm, rp) \
        XOR3(VREG(l4), cm, rp)

/* Rho on the lane in register L: L = rol (L, r).  */
#define RHO(l, r)  vprolq $r, VREG(l), VREG(l);

/* The round for Intel cores (COL_PARITY_TERN), same registers in and
 * out as ROUND_XOR: theta is applied to all 25 lanes first, column by
 * column, each lane with one vpternlogq of C[x-1] and rol (C[x+1], 1),
 * so D is never formed: 5 vprolq instead of 5 vprolq and 5 vpxorq, 90
 * executed instructions per round instead of 95.  That needs C[x-1]
 * and rol (C[x+1], 1) at once: the order below (R1, R2, R0, R3, R4
 * into T, T, U, T, T) frees a C register before it needs another.
 * Then rho and chi by output row as in ROUND_XOR (chi's temporaries
 * S0 = C1 and S1 = C3 are free by then).  The rho and chi of one row
 * no longer overlap the theta of the next, which Intel cores, bound
 * by the count of vector instructions (two zmm or three ymm/xmm per
 * cycle), do not need.  On a Sapphire Rapids (TSC ticks, best of 300
 * x 50 calls) x8 850 -> 832, x4 591 -> 571; bench-slope x1 815 -> 801
 * cycles.  */
#define ROUND_TERN(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, \
                   a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, \
                   a23, a24, rc) \
        COL_PARITIES(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, \
                     a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, \
                     a22, a23, a24) \
        vprolq $1, C1, T; \
        THETA_COL(a0, a5, a10, a15, a20, C4, T) \
        vprolq $1, C2, T; \
        THETA_COL(a1, a6, a11, a16, a21, C0, T) \
        vprolq $1, C0, U; \
        vprolq $1, C3, T; \
        THETA_COL(a2, a7, a12, a17, a22, C1, T) \
        vprolq $1, C4, T; \
        THETA_COL(a3, a8, a13, a18, a23, C2, T) \
        THETA_COL(a4, a9, a14, a19, a24, C3, U) \
        /* Output row 0: lanes 0 6 12 18 24.  */ \
        RHO(a6, 44)  RHO(a12, 43) RHO(a18, 21) RHO(a24, 14) \
        /* Row 1: lanes 3 9 10 16 22.  */ \
        RHO(a3, 28)  RHO(a9, 20)  RHO(a10, 3)  RHO(a16, 45) RHO(a22, 61) \
        CHI_ROW(a0, a6, a12, a18, a24) \
        vpxorq rc BCST, VREG(a0), VREG(a0); \
        /* Row 2: lanes 1 7 13 19 20.  */ \
        RHO(a1, 1)   RHO(a7, 6)   RHO(a13, 25) RHO(a19, 8)  RHO(a20, 18) \
        CHI_ROW(a3, a9, a10, a16, a22) \
        /* Row 3: lanes 4 5 11 17 23.  */ \
        RHO(a4, 27)  RHO(a5, 36)  RHO(a11, 10) RHO(a17, 15) RHO(a23, 56) \
        CHI_ROW(a1, a7, a13, a19, a20) \
        /* Row 4: lanes 2 8 14 15 21.  */ \
        RHO(a2, 62)  RHO(a8, 55)  RHO(a14, 39) RHO(a15, 41) RHO(a21, 2) \
        CHI_ROW(a4, a5, a11, a17, a23) \
        CHI_ROW(a2, a8, a14, a15, a21)

/* The round of the variant the includer chose with COL_PARITY.  */
#define ROUND_FOR_COL_PARITY_XOR   ROUND_XOR
#define ROUND_FOR_COL_PARITY_TERN  ROUND_TERN
#define ROUND  KECCAK_CAT(ROUND_FOR_, COL_PARITY)

/* Two rounds with the round constants at %rax and 8(%rax).  After the
 * first, lane i is in register m1[i] = 0 6 12 18 24 3 9 10 16 22 1 7
 * 13 19 20 4 5 11 17 23 2 8 14 15 21; after the second in register
 * m2[i] = 0 9 13 17 21 18 22 1 5 14 6 10 19 23 2 24 3 7 11 15 12 16
 * 20 4 8.  The moves walk the two 12-cycles of m2 (register k takes
 * register m2[k]) to put lane i back in register i.  */
#define TWO_ROUNDS() \
        ROUND_FIRST() \
        ROUND_SECOND() \
        ROUND_MOVES()

/* The first and the second round of TWO_ROUNDS, and its moves (the
 * 9-way entry point puts a scalar round beside each round).  */
#define ROUND_FIRST() \
        ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, \
              17, 18, 19, 20, 21, 22, 23, 24, (%rax))
#define ROUND_SECOND() \
        ROUND(0, 6, 12, 18, 24, 3, 9, 10, 16, 22, 1, 7, 13, 19, 20, 4, \
              5, 11, 17, 23, 2, 8, 14, 15, 21, 8(%rax))
#define ROUND_MOVES() \
        vmovdqa64 A1, T;    vmovdqa64 A5, U; \
        vmovdqa64 A9, A1;   vmovdqa64 A18, A5; \
        vmovdqa64 A14, A9;  vmovdqa64 A11, A18; \
        vmovdqa64 A2, A14;  vmovdqa64 A10, A11; \
        vmovdqa64 A13, A2;  vmovdqa64 A6, A10; \
        vmovdqa64 A23, A13; vmovdqa64 A22, A6; \
        vmovdqa64 A4, A23;  vmovdqa64 A20, A22; \
        vmovdqa64 A21, A4;  vmovdqa64 A12, A20; \
        vmovdqa64 A16, A21; vmovdqa64 A19, A12; \
        vmovdqa64 A3, A16;  vmovdqa64 A15, A19; \
        vmovdqa64 A17, A3;  vmovdqa64 A24, A15; \
        vmovdqa64 A7, A17;  vmovdqa64 A8, A24; \
        vmovdqa64 T, A7;    vmovdqa64 U, A8;

/* Load the state at %rdi, lane i at byte offset STRIDE * i, into
 * V0-V24 with MOVU (vmovdqu64, or vmovq for one state), and store it
 * back.  */
#define EACH_LANE(OP, MOVU, STRIDE) \
        OP(MOVU, STRIDE, 0)  OP(MOVU, STRIDE, 1)  OP(MOVU, STRIDE, 2) \
        OP(MOVU, STRIDE, 3)  OP(MOVU, STRIDE, 4)  OP(MOVU, STRIDE, 5) \
        OP(MOVU, STRIDE, 6)  OP(MOVU, STRIDE, 7)  OP(MOVU, STRIDE, 8) \
        OP(MOVU, STRIDE, 9)  OP(MOVU, STRIDE, 10) OP(MOVU, STRIDE, 11) \
        OP(MOVU, STRIDE, 12) OP(MOVU, STRIDE, 13) OP(MOVU, STRIDE, 14) \
        OP(MOVU, STRIDE, 15) OP(MOVU, STRIDE, 16) OP(MOVU, STRIDE, 17) \
        OP(MOVU, STRIDE, 18) OP(MOVU, STRIDE, 19) OP(MOVU, STRIDE, 20) \
        OP(MOVU, STRIDE, 21) OP(MOVU, STRIDE, 22) OP(MOVU, STRIDE, 23) \
        OP(MOVU, STRIDE, 24)
#define LOAD_LANE(MOVU, STRIDE, i)   MOVU i*STRIDE(%rdi), VREG(i);
#define STORE_LANE(MOVU, STRIDE, i)  MOVU VREG(i), i*STRIDE(%rdi);
#define LOAD_STATE(MOVU, STRIDE)   EACH_LANE(LOAD_LANE, MOVU, STRIDE)
#define STORE_STATE(MOVU, STRIDE)  EACH_LANE(STORE_LANE, MOVU, STRIDE)

/* Keccak-f[1600] on the lanes in V0-V24 (lane i in register i before
 * and after).  Uses %rax and %r11.  */
#define PERMUTE_REGS() \
        leaq KECCAK_RC_TABLE rRIP, %rax; \
        leaq (24*8)(%rax), %r11; \
        .align 16; \
    1:  TWO_ROUNDS() \
        addq $16, %rax; \
        cmpq %r11, %rax; \
        jb 1b;

/* Zero all vector registers and leave the AVX state clean.  */
#define CLEAR_ALL() \
        CLEAR_YMM0_15() \
        CLEAR_YMM16_31() \
        vzeroupper;

/* Permutation body: the state at %rdi, lane i at byte offset
 * STRIDE * i, MOVU the unaligned move between memory and a register
 * (vmovdqu64, or vmovq for one state).  Uses %rax and %r11; leaves
 * all vector registers zeroed.  */
#define PERMUTE_BODY(MOVU, STRIDE) \
        LOAD_STATE(MOVU, STRIDE) \
        PERMUTE_REGS() \
        STORE_STATE(MOVU, STRIDE) \
        CLEAR_ALL()

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
