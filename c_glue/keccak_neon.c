/* The Keccak-f[1600] entries of the kernel table on AArch64 (the generated
 * out/keccakf1600*.S), as the variant plan's Keccak rows choose them
 * (out/snova_plan.h): by FEAT_SHA3, then by the core class that MIDR_EL1 names,
 * where the kernel lets user space read it (HWCAP_CPUID). Also the multi-state
 * entries the plan makes of the one- and two-state kernels. */
#include "snova_namespace.h"
#include "kernels_neon.h"
#include "snova_plan.h"

uint64_t snova_read_midr(unsigned long hwcap) {
#if defined(__aarch64__) && !defined(__APPLE__)
    if (hwcap & SNOVA_HWCAP_CPUID) {
        uint64_t midr;
        __asm__("mrs %0, midr_el1" : "=r"(midr));
        return midr;
    }
#endif
    (void)hwcap;
    return 0;
}

/* Several states one after another on general registers, for the cores where no
 * vector form pays (and a CPU without Advanced SIMD, which no AArch64 application
 * core is). */
void snova_keccakf1600_x2_gpr(uint64_t s[50]) {
    snova_keccakf1600_carried(s);
    snova_keccakf1600_carried(s + 25);
}

void snova_keccakf1600_x3_gpr(uint64_t s[75]) {
    snova_keccakf1600_x2_gpr(s);
    snova_keccakf1600_carried(s + 50);
}

void snova_keccakf1600_x4_gpr(uint64_t s[100]) {
    snova_keccakf1600_x2_gpr(s);
    snova_keccakf1600_x2_gpr(s + 50);
}

void snova_keccakf1600_x3_sha3(uint64_t s[75]) {
    snova_keccakf1600_x2_sha3(s);
    snova_keccakf1600_sha3(s + 50);
}

void snova_keccakf1600_x4_sha3(uint64_t s[100]) {
    snova_keccakf1600_x2_sha3(s);
    snova_keccakf1600_x2_sha3(s + 50);
}

void snova_keccak_kernels_for_cpu(struct snova_kernels *k, unsigned long hwcap, uint64_t midr) {
    snova_plan_keccak(k, snova_core_class_of(midr), (hwcap & SNOVA_HWCAP_ASIMD) != 0,
                      (hwcap & SNOVA_HWCAP_SHA3) != 0);
}
