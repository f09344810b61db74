/* Calls libsnova_demo.so and checks each answer against a published value.
 * Exit status 0 when all match. */
#include <stdio.h>
#include <string.h>

#include "snova_demo.h"

static int check(const char *what, int ok)
{
    printf("%s: %s\n", what, ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
}

int main(void)
{
    int failures = 0, have[3];
    printf("keccak kernel: %s\n", demo_init());
    demo_cpu_features(have);
    printf("cpu: advsimd=%d aes=%d sha3=%d\n", have[0], have[1], have[2]);

    /* Keccak-f[1600] of the zero state: lane 0 of the Keccak team's KeccakF-1600 test vector. */
    uint64_t s[25] = {0};
    demo_keccakf1600(s);
    failures += check("keccakf1600", s[0] == 0xF1258F7940E1DDE7ull);

    /* diag(x) * diag(x^3) = diag(x^4) = diag(x + 1) in GF(16) = GF(2)[x]/(x^4 + x + 1). */
    uint8_t a[16] = {0}, b[16] = {0}, c[16], want[16] = {0};
    for (int i = 0; i < 4; i++) {
        a[5 * i] = 2;
        b[5 * i] = 8;
        want[5 * i] = 3;
    }
    demo_gf16_mul_r4(a, b, c);
    failures += check("gf16m_mul_r4", memcmp(c, want, 16) == 0);

    if (have[1]) {
        /* FIPS-197 appendix C.1. */
        static const uint8_t key[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
        static const uint8_t in[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                       0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
        static const uint8_t expect[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                           0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
        uint8_t out[16];
        demo_aes128_block(key, in, out);
        failures += check("aes128", memcmp(out, expect, 16) == 0);
    } else {
        printf("aes128: skipped, no FEAT_AES\n");
    }
    return failures;
}
