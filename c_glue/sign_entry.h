/* snova_core_sign and the prepared secret key (core.h) of a round's core that
 * prepares it (Rounds 2 and 3), included by the core after it defines struct
 * prepared_secret (all signing derives from the secret key alone),
 * prepare_secret(k, p, sk), struct sign_ws (one signature's working memory) and
 * sign_with(k, ws, sig, digest, salt, p). */
#ifndef SNOVA_SIGN_ENTRY_H
#define SNOVA_SIGN_ENTRY_H

size_t snova_core_secret_prepared_bytes(void) { return sizeof(struct prepared_secret); }

int snova_core_prepare_secret(void *prepared, const uint8_t *sk) {
    prepare_secret(snova_kernels(), prepared, sk);
    return 0;
}

/* the working memory comes from the heap and is wiped before it is freed */
int snova_core_sign_prepared(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES],
                             const uint8_t salt[SNOVA_SALT_BYTES], const void *prepared) {
    struct sign_ws *ws = snova_alloc(sizeof(*ws));
    if (ws == NULL)
        return -1;
    int r = sign_with(snova_kernels(), ws, sig, digest, salt, prepared);
    snova_free_wiped(ws, sizeof(*ws));
    return r;
}

int snova_core_sign(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t salt[SNOVA_SALT_BYTES],
                    const uint8_t *sk) {
    struct prepared_secret *p = snova_alloc(sizeof(*p));
    int r = -1;
    if (p != NULL && snova_core_prepare_secret(p, sk) == 0)
        r = snova_core_sign_prepared(sig, digest, salt, p);
    snova_free_wiped(p, sizeof(*p));
    return r;
}

#endif
