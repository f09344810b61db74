/* Inline GF(16) helpers of the portable C kernels: l x l and rectangular matrices
 * packed one element per nibble into 64-bit words, and products of any shape a row
 * at a time under masks of the left factor's bits. Shared by the rank kernels
 * (kernels_portable.c, compiled once) and the kernel table of a block shape
 * (kernels_shape.c, compiled per shape). Constant time: shifts, ANDs, XORs and
 * multiplications by constants only; masks of single bits pass a value barrier
 * (ct.h), or the compiler may turn them into branches or selects. */
#ifndef SNOVA_GF16_WORDS_H
#define SNOVA_GF16_WORDS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gf16.h"
#include "util.h"

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

/* Up to 16 bytes (elements) into nibbles: an l x l matrix, or for l = 2 up to four
 * consecutive ones, each then in a 16-bit lane. */
static SNOVA_ALWAYS_INLINE uint64_t load_nibbles16(const uint8_t *p, const int n) {
    if (n <= 8)
        return load_nibbles8(p, n);
    return load_nibbles8(p, 8) | (load_nibbles8(p + 8, n - 8) << 32);
}

static SNOVA_ALWAYS_INLINE void store_nibbles16(uint8_t *p, uint64_t x, const int n) {
    if (n <= 8) {
        store_nibbles8(p, x, n);
    } else {
        store_nibbles8(p, x, 8);
        store_nibbles8(p + 8, x >> 32, n - 8);
    }
}

/* Products of any shape whose rows have at most 8 elements (rank 5, Round 3's
 * rectangular blocks) a row at a time: a row of B is a word of nibbles, and row i
 * of C is the XOR, over k and the bits t of A[i][k], of row k of B times x^t,
 * each masked by its bit. */

/* the nibbles of y times x, every nibble of `ones` a lane */
static SNOVA_ALWAYS_INLINE uint64_t nibbles_times_x(uint64_t y, uint64_t ones) {
    uint64_t top = (y >> 3) & ones;
    return ((y << 1) & (ones * 0xE)) ^ top ^ (top << 1);
}

/* Eight elements a 64-bit word, one per byte lane: the solver's rows and the
 * scaled sums. Lane operations never cross lanes, so a word holds its bytes in
 * memory order on either endianness. */
#define LANES_01 0x0101010101010101ULL

/* x * y in each of eight byte lanes (elements 0..15) */
static inline uint64_t lanes_times_x(uint64_t y) { return nibbles_times_x(y, LANES_01); }

static inline uint64_t bit_mask64(uint8_t s, unsigned bit) {
    return snova_ct_mask64((s >> bit) & 1u);
}

/* the n <= 8 bytes at p as a word's first n byte lanes, the others zero */
static inline uint64_t load_bytes64(const uint8_t *p, const size_t n) {
    uint64_t w = 0;
    memcpy(&w, p, n);
    return w;
}

/* a word's first n <= 8 byte lanes to p */
static inline void store_bytes64(uint8_t *p, uint64_t w, const size_t n) { memcpy(p, &w, n); }

/* masks[(i*q + k)*4 + t] = all ones if bit t of A[i][k] is set */
static SNOVA_ALWAYS_INLINE void element_masks(uint64_t *masks, const uint8_t *a, const int p, const int q) {
    for (int e = 0; e < p * q; e++)
        for (int t = 0; t < 4; t++)
            masks[e * 4 + t] = snova_ct_mask64((a[e] >> t) & 1u);
}

/* acc (p x s) += A b (q x s), A given by its element_masks */
static SNOVA_ALWAYS_INLINE void gf16_matmul_masked_acc(uint8_t *acc, const uint64_t *masks, const uint8_t *b,
                                                       const int p, const int q, const int s) {
    uint64_t ones = 0, bx[8][4];
    for (int j = 0; j < s; j++)
        ones |= 1ULL << (4 * j);
    for (int k = 0; k < q; k++) {
        bx[k][0] = load_nibbles8(b + k * s, s);
        for (int t = 1; t < 4; t++)
            bx[k][t] = nibbles_times_x(bx[k][t - 1], ones);
    }
    for (int i = 0; i < p; i++) {
        uint64_t c = load_nibbles8(acc + i * s, s);
        for (int k = 0; k < q; k++)
            for (int t = 0; t < 4; t++)
                c ^= masks[(i * q + k) * 4 + t] & bx[k][t];
        store_nibbles8(acc + i * s, c, s);
    }
}

static SNOVA_ALWAYS_INLINE void gf16_dot(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y,
                                         size_t ystride, size_t count, const int p, const int q, const int s) {
    uint64_t masks[8 * 8 * 4];
    for (size_t c = 0; c < count; c++) {
        element_masks(masks, x + c * xstride, p, q);
        gf16_matmul_masked_acc(acc, masks, y + c * ystride, p, q, s);
    }
}

/* c = a b for any shape; c may alias a or b */
static SNOVA_ALWAYS_INLINE void gf16_matmul(uint8_t *c, const uint8_t *a, const uint8_t *b, const int p, const int q,
                                            const int s) {
    uint8_t t[64] = {0};
    gf16_dot(t, a, 0, b, 0, 1, p, q, s);
    memcpy(c, t, (size_t)(p * s));
}

/* X_k's masks are made once for the whole row; p q <= 128 (the largest left
 * factor is Round 3's stacked 25 x 5) */
static SNOVA_ALWAYS_INLINE void gf16_rowdot(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y,
                                            size_t ystride, size_t count, size_t n, const int p, const int q,
                                            const int s) {
    uint64_t masks[128 * 4];
    for (size_t k = 0; k < count; k++) {
        element_masks(masks, x + k * xstride, p, q);
        for (size_t j = 0; j < n; j++)
            gf16_matmul_masked_acc(acc + j * (size_t)(p * s), masks, y + k * ystride + j * (size_t)(q * s), p, q, s);
    }
}

/* The signing system's coefficient block (kernels.h) of l x r blocks and `count`
 * terms, term by term with the constant-time scalar product. */
static inline void gf16m_linsys_coeffs_shape(uint8_t *coef, const uint8_t *lx, const uint8_t *bm,
                                             const uint8_t *am, const uint8_t *rx, size_t count, const int l,
                                             const int r) {
    const int lr = l * r;
    for (int i = 0; i < lr * lr; i++)
        coef[i] = 0;
    for (size_t a = 0; a < count; a++) {
        const uint8_t *lxa = lx + a * (size_t)lr, *ba = bm + a * (size_t)lr;
        const uint8_t *aa = am + a * (size_t)(r * r), *rxa = rx + a * (size_t)(l * l);
        for (int ra = 0; ra < r; ra++)
            for (int rb = 0; rb < l; rb++)
                for (int ve = 0; ve < l; ve++)
                    for (int vf = 0; vf < r; vf++)
                        coef[(ra * l + rb) * lr + ve * r + vf] ^=
                            (uint8_t)(gf16_mul(lxa[ra * l + ve], ba[vf * l + rb]) ^
                                      gf16_mul(aa[ra * r + vf], rxa[ve * l + rb]));
    }
}

#endif
