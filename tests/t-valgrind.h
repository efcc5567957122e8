/* t-valgrind.h - Valgrind client requests for the constant-time tests
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* A "ct" test part marks its secrets as undefined, so that memcheck
 * reports every conditional jump and every memory address computed
 * from them, and marks the results as defined again before it checks
 * them.  Without Valgrind's headers the requests do nothing and the
 * part only checks the results.  */
#ifndef T_VALGRIND_H
#define T_VALGRIND_H 1

#if defined(__has_include)
# if __has_include(<valgrind/memcheck.h>)
#  include <valgrind/memcheck.h>
#  define HAVE_VALGRIND_MEMCHECK 1
# endif
#endif
#ifndef HAVE_VALGRIND_MEMCHECK
# define VALGRIND_MAKE_MEM_UNDEFINED(p, n) ((void)(p), (void)(n))
# define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
# define RUNNING_ON_VALGRIND 0
#endif

#endif /*T_VALGRIND_H*/
