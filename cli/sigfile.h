/* Signature files: exactly one detached signature of the instance, its
 * snova_signature_bytes bytes and nothing else, read no further than one byte
 * past them. */
#ifndef SNOVA_CLI_SIGFILE_H
#define SNOVA_CLI_SIGFILE_H

#include <stdint.h>

#include "infile.h"
#include "snova.h"

/* Reads the signature at path (added to inputs) into sig; EXIT_OK, or EXIT_FAIL
 * (reported: missing file, wrong size). */
int sig_read(const char *path, const snova_instance *inst, uint8_t *sig, struct inputs *inputs);

#endif
