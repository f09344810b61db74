/* Key files: one text line naming the kind and the instance, then the key's
 * bytes as the instance's NIST API has them:
 *     SNOVA-PUBLIC-KEY snova-r3-i-s\n<pk>
 *     SNOVA-SECRET-KEY snova-r3-i-s\n<sk>
 * so that a key is only ever used with its own instance. The line is exactly
 * that (the instance's build name, one space, no other byte); a file holding
 * anything else is refused. */
#ifndef SNOVA_CLI_KEYFILE_H
#define SNOVA_CLI_KEYFILE_H

#include <stddef.h>
#include <stdint.h>

#include "infile.h"
#include "outfile.h"
#include "snova.h"

enum key_kind { KEY_PUBLIC, KEY_SECRET };

struct key {
    const snova_instance *inst;
    uint8_t *bytes; /* snova_public_key_bytes or snova_secret_key_bytes of inst */
    size_t len;
};

/* The bytes of a key of inst; "public key" or "secret key". */
size_t key_bytes(const snova_instance *inst, enum key_kind kind);
const char *key_kind_name(enum key_kind kind);

/* Reads the key of the given kind from path (added to inputs), no more than its
 * header line, its instance's key bytes and one byte to spot an overlong file;
 * EXIT_OK, or EXIT_FAIL (reported: missing file, not a key file, a key of the
 * other kind, an unknown instance, a truncated or overlong key). */
int key_read(struct key *key, enum key_kind kind, const char *path, struct inputs *inputs);
/* As key_read, of either kind: *kind is the file's. */
int key_read_either(struct key *key, enum key_kind *kind, const char *path, struct inputs *inputs);
/* Wipes and frees the key's bytes. */
void key_free(struct key *key);
/* Writes the header line and the key to an open output file. */
int key_write(struct outfile *f, enum key_kind kind, const snova_instance *inst, const uint8_t *bytes);

#endif
