/* Driver of the SHAKE and Keccak tests (tests/test_keccak_kernels.py): binary
 * records on stdin, results on stdout, through the kernel table of the build.
 *   test_keccak shake128|shake256    records: inlen (u32 LE), outlen (u32 LE), input
 *                                   -> outlen bytes (one absorb, one squeeze; test_prims
 *                                   has SHAKE in pieces, for inputs it can take as hex)
 *   test_keccak ctr                  records: len (u32 LE), seed[16] -> len bytes of the
 *                                   SHAKE128 counter mode
 *   test_keccak choice [HWCAP MIDR]  (NEON builds) the Keccak kernels the table holds for
 *                                   the CPU, or for the capabilities HWCAP and the MIDR_EL1
 *                                   value MIDR (decimal): for one, two and three states
 *                                   gpr (general registers, a state after the other), neon,
 *                                   mixed or sha3, then the states per call of the counter
 *                                   mode
 * Exit status 2: usage or a short record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "shake.h"

#if defined(SNOVA_NEON)
#include "kernels_neon.h"
#include "snova_kernels.h"
#endif

static int read_exact(void *buf, size_t n) { return fread(buf, 1, n, stdin) == n; }

static int read_u32(size_t *v) {
    unsigned char b[4];
    if (!read_exact(b, 4))
        return 0;
    *v = (size_t)b[0] | (size_t)b[1] << 8 | (size_t)b[2] << 16 | (size_t)b[3] << 24;
    return 1;
}

/* A record's input and output buffers, grown as needed. */
static unsigned char *in_buf, *out_buf;

static int read_input(size_t inlen, size_t outlen) {
    in_buf = realloc(in_buf, inlen + 1);
    out_buf = realloc(out_buf, outlen + 1);
    return in_buf && out_buf && read_exact(in_buf, inlen);
}

static int run_shake(int rate128) {
    size_t inlen, outlen;
    while (read_u32(&inlen)) {
        if (!read_u32(&outlen) || !read_input(inlen, outlen))
            return 2;
        if (rate128) {
            snova_shake_ctx ctx;
            snova_shake128_init(&ctx);
            snova_shake_absorb(&ctx, in_buf, inlen);
            snova_shake_squeeze(&ctx, out_buf, outlen);
            snova_shake_wipe(&ctx);
        } else {
            snova_shake256(out_buf, outlen, in_buf, inlen);
        }
        fwrite(out_buf, 1, outlen, stdout);
    }
    return 0;
}

static int run_ctr(void) {
    size_t len;
    unsigned char seed[16];
    while (read_u32(&len)) {
        if (!read_exact(seed, 16) || !read_input(0, len))
            return 2;
        snova_shake128_ctr(out_buf, len, seed);
        fwrite(out_buf, 1, len, stdout);
    }
    return 0;
}

#if defined(SNOVA_NEON)
static const char *origin(void (*f)(uint64_t *)) {
    const struct { void (*fn)(uint64_t *); const char *name; } known[] = {
        { snova_keccakf1600, "gpr" }, { snova_keccakf1600_carried, "carried" }, { snova_keccakf1600_x2_gpr, "gpr" },
        { snova_keccakf1600_x3_gpr, "gpr" }, { snova_keccakf1600_x4_gpr, "gpr" }, { snova_keccakf1600_x2, "neon" },
        { snova_keccakf1600_x3, "mixed" }, { snova_keccakf1600_x4, "mixed" }, { snova_keccakf1600_sha3, "sha3" },
        { snova_keccakf1600_x2_sha3, "sha3" }, { snova_keccakf1600_x3_sha3, "sha3" }, { snova_keccakf1600_x4_sha3, "sha3" },
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (f == known[i].fn)
            return known[i].name;
    return "?";
}

static int run_choice(int argc, char **argv) {
    const struct snova_kernels k =
        argc == 4 ? snova_kernels_for_cpu(strtoul(argv[2], NULL, 10), strtoull(argv[3], NULL, 10)) : *snova_kernels();
    printf("%s %s %s %s %d\n", origin(k.keccakf1600), origin(k.keccakf1600_x2), origin(k.keccakf1600_x3),
           origin(k.keccakf1600_x4), k.keccak_ways);
    return 0;
}
#endif

int main(int argc, char **argv) {
    if (argc == 2 && (strcmp(argv[1], "shake128") == 0 || strcmp(argv[1], "shake256") == 0))
        return run_shake(argv[1][5] == '1');
    if (argc == 2 && strcmp(argv[1], "ctr") == 0)
        return run_ctr();
#if defined(SNOVA_NEON)
    if ((argc == 2 || argc == 4) && strcmp(argv[1], "choice") == 0)
        return run_choice(argc, argv);
#endif
    fprintf(stderr, "usage: %s shake128|shake256|ctr|choice [HWCAP MIDR]\n", argv[0]);
    return 2;
}
