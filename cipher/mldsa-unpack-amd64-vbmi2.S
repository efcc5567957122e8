/* mldsa-unpack-amd64-vbmi2.S - ML-DSA BitUnpack of z, y and t1, AVX-512 VBMI
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

/* Algorithm: BitUnpack (FIPS 204 Algorithm 19) with a = GAMMA1 - 1,
 * b = GAMMA1 for GAMMA1 = 2^17 (18-bit fields) and 2^19 (20-bit
 * fields), a[i] = GAMMA1 - field i (the mask y of ExpandMask and the z
 * of sigDecode), and SimpleBitUnpack (Algorithm 18) of t1 (10-bit
 * fields, pkDecode).  Field i of width W starts at bit W i of the
 * little-endian byte string.
 *
 * Each step loads the packed bytes of 16 fields (36, 40 or 20 bytes)
 * with a masked load (nothing past the packed data is read) and one
 * vpermb copies the bytes of every field into its dword: bytes
 * floor (W i / 8) .. + 3 of the step's input, so the field sits at bit
 * W i mod 8 (0, 2, 4 or 6, or 0 and 4 for W = 20) of the dword, the
 * field and its shift fitting into the low 24 (W = 18, 20) or 16
 * (W = 10) bits.  vpsrlvd by those offsets and vpandd by 2^W - 1 leave
 * the fields; vpsubd from GAMMA1 for y and z.  t1 takes 32 fields
 * (40 bytes) per step, two vpermb from one load.  The AVX2 kernels
 * (mldsa-poly-amd64-avx2.S) gather within 128-bit lanes and need a
 * load per lane.
 *
 * Constant time: no branch or address depends on the data (y is
 * secret); the loop counts are fixed.  The data registers are cleared
 * on exit.
 *
 * Register plan: zmm0 the packed bytes, zmm1/zmm2 fields; zmm12 the
 * vpermb indices (zmm13 the second set for t1), zmm14 the shifts,
 * zmm15 the mask, zmm11 GAMMA1; k1 the load mask; rdi A, rsi the
 * packed bytes, rax offset in A, ecx step count.
 *
 * Requires: AVX-512 F/BW (HWF_INTEL_AVX512) and VBMI (vpermb), which
 * the intel-vbmi2 feature implies.
 *
 * C prototypes (cipher/mldsa-avx512.h):
 *   void _gcry_mldsa_unpack_gamma1_17_vbmi2 (s32 a[256], const byte *b);
 *   void _gcry_mldsa_unpack_gamma1_19_vbmi2 (s32 a[256], const byte *b);
 *   void _gcry_mldsa_unpack_t1_vbmi2 (s32 a[256], const byte b[320]);  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX512_SUPPORT) \
            && defined(HAVE_GCC_INLINE_ASM_AVX512)))

/* The four vpermb indices of the dword of field I of width W:
 * bytes B .. B + 3, B = W I / 8.  */
.macro FIELD_BYTES w, i
	.byte (\w * \i) / 8, (\w * \i) / 8 + 1, (\w * \i) / 8 + 2
	.byte (\w * \i) / 8 + 3
.endm

/* The vpermb indices of fields FIRST .. FIRST + 15 of width W, as
 * the label IDX (with FIRST = 16 the bytes are counted from the
 * step's input, which starts at field 0).  */
.macro FIELD_INDICES w, first, idx
.align 64
\idx:
	.set .Lfld_i, \first
	.rept 16
	FIELD_BYTES \w, .Lfld_i
	.set .Lfld_i, .Lfld_i + 1
	.endr
.endm

/* The bit offsets of fields 0 .. 15 of width W in their dwords, as the
 * label SHIFT.  */
.macro FIELD_SHIFTS w, shift
.align 64
\shift:
	.set .Lfld_i, 0
	.rept 16
	.long (\w * .Lfld_i) % 8
	.set .Lfld_i, .Lfld_i + 1
	.endr
.endm

.section .rodata
FIELD_INDICES 18, 0, .Lug17_idx
FIELD_SHIFTS 18, .Lug17_shift
FIELD_INDICES 20, 0, .Lug19_idx
FIELD_SHIFTS 20, .Lug19_shift
FIELD_INDICES 10, 0, .Lut1_idx
FIELD_INDICES 10, 16, .Lut1_idx_hi
FIELD_SHIFTS 10, .Lut1_shift
.align 4
.Lug17_mask:	.long 0x3ffff
.Lug19_mask:	.long 0xfffff
.Lug17_g1:	.long 0x20000
.Lug19_g1:	.long 0x80000
.Lut1_mask:	.long 0x3ff

/* Clear the registers that held data and return.  */
.macro UNPACK_RETURN
	kxorq		%k1, %k1, %k1
	vzeroall
	ret_spec_stop
.endm

/* void NAME (s32 a[256], const byte *b): a = G1 - the fields of width
 * W (2 W bytes per 16 fields), G1 and MASK = 2^W - 1 at the labels.  */
.macro UNPACK_GAMMA1_FN name, w, idx, shift, mask, g1
.text
.globl \name
ELF(.type \name,@function;)
.align 32
\name:
	CFI_STARTPROC()
	vmovdqa64	\idx rRIP, %zmm12
	vmovdqa64	\shift rRIP, %zmm14
	vpbroadcastd	\mask rRIP, %zmm15
	vpbroadcastd	\g1 rRIP, %zmm11
	movabsq		$((1 << (2 * \w)) - 1), %rax
	kmovq		%rax, %k1
	xorl		%eax, %eax
	movl		$16, %ecx
1:
	vmovdqu8	(%rsi), %zmm0{%k1}{z}
	vpermb		%zmm0, %zmm12, %zmm1
	vpsrlvd		%zmm14, %zmm1, %zmm1
	vpandd		%zmm15, %zmm1, %zmm1
	vpsubd		%zmm1, %zmm11, %zmm1
	vmovdqu32	%zmm1, (%rdi,%rax)
	addq		$(2 * \w), %rsi
	addq		$64, %rax
	subl		$1, %ecx
	jnz		1b
	UNPACK_RETURN
	CFI_ENDPROC()
ELF(.size \name,.-\name;)
.endm

UNPACK_GAMMA1_FN _gcry_mldsa_unpack_gamma1_17_vbmi2, 18, .Lug17_idx, \
	.Lug17_shift, .Lug17_mask, .Lug17_g1
UNPACK_GAMMA1_FN _gcry_mldsa_unpack_gamma1_19_vbmi2, 20, .Lug19_idx, \
	.Lug19_shift, .Lug19_mask, .Lug19_g1

/* void _gcry_mldsa_unpack_t1_vbmi2 (s32 a[256], const byte b[320])
 * 32 fields (40 bytes) per step; the shifts of fields 16 .. 31 equal
 * those of 0 .. 15 (16 * 10 bits is a whole number of bytes).  */
.text
.globl _gcry_mldsa_unpack_t1_vbmi2
ELF(.type _gcry_mldsa_unpack_t1_vbmi2,@function;)
.align 32
_gcry_mldsa_unpack_t1_vbmi2:
	CFI_STARTPROC()
	vmovdqa64	.Lut1_idx rRIP, %zmm12
	vmovdqa64	.Lut1_idx_hi rRIP, %zmm13
	vmovdqa64	.Lut1_shift rRIP, %zmm14
	vpbroadcastd	.Lut1_mask rRIP, %zmm15
	movabsq		$0xffffffffff, %rax		/* 40 bytes */
	kmovq		%rax, %k1
	xorl		%eax, %eax
	movl		$8, %ecx
1:
	vmovdqu8	(%rsi), %zmm0{%k1}{z}
	vpermb		%zmm0, %zmm12, %zmm1
	vpermb		%zmm0, %zmm13, %zmm2
	vpsrlvd		%zmm14, %zmm1, %zmm1
	vpsrlvd		%zmm14, %zmm2, %zmm2
	vpandd		%zmm15, %zmm1, %zmm1
	vpandd		%zmm15, %zmm2, %zmm2
	vmovdqu32	%zmm1, (%rdi,%rax)
	vmovdqu32	%zmm2, 64(%rdi,%rax)
	addq		$40, %rsi
	addq		$128, %rax
	subl		$1, %ecx
	jnz		1b
	UNPACK_RETURN
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_unpack_t1_vbmi2,.-_gcry_mldsa_unpack_t1_vbmi2;)

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
