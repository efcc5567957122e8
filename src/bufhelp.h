/* bufhelp.h - Byte-order helpers for libgcrypt-pqc
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef GCRYPT_BUFHELP_H
#define GCRYPT_BUFHELP_H 1

#include <string.h>
#include "types.h"

/* Unaligned loads and stores in a fixed byte order.  memcpy keeps them
   free of alignment and aliasing problems; compilers turn them into a
   single (possibly byte-swapping) instruction.  */

static inline u16
buf_get_le16 (const void *p)
{
  const byte *b = p;
  return (u16)b[0] | ((u16)b[1] << 8);
}

static inline u32
buf_get_le32 (const void *p)
{
  const byte *b = p;
  return (u32)b[0] | ((u32)b[1] << 8) | ((u32)b[2] << 16) | ((u32)b[3] << 24);
}

static inline u64
buf_get_le64 (const void *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  u64 v;
  memcpy (&v, p, 8);
  return v;
#else
  const byte *b = p;
  return (u64)buf_get_le32 (b) | ((u64)buf_get_le32 (b + 4) << 32);
#endif
}

static inline void
buf_put_le16 (void *p, u16 v)
{
  byte *b = p;
  b[0] = v; b[1] = v >> 8;
}

static inline void
buf_put_le32 (void *p, u32 v)
{
  byte *b = p;
  b[0] = v; b[1] = v >> 8; b[2] = v >> 16; b[3] = v >> 24;
}

static inline void
buf_put_le64 (void *p, u64 v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy (p, &v, 8);
#else
  byte *b = p;
  buf_put_le32 (b, (u32)v);
  buf_put_le32 (b + 4, (u32)(v >> 32));
#endif
}

static inline u32
buf_get_be32 (const void *p)
{
  const byte *b = p;
  return ((u32)b[0] << 24) | ((u32)b[1] << 16) | ((u32)b[2] << 8) | (u32)b[3];
}

static inline u64
buf_get_be64 (const void *p)
{
  const byte *b = p;
  return ((u64)buf_get_be32 (b) << 32) | (u64)buf_get_be32 (b + 4);
}

static inline void
buf_put_be32 (void *p, u32 v)
{
  byte *b = p;
  b[0] = v >> 24; b[1] = v >> 16; b[2] = v >> 8; b[3] = v;
}

static inline void
buf_put_be64 (void *p, u64 v)
{
  byte *b = p;
  buf_put_be32 (b, (u32)(v >> 32));
  buf_put_be32 (b + 4, (u32)v);
}

/* memset and memcpy that always call the C library's functions: the
   length goes through an empty asm statement, so the compiler no
   longer knows it (or a bound on it).  gcc 12 at -O2 expands a
   memset or memcpy whose length it knows or can bound as "rep stosq"
   or "rep movsq", whose start-up costs some 25 TSC ticks on Intel
   cores (Sapphire Rapids, 200 bytes: 25 against 5 for glibc's memset;
   1 KiB copied: 35 against 13; tests/bench-slope cannot see it, the
   operations can).  For blocks of a few hundred bytes and more, or of
   a length known only at run time; short fixed lengths are better
   left to the compiler (a few moves).  */
static inline void
buf_memset_lib (void *p, int c, size_t n)
{
#ifdef __GNUC__
  __asm__ ("" : "+r" (n));
#endif
  memset (p, c, n);
}

static inline void
buf_memcpy_lib (void *dst, const void *src, size_t n)
{
#ifdef __GNUC__
  __asm__ ("" : "+r" (n));
#endif
  memcpy (dst, src, n);
}

#endif /*GCRYPT_BUFHELP_H*/
