/* libsnova: the SNOVA signature scheme, every parameter set of Rounds 1, 2 and 3
 * in one library (docs/libsnova.md).
 *
 * Two ways in:
 *  - the generic API below takes an instance, found by name ("snova-r3-i-s") or
 *    by its id (SNOVA_ID_snova_r3_i_s), and gives its sizes, status, keypair,
 *    detached and attached signatures, and signatures of a message hashed in
 *    pieces (snova_hasher);
 *  - every instance's NIST API under its own names: id_crypto_sign_keypair,
 *    id_crypto_sign, id_crypto_sign_open, id_crypto_sign_signature and
 *    id_crypto_sign_verify, id the instance's name with '-' written '_'.
 * Randomness comes from the operating system (getrandom, getentropy). Every
 * function is thread-safe. Functions returning int return 0 on success and -1
 * otherwise (signing: or SNOVA_ERR_KEY_CANNOT_SIGN). A NULL instance, key,
 * output or hasher makes a function fail: -1, or NULL / 0 / SNOVA_STATUS_UNKNOWN
 * from those that return a pointer, a size or a status; a message may be NULL
 * only if its length is 0.
 * Every signing call of this header (snova_sign, snova_sign_attached,
 * snova_sign_hashed, snova_sign_with_salt and the four on a prepared key)
 * keeps one rule: 0 with the signature and its length; or, for any refusal or
 * failure, -1 (SNOVA_ERR_KEY_CANNOT_SIGN for a key that cannot sign), the
 * length 0 and the signature zeroed wherever the call knows its size (it has
 * an instance, or a live prepared key), each where given.
 * A call uses at most 34 KiB of the caller's stack (measured: 33,336 bytes at
 * most, nearly all of it the 32 KiB that key generation and signing clear
 * below their frame before they return; tests/test_snova_stack.py holds every
 * instance to this figure). */
#ifndef SNOVA_H
#define SNOVA_H

#define SNOVA_VERSION_MAJOR 0
#define SNOVA_VERSION_MINOR 2
#define SNOVA_VERSION_PATCH 0
#define SNOVA_VERSION_STRING "0.2.0"

#include <stddef.h>
#include <stdint.h>

/* SNOVA_INSTANCES(X): X(id) for every instance, in the library's order (the
 * sets of make snova-list), from generator/sets.yaml. */
#include "snova_instances.h"

/* What the shared library exports. On Windows: dllexport while the library is
 * built (SNOVA_BUILD_SHARED), dllimport for a program using the DLL, nothing for
 * one linking the static library (SNOVA_STATIC, which snova::snova_static and the
 * static pkg-config flags set). */
#if defined(_WIN32) && defined(SNOVA_BUILD_SHARED)
#define SNOVA_EXPORT __declspec(dllexport)
#elif defined(_WIN32) && !defined(SNOVA_STATIC)
#define SNOVA_EXPORT __declspec(dllimport)
#elif defined(_WIN32)
#define SNOVA_EXPORT
#elif defined(__GNUC__) || defined(__clang__)
#define SNOVA_EXPORT __attribute__((visibility("default")))
#else
#define SNOVA_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
#define SNOVA_X_ID(id) SNOVA_ID_##id,
    SNOVA_INSTANCES(SNOVA_X_ID)
#undef SNOVA_X_ID
    SNOVA_INSTANCE_COUNT
} snova_id;

/* What is known of an instance's security. */
typedef enum {
    SNOVA_STATUS_STANDS = 0,    /* no attack known below its claimed level */
    SNOVA_STATUS_WITHDRAWN = 1, /* withdrawn by its authors after an attack (Round 1, l = 2) */
    SNOVA_STATUS_BROKEN = 2,    /* broken (Round 2, l = 2, 3, 5: wedge-product attack); interoperability only */
    SNOVA_STATUS_UNKNOWN = -1   /* snova_instance_status(NULL) */
} snova_status;

/* Returned by every signing call (plain, attached, hashed, salted, prepared)
 * when the key cannot sign: every attempt (254 of them, 255 in Round 1) met a
 * singular system. Never seen with a key pair of snova_keypair; an expanded
 * secret key of all zeros gives it. Not a lack of randomness (that is -1). */
#define SNOVA_ERR_KEY_CANNOT_SIGN (-2)

typedef struct snova_instance snova_instance;

/* NULL for an unknown name or id. A name is a build name ("snova-r3-i-k") or an
 * official name ("SNOVA_I_K") that only one instance has, in any case. */
SNOVA_EXPORT const snova_instance *snova_instance_by_name(const char *name);
SNOVA_EXPORT const snova_instance *snova_instance_by_id(snova_id id);

/* The properties of an instance: for NULL, NULL, -1, SNOVA_STATUS_UNKNOWN, 0
 * (the level too). */
SNOVA_EXPORT const char *snova_instance_name(const snova_instance *inst);   /* "snova-r3-i-s" */
SNOVA_EXPORT const char *snova_instance_algname(const snova_instance *inst); /* "SNOVA_I_S" */
SNOVA_EXPORT int snova_instance_round(const snova_instance *inst);          /* 1, 2 or 3 */
SNOVA_EXPORT snova_status snova_instance_status(const snova_instance *inst);
SNOVA_EXPORT int snova_instance_level(const snova_instance *inst);          /* NIST category: 1, 3 or 5 */
SNOVA_EXPORT const char *snova_status_name(snova_status status); /* "stands", "withdrawn", "broken" */
SNOVA_EXPORT size_t snova_public_key_bytes(const snova_instance *inst);
SNOVA_EXPORT size_t snova_secret_key_bytes(const snova_instance *inst);
SNOVA_EXPORT size_t snova_signature_bytes(const snova_instance *inst); /* with its 16-byte salt */

/* The kernel table every instance uses: "portable" (the portable C kernels) or, in
 * a library built with the NEON kernels (an AArch64 `make lib`), a core class of
 * the variant plan ("little", "slow_tbl", "wide", "default"). By default the CPU's
 * own class (MIDR_EL1), or what the environment's SNOVA_CORE_CLASS names (read at
 * the first operation; a value the library cannot honour aborts the program with
 * a message on standard error, rather than run another table). snova_kernels_select
 * moves every instance to the named table (NULL: the CPU's own choice): 0, or -1
 * (unknown, or this CPU cannot run it: no Advanced SIMD) with nothing changed.
 * A call in flight in another thread finishes on either table (they compute the
 * same results); for measurements (snova speed) and field debugging. */
SNOVA_EXPORT int snova_kernels_select(const char *name);
SNOVA_EXPORT const char *snova_kernels_name(void); /* the table in use: "portable", "wide", ... */

SNOVA_EXPORT int snova_keypair(const snova_instance *inst, uint8_t *pk, uint8_t *sk);
/* detached: sig of snova_signature_bytes(inst) bytes */
SNOVA_EXPORT int snova_sign(const snova_instance *inst, uint8_t *sig, size_t *siglen, const uint8_t *m,
                            size_t mlen, const uint8_t *sk);
SNOVA_EXPORT int snova_verify(const snova_instance *inst, const uint8_t *sig, size_t siglen, const uint8_t *m,
                              size_t mlen, const uint8_t *pk);
/* attached, as the NIST API: sm = sig || m (signature bytes + mlen); m may overlap sm */
SNOVA_EXPORT int snova_sign_attached(const snova_instance *inst, uint8_t *sm, size_t *smlen, const uint8_t *m,
                                     size_t mlen, const uint8_t *sk);
/* writes the message (smlen - signature bytes) to m if sm verifies; m untouched otherwise */
SNOVA_EXPORT int snova_open(const snova_instance *inst, uint8_t *m, size_t *mlen, const uint8_t *sm, size_t smlen,
                            const uint8_t *pk);

/* A message fed in pieces: the signature is that of the pieces' concatenation,
 * the same as snova_sign of the whole. The signing and verifying calls end the
 * hasher (feed it again only after snova_hasher_init). A hasher that is ended,
 * never initialised or damaged makes update, sign_hashed and verify_hashed
 * return -1 without touching memory outside it. */
typedef struct {
    uint64_t opaque[32];
} snova_hasher;
SNOVA_EXPORT int snova_hasher_init(snova_hasher *h);
SNOVA_EXPORT int snova_hasher_update(snova_hasher *h, const void *piece, size_t len);
SNOVA_EXPORT int snova_sign_hashed(const snova_instance *inst, uint8_t *sig, size_t *siglen, snova_hasher *h,
                                   const uint8_t *sk);
SNOVA_EXPORT int snova_verify_hashed(const snova_instance *inst, const uint8_t *sig, size_t siglen,
                                     snova_hasher *h, const uint8_t *pk);

/* Deterministic entry points: the key pair and the detached signature from the
 * random bytes the instance's NIST API draws with randombytes, passed in.
 * Key generation draws snova_keypair_seed_bytes(inst) bytes in one call (the
 * seed), signing snova_salt_bytes(inst) in one call (the salt, which every
 * instance draws and snova_sign_with_salt requires), so a caller that
 * draws them from the NIST KAT DRBG in that order gets the official known
 * answers. The seed is the secret key: draw it from a secure source. A NULL
 * argument (m only if mlen > 0) makes key generation return -1 and write
 * nothing, and signing refuse as every signing call does (above); the sizes of
 * a NULL instance are 0; a failed key generation zeroes its outputs. */
SNOVA_EXPORT size_t snova_keypair_seed_bytes(const snova_instance *inst);
SNOVA_EXPORT size_t snova_salt_bytes(const snova_instance *inst);
SNOVA_EXPORT int snova_keypair_from_seed(const snova_instance *inst, uint8_t *pk, uint8_t *sk, const uint8_t *seed);
SNOVA_EXPORT int snova_sign_with_salt(const snova_instance *inst, uint8_t *sig, size_t *siglen, const uint8_t *m,
                                      size_t mlen, const uint8_t *sk, const uint8_t *salt);

/* Prepared keys: a key made once into what its instance computes from it
 * alone (for Round 3, the expanded public map, in the layout verification reads,
 * and the expanded secret parts), for many signatures or verifications under
 * one key, with the same results as the calls above. Prepare returns NULL for a
 * malformed key, a NULL argument, or if memory could not be had; a prepared key
 * is only read after that, so any number of threads may use one at once. The
 * free functions take NULL and wipe the key; a key freed while another thread
 * still uses it goes when that use ends. Misuse is recognised without reading
 * the memory a pointer names (the library keeps the address and kind of every
 * live prepared key): a key used after free, a public key passed as a secret
 * key or the converse, or a pointer never prepared is refused (-1, outputs as
 * above); freeing such a pointer (a double free) stops the process with a
 * message on standard error (abort), the free functions having no error to
 * return. An address that malloc gives again to a new prepared key of the same
 * kind names that key. *_prepared_bytes: the memory a prepared key holds (0
 * for a NULL instance). */
typedef struct snova_public_key snova_public_key;
typedef struct snova_secret_key snova_secret_key;
SNOVA_EXPORT snova_public_key *snova_public_key_prepare(const snova_instance *inst, const uint8_t *pk);
SNOVA_EXPORT snova_secret_key *snova_secret_key_prepare(const snova_instance *inst, const uint8_t *sk);
SNOVA_EXPORT void snova_public_key_free(snova_public_key *key);
SNOVA_EXPORT void snova_secret_key_free(snova_secret_key *key);
SNOVA_EXPORT size_t snova_public_key_prepared_bytes(const snova_instance *inst);
SNOVA_EXPORT size_t snova_secret_key_prepared_bytes(const snova_instance *inst);
SNOVA_EXPORT int snova_verify_prepared(const snova_public_key *key, const uint8_t *sig, size_t siglen,
                                       const uint8_t *m, size_t mlen);
SNOVA_EXPORT int snova_sign_prepared(const snova_secret_key *key, uint8_t *sig, size_t *siglen, const uint8_t *m,
                                     size_t mlen);
/* with the salt passed in, as snova_sign_with_salt */
SNOVA_EXPORT int snova_sign_prepared_with_salt(const snova_secret_key *key, uint8_t *sig, size_t *siglen,
                                               const uint8_t *m, size_t mlen, const uint8_t *salt);
SNOVA_EXPORT int snova_sign_hashed_prepared(const snova_secret_key *key, uint8_t *sig, size_t *siglen,
                                            snova_hasher *h);
SNOVA_EXPORT int snova_verify_hashed_prepared(const snova_public_key *key, const uint8_t *sig, size_t siglen,
                                              snova_hasher *h);

/* Each instance's NIST API (sizes: the generic functions above). */
#define SNOVA_X_NIST(id)                                                                                        \
    SNOVA_EXPORT int id##_crypto_sign_keypair(unsigned char *pk, unsigned char *sk);                             \
    SNOVA_EXPORT int id##_crypto_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,     \
                                      unsigned long long mlen, const unsigned char *sk);                        \
    SNOVA_EXPORT int id##_crypto_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm, \
                                           unsigned long long smlen, const unsigned char *pk);                  \
    SNOVA_EXPORT int id##_crypto_sign_signature(unsigned char *sig, size_t *siglen, const unsigned char *m,     \
                                                size_t mlen, const unsigned char *sk);                          \
    SNOVA_EXPORT int id##_crypto_sign_verify(const unsigned char *sig, size_t siglen, const unsigned char *m,   \
                                             size_t mlen, const unsigned char *pk);
SNOVA_INSTANCES(SNOVA_X_NIST)
#undef SNOVA_X_NIST

#ifdef __cplusplus
}
#endif

#endif
