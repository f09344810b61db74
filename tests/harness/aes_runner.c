/* Runs the AES kernels on records read from stdin and writes their results to
 * stdout, for the Python tests to compare with their models.
 *
 *   aes_runner expand <variant>   records: key[16]                   -> rk[176]
 *   aes_runner ctr <variant>      records: len(u32 LE) iv[16] rk[176] -> len bytes
 *   aes_runner prng <variant>     records: len(u32 LE) key[16]        -> len bytes
 *   aes_runner probe <variant>    records: len(u32 LE) key[16]        -> stack[4096] regs[656]
 *   aes_runner ecb256 w4          records: len(u32 LE) key[32] in[len] -> len bytes (len a multiple of 16)
 *   aes_runner probe256 w4        records: as ecb256                  -> stack[4096] regs[656]
 *
 * <variant> names a build of the kernels: w1, w2, w4 (the committed out/, 4-way)
 * or w8 (N-way CTR loops), or one of the deliberately broken kernels below.
 *
 * expand/ctr/prng/ecb256 call the kernel three times per record, through the AAPCS64
 * canary checker: every operand (inputs included) flush against the PROT_NONE
 * page after it, flush against the page before it, and at an odd address. The
 * three results must agree, the inputs must come back unchanged and no byte of
 * the output's page outside the result may change. probe calls the kernel
 * through probe_call (aes_probe.S) and writes out what the callee left on the
 * stack below the caller's sp, in v0-v31 and in x0-x17.
 * Exit status: 2 usage, 3 callee-saved register clobbered, 5 stray write,
 * changed input or disagreement; a stray access to a guard page is SIGSEGV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "guard.h"
#include "snova_kernels.h"

typedef void (*expand_fn)(const uint8_t *key, uint8_t *rk);
typedef void (*ctr_fn)(uint8_t *out, size_t len, const uint8_t *iv, const uint8_t *rk);
typedef void (*prng_fn)(uint8_t *out, size_t len, const uint8_t *key);
typedef void (*ecb_fn)(uint8_t *out, const uint8_t *in, size_t blocks, const uint8_t *key);

void probe_call(void *fn, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint8_t *stack_dump,
                uint8_t *reg_dump);
#define PROBE_STACK 4096
#define PROBE_REGS (32 * 16 + 18 * 8)

/* The other N-way builds, generated with --prefix snova_w<N>_. */
#define DECLARE_BUILD(p)                                                                        \
    void p##aes128_key_expand(const uint8_t key[16], uint8_t rk[176]);                       \
    void p##aes128_ctr_keystream(uint8_t *out, size_t len, const uint8_t iv[16], const uint8_t rk[176]); \
    void p##aes128_ctr_prng(uint8_t *out, size_t len, const uint8_t key[16]);
DECLARE_BUILD(snova_w1_)
DECLARE_BUILD(snova_w2_)
DECLARE_BUILD(snova_w8_)

/* Broken kernels in assembler (aes_probe.S). */
void faulty_ctr_overwrite(uint8_t *, size_t, const uint8_t *, const uint8_t *);
void faulty_ctr_overread_iv(uint8_t *, size_t, const uint8_t *, const uint8_t *);
void faulty_ctr_clobber_d8(uint8_t *, size_t, const uint8_t *, const uint8_t *);
void faulty_prng_leaky(uint8_t *, size_t, const uint8_t *);

/* Broken kernels in C, built on the real one a block at a time. */
static void ctr_blockwise(uint8_t *out, size_t len, const uint8_t *iv, const uint8_t *rk,
                          void (*block_of)(uint8_t blk[16], const uint8_t *iv, size_t i))
{
    for (size_t i = 0; i * 16 < len; i++) {
        uint8_t blk[16];
        block_of(blk, iv, i);
        snova_aes128_ctr_keystream(out + 16 * i, len - 16 * i < 16 ? len - 16 * i : 16, blk, rk);
    }
}

/* Counter added to byte 0 without carry, as some published code does. */
static void le_byte0_block(uint8_t blk[16], const uint8_t *iv, size_t i)
{
    memcpy(blk, iv, 16);
    blk[0] = (uint8_t)(blk[0] + i);
}

/* A 128-bit big-endian increment: agrees with the 32-bit one until it wraps. */
static void carry128_block(uint8_t blk[16], const uint8_t *iv, size_t i)
{
    memcpy(blk, iv, 16);
    unsigned carry = (unsigned)i;
    for (int k = 15; k >= 0 && carry; k--) {
        unsigned v = blk[k] + (carry & 0xff);
        blk[k] = (uint8_t)v;
        carry = (carry >> 8) + (v >> 8);
    }
}

static void faulty_ctr_le_counter(uint8_t *out, size_t len, const uint8_t *iv, const uint8_t *rk)
{
    ctr_blockwise(out, len, iv, rk, le_byte0_block);
}

static void faulty_ctr_carry128(uint8_t *out, size_t len, const uint8_t *iv, const uint8_t *rk)
{
    ctr_blockwise(out, len, iv, rk, carry128_block);
}

/* The last round without its AddRoundKey. */
static void faulty_ctr_no_last_key(uint8_t *out, size_t len, const uint8_t *iv, const uint8_t *rk)
{
    snova_aes128_ctr_keystream(out, len, iv, rk);
    for (size_t i = 0; i < len; i++)
        out[i] ^= rk[160 + i % 16];
}

static const struct variant {
    const char *name;
    expand_fn expand;
    ctr_fn ctr;
    prng_fn prng;
    ecb_fn ecb256;
} variants[] = {
    { "w4", snova_aes128_key_expand, snova_aes128_ctr_keystream, snova_aes128_ctr_prng, snova_aes256_ecb },
    { "w1", snova_w1_aes128_key_expand, snova_w1_aes128_ctr_keystream, snova_w1_aes128_ctr_prng },
    { "w2", snova_w2_aes128_key_expand, snova_w2_aes128_ctr_keystream, snova_w2_aes128_ctr_prng },
    { "w8", snova_w8_aes128_key_expand, snova_w8_aes128_ctr_keystream, snova_w8_aes128_ctr_prng },
    { "faulty_overwrite", NULL, faulty_ctr_overwrite, NULL },
    { "faulty_overread_iv", NULL, faulty_ctr_overread_iv, NULL },
    { "faulty_clobber_d8", NULL, faulty_ctr_clobber_d8, NULL },
    { "faulty_le_counter", NULL, faulty_ctr_le_counter, NULL },
    { "faulty_carry128", NULL, faulty_ctr_carry128, NULL },
    { "faulty_no_last_key", NULL, faulty_ctr_no_last_key, NULL },
    { "faulty_leaky", NULL, NULL, faulty_prng_leaky },
};

enum { FLUSH_AFTER, FLUSH_BEFORE, ODD_ADDRESS, PLACEMENTS };

/* A guarded page big enough for n bytes at an odd address, reallocated when the
 * size needed changes (records come sorted by length, so that is rare). */
typedef struct { guarded_page g; size_t n; } slot;

static void slot_fit(slot *s, size_t n)
{
    size_t ps = (size_t)sysconf(_SC_PAGESIZE);
    size_t want = (n + 1 + ps - 1) / ps * ps;
    if (s->g.page && s->g.page_size == want)
        return;
    if (s->g.page)
        munmap(s->g.page - ps, s->g.page_size + 2 * ps);
    s->g = guarded_page_new(n + 1);
}

static uint8_t *slot_place(slot *s, size_t n, int placement)
{
    switch (placement) {
    case FLUSH_AFTER: return guarded_place(&s->g, n, GUARD_AFTER);
    case FLUSH_BEFORE: return guarded_place(&s->g, n, GUARD_BEFORE);
    default: return s->g.page + 1;
    }
}

static uint8_t *slot_fill(slot *s, const uint8_t *data, size_t n, int placement)
{
    slot_fit(s, n);
    memset(s->g.page, SENTINEL, s->g.page_size);
    uint8_t *p = slot_place(s, n, placement);
    if (data)
        memcpy(p, data, n);
    return p;
}

static void fail(const char *what)
{
    fprintf(stderr, "%s\n", what);
    exit(5);
}

/* The page of `s` holds the sentinel everywhere but [keep, keep+n). */
static void check_untouched_outside(const slot *s, const uint8_t *keep, size_t n)
{
    for (const uint8_t *p = s->g.page; p < s->g.page + s->g.page_size; p++)
        if ((p < keep || p >= keep + n) && *p != SENTINEL)
            fail("stray write outside the output");
}

static int read_exact(void *buf, size_t n)
{
    return fread(buf, 1, n, stdin) == n;
}

static uint32_t read_len(int *ok)
{
    uint8_t b[4];
    *ok = read_exact(b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* One record, three placements; the result (identical in all three) to stdout. */
static void run_record(const struct variant *v, const char *mode, size_t len, const uint8_t *in_a,
                       size_t na, const uint8_t *in_b, size_t nb, slot slots[3])
{
    size_t nout = strcmp(mode, "expand") == 0 ? 176 : len;
    uint8_t *first = malloc(nout ? nout : 1);
    for (int placement = 0; placement < PLACEMENTS; placement++) {
        uint8_t *a = slot_fill(&slots[0], in_a, na, placement);
        uint8_t *b = nb ? slot_fill(&slots[1], in_b, nb, placement) : NULL;
        uint8_t *out = slot_fill(&slots[2], NULL, nout, placement);
        uint32_t clobbered;
        if (strcmp(mode, "expand") == 0)
            clobbered = test_call_checked((void *)v->expand, (uint64_t)a, (uint64_t)out, 0, 0, 0, 0, 0);
        else if (strcmp(mode, "ctr") == 0)
            clobbered = test_call_checked((void *)v->ctr, (uint64_t)out, len, (uint64_t)a, (uint64_t)b, 0, 0, 0);
        else if (strcmp(mode, "ecb256") == 0)
            clobbered = test_call_checked((void *)v->ecb256, (uint64_t)out, (uint64_t)b, len / 16, (uint64_t)a, 0,
                                          0, 0);
        else
            clobbered = test_call_checked((void *)v->prng, (uint64_t)out, len, (uint64_t)a, 0, 0, 0, 0);
        check_canaries(clobbered, v->name);
        check_untouched_outside(&slots[2], out, nout);
        if (memcmp(a, in_a, na) != 0 || (nb && memcmp(b, in_b, nb) != 0))
            fail("an input buffer changed");
        if (placement == 0)
            memcpy(first, out, nout);
        else if (memcmp(first, out, nout) != 0)
            fail("result depends on operand placement");
    }
    fwrite(first, 1, nout, stdout);
    free(first);
}

int main(int argc, char **argv)
{
    const char *usage = "usage: aes_runner <expand|ctr|prng|probe> <variant>\n";
    if (argc != 3) {
        fputs(usage, stderr);
        return 2;
    }
    const char *mode = argv[1];
    const struct variant *v = NULL;
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
        if (strcmp(variants[i].name, argv[2]) == 0)
            v = &variants[i];
    const int ecb = !strcmp(mode, "ecb256") || !strcmp(mode, "probe256");
    int known_mode = !strcmp(mode, "expand") || !strcmp(mode, "ctr") || !strcmp(mode, "prng") ||
                     !strcmp(mode, "probe") || ecb;
    if (!v || !known_mode || (!strcmp(mode, "expand") && !v->expand) || (!strcmp(mode, "ctr") && !v->ctr) ||
        ((!strcmp(mode, "prng") || !strcmp(mode, "probe")) && !v->prng) || (ecb && !v->ecb256)) {
        fprintf(stderr, "unknown mode or variant: %s %s\n%s", mode, argv[2], usage);
        return 2;
    }
    slot slots[3] = { 0 };
    uint8_t key[16], iv[16], rk[176], key256[32];
    static uint8_t stack_dump[PROBE_STACK], regs[PROBE_REGS];
    int ok;
    if (strcmp(mode, "expand") == 0) {
        while (read_exact(key, 16))
            run_record(v, mode, 0, key, 16, NULL, 0, slots);
        return 0;
    }
    for (;;) {
        size_t len = read_len(&ok);
        if (!ok)
            break;
        if (strcmp(mode, "ctr") == 0) {
            if (!read_exact(iv, 16) || !read_exact(rk, 176))
                break;
            run_record(v, mode, len, iv, 16, rk, 176, slots);
        } else if (strcmp(mode, "prng") == 0) {
            if (!read_exact(key, 16))
                break;
            run_record(v, mode, len, key, 16, NULL, 0, slots);
        } else if (ecb) {
            uint8_t *in = malloc(len ? len : 1), *out = malloc(len ? len : 1);
            const int complete = len % 16 == 0 && read_exact(key256, 32) && (!len || read_exact(in, len));
            if (complete && strcmp(mode, "ecb256") == 0) {
                run_record(v, mode, len, key256, 32, in, len, slots);
            } else if (complete) {
                probe_call((void *)v->ecb256, (uint64_t)out, (uint64_t)in, len / 16, (uint64_t)key256, stack_dump,
                           regs);
                fwrite(stack_dump, 1, sizeof stack_dump, stdout);
                fwrite(regs, 1, sizeof regs, stdout);
            }
            free(in);
            free(out);
            if (!complete)
                break;
        } else {
            if (!read_exact(key, 16))
                break;
            uint8_t *out = malloc(len ? len : 1);
            probe_call((void *)v->prng, (uint64_t)out, len, (uint64_t)key, 0, stack_dump, regs);
            free(out);
            fwrite(stack_dump, 1, sizeof stack_dump, stdout);
            fwrite(regs, 1, sizeof regs, stdout);
        }
    }
    return 0;
}
