/* SNOVA core, Round 2 algorithm (q = 16) as liboqs ships it, written for this
 * project from liboqs's behaviour.
 *
 * What changes from Round 1 (snova.c; what the two share is in snova_square.h):
 * equation e < o is the sum over a < alpha = l^2 + l of
 *   A_ea (X^t Q1_ea P_i Q2_ea X) B_ea,  i = (e + a) mod o,
 * each term with its own A, B, Q1 and Q2: for l < 4 the same for every key (drawn
 * from a constant seed), for l = 4, 5 drawn from the public seed after P11, P12
 * and P21. The public seed is expanded with AES-128-CTR or, for the _SHAKE
 * instances, with SHAKE128 in counter mode. The secret key is the 48-byte seed, or
 * for the _esk instances the expanded key (A, B, Q1, Q2, T12, F11, F12, F21, then
 * the seeds). The map is evaluated a public matrix at a time, over the alpha terms
 * that use it: term a of public matrix i is term a of equation (i - a) mod o.
 * Every matrix product goes through the kernel table (kernels.h); key generation
 * and signing are constant time with respect to secret data, as in Round 1;
 * working memory is on the heap, wiped before it is freed. */
#include "snova_namespace.h"
#include "snova_sync.h"
#include <stdlib.h>

#include "core.h"
#include "snova_square.h"

/* the equation that term a of public matrix i belongs to */
#define EQ(i, a) (((i) + O * ALPHA - (a)) % O)

/* A, B, Q1, Q2 of every term, [equation][a], adjacent as the expanded key has
 * them; the coefficients of Q1 and Q2 in powers of S */
struct abq {
    gf16m A[M][ALPHA], B[M][ALPHA], Q1[M][ALPHA], Q2[M][ALPHA];
};
struct abq_coef {
    uint8_t q1[M][ALPHA][L], q2[M][ALPHA][L];
};

/* ------------------------------------------------------------------------- */
/* public-seed expansion                                                      */

/* Field order is the keystream order: P11, P12, P21, then (l >= 4) A and B, and
 * the l coefficients of every Q1 and Q2, which land at the start of Q1 and are
 * expanded from there. */
struct pubmap {
    gf16m P11[M][V][V];
    gf16m P12[M][V][O];
    gf16m P21[M][O][V];
    struct abq abq;
    struct abq_coef qc;
    gf16m spow[L];
};

_Static_assert(offsetof(struct pubmap, abq) == SNOVA_P_NIBBLES, "public keystream layout");

static void expand_keystream(kern_t *k, uint8_t *out, size_t len, const uint8_t seed[SNOVA_PK_SEED_BYTES]) {
#if SNOVA_AES
    k->aes128_ctr_prng(out, len, seed);
#else
    (void)k;
    snova_shake128_ctr(out, len, seed);
#endif
}

#if SNOVA_FIXED_ABQ
static struct {
    struct abq abq;
    struct abq_coef qc;
} fixed_abq_table;

/* SHAKE256 of the constant seed: A and B are its first nibbles; the coefficients
 * of Q1 and Q2 are read, as liboqs reads them, from byte alpha l^2 on (over
 * bytes that A and B use too). */
static void gen_fixed_abq(void) {
    kern_t *k = snova_kernels();
    static const char seed[] = "SNOVA_ABQ";
    uint8_t raw[M * ALPHA * (LSQ + L)];
    uint8_t coeff[SNOVA_Q_NIBBLES];
    gf16m spow[L];
    struct abq *t = &fixed_abq_table.abq;
    snova_shake256(raw, sizeof(raw), (const uint8_t *)seed, sizeof(seed) - 1);
    snova_unpack_nibbles(t->A[0][0], raw, SNOVA_AB_NIBBLES);
    snova_unpack_nibbles(coeff, raw + ALPHA * LSQ, SNOVA_Q_NIBBLES);
    gen_s_powers(k, spow);
    gen_abq(k, spow, M * ALPHA, t->A[0], t->B[0], t->Q1[0], t->Q2[0], fixed_abq_table.qc.q1[0],
            fixed_abq_table.qc.q2[0], coeff);
}

static snova_once fixed_abq_once = SNOVA_ONCE_INIT;
#else
/* liboqs reads the coefficients from the keystream's last bytes: they must start a byte */
_Static_assert((SNOVA_P_NIBBLES + SNOVA_AB_NIBBLES) % 2 == 0 &&
                   offsetof(struct pubmap, abq.Q1) + SNOVA_Q_NIBBLES == SNOVA_PUB_NIBBLES,
               "public keystream layout");
#endif

static void expand_public(kern_t *k, struct pubmap *pm, const uint8_t seed[SNOVA_PK_SEED_BYTES]) {
    uint8_t *raw = (uint8_t *)pm;
#if SNOVA_FIXED_ABQ
    /* only P11, P12, P21 come from the seed (the keystream's later part is unused) */
    expand_keystream(k, raw, (SNOVA_P_NIBBLES + 1) / 2, seed);
    snova_unpack_nibbles(raw, raw, SNOVA_P_NIBBLES); /* one element per byte, in place */
    snova_once_run(&fixed_abq_once, gen_fixed_abq);
    pm->abq = fixed_abq_table.abq;
    pm->qc = fixed_abq_table.qc;
    gen_s_powers(k, pm->spow);
#else
    uint8_t coeff[SNOVA_Q_NIBBLES];
    expand_keystream(k, raw, SNOVA_PUB_BYTES, seed);
    snova_unpack_nibbles(raw, raw, SNOVA_PUB_NIBBLES);
    gen_s_powers(k, pm->spow);
    memcpy(coeff, pm->abq.Q1, sizeof(coeff));
    gen_abq(k, pm->spow, M * ALPHA, pm->abq.A[0], pm->abq.B[0], pm->abq.Q1[0], pm->abq.Q2[0], pm->qc.q1[0],
            pm->qc.q2[0], coeff);
#endif
}

/* ------------------------------------------------------------------------- */
/* key generation                                                             */

int snova_core_keypair(uint8_t *pk, uint8_t *sk, const uint8_t seed[SNOVA_SEED_BYTES]) {
    kern_t *k = snova_kernels();
    /* F12 and F21 are made over P12 and P21 (make_public_key, compute_f21) */
    struct ws {
        struct pubmap pm;
        gf16m T12[V][O];
        uint8_t t12tab[T12_TABLES];
        gf16m P22[M][O][O];
    } *ws = snova_alloc(sizeof(*ws));
    if (ws == NULL)
        return -1;

    expand_public(k, &ws->pm, seed);
    gen_t12(k, ws->T12, seed + SNOVA_PK_SEED_BYTES);
    const uint8_t *t12tab = t12_tables(k, ws->t12tab, ws->T12);
    make_public_key(k, pk, seed, ws->T12, t12tab, ws->pm.P11, ws->pm.P12, ws->pm.P21, ws->P22);
#if SNOVA_ESK
    compute_f21(k, M, ws->pm.P21, ws->pm.P11, ws->pm.P21, ws->T12, t12tab);
    pack_esk(sk, ws->pm.abq.A[0][0], M * ALPHA, ws->T12, ws->pm.P11, ws->pm.P12, ws->pm.P21, seed,
             seed + SNOVA_PK_SEED_BYTES);
#else
    memcpy(sk, seed, SNOVA_SEED_BYTES);
#endif
    snova_free_wiped(ws, sizeof(*ws));
    return 0;
}

/* ------------------------------------------------------------------------- */
/* the terms of each public matrix                                            */

struct matrix_terms {
    gf16m A[M][ALPHA], B[M][ALPHA], Q1[M][ALPHA], Q2[M][ALPHA];
    uint8_t q1[M][ALPHA][L], q2[M][ALPHA][L], pair[M][ALPHA][L * L];
    struct terms t[M];
};

/* The terms of every public matrix, from those of every equation */
static void gather_terms(struct matrix_terms *mt, const struct abq *c, const struct abq_coef *qc) {
    for (int i = 0; i < M; i++) {
        for (int a = 0; a < ALPHA; a++) {
            const int e = EQ(i, a);
            memcpy(mt->A[i][a], c->A[e][a], LSQ);
            memcpy(mt->B[i][a], c->B[e][a], LSQ);
            memcpy(mt->Q1[i][a], c->Q1[e][a], LSQ);
            memcpy(mt->Q2[i][a], c->Q2[e][a], LSQ);
            memcpy(mt->q1[i][a], qc->q1[e][a], L);
            memcpy(mt->q2[i][a], qc->q2[e][a], L);
        }
        pair_weights(mt->pair[i], mt->q1[i], mt->q2[i], ALPHA);
        mt->t[i] = (struct terms){mt->A[i], mt->B[i], mt->Q1[i], mt->Q2[i], mt->q1[i], mt->q2[i], mt->pair[i]};
    }
}

/* out[e] += the terms of public matrix i (whose T is in w) at the n variables, each
 * in its equation e */
static void quad_terms(kern_t *k, struct quad_ws *w, int n, struct matrix_terms *mt, int i, gf16m out[O]) {
    quad_brackets(k, w, n, mt->pair[i]);
    for (int a = 0; a < ALPHA; a++)
        quad_add_term(k, w, out[EQ(i, a)], &mt->t[i], a);
}

/* ------------------------------------------------------------------------- */
/* signing                                                                    */

/* With the seed key, F12 = P11 T12 + P12 is never formed, nor, where l < o,
 * F21 = T12^t P11 + P21: the key holds P12 (and P21) in their place, and each
 * attempt adds the P11 parts to G1 and G2 (snova_square.h) from products that it
 * has anyway or that cost less than forming F12 and F21 once:
 *   G1_p[c] += sum_k T_pk T12[k][c]   (T of the vinegar's quadratic form),
 *   G2_q[c] += sum_k T12[k][c] W_qk,   W_qk = sum_j P11[k][j] Y_qj,
 * W costing v^2 l block products per public matrix against v^2 o for F21. */
#define SEED_KEY_FORMS_F21 (O <= L)

struct sign_key {
    const struct abq *abq;
    const struct abq_coef *qc;
    struct secret_map f;
    const uint8_t *t12tab; /* T12's product tables (t12_tables) or NULL */
};

struct sign_ws {
    struct matrix_terms mt;
    uint8_t hash[SNOVA_HASH_NIBBLES];
    struct attempt_ws at;
    gf16m fvv[O];
    gf16m lx[O][O][ALPHA], rx[O][O][ALPHA]; /* [oil block][equation][term]: the factors of the system */
    gf16m lxm[ALPHA], rxm[ALPHA];           /* the same for the terms of one public matrix */
#if !SNOVA_ESK && !SEED_KEY_FORMS_F21
    gf16m W[V][L]; /* W[k][q] = W_qk of the public matrix at hand */
#endif
};

/* G1 and G2 of public matrix i, whose T is in the workspace */
static void matrix_vinegar_factors(kern_t *k, struct sign_ws *ws, const struct sign_key *key, int i) {
    struct attempt_ws *at = &ws->at;
    vinegar_factors(k, &at->ow, &at->qw, key->f.F12[i], key->f.F21[i]);
#if !SNOVA_ESK
    for (int p = 0; p < L; p++)
        k->gf16m_rowdot(at->ow.g1[p][0], T_AT(&at->qw, p, 0), T_KSTRIDE, key->f.T12[0][0], O * LSQ, V, O);
#if !SEED_KEY_FORMS_F21
    memset(ws->W, 0, sizeof(ws->W));
    for (int j = 0; j < V; j++)
        k->gf16m_rowdot(ws->W[j][0], key->f.F11[i][j][0], LSQ, at->qw.Yt[0][0], L * LSQ, V, L);
    for (int c = 0; c < O; c++)
        t12_column_rowdot(k, at->ow.g2[c][0], key->f.T12, key->t12tab, c, ws->W[0][0], L * LSQ, L);
#endif
#endif
}

/* Public matrix i's share of an attempt: its terms at the vinegar into fvv, and
 * the factors of every oil block in its terms (snova_square.h), by equation */
static void matrix_share(kern_t *k, struct sign_ws *ws, const struct sign_key *key, int i) {
    struct attempt_ws *at = &ws->at;
    memset(at->qw.T, 0, sizeof(at->qw.T));
    quad_block(k, &at->qw, key->f.F11[i][0], V, V, 0, 0);
    quad_terms(k, &at->qw, V, &ws->mt, i, ws->fvv);
    matrix_vinegar_factors(k, ws, key, i);
    for (int c = 0; c < O; c++) {
        oil_factors(k, &at->ow, c, &ws->mt.t[i], ws->lxm, ws->rxm);
        for (int a = 0; a < ALPHA; a++) {
            memcpy(ws->lx[c][EQ(i, a)][a], ws->lxm[a], LSQ);
            memcpy(ws->rx[c][EQ(i, a)][a], ws->rxm[a], LSQ);
        }
    }
}

static int sign_core(kern_t *k, struct sign_ws *ws, uint8_t *sig, const uint8_t *digest, const uint8_t *salt,
                     const struct sign_key *key) {
    uint8_t ok = 0;
    signed_hash(ws->hash, key->f.pk_seed, SNOVA_PK_SEED_BYTES, digest, salt);
    gen_s_powers(k, ws->at.spow);
    gather_terms(&ws->mt, key->abq, key->qc);

    /* as liboqs: attempts 1 to 254 */
    for (unsigned attempt = 1; attempt < 255 && !ok; attempt++) {
        struct attempt_ws *at = &ws->at;
        attempt_start(k, at, key->f.sk_seed, digest, salt, attempt);
        memset(ws->fvv, 0, sizeof(ws->fvv));
        for (int i = 0; i < M; i++)
            matrix_share(k, ws, key, i);
        /* right-hand side: hash + F11 at the vinegar; coefficients: each equation's
         * alpha terms through the system kernel */
        for (int r = 0; r < NEQ; r++)
            at->G[r][G_RHS] = (uint8_t)(ws->hash[r] ^ ((const uint8_t *)ws->fvv)[r]);
        for (int e = 0; e < O; e++)
            for (int c = 0; c < O; c++) {
                k->linsys_lr(at->coef, ws->lx[c][e][0], key->abq->B[e][0], key->abq->A[e][0], ws->rx[c][e][0],
                             ALPHA);
                put_coefficients(at->G, e, c, at->coef);
            }
        ok = attempt_solve(k, at);
    }
    return attempt_signature(k, sig, &ws->at, ok, key->f.T12, salt);
}

#if SNOVA_ESK
/* esk layout, matching the order of the packed elements */
struct esk_elems {
    struct abq abq;
    gf16m T12[V][O];
    gf16m F11[M][V][V];
    gf16m F12[M][V][O];
    gf16m F21[M][O][V];
};

_Static_assert(sizeof(struct esk_elems) == SNOVA_ESK_NIBBLES, "expanded key layout");

/* What signing derives from the secret key (and its copy, which the key's
 * pointers name): a prepared secret key's parts */
struct sign_mem {
    struct esk_elems e;
    struct abq_coef qc;
    uint8_t sk[SNOVA_SK_BYTES];
};

/* The expanded key holds Q1 and Q2, not their coefficients. fqs_recover is linear
 * in Q's first row, so recovering the unit rows gives the coefficients of every
 * first row as a product by an l x l matrix. */
static void recover_coefficients(struct abq_coef *qc, const struct abq *c, gf16m spow[L]) {
    uint8_t unit[LSQ] = {0}, unit_coef[L][L];
    for (int j = 0; j < L; j++) {
        unit[j] = 1;
        fqs_recover(unit, spow, unit_coef[j]);
        unit[j] = 0;
    }
    for (int e = 0; e < M; e++)
        for (int a = 0; a < ALPHA; a++)
            for (int p = 0; p < L; p++) {
                uint8_t s1 = 0, s2 = 0;
                for (int j = 0; j < L; j++) {
                    s1 ^= gf16_mul(c->Q1[e][a][j], unit_coef[j][p]);
                    s2 ^= gf16_mul(c->Q2[e][a][j], unit_coef[j][p]);
                }
                qc->q1[e][a][p] = s1;
                qc->q2[e][a][p] = s2;
            }
}

static void load_key(kern_t *k, struct sign_mem *mem, struct sign_key *key, const uint8_t *sk_in) {
    struct esk_elems *e = &mem->e;
    const uint8_t *sk = memcpy(mem->sk, sk_in, SNOVA_SK_BYTES);
    gf16m spow[L];
    unpack_halves((uint8_t *)e, sk, SNOVA_ESK_NIBBLES);
    gen_s_powers(k, spow);
    recover_coefficients(&mem->qc, &e->abq, spow);
    *key = (struct sign_key){&e->abq, &mem->qc,
                             {e->T12, e->F11, e->F12, e->F21, sk + SNOVA_ESK_NIBBLES / 2,
                              sk + SNOVA_ESK_NIBBLES / 2 + SNOVA_PK_SEED_BYTES},
                             NULL};
}
#else
struct sign_mem {
    struct pubmap pm;
    gf16m T12[V][O];
    uint8_t t12tab[T12_TABLES];
#if SEED_KEY_FORMS_F21
    gf16m F21[M][O][V];
#endif
    uint8_t sk[SNOVA_SK_BYTES];
};

/* the key from the seed: F11 is P11; F12 (and F21 where l < o) hold P12 (P21),
 * see SEED_KEY_FORMS_F21 */
static void load_key(kern_t *k, struct sign_mem *mem, struct sign_key *key, const uint8_t *sk_in) {
    const uint8_t *sk = memcpy(mem->sk, sk_in, SNOVA_SK_BYTES);
    expand_public(k, &mem->pm, sk);
    gen_t12(k, mem->T12, sk + SNOVA_PK_SEED_BYTES);
    const uint8_t *t12tab = t12_tables(k, mem->t12tab, mem->T12);
#if SEED_KEY_FORMS_F21
    compute_f21(k, M, mem->F21, mem->pm.P11, mem->pm.P21, mem->T12, t12tab);
    gf16m(*F21)[O][V] = mem->F21;
#else
    gf16m(*F21)[O][V] = mem->pm.P21;
#endif
    *key = (struct sign_key){&mem->pm.abq, &mem->pm.qc,
                             {mem->T12, mem->pm.P11, mem->pm.P12, F21, sk, sk + SNOVA_PK_SEED_BYTES}, t12tab};
}
#endif

/* A prepared secret key (sign_entry.h): its parts, and the key over them */
struct prepared_secret {
    struct sign_mem mem;
    struct sign_key key;
};

static void prepare_secret(kern_t *k, struct prepared_secret *p, const uint8_t *sk) {
    load_key(k, &p->mem, &p->key, sk);
}

static int sign_with(kern_t *k, struct sign_ws *ws, uint8_t *sig, const uint8_t *digest, const uint8_t *salt,
                     const struct prepared_secret *p) {
    return sign_core(k, ws, sig, digest, salt, &p->key);
}

#include "sign_entry.h"

/* ------------------------------------------------------------------------- */
/* verification                                                               */

/* What verification derives from the public key alone: a prepared public key */
struct verify_key {
    struct pubmap pm;
    gf16m P22[M][O][O];
    struct matrix_terms mt;
    uint8_t key_id[SNOVA_PK_SEED_BYTES]; /* what the target hash takes of the key: its public seed */
};

/* One signature's working memory */
struct verify_ws {
    gf16m X[N];
    struct quad_ws w;
    gf16m out[O];
    uint8_t hash[SNOVA_HASH_NIBBLES];
};
_Static_assert(sizeof(((struct verify_ws *)0)->out) == SNOVA_HASH_NIBBLES, "target layout");

/* key from pk: -1 if pk is malformed (scratch: unused) */
#define VERIFY_SCRATCH_BYTES 1
static int load_verify_key(kern_t *k, struct verify_key *key, uint8_t *scratch, const uint8_t *pk) {
    (void)scratch;
    if (!public_nibbles_clear(pk))
        return -1;
    memcpy(key->key_id, pk, SNOVA_PK_SEED_BYTES);
    expand_public(k, &key->pm, pk);
    snova_unpack_nibbles((uint8_t *)key->P22, pk + SNOVA_PK_SEED_BYTES, SNOVA_P22_NIBBLES);
    gather_terms(&key->mt, &key->pm.abq, &key->pm.qc);
    return 0;
}

/* the public map at the signature into ws->out */
static void evaluate(kern_t *k, struct verify_ws *ws, struct verify_key *key) {
    quad_prepare(k, &ws->w, ws->X, N, key->pm.spow);
    memset(ws->out, 0, sizeof(ws->out));
    for (int i = 0; i < M; i++) {
        quad_public(k, &ws->w, key->pm.P11[i], key->pm.P12[i], key->pm.P21[i], key->P22[i]);
        quad_terms(k, &ws->w, N, &key->mt, i, ws->out);
    }
}

#define SNOVA_VERIFY_KEY
#include "verify_entry.h"
