/* NIST API on top of the SNOVA core of the build's round (core.h). Randomness
 * comes from randombytes() (rng.h): 48 bytes per key pair (public seed ||
 * private seed), 16 bytes of salt per signature. The message is hashed to a
 * 64-byte digest with SHAKE256. */
#include <string.h>

#include "api.h"
#include "rng.h"
#include "shake.h"
#include "core.h"
#include "util.h"

int crypto_sign_keypair(unsigned char *pk, unsigned char *sk) {
    uint8_t seed[SNOVA_SEED_BYTES];
    randombytes(seed, sizeof(seed));
    int r = snova_core_keypair(pk, sk, seed);
    snova_wipe(seed, sizeof(seed));
    return r;
}

int crypto_sign_signature(unsigned char *sig, size_t *siglen, const unsigned char *m, size_t mlen,
                          const unsigned char *sk) {
    uint8_t digest[SNOVA_DIGEST_BYTES];
    uint8_t salt[SNOVA_SALT_BYTES];
    int r;
    snova_shake256(digest, sizeof(digest), m, mlen);
    randombytes(salt, sizeof(salt));
    r = snova_core_sign(sig, digest, salt, sk);
    snova_wipe(digest, sizeof(digest));
    if (r != 0) {
        memset(sig, 0, CRYPTO_BYTES);
        *siglen = 0;
        return -1;
    }
    *siglen = CRYPTO_BYTES;
    return 0;
}

int crypto_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,
                unsigned long long mlen, const unsigned char *sk) {
    size_t siglen;
    if (mlen > 0)
        memmove(sm + CRYPTO_BYTES, m, (size_t)mlen);
    if (crypto_sign_signature(sm, &siglen, sm + CRYPTO_BYTES, (size_t)mlen, sk) != 0) {
        *smlen = 0;
        return -1;
    }
    *smlen = CRYPTO_BYTES + mlen;
    return 0;
}

int crypto_sign_verify(const unsigned char *sig, size_t siglen, const unsigned char *m, size_t mlen,
                       const unsigned char *pk) {
    uint8_t digest[SNOVA_DIGEST_BYTES];
    if (siglen != CRYPTO_BYTES)
        return -1;
    snova_shake256(digest, sizeof(digest), m, mlen);
    return snova_core_verify(digest, sig, pk) == 0 ? 0 : -1;
}

int crypto_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm,
                     unsigned long long smlen, const unsigned char *pk) {
    if (smlen < CRYPTO_BYTES)
        return -1;
    if (crypto_sign_verify(sm, CRYPTO_BYTES, sm + CRYPTO_BYTES, (size_t)(smlen - CRYPTO_BYTES), pk) != 0)
        return -1;
    if (smlen > CRYPTO_BYTES)
        memmove(m, sm + CRYPTO_BYTES, (size_t)(smlen - CRYPTO_BYTES));
    *mlen = smlen - CRYPTO_BYTES;
    return 0;
}
