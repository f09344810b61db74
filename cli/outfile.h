/* Output files that appear whole or not at all: written under a temporary name
 * in the target's directory and renamed into place by outfile_commit. "-" is
 * standard output, written directly (nothing is written there before the whole
 * output is ready). */
#ifndef SNOVA_CLI_OUTFILE_H
#define SNOVA_CLI_OUTFILE_H

#include <stddef.h>
#include <sys/types.h>

struct outfile {
    const char *path;
    char *tmp; /* NULL for standard output */
    int fd;
    int no_clobber;
};

/* mode: the file's permissions (0600 for a secret key; others get 0666 less the
 * umask); no_clobber: refuse to replace an existing file. Returns EXIT_OK or
 * EXIT_FAIL (reported). */
int outfile_open(struct outfile *f, const char *path, mode_t mode, int no_clobber);
int outfile_write(struct outfile *f, const void *buf, size_t len);
int outfile_commit(struct outfile *f);
/* Removes the temporary file (any state; safe after a failed open). */
void outfile_discard(struct outfile *f);

#endif
