/* The CPU's capabilities on Apple's systems (macOS, iOS), as the Linux AT_HWCAP bits
 * of kernels_neon.h: the kernel's hw.optional.arm.FEAT_* answers. Every arm64 Apple
 * CPU has Advanced SIMD; a name the system does not know (an older release) counts
 * as absent. No CPUID bit: MIDR_EL1 is not readable there, so the default core
 * class is taken. */
#ifndef SNOVA_CPU_HWCAP_APPLE_H
#define SNOVA_CPU_HWCAP_APPLE_H

#include <sys/sysctl.h>
#include <sys/types.h>

static int has_feature(const char *name) {
    int value = 0;
    size_t size = sizeof value;
    return sysctlbyname(name, &value, &size, NULL, 0) == 0 && value != 0;
}

static unsigned long cpu_hwcap(void) {
    return SNOVA_HWCAP_ASIMD | (has_feature("hw.optional.arm.FEAT_AES") ? SNOVA_HWCAP_AES : 0) |
           (has_feature("hw.optional.arm.FEAT_SHA3") ? SNOVA_HWCAP_SHA3 : 0);
}

#endif
