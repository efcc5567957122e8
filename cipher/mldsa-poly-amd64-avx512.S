/* mldsa-poly-amd64-avx512.S - ML-DSA coefficient-wise kernels, AVX-512
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

/* Algorithm: the Montgomery pointwise products of the contract
 * (cipher/mldsa-ops.h; FIPS 204 Algorithm 45 times 2^-32):
 *   pointwise:      r = mont (a * b)
 *   pointwise_acc:  r = mont (sum_i a[i] * b[i]), the products summed
 *                   exactly in 64 bits, one reduction per coefficient
 * with mont (p) = (p - t q) / 2^32, t = p q^-1 mod 2^32 (signed).
 *
 * Products: vpmuldq multiplies the signed low halves of the eight
 * 64-bit lanes, so the even 32-bit lanes are multiplied in place and
 * the odd ones after vpsrlq $32.  t comes from a second vpmuldq with
 * q^-1 (only the low 32 bits of that product matter), t q from a third;
 * the result sits in the high half of each 64-bit lane, and a
 * merge-masked vmovshdup (k2 = even 32-bit lanes; dword-granular)
 * moves the even results into the register holding the odd ones.
 *
 * Layout: standard order, 16 coefficients per zmm; pointwise takes 32
 * coefficients per iteration, pointwise_acc keeps four 64-bit
 * accumulators (even and odd lanes of 32 coefficients) over the N
 * polynomials before it reduces.
 *
 * Register plan:
 *   zmm0-zmm7    data and products
 *   zmm8-zmm11   accumulators (pointwise_acc)
 *   zmm30        q^-1 mod 2^32, zmm31 q (every lane)
 *   k2           even 32-bit lanes (0x5555)
 *   rdi r, rsi a, rdx b, ecx n (pointwise_acc), r8-r11 counters and
 *   cursors, eax scratch
 *
 * Bounds: pointwise in |a|, |b| < 9q (|a b| < 81 q^2 < 2^31 q), out
 * |r| < q; pointwise_acc in |a[i]| < q, |b[i]| < 9q, n <= 8
 * (|sum| < 72 q^2 < 2^31 q), out |r| < q.  R may alias A or B
 * (each block is read before it is written).
 *
 * Constant time: no data-dependent branches or addresses (the loop
 * counts depend on N only, a public parameter).  Vector registers
 * used are cleared on exit; the mask register holds a constant.
 *
 * Requires: AVX-512 F and VL (HWF_INTEL_AVX512), and BW and DQ in
 * the kernels further down (byte and word instructions, byte masks),
 * which HWF_INTEL_AVX512 also implies.
 *
 * C prototypes (cipher/mldsa-avx512.h):
 *   void _gcry_mldsa_pointwise_avx512 (s32 r[256], const s32 a[256],
 *                                      const s32 b[256]);
 *   void _gcry_mldsa_pointwise_acc_avx512 (s32 r[256], const s32 *a,
 *                                          const s32 *b, unsigned int n);
 *
 * The file also holds the parsing loops of RejNTTPoly and
 * RejBoundedPoly, Power2Round with KeyGen's addition, the BitPack of
 * t0, the swaps of SampleInBall, the hint and norm checks, and
 * Decompose and UseHint, each with its own description, register plan
 * and requirements below.
 */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX512_SUPPORT)))

#define QINV %zmm30
#define QV   %zmm31

/* OUT = mont of the 64-bit products PE (even lanes) and PO (odd lanes,
 * at even positions); PE is clobbered.  OUT must differ from PE and
 * T.  */
.macro MREDUCE pe, po, out, t
	vpmuldq		QINV, \pe, \t
	vpmuldq		QINV, \po, \out
	vpmuldq		QV, \t, \t
	vpmuldq		QV, \out, \out
	vpsubq		\t, \pe, \pe
	vpsubq		\out, \po, \out
	vmovshdup	\pe, \out{%k2}
.endm

.macro SETUP
	vpbroadcastd	.Lmldsa_pw512_q rRIP, QV
	vpbroadcastd	.Lmldsa_pw512_qinv rRIP, QINV
	movl		$0x5555, %eax
	kmovw		%eax, %k2
.endm

.section .rodata
.align 4
.Lmldsa_pw512_q:
	.long 8380417
.Lmldsa_pw512_qinv:
	.long 58728449

.text

/* void _gcry_mldsa_pointwise_avx512 (s32 r[256], const s32 a[256],
 *                                    const s32 b[256]) */
.globl _gcry_mldsa_pointwise_avx512
ELF(.type _gcry_mldsa_pointwise_avx512,@function;)
.align 32
_gcry_mldsa_pointwise_avx512:
	CFI_STARTPROC()
	SETUP
	movl		$8, %r8d
.Lpw512_loop:
	vmovdqu64	0(%rsi), %zmm0
	vmovdqu64	64(%rsi), %zmm1
	vmovdqu64	0(%rdx), %zmm2
	vmovdqu64	64(%rdx), %zmm3
	vpsrlq		$32, %zmm0, %zmm4
	vpsrlq		$32, %zmm1, %zmm5
	vpsrlq		$32, %zmm2, %zmm6
	vpsrlq		$32, %zmm3, %zmm7
	vpmuldq		%zmm2, %zmm0, %zmm0
	vpmuldq		%zmm3, %zmm1, %zmm1
	vpmuldq		%zmm6, %zmm4, %zmm4
	vpmuldq		%zmm7, %zmm5, %zmm5
	MREDUCE		%zmm0, %zmm4, %zmm2, %zmm6
	MREDUCE		%zmm1, %zmm5, %zmm3, %zmm7
	vmovdqu64	%zmm2, 0(%rdi)
	vmovdqu64	%zmm3, 64(%rdi)
	addq		$128, %rsi
	addq		$128, %rdx
	addq		$128, %rdi
	decl		%r8d
	jnz		.Lpw512_loop

	vpxord		%ymm30, %ymm30, %ymm30
	vpxord		%ymm31, %ymm31, %ymm31
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pointwise_avx512,.-_gcry_mldsa_pointwise_avx512;)


/* void _gcry_mldsa_pointwise_acc_avx512 (s32 r[256], const s32 *a,
 *                                        const s32 *b, unsigned int n) */
.globl _gcry_mldsa_pointwise_acc_avx512
ELF(.type _gcry_mldsa_pointwise_acc_avx512,@function;)
.align 32
_gcry_mldsa_pointwise_acc_avx512:
	CFI_STARTPROC()
	SETUP
	movl		$8, %r8d
.Lpwacc512_outer:
	movq		%rsi, %r9
	movq		%rdx, %r10
	movl		%ecx, %r11d
	vpxord		%zmm8, %zmm8, %zmm8
	vpxord		%zmm9, %zmm9, %zmm9
	vpxord		%zmm10, %zmm10, %zmm10
	vpxord		%zmm11, %zmm11, %zmm11
.Lpwacc512_inner:
	vmovdqu64	0(%r9), %zmm0
	vmovdqu64	64(%r9), %zmm1
	vmovdqu64	0(%r10), %zmm2
	vmovdqu64	64(%r10), %zmm3
	vpsrlq		$32, %zmm0, %zmm4
	vpsrlq		$32, %zmm1, %zmm5
	vpsrlq		$32, %zmm2, %zmm6
	vpsrlq		$32, %zmm3, %zmm7
	vpmuldq		%zmm2, %zmm0, %zmm0
	vpmuldq		%zmm3, %zmm1, %zmm1
	vpmuldq		%zmm6, %zmm4, %zmm4
	vpmuldq		%zmm7, %zmm5, %zmm5
	vpaddq		%zmm0, %zmm8, %zmm8
	vpaddq		%zmm1, %zmm9, %zmm9
	vpaddq		%zmm4, %zmm10, %zmm10
	vpaddq		%zmm5, %zmm11, %zmm11
	addq		$1024, %r9
	addq		$1024, %r10
	decl		%r11d
	jnz		.Lpwacc512_inner
	MREDUCE		%zmm8, %zmm10, %zmm2, %zmm6
	MREDUCE		%zmm9, %zmm11, %zmm3, %zmm7
	vmovdqu64	%zmm2, 0(%rdi)
	vmovdqu64	%zmm3, 64(%rdi)
	addq		$128, %rsi
	addq		$128, %rdx
	addq		$128, %rdi
	decl		%r8d
	jnz		.Lpwacc512_outer

	vpxord		%ymm30, %ymm30, %ymm30
	vpxord		%ymm31, %ymm31, %ymm31
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pointwise_acc_avx512,.-_gcry_mldsa_pointwise_acc_avx512;)

/* size_t _gcry_mldsa_rej_uniform_avx512 (s32 a[256], unsigned int *ctr,
 *                                        const byte *buf, size_t buflen)
 * The parsing loop of RejNTTPoly (FIPS 204 Algorithm 30) with
 * CoeffFromThreeBytes (Algorithm 14), for public seeds only (the
 * matrix A), 16 candidates (48 bytes of BUF) per step: a byte-masked
 * load of the 48 bytes; vpermd gives 128-bit lane k the dwords
 * 3k..3k+2 (bytes 12k..12k+11) and vpshufb spreads each lane's four
 * 3-byte groups to dwords; the top bit of each third byte is cleared;
 * vpcmpud marks the candidates below q and vpcompressd moves them to
 * the front, in order.  All 16 pass in 98.4% of the steps (a
 * candidate fails with probability (2^23 - q) / 2^23, about 0.1%);
 * those skip the compression (two uops on port 5, the bound of the
 * loop on Intel cores) and the popcount (kortestw sets CF when all
 * 16 mask bits are set).  The 16-word store runs only while
 * *ctr <= 240; *ctr grows by the popcount of the mask.  Returns the
 * number of bytes consumed (a multiple of 48); the caller parses the
 * rest.  The running time depends on the Keccak output of a public
 * seed only.
 *
 * Register plan: zmm0 candidates, zmm1 compressed, zmm28 vpshufb
 * pattern, zmm29 vpermd indices, zmm30 0x7fffff, zmm31 q (constants,
 * public); k1 accepted lanes, k2 the 48-byte load mask; rdi a, rsi
 * ctr, rdx buf, rcx buflen, r9d count, r10 position, r11/rax scratch.
 * Requires AVX-512 F, BW (zmm vpshufb, byte masks) and POPCNT, which
 * every CPU with HWF_INTEL_AVX512 has.  */
.section .rodata
.align 64
.Lrej512_perm:
	.long 0, 1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11
.Lrej512_shuffle:
	.byte 0, 1, 2, 0x80, 3, 4, 5, 0x80, 6, 7, 8, 0x80, 9, 10, 11, 0x80
.align 4
.Lrej512_q:	.long 8380417
.Lrej512_mask:	.long 0x7fffff

.text
.globl _gcry_mldsa_rej_uniform_avx512
ELF(.type _gcry_mldsa_rej_uniform_avx512,@function;)
.align 32
_gcry_mldsa_rej_uniform_avx512:
	CFI_STARTPROC()
	vpbroadcastd	.Lrej512_q rRIP, %zmm31
	vpbroadcastd	.Lrej512_mask rRIP, %zmm30
	vmovdqu32	.Lrej512_perm rRIP, %zmm29
	vbroadcasti32x4	.Lrej512_shuffle rRIP, %zmm28
	movabsq		$0xffffffffffff, %rax	/* 48 bytes */
	kmovq		%rax, %k2
	movl		(%rsi), %r9d		/* ctr */
	xorl		%r10d, %r10d		/* pos */
.Lrej512_loop:
	cmpl		$240, %r9d
	ja		.Lrej512_done
	leaq		48(%r10), %r11
	cmpq		%rcx, %r11
	ja		.Lrej512_done
	vmovdqu8	(%rdx,%r10), %zmm0{%k2}{z}
	vpermd		%zmm0, %zmm29, %zmm0
	vpshufb		%zmm28, %zmm0, %zmm0
	vpandd		%zmm30, %zmm0, %zmm0
	vpcmpud		$1, %zmm31, %zmm0, %k1	/* candidate < q */
	kortestw	%k1, %k1
	jnc		.Lrej512_some		/* CF: all 16 accepted */
	vmovdqu32	%zmm0, (%rdi,%r9,4)
	addl		$16, %r9d
	movq		%r11, %r10
	jmp		.Lrej512_loop
.Lrej512_some:
	vpcompressd	%zmm0, %zmm1{%k1}{z}
	vmovdqu32	%zmm1, (%rdi,%r9,4)
	kmovw		%k1, %eax
	popcntl		%eax, %eax
	addl		%eax, %r9d
	movq		%r11, %r10
	jmp		.Lrej512_loop
.Lrej512_done:
	movl		%r9d, (%rsi)
	movq		%r10, %rax
	kxorq		%k1, %k1, %k1
	kxorq		%k2, %k2, %k2
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_rej_uniform_avx512,.-_gcry_mldsa_rej_uniform_avx512;)

/* size_t _gcry_mldsa_rej_eta_avx512 (s32 a[256], unsigned int *ctr,
 *                                   const byte *buf, size_t buflen,
 *                                   int eta)
 * The parsing loop of RejBoundedPoly (FIPS 204 Algorithm 31) with
 * CoeffFromHalfByte (Algorithm 15): each byte of BUF gives two
 * candidates, the low nibble first; a nibble t is accepted if t < 15
 * (ETA = 2) resp. t < 9 (ETA = 4) and becomes 2 - (t mod 5) resp.
 * 4 - t.  16 bytes (32 candidates) per step: vpmovzxbw and two masks
 * put the nibbles in stream order into 32 bytes, vpshufb maps them to
 * coefficients from a register table (no memory access depends on a
 * candidate's value), vpcmpub marks the accepted ones, and each half
 * of 16 is widened, moved to the front with vpcompressd and stored at
 * a[*ctr] under a mask that ends at a[255].  Runs while *ctr < 256 and
 * 16 bytes remain; *ctr grows by the accepted count, capped at 256.
 * Returns the bytes consumed (a multiple of 16; exact whenever *ctr
 * stays below 256).  The acceptance mask, hence the store addresses
 * and masks, depends only on which candidates are rejected, i.e. on
 * discarded Keccak output (as the portable code's store addresses
 * do); the accepted values only pass through registers.
 *
 * Register plan: ymm0 nibbles, then coefficients; zmm2, zmm3 the
 * halves; ymm12 0x0f00 and ymm13 0x000f per word, ymm14 the table,
 * ymm15 the bound (constants); k1 accepted, k3 its upper half, k2 the
 * store mask; rdi a, rsi ctr, rdx buf, r8 buflen, r9d count, r10
 * position, rax/rcx/r11 scratch.  Requires AVX-512 F, BW and VL
 * (byte compares and masks on ymm) and POPCNT, which every CPU with
 * HWF_INTEL_AVX512 has.  */
.section .rodata
.align 16
.Leta512_map2:	/* 2 - (t mod 5), t = 0..14; 15 is rejected.  */
	.byte 2, 1, 0, -1, -2, 2, 1, 0, -1, -2, 2, 1, 0, -1, -2, 0
.Leta512_map4:	/* 4 - t, t = 0..8; 9..15 are rejected.  */
	.byte 4, 3, 2, 1, 0, -1, -2, -3, -4, 0, 0, 0, 0, 0, 0, 0
.align 2
.Leta512_lo:	.short 0x000f
.Leta512_hi:	.short 0x0f00

/* Store the 16 compressed s32 in zmm\v at a[ctr], at most up to
 * a[255], and add the count of mask \k (capped the same way) to the
 * counter.  */
.macro ETA512_STORE16 v, k
	movl		$256, %ecx
	subl		%r9d, %ecx		/* room left */
	cmpl		$16, %ecx
	jb		3f
	vmovdqu32	%zmm\v, (%rdi,%r9,4)
	jmp		4f
3:
	movl		$1, %eax
	shll		%cl, %eax
	decl		%eax
	kmovw		%eax, %k2
	vmovdqu32	%zmm\v, (%rdi,%r9,4){%k2}
4:
	kmovw		\k, %eax
	popcntl		%eax, %eax
	cmpl		%ecx, %eax
	cmova		%ecx, %eax
	addl		%eax, %r9d
.endm

.text
.globl _gcry_mldsa_rej_eta_avx512
ELF(.type _gcry_mldsa_rej_eta_avx512,@function;)
.align 32
_gcry_mldsa_rej_eta_avx512:
	CFI_STARTPROC()
	vpbroadcastw	.Leta512_lo rRIP, %ymm13
	vpbroadcastw	.Leta512_hi rRIP, %ymm12
	movl		$15, %eax
	cmpl		$2, %r8d
	je		1f
	vbroadcasti128	.Leta512_map4 rRIP, %ymm14
	movl		$9, %eax
	jmp		2f
1:
	vbroadcasti128	.Leta512_map2 rRIP, %ymm14
2:
	vpbroadcastb	%eax, %ymm15
	movq		%rcx, %r8		/* buflen */
	movl		(%rsi), %r9d		/* ctr */
	xorl		%r10d, %r10d		/* pos */
.Leta512_loop:
	cmpl		$256, %r9d
	jae		.Leta512_done
	leaq		16(%r10), %r11
	cmpq		%r8, %r11
	ja		.Leta512_done
	vpmovzxbw	(%rdx,%r10), %ymm0
	vpsllw		$4, %ymm0, %ymm1
	vpand		%ymm13, %ymm0, %ymm0	/* low nibble in byte 2j */
	vpand		%ymm12, %ymm1, %ymm1	/* high nibble in byte 2j+1 */
	vpor		%ymm1, %ymm0, %ymm0
	vpcmpub		$1, %ymm15, %ymm0, %k1	/* t < bound */
	vpshufb		%ymm0, %ymm14, %ymm0	/* coefficients */
	vpmovsxbd	%xmm0, %zmm2
	vextracti128	$1, %ymm0, %xmm3
	vpmovsxbd	%xmm3, %zmm3
	kshiftrd	$16, %k1, %k3
	vpcompressd	%zmm2, %zmm2{%k1}{z}
	vpcompressd	%zmm3, %zmm3{%k3}{z}
	ETA512_STORE16	2, %k1
	ETA512_STORE16	3, %k3
	movq		%r11, %r10
	jmp		.Leta512_loop
.Leta512_done:
	movl		%r9d, (%rsi)
	movq		%r10, %rax
	kxorq		%k1, %k1, %k1
	kxorq		%k2, %k2, %k2
	kxorq		%k3, %k3, %k3
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_rej_eta_avx512,.-_gcry_mldsa_rej_eta_avx512;)

/* void _gcry_mldsa_decompose{32,88}_avx512 (s32 a1[256], s32 a0[256],
 *                                           const s32 a[256])
 * Decompose (FIPS 204 Algorithm 36) for gamma2 = (q-1)/32 resp.
 * (q-1)/88, 16 coefficients per zmm, the same arithmetic as the AVX2
 * kernels (cipher/mldsa-poly-amd64-avx2.S, DECOMPOSE), with mask
 * registers for the two corrections: r1 = 44 folds to 0, r0 above
 * (q-1)/2 loses q.  The zmm instructions run on two ports of an Intel
 * core where the ymm ones had three, but take twice the lanes: 16
 * steps of 15 instructions instead of 32 of 17.  In: |a| < q, a
 * negative a made a + q first by an unsigned minimum with a + q (as
 * the AVX2 kernels; UseHint likewise).
 * A1 may alias A.  w (secret in signing) flows through the vector
 * unit only; the data registers and k1 are cleared on exit.
 * Constants: zmm16 127, zmm17 2^21 resp. 2^7, zmm18 15 resp. 11275,
 * zmm19 alpha resp. 93, zmm20 (q-1)/2, zmm21 43 (88 only), zmm22 q.  */
.section .rodata
.align 4
.Ldec512_c127:		.long 127
.Ldec512_c2p21:		.long 0x200000
.Ldec512_c15:		.long 15
.Ldec512_alpha32:	.long 523776		/* 2 (q - 1) / 32 */
.Ldec512_c128:		.long 128
.Ldec512_c11275:	.long 11275
.Ldec512_c93:		.long 93		/* 2 (q - 1) / 88 / 2^11 */
.Ldec512_c43:		.long 43
.Ldec512_halfq:		.long 4190208		/* (q - 1) / 2 */
.Ldec512_c1:		.long 1
.Ldec512_c44:		.long 44

/* The constants into zmm16-zmm22 (above).  */
.macro DEC512_CONSTS m32
	vpbroadcastd	.Ldec512_c127 rRIP, %zmm16
	vpbroadcastd	.Ldec512_halfq rRIP, %zmm20
	vpbroadcastd	.Lmldsa_pw512_q rRIP, %zmm22
.if \m32
	vpbroadcastd	.Ldec512_c2p21 rRIP, %zmm17
	vpbroadcastd	.Ldec512_c15 rRIP, %zmm18
	vpbroadcastd	.Ldec512_alpha32 rRIP, %zmm19
.else
	vpbroadcastd	.Ldec512_c128 rRIP, %zmm17
	vpbroadcastd	.Ldec512_c11275 rRIP, %zmm18
	vpbroadcastd	.Ldec512_c93 rRIP, %zmm19
	vpbroadcastd	.Ldec512_c43 rRIP, %zmm21
.endif
.endm

/* zmm1 = r1, zmm2 = r0 of the 16 coefficients in zmm0; clobbers k1.  */
.macro DEC512 m32
	vpaddd		%zmm16, %zmm0, %zmm1
	vpsrad		$7, %zmm1, %zmm1
.if \m32
	vpslld		$10, %zmm1, %zmm2	/* r1 * 1025 */
	vpaddd		%zmm2, %zmm1, %zmm1
	vpaddd		%zmm17, %zmm1, %zmm1
	vpsrad		$22, %zmm1, %zmm1
	vpandd		%zmm18, %zmm1, %zmm1
	vpmulld		%zmm19, %zmm1, %zmm2	/* r1 * alpha */
.else
	vpmulhuw	%zmm18, %zmm1, %zmm1
	vpaddd		%zmm17, %zmm1, %zmm1
	vpsrad		$8, %zmm1, %zmm1
	vpcmpgtd	%zmm21, %zmm1, %k1	/* r1 > 43: fold to 0 */
	vpxord		%zmm1, %zmm1, %zmm1{%k1}
	vpmullw		%zmm19, %zmm1, %zmm2	/* r1 * alpha */
	vpslld		$11, %zmm2, %zmm2
.endif
	vpsubd		%zmm2, %zmm0, %zmm2
	vpcmpgtd	%zmm20, %zmm2, %k1	/* r0 > (q-1)/2: r0 -= q */
	vpsubd		%zmm22, %zmm2, %zmm2{%k1}
.endm

.macro DECOMPOSE512_FN m32, name
.text
.globl \name
ELF(.type \name,@function;)
.align 32
\name:
	CFI_STARTPROC()
	DEC512_CONSTS	\m32
	xorl		%eax, %eax
1:
	vmovdqu32	(%rdx,%rax), %zmm0
	vpaddd		%zmm22, %zmm0, %zmm1
	vpminud		%zmm1, %zmm0, %zmm0
	DEC512		\m32
	vmovdqu32	%zmm1, (%rdi,%rax)
	vmovdqu32	%zmm2, (%rsi,%rax)
	addq		$64, %rax
	cmpq		$1024, %rax
	jb		1b
	kxorw		%k1, %k1, %k1
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size \name,.-\name;)
.endm

/* void _gcry_mldsa_use_hint{32,88}_avx512 (s32 b[256], const s32 a[256],
 *                                          const s32 h[256])
 * UseHint (FIPS 204 Algorithm 40) as the AVX2 kernels compute it:
 * with (r1, r0) = Decompose (a), b = r1 + 1 where h != 0 and r0 > 0,
 * r1 - 1 where h != 0 and r0 <= 0, modulo m = 16 resp. 44; else r1.
 * The cases are mask registers (k2 h != 0, k3 r0 > 0 among them, k4
 * the rest of them, k5 for the modulus).  zmm23 holds 1, zmm24 44
 * (88 only), zmm25 zero.  B may alias A.  */
.macro USE_HINT512_FN m32, name
.text
.globl \name
ELF(.type \name,@function;)
.align 32
\name:
	CFI_STARTPROC()
	DEC512_CONSTS	\m32
	vpbroadcastd	.Ldec512_c1 rRIP, %zmm23
.if \m32 == 0
	vpbroadcastd	.Ldec512_c44 rRIP, %zmm24
.endif
	vpxord		%zmm25, %zmm25, %zmm25
	xorl		%eax, %eax
1:
	vmovdqu32	(%rsi,%rax), %zmm0
	vmovdqu32	(%rdx,%rax), %zmm3
	vpaddd		%zmm22, %zmm0, %zmm1		/* a < 0: a + q */
	vpminud		%zmm1, %zmm0, %zmm0
	DEC512		\m32
	vptestmd	%zmm3, %zmm3, %k2		/* h != 0 */
	vpcmpgtd	%zmm25, %zmm2, %k3{%k2}	/* and r0 > 0 */
	kandnw		%k2, %k3, %k4			/* and r0 <= 0 */
	vpaddd		%zmm23, %zmm1, %zmm1{%k3}
	vpsubd		%zmm23, %zmm1, %zmm1{%k4}
.if \m32
	vpandd		%zmm18, %zmm1, %zmm1
.else
	vpcmpgtd	%zmm1, %zmm25, %k5		/* r1 = -1: + 44 */
	vpaddd		%zmm24, %zmm1, %zmm1{%k5}
	vpcmpeqd	%zmm24, %zmm1, %k5		/* r1 = 44: 0 */
	vpxord		%zmm1, %zmm1, %zmm1{%k5}
.endif
	vmovdqu32	%zmm1, (%rdi,%rax)
	addq		$64, %rax
	cmpq		$1024, %rax
	jb		1b
	kxorw		%k1, %k1, %k1
	kxorw		%k2, %k2, %k2
	kxorw		%k3, %k3, %k3
	kxorw		%k4, %k4, %k4
	kxorw		%k5, %k5, %k5
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size \name,.-\name;)
.endm

/* void _gcry_mldsa_power2round_add_avx512 (s32 a1[256], s32 a0[256],
 *                                          const s32 a[256],
 *                                          const s32 b[256])
 * Power2Round (FIPS 204 Algorithm 35, d = 13) of t = a + b mod q in
 * [0, q), for |a| < q and |b| <= 4 (KeyGen's t = NTT^-1 (A s1-hat) +
 * s2): t is in [-q - 3, q + 3], so as unsigned words the smaller of
 * t and t + 2q is t mod 2q (t for t >= 0; t + 2q, as t wraps to a
 * huge value, for t < 0), in [0, 2q), and the smaller of that y and
 * y - q is t mod q in [0, q), the representative that reduce and
 * caddq give, in four instructions instead of their eight with a
 * multiplication.  Then a1 = (t + 2^12 - 1) >> 13,
 * a0 = t - a1 2^13.  16 coefficients per iteration; A1 and A0 may
 * alias A or B (each block is loaded before it is stored).
 * zmm4 = q, zmm5 = 2q, zmm6 = 4095; zmm0-zmm2 data (cleared on exit:
 * t0 is secret).  */
.text
.globl _gcry_mldsa_power2round_add_avx512
ELF(.type _gcry_mldsa_power2round_add_avx512,@function;)
.align 32
_gcry_mldsa_power2round_add_avx512:
	CFI_STARTPROC()
	vpbroadcastd	.Lmldsa_pw512_q rRIP, %zmm4
	vpaddd		%zmm4, %zmm4, %zmm5
	vpbroadcastd	.Lp2r512_c4095 rRIP, %zmm6
	xorl		%eax, %eax
1:
	vmovdqu32	(%rdx,%rax), %zmm0
	vpaddd		(%rcx,%rax), %zmm0, %zmm0
	vpaddd		%zmm5, %zmm0, %zmm1
	vpminud		%zmm1, %zmm0, %zmm0		/* y in [0, 2q) */
	vpsubd		%zmm4, %zmm0, %zmm1
	vpminud		%zmm1, %zmm0, %zmm0		/* t mod q */
	vpaddd		%zmm6, %zmm0, %zmm1
	vpsrad		$13, %zmm1, %zmm1
	vpslld		$13, %zmm1, %zmm2
	vpsubd		%zmm2, %zmm0, %zmm0
	vmovdqu32	%zmm1, (%rdi,%rax)
	vmovdqu32	%zmm0, (%rsi,%rax)
	addq		$64, %rax
	cmpq		$1024, %rax
	jb		1b
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_power2round_add_avx512,.-_gcry_mldsa_power2round_add_avx512;)

.section .rodata
.align 4
.Lp2r512_c4095:		.long 4095

/* void _gcry_mldsa_pack_t0_avx512 (byte r[416], const s32 a[256])
 * BitPack of t0 (skEncode, FIPS 204 Algorithm 17): the 13-bit fields
 * f = 2^12 - a, little endian, for -2^12 < a <= 2^12.  32
 * coefficients (52 bytes) per step:
 *   1. f of the two zmm to words (vpackusdw; lane l then holds
 *      f[4l..4l+3] and f[16+4l..16+4l+3]) and, by vpmaddwd with
 *      (1, 2^13), the 26-bit dwords f[2i] | f[2i+1] << 13;
 *   2. in each quadword d0 + d1 2^32, d0 | d1 << 26: bits 0-25 of the
 *      quadword and bits 26-51 of it shifted right by 6 (d1 from bit
 *      26; the bits of d0 it drags below are not selected), one
 *      vpternlogq selecting by the mask 2^26 - 1;
 *   3. vpermq puts the 52-bit groups of four coefficients in order,
 *      two to a 128-bit lane: y0 (coefficients 8l..8l+3), y1;
 *   4. each lane becomes the 104 bits y0 | y1 << 52: low quadword
 *      y0 | y1 << 52 (y1 << 52 swapped down by vpshufd and ORed in
 *      under mask k1), high quadword y1 >> 12 (vpsrlvq by 0 and 12);
 *   5. the four 13-byte lanes are stored 16 bytes at a time, in order,
 *      each store's excess overwritten by the next; the last lane of
 *      the last step is stored to its exact length, so nothing past
 *      the 416 bytes is written.
 * About 14 vector instructions per 32 coefficients instead of about
 * 52 in the AVX2 kernel.  t0 is secret: no branch or address depends
 * on it; the data registers are cleared on exit.
 * zmm31 = 2^12 (dwords), zmm30 = (1, 2^13) (words), zmm29 the
 * vpermq order, zmm28 = 2^26 - 1 (quadwords), zmm27 = (0, 12)
 * (quadwords), k1 = the low quadword of each lane; rcx step count.  */
.section .rodata
.align 64
.Lpt0_perm:	.quad 0, 2, 4, 6, 1, 3, 5, 7
.Lpt0_shift:	.quad 0, 12
.align 8
.Lpt0_mask26:	.quad 0x3ffffff
.align 4
.Lpt0_c4096:	.long 4096
.Lpt0_mul:	.short 1, 8192

/* Steps 1-4 on the 32 coefficients at (%rsi), and step 5 but for the
 * last lane, which is left in xmm1.  Clobbers zmm0, zmm2.  */
.macro PACK_T0_32
	vpsubd		(%rsi), %zmm31, %zmm0
	vpsubd		64(%rsi), %zmm31, %zmm1
	vpackusdw	%zmm1, %zmm0, %zmm0
	vpmaddwd	%zmm30, %zmm0, %zmm0
	vpsrlq		$6, %zmm0, %zmm1
	vpternlogq	$0xe4, %zmm28, %zmm1, %zmm0	/* zmm28 ? zmm0 : zmm1 */
	vpermq		%zmm0, %zmm29, %zmm0
	vpsrlvq		%zmm27, %zmm0, %zmm1
	vpsllq		$52, %zmm0, %zmm2
	vpshufd		$0x4e, %zmm2, %zmm2
	vporq		%zmm2, %zmm1, %zmm1{%k1}
	vextracti32x4	$1, %zmm1, %xmm0
	vextracti32x4	$2, %zmm1, %xmm2
	vmovdqu		%xmm1, 0(%rdi)
	vmovdqu		%xmm0, 13(%rdi)
	vextracti32x4	$3, %zmm1, %xmm1
	vmovdqu		%xmm2, 26(%rdi)
.endm

.text
.globl _gcry_mldsa_pack_t0_avx512
ELF(.type _gcry_mldsa_pack_t0_avx512,@function;)
.align 32
_gcry_mldsa_pack_t0_avx512:
	CFI_STARTPROC()
	vpbroadcastd	.Lpt0_c4096 rRIP, %zmm31
	vpbroadcastd	.Lpt0_mul rRIP, %zmm30
	vmovdqa64	.Lpt0_perm rRIP, %zmm29
	vpbroadcastq	.Lpt0_mask26 rRIP, %zmm28
	vbroadcasti64x2	.Lpt0_shift rRIP, %zmm27
	movl		$0x55, %eax
	kmovb		%eax, %k1
	movl		$7, %ecx
1:
	PACK_T0_32
	vmovdqu		%xmm1, 39(%rdi)
	addq		$128, %rsi
	addq		$52, %rdi
	subl		$1, %ecx
	jnz		1b
	PACK_T0_32
	vmovq		%xmm1, 39(%rdi)
	vpextrd		$2, %xmm1, 47(%rdi)
	vpextrb		$12, %xmm1, 51(%rdi)
	kxorb		%k1, %k1, %k1
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pack_t0_avx512,.-_gcry_mldsa_pack_t0_avx512;)

/* void _gcry_mldsa_challenge_avx512 (s32 c[256], const byte *js,
 *                                    unsigned int tau, u64 signs)
 * The swaps of SampleInBall (FIPS 204 Algorithm 29, lines 6-12) once
 * the positions are known, as _gcry_mldsa_challenge_avx2 computes them
 * (the list POS of where the sign of each step ends up, then c from
 * the list; see there), with the 64 entries of POS in one zmm register
 * and mask registers:
 *   pass 1: POS starts as JS itself, so entry t already holds j_t
 *   when step t comes; step t (i = 256 - TAU + t) turns the entry
 *   among 0..t-1 equal to j_t, if any, into i: one compare under the
 *   mask of entries below t (k3, grown by one bit per step) and one
 *   merge-masked move, a chain of two instructions per step;
 *   pass 2: for each entry t, the sign byte is merged into the four
 *   zmm of c (256 bytes) where the index equals POS[t], a compare and
 *   a masked move per register.
 * TAU <= 64; the bytes of JS past TAU are never used, but the first
 * pass loads 64 of them (the callers' arrays have 64).  j and the
 * sign bits select no address or branch (the challenge of a rejected
 * attempt is secret): POS and the sign bytes go to the 128-byte red
 * zone below %rsp (a leaf function) and are read back at the public
 * index t; the red zone and the registers are cleared on exit.
 * Registers: pass 1: zmm0 POS, zmm1 the bytes of i, zmm2 the byte 1,
 * zmm3 j, k1 its match, k3 the entries below t; the sign bytes
 * (+1 or -1) to zmm4 from SIGNS (k2 its bits); pass 2: zmm4-zmm7 c as
 * bytes, zmm8 POS[t], zmm9 sign t, zmm10-zmm13 the byte indices of
 * the four registers (vpaddb from zmm10), k1 the match.  r8 the bit
 * of entry t (pass 1), r9d t.  */
.section .rodata
.align 64
.Lchal512_index:
	.set .Lchal512_i, 0
	.rept 64
	.byte .Lchal512_i
	.set .Lchal512_i, .Lchal512_i + 1
	.endr
.Lchal512_c64:	.byte 64

/* c_K = sign where its indices equal POS[t].  */
.macro CHAL512_SET k, idx
	vpcmpeqb	\idx, %zmm8, %k1
	vmovdqu8	%zmm9, %zmm\k{%k1}
.endm

/* Store the 64 bytes of c_K as 64 s32 at 256 K (%rdi).  */
.macro CHAL512_STORE k
	vpmovsxbd	%xmm\k, %zmm8
	vmovdqu32	%zmm8, 256*(\k-4)(%rdi)
	vextracti32x4	$1, %zmm\k, %xmm9
	vpmovsxbd	%xmm9, %zmm8
	vmovdqu32	%zmm8, 256*(\k-4)+64(%rdi)
	vextracti32x4	$2, %zmm\k, %xmm9
	vpmovsxbd	%xmm9, %zmm8
	vmovdqu32	%zmm8, 256*(\k-4)+128(%rdi)
	vextracti32x4	$3, %zmm\k, %xmm9
	vpmovsxbd	%xmm9, %zmm8
	vmovdqu32	%zmm8, 256*(\k-4)+192(%rdi)
.endm

.text
.globl _gcry_mldsa_challenge_avx512
ELF(.type _gcry_mldsa_challenge_avx512,@function;)
.align 32
_gcry_mldsa_challenge_avx512:
	CFI_STARTPROC()
	/* Pass 1: the list of positions.  */
	vmovdqu8	(%rsi), %zmm0			/* POS = JS */
	movl		$256, %eax
	subl		%edx, %eax
	vpbroadcastb	%eax, %zmm1			/* i = 256 - tau */
	vpbroadcastb	.Ldec512_c1 rRIP, %zmm2		/* its low byte */
	kxorq		%k3, %k3, %k3			/* entries below t */
	movl		$1, %r8d
	xorl		%r9d, %r9d			/* t */
	testl		%edx, %edx
	jz		.Lchal512_signs
.Lchal512_pos:
	vpbroadcastb	(%rsi,%r9), %zmm3		/* j */
	vpcmpeqb	%zmm3, %zmm0, %k1{%k3}
	vmovdqu8	%zmm1, %zmm0{%k1}
	vpaddb		%zmm2, %zmm1, %zmm1
	kmovq		%r8, %k1
	korq		%k1, %k3, %k3
	shlq		$1, %r8
	incl		%r9d
	cmpl		%edx, %r9d
	jb		.Lchal512_pos
.Lchal512_signs:
	/* Sign byte t = 1 - 2 (bit t of SIGNS): -1 under the bits.  */
	kmovq		%rcx, %k2
	vmovdqu8	%zmm2, %zmm4{%k2}{z}
	vpaddb		%zmm4, %zmm4, %zmm4
	vpsubb		%zmm4, %zmm2, %zmm4		/* 1 - 2 bit */
	vmovdqu8	%zmm0, -128(%rsp)
	vmovdqu8	%zmm4, -64(%rsp)

	/* Pass 2: c from the list.  */
	vmovdqa64	.Lchal512_index rRIP, %zmm10
	vpbroadcastb	.Lchal512_c64 rRIP, %zmm3
	vpaddb		%zmm3, %zmm10, %zmm11
	vpaddb		%zmm3, %zmm11, %zmm12
	vpaddb		%zmm3, %zmm12, %zmm13
	vpxord		%zmm4, %zmm4, %zmm4
	vpxord		%zmm5, %zmm5, %zmm5
	vpxord		%zmm6, %zmm6, %zmm6
	vpxord		%zmm7, %zmm7, %zmm7
	xorl		%r9d, %r9d
	testl		%edx, %edx
	jz		.Lchal512_store
.Lchal512_scatter:
	vpbroadcastb	-128(%rsp,%r9), %zmm8		/* POS[t] */
	vpbroadcastb	-64(%rsp,%r9), %zmm9		/* sign t */
	CHAL512_SET	4, %zmm10
	CHAL512_SET	5, %zmm11
	CHAL512_SET	6, %zmm12
	CHAL512_SET	7, %zmm13
	incl		%r9d
	cmpl		%edx, %r9d
	jb		.Lchal512_scatter
.Lchal512_store:
	vpxord		%zmm8, %zmm8, %zmm8
	vmovdqu8	%zmm8, -128(%rsp)
	vmovdqu8	%zmm8, -64(%rsp)
	CHAL512_STORE	4
	CHAL512_STORE	5
	CHAL512_STORE	6
	CHAL512_STORE	7
	kxorq		%k1, %k1, %k1
	kxorq		%k2, %k2, %k2
	kxorq		%k3, %k3, %k3
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_challenge_avx512,.-_gcry_mldsa_challenge_avx512;)

/* The checks of signing and verification (mldsa-ops.h: make_hint,
 * chknorm, add16_chknorm, add_reduce_chknorm), 16 coefficients per
 * zmm.  The norm checks keep the largest |x| seen as an unsigned
 * maximum (vpabsd, vpmaxud: two instructions per vector where the
 * AVX2 kernels compare and OR) and compare it with BOUND - 1 once at
 * the end; only that decides the result.  reduce's centring,
 * x - q ((x + 2^22) >> 23), as in the AVX2 kernels.  MakeHint: with
 * u = a0 + gamma2 (|a0| < 2 gamma2), a0 > gamma2 or a0 < -gamma2 is
 * u > 2 gamma2 as unsigned words, and a0 = -gamma2 is u = 0, so the
 * hint is one unsigned compare, a test of u and a masked test of a1
 * into mask registers; the hint words (1 under the mask, else 0) are
 * stored and summed per lane.  All four are constant time in the
 * coefficients; the data registers and masks are cleared on exit.
 * Registers: zmm16 q, zmm17 2^22, zmm18 the running maximum (norm
 * checks), zmm19 BOUND - 1 or 2 gamma2, zmm20 gamma2, zmm21 the
 * count (MakeHint), zmm22 +1 words; zmm0-zmm3 data; k1-k3.  */

/* The constants of the norm checks: q, 2^22, BOUND - 1 from the
 * 32-bit register BOUND; the maximum and the offset rax cleared.  */
.macro NORM512_SETUP bound
	vpbroadcastd	.Lmldsa_pw512_q rRIP, %zmm16
	vpbroadcastd	.Lnorm512_c2p22 rRIP, %zmm17
	decl		\bound
	vpbroadcastd	\bound, %zmm19
	vpxord		%zmm18, %zmm18, %zmm18
	xorl		%eax, %eax
.endm

/* X = X mod^+- q as reduce computes it; T is clobbered.  */
.macro REDUCE512 x, t
	vpaddd		%zmm17, \x, \t
	vpsrad		$23, \t, \t
	vpmulld		%zmm16, \t, \t
	vpsubd		\t, \x, \x
.endm

/* zmm0, zmm1 = the 32 words at PTR + rax, reduced as reduce does;
 * zmm2, zmm3 are clobbered.  */
.macro LOAD_REDUCE512 ptr
	vmovdqu32	(\ptr,%rax), %zmm0
	vmovdqu32	64(\ptr,%rax), %zmm1
	REDUCE512	%zmm0, %zmm2
	REDUCE512	%zmm1, %zmm3
.endm

/* The running maximum of |X| (X is clobbered).  */
.macro ABS_MAX512 x
	vpabsd		\x, \x
	vpmaxud		\x, %zmm18, %zmm18
.endm

/* Return 1 if the maximum exceeds BOUND - 1, else 0; clear the
 * registers that held coefficients.  */
.macro NORM512_RETURN
	vpcmpud		$6, %zmm19, %zmm18, %k1		/* > BOUND - 1 */
	xorl		%eax, %eax
	kortestw	%k1, %k1
	setnz		%al
	kxorw		%k1, %k1, %k1
	vpxord		%zmm18, %zmm18, %zmm18
	vzeroall
	ret_spec_stop
.endm

.section .rodata
.align 4
.Lnorm512_c2p22:	.long 0x400000
.Ladd16_c1664:		.short 1664
.Ladd16_cm1664:		.short -1664
.Ladd16_c3329:		.short 3329

/* The masks of add16_chknorm's lift (NORM512_RETURN clears k1 and
 * zmm0-zmm15).  */
.macro ADD16_CLEAR
	kxorw		%k2, %k2, %k2
	kxorw		%k3, %k3, %k3
.endm

/* int _gcry_mldsa_chknorm_avx512 (const s32 a[256], s32 bound)  */
.text
.globl _gcry_mldsa_chknorm_avx512
ELF(.type _gcry_mldsa_chknorm_avx512,@function;)
.align 32
_gcry_mldsa_chknorm_avx512:
	CFI_STARTPROC()
	NORM512_SETUP	%esi
1:
	LOAD_REDUCE512	%rdi
	ABS_MAX512	%zmm0
	ABS_MAX512	%zmm1
	addq		$128, %rax
	cmpq		$1024, %rax
	jb		1b
	NORM512_RETURN
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_chknorm_avx512,.-_gcry_mldsa_chknorm_avx512;)

/* int _gcry_mldsa_add16_chknorm_avx512 (s32 a[256], const s16 b[256],
 *                                       int sub, s32 bound)
 * a = a + b' (a - b' if SUB, which is public: one loop for each),
 * exactly, b' the representative of b in [-1664, 1664] mod 3329
 * (|b| < 3329: two compares into k2, k3 and masked word subtractions
 * and additions of 3329 on 32 words at a time); then 1 if some
 * |a| >= bound, else 0.  32 coefficients per iteration.  zmm20 1664,
 * zmm21 -1664, zmm22 3329 in every word.  */
.macro ADD16_LOOP op
1:
	vmovdqu16	(%rsi,%rax), %zmm4
	vpcmpgtw	%zmm20, %zmm4, %k2		/* b > 1664 */
	vpcmpgtw	%zmm4, %zmm21, %k3		/* b < -1664 */
	vpsubw		%zmm22, %zmm4, %zmm4{%k2}
	vpaddw		%zmm22, %zmm4, %zmm4{%k3}
	vextracti64x4	$1, %zmm4, %ymm5
	vpmovsxwd	%ymm4, %zmm0
	vpmovsxwd	%ymm5, %zmm1
	vmovdqu32	(%rdi,%rax,2), %zmm2
	vmovdqu32	64(%rdi,%rax,2), %zmm3
	\op		%zmm0, %zmm2, %zmm0		/* a + b or a - b */
	\op		%zmm1, %zmm3, %zmm1
	vmovdqu32	%zmm0, (%rdi,%rax,2)
	vmovdqu32	%zmm1, 64(%rdi,%rax,2)
	ABS_MAX512	%zmm0
	ABS_MAX512	%zmm1
	addq		$64, %rax
	cmpq		$512, %rax
	jb		1b
.endm

.globl _gcry_mldsa_add16_chknorm_avx512
ELF(.type _gcry_mldsa_add16_chknorm_avx512,@function;)
.align 32
_gcry_mldsa_add16_chknorm_avx512:
	CFI_STARTPROC()
	NORM512_SETUP	%ecx
	vpbroadcastw	.Ladd16_c1664 rRIP, %zmm20
	vpbroadcastw	.Ladd16_cm1664 rRIP, %zmm21
	vpbroadcastw	.Ladd16_c3329 rRIP, %zmm22
	testl		%edx, %edx
	jnz		2f
	ADD16_LOOP	vpaddd
	ADD16_CLEAR
	NORM512_RETURN
2:
	ADD16_LOOP	vpsubd
	ADD16_CLEAR
	NORM512_RETURN
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_add16_chknorm_avx512,.-_gcry_mldsa_add16_chknorm_avx512;)

/* int _gcry_mldsa_add_reduce_chknorm_avx512 (s32 a[256],
 *                                            const s32 b[256],
 *                                            s32 bound)
 * r = b mod^+- q as reduce computes it; a = a + r; 1 if some
 * |r| >= bound, else 0.  32 coefficients per iteration.  */
.globl _gcry_mldsa_add_reduce_chknorm_avx512
ELF(.type _gcry_mldsa_add_reduce_chknorm_avx512,@function;)
.align 32
_gcry_mldsa_add_reduce_chknorm_avx512:
	CFI_STARTPROC()
	NORM512_SETUP	%edx
1:
	LOAD_REDUCE512	%rsi
	vpaddd		(%rdi,%rax), %zmm0, %zmm2
	vpaddd		64(%rdi,%rax), %zmm1, %zmm3
	vmovdqu32	%zmm2, (%rdi,%rax)
	vmovdqu32	%zmm3, 64(%rdi,%rax)
	ABS_MAX512	%zmm0
	ABS_MAX512	%zmm1
	addq		$128, %rax
	cmpq		$1024, %rax
	jb		1b
	NORM512_RETURN
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_add_reduce_chknorm_avx512,.-_gcry_mldsa_add_reduce_chknorm_avx512;)

/* unsigned int _gcry_mldsa_make_hint_avx512 (s32 h[256],
 *                                            const s32 a0[256],
 *                                            const s32 a1[256],
 *                                            s32 gamma2)
 * h = 1 iff a0 > gamma2, a0 < -gamma2, or a0 = -gamma2 and a1 != 0
 * (|a0| < 2 gamma2); returns the number of ones.  H may alias A0.  */
.globl _gcry_mldsa_make_hint_avx512
ELF(.type _gcry_mldsa_make_hint_avx512,@function;)
.align 32
_gcry_mldsa_make_hint_avx512:
	CFI_STARTPROC()
	vpbroadcastd	%ecx, %zmm20			/* gamma2 */
	vpaddd		%zmm20, %zmm20, %zmm19		/* 2 gamma2 */
	vpbroadcastd	.Ldec512_c1 rRIP, %zmm22
	vpxord		%zmm21, %zmm21, %zmm21		/* count per lane */
	xorl		%eax, %eax
1:
	vpaddd		(%rsi,%rax), %zmm20, %zmm0	/* u = a0 + gamma2 */
	vmovdqu32	(%rdx,%rax), %zmm1
	vpcmpud		$6, %zmm19, %zmm0, %k1		/* u > 2 gamma2 */
	vptestnmd	%zmm0, %zmm0, %k2		/* u = 0 */
	vptestmd	%zmm1, %zmm1, %k2{%k2}		/* and a1 != 0 */
	korw		%k2, %k1, %k1
	vmovdqu32	%zmm22, %zmm2{%k1}{z}
	vmovdqu32	%zmm2, (%rdi,%rax)
	vpaddd		%zmm2, %zmm21, %zmm21
	addq		$64, %rax
	cmpq		$1024, %rax
	jb		1b
	vextracti64x4	$1, %zmm21, %ymm0
	vpaddd		%ymm0, %ymm21, %ymm0
	vextracti128	$1, %ymm0, %xmm1
	vpaddd		%xmm1, %xmm0, %xmm0
	vpshufd		$0x4e, %xmm0, %xmm1
	vpaddd		%xmm1, %xmm0, %xmm0
	vpshufd		$0xb1, %xmm0, %xmm1
	vpaddd		%xmm1, %xmm0, %xmm0
	vmovd		%xmm0, %eax
	kxorw		%k1, %k1, %k1
	kxorw		%k2, %k2, %k2
	vpxord		%zmm21, %zmm21, %zmm21
	vzeroall
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_make_hint_avx512,.-_gcry_mldsa_make_hint_avx512;)

DECOMPOSE512_FN 1, _gcry_mldsa_decompose32_avx512
DECOMPOSE512_FN 0, _gcry_mldsa_decompose88_avx512
USE_HINT512_FN 1, _gcry_mldsa_use_hint32_avx512
USE_HINT512_FN 0, _gcry_mldsa_use_hint88_avx512

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
