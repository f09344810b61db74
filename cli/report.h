/* Exit statuses and one-line error messages of the snova command. */
#ifndef SNOVA_CLI_REPORT_H
#define SNOVA_CLI_REPORT_H

enum {
    EXIT_OK = 0,      /* done; for verify: the signature is valid */
    EXIT_INVALID = 1, /* verify: the signature does not verify */
    EXIT_FAIL = 2     /* usage, input or I/O error */
};

/* Prints "snova: <message>" on standard error; returns EXIT_FAIL. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 1, 2)))
#endif
int report(const char *fmt, ...);

#endif
