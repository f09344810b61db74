/* Sizes shared by the SNOVA rounds with square l x l blocks and m = o public
 * matrices (Rounds 1 and 2), for their params_r*.h to include; that header
 * defines SNOVA_ABQ_TERMS, the number of terms with their own A, B, Q1, Q2. */
#ifndef SNOVA_PARAMS_SQUARE_H
#define SNOVA_PARAMS_SQUARE_H

#define SNOVA_N (SNOVA_V + SNOVA_O)
#define SNOVA_M SNOVA_O
#define SNOVA_LSQ (SNOVA_L * SNOVA_L)
/* signature blocks are square */
#define SNOVA_R SNOVA_L

/* nibbles drawn from the private seed: l coefficients for each of the v*o T12 blocks */
#define SNOVA_PRIV_NIBBLES (SNOVA_V * SNOVA_O * SNOVA_L)
#define SNOVA_PRIV_BYTES ((SNOVA_PRIV_NIBBLES + 1) / 2)

#define SNOVA_HASH_NIBBLES (SNOVA_M * SNOVA_LSQ)
#define SNOVA_HASH_BYTES ((SNOVA_HASH_NIBBLES + 1) / 2)
#define SNOVA_VINEGAR_BYTES ((SNOVA_V * SNOVA_LSQ + 1) / 2)

#define SNOVA_SIG_NIBBLES (SNOVA_N * SNOVA_LSQ)
#define SNOVA_SIG_PACKED_BYTES ((SNOVA_SIG_NIBBLES + 1) / 2)
#define SNOVA_SIG_BYTES (SNOVA_SIG_PACKED_BYTES + SNOVA_SALT_BYTES)

#define SNOVA_P22_NIBBLES (SNOVA_M * SNOVA_O * SNOVA_O * SNOVA_LSQ)
#define SNOVA_PK_BYTES (SNOVA_PK_SEED_BYTES + (SNOVA_P22_NIBBLES + 1) / 2)

/* expanded secret key: A, B, Q1, Q2 of every term, T12, F11, F12, F21 (two halves
 * interleaved into nibbles), then the public and the private seed */
#define SNOVA_ESK_NIBBLES                                                                         \
    (SNOVA_LSQ * (4 * SNOVA_ABQ_TERMS + SNOVA_V * SNOVA_O + SNOVA_M * SNOVA_V * SNOVA_V +       \
                  2 * SNOVA_M * SNOVA_V * SNOVA_O))
#define SNOVA_ESK_BYTES (SNOVA_ESK_NIBBLES / 2 + SNOVA_SEED_BYTES)

/* Whether the quadratic forms' l factors are kept as one stacked l^2 x l left
 * factor (snova_square.h, QUAD_STACKED): the variant plan's layout for this
 * shape and build (out/snova_plan.h, generator/plan.yaml). */
#include "snova_plan.h"
#define SNOVA_QUAD_STACKED SNOVA_PLAN_QUAD_STACKED

/* equations (and unknowns) of the linear system solved when signing */
#define SNOVA_NEQ (SNOVA_M * SNOVA_LSQ)

#endif
