/* Runs one Keccak-f[1600] kernel on the states read from stdin and writes the
 * permuted states to stdout, for the Python tests to compare with their model.
 *
 *   keccak_runner <kernel> <states>    records: 200 * states bytes (the kernel's s[])
 *
 * <kernel> is a name of KERNEL_TABLE (kernel_table.h, made by the tests: the
 * generated kernels, variants generated with one step broken, and the broken
 * wrappers of faulty_keccak.S); <states> is 1 to 4, what the kernel takes.
 * Each record is run three times through the AAPCS64 canary checker: flush
 * against the PROT_NONE page after it, flush against the page before it, and
 * 8 bytes into the page; the three results must agree and no other byte of the
 * page may change. Exit status: 2 usage, 3 callee-saved register clobbered,
 * 5 stray write or disagreement; a stray access to a guard page is SIGSEGV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "kernel_table.h"

static const struct {
    const char *name;
    void (*fn)(void);
} kernels[] = {
#define ENTRY(name, symbol) { name, symbol },
    KERNEL_TABLE(ENTRY)
#undef ENTRY
};

enum { STATE_BYTES = 200, PLACEMENTS = 3, INSIDE = 8 };

static void fail(const char *what) {
    fprintf(stderr, "%s\n", what);
    exit(5);
}

int main(int argc, char **argv) {
    if (argc != 3 || strlen(argv[2]) != 1 || argv[2][0] < '1' || argv[2][0] > '4') {
        fputs("usage: keccak_runner <kernel> <1|2|3|4>\n", stderr);
        return 2;
    }
    void (*fn)(void) = NULL;
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (strcmp(kernels[i].name, argv[1]) == 0)
            fn = kernels[i].fn;
    if (!fn) {
        fprintf(stderr, "unknown kernel %s\n", argv[1]);
        return 2;
    }
    const size_t n = STATE_BYTES * (size_t)atoi(argv[2]);
    guarded_page g = guarded_page_new(n + INSIDE);
    uint8_t *in = malloc(n), *first = malloc(n);
    while (fread(in, 1, n, stdin) == n) {
        for (int placement = 0; placement < PLACEMENTS; placement++) {
            memset(g.page, SENTINEL, g.page_size);
            uint8_t *s = placement == 0 ? guarded_place(&g, n, GUARD_AFTER)
                       : placement == 1 ? guarded_place(&g, n, GUARD_BEFORE) : g.page + INSIDE;
            memcpy(s, in, n);
            check_canaries(test_call_checked((void *)fn, (uint64_t)s, 0, 0, 0, 0, 0, 0), argv[1]);
            for (const uint8_t *p = g.page; p < g.page + g.page_size; p++)
                if ((p < s || p >= s + n) && *p != SENTINEL)
                    fail("stray write outside the state");
            if (placement == 0)
                memcpy(first, s, n);
            else if (memcmp(first, s, n) != 0)
                fail("result depends on the state's placement");
        }
        fwrite(first, 1, n, stdout);
    }
    return 0;
}
