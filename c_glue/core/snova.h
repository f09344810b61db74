/* Internal interface of the SNOVA core (Round 1 algorithm, AES-128-CTR public
 * key expansion). Sizes come from params.h. */
#ifndef SNOVA_CORE_H
#define SNOVA_CORE_H

#include <stdint.h>

#include "params.h"

/* pk: SNOVA_PK_BYTES; esk: SNOVA_ESK_BYTES or NULL (then only pk is made).
 * Returns 0, or -1 if working memory could not be had. */
int snova_keygen(uint8_t *pk, uint8_t *esk, const uint8_t pk_seed[SNOVA_PK_SEED_BYTES],
                 const uint8_t sk_seed[SNOVA_SK_SEED_BYTES]);

/* sig: SNOVA_SIG_BYTES. Return 0, or -1 if no solvable system was found (the
 * chance of that is negligible) or working memory could not be had. */
int snova_sign_esk(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES],
                   const uint8_t salt[SNOVA_SALT_BYTES], const uint8_t *esk);
int snova_sign_ssk(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES],
                   const uint8_t salt[SNOVA_SALT_BYTES], const uint8_t *ssk);

/* 0 if sig (SNOVA_SIG_BYTES) is a valid signature of digest under pk, else -1. */
int snova_verify(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const uint8_t *pk);

#endif
