/* Runs one GF(16) kernel on records read from stdin and writes the results to
 * stdout, for the Python tests to compare with their model.
 *
 *   gf16_runner <kernel> <separate|alias_a|alias_b> <output>[+] <bytes,bytes,...> [count]  < records
 *
 * The kernel takes one pointer argument per entry of the byte list (its
 * operand's size), then, if given, the integer count. Argument <output> is
 * written: the matrix kernels take (a, b, c) with output 2, the result-first
 * forms (c, a, b) and the signing-system kernels (coef, lx, B, A, rx[, count])
 * output 0; with "+" the output is also read (c += ...). A record is the bytes
 * of each input (the output too when it is read) in argument order; the output
 * is the result's bytes per record. alias_a / alias_b pass the output pointer
 * as the first / second input operand (whose size must be the output's); the
 * output's own record bytes are then skipped, the input holding its initial
 * value. Every call goes through the AAPCS64 canary checker, once with each
 * operand flush against the guard page after it and once flush against the
 * guard page before it; both calls must agree, and no byte around the operands
 * other than the output's may change. Exit status: 2 usage, 3 callee-saved
 * register clobbered, 5 stray write (within 80 bytes of an operand) or
 * disagreement; a stray read or write into a guard page kills the process with
 * SIGSEGV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "kernel_table.h"

/* Deliberately broken kernels (faulty_kernels.S) prove the checks can fail. */
#define FAULTY_KERNELS(X) X(faulty_overread_r3) X(faulty_underread_r3) X(faulty_overwrite_r3) \
    X(faulty_clobber_x19_r4) X(faulty_clobber_d8_r4) X(faulty_overread_r5) X(faulty_overwrite_4x4x5)
#define DECLARE(name) void name(void);
FAULTY_KERNELS(DECLARE)

#define MAX_OPERANDS 5

static const struct { const char *name; void (*fn)(void); } kernels[] = {
#define ENTRY(name) { #name, name },
    FAULTY_KERNELS(ENTRY)
#define GENERATED(name, symbol) { name, symbol },
    KERNEL_TABLE(GENERATED)
};

struct call {
    void (*fn)(void);
    int operands, output, dst;    /* dst: the argument that receives the result */
    int inout;                    /* the output is read before it is written */
    size_t bytes[MAX_OPERANDS];
    int has_count;
    uint64_t count;
};

/* Whether operand i has bytes in a record, and whether they are placed in it
 * (an aliased output's are skipped: the input it aliases stands for it). */
static int in_record(const struct call *k, int i)
{
    return i != k->output || k->inout;
}

static int filled(const struct call *k, int i)
{
    return in_record(k, i) && (i != k->output || k->dst == k->output);
}

/* One call with every operand against the guard on `side`; result into out. */
static void run_one(const struct call *k, enum guard_side side, guarded_page pages[MAX_OPERANDS],
                    const uint8_t *inputs, uint8_t *out)
{
    uint8_t *arg[MAX_OPERANDS] = { 0 };
    const uint8_t *in = inputs;
    for (int i = 0; i < k->operands; i++) {
        arg[i] = guarded_place(&pages[i], k->bytes[i], side);
        uint8_t *from = watch_start(&pages[i], arg[i]);
        memset(from, SENTINEL, (size_t)(watch_end(&pages[i], arg[i], k->bytes[i]) - from));
        if (filled(k, i))
            memcpy(arg[i], in, k->bytes[i]);
        if (in_record(k, i))
            in += k->bytes[i];
    }
    uint64_t x[MAX_OPERANDS + 1] = { 0 };
    for (int i = 0; i < k->operands; i++)
        x[i] = (uint64_t)(i == k->output ? arg[k->dst] : arg[i]);
    if (k->has_count)
        x[k->operands] = k->count;
    check_canaries(test_call_checked((void *)k->fn, x[0], x[1], x[2], x[3], x[4], x[5], 0), "kernel");
    memcpy(out, arg[k->dst], k->bytes[k->output]);
    in = inputs;
    for (int i = 0; i < k->operands; i++) {
        /* an input keeps its bytes (checked below); the output argument must be
         * untouched in the alias modes, which write into an input instead */
        int written = i == k->dst;
        int ok = untouched_around(&pages[i], arg[i], k->bytes[i], filled(k, i) || written);
        if (i != k->output)
            ok = ok && (written || memcmp(arg[i], in, k->bytes[i]) == 0);
        if (in_record(k, i))
            in += k->bytes[i];
        if (!ok) {
            fprintf(stderr, "stray write into operand %d or around it\n", i);
            exit(5);
        }
    }
}

static int usage(const char *argv0)
{
    fprintf(stderr, "usage: %s <kernel> <separate|alias_a|alias_b> <output>[+] <bytes,...> [count]\n", argv0);
    return 2;
}

int main(int argc, char **argv)
{
    static const char *const modes[] = { "separate", "alias_a", "alias_b" };
    if (argc != 5 && argc != 6)
        return usage(argv[0]);
    int mode = 0;
    while (mode < 3 && strcmp(argv[2], modes[mode]) != 0)
        mode++;
    size_t k = 0, nk = sizeof kernels / sizeof kernels[0];
    while (k < nk && strcmp(kernels[k].name, argv[1]) != 0)
        k++;
    struct call call = { .output = atoi(argv[3]), .inout = strchr(argv[3], '+') != NULL, .has_count = argc == 6 };
    for (char *p = argv[4]; *p && call.operands < MAX_OPERANDS; p += *p == ',')
        call.bytes[call.operands++] = strtoul(p, &p, 10);
    call.count = call.has_count ? strtoull(argv[5], NULL, 10) : 0;
    call.dst = call.output;
    for (int i = 0, inputs_seen = 0; mode && i < call.operands; i++)
        if (i != call.output && ++inputs_seen == mode)
            call.dst = i;
    if (k == nk || mode == 3 || call.output < 0 || call.output >= call.operands
        || call.bytes[call.dst] != call.bytes[call.output] || (mode && call.dst == call.output)) {
        fprintf(stderr, "unknown kernel %s, or bad operands or mode for it\n", argv[1]);
        return usage(argv[0]);
    }
    call.fn = kernels[k].fn;
    size_t inputs = 0, out_bytes = call.bytes[call.output];
    guarded_page pages[MAX_OPERANDS];
    for (int i = 0; i < call.operands; i++) {
        pages[i] = guarded_page_new(call.bytes[i]);
        inputs += in_record(&call, i) ? call.bytes[i] : 0;
    }
    uint8_t *in = malloc(inputs), *after = malloc(out_bytes), *before = malloc(out_bytes);
    while (in && after && before && fread(in, 1, inputs, stdin) == inputs) {
        run_one(&call, GUARD_AFTER, pages, in, after);
        run_one(&call, GUARD_BEFORE, pages, in, before);
        if (memcmp(after, before, out_bytes) != 0) {
            fprintf(stderr, "result depends on operand placement\n");
            return 5;
        }
        fwrite(after, 1, out_bytes, stdout);
    }
    free(in);
    free(after);
    free(before);
    return 0;
}
