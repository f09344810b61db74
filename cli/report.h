/* Exit statuses and one-line error messages of the snova command. */
#ifndef SNOVA_CLI_REPORT_H
#define SNOVA_CLI_REPORT_H

#include <stddef.h>

enum {
    EXIT_OK = 0,      /* done; for verify: the signature is valid */
    EXIT_INVALID = 1, /* verify: the signature does not verify */
    EXIT_FAIL = 2     /* usage, input or I/O error */
};

/* Prints "snova: <message>" on standard error, every byte outside printable
 * ASCII written \xHH (file names and key headers come from the user, and a
 * control sequence in them must not reach the terminal); returns EXIT_FAIL. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 1, 2)))
#endif
int report(const char *fmt, ...);

/* bytes[0..len) as a C string in dst (room for 4 * len + 1), each byte outside
 * printable ASCII, NUL included, written \xHH. */
void escape(char *dst, const void *bytes, size_t len);

/* Flushes standard output: EXIT_OK, or EXIT_FAIL (reported) if any write to it
 * failed, unless an error was reported already (status is EXIT_FAIL). */
int finish_stdout(int status);

#endif
