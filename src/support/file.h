/* Source files, read whole.
 *
 * file_read: reads the file at `path` into a NUL-terminated heap buffer (the caller
 * frees it) and sets *len to its size in bytes. Returns NULL with errno set when the
 * file cannot be read, and with errno EFBIG when it holds more than FILE_MAX_SOURCE
 * bytes: reading stops there, so a device that never ends (/dev/zero) is an error,
 * not a hang. Every location in a file fits in 32 bits well within that bound. */
#ifndef PRISM_FILE_H
#define PRISM_FILE_H

#include <stddef.h>

#define FILE_MAX_SOURCE ((size_t)64 << 20) /* 64 MiB */

char *file_read(const char *path, size_t *len);

#endif
