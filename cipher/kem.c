/* kem.c - The gcry_kem_* interface
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

/* Byte-string KEM interface with libgcrypt 1.12's signatures and
 * semantics.  Only ML-KEM is built; every other KEM id of gcrypt.h
 * (sntrup761, Classic McEliece, the ECC and DH-KEMs) answers
 * GPG_ERR_UNKNOWN_ALGORITHM, which is what libgcrypt returns for an
 * algorithm it does not provide.
 *
 * Error codes (documented in doc/mlkem.texi):
 *   GPG_ERR_UNKNOWN_ALGORITHM  ALGO is not an available KEM.
 *   GPG_ERR_INV_ARG            A buffer is NULL or a length differs
 *                              from the parameter set's length, or
 *                              OPTIONAL has the wrong length or is
 *                              given where none is allowed.
 *   GPG_ERR_BAD_PUBKEY         The encapsulation key fails the
 *                              modulus check (FIPS 203 section 7.2).
 *   GPG_ERR_BAD_SECKEY         The decapsulation key fails the hash
 *                              check (FIPS 203 section 7.3).
 * OPTIONAL_LEN is ignored when OPTIONAL is NULL in KeyGen and Encaps,
 * as libgcrypt does (it looks at the length only with a buffer);
 * Decaps, which takes no OPTIONAL, refuses a nonzero OPTIONAL_LEN too,
 * as libgcrypt does.
 * On error nothing is written to the output buffers.  The parameter
 * set is looked up once per call, from the table in mlkem.c.  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "mlkem.h"


/* ML-KEM.KeyGen (Algorithm 19) or, with a 64-byte OPTIONAL = d || z,
 * ML-KEM.KeyGen_internal (Algorithm 16).  */
static gpg_err_code_t
kem_genkey (int algo, void *pubkey, size_t pubkey_len,
            void *seckey, size_t seckey_len,
            const void *optional, size_t optional_len)
{
  const mlkem_param_t *p = _gcry_mlkem_param_by_algo (algo);
  byte seed[MLKEM_SEED_LEN];
  gpg_err_code_t ec;

  if (!p)
    return GPG_ERR_UNKNOWN_ALGORITHM;
  if (!pubkey || !seckey
      || pubkey_len != p->ek_len || seckey_len != p->dk_len)
    return GPG_ERR_INV_ARG;
  if (optional && optional_len != MLKEM_SEED_LEN)
    return GPG_ERR_INV_ARG;

  /* The caller's seed is used where it is: a copy of it would go
     through registers, which an -O0 build saves in the frame of the
     burn below, above the part it clears (tests/t-mlkem-stack).  */
  if (optional)
    ec = _gcry_mlkem_keygen_internal (p, pubkey, seckey, optional);
  else
    {
      _gcry_randomize (seed, MLKEM_SEED_LEN, GCRY_VERY_STRONG_RANDOM);
      ec = _gcry_mlkem_keygen_internal (p, pubkey, seckey, seed);
      wipememory (seed, sizeof seed);
    }
  _gcry_burn_stack (MLKEM_STACK_BURN);
  return ec;
}


gcry_error_t
gcry_kem_genkey (int algo, void *pubkey, size_t pubkey_len,
                 void *seckey, size_t seckey_len,
                 const void *optional, size_t optional_len)
{
  _gcry_global_init ();
  return gpg_error (kem_genkey (algo, pubkey, pubkey_len, seckey, seckey_len,
                                optional, optional_len));
}


gcry_error_t
gcry_kem_keypair (int algo, void *pubkey, size_t pubkey_len,
                  void *seckey, size_t seckey_len)
{
  _gcry_global_init ();
  return gpg_error (kem_genkey (algo, pubkey, pubkey_len, seckey, seckey_len,
                                NULL, 0));
}


/* ML-KEM.Encaps (Algorithm 20) or, with a 32-byte OPTIONAL = m,
 * ML-KEM.Encaps_internal (Algorithm 17); both after the encapsulation
 * key check.  */
gcry_error_t
gcry_kem_encap (int algo, const void *pubkey, size_t pubkey_len,
                void *ciphertext, size_t ciphertext_len,
                void *shared, size_t shared_len,
                const void *optional, size_t optional_len)
{
  const mlkem_param_t *p;
  gpg_err_code_t ec;

  _gcry_global_init ();
  p = _gcry_mlkem_param_by_algo (algo);
  if (!p)
    return gpg_error (GPG_ERR_UNKNOWN_ALGORITHM);
  if (!pubkey || !ciphertext || !shared
      || pubkey_len != p->ek_len || ciphertext_len != p->ct_len
      || shared_len != MLKEM_SS_LEN)
    return gpg_error (GPG_ERR_INV_ARG);
  if (optional && optional_len != MLKEM_MSG_LEN)
    return gpg_error (GPG_ERR_INV_ARG);

  ec = _gcry_mlkem_encaps (p, ciphertext, shared, pubkey, optional);
  _gcry_burn_stack (MLKEM_STACK_BURN);
  return gpg_error (ec);
}


/* ML-KEM.Decaps (Algorithm 21) after the decapsulation key check.
 * OPTIONAL must be NULL and OPTIONAL_LEN 0.  */
gcry_error_t
gcry_kem_decap (int algo, const void *seckey, size_t seckey_len,
                const void *ciphertext, size_t ciphertext_len,
                void *shared, size_t shared_len,
                const void *optional, size_t optional_len)
{
  const mlkem_param_t *p;
  gpg_err_code_t ec;

  _gcry_global_init ();
  p = _gcry_mlkem_param_by_algo (algo);
  if (!p)
    return gpg_error (GPG_ERR_UNKNOWN_ALGORITHM);
  if (!seckey || !ciphertext || !shared
      || seckey_len != p->dk_len || ciphertext_len != p->ct_len
      || shared_len != MLKEM_SS_LEN)
    return gpg_error (GPG_ERR_INV_ARG);
  if (optional || optional_len)
    return gpg_error (GPG_ERR_INV_ARG);

  ec = _gcry_mlkem_decaps (p, shared, seckey, ciphertext);
  _gcry_burn_stack (MLKEM_STACK_BURN);
  return gpg_error (ec);
}
