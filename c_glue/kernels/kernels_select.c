/* Chooses the kernel backend once: the portable C kernels, or on AArch64 builds
 * with SNOVA_NEON the generated NEON kernels the CPU can run. */
#include "snova_namespace.h"
#include "kernels.h"

#if defined(SNOVA_NEON)
#include <pthread.h>

#include "kernels_neon.h"

#if defined(__APPLE__)
/* Every Apple arm64 CPU has Advanced SIMD and the AES instructions; every arm64
 * Mac (M1 and later) the SHA3 ones. */
static unsigned long cpu_hwcap(void) { return SNOVA_HWCAP_ASIMD | SNOVA_HWCAP_AES | SNOVA_HWCAP_SHA3; }
#else
#include <sys/auxv.h>
static unsigned long cpu_hwcap(void) { return getauxval(AT_HWCAP); }
#endif

static struct snova_kernels chosen;
static pthread_once_t chosen_once = PTHREAD_ONCE_INIT;

static void choose(void) { chosen = snova_kernels_for_hwcap(cpu_hwcap()); }

const struct snova_kernels *snova_kernels(void) {
    pthread_once(&chosen_once, choose);
    return &chosen;
}
#else
const struct snova_kernels *snova_kernels(void) {
    return &snova_kernels_portable;
}
#endif
