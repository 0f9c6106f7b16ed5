/* Dead code: statements, if and map results, map inputs and loop parameters that
 * nothing uses.
 *
 * One backward walk per function over use counts (ir_use_counts, which counts the
 * dimensions in variables' types as uses): a statement whose results are all unused
 * and which cannot fail (ir_stm_may_fail) goes, and the counts of what it used drop,
 * so chains die in one walk; a statement that stays first loses its unused results,
 * then its nested bodies are walked. Unused results of an if leave both branches; a
 * map's (or redomap's and scanomap's map-outs) leave its lambda; a map input whose
 * row the lambda ignores goes when its type shows it has the SOAC's width (so no
 * width check is lost). A loop parameter goes when its result is unused and nothing
 * live in the body needs it: liveness is marked from the other results, and a
 * parameter found live makes its own result a root, until nothing changes. A
 * statement or loop keeps at least one result when it stays for its failures.
 */
#include <stdlib.h>
#include <string.h>

#include "fusion/simplify_internal.h"
#include "support/heap.h"

/* Use counts and marks are kept by var id across functions and rounds; a count or
 * mark of another generation is 0 (nothing is cleared between functions). */
struct dce {
  struct ir_program *p;
  struct dce_state *st;
  int removed;
};

static int *count_slot(struct dce *d, const struct ir_var *v) {
  struct dce_state *st = d->st;
  if (st->count_gen[v->id] != st->gen) {
    st->count_gen[v->id] = st->gen;
    st->counts[v->id] = 0;
  }
  return &st->counts[v->id];
}

static void count(void *ctx, const struct ir_var *v) {
  (*count_slot(ctx, v))++;
}

static void uncount(void *ctx, const struct ir_var *v) {
  (*count_slot(ctx, v))--;
}

static void uncount_subexp(struct dce *d, struct ir_subexp se) {
  if (se.kind == IR_SE_VAR) {
    uncount(d, se.u.var);
  }
}

/* A bound variable that goes: the uses in its type go with it. */
static void uncount_binder(struct dce *d, const struct ir_var *v) {
  for (int i = 0; i < v->type.rank; i++) {
    uncount_subexp(d, v->type.dims[i]);
  }
}

static bool unused(struct dce *d, const struct ir_var *v) {
  return *count_slot(d, v) <= 0;
}

/* ---------------------------------------------------------------- Failing */

/* Whether the rows' types all state the literal's row shape, so that the check that
 * they agree cannot fail. */
static bool regular_literal(const struct ir_exp *e) {
  struct ir_type row = e->u.array_lit.row;
  for (int i = 0; i < e->u.array_lit.count; i++) {
    struct ir_type t = ir_subexp_type(e->u.array_lit.elems[i]);
    if (t.rank != row.rank) {
      return false;
    }
    for (int d = 0; d < t.rank; d++) {
      if (t.dims[d].kind == IR_SE_NONE || !ir_subexp_equal(t.dims[d], row.dims[d])) {
        return false;
      }
    }
  }
  return true;
}

static bool may_fail(const struct ir_stm *stm);

static bool body_may_fail(const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    if (may_fail(b->stms[i])) {
      return true;
    }
  }
  return false;
}

/* Whether every dimension of the type is stated. */
static bool known_shape(struct ir_type t) {
  for (int d = 0; d < t.rank; d++) {
    if (t.dims[d].kind == IR_SE_NONE) {
      return false;
    }
  }
  return true;
}

/* A map, reduce, scan, redomap or scanomap cannot fail when its lambdas cannot, its
 * inputs' types show its width (no width check fails) and its lambdas' results have
 * stated shapes (no irregular rows); reductions and scans only over scalars. */
static bool soac_may_fail(const struct ir_soac *so) {
  if (so->kind == IR_SOAC_SCATTER || so->kind == IR_SOAC_HIST || so->kind == IR_SOAC_FILTER ||
      so->width.kind == IR_SE_NONE) {
    return true;
  }
  for (int i = 0; i < so->input_count; i++) {
    if (!ir_subexp_equal(so->inputs[i]->type.dims[0], so->width)) {
      return true;
    }
  }
  for (int i = 0; i < so->neutral_count; i++) {
    if (ir_subexp_type(so->neutral[i]).rank != 0) {
      return true;
    }
  }
  const struct ir_lambda *ls[2] = {so->map_fn, so->op};
  for (int k = 0; k < 2; k++) {
    for (int i = 0; ls[k] != NULL && i < ls[k]->ret_count; i++) {
      if (!known_shape(ls[k]->ret[i])) {
        return true;
      }
    }
    if (ls[k] != NULL && body_may_fail(ls[k]->body)) {
      return true;
    }
  }
  return false;
}

/* ir_stm_may_fail, more precise about regular array literals, SOACs (above), and
 * nested bodies holding them. */
static bool may_fail(const struct ir_stm *stm) {
  const struct ir_exp *e = &stm->exp;
  switch (e->kind) {
  case IR_ARRAY_LIT:
    return !regular_literal(e) && ir_stm_may_fail(stm);
  case IR_SOAC:
    return soac_may_fail(&e->u.soac);
  case IR_IF:
    return body_may_fail(e->u.if_.then_body) || body_may_fail(e->u.if_.else_body);
  case IR_LOOP:
    return body_may_fail(e->u.loop.body);
  default:
    return ir_stm_may_fail(stm);
  }
}

static bool is_dead(struct dce *d, const struct ir_stm *stm) {
  for (int i = 0; i < stm->pat_count; i++) {
    if (!unused(d, stm->pat[i])) {
      return false;
    }
  }
  return !may_fail(stm);
}

/* Note [size checks of unused iotas]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * An iota that nothing reads any more (fusion made it the index of the SOACs that
 * took it, docs/fusion.md) still fails when its size is negative, so it cannot simply
 * go; but kept whole it would make its array, n i64s, for nothing: 16 GiB for the
 * 2^31 elements of `scan (+) 0 (map i8.i64 (iota n))`. It becomes its check alone,
 *
 *     let (c: bool) = n >= 0
 *     assert c "negative size in iota"
 *
 * at its location, which fails where the iota did (the message does not hold the
 * size, which an assertion cannot print), and makes nothing. An iota whose size is
 * known not to be negative is unsafe (simplify.c) and simply dead. */

/* An iota whose array is unused and stays only for its check. */
static bool check_only_iota(struct dce *d, const struct ir_stm *stm) {
  return stm->exp.kind == IR_IOTA && !stm->unsafe && stm->pat_count == 1 &&
         unused(d, stm->pat[0]);
}

/* Makes the iota stm, at index i of b, its size check (Note [size checks of unused
 * iotas]): stm becomes the assertion, and the comparison goes before it. */
static void iota_to_check(struct dce *d, struct ir_body *b, int i) {
  struct ir_stm *stm = b->stms[i];
  struct ir_subexp n = stm->exp.u.iota.n;
  uncount_binder(d, stm->pat[0]);
  struct ir_var *c = ir_var_new(d->p, intern("nonneg"), ir_type_scalar(PRIM_BOOL));
  struct ir_exp cmp = {.kind = IR_BINOP};
  cmp.u.binop.op = IR_BINOP_GE;
  cmp.u.binop.lhs = n;
  cmp.u.binop.rhs = ir_se_i64(0);
  /* Appended (growing the array), then moved to index i. */
  struct ir_stm *cs = ir_body_add(d->p, b, stm->loc, cmp, &c, 1);
  cs->trace = stm->trace;
  memmove(b->stms + i + 1, b->stms + i, sizeof *b->stms * (size_t)(b->stm_count - 1 - i));
  b->stms[i] = cs;
  stm->exp = (struct ir_exp){.kind = IR_ASSERT};
  stm->exp.u.assert_.cond = ir_se_var(c);
  stm->exp.u.assert_.message = "negative size in iota";
  stm->pat_count = 0;
  stm->pat = NULL;
  d->removed++;
}

/* ---------------------------------------------------------------- Results */

/* Removes pattern entry i of the statement and the matching entries of its arrays (the
 * caller uncounts what they used). */
static void remove_pat(struct ir_stm *stm, int i) {
  memmove(stm->pat + i, stm->pat + i + 1, sizeof *stm->pat * (size_t)(stm->pat_count - i - 1));
  stm->pat_count--;
}

static void remove_result(struct ir_body *b, int i) {
  memmove(b->results + i, b->results + i + 1,
          sizeof *b->results * (size_t)(b->result_count - i - 1));
  b->result_count--;
}

static void trim_if(struct dce *d, struct ir_stm *stm) {
  struct ir_body *t = stm->exp.u.if_.then_body, *f = stm->exp.u.if_.else_body;
  for (int i = stm->pat_count - 1; i >= 0; i--) {
    if (unused(d, stm->pat[i]) && stm->pat_count > 1) {
      uncount_subexp(d, t->results[i]);
      uncount_subexp(d, f->results[i]);
      uncount_binder(d, stm->pat[i]);
      remove_result(t, i);
      remove_result(f, i);
      remove_pat(stm, i);
      d->removed++;
    }
  }
}

static void remove_lambda_result(struct dce *d, struct ir_lambda *l, int i) {
  uncount_subexp(d, l->body->results[i]);
  for (int j = 0; j < l->ret[i].rank; j++) {
    uncount_subexp(d, l->ret[i].dims[j]);
  }
  memmove(l->ret + i, l->ret + i + 1, sizeof *l->ret * (size_t)(l->ret_count - i - 1));
  l->ret_count--;
  remove_result(l->body, i);
}

/* Whether input i has the SOAC's width by its type, so dropping it loses no check. */
static bool input_of_width(const struct ir_soac *so, int i) {
  return so->width.kind != IR_SE_NONE && ir_subexp_equal(so->inputs[i]->type.dims[0], so->width);
}

static void trim_map_inputs(struct dce *d, struct ir_soac *so) {
  struct ir_lambda *l = so->map_fn;
  if (l->index != NULL && unused(d, l->index)) {
    uncount_binder(d, l->index);
    l->index = NULL;
    d->removed++;
  }
  /* The last input stays unless the width is known without it. */
  int keep = so->width.kind == IR_SE_NONE ? 1 : 0;
  for (int i = so->input_count - 1; i >= 0 && so->input_count > keep; i--) {
    if (unused(d, l->params[i]) && input_of_width(so, i)) {
      uncount(d, so->inputs[i]);
      uncount_binder(d, l->params[i]);
      ir_soac_drop_input(so, i);
      d->removed++;
    }
  }
}

/* Unused map outputs of map, redomap and scanomap, and unused inputs of all of them. */
static void trim_soac(struct dce *d, struct ir_stm *stm) {
  struct ir_soac *so = &stm->exp.u.soac;
  int first;
  switch (so->kind) {
  case IR_SOAC_MAP:
    first = 0;
    break;
  case IR_SOAC_REDOMAP:
  case IR_SOAC_SCANOMAP:
    first = so->neutral_count;
    break;
  default:
    return;
  }
  for (int i = stm->pat_count - 1; i >= first; i--) {
    if (unused(d, stm->pat[i]) && stm->pat_count > 1) {
      uncount_binder(d, stm->pat[i]);
      remove_pat(stm, i);
      remove_lambda_result(d, so->map_fn, i);
      d->removed++;
    }
  }
  trim_map_inputs(d, so);
}

/* ---------------------------------------------------------- Loop parameters */

static void mark(void *ctx, const struct ir_var *v) {
  struct dce *d = ctx;
  d->st->marks[v->id] = d->st->mark;
}

static bool marked(const struct dce *d, const struct ir_var *v) {
  return d->st->marks[v->id] == d->st->mark;
}

static void mark_type(struct dce *d, const struct ir_var *v) {
  for (int i = 0; i < v->type.rank; i++) {
    if (v->type.dims[i].kind == IR_SE_VAR) {
      mark(d, v->type.dims[i].u.var);
    }
  }
}

/* Marks what the live results of the loop need; dead[i]: parameter i is not a root. */
static void mark_live(struct dce *d, const struct ir_stm *stm, const bool *dead) {
  const struct ir_loop *l = &stm->exp.u.loop;
  d->st->mark++;
  for (int i = 0; i < l->param_count; i++) {
    if (!dead[i]) {
      mark_type(d, l->params[i]);
      mark_type(d, stm->pat[i]);
      if (l->body->results[i].kind == IR_SE_VAR) {
        mark(d, l->body->results[i].u.var);
      }
    }
  }
  for (int i = l->body->stm_count - 1; i >= 0; i--) {
    const struct ir_stm *s = l->body->stms[i];
    bool live = s->pat_count == 0 || may_fail(s);
    for (int j = 0; j < s->pat_count && !live; j++) {
      live = marked(d, s->pat[j]);
    }
    if (live) {
      ir_visit_uses_stm(s, mark, d);
    }
  }
}

static void remove_param(struct dce *d, struct ir_stm *stm, int i) {
  struct ir_loop *l = &stm->exp.u.loop;
  uncount_subexp(d, l->inits[i]);
  uncount_subexp(d, l->body->results[i]);
  uncount_binder(d, l->params[i]);
  uncount_binder(d, stm->pat[i]);
  memmove(l->params + i, l->params + i + 1, sizeof *l->params * (size_t)(l->param_count - i - 1));
  memmove(l->inits + i, l->inits + i + 1, sizeof *l->inits * (size_t)(l->param_count - i - 1));
  l->param_count--;
  remove_result(l->body, i);
  remove_pat(stm, i);
  d->removed++;
}

static void trim_loop(struct dce *d, struct ir_stm *stm) {
  struct ir_loop *l = &stm->exp.u.loop;
  int n = l->param_count, dead_count = 0;
  bool *dead = heap_calloc((size_t)n + 1, sizeof *dead);
  if (dead == NULL) {
    diag_out_of_memory();
  }
  for (int i = 0; i < n; i++) {
    dead[i] = unused(d, stm->pat[i]) && l->params[i] != l->cond;
    dead_count += dead[i];
  }
  for (bool again = dead_count > 0; again;) {
    mark_live(d, stm, dead);
    again = false;
    for (int i = 0; i < n; i++) {
      if (dead[i] && marked(d, l->params[i])) {
        dead[i] = false;
        dead_count--;
        again = true;
      }
    }
  }
  for (int i = n - 1; i >= 0; i--) {
    if (dead[i] && (dead_count < n || i > 0)) {
      remove_param(d, stm, i);
    }
  }
  heap_free(dead);
}

/* ------------------------------------------------------------------ Bodies */

static void dce_body(struct dce *d, struct ir_body *b);

static void dce_nested(struct dce *d, struct ir_stm *stm) {
  diag_checkpoint(stm->loc);
  switch (stm->exp.kind) {
  case IR_IF:
    trim_if(d, stm);
    break;
  case IR_LOOP:
    trim_loop(d, stm);
    break;
  case IR_SOAC:
    trim_soac(d, stm);
    break;
  default:
    break;
  }
  struct ir_body *nested[IR_MAX_STM_BODIES];
  int n = ir_stm_bodies(stm, nested);
  for (int i = 0; i < n; i++) {
    dce_body(d, nested[i]);
  }
}

static void dce_body(struct dce *d, struct ir_body *b) {
  int kept = b->stm_count;
  for (int i = b->stm_count - 1; i >= 0; i--) {
    struct ir_stm *stm = b->stms[i];
    if (is_dead(d, stm)) {
      ir_visit_uses_stm(stm, uncount, d);
      b->stms[i] = NULL;
      kept--;
      d->removed++;
    } else if (check_only_iota(d, stm)) {
      iota_to_check(d, b, i);
      kept++;
    } else {
      dce_nested(d, stm);
    }
  }
  if (kept < b->stm_count) {
    int k = 0;
    for (int i = 0; i < b->stm_count; i++) {
      if (b->stms[i] != NULL) {
        b->stms[k++] = b->stms[i];
      }
    }
    b->stm_count = k;
  }
}

static void *grow_zeroed(void *array, int old, int cap) {
  int *fresh = heap_realloc(array, sizeof *fresh * (size_t)cap);
  if (fresh == NULL) {
    diag_out_of_memory();
  }
  memset(fresh + old, 0, sizeof *fresh * (size_t)(cap - old));
  return fresh;
}

static void prepare(struct dce_state *st, int var_count) {
  if (var_count > st->cap) {
    int cap = var_count * 2;
    st->counts = grow_zeroed(st->counts, st->cap, cap);
    st->count_gen = grow_zeroed(st->count_gen, st->cap, cap);
    st->marks = grow_zeroed(st->marks, st->cap, cap);
    st->cap = cap;
  }
  st->gen++;
}

int simplify_dead_code(struct dce_state *st, struct ir_program *p, struct ir_fun *f) {
  struct dce d = {.p = p, .st = st};
  prepare(st, p->next_var_id);
  for (int i = 0; i < f->ret_count; i++) {
    for (int j = 0; j < f->ret[i].rank; j++) {
      if (f->ret[i].dims[j].kind == IR_SE_VAR) {
        count(&d, f->ret[i].dims[j].u.var);
      }
    }
  }
  ir_visit_uses_body(f->body, count, &d);
  dce_body(&d, f->body);
  return d.removed;
}

void simplify_dead_code_free(struct dce_state *st) {
  heap_free(st->counts);
  heap_free(st->count_gen);
  heap_free(st->marks);
}
