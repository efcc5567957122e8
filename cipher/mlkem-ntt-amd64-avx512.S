/* mlkem-ntt-amd64-avx512.S - ML-KEM forward and inverse NTT, AVX-512
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

/* Algorithm: FIPS 203 Algorithm 9 (NTT, Cooley-Tukey butterflies,
 * layers with distance LEN = 128 down to 2, then a reduction of every
 * coefficient) and Algorithm 10 (NTT^-1, Gentleman-Sande butterflies,
 * LEN = 2 up to 128, the factor R^2/128 folded into the last layer),
 * on 32 int16_t lanes at a time.  The results are equal mod q to those
 * of the portable kernels (cipher/mlkem-poly-generic.c) and in the
 * same (standard) order, but not the same representatives: the
 * reductions and the scaling are cheaper ones (below).
 *
 * Montgomery multiplication by a constant C (R = 2^16), 32 lanes:
 *   t = mullo (b, C * q^-1 mod 2^16);  r = mulhi (b, C) - mulhi (t, q)
 * The low halves of b*C and t*q agree, so r = (b*C - t*q) / 2^16
 * exactly, and |r| <= (|b| |C| + 2^15 q) / 2^16 < 2497 for every
 * int16_t b, as |C| <= (q-1)/2.
 *
 * Reduction: t = vpmulhrsw (a, 10) = round (10 a / 2^15), r = a - t*q
 * (three instructions; the centered Barrett reduction of the portable
 * code takes five).  10 / 2^15 exceeds 1/q by 0.1568 / 2^15, so
 * |r| <= 2160 < 0.65 q for every int16_t a.
 *
 * Bounds (worst case, |.|, computed coefficient by coefficient).
 * Forward, from |a_i| < q: each layer adds at most one Montgomery
 * product, so every intermediate stays below 2^15; the final
 * reduction leaves |r_i| <= 2160.  Inverse, from |a_i| < q: the sums
 * double per layer, the differences go through a Montgomery product.
 * Reducing the sums of the LEN = 8 layer and coefficients 128..159
 * after LEN = 32 keeps every sum and difference up to LEN = 128 at
 * most 29875 < 2^15 (without the second reduction coefficient 0 would
 * reach 32880 at LEN = 128; tests/t-mlkem-kernels.c builds that
 * input).  The last layer multiplies the sums by R^2/128 and the
 * differences by zeta_1 * R^2/128 (entries 23 and 22 of the table), a
 * Montgomery product each, so |r_i| < 2497 < q without a scaling
 * pass.
 *
 * Layout: the whole polynomial lives in eight registers,
 * C_i = f[32i .. 32i+31], in the standard order of mlkem-ops.h; the
 * memory order is standard on entry and exit.  Layers with LEN >= 32
 * pair whole registers.  Layers with LEN = 16, 8, 4, 2 work on a pair
 * of registers (A, B) = (C_2p, C_2p+1); before each of them a 2x2
 * transpose of 16-, 8-, 4- or 2-lane groups (T16: vshufi64x2, T8:
 * vpermi2q, T4: vpunpck[lh]qdq, T2: vpermi2d) puts the two
 * inputs of every butterfly into the same lane of two registers.  The
 * transposes are involutions, and the four of them together merely
 * split A || B into its even and odd dwords, so after LEN = 2 the
 * forward NTT restores the standard order with one vpermi2d per
 * register, and the inverse NTT starts with that split (two vpermi2d
 * straight from memory) and then undoes the transposes one per layer.
 * The forward NTT loads all eight registers first and stores each pair
 * when it is done; the inverse loads every pair before its first
 * store, and stores all eight registers last, so R may equal A.  The
 * layers from LEN = 32 (forward) or up to LEN = 32 (inverse) run on
 * all four pairs at once: pairs 0 and 1 interleaved instruction by
 * instruction, then pairs 2 and 3, layer by layer.  Each pair's chain
 * through the layers is a dependency chain (a butterfly is about 8
 * cycles of latency, a transpose 1-3), so with only two pairs in
 * flight the kernels waited on it: 166 cycles each on Zen 5 against
 * 130 with four.  On Zen 4 other orders (all four pairs interleaved,
 * one half a stage behind the other, the halves one after the other)
 * measured 3-20% slower.  The twiddle vectors for this lane order
 * come from cipher/gen-mlkem-avx512-tables.c (mlkem-tables-avx512.h),
 * which also documents the entry numbers used below; an entry is 128
 * bytes: 32 multipliers C, then 32 values C * q^-1 mod 2^16.  The same
 * file gives the vpermi2d controls (mlkem_avx512_perm).
 *
 * Register plan:
 *   zmm0-zmm7    coefficients C0..C7
 *   zmm8-zmm15   transposed pairs and product temporaries
 *   zmm16        q in every lane
 *   zmm17        10 in every lane (the reduction)
 *   zmm18/zmm31  vpermi2d controls of T2
 *   zmm19/zmm20  vpermi2q controls of T8
 *   zmm21/zmm22  vpermi2d controls, LEN = 2 order to standard order
 *   zmm23/zmm24  vpermi2d controls, standard order to LEN = 2 order
 *   zmm25-zmm30  transposed pairs and temporaries of pairs 2 and 3
 *   rdi  R (output), rsi  A (input), rdx  twiddle table,
 *   rcx  vpermi2d controls
 * No stack is used; only caller-saved registers are touched.  On exit
 * all used vector registers are cleared (they held secret
 * coefficients), and vzeroupper ends the AVX-512 code.
 *
 * Constant time: no data-dependent branches or addresses.
 *
 * Requires: AVX-512 F and BW (HWF_INTEL_AVX512, which also implies VL
 * and DQ).
 *
 * C prototypes (cipher/mlkem-avx512.h):
 *   void _gcry_mlkem_ntt_avx512 (s16 r[256], const s16 a[256],
 *                                const s16 zetas[23][2][32],
 *                                const u32 perm[4][16]);
 *   void _gcry_mlkem_invntt_avx512 (s16 r[256], const s16 a[256],
 *                                   const s16 zetas[24][2][32],
 *                                   const u32 perm[4][16]);
 * R and A may be the same array; no alignment is needed.  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX512_SUPPORT) \
            && defined(HAVE_GCC_INLINE_ASM_AVX512)))

#define QV    %zmm16
#define V10   %zmm17
#define I2X   %zmm18
#define I2Y   %zmm31
#define IDXA  %zmm19
#define IDXB  %zmm20
#define PFA   %zmm21
#define PFB   %zmm22
#define PIX   %zmm23
#define PIY   %zmm24
#define ZT    %rdx

#define ZETA(e)   (128 * (e))(ZT)
#define ZETAQ(e)  (128 * (e) + 64)(ZT)

/* Butterflies on two independent sets of registers at once (suffix
 * 2), one instruction of each in turn: the chain of one register pair
 * through all layers is long and narrow, and the out-of-order window
 * does not reach far enough ahead to overlap two pairs written one
 * after the other.  FQMUL2: R = X * C (Montgomery) with the constant
 * of entry E; X is overwritten.  */
#define FQMUL2(x, r, e, x2, r2, e2) \
        vpmullw ZETAQ(e), x, r; \
        vpmullw ZETAQ(e2), x2, r2; \
        vpmulhw ZETA(e), x, x; \
        vpmulhw ZETA(e2), x2, x2; \
        vpmulhw QV, r, r; \
        vpmulhw QV, r2, r2; \
        vpsubw r, x, r; \
        vpsubw r2, x2, r2;

/* Cooley-Tukey butterflies with twiddle entries E, E2:
 * t = B * zeta (Montgomery), B = A - t, A = A + t.  */
#define BFLY_CT2(a, b, t, e, a2, b2, t2, e2) \
        FQMUL2(b, t, e, b2, t2, e2) \
        vpsubw t, a, b; \
        vpsubw t2, a2, b2; \
        vpaddw t, a, a; \
        vpaddw t2, a2, a2;

/* Gentleman-Sande butterflies with twiddle entries E, E2:
 * A = A + B, B = (B - A) * zeta (Montgomery).  */
#define BFLY_GS2(a, b, t, e, a2, b2, t2, e2) \
        vpsubw a, b, t; \
        vpsubw a2, b2, t2; \
        vpaddw b, a, a; \
        vpaddw b2, a2, a2; \
        FQMUL2(t, b, e, t2, b2, e2)

/* The last inverse layer with the final factor F = R^2/128, on two
 * sets: A = (A + B) * F, B = (B - A) * zeta_1 * F (Montgomery, entries
 * 23 and 22).  */
#define BFLY_GSF2(a, b, t, a2, b2, t2) \
        BFLY_GS2(a, b, t, 22, a2, b2, t2, 22) \
        FQMUL2(a, t, 23, a2, t2, 23) \
        vmovdqa64 t, a; \
        vmovdqa64 t2, a2;

/* Reduction of A (and A2): t = round (10 A / 2^15), A = A - t q.  */
#define RED(a, t) \
        vpmulhrsw V10, a, t; \
        vpmullw QV, t, t; \
        vpsubw t, a, a;
#define RED2(a, t, a2, t2) \
        vpmulhrsw V10, a, t; \
        vpmulhrsw V10, a2, t2; \
        vpmullw QV, t, t; \
        vpmullw QV, t2, t2; \
        vpsubw t, a, a; \
        vpsubw t2, a2, a2;

/* 2x2 transposes of groups of 16, 8, 4 and 2 lanes, on two sets:
 * (X, Y) -> (OX, OY) with OX = X[c..c+W-1] Y[c..c+W-1],
 * OY = X[c+W..c+2W-1] Y[c+W..c+2W-1] for each group c of 2W lanes.
 * The outputs must differ from the inputs.  */
#define T16_2(x, y, ox, oy, x2, y2, ox2, oy2) \
        vshufi64x2 $0x44, y, x, ox; \
        vshufi64x2 $0x44, y2, x2, ox2; \
        vshufi64x2 $0xee, y, x, oy; \
        vshufi64x2 $0xee, y2, x2, oy2;

/* OX = X || Y permuted by the controls in IX, OY by those in IY,
 * with the two-source permutation PERM (vpermi2q or vpermi2d), on two
 * sets.  */
#define PERM2_2(perm, ix, iy, x, y, ox, oy, x2, y2, ox2, oy2) \
        vmovdqa64 ix, ox; \
        vmovdqa64 ix, ox2; \
        perm y, x, ox; \
        perm y2, x2, ox2; \
        vmovdqa64 iy, oy; \
        vmovdqa64 iy, oy2; \
        perm y, x, oy; \
        perm y2, x2, oy2;

#define T8_2(x, y, ox, oy, x2, y2, ox2, oy2) \
        PERM2_2(vpermi2q, IDXA, IDXB, x, y, ox, oy, x2, y2, ox2, oy2)

#define T4_2(x, y, ox, oy, x2, y2, ox2, oy2) \
        vpunpcklqdq y, x, ox; \
        vpunpcklqdq y2, x2, ox2; \
        vpunpckhqdq y, x, oy; \
        vpunpckhqdq y2, x2, oy2;

#define T2_2(x, y, ox, oy, x2, y2, ox2, oy2) \
        PERM2_2(vpermi2d, I2X, I2Y, x, y, ox, oy, x2, y2, ox2, oy2)

/* Coefficient and temporary registers.  */
#define C0 %zmm0
#define C1 %zmm1
#define C2 %zmm2
#define C3 %zmm3
#define C4 %zmm4
#define C5 %zmm5
#define C6 %zmm6
#define C7 %zmm7
#define T0 %zmm8
#define T1 %zmm9
#define T2_ %zmm10
#define T3 %zmm11
#define T4_ %zmm12
#define T5 %zmm13
#define T6 %zmm14
#define T7 %zmm15
#define U0 %zmm25
#define U1 %zmm26
#define U2 %zmm27
#define U3 %zmm28
#define U4 %zmm29
#define U5 %zmm30

#define LOAD8(ptr) \
        vmovdqu64 0 * 64(ptr), C0; \
        vmovdqu64 1 * 64(ptr), C1; \
        vmovdqu64 2 * 64(ptr), C2; \
        vmovdqu64 3 * 64(ptr), C3; \
        vmovdqu64 4 * 64(ptr), C4; \
        vmovdqu64 5 * 64(ptr), C5; \
        vmovdqu64 6 * 64(ptr), C6; \
        vmovdqu64 7 * 64(ptr), C7;

#define STORE8(ptr) \
        vmovdqu64 C0, 0 * 64(ptr); \
        vmovdqu64 C1, 1 * 64(ptr); \
        vmovdqu64 C2, 2 * 64(ptr); \
        vmovdqu64 C3, 3 * 64(ptr); \
        vmovdqu64 C4, 4 * 64(ptr); \
        vmovdqu64 C5, 5 * 64(ptr); \
        vmovdqu64 C6, 6 * 64(ptr); \
        vmovdqu64 C7, 7 * 64(ptr);

/* Constants into their registers.  */
#define SETUP \
        vmovdqa64 .Lq rRIP, QV; \
        vmovdqa64 .Lv10 rRIP, V10; \
        vmovdqa64 .Lt2x rRIP, I2X; \
        vmovdqa64 .Lt2y rRIP, I2Y; \
        vmovdqa64 .Lt8a rRIP, IDXA; \
        vmovdqa64 .Lt8b rRIP, IDXB; \
        vmovdqu64 0 * 64(%rcx), PFA; \
        vmovdqu64 1 * 64(%rcx), PFB; \
        vmovdqu64 2 * 64(%rcx), PIX; \
        vmovdqu64 3 * 64(%rcx), PIY;

/* Clear every vector register used, leave AVX-512 state.  */
#define CLEANUP \
        CLEAR_YMM0_15() \
        vpxord %ymm16, %ymm16, %ymm16; \
        vpxord %ymm17, %ymm17, %ymm17; \
        vpxord %ymm18, %ymm18, %ymm18; \
        vpxord %ymm19, %ymm19, %ymm19; \
        vpxord %ymm20, %ymm20, %ymm20; \
        vpxord %ymm21, %ymm21, %ymm21; \
        vpxord %ymm22, %ymm22, %ymm22; \
        vpxord %ymm23, %ymm23, %ymm23; \
        vpxord %ymm24, %ymm24, %ymm24; \
        vpxord %ymm25, %ymm25, %ymm25; \
        vpxord %ymm26, %ymm26, %ymm26; \
        vpxord %ymm27, %ymm27, %ymm27; \
        vpxord %ymm28, %ymm28, %ymm28; \
        vpxord %ymm29, %ymm29, %ymm29; \
        vpxord %ymm30, %ymm30, %ymm30; \
        vpxord %ymm31, %ymm31, %ymm31; \
        vzeroupper;

/* Forward layers LEN = 32, 16, 8, 4, 2 and the final reduction on
 * pairs P and P+1 at once, in five stages: pair P = (A, B) goes
 * through the transposed pair (X, Y) with temporary T, pair P+1
 * likewise through the registers with suffix 2.  The caller
 * runs each stage on both halves of the polynomial (P = 0 and 2)
 * before the next, so four register pairs are in flight: the chain
 * of one pair through the layers is latency-bound.  The last stage
 * brings the results back to standard order with one vpermi2d per
 * register and stores them to coefficients 64P.. of R.  */
#define NTT_S1(a, b, x, y, t, a2, b2, x2, y2, t2, p) \
        BFLY_CT2(a, b, t, 3 + (p), a2, b2, t2, 4 + (p)) \
        T16_2(a, b, x, y, a2, b2, x2, y2)
#define NTT_S2(a, b, x, y, t, a2, b2, x2, y2, t2, p) \
        BFLY_CT2(x, y, t, 7 + (p), x2, y2, t2, 8 + (p)) \
        T8_2(x, y, a, b, x2, y2, a2, b2)
#define NTT_S3(a, b, x, y, t, a2, b2, x2, y2, t2, p) \
        BFLY_CT2(a, b, t, 11 + (p), a2, b2, t2, 12 + (p)) \
        T4_2(a, b, x, y, a2, b2, x2, y2)
#define NTT_S4(a, b, x, y, t, a2, b2, x2, y2, t2, p) \
        BFLY_CT2(x, y, t, 15 + (p), x2, y2, t2, 16 + (p)) \
        T2_2(x, y, a, b, x2, y2, a2, b2)
#define NTT_S5(a, b, x, y, t, a2, b2, x2, y2, t2, p) \
        BFLY_CT2(a, b, t, 19 + (p), a2, b2, t2, 20 + (p)) \
        RED2(a, t, a2, t2) \
        RED2(b, x, b2, x2) \
        PERM2_2(vpermi2d, PFA, PFB, a, b, x, y, a2, b2, x2, y2) \
        vmovdqu64 x, (128 * (p))(%rdi); \
        vmovdqu64 y, (128 * (p) + 64)(%rdi); \
        vmovdqu64 x2, (128 * (p) + 128)(%rdi); \
        vmovdqu64 y2, (128 * (p) + 192)(%rdi);

/* Stage S of the forward or inverse NTT on all four pairs.  */
#define NTT_STAGE(S) \
        S(C0, C1, T0, T1, T2_, C2, C3, T4_, T5, T6, 0) \
        S(C4, C5, U0, U1, U2, C6, C7, U3, U4, U5, 2)

/* Inverse layers LEN = 2, 4, 8 (sums reduced), 16, 32 on pairs P and
 * P+1 at once, in five stages run on both halves in turn as in the
 * forward NTT: load coefficients 64P.. of A straight into the lane
 * order of the LEN = 2 layer (one vpermi2d per register), then undo
 * the transposes one per layer.  The results are in (A, B) and
 * (A2, B2) in standard order.  */
#define INVNTT_S1(a, b, x, y, t, a2, b2, x2, y2, t2, p) \
        vmovdqu64 (128 * (p))(%rsi), x; \
        vmovdqu64 (128 * (p) + 128)(%rsi), x2; \
        vmovdqa64 PIX, a; \
        vmovdqa64 PIX, a2; \
        vpermi2d (128 * (p) + 64)(%rsi), x, a; \
        vpermi2d (128 * (p) + 192)(%rsi), x2, a2; \
        vmovdqa64 PIY, b; \
        vmovdqa64 PIY, b2; \
        vpermi2d (128 * (p) + 64)(%rsi), x, b; \
        vpermi2d (128 * (p) + 192)(%rsi), x2, b2; \
        BFLY_GS2(a, b, t, 0 + (p), a2, b2, t2, 1 + (p)) \
        T2_2(a, b, x, y, a2, b2, x2, y2)
#define INVNTT_S2(a, b, x, y, t, a2, b2, x2, y2, t2, p) \
        BFLY_GS2(x, y, t, 4 + (p), x2, y2, t2, 5 + (p)) \
        T4_2(x, y, a, b, x2, y2, a2, b2)
#define INVNTT_S3(a, b, x, y, t, a2, b2, x2, y2, t2, p) \
        BFLY_GS2(a, b, t, 8 + (p), a2, b2, t2, 9 + (p)) \
        RED2(a, t, a2, t2) \
        T8_2(a, b, x, y, a2, b2, x2, y2)
#define INVNTT_S4(a, b, x, y, t, a2, b2, x2, y2, t2, p) \
        BFLY_GS2(x, y, t, 12 + (p), x2, y2, t2, 13 + (p)) \
        T16_2(x, y, a, b, x2, y2, a2, b2)
#define INVNTT_S5(a, b, x, y, t, a2, b2, x2, y2, t2, p) \
        BFLY_GS2(a, b, t, 16 + (p), a2, b2, t2, 17 + (p))

.text

/* void _gcry_mlkem_ntt_avx512 (s16 r[256], const s16 a[256],
 *                              const s16 zetas[23][2][32],
 *                              const u32 perm[4][16]);
 * R = NTT (A) in standard order.  In: |a_i| < q.  Out: |r_i| <= 2160.  */
.align 16
ELF(.type _gcry_mlkem_ntt_avx512,@function)
.globl _gcry_mlkem_ntt_avx512
_gcry_mlkem_ntt_avx512:
        CFI_STARTPROC()
        SETUP
        LOAD8(%rsi)
        /* LEN = 128.  */
        BFLY_CT2(C0, C4, T0, 0, C1, C5, T1, 0)
        BFLY_CT2(C2, C6, T2_, 0, C3, C7, T3, 0)
        /* LEN = 64.  */
        BFLY_CT2(C0, C2, T0, 1, C1, C3, T1, 1)
        BFLY_CT2(C4, C6, T2_, 2, C5, C7, T3, 2)
        /* LEN = 32 .. 2 and the reduction, on all pairs at once.  */
        NTT_STAGE(NTT_S1)
        NTT_STAGE(NTT_S2)
        NTT_STAGE(NTT_S3)
        NTT_STAGE(NTT_S4)
        NTT_STAGE(NTT_S5)
        CLEANUP
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_ntt_avx512,.-_gcry_mlkem_ntt_avx512)

/* void _gcry_mlkem_invntt_avx512 (s16 r[256], const s16 a[256],
 *                                 const s16 zetas[24][2][32],
 *                                 const u32 perm[4][16]);
 * R = NTT^-1 (A) * R.  In: |a_i| < q, standard order.  Out: |r_i| < q.  */
.align 16
ELF(.type _gcry_mlkem_invntt_avx512,@function)
.globl _gcry_mlkem_invntt_avx512
_gcry_mlkem_invntt_avx512:
        CFI_STARTPROC()
        SETUP
        /* LEN = 2 .. 32 on all pairs at once (the LEN = 8 sums
           reduced), then coefficients 128..159 reduced, LEN = 64.  */
        NTT_STAGE(INVNTT_S1)
        NTT_STAGE(INVNTT_S2)
        NTT_STAGE(INVNTT_S3)
        NTT_STAGE(INVNTT_S4)
        NTT_STAGE(INVNTT_S5)
        RED(C4, T4_)
        BFLY_GS2(C0, C2, T0, 20, C1, C3, T1, 20)
        BFLY_GS2(C4, C6, T2_, 21, C5, C7, T3, 21)
        /* LEN = 128 with the factor R^2 / 128.  */
        BFLY_GSF2(C0, C4, T0, C1, C5, T1)
        BFLY_GSF2(C2, C6, T2_, C3, C7, T3)
        STORE8(%rdi)
        CLEANUP
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_invntt_avx512,.-_gcry_mlkem_invntt_avx512)

ELF(.section .rodata)
.align 64
/* q = 3329 in every lane.  */
.Lq:
        .rept 32
        .short 3329
        .endr
/* 10, the multiplier of the reduction (10 / 2^15 is near 1/q).  */
.Lv10:
        .rept 32
        .short 10
        .endr
/* T2 as vpermi2d controls (16..31 select the second operand):
 * OX = X.d0 Y.d0 X.d2 Y.d2 ..., OY = X.d1 Y.d1 X.d3 Y.d3 ...  */
.Lt2x:
        .long 0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30
.Lt2y:
        .long 1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31
/* T8 as vpermi2q controls (qword indices; 8..15 select the second
 * operand): OX = X.q0 X.q1 Y.q0 Y.q1 X.q4 X.q5 Y.q4 Y.q5,
 * OY = X.q2 X.q3 Y.q2 Y.q3 X.q6 X.q7 Y.q6 Y.q7.  */
.Lt8a:
        .quad 0, 1, 8, 9, 4, 5, 12, 13
.Lt8b:
        .quad 2, 3, 10, 11, 6, 7, 14, 15

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
