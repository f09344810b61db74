/* The portable kernel table of one block shape (the build's SNOVA_L, SNOVA_R and
 * round): the rank kernels of kernels_portable.c, which every shape shares, and
 * the rectangular products instantiated here for this shape. */
#include "snova_namespace.h"
#include "kernels.h"

#include "gf16_words.h"
#include "params.h"
#include "shake.h"

#define SNOVA_PASTE3(a, b, c) a##b##c
#define SNOVA_RANK_FN(op, l) SNOVA_PASTE3(snova_c_gf16m_, op, l)
#define L SNOVA_L
#define R SNOVA_R

/* The rectangular products of the build's l x r blocks (kernels.h), named by
 * the shapes of their factors. */
#define SNOVA_SHAPE_MUL(name, p, q, s)                                                                   \
    static void mul_##name(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16_matmul(c, a, b, p, q, s); }
#define SNOVA_SHAPE_DOT(name, p, q, s)                                                                   \
    static void dot_##name(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride, \
                           size_t count) {                                                               \
        gf16_dot(acc, x, xstride, y, ystride, count, p, q, s);                                           \
    }
#define SNOVA_SHAPE_ROWDOT(name, p, q, s)                                                                \
    static void rowdot_##name(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y,         \
                              size_t ystride, size_t count, size_t n) {                                 \
        gf16_rowdot(acc, x, xstride, y, ystride, count, n, p, q, s);                                     \
    }
SNOVA_SHAPE_MUL(rrl, R, R, L)
SNOVA_SHAPE_MUL(rll, R, L, L)
SNOVA_SHAPE_MUL(lrl, L, R, L)
SNOVA_SHAPE_DOT(llr, L, L, R)
SNOVA_SHAPE_DOT(rrl, R, R, L)
SNOVA_SHAPE_ROWDOT(llr, L, L, R)
SNOVA_SHAPE_ROWDOT(rll, R, L, L)
SNOVA_SHAPE_ROWDOT(rlr, R, L, R)
SNOVA_SHAPE_ROWDOT(rrl, R, R, L)
SNOVA_SHAPE_ROWDOT(sll, L * R, L, L)
SNOVA_SHAPE_ROWDOT(slr, L * R, L, R)

/* scalars times l x r and r x r matrices (kernels.h): eight elements a 64-bit
 * word, one byte lane each, the sum kept in words across all c. Each scalar's
 * four bit masks select Y_c times 1, x, x^2, x^3; a gf16_mul per element costs
 * a value barrier per bit and made Rounds 1 and 2's portable signing up to 75%
 * slower when their brackets moved to these sums. */
static SNOVA_ALWAYS_INLINE void gf16_scaled_sum(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y,
                                                size_t ystride, size_t count, const int n) {
    enum { WORDS = ((L * R > R * R ? L * R : R * R) + 7) / 8 };
    const int words = (n + 7) / 8;
    uint64_t sum[WORDS] = { 0 };
    for (size_t c = 0; c < count; c++) {
        const uint8_t s = x[c * xstride];
        for (int w = 0; w < words; w++) {
            const size_t bytes = n - 8 * w < 8 ? (size_t)(n - 8 * w) : 8;
            uint64_t yw = load_bytes64(y + c * ystride + (size_t)(8 * w), bytes);
            for (unsigned t = 0; t < 4; t++) {
                sum[w] ^= yw & bit_mask64(s, t);
                yw = lanes_times_x(yw);
            }
        }
    }
    for (int w = 0; w < words; w++) {
        const size_t bytes = n - 8 * w < 8 ? (size_t)(n - 8 * w) : 8;
        store_bytes64(acc + 8 * w, load_bytes64(acc + 8 * w, bytes) ^ sum[w], bytes);
    }
}

static void dot_scalar_lr(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                     size_t count) {
    gf16_scaled_sum(acc, x, xstride, y, ystride, count, L * R);
}

static void dot_scalar_rr(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                     size_t count) {
    gf16_scaled_sum(acc, x, xstride, y, ystride, count, R * R);
}

static void dot_scalar_ll(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                     size_t count) {
    gf16_scaled_sum(acc, x, xstride, y, ystride, count, L * L);
}

static void linsys_lr(uint8_t *coef, const uint8_t *lx, const uint8_t *B, const uint8_t *A, const uint8_t *rx,
                      size_t count) {
    gf16m_linsys_coeffs_shape(coef, lx, B, A, rx, count, L, R);
}

const struct snova_kernels snova_kernels_portable = {
    .name = "portable-c",
    .gf16m_add = SNOVA_RANK_FN(add_r, SNOVA_L),
    .gf16m_mul = SNOVA_RANK_FN(mul_r, SNOVA_L),
    .gf16m_dot = SNOVA_RANK_FN(dot_r, SNOVA_L),
    .gf16m_rowdot = SNOVA_RANK_FN(rowdot_r, SNOVA_L),
    .gf16m_linsys_coeffs = SNOVA_RANK_FN(linsys_coeffs_r, SNOVA_L),
    .aes128_ctr_prng = snova_c_aes128_ctr_prng,
    .gf16_solve = snova_c_gf16_solve,
    .mul_rrl = mul_rrl,
    .mul_rll = mul_rll,
    .mul_lrl = mul_lrl,
    .dot_llr = dot_llr,
    .dot_rrl = dot_rrl,
    .dot_scalar_lr = dot_scalar_lr,
    .dot_scalar_rr = dot_scalar_rr,
    .dot_scalar_ll = dot_scalar_ll,
    .rowdot_llr = rowdot_llr,
    .rowdot_rll = rowdot_rll,
    .rowdot_rlr = rowdot_rlr,
    .rowdot_rrl = rowdot_rrl,
    .rowdot_sll = rowdot_sll,
    .rowdot_slr = rowdot_slr,
    .linsys_lr = linsys_lr,
    .keccakf1600 = snova_keccak_f1600,
    .keccakf1600_x2 = snova_c_keccakf1600_x2,
    .keccakf1600_x3 = snova_c_keccakf1600_x3,
    .keccakf1600_x4 = snova_c_keccakf1600_x4,
    .keccak_ways = 3,
};
