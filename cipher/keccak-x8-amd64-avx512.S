/* keccak-x8-amd64-avx512.S - Keccak-f[1600] on 8 or 4 states, AVX-512
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

/* Algorithm: Keccak-p[1600,24] = Keccak-f[1600] (FIPS 202, 3.3 and
 * 3.4) on N independent states at once: N = 8 with zmm registers, and
 * N = 4 with ymm registers (AVX-512VL gives 32 of them and the same
 * instructions).  Each round is theta, rho, pi, chi, iota (FIPS 202
 * Algorithms 1-6).
 *
 * Layout (cipher/keccak.h): lane i = x + 5*y of instance j is the u64
 * at s[N*i + j], so lane i of all instances is one vector at byte
 * offset 8*N*i.  The state may be only 8-byte aligned.
 *
 * The round (register plan, schedule) is in keccak-amd64-avx512.h:
 * every lane has its own register, V0-V24; vprolq does rho in place
 * and pi by renaming (which register holds which lane changes from
 * round to round and is restored every two rounds by register moves);
 * vpternlogq does the 3-way xors of theta and the whole of chi.
 * No stack is used but by the 9-way entry point (at the end: the
 * 8-way call with a ninth state in general-purpose registers).  On
 * exit all vector registers are zeroed and vzeroupper is executed.
 *
 * The x4s8 entry points are the 4-way permutation on instances 0-3
 * of an 8-way state (lane i at byte offset 64 i; the caller passes
 * the state plus 4 u64 for instances 4-7), leaving the other four
 * alone: the multi-stream scheduler finishes a run on one half of
 * its 8-way state at the price of a 4-way call, without re-packing
 * the streams (cipher/keccak.c).
 *
 * Each function comes in two variants of the round (the end of the
 * header's comment): the plain names for AMD cores, the suffix _intel
 * for Intel cores (fewer instructions per round).
 *
 * Requires: AVX-512F and AVX-512VL (HWF_INTEL_AVX512); the 9-way
 * entry point also BMI1 and BMI2 (HWF_INTEL_BMI2).
 *
 * C prototypes:
 *   void _gcry_keccak_f1600_x8_avx512 (u64 *state);   // 200 u64
 *   void _gcry_keccak_f1600_x4_avx512 (u64 *state);   // 100 u64
 *   void _gcry_keccak_f1600_x9_avx512 (u64 *state);   // 225 u64
 *   void _gcry_keccak_f1600_x4s8_avx512 (u64 *state); // 200 u64
 *   void _gcry_keccak_f1600_x8_avx512_intel (u64 *state);
 *   void _gcry_keccak_f1600_x4_avx512_intel (u64 *state);
 *   void _gcry_keccak_f1600_x4s8_avx512_intel (u64 *state);  */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "asm-common-amd64.h"

#if defined(__x86_64__) && defined(__ELF__) \
    && (!defined(HAVE_CONFIG_H) \
        || (defined(HAVE_COMPATIBLE_GCC_AMD64_PLATFORM_AS) \
            && defined(ENABLE_AVX512_SUPPORT)))

#include "keccak-amd64-avx512.h"

.text

/* The function NAME: the permutation of the state at %rdi, lane i at
 * byte offset STRIDE * i.  */
#define KECCAK_XN_FUNC(name, stride) \
        .align 64; \
        ELF(.type name,@function;) \
        .globl name; \
    name: \
        CFI_STARTPROC(); \
        PERMUTE_BODY(vmovdqu64, stride) \
        ret_spec_stop; \
        CFI_ENDPROC(); \
        ELF(.size name,.-name;)

#define COL_PARITY COL_PARITY_XOR
#define VNAME zmm
#define BCST {1to8}
KECCAK_XN_FUNC(_gcry_keccak_f1600_x8_avx512, 64)
#undef VNAME
#undef BCST
#define VNAME ymm
#define BCST {1to4}
KECCAK_XN_FUNC(_gcry_keccak_f1600_x4_avx512, 32)
KECCAK_XN_FUNC(_gcry_keccak_f1600_x4s8_avx512, 64)
#undef VNAME
#undef BCST
#undef COL_PARITY

#define COL_PARITY COL_PARITY_TERN
#define VNAME zmm
#define BCST {1to8}
KECCAK_XN_FUNC(_gcry_keccak_f1600_x8_avx512_intel, 64)
#undef VNAME
#undef BCST
#define VNAME ymm
#define BCST {1to4}
KECCAK_XN_FUNC(_gcry_keccak_f1600_x4_avx512_intel, 32)
KECCAK_XN_FUNC(_gcry_keccak_f1600_x4s8_avx512_intel, 64)
#undef VNAME
#undef BCST
#undef COL_PARITY

/* The 9-way entry point, for cores that split zmm instructions in two
 * halves (AMD Zen 4): the 8-way permutation above, with the AMD round,
 * and a ninth state, stored after the 8-way block (lane i at byte
 * 1600 + 8 i), on the general-purpose registers at the same time (the
 * round of keccak-scalar-amd64.h): its theta and rows 0-1 before each
 * zmm round, rows 2-4 after it.  The zmm round keeps the vector pipes
 * busy for about 60 cycles, in which the integer pipes run the scalar
 * round's 150 instructions.  The scalar round reads its lanes from one
 * buffer and writes them to the other, the ninth state and a stack
 * scratch alternately, so after each pair of rounds they are in the
 * state again.
 * Stack: 25 scalar lanes (200 bytes), D (40), the round-pair counter
 * and the state pointer; wiped before return.  Registers: rax round
 * constants (both rounds), rsi/rdx the scalar buffers, the rest as in
 * keccak-scalar-amd64.h.  */

#define SLANE(x, y)  (8 * ((x) + 5 * (y)))
#define SD(x)        (200 + 8 * (x))(%rsp)
#define X9_PAIRS     240(%rsp)
#define X9_STATEP    248(%rsp)
#define X9_SCRATCH   256

#include "keccak-scalar-amd64.h"

#define COL_PARITY COL_PARITY_XOR
#define VNAME zmm
#define BCST {1to8}

.align 64
ELF(.type _gcry_keccak_f1600_x9_avx512,@function)
.globl _gcry_keccak_f1600_x9_avx512
_gcry_keccak_f1600_x9_avx512:
        /* input:
         *      %rdi: 8-way interleaved state followed by a ninth one,
         *            225 u64, any 8-byte alignment; permuted in place
         */
        SCALAR_SAVE(X9_SCRATCH, 64)

        LOAD_STATE(vmovdqu64, 64)
        movq %rdi, X9_STATEP
        movl $12, X9_PAIRS
        leaq KECCAK_RC_TABLE rRIP, %rax
        leaq 1600(%rdi), %rsi
        movq %rsp, %rdx
        SCOLUMN(0, SC0)
        SCOLUMN(1, SC1)
        SCOLUMN(2, SC2)
        SCOLUMN(3, SC3)
        SCOLUMN(4, SC4)
        .align 16
    1:
        STHETA
        SROW0_RC((%rax))
        SROW1
        ROUND_FIRST()
        SROW2
        SROW3
        SROW4
        xchgq %rsi, %rdx
        STHETA
        SROW0_RC(8(%rax))
        SROW1
        ROUND_SECOND()
        SROW2
        SROW3
        SROW4
        xchgq %rsi, %rdx
        ROUND_MOVES()
        addq $16, %rax
        subl $1, X9_PAIRS
        jnz 1b

        movq X9_STATEP, %rdi
        STORE_STATE(vmovdqu64, 64)
        /* Wipe the scratch (lanes, D), then the registers.  */
        vpxord %zmm0, %zmm0, %zmm0
        vmovdqa64 %zmm0, 0(%rsp)
        vmovdqa64 %zmm0, 64(%rsp)
        vmovdqa64 %zmm0, 128(%rsp)
        vmovdqa64 %zmm0, 192(%rsp)
        CLEAR_ALL()
        SCALAR_RESTORE()
ELF(.size _gcry_keccak_f1600_x9_avx512,.-_gcry_keccak_f1600_x9_avx512)

#undef VNAME
#undef BCST
#undef COL_PARITY

ELF(.section .rodata)
KECCAK_RC_TABLE_DATA()

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
