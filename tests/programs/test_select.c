/* Checks the run-time kernel choice of the NEON build for every combination of
 * the capabilities it looks at: prints one line per combination,
 *   <hwcap> <name> <add> <mul> <dot> <rowdot> <linsys> <prng> <solve>
 * where each kernel column is "neon" or "portable"; then, for each MIDR_EL1
 * given as an argument (decimal), "midr <value> class <name>": the core class
 * the variant plan takes that core for (out/snova_plan.h). */
#include <stdlib.h>
#include <stdio.h>

#include "kernels.h"
#include "kernels_neon.h"
#include "snova_plan.h"

static const char *origin(int portable) { return portable ? "portable" : "neon"; }

int main(int argc, char **argv) {
    const unsigned long caps[] = { 0, SNOVA_HWCAP_ASIMD, SNOVA_HWCAP_AES, SNOVA_HWCAP_ASIMD | SNOVA_HWCAP_AES };
    const struct snova_kernels *p = &snova_kernels_portable;
    for (unsigned i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        struct snova_kernels k = snova_kernels_for_hwcap(caps[i]);
        printf("%lu %s %s %s %s %s %s %s %s\n", caps[i], k.name, origin(k.gf16m_add == p->gf16m_add),
               origin(k.gf16m_mul == p->gf16m_mul), origin(k.gf16m_dot == p->gf16m_dot),
               origin(k.gf16m_rowdot == p->gf16m_rowdot), origin(k.gf16m_linsys_coeffs == p->gf16m_linsys_coeffs),
               origin(k.aes128_ctr_prng == p->aes128_ctr_prng), origin(k.gf16_solve == p->gf16_solve));
    }
    for (int i = 1; i < argc; i++)
        printf("midr %s class %s\n", argv[i], snova_core_class_name(snova_core_class_of(strtoull(argv[i], NULL, 10))));
    return 0;
}
