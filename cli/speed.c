#define _DEFAULT_SOURCE /* uname, strtod */
#include "speed.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cycles.h"
#include "help.h"
#include "instances.h"
#include "report.h"
#include "snova.h"
#include "speed_cpu.h"

enum op { OP_KEYGEN, OP_SIGN, OP_VERIFY, OP_PREPARE_PK, OP_PREPARE_SK, OP_SIGN_PREPARED, OP_VERIFY_PREPARED, OPS };
static const char *const op_names[OPS] = {"keygen",     "sign",          "verify",         "prepare-pk",
                                          "prepare-sk", "sign-prepared", "verify-prepared"};
#define OP_LIST "keygen, sign, verify, prepare-pk, prepare-sk, sign-prepared, verify-prepared"

/* at most this many of each repeatable option, and of timed calls of one row */
#define MAX_LIST 64
#define MAX_ITERATIONS 1000000
/* the message signed and verified: its first bytes count the calls, so that every
 * signature is of another message and signing retries as a user's would */
#define MESSAGE_BYTES 32

struct speed_args {
    const snova_instance *sets[MAX_LIST];
    enum op ops[MAX_LIST];
    const char *kernels[MAX_LIST];
    size_t n_sets, n_ops, n_kernels;
    double seconds;
    int json;
};

/* one row: a set, an operation, a kernel table */
struct row {
    const char *set, *op, *kernels;
    size_t iterations;
    double ops_per_s, ns_median, ns_q1, ns_q3, cycles_median; /* cycles_median < 0: unknown */
};

/* A set's keys, a signature and the prepared keys, made before the clock runs. */
struct fixture {
    const snova_instance *inst;
    uint8_t *pk, *sk, *sig;
    size_t siglen;
    snova_public_key *ppk;
    snova_secret_key *psk;
    uint8_t message[MESSAGE_BYTES];
};

static void fixture_free(struct fixture *f) {
    free(f->pk);
    free(f->sk);
    free(f->sig);
    snova_public_key_free(f->ppk);
    snova_secret_key_free(f->psk);
    memset(f, 0, sizeof *f);
}

static int fixture_make(struct fixture *f, const snova_instance *inst) {
    memset(f, 0, sizeof *f);
    f->inst = inst;
    f->pk = malloc(snova_public_key_bytes(inst));
    f->sk = malloc(snova_secret_key_bytes(inst));
    f->sig = malloc(snova_signature_bytes(inst));
    if (f->pk == NULL || f->sk == NULL || f->sig == NULL || snova_keypair(inst, f->pk, f->sk) != 0 ||
        snova_sign(inst, f->sig, &f->siglen, f->message, sizeof f->message, f->sk) != 0 ||
        (f->ppk = snova_public_key_prepare(inst, f->pk)) == NULL ||
        (f->psk = snova_secret_key_prepare(inst, f->sk)) == NULL) {
        fixture_free(f);
        return report("speed: %s: could not make a key pair and a signature", snova_instance_name(inst));
    }
    return EXIT_OK;
}

/* one call of op; the message differs from call to call (its counter) */
static int run_op(struct fixture *f, enum op op, uint8_t *pk, uint8_t *sk, uint8_t *sig, size_t call) {
    size_t len;
    memcpy(f->message, &call, sizeof call);
    switch (op) {
    case OP_KEYGEN:
        return snova_keypair(f->inst, pk, sk);
    case OP_SIGN:
        return snova_sign(f->inst, sig, &len, f->message, sizeof f->message, f->sk);
    case OP_SIGN_PREPARED:
        return snova_sign_prepared(f->psk, sig, &len, f->message, sizeof f->message);
    case OP_VERIFY:
        memset(f->message, 0, sizeof f->message);
        return snova_verify(f->inst, f->sig, f->siglen, f->message, sizeof f->message, f->pk);
    case OP_VERIFY_PREPARED:
        memset(f->message, 0, sizeof f->message);
        return snova_verify_prepared(f->ppk, f->sig, f->siglen, f->message, sizeof f->message);
    case OP_PREPARE_PK: {
        snova_public_key *key = snova_public_key_prepare(f->inst, f->pk);
        snova_public_key_free(key);
        return key == NULL ? -1 : 0;
    }
    case OP_PREPARE_SK: {
        snova_secret_key *key = snova_secret_key_prepare(f->inst, f->sk);
        snova_secret_key_free(key);
        return key == NULL ? -1 : 0;
    }
    case OPS:
        break;
    }
    return -1;
}

static int compare_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* the value at fraction q of the sorted samples (nearest rank) */
static double quantile(const uint64_t *sorted, size_t n, double q) { return (double)sorted[(size_t)(q * (double)(n - 1) + 0.5)]; }

/* Calls op for at least the given seconds (at least 3 calls), each timed alone. */
static int measure(struct fixture *f, enum op op, double seconds, const struct cycle_counter *counter,
                   struct row *row) {
    uint64_t *ns = malloc(MAX_ITERATIONS * sizeof *ns), *cycles = malloc(MAX_ITERATIONS * sizeof *cycles);
    uint8_t *pk = malloc(snova_public_key_bytes(f->inst)), *sk = malloc(snova_secret_key_bytes(f->inst)),
            *sig = malloc(snova_signature_bytes(f->inst));
    int r = ns && cycles && pk && sk && sig ? EXIT_OK : report("out of memory");
    uint64_t total = 0, budget = (uint64_t)(seconds * 1e9);
    size_t n = 0;
    while (r == EXIT_OK && n < MAX_ITERATIONS && (n < 3 || total < budget)) {
        uint64_t c0 = counter->read ? counter->read(counter) : 0, t0 = clock_ns();
        int failed = run_op(f, op, pk, sk, sig, n + 1);
        uint64_t t1 = clock_ns(), c1 = counter->read ? counter->read(counter) : 0;
        if (failed)
            r = report("speed: %s %s failed", snova_instance_name(f->inst), op_names[op]);
        ns[n] = t1 - t0;
        cycles[n] = c1 - c0;
        total += ns[n++];
    }
    if (r == EXIT_OK) {
        qsort(ns, n, sizeof *ns, compare_u64);
        qsort(cycles, n, sizeof *cycles, compare_u64);
        row->iterations = n;
        row->ops_per_s = total ? (double)n * 1e9 / (double)total : 0;
        row->ns_median = quantile(ns, n, 0.5);
        row->ns_q1 = quantile(ns, n, 0.25);
        row->ns_q3 = quantile(ns, n, 0.75);
        row->cycles_median = counter->read ? quantile(cycles, n, 0.5) : -1;
    }
    free(ns);
    free(cycles);
    free(pk);
    free(sk);
    free(sig);
    return r;
}

static int find_op(const char *name, enum op *op) {
    for (int o = 0; o < OPS; o++)
        if (strcmp(name, op_names[o]) == 0) {
            *op = (enum op)o;
            return EXIT_OK;
        }
    return report("speed: unknown operation '%s' (" OP_LIST ")", name);
}

static int parse_seconds(const char *text, double *seconds) {
    char *end;
    double s = strtod(text, &end);
    if (end == text || *end != '\0' || !(s > 0 && s <= 3600))
        return report("speed: --seconds '%s': not a number of seconds in (0, 3600]", text);
    *seconds = s;
    return EXIT_OK;
}

/* the option's value, and the list it goes in not full */
static int take(int argc, char **argv, int *i, size_t count) {
    if (*i + 1 >= argc)
        return report("speed: %s needs a value", argv[*i]);
    if (count == MAX_LIST)
        return report("speed: more than %d %s", MAX_LIST, argv[*i]);
    ++*i;
    return EXIT_OK;
}

static int parse(int argc, char **argv, struct speed_args *a) {
    memset(a, 0, sizeof *a);
    a->seconds = 1;
    int r = EXIT_OK;
    for (int i = 0; r == EXIT_OK && i < argc; i++) {
        const char *opt = argv[i];
        if (strcmp(opt, "--json") == 0)
            a->json = 1;
        else if (strcmp(opt, "--set") == 0 && (r = take(argc, argv, &i, a->n_sets)) == EXIT_OK)
            r = find_instance(argv[i], &a->sets[a->n_sets++]);
        else if (strcmp(opt, "--op") == 0 && (r = take(argc, argv, &i, a->n_ops)) == EXIT_OK)
            r = find_op(argv[i], &a->ops[a->n_ops++]);
        else if (strcmp(opt, "--seconds") == 0 && (r = take(argc, argv, &i, 0)) == EXIT_OK)
            r = parse_seconds(argv[i], &a->seconds);
        else if (strcmp(opt, "--kernels") == 0 && (r = take(argc, argv, &i, a->n_kernels)) == EXIT_OK)
            a->kernels[a->n_kernels++] = argv[i];
        else if (r == EXIT_OK)
            r = report("speed: unknown option '%s' (snova speed --help)", opt);
    }
    return r;
}

/* the defaults: the recommended set of each level, every operation, the table in use */
static void complete(struct speed_args *a, const char *in_use) {
    const int default_sets = a->n_sets == 0;
    for (int id = 0; default_sets && id < SNOVA_INSTANCE_COUNT; id++)
        if (instance_recommended(snova_instance_by_id((snova_id)id)))
            a->sets[a->n_sets++] = snova_instance_by_id((snova_id)id);
    for (int o = 0; a->n_ops == 0 && o < OPS; o++)
        a->ops[o] = (enum op)o;
    if (a->n_ops == 0)
        a->n_ops = OPS;
    if (a->n_kernels == 0)
        a->kernels[a->n_kernels++] = in_use;
}

/* every --kernels name one the library takes here; the table in use again after */
static int check_kernels(const struct speed_args *a, const char *in_use) {
    int r = EXIT_OK;
    for (size_t k = 0; r == EXIT_OK && k < a->n_kernels; k++)
        if (snova_kernels_select(a->kernels[k]) != 0)
            r = report("speed: --kernels '%s': no such kernel table, or one this CPU cannot run (portable, "
                       "or a core class of a NEON build: little, slow_tbl, wide, default)",
                       a->kernels[k]);
    snova_kernels_select(in_use);
    return r;
}

static void print_number(FILE *out, double v) {
    if (v < 0)
        fputs("null", out);
    else
        fprintf(out, "%.6g", v);
}

static void print_json(const struct speed_cpu *cpu, const struct cycle_counter *counter, const struct row *rows,
                       size_t n) {
    printf("{\"cpu\": {");
    speed_cpu_json(cpu, stdout);
    printf("}, \"library\": \"%s\", \"timer\": ", SNOVA_VERSION_STRING);
    printf(counter->name ? "\"%s\"" : "null", counter->name);
    printf(", \"timer_note\": ");
    printf(counter->note ? "\"%s\"" : "null", counter->note);
    printf(", \"results\": [");
    for (size_t i = 0; i < n; i++) {
        printf("%s{\"set\": \"%s\", \"op\": \"%s\", \"kernels\": \"%s\", \"iterations\": %zu, \"ops_per_s\": ",
               i ? ", " : "", rows[i].set, rows[i].op, rows[i].kernels, rows[i].iterations);
        print_number(stdout, rows[i].ops_per_s);
        const double *v[] = {&rows[i].ns_median, &rows[i].ns_q1, &rows[i].ns_q3, &rows[i].cycles_median};
        const char *const names[] = {"ns_median", "ns_q1", "ns_q3", "cycles_median"};
        for (size_t k = 0; k < 4; k++) {
            printf(", \"%s\": ", names[k]);
            print_number(stdout, *v[k]);
        }
        putchar('}');
    }
    printf("]}\n");
}

static void print_header(const struct speed_cpu *cpu, const struct cycle_counter *counter) {
    printf("libsnova %s\n", SNOVA_VERSION_STRING);
    speed_cpu_text(cpu, stdout);
    printf("timer: %s%s%s%s\n", counter->name ? counter->name : "none (no cycle counter readable)",
           counter->note ? " (" : "", counter->note ? counter->note : "", counter->note ? ")" : "");
    printf("%-22s %-16s %-10s %10s %12s %12s %12s %12s %12s%s\n", "set", "op", "kernels", "iterations", "ops/s",
           "median ns", "q1 ns", "q3 ns", "cycles", "");
}

static void print_row(const struct row *row, const struct row *first) {
    printf("%-22s %-16s %-10s %10zu %12.1f %12.0f %12.0f %12.0f ", row->set, row->op, row->kernels,
           row->iterations, row->ops_per_s, row->ns_median, row->ns_q1, row->ns_q3);
    if (row->cycles_median < 0)
        printf("%12s", "-");
    else
        printf("%12.0f", row->cycles_median);
    if (first != NULL)
        printf("  x%.2f vs %s", row->ops_per_s / first->ops_per_s, first->kernels);
    putchar('\n');
}

int cmd_speed(int argc, char **argv) {
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return fputs(help_text("speed"), stdout), EXIT_OK;
    struct speed_args a;
    const char *in_use = snova_kernels_name();
    int r = parse(argc, argv, &a);
    if (r == EXIT_OK)
        r = check_kernels(&a, in_use);
    if (r != EXIT_OK)
        return r;
    complete(&a, in_use);
    struct speed_cpu cpu;
    speed_cpu_read(&cpu, in_use);
    struct cycle_counter counter;
    cycle_counter_open(&counter);
    size_t n_rows = a.n_sets * a.n_ops * a.n_kernels, n = 0;
    struct row *rows = calloc(n_rows, sizeof *rows);
    if (rows == NULL)
        r = report("out of memory");
    if (r == EXIT_OK && !a.json)
        print_header(&cpu, &counter);
    for (size_t s = 0; r == EXIT_OK && s < a.n_sets; s++) {
        struct fixture f;
        r = fixture_make(&f, a.sets[s]);
        for (size_t o = 0; r == EXIT_OK && o < a.n_ops; o++)
            for (size_t k = 0; r == EXIT_OK && k < a.n_kernels; k++) {
                struct row *row = &rows[n];
                row->set = snova_instance_name(a.sets[s]);
                row->op = op_names[a.ops[o]];
                row->kernels = a.kernels[k];
                snova_kernels_select(a.kernels[k]);
                r = measure(&f, a.ops[o], a.seconds, &counter, row);
                if (r == EXIT_OK && !a.json)
                    print_row(row, a.n_kernels > 1 && k > 0 ? row - k : NULL);
                n++;
            }
        if (f.inst != NULL)
            fixture_free(&f);
    }
    snova_kernels_select(in_use);
    if (r == EXIT_OK && a.json)
        print_json(&cpu, &counter, rows, n);
    cycle_counter_close(&counter);
    free(rows);
    return r;
}
