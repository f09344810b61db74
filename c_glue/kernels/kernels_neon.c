/* The generated NEON kernels (out/, declared in snova_kernels.h) as a kernel table for
 * the build's block shape (SNOVA_ROUND, SNOVA_L, SNOVA_R): the variant plan's row for the
 * CPU's core class (out/snova_plan.h, generated from generator/plan.yaml), for what its
 * hardware capabilities allow; the portable C kernels elsewhere. */
#include "snova_namespace.h"
#include "kernels.h"
#include "kernels_neon.h"

#include "params.h"
#include "snova_plan.h"

struct snova_kernels snova_kernels_for_cpu(unsigned long hwcap, uint64_t midr)
{
    return snova_kernels_for_class(hwcap, snova_core_class_of(midr));
}

struct snova_kernels snova_kernels_for_class(unsigned long hwcap, int core)
{
    /* The GF(16) kernels need Advanced SIMD only (PMUL on bytes is base
     * AdvSIMD); the AES kernels need the AES instructions. */
    const int simd = (hwcap & SNOVA_HWCAP_ASIMD) != 0, aes = (hwcap & SNOVA_HWCAP_AES) != 0;
    static const char *const names[2][2] = {
        { "portable-c", "portable-c gf16, neon aes" },
        { "neon gf16, portable-c aes", "neon" },
    };
    struct snova_kernels chosen = snova_kernels_portable;
    if (simd)
        snova_plan_gf16(&chosen, core);
    if (aes)
        snova_plan_aes(&chosen);
    /* SNOVA_BENCH_C_KECCAK (set only by tools/bench/bench.mk's aarch64-neon-ckeccak
     * build, never by a shipped one) keeps the portable C Keccak-f[1600], so that the
     * benchmark can weigh the generated Keccak kernels against it in one build. */
#ifndef SNOVA_BENCH_C_KECCAK
    snova_plan_keccak(&chosen, core, simd, (hwcap & SNOVA_HWCAP_SHA3) != 0);
#endif
    chosen.name = names[simd][aes];
    return chosen;
}

struct snova_kernels snova_kernels_for_hwcap(unsigned long hwcap)
{
    return snova_kernels_for_cpu(hwcap, snova_read_midr(hwcap));
}
