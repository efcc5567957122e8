/* t-asm-abi-amd64.S - Call trampoline for the x86-64 ABI test
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
 * Call FN (A0, ..., A5) with the callee-saved registers rbx, rbp,
 * r12-r15 set to REGS->in[0..5], then store what FN left in them at
 * REGS->out[0..5], the change of rsp across the call at
 * REGS->rsp_delta (0 if FN is correct), rflags at REGS->rflags and,
 * if REGS->want_xinuse is nonzero, XGETBV (1) (the XINUSE bitmap) at
 * REGS->xinuse.  Returns FN's rax.  The caller's own callee-saved
 * registers, rsp and a clear DF are restored, so a faulty FN is
 * reported, not fatal.  The layout of abi_regs_t is in t-asm-abi.c.
 *
 * The state needed after the call lives in static storage, not in
 * registers or on the stack that FN might damage; the test is single
 * threaded.  */

#if defined(__x86_64__)

#define REGS_IN       0
#define REGS_OUT      48
#define REGS_RSPDELTA 96
#define REGS_RFLAGS   104
#define REGS_WANTXIN  112
#define REGS_XINUSE   120

	.text
	.globl	abi_call
#ifdef __ELF__
	.type	abi_call, @function
#endif
	.p2align 4
abi_call:
	pushq	%rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	/* rsp is now 16-byte aligned again minus 8: one more slot keeps
	   the call below on a 16-byte boundary as the ABI demands.  */
	subq	$8, %rsp
	/* Stack arguments: a5 at 64(%rsp), REGS at 72(%rsp).  */
	movq	72(%rsp), %rax
	movq	%rax, abi_regs_ptr(%rip)
	movq	%rsp, abi_saved_rsp(%rip)

	movq	%rdi, %r11              /* FN */
	movq	%rsi, %rdi
	movq	%rdx, %rsi
	movq	%rcx, %rdx
	movq	%r8, %rcx
	movq	%r9, %r8
	movq	64(%rsp), %r9

	movq	REGS_IN+0(%rax), %rbx
	movq	REGS_IN+8(%rax), %rbp
	movq	REGS_IN+16(%rax), %r12
	movq	REGS_IN+24(%rax), %r13
	movq	REGS_IN+32(%rax), %r14
	movq	REGS_IN+40(%rax), %r15
	cld
	call	*%r11

	/* Read XINUSE first, before anything here could touch vector
	   state; XGETBV clobbers only rax, rdx and (as input) rcx.  */
	movq	%rax, abi_ret(%rip)
	movq	abi_regs_ptr(%rip), %r10
	movq	$0, REGS_XINUSE(%r10)
	cmpq	$0, REGS_WANTXIN(%r10)
	je	1f
	movl	$1, %ecx
	xgetbv
	shlq	$32, %rdx
	movl	%eax, %eax
	orq	%rdx, %rax
	movq	%rax, REGS_XINUSE(%r10)
1:
	movq	%rbx, REGS_OUT+0(%r10)
	movq	%rbp, REGS_OUT+8(%r10)
	movq	%r12, REGS_OUT+16(%r10)
	movq	%r13, REGS_OUT+24(%r10)
	movq	%r14, REGS_OUT+32(%r10)
	movq	%r15, REGS_OUT+40(%r10)
	movq	%rsp, %rax
	subq	abi_saved_rsp(%rip), %rax
	movq	%rax, REGS_RSPDELTA(%r10)
	/* Back on our own frame before using the stack for pushfq.  */
	movq	abi_saved_rsp(%rip), %rsp
	pushfq
	popq	%rax
	movq	%rax, REGS_RFLAGS(%r10)
	cld

	movq	abi_ret(%rip), %rax
	addq	$8, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	ret
#ifdef __ELF__
	.size	abi_call, .-abi_call
#endif

/* void abi_probe_dirty (void), void abi_probe_clean (void):
 * leave a nonzero upper half in ymm0, without and with vzeroupper.
 * The test calls both to see whether XINUSE tracks the upper halves
 * on this CPU before it trusts the bitmap.  AVX only.  */
	.globl	abi_probe_dirty
#ifdef __ELF__
	.type	abi_probe_dirty, @function
#endif
	.p2align 4
abi_probe_dirty:
	vbroadcastss abi_one(%rip), %ymm0
	ret
#ifdef __ELF__
	.size	abi_probe_dirty, .-abi_probe_dirty
#endif

	.globl	abi_probe_clean
#ifdef __ELF__
	.type	abi_probe_clean, @function
#endif
	.p2align 4
abi_probe_clean:
	vbroadcastss abi_one(%rip), %ymm0
	vzeroupper
	ret
#ifdef __ELF__
	.size	abi_probe_clean, .-abi_probe_clean
#endif

	.section .rodata
	.p2align 2
abi_one:
	.long	0x3f800000              /* 1.0f */

	.bss
	.p2align 3
abi_regs_ptr:
	.zero	8
abi_saved_rsp:
	.zero	8
abi_ret:
	.zero	8

#endif /*__x86_64__*/

#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack,"",%progbits
#endif
