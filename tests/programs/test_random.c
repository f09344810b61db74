/* The library's randomness through the NIST API (os_random.h, sign.c).
 *   test_random keygen            one key pair: prints the SHA-256 of pk and of sk
 *                                 (two processes must print different lines)
 *   test_random fail              with no randomness to be had (run with a shim that
 *                                 makes getrandom fail): key generation and both
 *                                 signing calls must return -1 and zero their outputs
 *   test_random threads T N       one key pair, then T threads each sign N
 *                                 messages of their own and verify every signature
 *                                 (run under ThreadSanitizer: no race may be reported)
 * Exit status 0 only if every operation succeeded and every signature verified. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "sha256.h"

enum { MLEN = 33, MAX_THREADS = 64 };

static unsigned char pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES];

struct worker {
    pthread_t thread;
    int index, count, failures;
};

static void print_sha256(const char *label, const unsigned char *p, size_t n) {
    unsigned char d[32];
    snova_sha256(d, p, n);
    printf("%s ", label);
    for (int i = 0; i < 32; i++)
        printf("%02x", d[i]);
}

static void *sign_and_verify(void *arg) {
    struct worker *w = arg;
    unsigned char msg[MLEN], sig[CRYPTO_BYTES];
    for (int n = 0; n < w->count; n++) {
        size_t siglen = 0;
        for (int i = 0; i < MLEN; i++)
            msg[i] = (unsigned char)(w->index * 31 + n * 7 + i);
        if (crypto_sign_signature(sig, &siglen, msg, MLEN, sk) != 0 ||
            crypto_sign_verify(sig, siglen, msg, MLEN, pk) != 0)
            w->failures++;
    }
    return NULL;
}

static int all_zero(const unsigned char *p, size_t n) {
    unsigned char acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= p[i];
    return acc == 0;
}

/* every output of every operation that needs randomness, when none can be had */
static int fails_closed(void) {
    static unsigned char sm[CRYPTO_BYTES + MLEN];
    unsigned char msg[MLEN] = {0}, sig[CRYPTO_BYTES];
    unsigned long long smlen = 1;
    size_t siglen = 1;
    int ok = 1;
    memset(pk, 0xA5, sizeof(pk));
    memset(sk, 0xA5, sizeof(sk));
    memset(sig, 0xA5, sizeof(sig));
    memset(sm, 0xA5, sizeof(sm));
    ok &= crypto_sign_keypair(pk, sk) == -1 && all_zero(pk, sizeof(pk)) && all_zero(sk, sizeof(sk));
    ok &= crypto_sign_signature(sig, &siglen, msg, MLEN, sk) == -1 && siglen == 0 && all_zero(sig, sizeof(sig));
    ok &= crypto_sign(sm, &smlen, msg, MLEN, sk) == -1 && smlen == 0 && all_zero(sm, CRYPTO_BYTES);
    printf("%s\n", ok ? "fails closed" : "FAILED: an operation without randomness succeeded or left output");
    return ok ? 0 : 1;
}

static int usage(const char *argv0) {
    fprintf(stderr, "usage: %s keygen | fail | threads T N\n", argv0);
    return 2;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "keygen") == 0) {
        if (crypto_sign_keypair(pk, sk) != 0) {
            fprintf(stderr, "crypto_sign_keypair failed\n");
            return 1;
        }
        print_sha256("pk", pk, sizeof(pk));
        print_sha256(" sk", sk, sizeof(sk));
        printf("\n");
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "fail") == 0)
        return fails_closed();
    if (argc != 4 || strcmp(argv[1], "threads") != 0)
        return usage(argv[0]);
    int threads = atoi(argv[2]), count = atoi(argv[3]);
    if (threads < 1 || threads > MAX_THREADS || count < 1)
        return usage(argv[0]);
    if (crypto_sign_keypair(pk, sk) != 0) {
        fprintf(stderr, "crypto_sign_keypair failed\n");
        return 1;
    }
    struct worker workers[MAX_THREADS];
    for (int t = 0; t < threads; t++) {
        workers[t] = (struct worker){.index = t, .count = count};
        if (pthread_create(&workers[t].thread, NULL, sign_and_verify, &workers[t]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    }
    int failures = 0;
    for (int t = 0; t < threads; t++) {
        pthread_join(workers[t].thread, NULL);
        failures += workers[t].failures;
    }
    printf("%d threads x %d signatures: %d failed\n%s\n", threads, count, failures, failures ? "FAILED" : "PASSED");
    return failures ? 1 : 0;
}
