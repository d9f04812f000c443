#define _GNU_SOURCE
#include "CSystem.h"
#include <fcntl.h>
#include <sys/eventfd.h>
#include <sys/mman.h>

int tactile_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int tactile_memfd_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
}

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

int tactile_unix_listen(const char *path) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    unlink(path);
    if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || listen(fd, 128) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int tactile_pidfd_open(int pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int tactile_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

#include <malloc.h>

size_t tactile_malloc_in_use(void) {
    return mallinfo2().uordblks;
}

#include <wchar.h>

_Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wmemset must store 32-bit words");

void tactile_fill32(uint32_t *dst, uint32_t value, size_t count) {
    wmemset((wchar_t *)dst, (wchar_t)value, count);
}
