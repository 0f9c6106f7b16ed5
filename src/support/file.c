/* Reading source files whole, in growing chunks, up to FILE_MAX_SOURCE bytes. */
#include "support/file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Note [Regular files only]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * A source or an imported file must be a regular file. A FIFO blocks in open(2)
 * until a writer comes, and in read(2) after that, so `prismc check pipe` would
 * wait forever; a terminal or a socket can do the same, and a device such as
 * /dev/zero never ends. So the file is opened with O_NONBLOCK (open(2) returns at
 * once, even for a FIFO with no writer), fstat(2) tells what it is, and anything
 * but a regular file is refused before a byte is read: a directory with EISDIR, the
 * rest with FILE_ERR_NOT_REGULAR. O_NONBLOCK means nothing for a regular file's
 * reads. The FILE_MAX_SOURCE bound still holds for a regular file that grows while
 * it is read. */

const char *file_strerror(int err) {
  return err == FILE_ERR_NOT_REGULAR ? "not a regular file" : strerror(err);
}

/* Opens path for reading if it is a regular file; -1 with errno set if not. */
static int open_regular(const char *path) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    return -1;
  }
  struct stat st;
  int error = fstat(fd, &st) != 0  ? errno
              : S_ISDIR(st.st_mode) ? EISDIR
              : !S_ISREG(st.st_mode) ? FILE_ERR_NOT_REGULAR
                                     : 0;
  if (error != 0) {
    close(fd);
    errno = error;
    return -1;
  }
  return fd;
}

char *file_read(const char *path, size_t *len) {
  int fd = open_regular(path);
  if (fd < 0) {
    return NULL;
  }
  size_t cap = 65536, n = 0;
  char *buf = malloc(cap + 1);
  int error = buf == NULL ? ENOMEM : 0;
  while (error == 0) {
    ssize_t got = read(fd, buf + n, cap - n);
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got <= 0) {
      error = got == 0 ? 0 : errno;
      break;
    }
    n += (size_t)got;
    if (n > FILE_MAX_SOURCE) {
      error = EFBIG;
    } else if (n == cap) {
      char *bigger = realloc(buf, cap * 2 + 1);
      if (bigger == NULL) {
        error = ENOMEM;
      } else {
        buf = bigger;
        cap *= 2;
      }
    }
  }
  close(fd);
  if (error != 0) {
    free(buf);
    errno = error;
    return NULL;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}
