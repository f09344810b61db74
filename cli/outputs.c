#include "outputs.h"

#include <string.h>

#include "report.h"

void outputs_init(struct outputs *g, int force, const struct inputs *inputs) {
    g->count = 0;
    g->force = force;
    g->inputs = inputs;
}

int outputs_add(struct outputs *g, const char *flag, const char *path, mode_t mode) {
    if (g->count == OUTPUTS_MAX)
        return report("at most %d outputs at once", OUTPUTS_MAX);
    struct outfile *f = &g->file[g->count];
    int r = outfile_open(f, path, mode, g->force, g->inputs);
    g->flag[g->count] = flag;
    g->count++; /* closed with the group even when refused */
    for (size_t j = 0; j + 1 < g->count && r == EXIT_OK; j++) {
        if (!outfile_same(&g->file[j], f))
            continue;
        if (strcmp(g->flag[j], flag) == 0 && strcmp(g->file[j].path, path) == 0)
            r = report("%s %s given twice", flag, path);
        else
            r = report("%s %s and %s %s are one file", g->flag[j], g->file[j].path, flag, path);
    }
    return r;
}

int outputs_commit(struct outputs *g) {
    int r = EXIT_OK;
    for (size_t k = 0; k < g->count && r == EXIT_OK; k++)
        r = outfile_flush(&g->file[k]);
    for (size_t k = 0; k < g->count && r == EXIT_OK; k++)
        r = outfile_keep_backup(&g->file[k]);
    for (size_t k = 0; k < g->count && r == EXIT_OK; k++)
        r = outfile_install(&g->file[k]);
    if (r != EXIT_OK)
        outputs_undo(g);
    return r;
}

int outputs_undo(struct outputs *g) {
    int r = EXIT_OK;
    for (size_t k = g->count; k-- > 0;)
        if (outfile_uninstall(&g->file[k]) != EXIT_OK)
            r = EXIT_FAIL;
    return r;
}

void outputs_close(struct outputs *g) {
    for (size_t k = 0; k < g->count; k++)
        outfile_discard(&g->file[k]);
    g->count = 0;
}
