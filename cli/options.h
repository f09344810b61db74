/* The snova command's options: "--name VALUE" or a flag, each at most once. */
#ifndef SNOVA_CLI_OPTIONS_H
#define SNOVA_CLI_OPTIONS_H

struct options {
    const char *set, *pk, *sk, *in, *out, *sig; /* NULL where not given */
    unsigned flags;                             /* the OPT_ bits of the options given */
};

enum {
    OPT_SET = 1 << 0,
    OPT_PK = 1 << 1,
    OPT_SK = 1 << 2,
    OPT_IN = 1 << 3,
    OPT_OUT = 1 << 4,
    OPT_SIG = 1 << 5,
    OPT_FORCE = 1 << 6,    /* --force */
    OPT_INSECURE = 1 << 7, /* --allow-insecure */
    OPT_HELP = 1 << 8      /* -h, --help */
};

/* Fills o from argv[0..argc), the options of one command; allowed: the OPT_ bits
 * it takes. EXIT_OK or EXIT_FAIL (reported). */
int parse_options(int argc, char **argv, unsigned allowed, struct options *o);

#endif
