#define _POSIX_C_SOURCE 200809L
#include "stdfds.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "report.h"

static int closed[3];

int stdfds_reserve(void) {
    static const int wrong_way[3] = {O_WRONLY, O_RDONLY, O_RDONLY};
    for (int fd = 0; fd < 3; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        closed[fd] = 1;
        /* the lowest free descriptor: fd, those below it being open by now */
        int got = open("/dev/null", wrong_way[fd] | O_CLOEXEC);
        if (got != fd) {
            int e = errno;
            if (got >= 0)
                close(got);
            return report("descriptor %d is closed and cannot be reserved: %s", fd,
                          got >= 0 ? "another descriptor was given" : strerror(e));
        }
    }
    return EXIT_OK;
}

int stdfd_closed(int fd) { return fd >= 0 && fd < 3 && closed[fd]; }
