/* Run-time choice of the generated NEON kernels (AArch64 builds with SNOVA_NEON). */
#ifndef SNOVA_KERNELS_NEON_H
#define SNOVA_KERNELS_NEON_H

#include "kernels.h"

/* The Linux AT_HWCAP bits the kernels depend on (asm/hwcap.h values, spelled
 * here so that the choice can be unit-tested on any host). */
#define SNOVA_HWCAP_ASIMD (1UL << 1)
#define SNOVA_HWCAP_AES   (1UL << 3)
#define SNOVA_HWCAP_SHA3  (1UL << 17)

/* The portable table with every kernel the given capabilities allow replaced
 * by its generated NEON version. */
struct snova_kernels snova_kernels_for_hwcap(unsigned long hwcap);

/* Sets the Keccak-f[1600] entries of k (keccak_neon.c): the FEAT_SHA3 kernels with
 * SHA3, else the general-register one and, with Advanced SIMD, the two-state
 * vector one. */
void snova_keccak_kernels_for_hwcap(struct snova_kernels *k, unsigned long hwcap);

#endif
