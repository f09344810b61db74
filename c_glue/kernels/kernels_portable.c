/* Portable C kernels. GF(16) = GF(2)[x]/(x^4 + x + 1), one element per byte.
 * A square product of rank 2 to 4 loads both l x l matrices into 64-bit words with
 * one element per nibble (row-major), then sums, over k and over the bits t of
 * b[k][j], (a[i][k] x^t) masked by bit t of b[k][j]: column k of a is spread along
 * the rows, row k of the masks of b is copied to every row. Rank 5 and the
 * rectangular products of Round 3 (too large for a word) go element by element
 * with the constant-time scalar product, in loops the compiler vectorises. Only
 * shifts, ANDs, XORs and multiplications by constants: no branch and no memory
 * index depends on the data (masks of single bits pass a value barrier, ct.h). */
#include "snova_namespace.h"
#include "kernels.h"

#include <string.h>

#include "aes_ct.h"
#include "gf16_words.h"
#include "shake.h"

static SNOVA_ALWAYS_INLINE void gf16m_add_rank(const uint8_t *a, const uint8_t *b, uint8_t *c, const int l) {
    for (int i = 0; i < l * l; i++)
        c[i] = (uint8_t)(a[i] ^ b[i]);
}

static SNOVA_ALWAYS_INLINE void gf16m_mul_rank(const uint8_t *a, const uint8_t *b, uint8_t *c, const int l) {
    const int n = l * l;
    /* 1 in every used nibble; in nibble 0 of every row; in nibble 0 of row 0 of each column */
    uint64_t ones = 0, row_starts = 0, col_rep = 0;
    for (int i = 0; i < n; i++)
        ones |= 1ULL << (4 * i);
    for (int i = 0; i < l; i++) {
        row_starts |= 1ULL << (4 * l * i);
        col_rep |= 1ULL << (4 * i);
    }
    const uint64_t row_mask = (1ULL << (4 * l)) - 1;

    uint64_t x = load_nibbles16(a, l * l), y = load_nibbles16(b, l * l);
    uint64_t ax[4], bm[4], acc = 0;
    ax[0] = x;
    for (int t = 1; t < 4; t++) {
        uint64_t top = (ax[t - 1] >> 3) & ones;
        ax[t] = ((ax[t - 1] << 1) & (ones * 0xE)) ^ top ^ (top << 1);
    }
    for (int t = 0; t < 4; t++)
        bm[t] = ((y >> t) & ones) * 0xF;
    for (int k = 0; k < l; k++) {
        for (int t = 0; t < 4; t++) {
            uint64_t col = ((ax[t] >> (4 * k)) & (row_starts * 0xF)) * col_rep;
            uint64_t rowm = ((bm[t] >> (4 * l * k)) & row_mask) * row_starts;
            acc ^= col & rowm;
        }
    }
    store_nibbles16(c, acc, l * l);
}

void snova_c_gf16m_add_r2(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_add_rank(a, b, c, 2); }
void snova_c_gf16m_add_r3(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_add_rank(a, b, c, 3); }
void snova_c_gf16m_add_r4(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_add_rank(a, b, c, 4); }
void snova_c_gf16m_mul_r2(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_mul_rank(a, b, c, 2); }
void snova_c_gf16m_mul_r3(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_mul_rank(a, b, c, 3); }
void snova_c_gf16m_mul_r4(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_mul_rank(a, b, c, 4); }


void snova_c_gf16m_add_r5(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_add_rank(a, b, c, 5); }
void snova_c_gf16m_mul_r5(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16_matmul(c, a, b, 5, 5, 5); }
void snova_c_gf16m_dot_r5(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                          size_t count) {
    gf16_dot(acc, x, xstride, y, ystride, count, 5, 5, 5);
}
void snova_c_gf16m_rowdot_r5(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                             size_t count, size_t n) {
    gf16_rowdot(acc, x, xstride, y, ystride, count, n, 5, 5, 5);
}

/* acc += sum of X_c Y_c, one product at a time (kernels.h) */
#define SNOVA_DOT_FN(l)                                                                                  \
    void snova_c_gf16m_dot_r##l(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y,       \
                                size_t ystride, size_t count) {                                         \
        uint8_t t[l * l];                                                                                \
        for (size_t c = 0; c < count; c++) {                                                             \
            gf16m_mul_rank(x + c * xstride, y + c * ystride, t, l);                                      \
            gf16m_add_rank(acc, t, acc, l);                                                              \
        }                                                                                                \
    }
SNOVA_DOT_FN(2)
SNOVA_DOT_FN(3)
SNOVA_DOT_FN(4)

/* acc[j] += sum over k of X_k Y_k[j] for j < n (kernels.h). The product of
 * gf16m_mul_rank with X_k's part done once per k: its columns, times x^t, spread
 * along the rows (and, for rank 2, into the four 16-bit lanes of a word, so that
 * four right factors share each operation). The sums stay in words across k, a
 * chunk of the row at a time. */
enum { ROWDOT_CHUNK = 32 };

/* bytes of word w of a run of nj matrices: its matrices, fewer in the last word */
static SNOVA_ALWAYS_INLINE int word_bytes(size_t nj, size_t w, const int lanes, const int lsq) {
    size_t left = nj - w * (size_t)lanes;
    return (int)(left < (size_t)lanes ? left : (size_t)lanes) * lsq;
}

static SNOVA_ALWAYS_INLINE void gf16m_rowdot_rank(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y,
                                                  size_t ystride, size_t count, size_t n, const int l) {
    const int lsq = l * l, lanes = 16 / lsq;
    uint64_t ones = 0, row_starts = 0, col_rep = 0, lane_rep = 0;
    for (int i = 0; i < lsq; i++)
        ones |= 1ULL << (4 * i);
    for (int i = 0; i < l; i++) {
        row_starts |= 1ULL << (4 * l * i);
        col_rep |= 1ULL << (4 * i);
    }
    for (int m = 0; m < lanes; m++)
        lane_rep |= 1ULL << (4 * lsq * m);
    const uint64_t row0 = ((1ULL << (4 * l)) - 1) * lane_rep, all_ones = ones * lane_rep;

    for (size_t j0 = 0; j0 < n; j0 += (size_t)(ROWDOT_CHUNK * lanes)) {
        const size_t nj = n - j0 < (size_t)(ROWDOT_CHUNK * lanes) ? n - j0 : (size_t)(ROWDOT_CHUNK * lanes);
        const size_t words = (nj + (size_t)lanes - 1) / (size_t)lanes;
        uint64_t sum[ROWDOT_CHUNK];
        uint8_t *accj = acc + j0 * (size_t)lsq;
        for (size_t w = 0; w < words; w++)
            sum[w] = load_nibbles16(accj + w * (size_t)(lanes * lsq), word_bytes(nj, w, lanes, lsq));
        for (size_t k = 0; k < count; k++) {
            uint64_t ax = load_nibbles16(x + k * xstride, lsq), col[4][4];
            for (int t = 0; t < 4; t++) {
                for (int c = 0; c < l; c++)
                    col[c][t] = ((ax >> (4 * c)) & (row_starts * 0xF)) * col_rep * lane_rep;
                uint64_t top = (ax >> 3) & ones;
                ax = ((ax << 1) & (ones * 0xE)) ^ top ^ (top << 1);
            }
            const uint8_t *yk = y + k * ystride + j0 * (size_t)lsq;
            for (size_t w = 0; w < words; w++) {
                uint64_t yw = load_nibbles16(yk + w * (size_t)(lanes * lsq), word_bytes(nj, w, lanes, lsq)), s = 0;
                for (int t = 0; t < 4; t++) {
                    uint64_t bm = ((yw >> t) & all_ones) * 0xF;
                    for (int c = 0; c < l; c++)
                        s ^= col[c][t] & (((bm >> (4 * l * c)) & row0) * row_starts);
                }
                sum[w] ^= s;
            }
        }
        for (size_t w = 0; w < words; w++)
            store_nibbles16(accj + w * (size_t)(lanes * lsq), sum[w], word_bytes(nj, w, lanes, lsq));
    }
}

#define SNOVA_ROWDOT_FN(l)                                                                               \
    void snova_c_gf16m_rowdot_r##l(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y,    \
                                   size_t ystride, size_t count, size_t n) {                            \
        gf16m_rowdot_rank(acc, x, xstride, y, ystride, count, n, l);                                     \
    }
SNOVA_ROWDOT_FN(2)
SNOVA_ROWDOT_FN(3)
SNOVA_ROWDOT_FN(4)


#define SNOVA_LINSYS_FN(l)                                                                               \
    void snova_c_gf16m_linsys_coeffs_r##l(uint8_t *coef, const uint8_t *lx, const uint8_t *B,           \
                                          const uint8_t *A, const uint8_t *rx) {                        \
        gf16m_linsys_coeffs_shape(coef, lx, B, A, rx, l * l, l, l);                                      \
    }
SNOVA_LINSYS_FN(2)
SNOVA_LINSYS_FN(3)
SNOVA_LINSYS_FN(4)
SNOVA_LINSYS_FN(5)

/* ------------------------------------------------------------------------- */
/* The signing system's Gaussian elimination (kernels.h), in constant time: a row
 * of the augmented system is handled as 64-bit words of eight elements. The
 * unknowns are eliminated from the last (byte n) to the first (byte 1), so a step
 * needs only the words of a row up to its column. Row pivoting adds every lower
 * row under a mask that is set only while the pivot is still zero; the pivot row
 * is scaled by the pivot's inverse, and every lower row loses f times it (f its
 * element in the pivot column) through masks of the bits of f and the row's
 * multiples by x, x^2, x^3. Back-substitution then writes each unknown into byte
 * 0 of its pivot row. Branches and addresses depend on n, stride and counters
 * only. */

/* words of the pivot row's multiples by x, x^2, x^3 kept at a time (every SNOVA row: 22 at most) */
enum { SOLVE_CHUNK = 32 };

uint8_t snova_c_gf16_solve(uint8_t *g, size_t n, size_t stride) {
    uint64_t px[3][SOLVE_CHUNK];
    uint8_t ok = 0xFF;
    for (size_t i = 0; i < n; i++) {
        uint8_t *gi = g + i * stride;
        const size_t col = n - i, words = col / 8 + 1; /* the words holding bytes 0 .. col */
        for (size_t j = i + 1; j < n; j++) {
            const uint8_t *gj = g + j * stride;
            uint64_t take = snova_ct_mask64(1u & ~gf16_nonzero_mask(gi[col]));
            for (size_t w = 0; w < words; w++)
                store_bytes64(gi + 8 * w, load_bytes64(gi + 8 * w, 8) ^ (take & load_bytes64(gj + 8 * w, 8)), 8);
        }
        uint8_t piv = gi[col];
        ok &= gf16_nonzero_mask(piv);
        uint8_t inv = gf16_inv(piv);
        uint64_t m0 = bit_mask64(inv, 0), m1 = bit_mask64(inv, 1);
        uint64_t m2 = bit_mask64(inv, 2), m3 = bit_mask64(inv, 3);
        for (size_t w = 0; w < words; w++) {
            uint64_t y0 = load_bytes64(gi + 8 * w, 8), y1 = lanes_times_x(y0), y2 = lanes_times_x(y1);
            uint64_t y3 = lanes_times_x(y2);
            store_bytes64(gi + 8 * w, (y0 & m0) ^ (y1 & m1) ^ (y2 & m2) ^ (y3 & m3), 8);
        }
        /* the lower rows a chunk of words at a time, from the first chunk to the
         * last: the pivot column, which gives each row its factor, lies in the
         * last, so it changes only after every chunk has read it */
        for (size_t lo = 0; lo < words; lo += SOLVE_CHUNK) {
            const size_t hi = words - lo > SOLVE_CHUNK ? lo + SOLVE_CHUNK : words;
            for (size_t w = lo; w < hi; w++) {
                px[0][w - lo] = lanes_times_x(load_bytes64(gi + 8 * w, 8));
                px[1][w - lo] = lanes_times_x(px[0][w - lo]);
                px[2][w - lo] = lanes_times_x(px[1][w - lo]);
            }
            for (size_t j = i + 1; j < n; j++) {
                uint8_t *gj = g + j * stride;
                uint8_t f = gj[col];
                uint64_t f0 = bit_mask64(f, 0), f1 = bit_mask64(f, 1);
                uint64_t f2 = bit_mask64(f, 2), f3 = bit_mask64(f, 3);
                for (size_t w = lo; w < hi; w++)
                    store_bytes64(gj + 8 * w,
                                  load_bytes64(gj + 8 * w, 8) ^ (load_bytes64(gi + 8 * w, 8) & f0) ^
                                      (px[0][w - lo] & f1) ^ (px[1][w - lo] & f2) ^ (px[2][w - lo] & f3),
                                  8);
            }
        }
    }
    /* row j is now [c_j | a_j,1 .. a_j,p-1 | 1 | 0 ..], p = n - j, and the unknown
     * at byte q < p is already in byte 0 of row n - q */
    for (size_t j = n; j-- > 0;) {
        uint8_t *gj = g + j * stride;
        uint8_t s = gj[0];
        for (size_t q = 1; q < n - j; q++)
            s ^= gf16_mul(gj[q], g[(n - q) * stride]);
        gj[0] = s;
    }
    snova_wipe(px, sizeof(px));
    return ok;
}

void snova_c_aes128_ctr_prng(uint8_t *out, size_t len, const uint8_t key[16]) {
    snova_ct_aes128_ctr_keystream(out, len, key);
}
