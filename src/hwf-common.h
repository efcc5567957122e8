/* hwf-common.h - Hardware feature bits of libgcrypt-pqc
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef HWF_COMMON_H
#define HWF_COMMON_H 1

/* One bit per feature.  The user-visible names ("intel-avx2", ...)
   are listed in src/hwfeatures.c; a feature reported here is usable:
   for AVX2 and AVX-512 the OS saves the register state (XGETBV).  */
#define HWF_INTEL_CPU        (1u << 0)
#define HWF_INTEL_BMI2       (1u << 1)
#define HWF_INTEL_AVX        (1u << 2)
#define HWF_INTEL_AVX2       (1u << 3)
#define HWF_INTEL_AVX512     (1u << 4)  /* F, BW, VL, DQ and CD.  */
#define HWF_INTEL_SHAEXT     (1u << 5)  /* SHA, with SSSE3 and SSE4.1.  */
/* A tuning hint, not an instruction set (like libgcrypt's
   intel-fast-shld): AVX-512 usable and the core executes 512-bit
   vector instructions at the throughput of 256-bit ones (AMD Zen 5
   with the full-width datapath).  Only cost models read it.  */
#define HWF_INTEL_FAST_ZMM   (1u << 6)
/* AVX-512 VBMI2 (vpcompressw, vpexpandw, ...) with VBMI (vpermb);
   reported only with HWF_INTEL_AVX512, whose kernels it extends.  */
#define HWF_INTEL_VBMI2      (1u << 7)

#define HWF_PPC_VCRYPTO      (1u << 8)
#define HWF_PPC_ARCH_3_00    (1u << 9)
#define HWF_PPC_ARCH_2_07    (1u << 10)
#define HWF_PPC_ARCH_3_10    (1u << 11)
#define HWF_PPC_VSX          (1u << 12)
/* A tuning hint: an AMD core with six integer ALUs beside its vector
   pipes (family 1Ah, Zen 5), where a scalar Keccak state next to the
   AVX2 4-way code costs about 4% of a call.  Without it (Zen 2 to
   Zen 4, four ALUs) the 5-way call costs 1.37 4-way ones.  Only cost
   models read it.  */
#define HWF_INTEL_WIDE_ALU   (1u << 13)

/*-- hwf-x86.c, hwf-ppc.c --*/
unsigned int _gcry_hwf_detect_x86 (void);
unsigned int _gcry_hwf_detect_ppc (void);

/*-- hwfeatures.c --*/
/* Disable the feature NAME ("all" for every feature).  Only effective
   before the features are detected.  */
gpg_err_code_t _gcry_disable_hw_feature (const char *name);
/* Benchmarks only: narrow the usable features to MASK (see
   hwfeatures.c); use _gcry_reselect_backends, which also re-runs the
   kernel selection.  */
unsigned int _gcry_hwf_limit (unsigned int mask);
/* Enumerate the known features for gcry_get_config's "hwflist":
   return the name of entry IDX (0, 1, ...) and store its HWF_ bit at
   R_FEATURE, or return NULL past the last entry.  */
const char *_gcry_enum_hw_features (int idx, unsigned int *r_feature);
/* Return the HWF_ bits named in the deny file FNAME (0 if it is
   missing), reporting lines with unknown names.  */
unsigned int _gcry_hwf_parse_deny_file (const char *fname);

#endif /*HWF_COMMON_H*/
