/* Fuzz target: the command's key-file parser (cli/keyfile.c, key_read), on any
 * bytes, as the public or the secret kind (input byte 0, bit 0; the file is the
 * rest). It must accept exactly the canonical files: the kind's header line,
 * an instance's build name, "\n", then that instance's key bytes, nothing more;
 * and what it accepts is what key_write would write. */
#include "file_input.h"

#include <string.h>

#include "keyfile.h"
#include "report.h"

static const char *const magic[] = {[KEY_PUBLIC] = "SNOVA-PUBLIC-KEY ", [KEY_SECRET] = "SNOVA-SECRET-KEY "};

/* 1 if file[0..len) is a canonical key file of the kind */
static int canonical(const uint8_t *file, size_t len, enum key_kind kind) {
    size_t mlen = strlen(magic[kind]);
    const uint8_t *nl = memchr(file, '\n', len);
    if (nl == NULL || (size_t)(nl - file) < mlen || memcmp(file, magic[kind], mlen) != 0)
        return 0;
    char name[128];
    size_t nlen = (size_t)(nl - file) - mlen;
    if (nlen >= sizeof(name) || memchr(file + mlen, '\0', nlen) != NULL)
        return 0;
    memcpy(name, file + mlen, nlen);
    name[nlen] = '\0';
    /* by_name also takes official names and any case; a key file names its
     * instance by its exact build name */
    const snova_instance *inst = snova_instance_by_name(name);
    if (inst != NULL && strcmp(snova_instance_name(inst), name) != 0)
        inst = NULL;
    size_t body = inst == NULL ? 0 : kind == KEY_PUBLIC ? snova_public_key_bytes(inst) : snova_secret_key_bytes(inst);
    return inst != NULL && len == (size_t)(nl - file) + 1 + body;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    enum key_kind kind = data[0] & 1 ? KEY_SECRET : KEY_PUBLIC;
    const uint8_t *file = data + 1;
    size_t len = size - 1;
    struct inputs inputs = {0};
    struct key key = {0};
    int r = key_read(&key, kind, file_holding(file, len), &inputs);
    int want = canonical(file, len, kind);
    if ((r == EXIT_OK) != want)
        FUZZ_FINDING("key_read %s a %s file that is %scanonical", r == EXIT_OK ? "accepted" : "refused",
                     kind == KEY_PUBLIC ? "public" : "secret", want ? "" : "not ");
    if (r == EXIT_OK) {
        size_t head = len - key.len;
        if (key.inst == NULL || memcmp(file + head, key.bytes, key.len) != 0 ||
            strlen(snova_instance_name(key.inst)) != head - strlen(magic[kind]) - 1)
            FUZZ_FINDING("key_read's key is not the file's");
    }
    key_free(&key);
    return 0;
}
