/* Unification of types and sizes, constraints, joins, and generalisation.
 *
 * Types unify structurally (Hindley-Milner with Futhark's constraints): a unification
 * variable may be restricted to a class of primitive types (numeric, integral,
 * floating, ordered), to types without functions (equality), or to records with at
 * least some fields. A class is a set of primitive types; two classes meet in their
 * intersection, so `x + 1` with x: f32 gives f32, and `1.5 % 2` stays floating.
 * Sizes unify syntactically, as in Futhark: n+1 and 1+n differ. */
#include <limits.h>
#include <string.h>

#include "typecheck/tc.h"

enum {
  MASK_BOOL = 1 << PRIM_BOOL,
  MASK_INTS = (1 << PRIM_I8) | (1 << PRIM_I16) | (1 << PRIM_I32) | (1 << PRIM_I64) |
              (1 << PRIM_U8) | (1 << PRIM_U16) | (1 << PRIM_U32) | (1 << PRIM_U64),
  MASK_FLOATS = (1 << PRIM_F16) | (1 << PRIM_F32) | (1 << PRIM_F64),
};

/* The primitive types a constraint allows; 0 for constraints that are not classes. */
static unsigned prim_mask(enum type_constraint c) {
  switch (c) {
  case TC_NUMERIC:
  case TC_INT_LIT:
    return MASK_INTS | MASK_FLOATS;
  case TC_INTEGRAL:
    return MASK_INTS;
  case TC_FLOATING:
  case TC_FLOAT_LIT:
    return MASK_FLOATS;
  case TC_ORDERED:
    return MASK_INTS | MASK_FLOATS | MASK_BOOL;
  default:
    return 0;
  }
}

static enum type_constraint class_of_mask(unsigned mask, enum type_constraint a,
                                          enum type_constraint b) {
  if (mask == (MASK_INTS | MASK_FLOATS)) {
    return a == TC_INT_LIT || b == TC_INT_LIT ? TC_INT_LIT : TC_NUMERIC;
  }
  if (mask == MASK_FLOATS) {
    return a == TC_FLOAT_LIT || b == TC_FLOAT_LIT ? TC_FLOAT_LIT : TC_FLOATING;
  }
  if (mask == MASK_INTS) {
    return TC_INTEGRAL;
  }
  return TC_ORDERED;
}

const char *constraint_name(enum type_constraint c) {
  switch (c) {
  case TC_NONE:
    return "any type";
  case TC_NUMERIC:
  case TC_INT_LIT:
    return "a numeric type";
  case TC_INTEGRAL:
    return "an integral type";
  case TC_FLOATING:
  case TC_FLOAT_LIT:
    return "a floating-point type";
  case TC_ORDERED:
    return "a primitive type";
  case TC_EQUALITY:
    return "a type without functions";
  case TC_FIELDS:
    return "a record";
  }
  return "?";
}

struct type *fresh_var(struct tc *tc, enum type_constraint c, struct loc loc) {
  struct type *t = type_new_var(tc->arena, c, tc->level, loc);
  t->u.var->id = tc->next_var_id++;
  t->u.var->lifted = true;
  return t;
}

struct size *fresh_size(struct tc *tc, struct loc loc) {
  struct size *s = size_new_var(tc->arena, tc->level, loc);
  s->u.var->id = tc->next_var_id++;
  return s;
}

struct size *fresh_existential(struct tc *tc, name_t hint, struct loc loc) {
  /* Numbered, so that two unknown sizes in one message read differently: d1 and d2. */
  name_t name = intern_printf("%s%d", hint != NULL ? hint : "d", ++tc->existential_count);
  struct tc_binding *b = binding_new(tc, BIND_SIZE, name, loc);
  b->type = type_prim(tc->arena, PRIM_I64);
  return size_name(tc->arena, b);
}

const char *show_type(struct tc *tc, struct type *t) {
  return type_to_string(tc->arena, type_resolve(tc->arena, t));
}

const char *show_size(struct tc *tc, struct size *s) {
  return size_to_string(tc->arena, size_resolve(tc->arena, s));
}

static bool mismatch(struct tc *tc, const char *fmt, const char *a, const char *b) {
  snprintf(tc->mismatch, sizeof tc->mismatch, fmt, a, b);
  return false;
}

/* ------------------------------------------------------------------------ Sizes */

static bool is_size_var(struct size *s, void *v) {
  return s->kind == SIZE_VAR && s->u.var == v;
}

static bool size_occurs(struct size_var *v, struct size *s) {
  return size_search(s, is_size_var, v);
}

static void size_lower_levels(struct size *s, int level) {
  s = size_head(s);
  if (s->kind == SIZE_VAR && s->u.var->level > level) {
    s->u.var->level = level;
  } else if (s->kind == SIZE_BINOP) {
    size_lower_levels(s->u.binop.lhs, level);
    size_lower_levels(s->u.binop.rhs, level);
  } else if (s->kind == SIZE_APPLY) {
    for (int i = 0; i < s->u.apply.count; i++) {
      size_lower_levels(s->u.apply.args[i], level);
    }
  }
}

static bool is_name_deeper(struct size *s, void *level) {
  return s->kind == SIZE_NAME && s->u.name->level > *(int *)level;
}

/* Whether s names a size bound in a scope narrower than `level`: the anonymous size of a
 * parameter made there cannot become it, or the name would escape its scope (Note
 * [Anonymous parameter sizes] in check_type.c); a join gives an existential instead. */
static bool size_bound_deeper(struct size *s, int level) {
  return size_search(s, is_name_deeper, &level);
}

bool unify_sizes(struct tc *tc, struct size *a, struct size *b) {
  a = size_head(a);
  b = size_head(b);
  if (a == b || size_equal(a, b)) {
    return true;
  }
  if (b->kind == SIZE_VAR && a->kind != SIZE_VAR) {
    struct size *t = a;
    a = b;
    b = t;
  }
  if (a->kind == SIZE_VAR) {
    if (size_occurs(a->u.var, b)) {
      return mismatch(tc, "size %s cannot equal %s", show_size(tc, a), show_size(tc, b));
    }
    if (b->kind == SIZE_VAR) {
      b->u.var->scoped = b->u.var->scoped || a->u.var->scoped;
    }
    if (a->u.var->scoped && size_bound_deeper(b, a->u.var->level)) {
      return mismatch(tc, "an anonymous size [] of a parameter cannot be %s%s",
                      show_size(tc, b), ", which is bound inside the definition");
    }
    size_lower_levels(b, a->u.var->level);
    a->u.var->link = b;
    return true;
  }
  if (a->kind == SIZE_BINOP && b->kind == SIZE_BINOP && a->u.binop.op == b->u.binop.op) {
    /* n*m against ?a*?b: solve piecewise; fixed parts must agree. */
    if (unify_sizes(tc, a->u.binop.lhs, b->u.binop.lhs) &&
        unify_sizes(tc, a->u.binop.rhs, b->u.binop.rhs)) {
      return true;
    }
  }
  if (a->kind == SIZE_APPLY && b->kind == SIZE_APPLY && a->u.apply.fn == b->u.apply.fn &&
      a->u.apply.count == b->u.apply.count) {
    /* f n against f ?a: solve argument by argument, as for operators. */
    bool ok = true;
    for (int i = 0; i < a->u.apply.count && ok; i++) {
      ok = unify_sizes(tc, a->u.apply.args[i], b->u.apply.args[i]);
    }
    if (ok) {
      return true;
    }
  }
  return mismatch(tc, "sizes %s and %s do not match", show_size(tc, a), show_size(tc, b));
}

/* ------------------------------------------------------------------------ Types */

/* t with the parameter name `from` of a dependent function type renamed `to`, also in
 * the sizes that project it (s.0: Note [Projections in sizes] in check_type.c). */
static struct type *rename_param(struct tc *tc, struct type *t, struct tc_binding *from,
                                 struct tc_binding *to) {
  int n = 1;
  for (struct tc_binding *p = from->projections; p != NULL; p = p->proj_next) {
    n++;
  }
  struct tc_subst s = {0};
  s.size_names = ARENA_ARRAY(tc->arena, struct tc_binding *, n);
  s.sizes = ARENA_ARRAY(tc->arena, struct size *, n);
  s.size_names[0] = from;
  s.sizes[0] = size_name(tc->arena, to);
  s.size_count = 1;
  for (struct tc_binding *p = from->projections; p != NULL; p = p->proj_next) {
    s.size_names[s.size_count] = p;
    s.sizes[s.size_count++] =
        size_name(tc->arena, projection_binding(tc, to, p->proj_fields, p->proj_count));
  }
  return type_subst(tc->arena, t, &s);
}

/* Each walk below reaches a node once (Note [Shared types] in types.c). */
static bool occurs_walk(struct type_var *v, struct type *t, unsigned walk) {
  t = type_head(t);
  if (!type_walk_first(t, walk)) {
    return false;
  }
  switch (t->kind) {
  case TYPE_VAR:
    return t->u.var == v;
  case TYPE_ARRAY:
    return occurs_walk(v, t->u.array.elem, walk);
  case TYPE_TUPLE:
  case TYPE_RECORD:
    for (int i = 0; i < type_part_count(t); i++) {
      if (occurs_walk(v, type_part(t, i), walk)) {
        return true;
      }
    }
    return false;
  case TYPE_ARROW:
    return occurs_walk(v, t->u.arrow.param, walk) || occurs_walk(v, t->u.arrow.result, walk);
  case TYPE_APPLY:
    for (int i = 0; i < t->u.apply.count; i++) {
      if (occurs_walk(v, t->u.apply.args[i], walk)) {
        return true;
      }
    }
    return false;
  default:
    return false;
  }
}

static bool occurs(struct type_var *v, struct type *t) {
  return occurs_walk(v, t, type_walk_start());
}

/* Variables inside t may not be generalised further out than `level`; under an array
 * they become sized. A node is walked again only when it is reached with a stronger
 * demand than before: the walk's number has two low bits free, bit 0 set marks a
 * visit with `lifted`, bit 1 set a visit without `sized`, and a mark keeps only the
 * bits that every visit so far had. */
static void lower_levels_walk(struct type *t, int level, bool lifted, bool sized,
                              unsigned walk) {
  t = type_head(t);
  unsigned weak = (lifted ? 1u : 0u) | (sized ? 0u : 2u);
  if ((t->walk & ~3u) == walk) {
    unsigned seen = t->walk & 3u;
    if ((seen & weak) == seen) {
      return; /* an earlier visit demanded at least as much */
    }
    weak &= seen;
  }
  t->walk = walk | weak;
  switch (t->kind) {
  case TYPE_VAR:
    if (t->u.var->level > level) {
      t->u.var->level = level;
    }
    if (!lifted) {
      t->u.var->lifted = false;
    }
    if (sized) {
      t->u.var->sized = true;
    }
    return;
  case TYPE_ARRAY:
    for (int i = 0; i < t->u.array.rank; i++) {
      size_lower_levels(t->u.array.dims[i], level);
    }
    lower_levels_walk(t->u.array.elem, level, false, true, walk);
    return;
  case TYPE_TUPLE:
  case TYPE_RECORD:
    for (int i = 0; i < type_part_count(t); i++) {
      lower_levels_walk(type_part(t, i), level, lifted, sized, walk);
    }
    return;
  case TYPE_ARROW:
    lower_levels_walk(t->u.arrow.param, level, true, false, walk);
    lower_levels_walk(t->u.arrow.result, level, true, false, walk);
    return;
  case TYPE_APPLY:
    /* An argument may be what its parameter allows ('a, '~a or '^a). */
    for (int i = 0, ti = 0; i < t->u.apply.ctor->scheme.param_count; i++) {
      enum type_param_kind k = t->u.apply.ctor->scheme.params[i].kind;
      if (k != TPARAM_SIZE) {
        lower_levels_walk(t->u.apply.args[ti++], level, k == TPARAM_LIFTED, k == TPARAM_TYPE,
                          walk);
      }
    }
    for (int i = 0; i < t->u.apply.size_count; i++) {
      size_lower_levels(t->u.apply.sizes[i], level);
    }
    return;
  default:
    return;
  }
}

static void lower_levels(struct type *t, int level, bool lifted, bool sized) {
  lower_levels_walk(t, level, lifted, sized, type_walk_start());
}

/* Can a variable with these fields become t? Unifies the fields' types. */
static bool fields_fit(struct tc *tc, struct type_var *v, struct type *t) {
  for (int i = 0; i < v->field_count; i++) {
    struct type *ft = type_field(t, v->fields[i].name);
    if (ft == NULL) {
      return mismatch(tc, "%s has no field '%s'", show_type(tc, t), v->fields[i].name);
    }
    if (!unify(tc, v->fields[i].type, ft)) {
      return false;
    }
  }
  return true;
}

void forbid_functions(struct tc *tc, struct type *t, struct loc loc, const char *what) {
  if (type_may_be_function(t)) {
    diag_fatal(loc, "%s %s", what, show_type(tc, t));
  }
  lower_levels(t, INT_MAX, false, false);
}

void forbid_size_lifted(struct tc *tc, struct type *t, struct loc loc, const char *what) {
  if (type_may_hide_size(t)) {
    diag_fatal(loc, "%s %s, which is size-lifted (it may hide a size)", what, show_type(tc, t));
  }
  lower_levels(t, INT_MAX, true, true);
}

bool constrain(struct tc *tc, struct type *t, enum type_constraint c) {
  t = type_head(t);
  if (c == TC_NONE) {
    return true;
  }
  if (t->kind == TYPE_VAR) {
    struct type_var *v = t->u.var;
    unsigned mc = prim_mask(c), mv = prim_mask(v->constraint);
    if (v->constraint == TC_NONE) {
      v->constraint = c;
    } else if (c == TC_EQUALITY) {
      /* Every class of primitive types and every record admits equality when its
       * parts do; the record's fields are checked when it is resolved. */
    } else if (v->constraint == TC_EQUALITY) {
      v->constraint = c;
    } else if (mc != 0 && mv != 0) {
      if ((mc & mv) == 0) {
        return mismatch(tc, "no type is both %s and %s", constraint_name(c),
                        constraint_name(v->constraint));
      }
      v->constraint = class_of_mask(mc & mv, c, v->constraint);
    } else if (c != v->constraint) {
      return mismatch(tc, "no type is both %s and %s", constraint_name(c),
                      constraint_name(v->constraint));
    }
    return true;
  }
  if (c == TC_EQUALITY) {
    if (type_may_be_function(t)) {
      return mismatch(tc, "%s may be a function, and functions do not support equality%s",
                      show_type(tc, t), "");
    }
    return true;
  }
  unsigned mask = prim_mask(c);
  if (t->kind == TYPE_PRIM && (mask & (1u << t->u.prim)) != 0) {
    return true;
  }
  if (t->kind == TYPE_PARAM && t->u.param->constraint != TC_NONE &&
      (prim_mask(t->u.param->constraint) & ~mask) == 0 &&
      prim_mask(t->u.param->constraint) != 0) {
    return true;
  }
  return mismatch(tc, "%s is not %s", show_type(tc, t), constraint_name(c));
}

static bool bind_var(struct tc *tc, struct type *var, struct type *t) {
  struct type_var *v = var->u.var;
  struct type *th = type_head(t);
  if (th->kind == TYPE_VAR && th->u.var == v) {
    return true;
  }
  if (occurs(v, th)) {
    return mismatch(tc, "%s would contain itself (%s)", show_type(tc, var), show_type(tc, th));
  }
  if (!v->lifted && type_may_be_function(th)) {
    if (v->constraint == TC_EQUALITY) {
      return mismatch(tc, "%s may be a function, and functions do not support equality%s",
                      show_type(tc, th), "");
    }
    return mismatch(tc, "%s %s, but functions cannot be stored in arrays, returned from "
                        "branches or loops, or passed where a value is expected",
                    show_type(tc, th),
                    type_contains_arrow(th) ? "is a function type" : "may be a function");
  }
  if (v->sized && type_may_hide_size(th)) {
    /* Note [Size-lifted array elements] */
    return mismatch(tc, "%s is size-lifted (it may hide a size), but array elements and "
                        "instances of a type parameter 'a may not hide sizes%s",
                    show_type(tc, th), "");
  }
  if (v->constraint == TC_FIELDS) {
    if (th->kind == TYPE_VAR) {
      /* Both records of unknown shape: merge the known fields into th. */
      struct type_var *w = th->u.var;
      if (w->constraint != TC_NONE && w->constraint != TC_FIELDS &&
          w->constraint != TC_EQUALITY) {
        return mismatch(tc, "no type is both a record and %s", constraint_name(w->constraint),
                        "");
      }
      for (int i = 0; i < v->field_count; i++) {
        bool found = false;
        for (int j = 0; j < w->field_count && !found; j++) {
          if (w->fields[j].name == v->fields[i].name) {
            found = true;
            if (!unify(tc, w->fields[j].type, v->fields[i].type)) {
              return false;
            }
          }
        }
        if (!found) {
          struct type_field *fs = ARENA_ARRAY(tc->arena, struct type_field, w->field_count + 1);
          if (w->field_count > 0) {
            memcpy(fs, w->fields, sizeof *fs * (size_t)w->field_count);
          }
          fs[w->field_count++] = v->fields[i];
          w->fields = fs;
        }
      }
      w->constraint = TC_FIELDS;
    } else if (!fields_fit(tc, v, th)) {
      return false;
    }
  } else if (!constrain(tc, th, v->constraint)) {
    return false;
  }
  lower_levels(th, v->level, v->lifted, v->sized);
  v->link = t;
  return true;
}

static bool unify_arrays(struct tc *tc, struct type *a, struct type *b) {
  int ra = a->u.array.rank, rb = b->u.array.rank;
  if (ra > rb) {
    struct type *t = a;
    a = b;
    b = t;
    int r = ra;
    ra = rb;
    rb = r;
  }
  for (int i = 0; i < ra; i++) {
    if (!unify_sizes(tc, a->u.array.dims[i], b->u.array.dims[i])) {
      return false;
    }
  }
  if (ra == rb) {
    return unify(tc, a->u.array.elem, b->u.array.elem);
  }
  /* [n]t against [n][m]u: t must become [m]u. */
  struct type *elem = type_head(a->u.array.elem);
  if (elem->kind != TYPE_VAR) {
    return mismatch(tc, "arrays of rank %s and %s", ra == 1 ? "1" : "lower", "higher");
  }
  struct type *rest = type_array(tc->arena, b->u.array.elem, b->u.array.dims + ra, rb - ra);
  return unify(tc, elem, rest);
}

static bool unify_records(struct tc *tc, struct type *a, struct type *b) {
  if (a->u.record.count != b->u.record.count) {
    return false;
  }
  for (int i = 0; i < a->u.record.count; i++) {
    if (a->u.record.fields[i].name != b->u.record.fields[i].name ||
        !unify(tc, a->u.record.fields[i].type, b->u.record.fields[i].type)) {
      return false;
    }
  }
  return true;
}

static bool unify_nodes(struct tc *tc, struct type *a, struct type *b);

/* Note [Shared types] in types.c: two nodes unified once are equal from then on. */
bool unify(struct tc *tc, struct type *a, struct type *b) {
  a = type_norm(tc->arena, a);
  b = type_norm(tc->arena, b);
  if (a == b || a->equal_to == b || b->equal_to == a) {
    return true;
  }
  if (!unify_nodes(tc, a, b)) {
    return false;
  }
  a->equal_to = b;
  return true;
}

static bool unify_nodes(struct tc *tc, struct type *a, struct type *b) {
  if (a->kind == TYPE_VAR) {
    return bind_var(tc, a, b);
  }
  if (b->kind == TYPE_VAR) {
    return bind_var(tc, b, a);
  }
  bool ok = false;
  if (a->kind == b->kind) {
    switch (a->kind) {
    case TYPE_PRIM:
      ok = a->u.prim == b->u.prim;
      break;
    case TYPE_PARAM:
      ok = a->u.param == b->u.param;
      break;
    case TYPE_ARRAY:
      return unify_arrays(tc, a, b);
    case TYPE_TUPLE:
      if (a->u.tuple.count == b->u.tuple.count) {
        for (int i = 0; i < a->u.tuple.count; i++) {
          if (!unify(tc, a->u.tuple.elems[i], b->u.tuple.elems[i])) {
            return false;
          }
        }
        return true;
      }
      break;
    case TYPE_RECORD:
      if (a->u.record.count == b->u.record.count) {
        bool same_names = true;
        for (int i = 0; i < a->u.record.count; i++) {
          same_names = same_names && a->u.record.fields[i].name == b->u.record.fields[i].name;
        }
        if (same_names) {
          return unify_records(tc, a, b);
        }
      }
      break;
    case TYPE_ARROW: {
      /* (x: i64) -> [x]t and (n: i64) -> [n]t are the same type: rename n to x. */
      struct type *br = b->u.arrow.result;
      struct tc_binding *an = a->u.arrow.param_name, *bn = b->u.arrow.param_name;
      if (an != NULL && bn != NULL && an != bn) {
        br = rename_param(tc, br, bn, an);
      }
      return unify(tc, a->u.arrow.param, b->u.arrow.param) &&
             unify(tc, a->u.arrow.result, br);
    }
    case TYPE_APPLY:
      /* M.t a and M.t b are the same type where a and b are: M.t is abstract. */
      if (a->u.apply.ctor == b->u.apply.ctor) {
        for (int i = 0; i < a->u.apply.count; i++) {
          if (!unify(tc, a->u.apply.args[i], b->u.apply.args[i])) {
            return false;
          }
        }
        for (int i = 0; i < a->u.apply.size_count; i++) {
          if (!unify_sizes(tc, a->u.apply.sizes[i], b->u.apply.sizes[i])) {
            return false;
          }
        }
        return true;
      }
      break;
    case TYPE_VAR:
      break;
    }
  }
  if (!ok) {
    return mismatch(tc, "%s and %s do not match", show_type(tc, a), show_type(tc, b));
  }
  return true;
}

void expect_type(struct tc *tc, struct type *expected, struct type *found, struct loc loc,
                 const char *context) {
  tc->mismatch[0] = '\0';
  if (unify(tc, expected, found)) {
    return;
  }
  diag_fatal(loc, "%s: expected %s, found %s (%s)", context, show_type(tc, expected),
             show_type(tc, found), tc->mismatch);
}

/* ------------------------------------------------------------------------ Joins */

static struct size *join_sizes(struct tc *tc, struct size *a, struct size *b,
                               struct loc loc) {
  a = size_head(a);
  b = size_head(b);
  if (size_equal(a, b)) {
    return a;
  }
  if (a->kind == SIZE_VAR || b->kind == SIZE_VAR) {
    if (unify_sizes(tc, a, b)) {
      return a;
    }
  }
  return fresh_existential(tc, NULL, loc);
}

/* What join made of a pair of nodes: types are shared (Note [Shared types] in
 * types.c), so the same pair comes again and again; the join is made once. */
struct join_memo {
  struct ptrmap made; /* a's node -> struct join_made */
};

struct join_made {
  struct type *b, *result;
};

static struct type *join_nodes(struct tc *tc, struct join_memo *m, struct type *a,
                               struct type *b, struct loc loc, const char *context);

static struct type *join(struct tc *tc, struct join_memo *m, struct type *a, struct type *b,
                         struct loc loc, const char *context) {
  struct type *ha = type_norm(tc->arena, a), *hb = type_norm(tc->arena, b);
  if (ha == hb && !ha->unique && !a->unique && !b->unique) {
    return ha;
  }
  struct join_made *made = ptrmap_get(&m->made, ha);
  if (made != NULL && made->b == hb) {
    return made->result;
  }
  struct type *r = join_nodes(tc, m, a, b, loc, context);
  made = ARENA_NEW(tc->arena, struct join_made);
  made->b = hb;
  made->result = r;
  ptrmap_put(&m->made, ha, made);
  return r;
}

static struct type *join_nodes(struct tc *tc, struct join_memo *m, struct type *a,
                               struct type *b, struct loc loc, const char *context) {
  struct type *ha = type_norm(tc->arena, a), *hb = type_norm(tc->arena, b);
  if (ha->kind == TYPE_ARRAY && hb->kind == TYPE_ARRAY &&
      ha->u.array.rank == hb->u.array.rank) {
    int rank = ha->u.array.rank;
    struct size **dims = ARENA_ARRAY(tc->arena, struct size *, rank);
    for (int i = 0; i < rank; i++) {
      dims[i] = join_sizes(tc, ha->u.array.dims[i], hb->u.array.dims[i], loc);
    }
    return type_array(tc->arena, join(tc, m, ha->u.array.elem, hb->u.array.elem, loc, context),
                      dims, rank);
  }
  if (ha->kind == TYPE_TUPLE && hb->kind == TYPE_TUPLE &&
      ha->u.tuple.count == hb->u.tuple.count) {
    struct type **elems = ARENA_ARRAY(tc->arena, struct type *, ha->u.tuple.count);
    for (int i = 0; i < ha->u.tuple.count; i++) {
      elems[i] = join(tc, m, ha->u.tuple.elems[i], hb->u.tuple.elems[i], loc, context);
    }
    return type_tuple(tc->arena, elems, ha->u.tuple.count);
  }
  if (ha->kind == TYPE_RECORD && hb->kind == TYPE_RECORD &&
      ha->u.record.count == hb->u.record.count) {
    int n = ha->u.record.count;
    struct type_field *fields = ARENA_ARRAY(tc->arena, struct type_field, n);
    for (int i = 0; i < n; i++) {
      if (ha->u.record.fields[i].name != hb->u.record.fields[i].name) {
        expect_type(tc, a, b, loc, context);
      }
      fields[i].name = ha->u.record.fields[i].name;
      fields[i].type = join(tc, m, ha->u.record.fields[i].type, hb->u.record.fields[i].type,
                            loc, context);
    }
    return type_record(tc->arena, fields, n);
  }
  expect_type(tc, a, b, loc, context);
  return a;
}

struct type *join_types(struct tc *tc, struct type *a, struct type *b, struct loc loc,
                        const char *context) {
  struct join_memo m;
  ptrmap_init(&m.made, tc->arena);
  return join(tc, &m, a, b, loc, context);
}

/* ------------------------------------------------------------ Generalisation */

static enum prim_type default_prim(enum type_constraint c) {
  switch (c) {
  case TC_NUMERIC:
  case TC_INT_LIT:
  case TC_INTEGRAL:
  case TC_ORDERED:
    return PRIM_I32;
  case TC_FLOATING:
  case TC_FLOAT_LIT:
    return PRIM_F64;
  default:
    return PRIM_NONE;
  }
}

/* Walks t, applying `visit` to every unresolved variable. */
struct var_walk {
  struct tc *tc;
  int level;
  unsigned walk; /* each node once (Note [Shared types] in types.c) */
  VEC(struct type_var *) vars;
  VEC(struct size_var *) sizes;
};

static void collect_size(struct var_walk *w, struct size *s) {
  s = size_head(s);
  if (s->kind == SIZE_VAR && s->u.var->level > w->level) {
    for (int i = 0; i < w->sizes.len; i++) {
      if (w->sizes.items[i] == s->u.var) {
        return;
      }
    }
    VEC_PUSH(w->tc->arena, &w->sizes, s->u.var);
  } else if (s->kind == SIZE_BINOP) {
    collect_size(w, s->u.binop.lhs);
    collect_size(w, s->u.binop.rhs);
  } else if (s->kind == SIZE_APPLY) {
    for (int i = 0; i < s->u.apply.count; i++) {
      collect_size(w, s->u.apply.args[i]);
    }
  }
}

static void collect(struct var_walk *w, struct type *t) {
  t = type_head(t);
  if (!type_walk_first(t, w->walk)) {
    return;
  }
  switch (t->kind) {
  case TYPE_VAR:
    if (t->u.var->level > w->level) {
      for (int i = 0; i < w->vars.len; i++) {
        if (w->vars.items[i] == t->u.var) {
          return;
        }
      }
      VEC_PUSH(w->tc->arena, &w->vars, t->u.var);
    }
    for (int i = 0; i < t->u.var->field_count; i++) {
      collect(w, t->u.var->fields[i].type);
    }
    return;
  case TYPE_ARRAY:
    for (int i = 0; i < t->u.array.rank; i++) {
      collect_size(w, t->u.array.dims[i]);
    }
    collect(w, t->u.array.elem);
    return;
  case TYPE_TUPLE:
  case TYPE_RECORD:
    for (int i = 0; i < type_part_count(t); i++) {
      collect(w, type_part(t, i));
    }
    return;
  case TYPE_ARROW:
    collect(w, t->u.arrow.param);
    collect(w, t->u.arrow.result);
    return;
  case TYPE_APPLY:
    for (int i = 0; i < t->u.apply.count; i++) {
      collect(w, t->u.apply.args[i]);
    }
    for (int i = 0; i < t->u.apply.size_count; i++) {
      collect_size(w, t->u.apply.sizes[i]);
    }
    return;
  default:
    return;
  }
}

static void default_var(struct tc *tc, struct type_var *v) {
  if (v->link != NULL) {
    return;
  }
  enum prim_type p = default_prim(v->constraint);
  if (p != PRIM_NONE) {
    v->link = type_prim(tc->arena, p);
  } else if (v->constraint == TC_FIELDS) {
    diag_fatal(v->loc, "the type of this record is ambiguous: add a type annotation");
  } else {
    v->link = type_unit(tc->arena);
  }
}

void default_type(struct tc *tc, struct type *t) {
  struct var_walk w = {.tc = tc, .level = -1, .walk = type_walk_start()};
  collect(&w, t);
  for (int i = 0; i < w.vars.len; i++) {
    default_var(tc, w.vars.items[i]);
  }
}

struct tc_binding **generalise(struct tc *tc, struct type *t, int level, bool top,
                               int *count) {
  struct var_walk w = {.tc = tc, .level = level, .walk = type_walk_start()};
  collect(&w, t);
  if (!top) {
    /* A record of a shape not yet known stays open in a local function, and so do the
     * types of its fields: later uses decide them. */
    for (int i = 0; i < w.vars.len; i++) {
      struct type_var *v = w.vars.items[i];
      if (v->link == NULL && v->constraint == TC_FIELDS) {
        struct var_walk inner = {.tc = tc, .level = level, .walk = type_walk_start()};
        for (int f = 0; f < v->field_count; f++) {
          collect(&inner, v->fields[f].type);
        }
        for (int j = 0; j < inner.vars.len; j++) {
          inner.vars.items[j]->level = level;
        }
      }
    }
    int kept = 0;
    for (int i = 0; i < w.vars.len; i++) {
      if (w.vars.items[i]->level > level) {
        w.vars.items[kept++] = w.vars.items[i];
      }
    }
    w.vars.len = kept;
  }
  VEC(struct tc_binding *) params = {0};
  for (int i = 0; i < w.vars.len; i++) {
    struct type_var *v = w.vars.items[i];
    if (v->link != NULL) {
      continue;
    }
    if (v->constraint == TC_NONE || v->constraint == TC_EQUALITY) {
      struct tc_binding *b = binding_new(tc, BIND_TYPE_PARAM,
                                         intern_printf("t%d", (int)params.len), v->loc);
      b->liftedness = v->lifted ? TPARAM_LIFTED : v->sized ? TPARAM_TYPE : TPARAM_SIZE_LIFTED;
      v->link = type_param(tc->arena, b);
      VEC_PUSH(tc->arena, &params, b);
    } else if (top) {
      default_var(tc, v);
    } else {
      /* An overloaded variable of a local function stays open: its uses below may
       * still decide it (let plus x y = x + y in plus 1i64 2). */
      v->level = level;
    }
  }
  for (int i = 0; i < w.sizes.len; i++) {
    struct size_var *v = w.sizes.items[i];
    if (v->link == NULL) {
      name_t name = v->scoped && v->origin != NULL ? v->origin
                                                   : intern_printf("n%d", tc->anon_sizes++);
      struct tc_binding *b = binding_new(tc, BIND_SIZE, name, v->loc);
      b->type = type_prim(tc->arena, PRIM_I64);
      b->is_size_param = true;
      v->link = size_name(tc->arena, b);
      VEC_PUSH(tc->arena, &tc->implicit_sizes, b);
    }
  }
  *count = params.len;
  return params.items;
}
