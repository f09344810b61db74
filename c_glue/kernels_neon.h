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

/* The portable table with every kernel the given capabilities allow replaced
 * by its generated NEON version, where there is a choice the one that runs
 * fastest on the core MIDR_EL1 names (0: unknown). */
struct snova_kernels snova_kernels_for_cpu(unsigned long hwcap, uint64_t midr);
/* The same for this CPU, its MIDR_EL1 read where HWCAP_CPUID allows it. */
struct snova_kernels snova_kernels_for_hwcap(unsigned long hwcap);
/* MIDR_EL1 where HWCAP_CPUID lets user space read it, else 0. */
uint64_t snova_read_midr(unsigned long hwcap);
/* 1 when the table-form products of ranks 2, 4 and 5 (kernels.h rowdot_tll)
 * beat the PMUL ones on the core MIDR_EL1 names (keccak_neon.c); rank 3 takes
 * them on every core. */
int snova_tables_pay(uint64_t midr);
/* 1 when the PMUL products by a right factor fixed for many of them take it
 * replicated (kernels.h rowdot_rrep) on the core MIDR_EL1 names: Cortex-A57 and
 * A72, where the DUPs it saves take the vector pipes PMUL needs (snova-r3-i-s
 * signing -2.1% on cortex-a72). Not measured to pay on the in-order little
 * cores, nor where the table forms are taken. */
int snova_replicas_pay(uint64_t midr);
/* 1 when the l = 4 pair-table products in runs of eight right factors
 * (kernels.h rowdot_ptll, gf16m_rowdot_ptblw_*) beat runs of four on the core
 * MIDR_EL1 names: where their table loads cost most, the in-order little cores
 * and Cortex-A57/A72. */
int snova_wide_runs_pay(uint64_t midr);
/* 1 when MIDR_EL1 names an in-order little core (Cortex-A35, A53, A55, A510,
 * A520), which issues 128-bit vector operations at half rate. */
int snova_little_core(uint64_t midr);

/* Sets the Keccak-f[1600] entries of k (keccak_neon.c): the FEAT_SHA3 kernels with
 * SHA3, else the general-register one (every rotation carried on the in-order
 * little cores and the cores with integer pipes to spare) and, with Advanced
 * SIMD on a core that is not an in-order little one (by MIDR_EL1; 0: unknown),
 * the vector and mixed multi-state ones, four states a call on the cores with
 * integer pipes to spare (keccak_ways). */
void snova_keccak_kernels_for_cpu(struct snova_kernels *k, unsigned long hwcap, uint64_t midr);
/* Multi-state entries made of the one- and two-state kernels, one after the other. */
void snova_keccakf1600_x2_gpr(uint64_t s[50]);
void snova_keccakf1600_x3_gpr(uint64_t s[75]);
void snova_keccakf1600_x4_gpr(uint64_t s[100]);
void snova_keccakf1600_x3_sha3(uint64_t s[75]);
void snova_keccakf1600_x4_sha3(uint64_t s[100]);

#endif
