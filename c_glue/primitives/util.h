/* Small helpers shared by the SNOVA core and its primitives. */
#ifndef SNOVA_UTIL_H
#define SNOVA_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* For helpers whose loop bounds are constants at the call site: inlined, the
 * compiler unrolls and vectorises them. */
#if defined(__GNUC__) || defined(__clang__)
#define SNOVA_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define SNOVA_ALWAYS_INLINE inline
#endif

/* Overwrites n bytes at p with zeros in a way the compiler may not remove. */
void snova_wipe(void *p, size_t n);

#define SNOVA_WIPE(x) snova_wipe(&(x), sizeof(x))

/* The stack an operation may use below its entry point's frame (the deepest,
 * snova-r3-v-x signing, takes about 16 KiB), which each entry point clears
 * before it returns: whatever its callees, the C library and the dynamic
 * linker's resolver left there (copies and register spills of the seed and
 * the key) is gone. Callers must allow this much stack. */
#define SNOVA_STACK_WIPE_BYTES (32 * 1024)
void snova_wipe_stack(void);

/* The core's working memory beyond its bounded stack: the heap (liboqs's
 * OQS_MEM_* under -DSNOVA_LIBOQS), or NULL (the caller then returns an error).
 * Public workspaces go back through snova_free, secret ones through
 * snova_free_wiped, which zeroes them first; both accept NULL. */
void *snova_alloc(size_t n);
void snova_free_wiped(void *p, size_t n);
#if defined(SNOVA_LIBOQS)
void snova_free(void *p);
#else
#include <stdlib.h>
/* the C library's free itself, so that no call sits in between */
static inline void snova_free(void *p) { free(p); } /* IGNORE memory-check: the allocator outside liboqs */
#endif

#if defined(SNOVA_TEST_HOOKS)
/* Test builds only: the allocation after the next `count` succeeding ones fails
 * (and every later one succeeds again); a negative count never fails. Returns
 * the previous count: negative once the planned failure has happened. Not
 * thread-safe: for single-threaded tests. */
long snova_test_fail_alloc_after(long count);
#endif

/* Marks n bytes at p as no longer secret. Only the constant-time check build
 * (-DSNOVA_CT_VALGRIND, see test_ct.c) gives it a meaning: there memcheck treats
 * secret bytes as undefined, and reports any branch or address computed from them. */
#if defined(SNOVA_CT_VALGRIND)
#include <valgrind/memcheck.h>
#define SNOVA_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define SNOVA_DECLASSIFY(p, n) ((void)0)
#endif

#endif
