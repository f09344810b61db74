/* Expected signing cost for one SNOVA parameter set (fixed at build time): one key
 * pair, then R distinct messages signed, each with its own salt, so that the
 * signatures' rejected attempts are in the figures (tools/bench/signing.py).
 *
 *   sign_messages [--cpu HWCAP MIDR] <sign|reseed> <R>
 *
 * Set-up: the key pair of a fixed DRBG seed. Then, for message i < R: message i
 * (MLEN bytes, its first four the index), the DRBG re-seeded with a seed holding i
 * (so the salt differs per message), and in `sign` mode drbg_sign_signature;
 * `reseed` does all but the signature, so that signing alone is the difference.
 * Whatever R, the output is the same (a 64-bit FNV-1a digest of the key pair), as
 * tools.bench.isolate compares runs of different R; the attempts build
 * (SNOVA_BENCH_ATTEMPTS, tools/bench/bench.mk), which counts the calls of
 * derive_vinegar (c_glue/core/snova_common.h), adds a line: `attempts`, then each
 * message's number of signing attempts.
 *
 * --cpu HWCAP MIDR: the kernel table chosen as on that CPU (as snova_bench's
 * option; tools/bench/dispatch.py). R is parsed as decimal. Exit status: 0 ok,
 * 1 an operation failed, 2 usage. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "drbg_sign.h"
#include "kernels.h"
#include "rng.h"
#if defined(SNOVA_NEON)
#include "kernels_neon.h"
#endif

#define MLEN 33 /* the first NIST KAT message length, as snova_bench's */

#if defined(SNOVA_BENCH_ATTEMPTS)
unsigned long snova_bench_attempts;
#endif

static unsigned char pk[CRYPTO_PUBLICKEYBYTES];
static unsigned char sk[CRYPTO_SECRETKEYBYTES];
static unsigned char sig[CRYPTO_BYTES];

/* decimal s into *x: 0, or -1 when s is not a whole decimal number */
static int decimal(const char *s, unsigned long long *x) {
    char *end;
    *x = strtoull(s, &end, 10);
    return *s >= '0' && *s <= '9' && *end == '\0' ? 0 : -1;
}

/* the writable table behind snova_kernels() rewritten once, before any operation */
static void kernels_as_on(unsigned long long hwcap, unsigned long long midr) {
#if defined(SNOVA_NEON)
    *(struct snova_kernels *)snova_kernels() = snova_kernels_for_cpu((unsigned long)hwcap, (uint64_t)midr);
#else
    (void)hwcap;
    (void)midr;
#endif
}

/* message i and the DRBG seed of its salt */
static void message_and_salt_seed(unsigned char msg[MLEN], unsigned char entropy[48], unsigned long i) {
    for (int j = 0; j < MLEN; j++)
        msg[j] = (unsigned char)(0xa5 ^ (7 * j) ^ (j < 4 ? i >> (8 * j) : 0));
    for (int j = 0; j < 48; j++)
        entropy[j] = (unsigned char)(j < 4 ? 0x5a ^ (i >> (8 * j)) : j);
    randombytes_init(entropy, NULL, 256);
}

static int usage(const char *prog) {
    fprintf(stderr, "usage: %s [--cpu HWCAP MIDR] <sign|reseed> <R>\n", prog);
    return 2;
}

int main(int argc, char **argv) {
    const char *prog = argv[0];
    unsigned long long hwcap, midr, reps;
    if (argc == 6 && strcmp(argv[1], "--cpu") == 0) {
        if (decimal(argv[2], &hwcap) || decimal(argv[3], &midr))
            return usage(prog);
        kernels_as_on(hwcap, midr);
        argc -= 3;
        argv += 3;
    }
    if (argc != 3 || decimal(argv[2], &reps))
        return usage(prog);
    const int sign = strcmp(argv[1], "sign") == 0;
    if (!sign && strcmp(argv[1], "reseed") != 0)
        return usage(prog);

    unsigned char msg[MLEN], entropy[48];
    for (int j = 0; j < 48; j++)
        entropy[j] = (unsigned char)j;
    randombytes_init(entropy, NULL, 256);
    int bad = drbg_sign_keypair(pk, sk) != 0;

    /* the key pair's digest: the loop leaves the key pair alone */
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t j = 0; j < sizeof pk + sizeof sk; j++) {
        h ^= j < sizeof pk ? pk[j] : sk[j - sizeof pk];
        h *= 0x100000001b3ULL;
    }
    printf("%s %s %016llx\n", CRYPTO_ALGNAME, argv[1], (unsigned long long)h);
#if defined(SNOVA_BENCH_ATTEMPTS)
    printf("attempts");
#endif
    for (unsigned long i = 0; i < reps && !bad; i++) {
        message_and_salt_seed(msg, entropy, i);
        if (!sign)
            continue;
        size_t siglen = 0;
#if defined(SNOVA_BENCH_ATTEMPTS)
        const unsigned long before = snova_bench_attempts;
#endif
        bad |= drbg_sign_signature(sig, &siglen, msg, MLEN, sk) != 0 || siglen != CRYPTO_BYTES;
#if defined(SNOVA_BENCH_ATTEMPTS)
        printf(" %lu", snova_bench_attempts - before);
#endif
    }

#if defined(SNOVA_BENCH_ATTEMPTS)
    printf("\n");
#endif
    if (bad) {
        fprintf(stderr, "%s: %s failed\n", prog, argv[1]);
        return 1;
    }
    return 0;
}
