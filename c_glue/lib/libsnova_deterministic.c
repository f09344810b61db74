/* libsnova's deterministic entry points (include/snova.h): each instance's NIST
 * API with the bytes it draws from randombytes passed in by the caller. */
#include "lib_instance.h"
#include "lib_sign.h"

size_t snova_keypair_seed_bytes(const snova_instance *inst) { return inst != NULL ? inst->seed_bytes : 0; }

size_t snova_salt_bytes(const snova_instance *inst) { return inst != NULL ? inst->salt_bytes : 0; }

int snova_keypair_from_seed(const snova_instance *inst, uint8_t *pk, uint8_t *sk, const uint8_t *seed) {
    if (inst == NULL || pk == NULL || sk == NULL || seed == NULL)
        return -1;
    return inst->keypair_seeded(pk, sk, seed) == 0 ? 0 : -1;
}

/* the NIST API's signature on these bytes (its digest, then the core on the
 * salt), under the status and output rule of every signing call */
int snova_sign_with_salt(const snova_instance *inst, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                         const uint8_t *sk, const uint8_t *salt) {
    if (inst == NULL || sig == NULL || siglen == NULL || !message_given(m, mlen) || sk == NULL || salt == NULL)
        return snova_lib_refuse(inst, sig, siglen);
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    snova_shake256(digest, sizeof(digest), m, mlen);
    return snova_lib_sign(inst, sig, siglen, digest, salt, sk, NULL);
}
