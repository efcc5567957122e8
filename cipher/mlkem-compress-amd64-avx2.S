/* mlkem-compress-amd64-avx2.S - ML-KEM Compress/Decompress, AVX2
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

/* Algorithm: ByteEncode_d (Compress_d (a)) and Decompress_d
 * (ByteDecode_d (b)) of one polynomial (FIPS 203 Algorithm 14 lines
 * 22-23, Algorithm 15 lines 3-4; eqs. 4.7 and 4.8) for the ciphertext
 * widths d = 4, 5, 10, 11, 16 coefficients (one ymm of words) per
 * step, bit-identical to the portable code (cipher/mlkem-poly-generic.c).
 *
 * Compress_d (x) = floor ((2^d x + 1664) / q) mod 2^d for 0 <= x < q
 * (x = a + q if a < 0, as |a| < q).  In 16-bit lanes:
 *  - d = 4, 5:  t = mulhi_u (x, M) with M = 630 (d = 4) or 1260
 *    (d = 5), then (t + 1) >> 1 (vpavgw with zero).  The exhaustive
 *    check over 0 <= x < q (tests/t-mlkem-kernels.c tests all x) shows
 *    this equals the formula; M = round (2^(17+d) / q).
 *  - d = 10, 11:  c' = mulhi_u (x, M), M = 20159 or 40318 (about
 *    2^(16+d) / q), is the quotient or one less for every x < q.  The
 *    remainder r = 2^d x + 1664 - c' q then lies in [0, 2q), below
 *    2^15, so it is exact in 16-bit arithmetic (vpsllw, vpmullw wrap
 *    mod 2^16), and c = c' + (r > q - 1) (vpcmpgtw gives -1).
 * Packing (8 values = d bytes per 128-bit lane): vpmaddwd with word
 * pairs (1, 2^d) gives 2d-bit dwords; a qword is then folded to 4d
 * bits, lo | hi << 2d, as (w & LO) | ((w >> (32 - 2d)) & ~LO), LO =
 * 2^(2d) - 1 (the bits of lo that the shift moves down stay below
 * 2d).  For d = 4, 10 the 4d bits are whole bytes and one vpshufb
 * joins the two qwords of a lane; for d = 5, 11 the high qword is
 * first shifted left by 4 (vpsllvq) so that two vpshufb, OR-ed, merge
 * the shared middle byte.  Each lane is stored with exactly d bytes
 * (vmovd/vmovq, vpextrw, vpextrb), so nothing past R + 32 d is
 * written.
 *
 * Decompress_d (y) = floor ((q y + 2^(d-1)) / 2^d)
 *                  = vpmulhrsw (y << (15 - d), q),
 * since vpmulhrsw computes (a b + 2^14) >> 15 and y << (15 - d) < 2^15.
 * Unpacking: a 128-bit lane holds the d bytes of 8 values (the high
 * lane is loaded from B + d).  d = 4, 5, 10: vpshufb puts bytes k, k+1
 * (k = floor (d j / 8)) into word j, whose field then starts at bit
 * o = d j mod 8 with o + d <= 16; vpmullw by 2^(16 - o - d) moves it
 * to the top, vpsrlw 1 and a mask leave y << (15 - d).  d = 11 (o + d
 * up to 18): values 0-3 and 4-7 of each lane go to dwords (three bytes
 * each, two vpshufb), vpsrlvd by o, mask 2^11 - 1, and vpackusdw joins
 * them in coefficient order (it interleaves per lane); then vpsllw 4.
 * Decompress reads 16 bytes per lane, which would run past the
 * encoding in the last step (d = 10, 11) or the last two (d = 4, 5).
 * There the lanes come from loads that stay inside it, shifted down
 * (vpsrldq): the last step's high lane from the 16 bytes that end
 * with the encoding (and for 2d <= 16 its low lane too), the step
 * before it from its own start.  Nothing past B + 32 d is read, so
 * the input needs no padded copy (the copy cost about as much as the
 * kernel: d = 10 took 84 TSC ticks with it, 37 without).
 *
 * Layout: standard coefficient order; no alignment needed.
 *
 * Register plan: ymm0-ymm3 data, ymm6-ymm15 constants (see each
 * macro); rdi the output, rsi the input, eax the loop counter.  Only
 * caller-saved registers; no stack.  All ymm registers are cleared on
 * exit (vzeroall).
 *
 * Constant time: no branch or address depends on the data (the loop
 * counts are fixed).
 *
 * Requires: AVX2 (HWF_INTEL_AVX2).
 *
 * C prototypes (cipher/mlkem-avx2.h), d in {4, 5, 10, 11}:
 *   void _gcry_mlkem_compress_dD_avx2 (byte r[32 * D], const s16 a[256]);
 *     In: |a_i| < q.
 *   void _gcry_mlkem_decompress_dD_avx2 (s16 r[256],
 *                                        const byte b[32 * D]);
 *     Out: 0 <= r_i < q.  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX2_SUPPORT)))

.text

/* Store the D low bytes of XMM at OFF(%rdi).  */
#define STORE_4(x, off)  vmovd x, (off)(%rdi);
#define STORE_5(x, off)  vmovd x, (off)(%rdi); vpextrb $4, x, (off)+4(%rdi);
#define STORE_10(x, off) vmovq x, (off)(%rdi); vpextrw $4, x, (off)+8(%rdi);
#define STORE_11(x, off) vmovq x, (off)(%rdi); vpextrw $4, x, (off)+8(%rdi); \
                         vpextrb $10, x, (off)+10(%rdi);

/* Compress 16 coefficients in ymm0 (any |a| < q) to d-bit values in
 * ymm1.  ymm15 q, ymm14 M, ymm13 2^d - 1; ymm7 zero (d < 10) or 1664,
 * ymm6 q - 1 (d >= 10).  */
#define COMPRESS_SMALL \
        vpsraw $15, %ymm0, %ymm1; \
        vpand %ymm15, %ymm1, %ymm1; \
        vpaddw %ymm1, %ymm0, %ymm0; \
        vpmulhuw %ymm14, %ymm0, %ymm1; \
        vpavgw %ymm7, %ymm1, %ymm1; \
        vpand %ymm13, %ymm1, %ymm1;

#define COMPRESS_LARGE(d) \
        vpsraw $15, %ymm0, %ymm1; \
        vpand %ymm15, %ymm1, %ymm1; \
        vpaddw %ymm1, %ymm0, %ymm0; \
        vpmulhuw %ymm14, %ymm0, %ymm1; \
        vpsllw $(d), %ymm0, %ymm2; \
        vpaddw %ymm7, %ymm2, %ymm2; \
        vpmullw %ymm15, %ymm1, %ymm3; \
        vpsubw %ymm3, %ymm2, %ymm2; \
        vpcmpgtw %ymm6, %ymm2, %ymm2; \
        vpsubw %ymm2, %ymm1, %ymm1; \
        vpand %ymm13, %ymm1, %ymm1;

/* Pack the d-bit words of ymm1 to qwords of 4d bits.  ymm12 the
 * vpmaddwd pairs (1, 2^d), ymm11 the qword mask LO.  */
#define PACK_QWORDS(d) \
        vpmaddwd %ymm12, %ymm1, %ymm1; \
        vpsrlq $(32 - 2 * (d)), %ymm1, %ymm2; \
        vpand %ymm11, %ymm1, %ymm1; \
        vpandn %ymm2, %ymm11, %ymm2; \
        vpor %ymm2, %ymm1, %ymm1;

/* Join the two qwords of each lane into its first d bytes: one
 * vpshufb (ymm10) for d = 4, 10; for d = 5, 11 the high qword shifted
 * by ymm8 and two vpshufb (ymm10, ymm9).  */
#define JOIN_WHOLE \
        vpshufb %ymm10, %ymm1, %ymm1;
#define JOIN_HALF \
        vpsllvq %ymm8, %ymm1, %ymm1; \
        vpshufb %ymm9, %ymm1, %ymm2; \
        vpshufb %ymm10, %ymm1, %ymm1; \
        vpor %ymm2, %ymm1, %ymm1;

/* The compress entry for width D; COMPRESS is COMPRESS_SMALL or
 * COMPRESS_LARGE(D), JOIN is JOIN_WHOLE or JOIN_HALF.  */
#define COMPRESS_FUNC(d, compress, join) \
.align 16; \
ELF(.type _gcry_mlkem_compress_d##d##_avx2,@function;) \
.globl _gcry_mlkem_compress_d##d##_avx2; \
_gcry_mlkem_compress_d##d##_avx2: \
        CFI_STARTPROC(); \
        vmovdqa .Lcq rRIP, %ymm15; \
        vmovdqa .Lcm_d##d rRIP, %ymm14; \
        vmovdqa .Lcmask_d##d rRIP, %ymm13; \
        vmovdqa .Lcpack_d##d rRIP, %ymm12; \
        vmovdqa .Lclo_d##d rRIP, %ymm11; \
        vmovdqa .Lcshuf_d##d rRIP, %ymm10; \
        vmovdqa .Lcshufb_d##d rRIP, %ymm9; \
        vmovdqa .Lcsh rRIP, %ymm8; \
        vmovdqa .Lcadd_d##d rRIP, %ymm7; \
        vmovdqa .Lcqm1 rRIP, %ymm6; \
        movl $16, %eax; \
.align 16; \
.Lcompress_loop_d##d: \
        vmovdqu (%rsi), %ymm0; \
        compress \
        PACK_QWORDS(d) \
        join \
        vextracti128 $1, %ymm1, %xmm2; \
        STORE_##d(%xmm1, 0) \
        STORE_##d(%xmm2, d) \
        addq $32, %rsi; \
        addq $(2 * (d)), %rdi; \
        subl $1, %eax; \
        jnz .Lcompress_loop_d##d; \
        vzeroall; \
        ret_spec_stop; \
        CFI_ENDPROC(); \
ELF(.size _gcry_mlkem_compress_d##d##_avx2,.-_gcry_mlkem_compress_d##d##_avx2;)

COMPRESS_FUNC(4, COMPRESS_SMALL, JOIN_WHOLE)
COMPRESS_FUNC(5, COMPRESS_SMALL, JOIN_HALF)
COMPRESS_FUNC(10, COMPRESS_LARGE(10), JOIN_WHOLE)
COMPRESS_FUNC(11, COMPRESS_LARGE(11), JOIN_HALF)


/* Unpack 16 values of d = 4, 5, 10 bits (lanes loaded in ymm0) to
 * y << (15 - d) in words, then Decompress.  ymm15 q, ymm14 the
 * vpshufb control, ymm13 the vpmullw shifts, ymm12 the mask.  */
#define UNPACK_WORDS() \
        vpshufb %ymm14, %ymm0, %ymm0; \
        vpmullw %ymm13, %ymm0, %ymm0; \
        vpsrlw $1, %ymm0, %ymm0; \
        vpand %ymm12, %ymm0, %ymm0; \
        vpmulhrsw %ymm15, %ymm0, %ymm0;

/* The same for d = 11: ymm14/ymm13 the vpshufb controls of values 0-3
 * and 4-7 of each lane, ymm12/ymm11 their dword shifts, ymm10 the
 * dword mask 2^11 - 1.  */
#define UNPACK_DWORDS() \
        vpshufb %ymm13, %ymm0, %ymm1; \
        vpshufb %ymm14, %ymm0, %ymm0; \
        vpsrlvd %ymm11, %ymm1, %ymm1; \
        vpsrlvd %ymm12, %ymm0, %ymm0; \
        vpand %ymm10, %ymm1, %ymm1; \
        vpand %ymm10, %ymm0, %ymm0; \
        vpackusdw %ymm1, %ymm0, %ymm0; \
        vpsllw $4, %ymm0, %ymm0; \
        vpmulhrsw %ymm15, %ymm0, %ymm0;

/* The unpacking of the two lanes in ymm0 and the store at %rdi.  */
#define STEP_TAIL(unpack) \
        unpack() \
        vmovdqu %ymm0, (%rdi);

/* The last step for d = 10, 11 (2d > 16): the low lane as in the
 * loop, the high lane's bytes from the 16 that end with the
 * encoding.  */
#define LAST_STEP(d, unpack) \
        vmovdqu (%rsi), %xmm0; \
        vmovdqu (2 * (d) - 16)(%rsi), %xmm1; \
        vpsrldq $(16 - (d)), %xmm1, %xmm1; \
        vinserti128 $1, %xmm1, %ymm0, %ymm0; \
        STEP_TAIL(unpack)

/* The last two steps for d = 4, 5 (4d bytes left at %rsi, 2d <= 16):
 * the first from its own 16 bytes (they end at or before the
 * encoding's end), the second from the 16 that end with the
 * encoding.  */
#define LAST_TWO_STEPS(d, unpack) \
        vmovdqu (%rsi), %xmm0; \
        vpsrldq $(d), %xmm0, %xmm1; \
        vinserti128 $1, %xmm1, %ymm0, %ymm0; \
        STEP_TAIL(unpack) \
        vmovdqu (4 * (d) - 16)(%rsi), %xmm1; \
        vpsrldq $(16 - 2 * (d)), %xmm1, %xmm0; \
        vpsrldq $(16 - (d)), %xmm1, %xmm1; \
        vinserti128 $1, %xmm1, %ymm0, %ymm0; \
        addq $32, %rdi; \
        STEP_TAIL(unpack)

/* Decompression in STEPS loop steps, then LAST (the steps that
 * would read past the encoding).  */
#define DECOMPRESS_FUNC(d, setup, unpack, steps, last) \
.align 16; \
ELF(.type _gcry_mlkem_decompress_d##d##_avx2,@function;) \
.globl _gcry_mlkem_decompress_d##d##_avx2; \
_gcry_mlkem_decompress_d##d##_avx2: \
        CFI_STARTPROC(); \
        vmovdqa .Lcq rRIP, %ymm15; \
        setup \
        movl $(steps), %eax; \
.align 16; \
.Ldecompress_loop_d##d: \
        vmovdqu (%rsi), %xmm0; \
        vinserti128 $1, d(%rsi), %ymm0, %ymm0; \
        STEP_TAIL(unpack) \
        addq $(2 * (d)), %rsi; \
        addq $32, %rdi; \
        subl $1, %eax; \
        jnz .Ldecompress_loop_d##d; \
        last(d, unpack) \
        vzeroall; \
        ret_spec_stop; \
        CFI_ENDPROC(); \
ELF(.size _gcry_mlkem_decompress_d##d##_avx2,.-_gcry_mlkem_decompress_d##d##_avx2;)

#define SETUP_WORDS(d) \
        vmovdqa .Ldshuf_d##d rRIP, %ymm14; \
        vmovdqa .Ldmul_d##d rRIP, %ymm13; \
        vmovdqa .Ldmask_d##d rRIP, %ymm12;
#define SETUP_DWORDS \
        vmovdqa .Ldshufa_d11 rRIP, %ymm14; \
        vmovdqa .Ldshufb_d11 rRIP, %ymm13; \
        vmovdqa .Ldsrla_d11 rRIP, %ymm12; \
        vmovdqa .Ldsrlb_d11 rRIP, %ymm11; \
        vmovdqa .Ldmask_d11 rRIP, %ymm10;

DECOMPRESS_FUNC(4, SETUP_WORDS(4), UNPACK_WORDS, 14, LAST_TWO_STEPS)
DECOMPRESS_FUNC(5, SETUP_WORDS(5), UNPACK_WORDS, 14, LAST_TWO_STEPS)
DECOMPRESS_FUNC(10, SETUP_WORDS(10), UNPACK_WORDS, 15, LAST_STEP)
DECOMPRESS_FUNC(11, SETUP_DWORDS, UNPACK_DWORDS, 15, LAST_STEP)


ELF(.section .rodata)
.align 32
/* Sixteen words of a constant.  */
#define W16(c) .rept 16; .short c; .endr
/* Both lanes the same 16 bytes.  */
#define B32(...) .byte __VA_ARGS__; .byte __VA_ARGS__

.Lcq:      W16(3329)
.Lcqm1:    W16(3328)
/* vpavgw partner (zero) for d = 4, 5; the rounding offset
   (q - 1) / 2 = 1664 for d = 10, 11.  */
.Lcadd_d4:  W16(0)
.Lcadd_d5:  W16(0)
.Lcadd_d10: W16(1664)
.Lcadd_d11: W16(1664)
/* The mulhi multipliers M (see the header).  */
.Lcm_d4:   W16(630)
.Lcm_d5:   W16(1260)
.Lcm_d10:  W16(20159)
.Lcm_d11:  W16(40318)
.Lcmask_d4:  W16(0x000f)
.Lcmask_d5:  W16(0x001f)
.Lcmask_d10: W16(0x03ff)
.Lcmask_d11: W16(0x07ff)
/* vpmaddwd pairs (1, 2^d).  */
.Lcpack_d4:  .rept 8; .short 1, 16; .endr
.Lcpack_d5:  .rept 8; .short 1, 32; .endr
.Lcpack_d10: .rept 8; .short 1, 1024; .endr
.Lcpack_d11: .rept 8; .short 1, 2048; .endr
/* Qword masks LO = 2^(2d) - 1.  */
.Lclo_d4:  .rept 4; .quad 0xff; .endr
.Lclo_d5:  .rept 4; .quad 0x3ff; .endr
.Lclo_d10: .rept 4; .quad 0xfffff; .endr
.Lclo_d11: .rept 4; .quad 0x3fffff; .endr
/* Shift of the high qword of each lane for d = 5, 11.  */
.Lcsh:     .quad 0, 4, 0, 4
/* vpshufb controls joining a lane's qwords (4d bits each) into d
   bytes: d = 4, 10 take 4d/8 bytes of each; d = 5, 11 take bytes
   0..floor(4d/8) of the low qword (first control) and OR in the
   shifted high qword from byte floor(4d/8) on (second control).  */
.Lcshuf_d4:   B32(0, 1, 8, 9, 0x80, 0x80, 0x80, 0x80,
                  0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80)
.Lcshufb_d4:  B32(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                  0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80)
.Lcshuf_d5:   B32(0, 1, 2, 0x80, 0x80, 0x80, 0x80, 0x80,
                  0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80)
.Lcshufb_d5:  B32(0x80, 0x80, 8, 9, 10, 0x80, 0x80, 0x80,
                  0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80)
.Lcshuf_d10:  B32(0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 0x80, 0x80,
                  0x80, 0x80, 0x80, 0x80)
.Lcshufb_d10: B32(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                  0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80)
.Lcshuf_d11:  B32(0, 1, 2, 3, 4, 5, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                  0x80, 0x80, 0x80, 0x80)
.Lcshufb_d11: B32(0x80, 0x80, 0x80, 0x80, 0x80, 8, 9, 10, 11, 12, 13,
                  0x80, 0x80, 0x80, 0x80, 0x80)

/* Decompress, d = 4, 5, 10: word j of a lane gets bytes k, k+1 with
   k = floor (d j / 8); vpmullw by 2^(16 - o - d), o = d j mod 8; the
   mask (2^d - 1) << (15 - d).  */
.Ldshuf_d4:   B32(0, 1, 0, 1, 1, 2, 1, 2, 2, 3, 2, 3, 3, 4, 3, 4)
.Ldmul_d4:    .rept 8; .short 4096, 256; .endr
.Ldmask_d4:   W16(0x7800)
.Ldshuf_d5:   B32(0, 1, 0, 1, 1, 2, 1, 2, 2, 3, 3, 4, 3, 4, 4, 5)
.Ldmul_d5:    .rept 2; .short 2048, 64, 512, 16, 128, 1024, 32, 256; .endr
.Ldmask_d5:   W16(0x7c00)
.Ldshuf_d10:  B32(0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9)
.Ldmul_d10:   .rept 4; .short 64, 16, 4, 1; .endr
.Ldmask_d10:  W16(0x7fe0)
/* d = 11: dword j gets bytes k, k+1, k+2 (values 0-3 of the lane in
   the first control, 4-7 in the second), shifted right by o.  */
.Ldshufa_d11: B32(0, 1, 2, 0x80, 1, 2, 3, 0x80, 2, 3, 4, 0x80,
                  4, 5, 6, 0x80)
.Ldshufb_d11: B32(5, 6, 7, 0x80, 6, 7, 8, 0x80, 8, 9, 10, 0x80,
                  9, 10, 11, 0x80)
.Ldsrla_d11:  .long 0, 3, 6, 1, 0, 3, 6, 1
.Ldsrlb_d11:  .long 4, 7, 2, 5, 4, 7, 2, 5
.Ldmask_d11:  .rept 8; .long 0x7ff; .endr

#endif /* __x86_64__ && ENABLE_AVX2_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
