/* asm-common-amd64.h - Assembler boilerplate for the x86-64 kernels
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

/* Included by the amd64 .S files (after <config.h> where available).
 * Only symbol bookkeeping, unwind annotations and register hygiene
 * live here, so that each kernel file holds arithmetic only.  */

#ifndef GCRY_ASM_COMMON_AMD64_H
#define GCRY_ASM_COMMON_AMD64_H 1

/* ELF-only directives (.type, .size); empty on other object formats,
 * which do not know them.  */
#ifdef __ELF__
# define ELF(...) __VA_ARGS__
#else
# define ELF(...)
#endif

/* RIP-relative addressing of constants.  */
#define rRIP  (%rip)

/* Unwind information (GNU as supports the .cfi_* directives on every
 * x86-64 target we assemble for).  The kernels are leaf functions; the
 * frame changes are pushes and a scratch area, addressed via %rbp or
 * by a fixed adjustment of %rsp.  */
#define CFI_STARTPROC()            .cfi_startproc
#define CFI_ENDPROC()              .cfi_endproc
#define CFI_PUSH(reg)              .cfi_adjust_cfa_offset 8; \
                                   .cfi_rel_offset reg, 0
#define CFI_POP(reg)               .cfi_adjust_cfa_offset -8; \
                                   .cfi_restore reg
#define CFI_DEF_CFA_REGISTER(reg)  .cfi_def_cfa_register reg
#define CFI_ADJUST_CFA_OFFSET(off) .cfi_adjust_cfa_offset off

/* Function return that stops straight-line speculation past it.  */
#define ret_spec_stop  ret; int3;

/* Zero ymm0-ymm15 (vpxor of a register with itself also clears the
 * upper halves of the zmm registers).  Used on exit so that no state
 * of a secret-dependent permutation stays in the vector registers.  */
#define CLEAR_YMM0_15() \
        vpxor %ymm0, %ymm0, %ymm0;   vpxor %ymm1, %ymm1, %ymm1; \
        vpxor %ymm2, %ymm2, %ymm2;   vpxor %ymm3, %ymm3, %ymm3; \
        vpxor %ymm4, %ymm4, %ymm4;   vpxor %ymm5, %ymm5, %ymm5; \
        vpxor %ymm6, %ymm6, %ymm6;   vpxor %ymm7, %ymm7, %ymm7; \
        vpxor %ymm8, %ymm8, %ymm8;   vpxor %ymm9, %ymm9, %ymm9; \
        vpxor %ymm10, %ymm10, %ymm10; vpxor %ymm11, %ymm11, %ymm11; \
        vpxor %ymm12, %ymm12, %ymm12; vpxor %ymm13, %ymm13, %ymm13; \
        vpxor %ymm14, %ymm14, %ymm14; vpxor %ymm15, %ymm15, %ymm15;

/* Zero xmm0-xmm10 with legacy-SSE pxor: the register hygiene on exit
 * of the SHA-NI kernels, which are SSE code (no VEX, so no transition
 * penalty) and use no other vector registers.  */
#define CLEAR_XMM0_10() \
        pxor %xmm0, %xmm0;   pxor %xmm1, %xmm1;   pxor %xmm2, %xmm2; \
        pxor %xmm3, %xmm3;   pxor %xmm4, %xmm4;   pxor %xmm5, %xmm5; \
        pxor %xmm6, %xmm6;   pxor %xmm7, %xmm7;   pxor %xmm8, %xmm8; \
        pxor %xmm9, %xmm9;   pxor %xmm10, %xmm10;

/* Zero ymm16-ymm31 (AVX-512VL; an EVEX write to a ymm register
 * clears the upper half of its zmm register).  */
#define CLEAR_YMM16_31() \
        vpxord %ymm16, %ymm16, %ymm16; vpxord %ymm17, %ymm17, %ymm17; \
        vpxord %ymm18, %ymm18, %ymm18; vpxord %ymm19, %ymm19, %ymm19; \
        vpxord %ymm20, %ymm20, %ymm20; vpxord %ymm21, %ymm21, %ymm21; \
        vpxord %ymm22, %ymm22, %ymm22; vpxord %ymm23, %ymm23, %ymm23; \
        vpxord %ymm24, %ymm24, %ymm24; vpxord %ymm25, %ymm25, %ymm25; \
        vpxord %ymm26, %ymm26, %ymm26; vpxord %ymm27, %ymm27, %ymm27; \
        vpxord %ymm28, %ymm28, %ymm28; vpxord %ymm29, %ymm29, %ymm29; \
        vpxord %ymm30, %ymm30, %ymm30; vpxord %ymm31, %ymm31, %ymm31;

#endif /*GCRY_ASM_COMMON_AMD64_H*/
