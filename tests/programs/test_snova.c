/* Round trips and rejection checks for one parameter set, through the NIST API.
 *   test_snova [-s SEED] [-f FLIPS] [-t]
 * -s: byte mixed into the DRBG entropy (default 1); -f: number of sampled bit
 * flips outside the salt (default 200); -t: print timings of the operations.
 * Prints one line per check group and exits with 0 only if every check passed. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api.h"
#include "rng.h"

static int failures = 0;

static void report(const char *what, int bad, int total) {
    printf("%s %s: %d/%d\n", bad ? "FAIL" : "ok", what, total - bad, total);
    if (bad)
        failures++;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint32_t rand32(void) {
    unsigned char b[4];
    randombytes(b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* crypto_sign_open on a private copy of exactly len bytes (so that an overread
 * shows under AddressSanitizer); returns its result */
static int open_copy(const unsigned char *sm, unsigned long long len, const unsigned char *pk) {
    unsigned char *copy = malloc(len ? (size_t)len : 1);
    unsigned char *m = malloc(len ? (size_t)len : 1);
    unsigned long long mlen = 0;
    if (copy == NULL || m == NULL)
        exit(1);
    if (len)
        memcpy(copy, sm, (size_t)len);
    int r = crypto_sign_open(m, &mlen, copy, len, pk);
    free(copy);
    free(m);
    return r;
}

int main(int argc, char **argv) {
    int seed = 1, flips = 200, timing = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-s") == 0 && i + 1 < argc)
            seed = atoi(argv[++i]);
        else if (strcmp(argv[i], "-f") == 0 && i + 1 < argc)
            flips = atoi(argv[++i]);
        else if (strcmp(argv[i], "-t") == 0)
            timing = 1;
        else {
            fprintf(stderr, "usage: %s [-s SEED] [-f FLIPS] [-t]\n", argv[0]);
            return 2;
        }
    }
    unsigned char entropy[48];
    for (int i = 0; i < 48; i++)
        entropy[i] = (unsigned char)(0xA5 ^ i ^ (seed * 0x3B));
    randombytes_init(entropy, NULL, 256);

    static unsigned char pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES];
    static unsigned char pk2[CRYPTO_PUBLICKEYBYTES], sk2[CRYPTO_SECRETKEYBYTES];
    double t0 = now();
    crypto_sign_keypair(pk, sk);
    double t_keygen = now() - t0;
    crypto_sign_keypair(pk2, sk2);
    printf("set %s pk %d sk %d sig %d\n", CRYPTO_ALGNAME, CRYPTO_PUBLICKEYBYTES, CRYPTO_SECRETKEYBYTES, CRYPTO_BYTES);

    /* round trips */
    const size_t lens[] = {0, 1, 33, 3300};
    int bad = 0, total = 0;
    double t_sign = 0, t_open = 0;
    for (size_t li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
        size_t mlen = lens[li];
        unsigned char *m = malloc(mlen + 1), *sm = malloc(mlen + CRYPTO_BYTES), *m1 = malloc(mlen + CRYPTO_BYTES);
        unsigned char sig[CRYPTO_BYTES];
        unsigned long long smlen = 0, mlen1 = 0;
        size_t siglen = 0;
        if (m == NULL || sm == NULL || m1 == NULL)
            return 1;
        randombytes(m, mlen);
        t0 = now();
        int r1 = crypto_sign(sm, &smlen, m, mlen, sk);
        t_sign = now() - t0;
        t0 = now();
        int r2 = crypto_sign_open(m1, &mlen1, sm, smlen, pk);
        t_open = now() - t0;
        total++;
        if (r1 != 0 || smlen != mlen + CRYPTO_BYTES || r2 != 0 || mlen1 != mlen || memcmp(m, m1, mlen) != 0) {
            printf("  round trip of %zu bytes failed\n", mlen);
            bad++;
        }
        total++;
        if (crypto_sign_signature(sig, &siglen, m, mlen, sk) != 0 || siglen != CRYPTO_BYTES ||
            crypto_sign_verify(sig, siglen, m, mlen, pk) != 0) {
            printf("  detached round trip of %zu bytes failed\n", mlen);
            bad++;
        }
        free(m);
        free(sm);
        free(m1);
    }
    report("round trips (0, 1, 33, 3300 bytes; attached and detached)", bad, total);
    if (timing)
        printf("time keypair %.4f s, sign %.4f s, open %.4f s\n", t_keygen, t_sign, t_open);

    /* the signed message every rejection check starts from */
    enum { MLEN = 33 };
    unsigned char msg[MLEN];
    static unsigned char sm[CRYPTO_BYTES + MLEN + 64], bad_sm[CRYPTO_BYTES + MLEN + 64];
    unsigned long long smlen;
    randombytes(msg, MLEN);
    crypto_sign(sm, &smlen, msg, MLEN, sk);

    bad = 0;
    total = 0;
    for (unsigned long long len = 0; len < CRYPTO_BYTES; len++) {
        total++;
        if (open_copy(sm, len, pk) != -1)
            bad++;
    }
    report("crypto_sign_open of every length shorter than a signature", bad, total);

    bad = 0;
    total = 0;
    for (int bit = 0; bit < 8 * 16; bit++) {
        memcpy(bad_sm, sm, (size_t)smlen);
        bad_sm[CRYPTO_BYTES - 16 + bit / 8] ^= (unsigned char)(1u << (bit % 8));
        total++;
        if (open_copy(bad_sm, smlen, pk) != -1)
            bad++;
    }
    report("single-bit flips in the salt", bad, total);

    bad = 0;
    total = 0;
    for (int f = 0; f < flips; f++) {
        uint32_t bit = rand32() % (8u * (CRYPTO_BYTES - 16));
        memcpy(bad_sm, sm, (size_t)smlen);
        bad_sm[bit / 8] ^= (unsigned char)(1u << (bit % 8));
        total++;
        if (open_copy(bad_sm, smlen, pk) != -1) {
            printf("  flip of signature bit %u accepted\n", (unsigned)bit);
            bad++;
        }
    }
    /* with an odd number of nibbles the last signature byte has a spare high nibble */
    if ((SNOVA_SIG_NIBBLES & 1) != 0) {
        for (int bit = 4; bit < 8; bit++) {
            memcpy(bad_sm, sm, (size_t)smlen);
            bad_sm[CRYPTO_BYTES - 17] ^= (unsigned char)(1u << bit);
            total++;
            if (open_copy(bad_sm, smlen, pk) != -1)
                bad++;
        }
    }
    report("single-bit flips in the signature outside the salt", bad, total);

    bad = 0;
    total = 0;
    for (int bit = 0; bit < 8 * MLEN; bit += 37) {
        memcpy(bad_sm, sm, (size_t)smlen);
        bad_sm[CRYPTO_BYTES + bit / 8] ^= (unsigned char)(1u << (bit % 8));
        total++;
        if (open_copy(bad_sm, smlen, pk) != -1)
            bad++;
    }
    report("single-bit flips in the message", bad, total);

    bad = 0;
    total = 0;
    {
        static unsigned char sm2[CRYPTO_BYTES + MLEN];
        unsigned long long smlen2;
        crypto_sign(sm2, &smlen2, msg, MLEN, sk2);
        total++;
        if (open_copy(sm2, smlen2, pk) != -1)
            bad++;
        total++;
        if (open_copy(sm2, smlen2, pk2) != 0)
            bad++;
        total++;
        if (open_copy(sm, smlen, pk2) != -1)
            bad++;
    }
    report("signatures under another key", bad, total);

    bad = 0;
    total = 0;
    {
        const int extra[] = {1, 2, 16, 64};
        for (size_t e = 0; e < sizeof(extra) / sizeof(extra[0]); e++) {
            memcpy(bad_sm, sm, (size_t)smlen);
            randombytes(bad_sm + smlen, (unsigned long long)extra[e]);
            total++;
            if (open_copy(bad_sm, smlen + (unsigned long long)extra[e], pk) != -1)
                bad++;
        }
        unsigned char sig[CRYPTO_BYTES + 1];
        size_t siglen;
        crypto_sign_signature(sig, &siglen, msg, MLEN, sk);
        sig[CRYPTO_BYTES] = 0;
        total++;
        if (crypto_sign_verify(sig, CRYPTO_BYTES + 1, msg, MLEN, pk) != -1)
            bad++;
        total++;
        if (crypto_sign_verify(sig, CRYPTO_BYTES - 1, msg, MLEN, pk) != -1)
            bad++;
        total++;
        if (crypto_sign_verify(sig, 0, msg, MLEN, pk) != -1)
            bad++;
        total++;
        if (crypto_sign_verify(sig, CRYPTO_BYTES, msg, MLEN, pk) != 0)
            bad++;
    }
    report("trailing bytes and wrong detached lengths", bad, total);

    bad = 0;
    total = 0;
    {
        static unsigned char bad_pk[CRYPTO_PUBLICKEYBYTES];
        const int bits[] = {0, 77, 8 * 16, 8 * 16 + 5, 8 * (CRYPTO_PUBLICKEYBYTES - 1)};
        for (size_t b = 0; b < sizeof(bits) / sizeof(bits[0]); b++) {
            memcpy(bad_pk, pk, sizeof(bad_pk));
            bad_pk[bits[b] / 8] ^= (unsigned char)(1u << (bits[b] % 8));
            total++;
            if (open_copy(sm, smlen, bad_pk) != -1)
                bad++;
        }
        if ((SNOVA_P22_NIBBLES & 1) != 0) {
            memcpy(bad_pk, pk, sizeof(bad_pk));
            bad_pk[CRYPTO_PUBLICKEYBYTES - 1] ^= 0x80;
            total++;
            if (open_copy(sm, smlen, bad_pk) != -1)
                bad++;
        }
    }
    report("modified public keys", bad, total);

    printf("%s\n", failures ? "FAILED" : "PASSED");
    return failures ? 1 : 0;
}
