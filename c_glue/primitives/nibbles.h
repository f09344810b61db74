/* Packing of GF(16) elements (one per byte, 0..15) two to a byte, as every SNOVA
 * round stores keys, signatures and hashes: element 2i is the low nibble of byte
 * i, element 2i+1 its high nibble. */
#ifndef SNOVA_NIBBLES_H
#define SNOVA_NIBBLES_H

#include <stddef.h>
#include <stdint.h>

/* count elements from (count + 1) / 2 bytes; works in place (out == in) */
void snova_unpack_nibbles(uint8_t *out, const uint8_t *in, size_t count);
/* count elements into (count + 1) / 2 bytes; an odd count leaves the last high nibble 0 */
void snova_pack_nibbles(uint8_t *out, const uint8_t *in, size_t count);

#endif
