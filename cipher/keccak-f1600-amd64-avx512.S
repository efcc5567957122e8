/* keccak-f1600-amd64-avx512.S - Keccak-f[1600] on one state, AVX-512
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
 * 3.4) on a single state.  Each round is theta, rho, pi, chi, iota
 * (FIPS 202 Algorithms 1-6).
 *
 * Layout (cipher/keccak.h): 25 u64 lanes, lane (x,y) at index x + 5*y,
 * host byte order; the state may be only 8-byte aligned.
 *
 * Method: the 25 lanes are held one per xmm register (low qword) in
 * xmm0-xmm24 and the lane-per-register round of keccak-amd64-avx512.h
 * runs on them: AVX-512VL gives 32 xmm registers, three-input
 * vpternlogq (theta's xors, chi in one instruction per lane) and
 * vprolq.  Per round this is 100 vector instructions (and 23 register
 * moves, which rename eliminates) against roughly 150 for the scalar
 * code, with no loads or stores inside the rounds.  A row-per-zmm
 * layout needs half the instructions, but a 5x5 transpose and three
 * more shuffles sit on the critical path of every round and a single
 * state has no independent work to overlap: an experimental version
 * of it took 954 cycles against 622 for the previous schedule of this
 * file and 707 for the portable C (AMD Zen 4, rdtsc).  On Zen 5 this
 * file takes about 750 cycles (bench-slope), the portable C about 900.
 *
 * Register plan: see keccak-amd64-avx512.h with V = xmm.  No stack is
 * used.  On exit all vector registers are zeroed and vzeroupper is
 * executed.
 *
 * Requires: AVX-512F and AVX-512VL (HWF_INTEL_AVX512).
 *
 * C prototype:  void _gcry_keccak_f1600_avx512 (u64 *state);  // 25 u64 */

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

#define VNAME xmm
#define BCST {1to2}

.align 64
ELF(.type _gcry_keccak_f1600_avx512,@function)
.globl _gcry_keccak_f1600_avx512
_gcry_keccak_f1600_avx512:
        /* input:
         *      %rdi: state, 25 u64
         */
        CFI_STARTPROC()
        PERMUTE_BODY(vmovq, 8)
        ret_spec_stop
        CFI_ENDPROC()
ELF(.size _gcry_keccak_f1600_avx512,.-_gcry_keccak_f1600_avx512)

ELF(.section .rodata)
KECCAK_RC_TABLE_DATA()

#endif /* __x86_64__ && ENABLE_AVX512_SUPPORT */

ELF(.section .note.GNU-stack,"",%progbits)
