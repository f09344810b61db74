/* SNOVA core, Round 3 algorithm (NIST Round 3, "SNOVA v3", q = 16), written for
 * this project from the official reference's behaviour.
 *
 * What changes from Round 1: the signature's blocks X_j are l x r; the public map
 * has m1 matrices P_i (n x n blocks of l x l), and equation e < o is
 *   sum over a < alpha of A_ea (X^t Q1_ea P_i' Q2_ea X) B_ea,  i' = (e + a) mod m1,
 * an r x l matrix, with A_ea r x r, B_ea r x l and Q1, Q2 l x l elements of
 * F16[S]; A, B and the coefficients of Q1, Q2 are the same for every key (drawn
 * from a constant seed); P11, P12, P21 are expanded from the public seed with
 * SHAKE128 in counter mode or, for the _AES sets, AES-128-CTR; the secret key is
 * the seed, followed for l > 2 by a hash of the public key that the message hash
 * takes in place of the public seed.
 *
 * Since Q1 = sum_a q1[a] S^a and Q2 = sum_b q2[b] S^b, the bracket is
 *   sum_{a,b} q1[a] q2[b] Z_i'ab,  Z_iab = sum_{j,k} (S^a X_j)^t P_ijk (S^b X_k),
 * so the l^2 matrices Z_i.. of every public matrix are computed once and every
 * equation only weighs them (quad_* below). Every matrix product goes through
 * the kernel table (kernels.h). Key generation and signing are constant time
 * with respect to secret data, as in Round 1; working memory is on the heap,
 * wiped before it is freed. */
#include "snova_namespace.h"
#include "snova_sync.h"
#include <stdlib.h>

#include "core.h"
#include "snova_common.h"

/* The variant plan's data-layout flags for this shape and build (out/snova_plan.h). */
#include "snova_plan.h"

#define M1 SNOVA_M1
#define R SNOVA_R
#define LR SNOVA_LR
#define RSQ SNOVA_RSQ
#define ALPHA SNOVA_ALPHA
#define NTERMS (O * ALPHA) /* (equation, a) pairs */
/* Where Z_ab sits among the l^2 matrices Z of a public matrix (quad_z): b-major
 * where Z's l factors are stacked (one (l r) x r product per b), else a-major */
#define Z_INDEX(a, b) (SNOVA_STACKED ? (b) * L + (a) : (a) * L + (b))

/* l x r (signature blocks), r x l and r x r matrices, row-major */
typedef uint8_t mlr[LR];
typedef uint8_t mrl[LR];
typedef uint8_t mrr[RSQ];

/* ------------------------------------------------------------------------- */
/* the constant part of the public map: A, B, Q1, Q2                          */

/* Where the kernel table sums Z by the pair tables of the equations' weights
 * (kernels.h rowdot_ptbl_wsum), each public matrix's terms go in runs of WEIGHT_RUN,
 * the last padded with zero weights */
#define WEIGHT_RUN 8
#define TERMS_PER_MATRIX (O * ((ALPHA + M1 - 1) / M1)) /* the most terms one public matrix meets */
/* Where the plan takes no weight tables, their fields (struct abq's last, and
 * quad_ws.wsums) keep room for one run of one matrix and are never read */
#define WEIGHT_RUNS (SNOVA_PLAN_ROWDOT_PTBL_WSUM ? (TERMS_PER_MATRIX + WEIGHT_RUN - 1) / WEIGHT_RUN : 1)
#define WEIGHT_MATRICES (SNOVA_PLAN_ROWDOT_PTBL_WSUM ? M1 : 1)
#define WEIGHT_TERMS (SNOVA_PLAN_ROWDOT_PTBL_WSUM ? NTERMS : 1)
#define WEIGHT_SLOTS (SNOVA_PLAN_ROWDOT_PTBL_WSUM ? M1 * WEIGHT_RUNS * WEIGHT_RUN : 1)
/* The orders in which quad_z may leave Z: a-major as Z_INDEX, and transposed
 * (Z_INDEX(b, a)) where the plan has Z transposed */
#define Z_ORDERS (1 + SNOVA_PLAN_ROWDOT_PTBL_ZT)

struct abq {
    mrr A[NTERMS];
    mrl B[NTERMS];
    gf16m Q1[NTERMS], Q2[NTERMS];
    uint8_t q1[NTERMS][L], q2[NTERMS][L];
    /* pair[0][t]: q1[t][a] q2[t][b] at Z_INDEX(a, b), the weights of Z_ab; pair[1][t]
     * (Z transposed) the same at Z_INDEX(b, a), Z's order where quad_z transposes it */
    uint8_t pair[Z_ORDERS][NTERMS][L * L];
    /* where the kernel table has rowdot_ptbl_wsum: per public matrix i, the pair tables
     * of two of its terms' weights of each Z_ab (in the order quad_z leaves Z), in
     * runs[i] runs; term t's sum lands in slot[t] of quad_ws.wsums */
    uint8_t wtab[WEIGHT_MATRICES][WEIGHT_RUNS][L * L][WEIGHT_RUN / 2][TABLE];
    uint8_t runs[WEIGHT_MATRICES];
    uint16_t slot[WEIGHT_TERMS];
};

/* The constant seed: one string for l > 2; the l = 2 sets (o = 17, 25, 33) each
 * have their own. */
#define ABQ_SEED (L > 2 ? "SNOVA_ABQ" : O == 17 ? "SNOVA_ABQ_2" : O == 25 ? "SNOVA_ABQ_3" : "SNOVA_ABQ_4")
_Static_assert(L > 2 || O == 17 || O == 25 || O == 33, "no A, B, Q seed for this l = 2 set");

static struct abq abq_table;

/* ------------------------------------------------------------------------- */
/* the working memory of the quadratic forms (signing and verification)      */

/* Bytes of an l x r block of Yt given replicated (kernels.h rowdot_rrep_llr): a
 * 16-byte register per row where the plan takes it so, one byte elsewhere */
#define YT_REPLICA_BYTES (SNOVA_PLAN_ROWDOT_RREP_LLR ? 16 * L : 1)

/* A block row of nc public l x l blocks as ut_rowdot's right factors: as
 * stored, or, where the kernel table takes them interleaved (kernels.h
 * interleave_runs), in runs of 16 / l blocks of 16 l bytes each, made in
 * quad_ws.runs (right_factors) */
#define RUN_BLOCKS (16 / L)
#define RUNS_BYTES(nc) ((size_t)((nc) + RUN_BLOCKS - 1) / RUN_BLOCKS * 16 * L)
/* the most rows and blocks a row of any call, where interleaved */
#define RUNS_ROOM (SNOVA_PLAN_INTERLEAVE_RUNS ? V * RUNS_BYTES(V) : 1)

/* Bytes of one k's L blocks of T transposed into runs (kernels.h interleave_transposes):
 * runs of 16 / r blocks, each its l rows of 16 bytes */
#define ZT_RUNS_BYTES ((L + 16 / R - 1) / (16 / R) * 16 * L)

/* T of a public matrix: k-major where stacked ((l r) x l per k), else a-major */
#define T_ROWS (SNOVA_STACKED ? N : L)
#define T_COLUMNS (SNOVA_STACKED ? L : N)

struct quad_ws {
    mrl Ut[N][L];        /* Ut[j][a] = X_j^t S^a */
    /* where the kernel table has rowdot_tbl_ll: the product tables of Ut's elements,
     * tab[j][a][16 e + y] = Ut[j][a][e] y; where it has rowdot_ptbl_ll instead, the
     * pair tables of their rows at PAIR_TABLES_AT (fewer bytes) */
    uint8_t tab[N][L][TABLE_BYTES(LR)];
    mlr Yt[N][L];        /* Yt[j][a] = S^a X_j = Ut[j][a]^t (S^a is symmetric) */
    uint8_t ytrep[N][L][YT_REPLICA_BYTES]; /* Yt replicated where the kernel table takes it (YT_REPLICA_BYTES) */
    mrl T[M1][T_ROWS][T_COLUMNS]; /* T_AT(i, a, k) = sum_j Ut[j][a] P_ijk */
    /* Z_ab of matrix i = sum_k T_AT(i, a, k) Yt[k][b] at Z[i][Z_INDEX(a, b)], or at
     * Z[i][Z_INDEX(b, a)] where the kernel table has rowdot_ptbl_zt (quad_z) */
    mrr Z[M1][L * L];
    /* quad_z's room for Z transposed, only where the plan has it: a stand-in field
     * would move every later one, and with them the code of every layout */
#if SNOVA_PLAN_ROWDOT_PTBL_ZT
    mrr zt[L * L];       /* Z_ab^t at Z_INDEX(b, a), where the kernel table has rowdot_ptbl_zt (quad_z) */
#endif
#if SNOVA_PLAN_ROWDOT_PTBL_ZT && !SNOVA_STACKED
    mrl tk[N][L];        /* T of the public matrix at hand, k-major, as rowdot_ptbl_zt takes it (quad_z) */
#endif
#if SNOVA_PLAN_INTERLEAVE_TRANSPOSES
    uint8_t ztruns[N][ZT_RUNS_BYTES]; /* tk's transposes in runs, where the kernel table has interleave_transposes */
#endif
    mrl xt;
    mrr s;
    mrl sb[ALPHA];       /* (sum) B of each term of the equation at hand (quad_equations) */
    mrr wsums[WEIGHT_SLOTS]; /* every term's sum of Z, where the kernel table has rowdot_ptbl_wsum (struct abq slot) */
    uint8_t runs[RUNS_ROOM]; /* the public blocks at hand interleaved, where the kernel table takes them so */
};

/* T's r x l element (i, a, k) and the distance between its k and k + 1 */
#define T_AT(w, i, a, k) (SNOVA_STACKED ? (w)->T[i][k][a] : (w)->T[i][a][k])
#define T_KSTRIDE (SNOVA_STACKED ? L * LR : LR)
/* Whether T of a public matrix is rows (one per a) of l x l blocks, N * LR bytes
 * apart, as rows_times_fixed takes a left factor */
#define T_SQUARE_ROWS (L == R && !SNOVA_STACKED)

/* where it has rowdot_ptbl_ll, the pair tables of Ut's rows in quad_ws.tab, the
 * left factor of block j (and a, unstacked) at PAIR_TABLES_AT: about half its
 * product tables' bytes. The pairs are consecutive rows of the factor, r x l or
 * (l r) x l stacked; the odd last row of a stacked 25 x 5 (l = r = 5) is paired
 * with a zero row, and its tables' maker then takes factors, not pairs. */
#define FACTOR_PAIRS (SNOVA_STACKED ? (LR + 1) / 2 : R / 2)
#define FACTORS_PER_BLOCK (SNOVA_STACKED ? 1 : L)
#define PAIR_TABLE_BYTES (TABLE * L * FACTOR_PAIRS)
#define PAIR_TABLES_AT(w, j, a) \
    ((w)->tab[0][0] + ((size_t)(j) * FACTORS_PER_BLOCK + (size_t)(a)) * PAIR_TABLE_BYTES)
#define PAIR_TABLE_UNITS(n) (LR % 2 ? (size_t)(n) : (size_t)(n) * FACTORS_PER_BLOCK * FACTOR_PAIRS)
_Static_assert(!TABLE_FORMS || FACTORS_PER_BLOCK * PAIR_TABLE_BYTES <= L * TABLE_BYTES(LR),
               "a block's pair tables fit its tables' room");
_Static_assert(!TABLE_FORMS || L == 2 || R % 2 == 0 || SNOVA_STACKED, "Ut's row pairs lie within the left factors");

/* ------------------------------------------------------------------------- */
/* the data layouts the plan may choose for this shape                        */

/* One file each (r3_layout_<name>.h, the way a mode skeleton takes its cipher
 * core): its predicate <NAME>(k), true where the plan's flag is set and the kernel
 * table fills the layout's slot, and the bodies the algorithm below calls where
 * the predicate holds. With the flag clear, the predicate is the constant 0, the
 * bodies are never reached, and the layout's room in the working memory above
 * (its file names the fields) is absent or one byte. The public map in runs, which
 * only verification takes, comes with verification's memory. */
#include "r3_layout_z_transposed.h"
#include "r3_layout_weight_sums.h"
#include "r3_layout_interleaved.h"

/* ------------------------------------------------------------------------- */
/* the constant part, made once                                               */

/* A (then B) is made invertible by adding multiples of S where it is square:
 * only when r = l. */
static void gen_abq(void) {
    kern_t *k = snova_kernels();
    struct abq *t = &abq_table;
    static uint8_t raw[SNOVA_ABQ_NIBBLES];
    gf16m spow[L];
    snova_shake256(raw, SNOVA_ABQ_BYTES, (const uint8_t *)ABQ_SEED, strlen(ABQ_SEED));
    snova_unpack_nibbles(raw, raw, SNOVA_ABQ_NIBBLES);
    memcpy(t->A, raw, sizeof(t->A));
    memcpy(t->B, raw + sizeof(t->A), sizeof(t->B));
    memcpy(t->q1, raw + sizeof(t->A) + sizeof(t->B), sizeof(t->q1));
    memcpy(t->q2, raw + sizeof(t->A) + sizeof(t->B) + sizeof(t->q1), sizeof(t->q2));
    gen_s_powers(k, spow);
    for (int e = 0; e < NTERMS; e++) {
        if (R == L) {
            make_invertible(k, spow, t->A[e]);
            make_invertible(k, spow, t->B[e]);
        }
        fqs_element(k, spow, t->q1[e], t->Q1[e]);
        fqs_element(k, spow, t->q2[e], t->Q2[e]);
        for (int a = 0; a < L; a++)
            for (int b = 0; b < L; b++) {
                t->pair[0][e][Z_INDEX(a, b)] = gf16_mul(t->q1[e][a], t->q2[e][b]);
                if (SNOVA_PLAN_ROWDOT_PTBL_ZT)
                    t->pair[SNOVA_PLAN_ROWDOT_PTBL_ZT][e][Z_INDEX(b, a)] = t->pair[0][e][Z_INDEX(a, b)];
            }
    }
    if (WEIGHT_SUMS(k))
        weight_tables(k, t);
}

static snova_once abq_once = SNOVA_ONCE_INIT;

/* The table, made on first use (it is public and the same for every key). */
static const struct abq *abq(void) {
    snova_once_run(&abq_once, gen_abq);
    return &abq_table;
}

/* ------------------------------------------------------------------------- */
/* small helpers                                                              */

/* t (cols x rows) = m^t for an m of rows x cols */
static void transpose(uint8_t *t, const uint8_t *m, int rows, int cols) {
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            t[j * rows + i] = m[i * cols + j];
}

/* acc = sum over c < count of coef[c] X_c, X_c the `bytes` (l r or r r) elements
 * at x + c*stride, through the scaled-sum kernel of that size */
static void lincomb(kern_t *k, uint8_t *acc, const uint8_t *x, size_t stride, const uint8_t *coef, int count,
                    int bytes) {
    memset(acc, 0, (size_t)bytes);
    (bytes == RSQ ? k->dot_scalar_rr : k->dot_scalar_lr)(acc, coef, 1, x, stride, (size_t)count);
}

/* ------------------------------------------------------------------------- */
/* public-seed expansion                                                      */

/* The block matrices of the public map, in keystream order. */
struct pubmap {
    gf16m P11[M1][V][V];
    gf16m P12[M1][V][O];
    gf16m P21[M1][O][V];
};

_Static_assert(sizeof(struct pubmap) == SNOVA_PUB_NIBBLES, "public keystream layout");

/* the keystream of the public map (P11, P12, P21), packed */
static void public_keystream(kern_t *k, uint8_t raw[SNOVA_PUB_BYTES], const uint8_t seed[SNOVA_PK_SEED_BYTES]) {
    if (SNOVA_AES)
        k->aes128_ctr_prng(raw, SNOVA_PUB_BYTES, seed);
    else
        snova_shake128_ctr(raw, SNOVA_PUB_BYTES, seed);
}

static void expand_public(kern_t *k, struct pubmap *pm, const uint8_t seed[SNOVA_PK_SEED_BYTES]) {
    uint8_t *raw = (uint8_t *)pm;
    public_keystream(k, raw, seed);
    snova_unpack_nibbles(raw, raw, SNOVA_PUB_NIBBLES); /* one element per byte, in place */
}

/* ------------------------------------------------------------------------- */
/* the quadratic forms of signing (F11 on the vinegar) and verification       */

static void quad_prepare(kern_t *k, struct quad_ws *w, mlr *X, int n, gf16m spow[L]) {
    memset(w->Ut, 0, (size_t)n * sizeof(w->Ut[0]));
    for (int j = 0; j < n; j++) {
        transpose(w->xt, X[j], L, R);
        k->rowdot_rll(w->Ut[j][0], w->xt, LR, spow[0], LSQ, 1, L);
        for (int a = 0; a < L; a++)
            transpose(w->Yt[j][a], w->Ut[j][a], R, L);
    }
    /* made once, used by every public matrix and block column */
    if (k->rowdot_ptbl_ll != NULL)
        k->mul_pair_tables(w->tab[0][0], w->Ut[0][0], PAIR_TABLE_UNITS(n));
    else if (k->rowdot_tbl_ll != NULL)
        k->mul_tables(w->tab[0][0], w->Ut[0][0], (size_t)n * L * LR);
}

/* The nj block rows of nc l x l blocks at P (ystride bytes apart) as ut_rowdot
 * takes them: as they are, or interleaved into w->runs once for the l factors
 * that meet them where the kernel table has interleave_runs. */
static const uint8_t *right_factors(kern_t *k, struct quad_ws *w, const uint8_t *P, size_t ystride, int nj, int nc) {
    if (INTERLEAVED_RUNS(k))
        return interleave_rows(k, w, P, ystride, nj, nc);
    return P;
}

/* acc[c] += sum_{j < nj} Ut[j0+j][a] P[j][c] for c < nc, P[j][c] l x l at
 * P + j*ystride + c*l^2 as stored, P as right_factors gives it (interleaved, its
 * rows are RUNS_BYTES(nc) apart instead), or each row of P as unpack_runs wrote
 * it where in_runs (kernels.h rowdot_ptbl_runs); stacked, a = 0 stands for all l
 * factors ((l r) x l left factors, acc[c] (l r) x l). Through the pair tables of
 * Ut's rows or the product tables of its elements where the backend has a table
 * form. */
static void ut_rowdot(kern_t *k, struct quad_ws *w, uint8_t *acc, int a, int j0, const uint8_t *P, size_t ystride,
                      int nj, int nc, int in_runs) {
    if (INTERLEAVED_RUNS(k))
        ystride = RUNS_BYTES(nc);
    if (in_runs) {
        k->rowdot_ptbl_runs(acc, PAIR_TABLES_AT(w, j0, a), FACTORS_PER_BLOCK * PAIR_TABLE_BYTES, P, ystride, (size_t)nj,
                            (size_t)nc);
        return;
    }
    if (k->rowdot_ptbl_ll != NULL) {
        k->rowdot_ptbl_ll(acc, PAIR_TABLES_AT(w, j0, a), FACTORS_PER_BLOCK * PAIR_TABLE_BYTES, P, ystride, (size_t)nj,
                          (size_t)nc);
        return;
    }
    if (k->rowdot_tbl_ll != NULL) {
        k->rowdot_tbl_ll(acc, w->tab[j0][a], L * LR * TABLE, P, ystride, (size_t)nj, (size_t)nc);
        return;
    }
    (SNOVA_STACKED ? k->rowdot_sll : k->rowdot_rll)(acc, w->Ut[j0][a], L * LR, P, ystride, (size_t)nj, (size_t)nc);
}

/* T_AT(i, a, c0+c) += sum_{j < nj} Ut[j0+j][a] P[j][c] for the nj x nc block P of
 * public matrix i (rows j0.., columns c0..), every a: stacked, the l factors
 * Ut[j][.] of a block are one (l r) x l left factor and P is read once. in_runs:
 * P's rows as unpack_runs wrote them (verification's, public_in_runs). */
static void quad_block(kern_t *k, struct quad_ws *w, int i, gf16m *P, int nj, int nc, int j0, int c0,
                       int in_runs) {
    const uint8_t *y = in_runs ? P[0] : right_factors(k, w, P[0], (size_t)nc * LSQ, nj, nc);
    for (int a = 0; a < (SNOVA_STACKED ? 1 : L); a++)
        ut_rowdot(k, w, T_AT(w, i, a, c0), a, j0, y, (size_t)nc * LSQ, nj, nc, in_runs);
}

/* Z[i] from T[i], for the n variables in use. yttab: their Yt as fixed_factor
 * makes it (signing of the square sets), or NULL; used where T_SQUARE_ROWS. Stacked, the l
 * factors are one (l r) x l factor: one pass over Yt for all a. */
static void quad_z(kern_t *k, struct quad_ws *w, int i, int n, const uint8_t *yttab) {
    if (Z_TRANSPOSED(k)) {
        z_transposed_products(k, w, i, n);
        return;
    }
    memset(w->Z[i], 0, sizeof(w->Z[i]));
    if (SNOVA_STACKED)
        k->rowdot_slr(w->Z[i][0], w->T[i][0][0], L * LR, w->Yt[0][0], L * LR, (size_t)n, L);
    else if (T_SQUARE_ROWS)
        rows_times_fixed(k, w->Z[i][0], T_AT(w, i, 0, 0), N * LR, L, w->Yt[0][0], (size_t)n, L, yttab);
    else
        for (int a = 0; a < L; a++)
            k->rowdot_rlr(w->Z[i][Z_INDEX(a, 0)], T_AT(w, i, a, 0), T_KSTRIDE, w->Yt[0][0], L * LR, (size_t)n, L);
}

/* sum_{a,b} q1 q2 Z_iab of term t (public matrix i): made by quad_equations'
 * runs where the kernel table has rowdot_ptbl_wsum, else here into w->s */
static const uint8_t *term_sum(kern_t *k, struct quad_ws *w, const struct abq *c, int t, int i) {
    if (WEIGHT_SUMS(k))
        return w->wsums[c->slot[t]];
    lincomb(k, w->s, w->Z[i][0], RSQ, z_weights(k, c, t), L * L, RSQ);
    return w->s;
}

/* out[e] = sum_a A_ea (sum_{a1,b1} q1 q2 Z_i'a1b1) B_ea for every equation e */
static void quad_equations(kern_t *k, struct quad_ws *w, mrl out[O], const struct abq *c) {
    if (WEIGHT_SUMS(k))
        sum_weights(k, w, c);
    for (int e = 0; e < O; e++) {
        for (int a = 0; a < ALPHA; a++) {
            const int t = e * ALPHA + a, i = (e + a) % M1;
            /* (sum) B first: two r x r by r x l products instead of r x r by r x r */
            k->mul_rrl(term_sum(k, w, c, t, i), c->B[t], w->sb[a]);
        }
        /* then every term's A (.) in one dot: the equation's A follow one another */
        memset(out[e], 0, LR);
        k->dot_rrl(out[e], c->A[e * ALPHA], RSQ, w->sb[0], LR, ALPHA);
    }
}

/* ------------------------------------------------------------------------- */
/* key generation                                                             */

/* What the target hash takes of the public key: its hash where the secret key
 * holds one (l > 2), else its seed */
#define KEY_ID_BYTES (SNOVA_HASH_PK ? SNOVA_PK_HASH_BYTES : SNOVA_PK_SEED_BYTES)

/* the hash of pk, where the secret key holds one (SNOVA_HASH_PK) */
static void derive_pk_hash(uint8_t *out, const uint8_t *pk) {
    snova_shake256(out, SNOVA_PK_HASH_BYTES, pk, SNOVA_PK_BYTES);
}

int snova_core_keypair(uint8_t *pk, uint8_t *sk, const uint8_t seed[SNOVA_SEED_BYTES]) {
    kern_t *k = snova_kernels();
    struct ws {
        struct pubmap pm;
        gf16m T12[V][O];
        uint8_t t12tab[T12_TABLES];
        gf16m F12[M1][V][O];
        gf16m P22[M1][O][O];
    } *ws = snova_alloc(sizeof(*ws));
    if (ws == NULL)
        return -1;

    expand_public(k, &ws->pm, seed);
    gen_t12(k, ws->T12, seed + SNOVA_PK_SEED_BYTES);
    const uint8_t *t12tab = t12_tables(k, ws->t12tab, ws->T12);
    compute_f12(k, M1, ws->F12, ws->pm.P11, ws->pm.P12, ws->T12, t12tab);
    compute_p22(k, M1, ws->P22, ws->T12, ws->F12, ws->pm.P21, t12tab);

    memcpy(pk, seed, SNOVA_PK_SEED_BYTES);
    snova_pack_nibbles(pk + SNOVA_PK_SEED_BYTES, (const uint8_t *)ws->P22, SNOVA_P22_NIBBLES);
    memcpy(sk, seed, SNOVA_SEED_BYTES);
    if (SNOVA_HASH_PK)
        derive_pk_hash(sk + SNOVA_SEED_BYTES, pk);
    snova_free_wiped(ws, sizeof(*ws));
    return 0;
}

/* ------------------------------------------------------------------------- */
/* signing                                                                    */

/* The vinegar part of the system's coefficients needs, per public matrix i and
 * oil block c, G1 = sum_j Ut[j] F12[i][j][c] and G2 = sum_j F21[i][c][j] Yt[j]
 * with F12 = P11 T12 + P12 and F21 = T12^t P11 + P21. Signing never forms F12:
 * G1 = sum_k T_AT(i, ., k) T12[k][c] + sum_j Ut[j] P12[i][j][c] reuses the T of the
 * vinegar's quadratic form. For G2, F21 costs v^2 o products of l x l blocks per
 * public matrix, once per signature; W_k = sum_j P11[i][k][j] Yt[j] (then G2 =
 * sum_k T12[k][c] W_k + sum_j P21[i][c][j] Yt[j]) v^2 l products of l x r per
 * attempt, as many multiplications as v^2 r of l x l. W is used only where it
 * wins on both counts: o > r, and square blocks (l = r). The rectangular kernels
 * gather their l x r right factors with TBLs, which makes such a product cost
 * two to three of l x l, so that W loses where blocks are rectangular.
 * With W, every block is l x l, and most products have a right factor fixed
 * for the signature (T12) or the attempt (Yt: W, Z, P21 Yt): where the kernel
 * table has the right-table form they go through product tables of T12 and of
 * the vinegar's Yt; stacked, their transposes go through pair tables instead
 * (r3_layout_sign_transposed.h). */
#define SIGN_G2_BY_F21 (O <= R || L != R)
/* Where signing's products by the key's blocks may go through pair tables
 * (r3_layout_sign_transposed.h): stacked, with the Z-transposed layout's kernels */
#define SIGN_TRANSPOSED_ROOM (!SIGN_G2_BY_F21 && SNOVA_STACKED && SNOVA_PLAN_ROWDOT_PTBL_ZT)
/* T12's oil blocks in groups of l, one stacked left factor each (the same file) */
#define T12_GROUPS ((O + L - 1) / L)

/* What signing derives from the secret key alone: a prepared secret key */
struct sign_key {
    struct pubmap pm;
    gf16m T12[V][O];
    uint8_t t12tab[T12_TABLES];
    const uint8_t *t12; /* t12tab as t12_tables gives it: t12tab or NULL */
#if SIGN_G2_BY_F21
    gf16m F21[M1][O][V];
#endif
#if SIGN_TRANSPOSED_ROOM
    gf16m p1t[M1][V][V + O]; /* [P11; P21] with its blocks in transposed places (r3_layout_sign_transposed.h) */
    uint8_t t12pt[V][T12_GROUPS][PAIR_TABLE_BYTES]; /* pair tables of T12's rows, l oil blocks a group */
    uint8_t t12pt_made;                             /* whether t12pt holds them */
#endif
    uint8_t sk[SNOVA_SK_BYTES]; /* the seeds, and the public key's hash where the target hash takes it */
};

/* One signature's working memory; key: the key it signs with, only read */
struct sign_ws {
    struct sign_key *key;
#if !SIGN_G2_BY_F21
    mlr W[V][L];       /* W[k][b] = sum_j P11[i][k][j] Yt[j][b] of the public matrix at hand */
    uint8_t yttab[TABLE_BYTES(V * L * LR)]; /* the vinegar's Yt as fixed_factor makes it */
#endif
#if SIGN_TRANSPOSED_ROOM
    /* r3_layout_sign_transposed.h */
    mrl wt[V + O][L];  /* wt[k][b] = W_kb^t, then wt[v + c][b] = (P21 Yt)_cb^t */
    mrl g1c[O][L];     /* g1c[c][a] = sum_j Ut[j][a] P12[i][j][c] */
    mrr tt[T12_GROUPS][L][L]; /* tt[g][a][e] = (sum_k T_AT(i, a, k) T12[k][g l + e])^t */
    mrr ttb[T12_GROUPS][L][L]; /* their transposes */
#endif
    gf16m spow[L];
    uint8_t hash[SNOVA_HASH_NIBBLES];
    uint8_t vbytes[SNOVA_VINEGAR_BYTES];
    mlr X[N];
    struct quad_ws qw;
    mrl fvv[O];
    mrl g1[M1][L][O];  /* g1[i][a][c] = sum_j Ut[j][a] F12[i][j][c] */
    mlr g2[M1][O][L];  /* g2[i][c][b] = sum_j F21[i][c][j] Yt[j][b] */
    /* per equation e and oil block c, for each term a */
    mrl ls[O], t[O], lx[O][ALPHA]; /* sum_a1 q1 g1, A (.), and the left factor A (.) Q2 */
    mlr rs[O], rq[O];              /* sum_b1 q2 g2, and Q1 (.) */
    gf16m rx[O][ALPHA];            /* the right factor Q1 (.) B */
    uint8_t coef[LR * LR];
    _Alignas(16) uint8_t G[NEQ][GSTRIDE]; /* the linear system, for k->gf16_solve */
    uint8_t sol[NEQ];
    snova_shake_ctx sh;
};

#include "r3_layout_sign_transposed.h"

/* What signing keeps for G2 (SIGN_G2_BY_F21): what the key holds for it, and what
 * each attempt makes of the vinegar for it (the vinegar's Yt as fixed_factor makes
 * it, or NULL) */
#if SIGN_G2_BY_F21
static void g2_key_part(kern_t *k, struct sign_key *key) {
    compute_f21(k, M1, key->F21, key->pm.P11, key->pm.P21, key->T12, key->t12);
}

static const uint8_t *g2_vinegar_part(kern_t *k, struct sign_ws *ws) {
    (void)k;
    (void)ws;
    return NULL;
}
#else
static void g2_key_part(kern_t *k, struct sign_key *key) {
    (void)k;
    (void)key;
}

static const uint8_t *g2_vinegar_part(kern_t *k, struct sign_ws *ws) {
    if (sign_transposed(k, ws->key))
        return NULL; /* the pair tables of Ut serve instead */
    return fixed_factor(k, ws->yttab, ws->qw.Yt[0][0], (size_t)V * L);
}
#endif

/* the key's parts from sk into key */
static void load_sign_key(kern_t *k, struct sign_key *key, const uint8_t *sk) {
    memcpy(key->sk, sk, SNOVA_SK_BYTES);
    expand_public(k, &key->pm, sk);
    gen_t12(k, key->T12, sk + SNOVA_PK_SEED_BYTES);
    key->t12 = t12_tables(k, key->t12tab, key->T12);
    g2_key_part(k, key);
    sign_transposed_key_part(k, key);
}

/* ws->g1[i] of public matrix i (added to): T's part by T12 (t12tab: t12_tables or
 * NULL), then Ut P12 */
static void g1_direct(kern_t *k, struct sign_ws *ws, int i, const uint8_t *t12tab) {
    struct quad_ws *w = &ws->qw;
    struct sign_key *key = ws->key;
    if (T_SQUARE_ROWS)
        rows_times_fixed(k, ws->g1[i][0][0], T_AT(w, i, 0, 0), N * LR, L, key->T12[0][0], V, O, t12tab);
    else
        for (int a = 0; a < L; a++) {
            if (k->rowdot_rrep_rll != NULL && t12tab != NULL)
                k->rowdot_rrep_rll(ws->g1[i][a][0], T_AT(w, i, a, 0), T_KSTRIDE, t12tab,
                                   O * REPLICATED_BLOCK_BYTES, V, O);
            else
                k->rowdot_rll(ws->g1[i][a][0], T_AT(w, i, a, 0), T_KSTRIDE, key->T12[0][0], O * LSQ, V, O);
        }
    if (SNOVA_STACKED) {
        for (int a = 0; a < L; a++)
            k->rowdot_rll(ws->g1[i][a][0], w->Ut[0][a], L * LR, key->pm.P12[i][0][0], O * LSQ, V, O);
    } else {
        const uint8_t *p12 = right_factors(k, w, key->pm.P12[i][0][0], O * LSQ, V, O);
        for (int a = 0; a < L; a++)
            ut_rowdot(k, w, ws->g1[i][a][0], a, 0, p12, O * LSQ, V, O, 0);
    }
}

/* G1 and G2 (see SIGN_G2_BY_F21) of every public matrix and oil block. t12tab,
 * yttab: T12 and the vinegar's Yt as fixed_factor makes them, or NULL (used where
 * the products are of l x l blocks: T_SQUARE_ROWS, W; and T12's replicas by
 * rowdot_rrep_rll). */
static void vinegar_factors(kern_t *k, struct sign_ws *ws, const uint8_t *t12tab, const uint8_t *yttab) {
    struct quad_ws *w = &ws->qw;
    struct sign_key *key = ws->key;
    memset(ws->g1, 0, sizeof(ws->g1));
    memset(ws->g2, 0, sizeof(ws->g2));
    /* G2's right factors replicated where the kernel table takes them so */
    if (SIGN_G2_BY_F21 && k->rowdot_rrep_llr != NULL)
        replicate_rows(w->ytrep[0][0], w->Yt[0][0], (size_t)V * L * L, R);
    for (int i = 0; i < M1; i++) {
        if (sign_transposed(k, key))
            g1_transposed(k, ws, i);
        else
            g1_direct(k, ws, i, t12tab);
#if SIGN_G2_BY_F21
        (void)yttab; /* only W's products take it */
        for (int oc = 0; oc < O; oc++) {
            if (k->rowdot_rrep_llr != NULL)
                k->rowdot_rrep_llr(ws->g2[i][oc][0], key->F21[i][oc][0], LSQ, w->ytrep[0][0], L * YT_REPLICA_BYTES,
                                   V, L);
            else
                k->rowdot_llr(ws->g2[i][oc][0], key->F21[i][oc][0], LSQ, w->Yt[0][0], L * LR, V, L);
        }
#else
        if (sign_transposed(k, key)) {
            g2_transposed(k, ws, i, t12tab);
            continue;
        }
        memset(ws->W, 0, sizeof(ws->W));
        rows_times_fixed(k, ws->W[0][0], key->pm.P11[i][0][0], V * LSQ, V, w->Yt[0][0], V, L, yttab);
        for (int oc = 0; oc < O; oc++)
            t12_column_rowdot(k, ws->g2[i][oc][0], key->T12, t12tab, oc, ws->W[0][0], L * LR, L);
        rows_times_fixed(k, ws->g2[i][0][0], key->pm.P21[i][0][0], V * LSQ, O, w->Yt[0][0], V, L, yttab);
#endif
    }
}

/* Coefficients of the oil variables in the system. Equation row e*lr + (ra, rb)
 * is entry (ra, rb) of equation e's r x l value; column c*lr + (ve, vf) is entry
 * (ve, vf) of oil block c. With the vinegar fixed, oil block c appears in
 * equation e, for each a (i = (e + a) mod m1), as
 *   LX_a X_c B_a + A_a X_c^t RX_a,
 *   LX_a = A_a (sum_a1 q1[a1] G1_a1) Q2_a,  G1_a1 = sum_j Ut[j][a1] F12[i][j][c],
 *   RX_a = Q1_a (sum_b1 q2[b1] G2_b1) B_a,  G2_b1 = sum_j F21[i][c][j] Yt[j][b1]. */
static void build_system(kern_t *k, struct sign_ws *ws, const struct abq *c, const uint8_t *t12tab,
                         const uint8_t *yttab) {
    vinegar_factors(k, ws, t12tab, yttab);
    for (int e = 0; e < O; e++) {
        for (int a = 0; a < ALPHA; a++) {
            const int t = e * ALPHA + a, i = (e + a) % M1;
            for (int oc = 0; oc < O; oc++) {
                lincomb(k, ws->ls[oc], ws->g1[i][0][oc], O * LR, c->q1[t], L, LR);
                lincomb(k, ws->rs[oc], ws->g2[i][oc][0], LR, c->q2[t], L, LR);
            }
            /* A (.) and Q1 (.) of every oil block in one rowdot each: A and Q1 are
             * replicated once for the o products */
            memset(ws->t, 0, sizeof(ws->t));
            memset(ws->rq, 0, sizeof(ws->rq));
            k->rowdot_rrl(ws->t[0], c->A[t], RSQ, ws->ls[0], LR, 1, O);
            k->rowdot_llr(ws->rq[0], c->Q1[t], LSQ, ws->rs[0], LR, 1, O);
            for (int oc = 0; oc < O; oc++) {
                k->mul_rll(ws->t[oc], c->Q2[t], ws->lx[oc][a]);
                k->mul_lrl(ws->rq[oc], c->B[t], ws->rx[oc][a]);
            }
        }
        for (int oc = 0; oc < O; oc++) {
            k->linsys_lr(ws->coef, ws->lx[oc][0], c->B[e * ALPHA], c->A[e * ALPHA], ws->rx[oc][0], ALPHA);
            for (int r = 0; r < LR; r++)
                memcpy(&ws->G[e * LR + r][G_COEF(oc * LR)], ws->coef + r * LR, LR);
        }
    }
}

static int sign_core(kern_t *k, struct sign_ws *ws, uint8_t *sig, const uint8_t *digest, const uint8_t *salt) {
    const struct abq *c = abq();
    struct sign_key *key = ws->key;
    const uint8_t *sk = key->sk, *sk_seed = sk + SNOVA_PK_SEED_BYTES, *t12tab = key->t12;
    uint8_t ok = 0;

    gen_s_powers(k, ws->spow);
    signed_hash(ws->hash, SNOVA_HASH_PK ? sk + SNOVA_SEED_BYTES : sk, KEY_ID_BYTES, digest, salt);

    /* as the reference: attempts 1 to 254 */
    for (unsigned attempt = 1; attempt < 255 && !ok; attempt++) {
        derive_vinegar(&ws->sh, ws->vbytes, sizeof(ws->vbytes), sk_seed, digest, salt, (uint8_t)attempt);
        snova_unpack_nibbles((uint8_t *)ws->X, ws->vbytes, SNOVA_VINEGAR_NIBBLES);

        quad_prepare(k, &ws->qw, ws->X, V, ws->spow);
        const uint8_t *yttab = g2_vinegar_part(k, ws);
        memset(ws->qw.T, 0, sizeof(ws->qw.T));
        for (int i = 0; i < M1; i++) {
            quad_block(k, &ws->qw, i, (gf16m *)key->pm.P11[i], V, V, 0, 0, 0);
            quad_z(k, &ws->qw, i, V, yttab);
        }
        quad_equations(k, &ws->qw, ws->fvv, c);
        memset(ws->G, 0, sizeof(ws->G));
        for (int e = 0; e < O; e++)
            for (int r = 0; r < LR; r++)
                ws->G[e * LR + r][G_RHS] = (uint8_t)(ws->hash[e * LR + r] ^ ws->fvv[e][r]);
        build_system(k, ws, c, t12tab, yttab);

        ok = solve_system(k, ws->G, ws->sol);
        /* whether this attempt's system was singular is revealed by the retry */
        SNOVA_DECLASSIFY(&ok, sizeof(ok));
    }
    if (!ok)
        return SNOVA_CORE_UNSOLVABLE;

    finish_signature(sig, ws->X[0], LR, k->dot_llr, key->T12, ws->sol, salt);
    return 0;
}

/* A prepared secret key (sign_entry.h) */
struct prepared_secret {
    struct sign_key key;
};

static void prepare_secret(kern_t *k, struct prepared_secret *p, const uint8_t *sk) {
    load_sign_key(k, &p->key, sk);
}

static int sign_with(kern_t *k, struct sign_ws *ws, uint8_t *sig, const uint8_t *digest, const uint8_t *salt,
                     const struct prepared_secret *p) {
    /* signing only reads the key; the helpers it shares with key generation
     * take their blocks without const */
    ws->key = (struct sign_key *)(uintptr_t)&p->key;
    return sign_core(k, ws, sig, digest, salt);
}

#include "sign_entry.h"

/* ------------------------------------------------------------------------- */
/* verification                                                               */

/* What verification derives from the public key alone: a prepared public key */
struct verify_key {
    /* the public map: P11, P12 and P21 in pm and P22, as stored; or, where it is
     * taken in runs (public_in_runs), each public matrix whole, its n block rows
     * [P11 P12] and [P21 P22] each as unpack_runs writes a row */
    union {
        struct {
            struct pubmap pm;
            gf16m P22[M1][O][O];
        };
        gf16m whole[M1][N][N];
    };
    uint8_t key_id[KEY_ID_BYTES];
};

/* One signature's working memory */
struct verify_ws {
    gf16m spow[L];
    mlr X[N];
    struct quad_ws w;
    mrl out[O];
    uint8_t hash[SNOVA_HASH_NIBBLES];
};
_Static_assert(sizeof(((struct verify_ws *)0)->out) == SNOVA_HASH_NIBBLES, "target layout");

#include "r3_layout_public_runs.h"

/* key from pk: -1 if pk is malformed. Where the map is taken in runs, its
 * keystream goes through scratch (VERIFY_SCRATCH_BYTES) */
static int load_verify_key(kern_t *k, struct verify_key *key, uint8_t *scratch, const uint8_t *pk) {
    if (!public_nibbles_clear(pk))
        return -1;
    if (SNOVA_HASH_PK)
        derive_pk_hash(key->key_id, pk);
    else
        memcpy(key->key_id, pk, KEY_ID_BYTES);
    if (public_in_runs(k)) {
        public_keystream(k, scratch, pk);
        load_public_runs(k, key, scratch, pk);
        return 0;
    }
    expand_public(k, &key->pm, pk);
    snova_unpack_nibbles((uint8_t *)key->P22, pk + SNOVA_PK_SEED_BYTES, SNOVA_P22_NIBBLES);
    return 0;
}

/* the public map at the signature into ws->out */
static void evaluate(kern_t *k, struct verify_ws *ws, struct verify_key *key) {
    const int in_runs = public_in_runs(k);
    gen_s_powers(k, ws->spow);

    quad_prepare(k, &ws->w, ws->X, N, ws->spow);
    memset(ws->w.T, 0, sizeof(ws->w.T));
    for (int i = 0; i < M1; i++) {
        if (in_runs) {
            quad_block(k, &ws->w, i, key->whole[i][0], N, N, 0, 0, 1);
        } else {
            quad_block(k, &ws->w, i, (gf16m *)key->pm.P11[i], V, V, 0, 0, 0);
            quad_block(k, &ws->w, i, (gf16m *)key->pm.P12[i], V, O, 0, V, 0);
            quad_block(k, &ws->w, i, (gf16m *)key->pm.P21[i], O, V, V, 0, 0);
            quad_block(k, &ws->w, i, (gf16m *)key->P22[i], O, O, V, V, 0);
        }
        quad_z(k, &ws->w, i, N, NULL);
    }
    quad_equations(k, &ws->w, ws->out, abq());
}

#define SNOVA_VERIFY_KEY
#include "verify_entry.h"
