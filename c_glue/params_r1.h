/* SNOVA Round 1 sizes, derived from the build-time parameters
 * -DSNOVA_V=v -DSNOVA_O=o -DSNOVA_L=l -DSNOVA_SSK=0|1 (q = 16 always).
 * The list of supported sets lives in c_glue.mk (SNOVA_VOL). Included by params.h. */
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

#define SNOVA_N (SNOVA_V + SNOVA_O)
#define SNOVA_M SNOVA_O
#define SNOVA_LSQ (SNOVA_L * SNOVA_L)

/* nibbles drawn from the public seed: P11, P12, P21, A, B, then the l coefficients
 * of each Q1 and each Q2 */
#define SNOVA_PUB_NIBBLES \
    (SNOVA_LSQ * (2 * (SNOVA_LSQ + SNOVA_L) + SNOVA_M * (SNOVA_N * SNOVA_N - SNOVA_M * SNOVA_M)))
#define SNOVA_PUB_BYTES ((SNOVA_PUB_NIBBLES + 1) / 2)
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

/* expanded secret key: A, B, Q1, Q2, T12, F11, F12, F21 (two halves interleaved
 * into nibbles), then the public and the private seed */
#define SNOVA_ESK_NIBBLES                                                            \
    (SNOVA_LSQ * (4 * SNOVA_LSQ + SNOVA_V * SNOVA_O + SNOVA_M * SNOVA_V * SNOVA_V + \
                  2 * SNOVA_M * SNOVA_V * SNOVA_O))
#define SNOVA_ESK_BYTES (SNOVA_ESK_NIBBLES / 2 + SNOVA_SEED_BYTES)
#define SNOVA_SSK_BYTES SNOVA_SEED_BYTES

#if SNOVA_SSK
#define SNOVA_SK_BYTES SNOVA_SSK_BYTES
#else
#define SNOVA_SK_BYTES SNOVA_ESK_BYTES
#endif

/* equations (and unknowns) of the linear system solved when signing */
#define SNOVA_NEQ (SNOVA_M * SNOVA_LSQ)

/* signature blocks are square */
#define SNOVA_R SNOVA_L

#define SNOVA_ALGNAME "SNOVA_" SNOVA_STR(SNOVA_V) "_" SNOVA_STR(SNOVA_O) "_" SNOVA_STR(SNOVA_L)

#endif
