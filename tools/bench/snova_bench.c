/* Benchmark driver for one SNOVA parameter set (fixed at build time), built on
 * the NIST API (api.h) with its randomness drawn from the KAT DRBG (rng.h,
 * drbg_sign.h). See tools/bench/README.md.
 *
 *   snova_bench [--cpu HWCAP MIDR] <keygen|sign|verify|prepare_pk|prepare_sk|sign_prepared|
 *               verify_prepared|reseed|kernels> <R>
 *
 * Does a fixed, deterministic set-up, then R times: re-seeds the DRBG with a
 * fixed seed and runs the measured operation (reseed: nothing after the
 * re-seed). Re-seeding makes every repetition do exactly the same work, even
 * where an operation draws randomness (keygen: its seed; sign: its salt) or
 * retries; `reseed` measures that harness cost so it can be subtracted.
 *   keygen  set-up: none              op: drbg_sign_keypair
 *   sign    set-up: one key pair      op: drbg_sign_signature (detached)
 *   verify  set-up: key pair and one signature (drbg_sign, checked with
 *           crypto_sign_open)        op: crypto_sign_verify, must accept
 *   prepare_pk, prepare_sk  set-up: one key pair
 *           op: snova_core_prepare_public, snova_core_prepare_secret (core.h);
 *           the output also gives the prepared key's bytes (bytes=N)
 *   sign_prepared  set-up: one key pair, its secret key prepared
 *           op: sign's (same salt, same signature) on the prepared key
 *   verify_prepared  set-up: verify's, the public key prepared
 *           op: verify's on the prepared key, must accept
 * The tear-down is the same whatever R: it prints a 64-bit FNV-1a digest of
 * the public key, secret key and signature buffers (fixed sizes), so runs of
 * different builds can be compared for identical outputs.
 *
 * R is parsed as decimal (the caller passes it zero-padded, so parsing costs
 * the same for every R). Exit status: 0 ok, 1 an operation failed, 2 usage.
 *
 * --cpu HWCAP MIDR (decimal AT_HWCAP bits and MIDR_EL1, 0: none readable): before
 * anything else, the kernel table is chosen as on a CPU with those capabilities
 * and that MIDR, not the emulator's, so that one `qemu-aarch64 -cpu max` run
 * measures the kernels another core would run (tools/bench/dispatch.py). Only
 * this program has the option; the library and the KAT tools always ask the
 * CPU. The portable build has nothing to choose and keeps its table; the C-Keccak
 * baseline (SNOVA_BENCH_C_KECCAK) keeps its portable Keccak-f[1600], which
 * snova_kernels_for_cpu leaves alone there, and chooses the rest. `kernels` prints the table's
 * name, its Keccak-f[1600] entries (addresses, ways), then, each after its slot's
 * name, whether it multiplies by table lookup (mul_tables set, 1 or 0) and the
 * addresses (0: none) of rowdot_rll (l = 5: folded or not), interleave_runs (the
 * public map's blocks interleaved), rowdot_rrep and rowdot_rrep_rll (products by
 * replicated right factors), rowdot_fold_pat_sq (T12's blocks as row patterns),
 * rowdot_rrep_llr (the signature's Yt replicated), rowdot_ptbl_ll (left factors
 * as pair tables), rowdot_ptbl_runs (verification's public map unpacked into
 * runs) and rowdot_ptbl_zt (the Z sums' transposed form, over T's transposes in
 * runs or not), and exits, so that the caller can tell which cores get the same
 * kernels.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "core.h"
#include "drbg_sign.h"
#include "kernels.h"
#include "rng.h"
#include "shake.h"
#if defined(SNOVA_NEON)
#include "kernels_neon.h"
#endif

enum op { OP_KEYGEN, OP_SIGN, OP_VERIFY, OP_PREPARE_PK, OP_PREPARE_SK, OP_SIGN_PREPARED, OP_VERIFY_PREPARED, OP_RESEED };
static const char *const op_names[] = { "keygen", "sign", "verify", "prepare_pk", "prepare_sk", "sign_prepared",
                                        "verify_prepared", "reseed" };

#define MLEN 33 /* the first NIST KAT message length */

static unsigned char pk[CRYPTO_PUBLICKEYBYTES];
static unsigned char sk[CRYPTO_SECRETKEYBYTES];
static unsigned char sig[CRYPTO_BYTES];
static unsigned char sm[CRYPTO_BYTES + MLEN];
static unsigned char m2[CRYPTO_BYTES + MLEN];

static uint64_t fnv1a(uint64_t h, const unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static void seed(unsigned char entropy[48]) {
    randombytes_init(entropy, NULL, 256);
}

static int usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s [--cpu HWCAP MIDR] <keygen|sign|verify|prepare_pk|prepare_sk|sign_prepared|"
            "verify_prepared|reseed|kernels> <R>\n",
            argv0);
    return 2;
}

/* Reads s, a whole decimal number, into *x: 0, or -1 when s is not one. */
static int parse_u64(const char *s, unsigned long long *x) {
    char *end;
    *x = strtoull(s, &end, 10);
    return *s >= '0' && *s <= '9' && *end == '\0' ? 0 : -1;
}

/* The kernel table as the CPU (hwcap, midr) would choose it. The table behind
 * snova_kernels()'s const pointer is a writable static object (kernels_select.c),
 * so rewriting it here, once, before any operation reads it, is well defined; the
 * operations then run exactly the code they run on that CPU. */
static void choose_kernels_for(unsigned long hwcap, uint64_t midr) {
#if defined(SNOVA_NEON)
    struct snova_kernels *k = (struct snova_kernels *)snova_kernels();
    *k = snova_kernels_for_cpu(hwcap, midr);
#else
    (void)hwcap;
    (void)midr;
#endif
}

int main(int argc, char **argv) {
    const char *prog = argv[0];
    if (argc == 6 && strcmp(argv[1], "--cpu") == 0) {
        unsigned long long hwcap, midr;
        if (parse_u64(argv[2], &hwcap) || parse_u64(argv[3], &midr))
            return usage(prog);
        choose_kernels_for((unsigned long)hwcap, midr);
        argc -= 3;
        argv += 3;
    }
    if (argc != 3)
        return usage(prog);
    if (strcmp(argv[1], "kernels") == 0) {
        const struct snova_kernels *k = snova_kernels();
#define ADDR(f) ((unsigned long long)(uintptr_t)(f))
        printf("%s keccak %llx %llx %llx %llx %d mul_tables %d rowdot_rll %llx interleave_runs %llx rowdot_rrep %llx "
               "rowdot_rrep_rll %llx rowdot_fold_pat_sq %llx rowdot_rrep_llr %llx rowdot_ptbl_ll %llx "
               "rowdot_ptbl_runs %llx rowdot_ptbl_zt %llx\n",
               k->name, ADDR(k->keccakf1600), ADDR(k->keccakf1600_x2), ADDR(k->keccakf1600_x3),
               ADDR(k->keccakf1600_x4), k->keccak_ways,
               k->mul_tables != NULL, ADDR(k->rowdot_rll), ADDR(k->interleave_runs), ADDR(k->rowdot_rrep),
               ADDR(k->rowdot_rrep_rll), ADDR(k->rowdot_fold_pat_sq), ADDR(k->rowdot_rrep_llr),
               ADDR(k->rowdot_ptbl_ll), ADDR(k->rowdot_ptbl_runs), ADDR(k->rowdot_ptbl_zt));
#undef ADDR
        return 0;
    }
    enum op op = OP_KEYGEN;
    while (op <= OP_RESEED && strcmp(argv[1], op_names[op]) != 0)
        op++;
    if (op > OP_RESEED)
        return usage(prog);
    char *end;
    long reps = strtol(argv[2], &end, 10);
    if (*argv[2] == '\0' || *end != '\0' || reps < 0)
        return usage(prog);

    unsigned char entropy[48], msg[MLEN];
    for (int i = 0; i < 48; i++)
        entropy[i] = (unsigned char)i;
    for (int i = 0; i < MLEN; i++)
        msg[i] = (unsigned char)(0xa5 ^ (7 * i));

    /* set-up */
    int bad = 0;
    const int public_prepared = op == OP_PREPARE_PK || op == OP_VERIFY_PREPARED;
    void *prepared = malloc(public_prepared ? snova_core_public_prepared_bytes() : snova_core_secret_prepared_bytes());
    bad |= prepared == NULL;
    if (op != OP_KEYGEN && op != OP_RESEED) {
        seed(entropy);
        bad |= drbg_sign_keypair(pk, sk) != 0;
    }
    if (op == OP_VERIFY || op == OP_VERIFY_PREPARED) {
        unsigned long long smlen = 0, mlen = 0;
        bad |= drbg_sign(sm, &smlen, msg, MLEN, sk) != 0;
        bad |= smlen != CRYPTO_BYTES + MLEN;
        bad |= crypto_sign_open(m2, &mlen, sm, smlen, pk) != 0;
        bad |= mlen != MLEN || memcmp(m2, msg, MLEN) != 0;
        memcpy(sig, sm, CRYPTO_BYTES);
    }
    if (op == OP_VERIFY_PREPARED && !bad)
        bad |= snova_core_prepare_public(prepared, pk) != 0;
    if (op == OP_SIGN_PREPARED && !bad)
        bad |= snova_core_prepare_secret(prepared, sk) != 0;
    if (bad) {
        fprintf(stderr, "%s: set-up failed\n", prog);
        return 1;
    }

    /* the measured loop */
    size_t siglen = 0;
    unsigned char salt[SNOVA_SALT_BYTES], digest[SNOVA_DIGEST_BYTES];
    for (long i = 0; i < reps; i++) {
        seed(entropy);
        switch (op) {
        case OP_KEYGEN:
            bad |= drbg_sign_keypair(pk, sk) != 0;
            break;
        case OP_SIGN:
            bad |= drbg_sign_signature(sig, &siglen, msg, MLEN, sk) != 0;
            bad |= siglen != CRYPTO_BYTES;
            break;
        case OP_VERIFY:
            bad |= crypto_sign_verify(sig, CRYPTO_BYTES, msg, MLEN, pk) != 0;
            break;
        case OP_PREPARE_PK:
            bad |= snova_core_prepare_public(prepared, pk) != 0;
            break;
        case OP_PREPARE_SK:
            bad |= snova_core_prepare_secret(prepared, sk) != 0;
            break;
        case OP_SIGN_PREPARED:
            /* as drbg_sign_signature draws its salt and hashes the message */
            randombytes(salt, sizeof(salt));
            snova_shake256(digest, sizeof(digest), msg, MLEN);
            bad |= snova_core_sign_prepared(sig, digest, salt, prepared) != 0;
            break;
        case OP_VERIFY_PREPARED:
            snova_shake256(digest, sizeof(digest), msg, MLEN);
            bad |= snova_core_verify_prepared(digest, sig, prepared) != 0;
            break;
        case OP_RESEED:
            break;
        }
    }

    /* tear-down: the same work whatever R */
    uint64_t h = 0xcbf29ce484222325ULL;
    h = fnv1a(h, pk, sizeof pk);
    h = fnv1a(h, sk, sizeof sk);
    h = fnv1a(h, sig, sizeof sig);
    if (op == OP_PREPARE_PK || op == OP_PREPARE_SK)
        printf("%s %s bytes=%zu %016llx\n", CRYPTO_ALGNAME, argv[1],
               public_prepared ? snova_core_public_prepared_bytes() : snova_core_secret_prepared_bytes(),
               (unsigned long long)h);
    else
        printf("%s %s %016llx\n", CRYPTO_ALGNAME, argv[1], (unsigned long long)h);
    free(prepared);
    if (bad) {
        fprintf(stderr, "%s: %s failed\n", prog, argv[1]);
        return 1;
    }
    return 0;
}
