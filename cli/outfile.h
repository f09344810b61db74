/* Output files that appear whole or not at all: written under a short temporary
 * name in the target's directory (.snova-XXXXXX, so that any legal target name
 * works) and moved into place by the commit of their group (outputs.h). Only a
 * new name is written, or with force an existing regular file; never a
 * symlink, a device, a FIFO or a directory, nor a file the same command reads
 * (same device and inode, whatever its name). "-" is standard output, which the
 * command writes itself once the whole output is ready, refused too if it is
 * closed or one of the command's input files. */
#ifndef SNOVA_CLI_OUTFILE_H
#define SNOVA_CLI_OUTFILE_H

#include <stddef.h>
#include <sys/types.h>

#include "infile.h"

struct outfile {
    const char *path;
    char *tmp;    /* the new content's name until it is moved into place; NULL for standard output */
    char *backup; /* a second name of the replaced file while its group commits */
    int fd;
    int replaces;  /* path named a regular file at open (force), which target identifies */
    int installed; /* path holds the new content (the commit's undo puts back what was there) */
    dev_t target_dev, dir_dev, new_dev;
    ino_t target_ino, dir_ino, new_ino; /* the replaced file, the directory, the new file */
    const char *base;                   /* the name within that directory */
};

/* mode: the file's permissions (0600 for a secret key; others get 0666 less the
 * umask); force: replace an existing regular file; inputs: the files the command
 * reads (NULL: none). Returns EXIT_OK or EXIT_FAIL (reported). */
int outfile_open(struct outfile *f, const char *path, mode_t mode, int force, const struct inputs *inputs);
int outfile_is_stdout(const struct outfile *f);
/* 1 if the two outputs would land on one file: standard output twice, one
 * existing file under two names (hard links, ./ spellings), or one new name in
 * one directory however the path spells it */
int outfile_same(const struct outfile *a, const struct outfile *b);
/* writes to the temporary file, or for "-" to standard output */
int outfile_write(struct outfile *f, const void *buf, size_t len);
/* The steps of a group's commit (outputs.c), each EXIT_OK or EXIT_FAIL
 * (reported): the data on disk (fsync) and the file closed; the replaced file
 * linked under a backup name; the new file moved into place (link, which fails
 * if the name appeared since open; or rename over the file seen at open only if
 * the name still holds it); and the undo of that move (the backup renamed back,
 * or the new name removed). */
int outfile_flush(struct outfile *f);
int outfile_keep_backup(struct outfile *f);
int outfile_install(struct outfile *f);
int outfile_uninstall(struct outfile *f);
/* Removes the temporary file and the backup (any state; safe after a failed open). */
void outfile_discard(struct outfile *f);

#endif
