#define _DEFAULT_SOURCE /* uname */
#include "speed_cpu.h"

#include <inttypes.h>
#include <string.h>

#include "snova.h"

#if defined(_WIN32)
#include <windows.h>
#else
#include <sys/utsname.h>
#endif
#if defined(__APPLE__)
#include <sys/sysctl.h>
#endif
#if defined(__linux__) && defined(__aarch64__)
#include <sys/auxv.h>
#define SPEED_HWCAP_CPUID (1UL << 11)
#endif

/* the first line of path that starts with key, its value after ':' */
static void read_keyed_line(const char *path, const char *key, char *value, size_t size) {
    FILE *f = fopen(path, "r");
    char line[256];
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        char *colon = strchr(line, ':');
        if (strncmp(line, key, strlen(key)) == 0 && colon != NULL) {
            snprintf(value, size, "%s", colon + 1 + (colon[1] == ' '));
            value[strcspn(value, "\n")] = '\0';
            break;
        }
    }
    if (f != NULL)
        fclose(f);
}

/* MIDR_EL1: the kernel's copy in sysfs, else the MRS the kernel emulates (HWCAP_CPUID) */
static uint64_t read_midr(void) {
    uint64_t midr = 0;
#if defined(__linux__)
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "r");
    if (f != NULL) {
        if (fscanf(f, "%" SCNx64, &midr) != 1)
            midr = 0;
        fclose(f);
    }
#if defined(__aarch64__)
    if (midr == 0 && (getauxval(AT_HWCAP) & SPEED_HWCAP_CPUID))
        __asm__("mrs %0, midr_el1" : "=r"(midr));
#endif
#endif
    return midr;
}

void speed_cpu_read(struct speed_cpu *cpu, const char *kernels) {
    memset(cpu, 0, sizeof *cpu);
#if defined(_WIN32)
    snprintf(cpu->os, sizeof cpu->os, "Windows");
    SYSTEM_INFO info;
    GetNativeSystemInfo(&info);
    snprintf(cpu->machine, sizeof cpu->machine, "%s",
             info.wProcessorArchitecture == PROCESSOR_ARCHITECTURE_ARM64 ? "arm64" : "x86_64");
#else
    struct utsname u;
    if (uname(&u) == 0) {
        snprintf(cpu->os, sizeof cpu->os, "%s", u.sysname);
        snprintf(cpu->machine, sizeof cpu->machine, "%s", u.machine);
    }
#endif
#if defined(__APPLE__)
    size_t size = sizeof cpu->name;
    if (sysctlbyname("machdep.cpu.brand_string", cpu->name, &size, NULL, 0) != 0)
        cpu->name[0] = '\0';
#elif defined(__linux__)
    read_keyed_line("/proc/cpuinfo", "model name", cpu->name, sizeof cpu->name);
#endif
    cpu->midr = read_midr();
    cpu->kernels = kernels;
    snova_kernels_select(NULL);
    cpu->core_class = snova_kernels_name();
    snova_kernels_select(kernels);
}

/* MIDR_EL1's implementer (bits 31:24) and part number (bits 15:4) */
static unsigned implementer(uint64_t midr) { return (unsigned)(midr >> 24) & 0xff; }
static unsigned part(uint64_t midr) { return (unsigned)(midr >> 4) & 0xfff; }

void speed_cpu_text(const struct speed_cpu *cpu, FILE *out) {
    fprintf(out, "cpu: %s %s%s%s", cpu->os, cpu->machine, cpu->name[0] ? ", " : "", cpu->name);
    if (cpu->midr)
        fprintf(out, ", MIDR_EL1 0x%08" PRIx64 " (implementer 0x%02x, part 0x%03x)", cpu->midr,
                implementer(cpu->midr), part(cpu->midr));
    fprintf(out, "\nkernels: %s (the CPU's own: %s)\n", cpu->kernels, cpu->core_class);
}

/* s as a JSON string: the OS's text, only printable ASCII kept, quotes and
 * backslashes dropped */
static void json_string(FILE *out, const char *s) {
    fputc('"', out);
    for (; *s; s++)
        if (*s >= 0x20 && *s < 0x7f && *s != '"' && *s != '\\')
            fputc(*s, out);
    fputc('"', out);
}

void speed_cpu_json(const struct speed_cpu *cpu, FILE *out) {
    fputs("\"os\": ", out);
    json_string(out, cpu->os);
    fputs(", \"machine\": ", out);
    json_string(out, cpu->machine);
    fputs(", \"name\": ", out);
    if (cpu->name[0])
        json_string(out, cpu->name);
    else
        fputs("null", out);
    if (cpu->midr)
        fprintf(out, ", \"midr\": \"0x%08" PRIx64 "\", \"implementer\": \"0x%02x\", \"part\": \"0x%03x\"", cpu->midr,
                implementer(cpu->midr), part(cpu->midr));
    else
        fputs(", \"midr\": null, \"implementer\": null, \"part\": null", out);
    fputs(", \"core_class\": ", out);
    json_string(out, cpu->core_class);
    fputs(", \"kernels\": ", out);
    json_string(out, cpu->kernels);
}
