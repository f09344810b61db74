#define _DEFAULT_SOURCE
#include "outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"

static int is_stdout(const char *path) { return strcmp(path, "-") == 0; }

int outfile_open(struct outfile *f, const char *path, mode_t mode, int no_clobber) {
    struct stat st;
    f->path = path;
    f->tmp = NULL;
    f->fd = -1;
    f->no_clobber = no_clobber;
    if (is_stdout(path)) {
        f->fd = STDOUT_FILENO;
        return EXIT_OK;
    }
    if (no_clobber && lstat(path, &st) == 0)
        return report("%s exists; not overwritten", path);
    size_t n = strlen(path) + sizeof(".tmp.XXXXXX");
    f->tmp = malloc(n);
    if (f->tmp == NULL)
        return report("out of memory");
    snprintf(f->tmp, n, "%s.tmp.XXXXXX", path);
    f->fd = mkstemp(f->tmp); /* mode 0600 */
    if (f->fd < 0) {
        int e = errno;
        free(f->tmp);
        f->tmp = NULL;
        return report("cannot create %s: %s", path, strerror(e));
    }
    if (mode != 0600) {
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(f->fd, mode & ~mask) != 0)
            return report("cannot set the mode of %s: %s", path, strerror(errno));
    }
    return EXIT_OK;
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

int outfile_commit(struct outfile *f) {
    if (f->tmp == NULL)
        return EXIT_OK;
    int r = fsync(f->fd) == 0 ? close(f->fd) : -1;
    f->fd = -1;
    if (r != 0)
        return report("cannot write %s: %s", f->path, strerror(errno));
    /* link refuses an existing name, which rename would replace */
    if (f->no_clobber ? link(f->tmp, f->path) != 0 : rename(f->tmp, f->path) != 0) {
        if (errno == EEXIST)
            return report("%s exists; not overwritten", f->path);
        return report("cannot create %s: %s", f->path, strerror(errno));
    }
    if (f->no_clobber)
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
