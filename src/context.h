/* context.h - Internal interface of the gcry_ctx_t objects
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#ifndef GCRY_CONTEXT_H
#define GCRY_CONTEXT_H 1

#include "types.h"
#include "gcrypt.h"

/* The data of the first N contexts of the chain CTX as arguments of N
   "%b" directives for gcry_sexp_build_array (see context.c).  */
int _gcry_ctx_data_args (gcry_ctx_t ctx, void **args, int *lens,
                         const void **ptrs, int n, int exact);

#endif /* GCRY_CONTEXT_H */
