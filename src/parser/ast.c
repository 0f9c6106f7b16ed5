/* The AST's kind names and its printer (prismc dump --after parse).
 *
 * The printer writes source text that parses back to the same tree, so printing
 * is a fixed point: print(parse(print(t))) == print(t). Parentheses are not kept
 * in the tree, so the printer puts them back wherever an operand is not an atom
 * (fully parenthesised: `1 + (2 * 3)`), and wherever the grammar would otherwise
 * read the text differently:
 *  - an operand that is an open-ended expression (if, let, loop, lambda, #[attr])
 *    or an ascription is parenthesised where more text follows it;
 *  - (x).f for a projection of a variable, since x.f is a qualified name;
 *  - a record before an index, ({x = a})[i], since only an identifier character,
 *    `)` or `]` makes `[` an index;
 *  - a type argument that is not a name, tuple or record: vec ([n]f32).
 * Declarations print one per line group, with their doc comments and attributes;
 * operators defined infix (def a +^ b) print in prefix form (def (+^) a b). */
#include "parser/ast.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "support/strbuf.h"

/* ------------------------------------------------------------- Kind names */

static const char *const exp_kind_names[] = {
#define X(kind, name) [kind] = name,
    EXP_KINDS(X)
#undef X
};

static const char *const pat_kind_names[] = {
#define X(kind, name) [kind] = name,
    PAT_KINDS(X)
#undef X
};

static const char *const dec_kind_names[] = {
#define X(kind, name) [kind] = name,
    DEC_KINDS(X)
#undef X
};

static const char *const type_exp_kind_names[] = {
#define X(kind, name) [kind] = name,
    TYPE_EXP_KINDS(X)
#undef X
};

void ast_dims_each_exp(const struct dim_index *d, int n, ast_exp_fn fn, void *arg) {
  for (int i = 0; i < n; i++) {
    struct exp *parts[] = {d[i].fixed, d[i].start, d[i].end, d[i].stride};
    for (size_t j = 0; j < sizeof parts / sizeof *parts; j++) {
      if (parts[j] != NULL) {
        fn(parts[j], arg);
      }
    }
  }
}

static void each_exp(struct exp *const *es, int n, ast_exp_fn fn, void *arg) {
  for (int i = 0; i < n; i++) {
    fn(es[i], arg);
  }
}

static void each_given(struct exp *e, ast_exp_fn fn, void *arg) {
  if (e != NULL) {
    fn(e, arg);
  }
}

void ast_exp_each_child(const struct exp *e, ast_exp_fn fn, void *arg) {
  switch (e->kind) {
  case EXP_VAR:
  case EXP_INT:
  case EXP_FLOAT:
  case EXP_BOOL:
  case EXP_SECTION_PROJECT:
    return;
  case EXP_TUPLE:
  case EXP_ARRAY:
    each_exp(e->u.list.elems, e->u.list.count, fn, arg);
    return;
  case EXP_RECORD:
    for (int i = 0; i < e->u.record.count; i++) {
      struct exp_field *f = &e->u.record.fields[i];
      fn(f->value != NULL ? f->value : f->implicit_var, arg);
    }
    return;
  case EXP_PROJECT:
    fn(e->u.project.exp, arg);
    return;
  case EXP_INDEX:
    fn(e->u.index.array, arg);
    ast_dims_each_exp(e->u.index.indices, e->u.index.count, fn, arg);
    return;
  case EXP_UPDATE:
    fn(e->u.update.array, arg);
    ast_dims_each_exp(e->u.update.indices, e->u.update.count, fn, arg);
    fn(e->u.update.value, arg);
    return;
  case EXP_RECORD_UPDATE:
    fn(e->u.record_update.record, arg);
    fn(e->u.record_update.value, arg);
    return;
  case EXP_UPDATE_PATH:
    fn(e->u.update_path.source, arg);
    for (int i = 0; i < e->u.update_path.step_count; i++) {
      struct path_step *st = &e->u.update_path.steps[i];
      ast_dims_each_exp(st->indices, st->count, fn, arg);
    }
    fn(e->u.update_path.value, arg);
    return;
  case EXP_APPLY:
    fn(e->u.apply.fn, arg);
    each_exp(e->u.apply.args, e->u.apply.count, fn, arg);
    return;
  case EXP_BINOP:
    fn(e->u.binop.lhs, arg);
    fn(e->u.binop.rhs, arg);
    return;
  case EXP_NEGATE:
  case EXP_NOT:
    fn(e->u.unary, arg);
    return;
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    each_given(e->u.section.operand, fn, arg);
    return;
  case EXP_SECTION_INDEX:
    ast_dims_each_exp(e->u.section_index.indices, e->u.section_index.count, fn, arg);
    return;
  case EXP_SECTION_PATH:
    for (int i = 0; i < e->u.section_path.step_count; i++) {
      struct path_step *st = &e->u.section_path.steps[i];
      ast_dims_each_exp(st->indices, st->count, fn, arg);
    }
    return;
  case EXP_LAMBDA:
    fn(e->u.lambda.body, arg);
    return;
  case EXP_LET:
    fn(e->u.let.value, arg);
    fn(e->u.let.body, arg);
    return;
  case EXP_LET_FUN:
    fn(e->u.let_fun.value, arg);
    fn(e->u.let_fun.body, arg);
    return;
  case EXP_LET_WITH:
    ast_dims_each_exp(e->u.let_with.indices, e->u.let_with.count, fn, arg);
    fn(e->u.let_with.value, arg);
    fn(e->u.let_with.body, arg);
    return;
  case EXP_IF:
    fn(e->u.if_.cond, arg);
    fn(e->u.if_.then_branch, arg);
    fn(e->u.if_.else_branch, arg);
    return;
  case EXP_LOOP:
    each_given(e->u.loop.init, fn, arg);
    each_given(e->u.loop.bound, fn, arg);
    each_given(e->u.loop.for_in_array, fn, arg);
    fn(e->u.loop.body, arg);
    return;
  case EXP_ASSERT:
    fn(e->u.assert_.cond, arg);
    fn(e->u.assert_.exp, arg);
    return;
  case EXP_ASCRIPT:
  case EXP_COERCE:
    fn(e->u.ascript.exp, arg);
    return;
  case EXP_ATTR:
    fn(e->u.attr.exp, arg);
    return;
  case EXP_QUAL_PARENS:
    fn(e->u.qual_parens.exp, arg);
    return;
  case EXP_RANGE:
    fn(e->u.range.start, arg);
    each_given(e->u.range.second, fn, arg);
    fn(e->u.range.end, arg);
    return;
  case EXP_HOLE:
    return;
  }
}

void ast_pat_each_id(struct pat *p, ast_pat_id_fn fn, void *arg) {
  switch (p->kind) {
  case PAT_ID:
    fn(p, arg);
    return;
  case PAT_WILDCARD:
    return;
  case PAT_TUPLE:
    for (int i = 0; i < p->u.tuple.count; i++) {
      ast_pat_each_id(p->u.tuple.elems[i], fn, arg);
    }
    return;
  case PAT_RECORD:
    for (int i = 0; i < p->u.record.count; i++) {
      ast_pat_each_id(p->u.record.fields[i].pat, fn, arg);
    }
    return;
  case PAT_ASCRIPT:
    ast_pat_each_id(p->u.ascript.pat, fn, arg);
    return;
  }
}

static void each_val_dec_in(struct mod_exp *m, ast_dec_fn fn, void *arg) {
  switch (m->kind) {
  case MOD_DECS:
    ast_each_val_dec(m->u.decs.decs, m->u.decs.count, fn, arg);
    return;
  case MOD_APPLY:
    each_val_dec_in(m->u.apply.fn, fn, arg);
    each_val_dec_in(m->u.apply.arg, fn, arg);
    return;
  case MOD_ASCRIPT:
    each_val_dec_in(m->u.ascript.mod, fn, arg);
    return;
  case MOD_LAMBDA:
    each_val_dec_in(m->u.lambda.body, fn, arg);
    return;
  case MOD_VAR:
  case MOD_IMPORT:
    return;
  }
}

void ast_each_val_dec(struct dec **decs, int count, ast_dec_fn fn, void *arg) {
  for (int i = 0; i < count; i++) {
    struct dec *d = decs[i];
    while (d->kind == DEC_LOCAL) {
      d = d->u.local;
    }
    if (d->kind == DEC_VAL) {
      fn(d, arg);
    } else if (d->kind == DEC_MOD) {
      each_val_dec_in(d->u.mod.body, fn, arg);
    } else if (d->kind == DEC_OPEN) {
      each_val_dec_in(d->u.open, fn, arg);
    }
  }
}

const char *exp_kind_name(enum exp_kind k) {
  return exp_kind_names[k];
}

const char *pat_kind_name(enum pat_kind k) {
  return pat_kind_names[k];
}

const char *dec_kind_name(enum dec_kind k) {
  return dec_kind_names[k];
}

const char *type_exp_kind_name(enum type_exp_kind k) {
  return type_exp_kind_names[k];
}

/* ---------------------------------------------------------------- Output */

struct printer {
  struct strbuf *out;
  int indent; /* in levels of two spaces */
};

static void put(struct printer *pr, const char *s) {
  strbuf_puts(pr->out, s);
}

static void newline(struct printer *pr) {
  strbuf_putc(pr->out, '\n');
  strbuf_indent(pr->out, pr->indent);
}

/* { and }, the `count` items between them each on a line of their own, indented. */
static void open_block(struct printer *pr) {
  put(pr, "{");
  pr->indent++;
}

static void close_block(struct printer *pr, int count) {
  pr->indent--;
  if (count > 0) {
    newline(pr);
  }
  put(pr, "}");
}

static bool is_operator_name(name_t name) {
  return strchr("+-*/%=!><|&^", name[0]) != NULL;
}

/* A name in expression position: operators in parentheses, (+). */
static void put_binding_name(struct printer *pr, name_t name) {
  if (is_operator_name(name)) {
    strbuf_printf(pr->out, "(%s)", name);
  } else {
    put(pr, name);
  }
}

static void put_qual_name(struct printer *pr, const struct qual_name *q) {
  for (int i = 0; i < q->qual_count; i++) {
    strbuf_printf(pr->out, "%s.", q->quals[i]);
  }
  put(pr, q->name);
}

/* An operator between operands: + or `f`. */
static void put_operator(struct printer *pr, const struct qual_name *op) {
  if (is_operator_name(op->name)) {
    put_qual_name(pr, op);
  } else {
    put(pr, "`");
    put_qual_name(pr, op);
    put(pr, "`");
  }
}

static void put_string(struct printer *pr, const char *s) {
  put(pr, "\"");
  for (; *s != '\0'; s++) {
    switch (*s) {
    case '"': put(pr, "\\\""); break;
    case '\\': put(pr, "\\\\"); break;
    case '\n': put(pr, "\\n"); break;
    case '\t': put(pr, "\\t"); break;
    default: strbuf_putc(pr->out, *s); break;
    }
  }
  put(pr, "\"");
}

/* -- | first line, then -- for the others; the lexer strips these again. */
static void put_doc(struct printer *pr, const char *doc) {
  if (doc == NULL) {
    return;
  }
  put(pr, "-- |");
  const char *line = doc;
  for (;;) {
    const char *eol = strchr(line, '\n');
    size_t n = eol != NULL ? (size_t)(eol - line) : strlen(line);
    if (n > 0) {
      strbuf_putc(pr->out, ' ');
      strbuf_putn(pr->out, line, n);
    }
    newline(pr);
    if (eol == NULL) {
      break;
    }
    line = eol + 1;
    put(pr, "--");
  }
}

static void put_attr(struct printer *pr, const struct attr *a) {
  if (a->name == NULL) {
    strbuf_printf(pr->out, "%" PRIu64, (uint64_t)a->value);
    return;
  }
  put(pr, a->name);
  if (a->has_args) {
    put(pr, "(");
    for (int i = 0; i < a->arg_count; i++) {
      put(pr, i > 0 ? ", " : "");
      put_attr(pr, a->args[i]);
    }
    put(pr, ")");
  }
}

static void put_type_params(struct printer *pr, const struct type_param *ps, int count) {
  static const char *const marks[] = {
      [TPARAM_TYPE] = "'", [TPARAM_SIZE_LIFTED] = "'~", [TPARAM_LIFTED] = "'^"};
  for (int i = 0; i < count; i++) {
    if (ps[i].kind == TPARAM_SIZE) {
      strbuf_printf(pr->out, " [%s]", ps[i].name);
    } else {
      strbuf_printf(pr->out, " %s%s", marks[ps[i].kind], ps[i].name);
    }
  }
}

static const char *liftedness_mark(enum type_param_kind k) {
  return k == TPARAM_SIZE_LIFTED ? "~" : k == TPARAM_LIFTED ? "^" : "";
}

/* ----------------------------------------------------------------- Types */

static void print_exp(struct printer *pr, const struct exp *e);
static void print_type(struct printer *pr, const struct type_exp *t);

/* [n], or [] for any size. */
static void print_size(struct printer *pr, const struct exp *size) {
  put(pr, "[");
  if (size != NULL) {
    print_exp(pr, size);
  }
  put(pr, "]");
}

/* A type argument or the operand of application: a name, tuple or record as it
 * is, anything else in parentheses. */
static void print_type_atom(struct printer *pr, const struct type_exp *t) {
  if (t->kind == TE_VAR || t->kind == TE_TUPLE || t->kind == TE_RECORD) {
    print_type(pr, t);
  } else {
    put(pr, "(");
    print_type(pr, t);
    put(pr, ")");
  }
}

/* Futhark's TypeExpTerm: no arrow or existential at the top. */
static void print_type_term(struct printer *pr, const struct type_exp *t) {
  if (t->kind == TE_ARROW || t->kind == TE_EXIST) {
    put(pr, "(");
    print_type(pr, t);
    put(pr, ")");
  } else {
    print_type(pr, t);
  }
}

static void print_type_apply(struct printer *pr, const struct type_exp *t) {
  const struct type_exp *ctor = t->u.apply.ctor;
  if (ctor->kind == TE_APPLY) {
    print_type_apply(pr, ctor);
  } else {
    print_type_atom(pr, ctor);
  }
  put(pr, " ");
  if (t->u.apply.type_arg != NULL) {
    print_type_atom(pr, t->u.apply.type_arg);
  } else {
    print_size(pr, t->u.apply.size_any ? NULL : t->u.apply.size_arg);
  }
}

static void print_type(struct printer *pr, const struct type_exp *t) {
  switch (t->kind) {
  case TE_VAR:
    put_qual_name(pr, &t->u.var);
    break;
  case TE_TUPLE:
    put(pr, "(");
    for (int i = 0; i < t->u.tuple.count; i++) {
      put(pr, i > 0 ? ", " : "");
      print_type(pr, t->u.tuple.elems[i]);
    }
    put(pr, ")");
    break;
  case TE_RECORD:
    put(pr, "{");
    for (int i = 0; i < t->u.record.count; i++) {
      strbuf_printf(pr->out, "%s%s: ", i > 0 ? ", " : "", t->u.record.fields[i].name);
      print_type(pr, t->u.record.fields[i].type);
    }
    put(pr, "}");
    break;
  case TE_ARRAY:
    print_size(pr, t->u.array.size);
    print_type_term(pr, t->u.array.elem);
    break;
  case TE_UNIQUE:
    /* "**t" would be the operator ** */
    put(pr, t->u.unique->kind == TE_UNIQUE ? "* " : "*");
    print_type_term(pr, t->u.unique);
    break;
  case TE_ARROW:
    if (t->u.arrow.param_name != NULL) {
      strbuf_printf(pr->out, "(%s: ", t->u.arrow.param_name);
      print_type(pr, t->u.arrow.param);
      put(pr, ")");
    } else {
      print_type_term(pr, t->u.arrow.param);
    }
    put(pr, " -> ");
    print_type(pr, t->u.arrow.result);
    break;
  case TE_APPLY:
    print_type_apply(pr, t);
    break;
  case TE_EXIST:
    put(pr, "?");
    for (int i = 0; i < t->u.exist.count; i++) {
      strbuf_printf(pr->out, "[%s]", t->u.exist.names[i]);
    }
    put(pr, ".");
    print_type(pr, t->u.exist.body);
    break;
  }
}

/* -------------------------------------------------------------- Patterns */

static void print_pat(struct printer *pr, const struct pat *p);

/* Futhark's ParamPat: an ascription needs parentheses. */
static void print_param_pat(struct printer *pr, const struct pat *p) {
  if (p->kind == PAT_ASCRIPT) {
    put(pr, "(");
    print_pat(pr, p);
    put(pr, ")");
  } else {
    print_pat(pr, p);
  }
}

static void print_pat_field(struct printer *pr, const struct pat_field *f) {
  const struct pat *p = f->pat;
  if (p->kind == PAT_ID && p->u.id.name == f->name) {
    put(pr, f->name);
  } else if (p->kind == PAT_ASCRIPT && p->u.ascript.pat->kind == PAT_ID &&
             p->u.ascript.pat->u.id.name == f->name) {
    strbuf_printf(pr->out, "%s: ", f->name);
    print_type(pr, p->u.ascript.type);
  } else {
    strbuf_printf(pr->out, "%s = ", f->name);
    print_pat(pr, p);
  }
}

static void print_pat(struct printer *pr, const struct pat *p) {
  switch (p->kind) {
  case PAT_ID:
    put_binding_name(pr, p->u.id.name);
    break;
  case PAT_WILDCARD:
    put(pr, "_");
    break;
  case PAT_TUPLE:
    put(pr, "(");
    for (int i = 0; i < p->u.tuple.count; i++) {
      put(pr, i > 0 ? ", " : "");
      print_pat(pr, p->u.tuple.elems[i]);
    }
    put(pr, ")");
    break;
  case PAT_RECORD:
    put(pr, "{");
    for (int i = 0; i < p->u.record.count; i++) {
      put(pr, i > 0 ? ", " : "");
      print_pat_field(pr, &p->u.record.fields[i]);
    }
    put(pr, "}");
    break;
  case PAT_ASCRIPT:
    print_param_pat(pr, p->u.ascript.pat);
    put(pr, ": ");
    print_type(pr, p->u.ascript.type);
    break;
  }
}

static void print_params(struct printer *pr, struct pat *const *params, int count) {
  for (int i = 0; i < count; i++) {
    put(pr, " ");
    print_param_pat(pr, params[i]);
  }
}

/* ----------------------------------------------------------- Expressions */

static bool is_atom(const struct exp *e) {
  switch (e->kind) {
  case EXP_INT:
  case EXP_FLOAT:
  case EXP_BOOL:
  case EXP_VAR:
  case EXP_TUPLE:
  case EXP_RECORD:
  case EXP_ARRAY:
  case EXP_PROJECT:
  case EXP_INDEX:
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
  case EXP_SECTION_PROJECT:
  case EXP_SECTION_INDEX:
  case EXP_SECTION_PATH:
  case EXP_QUAL_PARENS:
  case EXP_HOLE:
    return true;
  default:
    return false;
  }
}

/* Expressions that end in an expression and so would swallow what follows. */
static bool is_open_ended(const struct exp *e) {
  switch (e->kind) {
  case EXP_IF:
  case EXP_LOOP:
  case EXP_LET:
  case EXP_LET_FUN:
  case EXP_LET_WITH:
  case EXP_LAMBDA:
  case EXP_ATTR:
  case EXP_ASCRIPT:
  case EXP_COERCE:
    return true;
  default:
    return false;
  }
}

static void print_parens(struct printer *pr, const struct exp *e) {
  put(pr, "(");
  print_exp(pr, e);
  put(pr, ")");
}

/* Futhark's Atom: an operand, an argument, the array of an index. */
static void print_atom(struct printer *pr, const struct exp *e) {
  if (is_atom(e)) {
    print_exp(pr, e);
  } else {
    print_parens(pr, e);
  }
}

/* Futhark's Exp2 in an index, where `:` and `]` must end it. */
static void print_exp2(struct printer *pr, const struct exp *e) {
  if (is_open_ended(e)) {
    print_parens(pr, e);
  } else {
    print_exp(pr, e);
  }
}

static void print_indices(struct printer *pr, const struct dim_index *indices, int count) {
  for (int i = 0; i < count; i++) {
    const struct dim_index *d = &indices[i];
    put(pr, i > 0 ? ", " : "");
    if (!d->is_slice) {
      print_exp2(pr, d->fixed);
      continue;
    }
    if (d->start != NULL) {
      print_exp2(pr, d->start);
    }
    put(pr, ":");
    if (d->end != NULL) {
      print_exp2(pr, d->end);
    }
    if (d->stride != NULL) {
      put(pr, ":");
      print_exp2(pr, d->stride);
    }
  }
}

static void print_exps(struct printer *pr, struct exp *const *exps, int count) {
  for (int i = 0; i < count; i++) {
    put(pr, i > 0 ? ", " : "");
    print_exp(pr, exps[i]);
  }
}

/* e.f: a variable needs parentheses (x.f would be a qualified name), and so does
 * a number (1.0 would be a float). */
static void print_project(struct printer *pr, const struct exp *e) {
  const struct exp *inner = e->u.project.exp;
  bool numeric_field = e->u.project.field[0] >= '0' && e->u.project.field[0] <= '9';
  if ((inner->kind == EXP_VAR && !numeric_field) || inner->kind == EXP_INT ||
      inner->kind == EXP_FLOAT) {
    print_parens(pr, inner);
  } else {
    print_atom(pr, inner);
  }
  strbuf_printf(pr->out, ".%s", e->u.project.field);
}

static void print_index(struct printer *pr, const struct exp *e) {
  const struct exp *array = e->u.index.array;
  if (array->kind == EXP_RECORD) {
    print_parens(pr, array);
  } else {
    print_atom(pr, array);
  }
  put(pr, "[");
  print_indices(pr, e->u.index.indices, e->u.index.count);
  put(pr, "]");
}

/* a[i].b: a field step after the first is written with its dot. */
static void print_steps(struct printer *pr, const struct path_step *steps, int count) {
  for (int i = 0; i < count; i++) {
    const struct path_step *st = &steps[i];
    if (st->is_index) {
      put(pr, "[");
      print_indices(pr, st->indices, st->count);
      put(pr, "]");
    } else {
      strbuf_printf(pr->out, "%s%s", i > 0 ? "." : "", st->field);
    }
  }
}

static void print_update_path(struct printer *pr, const struct exp *e) {
  print_atom(pr, e->u.update_path.source);
  put(pr, " with ");
  print_steps(pr, e->u.update_path.steps, e->u.update_path.step_count);
  put(pr, " = ");
  print_atom(pr, e->u.update_path.value);
}

static void print_record(struct printer *pr, const struct exp *e) {
  put(pr, "{");
  for (int i = 0; i < e->u.record.count; i++) {
    const struct exp_field *f = &e->u.record.fields[i];
    put(pr, i > 0 ? ", " : "");
    put(pr, f->name);
    if (f->value != NULL) {
      put(pr, " = ");
      print_exp(pr, f->value);
    }
  }
  put(pr, "}");
}

static void print_section(struct printer *pr, const struct exp *e) {
  put(pr, "(");
  if (e->kind == EXP_SECTION_LEFT) {
    print_atom(pr, e->u.section.operand);
    put(pr, " ");
  }
  put_operator(pr, &e->u.section.op);
  if (e->kind == EXP_SECTION_RIGHT) {
    put(pr, " ");
    print_atom(pr, e->u.section.operand);
  }
  put(pr, ")");
}

/* let ... in, then the body on the next line. */
static void print_let_body(struct printer *pr, const struct exp *body) {
  put(pr, " in");
  newline(pr);
  print_exp(pr, body);
}

static void print_let(struct printer *pr, const struct exp *e) {
  put(pr, "let");
  for (int i = 0; i < e->u.let.size_count; i++) {
    strbuf_printf(pr->out, " [%s]", e->u.let.sizes[i]);
  }
  put(pr, " ");
  print_pat(pr, e->u.let.pat);
  put(pr, " = ");
  print_exp(pr, e->u.let.value);
  print_let_body(pr, e->u.let.body);
}

static void print_let_fun(struct printer *pr, const struct exp *e) {
  strbuf_printf(pr->out, "let %s", e->u.let_fun.name);
  put_type_params(pr, e->u.let_fun.type_params, e->u.let_fun.type_param_count);
  print_params(pr, e->u.let_fun.params, e->u.let_fun.param_count);
  if (e->u.let_fun.ret != NULL) {
    put(pr, " : ");
    print_type(pr, e->u.let_fun.ret);
  }
  put(pr, " = ");
  print_exp(pr, e->u.let_fun.value);
  print_let_body(pr, e->u.let_fun.body);
}

static void print_let_with(struct printer *pr, const struct exp *e) {
  strbuf_printf(pr->out, "let %s[", e->u.let_with.name);
  print_indices(pr, e->u.let_with.indices, e->u.let_with.count);
  put(pr, "] = ");
  print_exp(pr, e->u.let_with.value);
  print_let_body(pr, e->u.let_with.body);
}

static void print_loop(struct printer *pr, const struct exp *e) {
  put(pr, "loop ");
  print_pat(pr, e->u.loop.pat);
  if (e->u.loop.init != NULL) {
    put(pr, " = ");
    print_exp(pr, e->u.loop.init);
  }
  switch (e->u.loop.form) {
  case LOOP_FOR:
    strbuf_printf(pr->out, " for %s < ", e->u.loop.index_name);
    print_exp(pr, e->u.loop.bound);
    break;
  case LOOP_FOR_IN:
    put(pr, " for ");
    print_pat(pr, e->u.loop.for_in_pat);
    put(pr, " in ");
    print_exp(pr, e->u.loop.for_in_array);
    break;
  case LOOP_WHILE:
    put(pr, " while ");
    print_exp(pr, e->u.loop.bound);
    break;
  }
  put(pr, " do");
  pr->indent++;
  newline(pr);
  print_exp(pr, e->u.loop.body);
  pr->indent--;
}

static void print_lambda(struct printer *pr, const struct exp *e) {
  put(pr, "\\");
  for (int i = 0; i < e->u.lambda.param_count; i++) {
    put(pr, i > 0 ? " " : "");
    print_param_pat(pr, e->u.lambda.params[i]);
  }
  if (e->u.lambda.ret != NULL) {
    put(pr, " : ");
    print_type_term(pr, e->u.lambda.ret);
  }
  put(pr, " -> ");
  print_exp(pr, e->u.lambda.body);
}

static void print_binop(struct printer *pr, const struct exp *e) {
  print_atom(pr, e->u.binop.lhs);
  put(pr, " ");
  put_operator(pr, &e->u.binop.op);
  put(pr, " ");
  print_atom(pr, e->u.binop.rhs);
}

static void print_apply(struct printer *pr, const struct exp *e) {
  print_atom(pr, e->u.apply.fn);
  for (int i = 0; i < e->u.apply.count; i++) {
    put(pr, " ");
    print_atom(pr, e->u.apply.args[i]);
  }
}

/* Each operand of a range in parentheses: the range binds more loosely than any. */
static void print_range(struct printer *pr, const struct exp *e) {
  static const char *const ends[] = {[RANGE_TO] = "...", [RANGE_UP] = "..<",
                                     [RANGE_DOWN] = "..>"};
  print_parens(pr, e->u.range.start);
  if (e->u.range.second != NULL) {
    put(pr, "..");
    print_parens(pr, e->u.range.second);
  }
  put(pr, ends[e->u.range.end_kind]);
  print_parens(pr, e->u.range.end);
}

static void print_exp(struct printer *pr, const struct exp *e) {
  diag_checkpoint(e->loc);
  switch (e->kind) {
  case EXP_INT:
    strbuf_printf(pr->out, "%" PRIu64 "%s", e->u.int_lit.value,
                  e->u.int_lit.suffix == PRIM_NONE ? "" : prim_name(e->u.int_lit.suffix));
    break;
  case EXP_FLOAT:
    strbuf_printf(pr->out, "%s%s", e->u.float_lit.text,
                  e->u.float_lit.suffix == PRIM_NONE ? "" : prim_name(e->u.float_lit.suffix));
    break;
  case EXP_BOOL:
    put(pr, e->u.bool_lit ? "true" : "false");
    break;
  case EXP_VAR:
    put_qual_name(pr, &e->u.var.name);
    break;
  case EXP_TUPLE:
    put(pr, "(");
    print_exps(pr, e->u.list.elems, e->u.list.count);
    put(pr, ")");
    break;
  case EXP_RECORD:
    print_record(pr, e);
    break;
  case EXP_ARRAY:
    put(pr, "[");
    print_exps(pr, e->u.list.elems, e->u.list.count);
    put(pr, "]");
    break;
  case EXP_PROJECT:
    print_project(pr, e);
    break;
  case EXP_INDEX:
    print_index(pr, e);
    break;
  case EXP_UPDATE:
    print_atom(pr, e->u.update.array);
    put(pr, " with [");
    print_indices(pr, e->u.update.indices, e->u.update.count);
    put(pr, "] = ");
    print_atom(pr, e->u.update.value);
    break;
  case EXP_RECORD_UPDATE:
    print_atom(pr, e->u.record_update.record);
    put(pr, " with ");
    for (int i = 0; i < e->u.record_update.path_len; i++) {
      strbuf_printf(pr->out, "%s%s", i > 0 ? "." : "", e->u.record_update.path[i]);
    }
    put(pr, " = ");
    print_atom(pr, e->u.record_update.value);
    break;
  case EXP_UPDATE_PATH:
    print_update_path(pr, e);
    break;
  case EXP_SECTION_PATH:
    put(pr, "(.");
    print_steps(pr, e->u.section_path.steps, e->u.section_path.step_count);
    put(pr, ")");
    break;
  case EXP_APPLY:
    print_apply(pr, e);
    break;
  case EXP_BINOP:
    print_binop(pr, e);
    break;
  case EXP_NEGATE:
  case EXP_NOT:
    put(pr, e->kind == EXP_NEGATE ? "-" : "!");
    print_atom(pr, e->u.unary);
    break;
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    print_section(pr, e);
    break;
  case EXP_SECTION_PROJECT:
    put(pr, "(");
    for (int i = 0; i < e->u.section_project.count; i++) {
      strbuf_printf(pr->out, ".%s", e->u.section_project.fields[i]);
    }
    put(pr, ")");
    break;
  case EXP_SECTION_INDEX:
    put(pr, "(.[");
    print_indices(pr, e->u.section_index.indices, e->u.section_index.count);
    put(pr, "])");
    break;
  case EXP_LAMBDA:
    print_lambda(pr, e);
    break;
  case EXP_LET:
    print_let(pr, e);
    break;
  case EXP_LET_FUN:
    print_let_fun(pr, e);
    break;
  case EXP_LET_WITH:
    print_let_with(pr, e);
    break;
  case EXP_IF:
    put(pr, "if ");
    print_exp(pr, e->u.if_.cond);
    put(pr, " then ");
    print_exp(pr, e->u.if_.then_branch);
    put(pr, " else ");
    print_exp(pr, e->u.if_.else_branch);
    break;
  case EXP_LOOP:
    print_loop(pr, e);
    break;
  case EXP_ASSERT:
    put(pr, "assert ");
    print_atom(pr, e->u.assert_.cond);
    put(pr, " ");
    print_atom(pr, e->u.assert_.exp);
    break;
  case EXP_ASCRIPT:
  case EXP_COERCE:
    print_atom(pr, e->u.ascript.exp);
    put(pr, e->kind == EXP_ASCRIPT ? " : " : " :> ");
    print_type(pr, e->u.ascript.type);
    break;
  case EXP_ATTR:
    put(pr, "#[");
    put_attr(pr, e->u.attr.attr);
    put(pr, "] ");
    print_exp(pr, e->u.attr.exp);
    break;
  case EXP_QUAL_PARENS:
    put_qual_name(pr, &e->u.qual_parens.module);
    put(pr, ".");
    print_parens(pr, e->u.qual_parens.exp);
    break;
  case EXP_RANGE:
    print_range(pr, e);
    break;
  case EXP_HOLE:
    put(pr, "???");
    break;
  }
}

/* --------------------------------------------------------------- Modules */

static void print_dec(struct printer *pr, const struct dec *d);
static void print_mod_type(struct printer *pr, const struct mod_type_exp *m);

static void print_spec(struct printer *pr, const struct spec *s) {
  put_doc(pr, s->doc);
  switch (s->kind) {
  case SPEC_VAL:
    strbuf_printf(pr->out, "val %s", s->name);
    put_type_params(pr, s->type_params, s->type_param_count);
    put(pr, " : ");
    print_type(pr, s->type);
    break;
  case SPEC_TYPE:
    strbuf_printf(pr->out, "type%s %s", liftedness_mark(s->liftedness), s->name);
    put_type_params(pr, s->type_params, s->type_param_count);
    if (s->type != NULL) {
      put(pr, " = ");
      print_type(pr, s->type);
    }
    break;
  case SPEC_MODULE:
    strbuf_printf(pr->out, "module %s : ", s->name);
    print_mod_type(pr, s->mod_type);
    break;
  case SPEC_INCLUDE:
    put(pr, "include ");
    print_mod_type(pr, s->mod_type);
    break;
  }
}

static void print_mod_type_operand(struct printer *pr, const struct mod_type_exp *m) {
  if (m->kind == MTE_ARROW || m->kind == MTE_WITH) {
    put(pr, "(");
    print_mod_type(pr, m);
    put(pr, ")");
  } else {
    print_mod_type(pr, m);
  }
}

static void print_mod_type(struct printer *pr, const struct mod_type_exp *m) {
  switch (m->kind) {
  case MTE_VAR:
    put_qual_name(pr, &m->u.var);
    break;
  case MTE_SPECS:
    open_block(pr);
    for (int i = 0; i < m->u.specs.count; i++) {
      newline(pr);
      print_spec(pr, m->u.specs.specs[i]);
    }
    close_block(pr, m->u.specs.count);
    break;
  case MTE_WITH:
    if (m->u.with.base->kind == MTE_ARROW) {
      print_mod_type_operand(pr, m->u.with.base);
    } else {
      print_mod_type(pr, m->u.with.base);
    }
    put(pr, " with ");
    put_qual_name(pr, &m->u.with.type_name);
    put_type_params(pr, m->u.with.type_params, m->u.with.type_param_count);
    put(pr, " = ");
    print_type_term(pr, m->u.with.type);
    break;
  case MTE_ARROW:
    if (m->u.arrow.param_name != NULL) {
      strbuf_printf(pr->out, "(%s : ", m->u.arrow.param_name);
      print_mod_type(pr, m->u.arrow.param);
      put(pr, ")");
    } else {
      print_mod_type_operand(pr, m->u.arrow.param);
    }
    put(pr, " -> ");
    print_mod_type(pr, m->u.arrow.result);
    break;
  }
}

static void print_mod(struct printer *pr, const struct mod_exp *m);

static void print_mod_param(struct printer *pr, const struct mod_param *param) {
  strbuf_printf(pr->out, "(%s : ", param->name);
  print_mod_type(pr, param->type);
  put(pr, ")");
}

static void print_mod(struct printer *pr, const struct mod_exp *m) {
  switch (m->kind) {
  case MOD_VAR:
    put_qual_name(pr, &m->u.var);
    break;
  case MOD_DECS:
    open_block(pr);
    for (int i = 0; i < m->u.decs.count; i++) {
      newline(pr);
      print_dec(pr, m->u.decs.decs[i]);
    }
    close_block(pr, m->u.decs.count);
    break;
  case MOD_APPLY: {
    const struct mod_exp *fn = m->u.apply.fn;
    bool bare = fn->kind == MOD_APPLY || fn->kind == MOD_VAR || fn->kind == MOD_DECS;
    put(pr, bare ? "" : "(");
    print_mod(pr, fn);
    put(pr, bare ? "(" : ")(");
    print_mod(pr, m->u.apply.arg);
    put(pr, ")");
    break;
  }
  case MOD_ASCRIPT:
    if (m->u.ascript.mod->kind == MOD_LAMBDA) {
      put(pr, "(");
      print_mod(pr, m->u.ascript.mod);
      put(pr, ")");
    } else {
      print_mod(pr, m->u.ascript.mod);
    }
    put(pr, " : ");
    print_mod_type(pr, m->u.ascript.type);
    break;
  case MOD_LAMBDA:
    put(pr, "\\");
    print_mod_param(pr, &m->u.lambda.param);
    if (m->u.lambda.result != NULL) {
      bool bare = m->u.lambda.result->kind == MTE_VAR;
      put(pr, bare ? " : " : " : (");
      print_mod_type(pr, m->u.lambda.result);
      put(pr, bare ? "" : ")");
    }
    put(pr, " -> ");
    print_mod(pr, m->u.lambda.body);
    break;
  case MOD_IMPORT:
    put(pr, "import ");
    put_string(pr, m->u.import.path);
    break;
  }
}

/* ---------------------------------------------------------- Declarations */

static void print_val_dec(struct printer *pr, const struct dec *d) {
  put(pr, d->u.val.is_entry ? "entry " : "def ");
  put_binding_name(pr, d->u.val.name);
  put_type_params(pr, d->u.val.type_params, d->u.val.type_param_count);
  print_params(pr, d->u.val.params, d->u.val.param_count);
  if (d->u.val.ret != NULL) {
    put(pr, " : ");
    print_type(pr, d->u.val.ret);
  }
  put(pr, " =");
  pr->indent++;
  if (is_atom(d->u.val.body)) {
    put(pr, " ");
  } else {
    newline(pr);
  }
  print_exp(pr, d->u.val.body);
  pr->indent--;
}

static void print_dec(struct printer *pr, const struct dec *d) {
  put_doc(pr, d->doc);
  for (int i = 0; i < d->attr_count; i++) {
    put(pr, "#[");
    put_attr(pr, d->attrs[i]);
    put(pr, "]");
    newline(pr);
  }
  switch (d->kind) {
  case DEC_VAL:
    print_val_dec(pr, d);
    break;
  case DEC_TYPE:
    strbuf_printf(pr->out, "type%s %s", liftedness_mark(d->u.type.liftedness), d->u.type.name);
    put_type_params(pr, d->u.type.type_params, d->u.type.type_param_count);
    put(pr, " = ");
    print_type(pr, d->u.type.type);
    break;
  case DEC_MOD_TYPE:
    strbuf_printf(pr->out, "module type %s = ", d->u.mod_type.name);
    print_mod_type(pr, d->u.mod_type.type);
    break;
  case DEC_MOD:
    strbuf_printf(pr->out, "module %s", d->u.mod.name);
    for (int i = 0; i < d->u.mod.param_count; i++) {
      put(pr, " ");
      print_mod_param(pr, &d->u.mod.params[i]);
    }
    if (d->u.mod.type != NULL) {
      put(pr, " : ");
      print_mod_type(pr, d->u.mod.type);
    }
    put(pr, " = ");
    print_mod(pr, d->u.mod.body);
    break;
  case DEC_OPEN:
    put(pr, "open ");
    print_mod(pr, d->u.open);
    break;
  case DEC_IMPORT:
    put(pr, "import ");
    put_string(pr, d->u.import.path);
    break;
  case DEC_LOCAL:
    put(pr, "local ");
    print_dec(pr, d->u.local);
    break;
  }
}

/* ---------------------------------------------------------- Entry points */

void ast_print_program(struct strbuf *out, const struct program *p) {
  struct printer pr = {out, 0};
  if (p->doc != NULL) {
    put_doc(&pr, p->doc);
    if (p->count > 0) {
      newline(&pr);
    }
  }
  for (int i = 0; i < p->count; i++) {
    if (i > 0) {
      newline(&pr);
    }
    print_dec(&pr, p->decs[i]);
    newline(&pr);
  }
}

void ast_print_exp(struct strbuf *out, const struct exp *e) {
  struct printer pr = {out, 0};
  print_exp(&pr, e);
}

void ast_print_type_exp(struct strbuf *out, const struct type_exp *t) {
  struct printer pr = {out, 0};
  print_type(&pr, t);
}

void ast_print_pat(struct strbuf *out, const struct pat *p) {
  struct printer pr = {out, 0};
  print_pat(&pr, p);
}
