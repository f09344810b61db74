/* libsnova's prepared keys against the plain calls (tests/test_prepared.py).
 *
 *   prepared compare NAME...   for each instance: the same signatures (same
 *                              salt) and verdicts, prepared or not, on good and
 *                              bad input; NULL arguments; prints one line each
 *   prepared threads NAME N    N threads sign and verify with one prepared key
 *   prepared wipe NAME [plant] snova_secret_key_free leaves the key's bytes zero
 *                              when it frees them (free is interposed here);
 *                              plant: a buffer freed unwiped, which must be caught
 *
 * Exit status 0 when every check holds, 1 otherwise (the failed check on stderr). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snova.h"

static int failures;

/* free, interposed: the block at `watched` must be zero over `watched_bytes`
 * when it is freed (glibc's own free behind it) */
extern void __libc_free(void *p);
static const void *watched;
static size_t watched_bytes;
static int watched_state = -1; /* -1 not freed yet, 0 freed with data, 1 freed zero */

void free(void *p) {
    if (p != NULL && p == watched) {
        const uint8_t *b = p;
        uint8_t any = 0;
        for (size_t i = 0; i < watched_bytes; i++)
            any |= b[i];
        watched_state = any == 0;
        watched = NULL;
    }
    __libc_free(p);
}

#define CHECK(cond, ...)                                    \
    do {                                                    \
        if (!(cond)) {                                      \
            fprintf(stderr, "FAIL %s:%d: ", name, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                   \
            fputc('\n', stderr);                            \
            failures++;                                     \
        }                                                   \
    } while (0)

struct keys {
    const snova_instance *inst;
    uint8_t *pk, *sk, *sig, *sig2;
    size_t pkb, skb, sigb;
};

static int make_keys(struct keys *k, const char *name) {
    k->inst = snova_instance_by_name(name);
    if (k->inst == NULL)
        return -1;
    k->pkb = snova_public_key_bytes(k->inst);
    k->skb = snova_secret_key_bytes(k->inst);
    k->sigb = snova_signature_bytes(k->inst);
    k->pk = malloc(k->pkb);
    k->sk = malloc(k->skb);
    k->sig = malloc(k->sigb);
    k->sig2 = malloc(k->sigb);
    uint8_t seed[64];
    for (size_t i = 0; i < sizeof(seed); i++)
        seed[i] = (uint8_t)(7 * i + 3);
    return snova_keypair_from_seed(k->inst, k->pk, k->sk, seed);
}

static void free_keys(struct keys *k) {
    free(k->pk);
    free(k->sk);
    free(k->sig);
    free(k->sig2);
}

/* the verdict of the plain and the prepared call on (sig, siglen, m) under pk */
static void same_verdict(const char *name, struct keys *k, const uint8_t *pk, const uint8_t *sig, size_t siglen,
                         const uint8_t *m, size_t mlen, int expected, const char *what) {
    int plain = snova_verify(k->inst, sig, siglen, m, mlen, pk);
    snova_public_key *key = snova_public_key_prepare(k->inst, pk);
    int prepared = key != NULL ? snova_verify_prepared(key, sig, siglen, m, mlen) : -1;
    snova_hasher h;
    snova_hasher_init(&h);
    snova_hasher_update(&h, m, mlen);
    int hashed = key != NULL ? snova_verify_hashed_prepared(key, sig, siglen, &h) : -1;
    snova_public_key_free(key);
    CHECK(plain == expected && prepared == expected && hashed == expected,
          "%s: plain %d, prepared %d, hashed prepared %d, expected %d", what, plain, prepared, hashed, expected);
}

static void compare(const char *name) {
    struct keys k;
    if (make_keys(&k, name) != 0) {
        CHECK(0, "no key pair");
        return;
    }
    snova_public_key *pub = snova_public_key_prepare(k.inst, k.pk);
    snova_secret_key *sec = snova_secret_key_prepare(k.inst, k.sk);
    CHECK(pub != NULL && sec != NULL, "prepare failed");
    if (pub == NULL || sec == NULL)
        goto out;
    uint8_t msg[100], salt[16];
    for (size_t i = 0; i < sizeof(msg); i++)
        msg[i] = (uint8_t)(0xa5 ^ (7 * i));
    for (size_t i = 0; i < sizeof(salt); i++)
        salt[i] = (uint8_t)(0x3c + 11 * i);
    const size_t lens[] = { 0, 33, sizeof(msg) };
    for (size_t n = 0; n < sizeof(lens) / sizeof(lens[0]); n++) {
        size_t l1 = 0, l2 = 0;
        salt[0] = (uint8_t)n;
        CHECK(snova_sign_with_salt(k.inst, k.sig, &l1, msg, lens[n], k.sk, salt) == 0, "sign_with_salt");
        CHECK(snova_sign_prepared_with_salt(sec, k.sig2, &l2, msg, lens[n], salt) == 0, "sign_prepared_with_salt");
        CHECK(l1 == k.sigb && l2 == k.sigb && memcmp(k.sig, k.sig2, k.sigb) == 0,
              "mlen %zu: prepared signature differs", lens[n]);
        same_verdict(name, &k, k.pk, k.sig, k.sigb, msg, lens[n], 0, "good signature");
        CHECK(snova_verify_prepared(pub, k.sig, k.sigb, msg, lens[n]) == 0, "the first prepared key rejects");
    }
    /* bad input: every bit of a few bytes (the first, the last of the packed
     * signature with its spare nibble, the salt's), a changed message, wrong
     * lengths, a truncated signature */
    const size_t at[] = { 0, k.sigb / 2, k.sigb - 17, k.sigb - 16, k.sigb - 1 };
    for (size_t a = 0; a < sizeof(at) / sizeof(at[0]); a++)
        for (int bit = 0; bit < 8; bit++) {
            k.sig[at[a]] ^= (uint8_t)(1u << bit);
            same_verdict(name, &k, k.pk, k.sig, k.sigb, msg, sizeof(msg), -1, "changed signature");
            k.sig[at[a]] ^= (uint8_t)(1u << bit);
        }
    msg[5] ^= 1;
    same_verdict(name, &k, k.pk, k.sig, k.sigb, msg, sizeof(msg), -1, "changed message");
    msg[5] ^= 1;
    same_verdict(name, &k, k.pk, k.sig, k.sigb - 1, msg, sizeof(msg), -1, "short length");
    same_verdict(name, &k, k.pk, k.sig, k.sigb + 1, msg, sizeof(msg), -1, "long length");
    same_verdict(name, &k, k.pk, k.sig, 0, msg, sizeof(msg), -1, "zero length");
    /* a changed public key: its last byte's high nibble is spare where P22 has
     * an odd number of elements, and the key then malformed (prepare: NULL) */
    k.pk[k.pkb - 1] ^= 0x10;
    same_verdict(name, &k, k.pk, k.sig, k.sigb, msg, sizeof(msg), -1, "changed public key");
    snova_public_key *bad = snova_public_key_prepare(k.inst, k.pk);
    int malformed = bad == NULL;
    snova_public_key_free(bad);
    k.pk[k.pkb - 1] ^= 0x10;
    k.pk[k.pkb - 1] ^= 0x01;
    same_verdict(name, &k, k.pk, k.sig, k.sigb, msg, sizeof(msg), -1, "changed public key (low nibble)");
    k.pk[k.pkb - 1] ^= 0x01;
    /* random salts and messages in pieces: whatever the plain call accepts */
    size_t len = 0;
    CHECK(snova_sign_prepared(sec, k.sig, &len, msg, sizeof(msg)) == 0 && len == k.sigb, "sign_prepared");
    CHECK(snova_verify(k.inst, k.sig, len, msg, sizeof(msg), k.pk) == 0, "sign_prepared's signature rejected");
    snova_hasher h;
    snova_hasher_init(&h);
    snova_hasher_update(&h, msg, 40);
    snova_hasher_update(&h, msg + 40, sizeof(msg) - 40);
    CHECK(snova_sign_hashed_prepared(sec, k.sig, &len, &h) == 0 && len == k.sigb, "sign_hashed_prepared");
    CHECK(snova_verify(k.inst, k.sig, len, msg, sizeof(msg), k.pk) == 0, "sign_hashed_prepared's signature rejected");
    /* NULL arguments: refused, the length 0 (lib_misuse's table checks every signing call's outputs) */
    len = 12345;
    CHECK(snova_public_key_prepare(NULL, k.pk) == NULL && snova_public_key_prepare(k.inst, NULL) == NULL &&
              snova_secret_key_prepare(NULL, k.sk) == NULL && snova_secret_key_prepare(k.inst, NULL) == NULL,
          "prepare of NULL");
    CHECK(snova_sign_prepared(NULL, k.sig, &len, msg, 1) == -1 && snova_sign_prepared(sec, NULL, &len, msg, 1) == -1 &&
              snova_sign_prepared(sec, k.sig, NULL, msg, 1) == -1 && snova_sign_prepared(sec, k.sig, &len, NULL, 1) == -1 &&
              snova_sign_prepared_with_salt(sec, k.sig, &len, msg, 1, NULL) == -1 &&
              snova_sign_hashed_prepared(sec, k.sig, &len, NULL) == -1 && len == 0,
          "sign_prepared of NULL");
    CHECK(snova_verify_prepared(NULL, k.sig, k.sigb, msg, 1) == -1 && snova_verify_prepared(pub, NULL, k.sigb, msg, 1) == -1 &&
              snova_verify_prepared(pub, k.sig, k.sigb, NULL, 1) == -1 &&
              snova_verify_hashed_prepared(pub, k.sig, k.sigb, NULL) == -1,
          "verify_prepared of NULL");
    CHECK(snova_public_key_prepared_bytes(NULL) == 0 && snova_secret_key_prepared_bytes(NULL) == 0, "bytes of NULL");
    printf("%s ok public %zu secret %zu malformed-key-refused %d\n", name, snova_public_key_prepared_bytes(k.inst),
           snova_secret_key_prepared_bytes(k.inst), malformed);
out:
    snova_public_key_free(pub);
    snova_secret_key_free(sec);
    snova_public_key_free(NULL);
    snova_secret_key_free(NULL);
    free_keys(&k);
}

struct shared {
    const snova_public_key *pub;
    const snova_secret_key *sec;
    size_t sigb;
    int bad;
};

/* two signatures of this thread's own message, each verified */
static void *worker(void *arg) {
    struct shared *s = arg;
    uint8_t *sig = malloc(s->sigb), msg[17];
    int bad = sig == NULL;
    for (size_t i = 0; i < sizeof(msg); i++)
        msg[i] = (uint8_t)((uintptr_t)&msg >> 4 ^ i);
    for (int round = 0; round < 2 && !bad; round++) {
        size_t len = 0;
        msg[0] = (uint8_t)round;
        bad |= snova_sign_prepared(s->sec, sig, &len, msg, sizeof(msg)) != 0;
        bad |= snova_verify_prepared(s->pub, sig, len, msg, sizeof(msg)) != 0;
        msg[1] ^= 1;
        bad |= snova_verify_prepared(s->pub, sig, len, msg, sizeof(msg)) != -1;
    }
    free(sig);
    __atomic_fetch_or(&s->bad, bad, __ATOMIC_RELAXED);
    return NULL;
}

static void threads(const char *name, int n) {
    struct keys k;
    pthread_t t[64];
    if (n < 1 || n > 64 || make_keys(&k, name) != 0) {
        CHECK(0, "no key pair or bad thread count");
        return;
    }
    snova_public_key *pub = snova_public_key_prepare(k.inst, k.pk);
    snova_secret_key *sec = snova_secret_key_prepare(k.inst, k.sk);
    struct shared s = { pub, sec, k.sigb, pub == NULL || sec == NULL };
    for (int i = 0; i < n && !s.bad; i++)
        s.bad |= pthread_create(&t[i], NULL, worker, &s) != 0;
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    CHECK(!s.bad, "a thread's signature or verdict is wrong");
    printf("%s threads %d ok\n", name, n);
    snova_public_key_free(pub);
    snova_secret_key_free(sec);
    free_keys(&k);
}

static void wipe(const char *name, int plant) {
    struct keys k;
    if (make_keys(&k, name) != 0) {
        CHECK(0, "no key pair");
        return;
    }
    snova_secret_key *sec = snova_secret_key_prepare(k.inst, k.sk);
    size_t len = 0;
    CHECK(sec != NULL && snova_sign_prepared(sec, k.sig, &len, k.pk, 8) == 0, "sign_prepared");
    watched_bytes = snova_secret_key_prepared_bytes(k.inst);
    if (plant) {
        uint8_t *copy = malloc(watched_bytes);
        memset(copy, 0x5a, watched_bytes);
        watched = copy;
        free(copy);
    } else {
        watched = sec;
        snova_secret_key_free(sec);
        sec = NULL;
    }
    CHECK(watched_state == 1, "the secret prepared key was freed %s", watched_state == 0 ? "unwiped" : "never");
    printf("%s wipe %s\n", name, watched_state == 1 ? "ok" : "FAILED");
    snova_secret_key_free(sec);
    free_keys(&k);
}

int main(int argc, char **argv) {
    const char *name = "usage";
    if (argc >= 3 && strcmp(argv[1], "compare") == 0) {
        for (int i = 2; i < argc; i++) {
            name = argv[i];
            compare(name);
        }
    } else if (argc == 4 && strcmp(argv[1], "threads") == 0) {
        name = argv[2];
        threads(name, atoi(argv[3]));
    } else if ((argc == 3 || (argc == 4 && strcmp(argv[3], "plant") == 0)) && strcmp(argv[1], "wipe") == 0) {
        name = argv[2];
        wipe(name, argc == 4);
    } else {
        fprintf(stderr, "usage: prepared compare NAME... | prepared threads NAME N | prepared wipe NAME [plant]\n");
        return 2;
    }
    return failures != 0;
}
