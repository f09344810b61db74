/* Run-time choice of the generated NEON kernels (AArch64 builds with SNOVA_NEON). */
#ifndef SNOVA_KERNELS_NEON_H
#define SNOVA_KERNELS_NEON_H

#include "kernels.h"

/* The Linux AT_HWCAP bits the kernels depend on (asm/hwcap.h values, spelled
 * here so that the choice can be unit-tested on any host). */
#define SNOVA_HWCAP_ASIMD (1UL << 1)
#define SNOVA_HWCAP_AES   (1UL << 3)

/* The portable table with every kernel the given capabilities allow replaced
 * by its generated NEON version. */
struct snova_kernels snova_kernels_for_hwcap(unsigned long hwcap);

#endif
