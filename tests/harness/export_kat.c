/* A set of `make export-liboqs` driven as liboqs drives it (tests/test_export.py):
 * through the three entry points liboqs's wrappers call, <prefix>keypair,
 * <prefix>sign and <prefix>verify, with the NIST AES-256 CTR_DRBG (c_glue/primitives/rng.c,
 * linked beside the export under its own names) as the host's randombytes.
 *
 *   export_kat COUNT   the first COUNT vectors of the NIST KAT procedure, one JSON
 *                      line each: the lengths and SHA-256 of pk, sk and sm
 *                      (signature || message, as the KAT files hash it) and
 *                      whether the signature verifies and a flipped one does not
 *
 * Compiled with the set's definitions and its SNOVA_NAMESPACE, so that api.h
 * gives the set's sizes and SNOVA_NS_SET the entry points' names. The export
 * calls export_randombytes (-Drandombytes=export_randombytes): with
 * -DEXPORT_KAT_VALGRIND its bytes are secret to valgrind memcheck, as liboqs's
 * constant-time test makes OQS_randombytes' bytes, and the outputs public. */
#include "snova_namespace.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "rng.h"
#include "sha256.h"
#define KAT_SHA256 snova_sha256
#include "kat_digest.h"

#if defined(EXPORT_KAT_VALGRIND)
#define SNOVA_CT_VALGRIND 1
#endif
#include "ct_marks.h"

int export_randombytes(uint8_t *buf, size_t n);
int SNOVA_NS_SET(keypair)(uint8_t *pk, uint8_t *sk);
int SNOVA_NS_SET(sign)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk);
int SNOVA_NS_SET(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk);

enum { SEED_BYTES = 48 };

int export_randombytes(uint8_t *buf, size_t n) {
    int r = randombytes(buf, n);
    SECRET(buf, n);
    return r;
}

/* vector `count`: the DRBG re-seeded with its seed, then key pair, signature of m
 * (written before m in sm), verification of it and of a copy with one bit flipped */
static int vector(long count, uint8_t seed[SEED_BYTES], const uint8_t *m, size_t mlen) {
    static uint8_t pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES];
    uint8_t *sm = malloc(CRYPTO_BYTES + mlen);
    size_t siglen = 0;
    if (sm == NULL)
        return 1;
    randombytes_init(seed, NULL, 256);
    int ok = SNOVA_NS_SET(keypair)(pk, sk) == 0 && SNOVA_NS_SET(sign)(sm, &siglen, m, mlen, sk) == 0 &&
             siglen == CRYPTO_BYTES;
    /* what leaves the entry points is the caller's to print (the secret key too:
     * the test compares its digest) */
    PUBLIC(&ok, sizeof(ok));
    PUBLIC(pk, sizeof(pk));
    PUBLIC(sk, sizeof(sk));
    PUBLIC(sm, CRYPTO_BYTES);
    PUBLIC(&siglen, sizeof(siglen));
    memcpy(sm + CRYPTO_BYTES, m, mlen);
    printf("{\"count\": %ld, \"ok\": %s", count, ok ? "true" : "false");
    if (ok) {
        print_digest("pk", pk, sizeof(pk));
        print_digest("sk", sk, sizeof(sk));
        print_digest("sm", sm, CRYPTO_BYTES + mlen);
        int verifies = SNOVA_NS_SET(verify)(sm, siglen, m, mlen, pk) == 0;
        sm[0] ^= 1;
        int rejects_flip = SNOVA_NS_SET(verify)(sm, siglen, m, mlen, pk) != 0;
        printf(", \"verifies\": %s, \"rejects_flip\": %s", verifies ? "true" : "false",
               rejects_flip ? "true" : "false");
    }
    printf("}\n");
    free(sm);
    return ok ? 0 : 1;
}

int main(int argc, char **argv) {
    long count = argc == 2 ? strtol(argv[1], NULL, 10) : 0;
    if (count <= 0) {
        fprintf(stderr, "usage: %s COUNT\n", argv[0]);
        return 2;
    }
    /* the KAT file's seeds and messages: one DRBG seeded with 0, 1, ..., 47 draws,
     * for vector i, its 48-byte seed, then its 33 (i + 1)-byte message */
    uint8_t entropy[SEED_BYTES], (*seeds)[SEED_BYTES] = malloc((size_t)count * SEED_BYTES);
    uint8_t *msgs = malloc(33 * (size_t)count * (size_t)(count + 1) / 2);
    if (seeds == NULL || msgs == NULL)
        return 1;
    for (int i = 0; i < SEED_BYTES; i++)
        entropy[i] = (uint8_t)i;
    randombytes_init(entropy, NULL, 256);
    size_t at = 0;
    for (long i = 0; i < count; i++) {
        randombytes(seeds[i], SEED_BYTES);
        randombytes(msgs + at, 33 * (size_t)(i + 1));
        at += 33 * (size_t)(i + 1);
    }
    int status = 0;
    at = 0;
    for (long i = 0; i < count; i++) {
        status |= vector(i, seeds[i], msgs + at, 33 * (size_t)(i + 1));
        at += 33 * (size_t)(i + 1);
    }
    free(seeds);
    free(msgs);
    return status;
}
