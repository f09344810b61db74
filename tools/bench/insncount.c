/*
 * insncount: a QEMU TCG plugin (plugin API version 1, QEMU 7.2 user mode) that
 * counts executed guest instructions per translation block (TB).
 *
 *   qemu-aarch64 -cpu max -plugin build/bench/insncount.so,arg=out=FILE ./prog
 *
 * At exit it writes FILE (stderr without out=):
 *
 *   # insncount 1 ...
 *   total <executed instructions>
 *   blocks <number of lines that follow>
 *   <start vaddr, hex> <executions> <instructions> <word> <word> ...   (words: 8 hex digits)
 *
 * A block is identified by its start address *and* its instruction words, so
 * a TB that QEMU retranslates (after a code-cache flush, say) is merged with
 * its earlier translation, while a different TB at the same address (shorter,
 * or self-modified code) gets its own record.  Every execution of a TB adds
 * its whole instruction count, so total = sum(executions * instructions) is
 * exact for programs whose blocks run to their end, which is always the case
 * for single-threaded programs that take no synchronous signals mid-block.
 *
 * The counter is a TCG inline add: fast, but not atomic, so a multi-threaded
 * guest may lose counts (it does not crash: table updates take a mutex).
 *
 * No QEMU headers are installed, so the few API functions used are declared
 * here; their signatures are those of QEMU's include/qemu/qemu-plugin.h, v1.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- QEMU plugin API v1: the declarations this plugin needs ---------- */
#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t; /* only passed through */
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
                                               struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                           qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
                                              enum qemu_plugin_op op,
                                              void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
                                    qemu_plugin_udata_cb_t cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
                                                 size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);

QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;

/* ---- block table ------------------------------------------------------ */
struct block {
    uint64_t execs;        /* bumped by generated code: must never move */
    uint64_t vaddr;
    uint64_t hash;
    struct block *next;    /* hash-bucket chain */
    size_t n;
    uint32_t words[];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct block **buckets;
static size_t nbuckets, nblocks;
static const char *out_path;

static uint64_t block_hash(uint64_t vaddr, const uint32_t *w, size_t n)
{
    uint64_t h = 1469598103934665603ull ^ vaddr; /* FNV-1a */
    for (size_t i = 0; i < n; i++) {
        h = (h ^ w[i]) * 1099511628211ull;
    }
    return (h ^ n) * 1099511628211ull;
}

static void grow(void)
{
    size_t nn = nbuckets ? 2 * nbuckets : 4096;
    struct block **nb = calloc(nn, sizeof(*nb));
    if (!nb) {
        abort();
    }
    for (size_t i = 0; i < nbuckets; i++) {
        for (struct block *b = buckets[i], *next; b; b = next) {
            next = b->next;
            b->next = nb[b->hash % nn];
            nb[b->hash % nn] = b;
        }
    }
    free(buckets);
    buckets = nb;
    nbuckets = nn;
}

/* Find or create the record for this (vaddr, words); called under lock. */
static struct block *lookup(uint64_t vaddr, const uint32_t *w, size_t n)
{
    uint64_t h = block_hash(vaddr, w, n);
    if (nbuckets) {
        for (struct block *b = buckets[h % nbuckets]; b; b = b->next) {
            if (b->hash == h && b->vaddr == vaddr && b->n == n &&
                memcmp(b->words, w, n * sizeof(*w)) == 0) {
                return b;
            }
        }
    }
    if (nblocks >= nbuckets) {
        grow();
    }
    struct block *b = calloc(1, sizeof(*b) + n * sizeof(*w));
    if (!b) {
        abort();
    }
    b->vaddr = vaddr;
    b->hash = h;
    b->n = n;
    memcpy(b->words, w, n * sizeof(*w));
    b->next = buckets[h % nbuckets];
    buckets[h % nbuckets] = b;
    nblocks++;
    return b;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    size_t n = qemu_plugin_tb_n_insns(tb);
    uint32_t stackbuf[512], *w = n <= 512 ? stackbuf : malloc(n * sizeof(*w));
    if (!w) {
        abort();
    }
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        size_t sz = qemu_plugin_insn_size(insn);
        w[i] = 0; /* AArch64 words are 4 bytes; keep the low bytes otherwise */
        memcpy(&w[i], qemu_plugin_insn_data(insn), sz < 4 ? sz : 4);
    }
    pthread_mutex_lock(&lock);
    struct block *b = lookup(qemu_plugin_tb_vaddr(tb), w, n);
    pthread_mutex_unlock(&lock);
    if (w != stackbuf) {
        free(w);
    }
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                             &b->execs, 1);
}

/* One output line; execs is a snapshot, as other threads may still run. */
struct entry {
    struct block *b;
    uint64_t execs;
};

/* Deterministic output order: by address, then length, then words. */
static int cmp_entry(const void *pa, const void *pb)
{
    const struct block *a = ((const struct entry *)pa)->b;
    const struct block *b = ((const struct entry *)pb)->b;
    if (a->vaddr != b->vaddr) {
        return a->vaddr < b->vaddr ? -1 : 1;
    }
    if (a->n != b->n) {
        return a->n < b->n ? -1 : 1;
    }
    return memcmp(a->words, b->words, a->n * sizeof(uint32_t));
}

static void at_exit(qemu_plugin_id_t id, void *userdata)
{
    (void)id;
    (void)userdata;
    pthread_mutex_lock(&lock);
    struct entry *list = malloc((nblocks + 1) * sizeof(*list));
    size_t m = 0;
    uint64_t total = 0;
    for (size_t i = 0; list && i < nbuckets; i++) {
        for (struct block *b = buckets[i]; b; b = b->next) {
            uint64_t e = b->execs;
            if (e) {
                list[m].b = b;
                list[m++].execs = e;
                total += e * b->n;
            }
        }
    }
    FILE *f = out_path ? fopen(out_path, "w") : stderr;
    if (!f || !list) {
        fprintf(stderr, "insncount: cannot write %s\n", out_path ? out_path : "(stderr)");
        pthread_mutex_unlock(&lock);
        free(list);
        return;
    }
    qsort(list, m, sizeof(*list), cmp_entry);
    fprintf(f, "# insncount 1: vaddr executions instructions words...\n");
    fprintf(f, "total %" PRIu64 "\nblocks %zu\n", total, m);
    for (size_t i = 0; i < m; i++) {
        struct block *b = list[i].b;
        fprintf(f, "0x%" PRIx64 " %" PRIu64 " %zu", b->vaddr, list[i].execs, b->n);
        for (size_t k = 0; k < b->n; k++) {
            fprintf(f, " %08" PRIx32, b->words[k]);
        }
        fputc('\n', f);
    }
    if (f != stderr) {
        fclose(f);
    } else {
        fflush(f);
    }
    free(list);
    pthread_mutex_unlock(&lock);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info,
                                           int argc, char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "out=", 4) == 0) {
            out_path = argv[i] + 4;  /* argv lives as long as the plugin */
        } else {
            fprintf(stderr, "insncount: unknown argument '%s' (use out=FILE)\n", argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
