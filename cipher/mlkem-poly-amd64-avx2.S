/* mlkem-poly-amd64-avx2.S - ML-KEM base multiplication and reductions, AVX2
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

/* Algorithm: the coefficient-wise kernels of mlkem-ops.h on 16 int16_t
 * lanes at a time, computing exactly what the portable kernels
 * (cipher/mlkem-poly-generic.c) compute, so results are bit-identical:
 *
 *  - basemul_acc: MultiplyNTTs (FIPS 203 Algorithm 11) with
 *    BaseCaseMultiply (Algorithm 12) summed over K <= 4 operand pairs
 *    in 32 bits, then one Montgomery reduction.  With the standard
 *    order a dword of A holds (a_2i, a_2i+1), so vpmaddwd with the
 *    dword (b_2i, b_2i+1 * gamma_i) gives c_2i and vpmaddwd with
 *    (b_2i+1, b_2i) gives c_2i+1 in 32-bit lanes.  The cached
 *    b_2i+1 * gamma_i (the portable mulcache format, 128 int16_t) are
 *    widened with vpmovzxwd and moved to the high word.
 *    Bound: |a| <= 4095, |b|, |b*gamma| < q, at most 2K = 8 products
 *    per sum: below 2^15 q, so the Montgomery reduction yields
 *    |r_i| < q.  The reduction of a 32-bit sum S is
 *    hi(S) - mulhi (lo(S) * q^-1 mod 2^16, q), as in the portable
 *    montgomery_reduce, after the even and odd sums have been split
 *    into low and high words in coefficient order (shift, vpblendw).
 *  - mulcache_compute: b_2i+1 * gamma_i (Montgomery multiplication)
 *    after gathering the odd coefficients (vpsrad, vpackssdw,
 *    vpermq).  Out: |c_i| < 0.75 q.
 *  - reduce: Barrett to [-(q-1)/2, (q-1)/2], then add q to negative
 *    lanes.  In: any int16_t.  Out: [0, q).
 *  - tomont: Montgomery multiplication by R^2 mod q.  In: any int16_t.
 *    Out: |c_i| < 0.75 q.
 *  - cbd_eta2, cbd_eta3: SamplePolyCBD_eta (FIPS 203 Algorithm 8) with
 *    bit-parallel sums in bytes or dwords (details at the functions).
 *    Out: |r_i| <= eta.
 *  - frombytes, tobytes: ByteDecode_12 (without the reduction) and
 *    ByteEncode_12 (FIPS 203 Algorithms 5 and 6).  tobytes needs
 *    0 <= a_i < 4096.  The _perm variants keep the coefficients in
 *    the NTT-domain order of the AVX2 NTT (mlkem-ntt-amd64-avx2.S),
 *    and nttperm puts standard-order coefficients into that order
 *    (for the rejection step of SampleNTT).
 *  - rej_uniform: the rejection step of SampleNTT on public data
 *    (details at the function).  Out: 0 <= r_i < q.
 *
 * Layout: standard coefficient order of mlkem-ops.h; arrays need no
 * alignment (vmovdqu and unaligned memory operands only).
 *
 * Register plan:
 *   basemul_acc: ymm0-ymm3 32-bit sums of two 16-lane blocks,
 *     ymm4-ymm11 operands and products, ymm12 the word-swap mask,
 *     ymm13 q^-1, ymm15 q; rdi R, rsi A, rdx B, rcx BC, r8d K,
 *     rax block offset, r9 operand counter, r10/r11 operand offsets.
 *   rej_uniform: see the function.
 *   the others: ymm0-ymm7 data, ymm8-ymm15 temporaries and
 *     constants; rdi the output, rsi the input, rdx the gamma table
 *     (mulcache), eax loop counter.
 * Only caller-saved registers are touched, except rbx in rej_uniform,
 * which is saved on the stack (nothing else uses the stack).  All ymm
 * registers are cleared on exit (vzeroall).
 *
 * Constant time: the only branches are on loop counters and on K,
 * which is public (the module rank); rej_uniform works on public data
 * and branches and indexes by it.
 *
 * Requires: AVX2 (HWF_INTEL_AVX2).
 *
 * C prototypes (cipher/mlkem-avx2.h):
 *   void _gcry_mlkem_basemul_acc_avx2 (s16 r[256], const s16 *a,
 *                                      const s16 *b, const s16 *bc,
 *                                      unsigned int k);
 *     A, B: K polynomials of 256 coefficients each, back to back;
 *     BC: K mulcaches of 128 entries each, back to back.
 *   void _gcry_mlkem_mulcache_avx2 (s16 c[128], const s16 b[256],
 *                                   const s16 gammas[8][2][16]);
 *   void _gcry_mlkem_reduce_avx2 (s16 c[256]);
 *   void _gcry_mlkem_tomont_avx2 (s16 c[256]);
 *   void _gcry_mlkem_cbd_eta2_avx2 (s16 r[256], const byte buf[128]);
 *   void _gcry_mlkem_cbd_eta3_avx2 (s16 r[256], const byte buf[192]);
 *   void _gcry_mlkem_frombytes_avx2 (s16 r[256], const byte a[384]);
 *   void _gcry_mlkem_tobytes_avx2 (byte r[384], const s16 a[256]);
 *   void _gcry_mlkem_frombytes_perm_avx2 (s16 r[256], const byte a[384]);
 *   void _gcry_mlkem_tobytes_perm_avx2 (byte r[384], const s16 a[256]);
 *   void _gcry_mlkem_nttperm_avx2 (s16 r[256], const s16 a[256]);
 *   unsigned int _gcry_mlkem_rej_uniform_avx2 (s16 *r, unsigned int ctr,
 *                                             const byte *buf,
 *                                             unsigned int buflen,
 *                                             const void *table,
 *                                             unsigned int *pos);  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"
#include "mlkem-cbd-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX2_SUPPORT)))

#define QV     %ymm15
#define QINV   %ymm13
#define SWAPM  %ymm12

/* Barrett reduction of A to [-(q-1)/2, (q-1)/2], as in the portable
 * code; BV = v = round (2^26 / q), B32 = 32 in every lane:
 * t = mulhi (a, v), then vpmulhrsw by 32 computes (t + 2^9) >> 10,
 * which equals the portable (a*v + 2^25) >> 26; r = a - t*q.  */
#define BV   %ymm14
#define B32  %ymm12
#define BARRETT(a, t) \
        vpmulhw BV, a, t; \
        vpmulhrsw B32, t, t; \
        vpmullw QV, t, t; \
        vpsubw t, a, a;

/* A = A + q where A < 0.  */
#define CADDQ(a, t) \
        vpsraw $15, a, t; \
        vpand QV, t, t; \
        vpaddw t, a, a;

/* A = A * C (Montgomery); CM = C, CQ = C * q^-1 mod 2^16 (registers
 * or memory operands).  */
#define FQMUL(a, t, cm, cq) \
        vpmullw cq, a, t; \
        vpmulhw cm, a, a; \
        vpmulhw QV, t, t; \
        vpsubw t, a, a;

/* One operand pair of basemul_acc for the 16-lane block at byte
 * offset OFF of the operands at %rsi/%rdx + %r10 and of the cache at
 * %rcx + %r11 (+ OFF/2): accumulate the even sums into E and the odd
 * sums into O.  */
#define BASEMUL_BLOCK(off, e, o, x, y, u, w) \
        vmovdqu (off)(%rdx, %r10), y; \
        vpmovzxwd ((off) / 2)(%rcx, %r11), u; \
        vmovdqu (off)(%rsi, %r10), x; \
        vpslld $16, u, u; \
        vpshufb SWAPM, y, w; \
        vpblendw $0xaa, u, y, u; \
        vpmaddwd u, x, u; \
        vpmaddwd w, x, w; \
        vpaddd u, e, e; \
        vpaddd w, o, o;

/* Montgomery reduction of the even sums E and odd sums O of one block
 * into 16 coefficients in standard order, stored at byte offset OFF
 * of R + %rax.  */
#define BASEMUL_REDUCE(off, e, o, lo, hi) \
        vpslld $16, o, lo; \
        vpblendw $0xaa, lo, e, lo; \
        vpsrld $16, e, hi; \
        vpblendw $0xaa, o, hi, hi; \
        vpmullw QINV, lo, lo; \
        vpmulhw QV, lo, lo; \
        vpsubw lo, hi, hi; \
        vmovdqu hi, (off)(%rdi, %rax);

.text

/* void _gcry_mlkem_basemul_acc_avx2 (s16 r[256], const s16 *a,
 *                                    const s16 *b, const s16 *bc,
 *                                    unsigned int k);  */
.align 16
ELF(.type _gcry_mlkem_basemul_acc_avx2,@function)
.globl _gcry_mlkem_basemul_acc_avx2
_gcry_mlkem_basemul_acc_avx2:
        CFI_STARTPROC()
        vmovdqa .Lq rRIP, QV
        vmovdqa .Lqinv rRIP, QINV
        vmovdqa .Lswap_words rRIP, SWAPM
        xorl %eax, %eax
        /* Outer loop: 32 coefficients (two blocks) per iteration.  */
.align 16
.Lbasemul_outer:
        vpxor %ymm0, %ymm0, %ymm0
        vpxor %ymm1, %ymm1, %ymm1
        vpxor %ymm2, %ymm2, %ymm2
        vpxor %ymm3, %ymm3, %ymm3
        movq %rax, %r10
        movq %rax, %r11
        shrq $1, %r11
        movl %r8d, %r9d
        /* Inner loop: operand pairs j = 0..K-1.  */
.Lbasemul_inner:
        BASEMUL_BLOCK(0, %ymm0, %ymm1, %ymm4, %ymm5, %ymm6, %ymm7)
        BASEMUL_BLOCK(32, %ymm2, %ymm3, %ymm8, %ymm9, %ymm10, %ymm11)
        addq $512, %r10
        addq $256, %r11
        subl $1, %r9d
        jnz .Lbasemul_inner

        BASEMUL_REDUCE(0, %ymm0, %ymm1, %ymm4, %ymm5)
        BASEMUL_REDUCE(32, %ymm2, %ymm3, %ymm6, %ymm7)
        addq $64, %rax
        cmpq $512, %rax
        jb .Lbasemul_outer

        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_basemul_acc_avx2,.-_gcry_mlkem_basemul_acc_avx2)


/* void _gcry_mlkem_mulcache_avx2 (s16 c[128], const s16 b[256],
 *                                 const s16 gammas[8][2][16]);
 * c_i = b_2i+1 * gamma_i (Montgomery).  */
.align 16
ELF(.type _gcry_mlkem_mulcache_avx2,@function)
.globl _gcry_mlkem_mulcache_avx2
_gcry_mlkem_mulcache_avx2:
        CFI_STARTPROC()
        vmovdqa .Lq rRIP, QV
        movl $8, %eax
.align 16
.Lmulcache_loop:
        /* Odd coefficients 16 pairs at a time: the high word of each
           dword, sign-extended and packed (vpackssdw interleaves the
           128-bit lanes, vpermq restores the order).  */
        vmovdqu (%rsi), %ymm0
        vmovdqu 32(%rsi), %ymm1
        vpsrad $16, %ymm0, %ymm0
        vpsrad $16, %ymm1, %ymm1
        vpackssdw %ymm1, %ymm0, %ymm0
        vpermq $0xd8, %ymm0, %ymm0
        FQMUL(%ymm0, %ymm8, (%rdx), 32(%rdx))
        vmovdqu %ymm0, (%rdi)
        addq $64, %rsi
        addq $64, %rdx
        addq $32, %rdi
        subl $1, %eax
        jnz .Lmulcache_loop

        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_mulcache_avx2,.-_gcry_mlkem_mulcache_avx2)


/* void _gcry_mlkem_reduce_avx2 (s16 c[256]);  c_i = c_i mod q in [0, q).  */
.align 16
ELF(.type _gcry_mlkem_reduce_avx2,@function)
.globl _gcry_mlkem_reduce_avx2
_gcry_mlkem_reduce_avx2:
        CFI_STARTPROC()
        vmovdqa .Lq rRIP, QV
        vmovdqa .Lbarrett_v rRIP, BV
        vmovdqa .Lround32 rRIP, B32
        movl $4, %eax
.align 16
.Lreduce_loop:
        vmovdqu (%rdi), %ymm0
        vmovdqu 32(%rdi), %ymm1
        vmovdqu 64(%rdi), %ymm2
        vmovdqu 96(%rdi), %ymm3
        BARRETT(%ymm0, %ymm8)
        BARRETT(%ymm1, %ymm9)
        BARRETT(%ymm2, %ymm10)
        BARRETT(%ymm3, %ymm11)
        CADDQ(%ymm0, %ymm8)
        CADDQ(%ymm1, %ymm9)
        CADDQ(%ymm2, %ymm10)
        CADDQ(%ymm3, %ymm11)
        vmovdqu %ymm0, (%rdi)
        vmovdqu %ymm1, 32(%rdi)
        vmovdqu %ymm2, 64(%rdi)
        vmovdqu %ymm3, 96(%rdi)
        addq $128, %rdi
        subl $1, %eax
        jnz .Lreduce_loop

        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_reduce_avx2,.-_gcry_mlkem_reduce_avx2)


/* void _gcry_mlkem_tomont_avx2 (s16 c[256]);  c_i = c_i * R mod q.  */
.align 16
ELF(.type _gcry_mlkem_tomont_avx2,@function)
.globl _gcry_mlkem_tomont_avx2
_gcry_mlkem_tomont_avx2:
        CFI_STARTPROC()
        vmovdqa .Lq rRIP, QV
        vmovdqa .Lr2 rRIP, %ymm13
        vmovdqa .Lr2_qinv rRIP, %ymm14
        movl $4, %eax
.align 16
.Ltomont_loop:
        vmovdqu (%rdi), %ymm0
        vmovdqu 32(%rdi), %ymm1
        vmovdqu 64(%rdi), %ymm2
        vmovdqu 96(%rdi), %ymm3
        FQMUL(%ymm0, %ymm8, %ymm13, %ymm14)
        FQMUL(%ymm1, %ymm9, %ymm13, %ymm14)
        FQMUL(%ymm2, %ymm10, %ymm13, %ymm14)
        FQMUL(%ymm3, %ymm11, %ymm13, %ymm14)
        vmovdqu %ymm0, (%rdi)
        vmovdqu %ymm1, 32(%rdi)
        vmovdqu %ymm2, 64(%rdi)
        vmovdqu %ymm3, 96(%rdi)
        addq $128, %rdi
        subl $1, %eax
        jnz .Ltomont_loop

        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_tomont_avx2,.-_gcry_mlkem_tomont_avx2)


/* void _gcry_mlkem_cbd_eta2_avx2 (s16 r[256], const byte buf[128]);
 * SamplePolyCBD_2: r_i = (b_4i + b_4i+1) - (b_4i+2 + b_4i+3).
 * 16 bytes (32 coefficients) per iteration: d = (x & 0x55) +
 * ((x >> 1) & 0x55) holds four 2-bit sums per byte; then
 * (d & 0x33) + 0x22 - ((d >> 2) & 0x33) holds the two differences
 * plus 2 in the nibbles of each byte (no borrow, as they are >= 0).
 * Word shifts are safe: the bits they move across a byte boundary
 * are masked off.  The nibbles are interleaved in coefficient order
 * (vpunpck[lh]bw), widened and offset by -2.  */
.align 16
ELF(.type _gcry_mlkem_cbd_eta2_avx2,@function)
.globl _gcry_mlkem_cbd_eta2_avx2
_gcry_mlkem_cbd_eta2_avx2:
        CFI_STARTPROC()
        vmovdqa .Lb55 rRIP, %xmm8
        vmovdqa .Lb33 rRIP, %xmm9
        vmovdqa .Lb22 rRIP, %xmm10
        vmovdqa .Lb0f rRIP, %xmm11
        vmovdqa .Lw2 rRIP, %ymm12
        movl $8, %eax
.align 16
.Lcbd2_loop:
        vmovdqu (%rsi), %xmm0
        CBD2_NIBBLES(vpand, %xmm0, %xmm1, %xmm8, %xmm9, %xmm10, %xmm11)
        vpunpcklbw %xmm1, %xmm0, %xmm2
        vpunpckhbw %xmm1, %xmm0, %xmm3
        vpmovzxbw %xmm2, %ymm2
        vpmovzxbw %xmm3, %ymm3
        vpsubw %ymm12, %ymm2, %ymm2
        vpsubw %ymm12, %ymm3, %ymm3
        vmovdqu %ymm2, (%rdi)
        vmovdqu %ymm3, 32(%rdi)
        addq $16, %rsi
        addq $64, %rdi
        subl $1, %eax
        jnz .Lcbd2_loop

        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_cbd_eta2_avx2,.-_gcry_mlkem_cbd_eta2_avx2)


/* void _gcry_mlkem_cbd_eta3_avx2 (s16 r[256], const byte buf[192]);
 * SamplePolyCBD_3: 24 bytes (32 coefficients) per iteration.  Bytes
 * 0..15 go to the low 128-bit lane and bytes 8..23 to the high one
 * (two 16-byte loads, so nothing past BUF is read); vpshufb spreads
 * each 3-byte group to a dword t.  Then d = sum of (t >> s) & 0x249249
 * for s = 0, 1, 2 holds eight 3-bit sums, and h = (d & 0x1c71c7) +
 * 0x0c30c3 - ((d >> 3) & 0x1c71c7) holds the four differences plus 3
 * in 6-bit slots (no borrow).  The slots are moved into words (two
 * coefficients per dword in E and F), E and F interleaved by dwords,
 * the lanes put in order (vperm2i128), and the offset 3 removed.  */
.align 16
ELF(.type _gcry_mlkem_cbd_eta3_avx2,@function)
.globl _gcry_mlkem_cbd_eta3_avx2
_gcry_mlkem_cbd_eta3_avx2:
        CFI_STARTPROC()
        vmovdqa .Lcbd3_shuf rRIP, %ymm8
        vpbroadcastd .Ld249249 rRIP, %ymm9
        vpbroadcastd .Ld1c71c7 rRIP, %ymm10
        vpbroadcastd .Ld0c30c3 rRIP, %ymm11
        vpbroadcastd .Ld3f rRIP, %ymm12
        vpslld $16, %ymm12, %ymm13
        vmovdqa .Lw3 rRIP, %ymm14
        movl $8, %eax
.align 16
.Lcbd3_loop:
        vmovdqu (%rsi), %xmm0
        vinserti128 $1, 8(%rsi), %ymm0, %ymm0
        vpshufb %ymm8, %ymm0, %ymm0
        /* E (ymm2): slots 0, 1 -> words 0, 1; F (ymm1): slots 2, 3.  */
        CBD3_SLOTS(vpand, vpor, %ymm0, %ymm1, %ymm2, %ymm3, %ymm9, %ymm10,
                   %ymm11, %ymm12, %ymm13)
        vpunpckldq %ymm1, %ymm2, %ymm3
        vpunpckhdq %ymm1, %ymm2, %ymm4
        vperm2i128 $0x20, %ymm4, %ymm3, %ymm0
        vperm2i128 $0x31, %ymm4, %ymm3, %ymm1
        vpsubw %ymm14, %ymm0, %ymm0
        vpsubw %ymm14, %ymm1, %ymm1
        vmovdqu %ymm0, (%rdi)
        vmovdqu %ymm1, 32(%rdi)
        addq $24, %rsi
        addq $64, %rdi
        subl $1, %eax
        jnz .Lcbd3_loop

        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_cbd_eta3_avx2,.-_gcry_mlkem_cbd_eta3_avx2)


/* The NTT-domain order of the AVX2 set (mlkem-ntt-amd64-avx2.S): in
 * each block of 32 coefficients, the even residues (dwords) first,
 * then the odd ones.  TO_AVX2_ORDER takes the block (A, B) in the
 * standard order to (A, B) in that order: vshufps picks the even and
 * the odd dwords of each 128-bit half of A and B, vpermq joins the
 * halves.  FROM_AVX2_ORDER is its inverse: vpermq splits the halves
 * again, vpunpck[lh]dq interleaves the dwords; the block ends in
 * (T, B).  */
#define TO_AVX2_ORDER(a, b, t) \
        vshufps $0xdd, b, a, t; \
        vshufps $0x88, b, a, a; \
        vpermq $0xd8, a, a; \
        vpermq $0xd8, t, b;

#define FROM_AVX2_ORDER(a, b, t) \
        vpermq $0xd8, a, a; \
        vpermq $0xd8, b, b; \
        vpunpckldq b, a, t; \
        vpunpckhdq b, a, b;

#define NO_REORDER(a, b, t)

/* Start and end of a function defined by a macro.  */
#define MACRO_FUNC_BEGIN(name) \
.align 16; \
ELF(.type name,@function;) \
.globl name; \
name: \
        CFI_STARTPROC();

#define MACRO_FUNC_END(name) \
        vzeroall; \
        ret_spec_stop; \
        CFI_ENDPROC(); \
ELF(.size name,.-name;)

/* ByteDecode_12 (FIPS 203 Algorithm 6) without the reduction mod q:
 * r_2i = a_3i + 256 (a_3i+1 mod 16), r_2i+1 = a_3i+1 / 16 + 16 a_3i+2.
 * 48 bytes (32 coefficients, one block) per iteration, spread to words
 * as in rej_uniform below, then put in the order of REORDER.
 * Out: 0 <= r_i <= 4095.  */
#define FROMBYTES(name, reorder) \
MACRO_FUNC_BEGIN(name) \
        vmovdqa .Lrej_shuf rRIP, %ymm14; \
        vmovdqa .Lw0fff rRIP, %ymm13; \
        movl $8, %eax; \
.align 16; \
1: \
        vmovdqu (%rsi), %xmm0; \
        vinserti128 $1, 8(%rsi), %ymm0, %ymm0; \
        vmovdqu 24(%rsi), %xmm2; \
        vinserti128 $1, 32(%rsi), %ymm2, %ymm2; \
        vpshufb %ymm14, %ymm0, %ymm0; \
        vpshufb %ymm14, %ymm2, %ymm2; \
        vpsrlw $4, %ymm0, %ymm1; \
        vpsrlw $4, %ymm2, %ymm3; \
        vpand %ymm13, %ymm0, %ymm0; \
        vpand %ymm13, %ymm2, %ymm2; \
        vpblendw $0xaa, %ymm1, %ymm0, %ymm0; \
        vpblendw $0xaa, %ymm3, %ymm2, %ymm2; \
        reorder(%ymm0, %ymm2, %ymm1) \
        vmovdqu %ymm0, (%rdi); \
        vmovdqu %ymm2, 32(%rdi); \
        addq $48, %rsi; \
        addq $64, %rdi; \
        subl $1, %eax; \
        jnz 1b; \
MACRO_FUNC_END(name)

/* ByteEncode_12 (FIPS 203 Algorithm 5) of 0 <= a_i < 4096, one block
 * of 32 coefficients per iteration after REORDER (which leaves the
 * block in (FIRST, ymm2)), 16 coefficients per step: vpmaddwd with
 * (1, 4096) gives the 24-bit value a_2i + 4096 a_2i+1 in each dword,
 * vpshufb keeps its three low bytes (12 bytes at the start of each
 * 128-bit lane), vpermd joins the lanes into 24 bytes, stored as
 * 16 + 8 bytes (nothing past R + 384 is written).  */
#define TOBYTES(name, reorder, first) \
MACRO_FUNC_BEGIN(name) \
        vmovdqa .Ltobytes_mul rRIP, %ymm12; \
        vmovdqa .Ltobytes_shuf rRIP, %ymm13; \
        vmovdqa .Ltobytes_perm rRIP, %ymm14; \
        movl $8, %eax; \
.align 16; \
1: \
        vmovdqu (%rsi), %ymm0; \
        vmovdqu 32(%rsi), %ymm2; \
        reorder(%ymm0, %ymm2, %ymm1) \
        vpmaddwd %ymm12, first, %ymm0; \
        vpmaddwd %ymm12, %ymm2, %ymm2; \
        vpshufb %ymm13, %ymm0, %ymm0; \
        vpshufb %ymm13, %ymm2, %ymm2; \
        vpermd %ymm0, %ymm14, %ymm0; \
        vpermd %ymm2, %ymm14, %ymm2; \
        vextracti128 $1, %ymm0, %xmm1; \
        vextracti128 $1, %ymm2, %xmm3; \
        vmovdqu %xmm0, (%rdi); \
        vmovq %xmm1, 16(%rdi); \
        vmovdqu %xmm2, 24(%rdi); \
        vmovq %xmm3, 40(%rdi); \
        addq $64, %rsi; \
        addq $48, %rdi; \
        subl $1, %eax; \
        jnz 1b; \
MACRO_FUNC_END(name)

/* void _gcry_mlkem_frombytes_avx2 (s16 r[256], const byte a[384]);
 * void _gcry_mlkem_tobytes_avx2 (byte r[384], const s16 a[256]);
 * In the standard order.  */
FROMBYTES(_gcry_mlkem_frombytes_avx2, NO_REORDER)
TOBYTES(_gcry_mlkem_tobytes_avx2, NO_REORDER, %ymm0)

/* void _gcry_mlkem_frombytes_perm_avx2 (s16 r[256], const byte a[384]);
 * void _gcry_mlkem_tobytes_perm_avx2 (byte r[384], const s16 a[256]);
 * The same with the coefficients in the AVX2 NTT order.  */
FROMBYTES(_gcry_mlkem_frombytes_perm_avx2, TO_AVX2_ORDER)
TOBYTES(_gcry_mlkem_tobytes_perm_avx2, FROM_AVX2_ORDER, %ymm1)

/* void _gcry_mlkem_nttperm_avx2 (s16 r[256], const s16 a[256]);
 * R = A in the AVX2 NTT order, A in the standard order; R may equal
 * A.  */
.align 16
ELF(.type _gcry_mlkem_nttperm_avx2,@function)
.globl _gcry_mlkem_nttperm_avx2
_gcry_mlkem_nttperm_avx2:
        CFI_STARTPROC()
        movl $8, %eax
.align 16
.Lnttperm_loop:
        vmovdqu (%rsi), %ymm0
        vmovdqu 32(%rsi), %ymm2
        TO_AVX2_ORDER(%ymm0, %ymm2, %ymm1)
        vmovdqu %ymm0, (%rdi)
        vmovdqu %ymm2, 32(%rdi)
        addq $64, %rsi
        addq $64, %rdi
        subl $1, %eax
        jnz .Lnttperm_loop

        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_nttperm_avx2,.-_gcry_mlkem_nttperm_avx2)


/* unsigned int _gcry_mlkem_rej_uniform_avx2 (s16 *r, unsigned int ctr,
 *                                           const byte *buf,
 *                                           unsigned int buflen,
 *                                           const void *table,
 *                                           unsigned int *pos);
 * The rejection step of SampleNTT (FIPS 203 Algorithm 7, lines 5-13):
 * append the 12-bit candidates of BUF that are below q to R[CTR..],
 * 24 bytes (16 candidates) at a time while CTR < 256 and 24 bytes
 * remain.  R must have room for 256 + 16 entries: the last chunk may
 * append up to 16 values past entry 255 (the caller ignores them, as
 * SampleNTT stops at 256), and each half-chunk store writes 8 words.
 * Stores *POS = bytes consumed (a multiple of 24) and returns the new
 * CTR (up to 271); the caller handles a remainder of less than 24
 * bytes.
 *
 * The input is public (it derives from rho), so the table look-ups
 * by the acceptance mask are allowed.  Per chunk: bytes 0..15 go to
 * the low lane and 8..23 to the high lane (no read past BUF + 24);
 * vpshufb makes word 2j = bytes (o, o+1) and word 2j+1 = bytes
 * (o+1, o+2) of group j at lane offset o; the even words are masked
 * to 12 bits, the odd ones shifted right by 4.  vpcmpgtw against q,
 * vpacksswb and vpmovmskb give an 8-bit mask per lane; TABLE->idx[M]
 * (a 16-byte vpshufb control at TABLE + 16 M) compacts the accepted
 * words of the lane, TABLE->cnt[M] (at TABLE + 4096 + M) counts them.
 * Uses rbx (saved).  */
.align 16
ELF(.type _gcry_mlkem_rej_uniform_avx2,@function)
.globl _gcry_mlkem_rej_uniform_avx2
_gcry_mlkem_rej_uniform_avx2:
        CFI_STARTPROC()
        pushq %rbx
        CFI_PUSH(%rbx)
        movl %esi, %esi
        movl %ecx, %ecx
        xorl %r10d, %r10d
        vmovdqa .Lq rRIP, QV
        vmovdqa .Lrej_shuf rRIP, %ymm14
        vmovdqa .Lw0fff rRIP, %ymm13
.align 16
.Lrej_loop:
        cmpq $255, %rsi
        ja .Lrej_done
        leaq 24(%r10), %rax
        cmpq %rcx, %rax
        ja .Lrej_done
        vmovdqu (%rdx, %r10), %xmm0
        vinserti128 $1, 8(%rdx, %r10), %ymm0, %ymm0
        vpshufb %ymm14, %ymm0, %ymm0
        vpsrlw $4, %ymm0, %ymm1
        vpand %ymm13, %ymm0, %ymm0
        vpblendw $0xaa, %ymm1, %ymm0, %ymm0
        vpcmpgtw %ymm0, QV, %ymm1
        vpacksswb %ymm1, %ymm1, %ymm1
        vpmovmskb %ymm1, %r11d
        /* Low lane.  */
        movzbl %r11b, %eax
        movzbl 4096(%r8, %rax), %ebx
        shll $4, %eax
        vpshufb (%r8, %rax), %xmm0, %xmm2
        vmovdqu %xmm2, (%rdi, %rsi, 2)
        addq %rbx, %rsi
        /* High lane.  */
        shrl $16, %r11d
        movzbl %r11b, %eax
        movzbl 4096(%r8, %rax), %ebx
        shll $4, %eax
        vextracti128 $1, %ymm0, %xmm3
        vpshufb (%r8, %rax), %xmm3, %xmm3
        vmovdqu %xmm3, (%rdi, %rsi, 2)
        addq %rbx, %rsi
        addq $24, %r10
        jmp .Lrej_loop

.Lrej_done:
        movl %r10d, (%r9)
        movl %esi, %eax
        popq %rbx
        CFI_POP(%rbx)
        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_rej_uniform_avx2,.-_gcry_mlkem_rej_uniform_avx2)


ELF(.section .rodata)
.align 32
/* q = 3329.  */
.Lq:
        .rept 16
        .short 3329
        .endr
/* q^-1 mod 2^16 = 62209 (-3327 as int16_t).  */
.Lqinv:
        .rept 16
        .short 62209
        .endr
/* round (2^26 / q) = 20159, the Barrett multiplier.  */
.Lbarrett_v:
        .rept 16
        .short 20159
        .endr
/* vpmulhrsw by 2^5 computes (x + 2^9) >> 10.  */
.Lround32:
        .rept 16
        .short 32
        .endr
/* R^2 mod q = 1353 (R = 2^16), and 1353 * q^-1 mod 2^16.  */
.Lr2:
        .rept 16
        .short 1353
        .endr
.Lr2_qinv:
        .rept 16
        .short (1353 * 62209) & 0xffff
        .endr
/* vpshufb control swapping the two words of every dword.  */
.Lswap_words:
        .byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
        .byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
/* CBD constants: bytes 0x55, 0x33, 0x22, 0x0f; words 2 and 3.  */
.align 16
.Lb55:
        .rept 16
        .byte 0x55
        .endr
.Lb33:
        .rept 16
        .byte 0x33
        .endr
.Lb22:
        .rept 16
        .byte 0x22
        .endr
.Lb0f:
        .rept 16
        .byte 0x0f
        .endr
.align 32
.Lw2:
        .rept 16
        .short 2
        .endr
.Lw3:
        .rept 16
        .short 3
        .endr
/* vpshufb control of eta 3: dword j of the low lane takes bytes 3j,
   3j+1, 3j+2 and a zero; the high lane holds bytes 8..23, so its
   groups start at lane byte 4.  */
.align 32
.Lcbd3_shuf:
        .byte 0, 1, 2, 0x80, 3, 4, 5, 0x80, 6, 7, 8, 0x80, 9, 10, 11, 0x80
        .byte 4, 5, 6, 0x80, 7, 8, 9, 0x80, 10, 11, 12, 0x80, 13, 14, 15, 0x80
/* Masks of the 3-bit fields: every field, the even fields, and 3 in
   every even field; the 6-bit slot mask.  */
.align 4
.Ld249249:
        .long 0x249249
.Ld1c71c7:
        .long 0x1c71c7
.Ld0c30c3:
        .long 0x0c30c3
.Ld3f:
        .long 0x3f
/* Rejection sampling: the 12-bit mask, and the vpshufb control that
   spreads four 3-byte groups per lane into eight words (the high lane
   holds bytes 8..23, its groups start at lane byte 4).  */
.align 32
.Lw0fff:
        .rept 16
        .short 0x0fff
        .endr
.Lrej_shuf:
        .byte 0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11
        .byte 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15
/* ByteEncode_12: word multipliers (1, 4096) for vpmaddwd; vpshufb
   control keeping bytes 0-2 of each dword (0x80 zeroes the rest);
   vpermd control moving dwords 4-6 next to 0-2.  */
.Ltobytes_mul:
        .rept 8
        .short 1, 4096
        .endr
.Ltobytes_shuf:
        .byte 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 0x80, 0x80, 0x80, 0x80
        .byte 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 0x80, 0x80, 0x80, 0x80
.Ltobytes_perm:
        .long 0, 1, 2, 4, 5, 6, 3, 7

#endif /* __x86_64__ && ENABLE_AVX2_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
