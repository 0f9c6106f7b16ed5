/* The growth step of VEC_PUSH. */
#include "support/vec.h"

#include <limits.h>

#include "support/diag.h"

void vec_grow(struct arena *a, void **items, int *cap, int len, size_t elem_size) {
  if (*cap > INT_MAX / 2) {
    diag_out_of_memory();
  }
  int new_cap = *cap == 0 ? 4 : *cap * 2;
  void *fresh = arena_alloc(a, (size_t)new_cap * elem_size);
  if (len > 0) {
    memcpy(fresh, *items, (size_t)len * elem_size);
  }
  *items = fresh;
  *cap = new_cap;
}
