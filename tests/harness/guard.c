#include "guard.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

guarded_page guarded_page_new(size_t bytes)
{
    size_t ps = (size_t)sysconf(_SC_PAGESIZE);
    size_t data = ((bytes ? bytes : 1) + ps - 1) / ps * ps;   /* at least one page */
    uint8_t *base = mmap(NULL, data + 2 * ps, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED || mprotect(base + ps, data, PROT_READ | PROT_WRITE) != 0) {
        perror("guarded_page_new");
        exit(4);
    }
    return (guarded_page){ base + ps, data };
}

uint8_t *guarded_place(const guarded_page *g, size_t n, enum guard_side side)
{
    return side == GUARD_BEFORE ? g->page : g->page + g->page_size - n;
}

void check_canaries(uint32_t clobbered, const char *what)
{
    if (clobbered) {
        fprintf(stderr, "AAPCS64 violation in %s: callee-saved mask 0x%x not preserved\n", what, clobbered);
        exit(3);
    }
}

uint8_t *watch_start(const guarded_page *g, const uint8_t *operand)
{
    return operand - g->page >= WATCH ? (uint8_t *)operand - WATCH : g->page;
}

uint8_t *watch_end(const guarded_page *g, const uint8_t *operand, size_t n)
{
    const uint8_t *end = g->page + g->page_size;
    return end - (operand + n) >= WATCH ? (uint8_t *)operand + n + WATCH : (uint8_t *)end;
}


int untouched_around(const guarded_page *g, const uint8_t *operand, size_t n, int keep)
{
    for (const uint8_t *p = watch_start(g, operand); p < watch_end(g, operand, n); p++)
        if ((!keep || p < operand || p >= operand + n) && *p != SENTINEL)
            return 0;
    return 1;
}
