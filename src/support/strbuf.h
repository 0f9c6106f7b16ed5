/* A growable text buffer (its block from support/heap.h), for printers and emitters. */
#ifndef PRISM_STRBUF_H
#define PRISM_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
  char *data; /* NUL-terminated */
  size_t len, cap;
};

void strbuf_init(struct strbuf *b);
void strbuf_free(struct strbuf *b);
void strbuf_putc(struct strbuf *b, char c);
void strbuf_puts(struct strbuf *b, const char *s);
void strbuf_putn(struct strbuf *b, const char *s, size_t n);
void strbuf_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(struct strbuf *b, const char *fmt, va_list ap);
void strbuf_indent(struct strbuf *b, int levels); /* two spaces a level */
char *strbuf_take(struct strbuf *b);              /* caller free()s it; b is emptied */

#endif
