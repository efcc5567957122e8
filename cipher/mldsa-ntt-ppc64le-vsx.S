/* mldsa-ntt-ppc64le-vsx.S - ML-DSA NTT-class kernels, PowerPC VSX
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

/* Algorithm: the NTT of FIPS 204 Algorithm 41, the inverse NTT of
 * Algorithm 42 times 2^32, the pointwise products (Algorithm 45 with
 * a Montgomery factor 2^-32, summed over N pairs), REDUCE and CADDQ
 * (contract: cipher/mldsa-ops.h).
 *
 * The transforms compute exactly what the portable ntt_generic and
 * invntt_tomont_generic of cipher/mldsa-poly-generic.c compute (the
 * same Shoup products on unsigned values with the same biases, so the
 * outputs are bit-identical and the bound analysis there applies):
 *   forward: t = shoup (y, z);  y = x - t + 2q;  x = x + t
 *   inverse: x' = x + y;  y' = shoup (y - x + B, z)
 *   shoup (a, z) = a z - floor (a zs / 2^32) q  mod 2^32, in [0, 2q),
 *   zs = floor (z 2^32 / q).
 * The high word of a zs costs vmuleuw + vmulouw + vperm on POWER8 and
 * one vmulhuw on POWER10, so a butterfly is 9 or 7 instructions.  The
 * forward transform folds the final "- 9q" into the left inputs of
 * layer 8; the inverse one ends with min (a, a - q) (unsigned) instead
 * of a conditional subtraction.
 *
 * The products use signed 32x32->64 products (vmulesw, vmulosw) and
 * sum them in 64-bit lanes: S = sum a b with |S| < 81 q^2 < 2^31 q,
 * t = S q^-1 mod 2^32 (signed), r = (S - t q) / 2^32, |r| < q.  The
 * low words of S and t q agree, so r is the high word of the 64-bit
 * difference.  The results are the residues of the portable kernels
 * within the same bounds, not always the same representatives (the
 * contract allows that).  POWER10 has a separate single product with
 * vmulhsw: r = hi (a b) - hi (t q), t = lo (a b) q^-1.
 *
 * Layout: standard coefficient order in memory.  All loads and stores
 * are lxvw4x/stxvw4x, so word element i of a register is word i of
 * memory on little-endian as well (the big-endian element numbering
 * of the ISA), and vmrg[hlo]w, vmrg[eo]w, xxpermdi and the vperm masks
 * are written in that order.  The table (cipher/mldsa-tables-ppc.h,
 * generated; layout in cipher/gen-mldsa-ppc-tables.c) holds the
 * constants, splat twiddles and the per-lane twiddle vectors in the
 * order the kernels read them.
 *
 * Schedule of the forward NTT (256 coefficients = 64 vectors):
 *   pass 1: for each column c = 0..7 (vectors at 4c + 32k, k = 0..7),
 *           the +q of the input, layers 128, 64 and 32 (twiddles in
 *           v14-v27 for the whole pass);
 *   pass 2: for each block of 32 coefficients (8 vectors), layers 16,
 *           8 and 4 between registers, then for each pair of vectors
 *           (A, B): xxpermdi to (a0 a1 b0 b1), (a2 a3 b2 b3), layer 2,
 *           vmrgew/vmrgow to (a0 a2 b0 b2), (a1 a3 b1 b3), layer 1,
 *           vmrghw/vmrglw back to standard order.
 * The inverse NTT runs the same steps backwards: pass 1 per block
 * (+q, the pair shuffles with layers 1 and 2, layers 4, 8, 16), pass 2
 * per column (layers 32, 64 and the merged 128 + scaling).
 *
 * Register plan of the transforms:
 *   v0-v7     the eight data vectors
 *   v8, v9    temporaries of the Shoup product and the butterflies
 *   v10       q;  v12 the vperm mask HI (high words of vmul[eo]uw)
 *   v11, v13  2q, 9q (forward); bounds 2q, 4q / 64q, 128q (inverse)
 *   v14-v27   twiddle pairs (z, zs); inverse pass 1: v14-v21, and
 *             v27, v30, v31 the bounds 32q, 8q, 16q; inverse pass 2:
 *             v14-v25, then FP, GP pairs in v26-v29 and 256q in v30
 *   v28, v29  shuffled copies (forward), moving temporary (inverse)
 *   r3 coefficients, r4 table cursor, r5 data cursor,
 *   r6-r12 load offsets, ctr loop counter
 * v20-v31 are saved in the red zone (ELFv2: 288 bytes below r1) and
 * restored; the other vector registers that held data are cleared on
 * exit.  The kernels are leaf functions without a stack frame.
 *
 * Constant time: no data-dependent branches or addresses (the loop of
 * the product sum depends on N only, which is public).
 *
 * Requires: POWER8 (ISA 2.07, HWF_PPC_ARCH_2_07) for the *_p8
 * functions; the *_p10 ones use vmulhuw/vmulhsw of ISA 3.1
 * (HWF_PPC_ARCH_3_10) and are assembled under ".machine power10".
 * ELFv2 little-endian (ppc64le).
 *
 * C prototypes (cipher/mldsa-ntt-ppc.c), TABLE = mldsa_ppc_table:
 *   void _gcry_mldsa_ntt_ppc_p8 (s32 a[256], const u32 *table);
 *   void _gcry_mldsa_invntt_ppc_p8 (s32 a[256], const u32 *table);
 *   void _gcry_mldsa_pointwise_acc_ppc_p8 (s32 r[256], const s32 *a,
 *                                          const s32 *b, unsigned int n,
 *                                          const u32 *table);
 *   void _gcry_mldsa_reduce_ppc_p8 (s32 a[256], const u32 *table);
 *   void _gcry_mldsa_caddq_ppc_p8 (s32 a[256], const u32 *table);
 *   void _gcry_mldsa_ntt_ppc_p10 (s32 a[256], const u32 *table);
 *   void _gcry_mldsa_invntt_ppc_p10 (s32 a[256], const u32 *table);
 *   void _gcry_mldsa_pointwise_ppc_p10 (s32 r[256], const s32 *a,
 *                                       const s32 *b, const u32 *table);
 * A and B of the product sum are N consecutive polynomials (1 <= N).  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#if defined(__powerpc64__) && defined(__LITTLE_ENDIAN__) \
    && defined(_CALL_ELF) && _CALL_ELF == 2 \
    && defined(ENABLE_PPC_CRYPTO_SUPPORT) && defined(USE_MLDSA)

	.abiversion 2
	.machine power8
	.text

/* Byte offsets of the table's parts (vector V at 16 V).  */
#define T_Q      0
#define T_2Q     16
#define T_4Q     32
#define T_8Q     48
#define T_16Q    64
#define T_32Q    80
#define T_64Q    96
#define T_128Q   112
#define T_256Q   128
#define T_9Q     144
#define T_QINV   160
#define T_HALF   176
#define T_HI     192
#define T_LO     208
#define T_FP     224
#define T_GP     256
#define T_FWD1   288
#define T_FWD2   512
#define T_INV1   4608
#define T_INV2   8704

/* Vector loads and stores in memory word order.  */
.macro LDV v, ra, rb
	lxvw4x 32+\v, \ra, \rb
.endm
.macro STV v, ra, rb
	stxvw4x 32+\v, \ra, \rb
.endm

/* OP (lxvw4x or stxvw4x) the eight vectors at R + 0, R + r6, ...,
   R + r12.  */
.macro X8 op, r, v0, v1, v2, v3, v4, v5, v6, v7
	\op 32+\v0, 0, \r
	\op 32+\v1, \r, 6
	\op 32+\v2, \r, 7
	\op 32+\v3, \r, 8
	\op 32+\v4, \r, 9
	\op 32+\v5, \r, 10
	\op 32+\v6, \r, 11
	\op 32+\v7, \r, 12
.endm
.macro LD8 r, v0, v1, v2, v3, v4, v5, v6, v7
	X8 lxvw4x, \r, \v0, \v1, \v2, \v3, \v4, \v5, \v6, \v7
.endm
.macro ST8 r, v0, v1, v2, v3, v4, v5, v6, v7
	X8 stxvw4x, \r, \v0, \v1, \v2, \v3, \v4, \v5, \v6, \v7
.endm

/* v0-v7 = the eight vectors at r5 (offsets r6-r12) plus q (v10): the
   transforms' inputs moved to (0, 2q).  */
.macro LD8Q
	LD8 5, 0, 1, 2, 3, 4, 5, 6, 7
	.irp v, 0, 1, 2, 3, 4, 5, 6, 7
	vadduwm \v, \v, 10
	.endr
.endm

/* r6-r12 = STEP, 2 STEP, ..., 7 STEP.  */
.macro OFFSETS step
	li 6, \step
	li 7, 2*\step
	li 8, 3*\step
	li 9, 4*\step
	li 10, 5*\step
	li 11, 6*\step
	li 12, 7*\step
.endm

/* Save (OP = stvx) or restore (OP = lvx) v20 .. v20+N-1 (N <= 12)
   below r1; uses r5 and the offsets r6-r12 = 16..112.  */
.macro VREGS op, n
	addi 5, 1, -16*\n
	\op 20, 0, 5
	.if \n > 1
	\op 21, 5, 6
	.endif
	.if \n > 2
	\op 22, 5, 7
	.endif
	.if \n > 3
	\op 23, 5, 8
	.endif
	.if \n > 4
	\op 24, 5, 9
	.endif
	.if \n > 5
	\op 25, 5, 10
	.endif
	.if \n > 6
	\op 26, 5, 11
	.endif
	.if \n > 7
	\op 27, 5, 12
	.endif
	.if \n > 8
	addi 5, 5, 128
	\op 28, 0, 5
	.endif
	.if \n > 9
	\op 29, 5, 6
	.endif
	.if \n > 10
	\op 30, 5, 7
	.endif
	.if \n > 11
	\op 31, 5, 8
	.endif
.endm

/* Clear v0-v9 and v14-v19 (the volatile registers that held data).  */
.macro CLEARV
	vxor 0, 0, 0
	vxor 1, 1, 1
	vxor 2, 2, 2
	vxor 3, 3, 3
	vxor 4, 4, 4
	vxor 5, 5, 5
	vxor 6, 6, 6
	vxor 7, 7, 7
	vxor 8, 8, 8
	vxor 9, 9, 9
	vxor 14, 14, 14
	vxor 15, 15, 15
	vxor 16, 16, 16
	vxor 17, 17, 17
	vxor 18, 18, 18
	vxor 19, 19, 19
.endm

/* DST = shoup (A, Z) with companion ZS; v10 = q, v12 = HI; clobbers
   v8, v9.  DST may be A or v8.  P10 selects vmulhuw.  */
.macro MULSHOUP dst, a, z, zs
	.if P10
	vmulhuw 8, \a, \zs
	.else
	vmuleuw 8, \a, \zs
	vmulouw 9, \a, \zs
	vperm 8, 8, 9, 12
	.endif
	vmuluwm 9, \a, \z
	vmuluwm 8, 8, 10
	vsubuwm \dst, 9, 8
.endm

/* Forward butterfly; v11 = 2q.  */
.macro CT x, y, z, zs
	MULSHOUP 8, \y, \z, \zs
	vsubuwm \y, \x, 8
	vadduwm \y, \y, 11
	vadduwm \x, \x, 8
.endm

/* Inverse butterfly with the bound vector BND.  */
.macro GS x, y, z, zs, bnd
	vsubuwm 9, \y, \x
	vadduwm \x, \x, \y
	vadduwm \y, 9, \bnd
	MULSHOUP \y, \y, \z, \zs
.endm

/* Forward layers 2 and 1 on the vectors A, B (8 consecutive
   coefficients), then the stores to SA1(SA2) and SB1(SB2).  The left
   inputs of layer 1 get -9q (v13): both outputs inherit it.  */
.macro FWD21 a, b, z2, zs2, z1, zs1, sa1, sa2, sb1, sb2
	xxpermdi 32+28, 32+\a, 32+\b, 0
	xxpermdi 32+29, 32+\a, 32+\b, 3
	CT 28, 29, \z2, \zs2
	vmrgew \a, 28, 29
	vmrgow \b, 28, 29
	vsubuwm \a, \a, 13
	CT \a, \b, \z1, \zs1
	vmrghw 28, \a, \b
	vmrglw \b, \a, \b
	STV 28, \sa1, \sa2
	STV \b, \sb1, \sb2
.endm

/* Inverse layers 1 and 2 on A, B; T is a free register.  The results
   (standard order) end up in T and B, and A is free.  Bounds 2q (v11)
   and 4q (v13); v29 is a temporary.  */
.macro INV12 a, b, t, z1, zs1, z2, zs2
	vmrgew \t, \a, \b
	vmrgow 29, \a, \b
	GS \t, 29, \z1, \zs1, 11
	vmrghw \a, \t, 29
	vmrglw \b, \t, 29
	GS \a, \b, \z2, \zs2, 13
	xxpermdi 32+\t, 32+\a, 32+\b, 0
	xxpermdi 32+\b, 32+\a, 32+\b, 3
.endm

/* Inverse layer 8 merged with the scaling on U, V: U = shoup (u + v,
   FP), V = shoup (v - u + 256q, GP), each min (x, x - q).  v26/v27 =
   FP, v28/v29 = GP, v30 = 256q.  */
.macro INVLAST u, v
	vsubuwm 9, \v, \u
	vadduwm \u, \u, \v
	vadduwm \v, 9, 30
	MULSHOUP \u, \u, 26, 27
	MULSHOUP \v, \v, 28, 29
	vsubuwm 9, \u, 10
	vminuw \u, \u, 9
	vsubuwm 9, \v, 10
	vminuw \v, \v, 9
.endm

/* Function entry/exit boilerplate.  */
.macro FUNC name
	.globl \name
	.hidden \name
	.type \name,@function
	.align 5
\name:
.endm
.macro ENDFUNC name
	.size \name,.-\name
.endm


/* void ntt (s32 a[256], const u32 *table) */
.macro NTT_BODY
	OFFSETS 16
	VREGS stvx, 10
	LDV 10, 0, 4
	LDV 11, 4, 6
	addi 5, 4, T_9Q
	LDV 13, 0, 5
	addi 5, 4, T_HI
	LDV 12, 0, 5
	addi 5, 4, T_FWD1
	LD8 5, 14, 15, 16, 17, 18, 19, 20, 21
	addi 5, 5, 128
	LDV 22, 0, 5
	LDV 23, 5, 6
	LDV 24, 5, 7
	LDV 25, 5, 8
	LDV 26, 5, 9
	LDV 27, 5, 10

	/* Pass 1: columns.  */
	OFFSETS 128
	mr 5, 3
	li 0, 8
	mtctr 0
1:
	LD8Q
	CT 0, 4, 14, 15
	CT 1, 5, 14, 15
	CT 2, 6, 14, 15
	CT 3, 7, 14, 15
	CT 0, 2, 16, 17
	CT 1, 3, 16, 17
	CT 4, 6, 18, 19
	CT 5, 7, 18, 19
	CT 0, 1, 20, 21
	CT 2, 3, 22, 23
	CT 4, 5, 24, 25
	CT 6, 7, 26, 27
	ST8 5, 0, 1, 2, 3, 4, 5, 6, 7
	addi 5, 5, 16
	bdnz 1b

	/* Pass 2: blocks of 32 coefficients.  */
	OFFSETS 16
	mr 5, 3
	addi 4, 4, T_FWD2
	li 0, 8
	mtctr 0
2:
	LD8 5, 0, 1, 2, 3, 4, 5, 6, 7
	LD8 4, 14, 15, 16, 17, 18, 19, 20, 21
	CT 0, 4, 14, 15
	CT 1, 5, 14, 15
	CT 2, 6, 14, 15
	CT 3, 7, 14, 15
	CT 0, 2, 16, 17
	CT 1, 3, 16, 17
	CT 4, 6, 18, 19
	CT 5, 7, 18, 19
	CT 0, 1, 20, 21
	addi 4, 4, 128
	LDV 22, 0, 4
	LDV 23, 4, 6
	LDV 24, 4, 7
	LDV 25, 4, 8
	LDV 26, 4, 9
	LDV 27, 4, 10
	CT 2, 3, 22, 23
	CT 4, 5, 24, 25
	CT 6, 7, 26, 27
	addi 4, 4, 128
	LD8 4, 14, 15, 16, 17, 18, 19, 20, 21
	FWD21 0, 1, 14, 15, 16, 17, 0, 5, 5, 6
	FWD21 2, 3, 18, 19, 20, 21, 5, 7, 5, 8
	addi 4, 4, 128
	LD8 4, 14, 15, 16, 17, 18, 19, 20, 21
	FWD21 4, 5, 14, 15, 16, 17, 5, 9, 5, 10
	FWD21 6, 7, 18, 19, 20, 21, 5, 11, 5, 12
	addi 4, 4, 128
	addi 5, 5, 128
	bdnz 2b

	VREGS lvx, 10
	CLEARV
	blr
.endm


/* void invntt_tomont (s32 a[256], const u32 *table) */
.macro INVNTT_BODY
	OFFSETS 16
	VREGS stvx, 12
	LDV 10, 0, 4
	LDV 11, 4, 6
	LDV 13, 4, 7
	LDV 30, 4, 8
	LDV 31, 4, 9
	LDV 27, 4, 10
	addi 5, 4, T_HI
	LDV 12, 0, 5

	/* Pass 1: blocks of 32 coefficients.  */
	mr 5, 3
	addi 4, 4, T_INV1
	li 0, 8
	mtctr 0
1:
	LD8Q
	LD8 4, 14, 15, 16, 17, 18, 19, 20, 21
	INV12 0, 1, 28, 14, 15, 16, 17
	INV12 2, 3, 0, 18, 19, 20, 21
	addi 4, 4, 128
	LD8 4, 14, 15, 16, 17, 18, 19, 20, 21
	INV12 4, 5, 2, 14, 15, 16, 17
	INV12 6, 7, 4, 18, 19, 20, 21
	/* Vector k is now in: 28, 1, 0, 3, 2, 5, 4, 7.  */
	addi 4, 4, 128
	LD8 4, 14, 15, 16, 17, 18, 19, 20, 21
	GS 28, 1, 14, 15, 30
	GS 0, 3, 16, 17, 30
	GS 2, 5, 18, 19, 30
	GS 4, 7, 20, 21, 30
	addi 4, 4, 128
	LD8 4, 14, 15, 16, 17, 18, 19, 20, 21
	GS 28, 0, 14, 15, 31
	GS 1, 3, 14, 15, 31
	GS 2, 4, 16, 17, 31
	GS 5, 7, 16, 17, 31
	GS 28, 2, 18, 19, 27
	GS 1, 5, 18, 19, 27
	GS 0, 4, 18, 19, 27
	GS 3, 7, 18, 19, 27
	ST8 5, 28, 1, 0, 3, 2, 5, 4, 7
	addi 4, 4, 128
	addi 5, 5, 128
	bdnz 1b

	/* Pass 2: columns; the table cursor is at T_INV2.  */
	LD8 4, 14, 15, 16, 17, 18, 19, 20, 21
	addi 5, 4, 128
	LDV 22, 0, 5
	LDV 23, 5, 6
	LDV 24, 5, 7
	LDV 25, 5, 8
	addi 4, 4, -T_INV2
	addi 5, 4, T_64Q
	LDV 11, 0, 5
	LDV 13, 5, 6
	LDV 30, 5, 7
	addi 5, 4, T_FP
	LDV 26, 0, 5
	LDV 27, 5, 6
	LDV 28, 5, 7
	LDV 29, 5, 8
	OFFSETS 128
	mr 5, 3
	li 0, 8
	mtctr 0
2:
	LD8 5, 0, 1, 2, 3, 4, 5, 6, 7
	GS 0, 1, 14, 15, 11
	GS 2, 3, 16, 17, 11
	GS 4, 5, 18, 19, 11
	GS 6, 7, 20, 21, 11
	GS 0, 2, 22, 23, 13
	GS 1, 3, 22, 23, 13
	GS 4, 6, 24, 25, 13
	GS 5, 7, 24, 25, 13
	INVLAST 0, 4
	INVLAST 1, 5
	INVLAST 2, 6
	INVLAST 3, 7
	ST8 5, 0, 1, 2, 3, 4, 5, 6, 7
	addi 5, 5, 16
	bdnz 2b

	OFFSETS 16
	VREGS lvx, 12
	CLEARV
	blr
.endm


	.set P10, 0
FUNC _gcry_mldsa_ntt_ppc_p8
	NTT_BODY
ENDFUNC _gcry_mldsa_ntt_ppc_p8

FUNC _gcry_mldsa_invntt_ppc_p8
	INVNTT_BODY
ENDFUNC _gcry_mldsa_invntt_ppc_p8


/* void pointwise_acc (s32 r[256], const s32 *a, const s32 *b,
                       unsigned int n, const u32 *table)
   Per block of 8 vectors: the 64-bit sums of the even lanes in v0-v7,
   of the odd lanes in v8-v15; v16-v19 temporaries; v20 q, v21 q^-1,
   v22 HI, v23 LO.  r0, r8-r12, r7 = the offsets 16..112 (r7 after the
   constants are loaded); r14/r15 the cursors of the inner loop over
   the pairs 1..n-1, r16 the block counter, cr1 "n = 1".  */

/* One pair of vectors at offset OFF: the products into the sums (ACC
   = 1) or as their start (ACC = 0).  */
.macro PW_ONE pa, pb, ra, off, e, o, acc
	.if \ra
	LDV 16, \pa, \off
	LDV 17, \pb, \off
	.else
	LDV 16, 0, \pa
	LDV 17, 0, \pb
	.endif
	.if \acc
	vmulesw 18, 16, 17
	vmulosw 19, 16, 17
	vaddudm \e, \e, 18
	vaddudm \o, \o, 19
	.else
	vmulesw \e, 16, 17
	vmulosw \o, 16, 17
	.endif
.endm
.macro PW_ALL pa, pb, acc
	PW_ONE \pa, \pb, 0, 0, 0, 8, \acc
	PW_ONE \pa, \pb, 1, 0, 1, 9, \acc
	PW_ONE \pa, \pb, 1, 8, 2, 10, \acc
	PW_ONE \pa, \pb, 1, 9, 3, 11, \acc
	PW_ONE \pa, \pb, 1, 10, 4, 12, \acc
	PW_ONE \pa, \pb, 1, 11, 5, 13, \acc
	PW_ONE \pa, \pb, 1, 12, 6, 14, \acc
	PW_ONE \pa, \pb, 1, 7, 7, 15, \acc
.endm
/* Montgomery reduction of the sums E, O and the store to r3 + OFF.  */
.macro PW_RED e, o, ra, off
	vperm 16, \e, \o, 23
	vmuluwm 16, 16, 21
	vmulesw 17, 16, 20
	vmulosw 16, 16, 20
	vsubudm \e, \e, 17
	vsubudm \o, \o, 16
	vperm \e, \e, \o, 22
	.if \ra
	STV \e, 3, \off
	.else
	STV \e, 0, 3
	.endif
.endm

FUNC _gcry_mldsa_pointwise_acc_ppc_p8
	addi 9, 1, -64
	li 10, 16
	li 11, 32
	li 12, 48
	stvx 20, 0, 9
	stvx 21, 9, 10
	stvx 22, 9, 11
	stvx 23, 9, 12
	std 14, -72(1)
	std 15, -80(1)
	std 16, -88(1)
	LDV 20, 0, 7
	addi 9, 7, T_QINV
	LDV 21, 0, 9
	addi 9, 7, T_HI
	LDV 22, 0, 9
	LDV 23, 9, 10
	li 0, 16
	li 8, 32
	li 9, 48
	li 10, 64
	li 11, 80
	li 12, 96
	li 7, 112
	addi 6, 6, -1
	cmpdi 1, 6, 0
	li 16, 8
1:
	PW_ALL 4, 5, 0
	beq 1, 3f
	mtctr 6
	addi 14, 4, 1024
	addi 15, 5, 1024
2:
	PW_ALL 14, 15, 1
	addi 14, 14, 1024
	addi 15, 15, 1024
	bdnz 2b
3:
	PW_RED 0, 8, 0, 0
	PW_RED 1, 9, 1, 0
	PW_RED 2, 10, 1, 8
	PW_RED 3, 11, 1, 9
	PW_RED 4, 12, 1, 10
	PW_RED 5, 13, 1, 11
	PW_RED 6, 14, 1, 12
	PW_RED 7, 15, 1, 7
	addi 3, 3, 128
	addi 4, 4, 128
	addi 5, 5, 128
	addic. 16, 16, -1
	bne 0, 1b

	ld 14, -72(1)
	ld 15, -80(1)
	ld 16, -88(1)
	addi 9, 1, -64
	li 10, 16
	li 11, 32
	li 12, 48
	lvx 20, 0, 9
	lvx 21, 9, 10
	lvx 22, 9, 11
	lvx 23, 9, 12
	CLEARV
	vxor 10, 10, 10
	vxor 11, 11, 11
	vxor 12, 12, 12
	vxor 13, 13, 13
	blr
ENDFUNC _gcry_mldsa_pointwise_acc_ppc_p8


/* void reduce (s32 a[256], const u32 *table): a - ((a + 2^22) >> 23) q.
   v0-v7 data, v14-v19/v8/v9 temporaries, v10 q, v11 2^22, v12 23.  */
.macro RED1 x, t
	vadduwm \t, \x, 11
	vsraw \t, \t, 12
	vmuluwm \t, \t, 10
	vsubuwm \x, \x, \t
.endm

FUNC _gcry_mldsa_reduce_ppc_p8
	OFFSETS 16
	LDV 10, 0, 4
	addi 5, 4, T_HALF
	LDV 11, 0, 5
	vspltisw 12, -9
	li 0, 8
	mtctr 0
1:
	LD8 3, 0, 1, 2, 3, 4, 5, 6, 7
	RED1 0, 14
	RED1 1, 15
	RED1 2, 16
	RED1 3, 17
	RED1 4, 18
	RED1 5, 19
	RED1 6, 8
	RED1 7, 9
	ST8 3, 0, 1, 2, 3, 4, 5, 6, 7
	addi 3, 3, 128
	bdnz 1b
	CLEARV
	blr
ENDFUNC _gcry_mldsa_reduce_ppc_p8

/* void caddq (s32 a[256], const u32 *table): a + (q & (a >> 31)).
   v10 q, v12 31.  */
.macro CADD1 x, t
	vsraw \t, \x, 12
	vand \t, \t, 10
	vadduwm \x, \x, \t
.endm

FUNC _gcry_mldsa_caddq_ppc_p8
	OFFSETS 16
	LDV 10, 0, 4
	vspltisw 12, -1
	li 0, 8
	mtctr 0
1:
	LD8 3, 0, 1, 2, 3, 4, 5, 6, 7
	CADD1 0, 14
	CADD1 1, 15
	CADD1 2, 16
	CADD1 3, 17
	CADD1 4, 18
	CADD1 5, 19
	CADD1 6, 8
	CADD1 7, 9
	ST8 3, 0, 1, 2, 3, 4, 5, 6, 7
	addi 3, 3, 128
	bdnz 1b
	CLEARV
	blr
ENDFUNC _gcry_mldsa_caddq_ppc_p8


#ifdef HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10
	.machine power10
	.set P10, 1
FUNC _gcry_mldsa_ntt_ppc_p10
	NTT_BODY
ENDFUNC _gcry_mldsa_ntt_ppc_p10

FUNC _gcry_mldsa_invntt_ppc_p10
	INVNTT_BODY
ENDFUNC _gcry_mldsa_invntt_ppc_p10

/* void pointwise (s32 r[256], const s32 *a, const s32 *b,
                   const u32 *table): r = hi (a b) - hi (t q) with
   t = lo (a b) q^-1 mod 2^32 (vmulhsw).  v0-v7 a, v14-v19/v8/v9 b
   and the temporaries, v10 q, v11 q^-1.  */
.macro PWP10 x, y
	vmuluwm 13, \x, \y
	vmulhsw \x, \x, \y
	vmuluwm 13, 13, 11
	vmulhsw 13, 13, 10
	vsubuwm \x, \x, 13
.endm

FUNC _gcry_mldsa_pointwise_ppc_p10
	LDV 10, 0, 6
	addi 7, 6, T_QINV
	LDV 11, 0, 7
	OFFSETS 16
	li 0, 8
	mtctr 0
1:
	LD8 4, 0, 1, 2, 3, 4, 5, 6, 7
	LD8 5, 14, 15, 16, 17, 18, 19, 8, 9
	PWP10 0, 14
	PWP10 1, 15
	PWP10 2, 16
	PWP10 3, 17
	PWP10 4, 18
	PWP10 5, 19
	PWP10 6, 8
	PWP10 7, 9
	ST8 3, 0, 1, 2, 3, 4, 5, 6, 7
	addi 3, 3, 128
	addi 4, 4, 128
	addi 5, 5, 128
	bdnz 1b
	CLEARV
	vxor 13, 13, 13
	blr
ENDFUNC _gcry_mldsa_pointwise_ppc_p10
#endif /*HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10*/

#endif /*__powerpc64__ && __LITTLE_ENDIAN__ && ELFv2 && ...*/

	.section .note.GNU-stack,"",%progbits
