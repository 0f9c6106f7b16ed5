/* Type expressions, size expressions, type parameters and patterns.
 *
 * elab_type turns a written type into a `struct type`. What `[]` means depends on
 * where it is written (enum size_mode): in a parameter's type a size to be inferred
 * (generalised with the definition), an existential size in a return type, any size
 * in an ascription.
 * Sizes written in types are constants, names of i64 values, or functions and operators
 * applied to those (Note [Size expressions]). */
#include <stdlib.h>
#include <string.h>

#include "typecheck/tc.h"

static bool is_size_operator(struct tc_binding *b, enum size_op *op) {
  if (b == NULL || b->kind != BIND_INTRINSIC) {
    return false;
  }
  static const struct {
    const char *name;
    enum size_op op;
  } ops[] = {{"+", SIZE_ADD}, {"-", SIZE_SUB}, {"*", SIZE_MUL}, {"/", SIZE_DIV}, {"%", SIZE_MOD}};
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
    if (strcmp(b->name, ops[i].name) == 0) {
      *op = ops[i].op;
      return true;
    }
  }
  return false;
}

/* Note [Size expressions]
 * ~~~~~~~~~~~~~~~~~~~~~~~~
 * Futhark allows any expression of type i64 as a size in a type, and unifies sizes as
 * terms, syntactically. Prism represents the arithmetic `+ - * / %` as SIZE_BINOP, and
 * an application of any other function or operator to i64 sizes (2**k, i64.max n m,
 * a definition `pow2 k`) as SIZE_APPLY: the function's binding, its instantiation, and
 * the argument sizes. Two such sizes unify when they apply the same function to
 * arguments that unify; substitution (instantiating a function's size parameters)
 * reaches the arguments. Internalise computes the size by applying the function to the
 * arguments' values, wherever it computes sizes (a coercion, an entry point's check).
 * An argument may also be a variable of another integer type (i64.i32 k). Expressions
 * whose arguments are neither (length xs, a field of a record) stay unsupported in
 * types, and a slice or an argument written that way gets an existential size. */

/* An argument of a function in a size: an i64 size, or a variable of another integer
 * type (i64.i32 k). */
static struct size *arg_as_size(struct tc *tc, struct exp *arg) {
  struct type *t = arg->type != NULL ? type_head(arg->type) : NULL;
  if (t == NULL || t->kind != TYPE_PRIM || !prim_is_int(t->u.prim)) {
    return NULL;
  }
  if (t->u.prim == PRIM_I64) {
    return exp_as_size(tc, arg);
  }
  struct tc_binding *b = arg->kind == EXP_VAR ? arg->u.var.binding : NULL;
  return b != NULL && b->kind == BIND_VAR ? size_name(tc->arena, b) : NULL;
}

/* f a b or a `op` b as a size (Note [Size expressions]): a function or operator, every
 * argument an i64 that is a size itself. */
static struct size *apply_as_size(struct tc *tc, struct tc_binding *fn, struct tc_inst *inst,
                                  const struct qual_name *written, struct exp **args,
                                  int count, bool infix) {
  if (fn == NULL || (fn->kind != BIND_INTRINSIC && fn->kind != BIND_DEF) || count == 0) {
    return NULL;
  }
  struct size **sizes = ARENA_ARRAY(tc->arena, struct size *, count);
  for (int i = 0; i < count; i++) {
    sizes[i] = arg_as_size(tc, args[i]);
    if (sizes[i] == NULL) {
      return NULL;
    }
  }
  struct strbuf name;
  strbuf_init(&name);
  for (int i = 0; i < written->qual_count; i++) {
    strbuf_printf(&name, "%s.", written->quals[i]);
  }
  strbuf_puts(&name, written->name);
  struct size like = {.kind = SIZE_APPLY};
  like.u.apply.fn = fn;
  like.u.apply.inst = inst;
  like.u.apply.count = count;
  like.u.apply.infix = infix;
  like.u.apply.written = arena_strndup(tc->arena, name.data, name.len);
  strbuf_free(&name);
  return size_apply(tc->arena, &like, sizes);
}

/* Note [Projections in sizes]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Futhark allows any i64 expression as a size, and programs use fields of tuples and
 * records: `def unit (s: (i64, i64)) : [s.0][s.1]t`. Prism accepts a projection path
 * (s.0, r.x.1) of a variable or constant definition s. Each path of each base has one
 * binding (projection_binding), an i64 named as written, so the size is a SIZE_NAME
 * and unifies, prints, escapes with its base's scope and substitutes as names do.
 * A function whose result's sizes project a parameter has a dependent type, as with an
 * i64 parameter (n: i64) -> [n]t: applying it replaces each projection by the same
 * path into the argument (projection_subst): a variable's projection, a component of a
 * tuple or record literal that is a size, or else a fresh existential. Internalise
 * computes such a size by projecting the base's value (eval_size). */
struct tc_binding *projection_binding(struct tc *tc, struct tc_binding *base,
                                      const name_t *fields, int count) {
  for (struct tc_binding *p = base->projections; p != NULL; p = p->proj_next) {
    bool same = p->proj_count == count;
    for (int i = 0; same && i < count; i++) {
      same = p->proj_fields[i] == fields[i];
    }
    if (same) {
      return p;
    }
  }
  struct strbuf name;
  strbuf_init(&name);
  strbuf_puts(&name, base->display != NULL ? base->display : base->name);
  for (int i = 0; i < count; i++) {
    strbuf_printf(&name, ".%s", fields[i]);
  }
  struct tc_binding *p = binding_new(tc, BIND_VAR, intern_n(name.data, name.len), base->loc);
  strbuf_free(&name);
  p->type = type_prim(tc->arena, PRIM_I64);
  p->level = base->level;
  p->proj_base = base;
  p->proj_fields = ARENA_ARRAY(tc->arena, name_t, count);
  memcpy(p->proj_fields, fields, sizeof *fields * (size_t)count);
  p->proj_count = count;
  p->proj_next = base->projections;
  base->projections = p;
  return p;
}

/* The root of e.f.g..., a variable or constant definition, and the fields from it in
 * order (*count of them, at most max); NULL where e is no such path. */
static struct tc_binding *projection_root(struct exp *e, name_t *fields, int max, int *count) {
  int n = 0;
  for (struct exp *p = e; p->kind == EXP_PROJECT; p = p->u.project.exp) {
    n++;
  }
  if (n > max) {
    return NULL;
  }
  *count = n;
  for (; e->kind == EXP_PROJECT; e = e->u.project.exp) {
    fields[--n] = e->u.project.field;
  }
  struct tc_binding *b = e->kind == EXP_VAR ? e->u.var.binding : NULL;
  if (b == NULL || (b->kind != BIND_VAR && b->kind != BIND_DEF) || b->type == NULL ||
      type_head(b->type)->kind == TYPE_ARROW) {
    return NULL;
  }
  return b;
}

enum { MAX_PROJECTION = 16 };

static struct size *projection_as_size(struct tc *tc, struct exp *e) {
  name_t fields[MAX_PROJECTION];
  int count;
  struct tc_binding *base = projection_root(e, fields, MAX_PROJECTION, &count);
  if (base == NULL || e->type == NULL || !type_is_prim(e->type, PRIM_I64)) {
    return NULL;
  }
  return size_name(tc->arena, projection_binding(tc, base, fields, count));
}

/* The component of a tuple or record literal named `field`, or NULL. */
static struct exp *literal_field(struct exp *e, name_t field) {
  if (e->kind == EXP_TUPLE) {
    char *end;
    long i = strtol(field, &end, 10);
    return *end == '\0' && i >= 0 && i < e->u.list.count ? e->u.list.elems[i] : NULL;
  }
  if (e->kind == EXP_RECORD) {
    for (int i = 0; i < e->u.record.count; i++) {
      struct exp_field *f = &e->u.record.fields[i];
      if (f->name == field) {
        return f->value != NULL ? f->value : f->implicit_var;
      }
    }
  }
  return NULL;
}

/* The size at path `fields` of arg (f (a, b) gives a for .0; f s gives s.0), or NULL. */
static struct size *project_arg(struct tc *tc, struct exp *arg, const name_t *fields,
                                int count) {
  while (arg->kind == EXP_ASCRIPT) {
    arg = arg->u.ascript.exp;
  }
  if (count > 0 && (arg->kind == EXP_TUPLE || arg->kind == EXP_RECORD)) {
    struct exp *part = literal_field(arg, fields[0]);
    return part != NULL ? project_arg(tc, part, fields + 1, count - 1) : NULL;
  }
  if (count == 0) {
    return arg->type != NULL && type_is_prim(arg->type, PRIM_I64) ? exp_as_size(tc, arg)
                                                                 : NULL;
  }
  name_t path[2 * MAX_PROJECTION];
  int prefix;
  struct tc_binding *base = projection_root(arg, path, MAX_PROJECTION, &prefix);
  if (base == NULL || count > MAX_PROJECTION) {
    return NULL;
  }
  memcpy(path + prefix, fields, sizeof *fields * (size_t)count);
  return size_name(tc->arena, projection_binding(tc, base, path, prefix + count));
}

struct tc_subst projection_subst(struct tc *tc, struct tc_binding *param, struct exp *arg) {
  struct tc_subst s = {0};
  int n = 0;
  for (struct tc_binding *p = param->projections; p != NULL; p = p->proj_next) {
    n++;
  }
  s.size_names = ARENA_ARRAY(tc->arena, struct tc_binding *, n + 1);
  s.sizes = ARENA_ARRAY(tc->arena, struct size *, n + 1);
  for (struct tc_binding *p = param->projections; p != NULL; p = p->proj_next) {
    struct size *z = project_arg(tc, arg, p->proj_fields, p->proj_count);
    s.size_names[s.size_count] = p;
    s.sizes[s.size_count++] = z != NULL ? z : fresh_existential(tc, NULL, arg->loc);
  }
  return s;
}

struct size *exp_as_size(struct tc *tc, struct exp *e) {
  switch (e->kind) {
  case EXP_PROJECT:
    return projection_as_size(tc, e);
  case EXP_INT:
    if (e->u.int_lit.value > (uint64_t)INT64_MAX) {
      return NULL;
    }
    return size_const(tc->arena, (int64_t)e->u.int_lit.value);
  case EXP_VAR: {
    struct tc_binding *b = e->u.var.binding;
    if (b == NULL) {
      return NULL;
    }
    if (b->kind == BIND_SIZE) {
      return b->size_alias != NULL ? b->size_alias : size_name(tc->arena, b);
    }
    if (b->kind == BIND_VAR && b->type != NULL && type_is_prim(b->type, PRIM_I64)) {
      return size_name(tc->arena, b);
    }
    if (b->kind == BIND_DEF && type_is_prim(b->type, PRIM_I64)) {
      return size_name(tc->arena, b); /* def n = 3i64, or val r: i64: a constant size */
    }
    return NULL;
  }
  case EXP_BINOP: {
    enum size_op op;
    if (e->type == NULL || !type_is_prim(e->type, PRIM_I64)) {
      return NULL;
    }
    if (e->u.binop.op.qual_count > 0 || !is_size_operator(e->u.binop.binding, &op)) {
      struct exp *args[2] = {e->u.binop.lhs, e->u.binop.rhs};
      return apply_as_size(tc, e->u.binop.binding, e->u.binop.inst, &e->u.binop.op, args, 2,
                           true);
    }
    struct size *l = exp_as_size(tc, e->u.binop.lhs);
    struct size *r = l != NULL ? exp_as_size(tc, e->u.binop.rhs) : NULL;
    return r != NULL ? size_binop(tc->arena, op, l, r) : NULL;
  }
  case EXP_APPLY: {
    struct exp *fn = e->u.apply.fn;
    if (fn->kind != EXP_VAR || e->type == NULL || !type_is_prim(e->type, PRIM_I64)) {
      return NULL;
    }
    return apply_as_size(tc, fn->u.var.binding, fn->u.var.inst, &fn->u.var.name,
                         e->u.apply.args, e->u.apply.count, false);
  }
  case EXP_ASCRIPT:
    return exp_as_size(tc, e->u.ascript.exp);
  default:
    return NULL;
  }
}

struct size *elab_size_exp(struct tc *tc, struct exp *e, bool must) {
  struct type *t = check_exp(tc, e);
  expect_type(tc, type_prim(tc->arena, PRIM_I64), t, e->loc, "a size must be an i64");
  struct size *s = exp_as_size(tc, e);
  if (s == NULL && must) {
    diag_fatal(e->loc, "a size in a type must be a constant, the name of an i64 value, a "
                       "field of a tuple or record (s.0), or a function or operator applied "
                       "to those (with i64 arguments)");
  }
  return s;
}

/* Note [Anonymous parameter sizes]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * As in Futhark, an anonymous size [] in the type of a parameter (of a definition or
 * local function) is not a distinct size of its own but an unknown that the body may
 * determine: in `def f (a: []i32) (b: []i32) = zip a b` both are the same size, and in
 * `def g (n: i64) (a: []i32) = zip a (iota n)` it is n. Whatever is left unknown when
 * the definition is checked becomes a size parameter (generalise in unify.c), so the
 * definition reads as if written with [n] parameters, and an entry point checks at run
 * time that its arguments agree. Such an unknown may not become a size bound inside
 * the body (the `d` of a filter, a let-bound [k]), which would escape its scope:
 * unification fails there and a branch join makes an existential instead. The flag
 * `scoped` marks these unknowns and passes to a variable they are linked to. */
static struct size *any_size(struct tc *tc, enum size_mode mode, struct loc loc) {
  switch (mode) {
  case SIZES_SPEC:
  case SIZES_PARAM: {
    struct tc_binding *b = binding_new(tc, BIND_SIZE,
                                       intern_printf("n%d", (int)tc->implicit_sizes.len), loc);
    b->type = type_prim(tc->arena, PRIM_I64);
    b->is_size_param = true;
    VEC_PUSH(tc->arena, &tc->implicit_sizes, b);
    return size_name(tc->arena, b);
  }
  case SIZES_RETURN: {
    struct size *s = fresh_existential(tc, NULL, loc);
    VEC_PUSH(tc->arena, &tc->return_ext, s->u.name);
    return s;
  }
  case SIZES_INFER: { /* Note [Anonymous parameter sizes] */
    struct size *s = fresh_size(tc, loc);
    s->u.var->scoped = true;
    s->u.var->origin = intern_printf("n%d", tc->anon_sizes++); /* for messages */
    return s;
  }
  case SIZES_ASCRIBE:
    return fresh_size(tc, loc);
  case SIZES_COERCE:
    return fresh_existential(tc, NULL, loc);
  case SIZES_ABBREV: {
    struct size *s = fresh_existential(tc, NULL, loc);
    VEC_PUSH(tc->arena, &tc->abbrev_ext, s->u.name);
    return s;
  }
  }
  return fresh_size(tc, loc);
}

/* A use of a type abbreviation: its parameters replaced by the arguments. */
static struct type *apply_abbrev(struct tc *tc, struct tc_binding *b, struct type_exp **args,
                                 int arg_count, enum size_mode mode, struct loc loc) {
  if (arg_count != b->scheme.param_count) {
    diag_fatal(loc, "type '%s' takes %d argument%s, but is given %d", b->name,
               b->scheme.param_count, b->scheme.param_count == 1 ? "" : "s", arg_count);
  }
  struct tc_subst s = {0};
  int n = b->scheme.param_count;
  int ext = b->abbrev_ext_count;
  s.type_params = ARENA_ARRAY(tc->arena, struct tc_binding *, n + 1);
  s.types = ARENA_ARRAY(tc->arena, struct type *, n + 1);
  s.size_names = ARENA_ARRAY(tc->arena, struct tc_binding *, n + ext + 1);
  s.sizes = ARENA_ARRAY(tc->arena, struct size *, n + ext + 1);
  for (int i = 0; i < ext; i++) {
    /* type~ vec = []i32: each use has a size of its own, read as the use's [] is. */
    s.size_names[s.size_count] = b->abbrev_ext[i];
    s.sizes[s.size_count++] = any_size(tc, mode, loc);
  }
  for (int i = 0; i < n; i++) {
    struct type_param *p = &b->scheme.params[i];
    struct type_exp *arg = args[i];
    if (p->kind == TPARAM_SIZE) {
      if (arg->kind != TE_APPLY || arg->u.apply.type_arg != NULL) {
        diag_fatal(arg->loc, "type '%s' expects a size argument [n] for '%s'", b->name, p->name);
      }
      s.size_names[s.size_count] = p->binding;
      s.sizes[s.size_count++] = arg->u.apply.size_any
                                    ? any_size(tc, mode, arg->loc)
                                    : elab_size_exp(tc, arg->u.apply.size_arg, true);
    } else {
      if (arg->kind == TE_APPLY && arg->u.apply.type_arg == NULL) {
        diag_fatal(arg->loc, "type '%s' expects a type argument for '%s'", b->name, p->name);
      }
      struct type_exp *te = arg->kind == TE_APPLY ? arg->u.apply.type_arg : arg;
      s.type_params[s.type_count] = p->binding;
      s.types[s.type_count++] = elab_type(tc, te, mode);
    }
  }
  return type_subst(tc->arena, b->type, &s);
}

static bool names_size_lifted_abbrev(struct tc *tc, struct type_exp *te);

/* A use of an abstract type with parameters, M.t i32: a type of its own (Note [Abstract
 * types with parameters] in modules.c), each argument as lifted as its parameter allows. */
static struct type *apply_abstract(struct tc *tc, struct tc_binding *b, struct type_exp **args,
                                   int arg_count, enum size_mode mode, struct loc loc) {
  const char *shown = b->display != NULL ? b->display : b->name;
  int n = b->scheme.param_count;
  if (arg_count != n) {
    diag_fatal(loc, "type '%s' takes %d argument%s, but is given %d", shown, n,
               n == 1 ? "" : "s", arg_count);
  }
  struct type **types = ARENA_ARRAY(tc->arena, struct type *, n + 1);
  struct size **sizes = ARENA_ARRAY(tc->arena, struct size *, n + 1);
  int type_count = 0, size_count = 0;
  for (int i = 0; i < n; i++) {
    struct type_param *p = &b->scheme.params[i];
    struct type_exp *arg = args[i];
    bool size_arg = arg->kind == TE_APPLY && arg->u.apply.type_arg == NULL;
    if (p->kind == TPARAM_SIZE) {
      if (!size_arg) {
        diag_fatal(arg->loc, "type '%s' expects a size argument [n] for '%s'", shown, p->name);
      }
      sizes[size_count++] = arg->u.apply.size_any
                                ? any_size(tc, mode, arg->loc)
                                : elab_size_exp(tc, arg->u.apply.size_arg, true);
      continue;
    }
    if (size_arg) {
      diag_fatal(arg->loc, "type '%s' expects a type argument for '%s'", shown, p->name);
    }
    struct type_exp *targ = arg->kind == TE_APPLY ? arg->u.apply.type_arg : arg;
    struct type *t = elab_type(tc, targ, mode);
    types[type_count++] = t;
    if (p->kind != TPARAM_LIFTED && type_may_be_function(t)) {
      diag_fatal(targ->loc, "the argument %s of type '%s' may be a function, but its "
                            "parameter '%s' does not allow functions (write '^%s)",
                 show_type(tc, t), shown, p->name, p->name);
    }
    if (p->kind == TPARAM_TYPE && (names_size_lifted_abbrev(tc, targ) || type_may_hide_size(t))) {
      diag_fatal(targ->loc, "the argument %s of type '%s' may hide a size, but its "
                            "parameter '%s' does not allow that (write '~%s)",
                 show_type(tc, t), shown, p->name, p->name);
    }
  }
  return type_apply(tc->arena, b, types, type_count, sizes, size_count);
}

static struct type *elab_var(struct tc *tc, struct type_exp *te, struct type_exp **args,
                             int arg_count, enum size_mode mode) {
  struct tc_binding *b = lookup_qualified(tc, &te->u.var, BIND_TYPE, te->loc);
  if (b == NULL) {
    error_unknown(tc, "type", &te->u.var, te->loc);
  }
  if (b->kind == BIND_TYPE_PARAM && b->scheme.param_count > 0) {
    return apply_abstract(tc, b, args, arg_count, mode, te->loc);
  }
  if (b->kind == BIND_TYPE_PARAM) {
    if (arg_count > 0) {
      diag_fatal(te->loc, "type parameter '%s' takes no arguments", b->name);
    }
    return type_param(tc->arena, b);
  }
  return apply_abbrev(tc, b, args, arg_count, mode, te->loc);
}

/* The arguments of a type application, outermost last: (vec [n]) f32. */
static struct type *elab_apply(struct tc *tc, struct type_exp *te, enum size_mode mode) {
  VEC(struct type_exp *) args = {0};
  struct type_exp *head = te;
  while (head->kind == TE_APPLY) {
    VEC_PUSH(tc->arena, &args, head);
    head = head->u.apply.ctor;
  }
  if (head->kind != TE_VAR) {
    diag_fatal(head->loc, "only a named type can be applied to arguments");
  }
  for (int i = 0; i < args.len / 2; i++) {
    struct type_exp *t = args.items[i];
    args.items[i] = args.items[args.len - 1 - i];
    args.items[args.len - 1 - i] = t;
  }
  return elab_var(tc, head, args.items, args.len, mode);
}

static struct type *elab_record(struct tc *tc, struct type_exp *te, enum size_mode mode) {
  int n = te->u.record.count;
  struct type_field *fields = ARENA_ARRAY(tc->arena, struct type_field, n);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      if (te->u.record.fields[j].name == te->u.record.fields[i].name) {
        diag_error(te->u.record.fields[i].loc, "field '%s' is given twice",
                   te->u.record.fields[i].name);
        diag_note(te->u.record.fields[j].loc, "first given here");
        diag_abort();
      }
    }
    fields[i].name = te->u.record.fields[i].name;
    fields[i].type = elab_type(tc, te->u.record.fields[i].type, mode);
  }
  return type_record(tc->arena, fields, n);
}

static struct type *elab_arrow(struct tc *tc, struct type_exp *te, enum size_mode mode) {
  enum size_mode result_mode = mode;
  if (mode == SIZES_SPEC) { /* val f: []i32 -> []i32: the result's [] is existential */
    result_mode = te->u.arrow.result->kind == TE_ARROW ? SIZES_SPEC : SIZES_RETURN;
    mode = SIZES_PARAM;
  }
  struct type *param = elab_type(tc, te->u.arrow.param, mode);
  struct tc_binding *name = NULL;
  int mark = scope_enter(tc);
  if (te->u.arrow.param_name != NULL) {
    name = binding_new(tc, BIND_VAR, te->u.arrow.param_name, te->u.arrow.param->loc);
    name->type = param;
    env_bind(tc, &tc->values, name->name, name);
  }
  tc->arrow_results++;
  struct type *result = elab_type(tc, te->u.arrow.result, result_mode);
  tc->arrow_results--;
  scope_leave(tc, mark);
  return type_arrow(tc->arena, name, param, result);
}

/* Note [Sizes a value determines]
 * A size that is not a parameter is read from a value at run time: from an array of
 * that size. An array inside a function type does not count (a function does not carry
 * the sizes of its parameter and result types), nor does a size expression (n+1 does
 * not give n). So an existential size ?[n].t, and an anonymous size [] of a type~ or
 * type^ abbreviation, must be the size of an array of t outside function types, or no
 * value could determine it: `?[n].bool`, `?[n].bool -> [n]bool` and
 * `type^ t = []bool -> bool` are rejected, as in Futhark. */
static bool dim_is(struct type *t, void *b) {
  if (t->kind != TYPE_ARRAY) {
    return false;
  }
  for (int i = 0; i < t->u.array.rank; i++) {
    struct size *s = size_head(t->u.array.dims[i]);
    if (s->kind == SIZE_NAME && s->u.name == b) {
      return true;
    }
  }
  return false;
}

bool size_witnessed(struct type *t, struct tc_binding *b) {
  return type_search(t, false, dim_is, b);
}

/* Note [Existential sizes in abbreviations]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * In `type^ t = ?[n].([n]bool, bool -> [n]bool)` the size n is existential: every use
 * of t has a size of its own there, as for an anonymous [] of a type~ abbreviation
 * (abbrev_ext), except that the places where n is written share it. So n joins
 * abbrev_ext, and apply_abbrev replaces it at each use by a size read as that use's []
 * is: an existential of the result in a return type (`def v x : t = ...` returns some
 * size), a size to infer in a parameter's type, any size in an ascription. In the
 * result of a function type, `type^ f = i64 -> ?[n].[n]i32`, n would instead be fresh
 * at every call of the function: that is not supported. */
static struct type *elab_exist(struct tc *tc, struct type_exp *te, enum size_mode mode) {
  if (mode == SIZES_ABBREV && tc->arrow_results > 0) {
    /* Sizes fresh at every call of a function value, not at every use of the type. */
    diag_fatal(te->loc, "an existential size in the result of a function type is not "
                        "supported in a type abbreviation");
  }
  int mark = scope_enter(tc);
  struct tc_binding **names = ARENA_ARRAY(tc->arena, struct tc_binding *, te->u.exist.count);
  for (int i = 0; i < te->u.exist.count; i++) {
    struct tc_binding *b = binding_new(tc, BIND_SIZE, te->u.exist.names[i], te->loc);
    b->type = type_prim(tc->arena, PRIM_I64);
    env_bind(tc, &tc->values, b->name, b);
    if (mode == SIZES_RETURN) {
      VEC_PUSH(tc->arena, &tc->return_ext, b);
    } else if (mode == SIZES_ABBREV) { /* Note [Existential sizes in abbreviations] */
      VEC_PUSH(tc->arena, &tc->abbrev_ext, b);
    }
    names[i] = b;
  }
  struct type *t = elab_type(tc, te->u.exist.body, mode);
  scope_leave(tc, mark);
  for (int i = 0; i < te->u.exist.count; i++) {
    if (!size_witnessed(t, names[i])) {
      diag_fatal(te->loc, "existential size '%s' is not the size of an array outside function "
                          "types, so no value determines it", names[i]->name);
    }
  }
  return t;
}

/* Note [Size-lifted array elements]
 * A size-lifted type (an abbreviation declared type~, an abstract type~, a '~a
 * parameter) may hide a size that differs from value to value, so an array of them
 * could be irregular: `[2]t` with `type~ t = []i32` could hold rows of different
 * lengths. As in Futhark, such types may not be array elements. */
static bool names_size_lifted_abbrev(struct tc *tc, struct type_exp *te) {
  while (te->kind == TE_APPLY) {
    te = te->u.apply.ctor;
  }
  if (te->kind != TE_VAR) {
    return false;
  }
  struct tc_binding *b = lookup_qualified(tc, &te->u.var, BIND_TYPE, te->loc);
  return b != NULL && b->kind == BIND_TYPE && b->liftedness == TPARAM_SIZE_LIFTED;
}

static void forbid_size_lifted_elem(struct tc *tc, struct type_exp *te, struct type *elem) {
  if (names_size_lifted_abbrev(tc, te->u.array.elem)) {
    diag_fatal(te->u.array.elem->loc, "arrays of size-lifted types are not allowed: the "
                                      "element type is declared type~, so it may hide a size");
  }
  if (type_may_hide_size(elem)) {
    diag_fatal(te->u.array.elem->loc, "arrays of size-lifted types are not allowed: the "
                                      "element type %s may hide a size",
               show_type(tc, elem));
  }
}

struct type *elab_type(struct tc *tc, struct type_exp *te, enum size_mode mode) {
  switch (te->kind) {
  case TE_VAR:
    return elab_var(tc, te, NULL, 0, mode);
  case TE_TUPLE: {
    struct type **elems = ARENA_ARRAY(tc->arena, struct type *, te->u.tuple.count);
    for (int i = 0; i < te->u.tuple.count; i++) {
      elems[i] = elab_type(tc, te->u.tuple.elems[i], mode);
    }
    return type_tuple(tc->arena, elems, te->u.tuple.count);
  }
  case TE_RECORD:
    return elab_record(tc, te, mode);
  case TE_ARRAY: {
    struct size *size = te->u.array.size == NULL ? any_size(tc, mode, te->loc)
                                                 : elab_size_exp(tc, te->u.array.size, true);
    struct type *elem = elab_type(tc, te->u.array.elem, mode);
    if (type_may_be_function(elem)) {
      diag_fatal(te->loc, "arrays of functions are not supported: the element type %s may be "
                          "a function", show_type(tc, elem));
    }
    forbid_size_lifted_elem(tc, te, elem);
    struct size **dims = ARENA_ARRAY(tc->arena, struct size *, 1);
    dims[0] = size;
    return type_array(tc->arena, type_with_unique(tc->arena, elem, false), dims, 1);
  }
  case TE_UNIQUE:
    return type_with_unique(tc->arena, elab_type(tc, te->u.unique, mode), true);
  case TE_ARROW:
    return elab_arrow(tc, te, mode);
  case TE_APPLY:
    return elab_apply(tc, te, mode);
  case TE_EXIST:
    return elab_exist(tc, te, mode);
  }
  return type_unit(tc->arena);
}

void bind_type_params(struct tc *tc, struct type_param *ps, int count) {
  for (int i = 0; i < count; i++) {
    struct type_param *p = &ps[i];
    for (int j = 0; j < i; j++) {
      if (ps[j].name == p->name) {
        diag_fatal(p->loc, "parameter '%s' is given twice", p->name);
      }
    }
    if (p->kind == TPARAM_SIZE) {
      struct tc_binding *b = binding_new(tc, BIND_SIZE, p->name, p->loc);
      b->type = type_prim(tc->arena, PRIM_I64);
      b->is_size_param = true;
      p->binding = b;
      env_bind(tc, &tc->values, p->name, b);
    } else {
      struct tc_binding *b = binding_new(tc, BIND_TYPE_PARAM, p->name, p->loc);
      b->liftedness = p->kind;
      p->binding = b;
      env_bind(tc, &tc->types, p->name, b);
    }
  }
}

/* ------------------------------------------------------------------ Patterns */

struct type *pattern_type(struct tc *tc, struct pat *p, enum size_mode mode) {
  switch (p->kind) {
  case PAT_ID:
  case PAT_WILDCARD:
    return fresh_var(tc, TC_NONE, p->loc);
  case PAT_TUPLE: {
    struct type **elems = ARENA_ARRAY(tc->arena, struct type *, p->u.tuple.count);
    for (int i = 0; i < p->u.tuple.count; i++) {
      elems[i] = pattern_type(tc, p->u.tuple.elems[i], mode);
    }
    return type_tuple(tc->arena, elems, p->u.tuple.count);
  }
  case PAT_RECORD: {
    int n = p->u.record.count;
    struct type_field *fields = ARENA_ARRAY(tc->arena, struct type_field, n);
    for (int i = 0; i < n; i++) {
      fields[i].name = p->u.record.fields[i].name;
      fields[i].type = pattern_type(tc, p->u.record.fields[i].pat, mode);
    }
    return type_record(tc->arena, fields, n);
  }
  case PAT_ASCRIPT: {
    struct type *t = elab_type(tc, p->u.ascript.type, mode);
    struct type *inner = pattern_type(tc, p->u.ascript.pat, mode);
    expect_type(tc, t, inner, p->loc, "pattern does not match its type annotation");
    return t;
  }
  }
  return fresh_var(tc, TC_NONE, p->loc);
}

/* Note [Names bound twice]
 * A name may be bound once by a definition's parameters, size parameters included
 * (`def f [n] (xs: [n]i32) (n: i64)` would make n both the size of xs and another
 * argument), and once by a let pattern, its size binders included (`let [n] [n] ...`,
 * `let [n] (xs: [n]i32, n: i64) = ...`). Futhark rejects both. */
struct bound_name {
  name_t name;
  struct loc loc;
};

struct pattern_names {
  VEC(struct bound_name) ids;
};

static void check_duplicates(struct tc *tc, struct pat *p, struct pattern_names *seen,
                             const char *where);

static void add_bound_name(struct tc *tc, struct pattern_names *seen, name_t name,
                           struct loc loc, const char *where) {
  for (int i = 0; i < seen->ids.len; i++) {
    if (seen->ids.items[i].name == name) {
      diag_error(loc, "'%s' is bound twice in %s", name, where);
      diag_note(seen->ids.items[i].loc, "first bound here");
      diag_abort();
    }
  }
  struct bound_name b = {name, loc};
  VEC_PUSH(tc->arena, &seen->ids, b);
}

void check_distinct_params(struct tc *tc, struct type_param *tps, int tcount, struct pat **ps,
                           int count) {
  struct pattern_names seen = {0};
  for (int i = 0; i < tcount; i++) {
    if (tps[i].kind == TPARAM_SIZE) {
      add_bound_name(tc, &seen, tps[i].name, tps[i].loc, "the parameters");
    }
  }
  for (int i = 0; i < count; i++) {
    check_duplicates(tc, ps[i], &seen, "the parameters");
  }
}

void check_distinct_let_binders(struct tc *tc, const name_t *sizes, const struct loc *locs,
                                int size_count, struct pat *p) {
  struct pattern_names seen = {0};
  for (int i = 0; i < size_count; i++) {
    add_bound_name(tc, &seen, sizes[i], locs[i], "the same pattern");
  }
  check_duplicates(tc, p, &seen, "the same pattern");
}

static void check_duplicates(struct tc *tc, struct pat *p, struct pattern_names *seen,
                             const char *where) {
  switch (p->kind) {
  case PAT_ID:
    add_bound_name(tc, seen, p->u.id.name, p->loc, where);
    return;
  case PAT_WILDCARD:
    return;
  case PAT_TUPLE:
    for (int i = 0; i < p->u.tuple.count; i++) {
      check_duplicates(tc, p->u.tuple.elems[i], seen, where);
    }
    return;
  case PAT_RECORD:
    for (int i = 0; i < p->u.record.count; i++) {
      for (int j = 0; j < i; j++) {
        if (p->u.record.fields[j].name == p->u.record.fields[i].name) {
          diag_fatal(p->u.record.fields[i].loc, "field '%s' is given twice",
                     p->u.record.fields[i].name);
        }
      }
      check_duplicates(tc, p->u.record.fields[i].pat, seen, where);
    }
    return;
  case PAT_ASCRIPT:
    check_duplicates(tc, p->u.ascript.pat, seen, where);
    return;
  }
}

static void bind_names(struct tc *tc, struct pat *p, struct type *t, bool unique,
                       bool is_param) {
  p->type = t;
  switch (p->kind) {
  case PAT_ID: {
    struct tc_binding *b = binding_new(tc, BIND_VAR, p->u.id.name, p->loc);
    b->type = t;
    b->unique = unique || t->unique;
    b->is_param = is_param;
    p->u.id.binding = b;
    env_bind(tc, &tc->values, p->u.id.name, b);
    return;
  }
  case PAT_WILDCARD:
    return;
  case PAT_TUPLE: {
    struct type *h = type_head(t);
    for (int i = 0; i < p->u.tuple.count; i++) {
      struct type *elem = h->kind == TYPE_TUPLE ? h->u.tuple.elems[i] : h;
      bind_names(tc, p->u.tuple.elems[i], elem, unique, is_param);
    }
    return;
  }
  case PAT_RECORD:
    for (int i = 0; i < p->u.record.count; i++) {
      struct type *ft = type_field(t, p->u.record.fields[i].name);
      bind_names(tc, p->u.record.fields[i].pat, ft != NULL ? ft : t, unique, is_param);
    }
    return;
  case PAT_ASCRIPT:
    bind_names(tc, p->u.ascript.pat, t, unique || t->unique, is_param);
    return;
  }
}

struct type *bind_pattern(struct tc *tc, struct pat *p, struct type *t, bool is_param) {
  struct pattern_names seen = {0};
  check_duplicates(tc, p, &seen, "the same pattern");
  struct type *want = pattern_type(tc, p, is_param ? SIZES_INFER : SIZES_ASCRIBE);
  expect_type(tc, want, t, p->loc,
              is_param ? "parameter type mismatch" : "pattern does not match the value");
  bind_names(tc, p, want, false, is_param);
  return want;
}
