/* What the fuzz targets share (tests/fuzz/README.md): the sets they fuzz, one
 * per block shape (round, l, r), as tests/test_constant_time.py's SHAPE_SETS
 * (tests/test_fuzz.py checks that the two agree), and how a target stops on a
 * finding. */
#ifndef SNOVA_FUZZ_SETS_H
#define SNOVA_FUZZ_SETS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "snova.h"

static const char *const fuzz_shape_sets[] = {
    "snova-28-17-16-2-ssk", "snova-25-8-16-3-esk", "snova-24-5-16-4-ssk", "snova-r2-37-17-2",
    "snova-r2-25-8-3",      "snova-r2-24-5-4-shake-esk", "snova-r2-29-6-5", "snova-r3-i-x-aes",
    "snova-r3-i-s",         "snova-r3-iii-s-aes", "snova-r3-i-b", "snova-r3-i-k-aes",
    "snova-r3-v-s",         "snova-r3-v-b", "snova-r3-v-k",
};
#define FUZZ_SHAPE_SETS (sizeof(fuzz_shape_sets) / sizeof(fuzz_shape_sets[0]))

/* the instance a selector byte names, one per block shape */
static inline const snova_instance *fuzz_shape_set(uint8_t selector) {
    return snova_instance_by_name(fuzz_shape_sets[selector % FUZZ_SHAPE_SETS]);
}

/* a finding: the message, then abort (libFuzzer keeps the input) */
#define FUZZ_FINDING(...)                                                                                        \
    do {                                                                                                      \
        fprintf(stderr, "FINDING: " __VA_ARGS__);                                                             \
        fputc('\n', stderr);                                                                                  \
        abort();                                                                                              \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
