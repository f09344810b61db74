/* LD_PRELOAD shim: getrandom and getentropy fail as when the system has no
 * randomness to give, so that a test sees the library fail closed. */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <sys/types.h>

ssize_t getrandom(void *buf, size_t len, unsigned flags) {
    (void)buf, (void)len, (void)flags;
    errno = EIO;
    return -1;
}

int getentropy(void *buf, size_t len) {
    (void)buf, (void)len;
    errno = EIO;
    return -1;
}
