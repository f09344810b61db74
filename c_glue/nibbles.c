/* Nibble packing of GF(16) elements (nibbles.h). */
#include "nibbles.h"

#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "snova_unpack_nibbles stores byte pairs as little-endian 16-bit words"
#endif

/* Works in place (out == in): whole blocks are taken from the end, then the
 * bytes before them; each block of input bytes is read before the twice as long
 * output, which may overlap it, is written. Whole blocks of a fixed size, split in
 * local arrays, let the compiler vectorise (one load, two stores per block). */
void snova_unpack_nibbles(uint8_t *out, const uint8_t *in, size_t count) {
    enum { BLOCK = 16 };
    const size_t bytes = count / 2, head = bytes % BLOCK;
    if (count & 1)
        out[count - 1] = (uint8_t)(in[bytes] & 0x0F);
    for (size_t at = bytes; at > head;) {
        uint8_t block[BLOCK];
        uint16_t split[BLOCK]; /* the two elements of byte t, little-endian */
        at -= BLOCK;
        memcpy(block, in + at, BLOCK);
        for (size_t t = 0; t < BLOCK; t++)
            split[t] = (uint16_t)((block[t] & 0x0F) | (block[t] >> 4) << 8);
        memcpy(out + 2 * at, split, sizeof(split));
    }
    for (size_t t = head; t-- > 0;) {
        const uint8_t v = in[t];
        out[2 * t] = (uint8_t)(v & 0x0F);
        out[2 * t + 1] = (uint8_t)(v >> 4);
    }
}

void snova_pack_nibbles(uint8_t *out, const uint8_t *in, size_t count) {
    for (size_t i = 0; i + 1 < count; i += 2)
        out[i / 2] = (uint8_t)((in[i] & 0x0F) | (in[i + 1] << 4));
    if (count & 1)
        out[count / 2] = (uint8_t)(in[count - 1] & 0x0F);
}
