/* Bounded stack: key generation, signing and verification each run on a thread
 * of their own whose stack is exactly the bound (default 512 KiB, 512 KiB,
 * 128 KiB; below it a guard page, so that overflowing crashes), painted
 * beforehand so that the peak use can be read off afterwards.
 *   test_stack [KEYGEN_KIB SIGN_KIB VERIFY_KIB]
 * Prints "<operation> peak <bytes> of <bound>" per operation. In test-hook
 * builds (-DSNOVA_TEST_HOOKS) it also makes each allocation of each operation
 * fail in turn: the operation must return -1 (and signing leave no signature).
 * Exit status 0 only if every operation succeeded within its bound, the
 * signature verified and every allocation failure was reported. */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "api.h"
#include "util.h"

enum { OPS = 3, MLEN = 33, PAINT = 0x5A };
static const char *const op_names[OPS] = {"keygen", "sign", "verify"};
static const size_t default_kib[OPS] = {512, 512, 128};

static uint8_t pk[SNOVA_PK_BYTES], sk[SNOVA_SK_BYTES], sig[SNOVA_SIG_BYTES], msg[MLEN];

/* the operations as an application calls them (NIST API) */
static int run_op(int op) {
    size_t siglen;
    switch (op) {
    case 0:
        return crypto_sign_keypair(pk, sk);
    case 1:
        return crypto_sign_signature(sig, &siglen, msg, MLEN, sk);
    default:
        return crypto_sign_verify(sig, SNOVA_SIG_BYTES, msg, MLEN, pk);
    }
}

struct job {
    int op, result;
};

static void *thread_main(void *arg) {
    struct job *j = arg;
    j->result = run_op(j->op);
    return NULL;
}

/* Runs operation op on a thread with a painted stack of `size` bytes; returns its
 * result and sets *peak to the bytes of stack it touched (thread start included). */
static int run_on_stack(int op, size_t size, size_t *peak) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE), mapped = size + page;
    uint8_t *base = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED || mprotect(base, page, PROT_NONE) != 0) {
        perror("mmap");
        exit(1);
    }
    uint8_t *stack = base + page;
    memset(stack, PAINT, size);
    pthread_attr_t attr;
    pthread_t thread;
    struct job j = {op, -1};
    if (pthread_attr_init(&attr) != 0 || pthread_attr_setstack(&attr, stack, size) != 0 ||
        pthread_create(&thread, &attr, thread_main, &j) != 0) {
        fprintf(stderr, "cannot start a thread with a %zu-byte stack\n", size);
        exit(1);
    }
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attr);
    size_t untouched = 0; /* the stack grows down: count the painted bytes from the bottom */
    while (untouched < size && stack[untouched] == PAINT)
        untouched++;
    *peak = size - untouched;
    munmap(base, mapped);
    return j.result;
}

#if defined(SNOVA_TEST_HOOKS)
static int all_zero(const uint8_t *p, size_t n) {
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= p[i];
    return acc == 0;
}

/* Makes the operation's allocations fail one at a time (the first, then the
 * second, ...) until it needs no more: each must make it return -1, key
 * generation and signing with their outputs zeroed. Returns 1 if so. */
static int allocation_failures_reported(int op) {
    for (long n = 0;; n++) {
        if (op == 1)
            memset(sig, 0xA5, sizeof(sig));
        snova_test_fail_alloc_after(n);
        int r = run_op(op);
        if (snova_test_fail_alloc_after(-1) >= 0) { /* no allocation failed: n is their number */
            printf("%s %s: %ld allocations, the failure of each reported\n", r == 0 ? "ok" : "FAIL",
                   op_names[op], n);
            return r == 0;
        }
        int zeroed = op == 0 ? all_zero(pk, sizeof(pk)) && all_zero(sk, sizeof(sk))
                   : op == 1 ? all_zero(sig, sizeof(sig)) : 1;
        if (r != -1 || !zeroed) {
            printf("FAIL %s: with allocation %ld failing it returned %d%s\n", op_names[op], n, r,
                   zeroed ? "" : " and left output");
            return 0;
        }
    }
}
#endif

int main(int argc, char **argv) {
    size_t bound[OPS];
    if (argc != 1 && argc != 1 + OPS) {
        fprintf(stderr, "usage: %s [KEYGEN_KIB SIGN_KIB VERIFY_KIB]\n", argv[0]);
        return 2;
    }
    for (int op = 0; op < OPS; op++)
        bound[op] = 1024 * (argc == 1 ? default_kib[op] : (size_t)strtoul(argv[1 + op], NULL, 10));
    for (int i = 0; i < MLEN; i++)
        msg[i] = (uint8_t)(i * 3);
    int failures = 0;
    for (int op = 0; op < OPS; op++) {
        size_t peak;
        int r = run_on_stack(op, bound[op], &peak);
        printf("%s %s peak %zu of %zu\n", r == 0 ? "ok" : "FAIL", op_names[op], peak, bound[op]);
        failures += r != 0 || peak > bound[op];
    }
#if defined(SNOVA_TEST_HOOKS)
    /* after the runs above: the key and signature they made are valid inputs */
    for (int op = OPS - 1; op >= 0; op--)
        failures += !allocation_failures_reported(op);
#endif
    printf("%s\n", failures ? "FAILED" : "PASSED");
    return failures ? 1 : 0;
}
