/* Portable C kernels. GF(16) = GF(2)[x]/(x^4 + x + 1), one element per byte.
 * Matrix products work on rows packed as 4-byte lanes, two rows per 64-bit word,
 * and multiply lane by lane with masks built from the bits of the left factor:
 * no branch and no memory index depends on the data. */
#include "kernels.h"

#include "aes_ct.h"

#define LANES_01 0x0101010101010101ULL

/* Multiplies every byte lane (value 0..15) by x. */
static inline uint64_t lanes_times_x(uint64_t y) {
    uint64_t top = (y >> 3) & LANES_01;
    return ((y << 1) & 0x0E0E0E0E0E0E0E0EULL) ^ top ^ (top << 1);
}

/* 0x00 or 0xFF per byte lane from a word whose lanes are 0 or 1. */
static inline uint64_t lanes_mask(uint64_t bits01) {
    return (bits01 << 8) - bits01;
}

static inline void gf16m_add_rank(const uint8_t *a, const uint8_t *b, uint8_t *c, const int l) {
    for (int i = 0; i < l * l; i++)
        c[i] = (uint8_t)(a[i] ^ b[i]);
}

static inline void gf16m_mul_rank(const uint8_t *a, const uint8_t *b, uint8_t *c, const int l) {
    uint64_t acc[2] = {0, 0};
    for (int k = 0; k < l; k++) {
        /* row k of b in both 32-bit halves, and its multiples by x, x^2, x^3 */
        uint64_t row = 0;
        for (int j = 0; j < l; j++)
            row |= (uint64_t)b[k * l + j] << (8 * j);
        uint64_t y0 = row | (row << 32);
        uint64_t y1 = lanes_times_x(y0);
        uint64_t y2 = lanes_times_x(y1);
        uint64_t y3 = lanes_times_x(y2);
        for (int h = 0; 2 * h < l; h++) {
            /* a[2h][k] broadcast to the low half, a[2h+1][k] to the high half */
            uint64_t s = (uint64_t)a[(2 * h) * l + k] * 0x01010101ULL;
            if (2 * h + 1 < l)
                s |= ((uint64_t)a[(2 * h + 1) * l + k] * 0x01010101ULL) << 32;
            acc[h] ^= (y0 & lanes_mask(s & LANES_01)) ^ (y1 & lanes_mask((s >> 1) & LANES_01)) ^
                      (y2 & lanes_mask((s >> 2) & LANES_01)) ^ (y3 & lanes_mask((s >> 3) & LANES_01));
        }
    }
    for (int i = 0; i < l; i++) {
        uint64_t r = acc[i / 2] >> (32 * (i % 2));
        for (int j = 0; j < l; j++)
            c[i * l + j] = (uint8_t)((r >> (8 * j)) & 0x0F);
    }
}

void snova_c_gf16m_add_r2(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_add_rank(a, b, c, 2); }
void snova_c_gf16m_add_r3(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_add_rank(a, b, c, 3); }
void snova_c_gf16m_add_r4(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_add_rank(a, b, c, 4); }
void snova_c_gf16m_mul_r2(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_mul_rank(a, b, c, 2); }
void snova_c_gf16m_mul_r3(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_mul_rank(a, b, c, 3); }
void snova_c_gf16m_mul_r4(const uint8_t *a, const uint8_t *b, uint8_t *c) { gf16m_mul_rank(a, b, c, 4); }

void snova_c_aes128_ctr_prng(uint8_t *out, size_t len, const uint8_t key[16]) {
    snova_aes128_ctr_keystream(out, len, key);
}

#ifdef SNOVA_L
#define SNOVA_PASTE3(a, b, c) a##b##c
#define SNOVA_RANK_FN(op, l) SNOVA_PASTE3(snova_c_gf16m_, op, l)

const struct snova_kernels snova_kernels_portable = {
    "portable-c",
    SNOVA_RANK_FN(add_r, SNOVA_L),
    SNOVA_RANK_FN(mul_r, SNOVA_L),
    snova_c_aes128_ctr_prng,
};
#endif
