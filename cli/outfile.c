#define _DEFAULT_SOURCE
#include "outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"

static const char tmp_name[] = ".snova-XXXXXX";

static int is_stdout(const char *path) { return strcmp(path, "-") == 0; }

static int open_stdout(struct outfile *f, const struct inputs *inputs) {
    struct stat st;
    f->fd = STDOUT_FILENO;
    if (fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode) && inputs_contain(inputs, &st))
        return report("standard output is an input of this command; not written");
    return EXIT_OK;
}

/* What is at path may be replaced: nothing, or with force a regular file that no
 * input is. */
static int check_target(struct outfile *f, int force, const struct inputs *inputs) {
    struct stat st;
    if (lstat(f->path, &st) != 0)
        return errno == ENOENT ? EXIT_OK : report("cannot create %s: %s", f->path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return report("%s is not a regular file (a symlink, device, FIFO or directory); not replaced", f->path);
    if (inputs_contain(inputs, &st))
        return report("%s is an input of this command; not replaced", f->path);
    if (!force)
        return report("%s exists; not overwritten (--force replaces it)", f->path);
    f->replaces = 1;
    f->target_dev = st.st_dev;
    f->target_ino = st.st_ino;
    return EXIT_OK;
}

/* A new empty file beside path, of the given mode. */
static int create_temporary(struct outfile *f, mode_t mode) {
    const char *slash = strrchr(f->path, '/');
    size_t dir = slash != NULL ? (size_t)(slash - f->path) + 1 : 0;
    f->tmp = malloc(dir + sizeof(tmp_name));
    if (f->tmp == NULL)
        return report("out of memory");
    memcpy(f->tmp, f->path, dir);
    memcpy(f->tmp + dir, tmp_name, sizeof(tmp_name));
    f->fd = mkstemp(f->tmp); /* mode 0600 */
    if (f->fd < 0) {
        int e = errno;
        free(f->tmp);
        f->tmp = NULL;
        return report("cannot create %s: %s", f->path, strerror(e));
    }
    if (mode != 0600) {
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(f->fd, mode & ~mask) != 0)
            return report("cannot set the mode of %s: %s", f->path, strerror(errno));
    }
    return EXIT_OK;
}

int outfile_open(struct outfile *f, const char *path, mode_t mode, int force, const struct inputs *inputs) {
    f->path = path;
    f->tmp = NULL;
    f->fd = -1;
    f->replaces = 0;
    if (is_stdout(path))
        return open_stdout(f, inputs);
    int r = check_target(f, force, inputs);
    return r == EXIT_OK ? create_temporary(f, mode) : r;
}

int outfile_same_target(const struct outfile *a, const struct outfile *b) {
    return a->replaces && b->replaces && a->target_dev == b->target_dev && a->target_ino == b->target_ino;
}

int outfile_write(struct outfile *f, const void *buf, size_t len) {
    const unsigned char *p = buf;
    while (len > 0) {
        ssize_t n = write(f->fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return report("cannot write %s: %s", is_stdout(f->path) ? "standard output" : f->path,
                          strerror(errno));
        p += n;
        len -= (size_t)n;
    }
    return EXIT_OK;
}

/* the name still holds the regular file that open saw */
static int target_unchanged(const struct outfile *f) {
    struct stat st;
    return lstat(f->path, &st) == 0 && S_ISREG(st.st_mode) && st.st_dev == f->target_dev &&
           st.st_ino == f->target_ino;
}

int outfile_commit(struct outfile *f) {
    if (f->tmp == NULL)
        return EXIT_OK;
    int r = fsync(f->fd) == 0 ? close(f->fd) : -1;
    f->fd = -1;
    if (r != 0)
        return report("cannot write %s: %s", f->path, strerror(errno));
    if (f->replaces && !target_unchanged(f))
        return report("%s changed while being written; not replaced", f->path);
    /* link refuses an existing name, where rename would replace it */
    if (f->replaces ? rename(f->tmp, f->path) != 0 : link(f->tmp, f->path) != 0) {
        if (errno == EEXIST) /* created since open, maybe as the command's other output */
            return report("%s exists; not overwritten", f->path);
        return report("cannot create %s: %s", f->path, strerror(errno));
    }
    if (!f->replaces)
        unlink(f->tmp);
    free(f->tmp);
    f->tmp = NULL;
    return EXIT_OK;
}

void outfile_discard(struct outfile *f) {
    if (f->tmp == NULL)
        return;
    if (f->fd >= 0)
        close(f->fd);
    unlink(f->tmp);
    free(f->tmp);
    f->tmp = NULL;
    f->fd = -1;
}
