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
 * Per step 48 bytes (32 candidates): a byte-masked load of the 48
 * bytes into zmm0 and one vpermb (VBMI) make word 2j = bytes
 * (3j, 3j+1) and word 2j+1 = bytes (3j+1, 3j+2) of group j; vpsrlvw
 * shifts the odd words right by 4 and a mask keeps 12 bits.  A last
 * chunk of 24 bytes (504 = 10 * 48 + 24, 168 = 3 * 48 + 24) takes the
 * same steps on ymm0.  vpcmpuw gives the acceptance mask k1 and
 * vpcompressw packs the accepted words to the bottom of zmm1 (ymm1).
 * While CTR <= 224 (256 - 32) the 32 words are stored whole at
 * R[CTR] (the words past the count are overwritten by the next step
 * or lie beyond the 256 values), so that the steps depend on each
 * other only through one addition of the popcount; near the end a
 * store masked to min (popcount (k1), 256 - CTR) words appends them,
 * and nothing is written past R[255], so R needs no slack.  Steps of
 * 32 candidates instead of 16 took a 504-byte call from 115 to 66
 * cycles on Zen 5; the vpermb and the unmasked stores, from 63 to 48
 * TSC ticks on a Sapphire Rapids (before: four loads and a vpshufb
 * per step, and a store mask that waited for the previous count).
 * No look-up table (the AVX2 kernel's 4 KiB table and its copy
 * through a padded buffer go away).
 *
 * The input is public (it derives from rho): the loop and the store
 * count depend on it, as SampleNTT's do.
 *
 * Layout: R in standard order (mlkem-ops.h allows any layout only
 * before the count reaches 256; this one is always standard); no
 * alignment needed.
 *
 * Register plan: zmm0 candidates, zmm1 accepted words, zmm13 the
 * 12-bit mask, zmm14 the vpermb control, zmm15 q, zmm12 the vpsrlvw
 * shifts; k1 acceptance, k2 store mask, k3 the 48-byte load mask, k4
 * the 24-byte one; rdi R, esi CTR, rdx BUF, r9d BUFLEN, r10 bytes
 * consumed, eax/r11/ecx counts.  Only caller-saved registers; no
 * stack.  Vector registers cleared on exit (vzeroall).
 *
 * Requires: AVX-512 F/BW/VL (HWF_INTEL_AVX512), VBMI (vpermb) and
 * VBMI2 (vpcompressw), both under HWF_INTEL_VBMI2; POPCNT, which
 * every AVX-512 processor has.
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

/* Append the words of V0 (zmm0 or ymm0, W words) that k1 accepts to
 * R[CTR..] (rdi, esi), at most 256 - CTR of them: vpcompressw packs
 * them into V1; while CTR <= 256 - W all W words are stored, else a
 * store masked to the count.  CTR grows by the count.  Clobbers eax,
 * ecx, r11, k2.  */
#define APPEND_ACCEPTED(v0, v1, w) \
        vpcompressw v0, v1{%k1}{z}; \
        kmovd %k1, %eax; \
        popcntl %eax, %eax; \
        cmpl $(256 - (w)), %esi; \
        ja 2f; \
        vmovdqu16 v1, (%rdi, %rsi, 2); \
        addl %eax, %esi; \
        jmp 3f; \
    2:  movl $256, %r11d; \
        subl %esi, %r11d; \
        cmpl %r11d, %eax; \
        cmova %r11d, %eax; \
        movl %eax, %ecx; \
        movl $1, %r11d; \
        shlq %cl, %r11; \
        subq $1, %r11; \
        kmovd %r11d, %k2; \
        vmovdqu16 v1, (%rdi, %rsi, 2){%k2}; \
        addl %eax, %esi; \
    3:

/* The candidates of the chunk at BUF + r10 in V0 (zmm0 or ymm0, the
 * constants in the registers 12-15 of the same width) after its load
 * under mask K; k1 marks those below q.  */
#define CANDIDATES(v0, v12, v13, v14, v15, k) \
        vmovdqu8 (%rdx, %r10), v0{k}{z}; \
        vpermb v0, v14, v0; \
        vpsrlvw v12, v0, v0; \
        vpandq v13, v0, v0; \
        vpcmpuw $1, v15, v0, %k1;

.align 16
ELF(.type _gcry_mlkem_rej_uniform_vbmi2,@function)
.globl _gcry_mlkem_rej_uniform_vbmi2
_gcry_mlkem_rej_uniform_vbmi2:
        CFI_STARTPROC()
        movl %esi, %esi
        movl %ecx, %r9d
        xorl %r10d, %r10d
        vpbroadcastw .Lvq rRIP, %zmm15
        vmovdqu64 .Lvperm rRIP, %zmm14
        vpbroadcastw .Lv0fff rRIP, %zmm13
        vbroadcasti64x4 .Lvsrl rRIP, %zmm12
        movabsq $0xffffffffffff, %rax
        kmovq %rax, %k3
        movl $0xffffff, %eax
        kmovd %eax, %k4
.align 16
.Lzrej_loop:
        cmpl $255, %esi
        ja .Lvrej_done
        leal 48(%r10), %eax
        cmpl %r9d, %eax
        ja .Lvrej_loop
        CANDIDATES(%zmm0, %zmm12, %zmm13, %zmm14, %zmm15, %k3)
        APPEND_ACCEPTED(%zmm0, %zmm1, 32)
        addl $48, %r10d
        jmp .Lzrej_loop

.align 16
.Lvrej_loop:
        cmpl $255, %esi
        ja .Lvrej_done
        leal 24(%r10), %eax
        cmpl %r9d, %eax
        ja .Lvrej_done
        CANDIDATES(%ymm0, %ymm12, %ymm13, %ymm14, %ymm15, %k4)
        APPEND_ACCEPTED(%ymm0, %ymm1, 16)
        addl $24, %r10d
        jmp .Lvrej_loop

.Lvrej_done:
        movl %r10d, (%r8)
        movl %esi, %eax
        kxord %k1, %k1, %k1
        kxord %k2, %k2, %k2
        kxorq %k3, %k3, %k3
        kxord %k4, %k4, %k4
        vzeroall
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_mlkem_rej_uniform_vbmi2,.-_gcry_mlkem_rej_uniform_vbmi2)


ELF(.section .rodata)
.align 64
/* vpermb control: output bytes 4j .. 4j+3 are input bytes 3j, 3j+1,
 * 3j+1, 3j+2 (group j, j = 0..15); the first 32 serve the 24-byte
 * chunks.  */
.Lvperm:
        .irp j, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        .byte 3 * \j, 3 * \j + 1, 3 * \j + 1, 3 * \j + 2
        .endr
/* Word shifts: 0 for the even candidate of a group, 4 for the odd.  */
.Lvsrl:
        .rept 8
        .short 0, 4
        .endr
.Lvq:   .short 3329
.Lv0fff: .short 0x0fff

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
