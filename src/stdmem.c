/* stdmem.c - Memory allocation front end
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

/* Ordinary allocations go to the C library's malloc; the _secure
 * variants go to the secure pool (secmem.c).  _gcry_free and
 * _gcry_realloc find out by address which of the two a block came
 * from.  The x variants never return NULL: running out of memory is
 * a fatal error, as documented for libgcrypt.  All functions set
 * errno to ENOMEM when they return NULL.  */

#include <config.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

#include "g10lib.h"
#include "secmem.h"


/* Compute N*M into *R; return 0 on overflow (errno ENOMEM).  */
static int
mul_size (size_t n, size_t m, size_t *r)
{
  if (m && n > (size_t)-1 / m)
    {
      errno = ENOMEM;
      return 0;
    }
  *r = n * m;
  return 1;
}


/* No object can be larger than PTRDIFF_MAX bytes (the C library
   refuses such requests anyway); rejecting them here keeps the
   request away from malloc, which debugging allocators report as a
   negative size.  */
#define MAX_ALLOC_SIZE ((size_t)PTRDIFF_MAX)

void *
_gcry_malloc (size_t n)
{
  void *p;

  if (n > MAX_ALLOC_SIZE)
    {
      errno = ENOMEM;
      return NULL;
    }
  p = malloc (n ? n : 1);
  if (!p)
    errno = ENOMEM;
  return p;
}

void *
_gcry_malloc_secure (size_t n)
{
  return _gcry_secmem_malloc (n);
}

/* N*M zeroed bytes from the secure pool if SECURE, else from
   malloc.  */
static void *
do_calloc (size_t n, size_t m, int secure)
{
  size_t bytes;
  void *p;

  if (!mul_size (n, m, &bytes))
    return NULL;
  p = secure ? _gcry_malloc_secure (bytes) : _gcry_malloc (bytes);
  if (p)
    memset (p, 0, bytes);
  return p;
}

void *
_gcry_calloc (size_t n, size_t m)
{
  return do_calloc (n, m, 0);
}

void *
_gcry_calloc_secure (size_t n, size_t m)
{
  return do_calloc (n, m, 1);
}

/* Resize A to N bytes, keeping it in the same kind of memory.  A NULL
   A behaves like _gcry_malloc; N == 0 frees A and returns NULL.  */
void *
_gcry_realloc (void *a, size_t n)
{
  void *p;

  if (!a)
    return _gcry_malloc (n);
  if (!n)
    {
      _gcry_free (a);
      return NULL;
    }
  if (_gcry_private_is_secure (a))
    return _gcry_secmem_realloc (a, n);
  if (n > MAX_ALLOC_SIZE)
    {
      errno = ENOMEM;
      return NULL;
    }
  p = realloc (a, n);
  if (!p)
    errno = ENOMEM;
  return p;
}

/* Duplicate STRING; a string in secure memory is copied to secure
   memory.  */
char *
_gcry_strdup (const char *string)
{
  size_t n = strlen (string);
  char *p;

  if (_gcry_private_is_secure (string))
    p = _gcry_malloc_secure (n + 1);
  else
    p = _gcry_malloc (n + 1);
  if (p)
    memcpy (p, string, n + 1);
  return p;
}

void
_gcry_free (void *a)
{
  int save_errno;

  if (!a)
    return;
  /* Freeing must not disturb errno, which callers often report
     afterwards.  */
  save_errno = errno;
  if (!_gcry_secmem_free (a))
    free (a);
  errno = save_errno;
}

int
_gcry_is_secure (const void *a)
{
  return _gcry_private_is_secure (a);
}


static gcry_handler_no_mem_t outofcore_handler;
static void *outofcore_handler_value;

/* The flags the out-of-core handler gets (Libgcrypt's values).  */
#define OOC_SECURE  1
#define OOC_REALLOC 2

/* As in Libgcrypt: when an x function runs out of core, H (with
   OPAQUE, the size and the flags: bit 0 secure memory, bit 1 a
   reallocation) may free memory and return nonzero to have the
   allocation tried again; returning 0 makes it fatal.  */
void
gcry_set_outofcore_handler (gcry_handler_no_mem_t h, void *opaque)
{
  outofcore_handler = h;
  outofcore_handler_value = opaque;
}

/* Libgcrypt's replacement allocators are not used: the secure-memory
   pool and the wiping on free are part of this library's guarantees
   (Libgcrypt too ignores them in FIPS mode).  Accepted and
   ignored.  */
void
gcry_set_allocation_handler (gcry_handler_alloc_t func_alloc,
                             gcry_handler_alloc_t func_alloc_secure,
                             gcry_handler_secure_check_t func_secure_check,
                             gcry_handler_realloc_t func_realloc,
                             gcry_handler_free_t func_free)
{
  (void)func_alloc;
  (void)func_alloc_secure;
  (void)func_secure_check;
  (void)func_realloc;
  (void)func_free;
}

/* An x function failed to get N bytes; FLAGS as for the out-of-core
   handler.  Return if the handler wants another try, else end the
   process.  */
static void
out_of_core (size_t n, unsigned int flags)
{
  if (outofcore_handler
      && outofcore_handler (outofcore_handler_value, n, flags))
    return;
  _gcry_fatal_error (gpg_err_code_from_errno (ENOMEM),
                     (flags & OOC_SECURE) ? "out of core in secure memory"
                                 : "out of core");
}

/* N * M bytes for the calloc functions; a product that does not fit
   is fatal at once (no handler can free that much), as in
   Libgcrypt.  */
static size_t
calloc_size (size_t n, size_t m)
{
  if (m && n > (size_t)-1 / m)
    _gcry_fatal_error (GPG_ERR_ENOMEM, "out of core (size overflow)");
  return n * m;
}

void *
_gcry_xmalloc (size_t n)
{
  void *p;

  while (!(p = _gcry_malloc (n)))
    out_of_core (n, 0);
  return p;
}

void *
_gcry_xcalloc (size_t n, size_t m)
{
  size_t total = calloc_size (n, m);
  void *p;

  while (!(p = _gcry_calloc (n, m)))
    out_of_core (total, 0);
  return p;
}

void *
_gcry_xmalloc_secure (size_t n)
{
  void *p;

  while (!(p = _gcry_malloc_secure (n)))
    out_of_core (n, OOC_SECURE);
  return p;
}

void *
_gcry_xcalloc_secure (size_t n, size_t m)
{
  size_t total = calloc_size (n, m);
  void *p;

  while (!(p = _gcry_calloc_secure (n, m)))
    out_of_core (total, OOC_SECURE);
  return p;
}

static void *
xrealloc (void *a, size_t n)
{
  void *p;

  while (!(p = _gcry_realloc (a, n)) && n)
    out_of_core (n, OOC_REALLOC
                    | (a && _gcry_private_is_secure (a) ? OOC_SECURE : 0));
  return p;
}

char *
_gcry_xstrdup (const char *a)
{
  char *p;

  while (!(p = _gcry_strdup (a)))
    out_of_core (strlen (a), _gcry_private_is_secure (a) ? OOC_SECURE : 0);
  return p;
}


/*
 * The public API.
 */

void *
gcry_malloc (size_t n)
{
  return _gcry_malloc (n);
}

void *
gcry_calloc (size_t n, size_t m)
{
  return _gcry_calloc (n, m);
}

void *
gcry_malloc_secure (size_t n)
{
  return _gcry_malloc_secure (n);
}

void *
gcry_calloc_secure (size_t n, size_t m)
{
  return _gcry_calloc_secure (n, m);
}

void *
gcry_realloc (void *a, size_t n)
{
  return _gcry_realloc (a, n);
}

char *
gcry_strdup (const char *string)
{
  return _gcry_strdup (string);
}

void *
gcry_xmalloc (size_t n)
{
  return _gcry_xmalloc (n);
}

void *
gcry_xcalloc (size_t n, size_t m)
{
  return _gcry_xcalloc (n, m);
}

void *
gcry_xmalloc_secure (size_t n)
{
  return _gcry_xmalloc_secure (n);
}

void *
gcry_xcalloc_secure (size_t n, size_t m)
{
  return _gcry_xcalloc_secure (n, m);
}

void *
gcry_xrealloc (void *a, size_t n)
{
  return xrealloc (a, n);
}

char *
gcry_xstrdup (const char *a)
{
  return _gcry_xstrdup (a);
}

void
gcry_free (void *a)
{
  _gcry_free (a);
}

int
gcry_is_secure (const void *a)
{
  return _gcry_is_secure (a);
}
