#include "fixed_pair.h"

#include <string.h>

#include "fuzz_sets.h"

const uint8_t fuzz_message[10] = "fuzz seed";

const struct fuzz_pair *fuzz_pair(uint8_t selector) {
    static struct fuzz_pair pairs[FUZZ_SHAPE_SETS];
    struct fuzz_pair *p = &pairs[selector % FUZZ_SHAPE_SETS];
    const snova_instance *inst = fuzz_shape_set(selector);
    if (p->pk != NULL)
        return p;
    uint8_t seed[256], salt[16];
    size_t siglen;
    memset(seed, 0x47, sizeof(seed));
    memset(salt, 0x5A, sizeof(salt));
    p->pk = malloc(snova_public_key_bytes(inst));
    p->sk = malloc(snova_secret_key_bytes(inst));
    p->sig = malloc(snova_signature_bytes(inst));
    if (snova_keypair_seed_bytes(inst) > sizeof(seed) || snova_keypair_from_seed(inst, p->pk, p->sk, seed) != 0 ||
        snova_sign_with_salt(inst, p->sig, &siglen, fuzz_message, sizeof(fuzz_message), p->sk, salt) != 0)
        FUZZ_FINDING("%s: no fixed pair", snova_instance_name(inst));
    return p;
}
