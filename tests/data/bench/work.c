/* Small C program for the bench-tool tests: `work R` does a fixed set-up,
 * then repeats one operation R times (the isolation convention), then prints
 * a checksum so the work cannot be optimised away. */
#include <stdio.h>
#include <stdlib.h>

#define N 256

static unsigned char buf[N];

static void operation(void)
{
    for (int i = 0; i < N; i++) {
        buf[i] = (unsigned char)(buf[i] * 5 + buf[(i + 1) % N] + 1);
    }
}

int main(int argc, char **argv)
{
    long reps = argc > 1 ? strtol(argv[1], NULL, 10) : 1;
    for (int i = 0; i < N; i++) {      /* set-up, same for every R */
        buf[i] = (unsigned char)(i * 7);
    }
    for (long r = 0; r < reps; r++) {
        operation();
    }
    unsigned sum = 0;
    for (int i = 0; i < N; i++) {
        sum = sum * 31 + buf[i];
    }
    printf("%08x\n", sum);
    return 0;
}
