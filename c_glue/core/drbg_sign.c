#include "drbg_sign.h"

#include "core.h"
#include "rng.h"
#include "sign_salted.h"

int drbg_sign_keypair(unsigned char *pk, unsigned char *sk) {
    uint8_t seed[SNOVA_SEED_BYTES];
    randombytes(seed, sizeof(seed));
    return snova_core_keypair(pk, sk, seed);
}

int drbg_sign_signature(unsigned char *sig, size_t *siglen, const unsigned char *m, size_t mlen,
                        const unsigned char *sk) {
    uint8_t salt[SNOVA_SALT_BYTES];
    randombytes(salt, sizeof(salt));
    return snova_sign_signature_salted(sig, siglen, m, mlen, sk, salt);
}

int drbg_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m, unsigned long long mlen,
              const unsigned char *sk) {
    uint8_t salt[SNOVA_SALT_BYTES];
    randombytes(salt, sizeof(salt));
    return snova_sign_salted(sm, smlen, m, mlen, sk, salt);
}
