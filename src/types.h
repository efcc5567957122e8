/* types.h - Fixed-size integer types used inside libgcrypt-pqc
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef GCRYPT_TYPES_H
#define GCRYPT_TYPES_H 1

#include <stdint.h>

typedef uint8_t  byte;
typedef int16_t  s16;
typedef uint16_t u16;
typedef int32_t  s32;
typedef uint32_t u32;
typedef int64_t  s64;
typedef uint64_t u64;

#endif /*GCRYPT_TYPES_H*/
