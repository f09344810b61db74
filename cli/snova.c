/* snova: list the instances of libsnova, make key pairs, sign and verify files
 * (docs/libsnova.md, snova --help). Exit status 0 done or valid, 1 invalid
 * signature, 2 usage, input or I/O error, each error a single line on standard
 * error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "help.h"
#include "infile.h"
#include "instances.h"
#include "keyfile.h"
#include "options.h"
#include "outputs.h"
#include "rawkeys.h"
#include "report.h"
#include "speed.h"
#include "sigfile.h"
#include "snova.h"
#include "stdfds.h"

static int require(const char *value, const char *flag) {
    return value != NULL ? EXIT_OK : report("missing %s (snova --help)", flag);
}

static int is_stdin(const char *path) { return path == NULL || strcmp(path, "-") == 0; }

/* --set, where given, must name the key's instance */
static int check_set(const struct options *o, const snova_instance *inst, const char *path) {
    const snova_instance *named;
    if (o->set == NULL)
        return EXIT_OK;
    int r = find_instance(o->set, &named);
    if (r != EXIT_OK || named == inst)
        return r;
    return report("%s is a key of %s, not of %s", path, snova_instance_name(inst), snova_instance_name(named));
}

static int cmd_list(const struct options *o) {
    (void)o;
    printf("%-28s %5s %-24s %8s %8s %6s  %s\n", "instance", "round", "name", "pk", "sk", "sig", "status");
    for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++) {
        const snova_instance *inst = snova_instance_by_id((snova_id)id);
        char level[8];
        instance_level(inst, level);
        printf("%-28s %5d %-24s %8zu %8zu %6zu  %s", snova_instance_name(inst), snova_instance_round(inst),
               snova_instance_algname(inst), snova_public_key_bytes(inst), snova_secret_key_bytes(inst),
               snova_signature_bytes(inst), snova_status_name(snova_instance_status(inst)));
        printf(instance_recommended(inst) ? "  recommended (level %s)\n" : "\n", level);
    }
    return EXIT_OK;
}

/* A key of a broken or withdrawn set only on request, with the reason. */
static int check_secure(const struct options *o, const snova_instance *inst) {
    static const char *const reason[] = {
        [SNOVA_STATUS_WITHDRAWN] = "its authors withdrew it after an attack",
        [SNOVA_STATUS_BROKEN] = "the wedge-product attack breaks it",
    };
    snova_status status = snova_instance_status(inst);
    if (status == SNOVA_STATUS_STANDS || (o->flags & OPT_INSECURE))
        return EXIT_OK;
    return report("%s is %s (%s): no key made without --allow-insecure", snova_instance_name(inst),
                  snova_status_name(status), reason[status]);
}

/* Both key files, or neither: whatever fails, the names hold the old pair or
 * the new one (outputs.h), never a secret key without its public key. */
static int write_key_pair(const struct options *o, const snova_instance *inst, const uint8_t *pk,
                          const uint8_t *sk) {
    struct outputs g;
    outputs_init(&g, (o->flags & OPT_FORCE) != 0, NULL);
    int r = outputs_add(&g, "--pk", o->pk, 0644);
    if (r == EXIT_OK)
        r = outputs_add(&g, "--sk", o->sk, 0600);
    if (r == EXIT_OK)
        r = key_write(&g.file[0], KEY_PUBLIC, inst, pk);
    if (r == EXIT_OK)
        r = key_write(&g.file[1], KEY_SECRET, inst, sk);
    if (r == EXIT_OK)
        r = outputs_commit(&g);
    outputs_close(&g);
    return r;
}

static int cmd_keygen(const struct options *o) {
    const snova_instance *inst = NULL;
    int r = require(o->set, "--set");
    if (r == EXIT_OK)
        r = require(o->pk, "--pk");
    if (r == EXIT_OK)
        r = require(o->sk, "--sk");
    if (r == EXIT_OK)
        r = find_instance(o->set, &inst);
    if (r == EXIT_OK)
        r = check_secure(o, inst);
    if (r == EXIT_OK && (strcmp(o->pk, o->sk) == 0 || strcmp(o->pk, "-") == 0 || strcmp(o->sk, "-") == 0))
        r = report("--pk and --sk must be two files");
    if (r != EXIT_OK)
        return r;
    uint8_t *pk = malloc(snova_public_key_bytes(inst));
    struct key sk = {inst, malloc(snova_secret_key_bytes(inst)), snova_secret_key_bytes(inst)};
    r = pk != NULL && sk.bytes != NULL ? EXIT_OK : report("out of memory");
    if (r == EXIT_OK && snova_keypair(inst, pk, sk.bytes) != 0)
        r = report("key generation failed (no randomness from the system)");
    if (r == EXIT_OK)
        r = write_key_pair(o, inst, pk, sk.bytes);
    key_free(&sk);
    free(pk);
    return r;
}

/* Feeds the message (a file, or standard input) to the hasher a block at a time. */
static int hash_message(snova_hasher *h, const char *path, struct inputs *inputs) {
    static unsigned char block[1 << 16];
    struct infile f;
    int r = infile_open(&f, path != NULL ? path : "-", inputs);
    size_t got = sizeof(block);
    snova_hasher_init(h);
    while (r == EXIT_OK && got == sizeof(block)) {
        r = infile_read(&f, block, sizeof(block), &got);
        if (r == EXIT_OK)
            snova_hasher_update(h, block, got);
    }
    infile_close(&f);
    return r;
}

/* At most one input from standard input (path NULL or "-"). */
static int one_stdin(const char *a, const char *b, const char *c) {
    if (is_stdin(a) + is_stdin(b) + is_stdin(c) <= 1)
        return EXIT_OK;
    return report("only one input can come from standard input");
}

/* A signing call's status: EXIT_OK, or EXIT_FAIL with the reason. */
static int signing_status(int status) {
    if (status == 0)
        return EXIT_OK;
    if (status == SNOVA_ERR_KEY_CANNOT_SIGN)
        return report("this secret key cannot sign (every attempt's system was singular): a damaged key?");
    return report("signing failed (no randomness from the system, or out of memory)");
}

/* The n signatures of sigs (siglen bytes each), the k-th to the k-th --out or,
 * for one signature without --out, to standard output: every output opened
 * before any is written, the files committed together, standard output
 * written last, and the files' commit undone if that fails. */
static int write_signatures(const struct options *o, const uint8_t *sigs, size_t siglen, int n,
                            const struct inputs *inputs) {
    struct outputs g;
    outputs_init(&g, (o->flags & OPT_FORCE) != 0, inputs);
    int r = EXIT_OK;
    for (int k = 0; k < n && r == EXIT_OK; k++) {
        const char *path = option_nth(o, OPT_OUT, k);
        r = outputs_add(&g, "--out", path != NULL ? path : "-", 0644);
    }
    for (int k = 0; k < n && r == EXIT_OK; k++)
        if (!outfile_is_stdout(&g.file[k]))
            r = outfile_write(&g.file[k], sigs + (size_t)k * siglen, siglen);
    if (r == EXIT_OK)
        r = outputs_commit(&g);
    for (int k = 0; k < n && r == EXIT_OK; k++)
        if (outfile_is_stdout(&g.file[k]))
            r = outfile_write(&g.file[k], sigs + (size_t)k * siglen, siglen);
    if (r != EXIT_OK)
        outputs_undo(&g); /* nothing was moved if the commit failed */
    outputs_close(&g);
    return r;
}

/* Several messages under one key: the k-th of the repeated options a and b
 * pair up; as many of each, at most MESSAGES_MAX, and at most one input from
 * standard input (key among them) */
static int check_pairs(const struct options *o, unsigned a, const char *a_name, unsigned b, const char *b_name,
                       const char *key) {
    const int n = option_count(o, a);
    if (n != option_count(o, b))
        return report("give each %s with its %s (%d %s, %d %s)", a_name, b_name, n, a_name, option_count(o, b),
                      b_name);
    if (n > MESSAGES_MAX)
        return report("at most %d messages at once", MESSAGES_MAX);
    int from_stdin = is_stdin(key);
    for (int k = 0; k < n; k++)
        from_stdin += (a != OPT_OUT && is_stdin(option_nth(o, a, k))) + (b != OPT_OUT && is_stdin(option_nth(o, b, k)));
    return from_stdin <= 1 ? EXIT_OK : report("only one input can come from standard input");
}

/* snova sign of several inputs: the key prepared once, every signature made
 * before any output is opened (write_signatures) */
static int sign_many(const struct options *o, struct key *sk, struct inputs *inputs) {
    const int n = option_count(o, OPT_IN);
    const size_t siglen = snova_signature_bytes(sk->inst);
    snova_secret_key *key = snova_secret_key_prepare(sk->inst, sk->bytes);
    uint8_t *sigs = malloc((size_t)n * siglen);
    int r = key != NULL && sigs != NULL ? EXIT_OK : report("out of memory");
    for (int k = 0; k < n && r == EXIT_OK; k++) {
        snova_hasher h;
        size_t len = siglen;
        r = hash_message(&h, option_nth(o, OPT_IN, k), inputs);
        if (r == EXIT_OK)
            r = signing_status(snova_sign_hashed_prepared(key, sigs + (size_t)k * siglen, &len, &h));
    }
    snova_secret_key_free(key);
    if (r == EXIT_OK)
        r = write_signatures(o, sigs, siglen, n, inputs);
    free(sigs);
    return r;
}

/* snova verify of several signatures under one key, prepared once: a line per
 * pair, "valid: SIG" on standard output or "invalid signature: SIG" on standard
 * error; EXIT_INVALID if any is invalid, EXIT_FAIL at the first input error */
static int verify_many(const struct options *o, const struct key *pk) {
    const int n = option_count(o, OPT_SIG);
    snova_public_key *key = snova_public_key_prepare(pk->inst, pk->bytes);
    uint8_t *sig = malloc(snova_signature_bytes(pk->inst));
    int r = sig != NULL ? EXIT_OK : report("out of memory");
    if (r == EXIT_OK && key == NULL)
        r = report("%s: a malformed public key (or out of memory)", o->pk);
    int invalid = 0;
    for (int k = 0; k < n && r == EXIT_OK; k++) {
        struct inputs inputs = {0}; /* verification writes nothing: no output to keep from them */
        const char *path = option_nth(o, OPT_SIG, k);
        snova_hasher h;
        r = sig_read(path, pk->inst, sig, &inputs);
        if (r == EXIT_OK)
            r = hash_message(&h, option_nth(o, OPT_IN, k), &inputs);
        if (r != EXIT_OK)
            break;
        if (snova_verify_hashed_prepared(key, sig, snova_signature_bytes(pk->inst), &h) == 0) {
            char *shown = malloc(4 * strlen(path) + 1);
            if (shown == NULL) {
                r = report("out of memory");
                break;
            }
            escape(shown, path, strlen(path));
            printf("valid: %s\n", shown);
            free(shown);
        } else {
            report("invalid signature: %s", path);
            invalid = 1;
        }
    }
    snova_public_key_free(key);
    free(sig);
    return r != EXIT_OK ? r : invalid ? EXIT_INVALID : EXIT_OK;
}

static int cmd_sign(const struct options *o) {
    struct key sk = {0};
    struct inputs inputs = {0};
    const int many = option_count(o, OPT_IN) > 1 || option_count(o, OPT_OUT) > 1;
    int r = require(o->sk, "--sk");
    if (r == EXIT_OK)
        r = many ? check_pairs(o, OPT_IN, "--in", OPT_OUT, "--out", o->sk) : one_stdin(o->sk, o->in, "");
    if (r == EXIT_OK && o->out == NULL && isatty(STDOUT_FILENO))
        r = report("standard output is a terminal: give --out FILE (or --out - to write the signature there)");
    if (r == EXIT_OK)
        r = key_read(&sk, KEY_SECRET, o->sk, &inputs);
    if (r != EXIT_OK)
        return r;
    r = check_set(o, sk.inst, o->sk);
    if (many) {
        if (r == EXIT_OK)
            r = sign_many(o, &sk, &inputs);
        key_free(&sk);
        return r;
    }
    snova_hasher h;
    if (r == EXIT_OK)
        r = hash_message(&h, o->in, &inputs);
    size_t siglen = snova_signature_bytes(sk.inst);
    uint8_t *sig = malloc(siglen);
    if (r == EXIT_OK && sig == NULL)
        r = report("out of memory");
    if (r == EXIT_OK)
        r = signing_status(snova_sign_hashed(sk.inst, sig, &siglen, &h, sk.bytes));
    key_free(&sk);
    if (r == EXIT_OK)
        r = write_signatures(o, sig, siglen, 1, &inputs);
    free(sig);
    return r;
}

static int cmd_verify(const struct options *o) {
    struct key pk = {0};
    struct inputs inputs = {0};
    const int many = option_count(o, OPT_SIG) > 1 || option_count(o, OPT_IN) > 1;
    int r = require(o->pk, "--pk");
    if (r == EXIT_OK)
        r = require(o->sig, "--sig");
    if (r == EXIT_OK)
        r = many ? check_pairs(o, OPT_SIG, "--sig", OPT_IN, "--in", o->pk) : one_stdin(o->pk, o->sig, o->in);
    if (r == EXIT_OK)
        r = key_read(&pk, KEY_PUBLIC, o->pk, &inputs);
    if (r != EXIT_OK)
        return r;
    if (many) {
        r = check_set(o, pk.inst, o->pk);
        if (r == EXIT_OK)
            r = verify_many(o, &pk);
        key_free(&pk);
        return r;
    }
    uint8_t *sig = malloc(snova_signature_bytes(pk.inst));
    r = check_set(o, pk.inst, o->pk);
    if (r == EXIT_OK && sig == NULL)
        r = report("out of memory");
    if (r == EXIT_OK)
        r = sig_read(o->sig, pk.inst, sig, &inputs);
    snova_hasher h;
    if (r == EXIT_OK)
        r = hash_message(&h, o->in, &inputs);
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

static const struct {
    const char *name;
    unsigned options, repeatable;
    int (*run)(const struct options *o);
} commands[] = {
    {"list", 0, 0, cmd_list},
    {"keygen", OPT_SET | OPT_PK | OPT_SK | OPT_FORCE | OPT_INSECURE, 0, cmd_keygen},
    {"sign", OPT_SET | OPT_SK | OPT_IN | OPT_OUT | OPT_FORCE, OPT_IN | OPT_OUT, cmd_sign},
    {"verify", OPT_SET | OPT_PK | OPT_SIG | OPT_IN, OPT_SIG | OPT_IN, cmd_verify},
    {"export", OPT_IN | OPT_OUT | OPT_FORCE, 0, cmd_export},
    {"import", OPT_SET | OPT_PUBLIC | OPT_SECRET | OPT_IN | OPT_OUT | OPT_FORCE, 0, cmd_import},
};

/* text on standard output (write errors: finish_stdout) */
static int print(const char *text) {
    fputs(text, stdout);
    return EXIT_OK;
}

static int run(int argc, char **argv) {
    const char *cmd = argc > 1 ? argv[1] : "";
    if (argc < 2)
        return report("no command (snova --help)");
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0)
        return print(help_text(NULL));
    if (strcmp(cmd, "--version") == 0)
        return print("snova " SNOVA_VERSION_STRING "\n");
    if (strcmp(cmd, "speed") == 0)
        return cmd_speed(argc - 2, argv + 2);
    size_t c = 0;
    while (c < sizeof(commands) / sizeof(commands[0]) && strcmp(cmd, commands[c].name) != 0)
        c++;
    if (c == sizeof(commands) / sizeof(commands[0]))
        return report("unknown command '%s' (snova --help)", cmd);
    struct options o;
    int r = parse_options(argc - 2, argv + 2, commands[c].options | OPT_HELP, commands[c].repeatable, &o);
    if (r != EXIT_OK)
        return r;
    if (o.flags & OPT_HELP)
        return print(help_text(cmd));
    return commands[c].run(&o);
}

int main(int argc, char **argv) {
    int r = stdfds_reserve();
    return finish_stdout(r == EXIT_OK ? run(argc, argv) : r);
}
