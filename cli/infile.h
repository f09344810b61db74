/* Input files of the snova command: read in blocks, never past what the caller
 * asks for (a key or signature file is read up to its instance's size and one
 * byte more, so an endless file costs nothing), and each one's identity kept so
 * that no output of the same command replaces it. "-" is standard input. */
#ifndef SNOVA_CLI_INFILE_H
#define SNOVA_CLI_INFILE_H

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

/* the files a command reads, by device and inode (any name of a file, links and
 * symlinks included, gives the same pair) */
/* a key and up to MESSAGES_MAX messages (snova sign of several inputs) */
#define MESSAGES_MAX 60
#define INPUTS_MAX (MESSAGES_MAX + 4)
struct inputs {
    struct {
        dev_t dev;
        ino_t ino;
    } file[INPUTS_MAX];
    size_t count;
};

/* 1 if st is the same file as one of the inputs (inputs may be NULL: none) */
int inputs_contain(const struct inputs *inputs, const struct stat *st);

struct infile {
    int fd;
    const char *name; /* for messages: the path, or "standard input" */
};

/* Opens path (or standard input for "-") and adds it to inputs; EXIT_OK or
 * EXIT_FAIL (reported). */
int infile_open(struct infile *f, const char *path, struct inputs *inputs);
/* Reads until buf holds want bytes or the file ends; *got = bytes read. EXIT_OK
 * or EXIT_FAIL (reported). */
int infile_read(struct infile *f, void *buf, size_t want, size_t *got);
/* Completes buf[0..want) of which have bytes are read, then checks that the
 * file ends there; EXIT_OK, or EXIT_FAIL (reported as a file of the wrong size
 * for what, e.g. "a snova-r3-i-s signature"). */
int infile_rest(struct infile *f, void *buf, size_t have, size_t want, const char *what);
/* Reports that the file holds held bytes where what has want (held > want:
 * "more than want", the file being read no further); returns EXIT_FAIL. */
int infile_size_error(const struct infile *f, const char *what, size_t want, size_t held);
void infile_close(struct infile *f);

#endif
