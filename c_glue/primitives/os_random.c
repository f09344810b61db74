/* snova_os_random: Linux's getrandom(2), getentropy(3) on Apple and the BSDs, or
 * BCryptGenRandom with the system-preferred generator on Windows (link bcrypt).
 * Both block until the kernel's generator is seeded and never return bytes of a
 * weaker source, so an error here means no randomness: the caller fails.
 *
 * Embedded-source mode (-DSNOVA_RANDOMBYTES_EXTERN): compiled into a host library,
 * the bytes come from the host's randombytes instead, so that the host's own
 * generator (its KAT DRBG, say) drives key generation and signing. The host's
 * function has the PQClean prototype, int randombytes(uint8_t *buf, size_t n),
 * 0 on success; with -DSNOVA_RANDOMBYTES_VOID it returns nothing and handles its
 * own failures (liboqs's void OQS_randombytes(uint8_t *, size_t)). Hosts that
 * name it otherwise map the name by a macro (-Drandombytes=OQS_randombytes). */
#if defined(__linux__) && !defined(SNOVA_RANDOMBYTES_EXTERN)
#define _DEFAULT_SOURCE
#endif
#include "snova_namespace.h"
#include "os_random.h"

#include <errno.h>
#include <stdint.h>

#if defined(SNOVA_RANDOMBYTES_EXTERN)

#if defined(SNOVA_RANDOMBYTES_VOID)
void randombytes(uint8_t *buf, size_t n);

int snova_os_random(void *buf, size_t len) {
    randombytes(buf, len);
    return 0;
}
#else
int randombytes(uint8_t *buf, size_t n);

int snova_os_random(void *buf, size_t len) { return randombytes(buf, len) == 0 ? 0 : -1; }
#endif

#elif defined(__linux__)
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

#elif defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#include <bcrypt.h>

/* BCryptGenRandom takes a ULONG count */
enum { BCRYPT_CHUNK = 1 << 20 };

int snova_os_random(void *buf, size_t len) {
    uint8_t *p = buf;
    while (len > 0) {
        ULONG n = (ULONG)(len < BCRYPT_CHUNK ? len : BCRYPT_CHUNK);
        if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, p, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
            return -1;
        p += n;
        len -= n;
    }
    return 0;
}

#else
#error "snova_os_random: no operating-system random source known for this platform"
#endif
