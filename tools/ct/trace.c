/*
 * cttrace: a QEMU TCG plugin (plugin API version 1, QEMU 7.2 user mode) that
 * condenses what a constant-time check compares across secrets: the sequence
 * of executed translation blocks (by start address) and the sequence of
 * memory accesses (address, size, load or store).
 *
 *   qemu-aarch64 -cpu max -plugin build/ct/trace.so,arg=out=FILE[,arg=entry=HEX][,arg=segment=HEX] ./prog
 *
 * At exit it writes FILE:
 *
 *   blocks <executed blocks> <64-bit FNV-1a digest of their start addresses, in order>
 *   accesses <memory accesses> <digest of (address, size, store) in order>
 *   entries <executions of the block that starts at HEX>
 *   segment <blocks> <digest> <accesses> <digest> <entries>   (one line per segment)
 *
 * With `segment`, each execution of the block at that address closes a segment
 * and opens the next (the first runs from the start, the last to the exit): one
 * process can run the same operation on several secrets, a segment each, and
 * the segments compare as separate runs would, with the same address layout.
 *
 * Two runs that take the same path through the same binary and touch the same
 * addresses print the same three lines; a branch or an address that depends on
 * the input changes a digest. `entry` counts calls of one function (its first
 * block), e.g. signing attempts. Single-threaded guests only (no locking).
 *
 * No QEMU headers are installed, so the few API functions used are declared
 * here; their signatures are those of QEMU's include/qemu/qemu-plugin.h, v1.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- QEMU plugin API v1: the declarations this plugin needs ---------- */
#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;
typedef struct qemu_info_t qemu_info_t; /* only passed through */
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_mem_rw { QEMU_PLUGIN_MEM_R = 1, QEMU_PLUGIN_MEM_W, QEMU_PLUGIN_MEM_RW };
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index, qemu_plugin_meminfo_t info,
                                          uint64_t vaddr, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_mem_cb_t cb,
                                      enum qemu_plugin_cb_flags flags, enum qemu_plugin_mem_rw rw,
                                      void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);

QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;

/* ---- the two running digests ------------------------------------------ */
struct digest {
    uint64_t count, hash;
};

#define FNV_OFFSET 1469598103934665603ull
static struct digest blocks = {0, FNV_OFFSET};
static struct digest accesses = {0, FNV_OFFSET};
static uint64_t entry_vaddr = UINT64_MAX, entries;
static const char *out_path;

/* the digests since the last segment mark, and those of the segments closed */
struct segment {
    struct digest blocks, accesses;
    uint64_t entries;
};
static uint64_t segment_vaddr = UINT64_MAX;
static struct segment current = {{0, FNV_OFFSET}, {0, FNV_OFFSET}, 0};
static struct segment *closed;
static size_t closed_count, closed_room;

static void close_segment(void) {
    if (closed_count == closed_room) {
        closed_room = closed_room ? 2 * closed_room : 16;
        closed = realloc(closed, closed_room * sizeof(*closed));
        if (!closed) {
            perror("cttrace");
            exit(1);
        }
    }
    closed[closed_count++] = current;
    current = (struct segment){{0, FNV_OFFSET}, {0, FNV_OFFSET}, 0};
}

static void mix(struct digest *d, uint64_t v) {
    for (int i = 0; i < 8; i++)
        d->hash = (d->hash ^ ((v >> (8 * i)) & 0xFF)) * 1099511628211ull; /* FNV-1a, byte by byte */
}

static void tb_exec(unsigned int vcpu, void *userdata) {
    (void)vcpu;
    uint64_t vaddr = (uint64_t)(uintptr_t)userdata;
    if (vaddr == segment_vaddr)
        close_segment();
    mix(&blocks, vaddr);
    blocks.count++;
    entries += vaddr == entry_vaddr;
    mix(&current.blocks, vaddr);
    current.blocks.count++;
    current.entries += vaddr == entry_vaddr;
}

static void mem_access(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *userdata) {
    (void)vcpu;
    (void)userdata;
    const uint64_t kind = (uint64_t)qemu_plugin_mem_size_shift(info) << 1 | qemu_plugin_mem_is_store(info);
    mix(&accesses, vaddr);
    mix(&accesses, kind);
    accesses.count++;
    mix(&current.accesses, vaddr);
    mix(&current.accesses, kind);
    current.accesses.count++;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(uintptr_t)qemu_plugin_tb_vaddr(tb));
    for (size_t i = 0; i < qemu_plugin_tb_n_insns(tb); i++)
        qemu_plugin_register_vcpu_mem_cb(qemu_plugin_tb_get_insn(tb, i), mem_access, QEMU_PLUGIN_CB_NO_REGS,
                                         QEMU_PLUGIN_MEM_RW, NULL);
}

static void at_exit(qemu_plugin_id_t id, void *userdata) {
    (void)id;
    (void)userdata;
    FILE *f = out_path ? fopen(out_path, "w") : stderr;
    if (!f) {
        perror(out_path);
        return;
    }
    fprintf(f, "blocks %" PRIu64 " %016" PRIx64 "\n", blocks.count, blocks.hash);
    fprintf(f, "accesses %" PRIu64 " %016" PRIx64 "\n", accesses.count, accesses.hash);
    fprintf(f, "entries %" PRIu64 "\n", entries);
    if (segment_vaddr != UINT64_MAX) {
        close_segment();
        for (size_t i = 0; i < closed_count; i++)
            fprintf(f, "segment %" PRIu64 " %016" PRIx64 " %" PRIu64 " %016" PRIx64 " %" PRIu64 "\n",
                    closed[i].blocks.count, closed[i].blocks.hash, closed[i].accesses.count,
                    closed[i].accesses.hash, closed[i].entries);
    }
    if (f != stderr)
        fclose(f);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv) {
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "out=", 4) == 0) {
            out_path = argv[i] + 4;
        } else if (strncmp(argv[i], "entry=", 6) == 0) {
            entry_vaddr = strtoull(argv[i] + 6, NULL, 16);
        } else if (strncmp(argv[i], "segment=", 8) == 0) {
            segment_vaddr = strtoull(argv[i] + 8, NULL, 16);
        } else {
            fprintf(stderr, "cttrace: unknown argument %s (out=FILE, entry=HEX, segment=HEX)\n", argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
