/* The one status and output rule of every signing entry point of libsnova
 * (include/snova.h): plain, hashed, attached, salted, prepared. Each checks its
 * arguments, refuses with snova_lib_refuse, or hands the message's digest to
 * snova_lib_sign, so that no entry point words a failure its own way. */
#ifndef SNOVA_LIB_SIGN_H
#define SNOVA_LIB_SIGN_H

#include <stddef.h>
#include <stdint.h>

#include "lib_instance.h"

/* a message of mlen bytes at m: m may be NULL only when empty */
static inline int message_given(const uint8_t *m, size_t mlen) { return m != NULL || mlen == 0; }

/* A refused call's outputs, each where given: sig zeroed (inst's signature
 * bytes; nothing when inst is NULL, its size being unknown), *siglen = 0.
 * Returns -1. */
int snova_lib_refuse(const struct snova_instance *inst, uint8_t *sig, size_t *siglen);

/* The signature of digest (wiped here) with salt, or with a salt drawn from
 * the operating system where salt is NULL, under the secret key sk or, where sk
 * is NULL, the prepared key of inst's core; the stack the signing used is
 * cleared. Returns 0 (*siglen the signature's bytes), SNOVA_ERR_KEY_CANNOT_SIGN
 * or -1 (no randomness, no memory), sig zeroed and *siglen 0 on failure. */
int snova_lib_sign(const struct snova_instance *inst, uint8_t *sig, size_t *siglen,
                   uint8_t digest[SNOVA_LIB_DIGEST_BYTES], const uint8_t *salt, const uint8_t *sk,
                   const void *prepared);

#endif
