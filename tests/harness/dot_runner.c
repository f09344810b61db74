/* Runs a GF(16) dot-product kernel on records read from stdin, for the Python
 * tests: gf16m_dot_* (acc += sum of X_c * Y_c over strided sequences) or, given
 * n, gf16m_rowdot_* (acc[j] += sum of X_c * Y_c[j] for j < n, Y_c a row of n
 * consecutive matrices).
 *
 *   dot_runner <kernel> <p> <q> <s> <count> <xstride> <ystride> [n [xbytes [ybytes [yrow]]]]  < records
 *   dot_runner <kernel> rtbl <l> <rows> <n> <count> <xrow>                    < records
 *
 * X is p x q, Y is q x s, acc p x s; strides are in bytes. xbytes: the bytes of
 * one X when it is not p*q (the table-form rowdot's X is the 16-byte product
 * tables of its p*q elements), ybytes the same for one Y (the replicated rows
 * of gf16m_rowdot_rrep_*), yrow the bytes of a row of n Y when they are not
 * n*ybytes (the interleaved runs of gf16m_rowdot_ptbli_*). A record is acc
 * (n*p*s bytes, n = 1 for gf16m_dot), then the X region,
 * (count - 1) * xstride + xbytes bytes, and the Y region,
 * (count - 1) * ystride + yrow bytes (the bytes between matrices are there to
 * be ignored); the output is acc after the call.
 *
 * rtbl: gf16m_rowdot_rtbl_<l>x<l>x<l> (fixed right factors as tables): acc is
 * rows*n l x l matrices, the X region rows rows of count l x l matrices, xrow
 * bytes apart, and the Y region count*n tables of 16 l^2 bytes.
 *
 * Every call runs
 * through the AAPCS64 canary checker twice, with each region flush against the
 * guard page after it and then before it; both must agree, the X and Y regions
 * must come back unchanged and nothing around acc may change. Exit status as
 * gf16_runner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "kernel_table.h"

/* The kernel under test and its arguments other than the three regions, which
 * both forms take as arguments 0, 1 and 3: dot/rowdot xstride, ystride, count, n
 * (dot ignores n); rtbl xrow, count, n, rows. */
struct kernel {
    void (*fn)(void);
    uint64_t scalar[4];
};

/* Bytes a strided sequence of count matrices of n bytes spans. */
static size_t span(size_t count, size_t stride, size_t n) { return count ? (count - 1) * stride + n : 0; }

/* size: bytes of acc, the X region and the Y region */
static void run_one(const struct kernel *k, const size_t size[3], enum guard_side side, guarded_page pages[3],
                    const uint8_t *record, uint8_t *out)
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
    check_canaries(test_call_checked((void *)k->fn, (uint64_t)region[0], (uint64_t)region[1], k->scalar[0],
                                     (uint64_t)region[2], k->scalar[1], k->scalar[2], k->scalar[3]), "kernel");
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
    const int rtbl = argc == 8 && strcmp(argv[2], "rtbl") == 0;
    if ((!rtbl && (argc < 8 || argc > 12)) || i == nk) {
        fprintf(stderr, "usage: %s <kernel> <p> <q> <s> <count> <xstride> <ystride> [n [xbytes [ybytes [yrow]]]]\n"
                        "       %s <kernel> rtbl <l> <rows> <n> <count> <xrow>\n", argv[0], argv[0]);
        return 2;
    }
    struct kernel k;
    size_t size[3];
    if (rtbl) {
        const size_t l = strtoul(argv[3], NULL, 10), rows = strtoul(argv[4], NULL, 10);
        const size_t n = strtoul(argv[5], NULL, 10), count = strtoul(argv[6], NULL, 10);
        const size_t xrow = strtoul(argv[7], NULL, 10), sq = l * l;
        k = (struct kernel){ kernels[i].fn, { xrow, count, n, rows } };
        size[0] = sq * rows * n;
        size[1] = span(rows, xrow, sq * count);
        size[2] = 16 * sq * count * n;
    } else {
        const size_t p = strtoul(argv[2], NULL, 10), q = strtoul(argv[3], NULL, 10), s = strtoul(argv[4], NULL, 10);
        const size_t count = strtoul(argv[5], NULL, 10), n = argc >= 9 ? strtoul(argv[8], NULL, 10) : 0;
        const size_t matrices = argc >= 9 ? n : 1, xbytes = argc >= 10 ? strtoul(argv[9], NULL, 10) : p * q;
        const size_t ybytes = argc >= 11 ? strtoul(argv[10], NULL, 10) : q * s;
        const size_t yrow = argc == 12 ? strtoul(argv[11], NULL, 10) : ybytes * matrices;
        const size_t xstride = strtoul(argv[6], NULL, 10), ystride = strtoul(argv[7], NULL, 10);
        k = (struct kernel){ kernels[i].fn, { xstride, ystride, count, n } };
        size[0] = p * s * matrices;
        size[1] = span(count, xstride, xbytes);
        size[2] = span(count, ystride, yrow);
    }
    const size_t n = size[0];
    guarded_page pages[3] = { guarded_page_new(size[0]), guarded_page_new(size[1]), guarded_page_new(size[2]) };
    uint8_t *in = malloc(size[0] + size[1] + size[2]), *after = malloc(n), *before = malloc(n);
    while (in && after && before && fread(in, 1, size[0] + size[1] + size[2], stdin) == size[0] + size[1] + size[2]) {
        run_one(&k, size, GUARD_AFTER, pages, in, after);
        run_one(&k, size, GUARD_BEFORE, pages, in, before);
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
