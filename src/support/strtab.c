/* Interning by open addressing on an FNV-1a hash; strings live in one arena. */
#include "support/strtab.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/arena.h"
#include "support/diag.h"

static struct arena strtab_arena;
static const char **slots;
static size_t slot_count, used_count;

static uint64_t hash_bytes(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) {
    h ^= (unsigned char)s[i];
    h *= 1099511628211ull;
  }
  return h;
}

void strtab_init(void) {
  strtab_free();
  arena_init(&strtab_arena);
  slot_count = 1024;
  slots = calloc(slot_count, sizeof *slots);
  if (slots == NULL) {
    diag_out_of_memory();
  }
}

void strtab_free(void) {
  free(slots);
  slots = NULL;
  slot_count = used_count = 0;
  arena_free(&strtab_arena);
}

static void strtab_rehash(void) {
  size_t new_count = slot_count * 2;
  const char **fresh = calloc(new_count, sizeof *fresh);
  if (fresh == NULL) {
    diag_out_of_memory();
  }
  for (size_t i = 0; i < slot_count; i++) {
    if (slots[i] != NULL) {
      size_t j = hash_bytes(slots[i], strlen(slots[i])) & (new_count - 1);
      while (fresh[j] != NULL) {
        j = (j + 1) & (new_count - 1);
      }
      fresh[j] = slots[i];
    }
  }
  free(slots);
  slots = fresh;
  slot_count = new_count;
}

name_t intern_n(const char *s, size_t n) {
  if (slots == NULL) {
    strtab_init();
  }
  if (2 * (used_count + 1) > slot_count) {
    strtab_rehash();
  }
  size_t i = hash_bytes(s, n) & (slot_count - 1);
  while (slots[i] != NULL) {
    if (strncmp(slots[i], s, n) == 0 && slots[i][n] == '\0') {
      return slots[i];
    }
    i = (i + 1) & (slot_count - 1);
  }
  slots[i] = arena_strndup(&strtab_arena, s, n);
  used_count++;
  return slots[i];
}

name_t intern(const char *s) {
  return intern_n(s, strlen(s));
}

name_t intern_printf(const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) {
    n = 0;
  }
  if ((size_t)n < sizeof buf) {
    return intern_n(buf, (size_t)n);
  }
  char *big = malloc((size_t)n + 1);
  if (big == NULL) {
    diag_out_of_memory();
  }
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  name_t r = intern_n(big, (size_t)n);
  free(big);
  return r;
}
