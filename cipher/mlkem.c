/* mlkem.c - ML-KEM (FIPS 203), front file
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

/* ML-KEM as specified by FIPS 203 (August 2024): the parameter sets,
 * K-PKE and ML-KEM (KeyGen_internal, Encaps_internal, Decaps_internal
 * with implicit rejection), the input checks of section 7, the choice
 * of the kernel set (mlkem-ops.h), and the gcry_pk spec for the
 * S-expression interface.  The byte-string interface gcry_kem_* is in
 * kem.c.
 *
 * Data flow and domains.  Polynomials carry their domain in their
 * type: mlkem_poly (normal domain) and mlkem_poly_ntt (T_q, in the
 * kernel set's coefficient order).  Every operation on NTT-domain
 * data goes through the ops table MLKEM_OPS, so the serialised bytes
 * are in standard order whatever the backend.
 *
 * Secrets (s, e, y, e1, e2, the PRF outputs, the sponge states) live
 * in a per-operation workspace in secure memory (see "Working memory
 * of an operation"), the small ones (m, K, r, sigma) in stack buffers
 * that are wiped before returning.  Only the public matrix A is
 * sampled with branches (rejection sampling).  */

#include <config.h>
#include <string.h>

#include "g10lib.h"
#include "cipher-proto.h"
#include "const-time.h"
#include "keccak.h"
#include "mlkem-ops.h"
#include "mlkem-avx2.h"
#include "mlkem-avx512.h"
#include "mlkem.h"


/* FIPS 203 section 8, Table 2.  Lengths: ek = 384k + 32,
 * dk = 768k + 96, c = 32 (du k + dv).  */
static const mlkem_param_t mlkem_params[] =
  {
    { GCRY_KEM_MLKEM512,  "kyber512",   512, 2, 3, 2, 10, 4,
      384 * 2 + 32, 768 * 2 + 96, 32 * (10 * 2 + 4) },
    { GCRY_KEM_MLKEM768,  "kyber768",   768, 3, 2, 2, 10, 4,
      384 * 3 + 32, 768 * 3 + 96, 32 * (10 * 3 + 4) },
    { GCRY_KEM_MLKEM1024, "kyber1024", 1024, 4, 2, 2, 11, 5,
      384 * 4 + 32, 768 * 4 + 96, 32 * (11 * 4 + 5) }
  };

/* Spellings accepted in S-expressions, each with its parameter set
 * index.  The output always uses the first spelling ("kyber768"), as
 * libgcrypt does.  */
static const struct
{
  const char *name;
  unsigned int idx;
} mlkem_names[] =
  {
    { "kyber512", 0 },  { "mlkem512", 0 },  { "ml-kem-512", 0 },
    { "kyber768", 1 },  { "mlkem768", 1 },  { "ml-kem-768", 1 },
    { "kyber1024", 2 }, { "mlkem1024", 2 }, { "ml-kem-1024", 2 }
  };

/* The same list for the gcry_pk dispatcher (cipher/pubkey.c).  */
static const char *const mlkem_aliases[] =
  {
    "kyber512", "mlkem512", "ml-kem-512",
    "kyber768", "mlkem768", "ml-kem-768",
    "kyber1024", "mlkem1024", "ml-kem-1024",
    NULL
  };

/* The kernel set, chosen once by _gcry_mlkem_init.  The portable set
 * is the default so that the module also works before
 * initialisation.  */
static const mlkem_ops_t *mlkem_ops = &_gcry_mlkem_ops_generic;


const mlkem_ops_t *
_gcry_mlkem_ops_available (unsigned int idx)
{
  const mlkem_ops_t *list[6], *x86[2][2];
  unsigned int n = 0, nx[2] = { 0, 0 }, g, i;
  unsigned int hwf = _gcry_get_hw_features ();
  unsigned int intel = !!(hwf & HWF_INTEL_CPU);

  /* Fastest first.  Kernel sets for AVX2, AVX-512 and VSX go here,
     each gated by its USE_ macro and its HWF bit; the portable set is
     the last resort.  The x86 sets come in two groups, X86[0] the
     AVX-512 ones and X86[1] the AVX2 ones (each with its VBMI2 form
     first; the AVX2 one takes the AVX-512 set's rejection parser and
     SamplePolyCBD), the AVX-512 group first except on Intel
     processors (HWF_INTEL_CPU): there the zmm multiplications of the
     AVX-512 sets (NTTs, base multiplication, compression) lower the
     core clock by about a fifth for milliseconds after each use,
     which costs an operation that follows other code more than the
     wider kernels gain, as measured (Keccak stays AVX-512; see
     doc/PERFORMANCE, "zmm multiplications").  */
#ifdef USE_MLKEM_AVX512
  if ((hwf & HWF_INTEL_AVX512) && (hwf & HWF_INTEL_VBMI2))
    {
      x86[0][nx[0]++] = &_gcry_mlkem_ops_avx512_vbmi2;
      x86[1][nx[1]++] = &_gcry_mlkem_ops_avx2_vbmi2;
    }
  if (hwf & HWF_INTEL_AVX512)
    x86[0][nx[0]++] = &_gcry_mlkem_ops_avx512;
#endif
#ifdef USE_MLKEM_AVX2
  if (hwf & HWF_INTEL_AVX2)
    x86[1][nx[1]++] = &_gcry_mlkem_ops_avx2;
#endif
  for (g = 0; g < 2; g++)
    for (i = 0; i < nx[g ^ intel]; i++)
      list[n++] = x86[g ^ intel][i];
#ifdef USE_MLKEM_VSX_P10
  if ((hwf & (HWF_PPC_ARCH_2_07 | HWF_PPC_ARCH_3_10))
      == (HWF_PPC_ARCH_2_07 | HWF_PPC_ARCH_3_10))
    list[n++] = &_gcry_mlkem_ops_vsx_p10;
#endif
#ifdef USE_MLKEM_VSX
  if (hwf & HWF_PPC_ARCH_2_07)
    list[n++] = &_gcry_mlkem_ops_vsx;
#endif
  list[n++] = &_gcry_mlkem_ops_generic;

  return idx < n ? list[idx] : NULL;
}


/* For each k, KeyGen's runs (see kpke_keygen): bit R - 1 set means
 * that a run ends after row R of t-hat (1 <= R < k), so that H (ek)
 * can start on the rows made so far (0 for a single run), and
 * MLKEM_KEYGEN_E_FIRST (mlkem.h) that the first run samples all of e,
 * not only the e of its rows.  Chosen at initialisation from the
 * Keccak cost model (keygen_runs).  */
/* The flag lies above every run end.  */
typedef char keygen_e_first_check[MLKEM_KEYGEN_E_FIRST >> (MLKEM_K_MAX - 1)
                                  == 1 ? 1 : -1];
static unsigned char mlkem_keygen_runs[MLKEM_K_MAX + 1];

/* For each k, whether Decaps computes G together with the first
 * blocks of H (ek) and J (z || c) (see _gcry_mlkem_decaps), by the
 * Keccak cost model (decaps_g_wide).  */
static unsigned char mlkem_decaps_g_wide[MLKEM_K_MAX + 1];

static unsigned int keygen_runs (const mlkem_param_t *p);
static int decaps_g_wide (const mlkem_param_t *p);

void
_gcry_mlkem_init (void)
{
  unsigned int i;

  mlkem_ops = _gcry_mlkem_ops_available (0);
  for (i = 0; i < DIM (mlkem_params); i++)
    {
      mlkem_keygen_runs[mlkem_params[i].k] = keygen_runs (&mlkem_params[i]);
      mlkem_decaps_g_wide[mlkem_params[i].k]
        = decaps_g_wide (&mlkem_params[i]);
    }
}


gpg_err_code_t
_gcry_mlkem_set_schedule (unsigned int k, unsigned int runs, int g_wide)
{
  if (k < 2 || k > MLKEM_K_MAX
      || (runs & ~MLKEM_KEYGEN_E_FIRST) >= 1u << (k - 1))
    return GPG_ERR_INV_ARG;
  mlkem_keygen_runs[k] = runs;
  mlkem_decaps_g_wide[k] = !!g_wide;
  return 0;
}


const char *
_gcry_mlkem_backend_name (void)
{
  return mlkem_ops->name;
}

const mlkem_ops_t *
_gcry_mlkem_current_ops (void)
{
  return mlkem_ops;
}


/* Return the kernel set named NAME if it is compiled in and usable
 * with the current (possibly disabled) hardware features, else NULL.
 * For bench-slope and the differential kernel tests; it must accept
 * exactly the sets _gcry_mlkem_init may choose.  */
const mlkem_ops_t *
_gcry_mlkem_get_ops (const char *name)
{
  const mlkem_ops_t *ops;
  unsigned int i;

  for (i = 0; name && (ops = _gcry_mlkem_ops_available (i)); i++)
    if (!strcmp (name, ops->name))
      return ops;
  return NULL;
}


const mlkem_param_t *
_gcry_mlkem_param_by_algo (int algo)
{
  unsigned int i;

  for (i = 0; i < DIM (mlkem_params); i++)
    if (mlkem_params[i].algo == algo)
      return &mlkem_params[i];
  return NULL;
}


const mlkem_param_t *
_gcry_mlkem_param_by_name (const char *name, size_t len)
{
  unsigned int i, j;

  if (!name)
    return NULL;
  for (i = 0; i < DIM (mlkem_names); i++)
    {
      const char *s = mlkem_names[i].name;

      if (strlen (s) != len)
        continue;
      for (j = 0; j < len; j++)
        {
          char c = name[j];

          if (c >= 'A' && c <= 'Z')
            c += 'a' - 'A';
          if (c != s[j])
            break;
        }
      if (j == len)
        return &mlkem_params[mlkem_names[i].idx];
    }
  return NULL;
}



/*
 * Hash functions of FIPS 203 section 4.1.
 *
 * None of these burns the stack: every entry point that runs them
 * (cipher/kem.c, the pk interface and the selftest below) burns
 * MLKEM_STACK_BURN bytes afterwards, which covers the frames of the
 * permutations, so only the sponge states themselves are wiped here.
 */

/* H (s) = SHA3-256 (s).  */
static void
hash_h (byte out[32], const byte *in, size_t inlen)
{
  _gcry_keccak_oneshot (KECCAK_RATE_SHA3_256, KECCAK_DS_SHA3, out, 32,
                        in, inlen);
}

/* G (a || b) = SHA3-512 (a || b), split into two 32-byte halves.  A
 * and B are 32 bytes (m || H(ek)) or B is one byte (d || k).  */
static void
hash_g (byte out[64], const byte *a, size_t alen, const byte *b, size_t blen)
{
  byte in[64];

  memcpy (in, a, alen);
  memcpy (in + alen, b, blen);
  _gcry_keccak_oneshot (KECCAK_RATE_SHA3_512, KECCAK_DS_SHA3, out, 64,
                        in, alen + blen);
  wipememory (in, sizeof in);
}

/* J (z || c) = SHAKE256 (z || c, 32 bytes), streamed to avoid a copy
 * of c.  */
static void
hash_j (byte out[32], const byte z[32], const byte *c, size_t clen)
{
  keccak_ctx_t ctx;

  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHAKE256, KECCAK_DS_SHAKE);
  _gcry_keccak_absorb (&ctx, z, 32);
  _gcry_keccak_absorb (&ctx, c, clen);
  _gcry_keccak_squeeze (&ctx, out, 32);
  wipememory (&ctx, sizeof ctx);
}


/*
 * The independent hashes of an operation, together on the
 * multi-stream sponge of keccak.h.
 *
 * Each operation hands one run everything that does not wait for
 * another hash: the long hashes (H (ek) of the Encaps input and of
 * the Decaps key check, J (z || c)), the K*K SHAKE128 streams of
 * SampleNTT for A-hat (FIPS 203 Algorithm 7) and the SHAKE256 streams
 * of the noise, PRF_eta (sigma, N) (Algorithm 13 lines 9-16,
 * Algorithm 14 lines 9-17).  So KeyGen runs A-hat with s and e, in
 * runs where H (ek) starts on the first rows of t-hat
 * (keygen_runs); Encaps H (ek) with A-hat^T (the noise needs
 * r = G (m || H (ek)) and runs afterwards); and Decaps, whose r'
 * comes from the stored h, G (maybe with the first blocks of H (ek)
 * and J, decaps_g_wide), then H (ek), J (z || c), A-hat^T and the
 * noise in one run.  The streams are listed longest first (the
 * caller's and the long hashes, 6 to 12 blocks; matrix entries, 3;
 * noise, 1 or 2), so that the scheduler starts the long chains at
 * once and fills the other lanes, refilled as streams finish, with
 * the short ones.  With 8-way permutations of single-state cost
 * (AVX-512 on Zen 5) Decaps needs about as many calls as its longest
 * hash has blocks.
 */

/* Three SHAKE128 blocks (504 bytes, 336 candidates) give the 256
 * values of SampleNTT in all but about one entry in a hundred (about
 * 273 are accepted on average, with a standard deviation of 7); those
 * get one more block at a time.  */
#define MATRIX_NBLOCKS 3
#define MATRIX_MAX (MLKEM_K_MAX * MLKEM_K_MAX)
/* At most two long hashes (H and J of Decaps).  */
#define LONG_HASH_MAX 2

/* Permutations of a hash of LEN bytes at RATE, and of PRF_eta
   (64 eta bytes of SHAKE256).  */
#define HASH_BLOCKS(len, rate) ((len) / (rate) + 1)
#define PRF_BLOCKS(eta) \
  ((64 * (eta) + KECCAK_RATE_SHAKE256 - 1) / KECCAK_RATE_SHAKE256)
/* The noise of K-PKE.Encrypt: y, e1 and e2.  */
#define NOISE_MAX (2 * MLKEM_K_MAX + 1)
/* PRF_eta output: 64 eta bytes, eta <= 3.  */
#define NOISE_BYTES (64 * 3)

/* The SampleNTT input blocks of one matrix entry, and the PRF_eta
 * output of one noise polynomial.  */
typedef byte matrix_blocks_t[MATRIX_NBLOCKS * KECCAK_RATE_SHAKE128];
typedef byte noise_bytes_t[NOISE_BYTES];

/* The buffers of hash_and_sample, each large enough for every run of
 * the operation: ST for all its streams, MBUF for K * K matrix
 * entries (public), NBUF for the noise (secret; NULL if no run has
 * noise).  */
typedef struct
{
  keccak_stream_t *st;
  matrix_blocks_t *mbuf;
  noise_bytes_t *nbuf;
} hs_buffers_t;

/* The 34-byte SHAKE128 input of entry E of A-hat: A-hat[i,j] =
 * SampleNTT (rho || j || i) (FIPS 203 Algorithm 13, lines 3-7); the
 * transpose (Algorithm 14, lines 4-8) swaps the indices.  */
static void
matrix_seed (byte in[MLKEM_SYMBYTES + 2], const byte rho[MLKEM_SYMBYTES],
             unsigned int k, int transposed, unsigned int e)
{
  unsigned int i = e / k, j = e % k;

  memcpy (in, rho, MLKEM_SYMBYTES);
  in[MLKEM_SYMBYTES] = transposed ? i : j;
  in[MLKEM_SYMBYTES + 1] = transposed ? j : i;
}

/* One multi-stream run, with the buffers B, of
 *  - the NLONG (<= LONG_HASH_MAX) long hashes FN[i] (SHA3-256 or
 *    SHAKE256) of LONGIN[i], LONGINLEN[i] bytes, to 32 bytes at
 *    LONGOUT[i];
 *  - the caller's NPART streams B->ST[0 .. NPART - 1], set up before
 *    the call (open ones, see _gcry_keccak_stream_open, or ones given
 *    their final input with _gcry_keccak_stream_input), which stay
 *    there;
 *  - if A is not NULL, the entries MFIRST .. MFIRST + MCOUNT - 1 of
 *    A-hat (or of its transpose with TRANSPOSED) into the same
 *    entries of A, parsed by OPS->rej_uniform, in backend order,
 *    0 <= a_i < q;
 *  - NNOISE (<= NOISE_MAX) noise polynomials NOISE[i] =
 *    SamplePolyCBD_ETA[i] (PRF_ETA[i] (SIGMA, NONCE0 + i)), ETA[i] 2
 *    or 3.
 * The long inputs, the caller's streams (J absorbs z) and sigma may
 * be secret: the schedule depends only on lengths, which are
 * public.  The stream states and the PRF output
 * stay in B's buffers, in the operation's secure workspace (freed,
 * hence wiped, by the secure pool).  Only A-hat, which is public, is
 * sampled with branches.  */
static void
hash_and_sample (const mlkem_ops_t *ops, const hs_buffers_t *b,
                 unsigned int k, unsigned int npart,
                 unsigned int nlong, const enum keccak_function *fn,
                 const byte *const *longin, const size_t *longinlen,
                 byte *const *longout,
                 mlkem_poly_ntt *a, const byte *rho, int transposed,
                 unsigned int mfirst, unsigned int mcount,
                 mlkem_poly *noise, const unsigned int *eta,
                 unsigned int nnoise, unsigned int nonce0,
                 const byte *sigma)
{
  keccak_stream_t *st = b->st;
  byte mseed[MATRIX_MAX][MLKEM_SYMBYTES + 2];
  byte nseed[NOISE_MAX][MLKEM_SYMBYTES + 1];
  unsigned int ctr[MATRIX_MAX];
  unsigned int n = npart, nmat = a ? mcount : 0, m0, e, i;
  int more;

  /* The workspace has room for LONG_HASH_MAX + 1 streams besides the
     matrix and the noise (see ws_layout).  */
  gcry_assert (npart + nlong <= LONG_HASH_MAX + 1 && nnoise <= NOISE_MAX
               && (!a || mfirst + mcount <= k * k));

  /* Only the matrix streams may be asked for more.  */
  for (i = 0; i < nlong; i++)
    {
      _gcry_keccak_stream_init (&st[n], fn[i], longin[i], longinlen[i],
                                longout[i], 32);
      _gcry_keccak_stream_last (&st[n++]);
    }
  m0 = n;
  for (e = 0; e < nmat; e++)
    {
      matrix_seed (mseed[e], rho, k, transposed, mfirst + e);
      _gcry_keccak_stream_init (&st[n++], KECCAK_SHAKE128, mseed[e],
                                sizeof mseed[e], b->mbuf[e],
                                sizeof b->mbuf[e]);
    }
  for (i = 0; i < nnoise; i++)
    {
      memcpy (nseed[i], sigma, MLKEM_SYMBYTES);
      nseed[i][MLKEM_SYMBYTES] = nonce0 + i;
      _gcry_keccak_stream_init (&st[n], KECCAK_SHAKE256, nseed[i],
                                sizeof nseed[i], b->nbuf[i], 64 * eta[i]);
      _gcry_keccak_stream_last (&st[n++]);
    }

  _gcry_keccak_multi_run (st, n);

  /* Rejection sampling; the rare entry that needs more output gets one
     block at a time, on a run in which only those streams have
     work.  */
  for (e = 0; e < nmat; e++)
    ctr[e] = ops->rej_uniform (&a[mfirst + e], 0, b->mbuf[e],
                               sizeof b->mbuf[e]);
  do
    {
      more = 0;
      for (e = 0; e < nmat; e++)
        if (ctr[e] < MLKEM_N)
          {
            _gcry_keccak_stream_more (&st[m0 + e], b->mbuf[e],
                                      KECCAK_RATE_SHAKE128);
            more = 1;
          }
      if (!more)
        break;
      _gcry_keccak_multi_run (st, n);
      for (e = 0; e < nmat; e++)
        if (ctr[e] < MLKEM_N)
          ctr[e] = ops->rej_uniform (&a[mfirst + e], ctr[e], b->mbuf[e],
                                     KECCAK_RATE_SHAKE128);
    }
  while (more);

  for (i = 0; i < nnoise; i++)
    {
      if (eta[i] == 3)
        ops->poly_cbd_eta3 (&noise[i], b->nbuf[i]);
      else
        ops->poly_cbd_eta2 (&noise[i], b->nbuf[i]);
    }

  wipememory (nseed, nnoise * sizeof nseed[0]);
}

/* See mlkem-ops.h.  A-hat is public, so are the stream states, and
 * the buffers can stay on the stack of this test and benchmark
 * entry.  */
void
_gcry_mlkem_gen_matrix_ntt (const mlkem_ops_t *ops, mlkem_poly_ntt *a,
                            const byte rho[MLKEM_SYMBYTES],
                            unsigned int k, int transposed)
{
  keccak_stream_t st[MATRIX_MAX];
  matrix_blocks_t mbuf[MATRIX_MAX];
  hs_buffers_t b = { st, mbuf, NULL };

  hash_and_sample (ops, &b, k, 0, 0, NULL, NULL, NULL, NULL, a, rho,
                   transposed, 0, k * k, NULL, NULL, 0, 0, NULL);
}



/*
 * Working memory of an operation.
 *
 * KeyGen, Encaps and Decaps allocate their arrays once per call,
 * sized by k: the public ones (A-hat, its SampleNTT input, t-hat of
 * the encapsulation key) on the ordinary heap, everything that
 * depends on a secret (the stream states, the PRF output, the noise,
 * the K-PKE vectors, z || c and c') in secure memory, which
 * src/secmem.c wipes when it is freed.  Only small frames, the
 * multi-stream scheduler and the kernels use the stack, so the
 * callers burn just MLKEM_STACK_BURN (mlkem.h).  With the arrays on
 * the stack, in frames sized for k = 4, they had to burn 48 KiB,
 * which cost 3-5% of an operation with AVX2 and up to 13% with
 * AVX-512.
 */

enum mlkem_op { OP_KEYGEN, OP_ENCAPS, OP_DECAPS };

typedef struct
{
  void *pub_mem, *sec_mem;      /* The two blocks.  */
  /* Public.  */
  mlkem_poly_ntt *a;            /* k * k: A-hat or its transpose.  */
  mlkem_poly_ntt *t_hat;        /* k: t-hat decoded from ek (not
                                   KeyGen).  */
  /* Secret, but for HS.MBUF.  */
  hs_buffers_t hs;
  mlkem_poly *noise;            /* 2 k + 1: s, e (KeyGen) or y, e1,
                                   e2 (Encrypt).  */
  mlkem_poly_ntt *x_hat;        /* k: s-hat (KeyGen, Decrypt) or
                                   y-hat (Encrypt).  */
  mlkem_poly_mulcache *cache;   /* k: for x_hat, or for u_hat
                                   (Decrypt).  */
  mlkem_poly_ntt *u_hat;        /* k: NTT (u') (Decaps); 1: e-hat_i
                                   (KeyGen); none in Encaps.  */
  mlkem_poly_ntt *acc;          /* 1: the basemul accumulator;
                                   t-hat_i in KeyGen.  */
  mlkem_poly *tmp;              /* 3: u, v and mu or w (Encrypt,
                                   Decrypt); none in KeyGen.  */
  byte *zc;                     /* 32 + ct_len: z || c (Decaps).  */
  byte *ct2;                    /* ct_len: c' (Decaps).  */
} mlkem_ws_t;

/* Take N bytes, 32-byte aligned for the kernels, from the block at
 * BASE of which *USED bytes are taken.  With BASE NULL only count.  */
static void *
ws_take (byte *base, size_t *used, size_t n)
{
  void *r = base ? base + *used : NULL;

  *used += (n + 31) & ~(size_t)31;
  return r;
}

/* Lay out the workspace W of operation OP for P in the 32-byte
 * aligned blocks PUB and SEC and return their sizes; with NULL blocks
 * only the sizes are computed.  */
static void
ws_layout (mlkem_ws_t *w, const mlkem_param_t *p, enum mlkem_op op,
           byte *pub, byte *sec, size_t *r_publen, size_t *r_seclen)
{
  unsigned int k = p->k, nnoise = 2 * k + 1;
  unsigned int nu = op == OP_DECAPS ? k : op == OP_KEYGEN ? 1 : 0;
  unsigned int ntmp = op == OP_KEYGEN ? 0 : 3;
  size_t np = 0, ns = 0;

  w->a = ws_take (pub, &np, k * k * sizeof *w->a);
  w->hs.mbuf = ws_take (pub, &np, k * k * sizeof *w->hs.mbuf);
  w->t_hat = (op == OP_KEYGEN ? NULL
              : ws_take (pub, &np, k * sizeof *w->t_hat));

  w->hs.st = ws_take (sec, &ns, ((LONG_HASH_MAX + 1 + k * k + nnoise)
                                 * sizeof *w->hs.st));
  w->hs.nbuf = ws_take (sec, &ns, nnoise * sizeof *w->hs.nbuf);
  w->noise = ws_take (sec, &ns, nnoise * sizeof *w->noise);
  w->x_hat = ws_take (sec, &ns, k * sizeof *w->x_hat);
  w->cache = ws_take (sec, &ns, k * sizeof *w->cache);
  w->u_hat = ws_take (sec, &ns, nu * sizeof *w->u_hat);
  w->acc = ws_take (sec, &ns, sizeof *w->acc);
  w->tmp = ws_take (sec, &ns, ntmp * sizeof *w->tmp);
  w->zc = (op != OP_DECAPS ? NULL
           : ws_take (sec, &ns, MLKEM_SYMBYTES + p->ct_len));
  w->ct2 = op != OP_DECAPS ? NULL : ws_take (sec, &ns, p->ct_len);
  *r_publen = np;
  *r_seclen = ns;
}

static byte *
ws_align (void *mem)
{
  return (byte *)(((uintptr_t)mem + 31) & ~(uintptr_t)31);
}

static gpg_err_code_t
ws_alloc (mlkem_ws_t *w, const mlkem_param_t *p, enum mlkem_op op)
{
  size_t publen, seclen;
  gpg_err_code_t ec;

  ws_layout (w, p, op, NULL, NULL, &publen, &seclen);
  w->pub_mem = xtrymalloc (publen + 31);
  w->sec_mem = w->pub_mem ? xtrymalloc_secure (seclen + 31) : NULL;
  if (!w->sec_mem)
    {
      ec = gpg_err_code_from_syserror ();
      xfree (w->pub_mem);
      return ec;
    }
  ws_layout (w, p, op, ws_align (w->pub_mem), ws_align (w->sec_mem),
             &publen, &seclen);
  return 0;
}

/* The public block holds public values only and is freed as it is;
 * the secure pool wipes the secret one.  */
static void
ws_free (mlkem_ws_t *w)
{
  xfree (w->pub_mem);
  xfree (w->sec_mem);
}



/*
 * K-PKE (FIPS 203 section 5).
 */

/* Encode the NTT-domain vector V (K polys, coefficients reduced in
 * place to [0, q)) with ByteEncode_12.  */
static void
polyvec_ntt_tobytes (byte *out, mlkem_poly_ntt *v, unsigned int k)
{
  unsigned int i;

  for (i = 0; i < k; i++)
    {
      mlkem_ops->reduce (v[i].coeffs);
      mlkem_ops->poly_ntt_tobytes (out + i * MLKEM_POLYBYTES, &v[i]);
    }
}

static void
polyvec_ntt_frombytes (mlkem_poly_ntt *v, const byte *in, unsigned int k)
{
  unsigned int i;

  for (i = 0; i < k; i++)
    mlkem_ops->poly_ntt_frombytes (&v[i], in + i * MLKEM_POLYBYTES);
}


/* Rows FIRST .. LAST - 1 of K-PKE.KeyGen's t-hat = A-hat o s-hat +
 * e-hat (FIPS 203 Algorithm 13, lines 17-19) from the sampled e in
 * W->noise[K + i], ByteEncode_12'd into their place in EK; s-hat and
 * its mulcache are in W->x_hat and W->cache.  basemul leaves a factor
 * 2^-16 that tomont removes.  */
static void
kpke_keygen_rows (unsigned int k, byte *ek, const mlkem_ws_t *w,
                  unsigned int first, unsigned int last)
{
  mlkem_poly_ntt *e_hat = w->u_hat, *t_hat = w->acc;
  unsigned int i, j;

  for (i = first; i < last; i++)
    {
      mlkem_ops->ntt (e_hat, &w->noise[k + i]);
      mlkem_ops->basemul_acc (t_hat, &w->a[i * k], w->x_hat, w->cache, k);
      mlkem_ops->tomont (t_hat->coeffs);
      for (j = 0; j < MLKEM_N; j++)
        t_hat->coeffs[j] += e_hat->coeffs[j];
      polyvec_ntt_tobytes (ek + i * MLKEM_POLYBYTES, t_hat, 1);
    }
}

/* The cost of KeyGen's Keccak runs RUNS (see mlkem_keygen_runs) for
 * parameter set P, by the cost model of the scheduler
 * (_gcry_keccak_multi_cost): the first run samples its rows of A-hat
 * with s and the e of its rows (or all of e), every later one its
 * rows (and their e) with the whole blocks of H (ek) that the rows
 * before it give, and the rest of H (ek) follows alone.  */
static unsigned long
keygen_cost (const mlkem_param_t *p, unsigned int runs)
{
  const int efirst = !!(runs & MLKEM_KEYGEN_E_FIRST);
  unsigned int k = p->k, first = 0, r;
  /* Permutations per noise polynomial (PRF_eta1) and per A-hat entry,
     and of all of H (ek); HB: the blocks H has absorbed.  */
  size_t nb = PRF_BLOCKS (p->eta1);
  size_t chain = nb > MATRIX_NBLOCKS ? nb : MATRIX_NBLOCKS;
  size_t hall = HASH_BLOCKS (p->ek_len, KECCAK_RATE_SHA3_256);
  size_t hb = 0, h, perms;
  unsigned long c = 0;

  for (r = 1; r <= k; r++)
    if (r == k || (runs & (1u << (r - 1))))
      {
        perms = (MATRIX_NBLOCKS * k + (efirst ? 0 : nb)) * (r - first)
                + (first ? 0 : (efirst ? 2 : 1) * k * nb);
        h = first * MLKEM_POLYBYTES / KECCAK_RATE_SHA3_256 - hb;
        c += _gcry_keccak_multi_cost (perms + h, h > chain ? h : chain);
        hb += h;
        first = r;
      }
  return c + _gcry_keccak_multi_cost (hall - hb, hall - hb);
}

/* The number of run ends in ENDS.  */
static unsigned int
run_ends (unsigned int ends)
{
  unsigned int n = 0;

  for (; ends; ends &= ends - 1)
    n++;
  return n;
}

/* The runs of kpke_keygen for parameter set P (see
 * mlkem_keygen_runs) that the cost model finds cheapest; ties go to
 * fewer runs, then to a longer first run ((ENDS & -ENDS) is its end:
 * the higher the bit, the longer), then to e with its rows.  So where
 * an 8-way call costs about one single permutation (AVX-512 on Zen 5)
 * ML-KEM-768 takes 3 + 5 + 4 calls instead of 5 + 9, and ML-KEM-1024
 * 4 + 5 + 7 instead of 7 + 12 (one run end each).  Where 8-way calls
 * are dear (AVX2; AVX-512 on Zen 4) H (ek) starts earlier: ML-KEM-768
 * runs row by row with all of e at first, and ML-KEM-1024 ends runs
 * after rows 2 and 3 (Zen 4: KeyGen 3-5% faster than with one run
 * end after row 2, the schedule before).  The portable code keeps one
 * run, or, for ML-KEM-768, two with all of e in the first.  */
static unsigned int
keygen_runs (const mlkem_param_t *p)
{
  unsigned int ends, e, runs, best = 0, k = p->k;
  unsigned long c, cbest = keygen_cost (p, 0);

  for (e = 0; e <= MLKEM_KEYGEN_E_FIRST; e += MLKEM_KEYGEN_E_FIRST)
    for (ends = 0; ends < 1u << (k - 1); ends++)
      {
        unsigned int bends = best & ~MLKEM_KEYGEN_E_FIRST;

        runs = ends | e;
        c = keygen_cost (p, runs);
        if (c < cbest
            || (c == cbest && (run_ends (ends) < run_ends (bends)
                               || (run_ends (ends) == run_ends (bends)
                                   && (ends & -ends) > (bends & -bends)))))
          {
            cbest = c;
            best = runs;
          }
      }
  return best;
}

/* K-PKE.KeyGen (d), FIPS 203 Algorithm 13, in the workspace W.
 * Writes ek_PKE (384k + 32 bytes) to EK and dk_PKE (384k bytes) to
 * DK, and H (ek_PKE), which ML-KEM.KeyGen_internal (Algorithm 16)
 * needs, to HEK.
 *
 * H (ek) is a chain of 6 to 12 permutations that could only start at
 * the end; it starts as soon as rows of t-hat are encoded, in the
 * runs that mlkem_keygen_runs chose: the first run samples its rows
 * of A-hat with s and the e of those rows (or all of e); each later
 * run its rows (and their e), with H (ek) absorbing the whole blocks
 * of the rows before it; the rest of H follows alone.  */
static void
kpke_keygen (const mlkem_param_t *p, const mlkem_ws_t *w, byte *ek,
             byte *dk, const byte d[MLKEM_SYMBYTES], byte hek[32])
{
  unsigned int eta[2 * MLKEM_K_MAX];
  byte rhosigma[64], kbyte = p->k;
  const byte *rho = rhosigma, *sigma = rhosigma + 32;
  unsigned int k = p->k, runs = mlkem_keygen_runs[k], first, last, i;
  const int efirst = !!(runs & MLKEM_KEYGEN_E_FIRST);
  keccak_stream_t *hs = w->hs.st;        /* H (ek), public.  */
  int hstarted = 0;

  gcry_assert ((runs & ~MLKEM_KEYGEN_E_FIRST) < 1u << (k - 1));

  /* (rho, sigma) = G (d || k): the domain separation of the final
     standard.  */
  hash_g (rhosigma, d, MLKEM_SYMBYTES, &kbyte, 1);

  /* All of ETA, not just the 2 k entries read: gcc 12 for ppc64le
     cannot see that and warns.  */
  for (i = 0; i < 2 * MLKEM_K_MAX; i++)
    eta[i] = p->eta1;

  for (first = 0; first < k; first = last)
    {
      for (last = first + 1; last < k && !(runs & (1u << (last - 1)));
           last++)
        ;
      if (!first)
        {
          /* Rows 0 .. LAST - 1 of A-hat with s (nonces 0..k-1) and
             e_0 .. e_LAST-1 (nonces k..), or all of e, all eta1.  */
          hash_and_sample (mlkem_ops, &w->hs, k, 0, 0, NULL, NULL, NULL,
                           NULL, w->a, rho, 0, 0, last * k, w->noise, eta,
                           k + (efirst ? k : last), 0, sigma);
          for (i = 0; i < k; i++)
            {
              mlkem_ops->ntt (&w->x_hat[i], &w->noise[i]);
              mlkem_ops->mulcache_compute (&w->cache[i], &w->x_hat[i]);
            }
        }
      else
        {
          /* Rows FIRST .. LAST - 1 (and their e), with the whole
             blocks of H (ek) over rows 0 .. FIRST - 1 of t-hat.  */
          if (!hstarted)
            {
              _gcry_keccak_stream_init (hs, KECCAK_SHA3_256, ek,
                                        first * MLKEM_POLYBYTES, hek, 32);
              _gcry_keccak_stream_open (hs);
              hstarted = 1;
            }
          else
            _gcry_keccak_stream_input (hs, hs->in,
                                       ek + first * MLKEM_POLYBYTES - hs->in,
                                       0);
          hash_and_sample (mlkem_ops, &w->hs, k, 1, 0, NULL, NULL, NULL,
                           NULL, w->a, rho, 0, first * k, (last - first) * k,
                           w->noise + k + first, eta,
                           efirst ? 0 : last - first, k + first, sigma);
        }
      kpke_keygen_rows (k, ek, w, first, last);
    }
  memcpy (ek + k * MLKEM_POLYBYTES, rho, MLKEM_SYMBYTES);

  /* The rest of H (ek); ek is public, so is the state.  */
  if (hstarted)
    {
      _gcry_keccak_stream_input (hs, hs->in, ek + p->ek_len - hs->in, 1);
      _gcry_keccak_multi_run (hs, 1);
    }
  else
    hash_h (hek, ek, p->ek_len);

  polyvec_ntt_tobytes (dk, w->x_hat, k);

  wipememory (rhosigma, sizeof rhosigma);
}


/* The eta of the noise of K-PKE.Encrypt (FIPS 203 Algorithm 14):
 * y (eta1) with nonces 0..k-1, e1 (eta2) with k..2k-1, e2 (eta2) with
 * 2k.  Returns the count, 2k + 1.  */
static unsigned int
kpke_encrypt_eta (const mlkem_param_t *p, unsigned int eta[NOISE_MAX])
{
  unsigned int k = p->k, i;

  for (i = 0; i < k; i++)
    {
      eta[i] = p->eta1;
      eta[k + i] = p->eta2;
    }
  eta[2 * k] = p->eta2;
  return 2 * k + 1;
}

/* K-PKE.Encrypt (ek_PKE, m, r), FIPS 203 Algorithm 14, after the
 * hashes, in the workspace W: W->a is A-hat^T (lines 4-8, sampled
 * transposed), W->noise holds y, e1 and e2 (lines 9-17) in the order
 * of kpke_encrypt_eta, W->t_hat is t-hat decoded from ek_PKE
 * (|coefficients| <= 4095).  Writes c (ct_len bytes) to CT.  */
static void
kpke_encrypt (const mlkem_param_t *p, const mlkem_ws_t *w, byte *ct,
              const byte m[MLKEM_SYMBYTES])
{
  mlkem_poly_ntt *y_hat = w->x_hat, *acc = w->acc;
  mlkem_poly_mulcache *y_cache = w->cache;
  mlkem_poly *u = &w->tmp[0], *v = &w->tmp[1], *mu = &w->tmp[2];
  const mlkem_poly *noise = w->noise;
  unsigned int k = p->k, i, j;
  unsigned int c1len = 32 * p->du;

  for (i = 0; i < k; i++)
    {
      mlkem_ops->ntt (&y_hat[i], &noise[i]);
      mlkem_ops->mulcache_compute (&y_cache[i], &y_hat[i]);
    }

  /* u = NTT^-1 (A-hat^T o y-hat) + e1; the invntt's factor 2^16
     cancels basemul's 2^-16.  */
  for (i = 0; i < k; i++)
    {
      mlkem_ops->basemul_acc (acc, &w->a[i * k], y_hat, y_cache, k);
      mlkem_ops->invntt_tomont (u, acc);
      for (j = 0; j < MLKEM_N; j++)
        u->coeffs[j] += noise[k + i].coeffs[j];
      /* POLY_COMPRESS takes |u_i| < q: where the kernel's bound leaves
         room for e1 (|e1_i| <= eta2), no reduction is needed.  */
      if (!mlkem_ops->invntt_bound
          || mlkem_ops->invntt_bound + p->eta2 >= MLKEM_Q)
        mlkem_ops->reduce (u->coeffs);
      mlkem_ops->poly_compress (ct + i * c1len, u, p->du);
    }

  /* v = NTT^-1 (t-hat^T o y-hat) + e2 + Decompress_1 (ByteDecode_1
     (m)).  */
  mlkem_ops->basemul_acc (acc, w->t_hat, y_hat, y_cache, k);
  mlkem_ops->invntt_tomont (v, acc);
  _gcry_mlkem_poly_frommsg (mu, m);
  for (j = 0; j < MLKEM_N; j++)
    v->coeffs[j] += noise[2 * k].coeffs[j] + mu->coeffs[j];
  mlkem_ops->reduce (v->coeffs);
  mlkem_ops->poly_compress (ct + k * c1len, v, p->dv);
}


/* K-PKE.Decrypt (dk_PKE, c), FIPS 203 Algorithm 15, in the workspace
 * W.  Writes m' to M.  */
static void
kpke_decrypt (const mlkem_param_t *p, const mlkem_ws_t *w,
              byte m[MLKEM_SYMBYTES], const byte *dk_pke, const byte *ct)
{
  mlkem_poly_ntt *s_hat = w->x_hat, *u_hat = w->u_hat, *acc = w->acc;
  mlkem_poly_mulcache *u_cache = w->cache;
  mlkem_poly *u = &w->tmp[0], *v = &w->tmp[1], *wp = &w->tmp[2];
  unsigned int k = p->k, i, j;
  unsigned int c1len = 32 * p->du;

  for (i = 0; i < k; i++)
    {
      mlkem_ops->poly_decompress (u, ct + i * c1len, p->du);
      mlkem_ops->ntt (&u_hat[i], u);
      mlkem_ops->mulcache_compute (&u_cache[i], &u_hat[i]);
    }
  mlkem_ops->poly_decompress (v, ct + k * c1len, p->dv);
  /* s-hat straight from ByteDecode_12: values up to 4095 are within
     basemul's bounds and equal to the spec's values mod q.  */
  polyvec_ntt_frombytes (s_hat, dk_pke, k);

  /* w = v' - NTT^-1 (s-hat^T o NTT (u')).  */
  mlkem_ops->basemul_acc (acc, s_hat, u_hat, u_cache, k);
  mlkem_ops->invntt_tomont (wp, acc);
  for (j = 0; j < MLKEM_N; j++)
    wp->coeffs[j] = v->coeffs[j] - wp->coeffs[j];
  mlkem_ops->reduce (wp->coeffs);
  _gcry_mlkem_poly_tomsg (m, wp);
}



/*
 * Input checks (FIPS 203 section 7).
 */

/* Modulus check of section 7.2 on the decoded polynomial T (from
 * poly_ntt_frombytes, 0 <= t_i <= 4095): every value is below q,
 * i.e. ByteEncode_12 (ByteDecode_12 (ek)) = ek for its 384 bytes.
 * q - 1 - t_i is negative exactly for the values >= q; ORing them
 * keeps the loop free of branches so the compiler vectorises it (a
 * byte-wise parse cost over a thousand cycles per Encaps).  ek is
 * public.  */
static int
poly_below_q (const mlkem_poly_ntt *t)
{
  s16 acc = 0;
  unsigned int j;

  for (j = 0; j < MLKEM_N; j++)
    acc |= (s16)(MLKEM_Q - 1 - t->coeffs[j]);
  return acc >= 0;
}

/* ByteDecode_12 of the K polynomials at EK into V, with the modulus
 * check; returns 1 if every value is below q.  */
static int
polyvec_ntt_frombytes_checked (mlkem_poly_ntt *v, const byte *ek,
                               unsigned int k)
{
  unsigned int i;
  int ok = 1;

  polyvec_ntt_frombytes (v, ek, k);
  for (i = 0; i < k; i++)
    ok &= poly_below_q (&v[i]);
  return ok;
}

static int
modulus_check (const byte *ek, unsigned int k)
{
  mlkem_poly_ntt t[MLKEM_K_MAX];

  return polyvec_ntt_frombytes_checked (t, ek, k);
}

gpg_err_code_t
_gcry_mlkem_check_ek (const mlkem_param_t *p, const byte *ek)
{
  return modulus_check (ek, p->k) ? 0 : GPG_ERR_BAD_PUBKEY;
}

/* Hash check of section 7.3: H (ek) stored in dk equals H of the
 * embedded ek.  Compared in constant time since dk is secret as a
 * whole (the values compared are public).  */
gpg_err_code_t
_gcry_mlkem_check_dk (const mlkem_param_t *p, const byte *dk)
{
  const byte *ek = dk + p->k * MLKEM_POLYBYTES;
  byte h[32];
  unsigned int ok;

  hash_h (h, ek, p->ek_len);
  ok = ct_memequal (h, ek + p->ek_len, 32);
  wipememory (h, sizeof h);
  return ok ? 0 : GPG_ERR_BAD_SECKEY;
}



/*
 * ML-KEM (FIPS 203 section 6).
 */

/* ML-KEM.KeyGen_internal (d, z), Algorithm 16:
 *   ek = ek_PKE,  dk = dk_PKE || ek || H (ek) || z.  */
gpg_err_code_t
_gcry_mlkem_keygen_internal (const mlkem_param_t *p, byte *ek, byte *dk,
                             const byte seed[MLKEM_SEED_LEN])
{
  unsigned int off = p->k * MLKEM_POLYBYTES;
  mlkem_ws_t w;
  gpg_err_code_t ec;

  ec = ws_alloc (&w, p, OP_KEYGEN);
  if (ec)
    return ec;
  kpke_keygen (p, &w, ek, dk, seed, dk + off + p->ek_len);
  memcpy (dk + off, ek, p->ek_len);
  memcpy (dk + off + p->ek_len + 32, seed + 32, 32);
  ws_free (&w);
  return 0;
}


/* ML-KEM.Encaps_internal (ek, m), Algorithm 17, after the check of
 * section 7.2:  (K, r) = G (m || H (ek)),  c = K-PKE.Encrypt (ek, m,
 * r).  With M == NULL, m is random (ML-KEM.Encaps, Algorithm 20).  */
gpg_err_code_t
_gcry_mlkem_encaps (const mlkem_param_t *p, byte *ct, byte ss[MLKEM_SS_LEN],
                    const byte *ek, const byte *m)
{
  mlkem_ws_t w;
  unsigned int eta[NOISE_MAX], neta;
  byte mh[64], kr[64];
  unsigned int k = p->k;
  const byte *rho = ek + k * MLKEM_POLYBYTES;
  gpg_err_code_t ec;

  ec = ws_alloc (&w, p, OP_ENCAPS);
  if (ec)
    return ec;
  if (!polyvec_ntt_frombytes_checked (w.t_hat, ek, k))
    {
      ws_free (&w);
      return GPG_ERR_BAD_PUBKEY;
    }

  if (m)
    memcpy (mh, m, 32);
  else
    _gcry_randomize (mh, 32, GCRY_STRONG_RANDOM);

  /* H (ek) with A-hat^T of K-PKE.Encrypt.  */
  {
    static const enum keccak_function fn[1] = { KECCAK_SHA3_256 };
    const byte *in[1] = { ek };
    size_t inlen[1] = { p->ek_len };
    byte *out[1] = { mh + 32 };

    hash_and_sample (mlkem_ops, &w.hs, k, 0, 1, fn, in, inlen, out, w.a,
                     rho, 1, 0, k * k, NULL, NULL, 0, 0, NULL);
  }
  /* The noise needs r, hence H (ek): a run of its own.  */
  hash_g (kr, mh, 32, mh + 32, 32);
  neta = kpke_encrypt_eta (p, eta);
  hash_and_sample (mlkem_ops, &w.hs, k, 0, 0, NULL, NULL, NULL, NULL,
                   NULL, NULL, 0, 0, 0, w.noise, eta, neta, 0, kr + 32);

  kpke_encrypt (p, &w, ct, mh);
  memcpy (ss, kr, 32);

  ws_free (&w);
  wipememory (mh, sizeof mh);
  wipememory (kr, sizeof kr);
  return 0;
}


/* Whether Decaps of parameter set P computes G (one permutation)
 * together with the first blocks of H (ek) and J (z || c) instead of
 * on its own before the long run: by the Keccak cost model, that call
 * of three streams and the long run with the chains of H and J one
 * block shorter against a single permutation and the long run.  So
 * where an 8-way call costs about one single permutation (AVX-512 on
 * Zen 5) Decaps takes one call less for every k (the chains of H and
 * J set the length of the long run); with AVX2 only for k = 4 (21
 * 4-way calls in all instead of 21 and a single permutation).  */
static int
decaps_g_wide (const mlkem_param_t *p)
{
  unsigned int k = p->k;
  size_t nb1 = PRF_BLOCKS (p->eta1), nb2 = PRF_BLOCKS (p->eta2);
  size_t hall = HASH_BLOCKS (p->ek_len, KECCAK_RATE_SHA3_256);
  size_t jall = HASH_BLOCKS (32 + p->ct_len, KECCAK_RATE_SHAKE256);
  size_t total = (hall + jall + MATRIX_NBLOCKS * k * k + k * nb1
                  + (k + 1) * nb2);
  size_t other = MATRIX_NBLOCKS, hj = hall > jall ? hall : jall;
  unsigned long wide, narrow;

  if (nb1 > other)
    other = nb1;
  if (nb2 > other)
    other = nb2;
  wide = (_gcry_keccak_multi_cost (3, 1)
          + _gcry_keccak_multi_cost (total - 2,
                                     hj - 1 > other ? hj - 1 : other));
  narrow = (_gcry_keccak_multi_cost (1, 1)
            + _gcry_keccak_multi_cost (total, hj > other ? hj : other));
  return wide < narrow;
}

/* ML-KEM.Decaps_internal (dk, c), Algorithm 18, with the check of
 * section 7.3 (its hash runs with the others; a failure is reported
 * before anything is written):
 *   m' = K-PKE.Decrypt (dk_PKE, c);  (K', r') = G (m' || h);
 *   Kbar = J (z || c);  c' = K-PKE.Encrypt (ek_PKE, m', r');
 *   K = (c == c') ? K' : Kbar,
 * with the comparison and the choice in constant time.  */
gpg_err_code_t
_gcry_mlkem_decaps (const mlkem_param_t *p, byte ss[MLKEM_SS_LEN],
                    const byte *dk, const byte *ct)
{
  mlkem_ws_t w;
  unsigned int eta[NOISE_MAX], neta;
  byte mh[64], kr[64], kbar[32], hek[32];
  unsigned int k = p->k;
  const byte *ek = dk + k * MLKEM_POLYBYTES;
  const byte *h = ek + p->ek_len;
  const byte *z = h + 32;
  const byte *rho = ek + k * MLKEM_POLYBYTES;
  unsigned int equal;
  gpg_err_code_t ec;

  ec = ws_alloc (&w, p, OP_DECAPS);
  if (ec)
    return ec;

  kpke_decrypt (p, &w, mh, dk, ct);
  memcpy (mh + 32, h, 32);

  /* The hash check of section 7.3 and Kbar = J (z || c) with A-hat^T
     and the noise of the re-encryption (r' comes from the stored h,
     so nothing waits for H (ek)).  G, which the noise waits for,
     comes first: on its own, or (mlkem_decaps_g_wide) in one call
     with the first blocks of H and J, which then have one
     permutation less to go in the long run.  */
  memcpy (w.zc, z, 32);
  memcpy (w.zc + 32, ct, p->ct_len);
  neta = kpke_encrypt_eta (p, eta);
  if (mlkem_decaps_g_wide[k])
    {
      keccak_stream_t *st = w.hs.st;

      _gcry_keccak_stream_init (&st[0], KECCAK_SHA3_256, ek,
                                KECCAK_RATE_SHA3_256, hek, 32);
      _gcry_keccak_stream_open (&st[0]);
      _gcry_keccak_stream_init (&st[1], KECCAK_SHAKE256, w.zc,
                                KECCAK_RATE_SHAKE256, kbar, 32);
      _gcry_keccak_stream_open (&st[1]);
      _gcry_keccak_stream_last (&st[1]);
      _gcry_keccak_stream_init (&st[2], KECCAK_SHA3_512, mh, 64, kr, 64);
      _gcry_keccak_multi_run (st, 3);
      _gcry_keccak_stream_input (&st[0], st[0].in,
                                 ek + p->ek_len - st[0].in, 1);
      _gcry_keccak_stream_input (&st[1], st[1].in,
                                 w.zc + 32 + p->ct_len - st[1].in, 1);
      hash_and_sample (mlkem_ops, &w.hs, k, 2, 0, NULL, NULL, NULL, NULL,
                       w.a, rho, 1, 0, k * k, w.noise, eta, neta, 0,
                       kr + 32);
    }
  else
    {
      static const enum keccak_function fn[2] =
        { KECCAK_SHA3_256, KECCAK_SHAKE256 };
      const byte *in[2] = { ek, w.zc };
      size_t inlen[2] = { p->ek_len, 32 + p->ct_len };
      byte *out[2] = { hek, kbar };

      hash_g (kr, mh, 32, mh + 32, 32);
      hash_and_sample (mlkem_ops, &w.hs, k, 0, 2, fn, in, inlen, out, w.a,
                       rho, 1, 0, k * k, w.noise, eta, neta, 0, kr + 32);
    }

  /* The check compares public values, but dk is secret as a whole:
     compare in constant time.  On failure nothing is written.  */
  if (!ct_memequal (hek, h, 32))
    {
      ec = GPG_ERR_BAD_SECKEY;
      goto leave;
    }

  polyvec_ntt_frombytes (w.t_hat, ek, k);
  kpke_encrypt (p, &w, w.ct2, mh);

  equal = ct_memequal (ct, w.ct2, p->ct_len);
  ct_memmov_cond (kbar, kr, 32, equal);
  memcpy (ss, kbar, 32);

 leave:
  ws_free (&w);
  wipememory (mh, sizeof mh);
  wipememory (kr, sizeof kr);
  wipememory (kbar, sizeof kbar);
  return ec;
}



/*
 * Known-answer selftest.
 */

/* Expected SHA3-256 (ek || dk || c || K) for KeyGen_internal (d || z =
 * 00 01 .. 3f) and Encaps_internal (m = 40 41 .. 5f), one per
 * parameter set, in the order of MLKEM_PARAMS.  The values were
 * produced by this implementation after it had passed the NIST ACVP
 * and Wycheproof vectors of the test suite.  */
static const byte selftest_digest[3][32] =
  {
    { 0x18, 0xf9, 0xb9, 0x20, 0x2a, 0xa8, 0x79, 0x38,
      0x37, 0x36, 0x9f, 0x5b, 0xad, 0x67, 0x95, 0xa1,
      0x06, 0x63, 0x56, 0x03, 0x9f, 0x0e, 0xac, 0xb4,
      0x7c, 0x0d, 0xf8, 0xbb, 0x45, 0x1b, 0x7a, 0xab },
    { 0x04, 0x18, 0x2b, 0xac, 0xe5, 0x12, 0x86, 0x33,
      0xe0, 0x23, 0x8b, 0x75, 0xc7, 0x70, 0xff, 0xf4,
      0x41, 0x99, 0x2a, 0x87, 0x50, 0x58, 0xfe, 0xc5,
      0xb1, 0xc7, 0x5a, 0x2b, 0xc9, 0xd0, 0xca, 0x00 },
    { 0xc6, 0x51, 0x04, 0x22, 0x0b, 0xac, 0x53, 0xe5,
      0xf1, 0xe8, 0x19, 0xd2, 0x90, 0x48, 0xce, 0x74,
      0x7e, 0x19, 0xbb, 0x5e, 0x30, 0x39, 0x0a, 0x17,
      0x32, 0xaa, 0x12, 0x4f, 0xaf, 0x71, 0xf7, 0x25 }
  };

static gpg_err_code_t
selftest_one (const mlkem_param_t *p, const byte expected[32])
{
  gpg_err_code_t ec = 0;
  byte seed[MLKEM_SEED_LEN + MLKEM_MSG_LEN];
  byte *buf, *ek, *dk, *ct;
  byte ss[32], ss2[32], digest[32];
  keccak_ctx_t ctx;
  unsigned int i;
  size_t total = p->ek_len + p->dk_len + p->ct_len;

  buf = xtrymalloc_secure (total);
  if (!buf)
    return gpg_err_code_from_syserror ();
  ek = buf;
  dk = ek + p->ek_len;
  ct = dk + p->dk_len;
  for (i = 0; i < sizeof seed; i++)
    seed[i] = i;

  if ((ec = _gcry_mlkem_keygen_internal (p, ek, dk, seed))
      || (ec = _gcry_mlkem_encaps (p, ct, ss, ek, seed + MLKEM_SEED_LEN))
      || (ec = _gcry_mlkem_decaps (p, ss2, dk, ct)))
    {
      /* Only a failed allocation is not a failure of the test.  */
      if (ec != GPG_ERR_ENOMEM)
        ec = GPG_ERR_SELFTEST_FAILED;
      goto leave;
    }
  if (memcmp (ss, ss2, 32))
    {
      ec = GPG_ERR_SELFTEST_FAILED;
      goto leave;
    }

  _gcry_keccak_ctx_init (&ctx, KECCAK_RATE_SHA3_256, KECCAK_DS_SHA3);
  _gcry_keccak_absorb (&ctx, buf, total);
  _gcry_keccak_absorb (&ctx, ss, 32);
  _gcry_keccak_squeeze (&ctx, digest, 32);
  if (memcmp (digest, expected, 32))
    {
      ec = GPG_ERR_SELFTEST_FAILED;
      goto leave;
    }

  /* Implicit rejection: a modified ciphertext yields J (z || c').  */
  ct[0] ^= 1;
  ec = _gcry_mlkem_decaps (p, ss2, dk, ct);
  if (ec && ec != GPG_ERR_ENOMEM)
    ec = GPG_ERR_SELFTEST_FAILED;
  else if (!ec)
    {
      hash_j (digest, dk + p->dk_len - 32, ct, p->ct_len);
      if (memcmp (ss2, digest, 32) || !memcmp (ss, ss2, 32))
        ec = GPG_ERR_SELFTEST_FAILED;
    }

 leave:
  wipememory (buf, total);
  xfree (buf);
  wipememory (ss, sizeof ss);
  wipememory (ss2, sizeof ss2);
  _gcry_burn_stack (MLKEM_STACK_BURN);
  return ec;
}

gpg_err_code_t
_gcry_mlkem_selftest (void)
{
  unsigned int i;
  gpg_err_code_t ec;

  for (i = 0; i < DIM (mlkem_params); i++)
    {
      ec = selftest_one (&mlkem_params[i], selftest_digest[i]);
      if (ec)
        return ec;
    }
  return 0;
}



/*
 * The gcry_pk spec: S-expression interface.
 *
 *   genkey:  (kyber768)  or  (kyber768 (derive-parms (seed #d||z#)))
 *            (also "mlkem768" and "ml-kem-768", any case; a
 *            derive-parms list without seed gives a random key; a
 *            seed, S, d or z anywhere else is GPG_ERR_INV_ARG)
 *   result:  (key-data
 *              (public-key  (kyber768 (p #ek#)))
 *              (private-key (kyber768 (p #ek#) (s #dk#) (seed #d||z#))))
 *
 * A private key may also be given as seed only, "(kyber768 (seed
 * #d||z#))", the form preferred by the IETF LAMPS drafts; it is
 * expanded with KeyGen_internal where the key is used.
 */

/* Return the parameter set named by the first element of KEYPARMS.  */
static const mlkem_param_t *
param_from_sexp (gcry_sexp_t keyparms)
{
  const char *name;
  size_t len;

  name = gcry_sexp_nth_data (keyparms, 0, &len);
  return _gcry_mlkem_param_by_name (name, len);
}

/* Copy the value of "(NAME value)" in LIST to a new buffer (secure
 * memory if SECURE) at R_BUF, its length at R_LEN.  An absent element
 * gives 0 and NULL; an element without value GPG_ERR_INV_OBJ.  */
static gpg_err_code_t
get_value (gcry_sexp_t list, const char *name, int secure,
           byte **r_buf, size_t *r_len)
{
  gcry_sexp_t l;
  const char *data;
  size_t len;

  *r_buf = NULL;
  *r_len = 0;
  l = gcry_sexp_find_token (list, name, 0);
  if (!l)
    return 0;
  data = gcry_sexp_nth_data (l, 1, &len);
  if (!data || !len)
    {
      gcry_sexp_release (l);
      return GPG_ERR_INV_OBJ;
    }
  *r_buf = secure ? xtrymalloc_secure (len) : xtrymalloc (len);
  if (!*r_buf)
    {
      gpg_err_code_t ec = gpg_err_code_from_syserror ();

      gcry_sexp_release (l);
      return ec;
    }
  memcpy (*r_buf, data, len);
  *r_len = len;
  gcry_sexp_release (l);
  return 0;
}

static void
free_secret (byte *buf, size_t len)
{
  if (buf)
    {
      wipememory (buf, len);
      xfree (buf);
    }
}


/* Return GPG_ERR_INV_ARG if GENPARMS, "(NAME ...)", holds a seed-like
 * element anywhere but as "seed" inside "derive-parms", the only form
 * libgcrypt 1.12 reads.  A caller writing "(kyber768 (seed ...))" or
 * "(S ...)" (the ML-DSA spelling) expects a deterministic key; giving
 * it a random one instead would go unnoticed.  */
static gpg_err_code_t
check_seed_placement (gcry_sexp_t genparms)
{
  static const char *const seedlike[] = { "seed", "S", "d", "z", NULL };
  gcry_sexp_t e;
  const char *car;
  size_t carlen;
  int n, i, j, in_dparms, bad;

  n = gcry_sexp_length (genparms);
  for (i = 1; i < n; i++)
    {
      e = gcry_sexp_nth (genparms, i);
      if (!e)
        continue;   /* A data element, not a list.  */
      car = gcry_sexp_nth_data (e, 0, &carlen);
      in_dparms = car && carlen == 12 && !memcmp (car, "derive-parms", 12);
      bad = 0;
      /* Inside derive-parms, "seed" (the first name) is the one
         allowed.  */
      for (j = in_dparms; seedlike[j] && !bad; j++)
        {
          gcry_sexp_t l = gcry_sexp_find_token (e, seedlike[j], 0);

          bad = !!l;
          gcry_sexp_release (l);
        }
      gcry_sexp_release (e);
      if (bad)
        return GPG_ERR_INV_ARG;
    }
  return 0;
}


static gpg_err_code_t
mlkem_generate (gcry_sexp_t genparms, gcry_sexp_t *r_skey)
{
  const mlkem_param_t *p;
  gcry_sexp_t dparms = NULL;
  byte *seed = NULL, *ek = NULL, *dk = NULL;
  size_t seedlen = 0;
  gpg_err_code_t ec;

  p = param_from_sexp (genparms);
  if (!p)
    {
      /* Libgcrypt's codes: no name at all, or a name of the KEM
         family ("KEM" itself) that is no parameter set.  */
      size_t len;

      return (gcry_sexp_nth_data (genparms, 0, &len) && len
              ? GPG_ERR_WRONG_PUBKEY_ALGO : GPG_ERR_PUBKEY_ALGO);
    }
  ec = check_seed_placement (genparms);
  if (ec)
    return ec;

  /* A derive-parms list without a seed asks for a random key, as in
     libgcrypt; a seed that is given must be 64 bytes.  */
  dparms = gcry_sexp_find_token (genparms, "derive-parms", 0);
  if (dparms)
    {
      ec = get_value (dparms, "seed", 1, &seed, &seedlen);
      if (!ec && seed && seedlen != MLKEM_SEED_LEN)
        ec = GPG_ERR_INV_ARG;
      if (ec)
        goto leave;
    }
  if (!seed)
    {
      seed = xtrymalloc_secure (MLKEM_SEED_LEN);
      if (!seed)
        {
          ec = gpg_err_code_from_syserror ();
          goto leave;
        }
      seedlen = MLKEM_SEED_LEN;
      _gcry_randomize (seed, MLKEM_SEED_LEN, GCRY_VERY_STRONG_RANDOM);
    }

  ek = xtrymalloc (p->ek_len);
  dk = xtrymalloc_secure (p->dk_len);
  if (!ek || !dk)
    {
      ec = gpg_err_code_from_syserror ();
      goto leave;
    }
  ec = _gcry_mlkem_keygen_internal (p, ek, dk, seed);
  _gcry_burn_stack (MLKEM_STACK_BURN);
  if (ec)
    goto leave;

  ec = gpg_err_code (gcry_sexp_build (r_skey, NULL,
                                      "(key-data"
                                      " (public-key (%s (p %b)))"
                                      " (private-key (%s (p %b) (s %b)"
                                      " (seed %b))))",
                                      p->name, (int)p->ek_len, ek,
                                      p->name, (int)p->ek_len, ek,
                                      (int)p->dk_len, dk,
                                      (int)MLKEM_SEED_LEN, seed));

 leave:
  gcry_sexp_release (dparms);
  free_secret (seed, seedlen);
  free_secret (dk, p->dk_len);
  xfree (ek);
  return ec;
}


/* gcry_pk_testkey: the checks of FIPS 203 section 7 on every part of
 * the private key that is present, and the consistency of the parts:
 *  - seed (64 bytes) expands to ek', dk'; s must equal dk' and p ek';
 *  - without seed, s must have the length of dk, pass the hash check
 *    (7.3), and its embedded ek the modulus check (7.2); p must equal
 *    the embedded ek.
 * Errors: GPG_ERR_NO_OBJ (neither s nor seed), GPG_ERR_BAD_SECKEY
 * (any check or comparison fails).  */
static gpg_err_code_t
mlkem_check_secret_key (gcry_sexp_t keyparms)
{
  const mlkem_param_t *p;
  byte *pk = NULL, *sk = NULL, *seed = NULL, *dk2 = NULL, *ek2 = NULL;
  size_t pklen = 0, sklen = 0, seedlen = 0;
  gpg_err_code_t ec;

  p = param_from_sexp (keyparms);
  if (!p)
    return GPG_ERR_PUBKEY_ALGO;
  if ((ec = get_value (keyparms, "p", 0, &pk, &pklen))
      || (ec = get_value (keyparms, "s", 1, &sk, &sklen))
      || (ec = get_value (keyparms, "seed", 1, &seed, &seedlen)))
    goto leave;

  if (seed)
    {
      if (seedlen != MLKEM_SEED_LEN)
        {
          ec = GPG_ERR_BAD_SECKEY;
          goto leave;
        }
      ek2 = xtrymalloc (p->ek_len);
      dk2 = xtrymalloc_secure (p->dk_len);
      if (!ek2 || !dk2)
        {
          ec = gpg_err_code_from_syserror ();
          goto leave;
        }
      ec = _gcry_mlkem_keygen_internal (p, ek2, dk2, seed);
      _gcry_burn_stack (MLKEM_STACK_BURN);
      if (ec)
        goto leave;
      if (sk && (sklen != p->dk_len || !ct_memequal (sk, dk2, p->dk_len)))
        ec = GPG_ERR_BAD_SECKEY;
      else if (pk && (pklen != p->ek_len || memcmp (pk, ek2, p->ek_len)))
        ec = GPG_ERR_BAD_SECKEY;
    }
  else if (sk)
    {
      const byte *emb;

      if (sklen != p->dk_len)
        {
          ec = GPG_ERR_BAD_SECKEY;
          goto leave;
        }
      emb = sk + p->k * MLKEM_POLYBYTES;
      if (_gcry_mlkem_check_dk (p, sk) || _gcry_mlkem_check_ek (p, emb))
        ec = GPG_ERR_BAD_SECKEY;
      else if (pk && (pklen != p->ek_len || memcmp (pk, emb, p->ek_len)))
        ec = GPG_ERR_BAD_SECKEY;
    }
  else
    ec = GPG_ERR_NO_OBJ;

 leave:
  xfree (pk);
  free_secret (sk, sklen);
  free_secret (seed, seedlen);
  free_secret (dk2, p->dk_len);
  xfree (ek2);
  return ec;
}


/* Key size in bits as libgcrypt reports it: 512, 768 or 1024; 0 for an
 * unknown name.  */
static unsigned int
mlkem_get_nbits (gcry_sexp_t keyparms)
{
  const mlkem_param_t *p = param_from_sexp (keyparms);

  return p ? p->nbits : 0;
}


/* Keygrip material, as libgcrypt: the name ("kyber768", whatever
 * spelling the key uses), a NUL, and the public key p.  A private
 * key without p contributes the ek embedded in s, or, for a seed-only
 * key, the ek expanded from the seed.  */
static gpg_err_code_t
mlkem_comp_keygrip (gcry_md_hd_t md, gcry_sexp_t keyparms)
{
  const mlkem_param_t *p;
  byte *pk = NULL, *sk = NULL, *seed = NULL, *dk2 = NULL;
  size_t pklen, sklen = 0, seedlen = 0;
  gpg_err_code_t ec;

  p = param_from_sexp (keyparms);
  if (!p)
    return GPG_ERR_PUBKEY_ALGO;
  ec = get_value (keyparms, "p", 0, &pk, &pklen);
  if (ec)
    return ec;
  if (!pk)
    {
      if ((ec = get_value (keyparms, "s", 1, &sk, &sklen))
          || (ec = get_value (keyparms, "seed", 1, &seed, &seedlen)))
        goto leave;
      pk = xtrymalloc (p->ek_len);
      if (!pk)
        {
          ec = gpg_err_code_from_syserror ();
          goto leave;
        }
      pklen = p->ek_len;
      if (sk && sklen == p->dk_len)
        memcpy (pk, sk + p->k * MLKEM_POLYBYTES, p->ek_len);
      else if (seed && seedlen == MLKEM_SEED_LEN)
        {
          dk2 = xtrymalloc_secure (p->dk_len);
          if (!dk2)
            {
              ec = gpg_err_code_from_syserror ();
              goto leave;
            }
          ec = _gcry_mlkem_keygen_internal (p, pk, dk2, seed);
          _gcry_burn_stack (MLKEM_STACK_BURN);
          if (ec)
            goto leave;
        }
      else
        {
          ec = (sk || seed) ? GPG_ERR_INV_OBJ : GPG_ERR_NO_OBJ;
          goto leave;
        }
    }

  gcry_md_write (md, p->name, strlen (p->name) + 1);
  gcry_md_write (md, pk, pklen);

 leave:
  xfree (pk);
  free_secret (sk, sklen);
  free_secret (seed, seedlen);
  free_secret (dk2, p->dk_len);
  return ec;
}


static gpg_err_code_t
mlkem_selftest (int algo, int extended)
{
  (void)algo;
  (void)extended;
  return _gcry_mlkem_selftest ();
}


gcry_pk_spec_t _gcry_pubkey_spec_mlkem =
  {
    GCRY_PK_KEM, "KEM", mlkem_aliases,
    GCRY_PK_USAGE_ENCR,
    mlkem_generate,
    mlkem_check_secret_key,
    NULL,                       /* sign: not a signature scheme.  */
    NULL,                       /* verify */
    mlkem_get_nbits,
    mlkem_comp_keygrip,
    mlkem_selftest
  };
