/* SHAKE128 and SHAKE256 (FIPS 202) on the kernel table's Keccak-f[1600]: one-shot
 * and incremental use. */
#ifndef SNOVA_SHAKE_H
#define SNOVA_SHAKE_H

#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

#define SNOVA_SHAKE128_RATE 168
#define SNOVA_SHAKE256_RATE 136

typedef struct {
    uint64_t lane[25];
    size_t pos;        /* byte position inside the current rate block */
    size_t rate;       /* bytes per block: SNOVA_SHAKE128_RATE or SNOVA_SHAKE256_RATE */
    int squeezing;     /* 0 while absorbing, 1 after the padding was applied */
} snova_shake_ctx;

/* The portable Keccak-f[1600] (lanes in registers) and its two-, three- and
 * four-state forms: the kernel table's fallbacks. */
void snova_keccak_f1600(uint64_t lane[25]);
void snova_c_keccakf1600_x2(uint64_t lane[50]);
void snova_c_keccakf1600_x3(uint64_t lane[75]);
void snova_c_keccakf1600_x4(uint64_t lane[100]);

void snova_shake128_init(snova_shake_ctx *ctx);
void snova_shake256_init(snova_shake_ctx *ctx);
/* 1 if ctx is a state of the given rate still absorbing (as init leaves it),
 * 0 for anything else: a squeezed or wiped state, or bytes that are no state */
int snova_shake_absorbing(const snova_shake_ctx *ctx, size_t rate);
/* Absorb may be called any number of times before the first squeeze. */
void snova_shake_absorb(snova_shake_ctx *ctx, const uint8_t *in, size_t len);
/* Squeeze may be called any number of times; the first call pads the input. */
void snova_shake_squeeze(snova_shake_ctx *ctx, uint8_t *out, size_t len);
/* Clears the state (it may hold secrets). */
void snova_shake_wipe(snova_shake_ctx *ctx);

void snova_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);

/* SHAKE128 in counter mode, the public-map expansion of SNOVA Rounds 2 and 3:
 * len bytes, block i (168 bytes) the first squeeze block of SHAKE128(seed || i),
 * i as 8 bytes little-endian; two or three blocks per call of the kernel table's
 * multi-state permutations. */
void snova_shake128_ctr(uint8_t *out, size_t len, const uint8_t seed[16]);

#endif
