/* Faults injected into the snova command (tests/test_command_outputs.py),
 * loaded with LD_PRELOAD:
 *   SNOVA_FAULT=CALL:N:ACTION   at the N-th call (from 1) of CALL (fsync, rename
 *                               or link) of the process:
 *     fail   the call fails with EIO, doing nothing
 *     kill   the process is killed (SIGKILL) before the call
 *     swap   SNOVA_FAULT_SWAP=FROM:TO is renamed first (another process
 *            replacing TO meanwhile), then the call is made
 * Every other call goes through unchanged. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* 1 if this call (the count-th of name) is the one SNOVA_FAULT names; *action its action */
static int faulted(const char *name, const char **action) {
    static char call[16], what[16];
    static long at = -1, count[3];
    static const char *const calls[3] = {"fsync", "rename", "link"};
    if (at < 0) {
        const char *spec = getenv("SNOVA_FAULT");
        if (spec == NULL || sscanf(spec, "%15[a-z]:%ld:%15[a-z]", call, &at, what) != 3)
            at = 0;
    }
    for (int i = 0; i < 3; i++)
        if (strcmp(calls[i], name) == 0 && ++count[i] == at && strcmp(call, name) == 0) {
            *action = what;
            return 1;
        }
    return 0;
}

static int (*real_rename(void))(const char *, const char *) {
    return (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
}

/* 0 to make the call, -1 (errno set) to fail it */
static int inject(const char *name) {
    const char *action;
    if (!faulted(name, &action))
        return 0;
    if (strcmp(action, "kill") == 0)
        raise(SIGKILL);
    if (strcmp(action, "swap") == 0) {
        char from[4096], to[4096];
        const char *spec = getenv("SNOVA_FAULT_SWAP");
        if (spec != NULL && sscanf(spec, "%4095[^:]:%4095s", from, to) == 2)
            real_rename()(from, to);
        return 0;
    }
    errno = EIO;
    return -1;
}

int fsync(int fd) {
    if (inject("fsync") != 0)
        return -1;
    return ((int (*)(int))dlsym(RTLD_NEXT, "fsync"))(fd);
}

int rename(const char *from, const char *to) {
    if (inject("rename") != 0)
        return -1;
    return real_rename()(from, to);
}

int link(const char *from, const char *to) {
    if (inject("link") != 0)
        return -1;
    return ((int (*)(const char *, const char *))dlsym(RTLD_NEXT, "link"))(from, to);
}
