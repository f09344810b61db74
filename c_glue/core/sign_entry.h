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

/* the key's parts and the signature's workspace in one block, the same for
 * every signature */
int snova_core_sign(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t salt[SNOVA_SALT_BYTES],
                    const uint8_t *sk) {
    kern_t *k = snova_kernels();
    struct {
        struct prepared_secret key;
        struct sign_ws ws;
    } *m = snova_alloc(sizeof(*m));
    if (m == NULL)
        return -1;
    prepare_secret(k, &m->key, sk);
    int r = sign_with(k, &m->ws, sig, digest, salt, &m->key);
    snova_free_wiped(m, sizeof(*m));
    return r;
}

#endif
