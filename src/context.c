/* context.c - The gcry_ctx_t objects of the public API
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

/* Libgcrypt's opaque gcry_ctx_t has several kinds; the only one this
 * library has is the data context of gcry_pk_random_override_new (also
 * named gcry_pk_input_data_push): a byte string that
 * gcry_pk_hash_sign and gcry_pk_hash_verify put into their data
 * template.  As in Libgcrypt 1.11 and later each call pushes a new
 * context in front of the chain at *R_CTX, and gcry_ctx_release
 * releases a whole chain.  The bytes may be signing randomness, so
 * they live in secure memory and are wiped on release.  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "context.h"

/* Tells a context from a stray pointer.  */
#define CTX_MAGIC 0x63547844u   /* "cTxD" */

struct gcry_context
{
  unsigned int magic;
  struct gcry_context *next;
  size_t len;
  byte data[1];                 /* LEN bytes.  */
};


static int
ctx_valid (gcry_ctx_t ctx)
{
  return ctx && ctx->magic == CTX_MAGIC;
}

/* Push a data context holding the LEN bytes at P in front of the chain
   at *R_CTX (NULL or a chain made here).  */
gcry_error_t
gcry_pk_random_override_new (gcry_ctx_t *r_ctx, const unsigned char *p,
                             size_t len)
{
  gcry_ctx_t ctx;

  _gcry_global_init ();
  if (!r_ctx || !p)
    return gpg_error (GPG_ERR_EINVAL);
  if (*r_ctx && !ctx_valid (*r_ctx))
    return gpg_error (GPG_ERR_INV_ARG);
  if (len > (size_t)-1 - sizeof *ctx)
    return gpg_error (GPG_ERR_TOO_LARGE);
  ctx = xtrymalloc_secure (sizeof *ctx + len);
  if (!ctx)
    return gpg_error_from_syserror ();
  ctx->magic = CTX_MAGIC;
  ctx->len = len;
  memcpy (ctx->data, p, len);
  ctx->next = *r_ctx;
  *r_ctx = ctx;
  return 0;
}

/* Release CTX and the contexts chained behind it.  NULL does nothing;
   a pointer that is no context of ours is logged and left alone
   (Libgcrypt stops the process there).  */
void
gcry_ctx_release (gcry_ctx_t ctx)
{
  gcry_ctx_t next;

  for (; ctx; ctx = next)
    {
      if (!ctx_valid (ctx))
        {
          log_error ("gcry_ctx_release: not a context\n");
          return;
        }
      next = ctx->next;
      wipememory (ctx, sizeof *ctx + ctx->len);
      xfree (ctx);
    }
}

/* Store at ARGS[0..2*N-1] the length and data pointers of the first N
   entries of the chain CTX (the most recently pushed first) as
   gcry_sexp_build_array wants them for N "%b" directives, taking the
   lengths (as int) from LENS.  Returns the number of entries stored,
   or -1 if CTX is not a context or holds more than N entries when
   EXACT is set, or a length exceeds INT_MAX.  */
int
_gcry_ctx_data_args (gcry_ctx_t ctx, void **args, int *lens,
                     const void **ptrs, int n, int exact)
{
  int i;

  for (i = 0; ctx && i < n; i++, ctx = ctx->next)
    {
      if (!ctx_valid (ctx) || ctx->len > 0x7fffffff)
        return -1;
      lens[i] = (int)ctx->len;
      ptrs[i] = ctx->data;
      args[2 * i] = &lens[i];
      args[2 * i + 1] = &ptrs[i];
    }
  if (ctx && exact)
    return -1;
  return i;
}
