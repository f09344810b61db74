/* snova_os_random: Linux's getrandom(2), or getentropy(3) on Apple and the BSDs.
 * Both block until the kernel's generator is seeded and never return bytes of a
 * weaker source, so an error here means no randomness: the caller fails. */
#if defined(__linux__)
#define _DEFAULT_SOURCE
#endif
#include "os_random.h"

#include <errno.h>
#include <stdint.h>

#if defined(__linux__)
#include <sys/random.h>

int snova_os_random(void *buf, size_t len) {
    uint8_t *p = buf;
    while (len > 0) {
        /* a signal may interrupt the call, and reads above 256 bytes may be short */
        ssize_t got = getrandom(p, len, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += got;
        len -= (size_t)got;
    }
    return 0;
}

#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__) || \
    defined(__DragonFly__)
#include <unistd.h>
#if defined(__APPLE__)
#include <sys/random.h>
#endif

/* getentropy serves at most 256 bytes a call */
enum { ENTROPY_CHUNK = 256 };

int snova_os_random(void *buf, size_t len) {
    uint8_t *p = buf;
    while (len > 0) {
        size_t n = len < ENTROPY_CHUNK ? len : ENTROPY_CHUNK;
        if (getentropy(p, n) != 0)
            return -1;
        p += n;
        len -= n;
    }
    return 0;
}

#else
#error "snova_os_random: no operating-system random source known for this platform"
#endif
