/* Properties of primitive types, read off PRIM_TYPES. */
#include "support/prim.h"

#include <string.h>

struct prim_info {
  const char *name, *c_type;
  int bytes;
  bool is_int, is_signed, is_float;
};

static const struct prim_info prim_table[PRIM_COUNT] = {
    [PRIM_NONE] = {"?", "void", 0, false, false, false},
#define X(kind, name, ctype, bytes, is_int, is_signed, is_float) \
  [PRIM_##kind] = {name, #ctype, bytes, is_int, is_signed, is_float},
    PRIM_TYPES(X)
#undef X
};

const char *prim_name(enum prim_type t) {
  return prim_table[t].name;
}

const char *prim_c_type(enum prim_type t) {
  return prim_table[t].c_type;
}

int prim_bytes(enum prim_type t) {
  return prim_table[t].bytes;
}

bool prim_is_int(enum prim_type t) {
  return prim_table[t].is_int;
}

bool prim_is_signed(enum prim_type t) {
  return prim_table[t].is_signed;
}

bool prim_convert_zero_extends(enum prim_type from, enum prim_type to) {
  return prim_is_int(from) && prim_is_signed(from) && prim_is_int(to) && !prim_is_signed(to);
}

bool prim_is_float(enum prim_type t) {
  return prim_table[t].is_float;
}

bool prim_is_numeric(enum prim_type t) {
  return prim_table[t].is_int || prim_table[t].is_float;
}

enum prim_type prim_from_name(const char *name) {
  for (int t = PRIM_NONE + 1; t < PRIM_COUNT; t++) {
    if (strcmp(prim_table[t].name, name) == 0) {
      return (enum prim_type)t;
    }
  }
  return PRIM_NONE;
}
