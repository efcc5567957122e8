/* sha256-transform-amd64-shaext.S - SHA-256 compression, SHA extensions
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

/* Algorithm: the SHA-256 compression function (FIPS 180-4, Section
 * 6.2.2) on NBLOCKS consecutive 64-byte blocks, for SHA-224 and
 * SHA-256 alike (they differ only in the initial value).
 *
 * The instructions (Intel SDM vol. 2, SHA256RNDS2, SHA256MSG1,
 * SHA256MSG2) want the working variables split as ABEF = {A, B, E, F}
 * and CDGH = {C, D, G, H}, A and C in the top dword.
 * "sha256rnds2 %xmm0, ABEF, CDGH" performs two rounds with the
 * W[t] + K[t] of the low two dwords of xmm0 and leaves the new ABEF in
 * its destination, while the old ABEF is the new CDGH: so a pair of
 * instructions with the roles swapped does four rounds and brings the
 * registers back to their names.
 *
 * Message schedule, in groups of four words M_i = W[4i..4i+3] (W[4i]
 * in the low dword):
 *   M_{i+4} = msg2 (msg1 (M_i, M_{i+1}) + W[4i+9..4i+12], M_{i+3})
 * where msg1 adds sigma0 of the next word to each word, the middle
 * term is W[t-7] (palignr of M_{i+3}:M_{i+2}), and msg2 adds sigma1 of
 * W[t-2], two words of which it computes itself.  M_{i+4} replaces
 * M_i in the same register once group i has taken its W + K.
 *
 * Register plan:
 *   xmm0        W + K of the current four rounds (implicit operand)
 *   xmm1, xmm2  ABEF, CDGH
 *   xmm3-xmm6   the message ring M_i .. M_{i+3}
 *   xmm7        temporary (W[t-7] words)
 *   xmm8        pshufb mask: big-endian dwords
 *   xmm9, xmm10 ABEF, CDGH at the start of the block (feed-forward)
 *   rdi state (u32 h[8] in the order A..H), rsi data, rdx nblocks,
 *   rcx the 64 round constants K[t] (FIPS 180-4, 4.2.2)
 *
 * Only xmm registers are used (no VEX code, no upper ymm state); all
 * of them are zeroed before return.  No stack.
 *
 * Requires: SHA extensions, SSSE3, SSE4.1 (HWF_INTEL_SHAEXT).
 *
 * C prototype:
 *   void _gcry_sha256_transform_amd64_shaext (u32 state[8],
 *                                             const byte *data,
 *                                             size_t nblocks,
 *                                             const u32 k[64]);
 * NBLOCKS may be 0.  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(HAVE_GCC_INLINE_ASM_SHAEXT)))

#define WK    %xmm0
#define ABEF  %xmm1
#define CDGH  %xmm2
#define TMP   %xmm7
#define BSWAP %xmm8
#define ABEF0 %xmm9
#define CDGH0 %xmm10

/* Four rounds 4I..4I+3 on the message words in MI.  */
#define ROUNDS4(i, mi)                                  \
        movdqa mi, WK;                                  \
        paddd (16 * (i))(%rcx), WK;                     \
        sha256rnds2 WK, ABEF, CDGH;                     \
        pshufd $0x0e, WK, WK;                           \
        sha256rnds2 WK, CDGH, ABEF;

/* Four rounds and the schedule of the group four ahead, which
   overwrites MI (see the header).  */
#define ROUNDS4_SCHED(i, mi, mi1, mi2, mi3)             \
        ROUNDS4 (i, mi)                                 \
        sha256msg1 mi1, mi;                             \
        movdqa mi3, TMP;                                \
        palignr $4, mi2, TMP;                           \
        paddd TMP, mi;                                  \
        sha256msg2 mi3, mi;

.text

.align 16
ELF(.type _gcry_sha256_transform_amd64_shaext,@function)
.globl _gcry_sha256_transform_amd64_shaext
_gcry_sha256_transform_amd64_shaext:
        /* input:
         *      %rdi: state, %rsi: data, %rdx: nblocks, %rcx: K[64]
         */
        CFI_STARTPROC()
        testq %rdx, %rdx
        jz .Lsha256_done

        movdqa .Lsha256_bswap_mask rRIP, BSWAP

        /* (A,B,C,D), (E,F,G,H) with A, E in the low dwords into ABEF
           and CDGH.  */
        movdqu 0(%rdi), ABEF
        movdqu 16(%rdi), CDGH
        pshufd $0xb1, ABEF, ABEF        /* (B,A,D,C) */
        pshufd $0x1b, CDGH, CDGH        /* (H,G,F,E) */
        movdqa ABEF, TMP
        palignr $8, CDGH, ABEF          /* (F,E,B,A) */
        pblendw $0xf0, TMP, CDGH        /* (H,G,D,C) */

.align 16
.Lsha256_loop:
        movdqa ABEF, ABEF0
        movdqa CDGH, CDGH0

        movdqu 0(%rsi), %xmm3
        movdqu 16(%rsi), %xmm4
        movdqu 32(%rsi), %xmm5
        movdqu 48(%rsi), %xmm6
        pshufb BSWAP, %xmm3
        pshufb BSWAP, %xmm4
        pshufb BSWAP, %xmm5
        pshufb BSWAP, %xmm6

        ROUNDS4_SCHED (0, %xmm3, %xmm4, %xmm5, %xmm6)
        ROUNDS4_SCHED (1, %xmm4, %xmm5, %xmm6, %xmm3)
        ROUNDS4_SCHED (2, %xmm5, %xmm6, %xmm3, %xmm4)
        ROUNDS4_SCHED (3, %xmm6, %xmm3, %xmm4, %xmm5)
        ROUNDS4_SCHED (4, %xmm3, %xmm4, %xmm5, %xmm6)
        ROUNDS4_SCHED (5, %xmm4, %xmm5, %xmm6, %xmm3)
        ROUNDS4_SCHED (6, %xmm5, %xmm6, %xmm3, %xmm4)
        ROUNDS4_SCHED (7, %xmm6, %xmm3, %xmm4, %xmm5)
        ROUNDS4_SCHED (8, %xmm3, %xmm4, %xmm5, %xmm6)
        ROUNDS4_SCHED (9, %xmm4, %xmm5, %xmm6, %xmm3)
        ROUNDS4_SCHED (10, %xmm5, %xmm6, %xmm3, %xmm4)
        ROUNDS4_SCHED (11, %xmm6, %xmm3, %xmm4, %xmm5)
        ROUNDS4 (12, %xmm3)
        ROUNDS4 (13, %xmm4)
        ROUNDS4 (14, %xmm5)
        ROUNDS4 (15, %xmm6)

        paddd ABEF0, ABEF
        paddd CDGH0, CDGH

        addq $64, %rsi
        decq %rdx
        jnz .Lsha256_loop

        /* Back to (A,B,C,D), (E,F,G,H).  */
        pshufd $0x1b, ABEF, ABEF        /* (A,B,E,F) */
        pshufd $0xb1, CDGH, CDGH        /* (G,H,C,D) */
        movdqa ABEF, TMP
        pblendw $0xf0, CDGH, ABEF       /* (A,B,C,D) */
        palignr $8, TMP, CDGH           /* (E,F,G,H) */
        movdqu ABEF, 0(%rdi)
        movdqu CDGH, 16(%rdi)

        CLEAR_XMM0_10()
.Lsha256_done:
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_sha256_transform_amd64_shaext,.-_gcry_sha256_transform_amd64_shaext)

ELF(.section .rodata)
.align 16
/* pshufb control: reverse the bytes of each dword.  */
.Lsha256_bswap_mask:
        .byte 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12

#endif /* __x86_64__ && HAVE_GCC_INLINE_ASM_SHAEXT */

ELF(.section .note.GNU-stack,"",%progbits)
