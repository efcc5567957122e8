/* keccak-scalar-amd64.h - A Keccak-f[1600] round on general-purpose
 * registers, for interleaving with a vector round
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

/* Shared by keccak-x4-amd64-avx2.S (the 5- and 9-way entry points:
 * four or eight states on AVX2 and one more here) and
 * keccak-x8-amd64-avx512.S (the 9-way entry point: eight states in
 * zmm registers and one more here).  On cores whose integer pipes are
 * separate from the vector ones (AMD Zen) this round runs in the
 * vector round's shadow.
 *
 * The round reads its input lanes from memory and writes its output
 * lanes to a second buffer (BMI1 andn, BMI2 rorx): D is kept on the
 * stack (5 slots), chi writes each output lane and accumulates the
 * next round's column parities C in registers.  The includer defines
 *   SLANE(x, y)  the byte offset of lane (x, y) in both buffers,
 *   SD(x)        the memory operand of D[x] (5 u64),
 * and keeps the input buffer in %rsi and the output buffer in %rdx
 * (swapped after every round).  SCOLUMN computes C of the first
 * input; STHETA and SROW0_RC, SROW1-SROW4 are one round in program
 * order, which the includer may spread over its vector round.
 *
 * Scalar register plan:
 *   r8-r12       SC[0..4], column parities
 *   r13-r15, rbx, rcx   SB[0..4], one row after rho
 *   rdi          temporary
 * Requires BMI1 and BMI2.  */

#ifndef GCRY_KECCAK_SCALAR_AMD64_H
#define GCRY_KECCAK_SCALAR_AMD64_H 1

#define SC0 %r8
#define SC1 %r9
#define SC2 %r10
#define SC3 %r11
#define SC4 %r12
#define SB0 %r13
#define SB1 %r14
#define SB2 %r15
#define SB3 %rbx
#define SB4 %rcx
#define ST  %rdi

#define SCOLUMN(x, c) \
        movq SLANE(x, 0)(%rsi), c; \
        xorq SLANE(x, 1)(%rsi), c; \
        xorq SLANE(x, 2)(%rsi), c; \
        xorq SLANE(x, 3)(%rsi), c; \
        xorq SLANE(x, 4)(%rsi), c;

/* D[x] = C[x-1] ^ rol(C[x+1], 1), to its stack slot.  */
#define STHETA_D(x, cm, cp) \
        rorxq $63, cp, ST; \
        xorq cm, ST; \
        movq ST, SD(x);

#define STHETA \
        STHETA_D(0, SC4, SC1) \
        STHETA_D(1, SC0, SC2) \
        STHETA_D(2, SC1, SC3) \
        STHETA_D(3, SC2, SC4) \
        STHETA_D(4, SC3, SC0)

/* B = rol(A[x,y] ^ D[x], R), R > 0 (rorx rotates right).  */
#define SRHO(b, x, y, r) \
        movq SLANE(x, y)(%rsi), b; \
        xorq SD(x), b; \
        rorxq $(64 - (r)), b, b;

/* Chi for lane X of output row 0, which starts C[X].  */
#define SCHI0(X, b0, b1, b2, c) \
        andnq b2, b1, c; \
        xorq b0, c; \
        movq c, SLANE(X, 0)(%rdx);

/* Chi for lane X of output row Y > 0, accumulated into C[X].  */
#define SCHI(X, Y, b0, b1, b2, c) \
        andnq b2, b1, ST; \
        xorq b0, ST; \
        movq ST, SLANE(X, Y)(%rdx); \
        xorq ST, c;

#define SCHI_ROW(Y) \
        SCHI(0, Y, SB0, SB1, SB2, SC0) \
        SCHI(1, Y, SB1, SB2, SB3, SC1) \
        SCHI(2, Y, SB2, SB3, SB4, SC2) \
        SCHI(3, Y, SB3, SB4, SB0, SC3) \
        SCHI(4, Y, SB4, SB0, SB1, SC4)

/* The rows of the scalar round, with the rotations of the vector
 * rounds' rows; RC is the round constant's operand.  */
#define SROW0_RC(rc) \
        movq SLANE(0, 0)(%rsi), SB0; \
        xorq SD(0), SB0; \
        SRHO(SB1, 1, 1, 44) \
        SRHO(SB2, 2, 2, 43) \
        SRHO(SB3, 3, 3, 21) \
        SRHO(SB4, 4, 4, 14) \
        andnq SB2, SB1, SC0; \
        xorq SB0, SC0; \
        xorq rc, SC0;                                 /* iota */ \
        movq SC0, SLANE(0, 0)(%rdx); \
        SCHI0(1, SB1, SB2, SB3, SC1) \
        SCHI0(2, SB2, SB3, SB4, SC2) \
        SCHI0(3, SB3, SB4, SB0, SC3) \
        SCHI0(4, SB4, SB0, SB1, SC4)

/* Output row Y > 0: lane X comes from input lane (XX, X) rotated by
 * RX, with XX = X + 3Y mod 5 (pi) and the offsets of ROUND_ROW1-4.  */
#define SROW(Y, x0, r0, x1, r1, x2, r2, x3, r3, x4, r4) \
        SRHO(SB0, x0, 0, r0) \
        SRHO(SB1, x1, 1, r1) \
        SRHO(SB2, x2, 2, r2) \
        SRHO(SB3, x3, 3, r3) \
        SRHO(SB4, x4, 4, r4) \
        SCHI_ROW(Y)

#define SROW1  SROW(1, 3, 28, 4, 20, 0, 3, 1, 45, 2, 61)
#define SROW2  SROW(2, 1, 1, 2, 6, 3, 25, 4, 8, 0, 18)
#define SROW3  SROW(3, 4, 27, 0, 36, 1, 10, 2, 15, 3, 56)
#define SROW4  SROW(4, 2, 62, 3, 55, 4, 39, 0, 41, 1, 2)

#define SROW0  SROW0_RC((%rax))

/* Entry and exit of a function with this round: save the callee-saved
 * registers the round uses (%rbp is the frame pointer) and make a
 * frame of SCRATCH bytes aligned to ALIGN; on the way out clear the
 * caller-saved registers that held state bits (the callee-saved ones
 * get the caller's values back), restore and return.  The scratch is
 * the caller's to wipe before SCALAR_RESTORE.  */
#define SCALAR_SAVE(scratch, align) \
        CFI_STARTPROC(); \
        pushq %rbp; \
        CFI_PUSH(%rbp); \
        movq %rsp, %rbp; \
        CFI_DEF_CFA_REGISTER(%rbp); \
        pushq %rbx; \
        .cfi_offset %rbx, -24; \
        pushq %r12; \
        .cfi_offset %r12, -32; \
        pushq %r13; \
        .cfi_offset %r13, -40; \
        pushq %r14; \
        .cfi_offset %r14, -48; \
        pushq %r15; \
        .cfi_offset %r15, -56; \
        subq $(scratch), %rsp; \
        andq $-(align), %rsp;

#define SCALAR_RESTORE() \
        xorl %r8d, %r8d; \
        xorl %r9d, %r9d; \
        xorl %r10d, %r10d; \
        xorl %r11d, %r11d; \
        xorl %ecx, %ecx; \
        xorl %edi, %edi; \
        leaq -40(%rbp), %rsp; \
        popq %r15; \
        .cfi_restore %r15; \
        popq %r14; \
        .cfi_restore %r14; \
        popq %r13; \
        .cfi_restore %r13; \
        popq %r12; \
        .cfi_restore %r12; \
        popq %rbx; \
        .cfi_restore %rbx; \
        popq %rbp; \
        CFI_POP(%rbp); \
        CFI_DEF_CFA_REGISTER(%rsp); \
        ret_spec_stop; \
        CFI_ENDPROC();

#endif /*GCRY_KECCAK_SCALAR_AMD64_H*/
