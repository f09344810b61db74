/* Nibble packing of GF(16) elements (nibbles.h). */
#include "snova_namespace.h"
#include "nibbles.h"

#include <string.h>

/* Works in place (out == in): whole blocks are taken from the end, then the
 * bytes before them; each block of input bytes is read before the twice as long
 * output, which may overlap it, is written. A block is copied into a local array
 * and its elements written as [byte][2] pairs of another: compilers make that a
 * vector loop (AArch64 clang: AND and USHR per 16 bytes, ST2 interleaving the
 * halves), where 16-byte blocks had it widen to halfwords and back. */
void snova_unpack_nibbles(uint8_t *out, const uint8_t *in, size_t count) {
    enum { BLOCK = 64 };
    const size_t bytes = count / 2, head = bytes % BLOCK;
    if (count & 1)
        out[count - 1] = (uint8_t)(in[bytes] & 0x0F);
    for (size_t at = bytes; at > head;) {
        uint8_t block[BLOCK];
        uint8_t pair[BLOCK][2]; /* the low and the high element of each byte */
        at -= BLOCK;
        memcpy(block, in + at, BLOCK);
        for (size_t t = 0; t < BLOCK; t++) {
            pair[t][0] = (uint8_t)(block[t] & 0x0F);
            pair[t][1] = (uint8_t)(block[t] >> 4);
        }
        memcpy(out + 2 * at, pair, sizeof(pair));
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
