/* Fuzz target: key preparation from arbitrary bytes, for one set of every block
 * shape. A public key of any bytes is prepared or refused; prepared, it gives
 * the verdict plain verification gives on the set's seed signature (verify.c's
 * fixed pair), refused, plain verification refuses it too. A secret key of any
 * bytes, prepared, signs with a fixed salt exactly as plain signing does: the
 * same status, the same signature bytes. Input:
 *   [0] set (fuzz_sets.h)  [1] bit 0: a secret key (else public)  [2..] the
 *   key's bytes (zeros past the end). */
#include <string.h>

#include "fixed_pair.h"
#include "fuzz_sets.h"

static void public_key(const snova_instance *inst, uint8_t selector, const uint8_t *pk) {
    const uint8_t *sig = fuzz_pair(selector)->sig;
    size_t sigb = snova_signature_bytes(inst);
    int plain = snova_verify(inst, sig, sigb, fuzz_message, sizeof(fuzz_message), pk);
    snova_public_key *key = snova_public_key_prepare(inst, pk);
    int prepared = key != NULL ? snova_verify_prepared(key, sig, sigb, fuzz_message, sizeof(fuzz_message)) : -1;
    if (plain != prepared)
        FUZZ_FINDING("%s: plain %d, prepared %d (key %s)", snova_instance_name(inst), plain, prepared,
                     key != NULL ? "prepared" : "refused");
    snova_public_key_free(key);
}

static void secret_key(const snova_instance *inst, const uint8_t *sk) {
    size_t sigb = snova_signature_bytes(inst), plain_len = 1, prepared_len = 1;
    uint8_t *plain_sig = malloc(sigb), *prepared_sig = malloc(sigb), salt[16];
    memset(salt, 0x5A, sizeof(salt));
    int plain = snova_sign_with_salt(inst, plain_sig, &plain_len, fuzz_message, sizeof(fuzz_message), sk, salt);
    snova_secret_key *key = snova_secret_key_prepare(inst, sk);
    if (key == NULL)
        FUZZ_FINDING("%s: a secret key refused", snova_instance_name(inst));
    int prepared = snova_sign_prepared_with_salt(key, prepared_sig, &prepared_len, fuzz_message, sizeof(fuzz_message), salt);
    if (plain != prepared || plain_len != prepared_len || memcmp(plain_sig, prepared_sig, sigb) != 0)
        FUZZ_FINDING("%s: plain %d (%zu bytes), prepared %d (%zu bytes)%s", snova_instance_name(inst), plain,
                     plain_len, prepared, prepared_len,
                     memcmp(plain_sig, prepared_sig, sigb) != 0 ? ", signatures differ" : "");
    snova_secret_key_free(key);
    free(plain_sig);
    free(prepared_sig);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2)
        return 0;
    const snova_instance *inst = fuzz_shape_set(data[0]);
    int secret = data[1] & 1;
    size_t keyb = secret ? snova_secret_key_bytes(inst) : snova_public_key_bytes(inst);
    uint8_t *key = calloc(1, keyb);
    memcpy(key, data + 2, size - 2 < keyb ? size - 2 : keyb);
    if (secret)
        secret_key(inst, key);
    else
        public_key(inst, data[0], key);
    free(key);
    return 0;
}
