/* Maps from pointers (interned names, nodes) to pointers, in an arena.
 *
 * Keys are compared by address, so interned names and AST or IR nodes can be keys
 * directly. NULL is not a valid key. Removal is not supported: maps are built and
 * then read, or shadowed by a scope above them. */
#ifndef PRISM_PTRMAP_H
#define PRISM_PTRMAP_H

#include <stdbool.h>
#include <stddef.h>

#include "support/arena.h"

struct ptrmap_slot {
  const void *key;
  void *value;
};

struct ptrmap {
  struct arena *arena;
  struct ptrmap_slot *slots;
  size_t cap, len;
};

void ptrmap_init(struct ptrmap *m, struct arena *a);
void *ptrmap_get(const struct ptrmap *m, const void *key); /* NULL when absent */
bool ptrmap_has(const struct ptrmap *m, const void *key);
void ptrmap_put(struct ptrmap *m, const void *key, void *value);

/* Iteration in slot order: for (size_t i = 0; ptrmap_next(m, &i, &k, &v);) */
bool ptrmap_next(const struct ptrmap *m, size_t *pos, const void **key, void **value);

#endif
