/* hwf-x86.c - Hardware feature detection for x86-64
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

/* A vector extension is reported only when both the CPU has it
 * (CPUID) and the operating system saves and restores its register
 * state on context switches (XGETBV of XCR0, readable when CPUID
 * reports OSXSAVE).  Otherwise the first context switch would corrupt
 * the registers of our kernels.
 *
 *   AVX:     CPUID.1:ECX.AVX[28], XCR0 bits 1 (SSE) and 2 (YMM high).
 *   AVX2:    AVX usable and CPUID.(7,0):EBX.AVX2[5].
 *   AVX-512: AVX2 usable, CPUID.(7,0):EBX bits F[16], DQ[17], CD[28],
 *            BW[30], VL[31], and XCR0 bits 5-7 (opmask, ZMM0-15 high
 *            halves, ZMM16-31) besides 1 and 2.
 *   BMI2:    CPUID.(7,0):EBX.BMI2[8] and BMI1[3] (the kernels that use
 *            rorx also use andn; every processor with BMI2 has BMI1);
 *            scalar extensions without register state.
 *   SHAEXT:  CPUID.(7,0):EBX.SHA[29], with SSSE3 (CPUID.1:ECX[9]) and
 *            SSE4.1 (CPUID.1:ECX[19]), which the SHA kernels also use;
 *            XMM state only, which every x86-64 OS saves.
 *   VBMI2:   AVX-512 usable and CPUID.(7,0):ECX.AVX512_VBMI2[6] and
 *            AVX512_VBMI[1] (the kernels that use vpcompressw also use
 *            vpermb; every processor with VBMI2 has VBMI).
 *   FAST_ZMM (tuning hint): AVX-512 usable on an AMD processor
 *            ("AuthenticAMD") of family 1Ah (Zen 5) other than the
 *            mobile models 20h-2Fh (Strix Point) and 60h-6Fh (Krackan
 *            Point), whose cores split 512-bit operations into two
 *            256-bit halves as Zen 4 does.  The desktop and server
 *            parts execute zmm instructions at full width: there an
 *            8-way Keccak call costs what a 4-way one costs.  Family
 *            and model from CPUID.1:EAX (base family 0Fh plus the
 *            extended family; extended model in bits 19:16).  Later
 *            families are left out until measured.
 *   WIDE_ALU (tuning hint): an AMD processor of family 1Ah (Zen 5,
 *            every model: six integer ALUs), with or without AVX-512.
 *
 * (Intel SDM vol. 1, 13.3 and 15.2; vol. 2A, CPUID.)  */

#include <config.h>

#include "g10lib.h"
#include "hwf-common.h"

#if defined(__x86_64__) && defined(__GNUC__)

/* Execute CPUID with LEAF in EAX and SUBLEAF in ECX.  */
static void
get_cpuid (unsigned int leaf, unsigned int subleaf, unsigned int regs[4])
{
  unsigned int a, b, c, d;

  __asm__ __volatile__ ("cpuid"
                        : "=a" (a), "=b" (b), "=c" (c), "=d" (d)
                        : "0" (leaf), "2" (subleaf));
  regs[0] = a;
  regs[1] = b;
  regs[2] = c;
  regs[3] = d;
}

/* Read the extended control register 0 (needs OSXSAVE).  The xgetbv
   opcode is written as bytes for assemblers that lack the
   mnemonic.  */
static unsigned long long
get_xcr0 (void)
{
  unsigned int lo, hi;

  __asm__ __volatile__ (".byte 0x0f, 0x01, 0xd0"  /* xgetbv */
                        : "=a" (lo), "=d" (hi)
                        : "c" (0));
  return ((unsigned long long)hi << 32) | lo;
}

#define XCR0_SSE       (1u << 1)
#define XCR0_YMM       (1u << 2)
#define XCR0_OPMASK    (1u << 5)
#define XCR0_ZMM_HI256 (1u << 6)
#define XCR0_HI16_ZMM  (1u << 7)

unsigned int
_gcry_hwf_detect_x86 (void)
{
  unsigned int regs[4];
  unsigned int max_leaf, eax1, ecx1, ebx7 = 0, ecx7 = 0;
  unsigned int family, model;
  int is_amd;
  unsigned long long xcr0 = 0;
  unsigned int features = 0;
  int os_ymm, os_zmm;

  get_cpuid (0, 0, regs);
  max_leaf = regs[0];
  /* Vendor string "GenuineIntel" in EBX, EDX, ECX.  */
  if (regs[1] == 0x756e6547 && regs[3] == 0x49656e69
      && regs[2] == 0x6c65746e)
    features |= HWF_INTEL_CPU;
  /* "AuthenticAMD".  */
  is_amd = (regs[1] == 0x68747541 && regs[3] == 0x69746e65
            && regs[2] == 0x444d4163);
  if (max_leaf < 1)
    return features;

  get_cpuid (1, 0, regs);
  eax1 = regs[0];
  ecx1 = regs[2];
  family = (eax1 >> 8) & 0x0f;
  model = (eax1 >> 4) & 0x0f;
  if (family == 0x0f)
    {
      family += (eax1 >> 20) & 0xff;
      model |= ((eax1 >> 16) & 0x0f) << 4;
    }
  if (max_leaf >= 7)
    {
      get_cpuid (7, 0, regs);
      ebx7 = regs[1];
      ecx7 = regs[2];
    }

  if ((ecx1 & (1u << 27)))   /* OSXSAVE */
    xcr0 = get_xcr0 ();
  os_ymm = (xcr0 & (XCR0_SSE | XCR0_YMM)) == (XCR0_SSE | XCR0_YMM);
  os_zmm = os_ymm
           && ((xcr0 & (XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM))
               == (XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM));

  if ((ebx7 & (1u << 8)) && (ebx7 & (1u << 3)))
    features |= HWF_INTEL_BMI2;
  if (is_amd && family == 0x1a)
    features |= HWF_INTEL_WIDE_ALU;
  if ((ebx7 & (1u << 29)) && (ecx1 & (1u << 9)) && (ecx1 & (1u << 19)))
    features |= HWF_INTEL_SHAEXT;

  if (os_ymm && (ecx1 & (1u << 28)))
    {
      features |= HWF_INTEL_AVX;
      if ((ebx7 & (1u << 5)))
        {
          const unsigned int avx512_bits = ((1u << 16) | (1u << 17)
                                            | (1u << 28) | (1u << 30)
                                            | (1u << 31));

          features |= HWF_INTEL_AVX2;
          if (os_zmm && (ebx7 & avx512_bits) == avx512_bits)
            {
              features |= HWF_INTEL_AVX512;
              if ((ecx7 & (1u << 6)) && (ecx7 & (1u << 1)))
                features |= HWF_INTEL_VBMI2;
              if (is_amd && family == 0x1a
                  && !(model >= 0x20 && model <= 0x2f)
                  && !(model >= 0x60 && model <= 0x6f))
                features |= HWF_INTEL_FAST_ZMM;
            }
        }
    }

  return features;
}

#else /* !__x86_64__ */

unsigned int
_gcry_hwf_detect_x86 (void)
{
  return 0;
}

#endif /* !__x86_64__ */
