/* Runs a GF(16) linear-system solver, uint8_t f(uint8_t *g, size_t n, size_t stride),
 * on records read from stdin, for tests/test_gauss_kernel.py.
 *
 *   gauss_runner <solver> <n> <stride>  < records
 *
 * A record is the n*stride bytes of g (n augmented rows [A | b | zeros]); the
 * output per record is the returned byte followed by byte n of every row (the
 * solution when the system is regular). Each record is solved three times: with
 * g flush against the PROT_NONE page after it, flush against the one before it,
 * and one byte short of the page after it (an unaligned g); each call goes
 * through the AAPCS64 canary checker, the 80 bytes around g must keep their
 * sentinel, and the three calls must leave the same bytes in g and return the
 * same value. Exit status: 2 usage, 3 callee-saved register clobbered, 5 stray
 * write or disagreement; a read or write into a guard page kills the process
 * with SIGSEGV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "snova_kernels.h"

typedef uint8_t (*solve_fn)(uint8_t *g, size_t n, size_t stride);

/* faulty_solve.S: the real kernel behind one injected fault each */
uint8_t faulty_solve_overread(uint8_t *, size_t, size_t);
uint8_t faulty_solve_underread(uint8_t *, size_t, size_t);
uint8_t faulty_solve_overwrite(uint8_t *, size_t, size_t);
uint8_t faulty_solve_clobber_x19(uint8_t *, size_t, size_t);
uint8_t faulty_solve_clobber_d8(uint8_t *, size_t, size_t);
/* broken variants made by the generator with one step of the method changed
 * (tests/test_gauss_kernel.py writes them before building this runner) */
uint8_t mutant_nopivot_gf16_solve(uint8_t *, size_t, size_t);
uint8_t mutant_stale_pivot_gf16_solve(uint8_t *, size_t, size_t);
uint8_t mutant_no_backward_gf16_solve(uint8_t *, size_t, size_t);
uint8_t mutant_bad_inverse_gf16_solve(uint8_t *, size_t, size_t);
uint8_t mutant_always_regular_gf16_solve(uint8_t *, size_t, size_t);
uint8_t mutant_no_rest_gf16_solve(uint8_t *, size_t, size_t);
uint8_t mutant_no_left_blocks_gf16_solve(uint8_t *, size_t, size_t);
/* the portable C solver of the SNOVA core (c_glue/kernels/kernels_portable.c) */
uint8_t snova_c_gf16_solve(uint8_t *, size_t, size_t);

/* not constant time: a branch on the matrix before the real kernel (the
 * executed-blocks test must see it) */
static uint8_t faulty_solve_branchy(uint8_t *g, size_t n, size_t stride)
{
    static volatile int spin;
    if (g[1] == 0) /* A_00 */
        for (int i = 0; i < 3; i++)
            spin++;
    return snova_gf16_solve(g, n, stride);
}

static const struct { const char *name; solve_fn fn; } solvers[] = {
    { "gf16_solve", snova_gf16_solve },
    { "portable_c", snova_c_gf16_solve },
    { "faulty_overread", faulty_solve_overread },
    { "faulty_underread", faulty_solve_underread },
    { "faulty_overwrite", faulty_solve_overwrite },
    { "faulty_clobber_x19", faulty_solve_clobber_x19 },
    { "faulty_clobber_d8", faulty_solve_clobber_d8 },
    { "faulty_branchy", faulty_solve_branchy },
    { "mutant_nopivot", mutant_nopivot_gf16_solve },
    { "mutant_stale_pivot", mutant_stale_pivot_gf16_solve },
    { "mutant_no_backward", mutant_no_backward_gf16_solve },
    { "mutant_bad_inverse", mutant_bad_inverse_gf16_solve },
    { "mutant_always_regular", mutant_always_regular_gf16_solve },
    { "mutant_no_rest", mutant_no_rest_gf16_solve },
    { "mutant_no_left_blocks", mutant_no_left_blocks_gf16_solve },
};

/* gauss_call.S: calls fn(g, n, stride) and stores its result at out, since
 * test_call_checked returns the canary mask, not the callee's w0 */
void gauss_call_and_store(solve_fn fn, uint8_t *g, size_t n, size_t stride, uint8_t *out);

enum { PLACEMENTS = 3 };

/* g for placement p: flush against the guard after, against the guard before,
 * one byte short of the guard after */
static uint8_t *place(const guarded_page *page, size_t bytes, int p)
{
    if (p == 1)
        return guarded_place(page, bytes, GUARD_BEFORE);
    return guarded_place(page, bytes, GUARD_AFTER) - (p == 2);
}

static uint8_t run_one(solve_fn fn, size_t n, size_t stride, const guarded_page *page, int p,
                       const uint8_t *record, uint8_t *after)
{
    const size_t bytes = n * stride;
    uint8_t *g = place(page, bytes, p);
    uint8_t *from = watch_start(page, g);
    memset(from, SENTINEL, (size_t)(watch_end(page, g, bytes) - from));
    memcpy(g, record, bytes);
    uint8_t result = 0;
    check_canaries(test_call_checked((void *)gauss_call_and_store, (uint64_t)fn, (uint64_t)g, n, stride,
                                     (uint64_t)&result, 0, 0), "kernel");
    if (!untouched_around(page, g, bytes, 1)) {
        fprintf(stderr, "stray write around g\n");
        exit(5);
    }
    memcpy(after, g, bytes);
    return result;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s <solver> <n> <stride>\n", argv[0]);
        return 2;
    }
    size_t k = 0, nk = sizeof solvers / sizeof solvers[0];
    while (k < nk && strcmp(solvers[k].name, argv[1]) != 0)
        k++;
    const size_t n = strtoul(argv[2], NULL, 10), stride = strtoul(argv[3], NULL, 10);
    if (k == nk || n == 0 || stride % 16 != 0 || stride < n + 1) {
        fprintf(stderr, "unknown solver %s, or bad n %zu / stride %zu\n", argv[1], n, stride);
        return 2;
    }
    const size_t bytes = n * stride;
    guarded_page page = guarded_page_new(bytes + 1);
    uint8_t *record = malloc(bytes), *after[PLACEMENTS], *out = malloc(n + 1);
    for (int p = 0; p < PLACEMENTS; p++)
        after[p] = malloc(bytes);
    while (record && out && fread(record, 1, bytes, stdin) == bytes) {
        uint8_t ret[PLACEMENTS];
        for (int p = 0; p < PLACEMENTS; p++) {
            ret[p] = run_one(solvers[k].fn, n, stride, &page, p, record, after[p]);
            if (p && (ret[p] != ret[0] || memcmp(after[p], after[0], bytes) != 0)) {
                fprintf(stderr, "result depends on where g is\n");
                return 5;
            }
        }
        out[0] = ret[0];
        for (size_t i = 0; i < n; i++)
            out[1 + i] = after[0][(n - 1 - i) * stride]; /* x_i: byte 0 of row n-1-i */
        fwrite(out, 1, n + 1, stdout);
    }
    return 0;
}
