#include "options.h"

#include <stddef.h>
#include <string.h>

#include "report.h"

enum { FLAG = -1 }; /* an option without a value */

static const struct {
    const char *name;
    unsigned bit;
    ptrdiff_t value; /* offset of its value in struct options, or FLAG */
} table[] = {
    {"--set", OPT_SET, offsetof(struct options, set)},
    {"--pk", OPT_PK, offsetof(struct options, pk)},
    {"--sk", OPT_SK, offsetof(struct options, sk)},
    {"--in", OPT_IN, offsetof(struct options, in)},
    {"--out", OPT_OUT, offsetof(struct options, out)},
    {"--sig", OPT_SIG, offsetof(struct options, sig)},
    {"--force", OPT_FORCE, FLAG},
    {"--allow-insecure", OPT_INSECURE, FLAG},
    {"--public", OPT_PUBLIC, FLAG},
    {"--secret", OPT_SECRET, FLAG},
    {"--help", OPT_HELP, FLAG},
    {"-h", OPT_HELP, FLAG},
};
enum { OPTIONS = sizeof(table) / sizeof(table[0]) };

/* the table entry of the option named arg, or OPTIONS */
static size_t lookup(const char *arg) {
    size_t t = 0;
    while (t < OPTIONS && strcmp(arg, table[t].name) != 0)
        t++;
    return t;
}

int parse_options(int argc, char **argv, unsigned allowed, unsigned repeatable, struct options *o) {
    memset(o, 0, sizeof(*o));
    o->argc = argc;
    o->argv = argv;
    for (int i = 0; i < argc; i++) {
        size_t t = lookup(argv[i]);
        if (t == OPTIONS || !(allowed & table[t].bit))
            return report("unknown option '%s' (snova --help)", argv[i]);
        const int again = (o->flags & table[t].bit) != 0;
        if (again && !(repeatable & table[t].bit))
            return report("option %s given twice", argv[i]);
        o->flags |= table[t].bit;
        if (table[t].value == FLAG)
            continue;
        if (i + 1 == argc)
            return report("option %s needs a value", argv[i]);
        i++;
        if (!again)
            *(const char **)(void *)((char *)o + table[t].value) = argv[i];
    }
    return EXIT_OK;
}

const char *option_nth(const struct options *o, unsigned bit, int n) {
    for (int i = 0; i < o->argc; i++) {
        size_t t = lookup(o->argv[i]);
        if (t < OPTIONS && table[t].value != FLAG)
            i++; /* parse_options saw its value */
        if (t < OPTIONS && table[t].bit == bit && n-- == 0)
            return o->argv[i];
    }
    return NULL;
}

int option_count(const struct options *o, unsigned bit) {
    int n = 0;
    while (option_nth(o, bit, n) != NULL)
        n++;
    return n;
}
