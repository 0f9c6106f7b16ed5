/* Reading source files whole, in growing chunks, up to FILE_MAX_SOURCE bytes. */
#include "support/file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

char *file_read(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return NULL;
  }
  size_t cap = 65536, n = 0;
  char *buf = malloc(cap + 1);
  int error = buf == NULL ? ENOMEM : 0;
  while (error == 0) {
    errno = 0;
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) {
      error = !ferror(f) ? 0 : errno != 0 ? errno : EIO; /* EISDIR for a directory */
      break;
    }
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
  fclose(f);
  if (error != 0) {
    free(buf);
    errno = error;
    return NULL;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}
