/* Tracked heap blocks: a header before each block links it into a list, oldest first. */
#include "support/heap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "support/diag.h"

/* The header keeps the block after it aligned as malloc's blocks are. */
union heap_header {
  struct {
    union heap_header *prev, *next;
    heap_mark_t serial;
  } link;
  max_align_t align;
};

static union heap_header *oldest, *newest;
static heap_mark_t next_serial = 1;

static void *link_block(union heap_header *h) {
  h->link.serial = next_serial++;
  h->link.prev = newest;
  h->link.next = NULL;
  if (newest != NULL) {
    newest->link.next = h;
  } else {
    oldest = h;
  }
  newest = h;
  return h + 1;
}

static void unlink_block(union heap_header *h) {
  if (h->link.prev != NULL) {
    h->link.prev->link.next = h->link.next;
  } else {
    oldest = h->link.next;
  }
  if (h->link.next != NULL) {
    h->link.next->link.prev = h->link.prev;
  } else {
    newest = h->link.prev;
  }
}

void *heap_alloc(size_t size) {
  if (size > SIZE_MAX - sizeof(union heap_header)) {
    return NULL;
  }
  union heap_header *h = malloc(sizeof *h + size);
  return h != NULL ? link_block(h) : NULL;
}

void *heap_calloc(size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) {
    return NULL;
  }
  void *p = heap_alloc(count * size);
  if (p != NULL) {
    memset(p, 0, count * size);
  }
  return p;
}

/* The block keeps its place on the list (and its serial) when it moves. */
void *heap_realloc(void *p, size_t size) {
  if (p == NULL) {
    return heap_alloc(size);
  }
  if (size > SIZE_MAX - sizeof(union heap_header)) {
    return NULL;
  }
  union heap_header *h = (union heap_header *)p - 1;
  union heap_header *fresh = realloc(h, sizeof *fresh + size);
  if (fresh == NULL) {
    return NULL;
  }
  if (fresh->link.prev != NULL) {
    fresh->link.prev->link.next = fresh;
  } else {
    oldest = fresh;
  }
  if (fresh->link.next != NULL) {
    fresh->link.next->link.prev = fresh;
  } else {
    newest = fresh;
  }
  return fresh + 1;
}

void heap_free(void *p) {
  if (p == NULL) {
    return;
  }
  union heap_header *h = (union heap_header *)p - 1;
  unlink_block(h);
  free(h);
}

heap_mark_t heap_mark(void) {
  return next_serial - 1;
}

void heap_release(heap_mark_t mark) {
  while (newest != NULL && newest->link.serial > mark) {
    union heap_header *h = newest;
    unlink_block(h);
    free(h);
  }
}

void *heap_grow(void *array, int *cap, int need, size_t size) {
  if (need <= *cap) {
    return array;
  }
  int old = *cap, cap2 = old * 2 > need ? old * 2 : need + 16;
  char *fresh = heap_realloc(array, size * (size_t)cap2);
  if (fresh == NULL) {
    diag_out_of_memory();
  }
  memset(fresh + size * (size_t)old, 0, size * (size_t)(cap2 - old));
  *cap = cap2;
  return fresh;
}
