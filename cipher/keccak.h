/* keccak.h - Internal Keccak/SHA-3/SHAKE interface of libgcrypt-pqc
 * Copyright (C) 2026 The libgcrypt-pqc authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* This is the contract between cipher/keccak.c (front file, dispatch)
 * and its users: the gcry_md glue for SHA-3/SHAKE, ML-KEM and ML-DSA.
 *
 * Layers:
 *  1. Permutations, chosen once at initialisation (keccak_ops_t in
 *     keccak.c): Keccak-f[1600] on one state, and on 4 or 8
 *     independent states at once ("batch").  Backends: portable C,
 *     AVX2, AVX-512, POWER10 VSX, ...
 *  2. An incremental sponge (keccak_ctx_t) for one stream.
 *  3. A batch sponge (keccak_batch_t) for N = 4 or 8 streams whose
 *     inputs all have the same length: absorb once, then squeeze whole
 *     blocks.  This is what matrix expansion and noise sampling use.
 *     Where the backend has a cheap 9-way permutation, an 8-way batch
 *     can carry a ninth state of its owner's (ML-DSA's side stream).
 *  4. A multi-stream sponge (keccak_stream_t, _gcry_keccak_multi_run)
 *     for any number of independent hashes, each with its own
 *     function, input and output length, scheduled onto the widest
 *     useful permutation (see the cost model below).
 *
 * State layout.  A single state is 25 u64 lanes, lane (x,y) at index
 * x + 5*y, each lane in host byte order; bytes are absorbed little
 * endian (FIPS 202).  A batch state of N instances is lane-interleaved:
 * lane i of instance j is at s[i*N + j], so one SIMD register holds
 * the same lane of all instances.
 */

#ifndef GCRY_KECCAK_H
#define GCRY_KECCAK_H 1

#include <stddef.h>
#include "types.h"

/* Rates in bytes.  */
#define KECCAK_RATE_SHAKE128  168
#define KECCAK_RATE_SHAKE256  136
#define KECCAK_RATE_SHA3_224  144
#define KECCAK_RATE_SHA3_256  136
#define KECCAK_RATE_SHA3_384  104
#define KECCAK_RATE_SHA3_512   72

/* Domain separation / padding bytes (FIPS 202, first padding byte).  */
#define KECCAK_DS_SHA3   0x06
#define KECCAK_DS_SHAKE  0x1f
#define KECCAK_DS_CSHAKE 0x04   /* cSHAKE with N or S (SP 800-185).  */

#define KECCAK_BATCH_MAX 8

/* Width indexes of the multi-stream scheduler: 0, 1, 2 for the 1-, 4-
   and 8-way permutations, 3 for the 5-way one that some backends
   have (instances 0-4 of an 8-way state).  */
#define KECCAK_NWIDTHS 4

/* Incremental sponge for one stream.  */
typedef struct
{
  u64 state[25];
  unsigned int rate;     /* In bytes.  */
  unsigned int pos;      /* Absorb: bytes in the current block.
                            Squeeze: bytes already taken from it.  */
  byte dsbyte;           /* KECCAK_DS_SHA3 or KECCAK_DS_SHAKE.  */
  byte squeezing;        /* 0 while absorbing, 1 after finalize.  */
} keccak_ctx_t;

/* Batch sponge for N (4 or 8) streams.  With N = 8, a ninth state
   after the interleaved ones (STATE[25 * KECCAK_BATCH_MAX + i] is its
   lane i) can ride along where the backend has a 9-way permutation
   (_gcry_keccak_batch_has_ninth); its owner loads and stores it (the
   ML-DSA side stream) and sets NINTH for the permutations that carry
   it.  */
typedef struct
{
  u64 state[25 * KECCAK_BATCH_MAX + 25];
  unsigned int n;        /* 4 or 8.  */
  unsigned int rate;
  int ninth;             /* Permute the ninth state too (N = 8).  */
} keccak_batch_t;

/* Pick the permutation backends.  Called once from _gcry_global_init;
   honours the disabled hardware features.  */
void _gcry_keccak_init (void);

/* Name of the chosen backend of each permutation ("generic", "avx2",
   "avx512", ...), for gcry_get_config and the tests.  */
const char *_gcry_keccak_backend_name (void);        /* single state */
const char *_gcry_keccak_batch_backend_name (unsigned int n); /* 4, 8 */
/* Nonzero if, by the scheduler's cost figures (the cost model
   below), one call of the 8-way permutation of the chosen backend
   costs at most a quarter more than a single permutation: AVX-512
   where zmm instructions run at full width.  The one test for callers
   that shape their work by it (the ML-DSA samplers); a caller that
   can put a figure on each of its choices uses
   _gcry_keccak_multi_cost instead (ML-KEM KeyGen and Decaps).  */
int _gcry_keccak_x8_cheap (void);
/* The same for the 4-way permutation: AVX-512, whose 4-way call on
   ymm registers costs what a single permutation does.  */
int _gcry_keccak_x4_cheap (void);
/* Nonzero if one call of the 8-way permutation costs at most 1.6
   4-way calls, a fifth less per lane: worth grouping work by eight
   even where some lanes go unused (AVX-512 on Intel processors and
   where x8_cheap holds).  */
int _gcry_keccak_x8_per_lane (void);
/* The cost, by the scheduler's figures, of a run of TOTAL
   permutations whose longest chain is LONGEST, at its cheapest width
   (the cost model below).  For callers that choose between ways of
   cutting their work into runs.  */
unsigned long _gcry_keccak_multi_cost (size_t total, size_t longest);
/* For tests: the scheduler's cost figure of one call of the 1-, 4-,
   8- or 5-way permutation (WI 0, 1, 2, 3), as in the cost model
   below; 0 for another WI or a width the scheduler does not use with
   the selected backend.  */
unsigned int _gcry_keccak_cost_figure (unsigned int wi);
/* For tests: let the scheduler use the cost figures COST[0..3] (as in
   the cost model below; COST[3] 0 leaves the 5-way call out) instead
   of those chosen for this machine, until called again; NULL restores
   the machine's.  Not thread-safe: tests only.  */
void _gcry_keccak_test_set_cost (const unsigned int *cost);

/* For benchmarks and differential tests: the permutations of backend
   NAME ("generic", "avx2", "avx512", ...).  Stores the single, 4-way
   and 8-way permutations at R_FN[0..2]; a slot that the backend does
   not implement itself (it falls back to another backend there) is
   NULL.  Returns 0, or -1 if NAME is not compiled in or not usable
   with the current, possibly disabled, hardware features.  "avx512"
   is the variant that dispatch would choose for this processor;
   "avx512-amd" and "avx512-intel" name both variants of its round
   (keccak-amd64-avx512.h), so that tests run both on any machine
   with AVX-512.  */
typedef void (*keccak_permute_fn_t) (u64 *state);
int _gcry_keccak_get_backend (const char *name, keccak_permute_fn_t r_fn[3]);
/* For benchmarks and differential tests: the 5-way permutation of
   backend NAME, which permutes instances 0-4 of an 8-way interleaved
   state and leaves instances 5-7 alone (the scheduler's width index
   3), or NULL if NAME has none or is not usable here.  */
keccak_permute_fn_t _gcry_keccak_get_x5 (const char *name);
/* The same for the 4-way permutation of backend NAME on one half of
   an 8-way state (instances 0-3; the state plus 4 u64 for instances
   4-7), which leaves the other half alone: the scheduler's x4 step of
   a run that shrinks on x8; NULL if NAME has none.  */
keccak_permute_fn_t _gcry_keccak_get_x4_half (const char *name);
/* The same for the 9-way permutation of the batch sponge: an 8-way
   interleaved state followed by a ninth state (225 u64).  */
keccak_permute_fn_t _gcry_keccak_get_x9 (const char *name);
/* For tests: the batch sponge's squeeze copy of backend NAME, which
   stores the first NLANES lanes of the N (4 or 8) instances of an
   N-way state to OUT[0..N-1] (little endian), or NULL if NAME has none
   of its own or is not usable here ("avx2": 4 x 4 transpositions).  */
typedef void (*keccak_lanes_out_fn_t) (byte *const out[], const u64 *state,
                                       unsigned int n, unsigned int nlanes);
keccak_lanes_out_fn_t _gcry_keccak_get_lanes_out (const char *name);

/* Whole-block absorbing of the incremental sponge, one per backend of
   the single permutation: for each of NBLOCKS >= 1 consecutive blocks
   of RATE bytes at IN (RATE a multiple of 8, at most 192), XOR the
   block into the first RATE/8 lanes of STATE (little endian, as
   keccak_ctx_t absorbs) and apply Keccak-f[1600].  Same result on
   every backend.  */
typedef void (*keccak_absorb_fn_t) (u64 *state, const byte *in,
                                    size_t nblocks, unsigned int rate);
/* For tests and benchmarks: the absorbing function of backend NAME,
   or NULL if NAME is not usable (as for _gcry_keccak_get_backend) or
   borrows its single permutation from another backend.  */
keccak_absorb_fn_t _gcry_keccak_get_absorb (const char *name);

/* Permutations through the dispatch table.  */
void _gcry_keccak_f1600 (u64 state[25]);
void _gcry_keccak_f1600_x4 (u64 state[25 * 4]);
void _gcry_keccak_f1600_x8 (u64 state[25 * 8]);

/* The portable versions, always present (for differential tests and
   benchmarks).  */
void _gcry_keccak_f1600_generic (u64 state[25]);
void _gcry_keccak_f1600_x4_generic (u64 state[25 * 4]);
void _gcry_keccak_f1600_x8_generic (u64 state[25 * 8]);

/* Incremental sponge.  RATE in bytes, DSBYTE the domain byte.  */
void _gcry_keccak_ctx_init (keccak_ctx_t *ctx, unsigned int rate, byte dsbyte);
void _gcry_keccak_absorb (keccak_ctx_t *ctx, const void *in, size_t inlen);
/* Pad and switch to squeezing.  Implicit in the first squeeze.  */
void _gcry_keccak_finalize (keccak_ctx_t *ctx);
/* Squeeze OUTLEN bytes; may be called repeatedly (streaming XOF).  */
void _gcry_keccak_squeeze (keccak_ctx_t *ctx, void *out, size_t outlen);
/* Wipe the context.  */
void _gcry_keccak_ctx_wipe (keccak_ctx_t *ctx);

/* One-shot helpers.  These wipe the sponge and burn the stack the
   permutations used.  _gcry_keccak_oneshot (RATE, DSBYTE as for
   _gcry_keccak_ctx_init) only wipes the sponge, for callers that burn
   the stack once at the end of a whole operation (ML-KEM).  */
void _gcry_keccak_oneshot (unsigned int rate, byte dsbyte, void *out,
                           size_t outlen, const void *in, size_t inlen);
void _gcry_sha3_256 (byte out[32], const void *in, size_t inlen);
void _gcry_sha3_512 (byte out[64], const void *in, size_t inlen);
void _gcry_shake128 (void *out, size_t outlen, const void *in, size_t inlen);
void _gcry_shake256 (void *out, size_t outlen, const void *in, size_t inlen);
/* Make the fresh SHAKE128/256 sponge CTX (nothing absorbed) the
   cSHAKE sponge with function name N and customization string S
   (NIST SP 800-185, Section 3.3; both empty: SHAKE, CTX unchanged).
   The lengths are in bytes and not limited.  */
void _gcry_cshake_customize (keccak_ctx_t *ctx, const void *n, size_t nlen,
                             const void *s, size_t slen);

/* Batch sponge.  Absorb N inputs IN[0..N-1] of INLEN bytes each
   (INLEN may exceed the rate), pad with DSBYTE and prepare for
   squeezing.  N is 4 or 8.  */
void _gcry_keccak_batch_absorb (keccak_batch_t *b, unsigned int n,
                                unsigned int rate, byte dsbyte,
                                const byte *const in[], size_t inlen);
/* Squeeze NBLOCKS whole blocks (NBLOCKS * rate bytes) into each of
   OUT[0..n-1].  The first call returns the first block.  */
void _gcry_keccak_batch_squeezeblocks (keccak_batch_t *b,
                                       byte *const out[], size_t nblocks);
void _gcry_keccak_batch_wipe (keccak_batch_t *b);
/* Nonzero if the 8-way batch can carry a ninth state (see
   keccak_batch_t): the selected backend has a 9-way permutation whose
   ninth state costs next to nothing (AVX2 with BMI2 on processors
   whose integer pipes are separate from the vector ones, as for the
   scheduler's 5-way call, and AVX-512 with BMI2 where zmm instructions
   run in two halves, Zen 4; not on Intel).  */
int _gcry_keccak_batch_has_ninth (void);
/* Tests only: with ENABLE, let the batch carry a ninth state wherever
   the selected backend has a 9-way permutation (also on Intel),
   without, never.  Returns _gcry_keccak_batch_has_ninth () after the
   change.  _gcry_keccak_init restores the production choice.  */
int _gcry_keccak_batch_set_ninth (int enable);



/*
 * Multi-stream sponge.
 *
 * The caller describes all the independent hashes of one operation
 * as an array of streams, each with its own function, input and
 * output, and runs them together:
 *
 *   keccak_stream_t st[n];
 *   for (i = 0; i < n; i++)
 *     _gcry_keccak_stream_init (&st[i], fn[i], in[i], inlen[i],
 *                               out[i], outlen[i]);
 *   _gcry_keccak_multi_run (st, n);
 *
 * Later the caller may ask some streams for more output (rejection
 * sampling): _gcry_keccak_stream_more on those, then
 * _gcry_keccak_multi_run on the whole array again; streams without a
 * request cost nothing.  The output of a stream is the same byte
 * string as that of one incremental sponge (keccak_ctx_t) absorbing
 * its input and squeezed in the same pieces, whatever the other
 * streams, the backend or the schedule.  Wipe with
 * _gcry_keccak_multi_wipe.
 *
 * Schedule.  The scheduler keeps one lane-interleaved state of width
 * W (1, 4 or 8) with a stream in each of up to W slots.  Each step
 * does, per occupied slot, the sponge work before a permutation (XOR
 * in one input block, or the last partial block with the padding, or
 * copy out the output the state holds), then one W-way permutation.
 * A stream whose request is complete leaves its slot (its 25 lanes
 * are copied to its keccak_ctx_t) and the next stream with work takes
 * the slot in the same step.  So lanes are refilled as streams
 * finish, and an instance is never permuted twice without work.
 * Streams take free slots in the caller's order, with one exception
 * that keeps the number of calls minimal: the shortest schedule at
 * width W has LEN = max (ceil (P / W), the longest chain) calls, P
 * being the permutations all streams still need; a waiting stream
 * that could no longer finish within LEN calls if it waited one more
 * step takes the slot of the running stream with the most slack
 * (which is parked).  Nine SampleNTT streams of three blocks thus take
 * 4 calls of x8, not 3 for eight of them and 3 more for the ninth;
 * streams that divide evenly among the lanes are never swapped.
 *
 * Cost model.  A stream of rate R (bytes) costs
 *   floor (INLEN / R) + 1                  permutations to absorb, and
 *   ceil ((POS + OUTLEN) / R) - 1          more to squeeze OUTLEN bytes,
 * POS being the bytes already used from its current block (0 after
 * absorbing, so the first R output bytes are free).  Each backend
 * states the cost C1, C4, C8 of one call of its 1-, 4- and 8-way
 * permutation (cycles on a reference machine; a width the backend
 * lacks has the cost of the code that stands in for it).  The figures
 * are fixed per backend and machine kind, chosen at initialisation
 * from the detected hardware only (never timed, so that a schedule is
 * reproducible).  At the start of a run the width is the W minimising
 * the cost of the whole run at that width, CW times its shortest
 * schedule, max (ceil (P / W), L) calls for P permutations still
 * needed and a longest chain of L; ties go to the smaller width.
 * Where the chain outlasts the rest (ceil (P / W) < L), the start also
 * counts the cheaper schedule the scheduler falls into: the other
 * streams fill the other W - 1 lanes for K calls, K = max (ceil
 * ((P - L) / (W - 1)), L2) with L2 the second longest chain, then the
 * chain's L - K steps run at the cheapest width (CMIN each),
 * CW K + CMIN (L - K); it is taken only if at least a tenth cheaper
 * than the cheapest plain schedule, the figures being no more exact
 * than that.  So the
 * portable ML-KEM-512 Encaps (H (ek) of 6 blocks beside four 3-block
 * matrix streams, a tie of x1 and x4 at 18 C1) starts on x4 and
 * finishes H on x1: 4 x4 and 4 x1 calls, 16 C1 (the estimate says
 * 14 C1: the step in which a slot empties still runs at the old
 * width), 6-8% faster on a Sapphire Rapids than all on x1.
 * A third plan at the start, for at least 8 streams where C8 < 2 C4
 * and P > 4 L: K = ceil ((P - 4 L) / 4) x8 calls, after which the
 * rest fits into L - K x4 calls along the chain, C8 K + C4 (L - K);
 * taken if at least 5% below the others, and the scheduler chooses
 * again after those K calls.  With Intel's figures ML-KEM-1024
 * Encaps (H (ek), 12 blocks, beside 16 3-block matrix streams) makes
 * 3 x8 and 9 x4 calls instead of 15 x4 ones: 3-4% faster there.
 * Whenever a slot finds no stream to refill it the choice is made
 * again for what the running streams still need, but the width in use
 * is kept unless another is strictly cheaper; when it changes, the
 * running streams are parked and re-packed in the new width.  So a
 * long chain beside a few short streams (H (ek) of 9 blocks with the
 * 3-block matrix streams of ML-KEM-768 Encaps) runs on x4 where an x8
 * call costs nearly two x4 ones: 9 x4 calls instead of 9 x8 ones.
 * With the backends' figures
 *  - portable (C1 782, C4 3 C1, C8 6 C1: gcc vectorises its batch
 *    loops): x1 or x4 (x8 is never cheaper than x4),
 *  - AVX2 (C1 782, C4 1024, C8 1894: x8 is the two x4 halves
 *    interleaved): x8 only where the permutations outnumber the
 *    longest chain 8 to 1 or so (matrix sampling), else x4, and x1
 *    for the last straggler,
 *  - AVX2 with BMI2 on an AMD processor with the hint
 *    HWF_INTEL_WIDE_ALU ("intel-wide-alu", Zen 5; C1 782, C4 1024,
 *    C8 1894, C5 1045: the 5-way call runs a fifth instance in the
 *    integer pipes beside the AVX2 4-way code): x5 for 5 streams or
 *    more unless 8 fill an x8 call evenly, x4 for 2-4, x1 for one,
 *  - AVX2 with BMI2 on other AMD processors (C1 743, C4 1024,
 *    C8 2002, C5 1400, Zen 4: four integer ALUs, the fifth state
 *    costs a third of a call),
 *  - AVX-512 (C1 619, C4 621, C8 1165, Zen 4, whose cores split zmm
 *    operations in two halves): as AVX2, but x4 down to 2 streams,
 *  - AVX-512 where zmm instructions run at full width (the hint
 *    HWF_INTEL_FAST_ZMM, "intel-fast-zmm": AMD family 1Ah, Zen 5,
 *    desktop and server; C1 750, C4 760, C8 750): x8 for 2 or more
 *    streams and x1 for a single one; a run that shrinks to one
 *    stream stays on x8 (no cheaper width to switch to),
 *  - AVX-512 on Intel processors (HWF_INTEL_CPU; C1 915, C4 1000,
 *    C8 1385, Sapphire Rapids: zmm at full width on two ports, ymm on
 *    three): x8 where the permutations outnumber the longest chain
 *    about 6 to 1, else x4 down to 2 streams,
 *  - POWER10 (C1 491, C4 951 from instruction counts, C8 2 C4): x4 for
 *    2 or more streams, x1 for a single one.
 * Where the backend has a 4-way call on one half of an 8-way state
 * (AVX-512) and x4 costs less than x8, an 8-way step of four streams
 * or fewer is that call (the streams moved into one half first if
 * they are spread over both), so a run that shrinks on x8, or reaches
 * its planned switch to x4 with at most four streams left, goes on at
 * the 4-way cost without re-packing: the nine 3-block matrix streams
 * take 3 x8 calls and one x4.
 * Parking or unparking a stream copies 25 lanes, a few percent of a
 * permutation; the state is cleared at once when streams are packed,
 * so a fresh stream placed then costs nothing and one that refills a
 * slot later has its lanes zeroed without reading its context, and a
 * finished SHA-3 stream (which gets no further requests), like an XOF
 * stream marked with _gcry_keccak_stream_last, is not parked at all.
 * The sponge work per step is lane copying only (whole lanes four at a
 * time, the bytes of a partial lane gathered in a register).  At the
 * end only the lanes of the widest state used are wiped.
 * Nothing depends on secret data beyond the lengths, which are
 * public in all callers.
 */

/* The functions of a stream.  */
enum keccak_function
  {
    KECCAK_SHA3_224, KECCAK_SHA3_256, KECCAK_SHA3_384, KECCAK_SHA3_512,
    KECCAK_SHAKE128, KECCAK_SHAKE256
  };

typedef struct
{
  keccak_ctx_t ctx;      /* Sponge state while parked.  */
  byte fresh;            /* Never parked: the state is all zero and
                            CTX.STATE is not set.  */
  byte last;             /* No request follows the current one (SHA-3,
                            or _gcry_keccak_stream_last).  */
  byte running;          /* In a slot of the scheduler's state.  */
  const byte *in;        /* Input not yet absorbed.  */
  size_t inlen;
  byte *out;             /* Output still to produce in this run.  */
  size_t outlen;
  unsigned int rem;      /* Permutations the request still needs (the
                            scheduler's priority).  */
  byte open;             /* The input given so far is only a prefix
                            of the message (_gcry_keccak_stream_open).  */
} keccak_stream_t;

/* Start stream S: function FN, INLEN bytes at IN (read during the
   next run, so it must stay valid until then), and a first request of
   OUTLEN bytes to OUT (0 is allowed).  For the SHA-3 functions
   OUTLEN is the digest length or 0, and no more output may be asked
   for.  */
void _gcry_keccak_stream_init (keccak_stream_t *s, enum keccak_function fn,
                               const void *in, size_t inlen,
                               void *out, size_t outlen);
/* Ask the XOF stream S for the next OUTLEN bytes of its output, to OUT,
   in the next run.  */
void _gcry_keccak_stream_more (keccak_stream_t *s, void *out, size_t outlen);
/* Declare that the input given to stream S so far is only a prefix
   of its message: runs absorb its whole blocks and leave the rest
   (S->in, S->inlen) unabsorbed, without padding; the state is kept in
   S between runs.  For a message that becomes known piece by piece,
   such as an encoding made while other streams run.  */
void _gcry_keccak_stream_open (keccak_stream_t *s);
/* Give open stream S its input again: INLEN bytes at IN, the bytes it
   left unabsorbed (S->in, S->inlen) followed by more of the message.
   With FINAL these end the message, and the next run pads it and
   serves the output request given at initialisation.  */
void _gcry_keccak_stream_input (keccak_stream_t *s, const void *in,
                                size_t inlen, int final);
/* Promise that XOF stream S gets no request after its current one,
   so that its state need not be kept when that is served (saves a
   copy of 25 lanes).  */
void _gcry_keccak_stream_last (keccak_stream_t *s);
/* Run the N streams at S until every request is served.  */
void _gcry_keccak_multi_run (keccak_stream_t *s, size_t n);
/* Wipe the N streams at S and the stack below the caller.  */
void _gcry_keccak_multi_wipe (keccak_stream_t *s, size_t n);

/* For tests and benchmarks: as _gcry_keccak_multi_run, but only with
   the widths in WIDTHS (bit 0: x1, bit 1: x4, bit 2: x8, bit 3: x5;
   the x5 bit counts only where the selected backend has a 5-way
   permutation, i.e. _gcry_keccak_get_x5 of its 4-way backend's name
   is not NULL, also where the scheduler leaves it out by default
   (_gcry_keccak_cost_figure (3) == 0, Intel processors): then it is
   costed with the backend table's own figure; at least one usable
   width set), and if R_CALLS is not NULL, add the number of calls of
   the 1-, 4-, 8- and 5-way permutation to R_CALLS[0..3].  */
void _gcry_keccak_multi_run_widths (keccak_stream_t *s, size_t n,
                                    unsigned int widths,
                                    unsigned long r_calls[KECCAK_NWIDTHS]);

#endif /*GCRY_KECCAK_H*/
