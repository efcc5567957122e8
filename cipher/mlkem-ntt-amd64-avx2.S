/* mlkem-ntt-amd64-avx2.S - ML-KEM forward and inverse NTT, AVX2
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
 * layers with distance LEN = 128 down to 2) and Algorithm 10 (NTT^-1,
 * Gentleman-Sande butterflies, LEN = 2 up to 128, then the factor
 * R^2/128), on 16 int16_t lanes at a time.  The results are equal mod
 * q to those of the portable kernels (cipher/mlkem-poly-generic.c),
 * but neither the representatives nor the NTT-domain order are the
 * same (see Layout).
 *
 * Montgomery multiplication by a constant C (R = 2^16), 16 lanes:
 *   t = mullo (b, C * q^-1 mod 2^16);  r = mulhi (b, C) - mulhi (t, q)
 * The low halves of b*C and t*q agree, so r = (b*C - t*q) / 2^16
 * exactly, and |r| <= (|b| |C| + 2^15 q) / 2^16 < |b| |C| / 2^16
 * + 1665; with |C| <= (q-1)/2 that is below q for every int16_t b.
 *
 * Reduction: t = vpmulhrsw (a, 10) = round (10 a / 2^15), r = a - t*q.
 * 10 / 2^15 exceeds 1/q by e = 0.1568 / 2^15, so t = round (a/q + d)
 * with |d| <= |a| e, and |r| <= q (1/2 + |a| e) < 0.66 q for every
 * int16_t a.  It is not the centered Barrett reduction of the
 * portable code (its outputs may differ by q), but it needs one
 * multiplication less.
 *
 * Bounds (worst case, |.|): forward, from |a_i| < q, each layer adds
 * at most the bound of a Montgomery product (< 2034 here), so after
 * the seven layers |x| <= 16545 and after the final reduction
 * |r_i| < 0.58 q.  Inverse, from |a_i| < q: the sums double per
 * layer, the differences go through a Montgomery product (< 2341).
 * Reducing the sums of the LEN = 8 layer (one register per block) and
 * the sixteen coefficients 128..143 after LEN = 32 keeps every sum
 * and difference of every layer at most 29900 < 2^15 (a worst-case
 * bound computed coefficient by coefficient; without the second
 * reduction coefficient 0 could reach 37448).  The last layer
 * multiplies the differences by zeta_1 * R/128 and the sums by
 * R^2/128 (entries 38, 39 of the table), so there is no separate
 * scaling pass; |r_i| < 0.73 q.
 *
 * Layout: the forward NTT reads A in the standard order.  Pass 1
 * loads eight registers at distance 32 coefficients (layers 128, 64,
 * 32), twice.  Pass 2 loads 128 consecutive coefficients, four blocks
 * of 32 in two registers A, B each, and runs LEN = 16 between A and
 * B, then LEN = 8, 4, 2 inside the block after a transpose each
 * (S8: vperm2i128 of the 128-bit halves; D: vpunpck[lh]dq, the dwords
 * of each half interleaved, twice), which puts the two inputs of every
 * butterfly into the same lane of two registers X, Y.  It stores X, Y
 * as they are: that is the NTT-domain order of the AVX2 set, in block
 * m (coefficients 32m..32m+31) the residues (fhat_2i, fhat_2i+1)
 * with i = 16m, 16m+2, ..., 16m+14 in words 0..15 and i = 16m+1,
 * 16m+3, ..., 16m+15 in words 16..31.  The inverse NTT starts from
 * that order, undoes D twice (vshufps) and S8 between its layers,
 * and writes the standard order.  cipher/gen-mlkem-avx2-tables.c
 * derives the twiddle vectors for these lane orders and documents the
 * entry numbers used below; an entry is 64 bytes: 16 multipliers C,
 * then 16 values C * q^-1 mod 2^16.
 *
 * Register plan:
 *   ymm0-ymm7   coefficients
 *   ymm8-ymm11  product temporaries; the transposes rotate the roles
 *               of a block's two registers and its temporary
 *   ymm14       10 in every lane (the reduction)
 *   ymm15       q in every lane
 *   rdi  R (output), rsi  A (input), rdx  twiddle table
 * No stack is used; only caller-saved registers are touched.  All ymm
 * registers are cleared on exit (vzeroall), as they held secret
 * coefficients.
 *
 * Constant time: no data-dependent branches or addresses.
 *
 * Requires: AVX2 (HWF_INTEL_AVX2).
 *
 * C prototypes (cipher/mlkem-avx2.h):
 *   void _gcry_mlkem_ntt_avx2 (s16 r[256], const s16 a[256],
 *                              const s16 zetas[39][2][16]);
 *   void _gcry_mlkem_invntt_avx2 (s16 r[256], const s16 a[256],
 *                                 const s16 zetas[40][2][16]);
 * R and A may be the same array.  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX2_SUPPORT)))

#define QV  %ymm15
#define ZT  %rdx

#define ZETA(e)   (64 * (e))(ZT)
#define ZETAQ(e)  (64 * (e) + 32)(ZT)

/* Cooley-Tukey butterfly with twiddle entry E:
 * t = B * zeta (Montgomery), B = A - t, A = A + t.  */
#define BFLY_CT(a, b, t, e) \
        vpmullw ZETAQ(e), b, t; \
        vpmulhw ZETA(e), b, b; \
        vpmulhw QV, t, t; \
        vpsubw t, b, t; \
        vpsubw t, a, b; \
        vpaddw t, a, a;

/* Gentleman-Sande butterfly with twiddle entry E:
 * A = A + B, B = (B - A) * zeta (Montgomery).  */
#define BFLY_GS(a, b, t, e) \
        vpsubw a, b, t; \
        vpaddw b, a, a; \
        vpmullw ZETAQ(e), t, b; \
        vpmulhw ZETA(e), t, t; \
        vpmulhw QV, b, b; \
        vpsubw b, t, b;

/* A = A * C (Montgomery) with the constant of entry E.  */
#define FQMUL(a, t, e) \
        vpmullw ZETAQ(e), a, t; \
        vpmulhw ZETA(e), a, a; \
        vpmulhw QV, t, t; \
        vpsubw t, a, a;

/* A = A - round (10 A / 2^15) * q, |A| < 0.66 q afterwards (see
 * above).  */
#define REDUCE(a, t) \
        vpmulhrsw V10, a, t; \
        vpmullw QV, t, t; \
        vpsubw t, a, a;

/* Transposes of the block (X, Y) with the free register F.  After
 * each, the block is (F, Y) and X is free.  S8: the 128-bit halves;
 * D: the dwords of each half interleaved; DINV: the inverse of D.  */
#define S8(x, y, f) \
        vperm2i128 $0x20, y, x, f; \
        vperm2i128 $0x31, y, x, y;

#define D(x, y, f) \
        vpunpckldq y, x, f; \
        vpunpckhdq y, x, y;

#define DINV(x, y, f) \
        vshufps $0x88, y, x, f; \
        vshufps $0xdd, y, x, y;

/* Coefficient registers.  */
#define C0 %ymm0
#define C1 %ymm1
#define C2 %ymm2
#define C3 %ymm3
#define C4 %ymm4
#define C5 %ymm5
#define C6 %ymm6
#define C7 %ymm7
#define T0 %ymm8
#define T1 %ymm9
#define T2 %ymm10
#define T3 %ymm11
#define V10 %ymm14

/* Load/store eight registers at byte offsets OFF + STEP * i of PTR.  */
#define LOAD8(ptr, off, step) \
        vmovdqu (off)(ptr), C0; \
        vmovdqu ((off) + (step))(ptr), C1; \
        vmovdqu ((off) + 2 * (step))(ptr), C2; \
        vmovdqu ((off) + 3 * (step))(ptr), C3; \
        vmovdqu ((off) + 4 * (step))(ptr), C4; \
        vmovdqu ((off) + 5 * (step))(ptr), C5; \
        vmovdqu ((off) + 6 * (step))(ptr), C6; \
        vmovdqu ((off) + 7 * (step))(ptr), C7;

#define STORE8(ptr, off, step, r0, r1, r2, r3, r4, r5, r6, r7) \
        vmovdqu r0, (off)(ptr); \
        vmovdqu r1, ((off) + (step))(ptr); \
        vmovdqu r2, ((off) + 2 * (step))(ptr); \
        vmovdqu r3, ((off) + 3 * (step))(ptr); \
        vmovdqu r4, ((off) + 4 * (step))(ptr); \
        vmovdqu r5, ((off) + 5 * (step))(ptr); \
        vmovdqu r6, ((off) + 6 * (step))(ptr); \
        vmovdqu r7, ((off) + 7 * (step))(ptr);


/* Forward pass 1: the coefficients 16O + 32k + (0..15), k = 0..7, in
 * C0..C7 (O = 0, 1); layers LEN = 128 (entry 0), 64 (entries 1, 2)
 * and 32 (entries 3..6).  */
#define NTT_PASS1(o) \
        LOAD8(%rsi, 32 * (o), 64) \
        BFLY_CT(C0, C4, T0, 0) \
        BFLY_CT(C1, C5, T1, 0) \
        BFLY_CT(C2, C6, T2, 0) \
        BFLY_CT(C3, C7, T3, 0) \
        BFLY_CT(C0, C2, T0, 1) \
        BFLY_CT(C1, C3, T1, 1) \
        BFLY_CT(C4, C6, T2, 2) \
        BFLY_CT(C5, C7, T3, 2) \
        BFLY_CT(C0, C1, T0, 3) \
        BFLY_CT(C2, C3, T1, 4) \
        BFLY_CT(C4, C5, T2, 5) \
        BFLY_CT(C6, C7, T3, 6) \
        STORE8(%rdi, 32 * (o), 64, C0, C1, C2, C3, C4, C5, C6, C7)

/* Forward pass 2 on blocks M = 4P .. 4P+3 (coefficients 128P ..
 * 128P+127 of R), block 4P+j in (C2j, C2j+1): LEN = 16 (entry 7+M),
 * S8, LEN = 8 (15+M), D, LEN = 4 (23+M), D, LEN = 2 (31+M), the
 * reduction, and the store in the AVX2 order.  */
#define NTT_PASS2(p) \
        LOAD8(%rdi, 256 * (p), 32) \
        BFLY_CT(C0, C1, T0, 7 + 4 * (p)) \
        BFLY_CT(C2, C3, T1, 8 + 4 * (p)) \
        BFLY_CT(C4, C5, T2, 9 + 4 * (p)) \
        BFLY_CT(C6, C7, T3, 10 + 4 * (p)) \
        S8(C0, C1, T0) \
        S8(C2, C3, T1) \
        S8(C4, C5, T2) \
        S8(C6, C7, T3) \
        BFLY_CT(T0, C1, C0, 15 + 4 * (p)) \
        BFLY_CT(T1, C3, C2, 16 + 4 * (p)) \
        BFLY_CT(T2, C5, C4, 17 + 4 * (p)) \
        BFLY_CT(T3, C7, C6, 18 + 4 * (p)) \
        D(T0, C1, C0) \
        D(T1, C3, C2) \
        D(T2, C5, C4) \
        D(T3, C7, C6) \
        BFLY_CT(C0, C1, T0, 23 + 4 * (p)) \
        BFLY_CT(C2, C3, T1, 24 + 4 * (p)) \
        BFLY_CT(C4, C5, T2, 25 + 4 * (p)) \
        BFLY_CT(C6, C7, T3, 26 + 4 * (p)) \
        D(C0, C1, T0) \
        D(C2, C3, T1) \
        D(C4, C5, T2) \
        D(C6, C7, T3) \
        BFLY_CT(T0, C1, C0, 31 + 4 * (p)) \
        BFLY_CT(T1, C3, C2, 32 + 4 * (p)) \
        BFLY_CT(T2, C5, C4, 33 + 4 * (p)) \
        BFLY_CT(T3, C7, C6, 34 + 4 * (p)) \
        REDUCE(T0, C0) \
        REDUCE(C1, C2) \
        REDUCE(T1, C4) \
        REDUCE(C3, C6) \
        REDUCE(T2, C0) \
        REDUCE(C5, C2) \
        REDUCE(T3, C4) \
        REDUCE(C7, C6) \
        STORE8(%rdi, 256 * (p), 32, T0, C1, T1, C3, T2, C5, T3, C7)

/* Inverse pass 1 on blocks M = 4P .. 4P+3 of A (AVX2 order), stored
 * to R in the standard order: LEN = 2 (entry M), DINV, LEN = 4
 * (8+M), DINV, LEN = 8 (16+M) with its sums reduced, S8, LEN = 16
 * (24+M).  */
#define INVNTT_PASS1(p) \
        LOAD8(%rsi, 256 * (p), 32) \
        BFLY_GS(C0, C1, T0, 0 + 4 * (p)) \
        BFLY_GS(C2, C3, T1, 1 + 4 * (p)) \
        BFLY_GS(C4, C5, T2, 2 + 4 * (p)) \
        BFLY_GS(C6, C7, T3, 3 + 4 * (p)) \
        DINV(C0, C1, T0) \
        DINV(C2, C3, T1) \
        DINV(C4, C5, T2) \
        DINV(C6, C7, T3) \
        BFLY_GS(T0, C1, C0, 8 + 4 * (p)) \
        BFLY_GS(T1, C3, C2, 9 + 4 * (p)) \
        BFLY_GS(T2, C5, C4, 10 + 4 * (p)) \
        BFLY_GS(T3, C7, C6, 11 + 4 * (p)) \
        DINV(T0, C1, C0) \
        DINV(T1, C3, C2) \
        DINV(T2, C5, C4) \
        DINV(T3, C7, C6) \
        BFLY_GS(C0, C1, T0, 16 + 4 * (p)) \
        BFLY_GS(C2, C3, T1, 17 + 4 * (p)) \
        BFLY_GS(C4, C5, T2, 18 + 4 * (p)) \
        BFLY_GS(C6, C7, T3, 19 + 4 * (p)) \
        REDUCE(C0, T0) \
        REDUCE(C2, T1) \
        REDUCE(C4, T2) \
        REDUCE(C6, T3) \
        S8(C0, C1, T0) \
        S8(C2, C3, T1) \
        S8(C4, C5, T2) \
        S8(C6, C7, T3) \
        BFLY_GS(T0, C1, C0, 24 + 4 * (p)) \
        BFLY_GS(T1, C3, C2, 25 + 4 * (p)) \
        BFLY_GS(T2, C5, C4, 26 + 4 * (p)) \
        BFLY_GS(T3, C7, C6, 27 + 4 * (p)) \
        STORE8(%rdi, 256 * (p), 32, T0, C1, T1, C3, T2, C5, T3, C7)

/* Inverse pass 2 on R: the coefficients 16O + 32k + (0..15),
 * k = 0..7, in C0..C7; LEN = 32 (entries 32..35), then R_O (the
 * reduction of C4, i.e. coefficients 128..143, for O = 0 only),
 * LEN = 64 (entries 36, 37), LEN = 128 with the final factor
 * (entries 38, 39).  */
#define INVNTT_PASS2(o, r_o) \
        LOAD8(%rdi, 32 * (o), 64) \
        BFLY_GS(C0, C1, T0, 32) \
        BFLY_GS(C2, C3, T1, 33) \
        BFLY_GS(C4, C5, T2, 34) \
        BFLY_GS(C6, C7, T3, 35) \
        r_o \
        BFLY_GS(C0, C2, T0, 36) \
        BFLY_GS(C1, C3, T1, 36) \
        BFLY_GS(C4, C6, T2, 37) \
        BFLY_GS(C5, C7, T3, 37) \
        BFLY_GS(C0, C4, T0, 38) \
        BFLY_GS(C1, C5, T1, 38) \
        BFLY_GS(C2, C6, T2, 38) \
        BFLY_GS(C3, C7, T3, 38) \
        FQMUL(C0, T0, 39) \
        FQMUL(C1, T1, 39) \
        FQMUL(C2, T2, 39) \
        FQMUL(C3, T3, 39) \
        STORE8(%rdi, 32 * (o), 64, C0, C1, C2, C3, C4, C5, C6, C7)

#define REDUCE_C4 REDUCE(C4, T2)
#define NO_REDUCE


.text

/* void _gcry_mlkem_ntt_avx2 (s16 r[256], const s16 a[256],
 *                            const s16 zetas[39][2][16]);
 * R = NTT (A) in the AVX2 order.  In: |a_i| < q.  Out: |r_i| < 0.58 q.  */
.align 16
ELF(.type _gcry_mlkem_ntt_avx2,@function)
.globl _gcry_mlkem_ntt_avx2
_gcry_mlkem_ntt_avx2:
        CFI_STARTPROC()
        vmovdqa .Lq rRIP, QV
        vmovdqa .Lten rRIP, V10
        NTT_PASS1(0)
        NTT_PASS1(1)
        NTT_PASS2(0)
        NTT_PASS2(1)
        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_ntt_avx2,.-_gcry_mlkem_ntt_avx2)

/* void _gcry_mlkem_invntt_avx2 (s16 r[256], const s16 a[256],
 *                               const s16 zetas[40][2][16]);
 * R = NTT^-1 (A) * R.  In: |a_i| < q, AVX2 order.  Out: |r_i| < 0.73 q,
 * standard order.  */
.align 16
ELF(.type _gcry_mlkem_invntt_avx2,@function)
.globl _gcry_mlkem_invntt_avx2
_gcry_mlkem_invntt_avx2:
        CFI_STARTPROC()
        vmovdqa .Lq rRIP, QV
        vmovdqa .Lten rRIP, V10
        INVNTT_PASS1(0)
        INVNTT_PASS1(1)
        INVNTT_PASS2(0, REDUCE_C4)
        INVNTT_PASS2(1, NO_REDUCE)
        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_invntt_avx2,.-_gcry_mlkem_invntt_avx2)

ELF(.section .rodata)
.align 32
/* q = 3329 in every lane.  */
.Lq:
        .rept 16
        .short 3329
        .endr
/* 10 in every lane, for vpmulhrsw: round (10 a / 2^15), about a / q.  */
.Lten:
        .rept 16
        .short 10
        .endr

#endif /* __x86_64__ && ENABLE_AVX2_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
