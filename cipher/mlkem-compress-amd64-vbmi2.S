/* mlkem-compress-amd64-vbmi2.S - ML-KEM Compress/Decompress, AVX-512 VBMI2
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

/* Algorithm: ByteEncode_d (Compress_d (a)) of one polynomial (FIPS
 * 203 Algorithm 14 lines 22-23, eq. 4.7) for the ciphertext widths
 * d = 4, 5, 10, 11, 32 coefficients (one zmm of words) per step,
 * bit-identical to the portable code.  The arithmetic and the packing
 * into each 128-bit lane are those of the AVX2 kernels
 * (cipher/mlkem-compress-amd64-avx2.S, whose header derives them) on
 * twice the width:
 *  - Compress_d: x = a + q if a < 0; for d = 4, 5 the quotient is
 *    (mulhi_u (x, M) + 1) >> 1; for d = 10, 11 c' = mulhi_u (x, M)
 *    and c = c' + 1 where r = 2^d x + 1664 - c' q exceeds q - 1 (a
 *    compare into k2 and a masked add);
 *  - vpmaddwd with the pairs (1, 2^d) and a fold give qwords of 4d
 *    bits, and vpshufb (after vpsllvq of the high qword for d = 5,
 *    11) joins the two qwords of a lane into its first d bytes.
 * What the AVX2 kernels do with two stores per lane (vmovd/vmovq and
 * vpextrw/vpextrb) is one vpcompressb here (VBMI2): mask k3 selects
 * the first d bytes of each lane and packs the 4d bytes of the step
 * to the bottom of the register, and a masked store (k4, the low 4d
 * bits) writes exactly them.  On Zen 5 the stores were most of the
 * AVX2 kernels' time.
 *
 * Decompress_d (ByteDecode_d (b)) (Algorithm 15 lines 3-4, eq. 4.8)
 * likewise: a masked load (k4) reads exactly the 4d bytes of a step,
 * vpexpandb (k3) puts each lane's d bytes at the start of its lane,
 * where the AVX2 kernels' 16-byte loads put them, and their per-lane
 * unpacking and vpmulhrsw by q follow on zmm.  Nothing past B + 32 d
 * is read, so the input needs no padded copy.
 *
 * Layout: standard coefficient order; no alignment needed.  Writes
 * exactly 32 d bytes.
 *
 * Register plan, compression: zmm0-zmm3 data; zmm15 q, zmm14 M,
 * zmm13 2^d - 1, zmm12 the vpmaddwd pairs, zmm11 the qword mask
 * LO = 2^(2d) - 1, zmm10 (and for d = 5, 11 zmm9) the vpshufb
 * controls, zmm8 the qword shifts (0, 4) for d = 5, 11, zmm7 zero
 * (d < 10) or 1664, zmm6 q - 1, zmm5 1 in every word; k1 scratch,
 * k2 the carry of the large widths, k3 the vpcompressb mask, k4 the
 * store mask.  Decompression: zmm0-zmm1 data, zmm10-zmm15 constants
 * (see its macros), k3 the vpexpandb mask, k4 the load mask.  Both:
 * rdi the output, rsi the input, eax the loop counter, rcx scratch.
 * Only caller-saved registers; no stack.  The vector registers are
 * cleared on exit (vzeroall), the mask registers too.
 *
 * Constant time: no branch or address depends on the data (fixed
 * loop count, constant masks).
 *
 * Requires: AVX-512 F/BW (HWF_INTEL_AVX512) and VBMI2
 * (HWF_INTEL_VBMI2).
 *
 * C prototypes (cipher/mlkem-avx512.h), d in {4, 5, 10, 11}:
 *   void _gcry_mlkem_compress_dD_vbmi2 (byte r[32 * D],
 *                                       const s16 a[256]);
 *     In: |a_i| < q.
 *   void _gcry_mlkem_decompress_dD_vbmi2 (s16 r[256],
 *                                         const byte b[32 * D]);
 *     Out: 0 <= r_i < q.  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX512_SUPPORT) \
            && defined(HAVE_GCC_INLINE_ASM_AVX512)))

.text

/* Compress the 32 coefficients in zmm0 (any |a| < q) to d-bit values
 * in zmm1.  */
#define ZCOMPRESS_SMALL \
        vpsraw $15, %zmm0, %zmm1; \
        vpandq %zmm15, %zmm1, %zmm1; \
        vpaddw %zmm1, %zmm0, %zmm0; \
        vpmulhuw %zmm14, %zmm0, %zmm1; \
        vpavgw %zmm7, %zmm1, %zmm1; \
        vpandq %zmm13, %zmm1, %zmm1;

#define ZCOMPRESS_LARGE(d) \
        vpsraw $15, %zmm0, %zmm1; \
        vpandq %zmm15, %zmm1, %zmm1; \
        vpaddw %zmm1, %zmm0, %zmm0; \
        vpmulhuw %zmm14, %zmm0, %zmm1; \
        vpsllw $(d), %zmm0, %zmm2; \
        vpaddw %zmm7, %zmm2, %zmm2; \
        vpmullw %zmm15, %zmm1, %zmm3; \
        vpsubw %zmm3, %zmm2, %zmm2; \
        vpcmpgtw %zmm6, %zmm2, %k2; \
        vpaddw %zmm5, %zmm1, %zmm1{%k2}; \
        vpandq %zmm13, %zmm1, %zmm1;

/* The d-bit words of zmm1 to qwords of 4d bits.  */
#define ZPACK_QWORDS(d) \
        vpmaddwd %zmm12, %zmm1, %zmm1; \
        vpsrlq $(32 - 2 * (d)), %zmm1, %zmm2; \
        vpandq %zmm11, %zmm1, %zmm1; \
        vpandnq %zmm2, %zmm11, %zmm2; \
        vporq %zmm2, %zmm1, %zmm1;

/* Join the two qwords of each lane into its first d bytes; the
 * SETUP macros load the constants of each (zmm10; zmm10, zmm9 and
 * the shifts in zmm8).  */
#define ZJOIN_WHOLE_SETUP(d) \
        vbroadcasti32x4 .Lzshuf_d##d rRIP, %zmm10;
#define ZJOIN_HALF_SETUP(d) \
        vbroadcasti32x4 .Lzshuf_d##d rRIP, %zmm10; \
        vbroadcasti32x4 .Lzshufb_d##d rRIP, %zmm9; \
        movl $0xaa, %ecx; \
        kmovw %ecx, %k1; \
        movl $4, %ecx; \
        vpbroadcastq %rcx, %zmm8{%k1}{z};
#define ZJOIN_WHOLE \
        vpshufb %zmm10, %zmm1, %zmm1;
#define ZJOIN_HALF \
        vpsllvq %zmm8, %zmm1, %zmm1; \
        vpshufb %zmm9, %zmm1, %zmm2; \
        vpshufb %zmm10, %zmm1, %zmm1; \
        vporq %zmm2, %zmm1, %zmm1;

/* k3: the first d bytes of each 128-bit lane; k4: the low 4d bytes
 * (the packed bytes of 32 values).  */
#define LANE_MASKS(d) \
        movabsq $(((1 << (d)) - 1) * 0x0001000100010001), %rcx; \
        kmovq %rcx, %k3; \
        movabsq $((1 << (4 * (d))) - 1), %rcx; \
        kmovq %rcx, %k4;

/* Clear the mask registers (k2 held data-dependent bits), rcx and
 * the vector registers, and return.  */
#define ZRETURN \
        kxorq %k1, %k1, %k1; \
        kxorq %k2, %k2, %k2; \
        kxorq %k3, %k3, %k3; \
        kxorq %k4, %k4, %k4; \
        xorl %ecx, %ecx; \
        vzeroall; \
        ret_spec_stop; \
        CFI_ENDPROC();

/* Word constant C in every word of ZMM (via ecx).  */
#define BCAST_W(c, zmm) \
        movl $(c), %ecx; \
        vpbroadcastw %ecx, zmm;

/* The compress entry for width D with the mulhi multiplier M and the
 * rounding term ADD; COMPRESS is ZCOMPRESS_SMALL or
 * ZCOMPRESS_LARGE(D), JOIN is ZJOIN_WHOLE or ZJOIN_HALF, with its
 * SETUP(D).  */
#define ZCOMPRESS_FUNC(d, m, add, compress, setup, join) \
.align 16; \
ELF(.type _gcry_mlkem_compress_d##d##_vbmi2,@function;) \
.globl _gcry_mlkem_compress_d##d##_vbmi2; \
_gcry_mlkem_compress_d##d##_vbmi2: \
        CFI_STARTPROC(); \
        BCAST_W(3329, %zmm15) \
        BCAST_W(m, %zmm14) \
        BCAST_W((1 << (d)) - 1, %zmm13) \
        movl $((1 << (16 + (d))) + 1), %ecx; \
        vpbroadcastd %ecx, %zmm12; \
        movq $((1 << (2 * (d))) - 1), %rcx; \
        vpbroadcastq %rcx, %zmm11; \
        setup(d) \
        BCAST_W(add, %zmm7) \
        BCAST_W(3328, %zmm6) \
        BCAST_W(1, %zmm5) \
        LANE_MASKS(d) \
        movl $8, %eax; \
.align 16; \
.Lzcompress_loop_d##d: \
        vmovdqu64 (%rsi), %zmm0; \
        compress \
        ZPACK_QWORDS(d) \
        join \
        vpcompressb %zmm1, %zmm1{%k3}{z}; \
        vmovdqu8 %zmm1, (%rdi){%k4}; \
        addq $64, %rsi; \
        addq $(4 * (d)), %rdi; \
        subl $1, %eax; \
        jnz .Lzcompress_loop_d##d; \
        ZRETURN \
ELF(.size _gcry_mlkem_compress_d##d##_vbmi2,.-_gcry_mlkem_compress_d##d##_vbmi2;)

/* M = round (2^(17+d) / q) for d = 4, 5 and about 2^(16+d) / q for
   d = 10, 11, as in the AVX2 kernels.  */
ZCOMPRESS_FUNC(4, 630, 0, ZCOMPRESS_SMALL, ZJOIN_WHOLE_SETUP, ZJOIN_WHOLE)
ZCOMPRESS_FUNC(5, 1260, 0, ZCOMPRESS_SMALL, ZJOIN_HALF_SETUP, ZJOIN_HALF)
ZCOMPRESS_FUNC(10, 20159, 1664, ZCOMPRESS_LARGE(10), ZJOIN_WHOLE_SETUP,
               ZJOIN_WHOLE)
ZCOMPRESS_FUNC(11, 40318, 1664, ZCOMPRESS_LARGE(11), ZJOIN_HALF_SETUP,
               ZJOIN_HALF)


/* Unpack the 32 values of d = 4, 5, 10 bits in the lanes of zmm0 to
 * y << (15 - d) in words, then Decompress: zmm15 q, zmm14 the vpshufb
 * control, zmm13 the vpmullw shifts, zmm12 the mask
 * (2^d - 1) << (15 - d).  */
#define ZUNPACK_WORDS \
        vpshufb %zmm14, %zmm0, %zmm0; \
        vpmullw %zmm13, %zmm0, %zmm0; \
        vpsrlw $1, %zmm0, %zmm0; \
        vpandq %zmm12, %zmm0, %zmm0; \
        vpmulhrsw %zmm15, %zmm0, %zmm0;

/* The same for d = 11: zmm14/zmm13 the vpshufb controls of values 0-3
 * and 4-7 of each lane, zmm12/zmm11 their dword shifts, zmm10 the
 * dword mask 2^11 - 1.  */
#define ZUNPACK_DWORDS \
        vpshufb %zmm13, %zmm0, %zmm1; \
        vpshufb %zmm14, %zmm0, %zmm0; \
        vpsrlvd %zmm11, %zmm1, %zmm1; \
        vpsrlvd %zmm12, %zmm0, %zmm0; \
        vpandd %zmm10, %zmm1, %zmm1; \
        vpandd %zmm10, %zmm0, %zmm0; \
        vpackusdw %zmm1, %zmm0, %zmm0; \
        vpsllw $4, %zmm0, %zmm0; \
        vpmulhrsw %zmm15, %zmm0, %zmm0;

#define ZSETUP_WORDS(d, mask) \
        vbroadcasti32x4 .Lzdshuf_d##d rRIP, %zmm14; \
        vbroadcasti32x4 .Lzdmul_d##d rRIP, %zmm13; \
        BCAST_W(mask, %zmm12)
#define ZSETUP_DWORDS \
        vbroadcasti32x4 .Lzdshufa_d11 rRIP, %zmm14; \
        vbroadcasti32x4 .Lzdshufb_d11 rRIP, %zmm13; \
        vbroadcasti32x4 .Lzdsrla_d11 rRIP, %zmm12; \
        vbroadcasti32x4 .Lzdsrlb_d11 rRIP, %zmm11; \
        movl $0x7ff, %ecx; \
        vpbroadcastd %ecx, %zmm10;

/* The decompress entry for width D.  */
#define ZDECOMPRESS_FUNC(d, setup, unpack) \
.align 16; \
ELF(.type _gcry_mlkem_decompress_d##d##_vbmi2,@function;) \
.globl _gcry_mlkem_decompress_d##d##_vbmi2; \
_gcry_mlkem_decompress_d##d##_vbmi2: \
        CFI_STARTPROC(); \
        BCAST_W(3329, %zmm15) \
        setup \
        LANE_MASKS(d) \
        movl $8, %eax; \
.align 16; \
.Lzdecompress_loop_d##d: \
        vmovdqu8 (%rsi), %zmm0{%k4}{z}; \
        vpexpandb %zmm0, %zmm0{%k3}{z}; \
        unpack \
        vmovdqu64 %zmm0, (%rdi); \
        addq $(4 * (d)), %rsi; \
        addq $64, %rdi; \
        subl $1, %eax; \
        jnz .Lzdecompress_loop_d##d; \
        ZRETURN \
ELF(.size _gcry_mlkem_decompress_d##d##_vbmi2,.-_gcry_mlkem_decompress_d##d##_vbmi2;)

ZDECOMPRESS_FUNC(4, ZSETUP_WORDS(4, 0x7800), ZUNPACK_WORDS)
ZDECOMPRESS_FUNC(5, ZSETUP_WORDS(5, 0x7c00), ZUNPACK_WORDS)
ZDECOMPRESS_FUNC(10, ZSETUP_WORDS(10, 0x7fe0), ZUNPACK_WORDS)
ZDECOMPRESS_FUNC(11, ZSETUP_DWORDS, ZUNPACK_DWORDS)


ELF(.section .rodata)
.align 16
/* vpshufb controls joining a lane's qwords (4d bits each) into its
   first d bytes: d = 4, 10 take 4d/8 bytes of each qword; d = 5, 11
   take bytes 0..floor(4d/8) of the low qword (first control) and OR
   in the high qword, shifted left by 4, from byte floor(4d/8) on
   (second control).  */
.Lzshuf_d4:   .byte 0, 1, 8, 9, 0x80, 0x80, 0x80, 0x80
              .byte 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
.Lzshuf_d5:   .byte 0, 1, 2, 0x80, 0x80, 0x80, 0x80, 0x80
              .byte 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
.Lzshufb_d5:  .byte 0x80, 0x80, 8, 9, 10, 0x80, 0x80, 0x80
              .byte 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
.Lzshuf_d10:  .byte 0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 0x80, 0x80
              .byte 0x80, 0x80, 0x80, 0x80
.Lzshuf_d11:  .byte 0, 1, 2, 3, 4, 5, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
              .byte 0x80, 0x80, 0x80, 0x80
.Lzshufb_d11: .byte 0x80, 0x80, 0x80, 0x80, 0x80, 8, 9, 10, 11, 12, 13
              .byte 0x80, 0x80, 0x80, 0x80, 0x80

/* Decompress, d = 4, 5, 10: word j of a lane gets bytes k, k+1 with
   k = floor (d j / 8), and the vpmullw factor 2^(16 - o - d),
   o = d j mod 8.  */
.Lzdshuf_d4:  .byte 0, 1, 0, 1, 1, 2, 1, 2, 2, 3, 2, 3, 3, 4, 3, 4
.Lzdmul_d4:   .rept 4; .short 4096, 256; .endr
.Lzdshuf_d5:  .byte 0, 1, 0, 1, 1, 2, 1, 2, 2, 3, 3, 4, 3, 4, 4, 5
.Lzdmul_d5:   .short 2048, 64, 512, 16, 128, 1024, 32, 256
.Lzdshuf_d10: .byte 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9
.Lzdmul_d10:  .rept 2; .short 64, 16, 4, 1; .endr
/* d = 11: dword j gets bytes k, k+1, k+2 (values 0-3 of the lane in
   the first control, 4-7 in the second), shifted right by o.  */
.Lzdshufa_d11: .byte 0, 1, 2, 0x80, 1, 2, 3, 0x80, 2, 3, 4, 0x80
               .byte 4, 5, 6, 0x80
.Lzdshufb_d11: .byte 5, 6, 7, 0x80, 6, 7, 8, 0x80, 8, 9, 10, 0x80
               .byte 9, 10, 11, 0x80
.Lzdsrla_d11:  .long 0, 3, 6, 1
.Lzdsrlb_d11:  .long 4, 7, 2, 5

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
