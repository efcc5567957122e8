/* keccak.h - Internal Keccak/SHA-3/SHAKE interface of libgcrypt-pqc
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* This is the contract between cipher/keccak.c (front file, dispatch)
 * and its users: the gcry_md glue for SHA-3/SHAKE, ML-KEM and ML-DSA.
 *
 * Layers:
 *  1. Permutations, chosen once at initialisation (keccak_ops_t in
 *     keccak.c): Keccak-f[1600] on one state, and on 4 or 8
 *     independent states at once ("batch").  Backends: portable C,
 *     AVX2, AVX-512, ...
 *  2. An incremental sponge (keccak_ctx_t) for one stream.
 *  3. A batch sponge (keccak_batch_t) for N = 4 or 8 streams whose
 *     inputs all have the same length: absorb once, then squeeze whole
 *     blocks.  This is what matrix expansion and noise sampling use.
 *
 * State layout.  A single state is 25 u64 lanes, lane (x,y) at index
 * x + 5*y, each lane in host byte order; bytes are absorbed little
 * endian (FIPS 202).  A batch state of N instances is lane-interleaved:
 * lane i of instance j is at s[i*N + j], so one SIMD register holds
 * the same lane of all instances.
 */

#ifndef GCRY_KECCAK_H
#define GCRY_KECCAK_H 1

#include <stddef.h>
#include "types.h"

/* Rates in bytes.  */
#define KECCAK_RATE_SHAKE128  168
#define KECCAK_RATE_SHAKE256  136
#define KECCAK_RATE_SHA3_224  144
#define KECCAK_RATE_SHA3_256  136
#define KECCAK_RATE_SHA3_384  104
#define KECCAK_RATE_SHA3_512   72

/* Domain separation / padding bytes (FIPS 202, first padding byte).  */
#define KECCAK_DS_SHA3   0x06
#define KECCAK_DS_SHAKE  0x1f

#define KECCAK_BATCH_MAX 8

/* Incremental sponge for one stream.  */
typedef struct
{
  u64 state[25];
  unsigned int rate;     /* In bytes.  */
  unsigned int pos;      /* Absorb: bytes in the current block.
                            Squeeze: bytes already taken from it.  */
  byte dsbyte;           /* KECCAK_DS_SHA3 or KECCAK_DS_SHAKE.  */
  byte squeezing;        /* 0 while absorbing, 1 after finalize.  */
} keccak_ctx_t;

/* Batch sponge for N (4 or 8) streams.  */
typedef struct
{
  u64 state[25 * KECCAK_BATCH_MAX];
  unsigned int n;        /* 4 or 8.  */
  unsigned int rate;
} keccak_batch_t;

/* Pick the permutation backends.  Called once from _gcry_global_init;
   honours the disabled hardware features.  */
void _gcry_keccak_init (void);

/* Name of the chosen backend of each permutation ("generic", "avx2",
   "avx512", ...), for gcry_get_config and the tests.  */
const char *_gcry_keccak_backend_name (void);        /* single state */
const char *_gcry_keccak_batch_backend_name (unsigned int n); /* 4, 8 */

/* For benchmarks and differential tests: the permutations of backend
   NAME ("generic", "avx2", "avx512", ...).  Stores the single, 4-way
   and 8-way permutations at R_FN[0..2]; a slot that the backend does
   not implement itself (it falls back to another backend there) is
   NULL.  Returns 0, or -1 if NAME is not compiled in or not usable
   with the current, possibly disabled, hardware features.  */
typedef void (*keccak_permute_fn_t) (u64 *state);
int _gcry_keccak_get_backend (const char *name, keccak_permute_fn_t r_fn[3]);

/* Permutations through the dispatch table.  */
void _gcry_keccak_f1600 (u64 state[25]);
void _gcry_keccak_f1600_x4 (u64 state[25 * 4]);
void _gcry_keccak_f1600_x8 (u64 state[25 * 8]);

/* The portable versions, always present (for differential tests and
   benchmarks).  */
void _gcry_keccak_f1600_generic (u64 state[25]);
void _gcry_keccak_f1600_x4_generic (u64 state[25 * 4]);
void _gcry_keccak_f1600_x8_generic (u64 state[25 * 8]);

/* Incremental sponge.  RATE in bytes, DSBYTE the domain byte.  */
void _gcry_keccak_ctx_init (keccak_ctx_t *ctx, unsigned int rate, byte dsbyte);
void _gcry_keccak_absorb (keccak_ctx_t *ctx, const void *in, size_t inlen);
/* Pad and switch to squeezing.  Implicit in the first squeeze.  */
void _gcry_keccak_finalize (keccak_ctx_t *ctx);
/* Squeeze OUTLEN bytes; may be called repeatedly (streaming XOF).  */
void _gcry_keccak_squeeze (keccak_ctx_t *ctx, void *out, size_t outlen);
/* Wipe the context.  */
void _gcry_keccak_ctx_wipe (keccak_ctx_t *ctx);

/* One-shot helpers.  */
void _gcry_sha3_256 (byte out[32], const void *in, size_t inlen);
void _gcry_sha3_512 (byte out[64], const void *in, size_t inlen);
void _gcry_shake128 (void *out, size_t outlen, const void *in, size_t inlen);
void _gcry_shake256 (void *out, size_t outlen, const void *in, size_t inlen);

/* Batch sponge.  Absorb N inputs IN[0..N-1] of INLEN bytes each
   (INLEN may exceed the rate), pad with DSBYTE and prepare for
   squeezing.  N is 4 or 8.  */
void _gcry_keccak_batch_absorb (keccak_batch_t *b, unsigned int n,
                                unsigned int rate, byte dsbyte,
                                const byte *const in[], size_t inlen);
/* Squeeze NBLOCKS whole blocks (NBLOCKS * rate bytes) into each of
   OUT[0..n-1].  The first call returns the first block.  */
void _gcry_keccak_batch_squeezeblocks (keccak_batch_t *b,
                                       byte *const out[], size_t nblocks);
void _gcry_keccak_batch_wipe (keccak_batch_t *b);

#endif /*GCRY_KECCAK_H*/
