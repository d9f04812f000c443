#pragma once
// Small shims for Linux calls that Glibc's Swift module does not expose.
#include <stddef.h>

/// memfd_create(2) with MFD_CLOEXEC | MFD_ALLOW_SEALING; returns -1 and sets errno on failure.
int tactile_memfd_create(const char *name);

/// Seals a memfd against shrinking, growing and further sealing; returns 0 or -1 with errno.
int tactile_memfd_seal(int fd);
