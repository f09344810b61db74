/* SNOVA core, Round 1 algorithm (q = 16), written for this project.
 *
 * Elements of GF(16) = GF(2)[x]/(x^4 + x + 1) are kept one per byte; an l x l
 * matrix is l*l bytes, row-major. Every matrix sum and product goes through the
 * kernel table (kernels.h), and so does the AES-128-CTR expansion of the public
 * seed. Key generation and signing are constant time with respect to secret data:
 * no branch and no memory index depends on it (the only data-dependent branch is
 * the retry of a signature whose linear system is singular, as in every SNOVA
 * implementation). Secret intermediates are wiped before returning. */
#include "snova_namespace.h"
#include "snova.h"

#include <stdlib.h>

#include "core.h"
#include "snova_square.h"

/* ------------------------------------------------------------------------- */
/* public-seed expansion                                                      */

/* Field order is the keystream order; the l coefficients of the Q1 and Q2
 * matrices land at the start of Q1 and are expanded from there. */
struct pubmap {
    gf16m P11[M][V][V];
    gf16m P12[M][V][O];
    gf16m P21[M][O][V];
    gf16m A[LSQ];
    gf16m B[LSQ];
    gf16m Q1[LSQ];
    gf16m Q2[LSQ];
    /* coefficients of Q1 and Q2 in powers of S, and the powers S^0 .. S^(l-1) */
    uint8_t q1c[LSQ][L], q2c[LSQ][L];
    gf16m spow[L];
};

_Static_assert(offsetof(struct pubmap, Q1) + 2 * L * LSQ == SNOVA_PUB_NIBBLES,
               "public keystream layout");

static void expand_public(kern_t *k, struct pubmap *pm, const uint8_t seed[SNOVA_PK_SEED_BYTES]) {
    uint8_t *raw = (uint8_t *)pm;
    uint8_t coeff[2 * L * LSQ];

    k->aes128_ctr_prng(raw, SNOVA_PUB_BYTES, seed);
    snova_unpack_nibbles(raw, raw, SNOVA_PUB_NIBBLES);   /* one nibble per byte, in place */

    gen_s_powers(k, pm->spow);
    memcpy(coeff, pm->Q1, sizeof(coeff));
    gen_abq(k, pm->spow, LSQ, pm->A, pm->B, pm->Q1, pm->Q2, pm->q1c, pm->q2c, coeff);
}

/* F12 and F21 are made over P12 and P21 (make_public_key, compute_f21) */
struct keygen_ws {
    struct pubmap pm;
    gf16m T12[V][O];
    uint8_t t12tab[T12_TABLES];
    gf16m P22[M][O][O];
};

/* Workspaces of Round 1 come from the heap (they grow to megabytes with the set;
 * the stack is bounded) and are wiped before they are freed. */
int snova_keygen(uint8_t *pk, uint8_t *esk, const uint8_t pk_seed[SNOVA_PK_SEED_BYTES],
                 const uint8_t sk_seed[SNOVA_SK_SEED_BYTES]) {
    kern_t *k = snova_kernels();
    struct keygen_ws *ws = snova_alloc(sizeof(*ws));
    if (ws == NULL)
        return -1;

    expand_public(k, &ws->pm, pk_seed);
    gen_t12(k, ws->T12, sk_seed);
    const uint8_t *t12tab = t12_tables(k, ws->t12tab, ws->T12);
    make_public_key(k, pk, pk_seed, ws->T12, t12tab, ws->pm.P11, ws->pm.P12, ws->pm.P21, ws->P22);
    compute_f21(k, M, ws->pm.P21, ws->pm.P11, ws->pm.P21, ws->T12, t12tab);

    /* A, B, Q1, Q2 are adjacent in the public map; F11 is P11, F12 and F21 are
     * over P12 and P21 */
    if (esk != NULL)
        pack_esk(esk, ws->pm.A[0], LSQ, ws->T12, ws->pm.P11, ws->pm.P12, ws->pm.P21, pk_seed, sk_seed);
    snova_free_wiped(ws, sizeof(*ws));
    return 0;
}

/* ------------------------------------------------------------------------- */
/* the quadratic forms of signing (F11 on the vinegar) and verification       */

/* out = sum_a A_a S_a B_a over the l^2 terms of the public matrix whose T is in w:
 * one equation */
static void quad_equation(kern_t *k, struct quad_ws *w, uint8_t *out, int n, const struct terms *t) {
    quad_brackets(k, w, n, t->pair);
    memset(out, 0, LSQ);
    for (int a = 0; a < LSQ; a++)
        quad_add_term(k, w, out, t, a);
}

/* ------------------------------------------------------------------------- */
/* signing                                                                    */

struct sign_key {
    gf16m *A, *B, *Q1, *Q2;
    struct secret_map f;
};

struct sign_ws {
    uint8_t hash[SNOVA_HASH_NIBBLES];
    uint8_t q1c[LSQ][L], q2c[LSQ][L], pair[LSQ][L * L];
    struct terms terms;         /* the same l^2 terms for every public matrix */
    struct attempt_ws at;
    gf16m fvv;
    gf16m lx[LSQ], rx[LSQ];     /* left and right factors of each a's terms */
};

/* Coefficients of the oil variables in the system (snova_square.h): equation i is
 * the l^2 terms of public matrix i. */
static void build_system(kern_t *k, struct sign_ws *ws, const struct sign_key *key) {
    struct attempt_ws *at = &ws->at;
    for (int i = 0; i < M; i++) {
        vinegar_factors(k, &at->ow, &at->qw, key->f.F12[i], key->f.F21[i]);
        for (int c = 0; c < O; c++) {
            oil_factors(k, &at->ow, c, &ws->terms, ws->lx, ws->rx);
            k->gf16m_linsys_coeffs(at->coef, ws->lx[0], key->B[0], key->A[0], ws->rx[0]);
            put_coefficients(at->G, i, c, at->coef);
        }
    }
}

static int sign_core(kern_t *k, uint8_t *sig, const uint8_t *digest, const uint8_t *salt,
                     const struct sign_key *key, struct sign_ws *ws) {
    uint8_t ok = 0;
    signed_hash(ws->hash, key->f.pk_seed, SNOVA_PK_SEED_BYTES, digest, salt);
    gen_s_powers(k, ws->at.spow);
    for (int a = 0; a < LSQ; a++) {
        fqs_recover(key->Q1[a], ws->at.spow, ws->q1c[a]);
        fqs_recover(key->Q2[a], ws->at.spow, ws->q2c[a]);
    }
    pair_weights(ws->pair, ws->q1c, ws->q2c, LSQ);
    ws->terms = (struct terms){key->A, key->B, key->Q1, key->Q2, ws->q1c, ws->q2c, ws->pair};

    for (unsigned attempt = 1; attempt <= 255 && !ok; attempt++) {
        struct attempt_ws *at = &ws->at;
        attempt_start(k, at, key->f.sk_seed, digest, salt, attempt);
        /* right-hand side: hash + F11 evaluated on the vinegar */
        for (int i = 0; i < M; i++) {
            memset(at->qw.T, 0, sizeof(at->qw.T));
            quad_block(k, &at->qw, (gf16m *)key->f.F11[i], V, V, 0, 0);
            quad_equation(k, &at->qw, ws->fvv, V, &ws->terms);
            for (int r = 0; r < LSQ; r++)
                at->G[i * LSQ + r][G_RHS] = (uint8_t)(ws->hash[i * LSQ + r] ^ ws->fvv[r]);
        }
        build_system(k, ws, key);
        ok = attempt_solve(k, at);
    }
    return attempt_signature(k, sig, &ws->at, ok, key->f.T12, salt);
}

/* esk layout, matching the order of the packed elements */
struct esk_elems {
    gf16m A[LSQ], B[LSQ], Q1[LSQ], Q2[LSQ];
    gf16m T12[V][O];
    gf16m F11[M][V][V];
    gf16m F12[M][V][O];
    gf16m F21[M][O][V];
};

_Static_assert(sizeof(struct esk_elems) == SNOVA_ESK_NIBBLES, "expanded key layout");

int snova_sign_esk(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t salt[SNOVA_SALT_BYTES],
                   const uint8_t *esk) {
    kern_t *k = snova_kernels();
    struct {
        struct esk_elems e;
        struct sign_ws s;
    } *ws = snova_alloc(sizeof(*ws));
    if (ws == NULL)
        return -1;
    unpack_halves((uint8_t *)&ws->e, esk, SNOVA_ESK_NIBBLES);
    struct sign_key key = {ws->e.A, ws->e.B, ws->e.Q1, ws->e.Q2,
                           {ws->e.T12, ws->e.F11, ws->e.F12, ws->e.F21, esk + SNOVA_ESK_NIBBLES / 2,
                            esk + SNOVA_ESK_NIBBLES / 2 + SNOVA_PK_SEED_BYTES}};
    int r = sign_core(k, sig, digest, salt, &key, &ws->s);
    snova_free_wiped(ws, sizeof(*ws));
    return r;
}

int snova_sign_ssk(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t salt[SNOVA_SALT_BYTES],
                   const uint8_t *ssk) {
    kern_t *k = snova_kernels();
    struct {
        struct pubmap pm;
        gf16m T12[V][O];
        uint8_t t12tab[T12_TABLES];
        gf16m F12[M][V][O];
        gf16m F21[M][O][V];
        struct sign_ws s;
    } *ws = snova_alloc(sizeof(*ws));
    if (ws == NULL)
        return -1;
    const uint8_t *pk_seed = ssk, *sk_seed = ssk + SNOVA_PK_SEED_BYTES;
    expand_public(k, &ws->pm, pk_seed);
    gen_t12(k, ws->T12, sk_seed);
    const uint8_t *t12tab = t12_tables(k, ws->t12tab, ws->T12);
    compute_f12(k, M, ws->F12, ws->pm.P11, ws->pm.P12, ws->T12, t12tab);
    compute_f21(k, M, ws->F21, ws->pm.P11, ws->pm.P21, ws->T12, t12tab);
    struct sign_key key = {ws->pm.A, ws->pm.B, ws->pm.Q1, ws->pm.Q2,
                           {ws->T12, ws->pm.P11, ws->F12, ws->F21, pk_seed, sk_seed}};
    int r = sign_core(k, sig, digest, salt, &key, &ws->s);
    snova_free_wiped(ws, sizeof(*ws));
    return r;
}

/* ------------------------------------------------------------------------- */
/* verification                                                               */

struct verify_ws {
    struct pubmap pm;
    gf16m P22[M][O][O];
    gf16m X[N];
    struct quad_ws w;
    gf16m out[M];
    uint8_t pair[LSQ][L * L];
    uint8_t hash[SNOVA_HASH_NIBBLES];
};

/* the public map at the signature into ws->out */
static void evaluate(kern_t *k, struct verify_ws *ws) {
    quad_prepare(k, &ws->w, ws->X, N, ws->pm.spow);
    pair_weights(ws->pair, ws->pm.q1c, ws->pm.q2c, LSQ);
    const struct terms t = {.A = ws->pm.A, .B = ws->pm.B, .pair = ws->pair};
    for (int i = 0; i < M; i++) {
        quad_public(k, &ws->w, ws->pm.P11[i], ws->pm.P12[i], ws->pm.P21[i], ws->P22[i]);
        quad_equation(k, &ws->w, ws->out[i], N, &t);
    }
}

#include "verify_entry.h"

int snova_verify(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const uint8_t *pk) {
    return snova_core_verify(digest, sig, pk);
}

/* ------------------------------------------------------------------------- */
/* the round-neutral entry points of the NIST API (core.h)                    */

int snova_core_keypair(uint8_t *pk, uint8_t *sk, const uint8_t seed[SNOVA_SEED_BYTES]) {
#if SNOVA_SSK
    if (snova_keygen(pk, NULL, seed, seed + SNOVA_PK_SEED_BYTES) != 0)
        return -1;
    memcpy(sk, seed, SNOVA_SEED_BYTES);
    return 0;
#else
    return snova_keygen(pk, sk, seed, seed + SNOVA_PK_SEED_BYTES);
#endif
}

int snova_core_sign(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t salt[SNOVA_SALT_BYTES],
                    const uint8_t *sk) {
#if SNOVA_SSK
    return snova_sign_ssk(sig, digest, salt, sk);
#else
    return snova_sign_esk(sig, digest, salt, sk);
#endif
}

/* Round 1 prepares a secret key as its stored bytes (core.h): the prepared
 * signature is the plain one on them */
size_t snova_core_secret_prepared_bytes(void) { return SNOVA_SK_BYTES; }

int snova_core_prepare_secret(void *prepared, const uint8_t *sk) {
    memcpy(prepared, sk, SNOVA_SK_BYTES);
    return 0;
}

int snova_core_sign_prepared(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES],
                             const uint8_t salt[SNOVA_SALT_BYTES], const void *prepared) {
    return snova_core_sign(sig, digest, salt, prepared);
}
