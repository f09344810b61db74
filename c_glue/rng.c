/* AES-256 CTR_DRBG (no derivation function, no prediction resistance), with the
 * behaviour of the NIST PQC KAT generator: every call to randombytes produces
 * whole blocks, keeps the first xlen bytes and then runs the update step. */
#include "rng.h"

#include <stdint.h>
#include <string.h>

#include "aes_ct.h"
#include "util.h"

static struct {
    uint8_t key[32];
    uint8_t v[16];
    unsigned long long reseed_counter;
} drbg;

static void increment_v(uint8_t v[16]) {
    unsigned carry = 1;
    for (int j = 15; j >= 0; j--) {
        unsigned s = v[j] + carry;
        v[j] = (uint8_t)s;
        carry = s >> 8;
    }
}

static void drbg_update(const uint8_t *provided, uint8_t key[32], uint8_t v[16]) {
    uint8_t temp[48];
    snova_aes_ctx ctx;
    snova_aes256_init(&ctx, key);
    for (int i = 0; i < 3; i++) {
        increment_v(v);
        snova_aes_ecb(&ctx, temp + 16 * i, v, 1);
    }
    if (provided != NULL)
        for (int i = 0; i < 48; i++)
            temp[i] ^= provided[i];
    memcpy(key, temp, 32);
    memcpy(v, temp + 32, 16);
    snova_aes_ctx_wipe(&ctx);
    snova_wipe(temp, sizeof(temp));
}

void randombytes_init(unsigned char *entropy_input, unsigned char *personalization_string,
                      int security_strength) {
    uint8_t material[48];
    (void)security_strength; /* only 256 exists here */
    memcpy(material, entropy_input, 48);
    if (personalization_string != NULL)
        for (int i = 0; i < 48; i++)
            material[i] ^= personalization_string[i];
    memset(drbg.key, 0, sizeof(drbg.key));
    memset(drbg.v, 0, sizeof(drbg.v));
    drbg_update(material, drbg.key, drbg.v);
    drbg.reseed_counter = 1;
    snova_wipe(material, sizeof(material));
}

int randombytes(unsigned char *x, unsigned long long xlen) {
    uint8_t block[16];
    snova_aes_ctx ctx;
    snova_aes256_init(&ctx, drbg.key);
    while (xlen > 0) {
        increment_v(drbg.v);
        snova_aes_ecb(&ctx, block, drbg.v, 1);
        size_t n = xlen < 16 ? (size_t)xlen : 16;
        memcpy(x, block, n);
        x += n;
        xlen -= n;
    }
    snova_aes_ctx_wipe(&ctx);
    snova_wipe(block, sizeof(block));
    drbg_update(NULL, drbg.key, drbg.v);
    drbg.reseed_counter++;
    return RNG_SUCCESS;
}
