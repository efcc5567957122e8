/* t-asm-abi.c - Check that the assembler kernels keep the ABI
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

/* Every x86-64 kernel is called through the trampoline abi_call of
 * t-asm-abi-amd64.S, which fills the callee-saved registers of the
 * System V AMD64 ABI (rbx, rbp, r12-r15) with random patterns and
 * records what the kernel left there, the change of rsp and the
 * direction flag.  A compiler-generated caller would not notice a
 * clobbered register until some unrelated variable changes value, so
 * the differential kernel tests cannot catch these bugs.
 *
 * Our hygiene rule on top of the ABI: a kernel that touched the upper
 * halves of the ymm/zmm registers clears them (vzeroupper or
 * vzeroall) before it returns, to avoid the AVX-SSE transition
 * penalty in the caller.  That is checked with the XINUSE bitmap
 * (XGETBV with ecx = 1) where the CPU has it, but not under valgrind,
 * which does not model it.
 *
 * The kernels are reached through the tables that the library itself
 * uses (the Keccak backends, the SHA-1/SHA-2 block functions, the
 * ML-KEM and ML-DSA kernel sets); an
 * entry that is a C wrapper around assembler code is covered too,
 * since a register clobbered inside propagates out of the wrapper.
 * Only the inputs' validity matters here, not the results, which the
 * differential tests check.
 *
 * On ppc64le (ELFv2) the trampoline of t-asm-abi-ppc64le.S does the
 * same for r14-r31, f14-f31, v20-v31, cr2-cr4, r1 and r2, on the VSX
 * kernel sets.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#include "g10lib.h"
#include "keccak.h"
#include "hash-common.h"
#ifdef USE_MLKEM
# include "mlkem-ops.h"
#endif
#ifdef USE_MLDSA
# include "mldsa.h"
# include "mldsa-ops.h"
#endif

#if defined(__x86_64__)
# include <cpuid.h>
# if defined(__has_include)
#  if __has_include(<valgrind/valgrind.h>)
#   include <valgrind/valgrind.h>
#  endif
# endif
#endif

#define PGM "t-asm-abi"

static int verbose;
static int errors;
static unsigned int ncalls;

/* Deterministic pseudo-random numbers (xorshift64*).  */
static u64 prng_state = UINT64_C(0x2545f4914f6cdd1d);

static u64
prng (void)
{
  prng_state ^= prng_state >> 12;
  prng_state ^= prng_state << 25;
  prng_state ^= prng_state >> 27;
  return prng_state * UINT64_C(0x2545f4914f6cdd1d);
}

static void
prng_bytes (byte *p, size_t n)
{
  while (n--)
    *p++ = prng () >> 56;
}

/* A uniform value in [LO, HI] (HI - LO < 2^32); the slight bias does
   not matter here.  */
static s32
prng_range (s32 lo, s32 hi)
{
  return (s32)(lo + (s64)((prng () >> 32) % (u64)((s64)hi - lo + 1)));
}


#if defined(__x86_64__)

/* Shared with t-asm-abi-amd64.S: keep the offsets there in sync.  */
typedef struct
{
  u64 in[6];           /* rbx, rbp, r12, r13, r14, r15 before the call.  */
  u64 out[6];          /* The same after the call.  */
  u64 rsp_delta;       /* rsp after minus rsp before: 0.  */
  u64 rflags;          /* rflags after the call.  */
  u64 want_xinuse;     /* Nonzero: read XGETBV (1) after the call.  */
  u64 xinuse;          /* Its result.  */
} abi_regs_t;

typedef void (*abi_fn_t) (void);
u64 abi_call (abi_fn_t fn, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5,
              abi_regs_t *regs);
void abi_probe_dirty (void);
void abi_probe_clean (void);

static const char * const reg_names[6] =
  { "rbx", "rbp", "r12", "r13", "r14", "r15" };

/* XINUSE bits of the upper ymm halves (YMM_Hi128, bit 2) and the
   upper zmm halves of zmm0-15 (ZMM_Hi256, bit 6): both are cleared
   by vzeroupper.  Opmask and zmm16-31 state is not ours to police.  */
#define XINUSE_UPPER ((1u << 2) | (1u << 6))

static int check_xinuse;
static const char *cur_backend = "";

/* Call FN with the six arguments A0..A5 through the trampoline and
   check the ABI rules; WHAT names the entry in failure messages.
   Returns FN's return value (rax).  */
static u64
checked_call (const char *what, abi_fn_t fn, u64 a0, u64 a1, u64 a2, u64 a3,
              u64 a4, u64 a5)
{
  abi_regs_t regs;
  u64 ret;
  int i;

  memset (&regs, 0, sizeof regs);
  for (i = 0; i < 6; i++)
    regs.in[i] = prng ();
  regs.want_xinuse = check_xinuse;
  ret = abi_call (fn, a0, a1, a2, a3, a4, a5, &regs);
  ncalls++;

  for (i = 0; i < 6; i++)
    if (regs.out[i] != regs.in[i])
      {
        errors++;
        fprintf (stderr, PGM ": FAIL: %s %s: %s not preserved "
                 "(0x%016llx -> 0x%016llx)\n", cur_backend, what,
                 reg_names[i], (unsigned long long)regs.in[i],
                 (unsigned long long)regs.out[i]);
      }
  if (regs.rsp_delta)
    {
      errors++;
      fprintf (stderr, PGM ": FAIL: %s %s: rsp changed by %lld\n",
               cur_backend, what, (long long)regs.rsp_delta);
    }
  if (regs.rflags & (1u << 10))
    {
      errors++;
      fprintf (stderr, PGM ": FAIL: %s %s: direction flag set\n",
               cur_backend, what);
    }
  if (check_xinuse && (regs.xinuse & XINUSE_UPPER))
    {
      errors++;
      fprintf (stderr, PGM ": FAIL: %s %s: upper ymm/zmm halves not "
               "cleared (XINUSE 0x%llx)\n", cur_backend, what,
               (unsigned long long)regs.xinuse);
    }
  if (verbose > 1)
    printf ("  %s %s ok\n", cur_backend, what);
  return ret;
}

#define P(x)  ((u64)(uintptr_t)(x))
#define FN(x) ((abi_fn_t)(x))

/* Whether XGETBV with ecx = 1 is there: OSXSAVE (CPUID.1:ECX[27])
   and CPUID.(EAX=0DH,ECX=1):EAX[2].  */
static int
have_xgetbv1 (void)
{
  unsigned int a, b, c, d;

  if (!__get_cpuid (1, &a, &b, &c, &d) || !(c & (1u << 27)))
    return 0;
  if (__get_cpuid_max (0, NULL) < 0x0d)
    return 0;
  __cpuid_count (0x0d, 1, a, b, c, d);
  return !!(a & (1u << 2));
}

/* XINUSE[i] = 0 implies that state component i is in its initial
   configuration, but the converse is not guaranteed: trust the bitmap
   only if on this CPU a function that leaves ymm0's upper half dirty
   shows bit 2 and one that ends in vzeroupper does not.  Needs AVX
   enabled by the OS (implied by the AVX2 feature flag).  */
static int
xinuse_is_precise (void)
{
  abi_regs_t regs;
  u64 dirty, clean;

  if (!(_gcry_get_hw_features () & HWF_INTEL_AVX2))
    return 0;
  memset (&regs, 0, sizeof regs);
  regs.want_xinuse = 1;
  abi_call (FN(abi_probe_dirty), 0, 0, 0, 0, 0, 0, &regs);
  dirty = regs.xinuse;
  abi_call (FN(abi_probe_clean), 0, 0, 0, 0, 0, 0, &regs);
  clean = regs.xinuse;
  if (verbose)
    printf (PGM ": XINUSE probe: dirty 0x%llx, clean 0x%llx\n",
            (unsigned long long)dirty, (unsigned long long)clean);
  return (dirty & (1u << 2)) && !(clean & XINUSE_UPPER);
}

static int
under_valgrind (void)
{
#ifdef RUNNING_ON_VALGRIND
  if (RUNNING_ON_VALGRIND)
    return 1;
#endif
  {
    const char *p = getenv ("LD_PRELOAD");
    return p && strstr (p, "vgpreload");
  }
}


#define ABI_CHECKS 1

#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__) \
      && defined(_CALL_ELF) && _CALL_ELF == 2

/* Shared with t-asm-abi-ppc64le.S: keep the offsets there in sync.
   The registers the ELFv2 ABI makes callee-saved: r14-r31, f14-f31,
   v20-v31 (two doublewords each) and the fields cr2-cr4.  */
typedef struct
{
  u64 gin[18], gout[18];
  u64 fin[18], fout[18];
  u64 vin[24], vout[24];
  u64 cr_in, cr_out;
  u64 r1_delta, r2_delta;
} abi_regs_t;

typedef void (*abi_fn_t) (void);
u64 abi_call (abi_fn_t fn, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5,
              abi_regs_t *regs);

#define CR_SAVED 0x00fff000u    /* cr2, cr3, cr4 */

static const char *cur_backend = "";

/* Report the words of IN and OUT that differ, as register class
   NAME with numbers from FIRST (PER words per register).  */
static void
compare_regs (const char *what, const char *name, unsigned int first,
              unsigned int per, const u64 *in, const u64 *out,
              unsigned int n)
{
  unsigned int i;

  for (i = 0; i < n; i++)
    if (in[i] != out[i])
      {
        errors++;
        fprintf (stderr, PGM ": FAIL: %s %s: %s%u not preserved "
                 "(0x%016llx -> 0x%016llx)\n", cur_backend, what, name,
                 first + i / per, (unsigned long long)in[i],
                 (unsigned long long)out[i]);
      }
}

/* Call FN with the six arguments A0..A5 through the trampoline and
   check the ABI rules; WHAT names the entry in failure messages.
   Returns FN's return value (r3).  */
static u64
checked_call (const char *what, abi_fn_t fn, u64 a0, u64 a1, u64 a2, u64 a3,
              u64 a4, u64 a5)
{
  abi_regs_t regs;
  u64 ret;
  int i;

  memset (&regs, 0, sizeof regs);
  for (i = 0; i < 18; i++)
    {
      regs.gin[i] = prng ();
      regs.fin[i] = prng ();
    }
  for (i = 0; i < 24; i++)
    regs.vin[i] = prng ();
  regs.cr_in = prng () & CR_SAVED;
  ret = abi_call (fn, a0, a1, a2, a3, a4, a5, &regs);
  ncalls++;

  compare_regs (what, "r", 14, 1, regs.gin, regs.gout, 18);
  compare_regs (what, "f", 14, 1, regs.fin, regs.fout, 18);
  compare_regs (what, "v", 20, 2, regs.vin, regs.vout, 24);
  if ((regs.cr_out & CR_SAVED) != regs.cr_in)
    {
      errors++;
      fprintf (stderr, PGM ": FAIL: %s %s: cr2-cr4 not preserved\n",
               cur_backend, what);
    }
  if (regs.r1_delta || regs.r2_delta)
    {
      errors++;
      fprintf (stderr, PGM ": FAIL: %s %s: r1/r2 changed by %lld/%lld\n",
               cur_backend, what, (long long)regs.r1_delta,
               (long long)regs.r2_delta);
    }
  if (verbose > 1)
    printf ("  %s %s ok\n", cur_backend, what);
  return ret;
}

#define P(x)  ((u64)(uintptr_t)(x))
#define FN(x) ((abi_fn_t)(x))

#define ABI_CHECKS 1

#endif /*__powerpc64__ && ELFv2 LE*/

#ifdef ABI_CHECKS

/* The Keccak permutations of BACKEND: single state, 4-way and 8-way,
   as the sponge code calls them on its lane arrays, and its
   whole-block absorbing.  */
static int
check_keccak (const char *backend)
{
  static u64 st[25 * 8 + 25] __attribute__ ((aligned (64)));
  static const char * const slot[3] = { "f1600", "f1600_x4", "f1600_x8" };
  keccak_permute_fn_t fn[3];
  int i, any = 0;

  if (_gcry_keccak_get_backend (backend, fn))
    return 0;
  cur_backend = backend;
  for (i = 0; i < 3; i++)
    if (fn[i])
      {
        char what[40];

        snprintf (what, sizeof what, "keccak %s", slot[i]);
        prng_bytes ((byte *)st, sizeof st);
        checked_call (what, FN(fn[i]), P(st), 0, 0, 0, 0, 0);
        printf ("  keccak %s: %s\n", backend, slot[i]);
        any = 1;
      }
  /* The scheduler's 5-way and half 4-way calls and the batch
     sponge's 9-way call.  */
  for (i = 0; i < 3; i++)
    {
      keccak_permute_fn_t f = (i == 2 ? _gcry_keccak_get_x9
                               : i ? _gcry_keccak_get_x4_half
                               : _gcry_keccak_get_x5) (backend);
      const char *what = i == 2 ? "keccak f1600_x9"
                         : i ? "keccak f1600_x4_half" : "keccak f1600_x5";

      if (!f)
        continue;
      prng_bytes ((byte *)st, sizeof st);
      checked_call (what, FN(f), P(st), 0, 0, 0, 0, 0);
      printf ("  keccak %s: %s\n", backend, what + 7);
      any = 1;
    }
  if (_gcry_keccak_get_lanes_out (backend))
    {
      /* 8 instances, 21 lanes (the SHAKE128 rate), odd addresses.  */
      static byte out[8][1 + 168];
      byte *o[8];

      for (i = 0; i < 8; i++)
        o[i] = out[i] + 1;
      prng_bytes ((byte *)st, sizeof st);
      checked_call ("keccak lanes_out",
                    FN(_gcry_keccak_get_lanes_out (backend)),
                    P(o), P(st), 8, 21, 0, 0);
      printf ("  keccak %s: lanes_out\n", backend);
      any = 1;
    }
  if (_gcry_keccak_get_absorb (backend))
    {
      /* Three blocks at the SHA3-256 rate, from an odd address.  */
      static byte in[1 + 3 * 136];

      prng_bytes ((byte *)st, sizeof st);
      prng_bytes (in, sizeof in);
      checked_call ("keccak absorb", FN(_gcry_keccak_get_absorb (backend)),
                    P(st), P(in + 1), 3, 136, 0, 0);
      printf ("  keccak %s: absorb\n", backend);
      any = 1;
    }
  return any;
}


/* The SHA-1/SHA-2 block function BE (SHA-1 if IS_SHA1, else
   SHA-256 or SHA-512 after BLOCKSIZE) on 0 to 5 blocks: odd and even
   counts, since the SHA-512 kernel works on pairs.  */
static void
check_sha_blocks (const char *algo, const md_block_backend_t *be,
                  size_t blocksize)
{
  static byte data[5 * 128];
  static u64 state[8];
  char what[40];
  size_t n;

  cur_backend = be->name;
  snprintf (what, sizeof what, "%s blocks", algo);
  for (n = 0; n <= 5; n++)
    {
      prng_bytes (data, n * blocksize);
      prng_bytes ((byte *)state, sizeof state);
      checked_call (what, FN(be->blocks), P(state), P(data), n, 0, 0, 0);
    }
  printf ("  %s %s: blocks (0..5)\n", algo, be->name);
}

/* Every SHA block function other than the portable one that the CPU
   can run; returns the number checked.  */
static int
check_sha (void)
{
  static const char * const names[] = { "shaext", "avx2", "avx512" };
  const md_block_backend_t *be;
  int i, n = 0;

  for (i = 0; i < 3; i++)
    {
      if ((be = _gcry_sha1_get_backend (names[i])))
        check_sha_blocks ("sha1", be, 64), n++;
      if ((be = _gcry_sha256_get_backend (names[i])))
        check_sha_blocks ("sha256", be, 64), n++;
      if ((be = _gcry_sha512_get_backend (names[i])))
        check_sha_blocks ("sha512", be, 128), n++;
    }
  return n;
}


#ifdef USE_MLKEM
static void
mlkem_rand_poly (s16 *c, s32 lo, s32 hi)
{
  int i;

  for (i = 0; i < MLKEM_N; i++)
    c[i] = prng_range (lo, hi);
}

/* Every entry of the ML-KEM kernel set OPS, with inputs in the ranges
   of mlkem-ops.h.  */
static void
check_mlkem (const mlkem_ops_t *ops)
{
  static mlkem_poly a __attribute__ ((aligned (64)));
  static mlkem_poly_ntt r __attribute__ ((aligned (64)));
  static mlkem_poly_ntt av[MLKEM_K_MAX] __attribute__ ((aligned (64)));
  static mlkem_poly_ntt bv[MLKEM_K_MAX] __attribute__ ((aligned (64)));
  static mlkem_poly_mulcache bc[MLKEM_K_MAX] __attribute__ ((aligned (64)));
  static byte buf[MLKEM_POLYBYTES] __attribute__ ((aligned (64)));
  const s32 q = MLKEM_Q;
  unsigned int k, j;

  cur_backend = ops->name;

  mlkem_rand_poly (a.coeffs, -q + 1, q - 1);
  checked_call ("mlkem ntt", FN(ops->ntt), P(&r), P(&a), 0, 0, 0, 0);

  mlkem_rand_poly (r.coeffs, -q + 1, q - 1);
  checked_call ("mlkem invntt_tomont", FN(ops->invntt_tomont),
                P(&a), P(&r), 0, 0, 0, 0);

  for (k = 1; k <= MLKEM_K_MAX; k++)
    {
      for (j = 0; j < k; j++)
        {
          mlkem_rand_poly (av[j].coeffs, -4095, 4095);
          mlkem_rand_poly (bv[j].coeffs, -q + 1, q - 1);
          checked_call ("mlkem mulcache_compute", FN(ops->mulcache_compute),
                        P(&bc[j]), P(&bv[j]), 0, 0, 0, 0);
        }
      checked_call ("mlkem basemul_acc", FN(ops->basemul_acc),
                    P(&r), P(av), P(bv), P(bc), k, 0);
    }

  mlkem_rand_poly (a.coeffs, -32768, 32767);
  checked_call ("mlkem reduce", FN(ops->reduce), P(a.coeffs), 0, 0, 0, 0, 0);
  mlkem_rand_poly (a.coeffs, -32768, 32767);
  checked_call ("mlkem tomont", FN(ops->tomont), P(a.coeffs), 0, 0, 0, 0, 0);

  mlkem_rand_poly (r.coeffs, 0, q - 1);
  checked_call ("mlkem poly_ntt_tobytes", FN(ops->poly_ntt_tobytes),
                P(buf), P(&r), 0, 0, 0, 0);
  prng_bytes (buf, sizeof buf);
  checked_call ("mlkem poly_ntt_frombytes", FN(ops->poly_ntt_frombytes),
                P(&r), P(buf), 0, 0, 0, 0);

  /* A first call on 384 bytes, and a continuation from 200 values
     (the rest of R is the previous output).  */
  prng_bytes (buf, sizeof buf);
  checked_call ("mlkem rej_uniform", FN(ops->rej_uniform),
                P(&r), 0, P(buf), sizeof buf, 0, 0);
  checked_call ("mlkem rej_uniform", FN(ops->rej_uniform),
                P(&r), 200, P(buf), 168, 0, 0);

  prng_bytes (buf, 128);
  checked_call ("mlkem poly_cbd_eta2", FN(ops->poly_cbd_eta2),
                P(&a), P(buf), 0, 0, 0, 0);
  prng_bytes (buf, 192);
  checked_call ("mlkem poly_cbd_eta3", FN(ops->poly_cbd_eta3),
                P(&a), P(buf), 0, 0, 0, 0);

  /* The ciphertext widths (32 d <= 352 bytes of BUF).  */
  for (j = 0; j < 4; j++)
    {
      static const unsigned int ds[4] = { 4, 5, 10, 11 };

      mlkem_rand_poly (a.coeffs, -q + 1, q - 1);
      checked_call ("mlkem poly_compress", FN(ops->poly_compress),
                    P(buf), P(&a), ds[j], 0, 0, 0);
      checked_call ("mlkem poly_decompress", FN(ops->poly_decompress),
                    P(&a), P(buf), ds[j], 0, 0, 0);
    }

  printf ("  mlkem %s: ntt invntt_tomont mulcache_compute basemul_acc"
          " reduce tomont poly_ntt_tobytes poly_ntt_frombytes"
          " rej_uniform poly_cbd_eta2 poly_cbd_eta3 poly_compress"
          " poly_decompress\n", ops->name);
}
#endif /*USE_MLKEM*/


#ifdef USE_MLDSA
static void
mldsa_rand_poly (mldsa_poly_t *p, s32 lo, s32 hi)
{
  int i;

  for (i = 0; i < MLDSA_N; i++)
    p->coeffs[i] = prng_range (lo, hi);
}

/* Every entry of the ML-DSA kernel set OPS, with inputs in the ranges
   of mldsa-ops.h and the parameters of FIPS 204 Table 1.  */
static void
check_mldsa (const mldsa_ops_t *ops)
{
  static mldsa_poly_t a, b, r, h, v[8], w[8];
  static byte seed[MLDSA_CRHBYTES] __attribute__ ((aligned (64)));
  static byte packed[640 + 16];
  static const s32 gamma2s[2] = { (MLDSA_Q - 1) / 88, (MLDSA_Q - 1) / 32 };
  static const s32 gamma1s[2] = { 1 << 17, 1 << 19 };
  static const unsigned int ctlen[3] = { 32, 48, 64 };
  static const unsigned int taus[3] = { 39, 49, 60 };
  const s32 q = MLDSA_Q;
  mldsa_poly_t *four[4];
  u16 nonce[4];
  unsigned int n, i;

  cur_backend = ops->name;
  for (i = 0; i < 4; i++)
    four[i] = &v[i];

  mldsa_rand_poly (&a, -q + 1, q - 1);
  checked_call ("mldsa ntt", FN(ops->ntt), P(&a), 0, 0, 0, 0, 0);
  mldsa_rand_poly (&a, -q + 1, q - 1);
  checked_call ("mldsa invntt_tomont", FN(ops->invntt_tomont),
                P(&a), 0, 0, 0, 0, 0);

  mldsa_rand_poly (&a, -9 * q + 1, 9 * q - 1);
  mldsa_rand_poly (&b, -9 * q + 1, 9 * q - 1);
  checked_call ("mldsa pointwise", FN(ops->pointwise),
                P(&r), P(&a), P(&b), 0, 0, 0);
  for (n = 1; n <= 8; n++)
    {
      for (i = 0; i < n; i++)
        {
          mldsa_rand_poly (&v[i], -q + 1, q - 1);
          mldsa_rand_poly (&w[i], -9 * q + 1, 9 * q - 1);
        }
      checked_call ("mldsa pointwise_acc", FN(ops->pointwise_acc),
                    P(&r), P(v), P(w), n, 0, 0);
    }

  mldsa_rand_poly (&a, -(1 << 30) - ((1 << 30) - (1 << 22) - 1),
                   (1 << 30) + ((1 << 30) - (1 << 22) - 1));
  checked_call ("mldsa reduce", FN(ops->reduce), P(&a), 0, 0, 0, 0, 0);
  mldsa_rand_poly (&a, -q + 1, q - 1);
  checked_call ("mldsa caddq", FN(ops->caddq), P(&a), 0, 0, 0, 0, 0);
  mldsa_rand_poly (&a, 0, q - 1);
  checked_call ("mldsa power2round", FN(ops->power2round),
                P(&r), P(&b), P(&a), 0, 0, 0);

  for (i = 0; i < 2; i++)
    {
      s32 g2 = gamma2s[i];

      mldsa_rand_poly (&a, 0, q - 1);
      checked_call ("mldsa decompose", FN(ops->decompose),
                    P(&r), P(&b), P(&a), (u32)g2, 0, 0);
      mldsa_rand_poly (&a, -2 * g2 + 1, 2 * g2 - 1);
      mldsa_rand_poly (&b, 0, (q - 1) / (2 * g2) - 1);
      checked_call ("mldsa make_hint", FN(ops->make_hint),
                    P(&h), P(&a), P(&b), (u32)g2, 0, 0);
      mldsa_rand_poly (&a, 0, q - 1);
      mldsa_rand_poly (&h, 0, 1);
      checked_call ("mldsa use_hint", FN(ops->use_hint),
                    P(&r), P(&a), P(&h), (u32)g2, 0, 0);
    }

  mldsa_rand_poly (&a, -(1 << 30) - ((1 << 30) - (1 << 22) - 1),
                   (1 << 30) + ((1 << 30) - (1 << 22) - 1));
  checked_call ("mldsa chknorm", FN(ops->chknorm),
                P(&a), (u32)((q - 1) / 8), 0, 0, 0, 0);

  prng_bytes (seed, sizeof seed);
  for (i = 0; i < 4; i++)
    nonce[i] = (i << 8) | (i + 1);
  checked_call ("mldsa poly_uniform_x4", FN(ops->poly_uniform_x4),
                P(four), P(seed), P(nonce), 0, 0, 0);
  checked_call ("mldsa poly_uniform", FN(ops->poly_uniform),
                P(&a), P(seed), 0x0102, 0, 0, 0);
  for (i = 0; i < 2; i++)
    {
      int eta = i ? 4 : 2;

      checked_call ("mldsa poly_uniform_eta_x4", FN(ops->poly_uniform_eta_x4),
                    P(four), P(seed), P(nonce), eta, 0, 0);
      checked_call ("mldsa poly_uniform_eta", FN(ops->poly_uniform_eta),
                    P(&a), P(seed), 7, eta, 0, 0);
      checked_call ("mldsa poly_uniform_gamma1_x4",
                    FN(ops->poly_uniform_gamma1_x4),
                    P(four), P(seed), P(nonce), (u32)gamma1s[i], 0, 0);
      checked_call ("mldsa poly_uniform_gamma1",
                    FN(ops->poly_uniform_gamma1),
                    P(&a), P(seed), 9, (u32)gamma1s[i], 0, 0);
    }
  for (i = 0; i < 3; i++)
    checked_call ("mldsa poly_challenge", FN(ops->poly_challenge),
                  P(&a), P(seed), ctlen[i], taus[i], 0, 0);

  /* The optional encodings, where the set has them.  */
  prng_bytes (packed, sizeof packed);
  for (i = 0; i < 2 && ops->unpack_gamma1; i++)
    checked_call ("mldsa unpack_gamma1", FN(ops->unpack_gamma1),
                  P(&a), P(packed), (u32)gamma1s[i], 0, 0, 0);
  if (ops->unpack_t1)
    checked_call ("mldsa unpack_t1", FN(ops->unpack_t1),
                  P(&a), P(packed), 0, 0, 0, 0);
  mldsa_rand_poly (&a, 0, 15);
  if (ops->pack_w1_4)
    checked_call ("mldsa pack_w1_4", FN(ops->pack_w1_4),
                  P(packed), P(&a), 0, 0, 0, 0);
  mldsa_rand_poly (&a, 0, 43);
  if (ops->pack_w1_6)
    checked_call ("mldsa pack_w1_6", FN(ops->pack_w1_6),
                  P(packed), P(&a), 0, 0, 0, 0);
  mldsa_rand_poly (&a, 0, 1023);
  if (ops->pack_t1)
    checked_call ("mldsa pack_t1", FN(ops->pack_t1),
                  P(packed), P(&a), 0, 0, 0, 0);
  mldsa_rand_poly (&a, -(1 << 12) + 1, 1 << 12);
  if (ops->pack_t0)
    checked_call ("mldsa pack_t0", FN(ops->pack_t0),
                  P(packed), P(&a), 0, 0, 0, 0);
  for (i = 0; i < 2 && ops->pack_eta; i++)
    {
      int eta = i ? 4 : 2;

      mldsa_rand_poly (&a, -eta, eta);
      checked_call ("mldsa pack_eta", FN(ops->pack_eta),
                    P(packed), P(&a), eta, 0, 0, 0);
    }
  prng_bytes (packed, sizeof packed);
  if (ops->unpack_t0)
    checked_call ("mldsa unpack_t0", FN(ops->unpack_t0),
                  P(&a), P(packed), 0, 0, 0, 0);
  for (i = 0; i < 2 && ops->unpack_eta; i++)
    checked_call ("mldsa unpack_eta", FN(ops->unpack_eta),
                  P(&a), P(packed), i ? 4 : 2, 0, 0, 0);
  if (ops->add16_chknorm)
    {
      s16 b16[MLDSA_N];

      for (i = 0; i < MLDSA_N; i++)
        b16[i] = (s16)(i % 393) - 196;
      mldsa_rand_poly (&a, -(1 << 19), 1 << 19);
      for (i = 0; i < 2; i++)
        checked_call ("mldsa add16_chknorm", FN(ops->add16_chknorm),
                      P(&a), P(b16), i, (u32)((1 << 19) - 196), 0, 0);
    }
  if (ops->power2round_add)
    {
      mldsa_rand_poly (&a, -q + 1, q - 1);
      mldsa_rand_poly (&b, -4, 4);
      checked_call ("mldsa power2round_add", FN(ops->power2round_add),
                    P(&r), P(&h), P(&a), P(&b), 0, 0);
    }
  if (ops->add_reduce_chknorm)
    {
      mldsa_rand_poly (&a, -(1 << 19), 1 << 19);
      mldsa_rand_poly (&b, -q + 1, q - 1);
      checked_call ("mldsa add_reduce_chknorm", FN(ops->add_reduce_chknorm),
                    P(&a), P(&b), (u32)((q - 1) / 88), 0, 0, 0);
    }
  for (i = 0; i < 2 && ops->pack_z; i++)
    {
      mldsa_rand_poly (&a, -gamma1s[i] + 1, gamma1s[i]);
      checked_call ("mldsa pack_z", FN(ops->pack_z),
                    P(packed), P(&a), (u32)gamma1s[i], 0, 0, 0);
    }
  if (ops->hint_pack_row)
    {
      mldsa_rand_poly (&h, 0, 1);
      checked_call ("mldsa hint_pack_row", FN(ops->hint_pack_row),
                    P(packed), P(&h), 0, 0, 0, 0);
    }

  printf ("  mldsa %s: ntt invntt_tomont pointwise pointwise_acc reduce"
          " caddq power2round decompose make_hint use_hint chknorm"
          " poly_uniform[_x4] poly_uniform_eta[_x4]"
          " poly_uniform_gamma1[_x4] poly_challenge"
          "%s%s%s%s%s%s%s%s%s%s%s%s%s%s\n",
          ops->name,
          ops->unpack_gamma1 ? " unpack_gamma1" : "",
          ops->unpack_t1 ? " unpack_t1" : "",
          ops->pack_w1_4 ? " pack_w1_4" : "",
          ops->pack_t1 ? " pack_t1" : "",
          ops->pack_t0 ? " pack_t0" : "",
          ops->pack_eta ? " pack_eta" : "",
          ops->pack_w1_6 ? " pack_w1_6" : "",
          ops->unpack_t0 ? " unpack_t0" : "",
          ops->unpack_eta ? " unpack_eta" : "",
          ops->add16_chknorm ? " add16_chknorm" : "",
          ops->add_reduce_chknorm ? " add_reduce_chknorm" : "",
          ops->power2round_add ? " power2round_add" : "",
          ops->pack_z ? " pack_z" : "",
          ops->hint_pack_row ? " hint_pack_row" : "");
}
#endif /*USE_MLDSA*/

#endif /*ABI_CHECKS*/


int
main (int argc, char **argv)
{
#if defined(__x86_64__)
  int nsets = 0;
  unsigned int i;

  if (argc > 1 && !strcmp (argv[1], "--verbose"))
    verbose = 2;

  _gcry_global_init ();

  if (have_xgetbv1 ())
    {
      if (under_valgrind ())
        printf (PGM ": running under valgrind: XINUSE check skipped\n");
      else if (!(_gcry_get_hw_features () & HWF_INTEL_AVX2))
        printf (PGM ": AVX2 disabled: XINUSE check skipped\n");
      else if (xinuse_is_precise ())
        check_xinuse = 1;
      else
        printf (PGM ": XINUSE does not track vzeroupper on this CPU:"
                " XINUSE check skipped\n");
    }
  else
    printf (PGM ": no XGETBV (1) on this CPU: XINUSE check skipped\n");

  printf (PGM ": checking rbx rbp r12-r15 rsp DF%s of:\n",
          check_xinuse ? " and the upper ymm/zmm halves" : "");

  /* Both variants of the AVX-512 Keccak round.  */
  nsets += check_keccak ("avx2");
  nsets += check_keccak ("avx512-amd");
  nsets += check_keccak ("avx512-intel");
  nsets += check_sha ();

#ifdef USE_MLKEM
  {
    const mlkem_ops_t *ops;

    for (i = 0; (ops = _gcry_mlkem_ops_available (i)); i++)
      if (!strcmp (ops->name, "avx2") || !strcmp (ops->name, "avx512"))
        {
          check_mlkem (ops);
          nsets++;
        }
  }
#endif

#ifdef USE_MLDSA
  {
    const mldsa_ops_t *ops;

    /* Both AVX-512 sets where VBMI2 is present.  */
    for (i = 0; (ops = _gcry_mldsa_ops_available (i)); i++)
      if (!strcmp (ops->name, "avx2") || !strcmp (ops->name, "avx512"))
        {
          check_mldsa (ops);
          nsets++;
        }
  }
#endif

  if (!nsets)
    {
      printf (PGM ": no x86-64 kernels usable here: skipped\n");
      return 77;
    }
  printf (PGM ": %u calls into %d kernel sets, %d errors\n",
          ncalls, nsets, errors);
  return errors ? 1 : 0;
#elif defined(ABI_CHECKS)
  /* ppc64le: the VSX sets (the tier the CPU and the disabled features
     leave, see hwf-runner.sh).  */
  int nsets = 0;

  if (argc > 1 && !strcmp (argv[1], "--verbose"))
    verbose = 2;
  _gcry_global_init ();
  printf (PGM ": checking r1 r2 r14-r31 f14-f31 v20-v31 cr2-cr4 of:\n");
  nsets += check_keccak ("vsx-p10");
  nsets += check_sha ();
#ifdef USE_MLKEM
  {
    const mlkem_ops_t *ops;
    unsigned int i;

    for (i = 0; (ops = _gcry_mlkem_ops_available (i)); i++)
      if (!strcmp (ops->name, "vsx"))
        {
          check_mlkem (ops);
          nsets++;
        }
  }
#endif
#ifdef USE_MLDSA
  if (_gcry_mldsa_get_ops ("vsx"))
    {
      check_mldsa (_gcry_mldsa_get_ops ("vsx"));
      nsets++;
    }
#endif
  if (!nsets)
    {
      printf (PGM ": no ppc64le kernels usable here: skipped\n");
      return 77;
    }
  printf (PGM ": %u calls into %d kernel sets, %d errors\n",
          ncalls, nsets, errors);
  return errors ? 1 : 0;
#else
  (void)argc;
  (void)argv;
  (void)prng_bytes;
  (void)prng_range;
  (void)verbose;
  (void)errors;
  (void)ncalls;
  printf (PGM ": not x86-64 or ppc64le: skipped\n");
  return 77;
#endif
}
