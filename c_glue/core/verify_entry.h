/* snova_core_verify (and its test hook) and the prepared public key (core.h) of
 * a round's core, included by the core after it defines struct verify_ws (the
 * target `hash`, the evaluated map `out` as an array of target-sized matrices)
 * and evaluate(). Rounds 2 and 3 (SNOVA_VERIFY_KEY) prepare the public key
 * apart: struct verify_key (the public map's P11, P12, P21 in `pm` and P22, what
 * the target hash takes of the key in `key_id`, and all else verification
 * derives from the key alone), load_verify_key(k, key, scratch, pk) with its
 * VERIFY_SCRATCH_BYTES of scratch, the signature's
 * blocks in verify_ws's `X`, and evaluate(k, ws, key). Round 1 keeps the whole
 * map in verify_ws (and the signature in `X`), evaluate(k, ws), and prepares a
 * key as it is stored. */
#ifndef SNOVA_VERIFY_ENTRY_H
#define SNOVA_VERIFY_ENTRY_H

#include <stdlib.h>

#if defined(SNOVA_VERIFY_KEY)
/* the target into ws->hash, the signature into ws->X; -1 if the signature is
 * malformed */
static int load_signature(struct verify_ws *ws, const struct verify_key *key, const uint8_t *digest,
                          const uint8_t *sig) {
    if (!signature_nibbles_clear(sig))
        return -1;
    signed_hash(ws->hash, key->key_id, sizeof(key->key_id), digest, sig + SNOVA_SIG_PACKED_BYTES);
    snova_unpack_nibbles((uint8_t *)ws->X, sig, SNOVA_SIG_NIBBLES);
    return 0;
}

/* the verdict on sig under key, after the test hooks' fault (none: NULL),
 * which changes key; all data here is public */
static int check(kern_t *k, struct verify_ws *ws, struct verify_key *key, const uint8_t *digest,
                 const uint8_t *sig, const struct snova_verify_fault *fault) {
    if (load_signature(ws, key, digest, sig) != 0)
        return -1;
    apply_verify_fault(fault, ws->hash, (uint8_t *)key->pm.P11,
                       sizeof(key->pm.P11) + sizeof(key->pm.P12) + sizeof(key->pm.P21), (uint8_t *)key->P22);
    evaluate(k, ws, key);
    return verify_verdict(fault, ws->out[0], ws->hash, (int)(sizeof(ws->out) / sizeof(ws->out[0])),
                          sizeof(ws->out[0]));
}

/* The working memory comes from the heap, as the expanded public map alone
 * exceeds the stack that verification may use: one block, the same for every
 * signature (the key's scratch in the room of the signature's workspace, not
 * in use yet) */
struct verify_mem {
    struct verify_key key;
    union {
        struct verify_ws ws;
        uint8_t scratch[VERIFY_SCRATCH_BYTES];
    };
};

static int verify_with(const uint8_t *digest, const uint8_t *sig, const uint8_t *pk,
                       const struct snova_verify_fault *fault) {
    kern_t *k = snova_kernels();
    struct verify_mem *m = snova_alloc(sizeof(*m));
    int r = m != NULL ? load_verify_key(k, &m->key, m->scratch, pk) : -1;
    if (r == 0)
        r = check(k, &m->ws, &m->key, digest, sig, fault);
    snova_free(m);
    return r;
}

size_t snova_core_public_prepared_bytes(void) { return sizeof(struct verify_key); }

int snova_core_prepare_public(void *prepared, const uint8_t *pk) {
    uint8_t *scratch = snova_alloc(VERIFY_SCRATCH_BYTES);
    int r = scratch != NULL ? load_verify_key(snova_kernels(), prepared, scratch, pk) : -1;
    snova_free(scratch);
    return r;
}

int snova_core_verify_prepared(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const void *prepared) {
    struct verify_ws *ws = snova_alloc(sizeof(*ws));
    if (ws == NULL)
        return -1;
    /* without a fault, verification only reads the key; the helpers it shares
     * with signing take their blocks without const */
    int r = check(snova_kernels(), ws, (struct verify_key *)(uintptr_t)prepared, digest, sig, NULL);
    snova_free(ws);
    return r;
}
#else
/* Round 1: the target into ws->hash, the signature into ws->X, the public map
 * into ws->pm and ws->P22; -1 if the signature or key is malformed */
static int load_inputs(kern_t *k, struct verify_ws *ws, const uint8_t *digest, const uint8_t *sig,
                       const uint8_t *pk) {
    if (load_verify_inputs(ws->hash, (uint8_t *)ws->X, (uint8_t *)ws->P22, digest, sig, pk) != 0)
        return -1;
    expand_public(k, &ws->pm, pk);
    return 0;
}

/* the workspace comes from the heap: the expanded public map alone exceeds the
 * stack that verification may use */
static int verify_with(const uint8_t *digest, const uint8_t *sig, const uint8_t *pk,
                       const struct snova_verify_fault *fault) {
    struct verify_ws *ws = snova_alloc(sizeof(*ws));
    if (ws == NULL)
        return -1;
    /* all data here is public */
    kern_t *k = snova_kernels();
    int r = load_inputs(k, ws, digest, sig, pk);
    if (r == 0) {
        apply_verify_fault(fault, ws->hash, (uint8_t *)ws->pm.P11,
                           sizeof(ws->pm.P11) + sizeof(ws->pm.P12) + sizeof(ws->pm.P21), (uint8_t *)ws->P22);
        evaluate(k, ws);
        r = verify_verdict(fault, ws->out[0], ws->hash, (int)(sizeof(ws->out) / sizeof(ws->out[0])),
                           sizeof(ws->out[0]));
    }
    snova_free(ws);
    return r;
}

/* Round 1 prepares a public key as its stored bytes, checked as verification
 * checks it (core.h): its prepared verification is the plain one on them */
size_t snova_core_public_prepared_bytes(void) { return SNOVA_PK_BYTES; }

int snova_core_prepare_public(void *prepared, const uint8_t *pk) {
    if (!public_nibbles_clear(pk))
        return -1;
    memcpy(prepared, pk, SNOVA_PK_BYTES);
    return 0;
}

int snova_core_verify_prepared(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const void *prepared) {
    return snova_core_verify(digest, sig, prepared);
}
#endif

int snova_core_verify(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const uint8_t *pk) {
    return verify_with(digest, sig, pk, NULL);
}

#if defined(SNOVA_TEST_HOOKS)
int snova_test_verify_fault(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const uint8_t *pk,
                            const struct snova_verify_fault *fault) {
    return verify_with(digest, sig, pk, fault);
}
#endif

#endif
