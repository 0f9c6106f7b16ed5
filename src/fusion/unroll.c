/* Full unrolling of loops and SOACs of a small constant width.
 *
 * A for loop whose bound is a constant K becomes K copies of its body (ir_copy_body:
 * fresh variables), copy i with the index bound to i and the parameters to the results
 * of copy i-1 (the initial values for copy 0); the loop's results are the last copy's.
 * A map, reduce or scan of constant width K whose inputs' types state the outer size
 * K becomes straight-line code: row j of each input is read at the constant index j
 * (or is j itself for iota, or element j of an array literal), the lambda's body is
 * copied per row, and a map's or scan's results are collected into array literals; a
 * reduce folds from the neutral element left to right, in the order the C backend's
 * loop does, so floats round the same. Later rules then fold the constant indices:
 * a literal read at a constant index is its element, and literals nobody reads die.
 *
 * Unrolled: K <= SIMPLIFY_UNROLL_WIDTH and K times the body's size within
 * SIMPLIFY_UNROLL_BUDGET, when the body holds no loop or SOAC (those inside unroll
 * first, as bodies are simplified before their statement); any K under #[unroll] (up
 * to SIMPLIFY_UNROLL_FORCED). A radix-r butterfly over [r] arrays thus becomes scalar
 * code with no array in memory. The copies run the same statements in the same order,
 * so errors are kept; each input's type guarantees the constant reads are in bounds.
 */
#include <string.h>

#include "fusion/simplify_internal.h"

#define SIMPLIFY_UNROLL_FORCED 4096

static bool has_loops(const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_exp *e = &b->stms[i]->exp;
    if (e->kind == IR_LOOP || e->kind == IR_SOAC) {
      return true;
    }
    if (e->kind == IR_IF && (has_loops(e->u.if_.then_body) || has_loops(e->u.if_.else_body))) {
      return true;
    }
  }
  return false;
}

static bool small_enough(const struct ir_body *b, int64_t width) {
  int64_t size = ir_body_size(b);
  return width <= SIMPLIFY_UNROLL_WIDTH &&
         width * (size > 0 ? size : 1) <= SIMPLIFY_UNROLL_BUDGET && !has_loops(b);
}

/* Simplifies a fresh copy of the body in the current frame; its results into out. */
static void emit_copy(struct simplifier *s, const struct ir_body *body, struct ir_subexp *out) {
  struct ir_body *copy = ir_copy_body_with(s->p, body, &s->renames);
  simplify_stms(s, copy);
  for (int i = 0; i < copy->result_count; i++) {
    out[i] = simplify_subexp(s, copy->results[i]);
  }
}

enum rewrite simplify_unroll_loop(struct simplifier *s, struct ir_stm *stm) {
  struct ir_loop *l = &stm->exp.u.loop;
  int64_t k;
  if (l->is_while || !const_int_value(l->bound, &k) || k <= 0 ||
      k > (l->unroll ? SIMPLIFY_UNROLL_FORCED : SIMPLIFY_UNROLL_WIDTH) ||
      (!l->unroll && !small_enough(l->body, k))) {
    return REWRITE_KEEP;
  }
  int n = l->param_count;
  struct ir_subexp *values = ARENA_ARRAY(s->p->arena, struct ir_subexp, n + 1);
  memcpy(values, l->inits, sizeof *values * (size_t)n);
  for (int64_t i = 0; i < k; i++) {
    simplify_bind(s, l->index, ir_se_const(ir_const_int(l->index->type.prim, i)));
    for (int j = 0; j < n; j++) {
      simplify_bind(s, l->params[j], values[j]);
    }
    emit_copy(s, l->body, values);
  }
  for (int j = 0; j < n; j++) {
    simplify_bind(s, stm->pat[j], values[j]);
  }
  return REWRITE_DROP;
}

/* Row j of an input of outer size K > j. */
static struct ir_subexp row_of(struct simplifier *s, struct ir_stm *stm, struct ir_var *input,
                               int64_t j) {
  struct ir_stm *def = simplify_def(s, ir_se_var(input), IR_IOTA);
  if (def != NULL) {
    return ir_se_const(ir_const_int(input->type.prim, j));
  }
  if ((def = simplify_def(s, ir_se_var(input), IR_ARRAY_LIT)) != NULL) {
    return def->exp.u.array_lit.elems[j];
  }
  struct ir_dim_index *dim = ARENA_NEW(s->p->arena, struct ir_dim_index);
  dim->fixed = ir_se_i64(j);
  struct ir_exp e = {.kind = IR_INDEX};
  e.u.index.array = input;
  e.u.index.dims = dim;
  e.u.index.count = 1;
  struct ir_var *v = simplify_emit(s, "row", stm->loc, e, ir_type_row(input->type));
  return simplify_subexp(s, ir_se_var(v)); /* what CSE made of it */
}

/* Binds the lambda's parameters from index `first` on to row j of the inputs. */
static void bind_rows(struct simplifier *s, struct ir_stm *stm, struct ir_lambda *l, int first,
                      int64_t j) {
  const struct ir_soac *so = &stm->exp.u.soac;
  for (int i = 0; i < so->input_count; i++) {
    simplify_bind(s, l->params[first + i], row_of(s, stm, so->inputs[i], j));
  }
  if (l->index != NULL) {
    simplify_bind(s, l->index, ir_se_i64(j));
  }
}

/* Binds pattern variable y to the array literal of elems. */
static void emit_literal(struct simplifier *s, struct ir_stm *stm, struct ir_var *y,
                         struct ir_subexp *elems, int64_t count) {
  struct ir_exp e = {.kind = IR_ARRAY_LIT};
  e.u.array_lit.elems = elems;
  e.u.array_lit.count = (int)count;
  e.u.array_lit.row = ir_type_row(y->type);
  simplify_emit_stm(s, stm->loc, e, &y, 1);
}

static void unroll_map(struct simplifier *s, struct ir_stm *stm, int64_t width) {
  struct ir_lambda *l = stm->exp.u.soac.map_fn;
  int n = l->ret_count;
  struct ir_subexp *row = ARENA_ARRAY(s->p->arena, struct ir_subexp, n + 1);
  struct ir_subexp **elems = ARENA_ARRAY(s->p->arena, struct ir_subexp *, n + 1);
  for (int r = 0; r < n; r++) {
    elems[r] = ARENA_ARRAY(s->p->arena, struct ir_subexp, width);
  }
  for (int64_t j = 0; j < width; j++) {
    bind_rows(s, stm, l, 0, j);
    emit_copy(s, l->body, row);
    for (int r = 0; r < n; r++) {
      elems[r][j] = row[r];
    }
  }
  for (int r = 0; r < n; r++) {
    emit_literal(s, stm, stm->pat[r], elems[r], width);
  }
}

/* reduce and scan: acc = op(acc, row j) from the neutral elements on. */
static void unroll_fold(struct simplifier *s, struct ir_stm *stm, int64_t width) {
  const struct ir_soac *so = &stm->exp.u.soac;
  int k = so->neutral_count;
  bool scan = so->kind == IR_SOAC_SCAN;
  struct ir_subexp *acc = ARENA_ARRAY(s->p->arena, struct ir_subexp, k + 1);
  struct ir_subexp **elems = ARENA_ARRAY(s->p->arena, struct ir_subexp *, k + 1);
  memcpy(acc, so->neutral, sizeof *acc * (size_t)k);
  for (int r = 0; r < k; r++) {
    elems[r] = ARENA_ARRAY(s->p->arena, struct ir_subexp, width);
  }
  for (int64_t j = 0; j < width; j++) {
    for (int r = 0; r < k; r++) {
      simplify_bind(s, so->op->params[r], acc[r]);
    }
    bind_rows(s, stm, so->op, k, j);
    emit_copy(s, so->op->body, acc);
    for (int r = 0; r < k; r++) {
      elems[r][j] = acc[r];
    }
  }
  for (int r = 0; r < k; r++) {
    if (scan) {
      emit_literal(s, stm, stm->pat[r], elems[r], width);
    } else {
      simplify_bind(s, stm->pat[r], acc[r]);
    }
  }
}

/* Whether every input's type states the outer size `width`. */
static bool inputs_of_width(const struct ir_soac *so, int64_t width) {
  for (int i = 0; i < so->input_count; i++) {
    int64_t n;
    if (!const_int_value(so->inputs[i]->type.dims[0], &n) || n != width) {
      return false;
    }
  }
  return true;
}

enum rewrite simplify_unroll_soac(struct simplifier *s, struct ir_stm *stm) {
  const struct ir_soac *so = &stm->exp.u.soac;
  int64_t width;
  bool map = so->kind == IR_SOAC_MAP;
  if ((!map && so->kind != IR_SOAC_REDUCE && so->kind != IR_SOAC_SCAN) ||
      !const_int_value(so->width, &width) || width < 1 || !inputs_of_width(so, width) ||
      !small_enough((map ? so->map_fn : so->op)->body, width)) {
    return REWRITE_KEEP;
  }
  if (map) {
    unroll_map(s, stm, width);
  } else {
    unroll_fold(s, stm, width);
  }
  return REWRITE_DROP;
}
