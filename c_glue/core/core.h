/* The entry points every SNOVA round's core provides to the NIST API (sign.c):
 * deterministic functions of their inputs, randomness drawn by the caller. */
#ifndef SNOVA_CORE_API_H
#define SNOVA_CORE_API_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"
#include "sign_status.h"

/* pk: SNOVA_PK_BYTES, sk: SNOVA_SK_BYTES, from the 48-byte seed (public seed ||
 * private seed). Returns 0, or -1 if working memory could not be had. */
int snova_core_keypair(uint8_t *pk, uint8_t *sk, const uint8_t seed[SNOVA_SEED_BYTES]);

/* sig: SNOVA_SIG_BYTES (packed signature || salt). Returns 0, -1 if working
 * memory could not be had, or SNOVA_CORE_UNSOLVABLE if every attempt's system
 * was singular (negligible for a key pair made by snova_core_keypair; a key that
 * is all zeros, for one, never signs). */
int snova_core_sign(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t salt[SNOVA_SALT_BYTES],
                    const uint8_t *sk);

/* 0 if sig (SNOVA_SIG_BYTES) is a valid signature of digest under pk, else -1. */
int snova_core_verify(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const uint8_t *pk);

/* A key prepared once for many operations (libsnova's snova_public_key and
 * snova_secret_key): what the core derives from the key alone, made into a
 * caller's buffer of the given bytes (aligned as malloc aligns) and only read
 * afterwards, so that any number of threads may use one at once. Prepare returns
 * -1 if the key is malformed; a prepared secret key holds secret data (wipe it).
 * The prepared operations give the same results as snova_core_sign and
 * snova_core_verify on the key it was made from. */
size_t snova_core_public_prepared_bytes(void);
size_t snova_core_secret_prepared_bytes(void);
int snova_core_prepare_public(void *prepared, const uint8_t *pk);
int snova_core_prepare_secret(void *prepared, const uint8_t *sk);
int snova_core_verify_prepared(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const void *prepared);
int snova_core_sign_prepared(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES],
                             const uint8_t salt[SNOVA_SALT_BYTES], const void *prepared);

/* A change verification makes to its own expanded inputs (test builds only):
 * element `target` of the target hash (0 .. SNOVA_HASH_NIBBLES - 1) and element
 * `map` of the public map (P11, P12, P21 of every public matrix in order, then
 * P22), each XORed with xor_value; -1 leaves that one alone. each_target: after
 * one evaluation, change every target element in turn (by 1 + its index mod 15)
 * and count the changes the verdict rejects. */
struct snova_verify_fault {
    long target, map;
    uint8_t xor_value;
    int each_target;
};

#if defined(SNOVA_TEST_HOOKS)
/* snova_core_verify with the fault applied (test_verifier.c); with each_target,
 * the count of rejected target changes, or -1 if the signature was malformed */
int snova_test_verify_fault(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const uint8_t *pk,
                            const struct snova_verify_fault *fault);
#endif

#endif
