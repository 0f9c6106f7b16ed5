/* Source files, read whole.
 *
 * file_read: reads the file at `path` into a NUL-terminated heap buffer (the caller
 * frees it) and sets *len to its size in bytes. Returns NULL with errno set when the
 * file cannot be read, and with errno EFBIG when it holds more than FILE_MAX_SOURCE
 * bytes: reading stops there. Only regular files are read: a directory fails with
 * EISDIR, anything else (a FIFO, a device, a socket) with FILE_ERR_NOT_REGULAR, at
 * once and without blocking (Note [Regular files only] in file.c). Every location in
 * a file fits in 32 bits well within the size bound.
 *
 * file_strerror: strerror(), which also names FILE_ERR_NOT_REGULAR. */
#ifndef PRISM_FILE_H
#define PRISM_FILE_H

#include <stddef.h>

#define FILE_MAX_SOURCE ((size_t)64 << 20) /* 64 MiB */

/* An errno value of file_read's own, outside the range of the system's. */
#define FILE_ERR_NOT_REGULAR (-1)

char *file_read(const char *path, size_t *len);
const char *file_strerror(int err);

#endif
