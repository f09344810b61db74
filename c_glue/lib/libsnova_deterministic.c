/* libsnova's deterministic entry points (include/snova.h): each instance's NIST
 * API with the bytes it draws from randombytes passed in by the caller. */
#include "lib_instance.h"

size_t snova_keypair_seed_bytes(const snova_instance *inst) { return inst != NULL ? inst->seed_bytes : 0; }

size_t snova_salt_bytes(const snova_instance *inst) { return inst != NULL ? inst->salt_bytes : 0; }

int snova_keypair_from_seed(const snova_instance *inst, uint8_t *pk, uint8_t *sk, const uint8_t *seed) {
    if (inst == NULL || pk == NULL || sk == NULL || seed == NULL)
        return -1;
    return inst->keypair_seeded(pk, sk, seed) == 0 ? 0 : -1;
}

int snova_sign_with_salt(const snova_instance *inst, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                         const uint8_t *sk, const uint8_t *salt) {
    if (inst == NULL || sig == NULL || siglen == NULL || (m == NULL && mlen > 0) || sk == NULL ||
        (salt == NULL && inst->salt_bytes > 0))
        return -1;
    return inst->signature_salted(sig, siglen, m, mlen, sk, salt) == 0 ? 0 : -1;
}
