/* Type inference for expressions.
 *
 * Futhark's rules (language reference, "Type inference"): unification with
 * constraints for overloaded operators and literals, size types that unify
 * syntactically, existential sizes for results whose size is not known statically
 * (filter, slices with computed bounds, branches and loops whose sizes differ).
 *
 * Application checks arguments left to right, except that lambdas and operator
 * sections are checked last, once the other arguments have fixed the types their
 * parameters will have (so `map (\p -> p.x) ps` knows p before looking at p.x).
 * Every bound name records the let-level of its scope; a result whose type mentions a
 * size bound inside the scope it leaves gets a fresh existential size instead. */
#include <string.h>

#include "typecheck/intrinsics.h"
#include "typecheck/tc.h"

/* ------------------------------------------------------------ Instantiation */

struct type *instantiate(struct tc *tc, struct tc_binding *b, struct tc_inst **inst_out,
                         struct loc loc) {
  if (b->kind == BIND_VAR) {
    return b->type;
  }
  if (b->kind == BIND_SIZE) {
    return type_prim(tc->arena, PRIM_I64);
  }
  const struct tc_scheme *sc = &b->scheme;
  struct tc_subst s = {0};
  struct tc_inst *inst = ARENA_NEW(tc->arena, struct tc_inst);
  int n = sc->param_count;
  s.type_params = ARENA_ARRAY(tc->arena, struct tc_binding *, n + 1);
  s.types = ARENA_ARRAY(tc->arena, struct type *, n + 1);
  s.size_names = ARENA_ARRAY(tc->arena, struct tc_binding *, n + 1);
  s.sizes = ARENA_ARRAY(tc->arena, struct size *, n + 1);
  for (int i = 0; i < n; i++) {
    struct type_param *p = &sc->params[i];
    if (p->kind == TPARAM_SIZE) {
      s.size_names[s.size_count] = p->binding;
      s.sizes[s.size_count] = fresh_size(tc, loc);
      s.sizes[s.size_count++]->u.var->origin = p->binding->name;
    } else {
      struct type *v = fresh_var(tc, p->binding->constraint, loc);
      v->u.var->origin = p->binding->name;
      v->u.var->lifted = p->kind == TPARAM_LIFTED;
      v->u.var->sized = p->kind == TPARAM_TYPE;
      s.type_params[s.type_count] = p->binding;
      s.types[s.type_count++] = v;
    }
  }
  /* The result's existential sizes are fresh for every use. */
  struct type *t = sc->type;
  struct type *last = type_head(t);
  while (last->kind == TYPE_ARROW && last->u.arrow.ext_count == 0 &&
         type_head(last->u.arrow.result)->kind == TYPE_ARROW) {
    last = type_head(last->u.arrow.result);
  }
  struct tc_binding **ext = NULL;
  int ext_count = 0;
  for (struct type *a = type_head(t); a->kind == TYPE_ARROW; a = type_head(a->u.arrow.result)) {
    if (a->u.arrow.ext_count > 0) {
      ext = a->u.arrow.ext;
      ext_count = a->u.arrow.ext_count;
    }
  }
  if (ext_count > 0) {
    struct tc_binding **names = ARENA_ARRAY(tc->arena, struct tc_binding *, n + ext_count);
    struct size **sizes = ARENA_ARRAY(tc->arena, struct size *, n + ext_count);
    memcpy(names, s.size_names, sizeof *names * (size_t)s.size_count);
    memcpy(sizes, s.sizes, sizeof *sizes * (size_t)s.size_count);
    inst->ext = ARENA_ARRAY(tc->arena, struct tc_binding *, ext_count);
    inst->ext_count = ext_count;
    for (int i = 0; i < ext_count; i++) {
      names[s.size_count + i] = ext[i];
      sizes[s.size_count + i] = fresh_existential(tc, ext[i]->name, loc);
      inst->ext[i] = sizes[s.size_count + i]->u.name;
    }
    inst->size_count = s.size_count;
    inst->sizes = s.sizes;
    s.size_names = names;
    s.sizes = sizes;
    s.size_count += ext_count;
  } else {
    inst->size_count = s.size_count;
    inst->sizes = s.sizes;
  }
  inst->types = s.types;
  inst->type_count = s.type_count;
  if (inst_out != NULL) {
    *inst_out = inst;
  }
  return type_subst(tc->arena, t, &s);
}

/* ------------------------------------------------------------ Escaping sizes */

struct escape {
  struct tc *tc;
  int level;
  VEC(struct tc_binding *) made; /* the fresh existentials, in order */
  VEC(struct tc_binding *) from;
  VEC(struct size *) to;
  VEC(struct tc_binding *) bound; /* names bound by arrows inside the type */
  struct tc_binding *let_name; /* let m = e: m is e outside (Note [Let-bound sizes]) */
  struct size *let_size;
  bool lost; /* the last escape_size gave (or contains) an unknown size */
  unsigned walk; /* what each node became (Note [Shared types] in types.c); a new walk
                    whenever `bound` grows, as that can change the answer */
};

/* Note [Let-bound sizes]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * As in Futhark, `let m = e in body`, where the pattern is the one name m, e is an
 * i64 and e can be a size (Note [Size expressions] in check_type.c), gives the body's
 * type with m replaced by e, not an existential size: in
 *     def f (n: i64) : [n+1]i64 = let m = n + 1 in iota m
 * the let has type [n+1]i64, which is the declared one. The replacement happens where
 * m leaves scope: inside the body, [m] and [n+1] are different sizes, since sizes unify
 * as written. Futhark substitutes any i64 expression without bindings (a lambda, a let,
 * a loop); Prism substitutes what it can represent as a size, and makes the others
 * existential as before. A size of which only a part leaves scope unknown (m+1 where m
 * cannot be replaced) becomes one existential as a whole. */

static struct size *escape_size(struct escape *x, struct size *s);

/* A fresh existential at the escape's level, recorded as made. */
static struct size *escape_fresh(struct escape *x, name_t hint, struct loc loc) {
  int saved = x->tc->level;
  x->tc->level = x->level;
  struct size *fresh = fresh_existential(x->tc, hint, loc);
  x->tc->level = saved;
  VEC_PUSH(x->tc->arena, &x->made, fresh->u.name);
  x->lost = true;
  return fresh;
}

/* n+1 or f n: the parts escaped, the whole rebuilt from them where they are all still
 * known, and one unknown size otherwise (n+1 cannot be rebuilt from a fresh name for
 * n). Parts are escaped without recording what they make, which the whole replaces. */
static struct size *escape_compound(struct escape *x, struct size *s) {
  bool binop = s->kind == SIZE_BINOP;
  int count = binop ? 2 : s->u.apply.count;
  struct size **parts = ARENA_ARRAY(x->tc->arena, struct size *, count);
  bool changed = false, lost = false;
  int made = x->made.len, memo = x->from.len;
  for (int i = 0; i < count; i++) {
    struct size *part = binop ? (i == 0 ? s->u.binop.lhs : s->u.binop.rhs) : s->u.apply.args[i];
    x->lost = false;
    parts[i] = escape_size(x, part);
    lost = lost || x->lost;
    changed = changed || parts[i] != size_head(part);
  }
  if (lost) {
    x->made.len = made;
    x->from.len = memo;
    x->to.len = memo;
    return escape_fresh(x, NULL, x->tc->current_def_loc);
  }
  x->lost = false;
  if (!changed) {
    return s;
  }
  return binop ? size_binop(x->tc->arena, s->u.binop.op, parts[0], parts[1])
               : size_apply(x->tc->arena, s, parts);
}

static struct size *escape_size(struct escape *x, struct size *s) {
  s = size_head(s);
  x->lost = false;
  if (s->kind == SIZE_BINOP || s->kind == SIZE_APPLY) {
    return escape_compound(x, s);
  }
  if (s->kind != SIZE_NAME || s->u.name->level <= x->level) {
    return s;
  }
  if (s->u.name == x->let_name) {
    return x->let_size;
  }
  for (int i = 0; i < x->bound.len; i++) {
    if (x->bound.items[i] == s->u.name) {
      return s;
    }
  }
  for (int i = 0; i < x->from.len; i++) {
    if (x->from.items[i] == s->u.name) {
      x->lost = true;
      return x->to.items[i];
    }
  }
  struct size *fresh = escape_fresh(x, s->u.name->name, s->u.name->loc);
  VEC_PUSH(x->tc->arena, &x->from, s->u.name);
  VEC_PUSH(x->tc->arena, &x->to, fresh);
  return fresh;
}

/* The type with the sizes that leave scope replaced. Parts in which nothing changes
 * are shared, not copied: a lambda's type is escaped at every level of a nest of
 * lambdas, and copies would take memory quadratic in the depth. */
static struct type *escape_node(struct escape *x, struct type *t);

static struct type *escape_type(struct escape *x, struct type *t) {
  bool unique = t->unique;
  t = type_head(t);
  if (t->walk != x->walk) {
    struct type *r = escape_node(x, t);
    t->walk = x->walk;
    t->walk_result = r;
  }
  return type_with_unique(x->tc->arena, t->walk_result, unique);
}

static struct type *escape_node(struct escape *x, struct type *t) {
  struct arena *a = x->tc->arena;
  struct type *r = t;
  switch (t->kind) {
  case TYPE_ARRAY: {
    struct size **dims = ARENA_ARRAY(a, struct size *, t->u.array.rank);
    bool changed = false;
    for (int i = 0; i < t->u.array.rank; i++) {
      dims[i] = escape_size(x, t->u.array.dims[i]);
      changed = changed || dims[i] != t->u.array.dims[i];
    }
    struct type *elem = escape_type(x, t->u.array.elem);
    if (changed || elem != type_head(t->u.array.elem)) {
      r = type_array(a, elem, dims, t->u.array.rank);
    }
    break;
  }
  case TYPE_TUPLE: {
    struct type **elems = ARENA_ARRAY(a, struct type *, t->u.tuple.count);
    bool changed = false;
    for (int i = 0; i < t->u.tuple.count; i++) {
      elems[i] = escape_type(x, t->u.tuple.elems[i]);
      changed = changed || elems[i] != type_head(t->u.tuple.elems[i]);
    }
    if (changed) {
      r = type_tuple(a, elems, t->u.tuple.count);
    }
    break;
  }
  case TYPE_RECORD: {
    struct type_field *fields = ARENA_ARRAY(a, struct type_field, t->u.record.count);
    bool changed = false;
    for (int i = 0; i < t->u.record.count; i++) {
      fields[i].name = t->u.record.fields[i].name;
      fields[i].type = escape_type(x, t->u.record.fields[i].type);
      changed = changed || fields[i].type != type_head(t->u.record.fields[i].type);
    }
    if (changed) {
      r = type_record(a, fields, t->u.record.count);
    }
    break;
  }
  case TYPE_ARROW: {
    if (t->u.arrow.param_name != NULL) {
      VEC_PUSH(a, &x->bound, t->u.arrow.param_name);
      x->walk = type_walk_start();
    }
    struct type *param = escape_type(x, t->u.arrow.param);
    struct type *result = escape_type(x, t->u.arrow.result);
    if (param != type_head(t->u.arrow.param) || result != type_head(t->u.arrow.result)) {
      r = type_arrow(a, t->u.arrow.param_name, param, result);
      r->u.arrow.ext = t->u.arrow.ext;
      r->u.arrow.ext_count = t->u.arrow.ext_count;
    }
    break;
  }
  case TYPE_APPLY: {
    struct type **args = ARENA_ARRAY(a, struct type *, t->u.apply.count + 1);
    bool changed = false;
    for (int i = 0; i < t->u.apply.count; i++) {
      args[i] = escape_type(x, t->u.apply.args[i]);
      changed = changed || args[i] != type_head(t->u.apply.args[i]);
    }
    struct size **sizes = ARENA_ARRAY(a, struct size *, t->u.apply.size_count + 1);
    for (int i = 0; i < t->u.apply.size_count; i++) {
      sizes[i] = escape_size(x, t->u.apply.sizes[i]);
      changed = changed || sizes[i] != t->u.apply.sizes[i];
    }
    if (changed) {
      r = type_apply(a, t->u.apply.ctor, args, t->u.apply.count, sizes, t->u.apply.size_count);
    }
    break;
  }
  default:
    break;
  }
  return r;
}

struct type *escape_sizes(struct tc *tc, struct type *t, int level) {
  return escape_sizes_ext(tc, t, level, NULL, NULL);
}

/* escape_sizes for the body of `let m = e`, m replaced by e's size where e is one (Note
 * [Let-bound sizes]); name NULL for other lets. */
static struct type *escape_let_sizes(struct tc *tc, struct type *t, int level,
                                     struct tc_binding *name, struct size *value) {
  struct escape x = {.tc = tc, .level = level, .walk = type_walk_start()};
  x.let_name = name;
  x.let_size = value;
  return escape_type(&x, t);
}

struct type *escape_sizes_ext(struct tc *tc, struct type *t, int level,
                              struct tc_binding ***made, int *made_count) {
  struct escape x = {.tc = tc, .level = level, .walk = type_walk_start()};
  struct type *r = escape_type(&x, t);
  if (made != NULL) {
    *made = x.made.items;
    *made_count = x.made.len;
  }
  return r;
}

/* ------------------------------------------------------------- Small helpers */

static struct type *prim(struct tc *tc, enum prim_type p) {
  return type_prim(tc->arena, p);
}

static bool is_function_like(struct exp *e) {
  switch (e->kind) {
  case EXP_LAMBDA:
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
  case EXP_SECTION_PROJECT:
  case EXP_SECTION_INDEX:
  case EXP_SECTION_PATH:
    return true;
  case EXP_ATTR:
    return is_function_like(e->u.attr.exp);
  default:
    return false;
  }
}

static const char *exp_describe(struct exp *fn) {
  static char buf[256];
  if (fn->kind == EXP_VAR) {
    snprintf(buf, sizeof buf, "'%s'", fn->u.var.name.name);
    return buf;
  }
  return "this function";
}

/* Makes t an arrow (if it is a variable) and returns its head, or NULL. */
static struct type *as_arrow(struct tc *tc, struct type *t, struct loc loc) {
  struct type *h = type_head(t);
  if (h->kind == TYPE_VAR) {
    struct type *arrow = type_arrow(tc->arena, NULL, fresh_var(tc, TC_NONE, loc),
                                    fresh_var(tc, TC_NONE, loc));
    if (!unify(tc, h, arrow)) {
      return NULL;
    }
    return arrow;
  }
  return h->kind == TYPE_ARROW ? h : NULL;
}

/* After an argument is known, a dependent result type (n: i64) -> [n]t names it. */
static struct type *apply_param_name(struct tc *tc, struct type *arrow, struct exp *arg) {
  struct type *result = arrow->u.arrow.result;
  if (arrow->u.arrow.param_name == NULL) {
    return result;
  }
  if (!type_is_prim(arrow->u.arrow.param_name->type, PRIM_I64)) {
    /* (s: (i64, i64)) -> [s.0]t: Note [Projections in sizes] in check_type.c */
    struct tc_subst s = projection_subst(tc, arrow->u.arrow.param_name, arg);
    return type_subst(tc->arena, result, &s);
  }
  struct size *size = exp_as_size(tc, arg);
  if (size == NULL) {
    size = fresh_existential(tc, arrow->u.arrow.param_name->name, arg->loc);
  }
  struct tc_subst s = {0};
  s.size_names = &arrow->u.arrow.param_name;
  s.sizes = &size;
  s.size_count = 1;
  return type_subst(tc->arena, result, &s);
}

/* Checks `fn args...`; fn_type is the (instantiated) type of fn. */
static struct type *check_application(struct tc *tc, struct exp *fn, struct type *fn_type,
                                      struct exp **args, int count, struct loc loc) {
  struct type **params = ARENA_ARRAY(tc->arena, struct type *, count);
  struct type *cur = fn_type;
  for (int i = 0; i < count; i++) {
    struct type *arrow = as_arrow(tc, cur, loc);
    if (arrow == NULL) {
      diag_fatal(args[i]->loc, "%s is applied to %d argument%s, but its type %s takes %d",
                 exp_describe(fn), count, count == 1 ? "" : "s", show_type(tc, fn_type), i);
    }
    params[i] = arrow->u.arrow.param;
    if (!is_function_like(args[i])) {
      struct type *t = check_exp(tc, args[i]);
      tc->mismatch[0] = '\0';
      if (!unify(tc, params[i], t)) {
        diag_fatal(args[i]->loc,
                   "cannot apply %s to this argument: expected %s, found %s (%s)",
                   exp_describe(fn), show_type(tc, params[i]), show_type(tc, t),
                   tc->mismatch);
      }
    }
    cur = apply_param_name(tc, arrow, args[i]);
  }
  for (int i = 0; i < count; i++) {
    if (is_function_like(args[i])) {
      struct type *t = check_exp_expect(tc, args[i], params[i]);
      tc->mismatch[0] = '\0';
      if (!unify(tc, params[i], t)) {
        diag_fatal(args[i]->loc,
                   "cannot apply %s to this function: expected %s, found %s (%s)",
                   exp_describe(fn), show_type(tc, params[i]), show_type(tc, t),
                   tc->mismatch);
      }
    }
  }
  return cur;
}

/* ------------------------------------------------------------------- Names */

/* x.a.b where x is a variable, or M.N.x.a.b where M.N is a module and x one of its
 * values: the parser made one qualified name; the first `head` names are the value's
 * (qualified) name, the rest are fields. */
static void qualified_to_projection(struct tc *tc, struct exp *e, int head) {
  struct qual_name q = e->u.var.name;
  struct exp *base = ARENA_NEW(tc->arena, struct exp);
  base->kind = EXP_VAR;
  base->loc = e->loc;
  base->loc.end_line = e->loc.line;
  base->loc.end_col = e->loc.col + (uint32_t)strlen(q.quals[0]) - 1;
  base->u.var.name = (struct qual_name){q.quals, head - 1, q.quals[head - 1]};
  struct exp *cur = base;
  for (int i = head; i <= q.qual_count; i++) {
    name_t field = i < q.qual_count ? q.quals[i] : q.name;
    struct exp *p = i < q.qual_count ? ARENA_NEW(tc->arena, struct exp) : e;
    struct loc loc = e->loc;
    p->kind = EXP_PROJECT;
    p->loc = loc;
    p->u.project.exp = cur;
    p->u.project.field = field;
    p->u.project.field_loc = loc;
    cur = p;
  }
}

static struct type *check_var(struct tc *tc, struct exp *e) {
  const struct qual_name *q = &e->u.var.name;
  if (q->qual_count > 0) {
    /* Futhark has one namespace for values and modules: the innermost wins. */
    struct tc_binding *value = env_find(&tc->values, q->quals[0]);
    struct tc_binding *module = env_find(&tc->modules, q->quals[0]);
    if (value != NULL && (module == NULL || value->id > module->id)) {
      qualified_to_projection(tc, e, 1);
      return check_exp(tc, e);
    }
    /* M.x.a: the longest module path whose next name is a value, then fields. */
    for (int k = q->qual_count - 1; k >= 1; k--) {
      struct tc_module *m = try_module_path(tc, q->quals, k);
      if (m != NULL && ptrmap_get(&m->values, q->quals[k]) != NULL) {
        qualified_to_projection(tc, e, k + 1);
        return check_exp(tc, e);
      }
    }
  }
  struct tc_binding *b = lookup_qualified(tc, q, BIND_VAR, e->loc);
  if (b == NULL) {
    error_unknown(tc, "name", q, e->loc);
  }
  e->u.var.binding = b;
  return instantiate(tc, b, &e->u.var.inst, e->loc);
}

/* --------------------------------------------------------------- Literals */

static struct type *check_int(struct tc *tc, struct exp *e) {
  VEC_PUSH(tc->arena, &tc->literals, e);
  if (e->u.int_lit.suffix != PRIM_NONE) {
    return prim(tc, e->u.int_lit.suffix);
  }
  return fresh_var(tc, TC_INT_LIT, e->loc);
}

static struct type *check_float(struct tc *tc, struct exp *e) {
  VEC_PUSH(tc->arena, &tc->literals, e);
  if (e->u.float_lit.suffix != PRIM_NONE) {
    return prim(tc, e->u.float_lit.suffix);
  }
  return fresh_var(tc, TC_FLOAT_LIT, e->loc);
}

/* ----------------------------------------------------------- Constructions */

static struct type *check_tuple(struct tc *tc, struct exp *e) {
  int n = e->u.list.count;
  struct type **elems = ARENA_ARRAY(tc->arena, struct type *, n);
  for (int i = 0; i < n; i++) {
    elems[i] = check_exp(tc, e->u.list.elems[i]);
  }
  return type_tuple(tc->arena, elems, n);
}

static struct type *check_record(struct tc *tc, struct exp *e) {
  int n = e->u.record.count;
  struct type_field *fields = ARENA_ARRAY(tc->arena, struct type_field, n);
  for (int i = 0; i < n; i++) {
    struct exp_field *f = &e->u.record.fields[i];
    for (int j = 0; j < i; j++) {
      if (e->u.record.fields[j].name == f->name) {
        diag_error(f->loc, "field '%s' is given twice", f->name);
        diag_note(e->u.record.fields[j].loc, "first given here");
        diag_abort();
      }
    }
    struct exp *value = f->value;
    if (value == NULL) {
      value = ARENA_NEW(tc->arena, struct exp);
      value->kind = EXP_VAR;
      value->loc = f->loc;
      value->u.var.name = (struct qual_name){NULL, 0, f->name};
      f->implicit_var = value;
    }
    fields[i].name = f->name;
    fields[i].type = check_exp(tc, value);
  }
  return type_record(tc->arena, fields, n);
}

static struct type *check_array_lit(struct tc *tc, struct exp *e) {
  int n = e->u.list.count;
  struct type *elem = n == 0 ? fresh_var(tc, TC_NONE, e->loc) : NULL;
  if (elem != NULL) {
    elem->u.var->lifted = false;
    elem->u.var->sized = true;
  }
  for (int i = 0; i < n; i++) {
    struct type *t = check_exp(tc, e->u.list.elems[i]);
    if (elem == NULL) {
      elem = t;
      forbid_functions(tc, t, e->u.list.elems[i]->loc,
                       "arrays of functions are not supported: an element has type");
      forbid_size_lifted(tc, t, e->u.list.elems[i]->loc,
                         "arrays of size-lifted types are not allowed: an element has type");
    } else {
      elem = join_types(tc, elem, t, e->u.list.elems[i]->loc,
                        "array elements must all have the same type");
    }
  }
  struct size **dims = ARENA_ARRAY(tc->arena, struct size *, 1);
  dims[0] = size_const(tc->arena, n);
  return type_array(tc->arena, type_with_unique(tc->arena, elem, false), dims, 1);
}

/* ----------------------------------------------------------- Projections */

static struct type *project(struct tc *tc, struct type *t, name_t field, struct loc loc) {
  struct type *h = type_head(t);
  if (h->kind == TYPE_VAR &&
      (h->u.var->constraint == TC_NONE || h->u.var->constraint == TC_FIELDS ||
       h->u.var->constraint == TC_EQUALITY)) {
    struct type_var *v = h->u.var;
    for (int i = 0; i < v->field_count; i++) {
      if (v->fields[i].name == field) {
        return v->fields[i].type;
      }
    }
    struct type_field *fs = ARENA_ARRAY(tc->arena, struct type_field, v->field_count + 1);
    if (v->field_count > 0) {
      memcpy(fs, v->fields, sizeof *fs * (size_t)v->field_count);
    }
    struct type *ft = fresh_var(tc, TC_NONE, loc);
    fs[v->field_count].name = field;
    fs[v->field_count].type = ft;
    v->fields = fs;
    v->field_count++;
    v->constraint = TC_FIELDS;
    v->loc = loc;
    return ft;
  }
  struct type *ft = type_field(h, field);
  if (ft == NULL) {
    diag_fatal(loc, "a value of type %s has no field '%s'", show_type(tc, t), field);
  }
  return ft;
}

static struct type *check_project(struct tc *tc, struct exp *e) {
  struct type *t = check_exp(tc, e->u.project.exp);
  return project(tc, t, e->u.project.field, e->loc);
}

/* ----------------------------------------------------------------- Indexing */

static bool is_literal(struct exp *e, uint64_t v) {
  return e != NULL && e->kind == EXP_INT && e->u.int_lit.value == v;
}

/* The size of one sliced dimension a[i:j:s] of an array whose size there is n, as
 * Futhark knows it: j-i, with i 0 and j n when left out; n for a[::1] and a[::-1]
 * (the whole array, reversed); an existential size where it is not known statically. */
static struct size *slice_size(struct tc *tc, struct dim_index *d, struct size *n,
                               struct loc loc) {
  bool reverse = d->stride != NULL && d->stride->kind == EXP_NEGATE &&
                 is_literal(d->stride->u.unary, 1);
  if (reverse && d->start == NULL && d->end == NULL) {
    return n;
  }
  if (d->stride != NULL && !is_literal(d->stride, 1)) {
    return fresh_existential(tc, NULL, loc);
  }
  struct size *start = d->start == NULL || is_literal(d->start, 0) ? NULL
                                                                   : exp_as_size(tc, d->start);
  struct size *end = d->end == NULL ? n : exp_as_size(tc, d->end);
  if (end == NULL || (d->start != NULL && !is_literal(d->start, 0) && start == NULL)) {
    return fresh_existential(tc, NULL, loc);
  }
  return start == NULL ? end : size_binop(tc->arena, SIZE_SUB, end, start);
}

/* An index may be of any integer type, as in Futhark, which converts it to i64
 * (internalise does). An index whose type is not yet known becomes an i64: an
 * unsuffixed literal, a lambda's parameter, and any bound of a slice (Futhark wants
 * i64 there). A single index (not a literal) whose type is already known to be an
 * integer of some kind (the index of `for i < 10`, a literal's) stays open, as
 * Futhark's "any signed integer" constraint does, so that a later use can fix it
 * (`xs[i] = i` with xs: []i32 makes i an i32); unfixed, it defaults to i32 like any
 * literal. */
static void check_index_exp(struct tc *tc, struct exp *i, bool fixed) {
  if (i == NULL) {
    return;
  }
  struct type *t = type_head(check_exp(tc, i));
  if (t->kind == TYPE_PRIM && prim_is_int(t->u.prim)) {
    return;
  }
  if (fixed && t->kind == TYPE_VAR && i->kind != EXP_INT &&
      (t->u.var->constraint == TC_INT_LIT || t->u.var->constraint == TC_INTEGRAL)) {
    return;
  }
  if (t->kind == TYPE_VAR) {
    expect_type(tc, prim(tc, PRIM_I64), t, i->loc, "an index must be an integer");
    return;
  }
  diag_fatal(i->loc, "an index must be an integer, but this has type %s", show_type(tc, t));
}

/* The type of a[indices] where a has type t. */
static struct type *index_type(struct tc *tc, struct type *t, struct dim_index *indices,
                               int count, struct loc loc) {
  struct type *h = type_norm(tc->arena, t);
  if (h->kind == TYPE_VAR && count > 0) {
    struct size **dims = ARENA_ARRAY(tc->arena, struct size *, count);
    for (int i = 0; i < count; i++) {
      dims[i] = fresh_size(tc, loc);
    }
    struct type *elem = fresh_var(tc, TC_NONE, loc);
    elem->u.var->lifted = false;
    elem->u.var->sized = true;
    expect_type(tc, type_array(tc->arena, elem, dims, count), h, loc, "indexing");
    h = type_norm(tc->arena, t);
  }
  if (h->kind != TYPE_ARRAY) {
    diag_fatal(loc, "cannot index a value of type %s", show_type(tc, t));
  }
  if (count > h->u.array.rank) {
    diag_fatal(loc, "%d indices given for an array of rank %d (type %s)", count,
               h->u.array.rank, show_type(tc, t));
  }
  VEC(struct size *) dims = {0};
  for (int i = 0; i < count; i++) {
    struct dim_index *d = &indices[i];
    if (!d->is_slice) {
      check_index_exp(tc, d->fixed, true);
      continue;
    }
    check_index_exp(tc, d->start, false);
    check_index_exp(tc, d->end, false);
    check_index_exp(tc, d->stride, false);
    VEC_PUSH(tc->arena, &dims, slice_size(tc, d, h->u.array.dims[i], loc));
  }
  for (int i = count; i < h->u.array.rank; i++) {
    VEC_PUSH(tc->arena, &dims, h->u.array.dims[i]);
  }
  return type_array(tc->arena, h->u.array.elem, dims.items, dims.len);
}

static struct type *check_index(struct tc *tc, struct exp *e) {
  struct type *t = check_exp(tc, e->u.index.array);
  return index_type(tc, t, e->u.index.indices, e->u.index.count, e->loc);
}

static struct type *forget_sizes(struct tc *tc, struct type *t, struct loc loc);

/* The value written by an in-place update must have the type of the slot. As in
 * Futhark, sizes that do not unify (xs with [1:4] = iota 3, whose slot has size 4-1)
 * are left to the update's run-time check, which reports a mismatch with its location. */
static void check_update_value(struct tc *tc, struct type *slot, struct exp *value) {
  struct type *v = check_exp(tc, value);
  if (!unify(tc, slot, v) && !unify(tc, forget_sizes(tc, slot, value->loc), v)) {
    expect_type(tc, slot, v, value->loc, "the new value does not fit the update");
  }
}

static struct type *check_update(struct tc *tc, struct exp *e) {
  struct type *t = check_exp(tc, e->u.update.array);
  struct type *slot = index_type(tc, t, e->u.update.indices, e->u.update.count, e->loc);
  check_update_value(tc, slot, e->u.update.value);
  return type_with_unique(tc->arena, t, false);
}

static struct type *check_record_update(struct tc *tc, struct exp *e) {
  struct type *t = check_exp(tc, e->u.record_update.record);
  struct type *field = t;
  for (int i = 0; i < e->u.record_update.path_len; i++) {
    field = project(tc, field, e->u.record_update.path[i], e->loc);
  }
  struct type *v = check_exp(tc, e->u.record_update.value);
  expect_type(tc, field, v, e->u.record_update.value->loc,
              "the new value does not fit the field");
  return t;
}

/* e with a[i].b = v: each step applies to the type the steps before it left, so a
 * field is of a record and an index list of an array, as in Futhark. An index list
 * records that type for internalise. */
static struct type *check_update_path(struct tc *tc, struct exp *e) {
  struct type *t = check_exp(tc, e->u.update_path.source);
  struct type *slot = t;
  for (int i = 0; i < e->u.update_path.step_count; i++) {
    struct path_step *st = &e->u.update_path.steps[i];
    if (st->is_index) {
      slot = index_type(tc, slot, st->indices, st->count, st->loc);
      st->type = slot;
    } else {
      slot = project(tc, slot, st->field, st->loc);
    }
  }
  check_update_value(tc, slot, e->u.update_path.value);
  return type_with_unique(tc->arena, t, false);
}

/* --------------------------------------------------------------- Operators */

static struct tc_binding *lookup_operator(struct tc *tc, const struct qual_name *op,
                                          struct loc loc) {
  struct tc_binding *b = lookup_qualified(tc, op, BIND_VAR, loc);
  if (b == NULL) {
    error_unknown(tc, "operator", op, loc);
  }
  return b;
}

/* Pipes are ordinary operators (intrinsics); the left operand is checked first, so in
 * `xs |> map (\x -> x.a)` the lambda knows what x is. */
static struct type *check_binop(struct tc *tc, struct exp *e) {
  const struct qual_name *op = &e->u.binop.op;
  struct tc_binding *b = lookup_operator(tc, op, e->u.binop.op_loc);
  e->u.binop.binding = b;
  struct type *ft = instantiate(tc, b, &e->u.binop.inst, e->u.binop.op_loc);
  struct type *arrow1 = as_arrow(tc, ft, e->loc);
  struct type *arrow2 = arrow1 != NULL ? as_arrow(tc, arrow1->u.arrow.result, e->loc) : NULL;
  if (arrow2 == NULL) {
    diag_fatal(e->u.binop.op_loc, "'%s' is not a binary operator (its type is %s)", op->name,
               show_type(tc, ft));
  }
  struct type *lt = check_exp_expect(tc, e->u.binop.lhs, arrow1->u.arrow.param);
  tc->mismatch[0] = '\0';
  if (!unify(tc, arrow1->u.arrow.param, lt)) {
    diag_fatal(e->u.binop.lhs->loc, "the left operand of '%s' has type %s, but %s is expected (%s)",
               op->name, show_type(tc, lt), show_type(tc, arrow1->u.arrow.param), tc->mismatch);
  }
  struct type *rt = check_exp_expect(tc, e->u.binop.rhs, arrow2->u.arrow.param);
  tc->mismatch[0] = '\0';
  if (!unify(tc, arrow2->u.arrow.param, rt)) {
    diag_fatal(e->u.binop.rhs->loc,
               "the right operand of '%s' has type %s, but %s is expected (%s)", op->name,
               show_type(tc, rt), show_type(tc, arrow2->u.arrow.param), tc->mismatch);
  }
  return arrow2->u.arrow.result;
}

static struct type *check_negate(struct tc *tc, struct exp *e) {
  struct type *t = check_exp(tc, e->u.unary);
  if (e->u.unary->kind == EXP_INT) {
    /* -128i8 is in range: the literal's range is checked with its sign. */
    VEC_LAST(&tc->literals) = e;
  }
  tc->mismatch[0] = '\0';
  if (!constrain(tc, t, TC_NUMERIC)) {
    diag_fatal(e->loc, "cannot negate a value of type %s: it is not numeric", show_type(tc, t));
  }
  return t;
}

static struct type *check_not(struct tc *tc, struct exp *e) {
  struct type *t = check_exp(tc, e->u.unary);
  struct type *h = type_head(t);
  if (h->kind == TYPE_VAR && h->u.var->constraint == TC_NONE) {
    unify(tc, h, prim(tc, PRIM_BOOL));
    return t;
  }
  if (h->kind == TYPE_VAR && (h->u.var->constraint == TC_INTEGRAL ||
                              h->u.var->constraint == TC_INT_LIT)) {
    h->u.var->constraint = TC_INTEGRAL;
    return t;
  }
  if (h->kind == TYPE_PRIM && (h->u.prim == PRIM_BOOL || prim_is_int(h->u.prim))) {
    return t;
  }
  diag_fatal(e->loc, "'!' applies to bool and integers, not to %s", show_type(tc, t));
}

static struct type *check_section(struct tc *tc, struct exp *e) {
  const struct qual_name *op = &e->u.section.op;
  struct tc_binding *b = lookup_operator(tc, op, e->u.section.op_loc);
  e->u.section.binding = b;
  struct type *ft = instantiate(tc, b, &e->u.section.inst, e->u.section.op_loc);
  if (e->kind == EXP_SECTION_OP) {
    return ft;
  }
  struct type *arrow1 = as_arrow(tc, ft, e->loc);
  struct type *arrow2 = arrow1 != NULL ? as_arrow(tc, arrow1->u.arrow.result, e->loc) : NULL;
  if (arrow2 == NULL) {
    diag_fatal(e->u.section.op_loc, "'%s' is not a binary operator", op->name);
  }
  struct exp *x = e->u.section.operand;
  struct type *want = e->kind == EXP_SECTION_LEFT ? arrow1->u.arrow.param
                                                  : arrow2->u.arrow.param;
  struct type *t = check_exp_expect(tc, x, want);
  expect_type(tc, want, t, x->loc, "operand of the section");
  if (e->kind == EXP_SECTION_LEFT) {
    return arrow1->u.arrow.result;
  }
  return type_arrow(tc->arena, NULL, arrow1->u.arrow.param, arrow2->u.arrow.result);
}

static struct type *check_section_project(struct tc *tc, struct exp *e, struct type *expected) {
  struct type *param = fresh_var(tc, TC_NONE, e->loc);
  struct type *h = expected != NULL ? type_head(expected) : NULL;
  if (h != NULL && h->kind == TYPE_ARROW) {
    unify(tc, param, h->u.arrow.param);
  }
  struct type *t = param;
  for (int i = 0; i < e->u.section_project.count; i++) {
    t = project(tc, t, e->u.section_project.fields[i], e->loc);
  }
  return type_arrow(tc->arena, NULL, param, t);
}

static struct type *check_section_index(struct tc *tc, struct exp *e, struct type *expected) {
  struct type *param = fresh_var(tc, TC_NONE, e->loc);
  struct type *h = expected != NULL ? type_head(expected) : NULL;
  if (h != NULL && h->kind == TYPE_ARROW) {
    unify(tc, param, h->u.arrow.param);
  }
  struct type *t = index_type(tc, param, e->u.section_index.indices, e->u.section_index.count,
                              e->loc);
  return type_arrow(tc->arena, NULL, param, t);
}

/* (.a[i].b) is \x -> x.a[i].b, each step applied to the type the steps before it left;
 * an index list records that type for internalise. */
static struct type *check_section_path(struct tc *tc, struct exp *e, struct type *expected) {
  struct type *param = fresh_var(tc, TC_NONE, e->loc);
  struct type *h = expected != NULL ? type_head(expected) : NULL;
  if (h != NULL && h->kind == TYPE_ARROW) {
    unify(tc, param, h->u.arrow.param);
  }
  struct type *t = param;
  for (int i = 0; i < e->u.section_path.step_count; i++) {
    struct path_step *st = &e->u.section_path.steps[i];
    if (st->is_index) {
      t = index_type(tc, t, st->indices, st->count, st->loc);
      st->type = t;
    } else {
      t = project(tc, t, st->field, st->loc);
    }
  }
  return type_arrow(tc->arena, NULL, param, t);
}

/* ------------------------------------------------------------------ Lambdas */

static struct type *check_lambda(struct tc *tc, struct exp *e, struct type *expected) {
  int mark = scope_enter(tc);
  int outer = tc->level++;
  int n = e->u.lambda.param_count;
  check_distinct_params(tc, NULL, 0, e->u.lambda.params, n);
  struct type **params = ARENA_ARRAY(tc->arena, struct type *, n);
  struct tc_binding **names = ARENA_ARRAY(tc->arena, struct tc_binding *, n);
  struct type *exp_cur = expected;
  for (int i = 0; i < n; i++) {
    struct pat *p = e->u.lambda.params[i];
    struct type *want = pattern_type(tc, p, SIZES_ASCRIBE);
    struct type *h = exp_cur != NULL ? type_head(exp_cur) : NULL;
    if (h != NULL && h->kind == TYPE_ARROW) {
      expect_type(tc, h->u.arrow.param, want, p->loc, "lambda parameter");
      exp_cur = h->u.arrow.result;
    } else {
      exp_cur = NULL;
    }
    params[i] = bind_pattern(tc, p, want, false);
    names[i] = p->kind == PAT_ID ? p->u.id.binding
               : p->kind == PAT_ASCRIPT && p->u.ascript.pat->kind == PAT_ID
                   ? p->u.ascript.pat->u.id.binding
                   : NULL;
  }
  struct type *body = check_exp(tc, e->u.lambda.body);
  if (e->u.lambda.ret != NULL) {
    struct type *ret = elab_type(tc, e->u.lambda.ret, SIZES_ASCRIBE);
    expect_type(tc, ret, body, e->u.lambda.body->loc, "the lambda's body does not have its "
                                                      "declared return type");
    body = ret;
  }
  struct type *t = body;
  for (int i = n - 1; i >= 0; i--) {
    t = type_arrow(tc->arena, names[i] != NULL && type_is_prim(params[i], PRIM_I64) ? names[i]
                                                                                   : NULL,
                   params[i], t);
  }
  t = escape_sizes(tc, t, outer);
  tc->level = outer;
  scope_leave(tc, mark);
  return t;
}

/* ---------------------------------------------------------------------- Let */

static void bind_size_binders(struct tc *tc, struct exp *e) {
  int n = e->u.let.size_count;
  struct loc *locs = ARENA_ARRAY(tc->arena, struct loc, n + 1);
  for (int i = 0; i < n; i++) {
    locs[i] = e->u.let.size_locs != NULL ? e->u.let.size_locs[i] : e->loc;
  }
  check_distinct_let_binders(tc, e->u.let.sizes, locs, n, e->u.let.pat);
  e->u.let.size_bindings = ARENA_ARRAY(tc->arena, struct tc_binding *, n);
  for (int i = 0; i < n; i++) {
    struct loc loc = e->u.let.size_locs != NULL ? e->u.let.size_locs[i] : e->loc;
    struct tc_binding *b = binding_new(tc, BIND_SIZE, e->u.let.sizes[i], loc);
    b->type = prim(tc, PRIM_I64);
    b->size_alias = fresh_size(tc, loc);
    e->u.let.size_bindings[i] = b;
    env_bind(tc, &tc->values, b->name, b);
  }
}

/* The existential sizes of t, in order of appearance. */
static void existentials_of(struct tc *tc, struct type *t, struct size ***out, int *count) {
  VEC(struct size *) found = {0};
  struct type *h = type_norm(tc->arena, t);
  if (h->kind == TYPE_TUPLE) {
    for (int i = 0; i < h->u.tuple.count; i++) {
      struct size **part;
      int n;
      existentials_of(tc, h->u.tuple.elems[i], &part, &n);
      for (int j = 0; j < n; j++) {
        VEC_PUSH(tc->arena, &found, part[j]);
      }
    }
  } else if (h->kind == TYPE_ARRAY) {
    for (int i = 0; i < h->u.array.rank; i++) {
      struct size *s = size_head(h->u.array.dims[i]);
      if (s->kind == SIZE_NAME && s->u.name->kind == BIND_SIZE && !s->u.name->is_size_param &&
          s->u.name->size_alias == NULL) {
        VEC_PUSH(tc->arena, &found, s);
      }
    }
  }
  *out = found.items;
  *count = found.len;
}

static void resolve_size_binders(struct tc *tc, struct exp *e, struct type *value) {
  /* let [n] xs = filter p ys: binders the pattern does not mention name the value's
   * existential sizes, in order. */
  struct size **ext;
  int ext_count, next = 0;
  if (e->u.let.size_count == 0) {
    return; /* and no walk over a type that may be huge (Note [Shared types]) */
  }
  existentials_of(tc, value, &ext, &ext_count);
  for (int i = 0; i < e->u.let.size_count; i++) {
    struct size *s = size_head(e->u.let.size_bindings[i]->size_alias);
    if (s->kind == SIZE_VAR && next < ext_count) {
      s->u.var->link = ext[next++];
    }
  }
  for (int i = 0; i < e->u.let.size_count; i++) {
    struct tc_binding *b = e->u.let.size_bindings[i];
    struct size *s = size_head(b->size_alias);
    if (s->kind == SIZE_VAR) {
      diag_fatal(b->loc, "size '%s' is not the size of anything in the pattern", b->name);
    }
    b->size_alias = s;
  }
}

/* A let's body, in the scope (mark) and level (outer + 1) that the let opened, both
 * closed here: sizes bound there that the body's type names become existential, except
 * a let-bound name that stands for a size (Note [Let-bound sizes]). */
static struct type *check_let_body(struct tc *tc, struct exp *body, int mark, int outer,
                                   struct tc_binding *name, struct exp *value) {
  struct type *t = check_exp(tc, body);
  /* After the body, which may have fixed the value's type (let m = x + 1 with x known
   * to be an i64 only from its use in the body). */
  struct size *size = NULL;
  if (name != NULL && value->type != NULL && type_is_prim(value->type, PRIM_I64)) {
    size = exp_as_size(tc, value);
  }
  t = escape_let_sizes(tc, t, outer, size != NULL ? name : NULL, size);
  tc->level = outer;
  scope_leave(tc, mark);
  return t;
}

/* The one name a let's pattern binds, with no size binders: m in `let m = e`, `let (m:
 * i64) = e`; NULL for other patterns. */
static struct tc_binding *let_size_name(struct exp *e) {
  struct pat *p = e->u.let.pat;
  if (e->u.let.size_count > 0) {
    return NULL;
  }
  while (p->kind == PAT_ASCRIPT) {
    p = p->u.ascript.pat;
  }
  return p->kind == PAT_ID ? p->u.id.binding : NULL;
}

static struct type *check_let(struct tc *tc, struct exp *e) {
  struct type *value = check_exp(tc, e->u.let.value);
  if (type_contains_arrow(value) && e->u.let.pat->kind != PAT_ID &&
      !(e->u.let.pat->kind == PAT_ASCRIPT && e->u.let.pat->u.ascript.pat->kind == PAT_ID)) {
    /* A function value may only be bound to a name, not taken apart. */
  }
  int mark = scope_enter(tc);
  int outer = tc->level++;
  bind_size_binders(tc, e);
  bind_pattern(tc, e->u.let.pat, value, false);
  resolve_size_binders(tc, e, value);
  return check_let_body(tc, e->u.let.body, mark, outer, let_size_name(e), e->u.let.value);
}

static struct type *check_let_with(struct tc *tc, struct exp *e) {
  struct qual_name q = {NULL, 0, e->u.let_with.name};
  struct tc_binding *src = env_find(&tc->values, q.name);
  if (src == NULL || src->kind != BIND_VAR) {
    error_unknown(tc, "array", &q, e->u.let_with.name_loc);
  }
  e->u.let_with.source = src;
  struct type *t = src->type;
  struct type *slot = index_type(tc, t, e->u.let_with.indices, e->u.let_with.count, e->loc);
  check_update_value(tc, slot, e->u.let_with.value);
  int mark = scope_enter(tc);
  int outer = tc->level++;
  struct tc_binding *b = binding_new(tc, BIND_VAR, e->u.let_with.name, e->u.let_with.name_loc);
  b->type = type_with_unique(tc->arena, t, false);
  b->unique = src->unique;
  e->u.let_with.binding = b;
  env_bind(tc, &tc->values, b->name, b);
  return check_let_body(tc, e->u.let_with.body, mark, outer, NULL, NULL);
}


static struct type *check_let_fun(struct tc *tc, struct exp *e) {
  check_local_function(tc, e);
  int mark = scope_enter(tc);
  env_bind(tc, &tc->values, e->u.let_fun.name, e->u.let_fun.binding);
  struct type *body = check_exp(tc, e->u.let_fun.body);
  scope_leave(tc, mark);
  return body;
}

/* ------------------------------------------------------------ Conditionals */

static struct type *check_if(struct tc *tc, struct exp *e) {
  struct type *c = check_exp(tc, e->u.if_.cond);
  expect_type(tc, prim(tc, PRIM_BOOL), c, e->u.if_.cond->loc, "the condition of 'if'");
  struct type *a = check_exp(tc, e->u.if_.then_branch);
  struct type *b = check_exp(tc, e->u.if_.else_branch);
  struct type *t = join_types(tc, a, b, e->u.if_.else_branch->loc,
                              "the branches of 'if' have different types");
  forbid_functions(tc, t, e->loc, "an 'if' cannot return a function: its type is");
  return t;
}

/* -------------------------------------------------------------------- Loops */

/* The initial value of `loop p for ...` is p read as an expression. */
static struct exp *pattern_as_exp(struct tc *tc, struct pat *p) {
  struct exp *e = ARENA_NEW(tc->arena, struct exp);
  e->loc = p->loc;
  switch (p->kind) {
  case PAT_ID:
    e->kind = EXP_VAR;
    e->u.var.name = (struct qual_name){NULL, 0, p->u.id.name};
    return e;
  case PAT_TUPLE:
    e->kind = EXP_TUPLE;
    e->u.list.count = p->u.tuple.count;
    e->u.list.elems = ARENA_ARRAY(tc->arena, struct exp *, p->u.tuple.count);
    for (int i = 0; i < p->u.tuple.count; i++) {
      e->u.list.elems[i] = pattern_as_exp(tc, p->u.tuple.elems[i]);
    }
    return e;
  case PAT_RECORD:
    e->kind = EXP_RECORD;
    e->u.record.count = p->u.record.count;
    e->u.record.fields = ARENA_ARRAY(tc->arena, struct exp_field, p->u.record.count);
    for (int i = 0; i < p->u.record.count; i++) {
      e->u.record.fields[i].name = p->u.record.fields[i].name;
      e->u.record.fields[i].loc = p->u.record.fields[i].loc;
      e->u.record.fields[i].value = pattern_as_exp(tc, p->u.record.fields[i].pat);
    }
    return e;
  case PAT_ASCRIPT:
    return pattern_as_exp(tc, p->u.ascript.pat);
  case PAT_WILDCARD:
    break;
  }
  diag_fatal(p->loc, "a loop without an initial value needs a pattern of names");
}

/* Replaces every dimension of t by a fresh size variable, recording both. */
struct loop_sizes {
  VEC(struct size *) init;  /* the initial value's sizes */
  VEC(struct size *) vars;  /* the loop parameter's sizes (fresh variables) */
  unsigned walk;            /* marks the parts without arrays, kept as they are */
};

/* Note [Shared types] in types.c: every array of the type gets sizes of its own, so a
 * part with arrays is copied each time it is reached; a part without arrays is the
 * same afterwards, and is walked once. So the work is bounded by the number of
 * arrays made, and that is bounded here. */
enum { LOOP_MAX_ARRAYS = 100000 };

static struct type *loop_param_type(struct tc *tc, struct type *t, struct loop_sizes *ls,
                                    struct loc loc);

/* loop_param_type on a tuple's or record's components (type_map_parts). */
struct loop_part_ctx {
  struct tc *tc;
  struct loop_sizes *ls;
  struct loc loc;
};

static struct type *loop_param_part(struct type *part, void *arg) {
  struct loop_part_ctx *ctx = arg;
  return loop_param_type(ctx->tc, part, ctx->ls, ctx->loc);
}

static struct type *loop_param_type(struct tc *tc, struct type *t, struct loop_sizes *ls,
                                    struct loc loc) {
  bool unique = t->unique;
  t = type_head(t);
  if (ls->walk == 0) {
    ls->walk = type_walk_start();
  }
  if (t->walk == ls->walk && t->walk_result == t) {
    return type_with_unique(tc->arena, t, unique);
  }
  if (ls->vars.len > LOOP_MAX_ARRAYS) {
    diag_fatal(loc, "this type is too large: it has more than %d arrays", LOOP_MAX_ARRAYS);
  }
  struct type *r = t;
  switch (t->kind) {
  case TYPE_ARRAY: {
    struct size **dims = ARENA_ARRAY(tc->arena, struct size *, t->u.array.rank);
    for (int i = 0; i < t->u.array.rank; i++) {
      dims[i] = fresh_size(tc, loc);
      VEC_PUSH(tc->arena, &ls->init, t->u.array.dims[i]);
      VEC_PUSH(tc->arena, &ls->vars, dims[i]);
    }
    r = type_array(tc->arena, loop_param_type(tc, t->u.array.elem, ls, loc), dims,
                   t->u.array.rank);
    break;
  }
  case TYPE_TUPLE:
  case TYPE_RECORD: {
    struct loop_part_ctx ctx = {tc, ls, loc};
    r = type_map_parts(tc->arena, t, loop_param_part, &ctx);
    break;
  }
  default:
    break;
  }
  if (r == t) {
    t->walk = ls->walk;
    t->walk_result = t;
  }
  return type_with_unique(tc->arena, r, unique);
}

/* After the body: a size the body kept is the initial size; a size the body changed
 * is an existential of the loop; a size the body fixed must be the initial one. */
static void settle_loop_sizes(struct tc *tc, struct loop_sizes *ls, struct type *body,
                              struct loc loc) {
  struct loop_sizes result = {0};
  loop_param_type(tc, body, &result, loc); /* the body's sizes, in the same order */
  for (int i = 0; i < ls->vars.len && i < result.init.len; i++) {
    struct size *v = size_head(ls->vars.items[i]);
    struct size *r = size_head(result.init.items[i]);
    struct size *init = ls->init.items[i];
    if (v->kind == SIZE_VAR) {
      bool another_param = false;
      for (int j = 0; j < ls->vars.len; j++) {
        another_param = another_param || (j != i && size_head(ls->vars.items[j]) == r);
      }
      if (r->kind == SIZE_VAR && r != v && !another_param) {
        /* An unknown size of the body's own: it may as well be the parameter's. */
        unify_sizes(tc, r, v);
        r = v;
      }
      /* The body keeps the size when it returns the parameter's own size, or the same
       * size the initial value has (map f (iota n) for an initial [n]). */
      bool kept = r == v || size_equal(r, init);
      unify_sizes(tc, v, kept ? init : fresh_existential(tc, intern("loop_d"), loc));
      continue;
    }
    tc->mismatch[0] = '\0';
    if (!unify_sizes(tc, v, r)) {
      diag_fatal(loc, "the loop body returns size %s where the loop parameter has size %s",
                 show_size(tc, r), show_size(tc, v));
    }
    if (!unify_sizes(tc, v, init)) {
      diag_fatal(loc, "a loop parameter has size %s inside the loop, but its initial value "
                      "has size %s", show_size(tc, v), show_size(tc, init));
    }
  }
}

/* A copy of t with every size replaced by a fresh variable (for :> and loops). */
static struct type *forget_sizes(struct tc *tc, struct type *t, struct loc loc) {
  struct loop_sizes ls = {0};
  return loop_param_type(tc, t, &ls, loc);
}

static struct type *check_loop(struct tc *tc, struct exp *e) {
  if (e->u.loop.init == NULL) {
    e->u.loop.init = pattern_as_exp(tc, e->u.loop.pat);
  }
  struct type *init = check_exp(tc, e->u.loop.init);
  forbid_functions(tc, init, e->u.loop.init->loc,
                   "loop parameters cannot be functions: the initial value has type");
  struct type *bound_type = NULL;
  struct type *array_type = NULL;
  if (e->u.loop.form == LOOP_FOR) {
    bound_type = check_exp(tc, e->u.loop.bound);
    tc->mismatch[0] = '\0';
    if (!constrain(tc, bound_type, TC_INTEGRAL)) {
      diag_fatal(e->u.loop.bound->loc, "the bound of a for loop must be an integer, not %s",
                 show_type(tc, bound_type));
    }
  } else if (e->u.loop.form == LOOP_FOR_IN) {
    array_type = check_exp(tc, e->u.loop.for_in_array);
    if (type_head(array_type)->kind == TYPE_VAR) {
      struct size **dims = ARENA_ARRAY(tc->arena, struct size *, 1);
      dims[0] = fresh_size(tc, e->loc);
      unify(tc, array_type, type_array(tc->arena, fresh_var(tc, TC_NONE, e->loc), dims, 1));
    }
    if (type_head(array_type)->kind != TYPE_ARRAY) {
      diag_fatal(e->u.loop.for_in_array->loc, "'for ... in' needs an array, not %s",
                 show_type(tc, array_type));
    }
  }
  int mark = scope_enter(tc);
  int outer = tc->level++;
  struct type *want = pattern_type(tc, e->u.loop.pat, SIZES_ASCRIBE);
  expect_type(tc, want, init, e->u.loop.init->loc,
              "the initial value does not match the loop parameters");
  struct loop_sizes ls = {0};
  struct type *param = loop_param_type(tc, want, &ls, e->loc);
  bind_pattern(tc, e->u.loop.pat, param, false);
  if (e->u.loop.form == LOOP_FOR) {
    struct tc_binding *i = binding_new(tc, BIND_VAR, e->u.loop.index_name, e->u.loop.index_loc);
    i->type = bound_type;
    e->u.loop.index_binding = i;
    env_bind(tc, &tc->values, i->name, i);
  } else if (e->u.loop.form == LOOP_FOR_IN) {
    bind_pattern(tc, e->u.loop.for_in_pat, type_row(tc->arena, array_type), false);
  } else {
    struct type *c = check_exp(tc, e->u.loop.bound);
    expect_type(tc, prim(tc, PRIM_BOOL), c, e->u.loop.bound->loc,
                "the condition of a while loop");
  }
  struct type *body = check_exp(tc, e->u.loop.body);
  expect_type(tc, forget_sizes(tc, param, e->loc), body, e->u.loop.body->loc,
              "the loop body's result does not match the loop parameters");
  settle_loop_sizes(tc, &ls, type_resolve(tc->arena, body), e->u.loop.body->loc);
  struct type *result = escape_sizes(tc, type_with_unique(tc->arena, param, false), outer);
  tc->level = outer;
  scope_leave(tc, mark);
  return result;
}

/* ------------------------------------------------------------- Ascriptions */

static struct type *check_ascript(struct tc *tc, struct exp *e) {
  struct type *t = check_exp(tc, e->u.ascript.exp);
  if (e->kind == EXP_ASCRIPT) {
    struct type *a = elab_type(tc, e->u.ascript.type, SIZES_ASCRIBE);
    expect_type(tc, a, t, e->loc, "the value does not have the type it is ascribed");
    return t;
  }
  struct type *a = elab_type(tc, e->u.ascript.type, SIZES_COERCE);
  struct type *shape = forget_sizes(tc, a, e->loc);
  expect_type(tc, shape, t, e->loc, "the value cannot be coerced to this type");
  if (type_rank(a) != type_rank(t)) {
    diag_fatal(e->loc, "cannot coerce a value of type %s to %s: the ranks differ",
               show_type(tc, t), show_type(tc, a));
  }
  return a;
}

/* ------------------------------------------------------------- Dispatcher */

static struct type *check_exp_kind(struct tc *tc, struct exp *e, struct type *expected) {
  switch (e->kind) {
  case EXP_INT:
    return check_int(tc, e);
  case EXP_FLOAT:
    return check_float(tc, e);
  case EXP_BOOL:
    return prim(tc, PRIM_BOOL);
  case EXP_VAR:
    return check_var(tc, e);
  case EXP_TUPLE:
    return check_tuple(tc, e);
  case EXP_RECORD:
    return check_record(tc, e);
  case EXP_ARRAY:
    return check_array_lit(tc, e);
  case EXP_PROJECT:
    return check_project(tc, e);
  case EXP_INDEX:
    return check_index(tc, e);
  case EXP_UPDATE:
    return check_update(tc, e);
  case EXP_RECORD_UPDATE:
    return check_record_update(tc, e);
  case EXP_UPDATE_PATH:
    return check_update_path(tc, e);
  case EXP_APPLY: {
    struct type *ft = check_exp(tc, e->u.apply.fn);
    return check_application(tc, e->u.apply.fn, ft, e->u.apply.args, e->u.apply.count, e->loc);
  }
  case EXP_BINOP:
    return check_binop(tc, e);
  case EXP_NEGATE:
    return check_negate(tc, e);
  case EXP_NOT:
    return check_not(tc, e);
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    return check_section(tc, e);
  case EXP_SECTION_PROJECT:
    return check_section_project(tc, e, expected);
  case EXP_SECTION_INDEX:
    return check_section_index(tc, e, expected);
  case EXP_SECTION_PATH:
    return check_section_path(tc, e, expected);
  case EXP_LAMBDA:
    return check_lambda(tc, e, expected);
  case EXP_LET:
    return check_let(tc, e);
  case EXP_LET_FUN:
    return check_let_fun(tc, e);
  case EXP_LET_WITH:
    return check_let_with(tc, e);
  case EXP_IF:
    return check_if(tc, e);
  case EXP_LOOP:
    return check_loop(tc, e);
  case EXP_ASSERT: {
    struct type *c = check_exp(tc, e->u.assert_.cond);
    expect_type(tc, prim(tc, PRIM_BOOL), c, e->u.assert_.cond->loc, "the condition of 'assert'");
    return check_exp(tc, e->u.assert_.exp);
  }
  case EXP_ASCRIPT:
  case EXP_COERCE:
    return check_ascript(tc, e);
  case EXP_ATTR:
    return check_exp_expect(tc, e->u.attr.exp, expected);
  case EXP_QUAL_PARENS: {
    /* M.(e): M's members are in scope in e, and nowhere else. */
    struct tc_binding *m = lookup_qualified(tc, &e->u.qual_parens.module, BIND_MODULE, e->loc);
    if (m == NULL || m->kind != BIND_MODULE || m->module == NULL) {
      error_unknown(tc, "module", &e->u.qual_parens.module, e->loc);
    }
    int mark = scope_enter(tc);
    bool saved = tc->in_local;
    tc->in_local = true;
    open_module(tc, m->module);
    tc->in_local = saved;
    struct type *t = check_exp_expect(tc, e->u.qual_parens.exp, expected);
    scope_leave(tc, mark);
    return t;
  }
  case EXP_RANGE:
    return check_range(tc, e);
  case EXP_HOLE:
    return check_hole(tc, e);
  }
  return type_unit(tc->arena);
}

struct type *check_exp_expect(struct tc *tc, struct exp *e, struct type *expected) {
  diag_checkpoint(e->loc);
  struct type *t = check_exp_kind(tc, e, expected);
  e->type = t;
  return t;
}

struct type *check_exp(struct tc *tc, struct exp *e) {
  return check_exp_expect(tc, e, NULL);
}
