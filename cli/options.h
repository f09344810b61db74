/* The snova command's options: "--name VALUE" or a flag, each at most once but
 * for those a command takes several times (sign: --in and --out; verify: --sig
 * and --in: several messages under one key). */
#ifndef SNOVA_CLI_OPTIONS_H
#define SNOVA_CLI_OPTIONS_H

struct options {
    const char *set, *pk, *sk, *in, *out, *sig; /* NULL where not given; the first where repeated */
    unsigned flags;                             /* the OPT_ bits of the options given */
    int argc;                                   /* the command's options, for option_nth */
    char **argv;
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
    OPT_HELP = 1 << 8,     /* -h, --help */
    OPT_PUBLIC = 1 << 9,   /* --public (import) */
    OPT_SECRET = 1 << 10   /* --secret (import) */
};

/* Fills o from argv[0..argc), the options of one command; allowed: the OPT_ bits
 * it takes, repeatable: those of them it takes several times. EXIT_OK or
 * EXIT_FAIL (reported). */
int parse_options(int argc, char **argv, unsigned allowed, unsigned repeatable, struct options *o);

/* The value of the n-th (from 0) option `bit` given, or NULL if fewer were */
const char *option_nth(const struct options *o, unsigned bit, int n);

/* How many times option `bit` was given */
int option_count(const struct options *o, unsigned bit);

#endif
