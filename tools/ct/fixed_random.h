/* A getrandom(2) that returns bytes the program chose, for programs that drive
 * libsnova on known seeds (lib_ct.c, tests/harness/lib_stack.c): the library's
 * calls of getrandom bind to this definition (a static link takes it before
 * the C library's, the dynamic linker finds it in the program first). */
#ifndef SNOVA_FIXED_RANDOM_H
#define SNOVA_FIXED_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* The next getrandom calls return these len bytes (at most 64), then fail with
 * EIO. Built with -DSNOVA_CT_VALGRIND, the bytes from secret_from on reach the
 * caller undefined (memcheck's mark of a secret). */
void fixed_random_next(const uint8_t *bytes, size_t len, size_t secret_from);

#endif
