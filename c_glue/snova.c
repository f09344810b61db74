/* SNOVA core, Round 1 algorithm (q = 16), written for this project.
 *
 * Elements of GF(16) = GF(2)[x]/(x^4 + x + 1) are kept one per byte; an l x l
 * matrix is l*l bytes, row-major. Every matrix sum and product goes through the
 * kernel table (kernels.h), and so does the AES-128-CTR expansion of the public
 * seed. Key generation and signing are constant time with respect to secret data:
 * no branch and no memory index depends on it (the only data-dependent branch is
 * the retry of a signature whose linear system is singular, as in every SNOVA
 * implementation). Secret intermediates are wiped before returning. */
#include "snova.h"

#include "core.h"
#include "snova_common.h"

#define M SNOVA_M

_Static_assert(SNOVA_ESK_NIBBLES % 2 == 0, "expanded key halves must be equal");

/* ------------------------------------------------------------------------- */
/* the expanded secret key                                                    */

/* The expanded secret key stores element i in the low nibble of byte i and
 * element i + total/2 in its high nibble. The elements come from several arrays. */
struct segment {
    const uint8_t *p;
    size_t n;
};

static void pack_halves(uint8_t *out, const struct segment *seg, int nseg, size_t total) {
    size_t half = total / 2, e = 0;
    for (int s = 0; s < nseg; s++) {
        size_t n = seg[s].n, low = e >= half ? 0 : (half - e < n ? half - e : n);
        /* elements are 0..15, so the low nibbles are a copy; each high nibble
         * joins a byte that an earlier element has already written */
        memcpy(out + e, seg[s].p, low);
        for (size_t i = low; i < n; i++)
            out[e + i - half] = (uint8_t)(out[e + i - half] | (seg[s].p[i] << 4));
        e += n;
    }
}

static void unpack_halves(uint8_t *out, const uint8_t *in, size_t total) {
    size_t half = total / 2;
    for (size_t i = 0; i < half; i++) {
        out[i] = (uint8_t)(in[i] & 0x0F);
        out[i + half] = (uint8_t)(in[i] >> 4);
    }
}

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
    for (int a = 0; a < LSQ; a++) {
        make_invertible(k, pm->spow, pm->A[a]);
        make_invertible(k, pm->spow, pm->B[a]);
        fqs_coeffs(coeff + a * L, pm->q1c[a]);
        fqs_coeffs(coeff + L * LSQ + a * L, pm->q2c[a]);
        fqs_element(k, pm->spow, pm->q1c[a], pm->Q1[a]);
        fqs_element(k, pm->spow, pm->q2c[a], pm->Q2[a]);
    }
}

struct keygen_ws {
    struct pubmap pm;
    gf16m T12[V][O];
    gf16m F12[M][V][O];
    gf16m F21[M][O][V];
    gf16m P22[M][O][O];
};

void snova_keygen(uint8_t *pk, uint8_t *esk, const uint8_t pk_seed[SNOVA_PK_SEED_BYTES],
                  const uint8_t sk_seed[SNOVA_SK_SEED_BYTES]) {
    kern_t *k = snova_kernels();
    struct keygen_ws ws;

    expand_public(k, &ws.pm, pk_seed);
    gen_t12(k, ws.T12, sk_seed);
    compute_f12(k, M, ws.F12, ws.pm.P11, ws.pm.P12, ws.T12);
    compute_f21(k, M, ws.F21, ws.pm.P11, ws.pm.P21, ws.T12);
    compute_p22(k, M, ws.P22, ws.T12, ws.F12, ws.pm.P21);

    memcpy(pk, pk_seed, SNOVA_PK_SEED_BYTES);
    snova_pack_nibbles(pk + SNOVA_PK_SEED_BYTES, (const uint8_t *)ws.P22, SNOVA_P22_NIBBLES);

    if (esk != NULL) {
        /* A, B, Q1, Q2 are adjacent in the public map; F11 is P11 */
        const struct segment seg[] = {
            {(const uint8_t *)ws.pm.A, 4 * LSQ * LSQ},
            {(const uint8_t *)ws.T12, sizeof(ws.T12)},
            {(const uint8_t *)ws.pm.P11, sizeof(ws.pm.P11)},
            {(const uint8_t *)ws.F12, sizeof(ws.F12)},
            {(const uint8_t *)ws.F21, sizeof(ws.F21)},
        };
        pack_halves(esk, seg, (int)(sizeof(seg) / sizeof(seg[0])), SNOVA_ESK_NIBBLES);
        memcpy(esk + SNOVA_ESK_NIBBLES / 2, pk_seed, SNOVA_PK_SEED_BYTES);
        memcpy(esk + SNOVA_ESK_NIBBLES / 2 + SNOVA_PK_SEED_BYTES, sk_seed, SNOVA_SK_SEED_BYTES);
    }
    snova_wipe(&ws, sizeof(ws));
}

/* ------------------------------------------------------------------------- */
/* the quadratic forms of signing (F11 on the vinegar) and verification       */

/* Matrix i of the map at X (blocks P_jk, j, k < n):
 *   sum_a A_a [ sum_{j,k} X_j^t Q1_a P_jk Q2_a X_k ] B_a.
 * Q1_a = sum_p q1[a][p] S^p and Q2_a = sum_q q2[a][q] S^q are elements of F16[S],
 * so the bracket is sum_{p,q} q1[a][p] q2[a][q] Z_pq with
 *   Z_pq = sum_k T_pk Y_qk,  T_pk = sum_j U_pj P_jk,  U_pj = X_j^t S^p,  Y_qk = S^q X_k,
 * and the sums over j and k are done l times, not l^2 times (once per a). Every
 * sum is a gf16m_rowdot: T_p. takes whole block rows of P (the long rows that
 * keep the kernel in its main loop), Z_p. rows of l outputs. */
struct quad_ws {
    gf16m Ut[N][L], Yt[N][L];  /* Ut[j][p] = U_pj, Yt[k][q] = Y_qk for the variables in use */
    gf16m T[L][N];
    gf16m Z[L][L];
    gf16m S[LSQ];              /* the bracket, per a */
    gf16m t, r;
};

/* Scaling by the coefficients of F16[S] elements as gf16m_rowdot rows: X times
 * row p of rows[] (rows[p][a] = coef_a,p I) is coef_a,p X for every a at once. */
static void scalar_rows(gf16m rows[L][LSQ], uint8_t coef[LSQ][L]) {
    for (int p = 0; p < L; p++)
        for (int a = 0; a < LSQ; a++)
            mat_scalar_identity(rows[p][a], coef[a][p]);
}

/* rows[p*l + q][a] = q1[a][p] q2[a][q] I, the weights of Z_pq in the bracket */
static void scalar_pair_rows(gf16m rows[L * L][LSQ], uint8_t q1c[LSQ][L], uint8_t q2c[LSQ][L]) {
    for (int p = 0; p < L; p++)
        for (int q = 0; q < L; q++)
            for (int a = 0; a < LSQ; a++)
                mat_scalar_identity(rows[p * L + q][a], gf16_mul(q1c[a][p], q2c[a][q]));
}

/* U_pj = X_j^t S^p and Y_pj = S^p X_j = U_pj^t (S^p is symmetric) for j < n */
static void quad_prepare(kern_t *k, struct quad_ws *w, gf16m *X, int n, gf16m spow[L]) {
    memset(w->Ut, 0, (size_t)n * sizeof(w->Ut[0]));
    for (int j = 0; j < n; j++) {
        mat_transpose(w->t, X[j]);
        k->gf16m_rowdot(w->Ut[j][0], w->t, LSQ, spow[0], LSQ, 1, L);
        for (int p = 0; p < L; p++)
            mat_transpose(w->Yt[j][p], w->Ut[j][p]);
    }
}

/* T_p,c0+c += sum_{j < nj} U_p,j0+j P[j][c] for the nj x nc block P (rows j0.., columns c0..) */
static void quad_block(kern_t *k, struct quad_ws *w, gf16m *P, int nj, int nc, int j0, int c0) {
    for (int p = 0; p < L; p++)
        k->gf16m_rowdot(w->T[p][c0], w->Ut[j0][p], L * LSQ, P[0], (size_t)nc * LSQ, (size_t)nj, (size_t)nc);
}

/* out = sum_a A_a (sum_{p,q} q1[a][p] q2[a][q] Z_pq) B_a with Z_pq = sum_{k < n} T_pk Y_qk;
 * pair_rows from scalar_pair_rows */
static void quad_finish(kern_t *k, struct quad_ws *w, uint8_t *out, int n, gf16m A[LSQ], gf16m B[LSQ],
                        gf16m pair_rows[L * L][LSQ]) {
    memset(w->Z, 0, sizeof(w->Z));
    for (int p = 0; p < L; p++)
        k->gf16m_rowdot(w->Z[p][0], w->T[p][0], LSQ, w->Yt[0][0], L * LSQ, (size_t)n, L);
    memset(w->S, 0, sizeof(w->S));
    k->gf16m_rowdot(w->S[0], w->Z[0][0], LSQ, pair_rows[0][0], LSQ * LSQ, L * L, LSQ);
    memset(out, 0, LSQ);
    for (int a = 0; a < LSQ; a++) {
        k->gf16m_mul(A[a], w->S[a], w->t);
        k->gf16m_mul(w->t, B[a], w->r);
        k->gf16m_add(out, w->r, out);
    }
}

/* Coefficients c of Q = sum_p c_p S^p, from the first row of Q: c R = Q[0][.] with
 * R[p][j] = S^p[0][j], solved by Cramer's rule (det R != 0 for l = 2, 3, 4). Q is
 * public (derived from the public seed). */
static void fqs_recover(const uint8_t *Q, gf16m spow[L], uint8_t c[L]) {
    uint8_t r[LSQ], rp[LSQ];
    for (int p = 0; p < L; p++)
        for (int j = 0; j < L; j++)
            r[p * L + j] = spow[p][j];
    uint8_t dinv = gf16_inv(det(r));
    for (int p = 0; p < L; p++) {
        memcpy(rp, r, LSQ);
        for (int j = 0; j < L; j++)
            rp[p * L + j] = Q[j];
        c[p] = gf16_mul(det(rp), dinv);
    }
}

/* ------------------------------------------------------------------------- */
/* signing                                                                    */

struct sign_key {
    gf16m *A, *B, *Q1, *Q2;
    gf16m (*T12)[O];
    gf16m (*F11)[V][V];
    gf16m (*F12)[V][O];
    gf16m (*F21)[O][V];
    const uint8_t *pk_seed, *sk_seed;
};

struct sign_ws {
    uint8_t hash[SNOVA_HASH_NIBBLES];
    uint8_t vbytes[SNOVA_VINEGAR_BYTES];
    gf16m X[N];
    gf16m spow[L];
    uint8_t q1c[LSQ][L], q2c[LSQ][L];
    gf16m q1_rows[L][LSQ], q2_rows[L][LSQ], pair_rows[L * L][LSQ];  /* scalar_rows, scalar_pair_rows */
    struct quad_ws qw;
    gf16m fvv;
    gf16m g1[L][O], g2[O][L];   /* G1_p and G2_q of every oil block c */
    gf16m ls[LSQ], rs[LSQ];     /* sum_p q1[a][p] G1_p and sum_q q2[a][q] G2_q, per a */
    gf16m lx[LSQ], rx[LSQ];     /* left and right factors of each a's terms */
    uint8_t coef[LSQ][LSQ];
    _Alignas(16) uint8_t G[NEQ][GSTRIDE];   /* the linear system, for k->gf16_solve */
    uint8_t sol[NEQ];
    snova_shake_ctx sh;
};

/* Coefficients of the oil variables in the system. Equation row i*l^2 + (a, b) is
 * entry (a, b) of matrix i; column c*l^2 + (e, f) is entry (e, f) of oil block c.
 * With the vinegar fixed, oil block c appears in matrix i as
 *   sum_a LX_a X_c B_a + A_a X_c^t RX_a,
 *   LX_a = A_a (sum_p q1[a][p] G1_p) Q2_a,  G1_p = sum_j U_pj F12[i][j][c],
 *   RX_a = Q1_a (sum_q q2[a][q] G2_q) B_a,  G2_q = sum_j F21[i][c][j] Y_qj,
 * and L X R contributes L[a][e] R[f][b], L X^t R contributes L[a][f] R[e][b]. */
static void build_system(kern_t *k, struct sign_ws *ws, const struct sign_key *key) {
    struct quad_ws *w = &ws->qw;
    for (int i = 0; i < M; i++) {
        memset(ws->g1, 0, sizeof(ws->g1));
        memset(ws->g2, 0, sizeof(ws->g2));
        for (int p = 0; p < L; p++)
            k->gf16m_rowdot(ws->g1[p][0], w->Ut[0][p], L * LSQ, key->F12[i][0][0], O * LSQ, V, O);
        for (int c = 0; c < O; c++)
            k->gf16m_rowdot(ws->g2[c][0], key->F21[i][c][0], LSQ, w->Yt[0][0], L * LSQ, V, L);
        for (int c = 0; c < O; c++) {
            memset(ws->ls, 0, sizeof(ws->ls));
            memset(ws->rs, 0, sizeof(ws->rs));
            k->gf16m_rowdot(ws->ls[0], ws->g1[0][c], O * LSQ, ws->q1_rows[0][0], LSQ * LSQ, L, LSQ);
            k->gf16m_rowdot(ws->rs[0], ws->g2[c][0], LSQ, ws->q2_rows[0][0], LSQ * LSQ, L, LSQ);
            for (int a = 0; a < LSQ; a++) {
                k->gf16m_mul(key->A[a], ws->ls[a], w->t);
                k->gf16m_mul(w->t, key->Q2[a], ws->lx[a]);
                k->gf16m_mul(key->Q1[a], ws->rs[a], w->t);
                k->gf16m_mul(w->t, key->B[a], ws->rx[a]);
            }
            k->gf16m_linsys_coeffs(&ws->coef[0][0], ws->lx[0], key->B[0], key->A[0], ws->rx[0]);
            for (int r = 0; r < LSQ; r++) {
                uint8_t *row = (uint8_t *)ws->G[i * LSQ + r];
                memcpy(row + c * LSQ, ws->coef[r], LSQ);
            }
        }
    }
}

static int sign_core(kern_t *k, uint8_t *sig, const uint8_t *digest, const uint8_t *salt,
                     const struct sign_key *key, struct sign_ws *ws) {
    uint8_t ok = 0;
    signed_hash(ws->hash, key->pk_seed, SNOVA_PK_SEED_BYTES, digest, salt);
    gen_s_powers(k, ws->spow);
    for (int a = 0; a < LSQ; a++) {
        fqs_recover(key->Q1[a], ws->spow, ws->q1c[a]);
        fqs_recover(key->Q2[a], ws->spow, ws->q2c[a]);
    }
    scalar_rows(ws->q1_rows, ws->q1c);
    scalar_rows(ws->q2_rows, ws->q2c);
    scalar_pair_rows(ws->pair_rows, ws->q1c, ws->q2c);

    for (unsigned attempt = 1; attempt <= 255 && !ok; attempt++) {
        derive_vinegar(&ws->sh, ws->vbytes, sizeof(ws->vbytes), key->sk_seed, digest, salt, (uint8_t)attempt);
        snova_unpack_nibbles((uint8_t *)ws->X, ws->vbytes, (size_t)V * LSQ);

        memset(ws->G, 0, sizeof(ws->G));
        quad_prepare(k, &ws->qw, ws->X, V, ws->spow);
        /* right-hand side: hash + F11 evaluated on the vinegar */
        for (int i = 0; i < M; i++) {
            memset(ws->qw.T, 0, sizeof(ws->qw.T));
            quad_block(k, &ws->qw, (gf16m *)key->F11[i], V, V, 0, 0);
            quad_finish(k, &ws->qw, ws->fvv, V, key->A, key->B, ws->pair_rows);
            for (int r = 0; r < LSQ; r++)
                ((uint8_t *)ws->G[i * LSQ + r])[NEQ] = (uint8_t)(ws->hash[i * LSQ + r] ^ ws->fvv[r]);
        }
        build_system(k, ws, key);

        ok = solve_system(k, ws->G, ws->sol);
        /* whether this attempt's system was singular is revealed by the retry */
        SNOVA_DECLASSIFY(&ok, sizeof(ok));
    }
    if (!ok)
        return -1;

    finish_signature(sig, ws->X[0], LSQ, k->gf16m_dot, key->T12, ws->sol, salt);
    return 0;
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
    } ws;
    unpack_halves((uint8_t *)&ws.e, esk, SNOVA_ESK_NIBBLES);
    struct sign_key key = {ws.e.A, ws.e.B, ws.e.Q1, ws.e.Q2, ws.e.T12, ws.e.F11, ws.e.F12, ws.e.F21,
                           esk + SNOVA_ESK_NIBBLES / 2, esk + SNOVA_ESK_NIBBLES / 2 + SNOVA_PK_SEED_BYTES};
    int r = sign_core(k, sig, digest, salt, &key, &ws.s);
    snova_wipe(&ws, sizeof(ws));
    return r;
}

int snova_sign_ssk(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t salt[SNOVA_SALT_BYTES],
                   const uint8_t *ssk) {
    kern_t *k = snova_kernels();
    struct {
        struct pubmap pm;
        gf16m T12[V][O];
        gf16m F12[M][V][O];
        gf16m F21[M][O][V];
        struct sign_ws s;
    } ws;
    const uint8_t *pk_seed = ssk, *sk_seed = ssk + SNOVA_PK_SEED_BYTES;
    expand_public(k, &ws.pm, pk_seed);
    gen_t12(k, ws.T12, sk_seed);
    compute_f12(k, M, ws.F12, ws.pm.P11, ws.pm.P12, ws.T12);
    compute_f21(k, M, ws.F21, ws.pm.P11, ws.pm.P21, ws.T12);
    struct sign_key key = {ws.pm.A, ws.pm.B, ws.pm.Q1, ws.pm.Q2, ws.T12, ws.pm.P11, ws.F12, ws.F21,
                           pk_seed, sk_seed};
    int r = sign_core(k, sig, digest, salt, &key, &ws.s);
    snova_wipe(&ws, sizeof(ws));
    return r;
}

/* ------------------------------------------------------------------------- */
/* verification                                                               */

int snova_verify(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const uint8_t *pk) {
    kern_t *k = snova_kernels();
    struct {
        struct pubmap pm;
        gf16m P22[M][O][O];
        gf16m X[N];
        struct quad_ws w;
        gf16m out;
        gf16m pair_rows[L * L][LSQ];
        uint8_t hash[SNOVA_HASH_NIBBLES];
    } ws;

    /* an odd number of nibbles leaves a high nibble that must be zero */
    if ((SNOVA_SIG_NIBBLES & 1) && (sig[SNOVA_SIG_PACKED_BYTES - 1] >> 4) != 0)
        return -1;
    if ((SNOVA_P22_NIBBLES & 1) && (pk[SNOVA_PK_BYTES - 1] >> 4) != 0)
        return -1;

    signed_hash(ws.hash, pk, SNOVA_PK_SEED_BYTES, digest, sig + SNOVA_SIG_PACKED_BYTES);
    snova_unpack_nibbles((uint8_t *)ws.X, sig, SNOVA_SIG_NIBBLES);
    expand_public(k, &ws.pm, pk);
    snova_unpack_nibbles((uint8_t *)ws.P22, pk + SNOVA_PK_SEED_BYTES, SNOVA_P22_NIBBLES);

    quad_prepare(k, &ws.w, ws.X, N, ws.pm.spow);
    scalar_pair_rows(ws.pair_rows, ws.pm.q1c, ws.pm.q2c);
    /* all data here is public: stop at the first matrix that differs */
    for (int i = 0; i < M; i++) {
        memset(ws.w.T, 0, sizeof(ws.w.T));
        quad_block(k, &ws.w, (gf16m *)ws.pm.P11[i], V, V, 0, 0);
        quad_block(k, &ws.w, (gf16m *)ws.pm.P12[i], V, O, 0, V);
        quad_block(k, &ws.w, (gf16m *)ws.pm.P21[i], O, V, V, 0);
        quad_block(k, &ws.w, (gf16m *)ws.P22[i], O, O, V, V);
        quad_finish(k, &ws.w, ws.out, N, ws.pm.A, ws.pm.B, ws.pair_rows);
        if (memcmp(ws.out, ws.hash + i * LSQ, LSQ) != 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------- */
/* the round-neutral entry points of the NIST API (core.h)                    */

int snova_core_keypair(uint8_t *pk, uint8_t *sk, const uint8_t seed[SNOVA_SEED_BYTES]) {
#if SNOVA_SSK
    snova_keygen(pk, NULL, seed, seed + SNOVA_PK_SEED_BYTES);
    memcpy(sk, seed, SNOVA_SEED_BYTES);
#else
    snova_keygen(pk, sk, seed, seed + SNOVA_PK_SEED_BYTES);
#endif
    return 0;
}

int snova_core_sign(uint8_t *sig, const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t salt[SNOVA_SALT_BYTES],
                    const uint8_t *sk) {
#if SNOVA_SSK
    return snova_sign_ssk(sig, digest, salt, sk);
#else
    return snova_sign_esk(sig, digest, salt, sk);
#endif
}

int snova_core_verify(const uint8_t digest[SNOVA_DIGEST_BYTES], const uint8_t *sig, const uint8_t *pk) {
    return snova_verify(digest, sig, pk);
}
