#include "keyfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static const char *const magic[] = {[KEY_PUBLIC] = "SNOVA-PUBLIC-KEY ", [KEY_SECRET] = "SNOVA-SECRET-KEY "};
static const char *const kind_name[] = {[KEY_PUBLIC] = "public key", [KEY_SECRET] = "secret key"};
/* the header line, instance name included, is shorter than this */
enum { HEADER_MAX = 128 };

static void wipe(void *p, size_t n) {
    volatile unsigned char *v = p;
    while (n-- > 0)
        *v++ = 0;
}

size_t key_bytes(const snova_instance *inst, enum key_kind kind) {
    return kind == KEY_PUBLIC ? snova_public_key_bytes(inst) : snova_secret_key_bytes(inst);
}

/* the instance whose build name is exactly name[0..len) (no C string: a NUL in
 * the header must not end the name early) */
static const snova_instance *instance_named(const uint8_t *name, size_t len) {
    for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++) {
        const snova_instance *inst = snova_instance_by_id((snova_id)id);
        const char *s = snova_instance_name(inst);
        if (strlen(s) == len && memcmp(s, name, len) == 0)
            return inst;
    }
    return NULL;
}

/* The instance named in the header line of head[0..len), checked against the
 * kind; *body = the header's length. */
static int parse_header(const uint8_t *head, size_t len, enum key_kind kind, const char *path,
                        const snova_instance **inst, size_t *body) {
    const uint8_t *nl = memchr(head, '\n', len);
    const enum key_kind other = kind == KEY_PUBLIC ? KEY_SECRET : KEY_PUBLIC;
    size_t mlen = strlen(magic[kind]);
    if (nl == NULL || (size_t)(nl - head) < mlen)
        return report("%s is not a SNOVA key file", path);
    if (memcmp(head, magic[other], mlen) == 0)
        return report("%s is a %s, not a %s", path, kind_name[other], kind_name[kind]);
    if (memcmp(head, magic[kind], mlen) != 0)
        return report("%s is not a SNOVA key file", path);
    size_t nlen = (size_t)(nl - head) - mlen;
    *inst = instance_named(head + mlen, nlen);
    if (*inst == NULL) {
        char shown[4 * HEADER_MAX + 1];
        escape(shown, head + mlen, nlen);
        return report("%s: unknown instance '%s'", path, shown);
    }
    *body = (size_t)(nl - head) + 1;
    return EXIT_OK;
}

/* The key after the header: the bytes of head past it, then the rest of the file. */
static int read_body(struct infile *f, struct key *key, enum key_kind kind, const uint8_t *head, size_t have) {
    char what[64];
    snprintf(what, sizeof(what), "a %s %s", snova_instance_name(key->inst), kind_name[kind]);
    key->len = key_bytes(key->inst, kind);
    if (have > key->len)
        return infile_size_error(f, what, key->len, have);
    key->bytes = malloc(key->len);
    if (key->bytes == NULL)
        return report("out of memory");
    memcpy(key->bytes, head, have);
    return infile_rest(f, key->bytes, have, key->len, what);
}

/* the kind of key whose header head[0..len) starts (public if neither: the
 * header check then says it is no key file) */
static enum key_kind kind_of(const uint8_t *head, size_t len) {
    size_t mlen = strlen(magic[KEY_SECRET]);
    return len >= mlen && memcmp(head, magic[KEY_SECRET], mlen) == 0 ? KEY_SECRET : KEY_PUBLIC;
}

/* key_read of *kind, or (either) of the kind the header names, stored in *kind */
static int read_key(struct key *key, enum key_kind *kind, int either, const char *path, struct inputs *inputs) {
    struct infile f;
    uint8_t head[HEADER_MAX];
    size_t got = 0, body = 0;
    key->bytes = NULL;
    int r = infile_open(&f, path, inputs);
    if (r != EXIT_OK)
        return r;
    r = infile_read(&f, head, sizeof(head), &got);
    if (r == EXIT_OK && either)
        *kind = kind_of(head, got);
    if (r == EXIT_OK)
        r = parse_header(head, got, *kind, path, &key->inst, &body);
    if (r == EXIT_OK)
        r = read_body(&f, key, *kind, head + body, got - body);
    infile_close(&f);
    wipe(head, sizeof(head));
    if (r != EXIT_OK)
        key_free(key);
    return r;
}

int key_read(struct key *key, enum key_kind kind, const char *path, struct inputs *inputs) {
    return read_key(key, &kind, 0, path, inputs);
}

int key_read_either(struct key *key, enum key_kind *kind, const char *path, struct inputs *inputs) {
    return read_key(key, kind, 1, path, inputs);
}

const char *key_kind_name(enum key_kind kind) { return kind_name[kind]; }

void key_free(struct key *key) {
    if (key->bytes != NULL) {
        wipe(key->bytes, key->len);
        free(key->bytes);
        key->bytes = NULL;
    }
}

int key_write(struct outfile *f, enum key_kind kind, const snova_instance *inst, const uint8_t *bytes) {
    char header[HEADER_MAX];
    int n = snprintf(header, sizeof(header), "%s%s\n", magic[kind], snova_instance_name(inst));
    int r = outfile_write(f, header, (size_t)n);
    return r != EXIT_OK ? r : outfile_write(f, bytes, key_bytes(inst, kind));
}
