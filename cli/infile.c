#include "infile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "stdfds.h"

int inputs_contain(const struct inputs *inputs, const struct stat *st) {
    for (size_t i = 0; inputs != NULL && i < inputs->count; i++)
        if (inputs->file[i].dev == st->st_dev && inputs->file[i].ino == st->st_ino)
            return 1;
    return 0;
}

int infile_open(struct infile *f, const char *path, struct inputs *inputs) {
    int from_stdin = strcmp(path, "-") == 0;
    f->name = from_stdin ? "standard input" : path;
    if (from_stdin && stdfd_closed(STDIN_FILENO)) {
        f->fd = -1;
        return report("standard input is closed");
    }
    f->fd = from_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    if (f->fd < 0)
        return report("cannot open %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(f->fd, &st) != 0) {
        int e = errno;
        infile_close(f);
        return report("cannot open %s: %s", path, strerror(e));
    }
    if (inputs_contain(inputs, &st))
        return EXIT_OK;
    if (inputs->count == sizeof(inputs->file) / sizeof(inputs->file[0])) {
        infile_close(f);
        return report("too many input files");
    }
    inputs->file[inputs->count].dev = st.st_dev;
    inputs->file[inputs->count].ino = st.st_ino;
    inputs->count++;
    return EXIT_OK;
}

int infile_read(struct infile *f, void *buf, size_t want, size_t *got) {
    *got = 0;
    while (*got < want) {
        ssize_t n = read(f->fd, (unsigned char *)buf + *got, want - *got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return report("cannot read %s: %s", f->name, strerror(errno));
        if (n == 0)
            break;
        *got += (size_t)n;
    }
    return EXIT_OK;
}

int infile_size_error(const struct infile *f, const char *what, size_t want, size_t held) {
    if (held > want)
        return report("%s: %s has %zu bytes, the file holds more than %zu", f->name, what, want, want);
    return report("%s: %s has %zu bytes, the file holds %zu", f->name, what, want, held);
}

int infile_rest(struct infile *f, void *buf, size_t have, size_t want, const char *what) {
    size_t got;
    int r = infile_read(f, (unsigned char *)buf + have, want - have, &got);
    if (r != EXIT_OK)
        return r;
    if (have + got < want)
        return infile_size_error(f, what, want, have + got);
    unsigned char extra; /* one byte past the end shows an overlong file */
    r = infile_read(f, &extra, 1, &got);
    return r == EXIT_OK && got != 0 ? infile_size_error(f, what, want, want + 1) : r;
}

void infile_close(struct infile *f) {
    if (f->fd > STDIN_FILENO)
        close(f->fd);
    f->fd = -1;
}
