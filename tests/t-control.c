/* t-control.c - gcry_control and the hardware-feature switches
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

/* Hardware features can be disabled only before the library is
 * initialised, once per process.  The checks of the two disable paths
 * (GCRYCTL_DISABLE_HWF and the environment variable
 * GCRYPT_PQC_HWF_DISABLE) therefore run in forked children that have
 * not touched the library yet, each reporting through its exit code;
 * the parent then initialises the library itself and checks the
 * remaining control commands.
 *
 * What a child proves, through gcry_get_config only:
 *  - "all" (either path) leaves an empty hwflist and the portable
 *    backend ("generic") in every kernel set;
 *  - disabling one feature removes exactly that feature from hwflist
 *    and no backend of it remains selected.  */

#define PGM "t-control"
#include "t-common.h"

#include <unistd.h>
#include <pthread.h>
#include <sys/types.h>
#include <sys/wait.h>

/* check_handlers needs an impossible malloc to fail normally.  */
T_ASAN_ALLOCATOR_MAY_RETURN_NULL;


/* Return the line "NAME:..." from gcry_get_config as a malloced
   string without the newline, or NULL.  */
static char *
get_item (const char *name)
{
  char *s = gcry_get_config (0, name);
  char *nl;

  if (!s)
    return NULL;
  nl = strchr (s, '\n');
  if (nl)
    *nl = 0;
  {
    char *copy = strdup (s);
    gcry_free (s);
    return copy;
  }
}

/* True if the ':'-separated list LINE contains the field WORD.  */
static int
has_field (const char *line, const char *word)
{
  size_t n = strlen (word);
  const char *p = line;

  while ((p = strstr (p, word)))
    {
      if (p > line && p[-1] == ':' && p[n] == ':')
        return 1;
      p += n;
    }
  return 0;
}

/* True if every backend named in the "backends" line is "generic".  */
static int
all_backends_generic (const char *line)
{
  const char *p = strchr (line, ':');
  int field = 0;

  /* Fields alternate: set name, backend name.  */
  while (p && p[1])
    {
      const char *start = p + 1;
      const char *end = strchr (start, ':');

      if (!end)
        break;
      if ((field & 1) && strncmp (start, "generic", (size_t)(end - start)))
        return 0;
      if ((field & 1) && (size_t)(end - start) != 7)
        return 0;
      field++;
      p = end;
    }
  return field >= 2;
}


/* The child side of a disable check.  MODE is "control" or "env";
   LIST is the disable list.  Exit codes: 0 ok, 1 wrong result.  */
static int
child_check (const char *mode, const char *list)
{
  char *hwf, *backends;
  int ok = 1;

  if (!strcmp (mode, "env"))
    setenv ("GCRYPT_PQC_HWF_DISABLE", list, 1);
  else
    {
      unsetenv ("GCRYPT_PQC_HWF_DISABLE");
      if (gcry_control (GCRYCTL_DISABLE_HWF, list, NULL))
        {
          fprintf (stderr, "DISABLE_HWF '%s' failed\n", list);
          return 1;
        }
    }
  if (!gcry_check_version (GCRYPT_VERSION))
    return 1;
  hwf = get_item ("hwflist");
  backends = get_item ("backends");
  if (!hwf || !backends)
    return 1;
  if (verbose)
    fprintf (stderr, "  [%s %s] %s | %s\n", mode, list, hwf, backends);

  if (!strcmp (list, "all"))
    {
      if (strcmp (hwf, "hwflist:"))
        ok = 0;
      if (!all_backends_generic (backends))
        ok = 0;
    }
  else
    {
      char *copy = strdup (list);
      char *name;

      for (name = strtok (copy, ","); name; name = strtok (NULL, ","))
        if (has_field (hwf, name))
          ok = 0;
      if (strstr (list, "intel-avx512") && has_field (backends, "avx512"))
        ok = 0;
      /* With every SIMD feature of the host disabled only the
         portable backends may remain.  */
#if defined(__x86_64__)
      if (strstr (list, "intel-avx2") && strstr (list, "intel-avx512")
          && strstr (list, "intel-bmi2")
          && strstr (list, "intel-shaext")
          && !all_backends_generic (backends))
        ok = 0;
#elif defined(__powerpc64__)
      if (strstr (list, "ppc-vsx") && strstr (list, "ppc-arch_2_07")
          && strstr (list, "ppc-vcrypto") && strstr (list, "ppc-arch_3_00")
          && strstr (list, "ppc-arch_3_10")
          && !all_backends_generic (backends))
        ok = 0;
#endif
      free (copy);
    }
  free (hwf);
  free (backends);
  return ok ? 0 : 1;
}


/* The arguments of child_check.  */
struct child_args
{
  const char *mode, *list;
};

static void
child_main (void *arg)
{
  const struct child_args *a = arg;

  _exit (child_check (a->mode, a->list));
}

/* Run child_check (MODE, LIST) in a fresh child process.  */
static void
run_child (const char *mode, const char *list)
{
  struct child_args a;

  a.mode = mode;
  a.list = list;
  check (exited_zero (run_in_child (child_main, &a)),
         "disable via %s \"%s\" visible in gcry_get_config", mode, list);
}


/* Several threads race to initialise the library; all must see the
   same, complete backend selection.  Runs in a child that has not
   initialised the library.  Exit code 0 if consistent.  */
#define NRACE 8
static char *race_result[NRACE];

static void *
race_main (void *arg)
{
  race_result[(long)arg] = gcry_get_config (0, "backends");
  return NULL;
}

static int
child_race (void)
{
  pthread_t th[NRACE];
  long i, n = 0;
  int ok = 1;

  for (i = 0; i < NRACE; i++)
    if (!pthread_create (&th[i], NULL, race_main, (void *)i))
      n++;
    else
      break;
  for (i = 0; i < n; i++)
    pthread_join (th[i], NULL);
  if (n < 2)
    return 77;
  for (i = 0; i < n; i++)
    if (!race_result[i] || strcmp (race_result[i], race_result[0])
        || strncmp (race_result[i], "backends:keccak:", 16))
      ok = 0;
  return ok ? 0 : 1;
}

static void
race_child_main (void *arg)
{
  (void)arg;
  _exit (child_race ());
}

static void
check_init_race (void)
{
  int status = run_in_child (race_child_main, NULL);

  if (status == -1)
    return;
  if (!WIFEXITED (status))
    fail ("init race child crashed");
  else if (WEXITSTATUS (status) == 77)
    skip ("cannot create threads");
  else
    check (WEXITSTATUS (status) == 0,
           "concurrent first use gives one consistent initialisation");
}


static void
check_disable_paths (void)
{
  run_child ("control", "all");
  run_child ("env", "all");
  run_child ("control", "intel-avx512");
  run_child ("env", "intel-avx512");
  /* A tuning hint: it leaves hwflist, the backends stay.  */
  run_child ("env", "intel-fast-zmm");
  run_child ("env", "intel-wide-alu");
  run_child ("control", "intel-vbmi2");
  run_child ("control", "intel-bmi2,intel-avx2,intel-avx512,intel-shaext");
  run_child ("env", "intel-bmi2,intel-avx2,intel-avx512,intel-shaext,ppc-vsx");
  run_child ("control", "ppc-arch_2_07,ppc-vcrypto");
  run_child ("env", "ppc-vsx,ppc-arch_2_07,ppc-vcrypto,ppc-arch_3_00,"
             "ppc-arch_3_10");
}


/* Checks that must run before anything initialises the library.  */
static void
check_before_init (void)
{
  gcry_error_t err;

  check (gcry_control (GCRYCTL_ANY_INITIALIZATION_P) == 0,
         "ANY_INITIALIZATION_P is 0 before init");
  check (gcry_control (GCRYCTL_INITIALIZATION_FINISHED_P) == 0,
         "INITIALIZATION_FINISHED_P is 0 before init");
  err = gcry_control (GCRYCTL_DISABLE_HWF, "no-such-feature", NULL);
  check (gcry_err_code (err) == GPG_ERR_INV_NAME
         && gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
         "DISABLE_HWF of an unknown name gives GPG_ERR_INV_NAME");
}


static void
check_after_init (void)
{
  gcry_error_t err;
  FILE *fp;
  char buf[4096];
  size_t n;
  int type = 0;
  unsigned char rnd[64], zero[64];

  /* "True" is the error value of GPG_ERR_GENERAL, as in Libgcrypt.  */
  check (gcry_control (GCRYCTL_INITIALIZATION_FINISHED_P)
         == gpg_err_make (GPG_ERR_SOURCE_GCRYPT, GPG_ERR_GENERAL),
         "INITIALIZATION_FINISHED_P is true");
  check (gcry_control (GCRYCTL_ANY_INITIALIZATION_P)
         == gpg_err_make (GPG_ERR_SOURCE_GCRYPT, GPG_ERR_GENERAL),
         "ANY_INITIALIZATION_P is true");
  check (gcry_control (GCRYCTL_OPERATIONAL_P)
         == gpg_err_make (GPG_ERR_SOURCE_GCRYPT, GPG_ERR_GENERAL),
         "OPERATIONAL_P is true");
  check (gcry_control (GCRYCTL_FIPS_MODE_P, 0) == 0, "FIPS_MODE_P is 0");
  /* Before the initialisation is finished it is accepted (t-random).  */
  check (gcry_err_code (gcry_control (GCRYCTL_NO_FIPS_MODE, 0))
         == GPG_ERR_GENERAL,
         "NO_FIPS_MODE when finished gives GPG_ERR_GENERAL");
  check (!gcry_fips_mode_active (), "gcry_fips_mode_active is false");
  check (gcry_control (GCRYCTL_FAKED_RANDOM_P) == 0, "FAKED_RANDOM_P is 0");

  check (!gcry_control (GCRYCTL_SET_VERBOSITY, 0), "SET_VERBOSITY");
  check (!gcry_control (GCRYCTL_SET_THREAD_CBS, NULL), "SET_THREAD_CBS");
  check (!gcry_control (GCRYCTL_SUSPEND_SECMEM_WARN)
         && !gcry_control (GCRYCTL_RESUME_SECMEM_WARN),
         "SUSPEND/RESUME_SECMEM_WARN");
  check (!gcry_control (GCRYCTL_SET_DEBUG_FLAGS, 0u)
         && !gcry_control (GCRYCTL_CLEAR_DEBUG_FLAGS, ~0u),
         "SET/CLEAR_DEBUG_FLAGS");
  check (!gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, &type)
         && type == GCRY_RNG_TYPE_STANDARD, "GET_CURRENT_RNG_TYPE");
  check (!gcry_control (GCRYCTL_GET_CURRENT_RNG_TYPE, NULL),
         "GET_CURRENT_RNG_TYPE with NULL is ignored");

  /* Quick random is accepted but must not weaken the output.  */
  check (!gcry_control (GCRYCTL_ENABLE_QUICK_RANDOM, 0),
         "ENABLE_QUICK_RANDOM accepted");
  memset (zero, 0, sizeof zero);
  gcry_randomize (rnd, sizeof rnd, GCRY_STRONG_RANDOM);
  check (memcmp (rnd, zero, sizeof rnd), "random still works");

  err = gcry_control ((enum gcry_ctl_cmds) 12345);
  check (gcry_err_code (err) == GPG_ERR_INV_OP
         && gcry_err_source (err) == GPG_ERR_SOURCE_GCRYPT,
         "unknown command gives GPG_ERR_INV_OP");
  err = gcry_control (GCRYCTL_RESET);
  check (gcry_err_code (err) == GPG_ERR_INV_OP,
         "handle-only command RESET gives GPG_ERR_INV_OP");
  err = gcry_control (GCRYCTL_FORCE_FIPS_MODE);
  check (gcry_err_code (err) == GPG_ERR_NOT_IMPLEMENTED,
         "FORCE_FIPS_MODE gives GPG_ERR_NOT_IMPLEMENTED");
  /* Libgcrypt's answers for what is not built or not approved (the
     library claims no FIPS approval, so the indicators say "not
     approved" even where Libgcrypt says approved).  */
  check (gcry_err_code (gcry_control (GCRYCTL_ENABLE_M_GUARD))
         == GPG_ERR_NOT_SUPPORTED,
         "ENABLE_M_GUARD gives GPG_ERR_NOT_SUPPORTED");
  check (!gcry_control (GCRYCTL_SET_ENFORCED_FIPS_FLAG),
         "SET_ENFORCED_FIPS_FLAG is ignored");
  check (gcry_err_code (gcry_control (GCRYCTL_USE_RANDOM_DAEMON, 1))
         == GPG_ERR_NOT_SUPPORTED
         && gcry_err_code (gcry_control (GCRYCTL_SET_RANDOM_DAEMON_SOCKET,
                                         "/nonexistent"))
         == GPG_ERR_NOT_SUPPORTED
         && gcry_err_code (gcry_control (GCRYCTL_SET_RNDEGD_SOCKET,
                                         "/nonexistent"))
         == GPG_ERR_NOT_SUPPORTED,
         "random daemon and EGD give GPG_ERR_NOT_SUPPORTED");
  check (gcry_err_code (gcry_control (GCRYCTL_FIPS_SERVICE_INDICATOR_MD,
                                      GCRY_MD_SHA256))
         == GPG_ERR_NOT_SUPPORTED
         && gcry_err_code (gcry_control (GCRYCTL_FIPS_SERVICE_INDICATOR_MAC,
                                         GCRY_MAC_HMAC_SHA256))
         == GPG_ERR_NOT_SUPPORTED,
         "FIPS service indicators give GPG_ERR_NOT_SUPPORTED");
  check (gcry_err_code (gcry_control (GCRYCTL_DRBG_REINIT, NULL, NULL, 0,
                                      NULL)) == GPG_ERR_NOT_SUPPORTED
         && gcry_err_code (gcry_control (GCRYCTL_DRBG_REINIT, NULL, NULL, -1,
                                         NULL)) == GPG_ERR_INV_ARG,
         "DRBG_REINIT");

  fp = tmpfile ();
  if (fp)
    {
      check (!gcry_control (GCRYCTL_PRINT_CONFIG, fp), "PRINT_CONFIG");
      rewind (fp);
      n = fread (buf, 1, sizeof buf - 1, fp);
      buf[n] = 0;
      fclose (fp);
      check (strstr (buf, "\nhwflist:") && strstr (buf, "\nbackends:keccak:")
             && !strncmp (buf, "version:", 8),
             "PRINT_CONFIG output has version, hwflist and backends");
    }
  else
    skip ("tmpfile: %s", strerror (errno));

  err = gcry_control (GCRYCTL_SELFTEST);
  check (!err, "SELFTEST passes (%s)", gpg_strerror (err));

  /* The backends in use must agree with the hardware features.  */
  {
    char *hwf = get_item ("hwflist");
    char *be = get_item ("backends");

    if (hwf && be)
      {
        if (!has_field (hwf, "intel-avx512"))
          check (!has_field (be, "avx512"),
                 "no avx512 backend without intel-avx512");
        if (!has_field (hwf, "intel-avx2") && !has_field (hwf, "intel-avx512"))
          check (!has_field (be, "avx2"),
                 "no avx2 backend without intel-avx2");
        if (!strcmp (hwf, "hwflist:"))
          check (all_backends_generic (be),
                 "no hardware features: all backends generic");
      }
    else
      fail ("hwflist/backends missing");
    free (hwf);
    free (be);
  }
}


/* The handlers of Libgcrypt: the log handler receives the library's
   messages with their level; before a fatal error ends the process
   the out-of-core handler may ask for another try and the fatal-error
   handler is called (checked in a child, which the handler ends with
   a known exit code).  */
static int log_calls, log_level;
static char log_text[200];

static void
log_cb (void *opaque, int level, const char *fmt, va_list ap)
{
  (void)opaque;
  log_calls++;
  log_level = level;
  vsnprintf (log_text, sizeof log_text, fmt, ap);
}

static int oom_calls;

static int
oom_cb (void *opaque, size_t n, unsigned int flags)
{
  (void)opaque;
  (void)flags;
  /* Ask for one more try, then give up.  */
  return n && ++oom_calls == 1;
}

/* Always asks for another try: must not be asked when retrying
   cannot help.  */
static int
oom_always_cb (void *opaque, size_t n, unsigned int flags)
{
  (void)opaque;
  (void)n;
  (void)flags;
  oom_calls++;
  return 1;
}

static void
fatal_cb (void *opaque, int rc, const char *text)
{
  (void)text;
  /* Exit with a code that proves the order of the calls.  */
  _exit (*(int *)opaque + 10 * oom_calls + (rc == GPG_ERR_ENOMEM));
}

static int fatal_base = 40;

/* The child of check_handlers: one retry, then fatal.  */
static void
oom_child (void *arg)
{
  (void)arg;
  gcry_set_outofcore_handler (oom_cb, NULL);
  gcry_set_fatalerror_handler (fatal_cb, &fatal_base);
  gcry_xmalloc ((size_t)-1 / 2);
}

/* The child of check_handlers: a calloc size that overflows.  */
static void
calloc_overflow_child (void *arg)
{
  (void)arg;
  gcry_set_outofcore_handler (oom_always_cb, NULL);
  gcry_set_fatalerror_handler (fatal_cb, &fatal_base);
  gcry_xcalloc ((size_t)-1 / 2 + 1, 2);
}

static void
check_handlers (void)
{
  gcry_mpi_t a = gcry_mpi_new (0);
  int status;

  gcry_set_log_handler (log_cb, NULL);
  gcry_mpi_set_flag (a, GCRYMPI_FLAG_IMMUTABLE);
  gcry_mpi_set_ui (a, 5);
  gcry_set_log_handler (NULL, NULL);
  check (log_calls == 1 && log_level == GCRY_LOG_INFO
         && strstr (log_text, "immutable"),
         "log handler got the immutable-MPI warning (%d calls, level %d)",
         log_calls, log_level);
  gcry_mpi_release (a);

  /* Accepted, as in Libgcrypt (their effects are documented).  */
  gcry_set_progress_handler (NULL, NULL);
  gcry_set_gettext_handler (NULL);
  gcry_set_allocation_handler (NULL, NULL, NULL, NULL, NULL);

  /* 40 + 10 * 2 out-of-core calls + 1 for GPG_ERR_ENOMEM.  */
  status = run_in_child (oom_child, NULL);
  check (status != -1 && WIFEXITED (status) && WEXITSTATUS (status) == 61,
         "out-of-core handler (asked twice) and fatal-error handler "
         "(status %d)", WIFEXITED (status) ? WEXITSTATUS (status) : -1);

  /* A gcry_xcalloc size that overflows is fatal at once.  */
  status = run_in_child (calloc_overflow_child, NULL);
  check (status != -1 && WIFEXITED (status) && WEXITSTATUS (status) == 41,
         "gcry_xcalloc overflow is fatal without the out-of-core handler "
         "(status %d)", WIFEXITED (status) ? WEXITSTATUS (status) : -1);
}


int
main (int argc, char **argv)
{
  int i;

  for (i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--verbose"))
      verbose = 1;
  /* Nothing may touch the library before these.  */
  check_before_init ();
  check_disable_paths ();
  check_init_race ();

  test_init (argc, argv);
  check_after_init ();
  check_handlers ();
  return test_exit ();
}
