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
 * Algorithm 42 times 2^32 (contract: cipher/mldsa-ops.h), layer by
 * layer with Montgomery butterflies on signed coefficients:
 *   forward (Cooley-Tukey):  t = mont (b * z);  b = a - t;  a = a + t
 *   inverse (Gentleman-Sande): a' = a + b;  b' = mont ((a - b) * -z)
 * where mont (x * z) = (x z - t q) / 2^32 with t = x (z q^-1 mod 2^32)
 * mod 2^32 (the low 32 bits of x z - t q vanish).  The inverse NTT's
 * last layer is merged with the scaling: a' = mont ((a + b) F),
 * b' = mont ((a - b) G), F = 2^64/256 mod q, G = -zetas[1] F / 2^32.
 * The results are the residues the contract asks for, within its
 * bounds; the representatives may differ from those of the portable
 * code (Shoup products on unsigned values), which the contract allows:
 * the front file canonicalises (caddq, reduce, decompose) before
 * anything is encoded.
 *
 * Montgomery products: vpmuldq multiplies the signed low halves of the
 * four 64-bit lanes.  The even 32-bit lanes are multiplied in place,
 * the odd ones after vpsrlq $32; both give the result in the high
 * half of each 64-bit lane, vmovshdup moves the even results down and
 * vpblendd merges the odd ones.  With the precomputed z q^-1 the two
 * wide products x z and x zq are independent, and t q follows.
 *
 * Layout: standard coefficient order (8 coefficients per ymm) in
 * memory before and after; the tables (cipher/mldsa-tables-avx2.h,
 * layout described in cipher/gen-mldsa-avx2-tables.c) give broadcast
 * twiddles as (z, zq) word pairs and per-lane twiddle vectors for the
 * layers inside one register.
 *
 * Schedule of the forward NTT:
 *   pass 1: for each of the 4 columns c (coefficients 8c + 32k,
 *           k = 0..7, one ymm each), layers 128, 64 and 32;
 *   pass 2: for each block of 32 coefficients (4 ymm; two blocks
 *           per iteration, interleaved), layers 16 and
 *           8 between registers, then for each half (2 ymm): a
 *           128-bit lane exchange (vperm2i128), layer 4, a 64-bit
 *           interleave (vpunpck[lh]qdq), layer 2, an odd/even
 *           exchange of the 32-bit lanes (shift + vpblendd), layer 1,
 *           and the three exchanges again (each is an involution) to
 *           get back to standard order.
 * The inverse NTT runs the same steps backwards: pass 2 (exchanges,
 * layers 1, 2, 4, then 8, 16) and pass 1 (layers 32, 64, merged
 * 128 + scaling).
 *
 * Register plan:
 *   ymm0-ymm7   data (pass 1: the 8 registers of a column;
 *               pass 2: ymm0-ymm3 and ymm4-ymm7 two blocks)
 *   ymm8-ymm10  temporaries of the Montgomery product
 *   ymm11,ymm12 broadcast twiddle z and z q^-1 (layers 8 .. 128)
 *   ymm11-ymm14 exchanged copies of two halves (layers 4, 2, 1)
 *   ymm15       q in every lane
 *   rdi coefficients, rsi table, rdx table cursor, ecx loop counter
 *
 * Bounds (as the portable code): forward in |a| < q, each layer adds
 * less than q, out |a| < 9q; inverse in |a| < q, the sums double per
 * layer (below 256 q < 2^31 at the merged last layer), Montgomery
 * products are below q, out |a| < q.
 *
 * Constant time: no data-dependent branches or addresses.  All ymm
 * registers are cleared on exit (vzeroall).
 *
 * Requires: AVX2 (HWF_INTEL_AVX2).
 *
 * C prototypes (cipher/mldsa-avx2.h):
 *   void _gcry_mldsa_ntt_avx2 (s32 a[256], const s32 table[1104]);
 *   void _gcry_mldsa_invntt_avx2 (s32 a[256], const s32 table[1104]);  */

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
#define Z   %ymm11
#define ZQ  %ymm12
#define QV  %ymm15

/* A = mont (A * z) lane by lane: ZE/ZQE are read for the even lanes,
 * ZO/ZQO (the odd lanes' values moved to even positions) for the odd
 * ones; each may be a register or a memory operand.  |A| < 2^31 and
 * |z| < q/2 give |A| < q.  Clobbers T0-T2.  */
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

/* Cooley-Tukey butterfly: (x, y) = (x + mont (y z), x - mont (y z)).  */
.macro CT x, y, ze, zqe, zo, zqo
	MONT		\y, \ze, \zqe, \zo, \zqo
	vpaddd		\y, \x, T0
	vpsubd		\y, \x, \y
	vmovdqa		T0, \x
.endm

/* Gentleman-Sande butterfly: (x, y) = (x + y, mont ((x - y) z)).  */
.macro GS x, y, ze, zqe, zo, zqo
	vpaddd		\y, \x, T0
	vpsubd		\y, \x, \y
	vmovdqa		T0, \x
	MONT		\y, \ze, \zqe, \zo, \zqo
.endm

/* Load the broadcast twiddle pair at OFF(BASE) into Z and ZQ.  */
.macro BCAST off, base
	vpbroadcastd	\off(\base), Z
	vpbroadcastd	\off+4(\base), ZQ
.endm

/* The three lane exchanges; each maps (A, B) to (C, D) and is its own
 * inverse.  C, D must differ from A, B.  */
/* 128-bit halves: C = (A.lo, B.lo), D = (A.hi, B.hi).  */
.macro XCH128 a, b, c, d
	vperm2i128	$0x20, \b, \a, \c
	vperm2i128	$0x31, \b, \a, \d
.endm
/* 64-bit lanes: C = (A.q0, B.q0, A.q2, B.q2), D = the odd ones.  */
.macro XCH64 a, b, c, d
	vpunpcklqdq	\b, \a, \c
	vpunpckhqdq	\b, \a, \d
.endm
/* 32-bit lanes: C = (A.d0, B.d0, A.d2, B.d2, ...), D = the odd ones.  */
.macro XCH32 a, b, c, d
	vpsllq		$32, \b, \c
	vpblendd	$0xaa, \c, \a, \c
	vpsrlq		$32, \a, \d
	vpblendd	$0xaa, \b, \d, \d
.endm

/* Layers 4, 2, 1 of the forward NTT on two independent halves
 * (XA, YA) and (XB, YB), whose twiddle vectors start at OFFA(%rdx)
 * and OFFB(%rdx); the steps of the two are interleaved.  Uses
 * ymm11-ymm14 (free outside the broadcast layers) for the exchanged
 * copies.  */
.macro FWD_HALVES xa, ya, offa, xb, yb, offb
	XCH128		\xa, \ya, %ymm11, %ymm12
	XCH128		\xb, \yb, %ymm13, %ymm14
	CT		%ymm11, %ymm12, \offa(%rdx), \offa+32(%rdx), \offa(%rdx), \offa+32(%rdx)
	CT		%ymm13, %ymm14, \offb(%rdx), \offb+32(%rdx), \offb(%rdx), \offb+32(%rdx)
	XCH64		%ymm11, %ymm12, \xa, \ya
	XCH64		%ymm13, %ymm14, \xb, \yb
	CT		\xa, \ya, \offa+64(%rdx), \offa+96(%rdx), \offa+64(%rdx), \offa+96(%rdx)
	CT		\xb, \yb, \offb+64(%rdx), \offb+96(%rdx), \offb+64(%rdx), \offb+96(%rdx)
	XCH32		\xa, \ya, %ymm11, %ymm12
	XCH32		\xb, \yb, %ymm13, %ymm14
	CT		%ymm11, %ymm12, \offa+128(%rdx), \offa+160(%rdx), \offa+192(%rdx), \offa+224(%rdx)
	CT		%ymm13, %ymm14, \offb+128(%rdx), \offb+160(%rdx), \offb+192(%rdx), \offb+224(%rdx)
	XCH32		%ymm11, %ymm12, \xa, \ya
	XCH32		%ymm13, %ymm14, \xb, \yb
	XCH64		\xa, \ya, %ymm11, %ymm12
	XCH64		\xb, \yb, %ymm13, %ymm14
	XCH128		%ymm11, %ymm12, \xa, \ya
	XCH128		%ymm13, %ymm14, \xb, \yb
.endm

/* Layers 1, 2, 4 of the inverse NTT on two halves, likewise.  */
.macro INV_HALVES xa, ya, offa, xb, yb, offb
	XCH128		\xa, \ya, %ymm11, %ymm12
	XCH128		\xb, \yb, %ymm13, %ymm14
	XCH64		%ymm11, %ymm12, \xa, \ya
	XCH64		%ymm13, %ymm14, \xb, \yb
	XCH32		\xa, \ya, %ymm11, %ymm12
	XCH32		\xb, \yb, %ymm13, %ymm14
	GS		%ymm11, %ymm12, \offa(%rdx), \offa+32(%rdx), \offa+64(%rdx), \offa+96(%rdx)
	GS		%ymm13, %ymm14, \offb(%rdx), \offb+32(%rdx), \offb+64(%rdx), \offb+96(%rdx)
	XCH32		%ymm11, %ymm12, \xa, \ya
	XCH32		%ymm13, %ymm14, \xb, \yb
	GS		\xa, \ya, \offa+128(%rdx), \offa+160(%rdx), \offa+128(%rdx), \offa+160(%rdx)
	GS		\xb, \yb, \offb+128(%rdx), \offb+160(%rdx), \offb+128(%rdx), \offb+160(%rdx)
	XCH64		\xa, \ya, %ymm11, %ymm12
	XCH64		\xb, \yb, %ymm13, %ymm14
	GS		%ymm11, %ymm12, \offa+192(%rdx), \offa+224(%rdx), \offa+192(%rdx), \offa+224(%rdx)
	GS		%ymm13, %ymm14, \offb+192(%rdx), \offb+224(%rdx), \offb+192(%rdx), \offb+224(%rdx)
	XCH128		%ymm11, %ymm12, \xa, \ya
	XCH128		%ymm13, %ymm14, \xb, \yb
.endm

.text

.section .rodata
.align 4
.Lmldsa_ntt_q:
	.long 8380417

.text

/* void _gcry_mldsa_ntt_avx2 (s32 a[256], const s32 table[1104]) */
.globl _gcry_mldsa_ntt_avx2
ELF(.type _gcry_mldsa_ntt_avx2,@function;)
.align 32
_gcry_mldsa_ntt_avx2:
	CFI_STARTPROC()
	vpbroadcastd	.Lmldsa_ntt_q rRIP, QV

	/* Pass 1: layers 128, 64, 32 on each column.  */
	movl		$4, %ecx
.Lntt_pass1:
	vmovdqu		0*128(%rdi), %ymm0
	vmovdqu		1*128(%rdi), %ymm1
	vmovdqu		2*128(%rdi), %ymm2
	vmovdqu		3*128(%rdi), %ymm3
	vmovdqu		4*128(%rdi), %ymm4
	vmovdqu		5*128(%rdi), %ymm5
	vmovdqu		6*128(%rdi), %ymm6
	vmovdqu		7*128(%rdi), %ymm7
	BCAST		8, %rsi
	CT		%ymm0, %ymm4, Z, ZQ, Z, ZQ
	CT		%ymm1, %ymm5, Z, ZQ, Z, ZQ
	CT		%ymm2, %ymm6, Z, ZQ, Z, ZQ
	CT		%ymm3, %ymm7, Z, ZQ, Z, ZQ
	BCAST		16, %rsi
	CT		%ymm0, %ymm2, Z, ZQ, Z, ZQ
	CT		%ymm1, %ymm3, Z, ZQ, Z, ZQ
	BCAST		24, %rsi
	CT		%ymm4, %ymm6, Z, ZQ, Z, ZQ
	CT		%ymm5, %ymm7, Z, ZQ, Z, ZQ
	BCAST		32, %rsi
	CT		%ymm0, %ymm1, Z, ZQ, Z, ZQ
	BCAST		40, %rsi
	CT		%ymm2, %ymm3, Z, ZQ, Z, ZQ
	BCAST		48, %rsi
	CT		%ymm4, %ymm5, Z, ZQ, Z, ZQ
	BCAST		56, %rsi
	CT		%ymm6, %ymm7, Z, ZQ, Z, ZQ
	vmovdqu		%ymm0, 0*128(%rdi)
	vmovdqu		%ymm1, 1*128(%rdi)
	vmovdqu		%ymm2, 2*128(%rdi)
	vmovdqu		%ymm3, 3*128(%rdi)
	vmovdqu		%ymm4, 4*128(%rdi)
	vmovdqu		%ymm5, 5*128(%rdi)
	vmovdqu		%ymm6, 6*128(%rdi)
	vmovdqu		%ymm7, 7*128(%rdi)
	addq		$32, %rdi
	decl		%ecx
	jnz		.Lntt_pass1
	subq		$128, %rdi

	/* Pass 2: layers 16 .. 1, two blocks of 32 coefficients per
	   iteration (ymm0-ymm3 and ymm4-ymm7), interleaved so that their
	   dependency chains overlap.  */
	leaq		64(%rsi), %rdx
	movl		$4, %ecx
.Lntt_pass2:
	vmovdqu		0(%rdi), %ymm0
	vmovdqu		32(%rdi), %ymm1
	vmovdqu		64(%rdi), %ymm2
	vmovdqu		96(%rdi), %ymm3
	vmovdqu		128(%rdi), %ymm4
	vmovdqu		160(%rdi), %ymm5
	vmovdqu		192(%rdi), %ymm6
	vmovdqu		224(%rdi), %ymm7
	BCAST		0, %rdx
	CT		%ymm0, %ymm2, Z, ZQ, Z, ZQ
	CT		%ymm1, %ymm3, Z, ZQ, Z, ZQ
	BCAST		544, %rdx
	CT		%ymm4, %ymm6, Z, ZQ, Z, ZQ
	CT		%ymm5, %ymm7, Z, ZQ, Z, ZQ
	BCAST		8, %rdx
	CT		%ymm0, %ymm1, Z, ZQ, Z, ZQ
	BCAST		552, %rdx
	CT		%ymm4, %ymm5, Z, ZQ, Z, ZQ
	BCAST		16, %rdx
	CT		%ymm2, %ymm3, Z, ZQ, Z, ZQ
	BCAST		560, %rdx
	CT		%ymm6, %ymm7, Z, ZQ, Z, ZQ
	FWD_HALVES	%ymm0, %ymm1, 32, %ymm4, %ymm5, 576
	FWD_HALVES	%ymm2, %ymm3, 288, %ymm6, %ymm7, 832
	vmovdqu		%ymm0, 0(%rdi)
	vmovdqu		%ymm1, 32(%rdi)
	vmovdqu		%ymm2, 64(%rdi)
	vmovdqu		%ymm3, 96(%rdi)
	vmovdqu		%ymm4, 128(%rdi)
	vmovdqu		%ymm5, 160(%rdi)
	vmovdqu		%ymm6, 192(%rdi)
	vmovdqu		%ymm7, 224(%rdi)
	addq		$256, %rdi
	addq		$1088, %rdx
	decl		%ecx
	jnz		.Lntt_pass2

	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_ntt_avx2,.-_gcry_mldsa_ntt_avx2;)


/* void _gcry_mldsa_invntt_avx2 (s32 a[256], const s32 table[1104]) */
.globl _gcry_mldsa_invntt_avx2
ELF(.type _gcry_mldsa_invntt_avx2,@function;)
.align 32
_gcry_mldsa_invntt_avx2:
	CFI_STARTPROC()
	vpbroadcastd	.Lmldsa_ntt_q rRIP, QV

	/* Pass 2 backwards: layers 1 .. 16, two blocks per iteration as
	   in the forward transform.  */
	movq		%rsi, %rdx
	movl		$4, %ecx
.Linvntt_pass2:
	vmovdqu		0(%rdi), %ymm0
	vmovdqu		32(%rdi), %ymm1
	vmovdqu		64(%rdi), %ymm2
	vmovdqu		96(%rdi), %ymm3
	vmovdqu		128(%rdi), %ymm4
	vmovdqu		160(%rdi), %ymm5
	vmovdqu		192(%rdi), %ymm6
	vmovdqu		224(%rdi), %ymm7
	INV_HALVES	%ymm0, %ymm1, 32, %ymm4, %ymm5, 576
	INV_HALVES	%ymm2, %ymm3, 288, %ymm6, %ymm7, 832
	BCAST		0, %rdx
	GS		%ymm0, %ymm1, Z, ZQ, Z, ZQ
	BCAST		544, %rdx
	GS		%ymm4, %ymm5, Z, ZQ, Z, ZQ
	BCAST		8, %rdx
	GS		%ymm2, %ymm3, Z, ZQ, Z, ZQ
	BCAST		552, %rdx
	GS		%ymm6, %ymm7, Z, ZQ, Z, ZQ
	BCAST		16, %rdx
	GS		%ymm0, %ymm2, Z, ZQ, Z, ZQ
	GS		%ymm1, %ymm3, Z, ZQ, Z, ZQ
	BCAST		560, %rdx
	GS		%ymm4, %ymm6, Z, ZQ, Z, ZQ
	GS		%ymm5, %ymm7, Z, ZQ, Z, ZQ
	vmovdqu		%ymm0, 0(%rdi)
	vmovdqu		%ymm1, 32(%rdi)
	vmovdqu		%ymm2, 64(%rdi)
	vmovdqu		%ymm3, 96(%rdi)
	vmovdqu		%ymm4, 128(%rdi)
	vmovdqu		%ymm5, 160(%rdi)
	vmovdqu		%ymm6, 192(%rdi)
	vmovdqu		%ymm7, 224(%rdi)
	addq		$256, %rdi
	addq		$1088, %rdx
	decl		%ecx
	jnz		.Linvntt_pass2
	subq		$1024, %rdi

	/* Pass 1 backwards: layers 32, 64, then 128 with the scaling;
	   RDX points at the pairs of word 1088.  */
	movl		$4, %ecx
.Linvntt_pass1:
	vmovdqu		0*128(%rdi), %ymm0
	vmovdqu		1*128(%rdi), %ymm1
	vmovdqu		2*128(%rdi), %ymm2
	vmovdqu		3*128(%rdi), %ymm3
	vmovdqu		4*128(%rdi), %ymm4
	vmovdqu		5*128(%rdi), %ymm5
	vmovdqu		6*128(%rdi), %ymm6
	vmovdqu		7*128(%rdi), %ymm7
	BCAST		0, %rdx
	GS		%ymm0, %ymm1, Z, ZQ, Z, ZQ
	BCAST		8, %rdx
	GS		%ymm2, %ymm3, Z, ZQ, Z, ZQ
	BCAST		16, %rdx
	GS		%ymm4, %ymm5, Z, ZQ, Z, ZQ
	BCAST		24, %rdx
	GS		%ymm6, %ymm7, Z, ZQ, Z, ZQ
	BCAST		32, %rdx
	GS		%ymm0, %ymm2, Z, ZQ, Z, ZQ
	GS		%ymm1, %ymm3, Z, ZQ, Z, ZQ
	BCAST		40, %rdx
	GS		%ymm4, %ymm6, Z, ZQ, Z, ZQ
	GS		%ymm5, %ymm7, Z, ZQ, Z, ZQ
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
	BCAST		48, %rdx
	MONT		%ymm0, Z, ZQ, Z, ZQ
	MONT		%ymm1, Z, ZQ, Z, ZQ
	MONT		%ymm2, Z, ZQ, Z, ZQ
	MONT		%ymm3, Z, ZQ, Z, ZQ
	BCAST		56, %rdx
	MONT		%ymm4, Z, ZQ, Z, ZQ
	MONT		%ymm5, Z, ZQ, Z, ZQ
	MONT		%ymm6, Z, ZQ, Z, ZQ
	MONT		%ymm7, Z, ZQ, Z, ZQ
	vmovdqu		%ymm0, 0*128(%rdi)
	vmovdqu		%ymm1, 1*128(%rdi)
	vmovdqu		%ymm2, 2*128(%rdi)
	vmovdqu		%ymm3, 3*128(%rdi)
	vmovdqu		%ymm4, 4*128(%rdi)
	vmovdqu		%ymm5, 5*128(%rdi)
	vmovdqu		%ymm6, 6*128(%rdi)
	vmovdqu		%ymm7, 7*128(%rdi)
	addq		$32, %rdi
	decl		%ecx
	jnz		.Linvntt_pass1

	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_invntt_avx2,.-_gcry_mldsa_invntt_avx2;)

#endif /* __x86_64__ && ENABLE_AVX2_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
