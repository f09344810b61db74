/* NIST API on top of the SNOVA core of the build's round (core.h). Randomness
 * comes from the operating system (os_random.h): 48 bytes per key pair (public
 * seed || private seed), 16 bytes of salt per signature; if it cannot be had the
 * operation fails and its outputs are zeroed. The message is hashed to a 64-byte
 * digest with SHAKE256. The seeded and salted forms (sign_salted.h) take those
 * bytes from the caller: known-answer tests, and libsnova's deterministic entry
 * points. */
#include "snova_namespace.h"
#include <string.h>

#include "api.h"
#include "core.h"
#include "os_random.h"
#include "shake.h"
#include "sign_salted.h"
#include "util.h"

#if defined(SNOVA_PLANT_SHARED_RNG)
/* Test build only (test_threads' proof that it catches a race): the randomness
 * of the KAT generator, one unlocked global DRBG, as this API once drew it. */
#include "rng.h"
static int draw_random(void *buf, size_t len) { return randombytes(buf, len); }
#else
#define draw_random snova_os_random
#endif

/* NULL arguments make every function fail (-1); a message may be NULL only if empty */
#define MESSAGE_GIVEN(m, mlen) ((m) != NULL || (mlen) == 0)

/* a key pair that could not be made: no output that looks like a key */
static int keypair_failed(unsigned char *pk, unsigned char *sk) {
    memset(pk, 0, CRYPTO_PUBLICKEYBYTES);
    snova_wipe(sk, CRYPTO_SECRETKEYBYTES);
    return -1;
}

int snova_keypair_seeded(unsigned char *pk, unsigned char *sk, const unsigned char seed[SNOVA_SEED_BYTES]) {
    if (pk == NULL || sk == NULL || seed == NULL)
        return -1;
    int r = snova_core_keypair(pk, sk, seed);
    snova_wipe_stack();
    return r == 0 ? 0 : keypair_failed(pk, sk);
}

int crypto_sign_keypair(unsigned char *pk, unsigned char *sk) {
    uint8_t seed[SNOVA_SEED_BYTES];
    if (pk == NULL || sk == NULL)
        return -1;
    int r = draw_random(seed, sizeof(seed)) == 0 ? snova_keypair_seeded(pk, sk, seed) : keypair_failed(pk, sk);
    snova_wipe(seed, sizeof(seed));
    return r;
}

int snova_sign_signature_salted(unsigned char *sig, size_t *siglen, const unsigned char *m, size_t mlen,
                                const unsigned char *sk, const unsigned char salt[SNOVA_SALT_BYTES]) {
    uint8_t digest[SNOVA_DIGEST_BYTES];
    snova_shake256(digest, sizeof(digest), m, mlen);
    int r = snova_core_sign(sig, digest, salt, sk);
    snova_wipe(digest, sizeof(digest));
    snova_wipe_stack();
    if (r != 0) {
        memset(sig, 0, CRYPTO_BYTES);
        *siglen = 0;
        return -1;
    }
    *siglen = CRYPTO_BYTES;
    return 0;
}

int crypto_sign_signature(unsigned char *sig, size_t *siglen, const unsigned char *m, size_t mlen,
                          const unsigned char *sk) {
    uint8_t salt[SNOVA_SALT_BYTES];
    if (sig == NULL || siglen == NULL || !MESSAGE_GIVEN(m, mlen) || sk == NULL) {
        if (siglen != NULL)
            *siglen = 0;
        return -1;
    }
    if (draw_random(salt, sizeof(salt)) != 0) {
        memset(sig, 0, CRYPTO_BYTES);
        *siglen = 0;
        return -1;
    }
    return snova_sign_signature_salted(sig, siglen, m, mlen, sk, salt);
}

int snova_sign_salted(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,
                      unsigned long long mlen, const unsigned char *sk, const unsigned char salt[SNOVA_SALT_BYTES]) {
    size_t siglen;
    if (mlen > 0)
        memmove(sm + CRYPTO_BYTES, m, (size_t)mlen);
    if (snova_sign_signature_salted(sm, &siglen, sm + CRYPTO_BYTES, (size_t)mlen, sk, salt) != 0) {
        *smlen = 0;
        return -1;
    }
    *smlen = CRYPTO_BYTES + mlen;
    return 0;
}

int crypto_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m, unsigned long long mlen,
                const unsigned char *sk) {
    uint8_t salt[SNOVA_SALT_BYTES];
    if (sm == NULL || smlen == NULL || !MESSAGE_GIVEN(m, mlen) || sk == NULL) {
        if (smlen != NULL)
            *smlen = 0;
        return -1;
    }
    if (draw_random(salt, sizeof(salt)) != 0) {
        memset(sm, 0, CRYPTO_BYTES);
        *smlen = 0;
        return -1;
    }
    return snova_sign_salted(sm, smlen, m, mlen, sk, salt);
}

int crypto_sign_verify(const unsigned char *sig, size_t siglen, const unsigned char *m, size_t mlen,
                       const unsigned char *pk) {
    uint8_t digest[SNOVA_DIGEST_BYTES];
    if (sig == NULL || siglen != CRYPTO_BYTES || !MESSAGE_GIVEN(m, mlen) || pk == NULL)
        return -1;
    snova_shake256(digest, sizeof(digest), m, mlen);
    return snova_core_verify(digest, sig, pk) == 0 ? 0 : -1;
}

int crypto_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm,
                     unsigned long long smlen, const unsigned char *pk) {
    if (mlen == NULL || sm == NULL || smlen < CRYPTO_BYTES || (m == NULL && smlen > CRYPTO_BYTES))
        return -1;
    if (crypto_sign_verify(sm, CRYPTO_BYTES, sm + CRYPTO_BYTES, (size_t)(smlen - CRYPTO_BYTES), pk) != 0)
        return -1;
    if (smlen > CRYPTO_BYTES)
        memmove(m, sm + CRYPTO_BYTES, (size_t)(smlen - CRYPTO_BYTES));
    *mlen = smlen - CRYPTO_BYTES;
    return 0;
}
