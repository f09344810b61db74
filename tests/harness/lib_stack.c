/* Stack hygiene of libsnova (tests/test_snova_stack.py): no byte of a key seed
 * or of a secret key is left on the stack once an operation returns.
 *   lib_stack [--plant] [SET...]      (default: every instance)
 * For each instance, key generation (snova_keypair, then the instance's
 * crypto_sign_keypair) on a known seed (getrandom from fixed_random.c), and
 * each signing call (snova_sign, snova_sign_attached, snova_sign_hashed, the
 * instance's crypto_sign_signature and crypto_sign) runs on a thread of its own
 * whose stack was painted beforehand. After the
 * thread ends, its whole stack is searched, at every byte offset, for any 8
 * bytes in a row of the private seed or, for an expanded key (-esk), of the
 * key's secret parts: those that differ from the key of another private seed
 * under the same public seed (the public parts, e.g. Round 1's A, B, Q, are the
 * same in both). The other keys' secret part is the private seed (the rest is
 * the public seed and a hash of the public key).
 * --plant leaves copies of the private seed in the frame of each operation's
 * thread, below which the operation runs: the scan must report them.
 * Prints one line per finding ("LEAK <set> <operation> ...") and per instance
 * checked, with the most stack any of its operations used below the caller's
 * frame ("stack peak <bytes>", the bytes no longer paint), then PASSED or
 * FAILED. */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fixed_random.h"
#include "snova.h"

enum { PK_SEED_BYTES = 16, SK_SEED_BYTES = 32, SALT_BYTES = 16, WINDOW = 8, PAINT = 0x5A };
enum { STACK_BYTES = 512 * 1024 };

static const uint8_t message[] = "stack hygiene";

struct secrets {
    uint64_t *windows;   /* every secret 8-byte window, sorted */
    size_t count;
};

static uint64_t window_at(const uint8_t *p) {
    uint64_t w;
    memcpy(&w, p, sizeof(w));
    return w;
}

static int compare_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int contains(const uint64_t *sorted, size_t n, uint64_t w) {
    return bsearch(&w, sorted, n, sizeof(w), compare_u64) != NULL;
}

/* the windows of bytes[0..n) not among the sorted public ones */
static void add_windows(struct secrets *s, const uint8_t *bytes, size_t n, const uint64_t *public, size_t npublic) {
    for (size_t i = 0; i + WINDOW <= n; i++) {
        uint64_t w = window_at(bytes + i);
        if (!contains(public, npublic, w))
            s->windows[s->count++] = w;
    }
}

static uint64_t *sorted_windows(const uint8_t *bytes, size_t n, size_t *count) {
    *count = n >= WINDOW ? n - WINDOW + 1 : 0;
    uint64_t *w = malloc((*count + 1) * sizeof(*w));
    for (size_t i = 0; i < *count; i++)
        w[i] = window_at(bytes + i);
    qsort(w, *count, sizeof(*w), compare_u64);
    return w;
}

static void key_seed(uint8_t seed[PK_SEED_BYTES + SK_SEED_BYTES], uint8_t tag) {
    for (int i = 0; i < PK_SEED_BYTES + SK_SEED_BYTES; i++)
        seed[i] = (uint8_t)(i < PK_SEED_BYTES ? 0xC0 + i : 37 * i + tag);
}

/* ---- one operation on a painted stack ----------------------------------- */
enum { KEYPAIR, SIGN, SIGN_ATTACHED, SIGN_HASHED, NIST_KEYPAIR, NIST_SIGNATURE, NIST_SIGN, OPERATIONS };
static const char *const op_names[OPERATIONS] = {"snova_keypair", "snova_sign", "snova_sign_attached",
                                                 "snova_sign_hashed", "crypto_sign_keypair",
                                                 "crypto_sign_signature", "crypto_sign"};

/* each instance's own NIST entry points, by id */
static const struct {
    int (*keypair)(unsigned char *pk, unsigned char *sk);
    int (*signature)(unsigned char *sig, size_t *siglen, const unsigned char *m, size_t mlen,
                     const unsigned char *sk);
    int (*sign)(unsigned char *sm, unsigned long long *smlen, const unsigned char *m, unsigned long long mlen,
                const unsigned char *sk);
} nist[SNOVA_INSTANCE_COUNT] = {
#define X_NIST(id) [SNOVA_ID_##id] = {id##_crypto_sign_keypair, id##_crypto_sign_signature, id##_crypto_sign},
    SNOVA_INSTANCES(X_NIST)
#undef X_NIST
};

struct job {
    const snova_instance *inst;
    snova_id id;
    int op, result;
    uintptr_t top; /* call_op's frame */
    uint8_t *pk, *sk, *out;
    const uint8_t *seed;
};

static int plant;
/* copies enough that the thread's exit, which reuses part of this frame, leaves some */
enum { PLANTED_COPIES = 64 };

/* the operation itself, in a frame of its own whose top bounds what the
 * operation uses (measured_peak) */
__attribute__((noinline)) static void call_op(struct job *j) {
    j->top = (uintptr_t)__builtin_frame_address(0);
    uint8_t salt[SALT_BYTES];
    size_t len;
    memset(salt, 0x33, sizeof(salt));
    unsigned long long smlen;
    if (j->op == KEYPAIR || j->op == NIST_KEYPAIR) {
        fixed_random_next(j->seed, PK_SEED_BYTES + SK_SEED_BYTES, 0);
        j->result = j->op == KEYPAIR ? snova_keypair(j->inst, j->pk, j->sk) : nist[j->id].keypair(j->pk, j->sk);
        return;
    }
    fixed_random_next(salt, sizeof(salt), 0);
    if (j->op == NIST_SIGNATURE) {
        j->result = nist[j->id].signature(j->out, &len, message, sizeof(message), j->sk);
    } else if (j->op == NIST_SIGN) {
        j->result = nist[j->id].sign(j->out, &smlen, message, sizeof(message), j->sk);
    } else if (j->op == SIGN) {
        j->result = snova_sign(j->inst, j->out, &len, message, sizeof(message), j->sk);
    } else if (j->op == SIGN_ATTACHED) {
        j->result = snova_sign_attached(j->inst, j->out, &len, message, sizeof(message), j->sk);
    } else {
        snova_hasher h;
        snova_hasher_init(&h);
        snova_hasher_update(&h, message, sizeof(message));
        j->result = snova_sign_hashed(j->inst, j->out, &len, &h, j->sk);
    }
}

static void *run_op(void *arg) {
    struct job *j = arg;
    volatile uint8_t planted[PLANTED_COPIES * SK_SEED_BYTES];
    for (size_t i = 0; i < sizeof(planted); i++)
        planted[i] = plant ? j->seed[PK_SEED_BYTES + i % SK_SEED_BYTES] : 0;
    call_op(j);
    return NULL;
}

/* the stack the operation touched below call_op's frame top: the bytes from
 * there down to the lowest one that is no longer paint */
static size_t measured_peak(const struct job *j, const uint8_t *stack) {
    size_t i = 0;
    while (i < STACK_BYTES && stack[i] == PAINT)
        i++;
    return j->top - (uintptr_t)(stack + i);
}

/* runs the job on a painted stack of its own; returns the stack (to be unmapped) */
static uint8_t *run_on_painted_stack(struct job *j) {
    uint8_t *stack = mmap(NULL, STACK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (stack == MAP_FAILED) {
        perror("mmap");
        exit(2);
    }
    memset(stack, PAINT, STACK_BYTES);
    pthread_attr_t attr;
    pthread_t thread;
    if (pthread_attr_init(&attr) != 0 || pthread_attr_setstack(&attr, stack, STACK_BYTES) != 0 ||
        pthread_create(&thread, &attr, run_op, j) != 0) {
        fprintf(stderr, "lib_stack: cannot start a thread\n");
        exit(2);
    }
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attr);
    return stack;
}

/* the number of stack offsets holding a secret window; prints the first */
static size_t leaks(const struct secrets *s, const uint8_t *stack, const char *set, const char *op) {
    size_t found = 0;
    for (size_t i = 0; i + WINDOW <= STACK_BYTES; i++) {
        if (contains(s->windows, s->count, window_at(stack + i)) && found++ == 0) {
            printf("LEAK %s %s: secret bytes at %zu bytes below the stack's top:", set, op, STACK_BYTES - i);
            for (int b = 0; b < WINDOW; b++)
                printf(" %02x", stack[i + b]);
            printf("\n");
        }
    }
    return found;
}

/* ---- one instance --------------------------------------------------------- */
static int check_instance(snova_id id) {
    const snova_instance *inst = snova_instance_by_id(id);
    const char *name = snova_instance_name(inst);
    size_t pkb = snova_public_key_bytes(inst), skb = snova_secret_key_bytes(inst);
    size_t sigb = snova_signature_bytes(inst);
    uint8_t *pk = malloc(pkb), *sk = malloc(skb), *other_pk = malloc(pkb), *other_sk = malloc(skb);
    uint8_t *out = malloc(sigb + sizeof(message)), seed[PK_SEED_BYTES + SK_SEED_BYTES];
    int failures = 0;
    size_t peak = 0;

    /* the public parts: the windows of the public key and of a key of another
     * private seed under the same public seed */
    key_seed(seed, 0x5C);
    fixed_random_next(seed, sizeof(seed), 0);
    if (snova_keypair(inst, other_pk, other_sk) != 0) {
        printf("FAIL %s: key generation\n", name);
        return 1;
    }
    size_t n_other, n_pk;
    uint64_t *other = sorted_windows(other_sk, skb, &n_other), *pub = sorted_windows(other_pk, pkb, &n_pk);

    key_seed(seed, 0x11);
    struct job j = {inst, id, KEYPAIR, -1, 0, pk, sk, out, seed};
    struct secrets s = {malloc((skb + sizeof(seed)) * sizeof(uint64_t)), 0};
    for (int op = 0; op < OPERATIONS; op++) {
        j.op = op;
        uint8_t *stack = run_on_painted_stack(&j);
        if (op == KEYPAIR) {
            add_windows(&s, seed + PK_SEED_BYTES, SK_SEED_BYTES, pub, n_pk);
            if (strstr(name, "-esk") != NULL)
                add_windows(&s, sk, skb, other, n_other);
            qsort(s.windows, s.count, sizeof(uint64_t), compare_u64);
        }
        if (j.result != 0) {
            printf("FAIL %s %s returned %d\n", name, op_names[op], j.result);
            failures++;
        }
        failures += leaks(&s, stack, name, op_names[op]) != 0;
        size_t used = measured_peak(&j, stack);
        peak = used > peak ? used : peak;
        munmap(stack, STACK_BYTES);
    }
    printf("%s %s: %zu secret windows, %d operations, stack peak %zu\n", failures ? "FAIL" : "ok", name, s.count,
           OPERATIONS, peak);
    free(s.windows);
    free(other);
    free(pub);
    free(pk);
    free(sk);
    free(other_pk);
    free(other_sk);
    free(out);
    return failures;
}

int main(int argc, char **argv) {
    int failures = 0, first = 1;
    plant = argc > 1 && strcmp(argv[1], "--plant") == 0;
    first += plant;
    if (argc > first) {
        for (int i = first; i < argc; i++) {
            const snova_instance *inst = snova_instance_by_name(argv[i]);
            if (inst == NULL) {
                fprintf(stderr, "lib_stack: no instance %s\n", argv[i]);
                return 2;
            }
            snova_id id = 0;
            while (snova_instance_by_id(id) != inst)
                id++;
            failures += check_instance(id);
        }
    } else {
        for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++)
            failures += check_instance((snova_id)id);
    }
    printf("%s\n", failures ? "FAILED" : "PASSED");
    return failures != 0;
}
