/* The CPU's capabilities on Windows on Arm, as the Linux AT_HWCAP bits of
 * kernels_neon.h: IsProcessorFeaturePresent. The crypto-extension flag covers AES
 * (with SHA-1/2 and PMULL); the SHA3 flag exists in newer SDKs only, and without
 * it the SHA3 Keccak kernels are not chosen. No CPUID bit: the default core class. */
#ifndef SNOVA_CPU_HWCAP_WINDOWS_H
#define SNOVA_CPU_HWCAP_WINDOWS_H

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

static unsigned long cpu_hwcap(void) {
    unsigned long hwcap = 0;
    if (IsProcessorFeaturePresent(PF_ARM_NEON_INSTRUCTIONS_AVAILABLE))
        hwcap |= SNOVA_HWCAP_ASIMD;
    if (IsProcessorFeaturePresent(PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE))
        hwcap |= SNOVA_HWCAP_AES;
#if defined(PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE)
    if (IsProcessorFeaturePresent(PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE))
        hwcap |= SNOVA_HWCAP_SHA3;
#endif
    return hwcap;
}

#endif
