/* Executes a number of instructions that depends on where its stack lies,
 * as memcpy into a stack buffer does under qemu -cpu max: the counter must
 * give it the same stack wherever the program file is. */
#include <stdint.h>
#include <stdio.h>

int main(void)
{
    volatile unsigned char local = 0;
    unsigned turns = (unsigned)(((uintptr_t)&local >> 4) & 0xff);
    for (unsigned i = 0; i < turns; i++)
        local++;
    printf("%u\n", (unsigned)local);
    return 0;
}
