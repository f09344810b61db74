/* Constant time by construction in the portable C: value barriers, and the
 * leaks the constant-time tests plant to prove that they catch them.
 *
 * A mask computed from a secret (all ones or zero) is arithmetic only as long as
 * the compiler cannot tell that it is all ones or zero: once it can, it may branch
 * on it or turn the masked update into a select (clang-19 -O3 unswitched the
 * pivot search of snova_c_gf16_solve into a branch on the pivot). A value barrier
 * is an empty asm that claims to change its operand, so after it the compiler
 * knows nothing of the value; every secret mask goes through one. */
#ifndef SNOVA_CT_H
#define SNOVA_CT_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t snova_ct_hide(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
    return x;
#else
    volatile uint64_t v = x; /* without inline asm a volatile round trip hides the value */
    return v;
#endif
}

/* all ones if bit (0 or 1) is 1, else 0; the compiler sees neither the bit nor the mask */
static inline uint64_t snova_ct_mask64(uint64_t bit) {
    return snova_ct_hide(0ULL - snova_ct_hide(bit));
}

static inline uint8_t snova_ct_mask8(uint64_t bit) {
    return (uint8_t)snova_ct_mask64(bit);
}

/* Test-only leaks: the constant-time tests build the core with
 * -DSNOVA_CT_PLANT_branch or -DSNOVA_CT_PLANT_load (c_glue.mk, the -plant-
 * builds) to prove that each of their checks reports a branch on, and a load
 * indexed by, every byte that SHAKE absorbs (the private seed among them).
 * Without either it does nothing. */
static inline void snova_ct_plant(const uint8_t *p, size_t n) {
#if defined(SNOVA_CT_PLANT_branch)
    static volatile uint8_t odd_bytes;
    for (size_t i = 0; i < n; i++)
        if (p[i] & 1)
            odd_bytes++;
#elif defined(SNOVA_CT_PLANT_load)
    static const uint8_t table[256];
    static volatile uint8_t sink;
    for (size_t i = 0; i < n; i++)
        sink ^= ((const volatile uint8_t *)table)[p[i]];
#else
    (void)p;
    (void)n;
#endif
}

#endif
