/* cipher-proto.h - Internal module interfaces of libgcrypt-pqc
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* A public-key algorithm registers one gcry_pk_spec_t with
 * cipher/pubkey.c (pubkey_list).  pubkey.c parses the outer
 * S-expression, finds the spec by the algorithm name given in it
 * ("kyber768", "ml-dsa-65", ...) and calls the slot.  Slots that make
 * no sense for an algorithm are NULL, and pubkey.c then returns
 * GPG_ERR_NOT_IMPLEMENTED (as libgcrypt does).  */

#ifndef G10_CIPHER_PROTO_H
#define G10_CIPHER_PROTO_H 1

#include "gcrypt.h"

typedef gpg_err_code_t (*gcry_pk_generate_t) (gcry_sexp_t genparms,
                                              gcry_sexp_t *r_skey);
typedef gpg_err_code_t (*gcry_pk_check_secret_key_t) (gcry_sexp_t keyparms);
typedef gpg_err_code_t (*gcry_pk_sign_t) (gcry_sexp_t *r_sig,
                                          gcry_sexp_t s_data,
                                          gcry_sexp_t keyparms);
typedef gpg_err_code_t (*gcry_pk_verify_t) (gcry_sexp_t s_sig,
                                            gcry_sexp_t s_data,
                                            gcry_sexp_t keyparms);
typedef unsigned int (*gcry_pk_get_nbits_t) (gcry_sexp_t keyparms);
/* Feed the keygrip material of KEYPARMS into MD (a SHA-1 handle).  */
typedef gpg_err_code_t (*gcry_pk_comp_keygrip_t) (gcry_md_hd_t md,
                                                  gcry_sexp_t keyparms);
typedef gpg_err_code_t (*gcry_pk_selftest_t) (int algo, int extended);

typedef struct gcry_pk_spec
{
  int algo;                     /* GCRY_PK_KEM, GCRY_PK_MLDSA, ...  */
  const char *name;             /* Canonical name for algo_name.  */
  const char *const *aliases;   /* NULL-terminated; names accepted in
                                   S-expressions, lower case.  */
  unsigned int use;             /* GCRY_PK_USAGE_* bits.  */
  gcry_pk_generate_t generate;
  gcry_pk_check_secret_key_t check_secret_key;
  gcry_pk_sign_t sign;
  gcry_pk_verify_t verify;
  gcry_pk_get_nbits_t get_nbits;
  gcry_pk_comp_keygrip_t comp_keygrip;
  gcry_pk_selftest_t selftest;
} gcry_pk_spec_t;

/* Declared by the algorithm front files.  */
extern gcry_pk_spec_t _gcry_pubkey_spec_mlkem;   /* cipher/mlkem.c */
extern gcry_pk_spec_t _gcry_pubkey_spec_mldsa;   /* cipher/mldsa.c */

/*-- cipher/pubkey.c --*/
/* Run the selftest slot of every compiled-in public-key algorithm
   (used by gcry_control (GCRYCTL_SELFTEST)); returns the first
   failure's code or 0.  */
gpg_err_code_t _gcry_pk_selftest_all (int extended);

#endif /*G10_CIPHER_PROTO_H*/
