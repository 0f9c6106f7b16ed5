/* Growable arrays in an arena.
 *
 *   VEC(struct exp *) args = {0};
 *   VEC_PUSH(arena, &args, e);
 *   for (int i = 0; i < args.len; i++) use(args.items[i]);
 *
 * Growth doubles the capacity and leaves the old block in the arena, which is
 * freed with everything else; the waste is bounded by the final size. */
#ifndef PRISM_VEC_H
#define PRISM_VEC_H

#include <string.h>

#include "support/arena.h"

#define VEC(T)     \
  struct {         \
    T *items;      \
    int len, cap;  \
  }

void vec_grow(struct arena *a, void **items, int *cap, int len, size_t elem_size);

#define VEC_PUSH(arena, v, x)                                                        \
  do {                                                                               \
    if ((v)->len == (v)->cap) {                                                      \
      vec_grow((arena), (void **)&(v)->items, &(v)->cap, (v)->len, sizeof *(v)->items); \
    }                                                                                \
    (v)->items[(v)->len++] = (x);                                                    \
  } while (0)

#define VEC_LAST(v) ((v)->items[(v)->len - 1])

#endif
