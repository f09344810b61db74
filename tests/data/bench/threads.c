/* Multi-threaded program: the counter must survive it (its counts may be
 * inexact, as the per-block counters are not atomic). */
#include <pthread.h>
#include <stdio.h>

static volatile unsigned long sink[4];

static void *spin(void *arg)
{
    long k = (long)arg;
    for (long i = 0; i < 200000; i++) {
        sink[k] += (unsigned long)i;
    }
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    for (long k = 0; k < 3; k++) {
        pthread_create(&t[k], NULL, spin, (void *)k);
    }
    spin((void *)3);
    for (int k = 0; k < 3; k++) {
        pthread_join(t[k], NULL);
    }
    printf("done\n");
    return 0;
}
