#include "report.h"

#include <stdarg.h>
#include <stdio.h>

int report(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("snova: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_FAIL;
}
