/* sha512-transform-amd64-avx2.S - SHA-512 compression, AVX2 and BMI2
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

/* Algorithm: the SHA-512 compression function (FIPS 180-4, Section
 * 6.4.2) on NBLOCKS consecutive 128-byte blocks; SHA-384 and
 * SHA-512/t share it (they differ in the initial value only).
 *
 * Blocks are taken in pairs.  The message schedule (step 1) of both
 * blocks of a pair is computed at once with AVX2: ymm register X_j
 * holds W[2j], W[2j+1] of the first block in its low 128-bit lane and
 * of the second block in the high lane.  Two new words per block,
 *   W[t..t+1] = sigma1 (W[t-2..t-1]) + W[t-7..t-6]
 *               + sigma0 (W[t-15..t-14]) + W[t-16..t-15],   t = 2j,
 * depend only on older words, and the odd-aligned pairs are one
 * vpalignr within each lane.  X_j replaces X_{j-8} in a ring of eight
 * registers.  W[t] + K[t] of both blocks is stored on the stack, and
 * the 80 rounds (step 3) of each block run on general registers with
 * the BMI2 rotations rorx and andn, reading W[t] + K[t] from memory.
 * One schedule step (two words of both blocks) follows every second
 * round of the first 64 rounds of the first block, 14 rounds before
 * its words are used, so the vector units work while the integer
 * units do the rounds.  When another pair of two blocks follows, its
 * X_0 .. X_7 are loaded and their W + K stored the same way during
 * the last 16 rounds of the second block, whose first 16 words are
 * dead by then: the next pair starts without waiting for its loads
 * (about 9 cycles per block on Zen 5).  If NBLOCKS is odd, the first
 * block is paired with itself, and only its first copy hashed; the
 * rest are whole pairs.  (A lone last block instead cost about 200
 * cycles more on Zen 5 after a pair that had loaded its successor,
 * for a reason we did not find.)
 *
 * The round keeps both dependency chains at four cycles (e to the
 * new e through Sigma1: rorx, xor, xor, add; a to the new a the same
 * through Sigma0) with as few ALU instructions as that allows: on
 * AMD Zen 5 the rounds are bound by ALU throughput and scheduling,
 * not by latency: one ALU instruction fewer per round (25 -> 24)
 * takes the rounds alone from 5.5 to 5.05 cycles.  With
 * Ch (e, f, g) = (e & f) + (~e & g) and
 * Maj (a, b, c) = (b & c) + (a & (b ^ c)) (the two terms of each have
 * no common bits, so + is |), the new e is accumulated in d,
 *   d' = d + (W[t] + K[t]) + h + (~e & g) + (e & f) + Sigma1 (e),
 * and the new a = T1 + T2 is taken as d' - d + T2, so that T1 is
 * summed only once and the old h is dead after its addition to d:
 *   h' = (b & c) - d + (a & (b ^ c)) + d' + Sigma0 (a),
 * each sum in the order its terms become ready.  b ^ c is the a ^ b
 * of the previous round, carried in a register, and
 * b & c = andn (b ^ c, b) is written straight into h.  Six rorx, 18
 * other ALU instructions and three register moves (which the renamer
 * eliminates).  The working variables are renamed instead of moved
 * (the macro arguments rotate), as in the C code.
 *
 * Register plan:
 *   r8-r15      the working variables a..h (renamed every round)
 *   rax, rbx    round temporaries
 *   rbp         the old d during a round
 *   rcx, rdx    a ^ b of this round and b ^ c (alternating)
 *   rdi         the round constants K (schedule, loads), or the end
 *               of a loop of rounds
 *   rsi         W + K of the block being hashed (stack); the data of
 *               the next pair during the last 16 rounds of a pair
 *   ymm0-ymm7   the schedule ring X_j
 *   ymm8-ymm12  schedule temporaries
 *   ymm13       vpshufb mask: big-endian qwords
 *   ymm14       K[2j], K[2j+1] in both lanes
 *
 * Stack: 1280 bytes of W + K (16-byte aligned) and five saved
 * values (the arguments, the blocks left in this pair); the W + K
 * area is zeroed and all ymm registers are cleared (vzeroall) before
 * return.  Saves and restores rbx, rbp, r12-r15.
 *
 * Requires: AVX2 and BMI2 (HWF_INTEL_AVX2, HWF_INTEL_BMI2).
 *
 * C prototype:
 *   void _gcry_sha512_transform_amd64_avx2 (u64 state[8],
 *                                           const byte *data,
 *                                           size_t nblocks,
 *                                           const u64 k[80]);
 * NBLOCKS may be 0.  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX2_SUPPORT)))

/* Stack frame.  */
#define WK_SIZE      1280       /* 2 blocks x 80 words x 8 bytes.  */
#define SAVE_DATA    (WK_SIZE + 0)
#define SAVE_NBLOCKS (WK_SIZE + 8)
#define SAVE_K       (WK_SIZE + 16)
#define SAVE_NHASH   (WK_SIZE + 24)
#define SAVE_STATE   (WK_SIZE + 32)
#define FRAME_SIZE   (WK_SIZE + 40)  /* 8 mod 16: aligns rsp to 16.  */

#define T0   %rax
#define T1   %rbx
#define T2   %rbp

#define YT0  %ymm8
#define YT1  %ymm9
#define YT2  %ymm10
#define YT3  %ymm11
#define YT4  %ymm12
#define BSWAP %ymm13
#define YK   %ymm14

/* One round (FIPS 180-4, 6.4.2 step 3) with W[t] + K[t] at WK:
   H becomes the new a and D the new e; the new a is taken as
   new e - old d + T2 (see the header).  AB receives a ^ b, BC holds
   b ^ c on entry.  T2 keeps the old d.  */
#define ROUND(a, b, c, d, e, f, g, h, wk, ab, bc)       \
        movq d, T2;             /* old d */             \
        addq wk, d;                                     \
        rorx $14, e, T0;                                \
        andn g, e, T1;          /* ~e & g */            \
        addq h, d;                                      \
        addq T1, d;                                     \
        rorx $18, e, T1;                                \
        xorq T1, T0;                                    \
        movq f, T1;                                     \
        andq e, T1;             /* e & f */             \
        addq T1, d;                                     \
        rorx $41, e, T1;                                \
        xorq T1, T0;            /* Sigma1 (e) */        \
        andn b, bc, h;          /* b & c */             \
        addq T0, d;             /* new e */             \
        subq T2, h;                                     \
        movq a, ab;                                     \
        xorq b, ab;                                     \
        andq a, bc;                                     \
        addq bc, h;             /* + (a & (b ^ c)) */   \
        rorx $28, a, T0;                                \
        rorx $34, a, T1;                                \
        xorq T1, T0;                                    \
        rorx $39, a, T1;                                \
        xorq T1, T0;            /* Sigma0 (a) */        \
        addq d, h;                                      \
        addq T0, h;

#define ROUNDS8(t)                                                      \
        ROUND (%r8,  %r9,  %r10, %r11, %r12, %r13, %r14, %r15,          \
               (8 * ((t) + 0))(%rsi), %rcx, %rdx)                       \
        ROUND (%r15, %r8,  %r9,  %r10, %r11, %r12, %r13, %r14,          \
               (8 * ((t) + 1))(%rsi), %rdx, %rcx)                       \
        ROUND (%r14, %r15, %r8,  %r9,  %r10, %r11, %r12, %r13,          \
               (8 * ((t) + 2))(%rsi), %rcx, %rdx)                       \
        ROUND (%r13, %r14, %r15, %r8,  %r9,  %r10, %r11, %r12,          \
               (8 * ((t) + 3))(%rsi), %rdx, %rcx)                       \
        ROUND (%r12, %r13, %r14, %r15, %r8,  %r9,  %r10, %r11,          \
               (8 * ((t) + 4))(%rsi), %rcx, %rdx)                       \
        ROUND (%r11, %r12, %r13, %r14, %r15, %r8,  %r9,  %r10,          \
               (8 * ((t) + 5))(%rsi), %rdx, %rcx)                       \
        ROUND (%r10, %r11, %r12, %r13, %r14, %r15, %r8,  %r9,           \
               (8 * ((t) + 6))(%rsi), %rcx, %rdx)                       \
        ROUND (%r9,  %r10, %r11, %r12, %r13, %r14, %r15, %r8,           \
               (8 * ((t) + 7))(%rsi), %rdx, %rcx)

/* Store W + K of X (words 2j, 2j+1 of both blocks, with K[2j],
   K[2j+1] at the memory operand KMEM): block 0 at OFF(BASE), block 1
   640 bytes further.  */
#define STORE_WK(kmem, off, base, x)                    \
        vbroadcasti128 kmem, YK;                        \
        vpaddq YK, x, YT0;                              \
        vmovdqa %xmm8, off(base);                       \
        vextracti128 $1, YT0, (640 + (off))(base);

/* Load X_j from the two blocks at rsi and rdx, byte-swapped, and
   store its W + K (K at rdi).  */
#define LOAD_X(j, x, xx)                                \
        vmovdqu (16 * (j))(%rsi), xx;                   \
        vinserti128 $1, (16 * (j))(%rdx), x, x;         \
        vpshufb BSWAP, x, x;                            \
        STORE_WK ((16 * (j))(%rdi), 16 * (j), %rsp, x)

/* LOAD_X as a step of ROUNDS16_WITH, for the next pair, two whole
   blocks at rsi, during the last rounds of the current one.  The low
   lane is loaded with 32 bytes, the high half being replaced; for
   j = 7 they reach into the second block.  */
#define LOAD_NEXT(j, x, xm1, xm3, xm4, xm7)             \
        vmovdqu (16 * (j))(%rsi), x;                    \
        vinserti128 $1, (128 + 16 * (j))(%rsi), x, x;   \
        vpshufb BSWAP, x, x;                            \
        STORE_WK ((16 * (j))(%rdi), 16 * (j), %rsp, x)

/* Schedule step j = 8 + 8i + M in iteration i of the loop over
   rounds 16i .. 16i+15 (rsi at W + K of round 16i, rdi at K[16i+16]):
   X_j from the ring, XM1 = X_{j-1}, XM3 = X_{j-3}, XM4 = X_{j-4},
   XM7 = X_{j-7}, X = X_{j-8} (overwritten by X_j).  Its W + K goes 16
   rounds ahead of rsi.  */
#define SCHED(m, x, xm1, xm3, xm4, xm7)                 \
        /* sigma0 (W[t-15..t-14]) */                    \
        vpalignr $8, x, xm7, YT0;                       \
        vpsrlq $1, YT0, YT1;                            \
        vpsllq $63, YT0, YT2;                           \
        vpsrlq $7, YT0, YT3;                            \
        vpxor YT1, YT2, YT2;                            \
        vpshufb .Lsha512_ror8_mask rRIP, YT0, YT0;      \
        vpxor YT3, YT2, YT2;                            \
        vpxor YT0, YT2, YT2;                            \
        vpaddq YT2, x, x;                               \
        /* + W[t-7..t-6] */                             \
        vpalignr $8, xm4, xm3, YT0;                     \
        vpaddq YT0, x, x;                               \
        /* + sigma1 (W[t-2..t-1]) */                    \
        vpsrlq $19, xm1, YT1;                           \
        vpsllq $45, xm1, YT2;                           \
        vpsrlq $61, xm1, YT3;                           \
        vpsllq $3, xm1, YT4;                            \
        vpxor YT1, YT2, YT2;                            \
        vpsrlq $6, xm1, YT0;                            \
        vpxor YT3, YT4, YT4;                            \
        vpxor YT0, YT2, YT2;                            \
        vpxor YT4, YT2, YT2;                            \
        vpaddq YT2, x, x;                               \
        STORE_WK ((16 * (m))(%rdi), 128 + 16 * (m), %rsi, x)

/* Sixteen rounds (W + K at DISP(BASE)), every second one followed
   by vector step M = 0 .. 7 around the ring (STEP is SCHED or
   LOAD_NEXT): the vector units work while the integer units do the
   rounds.  In the first block of a pair, schedule step j comes 14
   rounds before round 2j.  The rounds are a loop of such groups
   rather than unrolled, so that the code stays in the op cache.  */
#define ROUNDS16_WITH(STEP, DISP, BASE) \
        ROUND (%r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, \
               ((DISP) + 8 * 0)(BASE), %rcx, %rdx) \
        ROUND (%r15, %r8, %r9, %r10, %r11, %r12, %r13, %r14, \
               ((DISP) + 8 * 1)(BASE), %rdx, %rcx) \
        STEP (0, %ymm0, %ymm7, %ymm5, %ymm4, %ymm1) \
        ROUND (%r14, %r15, %r8, %r9, %r10, %r11, %r12, %r13, \
               ((DISP) + 8 * 2)(BASE), %rcx, %rdx) \
        ROUND (%r13, %r14, %r15, %r8, %r9, %r10, %r11, %r12, \
               ((DISP) + 8 * 3)(BASE), %rdx, %rcx) \
        STEP (1, %ymm1, %ymm0, %ymm6, %ymm5, %ymm2) \
        ROUND (%r12, %r13, %r14, %r15, %r8, %r9, %r10, %r11, \
               ((DISP) + 8 * 4)(BASE), %rcx, %rdx) \
        ROUND (%r11, %r12, %r13, %r14, %r15, %r8, %r9, %r10, \
               ((DISP) + 8 * 5)(BASE), %rdx, %rcx) \
        STEP (2, %ymm2, %ymm1, %ymm7, %ymm6, %ymm3) \
        ROUND (%r10, %r11, %r12, %r13, %r14, %r15, %r8, %r9, \
               ((DISP) + 8 * 6)(BASE), %rcx, %rdx) \
        ROUND (%r9, %r10, %r11, %r12, %r13, %r14, %r15, %r8, \
               ((DISP) + 8 * 7)(BASE), %rdx, %rcx) \
        STEP (3, %ymm3, %ymm2, %ymm0, %ymm7, %ymm4) \
        ROUND (%r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, \
               ((DISP) + 8 * 8)(BASE), %rcx, %rdx) \
        ROUND (%r15, %r8, %r9, %r10, %r11, %r12, %r13, %r14, \
               ((DISP) + 8 * 9)(BASE), %rdx, %rcx) \
        STEP (4, %ymm4, %ymm3, %ymm1, %ymm0, %ymm5) \
        ROUND (%r14, %r15, %r8, %r9, %r10, %r11, %r12, %r13, \
               ((DISP) + 8 * 10)(BASE), %rcx, %rdx) \
        ROUND (%r13, %r14, %r15, %r8, %r9, %r10, %r11, %r12, \
               ((DISP) + 8 * 11)(BASE), %rdx, %rcx) \
        STEP (5, %ymm5, %ymm4, %ymm2, %ymm1, %ymm6) \
        ROUND (%r12, %r13, %r14, %r15, %r8, %r9, %r10, %r11, \
               ((DISP) + 8 * 12)(BASE), %rcx, %rdx) \
        ROUND (%r11, %r12, %r13, %r14, %r15, %r8, %r9, %r10, \
               ((DISP) + 8 * 13)(BASE), %rdx, %rcx) \
        STEP (6, %ymm6, %ymm5, %ymm3, %ymm2, %ymm7) \
        ROUND (%r10, %r11, %r12, %r13, %r14, %r15, %r8, %r9, \
               ((DISP) + 8 * 14)(BASE), %rcx, %rdx) \
        ROUND (%r9, %r10, %r11, %r12, %r13, %r14, %r15, %r8, \
               ((DISP) + 8 * 15)(BASE), %rdx, %rcx) \
        STEP (7, %ymm7, %ymm6, %ymm4, %ymm3, %ymm0)

/* Sixteen rounds without schedule work (W + K at rsi).  */
#define ROUNDS16                                                        \
        ROUNDS8 (0)                                                     \
        ROUNDS8 (8)

/* The feed-forward into the chaining value.  */
#define FEED                                                            \
        movq SAVE_STATE(%rsp), %rax;                                    \
        addq 0(%rax), %r8;                                              \
        addq 8(%rax), %r9;                                              \
        addq 16(%rax), %r10;                                            \
        addq 24(%rax), %r11;                                            \
        addq 32(%rax), %r12;                                            \
        addq 40(%rax), %r13;                                            \
        addq 48(%rax), %r14;                                            \
        addq 56(%rax), %r15;                                            \
        movq %r8, 0(%rax);                                              \
        movq %r9, 8(%rax);                                              \
        movq %r10, 16(%rax);                                            \
        movq %r11, 24(%rax);                                            \
        movq %r12, 32(%rax);                                            \
        movq %r13, 40(%rax);                                            \
        movq %r14, 48(%rax);                                            \
        movq %r15, 56(%rax);

.text

.align 16
ELF(.type _gcry_sha512_transform_amd64_avx2,@function)
.globl _gcry_sha512_transform_amd64_avx2
_gcry_sha512_transform_amd64_avx2:
        /* input:
         *      %rdi: state, %rsi: data, %rdx: nblocks, %rcx: K[80]
         */
        CFI_STARTPROC()
        testq %rdx, %rdx
        jz .Lsha512_ret

        pushq %rbx
        CFI_PUSH(%rbx)
        pushq %r12
        CFI_PUSH(%r12)
        pushq %r13
        CFI_PUSH(%r13)
        pushq %r14
        CFI_PUSH(%r14)
        pushq %r15
        CFI_PUSH(%r15)
        pushq %rbp
        CFI_PUSH(%rbp)
        subq $FRAME_SIZE, %rsp
        CFI_ADJUST_CFA_OFFSET(FRAME_SIZE)

        movq %rdi, SAVE_STATE(%rsp)
        movq %rsi, SAVE_DATA(%rsp)
        movq %rdx, SAVE_NBLOCKS(%rsp)
        movq %rcx, SAVE_K(%rsp)
        vmovdqa .Lsha512_bswap_mask rRIP, BSWAP

        movq 0(%rdi), %r8
        movq 8(%rdi), %r9
        movq 16(%rdi), %r10
        movq 24(%rdi), %r11
        movq 32(%rdi), %r12
        movq 40(%rdi), %r13
        movq 48(%rdi), %r14
        movq 56(%rdi), %r15

.align 16
.Lsha512_pair:
        /* rsi: first block, rdx: second block (the first again if
           the number of blocks left is odd); SAVE_NHASH: blocks of
           this pair.  */
        movq SAVE_DATA(%rsp), %rsi
        movq SAVE_K(%rsp), %rdi
        movq $1, %rax
        leaq 128(%rsi), %rdx
        testq $1, SAVE_NBLOCKS(%rsp)
        cmovnzq %rsi, %rdx
        jnz 1f
        movq $2, %rax
1:      movq %rax, SAVE_NHASH(%rsp)
        subq %rax, SAVE_NBLOCKS(%rsp)
        shlq $7, %rax
        addq %rax, SAVE_DATA(%rsp)

        LOAD_X (0, %ymm0, %xmm0)
        LOAD_X (1, %ymm1, %xmm1)
        LOAD_X (2, %ymm2, %xmm2)
        LOAD_X (3, %ymm3, %xmm3)
        LOAD_X (4, %ymm4, %xmm4)
        LOAD_X (5, %ymm5, %xmm5)
        LOAD_X (6, %ymm6, %xmm6)
        LOAD_X (7, %ymm7, %xmm7)

        /* First block, rounds 0 .. 63 with the rest of the schedule
           of both; X_0 .. X_7 and their W + K are in place.  */
.Lsha512_loaded:
        movq %rsp, %rsi
        movq SAVE_K(%rsp), %rdi
        addq $128, %rdi
        movq %r9, %rdx
        xorq %r10, %rdx         /* b ^ c */
.align 16
.Lsha512_sched_loop:
        ROUNDS16_WITH (SCHED, 0, %rsi)
        addq $128, %rsi
        addq $128, %rdi
        leaq 512(%rsp), %rax
        cmpq %rax, %rsi
        jb .Lsha512_sched_loop

        /* Rounds without schedule work up to rdi: 64 .. 79 of the
           first block, then those of the second up to 63 if a whole
           pair follows, else up to 79.  */
        leaq 640(%rsp), %rdi
.align 16
.Lsha512_rounds_loop:
        ROUNDS16
        addq $128, %rsi
        cmpq %rdi, %rsi
        jb .Lsha512_rounds_loop
        leaq 1152(%rsp), %rax
        cmpq %rax, %rsi
        je .Lsha512_load_next
        FEED

        /* rsi at 640 (the W + K of the second block) if this was the
           first block; then the second, if any.  */
        leaq 640(%rsp), %rax
        cmpq %rax, %rsi
        jne 3f
        cmpq $1, SAVE_NHASH(%rsp)
        je 3f
        leaq 1280(%rsp), %rdi
        leaq 1152(%rsp), %rax
        cmpq $2, SAVE_NBLOCKS(%rsp)
        cmovaeq %rax, %rdi
        movq %r9, %rdx
        xorq %r10, %rdx
        jmp .Lsha512_rounds_loop
3:
        cmpq $0, SAVE_NBLOCKS(%rsp)
        jne .Lsha512_pair
        jmp .Lsha512_done

        /* Rounds 64 .. 79 of the second block with the loads of the
           next pair, which has two blocks: the first 16 words of both
           blocks are dead by now, and so is the ring.  */
.align 16
.Lsha512_load_next:
        movq SAVE_DATA(%rsp), %rsi
        movq SAVE_K(%rsp), %rdi
        ROUNDS16_WITH (LOAD_NEXT, 1152, %rsp)
        FEED
        addq $256, SAVE_DATA(%rsp)
        subq $2, SAVE_NBLOCKS(%rsp)
        jmp .Lsha512_loaded

.Lsha512_done:

        /* Wipe W + K and the vector registers.  */
        vpxor %ymm0, %ymm0, %ymm0
        xorl %eax, %eax
2:      vmovdqu %ymm0, 0(%rsp, %rax)
        addq $32, %rax
        cmpq $WK_SIZE, %rax
        jb 2b
        vzeroall
        xorl %eax, %eax
        xorl %ecx, %ecx
        xorl %edx, %edx

        addq $FRAME_SIZE, %rsp
        CFI_ADJUST_CFA_OFFSET(-FRAME_SIZE)
        popq %rbp
        CFI_POP(%rbp)
        popq %r15
        CFI_POP(%r15)
        popq %r14
        CFI_POP(%r14)
        popq %r13
        CFI_POP(%r13)
        popq %r12
        CFI_POP(%r12)
        popq %rbx
        CFI_POP(%rbx)
.Lsha512_ret:
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_sha512_transform_amd64_avx2,.-_gcry_sha512_transform_amd64_avx2)

ELF(.section .rodata)
.align 32
/* vpshufb controls: reverse the bytes of each qword; rotate each
   qword right by 8 bits (result byte k takes source byte k + 1).  */
.Lsha512_bswap_mask:
        .byte 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
        .byte 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
.Lsha512_ror8_mask:
        .byte 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
        .byte 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8

#endif /* __x86_64__ && ENABLE_AVX2_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
