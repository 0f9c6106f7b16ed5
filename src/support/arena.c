/* Arenas: chunks of at least 64 KiB, bump-allocated, freed together. */
#include "support/arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/diag.h"
#include "support/heap.h"

enum { ARENA_CHUNK_SIZE = 64 * 1024, ARENA_ALIGN = 16 };

struct arena_chunk {
  struct arena_chunk *next;
  size_t used, size;
  _Alignas(16) unsigned char data[];
};

void arena_init(struct arena *a) {
  a->head = NULL;
  a->total = 0;
}

void arena_free(struct arena *a) {
  struct arena_chunk *c = a->head;
  while (c != NULL) {
    struct arena_chunk *next = c->next;
    heap_free(c);
    c = next;
  }
  a->head = NULL;
  a->total = 0;
}

static struct arena_chunk *arena_new_chunk(size_t at_least) {
  size_t size = at_least > ARENA_CHUNK_SIZE ? at_least : ARENA_CHUNK_SIZE;
  struct arena_chunk *c = heap_alloc(sizeof *c + size);
  if (c == NULL) {
    diag_out_of_memory();
  }
  c->next = NULL;
  c->used = 0;
  c->size = size;
  return c;
}

void *arena_alloc(struct arena *a, size_t size) {
  if (size > SIZE_MAX / 2) {
    diag_out_of_memory();
  }
  size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
  struct arena_chunk *c = a->head;
  if (c == NULL || c->size - c->used < size) {
    struct arena_chunk *fresh = arena_new_chunk(size);
    if (c != NULL && size > ARENA_CHUNK_SIZE / 4) {
      /* A big block gets its own chunk behind the current one, so the rest of the
       * current chunk stays usable. */
      fresh->next = c->next;
      c->next = fresh;
    } else {
      fresh->next = c;
      a->head = fresh;
    }
    c = fresh;
  }
  void *p = c->data + c->used;
  c->used += size;
  a->total += size;
  memset(p, 0, size);
  return p;
}

void *arena_dup(struct arena *a, const void *p, size_t size) {
  void *q = arena_alloc(a, size);
  if (size > 0) {
    memcpy(q, p, size);
  }
  return q;
}

char *arena_strndup(struct arena *a, const char *s, size_t n) {
  char *q = arena_alloc(a, n + 1);
  memcpy(q, s, n);
  q[n] = '\0';
  return q;
}

char *arena_printf(struct arena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) {
    n = 0;
  }
  char *s = arena_alloc(a, (size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}
