#include "sigfile.h"

#include <stdio.h>

#include "report.h"

int sig_read(const char *path, const snova_instance *inst, uint8_t *sig, struct inputs *inputs) {
    struct infile f;
    char what[64];
    snprintf(what, sizeof(what), "a %s signature", snova_instance_name(inst));
    int r = infile_open(&f, path, inputs);
    if (r != EXIT_OK)
        return r;
    r = infile_rest(&f, sig, 0, snova_signature_bytes(inst), what);
    infile_close(&f);
    return r;
}
