/* What Rounds 1 and 2 share beyond snova_common.h, for snova.c and snova_r2.c to
 * include after it. Both have l x l blocks and m = o public matrices P_i, and a
 * public map whose equations are sums of terms A (X^t Q1 P_i Q2 X) B with Q1, Q2 in
 * F16[S]. Round 1 has the same l^2 terms in every equation, and equation i uses P_i
 * only; in Round 2 term a of equation e (a < l^2 + l, each with its own A, B, Q1,
 * Q2) uses P_i for i = (e + a) mod o. Both evaluate the map a public matrix at a
 * time, over the alpha terms that use it (struct terms). */
#ifndef SNOVA_SQUARE_H
#define SNOVA_SQUARE_H

#include "snova_common.h"

#define M SNOVA_M
#define ALPHA SNOVA_ALPHA

_Static_assert(SNOVA_ESK_NIBBLES % 2 == 0, "expanded key halves must be equal");

/* ------------------------------------------------------------------------- */
/* the expanded secret key                                                    */

/* The expanded secret key stores element i in the low nibble of byte i and
 * element i + total/2 in its high nibble. The elements come from several arrays. */
struct segment {
    const uint8_t *p;
    size_t n;
};

/* *s, *at moved on to the segment that holds element *at of *s and its position
 * there */
static inline void segment_seek(const struct segment **s, size_t *at) {
    while (*at >= (*s)->n) {
        *at -= (*s)->n;
        (*s)++;
    }
}

/* One pass over the two halves: a cursor (segment, element) for each, each run
 * as long as both segments last, so the loop over a run is one OR per byte. The
 * segments hold `total` elements. The run's loop reads through local pointers:
 * through the cursors, whose addresses segment_seek takes, clang kept them in
 * memory that the byte stores may alias and did not vectorise it (key
 * generation of the esk sets +36% to +52% estimated cycles). */
static inline void pack_halves(uint8_t *out, const struct segment *seg, size_t total) {
    const size_t half = total / 2;
    const struct segment *lo = seg, *hi = seg;
    size_t la = 0, ha = half;
    for (size_t i = 0; i < half;) {
        segment_seek(&lo, &la);
        segment_seek(&hi, &ha);
        size_t run = half - i;
        run = lo->n - la < run ? lo->n - la : run;
        run = hi->n - ha < run ? hi->n - ha : run;
        const uint8_t *low = lo->p + la, *high = hi->p + ha;
        for (size_t j = 0; j < run; j++)
            out[i + j] = (uint8_t)(low[j] | (high[j] << 4));
        i += run;
        la += run;
        ha += run;
    }
}

static inline void unpack_halves(uint8_t *out, const uint8_t *in, size_t total) {
    size_t half = total / 2;
    for (size_t i = 0; i < half; i++) {
        out[i] = (uint8_t)(in[i] & 0x0F);
        out[i + half] = (uint8_t)(in[i] >> 4);
    }
}

/* esk: A, B, Q1, Q2 of the nterms terms (adjacent at abq), T12, F11 = P11, F12 and
 * F21 as halves, then the public and the private seed */
static inline void pack_esk(uint8_t *esk, const uint8_t *abq, size_t nterms, gf16m T12[V][O], gf16m P11[M][V][V],
                            gf16m F12[M][V][O], gf16m F21[M][O][V], const uint8_t pk_seed[SNOVA_PK_SEED_BYTES],
                            const uint8_t sk_seed[SNOVA_SK_SEED_BYTES]) {
    const struct segment seg[] = {
        {abq, 4 * nterms * LSQ},
        {T12[0][0], sizeof(gf16m[V][O])},
        {P11[0][0][0], sizeof(gf16m[M][V][V])},
        {F12[0][0][0], sizeof(gf16m[M][V][O])},
        {F21[0][0][0], sizeof(gf16m[M][O][V])},
    };
    pack_halves(esk, seg, SNOVA_ESK_NIBBLES);
    memcpy(esk + SNOVA_ESK_NIBBLES / 2, pk_seed, SNOVA_PK_SEED_BYTES);
    memcpy(esk + SNOVA_ESK_NIBBLES / 2 + SNOVA_PK_SEED_BYTES, sk_seed, SNOVA_SK_SEED_BYTES);
}

/* ------------------------------------------------------------------------- */
/* key generation                                                             */

/* F12 = P11 T12 + P12 made over P12 (which key generation needs no more), P22,
 * and pk = public seed || P22 packed (t12tab: t12_tables or NULL) */
static inline void make_public_key(kern_t *k, uint8_t *pk, const uint8_t pk_seed[SNOVA_PK_SEED_BYTES],
                                   gf16m T12[V][O], const uint8_t *t12tab, gf16m P11[M][V][V], gf16m P12[M][V][O],
                                   gf16m P21[M][O][V], gf16m P22[M][O][O]) {
    compute_f12(k, M, P12, P11, P12, T12, t12tab);
    compute_p22(k, M, P22, T12, P12, P21, t12tab);
    memcpy(pk, pk_seed, SNOVA_PK_SEED_BYTES);
    snova_pack_nibbles(pk + SNOVA_PK_SEED_BYTES, (const uint8_t *)P22, SNOVA_P22_NIBBLES);
}

/* ------------------------------------------------------------------------- */
/* A, B, Q1, Q2                                                               */

/* The nterms terms' A and B (drawn nibbles, in place) made invertible, and Q1, Q2
 * from coeff: the l drawn coefficients of every Q1, then those of every Q2, fixed
 * into q1c, q2c (fqs_coeffs). */
static inline void gen_abq(kern_t *k, gf16m spow[L], size_t nterms, gf16m *A, gf16m *B, gf16m *Q1, gf16m *Q2,
                           uint8_t (*q1c)[L], uint8_t (*q2c)[L], const uint8_t *coeff) {
    make_invertible_all(k, spow, A, nterms);
    make_invertible_all(k, spow, B, nterms);
    for (size_t a = 0; a < nterms; a++) {
        fqs_coeffs(coeff + a * L, q1c[a]);
        fqs_coeffs(coeff + (nterms + a) * L, q2c[a]);
        fqs_element(k, spow, q1c[a], Q1[a]);
        fqs_element(k, spow, q2c[a], Q2[a]);
    }
}

/* Coefficients c of Q = sum_p c_p S^p, from the first row of Q: c R = Q[0][.] with
 * R[p][j] = S^p[0][j], solved by Cramer's rule (det R != 0 for l = 2, 3, 4), the
 * l + 1 determinants at once in lanes: R in lane l, R with row p replaced by
 * Q[0][.] in lane p. Q is public (derived from the public seed). */
static inline void fqs_recover(const uint8_t *Q, gf16m spow[L], uint8_t c[L]) {
    const uint64_t lanes = LANES_ONES >> (4 * (15 - L)); /* a 1 in lanes 0..l */
    uint64_t w[LSQ];
    for (int p = 0; p < L; p++)
        for (int j = 0; j < L; j++)
            w[p * L + j] = ((spow[p][j] * lanes) & ~(0xFULL << (4 * p))) | ((uint64_t)Q[j] << (4 * p));
    const uint64_t d = det_lanes(w);
    const uint8_t dinv = gf16_inv((uint8_t)(d >> (4 * L)) & 0xF);
    for (int p = 0; p < L; p++)
        c[p] = gf16_mul((uint8_t)(d >> (4 * p)) & 0xF, dinv);
}

/* The alpha terms that use one public matrix: their A, B, Q1, Q2 (alpha
 * consecutive matrices each) and their coefficients: q1[a], q2[a] those of Q1
 * and Q2 in powers of S, pair[a] from pair_weights (below). Evaluation needs A, B and
 * pair; the signing system all of them. */
struct terms {
    gf16m *A, *B, *Q1, *Q2;
    uint8_t (*q1)[L], (*q2)[L], (*pair)[L * L];
};

/* acc = sum_{c < count} coef[c] X_c, X_c the l x l matrices at x + c*stride:
 * the scaled-sum kernel, one PMUL per piece of X_c where a product by the
 * scalar matrix coef[c] I would take l */
static inline void lincomb(kern_t *k, uint8_t *acc, const uint8_t *x, size_t stride, const uint8_t *coef,
                           int count) {
    memset(acc, 0, LSQ);
    k->dot_scalar_rr(acc, coef, 1, x, stride, (size_t)count);
}

/* ------------------------------------------------------------------------- */
/* the quadratic forms of signing (F11 on the vinegar) and verification       */

/* Term a of public matrix i at X (blocks P_jk, j, k < n) is
 *   A_a [ sum_{j,k} X_j^t Q1_a P_jk Q2_a X_k ] B_a.
 * Q1_a = sum_p q1[a][p] S^p and Q2_a = sum_q q2[a][q] S^q are elements of F16[S],
 * so the bracket is sum_{p,q} q1[a][p] q2[a][q] Z_pq with
 *   Z_pq = sum_k T_pk Y_qk,  T_pk = sum_j U_pj P_jk,  U_pj = X_j^t S^p,  Y_qk = S^q X_k,
 * and the sums over j and k are done l times, not l^2 times (once per a). The
 * block sums are gf16m_rowdots: T_p. takes whole block rows of P (the long rows
 * that keep the kernel in its main loop), Z_p. rows of l outputs; each bracket
 * is a scaled sum of the Z_pq (lincomb).
 * QUAD_STACKED: the l factors U_0j .. U_(l-1)j are adjacent in Ut[j], so they
 * are one l^2 x l left factor (kernels.h rowdot_sll) and each sum reads P (and
 * Y) once instead of l times. Kept k-major then, T_pk is T[k][p] and Z_pq is
 * Z[q][p]. For l = 3 and 5, whose 9- and 25-byte blocks fill registers worst
 * (the 9x3x3 kernel, and the 25x5x5 of Round 3's (5, 5) pair: 31% and 20%
 * fewer cycles per product on neoverse-n1); l = 4's 16-byte blocks gain
 * nothing from it, nor l = 2's, which its rowdot packs four to a register.
 * Portable C builds stack l = 5 only: their rank-3 rowdot (a word per row)
 * beats the generic 9x3x3 product, which made l = 3 verification 45-65%
 * slower there.
 * QUAD_TABLES (where the kernel table has the table form: l = 2 and 4 per p,
 * the stacked l = 3 and 5 as one factor): the U_pj, fixed for the whole
 * evaluation, are also kept as the product tables of their elements, and the
 * T sums multiply by them with TBL (kernels.h rowdot_tbl_sq per p, rowdot_tbl_ll for
 * the stacked factor) instead of PMUL. The Z sums keep PMUL: they are n l^2
 * products per public matrix against T's n^2 l, too few to repay the tables of
 * the Y_qk (on apple-a15, verification of the smallest l = 4 sets became 3-5%
 * slower). */
#define QUAD_STACKED SNOVA_QUAD_STACKED
#if QUAD_STACKED
#define T_AT(w, p, k) ((w)->T[k][p])
#define T_KSTRIDE (L * LSQ)
#define Z_INDEX(p, q) ((q) * L + (p))
#else
#define T_AT(w, p, k) ((w)->T[p][k])
#define T_KSTRIDE LSQ
#define Z_INDEX(p, q) ((p) * L + (q))
#endif
#if QUAD_STACKED
#define QUAD_TABLES(k) ((k)->rowdot_tbl_ll != NULL)
#else
#define QUAD_TABLES(k) ((k)->rowdot_tbl_sq != NULL)
#endif
struct quad_ws {
    gf16m Ut[N][L], Yt[N][L];  /* Ut[j][p] = U_pj, Yt[k][q] = Y_qk for the variables in use */
    /* QUAD_TABLES: the Ut's product tables (stacked: of the (l l) x l factor Ut[j]) */
    uint8_t utab[N][L][TABLE_BYTES(LSQ)];
#if QUAD_STACKED
    gf16m T[N][L];
#else
    gf16m T[L][N];
#endif
    gf16m Z[L * L];            /* Z_pq at Z_INDEX(p, q) */
    gf16m S[ALPHA];            /* the bracket, per term */
    gf16m t, r;
};

/* U_pj = X_j^t S^p and Y_pj = S^p X_j = U_pj^t (S^p is symmetric) for j < n */
static inline void quad_prepare(kern_t *k, struct quad_ws *w, gf16m *X, int n, gf16m spow[L]) {
    memset(w->Ut, 0, (size_t)n * sizeof(w->Ut[0]));
    for (int j = 0; j < n; j++) {
        mat_transpose(w->t, X[j]);
        k->gf16m_rowdot(w->Ut[j][0], w->t, LSQ, spow[0], LSQ, 1, L);
        for (int p = 0; p < L; p++)
            mat_transpose(w->Yt[j][p], w->Ut[j][p]);
    }
    if (QUAD_TABLES(k))
        k->mul_tables(w->utab[0][0], w->Ut[0][0], (size_t)n * L * LSQ);
}

/* T_p,c0+c += sum_{j < nj} U_p,j0+j P[j][c] for the nj x nc block P (rows j0.., columns c0..) */
static inline void quad_block(kern_t *k, struct quad_ws *w, gf16m *P, int nj, int nc, int j0, int c0) {
#if QUAD_STACKED
    if (QUAD_TABLES(k))
        k->rowdot_tbl_ll(T_AT(w, 0, c0), w->utab[j0][0], sizeof(w->utab[0]), P[0], (size_t)nc * LSQ, (size_t)nj,
                         (size_t)nc);
    else
        k->rowdot_sll(T_AT(w, 0, c0), w->Ut[j0][0], L * LSQ, P[0], (size_t)nc * LSQ, (size_t)nj, (size_t)nc);
#else
    for (int p = 0; p < L; p++)
        if (QUAD_TABLES(k))
            k->rowdot_tbl_sq(T_AT(w, p, c0), w->utab[j0][p], sizeof(w->utab[0]), P[0], (size_t)nc * LSQ, (size_t)nj,
                             (size_t)nc);
        else
            k->gf16m_rowdot(T_AT(w, p, c0), w->Ut[j0][p], L * LSQ, P[0], (size_t)nc * LSQ, (size_t)nj, (size_t)nc);
#endif
}

/* T of a whole public matrix at all n variables */
static inline void quad_public(kern_t *k, struct quad_ws *w, gf16m P11[V][V], gf16m P12[V][O], gf16m P21[O][V],
                               gf16m P22[O][O]) {
    memset(w->T, 0, sizeof(w->T));
    quad_block(k, w, P11[0], V, V, 0, 0);
    quad_block(k, w, P12[0], V, O, 0, V);
    quad_block(k, w, P21[0], O, V, V, 0);
    quad_block(k, w, P22[0], O, O, V, V);
}

/* pair[a][Z_INDEX(p, q)] = q1[a][p] q2[a][q], the weights of Z_pq in term a's
 * bracket: the l^2 products of a term 16 at a time, in lanes */
static inline void pair_weights(uint8_t pair[][L * L], uint8_t q1c[][L], uint8_t q2c[][L], int nterms) {
    enum { WORDS = (L * L + 15) / 16 };
    for (int a = 0; a < nterms; a++) {
        uint64_t x[WORDS] = {0}, y[WORDS] = {0};
        for (int p = 0; p < L; p++)
            for (int q = 0; q < L; q++) {
                const int z = Z_INDEX(p, q);
                x[z / 16] |= (uint64_t)q1c[a][p] << (4 * (z % 16));
                y[z / 16] |= (uint64_t)q2c[a][q] << (4 * (z % 16));
            }
        for (int w = 0; w < WORDS; w++)
            x[w] = lanes_mul(x[w], y[w]);
        for (int z = 0; z < L * L; z++)
            pair[a][z] = (uint8_t)((x[z / 16] >> (4 * (z % 16))) & 0xF);
    }
}

/* The brackets S_a = sum_{p,q} q1[a][p] q2[a][q] Z_pq of the terms of one public
 * matrix, with Z_pq = sum_{k < n} T_pk Y_qk; pair from pair_weights */
static inline void quad_brackets(kern_t *k, struct quad_ws *w, int n, uint8_t pair[ALPHA][L * L]) {
    memset(w->Z, 0, sizeof(w->Z));
#if QUAD_STACKED
    k->rowdot_sll(w->Z[0], w->T[0][0], L * LSQ, w->Yt[0][0], L * LSQ, (size_t)n, L);
#else
    for (int p = 0; p < L; p++)
        k->gf16m_rowdot(w->Z[Z_INDEX(p, 0)], w->T[p][0], LSQ, w->Yt[0][0], L * LSQ, (size_t)n, L);
#endif
    for (int a = 0; a < ALPHA; a++)
        lincomb(k, w->S[a], w->Z[0], LSQ, pair[a], L * L);
}

/* out += A_a S_a B_a, term a of the quad_brackets */
static inline void quad_add_term(kern_t *k, struct quad_ws *w, uint8_t *out, const struct terms *t, int a) {
    k->gf16m_mul(t->A[a], w->S[a], w->t);
    k->gf16m_mul(w->t, t->B[a], w->r);
    k->gf16m_add(out, w->r, out);
}

/* ------------------------------------------------------------------------- */
/* the signing system                                                         */

/* Equation row e*l^2 + (a, b) is entry (a, b) of equation e; column c*l^2 + (e', f)
 * is entry (e', f) of oil block c. With the vinegar fixed, oil block c appears in
 * term a of public matrix i as
 *   LX_a X_c B_a + A_a X_c^t RX_a,
 *   LX_a = A_a (sum_p q1[a][p] G1_p) Q2_a,  G1_p = sum_j U_pj F12[i][j][c],
 *   RX_a = Q1_a (sum_q q2[a][q] G2_q) B_a,  G2_q = sum_j F21[i][c][j] Y_qj,
 * and L X R contributes L[a][e'] R[f][b], L X^t R contributes L[a][f] R[e'][b]
 * (the linsys kernels). */
struct oil_ws {
    gf16m g1[L][O], g2[O][L];  /* G1_p and G2_q of every oil block c */
    gf16m ls, rs;              /* sum_p q1[a][p] G1_p and sum_q q2[a][q] G2_q of the term at hand */
    gf16m t;
};

/* G1 and G2 of one public matrix, whose F12 and F21 are given */
static inline void vinegar_factors(kern_t *k, struct oil_ws *ow, const struct quad_ws *w, gf16m F12[V][O],
                                   gf16m F21[O][V]) {
    memset(ow->g1, 0, sizeof(ow->g1));
    memset(ow->g2, 0, sizeof(ow->g2));
    for (int p = 0; p < L; p++)
        k->gf16m_rowdot(ow->g1[p][0], w->Ut[0][p], L * LSQ, F12[0][0], O * LSQ, V, O);
    for (int c = 0; c < O; c++)
        k->gf16m_rowdot(ow->g2[c][0], F21[c][0], LSQ, w->Yt[0][0], L * LSQ, V, L);
}

/* LX_a and RX_a of oil block c for the terms of the public matrix whose G1, G2
 * vinegar_factors made */
static inline void oil_factors(kern_t *k, struct oil_ws *ow, int c, const struct terms *t, gf16m lx[ALPHA],
                               gf16m rx[ALPHA]) {
    for (int a = 0; a < ALPHA; a++) {
        lincomb(k, ow->ls, ow->g1[0][c], O * LSQ, t->q1[a], L);
        lincomb(k, ow->rs, ow->g2[c][0], LSQ, t->q2[a], L);
        k->gf16m_mul(t->A[a], ow->ls, ow->t);
        k->gf16m_mul(ow->t, t->Q2[a], lx[a]);
        k->gf16m_mul(t->Q1[a], ow->rs, ow->t);
        k->gf16m_mul(ow->t, t->B[a], rx[a]);
    }
}

/* the l^2 x l^2 coefficients of oil block c in equation e into the system */
static inline void put_coefficients(uint8_t G[NEQ][GSTRIDE], int e, int c, const uint8_t coef[LSQ * LSQ]) {
    for (int r = 0; r < LSQ; r++)
        memcpy(&G[e * LSQ + r][G_COEF(c * LSQ)], coef + r * LSQ, LSQ);
}

/* The secret map in use when signing: T12, F11 (= P11), F12 and F21, and the seeds */
struct secret_map {
    gf16m (*T12)[O];
    gf16m (*F11)[V][V];
    gf16m (*F12)[V][O];
    gf16m (*F21)[O][V];
    const uint8_t *pk_seed, *sk_seed;
};

/* What one signing attempt works on: the vinegar, its U and Y, and the linear
 * system in the oil variables. */
struct attempt_ws {
    uint8_t vbytes[SNOVA_VINEGAR_BYTES];
    gf16m X[N];
    gf16m spow[L];
    struct quad_ws qw;
    struct oil_ws ow;
    uint8_t coef[LSQ * LSQ];
    _Alignas(16) uint8_t G[NEQ][GSTRIDE]; /* the linear system, for k->gf16_solve */
    uint8_t sol[NEQ];
    snova_shake_ctx sh;
};

/* The vinegar of attempt `attempt` in X[0..v), its U and Y, and an empty system */
static inline void attempt_start(kern_t *k, struct attempt_ws *at, const uint8_t *sk_seed, const uint8_t *digest,
                                 const uint8_t *salt, unsigned attempt) {
    derive_vinegar(&at->sh, at->vbytes, sizeof(at->vbytes), sk_seed, digest, salt, (uint8_t)attempt);
    snova_unpack_nibbles((uint8_t *)at->X, at->vbytes, (size_t)V * LSQ);
    memset(at->G, 0, sizeof(at->G));
    quad_prepare(k, &at->qw, at->X, V, at->spow);
}

/* 0xFF if the attempt's system is regular (then at->sol is its solution) */
static inline uint8_t attempt_solve(kern_t *k, struct attempt_ws *at) {
    uint8_t ok = solve_system(k, at->G, at->sol);
    /* whether this attempt's system was singular is revealed by the retry */
    SNOVA_DECLASSIFY(&ok, sizeof(ok));
    return ok;
}

/* The signature, if the last attempt's system was regular (ok): 0, else -1 */
static inline int attempt_signature(kern_t *k, uint8_t *sig, struct attempt_ws *at, uint8_t ok, gf16m T12[V][O],
                                    const uint8_t *salt) {
    if (!ok)
        return SNOVA_CORE_UNSOLVABLE;
    finish_signature(sig, at->X[0], LSQ, k->gf16m_dot, T12, at->sol, salt);
    return 0;
}

static inline int spare_nibbles_clear(const uint8_t *sig, const uint8_t *pk) {
    return signature_nibbles_clear(sig) && public_nibbles_clear(pk);
}

/* Verification's inputs but the expanded part of the public map: the target
 * into hash, the signature's blocks into X, P22 from pk. -1 if sig or pk is
 * malformed. */
static inline int load_verify_inputs(uint8_t *hash, uint8_t *X, uint8_t *P22, const uint8_t *digest,
                                     const uint8_t *sig, const uint8_t *pk) {
    if (!spare_nibbles_clear(sig, pk))
        return -1;
    signed_hash(hash, pk, SNOVA_PK_SEED_BYTES, digest, sig + SNOVA_SIG_PACKED_BYTES);
    snova_unpack_nibbles(X, sig, SNOVA_SIG_NIBBLES);
    snova_unpack_nibbles(P22, pk + SNOVA_PK_SEED_BYTES, SNOVA_P22_NIBBLES);
    return 0;
}

#endif
