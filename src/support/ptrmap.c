/* Open addressing with linear probing on a multiplicative hash of the address. */
#include "support/ptrmap.h"

#include <stdint.h>

static size_t slot_of(const void *key, size_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 17) & (cap - 1);
}

void ptrmap_init(struct ptrmap *m, struct arena *a) {
  m->arena = a;
  m->slots = NULL;
  m->cap = m->len = 0;
}

static struct ptrmap_slot *find(const struct ptrmap *m, const void *key) {
  if (m->cap == 0) {
    return NULL;
  }
  size_t i = slot_of(key, m->cap);
  while (m->slots[i].key != NULL) {
    if (m->slots[i].key == key) {
      return &m->slots[i];
    }
    i = (i + 1) & (m->cap - 1);
  }
  return NULL;
}

void *ptrmap_get(const struct ptrmap *m, const void *key) {
  struct ptrmap_slot *s = find(m, key);
  return s != NULL ? s->value : NULL;
}

bool ptrmap_has(const struct ptrmap *m, const void *key) {
  return find(m, key) != NULL;
}

static void insert(struct ptrmap_slot *slots, size_t cap, const void *key, void *value) {
  size_t i = slot_of(key, cap);
  while (slots[i].key != NULL && slots[i].key != key) {
    i = (i + 1) & (cap - 1);
  }
  slots[i].key = key;
  slots[i].value = value;
}

void ptrmap_put(struct ptrmap *m, const void *key, void *value) {
  struct ptrmap_slot *s = find(m, key);
  if (s != NULL) {
    s->value = value;
    return;
  }
  if (2 * (m->len + 1) > m->cap) {
    size_t cap = m->cap == 0 ? 16 : m->cap * 2;
    struct ptrmap_slot *fresh = ARENA_ARRAY(m->arena, struct ptrmap_slot, cap);
    for (size_t i = 0; i < m->cap; i++) {
      if (m->slots[i].key != NULL) {
        insert(fresh, cap, m->slots[i].key, m->slots[i].value);
      }
    }
    m->slots = fresh;
    m->cap = cap;
  }
  insert(m->slots, m->cap, key, value);
  m->len++;
}

bool ptrmap_next(const struct ptrmap *m, size_t *pos, const void **key, void **value) {
  while (*pos < m->cap) {
    struct ptrmap_slot *s = &m->slots[(*pos)++];
    if (s->key != NULL) {
      *key = s->key;
      *value = s->value;
      return true;
    }
  }
  return false;
}
