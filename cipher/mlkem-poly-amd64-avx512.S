/* mlkem-poly-amd64-avx512.S - ML-KEM base multiplication, AVX-512
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

/* Algorithm: the coefficient-wise kernels of mlkem-ops.h on 32 int16_t
 * lanes at a time, computing exactly what the portable kernels
 * (cipher/mlkem-poly-generic.c) compute, so results are bit-identical:
 *
 *  - basemul_acc: MultiplyNTTs (FIPS 203 Algorithm 11) with
 *    BaseCaseMultiply (Algorithm 12) summed over K <= 4 operand pairs
 *    in 32 bits, then one Montgomery reduction.  In the standard order
 *    a dword of A holds (a_2i, a_2i+1), so vpmaddwd with the dword
 *    (b_2i, b_2i+1 * gamma_i) gives c_2i and vpmaddwd with
 *    (b_2i+1, b_2i) gives c_2i+1 in 32-bit lanes.  One vpermt2w
 *    merges the cached b_2i+1 * gamma_i (the portable mulcache format,
 *    128 int16_t) into the odd words of B.  Bound: |a| <= 4095,
 *    |b|, |b*gamma| < q, at most 2K = 8 products per sum: below
 *    2^15 q, so the Montgomery reduction
 *    hi(S) - mulhi (lo(S) * q^-1 mod 2^16, q), the portable
 *    montgomery_reduce, yields |r_i| < q; two word permutations of
 *    the even and odd sums give lo(S) and hi(S) in coefficient
 *    order.
 *  - mulcache_compute: b_2i+1 * gamma_i (Montgomery multiplication)
 *    after gathering the odd coefficients with one vpermi2w.
 *    Out: |c_i| < 0.75 q.
 *  - cbd_eta2, cbd_eta3: SamplePolyCBD_2 and _3 (FIPS 203 Algorithm
 *    8), 128 resp. 64 coefficients per iteration (see the functions).
 *
 * reduce and tomont stay with the AVX2 kernels: on the whole polynomial
 * they take about 10 ns, and 32-lane versions measured no faster.
 *
 * Layout: standard coefficient order of mlkem-ops.h; arrays need no
 * alignment (unaligned loads and stores only).
 *
 * Register plan:
 *   basemul_acc: zmm0-zmm3 32-bit sums of two 32-lane blocks,
 *     zmm4-zmm11 operands and products, zmm12 the word-swap control,
 *     zmm13 q^-1, zmm14 the cache-merge control, zmm15 q, zmm16 and
 *     zmm17 the low- and high-word controls; rdi R, rsi A, rdx B,
 *     rcx BC, r8d K, rax block offset, r9d operand counter, r10/r11
 *     operand offsets.
 *   mulcache: zmm0-zmm2 data, zmm3 temporary, zmm14 the odd-word
 *     control, zmm15 q; rdi C, rsi B, rdx the gamma table, eax counter.
 * No stack is used; only caller-saved registers are touched.  On exit
 * the vector registers used are cleared (they held secret values or
 * were derived from them), and vzeroupper ends the AVX-512 code.
 *
 * Constant time: the only branches are on loop counters and on K,
 * which is public (the module rank); no data-dependent addresses.
 *
 * Requires: AVX-512 F and BW (HWF_INTEL_AVX512, which also implies VL
 * and DQ).
 *
 * C prototypes (cipher/mlkem-avx512.h):
 *   void _gcry_mlkem_basemul_acc_avx512 (s16 r[256], const s16 *a,
 *                                        const s16 *b, const s16 *bc,
 *                                        unsigned int k);
 *     A, B: K polynomials of 256 coefficients each, back to back;
 *     BC: K mulcaches of 128 entries each, back to back.
 *   void _gcry_mlkem_mulcache_avx512 (s16 c[128], const s16 b[256],
 *                                     const s16 gammas[4][2][32]);
 *   void _gcry_mlkem_cbd_eta2_avx512 (s16 r[256], const byte buf[128]);
 *   void _gcry_mlkem_cbd_eta3_avx512 (s16 r[256], const byte buf[192]);  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"
#include "mlkem-cbd-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX512_SUPPORT) \
            && defined(HAVE_GCC_INLINE_ASM_AVX512)))

#define QV     %zmm15
#define QINV   %zmm13
#define SWAPM  %zmm12
#define UYMM(n) %ymm##n
#define UZMM(n) %zmm##n
#define MERGEM %zmm14
#define LOW_WORDS %zmm16
#define HIGH_WORDS %zmm17

/* A = A * C (Montgomery); CM = C, CQ = C * q^-1 mod 2^16 (registers
 * or memory operands).  */
#define FQMUL(a, t, cm, cq) \
        vpmullw cq, a, t; \
        vpmulhw cm, a, a; \
        vpmulhw QV, t, t; \
        vpsubw t, a, a;

/* One operand pair of basemul_acc for the 32-lane block at byte
 * offset OFF of the operands at %rsi/%rdx + %r10 and of the cache at
 * %rcx + %r11 (+ OFF/2): accumulate the even sums into E and the odd
 * sums into O.  U is a register number: the 16 cache entries are
 * loaded into its ymm half (a 32-byte load, so the last cache is never
 * overread) and used as the second vpermt2w operand.  */
#define BASEMUL_BLOCK(off, e, o, x, y, u, w) \
        vmovdqu64 (off)(%rdx, %r10), y; \
        vmovdqu ((off) / 2)(%rcx, %r11), UYMM(u); \
        vmovdqu64 (off)(%rsi, %r10), x; \
        vpshufb SWAPM, y, w; \
        vpermt2w UZMM(u), MERGEM, y; \
        vpmaddwd y, x, y; \
        vpmaddwd w, x, w; \
        vpaddd y, e, e; \
        vpaddd w, o, o;

/* Montgomery reduction of the even sums E and odd sums O of one block
 * into 32 coefficients in standard order (low words of both sums
 * interleaved into LO, high words into E), stored at byte offset OFF
 * of R + %rax.  */
#define BASEMUL_REDUCE(off, e, o, lo, hi) \
        vmovdqa64 LOW_WORDS, lo; \
        vpermi2w o, e, lo; \
        vpermt2w o, HIGH_WORDS, e; \
        vpmullw QINV, lo, lo; \
        vpmulhw QV, lo, lo; \
        vpsubw lo, e, hi; \
        vmovdqu64 hi, (off)(%rdi, %rax);

/* Clear the vector registers and leave AVX-512 state.  */
#define CLEANUP \
        CLEAR_YMM0_15() \
        vzeroupper;

.text

/* void _gcry_mlkem_basemul_acc_avx512 (s16 r[256], const s16 *a,
 *                                      const s16 *b, const s16 *bc,
 *                                      unsigned int k);  */
.align 16
ELF(.type _gcry_mlkem_basemul_acc_avx512,@function)
.globl _gcry_mlkem_basemul_acc_avx512
_gcry_mlkem_basemul_acc_avx512:
        CFI_STARTPROC()
        vmovdqa64 .Lq rRIP, QV
        vmovdqa64 .Lqinv rRIP, QINV
        vmovdqa64 .Lswap_words rRIP, SWAPM
        vmovdqa64 .Lmerge_cache rRIP, MERGEM
        vmovdqa64 .Llow_words rRIP, LOW_WORDS
        vmovdqa64 .Lhigh_words rRIP, HIGH_WORDS
        xorl %eax, %eax
        /* Outer loop: 64 coefficients (two blocks) per iteration.  */
.align 16
.Lbasemul_outer:
        vpxord %zmm0, %zmm0, %zmm0
        vpxord %zmm1, %zmm1, %zmm1
        vpxord %zmm2, %zmm2, %zmm2
        vpxord %zmm3, %zmm3, %zmm3
        movq %rax, %r10
        movq %rax, %r11
        shrq $1, %r11
        movl %r8d, %r9d
        /* Inner loop: operand pairs j = 0..K-1.  */
.Lbasemul_inner:
        BASEMUL_BLOCK(0, %zmm0, %zmm1, %zmm4, %zmm5, 6, %zmm7)
        BASEMUL_BLOCK(64, %zmm2, %zmm3, %zmm8, %zmm9, 10, %zmm11)
        addq $512, %r10
        addq $256, %r11
        subl $1, %r9d
        jnz .Lbasemul_inner

        BASEMUL_REDUCE(0, %zmm0, %zmm1, %zmm4, %zmm5)
        BASEMUL_REDUCE(64, %zmm2, %zmm3, %zmm6, %zmm7)
        addq $128, %rax
        cmpq $512, %rax
        jb .Lbasemul_outer

        vpxord %ymm16, %ymm16, %ymm16
        vpxord %ymm17, %ymm17, %ymm17
        CLEANUP
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_basemul_acc_avx512,.-_gcry_mlkem_basemul_acc_avx512)


/* void _gcry_mlkem_mulcache_avx512 (s16 c[128], const s16 b[256],
 *                                   const s16 gammas[4][2][32]);
 * c_i = b_2i+1 * gamma_i (Montgomery).  */
.align 16
ELF(.type _gcry_mlkem_mulcache_avx512,@function)
.globl _gcry_mlkem_mulcache_avx512
_gcry_mlkem_mulcache_avx512:
        CFI_STARTPROC()
        vmovdqa64 .Lq rRIP, QV
        vmovdqa64 .Lodd_words rRIP, %zmm14
        movl $4, %eax
.align 16
.Lmulcache_loop:
        /* The odd coefficients of 32 pairs.  */
        vmovdqu64 (%rsi), %zmm0
        vmovdqa64 %zmm14, %zmm2
        vpermi2w 64(%rsi), %zmm0, %zmm2
        FQMUL(%zmm2, %zmm3, (%rdx), 64(%rdx))
        vmovdqu64 %zmm2, (%rdi)
        addq $128, %rsi
        addq $128, %rdx
        addq $64, %rdi
        subl $1, %eax
        jnz .Lmulcache_loop

        CLEANUP
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_mulcache_avx512,.-_gcry_mlkem_mulcache_avx512)


/* void _gcry_mlkem_cbd_eta2_avx512 (s16 r[256], const byte buf[128]);
 * SamplePolyCBD_2 as the AVX2 kernel computes it, 64 bytes (128
 * coefficients) per iteration: d = (x & 0x55) + ((x >> 1) & 0x55)
 * holds four 2-bit sums per byte, e = (d & 0x33) + 0x22 -
 * ((d >> 2) & 0x33) the two differences plus 2 in its nibbles (no
 * borrow); the nibbles, less 2, become signed bytes (the word shifts
 * move bits across bytes only where they are masked off).
 * vpunpck[lh]bw interleave them in coefficient order within each
 * 128-bit lane (lane L: coefficients 32L..32L+15, resp. 32L+16..31),
 * one vpermi2q per 64 coefficients puts the lanes in order, and
 * vpmovsxbw widens 32 at a time.  Clobbers zmm0-zmm14.  */
.align 16
ELF(.type _gcry_mlkem_cbd_eta2_avx512,@function)
.globl _gcry_mlkem_cbd_eta2_avx512
_gcry_mlkem_cbd_eta2_avx512:
        CFI_STARTPROC()
        vpbroadcastd .Lcbd_b55 rRIP, %zmm8
        vpbroadcastd .Lcbd_b33 rRIP, %zmm9
        vpbroadcastd .Lcbd_b22 rRIP, %zmm10
        vpbroadcastd .Lcbd_b0f rRIP, %zmm11
        vpbroadcastd .Lcbd_b02 rRIP, %zmm12
        vmovdqa64 .Lcbd_lanes_lo rRIP, %zmm13
        vmovdqa64 .Lcbd_lanes_hi rRIP, %zmm14
        movl $2, %eax
.align 16
.Lcbd2_loop:
        vmovdqu64 (%rsi), %zmm0
        CBD2_NIBBLES(vpandq, %zmm0, %zmm1, %zmm8, %zmm9, %zmm10, %zmm11)
        vpsubb %zmm12, %zmm0, %zmm0
        vpsubb %zmm12, %zmm1, %zmm1
        vpunpcklbw %zmm1, %zmm0, %zmm2
        vpunpckhbw %zmm1, %zmm0, %zmm3
        vmovdqa64 %zmm13, %zmm4
        vpermi2q %zmm3, %zmm2, %zmm4
        vmovdqa64 %zmm14, %zmm5
        vpermi2q %zmm3, %zmm2, %zmm5
        vpmovsxbw %ymm4, %zmm0
        vextracti64x4 $1, %zmm4, %ymm1
        vpmovsxbw %ymm1, %zmm1
        vpmovsxbw %ymm5, %zmm2
        vextracti64x4 $1, %zmm5, %ymm3
        vpmovsxbw %ymm3, %zmm3
        vmovdqu64 %zmm0, (%rdi)
        vmovdqu64 %zmm1, 64(%rdi)
        vmovdqu64 %zmm2, 128(%rdi)
        vmovdqu64 %zmm3, 192(%rdi)
        addq $64, %rsi
        addq $256, %rdi
        subl $1, %eax
        jnz .Lcbd2_loop

        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_cbd_eta2_avx512,.-_gcry_mlkem_cbd_eta2_avx512)

/* void _gcry_mlkem_cbd_eta3_avx512 (s16 r[256], const byte buf[192]);
 * SamplePolyCBD_3 as the AVX2 kernel computes it, 48 bytes (64
 * coefficients) per iteration: the four 128-bit lanes get bytes
 * 0..15, 8..23, 24..39 and 32..47 (four 16-byte loads, so nothing
 * past BUF is read), vpshufb spreads each 3-byte group to a dword t
 * (the AVX2 control twice), d = sum of (t >> s) & 0x249249 for
 * s = 0, 1, 2 holds eight 3-bit sums, h = (d & 0x1c71c7) + 0x0c30c3 -
 * ((d >> 3) & 0x1c71c7) the four differences plus 3 in 6-bit slots
 * (no borrow); the slots go to words (two coefficients per dword in
 * E and F), E and F are interleaved by dwords, one vpermi2q per 32
 * coefficients puts the lanes in order, and the offset 3 is removed.
 * Clobbers zmm0-zmm15.  */
.align 16
ELF(.type _gcry_mlkem_cbd_eta3_avx512,@function)
.globl _gcry_mlkem_cbd_eta3_avx512
_gcry_mlkem_cbd_eta3_avx512:
        CFI_STARTPROC()
        vbroadcasti64x4 .Lcbd3_shuf512 rRIP, %zmm8
        vpbroadcastd .Lcbd3_d249249 rRIP, %zmm9
        vpbroadcastd .Lcbd3_d1c71c7 rRIP, %zmm10
        vpbroadcastd .Lcbd3_d0c30c3 rRIP, %zmm11
        vpbroadcastd .Lcbd3_d3f rRIP, %zmm12
        vpslld $16, %zmm12, %zmm13
        vpbroadcastd .Lcbd3_w3 rRIP, %zmm14
        vmovdqa64 .Lcbd_lanes_lo rRIP, %zmm15
        movl $4, %eax
.align 16
.Lcbd3_loop:
        vmovdqu (%rsi), %xmm0
        vinserti32x4 $1, 8(%rsi), %zmm0, %zmm0
        vinserti32x4 $2, 24(%rsi), %zmm0, %zmm0
        vinserti32x4 $3, 32(%rsi), %zmm0, %zmm0
        vpshufb %zmm8, %zmm0, %zmm0
        /* E (zmm2): slots 0, 1 -> words 0, 1; F (zmm1): slots 2, 3.  */
        CBD3_SLOTS(vpandd, vpord, %zmm0, %zmm1, %zmm2, %zmm3, %zmm9, %zmm10,
                   %zmm11, %zmm12, %zmm13)
        vpunpckldq %zmm1, %zmm2, %zmm3
        vpunpckhdq %zmm1, %zmm2, %zmm4
        vmovdqa64 %zmm15, %zmm0
        vpermi2q %zmm4, %zmm3, %zmm0
        vmovdqa64 .Lcbd_lanes_hi rRIP, %zmm1
        vpermi2q %zmm4, %zmm3, %zmm1
        vpsubw %zmm14, %zmm0, %zmm0
        vpsubw %zmm14, %zmm1, %zmm1
        vmovdqu64 %zmm0, (%rdi)
        vmovdqu64 %zmm1, 64(%rdi)
        addq $48, %rsi
        addq $128, %rdi
        subl $1, %eax
        jnz .Lcbd3_loop

        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_cbd_eta3_avx512,.-_gcry_mlkem_cbd_eta3_avx512)

ELF(.section .rodata)
.align 64
/* q = 3329.  */
.Lq:
        .rept 32
        .short 3329
        .endr
/* q^-1 mod 2^16 = 62209 (-3327 as int16_t).  */
.Lqinv:
        .rept 32
        .short 62209
        .endr
/* Byte constants of cbd_eta2, four per dword for vpbroadcastd.  */
.Lcbd_b55:
        .long 0x55555555
.Lcbd_b33:
        .long 0x33333333
.Lcbd_b22:
        .long 0x22222222
.Lcbd_b0f:
        .long 0x0f0f0f0f
.Lcbd_b02:
        .long 0x02020202
/* cbd_eta3: the AVX2 kernel's vpshufb control (dword j of an even
 * lane takes bytes 3j..3j+2 and a zero; an odd lane holds the bytes
 * from 8 on, so its groups start at lane byte 4), broadcast to both
 * halves; the 3-bit field masks, 3 in every even field, the 6-bit
 * slot mask and the offset 3 of every word.  */
.align 32
.Lcbd3_shuf512:
        .byte 0, 1, 2, 0x80, 3, 4, 5, 0x80, 6, 7, 8, 0x80, 9, 10, 11, 0x80
        .byte 4, 5, 6, 0x80, 7, 8, 9, 0x80, 10, 11, 12, 0x80, 13, 14, 15, 0x80
.Lcbd3_d249249:
        .long 0x249249
.Lcbd3_d1c71c7:
        .long 0x1c71c7
.Lcbd3_d0c30c3:
        .long 0x0c30c3
.Lcbd3_d3f:
        .long 0x3f
.Lcbd3_w3:
        .short 3, 3
/* vpermi2q controls: 128-bit lanes 0, 1 (resp. 2, 3) of the first
 * operand, each followed by the same lane of the second.  */
.align 64
.Lcbd_lanes_lo:
        .quad 0, 1, 8, 9, 2, 3, 10, 11
.Lcbd_lanes_hi:
        .quad 4, 5, 12, 13, 6, 7, 14, 15
/* vpshufb control swapping the two words of every dword.  */
.Lswap_words:
        .rept 4
        .byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
        .endr
/* vpermt2w control merging b (first operand) with the cache (second):
 * word 2i is b_2i, word 2i+1 is cache entry i.  */
.Lmerge_cache:
        .short  0, 32,  2, 33,  4, 34,  6, 35,  8, 36, 10, 37, 12, 38, 14, 39
        .short 16, 40, 18, 41, 20, 42, 22, 43, 24, 44, 26, 45, 28, 46, 30, 47
/* vpermi2w/vpermt2w controls interleaving the low (high) words of the
 * even sums (first operand) and the odd sums (second operand).  */
.Llow_words:
        .short  0, 32,  2, 34,  4, 36,  6, 38,  8, 40, 10, 42, 12, 44, 14, 46
        .short 16, 48, 18, 50, 20, 52, 22, 54, 24, 56, 26, 58, 28, 60, 30, 62
.Lhigh_words:
        .short  1, 33,  3, 35,  5, 37,  7, 39,  9, 41, 11, 43, 13, 45, 15, 47
        .short 17, 49, 19, 51, 21, 53, 23, 55, 25, 57, 27, 59, 29, 61, 31, 63
/* vpermi2w control gathering the odd words of two registers.  */
.Lodd_words:
        .short  1,  3,  5,  7,  9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31
        .short 33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
