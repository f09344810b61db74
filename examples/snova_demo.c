/* A small shared library that carries the snova-neon-gen kernels inside it, as a
 * consumer such as liboqs would: built with -fvisibility=hidden and the kernels
 * generated with --visibility hidden, it exports only its own demo_* API. It
 * picks its Keccak kernel at load time from the CPU's features and calls every
 * kernel through a function pointer, so each call lands on the kernel's `bti c`. */
#include "snova_demo.h"

#include "snova_kernels.h"

#define EXPORT __attribute__((visibility("default")))

typedef void (*permutation_fn)(uint64_t *s);
typedef void (*product_fn)(const uint8_t *a, const uint8_t *b, uint8_t *c);
typedef void (*key_expand_fn)(const uint8_t key[16], uint8_t rk[176]);
typedef void (*keystream_fn)(uint8_t *out, size_t len, const uint8_t iv[16], const uint8_t rk[176]);

/* volatile: the compiler must branch through the pointer, as a run-time dispatch does. */
static permutation_fn volatile keccak = snova_keccakf1600;
static product_fn volatile mul_r4 = snova_gf16m_mul_r4;
static key_expand_fn volatile key_expand = snova_aes128_key_expand;
static keystream_fn volatile keystream = snova_aes128_ctr_keystream;

EXPORT const char *demo_init(void)
{
    if (snova_kernels_have_sha3()) {
        keccak = snova_keccakf1600_sha3;
        return "keccakf1600_sha3";
    }
    return "keccakf1600";
}

EXPORT void demo_cpu_features(int have[3])
{
    have[0] = snova_kernels_have_advsimd();
    have[1] = snova_kernels_have_aes();
    have[2] = snova_kernels_have_sha3();
}

EXPORT void demo_keccakf1600(uint64_t s[25]) { keccak(s); }

EXPORT void demo_gf16_mul_r4(const uint8_t a[16], const uint8_t b[16], uint8_t c[16]) { mul_r4(a, b, c); }

EXPORT void demo_aes128_block(const uint8_t key[16], const uint8_t in[16], uint8_t out[16])
{
    uint8_t rk[176];
    key_expand(key, rk);
    keystream(out, 16, in, rk);   /* counter block 0 is `in` itself */
}
