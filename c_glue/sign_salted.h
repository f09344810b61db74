/* The NIST API's signing with the salt passed in rather than drawn from the
 * operating system: what known-answer tests and benchmarks replay (drbg_sign.h).
 * Contracts as crypto_sign_signature and crypto_sign in api.h. */
#ifndef SNOVA_SIGN_SALTED_H
#define SNOVA_SIGN_SALTED_H

#include <stddef.h>

#include "params.h"

int snova_sign_signature_salted(unsigned char *sig, size_t *siglen, const unsigned char *m, size_t mlen,
                                const unsigned char *sk, const unsigned char salt[SNOVA_SALT_BYTES]);

int snova_sign_salted(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,
                      unsigned long long mlen, const unsigned char *sk, const unsigned char salt[SNOVA_SALT_BYTES]);

#endif
