/* Chooses the kernel table: the portable C kernels, or on AArch64 builds with
 * SNOVA_NEON the generated NEON kernels of the CPU's core class. Every table this
 * build and CPU can run is made once; the choice is an index into them, so that
 * snova_kernels_choose can move a running program to another table (snova speed
 * --kernels) without a call in flight ever seeing a half-made one: every table
 * computes the same results, over the same data layouts (out/snova_plan.h's
 * layout flags belong to the block shape, not to the class).
 *
 * SNOVA_CORE_CLASS in the environment (read at the first call, like OpenSSL's
 * OPENSSL_armcap) names the table in place of the CPU's choice: "portable" or a
 * class. A value this build or CPU cannot honour stops the program with a message
 * on standard error (abort): the first kernel call has no error to return, and a
 * silent fallback would measure or debug another table than the one asked for. */
#include "snova_namespace.h"
#include "kernels.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snova_sync.h"

#if defined(SNOVA_NEON)
#include "kernels_neon.h"
#include "snova_plan.h"

/* cpu_hwcap(): the operating system's answer to what the CPU can run */
#if defined(__APPLE__)
#include "cpu_hwcap_apple.h"
#elif defined(_WIN32)
#include "cpu_hwcap_windows.h"
#else
#include "cpu_hwcap_linux.h"
#endif

/* tables[0 .. SNOVA_CORE_CLASSES - 1]: the classes', tables[PORTABLE]: portable C */
enum { PORTABLE = SNOVA_CORE_CLASSES, TABLES };
static const char *table_name(int t) { return t == PORTABLE ? "portable" : snova_core_class_name(t); }
/* every class needs Advanced SIMD (the GF(16) kernels) */
static int runnable(int t) { return t == PORTABLE || (cpu_hwcap() & SNOVA_HWCAP_ASIMD) != 0; }
static int cpu_choice(void) {
    unsigned long hwcap = cpu_hwcap();
    return (hwcap & SNOVA_HWCAP_ASIMD) ? (int)snova_core_class_of(snova_read_midr(hwcap)) : PORTABLE;
}
static void make_tables(struct snova_kernels *tables) {
    for (int c = 0; c < SNOVA_CORE_CLASSES; c++)
        tables[c] = snova_kernels_for_class(cpu_hwcap(), c);
    tables[PORTABLE] = snova_kernels_portable;
}
#define TABLES_NOTE ""
#else
enum { PORTABLE, TABLES };
static const char *table_name(int t) { (void)t; return "portable"; }
static int runnable(int t) { (void)t; return 1; }
static int cpu_choice(void) { return PORTABLE; }
static void make_tables(struct snova_kernels *tables) { tables[PORTABLE] = snova_kernels_portable; }
#define TABLES_NOTE " (a build without the NEON kernels)"
#endif

static struct snova_kernels tables[TABLES];
/* the table in use: every table is made, inside the run-once, before any caller
 * passes it, so a relaxed load of the pointer reads a whole table (and costs what
 * the address of a fixed table costs: a call per kernel use) */
static _Atomic(const struct snova_kernels *) current;
static snova_once made_once = SNOVA_ONCE_INIT;

/* the table a name means, -1 if none */
static int table_of(const char *name) {
    for (int t = 0; t < TABLES; t++)
        if (strcmp(name, table_name(t)) == 0)
            return t;
    return -1;
}

static void use(int t) { atomic_store_explicit(&current, &tables[t], memory_order_relaxed); }

static void make(void) {
    make_tables(tables);
    const char *wanted = getenv("SNOVA_CORE_CLASS");
    int t = wanted == NULL || wanted[0] == '\0' ? cpu_choice() : table_of(wanted);
    if (t < 0 || !runnable(t)) {
        fprintf(stderr, "libsnova: SNOVA_CORE_CLASS=%s: %s (", wanted,
                t < 0 ? "no such kernel table" : "this CPU cannot run that table (no Advanced SIMD)");
        /* the tables' own names, portable first, as the plan names the classes */
        for (int i = 0; i < TABLES; i++)
            fprintf(stderr, "%s%s", i ? ", " : "", table_name((PORTABLE + i) % TABLES));
        fprintf(stderr, "%s)\n", TABLES_NOTE);
        abort();
    }
    use(t);
}

const struct snova_kernels *snova_kernels(void) {
    snova_once_run(&made_once, make);
    return atomic_load_explicit(&current, memory_order_relaxed);
}

int snova_kernels_choose(const char *name) {
    snova_once_run(&made_once, make);
    int t = name == NULL ? cpu_choice() : table_of(name);
    if (t < 0 || !runnable(t))
        return -1;
    use(t);
    return 0;
}

const char *snova_kernels_choice(void) {
    return table_name((int)(snova_kernels() - tables));
}
