/* A host of embedded-source mode (c_glue/primitives/os_random.c built with
 * -DSNOVA_RANDOMBYTES_EXTERN): its randombytes fills with 0x5A and returns
 * HOST_STATUS (or nothing, with -DSNOVA_RANDOMBYTES_VOID); prints what
 * snova_os_random returned, how often the host was called and the last byte. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "os_random.h"

static int calls;

#if defined(SNOVA_RANDOMBYTES_VOID)
void randombytes(uint8_t *buf, size_t n) {
    calls++;
    memset(buf, 0x5A, n);
}
#else
int randombytes(uint8_t *buf, size_t n) {
    calls++;
    memset(buf, 0x5A, n);
    return HOST_STATUS;
}
#endif

int main(void) {
    uint8_t buf[300] = {0};
    int r = snova_os_random(buf, sizeof(buf));
    printf("%d %d %d\n", r, calls, buf[sizeof(buf) - 1]);
    return 0;
}
