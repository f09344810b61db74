/* The NIST API with its randomness passed in rather than drawn from the
 * operating system: the key pair from its 48-byte seed, the signatures with
 * their 16-byte salt. What known-answer tests and benchmarks replay
 * (drbg_sign.h) and libsnova's deterministic entry points call. Contracts as
 * crypto_sign_keypair, crypto_sign_signature and crypto_sign in api.h. */
#ifndef SNOVA_SIGN_SALTED_H
#define SNOVA_SIGN_SALTED_H

#include <stddef.h>

#include "params.h"

int snova_keypair_seeded(unsigned char *pk, unsigned char *sk, const unsigned char seed[SNOVA_SEED_BYTES]);

int snova_sign_signature_salted(unsigned char *sig, size_t *siglen, const unsigned char *m, size_t mlen,
                                const unsigned char *sk, const unsigned char salt[SNOVA_SALT_BYTES]);

int snova_sign_salted(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,
                      unsigned long long mlen, const unsigned char *sk, const unsigned char salt[SNOVA_SALT_BYTES]);

#endif
