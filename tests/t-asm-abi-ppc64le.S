/* t-asm-abi-ppc64le.S - Call trampoline for the ppc64le ABI test
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

/* u64 abi_call (abi_fn_t fn, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4,
 *               u64 a5, abi_regs_t *regs);
 *
 * Call FN (A0, ..., A5) with the registers that the ELFv2 ABI makes
 * callee-saved set from REGS: r14-r31 from REGS->gin[0..17], f14-f31
 * from REGS->fin[0..17], v20-v31 from REGS->vin[0..23] (two
 * doublewords each) and the fields cr2-cr4 from REGS->cr_in; then
 * store what FN left in them at REGS->gout, fout, vout and cr_out, and
 * r1 and r2 after the call minus before at REGS->r1_delta and
 * r2_delta.  Returns FN's r3.  Our own caller's registers are
 * restored from our frame, so a faulty FN is reported, not fatal
 * (unless it moves r1, which the reload of the frame depends on; it
 * then crashes, which fails the test as well).  The layout of
 * abi_regs_t is in t-asm-abi.c.  */

#if defined(__powerpc64__) && defined(__LITTLE_ENDIAN__) \
    && defined(_CALL_ELF) && _CALL_ELF == 2

#define GIN     0
#define GOUT    144
#define FIN     288
#define FOUT    432
#define VIN     576
#define VOUT    768
#define CRIN    960
#define CROUT   968
#define R1D     976
#define R2D     984

/* Our frame: the 32-byte header (back chain, CR, LR, TOC at 24), then
   REGS, r1 and r2 before the call, the saved r14-r31, f14-f31 and
   v20-v31, and the caller's CR.  */
#define F_REGS  32
#define F_R1    40
#define F_R2    48
#define F_CR    56
#define F_GPR   64
#define F_FPR   208
#define F_VR    352
#define FRAME   544

	.abiversion 2
	.machine power8
	.text

/* OP (a D-form load or store) of rFIRST..r31 or fFIRST..f31 at
   BASE + OFF, 8 bytes apart.  */
.macro REGS8 op, first, base, off
	.set i, \first
	.set o, \off
	.rept 32 - \first
	\op i, o(\base)
	.set i, i + 1
	.set o, o + 8
	.endr
.endm

/* OP (lxvd2x or stxvd2x) of v20-v31 at BASE + OFF; uses r11, r12.  */
.macro VREGS12 op, base, off
	addi 11, \base, \off
	li 12, 0
	.set i, 52
	.rept 12
	\op i, 11, 12
	addi 12, 12, 16
	.set i, i + 1
	.endr
.endm

	.globl	abi_call
	.type	abi_call, @function
	.p2align 4
abi_call:
	mflr	0
	std	0, 16(1)
	mfcr	0
	stdu	1, -FRAME(1)
	std	0, F_CR(1)
	REGS8	std, 14, 1, F_GPR
	REGS8	stfd, 14, 1, F_FPR
	VREGS12	stxvd2x, 1, F_VR
	std	2, 24(1)
	std	10, F_REGS(1)
	std	1, F_R1(1)
	std	2, F_R2(1)

	/* The patterns.  */
	VREGS12	lxvd2x, 10, VIN
	REGS8	lfd, 14, 10, FIN
	ld	0, CRIN(10)
	mtcrf	0x38, 0
	mtctr	3
	mr	12, 3
	mr	3, 4
	mr	4, 5
	mr	5, 6
	mr	6, 7
	mr	7, 8
	mr	8, 9
	REGS8	ld, 14, 10, GIN
	bctrl

	/* What FN left; r3 is its result.  */
	mr	0, 1
	ld	1, F_R1(1)
	std	2, 8(1)                 /* scratch: the CR slot of FN's view */
	mr	2, 0
	ld	10, F_REGS(1)
	ld	0, F_R1(1)
	subf	0, 0, 2
	std	0, R1D(10)
	ld	0, 8(1)
	ld	2, F_R2(1)
	subf	0, 2, 0
	std	0, R2D(10)
	REGS8	std, 14, 10, GOUT
	REGS8	stfd, 14, 10, FOUT
	VREGS12	stxvd2x, 10, VOUT
	mfcr	0
	std	0, CROUT(10)

	/* Back to our caller's state.  */
	REGS8	ld, 14, 1, F_GPR
	REGS8	lfd, 14, 1, F_FPR
	VREGS12	lxvd2x, 1, F_VR
	ld	0, F_CR(1)
	mtcrf	0x38, 0
	ld	2, 24(1)
	addi	1, 1, FRAME
	ld	0, 16(1)
	mtlr	0
	blr
	.size	abi_call, .-abi_call

#endif /*__powerpc64__ && __LITTLE_ENDIAN__ && ELFv2*/

#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack,"",%progbits
#endif
