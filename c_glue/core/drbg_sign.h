/* The NIST API's key generation and signing with their randomness drawn from the
 * NIST KAT generator (rng.h) in the order NIST's reference API draws it (the
 * 48-byte key seed, then a 16-byte salt per signature): the known answers and
 * repeatable benchmarks. Only the KAT tool, tests and benchmarks link this; the
 * library draws from the operating system (sign.c). */
#ifndef SNOVA_DRBG_SIGN_H
#define SNOVA_DRBG_SIGN_H

#include <stddef.h>

int drbg_sign_keypair(unsigned char *pk, unsigned char *sk);

int drbg_sign_signature(unsigned char *sig, size_t *siglen, const unsigned char *m, size_t mlen,
                        const unsigned char *sk);

int drbg_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m, unsigned long long mlen,
              const unsigned char *sk);

#endif
