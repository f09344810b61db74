/* Bit-sliced AES. State layout: eight 64-bit words q[0..7]; word b holds bit b of
 * every state byte. Byte (row r, column c) of block slot k (k = 0..3) sits at bit
 * 16*r + 4*c + k, so a state row is a 16-bit lane: ShiftRows rotates inside lanes
 * and the row rotation MixColumns needs is a 16-bit rotation of the whole word. */
#include "aes_ct.h"

#include <string.h>

#include "util.h"

static inline uint64_t rotr64(uint64_t x, unsigned n) {
    return (x >> n) | (x << (64 - n));
}

/* Reduces a product of two degree-7 polynomials (15 coefficient planes) modulo
 * x^8 + x^4 + x^3 + x + 1. */
static void gf256_reduce(uint64_t r[8], uint64_t p[15]) {
    for (int k = 14; k >= 8; k--) {
        p[k - 4] ^= p[k];
        p[k - 5] ^= p[k];
        p[k - 7] ^= p[k];
        p[k - 8] ^= p[k];
    }
    for (int i = 0; i < 8; i++)
        r[i] = p[i];
}

static void gf256_mul(uint64_t r[8], const uint64_t a[8], const uint64_t b[8]) {
    uint64_t p[15] = {0};
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            p[i + j] ^= a[i] & b[j];
    gf256_reduce(r, p);
}

static void gf256_sqr(uint64_t r[8], const uint64_t a[8]) {
    uint64_t p[15] = {0};
    for (int i = 0; i < 8; i++)
        p[2 * i] = a[i];
    gf256_reduce(r, p);
}

/* SubBytes on all 64 byte positions: inverse as x^254 (0 maps to 0), then the
 * affine map s_i = b_i + b_{i+4} + b_{i+5} + b_{i+6} + b_{i+7} + 0x63_i. */
static void sub_bytes(uint64_t q[8]) {
    uint64_t x2[8], x3[8], x12[8], t[8];
    gf256_sqr(x2, q);          /* x^2 */
    gf256_mul(x3, x2, q);      /* x^3 */
    gf256_sqr(t, x3);          /* x^6 */
    gf256_sqr(x12, t);         /* x^12 */
    gf256_mul(t, x12, x3);     /* x^15 */
    gf256_sqr(t, t);           /* x^30 */
    gf256_sqr(t, t);           /* x^60 */
    gf256_sqr(t, t);           /* x^120 */
    gf256_sqr(t, t);           /* x^240 */
    gf256_mul(t, t, x12);      /* x^252 */
    gf256_mul(t, t, x2);       /* x^254 */
    for (int i = 0; i < 8; i++)
        q[i] = t[i] ^ t[(i + 4) & 7] ^ t[(i + 5) & 7] ^ t[(i + 6) & 7] ^ t[(i + 7) & 7];
    q[0] = ~q[0];
    q[1] = ~q[1];
    q[5] = ~q[5];
    q[6] = ~q[6];
}

static void shift_rows(uint64_t q[8]) {
    for (int b = 0; b < 8; b++) {
        uint64_t x = q[b];
        q[b] = (x & 0x000000000000FFFFULL)
             | ((x >> 4) & 0x000000000FFF0000ULL) | ((x << 12) & 0x00000000F0000000ULL)
             | ((x >> 8) & 0x000000FF00000000ULL) | ((x << 8) & 0x0000FF0000000000ULL)
             | ((x >> 12) & 0x000F000000000000ULL) | ((x << 4) & 0xFFF0000000000000ULL);
    }
}

static void mix_columns(uint64_t q[8]) {
    uint64_t r1[8], s[8], r23[8];
    for (int b = 0; b < 8; b++) {
        r1[b] = rotr64(q[b], 16);
        s[b] = q[b] ^ r1[b];
        r23[b] = rotr64(q[b], 32) ^ rotr64(q[b], 48);
    }
    /* multiply s by x: bit 7 folds back through x^8 = x^4 + x^3 + x + 1 */
    uint64_t hi = s[7];
    uint64_t xs[8];
    xs[0] = hi;
    xs[1] = s[0] ^ hi;
    xs[2] = s[1];
    xs[3] = s[2] ^ hi;
    xs[4] = s[3] ^ hi;
    xs[5] = s[4];
    xs[6] = s[5];
    xs[7] = s[6];
    for (int b = 0; b < 8; b++)
        q[b] = xs[b] ^ r1[b] ^ r23[b];
}

static void add_round_key(uint64_t q[8], const uint64_t rk[8]) {
    for (int b = 0; b < 8; b++)
        q[b] ^= rk[b];
}

/* Position of byte idx (= row + 4*column, FIPS 197 input order) of slot k. */
static inline unsigned bit_pos(unsigned idx, unsigned slot) {
    return 16 * (idx & 3) + 4 * (idx >> 2) + slot;
}

static void pack4(uint64_t q[8], const uint8_t in[64]) {
    for (int b = 0; b < 8; b++)
        q[b] = 0;
    for (unsigned slot = 0; slot < 4; slot++) {
        for (unsigned idx = 0; idx < 16; idx++) {
            uint64_t v = in[16 * slot + idx];
            unsigned pos = bit_pos(idx, slot);
            for (int b = 0; b < 8; b++)
                q[b] |= ((v >> b) & 1) << pos;
        }
    }
}

static void unpack4(uint8_t out[64], const uint64_t q[8]) {
    for (unsigned slot = 0; slot < 4; slot++) {
        for (unsigned idx = 0; idx < 16; idx++) {
            unsigned pos = bit_pos(idx, slot);
            unsigned v = 0;
            for (int b = 0; b < 8; b++)
                v |= (unsigned)((q[b] >> pos) & 1) << b;
            out[16 * slot + idx] = (uint8_t)v;
        }
    }
}

static void encrypt_planes(const snova_aes_ctx *ctx, uint64_t q[8]) {
    add_round_key(q, ctx->rk[0]);
    for (unsigned r = 1; r < ctx->rounds; r++) {
        sub_bytes(q);
        shift_rows(q);
        mix_columns(q);
        add_round_key(q, ctx->rk[r]);
    }
    sub_bytes(q);
    shift_rows(q);
    add_round_key(q, ctx->rk[ctx->rounds]);
}

/* S-box of the four bytes of a word, through the same circuit. */
static uint32_t sub_word(uint32_t w) {
    uint64_t q[8];
    for (int b = 0; b < 8; b++) {
        uint64_t v = 0;
        for (int k = 0; k < 4; k++)
            v |= (uint64_t)((w >> (8 * k + b)) & 1) << k;
        q[b] = v;
    }
    sub_bytes(q);
    uint32_t r = 0;
    for (int b = 0; b < 8; b++)
        for (int k = 0; k < 4; k++)
            r |= (uint32_t)((q[b] >> k) & 1) << (8 * k + b);
    snova_wipe(q, sizeof(q));
    return r;
}

/* Key expansion (FIPS 197 section 5.2). Words are kept with byte 0 in the low
 * bits, so RotWord is a right rotation by 8 and Rcon goes in the low byte. */
static void expand_key(snova_aes_ctx *ctx, const uint8_t *key, unsigned nk) {
    uint32_t w[60];
    unsigned rounds = nk + 6;
    unsigned total = 4 * (rounds + 1);
    uint32_t rcon = 1;
    for (unsigned i = 0; i < nk; i++)
        w[i] = (uint32_t)key[4 * i] | (uint32_t)key[4 * i + 1] << 8 |
               (uint32_t)key[4 * i + 2] << 16 | (uint32_t)key[4 * i + 3] << 24;
    for (unsigned i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            rcon = ((rcon << 1) ^ (0x11B & (0u - (rcon >> 7)))) & 0xFF;
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    ctx->rounds = rounds;
    for (unsigned r = 0; r <= rounds; r++) {
        for (int b = 0; b < 8; b++) {
            uint64_t plane = 0;
            for (unsigned idx = 0; idx < 16; idx++) {
                uint64_t bit = (w[4 * r + idx / 4] >> (8 * (idx % 4) + (unsigned)b)) & 1;
                for (unsigned slot = 0; slot < 4; slot++)
                    plane |= bit << bit_pos(idx, slot);
            }
            ctx->rk[r][b] = plane;
        }
    }
    for (unsigned r = rounds + 1; r < 15; r++)
        for (int b = 0; b < 8; b++)
            ctx->rk[r][b] = 0;
    snova_wipe(w, sizeof(w));
}

void snova_aes128_init(snova_aes_ctx *ctx, const uint8_t key[16]) {
    expand_key(ctx, key, 4);
}

void snova_aes256_init(snova_aes_ctx *ctx, const uint8_t key[32]) {
    expand_key(ctx, key, 8);
}

void snova_aes_ctx_wipe(snova_aes_ctx *ctx) {
    snova_wipe(ctx, sizeof(*ctx));
}

void snova_aes_ecb(const snova_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks) {
    uint8_t buf[64];
    uint64_t q[8];
    while (nblocks > 0) {
        size_t n = nblocks < 4 ? nblocks : 4;
        memset(buf, 0, sizeof(buf));
        memcpy(buf, in, 16 * n);
        pack4(q, buf);
        encrypt_planes(ctx, q);
        unpack4(buf, q);
        memcpy(out, buf, 16 * n);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    snova_wipe(buf, sizeof(buf));
    snova_wipe(q, sizeof(q));
}

void snova_aes128_ctr_keystream(uint8_t *out, size_t len, const uint8_t key[16]) {
    snova_aes_ctx ctx;
    uint64_t q[8];
    uint8_t buf[64];
    uint32_t counter = 0;
    snova_aes128_init(&ctx, key);
    while (len > 0) {
        /* The counter blocks are zero except bytes 12..15 (row r = idx - 12 of
         * column 3), which hold the big-endian counter. */
        for (int b = 0; b < 8; b++)
            q[b] = 0;
        for (unsigned slot = 0; slot < 4; slot++) {
            uint32_t c = counter + slot;
            for (unsigned idx = 12; idx < 16; idx++) {
                uint64_t v = (c >> (8 * (15 - idx))) & 0xFF;
                unsigned pos = bit_pos(idx, slot);
                for (int b = 0; b < 8; b++)
                    q[b] |= ((v >> b) & 1) << pos;
            }
        }
        encrypt_planes(&ctx, q);
        if (len >= 64) {
            unpack4(out, q);
            out += 64;
            len -= 64;
        } else {
            unpack4(buf, q);
            memcpy(out, buf, len);
            len = 0;
        }
        counter += 4;
    }
    snova_aes_ctx_wipe(&ctx);
    snova_wipe(q, sizeof(q));
    snova_wipe(buf, sizeof(buf));
}

void snova_aes256_ecb_block(uint8_t out[16], const uint8_t in[16], const uint8_t key[32]) {
    snova_aes_ctx ctx;
    snova_aes256_init(&ctx, key);
    snova_aes_ecb(&ctx, out, in, 1);
    snova_aes_ctx_wipe(&ctx);
}
