/* ir_verify: checks the invariants listed in ir/ir.h after every pass.
 *
 * Scoping and SSA are checked with two arrays indexed by variable id: `bound` (ever
 * bound: a second binding breaks SSA) and `visible` (bound in an enclosing body now).
 * Shapes of operands are checked where the IR states them (ranks, primitive types,
 * arities); sizes that are only known at run time are the backends' to check. A broken
 * invariant is an internal compiler error naming the pass that ran last. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "support/heap.h"

struct verifier {
  const struct ir_program *program;
  const char *pass;
  bool *bound, *visible;
  struct ir_var **stack; /* visible variables, innermost last */
  int stack_len, stack_cap;
  struct loc loc;        /* the statement being checked */
};

static _Noreturn void fail(struct verifier *v, const char *fmt, const char *detail) {
  char msg[512];
  snprintf(msg, sizeof msg, fmt, detail);
  heap_free(v->bound);
  heap_free(v->visible);
  heap_free(v->stack);
  diag_ice(v->pass, v->loc, "IR invariant broken: %s", msg);
}

static const char *var_text(const struct ir_var *x) {
  static char buf[160];
  snprintf(buf, sizeof buf, "%s_%d", x->name, x->id);
  return buf;
}

static void use_var(struct verifier *v, const struct ir_var *x) {
  if (x == NULL) {
    fail(v, "%s", "a missing variable");
  }
  if (x->id < 0 || x->id >= v->program->next_var_id || !v->visible[x->id]) {
    fail(v, "%s is used out of scope", var_text(x));
  }
}

static void use_subexp(struct verifier *v, struct ir_subexp se) {
  if (se.kind == IR_SE_VAR) {
    use_var(v, se.u.var);
  }
}

static void check_type(struct verifier *v, struct ir_type t) {
  if (t.prim == PRIM_NONE) {
    fail(v, "%s", "a type without a primitive type");
  }
  for (int i = 0; i < t.rank; i++) {
    use_subexp(v, t.dims[i]);
    if (t.dims[i].kind != IR_SE_NONE && ir_subexp_type(t.dims[i]).prim != PRIM_I64) {
      fail(v, "%s", "a dimension that is not an i64");
    }
  }
}

static void bind(struct verifier *v, struct ir_var *x) {
  if (x->id < 0 || x->id >= v->program->next_var_id) {
    fail(v, "%s has an id out of range", var_text(x));
  }
  if (v->bound[x->id]) {
    fail(v, "%s is bound twice", var_text(x));
  }
  check_type(v, x->type);
  v->bound[x->id] = true;
  v->visible[x->id] = true;
  v->stack = heap_grow(v->stack, &v->stack_cap, v->stack_len + 1, sizeof *v->stack);
  v->stack[v->stack_len++] = x;
}

static void unbind_to(struct verifier *v, int mark) {
  while (v->stack_len > mark) {
    v->visible[v->stack[--v->stack_len]->id] = false;
  }
}

static void check_body(struct verifier *v, const struct ir_body *b, int result_count);

static void check_lambda(struct verifier *v, const struct ir_lambda *l, int param_count) {
  if (l->param_count != param_count) {
    fail(v, "%s", "a lambda with the wrong number of parameters");
  }
  int mark = v->stack_len;
  for (int i = 0; i < l->param_count; i++) {
    bind(v, l->params[i]);
  }
  if (l->index != NULL) {
    if (l->index->type.rank != 0 || l->index->type.prim != PRIM_I64) {
      fail(v, "%s", "a lambda's index that is not an i64");
    }
    bind(v, l->index);
  }
  for (int i = 0; i < l->ret_count; i++) {
    check_type(v, l->ret[i]);
  }
  check_body(v, l->body, l->ret_count);
  unbind_to(v, mark);
}

static void check_array(struct verifier *v, const struct ir_var *x, int min_rank) {
  use_var(v, x);
  if (x->type.rank < min_rank) {
    fail(v, "%s is not an array of the rank needed", var_text(x));
  }
}

static void check_dims(struct verifier *v, const struct ir_var *array,
                       const struct ir_dim_index *d, int count) {
  check_array(v, array, count);
  for (int i = 0; i < count; i++) {
    use_subexp(v, d[i].fixed);
    use_subexp(v, d[i].start);
    use_subexp(v, d[i].end);
    use_subexp(v, d[i].stride);
  }
}

static void check_soac(struct verifier *v, const struct ir_soac *s, int pat_count) {
  use_subexp(v, s->width);
  for (int i = 0; i < s->input_count; i++) {
    check_array(v, s->inputs[i], 1);
  }
  for (int i = 0; i < s->dest_count; i++) {
    check_array(v, s->dests[i], 1);
  }
  for (int i = 0; i < s->neutral_count; i++) {
    use_subexp(v, s->neutral[i]);
  }
  if (s->map_fn != NULL) {
    check_lambda(v, s->map_fn, s->input_count);
  }
  if (s->op != NULL) {
    check_lambda(v, s->op, 2 * s->neutral_count);
    if (s->op->index != NULL) {
      fail(v, "%s", "an operator with an index");
    }
  }
  switch (s->kind) {
  case IR_SOAC_MAP:
    if (s->map_fn == NULL || pat_count != s->map_fn->ret_count) {
      fail(v, "%s", "a map whose results do not match its lambda");
    }
    break;
  case IR_SOAC_REDUCE:
  case IR_SOAC_SCAN:
    if (s->op == NULL || s->neutral_count != s->input_count || pat_count != s->input_count) {
      fail(v, "%s", "a reduce or scan with mismatched inputs, neutral elements or results");
    }
    break;
  case IR_SOAC_REDOMAP:
  case IR_SOAC_SCANOMAP:
    if (s->op == NULL || s->map_fn == NULL || s->map_fn->ret_count < s->neutral_count ||
        pat_count != s->map_fn->ret_count) {
      fail(v, "%s", "a redomap or scanomap with mismatched results");
    }
    break;
  case IR_SOAC_SCATTER:
  case IR_SOAC_HIST:
    if (s->map_fn == NULL || pat_count != s->dest_count) {
      fail(v, "%s", "a scatter or hist whose results do not match its destinations");
    }
    break;
  case IR_SOAC_FILTER:
    if (s->map_fn == NULL || s->map_fn->ret_count < 1 ||
        pat_count != s->map_fn->ret_count) {
      fail(v, "%s", "a filter with the wrong results");
    }
    break;
  }
}

static void check_loop(struct verifier *v, const struct ir_loop *l, int pat_count) {
  for (int i = 0; i < l->param_count; i++) {
    use_subexp(v, l->inits[i]);
  }
  if (pat_count != l->param_count) {
    fail(v, "%s", "a loop whose pattern does not match its parameters");
  }
  if (!l->is_while) {
    use_subexp(v, l->bound);
  }
  int mark = v->stack_len;
  for (int i = 0; i < l->param_count; i++) {
    bind(v, l->params[i]);
  }
  if (l->is_while) {
    bool found = false;
    for (int i = 0; i < l->param_count; i++) {
      found = found || l->params[i] == l->cond;
    }
    if (!found || l->cond->type.prim != PRIM_BOOL || l->cond->type.rank != 0) {
      fail(v, "%s", "a while loop whose condition is not a bool loop parameter");
    }
  } else {
    bind(v, l->index);
    if (!prim_is_int(l->index->type.prim) || l->index->type.rank != 0) {
      fail(v, "%s", "a for loop whose index is not an integer");
    }
  }
  check_body(v, l->body, l->param_count);
  unbind_to(v, mark);
}

static void check_binop(struct verifier *v, const struct ir_stm *s) {
  struct ir_type l = ir_subexp_type(s->exp.u.binop.lhs);
  struct ir_type r = ir_subexp_type(s->exp.u.binop.rhs);
  if (l.rank != 0 || r.rank != 0 || l.prim != r.prim) {
    fail(v, "%s", "a binary operator on operands of different types");
  }
  bool ternary = s->exp.u.binop.op == IR_BINOP_FMA;
  struct ir_type z = ir_subexp_type(s->exp.u.binop.addend);
  if (ternary != (s->exp.u.binop.addend.kind != IR_SE_NONE) ||
      (ternary && (z.rank != 0 || z.prim != l.prim))) {
    fail(v, "%s", "an addend on an operator other than fma, or one of another type");
  }
  if (s->pat_count != 1) {
    fail(v, "%s", "a binary operator with other than one result");
  }
  enum prim_type want = ir_binop_is_comparison(s->exp.u.binop.op) ? PRIM_BOOL : l.prim;
  if (s->pat[0]->type.prim != want) {
    fail(v, "%s", "a binary operator with a result of the wrong type");
  }
}

static void check_exp(struct verifier *v, const struct ir_stm *s) {
  const struct ir_exp *e = &s->exp;
  switch (e->kind) {
  case IR_SUBEXP:
    use_subexp(v, e->u.se);
    break;
  case IR_UNOP:
    use_subexp(v, e->u.unop.operand);
    break;
  case IR_BINOP:
    use_subexp(v, e->u.binop.lhs);
    use_subexp(v, e->u.binop.rhs);
    use_subexp(v, e->u.binop.addend);
    check_binop(v, s);
    break;
  case IR_CONVERT:
    use_subexp(v, e->u.convert.operand);
    break;
  case IR_SHAPE:
    check_array(v, e->u.shape.array, e->u.shape.dim + 1);
    break;
  case IR_INDEX:
  case IR_SLICE:
    check_dims(v, e->u.index.array, e->u.index.dims, e->u.index.count);
    break;
  case IR_UPDATE:
    check_dims(v, e->u.update.array, e->u.update.dims, e->u.update.count);
    use_subexp(v, e->u.update.value);
    break;
  case IR_IOTA:
    use_subexp(v, e->u.iota.n);
    break;
  case IR_REPLICATE:
    for (int i = 0; i < e->u.replicate.count; i++) {
      use_subexp(v, e->u.replicate.dims[i]);
    }
    use_subexp(v, e->u.replicate.value);
    break;
  case IR_ARRAY_LIT:
    for (int i = 0; i < e->u.array_lit.count; i++) {
      use_subexp(v, e->u.array_lit.elems[i]);
    }
    break;
  case IR_REARRANGE:
    check_array(v, e->u.rearrange.array, e->u.rearrange.rank);
    break;
  case IR_RESHAPE:
    check_array(v, e->u.reshape.array, 1);
    for (int i = 0; i < e->u.reshape.count; i++) {
      use_subexp(v, e->u.reshape.dims[i]);
    }
    break;
  case IR_CONCAT:
    for (int i = 0; i < e->u.concat.count; i++) {
      check_array(v, e->u.concat.arrays[i], 1);
    }
    break;
  case IR_COPY:
    use_var(v, e->u.copy);
    break;
  case IR_ASSERT:
    use_subexp(v, e->u.assert_.cond);
    break;
  case IR_APPLY:
    for (int i = 0; i < e->u.apply.count; i++) {
      use_subexp(v, e->u.apply.args[i]);
    }
    if (e->u.apply.count != e->u.apply.fun->param_count ||
        s->pat_count != e->u.apply.fun->ret_count) {
      fail(v, "a call of %s with the wrong number of arguments or results",
           e->u.apply.fun->name);
    }
    break;
  case IR_IF:
    use_subexp(v, e->u.if_.cond);
    check_body(v, e->u.if_.then_body, s->pat_count);
    check_body(v, e->u.if_.else_body, s->pat_count);
    break;
  case IR_LOOP:
    check_loop(v, &e->u.loop, s->pat_count);
    break;
  case IR_SOAC:
    check_soac(v, &e->u.soac, s->pat_count);
    break;
  }
}

static void check_body(struct verifier *v, const struct ir_body *b, int result_count) {
  int mark = v->stack_len;
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    v->loc = s->loc;
    diag_checkpoint(s->loc);
    check_exp(v, s);
    for (int j = 0; j < s->pat_count; j++) {
      bind(v, s->pat[j]);
    }
  }
  if (b->result_count != result_count) {
    fail(v, "%s", "a body with the wrong number of results");
  }
  for (int i = 0; i < b->result_count; i++) {
    use_subexp(v, b->results[i]);
  }
  unbind_to(v, mark);
}

void ir_verify(const struct ir_program *p, const char *pass) {
  struct verifier v = {.program = p, .pass = pass};
  size_t n = (size_t)p->next_var_id + 1;
  v.bound = heap_calloc(n, sizeof *v.bound);
  v.visible = heap_calloc(n, sizeof *v.visible);
  if (v.bound == NULL || v.visible == NULL) {
    heap_free(v.bound);
    heap_free(v.visible);
    diag_out_of_memory();
  }
  for (int i = 0; i < p->fun_count; i++) {
    const struct ir_fun *f = p->funs[i];
    v.loc = f->loc;
    int mark = v.stack_len;
    for (int j = 0; j < f->param_count; j++) {
      bind(&v, f->params[j]);
    }
    for (int j = 0; j < f->ret_count; j++) {
      check_type(&v, f->ret[j]);
    }
    check_body(&v, f->body, f->ret_count);
    unbind_to(&v, mark);
  }
  heap_free(v.bound);
  heap_free(v.visible);
  heap_free(v.stack);
}
