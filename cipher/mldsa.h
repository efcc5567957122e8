/* mldsa.h - Internal interface of ML-DSA (FIPS 204)
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

/* Interface between the ML-DSA front file (cipher/mldsa.c: parameter
 * sets, encodings, the FIPS 204 algorithms) and its users: the gcry_pk
 * glue (cipher/mldsa-pk.c) and the library initialisation.  Keys and
 * signatures are byte strings in the FIPS 204 encodings.  */

#ifndef GCRY_MLDSA_H
#define GCRY_MLDSA_H 1

#include <stddef.h>
#include "types.h"

/* The three parameter sets of FIPS 204 Table 1, as indices into the
   parameter table.  */
typedef enum
  {
    MLDSA_44 = 0,
    MLDSA_65 = 1,
    MLDSA_87 = 2
  } mldsa_alg_t;

#define MLDSA_NALGS         3
/* Stack depth of KeyGen, Sign and the secret key check, with a
   margin; their callers burn this much stack afterwards, so that no
   secret the compiler spilled in the frames of the kernels and
   samplers survives (the polynomials themselves are in wiped
   workspaces).  tests/t-mldsa-stack measures the depth of every
   operation and backend and fails if it exceeds this.  December 2026,
   gcc 12 -O2 x86-64: at most 14.7 KiB (Sign with AVX2), -O0
   14.9 KiB.  */
#define MLDSA_STACK_BURN    (20 * 1024)
#define MLDSA_XI_LEN        32        /* KeyGen seed xi.  */
#define MLDSA_RND_LEN       32        /* Signing randomness rnd.  */
#define MLDSA_MU_LEN        64        /* Message representative mu.  */
#define MLDSA_TR_LEN        64
#define MLDSA_MAX_CTX_LEN   255
#define MLDSA_K_MAX         8         /* Rows of A (ML-DSA-87).  */
#define MLDSA_OMEGA_MAX     80        /* Hint ones (ML-DSA-44).  */
#define MLDSA_MAX_PK_LEN    2592
#define MLDSA_MAX_SK_LEN    4896
#define MLDSA_MAX_SIG_LEN   4627

/* One parameter set (FIPS 204 Table 1 and Table 2).  All sizes that
   depend on the set are read from here.  */
typedef struct
{
  const char *name;          /* "ML-DSA-65" */
  mldsa_alg_t alg;
  unsigned int k, l;         /* Matrix A is k x l.  */
  unsigned int eta;          /* Secret coefficient bound: 2 or 4.  */
  unsigned int tau;          /* Number of +-1 in the challenge.  */
  unsigned int beta;         /* tau * eta.  */
  s32 gamma1;                /* y coefficient range: 2^17 or 2^19.  */
  s32 gamma2;                /* Low-order rounding range.  */
  unsigned int omega;        /* Maximum number of hint ones.  */
  unsigned int ctildelen;    /* lambda / 4 bytes.  */
  unsigned int polyeta_bytes;   /* 32 * bitlen (2 eta).  */
  unsigned int polyz_bytes;     /* 32 * (1 + bitlen (gamma1 - 1)).  */
  unsigned int polyw1_bytes;    /* 32 * bitlen ((q-1)/(2 gamma2) - 1).  */
  unsigned int pk_len, sk_len, sig_len;
  unsigned int nbits;        /* gcry_pk_get_nbits: 8 * pk_len.  */
} mldsa_params_t;

/* M' of FIPS 204 (Algorithms 7 and 8, line 6 resp. 7) given in
   pieces, so that no copy of a long message is made: M' is
   PRE || MSG.  If MU is not NULL it is the 64-byte message
   representative itself (external mu) and the rest is ignored.  */
typedef struct
{
  const byte *pre;
  size_t prelen;
  const byte *msg;
  size_t msglen;
  const byte *mu;
} mldsa_mprime_t;

/* Pre-hash functions allowed by FIPS 204 Section 5.4 (HashML-DSA).  */
typedef struct
{
  int md_algo;               /* GCRY_MD_* */
  const char *name;          /* Canonical S-expression name.  */
  byte oid_last;             /* OID 2.16.840.1.101.3.4.2.<oid_last>.  */
  unsigned int digest_len;   /* Output length used (SHAKE: 32 / 64).  */
} mldsa_prehash_t;

#define MLDSA_OID_DER_LEN  11
/* Longest prefix: domain byte, context length, context, OID, digest. */
#define MLDSA_MAX_PREFIX_LEN (2 + MLDSA_MAX_CTX_LEN + MLDSA_OID_DER_LEN + 64)

/*-- mldsa.c --*/
/* Choose the kernel set; called once from _gcry_global_init.  */
void _gcry_mldsa_init (void);
/* For tests: sample WIDTH (4 or 8) polynomials at a time, treating a
   call of that width as cheap (CHEAP: mldsa.c, mldsa_cheap_batch),
   instead of what _gcry_mldsa_init chose from the Keccak cost
   figures, which calling it again restores.  Every shape gives the
   same keys and signatures.  Returns GPG_ERR_INV_ARG if WIDTH is
   neither 4 nor 8, GPG_ERR_NOT_SUPPORTED if the kernel set has no
   N-way samplers and WIDTH or CHEAP asks for them.  */
gpg_err_code_t _gcry_mldsa_set_shape (unsigned int width, int cheap);
/* For tests: compute signing's c s1 and c s2 in ML-KEM's ring if ON
   (the default where ML-KEM is built, mldsa.c: small_product), else
   with ML-DSA's own transforms.  Both give the same signatures.
   Returns GPG_ERR_NOT_SUPPORTED for ON without ML-KEM.  */
gpg_err_code_t _gcry_mldsa_set_small_mul (int on);
/* For tests: R = C S in Z[x]/(x^256 + 1) the way signing computes c s1
   and c s2 with ML-KEM's kernel set (exact while every coefficient of
   the product is below 3329 / 2 in absolute value).  Returns
   GPG_ERR_NOT_SUPPORTED without ML-KEM.  */
gpg_err_code_t _gcry_mldsa_small_mul_test (s32 r[256], const s32 c[256],
                                           const s32 s[256]);
/* Name of the chosen kernel set ("generic", ...).  */
const char *_gcry_mldsa_backend_name (void);
/* The kernel set named NAME ("generic", ...) if compiled in and usable
   here, else NULL (bench-slope, kernel tests).  */
const struct mldsa_ops_s *_gcry_mldsa_get_ops (const char *name);
/* Kernel set IDX (0, 1, ...) of those usable here, the portable one
   last, then NULL: every set the tests should run.  */
const struct mldsa_ops_s *_gcry_mldsa_ops_available (unsigned int idx);

const mldsa_params_t *_gcry_mldsa_get_params (mldsa_alg_t alg);

/* The pre-hash table: entry I for I = 0, 1, ... until NULL name.  */
const mldsa_prehash_t *_gcry_mldsa_prehash_by_index (unsigned int i);
/* Look up by GCRY_MD_* number; NULL if not allowed.  */
const mldsa_prehash_t *_gcry_mldsa_prehash_by_algo (int md_algo);

/* Write the prefix PRE of M' into BUF (at least MLDSA_MAX_PREFIX_LEN
   bytes) and return its length.  PH == NULL: pure ML-DSA, M' =
   0 || |ctx| || ctx || M (Algorithm 2).  Otherwise HashML-DSA
   (Algorithm 4): M' = 1 || |ctx| || ctx || OID || DIGEST with
   PH->digest_len bytes of DIGEST; then the message part is empty.
   CTXLEN <= 255 (caller checks).  */
size_t _gcry_mldsa_build_prefix (byte *buf, const mldsa_prehash_t *ph,
                                 const byte *ctx, size_t ctxlen,
                                 const byte *digest);

/* ML-DSA.KeyGen_internal (Algorithm 6): PK (pk_len bytes) and SK
   (sk_len bytes, should be secure memory) from XI.  */
gpg_err_code_t _gcry_mldsa_keygen_internal (const mldsa_params_t *p,
                                            byte *pk, byte *sk,
                                            const byte xi[MLDSA_XI_LEN]);

/* ML-DSA.Sign_internal (Algorithm 7): SIG (sig_len bytes) for the
   encoded secret key SK (sk_len bytes), message M and randomness RND
   (32 zero bytes for deterministic signing).  Returns
   GPG_ERR_BAD_SECKEY if SK has out-of-range coefficients or if no
   signature was found within the iteration bound of FIPS 204
   Appendix C (MLDSA_SIGN_MAX_ITERATIONS in mldsa.c; only an
   inconsistent key gets there).  On error SIG holds nothing of the
   key.  */
gpg_err_code_t _gcry_mldsa_sign_internal (const mldsa_params_t *p,
                                          byte *sig, const byte *sk,
                                          const mldsa_mprime_t *m,
                                          const byte rnd[MLDSA_RND_LEN]);

/* ML-DSA.Verify_internal (Algorithm 8).  Returns 0 for a valid
   signature, GPG_ERR_BAD_PUBKEY for a public key of the wrong length,
   GPG_ERR_BAD_SIGNATURE for every other failure (length, encoding,
   norm, challenge).  */
gpg_err_code_t _gcry_mldsa_verify_internal (const mldsa_params_t *p,
                                            const byte *pk, size_t pklen,
                                            const mldsa_mprime_t *m,
                                            const byte *sig, size_t siglen);

/* Check that SK is a consistent secret key (coefficient ranges,
   t0 and tr recomputed from rho, s1, s2) and, if PK is not NULL, that
   it belongs to PK.  Returns 0 or GPG_ERR_BAD_SECKEY.  */
gpg_err_code_t _gcry_mldsa_check_secret_key (const mldsa_params_t *p,
                                             const byte *sk,
                                             const byte *pk);

/* Bytes of working memory (ordinary heap and secure memory together)
   used by signing, verification and key generation for parameter set
   P (documented in doc/mldsa.texi).  */
size_t _gcry_mldsa_sign_workspace_size (const mldsa_params_t *p);
size_t _gcry_mldsa_verify_workspace_size (const mldsa_params_t *p);
size_t _gcry_mldsa_keygen_workspace_size (const mldsa_params_t *p);

/* Known-answer self-test of KeyGen, Sign and Verify for ALG.  */
gpg_err_code_t _gcry_mldsa_selftest (mldsa_alg_t alg,
                                     const char **r_what);

#endif /*GCRY_MLDSA_H*/
