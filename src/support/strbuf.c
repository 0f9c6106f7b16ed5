/* Growable text buffers. */
#include "support/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/diag.h"
#include "support/heap.h"

void strbuf_init(struct strbuf *b) {
  b->data = NULL;
  b->len = b->cap = 0;
}

void strbuf_free(struct strbuf *b) {
  heap_free(b->data);
  strbuf_init(b);
}

static void reserve(struct strbuf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap) {
    return;
  }
  size_t cap = b->cap == 0 ? 256 : b->cap;
  while (cap < b->len + extra + 1) {
    cap *= 2;
  }
  char *fresh = heap_realloc(b->data, cap);
  if (fresh == NULL) {
    diag_out_of_memory();
  }
  b->data = fresh;
  b->cap = cap;
}

void strbuf_putn(struct strbuf *b, const char *s, size_t n) {
  reserve(b, n);
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void strbuf_putc(struct strbuf *b, char c) {
  strbuf_putn(b, &c, 1);
}

void strbuf_puts(struct strbuf *b, const char *s) {
  strbuf_putn(b, s, strlen(s));
}

void strbuf_vprintf(struct strbuf *b, const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n <= 0) {
    reserve(b, 0);
    return;
  }
  reserve(b, (size_t)n);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void strbuf_printf(struct strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  strbuf_vprintf(b, fmt, ap);
  va_end(ap);
}

/* Indentation stops growing at STRBUF_MAX_INDENT levels: text nested deeper than
 * anyone reads would otherwise grow with the square of its depth (a program nested
 * 10 000 deep would print gigabytes of spaces). */
enum { STRBUF_MAX_INDENT = 40 };

void strbuf_indent(struct strbuf *b, int levels) {
  if (levels > STRBUF_MAX_INDENT) {
    levels = STRBUF_MAX_INDENT;
  }
  for (int i = 0; i < levels; i++) {
    strbuf_puts(b, "  ");
  }
}

/* The text moves to a block of malloc's, which the caller frees with free(). */
char *strbuf_take(struct strbuf *b) {
  reserve(b, 0);
  char *s = malloc(b->len + 1);
  if (s == NULL) {
    diag_out_of_memory();
  }
  memcpy(s, b->data, b->len + 1);
  strbuf_free(b);
  return s;
}
