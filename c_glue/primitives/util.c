#include "snova_namespace.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

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
    return malloc(n);
}
#else
void *snova_alloc(size_t n) { return malloc(n); }
#endif

void snova_free_wiped(void *p, size_t n) {
    if (p == NULL)
        return;
    snova_wipe(p, n);
    free(p);
}
