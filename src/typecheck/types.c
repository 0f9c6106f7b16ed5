/* Types and sizes: construction, resolution of unification variables, substitution,
 * equality and printing. See types.h for the representation and its invariants. */
#include "typecheck/types.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct type *type_prim(struct arena *a, enum prim_type p) {
  struct type *t = ARENA_NEW(a, struct type);
  t->kind = TYPE_PRIM;
  t->u.prim = p;
  return t;
}

struct type *type_array(struct arena *a, struct type *elem, struct size **dims, int rank) {
  if (rank == 0) {
    return elem;
  }
  struct type *e = type_head(elem);
  if (e->kind == TYPE_ARRAY) {
    /* [n]([m]t) is [n][m]t */
    int total = rank + e->u.array.rank;
    struct size **all = ARENA_ARRAY(a, struct size *, total);
    memcpy(all, dims, sizeof *dims * (size_t)rank);
    memcpy(all + rank, e->u.array.dims, sizeof *dims * (size_t)e->u.array.rank);
    return type_array(a, e->u.array.elem, all, total);
  }
  struct type *t = ARENA_NEW(a, struct type);
  t->kind = TYPE_ARRAY;
  t->u.array.elem = elem;
  t->u.array.dims = dims;
  t->u.array.rank = rank;
  return t;
}

struct type *type_tuple(struct arena *a, struct type **elems, int count) {
  if (count == 1) {
    return elems[0];
  }
  struct type *t = ARENA_NEW(a, struct type);
  t->kind = TYPE_TUPLE;
  t->u.tuple.elems = elems;
  t->u.tuple.count = count;
  return t;
}

static int compare_fields(const void *x, const void *y) {
  const struct type_field *a = x, *b = y;
  /* Numeric field names sort numerically, so {0: a, 1: b, 10: c} keeps tuple order. */
  char *end_a, *end_b;
  long na = strtol(a->name, &end_a, 10), nb = strtol(b->name, &end_b, 10);
  if (*end_a == '\0' && *end_b == '\0' && a->name[0] != '\0' && b->name[0] != '\0') {
    return (na > nb) - (na < nb);
  }
  return strcmp(a->name, b->name);
}

bool type_is_field_name_tuple(const struct type_field *fields, int count) {
  for (int i = 0; i < count; i++) {
    char buf[16];
    snprintf(buf, sizeof buf, "%d", i);
    if (strcmp(fields[i].name, buf) != 0) {
      return false;
    }
  }
  return count != 1;
}

struct type *type_record(struct arena *a, struct type_field *fields, int count) {
  qsort(fields, (size_t)count, sizeof *fields, compare_fields);
  if (count > 0 && type_is_field_name_tuple(fields, count)) {
    struct type **elems = ARENA_ARRAY(a, struct type *, count);
    for (int i = 0; i < count; i++) {
      elems[i] = fields[i].type;
    }
    return type_tuple(a, elems, count);
  }
  struct type *t = ARENA_NEW(a, struct type);
  t->kind = TYPE_RECORD;
  t->u.record.fields = fields;
  t->u.record.count = count;
  return t;
}

struct type *type_arrow(struct arena *a, struct tc_binding *param_name, struct type *param,
                        struct type *result) {
  struct type *t = ARENA_NEW(a, struct type);
  t->kind = TYPE_ARROW;
  t->u.arrow.param_name = param_name;
  t->u.arrow.param = param;
  t->u.arrow.result = result;
  return t;
}

struct type *type_param(struct arena *a, struct tc_binding *b) {
  struct type *t = ARENA_NEW(a, struct type);
  t->kind = TYPE_PARAM;
  t->u.param = b;
  return t;
}

struct type *type_apply(struct arena *a, struct tc_binding *ctor, struct type **args,
                        int count, struct size **sizes, int size_count) {
  struct type *t = ARENA_NEW(a, struct type);
  t->kind = TYPE_APPLY;
  t->u.apply.ctor = ctor;
  t->u.apply.args = args;
  t->u.apply.count = count;
  t->u.apply.sizes = sizes;
  t->u.apply.size_count = size_count;
  return t;
}

struct type *type_new_var(struct arena *a, enum type_constraint c, int level, struct loc loc) {
  struct type_var *v = ARENA_NEW(a, struct type_var);
  v->constraint = c;
  v->level = level;
  v->loc = loc;
  struct type *t = ARENA_NEW(a, struct type);
  t->kind = TYPE_VAR;
  t->u.var = v;
  return t;
}

struct type *type_unit(struct arena *a) {
  return type_tuple(a, NULL, 0);
}

struct type *type_with_unique(struct arena *a, struct type *t, bool unique) {
  if (t->unique == unique) {
    return t;
  }
  struct type *c = arena_dup(a, t, sizeof *t);
  c->unique = unique;
  c->walk = 0;
  c->walk_result = NULL;
  c->equal_to = NULL;
  return c;
}

struct size *size_const(struct arena *a, int64_t v) {
  struct size *s = ARENA_NEW(a, struct size);
  s->kind = SIZE_CONST;
  s->u.value = v;
  return s;
}

struct size *size_name(struct arena *a, struct tc_binding *b) {
  struct size *s = ARENA_NEW(a, struct size);
  s->kind = SIZE_NAME;
  s->u.name = b;
  return s;
}

struct size *size_new_var(struct arena *a, int level, struct loc loc) {
  struct size_var *v = ARENA_NEW(a, struct size_var);
  v->level = level;
  v->loc = loc;
  struct size *s = ARENA_NEW(a, struct size);
  s->kind = SIZE_VAR;
  s->u.var = v;
  return s;
}

struct size *size_binop(struct arena *a, enum size_op op, struct size *l, struct size *r) {
  struct size *s = ARENA_NEW(a, struct size);
  s->kind = SIZE_BINOP;
  s->u.binop.op = op;
  s->u.binop.lhs = l;
  s->u.binop.rhs = r;
  return s;
}

/* ------------------------------------------------------------------ Resolution */

/* The end of t's chain of variable links. The chain is shortened on the way, every
 * variable on it linked straight to the end (path compression, as in union-find):
 * deep programs make long chains, and following them again and again would take
 * time quadratic in the depth. Links are set once and never undone, so this changes
 * no meaning. */
static struct type *link_end(struct type *t) {
  struct type *end = t;
  while (end->kind == TYPE_VAR && end->u.var->link != NULL) {
    end = end->u.var->link;
  }
  while (t != end) {
    struct type *next = t->u.var->link;
    t->u.var->link = end;
    t = next;
  }
  return end;
}

/* Whether type_head sees through the abstract types of opaque ascriptions (Note
 * [Functors as values] in modules.c: applying the functor inside a view). */
static bool see_through_views;
static struct arena *see_through_arena; /* for the definitions of applied types */

bool type_see_through_views(struct arena *a, bool on) {
  bool old = see_through_views;
  see_through_views = on;
  see_through_arena = a;
  return old;
}

struct type *type_head(struct type *t) {
  for (;;) {
    t = link_end(t);
    if (t->kind == TYPE_PARAM && t->u.param->manifest != NULL) {
      t = t->u.param->manifest; /* a transparent type of a module: its definition */
    } else if (see_through_views && t->kind == TYPE_PARAM && t->u.param->abstract_def != NULL) {
      t = t->u.param->abstract_def;
    } else if (see_through_views && t->kind == TYPE_APPLY &&
               t->u.apply.ctor->abstract_def != NULL) {
      struct tc_binding *ctor = t->u.apply.ctor; /* its definition is in its parameters */
      t = type_apply_def(see_through_arena, ctor, ctor->abstract_def, t->u.apply.args,
                         t->u.apply.sizes);
    } else {
      return t;
    }
  }
}

struct type *type_norm(struct arena *a, struct type *t) {
  t = type_head(t);
  if (t->kind == TYPE_ARRAY && type_head(t->u.array.elem)->kind == TYPE_ARRAY) {
    struct type *n = type_array(a, type_head(t->u.array.elem), t->u.array.dims, t->u.array.rank);
    return type_with_unique(a, n, t->unique);
  }
  return t;
}

/* As link_end, for sizes. */
struct size *size_head(struct size *s) {
  struct size *end = s;
  while (end->kind == SIZE_VAR && end->u.var->link != NULL) {
    end = end->u.var->link;
  }
  while (s != end) {
    struct size *next = s->u.var->link;
    s->u.var->link = end;
    s = next;
  }
  return end;
}

/* A size applying the function of `like` (a SIZE_APPLY) to other arguments. */
struct size *size_apply(struct arena *a, const struct size *like, struct size **args) {
  struct size *s = ARENA_NEW(a, struct size);
  *s = *like;
  s->u.apply.args = args;
  return s;
}

typedef struct size *(*size_map_fn)(struct arena *a, struct size *s, const void *arg);

/* s (a SIZE_APPLY) with f applied to each argument; s itself where nothing changed. */
static struct size *size_apply_map(struct arena *a, struct size *s, size_map_fn f,
                                   const void *arg) {
  struct size **args = ARENA_ARRAY(a, struct size *, s->u.apply.count);
  bool changed = false;
  for (int i = 0; i < s->u.apply.count; i++) {
    args[i] = f(a, s->u.apply.args[i], arg);
    changed = changed || args[i] != s->u.apply.args[i];
  }
  return changed ? size_apply(a, s, args) : s;
}

static struct size *size_resolve_arg(struct arena *a, struct size *s, const void *unused) {
  (void)unused;
  return size_resolve(a, s);
}

struct size *size_resolve(struct arena *a, struct size *s) {
  s = size_head(s);
  if (s->kind == SIZE_APPLY) {
    return size_apply_map(a, s, size_resolve_arg, NULL);
  }
  if (s->kind != SIZE_BINOP) {
    return s;
  }
  struct size *l = size_resolve(a, s->u.binop.lhs), *r = size_resolve(a, s->u.binop.rhs);
  if (l == s->u.binop.lhs && r == s->u.binop.rhs) {
    return s;
  }
  return size_binop(a, s->u.binop.op, l, r);
}

/* Note [Shared types]
 * ~~~~~~~~~~~~~~~~~~~
 * Types are graphs, not trees: `type t1 = (t0, t0)` points twice at the one node
 * of t0, and so does the type of `let a1 = (a0, a0)`. Forty such levels make a type
 * of 2^40 leaves in 80 nodes. Nothing in the type checker may expand that sharing,
 * in memory or in time:
 *  - type_subst and type_resolve return the node itself where nothing changed, and
 *    remember, for the length of one call, what they made of each node (in the
 *    node's `walk` and `walk_result`), so a node met again costs nothing and the
 *    result is shared as the input was;
 *  - walks that only look (type_may_be_function, type_contains_arrow, and in
 *    unify.c occurs, lower_levels, collect) visit each node once per walk
 *    (type_walk_first);
 *  - type_equal and unify stop at two pointers to the same node, and at two nodes
 *    found equal before (each node remembers the last one it was found equal to:
 *    types only ever gain links, so two types once equal stay equal);
 *  - type_print stops after TYPE_PRINT_MAX characters and writes "..." for the
 *    rest, so a message shows such a type abbreviated.
 * A walk is a number from type_walk_start; a node remembers the last walk that
 * reached it. Walks do not nest (none of these functions starts another while it
 * runs), and their number is a multiple of 4, so lower_levels can keep two bits of
 * its own.
 * Internalise still gives a tuple one IR value per leaf: it refuses a type of more
 * than IR_MAX_LEAVES leaves with a located error (internalise.c). */
static unsigned walk_counter;

unsigned type_walk_start(void) {
  walk_counter += 4; /* two low bits free for walks that mark how they came */
  if (walk_counter == 0) {
    walk_counter = 4; /* 0 is "never walked" */
  }
  return walk_counter;
}

bool type_walk_first(struct type *t, unsigned walk) {
  if (t->walk == walk) {
    return false;
  }
  t->walk = walk;
  return true;
}

/* type_resolve and type_subst rebuild a type alike and differ only at its leaves:
 * resolve follows unknowns (type_head) and resolves sizes, subst also replaces the
 * type and size parameters of `subst`. Both remember each node's result for the walk
 * (Note [Shared types]). */
struct type_map {
  struct arena *arena;
  const struct tc_subst *subst; /* NULL: resolve */
  unsigned walk;
};

static struct type *map_walk(struct arena *a, struct type *t, const struct type_map *m);

static struct type *map_param(struct type *t, const struct tc_subst *s) {
  for (int i = 0; s != NULL && i < s->type_count; i++) {
    if (s->type_params[i] == t->u.param) {
      return s->types[i];
    }
  }
  return t;
}

/* An applied abstract type: its arguments mapped, and the type itself replaced by its
 * definition where the substitution gives one (Note [Abstract types with parameters]
 * in modules.c). Expanding the definition is a walk of its own inside this one; it
 * only re-marks nodes, which this walk then maps again if it meets them. */
static struct type *map_apply(struct arena *a, struct type *t, const struct type_map *m) {
  int n = t->u.apply.count;
  struct type **args = ARENA_ARRAY(a, struct type *, n + 1);
  bool same = true;
  for (int i = 0; i < n; i++) {
    args[i] = map_walk(a, t->u.apply.args[i], m);
    same = same && args[i] == t->u.apply.args[i];
  }
  int k = t->u.apply.size_count;
  struct size **sizes = ARENA_ARRAY(a, struct size *, k + 1);
  for (int i = 0; i < k; i++) {
    struct size *d = t->u.apply.sizes[i];
    sizes[i] = m->subst == NULL ? size_resolve(a, d) : size_subst(a, d, m->subst);
    same = same && sizes[i] == d;
  }
  const struct tc_subst *s = m->subst;
  for (int i = 0; s != NULL && i < s->type_count; i++) {
    if (s->type_params[i] == t->u.apply.ctor) {
      return type_apply_def(a, t->u.apply.ctor, s->types[i], args, sizes);
    }
  }
  return same ? t : type_apply(a, t->u.apply.ctor, args, n, sizes, k);
}

/* Resolving drops an element's own uniqueness and rebuilds an array whose element
 * became an array, so that type_array merges the two. */
static struct type *map_array(struct arena *a, struct type *t, const struct type_map *m) {
  struct type *elem = map_walk(a, t->u.array.elem, m);
  bool same = elem == t->u.array.elem;
  if (m->subst == NULL) {
    elem = type_with_unique(a, elem, false);
    same = elem == t->u.array.elem && elem->kind != TYPE_ARRAY;
  }
  struct size **dims = ARENA_ARRAY(a, struct size *, t->u.array.rank);
  for (int i = 0; i < t->u.array.rank; i++) {
    struct size *d = t->u.array.dims[i];
    dims[i] = m->subst == NULL ? size_resolve(a, d) : size_subst(a, d, m->subst);
    same = same && dims[i] == d;
  }
  return same ? t : type_array(a, elem, dims, t->u.array.rank);
}

static struct type *map_part(struct type *part, void *m) {
  return map_walk(((const struct type_map *)m)->arena, part, m);
}

static struct type *map_node(struct arena *a, struct type *t, const struct type_map *m) {
  switch (t->kind) {
  case TYPE_PRIM:
  case TYPE_VAR:
    return t;
  case TYPE_PARAM:
    return map_param(t, m->subst);
  case TYPE_APPLY:
    return map_apply(a, t, m);
  case TYPE_ARRAY:
    return map_array(a, t, m);
  case TYPE_TUPLE:
  case TYPE_RECORD:
    return type_map_parts(a, t, map_part, (void *)m);
  case TYPE_ARROW: {
    struct type *param = map_walk(a, t->u.arrow.param, m);
    struct type *result = map_walk(a, t->u.arrow.result, m);
    if (param == t->u.arrow.param && result == t->u.arrow.result) {
      return t;
    }
    struct type *r = type_arrow(a, t->u.arrow.param_name, param, result);
    r->u.arrow.ext = t->u.arrow.ext;
    r->u.arrow.ext_count = t->u.arrow.ext_count;
    return r;
  }
  }
  return t;
}

static struct type *map_walk(struct arena *a, struct type *t, const struct type_map *m) {
  bool unique = t->unique;
  t = type_head(t);
  if (t->walk != m->walk) {
    struct type *r = map_node(a, t, m);
    t->walk = m->walk;
    t->walk_result = r;
  }
  struct type *r = t->walk_result;
  return type_with_unique(a, r, unique || r->unique);
}

struct type *type_resolve(struct arena *a, struct type *t) {
  struct type_map m = {a, NULL, type_walk_start()};
  return map_walk(a, t, &m);
}

/* -------------------------------------------------------------------- Queries */

bool size_equal(struct size *a, struct size *b) {
  a = size_head(a);
  b = size_head(b);
  if (a->kind != b->kind) {
    return false;
  }
  switch (a->kind) {
  case SIZE_CONST:
    return a->u.value == b->u.value;
  case SIZE_NAME:
    return a->u.name == b->u.name;
  case SIZE_VAR:
    return a->u.var == b->u.var;
  case SIZE_BINOP:
    return a->u.binop.op == b->u.binop.op && size_equal(a->u.binop.lhs, b->u.binop.lhs) &&
           size_equal(a->u.binop.rhs, b->u.binop.rhs);
  case SIZE_APPLY:
    if (a->u.apply.fn != b->u.apply.fn || a->u.apply.count != b->u.apply.count) {
      return false;
    }
    for (int i = 0; i < a->u.apply.count; i++) {
      if (!size_equal(a->u.apply.args[i], b->u.apply.args[i])) {
        return false;
      }
    }
    return true;
  }
  return false;
}

static bool type_equal_node(struct type *a, struct type *b);

bool type_equal(struct type *a, struct type *b) {
  a = type_head(a);
  b = type_head(b);
  if (a == b || a->equal_to == b || b->equal_to == a) {
    return true; /* Note [Shared types] */
  }
  if (!type_equal_node(a, b)) {
    return false;
  }
  a->equal_to = b;
  return true;
}

static bool type_equal_node(struct type *a, struct type *b) {
  if (a->kind != b->kind) {
    return false;
  }
  switch (a->kind) {
  case TYPE_PRIM:
    return a->u.prim == b->u.prim;
  case TYPE_PARAM:
    return a->u.param == b->u.param;
  case TYPE_APPLY:
    if (a->u.apply.ctor != b->u.apply.ctor) {
      return false;
    }
    for (int i = 0; i < a->u.apply.count; i++) {
      if (!type_equal(a->u.apply.args[i], b->u.apply.args[i])) {
        return false;
      }
    }
    for (int i = 0; i < a->u.apply.size_count; i++) {
      if (!size_equal(a->u.apply.sizes[i], b->u.apply.sizes[i])) {
        return false;
      }
    }
    return true;
  case TYPE_VAR:
    return a->u.var == b->u.var;
  case TYPE_ARRAY:
    if (a->u.array.rank != b->u.array.rank) {
      return false;
    }
    for (int i = 0; i < a->u.array.rank; i++) {
      if (!size_equal(a->u.array.dims[i], b->u.array.dims[i])) {
        return false;
      }
    }
    return type_equal(a->u.array.elem, b->u.array.elem);
  case TYPE_TUPLE:
    if (a->u.tuple.count != b->u.tuple.count) {
      return false;
    }
    for (int i = 0; i < a->u.tuple.count; i++) {
      if (!type_equal(a->u.tuple.elems[i], b->u.tuple.elems[i])) {
        return false;
      }
    }
    return true;
  case TYPE_RECORD:
    if (a->u.record.count != b->u.record.count) {
      return false;
    }
    for (int i = 0; i < a->u.record.count; i++) {
      if (a->u.record.fields[i].name != b->u.record.fields[i].name ||
          !type_equal(a->u.record.fields[i].type, b->u.record.fields[i].type)) {
        return false;
      }
    }
    return true;
  case TYPE_ARROW:
    return type_equal(a->u.arrow.param, b->u.arrow.param) &&
           type_equal(a->u.arrow.result, b->u.arrow.result);
  }
  return false;
}

int type_rank(struct type *t) {
  t = type_head(t);
  return t->kind == TYPE_ARRAY ? t->u.array.rank + type_rank(t->u.array.elem) : 0;
}

struct type *type_row(struct arena *a, struct type *t) {
  t = type_norm(a, t);
  if (t->kind != TYPE_ARRAY) {
    return t;
  }
  if (t->u.array.rank == 1) {
    return t->u.array.elem;
  }
  return type_array(a, t->u.array.elem, t->u.array.dims + 1, t->u.array.rank - 1);
}

struct type *type_elem_scalar(struct type *t) {
  t = type_head(t);
  return t->kind == TYPE_ARRAY ? type_elem_scalar(t->u.array.elem) : t;
}

bool type_is_prim(struct type *t, enum prim_type p) {
  t = type_head(t);
  return t->kind == TYPE_PRIM && t->u.prim == p;
}

int type_part_count(struct type *t) {
  t = type_head(t);
  return t->kind == TYPE_TUPLE ? t->u.tuple.count
       : t->kind == TYPE_RECORD ? t->u.record.count
                                : 0;
}

struct type *type_part(struct type *t, int i) {
  t = type_head(t);
  return t->kind == TYPE_TUPLE ? t->u.tuple.elems[i] : t->u.record.fields[i].type;
}

struct type *type_map_parts(struct arena *a, struct type *t, type_part_map_fn f, void *arg) {
  t = type_head(t);
  bool same = true;
  if (t->kind == TYPE_TUPLE) {
    struct type **elems = ARENA_ARRAY(a, struct type *, t->u.tuple.count);
    for (int i = 0; i < t->u.tuple.count; i++) {
      elems[i] = f(t->u.tuple.elems[i], arg);
      same = same && elems[i] == t->u.tuple.elems[i];
    }
    return same ? t : type_tuple(a, elems, t->u.tuple.count);
  }
  struct type_field *fields = ARENA_ARRAY(a, struct type_field, t->u.record.count);
  for (int i = 0; i < t->u.record.count; i++) {
    fields[i].name = t->u.record.fields[i].name;
    fields[i].type = f(t->u.record.fields[i].type, arg);
    same = same && fields[i].type == t->u.record.fields[i].type;
  }
  return same ? t : type_record(a, fields, t->u.record.count);
}

bool size_search(struct size *s, size_found_fn found, void *arg) {
  s = size_head(s);
  if (found(s, arg)) {
    return true;
  }
  if (s->kind == SIZE_APPLY) {
    for (int i = 0; i < s->u.apply.count; i++) {
      if (size_search(s->u.apply.args[i], found, arg)) {
        return true;
      }
    }
    return false;
  }
  return s->kind == SIZE_BINOP &&
         (size_search(s->u.binop.lhs, found, arg) || size_search(s->u.binop.rhs, found, arg));
}

/* type_search walks t's parts, each node once (Note [Shared types]): array elements,
 * tuple and record components and, with `arrows`, function parameters and results. */
static bool search(struct type *t, bool arrows, type_found_fn found, void *arg,
                   unsigned walk) {
  t = type_head(t);
  if (!type_walk_first(t, walk)) {
    return false; /* seen in this walk, and found without */
  }
  if (found(t, arg)) {
    return true;
  }
  switch (t->kind) {
  case TYPE_ARRAY:
    return search(t->u.array.elem, arrows, found, arg, walk);
  case TYPE_TUPLE:
  case TYPE_RECORD:
    for (int i = 0; i < type_part_count(t); i++) {
      if (search(type_part(t, i), arrows, found, arg, walk)) {
        return true;
      }
    }
    return false;
  case TYPE_ARROW:
    return arrows && (search(t->u.arrow.param, arrows, found, arg, walk) ||
                      search(t->u.arrow.result, arrows, found, arg, walk));
  case TYPE_APPLY:
    for (int i = 0; i < t->u.apply.count; i++) {
      if (search(t->u.apply.args[i], arrows, found, arg, walk)) {
        return true;
      }
    }
    return false;
  default:
    return false;
  }
}

bool type_search(struct type *t, bool arrows, type_found_fn found, void *arg) {
  return search(t, arrows, found, arg, type_walk_start());
}

static bool is_arrow(struct type *t, void *arg) {
  (void)arg;
  return t->kind == TYPE_ARROW;
}

bool type_contains_arrow(struct type *t) {
  return type_search(t, false, is_arrow, NULL);
}

static bool is_function_or_lifted(struct type *t, void *arg) {
  (void)arg;
  return t->kind == TYPE_ARROW ||
         (t->kind == TYPE_PARAM && t->u.param->liftedness == TPARAM_LIFTED) ||
         (t->kind == TYPE_APPLY && t->u.apply.ctor->liftedness == TPARAM_LIFTED);
}

bool type_may_be_function(struct type *t) {
  return type_search(t, false, is_function_or_lifted, NULL);
}

static bool is_size_lifted(struct type *t, void *arg) {
  (void)arg;
  return (t->kind == TYPE_PARAM && t->u.param->liftedness == TPARAM_SIZE_LIFTED) ||
         (t->kind == TYPE_APPLY && t->u.apply.ctor->liftedness == TPARAM_SIZE_LIFTED);
}

bool type_may_hide_size(struct type *t) {
  return type_search(t, false, is_size_lifted, NULL);
}

struct type *type_field(struct type *t, name_t field) {
  t = type_head(t);
  if (t->kind == TYPE_RECORD) {
    for (int i = 0; i < t->u.record.count; i++) {
      if (t->u.record.fields[i].name == field) {
        return t->u.record.fields[i].type;
      }
    }
    return NULL;
  }
  if (t->kind == TYPE_TUPLE) {
    char *end;
    long i = strtol(field, &end, 10);
    if (*end == '\0' && field[0] != '\0' && i >= 0 && i < t->u.tuple.count) {
      return t->u.tuple.elems[i];
    }
  }
  return NULL;
}

/* ----------------------------------------------------------------- Substitution */

static struct size *size_subst_arg(struct arena *a, struct size *z, const void *s) {
  return size_subst(a, z, s);
}

struct size *size_subst(struct arena *a, struct size *z, const struct tc_subst *s) {
  z = size_head(z);
  switch (z->kind) {
  case SIZE_NAME:
    for (int i = 0; i < s->size_count; i++) {
      if (s->size_names[i] == z->u.name) {
        return s->sizes[i];
      }
    }
    return z;
  case SIZE_BINOP: {
    struct size *l = size_subst(a, z->u.binop.lhs, s);
    struct size *r = size_subst(a, z->u.binop.rhs, s);
    if (l == z->u.binop.lhs && r == z->u.binop.rhs) {
      return z;
    }
    return size_binop(a, z->u.binop.op, l, r);
  }
  case SIZE_APPLY:
    return size_apply_map(a, z, size_subst_arg, s);
  default:
    return z;
  }
}

/* Note [Shared types]: the result shares what t shares, and is t where nothing
 * changed. */
struct type *type_subst(struct arena *a, struct type *t, const struct tc_subst *s) {
  struct type_map m = {a, s, type_walk_start()};
  return map_walk(a, t, &m);
}

struct type *type_apply_def(struct arena *a, struct tc_binding *ctor, struct type *def,
                            struct type **args, struct size **sizes) {
  struct tc_subst s = {0};
  int n = ctor->scheme.param_count;
  s.type_params = ARENA_ARRAY(a, struct tc_binding *, n + 1);
  s.types = args;
  s.size_names = ARENA_ARRAY(a, struct tc_binding *, n + 1);
  s.sizes = sizes;
  for (int i = 0; i < n; i++) {
    struct type_param *p = &ctor->scheme.params[i];
    if (p->kind == TPARAM_SIZE) {
      s.size_names[s.size_count++] = p->binding;
    } else {
      s.type_params[s.type_count++] = p->binding;
    }
  }
  return type_subst(a, def, &s);
}

/* -------------------------------------------------------------------- Printing */

static const char *const size_op_names[] = {"+", "-", "*", "/", "%"};

static void size_print_prec(struct strbuf *b, struct size *s, int prec) {
  s = size_head(s);
  switch (s->kind) {
  case SIZE_CONST:
    strbuf_printf(b, "%" PRId64, s->u.value);
    return;
  case SIZE_NAME:
    strbuf_puts(b, s->u.name->name);
    return;
  case SIZE_VAR: /* Note [Printing unknowns] */
    strbuf_puts(b, s->u.var->origin != NULL ? s->u.var->origin : "?");
    return;
  case SIZE_BINOP: {
    int mine = s->u.binop.op == SIZE_ADD || s->u.binop.op == SIZE_SUB ? 1 : 2;
    if (mine < prec) {
      strbuf_putc(b, '(');
    }
    size_print_prec(b, s->u.binop.lhs, mine);
    strbuf_puts(b, size_op_names[s->u.binop.op]);
    size_print_prec(b, s->u.binop.rhs, mine + 1);
    if (mine < prec) {
      strbuf_putc(b, ')');
    }
    return;
  }
  case SIZE_APPLY: /* as Futhark prints it: a**b, f a b; parenthesised in an operand */
    if (prec > 0) {
      strbuf_putc(b, '(');
    }
    if (s->u.apply.infix && s->u.apply.count == 2) {
      size_print_prec(b, s->u.apply.args[0], 3);
      strbuf_puts(b, s->u.apply.written);
      size_print_prec(b, s->u.apply.args[1], 3);
    } else {
      strbuf_puts(b, s->u.apply.written);
      for (int i = 0; i < s->u.apply.count; i++) {
        strbuf_putc(b, ' ');
        size_print_prec(b, s->u.apply.args[i], 3);
      }
    }
    if (prec > 0) {
      strbuf_putc(b, ')');
    }
    return;
  }
}

void size_print(struct strbuf *b, struct size *s) {
  size_print_prec(b, s, 0);
}

static void type_print_prec(struct strbuf *b, struct type *t, bool atom, size_t limit);

/* Note [Printing unknowns]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * Messages show what the checker does not know yet as Futhark shows it, never by
 * the checker's own numbering (?269, 'i10): a type or size that stands for a
 * parameter of a polymorphic function at one use prints as that parameter's name
 * (unflatten's [n*m]t), an unknown size as nothing in a type ([]i32, "some size")
 * and as ? elsewhere (n+?, "sizes ? and n do not match"), an
 * overloaded type as its class in words (<numeric>), the fields known of a record
 * so far as {x: f32, ...}, and any other unknown type as 'a, 'b ... (from its number,
 * so that two in one message mostly differ). */

/* An unknown type in a message (Note [Printing unknowns]). */
static void print_var(struct strbuf *b, struct type_var *v, size_t limit) {
  static const char *const what[] = {
      [TC_NUMERIC] = "<numeric>",   [TC_INTEGRAL] = "<integral>",
      [TC_FLOATING] = "<float>",    [TC_ORDERED] = "<primitive>",
      [TC_EQUALITY] = "<comparable>", [TC_INT_LIT] = "<integer literal>",
      [TC_FLOAT_LIT] = "<float literal>"};
  if (v->constraint == TC_NONE && v->origin != NULL) {
    strbuf_puts(b, v->origin);
    return;
  }
  if (v->constraint == TC_NONE) {
    strbuf_printf(b, "'%c", 'a' + v->id % 26);
    return;
  }
  if (v->constraint != TC_FIELDS) {
    strbuf_puts(b, what[v->constraint]);
    return;
  }
  strbuf_putc(b, '{');
  for (int i = 0; i < v->field_count; i++) {
    strbuf_printf(b, "%s: ", v->fields[i].name);
    type_print_prec(b, v->fields[i].type, false, limit);
    strbuf_puts(b, ", ");
  }
  strbuf_puts(b, "...}");
}

/* Prints t, or "..." once the text reaches `limit` (Note [Shared types]). */
static void type_print_prec(struct strbuf *b, struct type *t, bool atom, size_t limit) {
  if (b->len >= limit) {
    if (b->len < 3 || memcmp(b->data + b->len - 3, "...", 3) != 0) {
      strbuf_puts(b, "...");
    }
    return;
  }
  if (t->unique) {
    strbuf_putc(b, '*');
  }
  t = type_head(t);
  switch (t->kind) {
  case TYPE_PRIM:
    strbuf_puts(b, prim_name(t->u.prim));
    return;
  case TYPE_PARAM:
    strbuf_puts(b, t->u.param->display != NULL ? t->u.param->display : t->u.param->name);
    return;
  case TYPE_VAR:
    print_var(b, t->u.var, limit);
    return;
  case TYPE_APPLY: {
    struct tc_binding *c = t->u.apply.ctor;
    if (atom) {
      strbuf_putc(b, '(');
    }
    strbuf_puts(b, c->display != NULL ? c->display : c->name);
    int ti = 0, si = 0;
    for (int i = 0; i < c->scheme.param_count; i++) {
      strbuf_putc(b, ' ');
      if (c->scheme.params[i].kind != TPARAM_SIZE) {
        type_print_prec(b, t->u.apply.args[ti++], true, limit);
        continue;
      }
      struct size *d = size_head(t->u.apply.sizes[si++]);
      strbuf_putc(b, '[');
      if (d->kind != SIZE_VAR || d->u.var->origin != NULL) {
        size_print(b, d); /* an unknown size is [] (Note [Printing unknowns]) */
      }
      strbuf_putc(b, ']');
    }
    if (atom) {
      strbuf_putc(b, ')');
    }
    return;
  }
  case TYPE_ARRAY:
    for (int i = 0; i < t->u.array.rank; i++) {
      struct size *d = size_head(t->u.array.dims[i]);
      strbuf_putc(b, '[');
      if (d->kind != SIZE_VAR || d->u.var->origin != NULL) {
        size_print(b, d); /* an unknown size is [] (Note [Printing unknowns]) */
      }
      strbuf_putc(b, ']');
    }
    type_print_prec(b, t->u.array.elem, true, limit);
    return;
  case TYPE_TUPLE:
    strbuf_putc(b, '(');
    for (int i = 0; i < t->u.tuple.count; i++) {
      strbuf_puts(b, i > 0 ? ", " : "");
      type_print_prec(b, t->u.tuple.elems[i], false, limit);
    }
    strbuf_putc(b, ')');
    return;
  case TYPE_RECORD:
    strbuf_putc(b, '{');
    for (int i = 0; i < t->u.record.count; i++) {
      strbuf_printf(b, "%s%s: ", i > 0 ? ", " : "", t->u.record.fields[i].name);
      type_print_prec(b, t->u.record.fields[i].type, false, limit);
    }
    strbuf_putc(b, '}');
    return;
  case TYPE_ARROW:
    if (atom) {
      strbuf_putc(b, '(');
    }
    if (t->u.arrow.param_name != NULL) {
      strbuf_printf(b, "(%s: ", t->u.arrow.param_name->name);
      type_print_prec(b, t->u.arrow.param, false, limit);
      strbuf_putc(b, ')');
    } else {
      type_print_prec(b, t->u.arrow.param, true, limit);
    }
    strbuf_puts(b, " -> ");
    type_print_prec(b, t->u.arrow.result, false, limit);
    if (atom) {
      strbuf_putc(b, ')');
    }
    return;
  }
}

void type_print(struct strbuf *b, struct type *t) {
  size_t start = b->len;
  type_print_prec(b, t, false, start + TYPE_PRINT_MAX);
  if (b->len > start + TYPE_PRINT_MAX) {
    /* The closing brackets of the parts cut short would be as long again. */
    b->len = start + TYPE_PRINT_MAX;
    strbuf_puts(b, "...");
  }
}

const char *type_to_string(struct arena *a, struct type *t) {
  struct strbuf b;
  strbuf_init(&b);
  type_print(&b, t);
  const char *s = arena_strndup(a, b.data != NULL ? b.data : "", b.len);
  strbuf_free(&b);
  return s;
}

const char *size_to_string(struct arena *a, struct size *s) {
  struct strbuf b;
  strbuf_init(&b);
  size_print(&b, s);
  const char *r = arena_strndup(a, b.data != NULL ? b.data : "", b.len);
  strbuf_free(&b);
  return r;
}
