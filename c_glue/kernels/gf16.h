/* Scalar GF(16) = GF(2)[x]/(x^4 + x + 1) arithmetic, one element per byte,
 * constant time: no branch and no memory index depends on the operands (every
 * mask passes a value barrier, ct.h). */
#ifndef SNOVA_GF16_H
#define SNOVA_GF16_H

#include <stdint.h>

#include "ct.h"

static inline uint8_t gf16_mul(uint8_t a, uint8_t b) {
    uint8_t r = 0;
    for (int i = 0; i < 4; i++) {
        r ^= (uint8_t)(a & snova_ct_mask8((b >> i) & 1u));
        a = (uint8_t)(((a << 1) & 0x0E) ^ (((a >> 3) & 1u) * 3u));
    }
    return r;
}

/* a^14 = a^-1 for a != 0; 0 for a = 0 */
static inline uint8_t gf16_inv(uint8_t a) {
    uint8_t a2 = gf16_mul(a, a);
    uint8_t a4 = gf16_mul(a2, a2);
    uint8_t a8 = gf16_mul(a4, a4);
    return gf16_mul(gf16_mul(a8, a4), a2);
}

/* 0xFF if a != 0, else 0x00 */
static inline uint8_t gf16_nonzero_mask(uint8_t a) {
    return snova_ct_mask8((uint32_t)(a | (a >> 1) | (a >> 2) | (a >> 3)) & 1u);
}

#endif
