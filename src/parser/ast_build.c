/* The AST builders that the grammar's actions call (declared in parse_internal.h).
 *
 * Each builds one node of parser/ast.h in the AST arena, with the location of the
 * whole rule; lists built while parsing (struct parse_exps and the like) become the
 * node's arena arrays as they are. A few builders settle what the grammar cannot:
 * x.y.z on a variable stays one qualified name (the type checker decides whether it
 * is a module path or field accesses), and they reject what Futhark rejects with a
 * message of its own (a[i] [j], M.(e) on a non-name, `_` in a loop without an
 * initial value, a qualified operator being defined). */
#include "parser/parse_internal.h"
#include "support/arena.h"
#include "support/vec.h"

static bool loc_equal(struct loc a, struct loc b) {
  return a.file == b.file && a.line == b.line && a.col == b.col && a.end_line == b.end_line &&
         a.end_col == b.end_col;
}

/* The node constructors of parse_internal.h, alike for every node type: a node of the
 * kind at loc in the AST arena, its payload to be filled in. */
#define NODE_NEW(FN, NODE, KIND)                                               \
  struct NODE *FN(struct parser *p, enum KIND kind, struct loc loc) {          \
    struct NODE *n = ARENA_NEW(p->arena, struct NODE);                         \
    n->kind = kind;                                                            \
    n->loc = loc;                                                              \
    return n;                                                                  \
  }
NODE_NEW(ast_exp_new, exp, exp_kind)
NODE_NEW(ast_pat_new, pat, pat_kind)
NODE_NEW(ast_type_new, type_exp, type_exp_kind)
NODE_NEW(ast_dec_new, dec, dec_kind)
NODE_NEW(ast_spec_new, spec, spec_kind)
NODE_NEW(ast_mod_new, mod_exp, mod_exp_kind)
NODE_NEW(ast_mod_type_new, mod_type_exp, mod_type_exp_kind)
#undef NODE_NEW

struct qual_name ast_qual_one(name_t name) {
  return (struct qual_name){NULL, 0, name};
}

/* q.name: the old last name becomes a qualifier. */
struct qual_name ast_qual_append(struct parser *p, struct qual_name q, name_t name) {
  name_t *quals = ARENA_ARRAY(p->arena, name_t, q.qual_count + 1);
  for (int i = 0; i < q.qual_count; i++) {
    quals[i] = q.quals[i];
  }
  quals[q.qual_count] = q.name;
  return (struct qual_name){quals, q.qual_count + 1, name};
}

/* An operator being defined, (+): it must be unqualified. NULL after an error. */
name_t ast_unqualified_op(struct parser *p, struct qual_name op, struct loc loc) {
  if (op.qual_count == 0) {
    return op.name;
  }
  const char *text = "";
  for (int i = 0; i < op.qual_count; i++) {
    text = arena_printf(p->arena, "%s%s.", text, op.quals[i]);
  }
  parse_error(p, loc, "cannot define a qualified operator '%s%s'; write '%s' without the "
                      "qualifier", text, op.name, op.name);
  return NULL;
}

name_t *ast_names_of(struct parser *p, struct parse_names names) {
  if (names.len == 0) {
    return NULL;
  }
  name_t *out = ARENA_ARRAY(p->arena, name_t, names.len);
  for (int i = 0; i < names.len; i++) {
    out[i] = names.items[i].name;
  }
  return out;
}

static struct loc *locs_of(struct parser *p, struct parse_names names) {
  if (names.len == 0) {
    return NULL;
  }
  struct loc *out = ARENA_ARRAY(p->arena, struct loc, names.len);
  for (int i = 0; i < names.len; i++) {
    out[i] = names.items[i].loc;
  }
  return out;
}

struct exp *ast_int_exp(struct parser *p, struct lex_int lit, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_INT, loc);
  e->u.int_lit.value = lit.value;
  e->u.int_lit.suffix = lit.suffix;
  return e;
}

struct exp *ast_float_exp(struct parser *p, struct lex_float lit, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_FLOAT, loc);
  e->u.float_lit.value = lit.value;
  e->u.float_lit.text = lit.text;
  e->u.float_lit.suffix = lit.suffix;
  return e;
}

struct exp *ast_bool_exp(struct parser *p, bool value, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_BOOL, loc);
  e->u.bool_lit = value;
  return e;
}

struct exp *ast_var_exp(struct parser *p, name_t name, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_VAR, loc);
  e->u.var.name = ast_qual_one(name);
  return e;
}

struct exp *ast_list_exp(struct parser *p, enum exp_kind kind, struct parse_exps elems,
                         struct loc loc) {
  struct exp *e = ast_exp_new(p, kind, loc);
  e->u.list.elems = elems.items;
  e->u.list.count = elems.len;
  return e;
}

struct exp *ast_range_exp(struct parser *p, struct exp *start, struct exp *second,
                          enum range_end end_kind, struct exp *end, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_RANGE, loc);
  e->u.range.start = start;
  e->u.range.second = second;
  e->u.range.end = end;
  e->u.range.end_kind = end_kind;
  return e;
}

/* A string literal is sugar for the array of its bytes, each a u8 literal (Note [String
 * and character literals] in lexer.re); "" is ascribed [0]u8, as nothing else would
 * tell its element type. */
struct exp *ast_string_exp(struct parser *p, struct lex_string s, struct loc loc) {
  struct parse_exps bytes = {0};
  for (size_t i = 0; i < s.len; i++) {
    struct exp *b = ast_exp_new(p, EXP_INT, loc);
    b->u.int_lit.value = (unsigned char)s.text[i];
    b->u.int_lit.suffix = PRIM_U8;
    VEC_PUSH(p->arena, &bytes, b);
  }
  struct exp *array = ast_list_exp(p, EXP_ARRAY, bytes, loc);
  if (s.len > 0) {
    return array;
  }
  struct exp *zero = ast_exp_new(p, EXP_INT, loc);
  zero->u.int_lit.suffix = PRIM_NONE;
  struct type_exp *u8 = ast_var_type(p, ast_qual_one(intern("u8")), loc);
  return ast_ascript_exp(p, EXP_ASCRIPT, array, ast_array_type(p, zero, u8, loc), loc);
}

/* (first, rest...) */
struct exp *ast_pair_exp(struct parser *p, struct exp *first, struct parse_exps rest,
                         struct loc loc) {
  struct parse_exps elems = {0};
  VEC_PUSH(p->arena, &elems, first);
  for (int i = 0; i < rest.len; i++) {
    VEC_PUSH(p->arena, &elems, rest.items[i]);
  }
  return ast_list_exp(p, EXP_TUPLE, elems, loc);
}

/* e.field: on a variable written without parentheses (its node spans exactly the
 * atom), x.y.z stays one qualified name, for the type checker to read as a module
 * path or as field accesses; otherwise, and for numbered fields, a projection. */
struct exp *ast_field_exp(struct parser *p, struct exp *e, struct loc e_loc,
                          struct parse_name field, bool is_number, struct loc loc) {
  if (!is_number && e->kind == EXP_VAR && loc_equal(e->loc, e_loc)) {
    e->u.var.name = ast_qual_append(p, e->u.var.name, field.name);
    e->loc = loc;
    return e;
  }
  struct exp *proj = ast_exp_new(p, EXP_PROJECT, loc);
  proj->u.project.exp = e;
  proj->u.project.field = field.name;
  proj->u.project.field_loc = field.loc;
  return proj;
}

/* M.(e): only a module name may be opened locally. NULL after an error. */
struct exp *ast_qual_parens_exp(struct parser *p, struct exp *e, struct loc e_loc,
                                struct exp *body, struct loc loc) {
  if (e->kind != EXP_VAR || !loc_equal(e->loc, e_loc)) {
    parse_error(p, e_loc, "only module names can be opened locally, not arbitrary "
                          "expressions");
    return NULL;
  }
  struct exp *q = ast_exp_new(p, EXP_QUAL_PARENS, loc);
  q->u.qual_parens.module = e->u.var.name;
  q->u.qual_parens.exp = body;
  return q;
}

struct exp *ast_index_exp(struct parser *p, struct exp *array, struct parse_indices indices,
                          struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_INDEX, loc);
  e->u.index.array = array;
  e->u.index.indices = indices.items;
  e->u.index.count = indices.len;
  return e;
}

/* f a b c; a lone atom is itself. `a[i] [j]` is a common slip for a[i, j], which
 * Futhark rejects with its own message. NULL after an error. */
struct exp *ast_apply_exp(struct parser *p, struct parse_exps atoms, struct loc loc) {
  if (atoms.len == 1) {
    return atoms.items[0];
  }
  struct exp *fn = atoms.items[0];
  if (fn->kind == EXP_INDEX && atoms.items[1]->kind == EXP_ARRAY) {
    parse_error(p, loc_span(fn->loc, atoms.items[1]->loc),
                "incorrect syntax for multi-dimensional indexing; write a[i, j], "
                "not a[i] [j]");
    return NULL;
  }
  struct exp *e = ast_exp_new(p, EXP_APPLY, loc);
  e->u.apply.fn = fn;
  e->u.apply.args = atoms.items + 1;
  e->u.apply.count = atoms.len - 1;
  return e;
}

struct exp *ast_binop_exp(struct parser *p, struct exp *lhs, struct qual_name op,
                          struct loc op_loc, struct exp *rhs, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_BINOP, loc);
  e->u.binop.op = op;
  e->u.binop.op_loc = op_loc;
  e->u.binop.lhs = lhs;
  e->u.binop.rhs = rhs;
  return e;
}

/* lhs op rhs for a bare operator token (- * < ^ |), whose value is its symbol. */
struct exp *ast_op_exp(struct parser *p, struct exp *lhs, name_t op, struct loc op_loc,
                       struct exp *rhs, struct loc loc) {
  return ast_binop_exp(p, lhs, ast_qual_one(op), op_loc, rhs, loc);
}

struct exp *ast_unary_exp(struct parser *p, enum exp_kind kind, struct exp *operand,
                          struct loc loc) {
  struct exp *e = ast_exp_new(p, kind, loc);
  e->u.unary = operand;
  return e;
}

struct exp *ast_section_exp(struct parser *p, enum exp_kind kind, struct qual_name op,
                            struct loc op_loc, struct exp *operand, struct loc loc) {
  struct exp *e = ast_exp_new(p, kind, loc);
  e->u.section.op = op;
  e->u.section.op_loc = op_loc;
  e->u.section.operand = operand;
  return e;
}

struct exp *ast_update_exp(struct parser *p, struct exp *array, struct parse_indices indices,
                           struct exp *value, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_UPDATE, loc);
  e->u.update.array = array;
  e->u.update.indices = indices.items;
  e->u.update.count = indices.len;
  e->u.update.value = value;
  return e;
}

struct exp *ast_record_update_exp(struct parser *p, struct exp *record,
                                  struct parse_names path, struct exp *value,
                                  struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_RECORD_UPDATE, loc);
  e->u.record_update.record = record;
  e->u.record_update.path = ast_names_of(p, path);
  e->u.record_update.path_len = path.len;
  e->u.record_update.value = value;
  return e;
}

struct parse_steps ast_steps_field(struct parser *p, struct parse_steps steps,
                                   struct parse_name field) {
  struct path_step st = {.is_index = false, .field = field.name, .loc = field.loc};
  VEC_PUSH(p->arena, &steps, st);
  return steps;
}

struct parse_steps ast_steps_index(struct parser *p, struct parse_steps steps,
                                   struct parse_indices indices, struct loc loc) {
  struct path_step st = {.is_index = true, .indices = indices.items, .count = indices.len,
                         .loc = loc};
  VEC_PUSH(p->arena, &steps, st);
  return steps;
}

static bool steps_index_anywhere(struct parse_steps steps) {
  for (int i = 0; i < steps.len; i++) {
    if (steps.items[i].is_index) {
      return true;
    }
  }
  return false;
}

/* The forms that existed before mixed paths keep their own nodes: a single index list
 * is an in-place update, fields alone a record update. */
struct exp *ast_path_update_exp(struct parser *p, struct exp *source, struct parse_steps steps,
                                struct exp *value, struct loc loc) {
  if (steps.len == 1 && steps.items[0].is_index) {
    struct path_step *st = &steps.items[0];
    struct parse_indices indices = {st->indices, st->count, st->count};
    return ast_update_exp(p, source, indices, value, loc);
  }
  if (!steps_index_anywhere(steps)) {
    struct parse_names names = {0};
    for (int i = 0; i < steps.len; i++) {
      struct parse_name n = {steps.items[i].field, steps.items[i].loc};
      VEC_PUSH(p->arena, &names, n);
    }
    return ast_record_update_exp(p, source, names, value, loc);
  }
  struct exp *e = ast_exp_new(p, EXP_UPDATE_PATH, loc);
  e->u.update_path.source = source;
  e->u.update_path.steps = steps.items;
  e->u.update_path.step_count = steps.len;
  e->u.update_path.value = value;
  return e;
}

struct exp *ast_section_path_exp(struct parser *p, struct parse_steps steps, struct loc loc) {
  struct exp *e;
  if (steps.len == 1 && steps.items[0].is_index) {
    e = ast_exp_new(p, EXP_SECTION_INDEX, loc);
    e->u.section_index.indices = steps.items[0].indices;
    e->u.section_index.count = steps.items[0].count;
    return e;
  }
  if (!steps_index_anywhere(steps)) {
    e = ast_exp_new(p, EXP_SECTION_PROJECT, loc);
    e->u.section_project.fields = ARENA_ARRAY(p->arena, name_t, steps.len);
    for (int i = 0; i < steps.len; i++) {
      e->u.section_project.fields[i] = steps.items[i].field;
    }
    e->u.section_project.count = steps.len;
    return e;
  }
  e = ast_exp_new(p, EXP_SECTION_PATH, loc);
  e->u.section_path.steps = steps.items;
  e->u.section_path.step_count = steps.len;
  return e;
}

/* `let xs[i] = v` keeps its node; the other paths are `let r = r with PATH = v`, the
 * update spanning from the name to the value (where its errors point). */
struct exp *ast_let_path_exp(struct parser *p, struct parse_name name, struct parse_steps steps,
                             struct exp *value, struct exp *body, struct loc loc) {
  if (steps.len == 1 && steps.items[0].is_index) {
    struct path_step *st = &steps.items[0];
    struct parse_indices indices = {st->indices, st->count, st->count};
    return ast_let_with_exp(p, name, indices, value, body, loc);
  }
  struct exp *source = ast_var_exp(p, name.name, name.loc);
  struct exp *update =
      ast_path_update_exp(p, source, steps, value, loc_span(name.loc, value->loc));
  return ast_let_exp(p, (struct parse_names){0}, ast_id_pat(p, name.name, name.loc), update,
                     body, loc);
}

struct exp *ast_lambda_exp(struct parser *p, struct parse_pats params, struct type_exp *ret,
                           struct exp *body, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_LAMBDA, loc);
  e->u.lambda.params = params.items;
  e->u.lambda.param_count = params.len;
  e->u.lambda.ret = ret;
  e->u.lambda.body = body;
  return e;
}

struct exp *ast_ascript_exp(struct parser *p, enum exp_kind kind, struct exp *operand,
                            struct type_exp *type, struct loc loc) {
  struct exp *e = ast_exp_new(p, kind, loc);
  e->u.ascript.exp = operand;
  e->u.ascript.type = type;
  return e;
}

struct exp *ast_let_exp(struct parser *p, struct parse_names sizes, struct pat *pat,
                        struct exp *value, struct exp *body, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_LET, loc);
  e->u.let.sizes = ast_names_of(p, sizes);
  e->u.let.size_locs = locs_of(p, sizes);
  e->u.let.size_count = sizes.len;
  e->u.let.pat = pat;
  e->u.let.value = value;
  e->u.let.body = body;
  return e;
}

struct exp *ast_let_fun_exp(struct parser *p, struct parse_name name,
                            struct parse_tparams tparams, struct parse_pats params,
                            struct type_exp *ret, struct exp *value, struct exp *body,
                            struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_LET_FUN, loc);
  e->u.let_fun.name = name.name;
  e->u.let_fun.name_loc = name.loc;
  e->u.let_fun.type_params = tparams.items;
  e->u.let_fun.type_param_count = tparams.len;
  e->u.let_fun.params = params.items;
  e->u.let_fun.param_count = params.len;
  e->u.let_fun.ret = ret;
  e->u.let_fun.value = value;
  e->u.let_fun.body = body;
  return e;
}

struct exp *ast_let_with_exp(struct parser *p, struct parse_name name,
                             struct parse_indices indices, struct exp *value,
                             struct exp *body, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_LET_WITH, loc);
  e->u.let_with.name = name.name;
  e->u.let_with.name_loc = name.loc;
  e->u.let_with.indices = indices.items;
  e->u.let_with.count = indices.len;
  e->u.let_with.value = value;
  e->u.let_with.body = body;
  return e;
}

struct exp *ast_if_exp(struct parser *p, struct exp *cond, struct exp *then_branch,
                       struct exp *else_branch, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_IF, loc);
  e->u.if_.cond = cond;
  e->u.if_.then_branch = then_branch;
  e->u.if_.else_branch = else_branch;
  return e;
}

/* The loop node, made when its form is read; loop_exp fills in the rest. */
struct exp *ast_loop_form(struct parser *p, enum loop_form_kind form, struct loc loc) {
  struct exp *e = ast_exp_new(p, EXP_LOOP, loc);
  e->u.loop.form = form;
  return e;
}

static bool pat_has_wildcard(const struct pat *pat) {
  switch (pat->kind) {
  case PAT_WILDCARD:
    return true;
  case PAT_ID:
    return false;
  case PAT_TUPLE:
    for (int i = 0; i < pat->u.tuple.count; i++) {
      if (pat_has_wildcard(pat->u.tuple.elems[i])) {
        return true;
      }
    }
    return false;
  case PAT_RECORD:
    for (int i = 0; i < pat->u.record.count; i++) {
      if (pat_has_wildcard(pat->u.record.fields[i].pat)) {
        return true;
      }
    }
    return false;
  case PAT_ASCRIPT:
    return pat_has_wildcard(pat->u.ascript.pat);
  }
  return false;
}

/* loop p = init form do body. Without `= init` the pattern is also the initial
 * value (init stays NULL), so it cannot contain `_`. NULL after an error. */
struct exp *ast_loop_exp(struct parser *p, struct pat *pat, struct exp *init,
                         struct exp *form, struct exp *body, struct loc loc) {
  if (init == NULL && pat_has_wildcard(pat)) {
    parse_error(p, pat->loc, "a loop without '= initial value' cannot have '_' in its "
                             "pattern");
    return NULL;
  }
  form->loc = loc;
  form->u.loop.pat = pat;
  form->u.loop.init = init;
  form->u.loop.body = body;
  return form;
}

struct exp *ast_assert_exp(struct parser *p, struct exp *cond, struct exp *e,
                           struct loc loc) {
  struct exp *a = ast_exp_new(p, EXP_ASSERT, loc);
  a->u.assert_.cond = cond;
  a->u.assert_.exp = e;
  return a;
}

struct exp *ast_attr_exp(struct parser *p, struct attr *attr, struct exp *e,
                         struct loc loc) {
  struct exp *a = ast_exp_new(p, EXP_ATTR, loc);
  a->u.attr.attr = attr;
  a->u.attr.exp = e;
  return a;
}

struct dim_index ast_slice(struct exp *start, struct exp *end, struct exp *stride) {
  return (struct dim_index){.is_slice = true, .start = start, .end = end, .stride = stride};
}

struct pat *ast_id_pat(struct parser *p, name_t name, struct loc loc) {
  struct pat *pat = ast_pat_new(p, PAT_ID, loc);
  pat->u.id.name = name;
  return pat;
}

struct pat *ast_tuple_pat(struct parser *p, struct parse_pats elems, struct loc loc) {
  struct pat *pat = ast_pat_new(p, PAT_TUPLE, loc);
  pat->u.tuple.elems = elems.items;
  pat->u.tuple.count = elems.len;
  return pat;
}

struct pat *ast_ascript_pat(struct parser *p, struct pat *inner, struct type_exp *type,
                            struct loc loc) {
  struct pat *pat = ast_pat_new(p, PAT_ASCRIPT, loc);
  pat->u.ascript.pat = inner;
  pat->u.ascript.type = type;
  return pat;
}

struct type_exp *ast_var_type(struct parser *p, struct qual_name name, struct loc loc) {
  struct type_exp *t = ast_type_new(p, TE_VAR, loc);
  t->u.var = name;
  return t;
}

struct type_exp *ast_tuple_type(struct parser *p, struct parse_types elems, struct loc loc) {
  struct type_exp *t = ast_type_new(p, TE_TUPLE, loc);
  t->u.tuple.elems = elems.items;
  t->u.tuple.count = elems.len;
  return t;
}

struct type_exp *ast_array_type(struct parser *p, struct exp *size, struct type_exp *elem,
                                struct loc loc) {
  struct type_exp *t = ast_type_new(p, TE_ARRAY, loc);
  t->u.array.size = size;
  t->u.array.elem = elem;
  return t;
}

struct type_exp *ast_arrow_type(struct parser *p, name_t param_name, struct type_exp *param,
                                struct type_exp *result, struct loc loc) {
  struct type_exp *t = ast_type_new(p, TE_ARROW, loc);
  t->u.arrow.param_name = param_name;
  t->u.arrow.param = param;
  t->u.arrow.result = result;
  return t;
}

struct type_exp *ast_apply_type(struct parser *p, struct type_exp *ctor,
                                struct type_exp *type_arg, struct exp *size_arg,
                                bool size_any, struct loc loc) {
  struct type_exp *t = ast_type_new(p, TE_APPLY, loc);
  t->u.apply.ctor = ctor;
  t->u.apply.type_arg = type_arg;
  t->u.apply.size_arg = size_arg;
  t->u.apply.size_any = size_any;
  return t;
}

struct type_param ast_type_param(enum type_param_kind kind, name_t name, struct loc loc) {
  return (struct type_param){.kind = kind, .name = name, .loc = loc};
}

struct attr *ast_attr_name(struct parser *p, name_t name, struct loc loc) {
  struct attr *a = ARENA_NEW(p->arena, struct attr);
  a->loc = loc;
  a->name = name;
  return a;
}

struct attr *ast_attr_int(struct parser *p, uint64_t value, struct loc loc) {
  struct attr *a = ARENA_NEW(p->arena, struct attr);
  a->loc = loc;
  a->value = (int64_t)value;
  return a;
}

struct dec *ast_val_dec(struct parser *p, bool is_entry, struct parse_name name,
                        struct parse_tparams tparams, struct parse_pats params,
                        struct type_exp *ret, struct exp *body, struct loc loc) {
  struct dec *d = ast_dec_new(p, DEC_VAL, loc);
  d->u.val.is_entry = is_entry;
  d->u.val.name = name.name;
  d->u.val.name_loc = name.loc;
  d->u.val.type_params = tparams.items;
  d->u.val.type_param_count = tparams.len;
  d->u.val.params = params.items;
  d->u.val.param_count = params.len;
  d->u.val.ret = ret;
  d->u.val.body = body;
  return d;
}

struct dec *ast_type_dec(struct parser *p, enum type_param_kind liftedness,
                         struct parse_name name, struct parse_tparams tparams,
                         struct type_exp *type, struct loc loc) {
  struct dec *d = ast_dec_new(p, DEC_TYPE, loc);
  d->u.type.name = name.name;
  d->u.type.liftedness = liftedness;
  d->u.type.type_params = tparams.items;
  d->u.type.type_param_count = tparams.len;
  d->u.type.type = type;
  return d;
}

/* #[attr] dec: the attribute goes in front of those already read. */
struct dec *ast_add_attr(struct parser *p, struct attr *attr, struct dec *d) {
  struct attr **attrs = ARENA_ARRAY(p->arena, struct attr *, d->attr_count + 1);
  attrs[0] = attr;
  for (int i = 0; i < d->attr_count; i++) {
    attrs[i + 1] = d->attrs[i];
  }
  d->attrs = attrs;
  d->attr_count++;
  return d;
}

struct spec *ast_val_spec(struct parser *p, name_t name, struct parse_tparams tparams,
                          struct type_exp *type, struct loc loc) {
  struct spec *s = ast_spec_new(p, SPEC_VAL, loc);
  s->name = name;
  s->type_params = tparams.items;
  s->type_param_count = tparams.len;
  s->type = type;
  return s;
}

struct spec *ast_type_spec(struct parser *p, enum type_param_kind liftedness, name_t name,
                           struct parse_tparams tparams, struct type_exp *type,
                           struct loc loc) {
  struct spec *s = ast_val_spec(p, name, tparams, type, loc);
  s->kind = SPEC_TYPE;
  s->liftedness = liftedness;
  return s;
}

void ast_finish_program(struct parser *p, const char *doc, struct dec *first,
                        struct parse_decs rest) {
  struct program *prog = ARENA_NEW(p->arena, struct program);
  prog->file = p->lexer.file;
  prog->doc = doc;
  if (first != NULL) {
    prog->decs = ARENA_ARRAY(p->arena, struct dec *, rest.len + 1);
    prog->decs[0] = first;
    for (int i = 0; i < rest.len; i++) {
      prog->decs[i + 1] = rest.items[i];
    }
    prog->count = rest.len + 1;
  }
  p->program = prog;
}
