/* Keccak-f[1600], SHAKE128 and SHAKE256, written from FIPS 202 (sections 3.2, 4, 6.2).
 * The permutation comes from the kernel table (kernels.h): this file's portable
 * one, or on AArch64 a generated kernel chosen at run time. */
#include "snova_namespace.h"
#include "shake.h"

#include <string.h>

#include "ct.h"
#include "util.h"

#define ROL64(x, n) (((x) << (n)) | ((x) >> ((64 - (n)) & 63)))

/* Round constants of the iota step (FIPS 202, algorithm 5 evaluated for ir = 0..23). */
static const uint64_t iota_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808AULL, 0x8000000080008000ULL,
    0x000000000000808BULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008AULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000AULL,
    0x000000008000808BULL, 0x800000000000008BULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800AULL, 0x800000008000000AULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

/* One round per iteration with the 25 lanes in local variables (registers on
 * AArch64 and x86-64); the rho offsets and pi positions are spelled out (FIPS 202
 * algorithms 2 and 3: lane (x, y) rotates by the offset of its position and moves
 * to (y, 2x + 3y)). */
void snova_keccak_f1600(uint64_t lane[25]) {
    uint64_t a00 = lane[0], a01 = lane[1], a02 = lane[2], a03 = lane[3], a04 = lane[4];
    uint64_t a05 = lane[5], a06 = lane[6], a07 = lane[7], a08 = lane[8], a09 = lane[9];
    uint64_t a10 = lane[10], a11 = lane[11], a12 = lane[12], a13 = lane[13], a14 = lane[14];
    uint64_t a15 = lane[15], a16 = lane[16], a17 = lane[17], a18 = lane[18], a19 = lane[19];
    uint64_t a20 = lane[20], a21 = lane[21], a22 = lane[22], a23 = lane[23], a24 = lane[24];
    for (int round = 0; round < 24; round++) {
        /* theta */
        const uint64_t c0 = a00 ^ a05 ^ a10 ^ a15 ^ a20;
        const uint64_t c1 = a01 ^ a06 ^ a11 ^ a16 ^ a21;
        const uint64_t c2 = a02 ^ a07 ^ a12 ^ a17 ^ a22;
        const uint64_t c3 = a03 ^ a08 ^ a13 ^ a18 ^ a23;
        const uint64_t c4 = a04 ^ a09 ^ a14 ^ a19 ^ a24;
        const uint64_t d0 = c4 ^ ROL64(c1, 1);
        const uint64_t d1 = c0 ^ ROL64(c2, 1);
        const uint64_t d2 = c1 ^ ROL64(c3, 1);
        const uint64_t d3 = c2 ^ ROL64(c4, 1);
        const uint64_t d4 = c3 ^ ROL64(c0, 1);
        /* rho and pi: lane (x, y) moves to (y, 2x + 3y) */
        const uint64_t b00 = a00 ^ d0;
        const uint64_t b10 = ROL64(a01 ^ d1, 1);
        const uint64_t b20 = ROL64(a02 ^ d2, 62);
        const uint64_t b05 = ROL64(a03 ^ d3, 28);
        const uint64_t b15 = ROL64(a04 ^ d4, 27);
        const uint64_t b16 = ROL64(a05 ^ d0, 36);
        const uint64_t b01 = ROL64(a06 ^ d1, 44);
        const uint64_t b11 = ROL64(a07 ^ d2, 6);
        const uint64_t b21 = ROL64(a08 ^ d3, 55);
        const uint64_t b06 = ROL64(a09 ^ d4, 20);
        const uint64_t b07 = ROL64(a10 ^ d0, 3);
        const uint64_t b17 = ROL64(a11 ^ d1, 10);
        const uint64_t b02 = ROL64(a12 ^ d2, 43);
        const uint64_t b12 = ROL64(a13 ^ d3, 25);
        const uint64_t b22 = ROL64(a14 ^ d4, 39);
        const uint64_t b23 = ROL64(a15 ^ d0, 41);
        const uint64_t b08 = ROL64(a16 ^ d1, 45);
        const uint64_t b18 = ROL64(a17 ^ d2, 15);
        const uint64_t b03 = ROL64(a18 ^ d3, 21);
        const uint64_t b13 = ROL64(a19 ^ d4, 8);
        const uint64_t b14 = ROL64(a20 ^ d0, 18);
        const uint64_t b24 = ROL64(a21 ^ d1, 2);
        const uint64_t b09 = ROL64(a22 ^ d2, 61);
        const uint64_t b19 = ROL64(a23 ^ d3, 56);
        const uint64_t b04 = ROL64(a24 ^ d4, 14);
        /* chi, then iota */
        a00 = b00 ^ (~b01 & b02);
        a01 = b01 ^ (~b02 & b03);
        a02 = b02 ^ (~b03 & b04);
        a03 = b03 ^ (~b04 & b00);
        a04 = b04 ^ (~b00 & b01);
        a05 = b05 ^ (~b06 & b07);
        a06 = b06 ^ (~b07 & b08);
        a07 = b07 ^ (~b08 & b09);
        a08 = b08 ^ (~b09 & b05);
        a09 = b09 ^ (~b05 & b06);
        a10 = b10 ^ (~b11 & b12);
        a11 = b11 ^ (~b12 & b13);
        a12 = b12 ^ (~b13 & b14);
        a13 = b13 ^ (~b14 & b10);
        a14 = b14 ^ (~b10 & b11);
        a15 = b15 ^ (~b16 & b17);
        a16 = b16 ^ (~b17 & b18);
        a17 = b17 ^ (~b18 & b19);
        a18 = b18 ^ (~b19 & b15);
        a19 = b19 ^ (~b15 & b16);
        a20 = b20 ^ (~b21 & b22);
        a21 = b21 ^ (~b22 & b23);
        a22 = b22 ^ (~b23 & b24);
        a23 = b23 ^ (~b24 & b20);
        a24 = b24 ^ (~b20 & b21);
        a00 ^= iota_rc[round];
    }
    lane[0] = a00; lane[1] = a01; lane[2] = a02; lane[3] = a03; lane[4] = a04;
    lane[5] = a05; lane[6] = a06; lane[7] = a07; lane[8] = a08; lane[9] = a09;
    lane[10] = a10; lane[11] = a11; lane[12] = a12; lane[13] = a13; lane[14] = a14;
    lane[15] = a15; lane[16] = a16; lane[17] = a17; lane[18] = a18; lane[19] = a19;
    lane[20] = a20; lane[21] = a21; lane[22] = a22; lane[23] = a23; lane[24] = a24;
}

/* The portable multi-state permutations of the kernel table: one state after the other. */
void snova_c_keccakf1600_x2(uint64_t lane[50]) {
    snova_keccak_f1600(lane);
    snova_keccak_f1600(lane + 25);
}

void snova_c_keccakf1600_x3(uint64_t lane[75]) {
    snova_c_keccakf1600_x2(lane);
    snova_keccak_f1600(lane + 50);
}

void snova_c_keccakf1600_x4(uint64_t lane[100]) {
    snova_c_keccakf1600_x2(lane);
    snova_c_keccakf1600_x2(lane + 50);
}

static void xor_byte(uint64_t lane[25], size_t pos, uint8_t v) {
    lane[pos >> 3] ^= (uint64_t)v << (8 * (pos & 7));
}

static uint8_t get_byte(const uint64_t lane[25], size_t pos) {
    return (uint8_t)(lane[pos >> 3] >> (8 * (pos & 7)));
}

/* Little-endian 64-bit words, written so that compilers make one load or store
 * of each on little-endian machines. */
static uint64_t load64_le(const uint8_t *p) {
    uint64_t v = 0;
    for (int k = 0; k < 8; k++)
        v |= (uint64_t)p[k] << (8 * k);
    return v;
}

static void store64_le(uint8_t *p, uint64_t v) {
    for (int k = 0; k < 8; k++)
        p[k] = (uint8_t)(v >> (8 * k));
}

/* the first len bytes of the state, lanes little-endian */
static void get_bytes(uint8_t *out, const uint64_t lane[25], size_t len) {
    size_t i = 0;
    for (; i + 8 <= len; i += 8)
        store64_le(out + i, lane[i / 8]);
    for (; i < len; i++)
        out[i] = get_byte(lane, i);
}

/* get_bytes of a block of SHAKE128 output: whole blocks as one copy of the
 * state's bytes where the lanes are stored little-endian already (compilers
 * make 16-byte loads and stores of it; by word, a loop of one 8-byte word at a
 * time) */
static void get_block(uint8_t *out, const uint64_t lane[25], size_t len) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (len == SNOVA_SHAKE128_RATE) {
        memcpy(out, lane, SNOVA_SHAKE128_RATE);
        return;
    }
#endif
    get_bytes(out, lane, len);
}

static void shake_init(snova_shake_ctx *ctx, size_t rate) {
    for (int i = 0; i < 25; i++)
        ctx->lane[i] = 0;
    ctx->pos = 0;
    ctx->rate = rate;
    ctx->squeezing = 0;
}

void snova_shake128_init(snova_shake_ctx *ctx) { shake_init(ctx, SNOVA_SHAKE128_RATE); }

void snova_shake256_init(snova_shake_ctx *ctx) { shake_init(ctx, SNOVA_SHAKE256_RATE); }

int snova_shake_absorbing(const snova_shake_ctx *ctx, size_t rate) {
    return ctx->rate == rate && ctx->pos < rate && ctx->squeezing == 0;
}

/* The permutation is looked up at each call, not kept in the state: a state is
 * plain data, so one that a caller damaged cannot redirect a call. */
void snova_shake_absorb(snova_shake_ctx *ctx, const uint8_t *in, size_t len) {
    const snova_keccakf1600_fn permute = snova_kernels()->keccakf1600;
    const size_t rate = ctx->rate;
    size_t pos = ctx->pos;
    snova_ct_plant(in, len);
    while (len > 0) {
        if (pos == 0 && len >= rate) {
            /* whole block, a lane at a time */
            for (size_t w = 0; w < rate / 8; w++)
                ctx->lane[w] ^= load64_le(in + 8 * w);
            permute(ctx->lane);
            in += rate;
            len -= rate;
            continue;
        }
        xor_byte(ctx->lane, pos, *in++);
        len--;
        if (++pos == rate) {
            permute(ctx->lane);
            pos = 0;
        }
    }
    ctx->pos = pos;
}

void snova_shake_squeeze(snova_shake_ctx *ctx, uint8_t *out, size_t len) {
    const snova_keccakf1600_fn permute = snova_kernels()->keccakf1600;
    const size_t rate = ctx->rate;
    size_t pos = ctx->pos;
    if (!ctx->squeezing) {
        /* SHAKE suffix 1111 followed by pad10*1 */
        xor_byte(ctx->lane, pos, 0x1F);
        xor_byte(ctx->lane, rate - 1, 0x80);
        permute(ctx->lane);
        ctx->squeezing = 1;
        pos = 0;
    }
    while (len > 0) {
        if (pos == rate) {
            permute(ctx->lane);
            pos = 0;
        }
        if (pos == 0 && len >= rate) {
            get_bytes(out, ctx->lane, rate);   /* a whole block, a lane at a time */
            out += rate;
            len -= rate;
            pos = rate;
            continue;
        }
        *out++ = get_byte(ctx->lane, pos++);
        len--;
    }
    ctx->pos = pos;
}

void snova_shake_wipe(snova_shake_ctx *ctx) {
    snova_wipe(ctx, sizeof(*ctx));
}

void snova_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen) {
    snova_shake_ctx ctx;
    snova_shake256_init(&ctx);
    snova_shake_absorb(&ctx, in, inlen);
    snova_shake_squeeze(&ctx, out, outlen);
    snova_shake_wipe(&ctx);
}

/* The counter-mode state of block `block`: SHAKE128(seed || block as 8 bytes
 * little-endian) padded, 24 input bytes, built in the lanes directly. */
static void ctr_state(uint64_t lane[25], uint64_t s0, uint64_t s1, uint64_t block) {
    for (int i = 0; i < 25; i++)
        lane[i] = 0;
    lane[0] = s0;
    lane[1] = s1;
    lane[2] = block;
    xor_byte(lane, 24, 0x1F);
    xor_byte(lane, SNOVA_SHAKE128_RATE - 1, 0x80);
}

/* Block i is the first 168 bytes of SHAKE128(seed || i): the blocks are
 * independent, so they go through the multi-state permutation the table prefers
 * (keccak_ways states a call), the last few through a smaller one. */
void snova_shake128_ctr(uint8_t *out, size_t len, const uint8_t seed[16]) {
    const struct snova_kernels *k = snova_kernels();
    const uint64_t s0 = load64_le(seed), s1 = load64_le(seed + 8);
    uint64_t lane[100];
    for (uint64_t block = 0; len > 0;) {
        const size_t left = (len + SNOVA_SHAKE128_RATE - 1) / SNOVA_SHAKE128_RATE;
        const int states = left < (size_t)k->keccak_ways ? (int)left : k->keccak_ways;
        for (int s = 0; s < states; s++)
            ctr_state(lane + 25 * s, s0, s1, block + (uint64_t)s);
        if (states == 4)
            k->keccakf1600_x4(lane);
        else if (states == 3)
            k->keccakf1600_x3(lane);
        else if (states == 2)
            k->keccakf1600_x2(lane);
        else
            k->keccakf1600(lane);
        for (int s = 0; s < states; s++) {
            size_t n = len < SNOVA_SHAKE128_RATE ? len : SNOVA_SHAKE128_RATE;
            get_block(out, lane + 25 * s, n);
            out += n;
            len -= n;
        }
        block += (uint64_t)states;
    }
}
