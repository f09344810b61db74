/* The standard descriptors 0, 1 and 2 as the snova command found them. One that
 * is closed is filled at once with /dev/null opened the wrong way round (stdin
 * write-only, stdout and stderr read-only), so that no file the command opens
 * lands there, and any read or write of it fails: a closed standard input is
 * never an empty message, and nothing meant for a closed standard output goes
 * into another file. */
#ifndef SNOVA_CLI_STDFDS_H
#define SNOVA_CLI_STDFDS_H

/* Fills the closed standard descriptors; EXIT_OK or EXIT_FAIL (reported). */
int stdfds_reserve(void);
/* 1 if descriptor fd (0, 1 or 2) was closed when the command started */
int stdfd_closed(int fd);

#endif
