/* mlkem-cbd-amd64.h - SamplePolyCBD bit arithmetic for AVX2 and AVX-512
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

/* Shared by mlkem-poly-amd64-avx2.S and mlkem-poly-amd64-avx512.S:
 * the lane-wise part of SamplePolyCBD (FIPS 203 Algorithm 8), at any
 * register width.  AND and OR are the bitwise instructions of that
 * width (vpand/vpor for VEX, vpandq or vpandd/vpord for EVEX zmm; the
 * other instructions have the same name in both encodings, and the
 * AVX2 kernels must stay VEX-only).  */

#ifndef GCRY_MLKEM_CBD_AMD64_H
#define GCRY_MLKEM_CBD_AMD64_H 1

/* eta = 2, on the bytes of X (T a temporary; the M* registers hold
 * the byte constants 0x55, 0x33, 0x22, 0x0f): d = (x & 0x55) +
 * ((x >> 1) & 0x55) holds four 2-bit sums per byte, then
 * e = (d & 0x33) + 0x22 - ((d >> 2) & 0x33) the two differences plus
 * 2 in its nibbles (no borrow, as they are >= 0).  Leaves the low
 * nibbles (coefficient 2j of byte j, plus 2) in X and the high ones
 * (coefficient 2j+1, plus 2) in T, as bytes.  The word shifts move
 * bits across a byte boundary only where they are masked off.  */
#define CBD2_NIBBLES(AND, x, t, m55, m33, m22, m0f) \
        vpsrlw $1, x, t; \
        AND m55, x, x; \
        AND m55, t, t; \
        vpaddb t, x, x; \
        vpsrlw $2, x, t; \
        AND m33, x, x; \
        AND m33, t, t; \
        vpaddb m22, x, x; \
        vpsubb t, x, x; \
        vpsrlw $4, x, t; \
        AND m0f, x, x; \
        AND m0f, t, t;

/* eta = 3, on dwords T of V0, each holding a 3-byte group (V1-V3
 * temporaries; M249 = 0x249249, M1C7 = 0x1c71c7, M0C3 = 0x0c30c3,
 * M3F = 0x3f and M3F16 = 0x3f << 16 in every dword): d = sum of
 * (t >> s) & 0x249249 for s = 0, 1, 2 holds eight 3-bit sums,
 * h = (d & 0x1c71c7) + 0x0c30c3 - ((d >> 3) & 0x1c71c7) the four
 * differences plus 3 in 6-bit slots (no borrow).  Leaves in V2 the
 * slots 0, 1 in the two words of each dword (coefficients 4g, 4g+1 of
 * group g, plus 3) and in V1 the slots 2, 3.  */
#define CBD3_SLOTS(AND, OR, v0, v1, v2, v3, m249, m1c7, m0c3, m3f, m3f16) \
        vpsrld $1, v0, v1; \
        vpsrld $2, v0, v2; \
        AND m249, v0, v0; \
        AND m249, v1, v1; \
        AND m249, v2, v2; \
        vpaddd v1, v0, v0; \
        vpaddd v2, v0, v0; \
        vpsrld $3, v0, v1; \
        AND m1c7, v0, v0; \
        AND m1c7, v1, v1; \
        vpaddd m0c3, v0, v0; \
        vpsubd v1, v0, v0; \
        vpslld $10, v0, v1; \
        AND m3f, v0, v2; \
        AND m3f16, v1, v1; \
        OR v1, v2, v2; \
        vpsrld $12, v0, v1; \
        vpsrld $2, v0, v3; \
        AND m3f, v1, v1; \
        AND m3f16, v3, v3; \
        OR v3, v1, v1;

#endif /*GCRY_MLKEM_CBD_AMD64_H*/
