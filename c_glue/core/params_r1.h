/* SNOVA Round 1 sizes, derived from the build-time parameters
 * -DSNOVA_V=v -DSNOVA_O=o -DSNOVA_L=l -DSNOVA_SSK=0|1 (q = 16 always).
 * The sets are listed in generator/sets.yaml. Included by params.h. */
#ifndef SNOVA_PARAMS_R1_H
#define SNOVA_PARAMS_R1_H

#if !defined(SNOVA_V) || !defined(SNOVA_O) || !defined(SNOVA_L)
#error "build with -DSNOVA_V=.. -DSNOVA_O=.. -DSNOVA_L=.. (see c_glue/c_glue.mk)"
#endif
#ifndef SNOVA_SSK
#define SNOVA_SSK 0
#endif
#if SNOVA_L < 2 || SNOVA_L > 4
#error "SNOVA_L must be 2, 3 or 4"
#endif

/* terms of each equation, the same l^2 in every equation, each with its A, B, Q1, Q2 */
#define SNOVA_ALPHA (SNOVA_L * SNOVA_L)
#define SNOVA_ABQ_TERMS SNOVA_ALPHA
#include "params_square.h"

/* nibbles drawn from the public seed: P11, P12, P21, A, B, then the l coefficients
 * of each Q1 and each Q2 */
#define SNOVA_PUB_NIBBLES \
    (SNOVA_LSQ * (2 * (SNOVA_LSQ + SNOVA_L) + SNOVA_M * (SNOVA_N * SNOVA_N - SNOVA_M * SNOVA_M)))
#define SNOVA_PUB_BYTES ((SNOVA_PUB_NIBBLES + 1) / 2)

#define SNOVA_SSK_BYTES SNOVA_SEED_BYTES
#if SNOVA_SSK
#define SNOVA_SK_BYTES SNOVA_SSK_BYTES
#else
#define SNOVA_SK_BYTES SNOVA_ESK_BYTES
#endif

#define SNOVA_ALGNAME "SNOVA_" SNOVA_STR(SNOVA_V) "_" SNOVA_STR(SNOVA_O) "_" SNOVA_STR(SNOVA_L)

#endif
