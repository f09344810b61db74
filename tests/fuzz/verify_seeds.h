/* The verify target's seeds (verify.c): the k-th (one per set of fuzz_sets.h) in
 * out, the signature of fixed_pair.h under the set's fixed pair; its
 * length, or 0 past the last (or if cap is too small). random_driver.c starts
 * from them and writes them as the committed corpus (--write-seeds). */
#ifndef SNOVA_FUZZ_VERIFY_SEEDS_H
#define SNOVA_FUZZ_VERIFY_SEEDS_H

#include <stddef.h>
#include <stdint.h>

size_t fuzz_verify_seed(size_t k, uint8_t *out, size_t cap);
/* inputs whose signature all four verifications accepted */
extern long fuzz_verify_accepted;

#endif
