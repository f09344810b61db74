/* The finest counter snova speed can read beside the clock: the CPU's cycles where
 * the OS lets a program count them, else the platform's tick counter, named for
 * what it counts. */
#ifndef SNOVA_CLI_CYCLES_H
#define SNOVA_CLI_CYCLES_H

#include <stdint.h>

struct cycle_counter {
    /* what it counts: "perf_event cpu-cycles", "cntvct_el0", ... (NULL: none
     * readable); note: a sentence for the reader when it does not count CPU cycles */
    const char *name, *note;
    int fd;
    uint64_t (*read)(const struct cycle_counter *c);
};

/* The counter: Linux perf_event_open(PERF_COUNT_HW_CPU_CYCLES) of this thread
 * where allowed (SNOVA_SPEED_NO_PERF=1 in the environment refuses it, for the
 * tests of what follows), else on AArch64 the generic timer (CNTVCT_EL0), on
 * macOS mach_absolute_time, on Windows QueryPerformanceCounter; else none. */
void cycle_counter_open(struct cycle_counter *c);
void cycle_counter_close(struct cycle_counter *c);

/* Nanoseconds of a monotonic clock. */
uint64_t clock_ns(void);

#endif
