/* Heap blocks that the compiler allocates outside arenas, tracked so that an error
 * unwinding out of a pass cannot leak them.
 *
 * The passes unwind on errors (diag_abort longjmps to the driver's trap), including
 * internal errors and the stack guard in passes that hold heap memory (the
 * simplifier's tables, the C emitter's buffers). Their blocks come from here, and
 * every live block is on one list in the order of allocation. heap_mark() names the
 * present; heap_release(mark) frees every block allocated after it that is still
 * live. compile_text() releases to its mark after the pipeline, so what an
 * interrupted pass held is freed; a pass that finishes frees its blocks itself, with
 * heap_free, as it would with free. Arena chunks and string buffers come from here
 * too. Like malloc, allocation returns NULL when memory runs out; the list is not
 * shared between threads (one compilation runs at a time). */
#ifndef PRISM_HEAP_H
#define PRISM_HEAP_H

#include <stddef.h>

void *heap_alloc(size_t size);
void *heap_calloc(size_t count, size_t size);
void *heap_realloc(void *p, size_t size); /* p may be NULL */
void heap_free(void *p);                   /* p may be NULL */

/* Room for `need` elements of `size` bytes in a heap array of capacity *cap: the array
 * itself, or one reallocated to at least twice the capacity with the new elements
 * zeroed (*cap updated). Running out of memory is fatal (diag_out_of_memory). */
void *heap_grow(void *array, int *cap, int need, size_t size);

typedef unsigned long heap_mark_t;
heap_mark_t heap_mark(void);
void heap_release(heap_mark_t mark);

#endif
