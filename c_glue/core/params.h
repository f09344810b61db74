/* Sizes of the SNOVA parameter set a build is made for: -DSNOVA_ROUND=1 (the
 * default), 2 or 3 picks the round, whose own header derives every size from the
 * set's parameters. What every round shares is defined here. */
#ifndef SNOVA_PARAMS_H
#define SNOVA_PARAMS_H

#ifndef SNOVA_ROUND
#define SNOVA_ROUND 1
#endif

#define SNOVA_PK_SEED_BYTES 16
#define SNOVA_SK_SEED_BYTES 32
#define SNOVA_SEED_BYTES (SNOVA_PK_SEED_BYTES + SNOVA_SK_SEED_BYTES)
#define SNOVA_SALT_BYTES 16
#define SNOVA_DIGEST_BYTES 64

#define SNOVA_STR2(x) #x
#define SNOVA_STR(x) SNOVA_STR2(x)

#if SNOVA_ROUND == 1
#include "params_r1.h"
#elif SNOVA_ROUND == 2
#include "params_r2.h"
#elif SNOVA_ROUND == 3
#include "params_r3.h"
#else
#error "SNOVA_ROUND must be 1, 2 or 3"
#endif

#endif
