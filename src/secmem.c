/* secmem.c - Locked, wiped memory for secrets
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

/* The secure-memory pool.
 *
 * Secret keys, seeds and intermediate secrets are allocated here
 * (gcry_malloc_secure, _gcry_malloc_secure).  The pool is a list of
 * areas obtained with mmap, separate from the ordinary heap.  Each
 * area is locked with mlock so that it is never written to swap, and
 * marked MADV_DONTDUMP so that it does not appear in core dumps.
 * Every block is wiped when it is freed or moved by realloc.
 *
 * Where locking is not permitted (containers without CAP_IPC_LOCK, a
 * low RLIMIT_MEMLOCK) we behave as libgcrypt does: one warning
 * "using insecure memory", then the pool is used unlocked.  It is
 * still separate from the heap and still wiped, and the calling
 * operation never fails because of it.  GCRYCTL_DISABLE_SECMEM_WARN
 * silences the warning; GCRYCTL_SUSPEND_SECMEM_WARN defers it until
 * GCRYCTL_RESUME_SECMEM_WARN.
 *
 * When an allocation does not fit, the pool grows by another area (at
 * least as large as the request), so an exhausted pool never fails an
 * operation while the system has memory; when mmap itself fails the
 * allocation returns NULL with errno ENOMEM.
 *
 * Layout of an area: a sequence of blocks, each a 16-byte header
 * followed by its payload, covering the area exactly.  Allocation is
 * first fit with splitting; free merges adjacent free blocks.  The
 * payload is 16-byte aligned.  One mutex protects all pool state.
 * Areas of the normal size are kept for reuse; an area made larger
 * for one big request is unmapped when it becomes free again.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <pthread.h>
#ifdef HAVE_SYS_MMAN_H
# include <sys/mman.h>
#endif

#include "g10lib.h"
#include "secmem.h"

#define DEFAULT_POOL_SIZE  32768
#define BLOCK_ALIGN        16

/* Header in front of every block.  SIZE is the payload size (a
   multiple of BLOCK_ALIGN); USED tells whether the block is
   allocated.  The union pads the header to BLOCK_ALIGN bytes so that
   payloads stay aligned on 32-bit hosts too.  */
typedef union
{
  struct
  {
    size_t size;
    size_t used;
  } h;
  unsigned char pad[BLOCK_ALIGN];
} blockhdr_t;

#define HDR_SIZE  (sizeof (blockhdr_t))

/* One mapped area.  The descriptors live on the ordinary heap, so that
   an overflow of a payload cannot corrupt the list itself.  */
typedef struct area_s
{
  struct area_s *next;
  unsigned char *base;
  size_t size;
  int locked;      /* mlock succeeded.  */
  int mapped;      /* Obtained with mmap (else with malloc).  */
} area_t;

static pthread_mutex_t secmem_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;
static area_t *area_list;
static size_t pool_size = DEFAULT_POOL_SIZE;  /* Size of new areas.  */
static unsigned int secmem_flags;
static int warning_pending;   /* Unlocked memory, warning not yet shown.  */
static int lock_failed;       /* An area could not be locked.  */
static int warning_shown;

/* Statistics.  */
static size_t stat_used_bytes;
static size_t stat_peak_bytes;  /* Highest stat_used_bytes since the
                                   last dump of the statistics.  */
static size_t stat_used_blocks;
static size_t stat_total_bytes;


static size_t
page_size (void)
{
  long n = sysconf (_SC_PAGESIZE);

  return n > 0 ? (size_t)n : 4096;
}

/* Round N up to a multiple of ALIGN (a power of two); 0 on overflow.  */
static size_t
round_up (size_t n, size_t align)
{
  if (n > (size_t)-1 - (align - 1))
    return 0;
  return (n + align - 1) & ~(align - 1);
}

static blockhdr_t *
hdr_at (unsigned char *p)
{
  return (blockhdr_t *)(void *)p;
}


/* fork handlers: hold the pool lock across fork so that the child
   never inherits it in a locked state from another thread.  */
static void
atfork_prepare (void)
{
  pthread_mutex_lock (&secmem_lock);
}

static void
atfork_release (void)
{
  pthread_mutex_unlock (&secmem_lock);
}

static void
register_atfork (void)
{
  pthread_atfork (atfork_prepare, atfork_release, atfork_release);
}

/* Take the pool lock (registering the fork handlers first).  */
static void
lock_pool (void)
{
  pthread_once (&atfork_once, register_atfork);
  pthread_mutex_lock (&secmem_lock);
}


/* Print the "insecure memory" warning now if it is due and not
   suppressed.  Caller holds the lock.  */
static void
maybe_print_warning (void)
{
  if (!warning_pending || warning_shown)
    return;
  if ((secmem_flags & GCRY_SECMEM_FLAG_NO_WARNING))
    return;
  if ((secmem_flags & GCRY_SECMEM_FLAG_SUSPEND_WARNING))
    return;
  warning_shown = 1;
  warning_pending = 0;
  log_info ("Warning: using insecure memory!");
}


/* Map a new area of at least MINSIZE payload bytes and append it to
   the list.  Returns the area or NULL (errno set).  Caller holds the
   lock.  */
static area_t *
add_area (size_t minsize)
{
  area_t *area;
  size_t size;

  size = minsize > (size_t)-1 - HDR_SIZE ? 0 : minsize + HDR_SIZE;
  if (size && size < pool_size)
    size = pool_size;
  size = size ? round_up (size, page_size ()) : 0;
  if (!size)
    {
      errno = ENOMEM;
      return NULL;
    }

  area = malloc (sizeof *area);
  if (!area)
    return NULL;
  memset (area, 0, sizeof *area);
  area->size = size;

#if defined(HAVE_SYS_MMAN_H) && defined(MAP_ANONYMOUS)
  {
    void *p = mmap (NULL, size, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      {
        free (area);
        errno = ENOMEM;
        return NULL;
      }
    area->base = p;
    area->mapped = 1;
  }
#else
  area->base = malloc (size);
  if (!area->base)
    {
      free (area);
      errno = ENOMEM;
      return NULL;
    }
  memset (area->base, 0, size);
#endif

#if defined(HAVE_SYS_MMAN_H) && defined(MADV_DONTDUMP)
  /* Keep secrets out of core dumps; failure is harmless.  */
  if (area->mapped)
    madvise (area->base, size, MADV_DONTDUMP);
#endif

#if defined(HAVE_SYS_MMAN_H) && defined(HAVE_MLOCK)
  if (!(secmem_flags & GCRY_SECMEM_FLAG_NOT_LOCKED))
    {
      if (!mlock (area->base, size))
        area->locked = 1;
      else
        warning_pending = lock_failed = 1;
    }
#else
  if (!(secmem_flags & GCRY_SECMEM_FLAG_NOT_LOCKED))
    warning_pending = lock_failed = 1;
#endif
  maybe_print_warning ();

  /* One free block covering the whole area.  */
  hdr_at (area->base)->h.size = size - HDR_SIZE;
  hdr_at (area->base)->h.used = 0;

  area->next = area_list;
  area_list = area;
  stat_total_bytes += size;
  return area;
}


/* Return the area containing P or NULL.  Caller holds the lock.  */
static area_t *
find_area (const void *p)
{
  area_t *a;
  const unsigned char *cp = p;

  for (a = area_list; a; a = a->next)
    if (cp >= a->base && cp < a->base + a->size)
      return a;
  return NULL;
}


/* Take a block of N bytes (a multiple of BLOCK_ALIGN) from AREA, first
   fit.  Returns the payload or NULL.  Caller holds the lock.  */
static void *
alloc_in_area (area_t *area, size_t n)
{
  unsigned char *p = area->base;
  unsigned char *end = area->base + area->size;

  while (p < end)
    {
      blockhdr_t *hdr = hdr_at (p);
      size_t bsize = hdr->h.size;

      if (!hdr->h.used && bsize >= n)
        {
          /* Split when the rest can hold a header and a minimal
             block.  */
          if (bsize - n >= HDR_SIZE + BLOCK_ALIGN)
            {
              blockhdr_t *rest = hdr_at (p + HDR_SIZE + n);

              rest->h.size = bsize - n - HDR_SIZE;
              rest->h.used = 0;
              hdr->h.size = n;
            }
          hdr->h.used = 1;
          stat_used_bytes += hdr->h.size;
          if (stat_used_bytes > stat_peak_bytes)
            stat_peak_bytes = stat_used_bytes;
          stat_used_blocks++;
          return p + HDR_SIZE;
        }
      p += HDR_SIZE + bsize;
    }
  return NULL;
}


/* Allocate N bytes; caller holds the lock.  */
static void *
secmem_malloc_locked (size_t n)
{
  area_t *a;
  void *p;

  n = round_up (n ? n : 1, BLOCK_ALIGN);
  if (!n)
    {
      errno = ENOMEM;
      return NULL;
    }
  for (a = area_list; a; a = a->next)
    if ((p = alloc_in_area (a, n)))
      return p;
  a = add_area (n);
  if (!a)
    return NULL;
  p = alloc_in_area (a, n);
  if (!p)
    errno = ENOMEM;   /* Cannot happen: the area was sized for N.  */
  return p;
}


/* Find the header of the allocated block whose payload is P inside
   AREA, or NULL if P is not the start of an allocated block.  Caller
   holds the lock.  */
static blockhdr_t *
find_block (area_t *area, const void *p)
{
  unsigned char *q = area->base;
  unsigned char *end = area->base + area->size;

  while (q < end)
    {
      blockhdr_t *hdr = hdr_at (q);

      if (q + HDR_SIZE == (const unsigned char *)p)
        return hdr->h.used ? hdr : NULL;
      if ((const unsigned char *)p < q + HDR_SIZE)
        return NULL;
      q += HDR_SIZE + hdr->h.size;
    }
  return NULL;
}


/* Merge runs of adjacent free blocks in AREA.  Absorbed headers are
   wiped as well.  Caller holds the lock.  */
static void
coalesce (area_t *area)
{
  unsigned char *p = area->base;
  unsigned char *end = area->base + area->size;

  while (p < end)
    {
      blockhdr_t *hdr = hdr_at (p);

      if (!hdr->h.used)
        {
          unsigned char *next = p + HDR_SIZE + hdr->h.size;

          while (next < end && !hdr_at (next)->h.used)
            {
              size_t nsize = hdr_at (next)->h.size;

              wipememory (next, HDR_SIZE);
              hdr->h.size += HDR_SIZE + nsize;
              next = p + HDR_SIZE + hdr->h.size;
            }
        }
      p += HDR_SIZE + hdr->h.size;
    }
}


/* Give an oversized AREA (one made for a single large request) back
   to the system once it is entirely free, so that a transient large
   allocation does not keep locked memory forever.  Areas of the
   normal size are kept for reuse.  Caller holds the lock.  */
static void
maybe_release_area (area_t *area)
{
  area_t **link;
  blockhdr_t *first = hdr_at (area->base);

  if (area->size <= pool_size || first->h.used
      || first->h.size != area->size - HDR_SIZE || !area->mapped)
    return;
  for (link = &area_list; *link && *link != area; link = &(*link)->next)
    ;
  if (!*link)
    return;
  *link = area->next;
  wipememory (area->base, HDR_SIZE);
#if defined(HAVE_SYS_MMAN_H) && defined(MAP_ANONYMOUS)
# ifdef HAVE_MLOCK
  if (area->locked)
    munlock (area->base, area->size);
# endif
  munmap (area->base, area->size);
#endif
  stat_total_bytes -= area->size;
  free (area);
}


/* Release block HDR of AREA; caller holds the lock.  AREA may be
   unmapped afterwards.  */
static void
release_block (area_t *area, blockhdr_t *hdr)
{
  wipememory ((unsigned char *)hdr + HDR_SIZE, hdr->h.size);
  hdr->h.used = 0;
  stat_used_bytes -= hdr->h.size;
  stat_used_blocks--;
  coalesce (area);
  maybe_release_area (area);
}


int
_gcry_secmem_init (size_t nbytes)
{
  int failed;

  lock_pool ();
  if (nbytes)
    {
      size_t n = round_up (nbytes, page_size ());
      if (n && n > pool_size)
        pool_size = n;
    }
  if (!area_list)
    add_area (pool_size - HDR_SIZE);
  failed = lock_failed;
  pthread_mutex_unlock (&secmem_lock);
  return failed;
}


void
_gcry_secmem_term (void)
{
  area_t *a;

  lock_pool ();
  for (a = area_list; a; a = a->next)
    {
      unsigned char *p = a->base;
      unsigned char *end = a->base + a->size;

      while (p < end)
        {
          blockhdr_t *hdr = hdr_at (p);

          if (!hdr->h.used)
            wipememory (p + HDR_SIZE, hdr->h.size);
          p += HDR_SIZE + hdr->h.size;
        }
    }
  pthread_mutex_unlock (&secmem_lock);
}


void *
_gcry_secmem_malloc (size_t n)
{
  void *p;

  lock_pool ();
  p = secmem_malloc_locked (n);
  pthread_mutex_unlock (&secmem_lock);
  return p;
}


int
_gcry_secmem_free (void *p)
{
  area_t *area;
  blockhdr_t *hdr;

  if (!p)
    return 0;
  lock_pool ();
  area = find_area (p);
  if (!area)
    {
      pthread_mutex_unlock (&secmem_lock);
      return 0;
    }
  hdr = find_block (area, p);
  if (!hdr)
    {
      pthread_mutex_unlock (&secmem_lock);
      log_bug ("invalid free of secure memory at %p\n", p);
    }
  release_block (area, hdr);
  pthread_mutex_unlock (&secmem_lock);
  return 1;
}


void *
_gcry_secmem_realloc (void *p, size_t n)
{
  area_t *area;
  blockhdr_t *hdr;
  void *newp;

  lock_pool ();
  area = find_area (p);
  hdr = area ? find_block (area, p) : NULL;
  if (!hdr)
    {
      pthread_mutex_unlock (&secmem_lock);
      log_bug ("invalid realloc of secure memory at %p\n", p);
    }
  if (n && n <= hdr->h.size)
    {
      /* Shrinking in place: wipe the part no longer in use.  */
      wipememory ((unsigned char *)p + n, hdr->h.size - n);
      pthread_mutex_unlock (&secmem_lock);
      return p;
    }
  newp = secmem_malloc_locked (n);
  if (newp)
    {
      /* The new block may have been carved from another area;
         HDR stays valid because areas are never moved.  */
      memcpy (newp, p, hdr->h.size < n ? hdr->h.size : n);
      release_block (area, hdr);
    }
  pthread_mutex_unlock (&secmem_lock);
  return newp;
}


int
_gcry_private_is_secure (const void *p)
{
  int rc;

  if (!p)
    return 0;
  lock_pool ();
  rc = !!find_area (p);
  pthread_mutex_unlock (&secmem_lock);
  return rc;
}


void
_gcry_secmem_set_flags (unsigned int flags)
{
  lock_pool ();
  secmem_flags = flags;
  maybe_print_warning ();
  pthread_mutex_unlock (&secmem_lock);
}


unsigned int
_gcry_secmem_get_flags (void)
{
  unsigned int flags;

  lock_pool ();
  flags = secmem_flags;
  pthread_mutex_unlock (&secmem_lock);
  return flags;
}


void
_gcry_secmem_dump_stats (int extended)
{
  area_t *a;
  unsigned int n = 0, nlocked = 0;

  lock_pool ();
  for (a = area_list; a; a = a->next)
    {
      n++;
      if (a->locked)
        nlocked++;
      if (extended)
        log_info ("secmem area %p: %zu bytes, %s\n",
                  (void *)a->base, a->size,
                  a->locked ? "locked" : "not locked");
    }
  /* The peak lets tests see how much secure memory an operation took
     (dump, operate, dump); it restarts from the current use.  */
  log_info ("secmem usage: %zu/%zu bytes in %zu blocks, "
            "%u areas (%u locked), peak %zu bytes\n",
            stat_used_bytes, stat_total_bytes, stat_used_blocks,
            n, nlocked, stat_peak_bytes);
  stat_peak_bytes = stat_used_bytes;
  pthread_mutex_unlock (&secmem_lock);
}
