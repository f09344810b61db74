/* AES-256 CTR_DRBG (no derivation function, no prediction resistance), with the
 * behaviour of the NIST PQC KAT generator: every call to randombytes produces
 * whole blocks, keeps the first xlen bytes and then runs the update step. */
#include "rng.h"

#include <stdint.h>
#include <string.h>

#include "aes_ct.h"
#include "kernels.h"
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

/* AES-256 of n blocks under key: by the kernel table's AES instructions where it
 * has them, else by the portable constant-time AES */
static void aes256_blocks(uint8_t *out, const uint8_t *in, size_t n, const uint8_t key[32]) {
    const struct snova_kernels *k = snova_kernels();
    if (k->aes256_ecb != NULL) {
        k->aes256_ecb(out, in, n, key);
        return;
    }
    snova_aes_ctx ctx;
    snova_aes256_init(&ctx, key);
    snova_aes_ecb(&ctx, out, in, n);
    snova_aes_ctx_wipe(&ctx);
}

enum { CHUNK = 4 }; /* keystream blocks per AES call, at least the update's 3 */

/* n <= CHUNK blocks of keystream: v is incremented before each block, which is
 * its encryption under key */
static void keystream_blocks(uint8_t *out, size_t n, const uint8_t key[32], uint8_t v[16]) {
    uint8_t counters[16 * CHUNK];
    for (size_t i = 0; i < n; i++) {
        increment_v(v);
        memcpy(counters + 16 * i, v, 16);
    }
    aes256_blocks(out, counters, n, key);
    snova_wipe(counters, sizeof(counters));
}

static void drbg_update(const uint8_t *provided, uint8_t key[32], uint8_t v[16]) {
    uint8_t temp[48];
    keystream_blocks(temp, 3, key, v);
    if (provided != NULL)
        for (int i = 0; i < 48; i++)
            temp[i] ^= provided[i];
    memcpy(key, temp, 32);
    memcpy(v, temp + 32, 16);
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
    uint8_t blocks[16 * CHUNK];
    while (xlen > 0) {
        const size_t n = xlen < sizeof(blocks) ? (size_t)xlen : sizeof(blocks);
        keystream_blocks(blocks, (n + 15) / 16, drbg.key, drbg.v);
        memcpy(x, blocks, n);
        x += n;
        xlen -= n;
    }
    snova_wipe(blocks, sizeof(blocks));
    drbg_update(NULL, drbg.key, drbg.v);
    drbg.reseed_counter++;
    return RNG_SUCCESS;
}
