/* What the AArch64 kernel choice needs of the CPU and of C, whatever the block
 * shape: MIDR_EL1, which names the core class (read where the kernel lets user space
 * read it, HWCAP_CPUID), and the multi-state Keccak-f[1600] entries the variant
 * plan's Keccak rows (out/snova_plan.h) make of the generated one- and two-state
 * kernels (out/keccakf1600*.S). */
#include "snova_namespace.h"
#include "kernels_neon.h"
#include "snova_kernels.h"

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
