/* libsnova's prepared keys (include/snova.h): a key made once, by its
 * instance's core, into what signing or verification derives from it alone
 * (core.h), then used for any number of messages, by any number of threads. */
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "lib_instance.h"
#include "os_random.h"
#include "sign_status.h"

/* Both kinds are this object behind their own pointer types (never defined):
 * the instance, then its core's prepared form, aligned as malloc aligns (the
 * core's form is a C struct) */
struct prepared_key {
    const struct snova_instance *inst;
    size_t bytes; /* of the whole object, for the wipe */
    alignas(max_align_t) uint8_t prepared[];
};

static const struct prepared_key *public_of(const snova_public_key *key) {
    return (const struct prepared_key *)(const void *)key;
}

static const struct prepared_key *secret_of(const snova_secret_key *key) {
    return (const struct prepared_key *)(const void *)key;
}

size_t snova_public_key_prepared_bytes(const snova_instance *inst) {
    return inst != NULL ? sizeof(struct prepared_key) + inst->public_prepared_bytes() : 0;
}

size_t snova_secret_key_prepared_bytes(const snova_instance *inst) {
    return inst != NULL ? sizeof(struct prepared_key) + inst->secret_prepared_bytes() : 0;
}

/* the prepared key of `bytes` bytes that fill makes of key, or NULL; a key that
 * could not be made is wiped (the secret one holds secret parts by then) */
static struct prepared_key *prepare(const snova_instance *inst, size_t bytes,
                                    int (*fill)(void *prepared, const uint8_t *key), const uint8_t *key) {
    if (inst == NULL || key == NULL)
        return NULL;
    struct prepared_key *p = snova_alloc(bytes);
    if (p == NULL)
        return NULL;
    p->inst = inst;
    p->bytes = bytes;
    if (fill(p->prepared, key) != 0) {
        snova_free_wiped(p, bytes);
        return NULL;
    }
    return p;
}

snova_public_key *snova_public_key_prepare(const snova_instance *inst, const uint8_t *pk) {
    return (snova_public_key *)prepare(inst, snova_public_key_prepared_bytes(inst),
                                       inst != NULL ? inst->prepare_public : NULL, pk);
}

snova_secret_key *snova_secret_key_prepare(const snova_instance *inst, const uint8_t *sk) {
    return (snova_secret_key *)prepare(inst, snova_secret_key_prepared_bytes(inst),
                                       inst != NULL ? inst->prepare_secret : NULL, sk);
}

void snova_public_key_free(snova_public_key *key) {
    if (key != NULL)
        snova_free_wiped(key, public_of(key)->bytes);
}

void snova_secret_key_free(snova_secret_key *key) {
    if (key != NULL)
        snova_free_wiped(key, secret_of(key)->bytes);
}

/* The signature of digest (wiped here) with salt, or with a salt drawn from the
 * operating system where salt is NULL: 0, SNOVA_ERR_KEY_CANNOT_SIGN or -1; a
 * failed signature is zeroed, and the stack the signing used is cleared */
static int sign_digest(const snova_secret_key *key, uint8_t *sig, size_t *siglen,
                       uint8_t digest[SNOVA_LIB_DIGEST_BYTES], const uint8_t *salt) {
    const struct snova_instance *inst = secret_of(key)->inst;
    uint8_t drawn[SNOVA_LIB_SALT_BYTES];
    int r = 0;
    if (salt == NULL) {
        r = snova_os_random(drawn, sizeof(drawn));
        salt = drawn;
    }
    if (r == 0)
        r = inst->sign_prepared(sig, digest, salt, secret_of(key)->prepared);
    snova_wipe(digest, SNOVA_LIB_DIGEST_BYTES);
    snova_wipe_stack();
    if (r != 0) {
        memset(sig, 0, inst->sig_bytes);
        *siglen = 0;
        return r == SNOVA_CORE_UNSOLVABLE ? SNOVA_ERR_KEY_CANNOT_SIGN : -1;
    }
    *siglen = inst->sig_bytes;
    return 0;
}

int snova_sign_prepared_with_salt(const snova_secret_key *key, uint8_t *sig, size_t *siglen, const uint8_t *m,
                                  size_t mlen, const uint8_t *salt) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    if (key == NULL || sig == NULL || siglen == NULL || (m == NULL && mlen > 0) || salt == NULL)
        return -1;
    snova_shake256(digest, sizeof(digest), m, mlen);
    return sign_digest(key, sig, siglen, digest, salt);
}

int snova_sign_prepared(const snova_secret_key *key, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    if (key == NULL || sig == NULL || siglen == NULL || (m == NULL && mlen > 0))
        return -1;
    snova_shake256(digest, sizeof(digest), m, mlen);
    return sign_digest(key, sig, siglen, digest, NULL);
}

int snova_sign_hashed_prepared(const snova_secret_key *key, uint8_t *sig, size_t *siglen, snova_hasher *h) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    if (key == NULL || sig == NULL || siglen == NULL || hasher_final(h, digest) != 0)
        return -1;
    return sign_digest(key, sig, siglen, digest, NULL);
}

static int verify_digest(const snova_public_key *key, const uint8_t *sig, size_t siglen,
                         const uint8_t digest[SNOVA_LIB_DIGEST_BYTES]) {
    const struct prepared_key *p = public_of(key);
    if (siglen != p->inst->sig_bytes)
        return -1;
    return p->inst->verify_prepared(digest, sig, p->prepared) == 0 ? 0 : -1;
}

int snova_verify_prepared(const snova_public_key *key, const uint8_t *sig, size_t siglen, const uint8_t *m,
                          size_t mlen) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    if (key == NULL || sig == NULL || (m == NULL && mlen > 0))
        return -1;
    snova_shake256(digest, sizeof(digest), m, mlen);
    return verify_digest(key, sig, siglen, digest);
}

int snova_verify_hashed_prepared(const snova_public_key *key, const uint8_t *sig, size_t siglen, snova_hasher *h) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    if (key == NULL || sig == NULL || hasher_final(h, digest) != 0)
        return -1;
    return verify_digest(key, sig, siglen, digest);
}
