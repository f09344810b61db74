/* Guarded operand slots for the kernel tests: every operand sits flush against
 * a PROT_NONE page, so a kernel that reads or writes one byte outside its
 * operand faults (and the test sees the crash). */
#ifndef TEST_GUARD_H
#define TEST_GUARD_H
#include <stddef.h>
#include <stdint.h>

enum guard_side { GUARD_AFTER, GUARD_BEFORE };

/* A read-write page between two PROT_NONE pages. */
typedef struct { uint8_t *page; size_t page_size; } guarded_page;

guarded_page guarded_page_new(size_t bytes);
/* Where an operand of n bytes starts so that it touches the guard on `side`. */
uint8_t *guarded_place(const guarded_page *g, size_t n, enum guard_side side);
void check_canaries(uint32_t clobbered, const char *what);

/* Stray-write watch: the bytes around an operand are filled with SENTINEL
 * before a call and checked after it. WATCH is more than any single AArch64
 * store writes (64), so a stray store that misses the guard page still shows. */
#define SENTINEL 0xA5
#define WATCH 80
uint8_t *watch_start(const guarded_page *g, const uint8_t *operand);
uint8_t *watch_end(const guarded_page *g, const uint8_t *operand, size_t n);
/* Every watched byte around `operand` still holds the sentinel, except the
 * operand's own n bytes when keep is set. */
int untouched_around(const guarded_page *g, const uint8_t *operand, size_t n, int keep);

/* canary.S: calls fn(a0..a5) with canaries in x19-x28 and d8-d15; returns the
 * mask of those that changed (0 when the callee kept AAPCS64). */
uint32_t test_call_checked(void *fn, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6);

#endif
