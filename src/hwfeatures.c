/* hwfeatures.c - Detect and disable hardware features
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

/* The run-time gate of every SIMD backend.
 *
 * The features are detected once (hwf-x86.c, hwf-ppc.c); the result
 * minus the disabled features is what _gcry_get_hw_features returns
 * and what the dispatch code (keccak.c, mlkem.c, mldsa.c) uses to
 * pick its ops tables.  Features are disabled, as in libgcrypt, by
 *
 *  - gcry_control (GCRYCTL_DISABLE_HWF, "NAME[,NAME...]" or "all")
 *    before the library is initialised,
 *  - the file /etc/gcrypt/hwf.deny (names separated by white space or
 *    commas; '#' starts a comment), and, for tests and benchmarks,
 *  - the environment variable GCRYPT_PQC_HWF_DISABLE (same syntax as
 *    the control command), ignored in setuid/setgid programs so that
 *    an unprivileged user cannot steer a privileged process.
 *
 * Disabling takes effect at detection time, which happens at the
 * first call of _gcry_get_hw_features (normally from
 * _gcry_global_init); later requests are recorded but have no effect,
 * as documented for libgcrypt.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <errno.h>
#include <unistd.h>
#include <pthread.h>
#ifdef HAVE_SYSLOG
# include <syslog.h>
#endif
#ifdef HAVE_SYS_AUXV_H
# include <sys/auxv.h>
#endif

#include "g10lib.h"
#include "hwf-common.h"

#define HWF_DENY_FILE "/etc/gcrypt/hwf.deny"
#define HWF_DISABLE_ENV "GCRYPT_PQC_HWF_DISABLE"

/* The user-visible names, in the order gcry_get_config lists them.  */
static const struct
{
  unsigned int flag;
  const char *name;
} hwflist[] =
  {
    { HWF_INTEL_CPU,     "intel-cpu" },
    { HWF_INTEL_BMI2,    "intel-bmi2" },
    { HWF_INTEL_AVX,     "intel-avx" },
    { HWF_INTEL_AVX2,    "intel-avx2" },
    { HWF_INTEL_AVX512,  "intel-avx512" },
    { HWF_INTEL_SHAEXT,  "intel-shaext" },
    { HWF_INTEL_FAST_ZMM, "intel-fast-zmm" },
    { HWF_INTEL_VBMI2,   "intel-vbmi2" },
    { HWF_INTEL_WIDE_ALU, "intel-wide-alu" },
    { HWF_PPC_VCRYPTO,   "ppc-vcrypto" },
    { HWF_PPC_ARCH_3_00, "ppc-arch_3_00" },
    { HWF_PPC_ARCH_2_07, "ppc-arch_2_07" },
    { HWF_PPC_ARCH_3_10, "ppc-arch_3_10" },
    { HWF_PPC_VSX,       "ppc-vsx" }
  };

/* Features disabled so far; written with atomic OR because the control
   command may race with detection in another thread.  */
static unsigned int disabled_hw_features;

/* Detected features minus the disabled ones; valid once DETECT_ONCE
   ran.  HW_FEATURES_ALL keeps that set when _gcry_hwf_limit has
   narrowed HW_FEATURES for a benchmark.  */
static unsigned int hw_features;
static unsigned int hw_features_all;
static pthread_once_t detect_once = PTHREAD_ONCE_INIT;


/* Return the flag of the feature NAME (LEN bytes), ~0u for "all", or 0
   if unknown.  */
static unsigned int
lookup_feature (const char *name, size_t len)
{
  size_t i;

  if (len == 3 && !strncasecmp (name, "all", 3))
    return ~0u;
  for (i = 0; i < DIM (hwflist); i++)
    if (strlen (hwflist[i].name) == len
        && !strncasecmp (hwflist[i].name, name, len))
      return hwflist[i].flag;
  return 0;
}

static int
is_separator (int c)
{
  return c == ',' || c == ':' || c == ';' || c == ' ' || c == '\t'
         || c == '\n' || c == '\r';
}

/* Collect the flags of the features named in the list S.  Unknown
   names are reported through *R_UNKNOWN (count) and skipped.  */
static unsigned int
parse_feature_list (const char *s, unsigned int *r_unknown)
{
  unsigned int flags = 0;
  unsigned int unknown = 0;

  while (*s)
    {
      const char *start;
      unsigned int f;

      while (*s && is_separator (*s))
        s++;
      if (!*s)
        break;
      start = s;
      while (*s && !is_separator (*s))
        s++;
      f = lookup_feature (start, (size_t)(s - start));
      if (f)
        flags |= f;
      else
        unknown++;
    }
  *r_unknown = unknown;
  return flags;
}


/* Disable the features named in NAME ("name[,name...]" or "all").
   Returns GPG_ERR_INV_NAME if a name is unknown (the known ones are
   still disabled).  */
gpg_err_code_t
_gcry_disable_hw_feature (const char *name)
{
  unsigned int flags, unknown;

  if (!name)
    return GPG_ERR_INV_ARG;
  flags = parse_feature_list (name, &unknown);
  __atomic_fetch_or (&disabled_hw_features, flags, __ATOMIC_SEQ_CST);
  if (unknown || (!flags && !*name))
    return GPG_ERR_INV_NAME;
  return 0;
}


/* True if the process runs with privileges its user does not have
   (setuid, setgid, file capabilities), where the environment is
   under the control of a less trusted user.  */
static int
running_privileged (void)
{
#if defined(HAVE_GETAUXVAL) && defined(AT_SECURE)
  return !!getauxval (AT_SECURE);
#else
  return getuid () != geteuid () || getgid () != getegid ();
#endif
}


/* Report a problem with the deny file FNAME at line LNR, as libgcrypt
   does (a warning in the system log) and on our log (stderr), since an
   administrator who wrote the file expects it to take effect.  */
static void
deny_file_warning (const char *what, const char *fname, unsigned long lnr)
{
#ifdef HAVE_SYSLOG
  syslog (LOG_USER | LOG_WARNING, "libgcrypt-pqc warning: %s in '%s', line %lu",
          what, fname, lnr);
#endif
  log_info ("warning: %s in '%s', line %lu", what, fname, lnr);
}


/* Return the features named in the deny file FNAME (see the head of
   this file for its syntax); a missing file gives 0.  Lines of any
   length are read whole: a name or comment that crosses a buffer
   boundary must neither be lost nor be taken apart.  Lines with
   unknown names are reported with their number; their known names
   still count.  Called once at detection; tests call it with files of
   their own.  */
unsigned int
_gcry_hwf_parse_deny_file (const char *fname)
{
  FILE *fp;
  char *line = NULL;
  size_t size = 0;
  unsigned long lnr = 0;
  unsigned int flags = 0;
  unsigned int unknown;

  fp = fopen (fname, "re");
  if (!fp)
    return 0;
  while (getline (&line, &size, fp) != -1)
    {
      char *p = strchr (line, '#');

      lnr++;
      if (p)
        *p = 0;
      flags |= parse_feature_list (line, &unknown);
      if (unknown)
        deny_file_warning ("unknown feature", fname, lnr);
    }
  if (ferror (fp))
    deny_file_warning ("error reading", fname, lnr + 1);
  free (line);
  fclose (fp);
  return flags;
}


/* FEATURES without the bits whose prerequisite is missing from it.
   The detection reports VBMI2 and the full-width zmm hint only with
   AVX-512; disabling intel-avx512 (or _gcry_hwf_limit without it) must
   take them away too, so that no feature list claims an AVX-512
   extension that may not be used.  */
static unsigned int
with_prerequisites (unsigned int features)
{
  if (!(features & HWF_INTEL_AVX512))
    features &= ~(HWF_INTEL_VBMI2 | HWF_INTEL_FAST_ZMM);
  return features;
}


static void
detect_hw_features (void)
{
  unsigned int detected = 0;
  const char *env;

  __atomic_fetch_or (&disabled_hw_features,
                     _gcry_hwf_parse_deny_file (HWF_DENY_FILE),
                     __ATOMIC_SEQ_CST);
  if (!running_privileged () && (env = getenv (HWF_DISABLE_ENV)))
    {
      unsigned int unknown;
      unsigned int flags = parse_feature_list (env, &unknown);

      __atomic_fetch_or (&disabled_hw_features, flags, __ATOMIC_SEQ_CST);
      if (unknown)
        log_info ("unknown hardware feature name in %s", HWF_DISABLE_ENV);
    }

  detected |= _gcry_hwf_detect_x86 ();
  detected |= _gcry_hwf_detect_ppc ();

  hw_features = with_prerequisites
    (detected & ~__atomic_load_n (&disabled_hw_features, __ATOMIC_SEQ_CST));
  hw_features_all = hw_features;
}


/* Return the usable hardware features (HWF_* bits).  The first call
   detects them; it is safe from any thread.  */
unsigned int
_gcry_get_hw_features (void)
{
  pthread_once (&detect_once, detect_hw_features);
  return hw_features;
}


/* For bench-slope only (through _gcry_reselect_backends): make the
   usable features those of the detected and enabled ones that are in
   MASK, until the next call; ~0u restores them all.  Returns the new
   set.  Not thread safe: nothing else may use the library meanwhile.
   It can only take features away, never add a disabled one.  */
unsigned int
_gcry_hwf_limit (unsigned int mask)
{
  _gcry_get_hw_features ();
  hw_features = with_prerequisites (hw_features_all & mask);
  return hw_features;
}


/* Enumerate the known features: return the name of entry IDX and
   store its flag at R_FEATURE, or return NULL past the end.  */
const char *
_gcry_enum_hw_features (int idx, unsigned int *r_feature)
{
  if (idx < 0 || (size_t)idx >= DIM (hwflist))
    return NULL;
  if (r_feature)
    *r_feature = hwflist[idx].flag;
  return hwflist[idx].name;
}
