/* snova_core_verify (and its test hook) of a round's core, included by the
 * core after it defines struct verify_ws (the target `hash`, the signature `X`,
 * the evaluated map `out` as an array of target-sized matrices, the public map's
 * P11, P12, P21 in `pm` and P22) and evaluate(); or, where the core verifies
 * with its public key prepared apart (Round 3, core.h), after it defines
 * verify_with() itself (SNOVA_OWN_VERIFY_WITH). */
#ifndef SNOVA_VERIFY_ENTRY_H
#define SNOVA_VERIFY_ENTRY_H

#include <stdlib.h>

#if !defined(SNOVA_OWN_VERIFY_WITH)
/* Rounds 1 and 2: the target into ws->hash, the signature into ws->X, the public
 * map into ws->pm and ws->P22; -1 if the signature or key is malformed */
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
    free(ws);
    return r;
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
