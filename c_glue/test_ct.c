/* Constant-time check under valgrind memcheck (build with -DSNOVA_CT_VALGRIND):
 * the private seed, the expanded secret key and the private half of the seed
 * secret key (Round 1; the private half of the seed, or Round 2's expanded key, in
 * later rounds) are marked
 * undefined, so memcheck reports every conditional branch and every memory
 * address that depends on them during key generation and signing. Outputs are
 * declassified before they are checked. Exit status 0 and no memcheck errors
 * (run with --error-exitcode) mean the check passed.
 *   valgrind --error-exitcode=1 test_ct [SIGNATURES] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "core.h"
#include "params.h"

#if SNOVA_ROUND == 1
#include "snova.h"

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 2;
    static uint8_t pk[SNOVA_PK_BYTES], esk[SNOVA_ESK_BYTES], sig[SNOVA_SIG_BYTES];
    uint8_t seed[SNOVA_SEED_BYTES], ssk[SNOVA_SSK_BYTES], digest[SNOVA_DIGEST_BYTES], salt[SNOVA_SALT_BYTES];
    int failures = 0;

    for (int i = 0; i < SNOVA_SEED_BYTES; i++)
        seed[i] = (uint8_t)(17 * i + 3);
    memcpy(ssk, seed, sizeof(ssk));

    VALGRIND_MAKE_MEM_UNDEFINED(seed + SNOVA_PK_SEED_BYTES, SNOVA_SK_SEED_BYTES);
    snova_keygen(pk, esk, seed, seed + SNOVA_PK_SEED_BYTES);
    VALGRIND_MAKE_MEM_DEFINED(pk, sizeof(pk));

    for (int n = 0; n < count; n++) {
        for (int i = 0; i < SNOVA_DIGEST_BYTES; i++)
            digest[i] = (uint8_t)(i * 5 + n);
        for (int i = 0; i < SNOVA_SALT_BYTES; i++)
            salt[i] = (uint8_t)(i * 11 + 7 * n);

        VALGRIND_MAKE_MEM_UNDEFINED(esk, sizeof(esk));
        int r = snova_sign_esk(sig, digest, salt, esk);
        VALGRIND_MAKE_MEM_DEFINED(sig, sizeof(sig));
        VALGRIND_MAKE_MEM_DEFINED(&r, sizeof(r));
        if (r != 0 || snova_verify(digest, sig, pk) != 0) {
            printf("esk signature %d does not verify\n", n);
            failures++;
        }

        /* the first half of ssk is the public seed, also in pk: only the private seed is secret */
        VALGRIND_MAKE_MEM_UNDEFINED(ssk + SNOVA_PK_SEED_BYTES, SNOVA_SK_SEED_BYTES);
        r = snova_sign_ssk(sig, digest, salt, ssk);
        VALGRIND_MAKE_MEM_DEFINED(sig, sizeof(sig));
        VALGRIND_MAKE_MEM_DEFINED(&r, sizeof(r));
        if (r != 0 || snova_verify(digest, sig, pk) != 0) {
            printf("ssk signature %d does not verify\n", n);
            failures++;
        }
    }
    printf("%s\n", failures ? "FAILED" : "PASSED");
    return failures ? 1 : 0;
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

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 2;
    static uint8_t pk[SNOVA_PK_BYTES], sk[SNOVA_SK_BYTES], sig[SNOVA_SIG_BYTES];
    uint8_t seed[SNOVA_SEED_BYTES], digest[SNOVA_DIGEST_BYTES], salt[SNOVA_SALT_BYTES];
    int failures = 0;

    for (int i = 0; i < SNOVA_SEED_BYTES; i++)
        seed[i] = (uint8_t)(17 * i + 3);
    VALGRIND_MAKE_MEM_UNDEFINED(seed + SNOVA_PK_SEED_BYTES, SNOVA_SK_SEED_BYTES);
    int r = snova_core_keypair(pk, sk, seed);
    VALGRIND_MAKE_MEM_DEFINED(pk, sizeof(pk));
    VALGRIND_MAKE_MEM_DEFINED(&r, sizeof(r));
    /* what follows the secret part of sk is derived from pk */
    VALGRIND_MAKE_MEM_DEFINED(sk + SK_SECRET_AT + SK_SECRET_BYTES,
                              SNOVA_SK_BYTES - SK_SECRET_AT - SK_SECRET_BYTES);
    if (r != 0) {
        printf("key generation failed\n");
        failures++;
    }

    for (int n = 0; n < count; n++) {
        for (int i = 0; i < SNOVA_DIGEST_BYTES; i++)
            digest[i] = (uint8_t)(i * 5 + n);
        for (int i = 0; i < SNOVA_SALT_BYTES; i++)
            salt[i] = (uint8_t)(i * 11 + 7 * n);
        VALGRIND_MAKE_MEM_UNDEFINED(sk + SK_SECRET_AT, SK_SECRET_BYTES);
        r = snova_core_sign(sig, digest, salt, sk);
        VALGRIND_MAKE_MEM_DEFINED(sig, sizeof(sig));
        VALGRIND_MAKE_MEM_DEFINED(&r, sizeof(r));
        if (r != 0 || snova_core_verify(digest, sig, pk) != 0) {
            printf("signature %d does not verify\n", n);
            failures++;
        }
    }
    printf("%s\n", failures ? "FAILED" : "PASSED");
    return failures ? 1 : 0;
}
#endif
