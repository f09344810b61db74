/* The library's randomness: bytes from the operating system's generator, or in
 * embedded-source mode (-DSNOVA_RANDOMBYTES_EXTERN, os_random.c) from the host's
 * randombytes. Every key pair and every signature salt of the NIST API (sign.c)
 * is drawn here, one call each. Thread-safe from the operating system (no state
 * of its own); in embedded mode as thread-safe as the host's function. */
#ifndef SNOVA_OS_RANDOM_H
#define SNOVA_OS_RANDOM_H

#include <stddef.h>

/* Fills buf with len random bytes. Returns 0, or -1 if the system could not
 * supply them (the buffer's contents are then unspecified: callers fail closed). */
int snova_os_random(void *buf, size_t len);

#endif
