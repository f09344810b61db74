/* The Keccak-f[1600] entries of the kernel table on AArch64 (the generated
 * out/keccakf1600*.S), by what the CPU can run and, where the kernel lets user
 * space read MIDR_EL1 (HWCAP_CPUID), by what it runs fast; what MIDR_EL1 says
 * about the GF(16) table-form products too.
 *
 * HWCAP says which instructions exist, not how they issue. The in-order little
 * cores (Cortex-A35, A53, A55, A510, A520) issue two instructions per cycle and
 * run 128-bit vector operations at half rate, so there every vector form loses
 * to the general-register one, state for state (llvm-mca, docs/kernels.md); elsewhere the
 * vector pipes work beside the integer ones. How many states a call should take
 * depends on how many integer pipes are left to a general-register state. */
#include "kernels_neon.h"
#include "snova_kernels.h"

/* MIDR_EL1 implementer and part numbers of the in-order little cores (Arm). */
#define MIDR_IMPLEMENTER(midr) (((midr) >> 24) & 0xFF)
#define MIDR_PART(midr) (((midr) >> 4) & 0xFFF)
static const unsigned little_parts[] = { 0xd04, 0xd03, 0xd05, 0xd46, 0xd80 };
/* Cortex-A57 and A72 split a 16-byte TBL into three uops (llvm-mca: 1.5 cycles
 * of their two vector pipes, against 0.5 on Neoverse N1), so the table-form
 * products cost as much as the PMUL ones there (9.5 against 9.0 cycles per
 * 4x4 product, docs/kernels.md) and their tables come on top; the in-order
 * little cores issue them at half rate (21 against 13.6 cycles). */
static const unsigned slow_tbl_parts[] = { 0xd07, 0xd08 };
/* Out-of-order cores with three or more integer pipes that take shifted operands
 * at no cost: Cortex-A76, Neoverse N1, Cortex-A77, A78, X1, A710, X2, Neoverse
 * N2. There the two general-register states of keccakf1600_x4 run in the time
 * the vector pipes take for their two (neoverse-n1: 549 cycles a state against
 * keccakf1600_x3's 711); Cortex-A72's one pipe for shifted operands makes them
 * slower than _x3 (885 against 811). */
static const unsigned wide_parts[] = { 0xd0b, 0xd0c, 0xd0d, 0xd41, 0xd44, 0xd47, 0xd48, 0xd49 };

/* 1 when midr names an Arm core whose part number is one of parts[0..n-1] */
static int arm_part_in(uint64_t midr, const unsigned *parts, size_t n) {
    if (MIDR_IMPLEMENTER(midr) != 0x41)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (MIDR_PART(midr) == parts[i])
            return 1;
    return 0;
}

int snova_little_core(uint64_t midr) {
    return arm_part_in(midr, little_parts, sizeof little_parts / sizeof little_parts[0]);
}

static int slow_tbl_core(uint64_t midr) {
    return arm_part_in(midr, slow_tbl_parts, sizeof slow_tbl_parts / sizeof slow_tbl_parts[0]);
}

static int wide_core(uint64_t midr) {
    return arm_part_in(midr, wide_parts, sizeof wide_parts / sizeof wide_parts[0]);
}

int snova_tables_pay(uint64_t midr) {
    return !snova_little_core(midr) && !slow_tbl_core(midr);
}

int snova_replicas_pay(uint64_t midr) {
    return slow_tbl_core(midr);
}

int snova_wide_runs_pay(uint64_t midr) {
    return snova_little_core(midr) || slow_tbl_core(midr);
}

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

/* Several states one after another on general registers, for the in-order
 * little cores, where no vector form pays and shifted operands cost what plain
 * ones do, so every rotation rides on them (a CPU without Advanced SIMD, which
 * no AArch64 application core is, takes them too). */
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
    const int simd = (hwcap & SNOVA_HWCAP_ASIMD) != 0;
    if (simd && (hwcap & SNOVA_HWCAP_SHA3)) {
        k->keccakf1600 = snova_keccakf1600_sha3;
        k->keccakf1600_x2 = snova_keccakf1600_x2_sha3;
        k->keccakf1600_x3 = snova_keccakf1600_x3_sha3;
        k->keccakf1600_x4 = snova_keccakf1600_x4_sha3;
        k->keccak_ways = 2;     /* one vector register holds two states, a third costs a call */
        return;
    }
    /* The general-register kernels need nothing beyond ARMv8.0: every AArch64 CPU.
     * Where shifted operands cost what plain ones do (the little and the wide
     * cores), every rho rotation rides on them (llvm-mca cycles a permutation:
     * 1375 against 1530 on cortex-a55, 835 against 941 on neoverse-n1); elsewhere
     * some stay explicit RORs, as Cortex-A72 needs (its one M pipe takes shifted
     * operands: 2250 carried against 1234). */
    k->keccakf1600 = snova_little_core(midr) || wide_core(midr) ? snova_keccakf1600_carried : snova_keccakf1600;
    const int vector = simd && !snova_little_core(midr);
    k->keccakf1600_x2 = vector ? snova_keccakf1600_x2 : snova_keccakf1600_x2_gpr;
    k->keccakf1600_x3 = vector ? snova_keccakf1600_x3 : snova_keccakf1600_x3_gpr;
    k->keccakf1600_x4 = vector ? snova_keccakf1600_x4 : snova_keccakf1600_x4_gpr;
    k->keccak_ways = vector && wide_core(midr) ? 4 : 3;
}
