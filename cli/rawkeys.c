#include "rawkeys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "infile.h"
#include "instances.h"
#include "keyfile.h"
#include "outputs.h"
#include "report.h"
#include "snova.h"

/* Both commands write one file, never standard output, as keygen does. */
static int check_files(const struct options *o) {
    if (o->in == NULL || o->out == NULL)
        return report("missing %s (snova --help)", o->in == NULL ? "--in" : "--out");
    return strcmp(o->out, "-") != 0 ? EXIT_OK : report("--out must be a file");
}

static mode_t key_mode(enum key_kind kind) { return kind == KEY_SECRET ? 0600 : 0644; }

/* The --out file, whole or not at all (outputs.h): the key as a key file
 * (key_file) or raw. */
static int write_key(const struct options *o, const struct inputs *inputs, const struct key *key,
                     enum key_kind kind, int key_file) {
    struct outputs g;
    outputs_init(&g, (o->flags & OPT_FORCE) != 0, inputs);
    int r = outputs_add(&g, "--out", o->out, key_mode(kind));
    if (r == EXIT_OK)
        r = key_file ? key_write(&g.file[0], kind, key->inst, key->bytes)
                     : outfile_write(&g.file[0], key->bytes, key->len);
    if (r == EXIT_OK)
        r = outputs_commit(&g);
    outputs_close(&g);
    return r;
}

int cmd_export(const struct options *o) {
    struct inputs inputs = {0};
    struct key key = {0};
    enum key_kind kind = KEY_PUBLIC;
    int r = check_files(o);
    if (r == EXIT_OK)
        r = key_read_either(&key, &kind, o->in, &inputs);
    if (r == EXIT_OK)
        r = write_key(o, &inputs, &key, kind, 0);
    key_free(&key);
    return r;
}

/* The raw key in path: exactly key->len bytes. */
static int read_raw(struct key *key, enum key_kind kind, const char *path, struct inputs *inputs) {
    char what[64];
    struct infile f;
    snprintf(what, sizeof(what), "a %s %s", snova_instance_name(key->inst), key_kind_name(kind));
    int r = infile_open(&f, path, inputs);
    if (r != EXIT_OK)
        return r;
    r = infile_rest(&f, key->bytes, 0, key->len, what);
    infile_close(&f);
    return r;
}

/* A key the library refuses (a spare nibble that is not zero, say) is no key:
 * it must prepare. */
static int check_key(const struct key *key, enum key_kind kind, const char *path) {
    int ok;
    if (kind == KEY_PUBLIC) {
        snova_public_key *prepared = snova_public_key_prepare(key->inst, key->bytes);
        ok = prepared != NULL;
        snova_public_key_free(prepared);
    } else {
        snova_secret_key *prepared = snova_secret_key_prepare(key->inst, key->bytes);
        ok = prepared != NULL;
        snova_secret_key_free(prepared);
    }
    return ok ? EXIT_OK
              : report("%s is not a valid %s %s (or out of memory)", path, snova_instance_name(key->inst),
                       key_kind_name(kind));
}

int cmd_import(const struct options *o) {
    struct inputs inputs = {0};
    struct key key = {0};
    const enum key_kind kind = (o->flags & OPT_SECRET) ? KEY_SECRET : KEY_PUBLIC;
    int r = check_files(o);
    if (r == EXIT_OK && !(o->flags & OPT_PUBLIC) == !(o->flags & OPT_SECRET))
        r = report("give one of --public and --secret");
    if (r == EXIT_OK)
        r = o->set != NULL ? find_instance(o->set, &key.inst) : report("missing --set (snova --help)");
    if (r == EXIT_OK) {
        key.len = key_bytes(key.inst, kind);
        key.bytes = malloc(key.len);
        r = key.bytes != NULL ? EXIT_OK : report("out of memory");
    }
    if (r == EXIT_OK)
        r = read_raw(&key, kind, o->in, &inputs);
    if (r == EXIT_OK)
        r = check_key(&key, kind, o->in);
    if (r == EXIT_OK)
        r = write_key(o, &inputs, &key, kind, 1);
    key_free(&key);
    return r;
}
