#include "keyfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* at most cap bytes of path into a new buffer; *len = bytes read (cap + 1 if longer) */
static int read_capped(const char *path, size_t cap, uint8_t **buf, size_t *len) {
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return report("cannot open %s: %s", path, strerror(errno));
    *buf = malloc(cap + 1);
    if (*buf == NULL) {
        close(fd);
        return report("out of memory");
    }
    *len = 0;
    while (*len <= cap) {
        ssize_t n = read(fd, *buf + *len, cap + 1 - *len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            close(fd);
            wipe(*buf, cap + 1);
            free(*buf);
            return report("cannot read %s: %s", path, strerror(e));
        }
        if (n == 0)
            break;
        *len += (size_t)n;
    }
    close(fd);
    return EXIT_OK;
}

static size_t key_bytes(const snova_instance *inst, enum key_kind kind) {
    return kind == KEY_PUBLIC ? snova_public_key_bytes(inst) : snova_secret_key_bytes(inst);
}

/* The instance named in the header of buf[0..len), checked against the kind. */
static int parse_header(const uint8_t *buf, size_t len, enum key_kind kind, const char *path,
                        const snova_instance **inst, size_t *body) {
    const uint8_t *nl = memchr(buf, '\n', len < HEADER_MAX ? len : HEADER_MAX);
    const enum key_kind other = kind == KEY_PUBLIC ? KEY_SECRET : KEY_PUBLIC;
    size_t mlen = strlen(magic[kind]);
    if (nl == NULL || (size_t)(nl - buf) < mlen)
        return report("%s is not a SNOVA key file", path);
    if (memcmp(buf, magic[other], mlen) == 0)
        return report("%s is a %s, not a %s", path, kind_name[other], kind_name[kind]);
    if (memcmp(buf, magic[kind], mlen) != 0)
        return report("%s is not a SNOVA key file", path);
    char name[HEADER_MAX];
    size_t nlen = (size_t)(nl - buf) - mlen;
    memcpy(name, buf + mlen, nlen);
    name[nlen] = '\0';
    *inst = snova_instance_by_name(name);
    if (*inst == NULL)
        return report("%s: unknown instance '%s'", path, name);
    *body = (size_t)(nl - buf) + 1;
    return EXIT_OK;
}

int key_read(struct key *key, enum key_kind kind, const char *path) {
    /* the largest key of any instance, read with room to spot an overlong file */
    size_t cap = HEADER_MAX;
    for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++) {
        size_t n = key_bytes(snova_instance_by_id((snova_id)id), kind) + HEADER_MAX;
        cap = n > cap ? n : cap;
    }
    uint8_t *buf = NULL;
    size_t len = 0, body = 0;
    key->bytes = NULL;
    int r = read_capped(path, cap, &buf, &len);
    if (r != EXIT_OK)
        return r;
    r = parse_header(buf, len, kind, path, &key->inst, &body);
    if (r == EXIT_OK) {
        key->len = key_bytes(key->inst, kind);
        if (len - body != key->len)
            r = report("%s: a %s %s has %zu bytes, the file holds %zu (truncated or damaged)", path,
                       snova_instance_name(key->inst), kind_name[kind], key->len, len - body);
    }
    if (r == EXIT_OK) {
        memmove(buf, buf + body, key->len);
        wipe(buf + key->len, body); /* the moved key's old tail */
        key->bytes = buf;
        return EXIT_OK;
    }
    wipe(buf, cap + 1);
    free(buf);
    return r;
}

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
