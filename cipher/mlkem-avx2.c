/* mlkem-avx2.c - The AVX2 kernel set of ML-KEM
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

/* The ops table "avx2" (contract: mlkem-ops.h).  NTT-domain
 * polynomials are kept in an order of its own, the one in which the
 * AVX2 NTT leaves them (in each block of 32 coefficients the even
 * residues first, then the odd ones; see mlkem-ntt-amd64-avx2.S), so
 * it replaces all the entries that see NTT-domain data: NTT, NTT^-1,
 * mulcache (its gamma table is in that order), basemul_acc (which
 * works residue by residue in any order), the byte coding of
 * NTT-domain polynomials (the _perm kernels) and the rejection step
 * of SampleNTT (which reorders its result).  The arithmetic (NTT,
 * inverse NTT, base multiplication and its cache, reduce, tomont,
 * SamplePolyCBD, ByteEncode_12/ByteDecode_12 and the rejection step
 * of SampleNTT) is in mlkem-ntt-amd64-avx2.S and
 * mlkem-poly-amd64-avx2.S; this file holds the thin wrappers.  The
 * SHAKE128 streams of SampleNTT are run by the front file.  The NTT
 * and its inverse return other representatives mod q than the
 * portable ones (within the bounds of mlkem-ops.h); all the other
 * kernels compute exactly what the portable ones compute, and the
 * serialised keys, ciphertexts and shared secrets are those of the
 * portable set.  The AVX-512 set borrows only the standard-order
 * kernels of this file.  The front file selects this set when
 * _gcry_get_hw_features () reports HWF_INTEL_AVX2 and either no
 * AVX-512 or HWF_INTEL_CPU (Intel processors, where it is preferred
 * to the AVX-512 sets; see _gcry_mlkem_ops_available), there with
 * the VBMI2 rejection parser and the AVX-512 SamplePolyCBD where the
 * processor has them (_gcry_mlkem_ops_avx2_vbmi2 at the end of this
 * file).  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "bufhelp.h"
#include "mlkem-ops.h"
#include "mlkem-avx2.h"
#include "mlkem-avx512.h"

#ifdef USE_MLKEM_AVX2

#include "mlkem-tables-avx2.h"

static void
ntt_avx2 (mlkem_poly_ntt *r, const mlkem_poly *a)
{
  _gcry_mlkem_ntt_avx2 (r->coeffs, a->coeffs, mlkem_avx2_ntt_zetas);
}

static void
invntt_tomont_avx2 (mlkem_poly *r, const mlkem_poly_ntt *a)
{
  _gcry_mlkem_invntt_avx2 (r->coeffs, a->coeffs, mlkem_avx2_invntt_zetas);
}

static void
mulcache_compute_avx2 (mlkem_poly_mulcache *c, const mlkem_poly_ntt *b)
{
  _gcry_mlkem_mulcache_avx2 (c->coeffs, b->coeffs, mlkem_avx2_gammas);
}

/* The K polynomials of A and B, and the K caches, are arrays of
 * structs holding only their coefficient arrays, so they are
 * contiguous as the assembler expects.  */
static void
basemul_acc_avx2 (mlkem_poly_ntt *r, const mlkem_poly_ntt *a,
                  const mlkem_poly_ntt *b, const mlkem_poly_mulcache *bc,
                  unsigned int k)
{
  _gcry_mlkem_basemul_acc_avx2 (r->coeffs, a->coeffs, b->coeffs,
                                bc->coeffs, k);
}

/* ByteEncode_12 / ByteDecode_12 (FIPS 203 Algorithms 5 and 6) between
 * the standard order of the bytes and the AVX2 order of the
 * coefficients, in assembler.  */
static void
poly_ntt_tobytes_avx2 (byte r[MLKEM_POLYBYTES], const mlkem_poly_ntt *a)
{
  _gcry_mlkem_tobytes_perm_avx2 (r, a->coeffs);
}

static void
poly_ntt_frombytes_avx2 (mlkem_poly_ntt *r, const byte a[MLKEM_POLYBYTES])
{
  _gcry_mlkem_frombytes_perm_avx2 (r->coeffs, a);
}

/* Room for the overshoot of the assembler: the chunk that reaches
 * MLKEM_N may append up to 16 values past it.  */
#define REJ_SLACK 16

/* The rejection step of SampleNTT (FIPS 203 Algorithm 7, lines 5-13)
 * over BUFLEN bytes of SHAKE128 output (a multiple of 3), in the
 * standard order (the REJ_UNIFORM entry of the AVX-512 set); with
 * AVX2_ORDER, the finished entry is put into the AVX2 order (the
 * entry of this set).  The partial results in R between calls are in
 * the standard order either way.  The AVX2 assembler takes 16
 * candidates at a time into a buffer with room for its overshoot;
 * with VBMI2 the VBMI2 parser of the AVX-512 set (mlkem-avx512.h),
 * which writes no further than coefficient 255, does the parsing.  A
 * remainder of less than 24 bytes, which the block sizes the front
 * file uses (504 and 168 bytes) never leave, goes one by one.  The
 * data are public, so the branches are allowed.  */
static inline __attribute__ ((always_inline)) unsigned int
rej_uniform (mlkem_poly_ntt *r, unsigned int ctr, const byte *buf,
             unsigned int buflen, int avx2_order, int vbmi2)
{
  s16 tmp[MLKEM_N + REJ_SLACK];
  unsigned int pos = 0;

  (void)vbmi2;  /* Without USE_MLKEM_AVX512.  */
  memcpy (tmp, r->coeffs, ctr * sizeof *tmp);
#ifdef USE_MLKEM_AVX512
  if (vbmi2)
    ctr = _gcry_mlkem_rej_uniform_vbmi2 (tmp, ctr, buf, buflen, &pos);
  else
#endif
    ctr = _gcry_mlkem_rej_uniform_avx2 (tmp, ctr, buf, buflen,
                                        &mlkem_avx2_rej, &pos);
  for (; ctr < MLKEM_N && pos + 3 <= buflen; pos += 3)
    {
      /* unsigned int: no 16-bit immediates (see rej_uniform in
         mlkem-poly-generic.c).  */
      unsigned int d1 = buf[pos] | ((unsigned int)(buf[pos + 1] & 0x0f)
                                    << 8);
      unsigned int d2 = (buf[pos + 1] >> 4)
                        | ((unsigned int)buf[pos + 2] << 4);

      if (d1 < MLKEM_Q)
        tmp[ctr++] = d1;
      if (d2 < MLKEM_Q && ctr < MLKEM_N)
        tmp[ctr++] = d2;
    }
  if (ctr > MLKEM_N)
    ctr = MLKEM_N;
  if (ctr == MLKEM_N && avx2_order)
    _gcry_mlkem_nttperm_avx2 (r->coeffs, tmp);
  else
    buf_memcpy_lib (r->coeffs, tmp, ctr * sizeof *tmp);
  return ctr;
}

unsigned int
_gcry_mlkem_rej_uniform_ntt_avx2 (mlkem_poly_ntt *r, unsigned int ctr,
                                  const byte *buf, unsigned int buflen)
{
  return rej_uniform (r, ctr, buf, buflen, 0, 0);
}

static unsigned int
rej_uniform_avx2 (mlkem_poly_ntt *r, unsigned int ctr, const byte *buf,
                  unsigned int buflen)
{
  return rej_uniform (r, ctr, buf, buflen, 1, 0);
}

/* SamplePolyCBD_eta (FIPS 203 Algorithm 8), in assembler.  */
static void
poly_cbd_eta2_avx2 (mlkem_poly *r, const byte buf[128])
{
  _gcry_mlkem_cbd_eta2_avx2 (r->coeffs, buf);
}

static void
poly_cbd_eta3_avx2 (mlkem_poly *r, const byte buf[192])
{
  _gcry_mlkem_cbd_eta3_avx2 (r->coeffs, buf);
}

/* ByteEncode_d (Compress_d) and Decompress_d (ByteDecode_d) for the
 * ciphertext widths d = 4, 5, 10, 11, in assembler (which reads and
 * writes exactly the 32 d bytes of the encoding).  Shared with the
 * AVX-512 set without VBMI2.  */
void
_gcry_mlkem_poly_compress_avx2 (byte *r, const mlkem_poly *a, unsigned int d)
{
  switch (d)
    {
    case 4: _gcry_mlkem_compress_d4_avx2 (r, a->coeffs); break;
    case 5: _gcry_mlkem_compress_d5_avx2 (r, a->coeffs); break;
    case 10: _gcry_mlkem_compress_d10_avx2 (r, a->coeffs); break;
    case 11: _gcry_mlkem_compress_d11_avx2 (r, a->coeffs); break;
    default: gcry_assert (!"compress width"); break;
    }
}

void
_gcry_mlkem_poly_decompress_avx2 (mlkem_poly *r, const byte *a,
                                  unsigned int d)
{
  switch (d)
    {
    case 4: _gcry_mlkem_decompress_d4_avx2 (r->coeffs, a); break;
    case 5: _gcry_mlkem_decompress_d5_avx2 (r->coeffs, a); break;
    case 10: _gcry_mlkem_decompress_d10_avx2 (r->coeffs, a); break;
    case 11: _gcry_mlkem_decompress_d11_avx2 (r->coeffs, a); break;
    default: gcry_assert (!"decompress width"); break;
    }
}

/* The struct layout assumptions of the wrappers above.  */
typedef char mlkem_avx2_layout_check
  [(sizeof (mlkem_poly_ntt) == 2 * MLKEM_N
    && sizeof (mlkem_poly_mulcache) == MLKEM_N) ? 1 : -1];

/* The table with the rejection step REJ and SamplePolyCBD CBD2, CBD3
 * (the only entries its VBMI2 form below replaces).  */
#define MLKEM_OPS_AVX2(rej, cbd2, cbd3)                 \
  {                                                     \
    "avx2",                                             \
    ntt_avx2,                                           \
    invntt_tomont_avx2,                                 \
    mulcache_compute_avx2,                              \
    basemul_acc_avx2,                                   \
    _gcry_mlkem_reduce_avx2,                            \
    _gcry_mlkem_tomont_avx2,                            \
    poly_ntt_tobytes_avx2,                              \
    poly_ntt_frombytes_avx2,                            \
    rej,                                                \
    cbd2,                                               \
    cbd3,                                               \
    _gcry_mlkem_poly_compress_avx2,                     \
    _gcry_mlkem_poly_decompress_avx2,                   \
    2500     /* |r_i| < 0.73 q (mlkem-ntt-amd64-avx2.S).  */ \
  }

const mlkem_ops_t _gcry_mlkem_ops_avx2 =
  MLKEM_OPS_AVX2 (rej_uniform_avx2, poly_cbd_eta2_avx2, poly_cbd_eta3_avx2);

#ifdef USE_MLKEM_AVX512
/* The same set with the kernels of the AVX-512 set that use no zmm
 * multiplication, for Intel processors with AVX-512 and VBMI2 (zmm
 * multiplications lower the clock there; see _gcry_mlkem_ops_available
 * in mlkem.c): the VBMI2 rejection parser (vpermb, vpcompressw; its
 * result reordered as above) and SamplePolyCBD (byte arithmetic).
 * Same name: the same kernel set, with three entries replaced for the
 * processors that have the extensions.  */
static unsigned int
rej_uniform_avx2_vbmi2 (mlkem_poly_ntt *r, unsigned int ctr,
                        const byte *buf, unsigned int buflen)
{
  return rej_uniform (r, ctr, buf, buflen, 1, 1);
}

const mlkem_ops_t _gcry_mlkem_ops_avx2_vbmi2 =
  MLKEM_OPS_AVX2 (rej_uniform_avx2_vbmi2, _gcry_mlkem_poly_cbd_eta2_avx512,
                  _gcry_mlkem_poly_cbd_eta3_avx512);
#endif /*USE_MLKEM_AVX512*/

#endif /*USE_MLKEM_AVX2*/
