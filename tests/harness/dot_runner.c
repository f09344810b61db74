/* Runs a GF(16) dot-product kernel on records read from stdin, for the Python
 * tests: gf16m_dot_* (acc += sum of X_c * Y_c over strided sequences) or, given
 * n, gf16m_rowdot_* (acc[j] += sum of X_c * Y_c[j] for j < n, Y_c a row of n
 * consecutive matrices).
 *
 *   dot_runner <kernel> <p> <q> <s> <count> <xstride> <ystride> [n [xbytes]]  < records
 *
 * X is p x q, Y is q x s, acc p x s; strides are in bytes. xbytes: the bytes of
 * one X when it is not p*q (the table-form rowdot's X is the 16-byte product
 * tables of its p*q elements). A record is acc
 * (n*p*s bytes, n = 1 for gf16m_dot), then the X region,
 * (count - 1) * xstride + p*q bytes, and the Y region,
 * (count - 1) * ystride + n*q*s bytes (the bytes between matrices are there to
 * be ignored); the output is acc after the call. Every call runs
 * through the AAPCS64 canary checker twice, with each region flush against the
 * guard page after it and then before it; both must agree, the X and Y regions
 * must come back unchanged and nothing around acc may change. Exit status as
 * gf16_runner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "kernel_table.h"

/* The kernel under test and its last argument n (rowdot; dot ignores it). */
struct kernel {
    void (*fn)(void);
    size_t n;
};

/* Bytes a strided sequence of count matrices of n bytes spans. */
static size_t span(size_t count, size_t stride, size_t n) { return count ? (count - 1) * stride + n : 0; }

/* size: bytes of acc, the X region and the Y region */
static void run_one(const struct kernel *k, size_t count, const size_t stride[2], const size_t size[3], enum guard_side side,
                    guarded_page pages[3], const uint8_t *record, uint8_t *out)
{
    const size_t n = size[0];
    uint8_t *region[3];
    const uint8_t *in = record;
    for (int i = 0; i < 3; i++) {
        region[i] = guarded_place(&pages[i], size[i], side);
        uint8_t *from = watch_start(&pages[i], region[i]);
        memset(from, SENTINEL, (size_t)(watch_end(&pages[i], region[i], size[i]) - from));
        memcpy(region[i], in, size[i]);
        in += size[i];
    }
    check_canaries(test_call_checked((void *)k->fn, (uint64_t)region[0], (uint64_t)region[1], stride[0],
                                     (uint64_t)region[2], stride[1], count, k->n), "kernel");
    memcpy(out, region[0], n);
    in = record + size[0];
    for (int i = 0; i < 3; i++) {
        int ok = untouched_around(&pages[i], region[i], size[i], 1);
        if (i > 0) {
            ok = ok && memcmp(region[i], in, size[i]) == 0;
            in += size[i];
        }
        if (!ok) {
            fprintf(stderr, "stray write into region %d or around it\n", i);
            exit(5);
        }
    }
}

int main(int argc, char **argv)
{
    static const struct { const char *name; void (*fn)(void); } kernels[] = {
#define GENERATED(name, symbol) { name, symbol },
        KERNEL_TABLE(GENERATED)
    };
    size_t i = 0, nk = sizeof kernels / sizeof kernels[0];
    while (argc >= 2 && i < nk && strcmp(kernels[i].name, argv[1]) != 0)
        i++;
    if (argc < 8 || argc > 10 || i == nk) {
        fprintf(stderr, "usage: %s <kernel> <p> <q> <s> <count> <xstride> <ystride> [n [xbytes]]\n", argv[0]);
        return 2;
    }
    const size_t p = strtoul(argv[2], NULL, 10), q = strtoul(argv[3], NULL, 10), s = strtoul(argv[4], NULL, 10);
    const struct kernel k = { kernels[i].fn, argc >= 9 ? strtoul(argv[8], NULL, 10) : 0 };
    const size_t count = strtoul(argv[5], NULL, 10), matrices = argc >= 9 ? k.n : 1;
    const size_t xbytes = argc == 10 ? strtoul(argv[9], NULL, 10) : p * q;
    const size_t n = p * s * matrices;
    const size_t stride[2] = { strtoul(argv[6], NULL, 10), strtoul(argv[7], NULL, 10) };
    const size_t size[3] = { n, span(count, stride[0], xbytes), span(count, stride[1], q * s * matrices) };
    guarded_page pages[3] = { guarded_page_new(size[0]), guarded_page_new(size[1]), guarded_page_new(size[2]) };
    uint8_t *in = malloc(size[0] + size[1] + size[2]), *after = malloc(n), *before = malloc(n);
    while (in && after && before && fread(in, 1, size[0] + size[1] + size[2], stdin) == size[0] + size[1] + size[2]) {
        run_one(&k, count, stride, size, GUARD_AFTER, pages, in, after);
        run_one(&k, count, stride, size, GUARD_BEFORE, pages, in, before);
        if (memcmp(after, before, n) != 0) {
            fprintf(stderr, "result depends on operand placement\n");
            return 5;
        }
        fwrite(after, 1, n, stdout);
    }
    free(in);
    free(after);
    free(before);
    return 0;
}
