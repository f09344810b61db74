/* SNOVA Round 2 sizes (the version liboqs ships), derived from the build-time
 * parameters -DSNOVA_V=v -DSNOVA_O=o -DSNOVA_L=l -DSNOVA_AES=0|1 -DSNOVA_ESK=0|1
 * (q = 16 always). As in Round 1 the blocks are l x l and there are m = o public
 * matrices, but each equation mixes alpha = l^2 + l terms, each with its own A, B,
 * Q1, Q2. The instances are listed in generator/sets.yaml. Included by
 * params.h. */
#ifndef SNOVA_PARAMS_R2_H
#define SNOVA_PARAMS_R2_H

#if !defined(SNOVA_V) || !defined(SNOVA_O) || !defined(SNOVA_L) || !defined(SNOVA_AES) || !defined(SNOVA_ESK)
#error "build with -DSNOVA_V=.. -DSNOVA_O=.. -DSNOVA_L=.. -DSNOVA_AES=.. -DSNOVA_ESK=.. (see c_glue/c_glue.mk)"
#endif
#if SNOVA_L < 2 || SNOVA_L > 5
#error "SNOVA_L must be 2, 3, 4 or 5"
#endif

/* terms of each equation, each with its own A, B, Q1, Q2 */
#define SNOVA_ALPHA (SNOVA_L * SNOVA_L + SNOVA_L)
#define SNOVA_ABQ_TERMS (SNOVA_O * SNOVA_ALPHA)
#include "params_square.h"

/* For l < 4, A, B, Q1 and Q2 are the same for every key, drawn from a constant
 * seed; otherwise from the public seed, after P11, P12 and P21. */
#define SNOVA_FIXED_ABQ (SNOVA_L < 4)

/* nibbles of the public keystream: P11, P12, P21, then A and B of every term,
 * then the l coefficients of Q1 of every term and those of Q2 */
#define SNOVA_P_NIBBLES (SNOVA_LSQ * SNOVA_M * (SNOVA_N * SNOVA_N - SNOVA_M * SNOVA_M))
#define SNOVA_AB_NIBBLES (2 * SNOVA_ABQ_TERMS * SNOVA_LSQ)
#define SNOVA_Q_NIBBLES (2 * SNOVA_ABQ_TERMS * SNOVA_L)
#define SNOVA_PUB_NIBBLES (SNOVA_P_NIBBLES + SNOVA_AB_NIBBLES + SNOVA_Q_NIBBLES)
#define SNOVA_PUB_BYTES ((SNOVA_PUB_NIBBLES + 1) / 2)

#if SNOVA_ESK
#define SNOVA_SK_BYTES SNOVA_ESK_BYTES
#else
#define SNOVA_SK_BYTES SNOVA_SEED_BYTES
#endif

/* liboqs's name: SNOVA_v_o_l, then _SHAKE and _esk where they apply */
#if SNOVA_AES
#define SNOVA_ALGNAME_EXP ""
#else
#define SNOVA_ALGNAME_EXP "_SHAKE"
#endif
#if SNOVA_ESK
#define SNOVA_ALGNAME_SK "_esk"
#else
#define SNOVA_ALGNAME_SK ""
#endif
#define SNOVA_ALGNAME \
    "SNOVA_" SNOVA_STR(SNOVA_V) "_" SNOVA_STR(SNOVA_O) "_" SNOVA_STR(SNOVA_L) SNOVA_ALGNAME_EXP SNOVA_ALGNAME_SK

#endif
