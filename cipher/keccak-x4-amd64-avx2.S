/* keccak-x4-amd64-avx2.S - Keccak-f[1600] on 4 (or 2x4) states, AVX2
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
 * 3.4), applied to four independent states at once.  Each round is
 * theta, rho, pi, chi, iota (FIPS 202 Algorithms 1-6).
 *
 * Layout (cipher/keccak.h): the batch state is lane-interleaved, lane
 * i = x + 5*y of instance j is the u64 at s[N*i + j], so lane i of
 * four instances is one 32-byte ymm word at byte offset 8*N*i + 8*j0.
 * The 4-way entry point has N = 4; the 8-way one permutes instances
 * 0-3 and then 4-7 of an N = 8 state in place (lane stride 64 bytes),
 * which saves the split/merge copies of a C adapter.
 *
 * Schedule: 25 lanes do not fit into 16 ymm registers, so a round
 * reads its input lanes from memory and writes its output to a second
 * buffer; the buffers alternate (state, stack, state, ...) and after
 * the even number of 24 rounds the result is back in the state.  One
 * round:
 *   theta:  C[x] = xor of column x (memory operands), then
 *           D[x] = C[x-1] ^ rol(C[x+1], 1);
 *   rho/pi: the five lanes of output row Y are
 *           B[X] = rol(A[x,X] ^ D[x], r[x,X]) with x = X + 3Y mod 5
 *           (pi moves lane (x,y) to (y, 2x+3y));
 *   chi:    out[X,Y] = B[X] ^ (~B[X+1] & B[X+2]), stored at once;
 *   iota:   the round constant is xored into out[0,0].
 * Rotations are vpsllq/vpsrlq/vpor, except 8 and 56 (vpshufb) and
 * the theta rotation by 1 (vpaddq + vpsrlq).
 *
 * Register plan:
 *   ymm0-ymm4    C[0..4] during theta, then B[0..4] of one row
 *   ymm5-ymm9    D[0..4]
 *   ymm10,ymm11  temporaries
 *   ymm12        round constant (broadcast)
 *   ymm13,ymm14  vpshufb masks for rol 8 and rol 56
 *   rsi, rdx     input / output buffer of the round (swapped)
 *   rax          round constant pointer, ecx round counter
 *
 * Stack: 32-byte aligned scratch buffer of 25 lanes (800 bytes, or
 * 1600 with the 8-way stride); the used lanes are zeroed before
 * return, and all ymm registers are cleared (vzeroall).
 *
 * Requires: AVX2 (HWF_INTEL_AVX2).
 *
 * C prototypes:
 *   void _gcry_keccak_f1600_x4_avx2 (u64 *state);   // 100 u64
 *   void _gcry_keccak_f1600_x8_avx2 (u64 *state);   // 200 u64  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX2_SUPPORT)))

/* Byte offset of lane (x,y) of the instances being permuted: STRIDE
 * is 32 for a 4-way state and 64 for the halves of an 8-way state.  */
#define LANE(x, y)  (STRIDE * ((x) + 5 * (y)))

#define T0  %ymm10
#define T1  %ymm11
#define RC  %ymm12
#define ROL8MASK   %ymm13
#define ROL56MASK  %ymm14

/* Theta, first half: C = xor of the five lanes of column X.  */
#define COLUMN(x, c) \
        vmovdqu LANE(x, 0)(%rsi), c; \
        vpxor LANE(x, 1)(%rsi), c, c; \
        vpxor LANE(x, 2)(%rsi), c, c; \
        vpxor LANE(x, 3)(%rsi), c, c; \
        vpxor LANE(x, 4)(%rsi), c, c;

/* Theta, second half: D = CM ^ rol(CP, 1).  */
#define THETA_D(d, cm, cp, t) \
        vpaddq cp, cp, d; \
        vpsrlq $63, cp, t; \
        vpor t, d, d; \
        vpxor cm, d, d;

/* B = rol(A[x,y] ^ D, R) for the lanes with a shift-based rotation.  */
#define RHO(b, x, y, d, r) \
        vpxor LANE(x, y)(%rsi), d, b; \
        vpsllq $(r), b, T0; \
        vpsrlq $(64 - (r)), b, b; \
        vpor T0, b, b;

/* Same, rotation done by a byte shuffle (R = 8 or 56).  */
#define RHO_SHUF(b, x, y, d, mask) \
        vpxor LANE(x, y)(%rsi), d, b; \
        vpshufb mask, b, b;

/* Chi for one output lane: out[X,Y] = B0 ^ (~B1 & B2).  */
#define CHI(X, Y, b0, b1, b2) \
        vpandn b2, b1, T1; \
        vpxor b0, T1, T1; \
        vmovdqu T1, LANE(X, Y)(%rdx);

/* Chi for a whole output row Y from B in ymm0-ymm4.  */
#define CHI_ROW(Y) \
        CHI(0, Y, %ymm0, %ymm1, %ymm2) \
        CHI(1, Y, %ymm1, %ymm2, %ymm3) \
        CHI(2, Y, %ymm2, %ymm3, %ymm4) \
        CHI(3, Y, %ymm3, %ymm4, %ymm0) \
        CHI(4, Y, %ymm4, %ymm0, %ymm1)

/* 24 rounds on the lanes at %rsi (lane stride STRIDE), ping-ponging
 * with the scratch buffer at %rdx (same stride); %rax points to the
 * round constants.  Ends with the result back at the original %rsi.
 * Clobbers ymm0-ymm12, ymm15, %rcx.  */
#define PERMUTE_ROUNDS() \
        movl $24, %ecx; \
        .align 16; \
    1: \
        vpbroadcastq (%rax), RC; \
        \
        /* Theta.  */ \
        COLUMN(0, %ymm0) \
        COLUMN(1, %ymm1) \
        COLUMN(2, %ymm2) \
        COLUMN(3, %ymm3) \
        COLUMN(4, %ymm4) \
        THETA_D(%ymm5, %ymm4, %ymm1, T0) \
        THETA_D(%ymm6, %ymm0, %ymm2, T1) \
        THETA_D(%ymm7, %ymm1, %ymm3, T0) \
        THETA_D(%ymm8, %ymm2, %ymm4, T1) \
        THETA_D(%ymm9, %ymm3, %ymm0, T0) \
        \
        /* Rho, pi and chi, one output row at a time; iota in row 0.  */ \
        vpxor LANE(0, 0)(%rsi), %ymm5, %ymm0;   /* r[0,0] = 0 */ \
        RHO(%ymm1, 1, 1, %ymm6, 44) \
        RHO(%ymm2, 2, 2, %ymm7, 43) \
        RHO(%ymm3, 3, 3, %ymm8, 21) \
        RHO(%ymm4, 4, 4, %ymm9, 14) \
        vpxor RC, %ymm0, %ymm15;                /* iota */ \
        vpandn %ymm2, %ymm1, T1; \
        vpxor %ymm15, T1, T1; \
        vmovdqu T1, LANE(0, 0)(%rdx); \
        CHI(1, 0, %ymm1, %ymm2, %ymm3) \
        CHI(2, 0, %ymm2, %ymm3, %ymm4) \
        CHI(3, 0, %ymm3, %ymm4, %ymm0) \
        CHI(4, 0, %ymm4, %ymm0, %ymm1) \
        \
        RHO(%ymm0, 3, 0, %ymm8, 28) \
        RHO(%ymm1, 4, 1, %ymm9, 20) \
        RHO(%ymm2, 0, 2, %ymm5, 3) \
        RHO(%ymm3, 1, 3, %ymm6, 45) \
        RHO(%ymm4, 2, 4, %ymm7, 61) \
        CHI_ROW(1) \
        \
        RHO(%ymm0, 1, 0, %ymm6, 1) \
        RHO(%ymm1, 2, 1, %ymm7, 6) \
        RHO(%ymm2, 3, 2, %ymm8, 25) \
        RHO_SHUF(%ymm3, 4, 3, %ymm9, ROL8MASK) \
        RHO(%ymm4, 0, 4, %ymm5, 18) \
        CHI_ROW(2) \
        \
        RHO(%ymm0, 4, 0, %ymm9, 27) \
        RHO(%ymm1, 0, 1, %ymm5, 36) \
        RHO(%ymm2, 1, 2, %ymm6, 10) \
        RHO(%ymm3, 2, 3, %ymm7, 15) \
        RHO_SHUF(%ymm4, 3, 4, %ymm8, ROL56MASK) \
        CHI_ROW(3) \
        \
        RHO(%ymm0, 2, 0, %ymm7, 62) \
        RHO(%ymm1, 3, 1, %ymm8, 55) \
        RHO(%ymm2, 4, 2, %ymm9, 39) \
        RHO(%ymm3, 0, 3, %ymm5, 41) \
        RHO(%ymm4, 1, 4, %ymm6, 2) \
        CHI_ROW(4) \
        \
        xchgq %rsi, %rdx; \
        addq $8, %rax; \
        subl $1, %ecx; \
        jnz 1b;


.text

/* Wipe the 25 scratch lanes at %rsp (stride STRIDE) and all ymm
 * registers.  */
#define WIPE_SCRATCH() \
        vpxor %ymm0, %ymm0, %ymm0; \
        xorl %eax, %eax; \
    2:  vmovdqa %ymm0, (%rsp, %rax); \
        addq $STRIDE, %rax; \
        cmpq $(25 * STRIDE), %rax; \
        jb 2b; \
        vzeroall;

#define STRIDE 32

.align 64
ELF(.type _gcry_keccak_f1600_x4_avx2,@function)
.globl _gcry_keccak_f1600_x4_avx2
_gcry_keccak_f1600_x4_avx2:
        /* input:
         *      %rdi: 4-way interleaved state, 100 u64, any 8-byte
         *            alignment (all state accesses are unaligned)
         */
        CFI_STARTPROC()
        pushq %rbp
        CFI_PUSH(%rbp)
        movq %rsp, %rbp
        CFI_DEF_CFA_REGISTER(%rbp)
        subq $(25 * STRIDE), %rsp
        andq $-32, %rsp

        vmovdqa .Lrol8_mask rRIP, ROL8MASK
        vmovdqa .Lrol56_mask rRIP, ROL56MASK
        leaq .Lround_consts rRIP, %rax
        movq %rdi, %rsi
        movq %rsp, %rdx
        PERMUTE_ROUNDS()

        /* 24 rounds: the result is in the state again.  */
        WIPE_SCRATCH()

        movq %rbp, %rsp
        popq %rbp
        CFI_POP(%rbp)
        CFI_DEF_CFA_REGISTER(%rsp)
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_keccak_f1600_x4_avx2,.-_gcry_keccak_f1600_x4_avx2)

#undef STRIDE
#define STRIDE 64

.align 64
ELF(.type _gcry_keccak_f1600_x8_avx2,@function)
.globl _gcry_keccak_f1600_x8_avx2
_gcry_keccak_f1600_x8_avx2:
        /* input:
         *      %rdi: 8-way interleaved state, 200 u64, any 8-byte
         *            alignment; instances 0-3 and 4-7 are permuted
         *            one after the other, in place
         */
        CFI_STARTPROC()
        pushq %rbp
        CFI_PUSH(%rbp)
        movq %rsp, %rbp
        CFI_DEF_CFA_REGISTER(%rbp)
        subq $(25 * STRIDE), %rsp
        andq $-32, %rsp

        vmovdqa .Lrol8_mask rRIP, ROL8MASK
        vmovdqa .Lrol56_mask rRIP, ROL56MASK
        leaq .Lround_consts rRIP, %rax
        movq %rdi, %rsi
        movq %rsp, %rdx
        PERMUTE_ROUNDS()

        leaq .Lround_consts rRIP, %rax
        leaq 32(%rdi), %rsi
        movq %rsp, %rdx
        PERMUTE_ROUNDS()

        WIPE_SCRATCH()

        movq %rbp, %rsp
        popq %rbp
        CFI_POP(%rbp)
        CFI_DEF_CFA_REGISTER(%rsp)
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_keccak_f1600_x8_avx2,.-_gcry_keccak_f1600_x8_avx2)

#undef STRIDE

ELF(.section .rodata)
.align 32
/* vpshufb controls: result byte k of each qword takes source byte
 * k - 1 (rol 8) or k + 1 (rol 56), modulo 8.  */
.Lrol8_mask:
        .byte 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
        .byte 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
.Lrol56_mask:
        .byte 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
        .byte 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8

/* Round constants RC[i] (FIPS 202 Algorithm 5 and 6), i = 0..23.  */
.align 8
.Lround_consts:
        .quad 0x0000000000000001, 0x0000000000008082
        .quad 0x800000000000808a, 0x8000000080008000
        .quad 0x000000000000808b, 0x0000000080000001
        .quad 0x8000000080008081, 0x8000000000008009
        .quad 0x000000000000008a, 0x0000000000000088
        .quad 0x0000000080008009, 0x000000008000000a
        .quad 0x000000008000808b, 0x800000000000008b
        .quad 0x8000000000008089, 0x8000000000008003
        .quad 0x8000000000008002, 0x8000000000000080
        .quad 0x000000000000800a, 0x800000008000000a
        .quad 0x8000000080008081, 0x8000000000008080
        .quad 0x0000000080000001, 0x8000000080008008

#endif /* __x86_64__ && ENABLE_AVX2_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
