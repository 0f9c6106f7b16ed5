/* Printing core IR as text (prismc dump --after internalise/simplify/fusion) and
 * counting its constructs (--structure).
 *
 * The text is for people and tests, not for reading back:
 *
 *   entry main_0 (n_1: i64, xs_2: [n_1]f32): ([n_1]f32) {
 *     let (ys_3: [n_1]f32) = map(n_1, xs_2) \(x_4: f32): (f32) {
 *       let (y_5: f32) = x_4 * 2.0f32
 *       in (y_5)
 *     }
 *     in (ys_3)
 *   }
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

static void print_body(struct strbuf *out, const struct ir_body *b, int depth);

static void print_const(struct strbuf *out, struct ir_const c) {
  switch (c.prim) {
  case PRIM_BOOL:
    strbuf_puts(out, c.v.b ? "true" : "false");
    return;
  case PRIM_F16:
  case PRIM_F32:
  case PRIM_F64: {
    double v = ir_const_float_value(c);
    if (isnan(v)) {
      strbuf_printf(out, "%s.nan", prim_name(c.prim));
    } else if (isinf(v)) {
      strbuf_printf(out, "%s%s.inf", v < 0 ? "-" : "", prim_name(c.prim));
    } else {
      int digits = c.prim == PRIM_F16 ? 5 : c.prim == PRIM_F32 ? 9 : 17;
      strbuf_printf(out, "%.*g%s", digits, v, prim_name(c.prim));
    }
    return;
  }
  default:
    if (prim_is_signed(c.prim)) {
      strbuf_printf(out, "%" PRId64 "%s", (int64_t)c.v.i, prim_name(c.prim));
    } else {
      strbuf_printf(out, "%" PRIu64 "%s", c.v.i, prim_name(c.prim));
    }
    return;
  }
}

static void print_var(struct strbuf *out, const struct ir_var *v) {
  strbuf_printf(out, "%s_%d", v->name, v->id);
}

void ir_print_subexp(struct strbuf *out, struct ir_subexp se) {
  switch (se.kind) {
  case IR_SE_NONE:
    strbuf_puts(out, "?");
    return;
  case IR_SE_CONST:
    print_const(out, se.u.c);
    return;
  case IR_SE_VAR:
    print_var(out, se.u.var);
    return;
  }
}

void ir_print_type(struct strbuf *out, struct ir_type t) {
  if (t.unique) {
    strbuf_putc(out, '*');
  }
  for (int i = 0; i < t.rank; i++) {
    strbuf_putc(out, '[');
    if (t.dims[i].kind == IR_SE_CONST) {
      strbuf_printf(out, "%" PRId64, (int64_t)t.dims[i].u.c.v.i);
    } else if (t.dims[i].kind == IR_SE_VAR) {
      print_var(out, t.dims[i].u.var);
    }
    strbuf_putc(out, ']');
  }
  strbuf_puts(out, prim_name(t.prim));
}

/* Prints items[0..n) separated by ", ", each with print_one(out, item). */
#define PRINT_LIST(out, items, n, print_one)                                   \
  for (int i_ = 0; i_ < (n); i_++) {                                           \
    strbuf_puts(out, i_ > 0 ? ", " : "");                                      \
    print_one(out, (items)[i_]);                                               \
  }

static void print_subexps(struct strbuf *out, const struct ir_subexp *ses, int n) {
  PRINT_LIST(out, ses, n, ir_print_subexp);
}

static void print_vars(struct strbuf *out, struct ir_var *const *vs, int n) {
  PRINT_LIST(out, vs, n, print_var);
}

/* v: type */
static void print_typed_var(struct strbuf *out, const struct ir_var *v) {
  print_var(out, v);
  strbuf_puts(out, ": ");
  ir_print_type(out, v->type);
}

static void print_typed_vars(struct strbuf *out, struct ir_var *const *vs, int n) {
  strbuf_putc(out, '(');
  PRINT_LIST(out, vs, n, print_typed_var);
  strbuf_putc(out, ')');
}

static void print_types(struct strbuf *out, const struct ir_type *ts, int n) {
  strbuf_putc(out, '(');
  PRINT_LIST(out, ts, n, ir_print_type);
  strbuf_putc(out, ')');
}

static void print_dims(struct strbuf *out, const struct ir_dim_index *d, int n) {
  strbuf_putc(out, '[');
  for (int i = 0; i < n; i++) {
    strbuf_puts(out, i > 0 ? ", " : "");
    if (!d[i].is_slice) {
      ir_print_subexp(out, d[i].fixed);
      continue;
    }
    if (d[i].start.kind != IR_SE_NONE) {
      ir_print_subexp(out, d[i].start);
    }
    strbuf_putc(out, ':');
    if (d[i].end.kind != IR_SE_NONE) {
      ir_print_subexp(out, d[i].end);
    }
    if (d[i].stride.kind != IR_SE_NONE) {
      strbuf_putc(out, ':');
      ir_print_subexp(out, d[i].stride);
    }
  }
  strbuf_putc(out, ']');
}

static void print_lambda(struct strbuf *out, const struct ir_lambda *l, int depth) {
  strbuf_puts(out, "\\");
  print_typed_vars(out, l->params, l->param_count);
  if (l->index != NULL) {
    strbuf_puts(out, " at ");
    print_var(out, l->index);
  }
  strbuf_puts(out, ": ");
  print_types(out, l->ret, l->ret_count);
  strbuf_puts(out, " ");
  print_body(out, l->body, depth);
}

/* A SOAC's lambda on a line of its own after its role; nothing where there is none. */
static void print_soac_lambda(struct strbuf *out, const char *role, const struct ir_lambda *l,
                              int depth) {
  if (l != NULL) {
    strbuf_puts(out, "\n");
    strbuf_indent(out, depth);
    strbuf_printf(out, "%s ", role);
    print_lambda(out, l, depth);
  }
}

static void print_soac(struct strbuf *out, const struct ir_soac *s, int depth) {
  strbuf_printf(out, "%s%s(", ir_soac_kind_name(s->kind), s->commutative ? "_comm" : "");
  ir_print_subexp(out, s->width);
  if (s->dest_count > 0) {
    strbuf_puts(out, "; dests ");
    print_vars(out, s->dests, s->dest_count);
    for (int d = 0; s->dest_writes != NULL && d < s->dest_count; d++) {
      strbuf_printf(out, "%s%d", d == 0 ? " writes " : ",", s->dest_writes[d]);
    }
  }
  if (s->input_count > 0) {
    strbuf_puts(out, "; ");
    print_vars(out, s->inputs, s->input_count);
  }
  if (s->neutral_count > 0) {
    strbuf_puts(out, "; neutral ");
    print_subexps(out, s->neutral, s->neutral_count);
  }
  strbuf_puts(out, ")");
  print_soac_lambda(out, "map", s->map_fn, depth + 1);
  print_soac_lambda(out, "op", s->op, depth + 1);
}

static void print_loop(struct strbuf *out, const struct ir_loop *l, int depth) {
  strbuf_puts(out, l->unroll ? "loop #[unroll] (" : "loop (");
  for (int i = 0; i < l->param_count; i++) {
    strbuf_puts(out, i > 0 ? ", " : "");
    print_typed_var(out, l->params[i]);
    strbuf_puts(out, " = ");
    ir_print_subexp(out, l->inits[i]);
  }
  strbuf_puts(out, ")");
  if (l->is_while) {
    strbuf_puts(out, " while ");
    print_var(out, l->cond);
  } else {
    strbuf_puts(out, " for ");
    print_typed_var(out, l->index);
    strbuf_puts(out, " < ");
    ir_print_subexp(out, l->bound);
  }
  strbuf_puts(out, " do ");
  print_body(out, l->body, depth);
}

static void print_exp(struct strbuf *out, const struct ir_stm *s, int depth) {
  const struct ir_exp *e = &s->exp;
  switch (e->kind) {
  case IR_SUBEXP:
    ir_print_subexp(out, e->u.se);
    return;
  case IR_UNOP:
    strbuf_printf(out, "%s ", ir_unop_name(e->u.unop.op));
    ir_print_subexp(out, e->u.unop.operand);
    return;
  case IR_BINOP:
    if (isalpha((unsigned char)ir_binop_name(e->u.binop.op)[0])) {
      strbuf_printf(out, "%s(", ir_binop_name(e->u.binop.op));
      ir_print_subexp(out, e->u.binop.lhs);
      strbuf_puts(out, ", ");
      ir_print_subexp(out, e->u.binop.rhs);
      if (e->u.binop.addend.kind != IR_SE_NONE) {
        strbuf_puts(out, ", ");
        ir_print_subexp(out, e->u.binop.addend);
      }
      strbuf_puts(out, ")");
      return;
    }
    ir_print_subexp(out, e->u.binop.lhs);
    strbuf_printf(out, " %s ", ir_binop_name(e->u.binop.op));
    ir_print_subexp(out, e->u.binop.rhs);
    return;
  case IR_CONVERT:
    strbuf_printf(out, "%s.%s ", s->pat_count > 0 ? prim_name(s->pat[0]->type.prim) : "?",
                  prim_name(ir_subexp_type(e->u.convert.operand).prim));
    ir_print_subexp(out, e->u.convert.operand);
    return;
  case IR_SHAPE:
    strbuf_puts(out, "shape(");
    print_var(out, e->u.shape.array);
    strbuf_printf(out, ", %d)", e->u.shape.dim);
    return;
  case IR_INDEX:
  case IR_SLICE:
    print_var(out, e->u.index.array);
    print_dims(out, e->u.index.dims, e->u.index.count);
    return;
  case IR_UPDATE:
    print_var(out, e->u.update.array);
    strbuf_puts(out, " with ");
    print_dims(out, e->u.update.dims, e->u.update.count);
    strbuf_puts(out, " = ");
    ir_print_subexp(out, e->u.update.value);
    return;
  case IR_IOTA:
    strbuf_puts(out, "iota ");
    ir_print_subexp(out, e->u.iota.n);
    return;
  case IR_REPLICATE:
    strbuf_puts(out, "replicate([");
    print_subexps(out, e->u.replicate.dims, e->u.replicate.count);
    strbuf_puts(out, "], ");
    ir_print_subexp(out, e->u.replicate.value);
    strbuf_puts(out, ")");
    return;
  case IR_ARRAY_LIT:
    strbuf_puts(out, "[");
    print_subexps(out, e->u.array_lit.elems, e->u.array_lit.count);
    strbuf_puts(out, "]: []");
    ir_print_type(out, e->u.array_lit.row);
    return;
  case IR_REARRANGE:
    strbuf_puts(out, "rearrange((");
    for (int i = 0; i < e->u.rearrange.rank; i++) {
      strbuf_printf(out, "%s%d", i > 0 ? ", " : "", e->u.rearrange.perm[i]);
    }
    strbuf_puts(out, "), ");
    print_var(out, e->u.rearrange.array);
    strbuf_puts(out, ")");
    return;
  case IR_RESHAPE:
    strbuf_puts(out, "reshape([");
    print_subexps(out, e->u.reshape.dims, e->u.reshape.count);
    strbuf_puts(out, "], ");
    print_var(out, e->u.reshape.array);
    strbuf_puts(out, ")");
    return;
  case IR_CONCAT:
    strbuf_puts(out, "concat(");
    print_vars(out, e->u.concat.arrays, e->u.concat.count);
    strbuf_puts(out, ")");
    return;
  case IR_COPY:
    strbuf_puts(out, "copy ");
    print_var(out, e->u.copy);
    return;
  case IR_ASSERT:
    strbuf_puts(out, "assert(");
    ir_print_subexp(out, e->u.assert_.cond);
    strbuf_printf(out, ", \"%s\")", e->u.assert_.message);
    return;
  case IR_APPLY:
    strbuf_printf(out, "%s(", e->u.apply.fun->name);
    print_subexps(out, e->u.apply.args, e->u.apply.count);
    strbuf_puts(out, ")");
    return;
  case IR_IF:
    strbuf_puts(out, "if ");
    ir_print_subexp(out, e->u.if_.cond);
    strbuf_puts(out, " then ");
    print_body(out, e->u.if_.then_body, depth);
    strbuf_puts(out, " else ");
    print_body(out, e->u.if_.else_body, depth);
    return;
  case IR_LOOP:
    print_loop(out, &e->u.loop, depth);
    return;
  case IR_SOAC:
    print_soac(out, &e->u.soac, depth);
    return;
  }
}

static void print_stm(struct strbuf *out, const struct ir_stm *s, int depth) {
  diag_checkpoint(s->loc);
  strbuf_indent(out, depth);
  strbuf_puts(out, "let ");
  if (s->unsafe) {
    strbuf_puts(out, "#[unsafe] ");
  }
  print_typed_vars(out, s->pat, s->pat_count);
  strbuf_puts(out, " = ");
  print_exp(out, s, depth);
  strbuf_putc(out, '\n');
}

static void print_body(struct strbuf *out, const struct ir_body *b, int depth) {
  strbuf_puts(out, "{\n");
  for (int i = 0; i < b->stm_count; i++) {
    print_stm(out, b->stms[i], depth + 1);
  }
  strbuf_indent(out, depth + 1);
  strbuf_puts(out, "in (");
  print_subexps(out, b->results, b->result_count);
  strbuf_puts(out, ")\n");
  strbuf_indent(out, depth);
  strbuf_puts(out, "}");
}

void ir_print_program(struct strbuf *out, const struct ir_program *p) {
  for (int i = 0; i < p->fun_count; i++) {
    const struct ir_fun *f = p->funs[i];
    if (f->entry != NULL) {
      strbuf_printf(out, "entry \"%s\" ", f->entry->name);
    } else {
      strbuf_puts(out, "fun ");
    }
    strbuf_printf(out, "%s ", f->name);
    print_typed_vars(out, f->params, f->param_count);
    strbuf_puts(out, ": ");
    print_types(out, f->ret, f->ret_count);
    strbuf_puts(out, " ");
    print_body(out, f->body, 0);
    strbuf_puts(out, "\n\n");
  }
}

/* ------------------------------------------------------------------- Structure */

/* Counts per construct name, kept in a small sorted table. */
struct structure_count {
  const char *name;
  int count;
};

struct structure {
  struct structure_count items[64];
  int len;
  int inner; /* how many loop bodies and lambdas the statements counted are in */
};

static void count(struct structure *st, const char *name) {
  for (int i = 0; i < st->len; i++) {
    if (strcmp(st->items[i].name, name) == 0) {
      st->items[i].count++;
      return;
    }
  }
  if (st->len < (int)(sizeof st->items / sizeof *st->items)) {
    st->items[st->len++] = (struct structure_count){name, 1};
  }
}

static void count_body(struct structure *st, const struct ir_body *b);

static void count_inner(struct structure *st, const struct ir_body *b) {
  st->inner++;
  count_body(st, b);
  st->inner--;
}

static void count_lambda(struct structure *st, const struct ir_lambda *l) {
  if (l != NULL) {
    count_inner(st, l->body);
  }
}

/* Whether the statement makes a new array (not a view, nor an array written in place). */
static bool makes_array(const struct ir_stm *stm) {
  bool arrays = false;
  for (int i = 0; i < stm->pat_count; i++) {
    arrays = arrays || stm->pat[i]->type.rank > 0;
  }
  switch (stm->exp.kind) {
  case IR_IOTA:
  case IR_REPLICATE:
  case IR_ARRAY_LIT:
  case IR_CONCAT:
  case IR_COPY:
    return true;
  case IR_SOAC:
    return arrays && stm->exp.u.soac.dest_count == 0;
  default:
    return false;
  }
}

static void count_body(struct structure *st, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_exp *e = &b->stms[i]->exp;
    if (st->inner > 0 && makes_array(b->stms[i])) {
      count(st, "inner_array"); /* made once per pass of a loop or per element */
    }
    switch (e->kind) {
    case IR_IF:
      count(st, "if");
      count_body(st, e->u.if_.then_body);
      count_body(st, e->u.if_.else_body);
      break;
    case IR_LOOP:
      count(st, "loop");
      count_inner(st, e->u.loop.body);
      break;
    case IR_SOAC:
      count(st, ir_soac_kind_name(e->u.soac.kind));
      count_lambda(st, e->u.soac.map_fn);
      count_lambda(st, e->u.soac.op);
      break;
    case IR_APPLY:
      count(st, "apply");
      break;
    case IR_INDEX:
      if (!b->stms[i]->unsafe) {
        count(st, "checked_index"); /* a read with a bounds check */
      }
      break;
    case IR_IOTA:
    case IR_REPLICATE:
    case IR_REARRANGE:
    case IR_RESHAPE:
    case IR_CONCAT:
    case IR_COPY:
    case IR_UPDATE:
    case IR_ARRAY_LIT:
      count(st, ir_exp_kind_name(e->kind));
      break;
    default:
      break;
    }
  }
}

static int compare_counts(const void *a, const void *b) {
  return strcmp(((const struct structure_count *)a)->name,
                ((const struct structure_count *)b)->name);
}

void ir_print_structure(struct strbuf *out, const struct ir_program *p) {
  struct structure st = {.len = 0};
  for (int i = 0; i < p->fun_count; i++) {
    count_body(&st, p->funs[i]->body);
  }
  qsort(st.items, (size_t)st.len, sizeof *st.items, compare_counts);
  for (int i = 0; i < st.len; i++) {
    strbuf_printf(out, "%s %d\n", st.items[i].name, st.items[i].count);
  }
}
