/* mlkem-ntt-ppc64le-vsx.S - ML-KEM NTT-class kernels, POWER8 VSX
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

/* Algorithm: FIPS 203 Algorithm 9 (NTT, Cooley-Tukey butterflies,
 * distance LEN = 128 down to 2), Algorithm 10 (NTT^-1,
 * Gentleman-Sande, LEN = 2 up to 128) times R = 2^16, Algorithm 11
 * (MultiplyNTTs) summed over K products with one Montgomery reduction,
 * its cache b_2i+1 gamma_i, and the coefficient-wise REDUCE and
 * TOMONT of mlkem-ops.h.  The results agree with the portable kernels
 * mod q and meet the bounds of mlkem-ops.h; they are not bit-identical
 * (the products are Barrett, not Montgomery, products).  NTT-domain
 * polynomials keep the standard order in memory.
 *
 * Barrett multiplication by a constant C with C' = round (C 2^15 / q)
 * (both from the table, see cipher/gen-mlkem-ppc-tables.c), per
 * int16_t lane x:
 *   t = vmhraddshs (x, C', 0) = round (x C' / 2^15)
 *   r = vmladduhm (t, -q, vmladduhm (x, C, 0)) = x C - t q mod 2^16
 * With e = |C 2^15 / q - C'| < 1/2 (never a tie: q is odd),
 * |x C / q - t| <= 1/2 + |x| e / 2^15, so |r| < q for every
 * |x| <= 2^15 and the 16-bit result is the exact integer.  The
 * reduction of a lane is the same with C = 1, C' = 10 (e = 0.157):
 * |r| <= q/2 + 0.157 |x| q / 2^15, below 0.66 q for any int16_t x.
 *
 * Bounds.  NTT: inputs |a| < q, each layer adds at most q, so all
 * values stay below 8q < 2^15; the final reduction gives < 0.63 q.
 * NTT^-1: sums double per layer; the sums of the LEN = 8 layer
 * (< 8q) are reduced, and before the LEN = 128 layer the two vectors
 * that reach 8q (coefficients 0-15 and 128-143 of each half, register
 * columns 0 and 1 below) are reduced again, so no lane passes 8q.  The
 * LEN = 128 layer multiplies both outputs by F = 2^16/128 (the sum by
 * F, the difference by zeta_1 F), so every output is a Barrett product
 * below q.  Base multiplication: the 32-bit sums of the portable
 * kernel, |sum| <= 4 * 2 * 4095 * 3328 < 2^15 q, with the same
 * Montgomery reduction (t = lo16 (sum) q^-1 by vmuluwm, sum - t q by
 * vmsumshm), so |r| < q.
 *
 * Lane order: loads and stores are lxvd2x/stxvd2x (POWER8 has no
 * little-endian halfword load); in the registers memory halfword j of
 * a vector sits in element 3 - j (j < 4) or 11 - j (j >= 4).
 * Lane-wise code does not care; the tables are written for this
 * order.  For the distances 4 and 2 the registers X, Y of 16
 * consecutive coefficients are paired as
 *   P = xxpermdi (X, Y, 0), Q = xxpermdi (X, Y, 3)   (distance 4)
 *   U = vmrgew (P, Q),      V = vmrgow (P, Q)        (distance 2,
 *                                                     V upper)
 * and both steps are their own inverse.  The base multiplication sees
 * each 32-bit word as one pair (a_2i+1 high, a_2i low); vmsumshm with
 * (c_i, b_2i) gives the even output, with the word rotated by 16,
 * (b_2i, b_2i+1), the odd one.
 *
 * Schedule: NTT pass 1 keeps 8 registers 64 coefficients apart
 * (LEN = 128, 64, 32) with the 7 twiddle pairs in registers, four
 * times; pass 2 takes 64 consecutive coefficients (LEN = 16 .. 2 and
 * the reduction), four times.  NTT^-1 runs the mirror image.  Each
 * pass reads and writes every coefficient once.
 *
 * Tiers: every function exists for POWER8 and as *_p10 for POWER10,
 * assembled from the same macros
 * with lxvp/stxvp (two vectors per instruction) and lxv/stxv
 * (displacements, no offset registers).  Those load in the lxv lane
 * order (memory halfword j in element 7 - j, the doublewords of the
 * lxvd2x order swapped); the pairing steps take the other
 * doublewords, so P, Q, U, V and the twiddles keep the POWER8
 * elements, and the tables mlkem_ppc10_* hold the same elements in
 * the lxv order.  lxvp puts the lower address into the odd register
 * of a pair, hence the register maps PC/PT (twiddle pairs) and D
 * (consecutive coefficient vectors).  The cache of the base
 * multiplication is laid out per tier (made and read by the same
 * tier only; mlkem_ppc10_mul_tab has its gammas in that layout).
 *
 * Registers: v0-v7 coefficients, v8-v9 pairing, v10-v11 product
 * temporaries, v16 -q, v17 zero, v19 the constant 10 (or a twiddle);
 * the rest twiddles.  Non-volatile v20-v27 are saved in the red zone
 * and restored; the volatile vector registers that held data are
 * cleared on exit.  GPRs: r3.. arguments, r6-r12 (and r0) offsets
 * (POWER8).
 *
 * Constant time: no data-dependent branches or addresses (basemul
 * branches on the public K only).
 *
 * Requires: POWER8 (ISA 2.07: lxvd2x, vmrgew, vmuluwm), little-endian
 * ELFv2 (HWF_PPC_ARCH_2_07); no ISA 3.x instruction outside the *_p10
 * functions (.machine power8).  The *_p10 functions: POWER10 (ISA
 * 3.1, HWF_PPC_ARCH_3_10), assembled when configure found
 * HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10.
 *
 * C prototypes (cipher/mlkem-ntt-ppc.c):
 *   void _gcry_mlkem_ntt_vsx (s16 r[256], const s16 a[256],
 *                             const s16 tab[127][8]);
 *   void _gcry_mlkem_invntt_vsx (s16 r[256], const s16 a[256],
 *                                const s16 tab[129][8]);
 *   void _gcry_mlkem_basemul_acc_vsx (s16 r[256], const s16 *a,
 *                                     const s16 *b, const s16 *bc,
 *                                     unsigned int k,
 *                                     const s16 tab[35][8],
 *                                     const byte perm[4][16]);
 *   void _gcry_mlkem_mulcache_vsx (s16 c[128], const s16 b[256],
 *                                  const s16 tab[35][8],
 *                                  const byte perm[4][16]);
 *   void _gcry_mlkem_reduce_vsx (s16 c[256], const s16 tab[4][8]);
 *   void _gcry_mlkem_tomont_vsx (s16 c[256], const s16 tab[4][8]);
 * and the *_vsx_p10 functions with the same arguments (tables
 * mlkem_ppc10_ntt_tab, mlkem_ppc10_invntt_tab, mlkem_ppc10_mul_tab).
 * A and B of basemul are K consecutive polynomials, BC K caches.
 * R and A must not overlap (NTT, NTT^-1).  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#if defined(__powerpc64__) && defined(__LITTLE_ENDIAN__) \
    && defined(_CALL_ELF) && _CALL_ELF == 2 \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(ENABLE_PPC_CRYPTO_SUPPORT) \
            && defined(HAVE_GCC_INLINE_ASM_PPC_VSX)))

	.abiversion 2
	.text

/* Vector registers with a fixed role.  */
#define T1 10
#define T2 11
#define NEGQ 16
#define ZERO 17
#define V10 19

/* The tier being assembled: P10 = 1 for the POWER10 functions (lxvp,
   lxv; the lxv lane order), 0 for POWER8.  lxvp puts the vector at
   the lower address into the odd register of the pair: SWT = 1 then
   swaps the (C, C') registers of a twiddle pair, SWD = 1 the
   registers of consecutive coefficient vectors.  */
#define PC(n) ((n)+SWT)
#define PT(n) ((n)+1-SWT)
#define D(j) ((j)^SWD)

#define FUNC(name) \
	.globl name; .type name,@function; .align 5; name:
#define ENDFUNC(name) .size name,.-name

/* POWER8: offsets 16 .. 112 or 64 .. 448 in r6 .. r12 (the POWER10
   code uses displacements).  */
.macro OFFS16
	.if !P10
	li 6,16; li 7,32; li 8,48; li 9,64; li 10,80; li 11,96; li 12,112
	.endif
.endm
.macro OFFS64
	.if !P10
	li 6,64; li 7,128; li 8,192; li 9,256; li 10,320; li 11,384; li 12,448
	.endif
.endm

/* Load / store the 8 vectors v0..v7 at BASE, STRIDE = 16 or 64 bytes
   apart (POWER8: the offsets set by OFFS16 / OFFS64).  POWER10 with
   STRIDE = 16: four lxvp / stxvp, so register j holds vector j ^ 1.  */
.macro VX8 ld, base, stride
	.if P10
	.if \stride == 16
	\ld\()p 32+0,0(\base);  \ld\()p 32+2,32(\base)
	\ld\()p 32+4,64(\base); \ld\()p 32+6,96(\base)
	.else
	\ld 32+0,0(\base);   \ld 32+1,64(\base)
	\ld 32+2,128(\base); \ld 32+3,192(\base)
	\ld 32+4,256(\base); \ld 32+5,320(\base)
	\ld 32+6,384(\base); \ld 32+7,448(\base)
	.endif
	.else
	\ld\()d2x 32+0,0,\base;  \ld\()d2x 32+1,6,\base
	\ld\()d2x 32+2,7,\base;  \ld\()d2x 32+3,8,\base
	\ld\()d2x 32+4,9,\base;  \ld\()d2x 32+5,10,\base
	\ld\()d2x 32+6,11,\base; \ld\()d2x 32+7,12,\base
	.endif
.endm
#define LD8(base, stride) VX8 lxv, base, stride
#define ST8(base, stride) VX8 stxv, base, stride

/* Table entries 4I .. 4I+3 at r5 into v12..v15 (I = 0, 1; two
   (C, C') pairs).  */
.macro TW4 i
	.if P10
	lxvp 32+12,64*\i(5); lxvp 32+14,64*\i+32(5)
	.elseif \i == 0
	lxvd2x 32+12,0,5; lxvd2x 32+13,6,5; lxvd2x 32+14,7,5; lxvd2x 32+15,8,5
	.else
	lxvd2x 32+12,9,5; lxvd2x 32+13,10,5; lxvd2x 32+14,11,5; lxvd2x 32+15,12,5
	.endif
.endm

/* Entry 0 of the table at BASE (a broadcast constant) into VR.  */
.macro LDC vr, base
	.if P10
	lxv 32+\vr,0(\base)
	.else
	lxvd2x 32+\vr,0,\base
	.endif
.endm

/* Save (DIR = st) or restore (l) v20 .. v27 in the red zone, POWER8
   with the offsets of OFFS16 in place.  */
.macro VSAVE dir
	.if P10
	\dir\()xvp 32+20,-128(1); \dir\()xvp 32+22,-96(1)
	\dir\()xvp 32+24,-64(1);  \dir\()xvp 32+26,-32(1)
	.else
	addi 0,1,-128
	\dir\()xvd2x 32+20,0,0;  \dir\()xvd2x 32+21,6,0
	\dir\()xvd2x 32+22,7,0;  \dir\()xvd2x 32+23,8,0
	\dir\()xvd2x 32+24,9,0;  \dir\()xvd2x 32+25,10,0
	\dir\()xvd2x 32+26,11,0; \dir\()xvd2x 32+27,12,0
	.endif
.endm

/* Clear v0 .. v19 (they held coefficients or products of them).  */
.macro CLEAR20
	vxor 0,0,0;   vxor 1,1,1;   vxor 2,2,2;   vxor 3,3,3
	vxor 4,4,4;   vxor 5,5,5;   vxor 6,6,6;   vxor 7,7,7
	vxor 8,8,8;   vxor 9,9,9;   vxor 10,10,10; vxor 11,11,11
	vxor 12,12,12; vxor 13,13,13; vxor 14,14,14; vxor 15,15,15
	vxor 16,16,16; vxor 17,17,17; vxor 18,18,18; vxor 19,19,19
.endm

/* X = X * C mod q (Barrett), |X| < q on exit.  */
.macro MULC x, c, ct
	vmhraddshs T1,\x,\ct,ZERO
	vmladduhm \x,\x,\c,ZERO
	vmladduhm \x,T1,NEGQ,\x
.endm

/* X = X mod q, |X| < 0.66 q; K holds 10 in every lane.  */
.macro RED x, k=V10
	vmhraddshs T1,\x,\k,ZERO
	vmladduhm \x,T1,NEGQ,\x
.endm

/* Cooley-Tukey: t = B * C; B = A - t; A = A + t.  */
.macro CT a, b, c, ct
	vmhraddshs T1,\b,\ct,ZERO
	vmladduhm T2,\b,\c,ZERO
	vmladduhm T2,T1,NEGQ,T2
	vsubuhm \b,\a,T2
	vadduhm \a,\a,T2
.endm

/* Gentleman-Sande: A = A + B; B = (B - A) * C.  */
.macro GS a, b, c, ct
	vsubuhm T2,\b,\a
	vadduhm \a,\a,\b
	vmhraddshs T1,T2,\ct,ZERO
	vmladduhm T2,T2,\c,ZERO
	vmladduhm \b,T1,NEGQ,T2
.endm

/* P, Q (v8, v9) of the register pair X, Y, and back.  In the lxv lane
   order of POWER10 the doublewords of X and Y are swapped, so the
   other halves are taken; P and Q are the same as on POWER8.  */
.macro PAIR x, y
	xxpermdi 32+8,32+\x,32+\y,3*P10
	xxpermdi 32+9,32+\x,32+\y,3-3*P10
.endm
.macro UNPAIR x, y
	.if P10
	xxpermdi 32+\x,32+9,32+8,0
	xxpermdi 32+\y,32+9,32+8,3
	.else
	xxpermdi 32+\x,32+8,32+9,0
	xxpermdi 32+\y,32+8,32+9,3
	.endif
.endm


/* Forward NTT.  r3 = R, r4 = A, r5 = table.  */

/* Pass 1 on the eight registers i, i+4, ..., i+28 (64 coefficients
   apart): LEN = 128 (zeta_1 in v8/v9), LEN = 64 (zeta_2, zeta_3 in
   v12-v15), LEN = 32 (zeta_4 .. zeta_7 in v20-v27).  */
.macro NTT_P1
	LD8(4, 64)
	CT 0,4,PC(8),PT(8);   CT 1,5,PC(8),PT(8)
	CT 2,6,PC(8),PT(8);   CT 3,7,PC(8),PT(8)
	CT 0,2,PC(12),PT(12); CT 1,3,PC(12),PT(12)
	CT 4,6,PC(14),PT(14); CT 5,7,PC(14),PT(14)
	CT 0,1,PC(20),PT(20); CT 2,3,PC(22),PT(22)
	CT 4,5,PC(24),PT(24); CT 6,7,PC(26),PT(26)
	ST8(3, 64)
.endm

/* LEN = 4 and 2 on the register pair X, Y, then the reduction; the
   twiddle pairs are in v12-v15.  */
.macro NTT_PAIR x, y
	PAIR \x,\y
	CT 8,9,PC(12),PT(12)
	vmrgew \x,8,9
	vmrgow \y,8,9
	CT \y,\x,PC(14),PT(14)
	RED \x
	RED \y
	vmrgew 8,\x,\y
	vmrgow 9,\x,\y
	UNPAIR \x,\y
.endm

/* Pass 2 on 64 consecutive coefficients at r3; the 28 table entries
   of the block at r5.  */
.macro NTT_P2
	LD8(3, 16)
	TW4 0
	CT D(0),D(2),PC(12),PT(12); CT D(1),D(3),PC(12),PT(12)
	CT D(4),D(6),PC(14),PT(14); CT D(5),D(7),PC(14),PT(14)
	TW4 1
	CT D(0),D(1),PC(12),PT(12); CT D(2),D(3),PC(14),PT(14)
	addi 5,5,128
	TW4 0
	CT D(4),D(5),PC(12),PT(12); CT D(6),D(7),PC(14),PT(14)
	TW4 1
	NTT_PAIR D(0),D(1)
	addi 5,5,128
	TW4 0
	NTT_PAIR D(2),D(3)
	TW4 1
	NTT_PAIR D(4),D(5)
	addi 5,5,128
	TW4 0
	NTT_PAIR D(6),D(7)
	addi 5,5,64
	ST8(3, 16)
.endm

.macro NTT_FN
	OFFS16
	VSAVE st
	LDC NEGQ,5
	vspltish ZERO,0
	vspltish V10,10
	.if P10
	lxvp 32+8,16(5);   lxvp 32+12,48(5);  lxvp 32+14,80(5)
	lxvp 32+20,112(5); lxvp 32+22,144(5); lxvp 32+24,176(5)
	lxvp 32+26,208(5)
	addi 5,5,240
	.else
	lxvd2x 32+8,6,5;   lxvd2x 32+9,7,5
	lxvd2x 32+12,8,5;  lxvd2x 32+13,9,5
	lxvd2x 32+14,10,5; lxvd2x 32+15,11,5
	lxvd2x 32+20,12,5
	addi 5,5,112
	lxvd2x 32+21,6,5;  lxvd2x 32+22,7,5
	lxvd2x 32+23,8,5;  lxvd2x 32+24,9,5
	lxvd2x 32+25,10,5; lxvd2x 32+26,11,5
	lxvd2x 32+27,12,5
	addi 5,5,128
	.endif
	OFFS64
	NTT_P1
	addi 3,3,16
	addi 4,4,16
	NTT_P1
	addi 3,3,16
	addi 4,4,16
	NTT_P1
	addi 3,3,16
	addi 4,4,16
	NTT_P1
	addi 3,3,-48
	OFFS16
	li 0,4
	mtctr 0
	.set SWD,P10
1:
	NTT_P2
	addi 3,3,128
	bdnz 1b
	.set SWD,0
	VSAVE l
	CLEAR20
	blr
.endm


/* Inverse NTT times 2^16.  r3 = R, r4 = A, r5 = table.  */

/* LEN = 2 and 4 on the register pair X, Y (twiddles in v12-v15).  */
.macro INV_PAIR x, y
	PAIR \x,\y
	vmrgew \x,8,9
	vmrgow \y,8,9
	GS \y,\x,PC(12),PT(12)
	vmrgew 8,\x,\y
	vmrgow 9,\x,\y
	GS 8,9,PC(14),PT(14)
	UNPAIR \x,\y
.endm

/* Pass 1 on 64 consecutive coefficients: from r4 to r3, the 28 table
   entries of the block at r5.  */
.macro INV_P1
	LD8(4, 16)
	TW4 0
	INV_PAIR D(0),D(1)
	TW4 1
	INV_PAIR D(2),D(3)
	addi 5,5,128
	TW4 0
	INV_PAIR D(4),D(5)
	TW4 1
	INV_PAIR D(6),D(7)
	addi 5,5,128
	TW4 0
	GS D(0),D(1),PC(12),PT(12); GS D(2),D(3),PC(14),PT(14)
	TW4 1
	GS D(4),D(5),PC(12),PT(12); GS D(6),D(7),PC(14),PT(14)
	RED D(0); RED D(2); RED D(4); RED D(6)
	addi 5,5,128
	TW4 0
	GS D(0),D(2),PC(12),PT(12); GS D(1),D(3),PC(12),PT(12)
	GS D(4),D(6),PC(14),PT(14); GS D(5),D(7),PC(14),PT(14)
	addi 5,5,64
	ST8(3, 16)
.endm

/* LEN = 128 with the final factor: A = (A + B) F, B = (B - A) zeta_1 F
   ((zeta_1 F, F) pairs in v24-v27).  */
.macro INV_LAST a, b
	vsubuhm T2,\b,\a
	vadduhm \a,\a,\b
	vmhraddshs T1,T2,PT(24),ZERO
	vmladduhm T2,T2,PC(24),ZERO
	vmladduhm \b,T1,NEGQ,T2
	MULC \a,PC(26),PT(26)
.endm

/* Pass 2 on the registers i, i+4, ..., i+28 of R: LEN = 32 (zeta_7 ..
   zeta_4 in v8/v9, v12-v15, v18/v19), LEN = 64 (zeta_3, zeta_2 in
   v20-v23), LEN = 128.  With RED = 1 (columns i = 0, 1) the two sums
   that reach 8q are reduced first.  */
.macro INV_P2 red
	LD8(3, 64)
	GS 0,1,PC(8),PT(8);   GS 2,3,PC(12),PT(12)
	GS 4,5,PC(14),PT(14); GS 6,7,PC(18),PT(18)
	GS 0,2,PC(20),PT(20); GS 1,3,PC(20),PT(20)
	GS 4,6,PC(22),PT(22); GS 5,7,PC(22),PT(22)
	.if \red
	vspltish T2,10
	RED 0,T2
	RED 4,T2
	.endif
	INV_LAST 0,4; INV_LAST 1,5; INV_LAST 2,6; INV_LAST 3,7
	ST8(3, 64)
.endm

.macro INV_FN
	li 0,4
	mtctr 0
	OFFS16
	VSAVE st
	LDC NEGQ,5
	vspltish ZERO,0
	vspltish V10,10
	addi 5,5,16
	.set SWD,P10
1:
	INV_P1
	addi 3,3,128
	addi 4,4,128
	bdnz 1b
	.set SWD,0
	addi 3,3,-512
	.if P10
	lxvp 32+8,0(5);    lxvp 32+12,32(5);  lxvp 32+14,64(5)
	lxvp 32+18,96(5);  lxvp 32+20,128(5); lxvp 32+22,160(5)
	lxvp 32+24,192(5); lxvp 32+26,224(5)
	.else
	lxvd2x 32+8,0,5;   lxvd2x 32+9,6,5
	lxvd2x 32+12,7,5;  lxvd2x 32+13,8,5
	lxvd2x 32+14,9,5;  lxvd2x 32+15,10,5
	lxvd2x 32+18,11,5; lxvd2x 32+19,12,5
	addi 5,5,128
	lxvd2x 32+20,0,5;  lxvd2x 32+21,6,5
	lxvd2x 32+22,7,5;  lxvd2x 32+23,8,5
	lxvd2x 32+24,9,5;  lxvd2x 32+25,10,5
	lxvd2x 32+26,11,5; lxvd2x 32+27,12,5
	.endif
	OFFS64
	INV_P2 1
	addi 3,3,16
	INV_P2 1
	addi 3,3,16
	INV_P2 0
	addi 3,3,16
	INV_P2 0
	OFFS16
	VSAVE l
	CLEAR20
	blr
.endm


/* REDUCE: c = c mod q in [0, q).  r3 = C, r4 = table.  The Barrett
   reduction leaves (-q, q); min (r, r + q) as unsigned halfwords
   picks r + q for negative r and r otherwise.  v18 holds q.  */
.macro RQ_ONE x
	RED \x
	vadduhm 8+\x,\x,18
	vminuh \x,\x,8+\x
.endm

.macro REDUCE_FN
	OFFS16
	LDC NEGQ,4
	.if P10
	lxv 32+18,16(4)
	.else
	lxvd2x 32+18,6,4
	.endif
	vspltish ZERO,0
	vspltish V10,10
	li 0,4
	mtctr 0
1:
	LD8(3, 16)
	RQ_ONE 0; RQ_ONE 1; RQ_ONE 2; RQ_ONE 3
	RQ_ONE 4; RQ_ONE 5; RQ_ONE 6; RQ_ONE 7
	ST8(3, 16)
	addi 3,3,128
	bdnz 1b
	CLEAR20
	blr
.endm

/* TOMONT: c = c 2^16 mod q, |c| < q.  r3 = C, r4 = table.  */
.macro TOMONT_FN
	OFFS16
	LDC NEGQ,4
	.if P10
	lxvp 32+12,32(4)
	.else
	lxvd2x 32+12,7,4
	lxvd2x 32+13,8,4
	.endif
	vspltish ZERO,0
	li 0,4
	mtctr 0
1:
	LD8(3, 16)
	MULC 0,PC(12),PT(12); MULC 1,PC(12),PT(12)
	MULC 2,PC(12),PT(12); MULC 3,PC(12),PT(12)
	MULC 4,PC(12),PT(12); MULC 5,PC(12),PT(12)
	MULC 6,PC(12),PT(12); MULC 7,PC(12),PT(12)
	ST8(3, 16)
	addi 3,3,128
	bdnz 1b
	CLEAR20
	blr
.endm


/* Base multiplication with accumulation.  r3 = R, r4 = A, r5 = B,
   r6 = BC, r7 = K, r8 = table, r9 = vperm controls.  Per loop step
   four blocks of 16 coefficients; block Q accumulates in v4Q .. v4Q+3
   (even and odd outputs of its two vectors).  v16/v17 A, v18/v19 B
   (POWER10: swapped by lxvp, see D), v20 cache, v21 the merged B,
   v22/v23 the merge controls, v24 the rotate count 16, v25 zero;
   vs0-vs2 q^-1, (0, -q), the output control.  In the lxv order of
   POWER10 the words of B are those of POWER8 with the doublewords
   swapped; the cache made by the same tier's mulcache (and its gamma
   table) is permuted to match, so the vperm controls are the same.  */

#define BM_ZERO 25

/* POWER8: load (INSN = lxvd2x) or store (stxvd2x) VR at BASE + OFF,
   OFF a multiple of 16 below 128 held in r0 (16) or r7 .. r12 (32 ..
   112) (r0 is an offset register here, so the base goes first).  */
.macro BX insn, vr, off, base
	.if (\off) == 0
	\insn 32+\vr,0,\base
	.elseif (\off) == 16
	\insn 32+\vr,\base,0
	.else
	\insn 32+\vr,\base,(\off)/16+5
	.endif
.endm

/* One block Q of one product (FIRST: the first product, which
   starts the sums from zero).  */
.macro BM_BLOCK q, first
	.if P10
	lxvp 32+16,32*\q(4)
	lxvp 32+18,32*\q(5)
	lxv 32+20,16*\q(6)
	.else
	BX lxvd2x,16,32*\q,4
	BX lxvd2x,17,32*\q+16,4
	BX lxvd2x,18,32*\q,5
	BX lxvd2x,19,32*\q+16,5
	BX lxvd2x,20,16*\q,6
	.endif
	vperm 21,D(18),20,22
	vrlw D(18),D(18),24
	.if \first
	vmsumshm 4*\q,D(16),21,BM_ZERO
	vmsumshm 4*\q+1,D(16),D(18),BM_ZERO
	.else
	vmsumshm 4*\q,D(16),21,4*\q
	vmsumshm 4*\q+1,D(16),D(18),4*\q+1
	.endif
	vperm 21,D(19),20,23
	vrlw D(19),D(19),24
	.if \first
	vmsumshm 4*\q+2,D(17),21,BM_ZERO
	vmsumshm 4*\q+3,D(17),D(19),BM_ZERO
	.else
	vmsumshm 4*\q+2,D(17),21,4*\q+2
	vmsumshm 4*\q+3,D(17),D(19),4*\q+3
	.endif
.endm

.macro BM_PRODUCT first
	BM_BLOCK 0,\first
	BM_BLOCK 1,\first
	BM_BLOCK 2,\first
	BM_BLOCK 3,\first
.endm

/* Montgomery reduction of the sums E, O into R (E or O), v16 q^-1,
   v17 (0, -q), v18 the output control.  */
.macro BM_RED e, o, r
	vmuluwm 21,\e,16
	vmsumshm \e,21,17,\e
	vmuluwm 21,\o,16
	vmsumshm \o,21,17,\o
	vperm \r,\e,\o,18
.endm

/* The two output vectors of block Q, stored at r3 + 32 Q (POWER10:
   one stxvp, the first vector in the odd register).  */
.macro BM_OUT q
	.if P10
	BM_RED 4*\q,4*\q+1,4*\q+1
	BM_RED 4*\q+2,4*\q+3,4*\q
	stxvp 32+4*\q,32*\q(3)
	.else
	BM_RED 4*\q,4*\q+1,4*\q
	BX stxvd2x,4*\q,32*\q,3
	BM_RED 4*\q+2,4*\q+3,4*\q+2
	BX stxvd2x,4*\q+2,32*\q+16,3
	.endif
.endm

.macro BM_LOOP k
	BM_PRODUCT 1
	.rept \k - 1
	addi 4,4,512
	addi 5,5,512
	addi 6,6,256
	BM_PRODUCT 0
	.endr
	xxlor 32+16,0,0
	xxlor 32+17,1,1
	xxlor 32+18,2,2
	BM_OUT 0
	BM_OUT 1
	BM_OUT 2
	BM_OUT 3
	addi 4,4,128-512*(\k-1)
	addi 5,5,128-512*(\k-1)
	addi 6,6,64-256*(\k-1)
	addi 3,3,128
.endm

/* Save (DIR = st) or restore (l) v20-v25 in the red zone.  */
.macro BM_SAVE dir
	.if P10
	\dir\()xvp 32+20,-128(1); \dir\()xvp 32+22,-96(1)
	\dir\()xvp 32+24,-64(1)
	.else
	li 10,16
	li 11,32
	li 12,48
	addi 0,1,-128
	\dir\()xvd2x 32+20,0,0;  \dir\()xvd2x 32+21,10,0
	\dir\()xvd2x 32+22,11,0; \dir\()xvd2x 32+23,12,0
	addi 0,1,-64
	\dir\()xvd2x 32+24,0,0;  \dir\()xvd2x 32+25,10,0
	.endif
.endm

.macro BM_FN
	.set SWD,P10
	BM_SAVE st
	.if P10
	lxv 0,16(8)
	lxv 1,32(8)
	li 10,16
	li 11,32
	.else
	lxvd2x 0,10,8
	lxvd2x 1,11,8
	.endif
	lxvd2x 2,11,9
	lxvd2x 32+22,0,9
	lxvd2x 32+23,10,9
	vspltisw 24,-16
	vspltish BM_ZERO,0
	cmplwi 0,7,3
	cmplwi 1,7,2
	cmplwi 5,7,4
	li 0,4
	mtctr 0
	.if !P10
	li 0,16; li 7,32; li 8,48; li 9,64; li 10,80; li 11,96; li 12,112
	.endif
	beq 0,3f
	beq 1,2f
	beq 5,4f
	.align 4
1:
	BM_LOOP 1
	bdnz 1b
	b 5f
	.align 4
2:
	BM_LOOP 2
	bdnz 2b
	b 5f
	.align 4
3:
	BM_LOOP 3
	bdnz 3b
	b 5f
	.align 4
4:
	BM_LOOP 4
	bdnz 4b
5:
	BM_SAVE l
	CLEAR20
	xxlxor 0,0,0
	xxlxor 1,1,1
	xxlxor 2,2,2
	.set SWD,0
	blr
.endm


/* Cache of the base multiplication: c_i = b_2i+1 gamma_i mod q.
   r3 = C, r4 = B, r5 = table, r6 = vperm controls.  Per loop step
   four blocks of 16 coefficients: v0-v7 B (the gathered odd
   coefficients replace the first vector of each block), v12-v15
   gammas, v18 the gather control.  */
.macro MC_BLOCK b0, b1, g, gt, off
	vperm \b0,\b0,\b1,18
	MULC \b0,\g,\gt
	.if P10
	stxv 32+\b0,\off(3)
	.elseif \off == 0
	stxvd2x 32+\b0,0,3
	.else
	stxvd2x 32+\b0,5+(\off)/16,3
	.endif
.endm

.macro MC_FN
	.set SWD,P10
	li 0,48
	lxvd2x 32+18,6,0
	OFFS16
	LDC NEGQ,5
	vspltish ZERO,0
	addi 5,5,48
	li 0,4
	mtctr 0
1:
	LD8(4, 16)
	TW4 0
	MC_BLOCK D(0),D(1),PC(12),PT(12),0
	MC_BLOCK D(2),D(3),PC(14),PT(14),16
	TW4 1
	MC_BLOCK D(4),D(5),PC(12),PT(12),32
	MC_BLOCK D(6),D(7),PC(14),PT(14),48
	addi 3,3,64
	addi 4,4,128
	addi 5,5,128
	bdnz 1b
	CLEAR20
	.set SWD,0
	blr
.endm


/* The POWER8 functions (no ISA 3.x instruction).  */
	.machine power8
	.set P10,0
	.set SWT,0
	.set SWD,0

FUNC(_gcry_mlkem_ntt_vsx)
	NTT_FN
ENDFUNC(_gcry_mlkem_ntt_vsx)

FUNC(_gcry_mlkem_invntt_vsx)
	INV_FN
ENDFUNC(_gcry_mlkem_invntt_vsx)

FUNC(_gcry_mlkem_reduce_vsx)
	REDUCE_FN
ENDFUNC(_gcry_mlkem_reduce_vsx)

FUNC(_gcry_mlkem_tomont_vsx)
	TOMONT_FN
ENDFUNC(_gcry_mlkem_tomont_vsx)

FUNC(_gcry_mlkem_basemul_acc_vsx)
	BM_FN
ENDFUNC(_gcry_mlkem_basemul_acc_vsx)

FUNC(_gcry_mlkem_mulcache_vsx)
	MC_FN
ENDFUNC(_gcry_mlkem_mulcache_vsx)

#ifdef HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10
/* The POWER10 functions (ISA 3.1: lxvp/stxvp, lxv/stxv); tables in
   the lxv lane order (mlkem_ppc10_*).  */
	.machine power10
	.set P10,1
	.set SWT,1
	.set SWD,0

FUNC(_gcry_mlkem_ntt_vsx_p10)
	NTT_FN
ENDFUNC(_gcry_mlkem_ntt_vsx_p10)

FUNC(_gcry_mlkem_invntt_vsx_p10)
	INV_FN
ENDFUNC(_gcry_mlkem_invntt_vsx_p10)

FUNC(_gcry_mlkem_reduce_vsx_p10)
	REDUCE_FN
ENDFUNC(_gcry_mlkem_reduce_vsx_p10)

FUNC(_gcry_mlkem_tomont_vsx_p10)
	TOMONT_FN
ENDFUNC(_gcry_mlkem_tomont_vsx_p10)

FUNC(_gcry_mlkem_basemul_acc_vsx_p10)
	BM_FN
ENDFUNC(_gcry_mlkem_basemul_acc_vsx_p10)

FUNC(_gcry_mlkem_mulcache_vsx_p10)
	MC_FN
ENDFUNC(_gcry_mlkem_mulcache_vsx_p10)
#endif

	.section .note.GNU-stack,"",%progbits

#endif
