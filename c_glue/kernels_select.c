/* Chooses the kernel backend. Only the portable C kernels exist so far. */
#include "kernels.h"

const struct snova_kernels *snova_kernels(void) {
    return &snova_kernels_portable;
}
