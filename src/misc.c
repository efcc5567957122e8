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
 * from several threads do not interleave.  A handler set with
 * gcry_set_log_handler gets them instead, with Libgcrypt's level
 * numbers.  Fatal errors and internal bugs end the process with
 * abort(), after the handlers of gcry_set_log_handler and
 * gcry_set_fatalerror_handler had their say: as in libgcrypt,
 * continuing after a failed invariant (for example a broken entropy
 * source) could produce weak keys, which is worse than stopping.
 * Like Libgcrypt, the handlers are meant to be set once, before
 * threads start.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include "g10lib.h"

#define LOG_PREFIX "libgcrypt-pqc"

static gcry_handler_log_t log_handler;
static void *log_handler_value;
static gcry_handler_error_t fatal_handler;
static void *fatal_handler_value;

/* Send the log messages to F (NULL: back to stderr), called with
   OPAQUE, a GCRY_LOG_* level, the format and its arguments.  */
void
gcry_set_log_handler (gcry_handler_log_t f, void *opaque)
{
  log_handler = f;
  log_handler_value = opaque;
}

/* Call FNC (with OPAQUE, the error code and a text) before the
   library ends the process on a fatal error.  If it returns, the
   process is aborted as without it.  */
void
gcry_set_fatalerror_handler (gcry_handler_error_t fnc, void *opaque)
{
  fatal_handler = fnc;
  fatal_handler_value = opaque;
}

/* Progress reports come from prime generation, which this library
   does not have: the handler is accepted and never called.  */
void
gcry_set_progress_handler (gcry_handler_progress_t cb, void *cb_data)
{
  (void)cb;
  (void)cb_data;
}

/* The messages are not translated: accepted and ignored.  */
void
gcry_set_gettext_handler (const char *(*f) (const char *))
{
  (void)f;
}

/* Write one log message of Libgcrypt level LEVEL: to the log handler,
   or to stderr as PREFIX, LEVEL text, then the formatted message.  A
   newline is added when the message has none.  */
static void
do_log (int gcry_level, const char *level, const char *fmt,
        va_list arg_ptr)
{
  size_t n = strlen (fmt);

  if (log_handler)
    {
      log_handler (log_handler_value, gcry_level, fmt, arg_ptr);
      return;
    }
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
  do_log (GCRY_LOG_INFO, NULL, fmt, arg_ptr);
  va_end (arg_ptr);
}

void
_gcry_log_error (const char *fmt, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, fmt);
  do_log (GCRY_LOG_ERROR, "error: ", fmt, arg_ptr);
  va_end (arg_ptr);
}

void
_gcry_log_debug (const char *fmt, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, fmt);
  do_log (GCRY_LOG_DEBUG, "DBG: ", fmt, arg_ptr);
  va_end (arg_ptr);
}

void
_gcry_log_fatal (const char *fmt, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, fmt);
  do_log (GCRY_LOG_FATAL, "fatal: ", fmt, arg_ptr);
  va_end (arg_ptr);
  abort ();
}

void
_gcry_log_bug (const char *fmt, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, fmt);
  do_log (GCRY_LOG_BUG, "Ohhhh jeeee: ", fmt, arg_ptr);
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
  if (fatal_handler)
    fatal_handler (fatal_handler_value, rc, text);
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
