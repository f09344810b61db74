/* A random driver of the verify target (verify.c) where libFuzzer has no
 * runtime (AArch64 under qemu-aarch64):
 *   random_driver [--runs N] [--seed S] [FILE...]   each FILE as an input, then
 *       N inputs: a seed of fuzz_verify_seed with 1 to 8 bytes changed, cut
 *       short or grown by random bytes, or random bytes alone
 *   random_driver --write-seeds DIR   the seeds as files DIR/seed-<set>
 * A disagreement aborts (verify.c); otherwise prints "runs N accepted K" (K:
 * the inputs all four verifications accepted) and exits 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_sets.h"
#include "verify_seeds.h"

enum { INPUT_MAX = 8192 };

static uint64_t state = 0x9e3779b97f4a7c15ULL;

static uint32_t next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (uint32_t)(state >> 16);
}

static int write_seeds(const char *dir) {
    uint8_t buf[INPUT_MAX];
    size_t n;
    for (size_t k = 0; (n = fuzz_verify_seed(k, buf, sizeof(buf))) != 0; k++) {
        char path[4096];
        snprintf(path, sizeof(path), "%s/seed-%s", dir, fuzz_shape_sets[k]);
        FILE *f = fopen(path, "wb");
        if (f == NULL || fwrite(buf, 1, n, f) != n || fclose(f) != 0) {
            perror(path);
            return 2;
        }
    }
    return 0;
}

static size_t run_file(const char *path, uint8_t *buf) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(2);
    }
    size_t n = fread(buf, 1, INPUT_MAX, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, n);
    return 1;
}

/* one random input in buf; its length */
static size_t random_input(uint8_t *buf) {
    size_t n = fuzz_verify_seed(next() % FUZZ_SHAPE_SETS, buf, INPUT_MAX);
    switch (next() % 4) {
    case 0: /* random bytes alone */
        n = next() % 1024;
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)next();
        break;
    case 1: /* cut short */
        n = next() % (n + 1);
        break;
    case 2: /* grown */
        for (size_t extra = next() % 64; extra > 0 && n < INPUT_MAX; extra--)
            buf[n++] = (uint8_t)next();
        break;
    default: /* a few bytes changed */
        for (unsigned k = 1 + next() % 8; k > 0; k--)
            buf[next() % n] ^= (uint8_t)(1 + next() % 255);
    }
    return n;
}

int main(int argc, char **argv) {
    static uint8_t buf[INPUT_MAX];
    long runs = 200, done = 0;
    int a = 1;
    if (argc == 3 && strcmp(argv[1], "--write-seeds") == 0)
        return write_seeds(argv[2]);
    for (; a + 1 < argc && argv[a][0] == '-'; a += 2) {
        if (strcmp(argv[a], "--runs") == 0)
            runs = atol(argv[a + 1]);
        else if (strcmp(argv[a], "--seed") == 0)
            state ^= strtoull(argv[a + 1], NULL, 0) * 0x2545f4914f6cdd1dULL;
        else
            break;
    }
    for (; a < argc; a++)
        done += (long)run_file(argv[a], buf);
    for (long i = 0; i < runs; i++, done++)
        LLVMFuzzerTestOneInput(buf, random_input(buf));
    printf("runs %ld accepted %ld\n", done, fuzz_verify_accepted);
    return 0;
}
