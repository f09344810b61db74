#define _DEFAULT_SOURCE
#include "outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"
#include "stdfds.h"

static const char tmp_name[] = ".snova-XXXXXX";
/* tries at a backup name that another process takes meanwhile */
enum { BACKUP_TRIES = 16 };

static int is_stdout(const char *path) { return strcmp(path, "-") == 0; }

int outfile_is_stdout(const struct outfile *f) { return is_stdout(f->path); }

static int open_stdout(struct outfile *f, const struct inputs *inputs) {
    struct stat st;
    f->fd = STDOUT_FILENO;
    if (stdfd_closed(STDOUT_FILENO))
        return report("standard output is closed");
    if (fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode) && inputs_contain(inputs, &st))
        return report("standard output is an input of this command; not written");
    return EXIT_OK;
}

/* the directory the name goes in, and the name in it */
static int locate(struct outfile *f) {
    const char *slash = strrchr(f->path, '/');
    f->base = slash != NULL ? slash + 1 : f->path;
    size_t len = slash == NULL ? 1 : slash == f->path ? 1 : (size_t)(slash - f->path);
    char *dir = malloc(len + 1);
    if (dir == NULL)
        return report("out of memory");
    memcpy(dir, slash == NULL ? "." : f->path, len);
    dir[len] = '\0';
    struct stat st;
    int r = stat(dir, &st) == 0 ? EXIT_OK : report("cannot create %s: %s", f->path, strerror(errno));
    free(dir);
    if (r == EXIT_OK) {
        f->dir_dev = st.st_dev;
        f->dir_ino = st.st_ino;
    }
    return r;
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

/* a name beside the output, .snova-XXXXXX to be filled by mkstemp; NULL: no memory */
static char *name_beside(const struct outfile *f) {
    size_t dir = (size_t)(f->base - f->path);
    char *name = malloc(dir + sizeof(tmp_name));
    if (name != NULL) {
        memcpy(name, f->path, dir);
        memcpy(name + dir, tmp_name, sizeof(tmp_name));
    }
    return name;
}

/* A new empty file beside path, of the given mode. */
static int create_temporary(struct outfile *f, mode_t mode) {
    f->tmp = name_beside(f);
    if (f->tmp == NULL)
        return report("out of memory");
    f->fd = mkstemp(f->tmp); /* mode 0600 */
    if (f->fd < 0) {
        int e = errno;
        free(f->tmp);
        f->tmp = NULL;
        return report("cannot create %s: %s", f->path, strerror(e));
    }
    struct stat st;
    if (fstat(f->fd, &st) != 0)
        return report("cannot create %s: %s", f->path, strerror(errno));
    f->new_dev = st.st_dev;
    f->new_ino = st.st_ino;
    if (mode != 0600) {
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(f->fd, mode & ~mask) != 0)
            return report("cannot set the mode of %s: %s", f->path, strerror(errno));
    }
    return EXIT_OK;
}

int outfile_open(struct outfile *f, const char *path, mode_t mode, int force, const struct inputs *inputs) {
    *f = (struct outfile){.path = path, .fd = -1};
    if (is_stdout(path))
        return open_stdout(f, inputs);
    int r = locate(f);
    if (r == EXIT_OK)
        r = check_target(f, force, inputs);
    return r == EXIT_OK ? create_temporary(f, mode) : r;
}

int outfile_same(const struct outfile *a, const struct outfile *b) {
    if (is_stdout(a->path) || is_stdout(b->path))
        return is_stdout(a->path) && is_stdout(b->path);
    if (a->replaces && b->replaces)
        return a->target_dev == b->target_dev && a->target_ino == b->target_ino;
    return a->dir_dev == b->dir_dev && a->dir_ino == b->dir_ino && strcmp(a->base, b->base) == 0;
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

int outfile_flush(struct outfile *f) {
    if (f->tmp == NULL)
        return EXIT_OK;
    int r = fsync(f->fd) == 0 ? 0 : -1;
    int e = errno;
    if (close(f->fd) != 0 && r == 0) {
        r = -1;
        e = errno;
    }
    f->fd = -1;
    return r == 0 ? EXIT_OK : report("cannot write %s: %s", f->path, strerror(e));
}

/* 1 if name is the file (dev, ino) */
static int names(const char *name, dev_t dev, ino_t ino) {
    struct stat st;
    return lstat(name, &st) == 0 && S_ISREG(st.st_mode) && st.st_dev == dev && st.st_ino == ino;
}

static int changed(const struct outfile *f) {
    return report("%s changed while being written; not replaced", f->path);
}

int outfile_keep_backup(struct outfile *f) {
    if (!f->replaces)
        return EXIT_OK;
    for (int tries = 0; tries < BACKUP_TRIES; tries++) {
        char *name = name_beside(f);
        if (name == NULL)
            return report("out of memory");
        int fd = mkstemp(name); /* a free name, given up for the link */
        if (fd < 0 || close(fd) != 0 || unlink(name) != 0) {
            int e = errno;
            free(name);
            return report("cannot keep a backup of %s: %s", f->path, strerror(e));
        }
        if (link(f->path, name) == 0) {
            f->backup = name;
            /* the backup must be the file seen at open, not one put there since */
            return names(name, f->target_dev, f->target_ino) ? EXIT_OK : changed(f);
        }
        int e = errno;
        free(name);
        if (e == ENOENT)
            return changed(f);
        if (e != EEXIST)
            return report("cannot keep a backup of %s: %s", f->path, strerror(e));
    }
    return report("cannot keep a backup of %s: no free name", f->path);
}

int outfile_install(struct outfile *f) {
    if (f->tmp == NULL)
        return EXIT_OK;
    if (f->replaces && !names(f->path, f->target_dev, f->target_ino))
        return changed(f);
    /* link refuses an existing name, where rename would replace it */
    if (f->replaces ? rename(f->tmp, f->path) != 0 : link(f->tmp, f->path) != 0) {
        if (errno == EEXIST) /* created since open */
            return report("%s exists; not overwritten", f->path);
        return report("cannot create %s: %s", f->path, strerror(errno));
    }
    f->installed = 1;
    if (!f->replaces)
        unlink(f->tmp);
    free(f->tmp);
    f->tmp = NULL;
    return EXIT_OK;
}

int outfile_uninstall(struct outfile *f) {
    if (!f->installed)
        return EXIT_OK;
    f->installed = 0;
    if (!f->replaces)
        return !names(f->path, f->new_dev, f->new_ino) || unlink(f->path) == 0
                   ? EXIT_OK
                   : report("cannot remove %s: %s", f->path, strerror(errno));
    if (rename(f->backup, f->path) == 0) {
        free(f->backup);
        f->backup = NULL;
        return EXIT_OK;
    }
    int r = report("cannot put the replaced %s back: %s; it is kept as %s", f->path, strerror(errno), f->backup);
    free(f->backup); /* kept on disk */
    f->backup = NULL;
    return r;
}

void outfile_discard(struct outfile *f) {
    if (f->tmp != NULL) {
        if (f->fd >= 0)
            close(f->fd);
        unlink(f->tmp);
        free(f->tmp);
    }
    if (f->backup != NULL) {
        unlink(f->backup);
        free(f->backup);
    }
    f->tmp = f->backup = NULL;
    f->fd = -1;
}
