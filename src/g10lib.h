/* g10lib.h - Internal definitions shared by all parts of libgcrypt-pqc
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

/* Every .c file of the library includes <config.h> first and then
 * this header.  It fixes the error source, so that gpg_error()
 * creates values with source GPG_ERR_SOURCE_GCRYPT, and declares the
 * internal (non-exported) helpers that all modules share.
 *
 * Export rule: only symbols named gcry_* leave the shared object
 * (see src/libgcrypt-pqc.vers).  Internal functions are named
 * _gcry_* and are never exported.  */

#ifndef G10LIB_H
#define G10LIB_H 1

#ifndef GPG_ERR_SOURCE_DEFAULT
# define GPG_ERR_SOURCE_DEFAULT GPG_ERR_SOURCE_GCRYPT
#endif

#include <stddef.h>
#include <stdarg.h>
#include "gcrypt.h"
#include "types.h"

#if __GNUC__ >= 3
# define GCC_ATTR_NORETURN  __attribute__ ((noreturn))
# define GCC_ATTR_UNUSED    __attribute__ ((unused))
# define GCC_ATTR_NOINLINE  __attribute__ ((noinline))
# define GCC_ATTR_PRINTF(f,a) __attribute__ ((format (printf,f,a)))
# define LIKELY(x)   __builtin_expect (!!(x), 1)
# define UNLIKELY(x) __builtin_expect (!!(x), 0)
#else
# define GCC_ATTR_NORETURN
# define GCC_ATTR_UNUSED
# define GCC_ATTR_NOINLINE
# define GCC_ATTR_PRINTF(f,a)
# define LIKELY(x)   (x)
# define UNLIKELY(x) (x)
#endif

#define DIM(v) (sizeof (v) / sizeof ((v)[0]))
#define DIMof(type,member) DIM (((type *) 0)->member)

/*-- src/global.c --*/
/* Make sure the library is initialised (hw features detected, dispatch
   tables chosen).  Cheap after the first call; thread safe.  Every
   public entry point that needs the dispatch tables calls it.  */
void _gcry_global_init (void);
int _gcry_global_is_operational (void);
/* Benchmarks only: narrow the usable hardware features to MASK and
   choose every kernel set again (see global.c).  */
unsigned int _gcry_reselect_backends (unsigned int mask);
int _gcry_get_debug_flag (unsigned int mask);

/*-- src/misc.c --*/
void _gcry_log_info (const char *fmt, ...) GCC_ATTR_PRINTF (1, 2);
void _gcry_log_error (const char *fmt, ...) GCC_ATTR_PRINTF (1, 2);
void _gcry_log_debug (const char *fmt, ...) GCC_ATTR_PRINTF (1, 2);
void _gcry_log_fatal (const char *fmt, ...) GCC_ATTR_PRINTF (1, 2)
     GCC_ATTR_NORETURN;
void _gcry_log_bug (const char *fmt, ...) GCC_ATTR_PRINTF (1, 2)
     GCC_ATTR_NORETURN;
void _gcry_fatal_error (int rc, const char *text) GCC_ATTR_NORETURN;
#define log_info   _gcry_log_info
#define log_error  _gcry_log_error
#define log_debug  _gcry_log_debug
#define log_fatal  _gcry_log_fatal
#define log_bug    _gcry_log_bug
#define BUG() _gcry_log_bug ("Ohhhh jeeee: internal error in %s:%d\n", \
                             __FILE__, __LINE__)
#define gcry_assert(expr) \
  ((expr) ? (void) 0 : _gcry_log_bug ("Assertion \"%s\" in %s failed (%s:%d)\n", \
                                      #expr, __func__, __FILE__, __LINE__))

/* Overwrite LEN bytes at PTR so that the compiler cannot drop it.  */
void _gcry_fast_wipememory (void *ptr, size_t len);
#define wipememory(ptr,len) _gcry_fast_wipememory ((ptr), (len))
/* Clear about BYTES of stack below the caller's frame.  */
void _gcry_burn_stack (unsigned int bytes);

/*-- src/stdmem.c / src/secmem.c --*/
/* Same semantics as the public gcry_* memory functions, but callable
   internally without going through the exported symbol.  The _secure
   variants allocate from the locked, wiped secure-memory pool.  */
void *_gcry_malloc (size_t n);
void *_gcry_calloc (size_t n, size_t m);
void *_gcry_malloc_secure (size_t n);
void *_gcry_calloc_secure (size_t n, size_t m);
void *_gcry_realloc (void *a, size_t n);
char *_gcry_strdup (const char *string);
void *_gcry_xmalloc (size_t n);
void *_gcry_xcalloc (size_t n, size_t m);
void *_gcry_xmalloc_secure (size_t n);
void *_gcry_xcalloc_secure (size_t n, size_t m);
char *_gcry_xstrdup (const char *a);
void  _gcry_free (void *a);
int   _gcry_is_secure (const void *a);
#define xtrymalloc(a)    _gcry_malloc ((a))
#define xtrycalloc(a,b)  _gcry_calloc ((a),(b))
#define xtrymalloc_secure(a)   _gcry_malloc_secure ((a))
#define xtrycalloc_secure(a,b) _gcry_calloc_secure ((a),(b))
#define xtryrealloc(a,b) _gcry_realloc ((a),(b))
#define xtrystrdup(a)    _gcry_strdup ((a))
#define xmalloc(a)       _gcry_xmalloc ((a))
#define xcalloc(a,b)     _gcry_xcalloc ((a),(b))
#define xstrdup(a)       _gcry_xstrdup ((a))
#define xfree(a)         _gcry_free ((a))

/*-- src/random.c --*/
/* Fill BUFFER with LENGTH random bytes: weak and strong requests from
   the kernel-seeded user-space generator (standard RNG type), very
   strong ones and all of the system type from the kernel.  Never
   returns weak output: a failing entropy source is a fatal error.  */
void _gcry_randomize (void *buffer, size_t length,
                      enum gcry_random_level level);

/* Close the cached /dev/urandom descriptor, if any.  */
void _gcry_random_close_fds (void);

/* The RNG type (GCRY_RNG_TYPE_*): record a preference, get the type
   in use, and fix it at initialisation (see random.c).  */
void _gcry_set_preferred_rng_type (int type);
int _gcry_get_rng_type (void);
void _gcry_random_initialize (void);
/* Log the type and counters (GCRYCTL_DUMP_RANDOM_STATS).  */
void _gcry_random_dump_stats (void);

/*-- src/hwfeatures.c --*/
#include "hwf-common.h"
unsigned int _gcry_get_hw_features (void);

/*-- cipher/pubkey.c --*/
/* Run the known-answer tests of all public-key algorithms.  */
gpg_err_code_t _gcry_pk_selftest_all (int extended);

/*-- cipher/mlkem.c, cipher/mldsa.c --*/
/* Choose the kernel set from the hardware features (called once by
   _gcry_global_init) and report its name for gcry_get_config.  */
void _gcry_mlkem_init (void);
const char *_gcry_mlkem_backend_name (void);
void _gcry_mldsa_init (void);
const char *_gcry_mldsa_backend_name (void);

/*-- src/sexp.c --*/
/* Return the data of the first element of LIST after its car (the
   "value" of a "(name value)" pair) as a pointer into LIST and its
   length, or NULL.  */
const char *_gcry_sexp_nth_data (gcry_sexp_t list, int number,
                                 size_t *datalen);
/* gcry_sexp_build_array with the type letter of each argument in
   ARG_TYPES: a mismatching directive gives GPG_ERR_INV_ARG.  */
gpg_err_code_t _gcry_sexp_build_typed (gcry_sexp_t *retsexp,
                                       const char *format, void **arg_list,
                                       const char *arg_types);

#endif /*G10LIB_H*/
