/* mldsa-ntt-amd64-avx512.S - ML-DSA forward and inverse NTT, AVX-512
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

/* Algorithm: the NTT of FIPS 204 Algorithm 41 and the inverse NTT of
 * Algorithm 42 times 2^32 (contract: cipher/mldsa-ops.h), layer by
 * layer with the butterflies of the AVX2 set
 * (cipher/mldsa-ntt-amd64-avx2.S):
 *   forward (Cooley-Tukey):  t = b z;  b = a - t;  a = a + t
 *   inverse (Gentleman-Sande): a' = a + b;  b' = (a - b) z
 * The products by a twiddle are Shoup products with plain twiddles,
 * except in the forward layer 128 and in the inverse layer 128, merged
 * with the scaling, which are Montgomery products:
 * a' = mont ((a + b) F), b' = mont ((a - b) G), F = 2^64/256 mod q,
 * G = -zetas[1] F / 2^32.  The outputs are the contract's residues
 * within its bounds (representatives may differ from the portable
 * code's; the front file canonicalises before encoding).
 *
 * Shoup product (SHOUP): r = b z - h q with z' = round (z 2^32 / q)
 * and h = floor (b z' / 2^32), the high word of the signed 64-bit
 * product; r = b z mod q, and with e = b (z' - z 2^32 / q) / 2^32,
 * |e| <= |b| / 2^33, r / q lies in [-e, 1 - e), so r fits in 32 bits
 * and is the difference of the low words lo (b z) - lo (h q), two
 * vpmulld.  vpmuldq multiplies the signed low halves of the eight
 * 64-bit lanes: b z' is formed for the even 32-bit lanes in place and
 * for the odd ones after vpsrlq $32; the odd lanes' high words are
 * then already in place, and one merge-masked vmovshdup (mask k2 =
 * even 32-bit lanes; a dword-granular instruction, as qword ones would
 * mask whole 64-bit lanes) moves the even lanes' ones down beside
 * them.  Four multiplications and seven instructions per 16 products.
 *
 * Montgomery product (MONT): mont (x * z) = (x z - t q) / 2^32 with
 * t = x (z q^-1 mod 2^32) mod 2^32 for all 16 lanes with one vpmulld,
 * x z and t q by vpmuldq for the even and the odd lanes, the
 * differences gathered by the same masked vmovshdup; |t| <= 2^31 gives
 * |mont (x * z)| <= q/2 + |x z| / 2^32.  Five multiplications and ten
 * instructions per 16 products.
 *
 * Bounds (as cipher/mldsa-ntt-amd64-avx2.S, which has the same mix of
 * products), forward: in |a| < q; layer 128 (Montgomery, |z| < q/2)
 * adds |t| < 0.501 q; a Shoup layer with inputs |a| < B adds or
 * subtracts t with t / q in [-e, 1 - e), |e| <= B / 2^33, so from
 * 1.501 q the seven Shoup layers end below 8.54 q < 9q.  (A Shoup
 * product in layer 128 too would end at 9.04 q.)  Inverse: in |a| < q;
 * after layer 2^(k-1) the sums are below 2^k q, and a Shoup product
 * of a difference |d| < 2^k q <= 128 q is below 1.13 q; the last layer
 * gets |a + b|, |a - b| < 256 q < 2^31 and its Montgomery products
 * are below q/2 + |G|/2 < 0.74 q; out |a| < q.
 *
 * Layout: standard coefficient order in memory before and after; the
 * whole polynomial (16 coefficients per zmm) lives in zmm0-zmm15, zmmi
 * holding coefficients 16i .. 16i+15.  Layers 128, 64, 32 and 16 pair
 * whole registers (broadcast twiddles).  Layers 8, 4, 2 and 1 work on
 * the register pairs (zmm2p, zmm2p+1) = (A, B), written per 128-bit
 * chunk (4 coefficients) as A = (A0, A1, A2, A3):
 *   C = (A0, A1, B0, B1), D = (A2, A3, B2, B3)   vshufi64x2; layer 8
 *   E = (A0, B0, A2, B2), F = (A1, B1, A3, B3)   vshufi64x2; layer 4
 *   G, H = 64-bit interleave of E, F             vpunpck[lh]qdq; layer 2
 *   I, J = 32-bit interleave of G, H             masked moves; layer 1
 * The 64-bit and 32-bit exchanges are involutions.  The forward
 * transform goes from (I, J) straight back to (A, B) with two vpermi2d
 * (one per output register) before it stores, the inverse one from
 * the loaded (A, B) to (I, J) likewise: two instructions where the
 * exchanges back take seven.  (E, F) -> (C, D) is a vpermi2q pair,
 * and (C, D) -> (A, B) repeats the first vshufi64x2 pair.  Each of
 * these steps runs over all eight pairs before the next one starts
 * (eight independent dependency chains).  The tables
 * (cipher/mldsa-tables-avx512.h, layout in
 * cipher/gen-mldsa-avx512-tables.c) give the broadcast twiddles as
 * word pairs, (z, z q^-1) for Montgomery and (z', z) for Shoup
 * products (the vpmuldq operand first), and a vector of 16 per-lane
 * Shoup companions z' followed by the 16 twiddles per pair and layer in
 * the order above, plus the odd-lane copy of layer 1's companions.
 *
 * Register plan:
 *   zmm0-zmm15   the polynomial
 *   zmm16-zmm18  temporaries of the products
 *   zmm19        the butterfly's product resp. difference
 *   zmm20,zmm21  the broadcast pair (z, z q^-1) or (z', z)
 *   zmm22-zmm25  scratch of the exchanges (S0-S3), G and its
 *                companion at the merged last inverse layer (S2, S3)
 *   zmm31        q in every lane
 *   k1, k2       odd resp. even 32-bit lanes (0xaaaa, 0x5555)
 *   rdi coefficients, rsi table, eax scratch
 *
 * Constant time: no data-dependent branches or addresses.  All vector
 * registers used are cleared on exit (zmm16-zmm31 with EVEX vpxord,
 * zmm0-zmm15 with vzeroall); the mask registers hold constants only.
 *
 * Requires: AVX-512 F and VL (HWF_INTEL_AVX512, which also stands for
 * BW and DQ; VL only for the EVEX ymm clears on exit).
 *
 * C prototypes (cipher/mldsa-avx512.h):
 *   void _gcry_mldsa_ntt_avx512 (s32 a[256], const s32 table[1192]);
 *   void _gcry_mldsa_invntt_avx512 (s32 a[256], const s32 table[1192]);
 */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX512_SUPPORT)))

#define T0  %zmm16
#define T1  %zmm17
#define T2  %zmm18
#define T3  %zmm19
#define Z   %zmm20
#define ZQ  %zmm21
#define S0  %zmm22
#define S1  %zmm23
#define S2  %zmm24
#define S3  %zmm25
#define QV  %zmm31

/* OUT = mont (A * z) lane by lane; A is kept.  ZQ holds z q^-1 mod
 * 2^32 per lane, ZE the twiddles (read in the even lanes), ZO the odd
 * lanes' twiddles at even positions; each may be a register or a
 * memory operand.  OUT must differ from A and T0-T2.  |A| < 2^31,
 * |z| < q/2 give |OUT| < q.  */
.macro MONT a, out, ze, zq, zo
	vpmulld		\zq, \a, T0
	vpsrlq		$32, \a, \out
	vpmuldq		\ze, \a, T2
	vpmuldq		\zo, \out, \out
	vpsrlq		$32, T0, T1
	vpmuldq		QV, T0, T0
	vpmuldq		QV, T1, T1
	vpsubq		T0, T2, T2
	vpsubq		T1, \out, \out
	vmovshdup	T2, \out{%k2}
.endm

/* OUT = A z mod q by a Shoup product (header), lane by lane; A is
 * kept.  ZE holds z' (read in the even lanes), ZO the odd lanes' z' at
 * even positions, Z the twiddles z; each may be a register or a memory
 * operand.  OUT must differ from A, T0 and T1.  OUT / q lies in
 * [-e, 1 - e) with |e| <= |A| / 2^33.  */
.macro SHOUP a, out, ze, z, zo
	vpmuldq		\ze, \a, T1
	vpsrlq		$32, \a, \out
	vpmuldq		\zo, \out, \out
	vpmulld		\z, \a, T0
	vmovshdup	T1, \out{%k2}
	vpmulld		QV, \out, \out
	vpsubd		\out, T0, \out
.endm

/* Cooley-Tukey butterfly: (x, y) = (x + y z, x - y z), Shoup product
 * (twiddle arguments as for SHOUP).  */
.macro CT x, y, ze, z, zo
	SHOUP		\y, T3, \ze, \z, \zo
	vpsubd		T3, \x, \y
	vpaddd		T3, \x, \x
.endm

/* The same with a Montgomery product (layer 128).  */
.macro CTM x, y, ze, zq, zo
	MONT		\y, T3, \ze, \zq, \zo
	vpsubd		T3, \x, \y
	vpaddd		T3, \x, \x
.endm

/* Gentleman-Sande butterfly: (x, y) = (x + y, (x - y) z), Shoup
 * product.  */
.macro GS x, y, ze, z, zo
	vpsubd		\y, \x, T3
	vpaddd		\y, \x, \x
	SHOUP		T3, \y, \ze, \z, \zo
.endm

/* Broadcast the twiddle pair at word pair OFF (bytes) of the table.  */
.macro BCAST off
	vpbroadcastd	\off(%rsi), Z
	vpbroadcastd	\off+4(%rsi), ZQ
.endm

/* Butterflies with the broadcast pair.  */
.macro CTB x, y
	CT		\x, \y, Z, ZQ, Z
.endm
.macro CTMB x, y
	CTM		\x, \y, Z, ZQ, Z
.endm
.macro GSB x, y
	GS		\x, \y, Z, ZQ, Z
.endm

/* 32-bit interleave, in place: (G, H) -> (I, J) with
 * I = (G0, H0, G2, H2, ...), J = (G1, H1, G3, H3, ...); an involution.
 * The masked moves are dword-granular (vmovsldup copies each even
 * lane to the odd one above it).  Clobbers T3.  */
.macro XCH32 g, h
	vpsrlq		$32, \g, T3
	vmovsldup	\h, \g{%k1}
	vmovdqa32	T3, \h{%k2}
.endm

/* (X, Y) -> (P, Q) by the qword permutations at LP and LQ.  */
.macro PERM2 x, y, lp, lq, p, q
	vmovdqa64	\lp rRIP, \p
	vpermi2q	\y, \x, \p
	vmovdqa64	\lq rRIP, \q
	vpermi2q	\y, \x, \q
.endm

/* The in-register layers run layer by layer over all eight register
 * pairs (each step below is expanded for every pair by ALLPAIRS), so
 * that eight independent chains are in flight, as in the layers
 * between registers.  P is the pair's number; its 576 bytes of vectors
 * are at P * 576 in the inverse table and 128 bytes further in the
 * forward one.  The exchanges work in place with the scratch S0/S1
 * (the register moves cost no execution unit where they are
 * eliminated at renaming).  */

/* (A, B) <-> (C, D): an involution.  */
.macro X44 a, b, p
	vshufi64x2	$0x44, \b, \a, S0
	vshufi64x2	$0xee, \b, \a, \b
	vmovdqa64	S0, \a
.endm
/* (C, D) -> (E, F).  */
.macro X88 a, b, p
	vshufi64x2	$0x88, \b, \a, S0
	vshufi64x2	$0xdd, \b, \a, \b
	vmovdqa64	S0, \a
.endm
/* (E, F) <-> (G, H): an involution.  */
.macro X64 a, b, p
	vpunpcklqdq	\b, \a, S0
	vpunpckhqdq	\b, \a, \b
	vmovdqa64	S0, \a
.endm
/* (G, H) <-> (I, J).  */
.macro X32 a, b, p
	XCH32		\a, \b
.endm
/* (E, F) -> (C, D).  */
.macro XCD a, b, p
	PERM2		\a, \b, .Lperm_cd_lo, .Lperm_cd_hi, S0, S1
	vmovdqa64	S0, \a
	vmovdqa64	S1, \b
.endm

/* Forward butterflies of layers 8, 4, 2, 1.  */
.macro F8 a, b, p
	CT		\a, \b, 128+\p*576(%rsi), 128+\p*576+64(%rsi), 128+\p*576(%rsi)
.endm
.macro F4 a, b, p
	CT		\a, \b, 128+\p*576+128(%rsi), 128+\p*576+192(%rsi), 128+\p*576+128(%rsi)
.endm
.macro F2 a, b, p
	CT		\a, \b, 128+\p*576+256(%rsi), 128+\p*576+320(%rsi), 128+\p*576+256(%rsi)
.endm
.macro F1 a, b, p
	CT		\a, \b, 128+\p*576+384(%rsi), 128+\p*576+448(%rsi), 128+\p*576+512(%rsi)
.endm
/* (I, J) -> (A, B) by two dword permutations, stored in standard
 * order.  */
.macro FSTORE a, b, p
	vmovdqa64	.Lperm_ij_a rRIP, S0
	vpermi2d	\b, \a, S0
	vmovdqa64	.Lperm_ij_b rRIP, S1
	vpermi2d	\b, \a, S1
	vmovdqu64	S0, \p*128(%rdi)
	vmovdqu64	S1, \p*128+64(%rdi)
.endm

/* Load (A, B) and permute to (I, J).  */
.macro ILOAD a, b, p
	vmovdqu64	\p*128(%rdi), S2
	vmovdqu64	\p*128+64(%rdi), S3
	vmovdqa64	.Lperm_ab_i rRIP, \a
	vpermi2d	S3, S2, \a
	vmovdqa64	.Lperm_ab_j rRIP, \b
	vpermi2d	S3, S2, \b
.endm
/* Inverse butterflies of layers 1, 2, 4, 8.  */
.macro I1 a, b, p
	GS		\a, \b, \p*576(%rsi), \p*576+64(%rsi), \p*576+128(%rsi)
.endm
.macro I2 a, b, p
	GS		\a, \b, \p*576+192(%rsi), \p*576+256(%rsi), \p*576+192(%rsi)
.endm
.macro I4 a, b, p
	GS		\a, \b, \p*576+320(%rsi), \p*576+384(%rsi), \p*576+320(%rsi)
.endm
.macro I8 a, b, p
	GS		\a, \b, \p*576+448(%rsi), \p*576+512(%rsi), \p*576+448(%rsi)
.endm

/* STEP for each register pair.  */
.macro ALLPAIRS step
	\step		%zmm0, %zmm1, 0
	\step		%zmm2, %zmm3, 1
	\step		%zmm4, %zmm5, 2
	\step		%zmm6, %zmm7, 3
	\step		%zmm8, %zmm9, 4
	\step		%zmm10, %zmm11, 5
	\step		%zmm12, %zmm13, 6
	\step		%zmm14, %zmm15, 7
.endm

/* Last inverse layer merged with the scaling for registers X (low)
 * and Y (high, 128 coefficients on), stored at their places.  Z holds
 * F, ZQ its companion, S2/S3 G and its companion.  */
.macro LAST x, y, dst
	vpsubd		\y, \x, T3
	vpaddd		\y, \x, \x
	MONT		T3, \y, S2, S3, S2
	MONT		\x, T3, Z, ZQ, Z
	vmovdqu64	T3, \dst(%rdi)
	vmovdqu64	\y, \dst+512(%rdi)
.endm

.section .rodata
.align 64
/* (A, B) -> (I, J) and back (vpermi2d indices, one per dword, 0-15
 * the first register, 16-31 the second): I holds the even
 * coefficients of the pair's 32, in the order 0, 2, 4, 6, 16, 18,
 * 20, 22, 8, 10, ..., J the odd ones above them (the result of the
 * exchanges X44, X88, X64 and X32 below).  */
.Lperm_ab_i:
	.long 0, 2, 4, 6, 16, 18, 20, 22, 8, 10, 12, 14, 24, 26, 28, 30
.Lperm_ab_j:
	.long 1, 3, 5, 7, 17, 19, 21, 23, 9, 11, 13, 15, 25, 27, 29, 31
.Lperm_ij_a:
	.long 0, 16, 1, 17, 2, 18, 3, 19, 8, 24, 9, 25, 10, 26, 11, 27
.Lperm_ij_b:
	.long 4, 20, 5, 21, 6, 22, 7, 23, 12, 28, 13, 29, 14, 30, 15, 31
/* (E, F) -> (C, D) (vpermi2q indices, one per qword).  */
.Lperm_cd_lo:
	.quad 0, 1, 8, 9, 2, 3, 10, 11
.Lperm_cd_hi:
	.quad 4, 5, 12, 13, 6, 7, 14, 15
.Lmldsa_ntt512_q:
	.long 8380417

.text

/* Load q and the lane masks.  */
.macro SETUP
	vpbroadcastd	.Lmldsa_ntt512_q rRIP, QV
	movl		$0xaaaa, %eax
	kmovw		%eax, %k1
	movl		$0x5555, %eax
	kmovw		%eax, %k2
.endm

.macro CLEANUP
	CLEAR_YMM16_31()
	vzeroall
.endm

/* void _gcry_mldsa_ntt_avx512 (s32 a[256], const s32 table[1192]) */
.globl _gcry_mldsa_ntt_avx512
ELF(.type _gcry_mldsa_ntt_avx512,@function;)
.align 32
_gcry_mldsa_ntt_avx512:
	CFI_STARTPROC()
	SETUP
	vmovdqu64	0*64(%rdi), %zmm0
	vmovdqu64	1*64(%rdi), %zmm1
	vmovdqu64	2*64(%rdi), %zmm2
	vmovdqu64	3*64(%rdi), %zmm3
	vmovdqu64	4*64(%rdi), %zmm4
	vmovdqu64	5*64(%rdi), %zmm5
	vmovdqu64	6*64(%rdi), %zmm6
	vmovdqu64	7*64(%rdi), %zmm7
	vmovdqu64	8*64(%rdi), %zmm8
	vmovdqu64	9*64(%rdi), %zmm9
	vmovdqu64	10*64(%rdi), %zmm10
	vmovdqu64	11*64(%rdi), %zmm11
	vmovdqu64	12*64(%rdi), %zmm12
	vmovdqu64	13*64(%rdi), %zmm13
	vmovdqu64	14*64(%rdi), %zmm14
	vmovdqu64	15*64(%rdi), %zmm15

	/* Layer 128: zetas[1], Montgomery products.  */
	BCAST		8
	CTMB		%zmm0, %zmm8
	CTMB		%zmm1, %zmm9
	CTMB		%zmm2, %zmm10
	CTMB		%zmm3, %zmm11
	CTMB		%zmm4, %zmm12
	CTMB		%zmm5, %zmm13
	CTMB		%zmm6, %zmm14
	CTMB		%zmm7, %zmm15
	/* Layer 64: zetas[2], zetas[3].  */
	BCAST		16
	CTB		%zmm0, %zmm4
	CTB		%zmm1, %zmm5
	CTB		%zmm2, %zmm6
	CTB		%zmm3, %zmm7
	BCAST		24
	CTB		%zmm8, %zmm12
	CTB		%zmm9, %zmm13
	CTB		%zmm10, %zmm14
	CTB		%zmm11, %zmm15
	/* Layer 32: zetas[4..7].  */
	BCAST		32
	CTB		%zmm0, %zmm2
	CTB		%zmm1, %zmm3
	BCAST		40
	CTB		%zmm4, %zmm6
	CTB		%zmm5, %zmm7
	BCAST		48
	CTB		%zmm8, %zmm10
	CTB		%zmm9, %zmm11
	BCAST		56
	CTB		%zmm12, %zmm14
	CTB		%zmm13, %zmm15
	/* Layer 16: zetas[8..15].  */
	BCAST		64
	CTB		%zmm0, %zmm1
	BCAST		72
	CTB		%zmm2, %zmm3
	BCAST		80
	CTB		%zmm4, %zmm5
	BCAST		88
	CTB		%zmm6, %zmm7
	BCAST		96
	CTB		%zmm8, %zmm9
	BCAST		104
	CTB		%zmm10, %zmm11
	BCAST		112
	CTB		%zmm12, %zmm13
	BCAST		120
	CTB		%zmm14, %zmm15

	/* Layers 8 .. 1 per register pair; vectors from word 32 on.  */
	ALLPAIRS	X44
	ALLPAIRS	F8
	ALLPAIRS	X88
	ALLPAIRS	F4
	ALLPAIRS	X64
	ALLPAIRS	F2
	ALLPAIRS	X32
	ALLPAIRS	F1
	ALLPAIRS	FSTORE

	CLEANUP
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_ntt_avx512,.-_gcry_mldsa_ntt_avx512;)


/* void _gcry_mldsa_invntt_avx512 (s32 a[256], const s32 table[1192]) */
.globl _gcry_mldsa_invntt_avx512
ELF(.type _gcry_mldsa_invntt_avx512,@function;)
.align 32
_gcry_mldsa_invntt_avx512:
	CFI_STARTPROC()
	SETUP

	/* Layers 1 .. 8 per register pair; vectors from word 0 on.  */
	ALLPAIRS	ILOAD
	ALLPAIRS	I1
	ALLPAIRS	X32
	ALLPAIRS	I2
	ALLPAIRS	X64
	ALLPAIRS	I4
	ALLPAIRS	XCD
	ALLPAIRS	I8
	ALLPAIRS	X44

	/* Layer 16: pairs at word 1152 (byte 4608).  */
	BCAST		4608
	GSB		%zmm0, %zmm1
	BCAST		4616
	GSB		%zmm2, %zmm3
	BCAST		4624
	GSB		%zmm4, %zmm5
	BCAST		4632
	GSB		%zmm6, %zmm7
	BCAST		4640
	GSB		%zmm8, %zmm9
	BCAST		4648
	GSB		%zmm10, %zmm11
	BCAST		4656
	GSB		%zmm12, %zmm13
	BCAST		4664
	GSB		%zmm14, %zmm15
	/* Layer 32.  */
	BCAST		4672
	GSB		%zmm0, %zmm2
	GSB		%zmm1, %zmm3
	BCAST		4680
	GSB		%zmm4, %zmm6
	GSB		%zmm5, %zmm7
	BCAST		4688
	GSB		%zmm8, %zmm10
	GSB		%zmm9, %zmm11
	BCAST		4696
	GSB		%zmm12, %zmm14
	GSB		%zmm13, %zmm15
	/* Layer 64.  */
	BCAST		4704
	GSB		%zmm0, %zmm4
	GSB		%zmm1, %zmm5
	GSB		%zmm2, %zmm6
	GSB		%zmm3, %zmm7
	BCAST		4712
	GSB		%zmm8, %zmm12
	GSB		%zmm9, %zmm13
	GSB		%zmm10, %zmm14
	GSB		%zmm11, %zmm15
	/* Layer 128 with the scaling: F at byte 4720, G at 4728.  */
	BCAST		4720
	vpbroadcastd	4728(%rsi), S2
	vpbroadcastd	4732(%rsi), S3
	LAST		%zmm0, %zmm8, 0*64
	LAST		%zmm1, %zmm9, 1*64
	LAST		%zmm2, %zmm10, 2*64
	LAST		%zmm3, %zmm11, 3*64
	LAST		%zmm4, %zmm12, 4*64
	LAST		%zmm5, %zmm13, 5*64
	LAST		%zmm6, %zmm14, 6*64
	LAST		%zmm7, %zmm15, 7*64

	CLEANUP
	ret_spec_stop
	CFI_ENDPROC()
ELF(.size _gcry_mldsa_invntt_avx512,.-_gcry_mldsa_invntt_avx512;)

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
