/* Key generation and signing through libsnova as shipped (libsnova.a or .so),
 * on private seeds given on stdin, for the constant-time checks
 * (tests/test_constant_time.py):
 *   lib_ct SET [secret-signature] < SEEDS
 * SEEDS is one or more private seeds of 32 bytes. The library draws its
 * randomness from getrandom, which fixed_random.c defines: the 48-byte key
 * seed is a fixed public half and the private seed, the salt is fixed.
 *
 * Each seed gets a key pair and a signature, then the secret key prepared
 * (snova_secret_key_prepare) and a signature with it (snova_sign_prepared, the
 * same salt: the plain call's signature, which is verified). Before each seed the
 * program calls ct_segment, a mark for tools/ct/trace.c: under qemu each seed's
 * operations are one segment of the trace (segment 0 is the start-up, the last
 * the exit), and the segments of different seeds must be equal. The first
 * seed warms up: the library's one-time choices of kernels and tables are made
 * in its segment. Nothing is printed before the last mark, so the C library's
 * output buffers are made after it.
 *
 * Built with -DSNOVA_CT_VALGRIND and run under valgrind memcheck, the private
 * half of every key seed is undefined, so memcheck reports any branch or
 * address the library computes from it or from the secret key; the public key
 * and the signature are declassified before they are checked.
 *
 * At the end it prints the CPU as the library sees it (AArch64: MIDR_EL1 and
 * whether it has SHA3, which choose the kernels) and PASSED or FAILED. */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#if defined(__aarch64__)
#include <sys/auxv.h>
#endif

#include "ct_marks.h"
#include "fixed_random.h"
#include "snova.h"

enum { PK_SEED_BYTES = 16, SK_SEED_BYTES = 32, SALT_BYTES = 16 };

/* the trace's segment mark: its first block starts each segment */
__attribute__((noinline)) void ct_segment(void) { __asm__ volatile("" ::: "memory"); }

static const uint8_t message[] = "constant time through libsnova";
/* lib_ct SET secret-signature: the signature stays secret into verification,
 * which branches on it: the reports the checks must not let pass */
static int secret_signature;

/* Rounds 2 and 3 keep the key seed followed by data derived from the public
 * key (its hash): public, as is the key, though memcheck sees it computed from
 * the secret. Expanded keys (-esk) are secret whole. */
static void declassify_key_tail(const snova_instance *inst, uint8_t *sk) {
    const size_t seed_bytes = PK_SEED_BYTES + SK_SEED_BYTES, sk_bytes = snova_secret_key_bytes(inst);
    if (snova_instance_round(inst) >= 2 && strstr(snova_instance_name(inst), "-esk") == NULL)
        PUBLIC(sk + seed_bytes, sk_bytes - seed_bytes);
}

/* the outcome of a signing call, and its output, public */
static void declassify_signature(const snova_instance *inst, int *r, uint8_t *sig, size_t *siglen) {
    PUBLIC(sig, snova_signature_bytes(inst));
    PUBLIC(r, sizeof(*r));
    PUBLIC(siglen, sizeof(*siglen));
}

/* sk prepared, and its signature of the message with the given salt (which
 * snova_sign_prepared draws) into sig; 0 if that is plain_sig, the signature
 * of the plain call with that salt, which is verified */
static int sign_prepared(const snova_instance *inst, const uint8_t *sk, const uint8_t *salt,
                         const uint8_t *plain_sig, uint8_t *sig) {
    snova_secret_key *key = snova_secret_key_prepare(inst, sk);
    if (key == NULL)
        return 1;
    size_t siglen;
    fixed_random_next(salt, SALT_BYTES, SALT_BYTES);
    int r = snova_sign_prepared(key, sig, &siglen, message, sizeof(message));
    snova_secret_key_free(key);
    declassify_signature(inst, &r, sig, &siglen);
    return r != 0 || memcmp(sig, plain_sig, siglen) != 0;
}

/* a key pair on the private seed, a signature, and the same from the key
 * prepared; 0 if the signature verifies and the prepared key gives it too */
static int keygen_and_sign(const snova_instance *inst, const uint8_t *sk_seed, uint8_t *pk, uint8_t *sk,
                           uint8_t *sig, uint8_t *prepared_sig) {
    uint8_t seed[PK_SEED_BYTES + SK_SEED_BYTES], salt[SALT_BYTES];
    for (int i = 0; i < PK_SEED_BYTES; i++)
        seed[i] = (uint8_t)(17 * i + 3);
    memcpy(seed + PK_SEED_BYTES, sk_seed, SK_SEED_BYTES);
    for (int i = 0; i < SALT_BYTES; i++)
        salt[i] = (uint8_t)(11 * i + 7);

    fixed_random_next(seed, sizeof(seed), PK_SEED_BYTES);
    int r = snova_keypair(inst, pk, sk);
    PUBLIC(pk, snova_public_key_bytes(inst));
    PUBLIC(&r, sizeof(r));
    if (r != 0)
        return 1;
    declassify_key_tail(inst, sk);
    size_t siglen;
    fixed_random_next(salt, sizeof(salt), sizeof(salt));
    r = snova_sign(inst, sig, &siglen, message, sizeof(message), sk);
    declassify_signature(inst, &r, sig, &siglen);
    if (r != 0)
        return 1;
    if (sign_prepared(inst, sk, salt, sig, prepared_sig) != 0)
        return 1;
    if (secret_signature)
        SECRET(sig, siglen);
    return snova_verify(inst, sig, siglen, message, sizeof(message), pk) != 0;
}

/* MIDR_EL1 as the library reads it (0 where the kernel does not give it) and
 * whether the CPU has SHA3 */
static void print_cpu(void) {
#if defined(__aarch64__)
    unsigned long hwcap = getauxval(AT_HWCAP);
    unsigned long midr = 0;
    if (hwcap & HWCAP_CPUID)
        __asm__("mrs %0, midr_el1" : "=r"(midr));
    printf("cpu midr=%#lx sha3=%d\n", midr, (hwcap & HWCAP_SHA3) != 0);
#else
    printf("cpu host\n");
#endif
}

/* the next private seed from stdin into seed: 1, or 0 at its end. By read(2),
 * not stdio: no buffer whose position changes from seed to seed, so each
 * seed's segment reads the same addresses. */
static int next_seed(uint8_t seed[SK_SEED_BYTES]) {
    size_t got = 0;
    while (got < SK_SEED_BYTES) {
        ssize_t n = read(0, seed + got, SK_SEED_BYTES - got);
        if (n <= 0)
            return 0;
        got += (size_t)n;
    }
    return 1;
}

int main(int argc, char **argv) {
    const snova_instance *inst = argc >= 2 ? snova_instance_by_name(argv[1]) : NULL;
    secret_signature = argc == 3 && strcmp(argv[2], "secret-signature") == 0;
    if (inst == NULL || argc > 3 || (argc == 3 && !secret_signature)) {
        fprintf(stderr, "usage: lib_ct SET [secret-signature] < SEEDS (private seeds of %d bytes)\n",
                SK_SEED_BYTES);
        return 2;
    }
    /* the library's workspaces from the heap, never given back to the system:
     * each seed's operations then get the same addresses (with the default
     * dynamic threshold the first large blocks are mapped, the later ones not) */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    uint8_t *pk = malloc(snova_public_key_bytes(inst)), *sk = malloc(snova_secret_key_bytes(inst));
    uint8_t *sig = malloc(snova_signature_bytes(inst)), *prepared_sig = malloc(snova_signature_bytes(inst));
    uint8_t seed[SK_SEED_BYTES];
    int failures = 0, seeds = 0;
    for (;;) {
        ct_segment();
        if (!next_seed(seed))
            break;
        failures += keygen_and_sign(inst, seed, pk, sk, sig, prepared_sig);
        seeds++;
    }
    print_cpu();
    printf("%s\n", failures || seeds == 0 ? "FAILED" : "PASSED");
    free(pk);
    free(sk);
    free(sig);
    free(prepared_sig);
    return failures || seeds == 0;
}
