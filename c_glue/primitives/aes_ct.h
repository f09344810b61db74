/* Constant-time portable AES (FIPS 197), four blocks at a time in bit-sliced form.
 * No table is indexed by data: SubBytes is computed as x^254 in GF(2^8) by a
 * boolean circuit, followed by the affine map. */
#ifndef SNOVA_AES_CT_H
#define SNOVA_AES_CT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t rk[15][8];  /* round keys as bit planes, replicated over the 4 block slots */
    unsigned rounds;     /* 10 for AES-128, 14 for AES-256 */
} snova_aes_ctx;

void snova_aes128_init(snova_aes_ctx *ctx, const uint8_t key[16]);
void snova_aes256_init(snova_aes_ctx *ctx, const uint8_t key[32]);
/* ECB encryption of nblocks 16-byte blocks; out may equal in. */
void snova_aes_ecb(const snova_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
void snova_aes_ctx_wipe(snova_aes_ctx *ctx);

/* AES-128 keystream: IV of 16 zero bytes, 32-bit big-endian block counter in
 * bytes 12..15 starting at 0; len bytes of raw keystream. */
void snova_ct_aes128_ctr_keystream(uint8_t *out, size_t len, const uint8_t key[16]);

/* One AES-256 block encryption (as the NIST CTR_DRBG uses it). */
void snova_aes256_ecb_block(uint8_t out[16], const uint8_t in[16], const uint8_t key[32]);

#endif
