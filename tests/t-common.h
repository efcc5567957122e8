/* t-common.h - Helpers shared by the tests of libgcrypt-pqc
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

/* Usage: define PGM "t-name" before including.  Call
 * test_init (argc, argv) first: it parses the common options
 * (--verbose, --debug, --disable-hwf NAME (repeatable), --data DIR),
 * initialises the library and prints the backends in use, so that a
 * silent fallback to another backend is visible in the log.  Count
 * results with pass () / fail (); end with "return test_exit ();",
 * which prints "N passed, N failed" and returns the exit status
 * (77 = skipped when nothing ran and skip () was called).  Tests that
 * read the shared vectors report missing ones with
 * vectors_unavailable ().  */

#ifndef T_COMMON_H
#define T_COMMON_H 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <ctype.h>
#include <errno.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <config.h>
#include "gcrypt.h"

#ifndef PGM
# error Define PGM before including t-common.h
#endif

#ifdef HAVE_JSON_C
# include <json-c/json.h>
#endif

/* The helpers below are static; not every test uses all of them.  */
#ifdef __GNUC__
# define T_UNUSED __attribute__ ((unused))
# define T_PRINTF(f,a) __attribute__ ((format (printf, f, a)))
#else
# define T_UNUSED
# define T_PRINTF(f,a)
#endif

/* T_ASAN: built with AddressSanitizer (gcc defines
   __SANITIZE_ADDRESS__, clang has the feature test).  */
#if defined(__SANITIZE_ADDRESS__)
# define T_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define T_ASAN 1
# endif
#endif

/* Under AddressSanitizer malloc of an impossible size aborts the
   process instead of returning NULL as the C library does.  A test
   that needs the standard behaviour puts
     T_ASAN_ALLOCATOR_MAY_RETURN_NULL;
   at file scope; ASAN_OPTIONS from the environment still apply on
   top of this default.  */
#ifdef T_ASAN
# define T_ASAN_ALLOCATOR_MAY_RETURN_NULL                       \
  const char *__asan_default_options (void);                    \
  const char *__asan_default_options (void)                     \
  {                                                             \
    return "allocator_may_return_null=1";                       \
  }                                                             \
  extern int t_asan_allocator_may_return_null_
#else
# define T_ASAN_ALLOCATOR_MAY_RETURN_NULL \
  extern int t_asan_allocator_may_return_null_
#endif

static int verbose;
static int debug;
static unsigned long test_passed;
static unsigned long test_failed;
static unsigned long test_skipped;
static const char *test_data_dir;   /* --data DIR overrides the default.  */

/* True if the message FORMAT does not end in a newline, so one must be
   added.  Evaluated before printing: a test after the print draws a
   bogus -Wformat-overflow warning from GCC with -fsanitize.  */
static T_UNUSED int
needs_newline (const char *format)
{
  return *format && format[strlen (format) - 1] != '\n';
}

static T_UNUSED void
info (const char *format, ...)
{
  va_list arg_ptr;
  int nl;

  if (!verbose)
    return;
  nl = needs_newline (format);
  va_start (arg_ptr, format);
  fprintf (stderr, PGM ": ");
  vfprintf (stderr, format, arg_ptr);
  va_end (arg_ptr);
  if (nl)
    putc ('\n', stderr);
}

/* Record a failure with the message FORMAT, ARG_PTR.  */
static T_UNUSED void
vfail (const char *format, va_list arg_ptr)
{
  int nl = needs_newline (format);

  fflush (stdout);
  fprintf (stderr, "FAIL: " PGM ": ");
  vfprintf (stderr, format, arg_ptr);
  if (nl)
    putc ('\n', stderr);
  test_failed++;
}

/* Record a failure with a message.  */
static T_UNUSED void
fail (const char *format, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, format);
  vfail (format, arg_ptr);
  va_end (arg_ptr);
}

/* Record a success with the message FORMAT, ARG_PTR (printed with
   --verbose only).  */
static T_UNUSED void
vpass (const char *format, va_list arg_ptr)
{
  int nl;

  test_passed++;
  if (!verbose)
    return;
  nl = needs_newline (format);
  fprintf (stderr, "PASS: " PGM ": ");
  vfprintf (stderr, format, arg_ptr);
  if (nl)
    putc ('\n', stderr);
}

/* Record a success (print it with --verbose).  */
static T_UNUSED void
pass (const char *format, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, format);
  vpass (format, arg_ptr);
  va_end (arg_ptr);
}

/* Record OK (0 or 1) as a pass or a failure with the message FORMAT
   and return OK.  Use it through the check macro.  */
static T_UNUSED T_PRINTF (2, 3) int
check_result (int ok, const char *format, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, format);
  if (ok)
    vpass (format, arg_ptr);
  else
    vfail (format, arg_ptr);
  va_end (arg_ptr);
  return ok;
}

/* Check COND (any scalar, evaluated once) and record the result under
   the printf-style message that follows.  Returns 1 if COND holds,
   else 0.  A function call, so that "check (...);" as a statement
   draws no unused-value warning.  */
#define check(cond, ...) check_result (!!(cond), __VA_ARGS__)

/* Report a part that cannot run here, with the reason FORMAT,
   ARG_PTR.  */
static T_UNUSED void
vskip (const char *format, va_list arg_ptr)
{
  int nl = needs_newline (format);

  test_skipped++;
  printf ("SKIP: " PGM ": ");
  vprintf (format, arg_ptr);
  if (nl)
    putchar ('\n');
}

/* Report a part that cannot run here, with the reason.  */
static T_UNUSED void
skip (const char *format, ...)
{
  va_list arg_ptr;

  va_start (arg_ptr, format);
  vskip (format, arg_ptr);
  va_end (arg_ptr);
}

/* Report that a part driven by the shared test vectors cannot run,
   with the reason: a skip, or a failure if the environment variable
   GCRYPT_PQC_REQUIRE_VECTORS is set to anything but "" or "0" (.ci/run
   sets it when the machine has the vectors, so that they cannot be
   skipped unnoticed).  */
static T_UNUSED void
vectors_unavailable (const char *format, ...)
{
  const char *req = getenv ("GCRYPT_PQC_REQUIRE_VECTORS");
  va_list arg_ptr;

  va_start (arg_ptr, format);
  if (req && *req && strcmp (req, "0"))
    vfail (format, arg_ptr);
  else
    vskip (format, arg_ptr);
  va_end (arg_ptr);
}

static T_UNUSED void
die (const char *format, ...)
{
  va_list arg_ptr;
  int nl = needs_newline (format);

  fflush (stdout);
  fprintf (stderr, "FAIL: " PGM ": fatal: ");
  va_start (arg_ptr, format);
  vfprintf (stderr, format, arg_ptr);
  va_end (arg_ptr);
  if (nl)
    putc ('\n', stderr);
  exit (1);
}

/* Run FN (ARG) in a child process, which ends with _exit, and return
   its wait status, or -1 after a failure of fork or waitpid.  */
static T_UNUSED int
run_in_child (void (*fn) (void *), void *arg)
{
  pid_t pid;
  int status;

  fflush (NULL);
  pid = fork ();
  if (pid == -1)
    {
      fail ("fork: %s", strerror (errno));
      return -1;
    }
  if (!pid)
    {
      fn (arg);
      _exit (1);
    }
  if (waitpid (pid, &status, 0) != pid)
    {
      fail ("waitpid: %s", strerror (errno));
      return -1;
    }
  return status;
}

/* True if STATUS is a normal exit with code 0.  */
static T_UNUSED int
exited_zero (int status)
{
  return status != -1 && WIFEXITED (status) && !WEXITSTATUS (status);
}

/* Print the summary and return the exit status.  */
static T_UNUSED int
test_exit (void)
{
  printf ("%s: %lu passed, %lu failed", PGM, test_passed, test_failed);
  if (test_skipped)
    printf (", %lu skipped", test_skipped);
  putchar ('\n');
  if (test_failed)
    return 1;
  if (!test_passed && test_skipped)
    return 77;
  return 0;
}

/* Parse the common options, removing them from ARGV, and initialise
   the library.  Returns the new ARGC.  */
static T_UNUSED int
test_init (int argc, char **argv)
{
  int i, j;
  char *cfg;

  for (i = j = 1; i < argc; i++)
    {
      if (!strcmp (argv[i], "--verbose"))
        verbose++;
      else if (!strcmp (argv[i], "--debug"))
        verbose = debug = 1;
      else if (!strcmp (argv[i], "--disable-hwf") && i + 1 < argc)
        {
          i++;
          if (gcry_control (GCRYCTL_DISABLE_HWF, argv[i], NULL))
            fprintf (stderr, PGM ": unknown hardware feature '%s'\n",
                     argv[i]);
        }
      else if (!strcmp (argv[i], "--data") && i + 1 < argc)
        test_data_dir = argv[++i];
      else
        argv[j++] = argv[i];
    }
  argv[j] = NULL;

  if (!gcry_check_version (GCRYPT_VERSION))
    die ("version mismatch: header %s, library %s",
         GCRYPT_VERSION, gcry_check_version (NULL));
  gcry_control (GCRYCTL_DISABLE_SECMEM_WARN, 0);
  gcry_control (GCRYCTL_INIT_SECMEM, 65536, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  /* Single items come without their line feed.  */
  cfg = gcry_get_config (0, "backends");
  printf ("%s: %s\n", PGM, cfg ? cfg : "backends: (unknown)");
  gcry_free (cfg);
  cfg = gcry_get_config (0, "hwflist");
  printf ("%s: %s\n", PGM, cfg ? cfg : "hwflist: (unknown)");
  gcry_free (cfg);
  fflush (stdout);
  return j;
}

/* Return the directory with the shared test vectors, or NULL after
   reporting (once, see vectors_unavailable) that they are not
   available.  Order: --data DIR, the
   environment variable GCRYPT_PQC_VECTORS, the configure default.  */
static T_UNUSED const char *
test_vectors_dir (void)
{
  static int warned;
  const char *dir = test_data_dir;
  char probe[4096];
  FILE *fp;

  if (!dir)
    dir = getenv ("GCRYPT_PQC_VECTORS");
  if (!dir || !*dir)
    dir = TEST_VECTORS_DIR;
  snprintf (probe, sizeof probe, "%s/README.md", dir);
  fp = fopen (probe, "r");
  if (!fp)
    {
      if (!warned++)
        vectors_unavailable ("test vectors not found in '%s' (set "
                             "GCRYPT_PQC_VECTORS or configure "
                             "--with-test-vectors)", dir);
      return NULL;
    }
  fclose (fp);
  return dir;
}

/* Decode the hex string HEX (upper or lower case; NULL or "" gives an
   empty buffer) into a malloced buffer; store its length at R_LEN.
   Returns NULL on bad hex.  The buffer always has room for one more
   byte so that an empty result is not a NULL pointer.  */
static T_UNUSED unsigned char *
test_hex2buf (const char *hex, size_t *r_len)
{
  size_t n = hex ? strlen (hex) : 0, i;
  unsigned char *buf;

  if (n % 2)
    return NULL;
  buf = malloc (n / 2 + 1);
  if (!buf)
    die ("out of core");
  for (i = 0; i < n / 2; i++)
    {
      int hi = hex[2 * i], lo = hex[2 * i + 1];
      if (!isxdigit (hi) || !isxdigit (lo))
        {
          free (buf);
          return NULL;
        }
      hi = isdigit (hi) ? hi - '0' : (tolower (hi) - 'a' + 10);
      lo = isdigit (lo) ? lo - '0' : (tolower (lo) - 'a' + 10);
      buf[i] = (unsigned char)((hi << 4) | lo);
    }
  *r_len = n / 2;
  return buf;
}

/* Print LEN bytes of BUF as lower case hex into a static buffer
   (truncated for very long buffers); for messages only.  */
static T_UNUSED const char *
test_buf2hex (const void *buf, size_t len)
{
  static char out[2 * 256 + 4];
  const unsigned char *p = buf;
  size_t i, n = len > 256 ? 256 : len;

  for (i = 0; i < n; i++)
    sprintf (out + 2 * i, "%02x", p[i]);
  if (n < len)
    strcpy (out + 2 * n, "...");
  return out;
}

#ifdef HAVE_JSON_C
/* Load the JSON file RELPATH (relative to the vectors directory).
   Returns NULL (after printing a SKIP line) when it is not there.  */
static T_UNUSED json_object *
test_load_json (const char *relpath)
{
  const char *dir = test_vectors_dir ();
  char path[4096];
  json_object *obj;

  if (!dir)
    return NULL;
  snprintf (path, sizeof path, "%s/%s", dir, relpath);
  obj = json_object_from_file (path);
  if (!obj)
    vectors_unavailable ("cannot read '%s': %s", path,
                         json_util_get_last_err ());
  return obj;
}

/* Return the string member KEY of OBJ or NULL.  */
static T_UNUSED const char *
test_json_str (json_object *obj, const char *key)
{
  json_object *v;

  if (!json_object_object_get_ex (obj, key, &v))
    return NULL;
  return json_object_get_string (v);
}

/* Return the member KEY of OBJ decoded from hex (see test_hex2buf), or
   NULL if absent or bad.  */
static T_UNUSED unsigned char *
test_json_hex (json_object *obj, const char *key, size_t *r_len)
{
  const char *s = test_json_str (obj, key);

  if (!s)
    return NULL;
  return test_hex2buf (s, r_len);
}
#endif /*HAVE_JSON_C*/

#endif /*T_COMMON_H*/
