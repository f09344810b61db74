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
    {"--help", OPT_HELP, FLAG},
    {"-h", OPT_HELP, FLAG},
};
enum { OPTIONS = sizeof(table) / sizeof(table[0]) };

int parse_options(int argc, char **argv, unsigned allowed, struct options *o) {
    memset(o, 0, sizeof(*o));
    for (int i = 0; i < argc; i++) {
        size_t t = 0;
        while (t < OPTIONS && strcmp(argv[i], table[t].name) != 0)
            t++;
        if (t == OPTIONS || !(allowed & table[t].bit))
            return report("unknown option '%s' (snova --help)", argv[i]);
        if (o->flags & table[t].bit)
            return report("option %s given twice", argv[i]);
        o->flags |= table[t].bit;
        if (table[t].value == FLAG)
            continue;
        if (i + 1 == argc)
            return report("option %s needs a value", argv[i]);
        *(const char **)(void *)((char *)o + table[t].value) = argv[++i];
    }
    return EXIT_OK;
}
