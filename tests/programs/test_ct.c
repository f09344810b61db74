/* Key generation and signing on a given private seed, for the constant-time
 * checks (tests/test_constant_time.py):
 *   test_ct [SIGNATURES] < PRIVATE_SEED
 * stdin holds the private half of the key seed (SNOVA_SK_SEED_BYTES bytes, read
 * without looking at them); the public half, the digests and the salts are fixed.
 *
 * Rounds 2 and 3 sign again from the secret key prepared (snova_core_prepare_secret,
 * snova_core_sign_prepared).
 *
 * Built with -DSNOVA_CT_VALGRIND, run under valgrind memcheck: the private seed,
 * the expanded secret key and the private half of the seed secret key (Round 1;
 * the private half of the seed, or Round 2's expanded key, in later rounds) are
 * marked undefined, so memcheck reports every conditional branch and every
 * memory address that depends on them. Outputs are declassified before they are
 * checked, and each signature is verified. Exit status 0 and no memcheck errors
 * (run with --error-exitcode) mean the check passed:
 *   valgrind --error-exitcode=1 test_ct [SIGNATURES] < PRIVATE_SEED
 * Built without it (the AArch64 builds), it only generates the key and signs:
 * the program a trace under qemu compares across seeds (tools/ct/trace.py). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "params.h"

#include "ct_marks.h"

/* signatures are verified under memcheck only: a trace compares the signing */
#if defined(SNOVA_CT_VALGRIND)
#define CHECKED 1
#else
#define CHECKED 0
#endif

static void message(uint8_t *digest, uint8_t *salt, int n) {
    for (int i = 0; i < SNOVA_DIGEST_BYTES; i++)
        digest[i] = (uint8_t)(i * 5 + n);
    for (int i = 0; i < SNOVA_SALT_BYTES; i++)
        salt[i] = (uint8_t)(i * 11 + 7 * n);
}

/* a signature that does not verify, or an operation that failed */
static int failed(int r, const char *what, int n) {
    if (r == 0)
        return 0;
    printf("%s %d failed\n", what, n);
    return 1;
}

#if SNOVA_ROUND == 1
#include "snova.h"

static int check(int count, uint8_t *seed) {
    static uint8_t pk[SNOVA_PK_BYTES], esk[SNOVA_ESK_BYTES], sig[SNOVA_SIG_BYTES];
    uint8_t ssk[SNOVA_SSK_BYTES], digest[SNOVA_DIGEST_BYTES], salt[SNOVA_SALT_BYTES];
    int failures = 0;
    memcpy(ssk, seed, sizeof(ssk));

    SECRET(seed + SNOVA_PK_SEED_BYTES, SNOVA_SK_SEED_BYTES);
    snova_keygen(pk, esk, seed, seed + SNOVA_PK_SEED_BYTES);
    PUBLIC(pk, sizeof(pk));

    for (int n = 0; n < count; n++) {
        message(digest, salt, n);
        SECRET(esk, sizeof(esk));
        int r = snova_sign_esk(sig, digest, salt, esk);
        PUBLIC(sig, sizeof(sig));
        PUBLIC(&r, sizeof(r));
        failures += failed(r || (CHECKED && snova_verify(digest, sig, pk)), "esk signature", n);

        /* the first half of ssk is the public seed, also in pk: only the private seed is secret */
        SECRET(ssk + SNOVA_PK_SEED_BYTES, SNOVA_SK_SEED_BYTES);
        r = snova_sign_ssk(sig, digest, salt, ssk);
        PUBLIC(sig, sizeof(sig));
        PUBLIC(&r, sizeof(r));
        failures += failed(r || (CHECKED && snova_verify(digest, sig, pk)), "ssk signature", n);
    }
    return failures;
}
#else
/* Later rounds: the secret key is the seed (its private half secret), followed by
 * public data (a hash of the public key), or an expanded key (Round 2's esk), all
 * of it secret. */
#if SNOVA_ROUND == 2 && SNOVA_ESK
#define SK_SECRET_AT 0
#define SK_SECRET_BYTES SNOVA_SK_BYTES
#else
#define SK_SECRET_AT SNOVA_PK_SEED_BYTES
#define SK_SECRET_BYTES SNOVA_SK_SEED_BYTES
#endif

static int check(int count, uint8_t *seed) {
    static uint8_t pk[SNOVA_PK_BYTES], sk[SNOVA_SK_BYTES], sig[SNOVA_SIG_BYTES];
    uint8_t digest[SNOVA_DIGEST_BYTES], salt[SNOVA_SALT_BYTES];

    SECRET(seed + SNOVA_PK_SEED_BYTES, SNOVA_SK_SEED_BYTES);
    int r = snova_core_keypair(pk, sk, seed);
    PUBLIC(pk, sizeof(pk));
    PUBLIC(&r, sizeof(r));
    /* what follows the secret part of sk is derived from pk */
    PUBLIC(sk + SK_SECRET_AT + SK_SECRET_BYTES, SNOVA_SK_BYTES - SK_SECRET_AT - SK_SECRET_BYTES);
    int failures = failed(r, "key generation", 0);

    for (int n = 0; n < count; n++) {
        message(digest, salt, n);
        SECRET(sk + SK_SECRET_AT, SK_SECRET_BYTES);
        r = snova_core_sign(sig, digest, salt, sk);
        PUBLIC(sig, sizeof(sig));
        PUBLIC(&r, sizeof(r));
        failures += failed(r || (CHECKED && snova_core_verify(digest, sig, pk)), "signature", n);
    }
    /* the same signatures from the secret key prepared (core.h) */
    void *prepared = malloc(snova_core_secret_prepared_bytes());
    SECRET(sk + SK_SECRET_AT, SK_SECRET_BYTES);
    failures += failed(prepared == NULL || snova_core_prepare_secret(prepared, sk), "prepared key", 0);
    for (int n = 0; n < count && prepared != NULL; n++) {
        message(digest, salt, n);
        r = snova_core_sign_prepared(sig, digest, salt, prepared);
        PUBLIC(sig, sizeof(sig));
        PUBLIC(&r, sizeof(r));
        failures += failed(r || (CHECKED && snova_core_verify(digest, sig, pk)), "prepared signature", n);
    }
    free(prepared);
    return failures;
}
#endif

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 2;
    uint8_t seed[SNOVA_SEED_BYTES];
    for (int i = 0; i < SNOVA_PK_SEED_BYTES; i++)
        seed[i] = (uint8_t)(17 * i + 3);
    if (fread(seed + SNOVA_PK_SEED_BYTES, 1, SNOVA_SK_SEED_BYTES, stdin) != SNOVA_SK_SEED_BYTES) {
        fprintf(stderr, "test_ct: expected %d bytes of private seed on stdin\n", SNOVA_SK_SEED_BYTES);
        return 2;
    }
    int failures = check(count, seed);
    printf("%s\n", failures ? "FAILED" : "PASSED");
    return failures ? 1 : 0;
}
