/* Runs one GF(16) kernel on records read from stdin and writes the results to
 * stdout, for the Python tests to compare with their model.
 *
 *   gf16_runner <kernel> <separate|alias_a|alias_b>  < records
 *
 * Every operand of a kernel has the same size n: the matrix kernels take
 * (a, b, c) with output c; the signing-system kernels take (coef, lx, B, A, rx)
 * with output coef. A record is the n bytes of each input in argument order;
 * the output is the n result bytes per record. alias_a / alias_b pass the
 * output pointer as a / b (matrix kernels). Every call goes through the AAPCS64
 * canary checker, once with each operand flush against the guard page after it
 * and once flush against the guard page before it; both calls must agree, and
 * no byte around the operands other than the output's may change. Exit status:
 * 2 usage, 3 callee-saved register clobbered, 5 stray write (within 80 bytes of
 * an operand) or disagreement; a stray read or write into a guard page kills
 * the process with SIGSEGV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "snova_kernels.h"


/* Deliberately broken kernels (faulty_kernels.S) prove the checks can fail. */
void faulty_overread_r3(const uint8_t *, const uint8_t *, uint8_t *);
void faulty_underread_r3(const uint8_t *, const uint8_t *, uint8_t *);
void faulty_overwrite_r3(const uint8_t *, const uint8_t *, uint8_t *);
void faulty_clobber_x19_r4(const uint8_t *, const uint8_t *, uint8_t *);
void faulty_clobber_d8_r4(const uint8_t *, const uint8_t *, uint8_t *);

#define MAX_OPERANDS 5
#define MAX_BYTES 256

/* operands: argument count; output: which argument is written */
static const struct { const char *name; void *fn; size_t bytes; int operands, output; } kernels[] = {
    { "gf16m_add_r2", snova_gf16m_add_r2, 4, 3, 2 },  { "gf16m_mul_r2", snova_gf16m_mul_r2, 4, 3, 2 },
    { "gf16m_add_r3", snova_gf16m_add_r3, 9, 3, 2 },  { "gf16m_mul_r3", snova_gf16m_mul_r3, 9, 3, 2 },
    { "gf16m_add_r4", snova_gf16m_add_r4, 16, 3, 2 }, { "gf16m_mul_r4", snova_gf16m_mul_r4, 16, 3, 2 },
    { "gf16m_linsys_coeffs_r2", snova_gf16m_linsys_coeffs_r2, 16, 5, 0 },
    { "gf16m_linsys_coeffs_r3", snova_gf16m_linsys_coeffs_r3, 81, 5, 0 },
    { "gf16m_linsys_coeffs_r4", snova_gf16m_linsys_coeffs_r4, 256, 5, 0 },
    { "faulty_overread_r3", faulty_overread_r3, 9, 3, 2 },   { "faulty_underread_r3", faulty_underread_r3, 9, 3, 2 },
    { "faulty_overwrite_r3", faulty_overwrite_r3, 9, 3, 2 }, { "faulty_clobber_x19_r4", faulty_clobber_x19_r4, 16, 3, 2 },
    { "faulty_clobber_d8_r4", faulty_clobber_d8_r4, 16, 3, 2 },
};

/* One call with every operand against the guard on `side`; result into out.
 * `dst` is the argument that receives the result (the output, or an input
 * in the alias modes). */
static void run_one(size_t k, int dst, enum guard_side side, guarded_page pages[MAX_OPERANDS],
                    const uint8_t *inputs, uint8_t *out)
{
    const size_t n = kernels[k].bytes;
    const int count = kernels[k].operands, output = kernels[k].output;
    uint8_t *arg[MAX_OPERANDS] = { 0 };
    const uint8_t *in = inputs;
    for (int i = 0; i < count; i++) {
        arg[i] = guarded_place(&pages[i], n, side);
        uint8_t *from = watch_start(&pages[i], arg[i]);
        memset(from, SENTINEL, (size_t)(watch_end(&pages[i], arg[i], n) - from));
        if (i != output) {
            memcpy(arg[i], in, n);
            in += n;
        }
    }
    uint64_t x[MAX_OPERANDS] = { 0 };
    for (int i = 0; i < count; i++)
        x[i] = (uint64_t)(i == output ? arg[dst] : arg[i]);
    check_canaries(test_call_checked(kernels[k].fn, x[0], x[1], x[2], x[3], x[4], 0, 0), "kernel");
    memcpy(out, arg[dst], n);
    in = inputs;
    for (int i = 0; i < count; i++) {
        /* an input keeps its bytes (checked below); the output argument must be
         * untouched in the alias modes, which write into an input instead */
        int written = i == dst;
        int ok = untouched_around(&pages[i], arg[i], n, i != output || written);
        if (i != output) {
            ok = ok && (written || memcmp(arg[i], in, n) == 0);
            in += n;
        }
        if (!ok) {
            fprintf(stderr, "stray write into operand %d or around it\n", i);
            exit(5);
        }
    }
}

int main(int argc, char **argv)
{
    static const char *const modes[] = { "separate", "alias_a", "alias_b" };
    int mode = 0;
    while (argc == 3 && mode < 3 && strcmp(argv[2], modes[mode]) != 0)
        mode++;
    if (argc != 3 || mode == 3) {
        fprintf(stderr, "usage: %s <kernel> <separate|alias_a|alias_b>\n", argv[0]);
        return 2;
    }
    size_t k = 0, nk = sizeof kernels / sizeof kernels[0];
    while (k < nk && strcmp(kernels[k].name, argv[1]) != 0)
        k++;
    if (k == nk || (mode && kernels[k].operands != 3)) {
        fprintf(stderr, "unknown kernel %s, or no %s mode for it\n", argv[1], argv[2]);
        return 2;
    }
    const size_t n = kernels[k].bytes, inputs = (size_t)kernels[k].operands - 1;
    /* alias_a / alias_b: the result goes to argument 0 / 1 instead of the output */
    const int dst = mode ? mode - 1 : kernels[k].output;
    guarded_page pages[MAX_OPERANDS];
    for (int i = 0; i < kernels[k].operands; i++)
        pages[i] = guarded_page_new(n);
    uint8_t in[MAX_OPERANDS * MAX_BYTES], after[MAX_BYTES], before[MAX_BYTES];
    while (fread(in, 1, inputs * n, stdin) == inputs * n) {
        run_one(k, dst, GUARD_AFTER, pages, in, after);
        run_one(k, dst, GUARD_BEFORE, pages, in, before);
        if (memcmp(after, before, n) != 0) {
            fprintf(stderr, "result depends on operand placement\n");
            return 5;
        }
        fwrite(after, 1, n, stdout);
    }
    return 0;
}
