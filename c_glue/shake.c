/* Keccak-f[1600], SHAKE128 and SHAKE256, written from FIPS 202 (sections 3.2, 4, 6.2). */
#include "shake.h"

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

/* rho offsets, indexed by x + 5*y. */
static const unsigned rho_off[25] = {
    0, 1, 62, 28, 27,
    36, 44, 6, 55, 20,
    3, 10, 43, 25, 39,
    41, 45, 15, 21, 8,
    18, 2, 61, 56, 14,
};

void snova_keccak_f1600(uint64_t a[25]) {
    uint64_t c[5], d[5], b[25];
    for (int round = 0; round < 24; round++) {
        /* theta */
        for (int x = 0; x < 5; x++)
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++) {
            uint64_t t = c[(x + 1) % 5];
            d[x] = c[(x + 4) % 5] ^ ROL64(t, 1);
        }
        for (int i = 0; i < 25; i++)
            a[i] ^= d[i % 5];
        /* rho and pi: lane (x, y) moves to (y, 2x + 3y) */
        for (int y = 0; y < 5; y++) {
            for (int x = 0; x < 5; x++) {
                uint64_t t = a[x + 5 * y];
                unsigned r = rho_off[x + 5 * y];
                b[y + 5 * ((2 * x + 3 * y) % 5)] = ROL64(t, r);
            }
        }
        /* chi */
        for (int y = 0; y < 5; y++) {
            for (int x = 0; x < 5; x++)
                a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
        }
        /* iota */
        a[0] ^= iota_rc[round];
    }
}

static void xor_byte(uint64_t lane[25], size_t pos, uint8_t v) {
    lane[pos >> 3] ^= (uint64_t)v << (8 * (pos & 7));
}

static uint8_t get_byte(const uint64_t lane[25], size_t pos) {
    return (uint8_t)(lane[pos >> 3] >> (8 * (pos & 7)));
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

void snova_shake_absorb(snova_shake_ctx *ctx, const uint8_t *in, size_t len) {
    const size_t rate = ctx->rate;
    size_t pos = ctx->pos;
    while (len > 0) {
        if (pos == 0 && len >= rate) {
            /* whole block, 8 bytes at a time */
            for (size_t w = 0; w < rate / 8; w++) {
                uint64_t v = 0;
                for (int k = 7; k >= 0; k--)
                    v = (v << 8) | in[8 * w + (size_t)k];
                ctx->lane[w] ^= v;
            }
            snova_keccak_f1600(ctx->lane);
            in += rate;
            len -= rate;
            continue;
        }
        xor_byte(ctx->lane, pos, *in++);
        len--;
        if (++pos == rate) {
            snova_keccak_f1600(ctx->lane);
            pos = 0;
        }
    }
    ctx->pos = pos;
}

void snova_shake_squeeze(snova_shake_ctx *ctx, uint8_t *out, size_t len) {
    const size_t rate = ctx->rate;
    size_t pos = ctx->pos;
    if (!ctx->squeezing) {
        /* SHAKE suffix 1111 followed by pad10*1 */
        xor_byte(ctx->lane, pos, 0x1F);
        xor_byte(ctx->lane, rate - 1, 0x80);
        snova_keccak_f1600(ctx->lane);
        ctx->squeezing = 1;
        pos = 0;
    }
    while (len > 0) {
        if (pos == rate) {
            snova_keccak_f1600(ctx->lane);
            pos = 0;
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

/* Block i is the first 168 bytes of SHAKE128(seed || i as 8 bytes little-endian):
 * 24 input bytes, so the padded block is built in the state directly. */
void snova_shake128_ctr(uint8_t *out, size_t len, const uint8_t seed[16]) {
    uint64_t lane[25];
    uint64_t s0 = 0, s1 = 0;
    for (int k = 7; k >= 0; k--) {
        s0 = (s0 << 8) | seed[k];
        s1 = (s1 << 8) | seed[8 + k];
    }
    for (uint64_t block = 0; len > 0; block++) {
        for (int i = 0; i < 25; i++)
            lane[i] = 0;
        lane[0] = s0;
        lane[1] = s1;
        lane[2] = block;
        xor_byte(lane, 24, 0x1F);
        xor_byte(lane, SNOVA_SHAKE128_RATE - 1, 0x80);
        snova_keccak_f1600(lane);
        size_t n = len < SNOVA_SHAKE128_RATE ? len : SNOVA_SHAKE128_RATE;
        for (size_t i = 0; i < n; i++)
            out[i] = get_byte(lane, i);
        out += n;
        len -= n;
    }
}
