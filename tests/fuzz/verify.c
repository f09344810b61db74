/* Fuzz target: verification differential. The four ways libsnova verifies
 * (plain, prepared, hashed in two pieces, hashed on a prepared key) must give
 * one verdict on any signature, message and public key, for one set of every
 * block shape; a public key that preparation refuses must be refused by plain
 * verification too. Input:
 *   [0] set (fuzz_sets.h)  [1] flags: bit 0 alter the public key, bit 1 the
 *   signature's length one short, bit 2 one long  [2] where the hasher's first
 *   piece ends  [3..4] offset into the public key  [5] byte xored in there
 *   [6..] the signature (zeros past the end), then the message.
 * The public key is the set's fixed pair (fixed_pair.h), so the seeds of
 * fuzz_verify_seed, its valid signatures, start the search at acceptance. */
#include <string.h>

#include "fixed_pair.h"
#include "fuzz_sets.h"
#include "verify_seeds.h"

enum { HEAD = 6 };

long fuzz_verify_accepted;

size_t fuzz_verify_seed(size_t k, uint8_t *out, size_t cap) {
    if (k >= FUZZ_SHAPE_SETS)
        return 0;
    size_t sigb = snova_signature_bytes(fuzz_shape_set((uint8_t)k)), need = HEAD + sigb + sizeof(fuzz_message);
    if (need > cap)
        return 0;
    memset(out, 0, HEAD);
    out[0] = (uint8_t)k;
    out[2] = 4;
    memcpy(out + HEAD, fuzz_pair((uint8_t)k)->sig, sigb);
    memcpy(out + HEAD + sigb, fuzz_message, sizeof(fuzz_message));
    return need;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < HEAD)
        return 0;
    const snova_instance *inst = fuzz_shape_set(data[0]);
    const size_t sigb = snova_signature_bytes(inst), pkb = snova_public_key_bytes(inst);
    size_t siglen = sigb - ((data[1] >> 1) & 1) + ((data[1] >> 2) & 1);
    uint8_t *sig = calloc(1, sigb + 1), *pk = malloc(pkb);
    memcpy(sig, data + HEAD, size - HEAD < sigb ? size - HEAD : sigb);
    memcpy(pk, fuzz_pair(data[0])->pk, pkb);
    if (data[1] & 1)
        pk[((size_t)data[3] << 8 | data[4]) % pkb] ^= data[5];
    const uint8_t *m = size > HEAD + sigb ? data + HEAD + sigb : NULL;
    size_t mlen = m != NULL ? size - HEAD - sigb : 0, split = data[2] < mlen ? data[2] : mlen;

    int plain = snova_verify(inst, sig, siglen, m, mlen, pk);
    snova_public_key *key = snova_public_key_prepare(inst, pk);
    int prepared = key != NULL ? snova_verify_prepared(key, sig, siglen, m, mlen) : -1;
    snova_hasher h;
    snova_hasher_init(&h);
    snova_hasher_update(&h, m, split);
    snova_hasher_update(&h, m != NULL ? m + split : NULL, mlen - split);
    int hashed = snova_verify_hashed(inst, sig, siglen, &h, pk);
    snova_hasher_init(&h);
    snova_hasher_update(&h, m, mlen);
    int hashed_prepared = key != NULL ? snova_verify_hashed_prepared(key, sig, siglen, &h) : -1;
    if (plain != prepared || plain != hashed || plain != hashed_prepared)
        FUZZ_FINDING("%s: plain %d, prepared %d, hashed %d, hashed prepared %d (key %s)", snova_instance_name(inst),
                     plain, prepared, hashed, hashed_prepared, key != NULL ? "prepared" : "refused");
    fuzz_verify_accepted += plain == 0;
    snova_public_key_free(key);
    free(sig);
    free(pk);
    return 0;
}
