/* fuzz-secmem.c - Secure memory from malloc, for the fuzzers
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The library's secure pool (src/secmem.c) carves blocks out of one
 * locked mapping, so AddressSanitizer cannot see a read past the end
 * of a secure block, or the use of one after it was released: both
 * stay inside the mapping.  Secret keys, seeds and many intermediates
 * live there, so the fuzzers link with
 *
 *   -Wl,--wrap=_gcry_secmem_malloc -Wl,--wrap=_gcry_secmem_free
 *   -Wl,--wrap=_gcry_secmem_realloc -Wl,--wrap=_gcry_private_is_secure
 *
 * and every call from src/stdmem.c (the only caller) comes here
 * instead: each secure block is its own malloc block, which ASan
 * guards with redzones and quarantines after free.  The set of live
 * secure blocks is kept in a small hash table, because
 * _gcry_private_is_secure and _gcry_secmem_free are asked about
 * pointers of either kind and must not read memory around them.  As
 * the pool does, blocks are wiped when released.  */

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *__wrap__gcry_secmem_malloc (size_t n);
int __wrap__gcry_secmem_free (void *p);
void *__wrap__gcry_secmem_realloc (void *p, size_t n);
int __wrap__gcry_private_is_secure (const void *p);

/* One live secure block.  */
struct secblock
{
  struct secblock *next;
  void *p;
  size_t n;
};

/* A power of two; the fuzzers hold a few dozen blocks at a time.  */
#define NBUCKETS 1024

static struct secblock *buckets[NBUCKETS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;


/* Bucket of P: the low bits of a malloc address are mostly zero, so
   they are mixed in from above (Fibonacci hashing).  */
static unsigned int
bucket_of (const void *p)
{
  uint64_t x = (uint64_t)(uintptr_t)p;

  x *= UINT64_C (0x9e3779b97f4a7c15);
  return (unsigned int)(x >> 54) & (NBUCKETS - 1);
}


/* Return the link that points to the entry of P, or to the NULL at
   the end of its bucket.  Called with LOCK held.  */
static struct secblock **
find_link (const void *p)
{
  struct secblock **l = &buckets[bucket_of (p)];

  while (*l && (*l)->p != p)
    l = &(*l)->next;
  return l;
}


void *
__wrap__gcry_secmem_malloc (size_t n)
{
  struct secblock *b = malloc (sizeof *b);
  struct secblock **l;

  if (!b)
    {
      errno = ENOMEM;
      return NULL;
    }
  b->p = malloc (n ? n : 1);
  if (!b->p)
    {
      free (b);
      errno = ENOMEM;
      return NULL;
    }
  b->n = n;
  pthread_mutex_lock (&lock);
  l = &buckets[bucket_of (b->p)];
  b->next = *l;
  *l = b;
  pthread_mutex_unlock (&lock);
  return b->p;
}


/* Release P if it is a secure block and return 1; else return 0 and
   leave P to the caller's free, as the pool does.  */
int
__wrap__gcry_secmem_free (void *p)
{
  struct secblock **l, *b;

  if (!p)
    return 0;
  pthread_mutex_lock (&lock);
  l = find_link (p);
  b = *l;
  if (b)
    *l = b->next;
  pthread_mutex_unlock (&lock);
  if (!b)
    return 0;
  memset (b->p, 0, b->n);
  free (b->p);
  free (b);
  return 1;
}


/* Move the secure block P to a new secure block of N bytes.  As in
   the pool, P must be a secure block: anything else is a bug of the
   caller, and aborts.  */
void *
__wrap__gcry_secmem_realloc (void *p, size_t n)
{
  struct secblock *b;
  size_t oldn;
  void *q;

  pthread_mutex_lock (&lock);
  b = *find_link (p);
  oldn = b ? b->n : 0;
  pthread_mutex_unlock (&lock);
  if (!b)
    abort ();
  q = __wrap__gcry_secmem_malloc (n);
  if (!q)
    return NULL;
  memcpy (q, p, oldn < n ? oldn : n);
  __wrap__gcry_secmem_free (p);
  return q;
}


int
__wrap__gcry_private_is_secure (const void *p)
{
  int found;

  if (!p)
    return 0;
  pthread_mutex_lock (&lock);
  found = *find_link (p) != NULL;
  pthread_mutex_unlock (&lock);
  return found;
}
