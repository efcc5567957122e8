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
 * R^2/128).  Each butterfly, each lazy Barrett reduction and the final
 * scaling are the very operations of the portable kernels
 * (cipher/mlkem-poly-generic.c: ntt_generic, invntt_tomont_generic),
 * done on 16 int16_t lanes at a time, so the outputs are bit-identical
 * to the portable ones and obey the same bounds (mlkem-ops.h): NTT
 * output |r_i| <= (q-1)/2, inverse NTT output |r_i| < q, every
 * intermediate below 8q < 2^15.
 *
 * Montgomery multiplication by a constant C (R = 2^16), 16 lanes:
 *   t = mullo (b, C * q^-1 mod 2^16);  r = mulhi (b, C) - mulhi (t, q)
 * which is exactly the portable fqmul: the low halves of b*C and t*q
 * agree, so no borrow is lost.  Barrett reduction: t = mulhi (a, v),
 * then vpmulhrsw by 32 computes (t + 2^9) >> 10, which equals the
 * portable (a*v + 2^25) >> 26; r = a - t*q.
 *
 * Layout: coefficients stay in the standard order of mlkem-ops.h in
 * memory.  Layers with LEN >= 16 pair whole registers.  Layers with
 * LEN = 8, 4, 2 work on a block of 32 coefficients in two registers
 * A, B; before each of them a 2x2 transpose of 8-, 4- or 2-lane groups
 * (S8: vperm2i128, S4: vpunpck[lh]qdq, S2: shifts and vpblendd) puts
 * the two inputs of every butterfly into the same lane of two
 * registers.  The transposes are involutions, so after the LEN = 2
 * layer the forward NTT applies S2, S4, S8 again to restore the
 * standard order, and the inverse NTT starts with S8, S4, S2 and then
 * undoes them one per layer.  The twiddle vectors for this lane order
 * come from cipher/gen-mlkem-avx2-tables.c (mlkem-tables-avx2.h),
 * which also documents the entry numbers used below; an entry is 64
 * bytes: 16 multipliers C, then 16 values C * q^-1 mod 2^16.
 *
 * Schedule (forward): pass 1 loads four registers at distance 64
 * coefficients (layers 128 and 64) from A and stores to R, four times;
 * pass 2 loads 64 consecutive coefficients from R (layers 32, 16, 8,
 * 4, 2 and the final Barrett reduction) and stores them back, four
 * times.  The inverse runs the mirror image (pass 2 first, reading A).
 *
 * Register plan:
 *   ymm0-ymm7   coefficients (two sets of four during the transposes)
 *   ymm8-ymm11  product temporaries
 *   ymm15       q in every lane
 *   rdi  R (output), rsi  A (input), rdx  twiddle table
 * No stack is used; only caller-saved registers are touched.  All
 * ymm registers are cleared on exit (vzeroall), as they held secret
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

/* Barrett reduction of A to [-(q-1)/2, (q-1)/2].  */
#define BARRETT(a, t) \
        vpmulhw .Lbarrett_v rRIP, a, t; \
        vpmulhrsw .Lround32 rRIP, t, t; \
        vpmullw QV, t, t; \
        vpsubw t, a, a;

/* 2x2 transposes of groups of 8, 4 and 2 lanes: (X, Y) -> (OX, OY).
 * The outputs must be other registers than the inputs.  */
#define S8(x, y, ox, oy) \
        vperm2i128 $0x20, y, x, ox; \
        vperm2i128 $0x31, y, x, oy;

#define S4(x, y, ox, oy) \
        vpunpcklqdq y, x, ox; \
        vpunpckhqdq y, x, oy;

#define S2(x, y, ox, oy) \
        vpsllq $32, y, ox; \
        vpblendd $0xaa, ox, x, ox; \
        vpsrlq $32, x, oy; \
        vpblendd $0xaa, y, oy, oy;

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

/* Load/store four registers at byte offsets OFF + STEP * i of PTR.  */
#define LOAD4(ptr, off, step, r0, r1, r2, r3) \
        vmovdqu (off)(ptr), r0; \
        vmovdqu ((off) + (step))(ptr), r1; \
        vmovdqu ((off) + 2 * (step))(ptr), r2; \
        vmovdqu ((off) + 3 * (step))(ptr), r3;

#define STORE4(ptr, off, step, r0, r1, r2, r3) \
        vmovdqu r0, (off)(ptr); \
        vmovdqu r1, ((off) + (step))(ptr); \
        vmovdqu r2, ((off) + 2 * (step))(ptr); \
        vmovdqu r3, ((off) + 3 * (step))(ptr);


/* Forward pass 1: coefficients 16J.. of each quarter, J = 2I and
 * 2I+1; layer LEN = 128 (entry 0) and LEN = 64 (entries 1, 2).  */
#define NTT_PASS1(i) \
        LOAD4(%rsi, 64 * (i), 128, C0, C1, C2, C3) \
        LOAD4(%rsi, 64 * (i) + 32, 128, C4, C5, C6, C7) \
        BFLY_CT(C0, C2, T0, 0) \
        BFLY_CT(C4, C6, T1, 0) \
        BFLY_CT(C1, C3, T2, 0) \
        BFLY_CT(C5, C7, T3, 0) \
        BFLY_CT(C0, C1, T0, 1) \
        BFLY_CT(C4, C5, T1, 1) \
        BFLY_CT(C2, C3, T2, 2) \
        BFLY_CT(C6, C7, T3, 2) \
        STORE4(%rdi, 64 * (i), 128, C0, C1, C2, C3) \
        STORE4(%rdi, 64 * (i) + 32, 128, C4, C5, C6, C7)

/* Forward pass 2 on quarter P (coefficients 64P .. 64P+63 of R):
 * LEN = 32, 16 across registers, then blocks 2P and 2P+1 in
 * (C0, C1) and (C2, C3) through LEN = 8, 4, 2.  */
#define NTT_PASS2(p) \
        LOAD4(%rdi, 128 * (p), 32, C0, C1, C2, C3) \
        BFLY_CT(C0, C2, T0, 3 + (p)) \
        BFLY_CT(C1, C3, T1, 3 + (p)) \
        BFLY_CT(C0, C1, T2, 7 + 2 * (p)) \
        BFLY_CT(C2, C3, T3, 8 + 2 * (p)) \
        S8(C0, C1, C4, C5) \
        S8(C2, C3, C6, C7) \
        BFLY_CT(C4, C5, T0, 15 + 2 * (p)) \
        BFLY_CT(C6, C7, T1, 16 + 2 * (p)) \
        S4(C4, C5, C0, C1) \
        S4(C6, C7, C2, C3) \
        BFLY_CT(C0, C1, T2, 23 + 2 * (p)) \
        BFLY_CT(C2, C3, T3, 24 + 2 * (p)) \
        S2(C0, C1, C4, C5) \
        S2(C2, C3, C6, C7) \
        BFLY_CT(C4, C5, T0, 31 + 2 * (p)) \
        BFLY_CT(C6, C7, T1, 32 + 2 * (p)) \
        BARRETT(C4, T2) \
        BARRETT(C5, T3) \
        BARRETT(C6, T0) \
        BARRETT(C7, T1) \
        S2(C4, C5, C0, C1) \
        S2(C6, C7, C2, C3) \
        S4(C0, C1, C4, C5) \
        S4(C2, C3, C6, C7) \
        S8(C4, C5, C0, C1) \
        S8(C6, C7, C2, C3) \
        STORE4(%rdi, 128 * (p), 32, C0, C1, C2, C3)

/* Inverse pass 1 on quarter P of A, stored to R: blocks 2P, 2P+1
 * through LEN = 2, 4, 8 (sums of LEN = 8 Barrett-reduced), then
 * LEN = 16 and 32 across registers.  */
#define INVNTT_PASS1(p) \
        LOAD4(%rsi, 128 * (p), 32, C0, C1, C2, C3) \
        S8(C0, C1, C4, C5) \
        S8(C2, C3, C6, C7) \
        S4(C4, C5, C0, C1) \
        S4(C6, C7, C2, C3) \
        S2(C0, C1, C4, C5) \
        S2(C2, C3, C6, C7) \
        BFLY_GS(C4, C5, T0, 0 + 2 * (p)) \
        BFLY_GS(C6, C7, T1, 1 + 2 * (p)) \
        S2(C4, C5, C0, C1) \
        S2(C6, C7, C2, C3) \
        BFLY_GS(C0, C1, T2, 8 + 2 * (p)) \
        BFLY_GS(C2, C3, T3, 9 + 2 * (p)) \
        S4(C0, C1, C4, C5) \
        S4(C2, C3, C6, C7) \
        BFLY_GS(C4, C5, T0, 16 + 2 * (p)) \
        BFLY_GS(C6, C7, T1, 17 + 2 * (p)) \
        BARRETT(C4, T2) \
        BARRETT(C6, T3) \
        S8(C4, C5, C0, C1) \
        S8(C6, C7, C2, C3) \
        BFLY_GS(C0, C1, T0, 24 + 2 * (p)) \
        BFLY_GS(C2, C3, T1, 25 + 2 * (p)) \
        BFLY_GS(C0, C2, T2, 32 + (p)) \
        BFLY_GS(C1, C3, T3, 32 + (p)) \
        STORE4(%rdi, 128 * (p), 32, C0, C1, C2, C3)

/* Inverse pass 2 on R: LEN = 64 (entries 36, 37; sums reduced),
 * LEN = 128 (entry 38), scaling by entry 39.  */
#define INVNTT_PASS2(i) \
        LOAD4(%rdi, 64 * (i), 128, C0, C1, C2, C3) \
        LOAD4(%rdi, 64 * (i) + 32, 128, C4, C5, C6, C7) \
        BFLY_GS(C0, C1, T0, 36) \
        BFLY_GS(C4, C5, T1, 36) \
        BFLY_GS(C2, C3, T2, 37) \
        BFLY_GS(C6, C7, T3, 37) \
        BARRETT(C0, T0) \
        BARRETT(C4, T1) \
        BARRETT(C2, T2) \
        BARRETT(C6, T3) \
        BFLY_GS(C0, C2, T0, 38) \
        BFLY_GS(C4, C6, T1, 38) \
        BFLY_GS(C1, C3, T2, 38) \
        BFLY_GS(C5, C7, T3, 38) \
        FQMUL(C0, T0, 39) \
        FQMUL(C1, T1, 39) \
        FQMUL(C2, T2, 39) \
        FQMUL(C3, T3, 39) \
        FQMUL(C4, T0, 39) \
        FQMUL(C5, T1, 39) \
        FQMUL(C6, T2, 39) \
        FQMUL(C7, T3, 39) \
        STORE4(%rdi, 64 * (i), 128, C0, C1, C2, C3) \
        STORE4(%rdi, 64 * (i) + 32, 128, C4, C5, C6, C7)


.text

/* void _gcry_mlkem_ntt_avx2 (s16 r[256], const s16 a[256],
 *                            const s16 zetas[39][2][16]);
 * R = NTT (A) in standard order.  In: |a_i| < q.  Out: |r_i| <= (q-1)/2.  */
.align 16
ELF(.type _gcry_mlkem_ntt_avx2,@function)
.globl _gcry_mlkem_ntt_avx2
_gcry_mlkem_ntt_avx2:
        CFI_STARTPROC()
        vmovdqa .Lq rRIP, QV
        NTT_PASS1(0)
        NTT_PASS1(1)
        NTT_PASS2(0)
        NTT_PASS2(1)
        NTT_PASS2(2)
        NTT_PASS2(3)
        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_ntt_avx2,.-_gcry_mlkem_ntt_avx2)

/* void _gcry_mlkem_invntt_avx2 (s16 r[256], const s16 a[256],
 *                               const s16 zetas[40][2][16]);
 * R = NTT^-1 (A) * R.  In: |a_i| < q, standard order.  Out: |r_i| < q.  */
.align 16
ELF(.type _gcry_mlkem_invntt_avx2,@function)
.globl _gcry_mlkem_invntt_avx2
_gcry_mlkem_invntt_avx2:
        CFI_STARTPROC()
        vmovdqa .Lq rRIP, QV
        INVNTT_PASS1(0)
        INVNTT_PASS1(1)
        INVNTT_PASS1(2)
        INVNTT_PASS1(3)
        INVNTT_PASS2(0)
        INVNTT_PASS2(1)
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
/* round (2^26 / q) = 20159, the Barrett multiplier.  */
.Lbarrett_v:
        .rept 16
        .short 20159
        .endr
/* vpmulhrsw by 2^5 computes (x * 2^5 + 2^14) >> 15 = (x + 2^9) >> 10.  */
.Lround32:
        .rept 16
        .short 32
        .endr

#endif /* __x86_64__ && ENABLE_AVX2_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
