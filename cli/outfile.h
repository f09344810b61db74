/* Output files that appear whole or not at all: written under a short temporary
 * name in the target's directory (.snova-XXXXXX, so that any legal target name
 * works) and moved into place by outfile_commit. Only a new name is written, or
 * with force an existing regular file; never a symlink, a device, a FIFO or a
 * directory, nor a file the same command reads (same device and inode, whatever
 * its name). "-" is standard output, written directly (nothing is written there
 * before the whole output is ready), and refused too if it is one of the
 * command's input files. */
#ifndef SNOVA_CLI_OUTFILE_H
#define SNOVA_CLI_OUTFILE_H

#include <stddef.h>
#include <sys/types.h>

#include "infile.h"

struct outfile {
    const char *path;
    char *tmp; /* NULL for standard output */
    int fd;
    int replaces; /* path named a regular file at open (force), which target identifies */
    dev_t target_dev;
    ino_t target_ino;
};

/* mode: the file's permissions (0600 for a secret key; others get 0666 less the
 * umask); force: replace an existing regular file; inputs: the files the command
 * reads (NULL: none). Returns EXIT_OK or EXIT_FAIL (reported). */
int outfile_open(struct outfile *f, const char *path, mode_t mode, int force, const struct inputs *inputs);
/* 1 if the two outputs replace the same file (two names of it) */
int outfile_same_target(const struct outfile *a, const struct outfile *b);
int outfile_write(struct outfile *f, const void *buf, size_t len);
/* Moves the output into place: by link, which fails if the name appeared since
 * open; when replacing, by rename only if the name still holds the file seen at
 * open. */
int outfile_commit(struct outfile *f);
/* Removes the temporary file (any state; safe after a failed open). */
void outfile_discard(struct outfile *f);

#endif
