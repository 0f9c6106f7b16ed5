/* Interned strings: equal names are equal pointers.
 *
 * Identifiers, field names and operator names are interned once by the lexer, so
 * every later pass compares names with ==. The table lives for the whole
 * compilation (its own arena). */
#ifndef PRISM_STRTAB_H
#define PRISM_STRTAB_H

#include <stddef.h>

typedef const char *name_t; /* an interned, NUL-terminated string */

void strtab_init(void);
void strtab_free(void);
name_t intern(const char *s);
name_t intern_n(const char *s, size_t n);
name_t intern_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
