/* snova: list the instances of libsnova, make key pairs, sign and verify files
 * (docs/libsnova.md). Exit status 0 done or valid, 1 invalid signature, 2 usage,
 * input or I/O error, each error a single line on standard error. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "keyfile.h"
#include "outfile.h"
#include "report.h"
#include "snova.h"

static const char usage[] =
    "usage: snova list\n"
    "       snova keygen --set NAME --pk FILE --sk FILE\n"
    "       snova sign --sk FILE [--set NAME] [--in FILE] [--out FILE]\n"
    "       snova verify --pk FILE --sig FILE [--set NAME] [--in FILE]\n"
    "FILE - (or no --in/--out) is standard input/output; exit status 0 done or valid,\n"
    "1 invalid signature, 2 usage or I/O error\n";

/* the options of all commands; each command allows some of them */
struct options {
    const char *set, *pk, *sk, *in, *out, *sig;
};
enum { OPT_SET = 1, OPT_PK = 2, OPT_SK = 4, OPT_IN = 8, OPT_OUT = 16, OPT_SIG = 32 };

static int parse_options(int argc, char **argv, unsigned allowed, struct options *o) {
    static const struct {
        const char *flag;
        unsigned bit;
        size_t offset;
    } table[] = {
        {"--set", OPT_SET, offsetof(struct options, set)}, {"--pk", OPT_PK, offsetof(struct options, pk)},
        {"--sk", OPT_SK, offsetof(struct options, sk)},    {"--in", OPT_IN, offsetof(struct options, in)},
        {"--out", OPT_OUT, offsetof(struct options, out)}, {"--sig", OPT_SIG, offsetof(struct options, sig)},
    };
    memset(o, 0, sizeof(*o));
    for (int i = 0; i < argc; i += 2) {
        size_t t = 0;
        while (t < sizeof(table) / sizeof(table[0]) && strcmp(argv[i], table[t].flag) != 0)
            t++;
        if (t == sizeof(table) / sizeof(table[0]) || !(allowed & table[t].bit))
            return report("unknown option '%s' (snova --help)", argv[i]);
        if (i + 1 == argc)
            return report("option %s needs a value", argv[i]);
        const char **slot = (const char **)(void *)((char *)o + table[t].offset);
        if (*slot != NULL)
            return report("option %s given twice", argv[i]);
        *slot = argv[i + 1];
    }
    return EXIT_OK;
}

static int require(const char *value, const char *flag) {
    return value != NULL ? EXIT_OK : report("missing %s (snova --help)", flag);
}

/* --set, where given, must name the key's instance */
static int check_set(const struct options *o, const snova_instance *inst, const char *path) {
    if (o->set == NULL || strcmp(o->set, snova_instance_name(inst)) == 0)
        return EXIT_OK;
    if (snova_instance_by_name(o->set) == NULL)
        return report("unknown instance '%s' (snova list)", o->set);
    return report("%s is a key of %s, not of %s", path, snova_instance_name(inst), o->set);
}

static int cmd_list(void) {
    printf("%-28s %5s %-24s %8s %8s %6s  %s\n", "instance", "round", "name", "pk", "sk", "sig", "status");
    for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++) {
        const snova_instance *inst = snova_instance_by_id((snova_id)id);
        printf("%-28s %5d %-24s %8zu %8zu %6zu  %s\n", snova_instance_name(inst), snova_instance_round(inst),
               snova_instance_algname(inst), snova_public_key_bytes(inst), snova_secret_key_bytes(inst),
               snova_signature_bytes(inst), snova_status_name(snova_instance_status(inst)));
    }
    return fflush(stdout) == 0 ? EXIT_OK : report("cannot write standard output: %s", strerror(errno));
}

static int cmd_keygen(const struct options *o) {
    int r = require(o->set, "--set");
    if (r == EXIT_OK)
        r = require(o->pk, "--pk");
    if (r == EXIT_OK)
        r = require(o->sk, "--sk");
    if (r != EXIT_OK)
        return r;
    const snova_instance *inst = snova_instance_by_name(o->set);
    if (inst == NULL)
        return report("unknown instance '%s' (snova list)", o->set);
    if (strcmp(o->pk, o->sk) == 0 || strcmp(o->pk, "-") == 0 || strcmp(o->sk, "-") == 0)
        return report("--pk and --sk must be two files");
    uint8_t *pk = malloc(snova_public_key_bytes(inst));
    struct key sk = {inst, malloc(snova_secret_key_bytes(inst)), snova_secret_key_bytes(inst)};
    struct outfile pkf = {0}, skf = {0};
    r = pk != NULL && sk.bytes != NULL ? EXIT_OK : report("out of memory");
    if (r == EXIT_OK && snova_keypair(inst, pk, sk.bytes) != 0)
        r = report("key generation failed (no randomness from the system)");
    if (r == EXIT_OK)
        r = outfile_open(&skf, o->sk, 0600, 1);
    if (r == EXIT_OK)
        r = outfile_open(&pkf, o->pk, 0644, 1);
    if (r == EXIT_OK)
        r = key_write(&skf, KEY_SECRET, inst, sk.bytes);
    if (r == EXIT_OK)
        r = key_write(&pkf, KEY_PUBLIC, inst, pk);
    if (r == EXIT_OK)
        r = outfile_commit(&skf);
    if (r == EXIT_OK && (r = outfile_commit(&pkf)) != EXIT_OK)
        unlink(o->sk); /* no secret key without its public key */
    outfile_discard(&skf);
    outfile_discard(&pkf);
    key_free(&sk);
    free(pk);
    return r;
}

/* Feeds the message (a file, or standard input) to the hasher a block at a time. */
static int hash_message(snova_hasher *h, const char *path) {
    static unsigned char block[1 << 16];
    int fd = path == NULL || strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY);
    const char *shown = fd == STDIN_FILENO ? "standard input" : path;
    if (fd < 0)
        return report("cannot open %s: %s", path, strerror(errno));
    snova_hasher_init(h);
    for (;;) {
        ssize_t n = read(fd, block, sizeof(block));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            if (fd != STDIN_FILENO)
                close(fd);
            return report("cannot read %s: %s", shown, strerror(e));
        }
        if (n == 0)
            break;
        snova_hasher_update(h, block, (size_t)n);
    }
    if (fd != STDIN_FILENO)
        close(fd);
    return EXIT_OK;
}

static int cmd_sign(const struct options *o) {
    struct key sk;
    int r = require(o->sk, "--sk");
    if (r == EXIT_OK)
        r = key_read(&sk, KEY_SECRET, o->sk);
    if (r != EXIT_OK)
        return r;
    r = check_set(o, sk.inst, o->sk);
    snova_hasher h;
    if (r == EXIT_OK)
        r = hash_message(&h, o->in);
    size_t siglen = snova_signature_bytes(sk.inst);
    uint8_t *sig = malloc(siglen);
    if (r == EXIT_OK && sig == NULL)
        r = report("out of memory");
    if (r == EXIT_OK && snova_sign_hashed(sk.inst, sig, &siglen, &h, sk.bytes) != 0)
        r = report("signing failed (no randomness from the system)");
    key_free(&sk);
    struct outfile out = {0};
    if (r == EXIT_OK)
        r = outfile_open(&out, o->out != NULL ? o->out : "-", 0644, 0);
    if (r == EXIT_OK)
        r = outfile_write(&out, sig, siglen);
    if (r == EXIT_OK)
        r = outfile_commit(&out);
    outfile_discard(&out);
    free(sig);
    return r;
}

/* The signature file, which must hold exactly one signature of the instance. */
static int read_signature(const char *path, const snova_instance *inst, uint8_t *sig) {
    size_t want = snova_signature_bytes(inst), got = 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return report("cannot open %s: %s", path, strerror(errno));
    uint8_t extra;
    for (;;) {
        /* one byte past the signature shows an overlong file */
        ssize_t n = got < want ? read(fd, sig + got, want - got) : read(fd, &extra, 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            close(fd);
            return report("cannot read %s: %s", path, strerror(e));
        }
        if (n == 0)
            break;
        got += (size_t)n;
    }
    close(fd);
    if (got != want)
        return report("%s: a %s signature has %zu bytes, the file holds %s%zu", path, snova_instance_name(inst),
                      want, got > want ? "more than " : "", got > want ? want : got);
    return EXIT_OK;
}

static int cmd_verify(const struct options *o) {
    struct key pk;
    int r = require(o->pk, "--pk");
    if (r == EXIT_OK)
        r = require(o->sig, "--sig");
    if (r == EXIT_OK && strcmp(o->sig, "-") == 0 && (o->in == NULL || strcmp(o->in, "-") == 0))
        r = report("the signature and the message cannot both come from standard input");
    if (r == EXIT_OK)
        r = key_read(&pk, KEY_PUBLIC, o->pk);
    if (r != EXIT_OK)
        return r;
    uint8_t *sig = malloc(snova_signature_bytes(pk.inst));
    r = check_set(o, pk.inst, o->pk);
    if (r == EXIT_OK && sig == NULL)
        r = report("out of memory");
    if (r == EXIT_OK)
        r = read_signature(strcmp(o->sig, "-") == 0 ? "/dev/stdin" : o->sig, pk.inst, sig);
    snova_hasher h;
    if (r == EXIT_OK)
        r = hash_message(&h, o->in);
    if (r == EXIT_OK) {
        if (snova_verify_hashed(pk.inst, sig, snova_signature_bytes(pk.inst), &h, pk.bytes) == 0) {
            puts("valid");
        } else {
            fprintf(stderr, "snova: invalid signature\n");
            r = EXIT_INVALID;
        }
    }
    free(sig);
    key_free(&pk);
    return r;
}

int main(int argc, char **argv) {
    struct options o;
    const char *cmd = argc > 1 ? argv[1] : "";
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage, stdout);
        return EXIT_OK;
    }
    static const struct {
        const char *name;
        unsigned options;
    } commands[] = {
        {"list", 0},
        {"keygen", OPT_SET | OPT_PK | OPT_SK},
        {"sign", OPT_SET | OPT_SK | OPT_IN | OPT_OUT},
        {"verify", OPT_SET | OPT_PK | OPT_SIG | OPT_IN},
    };
    size_t c = 0;
    while (c < sizeof(commands) / sizeof(commands[0]) && strcmp(cmd, commands[c].name) != 0)
        c++;
    if (argc < 2)
        return report("no command (snova --help)");
    if (c == sizeof(commands) / sizeof(commands[0]))
        return report("unknown command '%s' (snova --help)", cmd);
    int r = parse_options(argc - 2, argv + 2, commands[c].options, &o);
    if (r != EXIT_OK)
        return r;
    switch (c) {
    case 0:
        return cmd_list();
    case 1:
        return cmd_keygen(&o);
    case 2:
        return cmd_sign(&o);
    default:
        return cmd_verify(&o);
    }
}
