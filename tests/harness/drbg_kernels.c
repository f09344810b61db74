/* The kernel table of the tests' KAT DRBG (c_glue/primitives/rng.c linked outside the
 * library, tests/test_deterministic.py): no entries, so that rng.c takes the
 * portable constant-time AES-256 on every architecture. */
#include "kernels.h"

const struct snova_kernels *snova_kernels(void) {
    static const struct snova_kernels none = {.name = "drbg-portable"};
    return &none;
}
