/* Internalisation: the typed AST to the core IR, by static interpretation.
 *
 * Requires a type-checked program; produces IR in A-normal form with every value
 * flattened into scalar and array components (internalise_internal.h explains the
 * static values and the flattening). Functions are inlined at their call sites, except
 * first-order definitions, which become one IR function per instantiation (so code is
 * not duplicated needlessly, and nothing grows exponentially with nesting).
 *
 * Sizes: every size the typed AST names is an i64 in the IR. Size parameters of a
 * function are read off its arguments' shapes; an existential size (from filter, a
 * slice, a branch) is bound, when a pattern first binds a value of that size, to the
 * value's shape, or taken from the value that showed it (Note [Sizes that values
 * show]); a size parameter that only a function argument shows stays unknown until
 * then (Note [Sizes only a function argument shows]). */
#include <stdlib.h>
#include <string.h>

#include "ir/internalise_internal.h"

enum { MAX_INLINE_DEPTH = 200 };

/* ------------------------------------------------------------- Environment */

struct ienv *env_add(struct ictx *c, struct ienv *env, struct tc_binding *b, struct sv *v) {
  struct ienv *e = ARENA_NEW(c->arena, struct ienv);
  e->key = b;
  e->value = v;
  e->next = env;
  return e;
}

struct ienv *env_add_type(struct ictx *c, struct ienv *env, struct tc_binding *b,
                          struct type *t) {
  struct ienv *e = ARENA_NEW(c->arena, struct ienv);
  e->key = b;
  e->type = t;
  e->next = env;
  return e;
}

struct sv *env_lookup(struct ienv *env, struct tc_binding *b) {
  for (; env != NULL; env = env->next) {
    if (env->key == b) {
      return env->value;
    }
  }
  return NULL;
}

/* Marks size parameter b as unknown until a value of its size is bound (Note [Sizes
 * only a function argument shows]); `call` is the call that left it so. */
static struct ienv *env_add_unknown_size(struct ictx *c, struct ienv *env,
                                         struct tc_binding *b, struct loc call) {
  struct ienv *e = ARENA_NEW(c->arena, struct ienv);
  e->key = b;
  e->unknown_size = true;
  e->call = call;
  e->next = env;
  return e;
}

static struct ienv *env_find(struct ienv *env, struct tc_binding *b) {
  for (; env != NULL; env = env->next) {
    if (env->key == b) {
      return env;
    }
  }
  return NULL;
}

static struct type *env_type(struct ienv *env, struct tc_binding *b) {
  for (; env != NULL; env = env->next) {
    if (env->key == b && env->value == NULL && !env->unknown_size) {
      return env->type;
    }
  }
  return NULL;
}

/* ------------------------------------------------------------------ Types */

/* The type with its parameters replaced by their instances in env. Parts in which
 * nothing changes are shared, not copied: every expression's type is made concrete,
 * and copies would take memory quadratic in the depth of nested types. */
static struct type *concrete_walk(struct ictx *c, struct ienv *env, struct type *t,
                                  unsigned walk);

static struct type *concrete_node(struct ictx *c, struct ienv *env, struct type *t,
                                  unsigned walk) {
  struct type *r = t;
  switch (t->kind) {
  case TYPE_PRIM:
    break;
  case TYPE_VAR:
    /* The checker defaults every variable; one left means a value nobody inspects. */
    r = type_unit(c->arena);
    break;
  case TYPE_PARAM: {
    if (t->u.param->abstract_def != NULL) {
      /* A type made abstract by an ascription M : S is, underneath, its definition. */
      r = concrete_walk(c, env, t->u.param->abstract_def, walk);
      break;
    }
    struct type *bound = env_type(env, t->u.param);
    if (bound == NULL) {
      ICE("internalise", c->loc, "type parameter '%s' has no instance", t->u.param->name);
    }
    r = bound;
    break;
  }
  case TYPE_APPLY: {
    /* M.t a of an ascribed M: its definition, at the arguments (whose parameters are
     * made concrete with it). */
    struct tc_binding *ctor = t->u.apply.ctor;
    if (ctor->abstract_def == NULL) {
      ICE("internalise", c->loc, "abstract type '%s' has no definition", ctor->name);
    }
    struct type *def = type_apply_def(c->arena, ctor, ctor->abstract_def, t->u.apply.args,
                                       t->u.apply.sizes);
    r = concrete_walk(c, env, def, walk);
    break;
  }
  case TYPE_ARRAY: {
    struct type *elem = concrete_walk(c, env, t->u.array.elem, walk);
    if (elem != type_head(t->u.array.elem)) {
      r = type_array(c->arena, elem, t->u.array.dims, t->u.array.rank);
    }
    break;
  }
  case TYPE_TUPLE: {
    struct type **elems = ARENA_ARRAY(c->arena, struct type *, t->u.tuple.count);
    bool changed = false;
    for (int i = 0; i < t->u.tuple.count; i++) {
      elems[i] = concrete_walk(c, env, t->u.tuple.elems[i], walk);
      changed = changed || elems[i] != type_head(t->u.tuple.elems[i]);
    }
    if (changed) {
      r = type_tuple(c->arena, elems, t->u.tuple.count);
    }
    break;
  }
  case TYPE_RECORD: {
    struct type_field *fields = ARENA_ARRAY(c->arena, struct type_field, t->u.record.count);
    bool changed = false;
    for (int i = 0; i < t->u.record.count; i++) {
      fields[i].name = t->u.record.fields[i].name;
      fields[i].type = concrete_walk(c, env, t->u.record.fields[i].type, walk);
      changed = changed || fields[i].type != type_head(t->u.record.fields[i].type);
    }
    if (changed) {
      r = type_record(c->arena, fields, t->u.record.count);
    }
    break;
  }
  case TYPE_ARROW: {
    struct type *param = concrete_walk(c, env, t->u.arrow.param, walk);
    struct type *result = concrete_walk(c, env, t->u.arrow.result, walk);
    if (param != type_head(t->u.arrow.param) || result != type_head(t->u.arrow.result)) {
      r = type_arrow(c->arena, t->u.arrow.param_name, param, result);
      r->u.arrow.ext = t->u.arrow.ext;
      r->u.arrow.ext_count = t->u.arrow.ext_count;
    }
    break;
  }
  }
  return r;
}

/* Each node once per call (Note [Shared types] in typecheck/types.c). */
static struct type *concrete_walk(struct ictx *c, struct ienv *env, struct type *t,
                                  unsigned walk) {
  bool unique = t->unique;
  t = type_head(t);
  if (t->walk != walk) {
    struct type *r = concrete_node(c, env, t, walk);
    t->walk = walk;
    t->walk_result = r;
  }
  return type_with_unique(c->arena, t->walk_result, unique);
}

/* The number of nodes of t written out as a tree, counting shared parts each time,
 * stopping past `budget`. */
static long tree_size(struct type *t, long budget) {
  t = type_head(t);
  long n = 1;
  switch (t->kind) {
  case TYPE_ARRAY:
    return n + tree_size(t->u.array.elem, budget - n);
  case TYPE_TUPLE:
    for (int i = 0; i < t->u.tuple.count && n <= budget; i++) {
      n += tree_size(t->u.tuple.elems[i], budget - n);
    }
    return n;
  case TYPE_RECORD:
    for (int i = 0; i < t->u.record.count && n <= budget; i++) {
      n += tree_size(t->u.record.fields[i].type, budget - n);
    }
    return n;
  case TYPE_ARROW:
    n += tree_size(t->u.arrow.param, budget - n);
    return n <= budget ? n + tree_size(t->u.arrow.result, budget - n) : n;
  default:
    return n;
  }
}

/* Note [Types too large to flatten]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * The checker keeps types shared (Note [Shared types] in typecheck/types.c), but the
 * IR gives a value one component per primitive part of its type, so a tuple type
 * that nests 40 pairs has 2^40 components. Internalise refuses a type with more than
 * IR_MAX_TYPE_PARTS parts written out (tuples, records, arrays and leaves, shared
 * ones counted each time), with a located error, before anything walks it as a tree.
 * Counting stops at the bound, so the check costs at most that many steps. */
struct type *concrete(struct ictx *c, struct ienv *env, struct type *t) {
  struct type *r = concrete_walk(c, env, t, type_walk_start());
  if (tree_size(r, IR_MAX_TYPE_PARTS) > IR_MAX_TYPE_PARTS) {
    diag_fatal(c->loc, "this value's type is too large: it has more than %d parts "
                       "(tuples and records are flattened, one value per part)",
               IR_MAX_TYPE_PARTS);
  }
  return r;
}

/* The sum of f over the components of a tuple or record type; 0 for other types. */
static int sum_over_parts(struct type *t, int (*f)(struct type *)) {
  int n = 0;
  for (int i = 0; i < type_part_count(t); i++) {
    n += f(type_part(t, i));
  }
  return n;
}

int comp_count(struct type *t) {
  t = type_head(t);
  switch (t->kind) {
  case TYPE_PRIM:
    return 1;
  case TYPE_ARRAY:
    return comp_count(t->u.array.elem);
  default:
    return sum_over_parts(t, comp_count);
  }
}

bool size_known(struct ictx *c, struct ienv *env, struct size *s, struct ir_subexp *out) {
  s = size_head(s);
  if (s->kind == SIZE_CONST) {
    *out = ir_se_i64(s->u.value);
    return true;
  }
  if (s->kind != SIZE_NAME) {
    return false;
  }
  struct sv *v = env_lookup(env, s->u.name);
  if (v == NULL && s->u.name->size_alias != NULL) {
    return size_known(c, env, s->u.name->size_alias, out);
  }
  if (v == NULL && s->u.name->proj_base != NULL && s->u.name->proj_base->kind == BIND_VAR) {
    /* s.0 of a variable s: a component of its value, known as a name's is (Note
     * [Projections in sizes] in check_type.c) */
    v = env_lookup(env, s->u.name->proj_base);
    for (int i = 0; v != NULL && i < s->u.name->proj_count; i++) {
      v = sv_field(c, v, s->u.name->proj_fields[i]);
    }
  }
  if (v == NULL || v->kind != SV_DYNAMIC || v->u.dyn.count != 1) {
    return false;
  }
  *out = v->u.dyn.comps[0];
  return true;
}

static enum ir_binop size_binop_ir(enum size_op op) {
  switch (op) {
  case SIZE_ADD:
    return IR_BINOP_ADD;
  case SIZE_SUB:
    return IR_BINOP_SUB;
  case SIZE_MUL:
    return IR_BINOP_MUL;
  case SIZE_DIV:
    return IR_BINOP_DIV;
  case SIZE_MOD:
    return IR_BINOP_MOD;
  }
  return IR_BINOP_ADD;
}

/* Note [Sizes that values show]
 *
 * An existential size (filter's, a function's ?[k]) gets its value when a pattern binds
 * a value of that size (bind_sizes reads it off the value's shape). A value that is
 * never bound, but passed on directly, shows its sizes too:
 *
 *   length (map (\_ -> ()) (filter (> 0) xs))
 *
 * Here length's size is filter's existential d, and map's result, an array of (), has
 * no component to read it from. So every value made is noted with the body it was made
 * in (c->shown, newest first), and SOACs note the outer size of what they make (map its
 * width, filter its count, replicate its n). A size that env does not know is looked up
 * there, among the values of the body that statements go to now: their variables are
 * in scope. A pattern that binds an array of () takes such sizes into env (bind_pat), so
 * that inner bodies (a lambda's) know them too. Only the introducing expression of an
 * existential makes a value of that size that the same body has not seen before, so the
 * newest note is the right one when one expression is inlined twice into a body.
 *
 * A size that leaves a body of its own, for an array of () that no component carries
 * (hidden_sizes), is returned beside the value: an if gets an extra i64 result per such
 * size, computed in each branch from the branch's own type at the same place
 * (size_at_same_place); a specialised function gets extra results after its own
 * (struct ispec's hidden); a loop gets extra parameters; an inlined function's or a
 * lambda's result notes them from its body's type (show_result_sizes). The caller notes
 * each under the name its own type has at that place. */
static bool find_size_source(struct type *t, struct tc_binding *s, int *comp, int *dim,
                             int base, struct size **outer, int outer_rank);

void show_value_sizes(struct ictx *c, struct sv *v) {
  if (v->kind != SV_DYNAMIC || v->type == NULL) {
    return;
  }
  bool arrays = false;
  for (int i = 0; i < v->u.dyn.count && !arrays; i++) {
    arrays = ir_subexp_type(v->u.dyn.comps[i]).rank > 0;
  }
  if (!arrays) {
    return;
  }
  struct shown_size *n = ARENA_NEW(c->arena, struct shown_size);
  n->body = c->body;
  n->sv = v;
  n->next = c->shown;
  c->shown = n;
}

void note_shown_size(struct ictx *c, struct tc_binding *name, struct ir_subexp value) {
  struct shown_size *n = ARENA_NEW(c->arena, struct shown_size);
  n->body = c->body;
  n->name = name;
  n->value = value;
  n->next = c->shown;
  c->shown = n;
}

void show_outer_size(struct ictx *c, struct type *t, struct ir_subexp size) {
  t = type_head(t);
  if (t->kind == TYPE_ARRAY && size_head(t->u.array.dims[0])->kind == SIZE_NAME) {
    note_shown_size(c, size_head(t->u.array.dims[0])->u.name, size);
  }
}

/* The sizes named in t that env does not know and that no component of a value of
 * type t shows: the dimensions of arrays of () (Note [Sizes that values show]). A
 * construct that makes such a value (an if) returns them as extra results. */
struct hidden_walk {
  struct ictx *c;
  struct ienv *env;
  struct type *whole;
  struct tc_binding **names;
  int count;
};

static void hidden_walk(struct hidden_walk *w, struct type *t) {
  t = type_head(t);
  switch (t->kind) {
  case TYPE_ARRAY:
    for (int i = 0; i < t->u.array.rank; i++) {
      struct size *s = size_head(t->u.array.dims[i]);
      struct ir_subexp unused;
      int comp, dim;
      if (s->kind != SIZE_NAME || size_known(w->c, w->env, s, &unused) ||
          find_size_source(w->whole, s->u.name, &comp, &dim, 0, NULL, 0)) {
        continue;
      }
      bool seen = false;
      for (int j = 0; j < w->count && !seen; j++) {
        seen = w->names[j] == s->u.name;
      }
      if (!seen) {
        w->names[w->count++] = s->u.name;
      }
    }
    hidden_walk(w, t->u.array.elem);
    return;
  default:
    for (int i = 0; i < type_part_count(t); i++) {
      hidden_walk(w, type_part(t, i));
    }
    return;
  }
}

static int count_dims(struct type *t) {
  t = type_head(t);
  if (t->kind == TYPE_ARRAY) {
    return t->u.array.rank + count_dims(t->u.array.elem);
  }
  return sum_over_parts(t, count_dims);
}

int hidden_sizes(struct ictx *c, struct ienv *env, struct type *t,
                 struct tc_binding ***names) {
  struct hidden_walk w = {c, env, t, NULL, 0};
  w.names = ARENA_ARRAY(c->arena, struct tc_binding *, count_dims(t) + 1);
  hidden_walk(&w, t);
  *names = w.names;
  return w.count;
}

/* The dimensions of the array type *t, nested arrays included (up to 64); *t becomes
 * the element type. */
static int array_dims(struct type **t, struct size **dims) {
  int n = 0;
  struct type *a = type_head(*t);
  while (a->kind == TYPE_ARRAY) {
    for (int i = 0; i < a->u.array.rank && n < 64; i++) {
      dims[n++] = a->u.array.dims[i];
    }
    a = type_head(a->u.array.elem);
  }
  *t = a;
  return n;
}

/* The size at the place in u, a type of the same shape as t, where t has the size
 * `name`; NULL if there is none. */
struct size *size_at_same_place(struct type *t, struct type *u, struct tc_binding *name) {
  t = type_head(t);
  u = type_head(u);
  if (t->kind != u->kind) {
    return NULL;
  }
  switch (t->kind) {
  case TYPE_ARRAY: {
    /* [a][b]t may be written as one array type of rank 2 or as nested ones. */
    struct size *tdims[64], *udims[64];
    struct type *telem = t, *uelem = u;
    int tr = array_dims(&telem, tdims), ur = array_dims(&uelem, udims);
    if (tr != ur) {
      return NULL;
    }
    for (int i = 0; i < tr; i++) {
      struct size *s = size_head(tdims[i]);
      if (s->kind == SIZE_NAME && s->u.name == name) {
        return udims[i];
      }
    }
    return size_at_same_place(telem, uelem, name);
  }
  case TYPE_TUPLE:
    for (int i = 0; i < t->u.tuple.count && i < u->u.tuple.count; i++) {
      struct size *r = size_at_same_place(t->u.tuple.elems[i], u->u.tuple.elems[i], name);
      if (r != NULL) {
        return r;
      }
    }
    return NULL;
  case TYPE_RECORD:
    for (int i = 0; i < t->u.record.count && i < u->u.record.count; i++) {
      struct size *r = size_at_same_place(t->u.record.fields[i].type,
                                          u->u.record.fields[i].type, name);
      if (r != NULL) {
        return r;
      }
    }
    return NULL;
  default:
    return NULL;
  }
}

static bool shown_size(struct ictx *c, struct tc_binding *name, struct ir_subexp *out) {
  for (struct shown_size *n = c->shown; n != NULL; n = n->next) {
    if (n->body != c->body) {
      continue;
    }
    if (n->sv == NULL && n->name == name) {
      *out = n->value;
      return true;
    }
    int comp, dim;
    if (n->sv != NULL && find_size_source(n->sv->type, name, &comp, &dim, 0, NULL, 0) &&
        comp < n->sv->u.dyn.count) {
      *out = emit_shape(c, n->sv->u.dyn.comps[comp], dim);
      return true;
    }
  }
  return false;
}

static bool size_evaluable(struct ictx *c, struct ienv *env, struct size *s);

bool size_value(struct ictx *c, struct ienv *env, struct size *s, struct ir_subexp *out) {
  if (size_evaluable(c, env, s)) {
    *out = eval_size(c, env, s);
    return true;
  }
  s = size_head(s);
  return s->kind == SIZE_NAME && shown_size(c, s->u.name, out);
}

/* A size that applies a function, 2**k or i64.max n m: the function applied to the
 * arguments' values, as the expression written in the type would compute it. */
static struct ir_subexp eval_size_apply(struct ictx *c, struct ienv *env, struct size *s) {
  struct type *i64 = type_prim(c->arena, PRIM_I64);
  int n = s->u.apply.count;
  struct sv **args = ARENA_ARRAY(c->arena, struct sv *, n);
  for (int i = 0; i < n; i++) {
    struct ir_subexp *value = ARENA_NEW(c->arena, struct ir_subexp);
    /* an i64, or an integer variable of another type */
    *value = eval_size(c, env, s->u.apply.args[i]);
    args[i] = sv_dyn(c, type_prim(c->arena, ir_subexp_type(*value).prim), value, 1);
  }
  struct sv *fn = name_value(c, env, s->u.apply.fn, s->u.apply.inst, NULL);
  struct sv *r = apply(c, fn, args, n, i64);
  int count;
  struct ir_subexp *comps = sv_comps(c, r, &count);
  return comps[0];
}

/* Whether the value of a projection size's base (s of s.0) is at hand: a constant
 * definition, or a variable bound here (Note [Projections in sizes] in check_type.c). */
static bool projection_base_known(struct ienv *env, struct tc_binding *p) {
  return p->proj_base->kind == BIND_DEF || env_lookup(env, p->proj_base) != NULL;
}

/* A size s.0: the field of the base's value. */
static struct ir_subexp eval_projection(struct ictx *c, struct ienv *env,
                                        struct tc_binding *p) {
  struct tc_binding *base = p->proj_base;
  struct sv *v;
  if (base->kind == BIND_VAR) {
    v = env_lookup(env, base);
  } else {
    struct type *t = concrete(c, env, base->type);
    v = name_value(c, env, base, NULL, t);
    if (v->kind == SV_DEF && sv_arity(c, v) == 0) {
      v = apply(c, v, NULL, 0, t);
    }
  }
  for (int i = 0; i < p->proj_count; i++) {
    v = sv_field(c, v, p->proj_fields[i]);
  }
  if (v->kind != SV_DYNAMIC || v->u.dyn.count != 1) {
    ICE("internalise", c->loc, "the size %s is not an i64 value", p->name);
  }
  return v->u.dyn.comps[0];
}

struct ir_subexp eval_size(struct ictx *c, struct ienv *env, struct size *s) {
  s = size_head(s);
  struct ir_subexp out;
  if (size_known(c, env, s, &out)) {
    return out;
  }
  if (s->kind == SIZE_BINOP) {
    struct ir_subexp l = eval_size(c, env, s->u.binop.lhs);
    struct ir_subexp r = eval_size(c, env, s->u.binop.rhs);
    return emit_binop(c, size_binop_ir(s->u.binop.op), l, r, PRIM_I64);
  }
  if (s->kind == SIZE_APPLY) {
    return eval_size_apply(c, env, s);
  }
  if (s->kind == SIZE_NAME && s->u.name->proj_base != NULL &&
      projection_base_known(env, s->u.name)) {
    return eval_projection(c, env, s->u.name);
  }
  if (s->kind == SIZE_NAME && s->u.name->size_alias != NULL) {
    return eval_size(c, env, s->u.name->size_alias);
  }
  if (s->kind == SIZE_NAME && s->u.name->kind == BIND_DEF) {
    /* A constant definition used as a size: its value. */
    struct sv *v = name_value(c, env, s->u.name, NULL, type_prim(c->arena, PRIM_I64));
    if (v->kind == SV_DYNAMIC && v->u.dyn.count == 1) {
      return v->u.dyn.comps[0];
    }
  }
  if (s->kind == SIZE_NAME && shown_size(c, s->u.name, &out)) {
    return out;
  }
  struct ienv *unknown = s->kind == SIZE_NAME ? env_find(env, s->u.name) : NULL;
  if (unknown != NULL && unknown->unknown_size) {
    diag_error(c->loc, "the size '%s' has no value here: the function given for it returns "
               "arrays whose size only that function knows", s->u.name->name);
    diag_note(unknown->call, "the call that leaves '%s' unknown", s->u.name->name);
    diag_abort();
  }
  ICE("internalise", c->loc, "the size %s has no value here",
      size_to_string(c->arena, s));
}

/* Whether eval_size can compute s here: constants and known names under + - * / %. */
static bool size_computable(struct ictx *c, struct ienv *env, struct size *s) {
  struct ir_subexp unused;
  s = size_head(s);
  if (size_known(c, env, s, &unused)) {
    return true;
  }
  if (s->kind == SIZE_APPLY) {
    for (int i = 0; i < s->u.apply.count; i++) {
      if (!size_computable(c, env, s->u.apply.args[i])) {
        return false;
      }
    }
    return true;
  }
  if (s->kind == SIZE_NAME && s->u.name->proj_base != NULL) {
    return projection_base_known(env, s->u.name); /* a field of a constant definition */
  }
  return s->kind == SIZE_BINOP && size_computable(c, env, s->u.binop.lhs) &&
         size_computable(c, env, s->u.binop.rhs);
}

/* Whether eval_size succeeds on s here: what size_computable allows, plus size aliases
 * and constant definitions used as sizes. */
static bool size_evaluable(struct ictx *c, struct ienv *env, struct size *s) {
  struct ir_subexp unused;
  s = size_head(s);
  if (size_known(c, env, s, &unused)) {
    return true;
  }
  if (s->kind == SIZE_BINOP) {
    return size_evaluable(c, env, s->u.binop.lhs) && size_evaluable(c, env, s->u.binop.rhs);
  }
  if (s->kind == SIZE_APPLY) {
    for (int i = 0; i < s->u.apply.count; i++) {
      if (!size_evaluable(c, env, s->u.apply.args[i])) {
        return false;
      }
    }
    return true;
  }
  if (s->kind == SIZE_NAME && s->u.name->size_alias != NULL) {
    return size_evaluable(c, env, s->u.name->size_alias);
  }
  if (s->kind == SIZE_NAME && s->u.name->proj_base != NULL) {
    return projection_base_known(env, s->u.name);
  }
  return s->kind == SIZE_NAME && s->u.name->kind == BIND_DEF;
}

struct comp_walk {
  struct ictx *c;
  struct ienv *env;
  bool eval; /* compute size expressions (emitting statements) rather than leave them */
  struct ir_type *out;
  int n;
  struct ir_subexp dims[64];
  int rank;
};

static void walk_comp_types(struct comp_walk *w, struct type *t) {
  t = type_head(t);
  switch (t->kind) {
  case TYPE_PRIM: {
    struct ir_type it = ir_type_array(w->c->arena, t->u.prim, w->rank, w->dims);
    w->out[w->n++] = it;
    return;
  }
  case TYPE_ARRAY: {
    int saved = w->rank;
    for (int i = 0; i < t->u.array.rank; i++) {
      if (w->rank >= 64) {
        diag_fatal(w->c->loc, "arrays of more than 64 dimensions are not supported");
      }
      struct size *d = t->u.array.dims[i];
      if (size_known(w->c, w->env, d, &w->dims[w->rank])) {
        /* a name or a constant */
      } else if (w->eval && size_computable(w->c, w->env, d)) {
        w->dims[w->rank] = eval_size(w->c, w->env, d);
      } else {
        w->dims[w->rank] = ir_se_none();
      }
      w->rank++;
    }
    walk_comp_types(w, t->u.array.elem);
    w->rank = saved;
    return;
  }
  case TYPE_TUPLE:
  case TYPE_RECORD:
    for (int i = 0; i < type_part_count(t); i++) {
      walk_comp_types(w, type_part(t, i));
    }
    return;
  default:
    return;
  }
}

void comp_types(struct ictx *c, struct ienv *env, struct type *t, struct ir_type *out) {
  struct comp_walk w = {.c = c, .env = env, .out = out};
  walk_comp_types(&w, t);
}

void comp_types_computed(struct ictx *c, struct ienv *env, struct type *t,
                         struct ir_type *out) {
  struct comp_walk w = {.c = c, .env = env, .eval = true, .out = out};
  walk_comp_types(&w, t);
}

/* --------------------------------------------------------------- Emitting */

struct ir_var *fresh(struct ictx *c, const char *name, struct ir_type t) {
  return ir_var_new(c->prog, intern(name), t);
}

struct ir_stm *emit(struct ictx *c, struct ir_exp e, struct ir_var **pat, int n) {
  struct ir_stm *s = ir_body_add(c->prog, c->body, c->loc, e, pat, n);
  s->unsafe = c->unsafe;
  s->sequential = c->sequential;
  return s;
}

struct ir_subexp emit1(struct ictx *c, const char *name, struct ir_type t, struct ir_exp e) {
  struct ir_var *v = fresh(c, name, t);
  emit(c, e, &v, 1);
  return ir_se_var(v);
}

struct ir_subexp emit_convert(struct ictx *c, const char *name, struct ir_subexp x,
                              enum prim_type to) {
  if (ir_subexp_type(x).prim == to) {
    return x;
  }
  struct ir_exp e = {.kind = IR_CONVERT};
  e.u.convert.operand = x;
  return emit1(c, name, ir_type_scalar(to), e);
}

struct ir_subexp emit_binop(struct ictx *c, enum ir_binop op, struct ir_subexp a,
                            struct ir_subexp b, enum prim_type result) {
  struct ir_exp e = {.kind = IR_BINOP};
  e.u.binop.op = op;
  e.u.binop.lhs = a;
  e.u.binop.rhs = b;
  return emit1(c, "t", ir_type_scalar(result), e);
}

struct ir_subexp emit_shape(struct ictx *c, struct ir_subexp array, int dim) {
  struct ir_type t = ir_subexp_type(array);
  if (dim < t.rank && t.dims[dim].kind != IR_SE_NONE) {
    return t.dims[dim];
  }
  struct ir_exp e = {.kind = IR_SHAPE};
  e.u.shape.array = array.u.var;
  e.u.shape.dim = dim;
  return emit1(c, "d", ir_type_scalar(PRIM_I64), e);
}

struct ir_body *new_body(struct ictx *c) {
  return ir_body_new(c->arena);
}

/* ---------------------------------------------------------- Static values */

struct sv *sv_new(struct ictx *c, enum sv_kind kind, struct type *t) {
  struct sv *v = ARENA_NEW(c->arena, struct sv);
  v->kind = kind;
  v->type = t;
  return v;
}

struct sv *sv_dyn(struct ictx *c, struct type *t, struct ir_subexp *comps, int count) {
  struct sv *v = sv_new(c, SV_DYNAMIC, t);
  v->u.dyn.comps = comps;
  v->u.dyn.count = count;
  return v;
}

struct sv *sv_from_vars(struct ictx *c, struct type *t, struct ir_var **vars, int count) {
  struct ir_subexp *comps = ARENA_ARRAY(c->arena, struct ir_subexp, count + 1);
  for (int i = 0; i < count; i++) {
    comps[i] = ir_se_var(vars[i]);
  }
  return sv_dyn(c, t, comps, count);
}

struct sv *sv_unit(struct ictx *c) {
  return sv_dyn(c, type_unit(c->arena), NULL, 0);
}

struct ir_subexp *sv_comps(struct ictx *c, struct sv *v, int *count) {
  if (v->kind == SV_DYNAMIC) {
    *count = v->u.dyn.count;
    return v->u.dyn.comps;
  }
  if (v->kind != SV_TUPLE) {
    ICE("internalise", c->loc, "a function where a value was expected");
  }
  VEC(struct ir_subexp) all = {0};
  for (int i = 0; i < v->u.tuple.count; i++) {
    int n;
    struct ir_subexp *part = sv_comps(c, v->u.tuple.elems[i], &n);
    for (int j = 0; j < n; j++) {
      VEC_PUSH(c->arena, &all, part[j]);
    }
  }
  *count = all.len;
  return all.items;
}

int field_index(struct type *t, name_t field) {
  t = type_head(t);
  if (t->kind == TYPE_RECORD) {
    for (int i = 0; i < t->u.record.count; i++) {
      if (t->u.record.fields[i].name == field) {
        return i;
      }
    }
    return -1;
  }
  if (t->kind == TYPE_TUPLE) {
    char *end;
    long i = strtol(field, &end, 10);
    return *end == '\0' && i >= 0 && i < t->u.tuple.count ? (int)i : -1;
  }
  return -1;
}

/* v's components from the offset-th on (none when a value of units has none). */
static struct ir_subexp *comps_from(struct sv *v, int offset) {
  return v->u.dyn.comps != NULL ? v->u.dyn.comps + offset : NULL;
}

struct sv *sv_tuple_elem(struct ictx *c, struct sv *v, int i) {
  if (v->kind == SV_TUPLE) {
    return v->u.tuple.elems[i];
  }
  if (v->kind != SV_DYNAMIC) {
    ICE("internalise", c->loc, "projection from a function");
  }
  struct type *t = type_head(v->type);
  if (t->kind == TYPE_ARRAY) {
    /* An array of tuples: the components of field i, as arrays. */
    struct type *elem = type_head(t->u.array.elem);
    int offset = 0;
    for (int j = 0; j < i; j++) {
      offset += comp_count(type_part(elem, j));
    }
    struct type *ft = type_array(c->arena, type_part(elem, i), t->u.array.dims,
                                 t->u.array.rank);
    return sv_dyn(c, ft, comps_from(v, offset), comp_count(ft));
  }
  int offset = 0;
  for (int j = 0; j < i; j++) {
    offset += comp_count(type_part(t, j));
  }
  struct type *ft = type_part(t, i);
  return sv_dyn(c, ft, comps_from(v, offset), comp_count(ft));
}

struct sv *sv_field(struct ictx *c, struct sv *v, name_t field) {
  struct type *t = type_head(v->type);
  struct type *shape = t->kind == TYPE_ARRAY ? t->u.array.elem : t;
  int i = field_index(shape, field);
  if (i < 0) {
    ICE("internalise", c->loc, "no field '%s' in %s", field, type_to_string(c->arena, t));
  }
  return sv_tuple_elem(c, v, i);
}

struct sv *sv_row(struct ictx *c, struct sv *array, struct ir_subexp index) {
  int n;
  struct ir_subexp *comps = sv_comps(c, array, &n);
  struct ir_subexp *rows = ARENA_ARRAY(c->arena, struct ir_subexp, n + 1);
  for (int i = 0; i < n; i++) {
    struct ir_type t = ir_subexp_type(comps[i]);
    struct ir_exp e = {.kind = IR_INDEX};
    e.u.index.array = comps[i].u.var;
    e.u.index.count = 1;
    e.u.index.dims = ARENA_NEW(c->arena, struct ir_dim_index);
    e.u.index.dims[0].fixed = index;
    rows[i] = emit1(c, "row", ir_type_row(t), e);
  }
  return sv_dyn(c, type_row(c->arena, array->type), rows, n);
}

/* ---------------------------------------------------- Sizes from values */

/* The dimensions of an array type t inside arrays of dimensions `outer`: the outer
 * ones first, at most MAX_OUTER_DIMS of them all. */
enum { MAX_OUTER_DIMS = 64 };

static int outer_dims(struct size **outer, int outer_rank, struct type *t,
                      struct size **dims) {
  int rank = 0;
  for (int i = 0; i < outer_rank && rank < MAX_OUTER_DIMS; i++) {
    dims[rank++] = outer[i];
  }
  for (int i = 0; i < t->u.array.rank && rank < MAX_OUTER_DIMS; i++) {
    dims[rank++] = t->u.array.dims[i];
  }
  return rank;
}

/* Binds the size names in t that env does not know yet to the shapes of the value's
 * components (existential sizes, and size parameters of an inlined function). */
struct size_binder {
  struct ictx *c;
  struct ienv *env;
  struct ir_subexp *comps;
  int next; /* the next component */
};

static void bind_sizes_walk(struct size_binder *b, struct type *t, struct size **outer,
                            int outer_rank) {
  t = type_head(t);
  switch (t->kind) {
  case TYPE_PRIM: {
    struct ir_subexp comp = b->comps[b->next++];
    for (int d = 0; d < outer_rank; d++) {
      struct size *s = size_head(outer[d]);
      struct ir_subexp known;
      if (s->kind != SIZE_NAME || size_known(b->c, b->env, s, &known)) {
        continue;
      }
      struct ir_subexp value = emit_shape(b->c, comp, d);
      b->env = env_add(b->c, b->env, s->u.name,
                       sv_dyn(b->c, type_prim(b->c->arena, PRIM_I64),
                              arena_dup(b->c->arena, &value, sizeof value), 1));
    }
    return;
  }
  case TYPE_ARRAY: {
    struct size *dims[MAX_OUTER_DIMS];
    int rank = outer_dims(outer, outer_rank, t, dims);
    bind_sizes_walk(b, t->u.array.elem, dims, rank);
    return;
  }
  default:
    for (int i = 0; i < type_part_count(t); i++) {
      bind_sizes_walk(b, type_part(t, i), outer, outer_rank);
    }
    return;
  }
}

/* The sizes of t, an array type without components (of ()), that env does not know
 * but a value made in this body shows (Note [Sizes that values show]). */
static struct ienv *bind_shown_sizes(struct ictx *c, struct ienv *env, struct type *t) {
  t = type_head(t);
  if (t->kind != TYPE_ARRAY) {
    return env;
  }
  for (int i = 0; i < t->u.array.rank; i++) {
    struct size *s = size_head(t->u.array.dims[i]);
    struct ir_subexp value;
    if (s->kind == SIZE_NAME && !size_known(c, env, s, &value) &&
        shown_size(c, s->u.name, &value)) {
      env = env_add(c, env, s->u.name,
                    sv_dyn(c, type_prim(c->arena, PRIM_I64),
                           arena_dup(c->arena, &value, sizeof value), 1));
    }
  }
  return bind_shown_sizes(c, env, t->u.array.elem);
}

static struct ienv *bind_sizes(struct ictx *c, struct ienv *env, struct type *t,
                               struct sv *v) {
  if (v->kind == SV_DYNAMIC && v->u.dyn.count == 0 && comp_count(t) == 0) {
    return bind_shown_sizes(c, env, t);
  }
  if (v->kind != SV_DYNAMIC || comp_count(t) != v->u.dyn.count) {
    return env;
  }
  struct size_binder b = {c, env, v->u.dyn.comps, 0};
  bind_sizes_walk(&b, t, NULL, 0);
  return b.env;
}

struct ienv *bind_size_values(struct ictx *c, struct ienv *env, struct tc_binding **names,
                              struct ir_subexp *values, int count) {
  for (int i = 0; i < count; i++) {
    env = env_add(c, env, names[i],
                  sv_dyn(c, type_prim(c->arena, PRIM_I64),
                         arena_dup(c->arena, &values[i], sizeof values[i]), 1));
  }
  return env;
}

/* ---------------------------------------------------------------- Patterns */

struct ienv *bind_pat(struct ictx *c, struct ienv *env, struct pat *p, struct sv *v) {
  switch (p->kind) {
  case PAT_ID:
    env = bind_sizes(c, env, p->type != NULL ? concrete(c, env, p->type) : v->type, v);
    return env_add(c, env, p->u.id.binding, v);
  case PAT_WILDCARD:
    return env;
  case PAT_TUPLE:
    for (int i = 0; i < p->u.tuple.count; i++) {
      env = bind_pat(c, env, p->u.tuple.elems[i], sv_tuple_elem(c, v, i));
    }
    return env;
  case PAT_RECORD:
    for (int i = 0; i < p->u.record.count; i++) {
      env = bind_pat(c, env, p->u.record.fields[i].pat,
                     sv_field(c, v, p->u.record.fields[i].name));
    }
    return env;
  case PAT_ASCRIPT:
    return bind_pat(c, env, p->u.ascript.pat, v);
  }
  return env;
}

/* ------------------------------------------------------------- Functions */

struct type *result_after(struct type *t, int n) {
  for (int i = 0; i < n; i++) {
    t = type_head(t);
    if (t->kind != TYPE_ARROW) {
      return t;
    }
    t = t->u.arrow.result;
  }
  return t;
}

static int def_param_count(struct tc_binding *b) {
  if (b->dec != NULL) {
    return b->dec->u.val.param_count;
  }
  return b->let_fun != NULL ? b->let_fun->u.let_fun.param_count : 0;
}

int sv_arity(struct ictx *c, struct sv *fn) {
  switch (fn->kind) {
  case SV_CLOSURE:
    return fn->u.closure.lambda->u.lambda.param_count;
  case SV_DEF:
  case SV_LOCAL_DEF:
    return def_param_count(fn->u.def.binding);
  case SV_INTRINSIC:
    return intrinsic_arity(fn->u.intrinsic.binding);
  case SV_PARTIAL:
    return sv_arity(c, fn->u.partial.fn) - fn->u.partial.count;
  case SV_SECTION_RIGHT:
  case SV_PROJECT:
  case SV_INDEX:
  case SV_PATH:
    return 1;
  case SV_DYNAMIC:
  case SV_TUPLE:
    break;
  }
  ICE("internalise", c->loc, "a value used as a function");
}

/* The environment in which a definition's body runs: its type parameters bound to the
 * instance's types, and size parameters the arguments do not show bound from the
 * instance's sizes (evaluated where the definition was referred to). */
/* Note [Sizes of type arguments]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A type argument may have sizes that are expressions of the caller's sizes:
 * `tabulate n (\i -> xs[i] ++ xs[i])` instantiates tabulate's 'a with [m+m]i32. The
 * body of the inlined function sees only its own environment, where m has no value,
 * so its map would not know the rows' size (and an empty result would lose it: Note
 * [computed row sizes]). Such a size of an array type argument (its dimensions and
 * those of its elements) is computed at the call, in the caller's environment, into a
 * size of its own that the argument's type names instead. */
static struct type *type_arg_sizes(struct ictx *c, struct sv *fn, struct ienv **env,
                                   struct type *t) {
  t = type_head(t);
  if (t->kind != TYPE_ARRAY) {
    return t;
  }
  struct type *elem = type_arg_sizes(c, fn, env, t->u.array.elem);
  bool changed = elem != t->u.array.elem;
  struct size **dims = ARENA_ARRAY(c->arena, struct size *, t->u.array.rank);
  for (int i = 0; i < t->u.array.rank; i++) {
    struct size *d = size_head(t->u.array.dims[i]);
    dims[i] = d;
    if ((d->kind != SIZE_BINOP && d->kind != SIZE_APPLY) ||
        !size_computable(c, fn->u.def.caller_env, d)) {
      continue;
    }
    struct ir_subexp *value = ARENA_NEW(c->arena, struct ir_subexp);
    *value = eval_size(c, fn->u.def.caller_env, d);
    struct tc_binding *named = ARENA_NEW(c->arena, struct tc_binding);
    named->kind = BIND_SIZE;
    named->name = intern("d");
    named->loc = c->loc;
    *env = env_add(c, *env, named, sv_dyn(c, type_prim(c->arena, PRIM_I64), value, 1));
    dims[i] = size_name(c->arena, named);
    changed = true;
  }
  return changed ? type_array(c->arena, elem, dims, t->u.array.rank) : t;
}

static struct ienv *def_env(struct ictx *c, struct sv *fn, struct ienv *env) {
  struct tc_binding *b = fn->u.def.binding;
  struct tc_inst *inst = fn->u.def.inst;
  int ti = 0;
  for (int i = 0; i < b->scheme.param_count; i++) {
    struct type_param *p = &b->scheme.params[i];
    if (p->kind != TPARAM_SIZE) {
      struct type *arg = type_arg_sizes(c, fn, &env, fn->u.def.types[ti++]);
      env = env_add_type(c, env, p->binding, arg);
    }
  }
  (void)inst;
  return env;
}

/* Note [Sizes only a function argument shows]
 *
 * A size parameter that appears only in the type of a function parameter, as n0 in
 *
 *   def app [n] (f: i32 -> []i32) (xs: [n]i32) = map (\x -> i32.sum (f x)) xs
 *   ... app (\x -> filter (>0) [x, x-1]) xs
 *
 * is instantiated by the checker with the size of the lambda's result, which may be a
 * size that exists only inside the lambda (filter's existential, different for every
 * x). No value at the call can stand for it. In Futhark the result size of such a
 * function argument is existential; here the body of app never needs n0 as a number
 * unless it names it: every value of that size comes out of f, and the first pattern
 * that binds one binds n0 to its shape (bind_sizes), as for any existential size.
 * So the parameter is left unknown; a use of it as a value before any binding is a
 * located error, not an internal one.
 * Where the size is one the caller has already seen, it is known after all: in
 *
 *   def f [n] (_: [n]i32 -> i32) : [n]i32 -> i64 = let m = n + 1 in \_ -> m
 *   ... filter (> 0) xs |> f (\_ -> 0)
 *
 * the checker fixes n to filter's size, a value made before the call (causality sees
 * to that), so the call reads n from it (size_value: Note [Sizes that values show]). */
static struct ienv *bind_missing_sizes(struct ictx *c, struct sv *fn, struct ienv *env) {
  struct tc_binding *b = fn->u.def.binding;
  struct tc_inst *inst = fn->u.def.inst;
  int si = 0;
  for (int i = 0; i < b->scheme.param_count; i++) {
    struct type_param *p = &b->scheme.params[i];
    if (p->kind != TPARAM_SIZE) {
      continue;
    }
    struct size *s = inst != NULL && si < inst->size_count ? inst->sizes[si] : NULL;
    si++;
    if (env_lookup(env, p->binding) != NULL || s == NULL) {
      continue;
    }
    struct ir_subexp value;
    if (!size_value(c, fn->u.def.caller_env, s, &value)) {
      /* Note [Sizes only a function argument shows] */
      env = env_add_unknown_size(c, env, p->binding, c->loc);
      continue;
    }
    env = env_add(c, env, p->binding,
                  sv_dyn(c, type_prim(c->arena, PRIM_I64),
                         arena_dup(c->arena, &value, sizeof value), 1));
  }
  return env;
}

static struct pat **def_params(struct tc_binding *b) {
  return b->dec != NULL ? b->dec->u.val.params : b->let_fun->u.let_fun.params;
}

static struct exp *def_body(struct tc_binding *b) {
  return b->dec != NULL ? b->dec->u.val.body : b->let_fun->u.let_fun.value;
}

static bool first_order(struct ictx *c, struct sv *fn, struct sv **args, int count,
                        struct type *result_type) {
  if (fn->kind != SV_DEF || count == 0 || type_contains_arrow(result_type)) {
    return false;
  }
  for (int i = 0; i < count; i++) {
    if (args[i]->kind != SV_DYNAMIC) {
      return false;
    }
  }
  return true;
}

static struct sv *call_specialised(struct ictx *c, struct sv *fn, struct sv **args, int count,
                                   struct type *result_type);

/* After a function's body was internalised here (inlined, or as an IR function's body):
 * the sizes of its result of type rt that no component shows are noted, from the
 * body's own type in the function's environment (Note [Sizes that values show]); their
 * values, when `out` is not NULL, also go there, one per hidden size of rt. */
static int show_result_sizes(struct ictx *c, struct type *rt, struct ienv *env,
                             struct exp *body, struct ir_subexp *out) {
  struct tc_binding **hidden;
  int h = hidden_sizes(c, NULL, rt, &hidden);
  if (h == 0) {
    return 0;
  }
  struct type *own = concrete(c, env, body->type);
  for (int i = 0; i < h; i++) {
    struct size *s = size_at_same_place(rt, own, hidden[i]);
    struct ir_subexp value;
    if (s == NULL || !size_value(c, env, s, &value)) {
      if (out == NULL) {
        continue;
      }
      ICE("internalise", body->loc, "the size %s of a function's result has no value",
          hidden[i]->name);
    }
    if (out != NULL) {
      out[i] = value;
    } else {
      note_shown_size(c, hidden[i], value);
    }
  }
  return h;
}

static struct sv *inline_def(struct ictx *c, struct sv *fn, struct sv **args, int count,
                             struct type *result_type) {
  if (++c->depth > MAX_INLINE_DEPTH) {
    diag_fatal(c->loc, "functions are nested more than %d calls deep after inlining",
               MAX_INLINE_DEPTH);
  }
  struct tc_binding *b = fn->u.def.binding;
  struct ienv *env = fn->kind == SV_LOCAL_DEF ? fn->u.def.env : NULL;
  env = def_env(c, fn, env);
  struct pat **params = def_params(b);
  for (int i = 0; i < count; i++) {
    env = bind_pat(c, env, params[i], args[i]);
  }
  env = bind_missing_sizes(c, fn, env);
  struct loc saved = c->loc;
  struct sv *r = int_exp(c, env, def_body(b));
  if (result_type != NULL) {
    show_result_sizes(c, result_type, env, def_body(b), NULL);
  }
  c->loc = saved;
  c->depth--;
  return r;
}

static struct sv *apply_closure(struct ictx *c, struct sv *fn, struct sv **args,
                                struct type *result_type) {
  if (++c->depth > MAX_INLINE_DEPTH) {
    diag_fatal(c->loc, "functions are nested more than %d calls deep after inlining",
               MAX_INLINE_DEPTH);
  }
  struct exp *lam = fn->u.closure.lambda;
  struct ienv *env = fn->u.closure.env;
  for (int i = 0; i < lam->u.lambda.param_count; i++) {
    env = bind_pat(c, env, lam->u.lambda.params[i], args[i]);
  }
  struct loc saved = c->loc;
  struct sv *r = int_exp(c, env, lam->u.lambda.body);
  if (result_type != NULL) {
    show_result_sizes(c, result_type, env, lam->u.lambda.body, NULL);
  }
  c->loc = saved;
  c->depth--;
  return r;
}

static struct sv *apply_saturated(struct ictx *c, struct sv *fn, struct sv **args, int count,
                                  struct type *result_type) {
  switch (fn->kind) {
  case SV_CLOSURE:
    return apply_closure(c, fn, args, result_type);
  case SV_DEF:
    if (first_order(c, fn, args, count, result_type)) {
      return call_specialised(c, fn, args, count, result_type);
    }
    return inline_def(c, fn, args, count, result_type);
  case SV_LOCAL_DEF:
    return inline_def(c, fn, args, count, result_type);
  case SV_INTRINSIC:
    return apply_intrinsic(c, fn, args, count, result_type);
  case SV_PARTIAL: {
    int n = fn->u.partial.count + count;
    struct sv **all = ARENA_ARRAY(c->arena, struct sv *, n);
    memcpy(all, fn->u.partial.args, sizeof *all * (size_t)fn->u.partial.count);
    memcpy(all + fn->u.partial.count, args, sizeof *all * (size_t)count);
    return apply(c, fn->u.partial.fn, all, n, result_type);
  }
  case SV_SECTION_RIGHT: {
    struct sv *both[2] = {args[0], fn->u.section.right};
    return apply(c, fn->u.section.op, both, 2, result_type);
  }
  case SV_PROJECT: {
    struct sv *v = args[0];
    for (int i = 0; i < fn->u.project.count; i++) {
      v = sv_field(c, v, fn->u.project.fields[i]);
    }
    return v;
  }
  case SV_INDEX:
    return index_value(c, args[0], fn->u.index.dims, fn->u.index.count, result_type);
  case SV_PATH: {
    struct sv *v = args[0];
    for (int i = 0; i < fn->u.path.count; i++) {
      struct path_step *st = &fn->u.path.steps[i];
      v = st->is_index ? index_value(c, v, fn->u.path.dims[i], st->count, fn->u.path.types[i])
                       : sv_field(c, v, st->field);
    }
    return v;
  }
  case SV_DYNAMIC:
  case SV_TUPLE:
    break;
  }
  ICE("internalise", c->loc, "cannot apply this value");
}

static struct sv *partial(struct ictx *c, struct sv *fn, struct sv **args, int count) {
  struct sv *p = sv_new(c, SV_PARTIAL, fn->type != NULL ? result_after(fn->type, count) : NULL);
  p->u.partial.fn = fn;
  p->u.partial.args = arena_dup(c->arena, args, sizeof *args * (size_t)count);
  p->u.partial.count = count;
  return p;
}

struct sv *apply(struct ictx *c, struct sv *fn, struct sv **args, int count,
                 struct type *result_type) {
  if (count == 0 && (fn->kind == SV_DEF || fn->kind == SV_LOCAL_DEF) && sv_arity(c, fn) == 0) {
    return apply_saturated(c, fn, args, 0, result_type); /* a constant */
  }
  while (count > 0) {
    int arity = sv_arity(c, fn);
    if (count < arity) {
      return partial(c, fn, args, count);
    }
    struct type *rt = count == arity || fn->type == NULL ? result_type
                                                         : result_after(fn->type, arity);
    fn = apply_saturated(c, fn, args, arity, rt);
    args += arity;
    count -= arity;
  }
  return fn;
}

/* A SOAC's lambda: fresh parameters for the components of each parameter type. */
struct ir_lambda *make_lambda(struct ictx *c, struct sv *fn, struct type **param_types,
                              int count, struct type *result_type) {
  struct ir_lambda *l = ir_lambda_new(c->arena);
  struct sv **args = ARENA_ARRAY(c->arena, struct sv *, count + 1);
  VEC(struct ir_var *) params = {0};
  for (int i = 0; i < count; i++) {
    int n = comp_count(param_types[i]);
    struct ir_type *ts = ARENA_ARRAY(c->arena, struct ir_type, n + 1);
    comp_types(c, NULL, param_types[i], ts);
    struct ir_var **vars = ARENA_ARRAY(c->arena, struct ir_var *, n + 1);
    for (int j = 0; j < n; j++) {
      for (int d = 0; d < ts[j].rank; d++) {
        ts[j].dims[d] = ir_se_none();
      }
      vars[j] = fresh(c, "x", ts[j]);
      VEC_PUSH(c->arena, &params, vars[j]);
    }
    args[i] = sv_from_vars(c, param_types[i], vars, n);
  }
  struct ir_body *saved = c->body;
  c->body = l->body;
  struct sv *r = apply(c, fn, args, count, result_type);
  int n;
  struct ir_subexp *res = sv_comps(c, r, &n);
  ir_body_set_results(c->arena, l->body, res, n);
  c->body = saved;
  l->params = params.items;
  l->param_count = params.len;
  l->ret_count = n;
  l->ret = ARENA_ARRAY(c->arena, struct ir_type, n + 1);
  for (int i = 0; i < n; i++) {
    struct ir_type t = ir_subexp_type(res[i]);
    l->ret[i] = ir_type_array(c->arena, t.prim, t.rank, NULL);
  }
  return l;
}

/* ------------------------------------------------- Specialised functions */

static bool same_types(struct type **a, struct type **b, int n) {
  for (int i = 0; i < n; i++) {
    if (!type_equal(a[i], b[i])) {
      return false;
    }
  }
  return true;
}

static int type_param_count(struct tc_binding *b) {
  int n = 0;
  for (int i = 0; i < b->scheme.param_count; i++) {
    n += b->scheme.params[i].kind != TPARAM_SIZE;
  }
  return n;
}

/* Text of a component's type for the C API and the manifest: [][]f32, or with its sizes
 * for messages: [n][3]f32. */
static const char *comp_type_text(struct ictx *c, struct ir_type t, bool sizes) {
  struct strbuf b;
  strbuf_init(&b);
  if (t.unique) {
    strbuf_putc(&b, '*');
  }
  for (int i = 0; i < t.rank; i++) {
    struct ir_subexp d = t.dims[i];
    if (sizes && d.kind == IR_SE_VAR) {
      strbuf_printf(&b, "[%s]", d.u.var->name);
    } else if (sizes && d.kind == IR_SE_CONST) {
      strbuf_printf(&b, "[%lld]", (long long)(int64_t)d.u.c.v.i);
    } else {
      strbuf_puts(&b, "[]");
    }
  }
  strbuf_puts(&b, prim_name(t.prim));
  const char *s = arena_strndup(c->arena, b.data, b.len);
  strbuf_free(&b);
  return s;
}

static name_t pat_name(struct pat *p) {
  while (p->kind == PAT_ASCRIPT) {
    p = p->u.ascript.pat;
  }
  return p->kind == PAT_ID ? p->u.id.name : NULL;
}

/* The names of the components of a parameter of type t named `name`: the name itself,
 * or for a tuple or record its field paths (s.0, s.1), as sizes and messages write them
 * (Note [Projections in sizes] in check_type.c). */
static void comp_names(struct ictx *c, struct type *t, const char *name, name_t *out,
                       int *n) {
  t = type_head(t);
  if (t->kind == TYPE_ARRAY) {
    comp_names(c, t->u.array.elem, name, out, n);
    return;
  }
  if (t->kind != TYPE_TUPLE && t->kind != TYPE_RECORD) {
    out[(*n)++] = intern(name);
    return;
  }
  for (int i = 0; i < type_part_count(t); i++) {
    const char *field = t->kind == TYPE_RECORD ? t->u.record.fields[i].name
                                               : arena_printf(c->arena, "%d", i);
    comp_names(c, type_part(t, i), arena_printf(c->arena, "%s.%s", name, field), out, n);
  }
}

static void make_entry(struct ictx *c, struct ir_fun *f, struct tc_binding *b,
                       int size_params, struct pat **params, int param_count,
                       int *comps_per_param) {
  struct ir_entry *en = ARENA_NEW(c->arena, struct ir_entry);
  en->name = b->name;
  en->name_loc = b->dec != NULL ? b->dec->u.val.name_loc : f->loc;
  en->param_is_size = ARENA_ARRAY(c->arena, bool, f->param_count + 1);
  en->input_count = f->param_count - size_params;
  en->inputs = ARENA_ARRAY(c->arena, struct ir_entry_value, en->input_count + 1);
  int k = 0;
  for (int i = 0; i < size_params; i++) {
    en->param_is_size[i] = true;
  }
  for (int i = 0; i < param_count; i++) {
    for (int j = 0; j < comps_per_param[i]; j++, k++) {
      struct ir_var *v = f->params[size_params + k];
      en->inputs[k].name = comps_per_param[i] == 1 ? pat_name(params[i]) : NULL;
      en->inputs[k].type_text = comp_type_text(c, v->type, false);
      en->inputs[k].shape_text = comp_type_text(c, v->type, true);
      en->inputs[k].unique = v->type.unique;
    }
  }
  en->output_count = f->ret_count;
  en->outputs = ARENA_ARRAY(c->arena, struct ir_entry_value, f->ret_count + 1);
  for (int i = 0; i < f->ret_count; i++) {
    en->outputs[i].type_text = comp_type_text(c, f->ret[i], false);
    en->outputs[i].shape_text = comp_type_text(c, f->ret[i], true);
    en->outputs[i].unique = f->ret[i].unique;
  }
  f->entry = en;
}

/* Note [entry sizes]
 * ~~~~~~~~~~~~~~~~~~
 * An entry point's arguments come from outside, so their shapes are checked against
 * their types before the body runs. Sizes that are names or constants stay in the
 * parameters' IR types, and the entry function of the backend checks them (with the
 * shape and the sizes in the message: check_argument in src/backend_c/emit_api.c).
 * A size that is an expression of other parameters ([n+1]i32, [n*m]f32) cannot be an
 * IR dimension, so it would not be checked at all, and a wrong argument would fail
 * later, inside the prelude or with an index error. So the entry's body starts with
 * the computation of each such size and an assertion that the argument has it,
 * located at the parameter and naming it, as the backend's own check does. */
static void check_entry_sizes(struct ictx *c, struct ienv *env, struct dec *d,
                              const int *comps_per_param, struct ir_var **inputs) {
  struct loc saved = c->loc;
  int k = 0;
  for (int i = 0; i < d->u.val.param_count; i++) {
    struct pat *p = d->u.val.params[i];
    struct type *t = concrete(c, env, p->type);
    int n = comps_per_param[i];
    struct ir_type *known = ARENA_ARRAY(c->arena, struct ir_type, n + 1);
    struct ir_type *want = ARENA_ARRAY(c->arena, struct ir_type, n + 1);
    c->loc = p->loc;
    comp_types(c, env, t, known);
    comp_types_computed(c, env, t, want);
    name_t name = pat_name(p);
    for (int j = 0; j < n; j++, k++) {
      for (int dim = 0; dim < want[j].rank; dim++) {
        if (known[j].dims[dim].kind != IR_SE_NONE || want[j].dims[dim].kind == IR_SE_NONE) {
          continue;
        }
        struct ir_subexp have = emit_shape(c, ir_se_var(inputs[k]), dim);
        struct ir_exp a = {.kind = IR_ASSERT};
        a.u.assert_.cond = emit_binop(c, IR_BINOP_EQ, have, want[j].dims[dim], PRIM_BOOL);
        a.u.assert_.message = arena_printf(
            c->arena, "%s: argument %d%s%s%s has a shape that does not match its type %s",
            d->u.val.name, k + 1, name != NULL && n == 1 ? " (\"" : "",
            name != NULL && n == 1 ? name : "", name != NULL && n == 1 ? "\")" : "",
            type_to_string(c->arena, t));
        emit(c, a, NULL, 0);
      }
    }
  }
  c->loc = saved;
}

/* Makes the IR function for definition b at type arguments `types`. */
static struct ispec *specialise(struct ictx *c, struct tc_binding *b, struct type **types,
                                bool is_entry) {
  int tcount = type_param_count(b);
  for (struct ispec *s = ptrmap_get(&c->specs, b); s != NULL && !is_entry; s = s->next) {
    if (same_types(s->types, types, tcount)) {
      return s;
    }
  }
  struct dec *d = b->dec;
  diag_checkpoint(d->loc);
  struct ir_fun *f = ir_fun_new(c->prog, intern_printf("%s_%d", b->name, c->prog->fun_count),
                                d->loc);
  f->source_name = b->name;
  struct ispec *spec = ARENA_NEW(c->arena, struct ispec);
  spec->def = b;
  spec->types = types;
  spec->type_count = tcount;
  spec->fun = f;
  if (!is_entry) {
    spec->next = ptrmap_get(&c->specs, b);
    ptrmap_put(&c->specs, b, spec);
  }

  struct ir_body *saved_body = c->body;
  struct loc saved_loc = c->loc;
  bool saved_unsafe = c->unsafe;
  c->body = f->body;
  c->loc = d->loc;
  c->unsafe = false;
  for (int i = 0; i < d->attr_count; i++) {
    const char *attr = d->attrs[i]->name != NULL ? d->attrs[i]->name : "";
    c->unsafe = c->unsafe || strcmp(attr, "unsafe") == 0;
    f->noinline = f->noinline || strcmp(attr, "noinline") == 0;
  }
  struct ienv *env = NULL;
  VEC(struct ir_var *) params = {0};
  int ti = 0, size_params = 0;
  for (int i = 0; i < b->scheme.param_count; i++) {
    struct type_param *p = &b->scheme.params[i];
    if (p->kind == TPARAM_SIZE) {
      struct ir_var *v = fresh(c, p->name, ir_type_scalar(PRIM_I64));
      VEC_PUSH(c->arena, &params, v);
      size_params++;
      env = env_add(c, env, p->binding, sv_from_vars(c, type_prim(c->arena, PRIM_I64), &v, 1));
    } else {
      env = env_add_type(c, env, p->binding, types[ti++]);
    }
  }
  int *comps_per_param = ARENA_ARRAY(c->arena, int, d->u.val.param_count + 1);
  for (int i = 0; i < d->u.val.param_count; i++) {
    struct pat *p = d->u.val.params[i];
    struct type *t = concrete(c, env, p->type);
    int n = comp_count(t);
    comps_per_param[i] = n;
    struct ir_type *ts = ARENA_ARRAY(c->arena, struct ir_type, n + 1);
    comp_types(c, env, t, ts);
    struct ir_var **vars = ARENA_ARRAY(c->arena, struct ir_var *, n + 1);
    name_t *names = ARENA_ARRAY(c->arena, name_t, n + 1);
    int named = 0;
    comp_names(c, t, pat_name(p) != NULL ? pat_name(p) : "p", names, &named);
    for (int j = 0; j < n; j++) {
      ts[j].unique = t->unique;
      vars[j] = fresh(c, names[j], ts[j]);
      VEC_PUSH(c->arena, &params, vars[j]);
    }
    env = bind_pat(c, env, p, sv_from_vars(c, t, vars, n));
  }
  if (is_entry) {
    /* (an entry point without parameters has no vector to point into) */
    struct ir_var **args = params.items != NULL ? params.items + size_params : NULL;
    check_entry_sizes(c, env, d, comps_per_param, args);
  }
  struct sv *r = int_exp(c, env, d->u.val.body);
  int n;
  struct ir_subexp *res = sv_comps(c, r, &n);
  struct type *rt = concrete(c, env, result_after(b->type, d->u.val.param_count));
  spec->ret_type = rt;
  if (!is_entry) {
    spec->hidden_count = hidden_sizes(c, NULL, rt, &spec->hidden);
  }
  int h = spec->hidden_count;
  struct ir_subexp *all = ARENA_ARRAY(c->arena, struct ir_subexp, n + h + 1);
  memcpy(all, res, sizeof *all * (size_t)n);
  if (h > 0) {
    show_result_sizes(c, rt, env, d->u.val.body, all + n);
  }
  ir_body_set_results(c->arena, f->body, all, n + h);
  f->ret_count = n + h;
  f->ret = ARENA_ARRAY(c->arena, struct ir_type, n + h + 1);
  for (int i = 0; i < h; i++) {
    f->ret[n + i] = ir_type_scalar(PRIM_I64);
  }
  if (comp_count(rt) == n) {
    comp_types(c, env, rt, f->ret);
  }
  for (int i = 0; i < n; i++) {
    struct ir_type actual = ir_subexp_type(res[i]);
    if (comp_count(rt) != n || f->ret[i].prim != actual.prim || f->ret[i].rank != actual.rank) {
      f->ret[i] = ir_type_array(c->arena, actual.prim, actual.rank, NULL);
    }
    /* Only sizes that are parameters can be named in a function's result type. */
    for (int dd = 0; dd < f->ret[i].rank; dd++) {
      struct ir_subexp dim = f->ret[i].dims[dd];
      bool is_param = dim.kind == IR_SE_CONST;
      for (int j = 0; j < params.len && !is_param; j++) {
        is_param = dim.kind == IR_SE_VAR && dim.u.var == params.items[j];
      }
      if (!is_param) {
        f->ret[i].dims[dd] = ir_se_none();
      }
    }
    f->ret[i].unique = rt->unique;
  }
  f->params = params.items;
  f->param_count = params.len;
  if (is_entry) {
    make_entry(c, f, b, size_params, d->u.val.params, d->u.val.param_count, comps_per_param);
  }
  ir_program_add_fun(c->prog, f);
  c->body = saved_body;
  c->loc = saved_loc;
  c->unsafe = saved_unsafe;
  return spec;
}

/* Where does size parameter s appear directly as a dimension of a parameter's type?
 * Sets the parameter, component and dimension. */
static bool find_size_source(struct type *t, struct tc_binding *s, int *comp, int *dim,
                             int base, struct size **outer, int outer_rank) {
  t = type_head(t);
  switch (t->kind) {
  case TYPE_PRIM:
    for (int d = 0; d < outer_rank; d++) {
      struct size *z = size_head(outer[d]);
      if (z->kind == SIZE_NAME && z->u.name == s) {
        *comp = base;
        *dim = d;
        return true;
      }
    }
    return false;
  case TYPE_ARRAY: {
    struct size *dims[MAX_OUTER_DIMS];
    int rank = outer_dims(outer, outer_rank, t, dims);
    return find_size_source(t->u.array.elem, s, comp, dim, base, dims, rank);
  }
  default:
    for (int i = 0; i < type_part_count(t); i++) {
      if (find_size_source(type_part(t, i), s, comp, dim, base, outer, outer_rank)) {
        return true;
      }
      base += comp_count(type_part(t, i));
    }
    return false;
  }
}

static struct ir_subexp size_argument(struct ictx *c, struct sv *fn, struct sv **args,
                                      int count, struct tc_binding *s, int size_index) {
  struct pat **params = def_params(fn->u.def.binding);
  for (int i = 0; i < count; i++) {
    int comp, dim;
    if (params[i]->type != NULL &&
        find_size_source(params[i]->type, s, &comp, &dim, 0, NULL, 0) &&
        args[i]->kind == SV_DYNAMIC && comp < args[i]->u.dyn.count) {
      return emit_shape(c, args[i]->u.dyn.comps[comp], dim);
    }
  }
  struct tc_inst *inst = fn->u.def.inst;
  if (inst == NULL || size_index >= inst->size_count || inst->sizes[size_index] == NULL) {
    ICE("internalise", c->loc, "size parameter '%s' has no value", s->name);
  }
  return eval_size(c, fn->u.def.caller_env, inst->sizes[size_index]);
}

static struct sv *call_specialised(struct ictx *c, struct sv *fn, struct sv **args, int count,
                                   struct type *result_type) {
  struct tc_binding *b = fn->u.def.binding;
  struct ispec *spec = specialise(c, b, fn->u.def.types, false);
  struct ir_fun *f = spec->fun;
  VEC(struct ir_subexp) actual = {0};
  int si = 0;
  for (int i = 0; i < b->scheme.param_count; i++) {
    if (b->scheme.params[i].kind == TPARAM_SIZE) {
      VEC_PUSH(c->arena, &actual, size_argument(c, fn, args, count, b->scheme.params[i].binding,
                                                si));
      si++;
    }
  }
  for (int i = 0; i < count; i++) {
    for (int j = 0; j < args[i]->u.dyn.count; j++) {
      VEC_PUSH(c->arena, &actual, args[i]->u.dyn.comps[j]);
    }
  }
  if (actual.len != f->param_count) {
    ICE("internalise", c->loc, "call of %s with %d arguments for %d parameters", f->name,
        actual.len, f->param_count);
  }
  int n = f->ret_count - spec->hidden_count;
  struct ir_var **results = ARENA_ARRAY(c->arena, struct ir_var *, f->ret_count + 1);
  struct ir_type *want = ARENA_ARRAY(c->arena, struct ir_type, f->ret_count + 1);
  struct type *rt = concrete(c, NULL, result_type);
  bool typed = comp_count(rt) == n;
  if (typed) {
    comp_types(c, fn->u.def.caller_env, rt, want);
  }
  for (int i = 0; i < f->ret_count; i++) {
    struct ir_type t = f->ret[i];
    struct ir_type r = ir_type_array(c->arena, t.prim, t.rank, NULL);
    for (int d = 0; typed && i < n && d < r.rank && d < want[i].rank; d++) {
      r.dims[d] = want[i].dims[d];
    }
    results[i] = fresh(c, i < n ? "r" : "size", r);
  }
  struct ir_exp e = {.kind = IR_APPLY};
  e.u.apply.fun = f;
  e.u.apply.args = actual.items;
  e.u.apply.count = actual.len;
  emit(c, e, results, f->ret_count);
  /* The sizes of the result that no component shows, at the same places in the
   * caller's type (Note [Sizes that values show]). */
  for (int i = 0; i < spec->hidden_count; i++) {
    struct size *s = size_at_same_place(spec->ret_type, rt, spec->hidden[i]);
    if (s != NULL && size_head(s)->kind == SIZE_NAME) {
      note_shown_size(c, size_head(s)->u.name, ir_se_var(results[n + i]));
    }
  }
  return sv_from_vars(c, rt, results, n);
}

/* ------------------------------------------------------------- Program */

struct ir_program *internalise_program(struct arena *a, struct program *prelude,
                                       struct program *program) {
  (void)prelude;
  diag_set_pass("internalise");
  struct ictx c = {.arena = a};
  c.prog = ir_program_new(a);
  ptrmap_init(&c.specs, a);
  for (int i = 0; i < program->count; i++) {
    struct dec *d = program->decs[i];
    while (d->kind == DEC_LOCAL) {
      d = d->u.local;
    }
    if (d->kind == DEC_VAL && d->u.val.is_entry) {
      c.loc = d->loc;
      specialise(&c, d->u.val.binding, NULL, true);
    }
  }
  return c.prog;
}
