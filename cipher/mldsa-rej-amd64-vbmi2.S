/* mldsa-rej-amd64-vbmi2.S - ML-DSA RejBoundedPoly parsing, AVX-512 VBMI2
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

/* Algorithm: the parsing loop of RejBoundedPoly (FIPS 204 Algorithm
 * 31) with CoeffFromHalfByte (Algorithm 15): each byte of BUF gives
 * two candidates, the low nibble first; a nibble t is accepted if
 * t < 15 (ETA = 2) resp. t < 9 (ETA = 4) and becomes 2 - (t mod 5)
 * resp. 4 - t, appended to A[*CTR..] in order until 256 values are
 * held.
 *
 * 32 bytes (64 candidates) per step, as bytes throughout: vpmovzxbw
 * and two masks put the nibbles in stream order into 64 bytes, vpcmpub
 * marks the accepted ones, vpshufb maps them to coefficients from a
 * register table (no memory access depends on a candidate's value),
 * and vpcompressb packs the accepted bytes, stored whole to a byte
 * buffer on the stack at the running count.  The count is the only
 * thing carried from step to step (one addition of a popcount);
 * the AVX-512 kernel without VBMI2 (mldsa-poly-amd64-avx512.S) widens
 * and compresses each half of 16 separately and waits for the count
 * before each store (Sapphire Rapids: 175-198 TSC ticks per 272-byte
 * buffer against 60-69 for this one).  After the loop the bytes are
 * widened to s32 (vpmovsxbd), sixteen per store, the last store
 * masked so that nothing is written past A[255], and the buffer is
 * wiped (the coefficients are secret: s1 and s2).
 *
 * Runs while *CTR plus the bytes parsed is below 256 and bytes
 * remain, the last 1..31 bytes as a step of their own (a masked load,
 * and a mask that accepts only their candidates), so that the portable
 * tail has nothing left to parse (it took 8-16 bytes per buffer one
 * by one before: 1.5% of ML-DSA-44 KeyGen); *CTR grows by the accepted
 * count, capped at 256.  Returns the bytes consumed (exact whenever
 * *CTR stays below 256).  The acceptance mask, hence the loop count
 * and the store addresses, depends only on which candidates are
 * rejected, i.e. on discarded Keccak output (as the portable code's store
 * addresses do); the accepted values only pass through registers and
 * the wiped buffer.
 *
 * Register plan: zmm0 nibbles, then coefficients; zmm1 compressed;
 * zmm12 0x0f00 and zmm13 0x000f per word, zmm14 the table (16 bytes
 * in every lane), zmm15 the bound in every byte (constants); k1
 * accepted, k2 the last store mask, k3/k4 the bytes and candidates of
 * a last partial step; rdi A, rsi CTR, rdx BUF, rcx BUFLEN (then
 * the byte count of a partial step, which is the last), r8d room left
 * (256 - *CTR), r9d *CTR, r10d bytes in the buffer, rax position in
 * BUF, r11 scratch; rbp the frame, rsp the
 * 64-byte aligned buffer (256 + 64 bytes: a step stores 64 bytes at
 * the count, which is below 256 before it).
 *
 * Requires: AVX-512 F/BW/VL (HWF_INTEL_AVX512), VBMI2 (vpcompressb,
 * HWF_INTEL_VBMI2) and POPCNT, which every AVX-512 processor has.
 *
 * C prototype (cipher/mldsa-avx512.h):
 *   size_t _gcry_mldsa_rej_eta_vbmi2 (s32 a[256], unsigned int *ctr,
 *                                     const byte *buf, size_t buflen,
 *                                     int eta);  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX512_SUPPORT) \
            && defined(HAVE_GCC_INLINE_ASM_AVX512)))

.section .rodata
.align 16
.Letav_map2:	/* 2 - (t mod 5), t = 0..14; 15 is rejected.  */
	.byte 2, 1, 0, -1, -2, 2, 1, 0, -1, -2, 2, 1, 0, -1, -2, 0
.Letav_map4:	/* 4 - t, t = 0..8; 9..15 are rejected.  */
	.byte 4, 3, 2, 1, 0, -1, -2, -3, -4, 0, 0, 0, 0, 0, 0, 0
.align 2
.Letav_lo:	.short 0x000f
.Letav_hi:	.short 0x0f00

/* One step on the 64 candidates of the 32 bytes widened to words in
 * zmm0 (only those in the mask register VALID, if given): the
 * accepted coefficients are stored at the count, which grows by their
 * number.  */
.macro ETAV_STEP valid
	vpsllw		$4, %zmm0, %zmm1
	vpandq		%zmm13, %zmm0, %zmm0	/* low nibble in byte 2j */
	vpandq		%zmm12, %zmm1, %zmm1	/* high nibble in byte 2j+1 */
	vporq		%zmm1, %zmm0, %zmm0
.ifb \valid
	vpcmpub		$1, %zmm15, %zmm0, %k1	/* t < bound */
.else
	vpcmpub		$1, %zmm15, %zmm0, %k1{\valid}
.endif
	vpshufb		%zmm0, %zmm14, %zmm0	/* coefficients */
	vpcompressb	%zmm0, %zmm1{%k1}{z}
	vmovdqu8	%zmm1, (%rsp,%r10)
	kmovq		%k1, %r11
	popcntq		%r11, %r11
	addl		%r11d, %r10d
.endm

.text
.globl _gcry_mldsa_rej_eta_vbmi2
ELF(.type _gcry_mldsa_rej_eta_vbmi2,@function;)
.align 32
_gcry_mldsa_rej_eta_vbmi2:
	CFI_STARTPROC()
	pushq		%rbp
	CFI_PUSH(%rbp)
	movq		%rsp, %rbp
	CFI_DEF_CFA_REGISTER(%rbp)
	subq		$320, %rsp
	andq		$-64, %rsp

	vpbroadcastw	.Letav_lo rRIP, %zmm13
	vpbroadcastw	.Letav_hi rRIP, %zmm12
	movl		$15, %r11d
	cmpl		$2, %r8d
	je		1f
	vbroadcasti32x4	.Letav_map4 rRIP, %zmm14
	movl		$9, %r11d
	jmp		2f
1:
	vbroadcasti32x4	.Letav_map2 rRIP, %zmm14
2:
	vpbroadcastb	%r11d, %zmm15
	movl		(%rsi), %r9d		/* ctr */
	movl		$256, %r8d
	subl		%r9d, %r8d		/* room left */
	xorl		%r10d, %r10d		/* bytes in the buffer */
	xorl		%eax, %eax		/* position in BUF */
.Letav_loop:
	cmpl		%r8d, %r10d
	jae		.Letav_widen
	movq		%rcx, %r11
	subq		%rax, %r11		/* bytes left */
	jbe		.Letav_widen
	cmpq		$32, %r11
	jb		.Letav_partial
	vpmovzxbw	(%rdx,%rax), %zmm0
	ETAV_STEP
	addq		$32, %rax
	jmp		.Letav_loop

.Letav_partial:
	/* The last 1..31 bytes: a masked load (k3), and only their
	   candidates (k4) may be accepted.  BUFLEN is not needed after
	   this step.  */
	movl		%r11d, %ecx
	movl		$1, %r11d
	shlq		%cl, %r11
	decq		%r11
	kmovq		%r11, %k3
	movl		$1, %r11d
	shlq		%cl, %r11
	shlq		%cl, %r11
	decq		%r11
	kmovq		%r11, %k4
	vmovdqu8	(%rdx,%rax), %ymm0{%k3}{z}
	addq		%rcx, %rax
	vpmovzxbw	%ymm0, %zmm0
	ETAV_STEP	%k4

.Letav_widen:
	/* Sixteen at a time into A[ctr..], the last group masked.  */
	cmpl		%r8d, %r10d
	cmova		%r8d, %r10d		/* at most the room left */
	leaq		(%rdi,%r9,4), %rdi
	addl		%r10d, %r9d
	movl		%r9d, (%rsi)
	xorl		%r11d, %r11d
.Letav_wloop:
	leal		16(%r11), %r8d
	cmpl		%r10d, %r8d
	ja		.Letav_wlast
	vpmovsxbd	(%rsp,%r11), %zmm0
	vmovdqu32	%zmm0, (%rdi,%r11,4)
	movl		%r8d, %r11d
	jmp		.Letav_wloop
.Letav_wlast:
	movl		%r10d, %ecx
	subl		%r11d, %ecx		/* 0..15 left */
	movl		$1, %r8d
	shll		%cl, %r8d
	decl		%r8d
	kmovw		%r8d, %k2
	vpmovsxbd	(%rsp,%r11), %zmm0
	vmovdqu32	%zmm0, (%rdi,%r11,4){%k2}

	/* Wipe the buffer and the registers.  */
	vpxord		%zmm0, %zmm0, %zmm0
	vmovdqa64	%zmm0, 0(%rsp)
	vmovdqa64	%zmm0, 64(%rsp)
	vmovdqa64	%zmm0, 128(%rsp)
	vmovdqa64	%zmm0, 192(%rsp)
	vmovdqa64	%zmm0, 256(%rsp)
	kxorq		%k1, %k1, %k1
	kxorq		%k2, %k2, %k2
	kxorq		%k3, %k3, %k3
	kxorq		%k4, %k4, %k4
	vzeroall
	movq		%rbp, %rsp
	popq		%rbp
	CFI_POP(%rbp)
	CFI_DEF_CFA_REGISTER(%rsp)
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_rej_eta_vbmi2,.-_gcry_mldsa_rej_eta_vbmi2;)

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
