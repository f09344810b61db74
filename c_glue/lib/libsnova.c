/* libsnova's generic API (include/snova.h) over the instances that lib.mk links
 * in, each under its own names (<id>_instance and <id>_crypto_sign_*). */
#include <string.h>

#include "lib_instance.h"
#include "os_random.h"
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

const snova_instance *snova_instance_by_name(const char *name) {
    for (size_t i = 0; name != NULL && i < SNOVA_INSTANCE_COUNT; i++)
        if (strcmp(instances[i]->name, name) == 0)
            return instances[i];
    return NULL;
}

const char *snova_instance_name(const snova_instance *inst) { return inst->name; }
const char *snova_instance_algname(const snova_instance *inst) { return inst->algname; }
int snova_instance_round(const snova_instance *inst) { return inst->round; }
snova_status snova_instance_status(const snova_instance *inst) { return inst->status; }
size_t snova_public_key_bytes(const snova_instance *inst) { return inst->pk_bytes; }
size_t snova_secret_key_bytes(const snova_instance *inst) { return inst->sk_bytes; }
size_t snova_signature_bytes(const snova_instance *inst) { return inst->sig_bytes; }

const char *snova_status_name(snova_status status) {
    switch (status) {
    case SNOVA_STATUS_STANDS:
        return "stands";
    case SNOVA_STATUS_WITHDRAWN:
        return "withdrawn";
    case SNOVA_STATUS_BROKEN:
        return "broken";
    }
    return "unknown";
}

int snova_keypair(const snova_instance *inst, uint8_t *pk, uint8_t *sk) {
    return inst->keypair(pk, sk) == 0 ? 0 : -1;
}

int snova_sign(const snova_instance *inst, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
               const uint8_t *sk) {
    return inst->signature(sig, siglen, m, mlen, sk) == 0 ? 0 : -1;
}

int snova_verify(const snova_instance *inst, const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                 const uint8_t *pk) {
    return inst->verify(sig, siglen, m, mlen, pk) == 0 ? 0 : -1;
}

int snova_sign_attached(const snova_instance *inst, uint8_t *sm, size_t *smlen, const uint8_t *m, size_t mlen,
                        const uint8_t *sk) {
    unsigned long long n = 0;
    int r = inst->sign(sm, &n, m, mlen, sk);
    *smlen = (size_t)n;
    return r == 0 ? 0 : -1;
}

int snova_open(const snova_instance *inst, uint8_t *m, size_t *mlen, const uint8_t *sm, size_t smlen,
               const uint8_t *pk) {
    unsigned long long n;
    if (inst->open(m, &n, sm, smlen, pk) != 0)
        return -1;
    *mlen = (size_t)n;
    return 0;
}

void snova_hasher_init(snova_hasher *h) { snova_shake256_init(hasher_shake(h)); }

void snova_hasher_update(snova_hasher *h, const void *piece, size_t len) {
    snova_shake_absorb(hasher_shake(h), piece, len);
}

int snova_sign_hashed(const snova_instance *inst, uint8_t *sig, size_t *siglen, snova_hasher *h,
                      const uint8_t *sk) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES], salt[SNOVA_LIB_SALT_BYTES];
    hasher_final(h, digest);
    int r = snova_os_random(salt, sizeof(salt));
    if (r == 0)
        r = inst->core_sign(sig, digest, salt, sk);
    snova_wipe(digest, sizeof(digest));
    if (r != 0) {
        memset(sig, 0, inst->sig_bytes);
        *siglen = 0;
        return -1;
    }
    *siglen = inst->sig_bytes;
    return 0;
}

int snova_verify_hashed(const snova_instance *inst, const uint8_t *sig, size_t siglen, snova_hasher *h,
                        const uint8_t *pk) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    hasher_final(h, digest);
    if (siglen != inst->sig_bytes)
        return -1;
    return inst->core_verify(digest, sig, pk) == 0 ? 0 : -1;
}
