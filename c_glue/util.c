#include "util.h"

#include <string.h>

void snova_wipe(void *p, size_t n) {
    if (n == 0)
        return;
    memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
    /* The empty asm claims to read the memory, so the stores above stay. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    {
        volatile uint8_t *vp = (volatile uint8_t *)p;
        for (size_t i = 0; i < n; i++)
            vp[i] = 0;
    }
#endif
}
