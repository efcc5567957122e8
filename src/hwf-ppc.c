/* hwf-ppc.c - Hardware feature detection for 64-bit PowerPC
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

/* On PowerPC user space cannot query the CPU directly; the kernel
 * passes capability bits in the ELF auxiliary vector.  We read
 * AT_HWCAP and AT_HWCAP2 with getauxval and, where that is missing or
 * returns nothing, from /proc/self/auxv.  The kernel sets these bits
 * only for facilities it also context-switches, so no further OS
 * check is needed.
 *
 *   AT_HWCAP  0x00000080  VSX                       -> ppc-vsx
 *   AT_HWCAP2 0x80000000  ISA 2.07 (POWER8)         -> ppc-arch_2_07
 *   AT_HWCAP2 0x02000000  vector crypto (ISA 2.07)  -> ppc-vcrypto
 *   AT_HWCAP2 0x00800000  ISA 3.00 (POWER9)         -> ppc-arch_3_00
 *   AT_HWCAP2 0x00040000  ISA 3.1 (POWER10)         -> ppc-arch_3_10
 *
 * (Linux arch/powerpc/include/uapi/asm/cputable.h.)  */

#include <config.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#ifdef HAVE_SYS_AUXV_H
# include <sys/auxv.h>
#endif

#include "g10lib.h"
#include "hwf-common.h"

#if defined(__powerpc64__) || defined(__powerpc__)

#define AUXV_AT_HWCAP   16
#define AUXV_AT_HWCAP2  26

#define PPC_HWCAP_VSX          0x00000080UL
#define PPC_HWCAP2_ARCH_2_07   0x80000000UL
#define PPC_HWCAP2_VEC_CRYPTO  0x02000000UL
#define PPC_HWCAP2_ARCH_3_00   0x00800000UL
#define PPC_HWCAP2_ARCH_3_1    0x00040000UL

/* Read AT_HWCAP and AT_HWCAP2 from /proc/self/auxv, a sequence of
   (type, value) pairs of unsigned longs ended by type 0.  Returns 0 on
   success.  */
static int
read_proc_auxv (unsigned long *r_hwcap, unsigned long *r_hwcap2)
{
  unsigned long pair[2];
  int fd, found = 0;
  ssize_t n;

  do
    fd = open ("/proc/self/auxv", O_RDONLY | O_CLOEXEC);
  while (fd == -1 && errno == EINTR);
  if (fd == -1)
    return -1;
  for (;;)
    {
      size_t got = 0;

      while (got < sizeof pair)
        {
          n = read (fd, (char *)pair + got, sizeof pair - got);
          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            break;
          got += (size_t)n;
        }
      if (got < sizeof pair || pair[0] == 0)
        break;
      if (pair[0] == AUXV_AT_HWCAP)
        {
          *r_hwcap = pair[1];
          found = 1;
        }
      else if (pair[0] == AUXV_AT_HWCAP2)
        {
          *r_hwcap2 = pair[1];
          found = 1;
        }
    }
  close (fd);
  return found ? 0 : -1;
}

unsigned int
_gcry_hwf_detect_ppc (void)
{
  unsigned long hwcap = 0, hwcap2 = 0;
  unsigned int features = 0;

#ifdef HAVE_GETAUXVAL
  hwcap = getauxval (AUXV_AT_HWCAP);
  hwcap2 = getauxval (AUXV_AT_HWCAP2);
#endif
  if (!hwcap && !hwcap2)
    read_proc_auxv (&hwcap, &hwcap2);

  if ((hwcap & PPC_HWCAP_VSX))
    features |= HWF_PPC_VSX;
  if ((hwcap2 & PPC_HWCAP2_ARCH_2_07))
    features |= HWF_PPC_ARCH_2_07;
  if ((hwcap2 & PPC_HWCAP2_VEC_CRYPTO))
    features |= HWF_PPC_VCRYPTO;
  if ((hwcap2 & PPC_HWCAP2_ARCH_3_00))
    features |= HWF_PPC_ARCH_3_00;
  if ((hwcap2 & PPC_HWCAP2_ARCH_3_1))
    features |= HWF_PPC_ARCH_3_10;

  return features;
}

#else /* !__powerpc__ */

unsigned int
_gcry_hwf_detect_ppc (void)
{
  return 0;
}

#endif /* !__powerpc__ */
