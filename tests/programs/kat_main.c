/* Known-answer tests in the manner of NIST's PQCgenKAT_sign: a CTR_DRBG seeded
 * with the bytes 0..47 draws a 48-byte seed and a 33*(i+1)-byte message per
 * vector; each vector then re-seeds the DRBG with its seed and runs key
 * generation and signing on the DRBG's bytes (drbg_sign.h: what NIST's
 * crypto_sign_keypair and crypto_sign draw), then crypto_sign_open.
 *
 *   kat --rsp DIR [-n COUNT]   write DIR/<stem>.req and .rsp (default 100 vectors), the stem as the
 *                              round's official KAT files name them: PQCsignKAT_<sklen> (Round 1),
 *                              PQCsignKAT_<algorithm name> (Round 3); the .rsp starts "# <name>"
 *   kat --nist [-n COUNT]      the vectors on stdout as liboqs's KAT program prints them: the .rsp
 *                              text without its header line and final blank line (default 100)
 *   kat --json [-n COUNT]      one JSON line per vector on stdout (default 10 vectors):
 *                              count, seed, mlen, msg, and length and SHA-256 of pk, sk, sm
 *   kat --json --hex ...       the same plus the hex of pk, sk and sm
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "drbg_sign.h"
#include "kernels.h"
#include "rng.h"
#include "sha256.h"

static void print_hex_upper(FILE *f, const unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02X", p[i]);
}

/* NIST's fprintBstr: uppercase hex, "00" for an empty string */
static void print_bstr(FILE *f, const char *label, const unsigned char *p, size_t n) {
    fputs(label, f);
    print_hex_upper(f, p, n);
    if (n == 0)
        fputs("00", f);
    fputc('\n', f);
}

static void print_sha256(FILE *f, const unsigned char *p, size_t n) {
    unsigned char d[32];
    snova_sha256(d, p, n);
    for (int i = 0; i < 32; i++)
        fprintf(f, "%02x", d[i]);
}

static int usage(const char *argv0) {
    fprintf(stderr, "usage: %s --rsp DIR [-n COUNT] | --nist [-n COUNT] | --json [--hex] [-n COUNT] | --backend\n",
            argv0);
    return 2;
}

int main(int argc, char **argv) {
    const char *dir = NULL;
    int json = 0, hex = 0, nist = 0;
    long count = -1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rsp") == 0 && i + 1 < argc)
            dir = argv[++i];
        else if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (strcmp(argv[i], "--nist") == 0)
            nist = 1;
        else if (strcmp(argv[i], "--hex") == 0)
            hex = 1;
        else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            count = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--backend") == 0 && argc == 2) {
            printf("%s\n", snova_kernels()->name);   /* which kernels this CPU runs */
            return 0;
        } else
            return usage(argv[0]);
    }
    if ((dir != NULL) + json + nist != 1)
        return usage(argv[0]);
    if (count < 0)
        count = json ? 10 : 100;

    unsigned char entropy[48];
    for (int i = 0; i < 48; i++)
        entropy[i] = (unsigned char)i;
    randombytes_init(entropy, NULL, 256);

    unsigned char(*seeds)[48] = calloc((size_t)count + 1, 48);
    unsigned char **msgs = calloc((size_t)count + 1, sizeof(unsigned char *));
    if (seeds == NULL || msgs == NULL)
        return 1;
    for (long i = 0; i < count; i++) {
        size_t mlen = 33 * (size_t)(i + 1);
        randombytes(seeds[i], 48);
        msgs[i] = malloc(mlen);
        if (msgs[i] == NULL)
            return 1;
        randombytes(msgs[i], mlen);
    }

    FILE *req = NULL, *rsp = NULL;
    if (dir != NULL) {
        char stem[64], path[4096];
#if SNOVA_ROUND == 1
        snprintf(stem, sizeof(stem), "PQCsignKAT_%d", CRYPTO_SECRETKEYBYTES);
#else
        snprintf(stem, sizeof(stem), "PQCsignKAT_%s", CRYPTO_ALGNAME);
#endif
        snprintf(path, sizeof(path), "%s/%s.req", dir, stem);
        req = fopen(path, "w");
        if (req == NULL) {
            perror(path);
            return 1;
        }
        for (long i = 0; i < count; i++) {
            fprintf(req, "count = %ld\n", i);
            print_bstr(req, "seed = ", seeds[i], 48);
            fprintf(req, "mlen = %zu\n", 33 * (size_t)(i + 1));
            print_bstr(req, "msg = ", msgs[i], 33 * (size_t)(i + 1));
            fprintf(req, "pk =\nsk =\nsmlen =\nsm =\n\n");
        }
        fclose(req);
        snprintf(path, sizeof(path), "%s/%s.rsp", dir, stem);
        rsp = fopen(path, "w");
        if (rsp == NULL) {
            perror(path);
            return 1;
        }
        fprintf(rsp, "# %s\n\n", CRYPTO_ALGNAME);
    } else if (nist) {
        rsp = stdout;
    }

    static unsigned char pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES];
    int status = 0;
    for (long i = 0; i < count; i++) {
        unsigned long long mlen = 33 * (unsigned long long)(i + 1), smlen = 0, mlen1 = 0;
        unsigned char *sm = malloc((size_t)mlen + CRYPTO_BYTES);
        unsigned char *m1 = malloc((size_t)mlen + CRYPTO_BYTES);
        if (sm == NULL || m1 == NULL)
            return 1;
        randombytes_init(seeds[i], NULL, 256);
        if (drbg_sign_keypair(pk, sk) != 0) {
            fprintf(stderr, "count %ld: crypto_sign_keypair failed\n", i);
            return 1;
        }
        if (drbg_sign(sm, &smlen, msgs[i], mlen, sk) != 0) {
            fprintf(stderr, "count %ld: crypto_sign failed\n", i);
            return 1;
        }
        if (crypto_sign_open(m1, &mlen1, sm, smlen, pk) != 0 || mlen1 != mlen ||
            memcmp(m1, msgs[i], (size_t)mlen) != 0) {
            fprintf(stderr, "count %ld: crypto_sign_open failed\n", i);
            status = 1;
        }
        if (rsp != NULL) {
            if (nist && i > 0)
                fputc('\n', rsp);   /* liboqs separates vectors; the .rsp ends each with a blank line */
            fprintf(rsp, "count = %ld\n", i);
            print_bstr(rsp, "seed = ", seeds[i], 48);
            fprintf(rsp, "mlen = %llu\n", mlen);
            print_bstr(rsp, "msg = ", msgs[i], (size_t)mlen);
            print_bstr(rsp, "pk = ", pk, CRYPTO_PUBLICKEYBYTES);
            print_bstr(rsp, "sk = ", sk, CRYPTO_SECRETKEYBYTES);
            fprintf(rsp, "smlen = %llu\n", smlen);
            print_bstr(rsp, "sm = ", sm, (size_t)smlen);
            if (!nist)
                fputc('\n', rsp);
        } else {
            printf("{\"count\": %ld, \"seed\": \"", i);
            print_hex_upper(stdout, seeds[i], 48);
            printf("\", \"mlen\": %llu, \"msg\": \"", mlen);
            print_hex_upper(stdout, msgs[i], (size_t)mlen);
            printf("\", \"pk_len\": %d, \"pk_sha256\": \"", CRYPTO_PUBLICKEYBYTES);
            print_sha256(stdout, pk, CRYPTO_PUBLICKEYBYTES);
            printf("\", \"sk_len\": %d, \"sk_sha256\": \"", CRYPTO_SECRETKEYBYTES);
            print_sha256(stdout, sk, CRYPTO_SECRETKEYBYTES);
            printf("\", \"sm_len\": %llu, \"sm_sha256\": \"", smlen);
            print_sha256(stdout, sm, (size_t)smlen);
            printf("\"");
            if (hex) {
                printf(", \"pk\": \"");
                print_hex_upper(stdout, pk, CRYPTO_PUBLICKEYBYTES);
                printf("\", \"sk\": \"");
                print_hex_upper(stdout, sk, CRYPTO_SECRETKEYBYTES);
                printf("\", \"sm\": \"");
                print_hex_upper(stdout, sm, (size_t)smlen);
                printf("\"");
            }
            printf("}\n");
            fflush(stdout);
        }
        free(sm);
        free(m1);
    }
    if (dir != NULL)
        fclose(rsp);
    for (long i = 0; i < count; i++)
        free(msgs[i]);
    free(msgs);
    free(seeds);
    return status;
}
