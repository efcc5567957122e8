/* fuzz-common.h - Common code of the libFuzzer harnesses
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Each harness includes this file once and defines
 *
 *   static void harness_init (void);
 *     what it prepares once (valid keys and signatures), after the
 *     library is initialised;
 *   static void write_seeds (const char *dir);
 *     its seed corpus: with GCRYPT_PQC_FUZZ_SEEDS=DIR in the
 *     environment the harness writes it into DIR and exits instead
 *     of fuzzing (tests/fuzz/run-fuzzers.sh does that first);
 *
 * and LLVMFuzzerTestOneInput, directly or through fuzz_run_mode.
 * This file provides LLVMFuzzerInitialize and the failure report:
 * every check of a harness ends in abort (), which libFuzzer records
 * as a crash, saving the input.  */

#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void harness_init (void);
static void write_seeds (const char *dir);


/* Report a failed check and abort.  */
static void
fuzz_fail (const char *format, ...)
  __attribute__ ((noreturn, format (printf, 1, 2)));
static void
fuzz_fail (const char *format, ...)
{
  va_list ap;

  fputs ("fuzz: check failed: ", stderr);
  va_start (ap, format);
  vfprintf (stderr, format, ap);
  va_end (ap);
  fputc ('\n', stderr);
  abort ();
}


/* Print LEN bytes at BUF in hex, labelled WHAT, before a failure.  */
static void
fuzz_hexdump (const char *what, const void *buf, size_t len)
{
  const unsigned char *p = buf;
  size_t i;

  fprintf (stderr, "%s (%zu bytes): ", what, len);
  for (i = 0; i < len; i++)
    fprintf (stderr, "%02x", p[i]);
  fputc ('\n', stderr);
}


/* Initialise the library as an application would (with a secure
   pool, which fuzz-secmem.c replaces by malloc) and print the
   backends, so that every log shows which kernels ran: the backend
   is chosen by GCRYPT_PQC_HWF_DISABLE, and run-fuzzers.sh checks
   these lines against it.  */
static void
fuzz_init (void)
{
  char *s;

  if (!gcry_check_version (GCRYPT_VERSION))
    fuzz_fail ("gcry_check_version (\"%s\") failed", GCRYPT_VERSION);
  gcry_control (GCRYCTL_DISABLE_SECMEM_WARN, 0);
  gcry_control (GCRYCTL_INIT_SECMEM, 65536, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  /* Single items come without their line feed.  */
  s = gcry_get_config (0, "backends");
  fprintf (stderr, "fuzz: %s\n", s ? s : "backends: unknown");
  gcry_free (s);
  s = gcry_get_config (0, "hwflist");
  fprintf (stderr, "fuzz: %s\n", s ? s : "hwflist: unknown");
  gcry_free (s);
}


/* A seed being built: the input bytes so far.  */
typedef struct
{
  unsigned char buf[32768];
  size_t len;
} fuzz_seed_t;


/* Append the LEN bytes at P to the seed S.  */
static inline void
fuzz_seed_add (fuzz_seed_t *s, const void *p, size_t len)
{
  if (len > sizeof s->buf - s->len)
    fuzz_fail ("seed longer than %zu bytes", sizeof s->buf);
  memcpy (s->buf + s->len, p, len);
  s->len += len;
}


/* Append the byte C to the seed S.  */
static inline void
fuzz_seed_byte (fuzz_seed_t *s, unsigned int c)
{
  unsigned char b = c;

  fuzz_seed_add (s, &b, 1);
}


/* Start the seed S of a harness with modes (see fuzz_run_mode).  */
static inline void
fuzz_seed_begin (fuzz_seed_t *s, unsigned int set, unsigned int mode,
                 int flags)
{
  s->len = 0;
  fuzz_seed_byte (s, set + 3 * mode);
  fuzz_seed_byte (s, flags);
}


/* Write the seed S as the file NAME in DIR.  */
static void
fuzz_seed_write (const fuzz_seed_t *s, const char *dir, const char *name)
{
  char path[4096];
  FILE *f;

  snprintf (path, sizeof path, "%s/%s", dir, name);
  f = fopen (path, "wb");
  if (!f || fwrite (s->buf, 1, s->len, f) != s->len || fclose (f))
    {
      perror (path);
      exit (1);
    }
}


/* OUT = ALGO (A || B || C || D), OUTLEN bytes (any length for an XOF,
   else -1 or the digest length), through gcry_md_hash_buffers_ext
   with FLAGS (for GCRY_MD_FLAG_HMAC, A is the key).  The parts from
   the first NULL pointer on are left out.  Inline: not every harness
   needs it.  */
static inline gcry_error_t
fuzz_hash_try (int algo, unsigned int flags, void *out, int outlen,
               const void *a, size_t alen, const void *b, size_t blen,
               const void *c, size_t clen, const void *d, size_t dlen)
{
  gcry_buffer_t iov[4];
  int n;

  memset (iov, 0, sizeof iov);
  iov[0].data = (void *)a;
  iov[0].len = alen;
  iov[1].data = (void *)b;
  iov[1].len = blen;
  iov[2].data = (void *)c;
  iov[2].len = clen;
  iov[3].data = (void *)d;
  iov[3].len = dlen;
  for (n = 0; n < 4 && iov[n].data; n++)
    ;
  return gcry_md_hash_buffers_ext (algo, flags, out, outlen, iov, n);
}


/* As fuzz_hash_try without flags, failing on an error.  */
static inline void
fuzz_hash (int algo, void *out, int outlen,
           const void *a, size_t alen, const void *b, size_t blen,
           const void *c, size_t clen, const void *d, size_t dlen)
{
  gcry_error_t err;

  err = fuzz_hash_try (algo, 0, out, outlen, a, alen, b, blen, c, clen,
                       d, dlen);
  if (err)
    fuzz_fail ("gcry_md_hash_buffers_ext: %s", gcry_strerror (err));
}


/* A harness with modes: byte 0 of the input selects the parameter
   set (value % 3) and the mode (value / 3 % NMODES), byte 1 holds
   the flags, and the rest (PAYLOAD, PLEN bytes) goes to the mode's
   function.  Inputs shorter than two bytes are ignored.  Returns 0,
   for LLVMFuzzerTestOneInput.  */
typedef void (*fuzz_mode_t) (unsigned int set, int flags,
                             const uint8_t *payload, size_t plen);

static inline int
fuzz_run_mode (const fuzz_mode_t *modes, unsigned int nmodes,
               const uint8_t *data, size_t size)
{
  if (size >= 2)
    modes[data[0] / 3 % nmodes] (data[0] % 3, data[1], data + 2, size - 2);
  return 0;
}


int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  const char *dir = getenv ("GCRYPT_PQC_FUZZ_SEEDS");

  (void)argc;
  (void)argv;
  fuzz_init ();
  harness_init ();
  if (dir)
    {
      write_seeds (dir);
      exit (0);
    }
  return 0;
}


/* Allocate a copy of the first LEN bytes of the input at P (PLEN
   bytes), zero-padded, in a block of exactly LEN bytes (at least one,
   so that LEN 0 gives a valid pointer): ASan then reports any read
   past LEN.  Inline: not every harness needs it.  */
static inline unsigned char *
fuzz_copy_padded (const uint8_t *p, size_t plen, size_t len)
{
  unsigned char *b = malloc (len ? len : 1);

  if (!b)
    fuzz_fail ("out of memory");
  memset (b, 0, len);
  memcpy (b, p, plen < len ? plen : len);
  return b;
}


/* Cut the payload PL (PN bytes) into two parts and copy them with
   fuzz_copy_padded to *R_A and *R_B: of *A_LEN and *B_LEN bytes, or
   with RAW at a 2-byte little-endian split point taken from the
   front of the payload (then the lengths are set here).  Return 0,
   copying nothing, if the payload is too short for that.  */
static inline int
fuzz_split2 (const uint8_t *pl, size_t pn, int raw,
             unsigned char **r_a, size_t *a_len,
             unsigned char **r_b, size_t *b_len)
{
  if (raw)
    {
      if (pn < 2)
        return 0;
      *a_len = pl[0] | (pl[1] << 8);
      pl += 2;
      pn -= 2;
      if (*a_len > pn)
        *a_len = pn;
      *b_len = pn - *a_len;
    }
  *r_a = fuzz_copy_padded (pl, pn, *a_len);
  *r_b = fuzz_copy_padded (pl + (*a_len < pn ? *a_len : pn),
                           *a_len < pn ? pn - *a_len : 0, *b_len);
  return 1;
}

#endif /* FUZZ_COMMON_H */
