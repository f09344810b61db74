/* Plain C reference versions of the GF(16) matrix kernels, for the llvm-mca
 * comparison made by tools/mca.py (function ref_<kernel> is the counterpart of
 * the generated snova_<kernel>; same C signature).
 *
 * GF(16) = GF(2)[x]/(x^4 + x + 1), one element (0..15) per byte; l x l
 * matrices (and p x q times q x s for the rectangular products), row-major.  add: c = a + b (XOR).  mul: c = a * b, products looked
 * up in a 256-byte table indexed by (a << 4) | b, the result built in a
 * temporary and then copied, since c may alias a or b.  This is the
 * straightforward code.  The loops have small constant trip counts, so clang -O3
 * unrolls them completely and llvm-mca sees straight-line code, as for the
 * generated kernels (tools/mca.py warns if a loop is left: llvm-mca would count
 * one pass of it); the larger products ask for it explicitly, as clang stops at
 * rank 4 (ranks 2 to 4 leave it to clang, as before).
 */
#include <stdint.h>
#include <string.h>

static const uint8_t gf16_mul_table[256] = {
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  /* a = 0 */
     0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15,  /* a = 1 */
     0,  2,  4,  6,  8, 10, 12, 14,  3,  1,  7,  5, 11,  9, 15, 13,  /* a = 2 */
     0,  3,  6,  5, 12, 15, 10,  9, 11,  8, 13, 14,  7,  4,  1,  2,  /* a = 3 */
     0,  4,  8, 12,  3,  7, 11, 15,  6,  2, 14, 10,  5,  1, 13,  9,  /* a = 4 */
     0,  5, 10, 15,  7,  2, 13,  8, 14, 11,  4,  1,  9, 12,  3,  6,  /* a = 5 */
     0,  6, 12, 10, 11, 13,  7,  1,  5,  3,  9, 15, 14,  8,  2,  4,  /* a = 6 */
     0,  7, 14,  9, 15,  8,  1,  6, 13, 10,  3,  4,  2,  5, 12, 11,  /* a = 7 */
     0,  8,  3, 11,  6, 14,  5, 13, 12,  4, 15,  7, 10,  2,  9,  1,  /* a = 8 */
     0,  9,  1,  8,  2, 11,  3, 10,  4, 13,  5, 12,  6, 15,  7, 14,  /* a = 9 */
     0, 10,  7, 13, 14,  4,  9,  3, 15,  5,  8,  2,  1, 11,  6, 12,  /* a = 10 */
     0, 11,  5, 14, 10,  1, 15,  4,  7, 12,  2,  9, 13,  6,  8,  3,  /* a = 11 */
     0, 12, 11,  7,  5,  9, 14,  2, 10,  6,  1, 13, 15,  3,  4,  8,  /* a = 12 */
     0, 13,  9,  4,  1, 12,  8,  5,  2, 15, 11,  6,  3, 14, 10,  7,  /* a = 13 */
     0, 14, 15,  1, 13,  3,  2, 12,  9,  7,  6,  8,  4, 10, 11,  5,  /* a = 14 */
     0, 15, 13,  2,  9,  6,  4, 11,  1, 14, 12,  3,  8,  7,  5, 10,  /* a = 15 */
};

#define GF16M_ADD(L)                                                        \
    void ref_gf16m_add_r##L(const uint8_t *a, const uint8_t *b, uint8_t *c) \
    {                                                                       \
        for (int i = 0; i < (L) * (L); i++)                          \
            c[i] = a[i] ^ b[i];                                             \
    }

/* The larger products are beyond clang's own full-unrolling threshold: asked for. */
#define UNROLL _Pragma("clang loop unroll(full)")

/* c = a * b for a P x Q and a Q x S matrix (P x S result); LOOP: a loop pragma
 * or nothing. */
#define GF16M_PRODUCT(NAME, P, Q, S, LOOP)                                   \
    void ref_gf16m_mul_##NAME(const uint8_t *a, const uint8_t *b, uint8_t *c) \
    {                                                                       \
        uint8_t t[(P) * (S)];                                               \
        LOOP for (int i = 0; i < (P); i++)                                  \
            LOOP for (int j = 0; j < (S); j++) {                            \
                uint8_t s = 0;                                              \
                LOOP for (int k = 0; k < (Q); k++)                          \
                    s ^= gf16_mul_table[(a[i * (Q) + k] << 4) | b[k * (S) + j]]; \
                t[i * (S) + j] = s;                                         \
            }                                                               \
        memcpy(c, t, sizeof t);                                             \
    }
#define GF16M_MUL(L, LOOP) GF16M_PRODUCT(r##L, L, L, L, LOOP)

GF16M_ADD(2)
GF16M_ADD(3)
GF16M_ADD(4)
GF16M_ADD(5)
GF16M_MUL(2, )
GF16M_MUL(3, )
GF16M_MUL(4, )
GF16M_MUL(5, UNROLL)
GF16M_MUL(6, UNROLL)
GF16M_MUL(8, UNROLL)
/* SNOVA Round 3's rectangular products (l x l x r, r x l x l, r x l x r, r x r x l) */
GF16M_PRODUCT(4x4x5, 4, 4, 5, UNROLL)
GF16M_PRODUCT(5x4x4, 5, 4, 4, UNROLL)
GF16M_PRODUCT(5x4x5, 5, 4, 5, UNROLL)
GF16M_PRODUCT(5x5x4, 5, 5, 4, UNROLL)
GF16M_PRODUCT(4x4x6, 4, 4, 6, UNROLL)
GF16M_PRODUCT(6x4x4, 6, 4, 4, UNROLL)
GF16M_PRODUCT(6x4x6, 6, 4, 6, UNROLL)
GF16M_PRODUCT(6x6x4, 6, 6, 4, UNROLL)
GF16M_PRODUCT(4x4x8, 4, 4, 8, UNROLL)
GF16M_PRODUCT(8x4x4, 8, 4, 4, UNROLL)
GF16M_PRODUCT(8x4x8, 8, 4, 8, UNROLL)
GF16M_PRODUCT(8x8x4, 8, 8, 4, UNROLL)
GF16M_PRODUCT(5x5x6, 5, 5, 6, UNROLL)
GF16M_PRODUCT(6x5x5, 6, 5, 5, UNROLL)
GF16M_PRODUCT(6x5x6, 6, 5, 6, UNROLL)
GF16M_PRODUCT(6x6x5, 6, 6, 5, UNROLL)
GF16M_PRODUCT(5x5x8, 5, 5, 8, UNROLL)
GF16M_PRODUCT(8x5x5, 8, 5, 5, UNROLL)
GF16M_PRODUCT(8x5x8, 8, 5, 8, UNROLL)
GF16M_PRODUCT(8x8x5, 8, 8, 5, UNROLL)
