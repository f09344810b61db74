/* Bit-sliced AES. State layout: eight 64-bit words q[0..7]; word b holds bit b of
 * every state byte. Byte (row r, column c) of block slot k (k = 0..3) sits at bit
 * 16*r + 4*c + k, so a state row is a 16-bit lane: ShiftRows rotates inside lanes
 * and the row rotation MixColumns needs is a 16-bit rotation of the whole word. */
#include "snova_namespace.h"
#include "aes_ct.h"

#include <string.h>

#include "util.h"

static inline uint64_t rotr64(uint64_t x, unsigned n) {
    return (x >> n) | (x << (64 - n));
}

/* GF(16) = GF(2)[z]/(z^4 + z + 1) on four bit planes */
static inline void gf16_mul_bs(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t p0 = a[0] & b[0];
    uint64_t p1 = (a[0] & b[1]) ^ (a[1] & b[0]);
    uint64_t p2 = (a[0] & b[2]) ^ (a[1] & b[1]) ^ (a[2] & b[0]);
    uint64_t p3 = (a[0] & b[3]) ^ (a[1] & b[2]) ^ (a[2] & b[1]) ^ (a[3] & b[0]);
    uint64_t p4 = (a[1] & b[3]) ^ (a[2] & b[2]) ^ (a[3] & b[1]);
    uint64_t p5 = (a[2] & b[3]) ^ (a[3] & b[2]);
    uint64_t p6 = a[3] & b[3];
    /* z^4 = z + 1, z^5 = z^2 + z, z^6 = z^3 + z^2 */
    r[0] = p0 ^ p4;
    r[1] = p1 ^ p4 ^ p5;
    r[2] = p2 ^ p5 ^ p6;
    r[3] = p3 ^ p6;
}

static inline void gf16_sqr_bs(uint64_t r[4], const uint64_t a[4]) {
    uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
    r[0] = a0 ^ a2;
    r[1] = a2;
    r[2] = a1 ^ a3;
    r[3] = a3;
}

/* SubBytes on all 64 byte positions. The inverse in GF(2^8) is computed in the
 * isomorphic field GF(16)[y]/(y^2 + y + 8): with a = h y + l,
 *   a^-1 = (h y + h + l) d^-1,  d = 8 h^2 + h l + l^2,  d^-1 = d^14 (0 stays 0).
 * The basis changes (x^i -> g^i for the root g = 0x20 of the AES polynomial, and
 * back, merged with the affine map) come from c_glue/tools/gen_aes_sbox.py. */
static void sub_bytes(uint64_t q[8]) {
    uint64_t t[8], d[4], e[4], f[4], u[8];
    uint64_t *l = t, *h = t + 4;

    t[0] = q[0] ^ q[5] ^ q[7];
    t[1] = q[2];
    t[2] = q[2] ^ q[3] ^ q[4] ^ q[5] ^ q[6] ^ q[7];
    t[3] = q[3] ^ q[4];
    t[4] = q[4] ^ q[5] ^ q[6];
    t[5] = q[1] ^ q[4] ^ q[6] ^ q[7];
    t[6] = q[2] ^ q[3] ^ q[5] ^ q[7];
    t[7] = q[5] ^ q[7];

    /* d = 8 h^2 + h l + l^2 */
    gf16_mul_bs(d, h, l);
    gf16_sqr_bs(e, l);
    d[0] ^= e[0] ^ h[2];
    d[1] ^= e[1] ^ h[1] ^ h[2] ^ h[3];
    d[2] ^= e[2] ^ h[1];
    d[3] ^= e[3] ^ h[0] ^ h[2] ^ h[3];
    /* d^-1 = d^2 d^4 d^8 */
    gf16_sqr_bs(e, d);     /* d^2 */
    gf16_sqr_bs(f, e);     /* d^4 */
    gf16_mul_bs(d, e, f);  /* d^6 */
    gf16_sqr_bs(e, f);     /* d^8 */
    gf16_mul_bs(f, d, e);  /* d^14 */
    /* high half h d^-1, low half (h + l) d^-1 */
    gf16_mul_bs(u + 4, h, f);
    for (int i = 0; i < 4; i++)
        e[i] = h[i] ^ l[i];
    gf16_mul_bs(u, e, f);

    q[0] = u[0] ^ u[2] ^ u[6];
    q[1] = u[0] ^ u[1] ^ u[2] ^ u[3] ^ u[4] ^ u[5];
    q[2] = u[0] ^ u[3] ^ u[5] ^ u[6];
    q[3] = u[0] ^ u[2] ^ u[5];
    q[4] = u[0] ^ u[1] ^ u[3] ^ u[4] ^ u[5];
    q[5] = u[1] ^ u[2] ^ u[3] ^ u[5] ^ u[6] ^ u[7];
    q[6] = u[4] ^ u[6] ^ u[7];
    q[7] = u[1] ^ u[2];
    /* + 0x63 */
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

/* Transposes the 8x8 bit matrix held in x (bit j of byte b moves to bit b of byte j). */
static inline uint64_t transpose8x8(uint64_t x) {
    uint64_t t;
    t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAULL;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCULL;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ULL;
    x ^= t ^ (t << 28);
    return x;
}

/* Bits 8g..8g+7 of the eight planes form an 8x8 bit matrix; transposed, its byte j
 * is the state byte at bit position p = 8g + j: row p/16, column (p%16)/4, slot p%4. */
static void unpack4(uint8_t out[64], const uint64_t q[8]) {
    for (unsigned g = 0; g < 8; g++) {
        uint64_t x = 0;
        for (int b = 0; b < 8; b++)
            x |= ((q[b] >> (8 * g)) & 0xFF) << (8 * b);
        x = transpose8x8(x);
        for (unsigned j = 0; j < 8; j++) {
            unsigned p = 8 * g + j;
            out[16 * (p % 4) + (p / 16) + 4 * ((p % 16) / 4)] = (uint8_t)(x >> (8 * j));
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

void snova_ct_aes128_ctr_keystream(uint8_t *out, size_t len, const uint8_t key[16]) {
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
