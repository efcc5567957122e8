/* mlkem-rej-amd64-vbmi2.S - ML-KEM SampleNTT rejection step, AVX-512 VBMI2
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

/* Algorithm: the rejection step of SampleNTT (FIPS 203 Algorithm 7,
 * lines 5-13): the 12-bit candidates d_1, d_2, ... of BUF (two per
 * three bytes, little endian) that are below q are appended to
 * R[CTR..], in order, until 256 values are held.
 *
 * Per step 48 bytes (32 candidates) in zmm0: its four 128-bit lanes
 * get bytes 0..15, 8..23, 24..39 and 32..47 of the chunk (no read past
 * it), and the candidates of lane i start at lane byte 0 or 4 (i even
 * or odd); vpshufb makes word 2j = bytes (o, o+1) and word 2j+1 =
 * bytes (o+1, o+2) of group j at lane offset o, vpsrlvw shifts the odd
 * words right by 4 and a mask keeps 12 bits.  A last chunk of 24 bytes
 * (504 = 10 * 48 + 24, 168 = 3 * 48 + 24) takes the same steps on the
 * two lanes of ymm0.  The step count matters more than its width:
 * each step waits for the previous one's count (kmovd, popcnt, the
 * clamp), about 5.5 cycles on Zen 5, so 32 candidates per step took
 * a 504-byte call from 115 to 66 cycles.  vpcmpuw gives the
 * acceptance mask k1, vpcompressw packs the accepted words to the
 * bottom of zmm1 (ymm1), and a masked store (vmovdqu16 with the low
 * min (popcount (k1), 256 - CTR) bits) appends them: nothing is
 * written past R[255], so R needs no slack, and no look-up table is
 * needed (the AVX2 kernel's 4 KiB table and its copy through a padded
 * buffer go away).
 *
 * The input is public (it derives from rho): the loop and the store
 * count depend on it, as SampleNTT's do.
 *
 * Layout: R in standard order (mlkem-ops.h allows any layout only
 * before the count reaches 256; this one is always standard); no
 * alignment needed.
 *
 * Register plan: zmm0 candidates, zmm1 accepted words, zmm13 the
 * 12-bit mask, zmm14 the vpshufb control, zmm15 q, zmm12 the vpsrlvw
 * shifts (the 32-byte tables broadcast to both halves); k1
 * acceptance, k2 store mask; rdi R, esi CTR, rdx BUF, r9d BUFLEN, r10
 * bytes consumed, eax/r11/ecx counts.  Only caller-saved
 * registers; no stack.  Vector registers cleared on exit (vzeroall).
 *
 * Requires: AVX-512 F/BW/VL (HWF_INTEL_AVX512) and VBMI2
 * (HWF_INTEL_VBMI2); POPCNT, which every AVX-512 processor has.
 *
 * C prototype (cipher/mlkem-avx512.h):
 *   unsigned int _gcry_mlkem_rej_uniform_vbmi2 (s16 r[256],
 *                                               unsigned int ctr,
 *                                               const byte *buf,
 *                                               unsigned int buflen,
 *                                               unsigned int *pos);
 *   Consumes whole 48-byte, then 24-byte chunks while CTR < 256;
 *   stores the bytes consumed to *POS and returns the new CTR (at
 *   most 256).  */

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

/* Append the words of V that k1 accepts to R[CTR..] (rdi, esi), at
 * most 256 - CTR of them: vpcompressw packs them into T, and a store
 * masked to their count (a mask of up to 32 bits, made in 64 bits)
 * writes them; CTR grows by the count.  Clobbers eax, ecx, r11, k2.  */
#define APPEND_ACCEPTED(v, t) \
        vpcompressw v, t{%k1}{z}; \
        kmovd %k1, %eax; \
        popcntl %eax, %eax; \
        movl $256, %r11d; \
        subl %esi, %r11d; \
        cmpl %r11d, %eax; \
        cmova %r11d, %eax; \
        movl %eax, %ecx; \
        movl $1, %r11d; \
        shlq %cl, %r11; \
        subq $1, %r11; \
        kmovd %r11d, %k2; \
        vmovdqu16 t, (%rdi, %rsi, 2){%k2}; \
        addl %eax, %esi;

.align 16
ELF(.type _gcry_mlkem_rej_uniform_vbmi2,@function)
.globl _gcry_mlkem_rej_uniform_vbmi2
_gcry_mlkem_rej_uniform_vbmi2:
        CFI_STARTPROC()
        movl %esi, %esi
        movl %ecx, %r9d
        xorl %r10d, %r10d
        vbroadcasti64x4 .Lvq rRIP, %zmm15
        vbroadcasti64x4 .Lvshuf rRIP, %zmm14
        vbroadcasti64x4 .Lv0fff rRIP, %zmm13
        vbroadcasti64x4 .Lvsrl rRIP, %zmm12
.align 16
.Lzrej_loop:
        cmpl $255, %esi
        ja .Lvrej_done
        leal 48(%r10), %eax
        cmpl %r9d, %eax
        ja .Lvrej_loop
        vmovdqu (%rdx, %r10), %xmm0
        vinserti32x4 $1, 8(%rdx, %r10), %zmm0, %zmm0
        vinserti32x4 $2, 24(%rdx, %r10), %zmm0, %zmm0
        vinserti32x4 $3, 32(%rdx, %r10), %zmm0, %zmm0
        vpshufb %zmm14, %zmm0, %zmm0
        vpsrlvw %zmm12, %zmm0, %zmm0
        vpandq %zmm13, %zmm0, %zmm0
        vpcmpuw $1, %zmm15, %zmm0, %k1
        APPEND_ACCEPTED(%zmm0, %zmm1)
        addl $48, %r10d
        jmp .Lzrej_loop

.align 16
.Lvrej_loop:
        cmpl $255, %esi
        ja .Lvrej_done
        leal 24(%r10), %eax
        cmpl %r9d, %eax
        ja .Lvrej_done
        vmovdqu (%rdx, %r10), %xmm0
        vinserti128 $1, 8(%rdx, %r10), %ymm0, %ymm0
        vpshufb %ymm14, %ymm0, %ymm0
        vpsrlvw %ymm12, %ymm0, %ymm0
        vpand %ymm13, %ymm0, %ymm0
        vpcmpuw $1, %ymm15, %ymm0, %k1
        APPEND_ACCEPTED(%ymm0, %ymm1)
        addl $24, %r10d
        jmp .Lvrej_loop

.Lvrej_done:
        movl %r10d, (%r8)
        movl %esi, %eax
        kxord %k1, %k1, %k1
        kxord %k2, %k2, %k2
        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_rej_uniform_vbmi2,.-_gcry_mlkem_rej_uniform_vbmi2)


ELF(.section .rodata)
.align 32
.Lvq:
        .rept 16
        .short 3329
        .endr
.Lv0fff:
        .rept 16
        .short 0x0fff
        .endr
/* Word shifts: 0 for the even candidate of a group, 4 for the odd.  */
.Lvsrl:
        .rept 8
        .short 0, 4
        .endr
/* Bytes (o, o+1) and (o+1, o+2) of each 3-byte group; the high lane
   holds bytes 8..23, so its groups start at lane byte 4.  */
.Lvshuf:
        .byte 0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11
        .byte 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
