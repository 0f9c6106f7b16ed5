/* Declarations: definitions (top-level and local functions), type abbreviations,
 * entry points, and the checks that need a whole definition: generalisation,
 * defaulting of literals, and the range of number literals.
 *
 * A definition is checked with its parameters at level L and its body deeper. Sizes
 * written [] in parameter types become implicit size parameters; those in the return
 * type, and sizes of the body's result that are bound inside it, become the result's
 * existential sizes (fresh at every use). Type variables left unconstrained become type
 * parameters (Futhark generalises as ML does); literal and overloaded ones default to
 * i32 or f64. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "typecheck/tc.h"

/* ------------------------------------------------------------ Literal ranges */

static bool int_fits(enum prim_type p, uint64_t magnitude, bool negative) {
  int bits = prim_bytes(p) * 8;
  if (!prim_is_signed(p)) {
    return !negative || magnitude == 0 ? bits == 64 || magnitude < (UINT64_C(1) << bits)
                                       : false;
  }
  uint64_t max_pos = (UINT64_C(1) << (bits - 1)) - 1;
  return negative ? magnitude <= max_pos + 1 : magnitude <= max_pos;
}

/* Whether a float literal's value (strtod's: infinite when too large for a double)
 * is finite in type p. A double rounds to the largest f32 below FLT_MAX plus half its
 * last place; from there on it rounds to infinity. */
static bool float_fits(enum prim_type p, double value) {
  if (p == PRIM_F16) {
    return fabs(value) < 65520.0; /* 65504 plus half its last place (2^5) */
  }
  return p == PRIM_F32 ? fabs(value) < 0x1.ffffffp+127 : !isinf(value);
}

static void check_literal_ranges(struct tc *tc, int from) {
  for (int i = from; i < tc->literals.len; i++) {
    struct exp *e = tc->literals.items[i];
    bool negative = e->kind == EXP_NEGATE;
    struct exp *lit = negative ? e->u.unary : e;
    struct type *t = type_head(lit->type);
    if (lit->kind == EXP_HOLE) { /* check_range.c: holes wait here for their types */
      diag_fatal(e->loc, "hole of type %s (??? stands for an expression not written yet)",
                 show_type(tc, lit->type));
    }
    if (t->kind == TYPE_PRIM && lit->kind == EXP_FLOAT && prim_is_float(t->u.prim) &&
        !float_fits(t->u.prim, lit->u.float_lit.value)) {
      diag_fatal(e->loc, "the literal %s is out of range for type %s", lit->u.float_lit.text,
                 prim_name(t->u.prim));
    }
    if (t->kind == TYPE_PRIM && lit->kind == EXP_INT && prim_is_float(t->u.prim) &&
        !float_fits(t->u.prim, (double)lit->u.int_lit.value)) {
      diag_fatal(e->loc, "the literal %s%" PRIu64 " is out of range for type %s",
                 negative ? "-" : "", lit->u.int_lit.value, prim_name(t->u.prim));
    }
    if (t->kind != TYPE_PRIM || !prim_is_int(t->u.prim) || lit->kind != EXP_INT) {
      continue;
    }
    if (!int_fits(t->u.prim, lit->u.int_lit.value, negative)) {
      diag_fatal(e->loc, "the literal %s%" PRIu64 " is out of range for type %s",
                 negative ? "-" : "", lit->u.int_lit.value, prim_name(t->u.prim));
    }
  }
}

/* ------------------------------------------------------- Final types of a body */

/* Every expression's type is defaulted once its definition is done, so later passes
 * never meet an unresolved variable. */
static void finish_pat(struct tc *tc, struct pat *p);

static void finish_exp(struct tc *tc, struct exp *e);

static void finish_one(struct exp *e, void *tc) {
  finish_exp(tc, e);
}

static void finish_pats(struct tc *tc, struct pat **ps, int n) {
  for (int i = 0; i < n; i++) {
    finish_pat(tc, ps[i]);
  }
}

static void finish_pat(struct tc *tc, struct pat *p) {
  if (p->type != NULL) {
    default_type(tc, p->type);
  }
  switch (p->kind) {
  case PAT_TUPLE:
    finish_pats(tc, p->u.tuple.elems, p->u.tuple.count);
    break;
  case PAT_RECORD:
    for (int i = 0; i < p->u.record.count; i++) {
      finish_pat(tc, p->u.record.fields[i].pat);
    }
    break;
  case PAT_ASCRIPT:
    finish_pat(tc, p->u.ascript.pat);
    break;
  default:
    break;
  }
}

/* The types a polymorphic name was instantiated with (none: NULL). */
static void finish_inst(struct tc *tc, struct tc_inst *inst) {
  for (int i = 0; inst != NULL && i < inst->type_count; i++) {
    default_type(tc, inst->types[i]);
  }
}

static void finish_loop(struct tc *tc, struct exp *e) {
  finish_pat(tc, e->u.loop.pat);
  finish_exp(tc, e->u.loop.init);
  if (e->u.loop.bound != NULL) {
    finish_exp(tc, e->u.loop.bound);
  }
  if (e->u.loop.for_in_pat != NULL) {
    finish_pat(tc, e->u.loop.for_in_pat);
    finish_exp(tc, e->u.loop.for_in_array);
  }
  if (e->u.loop.index_binding != NULL) {
    default_type(tc, e->u.loop.index_binding->type);
  }
  finish_exp(tc, e->u.loop.body);
}

/* The expression's type, then what it holds besides subexpressions (instantiations,
 * patterns), then its subexpressions; a let and a loop interleave their patterns. */
static void finish_exp(struct tc *tc, struct exp *e) {
  if (e->type != NULL) {
    default_type(tc, e->type);
  }
  switch (e->kind) {
  case EXP_VAR:
    finish_inst(tc, e->u.var.inst);
    break;
  case EXP_BINOP:
    finish_inst(tc, e->u.binop.inst);
    break;
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    finish_inst(tc, e->u.section.inst);
    break;
  case EXP_LAMBDA:
    finish_pats(tc, e->u.lambda.params, e->u.lambda.param_count);
    break;
  case EXP_LET_FUN:
    finish_pats(tc, e->u.let_fun.params, e->u.let_fun.param_count);
    break;
  case EXP_LET:
    finish_exp(tc, e->u.let.value);
    finish_pat(tc, e->u.let.pat);
    finish_exp(tc, e->u.let.body);
    return;
  case EXP_LOOP:
    finish_loop(tc, e);
    return;
  default:
    break;
  }
  ast_exp_each_child(e, finish_one, tc);
}

/* ------------------------------------------------------------ Definitions */

struct function_syntax {
  name_t name;
  struct loc loc, name_loc;
  struct type_param *type_params;
  int type_param_count;
  struct pat **params;
  int param_count;
  struct type_exp *ret;
  struct exp *body;
  bool is_entry;
};

/* Does size binding b occur in type t? */
static bool is_size_name(struct size *s, void *b) {
  return s->kind == SIZE_NAME && s->u.name == b;
}

static bool size_mentions(struct size *s, struct tc_binding *b) {
  return size_search(s, is_size_name, b);
}

static bool dims_mention(struct type *t, void *b) {
  if (t->kind != TYPE_ARRAY) {
    return false;
  }
  for (int i = 0; i < t->u.array.rank; i++) {
    if (size_mentions(t->u.array.dims[i], b)) {
      return true;
    }
  }
  return false;
}

/* Whether a size of t, function types included, mentions b. */
static bool type_mentions(struct type *t, struct tc_binding *b) {
  return type_search(t, true, dims_mention, b);
}

static void check_size_params_used(struct function_syntax *f, struct type **params) {
  for (int i = 0; i < f->type_param_count; i++) {
    struct type_param *p = &f->type_params[i];
    if (p->kind != TPARAM_SIZE) {
      continue;
    }
    bool used = false;
    for (int j = 0; j < f->param_count && !used; j++) {
      used = type_mentions(params[j], p->binding);
    }
    if (!used) {
      diag_fatal(p->loc, "size parameter '%s' of '%s' is not the size of any parameter, "
                         "so no call can determine it", p->name, f->name);
    }
  }
}

/* In an entry point, a size that generalisation made a size parameter (an unknown left
 * by the body, such as the size of `rep x`) must be the size of some parameter, as an
 * explicit [n] must (check_size_params_used): the C API has nothing else to determine
 * it. In other definitions the context of each use determines it, as for `rep`. */
static void check_implicit_sizes_used(struct tc *tc, struct function_syntax *f,
                                      struct type **params) {
  for (int i = 0; i < tc->implicit_sizes.len; i++) {
    struct tc_binding *n = tc->implicit_sizes.items[i];
    bool used = false;
    for (int j = 0; j < f->param_count && !used; j++) {
      used = type_mentions(params[j], n);
    }
    if (!used) {
      diag_fatal(n->loc, "the size of this is ambiguous: it is not the size of any parameter "
                         "of entry point '%s', so no call can determine it", f->name);
    }
  }
}

static bool is_name_bound_deeper(struct size *s, void *level) {
  return s->kind == SIZE_NAME && s->u.name->level > *(int *)level;
}

static bool dims_bound_deeper(struct type *t, void *level) {
  if (t->kind != TYPE_ARRAY) {
    return false;
  }
  for (int i = 0; i < t->u.array.rank; i++) {
    if (size_search(t->u.array.dims[i], is_name_bound_deeper, level)) {
      return true;
    }
  }
  return false;
}

/* A parameter's type may not name a size that its body computes (the size of a filter's
 * result, say): no caller could know it. Futhark rejects such a definition; it arises
 * when a parameter without a type gets its type from the body. */
static void check_param_sizes_in_scope(struct tc *tc, struct function_syntax *f,
                                       struct type **params, int level) {
  for (int i = 0; i < f->param_count; i++) {
    if (type_search(params[i], true, dims_bound_deeper, &level)) {
      diag_fatal(f->params[i]->loc, "the type of this parameter would be %s, but a size "
                                    "in it is computed inside '%s', where no caller can "
                                    "know it", show_type(tc, params[i]), f->name);
    }
  }
}

static void check_entry(struct tc *tc, struct function_syntax *f, struct tc_binding *b,
                        struct type **params, struct type *ret) {
  for (int i = 0; i < b->scheme.param_count; i++) {
    if (b->scheme.params[i].kind != TPARAM_SIZE) {
      diag_fatal(f->name_loc, "entry point '%s' cannot be polymorphic (type parameter '%s')",
                 f->name, b->scheme.params[i].name);
    }
  }
  for (int i = 0; i < f->param_count; i++) {
    if (type_contains_arrow(params[i])) {
      diag_fatal(f->params[i]->loc, "entry point '%s' cannot take a function (type %s)",
                 f->name, show_type(tc, params[i]));
    }
  }
  if (type_contains_arrow(ret)) {
    diag_fatal(f->name_loc, "entry point '%s' cannot return a function (type %s)", f->name,
               show_type(tc, ret));
  }
}

/* The existential sizes of the return type are instantiated afresh at every use; for
 * checking the body against the declared type they are unknowns. */
static struct type *open_existentials(struct tc *tc, struct type *ret,
                                      struct tc_binding **ext, int count, struct loc loc) {
  struct tc_subst s = {0};
  s.size_names = ext;
  s.sizes = ARENA_ARRAY(tc->arena, struct size *, count + 1);
  for (int i = 0; i < count; i++) {
    s.sizes[i] = fresh_size(tc, loc);
  }
  s.size_count = count;
  return type_subst(tc->arena, ret, &s);
}

/* Checks a definition; `top` for a top-level one, whose end defaults every remaining
 * type variable of its body and checks its literals (a local function leaves that to
 * the definition around it, where its free variables' types are settled). */
static struct tc_binding *check_function(struct tc *tc, struct function_syntax *f, bool top) {
  int mark = scope_enter(tc);
  int outer = tc->level++;
  int literals_from = tc->literals.len;
  struct tc_bindings saved_sizes = tc->implicit_sizes, saved_ext = tc->return_ext;
  int saved_anon = tc->anon_sizes;
  tc->implicit_sizes = (struct tc_bindings){0};
  tc->anon_sizes = 0;
  tc->return_ext = (struct tc_bindings){0};

  bind_type_params(tc, f->type_params, f->type_param_count);
  check_distinct_params(tc, f->type_params, f->type_param_count, f->params, f->param_count);
  struct type **params = ARENA_ARRAY(tc->arena, struct type *, f->param_count + 1);
  for (int i = 0; i < f->param_count; i++) {
    params[i] = bind_pattern(tc, f->params[i], fresh_var(tc, TC_NONE, f->params[i]->loc), true);
  }
  struct type *declared = f->ret != NULL ? elab_type(tc, f->ret, SIZES_RETURN) : NULL;
  int level = tc->level++;
  struct type *body = check_exp(tc, f->body);
  struct tc_binding **ext;
  int ext_count;
  struct type *ret;
  if (declared != NULL) {
    struct type *want = open_existentials(tc, declared, tc->return_ext.items, tc->return_ext.len,
                                          f->body->loc);
    expect_type(tc, want, body, f->body->loc,
                "the body does not have the declared return type");
    ret = declared;
    ext = tc->return_ext.items;
    ext_count = tc->return_ext.len;
  } else {
    ret = escape_sizes_ext(tc, body, level, &ext, &ext_count);
  }
  tc->level = level;
  check_size_params_used(f, params);
  check_param_sizes_in_scope(tc, f, params, level);

  struct type *fn = ret;
  for (int i = f->param_count - 1; i >= 0; i--) {
    struct pat *p = f->params[i];
    struct pat *id = p->kind == PAT_ASCRIPT ? p->u.ascript.pat : p;
    struct tc_binding *name = NULL;
    if (id->kind == PAT_ID && (type_is_prim(params[i], PRIM_I64) ||
                               id->u.id.binding->projections != NULL)) {
      name = id->u.id.binding; /* a size names it, or a field of it (s.0) */
    }
    fn = type_arrow(tc->arena, name, params[i], fn);
    if (i == f->param_count - 1) {
      fn->u.arrow.ext = ext;
      fn->u.arrow.ext_count = ext_count;
    }
  }
  int gen_count;
  struct tc_binding **gen = generalise(tc, fn, outer, top, &gen_count);
  if (f->is_entry) {
    check_implicit_sizes_used(tc, f, params);
  }
  struct tc_binding *b = binding_new(tc, BIND_DEF, f->name, f->name_loc);
  b->is_entry = f->is_entry;
  binding_set_scheme(tc, b, fn, f->type_params, f->type_param_count, gen, gen_count);
  if (f->is_entry) {
    check_entry(tc, f, b, params, ret);
  }
  if (top) {
    finish_exp(tc, f->body);
    finish_pats(tc, f->params, f->param_count);
    check_literal_ranges(tc, literals_from);
    tc->literals.len = literals_from;
  }

  tc->implicit_sizes = saved_sizes;
  tc->anon_sizes = saved_anon;
  tc->return_ext = saved_ext;
  tc->level = outer;
  scope_leave(tc, mark);
  return b;
}

struct type *check_local_function(struct tc *tc, struct exp *e) {
  struct function_syntax f = {
      .name = e->u.let_fun.name,
      .loc = e->loc,
      .name_loc = e->u.let_fun.name_loc,
      .type_params = e->u.let_fun.type_params,
      .type_param_count = e->u.let_fun.type_param_count,
      .params = e->u.let_fun.params,
      .param_count = e->u.let_fun.param_count,
      .ret = e->u.let_fun.ret,
      .body = e->u.let_fun.value,
  };
  name_t saved = tc->current_def;
  struct loc saved_loc = tc->current_def_loc;
  tc->current_def = f.name;
  tc->current_def_loc = f.name_loc;
  struct tc_binding *b = check_function(tc, &f, false);
  tc->current_def = saved;
  tc->current_def_loc = saved_loc;
  b->let_fun = e;
  e->u.let_fun.binding = b;
  return b->type;
}

/* Note [Point-free entry points]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Futhark takes an entry point's parameters from its type: `entry add = map2 (+)` and
 * `entry sum : []i32 -> i32 = reduce (+) 0` take two arrays and one. Prism eta-expands
 * such an entry before checking it, so that the rest of the pipeline (and the C API)
 * sees an ordinary entry with parameters:
 *
 *   entry sum : []i32 -> i32 = reduce (+) 0  ~>  entry sum (x: []i32) : i32 = (reduce (+) 0) x
 *
 * A declared return type that is an arrow gives the new parameters their types (an
 * anonymous [] there becomes a size parameter, as in a parameter); a named parameter
 * (n: i64) -> ... keeps its name. Without a return type, the number of new parameters
 * comes from checking a copy of the definition first (its side effects on counters are
 * undone, so messages name the same sizes as before); the new parameters then get their
 * types by inference. A declared return type that is a function type only through an
 * abbreviation (type^) is not expanded. The new names cannot be written in a program,
 * so they capture nothing. */

/* The syntax of a value declaration, as check_function takes it. */
static struct function_syntax val_syntax(struct dec *d) {
  return (struct function_syntax){
      .name = d->u.val.name,
      .loc = d->loc,
      .name_loc = d->u.val.name_loc,
      .type_params = d->u.val.type_params,
      .type_param_count = d->u.val.type_param_count,
      .params = d->u.val.params,
      .param_count = d->u.val.param_count,
      .ret = d->u.val.ret,
      .body = d->u.val.body,
      .is_entry = d->u.val.is_entry,
  };
}

/* How many parameters the value of d takes beyond those it names: checks a copy. Sets
 * *unique to whether each of them is unique (consumed). */
static int result_arity(struct tc *tc, struct dec *d, bool **unique) {
  int var_id = tc->next_var_id, existentials = tc->existential_count;
  struct function_syntax f = val_syntax(ast_copy_dec(tc->arena, d));
  f.is_entry = false;
  tc->current_def = f.name;
  tc->current_def_loc = f.name_loc;
  struct type *t = check_function(tc, &f, true)->scheme.type;
  tc->current_def = NULL;
  tc->next_var_id = var_id;
  tc->existential_count = existentials;
  for (int i = 0; i < f.param_count; i++) {
    t = type_head(t)->u.arrow.result;
  }
  int arity = 0;
  for (struct type *r = type_head(t); r->kind == TYPE_ARROW; r = type_head(r->u.arrow.result)) {
    arity++;
  }
  *unique = ARENA_ARRAY(tc->arena, bool, arity + 1);
  int i = 0;
  for (t = type_head(t); t->kind == TYPE_ARROW; t = type_head(t->u.arrow.result)) {
    (*unique)[i++] = t->u.arrow.param->unique;
  }
  return arity;
}

/* The parameters that eta_expand added without a type are unique where the function
 * they are passed to consumes them, as the parameters of its type are. */
static void mark_unique_params(struct tc *tc, struct dec *d, int from, const bool *unique) {
  struct type *fn = d->u.val.binding->scheme.type;
  for (int i = 0; i < d->u.val.param_count; i++) {
    struct type *arrow = type_head(fn);
    fn = arrow->u.arrow.result;
    struct pat *p = d->u.val.params[i];
    if (i < from || !unique[i - from] || p->kind != PAT_ID) {
      continue;
    }
    p->type = type_with_unique(tc->arena, p->type, true);
    p->u.id.binding->type = p->type;
    p->u.id.binding->unique = true;
    arrow->u.arrow.param = p->type;
  }
}

static int arrow_depth(struct type_exp *te) {
  int depth = 0;
  for (; te != NULL && te->kind == TE_ARROW; te = te->u.arrow.result) {
    depth++;
  }
  return depth;
}

/* Adds `count` parameters to d and applies its body to them (Note [Point-free entry
 * points]). */
static void eta_expand(struct tc *tc, struct dec *d, int count) {
  struct loc loc = d->u.val.name_loc;
  int old = d->u.val.param_count;
  struct pat **params = ARENA_ARRAY(tc->arena, struct pat *, old + count);
  if (old > 0) {
    memcpy(params, d->u.val.params, sizeof *params * (size_t)old);
  }
  struct exp **args = ARENA_ARRAY(tc->arena, struct exp *, count);
  bool typed = arrow_depth(d->u.val.ret) >= count;
  for (int i = 0; i < count; i++) {
    struct type_exp *arrow = typed ? d->u.val.ret : NULL;
    name_t name = arrow != NULL && arrow->u.arrow.param_name != NULL
                      ? arrow->u.arrow.param_name
                      : intern_printf("x.%d", i);
    struct pat *id = ARENA_NEW(tc->arena, struct pat);
    *id = (struct pat){.kind = PAT_ID, .loc = loc};
    id->u.id.name = name;
    params[old + i] = id;
    if (arrow != NULL) {
      struct pat *asc = ARENA_NEW(tc->arena, struct pat);
      *asc = (struct pat){.kind = PAT_ASCRIPT, .loc = loc};
      asc->u.ascript.pat = id;
      asc->u.ascript.type = arrow->u.arrow.param;
      params[old + i] = asc;
      d->u.val.ret = arrow->u.arrow.result;
    }
    args[i] = ARENA_NEW(tc->arena, struct exp);
    *args[i] = (struct exp){.kind = EXP_VAR, .loc = loc};
    args[i]->u.var.name = (struct qual_name){NULL, 0, name};
  }
  struct exp *body = d->u.val.body;
  struct exp *apply = ARENA_NEW(tc->arena, struct exp);
  *apply = (struct exp){.kind = EXP_APPLY, .loc = body->loc};
  apply->u.apply.fn = body;
  apply->u.apply.args = args;
  apply->u.apply.count = count;
  d->u.val.params = params;
  d->u.val.param_count = old + count;
  d->u.val.body = apply;
}

/* An entry point whose value is a function gets parameters for it (Note [Point-free
 * entry points]). */
static void expand_point_free_entry(struct tc *tc, struct dec *d, bool **unique) {
  if (!d->u.val.is_entry) {
    return;
  }
  int arity = arrow_depth(d->u.val.ret);
  if (d->u.val.ret == NULL) {
    arity = result_arity(tc, d, unique);
  }
  if (arity > 0) {
    eta_expand(tc, d, arity);
  }
}

static void check_val(struct tc *tc, struct dec *d) {
  /* As in Futhark, a top-level definition named main in the program is an entry point,
   * with parameters, point-free, or a constant. */
  bool is_main = tc->current_module != NULL && tc->current_module == tc->program_module &&
                 !tc->in_local && strcmp(d->u.val.name, "main") == 0;
  if (is_main) {
    d->u.val.is_entry = true;
  }
  if (d->u.val.is_entry && tc->current_module != tc->file_module) {
    diag_fatal(d->u.val.name_loc, "entry points may not be declared inside modules ('%s')",
               d->u.val.name);
  }
  int named_params = d->u.val.param_count;
  bool *eta_unique = NULL;
  expand_point_free_entry(tc, d, &eta_unique);
  struct function_syntax f = val_syntax(d);
  tc->current_def = f.name;
  tc->current_def_loc = f.name_loc;
  struct tc_binding *b = check_function(tc, &f, true);
  tc->current_def = NULL;
  b->dec = d;
  d->u.val.binding = b;
  if (eta_unique != NULL) {
    mark_unique_params(tc, d, named_params, eta_unique);
  }
  define_member(tc, b);
}

static void check_type_dec(struct tc *tc, struct dec *d) {
  int mark = scope_enter(tc);
  bind_type_params(tc, d->u.type.type_params, d->u.type.type_param_count);
  tc->abbrev_ext.len = 0;
  struct type *t = elab_type(tc, d->u.type.type, SIZES_ABBREV);
  scope_leave(tc, mark);
  if (tc->abbrev_ext.len > 0 && d->u.type.liftedness == TPARAM_TYPE) {
    diag_fatal(d->loc, "type '%s' hides a size ([] or ?[n] in %s): declare it with type~",
               d->u.type.name, show_type(tc, t));
  }
  if (type_may_be_function(t) && d->u.type.liftedness != TPARAM_LIFTED) {
    diag_fatal(d->loc, "type '%s' is a function type (%s): declare it with type^",
               d->u.type.name, show_type(tc, t));
  }
  for (int i = 0; i < tc->abbrev_ext.len; i++) {
    if (!size_witnessed(t, tc->abbrev_ext.items[i])) { /* Note [Sizes a value determines] */
      diag_fatal(d->loc, "type '%s' has an anonymous size [] that is not the size of an array "
                         "outside function types, so no value determines it",
                 d->u.type.name);
    }
  }
  if (type_may_hide_size(t) && d->u.type.liftedness == TPARAM_TYPE) {
    diag_fatal(d->loc, "type '%s' may hide a size (%s is size-lifted): declare it with type~",
               d->u.type.name, show_type(tc, t));
  }
  struct tc_binding *b = binding_new(tc, BIND_TYPE, d->u.type.name, d->loc);
  b->abbrev_ext = tc->abbrev_ext.items;
  b->abbrev_ext_count = tc->abbrev_ext.len;
  tc->abbrev_ext.items = NULL;
  tc->abbrev_ext.len = tc->abbrev_ext.cap = 0;
  b->type = t;
  b->liftedness = d->u.type.liftedness;
  b->scheme.params = d->u.type.type_params;
  b->scheme.param_count = d->u.type.type_param_count;
  b->scheme.type = t;
  define_member(tc, b);
}

static void check_dec(struct tc *tc, struct dec *d) {
  switch (d->kind) {
  case DEC_VAL:
    check_val(tc, d);
    return;
  case DEC_TYPE:
    check_type_dec(tc, d);
    return;
  case DEC_LOCAL: {
    bool saved = tc->in_local;
    tc->in_local = true;
    check_dec(tc, d->u.local);
    tc->in_local = saved;
    return;
  }
  case DEC_MOD_TYPE:
    check_mod_type_dec(tc, d);
    return;
  case DEC_MOD:
    check_mod_dec(tc, d);
    return;
  case DEC_OPEN:
    check_open(tc, d);
    return;
  case DEC_IMPORT:
    check_import(tc, d);
    return;
  }
}

void check_decs(struct tc *tc, struct dec **decs, int count) {
  for (int i = 0; i < count; i++) {
    check_dec(tc, decs[i]);
  }
}
