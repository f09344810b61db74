/* The outputs of one command as a group that is committed whole or not at all
 * (docs/libsnova.md, "What an interrupted command leaves"):
 *  - every output is opened (its temporary file made) before anything is
 *    written, each checked against the others (outfile_same): two names of one
 *    file are refused;
 *  - the commit writes every temporary to disk, keeps each file it replaces
 *    under a backup name, then moves the new files into place one by one; if
 *    one fails, those moved already are undone (each replaced file back from
 *    its backup, each new name removed), so the names hold what they held;
 *  - the caller writes standard output after the commit, and undoes the commit
 *    if that fails; closing the group removes temporaries and backups.
 * Killed during the commit, each name holds its old or its new content whole
 * (or is absent, if it was new), and a replaced file is still under its
 * backup name .snova-XXXXXX beside it. */
#ifndef SNOVA_CLI_OUTPUTS_H
#define SNOVA_CLI_OUTPUTS_H

#include <stddef.h>
#include <sys/types.h>

#include "infile.h"
#include "outfile.h"

/* a key pair, or the signatures of snova sign of several inputs */
#define OUTPUTS_MAX MESSAGES_MAX

struct outputs {
    struct outfile file[OUTPUTS_MAX];
    const char *flag[OUTPUTS_MAX]; /* the option that named each, for messages */
    size_t count;
    int force;
    const struct inputs *inputs;
};

/* an empty group: force replaces existing regular files; inputs (NULL: none)
 * are never replaced */
void outputs_init(struct outputs *g, int force, const struct inputs *inputs);
/* Opens one more output, named by option flag; EXIT_OK or EXIT_FAIL (reported:
 * as outfile_open, or "FLAG PATH given twice" / "FLAG A and FLAG B are one file"). */
int outputs_add(struct outputs *g, const char *flag, const char *path, mode_t mode);
/* Moves every file output into place, or none; EXIT_OK or EXIT_FAIL (reported). */
int outputs_commit(struct outputs *g);
/* After a commit: puts back what the names held; EXIT_OK or EXIT_FAIL (reported). */
int outputs_undo(struct outputs *g);
/* Removes temporaries and backups. */
void outputs_close(struct outputs *g);

#endif
