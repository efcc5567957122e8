/* global.c - Initialisation, version check, control and configuration
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

/* Global state of the library.
 *
 * Initialisation (_gcry_global_init) runs exactly once, under
 * pthread_once, the first time it is needed: gcry_check_version,
 * gcry_get_config, the init-related control commands and every
 * operation that uses a kernel set call it.  It fixes the hardware
 * features (after the user's disable requests) and lets each kernel
 * set pick its backend: Keccak, SHA-1, SHA-256, SHA-512, then ML-KEM
 * and ML-DSA.  Because the choice is made once, the dispatch pointers
 * are constant afterwards and need no locking.
 *
 * Version.  The library implements libgcrypt's API at level 1.12
 * (GCRYPT_VERSION); gcry_check_version accepts any request up to
 * 1.12.x and returns that API version, which is what programs written
 * for libgcrypt compare against.  The release of libgcrypt-pqc itself
 * is GCRYPT_PQC_VERSION; both appear in gcry_get_config's "version"
 * item.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <pthread.h>

#include "g10lib.h"
#include "secmem.h"
#include "../cipher/keccak.h"
#include "../cipher/hash-common.h"

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int any_init_done;        /* Set when initialisation ran.  */
static int init_finished;        /* GCRYCTL_INITIALIZATION_FINISHED seen.  */
static int verbosity_level;
static unsigned int debug_flags;
static int quick_random_requested;  /* Recorded only; never weakens.  */


/* Known answers for the initialisation self-check of the Keccak
   dispatch (FIPS 202 examples).  */
static const byte sha3_256_abc[32] =
  {
    0x3a, 0x98, 0x5d, 0xa7, 0x4f, 0xe2, 0x25, 0xb2,
    0x04, 0x5c, 0x17, 0x2d, 0x6b, 0xd3, 0x90, 0xbd,
    0x85, 0x5f, 0x08, 0x6e, 0x3e, 0x9d, 0x52, 0x5b,
    0x46, 0xbf, 0xe2, 0x45, 0x11, 0x43, 0x15, 0x32
  };
static const byte shake128_empty[16] =
  {
    0x7f, 0x9c, 0x2b, 0xa4, 0xe8, 0x8f, 0x82, 0x7d,
    0x61, 0x60, 0x45, 0x50, 0x76, 0x05, 0x85, 0x3e
  };


/* Choose every kernel set from the usable hardware features.  Keccak
   comes first: the ML-KEM and ML-DSA selections look at its choice
   (its cost model).  */
static void
select_backends (void)
{
  _gcry_keccak_init ();
  _gcry_sha1_backend_init ();
  _gcry_sha256_backend_init ();
  _gcry_sha512_backend_init ();
#ifdef USE_MLKEM
  _gcry_mlkem_init ();
#endif
#ifdef USE_MLDSA
  _gcry_mldsa_init ();
#endif
}


static void
do_global_init (void)
{
  _gcry_get_hw_features ();
  select_backends ();
  _gcry_random_initialize ();
  __atomic_store_n (&any_init_done, 1, __ATOMIC_SEQ_CST);
}


/* For bench-slope's per-backend tables only: limit the usable
   hardware features to MASK (~0u: all of them again) and choose every
   kernel set anew, as the initialisation would with those features.
   Returns the usable features.  Public results do not change (every
   backend computes the same bytes), only the speed.  Not thread safe:
   no other thread may use the library during the call or while a
   narrowed set is in use.  */
unsigned int
_gcry_reselect_backends (unsigned int mask)
{
  unsigned int hwf;

  _gcry_global_init ();
  hwf = _gcry_hwf_limit (mask);
  select_backends ();
  return hwf;
}


/* Initialise the library if not yet done.  Thread safe and cheap
   after the first call.  */
void
_gcry_global_init (void)
{
  pthread_once (&init_once, do_global_init);
}


int
_gcry_global_is_operational (void)
{
  _gcry_global_init ();
  return 1;
}


/* Return true if any of the debug flags in MASK is set
   (GCRYCTL_SET_DEBUG_FLAGS).  */
int
_gcry_get_debug_flag (unsigned int mask)
{
  return !!(__atomic_load_n (&debug_flags, __ATOMIC_RELAXED) & mask);
}


/* Check the chosen single-state and batch Keccak permutations against
   FIPS 202 known answers: SHA3-256("abc") and the first 16 bytes of
   SHAKE128("") in every lane of a 4-way and an 8-way batch.  Returns
   0 or GPG_ERR_SELFTEST_FAILED.  */
static gpg_err_code_t
selftest_keccak (void)
{
  byte out[32];
  byte lanes[8][KECCAK_RATE_SHAKE128];
  byte *outs[8];
  const byte *ins[8];
  keccak_batch_t batch;
  unsigned int n, i;
  gpg_err_code_t rc = 0;

  _gcry_sha3_256 (out, "abc", 3);
  if (memcmp (out, sha3_256_abc, sizeof sha3_256_abc))
    {
      log_error ("Keccak self-test (%s) failed: SHA3-256\n",
                 _gcry_keccak_backend_name ());
      rc = GPG_ERR_SELFTEST_FAILED;
    }
  _gcry_shake128 (out, 16, "", 0);
  if (memcmp (out, shake128_empty, 16))
    {
      log_error ("Keccak self-test (%s) failed: SHAKE128\n",
                 _gcry_keccak_backend_name ());
      rc = GPG_ERR_SELFTEST_FAILED;
    }

  for (n = 4; n <= 8; n += 4)
    {
      for (i = 0; i < n; i++)
        {
          outs[i] = lanes[i];
          ins[i] = (const byte *)"";
        }
      _gcry_keccak_batch_absorb (&batch, n, KECCAK_RATE_SHAKE128,
                                 KECCAK_DS_SHAKE, ins, 0);
      _gcry_keccak_batch_squeezeblocks (&batch, outs, 1);
      _gcry_keccak_batch_wipe (&batch);
      for (i = 0; i < n; i++)
        if (memcmp (lanes[i], shake128_empty, 16))
          {
            log_error ("Keccak self-test (%s, %u-way) failed in lane %u\n",
                       _gcry_keccak_batch_backend_name (n), n, i);
            rc = GPG_ERR_SELFTEST_FAILED;
            break;
          }
    }
  return rc;
}


/*
 * Version check.
 */

/* Parse a decimal number without leading zeros at S into *NUMBER and
   return the position after it, or NULL.  */
static const char *
parse_version_number (const char *s, int *number)
{
  int val = 0;

  /* As in Libgcrypt, an empty number reads as 0 ("1.12." is 1.12.0),
     a leading zero is refused.  */
  if (*s == '0' && s[1] >= '0' && s[1] <= '9')
    return NULL;
  for (; *s >= '0' && *s <= '9'; s++)
    {
      if (val > 100000)
        return NULL;
      val = val * 10 + (*s - '0');
    }
  *number = val;
  return s;
}

/* Parse "MAJOR.MINOR.MICRO[anything]", the form Libgcrypt requires
   (it refuses "1.12").  Returns 0 on success.  */
static int
parse_version_string (const char *s, int *major, int *minor, int *micro)
{
  s = parse_version_number (s, major);
  if (!s || *s != '.')
    return -1;
  s = parse_version_number (s + 1, minor);
  if (!s || *s != '.')
    return -1;
  s = parse_version_number (s + 1, micro);
  if (!s)
    return -1;
  return 0;
}

/* Return the API version if it fulfils REQ_VERSION (NULL: no
   requirement), else NULL.  Initialises the library.  */
const char *
gcry_check_version (const char *req_version)
{
  int rmaj, rmin, rmic;

  if (req_version && req_version[0] == 1 && req_version[1] == 1)
    return "\n\nThis is libgcrypt-pqc " GCRYPT_PQC_VERSION
      " - ML-KEM and ML-DSA with the libgcrypt " GCRYPT_VERSION " API\n"
      "Copyright (C) 2026 The libgcrypt-pqc authors\n"
      "SPDX-License-Identifier: LGPL-2.1-or-later\n\n";

  _gcry_global_init ();
  if (!req_version)
    return GCRYPT_VERSION;
  if (parse_version_string (req_version, &rmaj, &rmin, &rmic))
    return NULL;
  /* The API level is MAJOR.MINOR = 1.12; any micro level of it is
     served, since micro releases do not change the API.  */
  if (rmaj < 1 || (rmaj == 1 && rmin <= 12))
    return GCRYPT_VERSION;
  return NULL;
}


/*
 * Configuration report.
 */

/* A growing string in gcry_malloc'd memory.  */
typedef struct
{
  char *buf;
  size_t len;
  size_t size;
  int oom;
} membuf_t;

static void mb_printf (membuf_t *mb, const char *fmt, ...)
  GCC_ATTR_PRINTF (2, 3);

static void
mb_printf (membuf_t *mb, const char *fmt, ...)
{
  va_list arg_ptr;
  int n;

  if (mb->oom)
    return;
  for (;;)
    {
      size_t avail = mb->size - mb->len;

      va_start (arg_ptr, fmt);
      n = vsnprintf (mb->buf ? mb->buf + mb->len : NULL, avail, fmt, arg_ptr);
      va_end (arg_ptr);
      if (n < 0)
        {
          mb->oom = 1;
          return;
        }
      if ((size_t)n < avail)
        {
          mb->len += (size_t)n;
          return;
        }
      {
        size_t newsize = mb->size + (size_t)n + 256;
        char *p = _gcry_realloc (mb->buf, newsize);

        if (!p)
          {
            mb->oom = 1;
            return;
          }
        mb->buf = p;
        mb->size = newsize;
      }
    }
}

/* The version of libgpg-error in use as "STRING:HEX".  */
static void
print_gpgrt_version (membuf_t *mb)
{
  const char *s = gpg_error_check_version (NULL);
  int maj = 0, min = 0, mic = 0;

  if (!s)
    s = "?";
  parse_version_string (s, &maj, &min, &mic);
  mb_printf (mb, "%s:%x:", s, (maj << 16) | (min << 8) | mic);
}

static const char *
cpu_arch_name (void)
{
#if defined(HAVE_CPU_ARCH_X86)
  return "x86";
#elif defined(HAVE_CPU_ARCH_PPC)
  return "ppc";
#elif defined(HAVE_CPU_ARCH_S390X)
  return "s390x";
#else
  return "";
#endif
}

/* Append the configuration item WHAT, or all items if WHAT is NULL,
   one "name:value:...:" line each.  */
static void
print_config (membuf_t *mb, const char *what)
{
  int all = !what;

  if (all || !strcmp (what, "version"))
    {
      mb_printf (mb, "version:%s:%x:", GCRYPT_VERSION,
                 GCRYPT_VERSION_NUMBER);
      print_gpgrt_version (mb);
      mb_printf (mb, "libgcrypt-pqc:%s:\n", GCRYPT_PQC_VERSION);
    }
  if (all || !strcmp (what, "cc"))
    {
#if defined(__clang__)
      mb_printf (mb, "cc:%d:clang:%s:\n",
                 __clang_major__ * 10000 + __clang_minor__ * 100
                 + __clang_patchlevel__, __clang_version__);
#elif defined(__GNUC__)
      mb_printf (mb, "cc:%d:gcc:%s:\n",
                 __GNUC__ * 10000 + __GNUC_MINOR__ * 100
                 + __GNUC_PATCHLEVEL__, __VERSION__);
#else
      mb_printf (mb, "cc:::\n");
#endif
    }
  if (all || !strcmp (what, "ciphers"))
    mb_printf (mb, "ciphers:\n");
  if (all || !strcmp (what, "pubkeys"))
    {
      mb_printf (mb, "pubkeys:");
#ifdef USE_MLKEM
      mb_printf (mb, "mlkem:");
#endif
#ifdef USE_MLDSA
      mb_printf (mb, "mldsa:");
#endif
      mb_printf (mb, "\n");
    }
  if (all || !strcmp (what, "digests"))
    mb_printf (mb, "digests:sha1:sha256:sha512:sha3:\n");
  if (all || !strcmp (what, "rnd-mod"))
    mb_printf (mb, "rnd-mod:getrandom:\n");
  if (all || !strcmp (what, "cpu-arch"))
    mb_printf (mb, "cpu-arch:%s:\n", cpu_arch_name ());
  if (all || !strcmp (what, "mpi-asm"))
    mb_printf (mb, "mpi-asm:generic:\n");
  if (all || !strcmp (what, "hwflist"))
    {
      unsigned int hwf = _gcry_get_hw_features ();
      unsigned int flag;
      const char *name;
      int i;

      mb_printf (mb, "hwflist:");
      for (i = 0; (name = _gcry_enum_hw_features (i, &flag)); i++)
        if ((hwf & flag))
          mb_printf (mb, "%s:", name);
      mb_printf (mb, "\n");
    }
  /* Libgcrypt's format since 1.9: the second field (the old
     enforced-FIPS flag) is empty, the third names the FIPS module
     version in FIPS mode only.  */
  if (all || !strcmp (what, "fips-mode"))
    mb_printf (mb, "fips-mode:n:::\n");
  if (all || !strcmp (what, "rng-type"))
    {
      /* libgcrypt's format: name, number, then the version of the
         jitter entropy collector and whether it is active, which we
         do not have (0, 0).  */
      int type = _gcry_get_rng_type ();

      mb_printf (mb, "rng-type:%s:%d:0:0:\n",
                 type == GCRY_RNG_TYPE_STANDARD ? "standard" : "system",
                 type);
    }
  if (all || !strcmp (what, "backends"))
    {
      mb_printf (mb, "backends:keccak:%s:keccak-x4:%s:keccak-x8:%s:",
                 _gcry_keccak_backend_name (),
                 _gcry_keccak_batch_backend_name (4),
                 _gcry_keccak_batch_backend_name (8));
      mb_printf (mb, "sha1:%s:sha256:%s:sha512:%s:",
                 _gcry_sha1_backend_name (), _gcry_sha256_backend_name (),
                 _gcry_sha512_backend_name ());
#ifdef USE_MLKEM
      mb_printf (mb, "mlkem:%s:", _gcry_mlkem_backend_name ());
#endif
#ifdef USE_MLDSA
      mb_printf (mb, "mldsa:%s:", _gcry_mldsa_backend_name ());
#endif
      mb_printf (mb, "\n");
    }
  /* No certification claimed: Libgcrypt's line with empty fields
     (GnuPG asks for this item).  */
  if (all || !strcmp (what, "compliance"))
    mb_printf (mb, "compliance:::\n");
}

/* Return a gcry_malloc'd string with the configuration item WHAT
   without its line feed, or all items (one line each) if WHAT is
   NULL; NULL if MODE is not 0 (errno EINVAL), WHAT is unknown (errno
   0) or memory ran out (errno ENOMEM).  */
char *
gcry_get_config (int mode, const char *what)
{
  membuf_t mb = { NULL, 0, 0, 0 };

  if (mode)
    {
      errno = EINVAL;
      return NULL;
    }
  _gcry_global_init ();
  print_config (&mb, what);
  if (mb.oom)
    {
      _gcry_free (mb.buf);
      errno = ENOMEM;
      return NULL;
    }
  if (!mb.len)
    {
      _gcry_free (mb.buf);
      errno = 0;
      return NULL;
    }
  /* As Libgcrypt: a single item comes without its line feed.  */
  if (what)
    {
      char *lf = strchr (mb.buf, '\n');

      if (lf)
        *lf = 0;
    }
  return mb.buf;
}


/*
 * gcry_control.
 */

/* Nonzero if CMD asks for one of the per-algorithm FIPS service
   indicators.  */
static int
is_fips_service_indicator (enum gcry_ctl_cmds cmd)
{
  return (cmd == GCRYCTL_FIPS_SERVICE_INDICATOR_CIPHER
          || cmd == GCRYCTL_FIPS_SERVICE_INDICATOR_KDF
          || cmd == GCRYCTL_FIPS_SERVICE_INDICATOR_FUNCTION
          || cmd == GCRYCTL_FIPS_SERVICE_INDICATOR_MAC
          || cmd == GCRYCTL_FIPS_SERVICE_INDICATOR_MD
          || cmd == GCRYCTL_FIPS_SERVICE_INDICATOR_PK_FLAGS);
}

/* Nonzero if Libgcrypt counts the control command CMD as a call of
   the initialisation (its _gcry_vcontrol calls global_init or
   _gcry_set_preferred_rng_type (0) there): it then takes no more
   requests for the system RNG type (random.c), so that a library the
   application loads cannot talk it into a type it did not choose.
   The commands listed here are no such calls; every other one is,
   OPERATIONAL_P, FORCE_FIPS_MODE, NO_FIPS_MODE and unknown codes
   included.  */
static int
control_is_init_call (enum gcry_ctl_cmds cmd)
{
  /* Libgcrypt's internal codes 58 to 62 (its PRIV_CTL_*), which its
     header leaves unnamed, are no such calls either.  */
  if (is_fips_service_indicator (cmd) || (cmd >= 58 && cmd <= 62))
    return 0;
  switch (cmd)
    {
    case GCRYCTL_ENABLE_M_GUARD:
    case GCRYCTL_FAKED_RANDOM_P:
    case GCRYCTL_DUMP_RANDOM_STATS:
    case GCRYCTL_DUMP_MEMORY_STATS:
    case GCRYCTL_DUMP_SECMEM_STATS:
    case GCRYCTL_AUTO_EXPAND_SECMEM:
    case GCRYCTL_SET_DEBUG_FLAGS:
    case GCRYCTL_CLEAR_DEBUG_FLAGS:
    case GCRYCTL_ANY_INITIALIZATION_P:
    case GCRYCTL_INITIALIZATION_FINISHED_P:
    case GCRYCTL_SET_RANDOM_DAEMON_SOCKET:
    case GCRYCTL_USE_RANDOM_DAEMON:
    case GCRYCTL_SET_RNDEGD_SOCKET:
    case GCRYCTL_CLOSE_RANDOM_DEVICE:
    case GCRYCTL_FIPS_MODE_P:
    case GCRYCTL_FIPS_REJECT_NON_FIPS:
    case GCRYCTL_FIPS_SERVICE_INDICATOR:
    case GCRYCTL_DISABLE_HWF:
    case GCRYCTL_SET_ENFORCED_FIPS_FLAG:
    case GCRYCTL_SET_PREFERRED_RNG_TYPE:
    case GCRYCTL_GET_CURRENT_RNG_TYPE:
    case GCRYCTL_INACTIVATE_FIPS_FLAG:
    case GCRYCTL_REACTIVATE_FIPS_FLAG:
    case GCRYCTL_DRBG_REINIT:
    case GCRYCTL_REINIT_SYSCALL_CLAMP:
      return 0;
    default:
      return 1;
    }
}

static gpg_err_code_t
control_va (enum gcry_ctl_cmds cmd, va_list arg_ptr)
{
  if (control_is_init_call (cmd))
    _gcry_random_initialize ();

  /* Libgcrypt's answer where the algorithm or function is not
     FIPS-approved: the library has no FIPS mode and claims no
     approval.  */
  if (is_fips_service_indicator (cmd))
    return GPG_ERR_NOT_SUPPORTED;

  switch (cmd)
    {
    case GCRYCTL_INITIALIZATION_FINISHED:
      _gcry_global_init ();
      __atomic_store_n (&init_finished, 1, __ATOMIC_SEQ_CST);
      return 0;

    /* The queries: GPG_ERR_GENERAL is "true", as in Libgcrypt.  */
    case GCRYCTL_INITIALIZATION_FINISHED_P:
      return __atomic_load_n (&init_finished, __ATOMIC_SEQ_CST)
             ? GPG_ERR_GENERAL : 0;

    case GCRYCTL_ANY_INITIALIZATION_P:
      return __atomic_load_n (&any_init_done, __ATOMIC_SEQ_CST)
             ? GPG_ERR_GENERAL : 0;

    case GCRYCTL_OPERATIONAL_P:
      return _gcry_global_is_operational () ? GPG_ERR_GENERAL : 0;

    case GCRYCTL_FIPS_MODE_P:
      return 0;   /* Never in FIPS mode.  */

    case GCRYCTL_NO_FIPS_MODE:
      /* Too late once the initialisation is finished, as in
         Libgcrypt.  */
      return __atomic_load_n (&init_finished, __ATOMIC_SEQ_CST)
             ? GPG_ERR_GENERAL : 0;

    case GCRYCTL_FIPS_REJECT_NON_FIPS:
      /* Rejection applies in FIPS mode only, which this library
         never enters; accept the flags as libgcrypt does outside
         FIPS mode; the flags argument is not needed.  */
      return 0;

    case GCRYCTL_DISABLE_HWF:
      return _gcry_disable_hw_feature (va_arg (arg_ptr, const char *));

    case GCRYCTL_SET_VERBOSITY:
      verbosity_level = va_arg (arg_ptr, int);
      return 0;

    case GCRYCTL_SET_DEBUG_FLAGS:
      __atomic_fetch_or (&debug_flags, va_arg (arg_ptr, unsigned int),
                         __ATOMIC_SEQ_CST);
      return 0;

    case GCRYCTL_CLEAR_DEBUG_FLAGS:
      __atomic_fetch_and (&debug_flags, ~va_arg (arg_ptr, unsigned int),
                          __ATOMIC_SEQ_CST);
      return 0;

    case GCRYCTL_PRINT_CONFIG:
      {
        FILE *fp = va_arg (arg_ptr, FILE *);
        membuf_t mb = { NULL, 0, 0, 0 };

        _gcry_global_init ();
        print_config (&mb, NULL);
        if (mb.oom)
          {
            _gcry_free (mb.buf);
            return GPG_ERR_ENOMEM;
          }
        if (mb.buf)
          {
            fputs (mb.buf, fp ? fp : stderr);
            fflush (fp ? fp : stderr);
          }
        _gcry_free (mb.buf);
        return 0;
      }

    case GCRYCTL_SELFTEST:
      {
        gpg_err_code_t rc, rc2;

        _gcry_global_init ();
        rc = selftest_keccak ();
        if (!rc)
          rc = _gcry_md_selftests ();
        rc2 = _gcry_pk_selftest_all (1);
        return rc ? rc : rc2;
      }

    case GCRYCTL_INIT_SECMEM:
      /* GPG_ERR_GENERAL, as in Libgcrypt, if the pool could not be
         locked into memory: the application learns that its secrets
         may reach swap.  */
      _gcry_global_init ();
      return _gcry_secmem_init (va_arg (arg_ptr, unsigned int))
             ? GPG_ERR_GENERAL : 0;

    case GCRYCTL_TERM_SECMEM:
      _gcry_global_init ();
      _gcry_secmem_term ();
      return 0;

    case GCRYCTL_DISABLE_SECMEM:
      /* As in Libgcrypt, this one initialises the library.  */
      _gcry_global_init ();
      /* Fall through.  */
    case GCRYCTL_DISABLE_LOCKED_SECMEM:
      /* The pool stays separate and wiped, only locking is skipped,
         and so is the warning about it.  */
      _gcry_secmem_set_flags (_gcry_secmem_get_flags ()
                              | GCRY_SECMEM_FLAG_NOT_LOCKED);
      return 0;

    case GCRYCTL_DISABLE_SECMEM_WARN:
      _gcry_secmem_set_flags (_gcry_secmem_get_flags ()
                              | GCRY_SECMEM_FLAG_NO_WARNING);
      return 0;

    case GCRYCTL_SUSPEND_SECMEM_WARN:
      _gcry_secmem_set_flags (_gcry_secmem_get_flags ()
                              | GCRY_SECMEM_FLAG_SUSPEND_WARNING);
      return 0;

    case GCRYCTL_RESUME_SECMEM_WARN:
      _gcry_secmem_set_flags (_gcry_secmem_get_flags ()
                              & ~GCRY_SECMEM_FLAG_SUSPEND_WARNING);
      return 0;

    case GCRYCTL_AUTO_EXPAND_SECMEM:
      /* The pool always grows on demand.  */
      return 0;

    case GCRYCTL_DUMP_SECMEM_STATS:
    case GCRYCTL_DUMP_MEMORY_STATS:
      _gcry_secmem_dump_stats (0);
      return 0;

    case GCRYCTL_DUMP_RANDOM_STATS:
      _gcry_random_dump_stats ();
      return 0;

    case GCRYCTL_ENABLE_QUICK_RANDOM:
      /* Accepted for compatibility.  The generator is as fast as it
         gets and is never weakened.  */
      quick_random_requested = 1;
      return 0;

    case GCRYCTL_FAKED_RANDOM_P:
      return 0;   /* Never faked.  */

    /* No seed file and no entropy pool: the generator takes its seed
       from the kernel only.  Only USE_SECURE_RNDPOOL initialises the
       library, as in Libgcrypt; the system call clamp is not used.  */
    case GCRYCTL_USE_SECURE_RNDPOOL:
      _gcry_global_init ();
      return 0;
    case GCRYCTL_SET_RANDOM_SEED_FILE:
    case GCRYCTL_UPDATE_RANDOM_SEED_FILE:
    case GCRYCTL_FAST_POLL:
    case GCRYCTL_REINIT_SYSCALL_CLAMP:
      return 0;

    case GCRYCTL_SET_PREFERRED_RNG_TYPE:
      /* Before gcry_check_version, as in libgcrypt: initialising here
         would already fix the type.  */
      _gcry_set_preferred_rng_type (va_arg (arg_ptr, int));
      return 0;

    case GCRYCTL_GET_CURRENT_RNG_TYPE:
      {
        int *r_type = va_arg (arg_ptr, int *);

        /* NULL is ignored, as in Libgcrypt.  */
        if (r_type)
          *r_type = _gcry_get_rng_type ();
        return 0;
      }

    case GCRYCTL_CLOSE_RANDOM_DEVICE:
      _gcry_random_close_fds ();
      return 0;

    case GCRYCTL_SET_THREAD_CBS:
      /* Since libgcrypt 1.6 threads need no callbacks.  */
      _gcry_global_init ();
      return 0;

    case GCRYCTL_DISABLE_INTERNAL_LOCKING:
    case GCRYCTL_DROP_PRIVS:
      /* Nothing to do but initialise, as Libgcrypt does.  */
      _gcry_global_init ();
      return 0;

    case GCRYCTL_DISABLE_PRIV_DROP:
      return 0;

    /* The enforced-FIPS flag is obsolete and ignored by Libgcrypt
       too.  */
    case GCRYCTL_SET_ENFORCED_FIPS_FLAG:
      return 0;

    /* Libgcrypt's answer since its guarded debug allocator went.  */
    case GCRYCTL_ENABLE_M_GUARD:
      return GPG_ERR_NOT_SUPPORTED;

    /* Libgcrypt's answer when the feature is not in the build (no
       random daemon, no EGD).  */
    case GCRYCTL_SET_RANDOM_DAEMON_SOCKET:
    case GCRYCTL_USE_RANDOM_DAEMON:
    case GCRYCTL_SET_RNDEGD_SOCKET:
      return GPG_ERR_NOT_SUPPORTED;

    case GCRYCTL_DRBG_REINIT:
      {
        /* Arguments: flags string, personalisation buffers, their
           count, NULL.  Checked as Libgcrypt does; then, since the
           generator is no DRBG, GPG_ERR_NOT_SUPPORTED (Libgcrypt's
           answer unless its FIPS DRBG is in use).  */
        int npers;

        (void)va_arg (arg_ptr, const char *);
        (void)va_arg (arg_ptr, gcry_buffer_t *);
        npers = va_arg (arg_ptr, int);
        if (va_arg (arg_ptr, void *) || npers < 0)
          return GPG_ERR_INV_ARG;
        return GPG_ERR_NOT_SUPPORTED;
      }

    /* No FIPS mode, hence no indicator of the last operation.  */
    case GCRYCTL_FORCE_FIPS_MODE:
    case GCRYCTL_INACTIVATE_FIPS_FLAG:
    case GCRYCTL_REACTIVATE_FIPS_FLAG:
    case GCRYCTL_FIPS_SERVICE_INDICATOR:
      return GPG_ERR_NOT_IMPLEMENTED;

    default:
      /* Including the codes meant for the *_ctl functions of the
         individual handles.  */
      return GPG_ERR_INV_OP;
    }
}


/* Perform the global control command CMD; see the libgcrypt manual.
   The query commands answer "true" with the error value of
   GPG_ERR_GENERAL and "false" with 0, as Libgcrypt does.  */
gcry_error_t
gcry_control (enum gcry_ctl_cmds cmd, ...)
{
  gpg_err_code_t rc;
  va_list arg_ptr;

  va_start (arg_ptr, cmd);
  rc = control_va (cmd, arg_ptr);
  va_end (arg_ptr);
  return rc ? gpg_error (rc) : 0;
}


#ifndef USE_MLKEM
/*
 * The KEM interface without ML-KEM (configure
 * --enable-pubkey-ciphers without mlkem).  cipher/kem.c is not built
 * then, but gcrypt.h still declares these functions, so a program
 * must link and get libgcrypt's answer for a KEM it does not provide,
 * GPG_ERR_UNKNOWN_ALGORITHM, for every ALGO.
 */

gcry_error_t
gcry_kem_genkey (int algo, void *pubkey, size_t pubkey_len,
                 void *seckey, size_t seckey_len,
                 const void *optional, size_t optional_len)
{
  (void)algo; (void)pubkey; (void)pubkey_len; (void)seckey;
  (void)seckey_len; (void)optional; (void)optional_len;
  _gcry_global_init ();
  return gpg_error (GPG_ERR_UNKNOWN_ALGORITHM);
}

gcry_error_t
gcry_kem_keypair (int algo, void *pubkey, size_t pubkey_len,
                  void *seckey, size_t seckey_len)
{
  return gcry_kem_genkey (algo, pubkey, pubkey_len, seckey, seckey_len,
                          NULL, 0);
}

gcry_error_t
gcry_kem_encap (int algo, const void *pubkey, size_t pubkey_len,
                void *ciphertext, size_t ciphertext_len,
                void *shared, size_t shared_len,
                const void *optional, size_t optional_len)
{
  (void)algo; (void)pubkey; (void)pubkey_len; (void)ciphertext;
  (void)ciphertext_len; (void)shared; (void)shared_len; (void)optional;
  (void)optional_len;
  _gcry_global_init ();
  return gpg_error (GPG_ERR_UNKNOWN_ALGORITHM);
}

gcry_error_t
gcry_kem_decap (int algo, const void *seckey, size_t seckey_len,
                const void *ciphertext, size_t ciphertext_len,
                void *shared, size_t shared_len,
                const void *optional, size_t optional_len)
{
  (void)algo; (void)seckey; (void)seckey_len; (void)ciphertext;
  (void)ciphertext_len; (void)shared; (void)shared_len; (void)optional;
  (void)optional_len;
  _gcry_global_init ();
  return gpg_error (GPG_ERR_UNKNOWN_ALGORITHM);
}
#endif /*!USE_MLKEM*/
