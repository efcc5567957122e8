/* keccak-f1600-ppc64le-power10.S - Keccak-f[1600], POWER10 VSX
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

/* Algorithm: Keccak-p[1600,24] = Keccak-f[1600] (FIPS 202, Sections
 * 3.3 and 3.4), two states at a time: each 128-bit vector register
 * holds the same lane of two instances (a single state uses the first
 * doubleword only; the other one computes garbage that is never
 * stored).  The 4- and 8-way entry points run the 24 rounds once per
 * instance pair (0,1), (2,3), ...
 *
 * Round (Algorithms 1-6, as in keccak.c's KECCAK_ROUND):
 *   theta  C[x] = two xxeval (three-input XOR) per column,
 *          D[x] = C[x-1] ^ rol (C[x+1], 1)         (vrld, xxlxor),
 *   then per output row Y = 0..4, for X = 0..4 and the source lane
 *   s = (X + 3Y mod 5) + 5X of pi:
 *          B[X] = rol (A[s] ^ D[s mod 5], r[s])    (xxlxor, vrld),
 *   chi    A'[X,Y] = B[X] ^ (~B[X+1] & B[X+2])     (one xxeval),
 *   iota   A'[0,0] ^= RC[ir]                       (lxvdsx, xxeval).
 * That is 96 instructions per round for two states (10 + 5 + 5 for
 * C and D, 25 + 24 for theta and rho, 25 chi, 2 iota); the portable
 * code, which gcc vectorises two states per vector, needs about 175.
 *
 * Register plan.  vrld (the only doubleword rotate) reads and writes
 * VRs only and takes the count from a VR, while xxeval and xxlxor
 * reach all 64 VSRs; so the state lives in the other half:
 *   VSR 0-24   the 25 lanes (FPR-overlapped half),
 *   VSR 25-29  D[0..4],  VSR 30  RC[ir] in both doublewords,
 *   v0-v4      C[0..4] during theta, B[0..4] during a row,
 *   v5-v7      rol (C[x], 1),
 *   v8-v31     rotation counts: v(7+s) holds r[s] for lane s = 1..24
 *              (set once per call; v8 = 1 also serves theta).
 * The lanes a row reads are dead once its five B are computed, so
 * chi writes the row's outputs over them: the output lane 5Y+X takes
 * the register of its source lane s.  The lane-to-register map thus
 * follows pi from round to round; it is kept in the assembler symbols
 * L0..L24 while the 24 rounds are unrolled, and as pi is one cycle of
 * length 24 on the lanes 1..24, the map is the identity again after
 * the last round (checked below at assembly time).
 *
 * The 24 rounds are one local subroutine (keccak_p10_rounds, about
 * 12 KB) that each entry point calls per instance pair with lane i in
 * VSR i, RC in r4 and the offsets 8..48 in r6..r11; it changes v0-v7,
 * VSR 0-30 and r5 only.
 *
 * Layout (cipher/keccak.h): lane i of instance j of an N-way state is
 * at s[N*i + j], so lane i of the pair (j, j+1) is one 16-byte load
 * (lxv).  Which doubleword holds which instance does not matter: all
 * operations are element-wise and the store undoes the load.
 *
 * Stack and ABI (ELFv2): a 368-byte frame holds the non-volatile
 * f14-f30 and v20-v31, which are restored on exit; the link register
 * is kept in r12.  The state may be secret: v0-v7 and VSR 0-30 are
 * cleared before returning (VSR 14-30 before f14-f30 are reloaded,
 * which sets only their first doubleword).  No data-dependent
 * branches or addresses.
 *
 * Requires: POWER10 (ISA 3.1: xxeval; ISA 3.0: xxspltib, lxv/stxv),
 * HWF_PPC_ARCH_3_10; little-endian ELFv2.  Assembled only when
 * configure found an assembler that knows POWER10 code, xxeval and
 * paddi included (HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10).
 *
 * C prototypes (cipher/keccak.c; RC = keccak_round_consts, the 24
 * round constants of FIPS 202 Algorithm 6):
 *   void _gcry_keccak_f1600_power10 (u64 state[25], const u64 rc[24]);
 *   void _gcry_keccak_f1600_x4_power10 (u64 state[25 * 4],
 *                                       const u64 rc[24]);
 *   void _gcry_keccak_f1600_x8_power10 (u64 state[25 * 8],
 *                                       const u64 rc[24]);
 */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#if defined(__powerpc64__) && defined(__LITTLE_ENDIAN__) \
    && defined(_CALL_ELF) && _CALL_ELF == 2 \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(ENABLE_PPC_CRYPTO_SUPPORT) \
            && defined(HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10)))

	.abiversion 2
	.machine power10
	.text

/* xxeval truth tables: bit 7 - (4a + 2b + c) of the immediate is the
   result for the input bits a, b, c of XA, XB, XC.  */
#define XOR3 0x69		/* a ^ b ^ c */
#define CHI  0x4b		/* a ^ (~b & c) */
#define XOR2 0x3c		/* a ^ b */

/* VSRs of D[x] and RC; a VR v as a VSR is 32 + v.  */
#define D(x) (25 + (x))
#define RC 30
#define V(n) (32 + (n))

#define FRAME 368
#define VSAVE 32		/* v20-v31 at 32 .. 207 */
#define FSAVE 224		/* f14-f30 at 224 .. 359 */

#define FUNC(name) \
	.globl name; .type name,@function; .align 5; name:
#define ENDFUNC(name) .size name,.-name

/* The rotation counts r[s] of rho (FIPS 202 Table 2; keccak.c lists
   them by row) into v(7+s), lanes s = 1..24.  */
.macro SET_COUNTS
	.set cnt_s, 1
	.irp r, 1,62,28,27, 36,44,6,55,20, 3,10,43,25,39, 41,45,15,21,8, 18,2,61,56,14
	xxspltib V(7+cnt_s),\r
	.set cnt_s, cnt_s+1
	.endr
.endm

/* Store or load (VOP, FOP) the non-volatile v20-v31 and f14-f30 in
   the frame.  */
.macro NV_REGS vop, fop
	.set i, 0
	.rept 12
	\vop V(20+i),VSAVE+16*i(1)
	.set i, i+1
	.endr
	.set i, 0
	.rept 17
	\fop 14+i,FSAVE+8*i(1)
	.set i, i+1
	.endr
.endm

/* Entry and exit of the exported functions.  */
.macro PROLOGUE
	stdu 1,-FRAME(1)
	NV_REGS stxv, stfd
	mflr 12
	li 6,8; li 7,16; li 8,24; li 9,32; li 10,40; li 11,48
	SET_COUNTS
.endm

.macro EPILOGUE
	.set i, 0
	.rept 31
	xxlxor i,i,i
	.set i, i+1
	.endr
	.set i, 0
	.rept 8
	xxlxor V(i),V(i),V(i)
	.set i, i+1
	.endr
	NV_REGS lxv, lfd
	mtlr 12
	addi 1,1,FRAME
	blr
.endm

/* Lane i of the pair at byte offset OFF of a state with instance
   stride STRIDE bytes (lane stride STRIDE * number of instances) into
   or from VSR i.  */
.macro PAIR_IO op, step, off
	.set i, 0
	.rept 25
	\op i,\step*i+\off(3)
	.set i, i+1
	.endr
.endm


/* The rounds.  */

/* C[x] into v_x, then D[x] into VSR D(x).  */
.macro THETA
	xxeval V(0),L0,L5,L10,XOR3
	xxeval V(0),V(0),L15,L20,XOR3
	xxeval V(1),L1,L6,L11,XOR3
	xxeval V(1),V(1),L16,L21,XOR3
	xxeval V(2),L2,L7,L12,XOR3
	xxeval V(2),V(2),L17,L22,XOR3
	xxeval V(3),L3,L8,L13,XOR3
	xxeval V(3),V(3),L18,L23,XOR3
	xxeval V(4),L4,L9,L14,XOR3
	xxeval V(4),V(4),L19,L24,XOR3
	vrld 5,1,8
	vrld 6,2,8
	vrld 7,3,8
	xxlxor D(0),V(4),V(5)
	xxlxor D(1),V(0),V(6)
	xxlxor D(2),V(1),V(7)
	vrld 5,4,8
	vrld 6,0,8
	xxlxor D(3),V(2),V(5)
	xxlxor D(4),V(3),V(6)
.endm

/* B[X] = rol (A[s] ^ D[x], r[s]) into v_X, x = s mod 5.  */
.macro BLANE X, s, x
	xxlxor V(\X),L\s,D(\x)
	.if \s
	vrld \X,\X,7+\s
	.endif
.endm

/* Output row from the source lanes S0..S4 (columns X0..X4): rho, pi
   and chi; the outputs go to the registers of the source lanes.  */
.macro ROW s0,x0, s1,x1, s2,x2, s3,x3, s4,x4
	BLANE 0,\s0,\x0
	BLANE 1,\s1,\x1
	BLANE 2,\s2,\x2
	BLANE 3,\s3,\x3
	BLANE 4,\s4,\x4
	xxeval L\s0,V(0),V(1),V(2),CHI
	xxeval L\s1,V(1),V(2),V(3),CHI
	xxeval L\s2,V(2),V(3),V(4),CHI
	xxeval L\s3,V(3),V(4),V(0),CHI
	xxeval L\s4,V(4),V(0),V(1),CHI
.endm

/* Round constant number ir into both doublewords of VSR RC, from
   base + 8 * rc_k with rc_k = ir mod 7: the base is r4 = RC for the
   first 7 rounds, then r5 = RC + 56 * (ir div 7), advanced here; the
   offsets 8 .. 48 are in r6 .. r11.  */
.macro LOAD_RC
	.if rc_k == 0 && rc_first == 0
	paddi 5,rc_base,56,0
	.set rc_base, 5
	.endif
	.if rc_k == 0
	lxvdsx RC,0,rc_base
	.else
	lxvdsx RC,rc_base,5+rc_k
	.endif
	.set rc_first, 0
	.set rc_k, rc_k+1
	.if rc_k == 7
	.set rc_k, 0
	.endif
.endm

/* Prefixed (8-byte) and 4-byte instructions are grouped so that every
   group of 4-byte ones has an even length: a prefixed instruction
   must not cross a 64-byte boundary, and the nops the assembler would
   insert there would be executed.  Hence the 8-byte forms paddi for
   the base advance and xxeval (a ^ b) for iota.  */
.macro ROUND
	THETA
	LOAD_RC
	ROW  0,0,  6,1, 12,2, 18,3, 24,4
	xxeval L0,L0,RC,RC,XOR2
	ROW  3,3,  9,4, 10,0, 16,1, 22,2
	ROW  1,1,  7,2, 13,3, 19,4, 20,0
	ROW  4,4,  5,0, 11,1, 17,2, 23,3
	ROW  2,2,  8,3, 14,4, 15,0, 21,1
	/* Output lane 5Y+X now sits where source lane s of row Y was.  */
	.set N0,L0;   .set N1,L6;   .set N2,L12;  .set N3,L18;  .set N4,L24
	.set N5,L3;   .set N6,L9;   .set N7,L10;  .set N8,L16;  .set N9,L22
	.set N10,L1;  .set N11,L7;  .set N12,L13; .set N13,L19; .set N14,L20
	.set N15,L4;  .set N16,L5;  .set N17,L11; .set N18,L17; .set N19,L23
	.set N20,L2;  .set N21,L8;  .set N22,L14; .set N23,L15; .set N24,L21
	.set L0,N0;   .set L1,N1;   .set L2,N2;   .set L3,N3;   .set L4,N4
	.set L5,N5;   .set L6,N6;   .set L7,N7;   .set L8,N8;   .set L9,N9
	.set L10,N10; .set L11,N11; .set L12,N12; .set L13,N13; .set L14,N14
	.set L15,N15; .set L16,N16; .set L17,N17; .set L18,N18; .set L19,N19
	.set L20,N20; .set L21,N21; .set L22,N22; .set L23,N23; .set L24,N24
.endm

	/* A local function symbol (no .L label), so that profiles
	   (build-aux/ppc-icount.sh --profile) can name the rounds.  */
	.align 5
	.type keccak_p10_rounds,@function
keccak_p10_rounds:
	.set rc_k, 0
	.set rc_first, 1
	.set rc_base, 4
	.set L0,0;   .set L1,1;   .set L2,2;   .set L3,3;   .set L4,4
	.set L5,5;   .set L6,6;   .set L7,7;   .set L8,8;   .set L9,9
	.set L10,10; .set L11,11; .set L12,12; .set L13,13; .set L14,14
	.set L15,15; .set L16,16; .set L17,17; .set L18,18; .set L19,19
	.set L20,20; .set L21,21; .set L22,22; .set L23,23; .set L24,24
	.rept 24
	ROUND
	.endr
	/* pi^24 is the identity: every lane is back in its register.  */
	.set i, 0
	.irp m, L0,L1,L2,L3,L4,L5,L6,L7,L8,L9,L10,L11,L12,L13,L14,L15,L16,L17,L18,L19,L20,L21,L22,L23,L24
	.if \m != i
	.error "keccak-f1600-ppc64le-power10.S: lane map not the identity"
	.endif
	.set i, i+1
	.endr
	blr
	.size keccak_p10_rounds,.-keccak_p10_rounds


FUNC(_gcry_keccak_f1600_power10)
	PROLOGUE
	PAIR_IO lfd, 8, 0
	bl keccak_p10_rounds
	PAIR_IO stfd, 8, 0
	EPILOGUE
ENDFUNC(_gcry_keccak_f1600_power10)

FUNC(_gcry_keccak_f1600_x4_power10)
	PROLOGUE
	PAIR_IO lxv, 32, 0
	bl keccak_p10_rounds
	PAIR_IO stxv, 32, 0
	PAIR_IO lxv, 32, 16
	bl keccak_p10_rounds
	PAIR_IO stxv, 32, 16
	EPILOGUE
ENDFUNC(_gcry_keccak_f1600_x4_power10)

FUNC(_gcry_keccak_f1600_x8_power10)
	PROLOGUE
	.irp off, 0, 16, 32, 48
	PAIR_IO lxv, 64, \off
	bl keccak_p10_rounds
	PAIR_IO stxv, 64, \off
	.endr
	EPILOGUE
ENDFUNC(_gcry_keccak_f1600_x8_power10)

	.section .note.GNU-stack,"",%progbits

#endif
