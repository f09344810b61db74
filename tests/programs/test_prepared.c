/* Threads sharing one prepared key (tests/test_prepared.py), built with
 * ThreadSanitizer (host-tsan):
 *   test_prepared THREADS
 * A key pair from a fixed seed, prepared once (core.h). Each thread signs its
 * own digest with its own salt from the prepared secret key, compares the
 * signature with snova_core_sign's of the same inputs made before the threads
 * start, and verifies it with the prepared public key. Exit status 0 and "PASSED" when every thread's
 * signature matched and verified. */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

enum { MAX_THREADS = 16 };

static uint8_t pk[SNOVA_PK_BYTES], sk[SNOVA_SK_BYTES];
static uint8_t expected[MAX_THREADS][SNOVA_SIG_BYTES];
static void *public_key, *secret_key;
/* every thread alive from the first's start to the last's end: the sanitizer
 * then tells them all apart (it reuses a finished thread's slot) */
static pthread_barrier_t all_started, all_done;

static void inputs(int n, uint8_t digest[SNOVA_DIGEST_BYTES], uint8_t salt[SNOVA_SALT_BYTES]) {
    for (int i = 0; i < SNOVA_DIGEST_BYTES; i++)
        digest[i] = (uint8_t)(i * 3 + n);
    for (int i = 0; i < SNOVA_SALT_BYTES; i++)
        salt[i] = (uint8_t)(i * 13 + 5 * n);
}

static void *worker(void *arg) {
    const int n = (int)(size_t)arg;
    uint8_t digest[SNOVA_DIGEST_BYTES], salt[SNOVA_SALT_BYTES], sig[SNOVA_SIG_BYTES];
    inputs(n, digest, salt);
    pthread_barrier_wait(&all_started);
    int ok = snova_core_sign_prepared(sig, digest, salt, secret_key) == 0 &&
             memcmp(sig, expected[n], sizeof(sig)) == 0 &&
             snova_core_verify_prepared(digest, sig, public_key) == 0;
    pthread_barrier_wait(&all_done);
    return (void *)(size_t)ok;
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 8;
    if (threads < 1 || threads > MAX_THREADS)
        return 2;
    uint8_t seed[SNOVA_SEED_BYTES], digest[SNOVA_DIGEST_BYTES], salt[SNOVA_SALT_BYTES];
    for (int i = 0; i < SNOVA_SEED_BYTES; i++)
        seed[i] = (uint8_t)(29 * i + 1);
    int failures = snova_core_keypair(pk, sk, seed) != 0;
    for (int n = 0; n < threads; n++) {
        inputs(n, digest, salt);
        failures += snova_core_sign(expected[n], digest, salt, sk) != 0;
    }
    public_key = malloc(snova_core_public_prepared_bytes());
    secret_key = malloc(snova_core_secret_prepared_bytes());
    failures += public_key == NULL || secret_key == NULL || snova_core_prepare_public(public_key, pk) != 0 ||
                snova_core_prepare_secret(secret_key, sk) != 0;
    pthread_t t[MAX_THREADS];
    int started = 0;
    pthread_barrier_init(&all_started, NULL, (unsigned)threads);
    pthread_barrier_init(&all_done, NULL, (unsigned)threads);
    for (; started < threads && !failures; started++)
        failures += pthread_create(&t[started], NULL, worker, (void *)(size_t)started) != 0;
    for (int n = 0; n < started; n++) {
        void *r;
        pthread_join(t[n], &r);
        failures += r != (void *)1;
    }
    free(public_key);
    free(secret_key);
    printf("%s\n", failures ? "FAILED" : "PASSED");
    return failures != 0;
}
