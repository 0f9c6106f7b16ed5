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

static void nest_child(struct exp *e, void *depth) {
  nest_exp(e, *(const int *)depth);
}

static void nest_loop(const struct exp *e, int d) {
  nest_pat(e->u.loop.pat, d);
  nest_exp(e->u.loop.init, d);
  nest_exp(e->u.loop.bound, d);
  nest_pat(e->u.loop.for_in_pat, d);
  nest_exp(e->u.loop.for_in_array, d);
  nest_exp(e->u.loop.body, d);
}

/* The patterns and types an expression holds come before its subexpressions, but for
 * an ascription's type; a loop interleaves them. */
static void nest_exp(const struct exp *e, int depth) {
  if (e == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(e->loc);
  }
  int d = depth + 1;
  switch (e->kind) {
  case EXP_LAMBDA:
    nest_pats(e->u.lambda.params, e->u.lambda.param_count, d);
    nest_type(e->u.lambda.ret, d);
    break;
  case EXP_LET:
    nest_pat(e->u.let.pat, d);
    break;
  case EXP_LET_FUN:
    nest_pats(e->u.let_fun.params, e->u.let_fun.param_count, d);
    nest_type(e->u.let_fun.ret, d);
    break;
  case EXP_LOOP:
    nest_loop(e, d);
    return;
  default:
    break;
  }
  ast_exp_each_child(e, nest_child, &d);
  if (e->kind == EXP_ASCRIPT || e->kind == EXP_COERCE) {
    nest_type(e->u.ascript.type, d);
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
