#include "snova_namespace.h"
#include "util.h"

#include <string.h>

/* The heap behind snova_alloc: liboqs's allocator inside liboqs (-DSNOVA_LIBOQS,
 * its code conventions allow no other), the C library's elsewhere. */
#if defined(SNOVA_LIBOQS)
#include <oqs/common.h>
#define SNOVA_MALLOC(n) OQS_MEM_malloc(n)
#define SNOVA_FREE(p) OQS_MEM_insecure_free(p)
#define SNOVA_FREE_WIPED(p, n) OQS_MEM_secure_free((p), (n))
#else
#include <stdlib.h>
#define SNOVA_MALLOC(n) malloc(n) /* IGNORE memory-check: the allocator outside liboqs */
#define SNOVA_FREE(p) free(p)     /* IGNORE memory-check: the allocator outside liboqs */
#define SNOVA_FREE_WIPED(p, n) (snova_wipe((p), (n)), SNOVA_FREE(p))
#endif

void snova_wipe(void *p, size_t n) {
    if (n == 0)
        return;
    memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
    /* The empty asm claims to read the memory, so the stores above stay. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    {
        volatile uint8_t *vp = (volatile uint8_t *)p;
        for (size_t i = 0; i < n; i++)
            vp[i] = 0;
    }
#endif
}

/* A frame of SNOVA_STACK_WIPE_BYTES just below the caller's, zeroed: not
 * inlined, so that it lies where the caller's callees ran. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
void snova_wipe_stack(void) {
    uint8_t area[SNOVA_STACK_WIPE_BYTES];
    snova_wipe(area, sizeof(area));
}

#if defined(SNOVA_TEST_HOOKS)
static long allocations_before_failure = -1;

long snova_test_fail_alloc_after(long count) {
    long previous = allocations_before_failure;
    allocations_before_failure = count;
    return previous;
}

void *snova_alloc(size_t n) {
    if (allocations_before_failure >= 0 && allocations_before_failure-- == 0)
        return NULL;
    return SNOVA_MALLOC(n);
}
#else
void *snova_alloc(size_t n) { return SNOVA_MALLOC(n); }
#endif

#if defined(SNOVA_LIBOQS)
void snova_free(void *p) { SNOVA_FREE(p); }
#endif

void snova_free_wiped(void *p, size_t n) {
    if (p == NULL)
        return;
    SNOVA_FREE_WIPED(p, n);
}
