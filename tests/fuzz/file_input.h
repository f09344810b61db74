/* The parsers' fuzz targets read their input as the command reads a file:
 * through a path, here that of an in-memory file holding the input. */
#ifndef SNOVA_FUZZ_FILE_INPUT_H
#define SNOVA_FUZZ_FILE_INPUT_H

#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_sets.h"

/* the path of an in-memory file now holding data[0..size) */
static inline const char *file_holding(const uint8_t *data, size_t size) {
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("snova-fuzz", 0);
        snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    }
    if (fd < 0 || ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        FUZZ_FINDING("cannot hold the input in a memory file");
    return path;
}

#endif
