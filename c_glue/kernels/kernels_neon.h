/* Run-time choice of the generated NEON kernels (AArch64 builds with SNOVA_NEON). */
#ifndef SNOVA_KERNELS_NEON_H
#define SNOVA_KERNELS_NEON_H

#include "kernels.h"

/* The Linux AT_HWCAP bits the kernels depend on (asm/hwcap.h values, spelled
 * here so that the choice can be unit-tested on any host). */
#define SNOVA_HWCAP_ASIMD (1UL << 1)
#define SNOVA_HWCAP_AES   (1UL << 3)
#define SNOVA_HWCAP_CPUID (1UL << 11)
#define SNOVA_HWCAP_SHA3  (1UL << 17)

/* The portable table with every kernel the given capabilities allow replaced by
 * the generated one the variant plan (out/snova_plan.h) chooses for the core class
 * MIDR_EL1 names (0: unknown, the default class). */
struct snova_kernels snova_kernels_for_cpu(unsigned long hwcap, uint64_t midr);
/* The same for a core class (an enum snova_core_class of out/snova_plan.h), whatever
 * the CPU's MIDR_EL1 says. */
struct snova_kernels snova_kernels_for_class(unsigned long hwcap, int core);
/* The same for this CPU, its MIDR_EL1 read where HWCAP_CPUID allows it. */
struct snova_kernels snova_kernels_for_hwcap(unsigned long hwcap);
/* MIDR_EL1 where HWCAP_CPUID lets user space read it, else 0. */
uint64_t snova_read_midr(unsigned long hwcap);
/* Multi-state entries made of the one- and two-state kernels, one after the other. */
void snova_keccakf1600_x2_gpr(uint64_t s[50]);
void snova_keccakf1600_x3_gpr(uint64_t s[75]);
void snova_keccakf1600_x4_gpr(uint64_t s[100]);
void snova_keccakf1600_x3_sha3(uint64_t s[75]);
void snova_keccakf1600_x4_sha3(uint64_t s[100]);

#endif
