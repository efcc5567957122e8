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
 * 0-3 and 4-7 of an N = 8 state in place (lane stride 64 bytes, the
 * second half 32 bytes further), which saves the split/merge copies
 * of a C adapter.
 *
 * Schedule: 25 lanes do not fit into 16 ymm registers, so a round
 * reads its input lanes from memory and writes its output to a second
 * buffer; the buffers alternate (state, stack, state, ...) and after
 * the even number of 24 rounds the result is back in the state.  One
 * round:
 *   theta:  C[x] = xor of column x, then D[x] = C[x-1] ^ rol(C[x+1], 1);
 *           C comes in registers from the previous round's chi (from
 *           memory before round 0), so the next round does not wait
 *           for its stores to be loaded back;
 *   rho/pi: the five lanes of output row Y are
 *           B[X] = rol(A[x,X] ^ D[x], r[x,X]) with x = X + 3Y mod 5
 *           (pi moves lane (x,y) to (y, 2x+3y));
 *   chi:    out[X,Y] = B[X] ^ (~B[X+1] & B[X+2]), stored at once and
 *           xored into the next round's C[X];
 *   iota:   the round constant is xored into out[0,0].
 * Rotations are vpsllq/vpsrlq/vpor, except 8 and 56 (vpshufb with a
 * memory mask) and the theta rotation by 1 (vpaddq + vpsrlq).
 * The 8-way entry point alternates the two halves round by round, so
 * one half's round runs while the other's is still finishing; the C
 * of the waiting half is parked on the stack (5 stores, 5 loads).
 *
 * Register plan:
 *   ymm0-ymm4    B[0..4] of one row
 *   ymm5-ymm9    D[0..4]
 *   ymm10-ymm14  C[0..4]: input column parities, then those of the
 *                output being accumulated
 *   ymm15        temporary (rotations, chi, round constant)
 *   rsi, rdx     input / output buffer of the round (swapped)
 *   rax          round constant pointer, ecx round counter
 *
 * Stack: 32-byte aligned scratch buffer of 25 lanes (800 bytes, or
 * 1600 with the 8-way stride, plus 320 bytes for the parked C); it is
 * zeroed before return, and all ymm registers are cleared (vzeroall).
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
 * is 32 for a 4-way state and 64 for an 8-way state, whose second
 * half starts OFF = 32 bytes further.  */
#define LANE(x, y)  (STRIDE * ((x) + 5 * (y)))

#define C0  %ymm10
#define C1  %ymm11
#define C2  %ymm12
#define C3  %ymm13
#define C4  %ymm14
#define T   %ymm15

/* Theta, first half, for the input of round 0 only: C = xor of the
 * five lanes of column X.  Later rounds get C from chi.  */
#define COLUMN(x, c, off) \
        vmovdqu LANE(x, 0)+(off)(%rsi), c; \
        vpxor LANE(x, 1)+(off)(%rsi), c, c; \
        vpxor LANE(x, 2)+(off)(%rsi), c, c; \
        vpxor LANE(x, 3)+(off)(%rsi), c, c; \
        vpxor LANE(x, 4)+(off)(%rsi), c, c;

#define COLUMNS(off) \
        COLUMN(0, C0, off) \
        COLUMN(1, C1, off) \
        COLUMN(2, C2, off) \
        COLUMN(3, C3, off) \
        COLUMN(4, C4, off)

/* Theta, second half: D = CM ^ rol(CP, 1).  */
#define THETA_D(d, cm, cp) \
        vpaddq cp, cp, d; \
        vpsrlq $63, cp, T; \
        vpor T, d, d; \
        vpxor cm, d, d;

/* B = rol(A[x,y] ^ D, R) for the lanes with a shift-based rotation.  */
#define RHO(b, x, y, d, r, off) \
        vpxor LANE(x, y)+(off)(%rsi), d, b; \
        vpsllq $(r), b, T; \
        vpsrlq $(64 - (r)), b, b; \
        vpor T, b, b;

/* Same, rotation done by a byte shuffle (R = 8 or 56).  */
#define RHO_SHUF(b, x, y, d, mask, off) \
        vpxor LANE(x, y)+(off)(%rsi), d, b; \
        vpshufb mask rRIP, b, b;

/* Chi for one lane of output row 0: out[X,0] = B0 ^ (~B1 & B2), which
 * also starts the next round's column parity C[X].  */
#define CHI0(X, b0, b1, b2, c, off) \
        vpandn b2, b1, c; \
        vpxor b0, c, c; \
        vmovdqu c, LANE(X, 0)+(off)(%rdx);

/* Chi for lane X of output row Y > 0, accumulated into C[X].  */
#define CHI(X, Y, b0, b1, b2, c, off) \
        vpandn b2, b1, T; \
        vpxor b0, T, T; \
        vmovdqu T, LANE(X, Y)+(off)(%rdx); \
        vpxor T, c, c;

/* Chi for a whole output row Y > 0 from B in ymm0-ymm4.  */
#define CHI_ROW(Y, off) \
        CHI(0, Y, %ymm0, %ymm1, %ymm2, C0, off) \
        CHI(1, Y, %ymm1, %ymm2, %ymm3, C1, off) \
        CHI(2, Y, %ymm2, %ymm3, %ymm4, C2, off) \
        CHI(3, Y, %ymm3, %ymm4, %ymm0, C3, off) \
        CHI(4, Y, %ymm4, %ymm0, %ymm1, C4, off)

/* One round on the lanes at OFF(%rsi) (lane stride STRIDE), output
 * to OFF(%rdx); the column parities C of its input are in C0-C4 and
 * those of its output are left there.  (%rax) is the round constant.
 * Clobbers ymm0-ymm15.  Split into theta and the five output rows so
 * that the 5-way entry point can interleave a scalar round.  */
#define ROUND_THETA \
        THETA_D(%ymm5, C4, C1) \
        THETA_D(%ymm6, C0, C2) \
        THETA_D(%ymm7, C1, C3) \
        THETA_D(%ymm8, C2, C4) \
        THETA_D(%ymm9, C3, C0)

/* Rho, pi and chi, one output row at a time; iota in row 0.  */
#define ROUND_ROW0(off) \
        vpxor LANE(0, 0)+(off)(%rsi), %ymm5, %ymm0;   /* r[0,0] = 0 */ \
        RHO(%ymm1, 1, 1, %ymm6, 44, off) \
        RHO(%ymm2, 2, 2, %ymm7, 43, off) \
        RHO(%ymm3, 3, 3, %ymm8, 21, off) \
        RHO(%ymm4, 4, 4, %ymm9, 14, off) \
        vpbroadcastq (%rax), T; \
        vpandn %ymm2, %ymm1, C0; \
        vpxor %ymm0, C0, C0; \
        vpxor T, C0, C0;                              /* iota */ \
        vmovdqu C0, LANE(0, 0)+(off)(%rdx); \
        CHI0(1, %ymm1, %ymm2, %ymm3, C1, off) \
        CHI0(2, %ymm2, %ymm3, %ymm4, C2, off) \
        CHI0(3, %ymm3, %ymm4, %ymm0, C3, off) \
        CHI0(4, %ymm4, %ymm0, %ymm1, C4, off)

#define ROUND_ROW1(off) \
        RHO(%ymm0, 3, 0, %ymm8, 28, off) \
        RHO(%ymm1, 4, 1, %ymm9, 20, off) \
        RHO(%ymm2, 0, 2, %ymm5, 3, off) \
        RHO(%ymm3, 1, 3, %ymm6, 45, off) \
        RHO(%ymm4, 2, 4, %ymm7, 61, off) \
        CHI_ROW(1, off)

#define ROUND_ROW2(off) \
        RHO(%ymm0, 1, 0, %ymm6, 1, off) \
        RHO(%ymm1, 2, 1, %ymm7, 6, off) \
        RHO(%ymm2, 3, 2, %ymm8, 25, off) \
        RHO_SHUF(%ymm3, 4, 3, %ymm9, .Lrol8_mask, off) \
        RHO(%ymm4, 0, 4, %ymm5, 18, off) \
        CHI_ROW(2, off)

#define ROUND_ROW3(off) \
        RHO(%ymm0, 4, 0, %ymm9, 27, off) \
        RHO(%ymm1, 0, 1, %ymm5, 36, off) \
        RHO(%ymm2, 1, 2, %ymm6, 10, off) \
        RHO(%ymm3, 2, 3, %ymm7, 15, off) \
        RHO_SHUF(%ymm4, 3, 4, %ymm8, .Lrol56_mask, off) \
        CHI_ROW(3, off)

#define ROUND_ROW4(off) \
        RHO(%ymm0, 2, 0, %ymm7, 62, off) \
        RHO(%ymm1, 3, 1, %ymm8, 55, off) \
        RHO(%ymm2, 4, 2, %ymm9, 39, off) \
        RHO(%ymm3, 0, 3, %ymm5, 41, off) \
        RHO(%ymm4, 1, 4, %ymm6, 2, off) \
        CHI_ROW(4, off)

#define ROUND(off) \
        ROUND_THETA \
        ROUND_ROW0(off) \
        ROUND_ROW1(off) \
        ROUND_ROW2(off) \
        ROUND_ROW3(off) \
        ROUND_ROW4(off)


.text

/* Wipe the first BYTES bytes of scratch at %rsp (a multiple of 32)
 * and all ymm registers.  */
#define WIPE_SCRATCH(bytes) \
        vpxor %ymm0, %ymm0, %ymm0; \
        xorl %eax, %eax; \
    2:  vmovdqa %ymm0, (%rsp, %rax); \
        addq $32, %rax; \
        cmpq $(bytes), %rax; \
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

        leaq .Lround_consts rRIP, %rax
        movq %rdi, %rsi
        movq %rsp, %rdx
        COLUMNS(0)
        movl $24, %ecx
        .align 16
    1:
        ROUND(0)
        xchgq %rsi, %rdx
        addq $8, %rax
        subl $1, %ecx
        jnz 1b

        /* 24 rounds: the result is in the state again.  */
        WIPE_SCRATCH(25 * STRIDE)

        movq %rbp, %rsp
        popq %rbp
        CFI_POP(%rbp)
        CFI_DEF_CFA_REGISTER(%rsp)
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_keccak_f1600_x4_avx2,.-_gcry_keccak_f1600_x4_avx2)

#undef STRIDE
#define STRIDE 64

/* Column parities of the half not being permuted, kept on the stack
 * above the scratch lanes: SPILL(h) is half H's slot of 5 ymm.  */
#define SPILL(h)  (25 * STRIDE + 160 * (h))

#define SAVE_C(h) \
        vmovdqa C0, SPILL(h)+0(%rsp); \
        vmovdqa C1, SPILL(h)+32(%rsp); \
        vmovdqa C2, SPILL(h)+64(%rsp); \
        vmovdqa C3, SPILL(h)+96(%rsp); \
        vmovdqa C4, SPILL(h)+128(%rsp);

#define LOAD_C(h) \
        vmovdqa SPILL(h)+0(%rsp), C0; \
        vmovdqa SPILL(h)+32(%rsp), C1; \
        vmovdqa SPILL(h)+64(%rsp), C2; \
        vmovdqa SPILL(h)+96(%rsp), C3; \
        vmovdqa SPILL(h)+128(%rsp), C4;

.align 64
ELF(.type _gcry_keccak_f1600_x8_avx2,@function)
.globl _gcry_keccak_f1600_x8_avx2
_gcry_keccak_f1600_x8_avx2:
        /* input:
         *      %rdi: 8-way interleaved state, 200 u64, any 8-byte
         *            alignment; instances 0-3 and 4-7 are permuted
         *            round by round alternately, in place
         */
        CFI_STARTPROC()
        pushq %rbp
        CFI_PUSH(%rbp)
        movq %rsp, %rbp
        CFI_DEF_CFA_REGISTER(%rbp)
        subq $(SPILL(2)), %rsp
        andq $-32, %rsp

        leaq .Lround_consts rRIP, %rax
        movq %rdi, %rsi
        movq %rsp, %rdx
        COLUMNS(32)
        SAVE_C(1)
        COLUMNS(0)
        movl $24, %ecx
        .align 16
    1:
        ROUND(0)
        SAVE_C(0)
        LOAD_C(1)
        ROUND(32)
        SAVE_C(1)
        LOAD_C(0)
        xchgq %rsi, %rdx
        addq $8, %rax
        subl $1, %ecx
        jnz 1b

        WIPE_SCRATCH(SPILL(2))

        movq %rbp, %rsp
        popq %rbp
        CFI_POP(%rbp)
        CFI_DEF_CFA_REGISTER(%rsp)
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_keccak_f1600_x8_avx2,.-_gcry_keccak_f1600_x8_avx2)

#undef STRIDE


/* The 5-way entry point: instances 0-3 of an N = 8 state on the ymm
 * path above and instance 4 at the same time with general-purpose
 * registers (BMI1 andn, BMI2 rorx), round by round.  On cores whose
 * integer pipes are separate from the vector ones (AMD Zen) the
 * scalar round runs in the vector round's shadow: measured on Zen 5, a
 * 5-way call costs 1.02 4-way calls.  The scalar round follows the
 * vector one's plan: D is kept on the stack (5 slots), the input lanes
 * are read from memory, chi writes the output lanes to the other
 * buffer and accumulates the next C in registers (the round and its
 * register plan: keccak-scalar-amd64.h).  Scalar lane (x,y) is the
 * u64 at LANE(x, y) + 32 of the same buffers.
 * The round counter lives on the stack, %rbp is the frame pointer.
 * Stack: 25 lanes of stride 64 (1600 bytes), then D (5 x 8 bytes)
 * and the round counter.  */

#define STRIDE 64
#define SOFF   32

#include "keccak-scalar-amd64.h"

/* Scalar lane (x,y) relative to the round's buffers.  */
#define SLANE(x, y) (LANE(x, y) + SOFF)

#define SD(x)      (25 * STRIDE + 8 * (x))(%rsp)
#define ROUNDS     (25 * STRIDE + 40)(%rsp)
#define X5_SCRATCH (25 * STRIDE + 64)

/* Entry and exit of the entry points with a scalar state (5- and
 * 9-way): save the callee-saved registers they use, make an aligned
 * frame of SCRATCH bytes, set the round counter, the round constant
 * pointer and the buffers (state in, scratch out), and compute the
 * scalar state's column parities; on the way out
 * wipe the scratch (lanes, D, counter) and the scalar registers that
 * held state bits (the callee-saved ones get the caller's values
 * back), restore and return.  */
#define SCALAR_ENTRY(scratch) \
        SCALAR_SAVE(scratch, 32) \
        movl $24, ROUNDS; \
        leaq .Lround_consts rRIP, %rax; \
        movq %rdi, %rsi; \
        movq %rsp, %rdx; \
        SCOLUMN(0, SC0) \
        SCOLUMN(1, SC1) \
        SCOLUMN(2, SC2) \
        SCOLUMN(3, SC3) \
        SCOLUMN(4, SC4)

#define SCALAR_EXIT(scratch) \
        WIPE_SCRATCH(scratch) \
        SCALAR_RESTORE()

.align 64
ELF(.type _gcry_keccak_f1600_x5_avx2,@function)
.globl _gcry_keccak_f1600_x5_avx2
_gcry_keccak_f1600_x5_avx2:
        /* input:
         *      %rdi: 8-way interleaved state, 200 u64, any 8-byte
         *            alignment; instances 0-4 are permuted in place,
         *            instances 5-7 are neither read nor written
         */
        SCALAR_ENTRY(X5_SCRATCH)

        COLUMNS(0)
        .align 16
    1:
        ROUND_THETA
        STHETA
        ROUND_ROW0(0)
        SROW0
        ROUND_ROW1(0)
        SROW1
        ROUND_ROW2(0)
        SROW2
        ROUND_ROW3(0)
        SROW3
        ROUND_ROW4(0)
        SROW4
        xchgq %rsi, %rdx
        addq $8, %rax
        subl $1, ROUNDS
        jnz 1b

        SCALAR_EXIT(X5_SCRATCH)
ELF(.size _gcry_keccak_f1600_x5_avx2,.-_gcry_keccak_f1600_x5_avx2)


/* The 9-way entry point: the 8-way call above (instances 0-3 and 4-7
 * of an N = 8 state, round by round alternately) and a ninth state,
 * stored after the 8-way block (lane i at byte 1600 + 8 i), on the
 * general-purpose registers at the same time: its round is split over
 * the two halves' rounds, theta and rows 0-2 beside the first, rows
 * 3-4 beside the second.  As for the 5-way call, this pays where the
 * integer pipes are separate from the vector ones.  The scalar code
 * is that of the 5-way call with its lanes at SLANE below, in both
 * buffers of the round (the state and the stack scratch).
 * Stack: 25 lanes of stride 64 and 25 scalar lanes (1800 bytes), the
 * two halves' parked C (from byte 1824), D and the round counter.  */

#undef SLANE
#define SLANE(x, y) (25 * STRIDE + 8 * ((x) + 5 * (y)))
#undef SPILL
#define SPILL(h)   (1824 + 160 * (h))
#undef SD
#define SD(x)      (SPILL(2) + 8 * (x))(%rsp)
#undef ROUNDS
#define ROUNDS     (SPILL(2) + 40)(%rsp)
#define X9_SCRATCH (SPILL(2) + 64)

.align 64
ELF(.type _gcry_keccak_f1600_x9_avx2,@function)
.globl _gcry_keccak_f1600_x9_avx2
_gcry_keccak_f1600_x9_avx2:
        /* input:
         *      %rdi: 8-way interleaved state followed by a ninth one,
         *            225 u64, any 8-byte alignment; permuted in place
         */
        SCALAR_ENTRY(X9_SCRATCH)

        COLUMNS(32)
        SAVE_C(1)
        COLUMNS(0)
        .align 16
    1:
        ROUND_THETA
        STHETA
        ROUND_ROW0(0)
        SROW0
        ROUND_ROW1(0)
        ROUND_ROW2(0)
        SROW1
        ROUND_ROW3(0)
        ROUND_ROW4(0)
        SROW2
        SAVE_C(0)
        LOAD_C(1)
        ROUND_THETA
        ROUND_ROW0(32)
        SROW3
        ROUND_ROW1(32)
        ROUND_ROW2(32)
        SROW4
        ROUND_ROW3(32)
        ROUND_ROW4(32)
        SAVE_C(1)
        LOAD_C(0)
        xchgq %rsi, %rdx
        addq $8, %rax
        subl $1, ROUNDS
        jnz 1b

        SCALAR_EXIT(X9_SCRATCH)
ELF(.size _gcry_keccak_f1600_x9_avx2,.-_gcry_keccak_f1600_x9_avx2)

#undef STRIDE

/* Squeezing for the batch sponge: copy the first NLANES lanes of the
 * N instances (N = 4 or 8) of an N-way interleaved state to N output
 * buffers, little endian, lane i of instance j to OUT[j] + 8 i.  Four
 * lanes of four instances are one 4 x 4 transposition of qwords (four
 * loads, eight shuffles, four stores) where the portable copy takes 16
 * loads and 16 stores; the last NLANES mod 4 lanes go one by one.  An
 * 8-way state takes two passes, instances 0-3 and 4-7.  The lanes may
 * be secret (ML-DSA's ExpandS and ExpandMask): the ymm registers are
 * cleared on return.
 *
 * C prototype:
 *   void _gcry_keccak_lanes_out_avx2 (byte *const out[], const u64 *state,
 *                                     unsigned int n, unsigned int nlanes);
 * Registers: rdi out (advanced by 4 pointers per pass), rsi state
 * (advanced by 4 instances per pass), rdx the lane stride in bytes
 * (8 N), ecx NLANES, r13d the instances left; per pass r8-r11 the
 * output pointers, rbx the current lane, rax the output offset, r12d
 * a loop counter.  */

.text
.align 64
ELF(.type _gcry_keccak_lanes_out_avx2,@function)
.globl _gcry_keccak_lanes_out_avx2
_gcry_keccak_lanes_out_avx2:
        CFI_STARTPROC()
        pushq %rbx
        CFI_PUSH(%rbx)
        pushq %r12
        CFI_PUSH(%r12)
        pushq %r13
        CFI_PUSH(%r13)
        movl %edx, %r13d
        movl %edx, %edx
        shlq $3, %rdx
        movl %ecx, %ecx
    .Llo_pass:
        movq 0(%rdi), %r8
        movq 8(%rdi), %r9
        movq 16(%rdi), %r10
        movq 24(%rdi), %r11
        movq %rsi, %rbx
        xorl %eax, %eax
        movl %ecx, %r12d
        shrl $2, %r12d
        jz .Llo_tail
    .Llo_group:
        vmovdqu (%rbx), %ymm0
        vmovdqu (%rbx, %rdx), %ymm1
        vmovdqu (%rbx, %rdx, 2), %ymm2
        leaq (%rbx, %rdx, 2), %rbx
        vmovdqu (%rbx, %rdx), %ymm3
        leaq (%rbx, %rdx, 2), %rbx
        vpunpcklqdq %ymm1, %ymm0, %ymm4
        vpunpckhqdq %ymm1, %ymm0, %ymm5
        vpunpcklqdq %ymm3, %ymm2, %ymm6
        vpunpckhqdq %ymm3, %ymm2, %ymm7
        vperm2i128 $0x20, %ymm6, %ymm4, %ymm0
        vperm2i128 $0x20, %ymm7, %ymm5, %ymm1
        vperm2i128 $0x31, %ymm6, %ymm4, %ymm2
        vperm2i128 $0x31, %ymm7, %ymm5, %ymm3
        vmovdqu %ymm0, (%r8, %rax)
        vmovdqu %ymm1, (%r9, %rax)
        vmovdqu %ymm2, (%r10, %rax)
        vmovdqu %ymm3, (%r11, %rax)
        addq $32, %rax
        subl $1, %r12d
        jnz .Llo_group
    .Llo_tail:
        movl %ecx, %r12d
        andl $3, %r12d
        jz .Llo_next
    .Llo_lane:
        /* VEX forms: a legacy SSE movq here, with the upper halves of
         * the ymm registers dirty from the loop above, cost about 300
         * cycles per pass on a Sapphire Rapids (AVX-SSE transition);
         * tests/t-asm-vex.sh keeps legacy SSE out of these files.  */
        vmovq 0(%rbx), %xmm0
        vmovq %xmm0, (%r8, %rax)
        vmovq 8(%rbx), %xmm0
        vmovq %xmm0, (%r9, %rax)
        vmovq 16(%rbx), %xmm0
        vmovq %xmm0, (%r10, %rax)
        vmovq 24(%rbx), %xmm0
        vmovq %xmm0, (%r11, %rax)
        addq %rdx, %rbx
        addq $8, %rax
        subl $1, %r12d
        jnz .Llo_lane
    .Llo_next:
        subl $4, %r13d
        jz .Llo_done
        addq $32, %rdi
        addq $32, %rsi
        jmp .Llo_pass
    .Llo_done:
        vzeroall
        popq %r13
        CFI_POP(%r13)
        popq %r12
        CFI_POP(%r12)
        popq %rbx
        CFI_POP(%rbx)
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_keccak_lanes_out_avx2,.-_gcry_keccak_lanes_out_avx2)

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
