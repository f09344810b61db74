/* Small helpers shared by the SNOVA core and its primitives. */
#ifndef SNOVA_UTIL_H
#define SNOVA_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Overwrites n bytes at p with zeros in a way the compiler may not remove. */
void snova_wipe(void *p, size_t n);

#define SNOVA_WIPE(x) snova_wipe(&(x), sizeof(x))

#endif
