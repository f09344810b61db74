/* The CPU's capabilities as Linux reports them to user space: AT_HWCAP, whose bits
 * kernels_neon.h names. */
#ifndef SNOVA_CPU_HWCAP_LINUX_H
#define SNOVA_CPU_HWCAP_LINUX_H

#include <sys/auxv.h>

static unsigned long cpu_hwcap(void) { return getauxval(AT_HWCAP); }

#endif
