/* gcrypt.h - Public interface of libgcrypt-pqc            -*- c -*-
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

/* This header is a drop-in replacement for the gcrypt.h of libgcrypt
 * 1.12.  All public enumerations and constants carry the numeric
 * values of libgcrypt 1.12, so that a program written against that
 * API compiles unchanged even when it names an algorithm or a control
 * code this library does not implement; such a request fails at run
 * time with the error libgcrypt gives for an unavailable algorithm or
 * command.  Functions are declared only where libgcrypt-pqc
 * implements them.
 *
 * It is installed as $(includedir)/libgcrypt-pqc/gcrypt.h, so that it
 * never replaces the header of a system libgcrypt; use
 * "pkg-config --cflags --libs libgcrypt-pqc".  */

#ifndef _GCRYPT_H
#define _GCRYPT_H

#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <sys/types.h>

#include <gpg-error.h>

/* Error values created inside the library use this source.  */
#define _GCRY_ERR_SOURCE_DEFAULT GPG_ERR_SOURCE_GCRYPT

#ifdef __cplusplus
extern "C" {
#if 0 /* Keep auto-indenting editors happy.  */
}
#endif
#endif

/* The libgcrypt API level implemented.  gcry_check_version accepts a
   request for any version up to this level.  */
#define GCRYPT_VERSION "1.12.0"
#define GCRYPT_VERSION_NUMBER 0x010c00

/* The release of libgcrypt-pqc itself, independent of the API level
   above.  Also reported by gcry_get_config (0, "version").  */
#define GCRYPT_PQC_VERSION "0.1.0"
#define GCRYPT_PQC_VERSION_NUMBER 0x000100

/* Inside the library the MPI convenience macros below are not
   wanted.  */
#ifdef _GCRYPT_IN_LIBGCRYPT
# ifndef GCRYPT_NO_MPI_MACROS
#  define GCRYPT_NO_MPI_MACROS 1
# endif
#endif

/* Compiler attributes.  The leading underscore marks these macros as
   internal; applications should not use them.  */
#ifdef __GNUC__
# define _GCRY_GCC_VERSION (__GNUC__ * 10000 + __GNUC_MINOR__ * 100 \
                            + __GNUC_PATCHLEVEL__)
# if _GCRY_GCC_VERSION >= 30100
#  define _GCRY_GCC_ATTR_DEPRECATED __attribute__ ((__deprecated__))
# endif
# if _GCRY_GCC_VERSION >= 29600
#  define _GCRY_GCC_ATTR_PURE __attribute__ ((__pure__))
# endif
# if _GCRY_GCC_VERSION >= 30200
#  define _GCRY_GCC_ATTR_MALLOC __attribute__ ((__malloc__))
# endif
# define _GCRY_GCC_ATTR_PRINTF(f,a) __attribute__ ((format (printf,f,a)))
# if _GCRY_GCC_VERSION >= 40000
#  define _GCRY_GCC_ATTR_SENTINEL(a) __attribute__ ((sentinel(a)))
# endif
#endif /*__GNUC__*/

#ifndef _GCRY_GCC_ATTR_DEPRECATED
# define _GCRY_GCC_ATTR_DEPRECATED
#endif
#ifndef _GCRY_GCC_ATTR_PURE
# define _GCRY_GCC_ATTR_PURE
#endif
#ifndef _GCRY_GCC_ATTR_MALLOC
# define _GCRY_GCC_ATTR_MALLOC
#endif
#ifndef _GCRY_GCC_ATTR_PRINTF
# define _GCRY_GCC_ATTR_PRINTF(f,a)
#endif
#ifndef _GCRY_GCC_ATTR_SENTINEL
# define _GCRY_GCC_ATTR_SENTINEL(a)
#endif

#ifdef _GCRYPT_IN_LIBGCRYPT
# define _GCRY_ATTR_INTERNAL
#else
# define _GCRY_ATTR_INTERNAL _GCRY_GCC_ATTR_DEPRECATED
#endif


/*
 * Error values (thin wrappers around libgpg-error).
 */

typedef gpg_error_t gcry_error_t;
typedef gpg_err_code_t gcry_err_code_t;
typedef gpg_err_source_t gcry_err_source_t;

/* Applications may define GCRY_ERR_SOURCE_DEFAULT before including
   this header to choose the source used by gcry_error.  */
#ifndef GCRY_ERR_SOURCE_DEFAULT
# define GCRY_ERR_SOURCE_DEFAULT GPG_ERR_SOURCE_USER_1
#endif

static GPG_ERR_INLINE gcry_error_t
gcry_err_make (gcry_err_source_t source, gcry_err_code_t code)
{
  return gpg_err_make (source, code);
}

static GPG_ERR_INLINE gcry_error_t
gcry_error (gcry_err_code_t code)
{
  return gcry_err_make (GCRY_ERR_SOURCE_DEFAULT, code);
}

static GPG_ERR_INLINE gcry_err_code_t
gcry_err_code (gcry_error_t err)
{
  return gpg_err_code (err);
}

static GPG_ERR_INLINE gcry_err_source_t
gcry_err_source (gcry_error_t err)
{
  return gpg_err_source (err);
}

/* Description of the code and of the source of ERR.  */
const char *gcry_strerror (gcry_error_t err);
const char *gcry_strsource (gcry_error_t err);

/* Mapping between system errno values and error codes.  */
gcry_err_code_t gcry_err_code_from_errno (int err);
int gcry_err_code_to_errno (gcry_err_code_t code);
gcry_error_t gcry_err_make_from_errno (gcry_err_source_t source, int err);
gcry_error_t gcry_error_from_errno (int err);


/*
 * Thread callbacks.  Ignored since libgcrypt 1.6 and here; kept so
 * that old initialisation code still compiles.
 */

#define GCRY_THREAD_OPTION_DEFAULT  0
#define GCRY_THREAD_OPTION_USER     1
#define GCRY_THREAD_OPTION_PTH      2
#define GCRY_THREAD_OPTION_PTHREAD  3
#define GCRY_THREAD_OPTION_VERSION  1

struct gcry_thread_cbs
{
  /* Bits 0..7: thread model, bits 8..15: structure version.  */
  unsigned int option;
} _GCRY_GCC_ATTR_DEPRECATED;

#define GCRY_THREAD_OPTION_PTH_IMPL                                     \
  static struct gcry_thread_cbs gcry_threads_pth = {                    \
    (GCRY_THREAD_OPTION_PTH | (GCRY_THREAD_OPTION_VERSION << 8))}
#define GCRY_THREAD_OPTION_PTHREAD_IMPL                                 \
  static struct gcry_thread_cbs gcry_threads_pthread = {                \
    (GCRY_THREAD_OPTION_PTHREAD | (GCRY_THREAD_OPTION_VERSION << 8))}


/*
 * Basic object types.
 */

struct gcry_context;
typedef struct gcry_context *gcry_ctx_t;

struct gcry_mpi;
typedef struct gcry_mpi *gcry_mpi_t;
struct gcry_mpi_point;
typedef struct gcry_mpi_point *gcry_mpi_point_t;

#ifndef GCRYPT_NO_DEPRECATED
typedef struct gcry_mpi *GCRY_MPI _GCRY_GCC_ATTR_DEPRECATED;
typedef struct gcry_mpi *GcryMPI _GCRY_GCC_ATTR_DEPRECATED;
#endif

/* Describes one piece of a scatter/gather buffer list.  */
typedef struct
{
  size_t size;  /* Allocated size of DATA (0 if unknown).  */
  size_t off;   /* Start of the used part of DATA.  */
  size_t len;   /* Length of the used part.  */
  void *data;
} gcry_buffer_t;


/*
 * Version check and global control.
 */

/* Return the version string if the library implements at least
   REQ_VERSION (or REQ_VERSION is NULL), else NULL.  */
const char *gcry_check_version (const char *req_version);

/* Commands for gcry_control and the *_ctl functions.  */
enum gcry_ctl_cmds
  {
    /* 1 and 2 are no longer used.  */
    GCRYCTL_CFB_SYNC = 3,
    GCRYCTL_RESET    = 4,
    GCRYCTL_FINALIZE = 5,
    GCRYCTL_GET_KEYLEN = 6,
    GCRYCTL_GET_BLKLEN = 7,
    GCRYCTL_TEST_ALGO = 8,
    GCRYCTL_IS_SECURE = 9,
    GCRYCTL_GET_ASNOID = 10,
    GCRYCTL_ENABLE_ALGO = 11,
    GCRYCTL_DISABLE_ALGO = 12,
    GCRYCTL_DUMP_RANDOM_STATS = 13,
    GCRYCTL_DUMP_SECMEM_STATS = 14,
    GCRYCTL_GET_ALGO_NPKEY    = 15,
    GCRYCTL_GET_ALGO_NSKEY    = 16,
    GCRYCTL_GET_ALGO_NSIGN    = 17,
    GCRYCTL_GET_ALGO_NENCR    = 18,
    GCRYCTL_SET_VERBOSITY     = 19,
    GCRYCTL_SET_DEBUG_FLAGS   = 20,
    GCRYCTL_CLEAR_DEBUG_FLAGS = 21,
    GCRYCTL_USE_SECURE_RNDPOOL= 22,
    GCRYCTL_DUMP_MEMORY_STATS = 23,
    GCRYCTL_INIT_SECMEM       = 24,
    GCRYCTL_TERM_SECMEM       = 25,
    GCRYCTL_DISABLE_SECMEM_WARN = 27,
    GCRYCTL_SUSPEND_SECMEM_WARN = 28,
    GCRYCTL_RESUME_SECMEM_WARN  = 29,
    GCRYCTL_DROP_PRIVS          = 30,
    GCRYCTL_ENABLE_M_GUARD      = 31,
    GCRYCTL_START_DUMP          = 32,
    GCRYCTL_STOP_DUMP           = 33,
    GCRYCTL_GET_ALGO_USAGE      = 34,
    GCRYCTL_IS_ALGO_ENABLED     = 35,
    GCRYCTL_DISABLE_INTERNAL_LOCKING = 36,
    GCRYCTL_DISABLE_SECMEM      = 37,
    GCRYCTL_INITIALIZATION_FINISHED = 38,
    GCRYCTL_INITIALIZATION_FINISHED_P = 39,
    GCRYCTL_ANY_INITIALIZATION_P = 40,
    GCRYCTL_SET_CBC_CTS = 41,
    GCRYCTL_SET_CBC_MAC = 42,
    /* 43 is no longer used.  */
    GCRYCTL_ENABLE_QUICK_RANDOM = 44,
    GCRYCTL_SET_RANDOM_SEED_FILE = 45,
    GCRYCTL_UPDATE_RANDOM_SEED_FILE = 46,
    GCRYCTL_SET_THREAD_CBS = 47,
    GCRYCTL_FAST_POLL = 48,
    GCRYCTL_SET_RANDOM_DAEMON_SOCKET = 49,
    GCRYCTL_USE_RANDOM_DAEMON = 50,
    GCRYCTL_FAKED_RANDOM_P = 51,
    GCRYCTL_SET_RNDEGD_SOCKET = 52,
    GCRYCTL_PRINT_CONFIG = 53,
    GCRYCTL_OPERATIONAL_P = 54,
    GCRYCTL_FIPS_MODE_P = 55,
    GCRYCTL_FORCE_FIPS_MODE = 56,
    GCRYCTL_SELFTEST = 57,
    /* 58 to 62 are reserved for internal use.  */
    GCRYCTL_DISABLE_HWF = 63,
    GCRYCTL_SET_ENFORCED_FIPS_FLAG = 64,
    GCRYCTL_SET_PREFERRED_RNG_TYPE = 65,
    GCRYCTL_GET_CURRENT_RNG_TYPE = 66,
    GCRYCTL_DISABLE_LOCKED_SECMEM = 67,
    GCRYCTL_DISABLE_PRIV_DROP = 68,
    GCRYCTL_SET_CCM_LENGTHS = 69,
    GCRYCTL_CLOSE_RANDOM_DEVICE = 70,
    GCRYCTL_INACTIVATE_FIPS_FLAG = 71,
    GCRYCTL_REACTIVATE_FIPS_FLAG = 72,
    GCRYCTL_SET_SBOX = 73,
    GCRYCTL_DRBG_REINIT = 74,
    GCRYCTL_SET_TAGLEN = 75,
    GCRYCTL_GET_TAGLEN = 76,
    GCRYCTL_REINIT_SYSCALL_CLAMP = 77,
    GCRYCTL_AUTO_EXPAND_SECMEM = 78,
    GCRYCTL_SET_ALLOW_WEAK_KEY = 79,
    GCRYCTL_SET_DECRYPTION_TAG = 80,
    GCRYCTL_FIPS_SERVICE_INDICATOR_CIPHER = 81,
    GCRYCTL_FIPS_SERVICE_INDICATOR_KDF = 82,
    GCRYCTL_NO_FIPS_MODE = 83,
    GCRYCTL_FIPS_SERVICE_INDICATOR_FUNCTION = 84,
    GCRYCTL_FIPS_SERVICE_INDICATOR_MAC = 85,
    GCRYCTL_FIPS_SERVICE_INDICATOR_MD = 86,
    GCRYCTL_FIPS_SERVICE_INDICATOR_PK_FLAGS = 87,
    GCRYCTL_MD_CUSTOMIZE = 88,
    GCRYCTL_FIPS_SERVICE_INDICATOR = 89,
    GCRYCTL_FIPS_REJECT_NON_FIPS = 90
  };

/* Global library control; see the libgcrypt manual for each CMD.  */
gcry_error_t gcry_control (enum gcry_ctl_cmds cmd, ...);

/* True if the library runs in FIPS mode (never for libgcrypt-pqc).  */
#define gcry_fips_mode_active()  !!gcry_control (GCRYCTL_FIPS_MODE_P, 0)

/* The FIPS service indicator of the last operation.  libgcrypt-pqc
   has no FIPS mode and answers GPG_ERR_NOT_IMPLEMENTED.  */
#define gcry_get_fips_service_indicator()       \
  gcry_control (GCRYCTL_FIPS_SERVICE_INDICATOR)

/* Flags for GCRYCTL_FIPS_REJECT_NON_FIPS: which non-approved services
   are rejected (instead of only marked) in FIPS mode.  Accepted and
   without effect here, as there is no FIPS mode.  */
#define GCRY_FIPS_FLAG_REJECT_KDF           (1 << 0)
#define GCRY_FIPS_FLAG_REJECT_MD_MD5        (1 << 1)
#define GCRY_FIPS_FLAG_REJECT_MD_OTHERS     (1 << 2)
#define GCRY_FIPS_FLAG_REJECT_MAC           (1 << 3)
#define GCRY_FIPS_FLAG_REJECT_CIPHER        (1 << 4)
#define GCRY_FIPS_FLAG_REJECT_PK            (1 << 5)
#define GCRY_FIPS_FLAG_REJECT_PK_MD         (1 << 6)
#define GCRY_FIPS_FLAG_REJECT_PK_GOST_SM2   (1 << 7)
#define GCRY_FIPS_FLAG_REJECT_CIPHER_MODE   (1 << 8)
#define GCRY_FIPS_FLAG_REJECT_MD_SHA1       (1 << 9)
#define GCRY_FIPS_FLAG_REJECT_PK_ECC_K      (1 << 10)
#define GCRY_FIPS_FLAG_REJECT_PK_FLAGS      (1 << 11)

#define GCRY_FIPS_FLAG_REJECT_MD                \
  (GCRY_FIPS_FLAG_REJECT_MD_MD5                 \
   | GCRY_FIPS_FLAG_REJECT_MD_OTHERS            \
   | GCRY_FIPS_FLAG_REJECT_MD_SHA1)

/* What libgcrypt 1.10 rejected.  */
#define GCRY_FIPS_FLAG_REJECT_COMPAT110         \
  (GCRY_FIPS_FLAG_REJECT_MD_OTHERS              \
   | GCRY_FIPS_FLAG_REJECT_MAC                  \
   | GCRY_FIPS_FLAG_REJECT_CIPHER               \
   | GCRY_FIPS_FLAG_REJECT_KDF                  \
   | GCRY_FIPS_FLAG_REJECT_PK)

#define GCRY_FIPS_FLAG_REJECT_DEFAULT GCRY_FIPS_FLAG_REJECT_COMPAT110


/*
 * S-expressions.
 */

struct gcry_sexp;
typedef struct gcry_sexp *gcry_sexp_t;

#ifndef GCRYPT_NO_DEPRECATED
typedef struct gcry_sexp *GCRY_SEXP _GCRY_GCC_ATTR_DEPRECATED;
typedef struct gcry_sexp *GcrySexp _GCRY_GCC_ATTR_DEPRECATED;
#endif

enum gcry_sexp_format
  {
    GCRYSEXP_FMT_DEFAULT   = 0,
    GCRYSEXP_FMT_CANON     = 1,
    GCRYSEXP_FMT_BASE64    = 2,
    GCRYSEXP_FMT_ADVANCED  = 3
  };

/* Parse LENGTH bytes at BUFFER into a new object.  AUTODETECT 0 means
   canonical encoding only; LENGTH 0 with AUTODETECT 0 means "take the
   length from the canonical encoding".  */
gcry_error_t gcry_sexp_new (gcry_sexp_t *retsexp,
                            const void *buffer, size_t length,
                            int autodetect);

/* As gcry_sexp_new; on success BUFFER is released with FREEFNC.  */
gcry_error_t gcry_sexp_create (gcry_sexp_t *retsexp,
                               void *buffer, size_t length,
                               int autodetect, void (*freefnc) (void *));

/* Parse the (advanced or canonical) text BUFFER of LENGTH bytes.  On
   error *ERROFF receives the offset of the problem.  */
gcry_error_t gcry_sexp_sscan (gcry_sexp_t *retsexp, size_t *erroff,
                              const char *buffer, size_t length);

/* Build an object from FORMAT with %b %s %d %u %m %M %S arguments.  */
gcry_error_t gcry_sexp_build (gcry_sexp_t *retsexp, size_t *erroff,
                              const char *format, ...);

/* As gcry_sexp_build with the arguments taken from ARG_LIST.  */
gcry_error_t gcry_sexp_build_array (gcry_sexp_t *retsexp, size_t *erroff,
                                    const char *format, void **arg_list);

void gcry_sexp_release (gcry_sexp_t sexp);
/* Declared by Libgcrypt but never implemented there; NULL here.  */
gcry_sexp_t gcry_sexp_cons (const gcry_sexp_t a, const gcry_sexp_t b);
gcry_sexp_t gcry_sexp_alist (const gcry_sexp_t *array);
gcry_sexp_t gcry_sexp_vlist (const gcry_sexp_t a, ...);
gcry_sexp_t gcry_sexp_append (const gcry_sexp_t a, const gcry_sexp_t n);
gcry_sexp_t gcry_sexp_prepend (const gcry_sexp_t a, const gcry_sexp_t n);

/* Write SEXP in format MODE to BUFFER of MAXLENGTH bytes and return
   the length written, or the length needed when BUFFER is NULL, or 0
   if BUFFER is too small.  */
size_t gcry_sexp_sprint (gcry_sexp_t sexp, int mode, void *buffer,
                         size_t maxlength);

/* Print A for debugging to the library's log stream.  */
void gcry_sexp_dump (const gcry_sexp_t a);

/* Return a new object holding the first sublist of LIST whose car is
   TOK (TOKLEN bytes, or strlen (TOK) when TOKLEN is 0), or NULL.  */
gcry_sexp_t gcry_sexp_find_token (gcry_sexp_t list,
                                  const char *tok, size_t toklen);

int gcry_sexp_length (const gcry_sexp_t list);
gcry_sexp_t gcry_sexp_nth (const gcry_sexp_t list, int number);
gcry_sexp_t gcry_sexp_car (const gcry_sexp_t list);
gcry_sexp_t gcry_sexp_cdr (const gcry_sexp_t list);
gcry_sexp_t gcry_sexp_cadr (const gcry_sexp_t list);

/* Return the length of the canonical S-expression at BUFFER (at most
   LENGTH bytes are examined unless LENGTH is 0), or 0 on error with
   *ERRCODE and *ERROFF set.  */
size_t gcry_sexp_canon_len (const unsigned char *buffer, size_t length,
                            size_t *erroff, gcry_error_t *errcode);

/* Element NUMBER of LIST as data: a pointer into LIST (valid while
   LIST lives), a malloced copy, a malloced C string, or an MPI of
   format MPIFMT.  NULL if there is no such data element.  */
const char *gcry_sexp_nth_data (const gcry_sexp_t list, int number,
                                size_t *datalen);
void *gcry_sexp_nth_buffer (const gcry_sexp_t list, int number,
                            size_t *rlength);
char *gcry_sexp_nth_string (gcry_sexp_t list, int number);
gcry_mpi_t gcry_sexp_nth_mpi (gcry_sexp_t list, int number, int mpifmt);

/* Extract the parameters named in LIST (one letter each or 'quoted';
   '+' '-' '/' '&' switch the output kind, '?' marks the previous one
   optional) from SEXP, starting at the sublist given by the
   '!'-separated PATH.  A NULL-terminated list of result pointers
   follows.  */
gpg_error_t gcry_sexp_extract_param (gcry_sexp_t sexp,
                                     const char *path,
                                     const char *list,
                                     ...) _GCRY_GCC_ATTR_SENTINEL(0);


/*
 * Multi precision integers (as needed by S-expressions).
 */

enum gcry_mpi_format
  {
    GCRYMPI_FMT_NONE   = 0,
    GCRYMPI_FMT_STD    = 1,   /* Two's complement, big endian.  */
    GCRYMPI_FMT_PGP    = 2,   /* OpenPGP: 16 bit bit count, unsigned.  */
    GCRYMPI_FMT_SSH    = 3,   /* STD with a 32 bit length prefix.  */
    GCRYMPI_FMT_HEX    = 4,   /* Hex string.  */
    GCRYMPI_FMT_USG    = 5,   /* Unsigned, big endian.  */
    GCRYMPI_FMT_OPAQUE = 8    /* Opaque byte string.  */
  };

enum gcry_mpi_flag
  {
    GCRYMPI_FLAG_SECURE    = 1,
    GCRYMPI_FLAG_OPAQUE    = 2,
    GCRYMPI_FLAG_IMMUTABLE = 4,
    GCRYMPI_FLAG_CONST     = 8,
    GCRYMPI_FLAG_USER1 = 0x0100,
    GCRYMPI_FLAG_USER2 = 0x0200,
    GCRYMPI_FLAG_USER3 = 0x0400,
    GCRYMPI_FLAG_USER4 = 0x0800
  };

gcry_mpi_t gcry_mpi_new (unsigned int nbits);
/* As gcry_mpi_new but the value lives in secure memory.  */
gcry_mpi_t gcry_mpi_snew (unsigned int nbits);
void gcry_mpi_release (gcry_mpi_t a);
gcry_mpi_t gcry_mpi_copy (const gcry_mpi_t a);
/* Store U in W and release U.  */
void gcry_mpi_snatch (gcry_mpi_t w, gcry_mpi_t u);
/* W = U (a new MPI if W is NULL); returns W.  */
gcry_mpi_t gcry_mpi_set (gcry_mpi_t w, const gcry_mpi_t u);
gcry_mpi_t gcry_mpi_set_ui (gcry_mpi_t w, unsigned long u);
void gcry_mpi_swap (gcry_mpi_t a, gcry_mpi_t b);
int gcry_mpi_is_neg (gcry_mpi_t a);
/* W = -U  */
void gcry_mpi_neg (gcry_mpi_t w, gcry_mpi_t u);
/* W = |W|  */
void gcry_mpi_abs (gcry_mpi_t w);
/* Return <0, 0 or >0 as U is smaller than, equal to or larger than V.  */
int gcry_mpi_cmp (const gcry_mpi_t u, const gcry_mpi_t v);
int gcry_mpi_cmp_ui (const gcry_mpi_t u, unsigned long v);
unsigned int gcry_mpi_get_nbits (gcry_mpi_t a);
int gcry_mpi_test_bit (gcry_mpi_t a, unsigned int n);
/* Print A in hex to the log stream, for debugging.  */
void gcry_mpi_dump (const gcry_mpi_t a);

/* Parse BUFLEN bytes of BUFFER in FORMAT into a new MPI.  */
gcry_error_t gcry_mpi_scan (gcry_mpi_t *ret_mpi, enum gcry_mpi_format format,
                            const void *buffer, size_t buflen,
                            size_t *nscanned);
/* Write A in FORMAT to BUFFER (or only compute the length when BUFFER
   is NULL).  */
gcry_error_t gcry_mpi_print (enum gcry_mpi_format format,
                             unsigned char *buffer, size_t buflen,
                             size_t *nwritten,
                             const gcry_mpi_t a);
/* As gcry_mpi_print into a newly allocated buffer.  */
gcry_error_t gcry_mpi_aprint (enum gcry_mpi_format format,
                              unsigned char **buffer, size_t *nwritten,
                              const gcry_mpi_t a);

/* Make A (or a new MPI if A is NULL) an opaque value of NBITS bits
   that takes ownership of P.  */
gcry_mpi_t gcry_mpi_set_opaque (gcry_mpi_t a, void *p, unsigned int nbits);
/* Return the opaque value of A (still owned by A) and its bit
   length.  */
void *gcry_mpi_get_opaque (gcry_mpi_t a, unsigned int *nbits);
/* As gcry_mpi_set_opaque but takes a copy of P.  */
gcry_mpi_t gcry_mpi_set_opaque_copy (gcry_mpi_t a, const void *p,
                                     unsigned int nbits);
void gcry_mpi_set_flag (gcry_mpi_t a, enum gcry_mpi_flag flag);
void gcry_mpi_clear_flag (gcry_mpi_t a, enum gcry_mpi_flag flag);
int gcry_mpi_get_flag (gcry_mpi_t a, enum gcry_mpi_flag flag);

#ifndef GCRYPT_NO_MPI_MACROS
# define mpi_new(n)             gcry_mpi_new ((n))
# define mpi_release(a)         \
  do                            \
    {                           \
      gcry_mpi_release ((a));   \
      (a) = NULL;               \
    }                           \
  while (0)
# define mpi_secure_new(n)      gcry_mpi_snew ((n))
# define mpi_copy(a)            gcry_mpi_copy ((a))
# define mpi_snatch(w,u)        gcry_mpi_snatch ((w), (u))
# define mpi_set(w,u)           gcry_mpi_set ((w), (u))
# define mpi_set_ui(w,u)        gcry_mpi_set_ui ((w), (u))
# define mpi_abs(w)             gcry_mpi_abs ((w))
# define mpi_neg(w,u)           gcry_mpi_neg ((w), (u))
# define mpi_is_neg(a)          gcry_mpi_is_neg ((a))
# define mpi_cmp_ui(u,v)        gcry_mpi_cmp_ui ((u), (v))
# define mpi_test_bit(a,b)      gcry_mpi_test_bit ((a), (b))
# define mpi_cmp(u,v)           gcry_mpi_cmp ((u), (v))
# define mpi_get_nbits(a)       gcry_mpi_get_nbits ((a))
# define mpi_set_opaque(a,b,c)  gcry_mpi_set_opaque ((a), (b), (c))
# define mpi_get_opaque(a,b)    gcry_mpi_get_opaque ((a), (b))
#endif /*GCRYPT_NO_MPI_MACROS*/


/*
 * Symmetric ciphers: identifiers only, no cipher is implemented.
 */

struct gcry_cipher_handle;
typedef struct gcry_cipher_handle *gcry_cipher_hd_t;

#ifndef GCRYPT_NO_DEPRECATED
typedef struct gcry_cipher_handle *GCRY_CIPHER_HD _GCRY_GCC_ATTR_DEPRECATED;
typedef struct gcry_cipher_handle *GcryCipherHd _GCRY_GCC_ATTR_DEPRECATED;
#endif

enum gcry_cipher_algos
  {
    GCRY_CIPHER_NONE        = 0,
    GCRY_CIPHER_IDEA        = 1,
    GCRY_CIPHER_3DES        = 2,
    GCRY_CIPHER_CAST5       = 3,
    GCRY_CIPHER_BLOWFISH    = 4,
    GCRY_CIPHER_SAFER_SK128 = 5,
    GCRY_CIPHER_DES_SK      = 6,
    GCRY_CIPHER_AES         = 7,
    GCRY_CIPHER_AES192      = 8,
    GCRY_CIPHER_AES256      = 9,
    GCRY_CIPHER_TWOFISH     = 10,
    GCRY_CIPHER_ARCFOUR     = 301,
    GCRY_CIPHER_DES         = 302,
    GCRY_CIPHER_TWOFISH128  = 303,
    GCRY_CIPHER_SERPENT128  = 304,
    GCRY_CIPHER_SERPENT192  = 305,
    GCRY_CIPHER_SERPENT256  = 306,
    GCRY_CIPHER_RFC2268_40  = 307,
    GCRY_CIPHER_RFC2268_128 = 308,
    GCRY_CIPHER_SEED        = 309,
    GCRY_CIPHER_CAMELLIA128 = 310,
    GCRY_CIPHER_CAMELLIA192 = 311,
    GCRY_CIPHER_CAMELLIA256 = 312,
    GCRY_CIPHER_SALSA20     = 313,
    GCRY_CIPHER_SALSA20R12  = 314,
    GCRY_CIPHER_GOST28147   = 315,
    GCRY_CIPHER_CHACHA20    = 316,
    GCRY_CIPHER_GOST28147_MESH = 317,
    GCRY_CIPHER_SM4         = 318,
    GCRY_CIPHER_ARIA128     = 319,
    GCRY_CIPHER_ARIA192     = 320,
    GCRY_CIPHER_ARIA256     = 321
  };

#define GCRY_CIPHER_AES128      GCRY_CIPHER_AES
#define GCRY_CIPHER_RIJNDAEL    GCRY_CIPHER_AES
#define GCRY_CIPHER_RIJNDAEL128 GCRY_CIPHER_AES128
#define GCRY_CIPHER_RIJNDAEL192 GCRY_CIPHER_AES192
#define GCRY_CIPHER_RIJNDAEL256 GCRY_CIPHER_AES256

enum gcry_cipher_modes
  {
    GCRY_CIPHER_MODE_NONE     = 0,
    GCRY_CIPHER_MODE_ECB      = 1,
    GCRY_CIPHER_MODE_CFB      = 2,
    GCRY_CIPHER_MODE_CBC      = 3,
    GCRY_CIPHER_MODE_STREAM   = 4,
    GCRY_CIPHER_MODE_OFB      = 5,
    GCRY_CIPHER_MODE_CTR      = 6,
    GCRY_CIPHER_MODE_AESWRAP  = 7,
    GCRY_CIPHER_MODE_CCM      = 8,
    GCRY_CIPHER_MODE_GCM      = 9,
    GCRY_CIPHER_MODE_POLY1305 = 10,
    GCRY_CIPHER_MODE_OCB      = 11,
    GCRY_CIPHER_MODE_CFB8     = 12,
    GCRY_CIPHER_MODE_XTS      = 13,
    GCRY_CIPHER_MODE_EAX      = 14,
    GCRY_CIPHER_MODE_SIV      = 15,
    GCRY_CIPHER_MODE_GCM_SIV  = 16
  };

enum gcry_cipher_flags
  {
    GCRY_CIPHER_SECURE      = 1,
    GCRY_CIPHER_ENABLE_SYNC = 2,
    GCRY_CIPHER_CBC_CTS     = 4,
    GCRY_CIPHER_CBC_MAC     = 8,
    GCRY_CIPHER_EXTENDED    = 16
  };

enum gcry_cipher_geniv_methods
  {
    GCRY_CIPHER_GENIV_METHOD_CONCAT = 1,
    GCRY_CIPHER_GENIV_METHOD_XOR = 2
  };

#define GCRY_GCM_BLOCK_LEN  (128 / 8)
#define GCRY_CCM_BLOCK_LEN  (128 / 8)
#define GCRY_OCB_BLOCK_LEN  (128 / 8)
#define GCRY_XTS_BLOCK_LEN  (128 / 8)
#define GCRY_SIV_BLOCK_LEN  (128 / 8)


/*
 * Public-key cryptography.
 */

enum gcry_pk_algos
  {
    GCRY_PK_RSA   = 1,
    GCRY_PK_RSA_E = 2,      /* Deprecated alias of RSA.  */
    GCRY_PK_RSA_S = 3,      /* Deprecated alias of RSA.  */
    GCRY_PK_ELG_E = 16,     /* Deprecated alias of ELG.  */
    GCRY_PK_DSA   = 17,
    GCRY_PK_ECC   = 18,
    GCRY_PK_ELG   = 20,
    GCRY_PK_ECDSA = 301,    /* Only for external use.  */
    GCRY_PK_ECDH  = 302,    /* Only for external use.  */
    GCRY_PK_EDDSA = 303,    /* Only for external use.  */
    GCRY_PK_MLDSA = 332,    /* ML-DSA (FIPS 204).  */
    GCRY_PK_KEM   = 333     /* Common id of the KEM algorithms.  */
  };

/* Usage capabilities of a public-key algorithm.  */
#define GCRY_PK_USAGE_SIGN 1
#define GCRY_PK_USAGE_ENCR 2
#define GCRY_PK_USAGE_CERT 4
#define GCRY_PK_USAGE_AUTH 8
#define GCRY_PK_USAGE_UNKN 128

/* Modes of gcry_pubkey_get_sexp (there are no EC contexts here).  */
#define GCRY_PK_GET_PUBKEY 1
#define GCRY_PK_GET_SECKEY 2

gcry_error_t gcry_pk_encrypt (gcry_sexp_t *result,
                              gcry_sexp_t data, gcry_sexp_t pkey);
gcry_error_t gcry_pk_decrypt (gcry_sexp_t *result,
                              gcry_sexp_t data, gcry_sexp_t skey);
gcry_error_t gcry_pk_sign (gcry_sexp_t *result,
                           gcry_sexp_t data, gcry_sexp_t skey);
gcry_error_t gcry_pk_verify (gcry_sexp_t sigval,
                             gcry_sexp_t data, gcry_sexp_t pkey);
gcry_error_t gcry_pk_testkey (gcry_sexp_t key);
gcry_error_t gcry_pk_genkey (gcry_sexp_t *r_key, gcry_sexp_t s_parms);
gcry_error_t gcry_pk_ctl (int cmd, void *buffer, size_t buflen);
gcry_error_t gcry_pk_algo_info (int algo, int what,
                                void *buffer, size_t *nbytes);
/* Name of ALGO, or "?" if unknown.  */
const char *gcry_pk_algo_name (int algorithm) _GCRY_GCC_ATTR_PURE;
/* Id of the algorithm NAME, or 0 if unknown.  */
int gcry_pk_map_name (const char *name) _GCRY_GCC_ATTR_PURE;
unsigned int gcry_pk_get_nbits (gcry_sexp_t key) _GCRY_GCC_ATTR_PURE;
/* The 20 byte SHA-1 keygrip of KEY, stored in ARRAY or in a new
   buffer if ARRAY is NULL; NULL on error.  */
unsigned char *gcry_pk_get_keygrip (gcry_sexp_t key, unsigned char *array);
/* Libgcrypt's elliptic-curve queries: there are no curves here, so
   always NULL.  */
const char *gcry_pk_get_curve (gcry_sexp_t key, int iterator,
                               unsigned int *r_nbits);
gcry_sexp_t gcry_pk_get_param (int algo, const char *name);
/* Key from an EC context: GPG_ERR_NO_CRYPT_CTX or
   GPG_ERR_WRONG_CRYPT_CTX here.  */
gcry_error_t gcry_pubkey_get_sexp (gcry_sexp_t *r_sexp, int mode,
                                   gcry_ctx_t ctx);

/* Push a data context with the LEN bytes at P in front of the chain
   at *R_CTX (initialise it to NULL); for the data templates of
   gcry_pk_hash_sign and gcry_pk_hash_verify.  */
gcry_error_t gcry_pk_random_override_new (gcry_ctx_t *r_ctx,
                                          const unsigned char *p,
                                          size_t len);
#define gcry_pk_input_data_push gcry_pk_random_override_new
/* Release a context chain.  */
void gcry_ctx_release (gcry_ctx_t ctx);

/* Return 0 if the public-key algorithm A is available.  */
#define gcry_pk_test_algo(a) \
            gcry_pk_algo_info ((a), GCRYCTL_TEST_ALGO, NULL, NULL)

enum gcry_ecc_curves
  {
    GCRY_ECC_CURVE25519 = 1,
    GCRY_ECC_CURVE448   = 2
  };


/*
 * Hash functions.
 */

enum gcry_md_algos
  {
    GCRY_MD_NONE    = 0,
    GCRY_MD_MD5     = 1,
    GCRY_MD_SHA1    = 2,
    GCRY_MD_RMD160  = 3,
    GCRY_MD_MD2     = 5,
    GCRY_MD_TIGER   = 6,
    GCRY_MD_HAVAL   = 7,
    GCRY_MD_SHA256  = 8,
    GCRY_MD_SHA384  = 9,
    GCRY_MD_SHA512  = 10,
    GCRY_MD_SHA224  = 11,

    GCRY_MD_MD4           = 301,
    GCRY_MD_CRC32         = 302,
    GCRY_MD_CRC32_RFC1510 = 303,
    GCRY_MD_CRC24_RFC2440 = 304,
    GCRY_MD_WHIRLPOOL     = 305,
    GCRY_MD_TIGER1        = 306,
    GCRY_MD_TIGER2        = 307,
    GCRY_MD_GOSTR3411_94  = 308,
    GCRY_MD_STRIBOG256    = 309,
    GCRY_MD_STRIBOG512    = 310,
    GCRY_MD_GOSTR3411_CP  = 311,
    GCRY_MD_SHA3_224      = 312,
    GCRY_MD_SHA3_256      = 313,
    GCRY_MD_SHA3_384      = 314,
    GCRY_MD_SHA3_512      = 315,
    GCRY_MD_SHAKE128      = 316,
    GCRY_MD_SHAKE256      = 317,
    GCRY_MD_BLAKE2B_512   = 318,
    GCRY_MD_BLAKE2B_384   = 319,
    GCRY_MD_BLAKE2B_256   = 320,
    GCRY_MD_BLAKE2B_160   = 321,
    GCRY_MD_BLAKE2S_256   = 322,
    GCRY_MD_BLAKE2S_224   = 323,
    GCRY_MD_BLAKE2S_160   = 324,
    GCRY_MD_BLAKE2S_128   = 325,
    GCRY_MD_SM3           = 326,
    GCRY_MD_SHA512_256    = 327,
    GCRY_MD_SHA512_224    = 328,
    GCRY_MD_CSHAKE128     = 329,
    GCRY_MD_CSHAKE256     = 330
  };

enum gcry_md_flags
  {
    GCRY_MD_FLAG_SECURE  = 1,
    GCRY_MD_FLAG_HMAC    = 2,
    GCRY_MD_FLAG_BUGEMU1 = 0x0100
  };

struct gcry_md_context;

/* A hash handle.  Only the buffer fields are public, for the sake of
   the gcry_md_putc macro; everything else is private.  */
typedef struct gcry_md_handle
{
  struct gcry_md_context *ctx;
  int  bufpos;
  int  bufsize;
  unsigned char buf[1];
} *gcry_md_hd_t;

#ifndef GCRYPT_NO_DEPRECATED
typedef struct gcry_md_handle *GCRY_MD_HD _GCRY_GCC_ATTR_DEPRECATED;
typedef struct gcry_md_handle *GcryMDHd _GCRY_GCC_ATTR_DEPRECATED;
#endif

/* cSHAKE customization for GCRYCTL_MD_CUSTOMIZE.  */
struct gcry_cshake_customization
{
  const void *n;
  unsigned int n_len;
  const void *s;
  unsigned int s_len;
};

gcry_error_t gcry_md_open (gcry_md_hd_t *h, int algo, unsigned int flags);
void gcry_md_close (gcry_md_hd_t hd);
gcry_error_t gcry_md_copy (gcry_md_hd_t *bhd, gcry_md_hd_t ahd);
void gcry_md_reset (gcry_md_hd_t hd);
/* Also compute ALGO in HD.  */
gcry_error_t gcry_md_enable (gcry_md_hd_t hd, int algo);
/* Set the key of an HMAC handle (opened with GCRY_MD_FLAG_HMAC).  */
gcry_error_t gcry_md_setkey (gcry_md_hd_t hd, const void *key,
                             size_t keylen);
/* GCRYCTL_IS_SECURE / GCRYCTL_IS_ALGO_ENABLED about HD.  */
gcry_error_t gcry_md_info (gcry_md_hd_t h, int what, void *buffer,
                           size_t *nbytes);
int gcry_md_is_secure (gcry_md_hd_t h);
int gcry_md_is_enabled (gcry_md_hd_t h, int algo);
gcry_error_t gcry_md_ctl (gcry_md_hd_t hd, int cmd,
                          void *buffer, size_t buflen);
/* Libgcrypt writes the hashed data to a file for debugging; here
   accepted and ignored.  */
void gcry_md_debug (gcry_md_hd_t hd, const char *suffix);
void gcry_md_write (gcry_md_hd_t hd, const void *buffer, size_t length);
/* Finalise (if needed) and return the digest of ALGO (0 = the only
   one enabled); the buffer belongs to HD.  */
unsigned char *gcry_md_read (gcry_md_hd_t hd, int algo);
/* Squeeze LENGTH more bytes of XOF output; may be called
   repeatedly.  */
gpg_error_t gcry_md_extract (gcry_md_hd_t hd, int algo, void *buffer,
                             size_t length);
void gcry_md_hash_buffer (int algo, void *digest,
                          const void *buffer, size_t length);
gpg_error_t gcry_md_hash_buffers (int algo, unsigned int flags, void *digest,
                                  const gcry_buffer_t *iov, int iovcnt);
/* As gcry_md_hash_buffers; DIGESTLEN selects the XOF output length
   (or must be the digest length / -1 for fixed-length hashes).  */
gpg_error_t gcry_md_hash_buffers_ext (int algo, unsigned int flags,
                                      void *digest, int digestlen,
                                      const gcry_buffer_t *iov, int iovcnt);
int gcry_md_get_algo (gcry_md_hd_t hd);
unsigned int gcry_md_get_algo_dlen (int algo);
gcry_error_t gcry_md_algo_info (int algo, int what, void *buffer,
                                size_t *nbytes);
const char *gcry_md_algo_name (int algo) _GCRY_GCC_ATTR_PURE;
int gcry_md_map_name (const char *name) _GCRY_GCC_ATTR_PURE;

/* Buffered one-byte write.  */
#define gcry_md_putc(h,c)                                       \
  do                                                            \
    {                                                           \
      gcry_md_hd_t h__ = (h);                                   \
      if ((h__)->bufpos == (h__)->bufsize)                      \
        gcry_md_write ((h__), NULL, 0);                         \
      (h__)->buf[(h__)->bufpos++] = (c) & 0xff;                 \
    }                                                           \
  while (0)

/* Finish the computation (gcry_md_read does this implicitly).  */
#define gcry_md_final(a) \
            gcry_md_ctl ((a), GCRYCTL_FINALIZE, NULL, 0)

/* Debug dumps of the hashed data are accepted and not written.  */
#define gcry_md_start_debug(a,b) \
            gcry_md_ctl ((a), GCRYCTL_START_DUMP, (b), 0)
#define gcry_md_stop_debug(a,b) \
            gcry_md_ctl ((a), GCRYCTL_STOP_DUMP, (b), 0)

/* Return 0 if the hash algorithm A is available.  */
#define gcry_md_test_algo(a) \
            gcry_md_algo_info ((a), GCRYCTL_TEST_ALGO, NULL, NULL)

/* Store the DER encoded OID of algorithm A in B (capacity *N, set to
   the actual length).  */
#define gcry_md_get_asnoid(a,b,n) \
            gcry_md_algo_info ((a), GCRYCTL_GET_ASNOID, (b), (n))

/* Sign or verify the hash in HD: DATA_TMPL is the data S-expression
   with "(hash %s %b)" (or a fixed name and %b) and, with CTX, one
   more %b for the context's data; without HD it is filled from CTX
   alone (up to two %b).  */
gcry_error_t gcry_pk_hash_sign (gcry_sexp_t *result, const char *data_tmpl,
                                gcry_sexp_t skey, gcry_md_hd_t hd,
                                gcry_ctx_t ctx);
gcry_error_t gcry_pk_hash_verify (gcry_sexp_t sigval, const char *data_tmpl,
                                  gcry_sexp_t pkey, gcry_md_hd_t hd,
                                  gcry_ctx_t ctx);


/*
 * MACs and KDFs: identifiers only.
 */

struct gcry_mac_handle;
typedef struct gcry_mac_handle *gcry_mac_hd_t;

enum gcry_mac_algos
  {
    GCRY_MAC_NONE               = 0,
    GCRY_MAC_GOST28147_IMIT     = 1,

    GCRY_MAC_HMAC_SHA256        = 101,
    GCRY_MAC_HMAC_SHA224        = 102,
    GCRY_MAC_HMAC_SHA512        = 103,
    GCRY_MAC_HMAC_SHA384        = 104,
    GCRY_MAC_HMAC_SHA1          = 105,
    GCRY_MAC_HMAC_MD5           = 106,
    GCRY_MAC_HMAC_MD4           = 107,
    GCRY_MAC_HMAC_RMD160        = 108,
    GCRY_MAC_HMAC_TIGER1        = 109,
    GCRY_MAC_HMAC_WHIRLPOOL     = 110,
    GCRY_MAC_HMAC_GOSTR3411_94  = 111,
    GCRY_MAC_HMAC_STRIBOG256    = 112,
    GCRY_MAC_HMAC_STRIBOG512    = 113,
    GCRY_MAC_HMAC_MD2           = 114,
    GCRY_MAC_HMAC_SHA3_224      = 115,
    GCRY_MAC_HMAC_SHA3_256      = 116,
    GCRY_MAC_HMAC_SHA3_384      = 117,
    GCRY_MAC_HMAC_SHA3_512      = 118,
    GCRY_MAC_HMAC_GOSTR3411_CP  = 119,
    GCRY_MAC_HMAC_BLAKE2B_512   = 120,
    GCRY_MAC_HMAC_BLAKE2B_384   = 121,
    GCRY_MAC_HMAC_BLAKE2B_256   = 122,
    GCRY_MAC_HMAC_BLAKE2B_160   = 123,
    GCRY_MAC_HMAC_BLAKE2S_256   = 124,
    GCRY_MAC_HMAC_BLAKE2S_224   = 125,
    GCRY_MAC_HMAC_BLAKE2S_160   = 126,
    GCRY_MAC_HMAC_BLAKE2S_128   = 127,
    GCRY_MAC_HMAC_SM3           = 128,
    GCRY_MAC_HMAC_SHA512_256    = 129,
    GCRY_MAC_HMAC_SHA512_224    = 130,

    GCRY_MAC_CMAC_AES           = 201,
    GCRY_MAC_CMAC_3DES          = 202,
    GCRY_MAC_CMAC_CAMELLIA      = 203,
    GCRY_MAC_CMAC_CAST5         = 204,
    GCRY_MAC_CMAC_BLOWFISH      = 205,
    GCRY_MAC_CMAC_TWOFISH       = 206,
    GCRY_MAC_CMAC_SERPENT       = 207,
    GCRY_MAC_CMAC_SEED          = 208,
    GCRY_MAC_CMAC_RFC2268       = 209,
    GCRY_MAC_CMAC_IDEA          = 210,
    GCRY_MAC_CMAC_GOST28147     = 211,
    GCRY_MAC_CMAC_SM4           = 212,
    GCRY_MAC_CMAC_ARIA          = 213,

    GCRY_MAC_GMAC_AES           = 401,
    GCRY_MAC_GMAC_CAMELLIA      = 402,
    GCRY_MAC_GMAC_TWOFISH       = 403,
    GCRY_MAC_GMAC_SERPENT       = 404,
    GCRY_MAC_GMAC_SEED          = 405,
    GCRY_MAC_GMAC_SM4           = 406,
    GCRY_MAC_GMAC_ARIA          = 407,

    GCRY_MAC_POLY1305           = 501,
    GCRY_MAC_POLY1305_AES       = 502,
    GCRY_MAC_POLY1305_CAMELLIA  = 503,
    GCRY_MAC_POLY1305_TWOFISH   = 504,
    GCRY_MAC_POLY1305_SERPENT   = 505,
    GCRY_MAC_POLY1305_SEED      = 506,
    GCRY_MAC_POLY1305_SM4       = 507,
    GCRY_MAC_POLY1305_ARIA      = 508
  };

enum gcry_mac_flags
  {
    GCRY_MAC_FLAG_SECURE = 1
  };

enum gcry_kdf_algos
  {
    GCRY_KDF_NONE = 0,
    GCRY_KDF_SIMPLE_S2K = 16,
    GCRY_KDF_SALTED_S2K = 17,
    GCRY_KDF_ITERSALTED_S2K = 19,
    GCRY_KDF_PBKDF1 = 33,
    GCRY_KDF_PBKDF2 = 34,
    GCRY_KDF_SCRYPT = 48,
    GCRY_KDF_ARGON2   = 64,
    GCRY_KDF_BALLOON  = 65,
    GCRY_KDF_ONESTEP_KDF = 96,
    GCRY_KDF_ONESTEP_KDF_MAC = 97,
    GCRY_KDF_HKDF = 98,
    GCRY_KDF_X963_KDF = 101
  };

enum gcry_kdf_subalgo_argon2
  {
    GCRY_KDF_ARGON2D  = 0,
    GCRY_KDF_ARGON2I  = 1,
    GCRY_KDF_ARGON2ID = 2
  };

/* Types of the handle based KDF interface (not implemented here).  */
typedef struct gcry_kdf_handle *gcry_kdf_hd_t;
typedef void (*gcry_kdf_job_fn_t) (void *priv);
typedef int (*gcry_kdf_dispatch_job_fn_t) (void *jobs_context,
                                           gcry_kdf_job_fn_t job_fn,
                                           void *job_priv);
typedef int (*gcry_kdf_wait_all_jobs_fn_t) (void *jobs_context);
typedef struct gcry_kdf_thread_ops
{
  void *jobs_context;
  gcry_kdf_dispatch_job_fn_t dispatch_job;
  gcry_kdf_wait_all_jobs_fn_t wait_all_jobs;
} gcry_kdf_thread_ops_t;


/*
 * Key encapsulation mechanisms.
 */

enum gcry_kem_algos
  {
    GCRY_KEM_NONE        = 0,
    GCRY_KEM_SNTRUP761   = 1,
    GCRY_KEM_CM6688128F  = 2,   /* Classic McEliece.  */
    GCRY_KEM_MLKEM512    = 3,   /* ML-KEM-512, formerly Kyber512.  */
    GCRY_KEM_MLKEM768    = 4,   /* ML-KEM-768, formerly Kyber768.  */
    GCRY_KEM_MLKEM1024   = 5,   /* ML-KEM-1024, formerly Kyber1024.  */
    /* ECC based KEMs.  */
    GCRY_KEM_RAW_X25519  = 31,
    GCRY_KEM_RAW_X448    = 32,
    GCRY_KEM_RAW_BP256   = 33,
    GCRY_KEM_RAW_BP384   = 34,
    GCRY_KEM_RAW_BP512   = 35,
    GCRY_KEM_RAW_P256R1  = 36,
    GCRY_KEM_RAW_P384R1  = 37,
    GCRY_KEM_RAW_P521R1  = 38,
    GCRY_KEM_RAW_P256K1  = 39,
    GCRY_KEM_DHKEM25519  = 41,
    GCRY_KEM_DHKEM448    = 42,
    GCRY_KEM_DHKEMP256R1 = 43,
    GCRY_KEM_DHKEMP384R1 = 44,
    GCRY_KEM_DHKEMP521R1 = 45
  };

/* libgcrypt-pqc extension: let programs test for an algorithm with
   #ifdef (as GnuPG does for GCRY_KEM_RAW_P256K1).  */
#define GCRY_KEM_SNTRUP761   GCRY_KEM_SNTRUP761
#define GCRY_KEM_CM6688128F  GCRY_KEM_CM6688128F
#define GCRY_KEM_MLKEM512    GCRY_KEM_MLKEM512
#define GCRY_KEM_MLKEM768    GCRY_KEM_MLKEM768
#define GCRY_KEM_MLKEM1024   GCRY_KEM_MLKEM1024
#define GCRY_KEM_RAW_X25519  GCRY_KEM_RAW_X25519
#define GCRY_KEM_RAW_X448    GCRY_KEM_RAW_X448
#define GCRY_KEM_RAW_BP256   GCRY_KEM_RAW_BP256
#define GCRY_KEM_RAW_BP384   GCRY_KEM_RAW_BP384
#define GCRY_KEM_RAW_BP512   GCRY_KEM_RAW_BP512
#define GCRY_KEM_RAW_P256R1  GCRY_KEM_RAW_P256R1
#define GCRY_KEM_RAW_P384R1  GCRY_KEM_RAW_P384R1
#define GCRY_KEM_RAW_P521R1  GCRY_KEM_RAW_P521R1
#define GCRY_KEM_RAW_P256K1  GCRY_KEM_RAW_P256K1
#define GCRY_KEM_DHKEM25519  GCRY_KEM_DHKEM25519
#define GCRY_KEM_DHKEM448    GCRY_KEM_DHKEM448
#define GCRY_KEM_DHKEMP256R1 GCRY_KEM_DHKEMP256R1
#define GCRY_KEM_DHKEMP384R1 GCRY_KEM_DHKEMP384R1
#define GCRY_KEM_DHKEMP521R1 GCRY_KEM_DHKEMP521R1

/* Sizes in bytes.  ENCAPS is the ciphertext (CIPHER is a synonym),
   SHARED the shared secret.  */
#define GCRY_KEM_SNTRUP761_SECKEY_LEN   1763
#define GCRY_KEM_SNTRUP761_PUBKEY_LEN   1158
#define GCRY_KEM_SNTRUP761_ENCAPS_LEN   1039
#define GCRY_KEM_SNTRUP761_CIPHER_LEN   GCRY_KEM_SNTRUP761_ENCAPS_LEN
#define GCRY_KEM_SNTRUP761_SHARED_LEN   32

#define GCRY_KEM_CM6688128F_SECKEY_LEN  13932
#define GCRY_KEM_CM6688128F_PUBKEY_LEN  1044992
#define GCRY_KEM_CM6688128F_ENCAPS_LEN  208
#define GCRY_KEM_CM6688128F_CIPHER_LEN  GCRY_KEM_CM6688128F_ENCAPS_LEN
#define GCRY_KEM_CM6688128F_SHARED_LEN  32

/* ML-KEM (FIPS 203, section 8): ek = 384k+32, dk = 768k+96,
   c = 32(du k + dv); the random inputs d, z and m are 32 bytes each.  */
#define GCRY_KEM_MLKEM_RANDOM_LEN       32
#define GCRY_KEM_MLKEM512_RANDOM_LEN    GCRY_KEM_MLKEM_RANDOM_LEN
#define GCRY_KEM_MLKEM768_RANDOM_LEN    GCRY_KEM_MLKEM_RANDOM_LEN
#define GCRY_KEM_MLKEM1024_RANDOM_LEN   GCRY_KEM_MLKEM_RANDOM_LEN

#define GCRY_KEM_MLKEM512_SECKEY_LEN    (2*384+2*384+32+2*32)
#define GCRY_KEM_MLKEM512_PUBKEY_LEN    (2*384+32)
#define GCRY_KEM_MLKEM512_ENCAPS_LEN    (128+2*320)
#define GCRY_KEM_MLKEM512_CIPHER_LEN    GCRY_KEM_MLKEM512_ENCAPS_LEN
#define GCRY_KEM_MLKEM512_SHARED_LEN    32

#define GCRY_KEM_MLKEM768_SECKEY_LEN    (3*384+3*384+32+2*32)
#define GCRY_KEM_MLKEM768_PUBKEY_LEN    (3*384+32)
#define GCRY_KEM_MLKEM768_ENCAPS_LEN    (128+3*320)
#define GCRY_KEM_MLKEM768_CIPHER_LEN    GCRY_KEM_MLKEM768_ENCAPS_LEN
#define GCRY_KEM_MLKEM768_SHARED_LEN    32

#define GCRY_KEM_MLKEM1024_SECKEY_LEN   (4*384+4*384+32+2*32)
#define GCRY_KEM_MLKEM1024_PUBKEY_LEN   (4*384+32)
#define GCRY_KEM_MLKEM1024_ENCAPS_LEN   (160+4*352)
#define GCRY_KEM_MLKEM1024_CIPHER_LEN   GCRY_KEM_MLKEM1024_ENCAPS_LEN
#define GCRY_KEM_MLKEM1024_SHARED_LEN   32

/* ECC: key and ciphertext sizes follow from the curve; the shared
   secret size from the protocol.  */
#define GCRY_KEM_ECC_X25519_SECKEY_LEN  32
#define GCRY_KEM_ECC_X25519_PUBKEY_LEN  32
#define GCRY_KEM_ECC_X25519_ENCAPS_LEN  32
#define GCRY_KEM_ECC_X25519_CIPHER_LEN  GCRY_KEM_ECC_X25519_ENCAPS_LEN
#define GCRY_KEM_RAW_X25519_SHARED_LEN  32

#define GCRY_KEM_DHKEM25519_SECKEY_LEN  GCRY_KEM_ECC_X25519_SECKEY_LEN
#define GCRY_KEM_DHKEM25519_PUBKEY_LEN  GCRY_KEM_ECC_X25519_PUBKEY_LEN
#define GCRY_KEM_DHKEM25519_ENCAPS_LEN  GCRY_KEM_ECC_X25519_ENCAPS_LEN
#define GCRY_KEM_DHKEM25519_CIPHER_LEN  GCRY_KEM_DHKEM25519_ENCAPS_LEN
#define GCRY_KEM_DHKEM25519_SHARED_LEN  32

/* X448 (RFC 7748): 56-byte scalars and u-coordinates.  DHKEM(X448,
   HKDF-SHA512) of RFC 9180 has a 64-byte shared secret.  */
#define GCRY_KEM_ECC_X448_SECKEY_LEN    56
#define GCRY_KEM_ECC_X448_PUBKEY_LEN    56
#define GCRY_KEM_ECC_X448_ENCAPS_LEN    56
#define GCRY_KEM_ECC_X448_CIPHER_LEN    GCRY_KEM_ECC_X448_ENCAPS_LEN
#define GCRY_KEM_RAW_X448_SHARED_LEN    56

#define GCRY_KEM_DHKEM448_SECKEY_LEN    GCRY_KEM_ECC_X448_SECKEY_LEN
#define GCRY_KEM_DHKEM448_PUBKEY_LEN    GCRY_KEM_ECC_X448_PUBKEY_LEN
#define GCRY_KEM_DHKEM448_ENCAPS_LEN    GCRY_KEM_ECC_X448_ENCAPS_LEN
#define GCRY_KEM_DHKEM448_CIPHER_LEN    GCRY_KEM_DHKEM448_ENCAPS_LEN
#define GCRY_KEM_DHKEM448_SHARED_LEN    64

#define GCRY_KEM_ECC_BP256_SECKEY_LEN   32
#define GCRY_KEM_ECC_BP256_PUBKEY_LEN   (1+32+32)
#define GCRY_KEM_ECC_BP256_ENCAPS_LEN   (1+32+32)
#define GCRY_KEM_ECC_BP256_CIPHER_LEN   GCRY_KEM_ECC_BP256_ENCAPS_LEN
#define GCRY_KEM_RAW_BP256_SHARED_LEN   (1+32+32)

#define GCRY_KEM_ECC_BP384_SECKEY_LEN   48
#define GCRY_KEM_ECC_BP384_PUBKEY_LEN   (1+48+48)
#define GCRY_KEM_ECC_BP384_ENCAPS_LEN   (1+48+48)
#define GCRY_KEM_ECC_BP384_CIPHER_LEN   GCRY_KEM_ECC_BP384_ENCAPS_LEN
#define GCRY_KEM_RAW_BP384_SHARED_LEN   (1+48+48)

/* Generate a key pair of ALGO into the caller's buffers, whose sizes
   must be exactly the *_PUBKEY_LEN and *_SECKEY_LEN of ALGO.  For
   ML-KEM, OPTIONAL may give the 64 byte seed d||z (FIPS 203
   ML-KEM.KeyGen_internal); otherwise pass NULL, 0.  */
gcry_error_t gcry_kem_genkey (int algo,
                              void *pubkey, size_t pubkey_len,
                              void *seckey, size_t seckey_len,
                              const void *optional, size_t optional_len);

/* Same as gcry_kem_genkey with no OPTIONAL argument (the libgcrypt
   1.11 name).  */
gcry_error_t gcry_kem_keypair (int algo,
                               void *pubkey, size_t pubkey_len,
                               void *seckey, size_t seckey_len);

/* Encapsulate a fresh shared secret to PUBKEY: write the ciphertext
   and the shared secret.  For ML-KEM, OPTIONAL may give the 32 byte
   message m (FIPS 203 ML-KEM.Encaps_internal).  */
gcry_error_t gcry_kem_encap (int algo,
                             const void *pubkey, size_t pubkey_len,
                             void *ciphertext, size_t ciphertext_len,
                             void *shared, size_t shared_len,
                             const void *optional, size_t optional_len);

/* Recover the shared secret from CIPHERTEXT with SECKEY.  OPTIONAL
   must be NULL, 0 for ML-KEM.  */
gcry_error_t gcry_kem_decap (int algo,
                             const void *seckey, size_t seckey_len,
                             const void *ciphertext, size_t ciphertext_len,
                             void *shared, size_t shared_len,
                             const void *optional, size_t optional_len);


/*
 * Random numbers.
 */

enum gcry_rng_types
  {
    GCRY_RNG_TYPE_STANDARD   = 1,
    GCRY_RNG_TYPE_FIPS       = 2,
    GCRY_RNG_TYPE_SYSTEM     = 3
  };

/* GCRY_WEAK_RANDOM and GCRY_STRONG_RANDOM come from a kernel-seeded
   user-space generator (the standard RNG type), GCRY_VERY_STRONG_RANDOM
   from the kernel.  */
typedef enum gcry_random_level
  {
    GCRY_WEAK_RANDOM = 0,
    GCRY_STRONG_RANDOM = 1,
    GCRY_VERY_STRONG_RANDOM = 2
  }
gcry_random_level_t;

void gcry_randomize (void *buffer, size_t length,
                     enum gcry_random_level level);
void *gcry_random_bytes (size_t nbytes, enum gcry_random_level level)
                         _GCRY_GCC_ATTR_MALLOC;
void *gcry_random_bytes_secure (size_t nbytes, enum gcry_random_level level)
                                _GCRY_GCC_ATTR_MALLOC;
void gcry_create_nonce (void *buffer, size_t length);
/* Checks its arguments and ignores the bytes: the generators are
   seeded by the kernel.  */
gcry_error_t gcry_random_add_bytes (const void *buffer, size_t length,
                                    int quality);
/* NBITS (rounded up to bytes) random bits into W.  */
void gcry_mpi_randomize (gcry_mpi_t w, unsigned int nbits,
                         enum gcry_random_level level);

/* A no-op kept for compatibility.  */
#define gcry_fast_random_poll()  gcry_control (GCRYCTL_FAST_POLL, NULL)

/* Prime generation constants (no prime functions are provided).  */
#define GCRY_PRIME_CHECK_AT_FINISH      0
#define GCRY_PRIME_CHECK_AT_GOT_PRIME   1
#define GCRY_PRIME_CHECK_AT_MAYBE_PRIME 2

/* Callback type of the prime generator: return 1 to accept
   CANDIDATE, 0 to reject it.  */
typedef int (*gcry_prime_check_func_t) (void *arg, int mode,
                                        gcry_mpi_t candidate);
#define GCRY_PRIME_FLAG_SECRET         (1 << 0)
#define GCRY_PRIME_FLAG_SPECIAL_FACTOR (1 << 1)


/*
 * Miscellaneous.
 */

/* Return a malloced string with configuration items, one per line,
   each "name:value:...:".  WHAT selects one item (NULL for all);
   MODE must be 0.  Release the result with gcry_free.  */
char *gcry_get_config (int mode, const char *what);

enum gcry_log_levels
  {
    GCRY_LOG_CONT   = 0,
    GCRY_LOG_INFO   = 10,
    GCRY_LOG_WARN   = 20,
    GCRY_LOG_ERROR  = 30,
    GCRY_LOG_FATAL  = 40,
    GCRY_LOG_BUG    = 50,
    GCRY_LOG_DEBUG  = 100
  };

/* Handlers, as in Libgcrypt.  */
typedef void (*gcry_handler_progress_t) (void *, const char *, int, int, int);
typedef void *(*gcry_handler_alloc_t) (size_t n);
typedef int (*gcry_handler_secure_check_t) (const void *);
typedef void *(*gcry_handler_realloc_t) (void *p, size_t n);
typedef void (*gcry_handler_free_t) (void *);
typedef int (*gcry_handler_no_mem_t) (void *, size_t, unsigned int);
typedef void (*gcry_handler_error_t) (void *, int, const char *);
typedef void (*gcry_handler_log_t) (void *, int, const char *, va_list);

/* Never called: there is no prime generation.  */
void gcry_set_progress_handler (gcry_handler_progress_t cb, void *cb_data);
/* Ignored: the library keeps its own (secure) allocators.  */
void gcry_set_allocation_handler (gcry_handler_alloc_t func_alloc,
                                  gcry_handler_alloc_t func_alloc_secure,
                                  gcry_handler_secure_check_t
                                    func_secure_check,
                                  gcry_handler_realloc_t func_realloc,
                                  gcry_handler_free_t func_free);
/* Asked whether to retry when an x allocation function runs out of
   core.  */
void gcry_set_outofcore_handler (gcry_handler_no_mem_t h, void *opaque);
/* Called before a fatal error ends the process.  */
void gcry_set_fatalerror_handler (gcry_handler_error_t fnc, void *opaque);
/* Gets the log messages instead of stderr.  */
void gcry_set_log_handler (gcry_handler_log_t f, void *opaque);
/* Ignored: the messages are not translated.  */
void gcry_set_gettext_handler (const char *(*f) (const char *));

/* Memory.  Memory from the library must be released with gcry_free.
   The _secure variants use the locked, wiped secure-memory pool; the
   x variants terminate the process instead of returning NULL.  */
void *gcry_malloc (size_t n) _GCRY_GCC_ATTR_MALLOC;
void *gcry_calloc (size_t n, size_t m) _GCRY_GCC_ATTR_MALLOC;
void *gcry_malloc_secure (size_t n) _GCRY_GCC_ATTR_MALLOC;
void *gcry_calloc_secure (size_t n, size_t m) _GCRY_GCC_ATTR_MALLOC;
void *gcry_realloc (void *a, size_t n);
char *gcry_strdup (const char *string) _GCRY_GCC_ATTR_MALLOC;
void *gcry_xmalloc (size_t n) _GCRY_GCC_ATTR_MALLOC;
void *gcry_xcalloc (size_t n, size_t m) _GCRY_GCC_ATTR_MALLOC;
void *gcry_xmalloc_secure (size_t n) _GCRY_GCC_ATTR_MALLOC;
void *gcry_xcalloc_secure (size_t n, size_t m) _GCRY_GCC_ATTR_MALLOC;
void *gcry_xrealloc (void *a, size_t n);
char *gcry_xstrdup (const char *a) _GCRY_GCC_ATTR_MALLOC;
void  gcry_free (void *a);

/* True if A points into secure memory.  */
int gcry_is_secure (const void *a) _GCRY_GCC_ATTR_PURE;

#if 0 /* Keep auto-indenting editors happy.  */
{
#endif
#ifdef __cplusplus
}
#endif
#endif /*_GCRYPT_H*/
