/* The NIST KAT procedure through libsnova alone (tests/test_deterministic.py):
 * the NIST AES-256 CTR_DRBG lives here, in the test (c_glue/primitives/rng.c, linked in
 * under the names kat_drbg_*), never in the library.
 *
 *   det_kat seeded SET COUNT  key pairs and signatures by the deterministic entry
 *                             points, their seed and salt drawn from the DRBG
 *   det_kat split SET COUNT   the same with the seed drawn in two calls (the public
 *                             16 bytes, then the private 32): a different stream,
 *                             which the known answers must refuse
 *   det_kat drawn SET COUNT   the plain API (snova_keypair, snova_sign_attached):
 *                             the library draws from randombytes below, as a
 *                             library built in embedded-source mode does
 *   det_kat nulls SET         every NULL argument of the deterministic entry points
 *
 * Each vector prints one JSON line: count, the lengths and SHA-256 of pk, sk and
 * sm (sm = signature || message, as the KAT files hash it), whether the signature
 * verifies and opens, and the sizes of the randombytes calls made during key
 * generation and during signing. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snova.h"

#define randombytes kat_drbg_randombytes
#define randombytes_init kat_drbg_init
#include "rng.h"
#undef randombytes
#undef randombytes_init
#define snova_sha256 kat_sha256
#include "sha256.h"
#undef snova_sha256
#define KAT_SHA256 kat_sha256
#include "kat_digest.h"

enum { KAT_SEED_BYTES = 48, MAX_DRAWS = 8 };

/* the sizes of the randombytes calls since the last reset */
static size_t draws[MAX_DRAWS];
static int draw_count;

/* The host's randombytes (the PQClean prototype that embedded-source mode
 * declares): the KAT DRBG, each call recorded. */
int randombytes(uint8_t *buf, size_t n) {
    if (draw_count < MAX_DRAWS)
        draws[draw_count] = n;
    draw_count++;
    return kat_drbg_randombytes(buf, n);
}

static void print_draws(const char *label) {
    printf(", \"%s\": [", label);
    for (int i = 0; i < draw_count && i < MAX_DRAWS; i++)
        printf(i ? ", %zu" : "%zu", draws[i]);
    printf("]");
    draw_count = 0;
}

static int keypair_seeded(const snova_instance *inst, uint8_t *pk, uint8_t *sk, int split) {
    uint8_t seed[KAT_SEED_BYTES];
    size_t n = snova_keypair_seed_bytes(inst), first = split ? 16 : n;
    if (n > sizeof(seed))
        return -1;
    randombytes(seed, first);
    if (first < n)
        randombytes(seed + first, n - first);
    return snova_keypair_from_seed(inst, pk, sk, seed);
}

static int sign_salted(const snova_instance *inst, uint8_t *sm, const uint8_t *m, size_t mlen, const uint8_t *sk) {
    uint8_t salt[KAT_SEED_BYTES];
    size_t siglen, n = snova_salt_bytes(inst);
    if (n > sizeof(salt))
        return -1;
    randombytes(salt, n);
    memcpy(sm + snova_signature_bytes(inst), m, mlen);
    return snova_sign_with_salt(inst, sm, &siglen, m, mlen, sk, n > 0 ? salt : NULL);
}

/* One vector of the NIST procedure: the DRBG re-seeded with the vector's seed,
 * key generation, signing, then verification. */
static int run_vector(const snova_instance *inst, const char *mode, long count, uint8_t seed[KAT_SEED_BYTES],
                      const uint8_t *m, size_t mlen) {
    size_t pklen = snova_public_key_bytes(inst), sklen = snova_secret_key_bytes(inst);
    size_t smlen = snova_signature_bytes(inst) + mlen, mlen1 = 0;
    uint8_t *pk = malloc(pklen), *sk = malloc(sklen), *sm = malloc(smlen), *m1 = malloc(smlen);
    if (pk == NULL || sk == NULL || sm == NULL || m1 == NULL)
        return -1;
    kat_drbg_init(seed, NULL, 256);
    draw_count = 0;
    int drawn = strcmp(mode, "drawn") == 0;
    int r = drawn ? snova_keypair(inst, pk, sk) : keypair_seeded(inst, pk, sk, strcmp(mode, "split") == 0);
    printf("{\"count\": %ld", count);
    print_draws("keypair_draws");
    if (r == 0)
        r = drawn ? snova_sign_attached(inst, sm, &smlen, m, mlen, sk) : sign_salted(inst, sm, m, mlen, sk);
    print_draws("sign_draws");
    if (r == 0) {
        print_digest("pk", pk, pklen);
        print_digest("sk", sk, sklen);
        print_digest("sm", sm, smlen);
        int verifies = snova_verify(inst, sm, snova_signature_bytes(inst), m, mlen, pk) == 0;
        int opens = snova_open(inst, m1, &mlen1, sm, smlen, pk) == 0 && mlen1 == mlen && memcmp(m1, m, mlen) == 0;
        printf(", \"verifies\": %s, \"opens\": %s", verifies ? "true" : "false", opens ? "true" : "false");
    }
    printf(", \"ok\": %s}\n", r == 0 ? "true" : "false");
    free(pk), free(sk), free(sm), free(m1);
    return r;
}

/* The KAT vectors' seeds and messages: a DRBG seeded with 0, 1, ..., 47 draws a
 * 48-byte seed and a 33 (i + 1)-byte message per vector. */
static int run_kat(const snova_instance *inst, const char *mode, long vectors) {
    uint8_t entropy[KAT_SEED_BYTES], (*seeds)[KAT_SEED_BYTES] = calloc((size_t)vectors, KAT_SEED_BYTES);
    uint8_t **msgs = calloc((size_t)vectors, sizeof(*msgs));
    if (seeds == NULL || msgs == NULL)
        return 1;
    for (int i = 0; i < KAT_SEED_BYTES; i++)
        entropy[i] = (uint8_t)i;
    kat_drbg_init(entropy, NULL, 256);
    for (long i = 0; i < vectors; i++) {
        kat_drbg_randombytes(seeds[i], KAT_SEED_BYTES);
        msgs[i] = malloc(33 * (size_t)(i + 1));
        if (msgs[i] == NULL)
            return 1;
        kat_drbg_randombytes(msgs[i], 33 * (size_t)(i + 1));
    }
    int status = 0;
    for (long i = 0; i < vectors; i++) {
        if (run_vector(inst, mode, i, seeds[i], msgs[i], 33 * (size_t)(i + 1)) != 0)
            status = 1;
        free(msgs[i]);
    }
    free(msgs);
    free(seeds);
    return status;
}

/* Every NULL argument: -1, and the outputs untouched. */
static int check_nulls(const snova_instance *inst) {
    size_t pklen = snova_public_key_bytes(inst), sklen = snova_secret_key_bytes(inst);
    size_t siglen_bytes = snova_signature_bytes(inst), siglen = 7;
    uint8_t *pk = malloc(pklen), *sk = malloc(sklen), *sig = malloc(siglen_bytes), *seed = calloc(1, 64);
    uint8_t *salt = calloc(1, 64), m[1] = {0};
    if (pk == NULL || sk == NULL || sig == NULL || seed == NULL || salt == NULL)
        return 1;
    memset(pk, 0xA5, pklen), memset(sk, 0xA5, sklen), memset(sig, 0xA5, siglen_bytes);
    int refused = snova_keypair_seed_bytes(NULL) == 0 && snova_salt_bytes(NULL) == 0 &&
                  snova_keypair_from_seed(NULL, pk, sk, seed) == -1 &&
                  snova_keypair_from_seed(inst, NULL, sk, seed) == -1 &&
                  snova_keypair_from_seed(inst, pk, NULL, seed) == -1 &&
                  snova_keypair_from_seed(inst, pk, sk, NULL) == -1 &&
                  snova_sign_with_salt(NULL, sig, &siglen, m, 1, sk, salt) == -1 &&
                  snova_sign_with_salt(inst, NULL, &siglen, m, 1, sk, salt) == -1 &&
                  snova_sign_with_salt(inst, sig, NULL, m, 1, sk, salt) == -1 &&
                  snova_sign_with_salt(inst, sig, &siglen, NULL, 1, sk, salt) == -1 &&
                  snova_sign_with_salt(inst, sig, &siglen, m, 1, NULL, salt) == -1 &&
                  snova_sign_with_salt(inst, sig, &siglen, m, 1, sk, NULL) == -1;
    int untouched = siglen == 7;
    for (size_t i = 0; i < pklen; i++)
        untouched &= pk[i] == 0xA5;
    for (size_t i = 0; i < sklen; i++)
        untouched &= sk[i] == 0xA5;
    for (size_t i = 0; i < siglen_bytes; i++)
        untouched &= sig[i] == 0xA5;
    /* an empty message may be NULL */
    int empty = snova_keypair_from_seed(inst, pk, sk, seed) == 0 &&
                snova_sign_with_salt(inst, sig, &siglen, NULL, 0, sk, salt) == 0 && siglen == siglen_bytes &&
                snova_verify(inst, sig, siglen, NULL, 0, pk) == 0;
    printf("{\"refused\": %s, \"untouched\": %s, \"empty_message\": %s}\n", refused ? "true" : "false",
           untouched ? "true" : "false", empty ? "true" : "false");
    free(pk), free(sk), free(sig), free(seed), free(salt);
    return refused && untouched && empty ? 0 : 1;
}

int main(int argc, char **argv) {
    const snova_instance *inst = argc >= 3 ? snova_instance_by_name(argv[2]) : NULL;
    if (inst != NULL && argc == 3 && strcmp(argv[1], "nulls") == 0)
        return check_nulls(inst);
    if (inst != NULL && argc == 4 &&
        (strcmp(argv[1], "seeded") == 0 || strcmp(argv[1], "split") == 0 || strcmp(argv[1], "drawn") == 0))
        return run_kat(inst, argv[1], strtol(argv[3], NULL, 10));
    fprintf(stderr, "usage: %s seeded|split|drawn SET COUNT | nulls SET\n", argv[0]);
    return 2;
}
