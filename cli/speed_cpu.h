/* What snova speed says of the machine: the CPU as the OS or MIDR_EL1 names it, the
 * core class the library chose for it and the kernel table in use. */
#ifndef SNOVA_CLI_SPEED_CPU_H
#define SNOVA_CLI_SPEED_CPU_H

#include <stdint.h>
#include <stdio.h>

struct speed_cpu {
    char os[80], machine[80], name[128]; /* name: "" if the OS does not say */
    uint64_t midr;                       /* 0: not readable */
    const char *core_class, *kernels;    /* the CPU's own table, the one in use */
};

/* kernels: the table in use (snova_kernels_name()) */
void speed_cpu_read(struct speed_cpu *cpu, const char *kernels);
/* the header lines */
void speed_cpu_text(const struct speed_cpu *cpu, FILE *out);
/* the members of the JSON object "cpu" (null where unknown) */
void speed_cpu_json(const struct speed_cpu *cpu, FILE *out);

#endif
