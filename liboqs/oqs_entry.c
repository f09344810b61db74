/* The three entry points liboqs's SNOVA wrappers (src/sig/snova/sig_snova_*.c)
 * call for an implementation: <prefix>keypair, <prefix>sign and <prefix>verify,
 * with the set's prefix (SNOVA_NAMESPACE: the META's compile_opts, the export's sets.tsv) spelled as the wrappers
 * expect. Each is the set's NIST API; its randomness comes from the host's
 * randombytes (os_random.c, SNOVA_RANDOMBYTES_EXTERN). */
#include "snova_namespace.h"

#include <stddef.h>
#include <stdint.h>

#include "api.h"

int SNOVA_NS_SET(keypair)(uint8_t *pk, uint8_t *sk);
int SNOVA_NS_SET(sign)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk);
int SNOVA_NS_SET(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk);

int SNOVA_NS_SET(keypair)(uint8_t *pk, uint8_t *sk) { return crypto_sign_keypair(pk, sk); }

int SNOVA_NS_SET(sign)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk) {
    return crypto_sign_signature(sig, siglen, m, mlen, sk);
}

int SNOVA_NS_SET(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk) {
    return crypto_sign_verify(sig, siglen, m, mlen, pk);
}
