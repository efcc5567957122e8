/* mpi.h - Internal view of the gcry_mpi_t object of libgcrypt-pqc
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

/* libgcrypt-pqc needs big integers only as a container: S-expressions
 * carry keys and ciphertexts as byte strings, and the public API of
 * libgcrypt hands them around as gcry_mpi_t.  There is therefore no
 * arithmetic here.  An MPI is one of
 *
 *  - a number: a sign and a magnitude stored as a big-endian byte
 *    string without leading zero bytes (zero has length 0 and is
 *    never negative), or
 *  - an opaque value: an arbitrary bit string of NBITS bits stored
 *    in (NBITS+7)/8 bytes, exactly as the caller gave it.
 *
 * Secret numbers live in secure memory (flag GCRYMPI_FLAG_SECURE) and
 * every buffer is wiped before it is freed, whatever its flag.  */

#ifndef G10_MPI_H
#define G10_MPI_H 1

#include "gcrypt.h"
#include "types.h"

/* The object behind gcry_mpi_t.  FLAGS holds the public
 * GCRYMPI_FLAG_* bits (SECURE, OPAQUE, IMMUTABLE, CONST, USER1..4).
 * For a number, D[0..NBYTES-1] is the magnitude (D[0] != 0 when
 * NBYTES > 0) and SIGN is 0 or 1.  For an opaque value, NBITS is the
 * length given by the caller, D holds (NBITS+7)/8 bytes (or is NULL
 * when NBITS is 0), NBYTES equals that byte count and SIGN is 0.
 * ALLOCED is the size of the buffer at D, so that it can be wiped
 * completely.  */
struct gcry_mpi
{
  unsigned int flags;
  int sign;
  size_t nbytes;
  size_t alloced;
  unsigned int nbits;
  byte *d;
};

#define mpi_is_opaque(a) ((a) && ((a)->flags & GCRYMPI_FLAG_OPAQUE))
#define mpi_is_secure(a) ((a) && ((a)->flags & GCRYMPI_FLAG_SECURE))

/* Create a number from the NBYTES bytes at BUF, read as an unsigned
 * big-endian integer (leading zero bytes allowed).  The result is in
 * secure memory if SECURE is true.  Returns NULL on out-of-core.  */
gcry_mpi_t _gcry_mpi_from_usg (const void *buf, size_t nbytes, int secure);

/* Return a pointer to the magnitude (numbers) or the bytes (opaque
 * values) of A and store their count at R_NBYTES.  The pointer stays
 * owned by A and may be NULL when the count is 0.  */
const byte *_gcry_mpi_get_bytes (gcry_mpi_t a, size_t *r_nbytes);

#endif /*G10_MPI_H*/
