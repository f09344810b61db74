/* What the SNOVA rounds share of their algorithm, for the round's core (snova.c,
 * snova_r2.c, snova_r3.c) to include after params.h: l x l matrix helpers, F16[S],
 * T12, the block products of F12, F21 and P22, the message hash and the linear
 * system. Everything depends on the set's compile-time parameters (SNOVA_L, ...),
 * so it is a header of static inline functions rather than a separate object. */
#ifndef SNOVA_COMMON_H
#define SNOVA_COMMON_H

#include <stddef.h>
#include <string.h>

#include "core.h"
#include "gf16.h"
#include "kernels.h"
#include "nibbles.h"
#include "params.h"
#include "shake.h"
#include "util.h"

#define V SNOVA_V
#define O SNOVA_O
#define N SNOVA_N
#define L SNOVA_L
#define LSQ SNOVA_LSQ
#define NEQ SNOVA_NEQ
/* The augmented system as the gf16_solve kernel takes it: row r is
 * [right-hand side | coefficients of unknowns 0 .. NEQ-1 | zeros], GSTRIDE bytes
 * (a multiple of 16). G_COEF(c) is the byte of unknown c's coefficient. */
#define GSTRIDE ((NEQ + 1 + 15) / 16 * 16)
#define G_RHS 0
#define G_COEF(c) (1 + (c))
_Static_assert(NEQ < 256, "the gf16_solve kernel takes systems of fewer than 256 unknowns");

typedef uint8_t gf16m[LSQ];
typedef const struct snova_kernels kern_t;

/* ------------------------------------------------------------------------- */
/* small matrix helpers (l x l)                                               */

static inline void mat_scalar_identity(uint8_t *m, uint8_t a) {
    for (int i = 0; i < LSQ; i++)
        m[i] = (uint8_t)((i % (L + 1) == 0) ? a : 0);
}

static inline void mat_transpose(uint8_t *t, const uint8_t *m) {
    for (int i = 0; i < L; i++)
        for (int j = 0; j < L; j++)
            t[j * L + i] = m[i * L + j];
}

/* Up to 16 matrices side by side, "in lanes": element e of matrix m is nibble m of
 * word e, so that one word operation acts on element e of all of them. */
#define LANES_ONES 0x1111111111111111ULL

/* A product's operands made ready once where they meet several others: the left
 * one as a x^t, the right one as the masks of its bits t, t = 0..3 */
typedef struct {
    uint64_t w[4];
} lanes4;

static inline lanes4 lanes_multiples(uint64_t a) {
    lanes4 r;
    for (int t = 0; t < 4; t++) {
        r.w[t] = a;
        uint64_t top = (a >> 3) & LANES_ONES;
        a = ((a << 1) & (LANES_ONES * 0xE)) ^ top ^ (top << 1);
    }
    return r;
}

static inline lanes4 lanes_bit_masks(uint64_t b) {
    lanes4 r;
    for (int t = 0; t < 4; t++)
        r.w[t] = ((b >> t) & LANES_ONES) * 0xF;
    return r;
}

/* lane by lane product of prepared operands: a x^t summed over the bits t set in b */
static inline uint64_t lanes_dot(const lanes4 *a, const lanes4 *b) {
    return (a->w[0] & b->w[0]) ^ (a->w[1] & b->w[1]) ^ (a->w[2] & b->w[2]) ^ (a->w[3] & b->w[3]);
}

/* lane by lane product (constant time) */
static inline uint64_t lanes_mul(uint64_t a, uint64_t b) {
    const lanes4 am = lanes_multiples(a), bm = lanes_bit_masks(b);
    return lanes_dot(&am, &bm);
}

/* 2x2 minor of rows r, r+1 and columns c0, c1 (characteristic 2: no signs) */
static inline uint64_t minor2(const uint64_t *m, int r, int c0, int c1) {
    return lanes_mul(m[r * L + c0], m[(r + 1) * L + c1]) ^ lanes_mul(m[r * L + c1], m[(r + 1) * L + c0]);
}

/* Determinants over GF(16) of matrices in lanes, by expansion into 2x2 minors,
 * which in characteristic 2 needs no signs: 2, 9, 30 or 80 products for
 * l = 2, 3, 4, 5. The order of evaluation never depends on the data. */
static inline uint64_t det_lanes(const uint64_t *m) {
#if L == 2
    return minor2(m, 0, 0, 1);
#elif L == 3
    return lanes_mul(m[0], minor2(m, 1, 1, 2)) ^ lanes_mul(m[1], minor2(m, 1, 0, 2)) ^
           lanes_mul(m[2], minor2(m, 1, 0, 1));
#elif L == 4
    /* Laplace expansion along rows 0-1: every 2x2 minor of those rows times the
     * complementary minor of rows 2-3. Each element meets three others in the
     * minors, so rows 0 and 2 are prepared as left operands and rows 1 and 3 as
     * right ones once: 24 products at 7 operations instead of about 40. */
    static const uint8_t cols[6][4] = {
        {0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}, {1, 2, 0, 3}, {1, 3, 0, 2}, {2, 3, 0, 1},
    };
    lanes4 left[2][L], right[2][L];
    for (int h = 0; h < 2; h++)
        for (int c = 0; c < L; c++) {
            left[h][c] = lanes_multiples(m[2 * h * L + c]);
            right[h][c] = lanes_bit_masks(m[(2 * h + 1) * L + c]);
        }
    uint64_t s = 0;
    for (int p = 0; p < 6; p++) {
        const uint8_t *c = cols[p];
        const uint64_t upper = lanes_dot(&left[0][c[0]], &right[0][c[1]]) ^ lanes_dot(&left[0][c[1]], &right[0][c[0]]);
        const uint64_t lower = lanes_dot(&left[1][c[2]], &right[1][c[3]]) ^ lanes_dot(&left[1][c[3]], &right[1][c[2]]);
        s ^= lanes_mul(upper, lower);
    }
    return s;
#else
    /* Laplace expansion along rows 0-1 again, the complement now 3x3: each of
     * those along its first row (row 2) into 2x2 minors of rows 3-4, which the
     * ten 3x3 minors share, so each is made once */
    static const uint8_t cols[10][5] = {
        {0, 1, 2, 3, 4}, {0, 2, 1, 3, 4}, {0, 3, 1, 2, 4}, {0, 4, 1, 2, 3}, {1, 2, 0, 3, 4},
        {1, 3, 0, 2, 4}, {1, 4, 0, 2, 3}, {2, 3, 0, 1, 4}, {2, 4, 0, 1, 3}, {3, 4, 0, 1, 2},
    };
    uint64_t low[L][L], s = 0;
    for (int a = 0; a < L; a++)
        for (int b = a + 1; b < L; b++)
            low[a][b] = minor2(m, 3, a, b);
    for (int p = 0; p < 10; p++) {
        const uint8_t *c = cols[p] + 2; /* ascending */
        const uint64_t m3 = lanes_mul(m[2 * L + c[0]], low[c[1]][c[2]]) ^ lanes_mul(m[2 * L + c[1]], low[c[0]][c[2]]) ^
                            lanes_mul(m[2 * L + c[2]], low[c[0]][c[1]]);
        s ^= lanes_mul(minor2(m, 0, cols[p][0], cols[p][1]), m3);
    }
    return s;
#endif
}

/* the determinant of one matrix (lane 0 alone) */
static inline uint8_t det(const uint8_t *m) {
    uint64_t w[LSQ];
    for (int e = 0; e < LSQ; e++)
        w[e] = m[e];
    return (uint8_t)det_lanes(w);
}

/* S (S[i][j] = 8 - i - j, but 9 in the corner for l = 5, where 8 - i - j would
 * be 0 there) and its powers S^0 .. S^(l-1) */
static inline void gen_s_powers(kern_t *k, gf16m spow[L]) {
    mat_scalar_identity(spow[0], 1);
    for (int i = 0; i < L; i++)
        for (int j = 0; j < L; j++)
            spow[1][i * L + j] = (uint8_t)(8 - (i + j));
#if L == 5
    spow[1][LSQ - 1] = 9;
#endif
    for (int p = 2; p < L; p++)
        k->gf16m_mul(spow[p - 1], spow[1], spow[p]);
}

/* Coefficients of an element of F16[S] (c0 I + c1 S + ... + c' S^(l-1)) from l
 * drawn nibbles: the last one is replaced, when zero, by 16 - c0 (or by 15 if
 * c0 = 0), so that the element is never singular. */
static inline void fqs_coeffs(const uint8_t *c, uint8_t *fixed) {
    uint8_t c0 = c[0];
    uint8_t nz0 = gf16_nonzero_mask(c0);
    uint8_t alt = (uint8_t)(((16 - c0) & nz0) | (15 & ~nz0));
    uint8_t nzl = gf16_nonzero_mask(c[L - 1]);
    for (int p = 0; p < L - 1; p++)
        fixed[p] = c[p];
    fixed[L - 1] = (uint8_t)((c[L - 1] & nzl) | (alt & ~nzl));
}

/* sum_p coef[p] S^p (S^0 = I): one scaled sum of the powers */
static inline void fqs_element(kern_t *k, gf16m spow[L], const uint8_t *coef, uint8_t *out) {
    memset(out, 0, LSQ);
    k->dot_scalar_ll(out, coef, 1, spow[0], LSQ, L);
}

/* If m is singular, add a*S for a = 1, 2, ... (cumulatively) until it is not.
 * m is public (the A and B of the public map), so the loop stops as soon as m
 * is invertible: usually at once. */
static inline void make_invertible(kern_t *k, gf16m spow[L], uint8_t *m) {
    for (uint8_t a = 1; a < 16 && det(m) == 0; a++)
        k->dot_scalar_ll(m, &a, 1, spow[1], LSQ, 1);
}

/* make_invertible on n matrices, their determinants taken 16 at a time in lanes:
 * most are invertible at once (they are public, so only the singular ones are
 * visited) */
static inline void make_invertible_all(kern_t *k, gf16m spow[L], gf16m *mats, size_t n) {
    for (size_t m0 = 0; m0 < n; m0 += 16) {
        const size_t nm = n - m0 < 16 ? n - m0 : 16;
        uint64_t w[LSQ] = {0};
        for (size_t m = 0; m < nm; m++)
            for (int e = 0; e < LSQ; e++)
                w[e] |= (uint64_t)mats[m0 + m][e] << (4 * m);
        const uint64_t d = det_lanes(w);
        for (size_t m = 0; m < nm; m++)
            if (((d >> (4 * m)) & 0xF) == 0)
                make_invertible(k, spow, mats[m0 + m]);
    }
}

/* T12 from the private seed: each block is an element of F16[S] whose l
 * coefficients are drawn with SHAKE256. Rounds 1 and 2 make the last coefficient
 * nonzero (fqs_coeffs); Round 3 takes the coefficients as drawn. */
static inline void gen_t12(kern_t *k, gf16m T12[V][O], const uint8_t sk_seed[SNOVA_SK_SEED_BYTES]) {
    uint8_t bytes[SNOVA_PRIV_BYTES];
    uint8_t coeff[SNOVA_PRIV_NIBBLES];
    uint8_t fixed[L];
    gf16m spow[L];
    snova_shake256(bytes, sizeof(bytes), sk_seed, SNOVA_SK_SEED_BYTES);
    snova_unpack_nibbles(coeff, bytes, SNOVA_PRIV_NIBBLES);
    gen_s_powers(k, spow);
    for (int j = 0; j < V; j++)
        for (int c = 0; c < O; c++) {
#if SNOVA_ROUND < 3
            fqs_coeffs(coeff + (j * O + c) * L, fixed);
#else
            memcpy(fixed, coeff + (j * O + c) * L, L);
#endif
            fqs_element(k, spow, fixed, T12[j][c]);
        }
    snova_wipe(bytes, sizeof(bytes));
    snova_wipe(coeff, sizeof(coeff));
    snova_wipe(fixed, sizeof(fixed));
}

/* ------------------------------------------------------------------------- */
/* the block matrices of key generation and signing (l x l blocks; nmat public
 * matrices of v x v, v x o and o x v blocks)                                   */

/* Bytes of one element's product table (kernels.h mul_tables) */
#define TABLE 16
/* Bytes of the product tables of n elements in a workspace: NEON builds only,
 * one byte elsewhere (the portable kernel table has no table forms; TABLE_FORMS
 * says whether the kernel table can have them) */
#if defined(SNOVA_NEON)
#define TABLE_BYTES(n) ((n) * TABLE)
#define TABLE_FORMS 1
#else
#define TABLE_BYTES(n) 1
#define TABLE_FORMS 0
#endif
/* Bytes of the product tables of T12's elements (kernels.h rowdot_rtbl and
 * rowdot_tbl_sq) */
#define T12_TABLES TABLE_BYTES(V * O * LSQ)
/* Block rows rowdot_rtbl takes in groups of: as many l x l blocks as 16 lanes
 * hold a column of */
#define T12_ROW_GROUP (16 / L)

/* Bytes of an l x l block given replicated (kernels.h rowdot_rrep): a
 * 16-byte register per row */
#define REPLICATED_BLOCK_BYTES (16 * L)
#if defined(SNOVA_NEON)
_Static_assert(REPLICATED_BLOCK_BYTES <= TABLE_BYTES(LSQ), "a replicated block fits its tables' room");
#endif

/* Bytes of the row patterns of the folded rowdot (kernels.h fold_patterns): two
 * 16-byte registers per row of five elements; an l x l block's rows */
#define ROW_PATTERN_BYTES 32
#define BLOCK_PATTERN_BYTES (ROW_PATTERN_BYTES * L)
#if defined(SNOVA_NEON)
_Static_assert(BLOCK_PATTERN_BYTES <= TABLE_BYTES(LSQ), "a block's row patterns fit its tables' room");
#endif

/* out: the `rows` rows of row_bytes bytes (4 or 8, which divide 16) at m
 * replicated, row i repeated over bytes 16 i to 16 i + 15 */
static inline void replicate_rows(uint8_t *out, const uint8_t *m, size_t rows, int row_bytes) {
    for (size_t i = 0; i < rows; i++, m += row_bytes)
        for (int t = 0; t < 16; t += row_bytes)
            memcpy(out + 16 * i + t, m, (size_t)row_bytes);
}

/* A right factor Y (`blocks` l x l blocks) that many products share, in buf in the
 * form the kernel table multiplies such factors by: the product tables of its
 * elements (kernels.h rowdot_rtbl, rowdot_tbl_sq), else its replicated rows
 * (rowdot_rrep); NULL where it has neither. buf holds TABLE_BYTES(blocks * LSQ)
 * bytes. Secret where Y is. */
static inline const uint8_t *fixed_factor(kern_t *k, uint8_t *buf, const uint8_t *Y, size_t blocks) {
    /* buf has one byte where there are no table forms: say so to the compiler,
     * which cannot see that such a kernel table leaves their entries NULL */
    if (!TABLE_FORMS)
        return NULL;
    if (k->rowdot_rtbl != NULL) {
        k->mul_tables(buf, Y, blocks * LSQ);
        return buf;
    }
    if (k->rowdot_rrep != NULL) {
        replicate_rows(buf, Y, blocks * L, L);
        return buf;
    }
    return NULL;
}

/* T12 in tab in the form the kernel table multiplies by it: the row patterns of
 * its blocks where products by them on the left take patterns (rowdot_fold_pat_sq), else
 * as fixed_factor makes a right factor; NULL where neither */
static inline const uint8_t *t12_tables(kern_t *k, uint8_t tab[T12_TABLES], gf16m T12[V][O]) {
    if (!TABLE_FORMS)
        return NULL;   /* tab has one byte, as fixed_factor's buf */
    if (k->rowdot_fold_pat_sq != NULL) {
        k->fold_patterns(tab, T12[0][0], (size_t)V * O * L);
        return tab;
    }
    return fixed_factor(k, tab, T12[0][0], (size_t)V * O);
}

/* acc[r] += X[r] Y for the rows r < rows of a block matrix X (rows of `count`
 * l x l blocks, xrow bytes apart) and acc (rows of n blocks, each right after
 * the one before), Y count x n blocks, row after row; yfix: Y as fixed_factor
 * made it, or NULL. By the tables in groups of T12_ROW_GROUP rows (kernels.h
 * rowdot_rtbl), or a row at a time, by Y replicated where the kernel table
 * takes it (rowdot_rrep), else by Y. */
static inline void rows_times_fixed(kern_t *k, uint8_t *acc, const uint8_t *X, size_t xrow, size_t rows,
                                    const uint8_t *Y, size_t count, size_t n, const uint8_t *yfix) {
    size_t r = 0;
    if (yfix != NULL && k->rowdot_rtbl != NULL) {
        r = rows / T12_ROW_GROUP * T12_ROW_GROUP;
        k->rowdot_rtbl(acc, X, xrow, yfix, count, n, r);
    }
    for (; r < rows; r++) {
        if (yfix != NULL && k->rowdot_rrep != NULL)
            k->rowdot_rrep(acc + r * n * LSQ, X + r * xrow, LSQ, yfix, n * REPLICATED_BLOCK_BYTES, count, n);
        else
            k->gf16m_rowdot(acc + r * n * LSQ, X + r * xrow, LSQ, Y, n * LSQ, count, n);
    }
}

/* acc[r] += X[r] T12 for the rows r < rows of block matrices X (rows of V blocks)
 * and acc (rows of O blocks), each row right after the one before (t12tab:
 * t12_tables or NULL) */
static inline void rows_times_t12(kern_t *k, uint8_t *acc, const uint8_t *X, size_t rows, gf16m T12[V][O],
                                  const uint8_t *t12tab) {
    rows_times_fixed(k, acc, X, V * LSQ, rows, T12[0][0], V, O, t12tab);
}

/* acc[c] += sum_k T12[k][j] Y_k[c] for c < n, Y_k[c] at Y + k*ystride + c*l^2: by
 * the tables or row patterns t12tab where there are some */
static inline void t12_column_rowdot(kern_t *k, uint8_t *acc, gf16m T12[V][O], const uint8_t *t12tab, int j,
                                     const uint8_t *Y, size_t ystride, size_t n) {
    if (k->rowdot_tbl_sq != NULL && t12tab != NULL)
        k->rowdot_tbl_sq(acc, t12tab + (size_t)j * LSQ * TABLE, O * LSQ * TABLE, Y, ystride, V, n);
    else if (k->rowdot_fold_pat_sq != NULL && t12tab != NULL)
        k->rowdot_fold_pat_sq(acc, t12tab + (size_t)j * BLOCK_PATTERN_BYTES, O * BLOCK_PATTERN_BYTES, Y, ystride, V, n);
    else
        k->gf16m_rowdot(acc, T12[0][j], O * LSQ, Y, ystride, V, n);
}

/* F12 = P11 T12 + P12 (t12tab: t12_tables or NULL); F12 may be P12 (in place,
 * where P12 is not needed after) */
static inline void compute_f12(kern_t *k, int nmat, gf16m F12[][V][O], gf16m P11[][V][V], gf16m P12[][V][O],
                               gf16m T12[V][O], const uint8_t *t12tab) {
    if (F12 != P12)
        memcpy(F12, P12, (size_t)nmat * sizeof(gf16m[V][O]));
    rows_times_t12(k, F12[0][0][0], P11[0][0][0], (size_t)nmat * V, T12, t12tab);
}

/* F21 = T12^t P11 + P21 (transposed as a block matrix): row j of F21[i] is
 * sum_k T12[k][j] (row k of P11[i]) (t12tab: t12_tables or NULL); F21 may be P21
 * (in place) */
static inline void compute_f21(kern_t *k, int nmat, gf16m F21[][O][V], gf16m P11[][V][V], gf16m P21[][O][V],
                               gf16m T12[V][O], const uint8_t *t12tab) {
    if (F21 != P21)
        memcpy(F21, P21, (size_t)nmat * sizeof(gf16m[O][V]));
    for (int i = 0; i < nmat; i++)
        for (int j = 0; j < O; j++)
            t12_column_rowdot(k, F21[i][j][0], T12, t12tab, j, P11[i][0][0], V * LSQ, V);
}

/* P22 = T12^t F12 + P21 T12 (t12tab: t12_tables or NULL) */
static inline void compute_p22(kern_t *k, int nmat, gf16m P22[][O][O], gf16m T12[V][O], gf16m F12[][V][O],
                               gf16m P21[][O][V], const uint8_t *t12tab) {
    memset(P22, 0, (size_t)nmat * sizeof(gf16m[O][O]));
    for (int i = 0; i < nmat; i++)
        for (int j = 0; j < O; j++)
            t12_column_rowdot(k, P22[i][j][0], T12, t12tab, j, F12[i][0][0], O * LSQ, O);
    rows_times_t12(k, P22[0][0][0], P21[0][0][0], (size_t)nmat * O, T12, t12tab);
}

/* ------------------------------------------------------------------------- */
/* hashing and the linear system of signing                                   */

/* An odd number of elements leaves a high nibble that must be zero: verification
 * rejects a signature or public key that sets it. */
static inline int signature_nibbles_clear(const uint8_t *sig) {
    return !((SNOVA_SIG_NIBBLES & 1) && (sig[SNOVA_SIG_PACKED_BYTES - 1] >> 4) != 0);
}

static inline int public_nibbles_clear(const uint8_t *pk) {
    return !((SNOVA_P22_NIBBLES & 1) && (pk[SNOVA_PK_BYTES - 1] >> 4) != 0);
}

/* The target of a signature: SHAKE256(key_id || digest || salt) as elements. */
static inline void signed_hash(uint8_t hash[SNOVA_HASH_NIBBLES], const uint8_t *key_id, size_t key_id_len,
                               const uint8_t *digest, const uint8_t *salt) {
    uint8_t bytes[SNOVA_HASH_BYTES];
    snova_shake_ctx sh;
    snova_shake256_init(&sh);
    snova_shake_absorb(&sh, key_id, key_id_len);
    snova_shake_absorb(&sh, digest, SNOVA_DIGEST_BYTES);
    snova_shake_absorb(&sh, salt, SNOVA_SALT_BYTES);
    snova_shake_squeeze(&sh, bytes, sizeof(bytes));
    snova_unpack_nibbles(hash, bytes, SNOVA_HASH_NIBBLES);
}

/* The benchmark-only build aarch64-neon-attempts (tools/bench/bench.mk) counts the
 * signing attempts into the benchmark program's counter (tools/bench/sign_messages.c);
 * every other build compiles the hook away. */
#if defined(SNOVA_BENCH_ATTEMPTS)
extern unsigned long snova_bench_attempts;
#define SNOVA_COUNT_ATTEMPT() (snova_bench_attempts++)
#else
#define SNOVA_COUNT_ATTEMPT() ((void)0)
#endif

/* The vinegar bytes of signing attempt `counter`: SHAKE256(sk_seed || digest ||
 * salt || counter). sh is the caller's, so that it is wiped with the workspace. */
static inline void derive_vinegar(snova_shake_ctx *sh, uint8_t *out, size_t len, const uint8_t *sk_seed,
                                  const uint8_t *digest, const uint8_t *salt, uint8_t counter) {
    SNOVA_COUNT_ATTEMPT();
    snova_shake256_init(sh);
    snova_shake_absorb(sh, sk_seed, SNOVA_SK_SEED_BYTES);
    snova_shake_absorb(sh, digest, SNOVA_DIGEST_BYTES);
    snova_shake_absorb(sh, salt, SNOVA_SALT_BYTES);
    snova_shake_absorb(sh, &counter, 1);
    snova_shake_squeeze(sh, out, len);
}

/* The signature once the system is solved: the oil blocks are the solution, each
 * vinegar block moves by T12 (X_j += sum_c T12[j][c] X_(v+c), with the dot-product
 * kernel of the blocks' shape), all packed, then the salt. X holds n blocks of
 * `block` elements. */
static inline void finish_signature(uint8_t *sig, uint8_t *X, size_t block, snova_gf16m_dot_fn dot,
                                    gf16m T12[V][O], const uint8_t sol[NEQ], const uint8_t *salt) {
    memcpy(X + V * block, sol, NEQ);
    for (int j = 0; j < V; j++)
        dot(X + j * block, T12[j][0], LSQ, X + V * block, block, O);
    snova_pack_nibbles(sig, X, SNOVA_SIG_NIBBLES);
    memcpy(sig + SNOVA_SIG_PACKED_BYTES, salt, SNOVA_SALT_BYTES);
}

/* Solves the augmented system G (see GSTRIDE) in constant time with the
 * gf16_solve kernel, which leaves unknown i in the first byte of row NEQ-1-i.
 * Returns 0xFF if it is regular (then sol holds the unique solution), 0 if
 * singular. */
static inline uint8_t solve_system(kern_t *k, uint8_t G[NEQ][GSTRIDE], uint8_t sol[NEQ]) {
    uint8_t ok = k->gf16_solve(&G[0][0], NEQ, GSTRIDE);
    for (int i = 0; i < NEQ; i++)
        sol[i] = G[NEQ - 1 - i][G_RHS];
    return ok;
}

/* ------------------------------------------------------------------------- */
/* verification's verdict                                                     */

/* Whether matrix i (`elems` elements) of the evaluated public map equals the
 * target's; all of it is public. The SNOVA_PLANT_WEAK_VERIFY builds weaken it as
 * a faulty verifier might, for test_verifier to prove that it notices. */
static inline int target_matrix_equal(const uint8_t *out, const uint8_t *target, int i, size_t elems) {
    (void)i;
#if SNOVA_PLANT_WEAK_VERIFY == 1
    elems -= 1; /* every element but the last */
#elif SNOVA_PLANT_WEAK_VERIFY == 2
    if (i > 0)
        return 1; /* matrix 0 only */
#endif
    return memcmp(out, target, elems) == 0;
}

/* 0 if the evaluated map `out` (count matrices of elems elements) is the target, else -1 */
static inline int target_verdict(const uint8_t *out, const uint8_t *hash, int count, size_t elems) {
    for (int i = 0; i < count; i++)
        if (!target_matrix_equal(out + i * elems, hash + i * elems, i, elems))
            return -1;
    return 0;
}

/* The verdict on an evaluated map; with the test hook's each_target, instead
 * the number of target elements whose change alone the verdict rejects. */
static inline int verify_verdict(const struct snova_verify_fault *fault, const uint8_t *out, uint8_t *hash,
                                 int count, size_t elems) {
#if defined(SNOVA_TEST_HOOKS)
    if (fault != NULL && fault->each_target) {
        int rejected = 0;
        for (size_t e = 0; e < count * elems; e++) {
            uint8_t change = (uint8_t)(1 + e % 15);
            hash[e] ^= change;
            rejected += target_verdict(out, hash, count, elems) != 0;
            hash[e] ^= change;
        }
        return rejected;
    }
#else
    (void)fault;
#endif
    return target_verdict(out, hash, count, elems);
}

/* Verification's test hook (core.h, -DSNOVA_TEST_HOOKS builds only): after the
 * target and the public map are expanded, XOR one element of either. map runs
 * over P11, P12, P21 of every public matrix (the seed's part, seed_part elements
 * at p) and then P22 (at p22). Without the hook it is nothing. */
static inline void apply_verify_fault(const struct snova_verify_fault *fault, uint8_t *hash, uint8_t *p,
                                      size_t seed_part, uint8_t *p22) {
#if defined(SNOVA_TEST_HOOKS)
    if (fault == NULL)
        return;
    if (fault->target >= 0)
        hash[fault->target] ^= fault->xor_value;
    if (fault->map >= 0) {
        size_t e = (size_t)fault->map;
        if (e < seed_part)
            p[e] ^= fault->xor_value;
        else
            p22[e - seed_part] ^= fault->xor_value;
    }
#else
    (void)fault, (void)hash, (void)p, (void)seed_part, (void)p22;
#endif
}

#endif
