/* The library's randomness: bytes from the operating system's generator.
 * Thread-safe (no state of its own); every key pair and every signature salt
 * of the NIST API (sign.c) is drawn here. */
#ifndef SNOVA_OS_RANDOM_H
#define SNOVA_OS_RANDOM_H

#include <stddef.h>

/* Fills buf with len random bytes. Returns 0, or -1 if the system could not
 * supply them (the buffer's contents are then unspecified: callers fail closed). */
int snova_os_random(void *buf, size_t len);

#endif
