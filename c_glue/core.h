/* The entry points every SNOVA round's core provides to the NIST API (sign.c):
 * deterministic functions of their inputs, randomness drawn by the caller. */
#ifndef SNOVA_CORE_API_H
#define SNOVA_CORE_API_H

#include <stdint.h>

#include "params.h"

/* pk: SNOVA_PK_BYTES, sk: SNOVA_SK_BYTES, from the 48-byte seed (public seed ||
 * private seed). Returns 0, or -1 if working memory could not be had. */
int snova_core_keypair(uint8_t *pk, uint8_t *sk, const uint8_t seed[SNOVA_SEED_BYTES]);

/* sig: SNOVA_SIG_BYTES (packed signature || salt). Returns 0, or -1 if no
 * solvable system was found (negligible) or working memory could not be had. */
int snova_core_sign(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t salt[SNOVA_SALT_BYTES],
                    const uint8_t *sk);

/* 0 if sig (SNOVA_SIG_BYTES) is a valid signature of digest under pk, else -1. */
int snova_core_verify(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const uint8_t *pk);

#endif
