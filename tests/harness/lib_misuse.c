/* libsnova misused (tests/test_libsnova_misuse.py):
 *   lib_misuse nulls      every function of include/snova.h with each pointer NULL
 *   lib_misuse hasher     hashers never initialised, ended by a signing or a
 *                         verifying call, or damaged, each alone in a heap block
 *                         of its own size (memcheck sees any access outside it)
 *   lib_misuse zero-key SET   signing under a secret key of all zeros
 * Prints one line per failed expectation and exits 1 if there was any. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snova.h"

static int failures;

static void expect(int ok, const char *what) {
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

#define EXPECT(cond) expect((cond), #cond)

static const uint8_t message[] = "lib_misuse";

static void generic_nulls(const snova_instance *inst, uint8_t *pk, uint8_t *sk, uint8_t *sig) {
    size_t len = 7, sigbytes = snova_signature_bytes(inst);
    uint8_t *sm = malloc(sigbytes + sizeof(message)), m[sizeof(message)];

    EXPECT(snova_instance_by_name(NULL) == NULL);
    EXPECT(snova_instance_name(NULL) == NULL);
    EXPECT(snova_instance_algname(NULL) == NULL);
    EXPECT(snova_instance_round(NULL) == -1);
    EXPECT(snova_instance_status(NULL) == SNOVA_STATUS_UNKNOWN);
    EXPECT(strcmp(snova_status_name(SNOVA_STATUS_UNKNOWN), "unknown") == 0);
    EXPECT(snova_public_key_bytes(NULL) == 0);
    EXPECT(snova_secret_key_bytes(NULL) == 0);
    EXPECT(snova_signature_bytes(NULL) == 0);

    EXPECT(snova_keypair(NULL, pk, sk) == -1);
    EXPECT(snova_keypair(inst, NULL, sk) == -1);
    EXPECT(snova_keypair(inst, pk, NULL) == -1);
    EXPECT(snova_keypair(inst, pk, sk) == 0);

    EXPECT(snova_sign(NULL, sig, &len, message, sizeof(message), sk) == -1 && len == 0);
    EXPECT(snova_sign(inst, NULL, &len, message, sizeof(message), sk) == -1);
    EXPECT(snova_sign(inst, sig, NULL, message, sizeof(message), sk) == -1);
    EXPECT(snova_sign(inst, sig, &len, NULL, sizeof(message), sk) == -1);
    EXPECT(snova_sign(inst, sig, &len, message, sizeof(message), NULL) == -1);
    EXPECT(snova_sign(inst, sig, &len, NULL, 0, sk) == 0 && len == sigbytes);
    EXPECT(snova_verify(inst, sig, len, NULL, 0, pk) == 0);
    EXPECT(snova_sign(inst, sig, &len, message, sizeof(message), sk) == 0 && len == sigbytes);

    EXPECT(snova_verify(NULL, sig, len, message, sizeof(message), pk) == -1);
    EXPECT(snova_verify(inst, NULL, len, message, sizeof(message), pk) == -1);
    EXPECT(snova_verify(inst, sig, len, NULL, sizeof(message), pk) == -1);
    EXPECT(snova_verify(inst, sig, len, message, sizeof(message), NULL) == -1);
    EXPECT(snova_verify(inst, sig, len, message, sizeof(message), pk) == 0);

    size_t smlen = 1;
    EXPECT(snova_sign_attached(NULL, sm, &smlen, message, sizeof(message), sk) == -1 && smlen == 0);
    EXPECT(snova_sign_attached(inst, NULL, &smlen, message, sizeof(message), sk) == -1);
    EXPECT(snova_sign_attached(inst, sm, NULL, message, sizeof(message), sk) == -1);
    EXPECT(snova_sign_attached(inst, sm, &smlen, NULL, sizeof(message), sk) == -1);
    EXPECT(snova_sign_attached(inst, sm, &smlen, message, sizeof(message), NULL) == -1);
    EXPECT(snova_sign_attached(inst, sm, &smlen, message, sizeof(message), sk) == 0 &&
           smlen == sigbytes + sizeof(message));

    size_t mlen = 0;
    EXPECT(snova_open(NULL, m, &mlen, sm, smlen, pk) == -1);
    EXPECT(snova_open(inst, NULL, &mlen, sm, smlen, pk) == -1);
    EXPECT(snova_open(inst, m, NULL, sm, smlen, pk) == -1);
    EXPECT(snova_open(inst, m, &mlen, NULL, smlen, pk) == -1);
    EXPECT(snova_open(inst, m, &mlen, sm, smlen, NULL) == -1);
    EXPECT(snova_open(inst, m, &mlen, sm, smlen, pk) == 0 && mlen == sizeof(message));

    snova_hasher h;
    EXPECT(snova_hasher_init(NULL) == -1);
    EXPECT(snova_hasher_update(NULL, message, sizeof(message)) == -1);
    EXPECT(snova_hasher_init(&h) == 0);
    EXPECT(snova_hasher_update(&h, NULL, 1) == -1);
    EXPECT(snova_sign_hashed(NULL, sig, &len, &h, sk) == -1);
    EXPECT(snova_sign_hashed(inst, NULL, &len, &h, sk) == -1);
    EXPECT(snova_sign_hashed(inst, sig, NULL, &h, sk) == -1);
    EXPECT(snova_sign_hashed(inst, sig, &len, NULL, sk) == -1);
    EXPECT(snova_sign_hashed(inst, sig, &len, &h, NULL) == -1);
    EXPECT(snova_verify_hashed(NULL, sig, len, &h, pk) == -1);
    EXPECT(snova_verify_hashed(inst, NULL, len, &h, pk) == -1);
    EXPECT(snova_verify_hashed(inst, sig, len, NULL, pk) == -1);
    EXPECT(snova_verify_hashed(inst, sig, len, &h, NULL) == -1);
    free(sm);
}

/* each instance's own NIST names, through the function pointers the header declares */
#define X_NIST_NULLS(id)                                                                          \
    {                                                                                            \
        unsigned long long n = 5;                                                                \
        size_t s = 5;                                                                            \
        EXPECT(id##_crypto_sign_keypair(NULL, sk) == -1);                                        \
        EXPECT(id##_crypto_sign_keypair(pk, NULL) == -1);                                        \
        EXPECT(id##_crypto_sign(NULL, &n, message, sizeof(message), sk) == -1 && n == 0);        \
        EXPECT(id##_crypto_sign(sig, NULL, message, sizeof(message), sk) == -1);                 \
        EXPECT(id##_crypto_sign(sig, &n, NULL, sizeof(message), sk) == -1);                      \
        EXPECT(id##_crypto_sign(sig, &n, message, sizeof(message), NULL) == -1);                 \
        EXPECT(id##_crypto_sign_signature(NULL, &s, message, sizeof(message), sk) == -1 && s == 0); \
        EXPECT(id##_crypto_sign_signature(sig, NULL, message, sizeof(message), sk) == -1);       \
        EXPECT(id##_crypto_sign_signature(sig, &s, NULL, sizeof(message), sk) == -1);            \
        EXPECT(id##_crypto_sign_signature(sig, &s, message, sizeof(message), NULL) == -1);       \
        EXPECT(id##_crypto_sign_verify(NULL, s, message, sizeof(message), pk) == -1);            \
        EXPECT(id##_crypto_sign_verify(sig, s, NULL, sizeof(message), pk) == -1);                \
        EXPECT(id##_crypto_sign_verify(sig, s, message, sizeof(message), NULL) == -1);           \
        EXPECT(id##_crypto_sign_open(NULL, &n, sig, 1u << 20, pk) == -1);                        \
        EXPECT(id##_crypto_sign_open(sig, NULL, sig, 1u << 20, pk) == -1);                       \
        EXPECT(id##_crypto_sign_open(sig, &n, NULL, 1u << 20, pk) == -1);                        \
        EXPECT(id##_crypto_sign_open(sig, &n, sig, 1u << 20, NULL) == -1);                       \
    }

static int nulls(void) {
    const snova_instance *inst = snova_instance_by_name("snova-r3-i-s");
    uint8_t *pk = malloc(1u << 20), *sk = malloc(1u << 20), *sig = malloc(1u << 20);
    generic_nulls(inst, pk, sk, sig);
    SNOVA_INSTANCES(X_NIST_NULLS)
    free(pk);
    free(sk);
    free(sig);
    return failures;
}

/* a hasher alone in a heap block of its size, filled with `fill` */
static snova_hasher *lone_hasher(int fill) {
    snova_hasher *h = malloc(sizeof(*h));
    memset(h, fill, sizeof(*h));
    return h;
}

/* every call that takes a hasher refuses h; h is freed */
static void refused(const snova_instance *inst, snova_hasher *h, const uint8_t *pk, const uint8_t *sk,
                    const char *what) {
    size_t sigbytes = snova_signature_bytes(inst), len = 7;
    uint8_t *sig = malloc(sigbytes);
    memset(sig, 0xA5, sigbytes);
    expect(snova_hasher_update(h, message, sizeof(message)) == -1, what);
    expect(snova_verify_hashed(inst, sig, sigbytes, h, pk) == -1, what);
    expect(snova_sign_hashed(inst, sig, &len, h, sk) == -1 && len == 0, what);
    int zeroed = 1;
    for (size_t i = 0; i < sigbytes; i++)
        zeroed &= sig[i] == 0;
    expect(zeroed, what);
    free(sig);
    free(h);
}

static int hasher(void) {
    const snova_instance *inst = snova_instance_by_name("snova-r3-i-s");
    size_t sigbytes = snova_signature_bytes(inst), len;
    uint8_t *pk = malloc(snova_public_key_bytes(inst)), *sk = malloc(snova_secret_key_bytes(inst));
    uint8_t *sig = malloc(sigbytes);
    EXPECT(snova_keypair(inst, pk, sk) == 0);

    snova_hasher *h = lone_hasher(0);
    EXPECT(snova_hasher_init(h) == 0 && snova_hasher_update(h, message, sizeof(message)) == 0);
    EXPECT(snova_sign_hashed(inst, sig, &len, h, sk) == 0 && len == sigbytes);
    refused(inst, h, pk, sk, "hasher ended by snova_sign_hashed");

    h = lone_hasher(0);
    EXPECT(snova_hasher_init(h) == 0 && snova_hasher_update(h, message, sizeof(message)) == 0);
    EXPECT(snova_verify_hashed(inst, sig, sigbytes, h, pk) == 0);
    refused(inst, h, pk, sk, "hasher ended by snova_verify_hashed");

    refused(inst, lone_hasher(0), pk, sk, "hasher of zeros, never initialised");
    refused(inst, lone_hasher(0xFF), pk, sk, "hasher of 0xFF bytes");
    for (unsigned seed = 1; seed <= 64; seed++) {
        snova_hasher *g = lone_hasher(0);
        uint8_t *b = (uint8_t *)g;
        srand(seed);
        for (size_t i = 0; i < sizeof(*g); i++)
            b[i] = (uint8_t)rand();
        refused(inst, g, pk, sk, "hasher of random bytes");
    }
    /* an open hasher with one word damaged: the 25 lanes of the state may hold
     * anything, its position, rate, phase and open mark (words 25 to 28 of
     * libsnova.c's layout) may not */
    for (size_t word = 25; word <= 28; word++) {
        snova_hasher *g = lone_hasher(0);
        EXPECT(snova_hasher_init(g) == 0 && snova_hasher_update(g, message, sizeof(message)) == 0);
        g->opaque[word] ^= 0x8000000000000100ULL;
        refused(inst, g, pk, sk, "hasher with damaged bookkeeping");
    }
    free(pk);
    free(sk);
    free(sig);
    return failures;
}

static int zero_key(const char *name) {
    const snova_instance *inst = snova_instance_by_name(name);
    if (inst == NULL) {
        printf("FAIL no instance %s\n", name);
        return 1;
    }
    size_t sigbytes = snova_signature_bytes(inst), len = 7, smlen = 7;
    uint8_t *sk = calloc(1, snova_secret_key_bytes(inst)), *sig = malloc(sigbytes + sizeof(message));
    snova_hasher h;
    EXPECT(snova_sign(inst, sig, &len, message, sizeof(message), sk) == SNOVA_ERR_KEY_CANNOT_SIGN && len == 0);
    EXPECT(snova_sign_attached(inst, sig, &smlen, message, sizeof(message), sk) == SNOVA_ERR_KEY_CANNOT_SIGN &&
           smlen == 0);
    snova_hasher_init(&h);
    snova_hasher_update(&h, message, sizeof(message));
    EXPECT(snova_sign_hashed(inst, sig, &len, &h, sk) == SNOVA_ERR_KEY_CANNOT_SIGN && len == 0);
    free(sk);
    free(sig);
    return failures;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "nulls") == 0)
        return nulls() != 0;
    if (argc == 2 && strcmp(argv[1], "hasher") == 0)
        return hasher() != 0;
    if (argc == 3 && strcmp(argv[1], "zero-key") == 0)
        return zero_key(argv[2]) != 0;
    fprintf(stderr, "usage: lib_misuse nulls | hasher | zero-key SET\n");
    return 2;
}
