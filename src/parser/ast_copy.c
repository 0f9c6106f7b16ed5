/* Deep copies of the AST, for checking a declaration more than once.
 *
 * The type checker annotates the tree in place (the "typed:" fields of ast.h), so
 * a functor's body, checked once per application, needs a fresh tree each time.
 * A copy shares nothing mutable with its original: every node and every array
 * (lists, qualifiers, size names, indices, fields, type parameters, attributes)
 * is new, and every typed field is NULL. What never changes is shared: interned
 * names, locations, and the texts of docs, literals and paths.
 *
 * The copy is of the tree as it is now, including what the type checker rewrote
 * in place (qualified names turned into EXP_PROJECT chains, a loop's initial value
 * filled in). Each copier starts from a byte copy of its node and then replaces
 * every pointer, and clears every typed field, of the node's kind; the switches
 * have no default, so that -Wswitch names a kind added to ast.h and not handled
 * here. A typed field added to ast.h must be cleared here too. */
#include <string.h>

#include "parser/ast.h"
#include "support/arena.h"

static struct exp *copy_exp(struct arena *a, const struct exp *e);
static struct pat *copy_pat(struct arena *a, const struct pat *p);
static struct type_exp *copy_type(struct arena *a, const struct type_exp *t);

/* ------------------------------------------------------------------ Arrays */

/* A new array of `count` elements of `size` bytes, or NULL when empty (ast.h). */
static void *copy_array(struct arena *a, const void *items, int count, size_t size) {
  if (count == 0 || items == NULL) {
    return NULL;
  }
  return arena_dup(a, items, size * (size_t)count);
}

static name_t *copy_names(struct arena *a, const name_t *names, int count) {
  return copy_array(a, names, count, sizeof *names);
}

static struct qual_name copy_qual(struct arena *a, struct qual_name q) {
  q.quals = copy_names(a, q.quals, q.qual_count);
  return q;
}

static struct exp **copy_exps(struct arena *a, struct exp *const *exps, int count) {
  struct exp **out = copy_array(a, exps, count, sizeof *exps);
  for (int i = 0; i < count; i++) {
    out[i] = copy_exp(a, exps[i]);
  }
  return out;
}

static struct pat **copy_pats(struct arena *a, struct pat *const *pats, int count) {
  struct pat **out = copy_array(a, pats, count, sizeof *pats);
  for (int i = 0; i < count; i++) {
    out[i] = copy_pat(a, pats[i]);
  }
  return out;
}

static struct type_exp **copy_types(struct arena *a, struct type_exp *const *types,
                                    int count) {
  struct type_exp **out = copy_array(a, types, count, sizeof *types);
  for (int i = 0; i < count; i++) {
    out[i] = copy_type(a, types[i]);
  }
  return out;
}

static struct dim_index *copy_indices(struct arena *a, const struct dim_index *indices,
                                      int count) {
  struct dim_index *out = copy_array(a, indices, count, sizeof *indices);
  for (int i = 0; i < count; i++) {
    out[i].fixed = copy_exp(a, indices[i].fixed);
    out[i].start = copy_exp(a, indices[i].start);
    out[i].end = copy_exp(a, indices[i].end);
    out[i].stride = copy_exp(a, indices[i].stride);
  }
  return out;
}

static struct type_param *copy_type_params(struct arena *a, const struct type_param *params,
                                           int count) {
  struct type_param *out = copy_array(a, params, count, sizeof *params);
  for (int i = 0; i < count; i++) {
    out[i].binding = NULL;
  }
  return out;
}

static struct attr *copy_attr(struct arena *a, const struct attr *attr) {
  struct attr *c = arena_dup(a, attr, sizeof *attr);
  c->args = copy_array(a, attr->args, attr->arg_count, sizeof *attr->args);
  for (int i = 0; i < attr->arg_count; i++) {
    c->args[i] = copy_attr(a, attr->args[i]);
  }
  return c;
}

static struct attr **copy_attrs(struct arena *a, struct attr *const *attrs, int count) {
  struct attr **out = copy_array(a, attrs, count, sizeof *attrs);
  for (int i = 0; i < count; i++) {
    out[i] = copy_attr(a, attrs[i]);
  }
  return out;
}

/* ----------------------------------------------------------------- Types */

static struct type_exp *copy_type(struct arena *a, const struct type_exp *t) {
  if (t == NULL) {
    return NULL;
  }
  struct type_exp *c = arena_dup(a, t, sizeof *t);
  switch (t->kind) {
  case TE_VAR:
    c->u.var = copy_qual(a, t->u.var);
    break;
  case TE_TUPLE:
    c->u.tuple.elems = copy_types(a, t->u.tuple.elems, t->u.tuple.count);
    break;
  case TE_RECORD: {
    int n = t->u.record.count;
    c->u.record.fields = copy_array(a, t->u.record.fields, n, sizeof *t->u.record.fields);
    for (int i = 0; i < n; i++) {
      c->u.record.fields[i].type = copy_type(a, t->u.record.fields[i].type);
    }
    break;
  }
  case TE_ARRAY:
    c->u.array.size = copy_exp(a, t->u.array.size);
    c->u.array.elem = copy_type(a, t->u.array.elem);
    break;
  case TE_UNIQUE:
    c->u.unique = copy_type(a, t->u.unique);
    break;
  case TE_ARROW:
    c->u.arrow.param = copy_type(a, t->u.arrow.param);
    c->u.arrow.result = copy_type(a, t->u.arrow.result);
    break;
  case TE_APPLY:
    c->u.apply.ctor = copy_type(a, t->u.apply.ctor);
    c->u.apply.type_arg = copy_type(a, t->u.apply.type_arg);
    c->u.apply.size_arg = copy_exp(a, t->u.apply.size_arg);
    break;
  case TE_EXIST:
    c->u.exist.names = copy_names(a, t->u.exist.names, t->u.exist.count);
    c->u.exist.body = copy_type(a, t->u.exist.body);
    break;
  }
  return c;
}

/* -------------------------------------------------------------- Patterns */

static struct pat *copy_pat(struct arena *a, const struct pat *p) {
  if (p == NULL) {
    return NULL;
  }
  struct pat *c = arena_dup(a, p, sizeof *p);
  c->type = NULL;
  switch (p->kind) {
  case PAT_ID:
    c->u.id.binding = NULL;
    break;
  case PAT_WILDCARD:
    break;
  case PAT_TUPLE:
    c->u.tuple.elems = copy_pats(a, p->u.tuple.elems, p->u.tuple.count);
    break;
  case PAT_RECORD: {
    int n = p->u.record.count;
    c->u.record.fields = copy_array(a, p->u.record.fields, n, sizeof *p->u.record.fields);
    for (int i = 0; i < n; i++) {
      c->u.record.fields[i].pat = copy_pat(a, p->u.record.fields[i].pat);
    }
    break;
  }
  case PAT_ASCRIPT:
    c->u.ascript.pat = copy_pat(a, p->u.ascript.pat);
    c->u.ascript.type = copy_type(a, p->u.ascript.type);
    break;
  }
  return c;
}

/* ----------------------------------------------------------- Expressions */

static void copy_record(struct arena *a, struct exp *c, const struct exp *e) {
  int n = e->u.record.count;
  c->u.record.fields = copy_array(a, e->u.record.fields, n, sizeof *e->u.record.fields);
  for (int i = 0; i < n; i++) {
    c->u.record.fields[i].value = copy_exp(a, e->u.record.fields[i].value);
    c->u.record.fields[i].implicit_var = NULL;
  }
}

static void copy_let(struct arena *a, struct exp *c, const struct exp *e) {
  int n = e->u.let.size_count;
  c->u.let.sizes = copy_names(a, e->u.let.sizes, n);
  c->u.let.size_locs = copy_array(a, e->u.let.size_locs, n, sizeof *e->u.let.size_locs);
  c->u.let.size_bindings = NULL;
  c->u.let.pat = copy_pat(a, e->u.let.pat);
  c->u.let.value = copy_exp(a, e->u.let.value);
  c->u.let.body = copy_exp(a, e->u.let.body);
}

static void copy_let_fun(struct arena *a, struct exp *c, const struct exp *e) {
  c->u.let_fun.type_params =
      copy_type_params(a, e->u.let_fun.type_params, e->u.let_fun.type_param_count);
  c->u.let_fun.params = copy_pats(a, e->u.let_fun.params, e->u.let_fun.param_count);
  c->u.let_fun.ret = copy_type(a, e->u.let_fun.ret);
  c->u.let_fun.value = copy_exp(a, e->u.let_fun.value);
  c->u.let_fun.body = copy_exp(a, e->u.let_fun.body);
  c->u.let_fun.binding = NULL;
}

static struct path_step *copy_steps(struct arena *a, const struct path_step *from, int n) {
  struct path_step *steps = ARENA_ARRAY(a, struct path_step, n);
  for (int i = 0; i < n; i++) {
    steps[i] = from[i];
    steps[i].indices = copy_indices(a, steps[i].indices, steps[i].count);
    steps[i].type = NULL;
  }
  return steps;
}

static void copy_update_path(struct arena *a, struct exp *c, const struct exp *e) {
  c->u.update_path.source = copy_exp(a, e->u.update_path.source);
  c->u.update_path.steps = copy_steps(a, e->u.update_path.steps, e->u.update_path.step_count);
  c->u.update_path.value = copy_exp(a, e->u.update_path.value);
}

static void copy_let_with(struct arena *a, struct exp *c, const struct exp *e) {
  c->u.let_with.indices = copy_indices(a, e->u.let_with.indices, e->u.let_with.count);
  c->u.let_with.value = copy_exp(a, e->u.let_with.value);
  c->u.let_with.body = copy_exp(a, e->u.let_with.body);
  c->u.let_with.source = NULL;
  c->u.let_with.binding = NULL;
}

static void copy_loop(struct arena *a, struct exp *c, const struct exp *e) {
  c->u.loop.pat = copy_pat(a, e->u.loop.pat);
  c->u.loop.init = copy_exp(a, e->u.loop.init);
  c->u.loop.index_binding = NULL;
  c->u.loop.bound = copy_exp(a, e->u.loop.bound);
  c->u.loop.for_in_pat = copy_pat(a, e->u.loop.for_in_pat);
  c->u.loop.for_in_array = copy_exp(a, e->u.loop.for_in_array);
  c->u.loop.body = copy_exp(a, e->u.loop.body);
}

static struct exp *copy_exp(struct arena *a, const struct exp *e) {
  if (e == NULL) {
    return NULL;
  }
  diag_checkpoint(e->loc);
  struct exp *c = arena_dup(a, e, sizeof *e);
  c->type = NULL;
  switch (e->kind) {
  case EXP_INT:
  case EXP_FLOAT:
  case EXP_BOOL:
    break;
  case EXP_VAR:
    c->u.var.name = copy_qual(a, e->u.var.name);
    c->u.var.binding = NULL;
    c->u.var.inst = NULL;
    break;
  case EXP_TUPLE:
  case EXP_ARRAY:
    c->u.list.elems = copy_exps(a, e->u.list.elems, e->u.list.count);
    break;
  case EXP_RECORD:
    copy_record(a, c, e);
    break;
  case EXP_PROJECT:
    c->u.project.exp = copy_exp(a, e->u.project.exp);
    break;
  case EXP_INDEX:
    c->u.index.array = copy_exp(a, e->u.index.array);
    c->u.index.indices = copy_indices(a, e->u.index.indices, e->u.index.count);
    break;
  case EXP_UPDATE:
    c->u.update.array = copy_exp(a, e->u.update.array);
    c->u.update.indices = copy_indices(a, e->u.update.indices, e->u.update.count);
    c->u.update.value = copy_exp(a, e->u.update.value);
    break;
  case EXP_RECORD_UPDATE:
    c->u.record_update.record = copy_exp(a, e->u.record_update.record);
    c->u.record_update.path =
        copy_names(a, e->u.record_update.path, e->u.record_update.path_len);
    c->u.record_update.value = copy_exp(a, e->u.record_update.value);
    break;
  case EXP_UPDATE_PATH:
    copy_update_path(a, c, e);
    break;
  case EXP_APPLY:
    c->u.apply.fn = copy_exp(a, e->u.apply.fn);
    c->u.apply.args = copy_exps(a, e->u.apply.args, e->u.apply.count);
    break;
  case EXP_BINOP:
    c->u.binop.op = copy_qual(a, e->u.binop.op);
    c->u.binop.lhs = copy_exp(a, e->u.binop.lhs);
    c->u.binop.rhs = copy_exp(a, e->u.binop.rhs);
    c->u.binop.binding = NULL;
    c->u.binop.inst = NULL;
    break;
  case EXP_NEGATE:
  case EXP_NOT:
    c->u.unary = copy_exp(a, e->u.unary);
    break;
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    c->u.section.op = copy_qual(a, e->u.section.op);
    c->u.section.operand = copy_exp(a, e->u.section.operand);
    c->u.section.binding = NULL;
    c->u.section.inst = NULL;
    break;
  case EXP_SECTION_PROJECT:
    c->u.section_project.fields =
        copy_names(a, e->u.section_project.fields, e->u.section_project.count);
    break;
  case EXP_SECTION_PATH:
    c->u.section_path.steps =
        copy_steps(a, e->u.section_path.steps, e->u.section_path.step_count);
    break;
  case EXP_SECTION_INDEX:
    c->u.section_index.indices =
        copy_indices(a, e->u.section_index.indices, e->u.section_index.count);
    break;
  case EXP_LAMBDA:
    c->u.lambda.params = copy_pats(a, e->u.lambda.params, e->u.lambda.param_count);
    c->u.lambda.ret = copy_type(a, e->u.lambda.ret);
    c->u.lambda.body = copy_exp(a, e->u.lambda.body);
    break;
  case EXP_LET:
    copy_let(a, c, e);
    break;
  case EXP_LET_FUN:
    copy_let_fun(a, c, e);
    break;
  case EXP_LET_WITH:
    copy_let_with(a, c, e);
    break;
  case EXP_IF:
    c->u.if_.cond = copy_exp(a, e->u.if_.cond);
    c->u.if_.then_branch = copy_exp(a, e->u.if_.then_branch);
    c->u.if_.else_branch = copy_exp(a, e->u.if_.else_branch);
    break;
  case EXP_LOOP:
    copy_loop(a, c, e);
    break;
  case EXP_ASSERT:
    c->u.assert_.cond = copy_exp(a, e->u.assert_.cond);
    c->u.assert_.exp = copy_exp(a, e->u.assert_.exp);
    break;
  case EXP_ASCRIPT:
  case EXP_COERCE:
    c->u.ascript.exp = copy_exp(a, e->u.ascript.exp);
    c->u.ascript.type = copy_type(a, e->u.ascript.type);
    break;
  case EXP_ATTR:
    c->u.attr.attr = copy_attr(a, e->u.attr.attr);
    c->u.attr.exp = copy_exp(a, e->u.attr.exp);
    break;
  case EXP_QUAL_PARENS:
    c->u.qual_parens.module = copy_qual(a, e->u.qual_parens.module);
    c->u.qual_parens.exp = copy_exp(a, e->u.qual_parens.exp);
    break;
  case EXP_RANGE:
    c->u.range.start = copy_exp(a, e->u.range.start);
    c->u.range.second = copy_exp(a, e->u.range.second);
    c->u.range.end = copy_exp(a, e->u.range.end);
    break;
  case EXP_HOLE:
    break;
  }
  return c;
}

/* --------------------------------------------------------------- Modules */

/* A spec is not a union: the fields its kind does not use are NULL. */
static struct spec *copy_spec(struct arena *a, const struct spec *s) {
  struct spec *c = arena_dup(a, s, sizeof *s);
  c->type_params = copy_type_params(a, s->type_params, s->type_param_count);
  c->type = copy_type(a, s->type);
  c->mod_type = ast_copy_mod_type_exp(a, s->mod_type);
  return c;
}

struct mod_type_exp *ast_copy_mod_type_exp(struct arena *a, const struct mod_type_exp *m) {
  if (m == NULL) {
    return NULL;
  }
  struct mod_type_exp *c = arena_dup(a, m, sizeof *m);
  switch (m->kind) {
  case MTE_VAR:
    c->u.var = copy_qual(a, m->u.var);
    break;
  case MTE_SPECS: {
    int n = m->u.specs.count;
    c->u.specs.specs = copy_array(a, m->u.specs.specs, n, sizeof *m->u.specs.specs);
    for (int i = 0; i < n; i++) {
      c->u.specs.specs[i] = copy_spec(a, m->u.specs.specs[i]);
    }
    break;
  }
  case MTE_WITH:
    c->u.with.base = ast_copy_mod_type_exp(a, m->u.with.base);
    c->u.with.type_name = copy_qual(a, m->u.with.type_name);
    c->u.with.type_params =
        copy_type_params(a, m->u.with.type_params, m->u.with.type_param_count);
    c->u.with.type = copy_type(a, m->u.with.type);
    break;
  case MTE_ARROW:
    c->u.arrow.param = ast_copy_mod_type_exp(a, m->u.arrow.param);
    c->u.arrow.result = ast_copy_mod_type_exp(a, m->u.arrow.result);
    break;
  }
  return c;
}

static struct mod_param copy_mod_param(struct arena *a, struct mod_param p) {
  p.type = ast_copy_mod_type_exp(a, p.type);
  return p;
}

struct mod_exp *ast_copy_mod_exp(struct arena *a, const struct mod_exp *m) {
  if (m == NULL) {
    return NULL;
  }
  struct mod_exp *c = arena_dup(a, m, sizeof *m);
  switch (m->kind) {
  case MOD_VAR:
    c->u.var = copy_qual(a, m->u.var);
    break;
  case MOD_DECS: {
    int n = m->u.decs.count;
    c->u.decs.decs = copy_array(a, m->u.decs.decs, n, sizeof *m->u.decs.decs);
    for (int i = 0; i < n; i++) {
      c->u.decs.decs[i] = ast_copy_dec(a, m->u.decs.decs[i]);
    }
    break;
  }
  case MOD_APPLY:
    c->u.apply.fn = ast_copy_mod_exp(a, m->u.apply.fn);
    c->u.apply.arg = ast_copy_mod_exp(a, m->u.apply.arg);
    break;
  case MOD_ASCRIPT:
    c->u.ascript.mod = ast_copy_mod_exp(a, m->u.ascript.mod);
    c->u.ascript.type = ast_copy_mod_type_exp(a, m->u.ascript.type);
    break;
  case MOD_LAMBDA:
    c->u.lambda.param = copy_mod_param(a, m->u.lambda.param);
    c->u.lambda.result = ast_copy_mod_type_exp(a, m->u.lambda.result);
    c->u.lambda.body = ast_copy_mod_exp(a, m->u.lambda.body);
    break;
  case MOD_IMPORT:
    break;
  }
  return c;
}

/* ---------------------------------------------------------- Declarations */

static void copy_val_dec(struct arena *a, struct dec *c, const struct dec *d) {
  c->u.val.type_params =
      copy_type_params(a, d->u.val.type_params, d->u.val.type_param_count);
  c->u.val.params = copy_pats(a, d->u.val.params, d->u.val.param_count);
  c->u.val.ret = copy_type(a, d->u.val.ret);
  c->u.val.body = copy_exp(a, d->u.val.body);
  c->u.val.binding = NULL;
}

static void copy_mod_dec(struct arena *a, struct dec *c, const struct dec *d) {
  int n = d->u.mod.param_count;
  c->u.mod.params = copy_array(a, d->u.mod.params, n, sizeof *d->u.mod.params);
  for (int i = 0; i < n; i++) {
    c->u.mod.params[i] = copy_mod_param(a, d->u.mod.params[i]);
  }
  c->u.mod.type = ast_copy_mod_type_exp(a, d->u.mod.type);
  c->u.mod.body = ast_copy_mod_exp(a, d->u.mod.body);
}

struct dec *ast_copy_dec(struct arena *a, const struct dec *d) {
  if (d == NULL) {
    return NULL;
  }
  struct dec *c = arena_dup(a, d, sizeof *d);
  c->attrs = copy_attrs(a, d->attrs, d->attr_count);
  switch (d->kind) {
  case DEC_VAL:
    copy_val_dec(a, c, d);
    break;
  case DEC_TYPE:
    c->u.type.type_params =
        copy_type_params(a, d->u.type.type_params, d->u.type.type_param_count);
    c->u.type.type = copy_type(a, d->u.type.type);
    break;
  case DEC_MOD_TYPE:
    c->u.mod_type.type = ast_copy_mod_type_exp(a, d->u.mod_type.type);
    break;
  case DEC_MOD:
    copy_mod_dec(a, c, d);
    break;
  case DEC_OPEN:
    c->u.open = ast_copy_mod_exp(a, d->u.open);
    break;
  case DEC_IMPORT:
    break;
  case DEC_LOCAL:
    c->u.local = ast_copy_dec(a, d->u.local);
    break;
  }
  return c;
}
