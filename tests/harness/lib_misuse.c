/* libsnova misused (tests/test_libsnova_misuse.py):
 *   lib_misuse nulls      every function of include/snova.h with each pointer NULL
 *   lib_misuse hasher     hashers never initialised, ended by a signing or a
 *                         verifying call, or damaged, each alone in a heap block
 *                         of its own size (memcheck sees any access outside it)
 *   lib_misuse zero-key SET   signing under a secret key of all zeros
 *   lib_misuse refusals SET   every signing entry point under every refusal it
 *                         can meet (one table): the status, sig zeroed where its
 *                         size is known, *siglen 0
 *   lib_misuse prepared-misuse  prepared keys used after free, of the other
 *                         kind, or never prepared: refused (-1, outputs zeroed)
 *   lib_misuse double-free | free-other-kind | free-foreign   each aborts with
 *                         libsnova's message (tests/test_libsnova_misuse.py)
 * Prints one line per failed expectation and exits 1 if there was any. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snova.h"

static int failures;

static void expect(int ok, const char *what) {
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

#define EXPECT(cond) expect((cond), #cond)

static const uint8_t message[] = "lib_misuse";

static void generic_nulls(const snova_instance *inst, uint8_t *pk, uint8_t *sk, uint8_t *sig) {
    size_t len = 7, sigbytes = snova_signature_bytes(inst);
    uint8_t *sm = malloc(sigbytes + sizeof(message)), m[sizeof(message)];

    EXPECT(snova_instance_by_name(NULL) == NULL);
    EXPECT(snova_instance_name(NULL) == NULL);
    EXPECT(snova_instance_algname(NULL) == NULL);
    EXPECT(snova_instance_round(NULL) == -1);
    EXPECT(snova_instance_status(NULL) == SNOVA_STATUS_UNKNOWN);
    EXPECT(snova_instance_level(NULL) == 0);
    EXPECT(strcmp(snova_status_name(SNOVA_STATUS_UNKNOWN), "unknown") == 0);
    EXPECT(snova_public_key_bytes(NULL) == 0);
    EXPECT(snova_secret_key_bytes(NULL) == 0);
    EXPECT(snova_signature_bytes(NULL) == 0);

    EXPECT(snova_keypair(NULL, pk, sk) == -1);
    EXPECT(snova_keypair(inst, NULL, sk) == -1);
    EXPECT(snova_keypair(inst, pk, NULL) == -1);
    EXPECT(snova_keypair(inst, pk, sk) == 0);

    EXPECT(snova_sign(NULL, sig, &len, message, sizeof(message), sk) == -1 && len == 0);
    EXPECT(snova_sign(inst, NULL, &len, message, sizeof(message), sk) == -1);
    EXPECT(snova_sign(inst, sig, NULL, message, sizeof(message), sk) == -1);
    EXPECT(snova_sign(inst, sig, &len, NULL, sizeof(message), sk) == -1);
    EXPECT(snova_sign(inst, sig, &len, message, sizeof(message), NULL) == -1);
    EXPECT(snova_sign(inst, sig, &len, NULL, 0, sk) == 0 && len == sigbytes);
    EXPECT(snova_verify(inst, sig, len, NULL, 0, pk) == 0);
    EXPECT(snova_sign(inst, sig, &len, message, sizeof(message), sk) == 0 && len == sigbytes);

    EXPECT(snova_verify(NULL, sig, len, message, sizeof(message), pk) == -1);
    EXPECT(snova_verify(inst, NULL, len, message, sizeof(message), pk) == -1);
    EXPECT(snova_verify(inst, sig, len, NULL, sizeof(message), pk) == -1);
    EXPECT(snova_verify(inst, sig, len, message, sizeof(message), NULL) == -1);
    EXPECT(snova_verify(inst, sig, len, message, sizeof(message), pk) == 0);

    size_t smlen = 1;
    EXPECT(snova_sign_attached(NULL, sm, &smlen, message, sizeof(message), sk) == -1 && smlen == 0);
    EXPECT(snova_sign_attached(inst, NULL, &smlen, message, sizeof(message), sk) == -1);
    EXPECT(snova_sign_attached(inst, sm, NULL, message, sizeof(message), sk) == -1);
    EXPECT(snova_sign_attached(inst, sm, &smlen, NULL, sizeof(message), sk) == -1);
    EXPECT(snova_sign_attached(inst, sm, &smlen, message, sizeof(message), NULL) == -1);
    EXPECT(snova_sign_attached(inst, sm, &smlen, message, sizeof(message), sk) == 0 &&
           smlen == sigbytes + sizeof(message));

    size_t mlen = 0;
    EXPECT(snova_open(NULL, m, &mlen, sm, smlen, pk) == -1);
    EXPECT(snova_open(inst, NULL, &mlen, sm, smlen, pk) == -1);
    EXPECT(snova_open(inst, m, NULL, sm, smlen, pk) == -1);
    EXPECT(snova_open(inst, m, &mlen, NULL, smlen, pk) == -1);
    EXPECT(snova_open(inst, m, &mlen, sm, smlen, NULL) == -1);
    EXPECT(snova_open(inst, m, &mlen, sm, smlen, pk) == 0 && mlen == sizeof(message));

    snova_hasher h;
    EXPECT(snova_hasher_init(NULL) == -1);
    EXPECT(snova_hasher_update(NULL, message, sizeof(message)) == -1);
    EXPECT(snova_hasher_init(&h) == 0);
    EXPECT(snova_hasher_update(&h, NULL, 1) == -1);
    EXPECT(snova_sign_hashed(NULL, sig, &len, &h, sk) == -1);
    EXPECT(snova_sign_hashed(inst, NULL, &len, &h, sk) == -1);
    EXPECT(snova_sign_hashed(inst, sig, NULL, &h, sk) == -1);
    EXPECT(snova_sign_hashed(inst, sig, &len, NULL, sk) == -1);
    EXPECT(snova_sign_hashed(inst, sig, &len, &h, NULL) == -1);
    EXPECT(snova_verify_hashed(NULL, sig, len, &h, pk) == -1);
    EXPECT(snova_verify_hashed(inst, NULL, len, &h, pk) == -1);
    EXPECT(snova_verify_hashed(inst, sig, len, NULL, pk) == -1);
    EXPECT(snova_verify_hashed(inst, sig, len, &h, NULL) == -1);
    free(sm);
}

/* each instance's own NIST names, through the function pointers the header declares */
#define X_NIST_NULLS(id)                                                                          \
    {                                                                                            \
        unsigned long long n = 5;                                                                \
        size_t s = 5;                                                                            \
        EXPECT(id##_crypto_sign_keypair(NULL, sk) == -1);                                        \
        EXPECT(id##_crypto_sign_keypair(pk, NULL) == -1);                                        \
        EXPECT(id##_crypto_sign(NULL, &n, message, sizeof(message), sk) == -1 && n == 0);        \
        EXPECT(id##_crypto_sign(sig, NULL, message, sizeof(message), sk) == -1);                 \
        EXPECT(id##_crypto_sign(sig, &n, NULL, sizeof(message), sk) == -1);                      \
        EXPECT(id##_crypto_sign(sig, &n, message, sizeof(message), NULL) == -1);                 \
        EXPECT(id##_crypto_sign_signature(NULL, &s, message, sizeof(message), sk) == -1 && s == 0); \
        EXPECT(id##_crypto_sign_signature(sig, NULL, message, sizeof(message), sk) == -1);       \
        EXPECT(id##_crypto_sign_signature(sig, &s, NULL, sizeof(message), sk) == -1);            \
        EXPECT(id##_crypto_sign_signature(sig, &s, message, sizeof(message), NULL) == -1);       \
        EXPECT(id##_crypto_sign_verify(NULL, s, message, sizeof(message), pk) == -1);            \
        EXPECT(id##_crypto_sign_verify(sig, s, NULL, sizeof(message), pk) == -1);                \
        EXPECT(id##_crypto_sign_verify(sig, s, message, sizeof(message), NULL) == -1);           \
        EXPECT(id##_crypto_sign_open(NULL, &n, sig, 1u << 20, pk) == -1);                        \
        EXPECT(id##_crypto_sign_open(sig, NULL, sig, 1u << 20, pk) == -1);                       \
        EXPECT(id##_crypto_sign_open(sig, &n, NULL, 1u << 20, pk) == -1);                        \
        EXPECT(id##_crypto_sign_open(sig, &n, sig, 1u << 20, NULL) == -1);                       \
    }

static int nulls(void) {
    const snova_instance *inst = snova_instance_by_name("snova-r3-i-s");
    uint8_t *pk = malloc(1u << 20), *sk = malloc(1u << 20), *sig = malloc(1u << 20);
    generic_nulls(inst, pk, sk, sig);
    SNOVA_INSTANCES(X_NIST_NULLS)
    free(pk);
    free(sk);
    free(sig);
    return failures;
}

/* a hasher alone in a heap block of its size, filled with `fill` */
static snova_hasher *lone_hasher(int fill) {
    snova_hasher *h = malloc(sizeof(*h));
    memset(h, fill, sizeof(*h));
    return h;
}

/* every call that takes a hasher refuses h; h is freed */
static void refused(const snova_instance *inst, snova_hasher *h, const uint8_t *pk, const uint8_t *sk,
                    const char *what) {
    size_t sigbytes = snova_signature_bytes(inst), len = 7;
    uint8_t *sig = malloc(sigbytes);
    memset(sig, 0xA5, sigbytes);
    expect(snova_hasher_update(h, message, sizeof(message)) == -1, what);
    expect(snova_verify_hashed(inst, sig, sigbytes, h, pk) == -1, what);
    expect(snova_sign_hashed(inst, sig, &len, h, sk) == -1 && len == 0, what);
    int zeroed = 1;
    for (size_t i = 0; i < sigbytes; i++)
        zeroed &= sig[i] == 0;
    expect(zeroed, what);
    free(sig);
    free(h);
}

static int hasher(void) {
    const snova_instance *inst = snova_instance_by_name("snova-r3-i-s");
    size_t sigbytes = snova_signature_bytes(inst), len;
    uint8_t *pk = malloc(snova_public_key_bytes(inst)), *sk = malloc(snova_secret_key_bytes(inst));
    uint8_t *sig = malloc(sigbytes);
    EXPECT(snova_keypair(inst, pk, sk) == 0);

    snova_hasher *h = lone_hasher(0);
    EXPECT(snova_hasher_init(h) == 0 && snova_hasher_update(h, message, sizeof(message)) == 0);
    EXPECT(snova_sign_hashed(inst, sig, &len, h, sk) == 0 && len == sigbytes);
    refused(inst, h, pk, sk, "hasher ended by snova_sign_hashed");

    h = lone_hasher(0);
    EXPECT(snova_hasher_init(h) == 0 && snova_hasher_update(h, message, sizeof(message)) == 0);
    EXPECT(snova_verify_hashed(inst, sig, sigbytes, h, pk) == 0);
    refused(inst, h, pk, sk, "hasher ended by snova_verify_hashed");

    refused(inst, lone_hasher(0), pk, sk, "hasher of zeros, never initialised");
    refused(inst, lone_hasher(0xFF), pk, sk, "hasher of 0xFF bytes");
    for (unsigned seed = 1; seed <= 64; seed++) {
        snova_hasher *g = lone_hasher(0);
        uint8_t *b = (uint8_t *)g;
        srand(seed);
        for (size_t i = 0; i < sizeof(*g); i++)
            b[i] = (uint8_t)rand();
        refused(inst, g, pk, sk, "hasher of random bytes");
    }
    /* an open hasher with one word damaged: the 25 lanes of the state may hold
     * anything, its position, rate, phase and open mark (words 25 to 28 of
     * libsnova.c's layout) may not */
    for (size_t word = 25; word <= 28; word++) {
        snova_hasher *g = lone_hasher(0);
        EXPECT(snova_hasher_init(g) == 0 && snova_hasher_update(g, message, sizeof(message)) == 0);
        g->opaque[word] ^= 0x8000000000000100ULL;
        refused(inst, g, pk, sk, "hasher with damaged bookkeeping");
    }
    free(pk);
    free(sk);
    free(sig);
    return failures;
}

static int zero_key(const char *name) {
    const snova_instance *inst = snova_instance_by_name(name);
    if (inst == NULL) {
        printf("FAIL no instance %s\n", name);
        return 1;
    }
    size_t sigbytes = snova_signature_bytes(inst), len = 7, smlen = 7;
    uint8_t *sk = calloc(1, snova_secret_key_bytes(inst)), *sig = malloc(sigbytes + sizeof(message));
    snova_hasher h;
    EXPECT(snova_sign(inst, sig, &len, message, sizeof(message), sk) == SNOVA_ERR_KEY_CANNOT_SIGN && len == 0);
    EXPECT(snova_sign_attached(inst, sig, &smlen, message, sizeof(message), sk) == SNOVA_ERR_KEY_CANNOT_SIGN &&
           smlen == 0);
    snova_hasher_init(&h);
    snova_hasher_update(&h, message, sizeof(message));
    EXPECT(snova_sign_hashed(inst, sig, &len, &h, sk) == SNOVA_ERR_KEY_CANNOT_SIGN && len == 0);
    free(sk);
    free(sig);
    return failures;
}

/* ---- one status and output rule for every signing entry point ------------ */

/* The arguments of one signing call; each entry point takes those it has. */
struct sign_args {
    const snova_instance *inst;
    const snova_secret_key *key;
    uint8_t *sig;
    size_t *siglen;
    const uint8_t *m;
    size_t mlen;
    snova_hasher *h;
    const uint8_t *sk, *salt;
};

static int e_sign(const struct sign_args *a) { return snova_sign(a->inst, a->sig, a->siglen, a->m, a->mlen, a->sk); }
static int e_attached(const struct sign_args *a) {
    return snova_sign_attached(a->inst, a->sig, a->siglen, a->m, a->mlen, a->sk);
}
static int e_hashed(const struct sign_args *a) { return snova_sign_hashed(a->inst, a->sig, a->siglen, a->h, a->sk); }
static int e_salt(const struct sign_args *a) {
    return snova_sign_with_salt(a->inst, a->sig, a->siglen, a->m, a->mlen, a->sk, a->salt);
}
static int e_prepared(const struct sign_args *a) { return snova_sign_prepared(a->key, a->sig, a->siglen, a->m, a->mlen); }
static int e_prepared_salt(const struct sign_args *a) {
    return snova_sign_prepared_with_salt(a->key, a->sig, a->siglen, a->m, a->mlen, a->salt);
}
static int e_hashed_prepared(const struct sign_args *a) {
    return snova_sign_hashed_prepared(a->key, a->sig, a->siglen, a->h);
}

/* what an entry point takes */
enum { TAKES_INST = 1, TAKES_KEY = 2, TAKES_MESSAGE = 4, TAKES_HASHER = 8, TAKES_SALT = 16 };
static const struct {
    const char *name;
    int (*call)(const struct sign_args *a);
    unsigned takes;
} entries[] = {
    {"snova_sign", e_sign, TAKES_INST | TAKES_MESSAGE},
    {"snova_sign_attached", e_attached, TAKES_INST | TAKES_MESSAGE},
    {"snova_sign_hashed", e_hashed, TAKES_INST | TAKES_HASHER},
    {"snova_sign_with_salt", e_salt, TAKES_INST | TAKES_MESSAGE | TAKES_SALT},
    {"snova_sign_prepared", e_prepared, TAKES_KEY | TAKES_MESSAGE},
    {"snova_sign_prepared_with_salt", e_prepared_salt, TAKES_KEY | TAKES_MESSAGE | TAKES_SALT},
    {"snova_sign_hashed_prepared", e_hashed_prepared, TAKES_KEY | TAKES_HASHER},
};

/* the refusals, each of the entry points that take what it spoils */
enum refusal { NONE, NULL_INST, NULL_SK, NULL_KEY, NULL_SIG, NULL_SIGLEN, NULL_MESSAGE, NULL_HASHER, ENDED_HASHER,
               NULL_SALT, CANNOT_SIGN, REFUSALS };
static const struct {
    const char *name;
    unsigned applies; /* to an entry point taking any of these */
    int status;
    int size_known; /* sig is zeroed: the call knows its instance */
} refusals[REFUSALS] = {
    [NONE] = {"none", ~0u, 0, 1},
    [NULL_INST] = {"NULL instance", TAKES_INST, -1, 0},
    [NULL_SK] = {"NULL secret key", TAKES_INST, -1, 1},
    [NULL_KEY] = {"NULL prepared key", TAKES_KEY, -1, 0},
    [NULL_SIG] = {"NULL sig", ~0u, -1, 0},
    [NULL_SIGLEN] = {"NULL siglen", ~0u, -1, 1},
    [NULL_MESSAGE] = {"NULL message, mlen > 0", TAKES_MESSAGE, -1, 1},
    [NULL_HASHER] = {"NULL hasher", TAKES_HASHER, -1, 1},
    [ENDED_HASHER] = {"ended hasher", TAKES_HASHER, -1, 1},
    [NULL_SALT] = {"NULL salt", TAKES_SALT, -1, 1},
    [CANNOT_SIGN] = {"a key that cannot sign", ~0u, SNOVA_ERR_KEY_CANNOT_SIGN, 1},
};

/* entry point e under refusal f: the status, sig and *siglen as the header says */
static void check_refusal(size_t e, enum refusal f, const snova_instance *inst, const uint8_t *sk,
                          const uint8_t *zero_sk) {
    size_t sigbytes = snova_signature_bytes(inst), len = 7;
    uint8_t *sig = malloc(sigbytes + sizeof(message)), salt[16];
    snova_hasher h;
    memset(sig, 0xA5, sigbytes + sizeof(message));
    memset(salt, 0x3C, sizeof(salt));
    snova_hasher_init(&h);
    snova_hasher_update(&h, message, sizeof(message));
    if (f == ENDED_HASHER) {
        uint8_t spare[4096];
        size_t spare_len;
        snova_sign_hashed(inst, spare, &spare_len, &h, sk);
    }
    const uint8_t *key_bytes = f == CANNOT_SIGN ? zero_sk : sk;
    snova_secret_key *key = snova_secret_key_prepare(inst, key_bytes);
    struct sign_args a = {
        .inst = f == NULL_INST ? NULL : inst,
        .key = f == NULL_KEY ? NULL : key,
        .sig = f == NULL_SIG ? NULL : sig,
        .siglen = f == NULL_SIGLEN ? NULL : &len,
        .m = f == NULL_MESSAGE ? NULL : message,
        .mlen = sizeof(message),
        .h = f == NULL_HASHER ? NULL : &h,
        .sk = f == NULL_SK ? NULL : key_bytes,
        .salt = f == NULL_SALT ? NULL : salt,
    };
    int status = entries[e].call(&a);
    size_t want_len = f != NONE ? 0 : sigbytes + (entries[e].call == e_attached ? sizeof(message) : 0);
    int zeroed = 1;
    for (size_t i = 0; i < sigbytes; i++)
        zeroed &= sig[i] == 0;
    int ok = status == refusals[f].status && (f == NULL_SIGLEN || len == want_len) &&
             (f == NONE || f == NULL_SIG || !refusals[f].size_known || zeroed);
    if (!ok) {
        printf("FAIL %s %s (%s): returned %d, siglen %zu, signature %s\n", snova_instance_name(inst),
               entries[e].name, refusals[f].name, status, len, zeroed ? "zeroed" : "not zeroed");
        failures++;
    }
    snova_secret_key_free(key);
    free(sig);
}

/* every entry point under every refusal that applies to it; the set is an
 * expanded-key one, whose key of all zeros cannot sign */
static int refusal_table(const char *name) {
    const snova_instance *inst = snova_instance_by_name(name);
    if (inst == NULL) {
        printf("FAIL no instance %s\n", name);
        return 1;
    }
    uint8_t *pk = malloc(snova_public_key_bytes(inst)), *sk = malloc(snova_secret_key_bytes(inst));
    uint8_t *zero_sk = calloc(1, snova_secret_key_bytes(inst));
    EXPECT(snova_keypair(inst, pk, sk) == 0);
    for (size_t e = 0; e < sizeof(entries) / sizeof(entries[0]); e++)
        for (int f = 0; f < REFUSALS; f++)
            if (entries[e].takes & refusals[f].applies)
                check_refusal(e, (enum refusal)f, inst, sk, zero_sk);
    free(pk);
    free(sk);
    free(zero_sk);
    return failures;
}

/* ---- prepared keys misused ------------------------------------------------ */

static const snova_instance *misuse_instance(void) { return snova_instance_by_name("snova-r3-i-s"); }

/* a signing call on key refused: -1, sig zeroed where the call can know its
 * size (a live key), *siglen 0 */
static void sign_refused(const snova_secret_key *key, const char *what) {
    size_t sigbytes = snova_signature_bytes(misuse_instance()), len = 7;
    uint8_t *sig = malloc(sigbytes), salt[16] = {0};
    snova_hasher h;
    expect(snova_sign_prepared(key, sig, &len, message, sizeof(message)) == -1 && len == 0, what);
    len = 7;
    expect(snova_sign_prepared_with_salt(key, sig, &len, message, sizeof(message), salt) == -1 && len == 0, what);
    len = 7;
    snova_hasher_init(&h);
    expect(snova_sign_hashed_prepared(key, sig, &len, &h) == -1 && len == 0, what);
    free(sig);
}

static void verify_refused(const snova_public_key *key, const uint8_t *sig, const char *what) {
    size_t sigbytes = snova_signature_bytes(misuse_instance());
    snova_hasher h;
    expect(snova_verify_prepared(key, sig, sigbytes, message, sizeof(message)) == -1, what);
    snova_hasher_init(&h);
    expect(snova_verify_hashed_prepared(key, sig, sigbytes, &h) == -1, what);
}

/* a key pair, its prepared forms, and a signature that both accept */
struct prepared_pair {
    uint8_t *pk, *sk, *sig;
    snova_public_key *pub;
    snova_secret_key *sec;
};

static void prepared_pair(struct prepared_pair *p) {
    const snova_instance *inst = misuse_instance();
    size_t len;
    p->pk = malloc(snova_public_key_bytes(inst));
    p->sk = malloc(snova_secret_key_bytes(inst));
    p->sig = malloc(snova_signature_bytes(inst));
    EXPECT(snova_keypair(inst, p->pk, p->sk) == 0);
    p->pub = snova_public_key_prepare(inst, p->pk);
    p->sec = snova_secret_key_prepare(inst, p->sk);
    EXPECT(p->pub != NULL && p->sec != NULL);
    EXPECT(snova_sign_prepared(p->sec, p->sig, &len, message, sizeof(message)) == 0);
    EXPECT(snova_verify_prepared(p->pub, p->sig, len, message, sizeof(message)) == 0);
}

static int prepared_misuse(void) {
    struct prepared_pair p;
    prepared_pair(&p);
    /* kind confusion: each key passed as the other kind */
    sign_refused((const snova_secret_key *)(const void *)p.pub, "public key used as a secret key");
    verify_refused((const snova_public_key *)(const void *)p.sec, p.sig, "secret key used as a public key");
    /* never prepared: a heap block of the right size, and a stack address */
    size_t bytes = snova_secret_key_prepared_bytes(misuse_instance());
    uint8_t *fake = malloc(bytes), on_stack[64] = {0};
    memcpy(fake, p.sec, bytes);
    sign_refused((const snova_secret_key *)(const void *)fake, "a copy of a prepared key");
    sign_refused((const snova_secret_key *)(const void *)on_stack, "a stack address");
    verify_refused((const snova_public_key *)(const void *)on_stack, p.sig, "a stack address");
    free(fake);
    /* the keys still work, then use after free */
    EXPECT(snova_verify_prepared(p.pub, p.sig, snova_signature_bytes(misuse_instance()), message,
                                 sizeof(message)) == 0);
    snova_public_key_free(p.pub);
    snova_secret_key_free(p.sec);
    sign_refused(p.sec, "secret key used after free");
    verify_refused(p.pub, p.sig, "public key used after free");
    free(p.pk);
    free(p.sk);
    free(p.sig);
    return failures;
}

/* each returns only if libsnova failed to stop the process */
static int double_free(void) {
    struct prepared_pair p;
    prepared_pair(&p);
    snova_public_key_free(p.pub);
    snova_secret_key_free(p.sec);
    snova_secret_key_free(p.sec);
    return 1;
}

static int free_other_kind(void) {
    struct prepared_pair p;
    prepared_pair(&p);
    snova_secret_key_free((snova_secret_key *)(void *)p.pub);
    return 1;
}

static int free_foreign(void) {
    void *block = malloc(4096);
    memset(block, 0, 4096);
    snova_public_key_free(block);
    return 1;
}

int main(int argc, char **argv) {
    static const struct {
        const char *mode;
        int (*run)(void);
    } modes[] = {{"nulls", nulls}, {"hasher", hasher}, {"prepared-misuse", prepared_misuse},
                 {"double-free", double_free}, {"free-other-kind", free_other_kind}, {"free-foreign", free_foreign}};
    for (size_t i = 0; argc == 2 && i < sizeof(modes) / sizeof(modes[0]); i++)
        if (strcmp(argv[1], modes[i].mode) == 0)
            return modes[i].run() != 0;
    if (argc == 3 && strcmp(argv[1], "refusals") == 0)
        return refusal_table(argv[2]) != 0;
    if (argc == 3 && strcmp(argv[1], "zero-key") == 0)
        return zero_key(argv[2]) != 0;
    fprintf(stderr, "usage: lib_misuse nulls | hasher | prepared-misuse | double-free | free-other-kind | "
                    "free-foreign | zero-key SET | refusals SET\n");
    return 2;
}
