#include "report.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stdfds.h"

void escape(char *dst, const void *bytes, size_t len) {
    static const char hex[] = "0123456789abcdef";
    const unsigned char *b = bytes;
    for (size_t i = 0; i < len; i++) {
        if (b[i] >= 0x20 && b[i] < 0x7f) {
            *dst++ = (char)b[i];
        } else {
            *dst++ = '\\';
            *dst++ = 'x';
            *dst++ = hex[b[i] >> 4];
            *dst++ = hex[b[i] & 15];
        }
    }
    *dst = '\0';
}

int report(const char *fmt, ...) {
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    char *shown = text != NULL ? malloc(4 * (size_t)n + 1) : NULL;
    if (shown != NULL) {
        vsnprintf(text, (size_t)n + 1, fmt, again);
        escape(shown, text, (size_t)n);
        fprintf(stderr, "snova: %s\n", shown);
    } else {
        fputs("snova: out of memory (while reporting an error)\n", stderr);
    }
    free(shown);
    free(text);
    va_end(again);
    va_end(ap);
    return EXIT_FAIL;
}

int finish_stdout(int status) {
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    if (status == EXIT_FAIL)
        return status;
    if (stdfd_closed(STDOUT_FILENO))
        return report("standard output is closed");
    return report("cannot write standard output: %s", errno != 0 ? strerror(errno) : "write error");
}
