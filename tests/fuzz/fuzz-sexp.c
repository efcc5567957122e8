/* fuzz-sexp.c - libFuzzer harness for S-expressions and gcry_pk_*
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Input: up to three S-expressions in any format, separated by "@@@":
 * a key (or a genkey request), data, and a signature.  Each one that
 * parses must survive the round trips
 *
 *   canonical  print -> parse -> print gives the same bytes, and
 *              gcry_sexp_canon_len measures each top-level list;
 *   advanced, default  print -> parse gives the same canonical form;
 *   %S         gcry_sexp_build ("%S") gives the canonical form of the
 *              first top-level list;
 *
 * gcry_sexp_sprint must fit exactly the size it asks for and no
 * less, and the accessors (nth, nth_data, nth_buffer, nth_string,
 * car, cdr, find_token) must agree with each other.  Then the parts
 * go to gcry_pk_*: a genkey request that succeeds must give a key that
 * passes gcry_pk_testkey, and a key that passes gcry_pk_testkey and
 * signs the data must verify its own signature.
 *
 * The whole input also goes to gcry_mpi_scan in every format (HEX as
 * a C string, and with a length, which must be refused without
 * reading the unterminated input); a value that scans must print and
 * scan back to itself, USG to its input without leading zeros.  */

#include "fuzz-common.h"

#define NPARTS 3
#define MAX_DEPTH 8
#define MAX_WIDTH 16

/* Keeps the accessors' results alive for the compiler.  */
static volatile size_t sink;


/* Parse the LEN bytes at P in any format, or return NULL.  */
static gcry_sexp_t
parse (const void *p, size_t len)
{
  gcry_sexp_t s = NULL;
  size_t erroff;

  if (gcry_sexp_sscan (&s, &erroff, p, len))
    return NULL;
  return s;
}


/* Print S in MODE into a new buffer of exactly the size
   gcry_sexp_sprint asks for, and check that one byte less is refused.
   Returns the buffer and stores the length without the NUL at
   *R_LEN.  */
static char *
print (gcry_sexp_t s, int mode, size_t *r_len)
{
  size_t size = gcry_sexp_sprint (s, mode, NULL, 0), n;
  char *buf;

  if (!size)
    fuzz_fail ("sprint (mode %d) asks for 0 bytes", mode);
  buf = malloc (size);
  if (!buf)
    fuzz_fail ("out of memory");
  if (gcry_sexp_sprint (s, mode, buf, size - 1))
    fuzz_fail ("sprint (mode %d) wrote into %zu bytes, one less than it"
               " asked for", mode, size - 1);
  n = gcry_sexp_sprint (s, mode, buf, size);
  if (n != size - 1 || buf[n])
    fuzz_fail ("sprint (mode %d) into %zu bytes returned %zu", mode, size, n);
  *r_len = n;
  return buf;
}


/* Fail unless S prints canonically as the N bytes at CANON; WHAT
   names the way S was made.  */
static void
expect_canon (gcry_sexp_t s, const char *canon, size_t n, const char *what,
              const char *text, size_t textlen)
{
  size_t n2;
  char *c2;

  if (!s)
    {
      fprintf (stderr, "text: %.*s\n", (int)textlen, text);
      fuzz_fail ("%s: output does not parse", what);
    }
  c2 = print (s, GCRYSEXP_FMT_CANON, &n2);
  if (n2 != n || memcmp (c2, canon, n))
    {
      fuzz_hexdump ("canonical", canon, n);
      fuzz_hexdump ("again", c2, n2);
      fprintf (stderr, "text: %.*s\n", (int)textlen, text);
      fuzz_fail ("%s: round trip changes the expression", what);
    }
  free (c2);
}


/* Return the length of the first top-level list of the canonical
   text CANON (N bytes), or 0 if it starts with data; check that
   gcry_sexp_canon_len measures each leading list exactly.  */
static size_t
check_canon_len (const char *canon, size_t n)
{
  size_t off = 0, len, first = 0, erroff;
  gcry_error_t err;

  /* An object may hold several top-level elements (src/sexp.c);
     canon_len measures the list at the start of its buffer.  */
  while (off < n && canon[off] == '(')
    {
      len = gcry_sexp_canon_len ((const unsigned char *)canon + off,
                                 n - off, &erroff, &err);
      if (!len || len > n - off || canon[off + len - 1] != ')')
        {
          fuzz_hexdump ("canonical", canon, n);
          fuzz_fail ("canon_len of the list at %zu: %zu (%s at %zu)",
                     off, len, gcry_strerror (err), erroff);
        }
      if (!off)
        first = len;
      off += len;
    }
  return first;
}


/* Check the round trips of S; return 1 if S is a single list.  */
static int
check_round_trips (gcry_sexp_t s)
{
  static const struct { int mode; const char *name; } text_modes[] =
    {
      { GCRYSEXP_FMT_ADVANCED, "advanced format" },
      { GCRYSEXP_FMT_DEFAULT, "default format" }
    };
  size_t n, n2, first;
  gcry_sexp_t s2;
  char *canon, *text;
  unsigned int i;

  canon = print (s, GCRYSEXP_FMT_CANON, &n);
  first = check_canon_len (canon, n);
  s2 = parse (canon, n);
  expect_canon (s2, canon, n, "canonical format", canon, n);
  gcry_sexp_release (s2);

  for (i = 0; i < sizeof text_modes / sizeof text_modes[0]; i++)
    {
      text = print (s, text_modes[i].mode, &n2);
      s2 = parse (text, n2);
      expect_canon (s2, canon, n, text_modes[i].name, text, n2);
      gcry_sexp_release (s2);
      free (text);
    }

  /* %S inserts the first top-level list.  */
  if (first)
    {
      if (gcry_sexp_build (&s2, NULL, "%S", s))
        fuzz_fail ("gcry_sexp_build (\"%%S\") of a parsed expression");
      expect_canon (s2, canon, first, "%S", canon, n);
      gcry_sexp_release (s2);
    }
  free (canon);
  return first == n;
}


/* Fail unless A and B are both NULL or print the same.  */
static void
expect_same (gcry_sexp_t a, gcry_sexp_t b, const char *what)
{
  size_t na, nb;
  char *ca, *cb;

  if (!a || !b)
    {
      if (a || b)
        fuzz_fail ("%s: one is NULL, the other not", what);
      return;
    }
  ca = print (a, GCRYSEXP_FMT_CANON, &na);
  cb = print (b, GCRYSEXP_FMT_CANON, &nb);
  if (na != nb || memcmp (ca, cb, na))
    fuzz_fail ("%s differ", what);
  free (ca);
  free (cb);
}


/* Check the accessors on S and, to a limited depth and width, on its
   elements.  SINGLE says that S is one list: with several top-level
   elements gcry_sexp_length counts the elements of all top-level
   lists while gcry_sexp_nth indexes the first one (libgcrypt's
   behaviour, src/sexp.c), so length and nth agree only then.  */
static void
walk (gcry_sexp_t s, int depth, int single)
{
  int i, n;
  size_t len, blen, tlen, ftlen;
  const char *d, *t, *ft;
  char *str;
  void *buf;
  gcry_sexp_t e, e2, found;

  n = gcry_sexp_length (s);
  if (single && (e = gcry_sexp_nth (s, n)))
    fuzz_fail ("nth (length) of a list of %d is not NULL", n);

  e = gcry_sexp_car (s);
  e2 = gcry_sexp_nth (s, 0);
  expect_same (e, e2, "car and nth (0)");
  gcry_sexp_release (e);
  gcry_sexp_release (e2);
  e = gcry_sexp_cdr (s);
  gcry_sexp_release (e);

  /* An element "()" comes back from nth as NULL, the empty
     expression; with several top-level elements only the first list
     is walked.  */
  for (i = 0; i < MAX_WIDTH && (single ? i < n : 1); i++)
    {
      e = gcry_sexp_nth (s, i);
      if (!e && !single)
        break;

      d = gcry_sexp_nth_data (s, i, &len);
      buf = gcry_sexp_nth_buffer (s, i, &blen);
      str = gcry_sexp_nth_string (s, i);
      if (d && !e)
        fuzz_fail ("nth (%d) is NULL but nth_data is not", i);
      if (d && len)
        {
          if (!buf || blen != len || memcmp (buf, d, len))
            fuzz_fail ("nth_buffer (%d) differs from nth_data", i);
          if (!str || memcmp (str, d, len) || str[len])
            fuzz_fail ("nth_string (%d) differs from nth_data", i);
          sink += len;
        }
      else if (buf || str)
        fuzz_fail ("nth_buffer or nth_string (%d) of no data not NULL", i);
      gcry_free (buf);
      gcry_free (str);
      if (!e)
        continue;

      /* A sublist named by a token is found by find_token, which
         returns the first list of that name in document order.  */
      t = gcry_sexp_nth_data (e, 0, &tlen);
      if (!d && t && tlen)
        {
          found = gcry_sexp_find_token (s, t, tlen);
          ft = found ? gcry_sexp_nth_data (found, 0, &ftlen) : NULL;
          if (!ft || ftlen != tlen || memcmp (ft, t, tlen))
            fuzz_fail ("find_token of the name of sublist %d", i);
          gcry_sexp_release (found);
        }
      if (!d && depth < MAX_DEPTH)
        walk (e, depth + 1, 1);
      gcry_sexp_release (e);
    }
}


/* Return 1 if S holds a list named TOKEN.  */
static int
has_token (gcry_sexp_t s, const char *token)
{
  gcry_sexp_t l = gcry_sexp_find_token (s, token, 0);

  gcry_sexp_release (l);
  return l != NULL;
}


/* A genkey request: a key that is made must pass testkey.  */
static void
try_genkey (gcry_sexp_t parms)
{
  gcry_sexp_t key, skey;
  gcry_error_t err;

  if (gcry_pk_genkey (&key, parms))
    return;
  skey = gcry_sexp_find_token (key, "private-key", 0);
  if (!skey || !has_token (key, "public-key"))
    fuzz_fail ("genkey result without public-key or private-key");
  err = gcry_pk_testkey (skey);
  if (err && gcry_err_code (err) != GPG_ERR_NOT_IMPLEMENTED)
    fuzz_fail ("a key made by genkey fails testkey: %s", gcry_strerror (err));
  gcry_sexp_release (skey);
  gcry_sexp_release (key);
}


/* The key operations on KEY with DATA and SIG (each may be NULL).  */
static void
try_pk (gcry_sexp_t key, gcry_sexp_t data, gcry_sexp_t sig)
{
  unsigned char grip[20];
  gcry_sexp_t r;
  gcry_error_t err;
  int key_ok;

  sink += gcry_pk_get_nbits (key);
  if (gcry_pk_get_keygrip (key, grip))
    sink += grip[0];
  key_ok = !gcry_pk_testkey (key);
  if (data)
    {
      if (!gcry_pk_encrypt (&r, data, key))
        gcry_sexp_release (r);
      if (!gcry_pk_decrypt (&r, data, key))
        gcry_sexp_release (r);
      if (!gcry_pk_sign (&r, data, key))
        {
          /* The claim is on the "private-key" list that signed (and
             that gcry_pk_testkey checked): KEY may hold a "public-key"
             list besides, which verification with KEY prefers, as in
             Libgcrypt, and which need not belong to it.  A private
             key with neither (p) nor (S) cannot verify
             (doc/mldsa.texi).  */
          gcry_sexp_t sk = gcry_sexp_find_token (key, "private-key", 0);

          err = gcry_pk_verify (r, data, sk);
          if (key_ok && err
              && !(gcry_err_code (err) == GPG_ERR_NO_OBJ
                   && !has_token (sk, "p") && !has_token (sk, "S")))
            fuzz_fail ("a key that passes testkey does not verify its own"
                       " signature: %s", gcry_strerror (err));
          gcry_sexp_release (sk);
          sink += gcry_pk_verify (r, data, key);
          gcry_sexp_release (r);
        }
      if (sig)
        sink += gcry_pk_verify (sig, data, key);
    }
  if (sig && !gcry_pk_decrypt (&r, sig, key))
    gcry_sexp_release (r);
}


/* Append S printed in MODE to the seed SEED.  */
static void
add_printed (fuzz_seed_t *seed, gcry_sexp_t s, int mode)
{
  size_t len;
  char *text = print (s, mode, &len);

  fuzz_seed_add (seed, text, len);
  free (text);
}


/* Write the seed S as "sexp-N" in DIR, N counted by *COUNT.  */
static void
write_next (const fuzz_seed_t *s, const char *dir, unsigned int *count)
{
  char name[32];

  snprintf (name, sizeof name, "sexp-%u", (*count)++);
  fuzz_seed_write (s, dir, name);
}


static void
write_seeds (const char *dir)
{
  static const char *const algos[] =
    { "mldsa44", "ML-DSA-65", "dilithium5", "kyber512", "ML-KEM-768",
      "mlkem1024" };
  static const char *const datas[] =
    {
      "(data (flags raw) (value 5:hello))",
      "(data (value 5:hello) (label 3:ctx))",
      "(data (flags deterministic) (value \"hello\") (label \"ctx\"))",
      "(data (flags prehash) (hash-algo sha256) (value 5:hello))",
      "(data (flags prehash) (hash sha256 #2cf24dba5fb0a30e26e83b2ac5b9e29e"
      "1b161e5c1fa7425e73043362938b9824#) (label 1:x))",
      "(data (flags prehash) (hash-algo shake128) (value 5:hello))",
      "(data (flags external-mu) (value #000102030405060708090a0b0c0d0e0f"
      "101112131415161718191a1b1c1d1e1f000102030405060708090a0b0c0d0e0f"
      "101112131415161718191a1b1c1d1e1f#))",
      "(data (flags no-prefix) (value 5:hello))",
      "(data (value |aGVsbG8=|) (random-override #000102030405060708090001"
      "0203040506070809000102030405060708090001#))",
      "(enc-val (kyber512 (c 1:a)))"
    };
  static fuzz_seed_t s;
  unsigned char seed[64];
  unsigned int i, j, count = 0;
  gcry_sexp_t parms, key, part[NPARTS], data, sig;
  int k, mode;

  for (i = 0; i < sizeof algos / sizeof algos[0]; i++)
    {
      memset (seed, i, sizeof seed);
      if (gcry_sexp_build (&parms, NULL, i < 3 ? "(genkey (%s (S %b)))"
                           : "(genkey (%s))", algos[i], 32, seed)
          || gcry_pk_genkey (&key, parms))
        fuzz_fail ("seed key %s", algos[i]);
      for (j = 0; j < sizeof datas / sizeof datas[0]; j++)
        {
          if (gcry_sexp_new (&data, datas[j], 0, 1))
            fuzz_fail ("seed data %s", datas[j]);
          sig = NULL;
          if (i < 3 && j < 9)
            {
              part[0] = gcry_sexp_find_token (key, "private-key", 0);
              if (gcry_pk_sign (&sig, data, part[0]))
                fuzz_fail ("seed signature %s %s", algos[i], datas[j]);
              gcry_sexp_release (part[0]);
            }
          /* Alternate public and private keys, and the formats.  */
          part[0] = gcry_sexp_find_token (key, (j & 1) ? "public-key"
                                          : "private-key", 0);
          part[1] = data;
          part[2] = sig;
          mode = (j & 2) ? GCRYSEXP_FMT_ADVANCED : GCRYSEXP_FMT_CANON;
          s.len = 0;
          for (k = 0; k < NPARTS && part[k]; k++)
            {
              if (k)
                fuzz_seed_add (&s, "@@@", 3);
              add_printed (&s, part[k], mode);
            }
          write_next (&s, dir, &count);
          gcry_sexp_release (part[0]);
          gcry_sexp_release (data);
          gcry_sexp_release (sig);
        }
      gcry_sexp_release (key);
      /* The genkey request itself, and a private key of seed only.  */
      s.len = 0;
      add_printed (&s, parms, GCRYSEXP_FMT_ADVANCED);
      write_next (&s, dir, &count);
      gcry_sexp_release (parms);
      /* ML-DSA's seed is xi (32 bytes), ML-KEM's d || z (64).  */
      if (gcry_sexp_build (&parms, NULL, i < 3 ? "(private-key (%s (S %b)))"
                           : "(private-key (%s (seed %b)))", algos[i],
                           i < 3 ? 32 : 64, seed))
        fuzz_fail ("gcry_sexp_build");
      s.len = 0;
      add_printed (&s, parms, GCRYSEXP_FMT_CANON);
      write_next (&s, dir, &count);
      gcry_sexp_release (parms);
    }
}


/* Nothing to prepare: each input carries all it needs.  */
static void
harness_init (void)
{
}


/* Return the first "@@@" in the LEN bytes at P, or NULL.  */
static const uint8_t *
find_separator (const uint8_t *p, size_t len)
{
  size_t i;

  for (i = 0; i + 3 <= len; i++)
    if (p[i] == '@' && p[i + 1] == '@' && p[i + 2] == '@')
      return p + i;
  return NULL;
}


/* The MPI round trips of the N bytes at D (see the top).  */
static void
check_mpi (const uint8_t *d, size_t n)
{
  static const enum gcry_mpi_format fmts[] =
    { GCRYMPI_FMT_STD, GCRYMPI_FMT_USG, GCRYMPI_FMT_PGP, GCRYMPI_FMT_SSH,
      GCRYMPI_FMT_HEX };
  gcry_mpi_t a, b;
  unsigned char *out;
  char *str;
  size_t len, used, i, z;

  if (gpg_err_code (gcry_mpi_scan (&a, GCRYMPI_FMT_HEX, d, n ? n : 1,
                                   NULL)) != GPG_ERR_INV_ARG || a)
    fuzz_fail ("HEX scan with a length was not refused");
  str = malloc (n + 1);
  if (!str)
    fuzz_fail ("out of memory");
  memcpy (str, d, n);
  str[n] = 0;
  for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++)
    {
      enum gcry_mpi_format f = fmts[i];
      const void *in = f == GCRYMPI_FMT_HEX ? (const void *)str : d;

      /* SSH with length 0 would trust a header that is not there.  */
      if (f == GCRYMPI_FMT_SSH && !n)
        continue;
      if (gcry_mpi_scan (&a, f, in, f == GCRYMPI_FMT_HEX ? 0 : n, &used))
        continue;
      if (f != GCRYMPI_FMT_HEX && used > n)
        fuzz_fail ("MPI format %d: %zu of %zu bytes scanned", f, used, n);
      if (gcry_mpi_aprint (f, &out, &len, a))
        {
          /* Only PGP refuses a value: a negative one cannot come
             from a PGP scan.  */
          if (f != GCRYMPI_FMT_PGP || !gcry_mpi_is_neg (a))
            fuzz_fail ("MPI format %d: aprint failed", f);
          gcry_mpi_release (a);
          continue;
        }
      if (gcry_mpi_scan (&b, f, out, f == GCRYMPI_FMT_HEX ? 0 : len, NULL)
          || gcry_mpi_cmp (a, b))
        fuzz_fail ("MPI format %d: print and scan change the value", f);
      if (f == GCRYMPI_FMT_USG)
        {
          for (z = 0; z < n && !d[z]; z++)
            ;
          if (len != n - z || memcmp (out, d + z, len))
            fuzz_fail ("USG print is not the input without zeros");
        }
      gcry_free (out);
      gcry_mpi_release (a);
      gcry_mpi_release (b);
    }
  free (str);
}


int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  gcry_sexp_t s[NPARTS];
  const uint8_t *p = data, *sep;
  size_t n = size;
  int i;

  check_mpi (data, size);
  memset (s, 0, sizeof s);
  for (i = 0; i < NPARTS && p; i++)
    {
      sep = i < NPARTS - 1 ? find_separator (p, n) : NULL;
      s[i] = parse (p, sep ? (size_t)(sep - p) : n);
      if (s[i])
        walk (s[i], 0, check_round_trips (s[i]));
      if (sep)
        {
          n -= sep + 3 - p;
          p = sep + 3;
        }
      else
        p = NULL;
    }

  if (s[0] && has_token (s[0], "genkey"))
    try_genkey (s[0]);
  else if (s[0])
    try_pk (s[0], s[1], s[2]);

  for (i = 0; i < NPARTS; i++)
    gcry_sexp_release (s[i]);
  return 0;
}
