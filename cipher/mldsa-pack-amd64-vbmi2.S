/* mldsa-pack-amd64-vbmi2.S - ML-DSA bit packing, AVX-512 VBMI and VBMI2
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
 * fields, pkDecode), and of t0 (13-bit fields, a = 2^12 - field) and
 * s1, s2 (3- or 4-bit fields, a = ETA - field, with the check that no
 * field exceeds 2 ETA) for skDecode; BitPack (Algorithm 17) of z for
 * sigEncode, the inverse of the first; w1Encode (Algorithm 28) with
 * 6-bit fields (GAMMA2 = (q-1)/88); and one row of HintBitPack
 * (Algorithm 20).
 * Field i of width W starts at bit W i of the little-endian byte
 * string.
 *
 * Unpacking: each step loads the packed bytes of 16 fields (36, 40 or
 * 20 bytes) with a masked load (nothing past the packed data is read)
 * and one vpermb copies the bytes of every field into its dword:
 * bytes floor (W i / 8) .. + 3 of the step's input, so the field sits
 * at bit W i mod 8 (0, 2, 4 or 6, or 0 and 4 for W = 20) of the dword,
 * the field and its shift fitting into the low 24 (W = 18, 20) or 16
 * (W = 10) bits.  vpsrlvd by those offsets and vpandd by 2^W - 1 leave
 * the fields; vpsubd from GAMMA1 (2^12, ETA) for y and z (t0, s).
 * The eta decoder keeps the unsigned maximum of the fields and
 * compares it with 2 ETA once at the end.  t1 takes 32 fields
 * (40 bytes) per step, two vpermb from one load.  The AVX2 kernels
 * (mldsa-poly-amd64-avx2.S) gather within 128-bit lanes and need a
 * load per lane.
 *
 * Packing z runs the same steps backwards: the fields GAMMA1 - z,
 * vpsllvd by the same offsets (each dword then holds its field's bits
 * as they lie in bytes floor (W i / 8) .. + 2 of the output), and an
 * output byte takes bits of at most two fields (W >= 8): the first
 * vpermb fetches, for every output byte, the dword byte of the field
 * its bit 0 belongs to, the second the low byte of the next field if
 * that starts within the byte (else byte 3 of dword 0, always zero),
 * and vpord joins them; a masked store writes the 36 or 40 bytes.
 *
 * w1Encode, 64 coefficients (48 bytes) per step: vpackusdw and
 * vpackuswb narrow four zmm of dwords (values below 44) to bytes; the
 * packs interleave their sources per 128-bit lane but keep every
 * group of four consecutive coefficients together, in dword
 * 4 (g mod 4) + floor (g / 4) for group g.  vpmaddubsw by (1, 64) and
 * vpmaddwd by (1, 4096) join each group into 24 bits, and one vpermb
 * puts the low three bytes of the groups in order for a masked store.
 *
 * HintBitPack of a row: vptestmd turns 64 coefficients at a time into
 * a 64-bit mask of the nonzero ones, vpcompressb packs the indices
 * 0..63 (plus 64, 128, 192; bytes) of those to the front of a
 * register, and a masked store writes exactly their number of bytes
 * (the store mask is the same compress applied to all-ones bytes,
 * read back by vpmovb2m: no BMI2 needed).  The compress goes through a
 * register: its memory form is slow on AMD Zen 4.
 *
 * Constant time: no branch or address depends on the data in the
 * unpacking and in the packing of z (y is secret; z is public once
 * its signature is accepted, when it is packed, but costs nothing
 * more this way); the loop counts are fixed.  HintBitPack's store
 * addresses depend on the hints: it runs on the accepted signature
 * only, whose hints are public.  The data registers are cleared on
 * exit.
 *
 * Register plan (unpacking and packing z): zmm0 the packed bytes resp.
 * the shifted fields, zmm1/zmm2 fields resp. the two byte selections;
 * zmm12 the vpermb indices (zmm13 the second set), zmm14 the shifts,
 * zmm15 the mask, zmm11 GAMMA1 (2^12, ETA), zmm10 the eta decoders'
 * maximum; k1 the load or store mask, k2 the eta check; rdi A resp.
 * the output, rsi the packed bytes resp. A, rax offset, ecx step
 * count.  w1Encode: zmm0/zmm1 data, zmm12/zmm13 the multipliers,
 * zmm14 the vpermb indices, k1 the store mask.  HintBitPack: zmm0
 * the indices, zmm1 all ones, zmm2 64 in every byte, zmm3/zmm4 the
 * compressed indices and ones; k1-k4 the masks; rdi Y, rsi H, rax the
 * count, rdx the block's count.
 *
 * Requires: AVX-512 F/BW (HWF_INTEL_AVX512), VBMI (vpermb) and VBMI2
 * (vpcompressb), both of which the intel-vbmi2 feature stands for, and
 * POPCNT (every AVX-512 processor).
 *
 * C prototypes (cipher/mldsa-avx512.h):
 *   void _gcry_mldsa_unpack_gamma1_17_vbmi2 (s32 a[256], const byte *b);
 *   void _gcry_mldsa_unpack_gamma1_19_vbmi2 (s32 a[256], const byte *b);
 *   void _gcry_mldsa_unpack_t1_vbmi2 (s32 a[256], const byte b[320]);
 *   void _gcry_mldsa_unpack_t0_vbmi2 (s32 a[256], const byte b[416]);
 *   u32 _gcry_mldsa_unpack_eta2_vbmi2 (s32 a[256], const byte b[96]);
 *   u32 _gcry_mldsa_unpack_eta4_vbmi2 (s32 a[256], const byte b[128]);
 *   void _gcry_mldsa_pack_z_17_vbmi2 (byte r[576], const s32 a[256]);
 *   void _gcry_mldsa_pack_z_19_vbmi2 (byte r[640], const s32 a[256]);
 *   void _gcry_mldsa_pack_w1_6_vbmi2 (byte r[192], const s32 a[256]);
 *   unsigned int _gcry_mldsa_hint_pack_vbmi2 (byte *y, const s32 h[256]);
 */

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

/* For packing: byte B of the output (B < 2 W) takes from the dwords
 * of the shifted fields the byte of field i = floor (8 B / W), at
 * offset B - floor (W i / 8) in its dword (PACK_FIRST), ORed with the
 * low byte of field i + 1 if that field starts within byte B, else
 * with byte 3 of dword 0, which is zero (PACK_SECOND).  Entries at
 * B >= 2 W are stored by no step; they are kept within 0..63.  */
.macro PACK_FIRST w, b
	.set .Lpk_i, (8 * \b) / \w
	.byte (4 * .Lpk_i + \b - (\w * .Lpk_i) / 8) & 63
.endm
.macro PACK_SECOND w, b
	.set .Lpk_i, (8 * \b) / \w + 1
	.if (\w * .Lpk_i <= 8 * \b + 7) && (.Lpk_i < 16)
	.byte 4 * .Lpk_i
	.else
	.byte 3
	.endif
.endm
.macro PACK_INDICES w, which, idx
.align 64
\idx:
	.set .Lpk_b, 0
	.rept 64
	\which \w, .Lpk_b
	.set .Lpk_b, .Lpk_b + 1
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
FIELD_INDICES 13, 0, .Lut0_idx
FIELD_SHIFTS 13, .Lut0_shift
FIELD_INDICES 3, 0, .Lue2_idx
FIELD_SHIFTS 3, .Lue2_shift
FIELD_INDICES 4, 0, .Lue4_idx
FIELD_SHIFTS 4, .Lue4_shift
.align 4
.Lug17_mask:	.long 0x3ffff
.Lug19_mask:	.long 0xfffff
.Lug17_g1:	.long 0x20000
.Lug19_g1:	.long 0x80000
.Lut1_mask:	.long 0x3ff
.Lut0_mask:	.long 0x1fff
.Lut0_c:	.long 0x1000
.Lue2_mask:	.long 7
.Lue2_c:	.long 2
.Lue2_max:	.long 4
.Lue4_mask:	.long 15
.Lue4_c:	.long 4
.Lue4_max:	.long 8
.Lhp_64:	.long 0x40404040
.Lw16_mul8:	.long 0x40014001	/* bytes 1, 64 */
.Lw16_mul16:	.long 0x10000001	/* words 1, 4096 */
/* w1Encode: output byte B is byte B mod 3 of group g = floor (B / 3),
 * in dword 4 (g mod 4) + floor (g / 4) after the packs.  */
.align 64
.Lw16_idx:
	.set .Lw16_b, 0
	.rept 64
	.set .Lw16_g, (.Lw16_b / 3) & 15
	.byte 16 * (.Lw16_g & 3) + 4 * (.Lw16_g / 4) + .Lw16_b % 3
	.set .Lw16_b, .Lw16_b + 1
	.endr
PACK_INDICES 18, PACK_FIRST, .Lpz17_first
PACK_INDICES 18, PACK_SECOND, .Lpz17_second
PACK_INDICES 20, PACK_FIRST, .Lpz19_first
PACK_INDICES 20, PACK_SECOND, .Lpz19_second
.align 64
.Lhp_idx:
	.byte 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.byte 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	.byte 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47
	.byte 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63

/* Clear the registers that held data and return.  */
.macro CLEAR_RETURN
	kxorq		%k1, %k1, %k1
	vzeroall
	ret_spec_stop
.endm

/* NAME (s32 a[256], const byte *b): a = G1 - the fields of width W
 * (2 W bytes per 16 fields), G1 and MASK = 2^W - 1 at the labels.
 * With MAX (the eta decoders, u32 result): returns nonzero if a field
 * exceeds the value at MAX (2 ETA); zmm10 holds the running unsigned
 * maximum of the fields.  */
.macro UNPACK_FN name, w, idx, shift, mask, g1, max
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
.ifnb \max
	vpxord		%zmm10, %zmm10, %zmm10
.endif
	movabsq		$((1 << (2 * \w)) - 1), %rax
	kmovq		%rax, %k1
	xorl		%eax, %eax
	movl		$16, %ecx
1:
	vmovdqu8	(%rsi), %zmm0{%k1}{z}
	vpermb		%zmm0, %zmm12, %zmm1
	vpsrlvd		%zmm14, %zmm1, %zmm1
	vpandd		%zmm15, %zmm1, %zmm1
.ifnb \max
	vpmaxud		%zmm1, %zmm10, %zmm10
.endif
	vpsubd		%zmm1, %zmm11, %zmm1
	vmovdqu32	%zmm1, (%rdi,%rax)
	addq		$(2 * \w), %rsi
	addq		$64, %rax
	subl		$1, %ecx
	jnz		1b
.ifnb \max
	vpbroadcastd	\max rRIP, %zmm11
	vpcmpud		$6, %zmm11, %zmm10, %k2		/* max > 2 ETA */
	kmovw		%k2, %eax
	kxorw		%k2, %k2, %k2
.endif
	CLEAR_RETURN
	CFI_ENDPROC()
ELF(.size \name,.-\name;)
.endm

UNPACK_FN _gcry_mldsa_unpack_gamma1_17_vbmi2, 18, .Lug17_idx, \
	.Lug17_shift, .Lug17_mask, .Lug17_g1
UNPACK_FN _gcry_mldsa_unpack_gamma1_19_vbmi2, 20, .Lug19_idx, \
	.Lug19_shift, .Lug19_mask, .Lug19_g1
UNPACK_FN _gcry_mldsa_unpack_t0_vbmi2, 13, .Lut0_idx, \
	.Lut0_shift, .Lut0_mask, .Lut0_c
UNPACK_FN _gcry_mldsa_unpack_eta2_vbmi2, 3, .Lue2_idx, .Lue2_shift, \
	.Lue2_mask, .Lue2_c, .Lue2_max
UNPACK_FN _gcry_mldsa_unpack_eta4_vbmi2, 4, .Lue4_idx, .Lue4_shift, \
	.Lue4_mask, .Lue4_c, .Lue4_max

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
	CLEAR_RETURN
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_unpack_t1_vbmi2,.-_gcry_mldsa_unpack_t1_vbmi2;)

/* void NAME (byte *r, const s32 a[256]): the fields G1 - a of width
 * W (2 W bytes per 16 fields), the byte selections FIRST and SECOND
 * and the offsets SHIFT at the labels.  */
.macro PACK_Z_FN name, w, first, second, shift, g1
.text
.globl \name
ELF(.type \name,@function;)
.align 32
\name:
	CFI_STARTPROC()
	vmovdqa64	\first rRIP, %zmm12
	vmovdqa64	\second rRIP, %zmm13
	vmovdqa64	\shift rRIP, %zmm14
	vpbroadcastd	\g1 rRIP, %zmm11
	movabsq		$((1 << (2 * \w)) - 1), %rax
	kmovq		%rax, %k1
	xorl		%eax, %eax
	movl		$16, %ecx
1:
	vpsubd		(%rsi,%rax), %zmm11, %zmm0
	vpsllvd		%zmm14, %zmm0, %zmm0
	vpermb		%zmm0, %zmm12, %zmm1
	vpermb		%zmm0, %zmm13, %zmm2
	vpord		%zmm2, %zmm1, %zmm1
	vmovdqu8	%zmm1, (%rdi){%k1}
	addq		$(2 * \w), %rdi
	addq		$64, %rax
	subl		$1, %ecx
	jnz		1b
	CLEAR_RETURN
	CFI_ENDPROC()
ELF(.size \name,.-\name;)
.endm

PACK_Z_FN _gcry_mldsa_pack_z_17_vbmi2, 18, .Lpz17_first, .Lpz17_second, \
	.Lug17_shift, .Lug17_g1
PACK_Z_FN _gcry_mldsa_pack_z_19_vbmi2, 20, .Lpz19_first, .Lpz19_second, \
	.Lug19_shift, .Lug19_g1

/* void _gcry_mldsa_pack_w1_6_vbmi2 (byte r[192], const s32 a[256])
 * Four steps of 64 coefficients, 48 bytes each.  */
.text
.globl _gcry_mldsa_pack_w1_6_vbmi2
ELF(.type _gcry_mldsa_pack_w1_6_vbmi2,@function;)
.align 32
_gcry_mldsa_pack_w1_6_vbmi2:
	CFI_STARTPROC()
	vpbroadcastd	.Lw16_mul8 rRIP, %zmm12
	vpbroadcastd	.Lw16_mul16 rRIP, %zmm13
	vmovdqa64	.Lw16_idx rRIP, %zmm14
	movabsq		$0xffffffffffff, %rax		/* 48 bytes */
	kmovq		%rax, %k1
	movl		$4, %ecx
1:
	vmovdqu32	(%rsi), %zmm0
	vmovdqu32	128(%rsi), %zmm1
	vpackusdw	64(%rsi), %zmm0, %zmm0
	vpackusdw	192(%rsi), %zmm1, %zmm1
	vpackuswb	%zmm1, %zmm0, %zmm0
	vpmaddubsw	%zmm12, %zmm0, %zmm0
	vpmaddwd	%zmm13, %zmm0, %zmm0
	vpermb		%zmm0, %zmm14, %zmm0
	vmovdqu8	%zmm0, (%rdi){%k1}
	addq		$256, %rsi
	addq		$48, %rdi
	subl		$1, %ecx
	jnz		1b
	CLEAR_RETURN
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_pack_w1_6_vbmi2,.-_gcry_mldsa_pack_w1_6_vbmi2;)

/* unsigned int _gcry_mldsa_hint_pack_vbmi2 (byte *y, const s32 h[256])
 * The indices of the nonzero coefficients of H, in increasing order,
 * to Y[0 .. n-1], nothing else written; returns n.  */
.text
.globl _gcry_mldsa_hint_pack_vbmi2
ELF(.type _gcry_mldsa_hint_pack_vbmi2,@function;)
.align 32
_gcry_mldsa_hint_pack_vbmi2:
	CFI_STARTPROC()
	vmovdqa64	.Lhp_idx rRIP, %zmm0
	vpternlogd	$0xff, %zmm1, %zmm1, %zmm1
	vpbroadcastd	.Lhp_64 rRIP, %zmm2
	xorl		%eax, %eax
	movl		$4, %ecx
1:
	vptestmd	(%rsi), %zmm1, %k1
	vptestmd	64(%rsi), %zmm1, %k2
	vptestmd	128(%rsi), %zmm1, %k3
	vptestmd	192(%rsi), %zmm1, %k4
	kunpckwd	%k1, %k2, %k1		/* k2:k1 */
	kunpckwd	%k3, %k4, %k3		/* k4:k3 */
	kunpckdq	%k1, %k3, %k1		/* k4:k3:k2:k1 */
	vpcompressb	%zmm0, %zmm3{%k1}{z}
	vpcompressb	%zmm1, %zmm4{%k1}{z}
	vpmovb2m	%zmm4, %k2
	kmovq		%k1, %rdx
	popcntq		%rdx, %rdx
	vmovdqu8	%zmm3, (%rdi,%rax){%k2}
	addq		%rdx, %rax
	vpaddb		%zmm2, %zmm0, %zmm0
	addq		$256, %rsi
	subl		$1, %ecx
	jnz		1b
	kxorq		%k2, %k2, %k2
	kxorq		%k3, %k3, %k3
	kxorq		%k4, %k4, %k4
	CLEAR_RETURN
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_hint_pack_vbmi2,.-_gcry_mldsa_hint_pack_vbmi2;)

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
