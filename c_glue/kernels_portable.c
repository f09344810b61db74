/* Portable C kernels. GF(16) = GF(2)[x]/(x^4 + x + 1), one element per byte.
 * A product loads both l x l matrices into 64-bit words with one element per
 * nibble (row-major), then sums, over k and over the bits t of b[k][j],
 * (a[i][k] x^t) masked by bit t of b[k][j]: column k of a is spread along the
 * rows, row k of the masks of b is copied to every row. Only shifts, ANDs, XORs
 * and multiplications by constants: no branch and no memory index depends on
 * the data. */
#include "kernels.h"

#include "aes_ct.h"
#include "gf16.h"

#if defined(__GNUC__) || defined(__clang__)
#define SNOVA_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define SNOVA_ALWAYS_INLINE inline
#endif

/* n <= 8 bytes (elements 0..15) into n nibbles */
static SNOVA_ALWAYS_INLINE uint64_t load_nibbles8(const uint8_t *p, const int n) {
    uint64_t x = 0;
    for (int i = 0; i < n; i++)
        x |= (uint64_t)p[i] << (8 * i);
    x = (x | (x >> 4)) & 0x00FF00FF00FF00FFULL;
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFULL;
    x = (x | (x >> 16)) & 0x00000000FFFFFFFFULL;
    return x;
}

static SNOVA_ALWAYS_INLINE void store_nibbles8(uint8_t *p, uint64_t x, const int n) {
    x &= 0x00000000FFFFFFFFULL;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFULL;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFULL;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0FULL;
    for (int i = 0; i < n; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}

static SNOVA_ALWAYS_INLINE uint64_t load_matrix(const uint8_t *p, const int l) {
    const int n = l * l;
    if (n <= 8)
        return load_nibbles8(p, n);
    return load_nibbles8(p, 8) | (load_nibbles8(p + 8, n - 8) << 32);
}

static SNOVA_ALWAYS_INLINE void store_matrix(uint8_t *p, uint64_t x, const int l) {
    const int n = l * l;
    if (n <= 8) {
        store_nibbles8(p, x, n);
    } else {
        store_nibbles8(p, x, 8);
        store_nibbles8(p + 8, x >> 32, n - 8);
    }
}

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

    uint64_t x = load_matrix(a, l), y = load_matrix(b, l);
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
    store_matrix(c, acc, l);
}

void snova_c_gf16m_add_r2(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_add_rank(a, b, c, 2); }
void snova_c_gf16m_add_r3(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_add_rank(a, b, c, 3); }
void snova_c_gf16m_add_r4(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_add_rank(a, b, c, 4); }
void snova_c_gf16m_mul_r2(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_mul_rank(a, b, c, 2); }
void snova_c_gf16m_mul_r3(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_mul_rank(a, b, c, 3); }
void snova_c_gf16m_mul_r4(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_mul_rank(a, b, c, 4); }

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

/* The signing system's coefficient block (kernels.h), term by term with the
 * constant-time scalar product. */
static inline void gf16m_linsys_coeffs_rank(uint8_t *coef, const uint8_t *lx, const uint8_t *bm,
                                            const uint8_t *am, const uint8_t *rx, const int l) {
    const int lsq = l * l;
    for (int i = 0; i < lsq * lsq; i++)
        coef[i] = 0;
    for (int a = 0; a < lsq; a++) {
        const int m = a * lsq;
        for (int ra = 0; ra < l; ra++)
            for (int rb = 0; rb < l; rb++)
                for (int ve = 0; ve < l; ve++)
                    for (int vf = 0; vf < l; vf++)
                        coef[(ra * l + rb) * lsq + ve * l + vf] ^=
                            (uint8_t)(gf16_mul(lx[m + ra * l + ve], bm[m + vf * l + rb]) ^
                                      gf16_mul(am[m + ra * l + vf], rx[m + ve * l + rb]));
    }
}

#define SNOVA_LINSYS_FN(l)                                                                               \
    void snova_c_gf16m_linsys_coeffs_r##l(uint8_t *coef, const uint8_t *lx, const uint8_t *B,           \
                                          const uint8_t *A, const uint8_t *rx) {                        \
        gf16m_linsys_coeffs_rank(coef, lx, B, A, rx, l);                                                 \
    }
SNOVA_LINSYS_FN(2)
SNOVA_LINSYS_FN(3)
SNOVA_LINSYS_FN(4)

void snova_c_aes128_ctr_prng(uint8_t *out, size_t len, const uint8_t key[16]) {
    snova_ct_aes128_ctr_keystream(out, len, key);
}

#ifdef SNOVA_L
#define SNOVA_PASTE3(a, b, c) a##b##c
#define SNOVA_RANK_FN(op, l) SNOVA_PASTE3(snova_c_gf16m_, op, l)

const struct snova_kernels snova_kernels_portable = {
    "portable-c",
    SNOVA_RANK_FN(add_r, SNOVA_L),
    SNOVA_RANK_FN(mul_r, SNOVA_L),
    SNOVA_RANK_FN(dot_r, SNOVA_L),
    SNOVA_RANK_FN(linsys_coeffs_r, SNOVA_L),
    snova_c_aes128_ctr_prng,
};
#endif
