/* mldsa-poly-amd64-avx2.S - ML-DSA coefficient-wise kernels, AVX2
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

/* Algorithm: the coefficient-wise kernels of cipher/mldsa-ops.h, eight
 * 32-bit coefficients per ymm.  Where the contract fixes the output
 * (caddq, power2round, decompose, hints, chknorm, samplers) it is the
 * portable code's, word for word; pointwise, pointwise_acc and reduce
 * give the contract's residues in its ranges:
 *   pointwise, pointwise_acc: Montgomery product (FIPS 204 Algorithm
 *     45 times 2^-32), r = (p - t q) / 2^32 with t = p q^-1 mod 2^32,
 *     p the 64-bit product (or the sum of up to 8 of them).  vpmuldq
 *     multiplies the even 32-bit lanes; the odd ones are shifted down
 *     first, and vmovshdup + vpblendd merge the high halves;
 *   reduce: a - round (a / 2^23) q;  caddq: a + (q if a < 0);
 *   power2round (Algorithm 35), decompose (Algorithm 36) without
 *     division, as described in cipher/mldsa-poly-generic.c;
 *   make_hint (the form of Algorithm 39 in mldsa-ops.h) with compare
 *     masks, use_hint (Algorithm 40) after an inline decompose;
 *   chknorm: |a mod^+- q| >= bound for some coefficient;
 *   three sampler steps (each described at its entry point): the
 *   candidate parsing of RejNTTPoly (Algorithm 30, public seed only),
 *   the BitUnpack of ExpandMask (Algorithm 34) and the swaps of
 *   SampleInBall (Algorithm 29);
 *   and the encodings: the SimpleBitUnpack of t1 (Algorithm 18),
 *   w1Encode with 4-bit fields (Algorithm 28, GAMMA2 = (q-1)/32), the
 *   BitPack of t1, t0, s1 and s2 for KeyGen (Algorithms 16, 17), and
 *   a row of HintBitPack (Algorithm 20; at its entry point).
 *
 * Layout: polynomials are 256 s32 in standard order (1024 bytes,
 * mldsa_poly_t); arrays of polynomials are contiguous.  Unaligned
 * loads and stores, so any 4-byte alignment works.
 *
 * Register plan (per function; no stack use, except SampleInBall's
 * red zone; SampleInBall has its own plan, given at its entry point):
 *   ymm0-ymm7   data and temporaries
 *   ymm8-ymm15  broadcast constants (q, q^-1, rounding constants,
 *               gamma2, bound, shuffle masks) and accumulators
 *   rdi, rsi, rdx, rcx, r8 arguments and cursors; rax, r9-r11
 *   offsets and counters (caller-saved registers only)
 *
 * Bounds: as the contract (mldsa-ops.h): pointwise |a b| < 2^31 q,
 * out |r| < q; pointwise_acc |a| < q, |b| < 9q, n <= 8; reduce
 * in |a| < 2^31 - 2^22, out |a| <= 6283008; caddq in |a| < q;
 * power2round in 0 <= a < q, decompose, use_hint |a| < q; make_hint
 * |a0| < 2 gamma2; chknorm |a| < 2^31 - 2^22; pack_w1_4 0 <= a < 16;
 * pack_t1 0 <= a < 1024; pack_t0 -2^12 < a <= 2^12; pack_eta2/4
 * |a| <= 2 resp. 4.
 *
 * Constant time: no branches or addresses depend on coefficient
 * values; make_hint returns the hint count (public, part of the
 * signature) and chknorm only whether some coefficient is out of
 * bounds (both as the contract allows).  The RejNTTPoly parser's
 * table index and running time depend on the Keccak output of the
 * public seed rho only; HintBitPack's table index and store addresses
 * depend on the hints, which are public when it runs (the accepted
 * signature).  All ymm registers are cleared on exit (vzeroall).
 *
 * Requires: AVX2 (HWF_INTEL_AVX2).
 *
 * C prototypes: see cipher/mldsa-avx2.h.  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX2_SUPPORT)))

#define QV    %ymm15
#define QINV  %ymm14

.section .rodata
.align 4
.Lq:		.long 8380417
.Lqinv:		.long 58728449
.Lc127:		.long 127
.Lc2p21:	.long 0x200000
.Lc2p22:	.long 0x400000
.Lc4095:	.long 4095
.Lc15:		.long 15
.Lc43:		.long 43
.Lc44:		.long 44
.Lc11275:	.long 11275
.Lc93:		.long 93		/* 2 (q - 1) / 88 / 2^11 */
.Lc128:		.long 128
.Lhalfq:	.long 4190208		/* (q - 1) / 2 */
.Lalpha32:	.long 523776		/* 2 (q - 1) / 32 */
.Ladd16_c3329:	.short 3329
.Ladd16_c1664:	.short 1664
.Ladd16_cm1664:	.short -1664

.text

/* Montgomery reduction of the 64-bit values in the even (PE) and odd
 * (PO) lanes; the 32-bit results end in PE in lane order.  Clobbers
 * T0, T1 and PO.  */
.macro MONT_REDUCE pe, po, t0, t1
	vpmuldq		QINV, \pe, \t0
	vpmuldq		QINV, \po, \t1
	vpmuldq		QV, \t0, \t0
	vpmuldq		QV, \t1, \t1
	vpsubq		\t0, \pe, \pe
	vpsubq		\t1, \po, \po
	vmovshdup	\pe, \pe
	vpblendd	$0xaa, \po, \pe, \pe
.endm


/* void _gcry_mldsa_pointwise_avx2 (s32 r[256], const s32 a[256],
 *                                  const s32 b[256])
 * r = a o b 2^-32; R may alias A or B.  */
.globl _gcry_mldsa_pointwise_avx2
ELF(.type _gcry_mldsa_pointwise_avx2,@function;)
.align 32
_gcry_mldsa_pointwise_avx2:
	CFI_STARTPROC()
	vpbroadcastd	.Lq rRIP, QV
	vpbroadcastd	.Lqinv rRIP, QINV
	xorl		%eax, %eax
.Lpointwise_loop:
	vmovdqu		(%rsi,%rax), %ymm0
	vmovdqu		(%rdx,%rax), %ymm1
	vpsrlq		$32, %ymm0, %ymm2
	vpsrlq		$32, %ymm1, %ymm3
	vpmuldq		%ymm1, %ymm0, %ymm0
	vpmuldq		%ymm3, %ymm2, %ymm2
	MONT_REDUCE	%ymm0, %ymm2, %ymm4, %ymm5
	vmovdqu		%ymm0, (%rdi,%rax)
	addq		$32, %rax
	cmpq		$1024, %rax
	jb		.Lpointwise_loop
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pointwise_avx2,.-_gcry_mldsa_pointwise_avx2;)


/* void _gcry_mldsa_pointwise_acc_avx2 (s32 r[256], const s32 *a,
 *                                      const s32 *b, unsigned int n)
 * r = sum_{j<n} a[j] o b[j] 2^-32, A and B arrays of N polynomials,
 * the products summed in 64 bits and reduced once.  Sixteen output
 * coefficients per outer iteration (two ymm, four accumulators), so
 * that the short inner loop over the N polynomials has two
 * independent chains of products and sums per accumulator pair.  */
.globl _gcry_mldsa_pointwise_acc_avx2
ELF(.type _gcry_mldsa_pointwise_acc_avx2,@function;)
.align 32
_gcry_mldsa_pointwise_acc_avx2:
	CFI_STARTPROC()
	vpbroadcastd	.Lq rRIP, QV
	vpbroadcastd	.Lqinv rRIP, QINV
	movl		%ecx, %ecx
	shlq		$10, %rcx		/* n * 1024 bytes */
	xorl		%eax, %eax
.Lpwacc_outer:
	vpxor		%ymm6, %ymm6, %ymm6	/* even sums, first ymm */
	vpxor		%ymm7, %ymm7, %ymm7	/* odd sums, first ymm */
	vpxor		%ymm8, %ymm8, %ymm8	/* even sums, second ymm */
	vpxor		%ymm9, %ymm9, %ymm9	/* odd sums, second ymm */
	leaq		(%rsi,%rax), %r8
	leaq		(%rdx,%rax), %r9
	leaq		(%r8,%rcx), %r10	/* end of A's column */
	cmpq		%r10, %r8
	jae		.Lpwacc_reduce
.Lpwacc_inner:
	vmovdqu		(%r8), %ymm0
	vmovdqu		(%r9), %ymm1
	vmovdqu		32(%r8), %ymm10
	vmovdqu		32(%r9), %ymm11
	vpsrlq		$32, %ymm0, %ymm2
	vpsrlq		$32, %ymm1, %ymm3
	vpsrlq		$32, %ymm10, %ymm12
	vpsrlq		$32, %ymm11, %ymm13
	vpmuldq		%ymm1, %ymm0, %ymm0
	vpmuldq		%ymm3, %ymm2, %ymm2
	vpmuldq		%ymm11, %ymm10, %ymm10
	vpmuldq		%ymm13, %ymm12, %ymm12
	vpaddq		%ymm0, %ymm6, %ymm6
	vpaddq		%ymm2, %ymm7, %ymm7
	vpaddq		%ymm10, %ymm8, %ymm8
	vpaddq		%ymm12, %ymm9, %ymm9
	addq		$1024, %r8
	addq		$1024, %r9
	cmpq		%r10, %r8
	jb		.Lpwacc_inner
.Lpwacc_reduce:
	MONT_REDUCE	%ymm6, %ymm7, %ymm4, %ymm5
	MONT_REDUCE	%ymm8, %ymm9, %ymm10, %ymm11
	vmovdqu		%ymm6, (%rdi,%rax)
	vmovdqu		%ymm8, 32(%rdi,%rax)
	addq		$64, %rax
	cmpq		$1024, %rax
	jb		.Lpwacc_outer
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pointwise_acc_avx2,.-_gcry_mldsa_pointwise_acc_avx2;)


/* void _gcry_mldsa_reduce_avx2 (s32 a[256])
 * a -= ((a + 2^22) >> 23) q.  */
.globl _gcry_mldsa_reduce_avx2
ELF(.type _gcry_mldsa_reduce_avx2,@function;)
.align 32
_gcry_mldsa_reduce_avx2:
	CFI_STARTPROC()
	vpbroadcastd	.Lq rRIP, QV
	vpbroadcastd	.Lc2p22 rRIP, %ymm13
	xorl		%eax, %eax
.Lreduce_loop:
	vmovdqu		(%rdi,%rax), %ymm0
	vmovdqu		32(%rdi,%rax), %ymm1
	vpaddd		%ymm13, %ymm0, %ymm2
	vpaddd		%ymm13, %ymm1, %ymm3
	vpsrad		$23, %ymm2, %ymm2
	vpsrad		$23, %ymm3, %ymm3
	vpmulld		QV, %ymm2, %ymm2
	vpmulld		QV, %ymm3, %ymm3
	vpsubd		%ymm2, %ymm0, %ymm0
	vpsubd		%ymm3, %ymm1, %ymm1
	vmovdqu		%ymm0, (%rdi,%rax)
	vmovdqu		%ymm1, 32(%rdi,%rax)
	addq		$64, %rax
	cmpq		$1024, %rax
	jb		.Lreduce_loop
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_reduce_avx2,.-_gcry_mldsa_reduce_avx2;)


/* void _gcry_mldsa_caddq_avx2 (s32 a[256])
 * a += q where a < 0.  */
.globl _gcry_mldsa_caddq_avx2
ELF(.type _gcry_mldsa_caddq_avx2,@function;)
.align 32
_gcry_mldsa_caddq_avx2:
	CFI_STARTPROC()
	vpbroadcastd	.Lq rRIP, QV
	xorl		%eax, %eax
.Lcaddq_loop:
	vmovdqu		(%rdi,%rax), %ymm0
	vmovdqu		32(%rdi,%rax), %ymm1
	vpsrad		$31, %ymm0, %ymm2
	vpsrad		$31, %ymm1, %ymm3
	vpand		QV, %ymm2, %ymm2
	vpand		QV, %ymm3, %ymm3
	vpaddd		%ymm2, %ymm0, %ymm0
	vpaddd		%ymm3, %ymm1, %ymm1
	vmovdqu		%ymm0, (%rdi,%rax)
	vmovdqu		%ymm1, 32(%rdi,%rax)
	addq		$64, %rax
	cmpq		$1024, %rax
	jb		.Lcaddq_loop
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_caddq_avx2,.-_gcry_mldsa_caddq_avx2;)


/* Power2Round of the eight words in ymm0 (ymm13 = 4095 in every
 * word): a1 = (a + 2^12 - 1) >> 13 to (%rdi,%rax), a0 = a - a1 2^13
 * to (%rsi,%rax); then the next 32 bytes, back to 1: while rax is
 * below 1024.  Clobbers ymm1, ymm2.  */
.macro P2R_STORE_LOOP
	vpaddd		%ymm13, %ymm0, %ymm1
	vpsrad		$13, %ymm1, %ymm1
	vpslld		$13, %ymm1, %ymm2
	vpsubd		%ymm2, %ymm0, %ymm0
	vmovdqu		%ymm1, (%rdi,%rax)
	vmovdqu		%ymm0, (%rsi,%rax)
	addq		$32, %rax
	cmpq		$1024, %rax
	jb		1b
.endm

/* void _gcry_mldsa_power2round_avx2 (s32 a1[256], s32 a0[256],
 *                                    const s32 a[256])
 * a1 = (a + 2^12 - 1) >> 13, a0 = a - a1 2^13; A1 may alias A.  */
.globl _gcry_mldsa_power2round_avx2
ELF(.type _gcry_mldsa_power2round_avx2,@function;)
.align 32
_gcry_mldsa_power2round_avx2:
	CFI_STARTPROC()
	vpbroadcastd	.Lc4095 rRIP, %ymm13
	xorl		%eax, %eax
1:
	vmovdqu		(%rdx,%rax), %ymm0
	P2R_STORE_LOOP
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_power2round_avx2,.-_gcry_mldsa_power2round_avx2;)

/* void _gcry_mldsa_power2round_add_avx2 (s32 a1[256], s32 a0[256],
 *                                        const s32 a[256],
 *                                        const s32 b[256])
 * Power2Round of t = a + b mod q in [0, q), the representative that
 * reduce and caddq leave, in one pass, for |a| < q and |b| <= 4
 * (KeyGen's t = NTT^-1 (A s1-hat) + s2): t is in [-q - 3, q + 3], so
 * as unsigned words the smaller of t and t + 2q is t mod 2q in
 * [0, 2q) (t + 2q where t, negative, wraps to a huge value), and the
 * smaller of that y and y - q is t mod q; four instructions instead of
 * reduce's multiplication and caddq's three.  A1 and A0 may alias A
 * (each iteration loads before it stores).  ymm14 = 2q.  */
.globl _gcry_mldsa_power2round_add_avx2
ELF(.type _gcry_mldsa_power2round_add_avx2,@function;)
.align 32
_gcry_mldsa_power2round_add_avx2:
	CFI_STARTPROC()
	vpbroadcastd	.Lq rRIP, QV
	vpaddd		QV, QV, %ymm14
	vpbroadcastd	.Lc4095 rRIP, %ymm13
	xorl		%eax, %eax
1:
	vmovdqu		(%rdx,%rax), %ymm0
	vpaddd		(%rcx,%rax), %ymm0, %ymm0
	vpaddd		%ymm14, %ymm0, %ymm1
	vpminud		%ymm1, %ymm0, %ymm0
	vpsubd		QV, %ymm0, %ymm1
	vpminud		%ymm1, %ymm0, %ymm0
	P2R_STORE_LOOP
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_power2round_add_avx2,.-_gcry_mldsa_power2round_add_avx2;)


/* Decompose of R (0 <= R < q) into R1 (high part) and R0 (low part),
 * for gamma2 = (q-1)/32 (M32 = 1) or (q-1)/88 (M32 = 0).  The
 * constants: ymm8 = 127, ymm9 = 2^21 resp. 2^7, ymm10 = 15 resp.
 * 11275, ymm11 = alpha resp. 93, ymm12 = (q-1)/2, ymm13 = 43 (88
 * only), QV = q.  Clobbers T.
 * For gamma2 = (q-1)/88 no vpmulld, which Intel cores run as two
 * uops with a latency of 10 cycles: R1' = (R + 127) >> 7 < 2^16 and
 * the factors fit in the low word of each lane, whose high word is
 * zero, so (R1' 11275 + 2^23) >> 24 = ((R1' 11275 >> 16) + 2^7) >> 8
 * (2^23 is a multiple of 2^16) takes vpmulhuw, and R1 alpha =
 * (R1 93) << 11 with R1 <= 43 takes vpmullw (Sapphire Rapids: 118
 * against 128 TSC ticks per polynomial, UseHint 237 against 263).
 * For (q-1)/32, R1 alpha = ((R1 << 10) - R1) << 9 instead of the
 * vpmulld was slower (120 against 109): the shifts compete for the
 * same two ports.  */
.macro DECOMPOSE m32, r, r1, r0, t
	vpaddd		%ymm8, \r, \r1
	vpsrad		$7, \r1, \r1
.if \m32
	vpslld		$10, \r1, \t		/* r1 * 1025 */
	vpaddd		\t, \r1, \r1
	vpaddd		%ymm9, \r1, \r1
	vpsrad		$22, \r1, \r1
	vpand		%ymm10, \r1, \r1
	vpmulld		%ymm11, \r1, \t		/* r1 * alpha */
.else
	vpmulhuw	%ymm10, \r1, \r1
	vpaddd		%ymm9, \r1, \r1
	vpsrad		$8, \r1, \r1
	vpcmpgtd	%ymm13, \r1, \t		/* r1 > 43: fold to 0 */
	vpandn		\r1, \t, \r1
	vpmullw		%ymm11, \r1, \t		/* r1 * alpha */
	vpslld		$11, \t, \t
.endif
	vpsubd		\t, \r, \r0
	vpcmpgtd	%ymm12, \r0, \t		/* r0 > (q-1)/2: r0 -= q */
	vpand		QV, \t, \t
	vpsubd		\t, \r0, \r0
.endm

/* Load the DECOMPOSE constants.  */
.macro DECOMPOSE_CONSTS m32
	vpbroadcastd	.Lq rRIP, QV
	vpbroadcastd	.Lc127 rRIP, %ymm8
	vpbroadcastd	.Lhalfq rRIP, %ymm12
.if \m32
	vpbroadcastd	.Lc2p21 rRIP, %ymm9
	vpbroadcastd	.Lc15 rRIP, %ymm10
	vpbroadcastd	.Lalpha32 rRIP, %ymm11
.else
	vpbroadcastd	.Lc128 rRIP, %ymm9
	vpbroadcastd	.Lc11275 rRIP, %ymm10
	vpbroadcastd	.Lc93 rRIP, %ymm11
	vpbroadcastd	.Lc43 rRIP, %ymm13
.endif
.endm

/* void _gcry_mldsa_decompose{32,88}_avx2 (s32 a1[256], s32 a0[256],
 *                                         const s32 a[256])
 * Algorithm 36 for gamma2 = (q-1)/32 resp. (q-1)/88 of a mod q,
 * |a| < q: the unsigned minimum of a and a + q is a + q exactly where
 * a < 0 (a caddq in two instructions).  A1 may alias A.  */
.macro DECOMPOSE_FN m32, name
.globl \name
ELF(.type \name,@function;)
.align 32
\name:
	CFI_STARTPROC()
	DECOMPOSE_CONSTS \m32
	xorl		%eax, %eax
1:
	vmovdqu		(%rdx,%rax), %ymm0
	vpaddd		QV, %ymm0, %ymm3
	vpminud		%ymm3, %ymm0, %ymm0
	DECOMPOSE	\m32, %ymm0, %ymm1, %ymm2, %ymm3
	vmovdqu		%ymm1, (%rdi,%rax)
	vmovdqu		%ymm2, (%rsi,%rax)
	addq		$32, %rax
	cmpq		$1024, %rax
	jb		1b
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size \name,.-\name;)
.endm

DECOMPOSE_FN 1, _gcry_mldsa_decompose32_avx2
DECOMPOSE_FN 0, _gcry_mldsa_decompose88_avx2


/* void _gcry_mldsa_use_hint{32,88}_avx2 (s32 b[256], const s32 a[256],
 *                                        const s32 h[256])
 * Algorithm 40: with (r1, r0) = Decompose (a), b = r1 + 1 if h and
 * r0 > 0, r1 - 1 if h and r0 <= 0, modulo m = 16 resp. 44; else r1.
 * B may alias A.  */
.macro USE_HINT_FN m32, name
.globl \name
ELF(.type \name,@function;)
.align 32
\name:
	CFI_STARTPROC()
	DECOMPOSE_CONSTS \m32
.if \m32 == 0
	vpbroadcastd	.Lc44 rRIP, %ymm14
.endif
	xorl		%eax, %eax
1:
	vmovdqu		(%rsi,%rax), %ymm0
	vmovdqu		(%rdx,%rax), %ymm4
	vpaddd		QV, %ymm0, %ymm3	/* a < 0: a + q */
	vpminud		%ymm3, %ymm0, %ymm0
	DECOMPOSE	\m32, %ymm0, %ymm1, %ymm2, %ymm3
	vpxor		%ymm5, %ymm5, %ymm5
	vpcmpeqd	%ymm5, %ymm4, %ymm4	/* h == 0 */
	vpcmpgtd	%ymm5, %ymm2, %ymm2	/* r0 > 0 */
	vpandn		%ymm2, %ymm4, %ymm3	/* h && r0 > 0: -1 */
	vpor		%ymm2, %ymm4, %ymm4
	vpcmpeqd	%ymm5, %ymm4, %ymm4	/* h && r0 <= 0: -1 */
	vpsubd		%ymm3, %ymm1, %ymm1
	vpaddd		%ymm4, %ymm1, %ymm1
.if \m32
	vpand		%ymm10, %ymm1, %ymm1
.else
	vpcmpgtd	%ymm1, %ymm5, %ymm3	/* r1 = -1: + 44 */
	vpand		%ymm14, %ymm3, %ymm3
	vpaddd		%ymm3, %ymm1, %ymm1
	vpcmpgtd	%ymm13, %ymm1, %ymm3	/* r1 = 44: 0 */
	vpandn		%ymm1, %ymm3, %ymm1
.endif
	vmovdqu		%ymm1, (%rdi,%rax)
	addq		$32, %rax
	cmpq		$1024, %rax
	jb		1b
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size \name,.-\name;)
.endm

USE_HINT_FN 1, _gcry_mldsa_use_hint32_avx2
USE_HINT_FN 0, _gcry_mldsa_use_hint88_avx2


/* unsigned int _gcry_mldsa_make_hint_avx2 (s32 h[256], const s32 a0[256],
 *                                          const s32 a1[256], s32 gamma2)
 * h = 1 iff a0 > gamma2, a0 < -gamma2, or a0 = -gamma2 and a1 != 0;
 * returns the number of ones.  */
.globl _gcry_mldsa_make_hint_avx2
ELF(.type _gcry_mldsa_make_hint_avx2,@function;)
.align 32
_gcry_mldsa_make_hint_avx2:
	CFI_STARTPROC()
	vmovd		%ecx, %xmm8
	vpbroadcastd	%xmm8, %ymm8		/* gamma2 */
	vpxor		%ymm10, %ymm10, %ymm10	/* zero */
	vpsubd		%ymm8, %ymm10, %ymm9	/* -gamma2 */
	vpxor		%ymm11, %ymm11, %ymm11	/* -count per lane */
	xorl		%eax, %eax
.Lmake_hint_loop:
	vmovdqu		(%rsi,%rax), %ymm0
	vmovdqu		(%rdx,%rax), %ymm1
	vpcmpgtd	%ymm8, %ymm0, %ymm2	/* a0 > gamma2 */
	vpcmpgtd	%ymm0, %ymm9, %ymm3	/* a0 < -gamma2 */
	vpor		%ymm3, %ymm2, %ymm2
	vpcmpeqd	%ymm9, %ymm0, %ymm3	/* a0 = -gamma2 */
	vpcmpeqd	%ymm10, %ymm1, %ymm4	/* a1 = 0 */
	vpandn		%ymm3, %ymm4, %ymm3
	vpor		%ymm3, %ymm2, %ymm2
	vpaddd		%ymm2, %ymm11, %ymm11
	vpsrld		$31, %ymm2, %ymm2
	vmovdqu		%ymm2, (%rdi,%rax)
	addq		$32, %rax
	cmpq		$1024, %rax
	jb		.Lmake_hint_loop
	vpsubd		%ymm11, %ymm10, %ymm11
	vextracti128	$1, %ymm11, %xmm0
	vpaddd		%xmm0, %xmm11, %xmm0
	vpshufd		$0x4e, %xmm0, %xmm1
	vpaddd		%xmm1, %xmm0, %xmm0
	vpshufd		$0xb1, %xmm0, %xmm1
	vpaddd		%xmm1, %xmm0, %xmm0
	vmovd		%xmm0, %eax
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_make_hint_avx2,.-_gcry_mldsa_make_hint_avx2;)


/* ACC = max (ACC, |X|) lane by lane, as unsigned words (X is
 * clobbered): the norm checks keep the largest |x| and compare it with
 * the bound once, at the end (RETURN_NONZERO); |x| < 2^31 by the
 * contracts, so the signed compare there is right.  */
.macro ABS_MAX x, acc
	vpabsd		\x, \x
	vpmaxud		\x, \acc, \acc
.endm

/* The constants of the norm checks: q in QV, 2^22 in ymm13,
 * BOUND - 1 (BOUND in the 32-bit register given) in ymm12; the
 * accumulator ymm11 and the offset rax cleared.  */
.macro NORM_SETUP bound
	vpbroadcastd	.Lq rRIP, QV
	vpbroadcastd	.Lc2p22 rRIP, %ymm13
	decl		\bound
	vmovd		\bound, %xmm12
	vpbroadcastd	%xmm12, %ymm12
	vpxor		%ymm11, %ymm11, %ymm11
	xorl		%eax, %eax
.endm

/* X = X mod^+- q as reduce computes it, X - q ((X + 2^22) >> 23)
 * (2^22 in ymm13); T is clobbered.  */
.macro REDUCE_MODQ x, t
	vpaddd		%ymm13, \x, \t
	vpsrad		$23, \t, \t
	vpmulld		QV, \t, \t
	vpsubd		\t, \x, \x
.endm

/* Return 1 if some lane of ACC exceeds LIM, else 0; clear the vector
 * registers (they held coefficients).  */
.macro RETURN_NONZERO acc, lim
	vpcmpgtd	\lim, \acc, \acc
	xorl		%eax, %eax
	vptest		\acc, \acc
	setnz		%al
	vzeroall
	ret_spec_stop
.endm

/* int _gcry_mldsa_chknorm_avx2 (const s32 a[256], s32 bound)
 * 1 if some |a mod^+- q| >= bound, else 0.  The coefficients are
 * centred as reduce does, and the largest |.| is compared with
 * bound - 1 at the end; only that compare decides the result.  */
.globl _gcry_mldsa_chknorm_avx2
ELF(.type _gcry_mldsa_chknorm_avx2,@function;)
.align 32
_gcry_mldsa_chknorm_avx2:
	CFI_STARTPROC()
	NORM_SETUP	%esi
.Lchknorm_loop:
	vmovdqu		(%rdi,%rax), %ymm0
	REDUCE_MODQ	%ymm0, %ymm1
	ABS_MAX		%ymm0, %ymm11
	addq		$32, %rax
	cmpq		$1024, %rax
	jb		.Lchknorm_loop
	RETURN_NONZERO	%ymm11, %ymm12
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_chknorm_avx2,.-_gcry_mldsa_chknorm_avx2;)

/* int _gcry_mldsa_add16_chknorm_avx2 (s32 a[256], const s16 b[256],
 *                                     int sub, s32 bound)
 * a = a + b' (a - b' if SUB), exactly, b' the representative of b in
 * [-1664, 1664] mod 3329 (|b| < 3329; LIFT16 on 16 words at a time);
 * then 1 if some |a| >= bound, else 0.  B' is sign-extended
 * (vpmovsxwd) and its sign set once for the call by vpsignd with +1 or
 * -1 (SUB is public); the largest |a| is compared with bound - 1 at
 * the end, and only that decides the result.  32 coefficients per
 * iteration.  NORM_SETUP's q and 2^22 are replaced by the words 3329
 * (ymm15) and 1664 (ymm13); ymm10 holds -1664.  */
.macro LIFT16 x, t
	vpcmpgtw	%ymm13, \x, \t		/* b > 1664 */
	vpand		%ymm15, \t, \t
	vpsubw		\t, \x, \x
	vpcmpgtw	\x, %ymm10, \t		/* b < -1664 */
	vpand		%ymm15, \t, \t
	vpaddw		\t, \x, \x
.endm

.globl _gcry_mldsa_add16_chknorm_avx2
ELF(.type _gcry_mldsa_add16_chknorm_avx2,@function;)
.align 32
_gcry_mldsa_add16_chknorm_avx2:
	CFI_STARTPROC()
	movl		$1, %eax
	movl		$-1, %r8d
	testl		%edx, %edx
	cmovnz		%r8d, %eax
	vmovd		%eax, %xmm14
	vpbroadcastd	%xmm14, %ymm14		/* +1 or -1 */
	NORM_SETUP	%ecx
	vpbroadcastw	.Ladd16_c3329 rRIP, %ymm15
	vpbroadcastw	.Ladd16_c1664 rRIP, %ymm13
	vpbroadcastw	.Ladd16_cm1664 rRIP, %ymm10
.Ladd16_loop:
	vmovdqu		(%rsi,%rax), %ymm4
	vmovdqu		32(%rsi,%rax), %ymm5
	LIFT16		%ymm4, %ymm6
	LIFT16		%ymm5, %ymm7
	vpmovsxwd	%xmm4, %ymm0
	vextracti128	$1, %ymm4, %xmm4
	vpmovsxwd	%xmm4, %ymm1
	vpmovsxwd	%xmm5, %ymm2
	vextracti128	$1, %ymm5, %xmm5
	vpmovsxwd	%xmm5, %ymm3
	vpsignd		%ymm14, %ymm0, %ymm0
	vpsignd		%ymm14, %ymm1, %ymm1
	vpsignd		%ymm14, %ymm2, %ymm2
	vpsignd		%ymm14, %ymm3, %ymm3
	vpaddd		(%rdi,%rax,2), %ymm0, %ymm0
	vpaddd		32(%rdi,%rax,2), %ymm1, %ymm1
	vpaddd		64(%rdi,%rax,2), %ymm2, %ymm2
	vpaddd		96(%rdi,%rax,2), %ymm3, %ymm3
	vmovdqu		%ymm0, (%rdi,%rax,2)
	vmovdqu		%ymm1, 32(%rdi,%rax,2)
	vmovdqu		%ymm2, 64(%rdi,%rax,2)
	vmovdqu		%ymm3, 96(%rdi,%rax,2)
	ABS_MAX		%ymm0, %ymm11
	ABS_MAX		%ymm1, %ymm11
	ABS_MAX		%ymm2, %ymm11
	ABS_MAX		%ymm3, %ymm11
	addq		$64, %rax
	cmpq		$512, %rax
	jb		.Ladd16_loop
	RETURN_NONZERO	%ymm11, %ymm12
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_add16_chknorm_avx2,.-_gcry_mldsa_add16_chknorm_avx2;)

/* int _gcry_mldsa_add_reduce_chknorm_avx2 (s32 a[256], const s32 b[256],
 *                                          s32 bound)
 * r = b mod^+- q as reduce computes it (r = b - q ((b + 2^22) >> 23));
 * a = a + r; 1 if some |r| >= bound, else 0 (the largest |r|
 * compared once at the end).  16 coefficients per iteration.  */
.globl _gcry_mldsa_add_reduce_chknorm_avx2
ELF(.type _gcry_mldsa_add_reduce_chknorm_avx2,@function;)
.align 32
_gcry_mldsa_add_reduce_chknorm_avx2:
	CFI_STARTPROC()
	NORM_SETUP	%edx
.Laddred_loop:
	vmovdqu		(%rsi,%rax), %ymm0
	vmovdqu		32(%rsi,%rax), %ymm1
	REDUCE_MODQ	%ymm0, %ymm2
	REDUCE_MODQ	%ymm1, %ymm3
	vpaddd		(%rdi,%rax), %ymm0, %ymm2
	vpaddd		32(%rdi,%rax), %ymm1, %ymm3
	vmovdqu		%ymm2, (%rdi,%rax)
	vmovdqu		%ymm3, 32(%rdi,%rax)
	ABS_MAX		%ymm0, %ymm11
	ABS_MAX		%ymm1, %ymm11
	addq		$64, %rax
	cmpq		$1024, %rax
	jb		.Laddred_loop
	RETURN_NONZERO	%ymm11, %ymm12
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_add_reduce_chknorm_avx2,.-_gcry_mldsa_add_reduce_chknorm_avx2;)

/* size_t _gcry_mldsa_rej_uniform_avx2 (s32 a[256], unsigned int *ctr,
 *                                      const byte *buf, size_t buflen,
 *                                      const byte table[2304])
 * The parsing loop of RejNTTPoly (FIPS 204 Algorithm 30) with
 * CoeffFromThreeBytes (Algorithm 14), for public seeds only (the
 * matrix A): 24 bytes of BUF give 8 candidates (the top bit of each
 * third byte cleared); those below q are moved to the front with
 * vpermd (indices from TABLE by the mask of accepted lanes) and
 * stored at a[*ctr], and *ctr grows by the number accepted (also from
 * TABLE, so no POPCNT is needed).  The store writes 8 words, so it
 * runs only while *ctr <= 248; the 32-byte load runs only while it
 * stays inside BUF.  Returns the number of bytes consumed (a multiple
 * of 24); the caller parses the rest.  The running time and the
 * table addresses depend on the Keccak output of a public seed only.  */
.section .rodata
.align 32
.Lrej_shuffle:
	/* Low half: candidates 0-3 from bytes 0-11 of the load; high
	 * half (bytes 8-23 after vpermq): candidates 4-7 from 12-23.  */
	.byte 0, 1, 2, 0x80, 3, 4, 5, 0x80, 6, 7, 8, 0x80, 9, 10, 11, 0x80
	.byte 4, 5, 6, 0x80, 7, 8, 9, 0x80, 10, 11, 12, 0x80, 13, 14, 15, 0x80
.align 4
.Lc7fffff:	.long 0x7fffff

.text
.globl _gcry_mldsa_rej_uniform_avx2
ELF(.type _gcry_mldsa_rej_uniform_avx2,@function;)
.align 32
_gcry_mldsa_rej_uniform_avx2:
	CFI_STARTPROC()
	vpbroadcastd	.Lq rRIP, QV
	vpbroadcastd	.Lc7fffff rRIP, %ymm14
	vmovdqa		.Lrej_shuffle rRIP, %ymm13
	movl		(%rsi), %r9d		/* ctr */
	xorl		%r10d, %r10d		/* pos */
.Lrej_loop:
	cmpl		$248, %r9d
	ja		.Lrej_done
	leaq		32(%r10), %r11
	cmpq		%rcx, %r11
	ja		.Lrej_done
	vmovdqu		(%rdx,%r10), %ymm0
	vpermq		$0x94, %ymm0, %ymm0	/* qwords 0, 1, 1, 2 */
	vpshufb		%ymm13, %ymm0, %ymm0
	vpand		%ymm14, %ymm0, %ymm0
	vpcmpgtd	%ymm0, QV, %ymm1	/* q > candidate */
	vmovmskps	%ymm1, %eax
	vpmovzxbd	(%r8,%rax,8), %ymm2
	vpermd		%ymm0, %ymm2, %ymm0
	vmovdqu		%ymm0, (%rdi,%r9,4)
	movzbl		2048(%r8,%rax), %eax
	addl		%eax, %r9d
	addq		$24, %r10
	jmp		.Lrej_loop
.Lrej_done:
	movl		%r9d, (%rsi)
	movq		%r10, %rax
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_rej_uniform_avx2,.-_gcry_mldsa_rej_uniform_avx2;)

/* void _gcry_mldsa_unpack_gamma1_{17,19}_avx2 (s32 a[256],
 *                                              const byte *buf)
 * BitUnpack (FIPS 204 Algorithm 19) with a = GAMMA1 - 1, b = GAMMA1
 * for GAMMA1 = 2^17 (18-bit fields) resp. 2^19 (20-bit fields):
 * a[i] = GAMMA1 - field i.  Eight fields (18 resp. 20 bytes) per
 * step: the first four come from a 16-byte load at the group, the
 * other four from one at byte 9 resp. 10 of it (vinserti128); vpshufb
 * gathers the three bytes of each field, vpsrlvd drops the bits below
 * it.  BUF must be readable 16 bytes past the 576 resp. 640 bytes of
 * packed data.  The data (y, secret) only flows through the vector
 * unit; no branches or addresses depend on it.  */
.section .rodata
.align 32
.Lg17_shuffle:
	.byte 0, 1, 2, 0x80, 2, 3, 4, 0x80, 4, 5, 6, 0x80, 6, 7, 8, 0x80
	.byte 0, 1, 2, 0x80, 2, 3, 4, 0x80, 4, 5, 6, 0x80, 6, 7, 8, 0x80
.Lg17_shift:
	.long 0, 2, 4, 6, 0, 2, 4, 6
.Lg19_shuffle:
	.byte 0, 1, 2, 0x80, 2, 3, 4, 0x80, 5, 6, 7, 0x80, 7, 8, 9, 0x80
	.byte 0, 1, 2, 0x80, 2, 3, 4, 0x80, 5, 6, 7, 0x80, 7, 8, 9, 0x80
.Lg19_shift:
	.long 0, 4, 0, 4, 0, 4, 0, 4
.align 4
.Lc3ffff:	.long 0x3ffff
.Lcfffff:	.long 0xfffff
.Lc2p17:	.long 0x20000
.Lc2p19:	.long 0x80000

/* The step shared by the BitUnpack kernels (here and skDecode's
   below): the fields in the dwords of ymm0, each at the bit offset
   given by its dword of ymm12, masked by ymm11 and subtracted from
   ymm10 (a = C - field), to (%rdi,%rax); then RSI advances by STEP
   bytes and RAX by 32.  */
.macro UNPACK_FIELDS step
	vpsrlvd		%ymm12, %ymm0, %ymm0
	vpand		%ymm11, %ymm0, %ymm0
	vpsubd		%ymm0, %ymm10, %ymm0
	vmovdqu		%ymm0, (%rdi,%rax)
	addq		$\step, %rsi
	addq		$32, %rax
.endm

.macro UNPACK_GAMMA1_FN name, shuffle, shift, mask, gamma1, step, half
.text
.globl \name
ELF(.type \name,@function;)
.align 32
\name:
	CFI_STARTPROC()
	vmovdqa		\shuffle rRIP, %ymm13
	vmovdqa		\shift rRIP, %ymm12
	vpbroadcastd	\mask rRIP, %ymm11
	vpbroadcastd	\gamma1 rRIP, %ymm10
	xorl		%eax, %eax
1:
	vmovdqu		(%rsi), %xmm0
	vinserti128	$1, \half(%rsi), %ymm0, %ymm0
	vpshufb		%ymm13, %ymm0, %ymm0
	UNPACK_FIELDS	\step
	cmpq		$1024, %rax
	jb		1b
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size \name,.-\name;)
.endm

UNPACK_GAMMA1_FN _gcry_mldsa_unpack_gamma1_17_avx2, .Lg17_shuffle, \
	.Lg17_shift, .Lc3ffff, .Lc2p17, 18, 9
UNPACK_GAMMA1_FN _gcry_mldsa_unpack_gamma1_19_avx2, .Lg19_shuffle, \
	.Lg19_shift, .Lcfffff, .Lc2p19, 20, 10

/* void _gcry_mldsa_unpack_t1_avx2 (s32 a[256], const byte *b)
 * SimpleBitUnpack of t1 (FIPS 204 Algorithm 18, 10-bit fields):
 * eight fields (10 bytes) per step from a 16-byte load broadcast to
 * both lanes; vpshufb gathers bytes k, k+1 of each field (the high
 * lane at byte 5 of the group), vpsrlvd drops the 0, 2, 4 or 6 bits
 * below it.  31 steps load at 0, 10, ..., 300; the last eight fields
 * (bytes 310..319) come from the load at 304 with another mask, so
 * no byte past the 320 is read.  Public data.  */
.section .rodata
.align 32
.Lt1_shuffle:
	.byte 0, 1, 0x80, 0x80, 1, 2, 0x80, 0x80
	.byte 2, 3, 0x80, 0x80, 3, 4, 0x80, 0x80
	.byte 5, 6, 0x80, 0x80, 6, 7, 0x80, 0x80
	.byte 7, 8, 0x80, 0x80, 8, 9, 0x80, 0x80
.Lt1_shuffle_last:
	.byte 6, 7, 0x80, 0x80, 7, 8, 0x80, 0x80
	.byte 8, 9, 0x80, 0x80, 9, 10, 0x80, 0x80
	.byte 11, 12, 0x80, 0x80, 12, 13, 0x80, 0x80
	.byte 13, 14, 0x80, 0x80, 14, 15, 0x80, 0x80
.Lt1_shift:
	.long 0, 2, 4, 6, 0, 2, 4, 6
.align 4
.Lc3ff:		.long 0x3ff

/* Eight fields from the group broadcast in ymm0 with the vpshufb mask
   register SHUF, stored at OFF (%rdi,%rax).  */
.macro T1_FIELDS shuf, off
	vpshufb		\shuf, %ymm0, %ymm0
	vpsrlvd		%ymm12, %ymm0, %ymm0
	vpand		%ymm11, %ymm0, %ymm0
	vmovdqu		%ymm0, \off(%rdi,%rax)
.endm

.text
.globl _gcry_mldsa_unpack_t1_avx2
ELF(.type _gcry_mldsa_unpack_t1_avx2,@function;)
.align 32
_gcry_mldsa_unpack_t1_avx2:
	CFI_STARTPROC()
	vmovdqa		.Lt1_shuffle rRIP, %ymm13
	vmovdqa		.Lt1_shift rRIP, %ymm12
	vpbroadcastd	.Lc3ff rRIP, %ymm11
	xorl		%eax, %eax
1:
	vbroadcasti128	(%rsi), %ymm0
	T1_FIELDS	%ymm13, 0
	addq		$10, %rsi
	addq		$32, %rax
	cmpq		$992, %rax
	jb		1b
	vbroadcasti128	-6(%rsi), %ymm0		/* b + 304 */
	vmovdqa		.Lt1_shuffle_last rRIP, %ymm13
	xorl		%eax, %eax
	T1_FIELDS	%ymm13, 992
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_unpack_t1_avx2,.-_gcry_mldsa_unpack_t1_avx2;)

/* void _gcry_mldsa_pack_w1_4_avx2 (byte r[128], const s32 a[256])
 * w1Encode for GAMMA2 = (q-1)/32: r[i] = a[2i] | a[2i+1] << 4, all
 * a < 16.  Per 64 coefficients: vpackusdw takes pairs of registers
 * to words (the lanes interleave blocks of four, which vpermq $0xd8
 * puts back in order), vpackuswb to bytes (coefficients 0-7, 16-23
 * in the low lane, 8-15, 24-31 in the high one); as words these are
 * a[2i] | a[2i+1] << 8, and OR-ing in the word shifted right by 4
 * puts a[2i+1] << 4 into the low byte, which the mask and a last
 * vpackuswb keep.  That leaves blocks of four output bytes in the
 * order 0, 2, 4, 6 | 1, 3, 5, 7, which vpermd sorts.  Signing packs
 * the w1 of attempts it rejects, which are secret: no branch or
 * address depends on the data.  */
.section .rodata
.align 32
.Lw1_order:
	.long 0, 4, 1, 5, 2, 6, 3, 7
.align 2
.Lc00ff:	.short 0x00ff

/* Words of the 16 coefficients at OFF (%rsi) to ymm\W, in order.  */
.macro W1_WORDS w, off
	vmovdqu		\off(%rsi), %ymm\w
	vpackusdw	\off+32(%rsi), %ymm\w, %ymm\w
	vpermq		$0xd8, %ymm\w, %ymm\w
.endm

/* ymm\A = the pair bytes of the 32 coefficients in ymm\A, ymm\B
   (words), as words.  */
.macro W1_PAIRS a, b
	vpackuswb	%ymm\b, %ymm\a, %ymm\a
	vpsrlw		$4, %ymm\a, %ymm\b
	vpor		%ymm\b, %ymm\a, %ymm\a
	vpand		%ymm15, %ymm\a, %ymm\a
.endm

.text
.globl _gcry_mldsa_pack_w1_4_avx2
ELF(.type _gcry_mldsa_pack_w1_4_avx2,@function;)
.align 32
_gcry_mldsa_pack_w1_4_avx2:
	CFI_STARTPROC()
	vpbroadcastw	.Lc00ff rRIP, %ymm15
	vmovdqa		.Lw1_order rRIP, %ymm14
	xorl		%eax, %eax
1:
	W1_WORDS	0, 0
	W1_WORDS	1, 64
	W1_WORDS	2, 128
	W1_WORDS	3, 192
	W1_PAIRS	0, 1
	W1_PAIRS	2, 3
	vpackuswb	%ymm2, %ymm0, %ymm0
	vpermd		%ymm0, %ymm14, %ymm0
	vmovdqu		%ymm0, (%rdi,%rax)
	addq		$256, %rsi
	addq		$32, %rax
	cmpq		$128, %rax
	jb		1b
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pack_w1_4_avx2,.-_gcry_mldsa_pack_w1_4_avx2;)

/* The BitPack encodings of KeyGen (FIPS 204 Algorithms 16 and 17 in
 * pkEncode and skEncode, Algorithms 22 and 24): fields of K bits,
 * little endian, of a (t1, K = 10), 2^12 - a (t0, K = 13) or
 * ETA - a (s1 and s2, K = 3 or 4); eight coefficients make 8K bits,
 * a whole number of bytes.  t1, s1 and s2 (and w1Encode's 6-bit
 * fields) take 32 coefficients per step, see their kernels below;
 * t0, whose 13-bit fields leave a 4-bit offset every eight of them,
 * takes these steps per eight coefficients (one ymm, dwords f0..f7
 * < 2^K once the constant is subtracted; K <= 16):
 *   1. in each quadword f0 + f1 2^32, shifting right by 32 - K gives
 *      f1 2^K (f0 >> (32 - K) is zero); OR-ing it into the low dword,
 *      the high one cleared, gives the 2K-bit field f0 | f1 << K;
 *   2. in each 128-bit lane, the other quadword (vpshufd) shifted left
 *      by 2K and OR-ed in gives 4K bits in quadword 0;
 *   3. the high lane's 4K bits W1 join the low lane's W0: quadword 0
 *      of xmm0 is W0 | W1 << 4K, and where 8K > 64, W1 >> (64 - 4K)
 *      goes to quadword 1.
 * Groups are stored 16 bytes at a time, in order, each store's
 * excess overwritten by the next group; the last group is stored to
 * its exact length, so nothing past the 32 K bytes is written.  t0
 * and s are secret: no branch or address depends on the
 * coefficients.  */
.section .rodata
.align 8
.Lqword_lo:	.quad 0xffffffff
.align 4
.Lc2:		.long 2
.Lc4:		.long 4
.Lc4096:	.long 4096

/* Eight coefficients at (%rsi) to xmm0 as above: fields of
   ymm15 - a.  Needs ymm14 = .Lqword_lo in every quadword; clobbers
   ymm1, ymm2.  */
.macro PACK_FIELDS k
	vpsubd		(%rsi), %ymm15, %ymm0
	vpsrlq		$(32 - \k), %ymm0, %ymm1
	vpand		%ymm14, %ymm0, %ymm0
	vpor		%ymm1, %ymm0, %ymm0
	vpshufd		$0x4e, %ymm0, %ymm1
	vpsllq		$(2 * \k), %ymm1, %ymm1
	vpor		%ymm1, %ymm0, %ymm0
	vextracti128	$1, %ymm0, %xmm1
	vpsllq		$(4 * \k), %xmm1, %xmm2
	vpor		%xmm2, %xmm0, %xmm0
  .if 8 * \k > 64
	vpsrlq		$(64 - 4 * \k), %xmm1, %xmm1
	vpunpcklqdq	%xmm1, %xmm0, %xmm0
  .endif
.endm

/* The constants, the loop over the first 31 groups (K bytes each,
   stored 16 bytes at a time), and the last group to xmm0, for the
   caller to store; fields of C - a, C the label of the constant.  */
.macro PACK_POLY k, c
	vpbroadcastq	.Lqword_lo rRIP, %ymm14
	vpbroadcastd	\c rRIP, %ymm15
	movl		$31, %ecx
1:
	PACK_FIELDS	\k
	vmovdqu		%xmm0, (%rdi)
	addq		$32, %rsi
	addq		$\k, %rdi
	subl		$1, %ecx
	jnz		1b
	PACK_FIELDS	\k
.endm

/* void _gcry_mldsa_pack_t1_avx2 (byte r[320], const s32 a[256])
 * In: 0 <= a < 1024.  32 coefficients per step, as the eta encodings
 * below but in words: vpackusdw and vpermq narrow them in order, and
 * a vpmaddwd by (1, 2^10) gives 20-bit dwords, d0 in bits 0-19 and d1
 * in bits 32-51 of each quadword X.  Their 40 bits (four fields, 5
 * bytes) are bytes 0-2 of X (d0, the upper half of byte 2 zero) ORed
 * with bytes 2-4 of X >> 12 (d1 from bit 20, bits 8-19 zero), each
 * gathered by a vpshufb to bytes 0-9 of the 128-bit lane.  The four
 * 10-byte pieces of a step are stored 16 bytes at a time, each
 * store's excess overwritten by the next; the last piece is stored
 * to its exact length.  About 26 instructions per 32 coefficients
 * instead of 44.  */
.section .rodata
.align 32
.Lt1_lo:
	.byte 0, 1, 2, -1, -1, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1
	.byte 0, 1, 2, -1, -1, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1
.Lt1_hi:
	.byte -1, -1, 2, 3, 4, -1, -1, 10, 11, 12, -1, -1, -1, -1, -1, -1
	.byte -1, -1, 2, 3, 4, -1, -1, 10, 11, 12, -1, -1, -1, -1, -1, -1
.Lt1_f1024:	.short 1, 1024

.text
.globl _gcry_mldsa_pack_t1_avx2
ELF(.type _gcry_mldsa_pack_t1_avx2,@function;)
.align 32
_gcry_mldsa_pack_t1_avx2:
	CFI_STARTPROC()
	vpbroadcastd	.Lt1_f1024 rRIP, %ymm10
	vmovdqa		.Lt1_lo rRIP, %ymm9
	vmovdqa		.Lt1_hi rRIP, %ymm8
	movl		$8, %ecx
1:
	vmovdqu		0(%rsi), %ymm0
	vmovdqu		32(%rsi), %ymm1
	vmovdqu		64(%rsi), %ymm2
	vmovdqu		96(%rsi), %ymm3
	vpackusdw	%ymm1, %ymm0, %ymm0
	vpackusdw	%ymm3, %ymm2, %ymm2
	vpermq		$0xd8, %ymm0, %ymm0
	vpermq		$0xd8, %ymm2, %ymm2
	vpmaddwd	%ymm10, %ymm0, %ymm0
	vpmaddwd	%ymm10, %ymm2, %ymm2
	vpsrlq		$12, %ymm0, %ymm1
	vpsrlq		$12, %ymm2, %ymm3
	vpshufb		%ymm9, %ymm0, %ymm0
	vpshufb		%ymm9, %ymm2, %ymm2
	vpshufb		%ymm8, %ymm1, %ymm1
	vpshufb		%ymm8, %ymm3, %ymm3
	vpor		%ymm1, %ymm0, %ymm0
	vpor		%ymm3, %ymm2, %ymm2
	vextracti128	$1, %ymm0, %xmm1
	vextracti128	$1, %ymm2, %xmm3
	vmovdqu		%xmm0, 0(%rdi)
	vmovdqu		%xmm1, 10(%rdi)
	vmovdqu		%xmm2, 20(%rdi)
	subl		$1, %ecx
	jz		2f
	vmovdqu		%xmm3, 30(%rdi)
	addq		$128, %rsi
	addq		$40, %rdi
	jmp		1b
2:
	vmovq		%xmm3, 30(%rdi)
	vpextrw		$4, %xmm3, 38(%rdi)
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pack_t1_avx2,.-_gcry_mldsa_pack_t1_avx2;)

/* void _gcry_mldsa_pack_t0_avx2 (byte r[416], const s32 a[256])
 * In: -2^12 < a <= 2^12.  */
.globl _gcry_mldsa_pack_t0_avx2
ELF(.type _gcry_mldsa_pack_t0_avx2,@function;)
.align 32
_gcry_mldsa_pack_t0_avx2:
	CFI_STARTPROC()
	PACK_POLY	13, .Lc4096
	vmovq		%xmm0, (%rdi)
	vpextrd		$2, %xmm0, 8(%rdi)
	vpextrb		$12, %xmm0, 12(%rdi)
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pack_t0_avx2,.-_gcry_mldsa_pack_t0_avx2;)

/* The eta encodings of skEncode, 32 coefficients per step: the four
 * registers of s32 are narrowed to 32 bytes (vpackssdw, vpacksswb,
 * then vpermd undoes the packs' lane interleaving), the fields
 * eta - a computed bytewise, and adjacent fields merged by
 * multiply-adds: vpmaddubsw by (1, 2^K) gives 2K-bit words, and for
 * K = 3 vpmaddwd by (1, 2^6) 12-bit dwords, two of which a shift and
 * an OR join into the 24 bits (3 bytes) of eight fields per
 * quadword; for K = 4 vpackuswb takes the 8-bit words to bytes.
 * Eight coefficients through the generic BitPack steps above took
 * about 11 instructions, 32 take 13 (K = 4) or 18 (K = 3) here.
 * Constants: ymm13 the vpermd order, ymm12 eta in every byte, ymm11
 * the vpmaddubsw factors, ymm10 the vpmaddwd factors and ymm9 the
 * byte gather (K = 3).  s is secret: no branch or address depends on
 * it.  */
.section .rodata
.align 32
.Leta_perm:	.long 0, 4, 1, 5, 2, 6, 3, 7
/* Bytes 0-2 and 8-10 of each 128-bit lane to its bytes 0-5.  */
.Leta3_gather:
	.byte 0, 1, 2, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1
	.byte 0, 1, 2, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1
.Leta3_f8:	.byte 1, 8
.Leta3_f64:	.short 1, 64
.Leta4_f16:	.byte 1, 16
.Lb2:		.byte 2
.Lb4:		.byte 4

.text
/* 32 coefficients at (%rsi), each in [-128, 127], to bytes in ymm0,
   in order (ymm13 = .Leta_perm).  Clobbers ymm1-ymm3.  */
.macro NARROW_BYTES
	vmovdqu		0(%rsi), %ymm0
	vmovdqu		32(%rsi), %ymm1
	vmovdqu		64(%rsi), %ymm2
	vmovdqu		96(%rsi), %ymm3
	vpackssdw	%ymm1, %ymm0, %ymm0
	vpackssdw	%ymm3, %ymm2, %ymm2
	vpacksswb	%ymm2, %ymm0, %ymm0
	vpermd		%ymm0, %ymm13, %ymm0
.endm

/* 32 coefficients at (%rsi) to the bytes eta - a in ymm0, in order.
   Clobbers ymm1-ymm3.  */
.macro ETA_BYTES
	NARROW_BYTES
	vpsubb		%ymm0, %ymm12, %ymm0
.endm

/* The end of a step of the loop at local label 1 (ECX steps, 128
   input bytes each): store the two N-byte pieces in xmm0 and in the
   upper lane of ymm0 with STORE (8 or 16 bytes, the excess
   overwritten by the next step); after the last step the upper piece
   is stored to its exact length, its first HLEN bytes with HEAD
   (vmovd or vmovq), the rest with EXTRACT (vpextrw or vpextrd) of
   element IDX.  Clobbers ymm1.  */
.macro STORE_PIECES store, n, head, hlen, extract, idx
	vextracti128	$1, %ymm0, %xmm1
	\store		%xmm0, (%rdi)
	subl		$1, %ecx
	jz		2f
	\store		%xmm1, \n(%rdi)
	addq		$128, %rsi
	addq		$(2 * \n), %rdi
	jmp		1b
2:
	\head		%xmm1, \n(%rdi)
	\extract	$\idx, %xmm1, \n+\hlen(%rdi)
.endm

/* void _gcry_mldsa_pack_eta2_avx2 (byte r[96], const s32 a[256])
 * In: -2 <= a <= 2.  Each step stores 12 bytes as two 8-byte stores
 * of 6, the excess overwritten by the next; the last step's second
 * half is stored to its exact length.  */
.globl _gcry_mldsa_pack_eta2_avx2
ELF(.type _gcry_mldsa_pack_eta2_avx2,@function;)
.align 32
_gcry_mldsa_pack_eta2_avx2:
	CFI_STARTPROC()
	vmovdqa		.Leta_perm rRIP, %ymm13
	vpbroadcastb	.Lb2 rRIP, %ymm12
	vpbroadcastw	.Leta3_f8 rRIP, %ymm11
	vpbroadcastd	.Leta3_f64 rRIP, %ymm10
	vmovdqa		.Leta3_gather rRIP, %ymm9
	movl		$8, %ecx
1:
	ETA_BYTES
	vpmaddubsw	%ymm11, %ymm0, %ymm0
	vpmaddwd	%ymm10, %ymm0, %ymm0
	vpsrlq		$20, %ymm0, %ymm1
	vpor		%ymm1, %ymm0, %ymm0
	vpshufb		%ymm9, %ymm0, %ymm0
	STORE_PIECES	vmovq, 6, vmovd, 4, vpextrw, 2
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pack_eta2_avx2,.-_gcry_mldsa_pack_eta2_avx2;)

/* void _gcry_mldsa_pack_eta4_avx2 (byte r[128], const s32 a[256])
 * In: -4 <= a <= 4.  */
.globl _gcry_mldsa_pack_eta4_avx2
ELF(.type _gcry_mldsa_pack_eta4_avx2,@function;)
.align 32
_gcry_mldsa_pack_eta4_avx2:
	CFI_STARTPROC()
	vmovdqa		.Leta_perm rRIP, %ymm13
	vpbroadcastb	.Lb4 rRIP, %ymm12
	vpbroadcastw	.Leta4_f16 rRIP, %ymm11
	movl		$8, %ecx
1:
	ETA_BYTES
	vpmaddubsw	%ymm11, %ymm0, %ymm0
	vpackuswb	%ymm0, %ymm0, %ymm0
	vpermq		$0x08, %ymm0, %ymm0
	vmovdqu		%xmm0, (%rdi)
	addq		$128, %rsi
	addq		$16, %rdi
	subl		$1, %ecx
	jnz		1b
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pack_eta4_avx2,.-_gcry_mldsa_pack_eta4_avx2;)

/* void _gcry_mldsa_pack_w1_6_avx2 (byte r[192], const s32 a[256])
 * w1Encode for gamma2 = (q-1)/88 (FIPS 204 Algorithm 28): the 6-bit
 * fields of a, 32 per step as the eta encodings above: bytes in
 * order, vpmaddubsw by (1, 2^6) to 12-bit words, vpmaddwd by
 * (1, 2^12) to 24-bit dwords (four fields, 3 bytes each), vpshufb
 * gathers the 12 bytes of each 128-bit lane; stored 16 bytes at a
 * time, each store's excess overwritten by the next, the last piece
 * to its exact length.  About 15 instructions per 32 coefficients
 * instead of 44.  In: 0 <= a < 44.  */
.section .rodata
.align 32
.Lw1_6_gather:
	.byte 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1
	.byte 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1
.Lw1_6_f64:	.byte 1, 64
.Lw1_6_f4096:	.short 1, 4096

.text
.globl _gcry_mldsa_pack_w1_6_avx2
ELF(.type _gcry_mldsa_pack_w1_6_avx2,@function;)
.align 32
_gcry_mldsa_pack_w1_6_avx2:
	CFI_STARTPROC()
	vmovdqa		.Leta_perm rRIP, %ymm13
	vpbroadcastw	.Lw1_6_f64 rRIP, %ymm11
	vpbroadcastd	.Lw1_6_f4096 rRIP, %ymm10
	vmovdqa		.Lw1_6_gather rRIP, %ymm9
	movl		$8, %ecx
1:
	NARROW_BYTES
	vpmaddubsw	%ymm11, %ymm0, %ymm0
	vpmaddwd	%ymm10, %ymm0, %ymm0
	vpshufb		%ymm9, %ymm0, %ymm0
	STORE_PIECES	vmovdqu, 12, vmovq, 8, vpextrd, 2
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pack_w1_6_avx2,.-_gcry_mldsa_pack_w1_6_avx2;)

/* The BitUnpack decodings of skDecode (FIPS 204 Algorithms 19 and 25)
 * for s1, s2 (fields of K = 3 or 4 bits, a = ETA - field) and t0
 * (K = 13, a = 2^12 - field), eight coefficients (K bytes) per group,
 * without reading a byte past the 32 K packed bytes.  Each dword of a
 * ymm register gets the (at most four) bytes that hold its field,
 * vpsrlvd moves the field down and vpand keeps its K bits:
 *   K = 4: the group's four bytes broadcast to every dword (shifts
 *          0, 4, .., 28);
 *   K = 3: the three bytes of group i are read as the dword at byte
 *          3 i - 1 (shifts 8, 11, .., 29), so that the last group
 *          ends at the last byte; group 0 as the dword at byte 0
 *          (shifts 0, 3, .., 21);
 *   K = 13: field j takes the bytes 13 j / 8 .. (13 j + 12) / 8 of
 *          its group, at most byte 12; the group's 16 bytes are
 *          broadcast to both 128-bit lanes, and vpshufb gathers each
 *          field's bytes (shifts 13 j mod 8); the last group is
 *          loaded from three bytes earlier, with the indexes moved.
 * The s decoders also check that no field exceeds 2 ETA (FIPS 204
 * leaves such keys undefined; we reject them): the signs of
 * 2 ETA - field = ETA + a are ORed together and returned by
 * vmovmskps.  The key
 * bits only flow through the vector unit; no branch or address
 * depends on them.  */
.section .rodata
.align 32
.Lue2_shift0:
	.long 0, 3, 6, 9, 12, 15, 18, 21
.Lue2_shift:
	.long 8, 11, 14, 17, 20, 23, 26, 29
.Lue4_shift:
	.long 0, 4, 8, 12, 16, 20, 24, 28
.Lut0_shuffle:
	.byte 0, 1, 2, 0x80, 1, 2, 3, 0x80, 3, 4, 5, 0x80, 4, 5, 6, 0x80
	.byte 6, 7, 8, 0x80, 8, 9, 10, 0x80, 9, 10, 11, 0x80
	.byte 11, 12, 0x80, 0x80
.Lut0_shuffle_last:
	.byte 3, 4, 5, 0x80, 4, 5, 6, 0x80, 6, 7, 8, 0x80, 7, 8, 9, 0x80
	.byte 9, 10, 11, 0x80, 11, 12, 13, 0x80, 12, 13, 14, 0x80
	.byte 14, 15, 0x80, 0x80
.Lut0_shift:
	.long 0, 5, 2, 7, 4, 1, 6, 3
.align 4
.Lc7:		.long 7
.Lc1fff:	.long 0x1fff

/* After UNPACK_FIELDS for s (ymm0 = ETA - field, ymm10 = ETA): OR the
   sign of ETA + (ETA - field) = 2 ETA - field into ymm8.  */
.macro UNPACK_ETA_CHECK
	vpaddd		%ymm0, %ymm10, %ymm1
	vpor		%ymm1, %ymm8, %ymm8
.endm

/* The constants of the s decoders: the field mask and ETA (labels) in
   ymm11 and ymm10, the shifts of the first group in ymm12; ymm8, the
   check, and RAX, the output offset, start at 0.  */
.macro UNPACK_ETA_SETUP mask, eta, shift
	vpbroadcastd	\mask rRIP, %ymm11
	vpbroadcastd	\eta rRIP, %ymm10
	vmovdqa		\shift rRIP, %ymm12
	vpxor		%ymm8, %ymm8, %ymm8
	xorl		%eax, %eax
.endm

/* The groups of s from the dword at (%rsi) on, STEP bytes apart,
   until RAX = 1024; returns the check's sign bits.  */
.macro UNPACK_ETA_LOOP step
1:
	vpbroadcastd	(%rsi), %ymm0
	UNPACK_FIELDS	\step
	UNPACK_ETA_CHECK
	cmpq		$1024, %rax
	jb		1b
	vmovmskps	%ymm8, %eax
	vzeroall
	ret_spec_stop
.endm

/* u32 _gcry_mldsa_unpack_eta2_avx2 (s32 a[256], const byte b[96])
 * Returns nonzero if a field exceeds 4.  Group 0 comes from the
 * dword at byte 0, then groups 1-31 from the dwords at 3 i - 1.  */
.text
.globl _gcry_mldsa_unpack_eta2_avx2
ELF(.type _gcry_mldsa_unpack_eta2_avx2,@function;)
.align 32
_gcry_mldsa_unpack_eta2_avx2:
	CFI_STARTPROC()
	UNPACK_ETA_SETUP .Lc7, .Lc2, .Lue2_shift0
	vpbroadcastd	(%rsi), %ymm0
	UNPACK_FIELDS	2
	UNPACK_ETA_CHECK
	vmovdqa		.Lue2_shift rRIP, %ymm12
	UNPACK_ETA_LOOP 3
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_unpack_eta2_avx2,.-_gcry_mldsa_unpack_eta2_avx2;)

/* u32 _gcry_mldsa_unpack_eta4_avx2 (s32 a[256], const byte b[128])
 * Returns nonzero if a field exceeds 8.  */
.globl _gcry_mldsa_unpack_eta4_avx2
ELF(.type _gcry_mldsa_unpack_eta4_avx2,@function;)
.align 32
_gcry_mldsa_unpack_eta4_avx2:
	CFI_STARTPROC()
	UNPACK_ETA_SETUP .Lc15, .Lc4, .Lue4_shift
	UNPACK_ETA_LOOP 4
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_unpack_eta4_avx2,.-_gcry_mldsa_unpack_eta4_avx2;)

/* void _gcry_mldsa_unpack_t0_avx2 (s32 a[256], const byte b[416])
 * Groups 0-30 from the 16 bytes at 13 i, the last one from bytes
 * 400-415 with the indexes moved by 3.  */
.globl _gcry_mldsa_unpack_t0_avx2
ELF(.type _gcry_mldsa_unpack_t0_avx2,@function;)
.align 32
_gcry_mldsa_unpack_t0_avx2:
	CFI_STARTPROC()
	vmovdqa		.Lut0_shuffle rRIP, %ymm13
	vmovdqa		.Lut0_shift rRIP, %ymm12
	vpbroadcastd	.Lc1fff rRIP, %ymm11
	vpbroadcastd	.Lc4096 rRIP, %ymm10
	xorl		%eax, %eax
1:
	vbroadcasti128	(%rsi), %ymm0
	vpshufb		%ymm13, %ymm0, %ymm0
	UNPACK_FIELDS	13
	cmpq		$992, %rax
	jb		1b
	vmovdqa		.Lut0_shuffle_last rRIP, %ymm13
	vbroadcasti128	-3(%rsi), %ymm0
	vpshufb		%ymm13, %ymm0, %ymm0
	UNPACK_FIELDS	13
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_unpack_t0_avx2,.-_gcry_mldsa_unpack_t0_avx2;)

/* void _gcry_mldsa_challenge_avx2 (s32 c[256], const byte *js,
 *                                  unsigned int tau, u64 signs)
 * The swaps of SampleInBall (FIPS 204 Algorithm 29, lines 6-12) once
 * the positions are known: for t = 0 .. TAU-1, i = 256 - TAU + t,
 * j = JS[t] (<= i), c[i] = c[j], then c[j] = (-1)^(bit t of SIGNS).
 * TAU <= 64.  The challenge of a rejected signing attempt is secret,
 * so j and the sign bits never select an address or a branch.
 *
 * Instead of moving coefficients, two passes over a list: entry t of
 * POS is where the sign of step t is after the steps so far.  Step t
 * moves the coefficient at j (if any) to i, which is still zero
 * (every earlier j and i is below i): the entry equal to j, if any,
 * becomes i; then entry t becomes j.  The positions of the entries
 * before t are distinct, so at most one of them equals j; entries t
 * and above are not yet meaningful, and whatever the first update
 * does to them is overwritten at their own step.  Pass 1 runs this
 * on the 64 entries in two ymm registers (vpcmpeqb, vpblendvb), two
 * short dependency chains per step instead of a read and a write of
 * all of c.  Pass 2 writes c = sum_t sign_t [index == POS[t]], a
 * compare, AND and OR for each of the 8 registers of c (256 bytes)
 * per entry, all independent.  Both give exactly the c of the
 * algorithm; the bytes are widened to s32 (vpmovsxbd) at the end.
 *
 * Registers: pass 1: ymm0/ymm1 = POS entries 0..31 / 32..63,
 * ymm2/ymm3 = byte indices 0..31 / 32..63, ymm4 = j, ymm5 = i,
 * ymm6 = t, ymm7 mask; the sign bytes (+1 or -1) in ymm5/ymm6 after
 * it.  POS and the sign bytes go to the 128-byte red zone below %rsp
 * (this is a leaf function), where only t, which is public, selects
 * the byte read back; the red zone is cleared before returning.
 * Pass 2: ymm0-ymm7 = c as 256 signed bytes, ymm8 = POS[t],
 * ymm9 = sign t, ymm10 mask.  r8d = i, r9d = t.  */
.section .rodata
.align 32
.Lchal_index:
	.set .Lchal_i, 0
	.rept 256
	.byte .Lchal_i
	.set .Lchal_i, .Lchal_i + 1
	.endr
/* vpshufb masks moving byte t / 8 of SIGNS to byte t, t < 32 and
   32 <= t < 64 (SIGNS in each 64-bit lane).  */
.Lchal_sshuf0:
	.byte 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1
	.byte 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3
.Lchal_sshuf1:
	.byte 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5
	.byte 6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7
.Lchal_bits:
	.byte 1, 2, 4, 8, 16, 32, 64, 128
.Lc1:		.byte 1

/* c_K |= sign & (index == POS[t]).  */
.macro CHAL_SET k
	vpcmpeqb	.Lchal_index+32*\k rRIP, %ymm8, %ymm10
	vpand		%ymm9, %ymm10, %ymm10
	vpor		%ymm10, %ymm\k, %ymm\k
.endm

/* Store the 32 bytes of c_K as 32 s32 at 128 K (%rdi).  */
.macro CHAL_STORE k
	vextracti128	$1, %ymm\k, %xmm11
	vpmovsxbd	%xmm\k, %ymm14
	vmovdqu		%ymm14, 128*\k(%rdi)
	vpshufd		$0x4e, %xmm\k, %xmm10
	vpmovsxbd	%xmm10, %ymm14
	vmovdqu		%ymm14, 128*\k+32(%rdi)
	vpmovsxbd	%xmm11, %ymm14
	vmovdqu		%ymm14, 128*\k+64(%rdi)
	vpshufd		$0x4e, %xmm11, %xmm10
	vpmovsxbd	%xmm10, %ymm14
	vmovdqu		%ymm14, 128*\k+96(%rdi)
.endm

.text
.globl _gcry_mldsa_challenge_avx2
ELF(.type _gcry_mldsa_challenge_avx2,@function;)
.align 32
_gcry_mldsa_challenge_avx2:
	CFI_STARTPROC()
	/* Pass 1: the list of positions.  */
	vpxor		%ymm0, %ymm0, %ymm0
	vpxor		%ymm1, %ymm1, %ymm1
	vmovdqa		.Lchal_index rRIP, %ymm2
	vmovdqa		.Lchal_index+32 rRIP, %ymm3
	movl		$256, %r8d
	subl		%edx, %r8d		/* i = 256 - tau */
	xorl		%r9d, %r9d		/* t */
	testl		%edx, %edx
	jz		.Lchal_signs
.Lchal_pos:
	vpbroadcastb	(%rsi,%r9), %ymm4	/* j */
	vmovd		%r8d, %xmm5
	vpbroadcastb	%xmm5, %ymm5		/* i */
	vmovd		%r9d, %xmm6
	vpbroadcastb	%xmm6, %ymm6		/* t */
	vpcmpeqb	%ymm4, %ymm0, %ymm7
	vpblendvb	%ymm7, %ymm5, %ymm0, %ymm0
	vpcmpeqb	%ymm4, %ymm1, %ymm7
	vpblendvb	%ymm7, %ymm5, %ymm1, %ymm1
	vpcmpeqb	%ymm6, %ymm2, %ymm7
	vpblendvb	%ymm7, %ymm4, %ymm0, %ymm0
	vpcmpeqb	%ymm6, %ymm3, %ymm7
	vpblendvb	%ymm7, %ymm4, %ymm1, %ymm1
	incl		%r8d
	incl		%r9d
	cmpl		%edx, %r9d
	jb		.Lchal_pos
.Lchal_signs:
	/* Sign byte t = 1 - 2 (bit t of SIGNS) = (bit set ? -1 : 0) | 1.  */
	vmovq		%rcx, %xmm4
	vpbroadcastq	%xmm4, %ymm4
	vpshufb		.Lchal_sshuf0 rRIP, %ymm4, %ymm5
	vpshufb		.Lchal_sshuf1 rRIP, %ymm4, %ymm6
	vpbroadcastq	.Lchal_bits rRIP, %ymm7
	vpand		%ymm7, %ymm5, %ymm5
	vpcmpeqb	%ymm7, %ymm5, %ymm5
	vpand		%ymm7, %ymm6, %ymm6
	vpcmpeqb	%ymm7, %ymm6, %ymm6
	vpbroadcastb	.Lc1 rRIP, %ymm7
	vpor		%ymm7, %ymm5, %ymm5
	vpor		%ymm7, %ymm6, %ymm6
	vmovdqu		%ymm0, -128(%rsp)
	vmovdqu		%ymm1, -96(%rsp)
	vmovdqu		%ymm5, -64(%rsp)
	vmovdqu		%ymm6, -32(%rsp)

	/* Pass 2: c from the list.  */
	vpxor		%ymm0, %ymm0, %ymm0
	vpxor		%ymm1, %ymm1, %ymm1
	vpxor		%ymm2, %ymm2, %ymm2
	vpxor		%ymm3, %ymm3, %ymm3
	vpxor		%ymm4, %ymm4, %ymm4
	vpxor		%ymm5, %ymm5, %ymm5
	vpxor		%ymm6, %ymm6, %ymm6
	vpxor		%ymm7, %ymm7, %ymm7
	xorl		%r9d, %r9d
	testl		%edx, %edx
	jz		.Lchal_store
.Lchal_scatter:
	vpbroadcastb	-128(%rsp,%r9), %ymm8	/* POS[t] */
	vpbroadcastb	-64(%rsp,%r9), %ymm9	/* sign t */
	CHAL_SET	0
	CHAL_SET	1
	CHAL_SET	2
	CHAL_SET	3
	CHAL_SET	4
	CHAL_SET	5
	CHAL_SET	6
	CHAL_SET	7
	incl		%r9d
	cmpl		%edx, %r9d
	jb		.Lchal_scatter
.Lchal_store:
	vpxor		%ymm8, %ymm8, %ymm8
	vmovdqu		%ymm8, -128(%rsp)
	vmovdqu		%ymm8, -96(%rsp)
	vmovdqu		%ymm8, -64(%rsp)
	vmovdqu		%ymm8, -32(%rsp)
	CHAL_STORE	0
	CHAL_STORE	1
	CHAL_STORE	2
	CHAL_STORE	3
	CHAL_STORE	4
	CHAL_STORE	5
	CHAL_STORE	6
	CHAL_STORE	7
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_challenge_avx2,.-_gcry_mldsa_challenge_avx2;)

/* size_t _gcry_mldsa_rej_eta_avx2 (s32 a[256], unsigned int *ctr,
 *                                  const byte *buf, size_t buflen,
 *                                  int eta, const byte table[2304])
 * The parsing loop of RejBoundedPoly (FIPS 204 Algorithm 31) with
 * CoeffFromHalfByte (Algorithm 15): each byte of BUF gives two
 * candidates, the low nibble first; a nibble t is accepted if
 * t < 15 (ETA = 2) resp. t < 9 (ETA = 4) and becomes 2 - (t mod 5)
 * resp. 4 - t.  Eight bytes (16 candidates) per step: the nibbles are
 * split and interleaved into 16 bytes, mapped to coefficients with
 * vpshufb on a 16-entry register table (no memory access depends on
 * a candidate's value), and each half of 8 is compacted with vpermd
 * under the acceptance mask (indices and count from TABLE, as in
 * _gcry_mldsa_rej_uniform_avx2) and stored at a[*ctr].  Runs while
 * *ctr <= 240 and 8 bytes remain; returns the bytes consumed (a
 * multiple of 8).  The acceptance mask, hence the table rows read and
 * the store addresses, depend only on which candidates are rejected,
 * i.e. on discarded Keccak output (as the portable code's store
 * addresses do); the accepted values only pass through registers.  */
.section .rodata
.align 16
.Leta2_map:	/* 2 - (t mod 5), t = 0..14; 15 is rejected.  */
	.byte 2, 1, 0, -1, -2, 2, 1, 0, -1, -2, 2, 1, 0, -1, -2, 0
.Leta4_map:	/* 4 - t, t = 0..8; 9..15 are rejected.  */
	.byte 4, 3, 2, 1, 0, -1, -2, -3, -4, 0, 0, 0, 0, 0, 0, 0
.Lnibble_mask:
	.byte 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15
.Leta2_bound:	.byte 15
.Leta4_bound:	.byte 9

/* Compact the 8 s32 candidates in ymm\v by the 8-bit mask in \m
 * (a 32-bit register, clobbered) and store them at a[ctr].  */
.macro ETA_STORE8 v, m
	vpmovzxbd	(%r9,\m,8), %ymm4
	vpermd		%ymm\v, %ymm4, %ymm\v
	vmovdqu		%ymm\v, (%rdi,%rax,4)
	movzbl		2048(%r9,\m), %r11d
	addl		%r11d, %eax
.endm

.text
.globl _gcry_mldsa_rej_eta_avx2
ELF(.type _gcry_mldsa_rej_eta_avx2,@function;)
.align 32
_gcry_mldsa_rej_eta_avx2:
	CFI_STARTPROC()
	vmovdqa		.Lnibble_mask rRIP, %xmm13
	cmpl		$2, %r8d
	jne		1f
	vmovdqa		.Leta2_map rRIP, %xmm14
	vpbroadcastb	.Leta2_bound rRIP, %xmm15
	jmp		2f
1:
	vmovdqa		.Leta4_map rRIP, %xmm14
	vpbroadcastb	.Leta4_bound rRIP, %xmm15
2:
	movl		(%rsi), %eax		/* ctr */
	xorl		%r10d, %r10d		/* pos */
.Leta_loop:
	cmpl		$240, %eax
	ja		.Leta_done
	leaq		8(%r10), %r11
	cmpq		%rcx, %r11
	ja		.Leta_done
	vmovq		(%rdx,%r10), %xmm0
	vpsrlw		$4, %xmm0, %xmm1
	vpand		%xmm13, %xmm0, %xmm0	/* low nibbles */
	vpand		%xmm13, %xmm1, %xmm1	/* high nibbles */
	vpunpcklbw	%xmm1, %xmm0, %xmm0	/* in stream order */
	vpcmpgtb	%xmm0, %xmm15, %xmm1	/* accepted */
	vpmovmskb	%xmm1, %r8d
	vpshufb		%xmm0, %xmm14, %xmm0	/* coefficients */
	vpmovsxbd	%xmm0, %ymm2
	vpshufd		$0x4e, %xmm0, %xmm3
	vpmovsxbd	%xmm3, %ymm3
	movzbl		%r8b, %r11d
	ETA_STORE8	2, %r11
	shrl		$8, %r8d
	ETA_STORE8	3, %r8
	addq		$8, %r10
	jmp		.Leta_loop
.Leta_done:
	movl		%eax, (%rsi)
	movq		%r10, %rax
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_rej_eta_avx2,.-_gcry_mldsa_rej_eta_avx2;)

/* unsigned int _gcry_mldsa_hint_pack_avx2 (byte *y, const s32 h[256],
 *                                         const byte table[2304])
 * One row of HintBitPack: the indices of the nonzero h[i], in
 * increasing order, to Y[0 .. n-1]; returns n.  Eight coefficients
 * per step: vpcmpeqd and vmovmskps give the mask M of the nonzero
 * ones, TABLE[8 M .. 8 M + 7] (mldsa_avx2_rej_table) their positions
 * in the group, and adding the group's first index to every byte
 * (no carries: indices stay below 256) gives eight index bytes,
 * stored whole at the running count, which then grows by
 * TABLE[2048 + M].  So Y[n .. n + 7] may be written too.  */
.globl _gcry_mldsa_hint_pack_avx2
ELF(.type _gcry_mldsa_hint_pack_avx2,@function;)
.align 32
_gcry_mldsa_hint_pack_avx2:
	CFI_STARTPROC()
	vpxor		%ymm1, %ymm1, %ymm1
	xorl		%eax, %eax
	xorl		%r8d, %r8d		/* the group's index, in every byte */
	movabsq		$0x0808080808080808, %r9
	movl		$32, %ecx
.Lhint_loop:
	vpcmpeqd	(%rsi), %ymm1, %ymm0
	vmovmskps	%ymm0, %r10d
	xorl		$0xff, %r10d
	movq		(%rdx,%r10,8), %r11
	addq		%r8, %r11
	movq		%r11, (%rdi,%rax)
	movzbl		2048(%rdx,%r10), %r10d
	addq		%r10, %rax
	addq		%r9, %r8
	addq		$32, %rsi
	subl		$1, %ecx
	jnz		.Lhint_loop
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_hint_pack_avx2,.-_gcry_mldsa_hint_pack_avx2;)

#endif /* __x86_64__ && ENABLE_AVX2_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
