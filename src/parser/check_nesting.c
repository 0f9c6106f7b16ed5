/* The height check of a parsed tree (Note [Nesting limit]).
 *
 * parse_check_nesting and parse_check_spec_nesting walk a tree that the parser has
 * just built, one function per kind of node, and stop the compilation with a fatal
 * error at the first node deeper than PARSE_MAX_NESTING. They change nothing. */
#include "lexer/lexer.h"
#include "parser/ast.h"
#include "parser/parse_internal.h"
#include "support/diag.h"

/* Note [Nesting limit]
 * ~~~~~~~~~~~~~~~~~~~~
 * Later passes recurse over the tree, so its height must be bounded or a hostile
 * program could overflow the C stack. The lexer bounds bracket nesting while
 * parsing (so `((((...` fails early); the parser itself never recurses, and its
 * stacks are bounded by YYMAXDEPTH (parser.y). What is left are trees that grow
 * without brackets: left-nested operator chains (a+b+c+...), long let chains,
 * x.a.b... on a parenthesised atom. parse_check_nesting walks the finished tree,
 * recursing at most PARSE_MAX_NESTING deep, and rejects a taller tree at its
 * deepest node. */
enum { PARSE_MAX_NESTING = LEX_MAX_NESTING };

static _Noreturn void too_deep(struct loc loc) {
  diag_fatal(loc, "nesting too deep (more than %d levels)", PARSE_MAX_NESTING);
}

static void nest_exp(const struct exp *e, int depth);
static void nest_type(const struct type_exp *t, int depth);
static void nest_mod_type(const struct mod_type_exp *m, int depth);
static void nest_dec(const struct dec *d, int depth);

static void nest_pat(const struct pat *p, int depth) {
  if (p == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(p->loc);
  }
  switch (p->kind) {
  case PAT_ID:
  case PAT_WILDCARD:
    break;
  case PAT_TUPLE:
    for (int i = 0; i < p->u.tuple.count; i++) {
      nest_pat(p->u.tuple.elems[i], depth + 1);
    }
    break;
  case PAT_RECORD:
    for (int i = 0; i < p->u.record.count; i++) {
      nest_pat(p->u.record.fields[i].pat, depth + 1);
    }
    break;
  case PAT_ASCRIPT:
    nest_pat(p->u.ascript.pat, depth + 1);
    nest_type(p->u.ascript.type, depth + 1);
    break;
  }
}

static void nest_pats(struct pat *const *pats, int count, int depth) {
  for (int i = 0; i < count; i++) {
    nest_pat(pats[i], depth);
  }
}

static void nest_type(const struct type_exp *t, int depth) {
  if (t == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(t->loc);
  }
  switch (t->kind) {
  case TE_VAR:
    break;
  case TE_TUPLE:
    for (int i = 0; i < t->u.tuple.count; i++) {
      nest_type(t->u.tuple.elems[i], depth + 1);
    }
    break;
  case TE_RECORD:
    for (int i = 0; i < t->u.record.count; i++) {
      nest_type(t->u.record.fields[i].type, depth + 1);
    }
    break;
  case TE_ARRAY:
    nest_exp(t->u.array.size, depth + 1);
    nest_type(t->u.array.elem, depth + 1);
    break;
  case TE_UNIQUE:
    nest_type(t->u.unique, depth + 1);
    break;
  case TE_ARROW:
    nest_type(t->u.arrow.param, depth + 1);
    nest_type(t->u.arrow.result, depth + 1);
    break;
  case TE_APPLY:
    nest_type(t->u.apply.ctor, depth + 1);
    nest_type(t->u.apply.type_arg, depth + 1);
    nest_exp(t->u.apply.size_arg, depth + 1);
    break;
  case TE_EXIST:
    nest_type(t->u.exist.body, depth + 1);
    break;
  }
}

static void nest_indices(const struct dim_index *indices, int count, int depth) {
  for (int i = 0; i < count; i++) {
    nest_exp(indices[i].fixed, depth);
    nest_exp(indices[i].start, depth);
    nest_exp(indices[i].end, depth);
    nest_exp(indices[i].stride, depth);
  }
}

static void nest_exps(struct exp *const *exps, int count, int depth) {
  for (int i = 0; i < count; i++) {
    nest_exp(exps[i], depth);
  }
}

static void nest_exp(const struct exp *e, int depth) {
  if (e == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(e->loc);
  }
  int d = depth + 1;
  switch (e->kind) {
  case EXP_INT:
  case EXP_FLOAT:
  case EXP_BOOL:
  case EXP_VAR:
  case EXP_SECTION_OP:
  case EXP_SECTION_PROJECT:
    break;
  case EXP_TUPLE:
  case EXP_ARRAY:
    nest_exps(e->u.list.elems, e->u.list.count, d);
    break;
  case EXP_RECORD:
    for (int i = 0; i < e->u.record.count; i++) {
      nest_exp(e->u.record.fields[i].value, d);
    }
    break;
  case EXP_PROJECT:
    nest_exp(e->u.project.exp, d);
    break;
  case EXP_INDEX:
    nest_exp(e->u.index.array, d);
    nest_indices(e->u.index.indices, e->u.index.count, d);
    break;
  case EXP_UPDATE:
    nest_exp(e->u.update.array, d);
    nest_indices(e->u.update.indices, e->u.update.count, d);
    nest_exp(e->u.update.value, d);
    break;
  case EXP_RECORD_UPDATE:
    nest_exp(e->u.record_update.record, d);
    nest_exp(e->u.record_update.value, d);
    break;
  case EXP_APPLY:
    nest_exp(e->u.apply.fn, d);
    nest_exps(e->u.apply.args, e->u.apply.count, d);
    break;
  case EXP_BINOP:
    nest_exp(e->u.binop.lhs, d);
    nest_exp(e->u.binop.rhs, d);
    break;
  case EXP_NEGATE:
  case EXP_NOT:
    nest_exp(e->u.unary, d);
    break;
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    nest_exp(e->u.section.operand, d);
    break;
  case EXP_SECTION_INDEX:
    nest_indices(e->u.section_index.indices, e->u.section_index.count, d);
    break;
  case EXP_LAMBDA:
    nest_pats(e->u.lambda.params, e->u.lambda.param_count, d);
    nest_type(e->u.lambda.ret, d);
    nest_exp(e->u.lambda.body, d);
    break;
  case EXP_LET:
    nest_pat(e->u.let.pat, d);
    nest_exp(e->u.let.value, d);
    nest_exp(e->u.let.body, d);
    break;
  case EXP_LET_FUN:
    nest_pats(e->u.let_fun.params, e->u.let_fun.param_count, d);
    nest_type(e->u.let_fun.ret, d);
    nest_exp(e->u.let_fun.value, d);
    nest_exp(e->u.let_fun.body, d);
    break;
  case EXP_LET_WITH:
    nest_indices(e->u.let_with.indices, e->u.let_with.count, d);
    nest_exp(e->u.let_with.value, d);
    nest_exp(e->u.let_with.body, d);
    break;
  case EXP_IF:
    nest_exp(e->u.if_.cond, d);
    nest_exp(e->u.if_.then_branch, d);
    nest_exp(e->u.if_.else_branch, d);
    break;
  case EXP_LOOP:
    nest_pat(e->u.loop.pat, d);
    nest_exp(e->u.loop.init, d);
    nest_exp(e->u.loop.bound, d);
    nest_pat(e->u.loop.for_in_pat, d);
    nest_exp(e->u.loop.for_in_array, d);
    nest_exp(e->u.loop.body, d);
    break;
  case EXP_ASSERT:
    nest_exp(e->u.assert_.cond, d);
    nest_exp(e->u.assert_.exp, d);
    break;
  case EXP_ASCRIPT:
  case EXP_COERCE:
    nest_exp(e->u.ascript.exp, d);
    nest_type(e->u.ascript.type, d);
    break;
  case EXP_ATTR:
    nest_exp(e->u.attr.exp, d);
    break;
  case EXP_QUAL_PARENS:
    nest_exp(e->u.qual_parens.exp, d);
    break;
  }
}

static void nest_spec(const struct spec *s, int depth) {
  if (depth > PARSE_MAX_NESTING) {
    too_deep(s->loc);
  }
  nest_type(s->type, depth + 1);
  nest_mod_type(s->mod_type, depth + 1);
}

static void nest_mod_type(const struct mod_type_exp *m, int depth) {
  if (m == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(m->loc);
  }
  switch (m->kind) {
  case MTE_VAR:
    break;
  case MTE_SPECS:
    for (int i = 0; i < m->u.specs.count; i++) {
      nest_spec(m->u.specs.specs[i], depth + 1);
    }
    break;
  case MTE_WITH:
    nest_mod_type(m->u.with.base, depth + 1);
    nest_type(m->u.with.type, depth + 1);
    break;
  case MTE_ARROW:
    nest_mod_type(m->u.arrow.param, depth + 1);
    nest_mod_type(m->u.arrow.result, depth + 1);
    break;
  }
}

static void nest_mod(const struct mod_exp *m, int depth) {
  if (m == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(m->loc);
  }
  switch (m->kind) {
  case MOD_VAR:
  case MOD_IMPORT:
    break;
  case MOD_DECS:
    for (int i = 0; i < m->u.decs.count; i++) {
      nest_dec(m->u.decs.decs[i], depth + 1);
    }
    break;
  case MOD_APPLY:
    nest_mod(m->u.apply.fn, depth + 1);
    nest_mod(m->u.apply.arg, depth + 1);
    break;
  case MOD_ASCRIPT:
    nest_mod(m->u.ascript.mod, depth + 1);
    nest_mod_type(m->u.ascript.type, depth + 1);
    break;
  case MOD_LAMBDA:
    nest_mod_type(m->u.lambda.param.type, depth + 1);
    nest_mod_type(m->u.lambda.result, depth + 1);
    nest_mod(m->u.lambda.body, depth + 1);
    break;
  }
}

static void nest_dec(const struct dec *d, int depth) {
  if (depth > PARSE_MAX_NESTING) {
    too_deep(d->loc);
  }
  int n = depth + 1;
  switch (d->kind) {
  case DEC_VAL:
    nest_pats(d->u.val.params, d->u.val.param_count, n);
    nest_type(d->u.val.ret, n);
    nest_exp(d->u.val.body, n);
    break;
  case DEC_TYPE:
    nest_type(d->u.type.type, n);
    break;
  case DEC_MOD_TYPE:
    nest_mod_type(d->u.mod_type.type, n);
    break;
  case DEC_MOD:
    for (int i = 0; i < d->u.mod.param_count; i++) {
      nest_mod_type(d->u.mod.params[i].type, n);
    }
    nest_mod_type(d->u.mod.type, n);
    nest_mod(d->u.mod.body, n);
    break;
  case DEC_OPEN:
    nest_mod(d->u.open, n);
    break;
  case DEC_IMPORT:
    break;
  case DEC_LOCAL:
    nest_dec(d->u.local, n);
    break;
  }
}

void parse_check_nesting(const struct program *prog) {
  for (int i = 0; i < prog->count; i++) {
    nest_dec(prog->decs[i], 1);
  }
}

void parse_check_spec_nesting(const struct spec *spec) {
  nest_spec(spec, 1);
}
