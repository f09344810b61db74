/* The Keccak-f[1600] entries of the kernel table on AArch64 (the generated
 * out/keccakf1600*.S), by the CPU's capabilities. */
#include "kernels_neon.h"
#include "snova_kernels.h"

/* Two states one after the other on general registers. */
static void keccakf1600_x2_gpr(uint64_t s[50]) {
    snova_keccakf1600(s);
    snova_keccakf1600(s + 25);
}

void snova_keccak_kernels_for_hwcap(struct snova_kernels *k, unsigned long hwcap) {
    const int simd = (hwcap & SNOVA_HWCAP_ASIMD) != 0;
    if (simd && (hwcap & SNOVA_HWCAP_SHA3)) {
        k->keccakf1600 = snova_keccakf1600_sha3;
        k->keccakf1600_x2 = snova_keccakf1600_x2_sha3;
        return;
    }
    /* The general-register kernel needs nothing beyond ARMv8.0: every AArch64 CPU. */
    k->keccakf1600 = snova_keccakf1600;
    k->keccakf1600_x2 = simd ? snova_keccakf1600_x2 : keccakf1600_x2_gpr;
}
