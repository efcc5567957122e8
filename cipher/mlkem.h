/* mlkem.h - Internal interface of ML-KEM (FIPS 203)
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

/* What cipher/mlkem.c offers to cipher/kem.c, the gcry_pk glue and the
 * library initialisation.  All byte strings have exactly the lengths
 * given by the parameter set; the callers check lengths.  */

#ifndef GCRY_MLKEM_H
#define GCRY_MLKEM_H 1

#include "types.h"

/* One ML-KEM parameter set (FIPS 203 section 8, Table 2 and 3).  */
typedef struct
{
  int algo;                /* GCRY_KEM_MLKEM512, ...  */
  const char *name;        /* S-expression name: "kyber512", ...  */
  unsigned int nbits;      /* 512, 768, 1024.  */
  unsigned int k;          /* Module rank.  */
  unsigned int eta1;
  unsigned int eta2;
  unsigned int du;
  unsigned int dv;
  unsigned int ek_len;     /* 384 k + 32.  */
  unsigned int dk_len;     /* 768 k + 96.  */
  unsigned int ct_len;     /* 32 (du k + dv).  */
} mlkem_param_t;

/* Stack depth of the deepest operation, with a margin; the callers
 * burn this much stack afterwards, so that no spilled secret survives
 * below the frames that wipe their own buffers.  tests/t-mlkem-stack
 * measures the depth of every operation and backend (painting the
 * stack) and fails if it exceeds this, and looks for the secrets on
 * the stack after the operations of gcry_kem_*.  The big arrays of an
 * operation are in a workspace on the heap (mlkem.c), so what remains
 * is small frames, the multi-stream scheduler and the kernels.
 * December 2026, gcc 12: -O2 x86-64 at most 5.6 KiB (Encaps or Decaps
 * with AVX2; 3.9 KiB with AVX-512), ppc64le 4.8 KiB, -O0 x86-64
 * 8.4 KiB.  The burn is a memset after every operation: 12 KiB of it
 * and the wipe of the secret workspace took about 6% of an ML-KEM-768
 * Encaps with AVX-512, so optimised builds burn 8 KiB (a margin of
 * 2.4 KiB over the deepest) and only unoptimised ones 12 KiB.  */
#ifdef __OPTIMIZE__
# define MLKEM_STACK_BURN (8 * 1024)
#else
# define MLKEM_STACK_BURN (12 * 1024)
#endif

#define MLKEM_SEED_LEN 64  /* d || z */
#define MLKEM_MSG_LEN  32  /* m */
#define MLKEM_SS_LEN   32  /* K */

/* Pick the kernel set.  Called once from _gcry_global_init.  */
void _gcry_mlkem_init (void);
/* For tests: make the operations of the parameter sets with K use
 * the KeyGen runs RUNS (bit R - 1 set ends a run after row R of
 * t-hat, 1 <= R < K, so that H (ek) starts there; with
 * MLKEM_KEYGEN_E_FIRST the first run samples all of e) and, with
 * G_WIDE, the Decaps run of G with the first blocks of H (ek) and J
 * (mlkem.c: keygen_runs, decaps_g_wide) instead of what
 * _gcry_mlkem_init chose from the cost model, which calling it again
 * restores.  Every schedule gives the same results.  Returns
 * GPG_ERR_INV_ARG for arguments out of range.  */
gpg_err_code_t _gcry_mlkem_set_schedule (unsigned int k, unsigned int runs,
                                         int g_wide);
#define MLKEM_KEYGEN_E_FIRST 8
/* Name of the chosen kernel set ("generic", ...).  */
const char *_gcry_mlkem_backend_name (void);
/* The chosen kernel set (ML-DSA signing borrows its 16-bit
 * transforms, mldsa.c).  */
const struct mlkem_ops_s *_gcry_mlkem_current_ops (void);
/* The kernel set named NAME ("generic", ...) if compiled in and usable
 * here, else NULL (bench-slope, kernel tests).  */
const struct mlkem_ops_s *_gcry_mlkem_get_ops (const char *name);

/* Parameter set of the KEM algorithm ALGO, or NULL.  */
const mlkem_param_t *_gcry_mlkem_param_by_algo (int algo);
/* Parameter set for the S-expression name NAME of length LEN
 * ("kyber768", "mlkem768", "ml-kem-768"; case-insensitive), or
 * NULL.  */
const mlkem_param_t *_gcry_mlkem_param_by_name (const char *name,
                                                size_t len);

/* ML-KEM.KeyGen_internal (d, z), FIPS 203 Algorithm 16.  SEED = d||z
 * (64 bytes).  Writes EK (ek_len) and DK (dk_len).  Fails only when
 * its working memory cannot be allocated (GPG_ERR_ENOMEM or the like;
 * nothing written then), as can the two functions below.  */
gpg_err_code_t _gcry_mlkem_keygen_internal (const mlkem_param_t *p,
                                            byte *ek, byte *dk,
                                            const byte seed[MLKEM_SEED_LEN]);

/* ML-KEM.Encaps_internal (ek, m), FIPS 203 Algorithm 17, preceded by
 * the encapsulation key check of section 7.2.  M may be NULL: then m
 * is drawn from the strong RNG (Algorithm 20).  Returns
 * GPG_ERR_BAD_PUBKEY (nothing written) if EK fails the check.  */
gpg_err_code_t _gcry_mlkem_encaps (const mlkem_param_t *p,
                                   byte *ct, byte ss[MLKEM_SS_LEN],
                                   const byte *ek,
                                   const byte *m);

/* ML-KEM.Decaps_internal (dk, c), FIPS 203 Algorithm 18, with
 * implicit rejection, preceded by the decapsulation key check of
 * section 7.3.  Returns GPG_ERR_BAD_SECKEY (nothing written) if DK
 * fails the check.  */
gpg_err_code_t _gcry_mlkem_decaps (const mlkem_param_t *p,
                                   byte ss[MLKEM_SS_LEN],
                                   const byte *dk, const byte *ct);

/* The input checks of FIPS 203 section 7.2 (modulus check of EK) and
 * 7.3 (hash check of DK).  Return 0 or GPG_ERR_BAD_PUBKEY /
 * GPG_ERR_BAD_SECKEY.  */
gpg_err_code_t _gcry_mlkem_check_ek (const mlkem_param_t *p, const byte *ek);
gpg_err_code_t _gcry_mlkem_check_dk (const mlkem_param_t *p, const byte *dk);

/* Known-answer selftest of all three parameter sets.  */
gpg_err_code_t _gcry_mlkem_selftest (void);

#endif /*GCRY_MLKEM_H*/
