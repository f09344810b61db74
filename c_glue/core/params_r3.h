/* SNOVA Round 3 (NIST Round 3, "SNOVA v3") sizes, derived from the build-time
 * parameters -DSNOVA_V=v -DSNOVA_O=o -DSNOVA_L=l -DSNOVA_R=r -DSNOVA_M1=m1
 * -DSNOVA_AES=0|1 -DSNOVA_SET=I_S (q = 16 always). The signature's blocks are
 * l x r, the public map has m1 matrices of n x n blocks of l x l, and each of the
 * o equations mixes alpha of them. The sets are listed in generator/sets.yaml.
 * Included by params.h. */
#ifndef SNOVA_PARAMS_R3_H
#define SNOVA_PARAMS_R3_H

#if !defined(SNOVA_V) || !defined(SNOVA_O) || !defined(SNOVA_L) || !defined(SNOVA_R) || !defined(SNOVA_M1) || \
    !defined(SNOVA_SET)
#error "build with -DSNOVA_V=.. -DSNOVA_O=.. -DSNOVA_L=.. -DSNOVA_R=.. -DSNOVA_M1=.. -DSNOVA_SET=.. (see c_glue/c_glue.mk)"
#endif
#ifndef SNOVA_AES
#define SNOVA_AES 0
#endif
#if SNOVA_L != 2 && SNOVA_L != 4 && SNOVA_L != 5
#error "SNOVA_L must be 2, 4 or 5"
#endif

#define SNOVA_N (SNOVA_V + SNOVA_O)
#define SNOVA_LSQ (SNOVA_L * SNOVA_L)
#define SNOVA_LR (SNOVA_L * SNOVA_R)
#define SNOVA_RSQ (SNOVA_R * SNOVA_R)
#define SNOVA_ALPHA (SNOVA_L * SNOVA_R + 2 * SNOVA_R)
/* Whether the quadratic forms take the l factors X^t S^a of a signature block
 * stacked into one (l r) x l left factor (kernels.h rowdot_sll): the variant
 * plan's layout for this shape (out/snova_plan.h, generator/plan.yaml). */
#include "snova_plan.h"
#define SNOVA_STACKED SNOVA_PLAN_STACKED

/* nibbles drawn from the public seed: P11, P12 and P21 of every public matrix */
#define SNOVA_PUB_NIBBLES (SNOVA_M1 * (SNOVA_V * SNOVA_V + 2 * SNOVA_V * SNOVA_O) * SNOVA_LSQ)
#define SNOVA_PUB_BYTES ((SNOVA_PUB_NIBBLES + 1) / 2)
/* A (r x r), B (r x l), then the l coefficients of Q1 and of Q2, for each of the
 * o * alpha terms: the same for every key, drawn from a constant seed */
#define SNOVA_ABQ_NIBBLES (SNOVA_O * SNOVA_ALPHA * (SNOVA_RSQ + SNOVA_LR + 2 * SNOVA_L))
#define SNOVA_ABQ_BYTES ((SNOVA_ABQ_NIBBLES + 1) / 2)
#define SNOVA_PRIV_NIBBLES (SNOVA_V * SNOVA_O * SNOVA_L)
#define SNOVA_PRIV_BYTES ((SNOVA_PRIV_NIBBLES + 1) / 2)

#define SNOVA_HASH_NIBBLES (SNOVA_O * SNOVA_LR)
#define SNOVA_HASH_BYTES ((SNOVA_HASH_NIBBLES + 1) / 2)
#define SNOVA_VINEGAR_NIBBLES (SNOVA_V * SNOVA_LR)
#define SNOVA_VINEGAR_BYTES ((SNOVA_VINEGAR_NIBBLES + 1) / 2)

#define SNOVA_SIG_NIBBLES (SNOVA_N * SNOVA_LR)
#define SNOVA_SIG_PACKED_BYTES ((SNOVA_SIG_NIBBLES + 1) / 2)
#define SNOVA_SIG_BYTES (SNOVA_SIG_PACKED_BYTES + SNOVA_SALT_BYTES)

#define SNOVA_P22_NIBBLES (SNOVA_M1 * SNOVA_O * SNOVA_O * SNOVA_LSQ)
#define SNOVA_PK_BYTES (SNOVA_PK_SEED_BYTES + (SNOVA_P22_NIBBLES + 1) / 2)

/* For l > 2 the secret key carries a hash of the public key, which the message
 * hash takes in place of the public seed. */
#define SNOVA_HASH_PK (SNOVA_L > 2)
#define SNOVA_PK_HASH_BYTES (SNOVA_HASH_PK ? 48 : 0)
#define SNOVA_SK_BYTES (SNOVA_SEED_BYTES + SNOVA_PK_HASH_BYTES)

/* equations (and unknowns) of the linear system solved when signing */
#define SNOVA_NEQ (SNOVA_O * SNOVA_LR)

#if SNOVA_AES
#define SNOVA_ALGNAME "SNOVA_" SNOVA_STR(SNOVA_SET) "_AES"
#else
#define SNOVA_ALGNAME "SNOVA_" SNOVA_STR(SNOVA_SET)
#endif

#endif
