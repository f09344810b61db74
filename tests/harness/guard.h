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

#endif
