/* mldsa-ntt-amd64-avx2.S - ML-DSA forward and inverse NTT, AVX2
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

/* Algorithm: the NTT of FIPS 204 Algorithm 41 and the inverse NTT of
 * Algorithm 42 times 2^32 (contract: cipher/mldsa-ops.h), on signed
 * coefficients, in two passes over memory:
 *   forward (Cooley-Tukey):  t = b z;  b = a - t;  a = a + t
 *   inverse (Gentleman-Sande): a' = a + b;  b' = (a - b) z
 * The products by a twiddle z are Shoup products, except in the
 * forward layer 128 and the inverse layer 128 (merged with the
 * scaling), which are Montgomery products.
 *
 * Shoup product.  With z' = round (z 2^32 / q) (|z| < q/2, so
 * |z'| < 2^31) and h = floor (b z' / 2^32) (the high word of the
 * signed 64-bit product), r = b z - h q is b z mod q, computed as the
 * difference of the low words lo (b z) - lo (h q) (the true value fits
 * in 32 bits, see below).  Write b z' / 2^32 = b z / q + e with
 * e = b (z' - z 2^32 / q) / 2^32, |e| <= |b| / 2^33; then
 * r / q = b z / q - floor (b z / q + e) lies in [-e, 1 - e).  Cost per
 * eight coefficients: vpmuldq for the even and for the odd lanes
 * (the odd coefficients shifted down, their z' from a second
 * vector), two shuffles to gather the eight high words, two vpmulld
 * and a subtraction; no 64-bit arithmetic.
 *
 * Montgomery product (MONT): mont (x * z) = (x z - t q) / 2^32 with
 * t = x (z q^-1 mod 2^32) mod 2^32 (the low words of x z and t q are
 * equal); vpmuldq on the even lanes and on the odd ones moved down,
 * vmovshdup and vpblendd gather the results.  |t| <= 2^31 gives
 * |mont (x * z)| <= q/2 + |x z| / 2^32.  The inverse NTT's last layer
 * is a' = mont ((a + b) F), b' = mont ((a - b) G) with
 * F = 2^64/256 mod q and G = -zetas[1] F / 2^32 (mldsa-tables.h).
 *
 * Bounds, forward: in |a| < q (contract).  Layer 128 (Montgomery,
 * |z| < q/2): |t| < q/2 + q^2/2^33 < 0.501 q, so |a| < 1.501 q.  A
 * Shoup layer with inputs |a| < B adds or subtracts t with t / q in
 * [-e, 1 - e), |e| <= B / 2^33, so B grows to B + q + B q / 2^33;
 * from 1.501 q, the seven Shoup layers end below 8.54 q < 9q (the
 * contract's output bound).  With a Shoup product in layer 128 too
 * the bound would reach 9.04 q, hence the Montgomery layer.  All sums
 * stay below 2^31.
 * Bounds, inverse: in |a| < q.  The sums at most double per layer,
 * so after layer 2^(k-1) |a| < 2^k q; a Shoup product of a difference
 * |d| < 2^k q <= 128 q is below (1 + 2^k q / 2^33) q < 1.13 q, never
 * the maximum.  The last layer gets |a + b|, |a - b| < 256 q < 2^31 and
 * its Montgomery products are below q/2 + |G|/2 < 0.74 q; out |a| < q.
 *
 * Layout: standard coefficient order (8 coefficients per ymm) in
 * memory before and after; the twiddles are 32-byte vectors read as
 * memory operands (cipher/mldsa-tables-avx2.h, layout described in
 * cipher/gen-mldsa-avx2-tables.c).
 *
 * Schedule of the forward NTT:
 *   pass 1: for each of the 4 columns c (coefficients 8c + 32k,
 *           k = 0..7, one ymm each), layers 128, 64 and 32;
 *   pass 2: for each group g of 64 coefficients (8 ymm, register i
 *           holding 64g + 8i .. 64g + 8i + 7): layers 16 and 8
 *           between registers, an 8 x 8 transposition of the 32-bit
 *           words (then lane i of register j holds 64g + 8i + j),
 *           layers 4, 2, 1 between registers with per-lane twiddles,
 *           and the transposition again (it is an involution).
 * The inverse NTT runs the same steps backwards: pass 2
 * (transposition, layers 1, 2, 4, transposition, layers 8, 16) and
 * pass 1 (layers 32, 64, merged 128 + scaling).
 *
 * Register plan:
 *   pass 1:  ymm0-ymm7 data (a column), ymm8-ymm10 temporaries,
 *            ymm13 scratch, ymm15 q in every lane;
 *   pass 2:  before and after the transpositions as pass 1 with q in
 *            ymm11; in between ymm8-ymm15 data (register 8 + j holds
 *            the coefficients 8i + j), ymm0-ymm2 temporaries, ymm3 q;
 *            the transpositions use all sixteen registers;
 *   rdi coefficients, rsi table, rdx table cursor, rax the vector of
 *   q, ecx loop counter.
 *
 * Constant time: no data-dependent branches or addresses.  All ymm
 * registers are cleared on exit (vzeroall).
 *
 * Requires: AVX2 (HWF_INTEL_AVX2).
 *
 * C prototypes (cipher/mldsa-avx2.h):
 *   void _gcry_mldsa_ntt_avx2 (s32 a[256], const s32 table[1168]);
 *   void _gcry_mldsa_invntt_avx2 (s32 a[256], const s32 table[1184]);  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX2_SUPPORT)))

#define T0  %ymm8
#define T1  %ymm9
#define T2  %ymm10
#define QV  %ymm15

/* A = mont (A * z) lane by lane: ZE/ZQE are read for the even lanes,
 * ZO/ZQO (the odd lanes' values moved to even positions) for the odd
 * ones; each may be a register or a memory operand.  Clobbers
 * T0-T2.  */
.macro MONT a, ze, zqe, zo, zqo
	vpmuldq		\zqe, \a, T0
	vpsrlq		$32, \a, T1
	vpmuldq		\zqo, T1, T2
	vpmuldq		\ze, \a, \a
	vpmuldq		\zo, T1, T1
	vpmuldq		QV, T0, T0
	vpmuldq		QV, T2, T2
	vpsubq		T0, \a, \a
	vpsubq		T2, T1, T1
	vmovshdup	\a, \a
	vpblendd	$0xaa, T1, \a, \a
.endm

/* Cooley-Tukey butterfly with a Montgomery product by the broadcast
 * z, z q^-1 at OFF(BASE), OFF+32(BASE).  */
.macro CT_MONT x, y, off, base
	MONT		\y, \off(\base), \off+32(\base), \off(\base), \off+32(\base)
	vpsubd		\y, \x, T0
	vpaddd		\y, \x, \x
	vmovdqa		T0, \y
.endm

/* R = Y z mod q by a Shoup product, R / q in [-e, 1 - e) (header):
 * Z holds z, ZPE z' for the even lanes, ZPO z' of the odd lanes moved
 * to the even positions, QR q in every lane.  Y is kept; clobbers
 * T0, T1.  */
.macro SHOUP r, y, z, zpe, zpo, qr, t0, t1
	vpmuldq		\zpe, \y, \t0
	vpsrlq		$32, \y, \t1
	vpmuldq		\zpo, \t1, \t1
	vpmulld		\z, \y, \r
	vmovshdup	\t0, \t0
	vpblendd	$0xaa, \t1, \t0, \t0
	vpmulld		\qr, \t0, \t0
	vpsubd		\t0, \r, \r
.endm

/* Cooley-Tukey butterfly, (X, Y) = (X + Y z, X - Y z), temporaries
 * T0-T2.  The Shoup product is written out so that lo (Y z) is added
 * and subtracted while h q is computed: X + (lo (Y z) - lo (h q)) as
 * (X + lo (Y z)) - lo (h q) (all modulo 2^32, the end results fit)
 * takes one more addition but shortens the dependency chain.  */
.macro CT x, y, z, zpe, zpo, qr, t0, t1, t2
	vpmuldq		\zpe, \y, \t0
	vpsrlq		$32, \y, \t1
	vpmuldq		\zpo, \t1, \t1
	vpmulld		\z, \y, \t2
	vmovshdup	\t0, \t0
	vpblendd	$0xaa, \t1, \t0, \t0
	vpsubd		\t2, \x, \y
	vpaddd		\t2, \x, \x
	vpmulld		\qr, \t0, \t0
	vpsubd		\t0, \x, \x
	vpaddd		\t0, \y, \y
.endm

/* Gentleman-Sande butterfly, (X, Y) = (X + Y, (X - Y) z).  */
.macro GS x, y, z, zpe, zpo, qr, t0, t1, t2
	vpsubd		\y, \x, \t2
	vpaddd		\y, \x, \x
	SHOUP		\y, \t2, \z, \zpe, \zpo, \qr, \t0, \t1
.endm

/* The butterflies of the two register sets: with the broadcast entry
 * at OFF(BASE) on ymm0-ymm7 (temporaries ymm8-ymm10, q in QR), and
 * with the lane entry at OFF(%rdx) on ymm8-ymm15 (temporaries
 * ymm0-ymm2, q in ymm3).  */
.macro CT_B x, y, off, base, qr
	CT		\x, \y, \off(\base), \off+32(\base), \off+32(\base), \qr, T0, T1, T2
.endm
.macro GS_B x, y, off, base, qr
	GS		\x, \y, \off(\base), \off+32(\base), \off+32(\base), \qr, T0, T1, T2
.endm
.macro CT_L x, y, off
	CT		\x, \y, \off(%rdx), \off+32(%rdx), \off+64(%rdx), %ymm3, %ymm0, %ymm1, %ymm2
.endm
.macro GS_L x, y, off
	GS		\x, \y, \off(%rdx), \off+32(%rdx), \off+64(%rdx), %ymm3, %ymm0, %ymm1, %ymm2
.endm

/* Transpose the 8 x 8 matrix of 32-bit words whose rows are R0-R7:
 * afterwards word i of S_j is word j of R_i.  R0-R7 are clobbered.
 * Three steps of eight shuffles: 32-bit interleave within the 128-bit
 * halves, 64-bit interleave, exchange of the 128-bit halves.  */
.macro TRANSPOSE8 r0, r1, r2, r3, r4, r5, r6, r7, s0, s1, s2, s3, s4, s5, s6, s7
	vpunpckldq	\r1, \r0, \s0
	vpunpckhdq	\r1, \r0, \s1
	vpunpckldq	\r3, \r2, \s2
	vpunpckhdq	\r3, \r2, \s3
	vpunpckldq	\r5, \r4, \s4
	vpunpckhdq	\r5, \r4, \s5
	vpunpckldq	\r7, \r6, \s6
	vpunpckhdq	\r7, \r6, \s7
	vpunpcklqdq	\s2, \s0, \r0
	vpunpckhqdq	\s2, \s0, \r1
	vpunpcklqdq	\s3, \s1, \r2
	vpunpckhqdq	\s3, \s1, \r3
	vpunpcklqdq	\s6, \s4, \r4
	vpunpckhqdq	\s6, \s4, \r5
	vpunpcklqdq	\s7, \s5, \r6
	vpunpckhqdq	\s7, \s5, \r7
	vperm2i128	$0x20, \r4, \r0, \s0
	vperm2i128	$0x31, \r4, \r0, \s4
	vperm2i128	$0x20, \r5, \r1, \s1
	vperm2i128	$0x31, \r5, \r1, \s5
	vperm2i128	$0x20, \r6, \r2, \s2
	vperm2i128	$0x31, \r6, \r2, \s6
	vperm2i128	$0x20, \r7, \r3, \s3
	vperm2i128	$0x31, \r7, \r3, \s7
.endm

.macro LOAD8 base, stride
	vmovdqu		0*\stride(\base), %ymm0
	vmovdqu		1*\stride(\base), %ymm1
	vmovdqu		2*\stride(\base), %ymm2
	vmovdqu		3*\stride(\base), %ymm3
	vmovdqu		4*\stride(\base), %ymm4
	vmovdqu		5*\stride(\base), %ymm5
	vmovdqu		6*\stride(\base), %ymm6
	vmovdqu		7*\stride(\base), %ymm7
.endm

.macro STORE8 base, stride
	vmovdqu		%ymm0, 0*\stride(\base)
	vmovdqu		%ymm1, 1*\stride(\base)
	vmovdqu		%ymm2, 2*\stride(\base)
	vmovdqu		%ymm3, 3*\stride(\base)
	vmovdqu		%ymm4, 4*\stride(\base)
	vmovdqu		%ymm5, 5*\stride(\base)
	vmovdqu		%ymm6, 6*\stride(\base)
	vmovdqu		%ymm7, 7*\stride(\base)
.endm

.section .rodata
.align 32
.Lmldsa_ntt_q8:
	.long 8380417, 8380417, 8380417, 8380417
	.long 8380417, 8380417, 8380417, 8380417

.text

/* void _gcry_mldsa_ntt_avx2 (s32 a[256], const s32 table[1168]) */
.globl _gcry_mldsa_ntt_avx2
ELF(.type _gcry_mldsa_ntt_avx2,@function;)
.align 32
_gcry_mldsa_ntt_avx2:
	CFI_STARTPROC()
	leaq		.Lmldsa_ntt_q8 rRIP, %rax
	vmovdqa		(%rax), QV

	/* Pass 1: layers 128 (Montgomery), 64, 32 on each column.  */
	movl		$4, %ecx
.Lntt_pass1:
	LOAD8		%rdi, 128
	CT_MONT		%ymm0, %ymm4, 0, %rsi
	CT_MONT		%ymm2, %ymm6, 0, %rsi
	CT_B		%ymm0, %ymm2, 64, %rsi, QV
	CT_MONT		%ymm1, %ymm5, 0, %rsi
	CT_MONT		%ymm3, %ymm7, 0, %rsi
	CT_B		%ymm1, %ymm3, 64, %rsi, QV
	CT_B		%ymm0, %ymm1, 192, %rsi, QV
	CT_B		%ymm2, %ymm3, 256, %rsi, QV
	CT_B		%ymm4, %ymm6, 128, %rsi, QV
	CT_B		%ymm5, %ymm7, 128, %rsi, QV
	CT_B		%ymm4, %ymm5, 320, %rsi, QV
	CT_B		%ymm6, %ymm7, 384, %rsi, QV
	STORE8		%rdi, 128
	addq		$32, %rdi
	decl		%ecx
	jnz		.Lntt_pass1
	subq		$128, %rdi

	/* Pass 2: layers 16 .. 1 on each group of 64 coefficients.  */
	leaq		448(%rsi), %rdx
	movl		$4, %ecx
.Lntt_pass2:
	LOAD8		%rdi, 32
	vmovdqa		(%rax), %ymm11
	CT_B		%ymm0, %ymm2, 0, %rdx, %ymm11
	CT_B		%ymm1, %ymm3, 0, %rdx, %ymm11
	CT_B		%ymm0, %ymm1, 128, %rdx, %ymm11
	CT_B		%ymm2, %ymm3, 192, %rdx, %ymm11
	CT_B		%ymm4, %ymm6, 64, %rdx, %ymm11
	CT_B		%ymm5, %ymm7, 64, %rdx, %ymm11
	CT_B		%ymm4, %ymm5, 256, %rdx, %ymm11
	CT_B		%ymm6, %ymm7, 320, %rdx, %ymm11
	TRANSPOSE8	%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, %ymm5, %ymm6, %ymm7, \
			%ymm8, %ymm9, %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, %ymm15
	vmovdqa		(%rax), %ymm3
	CT_L		%ymm8, %ymm12, 384
	CT_L		%ymm10, %ymm14, 384
	CT_L		%ymm8, %ymm10, 480
	CT_L		%ymm9, %ymm13, 384
	CT_L		%ymm11, %ymm15, 384
	CT_L		%ymm9, %ymm11, 480
	CT_L		%ymm8, %ymm9, 672
	CT_L		%ymm10, %ymm11, 768
	CT_L		%ymm12, %ymm14, 576
	CT_L		%ymm13, %ymm15, 576
	CT_L		%ymm12, %ymm13, 864
	CT_L		%ymm14, %ymm15, 960
	TRANSPOSE8	%ymm8, %ymm9, %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, %ymm15, \
			%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, %ymm5, %ymm6, %ymm7
	STORE8		%rdi, 32
	addq		$256, %rdi
	addq		$1056, %rdx
	decl		%ecx
	jnz		.Lntt_pass2

	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_ntt_avx2,.-_gcry_mldsa_ntt_avx2;)


/* void _gcry_mldsa_invntt_avx2 (s32 a[256], const s32 table[1184]) */
.globl _gcry_mldsa_invntt_avx2
ELF(.type _gcry_mldsa_invntt_avx2,@function;)
.align 32
_gcry_mldsa_invntt_avx2:
	CFI_STARTPROC()
	leaq		.Lmldsa_ntt_q8 rRIP, %rax

	/* Pass 2 backwards: layers 1 .. 16 on each group of 64
	   coefficients.  */
	movq		%rsi, %rdx
	movl		$4, %ecx
.Linvntt_pass2:
	LOAD8		%rdi, 32
	TRANSPOSE8	%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, %ymm5, %ymm6, %ymm7, \
			%ymm8, %ymm9, %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, %ymm15
	vmovdqa		(%rax), %ymm3
	GS_L		%ymm8, %ymm9, 0
	GS_L		%ymm10, %ymm11, 96
	GS_L		%ymm8, %ymm10, 384
	GS_L		%ymm9, %ymm11, 384
	GS_L		%ymm12, %ymm13, 192
	GS_L		%ymm14, %ymm15, 288
	GS_L		%ymm12, %ymm14, 480
	GS_L		%ymm13, %ymm15, 480
	GS_L		%ymm8, %ymm12, 576
	GS_L		%ymm9, %ymm13, 576
	GS_L		%ymm10, %ymm14, 576
	GS_L		%ymm11, %ymm15, 576
	TRANSPOSE8	%ymm8, %ymm9, %ymm10, %ymm11, %ymm12, %ymm13, %ymm14, %ymm15, \
			%ymm0, %ymm1, %ymm2, %ymm3, %ymm4, %ymm5, %ymm6, %ymm7
	vmovdqa		(%rax), %ymm11
	GS_B		%ymm0, %ymm1, 672, %rdx, %ymm11
	GS_B		%ymm2, %ymm3, 736, %rdx, %ymm11
	GS_B		%ymm0, %ymm2, 928, %rdx, %ymm11
	GS_B		%ymm1, %ymm3, 928, %rdx, %ymm11
	GS_B		%ymm4, %ymm5, 800, %rdx, %ymm11
	GS_B		%ymm6, %ymm7, 864, %rdx, %ymm11
	GS_B		%ymm4, %ymm6, 992, %rdx, %ymm11
	GS_B		%ymm5, %ymm7, 992, %rdx, %ymm11
	STORE8		%rdi, 32
	addq		$256, %rdi
	addq		$1056, %rdx
	decl		%ecx
	jnz		.Linvntt_pass2
	subq		$1024, %rdi

	/* Pass 1 backwards: layers 32, 64, then 128 with the scaling;
	   RDX points at word 1056 of the table.  */
	vmovdqa		(%rax), QV
	movl		$4, %ecx
.Linvntt_pass1:
	LOAD8		%rdi, 128
	GS_B		%ymm0, %ymm1, 0, %rdx, QV
	GS_B		%ymm2, %ymm3, 64, %rdx, QV
	GS_B		%ymm0, %ymm2, 256, %rdx, QV
	GS_B		%ymm1, %ymm3, 256, %rdx, QV
	GS_B		%ymm4, %ymm5, 128, %rdx, QV
	GS_B		%ymm6, %ymm7, 192, %rdx, QV
	GS_B		%ymm4, %ymm6, 320, %rdx, QV
	GS_B		%ymm5, %ymm7, 320, %rdx, QV
	/* Sums first (times F), then differences (times G).  */
	vpsubd		%ymm4, %ymm0, %ymm13
	vpaddd		%ymm4, %ymm0, %ymm0
	vmovdqa		%ymm13, %ymm4
	vpsubd		%ymm5, %ymm1, %ymm13
	vpaddd		%ymm5, %ymm1, %ymm1
	vmovdqa		%ymm13, %ymm5
	vpsubd		%ymm6, %ymm2, %ymm13
	vpaddd		%ymm6, %ymm2, %ymm2
	vmovdqa		%ymm13, %ymm6
	vpsubd		%ymm7, %ymm3, %ymm13
	vpaddd		%ymm7, %ymm3, %ymm3
	vmovdqa		%ymm13, %ymm7
	MONT		%ymm0, 384(%rdx), 416(%rdx), 384(%rdx), 416(%rdx)
	MONT		%ymm1, 384(%rdx), 416(%rdx), 384(%rdx), 416(%rdx)
	MONT		%ymm2, 384(%rdx), 416(%rdx), 384(%rdx), 416(%rdx)
	MONT		%ymm3, 384(%rdx), 416(%rdx), 384(%rdx), 416(%rdx)
	MONT		%ymm4, 448(%rdx), 480(%rdx), 448(%rdx), 480(%rdx)
	MONT		%ymm5, 448(%rdx), 480(%rdx), 448(%rdx), 480(%rdx)
	MONT		%ymm6, 448(%rdx), 480(%rdx), 448(%rdx), 480(%rdx)
	MONT		%ymm7, 448(%rdx), 480(%rdx), 448(%rdx), 480(%rdx)
	STORE8		%rdi, 128
	addq		$32, %rdi
	decl		%ecx
	jnz		.Linvntt_pass1

	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_invntt_avx2,.-_gcry_mldsa_invntt_avx2;)

#endif /* __x86_64__ && ENABLE_AVX2_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
