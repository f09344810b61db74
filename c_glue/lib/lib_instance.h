/* One instance of libsnova (include/snova.h): a parameter set's name, sizes,
 * status and entry points. lib_instance.c defines it for the set it is compiled
 * for as snova_lib_instance, which lib.mk renames to <id>_instance beside the
 * set's own objects; libsnova.c lists every instance. */
#ifndef SNOVA_LIB_INSTANCE_H
#define SNOVA_LIB_INSTANCE_H

#include <stddef.h>
#include <stdint.h>

#include "shake.h"
#include "snova.h"
#include "util.h"

struct snova_instance {
    const char *name, *algname;
    int round;
    snova_status status;
    int level; /* NIST security category: 1, 3 or 5 */
    size_t pk_bytes, sk_bytes, sig_bytes;
    /* the set's NIST API (api.h) */
    int (*keypair)(unsigned char *pk, unsigned char *sk);
    int (*sign)(unsigned char *sm, unsigned long long *smlen, const unsigned char *m, unsigned long long mlen,
                const unsigned char *sk);
    int (*open)(unsigned char *m, unsigned long long *mlen, const unsigned char *sm, unsigned long long smlen,
                const unsigned char *pk);
    int (*signature)(unsigned char *sig, size_t *siglen, const unsigned char *m, size_t mlen,
                     const unsigned char *sk);
    int (*verify)(const unsigned char *sig, size_t siglen, const unsigned char *m, size_t mlen,
                  const unsigned char *pk);
    /* the NIST API's key pair with its random bytes passed in (sign_salted.h):
     * seed_bytes for a key pair, salt_bytes for a signature (which
     * libsnova_deterministic.c makes with core_sign), each what the NIST API
     * draws in one randombytes call */
    size_t seed_bytes, salt_bytes;
    int (*keypair_seeded)(unsigned char *pk, unsigned char *sk, const unsigned char *seed);
    /* the set's core (core.h), on the message's 64-byte SHAKE256 digest */
    int (*core_sign)(uint8_t *sig, const uint8_t *digest, const uint8_t *salt, const uint8_t *sk);
    int (*core_verify)(const uint8_t *digest, const uint8_t *sig, const uint8_t *pk);
    /* the set's prepared keys (core.h) */
    size_t (*public_prepared_bytes)(void), (*secret_prepared_bytes)(void);
    int (*prepare_public)(void *prepared, const uint8_t *pk);
    int (*prepare_secret)(void *prepared, const uint8_t *sk);
    int (*verify_prepared)(const uint8_t *digest, const uint8_t *sig, const void *prepared);
    int (*sign_prepared)(uint8_t *sig, const uint8_t *digest, const uint8_t *salt, const void *prepared);
    /* the kernel table of the set's block shape (kernels.h) */
    int (*kernels_choose)(const char *name);
    const char *(*kernels_choice)(void);
};

extern const struct snova_instance snova_lib_instance;

/* the message digest every round signs: SHAKE256 of the message, 64 bytes;
 * and the salt every signature draws */
#define SNOVA_LIB_DIGEST_BYTES 64
#define SNOVA_LIB_SALT_BYTES 16

/* The hasher's bytes: a SHAKE256 state and a word that says it is open (set by
 * init, cleared when a signing or verifying call ends it). A hasher is used
 * only when both hold, so a closed or garbage one makes no access outside it
 * and calls nothing it holds (the state holds no pointer). */
struct hasher_state {
    snova_shake_ctx shake;
    uint64_t open;
};
#define HASHER_OPEN 0x736e6f7661686173ULL   /* "snovahas" */

_Static_assert(sizeof(snova_hasher) >= sizeof(struct hasher_state), "snova_hasher too small for a SHAKE state");

static inline struct hasher_state *state_of(snova_hasher *h) { return (struct hasher_state *)(void *)h->opaque; }

/* h's SHAKE state if h is an open hasher, else NULL */
static inline snova_shake_ctx *open_shake(snova_hasher *h) {
    if (h == NULL)
        return NULL;
    struct hasher_state *s = state_of(h);
    return s->open == HASHER_OPEN && snova_shake_absorbing(&s->shake, SNOVA_SHAKE256_RATE) ? &s->shake : NULL;
}

/* the pieces' digest, and h closed (wiped); -1 if h is not an open hasher */
static inline int hasher_final(snova_hasher *h, uint8_t digest[SNOVA_LIB_DIGEST_BYTES]) {
    snova_shake_ctx *shake = open_shake(h);
    if (shake == NULL)
        return -1;
    snova_shake_squeeze(shake, digest, SNOVA_LIB_DIGEST_BYTES);
    snova_wipe(h, sizeof(*h));
    return 0;
}

#endif
