/* snova export and snova import: the key of a key file as the raw bytes of the
 * NIST API (what liboqs, oqs-provider and the official code read and write),
 * and a key file of such bytes. */
#ifndef SNOVA_CLI_RAWKEYS_H
#define SNOVA_CLI_RAWKEYS_H

#include "options.h"

/* --in KEYFILE --out RAW: the raw key of a public or secret key file */
int cmd_export(const struct options *o);
/* --set NAME --public|--secret --in RAW --out KEYFILE: the key file of a raw key,
 * which must have the set's length and be a key the library accepts */
int cmd_import(const struct options *o);

#endif
