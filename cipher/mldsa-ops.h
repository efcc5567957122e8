/* mldsa-ops.h - ML-DSA (FIPS 204) polynomial kernel contract
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

/* This header is the contract between the ML-DSA front file
 * (cipher/mldsa.c) and every kernel set (backend).  The front file
 * does all spec logic: parameter sets, encodings, the KeyGen, Sign and
 * Verify algorithms.  A backend supplies only the arithmetic and
 * sampling kernels listed in mldsa_ops_t.
 *
 * Ring and representation.  R_q = Z_q[X]/(X^256 + 1) with
 * q = 8380417 = 2^23 - 2^13 + 1.  A polynomial is 256 signed 32-bit
 * coefficients (mldsa_poly_t).  Montgomery arithmetic uses R = 2^32;
 * montgomery_reduce(a) = a * 2^-32 mod q.
 *
 * Coefficient order.  The NTT domain ("hat" polynomials, FIPS 204
 * Section 7.5) is in the order of FIPS 204 Algorithm 41: coefficient i
 * of NTT(w) is w evaluated at zeta^(2*brv8(i)+1), zeta = 1753.  All
 * kernels of a backend use that standard order; RejNTTPoly writes its
 * output directly in it.  A backend that wants a private order must
 * replace NTT, inverse NTT, the pointwise products and the uniform
 * sampler together and add a permutation; none does so today.
 *
 * Bounds.  Every kernel states the bound it needs on its inputs and
 * the bound it guarantees on its outputs.  "|a| < B" means every
 * coefficient.  Kernels never allocate, never fail, and take time
 * independent of the values of their (possibly secret) inputs, except
 * the rejection samplers, whose running time depends only on the
 * public or discarded Keccak output (FIPS 204 Section 3.6.2 allows
 * that).
 */

#ifndef GCRY_MLDSA_OPS_H
#define GCRY_MLDSA_OPS_H 1

#include "types.h"
#include "keccak.h"

#define MLDSA_N        256
#define MLDSA_Q        8380417
#define MLDSA_D        13             /* Dropped bits of t.  */
#define MLDSA_QINV     58728449       /* q^-1 mod 2^32.  */
#define MLDSA_SEEDBYTES   32
#define MLDSA_CRHBYTES    64          /* rho', mu, tr, rho'' */

#if defined(__GNUC__)
# define MLDSA_ALIGN(n) __attribute__ ((aligned (n)))
#else
# define MLDSA_ALIGN(n)
#endif

typedef struct
{
  s32 coeffs[MLDSA_N];
} MLDSA_ALIGN (32) mldsa_poly_t;

/* Montgomery reduction: for |a| < 2^31 * q return r = a * 2^-32 mod q
   with |r| < q.  Shared by all C code; inline so the kernels and the
   front file agree on it.  */
static inline s32
mldsa_montgomery_reduce (s64 a)
{
  s32 t = (s32)(u32)((u64)a * (u32)MLDSA_QINV);
  return (s32)((a - (s64)t * MLDSA_Q) >> 32);
}

/* A side stream: an independent hash with a long input (e.g.
   tr = H (pk)) that rides in a spare lane of a batch sampler (or as
   its ninth state, mldsa_side_ninth) instead of running on the
   single-state permutation afterwards.  CTX is an
   incremental sponge that has absorbed nothing yet (pos 0); IN and
   INLEN are the input available so far, and MORE is nonzero while the
   caller may still append to it (INLEN grows, IN stays).  Before
   each permutation of the batch, the sampler loads CTX's state into
   the spare lane and XORs in the next whole block of IN, or, once
   less than a block is left and MORE is 0, the rest with the
   padding; after it, it stores the lane back to CTX.  (With less
   than a block and MORE set, the lane idles.)  So CTX is always the
   incremental sponge having absorbed the input taken so far, and
   finalized once DONE is set; the caller absorbs what is left (if not
   DONE) and squeezes CTX as usual, and the output is byte for byte
   that of the incremental sponge.  */
typedef struct mldsa_side_s
{
  keccak_ctx_t *ctx;
  const byte *in;               /* Input not yet absorbed.  */
  size_t inlen;
  int more;                     /* More input may follow.  */
  int done;                     /* All absorbed and CTX finalized.  */
} mldsa_side_t;

/* Nonzero if a side stream riding in an N-way batch sampler is the
   batch sponge's ninth state (keccak_batch_t) instead of taking lane
   N - 1; the front file and the samplers of every set agree through
   this.  */
static inline int
mldsa_side_ninth (unsigned int n)
{
  return n == 8 && _gcry_keccak_batch_has_ninth ();
}

/* Nonzero if SIDE (may be NULL) has work for the next permutation.  */
static inline int
mldsa_side_ready (const mldsa_side_t *side)
{
  return side && !side->done
         && (side->inlen >= side->ctx->rate || !side->more);
}

/* The kernel table.  */
typedef struct mldsa_ops_s
{
  const char *name;             /* "generic", ...  */

  /* Forward NTT (FIPS 204 Algorithm 41) in place.  In: |a| < q.
     Out: |a| < 9q, NTT order as above.  No Montgomery factor: the
     output is NTT(a) mod q exactly.  */
  void (*ntt) (mldsa_poly_t *a);

  /* Inverse NTT (Algorithm 42) times 2^32 in place.  In: |a| < q.
     Out: |a| < q, equal to NTT^-1(a) * 2^32 mod q.  Used after a
     Montgomery pointwise product, which contributes 2^-32, so the pair
     gives a plain product.  */
  void (*invntt_tomont) (mldsa_poly_t *a);

  /* r = a o b * 2^-32 (Algorithm 45 with a Montgomery factor).
     In: |a| < 9q and |b| < 9q (e.g. two NTT outputs; then
     |a| * |b| < 2^31 q).  Out: |r| < q.  R may alias A or B.  */
  void (*pointwise) (mldsa_poly_t *r, const mldsa_poly_t *a,
                     const mldsa_poly_t *b);

  /* r = sum_{i<n} a[i] o b[i] * 2^-32, one Montgomery reduction per
     coefficient (products summed in 64 bits).  In: |a[i]| < q,
     |b[i]| < 9q, 1 <= n <= 8.  Out: |r| < q.  */
  void (*pointwise_acc) (mldsa_poly_t *r, const mldsa_poly_t *a,
                         const mldsa_poly_t *b, unsigned int n);

  /* a mod^+- q: in |a| < 2^31 - 2^22, out -6283008 <= a <= 6283008.  */
  void (*reduce) (mldsa_poly_t *a);

  /* Add q to negative coefficients: in |a| < q, out 0 <= a < q.  */
  void (*caddq) (mldsa_poly_t *a);

  /* Power2Round (Algorithm 35) with d = 13.  In: 0 <= a < q.
     Out: a1 in [0, 1023], a0 in (-2^12, 2^12], a = a1*2^13 + a0.
     A1 may alias A.  */
  void (*power2round) (mldsa_poly_t *a1, mldsa_poly_t *a0,
                       const mldsa_poly_t *a);

  /* Decompose (Algorithm 36) for GAMMA2 = (q-1)/88 or (q-1)/32 of
     a mod q.  In: |a| < q (a negative a is taken as a + q: signing's
     w comes straight from the inverse NTT, without a caddq pass).
     Out: a1 in [0, (q-1)/(2 GAMMA2)), a0 with -GAMMA2 < a0 <= GAMMA2
     (and a0 = -GAMMA2 in the wrap case).  A1 may alias A.  */
  void (*decompose) (mldsa_poly_t *a1, mldsa_poly_t *a0,
                     const mldsa_poly_t *a, s32 gamma2);

  /* Hint for signing.  A0 is LowBits(w - cs2 + ct0) computed as
     w0 - cs2 + ct0 (|a0| < 2 GAMMA2), A1 = HighBits(w).  Writes
     h[i] = 1 iff HighBits(w - cs2 + ct0) != HighBits(w - cs2), i.e.
     MakeHint(-ct0, w - cs2 + ct0) of Algorithm 39, valid because
     HighBits(w - cs2) = HighBits(w) after the r0 check.  Returns the
     number of ones (compared with omega: a rejection decision).
     H may alias A0.  */
  unsigned int (*make_hint) (mldsa_poly_t *h, const mldsa_poly_t *a0,
                             const mldsa_poly_t *a1, s32 gamma2);

  /* UseHint (Algorithm 40) coefficient-wise, of a mod q.  In: |a| < q
     (a negative a is taken as a + q, as by decompose: verification's
     w'_approx comes straight from the inverse NTT), h in {0,1}.
     Out: b in [0, (q-1)/(2 GAMMA2)).  B may alias A.  */
  void (*use_hint) (mldsa_poly_t *b, const mldsa_poly_t *a,
                    const mldsa_poly_t *h, s32 gamma2);

  /* Return 1 if some |a[i]| >= BOUND (a mod^+- q first), else 0.
     In: |a| < 2^31 - 2^22, BOUND <= (q-1)/8.  Constant time in the
     coefficients.  */
  int (*chknorm) (const mldsa_poly_t *a, s32 bound);

  /* RejNTTPoly (Algorithm 30) for four matrix entries at once:
     a[i] = sample of SHAKE128 (rho || nonce[i] low byte || high byte)
     where nonce = (row << 8) | column, through the 4-way batch
     sponge.  Out: 0 <= a < q, NTT order.  */
  void (*poly_uniform_x4) (mldsa_poly_t *a[4],
                           const byte rho[MLDSA_SEEDBYTES],
                           const u16 nonce[4]);
  /* Same for one entry.  */
  void (*poly_uniform) (mldsa_poly_t *a, const byte rho[MLDSA_SEEDBYTES],
                        u16 nonce);

  /* RejBoundedPoly (Algorithm 31) for four polynomials:
     SHAKE256 (rhoprime || nonce[i] as 2 bytes LE), ETA 2 or 4.
     Out: -ETA <= a <= ETA.  */
  void (*poly_uniform_eta_x4) (mldsa_poly_t *a[4],
                               const byte rhoprime[MLDSA_CRHBYTES],
                               const u16 nonce[4], int eta);
  void (*poly_uniform_eta) (mldsa_poly_t *a,
                            const byte rhoprime[MLDSA_CRHBYTES],
                            u16 nonce, int eta);

  /* ExpandMask's per-polynomial step (Algorithm 34, lines 3-5) for four
     polynomials: BitUnpack of SHAKE256 (rhopp || nonce[i] LE16),
     GAMMA1 = 2^17 or 2^19.  Out: -GAMMA1 < a <= GAMMA1.  */
  void (*poly_uniform_gamma1_x4) (mldsa_poly_t *a[4],
                                  const byte rhopp[MLDSA_CRHBYTES],
                                  const u16 nonce[4], s32 gamma1);
  void (*poly_uniform_gamma1) (mldsa_poly_t *a,
                               const byte rhopp[MLDSA_CRHBYTES],
                               u16 nonce, s32 gamma1);

  /* SampleInBall (Algorithm 29): c has TAU coefficients +-1, the rest
     0; CTILDE of CTILDELEN bytes.  */
  void (*poly_challenge) (mldsa_poly_t *c, const byte *ctilde,
                          unsigned int ctildelen, unsigned int tau);

  /* Optional (NULL in a set without them; the front file then uses
     the 4-way entries): the three samplers above for N = 4 or 8
     polynomials through the N-way batch sponge, giving the outputs of
     the 4-way entries, and optionally carrying a side stream SIDE
     (see mldsa_side_t; NULL for none) in the last lane, in which case
     A[N-1] and NONCE[N-1] are unused, or, if mldsa_side_ninth (N),
     as the ninth state of the 8-way batch sponge, where it takes no
     lane.  */
  void (*poly_uniform_xn) (mldsa_poly_t **a, unsigned int n,
                           const byte rho[MLDSA_SEEDBYTES],
                           const u16 *nonce, mldsa_side_t *side);
  void (*poly_uniform_eta_xn) (mldsa_poly_t **a, unsigned int n,
                               const byte rhoprime[MLDSA_CRHBYTES],
                               const u16 *nonce, int eta,
                               mldsa_side_t *side);
  void (*poly_uniform_gamma1_xn) (mldsa_poly_t **a, unsigned int n,
                                  const byte rhopp[MLDSA_CRHBYTES],
                                  const u16 *nonce, s32 gamma1,
                                  mldsa_side_t *side);

  /* Optional (NULL: the front file uses
     _gcry_mldsa_unpack_gamma1_generic): the BitUnpack of z
     (Algorithm 27's z part, GAMMA1 = 2^17 or 2^19), a = GAMMA1 - the
     18- or 20-bit fields of BUF.  May read up to 16 bytes past the
     576 resp. 640 packed bytes.  Out: -GAMMA1 < a <= GAMMA1.  */
  void (*unpack_gamma1) (mldsa_poly_t *a, const byte *buf, s32 gamma1);

  /* Optional (NULL: the portable code of mldsa.c): SimpleBitUnpack of
     t1, the 256 10-bit little-endian fields of the 320 bytes at B,
     reading no byte past them.  Out: 0 <= a < 1024.  */
  void (*unpack_t1) (mldsa_poly_t *a, const byte *b);

  /* Optional (NULL: the portable code of mldsa.c): w1Encode of one
     polynomial for GAMMA2 = (q-1)/32, SimpleBitPack into 4-bit
     fields: r[i] = a[2i] | a[2i+1] << 4, 128 bytes.  In: 0 <= a < 16
     (HighBits from Decompose or UseHint).  Constant time (signing
     packs the w1 of rejected attempts, which are secret).  */
  void (*pack_w1_4) (byte *r, const mldsa_poly_t *a);

  /* Optional (NULL: the front file uses _gcry_mldsa_pack_t1_generic,
     ..._t0_generic and ..._eta_generic): the BitPack encodings of
     KeyGen (Algorithms 16 and 17 in pkEncode and skEncode),
     little-endian fields written to R and not a byte past them:
     pack_t1 the 10-bit fields of a (320 bytes; in
     0 <= a < 1024), pack_t0 the 13-bit fields of 2^12 - a (416 bytes;
     in -2^12 < a <= 2^12), pack_eta the 3-bit (ETA = 2, 96 bytes) or
     4-bit (ETA = 4, 128 bytes) fields of ETA - a (in |a| <= ETA).
     Constant time (t0, s1 and s2 are secret).  */
  void (*pack_t1) (byte *r, const mldsa_poly_t *a);
  void (*pack_t0) (byte *r, const mldsa_poly_t *a);
  void (*pack_eta) (byte *r, const mldsa_poly_t *a, unsigned int eta);

  /* Optional (NULL: the portable code of mldsa.c): w1Encode for
     GAMMA2 = (q-1)/88, SimpleBitPack into 6-bit little-endian
     fields, 192 bytes, not a byte past them.  In: 0 <= a < 44.
     Constant time, as pack_w1_4.  */
  void (*pack_w1_6) (byte *r, const mldsa_poly_t *a);

  /* Optional (NULL: the front file uses _gcry_mldsa_unpack_t0_generic
     and _gcry_mldsa_unpack_eta_generic): the BitUnpack decodings of
     skDecode (Algorithm 25), reading no byte past the packed data at
     B.  unpack_t0: a = 2^12 - the 13-bit fields (416 bytes; out
     -2^12 < a <= 2^12).  unpack_eta: a = ETA - the 3-bit (ETA = 2,
     96 bytes) or 4-bit (ETA = 4, 128 bytes) fields; returns nonzero
     if a field exceeds 2 ETA (a malformed key), else 0.  Constant
     time (the key is secret).  */
  void (*unpack_t0) (mldsa_poly_t *a, const byte *b);
  u32 (*unpack_eta) (mldsa_poly_t *a, const byte *b, unsigned int eta);

  /* Optional (NULL: a loop in mldsa.c, then chknorm): a = a + b', or
     a - b' if SUB is nonzero, exactly (no reduction mod q), where b'
     is the representative in [-1664, 1664] modulo 3329 of the 16-bit
     B, |b| < 3329 (c s1 or c s2 as ML-KEM's inverse NTT leaves them:
     b' is the exact product); then 1 if some |a[i]| >= BOUND, else 0.
     All of A is written either way.  In: |a| < 2^31 - 2^22 - 1664
     (signing's z = y + c s1 and r0 = w0 - c s2, all below 2^20),
     BOUND <= (q-1)/8.  Constant time in the coefficients.  */
  int (*add16_chknorm) (mldsa_poly_t *a, const s16 *b, int sub, s32 bound);

  /* Optional (NULL: reduce, chknorm and a loop in mldsa.c): with
     r = b mod^+- q as reduce computes it, 1 if some |r[i]| >= BOUND,
     else 0; a = a + r either way, B is not written.  In:
     |b| < 2^31 - 2^22, |a| < 2^31 - 2^23, BOUND <= (q-1)/8.
     Signing's check of c t0 and w0 + c t0.  Constant time in the
     coefficients.  */
  int (*add_reduce_chknorm) (mldsa_poly_t *a, const mldsa_poly_t *b,
                             s32 bound);

  /* Optional (NULL: a loop in mldsa.c, reduce, caddq and
     power2round): Power2Round (Algorithm 35) of t = a + b mod q taken
     in [0, q), t reduced and made non-negative exactly as reduce and
     caddq do; out as power2round.  In: |a| < q, |b| <= 4 (KeyGen's
     t = NTT^-1 (A s1-hat) + s2).  A1 and A0 may alias A.  Constant
     time in the coefficients.  */
  void (*power2round_add) (mldsa_poly_t *a1, mldsa_poly_t *a0,
                           const mldsa_poly_t *a, const mldsa_poly_t *b);

  /* Optional (NULL: _gcry_mldsa_pack_z_generic): sigEncode's BitPack
     of z (Algorithm 26 with Algorithm 17), the 18-bit (GAMMA1 = 2^17,
     576 bytes) or 20-bit (GAMMA1 = 2^19, 640 bytes) little-endian
     fields of GAMMA1 - a written to R, not a byte past them.  In:
     -GAMMA1 < a <= GAMMA1.  z is packed once its signature is
     accepted (public then).  */
  void (*pack_z) (byte *r, const mldsa_poly_t *a, s32 gamma1);

  /* Optional (NULL: the portable loop of mldsa.c): one row of
     HintBitPack (Algorithm 20): the indices i of the nonzero h[i], in
     increasing order, stored as bytes at Y[0 .. n-1]; returns n.
     Y[n .. n+7] may be overwritten too (the caller leaves room).  In:
     h[i] in {0, 1} (make_hint).  Runs on the hints of an accepted
     signature only (public then), so its stores and table indices
     may depend on them.  */
  unsigned int (*hint_pack_row) (byte *y, const mldsa_poly_t *h);
} mldsa_ops_t;

/*-- mldsa-poly-generic.c --*/
/* The portable kernel set; every other table starts from it.  */
extern const mldsa_ops_t _gcry_mldsa_ops_generic;

/* The PowerPC VSX kernel set "vsx" (cipher/mldsa-ntt-ppc.c, built with
   PPC_VSX_CFLAGS).  USE_MLDSA_VSX says it is compiled in; the front
   file uses it only when HWF_PPC_ARCH_2_07 (POWER8) is present.  */
#undef USE_MLDSA_VSX
#if defined(ENABLE_PPC_CRYPTO_SUPPORT) && defined(HAVE_GCC_INLINE_ASM_PPC_VSX) \
    && defined(__powerpc64__)
# define USE_MLDSA_VSX 1
extern const mldsa_ops_t _gcry_mldsa_ops_vsx;
#endif

/* Its NTT, inverse NTT, products, REDUCE and CADDQ are assembly
   (cipher/mldsa-ntt-ppc64le-vsx.S) on ppc64le with the ELFv2 ABI, and
   forward to the portable kernels elsewhere.  With an assembler that
   knows ISA 3.1, a second table of the same set, "vsx" too, uses
   POWER10 instructions in the transforms and the single product; the
   front file takes it when HWF_PPC_ARCH_3_10 is present.  */
#undef USE_MLDSA_PPC_ASM
#undef USE_MLDSA_VSX_P10
#if defined(USE_MLDSA_VSX) && defined(__LITTLE_ENDIAN__) \
    && defined(_CALL_ELF) && _CALL_ELF == 2
# define USE_MLDSA_PPC_ASM 1
# ifdef HAVE_GCC_INLINE_ASM_PPC_ARCH_3_10
#  define USE_MLDSA_VSX_P10 1
extern const mldsa_ops_t _gcry_mldsa_ops_vsx_p10;
# endif
/* The candidate parser of RejNTTPoly in both tables (little endian):
   BUF[0..BUFLEN-1] into a[CTR..255] as the portable parser
   mldsa_rej_uniform_from of cipher/mldsa-sample.h does; returns the
   new count.  Exported for tests/t-mldsa-kernels.c.  */
unsigned int _gcry_mldsa_rej_uniform_vsx (s32 *a, unsigned int ctr,
                                          const byte *buf, size_t buflen);
#endif

/* Unpack GAMMA1 - a from the 18-bit (GAMMA1 = 2^17) or 20-bit
   (GAMMA1 = 2^19) little-endian packing of BitPack (Algorithm 17);
   shared by ExpandMask and the signature decoder.  */
void _gcry_mldsa_unpack_gamma1_generic (mldsa_poly_t *a, const byte *buf,
                                        s32 gamma1);

/* The portable BitPack of t1, t0 and s (the contract of pack_t1,
   pack_t0 and pack_eta above), used where a set has none.  */
void _gcry_mldsa_pack_t1_generic (byte *r, const mldsa_poly_t *a);
void _gcry_mldsa_pack_t0_generic (byte *r, const mldsa_poly_t *a);
void _gcry_mldsa_pack_eta_generic (byte *r, const mldsa_poly_t *a,
                                   unsigned int eta);
/* The portable BitPack of z (the contract of pack_z above).  */
void _gcry_mldsa_pack_z_generic (byte *r, const mldsa_poly_t *a,
                                 s32 gamma1);

/* The portable BitUnpack of t0 and s (the contract of unpack_t0 and
   unpack_eta above).  */
void _gcry_mldsa_unpack_t0_generic (mldsa_poly_t *a, const byte *b);
u32 _gcry_mldsa_unpack_eta_generic (mldsa_poly_t *a, const byte *b,
                                    unsigned int eta);

#endif /*GCRY_MLDSA_OPS_H*/
