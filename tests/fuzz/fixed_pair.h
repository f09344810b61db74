/* A fixed key pair per set of fuzz_sets.h, and a signature of fuzz_message
 * under it, made once (fixed_pair.c): what the verify and prepare targets start
 * from, so that their search begins at valid signatures. */
#ifndef SNOVA_FUZZ_FIXED_PAIR_H
#define SNOVA_FUZZ_FIXED_PAIR_H

#include <stdint.h>

struct fuzz_pair {
    uint8_t *pk, *sk, *sig; /* sig: snova_signature_bytes of the set */
};

extern const uint8_t fuzz_message[10]; /* "fuzz seed" */

/* the pair of the set the selector byte names (fuzz_shape_set) */
const struct fuzz_pair *fuzz_pair(uint8_t selector);

#endif
