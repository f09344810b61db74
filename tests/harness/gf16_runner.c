/* Runs one GF(16) matrix kernel on records read from stdin and writes the
 * results to stdout, for the Python tests to compare with their model.
 *
 *   gf16_runner <kernel> <separate|alias_a|alias_b>  < records
 *
 * A record is the l*l bytes of a followed by the l*l bytes of b; the output is
 * the l*l bytes of c per record. Every call goes through the AAPCS64 canary
 * checker, once with each operand flush against the guard page after it and
 * once flush against the guard page before it; both calls must agree, and no
 * byte around the operands other than c's may change. Exit status: 2 usage,
 * 3 callee-saved register clobbered, 5 stray write (within 80 bytes of an
 * operand) or disagreement; a stray read or write into a guard page kills the
 * process with SIGSEGV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "snova_kernels.h"

typedef void (*gf16m_binop)(const uint8_t *a, const uint8_t *b, uint8_t *c);
uint32_t test_call_checked(void *fn, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3);

/* Deliberately broken kernels (faulty_kernels.S) prove the checks can fail. */
void faulty_overread_r3(const uint8_t *, const uint8_t *, uint8_t *);
void faulty_underread_r3(const uint8_t *, const uint8_t *, uint8_t *);
void faulty_overwrite_r3(const uint8_t *, const uint8_t *, uint8_t *);
void faulty_clobber_x19_r4(const uint8_t *, const uint8_t *, uint8_t *);
void faulty_clobber_d8_r4(const uint8_t *, const uint8_t *, uint8_t *);

static const struct { const char *name; gf16m_binop fn; size_t bytes; } kernels[] = {
    { "gf16m_add_r2", snova_gf16m_add_r2, 4 },  { "gf16m_mul_r2", snova_gf16m_mul_r2, 4 },
    { "gf16m_add_r3", snova_gf16m_add_r3, 9 },  { "gf16m_mul_r3", snova_gf16m_mul_r3, 9 },
    { "gf16m_add_r4", snova_gf16m_add_r4, 16 }, { "gf16m_mul_r4", snova_gf16m_mul_r4, 16 },
    { "faulty_overread_r3", faulty_overread_r3, 9 },   { "faulty_underread_r3", faulty_underread_r3, 9 },
    { "faulty_overwrite_r3", faulty_overwrite_r3, 9 }, { "faulty_clobber_x19_r4", faulty_clobber_x19_r4, 16 },
    { "faulty_clobber_d8_r4", faulty_clobber_d8_r4, 16 },
};

#define SENTINEL 0xA5
/* Bytes watched on each side of an operand: more than any single AArch64 store
 * writes (64), so a stray store that misses the guard page still shows. */
#define WATCH 80

static uint8_t *watch_start(const guarded_page *g, const uint8_t *operand)
{
    return operand - g->page >= WATCH ? (uint8_t *)operand - WATCH : g->page;
}

static uint8_t *watch_end(const guarded_page *g, const uint8_t *operand, size_t n)
{
    const uint8_t *end = g->page + g->page_size;
    return end - (operand + n) >= WATCH ? (uint8_t *)operand + n + WATCH : (uint8_t *)end;
}

/* Every watched byte around `operand` except [keep, keep+n) still holds the sentinel. */
static int untouched_around(const guarded_page *g, const uint8_t *operand, size_t n, int keep)
{
    for (const uint8_t *p = watch_start(g, operand); p < watch_end(g, operand, n); p++)
        if ((!keep || p < operand || p >= operand + n) && *p != SENTINEL)
            return 0;
    return 1;
}

/* One call with every operand against the guard on `side`; result into out. */
static void run_one(gf16m_binop fn, size_t n, const char *mode, enum guard_side side,
                    guarded_page pages[3], const uint8_t *a_in, const uint8_t *b_in, uint8_t *out)
{
    uint8_t *a = guarded_place(&pages[0], n, side);
    uint8_t *b = guarded_place(&pages[1], n, side);
    uint8_t *c = guarded_place(&pages[2], n, side);
    uint8_t *operands[3] = { a, b, c };
    for (int i = 0; i < 3; i++) {
        uint8_t *from = watch_start(&pages[i], operands[i]);
        memset(from, SENTINEL, (size_t)(watch_end(&pages[i], operands[i], n) - from));
    }
    memcpy(a, a_in, n);
    memcpy(b, b_in, n);
    uint8_t *dst = strcmp(mode, "alias_a") == 0 ? a : strcmp(mode, "alias_b") == 0 ? b : c;
    check_canaries(test_call_checked((void *)fn, (uint64_t)a, (uint64_t)b, (uint64_t)dst, 0), "kernel");
    memcpy(out, dst, n);
    int ok = untouched_around(&pages[0], a, n, 1) && untouched_around(&pages[1], b, n, 1) &&
             untouched_around(&pages[2], c, n, dst == c);
    if (ok && dst != a)
        ok = memcmp(a, a_in, n) == 0;
    if (ok && dst != b)
        ok = memcmp(b, b_in, n) == 0;
    if (!ok) {
        fprintf(stderr, "stray write outside c (mode %s)\n", mode);
        exit(5);
    }
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[2], "separate") && strcmp(argv[2], "alias_a") && strcmp(argv[2], "alias_b"))) {
        fprintf(stderr, "usage: %s <kernel> <separate|alias_a|alias_b>\n", argv[0]);
        return 2;
    }
    size_t k = 0, nk = sizeof kernels / sizeof kernels[0];
    while (k < nk && strcmp(kernels[k].name, argv[1]) != 0)
        k++;
    if (k == nk) {
        fprintf(stderr, "unknown kernel %s\n", argv[1]);
        return 2;
    }
    size_t n = kernels[k].bytes;
    guarded_page pages[3] = { guarded_page_new(n), guarded_page_new(n), guarded_page_new(n) };
    uint8_t in[32], after[16], before[16];
    while (fread(in, 1, 2 * n, stdin) == 2 * n) {
        run_one(kernels[k].fn, n, argv[2], GUARD_AFTER, pages, in, in + n, after);
        run_one(kernels[k].fn, n, argv[2], GUARD_BEFORE, pages, in, in + n, before);
        if (memcmp(after, before, n) != 0) {
            fprintf(stderr, "result depends on operand placement\n");
            return 5;
        }
        fwrite(after, 1, n, stdout);
    }
    return 0;
}
