/* Verifier strength (build with -DSNOVA_TEST_HOOKS): a valid signature must be
 * rejected once any single element of its target hash, or any single element
 * of the public map, is changed inside verification (core.h,
 * snova_test_verify_fault).
 *   test_verifier [--all-blocks]
 * Changes every target element (by a nonzero value that varies with the
 * position; the map evaluated once, the verdict taken on each), and one
 * element of each of P11, P12, P21 and P22 of up to 8 public matrices (all if
 * there are no more; the first and the last always); with --all-blocks one
 * element of every l x l block of the public map.
 * Prints one line per group; exit status 0 only if every change was rejected
 * and the unchanged signature accepted. */
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "params.h"

#if SNOVA_ROUND == 3
#define PUBLIC_MATRICES SNOVA_M1
#else
#define PUBLIC_MATRICES SNOVA_M
#endif
#define BLOCK SNOVA_LSQ
/* the public map's parts, in the order of snova_verify_fault.map, in blocks per public matrix */
enum { PARTS = 4, MAP_MATRICES = 8 };
static const long part_blocks[PARTS] = {SNOVA_V * SNOVA_V, SNOVA_V * SNOVA_O, SNOVA_O * SNOVA_V,
                                        SNOVA_O * SNOVA_O};
static const char *const part_names[PARTS] = {"P11", "P12", "P21", "P22"};

static uint8_t pk[SNOVA_PK_BYTES], sk[SNOVA_SK_BYTES], sig[SNOVA_SIG_BYTES];
static uint8_t digest[SNOVA_DIGEST_BYTES];
static int failures;

static int verify_with_fault(long target, long map, uint8_t xor_value) {
    const struct snova_verify_fault f = {target, map, xor_value, 0};
    return snova_test_verify_fault(digest, sig, pk, &f);
}

static uint8_t nonzero_nibble(long position) { return (uint8_t)(1 + position % 15); }

static void report(const char *what, long rejected, long total) {
    printf("%s %s: %ld/%ld rejected\n", rejected == total ? "ok" : "FAIL", what, rejected, total);
    if (rejected != total)
        failures++;
}

/* first element of block `block` of part `part` of public matrix i */
static long map_element(int part, long i, long block) {
    long e = 0;
    for (int p = 0; p < part; p++)
        e += PUBLIC_MATRICES * part_blocks[p] * BLOCK;
    return e + (i * part_blocks[part] + block) * BLOCK;
}

int main(int argc, char **argv) {
    int all_blocks = argc == 2 && strcmp(argv[1], "--all-blocks") == 0;
    if (argc > 2 || (argc == 2 && !all_blocks)) {
        fprintf(stderr, "usage: %s [--all-blocks]\n", argv[0]);
        return 2;
    }
    uint8_t seed[SNOVA_SEED_BYTES], salt[SNOVA_SALT_BYTES];
    for (int i = 0; i < SNOVA_SEED_BYTES; i++)
        seed[i] = (uint8_t)(29 * i + 1);
    for (int i = 0; i < SNOVA_DIGEST_BYTES; i++)
        digest[i] = (uint8_t)(3 * i + 5);
    for (int i = 0; i < SNOVA_SALT_BYTES; i++)
        salt[i] = (uint8_t)(7 * i + 2);
    if (snova_core_keypair(pk, sk, seed) != 0 || snova_core_sign(sig, digest, salt, sk) != 0 ||
        verify_with_fault(-1, -1, 0) != 0 || snova_core_verify(digest, sig, pk) != 0) {
        printf("FAIL: the unchanged signature is not accepted\n");
        return 1;
    }

    /* one evaluation, then the verdict on every changed target */
    const struct snova_verify_fault each_target = {-1, -1, 0, 1};
    long rejected = snova_test_verify_fault(digest, sig, pk, &each_target);
    report("target hash, every element changed", rejected, SNOVA_HASH_NIBBLES);

    /* up to MAP_MATRICES public matrices, spread from the first to the last */
    long checked = PUBLIC_MATRICES < MAP_MATRICES ? PUBLIC_MATRICES : MAP_MATRICES;
    for (int part = 0; part < PARTS; part++) {
        char what[64];
        rejected = 0;
        for (long c = 0; c < checked; c++) {
            long i = checked > 1 ? c * (PUBLIC_MATRICES - 1) / (checked - 1) : 0;
            long block = (i * 7 + part) % part_blocks[part], within = (i + part) % BLOCK;
            rejected += verify_with_fault(-1, map_element(part, i, block) + within, nonzero_nibble(i)) != 0;
        }
        snprintf(what, sizeof(what), "%s of %ld public matrices, one element each", part_names[part], checked);
        report(what, rejected, checked);
    }

    if (all_blocks) {
        long total = 0;
        rejected = 0;
        for (int part = 0; part < PARTS; part++)
            for (long b = 0; b < PUBLIC_MATRICES * part_blocks[part]; b++, total++)
                rejected += verify_with_fault(-1, map_element(part, 0, b) + b % BLOCK, nonzero_nibble(b)) != 0;
        report("every block of the public map, one element", rejected, total);
    }
    printf("%s\n", failures ? "FAILED" : "PASSED");
    return failures ? 1 : 0;
}
