/* Chooses the kernel backend once: the portable C kernels, or on AArch64 builds
 * with SNOVA_NEON the generated NEON kernels the CPU can run. */
#include "snova_namespace.h"
#include "kernels.h"

#if defined(SNOVA_NEON)
#include "snova_sync.h"

#include "kernels_neon.h"

/* cpu_hwcap(): the operating system's answer to what the CPU can run */
#if defined(__APPLE__)
#include "cpu_hwcap_apple.h"
#elif defined(_WIN32)
#include "cpu_hwcap_windows.h"
#else
#include "cpu_hwcap_linux.h"
#endif

static struct snova_kernels chosen;
static snova_once chosen_once = SNOVA_ONCE_INIT;

static void choose(void) { chosen = snova_kernels_for_hwcap(cpu_hwcap()); }

const struct snova_kernels *snova_kernels(void) {
    snova_once_run(&chosen_once, choose);
    return &chosen;
}
#else
const struct snova_kernels *snova_kernels(void) {
    return &snova_kernels_portable;
}
#endif
