/* A program built against an installed libsnova (tests/test_libsnova.py): for a
 * Round 1 and a Round 3 instance in one process, key pairs, detached, attached
 * and piecewise signatures through the generic API, and the instances' own
 * NIST names; every signature verifies, and fails once altered. Prints one line
 * per instance; exits 0 only if every check held. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <snova.h>

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s: check failed: %s (line %d)\n", name, #cond, __LINE__); \
            return 1;                                                                 \
        }                                                                             \
    } while (0)

static int generic(const snova_instance *inst) {
    const char *name = snova_instance_name(inst);
    size_t pklen = snova_public_key_bytes(inst), sklen = snova_secret_key_bytes(inst);
    size_t siglen = snova_signature_bytes(inst), n;
    static const uint8_t msg[] = "a message signed in one piece and in three";
    uint8_t *pk = malloc(pklen), *sk = malloc(sklen), *sig = malloc(siglen);
    uint8_t *sm = malloc(siglen + sizeof(msg)), opened[sizeof(msg)];
    CHECK(pk && sk && sig && sm);
    CHECK(snova_keypair(inst, pk, sk) == 0);

    CHECK(snova_sign(inst, sig, &n, msg, sizeof(msg), sk) == 0 && n == siglen);
    CHECK(snova_verify(inst, sig, siglen, msg, sizeof(msg), pk) == 0);
    sig[3] ^= 1;
    CHECK(snova_verify(inst, sig, siglen, msg, sizeof(msg), pk) != 0);

    /* in pieces, verified whole */
    snova_hasher h;
    snova_hasher_init(&h);
    snova_hasher_update(&h, msg, 5);
    snova_hasher_update(&h, msg + 5, 0);
    snova_hasher_update(&h, msg + 5, sizeof(msg) - 5);
    CHECK(snova_sign_hashed(inst, sig, &n, &h, sk) == 0 && n == siglen);
    CHECK(snova_verify(inst, sig, siglen, msg, sizeof(msg), pk) == 0);
    snova_hasher_init(&h);
    snova_hasher_update(&h, msg, sizeof(msg));
    CHECK(snova_verify_hashed(inst, sig, siglen, &h, pk) == 0);

    CHECK(snova_sign_attached(inst, sm, &n, msg, sizeof(msg), sk) == 0 && n == siglen + sizeof(msg));
    CHECK(snova_open(inst, opened, &n, sm, siglen + sizeof(msg), pk) == 0 && n == sizeof(msg));
    CHECK(memcmp(opened, msg, sizeof(msg)) == 0);
    sm[siglen] ^= 1;
    CHECK(snova_open(inst, opened, &n, sm, siglen + sizeof(msg), pk) != 0);
    free(pk);
    free(sk);
    free(sig);
    free(sm);
    printf("ok %s %s %s\n", name, snova_instance_algname(inst), snova_status_name(snova_instance_status(inst)));
    return 0;
}

/* the instances' own names: keys of one, signatures checked by the generic API */
static int namespaced(void) {
    const char *name = "namespaced";
    const snova_instance *r1 = snova_instance_by_id(SNOVA_ID_snova_24_5_16_4_ssk);
    const snova_instance *r3 = snova_instance_by_name("snova-r3-i-s");
    static const uint8_t msg[] = "two instances, one program";
    uint8_t pk1[1016], sk1[48], sig1[248], pk3[1016], sk3[96], sig3[272];
    size_t n1, n3;
    CHECK(r1 && r3);
    CHECK(snova_public_key_bytes(r1) == sizeof(pk1) && snova_secret_key_bytes(r1) == sizeof(sk1) &&
          snova_signature_bytes(r1) == sizeof(sig1));
    CHECK(snova_public_key_bytes(r3) == sizeof(pk3) && snova_secret_key_bytes(r3) == sizeof(sk3) &&
          snova_signature_bytes(r3) == sizeof(sig3));
    CHECK(snova_24_5_16_4_ssk_crypto_sign_keypair(pk1, sk1) == 0);
    CHECK(snova_r3_i_s_crypto_sign_keypair(pk3, sk3) == 0);
    CHECK(snova_24_5_16_4_ssk_crypto_sign_signature(sig1, &n1, msg, sizeof(msg), sk1) == 0);
    CHECK(snova_r3_i_s_crypto_sign_signature(sig3, &n3, msg, sizeof(msg), sk3) == 0);
    CHECK(snova_verify(r1, sig1, n1, msg, sizeof(msg), pk1) == 0);
    CHECK(snova_r3_i_s_crypto_sign_verify(sig3, n3, msg, sizeof(msg), pk3) == 0);
    CHECK(snova_verify(r3, sig1, n1, msg, sizeof(msg), pk3) != 0); /* another instance's signature */
    printf("ok namespaced\n");
    return 0;
}

int main(void) {
    int bad = generic(snova_instance_by_name("snova-24-5-16-4-ssk"));
    bad |= generic(snova_instance_by_id(SNOVA_ID_snova_r3_i_s));
    bad |= namespaced();
    return bad;
}
