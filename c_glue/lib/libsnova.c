/* libsnova's generic API (include/snova.h) over the instances that lib.mk links
 * in, each under its own names (<id>_instance and <id>_crypto_sign_*). */
#include <string.h>

#include "lib_instance.h"
#include "lib_sign.h"
#include "os_random.h"
#include "shake.h"
#include "sign_status.h"
#include "util.h"


#define SNOVA_X_EXTERN(id) extern const struct snova_instance id##_instance;
SNOVA_INSTANCES(SNOVA_X_EXTERN)
#undef SNOVA_X_EXTERN

static const struct snova_instance *const instances[SNOVA_INSTANCE_COUNT] = {
#define SNOVA_X_ENTRY(id) [SNOVA_ID_##id] = &id##_instance,
    SNOVA_INSTANCES(SNOVA_X_ENTRY)
#undef SNOVA_X_ENTRY
};

const snova_instance *snova_instance_by_id(snova_id id) {
    return (unsigned)id < SNOVA_INSTANCE_COUNT ? instances[id] : NULL;
}

/* ASCII only: names are ASCII, and the caller's locale must not change what matches */
static int same_ignoring_case(const char *a, const char *b) {
    for (;; a++, b++) {
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
        if (x != y)
            return 0;
        if (x == '\0')
            return 1;
    }
}

/* a build name, or an official name that exactly one instance has; any case */
const snova_instance *snova_instance_by_name(const char *name) {
    const snova_instance *official = NULL;
    int officials = 0;
    for (size_t i = 0; name != NULL && i < SNOVA_INSTANCE_COUNT; i++) {
        if (same_ignoring_case(name, instances[i]->name))
            return instances[i];
        if (same_ignoring_case(name, instances[i]->algname)) {
            official = instances[i];
            officials++;
        }
    }
    return officials == 1 ? official : NULL;
}

/* every block shape has its own table (lib.mk); a name one shape takes every shape
 * takes, so the first refusal comes before any change */
int snova_kernels_select(const char *name) {
    for (size_t i = 0; i < SNOVA_INSTANCE_COUNT; i++)
        if (instances[i]->kernels_choose(name) != 0)
            return -1;
    return 0;
}

const char *snova_kernels_name(void) { return instances[0]->kernels_choice(); }

const char *snova_instance_name(const snova_instance *inst) { return inst ? inst->name : NULL; }
const char *snova_instance_algname(const snova_instance *inst) { return inst ? inst->algname : NULL; }
int snova_instance_round(const snova_instance *inst) { return inst ? inst->round : -1; }
snova_status snova_instance_status(const snova_instance *inst) { return inst ? inst->status : SNOVA_STATUS_UNKNOWN; }
int snova_instance_level(const snova_instance *inst) { return inst ? inst->level : 0; }
size_t snova_public_key_bytes(const snova_instance *inst) { return inst ? inst->pk_bytes : 0; }
size_t snova_secret_key_bytes(const snova_instance *inst) { return inst ? inst->sk_bytes : 0; }
size_t snova_signature_bytes(const snova_instance *inst) { return inst ? inst->sig_bytes : 0; }

const char *snova_status_name(snova_status status) {
    switch (status) {
    case SNOVA_STATUS_STANDS:
        return "stands";
    case SNOVA_STATUS_WITHDRAWN:
        return "withdrawn";
    case SNOVA_STATUS_BROKEN:
        return "broken";
    case SNOVA_STATUS_UNKNOWN:
        break;
    }
    return "unknown";
}

int snova_lib_refuse(const struct snova_instance *inst, uint8_t *sig, size_t *siglen) {
    if (sig != NULL && inst != NULL)
        memset(sig, 0, inst->sig_bytes);
    if (siglen != NULL)
        *siglen = 0;
    return -1;
}

int snova_keypair(const snova_instance *inst, uint8_t *pk, uint8_t *sk) {
    if (inst == NULL || pk == NULL || sk == NULL)
        return -1;
    return inst->keypair(pk, sk) == 0 ? 0 : -1;
}

int snova_lib_sign(const struct snova_instance *inst, uint8_t *sig, size_t *siglen,
                   uint8_t digest[SNOVA_LIB_DIGEST_BYTES], const uint8_t *salt, const uint8_t *sk,
                   const void *prepared) {
    uint8_t drawn[SNOVA_LIB_SALT_BYTES];
    int r = 0;
    if (salt == NULL) {
        r = snova_os_random(drawn, sizeof(drawn));
        salt = drawn;
    }
    if (r == 0)
        r = sk != NULL ? inst->core_sign(sig, digest, salt, sk) : inst->sign_prepared(sig, digest, salt, prepared);
    snova_wipe(digest, SNOVA_LIB_DIGEST_BYTES);
    snova_wipe_stack();
    if (r == 0) {
        *siglen = inst->sig_bytes;
        return 0;
    }
    snova_lib_refuse(inst, sig, siglen);
    return r == SNOVA_CORE_UNSOLVABLE ? SNOVA_ERR_KEY_CANNOT_SIGN : -1;
}

int snova_sign(const snova_instance *inst, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
               const uint8_t *sk) {
    if (inst == NULL || sig == NULL || siglen == NULL || !message_given(m, mlen) || sk == NULL)
        return snova_lib_refuse(inst, sig, siglen);
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    snova_shake256(digest, sizeof(digest), m, mlen);
    return snova_lib_sign(inst, sig, siglen, digest, NULL, sk, NULL);
}

int snova_verify(const snova_instance *inst, const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                 const uint8_t *pk) {
    if (inst == NULL || sig == NULL || !message_given(m, mlen) || pk == NULL)
        return -1;
    return inst->verify(sig, siglen, m, mlen, pk) == 0 ? 0 : -1;
}

int snova_sign_attached(const snova_instance *inst, uint8_t *sm, size_t *smlen, const uint8_t *m, size_t mlen,
                        const uint8_t *sk) {
    if (inst == NULL || sm == NULL || smlen == NULL || !message_given(m, mlen) || sk == NULL)
        return snova_lib_refuse(inst, sm, smlen);
    size_t siglen;
    if (mlen > 0)
        memmove(sm + inst->sig_bytes, m, mlen);
    int r = snova_sign(inst, sm, &siglen, sm + inst->sig_bytes, mlen, sk);
    *smlen = r == 0 ? siglen + mlen : 0;
    return r;
}

int snova_open(const snova_instance *inst, uint8_t *m, size_t *mlen, const uint8_t *sm, size_t smlen,
               const uint8_t *pk) {
    if (inst == NULL || mlen == NULL || sm == NULL || pk == NULL)
        return -1;
    if (m == NULL && smlen > inst->sig_bytes)
        return -1;
    unsigned long long n;
    if (inst->open(m, &n, sm, smlen, pk) != 0)
        return -1;
    *mlen = (size_t)n;
    return 0;
}

int snova_hasher_init(snova_hasher *h) {
    if (h == NULL)
        return -1;
    memset(h, 0, sizeof(*h));
    snova_shake256_init(&state_of(h)->shake);
    state_of(h)->open = HASHER_OPEN;
    return 0;
}

int snova_hasher_update(snova_hasher *h, const void *piece, size_t len) {
    snova_shake_ctx *shake = open_shake(h);
    if (shake == NULL || !message_given(piece, len))
        return -1;
    snova_shake_absorb(shake, piece, len);
    return 0;
}

int snova_sign_hashed(const snova_instance *inst, uint8_t *sig, size_t *siglen, snova_hasher *h,
                      const uint8_t *sk) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    if (inst == NULL || sig == NULL || siglen == NULL || sk == NULL || hasher_final(h, digest) != 0)
        return snova_lib_refuse(inst, sig, siglen);
    return snova_lib_sign(inst, sig, siglen, digest, NULL, sk, NULL);
}

int snova_verify_hashed(const snova_instance *inst, const uint8_t *sig, size_t siglen, snova_hasher *h,
                        const uint8_t *pk) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    if (inst == NULL || sig == NULL || pk == NULL || hasher_final(h, digest) != 0)
        return -1;
    if (siglen != inst->sig_bytes)
        return -1;
    return inst->core_verify(digest, sig, pk) == 0 ? 0 : -1;
}
