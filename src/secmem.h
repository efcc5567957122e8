/* secmem.h - The secure-memory pool of libgcrypt-pqc
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

#ifndef G10_SECMEM_H
#define G10_SECMEM_H 1

#include <stddef.h>

/* Flags for _gcry_secmem_set_flags / _gcry_secmem_get_flags.  */
#define GCRY_SECMEM_FLAG_NO_WARNING      (1 << 0)  /* Never warn.  */
#define GCRY_SECMEM_FLAG_SUSPEND_WARNING (1 << 1)  /* Defer the warning.  */
#define GCRY_SECMEM_FLAG_NOT_LOCKED      (1 << 2)  /* Do not mlock.  */
#define GCRY_SECMEM_FLAG_NO_MLOCK        GCRY_SECMEM_FLAG_NOT_LOCKED

/* Create the pool with at least NBYTES (0 = default size) if it does
   not exist yet.  Later calls only raise the size of areas added when
   the pool grows.  Returns nonzero if an area of the pool could not
   be locked into memory (so far, locking not disabled).  */
int _gcry_secmem_init (size_t nbytes);

/* Wipe all free space of the pool.  Blocks still in use are left
   alone, so that later gcry_free calls remain valid.  */
void _gcry_secmem_term (void);

/* Allocate N bytes (16-byte aligned) from the pool, growing it when
   needed.  Returns NULL with errno ENOMEM when no memory is left.  */
void *_gcry_secmem_malloc (size_t n);

/* Resize the pool block P to N bytes; contents are kept up to the
   smaller size and the old block is wiped.  */
void *_gcry_secmem_realloc (void *p, size_t n);

/* Wipe and release the pool block P.  Returns 1 if P belonged to the
   pool (and was released), 0 otherwise.  */
int _gcry_secmem_free (void *p);

/* Return 1 if P points into the pool.  */
int _gcry_private_is_secure (const void *p);

void _gcry_secmem_set_flags (unsigned int flags);
unsigned int _gcry_secmem_get_flags (void);

/* Print pool statistics to the log.  */
void _gcry_secmem_dump_stats (int extended);

#endif /*G10_SECMEM_H*/
