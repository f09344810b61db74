/* Nibble packing of GF(16) elements (nibbles.h). */
#include "nibbles.h"

#include <string.h>

/* Works in place (out == in): blocks are taken from the end, and each block of input
 * bytes is read before the twice as long output, which may overlap it, is
 * written; a fixed block size lets the compiler vectorise the split. */
void snova_unpack_nibbles(uint8_t *out, const uint8_t *in, size_t count) {
    enum { BLOCK = 16 };
    size_t bytes = count / 2;
    if (count & 1)
        out[count - 1] = (uint8_t)(in[bytes] & 0x0F);
    while (bytes > 0) {
        size_t n = bytes >= BLOCK ? BLOCK : bytes;
        uint8_t block[BLOCK];
        bytes -= n;
        memcpy(block, in + bytes, n);
        for (size_t t = 0; t < n; t++) {
            out[2 * (bytes + t)] = (uint8_t)(block[t] & 0x0F);
            out[2 * (bytes + t) + 1] = (uint8_t)(block[t] >> 4);
        }
    }
}

void snova_pack_nibbles(uint8_t *out, const uint8_t *in, size_t count) {
    for (size_t i = 0; i + 1 < count; i += 2)
        out[i / 2] = (uint8_t)((in[i] & 0x0F) | (in[i + 1] << 4));
    if (count & 1)
        out[count / 2] = (uint8_t)(in[count - 1] & 0x0F);
}
