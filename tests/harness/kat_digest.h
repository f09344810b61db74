/* print_digest for the tests' KAT drivers (det_kat.c, export_kat.c): one JSON
 * field pair, "<label>_len" and "<label>_sha256", as the KAT digests hold them.
 * The includer names its SHA-256 KAT_SHA256(out, in, len). */
#ifndef KAT_DIGEST_H
#define KAT_DIGEST_H

#include <stdint.h>
#include <stdio.h>

static void print_digest(const char *label, const uint8_t *p, size_t n) {
    uint8_t d[32];
    KAT_SHA256(d, p, n);
    printf(", \"%s_len\": %zu, \"%s_sha256\": \"", label, n, label);
    for (int i = 0; i < 32; i++)
        printf("%02x", d[i]);
    printf("\"");
}

#endif
