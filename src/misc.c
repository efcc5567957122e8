/* misc.c - Logging, fatal errors, wiping and error helpers
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

/* The library writes its diagnostics to stderr with a "libgcrypt-pqc"
 * prefix; whole lines are written under the stdio lock so that lines
 * from several threads do not interleave.  Fatal errors and internal
 * bugs end the process with abort(): as in libgcrypt, continuing after
 * a failed invariant (for example a broken entropy source) could
 * produce weak keys, which is worse than stopping.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include "g10lib.h"

#define LOG_PREFIX "libgcrypt-pqc"

/* Write one log line: PREFIX, LEVEL text, then the formatted message.
   A newline is added when the message has none.  */
static void
do_log (const char *level, const char *fmt, va_list arg_ptr)
{
  size_t n = strlen (fmt);

  flockfile (stderr);
  if (level)
    fprintf (stderr, "%s: %s", LOG_PREFIX, level);
  else
    fprintf (stderr, "%s: ", LOG_PREFIX);
  vfprintf (stderr, fmt, arg_ptr);
  if (!n || fmt[n - 1] != '\n')
    putc ('\n', stderr);
  fflush (stderr);
  funlockfile (stderr);
}

void
_gcry_log_info (const char *fmt, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, fmt);
  do_log (NULL, fmt, arg_ptr);
  va_end (arg_ptr);
}

void
_gcry_log_error (const char *fmt, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, fmt);
  do_log ("error: ", fmt, arg_ptr);
  va_end (arg_ptr);
}

void
_gcry_log_debug (const char *fmt, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, fmt);
  do_log ("DBG: ", fmt, arg_ptr);
  va_end (arg_ptr);
}

void
_gcry_log_fatal (const char *fmt, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, fmt);
  do_log ("fatal: ", fmt, arg_ptr);
  va_end (arg_ptr);
  abort ();
}

void
_gcry_log_bug (const char *fmt, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, fmt);
  do_log ("Ohhhh jeeee: ", fmt, arg_ptr);
  va_end (arg_ptr);
  abort ();
}


/* Report the unrecoverable error RC (a gpg_err_code_t) with the
   optional explanation TEXT and terminate the process.  Used for
   out-of-core in the x*alloc functions and for a failing entropy
   source; never returns.  */
void
_gcry_fatal_error (int rc, const char *text)
{
  if (!text)
    text = gpg_strerror (gpg_error (rc));
  flockfile (stderr);
  fprintf (stderr, "\nFatal error in " LOG_PREFIX ": %s\n", text);
  fflush (stderr);
  funlockfile (stderr);
  abort ();
}


/* Overwrite LEN bytes at PTR with zeros in a way the compiler may not
   elide as a dead store: after memset an empty asm statement claims to
   read the memory through PTR, so the stores must have happened.  */
void
_gcry_fast_wipememory (void *ptr, size_t len)
{
  if (!ptr || !len)
    return;
  memset (ptr, 0, len);
#if defined(__GNUC__)
  __asm__ __volatile__ ("" : : "r" (ptr) : "memory");
#else
  {
    volatile unsigned char *vp = ptr;
    while (len--)
      *vp++ = 0;
  }
#endif
}


/* Clear about BYTES (at most 64 KiB) of stack below the caller's
   frame, where a previous callee may have left secrets.  A
   variable-length array reserves the region; wiping it through
   _gcry_fast_wipememory cannot be optimised away.  */
void
_gcry_burn_stack (unsigned int bytes)
{
  size_t n = bytes;

  if (n > 65536)
    n = 65536;
  n = (n + 63) & ~(size_t)63;
  if (!n)
    n = 64;
  {
    unsigned char buf[n];

    _gcry_fast_wipememory (buf, n);
  }
}


/*
 * Public error helpers: thin wrappers around libgpg-error.
 */

const char *
gcry_strerror (gcry_error_t err)
{
  return gpg_strerror (err);
}

const char *
gcry_strsource (gcry_error_t err)
{
  return gpg_strsource (err);
}

gcry_err_code_t
gcry_err_code_from_errno (int err)
{
  return gpg_err_code_from_errno (err);
}

int
gcry_err_code_to_errno (gcry_err_code_t code)
{
  return gpg_err_code_to_errno (code);
}

gcry_error_t
gcry_err_make_from_errno (gcry_err_source_t source, int err)
{
  return gpg_err_make_from_errno (source, err);
}

gcry_error_t
gcry_error_from_errno (int err)
{
  return gpg_err_make (GPG_ERR_SOURCE_GCRYPT,
                       gpg_err_code_from_errno (err));
}
