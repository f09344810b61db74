/* Line-oriented driver for the primitive tests: reads commands on stdin, writes
 * one line of lowercase hex (or "error") per command.
 *   shake256 OUTLEN INHEX          one-shot SHAKE256
 *   shake256c OUTLEN CHUNK INHEX   absorb in CHUNK-byte pieces, squeeze in CHUNK-byte pieces
 *   shake128c OUTLEN CHUNK INHEX   the same with SHAKE128
 *   shake128ctr LEN SEEDHEX        SHAKE128 counter mode (public-map expansion, 16-byte seed)
 *   aes128ctr LEN KEYHEX           zero-IV, BE32-counter keystream
 *   aes256ecb KEYHEX BLOCKSHEX     AES-256 ECB of whole blocks
 *   aes128ecb KEYHEX BLOCKSHEX     AES-128 ECB of whole blocks
 *   sha256 INHEX
 *   drbg ENTROPYHEX LEN1,LEN2,...  randombytes_init then successive randombytes calls
 *   gf16mul RANK AHEX BHEX [a|b]   portable matrix product (one element per hex digit),
 *                                  optionally written over a or b
 *   gf16add RANK AHEX BHEX [a|b]
 *   unpack COUNT INHEX [inplace]   snova_unpack_nibbles: COUNT elements (one hex digit each)
 *                                  from the bytes INHEX, optionally over their own buffer
 * An empty input is written "-". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes_ct.h"
#include "kernels.h"
#include "nibbles.h"
#include "rng.h"
#include "sha256.h"
#include "shake.h"

static size_t unhex(const char *s, unsigned char **out) {
    if (strcmp(s, "-") == 0) {
        *out = malloc(1);
        return 0;
    }
    size_t n = strlen(s) / 2;
    *out = malloc(n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(s + 2 * i, "%2x", &v);
        (*out)[i] = (unsigned char)v;
    }
    return n;
}

static void puthex(const unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
    printf("\n");
}

/* one element per hex digit */
static void unhex_nibbles(const char *s, unsigned char *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        char c[2] = {s[i], 0};
        out[i] = (unsigned char)strtoul(c, NULL, 16);
    }
}

int main(void) {
    static char line[1 << 20];
    while (fgets(line, sizeof(line), stdin) != NULL) {
        char *cmd = strtok(line, " \n");
        if (cmd == NULL)
            continue;
        if (strcmp(cmd, "shake256") == 0 || strcmp(cmd, "shake256c") == 0 || strcmp(cmd, "shake128c") == 0) {
            size_t outlen = strtoul(strtok(NULL, " \n"), NULL, 10);
            size_t chunk = 0;
            if (cmd[8] == 'c')
                chunk = strtoul(strtok(NULL, " \n"), NULL, 10);
            unsigned char *in, *out = malloc(outlen + 1);
            size_t inlen = unhex(strtok(NULL, " \n"), &in);
            if (chunk == 0) {
                snova_shake256(out, outlen, in, inlen);
            } else {
                snova_shake_ctx ctx;
                if (cmd[5] == '1')
                    snova_shake128_init(&ctx);
                else
                    snova_shake256_init(&ctx);
                for (size_t p = 0; p < inlen; p += chunk)
                    snova_shake_absorb(&ctx, in + p, inlen - p < chunk ? inlen - p : chunk);
                for (size_t p = 0; p < outlen; p += chunk)
                    snova_shake_squeeze(&ctx, out + p, outlen - p < chunk ? outlen - p : chunk);
            }
            puthex(out, outlen);
            free(in);
            free(out);
        } else if (strcmp(cmd, "shake128ctr") == 0) {
            size_t len = strtoul(strtok(NULL, " \n"), NULL, 10);
            unsigned char *seed, *out = malloc(len + 1);
            unhex(strtok(NULL, " \n"), &seed);
            snova_shake128_ctr(out, len, seed);
            puthex(out, len);
            free(seed);
            free(out);
        } else if (strcmp(cmd, "aes128ctr") == 0) {
            size_t len = strtoul(strtok(NULL, " \n"), NULL, 10);
            unsigned char *key, *out = malloc(len + 1);
            unhex(strtok(NULL, " \n"), &key);
            snova_c_aes128_ctr_prng(out, len, key);
            puthex(out, len);
            free(key);
            free(out);
        } else if (strcmp(cmd, "aes256ecb") == 0 || strcmp(cmd, "aes128ecb") == 0) {
            unsigned char *key, *in;
            snova_aes_ctx ctx;
            unhex(strtok(NULL, " \n"), &key);
            size_t n = unhex(strtok(NULL, " \n"), &in);
            if (cmd[3] == '2')
                snova_aes256_init(&ctx, key);
            else
                snova_aes128_init(&ctx, key);
            snova_aes_ecb(&ctx, in, in, n / 16);
            puthex(in, n);
            free(key);
            free(in);
        } else if (strcmp(cmd, "sha256") == 0) {
            unsigned char *in, d[32];
            size_t n = unhex(strtok(NULL, " \n"), &in);
            snova_sha256(d, in, n);
            puthex(d, 32);
            free(in);
        } else if (strcmp(cmd, "drbg") == 0) {
            unsigned char *ent;
            unhex(strtok(NULL, " \n"), &ent);
            char *lens = strtok(NULL, " \n");
            randombytes_init(ent, NULL, 256);
            for (char *tok = strtok(lens, ","); tok != NULL; tok = strtok(NULL, ",")) {
                size_t n = strtoul(tok, NULL, 10);
                unsigned char *out = malloc(n + 1);
                randombytes(out, n);
                for (size_t i = 0; i < n; i++)
                    printf("%02x", out[i]);
                printf(":");
                free(out);
            }
            printf("\n");
            free(ent);
        } else if (strcmp(cmd, "gf16mul") == 0 || strcmp(cmd, "gf16add") == 0) {
            int rank = atoi(strtok(NULL, " \n"));
            unsigned char a[16], b[16], c[16];
            size_t n = (size_t)(rank * rank);
            unhex_nibbles(strtok(NULL, " \n"), a, n);
            unhex_nibbles(strtok(NULL, " \n"), b, n);
            snova_gf16m_binop_fn fn = NULL;
            if (cmd[4] == 'm')
                fn = rank == 2 ? snova_c_gf16m_mul_r2 : rank == 3 ? snova_c_gf16m_mul_r3 : snova_c_gf16m_mul_r4;
            else
                fn = rank == 2 ? snova_c_gf16m_add_r2 : rank == 3 ? snova_c_gf16m_add_r3 : snova_c_gf16m_add_r4;
            /* optional 4th argument: write the result over a or over b */
            char *alias = strtok(NULL, " \n");
            unsigned char *dst = c;
            if (alias != NULL && alias[0] == 'a')
                dst = a;
            else if (alias != NULL && alias[0] == 'b')
                dst = b;
            fn(a, b, dst);
            for (size_t i = 0; i < n; i++)
                printf("%x", dst[i]);
            printf("\n");
        } else if (strcmp(cmd, "unpack") == 0) {
            size_t count = strtoul(strtok(NULL, " \n"), NULL, 10);
            unsigned char *in;
            unhex(strtok(NULL, " \n"), &in);
            const char *inplace = strtok(NULL, " \n");
            /* exactly count bytes of output: ASan catches a write past them */
            unsigned char *out = malloc(count ? count : 1);
            if (inplace != NULL) {
                memcpy(out, in, (count + 1) / 2);
                snova_unpack_nibbles(out, out, count);
            } else {
                snova_unpack_nibbles(out, in, count);
            }
            for (size_t i = 0; i < count; i++)
                printf("%x", out[i]);
            printf(count ? "\n" : "-\n");
            free(in);
            free(out);
        } else {
            printf("error\n");
        }
        fflush(stdout);
    }
    return 0;
}
