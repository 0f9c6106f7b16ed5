/* Arenas: bump allocators freed all at once.
 *
 * Every compiler data structure (tokens, AST, types, IR, output text) lives in an
 * arena chosen by its lifetime (re2c's allocator.h); nothing is freed one by one.
 * Allocation never returns NULL: running out of memory is reported as a fatal
 * diagnostic through diag_out_of_memory(). */
#ifndef PRISM_ARENA_H
#define PRISM_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
  struct arena_chunk *head; /* newest chunk first */
  size_t total;             /* bytes handed out, for statistics and limits */
};

void arena_init(struct arena *a);
void arena_free(struct arena *a);
void *arena_alloc(struct arena *a, size_t size);      /* zeroed, 16-byte aligned */
void *arena_dup(struct arena *a, const void *p, size_t size);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_printf(struct arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#define ARENA_NEW(a, T) ((T *)arena_alloc((a), sizeof(T)))
#define ARENA_ARRAY(a, T, n) ((T *)arena_alloc((a), sizeof(T) * (size_t)(n)))

#endif
