#if defined(__linux__)
#define _GNU_SOURCE /* syscall */
#endif
#include "cycles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#include <windows.h>
#elif defined(__APPLE__)
#include <mach/mach_time.h>
#include <time.h>
#else
#include <time.h>
#endif

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

static uint64_t read_perf(const struct cycle_counter *c) {
    uint64_t count = 0;
    return read(c->fd, &count, sizeof count) == (ssize_t)sizeof count ? count : 0;
}

/* a cycle counter of this thread in user space, -1 where the kernel refuses it
 * (perf_event_paranoid, a container's seccomp filter, qemu-user: ENOSYS) */
static int open_perf(void) {
    const char *refuse = getenv("SNOVA_SPEED_NO_PERF");
    if (refuse != NULL && strcmp(refuse, "1") == 0)
        return -1;
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}
#endif

#if defined(__aarch64__) && !defined(_WIN32) && !defined(__APPLE__)
static uint64_t read_cntvct(const struct cycle_counter *c) {
    (void)c;
    uint64_t ticks;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(ticks));
    return ticks;
}
#endif

#if defined(__APPLE__)
static uint64_t read_mach(const struct cycle_counter *c) {
    (void)c;
    return mach_absolute_time();
}
#endif

#if defined(_WIN32)
static uint64_t read_qpc(const struct cycle_counter *c) {
    (void)c;
    LARGE_INTEGER t;
    QueryPerformanceCounter(&t);
    return (uint64_t)t.QuadPart;
}
#endif

#if defined(__aarch64__) || defined(__APPLE__) || defined(_WIN32)
/* a tick counter of the given frequency, named as such: ticks are not CPU cycles */
static void tick_counter(struct cycle_counter *c, const char *name, const char *what,
                         uint64_t (*read_ticks)(const struct cycle_counter *), double hz) {
    static char note[96];
    snprintf(note, sizeof note, "%s ticks at %.1f MHz, not CPU cycles", what, hz / 1e6);
    c->name = name;
    c->note = note;
    c->read = read_ticks;
}
#endif

void cycle_counter_open(struct cycle_counter *c) {
    memset(c, 0, sizeof *c);
    c->fd = -1;
#if defined(__linux__)
    c->fd = open_perf();
    if (c->fd >= 0) {
        c->name = "perf_event cpu-cycles";
        c->read = read_perf;
        return;
    }
#endif
#if defined(__aarch64__) && !defined(_WIN32) && !defined(__APPLE__)
    uint64_t hz;
    __asm__("mrs %0, cntfrq_el0" : "=r"(hz));
    tick_counter(c, "cntvct_el0", "generic timer", read_cntvct, (double)hz);
#elif defined(__APPLE__)
    mach_timebase_info_data_t base;
    mach_timebase_info(&base);
    tick_counter(c, "mach_absolute_time", "mach time", read_mach, 1e9 * base.denom / base.numer);
#elif defined(_WIN32)
    LARGE_INTEGER hz;
    QueryPerformanceFrequency(&hz);
    tick_counter(c, "QueryPerformanceCounter", "performance counter", read_qpc, (double)hz.QuadPart);
#endif
}

void cycle_counter_close(struct cycle_counter *c) {
#if defined(__linux__)
    if (c->fd >= 0)
        close(c->fd);
#endif
    c->fd = -1;
}

uint64_t clock_ns(void) {
#if defined(_WIN32)
    LARGE_INTEGER t, hz;
    QueryPerformanceCounter(&t);
    QueryPerformanceFrequency(&hz);
    return (uint64_t)((double)t.QuadPart * 1e9 / (double)hz.QuadPart);
#else
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
#endif
}
