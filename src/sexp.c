/* sexp.c - S-expressions: parser, builder, accessors and printer
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

/* libgcrypt's gcry_sexp_* API (libgcrypt 1.12 semantics).
 *
 * External formats (Rivest's S-expressions as used by libgcrypt):
 *   canonical   (3:foo4:abcd)
 *   advanced    (foo "a b\n" #6162# |YWI=| [hint]data)
 * where tokens start with a letter or one of "-./_:*+=" and continue
 * with letters, digits and those characters, and a decimal length may
 * precede a ':' (verbatim data), '"', '#' or '|' (the length is
 * checked for ':' only, as in libgcrypt).  A display hint "[...]"
 * is accepted but its brackets are dropped, so its contents become a
 * plain element (libgcrypt behaves the same way).
 *
 * Internal representation: an object is one allocation holding a
 * flat byte string of tags
 *   TAG_OPEN  TAG_CLOSE  TAG_DATA <4 byte big-endian length> <bytes>
 * terminated by TAG_END.  Objects are immutable; car/cdr/nth and
 * friends return new objects.  The string holds a sequence of
 * balanced elements (lists or data items): like libgcrypt we accept
 * several top-level elements, and the accessors then behave as
 * libgcrypt's do on them.  The parser guarantees the balance, so a
 * walk that stops at TAG_END stays in bounds.  An object that starts
 * with the empty list "()" and empty input are represented by NULL,
 * as in libgcrypt.
 *
 * Secret data in the text formats: hex and base64 strings are decoded
 * without branches or table lookups on the digits (the scanners that
 * find a string's end branch only on "is this the delimiter / white
 * space", which is the same for every digit), and data that may be
 * secret is always printed as hex (see emit_data_advanced).
 *
 * Secrets: an object is put into secure memory when any input it was
 * made from was in secure memory (the scanned buffer, an MPI with
 * GCRYMPI_FLAG_SECURE, a %b/%s buffer, a %S object).  All buffers,
 * secure or not, are wiped before they are freed.  */

#include <config.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <stdio.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stddef.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "const-time.h"
#include "../mpi/mpi.h"

#define TAG_END    0
#define TAG_OPEN   1
#define TAG_CLOSE  2
#define TAG_DATA   3
#define LENBYTES   4            /* Size of the length after TAG_DATA.  */
#define MAX_DATALEN 0xffffffffu /* Largest length LENBYTES can hold.  */

struct gcry_sexp
{
  size_t size;   /* Bytes in D including the final TAG_END.  */
  int secure;    /* Allocated in secure memory.  */
  byte d[];
};


/* Character classes, locale independent.  Inline: the scanners ask
   them for every character of a format or text, and as calls they
   cost a build of a key pair's object 15% of its time (575 against
   490 ns with its release, ML-DSA-65).  */
static inline int
is_digit (int c)
{
  return (unsigned int)(c - '0') < 10;
}

static inline int
is_alpha (int c)
{
  return (unsigned int)((c | 0x20) - 'a') < 26;
}

static inline int
is_space (int c)
{
  return c == ' ' || (unsigned int)(c - '\t') < 5;   /* \t \n \v \f \r */
}

/* One of "-./_:*+=" (a switch, not strchr: this is asked for the
   character after every token).  */
static inline int
is_token_special (int c)
{
  switch (c)
    {
    case '-': case '.': case '/': case '_': case ':': case '*': case '+':
    case '=':
      return 1;
    default:
      return 0;
    }
}

/* A token may start with a letter or a special, never with a digit
   (a digit starts a length prefix).  */
static inline int
is_token_start (int c)
{
  return is_alpha (c) || is_token_special (c);
}

static inline int
is_token_char (int c)
{
  return is_alpha (c) || is_digit (c) || is_token_special (c);
}

/* Return 1 if A < B, else 0, for A and B below 2^31, without a
   branch.  */
static inline u32
ct_lt (u32 a, u32 b)
{
  return (a - b) >> 31;
}

/* Return 1 if LO <= C <= HI, else 0, without a branch.  */
static inline u32
ct_in_range (u32 c, u32 lo, u32 hi)
{
  return (ct_lt (c, lo) | ct_lt (hi, c)) ^ 1;
}

/* Return the value of the hex digit C (0..15) and, in bit 8, 1 if C is
 * not a hex digit.  Computed with masks only, so that the value of a
 * secret digit does not show in timing.  */
static u32
hex_value_ct (u32 c)
{
  u32 dig = ct_value_barrier_u32 (ct_in_range (c, '0', '9'));
  u32 upp = ct_value_barrier_u32 (ct_in_range (c, 'A', 'F'));
  u32 low = ct_value_barrier_u32 (ct_in_range (c, 'a', 'f'));
  u32 v;

  v = ((0 - dig) & (c - '0'))
      | ((0 - upp) & (c - 'A' + 10))
      | ((0 - low) & (c - 'a' + 10));
  return (v & 15) | ((dig | upp | low) ^ 1) << 8;
}

/* Return the value of the base64 character C (0..63) and, in bit 8, 1
 * if C is not in the base64 alphabet; masks only, as hex_value_ct.  */
static u32
base64_value_ct (u32 c)
{
  u32 upp = ct_value_barrier_u32 (ct_in_range (c, 'A', 'Z'));
  u32 low = ct_value_barrier_u32 (ct_in_range (c, 'a', 'z'));
  u32 dig = ct_value_barrier_u32 (ct_in_range (c, '0', '9'));
  u32 plus = ct_value_barrier_u32 (ct_in_range (c, '+', '+'));
  u32 slash = ct_value_barrier_u32 (ct_in_range (c, '/', '/'));
  u32 v;

  v = ((0 - upp) & (c - 'A'))
      | ((0 - low) & (c - 'a' + 26))
      | ((0 - dig) & (c - '0' + 52))
      | ((0 - plus) & 62)
      | ((0 - slash) & 63);
  return (v & 63) | ((upp | low | dig | plus | slash) ^ 1) << 8;
}


/* Read the length stored after a TAG_DATA at P (P points at the
   length bytes).  */
static size_t
get_datalen (const byte *p)
{
  return ((size_t)p[0] << 24) | ((size_t)p[1] << 16)
         | ((size_t)p[2] << 8) | (size_t)p[3];
}

static void
put_datalen (byte *p, size_t n)
{
  p[0] = (byte)(n >> 24);
  p[1] = (byte)(n >> 16);
  p[2] = (byte)(n >> 8);
  p[3] = (byte)n;
}


/* Return the position just after the element starting at P, which
 * must be a TAG_DATA or a TAG_OPEN of a well-formed object.  */
static const byte *
skip_element (const byte *p)
{
  int depth = 0;

  do
    {
      switch (*p)
        {
        case TAG_DATA:
          p += 1 + LENBYTES + get_datalen (p + 1);
          break;
        case TAG_OPEN:
          depth++;
          p++;
          break;
        case TAG_CLOSE:
          depth--;
          p++;
          break;
        default:
          return p; /* TAG_END: cannot happen for well-formed objects.  */
        }
    }
  while (depth > 0);
  return p;
}


/* Create an object from the N encoded bytes at P (complete elements)
 * in secure memory if SECURE.  Like libgcrypt's normalize, nothing and
 * anything that starts with the empty list give NULL (with *R_ERR =
 * 0).  On allocation failure NULL is returned and
 * *R_ERR set.  */
static gcry_sexp_t
make_object (const byte *p, size_t n, int secure, gpg_err_code_t *r_err)
{
  gcry_sexp_t s;

  *r_err = 0;
  if (!n || (n >= 2 && p[0] == TAG_OPEN && p[1] == TAG_CLOSE))
    return NULL;
  s = secure ? _gcry_malloc_secure (sizeof *s + n + 1)
             : _gcry_malloc (sizeof *s + n + 1);
  if (!s)
    {
      *r_err = gpg_err_code_from_syserror ();
      return NULL;
    }
  s->size = n + 1;
  s->secure = !!secure;
  memcpy (s->d, p, n);
  s->d[n] = TAG_END;
  return s;
}


/* Wipe and free SEXP (NULL is allowed).  A secure object is wiped
 * by the secure pool itself when freed (secmem.c wipes every block on
 * free), so only an ordinary one is wiped here.  */
void
gcry_sexp_release (gcry_sexp_t sexp)
{
  if (!sexp)
    return;
  if (!sexp->secure)
    wipememory (sexp, sizeof *sexp + sexp->size);
  xfree (sexp);
}



/* Libgcrypt declares these list constructors but never implemented
   them (each stops the process there).  Here they return NULL, which
   the callers already have to expect from every constructor.  */
gcry_sexp_t
gcry_sexp_cons (const gcry_sexp_t a, const gcry_sexp_t b)
{
  (void)a;
  (void)b;
  return NULL;
}

gcry_sexp_t
gcry_sexp_alist (const gcry_sexp_t *array)
{
  (void)array;
  return NULL;
}

gcry_sexp_t
gcry_sexp_vlist (const gcry_sexp_t a, ...)
{
  (void)a;
  return NULL;
}

gcry_sexp_t
gcry_sexp_append (const gcry_sexp_t a, const gcry_sexp_t n)
{
  (void)a;
  (void)n;
  return NULL;
}

gcry_sexp_t
gcry_sexp_prepend (const gcry_sexp_t a, const gcry_sexp_t n)
{
  (void)a;
  (void)n;
  return NULL;
}


/*
 * Growing output buffer used by the parser and builder.
 *
 * The buffer is allocated with room for the object header in front
 * and the final TAG_END behind, so that do_scan can hand it over as
 * the new object instead of copying it (sb_finish).  Only the first
 * LEN bytes are ever written (LEN only grows), so they are all a
 * buffer holds to wipe.  Secure buffers are wiped by the secure pool
 * when freed (secmem.c), ordinary ones here.
 */

struct sbuf
{
  byte *base;    /* The allocation: object header, then BUF.  */
  byte *buf;     /* CAP bytes for the encoding, and one more.  */
  size_t len;
  size_t cap;
  int secure;
};

/* Where the encoding starts in the allocation, and the bytes
   allocated besides the CAP + 1 (sizeof counts the tail padding,
   which gcry_sexp_release wipes too).  */
#define SB_HEAD offsetof (struct gcry_sexp, d)
#define SB_EXTRA sizeof (struct gcry_sexp)


static void
sb_release (struct sbuf *sb)
{
  if (sb->base)
    {
      if (!sb->secure)
        wipememory (sb->buf, sb->len);
      xfree (sb->base);
    }
  sb->base = sb->buf = NULL;
  sb->len = sb->cap = 0;
}


/* Move the content of SB to a new buffer of NEWCAP bytes, in secure
 * memory if SB->secure, wiping the old one (WAS_SECURE: it is a
 * secure one, which the pool wipes).  */
static gpg_err_code_t
sb_realloc (struct sbuf *sb, size_t newcap, int was_secure)
{
  byte *nb;
  size_t n = SB_EXTRA + newcap + 1;

  nb = sb->secure ? _gcry_malloc_secure (n) : _gcry_malloc (n);
  if (!nb)
    return gpg_err_code_from_syserror ();
  if (sb->len)
    memcpy (nb + SB_HEAD, sb->buf, sb->len);
  if (sb->base)
    {
      if (!was_secure)
        wipememory (sb->buf, sb->len);
      xfree (sb->base);
    }
  sb->base = nb;
  sb->buf = nb + SB_HEAD;
  sb->cap = newcap;
  return 0;
}


/* Make sure that NEED more bytes fit into SB.  */
static gpg_err_code_t
sb_reserve (struct sbuf *sb, size_t need)
{
  size_t newcap;

  if (need <= sb->cap - sb->len)
    return 0;
  if (need > SIZE_MAX / 4 - sb->len)
    return GPG_ERR_TOO_LARGE;
  newcap = sb->cap ? sb->cap : 64;
  while (newcap < sb->len + need)
    newcap *= 2;
  return sb_realloc (sb, newcap, sb->secure);
}


/* From now on keep SB in secure memory.  */
static gpg_err_code_t
sb_make_secure (struct sbuf *sb)
{
  if (sb->secure)
    return 0;
  sb->secure = 1;
  if (!sb->cap)
    return 0;
  return sb_realloc (sb, sb->cap, 0);
}


static gpg_err_code_t
sb_tag (struct sbuf *sb, int tag)
{
  gpg_err_code_t rc = sb_reserve (sb, 1);

  if (!rc)
    sb->buf[sb->len++] = tag;
  return rc;
}


/* Start a data element whose length is at most MAXN; the caller
 * appends the bytes to SB->buf and then calls sb_data_end with the
 * returned *R_HDR.  */
static gpg_err_code_t
sb_data_begin (struct sbuf *sb, size_t maxn, size_t *r_hdr)
{
  gpg_err_code_t rc;

  if (maxn > SIZE_MAX / 4)
    return GPG_ERR_TOO_LARGE;
  rc = sb_reserve (sb, 1 + LENBYTES + maxn);
  if (rc)
    return rc;
  sb->buf[sb->len++] = TAG_DATA;
  *r_hdr = sb->len;
  sb->len += LENBYTES;
  return 0;
}


/* Wipe the N bytes past SB->len that a failed scan may have filled
 * (hex digits or base64 characters copied before their check): an
 * error leaves them beyond the length sb_release wipes.  N is at most
 * the MAXN of sb_data_begin.  */
static void
sb_wipe_reserved (struct sbuf *sb, size_t n)
{
  wipememory (sb->buf + sb->len, n);
}


static gpg_err_code_t
sb_data_end (struct sbuf *sb, size_t hdr)
{
  size_t n = sb->len - hdr - LENBYTES;

  if (n > MAX_DATALEN)
    return GPG_ERR_SEXP_STRING_TOO_LONG;
  put_datalen (sb->buf + hdr, n);
  return 0;
}


static gpg_err_code_t
sb_data (struct sbuf *sb, const void *p, size_t n)
{
  gpg_err_code_t rc;
  size_t hdr;

  if (n > MAX_DATALEN)
    return GPG_ERR_SEXP_STRING_TOO_LONG;
  rc = sb_data_begin (sb, n, &hdr);
  if (rc)
    return rc;
  if (n)
    memcpy (sb->buf + sb->len, p, n);
  sb->len += n;
  return sb_data_end (sb, hdr);
}



/*
 * The parser for canonical and advanced text and for build formats.
 */

struct parser
{
  const byte *buf;    /* Input and its length.  */
  size_t len;
  size_t pos;         /* Current position.  */
  size_t errpos;      /* Where an error was found.  */
  int level;          /* Open lists.  */
  int in_hint;        /* Inside "[...]".  */
  int argflag;        /* Format mode: '%' directives are allowed.  */
  int secure_known;   /* build_size looked at every argument: the
                         buffer is secure already if one is.  */
  void **arg_list;    /* Arguments for gcry_sexp_build_array, or  */
  va_list *ap;        /* arguments for gcry_sexp_build.  */
  const char *arg_types;  /* With ARG_LIST from _gcry_sexp_build_typed:
                             the type of each entry (see NEXT_ARG).  */
  size_t argidx;
  struct sbuf sb;     /* Encoded output.  */
};


/* The error for input that ends inside an element: inside an open list
   libgcrypt reports the unmatched parenthesis, otherwise SPECIFIC.  */
static gpg_err_code_t
eof_error (struct parser *ps, gpg_err_code_t specific)
{
  ps->errpos = ps->len;
  return ps->level ? GPG_ERR_SEXP_UNMATCHED_PAREN : specific;
}


/* A token: [A-Za-z-./_:*+=][A-Za-z0-9-./_:*+=]*.  */
static gpg_err_code_t
parse_token (struct parser *ps)
{
  size_t start = ps->pos;

  while (ps->pos < ps->len && is_token_char (ps->buf[ps->pos]))
    ps->pos++;
  return sb_data (&ps->sb, ps->buf + start, ps->pos - start);
}


/* A quoted string starting at the '"' at PS->pos.  Escapes as in
 * libgcrypt: \b \t \v \n \f \r \" \' \\, three octal digits, \xHH,
 * and a backslash before CR, LF, CRLF or LFCR continues the line.  */
static gpg_err_code_t
parse_quoted (struct parser *ps)
{
  gpg_err_code_t rc;
  size_t i = ps->pos + 1;
  size_t hdr;
  struct sbuf *sb = &ps->sb;

  /* The decoded string is never longer than its encoding.  */
  rc = sb_data_begin (sb, ps->len - i, &hdr);
  if (rc)
    {
      ps->errpos = ps->pos;
      return rc;
    }
  for (;;)
    {
      int c;

      if (i >= ps->len)
        return eof_error (ps, GPG_ERR_SEXP_BAD_QUOTATION);
      c = ps->buf[i];
      if (c == '"')
        {
          i++;
          break;
        }
      if (c != '\\')
        {
          sb->buf[sb->len++] = c;
          i++;
          continue;
        }
      /* An escape sequence.  */
      if (++i >= ps->len)
        return eof_error (ps, GPG_ERR_SEXP_BAD_QUOTATION);
      c = ps->buf[i];
      switch (c)
        {
        case 'b': c = '\b'; break;
        case 't': c = '\t'; break;
        case 'v': c = '\v'; break;
        case 'n': c = '\n'; break;
        case 'f': c = '\f'; break;
        case 'r': c = '\r'; break;
        case '"': case '\'': case '\\': break;
        case '\r':
        case '\n':
          /* Line continuation: drop the line break pair.  */
          if (i + 1 < ps->len
              && (ps->buf[i + 1] == '\r' || ps->buf[i + 1] == '\n')
              && ps->buf[i + 1] != c)
            i++;
          i++;
          continue;
        case 'x':
          if (i + 2 >= ps->len
              || ((hex_value_ct (ps->buf[i + 1])
                   | hex_value_ct (ps->buf[i + 2])) >> 8))
            {
              ps->errpos = i;
              return GPG_ERR_SEXP_BAD_QUOTATION;
            }
          c = (int)(hex_value_ct (ps->buf[i + 1]) * 16
                    + hex_value_ct (ps->buf[i + 2]));
          i += 2;
          break;
        default:
          if (c >= '0' && c <= '7')
            {
              if (i + 2 >= ps->len
                  || ps->buf[i + 1] < '0' || ps->buf[i + 1] > '7'
                  || ps->buf[i + 2] < '0' || ps->buf[i + 2] > '7'
                  || c > '3')
                {
                  ps->errpos = i;
                  return GPG_ERR_SEXP_BAD_QUOTATION;
                }
              c = (c - '0') * 64 + (ps->buf[i + 1] - '0') * 8
                  + (ps->buf[i + 2] - '0');
              i += 2;
              break;
            }
          ps->errpos = i;
          return GPG_ERR_SEXP_BAD_QUOTATION;
        }
      sb->buf[sb->len++] = c;
      i++;
    }
  rc = sb_data_end (sb, hdr);
  if (rc)
    ps->errpos = ps->pos;
  ps->pos = i;
  return rc;
}


/* The position of the first byte of the hex string at PS->pos (just
 * after the '#') that is neither a hex digit nor white space.  Only
 * used on the error path, so it may branch.  */
static size_t
first_bad_hex (struct parser *ps)
{
  size_t i = ps->pos + 1;

  while (i < ps->len && ((hex_value_ct (ps->buf[i]) >> 8) == 0
                         || is_space (ps->buf[i])))
    i++;
  return i;
}


/* Scan the hex string "#...#" starting at PS->pos: find the closing
 * '#', copy the digits without the white space between them to OUT
 * (room for the rest of the input) and store their number at
 * *R_NDIGITS and the position of the closing '#' at *R_END.  The
 * branches here depend only on whether a byte is the closing '#' or
 * white space, which is the same for every digit of a secret; the
 * validity of the digits is collected in a mask and checked once at
 * the end, and their values are left to decode_hex.  (This is the
 * one place where the constant-time test under Valgrind expects
 * reports for the digits: see tests/t-sexp-ct.supp.)  */
static gpg_err_code_t
scan_hex (struct parser *ps, byte *out, size_t *r_ndigits, size_t *r_end)
{
  size_t end, n = 0;
  u32 bad = 0;

  for (end = ps->pos + 1; end < ps->len; end++)
    {
      byte c = ps->buf[end];

      if (c == '#')
        break;
      if (is_space (c))
        continue;
      bad |= hex_value_ct (c);
      out[n++] = c;
    }
  /* A comparison rather than a shift: the compiler then has no
     register that is known to be zero on the good path and reuses it
     as the return value, which would make memcheck see the result as
     depending on the digits.  */
  if (bad > 0xff)
    {
      ps->errpos = first_bad_hex (ps);
      return GPG_ERR_SEXP_BAD_HEX_CHAR;
    }
  if (end >= ps->len)
    return eof_error (ps, GPG_ERR_SEXP_BAD_HEX_CHAR);
  *r_ndigits = n;
  *r_end = end;
  return 0;
}


/* Convert the N / 2 digit pairs at BUF (checked by scan_hex) to bytes
 * in place, without branches or table lookups on the digits.  */
static void
decode_hex (byte *buf, size_t n)
{
  size_t i;

  for (i = 0; i + 1 < n; i += 2)
    buf[i / 2] = (byte)((hex_value_ct (buf[i]) << 4)
                        | (hex_value_ct (buf[i + 1]) & 15));
}


/* Hex data "#...#" starting at PS->pos; white space between the
 * digits is ignored.  */
static gpg_err_code_t
parse_hex (struct parser *ps)
{
  gpg_err_code_t rc;
  size_t end, ndigits, hdr;
  struct sbuf *sb = &ps->sb;

  /* The digits are copied into the output first; the decoded string
     is half as long.  */
  rc = sb_data_begin (sb, ps->len - ps->pos, &hdr);
  if (rc)
    {
      ps->errpos = ps->pos;
      return rc;
    }
  rc = scan_hex (ps, sb->buf + sb->len, &ndigits, &end);
  if (!rc && (ndigits & 1))
    {
      ps->errpos = end;
      rc = GPG_ERR_SEXP_ODD_HEX_NUMBERS;
    }
  if (rc)
    {
      sb_wipe_reserved (sb, ps->len - ps->pos);
      return rc;
    }
  decode_hex (sb->buf + sb->len, ndigits);
  /* Wipe the copied digits beyond the decoded bytes.  */
  wipememory (sb->buf + sb->len + ndigits / 2, ndigits - ndigits / 2);
  sb->len += ndigits / 2;
  rc = sb_data_end (sb, hdr);
  if (rc)
    ps->errpos = ps->pos;
  ps->pos = end + 1;
  return rc;
}


/* The position of the first byte of the base64 string at PS->pos that
 * is not in the alphabet or follows the padding (error path only).  */
static size_t
first_bad_base64 (struct parser *ps)
{
  size_t i;
  int padding = 0;

  for (i = ps->pos + 1; i < ps->len; i++)
    {
      if (ps->buf[i] == '=')
        padding = 1;
      else if ((base64_value_ct (ps->buf[i]) >> 8) || padding)
        break;
    }
  return i;
}


/* Scan the base64 string "|...|" starting at PS->pos as scan_hex does:
 * copy the characters before the padding to OUT and store their number
 * at *R_NCHARS and the position of the closing '|' at *R_END.  Only
 * '=' may follow the first '='.  The branches depend only on whether a
 * byte is the closing '|' or padding.  */
static gpg_err_code_t
scan_base64 (struct parser *ps, byte *out, size_t *r_nchars, size_t *r_end)
{
  size_t end, n = 0;
  u32 bad = 0, padding = 0;

  for (end = ps->pos + 1; end < ps->len; end++)
    {
      byte c = ps->buf[end];

      if (c == '|')
        break;
      if (c == '=')
        {
          padding = 1 << 8;
          continue;
        }
      /* Not in the alphabet, or data after the padding.  */
      bad |= base64_value_ct (c) | padding;
      out[n++] = c;
    }
  if (bad > 0xff)  /* Not a shift, see scan_hex.  */
    {
      ps->errpos = first_bad_base64 (ps);
      return GPG_ERR_SEXP_BAD_CHARACTER;
    }
  if (end >= ps->len)
    return eof_error (ps, GPG_ERR_SEXP_BAD_CHARACTER);
  *r_nchars = n;
  *r_end = end;
  return 0;
}


/* Decode the N base64 characters at BUF (checked by scan_base64) in
 * place and return the number of bytes.  Bits that do not make up a
 * full byte are dropped.  The branches depend only on N.  */
static size_t
decode_base64 (byte *buf, size_t n)
{
  size_t i, o = 0;
  u32 acc = 0;
  int nbits = 0;

  for (i = 0; i < n; i++)
    {
      acc = (acc << 6) | (base64_value_ct (buf[i]) & 63);
      nbits += 6;
      if (nbits >= 8)
        {
          nbits -= 8;
          buf[o++] = (byte)(acc >> nbits);
        }
    }
  acc = 0;
  return o;
}


/* Base64 data "|...|" starting at PS->pos.  Like libgcrypt we are
 * lenient about the length: padding is optional, and bits that do not
 * make up a full byte are dropped.  Only '=' may follow the first
 * '='.  */
static gpg_err_code_t
parse_base64 (struct parser *ps)
{
  gpg_err_code_t rc;
  size_t end, nchars, nbytes, hdr;
  struct sbuf *sb = &ps->sb;

  rc = sb_data_begin (sb, ps->len - ps->pos, &hdr);
  if (rc)
    {
      ps->errpos = ps->pos;
      return rc;
    }
  rc = scan_base64 (ps, sb->buf + sb->len, &nchars, &end);
  if (rc)
    {
      sb_wipe_reserved (sb, ps->len - ps->pos);
      return rc;
    }
  nbytes = decode_base64 (sb->buf + sb->len, nchars);
  wipememory (sb->buf + sb->len + nbytes, nchars - nbytes);
  sb->len += nbytes;
  rc = sb_data_end (sb, hdr);
  if (rc)
    ps->errpos = ps->pos;
  ps->pos = end + 1;
  return rc;
}


/* A decimal length followed by ':' and that many raw bytes, or by a
 * quoted, hex or base64 string (whose length the prefix does not
 * constrain, as in libgcrypt).  */
static gpg_err_code_t
parse_length_prefixed (struct parser *ps)
{
  size_t start = ps->pos;
  size_t v = 0;
  int too_long = 0;
  int c;

  /* A length may not start with 0; we only allow the empty verbatim
     string "0:", which our canonical output uses.  */
  if (ps->buf[start] == '0'
      && (start + 1 >= ps->len || ps->buf[start + 1] != ':'))
    {
      ps->errpos = start;
      return GPG_ERR_SEXP_ZERO_PREFIX;
    }
  while (ps->pos < ps->len && is_digit (ps->buf[ps->pos]))
    {
      /* A length longer than the whole input can never be satisfied;
         stop counting there, which also rules out overflow.  */
      if (!too_long)
        {
          v = v * 10 + (ps->buf[ps->pos] - '0');
          if (v > ps->len)
            too_long = 1;
        }
      ps->pos++;
    }
  if (ps->pos >= ps->len)
    return eof_error (ps, GPG_ERR_SEXP_INV_LEN_SPEC);
  c = ps->buf[ps->pos];
  switch (c)
    {
    case ':':
      if (too_long)
        {
          ps->errpos = ps->pos;
          return GPG_ERR_SEXP_STRING_TOO_LONG;
        }
      ps->pos++;
      if (v > ps->len - ps->pos)
        {
          ps->errpos = ps->pos - 1;
          return GPG_ERR_SEXP_STRING_TOO_LONG;
        }
      ps->pos += v;
      return sb_data (&ps->sb, ps->buf + ps->pos - v, v);
    case '"':
      return parse_quoted (ps);
    case '#':
      return parse_hex (ps);
    case '|':
      return parse_base64 (ps);
    default:
      ps->errpos = ps->pos;
      return GPG_ERR_SEXP_INV_LEN_SPEC;
    }
}


/* Fetch the next build argument, of C type TYPE and type letter TC
 * ('s' const char *, 'i' int, 'u' unsigned int, 'p' const void *,
 * 'm' gcry_mpi_t, 'S' gcry_sexp_t).  For gcry_sexp_build_array each
 * element of ARG_LIST points to the argument's variable; with
 * ARG_TYPES (_gcry_sexp_build_typed) an entry of another type is an
 * error instead of a misread.  */
#define NEXT_ARG(ps, var, type, tc)                             \
  do                                                            \
    {                                                           \
      if ((ps)->arg_list)                                       \
        {                                                       \
          if (!(ps)->arg_list[(ps)->argidx])                    \
            return GPG_ERR_INV_ARG;                             \
          if ((ps)->arg_types                                   \
              && (ps)->arg_types[(ps)->argidx] != (tc))         \
            return GPG_ERR_INV_ARG;                             \
          (var) = *(type *)(ps)->arg_list[(ps)->argidx++];      \
        }                                                       \
      else if ((ps)->ap)                                        \
        (var) = va_arg (*(ps)->ap, type);                       \
      else                                                      \
        return GPG_ERR_INV_ARG;                                 \
    }                                                           \
  while (0)

/* The argument of a %s directive: a string, which must not be NULL.
   Shared by parse_directive and build_size_scan, so that both read
   and check it alike.  */
static inline gpg_err_code_t
next_string_arg (struct parser *ps, const char **r_str)
{
  NEXT_ARG (ps, *r_str, const char *, 's');
  return *r_str ? 0 : GPG_ERR_INV_ARG;
}

/* The arguments of a %b directive: a length, which must not be
   negative, and the bytes, which must not be NULL unless the length
   is 0.  */
static inline gpg_err_code_t
next_buffer_arg (struct parser *ps, int *r_n, const void **r_p)
{
  NEXT_ARG (ps, *r_n, int, 'i');
  NEXT_ARG (ps, *r_p, const void *, 'p');
  return *r_n < 0 || (*r_n && !*r_p) ? GPG_ERR_INV_ARG : 0;
}


/* Insert the value of MPI M: %m as STD, %M as USG (negative values
 * are an error), opaque values as their bytes.  */
static gpg_err_code_t
insert_mpi (struct parser *ps, gcry_mpi_t m, int usg)
{
  gpg_err_code_t rc;
  gcry_error_t err;
  size_t n, hdr;
  enum gcry_mpi_format fmt = usg ? GCRYMPI_FMT_USG : GCRYMPI_FMT_STD;

  if (!m)
    return GPG_ERR_INV_ARG;
  if (gcry_mpi_get_flag (m, GCRYMPI_FLAG_SECURE))
    {
      rc = sb_make_secure (&ps->sb);
      if (rc)
        return rc;
    }
  if (gcry_mpi_get_flag (m, GCRYMPI_FLAG_OPAQUE))
    {
      unsigned int nbits;
      const void *p = gcry_mpi_get_opaque (m, &nbits);

      /* An opaque MPI without bytes inserts nothing at all, not an
         empty string (libgcrypt does the same).  */
      if (!p || !nbits)
        return 0;
      return sb_data (&ps->sb, p, ((size_t)nbits + 7) / 8);
    }
  if (usg && gcry_mpi_is_neg (m))
    return GPG_ERR_INV_ARG;
  err = gcry_mpi_print (fmt, NULL, 0, &n, m);
  if (err)
    return gpg_err_code (err);
  if (n > MAX_DATALEN)
    return GPG_ERR_SEXP_STRING_TOO_LONG;
  rc = sb_data_begin (&ps->sb, n, &hdr);
  if (rc)
    return rc;
  err = gcry_mpi_print (fmt, ps->sb.buf + ps->sb.len, n, &n, m);
  if (err)
    return gpg_err_code (err);
  ps->sb.len += n;
  return sb_data_end (&ps->sb, hdr);
}


/* Insert the first top-level list of S, which is all of S unless S
 * holds several top-level elements; nothing if S holds no list.  This
 * is what libgcrypt inserts for %S (for an S that starts with a data
 * element libgcrypt would read past the list, see the manual).  */
static gpg_err_code_t
insert_first_list (struct sbuf *sb, const gcry_sexp_t s)
{
  const byte *p = s->d, *end;
  gpg_err_code_t rc;

  while (*p == TAG_DATA)
    p = skip_element (p);
  if (*p != TAG_OPEN)
    return 0;
  end = skip_element (p);
  rc = sb_reserve (sb, end - p);
  if (rc)
    return rc;
  memcpy (sb->buf + sb->len, p, end - p);
  sb->len += end - p;
  return 0;
}


/* Handle the build directive at PS->pos ('%' followed by a letter).  */
static gpg_err_code_t
parse_directive (struct parser *ps)
{
  gpg_err_code_t rc;
  char numbuf[40];
  int c;

  if (ps->pos + 1 >= ps->len)
    {
      ps->errpos = ps->pos;
      return GPG_ERR_SEXP_INV_LEN_SPEC;
    }
  c = ps->buf[ps->pos + 1];
  ps->errpos = ps->pos + 1;
  switch (c)
    {
    case 'm':
    case 'M':
      {
        gcry_mpi_t m;

        NEXT_ARG (ps, m, gcry_mpi_t, 'm');
        rc = insert_mpi (ps, m, c == 'M');
      }
      break;

    case 's':
      {
        const char *str;

        if ((rc = next_string_arg (ps, &str)))
          return rc;
        if (!ps->sb.secure && !ps->secure_known && _gcry_is_secure (str)
            && (rc = sb_make_secure (&ps->sb)))
          return rc;
        rc = sb_data (&ps->sb, str, strlen (str));
      }
      break;

    case 'd':
      {
        int v;

        NEXT_ARG (ps, v, int, 'i');
        snprintf (numbuf, sizeof numbuf, "%d", v);
        rc = sb_data (&ps->sb, numbuf, strlen (numbuf));
      }
      break;

    case 'u':
      {
        unsigned int v;

        NEXT_ARG (ps, v, unsigned int, 'u');
        snprintf (numbuf, sizeof numbuf, "%u", v);
        rc = sb_data (&ps->sb, numbuf, strlen (numbuf));
      }
      break;

    case 'b':
      {
        int n;
        const void *p;

        if ((rc = next_buffer_arg (ps, &n, &p)))
          return rc;
        if (n && !ps->sb.secure && !ps->secure_known && _gcry_is_secure (p)
            && (rc = sb_make_secure (&ps->sb)))
          return rc;
        rc = sb_data (&ps->sb, p, (size_t)n);
      }
      break;

    case 'S':
      {
        gcry_sexp_t s;

        NEXT_ARG (ps, s, gcry_sexp_t, 'S');
        if (!s)
          {
            rc = 0;  /* Nothing to insert (libgcrypt does the same).  */
            break;
          }
        if (s->secure && (rc = sb_make_secure (&ps->sb)))
          return rc;
        rc = insert_first_list (&ps->sb, s);
      }
      break;

    default:
      return GPG_ERR_SEXP_INV_LEN_SPEC;
    }
  ps->pos += 2;
  return rc;
}


/* The number of NUL bytes at the start of the N bytes at P.  */
static size_t
strspn_zero (const byte *p, size_t n)
{
  size_t i;

  for (i = 0; i < n && !p[i]; i++)
    ;
  return i;
}

/* Parse PS->buf into PS->sb.  Returns 0 or an error code with the
 * offset in PS->errpos.  */
static gpg_err_code_t
parse (struct parser *ps)
{
  gpg_err_code_t rc;

  while (ps->pos < ps->len)
    {
      int c = ps->buf[ps->pos];

      if (is_space (c))
        {
          ps->pos++;
          continue;
        }
      /* NUL bytes after complete expressions end the input: callers
         pass lengths that count the string's terminator (sizeof), and
         Libgcrypt accepts those.  A NUL anywhere else is an error.  */
      if (!c && !ps->level && !ps->in_hint
          && ps->len - ps->pos == strspn_zero (ps->buf + ps->pos,
                                               ps->len - ps->pos))
        break;
      if (c == ']')
        {
          if (!ps->in_hint)
            {
              ps->errpos = ps->pos;
              return GPG_ERR_SEXP_UNMATCHED_DH;
            }
          ps->in_hint = 0;
          ps->pos++;
          continue;
        }
      if (c == ')')
        {
          if (ps->in_hint)
            {
              ps->errpos = ps->pos;
              return GPG_ERR_SEXP_UNMATCHED_DH;
            }
          if (!ps->level)
            {
              ps->errpos = ps->pos;
              return GPG_ERR_SEXP_UNMATCHED_PAREN;
            }
          if ((rc = sb_tag (&ps->sb, TAG_CLOSE)))
            {
              ps->errpos = ps->pos;
              return rc;
            }
          ps->level--;
          ps->pos++;
          continue;
        }

      /* Anything else starts a new element.  Like libgcrypt we accept
         several top-level elements one after the other; the accessors
         treat such an object as libgcrypt's do.  */
      if (c == '(')
        {
          if (ps->in_hint)
            {
              ps->errpos = ps->pos;
              return GPG_ERR_SEXP_UNMATCHED_DH;
            }
          if (ps->level == INT_MAX)
            {
              ps->errpos = ps->pos;
              return GPG_ERR_TOO_LARGE;
            }
          rc = sb_tag (&ps->sb, TAG_OPEN);
          ps->errpos = ps->pos;
          ps->level++;
          ps->pos++;
          if (rc)
            return rc;
          continue;
        }
      else if (c == '[')
        {
          if (ps->in_hint)
            {
              ps->errpos = ps->pos;
              return GPG_ERR_SEXP_NESTED_DH;
            }
          ps->in_hint = 1;
          ps->pos++;
          continue;
        }
      else if (is_digit (c))
        rc = parse_length_prefixed (ps);
      else if (c == '"')
        rc = parse_quoted (ps);
      else if (c == '#')
        rc = parse_hex (ps);
      else if (c == '|')
        rc = parse_base64 (ps);
      else if (is_token_start (c))
        rc = parse_token (ps);
      else if (c == '{' || c == '&' || c == '\\')
        {
          /* Reserved punctuation (and the unsupported "{base64}"
             transport form).  */
          ps->errpos = ps->pos;
          return GPG_ERR_SEXP_UNEXPECTED_PUNC;
        }
      else if (c == '%' && ps->argflag)
        rc = parse_directive (ps);
      else
        {
          ps->errpos = ps->pos;
          return GPG_ERR_SEXP_BAD_CHARACTER;
        }
      if (rc)
        return rc;
    }

  if (ps->level)
    {
      ps->errpos = ps->len;
      return GPG_ERR_SEXP_UNMATCHED_PAREN;
    }
  if (ps->in_hint)
    {
      ps->errpos = ps->len;
      return GPG_ERR_SEXP_UNMATCHED_DH;
    }
  return 0;
}


/* The object holding the encoding in SB (see make_object for NULL
 * results), made from SB's own buffer where that wastes at most about
 * as much as it holds (the usual case: the buffer doubles as it
 * grows), else copied.  SB is empty afterwards.  */
static gcry_sexp_t
sb_finish (struct sbuf *sb, gpg_err_code_t *r_err)
{
  gcry_sexp_t s;
  size_t n = sb->len;

  *r_err = 0;
  if (!n || (n >= 2 && sb->buf[0] == TAG_OPEN && sb->buf[1] == TAG_CLOSE)
      || sb->cap > 2 * n + 64)
    {
      s = make_object (sb->buf, n, sb->secure, r_err);
      sb_release (sb);
      return s;
    }
  s = (gcry_sexp_t)sb->base;
  s->size = n + 1;
  s->secure = sb->secure;
  s->d[n] = TAG_END;
  sb->base = NULL;      /* Now the object's: sb_release just resets.  */
  sb_release (sb);
  return s;
}


/* The size of the encoding that parse will write for the build format
 * of PS, if the format has only lists, tokens and the directives %s,
 * %d, %u, %b and %S (so the library's own key and signature objects):
 * the encoding's length (at most 10 bytes more for each %d or %u) to
 * *R_TOTAL, and *R_SECURE = 1 if an argument is in secure memory (the
 * buffer would switch to secure memory there).  Any other element
 * ends the scan with an error before an argument past it is read, so
 * that no argument is read with another type than parse_directive
 * gives it (NEXT_ARG on PS, a copy of the parser).  A format that
 * parse rejects may get any size: parse fails all the same.  */
static gpg_err_code_t
build_size_scan (struct parser *ps, size_t *r_total, int *r_secure)
{
  const byte *f = ps->buf;
  size_t len = ps->len, i = 0, j, total = 0, n;

  *r_secure = 0;
  while (i < len)
    {
      int c = f[i];

      if (is_space (c))
        i++;
      else if (c == '(' || c == ')')
        {
          total++;
          i++;
        }
      else if (is_token_start (c))
        {
          for (j = i + 1; j < len && is_token_char (f[j]); j++)
            ;
          total += 1 + LENBYTES + (j - i);
          i = j;
        }
      else if (c == '%' && i + 1 < len)
        {
          /* N: the length of a data element.  */
          switch (f[i + 1])
            {
            case 's':
              {
                const char *str;
                gpg_err_code_t rc = next_string_arg (ps, &str);

                if (rc)
                  return rc;
                n = strlen (str);
                *r_secure = *r_secure || _gcry_is_secure (str);
              }
              break;
            case 'd':
              {
                int v;

                NEXT_ARG (ps, v, int, 'i');
                (void)v;
                n = 11;
              }
              break;
            case 'u':
              {
                unsigned int v;

                NEXT_ARG (ps, v, unsigned int, 'u');
                (void)v;
                n = 10;
              }
              break;
            case 'b':
              {
                int bn;
                const void *bp;
                gpg_err_code_t rc = next_buffer_arg (ps, &bn, &bp);

                if (rc)
                  return rc;
                n = (size_t)bn;
                *r_secure = *r_secure || (bn && _gcry_is_secure (bp));
              }
              break;
            case 'S':
              {
                gcry_sexp_t sx;

                NEXT_ARG (ps, sx, gcry_sexp_t, 'S');
                /* At most the whole of SX but its TAG_END.  */
                if (sx && sx->size - 1 > SIZE_MAX / 4 - total)
                  return GPG_ERR_TOO_LARGE;
                total += sx ? sx->size - 1 : 0;
                *r_secure |= sx && sx->secure;
                i += 2;
              }
              continue;
            default:
              return GPG_ERR_SEXP_INV_LEN_SPEC;
            }
          if (n > MAX_DATALEN || n > SIZE_MAX / 4 - total)
            return GPG_ERR_TOO_LARGE;
          total += 1 + LENBYTES + n;
          i += 2;
        }
      else
        return GPG_ERR_SEXP_BAD_CHARACTER;   /* Not sized up front.  */
    }
  *r_total = total;
  return 0;
}

/* build_size_scan on a copy of PS (with a copy of its va_list): the
 * size, or 0 if the format is not sized up front.  */
static size_t
build_size (const struct parser *ps, int *r_secure)
{
  struct parser t = *ps;
  va_list aq;
  size_t total = 0;
  gpg_err_code_t rc;

  *r_secure = 0;
  if (!t.arg_list)
    {
      if (!t.ap)
        return 0;
      va_copy (aq, *ps->ap);
      t.ap = &aq;
    }
  rc = build_size_scan (&t, &total, r_secure);
  if (!t.arg_list)
    va_end (aq);
  if (rc)
    {
      *r_secure = 0;
      return 0;
    }
  return total;
}


/* Common back end of sscan, new, create, build and build_array.  */
static gpg_err_code_t
do_scan (gcry_sexp_t *retsexp, size_t *erroff, const char *buffer,
         size_t length, int argflag, void **arg_list, const char *arg_types,
         va_list *ap)
{
  struct parser ps;
  gpg_err_code_t rc;

  if (erroff)
    *erroff = 0;
  if (!retsexp)
    return GPG_ERR_INV_ARG;
  *retsexp = NULL;
  if (!buffer)
    return GPG_ERR_INV_ARG;

  buf_memset_lib (&ps, 0, sizeof ps);
  ps.buf = (const byte *)buffer;
  ps.len = length;
  ps.argflag = argflag;
  ps.arg_list = arg_list;
  ps.arg_types = arg_types;
  ps.ap = ap;
  /* Text read from secure memory is a secret; keep it there.  */
  ps.sb.secure = length && _gcry_is_secure (buffer);

  /* A build whose size is known up front gets its buffer at once, in
     the kind of memory it ends in: no copies as it grows, no copy
     from ordinary into secure memory, and the secure pool wipes no
     more than the object on release.  */
  if (argflag)
    {
      int secure;
      size_t n = build_size (&ps, &secure);

      if (n)
        {
          ps.sb.secure |= secure;
          ps.secure_known = 1;
          rc = sb_realloc (&ps.sb, n, 0);
          if (rc)
            return rc;
        }
    }

  rc = parse (&ps);
  if (!rc)
    *retsexp = sb_finish (&ps.sb, &rc);
  else if (erroff)
    *erroff = ps.errpos;
  sb_release (&ps.sb);
  return rc;
}


/* Parse LENGTH bytes of canonical or advanced text at BUFFER into
 * *RETSEXP.  On error *RETSEXP is NULL and *ERROFF (if not NULL) is
 * the offset where parsing stopped.  Empty input and "()" give NULL
 * with success, as in libgcrypt.  */
gcry_error_t
gcry_sexp_sscan (gcry_sexp_t *retsexp, size_t *erroff,
                 const char *buffer, size_t length)
{
  return gpg_error (do_scan (retsexp, erroff, buffer, length, 0, NULL, NULL,
                             NULL));
}


/* As gcry_sexp_sscan without an error offset.  LENGTH 0 means: the
 * length of the canonical expression at BUFFER if AUTODETECT is 0
 * (the caller vouches that it is complete), else strlen (BUFFER).  */
gcry_error_t
gcry_sexp_new (gcry_sexp_t *retsexp, const void *buffer, size_t length,
               int autodetect)
{
  if (retsexp)
    *retsexp = NULL;
  if (!buffer || autodetect < 0 || autodetect > 1)
    return gpg_error (GPG_ERR_INV_ARG);
  if (!length && !autodetect)
    {
      /* The caller promises a canonical encoding; take its length.  */
      gcry_error_t err;

      length = gcry_sexp_canon_len (buffer, 0, NULL, &err);
      if (!length)
        return err;
    }
  else if (!length)
    length = strlen (buffer);
  return gpg_error (do_scan (retsexp, NULL, buffer, length, 0, NULL, NULL,
                             NULL));
}


/* As gcry_sexp_new; on success BUFFER is passed to FREEFNC (if not
 * NULL), i.e. ownership passes to the library.  */
gcry_error_t
gcry_sexp_create (gcry_sexp_t *retsexp, void *buffer, size_t length,
                  int autodetect, void (*freefnc) (void *))
{
  gcry_error_t err;

  err = gcry_sexp_new (retsexp, buffer, length, autodetect);
  /* Ownership passes to us only on success.  */
  if (!err && freefnc)
    freefnc (buffer);
  return err;
}


/* Build *RETSEXP from the advanced-format template FORMAT whose
 * directives take arguments: %m (gcry_mpi_t, STD format or opaque
 * bytes), %M (gcry_mpi_t, USG format), %s (const char *), %d (int),
 * %u (unsigned int), %b (int length, const void *buffer) and %S
 * (gcry_sexp_t, its first top-level list inserted as a copy; NULL
 * inserts nothing).  The result is in secure memory if any argument
 * was.  */
gcry_error_t
gcry_sexp_build (gcry_sexp_t *retsexp, size_t *erroff,
                 const char *format, ...)
{
  gpg_err_code_t rc;
  va_list ap;

  if (!format)
    {
      if (retsexp)
        *retsexp = NULL;
      return gpg_error (GPG_ERR_INV_ARG);
    }
  va_start (ap, format);
  rc = do_scan (retsexp, erroff, format, strlen (format), 1, NULL, NULL,
                &ap);
  va_end (ap);
  return gpg_error (rc);
}


/* As gcry_sexp_build, but ARG_LIST[i] points to the variable holding
 * the i-th argument (%b takes two entries).  */
gcry_error_t
gcry_sexp_build_array (gcry_sexp_t *retsexp, size_t *erroff,
                       const char *format, void **arg_list)
{
  if (!format)
    {
      if (retsexp)
        *retsexp = NULL;
      return gpg_error (GPG_ERR_INV_ARG);
    }
  return gpg_error (do_scan (retsexp, erroff, format, strlen (format), 1,
                             arg_list, NULL, NULL));
}


/* As gcry_sexp_build_array, for internal callers whose FORMAT comes
 * from outside (the data templates of gcry_pk_hash_sign): ARG_TYPES
 * gives the type letter of each ARG_LIST entry (see NEXT_ARG), so
 * that a directive that does not match its argument gives
 * GPG_ERR_INV_ARG instead of reading it as another type.  */
gpg_err_code_t
_gcry_sexp_build_typed (gcry_sexp_t *retsexp, const char *format,
                        void **arg_list, const char *arg_types)
{
  if (!format)
    {
      if (retsexp)
        *retsexp = NULL;
      return GPG_ERR_INV_ARG;
    }
  return do_scan (retsexp, NULL, format, strlen (format), 1, arg_list,
                  arg_types, NULL);
}


/* Return the length of the canonical expression at the start of
 * BUFFER, examining at most LENGTH bytes (no limit if LENGTH is 0).
 * Returns 0 on error with *ERRCODE and *ERROFF set (both optional);
 * a NULL BUFFER gives 0 with no error code, as in libgcrypt.
 * White space and tokens are not canonical and give
 * GPG_ERR_SEXP_BAD_CHARACTER.  */
size_t
gcry_sexp_canon_len (const unsigned char *buffer, size_t length,
                     size_t *erroff, gcry_error_t *errcode)
{
  /* LENGTH 0 means "no limit": the caller vouches for a complete
     canonical expression.  */
  size_t limit = length ? length : SIZE_MAX;
  size_t i = 0, v;
  int level = 0, in_hint = 0;
  gpg_err_code_t rc;

  if (erroff)
    *erroff = 0;
  if (errcode)
    *errcode = 0;
  if (!buffer)
    return 0;  /* Without an error code, as in libgcrypt.  */
  if (buffer[0] != '(')
    {
      rc = GPG_ERR_SEXP_NOT_CANONICAL;
      goto fail;
    }

  for (;;)
    {
      int c;

      if (i >= limit)
        {
          rc = GPG_ERR_SEXP_STRING_TOO_LONG;
          goto fail;
        }
      c = buffer[i];
      if (c == '(')
        {
          if (in_hint)
            {
              rc = GPG_ERR_SEXP_UNMATCHED_DH;
              goto fail;
            }
          level++;
          i++;
        }
      else if (c == ')')
        {
          if (in_hint)
            {
              rc = GPG_ERR_SEXP_UNMATCHED_DH;
              goto fail;
            }
          i++;
          if (!--level)
            return i;
        }
      else if (c == '[')
        {
          if (in_hint)
            {
              rc = GPG_ERR_SEXP_NESTED_DH;
              goto fail;
            }
          in_hint = 1;
          i++;
        }
      else if (c == ']')
        {
          if (!in_hint)
            {
              rc = GPG_ERR_SEXP_UNMATCHED_DH;
              goto fail;
            }
          in_hint = 0;
          i++;
        }
      else if (is_digit (c))
        {
          if (c == '0' && (i + 1 >= limit || buffer[i + 1] != ':'))
            {
              /* Only the empty string "0:" may start with 0.  */
              rc = GPG_ERR_SEXP_ZERO_PREFIX;
              goto fail;
            }
          for (v = 0; i < limit && is_digit (buffer[i]); i++)
            {
              if (v > (SIZE_MAX - 9) / 10)
                {
                  rc = GPG_ERR_SEXP_STRING_TOO_LONG;
                  goto fail;
                }
              v = v * 10 + (buffer[i] - '0');
            }
          if (i >= limit)
            {
              rc = GPG_ERR_SEXP_STRING_TOO_LONG;
              goto fail;
            }
          if (buffer[i] != ':')
            {
              rc = GPG_ERR_SEXP_INV_LEN_SPEC;
              goto fail;
            }
          if (v >= limit - i)
            {
              /* The data does not fit; report the ':'.  */
              rc = GPG_ERR_SEXP_STRING_TOO_LONG;
              goto fail;
            }
          i += 1 + v;
        }
      else if (c == '&' || c == '\\')
        {
          rc = GPG_ERR_SEXP_UNEXPECTED_PUNC;
          goto fail;
        }
      else
        {
          rc = GPG_ERR_SEXP_BAD_CHARACTER;
          goto fail;
        }
    }

 fail:
  if (erroff)
    *erroff = i;
  if (errcode)
    *errcode = gpg_error (rc);
  return 0;
}



/*
 * Accessors.
 */

/* Walk from P over NUMBER elements and return the position after them,
 * or NULL if TAG_END comes first.  The walk counts as libgcrypt's
 * accessors do: depth starts at 0 at P, a data item at depth 0 and a
 * closing parenthesis that returns to depth 0 end an element, and the
 * walk goes on past the end of the list that contains P.  Inside one
 * list this is the ordinary count; an object with several top-level
 * lists continues into the next one (libgcrypt behaves the same way,
 * see the manual).  A negative NUMBER walks nowhere.  */
static const byte *
skip_elements (const byte *p, int number)
{
  int level = 0;

  while (number > 0)
    {
      switch (*p)
        {
        case TAG_DATA:
          p += 1 + LENBYTES + get_datalen (p + 1);
          if (!level)
            number--;
          break;
        case TAG_OPEN:
          level++;
          p++;
          break;
        case TAG_CLOSE:
          level--;
          p++;
          if (!level)
            number--;
          break;
        default:
          return NULL;
        }
    }
  return p;
}


/* Return the position of element NUMBER of LIST (counted by
 * skip_elements from just after its first parenthesis), which may be
 * a TAG_CLOSE or TAG_END when there is none.  NULL if LIST is NULL,
 * does not start with a list, or the walk reaches the end.  */
static const byte *
nth_element (const gcry_sexp_t list, int number)
{
  if (!list || list->d[0] != TAG_OPEN)
    return NULL;
  return skip_elements (list->d + 1, number);
}


/* Copy the element at P of LIST (a TAG_DATA or TAG_OPEN) into a new
 * object.  */
static gcry_sexp_t
copy_element (const gcry_sexp_t list, const byte *p)
{
  gpg_err_code_t rc;

  return make_object (p, skip_element (p) - p, list->secure, &rc);
}


/* Return a new object, in the same kind of memory as LIST, holding
 * the list of the N bytes of (whole) elements at P.  NULL if out of
 * memory.  */
static gcry_sexp_t
make_list (const gcry_sexp_t list, const byte *p, size_t n)
{
  gcry_sexp_t s;

  s = list->secure ? _gcry_malloc_secure (sizeof *s + n + 3)
                   : _gcry_malloc (sizeof *s + n + 3);
  if (!s)
    return NULL;
  s->size = n + 3;
  s->secure = list->secure;
  s->d[0] = TAG_OPEN;
  memcpy (s->d + 1, p, n);
  s->d[n + 1] = TAG_CLOSE;
  s->d[n + 2] = TAG_END;
  return s;
}


/* Copy the element at P of LIST into a new object: a data element
 * becomes a list holding just that element, a list is copied, and
 * anything else (the end of a list or of LIST) gives NULL.  This is
 * the result of libgcrypt's gcry_sexp_nth and gcry_sexp_cdr.  */
static gcry_sexp_t
copy_element_as_list (const gcry_sexp_t list, const byte *p)
{
  if (!p)
    return NULL;
  if (*p == TAG_DATA)
    return make_list (list, p, skip_element (p) - p);
  if (*p == TAG_OPEN)
    return copy_element (list, p);
  return NULL;
}


/* Return the number of elements at depth 1, i.e. of the top-level
 * list, as libgcrypt does: with several top-level lists their elements
 * add up, a top-level data element does not count, and NULL has 0.  */
int
gcry_sexp_length (const gcry_sexp_t list)
{
  const byte *p;
  int level = 0, n = 0;

  if (!list)
    return 0;
  for (p = list->d; *p != TAG_END; )
    {
      switch (*p)
        {
        case TAG_DATA:
          if (level == 1)
            n++;
          p += 1 + LENBYTES + get_datalen (p + 1);
          break;
        case TAG_OPEN:
          if (level == 1)
            n++;
          level++;
          p++;
          break;
        default:
          level--;
          p++;
          break;
        }
    }
  return n;
}


/* Return a copy of element NUMBER (0-based; a negative NUMBER means 0,
 * as in libgcrypt) of LIST; a data element comes back as a
 * one-element list, so that gcry_sexp_nth_data (R, 0) reads it.  NULL
 * if there is no such element or LIST does not start with a list.  */
gcry_sexp_t
gcry_sexp_nth (const gcry_sexp_t list, int number)
{
  return copy_element_as_list (list, nth_element (list, number));
}


/* Element 0 of LIST (its type, normally a data element).  */
gcry_sexp_t
gcry_sexp_car (const gcry_sexp_t list)
{
  return gcry_sexp_nth (list, 0);
}


/* The car of the cdr, composed as in libgcrypt.  */
gcry_sexp_t
gcry_sexp_cadr (const gcry_sexp_t list)
{
  gcry_sexp_t rest = gcry_sexp_cdr (list);
  gcry_sexp_t r = gcry_sexp_car (rest);

  gcry_sexp_release (rest);
  return r;
}


/* Return a new list holding element 1 of LIST, or NULL if LIST has no
 * element 1.  This is what libgcrypt's gcry_sexp_cdr returns (its
 * manual promises the list of all elements but the first, and
 * programs are written against the code): the cdr of (a b c) is (b),
 * and that of (a (b c) d) is ((b c)).  */
gcry_sexp_t
gcry_sexp_cdr (const gcry_sexp_t list)
{
  const byte *p = nth_element (list, 1);

  if (!p || (*p != TAG_DATA && *p != TAG_OPEN))
    return NULL;
  return make_list (list, p, skip_element (p) - p);
}


/* Return a copy of the first list in LIST (LIST itself included,
 * searched in document order) whose first element is the data TOK of
 * TOKLEN bytes (strlen (TOK) if TOKLEN is 0), or NULL.  */
gcry_sexp_t
gcry_sexp_find_token (gcry_sexp_t list, const char *tok, size_t toklen)
{
  const byte *p;

  if (!list || !tok)
    return NULL;
  if (!toklen)
    toklen = strlen (tok);

  /* Visit the lists in document order; the first whose first element
     is the token wins.  */
  for (p = list->d; *p != TAG_END; )
    {
      if (*p == TAG_OPEN)
        {
          if (p[1] == TAG_DATA && get_datalen (p + 2) == toklen
              && !memcmp (p + 2 + LENBYTES, tok, toklen))
            return copy_element (list, p);
          p++;
        }
      else if (*p == TAG_DATA)
        p += 1 + LENBYTES + get_datalen (p + 1);
      else
        p++;
    }
  return NULL;
}


/* Return a pointer into LIST to the data of element NUMBER (counted as
 * by gcry_sexp_nth, a negative NUMBER means 0) and store its length at
 * *DATALEN; a top-level data element is its own element 0.  NULL (and
 * length 0) if that element is missing or a list.  */
const char *
_gcry_sexp_nth_data (gcry_sexp_t list, int number, size_t *datalen)
{
  const byte *p;

  if (datalen)
    *datalen = 0;
  if (!list)
    return NULL;
  if (list->d[0] == TAG_DATA)
    {
      /* A top-level data element is its own element 0.  */
      if (number)
        return NULL;
      p = list->d;
    }
  else
    p = nth_element (list, number);
  if (!p || *p != TAG_DATA)
    return NULL;
  if (datalen)
    *datalen = get_datalen (p + 1);
  return (const char *)(p + 1 + LENBYTES);
}


const char *
gcry_sexp_nth_data (const gcry_sexp_t list, int number, size_t *datalen)
{
  return _gcry_sexp_nth_data (list, number, datalen);
}


/* As gcry_sexp_nth_data but return a copy allocated with gcry_malloc
 * (secure if LIST is).  Empty data gives NULL, as in libgcrypt.  */
void *
gcry_sexp_nth_buffer (const gcry_sexp_t list, int number, size_t *rlength)
{
  const char *s;
  size_t n;
  void *buf;

  if (rlength)
    *rlength = 0;
  s = _gcry_sexp_nth_data (list, number, &n);
  if (!s || !n)
    return NULL;
  buf = list->secure ? _gcry_malloc_secure (n) : _gcry_malloc (n);
  if (!buf)
    return NULL;
  memcpy (buf, s, n);
  if (rlength)
    *rlength = n;
  return buf;
}


/* As gcry_sexp_nth_buffer but NUL terminated.  */
char *
gcry_sexp_nth_string (gcry_sexp_t list, int number)
{
  const char *s;
  size_t n;
  char *buf;

  s = _gcry_sexp_nth_data (list, number, &n);
  if (!s || !n || n == SIZE_MAX)
    return NULL;
  buf = list->secure ? _gcry_malloc_secure (n + 1) : _gcry_malloc (n + 1);
  if (!buf)
    return NULL;
  memcpy (buf, s, n);
  buf[n] = 0;
  return buf;
}


/* Convert the data of element NUMBER of LIST to an MPI of format
 * MPIFMT (0 means GCRYMPI_FMT_STD; GCRYMPI_FMT_OPAQUE takes the bytes
 * as they are).  The MPI is secure if LIST is.  NULL on failure.  */
gcry_mpi_t
gcry_sexp_nth_mpi (gcry_sexp_t list, int number, int mpifmt)
{
  const char *s;
  size_t n;
  gcry_mpi_t a = NULL;

  s = _gcry_sexp_nth_data (list, number, &n);
  if (!s)
    return NULL;
  if (mpifmt == GCRYMPI_FMT_OPAQUE)
    {
      /* Empty data gives no opaque value, as in libgcrypt.  */
      if (!n || n > UINT_MAX / 8)
        return NULL;
      /* S points into LIST, so a secure LIST gives a secure copy.  */
      return gcry_mpi_set_opaque_copy (NULL, s, (unsigned int)(n * 8));
    }
  if (!mpifmt)
    mpifmt = GCRYMPI_FMT_STD;
  if (mpifmt == GCRYMPI_FMT_HEX)
    return NULL;  /* Needs a C string, which data is not.  */
  if (gcry_mpi_scan (&a, mpifmt, s, n, NULL))
    return NULL;
  return a;
}



/*
 * Printing.
 */

enum data_encoding { ENC_HEX, ENC_QUOTED, ENC_TOKEN };

/* Bytes that would make a quoted string unreadable.  */
static int
is_control (int c)
{
  return c < 0x20 || (c >= 0x7f && c <= 0xa0);
}

/* Control characters that a quoted string has a short escape for.  */
static int
has_short_escape (int c)
{
  return c && strchr ("\b\t\v\n\f\r\"'\\", c) != NULL;
}


/* Choose the advanced encoding of data S of N bytes as libgcrypt
 * does: binary-looking data (a leading 0x00 or a set top bit, which
 * looks like a number, or unprintable bytes) as hex, valid tokens as
 * tokens, everything else as a quoted string.  */
static enum data_encoding
choose_encoding (const byte *s, size_t n)
{
  int token_ok = 1;
  size_t i;

  if (!n)
    return ENC_QUOTED;
  if (!s[0] || (s[0] & 0x80))
    return ENC_HEX;
  for (i = 0; i < n; i++)
    {
      if (is_control (s[i]) && !has_short_escape (s[i]))
        return ENC_HEX;
      if (!is_token_char (s[i]))
        token_ok = 0;
    }
  return (token_ok && !is_digit (s[0])) ? ENC_TOKEN : ENC_QUOTED;
}


/* Output sink: counts always, writes when OUT is not NULL.  */
struct sink
{
  char *out;
  size_t len;
};

static void
emit (struct sink *k, const void *p, size_t n)
{
  if (k->out)
    memcpy (k->out + k->len, p, n);
  k->len += n;
}

static void
emit_char (struct sink *k, int c)
{
  char ch = (char)c;

  emit (k, &ch, 1);
}

static void
emit_newline_indent (struct sink *k, int indent)
{
  emit_char (k, '\n');
  for (; indent > 0; indent--)
    emit_char (k, ' ');
}


/* The hex digit (uppercase) for V in 0..15, without a table lookup.  */
static char
hex_digit_ct (u32 v)
{
  return (char)('0' + v + (ct_lt (9, v) * ('A' - '0' - 10)));
}


/* Print data S of N bytes in the advanced format.  Data that may be a
 * secret (SECRET set: any data of a secure object but the first element
 * of a list, and everything after a secret name such as "d" or "s", see
 * is_secret_name) is always printed as hex, converted without
 * branches or lookups on its bytes, so that neither the output length
 * nor the timing depends on it; other data gets the encoding
 * libgcrypt would choose.  */
static void
emit_data_advanced (struct sink *k, const byte *s, size_t n, int secret)
{
  size_t i;

  switch (secret ? ENC_HEX : choose_encoding (s, n))
    {
    case ENC_TOKEN:
      emit (k, s, n);
      break;

    case ENC_QUOTED:
      emit_char (k, '"');
      for (i = 0; i < n; i++)
        {
          int c = s[i];
          const char *esc = NULL;

          switch (c)
            {
            case '\b': esc = "\\b"; break;
            case '\t': esc = "\\t"; break;
            case '\v': esc = "\\v"; break;
            case '\n': esc = "\\n"; break;
            case '\f': esc = "\\f"; break;
            case '\r': esc = "\\r"; break;
            case '"':  esc = "\\\""; break;
            case '\'': esc = "\\'"; break;
            case '\\': esc = "\\\\"; break;
            default: break;
            }
          if (esc)
            emit (k, esc, 2);
          else if (is_control (c))
            {
              char tmp[5];

              snprintf (tmp, sizeof tmp, "\\x%02x", c);
              emit (k, tmp, 4);
            }
          else
            emit_char (k, c);
        }
      emit_char (k, '"');
      break;

    default:
      emit_char (k, '#');
      for (i = 0; i < n; i++)
        {
          emit_char (k, hex_digit_ct (s[i] >> 4));
          emit_char (k, hex_digit_ct (s[i] & 15));
        }
      emit_char (k, '#');
      break;
    }
}


/* Return true if the data element at P (a TAG_DATA) names a
 * parameter whose value is secret: the private parts of our keys
 * ("s", "S"), and the names libgcrypt uses for private values ("d",
 * "x", "seed").  */
static int
is_secret_name (const byte *p)
{
  static const char *const names[] = { "d", "s", "S", "x", "seed" };
  size_t n = get_datalen (p + 1), i;

  for (i = 0; i < DIM (names); i++)
    if (n == strlen (names[i]) && !memcmp (p + 1 + LENBYTES, names[i], n))
      return 1;
  return 0;
}


/* Render the encoded expression D in MODE.  The layout of the
 * non-canonical modes follows libgcrypt: each nested list starts on a
 * new line indented by its depth, data items of the advanced format
 * are separated by a space, and the output ends with a newline.  */
static void
render (struct sink *k, const byte *d, int mode, int secure)
{
  const byte *p = d;
  int indent = 0;
  int secret_from = 0;  /* Depth of the list holding a secret, or 0.  */
  int after_open = 0;   /* The previous tag was TAG_OPEN.  */
  char numbuf[24];

  while (*p != TAG_END)
    {
      int tag = *p;

      switch (tag)
        {
        case TAG_OPEN:
          if (mode != GCRYSEXP_FMT_CANON && indent)
            emit_newline_indent (k, indent);
          emit_char (k, '(');
          indent++;
          p++;
          /* Everything after a secret name, down to the end of its
             list, is printed as hex.  */
          if (!secret_from && *p == TAG_DATA && is_secret_name (p))
            secret_from = indent;
          break;

        case TAG_CLOSE:
          emit_char (k, ')');
          if (indent == secret_from)
            secret_from = 0;
          indent--;
          p++;
          if (mode != GCRYSEXP_FMT_CANON
              && *p != TAG_OPEN && *p != TAG_END)
            emit_newline_indent (k, indent);
          break;

        default: /* TAG_DATA */
          {
            size_t n = get_datalen (p + 1);
            const byte *s = p + 1 + LENBYTES;
            /* The first element of a list names it and is public by
               convention (libgcrypt's key formats rely on that), so
               it keeps its normal encoding; so does the name of a
               secret parameter.  */
            int secret = (secure && !after_open)
                         || (secret_from
                             && !(after_open && indent == secret_from));

            p = s + n;
            if (mode == GCRYSEXP_FMT_ADVANCED)
              {
                emit_data_advanced (k, s, n, secret);
                if (*p != TAG_CLOSE)
                  emit_char (k, ' ');
              }
            else
              {
                snprintf (numbuf, sizeof numbuf, "%lu:", (unsigned long)n);
                emit (k, numbuf, strlen (numbuf));
                emit (k, s, n);
              }
          }
          break;
        }
      after_open = tag == TAG_OPEN;
    }
  if (mode != GCRYSEXP_FMT_CANON)
    emit_char (k, '\n');
}


/* Print SEXP (NULL prints as "()") in MODE to BUFFER of MAXLENGTH
 * bytes and NUL terminate it.  Returns the length without the NUL, 0
 * if BUFFER is too small, or, if BUFFER is NULL, the size needed
 * including the NUL.  */
size_t
gcry_sexp_sprint (gcry_sexp_t sexp, int mode, void *buffer, size_t maxlength)
{
  static const byte empty_list[3] = { TAG_OPEN, TAG_CLOSE, TAG_END };
  const byte *d = sexp ? sexp->d : empty_list;
  int secure = sexp && sexp->secure;
  struct sink k;

  /* GCRYSEXP_FMT_BASE64 is not supported by libgcrypt either; like
     there it falls back to the default layout.  */
  k.out = NULL;
  k.len = 0;
  render (&k, d, mode, secure);
  if (!buffer)
    return k.len + 1;  /* Room for the terminating NUL.  */
  if (k.len >= maxlength)
    return 0;
  k.out = buffer;
  k.len = 0;
  render (&k, d, mode, secure);
  k.out[k.len] = 0;
  return k.len;
}


/* Log A in advanced format at debug level.  */
void
gcry_sexp_dump (const gcry_sexp_t a)
{
  size_t n;
  char *buf;

  if (!a)
    {
      log_debug ("[nil]\n");
      return;
    }
  n = gcry_sexp_sprint (a, GCRYSEXP_FMT_ADVANCED, NULL, 0);
  buf = a->secure ? _gcry_malloc_secure (n) : _gcry_malloc (n);
  if (!buf)
    {
      log_debug ("[out of core]\n");
      return;
    }
  gcry_sexp_sprint (a, GCRYSEXP_FMT_ADVANCED, buf, n);
  log_debug ("%s", buf);
  wipememory (buf, n);
  xfree (buf);
}



/*
 * gcry_sexp_extract_param.
 */

/* What an extract_param result slot holds, for the cleanup on error.  */
enum slot_kind
  {
    SLOT_NONE,        /* Nothing allocated (integers, unset).  */
    SLOT_MPI,         /* gcry_mpi_t *.  */
    SLOT_BUF_CALLER,  /* gcry_buffer_t with the caller's memory.  */
    SLOT_BUF_OURS,    /* gcry_buffer_t we allocated.  */
    SLOT_STRING       /* char ** we allocated.  */
  };

/* libgcrypt's limit; more names give GPG_ERR_LIMIT_REACHED.  */
#define EXTRACT_MAX_PARAMS 20


/* Return the concatenation of the data elements 1..n-1 of L separated
 * by single spaces, with sublists shown as "()" (the "%#s" mode).  */
static char *
join_flags (gcry_sexp_t l)
{
  int n = gcry_sexp_length (l);
  size_t needed = 1, len;
  const char *s;
  char *buf, *o;
  int i;

  for (i = 1; i < n; i++)
    {
      s = _gcry_sexp_nth_data (l, i, &len);
      needed += (s ? len : 2) + 1;
    }
  o = buf = xtrymalloc (needed);
  if (!buf)
    return NULL;
  for (i = 1; i < n; i++)
    {
      s = _gcry_sexp_nth_data (l, i, &len);
      if (i > 1)
        *o++ = ' ';
      if (!s)
        {
          s = "()";
          len = 2;
        }
      memcpy (o, s, len);
      o += len;
    }
  *o = 0;
  return buf;
}


/* Store the value (element 1) of the sublist L into slot ARG according
 * to MODE ('+', '-', '/', '&', 's', '#', 'd', 'u') and SUBMODE (0,
 * 'l', 'z') and record in *KIND what to undo on a later error.  */
static gpg_err_code_t
extract_one (gcry_sexp_t l, void *arg, int mode, int submode,
             enum slot_kind *kind)
{
  const char *data;
  size_t n;
  char *str;

  switch (mode)
    {
    case '&':
      {
        gcry_buffer_t *spec = arg;

        if (spec->data)
          {
            data = _gcry_sexp_nth_data (l, 1, &n);
            if (!data || !n)
              return GPG_ERR_INV_OBJ;
            /* LEN stays as it is, as in libgcrypt.  */
            if (spec->off > spec->size || n > spec->size - spec->off)
              return GPG_ERR_BUFFER_TOO_SHORT;
            memcpy ((char *)spec->data + spec->off, data, n);
            spec->len = n;
            *kind = SLOT_BUF_CALLER;
          }
        else
          {
            spec->data = gcry_sexp_nth_buffer (l, 1, &spec->size);
            if (!spec->data)
              return GPG_ERR_INV_OBJ;
            spec->len = spec->size;
            spec->off = 0;
            *kind = SLOT_BUF_OURS;
          }
      }
      return 0;

    case 's':
    case '#':
      str = mode == '#' ? join_flags (l) : gcry_sexp_nth_string (l, 1);
      if (!str)
        return GPG_ERR_INV_OBJ;
      *(char **)arg = str;
      *kind = SLOT_STRING;
      return 0;

    case 'd':
    case 'u':
      str = gcry_sexp_nth_string (l, 1);
      if (!str)
        return GPG_ERR_INV_OBJ;
      if (mode == 'd')
        {
          long v = strtol (str, NULL, 10);

          if (submode == 'l')
            *(long *)arg = v;
          else
            *(int *)arg = (int)v;
        }
      else
        {
          unsigned long v = strtoul (str, NULL, 10);

          if (submode == 'l')
            *(unsigned long *)arg = v;
          else if (submode == 'z')
            *(size_t *)arg = v;
          else
            *(unsigned int *)arg = (unsigned int)v;
        }
      xfree (str);
      return 0;

    default:
      {
        int fmt = (mode == '/' ? GCRYMPI_FMT_OPAQUE
                   : mode == '-' ? GCRYMPI_FMT_STD : GCRYMPI_FMT_USG);
        gcry_mpi_t m = gcry_sexp_nth_mpi (l, 1, fmt);

        *kind = SLOT_MPI;
        *(gcry_mpi_t *)arg = m;
        if (!m)
          return GPG_ERR_INV_OBJ;
      }
      return 0;
    }
}


/* Set the slot ARG of an optional parameter that is absent.  */
static void
extract_absent (void *arg, int mode, int submode, enum slot_kind *kind)
{
  switch (mode)
    {
    case '&':
      {
        gcry_buffer_t *spec = arg;

        if (!spec->data)
          spec->size = spec->off = 0;
        spec->len = 0;
      }
      break;
    case 's':
    case '#':
      *(char **)arg = NULL;
      *kind = SLOT_STRING;
      break;
    case 'd':
      if (submode == 'l')
        *(long *)arg = 0;
      else
        *(int *)arg = 0;
      break;
    case 'u':
      if (submode == 'l')
        *(unsigned long *)arg = 0;
      else if (submode == 'z')
        *(size_t *)arg = 0;
      else
        *(unsigned int *)arg = 0;
      break;
    default:
      *(gcry_mpi_t *)arg = NULL;
      *kind = SLOT_MPI;
      break;
    }
}


/* Undo the results stored in the first N slots.  */
static void
extract_cleanup (void **args, enum slot_kind *kinds, int n)
{
  int i;

  for (i = 0; i < n; i++)
    {
      switch (kinds[i])
        {
        case SLOT_MPI:
          gcry_mpi_release (*(gcry_mpi_t *)args[i]);
          *(gcry_mpi_t *)args[i] = NULL;
          break;
        case SLOT_BUF_CALLER:
          ((gcry_buffer_t *)args[i])->len = 0;
          break;
        case SLOT_BUF_OURS:
          {
            gcry_buffer_t *spec = args[i];

            xfree (spec->data);
            spec->data = NULL;
            spec->size = spec->off = spec->len = 0;
          }
          break;
        case SLOT_STRING:
          xfree (*(char **)args[i]);
          *(char **)args[i] = NULL;
          break;
        default:
          break;
        }
    }
}


/* Parse a mode switch at *S of the parameter list.  Returns 1 and
 * advances *S past it if there is one.  */
static int
parse_mode (const char **s, int *mode, int *submode)
{
  const char *p = *s;

  if (*p == '+' || *p == '-' || *p == '/' || *p == '&')
    {
      *mode = *p;
      *submode = 0;
      *s = p + 1;
      return 1;
    }
  if (*p != '%')
    return 0;
  p++;
  if (*p == 's' || *p == 'd' || *p == 'u')
    {
      *mode = *p;
      *submode = 0;
      p++;
    }
  else if (*p == 'l' && (p[1] == 'u' || p[1] == 'd'))
    {
      *mode = p[1];
      *submode = 'l';
      p += 2;
    }
  else if (*p == 'z' && p[1] == 'u')
    {
      *mode = 'u';
      *submode = 'z';
      p += 2;
    }
  else if (*p == '#' && p[1] == 's')
    {
      *mode = '#';
      *submode = 0;
      p += 2;
    }
  else if (*p)
    p++;  /* Unknown conversions are skipped, as in libgcrypt.  */
  *s = p;
  return 1;
}


/* Parse the parameter name at *S (one character, or 'quoted').
 * Returns 0 and sets *NAME and *NAMELEN and advances *S, or an error.  */
static gpg_err_code_t
parse_name (const char **s, const char **name, size_t *namelen)
{
  const char *p = *s;

  if (*p == '\'')
    {
      const char *q = strchr (p + 1, '\'');

      if (!q || q == p + 1)
        return GPG_ERR_SYNTAX;
      *name = p + 1;
      *namelen = q - p - 1;
      *s = q + 1;
    }
  else
    {
      *name = p;
      *namelen = 1;
      *s = p + 1;
    }
  return 0;
}


/* Extract the parameters named in LIST from SEXP (below the sublist
 * reached by the '!'-separated tokens of PATH, if given).  Each name is
 * one character or a 'quoted' string and names a sublist "(name
 * value)"; the value goes to the next pointer argument, converted
 * according to the current mode: '+' unsigned MPI (default), '-'
 * signed MPI, '/' opaque MPI, '&' gcry_buffer_t (allocated by us if
 * its DATA is NULL, else filled in at OFF), "%s" and "%#s" char *,
 * "%d" "%ld" "%u" "%lu" "%zu" integers.  A '?' right after a name
 * makes it optional (absent gives NULL or 0).  The pointers are
 * followed by a NULL.  On error everything stored so far is released
 * and reset; a missing parameter gives GPG_ERR_NO_OBJ, a value that
 * does not convert GPG_ERR_INV_OBJ.  */
gpg_error_t
gcry_sexp_extract_param (gcry_sexp_t sexp, const char *path,
                         const char *list, ...)
{
  void *args[EXTRACT_MAX_PARAMS];
  enum slot_kind kinds[EXTRACT_MAX_PARAMS];
  gcry_sexp_t start = NULL, l;
  gpg_err_code_t rc = 0;
  const char *s, *name;
  size_t namelen;
  int nargs = 0, idx, mode, submode;
  va_list ap;

  if (!list)
    return gpg_error (GPG_ERR_INV_ARG);

  /* Collect the result pointers first, so that everything stored so
     far can be released if a later parameter fails.  */
  va_start (ap, list);
  for (s = list; *s; )
    {
      if (parse_mode (&s, &mode, &submode))
        continue;
      if (*s == '?' || is_space (*s))
        {
          s++;
          continue;
        }
      if ((rc = parse_name (&s, &name, &namelen)))
        break;
      args[nargs] = va_arg (ap, void *);
      if (!args[nargs])
        {
          rc = GPG_ERR_MISSING_VALUE;
          break;
        }
      kinds[nargs++] = SLOT_NONE;
      /* As in libgcrypt, anything after the last name that fits (even
         a '?' or a space) is too much.  */
      if (nargs == EXTRACT_MAX_PARAMS && *s)
        {
          rc = GPG_ERR_LIMIT_REACHED;
          break;
        }
    }
  if (!rc && va_arg (ap, void *))
    rc = GPG_ERR_INV_ARG;  /* More pointers than names (or no NULL).  */
  va_end (ap);
  if (rc)
    return gpg_error (rc);

  /* Walk down the '!' separated PATH.  */
  l = sexp;
  while (path && *path)
    {
      const char *bang = strchr (path, '!');
      size_t n = bang ? (size_t)(bang - path) : strlen (path);
      gcry_sexp_t next;

      next = n ? gcry_sexp_find_token (l, path, n) : NULL;
      gcry_sexp_release (start);
      start = next;
      if (!next)
        return gpg_error (GPG_ERR_NOT_FOUND);
      l = next;
      path = bang ? bang + 1 : NULL;
    }

  mode = '+';
  submode = 0;
  idx = 0;
  for (s = list; *s && !rc; )
    {
      const char *after;
      gcry_sexp_t sub;

      if (parse_mode (&s, &mode, &submode))
        continue;
      if (*s == '?' || is_space (*s))
        {
          s++;
          continue;
        }
      parse_name (&s, &name, &namelen);
      after = s;
      sub = gcry_sexp_find_token (l, name, namelen);
      if (!sub && *after == '?')
        extract_absent (args[idx], mode, submode, &kinds[idx]);
      else if (!sub)
        rc = GPG_ERR_NO_OBJ;
      else
        rc = extract_one (sub, args[idx], mode, submode, &kinds[idx]);
      gcry_sexp_release (sub);
      idx++;
    }

  if (rc)
    extract_cleanup (args, kinds, idx);
  gcry_sexp_release (start);
  return gpg_error (rc);
}
